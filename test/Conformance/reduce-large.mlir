// Float reductions and scans on long axes (docs/Semantics.md sections 3.8
// and 10), where the depth bound d(n) = ceil(n/2) + ceil(log2 n) + 1 of the
// targets' chained accumulators matters: 4096 elements of f32 and f64 and
// 1024 of f16 and bf16 reduced with addf and (as y = 1 + x / 64, so that
// the product neither overflows nor underflows) mulf, and scanned with addf
// and mulf (f16 and bf16 in rows of 128), on random inputs in [-1, 1)
// held to the reference within section 10's bounds; and mulf scans of two 8-element rows, exact in any
// order: 1..8 gives the factorials (bf16 rounds 5040 to 5056 and 40320 to
// 40448, each the exact product rounded once), 0.5 -2 -0 4 inf 0.25 NaN 1
// gives 0.5 -1 +0 (-1 * -0) +0 NaN (0 * inf) and NaN after. The sum of
// iota(4096) is 4096 * 4095 / 2 = 8386560, exact in f32 in any order (every
// partial sum is an integer below 2^24), and the product of 1 + i / 64 is
// inf. Expected values derived by hand. mulf scans are held to section
// 10.1's product bound per prefix ((1 + eps)^m - 1 relative for a prefix
// of m + 1 factors); a 1024-long f16 one (scan_mulf_long_f16, 1.0078125
// each: 1.0078125^k) checks it where the normwise rule once failed a
// correct CPU result.

