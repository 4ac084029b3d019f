// RUN: tile-opt %s --tile-cpu-approximate-math | FileCheck %s --enable-var-scope

// tile-cpu-approximate-math replaces f32 tanh and erf by the target's own
// vector code (the accuracy is test/E2E/math-ulp.test's), extends f16 and
// bf16 to f32 around it, and leaves f64 to libm.

// CHECK-LABEL: func.func @tanh_f32
// CHECK-DAG: arith.constant dense<6.250000e-01> : vector<8xf32>
// CHECK-DAG: arith.constant dense<-0.333332807> : vector<8xf32>
// CHECK: math.absf
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf uno
// CHECK-NOT: math.tanh
// CHECK: return
func.func @tanh_f32(%x: vector<8xf32>) -> vector<8xf32> {
  %y = math.tanh %x : vector<8xf32>
  return %y : vector<8xf32>
}

// CHECK-LABEL: func.func @erf_f32
// CHECK-DAG: arith.constant 3.920000e+00 : f32
// CHECK-DAG: arith.constant 0.128379166 : f32
// CHECK: math.absf
// CHECK: math.copysign
// CHECK: arith.cmpf uno
// CHECK-NOT: math.erf
// CHECK: return
func.func @erf_f32(%x: f32) -> f32 {
  %y = math.erf %x : f32
  return %y : f32
}

// CHECK-LABEL: func.func @narrow
// CHECK: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK-NOT: math.tanh
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
// CHECK: arith.extf %{{.*}} : vector<4xbf16> to vector<4xf32>
// CHECK-NOT: math.erf
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xbf16>
func.func @narrow(%x: vector<4xf16>, %y: vector<4xbf16>) -> (vector<4xf16>, vector<4xbf16>) {
  %a = math.tanh %x : vector<4xf16>
  %b = math.erf %y : vector<4xbf16>
  return %a, %b : vector<4xf16>, vector<4xbf16>
}

// CHECK-LABEL: func.func @f64
// CHECK: math.tanh %{{.*}} : vector<2xf64>
// CHECK: math.erf %{{.*}} : f64
func.func @f64(%x: vector<2xf64>, %y: f64) -> (vector<2xf64>, f64) {
  %a = math.tanh %x : vector<2xf64>
  %b = math.erf %y : f64
  return %a, %b : vector<2xf64>, f64
}
