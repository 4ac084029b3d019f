// tile.reduce with float combiners and tile.scan with addf
// (docs/Semantics.md sections 3.8, 5 and 10) on f32, f64, f16 and bf16: each
// of eight rows of eight is reduced along axis 1 by addf, mulf, minimumf,
// maximumf, minnumf and maxnumf, and scanned by addf. Rows: 1..8 | 0.5
// -0.25 2 -1 0.125 4 -0.5 1 | 3 NaN 1 -2 5 0 7 -1 | -0 0 -0 0 -0 0 -0 0 |
// eight -0 | NaN 1 NaN 2 -3 0.5 NaN -0 | eight 1 | inf 1 -inf 2 -0 0 3 4
// (inf + -inf and inf * 0 are NaN in any order; eight rows, not six: the
// GPU targets take power-of-two extents only). Sums and products of these
// are exact in every type (the reference rounds the exact result once: bf16's 8! =
// 40320 rounds to 40448); a NaN makes addf, mulf, minimumf and maximumf NaN
// and is skipped by minnumf and maxnumf; -0 < +0 for every min and max;
// -0 + +0 = +0 and eight -0 sum to -0; a product of an even number of
// negative zeros is +0. The min/max results have bound 0 (the same bits
// everywhere, sign of zero included); sums, products and scans are held to
// section 10's bounds. Expected values derived by hand.

// RUN: %python %S/Inputs/values.py %t.f32 f32 1 2 3 4 5 6 7 8  0.5 -0.25 2 -1 0.125 4 -0.5 1  3 nan 1 -2 5 0 7 -1  -0 0 -0 0 -0 0 -0 0  -0 -0 -0 -0 -0 -0 -0 -0  nan 1 nan 2 -3 0.5 nan -0  1 1 1 1 1 1 1 1  inf 1 -inf 2 -0 0 3 4
// RUN: tile-check %s --kernel reduce_f32 --grid 1 --arg buf:f32:64:file=%t.f32 \
// RUN:   --arg buf:f32:48:poison --arg buf:f32:64:poison --print 1 --print 2 \
// RUN:   | FileCheck %s --check-prefix=F32
// addf | mulf | minimumf | maximumf | minnumf | maxnumf, one value per row.
// F32: reference #1 (f32 x 48): 36 5.875 nan 0 -0 nan 8 nan
// F32-SAME: 40320 -0.0625 nan 0 0 nan 1 nan
// F32-SAME: 1 -1 nan -0 -0 nan 1 -inf
// F32-SAME: 8 4 nan 0 -0 nan 1 inf
// F32-SAME: 1 -1 -2 -0 -0 -3 1 -inf
// F32-SAME: 8 4 7 0 -0 2 1 inf
// Inclusive addf scans of the rows.
// F32: reference #2 (f32 x 64): 1 3 6 10 15 21 28 36
// F32-SAME: 0.5 0.25 2.25 1.25 1.375 5.375 4.875 5.875
// F32-SAME: 3 nan nan nan nan nan nan nan
// F32-SAME: -0 0 0 0 0 0 0 0
// F32-SAME: -0 -0 -0 -0 -0 -0 -0 -0
// F32-SAME: nan nan nan nan nan nan nan nan
// F32-SAME: 1 2 3 4 5 6 7 8
// F32-SAME: inf inf nan nan nan nan nan nan
// F32: tile-check: PASS @reduce_f32 (cpu: 3 buffers match

// RUN: %python %S/Inputs/values.py %t.f64 f64 1 2 3 4 5 6 7 8  0.5 -0.25 2 -1 0.125 4 -0.5 1  3 nan 1 -2 5 0 7 -1  -0 0 -0 0 -0 0 -0 0  -0 -0 -0 -0 -0 -0 -0 -0  nan 1 nan 2 -3 0.5 nan -0  1 1 1 1 1 1 1 1  inf 1 -inf 2 -0 0 3 4
// RUN: tile-check %s --kernel reduce_f64 --grid 1 --arg buf:f64:64:file=%t.f64 \
// RUN:   --arg buf:f64:48:poison --arg buf:f64:64:poison --print 1 --print 2 \
// RUN:   | FileCheck %s --check-prefix=F64
// addf | mulf | minimumf | maximumf | minnumf | maxnumf, one value per row.
// F64: reference #1 (f64 x 48): 36 5.875 nan 0 -0 nan 8 nan
// F64-SAME: 40320 -0.0625 nan 0 0 nan 1 nan
// F64-SAME: 1 -1 nan -0 -0 nan 1 -inf
// F64-SAME: 8 4 nan 0 -0 nan 1 inf
// F64-SAME: 1 -1 -2 -0 -0 -3 1 -inf
// F64-SAME: 8 4 7 0 -0 2 1 inf
// Inclusive addf scans of the rows.
// F64: reference #2 (f64 x 64): 1 3 6 10 15 21 28 36
// F64-SAME: 0.5 0.25 2.25 1.25 1.375 5.375 4.875 5.875
// F64-SAME: 3 nan nan nan nan nan nan nan
// F64-SAME: -0 0 0 0 0 0 0 0
// F64-SAME: -0 -0 -0 -0 -0 -0 -0 -0
// F64-SAME: nan nan nan nan nan nan nan nan
// F64-SAME: 1 2 3 4 5 6 7 8
// F64-SAME: inf inf nan nan nan nan nan nan
// F64: tile-check: PASS @reduce_f64 (cpu: 3 buffers match