// RUN: %python -c "import numpy; numpy.full(1024, 1.0078125, numpy.float16).tofile('%t.ones')"
// RUN: tile-check %s --kernel scan_mulf_long_f16 --grid 1 --arg buf:f16:1024:file=%t.ones \
// RUN:   --arg buf:f16:1024:poison --targets cpu | FileCheck %s --check-prefix=LONG-MULF
// LONG-MULF: cpu #1 f16 1024 {{.*}} bounded ok
// LONG-MULF: tile-check: PASS @scan_mulf_long_f16 (cpu: 2 buffers match)
// RUN: tile-check %s --kernel scan_mulf_long_f16 --grid 1 --arg buf:f16:1024:file=%t.ones \
// RUN:   --arg buf:f16:1024:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=LONG-MULF-GPU
// LONG-MULF-GPU: tile-check: PASS @scan_mulf_long_f16 (nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.sf32 f32 1 2 3 4 5 6 7 8 0.5 -2 -0 4 inf 0.25 nan 1
// RUN: tile-check %s --kernel scan_mulf_f32 --grid 1 --arg buf:f32:16:file=%t.sf32 \
// RUN:   --arg buf:f32:16:poison --print 1 --tol 1=exact --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=SCAN-F32
// SCAN-F32: reference #1 (f32 x 16): 1 2 6 24 120 720 5040 40320 0.5 -1 0 0 nan nan nan nan
// SCAN-F32: tile-check: PASS @scan_mulf_f32 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.sf64 f64 1 2 3 4 5 6 7 8 0.5 -2 -0 4 inf 0.25 nan 1
// RUN: tile-check %s --kernel scan_mulf_f64 --grid 1 --arg buf:f64:16:file=%t.sf64 \
// RUN:   --arg buf:f64:16:poison --print 1 --tol 1=exact --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=SCAN-F64
// SCAN-F64: reference #1 (f64 x 16): 1 2 6 24 120 720 5040 40320 0.5 -1 0 0 nan nan nan nan
// SCAN-F64: tile-check: PASS @scan_mulf_f64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.sf16 f16 1 2 3 4 5 6 7 8 0.5 -2 -0 4 inf 0.25 nan 1
// RUN: tile-check %s --kernel scan_mulf_f16 --grid 1 --arg buf:f16:16:file=%t.sf16 \
// RUN:   --arg buf:f16:16:poison --print 1 --tol 1=exact --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=SCAN-F16
// SCAN-F16: reference #1 (f16 x 16): 1 2 6 24 120 720 5040 40320 0.5 -1 0 0 nan nan nan nan
// SCAN-F16: tile-check: PASS @scan_mulf_f16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.sbf16 bf16 1 2 3 4 5 6 7 8 0.5 -2 -0 4 inf 0.25 nan 1
// RUN: tile-check %s --kernel scan_mulf_bf16 --grid 1 --arg buf:bf16:16:file=%t.sbf16 \
// RUN:   --arg buf:bf16:16:poison --print 1 --tol 1=exact --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=SCAN-BF16
// SCAN-BF16: reference #1 (bf16 x 16): 1 2 6 24 120 720 5056 40448 0.5 -1 0 0 nan nan nan nan
// SCAN-BF16: tile-check: PASS @scan_mulf_bf16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// 4096 elements: red = [sum x, prod (1 + x / 64)], scan = [addf scan of x,
// mulf scan of 1 + x / 64].
// RUN: tile-check %s --kernel big_f32 --grid 1 --arg buf:f32:4096:iota \
// RUN:   --arg buf:f32:2:poison --arg buf:f32:8192:poison --print 1 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BIG-F32-IOTA
// BIG-F32-IOTA: reference #1 (f32 x 2): 8386560 inf
// BIG-F32-IOTA: tile-check: PASS @big_f32 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel big_f32 --grid 1 --arg buf:f32:4096:rand=1 \
// RUN:   --arg buf:f32:2:poison --arg buf:f32:8192:poison \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BIG-F32
// BIG-F32: tile-check: PASS @big_f32 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel big_f32 --grid 1 --arg buf:f32:4096:rand=2 \
// RUN:   --arg buf:f32:2:poison --arg buf:f32:8192:poison \
// RUN:   | FileCheck %s --check-prefix=BIG-F32-2
// BIG-F32-2: tile-check: PASS @big_f32 (cpu: 3 buffers match
// RUN: tile-check %s --kernel big_f64 --grid 1 --arg buf:f64:4096:iota \
// RUN:   --arg buf:f64:2:poison --arg buf:f64:8192:poison --print 1 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BIG-F64-IOTA
// BIG-F64-IOTA: reference #1 (f64 x 2): 8386560 inf
// BIG-F64-IOTA: tile-check: PASS @big_f64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel big_f64 --grid 1 --arg buf:f64:4096:rand=1 \
// RUN:   --arg buf:f64:2:poison --arg buf:f64:8192:poison \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BIG-F64
// BIG-F64: tile-check: PASS @big_f64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// 1024 elements of f16 and bf16: reductions along the whole axis, scans in
// rows of 128.
// RUN: tile-check %s --kernel big_f16 --grid 1 --arg buf:f16:1024:rand=1 \
// RUN:   --arg buf:f16:2:poison --arg buf:f16:2048:poison \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BIG-F16
// BIG-F16: tile-check: PASS @big_f16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel big_bf16 --grid 1 --arg buf:bf16:1024:rand=1 \
// RUN:   --arg buf:bf16:2:poison --arg buf:bf16:2048:poison \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BIG-BF16
// BIG-BF16: tile-check: PASS @big_bf16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// A 16-bit float scan of 1024 elements: once a gap of the NVIDIA target,
// which shuffled the f16 or bf16 value itself across lanes for scans of
// more than 128 elements (nvvm.shfl.sync takes 32 bits; fixed 2026-12-01).
// Checked on the reference and compiled for nvidia.
// RUN: tile-check %s --kernel scan_long_f16 --grid 1 --arg buf:f16:1024:rand=1 \
// RUN:   --arg buf:f16:1024:poison --targets none | FileCheck %s --check-prefix=LONG-F16
// LONG-F16: tile-check: PASS @scan_long_f16 (the reference alone
// RUN: tile-check %s --kernel scan_long_f16 --grid 1 --arg buf:f16:1024:rand=1 \
// RUN:   --arg buf:f16:1024:poison --targets nvidia --compile-only \
// RUN:   | FileCheck %s --check-prefix=LONG-F16-NVIDIA
// LONG-F16-NVIDIA: tile-check: PASS @scan_long_f16 (
// RUN: tile-check %s --kernel scan_long_bf16 --grid 1 --arg buf:bf16:1024:rand=1 \
// RUN:   --arg buf:bf16:1024:poison --targets none | FileCheck %s --check-prefix=LONG-BF16
// LONG-BF16: tile-check: PASS @scan_long_bf16 (the reference alone
// RUN: tile-check %s --kernel scan_long_bf16 --grid 1 --arg buf:bf16:1024:rand=1 \
// RUN:   --arg buf:bf16:1024:poison --targets nvidia --compile-only \
// RUN:   | FileCheck %s --check-prefix=LONG-BF16-NVIDIA
// LONG-BF16-NVIDIA: tile-check: PASS @scan_long_bf16 (

