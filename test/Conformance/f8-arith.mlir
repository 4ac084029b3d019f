// f8E4M3FN and f8E5M2 arithmetic beyond conversions (docs/Semantics.md
// section 8): each op is computed as in f32 on exactly widened operands and
// rounded once (RTNE) to the f8 type, as arith.truncf rounds (section 7):
// an overflow is NaN in e4m3fn, which has no infinity, and inf in e5m2 (no
// saturation: that is tile.fp_to_fp's); subnormals are kept; signed zeros
// and NaN follow section 5. Ops: addf | subf | mulf | divf | maximumf |
// minnumf of x and y, negf | absf | sqrt of x, and math.fma(x, y, y)
// (round(round_f32(x * y + y))), 8 lanes each. Expected values derived by
// hand; every op here is exact-class (section 8: + - * / sqrt are correctly
// rounded in f8), so the CPU is compared bit for bit.

// e4m3fn: x = 1 | 448 | 0.5 | -3 | 2^-9 | NaN | -0 | 1.125, y = 2^-4 | 448 |
// 3 | 0.875 | 2^-9 | 1 | +0 | 1.125. 1 + 2^-4 is a tie (1); 448 + 448 and
// 448 * 448 overflow (NaN); -3 + 0.875 = -2.125, a tie (-2); -3 - 0.875 =
// -3.875, a tie (-4); -3 * 0.875 = -2.625, a tie (-2.5); 2^-18 underflows to
// 0; 1.125^2 = 1.265625 rounds to 1.25; 0.5 / 3 = 0.1666... rounds to
// 0.171875 (1.011b * 2^-3); -3 / 0.875 = -3.43 rounds to -3.5; -0 / +0 is
// NaN; sqrt(448) = 21.17 rounds to 22, sqrt(0.5) = 0.707 to 0.6875, sqrt(2^-9)
// = 0.0442 to 0.04296875 (11 * 2^-8); fma(1.125, 1.125, 1.125) = 2.390625
// rounds to 2.5.
// RUN: %python %S/Inputs/values.py %t.e4x f8e4m3 1 448 0.5 -3 0.001953125 nan -0 1.125
// RUN: %python %S/Inputs/values.py %t.e4y f8e4m3 0.0625 448 3 0.875 0.001953125 1 0 1.125
// RUN: tile-check %s --kernel f8_ops_e4m3 --grid 1 --arg buf:f8e4m3:8:file=%t.e4x \
// RUN:   --arg buf:f8e4m3:8:file=%t.e4y --arg buf:f8e4m3:80:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=E4M3
// E4M3: reference #2 (f8e4m3 x 80):
// E4M3-SAME: 1 nan 3.5 -2 0.00390625 nan 0 2.25
// E4M3-SAME: 0.9375 0 -2.5 -4 0 nan -0 0
// E4M3-SAME: 0.0625 nan 1.5 -2.5 0 nan -0 1.25
// E4M3-SAME: 16 1 0.171875 -3.5 1 nan nan 1
// E4M3-SAME: 1 448 3 0.875 0.001953125 nan 0 1.125
// E4M3-SAME: 0.0625 448 0.5 -3 0.001953125 1 -0 1.125
// E4M3-SAME: -1 -448 -0.5 3 -0.001953125 nan 0 -1.125
// E4M3-SAME: 1 448 0.5 3 0.001953125 nan 0 1.125
// E4M3-SAME: 1 22 0.6875 nan 0.04296875 nan -0 1
// E4M3-SAME: 0.125 nan 4.5 -1.75 0.001953125 nan 0 2.5
// E4M3: float outputs compared bit for bit
// E4M3: tile-check: PASS @f8_ops_e4m3 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// e5m2: x = 1 | 57344 | 0.5 | -3 | 2^-16 | NaN | -0 | 1.25, y = 2^-3 | 57344
// | 3 | 0.875 | 2^-16 | 1 | +0 | 1.25. 1 + 2^-3 = 1.125 is a tie (1);
// 57344 + 57344 and 57344^2 overflow to inf; -3 + 0.875 = -2.125 rounds to
// -2, -3 - 0.875 = -3.875 to -4, -3 * 0.875 = -2.625 to -2.5; 1.25 + 1.25 =
// 2.5; 1.25^2 = 1.5625 rounds to 1.5; 0.5 / 3 rounds to 0.15625, -3 / 0.875
// to -3.5; sqrt(57344) = 239.5 rounds to 224, sqrt(2^-16) = 2^-8; fma(1.25,
// 1.25, 1.25) = 2.8125 rounds to 3.
// RUN: %python %S/Inputs/values.py %t.e5x f8e5m2 1 57344 0.5 -3 1.52587890625e-05 nan -0 1.25
// RUN: %python %S/Inputs/values.py %t.e5y f8e5m2 0.125 57344 3 0.875 1.52587890625e-05 1 0 1.25
// RUN: tile-check %s --kernel f8_ops_e5m2 --grid 1 --arg buf:f8e5m2:8:file=%t.e5x \
// RUN:   --arg buf:f8e5m2:8:file=%t.e5y --arg buf:f8e5m2:80:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=E5M2
// E5M2: reference #2 (f8e5m2 x 80):
// E5M2-SAME: 1 inf 3.5 -2 3.05175781e-05 nan 0 2.5
// E5M2-SAME: 0.875 0 -2.5 -4 0 nan -0 0
// E5M2-SAME: 0.125 inf 1.5 -2.5 0 nan -0 1.5
// E5M2-SAME: 8 1 0.15625 -3.5 1 nan nan 1
// E5M2-SAME: 1 57344 3 0.875 1.52587891e-05 nan 0 1.25
// E5M2-SAME: 0.125 57344 0.5 -3 1.52587891e-05 1 -0 1.25
// E5M2-SAME: -1 -57344 -0.5 3 -1.52587891e-05 nan 0 -1.25
// E5M2-SAME: 1 57344 0.5 3 1.52587891e-05 nan 0 1.25
// E5M2-SAME: 1 224 0.75 nan 0.00390625 nan -0 1
// E5M2-SAME: 0.25 inf 4 -1.75 1.52587891e-05 nan 0 3
// E5M2: float outputs compared bit for bit
// E5M2: tile-check: PASS @f8_ops_e5m2 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @f8_ops_e4m3(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E4M3FN>, %out: !tile.ptr<f8E4M3FN>) {
  // addf | subf | mulf | divf | maximumf | minnumf of x and y | negf | absf | sqrt of x |
  // fma(x, y, y), 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<f8E4M3FN>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<f8E4M3FN>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<f8E4M3FN>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<f8E4M3FN>>
  %y = tile.load %pb : tensor<8x!tile.ptr<f8E4M3FN>>
  %r0 = arith.addf %x, %y : tensor<8xf8E4M3FN>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r1 = arith.subf %x, %y : tensor<8xf8E4M3FN>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r2 = arith.mulf %x, %y : tensor<8xf8E4M3FN>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r3 = arith.divf %x, %y : tensor<8xf8E4M3FN>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r4 = arith.maximumf %x, %y : tensor<8xf8E4M3FN>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r5 = arith.minnumf %x, %y : tensor<8xf8E4M3FN>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r6 = arith.negf %x : tensor<8xf8E4M3FN>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q7 = tile.addptr %q6, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r7 = math.absf %x : tensor<8xf8E4M3FN>
  tile.store %q7, %r7 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q8 = tile.addptr %q7, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r8 = math.sqrt %x : tensor<8xf8E4M3FN>
  tile.store %q8, %r8 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q9 = tile.addptr %q8, %c8 : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %r9 = math.fma %x, %y, %y : tensor<8xf8E4M3FN>
  tile.store %q9, %r9 : tensor<8x!tile.ptr<f8E4M3FN>>
  tile.return
}

