// Batched tile.dot (docs/Semantics.md section 3.7: "an independent leading
// batch dimension") on f32 and bf16 inputs into f32: a is 2x2x4, b 2x4x2,
// acc 0.5, both read from iota and reshaped (row-major), so batch 0 is
// dot.mlir's product, a = [[0, 1, 2, 3], [4, 5, 6, 7]], b = [[0, 1], [2,
// 3], [4, 5], [6, 7]]: 28.5 34.5 76.5 98.5; batch 1 has a[m][k] = 8 + 4m +
// k, b[k][n] = 8 + 2k + n: c[0][0] = 0.5 + 8*8 + 9*10 + 10*12 + 11*14 =
// 428.5, c[0][1] = 0.5 + 8*9 + 9*11 + 10*13 + 11*15 = 466.5, c[1][0] = 0.5
// + 12*8 + 13*10 + 14*12 + 15*14 = 604.5, c[1][1] = 0.5 + 12*9 + 13*11 +
// 14*13 + 15*15 = 658.5. Every product and sum is exact in f32 (and the
// inputs in bf16), so any summation order gives these bits. Expected values
// derived by hand. Every target lowers batched products (the GPU targets
// since 2026-12-02, on FMAs: each batch's matrices staged in shared memory).
// DEFINE: %{exit} = %python %S/../Runtime/Inputs/reference.py exit-code

// RUN: tile-check %s --kernel bdot_f32 --grid 1 --arg buf:f32:16:iota \
// RUN:   --arg buf:f32:16:iota --arg buf:f32:8:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=F32
// F32: reference #2 (f32 x 8): 28.5 34.5 76.5 98.5 428.5 466.5 604.5 658.5
// F32: tile-check: PASS @bdot_f32 (the reference alone
// On the CPU (once a gap).
// RUN: tile-check %s --kernel bdot_f32 --grid 1 --arg buf:f32:16:iota \
// RUN:   --arg buf:f32:16:iota --arg buf:f32:8:poison --targets cpu --print 2 \
// RUN:   | FileCheck %s --check-prefix=F32-CPU
// F32-CPU: reference #2 (f32 x 8): 28.5 34.5 76.5 98.5 428.5 466.5 604.5 658.5
// F32-CPU: tile-check: PASS @bdot_f32 (cpu: 3 buffers match
// On the GPU targets.
// RUN: tile-check %s --kernel bdot_f32 --grid 1 --arg buf:f32:16:iota \
// RUN:   --arg buf:f32:16:iota --arg buf:f32:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F32-GPU
// F32-GPU: tile-check: PASS @bdot_f32 (nvidia: compiled only{{.*}}; amd: compiled only

// RUN: tile-check %s --kernel bdot_bf16 --grid 1 --arg buf:bf16:16:iota \
// RUN:   --arg buf:bf16:16:iota --arg buf:f32:8:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=BF16
// BF16: reference #2 (f32 x 8): 28.5 34.5 76.5 98.5 428.5 466.5 604.5 658.5
// BF16: tile-check: PASS @bdot_bf16 (the reference alone
// On the CPU (once a gap).
// RUN: tile-check %s --kernel bdot_bf16 --grid 1 --arg buf:bf16:16:iota \
// RUN:   --arg buf:bf16:16:iota --arg buf:f32:8:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=BF16-CPU
// BF16-CPU: tile-check: PASS @bdot_bf16 (
// On the GPU targets.
// RUN: tile-check %s --kernel bdot_bf16 --grid 1 --arg buf:bf16:16:iota \
// RUN:   --arg buf:bf16:16:iota --arg buf:f32:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=BF16-GPU
// BF16-GPU: tile-check: PASS @bdot_bf16 (nvidia: compiled only{{.*}}; amd: compiled only

