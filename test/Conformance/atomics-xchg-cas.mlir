// The atomics of docs/Semantics.md section 3.6 that atomics.mlir and
// atomics-wide.mlir leave out: xchg on every type it allows (i32, i64, f32,
// f64: 32- and 64-bit values; the verifier refuses i16 and f16), float max
// and min on f32 and f64 by IEEE totalOrder (-NaN < -inf < ... < -0 < +0 <
// ... < +inf < +NaN; f16 and bf16 max/min are refused by the verifier, as
// the table says), and atomic_cas on 16-bit (i16, f16, bf16) and 64-bit
// (i64, f64) values, comparing bits (-0 != +0, a NaN equals only the same
// NaN bits). Single-program kernels check old values and memory; under
// contention (four programs on the same addresses) only order-independent
// results are checked: the final memory of max/min (totalOrder is a total
// order), of an xchg of one value from every program, and of an addition
// done by a compare-and-swap loop whose amounts sum exactly. Buffers whose
// NaN signs matter are integers holding the float bits (tile-check compares
// them bit for bit; a float buffer takes any NaN as equal). Expected values
// derived by hand from section 3.6. Every kernel also compiles for nvidia
// and amd.
// Float bits used below: f32 +0 = 0, -0 = -2147483648 (0x80000000), 1 =
// 1065353216, +NaN = 2143289344 (0x7FC00000), -NaN = -4194304
// (0xFFC00000), +inf = 2139095040, -inf = -8388608, 2^-149 = 1; f64 1 =
// 4607182418800017408, +NaN = 9221120237041090560 (0x7FF8...), -NaN =
// -2251799813685248 (0xFFF8...), +inf = 9218868437227405312, -inf =
// -4503599627370496, 2^-1074 = 1.

