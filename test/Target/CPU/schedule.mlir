// A kernel's schedule changes which launched program runs each program of
// the grid, and when, never what it computes (docs/Semantics.md, section
// 1.1). Each program below writes its own block, tagged with its ids: a
// program run twice, or not at all, or with ids of another, fails the
// comparison with the reference interpreter, which ignores the schedule.
// The CPU runs persistent kernels on one program per thread (two threads
// here), the simulator on three, so that each launched program loops.

// RUN: rm -rf %t && mkdir -p %t
// RUN: for s in "persistent" "grouped = 3" "persistent, grouped = 4" \
// RUN:     "cpu = dynamic, chunk = 3" "persistent, grouped = 2, cpu = guided"; do \
// RUN:   sed "s/SCHEDULE/$s/" %s > "%t/$s.mlir" && \
// RUN:   OMP_NUM_THREADS=2 tile-check "%t/$s.mlir" --grid 5,7,2 \
// RUN:     --arg buf:f32:9000:rand --arg buf:f32:9000:poison --arg i32:8900 \
// RUN:     --targets cpu,sim-amd,sim-amd:chip=gfx1100 || exit 1; \
// RUN: done | FileCheck %s --check-prefix=TAGS

// TAGS-COUNT-5: tile-check: PASS @tagged_copy (cpu: 2 buffers match; sim-amd: 2 buffers match; sim-amd:chip=gfx1100: 2 buffers match)

// The matrix product example (grouped = 8), made persistent in groups of 2
// rows, on a 5 x 4 grid of 64 x 64 blocks with ragged edges (M = 300,
// N = 200, K = 33).
// RUN: sed "s/#tile.schedule<grouped = 8>/#tile.schedule<persistent, grouped = 2>/" \
// RUN:   %tile_src_root/examples/matmul_f32.mlir > %t/matmul.mlir
// RUN: grep -c "persistent, grouped = 2" %t/matmul.mlir | FileCheck %s --check-prefix=EDITED
// EDITED: 3
// RUN: OMP_NUM_THREADS=2 tile-check %t/matmul.mlir --kernel matmul_f32 --grid 5,4 \
// RUN:   --arg buf:f32:9900:rand=15 --arg buf:f32:6600:rand=16 \
// RUN:   --arg buf:f32:60000:poison --arg i32:300 --arg i32:200 --arg i32:33 \
// RUN:   --arg i32:33 --arg i32:200 --arg i32:200 \
// RUN:   --targets cpu,sim-amd | FileCheck %s --check-prefix=MATMUL
// MATMUL: tile-check: PASS @matmul_f32 (cpu: 3 buffers match; sim-amd: 3 buffers match)

// The CPU's OpenMP loop takes the schedule's kind and chunk.
// RUN: sed "s/SCHEDULE/cpu = dynamic, chunk = 3/" %s | \
// RUN:   tile-compile - --target=cpu --emit=llvm-dialect | FileCheck %s --check-prefix=OMP
// OMP: %[[CHUNK:.*]] = llvm.mlir.constant(3 : i64) : i64
// OMP: omp.wsloop schedule(dynamic = %[[CHUNK]] : i64)

tile.func @tagged_copy(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %n: i32)
    attributes {num_warps = 2 : i32,
                tile.schedule = #tile.schedule<SCHEDULE>} {
  %x = tile.program_id x
  %y = tile.program_id y
  %z = tile.program_id z
  %gx = tile.num_programs x
  %gy = tile.num_programs y
  // block = x * gy + y + z * gx * gy; tag = 1000 * z + 100 * y + x.
  %row = arith.muli %x, %gy : i32
  %inplane = arith.addi %row, %y : i32
  %plane = arith.muli %gx, %gy : i32
  %zoff = arith.muli %z, %plane : i32
  %block = arith.addi %inplane, %zoff : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %block, %c64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %bs = tile.splat %base : tensor<64xi32>
  %offs = arith.addi %bs, %r : tensor<64xi32>
  %ns = tile.splat %n : tensor<64xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %sp = tile.splat %src : tensor<64x!tile.ptr<f32>>
  %p = tile.addptr %sp, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %v = tile.load %p, %mask : tensor<64x!tile.ptr<f32>>
  %c100 = arith.constant 100 : i32
  %c1000 = arith.constant 1000 : i32
  %ty = arith.muli %y, %c100 : i32
  %tz = arith.muli %z, %c1000 : i32
  %txy = arith.addi %ty, %x : i32
  %tag = arith.addi %txy, %tz : i32
  %tagf = arith.sitofp %tag : i32 to f32
  %tags = tile.splat %tagf : tensor<64xf32>
  %w = arith.addf %v, %tags : tensor<64xf32>
  %dp = tile.splat %dst : tensor<64x!tile.ptr<f32>>
  %q = tile.addptr %dp, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %q, %w, %mask : tensor<64x!tile.ptr<f32>>
  tile.return
}
