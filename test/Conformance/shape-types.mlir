// Building and reshaping tiles of 8-, 16- and 64-bit elements (i8,
// f8E4M3FN, f16, i64, f64; docs/Semantics.md section 3.1, all exact: shape
// ops move elements, bits included: -0, NaN, infinities, subnormals and
// 64-bit integers come through unchanged). a and b are 16 elements each,
// read as 2 x 8: trans, reshape (row-major), cat along either axis, join,
// split, expand_dims then broadcast, and a 3-D reshape + trans [2, 0, 1].
// Expected values from a model of the row-major element order, lane by
// lane, not from the interpreter.

// RUN: %python %S/Inputs/values.py %t.a.i8 i8 -128 127 -1 0 1 2 3 4 5 6 7 8 9 10 -100 100
// RUN: %python %S/Inputs/values.py %t.b.i8 i8 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
// RUN: tile-check %s --kernel shapes_i8 --grid 1 --arg buf:i8:16:file=%t.a.i8 \
// RUN:   --arg buf:i8:16:file=%t.b.i8 --arg buf:i8:176:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SHAPE-I8
// trans | cat axis 0 | cat axis 1 | join | split (left | right) | broadcast | 3-D trans
// SHAPE-I8: reference #2 (i8 x 176):
// SHAPE-I8-SAME: -128 5 127 6 -1 7 0 8 1 9 2 10 3 -100 4 100
// SHAPE-I8-SAME: -128 127 -1 0 1 2 3 4 5 6 7 8 9 10 -100 100
// SHAPE-I8-SAME: 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26
// SHAPE-I8-SAME: -128 127 -1 0 1 2 3 4 11 12 13 14 15 16 17 18
// SHAPE-I8-SAME: 5 6 7 8 9 10 -100 100 19 20 21 22 23 24 25 26
// SHAPE-I8-SAME: -128 11 127 12 -1 13 0 14 1 15 2 16 3 17 4 18
// SHAPE-I8-SAME: 5 19 6 20 7 21 8 22 9 23 10 24 -100 25 100 26
// SHAPE-I8-SAME: -128 127 -1 0 1 2 3 4 5 6 7 8 9 10 -100 100
// SHAPE-I8-SAME: -128 127 -1 0 1 2 3 4 5 6 7 8 9 10 -100 100
// SHAPE-I8-SAME: -128 127 -1 0 1 2 3 4 5 6 7 8 9 10 -100 100
// SHAPE-I8-SAME: -128 1 5 9 127 2 6 10 -1 3 7 -100 0 4 8 100
// SHAPE-I8: tile-check: PASS @shapes_i8 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.a.f8 f8e4m3 448 -448 -0 0 0.5 1 1.5 2 3 4 6 8 12 16 0.001953125 nan
// RUN: %python %S/Inputs/values.py %t.b.f8 f8e4m3 -1 -2 -3 -4 -6 -8 -12 -16 24 32 48 64 96 128 192 256
// RUN: tile-check %s --kernel shapes_f8 --grid 1 --arg buf:f8e4m3:16:file=%t.a.f8 \
// RUN:   --arg buf:f8e4m3:16:file=%t.b.f8 --arg buf:f8e4m3:176:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SHAPE-F8
// trans | cat axis 0 | cat axis 1 | join | split (left | right) | broadcast | 3-D trans
// SHAPE-F8: reference #2 (f8e4m3 x 176):
// SHAPE-F8-SAME: 448 3 -448 4 -0 6 0 8 0.5 12 1 16 1.5 0.001953125 2 nan
// SHAPE-F8-SAME: 448 -448 -0 0 0.5 1 1.5 2 3 4 6 8 12 16 0.001953125 nan
// SHAPE-F8-SAME: -1 -2 -3 -4 -6 -8 -12 -16 24 32 48 64 96 128 192 256
// SHAPE-F8-SAME: 448 -448 -0 0 0.5 1 1.5 2 -1 -2 -3 -4 -6 -8 -12 -16
// SHAPE-F8-SAME: 3 4 6 8 12 16 0.001953125 nan 24 32 48 64 96 128 192 256
// SHAPE-F8-SAME: 448 -1 -448 -2 -0 -3 0 -4 0.5 -6 1 -8 1.5 -12 2 -16
// SHAPE-F8-SAME: 3 24 4 32 6 48 8 64 12 96 16 128 0.001953125 192 nan 256
// SHAPE-F8-SAME: 448 -448 -0 0 0.5 1 1.5 2 3 4 6 8 12 16 0.001953125 nan
// SHAPE-F8-SAME: 448 -448 -0 0 0.5 1 1.5 2 3 4 6 8 12 16 0.001953125 nan
// SHAPE-F8-SAME: 448 -448 -0 0 0.5 1 1.5 2 3 4 6 8 12 16 0.001953125 nan
// SHAPE-F8-SAME: 448 0.5 3 12 -448 1 4 16 -0 1.5 6 0.001953125 0 2 8 nan
// SHAPE-F8: tile-check: PASS @shapes_f8 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.a.i64 i64 -9223372036854775808 9223372036854775807 -1 0 1099511627776 3 4611686018427387904 5 6 7 8 9 10 11 -8589934592 13
// RUN: %python %S/Inputs/values.py %t.b.i64 i64 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115
// RUN: tile-check %s --kernel shapes_i64 --grid 1 --arg buf:i64:16:file=%t.a.i64 \
// RUN:   --arg buf:i64:16:file=%t.b.i64 --arg buf:i64:176:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SHAPE-I64
// trans | cat axis 0 | cat axis 1 | join | split (left | right) | broadcast | 3-D trans
// SHAPE-I64: reference #2 (i64 x 176):
// SHAPE-I64-SAME: -9223372036854775808 6 9223372036854775807 7 -1 8 0 9 1099511627776 10 3 11 4611686018427387904 -8589934592 5 13
// SHAPE-I64-SAME: -9223372036854775808 9223372036854775807 -1 0 1099511627776 3 4611686018427387904 5 6 7 8 9 10 11 -8589934592 13
// SHAPE-I64-SAME: 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115
// SHAPE-I64-SAME: -9223372036854775808 9223372036854775807 -1 0 1099511627776 3 4611686018427387904 5 100 101 102 103 104 105 106 107
// SHAPE-I64-SAME: 6 7 8 9 10 11 -8589934592 13 108 109 110 111 112 113 114 115
// SHAPE-I64-SAME: -9223372036854775808 100 9223372036854775807 101 -1 102 0 103 1099511627776 104 3 105 4611686018427387904 106 5 107
// SHAPE-I64-SAME: 6 108 7 109 8 110 9 111 10 112 11 113 -8589934592 114 13 115
// SHAPE-I64-SAME: -9223372036854775808 9223372036854775807 -1 0 1099511627776 3 4611686018427387904 5 6 7 8 9 10 11 -8589934592 13
// SHAPE-I64-SAME: -9223372036854775808 9223372036854775807 -1 0 1099511627776 3 4611686018427387904 5 6 7 8 9 10 11 -8589934592 13
// SHAPE-I64-SAME: -9223372036854775808 9223372036854775807 -1 0 1099511627776 3 4611686018427387904 5 6 7 8 9 10 11 -8589934592 13
// SHAPE-I64-SAME: -9223372036854775808 1099511627776 6 10 9223372036854775807 3 7 11 -1 4611686018427387904 8 -8589934592 0 5 9 13
// SHAPE-I64: tile-check: PASS @shapes_i64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.a.f64 f64 nan inf -inf -0 0.1 1e+300 5e-324 2 3 4 5 6 7 8 9 10
// RUN: %python %S/Inputs/values.py %t.b.f64 f64 0.0 0.25 0.5 0.75 1.0 1.25 1.5 1.75 2.0 2.25 2.5 2.75 3.0 3.25 3.5 3.75
// RUN: tile-check %s --kernel shapes_f64 --grid 1 --arg buf:f64:16:file=%t.a.f64 \
// RUN:   --arg buf:f64:16:file=%t.b.f64 --arg buf:f64:176:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SHAPE-F64
// trans | cat axis 0 | cat axis 1 | join | split (left | right) | broadcast | 3-D trans
// SHAPE-F64: reference #2 (f64 x 176):
// SHAPE-F64-SAME: nan 3 inf 4 -inf 5 -0 6 0.10000000000000001 7 1.0000000000000001e+300 8 4.9406564584124654e-324 9 2 10
// SHAPE-F64-SAME: nan inf -inf -0 0.10000000000000001 1.0000000000000001e+300 4.9406564584124654e-324 2 3 4 5 6 7 8 9 10
// SHAPE-F64-SAME: 0 0.25 0.5 0.75 1 1.25 1.5 1.75 2 2.25 2.5 2.75 3 3.25 3.5 3.75
// SHAPE-F64-SAME: nan inf -inf -0 0.10000000000000001 1.0000000000000001e+300 4.9406564584124654e-324 2 0 0.25 0.5 0.75 1 1.25 1.5 1.75
// SHAPE-F64-SAME: 3 4 5 6 7 8 9 10 2 2.25 2.5 2.75 3 3.25 3.5 3.75
// SHAPE-F64-SAME: nan 0 inf 0.25 -inf 0.5 -0 0.75 0.10000000000000001 1 1.0000000000000001e+300 1.25 4.9406564584124654e-324 1.5 2 1.75
// SHAPE-F64-SAME: 3 2 4 2.25 5 2.5 6 2.75 7 3 8 3.25 9 3.5 10 3.75
// SHAPE-F64-SAME: nan inf -inf -0 0.10000000000000001 1.0000000000000001e+300 4.9406564584124654e-324 2 3 4 5 6 7 8 9 10
// SHAPE-F64-SAME: nan inf -inf -0 0.10000000000000001 1.0000000000000001e+300 4.9406564584124654e-324 2 3 4 5 6 7 8 9 10
// SHAPE-F64-SAME: nan inf -inf -0 0.10000000000000001 1.0000000000000001e+300 4.9406564584124654e-324 2 3 4 5 6 7 8 9 10
// SHAPE-F64-SAME: nan 0.10000000000000001 3 7 inf 1.0000000000000001e+300 4 8 -inf 4.9406564584124654e-324 5 9 -0 2 6 10
// SHAPE-F64: tile-check: PASS @shapes_f64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.a.f16 f16 nan inf -inf -0 65504 5.960464477539063e-08 1 2 3 4 5 6 7 8 9 10
// RUN: %python %S/Inputs/values.py %t.b.f16 f16 0.0 0.25 0.5 0.75 1.0 1.25 1.5 1.75 2.0 2.25 2.5 2.75 3.0 3.25 3.5 3.75
// RUN: tile-check %s --kernel shapes_f16 --grid 1 --arg buf:f16:16:file=%t.a.f16 \
// RUN:   --arg buf:f16:16:file=%t.b.f16 --arg buf:f16:176:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SHAPE-F16
// trans | cat axis 0 | cat axis 1 | join | split (left | right) | broadcast | 3-D trans
// SHAPE-F16: reference #2 (f16 x 176):
// SHAPE-F16-SAME: nan 3 inf 4 -inf 5 -0 6 65504 7 5.96046448e-08 8 1 9 2 10
// SHAPE-F16-SAME: nan inf -inf -0 65504 5.96046448e-08 1 2 3 4 5 6 7 8 9 10
// SHAPE-F16-SAME: 0 0.25 0.5 0.75 1 1.25 1.5 1.75 2 2.25 2.5 2.75 3 3.25 3.5 3.75
// SHAPE-F16-SAME: nan inf -inf -0 65504 5.96046448e-08 1 2 0 0.25 0.5 0.75 1 1.25 1.5 1.75
// SHAPE-F16-SAME: 3 4 5 6 7 8 9 10 2 2.25 2.5 2.75 3 3.25 3.5 3.75
// SHAPE-F16-SAME: nan 0 inf 0.25 -inf 0.5 -0 0.75 65504 1 5.96046448e-08 1.25 1 1.5 2 1.75
// SHAPE-F16-SAME: 3 2 4 2.25 5 2.5 6 2.75 7 3 8 3.25 9 3.5 10 3.75
// SHAPE-F16-SAME: nan inf -inf -0 65504 5.96046448e-08 1 2 3 4 5 6 7 8 9 10
// SHAPE-F16-SAME: nan inf -inf -0 65504 5.96046448e-08 1 2 3 4 5 6 7 8 9 10
// SHAPE-F16-SAME: nan inf -inf -0 65504 5.96046448e-08 1 2 3 4 5 6 7 8 9 10
// SHAPE-F16-SAME: nan 65504 3 7 inf 5.96046448e-08 4 8 -inf 1 5 9 -0 2 6 10
// SHAPE-F16: tile-check: PASS @shapes_f16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @shapes_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %out: !tile.ptr<i8>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %ab = tile.splat %a : tensor<16x!tile.ptr<i8>>
  %ap = tile.addptr %ab, %i : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %av = tile.load %ap : tensor<16x!tile.ptr<i8>>
  %a2 = tile.reshape %av : tensor<16xi8> -> tensor<2x8xi8>
  %bb = tile.splat %b : tensor<16x!tile.ptr<i8>>
  %bp = tile.addptr %bb, %i : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %bv = tile.load %bp : tensor<16x!tile.ptr<i8>>
  %b2 = tile.reshape %bv : tensor<16xi8> -> tensor<2x8xi8>
  %t = tile.trans %a2, [1, 0] : tensor<2x8xi8> -> tensor<8x2xi8>
  %t16 = tile.reshape %t : tensor<8x2xi8> -> tensor<16xi8>
  %c0 = tile.cat %a2, %b2, 0 : tensor<2x8xi8> -> tensor<4x8xi8>
  %c0f = tile.reshape %c0 : tensor<4x8xi8> -> tensor<32xi8>
  %c1 = tile.cat %a2, %b2, 1 : tensor<2x8xi8> -> tensor<2x16xi8>
  %c1f = tile.reshape %c1 : tensor<2x16xi8> -> tensor<32xi8>
  %j = tile.join %av, %bv : tensor<16xi8> -> tensor<16x2xi8>
  %jf = tile.reshape %j : tensor<16x2xi8> -> tensor<32xi8>
  %sl, %sr = tile.split %t : tensor<8x2xi8> -> tensor<8xi8>
  %e = tile.expand_dims %av, 0 : tensor<16xi8> -> tensor<1x16xi8>
  %eb = tile.broadcast %e : tensor<1x16xi8> -> tensor<2x16xi8>
  %ebf = tile.reshape %eb : tensor<2x16xi8> -> tensor<32xi8>
  %d = tile.reshape %av : tensor<16xi8> -> tensor<2x2x4xi8>
  %dt = tile.trans %d, [2, 0, 1] : tensor<2x2x4xi8> -> tensor<4x2x2xi8>
  %dtf = tile.reshape %dt : tensor<4x2x2xi8> -> tensor<16xi8>
  %at_0 = arith.constant 0 : i32
  %base_0 = tile.addptr %out, %at_0 : !tile.ptr<i8>, i32
  %bs_0 = tile.splat %base_0 : tensor<16x!tile.ptr<i8>>
  %r_0 = tile.range 0 to 16 : tensor<16xi32>
  %ps_0 = tile.addptr %bs_0, %r_0 : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  tile.store %ps_0, %t16 : tensor<16x!tile.ptr<i8>>
  %at_1 = arith.constant 16 : i32
  %base_1 = tile.addptr %out, %at_1 : !tile.ptr<i8>, i32
  %bs_1 = tile.splat %base_1 : tensor<32x!tile.ptr<i8>>
  %r_1 = tile.range 0 to 32 : tensor<32xi32>
  %ps_1 = tile.addptr %bs_1, %r_1 : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  tile.store %ps_1, %c0f : tensor<32x!tile.ptr<i8>>
  %at_2 = arith.constant 48 : i32
  %base_2 = tile.addptr %out, %at_2 : !tile.ptr<i8>, i32
  %bs_2 = tile.splat %base_2 : tensor<32x!tile.ptr<i8>>
  %r_2 = tile.range 0 to 32 : tensor<32xi32>
  %ps_2 = tile.addptr %bs_2, %r_2 : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  tile.store %ps_2, %c1f : tensor<32x!tile.ptr<i8>>
  %at_3 = arith.constant 80 : i32
  %base_3 = tile.addptr %out, %at_3 : !tile.ptr<i8>, i32
  %bs_3 = tile.splat %base_3 : tensor<32x!tile.ptr<i8>>
  %r_3 = tile.range 0 to 32 : tensor<32xi32>
  %ps_3 = tile.addptr %bs_3, %r_3 : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  tile.store %ps_3, %jf : tensor<32x!tile.ptr<i8>>
  %at_4 = arith.constant 112 : i32
  %base_4 = tile.addptr %out, %at_4 : !tile.ptr<i8>, i32
  %bs_4 = tile.splat %base_4 : tensor<8x!tile.ptr<i8>>
  %r_4 = tile.range 0 to 8 : tensor<8xi32>
  %ps_4 = tile.addptr %bs_4, %r_4 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %ps_4, %sl : tensor<8x!tile.ptr<i8>>
  %at_5 = arith.constant 120 : i32
  %base_5 = tile.addptr %out, %at_5 : !tile.ptr<i8>, i32
  %bs_5 = tile.splat %base_5 : tensor<8x!tile.ptr<i8>>
  %r_5 = tile.range 0 to 8 : tensor<8xi32>
  %ps_5 = tile.addptr %bs_5, %r_5 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %ps_5, %sr : tensor<8x!tile.ptr<i8>>
  %at_6 = arith.constant 128 : i32
  %base_6 = tile.addptr %out, %at_6 : !tile.ptr<i8>, i32
  %bs_6 = tile.splat %base_6 : tensor<32x!tile.ptr<i8>>
  %r_6 = tile.range 0 to 32 : tensor<32xi32>
  %ps_6 = tile.addptr %bs_6, %r_6 : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  tile.store %ps_6, %ebf : tensor<32x!tile.ptr<i8>>
  %at_7 = arith.constant 160 : i32
  %base_7 = tile.addptr %out, %at_7 : !tile.ptr<i8>, i32
  %bs_7 = tile.splat %base_7 : tensor<16x!tile.ptr<i8>>
  %r_7 = tile.range 0 to 16 : tensor<16xi32>
  %ps_7 = tile.addptr %bs_7, %r_7 : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  tile.store %ps_7, %dtf : tensor<16x!tile.ptr<i8>>
  tile.return
}

