// tile.fp_to_fp (docs/Semantics.md sections 3.9 and 7) on every pair of
// float types it converts: narrowing f32 to f16, bf16, f8E4M3FN and f8E5M2,
// f64 to f32, f16, bf16 and both f8 formats, f16 and bf16 to both f8
// formats, and f8 to the other f8, each with rounding = rtne and rtz;
// widening (no rounding mode) f16, bf16 and f32 to the wider types and both
// f8 formats to f16, bf16, f32 and f64. Narrowing to f16, bf16 and f32 is
// IEEE: rtne overflows to inf, rtz to the largest finite value, subnormals
// are kept; to f8 it rounds, then saturates finite values and infinities to
// +-448 (e4m3fn) or +-57344 (e5m2), NaN stays NaN; widening is exact. Every
// input is rounded exactly once (no double rounding through f32 for f64
// inputs). Expected values derived by hand from section 7 (each value's
// binary expansion rounded to the destination's precision and exponent
// range), which the reference prints; every conversion is exact-class, so
// the CPU is compared bit for bit, and every kernel compiles for nvidia and
// amd. fp_to_fp between f16 and bf16 is a gap on every target (below).

// f32 inputs: 1 + 3 * 2^-11 (an f16 tie: rtne 1 + 2^-9, rtz 1 + 2^-10) |
// -65520 (the f16 overflow tie: rtne -inf, rtz -65504; f8 saturates) | 3e-8
// (above half of f16's 2^-24: rtne 2^-24, rtz 0) | 1e-40 (a bf16 subnormal,
// kept) | 3.4e38 (above bf16's largest 3.3895314e38 and its midpoint: rtne
// inf, rtz the largest) | NaN | -0 | -inf (f8: -448, -57344)
// RUN: %python %S/Inputs/values.py %t.fa32 f32 1.00146484375 -65520 3e-8 1e-40 3.4e38 nan -0 -inf
// f16 bf16 f8E4M3FN f8E5M2, rtne:
// RUN: tile-check %s --kernel from_f32_rtne --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.fa32 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F32-RTNE-A32
// FROM-F32-RTNE-A32: reference #1 (f16 x 8): 1.00195312 -inf 5.96046448e-08 0 inf nan -0 -inf
// FROM-F32-RTNE-A32: reference #2 (bf16 x 8): 1 -65536 3.0035153e-08 9.18354962e-41 inf nan -0 -inf
// FROM-F32-RTNE-A32: reference #3 (f8e4m3 x 8): 1 -448 0 0 448 nan -0 -448
// FROM-F32-RTNE-A32: reference #4 (f8e5m2 x 8): 1 -57344 0 0 57344 nan -0 -57344
// FROM-F32-RTNE-A32: tile-check: PASS @from_f32_rtne (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f16 bf16 f8E4M3FN f8E5M2, rtz:
// RUN: tile-check %s --kernel from_f32_rtz --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.fa32 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F32-RTZ-A32
// FROM-F32-RTZ-A32: reference #1 (f16 x 8): 1.00097656 -65504 0 0 65504 nan -0 -inf
// FROM-F32-RTZ-A32: reference #2 (bf16 x 8): 1 -65280 2.98023224e-08 9.18354962e-41 3.38953139e+38 nan -0 -inf
// FROM-F32-RTZ-A32: reference #3 (f8e4m3 x 8): 1 -448 0 0 448 nan -0 -448
// FROM-F32-RTZ-A32: reference #4 (f8e5m2 x 8): 1 -57344 0 0 57344 nan -0 -57344
// FROM-F32-RTZ-A32: tile-check: PASS @from_f32_rtz (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f32 inputs: 0.3 | -17.5 (e4m3 spacing 2 there: rtne -18, rtz -16) | 464
// (the e4m3 midpoint of 448 and 480, which is no finite value: 448) | 1.5 *
// 2^-9 (an e4m3 subnormal tie: rtne 2^-8, rtz 2^-9) | 61440 (e5m2 midpoint of
// 57344 and 2^16: saturates) | -1e-5 (e5m2 subnormals: rtne -2^-16, rtz -0) |
// 2.75 (e5m2 tie: rtne 3, rtz 2.5) | 1e-3
// RUN: %python %S/Inputs/values.py %t.fb32 f32 0.3 -17.5 464 0.0029296875 61440 -1e-5 2.75 1.0e-3
// f16 bf16 f8E4M3FN f8E5M2, rtne:
// RUN: tile-check %s --kernel from_f32_rtne --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.fb32 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F32-RTNE-B32
// FROM-F32-RTNE-B32: reference #1 (f16 x 8): 0.300048828 -17.5 464 0.0029296875 61440 -1.00135803e-05 2.75 0.00100040436
// FROM-F32-RTNE-B32: reference #2 (bf16 x 8): 0.30078125 -17.5 464 0.0029296875 61440 -1.00135803e-05 2.75 0.000999450684
// FROM-F32-RTNE-B32: reference #3 (f8e4m3 x 8): 0.3125 -18 448 0.00390625 448 -0 2.75 0.001953125
// FROM-F32-RTNE-B32: reference #4 (f8e5m2 x 8): 0.3125 -16 448 0.0029296875 57344 -1.52587891e-05 3 0.0009765625
// FROM-F32-RTNE-B32: tile-check: PASS @from_f32_rtne (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f16 bf16 f8E4M3FN f8E5M2, rtz:
// RUN: tile-check %s --kernel from_f32_rtz --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.fb32 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F32-RTZ-B32
// FROM-F32-RTZ-B32: reference #1 (f16 x 8): 0.299804688 -17.5 464 0.0029296875 61440 -9.95397568e-06 2.75 0.000999450684
// FROM-F32-RTZ-B32: reference #2 (bf16 x 8): 0.298828125 -17.5 464 0.0029296875 61440 -9.95397568e-06 2.75 0.000999450684
// FROM-F32-RTZ-B32: reference #3 (f8e4m3 x 8): 0.28125 -16 448 0.001953125 448 -0 2.75 0
// FROM-F32-RTZ-B32: reference #4 (f8e5m2 x 8): 0.25 -16 448 0.0029296875 57344 -0 2.5 0.0009765625
// FROM-F32-RTZ-B32: tile-check: PASS @from_f32_rtz (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f64 inputs: 0.1 (f32 rtne 0x3DCCCCCD, rtz 0x3DCCCCCC) | 1e39 (f32 overflow:
// rtne inf, rtz the largest) | 1 + 2^-11 + 9.1e-14 (f16: just above a tie,
// rtne 1 + 2^-10, where rounding through f32 first would give the tie and 1)
// | 1e-310 (f64 subnormal: 0) | -3e-8 | 65519.99 (below f16's overflow
// midpoint: 65504) | NaN | -inf
// RUN: %python %S/Inputs/values.py %t.fa64 f64 0.1 1e39 1.0004882812500909 1e-310 -3e-8 65519.99 nan -inf
// f32 f16 bf16 f8E4M3FN f8E5M2, rtne:
// RUN: tile-check %s --kernel from_f64_rtne --grid 1 \
// RUN:   --arg buf:f64:8:file=%t.fa64 --arg buf:f32:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:bf16:8:poison \
// RUN:   --arg buf:f8e4m3:8:poison --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --print 5 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F64-RTNE-A64
// FROM-F64-RTNE-A64: reference #1 (f32 x 8): 0.100000001 inf 1.00048828 0 -2.99999989e-08 65519.9883 nan -inf
// FROM-F64-RTNE-A64: reference #2 (f16 x 8): 0.0999755859 inf 1.00097656 0 -5.96046448e-08 65504 nan -inf
// FROM-F64-RTNE-A64: reference #3 (bf16 x 8): 0.100097656 inf 1 0 -3.0035153e-08 65536 nan -inf
// FROM-F64-RTNE-A64: reference #4 (f8e4m3 x 8): 0.1015625 448 1 0 -0 448 nan -448
// FROM-F64-RTNE-A64: reference #5 (f8e5m2 x 8): 0.09375 57344 1 0 -0 57344 nan -57344
// FROM-F64-RTNE-A64: tile-check: PASS @from_f64_rtne (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f32 f16 bf16 f8E4M3FN f8E5M2, rtz:
// RUN: tile-check %s --kernel from_f64_rtz --grid 1 \
// RUN:   --arg buf:f64:8:file=%t.fa64 --arg buf:f32:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:bf16:8:poison \
// RUN:   --arg buf:f8e4m3:8:poison --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --print 5 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F64-RTZ-A64
// FROM-F64-RTZ-A64: reference #1 (f32 x 8): 0.099999994 3.40282347e+38 1.00048828 0 -2.99999989e-08 65519.9883 nan -inf
// FROM-F64-RTZ-A64: reference #2 (f16 x 8): 0.0999755859 65504 1 0 -0 65504 nan -inf
// FROM-F64-RTZ-A64: reference #3 (bf16 x 8): 0.099609375 3.38953139e+38 1 0 -2.98023224e-08 65280 nan -inf
// FROM-F64-RTZ-A64: reference #4 (f8e4m3 x 8): 0.09375 448 1 0 -0 448 nan -448
// FROM-F64-RTZ-A64: reference #5 (f8e5m2 x 8): 0.09375 57344 1 0 -0 57344 nan -57344
// FROM-F64-RTZ-A64: tile-check: PASS @from_f64_rtz (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f64 inputs: 447.99999 (e4m3: rtne 448, rtz 416) | 0.3 | -240.5 | 2^-10
// (half of e4m3's smallest subnormal, a tie: 0) | 1.5 * 2^-9 | 57343.9 (e5m2:
// rtne 57344, rtz 49152) | 1e300 (saturates; f16 and bf16 inf, f32 inf or the
// largest) | -0
// RUN: %python %S/Inputs/values.py %t.fb64 f64 447.99999 0.3 -240.5 0.0009765625 0.0029296875 57343.9 1e300 -0
// f32 f16 bf16 f8E4M3FN f8E5M2, rtne:
// RUN: tile-check %s --kernel from_f64_rtne --grid 1 \
// RUN:   --arg buf:f64:8:file=%t.fb64 --arg buf:f32:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:bf16:8:poison \
// RUN:   --arg buf:f8e4m3:8:poison --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --print 5 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F64-RTNE-B64
// FROM-F64-RTNE-B64: reference #1 (f32 x 8): 448 0.300000012 -240.5 0.0009765625 0.0029296875 57343.8984 inf -0
// FROM-F64-RTNE-B64: reference #2 (f16 x 8): 448 0.300048828 -240.5 0.0009765625 0.0029296875 57344 inf -0
// FROM-F64-RTNE-B64: reference #3 (bf16 x 8): 448 0.30078125 -240 0.0009765625 0.0029296875 57344 inf -0
// FROM-F64-RTNE-B64: reference #4 (f8e4m3 x 8): 448 0.3125 -240 0 0.00390625 448 448 -0
// FROM-F64-RTNE-B64: reference #5 (f8e5m2 x 8): 448 0.3125 -256 0.0009765625 0.0029296875 57344 57344 -0
// FROM-F64-RTNE-B64: tile-check: PASS @from_f64_rtne (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f32 f16 bf16 f8E4M3FN f8E5M2, rtz:
// RUN: tile-check %s --kernel from_f64_rtz --grid 1 \
// RUN:   --arg buf:f64:8:file=%t.fb64 --arg buf:f32:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:bf16:8:poison \
// RUN:   --arg buf:f8e4m3:8:poison --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --print 5 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F64-RTZ-B64
// FROM-F64-RTZ-B64: reference #1 (f32 x 8): 447.999969 0.299999982 -240.5 0.0009765625 0.0029296875 57343.8984 3.40282347e+38 -0
// FROM-F64-RTZ-B64: reference #2 (f16 x 8): 447.75 0.299804688 -240.5 0.0009765625 0.0029296875 57312 65504 -0
// FROM-F64-RTZ-B64: reference #3 (bf16 x 8): 446 0.298828125 -240 0.0009765625 0.0029296875 57088 3.38953139e+38 -0
// FROM-F64-RTZ-B64: reference #4 (f8e4m3 x 8): 416 0.28125 -240 0 0.001953125 448 448 -0
// FROM-F64-RTZ-B64: reference #5 (f8e5m2 x 8): 384 0.25 -224 0.0009765625 0.0029296875 49152 57344 -0
// FROM-F64-RTZ-B64: tile-check: PASS @from_f64_rtz (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f16 inputs: 1.0625 (an e4m3 tie: 1) | 1.1875 (tie: rtne 1.25, rtz 1.125) |
// -464 | 65504 (e5m2: saturates to 57344) | 2^-10 | 2^-24 (below both f8
// formats' half subnormals: 0) | NaN | -inf
// RUN: %python %S/Inputs/values.py %t.fa16 f16 1.0625 1.1875 -464 65504 0.0009765625 5.960464477539063e-08 nan -inf
// f8E4M3FN f8E5M2, rtne:
// RUN: tile-check %s --kernel from_f16_rtne --grid 1 \
// RUN:   --arg buf:f16:8:file=%t.fa16 --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F16-RTNE-A16
// FROM-F16-RTNE-A16: reference #1 (f8e4m3 x 8): 1 1.25 -448 448 0 0 nan -448
// FROM-F16-RTNE-A16: reference #2 (f8e5m2 x 8): 1 1.25 -448 57344 0.0009765625 0 nan -57344
// FROM-F16-RTNE-A16: tile-check: PASS @from_f16_rtne (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f8E4M3FN f8E5M2, rtz:
// RUN: tile-check %s --kernel from_f16_rtz --grid 1 \
// RUN:   --arg buf:f16:8:file=%t.fa16 --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F16-RTZ-A16
// FROM-F16-RTZ-A16: reference #1 (f8e4m3 x 8): 1 1.125 -448 448 0 0 nan -448
// FROM-F16-RTZ-A16: reference #2 (f8e5m2 x 8): 1 1 -448 57344 0.0009765625 0 nan -57344
// FROM-F16-RTZ-A16: tile-check: PASS @from_f16_rtz (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// bf16 inputs: 1.0625 | -3 | 1e30 (rounded to bf16 first: saturates) | 2^-126
// (0) | 0.15625 (1.25 * 2^-3, exact in both f8 formats) | NaN | inf (448,
// 57344) | -0
// RUN: %python %S/Inputs/values.py %t.fab16 bf16 1.0625 -3 1e30 1.1754943508222875e-38 0.15625 nan inf -0
// f8E4M3FN f8E5M2, rtne:
// RUN: tile-check %s --kernel from_bf16_rtne --grid 1 \
// RUN:   --arg buf:bf16:8:file=%t.fab16 --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-BF16-RTNE-AB16
// FROM-BF16-RTNE-AB16: reference #1 (f8e4m3 x 8): 1 -3 448 0 0.15625 nan 448 -0
// FROM-BF16-RTNE-AB16: reference #2 (f8e5m2 x 8): 1 -3 57344 0 0.15625 nan 57344 -0
// FROM-BF16-RTNE-AB16: tile-check: PASS @from_bf16_rtne (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f8E4M3FN f8E5M2, rtz:
// RUN: tile-check %s --kernel from_bf16_rtz --grid 1 \
// RUN:   --arg buf:bf16:8:file=%t.fab16 --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --print 2 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-BF16-RTZ-AB16
// FROM-BF16-RTZ-AB16: reference #1 (f8e4m3 x 8): 1 -3 448 0 0.15625 nan 448 -0
// FROM-BF16-RTZ-AB16: reference #2 (f8e5m2 x 8): 1 -3 57344 0 0.15625 nan 57344 -0
// FROM-BF16-RTZ-AB16: tile-check: PASS @from_bf16_rtz (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f8E4M3FN inputs: 448 | -0 | NaN | 2^-9 (the smallest subnormal) | -0.875 |
// 1.125 (an e5m2 tie: 1) | 240 (e5m2 tie of 224 and 256: rtne 256, rtz 224) |
// -3.5
// RUN: %python %S/Inputs/values.py %t.fe4 f8e4m3 448 -0 nan 0.001953125 -0.875 1.125 240 -3.5
// f8E5M2, rtne:
// RUN: tile-check %s --kernel from_e4m3_rtne --grid 1 \
// RUN:   --arg buf:f8e4m3:8:file=%t.fe4 --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-E4M3-RTNE-E4
// FROM-E4M3-RTNE-E4: reference #1 (f8e5m2 x 8): 448 -0 nan 0.001953125 -0.875 1 256 -3.5
// FROM-E4M3-RTNE-E4: tile-check: PASS @from_e4m3_rtne (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f8E5M2, rtz:
// RUN: tile-check %s --kernel from_e4m3_rtz --grid 1 \
// RUN:   --arg buf:f8e4m3:8:file=%t.fe4 --arg buf:f8e5m2:8:poison \
// RUN:   --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-E4M3-RTZ-E4
// FROM-E4M3-RTZ-E4: reference #1 (f8e5m2 x 8): 448 -0 nan 0.001953125 -0.875 1 224 -3.5
// FROM-E4M3-RTZ-E4: tile-check: PASS @from_e4m3_rtz (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f8E5M2 inputs: 57344 (e4m3: saturates to 448) | -inf (-448) | NaN | 2^-16
// (e5m2's smallest subnormal; e4m3: 0) | -0.75 | 1.25 | -0 | 3
// RUN: %python %S/Inputs/values.py %t.fe5 f8e5m2 57344 -inf nan 1.52587890625e-05 -0.75 1.25 -0 3
// f8E4M3FN, rtne:
// RUN: tile-check %s --kernel from_e5m2_rtne --grid 1 \
// RUN:   --arg buf:f8e5m2:8:file=%t.fe5 --arg buf:f8e4m3:8:poison \
// RUN:   --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-E5M2-RTNE-E5
// FROM-E5M2-RTNE-E5: reference #1 (f8e4m3 x 8): 448 -448 nan 0 -0.75 1.25 -0 3
// FROM-E5M2-RTNE-E5: tile-check: PASS @from_e5m2_rtne (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f8E4M3FN, rtz:
// RUN: tile-check %s --kernel from_e5m2_rtz --grid 1 \
// RUN:   --arg buf:f8e5m2:8:file=%t.fe5 --arg buf:f8e4m3:8:poison \
// RUN:   --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-E5M2-RTZ-E5
// FROM-E5M2-RTZ-E5: reference #1 (f8e4m3 x 8): 448 -448 nan 0 -0.75 1.25 -0 3
// FROM-E5M2-RTZ-E5: tile-check: PASS @from_e5m2_rtz (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f16 inputs: 65504 | 2^-24 | -0 | NaN | inf | 1 + 2^-10 | -2.5 | 2^-14
// RUN: %python %S/Inputs/values.py %t.fw16 f16 65504 5.960464477539063e-08 -0 nan inf 1.0009765625 -2.5 6.103515625e-05
// f32 f64:
// RUN: tile-check %s --kernel from_f16 --grid 1 \
// RUN:   --arg buf:f16:8:file=%t.fw16 --arg buf:f32:8:poison \
// RUN:   --arg buf:f64:8:poison \
// RUN:   --print 1 --print 2 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F16-W16
// FROM-F16-W16: reference #1 (f32 x 8): 65504 5.96046448e-08 -0 nan inf 1.00097656 -2.5 6.10351562e-05
// FROM-F16-W16: reference #2 (f64 x 8): 65504 5.9604644775390625e-08 -0 nan inf 1.0009765625 -2.5 6.103515625e-05
// FROM-F16-W16: tile-check: PASS @from_f16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// bf16 inputs: the largest bf16 | 2^-133 (the smallest subnormal) | -0 | NaN
// | -inf | 1 + 2^-7 | -2.5 | 2^-126
// RUN: %python %S/Inputs/values.py %t.fwb16 bf16 3.3895313892515355e38 9.183549615799121e-41 -0 nan -inf 1.0078125 -2.5 1.1754943508222875e-38
// f32 f64:
// RUN: tile-check %s --kernel from_bf16 --grid 1 \
// RUN:   --arg buf:bf16:8:file=%t.fwb16 --arg buf:f32:8:poison \
// RUN:   --arg buf:f64:8:poison \
// RUN:   --print 1 --print 2 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-BF16-WB16
// FROM-BF16-WB16: reference #1 (f32 x 8): 3.38953139e+38 9.18354962e-41 -0 nan -inf 1.0078125 -2.5 1.17549435e-38
// FROM-BF16-WB16: reference #2 (f64 x 8): 3.3895313892515355e+38 9.1835496157991212e-41 -0 nan -inf 1.0078125 -2.5 1.1754943508222875e-38
// FROM-BF16-WB16: tile-check: PASS @from_bf16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f64:
// RUN: tile-check %s --kernel from_f32 --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.fa32 --arg buf:f64:8:poison \
// RUN:   --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-F32-A32
// FROM-F32-A32: reference #1 (f64 x 8): 1.00146484375 -65520 2.9999998929497451e-08 9.9999461011147596e-41 3.3999999521443642e+38 nan -0 -inf
// FROM-F32-A32: tile-check: PASS @from_f32 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f16 bf16 f32 f64:
// RUN: tile-check %s --kernel from_e4m3 --grid 1 \
// RUN:   --arg buf:f8e4m3:8:file=%t.fe4 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f32:8:poison \
// RUN:   --arg buf:f64:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-E4M3-E4
// FROM-E4M3-E4: reference #1 (f16 x 8): 448 -0 nan 0.001953125 -0.875 1.125 240 -3.5
// FROM-E4M3-E4: reference #2 (bf16 x 8): 448 -0 nan 0.001953125 -0.875 1.125 240 -3.5
// FROM-E4M3-E4: reference #3 (f32 x 8): 448 -0 nan 0.001953125 -0.875 1.125 240 -3.5
// FROM-E4M3-E4: reference #4 (f64 x 8): 448 -0 nan 0.001953125 -0.875 1.125 240 -3.5
// FROM-E4M3-E4: tile-check: PASS @from_e4m3 (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})
// f16 bf16 f32 f64:
// RUN: tile-check %s --kernel from_e5m2 --grid 1 \
// RUN:   --arg buf:f8e5m2:8:file=%t.fe5 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f32:8:poison \
// RUN:   --arg buf:f64:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FROM-E5M2-E5
// FROM-E5M2-E5: reference #1 (f16 x 8): 57344 -inf nan 1.52587891e-05 -0.75 1.25 -0 3
// FROM-E5M2-E5: reference #2 (bf16 x 8): 57344 -inf nan 1.52587891e-05 -0.75 1.25 -0 3
// FROM-E5M2-E5: reference #3 (f32 x 8): 57344 -inf nan 1.52587891e-05 -0.75 1.25 -0 3
// FROM-E5M2-E5: reference #4 (f64 x 8): 57344 -inf nan 1.52587890625e-05 -0.75 1.25 -0 3
// FROM-E5M2-E5: tile-check: PASS @from_e5m2 (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f16 <-> bf16 (fewer mantissa bits one way, less exponent range the
// other): f16 65504 | 1 + 2^-10 | 2^-24 | -0 | NaN | -inf | 1 + 2^-8 (a
// bf16 tie: 1) | -(3 + 2^-7) (a tie: -3) to bf16 is rtne 65536, rtz 65280
// (65504 = 1.1111111111b * 2^15), the rest exact or rounded to even;
// bf16 1e30 | -1e30 | 1 + 2^-7 | 2^-133 | 2^-14 | NaN | -0 | 65280 to f16
// is rtne +-inf, rtz +-65504, 2^-133 gives 0, the rest exact.
// RUN: %python %S/Inputs/values.py %t.g16 f16 65504 1.0009765625 5.960464477539063e-08 -0 nan -inf 1.00390625 -3.0078125
// RUN: %python %S/Inputs/values.py %t.gb16 bf16 1e30 -1e30 1.0078125 9.183549615799121e-41 6.103515625e-05 nan -0 65280
// RUN: tile-check %s --kernel f16_to_bf16 --grid 1 --arg buf:f16:8:file=%t.g16 \
// RUN:   --arg buf:bf16:8:poison --arg buf:bf16:8:poison --print 1 --print 2 \
// RUN:   --targets none | FileCheck %s --check-prefix=F16-BF16
// F16-BF16: reference #1 (bf16 x 8): 65536 1 5.96046448e-08 -0 nan -inf 1 -3
// F16-BF16: reference #2 (bf16 x 8): 65280 1 5.96046448e-08 -0 nan -inf 1 -3
// RUN: tile-check %s --kernel bf16_to_f16 --grid 1 --arg buf:bf16:8:file=%t.gb16 \
// RUN:   --arg buf:f16:8:poison --arg buf:f16:8:poison --print 1 --print 2 \
// RUN:   --targets none | FileCheck %s --check-prefix=BF16-F16
// BF16-F16: reference #1 (f16 x 8): inf -inf 1.0078125 0 6.10351562e-05 nan -0 65280
// BF16-F16: reference #2 (f16 x 8): 65504 -65504 1.0078125 0 6.10351562e-05 nan -0 65280
// Once a gap of every target (fixed 2026-12-01: through f32, exactly,
// then rounded once): each lowering made an arith.truncf between f16 and
// bf16, which arith rejects.
//
// RUN: tile-check %s --kernel f16_to_bf16 --grid 1 --arg buf:f16:8:file=%t.g16 \
// RUN:   --arg buf:bf16:8:poison --arg buf:bf16:8:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=F16-BF16-CPU
// F16-BF16-CPU: tile-check: PASS @f16_to_bf16 (
// RUN: tile-check %s --kernel f16_to_bf16 --grid 1 --arg buf:f16:8:file=%t.g16 \
// RUN:   --arg buf:bf16:8:poison --arg buf:bf16:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F16-BF16-GPU
// F16-BF16-GPU: tile-check: PASS @f16_to_bf16 (
// RUN: tile-check %s --kernel bf16_to_f16 --grid 1 --arg buf:bf16:8:file=%t.gb16 \
// RUN:   --arg buf:f16:8:poison --arg buf:f16:8:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=BF16-F16-CPU
// BF16-F16-CPU: tile-check: PASS @bf16_to_f16 (
// RUN: tile-check %s --kernel bf16_to_f16 --grid 1 --arg buf:bf16:8:file=%t.gb16 \
// RUN:   --arg buf:f16:8:poison --arg buf:f16:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=BF16-F16-GPU
// BF16-F16-GPU: tile-check: PASS @bf16_to_f16 (

