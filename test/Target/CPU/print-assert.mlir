// RUN: tile-compile %s --target=cpu -o %t.tile
// RUN: tile-run %t.tile --kernel check --grid 2 --arg buf:i32:8:iota --arg i32:100 | FileCheck %s --check-prefix=OK
// RUN: not tile-run %t.tile --kernel check --grid 2 --arg buf:i32:8:iota --arg i32:6 > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=FAIL < %t.out
// The reference interpreter, the CPU and the GPU simulator at both wave
// sizes (tile-check passes every target's prints through) print the same
// lines, docs/Semantics.md section 3.9's: each line four times.
// RUN: tile-check %s --grid 2 --arg buf:i32:8:iota --arg i32:100 \
// RUN:   --targets cpu,sim-amd,sim-amd:chip=gfx1100 | grep "^pid" | sort \
// RUN:   | uniq -c | FileCheck %s --check-prefix=SAME
// SAME:      4 pid (0, 0, 0) idx () bound:100
// SAME-NEXT: 4 pid (0, 0, 0) idx (0) x:0
// SAME-NEXT: 4 pid (0, 0, 0) idx (1) x:1
// SAME-NEXT: 4 pid (0, 0, 0) idx (2) x:2
// SAME-NEXT: 4 pid (0, 0, 0) idx (3) x:3
// SAME-NEXT: 4 pid (1, 0, 0) idx () bound:100
// SAME-NEXT: 4 pid (1, 0, 0) idx (0) x:4
// SAME-NEXT: 4 pid (1, 0, 0) idx (1) x:5
// SAME-NEXT: 4 pid (1, 0, 0) idx (2) x:6
// SAME-NEXT: 4 pid (1, 0, 0) idx (3) x:7

// tile.print prints every element with its program id; tile.assert reports
// its message with the failing program and fails the launch.
// OK-DAG: pid (0, 0, 0) idx (0) x:0
// OK-DAG: pid (0, 0, 0) idx (3) x:3
// OK-DAG: pid (1, 0, 0) idx (3) x:7
// OK-DAG: pid (1, 0, 0) idx () bound:100
// OK: time: median
// FAIL-DAG: tile.assert failed in program (1, 0, 0): value out of range
// FAIL-DAG: tile-run: error: assertion failed in kernel check
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
  tile.print "x:" (%x : tensor<4xi32>)
  tile.print "bound:" (%n : i32)
  %ns = tile.splat %n : tensor<4xi32>
  %ok = arith.cmpi slt, %x, %ns : tensor<4xi32>
  tile.assert %ok, "value out of range" : tensor<4xi1>
  tile.return
}