tile.func @shapes_f8(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E4M3FN>, %out: !tile.ptr<f8E4M3FN>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %ab = tile.splat %a : tensor<16x!tile.ptr<f8E4M3FN>>
  %ap = tile.addptr %ab, %i : tensor<16x!tile.ptr<f8E4M3FN>>, tensor<16xi32>
  %av = tile.load %ap : tensor<16x!tile.ptr<f8E4M3FN>>
  %a2 = tile.reshape %av : tensor<16xf8E4M3FN> -> tensor<2x8xf8E4M3FN>
  %bb = tile.splat %b : tensor<16x!tile.ptr<f8E4M3FN>>
  %bp = tile.addptr %bb, %i : tensor<16x!tile.ptr<f8E4M3FN>>, tensor<16xi32>
  %bv = tile.load %bp : tensor<16x!tile.ptr<f8E4M3FN>>
  %b2 = tile.reshape %bv : tensor<16xf8E4M3FN> -> tensor<2x8xf8E4M3FN>
  %t = tile.trans %a2, [1, 0] : tensor<2x8xf8E4M3FN> -> tensor<8x2xf8E4M3FN>
  %t16 = tile.reshape %t : tensor<8x2xf8E4M3FN> -> tensor<16xf8E4M3FN>
  %c0 = tile.cat %a2, %b2, 0 : tensor<2x8xf8E4M3FN> -> tensor<4x8xf8E4M3FN>
  %c0f = tile.reshape %c0 : tensor<4x8xf8E4M3FN> -> tensor<32xf8E4M3FN>
  %c1 = tile.cat %a2, %b2, 1 : tensor<2x8xf8E4M3FN> -> tensor<2x16xf8E4M3FN>
  %c1f = tile.reshape %c1 : tensor<2x16xf8E4M3FN> -> tensor<32xf8E4M3FN>
  %j = tile.join %av, %bv : tensor<16xf8E4M3FN> -> tensor<16x2xf8E4M3FN>
  %jf = tile.reshape %j : tensor<16x2xf8E4M3FN> -> tensor<32xf8E4M3FN>
  %sl, %sr = tile.split %t : tensor<8x2xf8E4M3FN> -> tensor<8xf8E4M3FN>
  %e = tile.expand_dims %av, 0 : tensor<16xf8E4M3FN> -> tensor<1x16xf8E4M3FN>
  %eb = tile.broadcast %e : tensor<1x16xf8E4M3FN> -> tensor<2x16xf8E4M3FN>
  %ebf = tile.reshape %eb : tensor<2x16xf8E4M3FN> -> tensor<32xf8E4M3FN>
  %d = tile.reshape %av : tensor<16xf8E4M3FN> -> tensor<2x2x4xf8E4M3FN>
  %dt = tile.trans %d, [2, 0, 1] : tensor<2x2x4xf8E4M3FN> -> tensor<4x2x2xf8E4M3FN>
  %dtf = tile.reshape %dt : tensor<4x2x2xf8E4M3FN> -> tensor<16xf8E4M3FN>
  %at_0 = arith.constant 0 : i32
  %base_0 = tile.addptr %out, %at_0 : !tile.ptr<f8E4M3FN>, i32
  %bs_0 = tile.splat %base_0 : tensor<16x!tile.ptr<f8E4M3FN>>
  %r_0 = tile.range 0 to 16 : tensor<16xi32>
  %ps_0 = tile.addptr %bs_0, %r_0 : tensor<16x!tile.ptr<f8E4M3FN>>, tensor<16xi32>
  tile.store %ps_0, %t16 : tensor<16x!tile.ptr<f8E4M3FN>>
  %at_1 = arith.constant 16 : i32
  %base_1 = tile.addptr %out, %at_1 : !tile.ptr<f8E4M3FN>, i32
  %bs_1 = tile.splat %base_1 : tensor<32x!tile.ptr<f8E4M3FN>>
  %r_1 = tile.range 0 to 32 : tensor<32xi32>
  %ps_1 = tile.addptr %bs_1, %r_1 : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  tile.store %ps_1, %c0f : tensor<32x!tile.ptr<f8E4M3FN>>
  %at_2 = arith.constant 48 : i32
  %base_2 = tile.addptr %out, %at_2 : !tile.ptr<f8E4M3FN>, i32
  %bs_2 = tile.splat %base_2 : tensor<32x!tile.ptr<f8E4M3FN>>
  %r_2 = tile.range 0 to 32 : tensor<32xi32>
  %ps_2 = tile.addptr %bs_2, %r_2 : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  tile.store %ps_2, %c1f : tensor<32x!tile.ptr<f8E4M3FN>>
  %at_3 = arith.constant 80 : i32
  %base_3 = tile.addptr %out, %at_3 : !tile.ptr<f8E4M3FN>, i32
  %bs_3 = tile.splat %base_3 : tensor<32x!tile.ptr<f8E4M3FN>>
  %r_3 = tile.range 0 to 32 : tensor<32xi32>
  %ps_3 = tile.addptr %bs_3, %r_3 : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  tile.store %ps_3, %jf : tensor<32x!tile.ptr<f8E4M3FN>>
  %at_4 = arith.constant 112 : i32
  %base_4 = tile.addptr %out, %at_4 : !tile.ptr<f8E4M3FN>, i32
  %bs_4 = tile.splat %base_4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %r_4 = tile.range 0 to 8 : tensor<8xi32>
  %ps_4 = tile.addptr %bs_4, %r_4 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %ps_4, %sl : tensor<8x!tile.ptr<f8E4M3FN>>
  %at_5 = arith.constant 120 : i32
  %base_5 = tile.addptr %out, %at_5 : !tile.ptr<f8E4M3FN>, i32
  %bs_5 = tile.splat %base_5 : tensor<8x!tile.ptr<f8E4M3FN>>
  %r_5 = tile.range 0 to 8 : tensor<8xi32>
  %ps_5 = tile.addptr %bs_5, %r_5 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %ps_5, %sr : tensor<8x!tile.ptr<f8E4M3FN>>
  %at_6 = arith.constant 128 : i32
  %base_6 = tile.addptr %out, %at_6 : !tile.ptr<f8E4M3FN>, i32
  %bs_6 = tile.splat %base_6 : tensor<32x!tile.ptr<f8E4M3FN>>
  %r_6 = tile.range 0 to 32 : tensor<32xi32>
  %ps_6 = tile.addptr %bs_6, %r_6 : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  tile.store %ps_6, %ebf : tensor<32x!tile.ptr<f8E4M3FN>>
  %at_7 = arith.constant 160 : i32
  %base_7 = tile.addptr %out, %at_7 : !tile.ptr<f8E4M3FN>, i32
  %bs_7 = tile.splat %base_7 : tensor<16x!tile.ptr<f8E4M3FN>>
  %r_7 = tile.range 0 to 16 : tensor<16xi32>
  %ps_7 = tile.addptr %bs_7, %r_7 : tensor<16x!tile.ptr<f8E4M3FN>>, tensor<16xi32>
  tile.store %ps_7, %dtf : tensor<16x!tile.ptr<f8E4M3FN>>
  tile.return
}

