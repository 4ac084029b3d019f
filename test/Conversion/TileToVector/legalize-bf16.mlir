// RUN: tile-opt %s -tile-cpu-legalize-bf16 | FileCheck %s --enable-var-scope

// bf16 arithmetic in f32, rounded back with integer code (ties to even: add
// 0x7FFF and the last kept bit; NaN keeps its top bits and gets the quiet
// bit); negf on the sign bit. bf16 values are left as their i16 bits.
// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[A:.*]]: vector<8xi16>, %[[B:.*]]: vector<8xi16>) -> (vector<8xi16>, vector<8xi16>)
// CHECK-DAG: %[[SIGN:.*]] = arith.constant dense<-32768> : vector<8xi16>
// CHECK-DAG: %[[QUIET:.*]] = arith.constant dense<64> : vector<8xi32>
// CHECK-DAG: %[[BIAS:.*]] = arith.constant dense<32767> : vector<8xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<8xi32>
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant dense<16> : vector<8xi32>
// CHECK: %[[A32:.*]] = arith.extui %[[A]] : vector<8xi16> to vector<8xi32>
// CHECK: %[[AI:.*]] = arith.shli %[[A32]], %[[SIXTEEN]] : vector<8xi32>
// CHECK: %[[AF:.*]] = arith.bitcast %[[AI]] : vector<8xi32> to vector<8xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[AF]], %{{.*}} : vector<8xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[SUM]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[HIGH:.*]] = arith.shrui %[[BITS]], %[[SIXTEEN]]
// CHECK: %[[LSB:.*]] = arith.andi %[[HIGH]], %[[ONE]]
// CHECK: %[[ROUND:.*]] = arith.addi %[[LSB]], %[[BIAS]]
// CHECK: %[[BIASED:.*]] = arith.addi %[[BITS]], %[[ROUND]]
// CHECK: %[[KEPT:.*]] = arith.shrui %[[BIASED]], %[[SIXTEEN]]
// CHECK: %[[QNAN:.*]] = arith.ori %[[HIGH]], %[[QUIET]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[SUM]], %[[SUM]]
// CHECK: %[[PICK:.*]] = arith.select %[[NAN]], %[[QNAN]], %[[KEPT]]
// CHECK: %[[S:.*]] = arith.trunci %[[PICK]] : vector<8xi32> to vector<8xi16>
// CHECK: %[[N:.*]] = arith.xori %[[A]], %[[SIGN]] : vector<8xi16>
// CHECK: return %[[S]], %[[N]]
func.func @ops(%a: vector<8xbf16>, %b: vector<8xbf16>) -> (vector<8xbf16>, vector<8xbf16>) {
  %s = arith.addf %a, %b : vector<8xbf16>
  %n = arith.negf %a : vector<8xbf16>
  return %s, %n : vector<8xbf16>, vector<8xbf16>
}

// f64 to bf16 goes through f32 rounded to odd (truncate, then set the last
// bit when inexact), so that it rounds once.
// CHECK-LABEL: func.func @from_f64
// CHECK-SAME: -> i16
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.cmpf one
// CHECK: arith.ori
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK-NOT: bf16
func.func @from_f64(%x: f64) -> bf16 {
  %t = arith.truncf %x : f64 to bf16
  return %t : bf16
}
