// Integer min and max, signed and unsigned, and ceildivui on i32; wrapping
// add and multiply, min, max and division on i16 (docs/Semantics.md section
// 4). Expected values derived by hand from the inputs; every target of the
// build must give the same bits (the exact class).

// RUN: %python %S/Inputs/values.py %t.a i32 7 -7 7 -2147483648 5 -1 0 2147483647
// RUN: %python %S/Inputs/values.py %t.b i32 2 2 0 -1 0 3 0 -1
// RUN: tile-check %s --kernel minmax --grid 1 --arg buf:i32:8:file=%t.a \
// RUN:   --arg buf:i32:8:file=%t.b --arg buf:i32:40:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=MINMAX
// maxsi | minsi | maxui | minui | ceildivui (by zero: all ones), 8 lanes each.
// MINMAX: reference #2 (i32 x 40):
// MINMAX-SAME: 7 2 7 -1 5 3 0 2147483647
// MINMAX-SAME: 2 -7 0 -2147483648 0 -1 0 -1
// MINMAX-SAME: 7 -7 7 -1 5 -1 0 -1
// MINMAX-SAME: 2 2 0 -2147483648 0 3 0 2147483647
// MINMAX-SAME: 4 2147483645 -1 1 -1 1431655765 -1 1
// MINMAX: tile-check: PASS @minmax (cpu: 3 buffers match

// RUN: %python %S/Inputs/values.py %t.c i16 7 -7 7 -32768 5 -1 0 32767
// RUN: %python %S/Inputs/values.py %t.d i16 2 2 0 -1 0 3 0 -1
// RUN: tile-check %s --kernel narrow --grid 1 --arg buf:i16:8:file=%t.c \
// RUN:   --arg buf:i16:8:file=%t.d --arg buf:i16:40:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=I16
// addi | muli (both wrap at 16 bits) | maxui | minsi | divsi (by zero: all
// ones; -32768 / -1 = -32768).
// I16: reference #2 (i16 x 40):
// I16-SAME: 9 -5 7 32767 5 2 0 32766
// I16-SAME: 14 -14 0 -32768 0 -3 0 -32767
// I16-SAME: 7 -7 7 -1 5 -1 0 -1
// I16-SAME: 2 -7 0 -32768 0 -1 0 -1
// I16-SAME: 3 -3 -1 -32768 -1 0 -1 -32767
// I16: tile-check: PASS @narrow (cpu: 3 buffers match

tile.func @minmax(%a: !tile.ptr<i32>, %b: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
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
  %maxs = arith.maxsi %x, %y : tensor<8xi32>
  %mins = arith.minsi %x, %y : tensor<8xi32>
  %maxu = arith.maxui %x, %y : tensor<8xi32>
  %minu = arith.minui %x, %y : tensor<8xi32>
  %ceil = arith.ceildivui %x, %y : tensor<8xi32>
  tile.store %p0, %maxs : tensor<8x!tile.ptr<i32>>
  tile.store %p1, %mins : tensor<8x!tile.ptr<i32>>
  tile.store %p2, %maxu : tensor<8x!tile.ptr<i32>>
  tile.store %p3, %minu : tensor<8x!tile.ptr<i32>>
  tile.store %p4, %ceil : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @narrow(%a: !tile.ptr<i16>, %b: !tile.ptr<i16>, %out: !tile.ptr<i16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pa = tile.splat %a : tensor<8x!tile.ptr<i16>>
  %pa1 = tile.addptr %pa, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %x = tile.load %pa1 : tensor<8x!tile.ptr<i16>>
  %pb = tile.splat %b : tensor<8x!tile.ptr<i16>>
  %pb1 = tile.addptr %pb, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %y = tile.load %pb1 : tensor<8x!tile.ptr<i16>>
  %po = tile.splat %out : tensor<8x!tile.ptr<i16>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %p2 = tile.addptr %p1, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %p3 = tile.addptr %p2, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %p4 = tile.addptr %p3, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %sum = arith.addi %x, %y : tensor<8xi16>
  %prod = arith.muli %x, %y : tensor<8xi16>
  %maxu = arith.maxui %x, %y : tensor<8xi16>
  %mins = arith.minsi %x, %y : tensor<8xi16>
  %quot = arith.divsi %x, %y : tensor<8xi16>
  tile.store %p0, %sum : tensor<8x!tile.ptr<i16>>
  tile.store %p1, %prod : tensor<8x!tile.ptr<i16>>
  tile.store %p2, %maxu : tensor<8x!tile.ptr<i16>>
  tile.store %p3, %mins : tensor<8x!tile.ptr<i16>>
  tile.store %p4, %quot : tensor<8x!tile.ptr<i16>>
  tile.return
}
