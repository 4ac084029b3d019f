// Integer arith (docs/Semantics.md section 4) on i8 and i64, the widths
// arith-int.mlir (i32) and arith-minmax-i16.mlir leave out: wrapping addi,
// subi and muli; divsi, divui, remsi, remui, ceildivsi, ceildivui and
// floordivsi with x / 0 = -1 (all ones), x % 0 = x, INT_MIN / -1 = INT_MIN
// and INT_MIN % -1 = 0; maxsi, minsi, maxui, minui; every cmpi predicate;
// shli, shrui and shrsi with amounts read as unsigned and amounts >= N giving
// 0 (shli, shrui) or the sign fill (shrsi). Inputs are loaded from memory.
// Expected values derived by hand from section 4's rules (a short model of
// them in two's complement, lane by lane).

// i8: a = 7 | -7 | -128 | -128 | 127 | 100 | -1 | 85, b = 2 | -3 | -1 | 0 |
// 1 | 100 | 8 | 9 (as unsigned: 253, 255; shift amounts 100, 8, 9 >= 8).
// RUN: %python %S/Inputs/values.py %t.a8 i8 7 -7 -128 -128 127 100 -1 85
// RUN: %python %S/Inputs/values.py %t.b8 i8 2 -3 -1 0 1 100 8 9
// RUN: tile-check %s --kernel int_ops_i8 --grid 1 --arg buf:i8:8:file=%t.a8 \
// RUN:   --arg buf:i8:8:file=%t.b8 --arg buf:i8:192:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I8
// addi | subi | muli | divsi | divui | remsi | remui | ceildivsi | ceildivui
// | floordivsi | maxsi | minsi | maxui | minui | cmpi eq | ne | slt | sle |
// sgt | sge | ult | ule | ugt | uge (as 0 or 1). E.g. 127 + 1 = -128, 100 *
// 100 = 10000 mod 256 = 16, -128 / -1 = -128, -128 % -1 = 0, -128 / 0 = -1
// (divui: 255), -128 % 0 = -128, 255 /u 8 = 31, ceil(255 / 8) = 32.
// I8: reference #2 (i8 x 192):
// I8-SAME: 9 -10 127 -128 -128 -56 7 94
// I8-SAME: 5 -4 -127 -128 126 0 -9 76
// I8-SAME: 14 21 -128 0 127 16 -8 -3
// I8-SAME: 3 2 -128 -1 127 1 0 9
// I8-SAME: 3 0 0 -1 127 1 31 9
// I8-SAME: 1 -1 0 -128 0 0 -1 4
// I8-SAME: 1 -7 -128 -128 0 0 7 4
// I8-SAME: 4 3 -128 -1 127 1 0 10
// I8-SAME: 4 1 1 -1 127 1 32 10
// I8-SAME: 3 2 -128 -1 127 1 -1 9
// I8-SAME: 7 -3 -1 0 127 100 8 85
// I8-SAME: 2 -7 -128 -128 1 100 -1 9
// I8-SAME: 7 -3 -1 -128 127 100 -1 85
// I8-SAME: 2 -7 -128 0 1 100 8 9
// I8-SAME: 0 0 0 0 0 1 0 0
// I8-SAME: 1 1 1 1 1 0 1 1
// I8-SAME: 0 1 1 1 0 0 1 0
// I8-SAME: 0 1 1 1 0 1 1 0
// I8-SAME: 1 0 0 0 1 0 0 1
// I8-SAME: 1 0 0 0 1 1 0 1
// I8-SAME: 0 1 1 0 0 0 0 0
// I8-SAME: 0 1 1 0 0 1 0 0
// I8-SAME: 1 0 0 1 1 0 1 1
// I8-SAME: 1 0 0 1 1 1 1 1
// I8: tile-check: PASS @int_ops_i8 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// shli | shrui | shrsi: amounts 2, 253, 255, 0, 1, 100, 8, 9.
// RUN: tile-check %s --kernel shifts_i8 --grid 1 --arg buf:i8:8:file=%t.a8 \
// RUN:   --arg buf:i8:8:file=%t.b8 --arg buf:i8:24:poison --print 2 --targets none \
// RUN:   | FileCheck %s --check-prefix=I8SH
// I8SH: reference #2 (i8 x 24):
// I8SH-SAME: 28 0 0 -128 -2 0 0 0
// I8SH-SAME: 1 0 0 -128 63 0 0 0
// I8SH-SAME: 1 -1 -1 -128 63 0 -1 0
// I8SH: tile-check: PASS @shifts_i8 (the reference alone
// Once a CPU bug (fixed 2026-12-01: the shared element lowering now defines
// shifts by the width or more on every target): i8 shifts by 8 or more use the amount modulo
// 8 (the lowering emits llvm.shl, lshr and ashr, poison for amounts >=
// width, with no compare and select; x86 has no 8-bit vector shifts). The
// chip is pinned (AVX2) so that the wrong values do not depend on the host.
//
// RUN: tile-check %s --kernel shifts_i8 --grid 1 --arg buf:i8:8:file=%t.a8 \
// RUN:   --arg buf:i8:8:file=%t.b8 --arg buf:i8:24:poison --targets cpu:chip=haswell \
// RUN:   | FileCheck %s --check-prefix=I8SH-CPU
// I8SH-CPU: tile-check: PASS @shifts_i8 (
// RUN: tile-check %s --kernel shifts_i8 --grid 1 --arg buf:i8:8:file=%t.a8 \
// RUN:   --arg buf:i8:8:file=%t.b8 --arg buf:i8:24:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=I8SH-GPU
// I8SH-GPU: tile-check: PASS @shifts_i8 (nvidia: {{.*}}; amd: {{.*}})

