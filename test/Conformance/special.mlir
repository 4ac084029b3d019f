// The remaining compute ops (docs/Semantics.md sections 3.1, 3.9, 3.10):
// bitcast keeps every bit; mulhiui is the high half of the unsigned product;
// clampf is minnumf(maxnumf(x, lo), hi) (NaN x gives lo, a NaN bound is
// ignored, lo > hi gives hi) or, with propagate_nan, NaN-propagating;
// precise_sqrt and precise_divf are correctly rounded; philox gives
// Random123's bits; gather picks along an axis.
// DEFINE: %{exit} = %python %S/../Runtime/Inputs/reference.py exit-code

// RUN: %python %S/Inputs/values.py %t.f f32 1 -0 inf 0x7fc00001
// RUN: %python %S/Inputs/values.py %t.a i32 0xFFFFFFFF 0x80000000 3 0x10000
// RUN: %python %S/Inputs/values.py %t.b i32 0xFFFFFFFF 2 5 0x10000
// RUN: tile-check %s --kernel bits --grid 1 --arg buf:f32:4:file=%t.f \
// RUN:   --arg buf:i32:4:file=%t.a --arg buf:i32:4:file=%t.b \
// RUN:   --arg buf:i32:8:poison --print 3 | FileCheck %s --check-prefix=BITS
// bitcast of 1, -0, inf, NaN with payload 1 | mulhiui
// BITS: reference #3 (i32 x 8): 1065353216 -2147483648 2139095040 2143289345 -2 1 0 1
// BITS: tile-check: PASS @bits (cpu: 4 buffers match

// RUN: %python %S/Inputs/values.py %t.x f32 nan 5 -5 0.5 3 0.25 -0 0
// RUN: %python %S/Inputs/values.py %t.lo f32 0 0 0 2 nan 0 0 -0
// RUN: %python %S/Inputs/values.py %t.hi f32 1 1 1 1 1 nan 1 1
// RUN: tile-check %s --kernel clamp --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:f32:8:file=%t.lo --arg buf:f32:8:file=%t.hi \
// RUN:   --arg buf:f32:16:poison --print 3 \
// RUN:   | FileCheck %s --check-prefix=CLAMP
// CLAMP: reference #3 (f32 x 16): 0 1 0 1 1 0.25 0 0 nan 1 0 1 nan nan 0 0
// CLAMP: tile-check: PASS @clamp (cpu: 4 buffers match

// sqrt of 2, 3, 0.5, -0 | 1/3, 2/3, 1/7, 1e38/1e-5
// RUN: %python %S/Inputs/values.py %t.n f32 2 3 0.5 -0 1 2 1 1e38
// RUN: %python %S/Inputs/values.py %t.d f32 1 1 1 1 3 3 7 1e-5
// RUN: tile-check %s --kernel precise --grid 1 --arg buf:f32:8:file=%t.n \
// RUN:   --arg buf:f32:8:file=%t.d --arg buf:f32:8:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=PRECISE
// PRECISE: reference #2 (f32 x 8): 1.41421354 1.73205078 0.707106769 -0 0.333333343 0.666666687 0.142857149 inf
// PRECISE: float outputs compared bit for bit
// PRECISE: tile-check: PASS @precise (cpu: 3 buffers match

// Random123's known answers: seed 0, offset 0 -> 6627e8d5 e169c58d bc57ac4c
// 9b00dbd8; seed 42 (i64), offset 7 (i32) -> 5bbd83b1 68784c85 172067aa
// 2e6b75b7 (printed as signed i32).
// RUN: tile-check %s --kernel philox --grid 1 --arg i64:0 --arg i32:0 \
// RUN:   --arg buf:i32:4:poison --print 2 | FileCheck %s --check-prefix=PHILOX0
// PHILOX0: reference #2 (i32 x 4): 1713891541 -513161843 -1135104948 -1694442536
// PHILOX0: tile-check: PASS @philox (cpu: 1 buffers match
// RUN: tile-check %s --kernel philox --grid 1 --arg i64:42 --arg i32:7 \
// RUN:   --arg buf:i32:4:poison --print 2 | FileCheck %s --check-prefix=PHILOX42
// PHILOX42: reference #2 (i32 x 4): 1539146673 1752714373 387999658 778794423
// PHILOX42: tile-check: PASS @philox (cpu: 1 buffers match

// gather along axis 1 of [[0, 1, 2, 3], [4, 5, 6, 7]] by [[3, 0, 1],
// [2, 2, 0]] (as 2x4, the last index of each row repeated).
// RUN: %python %S/Inputs/values.py %t.g i32 3 0 1 1 2 2 0 0
// RUN: tile-check %s --kernel gather --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:8:file=%t.g --arg buf:i32:8:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=GATHER
// GATHER: reference #2 (i32 x 8): 3 0 1 1 6 6 4 4
// GATHER: tile-check: PASS @gather (cpu: 3 buffers match

