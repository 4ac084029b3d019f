// Integer arith on tiles (docs/Semantics.md section 4): wrapping, division by
// zero gives all ones, INT_MIN / -1 gives INT_MIN, x % 0 gives x, shifts by N
// or more give 0 or the sign fill, and the extended multiplications.
// Inputs are loaded from memory so that no folder decides the results.

// RUN: %python %S/Inputs/values.py %t.a i32 7 -7 7 -2147483648 5 -1 0 2147483647
// RUN: %python %S/Inputs/values.py %t.b i32 2 2 0 -1 0 3 0 -1
// RUN: tile-check %s --kernel division --grid 1 --arg buf:i32:8:file=%t.a \
// RUN:   --arg buf:i32:8:file=%t.b --arg buf:i32:48:poison --print 2 \
// RUN:   --targets none | FileCheck %s --check-prefix=DIV
// divsi | remsi | divui | remui | ceildivsi | floordivsi, 8 lanes each.
// DIV: reference #2 (i32 x 48):
// DIV-SAME: 3 -3 -1 -2147483648 -1 0 -1 -2147483647
// DIV-SAME: 1 -1 7 0 5 -1 0 0
// DIV-SAME: 3 2147483644 -1 0 -1 1431655765 -1 0
// DIV-SAME: 1 1 7 -2147483648 5 0 0 2147483647
// DIV-SAME: 4 -3 -1 -2147483648 -1 0 -1 -2147483647
// DIV-SAME: 3 -4 -1 -2147483648 -1 -1 -1 -2147483647
// DIV: tile-check: PASS @division

// The CPU gives the values above (a zero divisor and INT_MIN / -1 are
// divided by 1 instead, then replaced: x86's idiv would trap).
// RUN: tile-check %s --kernel division --grid 1 --targets cpu \
// RUN:   --arg buf:i32:8:file=%t.a --arg buf:i32:8:file=%t.b \
// RUN:   --arg buf:i32:48:poison | FileCheck %s --check-prefix=CPU-ZERO
// CPU-ZERO: tile-check: PASS @division (cpu: 3 buffers match)
// RUN: %python %S/Inputs/values.py %t.c i32 7 -7 7 -2147483647 5 -1 0 2147483647
// RUN: %python %S/Inputs/values.py %t.d i32 2 2 3 -1 -4 3 1 -1
// RUN: tile-check %s --kernel division --grid 1 --targets cpu \
// RUN:   --arg buf:i32:8:file=%t.c --arg buf:i32:8:file=%t.d \
// RUN:   --arg buf:i32:48:poison | FileCheck %s --check-prefix=CPU-SAFE
// CPU-SAFE: tile-check: PASS @division (cpu: 3 buffers match)

// RUN: %python %S/Inputs/values.py %t.s i32 0 1 31 32 33 -1 4 8
// RUN: tile-check %s --kernel shifts --grid 1 --arg buf:i32:8:file=%t.s \
// RUN:   --arg buf:i32:24:poison --print 1 | FileCheck %s --check-prefix=SHIFT
// -8 shifted by the amounts: shli | shrui | shrsi.
// SHIFT: reference #1 (i32 x 24):
// SHIFT-SAME: -8 -16 0 0 0 0 -128 -2048
// SHIFT-SAME: -8 2147483644 1 0 0 0 268435455 16777215
// SHIFT-SAME: -8 -4 -1 -1 -1 -1 -1 -1
// SHIFT: tile-check: PASS @shifts

// RUN: tile-check %s --kernel widths --grid 1 --arg buf:i32:8:file=%t.a \
// RUN:   --arg buf:i64:24:poison --print 1 | FileCheck %s --check-prefix=WIDTH
// extsi | extui | trunci to i8 then extsi.
// WIDTH: reference #1 (i64 x 24):
// WIDTH-SAME: 7 -7 7 -2147483648 5 -1 0 2147483647
// WIDTH-SAME: 7 4294967289 7 2147483648 5 4294967295 0 2147483647
// WIDTH-SAME: 7 -7 7 0 5 -1 0 -1
// WIDTH: tile-check: PASS @widths (cpu: 2 buffers match