// RUN: %python %S/Inputs/values.py %t.f16 f16 1 2 3 4 5 6 7 8  0.5 -0.25 2 -1 0.125 4 -0.5 1  3 nan 1 -2 5 0 7 -1  -0 0 -0 0 -0 0 -0 0  -0 -0 -0 -0 -0 -0 -0 -0  nan 1 nan 2 -3 0.5 nan -0  1 1 1 1 1 1 1 1  inf 1 -inf 2 -0 0 3 4
// RUN: tile-check %s --kernel reduce_f16 --grid 1 --arg buf:f16:64:file=%t.f16 \
// RUN:   --arg buf:f16:48:poison --arg buf:f16:64:poison --print 1 --print 2 \
// RUN:   | FileCheck %s --check-prefix=F16
// addf | mulf | minimumf | maximumf | minnumf | maxnumf, one value per row.
// F16: reference #1 (f16 x 48): 36 5.875 nan 0 -0 nan 8 nan
// F16-SAME: 40320 -0.0625 nan 0 0 nan 1 nan
// F16-SAME: 1 -1 nan -0 -0 nan 1 -inf
// F16-SAME: 8 4 nan 0 -0 nan 1 inf
// F16-SAME: 1 -1 -2 -0 -0 -3 1 -inf
// F16-SAME: 8 4 7 0 -0 2 1 inf
// Inclusive addf scans of the rows.
// F16: reference #2 (f16 x 64): 1 3 6 10 15 21 28 36
// F16-SAME: 0.5 0.25 2.25 1.25 1.375 5.375 4.875 5.875
// F16-SAME: 3 nan nan nan nan nan nan nan
// F16-SAME: -0 0 0 0 0 0 0 0
// F16-SAME: -0 -0 -0 -0 -0 -0 -0 -0
// F16-SAME: nan nan nan nan nan nan nan nan
// F16-SAME: 1 2 3 4 5 6 7 8
// F16-SAME: inf inf nan nan nan nan nan nan
// F16: tile-check: PASS @reduce_f16 (cpu: 3 buffers match

// RUN: %python %S/Inputs/values.py %t.bf16 bf16 1 2 3 4 5 6 7 8  0.5 -0.25 2 -1 0.125 4 -0.5 1  3 nan 1 -2 5 0 7 -1  -0 0 -0 0 -0 0 -0 0  -0 -0 -0 -0 -0 -0 -0 -0  nan 1 nan 2 -3 0.5 nan -0  1 1 1 1 1 1 1 1  inf 1 -inf 2 -0 0 3 4
// RUN: tile-check %s --kernel reduce_bf16 --grid 1 --arg buf:bf16:64:file=%t.bf16 \
// RUN:   --arg buf:bf16:48:poison --arg buf:bf16:64:poison --print 1 --print 2 \
// RUN:   | FileCheck %s --check-prefix=BF16
// addf | mulf | minimumf | maximumf | minnumf | maxnumf, one value per row.
// BF16: reference #1 (bf16 x 48): 36 5.875 nan 0 -0 nan 8 nan
// BF16-SAME: 40448 -0.0625 nan 0 0 nan 1 nan
// BF16-SAME: 1 -1 nan -0 -0 nan 1 -inf
// BF16-SAME: 8 4 nan 0 -0 nan 1 inf
// BF16-SAME: 1 -1 -2 -0 -0 -3 1 -inf
// BF16-SAME: 8 4 7 0 -0 2 1 inf
// Inclusive addf scans of the rows.
// BF16: reference #2 (bf16 x 64): 1 3 6 10 15 21 28 36
// BF16-SAME: 0.5 0.25 2.25 1.25 1.375 5.375 4.875 5.875
// BF16-SAME: 3 nan nan nan nan nan nan nan
// BF16-SAME: -0 0 0 0 0 0 0 0
// BF16-SAME: -0 -0 -0 -0 -0 -0 -0 -0
// BF16-SAME: nan nan nan nan nan nan nan nan
// BF16-SAME: 1 2 3 4 5 6 7 8
// BF16-SAME: inf inf nan nan nan nan nan nan
// BF16: tile-check: PASS @reduce_bf16 (cpu: 3 buffers match

