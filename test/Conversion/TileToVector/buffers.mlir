// RUN: tile-opt %s -split-input-file -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// scf.if yielding tiles: each branch writes them, as it ends, to buffers
// that the consumers read. An i1 tile is held as bytes: it is written in
// chunks of 16 lanes (its own width) and read back in chunks of 8 (the
// store's), which packed bits could not do.
// CHECK-LABEL: func.func @if_tiles_program
// CHECK-DAG: %[[MASKS:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 64 : i64}
// CHECK-DAG: %[[VALUES:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 64 : i64}
// CHECK: scf.if
// CHECK: llvm.getelementptr %[[VALUES]]
// CHECK: %[[LT:.*]] = arith.cmpi slt, %{{.*}} : vector<16xi32>
// CHECK: %[[BYTES:.*]] = arith.extui %[[LT]] : vector<16xi1> to vector<16xi8>
// CHECK: llvm.store %[[BYTES]], %{{.*}} : vector<16xi8>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.getelementptr %[[VALUES]]
// CHECK: llvm.getelementptr %[[MASKS]]
// CHECK: }
// CHECK: %[[HELD:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<8xi8>
// CHECK: %[[MASK:.*]] = arith.cmpi ne, %[[HELD]], %{{.*}} : vector<8xi8>
// CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %[[MASK]]

tile.func @if_tiles(%n: i32, %out: !tile.ptr<i32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %c0 = arith.constant 0 : i32
  %positive = arith.cmpi sgt, %n, %c0 : i32
  %y, %m = scf.if %positive -> (tensor<16xi32>, tensor<16xi1>) {
    %ns = tile.splat %n : tensor<16xi32>
    %sum = arith.addi %r, %ns : tensor<16xi32>
    %lt = arith.cmpi slt, %r, %ns : tensor<16xi32>
    scf.yield %sum, %lt : tensor<16xi32>, tensor<16xi1>
  } else {
    %all = arith.constant dense<true> : tensor<16xi1>
    scf.yield %r, %all : tensor<16xi32>, tensor<16xi1>
  }
  %po = tile.splat %out : tensor<16x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %r : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  tile.store %po1, %y, %m : tensor<16x!tile.ptr<i32>>
  tile.return
}

// -----

// A pointer tile the loop advances by the same count in every lane is
// carried as one i64 (elements from its start), not as a buffer of
// pointers rewritten every iteration; its chunks are the start's, moved.
// CHECK-LABEL: func.func @advanced_pointers_program
// CHECK-NOT: llvm.alloca
// CHECK: scf.for {{.*}} iter_args(%[[OFF:.*]] = %{{.*}}) -> (i64)
// CHECK: llvm.getelementptr %{{.*}}[%[[OFF]]] : (vector<8x!llvm.ptr>, i64) -> vector<8x!llvm.ptr>, f32
// CHECK: %[[NEXT:.*]] = arith.addi %[[OFF]], %{{.*}} : i64
// CHECK: scf.yield %[[NEXT]] : i64
tile.func @advanced_pointers(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32, %step: i32) {
  %c0 = arith.constant 0 : i32
  %r = tile.range 0 to 8 : tensor<8xi32>
  %xb = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %yb = tile.splat %y : tensor<8x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %r : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %s = tile.splat %step : tensor<8xi32>
  %end = scf.for %i = %c0 to %n step %step iter_args(%p = %xp) -> (tensor<8x!tile.ptr<f32>>) : i32 {
    %v = tile.load %p : tensor<8x!tile.ptr<f32>>
    tile.store %yp, %v : tensor<8x!tile.ptr<f32>>
    %next = tile.addptr %p, %s : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
    scf.yield %next : tensor<8x!tile.ptr<f32>>
  }
  tile.return
}
