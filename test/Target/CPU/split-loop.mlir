// A loop split between programs (tile.split_k, docs/Semantics.md section
// 1.3): C = A x B in 16x16 blocks, program (x, y) computing block (x, y)
// over K in steps of 16, and counting its iterations in a second carried
// value (an i32 that the split programs' partial counts must add up to
// exactly). The artifact records the split and the bytes of one program's
// partial sums; the kernel takes the workspace's three pointers after its
// own arguments.
// RUN: tile-compile %s --target=cpu -o %t.tile
// RUN: grep -a -E "^(kernel|arg|attr split)" %t.tile \
// RUN:   | FileCheck %s --check-prefix=RECORDS
// RECORDS:      kernel mm tile_kernel_mm 8
// RECORDS-COUNT-8: arg {{ptr|i32}}
// RECORDS-NEXT: attr split_k 3
// RECORDS-NEXT: attr split_bytes0 1024
// RECORDS-NEXT: attr split_bytes1 4

// The launch runs three programs along z per program of the grid; the
// results match the reference interpreter, which runs the loop whole, for
// loops of 0, 1, 5 (2 + 2 + 1 over the splits), 2 (one split without an
// iteration) and 64 iterations. The cases run one after another on the
// device's workspace, which each launch leaves ready for the next.
// RUN: TILE_LOG_LAUNCHES=1 tile-run %t.tile --kernel mm --grid 2,2 \
// RUN:   --arg buf:f32:2560:rand=1 --arg buf:f32:2560:rand=2 \
// RUN:   --arg buf:f32:1024:zero --arg buf:i32:4:zero --arg i32:80 \
// RUN:   --warmup 2 --repeat 3 --write 2=%t.c --write 3=%t.n 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: tile: launch 'mm' as tile_kernel_mm__divisible16 (divisible_args 23), grid 2x2x1 (split loop: 2x2x3 launched), on cpu:0
// RUN: printf '%%s\n' \
// RUN:   '--grid 2,2 --arg buf:f32:1:rand --arg buf:f32:1:rand --arg buf:f32:1024:zero --arg buf:i32:4:zero --arg i32:0' \
// RUN:   '--grid 2,2 --arg buf:f32:512:rand --arg buf:f32:512:rand --arg buf:f32:1024:zero --arg buf:i32:4:zero --arg i32:16' \
// RUN:   '--grid 2,2 --arg buf:f32:2560:rand --arg buf:f32:2560:rand --arg buf:f32:1024:zero --arg buf:i32:4:zero --arg i32:80' \
// RUN:   '--grid 2,1 --arg buf:f32:1024:rand --arg buf:f32:1024:rand --arg buf:f32:1024:zero --arg buf:i32:4:zero --arg i32:32' \
// RUN:   '--grid 2,2 --arg buf:f32:32768:rand --arg buf:f32:32768:rand --arg buf:f32:1024:zero --arg buf:i32:4:zero --arg i32:1024' \
// RUN:   > %t.cases
// RUN: tile-check %s --cases %t.cases --targets cpu | FileCheck %s --check-prefix=CHECK
// CHECK: tile-check: @mm: 5 cases, 5 passed, 0 failed, 0 errors
// The lowered GPU kernel in the simulator at both wave sizes (tile-check
// gives it the runtime's zeroed workspace and launches S programs along z),
// and with a persistent schedule on top, whose grid arguments are the
// launched grid's (z times S).
// RUN: tile-check %s --cases %t.cases --targets sim-amd,sim-amd:chip=gfx1100 \
// RUN:   | FileCheck %s --check-prefix=SIM
// RUN: sed 's/^\( *%%n: !tile.ptr<i32>, %%K: i32)\) {/\1 attributes {tile.schedule = #tile.schedule<persistent, grouped = 2>} {/' %s > %t.persistent.mlir
// RUN: grep -c "^ *%%n: .* attributes {tile.schedule" %t.persistent.mlir | FileCheck %s --check-prefix=ONE
// RUN: tile-check %t.persistent.mlir --cases %t.cases \
// RUN:   --targets cpu,sim-amd,sim-amd:chip=gfx1100 | FileCheck %s --check-prefix=SIM
// SIM: tile-check: @mm: 5 cases, 5 passed, 0 failed, 0 errors
// ONE: {{^}}1{{$}}

// The repeated launches above left the same results as one launch.
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %t.c %t.dir/arg2.bin && cp %t.n %t.dir/arg3.bin
// RUN: tile-check %s --grid 2,2 --arg buf:f32:2560:rand=1 \
// RUN:   --arg buf:f32:2560:rand=2 --arg buf:f32:1024:zero --arg buf:i32:4:zero \
// RUN:   --arg i32:80 --targets cpu --compare %t.dir | FileCheck %s --check-prefix=SAME
// SAME: tile-check: PASS @mm (cpu: 4 buffers match; {{.*}}.dir: 4 buffers match)