// xchg: memory takes v, the old values come back (NaN, -0, subnormals and
// the extremes move as bits).
// RUN: %python %S/Inputs/values.py %t.xm32 i32 1 -1 0 2147483647 -2147483648 7 8 9
// RUN: %python %S/Inputs/values.py %t.xv32 i32 10 20 -30 0 5 -1 2147483647 -2147483648
// RUN: tile-check %s --kernel xchg_i32 --grid 1 --arg buf:i32:8:file=%t.xm32 \
// RUN:   --arg buf:i32:8:file=%t.xv32 --arg buf:i32:8:poison --print 0 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=XI32
// XI32: reference #0 (i32 x 8): 10 20 -30 0 5 -1 2147483647 -2147483648
// XI32: reference #2 (i32 x 8): 1 -1 0 2147483647 -2147483648 7 8 9
// XI32: tile-check: PASS @xchg_i32 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.xm64 i64 1 -1 0 9223372036854775807 -9223372036854775808 7 8 9
// RUN: %python %S/Inputs/values.py %t.xv64 i64 1099511627776 -1099511627776 -30 0 5 -1 9223372036854775807 -9223372036854775808
// RUN: tile-check %s --kernel xchg_i64 --grid 1 --arg buf:i64:8:file=%t.xm64 \
// RUN:   --arg buf:i64:8:file=%t.xv64 --arg buf:i64:8:poison --print 0 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=XI64
// XI64: reference #0 (i64 x 8): 1099511627776 -1099511627776 -30 0 5 -1 9223372036854775807 -9223372036854775808
// XI64: reference #2 (i64 x 8): 1 -1 0 9223372036854775807 -9223372036854775808 7 8 9
// XI64: tile-check: PASS @xchg_i64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// 2^-149 | 2^-140 (f32 subnormals) and 2^-1074 | 2^-1030 (f64).
// RUN: %python %S/Inputs/values.py %t.xmf f32 1 -0 nan inf 2.5 1.401298464324817e-45 -3 0
// RUN: %python %S/Inputs/values.py %t.xvf f32 -0 nan 0 -inf 7.174648137343064e-43 -1 3.5 3.4028234663852886e38
// RUN: tile-check %s --kernel xchg_f32 --grid 1 --arg buf:f32:8:file=%t.xmf \
// RUN:   --arg buf:f32:8:file=%t.xvf --arg buf:f32:8:poison --print 0 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=XF32
// XF32: reference #0 (f32 x 8): -0 nan 0 -inf 7.17464814e-43 -1 3.5 3.40282347e+38
// XF32: reference #2 (f32 x 8): 1 -0 nan inf 2.5 1.40129846e-45 -3 0
// XF32: float outputs compared bit for bit
// XF32: tile-check: PASS @xchg_f32 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.xmd f64 1 -0 nan inf 2.5 5e-324 -3 0
// RUN: %python %S/Inputs/values.py %t.xvd f64 -0 nan 0 -inf 8.691694759794e-311 -1 3.5 1.7976931348623157e308
// RUN: tile-check %s --kernel xchg_f64 --grid 1 --arg buf:f64:8:file=%t.xmd \
// RUN:   --arg buf:f64:8:file=%t.xvd --arg buf:f64:8:poison --print 0 --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=XF64
// XF64: reference #0 (f64 x 8): -0 nan 0 -inf 8.6916947597937554e-311 -1 3.5 1.7976931348623157e+308
// XF64: reference #2 (f64 x 8): 1 -0 nan inf 2.5 4.9406564584124654e-324 -3 0
// XF64: tile-check: PASS @xchg_f64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// Four programs exchange the same eight values into one poisoned buffer:
// it ends as those values in any order.
// RUN: tile-check %s --kernel xchg_contend_i64 --grid 4 --arg buf:i64:8:poison \
// RUN:   --arg buf:i64:8:file=%t.xv64 --print 0 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=XCI64
// XCI64: reference #0 (i64 x 8): 1099511627776 -1099511627776 -30 0 5 -1 9223372036854775807 -9223372036854775808
// XCI64: tile-check: PASS @xchg_contend_i64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel xchg_contend_f64 --grid 4 --arg buf:f64:8:poison \
// RUN:   --arg buf:f64:8:file=%t.xvd --print 0 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=XCF64
// XCF64: reference #0 (f64 x 8): -0 nan 0 -inf 8.6916947597937554e-311 -1 3.5 1.7976931348623157e+308
// XCF64: tile-check: PASS @xchg_contend_f64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// Float max (elements 0-7) and min (8-15) of m = -0 | +0 | 1 | 1 | -inf |
// +NaN | -2 | min subnormal (twice) with v = +0 | -0 | +NaN | -NaN | -3e38
// (f64: -1e308) | +inf | -3 | -(min subnormal):
// max: +0 | +0 | +NaN | 1 | v | +NaN | -2 | m; min: -0 | -0 | 1 | -NaN |
// -inf | +inf | -3 | v. Old values are m; bits #3 shows the NaN signs.
// RUN: %python %S/Inputs/values.py %t.mmf f32 -0 0 1 1 -inf nan -2 1.401298464324817e-45 -0 0 1 1 -inf nan -2 1.401298464324817e-45
// RUN: %python %S/Inputs/values.py %t.mvf f32 0 -0 nan 0xFFC00000 -3e38 inf -3 -1.401298464324817e-45
// RUN: tile-check %s --kernel minmax_f32 --grid 1 --arg buf:f32:16:file=%t.mmf \
// RUN:   --arg buf:f32:8:file=%t.mvf --arg buf:f32:16:poison --arg buf:i32:16:poison \
// RUN:   --print 0 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=MMF32
// MMF32: reference #0 (f32 x 16): 0 0 nan 1 -3.00000001e+38 nan -2 1.40129846e-45 -0 -0 1 nan -inf inf -3 -1.40129846e-45
// MMF32: reference #2 (f32 x 16): -0 0 1 1 -inf nan -2 1.40129846e-45 -0 0 1 1 -inf nan -2 1.40129846e-45
// -3e38 is 0xFF61B1E6 = -10374682, -2 = -1073741824, -3 = -1069547520,
// -2^-149 = 0x80000001 = -2147483647.
// MMF32: reference #3 (i32 x 16): 0 0 2143289344 1065353216 -10374682 2143289344 -1073741824 1 -2147483648 -2147483648 1065353216 -4194304 -8388608 2139095040 -1069547520 -2147483647
// MMF32: tile-check: PASS @minmax_f32 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.mmd f64 -0 0 1 1 -inf nan -2 5e-324 -0 0 1 1 -inf nan -2 5e-324
// RUN: %python %S/Inputs/values.py %t.mvd f64 0 -0 nan 0xFFF8000000000000 -1e308 inf -3 -5e-324
// RUN: tile-check %s --kernel minmax_f64 --grid 1 --arg buf:f64:16:file=%t.mmd \
// RUN:   --arg buf:f64:8:file=%t.mvd --arg buf:f64:16:poison --arg buf:i64:16:poison \
// RUN:   --print 0 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=MMF64
// MMF64: reference #0 (f64 x 16): 0 0 nan 1 -1e+308 nan -2 4.9406564584124654e-324 -0 -0 1 nan -inf inf -3 -4.9406564584124654e-324
// MMF64: reference #2 (f64 x 16): -0 0 1 1 -inf nan -2 4.9406564584124654e-324 -0 0 1 1 -inf nan -2 4.9406564584124654e-324
// -1e308 is 0xFFE1CCF385EBC8A0 = -8500377982089056, -2 = 0xC000... =
// -4611686018427387904, -3 = 0xC008... = -4609434218613702656, -2^-1074 =
// 0x8000000000000001 = -9223372036854775807.
// MMF64: reference #3 (i64 x 16): 0 0 9221120237041090560 4607182418800017408 -8500377982089056 9221120237041090560 -4611686018427387904 1 -9223372036854775808 -9223372036854775808 4607182418800017408 -2251799813685248 -4503599627370496 9218868437227405312 -4609434218613702656 -9223372036854775807
// MMF64: tile-check: PASS @minmax_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// Under contention: program p takes max of v[8p + i] into m[i] and min into
// m[8 + i], m starting (as bits) at -0 | 1 | +0 | -5 | +inf | -0 | 2^-149
// (2^-1074) | +NaN, twice. Per lane, v over the four programs is:
//   0: +0 -0 -1 -inf           max +0        min -inf
//   1: 2 -NaN 3 0.5            max 3         min -NaN
//   2: +NaN 5 -NaN 1           max +NaN      min -NaN
//   3: -4 -6 -4.5 -5.5         max -4        min -6
//   4: 1e30 -1e30 0 -0         max +inf      min -1e30 (f64: 1e300)
//   5: -0 +0 -0 +0             max +0        min -0
//   6: -s +0 2s -0 (s = min subnormal)  max 2s  min -s
//   7: 1 2 3 4                 max +NaN      min 1
// f32 bits: 3 = 1077936128, -4 = -1065353216, -6 = -1061158912, -1e30 =
// 0xF149F2CA = -246811958; f64: 3 = 4613937818241073152, -4 =
// -4607182418800017408, -6 = -4604930618986332160, -1e300 =
// 0xFE37E43C8800759C = -128383115725867620.
// RUN: %python %S/Inputs/values.py %t.cmf i32 0x80000000 0x3f800000 0 0xc0a00000 0x7f800000 0x80000000 1 0x7fc00000 0x80000000 0x3f800000 0 0xc0a00000 0x7f800000 0x80000000 1 0x7fc00000
// RUN: %python %S/Inputs/values.py %t.cvf f32 0 2 nan -4 1e30 -0 -1.401298464324817e-45 1 -0 0xFFC00000 5 -6 -1e30 0 0 2 -1 3 0xFFC00000 -4.5 0 -0 2.802596928649634e-45 3 -inf 0.5 1 -5.5 -0 0 -0 4
// RUN: tile-check %s --kernel minmax_contend_f32 --grid 4 --arg buf:i32:16:file=%t.cmf \
// RUN:   --arg buf:f32:32:file=%t.cvf --print 0 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=MCF32
// MCF32: reference #0 (i32 x 16): 0 1077936128 2143289344 -1065353216 2139095040 0 2 2143289344 -8388608 -4194304 -4194304 -1061158912 -246811958 -2147483648 -2147483647 1065353216
// MCF32: tile-check: PASS @minmax_contend_f32 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.cmd i64 0x8000000000000000 0x3ff0000000000000 0 0xc014000000000000 0x7ff0000000000000 0x8000000000000000 1 0x7ff8000000000000 0x8000000000000000 0x3ff0000000000000 0 0xc014000000000000 0x7ff0000000000000 0x8000000000000000 1 0x7ff8000000000000
// RUN: %python %S/Inputs/values.py %t.cvd f64 0 2 nan -4 1e300 -0 -5e-324 1 -0 0xFFF8000000000000 5 -6 -1e300 0 0 2 -1 3 0xFFF8000000000000 -4.5 0 -0 1e-323 3 -inf 0.5 1 -5.5 -0 0 -0 4
// RUN: tile-check %s --kernel minmax_contend_f64 --grid 4 --arg buf:i64:16:file=%t.cmd \
// RUN:   --arg buf:f64:32:file=%t.cvd --print 0 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=MCF64
// MCF64: reference #0 (i64 x 16): 0 4613937818241073152 9221120237041090560 -4607182418800017408 9218868437227405312 0 2 9221120237041090560 -4503599627370496 -2251799813685248 -2251799813685248 -4604930618986332160 -128383115725867620 -9223372036854775808 -9223372036854775807 4607182418800017408
// MCF64: tile-check: PASS @minmax_contend_f64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// atomic_cas: lane i swaps in val[i] where m[i] has cmp[i]'s bits. Integers:
// m = 1 | -1 | 0 | MAX | MIN | 5 | 6 | 7, cmp = 1 | 0 | 0 | MAX | MIN | 6 |
// 6 | -1 (i64 lane 5: m = 2^32, cmp = 0, equal low halves): lanes 0, 2, 3,
// 4 and 6 swap.
// RUN: %python %S/Inputs/values.py %t.cm16 i16 1 -1 0 32767 -32768 5 6 7
// RUN: %python %S/Inputs/values.py %t.cc16 i16 1 0 0 32767 -32768 6 6 -1
// RUN: %python %S/Inputs/values.py %t.cv16 i16 100 200 300 -1 0 1 2 3
// RUN: tile-check %s --kernel cas_i16 --grid 1 --arg buf:i16:8:file=%t.cm16 \
// RUN:   --arg buf:i16:8:file=%t.cc16 --arg buf:i16:8:file=%t.cv16 --arg buf:i16:8:poison \
// RUN:   --print 0 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=CI16
// CI16: reference #0 (i16 x 8): 100 -1 300 -1 0 5 2 7
// CI16: reference #3 (i16 x 8): 1 -1 0 32767 -32768 5 6 7
// CI16: tile-check: PASS @cas_i16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.cm64 i64 1 -1 0 9223372036854775807 -9223372036854775808 4294967296 6 7
// RUN: %python %S/Inputs/values.py %t.cc64 i64 1 0 0 9223372036854775807 -9223372036854775808 0 6 -1
// RUN: %python %S/Inputs/values.py %t.cv64 i64 100 200 300 -1 0 1 2 3
// RUN: tile-check %s --kernel cas_i64 --grid 1 --arg buf:i64:8:file=%t.cm64 \
// RUN:   --arg buf:i64:8:file=%t.cc64 --arg buf:i64:8:file=%t.cv64 --arg buf:i64:8:poison \
// RUN:   --print 0 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=CI64
// CI64: reference #0 (i64 x 8): 100 -1 300 -1 0 4294967296 2 7
// CI64: reference #3 (i64 x 8): 1 -1 0 9223372036854775807 -9223372036854775808 4294967296 6 7
// CI64: tile-check: PASS @cas_i64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// Floats: m = 1 | -0 | +0 | NaN | inf | -inf | 0.5 | NaN, cmp = 1 | +0 | +0
// | the same NaN | inf | inf | 0.5 | NaN with payload 1 more, val = 2..9:
// lanes 0, 2, 3, 4 and 6 swap; -0 != +0 and the two NaNs differ by bits.
// RUN: %python %S/Inputs/values.py %t.cmh f16 1 -0 0 nan inf -inf 0.5 nan
// RUN: %python %S/Inputs/values.py %t.cch f16 1 0 0 nan inf inf 0.5 0x7E01
// RUN: %python %S/Inputs/values.py %t.cv16f f16 2 3 4 5 6 7 8 9
// RUN: tile-check %s --kernel cas_f16 --grid 1 --arg buf:f16:8:file=%t.cmh \
// RUN:   --arg buf:f16:8:file=%t.cch --arg buf:f16:8:file=%t.cv16f --arg buf:f16:8:poison \
// RUN:   --print 0 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=CF16
// CF16: reference #0 (f16 x 8): 2 -0 4 5 6 -inf 8 nan
// CF16: reference #3 (f16 x 8): 1 -0 0 nan inf -inf 0.5 nan
// CF16: tile-check: PASS @cas_f16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.cmb bf16 1 -0 0 nan inf -inf 0.5 nan
// RUN: %python %S/Inputs/values.py %t.ccb bf16 1 0 0 nan inf inf 0.5 0x7FC1
// RUN: %python %S/Inputs/values.py %t.cvb bf16 2 3 4 5 6 7 8 9
// RUN: tile-check %s --kernel cas_bf16 --grid 1 --arg buf:bf16:8:file=%t.cmb \
// RUN:   --arg buf:bf16:8:file=%t.ccb --arg buf:bf16:8:file=%t.cvb --arg buf:bf16:8:poison \
// RUN:   --print 0 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=CBF16
// CBF16: reference #0 (bf16 x 8): 2 -0 4 5 6 -inf 8 nan
// CBF16: reference #3 (bf16 x 8): 1 -0 0 nan inf -inf 0.5 nan
// CBF16: tile-check: PASS @cas_bf16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.cmd2 f64 1 -0 0 nan inf -inf 0.5 nan
// RUN: %python %S/Inputs/values.py %t.ccd f64 1 0 0 nan inf inf 0.5 0x7FF8000000000001
// RUN: %python %S/Inputs/values.py %t.cvd2 f64 2 3 4 5 6 7 8 9
// RUN: tile-check %s --kernel cas_f64 --grid 1 --arg buf:f64:8:file=%t.cmd2 \
// RUN:   --arg buf:f64:8:file=%t.ccd --arg buf:f64:8:file=%t.cvd2 --arg buf:f64:8:poison \
// RUN:   --print 0 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=CF64
// CF64: reference #0 (f64 x 8): 2 -0 4 5 6 -inf 8 nan
// CF64: reference #3 (f64 x 8): 1 -0 0 nan inf -inf 0.5 nan
// CF64: tile-check: PASS @cas_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// Compare-and-swap loops under contention: program p adds (p + 1) * A to
// m[0], retrying from the value the CAS returned until it succeeds. The sum
// is the same in any order: i16 -5 + 1000 * 10 = 9995; i64 2^40 + 2^33 * 10
// = 1185410973696; f16, bf16, f64 1 + 0.25 * 10 = 3.5 (every partial sum
// exact).
// RUN: %python %S/Inputs/values.py %t.s16 i16 -5
// RUN: tile-check %s --kernel cas_add_i16 --grid 4 --arg buf:i16:1:file=%t.s16 \
// RUN:   --print 0 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=LI16
// LI16: reference #0 (i16 x 1): 9995
// LI16: tile-check: PASS @cas_add_i16 (cpu: 1 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.s64 i64 1099511627776
// RUN: tile-check %s --kernel cas_add_i64 --grid 4 --arg buf:i64:1:file=%t.s64 \
// RUN:   --print 0 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=LI64
// LI64: reference #0 (i64 x 1): 1185410973696
// LI64: tile-check: PASS @cas_add_i64 (cpu: 1 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.sh f16 1
// RUN: tile-check %s --kernel cas_add_f16 --grid 4 --arg buf:f16:1:file=%t.sh \
// RUN:   --print 0 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=LF16
// LF16: reference #0 (f16 x 1): 3.5
// LF16: tile-check: PASS @cas_add_f16 (cpu: 1 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.sb bf16 1
// RUN: tile-check %s --kernel cas_add_bf16 --grid 4 --arg buf:bf16:1:file=%t.sb \
// RUN:   --print 0 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=LBF16
// LBF16: reference #0 (bf16 x 1): 3.5
// LBF16: tile-check: PASS @cas_add_bf16 (cpu: 1 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.sd f64 1
// RUN: tile-check %s --kernel cas_add_f64 --grid 4 --arg buf:f64:1:file=%t.sd \
// RUN:   --print 0 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=LF64
// LF64: reference #0 (f64 x 1): 3.5
// LF64: tile-check: PASS @cas_add_f64 (cpu: 1 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @xchg_i32(%m: !tile.ptr<i32>, %v: !tile.ptr<i32>, %old: !tile.ptr<i32>) {
  // Lane i exchanges v[i] into m[i] and stores the old value.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<i32>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<i32>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<i32>>
  %o = tile.atomic_rmw xchg, relaxed, gpu %pm, %x : tensor<8x!tile.ptr<i32>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<i32>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @xchg_i64(%m: !tile.ptr<i64>, %v: !tile.ptr<i64>, %old: !tile.ptr<i64>) {
  // Lane i exchanges v[i] into m[i] and stores the old value.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<i64>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<i64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<i64>>
  %o = tile.atomic_rmw xchg, relaxed, gpu %pm, %x : tensor<8x!tile.ptr<i64>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<i64>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @xchg_f32(%m: !tile.ptr<f32>, %v: !tile.ptr<f32>, %old: !tile.ptr<f32>) {
  // Lane i exchanges v[i] into m[i] and stores the old value.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<f32>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f32>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f32>>
  %o = tile.atomic_rmw xchg, relaxed, gpu %pm, %x : tensor<8x!tile.ptr<f32>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<f32>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @xchg_f64(%m: !tile.ptr<f64>, %v: !tile.ptr<f64>, %old: !tile.ptr<f64>) {
  // Lane i exchanges v[i] into m[i] and stores the old value.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f64>>
  %o = tile.atomic_rmw xchg, relaxed, gpu %pm, %x : tensor<8x!tile.ptr<f64>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<f64>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @xchg_contend_i64(%m: !tile.ptr<i64>, %v: !tile.ptr<i64>) {
  // Every program exchanges the same v[0..8) into m[0..8): the
  // final memory is v whatever the order (the old values are not).
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<i64>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<i64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<i64>>
  %o = tile.atomic_rmw xchg, relaxed, gpu %pm, %x : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @xchg_contend_f64(%m: !tile.ptr<f64>, %v: !tile.ptr<f64>) {
  // Every program exchanges the same v[0..8) into m[0..8): the
  // final memory is v whatever the order (the old values are not).
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f64>>
  %o = tile.atomic_rmw xchg, relaxed, gpu %pm, %x : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @minmax_f32(%m: !tile.ptr<f32>, %v: !tile.ptr<f32>, %old: !tile.ptr<f32>, %bits: !tile.ptr<i32>) {
  // max of v[i] into m[i] and min of v[i] into m[8 + i]; old values
  // to old[0..16), the final memory's bits to bits[0..16).
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %i8 = arith.addi %i, %c8 : tensor<8xi32>
  %pmaxb = tile.splat %m : tensor<8x!tile.ptr<f32>>
  %pmax = tile.addptr %pmaxb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %pminb = tile.splat %m : tensor<8x!tile.ptr<f32>>
  %pmin = tile.addptr %pminb, %i8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f32>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f32>>
  %omax = tile.atomic_rmw max, relaxed, gpu %pmax, %x : tensor<8x!tile.ptr<f32>>
  %omin = tile.atomic_rmw min, relaxed, gpu %pmin, %x : tensor<8x!tile.ptr<f32>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<f32>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %po8b = tile.splat %old : tensor<8x!tile.ptr<f32>>
  %po8 = tile.addptr %po8b, %i8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %po, %omax : tensor<8x!tile.ptr<f32>>
  tile.store %po8, %omin : tensor<8x!tile.ptr<f32>>
  // The memory read back (program order), as bits: NaN signs show.
  %rmax = tile.load %pmax : tensor<8x!tile.ptr<f32>>
  %rmin = tile.load %pmin : tensor<8x!tile.ptr<f32>>
  %bmax = tile.bitcast %rmax : tensor<8xf32> -> tensor<8xi32>
  %bmin = tile.bitcast %rmin : tensor<8xf32> -> tensor<8xi32>
  %pbb = tile.splat %bits : tensor<8x!tile.ptr<i32>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %pb8b = tile.splat %bits : tensor<8x!tile.ptr<i32>>
  %pb8 = tile.addptr %pb8b, %i8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %pb, %bmax : tensor<8x!tile.ptr<i32>>
  tile.store %pb8, %bmin : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @minmax_f64(%m: !tile.ptr<f64>, %v: !tile.ptr<f64>, %old: !tile.ptr<f64>, %bits: !tile.ptr<i64>) {
  // max of v[i] into m[i] and min of v[i] into m[8 + i]; old values
  // to old[0..16), the final memory's bits to bits[0..16).
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %i8 = arith.addi %i, %c8 : tensor<8xi32>
  %pmaxb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pmax = tile.addptr %pmaxb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pminb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pmin = tile.addptr %pminb, %i8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f64>>
  %omax = tile.atomic_rmw max, relaxed, gpu %pmax, %x : tensor<8x!tile.ptr<f64>>
  %omin = tile.atomic_rmw min, relaxed, gpu %pmin, %x : tensor<8x!tile.ptr<f64>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<f64>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %po8b = tile.splat %old : tensor<8x!tile.ptr<f64>>
  %po8 = tile.addptr %po8b, %i8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %po, %omax : tensor<8x!tile.ptr<f64>>
  tile.store %po8, %omin : tensor<8x!tile.ptr<f64>>
  // The memory read back (program order), as bits: NaN signs show.
  %rmax = tile.load %pmax : tensor<8x!tile.ptr<f64>>
  %rmin = tile.load %pmin : tensor<8x!tile.ptr<f64>>
  %bmax = tile.bitcast %rmax : tensor<8xf64> -> tensor<8xi64>
  %bmin = tile.bitcast %rmin : tensor<8xf64> -> tensor<8xi64>
  %pbb = tile.splat %bits : tensor<8x!tile.ptr<i64>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pb8b = tile.splat %bits : tensor<8x!tile.ptr<i64>>
  %pb8 = tile.addptr %pb8b, %i8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %pb, %bmax : tensor<8x!tile.ptr<i64>>
  tile.store %pb8, %bmin : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @minmax_contend_f32(%mi: !tile.ptr<i32>, %v: !tile.ptr<f32>) {
  // Program p: max of v[8p + i] into m[i], min into m[8 + i]. The
  // memory is passed as integers (bit-for-bit comparison, NaN signs
  // included) and used through a pointer bitcast.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pid = tile.program_id x
  %cn = arith.constant 8 : i32
  %pn = arith.muli %pid, %cn : i32
  %pns = tile.splat %pn : tensor<8xi32>
  %po = arith.addi %pns, %i : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %i8 = arith.addi %i, %c8 : tensor<8xi32>
  %m = tile.bitcast %mi : !tile.ptr<i32> -> !tile.ptr<f32>
  %pmaxb = tile.splat %m : tensor<8x!tile.ptr<f32>>
  %pmax = tile.addptr %pmaxb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %pminb = tile.splat %m : tensor<8x!tile.ptr<f32>>
  %pmin = tile.addptr %pminb, %i8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f32>>
  %pv = tile.addptr %pvb, %po : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f32>>
  %omax = tile.atomic_rmw max, relaxed, gpu %pmax, %x : tensor<8x!tile.ptr<f32>>
  %omin = tile.atomic_rmw min, relaxed, gpu %pmin, %x : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @minmax_contend_f64(%mi: !tile.ptr<i64>, %v: !tile.ptr<f64>) {
  // Program p: max of v[8p + i] into m[i], min into m[8 + i]. The
  // memory is passed as integers (bit-for-bit comparison, NaN signs
  // included) and used through a pointer bitcast.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pid = tile.program_id x
  %cn = arith.constant 8 : i32
  %pn = arith.muli %pid, %cn : i32
  %pns = tile.splat %pn : tensor<8xi32>
  %po = arith.addi %pns, %i : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %i8 = arith.addi %i, %c8 : tensor<8xi32>
  %m = tile.bitcast %mi : !tile.ptr<i64> -> !tile.ptr<f64>
  %pmaxb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pmax = tile.addptr %pmaxb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pminb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pmin = tile.addptr %pminb, %i8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pvb = tile.splat %v : tensor<8x!tile.ptr<f64>>
  %pv = tile.addptr %pvb, %po : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x = tile.load %pv : tensor<8x!tile.ptr<f64>>
  %omax = tile.atomic_rmw max, relaxed, gpu %pmax, %x : tensor<8x!tile.ptr<f64>>
  %omin = tile.atomic_rmw min, relaxed, gpu %pmin, %x : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @cas_i16(%m: !tile.ptr<i16>, %cmp: !tile.ptr<i16>, %val: !tile.ptr<i16>, %old: !tile.ptr<i16>) {
  // Lane i: old = m[i]; if bits(old) == bits(cmp[i]) m[i] = val[i].
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<i16>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %pcb = tile.splat %cmp : tensor<8x!tile.ptr<i16>>
  %pc = tile.addptr %pcb, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %pvb = tile.splat %val : tensor<8x!tile.ptr<i16>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %c = tile.load %pc : tensor<8x!tile.ptr<i16>>
  %v = tile.load %pv : tensor<8x!tile.ptr<i16>>
  %o = tile.atomic_cas relaxed, gpu %pm, %c, %v : tensor<8x!tile.ptr<i16>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<i16>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<i16>>
  tile.return
}

tile.func @cas_f16(%m: !tile.ptr<f16>, %cmp: !tile.ptr<f16>, %val: !tile.ptr<f16>, %old: !tile.ptr<f16>) {
  // Lane i: old = m[i]; if bits(old) == bits(cmp[i]) m[i] = val[i].
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<f16>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %pcb = tile.splat %cmp : tensor<8x!tile.ptr<f16>>
  %pc = tile.addptr %pcb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %pvb = tile.splat %val : tensor<8x!tile.ptr<f16>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %c = tile.load %pc : tensor<8x!tile.ptr<f16>>
  %v = tile.load %pv : tensor<8x!tile.ptr<f16>>
  %o = tile.atomic_cas relaxed, gpu %pm, %c, %v : tensor<8x!tile.ptr<f16>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<f16>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<f16>>
  tile.return
}

tile.func @cas_bf16(%m: !tile.ptr<bf16>, %cmp: !tile.ptr<bf16>, %val: !tile.ptr<bf16>, %old: !tile.ptr<bf16>) {
  // Lane i: old = m[i]; if bits(old) == bits(cmp[i]) m[i] = val[i].
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<bf16>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %pcb = tile.splat %cmp : tensor<8x!tile.ptr<bf16>>
  %pc = tile.addptr %pcb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %pvb = tile.splat %val : tensor<8x!tile.ptr<bf16>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %c = tile.load %pc : tensor<8x!tile.ptr<bf16>>
  %v = tile.load %pv : tensor<8x!tile.ptr<bf16>>
  %o = tile.atomic_cas relaxed, gpu %pm, %c, %v : tensor<8x!tile.ptr<bf16>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<bf16>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @cas_i64(%m: !tile.ptr<i64>, %cmp: !tile.ptr<i64>, %val: !tile.ptr<i64>, %old: !tile.ptr<i64>) {
  // Lane i: old = m[i]; if bits(old) == bits(cmp[i]) m[i] = val[i].
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<i64>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pcb = tile.splat %cmp : tensor<8x!tile.ptr<i64>>
  %pc = tile.addptr %pcb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pvb = tile.splat %val : tensor<8x!tile.ptr<i64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c = tile.load %pc : tensor<8x!tile.ptr<i64>>
  %v = tile.load %pv : tensor<8x!tile.ptr<i64>>
  %o = tile.atomic_cas relaxed, gpu %pm, %c, %v : tensor<8x!tile.ptr<i64>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<i64>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @cas_f64(%m: !tile.ptr<f64>, %cmp: !tile.ptr<f64>, %val: !tile.ptr<f64>, %old: !tile.ptr<f64>) {
  // Lane i: old = m[i]; if bits(old) == bits(cmp[i]) m[i] = val[i].
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pmb = tile.splat %m : tensor<8x!tile.ptr<f64>>
  %pm = tile.addptr %pmb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pcb = tile.splat %cmp : tensor<8x!tile.ptr<f64>>
  %pc = tile.addptr %pcb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %pvb = tile.splat %val : tensor<8x!tile.ptr<f64>>
  %pv = tile.addptr %pvb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %c = tile.load %pc : tensor<8x!tile.ptr<f64>>
  %v = tile.load %pv : tensor<8x!tile.ptr<f64>>
  %o = tile.atomic_cas relaxed, gpu %pm, %c, %v : tensor<8x!tile.ptr<f64>>
  %pob = tile.splat %old : tensor<8x!tile.ptr<f64>>
  %po = tile.addptr %pob, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %po, %o : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @cas_add_i16(%m: !tile.ptr<i16>) {
  // m[0] += amount of program p, by a compare-and-swap loop.
  %pid = tile.program_id x
  %p = arith.trunci %pid : i32 to i16
  %one = arith.constant 1 : i16
  %k = arith.constant 1000 : i16
  %p1 = arith.addi %p, %one : i16
  %ds = arith.muli %p1, %k : i16
  %d = tile.splat %ds : tensor<1xi16>
  %pm = tile.splat %m : tensor<1x!tile.ptr<i16>>
  %start = tile.load %pm : tensor<1x!tile.ptr<i16>>
  %true = arith.constant true
  %last = scf.while (%cur = %start, %go = %true) : (tensor<1xi16>, i1) -> tensor<1xi16> {
    scf.condition(%go) %cur : tensor<1xi16>
  } do {
  ^bb0(%cur: tensor<1xi16>):
    %new = arith.addi %cur, %d : tensor<1xi16>
    %r = tile.atomic_cas acq_rel, gpu %pm, %cur, %new : tensor<1x!tile.ptr<i16>>
    %same = arith.cmpi eq, %r, %cur : tensor<1xi16>
    %done = tile.reduce(%same) axis = 0 : tensor<1xi1> -> i1 {
    ^bb0(%a: i1, %b: i1):
      %ab = arith.andi %a, %b : i1
      tile.yield %ab : i1
    }
    %again = arith.xori %done, %true : i1
    // On failure retry from the value the CAS saw.
    scf.yield %r, %again : tensor<1xi16>, i1
  }
  tile.return
}

tile.func @cas_add_i64(%m: !tile.ptr<i64>) {
  // m[0] += amount of program p, by a compare-and-swap loop.
  %pid = tile.program_id x
  %p = arith.extsi %pid : i32 to i64
  %one = arith.constant 1 : i64
  %k = arith.constant 8589934592 : i64
  %p1 = arith.addi %p, %one : i64
  %ds = arith.muli %p1, %k : i64
  %d = tile.splat %ds : tensor<1xi64>
  %pm = tile.splat %m : tensor<1x!tile.ptr<i64>>
  %start = tile.load %pm : tensor<1x!tile.ptr<i64>>
  %true = arith.constant true
  %last = scf.while (%cur = %start, %go = %true) : (tensor<1xi64>, i1) -> tensor<1xi64> {
    scf.condition(%go) %cur : tensor<1xi64>
  } do {
  ^bb0(%cur: tensor<1xi64>):
    %new = arith.addi %cur, %d : tensor<1xi64>
    %r = tile.atomic_cas acq_rel, gpu %pm, %cur, %new : tensor<1x!tile.ptr<i64>>
    %same = arith.cmpi eq, %r, %cur : tensor<1xi64>
    %done = tile.reduce(%same) axis = 0 : tensor<1xi1> -> i1 {
    ^bb0(%a: i1, %b: i1):
      %ab = arith.andi %a, %b : i1
      tile.yield %ab : i1
    }
    %again = arith.xori %done, %true : i1
    // On failure retry from the value the CAS saw.
    scf.yield %r, %again : tensor<1xi64>, i1
  }
  tile.return
}

tile.func @cas_add_f16(%m: !tile.ptr<f16>) {
  // m[0] += amount of program p, by a compare-and-swap loop.
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to f16
  %one = arith.constant 1.0 : f16
  %q = arith.constant 0.25 : f16
  %p1 = arith.addf %pf, %one : f16
  %ds = arith.mulf %p1, %q : f16
  %d = tile.splat %ds : tensor<1xf16>
  %pm = tile.splat %m : tensor<1x!tile.ptr<f16>>
  %start = tile.load %pm : tensor<1x!tile.ptr<f16>>
  %true = arith.constant true
  %last = scf.while (%cur = %start, %go = %true) : (tensor<1xf16>, i1) -> tensor<1xf16> {
    scf.condition(%go) %cur : tensor<1xf16>
  } do {
  ^bb0(%cur: tensor<1xf16>):
    %new = arith.addf %cur, %d : tensor<1xf16>
    %r = tile.atomic_cas acq_rel, gpu %pm, %cur, %new : tensor<1x!tile.ptr<f16>>
    %rb = tile.bitcast %r : tensor<1xf16> -> tensor<1xi16>
    %ob = tile.bitcast %cur : tensor<1xf16> -> tensor<1xi16>
    %same = arith.cmpi eq, %rb, %ob : tensor<1xi16>
    %done = tile.reduce(%same) axis = 0 : tensor<1xi1> -> i1 {
    ^bb0(%a: i1, %b: i1):
      %ab = arith.andi %a, %b : i1
      tile.yield %ab : i1
    }
    %again = arith.xori %done, %true : i1
    // On failure retry from the value the CAS saw.
    scf.yield %r, %again : tensor<1xf16>, i1
  }
  tile.return
}

tile.func @cas_add_bf16(%m: !tile.ptr<bf16>) {
  // m[0] += amount of program p, by a compare-and-swap loop.
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to bf16
  %one = arith.constant 1.0 : bf16
  %q = arith.constant 0.25 : bf16
  %p1 = arith.addf %pf, %one : bf16
  %ds = arith.mulf %p1, %q : bf16
  %d = tile.splat %ds : tensor<1xbf16>
  %pm = tile.splat %m : tensor<1x!tile.ptr<bf16>>
  %start = tile.load %pm : tensor<1x!tile.ptr<bf16>>
  %true = arith.constant true
  %last = scf.while (%cur = %start, %go = %true) : (tensor<1xbf16>, i1) -> tensor<1xbf16> {
    scf.condition(%go) %cur : tensor<1xbf16>
  } do {
  ^bb0(%cur: tensor<1xbf16>):
    %new = arith.addf %cur, %d : tensor<1xbf16>
    %r = tile.atomic_cas acq_rel, gpu %pm, %cur, %new : tensor<1x!tile.ptr<bf16>>
    %rb = tile.bitcast %r : tensor<1xbf16> -> tensor<1xi16>
    %ob = tile.bitcast %cur : tensor<1xbf16> -> tensor<1xi16>
    %same = arith.cmpi eq, %rb, %ob : tensor<1xi16>
    %done = tile.reduce(%same) axis = 0 : tensor<1xi1> -> i1 {
    ^bb0(%a: i1, %b: i1):
      %ab = arith.andi %a, %b : i1
      tile.yield %ab : i1
    }
    %again = arith.xori %done, %true : i1
    // On failure retry from the value the CAS saw.
    scf.yield %r, %again : tensor<1xbf16>, i1
  }
  tile.return
}

tile.func @cas_add_f64(%m: !tile.ptr<f64>) {
  // m[0] += amount of program p, by a compare-and-swap loop.
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to f64
  %one = arith.constant 1.0 : f64
  %q = arith.constant 0.25 : f64
  %p1 = arith.addf %pf, %one : f64
  %ds = arith.mulf %p1, %q : f64
  %d = tile.splat %ds : tensor<1xf64>
  %pm = tile.splat %m : tensor<1x!tile.ptr<f64>>
  %start = tile.load %pm : tensor<1x!tile.ptr<f64>>
  %true = arith.constant true
  %last = scf.while (%cur = %start, %go = %true) : (tensor<1xf64>, i1) -> tensor<1xf64> {
    scf.condition(%go) %cur : tensor<1xf64>
  } do {
  ^bb0(%cur: tensor<1xf64>):
    %new = arith.addf %cur, %d : tensor<1xf64>
    %r = tile.atomic_cas acq_rel, gpu %pm, %cur, %new : tensor<1x!tile.ptr<f64>>
    %rb = tile.bitcast %r : tensor<1xf64> -> tensor<1xi64>
    %ob = tile.bitcast %cur : tensor<1xf64> -> tensor<1xi64>
    %same = arith.cmpi eq, %rb, %ob : tensor<1xi64>
    %done = tile.reduce(%same) axis = 0 : tensor<1xi1> -> i1 {
    ^bb0(%a: i1, %b: i1):
      %ab = arith.andi %a, %b : i1
      tile.yield %ab : i1
    }
    %again = arith.xori %done, %true : i1
    // On failure retry from the value the CAS saw.
    scf.yield %r, %again : tensor<1xf64>, i1
  }
  tile.return
}