tile.func @bits(%f: !tile.ptr<f32>, %a: !tile.ptr<i32>, %b: !tile.ptr<i32>,
                %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %pf = tile.splat %f : tensor<4x!tile.ptr<f32>>
  %pf1 = tile.addptr %pf, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %x = tile.load %pf1 : tensor<4x!tile.ptr<f32>>
  %pa = tile.splat %a : tensor<4x!tile.ptr<i32>>
  %pa1 = tile.addptr %pa, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %y = tile.load %pa1 : tensor<4x!tile.ptr<i32>>
  %pb = tile.splat %b : tensor<4x!tile.ptr<i32>>
  %pb1 = tile.addptr %pb, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %z = tile.load %pb1 : tensor<4x!tile.ptr<i32>>
  %bits = tile.bitcast %x : tensor<4xf32> -> tensor<4xi32>
  %hi = tile.mulhiui %y, %z : tensor<4xi32>
  %po = tile.splat %out : tensor<4x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %po1, %bits : tensor<4x!tile.ptr<i32>>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %po2 = tile.addptr %po1, %c4 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %po2, %hi : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @clamp(%x: !tile.ptr<f32>, %lo: !tile.ptr<f32>, %hi: !tile.ptr<f32>,
                 %out: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %vx = tile.load %px1 : tensor<8x!tile.ptr<f32>>
  %pl = tile.splat %lo : tensor<8x!tile.ptr<f32>>
  %pl1 = tile.addptr %pl, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %vl = tile.load %pl1 : tensor<8x!tile.ptr<f32>>
  %ph = tile.splat %hi : tensor<8x!tile.ptr<f32>>
  %ph1 = tile.addptr %ph, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %vh = tile.load %ph1 : tensor<8x!tile.ptr<f32>>
  %c = tile.clampf %vx, %vl, %vh : tensor<8xf32>
  %cp = tile.clampf %vx, %vl, %vh propagate_nan : tensor<8xf32>
  %po = tile.splat %out : tensor<8x!tile.ptr<f32>>
  %po1 = tile.addptr %po, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %po1, %c : tensor<8x!tile.ptr<f32>>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %po2 = tile.addptr %po1, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %po2, %cp : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @precise(%n: !tile.ptr<f32>, %d: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %pn = tile.splat %n : tensor<4x!tile.ptr<f32>>
  %pn0 = tile.addptr %pn, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %pn1 = tile.addptr %pn0, %c4 : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %pd = tile.splat %d : tensor<4x!tile.ptr<f32>>
  %pd1 = tile.addptr %pd, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %pd2 = tile.addptr %pd1, %c4 : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %s = tile.load %pn0 : tensor<4x!tile.ptr<f32>>
  %num = tile.load %pn1 : tensor<4x!tile.ptr<f32>>
  %den = tile.load %pd2 : tensor<4x!tile.ptr<f32>>
  %r = tile.precise_sqrt %s : tensor<4xf32>
  %q = tile.precise_divf %num, %den : tensor<4xf32>
  %po = tile.splat %out : tensor<4x!tile.ptr<f32>>
  %po1 = tile.addptr %po, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %po1, %r : tensor<4x!tile.ptr<f32>>
  %po2 = tile.addptr %po1, %c4 : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %po2, %q : tensor<4x!tile.ptr<f32>>
  tile.return
}

tile.func @philox(%seed: i64, %offset: i32, %out: !tile.ptr<i32>) {
  %offs = tile.splat %offset : tensor<2xi32>
  %r0, %r1, %r2, %r3 = tile.philox %seed, %offs : i64, tensor<2xi32>
  // Lane 0 of each word, stored through a two-lane store masked to lane 0.
  %i = tile.range 0 to 2 : tensor<2xi32>
  %zero = arith.constant dense<0> : tensor<2xi32>
  %first = arith.cmpi eq, %i, %zero : tensor<2xi32>
  %po = tile.splat %out : tensor<2x!tile.ptr<i32>>
  %one = arith.constant dense<1> : tensor<2xi32>
  %p0 = tile.addptr %po, %zero : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %p1 = tile.addptr %p0, %one : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %p2 = tile.addptr %p1, %one : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %p3 = tile.addptr %p2, %one : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  tile.store %p0, %r0, %first : tensor<2x!tile.ptr<i32>>
  tile.store %p1, %r1, %first : tensor<2x!tile.ptr<i32>>
  tile.store %p2, %r2, %first : tensor<2x!tile.ptr<i32>>
  tile.store %p3, %r3, %first : tensor<2x!tile.ptr<i32>>
  tile.return
}

tile.func @gather(%src: !tile.ptr<i32>, %idx: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %rib = tile.broadcast %ri : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ri4 = arith.muli %rib, %four : tensor<2x4xi32>
  %cj = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %cjb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %ri4, %cjb : tensor<2x4xi32>
  %ps = tile.splat %src : tensor<2x4x!tile.ptr<i32>>
  %ps1 = tile.addptr %ps, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %s = tile.load %ps1 : tensor<2x4x!tile.ptr<i32>>
  %pi = tile.splat %idx : tensor<2x4x!tile.ptr<i32>>
  %pi1 = tile.addptr %pi, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %k = tile.load %pi1 : tensor<2x4x!tile.ptr<i32>>
  %g = tile.gather %s[%k], 1 : tensor<2x4xi32>, tensor<2x4xi32> -> tensor<2x4xi32>
  %po = tile.splat %out : tensor<2x4x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  tile.store %po1, %g : tensor<2x4x!tile.ptr<i32>>
  tile.return
}