// Three programs along z per program may pass the limit of z.
// RUN: not tile-run %t.tile --kernel mm --grid 1,1,30000 \
// RUN:   --arg buf:f32:1:zero --arg buf:f32:1:zero --arg buf:f32:1024:zero \
// RUN:   --arg buf:i32:4:zero --arg i32:0 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: kernel 'mm' splits its loop over 3 programs along z: the grid's z extent 30000 becomes 90000, past the limit of 65535

tile.func @mm(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>,
              %n: !tile.ptr<i32>, %K: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c32 = arith.constant 32 : i32
  %x = tile.program_id x
  %y = tile.program_id y
  %gx = tile.num_programs x
  // A block: rows 16x .. 16x+15 of A (K columns); B block: columns
  // 16y .. 16y+15 of B (32 columns).
  %r = tile.range 0 to 16 : tensor<16xi32>
  %row0 = arith.muli %x, %c16 : i32
  %row0_s = tile.splat %row0 : tensor<16xi32>
  %rows = arith.addi %row0_s, %r : tensor<16xi32>
  %K_s = tile.splat %K : tensor<16xi32>
  %a_row = arith.muli %rows, %K_s : tensor<16xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<16x1xi32> -> tensor<16x16xi32>
  %r_e = tile.expand_dims %r, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %r_b = tile.broadcast %r_e : tensor<1x16xi32> -> tensor<16x16xi32>
  %a_offs = arith.addi %a_row_b, %r_b : tensor<16x16xi32>
  %col0 = arith.muli %y, %c16 : i32
  %col0_s = tile.splat %col0 : tensor<16xi32>
  %cols = arith.addi %col0_s, %r : tensor<16xi32>
  %c32_s = arith.constant dense<32> : tensor<16xi32>
  %b_row = arith.muli %r, %c32_s : tensor<16xi32>
  %b_row_e = tile.expand_dims %b_row, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %b_row_b = tile.broadcast %b_row_e : tensor<16x1xi32> -> tensor<16x16xi32>
  %cols_e = tile.expand_dims %cols, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %cols_b = tile.broadcast %cols_e : tensor<1x16xi32> -> tensor<16x16xi32>
  %b_offs = arith.addi %b_row_b, %cols_b : tensor<16x16xi32>
  %a_base = tile.splat %a : tensor<16x16x!tile.ptr<f32>>
  %b_base = tile.splat %b : tensor<16x16x!tile.ptr<f32>>
  %a_ptrs = tile.addptr %a_base, %a_offs : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
  %b_ptrs = tile.addptr %b_base, %b_offs : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
  %acc0 = arith.constant dense<0.0> : tensor<16x16xf32>
  %sum:2 = scf.for %k = %c0 to %K step %c16
      iter_args(%acc = %acc0, %count = %c0) -> (tensor<16x16xf32>, i32) : i32 {
    %k_s = tile.splat %k : tensor<16x16xi32>
    %kb = arith.muli %k, %c32 : i32
    %kb_s = tile.splat %kb : tensor<16x16xi32>
    %ap = tile.addptr %a_ptrs, %k_s : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    %bp = tile.addptr %b_ptrs, %kb_s : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
    %at = tile.load %ap : tensor<16x16x!tile.ptr<f32>>
    %bt = tile.load %bp : tensor<16x16x!tile.ptr<f32>>
    %next = tile.dot %at, %bt, %acc : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %counted = arith.addi %count, %c1 : i32
    scf.yield %next, %counted : tensor<16x16xf32>, i32
  } {tile.split_k = 3 : i32}
  // C block (x, y) of a 32x32 C; the iteration count at n[x + 2y].
  %c_row = arith.muli %rows, %c32_s : tensor<16xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<16x1xi32> -> tensor<16x16xi32>
  %c_offs = arith.addi %c_row_b, %cols_b : tensor<16x16xi32>
  %c_base = tile.splat %c : tensor<16x16x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
  tile.store %c_ptrs, %sum#0 : tensor<16x16x!tile.ptr<f32>>
  %slot_y = arith.muli %y, %gx : i32
  %slot = arith.addi %x, %slot_y : i32
  %n_ptr = tile.addptr %n, %slot : !tile.ptr<i32>, i32
  tile.store %n_ptr, %sum#1 : !tile.ptr<i32>
  tile.return
}
