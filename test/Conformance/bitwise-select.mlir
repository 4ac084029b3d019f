// Bitwise ops and select (docs/Semantics.md section 4: andi, ori and xori
// on the two's-complement bits; select picks lane by lane) on i8, i16 and
// i64, the widths the other files leave them out on. Per type, 8 lanes of
// a and b loaded from memory; the outputs are a & b, a | b, a ^ b, and
// select(a & 1 != 0, a, b) (odd lanes of a keep a, even ones take b).
// Expected values derived from the rules on the bits (two's complement of
// the width).

// i8: a = 7 | -7 | -128 | 127 | 85 | -1 | 0 | 42; b = 2 | -3 | -1 | 1 | -86 | 0 | -1 | 42.
// RUN: %python %S/Inputs/values.py %t.a.i8 i8 7 -7 -128 127 85 -1 0 42
// RUN: %python %S/Inputs/values.py %t.b.i8 i8 2 -3 -1 1 -86 0 -1 42
// RUN: tile-check %s --kernel bitwise_i8 --grid 1 --arg buf:i8:8:file=%t.a.i8 \
// RUN:   --arg buf:i8:8:file=%t.b.i8 --arg buf:i8:32:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I8
// I8: reference #2 (i8 x 32):
// I8-SAME: 2 -7 -128 1 0 0 0 42
// I8-SAME: 7 -3 -1 127 -1 -1 -1 42
// I8-SAME: 5 4 127 126 -1 -1 -1 0
// I8-SAME: 7 -7 -1 127 85 -1 -1 42
// I8: tile-check: PASS @bitwise_i8 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// i16: a = 32767 | -32768 | 1234 | -1234 | 21845 | -1 | 0 | 255; b = -32768 | 32767 | -1 | 4321 | -21846 | 0 | 255 | 255.
// RUN: %python %S/Inputs/values.py %t.a.i16 i16 32767 -32768 1234 -1234 21845 -1 0 255
// RUN: %python %S/Inputs/values.py %t.b.i16 i16 -32768 32767 -1 4321 -21846 0 255 255
// RUN: tile-check %s --kernel bitwise_i16 --grid 1 --arg buf:i16:8:file=%t.a.i16 \
// RUN:   --arg buf:i16:8:file=%t.b.i16 --arg buf:i16:32:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I16
// I16: reference #2 (i16 x 32):
// I16-SAME: 0 0 1234 4128 0 0 0 255
// I16-SAME: -1 -1 -1 -1041 -1 -1 255 255
// I16-SAME: -1 -1 -1235 -5169 -1 -1 255 0
// I16-SAME: 32767 32767 -1 4321 21845 -1 255 255
// I16: tile-check: PASS @bitwise_i16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// i64: a = 9223372036854775807 | -9223372036854775808 | 81985529216486895 | -1 | 1099511627776 | -2 | 0 | 3; b = -1 | 9223372036854775807 | -81985529216486896 | 6148914691236517205 | 1099511627776 | 7 | -1 | 5.
// RUN: %python %S/Inputs/values.py %t.a.i64 i64 9223372036854775807 -9223372036854775808 81985529216486895 -1 1099511627776 -2 0 3
// RUN: %python %S/Inputs/values.py %t.b.i64 i64 -1 9223372036854775807 -81985529216486896 6148914691236517205 1099511627776 7 -1 5
// RUN: tile-check %s --kernel bitwise_i64 --grid 1 --arg buf:i64:8:file=%t.a.i64 \
// RUN:   --arg buf:i64:8:file=%t.b.i64 --arg buf:i64:32:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I64
// I64: reference #2 (i64 x 32):
// I64-SAME: 9223372036854775807 0 0 6148914691236517205 1099511627776 6 0 1
// I64-SAME: -1 -1 -1 -1 1099511627776 -1 -1 7
// I64-SAME: -9223372036854775808 -1 -1 -6148914691236517206 0 -7 -1 6
// I64-SAME: 9223372036854775807 9223372036854775807 81985529216486895 -1 1099511627776 7 -1 3
// I64: tile-check: PASS @bitwise_i64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @bitwise_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %out: !tile.ptr<i8>) {
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
  %r0 = arith.andi %x, %y : tensor<8xi8>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i8>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r1 = arith.ori %x, %y : tensor<8xi8>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i8>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %r2 = arith.xori %x, %y : tensor<8xi8>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i8>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %one = arith.constant dense<1> : tensor<8xi8>
  %zero = arith.constant dense<0> : tensor<8xi8>
  %low = arith.andi %x, %one : tensor<8xi8>
  %odd = arith.cmpi ne, %low, %zero : tensor<8xi8>
  %r3 = arith.select %odd, %x, %y : tensor<8xi1>, tensor<8xi8>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @bitwise_i16(%a: !tile.ptr<i16>, %b: !tile.ptr<i16>, %out: !tile.ptr<i16>) {
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
  %r0 = arith.andi %x, %y : tensor<8xi16>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i16>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r1 = arith.ori %x, %y : tensor<8xi16>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i16>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %r2 = arith.xori %x, %y : tensor<8xi16>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i16>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %one = arith.constant dense<1> : tensor<8xi16>
  %zero = arith.constant dense<0> : tensor<8xi16>
  %low = arith.andi %x, %one : tensor<8xi16>
  %odd = arith.cmpi ne, %low, %zero : tensor<8xi16>
  %r3 = arith.select %odd, %x, %y : tensor<8xi1>, tensor<8xi16>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<i16>>
  tile.return
}

tile.func @bitwise_i64(%a: !tile.ptr<i64>, %b: !tile.ptr<i64>, %out: !tile.ptr<i64>) {
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
  %r0 = arith.andi %x, %y : tensor<8xi64>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<i64>>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r1 = arith.ori %x, %y : tensor<8xi64>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<i64>>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %r2 = arith.xori %x, %y : tensor<8xi64>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<i64>>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %one = arith.constant dense<1> : tensor<8xi64>
  %zero = arith.constant dense<0> : tensor<8xi64>
  %low = arith.andi %x, %one : tensor<8xi64>
  %odd = arith.cmpi ne, %low, %zero : tensor<8xi64>
  %r3 = arith.select %odd, %x, %y : tensor<8xi1>, tensor<8xi64>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<i64>>
  tile.return
}