tile.func @reduce_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>, %scan: !tile.ptr<f32>) {
  %rows = tile.range 0 to 8 : tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %ri = tile.expand_dims %rows, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %rib = tile.broadcast %ri : tensor<8x1xi32> -> tensor<8x8xi32>
  %c8 = arith.constant dense<8> : tensor<8x8xi32>
  %ri8 = arith.muli %rib, %c8 : tensor<8x8xi32>
  %cj = tile.expand_dims %r8, 0 : tensor<8xi32> -> tensor<1x8xi32>
  %cjb = tile.broadcast %cj : tensor<1x8xi32> -> tensor<8x8xi32>
  %off = arith.addi %ri8, %cjb : tensor<8x8xi32>
  %pi = tile.splat %in : tensor<8x8x!tile.ptr<f32>>
  %pi1 = tile.addptr %pi, %off : tensor<8x8x!tile.ptr<f32>>, tensor<8x8xi32>
  %x = tile.load %pi1 : tensor<8x8x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<f32>>
  %q0 = tile.addptr %po, %rows : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %stride = arith.constant dense<8> : tensor<8xi32>
  %s0 = tile.reduce(%x) axis = 1 : tensor<8x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %q0, %s0 : tensor<8x!tile.ptr<f32>>
  %q1 = tile.addptr %q0, %stride : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %s1 = tile.reduce(%x) axis = 1 : tensor<8x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %q1, %s1 : tensor<8x!tile.ptr<f32>>
  %q2 = tile.addptr %q1, %stride : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %s2 = tile.reduce(%x) axis = 1 : tensor<8x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.minimumf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %q2, %s2 : tensor<8x!tile.ptr<f32>>
  %q3 = tile.addptr %q2, %stride : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %s3 = tile.reduce(%x) axis = 1 : tensor<8x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maximumf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %q3, %s3 : tensor<8x!tile.ptr<f32>>
  %q4 = tile.addptr %q3, %stride : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %s4 = tile.reduce(%x) axis = 1 : tensor<8x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.minnumf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %q4, %s4 : tensor<8x!tile.ptr<f32>>
  %q5 = tile.addptr %q4, %stride : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %s5 = tile.reduce(%x) axis = 1 : tensor<8x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %q5, %s5 : tensor<8x!tile.ptr<f32>>
  %sc = tile.scan(%x) axis = 1 : tensor<8x8xf32> -> tensor<8x8xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  %ps = tile.splat %scan : tensor<8x8x!tile.ptr<f32>>
  %ps1 = tile.addptr %ps, %off : tensor<8x8x!tile.ptr<f32>>, tensor<8x8xi32>
  tile.store %ps1, %sc : tensor<8x8x!tile.ptr<f32>>
  tile.return
}

