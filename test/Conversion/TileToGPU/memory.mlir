// Loads and stores: blocked layouts with 16-byte vectors per thread, whole
// vectors when the mask is uniform over them, element by element at edges.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 128, 1, 1>}
// 1024 f32 over 128 threads: two groups of four consecutive elements each.
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// No move through shared memory, and (dst being noalias) no barrier ordering
// the loads before the stores (memory-order.mlir).
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
tile.func @copy(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias}) {
  %pid = tile.program_id x
  %c1024 = arith.constant 1024 : i32
  %base = arith.muli %pid, %c1024 : i32
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %b = tile.splat %base : tensor<1024xi32>
  %offs = arith.addi %b, %r : tensor<1024xi32>
  %s0 = tile.splat %src : tensor<1024x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %sp : tensor<1024x!tile.ptr<f32>>
  %d0 = tile.splat %dst : tensor<1024x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %dp, %x : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// A mask that may change inside a vector: the whole vector when all four
// lanes are in, one element at a time otherwise. The row start is not known
// to be aligned, so alignment is checked at run time too.
// CHECK-LABEL: gpu.func @masked_row
// CHECK: llvm.ptrtoint
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// The store likewise; its elements at an edge are predicated stores (no
// branch each).
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NEXT: } else {
// CHECK-NOT: scf.if
// CHECK-COUNT-4: @p st.global.b32 [$1], $2;{{.*}} -> (){{$}}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
tile.func @masked_row(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %n: i32, %stride: i32) {
  %pid = tile.program_id x
  %row = arith.muli %pid, %stride : i32
  %r = tile.range 0 to 512 : tensor<512xi32>
  %ns = tile.splat %n : tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %s = tile.addptr %src, %row : !tile.ptr<f32>, i32
  %s0 = tile.splat %s : tensor<512x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %x = tile.load %sp, %m : tensor<512x!tile.ptr<f32>>
  %d0 = tile.splat %dst : tensor<512x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  tile.store %dp, %x, %m : tensor<512x!tile.ptr<f32>>
  tile.return
}

// An i1 tile is one byte per element in memory, 0 or 1 when stored and true
// when non-zero when loaded; negf works on the sign bit (PTX's neg.f32 would
// return the canonical NaN).
// CHECK-LABEL: gpu.func @bytes_and_signs
// CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> vector<16xi8>
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i8
// CHECK: arith.xori %{{.*}}, %{{.*}} : i32
// CHECK: arith.extui %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}} : vector<16xi8>, !llvm.ptr<1>
tile.func @bytes_and_signs(%m: !tile.ptr<i1> {tile.divisibility = 16 : i32},
                           %x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 2048 : tensor<2048xi32>
  %m0 = tile.splat %m : tensor<2048x!tile.ptr<i1>>
  %mp = tile.addptr %m0, %r : tensor<2048x!tile.ptr<i1>>, tensor<2048xi32>
  %flags = tile.load %mp : tensor<2048x!tile.ptr<i1>>
  %x0 = tile.splat %x : tensor<2048x!tile.ptr<f32>>
  %xp = tile.addptr %x0, %r : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  %v = tile.load %xp : tensor<2048x!tile.ptr<f32>>
  %n = arith.negf %v : tensor<2048xf32>
  %t = arith.xori %flags, %flags : tensor<2048xi1>
  tile.store %xp, %n : tensor<2048x!tile.ptr<f32>>
  tile.store %mp, %t : tensor<2048x!tile.ptr<i1>>
  tile.return
}
