// RUN: tile-opt %s -split-input-file -convert-tile-to-vector=vector-bytes=32 | FileCheck %s --enable-var-scope

// A mask computed from a range and a scalar is checked once for being true
// in every lane; the store loop is emitted twice, with plain loads and
// stores when it is, with masked ones otherwise. `offsets < n` is checked on
// its first and last lanes.
// CHECK-LABEL: func.func @masked_copy_program
// CHECK: %[[ORDERED:.*]] = arith.cmpi sle, %[[FIRST:.*]], %[[LAST:.*]] : i32
// CHECK: %[[F:.*]] = arith.cmpi slt, %[[FIRST]], %arg2 : i32
// CHECK: %[[L:.*]] = arith.cmpi slt, %[[LAST]], %arg2 : i32
// CHECK: %[[BOTH:.*]] = arith.andi %[[F]], %[[L]] : i1
// CHECK: %[[TRUE:.*]] = arith.andi %[[ORDERED]], %[[BOTH]] : i1
// CHECK: scf.if %[[TRUE]] {
// CHECK-NOT: llvm.intr.masked
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK-NOT: llvm.intr.masked
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<8xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.intr.masked.load
// CHECK: llvm.intr.masked.store
tile.func @masked_copy(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ns = tile.splat %n : tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %px = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %ax = tile.addptr %px, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.load %ax, %m : tensor<64x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %ao, %a, %m : tensor<64x!tile.ptr<f32>>
  tile.return
}

// -----

// A 2-D mask made of two bound masks by broadcasts and `and` (a matmul's
// rows < M and columns < K) is checked from its parts' first and last
// lanes: scalar compares only, no loop over the tile's lanes.
// CHECK-LABEL: func.func @block_mask_program
// CHECK-COUNT-2: arith.cmpi sle, %{{.*}}, %{{.*}} : i32
// CHECK-NOT: vector.reduction <and>
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NOT: vector.reduction <and>
// CHECK: scf.if %{{.*}} {
// CHECK-NOT: llvm.intr.masked
// CHECK: } else {
// CHECK: llvm.intr.masked.load
tile.func @block_mask(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %m: i32, %k: i32) {
  %r16 = tile.range 0 to 16 : tensor<16xi32>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ms = tile.splat %m : tensor<16xi32>
  %row_ok = arith.cmpi slt, %r16, %ms : tensor<16xi32>
  %ks = tile.splat %k : tensor<32xi32>
  %col_ok = arith.cmpi slt, %r32, %ks : tensor<32xi32>
  %row_e = tile.expand_dims %row_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
  %row_b = tile.broadcast %row_e : tensor<16x1xi1> -> tensor<16x32xi1>
  %col_e = tile.expand_dims %col_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
  %col_b = tile.broadcast %col_e : tensor<1x32xi1> -> tensor<16x32xi1>
  %mask = arith.andi %row_b, %col_b : tensor<16x32xi1>
  %c32 = arith.constant dense<32> : tensor<16xi32>
  %rows = arith.muli %r16, %c32 : tensor<16xi32>
  %rows_e = tile.expand_dims %rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %rows_b = tile.broadcast %rows_e : tensor<16x1xi32> -> tensor<16x32xi32>
  %cols_e = tile.expand_dims %r32, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %cols_b = tile.broadcast %cols_e : tensor<1x32xi32> -> tensor<16x32xi32>
  %offs = arith.addi %rows_b, %cols_b : tensor<16x32xi32>
  %px = tile.splat %x : tensor<16x32x!tile.ptr<f32>>
  %ax = tile.addptr %px, %offs : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %a = tile.load %ax, %mask : tensor<16x32x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<16x32x!tile.ptr<f32>>
  %ao = tile.addptr %po, %offs : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  tile.store %ao, %a, %mask : tensor<16x32x!tile.ptr<f32>>
  tile.return
}

// -----

// A mask read from memory is not checked: one masked loop.
// CHECK-LABEL: func.func @loaded_mask_program
// CHECK-NOT: vector.reduction <and>
// CHECK-NOT: scf.if
// CHECK: llvm.intr.masked.store
tile.func @loaded_mask(%x: !tile.ptr<f32>, %flags: !tile.ptr<i8>, %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %pf = tile.splat %flags : tensor<64x!tile.ptr<i8>>
  %af = tile.addptr %pf, %r : tensor<64x!tile.ptr<i8>>, tensor<64xi32>
  %f = tile.load %af : tensor<64x!tile.ptr<i8>>
  %zero = arith.constant dense<0> : tensor<64xi8>
  %m = arith.cmpi ne, %f, %zero : tensor<64xi8>
  %px = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %ax = tile.addptr %px, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.load %ax : tensor<64x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %ao, %a, %m : tensor<64x!tile.ptr<f32>>
  tile.return
}

// -----

// Division by a scalar: a reciprocal (of the divisor scaled by a power of
// two outside [2^-126, 2^126]) and two multiplies per chunk, no vector
// division.
// CHECK-LABEL: func.func @scale_program
// CHECK: %[[ABS:.*]] = math.absf %[[S:.*]] : f32
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: %[[SCALE:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: %[[SCALED:.*]] = arith.mulf %[[S]], %[[SCALE]] : f32
// CHECK: %[[RCP:.*]] = arith.divf %{{.*}}, %[[SCALED]] : f32
// CHECK: %[[X:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: arith.mulf %[[X]], %{{.*}} : vector<8xf32>
// CHECK-NOT: arith.divf %{{.*}} : vector<8xf32>
tile.func @scale(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %s: f32) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %px = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %ax = tile.addptr %px, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.load %ax : tensor<64x!tile.ptr<f32>>
  %ss = tile.splat %s : tensor<64xf32>
  %q = arith.divf %a, %ss : tensor<64xf32>
  %po = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %ao, %q : tensor<64x!tile.ptr<f32>>
  tile.return
}

// -----

// Masks of other forms are checked lane by lane, once.
// CHECK-LABEL: func.func @above_program
// CHECK: %[[ALL:.*]] = scf.for
// CHECK: %[[TRUE:.*]] = vector.reduction <and>, %[[ALL]] : vector<{{[0-9]+}}xi1> into i1
// CHECK: scf.if %[[TRUE]] {
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<8xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.intr.masked.store
tile.func @above(%out: !tile.ptr<f32>, %n: i32) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ns = tile.splat %n : tensor<64xi32>
  %m = arith.cmpi sgt, %r, %ns : tensor<64xi32>
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %po = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %ao = tile.addptr %po, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %ao, %one, %m : tensor<64x!tile.ptr<f32>>
  tile.return
}
