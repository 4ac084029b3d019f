// tile.dot on the input and accumulator types and input precisions that
// dot.mlir leaves out (docs/Semantics.md section 3.7): f16 inputs into f32
// and into f16, f64, f8E4M3FN, f8E5M2 (also mixed e4m3 x e5m2, and e5m2 into
// f16), and f32 with input_precision tf32, tf32x3 and bf16x3. With the small
// integers of iota every product and sum is exact in each accumulator, so
// every summation order and every input rounding (tf32 keeps 10 mantissa
// bits) gives the same value: a = [[0, 1, 2, 3], [4, 5, 6, 7]], b = [[0, 1],
// [2, 3], [4, 5], [6, 7]], acc = 0.5, c = 28.5 34.5 76.5 98.5, by hand as in
// dot.mlir. Outputs are held to section 10's dot bound; each of the types
// the CPU once refused (f16 and f64 accumulators, f8 inputs) also runs on
// random inputs against the reference.

// RUN: tile-check %s --kernel dot_f16f32 --grid 1 --arg buf:f16:8:iota \
// RUN:   --arg buf:f16:8:iota --arg buf:f32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=F16F32
// F16F32: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// F16F32: tile-check: PASS @dot_f16f32 (cpu: 3 buffers match

// The CPU computes every input_precision as ieee (section 3.7).
// RUN: tile-check %s --kernel dot_tf32 --grid 1 --arg buf:f32:8:iota \
// RUN:   --arg buf:f32:8:iota --arg buf:f32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=TF32
// TF32: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// TF32: tile-check: PASS @dot_tf32 (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_tf32x3 --grid 1 --arg buf:f32:8:iota \
// RUN:   --arg buf:f32:8:iota --arg buf:f32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=TF32X3
// TF32X3: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// TF32X3: tile-check: PASS @dot_tf32x3 (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_bf16x3 --grid 1 --arg buf:f32:8:iota \
// RUN:   --arg buf:f32:8:iota --arg buf:f32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=BF16X3
// BF16X3: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// BF16X3: tile-check: PASS @dot_bf16x3 (cpu: 3 buffers match
// Random f32 inputs in [-1, 1) with tf32: the CPU's ieee result is within
// the tf32 allowance of the reference.
// RUN: tile-check %s --kernel dot_tf32 --grid 1 --arg buf:f32:8:rand=1 \
// RUN:   --arg buf:f32:8:rand=2 --arg buf:f32:4:poison \
// RUN:   | FileCheck %s --check-prefix=TF32-RAND
// TF32-RAND: tile-check: PASS @dot_tf32 (cpu: 3 buffers match

// dot_f16 (f16 x f16 -> f16): the reference, the CPU (once a gap) and the GPU targets' compilation.
// RUN: tile-check %s --kernel dot_f16 --grid 1 --arg buf:f16:8:iota \
// RUN:   --arg buf:f16:8:iota --arg buf:f16:4:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=F16
// F16: reference #2 (f16 x 4): 28.5 34.5 76.5 98.5
// RUN: tile-check %s --kernel dot_f16 --grid 1 --arg buf:f16:8:iota \
// RUN:   --arg buf:f16:8:iota --arg buf:f16:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=F16-CPU
// F16-CPU: tile-check: PASS @dot_f16 (cpu:
// RUN: tile-check %s --kernel dot_f16 --grid 1 --arg buf:f16:8:rand=1 \
// RUN:   --arg buf:f16:8:rand=2 --arg buf:f16:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=F16-RAND
// F16-RAND: tile-check: PASS @dot_f16 (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_f16 --grid 1 --arg buf:f16:8:iota \
// RUN:   --arg buf:f16:8:iota --arg buf:f16:4:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F16-GPU
// F16-GPU: tile-check: PASS @dot_f16 (nvidia: {{.*}}; amd: {{.*}})

// dot_f64 (f64 x f64 -> f64): the reference, the CPU (once a gap) and the GPU targets' compilation.
// RUN: tile-check %s --kernel dot_f64 --grid 1 --arg buf:f64:8:iota \
// RUN:   --arg buf:f64:8:iota --arg buf:f64:4:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=F64
// F64: reference #2 (f64 x 4): 28.5 34.5 76.5 98.5
// RUN: tile-check %s --kernel dot_f64 --grid 1 --arg buf:f64:8:iota \
// RUN:   --arg buf:f64:8:iota --arg buf:f64:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=F64-CPU
// F64-CPU: tile-check: PASS @dot_f64 (cpu:
// RUN: tile-check %s --kernel dot_f64 --grid 1 --arg buf:f64:8:rand=1 \
// RUN:   --arg buf:f64:8:rand=2 --arg buf:f64:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=F64-RAND
// F64-RAND: tile-check: PASS @dot_f64 (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_f64 --grid 1 --arg buf:f64:8:iota \
// RUN:   --arg buf:f64:8:iota --arg buf:f64:4:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F64-GPU
// F64-GPU: tile-check: PASS @dot_f64 (nvidia: {{.*}}; amd: {{.*}})

