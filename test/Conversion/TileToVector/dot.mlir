// RUN: tile-opt %s -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// i8 x i8 -> i32: A and B are widened to i32 in their stack buffers, then
// the same register-blocked micro-kernel as for floats runs with a vector
// multiply and add (i32 wraps as the op does) in place of the FMA: blocks of
// 4 rows x 2 vectors of C stay in registers across the K loop.
// CHECK-LABEL: func.func @dot_i8_program
// CHECK: %[[A:.*]] = arith.extsi %{{.*}} : vector<{{[0-9]+}}xi8> to vector<{{[0-9]+}}xi32>
// CHECK: llvm.store %[[A]]
// CHECK: %[[B:.*]] = arith.extsi %{{.*}} : vector<{{[0-9]+}}xi8> to vector<{{[0-9]+}}xi32>
// CHECK: llvm.store %[[B]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4{{.*}} step %c4
// CHECK: scf.for %{{.*}} = %{{.*}} to %c16{{.*}} step %c16
// CHECK: scf.for %{{.*}} = %{{.*}} to %c32{{.*}} step %c1{{.*}} iter_args({{.*}}) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
// CHECK: %[[BV:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<8xi32>
// CHECK: %[[AS:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: %[[AV:.*]] = vector.broadcast %[[AS]] : i32 to vector<8xi32>
// CHECK: %[[P:.*]] = arith.muli %[[AV]], %[[BV]] : vector<8xi32>
// CHECK: arith.addi %[[P]], %{{.*}} : vector<8xi32>
// CHECK-NOT: vector.fma
tile.func @dot_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %c: !tile.ptr<i32>) {
  %ra = tile.range 0 to 128 : tensor<128xi32>
  %pa = tile.splat %a : tensor<128x!tile.ptr<i8>>
  %pa1 = tile.addptr %pa, %ra : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  %x1 = tile.load %pa1 : tensor<128x!tile.ptr<i8>>
  %x = tile.reshape %x1 : tensor<128xi8> -> tensor<4x32xi8>
  %rb = tile.range 0 to 512 : tensor<512xi32>
  %pb = tile.splat %b : tensor<512x!tile.ptr<i8>>
  %pb1 = tile.addptr %pb, %rb : tensor<512x!tile.ptr<i8>>, tensor<512xi32>
  %y1 = tile.load %pb1 : tensor<512x!tile.ptr<i8>>
  %y = tile.reshape %y1 : tensor<512xi8> -> tensor<32x16xi8>
  %zero = arith.constant dense<0> : tensor<4x16xi32>
  %d = tile.dot %x, %y, %zero : tensor<4x32xi8>, tensor<32x16xi8> -> tensor<4x16xi32>
  %d1 = tile.reshape %d : tensor<4x16xi32> -> tensor<64xi32>
  %rc = tile.range 0 to 64 : tensor<64xi32>
  %pc = tile.splat %c : tensor<64x!tile.ptr<i32>>
  %pc1 = tile.addptr %pc, %rc : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  tile.store %pc1, %d1 : tensor<64x!tile.ptr<i32>>
  tile.return
}