tile.func @reduce_f64(%in: !tile.ptr<f64>, %out: !tile.ptr<f64>, %scan: !tile.ptr<f64>) {
  %rows = tile.range 0 to 8 : tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %ri = tile.expand_dims %rows, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %rib = tile.broadcast %ri : tensor<8x1xi32> -> tensor<8x8xi32>
  %c8 = arith.constant dense<8> : tensor<8x8xi32>
  %ri8 = arith.muli %rib, %c8 : tensor<8x8xi32>
  %cj = tile.expand_dims %r8, 0 : tensor<8xi32> -> tensor<1x8xi32>
  %cjb = tile.broadcast %cj : tensor<1x8xi32> -> tensor<8x8xi32>
  %off = arith.addi %ri8, %cjb : tensor<8x8xi32>
  %pi = tile.splat %in : tensor<8x8x!tile.ptr<f64>>
  %pi1 = tile.addptr %pi, %off : tensor<8x8x!tile.ptr<f64>>, tensor<8x8xi32>
  %x = tile.load %pi1 : tensor<8x8x!tile.ptr<f64>>
  %po = tile.splat %out : tensor<8x!tile.ptr<f64>>
  %q0 = tile.addptr %po, %rows : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %stride = arith.constant dense<8> : tensor<8xi32>
  %s0 = tile.reduce(%x) axis = 1 : tensor<8x8xf64> -> tensor<8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    tile.yield %t : f64
  }
  tile.store %q0, %s0 : tensor<8x!tile.ptr<f64>>
  %q1 = tile.addptr %q0, %stride : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %s1 = tile.reduce(%x) axis = 1 : tensor<8x8xf64> -> tensor<8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.mulf %a, %b : f64
    tile.yield %t : f64
  }
  tile.store %q1, %s1 : tensor<8x!tile.ptr<f64>>
  %q2 = tile.addptr %q1, %stride : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %s2 = tile.reduce(%x) axis = 1 : tensor<8x8xf64> -> tensor<8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.minimumf %a, %b : f64
    tile.yield %t : f64
  }
  tile.store %q2, %s2 : tensor<8x!tile.ptr<f64>>
  %q3 = tile.addptr %q2, %stride : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %s3 = tile.reduce(%x) axis = 1 : tensor<8x8xf64> -> tensor<8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.maximumf %a, %b : f64
    tile.yield %t : f64
  }
  tile.store %q3, %s3 : tensor<8x!tile.ptr<f64>>
  %q4 = tile.addptr %q3, %stride : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %s4 = tile.reduce(%x) axis = 1 : tensor<8x8xf64> -> tensor<8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.minnumf %a, %b : f64
    tile.yield %t : f64
  }
  tile.store %q4, %s4 : tensor<8x!tile.ptr<f64>>
  %q5 = tile.addptr %q4, %stride : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %s5 = tile.reduce(%x) axis = 1 : tensor<8x8xf64> -> tensor<8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.maxnumf %a, %b : f64
    tile.yield %t : f64
  }
  tile.store %q5, %s5 : tensor<8x!tile.ptr<f64>>
  %sc = tile.scan(%x) axis = 1 : tensor<8x8xf64> -> tensor<8x8xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    tile.yield %t : f64
  }
  %ps = tile.splat %scan : tensor<8x8x!tile.ptr<f64>>
  %ps1 = tile.addptr %ps, %off : tensor<8x8x!tile.ptr<f64>>, tensor<8x8xi32>
  tile.store %ps1, %sc : tensor<8x8x!tile.ptr<f64>>
  tile.return
}

tile.func @reduce_f16(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>, %scan: !tile.ptr<f16>) {
  %rows = tile.range 0 to 8 : tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %ri = tile.expand_dims %rows, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %rib = tile.broadcast %ri : tensor<8x1xi32> -> tensor<8x8xi32>
  %c8 = arith.constant dense<8> : tensor<8x8xi32>
  %ri8 = arith.muli %rib, %c8 : tensor<8x8xi32>
  %cj = tile.expand_dims %r8, 0 : tensor<8xi32> -> tensor<1x8xi32>
  %cjb = tile.broadcast %cj : tensor<1x8xi32> -> tensor<8x8xi32>
  %off = arith.addi %ri8, %cjb : tensor<8x8xi32>
  %pi = tile.splat %in : tensor<8x8x!tile.ptr<f16>>
  %pi1 = tile.addptr %pi, %off : tensor<8x8x!tile.ptr<f16>>, tensor<8x8xi32>
  %x = tile.load %pi1 : tensor<8x8x!tile.ptr<f16>>
  %po = tile.splat %out : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %po, %rows : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %stride = arith.constant dense<8> : tensor<8xi32>
  %s0 = tile.reduce(%x) axis = 1 : tensor<8x8xf16> -> tensor<8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.addf %a, %b : f16
    tile.yield %t : f16
  }
  tile.store %q0, %s0 : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %q0, %stride : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %s1 = tile.reduce(%x) axis = 1 : tensor<8x8xf16> -> tensor<8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.mulf %a, %b : f16
    tile.yield %t : f16
  }
  tile.store %q1, %s1 : tensor<8x!tile.ptr<f16>>
  %q2 = tile.addptr %q1, %stride : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %s2 = tile.reduce(%x) axis = 1 : tensor<8x8xf16> -> tensor<8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.minimumf %a, %b : f16
    tile.yield %t : f16
  }
  tile.store %q2, %s2 : tensor<8x!tile.ptr<f16>>
  %q3 = tile.addptr %q2, %stride : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %s3 = tile.reduce(%x) axis = 1 : tensor<8x8xf16> -> tensor<8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.maximumf %a, %b : f16
    tile.yield %t : f16
  }
  tile.store %q3, %s3 : tensor<8x!tile.ptr<f16>>
  %q4 = tile.addptr %q3, %stride : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %s4 = tile.reduce(%x) axis = 1 : tensor<8x8xf16> -> tensor<8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.minnumf %a, %b : f16
    tile.yield %t : f16
  }
  tile.store %q4, %s4 : tensor<8x!tile.ptr<f16>>
  %q5 = tile.addptr %q4, %stride : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %s5 = tile.reduce(%x) axis = 1 : tensor<8x8xf16> -> tensor<8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.maxnumf %a, %b : f16
    tile.yield %t : f16
  }
  tile.store %q5, %s5 : tensor<8x!tile.ptr<f16>>
  %sc = tile.scan(%x) axis = 1 : tensor<8x8xf16> -> tensor<8x8xf16> {
  ^bb0(%a: f16, %b: f16):
    %t = arith.addf %a, %b : f16
    tile.yield %t : f16
  }
  %ps = tile.splat %scan : tensor<8x8x!tile.ptr<f16>>
  %ps1 = tile.addptr %ps, %off : tensor<8x8x!tile.ptr<f16>>, tensor<8x8xi32>
  tile.store %ps1, %sc : tensor<8x8x!tile.ptr<f16>>
  tile.return
}

