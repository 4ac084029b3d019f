// tile.dot at the sizes GPU matrix units take whole (sm_90a's wgmma:
// m64nNk32 for f8, m64nNk8 for tf32), in a K loop whose trip count is an
// argument, with the accumulator read from memory: f8 products whose K per
// product exceeds 128 (the partial sums of docs/Semantics.md 3.7, added into
// the accumulator), mixed e4m3 x e5m2 over two warpgroups, and tf32. Random
// inputs against the reference, held to section 10's dot bound (with the
// tf32 allowance for tf32); dot-types.mlir covers the exact small cases.

// e4m3 x e5m2, 128 x 64 over 8 warps (two warpgroups), K = 512 in steps of
// 256 (two runs of 128 k per product).
// RUN: tile-check %s --kernel dot_f8_runs --grid 1 --arg buf:f8e4m3:65536:rand=1 \
// RUN:   --arg buf:f8e5m2:32768:rand=2 --arg buf:f32:8192:rand=3 --arg i32:512 \
// RUN:   | FileCheck %s --check-prefix=RUNS
// RUNS: tile-check: PASS @dot_f8_runs (cpu: 3 buffers match
// e5m2 x e5m2, 64 x 128 over 4 warps, K = 96 in steps of 32.
// RUN: tile-check %s --kernel dot_f8_steps --grid 1 --arg buf:f8e5m2:6144:rand=4 \
// RUN:   --arg buf:f8e5m2:12288:rand=5 --arg buf:f32:8192:rand=6 --arg i32:96 \
// RUN:   | FileCheck %s --check-prefix=STEPS
// STEPS: tile-check: PASS @dot_f8_steps (cpu: 3 buffers match
// tf32, 64 x 64 over 4 warps, K = 96 in steps of 32.
// RUN: tile-check %s --kernel dot_tf32_loop --grid 1 --arg buf:f32:6144:rand=7 \
// RUN:   --arg buf:f32:6144:rand=8 --arg buf:f32:4096:rand=9 --arg i32:96 \
// RUN:   | FileCheck %s --check-prefix=TF32
// TF32: tile-check: PASS @dot_tf32_loop (cpu: 3 buffers match

