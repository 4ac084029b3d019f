// RUN: tile-opt %s --tile-cpu-math | FileCheck %s --enable-var-scope

// tile-cpu-math replaces f32 tanh and erf by the target's own
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

// f64 tanh stays for LLVM's intrinsic; f64 erf has none: libm.
// CHECK-LABEL: func.func @f64
// CHECK: math.tanh %{{.*}} : vector<2xf64>
// CHECK: call @erf(%{{.*}}) : (f64) -> f64
func.func @f64(%x: vector<2xf64>, %y: f64) -> (vector<2xf64>, f64) {
  %a = math.tanh %x : vector<2xf64>
  %b = math.erf %y : f64
  return %a, %b : vector<2xf64>, f64
}

// atan, atan2 and cbrt go to libm, element by element (MLIR's approximations
// were 30 to 39 ulp off), as do f64 log1p and expm1.
// CHECK-LABEL: func.func @libm
// CHECK-COUNT-2: call @atanf(%{{.*}}) : (f32) -> f32
// CHECK: call @atan2f
// CHECK: call @cbrtf
// CHECK: call @log1p(%{{.*}}) : (f64) -> f64
// CHECK: call @expm1(%{{.*}}) : (f64) -> f64
func.func @libm(%x: vector<2xf32>, %y: f32, %z: f64) -> (vector<2xf32>, f32, f32, f64, f64) {
  %a = math.atan %x : vector<2xf32>
  %b = math.atan2 %y, %y : f32
  %c = math.cbrt %y : f32
  %d = math.log1p %z : f64
  %e = math.expm1 %z : f64
  return %a, %b, %c, %d, %e : vector<2xf32>, f32, f32, f64, f64
}

// A subnormal input of log is scaled by 2^24 first (MLIR's approximation
// takes it for 2^-126), and 24 ln 2 taken off again.
// CHECK-LABEL: func.func @log_subnormal
// CHECK: %[[TINY:.*]] = arith.cmpf olt, %{{.*}}, %cst{{.*}} : f32
// CHECK: arith.select %[[TINY]]
// CHECK: arith.subf {{.*}}, %cst{{.*}} : f32
func.func @log_subnormal(%x: f32) -> f32 {
  %y = math.log %x : f32
  return %y : f32
}

// Just below overflow exp is exp(x - 8) * e^8, e^8 as two floats and one fma.
// CHECK-LABEL: func.func @exp_near_overflow
// CHECK: arith.cmpf ogt
// CHECK: math.fma
func.func @exp_near_overflow(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

// rsqrt on f16 is 1 / sqrt in f32, rounded once to f16.
// CHECK-LABEL: func.func @rsqrt_f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.sqrt %{{.*}} : f32
// CHECK: arith.divf %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @rsqrt_f16(%x: f16) -> f16 {
  %y = math.rsqrt %x : f16
  return %y : f16
}
