// Math functions (docs/Semantics.md section 6): special values follow C11
// Annex F on every target (exp(-inf) = +0, log(0) = -inf, sqrt(-0) = -0,
// rsqrt(+0) = +inf, tanh and erf of +-inf are +-1, odd functions keep the sign
// of zero, sin(inf) = NaN, pow(x, 0) = 1, pow(1, y) = 1, pow(x < 0,
// non-integer) = NaN), finite results lie within the table's ulp bounds, and
// the rounding functions are exact. The reference prints the correctly
// rounded f32 results (computed in f64 and rounded once).

// -inf | inf | -0 | 0 | -1 | 1 | NaN | 0.5, through exp, exp2, log, sqrt,
// rsqrt, tanh, erf and sin. Outputs are bounded: a target must match NaN and
// infinities exactly and finite values within tolerance.
// RUN: %python %S/Inputs/values.py %t.x f32 -inf inf -0 0 -1 1 nan 0.5
// RUN: tile-check %s --kernel functions --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:f32:64:poison --print 1 | FileCheck %s --check-prefix=FN
// FN: reference #1 (f32 x 64):
// FN-SAME: 0 inf 1 1 0.36787945 2.71828175 nan 1.64872122
// FN-SAME: 0 inf 1 1 0.5 2 nan 1.41421354
// FN-SAME: nan inf -inf -inf nan 0 nan -0.693147182
// FN-SAME: nan inf -0 0 nan 1 nan 0.707106769
// FN-SAME: nan 0 -inf inf nan 1 nan 1.41421354
// FN-SAME: -1 1 -0 0 -0.761594176 0.761594176 nan 0.462117165
// FN-SAME: -1 1 -0 0 -0.842700779 0.842700779 nan 0.520499885
// FN-SAME: nan nan -0 0 -0.841470957 0.841470957 nan 0.47942555
// FN: float outputs compared within tolerance (math.exp is bounded)
// FN: tile-check: PASS @functions (cpu: 2 buffers match

// Odd functions keep the sign of zero, and special values are exact, so the
// results of tanh, erf, sin and sqrt on -0 and +0 are compared bit for bit.
// RUN: tile-check %s --kernel signed_zeros --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:f32:8:poison --print 1 --tol 1=exact --targets none \
// RUN:   | FileCheck %s --check-prefix=ZERO
// ZERO: reference #1 (f32 x 8): -0 0 -0 0 -0 0 -0 0
// tanh, erf, sin and sqrt keep the sign of zero on the CPU.
// RUN: tile-check %s --kernel signed_zeros --grid 1 --targets cpu \
// RUN:   --arg buf:f32:8:file=%t.x --arg buf:f32:8:poison --tol 1=exact \
// RUN:   | FileCheck %s --check-prefix=ZERO-CPU
// ZERO-CPU: tile-check: PASS @signed_zeros

// powf: pow(NaN, 0) = 1, pow(1, NaN) = 1, pow(-2, 0.5) = NaN, pow(2, 10) =
// 1024, pow(0, -1) = inf, pow(-0, -1) = -inf, pow(-8, 1/3) = NaN, pow(4, 0.5)
// = 2.
// RUN: %python %S/Inputs/values.py %t.b f32 nan 1 -2 2 0 -0 -8 4
// RUN: %python %S/Inputs/values.py %t.e f32 0 nan 0.5 10 -1 -1 0.3333333432674408 0.5
// RUN: tile-check %s --kernel power --grid 1 --arg buf:f32:8:file=%t.b \
// RUN:   --arg buf:f32:8:file=%t.e --arg buf:f32:8:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=POW
// POW: reference #2 (f32 x 8): 1 1 nan 1024 inf -inf nan 2
// POW: tile-check: PASS @power (cpu: 3 buffers match

// floor | ceil | trunc | round (ties away from zero) | roundeven, all exact.
// RUN: %python %S/Inputs/values.py %t.r f32 -2.5 -1.5 -0.5 0.5 1.5 2.5 -0 3.7
// RUN: tile-check %s --kernel rounding --grid 1 --arg buf:f32:8:file=%t.r \
// RUN:   --arg buf:f32:40:poison --print 1 | FileCheck %s --check-prefix=ROUND
// ROUND: reference #1 (f32 x 40):
// ROUND-SAME: -3 -2 -1 0 1 2 -0 3
// ROUND-SAME: -2 -1 -0 1 2 3 -0 4
// ROUND-SAME: -2 -1 -0 0 1 2 -0 3
// ROUND-SAME: -3 -2 -1 1 2 3 -0 4
// ROUND-SAME: -2 -2 -0 0 2 2 -0 4
// ROUND: float outputs compared bit for bit
// ROUND: tile-check: PASS @rounding (cpu: 2 buffers match

