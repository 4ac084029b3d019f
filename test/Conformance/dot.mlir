// tile.dot (docs/Semantics.md section 3.7): c = acc + a x b. With small
// integer values every sum is exact in f32, so any summation order gives the
// same bits; i8 x i8 accumulates exactly into i32.

// a = [[0, 1, 2, 3], [4, 5, 6, 7]], b = [[0, 1], [2, 3], [4, 5], [6, 7]],
// acc = 0.5 everywhere.
// RUN: tile-check %s --kernel dot_f32 --grid 1 --arg buf:f32:8:iota \
// RUN:   --arg buf:f32:8:iota --arg buf:f32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=F32
// F32: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// F32: tile-check: PASS @dot_f32 (cpu: 3 buffers match
// RUN: tile-check %s --kernel dot_bf16 --grid 1 --arg buf:bf16:8:iota \
// RUN:   --arg buf:bf16:8:iota --arg buf:f32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=BF16
// BF16: reference #2 (f32 x 4): 28.5 34.5 76.5 98.5
// BF16: tile-check: PASS @dot_bf16 (cpu: 3 buffers match

// i8: a = [[127 x 4], [-128 x 4]], b = rows of [127, -128].
// RUN: %python %S/Inputs/values.py %t.a i8 127 127 127 127 -128 -128 -128 -128
// RUN: %python %S/Inputs/values.py %t.b i8 127 -128 127 -128 127 -128 127 -128
// RUN: tile-check %s --kernel dot_i8 --grid 1 --arg buf:i8:8:file=%t.a \
// RUN:   --arg buf:i8:8:file=%t.b --arg buf:i32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=I8
// I8: reference #2 (i32 x 4): 64516 -65024 -65024 65536
// I8: tile-check: PASS @dot_i8 (cpu: 3 buffers match

tile.func @dot_f32(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  // a: offsets 4 i + k (2x4); b: offsets 2 k + j (4x2); c: 2 i + j (2x2).
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<f32>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<f32>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x4xf32>, tensor<4x2xf32> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_bf16(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>, %c: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<bf16>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<bf16>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<bf16>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<bf16>>
  %acc = arith.constant dense<0.5> : tensor<2x2xf32>
  %r = tile.dot %x, %y, %acc : tensor<2x4xbf16>, tensor<4x2xbf16> -> tensor<2x2xf32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<f32>>
  tile.return
}

tile.func @dot_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %c: !tile.ptr<i32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %ai = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %aib = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ai4 = arith.muli %aib, %four : tensor<2x4xi32>
  %ak = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %akb = tile.broadcast %ak : tensor<1x4xi32> -> tensor<2x4xi32>
  %aoff = arith.addi %ai4, %akb : tensor<2x4xi32>
  %bk = tile.expand_dims %r4, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %bkb = tile.broadcast %bk : tensor<4x1xi32> -> tensor<4x2xi32>
  %two = arith.constant dense<2> : tensor<4x2xi32>
  %bk2 = arith.muli %bkb, %two : tensor<4x2xi32>
  %bj = tile.expand_dims %r2, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %bjb = tile.broadcast %bj : tensor<1x2xi32> -> tensor<4x2xi32>
  %boff = arith.addi %bk2, %bjb : tensor<4x2xi32>
  %ci = tile.broadcast %ai : tensor<2x1xi32> -> tensor<2x2xi32>
  %two2 = arith.constant dense<2> : tensor<2x2xi32>
  %ci2 = arith.muli %ci, %two2 : tensor<2x2xi32>
  %cj = tile.broadcast %bj : tensor<1x2xi32> -> tensor<2x2xi32>
  %coff = arith.addi %ci2, %cj : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x4x!tile.ptr<i8>>
  %pa1 = tile.addptr %pa, %aoff : tensor<2x4x!tile.ptr<i8>>, tensor<2x4xi32>
  %x = tile.load %pa1 : tensor<2x4x!tile.ptr<i8>>
  %pb = tile.splat %b : tensor<4x2x!tile.ptr<i8>>
  %pb1 = tile.addptr %pb, %boff : tensor<4x2x!tile.ptr<i8>>, tensor<4x2xi32>
  %y = tile.load %pb1 : tensor<4x2x!tile.ptr<i8>>
  %acc = arith.constant dense<0> : tensor<2x2xi32>
  %r = tile.dot %x, %y, %acc : tensor<2x4xi8>, tensor<4x2xi8> -> tensor<2x2xi32>
  %pc = tile.splat %c : tensor<2x2x!tile.ptr<i32>>
  %pc1 = tile.addptr %pc, %coff : tensor<2x2x!tile.ptr<i32>>, tensor<2x2xi32>
  tile.store %pc1, %r : tensor<2x2x!tile.ptr<i32>>
  tile.return
}
