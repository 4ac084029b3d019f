// RUN: tile-opt %s -split-input-file -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// An i1 tile is bytes in memory: loaded as i8 and compared with zero, stored
// as 0 and 1.
// CHECK-LABEL: func.func @bools_program
// CHECK: %[[BYTES:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xi8>
// CHECK: %[[V:.*]] = arith.cmpi ne, %[[BYTES]], %{{.*}} : vector<16xi8>
// CHECK: %[[W:.*]] = arith.xori %[[V]], %{{.*}} : vector<16xi1>
// CHECK: %[[OUT:.*]] = arith.extui %[[W]] : vector<16xi1> to vector<16xi8>
// CHECK: llvm.store %[[OUT]], %{{.*}} : vector<16xi8>, !llvm.ptr
tile.func @bools(%a: !tile.ptr<i1>, %b: !tile.ptr<i1>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %pa = tile.splat %a : tensor<16x!tile.ptr<i1>>
  %p = tile.addptr %pa, %r : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  %pb = tile.splat %b : tensor<16x!tile.ptr<i1>>
  %q = tile.addptr %pb, %r : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<i1>>
  %t = arith.constant dense<true> : tensor<16xi1>
  %w = arith.xori %v, %t : tensor<16xi1>
  tile.store %q, %w : tensor<16x!tile.ptr<i1>>
  tile.return
}

// -----

// A constant tile of different elements is a global its chunks load;
// compare-and-swap is one cmpxchg per lane on the bits; float max by
// totalOrder is an unsigned min against a negative value, a signed max
// otherwise.
// CHECK: llvm.mlir.global internal constant @atomics_program_const_0(dense<[1.000000e+00, 0.000000e+00, -0.000000e+00, 2.000000e+00]> : tensor<4xf32>)
// CHECK-LABEL: func.func @atomics_program
// CHECK: %[[CONST:.*]] = llvm.mlir.addressof @atomics_program_const_0
// CHECK: %[[CMPS:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK: %[[CMP:.*]] = vector.extract %[[CMPS]][0]
// CHECK: %[[BITS:.*]] = arith.bitcast %[[CMP]] : f32 to i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %[[BITS]], %{{.*}} acq_rel acquire : !llvm.ptr, i32
// CHECK: llvm.extractvalue %[[PAIR]][0]
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: scf.if %[[NEG]] -> (i32) {
// CHECK: llvm.atomicrmw umin
// CHECK: } else {
// CHECK: llvm.atomicrmw max
tile.func @atomics(%p: !tile.ptr<f32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %pa = tile.splat %p : tensor<4x!tile.ptr<f32>>
  %q = tile.addptr %pa, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %cmp = arith.constant dense<[1.0, 0.0, -0.0, 2.0]> : tensor<4xf32>
  %new = arith.constant dense<5.0> : tensor<4xf32>
  %old = tile.atomic_cas acq_rel, gpu %q, %cmp, %new : tensor<4x!tile.ptr<f32>>
  %m = tile.atomic_rmw max, relaxed, gpu %q, %old : tensor<4x!tile.ptr<f32>>
  tile.return
}

// -----

// Arithmetic on f8 values (i8 bits): decoded to f32, computed, encoded.
// CHECK-LABEL: func.func @f8_program
// CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<32xi8>
// CHECK: arith.extui %[[X]] : vector<32xi8> to vector<32xi32>
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: math.absf %[[SUM]] : vector<32xf32>
// CHECK: %[[OUT:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<32xi1>, vector<32xi8>
// CHECK: llvm.store %[[OUT]], %{{.*}} : vector<32xi8>, !llvm.ptr
// CHECK-NOT: f8E4M3FN
tile.func @f8(%a: !tile.ptr<f8E4M3FN>) {
  %r = tile.range 0 to 32 : tensor<32xi32>
  %pa = tile.splat %a : tensor<32x!tile.ptr<f8E4M3FN>>
  %p = tile.addptr %pa, %r : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  %v = tile.load %p : tensor<32x!tile.ptr<f8E4M3FN>>
  %w = arith.addf %v, %v : tensor<32xf8E4M3FN>
  tile.store %p, %w : tensor<32x!tile.ptr<f8E4M3FN>>
  tile.return
}

// -----

// Format strings are named after their program: two kernels of one module
// may both print.
// CHECK-DAG: llvm.mlir.global internal constant @first_program_str_0
// CHECK-DAG: llvm.mlir.global internal constant @second_program_str_0
tile.func @first(%x: i32) {
  tile.print "x: " (%x : i32)
  tile.return
}
tile.func @second(%x: i32) {
  tile.print "x: " (%x : i32)
  tile.return
}
