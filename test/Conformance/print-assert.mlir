// tile.print and tile.assert (docs/Semantics.md section 3.9). The reference
// prints one line per element, "pid (X, Y, Z) idx (i) PREFIXVALUE";
// tile-check does not compare printed output. A failing assert fails the
// launch: tile-check then requires every target's launch to fail too.

// RUN: tile-check %s --grid 2 --arg buf:i32:8:iota --arg i32:100 --targets none \
// RUN:   | FileCheck %s --check-prefix=PRINT
// PRINT-DAG: pid (0, 0, 0) idx (0) x: 0
// PRINT-DAG: pid (0, 0, 0) idx (3) x: 3
// PRINT-DAG: pid (1, 0, 0) idx (2) x: 6
// PRINT-DAG: pid (1, 0, 0) idx () bound: 100
// PRINT-DAG: pid (1, 0, 0) idx () half: 0.5
// PRINT: tile-check: PASS @check

// RUN: tile-check %s --grid 2 --arg buf:i32:8:iota --arg i32:100 --targets cpu \
// RUN:   | FileCheck %s --check-prefix=OK
// OK: tile-check: PASS @check (cpu: 1 buffers match)
// RUN: tile-check %s --grid 2 --arg buf:i32:8:iota --arg i32:6 --targets cpu \
// RUN:   2>&1 | FileCheck %s --check-prefix=ASSERT
// ASSERT: error: tile.assert failed in program (1, 0, 0): value out of range
// ASSERT: reference: a tile.assert failed; every target's launch must fail too
// ASSERT: cpu launch failed, as the reference's tile.assert did: PASS
// ASSERT: tile-check: PASS @check (cpu: assert fails as expected)

tile.func @check(%p: !tile.ptr<i32>, %n: i32) {
  %pid = tile.program_id x
  %c4 = arith.constant 4 : i32
  %start = arith.muli %pid, %c4 : i32
  %r = tile.range 0 to 4 : tensor<4xi32>
  %s = tile.splat %start : tensor<4xi32>
  %offs = arith.addi %s, %r : tensor<4xi32>
  %ps = tile.splat %p : tensor<4x!tile.ptr<i32>>
  %a = tile.addptr %ps, %offs : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %x = tile.load %a : tensor<4x!tile.ptr<i32>>
  tile.print "x: " (%x : tensor<4xi32>)
  tile.print "bound: " (%n : i32)
  %half = arith.constant 0.5 : f32
  tile.print "half: " (%half : f32)
  %ns = tile.splat %n : tensor<4xi32>
  %ok = arith.cmpi slt, %x, %ns : tensor<4xi32>
  tile.assert %ok, "value out of range" : tensor<4xi1>
  tile.return
}