tile.func @f8_ops_e5m2(%a: !tile.ptr<f8E5M2>, %b: !tile.ptr<f8E5M2>, %out: !tile.ptr<f8E5M2>) {
  // addf | subf | mulf | divf | maximumf | minnumf of x and y | negf | absf | sqrt of x |
  // fma(x, y, y), 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<f8E5M2>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<f8E5M2>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<f8E5M2>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<f8E5M2>>
  %y = tile.load %pb : tensor<8x!tile.ptr<f8E5M2>>
  %r0 = arith.addf %x, %y : tensor<8xf8E5M2>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<f8E5M2>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r1 = arith.subf %x, %y : tensor<8xf8E5M2>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<f8E5M2>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r2 = arith.mulf %x, %y : tensor<8xf8E5M2>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<f8E5M2>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r3 = arith.divf %x, %y : tensor<8xf8E5M2>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<f8E5M2>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r4 = arith.maximumf %x, %y : tensor<8xf8E5M2>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<f8E5M2>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r5 = arith.minnumf %x, %y : tensor<8xf8E5M2>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<f8E5M2>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r6 = arith.negf %x : tensor<8xf8E5M2>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<f8E5M2>>
  %q7 = tile.addptr %q6, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r7 = math.absf %x : tensor<8xf8E5M2>
  tile.store %q7, %r7 : tensor<8x!tile.ptr<f8E5M2>>
  %q8 = tile.addptr %q7, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r8 = math.sqrt %x : tensor<8xf8E5M2>
  tile.store %q8, %r8 : tensor<8x!tile.ptr<f8E5M2>>
  %q9 = tile.addptr %q8, %c8 : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  %r9 = math.fma %x, %y, %y : tensor<8xf8E5M2>
  tile.store %q9, %r9 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

