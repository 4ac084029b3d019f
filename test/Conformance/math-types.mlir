// The math functions of math.mlir (exp, exp2, log, sin, tanh, erf, rsqrt
// and powf, f32 only there) on f64, f16 and bf16 (docs/Semantics.md section
// 6). Special values follow C11 Annex F and are exact (exp(-inf) = +0,
// exp(+inf) = +inf, log(+-0) = -inf, log(x < 0) = NaN, sin(+-inf) = NaN,
// tanh(+-inf) = erf(+-inf) = +-1, rsqrt(+0) = +inf, rsqrt(-0) = -inf, odd
// functions keep the sign of zero, pow(x, +-0) = 1, pow(1, y) = 1, pow(x <
// 0, non-integer) = NaN, pow(+-0, -1) = +-inf); f16 and bf16 results are
// the exact values (mpmath at 200 bits) rounded once to the type, held to 1
// ulp of the type; f64 to 2 or 3 ulp (section 6), its wide values against
// the reference, which calls the host's libm (section 10), so only f64's
// special values are written out. Inputs: -inf | inf | -0 | 0 | -1 | 1 |
// NaN | 0.5, and 2 | -3 | 10 | -0.75 | 100 | 1e-4 | 0.875 | -30 (in f16,
// exp(100) and exp2(100) overflow to inf, and exp(-30) and exp2(-30) fall
// in the absolute region below the normal range and round to 0; bf16 keeps
// f32's range). The f64 lines print the reference's finite values at -1, 1
// and 0.5 (host libm) beside the exact special values. Expected values
// derived by hand (special values) and with mpmath (the rest).

