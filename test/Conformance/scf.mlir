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
