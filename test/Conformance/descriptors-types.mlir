// Descriptors on element types other than f32 (docs/Semantics.md section
// 3.5), as descriptors.mlir checks them on f32: a block read outside the
// array (negative offsets included) reads no memory and yields the padding
// (zero; NaN where the type has one and the descriptor asks for it); a
// block stored partly outside writes its in-bounds elements only. The
// array is 3 x 5 with row stride 6, a[i][j] = 6 i + j (iota); the stored
// block holds 100..107 (f8E4M3FN, whose spacing there is 8, holds 16 18
// 18 20 20 20 22 24 instead); the destination is filled with 7 first.
// Expected values from a model of the block's bounds, not from the
// interpreter.

// RUN: %python %S/Inputs/values.py %t.v.i8 i8 100 101 102 103 104 105 106 107
// RUN: tile-check %s --kernel desc_i8 --grid 1 --arg buf:i8:18:iota --arg buf:i8:15:const=7 \
// RUN:   --arg buf:i8:16:poison --arg buf:i8:8:file=%t.v.i8 --print 1 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DESC-I8
// DESC-I8: reference #1 (i8 x 15): 7 7 7 7 7 7 7 7 7 7 7 7 7 100 101
// DESC-I8: reference #2 (i8 x 16): 0 0 0 0 3 4 0 0 8 9 10 0 14 15 16 0
// DESC-I8: tile-check: PASS @desc_i8 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.v.f16 f16 100 101 102 103 104 105 106 107
// RUN: tile-check %s --kernel desc_f16 --grid 1 --arg buf:f16:18:iota --arg buf:f16:15:const=7 \
// RUN:   --arg buf:f16:16:poison --arg buf:f16:8:file=%t.v.f16 --print 1 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DESC-F16
// DESC-F16: reference #1 (f16 x 15): 7 7 7 7 7 7 7 7 7 7 7 7 7 100 101
// DESC-F16: reference #2 (f16 x 16): 0 0 0 0 3 4 0 0 8 9 10 nan 14 15 16 nan
// DESC-F16: tile-check: PASS @desc_f16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.v.bf16 bf16 100 101 102 103 104 105 106 107
// RUN: tile-check %s --kernel desc_bf16 --grid 1 --arg buf:bf16:18:iota --arg buf:bf16:15:const=7 \
// RUN:   --arg buf:bf16:16:poison --arg buf:bf16:8:file=%t.v.bf16 --print 1 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DESC-BF16
// DESC-BF16: reference #1 (bf16 x 15): 7 7 7 7 7 7 7 7 7 7 7 7 7 100 101
// DESC-BF16: reference #2 (bf16 x 16): 0 0 0 0 3 4 0 0 8 9 10 nan 14 15 16 nan
// DESC-BF16: tile-check: PASS @desc_bf16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.v.i64 i64 100 101 102 103 104 105 106 107
// RUN: tile-check %s --kernel desc_i64 --grid 1 --arg buf:i64:18:iota --arg buf:i64:15:const=7 \
// RUN:   --arg buf:i64:16:poison --arg buf:i64:8:file=%t.v.i64 --print 1 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DESC-I64
// DESC-I64: reference #1 (i64 x 15): 7 7 7 7 7 7 7 7 7 7 7 7 7 100 101
// DESC-I64: reference #2 (i64 x 16): 0 0 0 0 3 4 0 0 8 9 10 0 14 15 16 0
// DESC-I64: tile-check: PASS @desc_i64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.v.f64 f64 100 101 102 103 104 105 106 107
// RUN: tile-check %s --kernel desc_f64 --grid 1 --arg buf:f64:18:iota --arg buf:f64:15:const=7 \
// RUN:   --arg buf:f64:16:poison --arg buf:f64:8:file=%t.v.f64 --print 1 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DESC-F64
// DESC-F64: reference #1 (f64 x 15): 7 7 7 7 7 7 7 7 7 7 7 7 7 100 101
// DESC-F64: reference #2 (f64 x 16): 0 0 0 0 3 4 0 0 8 9 10 nan 14 15 16 nan
// DESC-F64: tile-check: PASS @desc_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.v.f8e4m3fn f8e4m3 16 18 18 20 20 20 22 24
// RUN: tile-check %s --kernel desc_f8e4m3fn --grid 1 --arg buf:f8e4m3:18:iota --arg buf:f8e4m3:15:const=7 \
// RUN:   --arg buf:f8e4m3:16:poison --arg buf:f8e4m3:8:file=%t.v.f8e4m3fn --print 1 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DESC-F8E4M3
// DESC-F8E4M3: reference #1 (f8e4m3 x 15): 7 7 7 7 7 7 7 7 7 7 7 7 7 16 18
// DESC-F8E4M3: reference #2 (f8e4m3 x 16): 0 0 0 0 3 4 0 0 8 9 10 nan 14 15 16 nan
// DESC-F8E4M3: tile-check: PASS @desc_f8e4m3fn (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @desc_i8(%a: !tile.ptr<i8>, %out: !tile.ptr<i8>, %blocks: !tile.ptr<i8>, %vals: !tile.ptr<i8>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<i8> -> !tile.desc<tensor<2x4xi8>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<i8> -> !tile.desc<tensor<2x4xi8>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xi8>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xi8>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<i8> -> !tile.desc<tensor<2x4xi8>>
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : tensor<8x!tile.ptr<i8>>
  %vp = tile.addptr %vb, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %v8 = tile.load %vp : tensor<8x!tile.ptr<i8>>
  %v = tile.reshape %v8 : tensor<8xi8> -> tensor<2x4xi8>
  tile.desc_store %dst[%c2, %c3], %v : !tile.desc<tensor<2x4xi8>>
  %f0 = tile.reshape %b0 : tensor<2x4xi8> -> tensor<8xi8>
  %f1 = tile.reshape %b1 : tensor<2x4xi8> -> tensor<8xi8>
  %bb = tile.splat %blocks : tensor<8x!tile.ptr<i8>>
  %p0 = tile.addptr %bb, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %p0, %f0 : tensor<8x!tile.ptr<i8>>
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %p1, %f1 : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @desc_f16(%a: !tile.ptr<f16>, %out: !tile.ptr<f16>, %blocks: !tile.ptr<f16>, %vals: !tile.ptr<f16>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<f16> -> !tile.desc<tensor<2x4xf16>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] padding = nan : !tile.ptr<f16> -> !tile.desc<tensor<2x4xf16>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xf16>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xf16>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<f16> -> !tile.desc<tensor<2x4xf16>>
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : tensor<8x!tile.ptr<f16>>
  %vp = tile.addptr %vb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v8 = tile.load %vp : tensor<8x!tile.ptr<f16>>
  %v = tile.reshape %v8 : tensor<8xf16> -> tensor<2x4xf16>
  tile.desc_store %dst[%c2, %c3], %v : !tile.desc<tensor<2x4xf16>>
  %f0 = tile.reshape %b0 : tensor<2x4xf16> -> tensor<8xf16>
  %f1 = tile.reshape %b1 : tensor<2x4xf16> -> tensor<8xf16>
  %bb = tile.splat %blocks : tensor<8x!tile.ptr<f16>>
  %p0 = tile.addptr %bb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %p0, %f0 : tensor<8x!tile.ptr<f16>>
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %p1, %f1 : tensor<8x!tile.ptr<f16>>
  tile.return
}