tile.func @dot_f8_runs(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E5M2>, %c: !tile.ptr<f32>, %K: i32)
    attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %bk = arith.constant 256 : i32
  %rm = tile.range 0 to 128 : tensor<128xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 256 : tensor<256xi32>
  %m = tile.expand_dims %rm, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %n = tile.expand_dims %rn, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %ka = tile.expand_dims %rk, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %kb = tile.expand_dims %rk, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %Ks = tile.splat %K : tensor<128x1xi32>
  %arow = arith.muli %m, %Ks : tensor<128x1xi32>
  %arow_b = tile.broadcast %arow : tensor<128x1xi32> -> tensor<128x256xi32>
  %ak_b = tile.broadcast %ka : tensor<1x256xi32> -> tensor<128x256xi32>
  %aoff = arith.addi %arow_b, %ak_b : tensor<128x256xi32>
  %Ns = arith.constant dense<64> : tensor<256x1xi32>
  %brow = arith.muli %kb, %Ns : tensor<256x1xi32>
  %brow_b = tile.broadcast %brow : tensor<256x1xi32> -> tensor<256x64xi32>
  %bn_b = tile.broadcast %n : tensor<1x64xi32> -> tensor<256x64xi32>
  %boff = arith.addi %brow_b, %bn_b : tensor<256x64xi32>
  %Nc = arith.constant dense<64> : tensor<128x1xi32>
  %crow = arith.muli %m, %Nc : tensor<128x1xi32>
  %crow_b = tile.broadcast %crow : tensor<128x1xi32> -> tensor<128x64xi32>
  %cn_b = tile.broadcast %n : tensor<1x64xi32> -> tensor<128x64xi32>
  %coff = arith.addi %crow_b, %cn_b : tensor<128x64xi32>
  %pc = tile.splat %c : tensor<128x64x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<128x64x!tile.ptr<f32>>, tensor<128x64xi32>
  %acc0 = tile.load %pc1 : tensor<128x64x!tile.ptr<f32>>
  %pa = tile.splat %a : tensor<128x256x!tile.ptr<f8E4M3FN>>
  %pb = tile.splat %b : tensor<256x64x!tile.ptr<f8E5M2>>
  %r = scf.for %k = %c0 to %K step %bk iter_args(%acc = %acc0) -> (tensor<128x64xf32>) : i32 {
    %ks = tile.splat %k : tensor<128x256xi32>
    %ao = arith.addi %aoff, %ks : tensor<128x256xi32>
    %pa1 = tile.addptr %pa, %ao : tensor<128x256x!tile.ptr<f8E4M3FN>>, tensor<128x256xi32>
    %x = tile.load %pa1 : tensor<128x256x!tile.ptr<f8E4M3FN>>
    %kNN = arith.constant 64 : i32
    %kstep = arith.muli %k, %kNN : i32
    %kss = tile.splat %kstep : tensor<256x64xi32>
    %bo = arith.addi %boff, %kss : tensor<256x64xi32>
    %pb1 = tile.addptr %pb, %bo : tensor<256x64x!tile.ptr<f8E5M2>>, tensor<256x64xi32>
    %y = tile.load %pb1 : tensor<256x64x!tile.ptr<f8E5M2>>
    %next = tile.dot %x, %y, %acc : tensor<128x256xf8E4M3FN>, tensor<256x64xf8E5M2> -> tensor<128x64xf32>
    scf.yield %next : tensor<128x64xf32>
  }
  tile.store %pc1, %r : tensor<128x64x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_f8_steps(%a: !tile.ptr<f8E5M2>, %b: !tile.ptr<f8E5M2>, %c: !tile.ptr<f32>, %K: i32)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %bk = arith.constant 32 : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 128 : tensor<128xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m = tile.expand_dims %rm, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %n = tile.expand_dims %rn, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %ka = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %kb = tile.expand_dims %rk, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %Ks = tile.splat %K : tensor<64x1xi32>
  %arow = arith.muli %m, %Ks : tensor<64x1xi32>
  %arow_b = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tile.broadcast %ka : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arow_b, %ak_b : tensor<64x32xi32>
  %Ns = arith.constant dense<128> : tensor<32x1xi32>
  %brow = arith.muli %kb, %Ns : tensor<32x1xi32>
  %brow_b = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x128xi32>
  %bn_b = tile.broadcast %n : tensor<1x128xi32> -> tensor<32x128xi32>
  %boff = arith.addi %brow_b, %bn_b : tensor<32x128xi32>
  %Nc = arith.constant dense<128> : tensor<64x1xi32>
  %crow = arith.muli %m, %Nc : tensor<64x1xi32>
  %crow_b = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x128xi32>
  %cn_b = tile.broadcast %n : tensor<1x128xi32> -> tensor<64x128xi32>
  %coff = arith.addi %crow_b, %cn_b : tensor<64x128xi32>
  %pc = tile.splat %c : tensor<64x128x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
  %acc0 = tile.load %pc1 : tensor<64x128x!tile.ptr<f32>>
  %pa = tile.splat %a : tensor<64x32x!tile.ptr<f8E5M2>>
  %pb = tile.splat %b : tensor<32x128x!tile.ptr<f8E5M2>>
  %r = scf.for %k = %c0 to %K step %bk iter_args(%acc = %acc0) -> (tensor<64x128xf32>) : i32 {
    %ks = tile.splat %k : tensor<64x32xi32>
    %ao = arith.addi %aoff, %ks : tensor<64x32xi32>
    %pa1 = tile.addptr %pa, %ao : tensor<64x32x!tile.ptr<f8E5M2>>, tensor<64x32xi32>
    %x = tile.load %pa1 : tensor<64x32x!tile.ptr<f8E5M2>>
    %kNN = arith.constant 128 : i32
    %kstep = arith.muli %k, %kNN : i32
    %kss = tile.splat %kstep : tensor<32x128xi32>
    %bo = arith.addi %boff, %kss : tensor<32x128xi32>
    %pb1 = tile.addptr %pb, %bo : tensor<32x128x!tile.ptr<f8E5M2>>, tensor<32x128xi32>
    %y = tile.load %pb1 : tensor<32x128x!tile.ptr<f8E5M2>>
    %next = tile.dot %x, %y, %acc : tensor<64x32xf8E5M2>, tensor<32x128xf8E5M2> -> tensor<64x128xf32>
    scf.yield %next : tensor<64x128xf32>
  }
  tile.store %pc1, %r : tensor<64x128x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_tf32_loop(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>, %K: i32)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %bk = arith.constant 32 : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m = tile.expand_dims %rm, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %n = tile.expand_dims %rn, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %ka = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %kb = tile.expand_dims %rk, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %Ks = tile.splat %K : tensor<64x1xi32>
  %arow = arith.muli %m, %Ks : tensor<64x1xi32>
  %arow_b = tile.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tile.broadcast %ka : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arow_b, %ak_b : tensor<64x32xi32>
  %Ns = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %kb, %Ns : tensor<32x1xi32>
  %brow_b = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn_b = tile.broadcast %n : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %brow_b, %bn_b : tensor<32x64xi32>
  %Nc = arith.constant dense<64> : tensor<64x1xi32>
  %crow = arith.muli %m, %Nc : tensor<64x1xi32>
  %crow_b = tile.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %cn_b = tile.broadcast %n : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow_b, %cn_b : tensor<64x64xi32>
  %pc = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %acc0 = tile.load %pc1 : tensor<64x64x!tile.ptr<f32>>
  %pa = tile.splat %a : tensor<64x32x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<32x64x!tile.ptr<f32>>
  %r = scf.for %k = %c0 to %K step %bk iter_args(%acc = %acc0) -> (tensor<64x64xf32>) : i32 {
    %ks = tile.splat %k : tensor<64x32xi32>
    %ao = arith.addi %aoff, %ks : tensor<64x32xi32>
    %pa1 = tile.addptr %pa, %ao : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
    %x = tile.load %pa1 : tensor<64x32x!tile.ptr<f32>>
    %kNN = arith.constant 64 : i32
    %kstep = arith.muli %k, %kNN : i32
    %kss = tile.splat %kstep : tensor<32x64xi32>
    %bo = arith.addi %boff, %kss : tensor<32x64xi32>
    %pb1 = tile.addptr %pb, %bo : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>
    %y = tile.load %pb1 : tensor<32x64x!tile.ptr<f32>>
    %next = tile.dot %x, %y, %acc input_precision = tf32 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  tile.store %pc1, %r : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
