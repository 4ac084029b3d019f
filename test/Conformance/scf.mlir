// Control flow (docs/Semantics.md section 1: scf with upstream meaning):
// scf.for with loop-carried values, scf.if with results, scf.while.

// RUN: tile-check %s --grid 1 --arg i32:6 --arg buf:i32:3:poison --print 1 \
// RUN:   | FileCheck %s
// sum of 0, 2, 4 | min(n, 4) through scf.if | Collatz steps from 6 (6 3 10 5
// 16 8 4 2 1)
// CHECK: reference #1 (i32 x 3): 6 4 8
// CHECK: tile-check: PASS @control (cpu: 1 buffers match

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
