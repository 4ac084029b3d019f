// arith.remf (C's fmod: the sign of the dividend, NaN for a zero divisor or
// an infinite dividend), arith.bitcast, arith.extf (exact, special values
// kept) and arith.index_cast (sign-extending through index): exact-class
// ops, so every target gives these bits. Expected values derived by hand.

// RUN: %python %S/Inputs/values.py %t.a f32 5.5 -5.5 1 inf
// RUN: %python %S/Inputs/values.py %t.b f32 2 2 -0 0.5
// RUN: tile-check %s --kernel remf_bitcast --grid 1 --arg buf:f32:4:file=%t.a \
// RUN:   --arg buf:f32:4:file=%t.b --arg buf:f32:4:poison --arg buf:i32:4:poison \
// RUN:   --print 2 --print 3 | FileCheck %s --check-prefix=REM
// REM: reference #2 (f32 x 4): 1.5 -1.5 nan nan
// REM: reference #3 (i32 x 4): 1073741824 1073741824 -2147483648 1056964608
// REM: bit for bit (every op is exact-class)
// REM: tile-check: PASS @remf_bitcast (cpu: 4 buffers match

// RUN: %python %S/Inputs/values.py %t.h f16 0.5 65504 -0 inf
// RUN: tile-check %s --kernel widen --grid 1 --arg buf:f16:4:file=%t.h \
// RUN:   --arg buf:f32:4:poison --arg buf:i64:4:poison --print 1 --print 2 \
// RUN:   | FileCheck %s --check-prefix=WIDEN
// WIDEN: reference #1 (f32 x 4): 0.5 65504 -0 inf
// WIDEN: reference #2 (i64 x 4): -7 0 2147483647 -2147483648
// WIDEN: tile-check: PASS @widen (cpu: 3 buffers match

tile.func @remf_bitcast(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<f32>, %bits: !tile.ptr<i32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %pa = tile.splat %a : tensor<4x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %x = tile.load %pa1 : tensor<4x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<4x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %y = tile.load %pb1 : tensor<4x!tile.ptr<f32>>
  %r = arith.remf %x, %y : tensor<4xf32>
  %po = tile.splat %out : tensor<4x!tile.ptr<f32>>
  %po1 = tile.addptr %po, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %po1, %r : tensor<4x!tile.ptr<f32>>
  %c = arith.bitcast %y : tensor<4xf32> to tensor<4xi32>
  %pc = tile.splat %bits : tensor<4x!tile.ptr<i32>>
  %pc1 = tile.addptr %pc, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %pc1, %c : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @widen(%h: !tile.ptr<f16>, %out: !tile.ptr<f32>, %idx: !tile.ptr<i64>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %ph = tile.splat %h : tensor<4x!tile.ptr<f16>>
  %ph1 = tile.addptr %ph, %i : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %x = tile.load %ph1 : tensor<4x!tile.ptr<f16>>
  %w = arith.extf %x : tensor<4xf16> to tensor<4xf32>
  %po = tile.splat %out : tensor<4x!tile.ptr<f32>>
  %po1 = tile.addptr %po, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %po1, %w : tensor<4x!tile.ptr<f32>>
  %n = arith.constant dense<[-7, 0, 2147483647, -2147483648]> : tensor<4xi32>
  %ix = arith.index_cast %n : tensor<4xi32> to tensor<4xindex>
  %back = arith.index_cast %ix : tensor<4xindex> to tensor<4xi64>
  %pi = tile.splat %idx : tensor<4x!tile.ptr<i64>>
  %pi1 = tile.addptr %pi, %i : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %pi1, %back : tensor<4x!tile.ptr<i64>>
  tile.return
}