tile.func @scan_mulf_f32(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  // Inclusive mulf scans of the two rows of a 2x8 tile.
  %i = tile.range 0 to 16 : tensor<16xi32>
  %pxb = tile.splat %x : tensor<16x!tile.ptr<f32>>
  %px = tile.addptr %pxb, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %px : tensor<16x!tile.ptr<f32>>
  %v2 = tile.reshape %v : tensor<16xf32> -> tensor<2x8xf32>
  %s = tile.scan(%v2) axis = 1 : tensor<2x8xf32> -> tensor<2x8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %b : f32
    tile.yield %t : f32
  }
  %s1 = tile.reshape %s : tensor<2x8xf32> -> tensor<16xf32>
  %qb = tile.splat %out : tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %qb, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %q, %s1 : tensor<16x!tile.ptr<f32>>
  tile.return
}

tile.func @scan_mulf_f64(%x: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  // Inclusive mulf scans of the two rows of a 2x8 tile.
  %i = tile.range 0 to 16 : tensor<16xi32>
  %pxb = tile.splat %x : tensor<16x!tile.ptr<f64>>
  %px = tile.addptr %pxb, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %v = tile.load %px : tensor<16x!tile.ptr<f64>>
  %v2 = tile.reshape %v : tensor<16xf64> -> tensor<2x8xf64>
  %s = tile.scan(%v2) axis = 1 : tensor<2x8xf64> -> tensor<2x8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.mulf %a, %b : f64
    tile.yield %t : f64
  }
  %s1 = tile.reshape %s : tensor<2x8xf64> -> tensor<16xf64>
  %qb = tile.splat %out : tensor<16x!tile.ptr<f64>>
  %q = tile.addptr %qb, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %q, %s1 : tensor<16x!tile.ptr<f64>>
  tile.return
}

tile.func @scan_mulf_f16(%x: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  // Inclusive mulf scans of the two rows of a 2x8 tile.
  %i = tile.range 0 to 16 : tensor<16xi32>
  %pxb = tile.splat %x : tensor<16x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %v = tile.load %px : tensor<16x!tile.ptr<f16>>
  %v2 = tile.reshape %v : tensor<16xf16> -> tensor<2x8xf16>
  %s = tile.scan(%v2) axis = 1 : tensor<2x8xf16> -> tensor<2x8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.mulf %a, %b : f16
    tile.yield %t : f16
  }
  %s1 = tile.reshape %s : tensor<2x8xf16> -> tensor<16xf16>
  %qb = tile.splat %out : tensor<16x!tile.ptr<f16>>
  %q = tile.addptr %qb, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %q, %s1 : tensor<16x!tile.ptr<f16>>
  tile.return
}

tile.func @scan_mulf_bf16(%x: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  // Inclusive mulf scans of the two rows of a 2x8 tile.
  %i = tile.range 0 to 16 : tensor<16xi32>
  %pxb = tile.splat %x : tensor<16x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %v = tile.load %px : tensor<16x!tile.ptr<bf16>>
  %v2 = tile.reshape %v : tensor<16xbf16> -> tensor<2x8xbf16>
  %s = tile.scan(%v2) axis = 1 : tensor<2x8xbf16> -> tensor<2x8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.mulf %a, %b : bf16
    tile.yield %t : bf16
  }
  %s1 = tile.reshape %s : tensor<2x8xbf16> -> tensor<16xbf16>
  %qb = tile.splat %out : tensor<16x!tile.ptr<bf16>>
  %q = tile.addptr %qb, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %q, %s1 : tensor<16x!tile.ptr<bf16>>
  tile.return
}

