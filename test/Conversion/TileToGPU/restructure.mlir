// Ops that move elements to other coordinates go through shared memory:
// each source's first copies store their elements at their row-major place
// in the result (cat, join) or the source (gather), then every thread reads
// its registers back; reshape and split keep elements in their registers
// (split_product). Old values of atomics on a tile
// smaller than the threads take the same way so every copy gets them; a
// reverse scan shuffles down instead of up.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// A non-uniform constant tile is a constant global read by each register.
// CHECK: llvm.mlir.global internal constant @cas_small_constant_0(dense<[1.000000e+00, 0.000000e+00, -0.000000e+00, 0x7FC00000]> : tensor<4xf32>) {addr_space = 1 : i32

// CHECK-LABEL: gpu.func @cat_rows
// CHECK: gpu.barrier
// The right half lands 4 columns further.
// CHECK: %[[SHIFT:.*]] = arith.addi %{{.*}}, %c4_i32
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
tile.func @cat_rows(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %p = tile.splat %in : tensor<4x!tile.ptr<i32>>
  %pp = tile.addptr %p, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %x = tile.load %pp : tensor<4x!tile.ptr<i32>>
  %c = tile.cat %x, %r, 0 : tensor<4xi32> -> tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %o = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %op = tile.addptr %o, %r8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %op, %c : tensor<8x!tile.ptr<i32>>
  tile.return
}

// A gather wraps its index into the source's axis before reading.
// CHECK-LABEL: gpu.func @gather_rows
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: arith.andi %{{.*}}, %c15_i32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
tile.func @gather_rows(%in: !tile.ptr<f32>, %idx: !tile.ptr<i32>,
                       %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %p = tile.splat %in : tensor<16x!tile.ptr<f32>>
  %pp = tile.addptr %p, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %x = tile.load %pp : tensor<16x!tile.ptr<f32>>
  %ip = tile.splat %idx : tensor<16x!tile.ptr<i32>>
  %ipp = tile.addptr %ip, %r : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %i = tile.load %ipp : tensor<16x!tile.ptr<i32>>
  %g = tile.gather %x[%i], 0 : tensor<16xf32>, tensor<16xi32> -> tensor<16xf32>
  %o = tile.splat %out : tensor<16x!tile.ptr<f32>>
  %op = tile.addptr %o, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %op, %g : tensor<16x!tile.ptr<f32>>
  tile.return
}

// Compare-and-swap compares float bits as integers; the old values of the
// 4-element tile (one element in each of four threads, the others holding
// copies) are shared through shared memory before they are stored.
// CHECK-LABEL: gpu.func @cas_small
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} monotonic monotonic : !llvm.ptr<1>, i32
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
tile.func @cas_small(%m: !tile.ptr<f32>, %old: !tile.ptr<f32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %bm = tile.splat %m : tensor<4x!tile.ptr<f32>>
  %pm = tile.addptr %bm, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %cmp = arith.constant dense<[1.0, 0.0, -0.0, 0x7FC00000]> : tensor<4xf32>
  %new = arith.constant dense<5.0> : tensor<4xf32>
  %o = tile.atomic_cas relaxed, gpu %pm, %cmp, %new : tensor<4x!tile.ptr<f32>>
  %bo = tile.splat %old : tensor<4x!tile.ptr<f32>>
  %po = tile.addptr %bo, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %po, %o : tensor<4x!tile.ptr<f32>>
  tile.return
}

// CHECK-LABEL: gpu.func @suffix_sum
// CHECK-COUNT-5: gpu.shuffle  down
// CHECK-NOT: gpu.shuffle  up
tile.func @suffix_sum(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %p = tile.splat %in : tensor<1024x!tile.ptr<i32>>
  %pp = tile.addptr %p, %r : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
  %x = tile.load %pp : tensor<1024x!tile.ptr<i32>>
  %s = tile.scan(%x) axis = 0 reverse : tensor<1024xi32> -> tensor<1024xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tile.yield %t : i32
  }
  %o = tile.splat %out : tensor<1024x!tile.ptr<i32>>
  %op = tile.addptr %o, %r : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
  tile.store %op, %s : tensor<1024x!tile.ptr<i32>>
  tile.return
}

