// Float arith on tiles (docs/Semantics.md section 5): the NaN and signed-zero
// rules of maximumf, minimumf, maxnumf, minnumf and cmpf; no contraction of a
// multiply and an add; negf, absf and copysign edit the sign bit only, NaNs
// included.

// RUN: %python %S/Inputs/values.py %t.a f32 nan 1 -0 0 -0 3 -inf 2
// RUN: %python %S/Inputs/values.py %t.b f32 1 nan 0 -0 -0 nan inf 2
// RUN: tile-check %s --kernel minmax --grid 1 --arg buf:f32:8:file=%t.a \
// RUN:   --arg buf:f32:8:file=%t.b --arg buf:f32:32:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=MINMAX
// maximumf | minimumf | maxnumf | minnumf
// MINMAX: reference #2 (f32 x 32):
// MINMAX-SAME: nan nan 0 0 -0 nan inf 2
// MINMAX-SAME: nan nan -0 -0 -0 nan -inf 2
// MINMAX-SAME: 1 1 0 0 -0 3 inf 2
// MINMAX-SAME: 1 1 -0 -0 -0 3 -inf 2
// MINMAX: tile-check: PASS @minmax (cpu: 3 buffers match

// RUN: tile-check %s --kernel compare --grid 1 --arg buf:f32:8:file=%t.a \
// RUN:   --arg buf:f32:8:file=%t.b --arg buf:u8:32:poison \
// RUN:   --arg buf:i32:32:poison --print 2 --print 3 \
// RUN:   | FileCheck %s --check-prefix=CMP
// oeq | une | olt | uno, stored as i1 (one byte each, 0 or 1) and as i32
// CMP: reference #2 (u8 x 32):
// CMP-SAME: 0 0 1 1 1 0 0 1
// CMP-SAME: 1 1 0 0 0 1 1 0
// CMP-SAME: 0 0 0 0 0 0 1 0
// CMP-SAME: 1 1 0 0 0 1 0 0
// CMP: reference #3 (i32 x 32):
// CMP-SAME: 0 0 1 1 1 0 0 1
// CMP-SAME: 1 1 0 0 0 1 1 0
// CMP-SAME: 0 0 0 0 0 0 1 0
// CMP-SAME: 1 1 0 0 0 1 0 0
// CMP: tile-check: PASS @compare (cpu: 4 buffers match

// x * x - z with x = 1 + 2^-12, z = 1 + 2^-11: mulf rounds x * x = 1 + 2^-11
// + 2^-24 to 1 + 2^-11 (a tie, to even), so the result is 0; math.fma keeps
// the product exact and gives 2^-24.
// RUN: tile-check %s --kernel contraction --grid 1 --arg f32:1.000244140625 \
// RUN:   --arg f32:1.00048828125 --arg buf:f32:2:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=FMA
// FMA: reference #2 (f32 x 2): 0 5.96046448e-08
// FMA: tile-check: PASS @contraction (cpu: 1 buffers match

// negf(+qNaN), absf(-NaN with payload 1), copysign(+qNaN, -1), negf(-0),
// absf(-0), copysign(2, -0), seen as their bits.
// RUN: %python %S/Inputs/values.py %t.s f32 0x7fc00000 0xffc00001 0x7fc00000 -0 -0 2 -1 -0
// RUN: tile-check %s --kernel sign_bits --grid 1 --arg buf:f32:8:file=%t.s \
// RUN:   --arg buf:i32:6:poison --print 1 | FileCheck %s --check-prefix=SIGN
// SIGN: reference #1 (i32 x 6): -4194304 2143289345 -4194304 0 0 -1073741824
// SIGN: tile-check: PASS @sign_bits (cpu: 2 buffers match