tile.func @functions(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pi = tile.splat %in : tensor<8x!tile.ptr<f32>>
  %pi1 = tile.addptr %pi, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pi1 : tensor<8x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<f32>>
  %r0 = math.exp %x : tensor<8xf32>
  %q0 = tile.addptr %po, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<f32>>
  %r1 = math.exp2 %x : tensor<8xf32>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<f32>>
  %r2 = math.log %x : tensor<8xf32>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<f32>>
  %r3 = math.sqrt %x : tensor<8xf32>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<f32>>
  %r4 = math.rsqrt %x : tensor<8xf32>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<f32>>
  %r5 = math.tanh %x : tensor<8xf32>
  %q5 = tile.addptr %q4, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q5, %r5 : tensor<8x!tile.ptr<f32>>
  %r6 = math.erf %x : tensor<8xf32>
  %q6 = tile.addptr %q5, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q6, %r6 : tensor<8x!tile.ptr<f32>>
  %r7 = math.sin %x : tensor<8xf32>
  %q7 = tile.addptr %q6, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q7, %r7 : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @signed_zeros(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  // Elements 2 and 3 of the input are -0 and +0.
  %i = tile.range 0 to 2 : tensor<2xi32>
  %c2 = arith.constant dense<2> : tensor<2xi32>
  %at = arith.addi %i, %c2 : tensor<2xi32>
  %pi = tile.splat %in : tensor<2x!tile.ptr<f32>>
  %pi1 = tile.addptr %pi, %at : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %x = tile.load %pi1 : tensor<2x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<2x!tile.ptr<f32>>
  %q0 = tile.addptr %po, %i : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %q1 = tile.addptr %q0, %c2 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %q2 = tile.addptr %q1, %c2 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %q3 = tile.addptr %q2, %c2 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %r0 = math.tanh %x : tensor<2xf32>
  %r1 = math.erf %x : tensor<2xf32>
  %r2 = math.sin %x : tensor<2xf32>
  %r3 = math.sqrt %x : tensor<2xf32>
  tile.store %q0, %r0 : tensor<2x!tile.ptr<f32>>
  tile.store %q1, %r1 : tensor<2x!tile.ptr<f32>>
  tile.store %q2, %r2 : tensor<2x!tile.ptr<f32>>
  tile.store %q3, %r3 : tensor<2x!tile.ptr<f32>>
  tile.return
}

tile.func @power(%b: !tile.ptr<f32>, %e: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pb = tile.splat %b : tensor<8x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pb1 : tensor<8x!tile.ptr<f32>>
  %pe = tile.splat %e : tensor<8x!tile.ptr<f32>>
  %pe1 = tile.addptr %pe, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %y = tile.load %pe1 : tensor<8x!tile.ptr<f32>>
  %r = math.powf %x, %y : tensor<8xf32>
  %po = tile.splat %out : tensor<8x!tile.ptr<f32>>
  %po1 = tile.addptr %po, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %po1, %r : tensor<8x!tile.ptr<f32>>
  tile.return
}

tile.func @rounding(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %c8 = arith.constant dense<8> : tensor<8xi32>
  %pi = tile.splat %in : tensor<8x!tile.ptr<f32>>
  %pi1 = tile.addptr %pi, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %x = tile.load %pi1 : tensor<8x!tile.ptr<f32>>
  %po = tile.splat %out : tensor<8x!tile.ptr<f32>>
  %q0 = tile.addptr %po, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %q1 = tile.addptr %q0, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %q2 = tile.addptr %q1, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %q3 = tile.addptr %q2, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %q4 = tile.addptr %q3, %c8 : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %r0 = math.floor %x : tensor<8xf32>
  %r1 = math.ceil %x : tensor<8xf32>
  %r2 = math.trunc %x : tensor<8xf32>
  %r3 = math.round %x : tensor<8xf32>
  %r4 = math.roundeven %x : tensor<8xf32>
  tile.store %q0, %r0 : tensor<8x!tile.ptr<f32>>
  tile.store %q1, %r1 : tensor<8x!tile.ptr<f32>>
  tile.store %q2, %r2 : tensor<8x!tile.ptr<f32>>
  tile.store %q3, %r3 : tensor<8x!tile.ptr<f32>>
  tile.store %q4, %r4 : tensor<8x!tile.ptr<f32>>
  tile.return
}