tile.func @reduce_bf16(%in: !tile.ptr<bf16>, %out: !tile.ptr<bf16>, %scan: !tile.ptr<bf16>) {
  %rows = tile.range 0 to 8 : tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %ri = tile.expand_dims %rows, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %rib = tile.broadcast %ri : tensor<8x1xi32> -> tensor<8x8xi32>
  %c8 = arith.constant dense<8> : tensor<8x8xi32>
  %ri8 = arith.muli %rib, %c8 : tensor<8x8xi32>
  %cj = tile.expand_dims %r8, 0 : tensor<8xi32> -> tensor<1x8xi32>
  %cjb = tile.broadcast %cj : tensor<1x8xi32> -> tensor<8x8xi32>
  %off = arith.addi %ri8, %cjb : tensor<8x8xi32>
  %pi = tile.splat %in : tensor<8x8x!tile.ptr<bf16>>
  %pi1 = tile.addptr %pi, %off : tensor<8x8x!tile.ptr<bf16>>, tensor<8x8xi32>
  %x = tile.load %pi1 : tensor<8x8x!tile.ptr<bf16>>
  %po = tile.splat %out : tensor<8x!tile.ptr<bf16>>
  %q0 = tile.addptr %po, %rows : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %stride = arith.constant dense<8> : tensor<8xi32>
  %s0 = tile.reduce(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.addf %a, %b : bf16
    tile.yield %t : bf16
  }
  tile.store %q0, %s0 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q0, %stride : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %s1 = tile.reduce(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.mulf %a, %b : bf16
    tile.yield %t : bf16
  }
  tile.store %q1, %s1 : tensor<8x!tile.ptr<bf16>>
  %q2 = tile.addptr %q1, %stride : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %s2 = tile.reduce(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.minimumf %a, %b : bf16
    tile.yield %t : bf16
  }
  tile.store %q2, %s2 : tensor<8x!tile.ptr<bf16>>
  %q3 = tile.addptr %q2, %stride : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %s3 = tile.reduce(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.maximumf %a, %b : bf16
    tile.yield %t : bf16
  }
  tile.store %q3, %s3 : tensor<8x!tile.ptr<bf16>>
  %q4 = tile.addptr %q3, %stride : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %s4 = tile.reduce(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.minnumf %a, %b : bf16
    tile.yield %t : bf16
  }
  tile.store %q4, %s4 : tensor<8x!tile.ptr<bf16>>
  %q5 = tile.addptr %q4, %stride : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %s5 = tile.reduce(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.maxnumf %a, %b : bf16
    tile.yield %t : bf16
  }
  tile.store %q5, %s5 : tensor<8x!tile.ptr<bf16>>
  %sc = tile.scan(%x) axis = 1 : tensor<8x8xbf16> -> tensor<8x8xbf16> {
  ^bb0(%a: bf16, %b: bf16):
    %t = arith.addf %a, %b : bf16
    tile.yield %t : bf16
  }
  %ps = tile.splat %scan : tensor<8x8x!tile.ptr<bf16>>
  %ps1 = tile.addptr %ps, %off : tensor<8x8x!tile.ptr<bf16>>, tensor<8x8xi32>
  tile.store %ps1, %sc : tensor<8x8x!tile.ptr<bf16>>
  tile.return
}

