// tile.gather on element types other than i32 (i8, i16, i64, f16, bf16,
// f64, f8E4M3FN) and with i8, i16, i32 and i64 indices (docs/Semantics.md
// section 3.1: r[i] = src[i with i_k replaced by idx[i]], exact, the
// element's bits moved unchanged: NaN, infinities, -0, subnormals). The
// source is 2 x 8; along axis 1 the indices are 2 x 16 (the result takes
// the indices' shape, with repeats), along axis 0 2 x 8. Every index is in
// range. Expected values from a model of the gather, not from the
// interpreter.

// RUN: %python %S/Inputs/values.py %t.src.i8 i8 -128 127 -1 0 5 6 7 8 9 10 11 12 13 14 -7 100
// RUN: %python %S/Inputs/values.py %t.i1.i8 i32 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.i8 i32 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_i8 --grid 1 --arg buf:i8:16:file=%t.src.i8 \
// RUN:   --arg buf:i32:32:file=%t.i1.i8 --arg buf:i32:16:file=%t.i0.i8 --arg buf:i8:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-I8
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-I8: reference #3 (i8 x 48):
// GATHER-I8-SAME: 8 -128 0 0 127 7 -1 6 -128 -128 8 127 5 -1 7 0
// GATHER-I8-SAME: 11 11 14 13 10 9 100 -7 12 12 12 12 9 10 11 100
// GATHER-I8-SAME: 9 127 11 0 5 14 -7 8 -128 127 11 12 13 6 7 100
// GATHER-I8: tile-check: PASS @gather_i8 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.src.i16 i16 -32768 32767 -1 0 300 301 302 303 304 305 306 307 308 309 -300 1000
// RUN: %python %S/Inputs/values.py %t.i1.i16 i8 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.i16 i8 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_i16 --grid 1 --arg buf:i16:16:file=%t.src.i16 \
// RUN:   --arg buf:i8:32:file=%t.i1.i16 --arg buf:i8:16:file=%t.i0.i16 --arg buf:i16:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-I16
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-I16: reference #3 (i16 x 48):
// GATHER-I16-SAME: 303 -32768 0 0 32767 302 -1 301 -32768 -32768 303 32767 300 -1 302 0
// GATHER-I16-SAME: 306 306 309 308 305 304 1000 -300 307 307 307 307 304 305 306 1000
// GATHER-I16-SAME: 304 32767 306 0 300 309 -300 303 -32768 32767 306 307 308 301 302 1000
// GATHER-I16: tile-check: PASS @gather_i16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.src.i64 i64 -9223372036854775808 9223372036854775807 -1 0 1099511627776 5 6 7 8 9 10 11 12 -34359738368 14 15
// RUN: %python %S/Inputs/values.py %t.i1.i64 i64 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.i64 i64 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_i64 --grid 1 --arg buf:i64:16:file=%t.src.i64 \
// RUN:   --arg buf:i64:32:file=%t.i1.i64 --arg buf:i64:16:file=%t.i0.i64 --arg buf:i64:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-I64
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-I64: reference #3 (i64 x 48):
// GATHER-I64-SAME: 7 -9223372036854775808 0 0 9223372036854775807 6 -1 5 -9223372036854775808 -9223372036854775808 7 9223372036854775807 1099511627776 -1 6 0
// GATHER-I64-SAME: 10 10 -34359738368 12 9 8 15 14 11 11 11 11 8 9 10 15
// GATHER-I64-SAME: 8 9223372036854775807 10 0 1099511627776 -34359738368 14 7 -9223372036854775808 9223372036854775807 10 11 12 5 6 15
// GATHER-I64: tile-check: PASS @gather_i64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.src.f16 f16 nan inf -inf -0 65504 0.5 1 2 3 4 5 6 7 8 9 10
// RUN: %python %S/Inputs/values.py %t.i1.f16 i16 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.f16 i16 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_f16 --grid 1 --arg buf:f16:16:file=%t.src.f16 \
// RUN:   --arg buf:i16:32:file=%t.i1.f16 --arg buf:i16:16:file=%t.i0.f16 --arg buf:f16:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-F16
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-F16: reference #3 (f16 x 48):
// GATHER-F16-SAME: 2 nan -0 -0 inf 1 -inf 0.5 nan nan 2 inf 65504 -inf 1 -0
// GATHER-F16-SAME: 5 5 8 7 4 3 10 9 6 6 6 6 3 4 5 10
// GATHER-F16-SAME: 3 inf 5 -0 65504 8 9 2 nan inf 5 6 7 0.5 1 10
// GATHER-F16: tile-check: PASS @gather_f16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.src.bf16 bf16 nan inf -inf -0 1e38 0.5 1 2 3 4 5 6 7 8 9 10
// RUN: %python %S/Inputs/values.py %t.i1.bf16 i32 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.bf16 i32 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_bf16 --grid 1 --arg buf:bf16:16:file=%t.src.bf16 \
// RUN:   --arg buf:i32:32:file=%t.i1.bf16 --arg buf:i32:16:file=%t.i0.bf16 --arg buf:bf16:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-BF16
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-BF16: reference #3 (bf16 x 48):
// GATHER-BF16-SAME: 2 nan -0 -0 inf 1 -inf 0.5 nan nan 2 inf 9.96920997e+37 -inf 1 -0
// GATHER-BF16-SAME: 5 5 8 7 4 3 10 9 6 6 6 6 3 4 5 10
// GATHER-BF16-SAME: 3 inf 5 -0 9.96920997e+37 8 9 2 nan inf 5 6 7 0.5 1 10
// GATHER-BF16: tile-check: PASS @gather_bf16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.src.f64 f64 nan inf -inf -0 1e300 5e-324 1 2 3 4 5 6 7 8 9 10
// RUN: %python %S/Inputs/values.py %t.i1.f64 i64 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.f64 i64 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_f64 --grid 1 --arg buf:f64:16:file=%t.src.f64 \
// RUN:   --arg buf:i64:32:file=%t.i1.f64 --arg buf:i64:16:file=%t.i0.f64 --arg buf:f64:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-F64
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-F64: reference #3 (f64 x 48):
// GATHER-F64-SAME: 2 nan -0 -0 inf 1 -inf 4.9406564584124654e-324 nan nan 2 inf 1.0000000000000001e+300 -inf 1 -0
// GATHER-F64-SAME: 5 5 8 7 4 3 10 9 6 6 6 6 3 4 5 10
// GATHER-F64-SAME: 3 inf 5 -0 1.0000000000000001e+300 8 9 2 nan inf 5 6 7 4.9406564584124654e-324 1 10
// GATHER-F64: tile-check: PASS @gather_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.src.f8e4m3fn f8e4m3 nan 448 -448 -0 0.001953125 0.5 1 2 3 4 5 6 7 8 9 10
// RUN: %python %S/Inputs/values.py %t.i1.f8e4m3fn i32 7 0 3 3 1 6 2 5 0 0 7 1 4 2 6 3 2 2 5 4 1 0 7 6 3 3 3 3 0 1 2 7
// RUN: %python %S/Inputs/values.py %t.i0.f8e4m3fn i32 1 0 1 0 0 1 1 0 0 0 1 1 1 0 0 1
// RUN: tile-check %s --kernel gather_f8e4m3fn --grid 1 --arg buf:f8e4m3:16:file=%t.src.f8e4m3fn \
// RUN:   --arg buf:i32:32:file=%t.i1.f8e4m3fn --arg buf:i32:16:file=%t.i0.f8e4m3fn --arg buf:f8e4m3:48:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=GATHER-F8E4M3
// along axis 1 (2 x 16) | along axis 0 (2 x 8)
// GATHER-F8E4M3: reference #3 (f8e4m3 x 48):
// GATHER-F8E4M3-SAME: 2 nan -0 -0 448 1 -448 0.5 nan nan 2 448 0.001953125 -448 1 -0
// GATHER-F8E4M3-SAME: 5 5 8 7 4 3 10 9 6 6 6 6 3 4 5 10
// GATHER-F8E4M3-SAME: 3 448 5 -0 0.001953125 8 9 2 nan 448 5 6 7 0.5 1 10
// GATHER-F8E4M3: tile-check: PASS @gather_f8e4m3fn (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @gather_i8(%src: !tile.ptr<i8>, %i1: !tile.ptr<i32>, %i0: !tile.ptr<i32>, %out: !tile.ptr<i8>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<i8>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<i8>>
  %v_src = tile.reshape %l_src : tensor<16xi8> -> tensor<2x8xi8>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i32>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i32>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi32> -> tensor<2x16xi32>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i32>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i32>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi32> -> tensor<2x8xi32>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xi8>, tensor<2x16xi32> -> tensor<2x16xi8>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xi8>, tensor<2x8xi32> -> tensor<2x8xi8>
  %g1f = tile.reshape %g1 : tensor<2x16xi8> -> tensor<32xi8>
  %g0f = tile.reshape %g0 : tensor<2x8xi8> -> tensor<16xi8>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<i8>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<i8>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<i8>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<i8>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<i8>>
  tile.return
}

