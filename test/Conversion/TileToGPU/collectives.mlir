// Reductions: within each thread, then a butterfly of shuffles across the
// lanes, then shared memory across the warps; a transpose moves the tile
// through shared memory between two layouts.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// The launch information the target reads: the row sum's four warps leave
// one 8-byte partial each; the transpose stages its 64x64 f32 tile once,
// each 256-byte row padded by 16 bytes (64 x 68 x 4 bytes).
// CHECK: tile.launch = {
// CHECK-SAME: row_sum = {asserts = 0 : i64, shared = 32 : i64, threads = 128 : i64}
// CHECK-SAME: transpose = {asserts = 0 : i64, shared = 17408 : i64, threads = 256 : i64}

// CHECK-LABEL: gpu.func @row_sum
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// Without products the warp index is not read from lane 0 (more registers
// for nothing: softmax went from 32 to 48).
// CHECK-NOT: gpu.shuffle  idx
// Every lane bit steps along the row: five shuffles, lane distances 1 to 16.
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c4_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c8_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
tile.func @row_sum(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %dst: !tile.ptr<f32>) {
  %pid = tile.program_id x
  %c1024 = arith.constant 1024 : i32
  %base = arith.muli %pid, %c1024 : i32
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s = tile.addptr %src, %base : !tile.ptr<f32>, i32
  %s0 = tile.splat %s : tensor<1024x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %sp : tensor<1024x!tile.ptr<f32>>
  %sum = tile.reduce(%x) axis = 0 : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  %d = tile.addptr %dst, %pid : !tile.ptr<f32>, i32
  tile.store %d, %sum : !tile.ptr<f32>
  tile.return
}


// Each thread writes its rows' 16-byte runs whole and reads the columns
// element by element.
// CHECK-LABEL: gpu.func @transpose
// CHECK: llvm.load %{{.*}} -> vector<4xf32>
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<1>
tile.func @transpose(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %rows = arith.muli %r, %c64 : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %s0 = tile.splat %src : tensor<64x64x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %x = tile.load %sp : tensor<64x64x!tile.ptr<f32>>
  %t = tile.trans %x, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %d0 = tile.splat %dst : tensor<64x64x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %dp, %t : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// 256 elements, one a thread, fill 8 of 16 warps; warps 8-15 hold
// copies. Only warps 0-7 write their partials, and every warp reads those:
// the warp index of the reads has the copy bit (8) clear. (Regression:
// warps 8-15 read their own, never written, slots, so the reduced scalar
// differed between warps; an assert or branch on it misbehaved.)
// CHECK-LABEL: gpu.func @reduce_copies
// CHECK: gpu.barrier
// CHECK: %[[COPY:.*]] = arith.andi %{{.*}}, %c8_i32{{.*}} : i32
// CHECK: scf.if
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: arith.andi %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-COUNT-8: llvm.load {{.*}} : !llvm.ptr<3> -> f32
tile.func @reduce_copies(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %out: !tile.ptr<f32>) attributes {num_warps = 16 : i32} {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %b = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %b, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %p : tensor<256x!tile.ptr<f32>>
  %s = tile.reduce(%v) axis = 0 : tensor<256xf32> -> f32 {
  ^bb0(%a: f32, %c: f32):
    %m = arith.addf %a, %c : f32
    tile.yield %m : f32
  }
  tile.store %out, %s : !tile.ptr<f32>
  tile.return
}