// i64: a = 7 | -7 | MIN | MIN | MAX | 10^12 | -1 | 0x5555555555555555, b = 2
// | -3 | -1 | 0 | MAX | 63 | 64 | 65.
// RUN: %python %S/Inputs/values.py %t.a64 i64 7 -7 -9223372036854775808 -9223372036854775808 9223372036854775807 1000000000000 -1 0x5555555555555555
// RUN: %python %S/Inputs/values.py %t.b64 i64 2 -3 -1 0 9223372036854775807 63 64 65
// RUN: tile-check %s --kernel int_ops_i64 --grid 1 --arg buf:i64:8:file=%t.a64 \
// RUN:   --arg buf:i64:8:file=%t.b64 --arg buf:i64:192:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I64
// The same 24 ops. MAX + MAX = -2, MAX * MAX = 1, MIN + -1 = MAX, 10^12 *
// 63, 0x5555555555555555 * 65 wraps to -6148914691236517227; -1 /u 64 =
// 2^58 - 1.
// I64: reference #2 (i64 x 192):
// I64-SAME: 9 -10 9223372036854775807 -9223372036854775808 -2 1000000000063 63 6148914691236517270
// I64-SAME: 5 -4 -9223372036854775807 -9223372036854775808 0 999999999937 -65 6148914691236517140
// I64-SAME: 14 21 -9223372036854775808 0 1 63000000000000 -64 -6148914691236517227
// I64-SAME: 3 2 -9223372036854775808 -1 1 15873015873 0 94598687557484880
// I64-SAME: 3 0 0 -1 1 15873015873 288230376151711743 94598687557484880
// I64-SAME: 1 -1 0 -9223372036854775808 0 1 -1 5
// I64-SAME: 1 -7 -9223372036854775808 -9223372036854775808 0 1 63 5
// I64-SAME: 4 3 -9223372036854775808 -1 1 15873015874 0 94598687557484881
// I64-SAME: 4 1 1 -1 1 15873015874 288230376151711744 94598687557484881
// I64-SAME: 3 2 -9223372036854775808 -1 1 15873015873 -1 94598687557484880
// I64-SAME: 7 -3 -1 0 9223372036854775807 1000000000000 64 6148914691236517205
// I64-SAME: 2 -7 -9223372036854775808 -9223372036854775808 9223372036854775807 63 -1 65
// I64-SAME: 7 -3 -1 -9223372036854775808 9223372036854775807 1000000000000 -1 6148914691236517205
// I64-SAME: 2 -7 -9223372036854775808 0 9223372036854775807 63 64 65
// I64-SAME: 0 0 0 0 1 0 0 0
// I64-SAME: 1 1 1 1 0 1 1 1
// I64-SAME: 0 1 1 1 0 0 1 0
// I64-SAME: 0 1 1 1 1 0 1 0
// I64-SAME: 1 0 0 0 0 1 0 1
// I64-SAME: 1 0 0 0 1 1 0 1
// I64-SAME: 0 1 1 0 0 0 0 0
// I64-SAME: 0 1 1 0 1 0 0 0
// I64-SAME: 1 0 0 1 0 1 1 1
// I64-SAME: 1 0 0 1 1 1 1 1
// I64: tile-check: PASS @int_ops_i64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// shli | shrui | shrsi: amounts 2, 2^64 - 3, 2^64 - 1, 0, MAX, 63, 64, 65.
// RUN: tile-check %s --kernel shifts_i64 --grid 1 --arg buf:i64:8:file=%t.a64 \
// RUN:   --arg buf:i64:8:file=%t.b64 --arg buf:i64:24:poison --print 2 --targets none \
// RUN:   | FileCheck %s --check-prefix=I64SH
// I64SH: reference #2 (i64 x 24):
// I64SH-SAME: 28 0 0 -9223372036854775808 0 0 0 0
// I64SH-SAME: 1 0 0 -9223372036854775808 0 0 0 0
// I64SH-SAME: 1 -1 -1 -9223372036854775808 0 0 -1 0
// I64SH: tile-check: PASS @shifts_i64 (the reference alone
// Once a CPU bug (fixed 2026-12-01, as above): i64 shrsi by 64 or more gives 0 instead of -1
// for a negative operand on an AVX2 chip (llvm.ashr with no handling of
// amounts >= width; AVX2 has no 64-bit arithmetic vector shift). shli and
// shrui are right.
// RUN: tile-check %s --kernel shifts_i64 --grid 1 --arg buf:i64:8:file=%t.a64 \
// RUN:   --arg buf:i64:8:file=%t.b64 --arg buf:i64:24:poison --targets cpu:chip=haswell \
// RUN:   | FileCheck %s --check-prefix=I64SH-CPU
// I64SH-CPU: tile-check: PASS @shifts_i64 (
// RUN: tile-check %s --kernel shifts_i64 --grid 1 --arg buf:i64:8:file=%t.a64 \
// RUN:   --arg buf:i64:8:file=%t.b64 --arg buf:i64:24:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=I64SH-GPU
// I64SH-GPU: tile-check: PASS @shifts_i64 (nvidia: {{.*}}; amd: {{.*}})