tile.func @gather_i16(%src: !tile.ptr<i16>, %i1: !tile.ptr<i8>, %i0: !tile.ptr<i8>, %out: !tile.ptr<i16>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<i16>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<i16>>
  %v_src = tile.reshape %l_src : tensor<16xi16> -> tensor<2x8xi16>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i8>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i8>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi8> -> tensor<2x16xi8>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i8>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i8>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi8> -> tensor<2x8xi8>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xi16>, tensor<2x16xi8> -> tensor<2x16xi16>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xi16>, tensor<2x8xi8> -> tensor<2x8xi16>
  %g1f = tile.reshape %g1 : tensor<2x16xi16> -> tensor<32xi16>
  %g0f = tile.reshape %g0 : tensor<2x8xi16> -> tensor<16xi16>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<i16>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<i16>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<i16>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<i16>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<i16>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<i16>>
  tile.return
}

tile.func @gather_i64(%src: !tile.ptr<i64>, %i1: !tile.ptr<i64>, %i0: !tile.ptr<i64>, %out: !tile.ptr<i64>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<i64>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<i64>>
  %v_src = tile.reshape %l_src : tensor<16xi64> -> tensor<2x8xi64>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i64>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i64>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi64> -> tensor<2x16xi64>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i64>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i64>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi64> -> tensor<2x8xi64>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xi64>, tensor<2x16xi64> -> tensor<2x16xi64>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xi64>, tensor<2x8xi64> -> tensor<2x8xi64>
  %g1f = tile.reshape %g1 : tensor<2x16xi64> -> tensor<32xi64>
  %g0f = tile.reshape %g0 : tensor<2x8xi64> -> tensor<16xi64>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<i64>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<i64>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<i64>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<i64>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<i64>>
  tile.return
}