tile.func @from_f32_rtne(%x: !tile.ptr<f32>, %o0: !tile.ptr<f16>, %o1: !tile.ptr<bf16>, %o2: !tile.ptr<f8E4M3FN>, %o3: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtne of 8 f32 values to f16, bf16, f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f32>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f16>>
  %y1 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xbf16>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<bf16>>
  %y2 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %q2b = tile.splat %o2 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q2 = tile.addptr %q2b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q2, %y2 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y3 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf8E5M2>
  %q3b = tile.splat %o3 : tensor<8x!tile.ptr<f8E5M2>>
  %q3 = tile.addptr %q3b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q3, %y3 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_f32_rtz(%x: !tile.ptr<f32>, %o0: !tile.ptr<f16>, %o1: !tile.ptr<bf16>, %o2: !tile.ptr<f8E4M3FN>, %o3: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtz of 8 f32 values to f16, bf16, f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f32>>
  %y0 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xf16>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f16>>
  %y1 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xbf16>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<bf16>>
  %y2 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %q2b = tile.splat %o2 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q2 = tile.addptr %q2b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q2, %y2 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y3 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2>
  %q3b = tile.splat %o3 : tensor<8x!tile.ptr<f8E5M2>>
  %q3 = tile.addptr %q3b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q3, %y3 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_f64_rtne(%x: !tile.ptr<f64>, %o0: !tile.ptr<f32>, %o1: !tile.ptr<f16>, %o2: !tile.ptr<bf16>, %o3: !tile.ptr<f8E4M3FN>, %o4: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtne of 8 f64 values to f32, f16, bf16, f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f64>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf64> -> tensor<8xf32>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f32>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f32>>
  %y1 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf64> -> tensor<8xf16>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f16>>
  %y2 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf64> -> tensor<8xbf16>
  %q2b = tile.splat %o2 : tensor<8x!tile.ptr<bf16>>
  %q2 = tile.addptr %q2b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q2, %y2 : tensor<8x!tile.ptr<bf16>>
  %y3 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf64> -> tensor<8xf8E4M3FN>
  %q3b = tile.splat %o3 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q3 = tile.addptr %q3b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q3, %y3 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y4 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf64> -> tensor<8xf8E5M2>
  %q4b = tile.splat %o4 : tensor<8x!tile.ptr<f8E5M2>>
  %q4 = tile.addptr %q4b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q4, %y4 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_f64_rtz(%x: !tile.ptr<f64>, %o0: !tile.ptr<f32>, %o1: !tile.ptr<f16>, %o2: !tile.ptr<bf16>, %o3: !tile.ptr<f8E4M3FN>, %o4: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtz of 8 f64 values to f32, f16, bf16, f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f64>>
  %y0 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf64> -> tensor<8xf32>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f32>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f32>>
  %y1 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf64> -> tensor<8xf16>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f16>>
  %y2 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf64> -> tensor<8xbf16>
  %q2b = tile.splat %o2 : tensor<8x!tile.ptr<bf16>>
  %q2 = tile.addptr %q2b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q2, %y2 : tensor<8x!tile.ptr<bf16>>
  %y3 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf64> -> tensor<8xf8E4M3FN>
  %q3b = tile.splat %o3 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q3 = tile.addptr %q3b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q3, %y3 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y4 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf64> -> tensor<8xf8E5M2>
  %q4b = tile.splat %o4 : tensor<8x!tile.ptr<f8E5M2>>
  %q4 = tile.addptr %q4b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q4, %y4 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_f16_rtne(%x: !tile.ptr<f16>, %o0: !tile.ptr<f8E4M3FN>, %o1: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtne of 8 f16 values to f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f16>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf16> -> tensor<8xf8E4M3FN>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y1 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf16> -> tensor<8xf8E5M2>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f8E5M2>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_f16_rtz(%x: !tile.ptr<f16>, %o0: !tile.ptr<f8E4M3FN>, %o1: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtz of 8 f16 values to f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f16>>
  %y0 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf16> -> tensor<8xf8E4M3FN>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y1 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf16> -> tensor<8xf8E5M2>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f8E5M2>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_bf16_rtne(%x: !tile.ptr<bf16>, %o0: !tile.ptr<f8E4M3FN>, %o1: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtne of 8 bf16 values to f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<bf16>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xbf16> -> tensor<8xf8E4M3FN>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y1 = tile.fp_to_fp %v, rounding = rtne : tensor<8xbf16> -> tensor<8xf8E5M2>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f8E5M2>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_bf16_rtz(%x: !tile.ptr<bf16>, %o0: !tile.ptr<f8E4M3FN>, %o1: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtz of 8 bf16 values to f8E4M3FN, f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<bf16>>
  %y0 = tile.fp_to_fp %v, rounding = rtz : tensor<8xbf16> -> tensor<8xf8E4M3FN>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %y1 = tile.fp_to_fp %v, rounding = rtz : tensor<8xbf16> -> tensor<8xf8E5M2>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f8E5M2>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_e4m3_rtne(%x: !tile.ptr<f8E4M3FN>, %o0: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtne of 8 f8E4M3FN values to f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f8E4M3FN>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f8E4M3FN>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf8E4M3FN> -> tensor<8xf8E5M2>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E5M2>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_e4m3_rtz(%x: !tile.ptr<f8E4M3FN>, %o0: !tile.ptr<f8E5M2>) {
  // tile.fp_to_fp rtz of 8 f8E4M3FN values to f8E5M2.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f8E4M3FN>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f8E4M3FN>>
  %y0 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf8E4M3FN> -> tensor<8xf8E5M2>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E5M2>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @from_e5m2_rtne(%x: !tile.ptr<f8E5M2>, %o0: !tile.ptr<f8E4M3FN>) {
  // tile.fp_to_fp rtne of 8 f8E5M2 values to f8E4M3FN.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f8E5M2>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f8E5M2>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf8E5M2> -> tensor<8xf8E4M3FN>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E4M3FN>>
  tile.return
}

tile.func @from_e5m2_rtz(%x: !tile.ptr<f8E5M2>, %o0: !tile.ptr<f8E4M3FN>) {
  // tile.fp_to_fp rtz of 8 f8E5M2 values to f8E4M3FN.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f8E5M2>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f8E5M2>>
  %y0 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf8E5M2> -> tensor<8xf8E4M3FN>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f8E4M3FN>>
  tile.return
}

tile.func @from_f16(%x: !tile.ptr<f16>, %o0: !tile.ptr<f32>, %o1: !tile.ptr<f64>) {
  // tile.fp_to_fp of 8 f16 values to f32, f64.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f16>>
  %y0 = tile.fp_to_fp %v : tensor<8xf16> -> tensor<8xf32>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f32>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f32>>
  %y1 = tile.fp_to_fp %v : tensor<8xf16> -> tensor<8xf64>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f64>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @from_bf16(%x: !tile.ptr<bf16>, %o0: !tile.ptr<f32>, %o1: !tile.ptr<f64>) {
  // tile.fp_to_fp of 8 bf16 values to f32, f64.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<bf16>>
  %y0 = tile.fp_to_fp %v : tensor<8xbf16> -> tensor<8xf32>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f32>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f32>>
  %y1 = tile.fp_to_fp %v : tensor<8xbf16> -> tensor<8xf64>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f64>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @from_f32(%x: !tile.ptr<f32>, %o0: !tile.ptr<f64>) {
  // tile.fp_to_fp of 8 f32 values to f64.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f32>>
  %y0 = tile.fp_to_fp %v : tensor<8xf32> -> tensor<8xf64>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f64>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @from_e4m3(%x: !tile.ptr<f8E4M3FN>, %o0: !tile.ptr<f16>, %o1: !tile.ptr<bf16>, %o2: !tile.ptr<f32>, %o3: !tile.ptr<f64>) {
  // tile.fp_to_fp of 8 f8E4M3FN values to f16, bf16, f32, f64.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f8E4M3FN>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f8E4M3FN>>
  %y0 = tile.fp_to_fp %v : tensor<8xf8E4M3FN> -> tensor<8xf16>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f16>>
  %y1 = tile.fp_to_fp %v : tensor<8xf8E4M3FN> -> tensor<8xbf16>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<bf16>>
  %y2 = tile.fp_to_fp %v : tensor<8xf8E4M3FN> -> tensor<8xf32>
  %q2b = tile.splat %o2 : tensor<8x!tile.ptr<f32>>
  %q2 = tile.addptr %q2b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q2, %y2 : tensor<8x!tile.ptr<f32>>
  %y3 = tile.fp_to_fp %v : tensor<8xf8E4M3FN> -> tensor<8xf64>
  %q3b = tile.splat %o3 : tensor<8x!tile.ptr<f64>>
  %q3 = tile.addptr %q3b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %q3, %y3 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @from_e5m2(%x: !tile.ptr<f8E5M2>, %o0: !tile.ptr<f16>, %o1: !tile.ptr<bf16>, %o2: !tile.ptr<f32>, %o3: !tile.ptr<f64>) {
  // tile.fp_to_fp of 8 f8E5M2 values to f16, bf16, f32, f64.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f8E5M2>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f8E5M2>>
  %y0 = tile.fp_to_fp %v : tensor<8xf8E5M2> -> tensor<8xf16>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f16>>
  %y1 = tile.fp_to_fp %v : tensor<8xf8E5M2> -> tensor<8xbf16>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<bf16>>
  %y2 = tile.fp_to_fp %v : tensor<8xf8E5M2> -> tensor<8xf32>
  %q2b = tile.splat %o2 : tensor<8x!tile.ptr<f32>>
  %q2 = tile.addptr %q2b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q2, %y2 : tensor<8x!tile.ptr<f32>>
  %y3 = tile.fp_to_fp %v : tensor<8xf8E5M2> -> tensor<8xf64>
  %q3b = tile.splat %o3 : tensor<8x!tile.ptr<f64>>
  %q3 = tile.addptr %q3b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %q3, %y3 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @f16_to_bf16(%x: !tile.ptr<f16>, %o0: !tile.ptr<bf16>, %o1: !tile.ptr<bf16>) {
  // tile.fp_to_fp rtne and rtz of 8 f16 values to bf16 (fewer mantissa
  // bits, more exponent range).
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<f16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<f16>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf16> -> tensor<8xbf16>
  %y1 = tile.fp_to_fp %v, rounding = rtz : tensor<8xf16> -> tensor<8xbf16>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<bf16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<bf16>>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @bf16_to_f16(%x: !tile.ptr<bf16>, %o0: !tile.ptr<f16>, %o1: !tile.ptr<f16>) {
  // tile.fp_to_fp rtne and rtz of 8 bf16 values to f16 (more mantissa
  // bits, less exponent range).
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pxb = tile.splat %x : tensor<8x!tile.ptr<bf16>>
  %px = tile.addptr %pxb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v = tile.load %px : tensor<8x!tile.ptr<bf16>>
  %y0 = tile.fp_to_fp %v, rounding = rtne : tensor<8xbf16> -> tensor<8xf16>
  %y1 = tile.fp_to_fp %v, rounding = rtz : tensor<8xbf16> -> tensor<8xf16>
  %q0b = tile.splat %o0 : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q0, %y0 : tensor<8x!tile.ptr<f16>>
  %q1b = tile.splat %o1 : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %q1b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q1, %y1 : tensor<8x!tile.ptr<f16>>
  tile.return
}