tile.func @minmax(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pa = tile.splat %a : tensor<8x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pa1 : tensor<8x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<8x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %y = tile.load %pb1 : tensor<8x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<f32>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %p2 = tile.addptr %p1, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %p3 = tile.addptr %p2, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %max = arith.maximumf %x, %y : tensor<8xf32>
  %min = arith.minimumf %x, %y : tensor<8xf32>
  %maxnum = arith.maxnumf %x, %y : tensor<8xf32>
  %minnum = arith.minnumf %x, %y : tensor<8xf32>
  tile.store %p0, %max : tensor<8x!tile.ptr<f32>>
  tile.store %p1, %min : tensor<8x!tile.ptr<f32>>
  tile.store %p2, %maxnum : tensor<8x!tile.ptr<f32>>
  tile.store %p3, %minnum : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @compare(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<i1>,
                   %out32: !tile.ptr<i32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pa = tile.splat %a : tensor<8x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pa1 : tensor<8x!tile.ptr<f32>>
  %pb = tile.splat %b : tensor<8x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %y = tile.load %pb1 : tensor<8x!tile.ptr<f32>>
  %eq = arith.cmpf oeq, %x, %y : tensor<8xf32>
  %ne = arith.cmpf une, %x, %y : tensor<8xf32>
  %lt = arith.cmpf olt, %x, %y : tensor<8xf32>
  %uno = arith.cmpf uno, %x, %y : tensor<8xf32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %po = tile.splat %out : tensor<8x!tile.ptr<i1>>
  %p0 = tile.addptr %po, %i : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %p1 = tile.addptr %p0, %c8 : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %p2 = tile.addptr %p1, %c8 : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %p3 = tile.addptr %p2, %c8 : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  tile.store %p0, %eq : tensor<8x!tile.ptr<i1>>
  tile.store %p1, %ne : tensor<8x!tile.ptr<i1>>
  tile.store %p2, %lt : tensor<8x!tile.ptr<i1>>
  tile.store %p3, %uno : tensor<8x!tile.ptr<i1>>
  %qo = tile.splat %out32 : tensor<8x!tile.ptr<i32>>
  %q0 = tile.addptr %qo, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %eq32 = arith.extui %eq : tensor<8xi1> to tensor<8xi32>
  %ne32 = arith.extui %ne : tensor<8xi1> to tensor<8xi32>
  %lt32 = arith.extui %lt : tensor<8xi1> to tensor<8xi32>
  %uno32 = arith.extui %uno : tensor<8xi1> to tensor<8xi32>
  tile.store %q0, %eq32 : tensor<8x!tile.ptr<i32>>
  tile.store %q1, %ne32 : tensor<8x!tile.ptr<i32>>
  tile.store %q2, %lt32 : tensor<8x!tile.ptr<i32>>
  tile.store %q3, %uno32 : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @contraction(%x: f32, %z: f32, %out: !tile.ptr<f32>) {
  %xs = tile.splat %x : tensor<4xf32>
  %zs = tile.splat %z : tensor<4xf32>
  %prod = arith.mulf %xs, %xs : tensor<4xf32>
  %diff = arith.subf %prod, %zs : tensor<4xf32>
  %zn = arith.negf %zs : tensor<4xf32>
  %fused = math.fma %xs, %xs, %zn : tensor<4xf32>
  %r0 = tile.reduce(%diff) axis = 0 : tensor<4xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
    tile.yield %m : f32
  }
  %r1 = tile.reduce(%fused) axis = 0 : tensor<4xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
    tile.yield %m : f32
  }
  %c1 = arith.constant 1 : i32
  %out1 = tile.addptr %out, %c1 : !tile.ptr<f32>, i32
  tile.store %out, %r0 : !tile.ptr<f32>
  tile.store %out1, %r1 : !tile.ptr<f32>
  tile.return
}

tile.func @sign_bits(%a: !tile.ptr<f32>, %out: !tile.ptr<i32>) {
  // Lanes (0, 3) negate, (1, 4) take the absolute value, (2, 5) copy the
  // signs of elements 6 and 7 (-1 and -0).
  %i = tile.range 0 to 2 : tensor<2xi32>
  %c3 = arith.constant dense<3> : tensor<2xi32>
  %c1 = arith.constant dense<1> : tensor<2xi32>
  %c6 = arith.constant dense<6> : tensor<2xi32>
  %o0 = arith.muli %i, %c3 : tensor<2xi32>
  %o1 = arith.addi %o0, %c1 : tensor<2xi32>
  %o2 = arith.addi %o1, %c1 : tensor<2xi32>
  %o6 = arith.addi %i, %c6 : tensor<2xi32>
  %pa = tile.splat %a : tensor<2x!tile.ptr<f32>>
  %q0 = tile.addptr %pa, %o0 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %q1 = tile.addptr %pa, %o1 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %q2 = tile.addptr %pa, %o2 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %q6 = tile.addptr %pa, %o6 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %x0 = tile.load %q0 : tensor<2x!tile.ptr<f32>>
  %x1 = tile.load %q1 : tensor<2x!tile.ptr<f32>>
  %x2 = tile.load %q2 : tensor<2x!tile.ptr<f32>>
  %signs = tile.load %q6 : tensor<2x!tile.ptr<f32>>
  %neg = arith.negf %x0 : tensor<2xf32>
  %abs = math.absf %x1 : tensor<2xf32>
  %cs = math.copysign %x2, %signs : tensor<2xf32>
  %b0 = tile.bitcast %neg : tensor<2xf32> -> tensor<2xi32>
  %b1 = tile.bitcast %abs : tensor<2xf32> -> tensor<2xi32>
  %b2 = tile.bitcast %cs : tensor<2xf32> -> tensor<2xi32>
  %po = tile.splat %out : tensor<2x!tile.ptr<i32>>
  %r0 = tile.addptr %po, %o0 : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %r1 = tile.addptr %po, %o1 : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %r2 = tile.addptr %po, %o2 : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  tile.store %r0, %b0 : tensor<2x!tile.ptr<i32>>
  tile.store %r1, %b1 : tensor<2x!tile.ptr<i32>>
  tile.store %r2, %b2 : tensor<2x!tile.ptr<i32>>
  tile.return
}