tile.func @gather_f16(%src: !tile.ptr<f16>, %i1: !tile.ptr<i16>, %i0: !tile.ptr<i16>, %out: !tile.ptr<f16>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<f16>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<f16>>
  %v_src = tile.reshape %l_src : tensor<16xf16> -> tensor<2x8xf16>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i16>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i16>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i16>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi16> -> tensor<2x16xi16>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i16>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i16>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi16> -> tensor<2x8xi16>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xf16>, tensor<2x16xi16> -> tensor<2x16xf16>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xf16>, tensor<2x8xi16> -> tensor<2x8xf16>
  %g1f = tile.reshape %g1 : tensor<2x16xf16> -> tensor<32xf16>
  %g0f = tile.reshape %g0 : tensor<2x8xf16> -> tensor<16xf16>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<f16>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<f16>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<f16>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<f16>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<f16>>
  tile.return
}

tile.func @gather_bf16(%src: !tile.ptr<bf16>, %i1: !tile.ptr<i32>, %i0: !tile.ptr<i32>, %out: !tile.ptr<bf16>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<bf16>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<bf16>>
  %v_src = tile.reshape %l_src : tensor<16xbf16> -> tensor<2x8xbf16>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i32>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i32>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi32> -> tensor<2x16xi32>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i32>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i32>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi32> -> tensor<2x8xi32>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xbf16>, tensor<2x16xi32> -> tensor<2x16xbf16>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xbf16>, tensor<2x8xi32> -> tensor<2x8xbf16>
  %g1f = tile.reshape %g1 : tensor<2x16xbf16> -> tensor<32xbf16>
  %g0f = tile.reshape %g0 : tensor<2x8xbf16> -> tensor<16xbf16>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<bf16>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<bf16>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<bf16>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<bf16>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<bf16>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<bf16>>
  tile.return
}