tile.func @shapes_i64(%a: !tile.ptr<i64>, %b: !tile.ptr<i64>, %out: !tile.ptr<i64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %ab = tile.splat %a : tensor<16x!tile.ptr<i64>>
  %ap = tile.addptr %ab, %i : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %av = tile.load %ap : tensor<16x!tile.ptr<i64>>
  %a2 = tile.reshape %av : tensor<16xi64> -> tensor<2x8xi64>
  %bb = tile.splat %b : tensor<16x!tile.ptr<i64>>
  %bp = tile.addptr %bb, %i : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %bv = tile.load %bp : tensor<16x!tile.ptr<i64>>
  %b2 = tile.reshape %bv : tensor<16xi64> -> tensor<2x8xi64>
  %t = tile.trans %a2, [1, 0] : tensor<2x8xi64> -> tensor<8x2xi64>
  %t16 = tile.reshape %t : tensor<8x2xi64> -> tensor<16xi64>
  %c0 = tile.cat %a2, %b2, 0 : tensor<2x8xi64> -> tensor<4x8xi64>
  %c0f = tile.reshape %c0 : tensor<4x8xi64> -> tensor<32xi64>
  %c1 = tile.cat %a2, %b2, 1 : tensor<2x8xi64> -> tensor<2x16xi64>
  %c1f = tile.reshape %c1 : tensor<2x16xi64> -> tensor<32xi64>
  %j = tile.join %av, %bv : tensor<16xi64> -> tensor<16x2xi64>
  %jf = tile.reshape %j : tensor<16x2xi64> -> tensor<32xi64>
  %sl, %sr = tile.split %t : tensor<8x2xi64> -> tensor<8xi64>
  %e = tile.expand_dims %av, 0 : tensor<16xi64> -> tensor<1x16xi64>
  %eb = tile.broadcast %e : tensor<1x16xi64> -> tensor<2x16xi64>
  %ebf = tile.reshape %eb : tensor<2x16xi64> -> tensor<32xi64>
  %d = tile.reshape %av : tensor<16xi64> -> tensor<2x2x4xi64>
  %dt = tile.trans %d, [2, 0, 1] : tensor<2x2x4xi64> -> tensor<4x2x2xi64>
  %dtf = tile.reshape %dt : tensor<4x2x2xi64> -> tensor<16xi64>
  %at_0 = arith.constant 0 : i32
  %base_0 = tile.addptr %out, %at_0 : !tile.ptr<i64>, i32
  %bs_0 = tile.splat %base_0 : tensor<16x!tile.ptr<i64>>
  %r_0 = tile.range 0 to 16 : tensor<16xi32>
  %ps_0 = tile.addptr %bs_0, %r_0 : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %ps_0, %t16 : tensor<16x!tile.ptr<i64>>
  %at_1 = arith.constant 16 : i32
  %base_1 = tile.addptr %out, %at_1 : !tile.ptr<i64>, i32
  %bs_1 = tile.splat %base_1 : tensor<32x!tile.ptr<i64>>
  %r_1 = tile.range 0 to 32 : tensor<32xi32>
  %ps_1 = tile.addptr %bs_1, %r_1 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  tile.store %ps_1, %c0f : tensor<32x!tile.ptr<i64>>
  %at_2 = arith.constant 48 : i32
  %base_2 = tile.addptr %out, %at_2 : !tile.ptr<i64>, i32
  %bs_2 = tile.splat %base_2 : tensor<32x!tile.ptr<i64>>
  %r_2 = tile.range 0 to 32 : tensor<32xi32>
  %ps_2 = tile.addptr %bs_2, %r_2 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  tile.store %ps_2, %c1f : tensor<32x!tile.ptr<i64>>
  %at_3 = arith.constant 80 : i32
  %base_3 = tile.addptr %out, %at_3 : !tile.ptr<i64>, i32
  %bs_3 = tile.splat %base_3 : tensor<32x!tile.ptr<i64>>
  %r_3 = tile.range 0 to 32 : tensor<32xi32>
  %ps_3 = tile.addptr %bs_3, %r_3 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  tile.store %ps_3, %jf : tensor<32x!tile.ptr<i64>>
  %at_4 = arith.constant 112 : i32
  %base_4 = tile.addptr %out, %at_4 : !tile.ptr<i64>, i32
  %bs_4 = tile.splat %base_4 : tensor<8x!tile.ptr<i64>>
  %r_4 = tile.range 0 to 8 : tensor<8xi32>
  %ps_4 = tile.addptr %bs_4, %r_4 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %ps_4, %sl : tensor<8x!tile.ptr<i64>>
  %at_5 = arith.constant 120 : i32
  %base_5 = tile.addptr %out, %at_5 : !tile.ptr<i64>, i32
  %bs_5 = tile.splat %base_5 : tensor<8x!tile.ptr<i64>>
  %r_5 = tile.range 0 to 8 : tensor<8xi32>
  %ps_5 = tile.addptr %bs_5, %r_5 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %ps_5, %sr : tensor<8x!tile.ptr<i64>>
  %at_6 = arith.constant 128 : i32
  %base_6 = tile.addptr %out, %at_6 : !tile.ptr<i64>, i32
  %bs_6 = tile.splat %base_6 : tensor<32x!tile.ptr<i64>>
  %r_6 = tile.range 0 to 32 : tensor<32xi32>
  %ps_6 = tile.addptr %bs_6, %r_6 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  tile.store %ps_6, %ebf : tensor<32x!tile.ptr<i64>>
  %at_7 = arith.constant 160 : i32
  %base_7 = tile.addptr %out, %at_7 : !tile.ptr<i64>, i32
  %bs_7 = tile.splat %base_7 : tensor<16x!tile.ptr<i64>>
  %r_7 = tile.range 0 to 16 : tensor<16xi32>
  %ps_7 = tile.addptr %bs_7, %r_7 : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %ps_7, %dtf : tensor<16x!tile.ptr<i64>>
  tile.return
}