// Wider batches against the interpreter (random inputs; the bound of
// section 10's products): f16 4 x (32x16 by 16x32) added to a loaded f32
// accumulator, spread over 4 warps; i8 2 x (16x64 by 64x16) into i32 (exact),
// B given transposed (2x16x64, tile.trans [0, 2, 1]).
// RUN: tile-check %s --kernel bdot_f16_wide --grid 1 --arg buf:f16:2048:rand=1 \
// RUN:   --arg buf:f16:2048:rand=2 --arg buf:f32:4096:rand=3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=WIDE
// WIDE: tile-check: PASS @bdot_f16_wide (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel bdot_i8_trans --grid 1 --arg buf:i8:2048:rand=4 \
// RUN:   --arg buf:i8:2048:rand=5 --arg buf:i32:512:poison --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=I8
// I8: tile-check: PASS @bdot_i8_trans (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// A rectangular batch (M = 8, N = 16, K = 32; every square case above would
// hide M and N swapped) accumulated over a K loop whose trip count and
// stride are arguments, with B widened by a cat along its last axis.
// RUN: tile-check %s --kernel bdot_loop --grid 1 --arg buf:bf16:2048:rand=1 \
// RUN:   --arg buf:bf16:2048:rand=2 --arg buf:f32:256:poison --arg i32:3 --arg i32:512 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=LOOP
// LOOP: tile-check: PASS @bdot_loop (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @bdot_f32(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>) {
  // a (2x2x4), b (2x4x2) and c (2x2x2) are row-major in memory.
  %i = tile.range 0 to 16 : tensor<16xi32>
  %j = tile.range 0 to 8 : tensor<8xi32>
  %pab = tile.splat %a : tensor<16x!tile.ptr<f32>>
  %pa = tile.addptr %pab, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %pbb = tile.splat %b : tensor<16x!tile.ptr<f32>>
  %pb = tile.addptr %pbb, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %xa = tile.load %pa : tensor<16x!tile.ptr<f32>>
  %xb = tile.load %pb : tensor<16x!tile.ptr<f32>>
  %x = tile.reshape %xa : tensor<16xf32> -> tensor<2x2x4xf32>
  %y = tile.reshape %xb : tensor<16xf32> -> tensor<2x4x2xf32>
  %acc = arith.constant dense<0.5> : tensor<2x2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x2x4xf32>, tensor<2x4x2xf32> -> tensor<2x2x2xf32>
  %rf = tile.reshape %r : tensor<2x2x2xf32> -> tensor<8xf32>
  %pcb = tile.splat %c : tensor<8x!tile.ptr<f32>>
  %pc = tile.addptr %pcb, %j : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %pc, %rf : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @bdot_bf16(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>, %c: !tile.ptr<f32>) {
  // a (2x2x4), b (2x4x2) and c (2x2x2) are row-major in memory.
  %i = tile.range 0 to 16 : tensor<16xi32>
  %j = tile.range 0 to 8 : tensor<8xi32>
  %pab = tile.splat %a : tensor<16x!tile.ptr<bf16>>
  %pa = tile.addptr %pab, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %pbb = tile.splat %b : tensor<16x!tile.ptr<bf16>>
  %pb = tile.addptr %pbb, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %xa = tile.load %pa : tensor<16x!tile.ptr<bf16>>
  %xb = tile.load %pb : tensor<16x!tile.ptr<bf16>>
  %x = tile.reshape %xa : tensor<16xbf16> -> tensor<2x2x4xbf16>
  %y = tile.reshape %xb : tensor<16xbf16> -> tensor<2x4x2xbf16>
  %acc = arith.constant dense<0.5> : tensor<2x2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x2x4xbf16>, tensor<2x4x2xbf16> -> tensor<2x2x2xf32>
  %rf = tile.reshape %r : tensor<2x2x2xf32> -> tensor<8xf32>
  %pcb = tile.splat %c : tensor<8x!tile.ptr<f32>>
  %pc = tile.addptr %pcb, %j : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %pc, %rf : tensor<8x!tile.ptr<f32>>
  tile.return
}


tile.func @bdot_f16_wide(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  // a (4x32x16), b (4x16x32) and c (4x32x32) are row-major in memory.
  %i = tile.range 0 to 2048 : tensor<2048xi32>
  %j = tile.range 0 to 4096 : tensor<4096xi32>
  %pab = tile.splat %a : tensor<2048x!tile.ptr<f16>>
  %pa = tile.addptr %pab, %i : tensor<2048x!tile.ptr<f16>>, tensor<2048xi32>
  %pbb = tile.splat %b : tensor<2048x!tile.ptr<f16>>
  %pb = tile.addptr %pbb, %i : tensor<2048x!tile.ptr<f16>>, tensor<2048xi32>
  %pcb = tile.splat %c : tensor<4096x!tile.ptr<f32>>
  %pc = tile.addptr %pcb, %j : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  %xa = tile.load %pa : tensor<2048x!tile.ptr<f16>>
  %xb = tile.load %pb : tensor<2048x!tile.ptr<f16>>
  %xc = tile.load %pc : tensor<4096x!tile.ptr<f32>>
  %x = tile.reshape %xa : tensor<2048xf16> -> tensor<4x32x16xf16>
  %y = tile.reshape %xb : tensor<2048xf16> -> tensor<4x16x32xf16>
  %acc = tile.reshape %xc : tensor<4096xf32> -> tensor<4x32x32xf32>
  %r = tile.dot %x, %y, %acc : tensor<4x32x16xf16>, tensor<4x16x32xf16> -> tensor<4x32x32xf32>
  %rf = tile.reshape %r : tensor<4x32x32xf32> -> tensor<4096xf32>
  tile.store %pc, %rf : tensor<4096x!tile.ptr<f32>>
  tile.return
}