tile.func @int_ops_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %out: !tile.ptr<i8>) {
  // addi, subi, muli, divsi, divui, remsi, remui, ceildivsi, ceildivui,
  // floordivsi, maxsi, minsi, maxui, minui, cmpi eq (extui), cmpi ne (extui),
  // cmpi slt (extui), cmpi sle (extui), cmpi sgt (extui), cmpi sge (extui),
  // cmpi ult (extui), cmpi ule (extui), cmpi ugt (extui), cmpi uge (extui), 8
  // lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<i8>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<i8>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<i8>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<i8>>
  %y = tile.load %pb : tensor<8x!tile.ptr<i8>>
  %r0 = arith.addi %x, %y : tensor<8xi8>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i8>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r1 = arith.subi %x, %y : tensor<8xi8>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i8>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r2 = arith.muli %x, %y : tensor<8xi8>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i8>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r3 = arith.divsi %x, %y : tensor<8xi8>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<i8>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r4 = arith.divui %x, %y : tensor<8xi8>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<i8>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r5 = arith.remsi %x, %y : tensor<8xi8>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<i8>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r6 = arith.remui %x, %y : tensor<8xi8>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<i8>>
  %q7 = tile.addptr %q6, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r7 = arith.ceildivsi %x, %y : tensor<8xi8>
  tile.store %q7, %r7 : tensor<8x!tile.ptr<i8>>
  %q8 = tile.addptr %q7, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r8 = arith.ceildivui %x, %y : tensor<8xi8>
  tile.store %q8, %r8 : tensor<8x!tile.ptr<i8>>
  %q9 = tile.addptr %q8, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r9 = arith.floordivsi %x, %y : tensor<8xi8>
  tile.store %q9, %r9 : tensor<8x!tile.ptr<i8>>
  %q10 = tile.addptr %q9, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r10 = arith.maxsi %x, %y : tensor<8xi8>
  tile.store %q10, %r10 : tensor<8x!tile.ptr<i8>>
  %q11 = tile.addptr %q10, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r11 = arith.minsi %x, %y : tensor<8xi8>
  tile.store %q11, %r11 : tensor<8x!tile.ptr<i8>>
  %q12 = tile.addptr %q11, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r12 = arith.maxui %x, %y : tensor<8xi8>
  tile.store %q12, %r12 : tensor<8x!tile.ptr<i8>>
  %q13 = tile.addptr %q12, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r13 = arith.minui %x, %y : tensor<8xi8>
  tile.store %q13, %r13 : tensor<8x!tile.ptr<i8>>
  %q14 = tile.addptr %q13, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c14 = arith.cmpi eq, %x, %y : tensor<8xi8>
  %r14 = arith.extui %c14 : tensor<8xi1> to tensor<8xi8>
  tile.store %q14, %r14 : tensor<8x!tile.ptr<i8>>
  %q15 = tile.addptr %q14, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c15 = arith.cmpi ne, %x, %y : tensor<8xi8>
  %r15 = arith.extui %c15 : tensor<8xi1> to tensor<8xi8>
  tile.store %q15, %r15 : tensor<8x!tile.ptr<i8>>
  %q16 = tile.addptr %q15, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c16 = arith.cmpi slt, %x, %y : tensor<8xi8>
  %r16 = arith.extui %c16 : tensor<8xi1> to tensor<8xi8>
  tile.store %q16, %r16 : tensor<8x!tile.ptr<i8>>
  %q17 = tile.addptr %q16, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c17 = arith.cmpi sle, %x, %y : tensor<8xi8>
  %r17 = arith.extui %c17 : tensor<8xi1> to tensor<8xi8>
  tile.store %q17, %r17 : tensor<8x!tile.ptr<i8>>
  %q18 = tile.addptr %q17, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c18 = arith.cmpi sgt, %x, %y : tensor<8xi8>
  %r18 = arith.extui %c18 : tensor<8xi1> to tensor<8xi8>
  tile.store %q18, %r18 : tensor<8x!tile.ptr<i8>>
  %q19 = tile.addptr %q18, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c19 = arith.cmpi sge, %x, %y : tensor<8xi8>
  %r19 = arith.extui %c19 : tensor<8xi1> to tensor<8xi8>
  tile.store %q19, %r19 : tensor<8x!tile.ptr<i8>>
  %q20 = tile.addptr %q19, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c20 = arith.cmpi ult, %x, %y : tensor<8xi8>
  %r20 = arith.extui %c20 : tensor<8xi1> to tensor<8xi8>
  tile.store %q20, %r20 : tensor<8x!tile.ptr<i8>>
  %q21 = tile.addptr %q20, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c21 = arith.cmpi ule, %x, %y : tensor<8xi8>
  %r21 = arith.extui %c21 : tensor<8xi1> to tensor<8xi8>
  tile.store %q21, %r21 : tensor<8x!tile.ptr<i8>>
  %q22 = tile.addptr %q21, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c22 = arith.cmpi ugt, %x, %y : tensor<8xi8>
  %r22 = arith.extui %c22 : tensor<8xi1> to tensor<8xi8>
  tile.store %q22, %r22 : tensor<8x!tile.ptr<i8>>
  %q23 = tile.addptr %q22, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %c23 = arith.cmpi uge, %x, %y : tensor<8xi8>
  %r23 = arith.extui %c23 : tensor<8xi1> to tensor<8xi8>
  tile.store %q23, %r23 : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @shifts_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %out: !tile.ptr<i8>) {
  // shli, shrui, shrsi, 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<i8>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<i8>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<i8>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<i8>>
  %y = tile.load %pb : tensor<8x!tile.ptr<i8>>
  %r0 = arith.shli %x, %y : tensor<8xi8>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i8>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r1 = arith.shrui %x, %y : tensor<8xi8>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i8>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r2 = arith.shrsi %x, %y : tensor<8xi8>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @int_ops_i64(%a: !tile.ptr<i64>, %b: !tile.ptr<i64>, %out: !tile.ptr<i64>) {
  // addi, subi, muli, divsi, divui, remsi, remui, ceildivsi, ceildivui,
  // floordivsi, maxsi, minsi, maxui, minui, cmpi eq (extui), cmpi ne (extui),
  // cmpi slt (extui), cmpi sle (extui), cmpi sgt (extui), cmpi sge (extui),
  // cmpi ult (extui), cmpi ule (extui), cmpi ugt (extui), cmpi uge (extui), 8
  // lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<i64>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<i64>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<i64>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<i64>>
  %y = tile.load %pb : tensor<8x!tile.ptr<i64>>
  %r0 = arith.addi %x, %y : tensor<8xi64>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i64>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r1 = arith.subi %x, %y : tensor<8xi64>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i64>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r2 = arith.muli %x, %y : tensor<8xi64>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i64>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r3 = arith.divsi %x, %y : tensor<8xi64>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<i64>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r4 = arith.divui %x, %y : tensor<8xi64>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<i64>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r5 = arith.remsi %x, %y : tensor<8xi64>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<i64>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r6 = arith.remui %x, %y : tensor<8xi64>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<i64>>
  %q7 = tile.addptr %q6, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r7 = arith.ceildivsi %x, %y : tensor<8xi64>
  tile.store %q7, %r7 : tensor<8x!tile.ptr<i64>>
  %q8 = tile.addptr %q7, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r8 = arith.ceildivui %x, %y : tensor<8xi64>
  tile.store %q8, %r8 : tensor<8x!tile.ptr<i64>>
  %q9 = tile.addptr %q8, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r9 = arith.floordivsi %x, %y : tensor<8xi64>
  tile.store %q9, %r9 : tensor<8x!tile.ptr<i64>>
  %q10 = tile.addptr %q9, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r10 = arith.maxsi %x, %y : tensor<8xi64>
  tile.store %q10, %r10 : tensor<8x!tile.ptr<i64>>
  %q11 = tile.addptr %q10, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r11 = arith.minsi %x, %y : tensor<8xi64>
  tile.store %q11, %r11 : tensor<8x!tile.ptr<i64>>
  %q12 = tile.addptr %q11, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r12 = arith.maxui %x, %y : tensor<8xi64>
  tile.store %q12, %r12 : tensor<8x!tile.ptr<i64>>
  %q13 = tile.addptr %q12, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r13 = arith.minui %x, %y : tensor<8xi64>
  tile.store %q13, %r13 : tensor<8x!tile.ptr<i64>>
  %q14 = tile.addptr %q13, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c14 = arith.cmpi eq, %x, %y : tensor<8xi64>
  %r14 = arith.extui %c14 : tensor<8xi1> to tensor<8xi64>
  tile.store %q14, %r14 : tensor<8x!tile.ptr<i64>>
  %q15 = tile.addptr %q14, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c15 = arith.cmpi ne, %x, %y : tensor<8xi64>
  %r15 = arith.extui %c15 : tensor<8xi1> to tensor<8xi64>
  tile.store %q15, %r15 : tensor<8x!tile.ptr<i64>>
  %q16 = tile.addptr %q15, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c16 = arith.cmpi slt, %x, %y : tensor<8xi64>
  %r16 = arith.extui %c16 : tensor<8xi1> to tensor<8xi64>
  tile.store %q16, %r16 : tensor<8x!tile.ptr<i64>>
  %q17 = tile.addptr %q16, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c17 = arith.cmpi sle, %x, %y : tensor<8xi64>
  %r17 = arith.extui %c17 : tensor<8xi1> to tensor<8xi64>
  tile.store %q17, %r17 : tensor<8x!tile.ptr<i64>>
  %q18 = tile.addptr %q17, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c18 = arith.cmpi sgt, %x, %y : tensor<8xi64>
  %r18 = arith.extui %c18 : tensor<8xi1> to tensor<8xi64>
  tile.store %q18, %r18 : tensor<8x!tile.ptr<i64>>
  %q19 = tile.addptr %q18, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c19 = arith.cmpi sge, %x, %y : tensor<8xi64>
  %r19 = arith.extui %c19 : tensor<8xi1> to tensor<8xi64>
  tile.store %q19, %r19 : tensor<8x!tile.ptr<i64>>
  %q20 = tile.addptr %q19, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c20 = arith.cmpi ult, %x, %y : tensor<8xi64>
  %r20 = arith.extui %c20 : tensor<8xi1> to tensor<8xi64>
  tile.store %q20, %r20 : tensor<8x!tile.ptr<i64>>
  %q21 = tile.addptr %q20, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c21 = arith.cmpi ule, %x, %y : tensor<8xi64>
  %r21 = arith.extui %c21 : tensor<8xi1> to tensor<8xi64>
  tile.store %q21, %r21 : tensor<8x!tile.ptr<i64>>
  %q22 = tile.addptr %q21, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c22 = arith.cmpi ugt, %x, %y : tensor<8xi64>
  %r22 = arith.extui %c22 : tensor<8xi1> to tensor<8xi64>
  tile.store %q22, %r22 : tensor<8x!tile.ptr<i64>>
  %q23 = tile.addptr %q22, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c23 = arith.cmpi uge, %x, %y : tensor<8xi64>
  %r23 = arith.extui %c23 : tensor<8xi1> to tensor<8xi64>
  tile.store %q23, %r23 : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @shifts_i64(%a: !tile.ptr<i64>, %b: !tile.ptr<i64>, %out: !tile.ptr<i64>) {
  // shli, shrui, shrsi, 8 lanes each.
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<i64>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<i64>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<i64>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<i64>>
  %y = tile.load %pb : tensor<8x!tile.ptr<i64>>
  %r0 = arith.shli %x, %y : tensor<8xi64>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i64>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r1 = arith.shrui %x, %y : tensor<8xi64>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i64>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r2 = arith.shrsi %x, %y : tensor<8xi64>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i64>>
  tile.return
}