tile.func @shapes_f64(%a: !tile.ptr<f64>, %b: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %ab = tile.splat %a : tensor<16x!tile.ptr<f64>>
  %ap = tile.addptr %ab, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %av = tile.load %ap : tensor<16x!tile.ptr<f64>>
  %a2 = tile.reshape %av : tensor<16xf64> -> tensor<2x8xf64>
  %bb = tile.splat %b : tensor<16x!tile.ptr<f64>>
  %bp = tile.addptr %bb, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %bv = tile.load %bp : tensor<16x!tile.ptr<f64>>
  %b2 = tile.reshape %bv : tensor<16xf64> -> tensor<2x8xf64>
  %t = tile.trans %a2, [1, 0] : tensor<2x8xf64> -> tensor<8x2xf64>
  %t16 = tile.reshape %t : tensor<8x2xf64> -> tensor<16xf64>
  %c0 = tile.cat %a2, %b2, 0 : tensor<2x8xf64> -> tensor<4x8xf64>
  %c0f = tile.reshape %c0 : tensor<4x8xf64> -> tensor<32xf64>
  %c1 = tile.cat %a2, %b2, 1 : tensor<2x8xf64> -> tensor<2x16xf64>
  %c1f = tile.reshape %c1 : tensor<2x16xf64> -> tensor<32xf64>
  %j = tile.join %av, %bv : tensor<16xf64> -> tensor<16x2xf64>
  %jf = tile.reshape %j : tensor<16x2xf64> -> tensor<32xf64>
  %sl, %sr = tile.split %t : tensor<8x2xf64> -> tensor<8xf64>
  %e = tile.expand_dims %av, 0 : tensor<16xf64> -> tensor<1x16xf64>
  %eb = tile.broadcast %e : tensor<1x16xf64> -> tensor<2x16xf64>
  %ebf = tile.reshape %eb : tensor<2x16xf64> -> tensor<32xf64>
  %d = tile.reshape %av : tensor<16xf64> -> tensor<2x2x4xf64>
  %dt = tile.trans %d, [2, 0, 1] : tensor<2x2x4xf64> -> tensor<4x2x2xf64>
  %dtf = tile.reshape %dt : tensor<4x2x2xf64> -> tensor<16xf64>
  %at_0 = arith.constant 0 : i32
  %base_0 = tile.addptr %out, %at_0 : !tile.ptr<f64>, i32
  %bs_0 = tile.splat %base_0 : tensor<16x!tile.ptr<f64>>
  %r_0 = tile.range 0 to 16 : tensor<16xi32>
  %ps_0 = tile.addptr %bs_0, %r_0 : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %ps_0, %t16 : tensor<16x!tile.ptr<f64>>
  %at_1 = arith.constant 16 : i32
  %base_1 = tile.addptr %out, %at_1 : !tile.ptr<f64>, i32
  %bs_1 = tile.splat %base_1 : tensor<32x!tile.ptr<f64>>
  %r_1 = tile.range 0 to 32 : tensor<32xi32>
  %ps_1 = tile.addptr %bs_1, %r_1 : tensor<32x!tile.ptr<f64>>, tensor<32xi32>
  tile.store %ps_1, %c0f : tensor<32x!tile.ptr<f64>>
  %at_2 = arith.constant 48 : i32
  %base_2 = tile.addptr %out, %at_2 : !tile.ptr<f64>, i32
  %bs_2 = tile.splat %base_2 : tensor<32x!tile.ptr<f64>>
  %r_2 = tile.range 0 to 32 : tensor<32xi32>
  %ps_2 = tile.addptr %bs_2, %r_2 : tensor<32x!tile.ptr<f64>>, tensor<32xi32>
  tile.store %ps_2, %c1f : tensor<32x!tile.ptr<f64>>
  %at_3 = arith.constant 80 : i32
  %base_3 = tile.addptr %out, %at_3 : !tile.ptr<f64>, i32
  %bs_3 = tile.splat %base_3 : tensor<32x!tile.ptr<f64>>
  %r_3 = tile.range 0 to 32 : tensor<32xi32>
  %ps_3 = tile.addptr %bs_3, %r_3 : tensor<32x!tile.ptr<f64>>, tensor<32xi32>
  tile.store %ps_3, %jf : tensor<32x!tile.ptr<f64>>
  %at_4 = arith.constant 112 : i32
  %base_4 = tile.addptr %out, %at_4 : !tile.ptr<f64>, i32
  %bs_4 = tile.splat %base_4 : tensor<8x!tile.ptr<f64>>
  %r_4 = tile.range 0 to 8 : tensor<8xi32>
  %ps_4 = tile.addptr %bs_4, %r_4 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %ps_4, %sl : tensor<8x!tile.ptr<f64>>
  %at_5 = arith.constant 120 : i32
  %base_5 = tile.addptr %out, %at_5 : !tile.ptr<f64>, i32
  %bs_5 = tile.splat %base_5 : tensor<8x!tile.ptr<f64>>
  %r_5 = tile.range 0 to 8 : tensor<8xi32>
  %ps_5 = tile.addptr %bs_5, %r_5 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %ps_5, %sr : tensor<8x!tile.ptr<f64>>
  %at_6 = arith.constant 128 : i32
  %base_6 = tile.addptr %out, %at_6 : !tile.ptr<f64>, i32
  %bs_6 = tile.splat %base_6 : tensor<32x!tile.ptr<f64>>
  %r_6 = tile.range 0 to 32 : tensor<32xi32>
  %ps_6 = tile.addptr %bs_6, %r_6 : tensor<32x!tile.ptr<f64>>, tensor<32xi32>
  tile.store %ps_6, %ebf : tensor<32x!tile.ptr<f64>>
  %at_7 = arith.constant 160 : i32
  %base_7 = tile.addptr %out, %at_7 : !tile.ptr<f64>, i32
  %bs_7 = tile.splat %base_7 : tensor<16x!tile.ptr<f64>>
  %r_7 = tile.range 0 to 16 : tensor<16xi32>
  %ps_7 = tile.addptr %bs_7, %r_7 : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %ps_7, %dtf : tensor<16x!tile.ptr<f64>>
  tile.return
}

