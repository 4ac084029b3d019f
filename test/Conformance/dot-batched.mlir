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
// derived by hand. The CPU lowers a batched dot (since 2026-12-01); the
// GPU targets refuse it, a gap recorded here.
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
// A GPU gap too.
// RUN: %{exit} 1 tile-check %s --kernel bdot_f32 --grid 1 --arg buf:f32:16:iota \
// RUN:   --arg buf:f32:16:iota --arg buf:f32:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F32-GPU-GAP
// F32-GPU-GAP: nvidia compile failed: {{.*}} 'tile.dot' op cannot be lowered by the GPU target: only 2-D products are implemented
// F32-GPU-GAP: amd compile failed: {{.*}} 'tile.dot' op cannot be lowered by the GPU target: only 2-D products are implemented

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
// A GPU gap too.
// RUN: %{exit} 1 tile-check %s --kernel bdot_bf16 --grid 1 --arg buf:bf16:16:iota \
// RUN:   --arg buf:bf16:16:iota --arg buf:f32:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=BF16-GPU-GAP
// BF16-GPU-GAP: nvidia compile failed: {{.*}} 'tile.dot' op cannot be lowered by the GPU target: only 2-D products are implemented
// BF16-GPU-GAP: amd compile failed: {{.*}} 'tile.dot' op cannot be lowered by the GPU target: only 2-D products are implemented

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