// An accumulator split into its column halves (reshape, transpose, split,
// as Triton's epilogue subtiling writes it): the halves are registers of
// the accumulator's threads, each stored from there, nothing moved through
// shared memory after the product.
// CHECK-LABEL: gpu.func @split_product
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.store %{{.*}} : vector<2xf32>, !llvm.ptr<1>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.store %{{.*}} : vector<2xf32>, !llvm.ptr<1>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: gpu.return
tile.func @split_product(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %c: !tile.ptr<f32> {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %r16 = tile.range 0 to 16 : tensor<16xi32>
  %c16 = arith.constant dense<16> : tensor<64x16xi32>
  %row = tile.expand_dims %r64, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rows = tile.broadcast %row : tensor<64x1xi32> -> tensor<64x16xi32>
  %col = tile.expand_dims %r16, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %cols = tile.broadcast %col : tensor<1x16xi32> -> tensor<64x16xi32>
  %ro = arith.muli %rows, %c16 : tensor<64x16xi32>
  %ao = arith.addi %ro, %cols : tensor<64x16xi32>
  %ab = tile.splat %a : tensor<64x16x!tile.ptr<bf16>>
  %ap = tile.addptr %ab, %ao : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
  %x = tile.load %ap : tensor<64x16x!tile.ptr<bf16>>
  %c16b = arith.constant dense<16> : tensor<16x16xi32>
  %brow = tile.expand_dims %r16, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %brows = tile.broadcast %brow : tensor<16x1xi32> -> tensor<16x16xi32>
  %bcol = tile.broadcast %col : tensor<1x16xi32> -> tensor<16x16xi32>
  %bro = arith.muli %brows, %c16b : tensor<16x16xi32>
  %bo = arith.addi %bro, %bcol : tensor<16x16xi32>
  %bb = tile.splat %b : tensor<16x16x!tile.ptr<bf16>>
  %bp = tile.addptr %bb, %bo : tensor<16x16x!tile.ptr<bf16>>, tensor<16x16xi32>
  %y = tile.load %bp : tensor<16x16x!tile.ptr<bf16>>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %acc = tile.dot %x, %y, %z : tensor<64x16xbf16>, tensor<16x16xbf16> -> tensor<64x16xf32>
  // The column halves, as Triton's epilogue subtiling writes them.
  %r3 = tile.reshape %acc : tensor<64x16xf32> -> tensor<64x2x8xf32>
  %t3 = tile.trans %r3, [0, 2, 1] : tensor<64x2x8xf32> -> tensor<64x8x2xf32>
  %lhs, %rhs = tile.split %t3 : tensor<64x8x2xf32> -> tensor<64x8xf32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<64x8xi32>
  %rows8 = tile.broadcast %row : tensor<64x1xi32> -> tensor<64x8xi32>
  %col8 = tile.expand_dims %r8, 0 : tensor<8xi32> -> tensor<1x8xi32>
  %cols8 = tile.broadcast %col8 : tensor<1x8xi32> -> tensor<64x8xi32>
  %ro8 = arith.muli %rows8, %c8 : tensor<64x8xi32>
  %co = arith.addi %ro8, %cols8 : tensor<64x8xi32>
  %cb = tile.splat %c : tensor<64x8x!tile.ptr<f32>>
  %cp = tile.addptr %cb, %co : tensor<64x8x!tile.ptr<f32>>, tensor<64x8xi32>
  tile.store %cp, %lhs : tensor<64x8x!tile.ptr<f32>>
  %off = arith.constant dense<512> : tensor<64x8xi32>
  %cp2 = tile.addptr %cp, %off : tensor<64x8x!tile.ptr<f32>>, tensor<64x8xi32>
  tile.store %cp2, %rhs : tensor<64x8x!tile.ptr<f32>>
  tile.return
}
