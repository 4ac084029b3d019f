// Under a schedule, tile.print and a failed tile.assert name the grid
// program whose code runs, not the launched program that runs it
// (docs/Semantics.md section 1.1). A persistent kernel in grouped order on
// a 3 x 2 grid: the reference interpreter and the CPU (two launched
// programs, on two threads) each print the six programs' ids once, and an
// assert failing in the programs of column x = 2 names those.

// RUN: OMP_NUM_THREADS=2 tile-check %s --grid 3,2 --arg buf:i32:4:zero \
// RUN:   --arg i32:9 --targets cpu 2>&1 | \
// RUN:   grep "^pid" | sort | uniq -c | FileCheck %s --check-prefix=PRINT
// PRINT: 2 pid (0, 0, 0) here
// PRINT-NEXT: 2 pid (0, 1, 0) here
// PRINT-NEXT: 2 pid (1, 0, 0) here
// PRINT-NEXT: 2 pid (1, 1, 0) here
// PRINT-NEXT: 2 pid (2, 0, 0) here
// PRINT-NEXT: 2 pid (2, 1, 0) here

// The GPU simulator at both wave sizes (three programs at once): each
// program's line once per simulator, besides the reference's.
// RUN: tile-check %s --grid 3,2 --arg buf:i32:4:zero --arg i32:9 \
// RUN:   --targets sim-amd,sim-amd:chip=gfx1100 2>&1 | \
// RUN:   grep "^pid" | sort | uniq -c | FileCheck %s --check-prefix=SIMPRINT
// SIMPRINT: 3 pid (0, 0, 0) here
// SIMPRINT-NEXT: 3 pid (0, 1, 0) here
// SIMPRINT-NEXT: 3 pid (1, 0, 0) here
// SIMPRINT-NEXT: 3 pid (1, 1, 0) here
// SIMPRINT-NEXT: 3 pid (2, 0, 0) here
// SIMPRINT-NEXT: 3 pid (2, 1, 0) here

// RUN: OMP_NUM_THREADS=2 tile-check %s --grid 3,2 --arg buf:i32:4:zero \
// RUN:   --arg i32:2 --targets cpu,sim-amd,sim-amd:chip=gfx1100 2>&1 | \
// RUN:   grep -v "^pid" | FileCheck %s --check-prefix=ASSERT
// ASSERT: error: tile.assert failed in program (2, {{[01]}}, 0): x is 2
// ASSERT-DAG: tile.assert failed in program (2, 0, 0): x is 2
// ASSERT-DAG: tile.assert failed in program (2, 1, 0): x is 2
// ASSERT: tile-check: PASS @tag (cpu: assert fails as expected; sim-amd: assert fails as expected; sim-amd:chip=gfx1100: assert fails as expected)

// On a GPU the launch is one-dimensional (docs/Runtime.md): the ids a print
// or an assert reports are computed from the launched program's slot, and
// no block id but x is read.
// RUN: tile-opt %s --tile-apply-schedule \
// RUN:   --convert-tile-to-gpu="target=amd chip=gfx942" | FileCheck %s --check-prefix=GPU
// GPU-NOT: gpu.block_id  y
// GPU: gpu.printf "pid (%d, %d, %d) here\0A", %[[X:.*]], %[[Y:.*]], %[[Z:.*]] :
// GPU-NOT: gpu.block_id  y
// GPU: gpu.printf "tile.assert failed in program (%d, %d, %d): x is 2\0A", %[[X]], %[[Y]], %[[Z]] :

tile.func @tag(%out: !tile.ptr<i32>, %bad: i32)
    attributes {tile.schedule = #tile.schedule<persistent, grouped = 2>} {
  %x = tile.program_id x
  %ok = arith.cmpi ne, %x, %bad : i32
  tile.print "here"
  tile.assert %ok, "x is 2" : i1
  tile.return
}