tile.func @shapes_f16(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %ab = tile.splat %a : tensor<16x!tile.ptr<f16>>
  %ap = tile.addptr %ab, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %av = tile.load %ap : tensor<16x!tile.ptr<f16>>
  %a2 = tile.reshape %av : tensor<16xf16> -> tensor<2x8xf16>
  %bb = tile.splat %b : tensor<16x!tile.ptr<f16>>
  %bp = tile.addptr %bb, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %bv = tile.load %bp : tensor<16x!tile.ptr<f16>>
  %b2 = tile.reshape %bv : tensor<16xf16> -> tensor<2x8xf16>
  %t = tile.trans %a2, [1, 0] : tensor<2x8xf16> -> tensor<8x2xf16>
  %t16 = tile.reshape %t : tensor<8x2xf16> -> tensor<16xf16>
  %c0 = tile.cat %a2, %b2, 0 : tensor<2x8xf16> -> tensor<4x8xf16>
  %c0f = tile.reshape %c0 : tensor<4x8xf16> -> tensor<32xf16>
  %c1 = tile.cat %a2, %b2, 1 : tensor<2x8xf16> -> tensor<2x16xf16>
  %c1f = tile.reshape %c1 : tensor<2x16xf16> -> tensor<32xf16>
  %j = tile.join %av, %bv : tensor<16xf16> -> tensor<16x2xf16>
  %jf = tile.reshape %j : tensor<16x2xf16> -> tensor<32xf16>
  %sl, %sr = tile.split %t : tensor<8x2xf16> -> tensor<8xf16>
  %e = tile.expand_dims %av, 0 : tensor<16xf16> -> tensor<1x16xf16>
  %eb = tile.broadcast %e : tensor<1x16xf16> -> tensor<2x16xf16>
  %ebf = tile.reshape %eb : tensor<2x16xf16> -> tensor<32xf16>
  %d = tile.reshape %av : tensor<16xf16> -> tensor<2x2x4xf16>
  %dt = tile.trans %d, [2, 0, 1] : tensor<2x2x4xf16> -> tensor<4x2x2xf16>
  %dtf = tile.reshape %dt : tensor<4x2x2xf16> -> tensor<16xf16>
  %at_0 = arith.constant 0 : i32
  %base_0 = tile.addptr %out, %at_0 : !tile.ptr<f16>, i32
  %bs_0 = tile.splat %base_0 : tensor<16x!tile.ptr<f16>>
  %r_0 = tile.range 0 to 16 : tensor<16xi32>
  %ps_0 = tile.addptr %bs_0, %r_0 : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %ps_0, %t16 : tensor<16x!tile.ptr<f16>>
  %at_1 = arith.constant 16 : i32
  %base_1 = tile.addptr %out, %at_1 : !tile.ptr<f16>, i32
  %bs_1 = tile.splat %base_1 : tensor<32x!tile.ptr<f16>>
  %r_1 = tile.range 0 to 32 : tensor<32xi32>
  %ps_1 = tile.addptr %bs_1, %r_1 : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
  tile.store %ps_1, %c0f : tensor<32x!tile.ptr<f16>>
  %at_2 = arith.constant 48 : i32
  %base_2 = tile.addptr %out, %at_2 : !tile.ptr<f16>, i32
  %bs_2 = tile.splat %base_2 : tensor<32x!tile.ptr<f16>>
  %r_2 = tile.range 0 to 32 : tensor<32xi32>
  %ps_2 = tile.addptr %bs_2, %r_2 : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
  tile.store %ps_2, %c1f : tensor<32x!tile.ptr<f16>>
  %at_3 = arith.constant 80 : i32
  %base_3 = tile.addptr %out, %at_3 : !tile.ptr<f16>, i32
  %bs_3 = tile.splat %base_3 : tensor<32x!tile.ptr<f16>>
  %r_3 = tile.range 0 to 32 : tensor<32xi32>
  %ps_3 = tile.addptr %bs_3, %r_3 : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
  tile.store %ps_3, %jf : tensor<32x!tile.ptr<f16>>
  %at_4 = arith.constant 112 : i32
  %base_4 = tile.addptr %out, %at_4 : !tile.ptr<f16>, i32
  %bs_4 = tile.splat %base_4 : tensor<8x!tile.ptr<f16>>
  %r_4 = tile.range 0 to 8 : tensor<8xi32>
  %ps_4 = tile.addptr %bs_4, %r_4 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %ps_4, %sl : tensor<8x!tile.ptr<f16>>
  %at_5 = arith.constant 120 : i32
  %base_5 = tile.addptr %out, %at_5 : !tile.ptr<f16>, i32
  %bs_5 = tile.splat %base_5 : tensor<8x!tile.ptr<f16>>
  %r_5 = tile.range 0 to 8 : tensor<8xi32>
  %ps_5 = tile.addptr %bs_5, %r_5 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %ps_5, %sr : tensor<8x!tile.ptr<f16>>
  %at_6 = arith.constant 128 : i32
  %base_6 = tile.addptr %out, %at_6 : !tile.ptr<f16>, i32
  %bs_6 = tile.splat %base_6 : tensor<32x!tile.ptr<f16>>
  %r_6 = tile.range 0 to 32 : tensor<32xi32>
  %ps_6 = tile.addptr %bs_6, %r_6 : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
  tile.store %ps_6, %ebf : tensor<32x!tile.ptr<f16>>
  %at_7 = arith.constant 160 : i32
  %base_7 = tile.addptr %out, %at_7 : !tile.ptr<f16>, i32
  %bs_7 = tile.splat %base_7 : tensor<16x!tile.ptr<f16>>
  %r_7 = tile.range 0 to 16 : tensor<16xi32>
  %ps_7 = tile.addptr %bs_7, %r_7 : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %ps_7, %dtf : tensor<16x!tile.ptr<f16>>
  tile.return
}
