// Integer arith on i16 (docs/Semantics.md section 4), the ops
// arith-minmax-i16.mlir leaves out: divsi, divui, remsi, remui, ceildivsi,
// ceildivui, floordivsi with x / 0 = -1 (all ones), x % 0 = x,
// INT_MIN / -1 = INT_MIN and INT_MIN % -1 = 0; maxsi, minsi, maxui, minui;
// shli, shrui and shrsi with amounts read as unsigned and amounts >= 16
// giving 0 (shli, shrui) or the sign fill (shrsi); extsi and extui to i32.
// Inputs are loaded from memory. Expected values derived from section 4's
// rules (a two's-complement model of them, lane by lane).

// a = 7 | -7 | -32768 | -32768 | 32767 | 1000 | -1 | 21845; b = 2 | -3 | -1 | 0 | 1 | 1000 | 16 | 17
// (b as unsigned: 65533, 65535; shift amounts 1000, 16, 17 >= 16).
// RUN: %python %S/Inputs/values.py %t.a i16 7 -7 -32768 -32768 32767 1000 -1 21845
// RUN: %python %S/Inputs/values.py %t.b i16 2 -3 -1 0 1 1000 16 17
// RUN: tile-check %s --kernel int_ops_i16 --grid 1 --arg buf:i16:8:file=%t.a \
// RUN:   --arg buf:i16:8:file=%t.b --arg buf:i16:112:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I16
// divsi | divui | remsi | remui | ceildivsi | ceildivui | floordivsi | maxsi | minsi | maxui | minui | shli | shrui | shrsi, 8 lanes each.
// I16: reference #2 (i16 x 112):
// I16-SAME: 3 2 -32768 -1 32767 1 0 1285
// I16-SAME: 3 0 0 -1 32767 1 4095 1285
// I16-SAME: 1 -1 0 -32768 0 0 -1 0
// I16-SAME: 1 -7 -32768 -32768 0 0 15 0
// I16-SAME: 4 3 -32768 -1 32767 1 0 1285
// I16-SAME: 4 1 1 -1 32767 1 4096 1285
// I16-SAME: 3 2 -32768 -1 32767 1 -1 1285
// I16-SAME: 7 -3 -1 0 32767 1000 16 21845
// I16-SAME: 2 -7 -32768 -32768 1 1000 -1 17
// I16-SAME: 7 -3 -1 -32768 32767 1000 -1 21845
// I16-SAME: 2 -7 -32768 0 1 1000 16 17
// I16-SAME: 28 0 0 -32768 -2 0 0 0
// I16-SAME: 1 0 0 -32768 16383 0 0 0
// I16-SAME: 1 -1 -1 -32768 16383 0 -1 0
// I16: tile-check: PASS @int_ops_i16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel ext_i16 --grid 1 --arg buf:i16:8:file=%t.a \
// RUN:   --arg buf:i32:16:poison --print 1 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=EXT
// extsi | extui of a to i32.
// EXT: reference #1 (i32 x 16):
// EXT-SAME: 7 -7 -32768 -32768 32767 1000 -1 21845
// EXT-SAME: 7 65529 32768 32768 32767 1000 65535 21845
// EXT: tile-check: PASS @ext_i16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @int_ops_i16(%a: !tile.ptr<i16>, %b: !tile.ptr<i16>, %out: !tile.ptr<i16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<i16>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %pbb = tile.splat %b : tensor<8x!tile.ptr<i16>>
  %pb = tile.addptr %pbb, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<i16>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<i16>>
  %y = tile.load %pb : tensor<8x!tile.ptr<i16>>
  %r0 = arith.divsi %x, %y : tensor<8xi16>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i16>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r1 = arith.divui %x, %y : tensor<8xi16>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i16>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r2 = arith.remsi %x, %y : tensor<8xi16>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i16>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r3 = arith.remui %x, %y : tensor<8xi16>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<i16>>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r4 = arith.ceildivsi %x, %y : tensor<8xi16>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<i16>>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r5 = arith.ceildivui %x, %y : tensor<8xi16>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<i16>>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r6 = arith.floordivsi %x, %y : tensor<8xi16>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<i16>>
  %q7 = tile.addptr %q6, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r7 = arith.maxsi %x, %y : tensor<8xi16>
  tile.store %q7, %r7 : tensor<8x!tile.ptr<i16>>
  %q8 = tile.addptr %q7, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r8 = arith.minsi %x, %y : tensor<8xi16>
  tile.store %q8, %r8 : tensor<8x!tile.ptr<i16>>
  %q9 = tile.addptr %q8, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r9 = arith.maxui %x, %y : tensor<8xi16>
  tile.store %q9, %r9 : tensor<8x!tile.ptr<i16>>
  %q10 = tile.addptr %q9, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r10 = arith.minui %x, %y : tensor<8xi16>
  tile.store %q10, %r10 : tensor<8x!tile.ptr<i16>>
  %q11 = tile.addptr %q10, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r11 = arith.shli %x, %y : tensor<8xi16>
  tile.store %q11, %r11 : tensor<8x!tile.ptr<i16>>
  %q12 = tile.addptr %q11, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r12 = arith.shrui %x, %y : tensor<8xi16>
  tile.store %q12, %r12 : tensor<8x!tile.ptr<i16>>
  %q13 = tile.addptr %q12, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r13 = arith.shrsi %x, %y : tensor<8xi16>
  tile.store %q13, %r13 : tensor<8x!tile.ptr<i16>>
  tile.return
}

tile.func @ext_i16(%a: !tile.ptr<i16>, %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pab = tile.splat %a : tensor<8x!tile.ptr<i16>>
  %pa = tile.addptr %pab, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %q0b = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %q0 = tile.addptr %q0b, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %x = tile.load %pa : tensor<8x!tile.ptr<i16>>
  %s = arith.extsi %x : tensor<8xi16> to tensor<8xi32>
  %z = arith.extui %x : tensor<8xi16> to tensor<8xi32>
  tile.store %q0, %s : tensor<8x!tile.ptr<i32>>
  tile.store %q1, %z : tensor<8x!tile.ptr<i32>>
  tile.return
}
