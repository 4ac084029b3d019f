// RUN: tile-opt %s -split-input-file -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// A reverse scan runs its ladder toward lane 0 and visits chunks from the
// last one, carrying lane 0.
// CHECK-LABEL: func.func @reverse_scan_program
// CHECK: vector.shuffle %{{.*}} [1, 2, 3, 4, 5, 6, 7, 7]
// CHECK: vector.shuffle %{{.*}} [2, 3, 4, 5, 6, 7, 6, 7]
// CHECK: vector.shuffle %{{.*}} [4, 5, 6, 7, 4, 5, 6, 7]
// CHECK: %[[FIRST:.*]] = vector.extract %{{.*}}[0] : f32 from vector<8xf32>
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %[[FIRST]])
// CHECK: arith.subi %c8{{.*}}, %[[I]] : index

tile.func @reverse_scan(%a: !tile.ptr<f32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %pa = tile.splat %a : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %pa, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %c = tile.scan(%v) axis = 0 reverse : tensor<16xf32> -> tensor<16xf32> {
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tile.yield %t : f32
  }
  tile.store %p, %c : tensor<16x!tile.ptr<f32>>
  tile.return
}

// -----

// Along the rows: the tile is copied to the result buffer, then a
// Hillis-Steele pass per power of two (1, 2, 4 for 8 rows), each row
// combining the row `step` before it, rows visited from the last.
// CHECK-LABEL: func.func @scan_rows_program
// CHECK: %[[OUT:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %c7 step
// CHECK: %[[ROW:.*]] = arith.subi %c7{{.*}}, %[[I]] : index
// CHECK: %[[FROM:.*]] = arith.subi %[[ROW]], %c1{{.*}} : index
// CHECK: scf.for %[[COL:.*]] =
// CHECK: %[[X:.*]] = llvm.load
// CHECK: %[[ACC:.*]] = llvm.load
// CHECK: %[[SUM:.*]] = arith.addi %[[ACC]], %[[X]] : vector<8xi32>
// CHECK: llvm.store %[[SUM]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %c6 step
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4 step
tile.func @scan_rows(%a: !tile.ptr<i32>) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %pa = tile.splat %a : tensor<64x!tile.ptr<i32>>
  %p = tile.addptr %pa, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %v = tile.load %p : tensor<64x!tile.ptr<i32>>
  %v2 = tile.reshape %v : tensor<64xi32> -> tensor<8x8xi32>
  %c = tile.scan(%v2) axis = 0 : tensor<8x8xi32> -> tensor<8x8xi32> {
  ^bb0(%l: i32, %rr: i32):
    %t = arith.addi %l, %rr : i32
    tile.yield %t : i32
  }
  %c1 = tile.reshape %c : tensor<8x8xi32> -> tensor<64xi32>
  tile.store %p, %c1 : tensor<64x!tile.ptr<i32>>
  tile.return
}
