// RUN: tile-opt %s -split-input-file -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// join writes each pair of chunks interleaved (one shuffle, one store) into
// a buffer that split then reads back whole: a load of both halves and a
// shuffle keeping every other lane. No gather.
// CHECK-LABEL: func.func @join_split_program
// CHECK: %[[PAIR:.*]] = vector.shuffle %[[X:.*]], %[[X]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf32>, vector<8xf32>
// CHECK: llvm.store %[[PAIR]], %{{.*}} : vector<16xf32>, !llvm.ptr
// CHECK: %[[L:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK: vector.shuffle %[[L]], %[[L]] [0, 2, 4, 6, 8, 10, 12, 14]
// CHECK: %[[R:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK: vector.shuffle %[[R]], %[[R]] [1, 3, 5, 7, 9, 11, 13, 15]
// CHECK-NOT: gather

tile.func @join_split(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 32 : tensor<32xi32>
  %px = tile.splat %x : tensor<32x!tile.ptr<f32>>
  %ax = tile.addptr %px, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  %v = tile.load %ax : tensor<32x!tile.ptr<f32>>
  %j = tile.join %v, %v : tensor<32xf32> -> tensor<32x2xf32>
  %a, %b = tile.split %j : tensor<32x2xf32> -> tensor<32xf32>
  %s = arith.addf %a, %b : tensor<32xf32>
  %po = tile.splat %out : tensor<32x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  tile.store %ao, %s : tensor<32x!tile.ptr<f32>>
  tile.return
}

// -----

// A transpose of rank 3 reads its source's buffer with a stride: [2, 0, 1]
// of 2x4x8 makes source dimension 1 (stride 8) the last.
// CHECK-LABEL: func.func @trans3_program
// CHECK: scf.for %{{.*}} = %{{.*}} to %c16
// CHECK: %[[IDX:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<4xi64>
// CHECK: %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%[[IDX]]] : (vector<4x!llvm.ptr>, vector<4xi64>) -> vector<4x!llvm.ptr>, i32
// CHECK: llvm.intr.masked.gather %[[PTRS]]

tile.func @trans3(%x: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %px = tile.splat %x : tensor<64x!tile.ptr<i32>>
  %ax = tile.addptr %px, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %v = tile.load %ax : tensor<64x!tile.ptr<i32>>
  %d = tile.reshape %v : tensor<64xi32> -> tensor<2x4x8xi32>
  %e = tile.trans %d, [2, 0, 1] : tensor<2x4x8xi32> -> tensor<8x2x4xi32>
  %f = tile.reshape %e : tensor<8x2x4xi32> -> tensor<64xi32>
  %po = tile.splat %out : tensor<64x!tile.ptr<i32>>
  %ao = tile.addptr %po, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  tile.store %ao, %f : tensor<64x!tile.ptr<i32>>
  tile.return
}

// -----

// gather reads the source's buffer at the picked indices; lanes whose index
// is out of range are masked off and read nothing.
// CHECK-LABEL: func.func @gather_program
// CHECK: %[[I:.*]] = arith.extsi %{{.*}} : vector<8xi32> to vector<8xi64>
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[I]]
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[I]]
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : vector<8xi1>
// CHECK: llvm.intr.masked.gather %{{.*}}, %[[IN]], %{{.*}} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xf32>) -> vector<8xf32>

tile.func @gather(%x: !tile.ptr<f32>, %i: !tile.ptr<i32>, %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 32 : tensor<32xi32>
  %px = tile.splat %x : tensor<32x!tile.ptr<f32>>
  %ax = tile.addptr %px, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  %v = tile.load %ax : tensor<32x!tile.ptr<f32>>
  %pi = tile.splat %i : tensor<32x!tile.ptr<i32>>
  %ai = tile.addptr %pi, %r : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  %idx = tile.load %ai : tensor<32x!tile.ptr<i32>>
  %g = tile.gather %v[%idx], 0 : tensor<32xf32>, tensor<32xi32> -> tensor<32xf32>
  %po = tile.splat %out : tensor<32x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  tile.store %ao, %g : tensor<32x!tile.ptr<f32>>
  tile.return
}

// -----

// histogram zeroes bins + 1 counters; values outside [0, bins), compared
// unsigned, count in the last one, so that each lane adds without a branch.
// CHECK-LABEL: func.func @histogram_program
// CHECK: %[[COUNTS:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: "llvm.intr.memset"(%[[COUNTS]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[V:.*]], %[[BINS:.*]] : vector<8xi32>
// CHECK: %[[SLOT:.*]] = arith.select %[[IN]], %[[V]], %[[BINS]]
// CHECK: vector.extract %[[SLOT]][7]
// CHECK: arith.addi %{{.*}}, %c1_i32 : i32

tile.func @histogram(%x: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r = tile.range 0 to 32 : tensor<32xi32>
  %px = tile.splat %x : tensor<32x!tile.ptr<i32>>
  %ax = tile.addptr %px, %r : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  %v = tile.load %ax : tensor<32x!tile.ptr<i32>>
  %h = tile.histogram %v : tensor<32xi32> -> tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %po = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %ao = tile.addptr %po, %r8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %ao, %h : tensor<8x!tile.ptr<i32>>
  tile.return
}

// -----

// A non-uniform constant is a global array, read as a buffer.
// CHECK: llvm.mlir.global internal constant @table_program_const_0(dense<[3, 1, 4, 1, 5, 9, 2, 6]> : tensor<8xi32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<8 x i32>
// CHECK-LABEL: func.func @table_program
// CHECK: %[[TABLE:.*]] = llvm.mlir.addressof @table_program_const_0 : !llvm.ptr
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[TABLE]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: llvm.load %[[AT]] {alignment = 4 : i64} : !llvm.ptr -> vector<8xi32>
tile.func @table(%out: !tile.ptr<i32>) {
  %r = tile.range 0 to 8 : tensor<8xi32>
  %c = arith.constant dense<[3, 1, 4, 1, 5, 9, 2, 6]> : tensor<8xi32>
  %po = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %ao = tile.addptr %po, %r : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %ao, %c : tensor<8x!tile.ptr<i32>>
  tile.return
}
