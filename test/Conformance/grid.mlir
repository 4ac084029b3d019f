// The program grid (docs/Semantics.md section 1): every program of a 2x3x2
// grid writes its own id, x + 10 y + 100 z, and the grid's size, nx + 10 ny +
// 100 nz, at index (z * 3 + y) * 2 + x; tile.return ends each program.

// RUN: tile-check %s --grid 2,3,2 --arg buf:i32:12:poison --arg buf:i32:12:poison \
// RUN:   --print 0 --print 1 | FileCheck %s
// CHECK: reference #0 (i32 x 12): 0 1 10 11 20 21 100 101 110 111 120 121
// CHECK: reference #1 (i32 x 12): 232 232 232 232 232 232 232 232 232 232 232 232
// CHECK: tile-check: PASS @grid (cpu: 2 buffers match

tile.func @grid(%ids: !tile.ptr<i32>, %sizes: !tile.ptr<i32>) {
  %x = tile.program_id x
  %y = tile.program_id y
  %z = tile.program_id z
  %nx = tile.num_programs x
  %ny = tile.num_programs y
  %nz = tile.num_programs z
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %y10 = arith.muli %y, %c10 : i32
  %z100 = arith.muli %z, %c100 : i32
  %xy = arith.addi %x, %y10 : i32
  %id = arith.addi %xy, %z100 : i32
  %ny10 = arith.muli %ny, %c10 : i32
  %nz100 = arith.muli %nz, %c100 : i32
  %nxy = arith.addi %nx, %ny10 : i32
  %size = arith.addi %nxy, %nz100 : i32
  %z3 = arith.muli %z, %c3 : i32
  %zy = arith.addi %z3, %y : i32
  %zy2 = arith.muli %zy, %c2 : i32
  %at = arith.addi %zy2, %x : i32
  %p = tile.addptr %ids, %at : !tile.ptr<i32>, i32
  tile.store %p, %id : !tile.ptr<i32>
  %q = tile.addptr %sizes, %at : !tile.ptr<i32>, i32
  tile.store %q, %size : !tile.ptr<i32>
  tile.return
}