// f64: exp | exp2 | log | sin | tanh | erf | rsqrt, 8 lanes each.
// RUN: %python %S/Inputs/values.py %t.sf64 f64 -inf inf -0 0 -1 1 nan 0.5
// RUN: %python %S/Inputs/values.py %t.wf64 f64 2 -3 10 -0.75 100 0.0001 0.875 -30
// RUN: tile-check %s --kernel math_f64 --grid 1 --arg buf:f64:8:file=%t.sf64 \
// RUN:   --arg buf:f64:56:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F64
// F64: reference #1 (f64 x 56):
// F64-SAME: 0 inf 1 1 0.36787944117144233 2.7182818284590451 nan 1.6487212707001282
// F64-SAME: 0 inf 1 1 0.5 2 nan 1.4142135623730951
// F64-SAME: nan inf -inf -inf nan 0 nan -0.69314718055994529
// F64-SAME: nan nan -0 0 -0.8414709848078965 0.8414709848078965 nan 0.47942553860420301
// F64-SAME: -1 1 -0 0 -0.76159415595576485 0.76159415595576485 nan 0.46211715726000974
// F64-SAME: -1 1 -0 0 -0.84270079294971489 0.84270079294971489 nan 0.52049987781304652
// F64-SAME: nan 0 -inf inf nan 1 nan 1.4142135623730949
// F64: tile-check: PASS @math_f64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel math_f64 --grid 1 --arg buf:f64:8:file=%t.wf64 \
// RUN:   --arg buf:f64:56:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F64-WIDE
// F64-WIDE: tile-check: PASS @math_f64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f16: exp | exp2 | log | sin | tanh | erf | rsqrt, 8 lanes each.
// RUN: %python %S/Inputs/values.py %t.sf16 f16 -inf inf -0 0 -1 1 nan 0.5
// RUN: %python %S/Inputs/values.py %t.wf16 f16 2 -3 10 -0.75 100 0.0001 0.875 -30
// RUN: tile-check %s --kernel math_f16 --grid 1 --arg buf:f16:8:file=%t.sf16 \
// RUN:   --arg buf:f16:56:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F16
// F16: reference #1 (f16 x 56):
// F16-SAME: 0 inf 1 1 0.367919922 2.71875 nan 1.6484375
// F16-SAME: 0 inf 1 1 0.5 2 nan 1.4140625
// F16-SAME: nan inf -inf -inf nan 0 nan -0.693359375
// F16-SAME: nan nan -0 0 -0.841308594 0.841308594 nan 0.479492188
// F16-SAME: -1 1 -0 0 -0.76171875 0.76171875 nan 0.462158203
// F16-SAME: -1 1 -0 0 -0.842773438 0.842773438 nan 0.520507812
// F16-SAME: nan 0 -inf inf nan 1 nan 1.4140625
// F16: tile-check: PASS @math_f16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel math_f16 --grid 1 --arg buf:f16:8:file=%t.wf16 \
// RUN:   --arg buf:f16:56:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=F16-WIDE
// F16-WIDE: reference #1 (f16 x 56):
// F16-WIDE-SAME: 7.390625 0.0497741699 22032 0.472412109 inf 1 2.3984375 0
// F16-WIDE-SAME: 4 0.125 1024 0.594726562 inf 1 1.83398438 0
// F16-WIDE-SAME: 0.693359375 nan 2.30273438 nan 4.60546875 -9.2109375 -0.133544922 nan
// F16-WIDE-SAME: 0.909179688 -0.141113281 -0.543945312 -0.681640625 -0.506347656 0.000100016594 0.767578125 0.987792969
// F16-WIDE-SAME: 0.963867188 -0.995117188 1 -0.635253906 1 0.000100016594 0.704101562 -1
// F16-WIDE-SAME: 0.995117188 -1 1 -0.7109375 1 0.000112831593 0.784179688 -1
// F16-WIDE-SAME: 0.70703125 nan 0.316162109 nan 0.0999755859 100 1.06933594 nan
// F16-WIDE: tile-check: PASS @math_f16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// bf16: exp | exp2 | log | sin | tanh | erf | rsqrt, 8 lanes each.
// RUN: %python %S/Inputs/values.py %t.sbf16 bf16 -inf inf -0 0 -1 1 nan 0.5
// RUN: %python %S/Inputs/values.py %t.wbf16 bf16 2 -3 10 -0.75 100 0.0001 0.875 -30
// RUN: tile-check %s --kernel math_bf16 --grid 1 --arg buf:bf16:8:file=%t.sbf16 \
// RUN:   --arg buf:bf16:56:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=BF16
// BF16: reference #1 (bf16 x 56):
// BF16-SAME: 0 inf 1 1 0.3671875 2.71875 nan 1.6484375
// BF16-SAME: 0 inf 1 1 0.5 2 nan 1.4140625
// BF16-SAME: nan inf -inf -inf nan 0 nan -0.69140625
// BF16-SAME: nan nan -0 0 -0.83984375 0.83984375 nan 0.478515625
// BF16-SAME: -1 1 -0 0 -0.76171875 0.76171875 nan 0.462890625
// BF16-SAME: -1 1 -0 0 -0.84375 0.84375 nan 0.51953125
// BF16-SAME: nan 0 -inf inf nan 1 nan 1.4140625
// BF16: tile-check: PASS @math_bf16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel math_bf16 --grid 1 --arg buf:bf16:8:file=%t.wbf16 \
// RUN:   --arg buf:bf16:56:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=BF16-WIDE
// BF16-WIDE: reference #1 (bf16 x 56):
// BF16-WIDE-SAME: 7.375 0.0498046875 22016 0.47265625 inf 1 2.40625 9.37028233e-14
// BF16-WIDE-SAME: 4 0.125 1024 0.59375 1.2676506e+30 1 1.8359375 9.31322575e-10
// BF16-WIDE-SAME: 0.69140625 nan 2.296875 nan 4.59375 -9.1875 -0.133789062 nan
// BF16-WIDE-SAME: 0.91015625 -0.141601562 -0.54296875 -0.6796875 -0.5078125 0.000100135803 0.765625 0.98828125
// BF16-WIDE-SAME: 0.96484375 -0.99609375 1 -0.63671875 1 0.000100135803 0.703125 -1
// BF16-WIDE-SAME: 0.99609375 -1 1 -0.7109375 1 0.000113010406 0.78515625 -1
// BF16-WIDE-SAME: 0.70703125 nan 0.31640625 nan 0.100097656 100 1.0703125 nan
// BF16-WIDE: tile-check: PASS @math_bf16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// powf: pow(NaN, 0) = 1, pow(1, NaN) = 1, pow(-2, 0.5) = NaN, pow(2, 10) =
// 1024, pow(0, -1) = inf, pow(-0, -1) = -inf, pow(-8, 1/3 rounded) = NaN,
// pow(4, 0.5) = 2, in each type.
// RUN: %python %S/Inputs/values.py %t.bf64 f64 nan 1 -2 2 0 -0 -8 4
// RUN: %python %S/Inputs/values.py %t.ef64 f64 0 nan 0.5 10 -1 -1 0.3333333432674408 0.5
// RUN: tile-check %s --kernel pow_f64 --grid 1 --arg buf:f64:8:file=%t.bf64 \
// RUN:   --arg buf:f64:8:file=%t.ef64 --arg buf:f64:8:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=POW-F64
// POW-F64: reference #2 (f64 x 8): 1 1 nan 1024 inf -inf nan 2
// POW-F64: tile-check: PASS @pow_f64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.bf16 f16 nan 1 -2 2 0 -0 -8 4
// RUN: %python %S/Inputs/values.py %t.ef16 f16 0 nan 0.5 10 -1 -1 0.3333333432674408 0.5
// RUN: tile-check %s --kernel pow_f16 --grid 1 --arg buf:f16:8:file=%t.bf16 \
// RUN:   --arg buf:f16:8:file=%t.ef16 --arg buf:f16:8:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=POW-F16
// POW-F16: reference #2 (f16 x 8): 1 1 nan 1024 inf -inf nan 2
// POW-F16: tile-check: PASS @pow_f16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: %python %S/Inputs/values.py %t.bbf16 bf16 nan 1 -2 2 0 -0 -8 4
// RUN: %python %S/Inputs/values.py %t.ebf16 bf16 0 nan 0.5 10 -1 -1 0.3333333432674408 0.5
// RUN: tile-check %s --kernel pow_bf16 --grid 1 --arg buf:bf16:8:file=%t.bbf16 \
// RUN:   --arg buf:bf16:8:file=%t.ebf16 --arg buf:bf16:8:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=POW-BF16
// POW-BF16: reference #2 (bf16 x 8): 1 1 nan 1024 inf -inf nan 2
// POW-BF16: tile-check: PASS @pow_bf16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @math_f64(%in: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  // exp | exp2 | log | sin | tanh | erf | rsqrt, 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pib = tile.splat %in : tensor<8x!tile.ptr<f64>>
  %pi = tile.addptr %pib, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<f64>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x = tile.load %pi : tensor<8x!tile.ptr<f64>>
  %r0 = math.exp %x : tensor<8xf64>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<f64>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %r1 = math.exp2 %x : tensor<8xf64>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<f64>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %r2 = math.log %x : tensor<8xf64>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<f64>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %r3 = math.sin %x : tensor<8xf64>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<f64>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %r4 = math.tanh %x : tensor<8xf64>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<f64>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %r5 = math.erf %x : tensor<8xf64>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<f64>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %r6 = math.rsqrt %x : tensor<8xf64>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @math_f16(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  // exp | exp2 | log | sin | tanh | erf | rsqrt, 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pib = tile.splat %in : tensor<8x!tile.ptr<f16>>
  %pi = tile.addptr %pib, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<f16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %x = tile.load %pi : tensor<8x!tile.ptr<f16>>
  %r0 = math.exp %x : tensor<8xf16>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %r1 = math.exp2 %x : tensor<8xf16>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<f16>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %r2 = math.log %x : tensor<8xf16>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<f16>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %r3 = math.sin %x : tensor<8xf16>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<f16>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %r4 = math.tanh %x : tensor<8xf16>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<f16>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %r5 = math.erf %x : tensor<8xf16>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<f16>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %r6 = math.rsqrt %x : tensor<8xf16>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<f16>>
  tile.return
}

