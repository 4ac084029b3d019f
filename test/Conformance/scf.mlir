// Control flow (docs/Semantics.md section 1: scf with upstream meaning):
// scf.for with loop-carried values, scf.if with results, scf.while.

// RUN: tile-check %s --kernel control --grid 1 --arg i32:6 \
// RUN:   --arg buf:i32:3:poison --print 1 | FileCheck %s
// sum of 0, 2, 4 | min(n, 4) through scf.if | Collatz steps from 6 (6 3 10 5
// 16 8 4 2 1)
// CHECK: reference #1 (i32 x 3): 6 4 8
// CHECK: tile-check: PASS @control (cpu: 1 buffers match

// scf.if yielding tiles (a value and a mask) from either branch: x + n
// stored where lane < n when n > 0, else 0, 1, 2, 3 everywhere.
// RUN: tile-check %s --kernel if_tiles --grid 1 --arg i32:2 \
// RUN:   --arg buf:i32:4:iota --arg buf:i32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=THEN
// THEN: reference #2 (i32 x 4): 2 3 -1 -1
// THEN: tile-check: PASS @if_tiles (cpu: 2 buffers match
// RUN: tile-check %s --kernel if_tiles --grid 1 --arg i32:-1 \
// RUN:   --arg buf:i32:4:iota --arg buf:i32:4:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=ELSE
// ELSE: reference #2 (i32 x 4): 0 1 2 3
// ELSE: tile-check: PASS @if_tiles (cpu: 2 buffers match

tile.func @control(%n: i32, %out: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %sum = scf.for %i = %c0 to %n step %c2 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = arith.addi %acc, %i : i32
    scf.yield %next : i32
  }
  %small = arith.cmpi slt, %n, %c4 : i32
  %min = scf.if %small -> (i32) {
    scf.yield %n : i32
  } else {
    scf.yield %c4 : i32
  }
  %x, %steps = scf.while (%v = %n, %k = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %v, %c1 : i32
    scf.condition(%more) %v, %k : i32, i32
  } do {
  ^bb0(%v: i32, %k: i32):
    %r = arith.remsi %v, %c2 : i32
    %even = arith.cmpi eq, %r, %c0 : i32
    %half = arith.divsi %v, %c2 : i32
    %v3 = arith.muli %v, %c3 : i32
    %v31 = arith.addi %v3, %c1 : i32
    %nv = arith.select %even, %half, %v31 : i32
    %nk = arith.addi %k, %c1 : i32
    scf.yield %nv, %nk : i32, i32
  }
  tile.store %out, %sum : !tile.ptr<i32>
  %o1 = tile.addptr %out, %c1 : !tile.ptr<i32>, i32
  tile.store %o1, %min : !tile.ptr<i32>
  %o2 = tile.addptr %out, %c2 : !tile.ptr<i32>, i32
  tile.store %o2, %steps : !tile.ptr<i32>
  tile.return
}

tile.func @if_tiles(%n: i32, %in: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %pi = tile.splat %in : tensor<4x!tile.ptr<i32>>
  %pi1 = tile.addptr %pi, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %x = tile.load %pi1 : tensor<4x!tile.ptr<i32>>
  %c0 = arith.constant 0 : i32
  %positive = arith.cmpi sgt, %n, %c0 : i32
  %y, %m = scf.if %positive -> (tensor<4xi32>, tensor<4xi1>) {
    %ns = tile.splat %n : tensor<4xi32>
    %sum = arith.addi %x, %ns : tensor<4xi32>
    %lt = arith.cmpi slt, %r, %ns : tensor<4xi32>
    scf.yield %sum, %lt : tensor<4xi32>, tensor<4xi1>
  } else {
    %all = arith.constant dense<true> : tensor<4xi1>
    scf.yield %r, %all : tensor<4xi32>, tensor<4xi1>
  }
  %po = tile.splat %out : tensor<4x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %po1, %y, %m : tensor<4x!tile.ptr<i32>>
  tile.return
}

// scf.while with memory accesses in its regions (a binary search, as over
// cu_seqlens): program p finds how many of 0, 2, 4, ..., 30 are below
// 5p + 1.
// RUN: tile-check %s --kernel search --grid 4 --arg buf:i32:16:iota \
// RUN:   --arg buf:i32:4:poison --arg i32:16 --print 1 \
// RUN:   | FileCheck %s --check-prefix=SEARCH
// SEARCH: reference #1 (i32 x 4): 1 3 6 8
// SEARCH: tile-check: PASS @search (cpu: 2 buffers match