tile.func @big_f32(%x: !tile.ptr<f32>, %red: !tile.ptr<f32>, %scan: !tile.ptr<f32>) {
  // 4096 elements: red = [sum x, prod (1 + x / 64)], scan = [addf scan
  // of x, mulf scan of 1 + x / 64].
  %i = tile.range 0 to 4096 : tensor<4096xi32>
  %pxb = tile.splat %x : tensor<4096x!tile.ptr<f32>>
  %px = tile.addptr %pxb, %i : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  %v = tile.load %px : tensor<4096x!tile.ptr<f32>>
  %v2 = tile.reshape %v : tensor<4096xf32> -> tensor<1x4096xf32>
  %s = tile.reduce(%v2) axis = 1 : tensor<1x4096xf32> -> tensor<1xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  // y = 1 + x / 64, in [63/64, 65/64): a product of n of them stays
  // far from overflow and underflow.
  %k = arith.constant dense<0.015625> : tensor<4096xf32>
  %one = arith.constant dense<1.0> : tensor<4096xf32>
  %xk = arith.mulf %v, %k : tensor<4096xf32>
  %y = arith.addf %xk, %one : tensor<4096xf32>
  %y2 = tile.reshape %y : tensor<4096xf32> -> tensor<1x4096xf32>
  %p = tile.reduce(%y2) axis = 1 : tensor<1x4096xf32> -> tensor<1xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %b : f32
    tile.yield %t : f32
  }
  %sa = tile.scan(%v) axis = 0 : tensor<4096xf32> -> tensor<4096xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  %sm = tile.scan(%y) axis = 0 : tensor<4096xf32> -> tensor<4096xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %b : f32
    tile.yield %t : f32
  }
  %z = tile.range 0 to 1 : tensor<1xi32>
  %q0b = tile.splat %red : tensor<1x!tile.ptr<f32>>
  %q0 = tile.addptr %q0b, %z : tensor<1x!tile.ptr<f32>>, tensor<1xi32>
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %q1 = tile.addptr %q0, %c1 : tensor<1x!tile.ptr<f32>>, tensor<1xi32>
  tile.store %q0, %s : tensor<1x!tile.ptr<f32>>
  tile.store %q1, %p : tensor<1x!tile.ptr<f32>>
  %qsb = tile.splat %scan : tensor<4096x!tile.ptr<f32>>
  %qs = tile.addptr %qsb, %i : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  tile.store %qs, %sa : tensor<4096x!tile.ptr<f32>>
  %nn = arith.constant dense<4096> : tensor<4096xi32>
  %qm = tile.addptr %qs, %nn : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  tile.store %qm, %sm : tensor<4096x!tile.ptr<f32>>
  tile.return
}

tile.func @big_f64(%x: !tile.ptr<f64>, %red: !tile.ptr<f64>, %scan: !tile.ptr<f64>) {
  // 4096 elements: red = [sum x, prod (1 + x / 64)], scan = [addf scan
  // of x, mulf scan of 1 + x / 64].
  %i = tile.range 0 to 4096 : tensor<4096xi32>
  %pxb = tile.splat %x : tensor<4096x!tile.ptr<f64>>
  %px = tile.addptr %pxb, %i : tensor<4096x!tile.ptr<f64>>, tensor<4096xi32>
  %v = tile.load %px : tensor<4096x!tile.ptr<f64>>
  %v2 = tile.reshape %v : tensor<4096xf64> -> tensor<1x4096xf64>
  %s = tile.reduce(%v2) axis = 1 : tensor<1x4096xf64> -> tensor<1xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    tile.yield %t : f64
  }
  // y = 1 + x / 64, in [63/64, 65/64): a product of n of them stays
  // far from overflow and underflow.
  %k = arith.constant dense<0.015625> : tensor<4096xf64>
  %one = arith.constant dense<1.0> : tensor<4096xf64>
  %xk = arith.mulf %v, %k : tensor<4096xf64>
  %y = arith.addf %xk, %one : tensor<4096xf64>
  %y2 = tile.reshape %y : tensor<4096xf64> -> tensor<1x4096xf64>
  %p = tile.reduce(%y2) axis = 1 : tensor<1x4096xf64> -> tensor<1xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.mulf %a, %b : f64
    tile.yield %t : f64
  }
  %sa = tile.scan(%v) axis = 0 : tensor<4096xf64> -> tensor<4096xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    tile.yield %t : f64
  }
  %sm = tile.scan(%y) axis = 0 : tensor<4096xf64> -> tensor<4096xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.mulf %a, %b : f64
    tile.yield %t : f64
  }
  %z = tile.range 0 to 1 : tensor<1xi32>
  %q0b = tile.splat %red : tensor<1x!tile.ptr<f64>>
  %q0 = tile.addptr %q0b, %z : tensor<1x!tile.ptr<f64>>, tensor<1xi32>
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %q1 = tile.addptr %q0, %c1 : tensor<1x!tile.ptr<f64>>, tensor<1xi32>
  tile.store %q0, %s : tensor<1x!tile.ptr<f64>>
  tile.store %q1, %p : tensor<1x!tile.ptr<f64>>
  %qsb = tile.splat %scan : tensor<4096x!tile.ptr<f64>>
  %qs = tile.addptr %qsb, %i : tensor<4096x!tile.ptr<f64>>, tensor<4096xi32>
  tile.store %qs, %sa : tensor<4096x!tile.ptr<f64>>
  %nn = arith.constant dense<4096> : tensor<4096xi32>
  %qm = tile.addptr %qs, %nn : tensor<4096x!tile.ptr<f64>>, tensor<4096xi32>
  tile.store %qm, %sm : tensor<4096x!tile.ptr<f64>>
  tile.return
}