tile.func @desc_bf16(%a: !tile.ptr<bf16>, %out: !tile.ptr<bf16>, %blocks: !tile.ptr<bf16>, %vals: !tile.ptr<bf16>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<bf16> -> !tile.desc<tensor<2x4xbf16>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] padding = nan : !tile.ptr<bf16> -> !tile.desc<tensor<2x4xbf16>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xbf16>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xbf16>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<bf16> -> !tile.desc<tensor<2x4xbf16>>
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : tensor<8x!tile.ptr<bf16>>
  %vp = tile.addptr %vb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v8 = tile.load %vp : tensor<8x!tile.ptr<bf16>>
  %v = tile.reshape %v8 : tensor<8xbf16> -> tensor<2x4xbf16>
  tile.desc_store %dst[%c2, %c3], %v : !tile.desc<tensor<2x4xbf16>>
  %f0 = tile.reshape %b0 : tensor<2x4xbf16> -> tensor<8xbf16>
  %f1 = tile.reshape %b1 : tensor<2x4xbf16> -> tensor<8xbf16>
  %bb = tile.splat %blocks : tensor<8x!tile.ptr<bf16>>
  %p0 = tile.addptr %bb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %p0, %f0 : tensor<8x!tile.ptr<bf16>>
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %p1, %f1 : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @desc_i64(%a: !tile.ptr<i64>, %out: !tile.ptr<i64>, %blocks: !tile.ptr<i64>, %vals: !tile.ptr<i64>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<i64> -> !tile.desc<tensor<2x4xi64>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<i64> -> !tile.desc<tensor<2x4xi64>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xi64>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xi64>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<i64> -> !tile.desc<tensor<2x4xi64>>
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : tensor<8x!tile.ptr<i64>>
  %vp = tile.addptr %vb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %v8 = tile.load %vp : tensor<8x!tile.ptr<i64>>
  %v = tile.reshape %v8 : tensor<8xi64> -> tensor<2x4xi64>
  tile.desc_store %dst[%c2, %c3], %v : !tile.desc<tensor<2x4xi64>>
  %f0 = tile.reshape %b0 : tensor<2x4xi64> -> tensor<8xi64>
  %f1 = tile.reshape %b1 : tensor<2x4xi64> -> tensor<8xi64>
  %bb = tile.splat %blocks : tensor<8x!tile.ptr<i64>>
  %p0 = tile.addptr %bb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %p0, %f0 : tensor<8x!tile.ptr<i64>>
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %p1, %f1 : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @desc_f64(%a: !tile.ptr<f64>, %out: !tile.ptr<f64>, %blocks: !tile.ptr<f64>, %vals: !tile.ptr<f64>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<f64> -> !tile.desc<tensor<2x4xf64>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] padding = nan : !tile.ptr<f64> -> !tile.desc<tensor<2x4xf64>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xf64>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xf64>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<f64> -> !tile.desc<tensor<2x4xf64>>
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : tensor<8x!tile.ptr<f64>>
  %vp = tile.addptr %vb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v8 = tile.load %vp : tensor<8x!tile.ptr<f64>>
  %v = tile.reshape %v8 : tensor<8xf64> -> tensor<2x4xf64>
  tile.desc_store %dst[%c2, %c3], %v : !tile.desc<tensor<2x4xf64>>
  %f0 = tile.reshape %b0 : tensor<2x4xf64> -> tensor<8xf64>
  %f1 = tile.reshape %b1 : tensor<2x4xf64> -> tensor<8xf64>
  %bb = tile.splat %blocks : tensor<8x!tile.ptr<f64>>
  %p0 = tile.addptr %bb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %p0, %f0 : tensor<8x!tile.ptr<f64>>
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %p1, %f1 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @desc_f8e4m3fn(%a: !tile.ptr<f8E4M3FN>, %out: !tile.ptr<f8E4M3FN>, %blocks: !tile.ptr<f8E4M3FN>, %vals: !tile.ptr<f8E4M3FN>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<f8E4M3FN> -> !tile.desc<tensor<2x4xf8E4M3FN>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] padding = nan : !tile.ptr<f8E4M3FN> -> !tile.desc<tensor<2x4xf8E4M3FN>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xf8E4M3FN>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xf8E4M3FN>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<f8E4M3FN> -> !tile.desc<tensor<2x4xf8E4M3FN>>
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : tensor<8x!tile.ptr<f8E4M3FN>>
  %vp = tile.addptr %vb, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %v8 = tile.load %vp : tensor<8x!tile.ptr<f8E4M3FN>>
  %v = tile.reshape %v8 : tensor<8xf8E4M3FN> -> tensor<2x4xf8E4M3FN>
  tile.desc_store %dst[%c2, %c3], %v : !tile.desc<tensor<2x4xf8E4M3FN>>
  %f0 = tile.reshape %b0 : tensor<2x4xf8E4M3FN> -> tensor<8xf8E4M3FN>
  %f1 = tile.reshape %b1 : tensor<2x4xf8E4M3FN> -> tensor<8xf8E4M3FN>
  %bb = tile.splat %blocks : tensor<8x!tile.ptr<f8E4M3FN>>
  %p0 = tile.addptr %bb, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %p0, %f0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %p1, %f1 : tensor<8x!tile.ptr<f8E4M3FN>>
  tile.return
}