// scf.while carrying a tile through both regions, with a data-dependent
// trip count: 0, 1, ..., 63 halved until every |x| < bound (6 times for
// bound 1), and not at all when the bound is above them.
// RUN: tile-check %s --kernel halve --grid 1 --arg buf:f32:64:iota \
// RUN:   --arg buf:f32:64:poison --arg buf:i32:2:poison --arg f32:1.0 \
// RUN:   --print 2 | FileCheck %s --check-prefix=HALVE
// HALVE: reference #2 (i32 x 2): 6 63
// HALVE: tile-check: PASS @halve (cpu: 3 buffers match
// RUN: tile-check %s --kernel halve --grid 1 --arg buf:f32:64:iota \
// RUN:   --arg buf:f32:64:poison --arg buf:i32:2:poison --arg f32:100.0 \
// RUN:   --print 2 | FileCheck %s --check-prefix=NONE
// NONE: reference #2 (i32 x 2): 0 63
// NONE: tile-check: PASS @halve (cpu: 3 buffers match

tile.func @search(%sorted: !tile.ptr<i32>, %out: !tile.ptr<i32>, %n: i32) {
  %pid = tile.program_id x
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %p5 = arith.muli %pid, %c5 : i32
  %key = arith.addi %p5, %c1 : i32
  %lo, %hi = scf.while (%l = %c0, %h = %n) : (i32, i32) -> (i32, i32) {
    %go = arith.cmpi slt, %l, %h : i32
    scf.condition(%go) %l, %h : i32, i32
  } do {
  ^bb0(%l: i32, %h: i32):
    %s = arith.addi %l, %h : i32
    %mid = arith.shrui %s, %c1 : i32
    %mp = tile.addptr %sorted, %mid : !tile.ptr<i32>, i32
    %i = tile.load %mp : !tile.ptr<i32>
    %v = arith.muli %i, %c2 : i32
    %less = arith.cmpi slt, %v, %key : i32
    %mid1 = arith.addi %mid, %c1 : i32
    %nl = arith.select %less, %mid1, %l : i32
    %nh = arith.select %less, %h, %mid : i32
    scf.yield %nl, %nh : i32, i32
  }
  %op = tile.addptr %out, %pid : !tile.ptr<i32>, i32
  tile.store %op, %lo : !tile.ptr<i32>
  tile.return
}

// out = x / 2^k for the least k with every |x / 2^k| < bound; counts[0] = k,
// counts[1] = the index of the largest |x| the condition region saw first
// (a tile forwarded to the body and results beside the carried one).
tile.func @halve(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>,
                 %counts: !tile.ptr<i32>, %bound: f32) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %xb = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %v = tile.load %xp : tensor<64x!tile.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %half = arith.constant dense<0.5> : tensor<64xf32>
  %final, %mags, %n = scf.while (%t = %v, %i = %c0)
      : (tensor<64xf32>, i32) -> (tensor<64xf32>, tensor<64xf32>, i32) {
    %a = math.absf %t : tensor<64xf32>
    %m = tile.reduce(%a) axis = 0 : tensor<64xf32> -> f32 {
    ^bb0(%p: f32, %q: f32):
      %mx = arith.maximumf %p, %q : f32
      tile.yield %mx : f32
    }
    %go = arith.cmpf oge, %m, %bound : f32
    scf.condition(%go) %t, %a, %i : tensor<64xf32>, tensor<64xf32>, i32
  } do {
  ^bb0(%t: tensor<64xf32>, %a: tensor<64xf32>, %i: i32):
    %t2 = arith.mulf %t, %half : tensor<64xf32>
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %t2, %i2 : tensor<64xf32>, i32
  }
  %ob = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %op = tile.addptr %ob, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %op, %final : tensor<64x!tile.ptr<f32>>
  tile.store %counts, %n : !tile.ptr<i32>
  %m, %at = tile.reduce(%mags, %r) axis = 0
      : tensor<64xf32>, tensor<64xi32> -> f32, i32 {
  ^bb0(%p: f32, %pi: i32, %q: f32, %qi: i32):
    %gt = arith.cmpf ogt, %q, %p : f32
    %mx = arith.select %gt, %q, %p : f32
    %ix = arith.select %gt, %qi, %pi : i32
    tile.yield %mx, %ix : f32, i32
  }
  %c1p = tile.addptr %counts, %c1 : !tile.ptr<i32>, i32
  tile.store %c1p, %at : !tile.ptr<i32>
  tile.return
}