tile.func @big_f16(%x: !tile.ptr<f16>, %red: !tile.ptr<f16>, %scan: !tile.ptr<f16>) {
  // 1024 elements: red = [sum x, prod (1 + x / 64)], scan = [addf scan
  // of x, mulf scan of 1 + x / 64], scanned in rows of 128.
  %i = tile.range 0 to 1024 : tensor<1024xi32>
  %pxb = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  %v = tile.load %px : tensor<1024x!tile.ptr<f16>>
  %v2 = tile.reshape %v : tensor<1024xf16> -> tensor<1x1024xf16>
  %s = tile.reduce(%v2) axis = 1 : tensor<1x1024xf16> -> tensor<1xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.addf %a, %b : f16
    tile.yield %t : f16
  }
  // y = 1 + x / 64, in [63/64, 65/64): a product of n of them stays
  // far from overflow and underflow.
  %k = arith.constant dense<0.015625> : tensor<1024xf16>
  %one = arith.constant dense<1.0> : tensor<1024xf16>
  %xk = arith.mulf %v, %k : tensor<1024xf16>
  %y = arith.addf %xk, %one : tensor<1024xf16>
  %y2 = tile.reshape %y : tensor<1024xf16> -> tensor<1x1024xf16>
  %p = tile.reduce(%y2) axis = 1 : tensor<1x1024xf16> -> tensor<1xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.mulf %a, %b : f16
    tile.yield %t : f16
  }
  %v8 = tile.reshape %v : tensor<1024xf16> -> tensor<8x128xf16>
  %y8 = tile.reshape %y : tensor<1024xf16> -> tensor<8x128xf16>
  %sa8 = tile.scan(%v8) axis = 1 : tensor<8x128xf16> -> tensor<8x128xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.addf %a, %b : f16
    tile.yield %t : f16
  }
  %sm8 = tile.scan(%y8) axis = 1 : tensor<8x128xf16> -> tensor<8x128xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.mulf %a, %b : f16
    tile.yield %t : f16
  }
  %sa = tile.reshape %sa8 : tensor<8x128xf16> -> tensor<1024xf16>
  %sm = tile.reshape %sm8 : tensor<8x128xf16> -> tensor<1024xf16>
  %z = tile.range 0 to 1 : tensor<1xi32>
  %q0b = tile.splat %red : tensor<1x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %z : tensor<1x!tile.ptr<f16>>, tensor<1xi32>
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %q1 = tile.addptr %q0, %c1 : tensor<1x!tile.ptr<f16>>, tensor<1xi32>
  tile.store %q0, %s : tensor<1x!tile.ptr<f16>>
  tile.store %q1, %p : tensor<1x!tile.ptr<f16>>
  %qsb = tile.splat %scan : tensor<1024x!tile.ptr<f16>>
  %qs = tile.addptr %qsb, %i : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  tile.store %qs, %sa : tensor<1024x!tile.ptr<f16>>
  %nn = arith.constant dense<1024> : tensor<1024xi32>
  %qm = tile.addptr %qs, %nn : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  tile.store %qm, %sm : tensor<1024x!tile.ptr<f16>>
  tile.return
}

