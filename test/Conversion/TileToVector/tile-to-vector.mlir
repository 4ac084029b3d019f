// RUN: tile-opt %s -split-input-file -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// A contiguous, aligned block: one loop over 8-wide chunks in which both
// loads, the add and the store are fused; masked vector accesses, no gather.
// CHECK-LABEL: func.func @vadd_program(
// CHECK-SAME: %[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[PID:.*]]: i32
// CHECK: scf.for
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c8
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}} : vector<8xi32>
// CHECK: %[[A:.*]] = llvm.intr.masked.load %{{.*}}, %[[MASK]], %{{.*}} {alignment = 16 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// CHECK: %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[MASK]], %{{.*}} {alignment = 16 : i32}
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<8xf32>
// CHECK: llvm.intr.masked.store %[[S]], %{{.*}}, %[[MASK]] {alignment = 16 : i32} : vector<8xf32>, vector<8xi1> into !llvm.ptr
// CHECK-NOT: gather
tile.func @vadd(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %out: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %pid = tile.program_id x
  %c64 = arith.constant 64 : i32
  %start = arith.muli %pid, %c64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %s = tile.splat %start : tensor<64xi32>
  %offs = arith.addi %s, %r : tensor<64xi32>
  %ns = tile.splat %n : tensor<64xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %px = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %ax = tile.addptr %px, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %py = tile.splat %y : tensor<64x!tile.ptr<f32>>
  %ay = tile.addptr %py, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %po = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %ao = tile.addptr %po, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.load %ax, %m : tensor<64x!tile.ptr<f32>>
  %b = tile.load %ay, %m : tensor<64x!tile.ptr<f32>>
  %sum = arith.addf %a, %b : tensor<64xf32>
  tile.store %ao, %sum, %m : tensor<64x!tile.ptr<f32>>
  tile.return
}

// -----

// Scattered pointers (a stride of 2 elements) become a gather.
// CHECK-LABEL: func.func @strided_program
// CHECK: llvm.intr.masked.gather %{{.*}} {alignment = 4 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
tile.func @strided(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %c2 = arith.constant dense<2> : tensor<64xi32>
  %offs = arith.muli %r, %c2 : tensor<64xi32>
  %px = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %ax = tile.addptr %px, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %po = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.load %ax : tensor<64x!tile.ptr<f32>>
  tile.store %ao, %a : tensor<64x!tile.ptr<f32>>
  tile.return
}

// -----

// A sum keeps four 8-wide vector accumulators across the row (interleaved
// chunks, so that the adds do not wait for each other), adds them pairwise,
// then halves the result with a shuffle tree (8 -> 4 -> 2 -> 1).
// CHECK-LABEL: func.func @row_sum_program
// CHECK: %[[ACC:.*]]:4 = scf.for %{{.*}} = %c32 to %c256 step %{{.*}} iter_args(%[[V0:.*]] = %{{.*}}, %[[V1:.*]] = %{{.*}}, %[[V2:.*]] = %{{.*}}, %[[V3:.*]] = %{{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK:   arith.addf %[[V0]], %{{.*}} : vector<8xf32>
// CHECK:   arith.addf %[[V1]], %{{.*}} : vector<8xf32>
// CHECK:   arith.addf %[[V2]], %{{.*}} : vector<8xf32>
// CHECK:   arith.addf %[[V3]], %{{.*}} : vector<8xf32>
// CHECK: %[[P0:.*]] = arith.addf %[[ACC]]#0, %[[ACC]]#2 : vector<8xf32>
// CHECK: %[[P1:.*]] = arith.addf %[[ACC]]#1, %[[ACC]]#3 : vector<8xf32>
// CHECK: %[[ALL:.*]] = arith.addf %[[P0]], %[[P1]] : vector<8xf32>
// CHECK: vector.extract_strided_slice %[[ALL]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK: arith.addf %{{.*}} : vector<4xf32>
// CHECK: arith.addf %{{.*}} : vector<2xf32>
// CHECK: arith.addf %{{.*}} : vector<1xf32>
// CHECK: %[[TOTAL:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK: llvm.store %[[TOTAL]]
tile.func @row_sum(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %px = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %ax = tile.addptr %px, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %a = tile.load %ax : tensor<256x!tile.ptr<f32>>
  %s = tile.reduce(%a) axis = 0 : tensor<256xf32> -> f32 {
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tile.yield %t : f32
  }
  tile.store %out, %s : !tile.ptr<f32>
  tile.return
}


// -----

// Scalar loads and stores under a mask touch memory only when it is true.
// CHECK-LABEL: func.func @scalar_masked_program
// CHECK: %[[V:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:   %[[L:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:   scf.yield %[[L]] : f32
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : f32
// CHECK: scf.if %{{.*}} {
// CHECK:   llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
tile.func @scalar_masked(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>, %m: i1, %o: f32) {
  %x = tile.load %p, %m, %o : !tile.ptr<f32>
  tile.store %q, %x, %m : !tile.ptr<f32>
  tile.return
}