tile.func @gather_f64(%src: !tile.ptr<f64>, %i1: !tile.ptr<i64>, %i0: !tile.ptr<i64>, %out: !tile.ptr<f64>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<f64>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<f64>>
  %v_src = tile.reshape %l_src : tensor<16xf64> -> tensor<2x8xf64>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i64>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i64>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i64>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi64> -> tensor<2x16xi64>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i64>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i64>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi64> -> tensor<2x8xi64>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xf64>, tensor<2x16xi64> -> tensor<2x16xf64>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xf64>, tensor<2x8xi64> -> tensor<2x8xf64>
  %g1f = tile.reshape %g1 : tensor<2x16xf64> -> tensor<32xf64>
  %g0f = tile.reshape %g0 : tensor<2x8xf64> -> tensor<16xf64>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<f64>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<f64>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<f64>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<f64>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<f64>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<f64>>
  tile.return
}

tile.func @gather_f8e4m3fn(%src: !tile.ptr<f8E4M3FN>, %i1: !tile.ptr<i32>, %i0: !tile.ptr<i32>, %out: !tile.ptr<f8E4M3FN>) {
  %r_src = tile.range 0 to 16 : tensor<16xi32>
  %b_src = tile.splat %src : tensor<16x!tile.ptr<f8E4M3FN>>
  %p_src = tile.addptr %b_src, %r_src : tensor<16x!tile.ptr<f8E4M3FN>>, tensor<16xi32>
  %l_src = tile.load %p_src : tensor<16x!tile.ptr<f8E4M3FN>>
  %v_src = tile.reshape %l_src : tensor<16xf8E4M3FN> -> tensor<2x8xf8E4M3FN>
  %r_i1 = tile.range 0 to 32 : tensor<32xi32>
  %b_i1 = tile.splat %i1 : tensor<32x!tile.ptr<i32>>
  %p_i1 = tile.addptr %b_i1, %r_i1 : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  %l_i1 = tile.load %p_i1 : tensor<32x!tile.ptr<i32>>
  %v_i1 = tile.reshape %l_i1 : tensor<32xi32> -> tensor<2x16xi32>
  %r_i0 = tile.range 0 to 16 : tensor<16xi32>
  %b_i0 = tile.splat %i0 : tensor<16x!tile.ptr<i32>>
  %p_i0 = tile.addptr %b_i0, %r_i0 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %l_i0 = tile.load %p_i0 : tensor<16x!tile.ptr<i32>>
  %v_i0 = tile.reshape %l_i0 : tensor<16xi32> -> tensor<2x8xi32>
  %g1 = tile.gather %v_src[%v_i1], 1 : tensor<2x8xf8E4M3FN>, tensor<2x16xi32> -> tensor<2x16xf8E4M3FN>
  %g0 = tile.gather %v_src[%v_i0], 0 : tensor<2x8xf8E4M3FN>, tensor<2x8xi32> -> tensor<2x8xf8E4M3FN>
  %g1f = tile.reshape %g1 : tensor<2x16xf8E4M3FN> -> tensor<32xf8E4M3FN>
  %g0f = tile.reshape %g0 : tensor<2x8xf8E4M3FN> -> tensor<16xf8E4M3FN>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  %ob = tile.splat %out : tensor<32x!tile.ptr<f8E4M3FN>>
  %op = tile.addptr %ob, %r32 : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  tile.store %op, %g1f : tensor<32x!tile.ptr<f8E4M3FN>>
  %c32 = arith.constant 32 : i32
  %out2 = tile.addptr %out, %c32 : !tile.ptr<f8E4M3FN>, i32
  %ob2 = tile.splat %out2 : tensor<16x!tile.ptr<f8E4M3FN>>
  %op2 = tile.addptr %ob2, %r_src : tensor<16x!tile.ptr<f8E4M3FN>>, tensor<16xi32>
  tile.store %op2, %g0f : tensor<16x!tile.ptr<f8E4M3FN>>
  tile.return
}