tile.func @math_bf16(%in: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  // exp | exp2 | log | sin | tanh | erf | rsqrt, 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pib = tile.splat %in : tensor<8x!tile.ptr<bf16>>
  %pi = tile.addptr %pib, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<bf16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %x = tile.load %pi : tensor<8x!tile.ptr<bf16>>
  %r0 = math.exp %x : tensor<8xbf16>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %r1 = math.exp2 %x : tensor<8xbf16>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<bf16>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %r2 = math.log %x : tensor<8xbf16>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<bf16>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %r3 = math.sin %x : tensor<8xbf16>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<bf16>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %r4 = math.tanh %x : tensor<8xbf16>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<bf16>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %r5 = math.erf %x : tensor<8xbf16>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<bf16>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %r6 = math.rsqrt %x : tensor<8xbf16>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @pow_f64(%b: !tile.ptr<f64>, %e: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  // powf(b, e), 8 lanes.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<f64>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %peb = tile.splat %e : tensor<8x!tile.ptr<f64>>
  %pe = tile.addptr %peb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %qb = tile.splat %out : tensor<8x!tile.ptr<f64>>
  %q = tile.addptr %qb, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x = tile.load %pb : tensor<8x!tile.ptr<f64>>
  %y = tile.load %pe : tensor<8x!tile.ptr<f64>>
  %r = math.powf %x, %y : tensor<8xf64>
  tile.store %q, %r : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @pow_f16(%b: !tile.ptr<f16>, %e: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  // powf(b, e), 8 lanes.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<f16>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %peb = tile.splat %e : tensor<8x!tile.ptr<f16>>
  %pe = tile.addptr %peb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %qb = tile.splat %out : tensor<8x!tile.ptr<f16>>
  %q = tile.addptr %qb, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %x = tile.load %pb : tensor<8x!tile.ptr<f16>>
  %y = tile.load %pe : tensor<8x!tile.ptr<f16>>
  %r = math.powf %x, %y : tensor<8xf16>
  tile.store %q, %r : tensor<8x!tile.ptr<f16>>
  tile.return
}

tile.func @pow_bf16(%b: !tile.ptr<bf16>, %e: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  // powf(b, e), 8 lanes.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<bf16>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %peb = tile.splat %e : tensor<8x!tile.ptr<bf16>>
  %pe = tile.addptr %peb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %qb = tile.splat %out : tensor<8x!tile.ptr<bf16>>
  %q = tile.addptr %qb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %x = tile.load %pb : tensor<8x!tile.ptr<bf16>>
  %y = tile.load %pe : tensor<8x!tile.ptr<bf16>>
  %r = math.powf %x, %y : tensor<8xbf16>
  tile.store %q, %r : tensor<8x!tile.ptr<bf16>>
  tile.return
}