// The high halves of the signed and unsigned 64-bit products.
// RUN: tile-check %s --kernel extended_mul --grid 1 --arg buf:i32:8:file=%t.a \
// RUN:   --arg buf:i32:8:file=%t.b --arg buf:i32:16:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=MULX
// MULX: reference #2 (i32 x 16):
// MULX-SAME: 0 -1 0 0 0 -1 0 -1
// MULX-SAME: 0 1 0 2147483647 0 2 0 2147483646
// MULX: tile-check: PASS @extended_mul (cpu: 3 buffers match

tile.func @division(%a: !tile.ptr<i32>, %b: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pa = tile.splat %a : tensor<8x!tile.ptr<i32>>
  %pa1 = tile.addptr %pa, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %x = tile.load %pa1 : tensor<8x!tile.ptr<i32>>
  %pb = tile.splat %b : tensor<8x!tile.ptr<i32>>
  %pb1 = tile.addptr %pb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %y = tile.load %pb1 : tensor<8x!tile.ptr<i32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %p2 = tile.addptr %p1, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %p3 = tile.addptr %p2, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %p4 = tile.addptr %p3, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %p5 = tile.addptr %p4, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %q = arith.divsi %x, %y : tensor<8xi32>
  %r = arith.remsi %x, %y : tensor<8xi32>
  %uq = arith.divui %x, %y : tensor<8xi32>
  %ur = arith.remui %x, %y : tensor<8xi32>
  %cq = arith.ceildivsi %x, %y : tensor<8xi32>
  %fq = arith.floordivsi %x, %y : tensor<8xi32>
  tile.store %p0, %q : tensor<8x!tile.ptr<i32>>
  tile.store %p1, %r : tensor<8x!tile.ptr<i32>>
  tile.store %p2, %uq : tensor<8x!tile.ptr<i32>>
  tile.store %p3, %ur : tensor<8x!tile.ptr<i32>>
  tile.store %p4, %cq : tensor<8x!tile.ptr<i32>>
  tile.store %p5, %fq : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @shifts(%s: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %ps = tile.splat %s : tensor<8x!tile.ptr<i32>>
  %ps1 = tile.addptr %ps, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %amount = tile.load %ps1 : tensor<8x!tile.ptr<i32>>
  %x = arith.constant dense<-8> : tensor<8xi32>
  %po = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %p2 = tile.addptr %p1, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %l = arith.shli %x, %amount : tensor<8xi32>
  %ru = arith.shrui %x, %amount : tensor<8xi32>
  %rs = arith.shrsi %x, %amount : tensor<8xi32>
  tile.store %p0, %l : tensor<8x!tile.ptr<i32>>
  tile.store %p1, %ru : tensor<8x!tile.ptr<i32>>
  tile.store %p2, %rs : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @widths(%a: !tile.ptr<i32>, %out: !tile.ptr<i64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pa = tile.splat %a : tensor<8x!tile.ptr<i32>>
  %pa1 = tile.addptr %pa, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %x = tile.load %pa1 : tensor<8x!tile.ptr<i32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<i64>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %p2 = tile.addptr %p1, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %s = arith.extsi %x : tensor<8xi32> to tensor<8xi64>
  %u = arith.extui %x : tensor<8xi32> to tensor<8xi64>
  %t8 = arith.trunci %x : tensor<8xi32> to tensor<8xi8>
  %t = arith.extsi %t8 : tensor<8xi8> to tensor<8xi64>
  tile.store %p0, %s : tensor<8x!tile.ptr<i64>>
  tile.store %p1, %u : tensor<8x!tile.ptr<i64>>
  tile.store %p2, %t : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @extended_mul(%a: !tile.ptr<i32>, %b: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pa = tile.splat %a : tensor<8x!tile.ptr<i32>>
  %pa1 = tile.addptr %pa, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %x = tile.load %pa1 : tensor<8x!tile.ptr<i32>>
  %pb = tile.splat %b : tensor<8x!tile.ptr<i32>>
  %pb1 = tile.addptr %pb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %y = tile.load %pb1 : tensor<8x!tile.ptr<i32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<i32>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %lo, %hi = arith.mulsi_extended %x, %y : tensor<8xi32>
  %ulo, %uhi = arith.mului_extended %x, %y : tensor<8xi32>
  tile.store %p0, %hi : tensor<8x!tile.ptr<i32>>
  tile.store %p1, %uhi : tensor<8x!tile.ptr<i32>>
  tile.return
}