// dot_e4m3 (f8e4m3 x f8e4m3 -> f32): the reference, the CPU (once a gap) and the GPU targets' compilation.
// RUN: tile-check %s --kernel dot_e4m3 --grid 1 --arg buf:f8e4m3:8:iota \
// RUN:   --arg buf:f8e4m3:8:iota --arg buf:f32:4:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=E4M3
// E4M3: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// RUN: tile-check %s --kernel dot_e4m3 --grid 1 --arg buf:f8e4m3:8:iota \
// RUN:   --arg buf:f8e4m3:8:iota --arg buf:f32:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=E4M3-CPU
// E4M3-CPU: tile-check: PASS @dot_e4m3 (cpu:
// RUN: tile-check %s --kernel dot_e4m3 --grid 1 --arg buf:f8e4m3:8:rand=1 \
// RUN:   --arg buf:f8e4m3:8:rand=2 --arg buf:f32:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=E4M3-RAND
// E4M3-RAND: tile-check: PASS @dot_e4m3 (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_e4m3 --grid 1 --arg buf:f8e4m3:8:iota \
// RUN:   --arg buf:f8e4m3:8:iota --arg buf:f32:4:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=E4M3-GPU
// E4M3-GPU: tile-check: PASS @dot_e4m3 (nvidia: {{.*}}; amd: {{.*}})

// dot_mixed (f8e4m3 x f8e5m2 -> f32): the reference, the CPU (once a gap) and the GPU targets' compilation.
// RUN: tile-check %s --kernel dot_mixed --grid 1 --arg buf:f8e4m3:8:iota \
// RUN:   --arg buf:f8e5m2:8:iota --arg buf:f32:4:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=MIXED
// MIXED: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// RUN: tile-check %s --kernel dot_mixed --grid 1 --arg buf:f8e4m3:8:iota \
// RUN:   --arg buf:f8e5m2:8:iota --arg buf:f32:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=MIXED-CPU
// MIXED-CPU: tile-check: PASS @dot_mixed (cpu:
// RUN: tile-check %s --kernel dot_mixed --grid 1 --arg buf:f8e4m3:8:rand=1 \
// RUN:   --arg buf:f8e5m2:8:rand=2 --arg buf:f32:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=MIXED-RAND
// MIXED-RAND: tile-check: PASS @dot_mixed (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_mixed --grid 1 --arg buf:f8e4m3:8:iota \
// RUN:   --arg buf:f8e5m2:8:iota --arg buf:f32:4:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=MIXED-GPU
// MIXED-GPU: tile-check: PASS @dot_mixed (nvidia: {{.*}}; amd: {{.*}})

// dot_e5m2h (f8e5m2 x f8e5m2 -> f16): the reference, the CPU (once a gap) and the GPU targets' compilation.
// RUN: tile-check %s --kernel dot_e5m2h --grid 1 --arg buf:f8e5m2:8:iota \
// RUN:   --arg buf:f8e5m2:8:iota --arg buf:f16:4:poison --targets none --print 2 \
// RUN:   | FileCheck %s --check-prefix=E5M2H
// E5M2H: reference #2 (f16 x 4): 28.5 34.5 76.5 98.5
// RUN: tile-check %s --kernel dot_e5m2h --grid 1 --arg buf:f8e5m2:8:iota \
// RUN:   --arg buf:f8e5m2:8:iota --arg buf:f16:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=E5M2H-CPU
// E5M2H-CPU: tile-check: PASS @dot_e5m2h (cpu:
// RUN: tile-check %s --kernel dot_e5m2h --grid 1 --arg buf:f8e5m2:8:rand=1 \
// RUN:   --arg buf:f8e5m2:8:rand=2 --arg buf:f16:4:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=E5M2H-RAND
// E5M2H-RAND: tile-check: PASS @dot_e5m2h (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_e5m2h --grid 1 --arg buf:f8e5m2:8:iota \
// RUN:   --arg buf:f8e5m2:8:iota --arg buf:f16:4:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=E5M2H-GPU
// E5M2H-GPU: tile-check: PASS @dot_e5m2h (nvidia: {{.*}}; amd: {{.*}})

tile.func @dot_f16(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f16>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f16>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f16>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f16>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f16>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f16>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf16>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf16>, tensor<4x2xf16> -> tensor<2x2xf16>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f16>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f16>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f16>>
  tile.return
}

tile.func @dot_f16f32(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f16>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f16>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f16>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f16>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f16>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f16>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf16>, tensor<4x2xf16> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_f64(%a: !tile.ptr<f64>, %b: !tile.ptr<f64>, %c: !tile.ptr<f64>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f64>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f64>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f64>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f64>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f64>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f64>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf64>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf64>, tensor<4x2xf64> -> tensor<2x2xf64>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f64>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f64>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f64>>
  tile.return
}

tile.func @dot_e4m3(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E4M3FN>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f8E4M3FN>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f8E4M3FN>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f8E4M3FN>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f8E4M3FN>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f8E4M3FN>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f8E4M3FN>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf8E4M3FN>, tensor<4x2xf8E4M3FN> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_mixed(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E5M2>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f8E4M3FN>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f8E4M3FN>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f8E4M3FN>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f8E5M2>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f8E5M2>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f8E5M2>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf8E4M3FN>, tensor<4x2xf8E5M2> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_e5m2h(%a: !tile.ptr<f8E5M2>, %b: !tile.ptr<f8E5M2>, %c: !tile.ptr<f16>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f8E5M2>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f8E5M2>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f8E5M2>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f8E5M2>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f8E5M2>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f8E5M2>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf16>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf8E5M2>, tensor<4x2xf8E5M2> -> tensor<2x2xf16>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f16>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f16>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f16>>
  tile.return
}

tile.func @dot_tf32(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f32>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f32>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc input_precision = tf32 : tensor<2x4xf32>, tensor<4x2xf32> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_tf32x3(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f32>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f32>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc input_precision = tf32x3 : tensor<2x4xf32>, tensor<4x2xf32> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_bf16x3(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f32>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f32>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc input_precision = bf16x3 : tensor<2x4xf32>, tensor<4x2xf32> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