tile.func @bdot_i8_trans(%a: !tile.ptr<i8>, %bt: !tile.ptr<i8>, %c: !tile.ptr<i32>) attributes {num_warps = 2 : i32} {
  // a (2x16x64) and bt (2x16x64, B transposed) row-major; c (2x16x16).
  %i = tile.range 0 to 2048 : tensor<2048xi32>
  %j = tile.range 0 to 512 : tensor<512xi32>
  %pab = tile.splat %a : tensor<2048x!tile.ptr<i8>>
  %pa = tile.addptr %pab, %i : tensor<2048x!tile.ptr<i8>>, tensor<2048xi32>
  %pbb = tile.splat %bt : tensor<2048x!tile.ptr<i8>>
  %pb = tile.addptr %pbb, %i : tensor<2048x!tile.ptr<i8>>, tensor<2048xi32>
  %xa = tile.load %pa : tensor<2048x!tile.ptr<i8>>
  %xb = tile.load %pb : tensor<2048x!tile.ptr<i8>>
  %x = tile.reshape %xa : tensor<2048xi8> -> tensor<2x16x64xi8>
  %ybt = tile.reshape %xb : tensor<2048xi8> -> tensor<2x16x64xi8>
  %y = tile.trans %ybt, [0, 2, 1] : tensor<2x16x64xi8> -> tensor<2x64x16xi8>
  %acc = arith.constant dense<0> : tensor<2x16x16xi32>
  %r = tile.dot %x, %y, %acc : tensor<2x16x64xi8>, tensor<2x64x16xi8> -> tensor<2x16x16xi32>
  %rf = tile.reshape %r : tensor<2x16x16xi32> -> tensor<512xi32>
  %pcb = tile.splat %c : tensor<512x!tile.ptr<i32>>
  %pc = tile.addptr %pcb, %j : tensor<512x!tile.ptr<i32>>, tensor<512xi32>
  tile.store %pc, %rf : tensor<512x!tile.ptr<i32>>
  tile.return
}

tile.func @bdot_loop(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>, %c: !tile.ptr<f32>, %ksteps: i32, %lda: i32) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ia = tile.range 0 to 512 : tensor<512xi32>
  %ic = tile.range 0 to 256 : tensor<256xi32>
  %acc0 = arith.constant dense<0.0> : tensor<2x8x16xf32>
  %r = scf.for %s = %c0 to %ksteps step %c1 iter_args(%acc = %acc0) -> (tensor<2x8x16xf32>) : i32 {
    %off = arith.muli %s, %lda : i32
    %pa0 = tile.addptr %a, %off : !tile.ptr<bf16>, i32
    %pab = tile.splat %pa0 : tensor<512x!tile.ptr<bf16>>
    %pa = tile.addptr %pab, %ia : tensor<512x!tile.ptr<bf16>>, tensor<512xi32>
    %pb0 = tile.addptr %b, %off : !tile.ptr<bf16>, i32
    %pbb = tile.splat %pb0 : tensor<512x!tile.ptr<bf16>>
    %pb = tile.addptr %pbb, %ia : tensor<512x!tile.ptr<bf16>>, tensor<512xi32>
    %xa = tile.load %pa : tensor<512x!tile.ptr<bf16>>
    %xb = tile.load %pb : tensor<512x!tile.ptr<bf16>>
    %x = tile.reshape %xa : tensor<512xbf16> -> tensor<2x8x32xbf16>
    %y = tile.reshape %xb : tensor<512xbf16> -> tensor<2x32x8xbf16>
    %y2 = tile.cat %y, %y, 2 : tensor<2x32x8xbf16> -> tensor<2x32x16xbf16>
    %n = tile.dot %x, %y2, %acc : tensor<2x8x32xbf16>, tensor<2x32x16xbf16> -> tensor<2x8x16xf32>
    scf.yield %n : tensor<2x8x16xf32>
  }
  %rf = tile.reshape %r : tensor<2x8x16xf32> -> tensor<256xf32>
  %pcb = tile.splat %c : tensor<256x!tile.ptr<f32>>
  %pc = tile.addptr %pcb, %ic : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %pc, %rf : tensor<256x!tile.ptr<f32>>
  tile.return
}