tile.func @big_bf16(%x: !tile.ptr<bf16>, %red: !tile.ptr<bf16>, %scan: !tile.ptr<bf16>) {
  // 1024 elements: red = [sum x, prod (1 + x / 64)], scan = [addf scan
  // of x, mulf scan of 1 + x / 64], scanned in rows of 128.
  %i = tile.range 0 to 1024 : tensor<1024xi32>
  %pxb = tile.splat %x : tensor<1024x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  %v = tile.load %px : tensor<1024x!tile.ptr<bf16>>
  %v2 = tile.reshape %v : tensor<1024xbf16> -> tensor<1x1024xbf16>
  %s = tile.reduce(%v2) axis = 1 : tensor<1x1024xbf16> -> tensor<1xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.addf %a, %b : bf16
    tile.yield %t : bf16
  }
  // y = 1 + x / 64, in [63/64, 65/64): a product of n of them stays
  // far from overflow and underflow.
  %k = arith.constant dense<0.015625> : tensor<1024xbf16>
  %one = arith.constant dense<1.0> : tensor<1024xbf16>
  %xk = arith.mulf %v, %k : tensor<1024xbf16>
  %y = arith.addf %xk, %one : tensor<1024xbf16>
  %y2 = tile.reshape %y : tensor<1024xbf16> -> tensor<1x1024xbf16>
  %p = tile.reduce(%y2) axis = 1 : tensor<1x1024xbf16> -> tensor<1xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.mulf %a, %b : bf16
    tile.yield %t : bf16
  }
  %v8 = tile.reshape %v : tensor<1024xbf16> -> tensor<8x128xbf16>
  %y8 = tile.reshape %y : tensor<1024xbf16> -> tensor<8x128xbf16>
  %sa8 = tile.scan(%v8) axis = 1 : tensor<8x128xbf16> -> tensor<8x128xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.addf %a, %b : bf16
    tile.yield %t : bf16
  }
  %sm8 = tile.scan(%y8) axis = 1 : tensor<8x128xbf16> -> tensor<8x128xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.mulf %a, %b : bf16
    tile.yield %t : bf16
  }
  %sa = tile.reshape %sa8 : tensor<8x128xbf16> -> tensor<1024xbf16>
  %sm = tile.reshape %sm8 : tensor<8x128xbf16> -> tensor<1024xbf16>
  %z = tile.range 0 to 1 : tensor<1xi32>
  %q0b = tile.splat %red : tensor<1x!tile.ptr<bf16>>
  %q0 = tile.addptr %q0b, %z : tensor<1x!tile.ptr<bf16>>, tensor<1xi32>
  %c1 = arith.constant dense<1> : tensor<1xi32>
  %q1 = tile.addptr %q0, %c1 : tensor<1x!tile.ptr<bf16>>, tensor<1xi32>
  tile.store %q0, %s : tensor<1x!tile.ptr<bf16>>
  tile.store %q1, %p : tensor<1x!tile.ptr<bf16>>
  %qsb = tile.splat %scan : tensor<1024x!tile.ptr<bf16>>
  %qs = tile.addptr %qsb, %i : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  tile.store %qs, %sa : tensor<1024x!tile.ptr<bf16>>
  %nn = arith.constant dense<1024> : tensor<1024xi32>
  %qm = tile.addptr %qs, %nn : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  tile.store %qm, %sm : tensor<1024x!tile.ptr<bf16>>
  tile.return
}

tile.func @scan_long_f16(%x: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  // An addf scan of 1024 elements.
  %i = tile.range 0 to 1024 : tensor<1024xi32>
  %pxb = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  %v = tile.load %px : tensor<1024x!tile.ptr<f16>>
  %s = tile.scan(%v) axis = 0 : tensor<1024xf16> -> tensor<1024xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.addf %a, %b : f16
    tile.yield %t : f16
  }
  %qb = tile.splat %out : tensor<1024x!tile.ptr<f16>>
  %q = tile.addptr %qb, %i : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  tile.store %q, %s : tensor<1024x!tile.ptr<f16>>
  tile.return
}

tile.func @scan_long_bf16(%x: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  // An addf scan of 1024 elements.
  %i = tile.range 0 to 1024 : tensor<1024xi32>
  %pxb = tile.splat %x : tensor<1024x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  %v = tile.load %px : tensor<1024x!tile.ptr<bf16>>
  %s = tile.scan(%v) axis = 0 : tensor<1024xbf16> -> tensor<1024xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.addf %a, %b : bf16
    tile.yield %t : bf16
  }
  %qb = tile.splat %out : tensor<1024x!tile.ptr<bf16>>
  %q = tile.addptr %qb, %i : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  tile.store %q, %s : tensor<1024x!tile.ptr<bf16>>
  tile.return
}


tile.func @scan_mulf_long_f16(%x: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  %i = tile.range 0 to 1024 : tensor<1024xi32>
  %px = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %p = tile.addptr %px, %i : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  %v = tile.load %p : tensor<1024x!tile.ptr<f16>>
  %s = tile.scan(%v) axis = 0 : tensor<1024xf16> -> tensor<1024xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.mulf %a, %b : f16
    tile.yield %t : f16
  }
  %po = tile.splat %out : tensor<1024x!tile.ptr<f16>>
  %q = tile.addptr %po, %i : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
  tile.store %q, %s : tensor<1024x!tile.ptr<f16>>
  tile.return
}
