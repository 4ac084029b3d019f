// A kernel that declares its grid (tile.grid, docs/Semantics.md section
// 1.1) and an alternative with 4x larger blocks over its own grid
// (docs/Runtime.md): the artifact records each one's extents, the launch
// needs no grid, and each alternative runs over the grid it declares.
// RUN: tile-compile %s --target=cpu -o %t.tile
// RUN: grep -a -E "^(kernel|grid|attr (alternative|divisible_args))" %t.tile \
// RUN:   | FileCheck %s --check-prefix=RECORDS
// RECORDS:      kernel scale tile_kernel_scale 4
// RECORDS-NEXT: grid ceildiv(a2,256) 1 1
// RECORDS-NEXT: kernel scale tile_kernel_scale_wide 4
// RECORDS-NEXT: attr alternative 1
// RECORDS-NEXT: grid ceildiv(a2,1024) a3 1
// RECORDS-NEXT: kernel scale tile_kernel_scale__divisible16 4
// RECORDS-NEXT: attr divisible_args 4
// RECORDS-NEXT: grid ceildiv(a2,256) 1 1
// RECORDS-NEXT: kernel scale tile_kernel_scale_wide__divisible16 4
// RECORDS-NEXT: attr divisible_args 4
// RECORDS-NEXT: attr alternative 1
// RECORDS-NEXT: grid ceildiv(a2,1024) a3 1

// Each alternative forced, with no --grid: 10000 elements are 40 programs
// of 256 or 10 x 1 programs of 1024 (the last argument, 1, is the wide
// one's y extent); both write the same output.
// RUN: env TILE_ALTERNATIVE=0 TILE_LOG_LAUNCHES=1 tile-run %t.tile \
// RUN:   --kernel scale --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero \
// RUN:   --arg i32:10000 --arg i32:1 --warmup 0 --write 1=%t.narrow 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NARROW
// NARROW-DAG: tile: launch 'scale' as tile_kernel_scale__divisible16 (divisible_args 4), grid 40x1x1, on cpu:0
// NARROW-DAG: kernel: scale, grid 40x1x1
// RUN: env TILE_ALTERNATIVE=1 TILE_LOG_LAUNCHES=1 tile-run %t.tile \
// RUN:   --kernel scale --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero \
// RUN:   --arg i32:10000 --arg i32:1 --warmup 0 --write 1=%t.wide 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WIDE
// WIDE: tile: launch 'scale' as tile_kernel_scale_wide__divisible16 (divisible_args 4), grid 10x1x1, on cpu:0
// RUN: cmp %t.narrow %t.wide

// A tuning run launches each alternative over its own grid; --grid may
// repeat the kernel's declared grid (the launch line names it).
// RUN: rm -rf %t.cache && mkdir %t.cache
// RUN: env TILE_TUNE_CACHE=%t.cache/tune.txt TILE_LOG_LAUNCHES=1 tile-run \
// RUN:   %t.tile --kernel scale --grid 40 --arg buf:f32:10000:rand=1 \
// RUN:   --arg buf:f32:10000:zero --arg i32:10000 --arg i32:1 --tune \
// RUN:   --warmup 0 --write 1=%t.tuned 2>&1 | FileCheck %s --check-prefix=TUNE
// TUNE-DAG: tile: launch 'scale' as tile_kernel_scale__divisible16 (divisible_args 4), grid 40x1x1, on cpu:0
// TUNE-DAG: tile: launch 'scale' as tile_kernel_scale_wide__divisible16 (divisible_args 4), grid 10x1x1, on cpu:0
// TUNE: tune: 2 alternatives
// RUN: cmp %t.narrow %t.tuned

// A grid other than the declared one, and arguments that make an extent 0,
// are refused; a kernel that declares no grid still needs --grid.
// RUN: not tile-run %t.tile --kernel scale --grid 39 \
// RUN:   --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero --arg i32:10000 \
// RUN:   --arg i32:1 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: tile-run: error: kernel 'scale' declares its grid (ceildiv(a2,256), 1, 1) = 40x1x1 for these arguments, but is launched on 39x1x1 (pass that grid, or none)
// RUN: not env TILE_ALTERNATIVE=1 tile-run %t.tile --kernel scale \
// RUN:   --arg buf:f32:16:rand=1 --arg buf:f32:16:zero --arg i32:16 \
// RUN:   --arg i32:0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: tile-run: error: kernel 'scale' declares grid extent y = a3, which is 0 for these arguments; every extent must be at least 1
// RUN: not tile-run %t.tile --kernel plain --arg buf:f32:16:zero 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PLAIN: tile-run: error: --grid is required: kernel 'plain' declares no grid (see tile-run --help)

// tile-check takes the declared grid for a case without --grid (the header
// names it), refuses another grid before running anything, and still asks
// for --grid where the kernel declares none.
// RUN: tile-check %s --kernel scale --arg buf:f32:1000:rand \
// RUN:   --arg buf:f32:1000:zero --arg i32:1000 --arg i32:1 --targets cpu \
// RUN:   | FileCheck %s --check-prefix=CHECKED
// CHECKED: tile-check: @scale, grid 4,1,1, 4 arguments
// CHECKED: tile-check: PASS @scale (cpu: 2 buffers match)
// RUN: not tile-check %s --kernel scale --grid 3 --arg buf:f32:1000:rand \
// RUN:   --arg buf:f32:1000:zero --arg i32:1000 --arg i32:1 --targets cpu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-OTHER
// CHECK-OTHER: tile-check: error: the case's grid 3,1,1 is not the grid kernel @scale declares for its arguments, 4,1,1 (give that grid, or none)
// RUN: not tile-check %s --kernel plain --arg buf:f32:16:zero --targets cpu \
// RUN:   2>&1 | FileCheck %s --check-prefix=CHECK-PLAIN
// CHECK-PLAIN: tile-check: error: --grid is required (kernel @plain declares no grid)

// out = 3 x over blocks of 256: grid (cdiv(n, 256), 1, 1).
tile.func @scale(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %n: i32, %rows: i32)
    attributes {tile.grid = affine_map<()[s0, s1, s2] -> (s2 ceildiv 256)>} {
  %pid = tile.program_id x
  %BLOCK = arith.constant 256 : i32
  %start = arith.muli %pid, %BLOCK : i32
  %range = tile.range 0 to 256 : tensor<256xi32>
  %start_s = tile.splat %start : tensor<256xi32>
  %offsets = arith.addi %start_s, %range : tensor<256xi32>
  %n_s = tile.splat %n : tensor<256xi32>
  %mask = arith.cmpi slt, %offsets, %n_s : tensor<256xi32>
  %x_base = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %x_ptrs = tile.addptr %x_base, %offsets : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %xv = tile.load %x_ptrs, %mask : tensor<256x!tile.ptr<f32>>
  %three = arith.constant dense<3.0> : tensor<256xf32>
  %y = arith.mulf %xv, %three : tensor<256xf32>
  %o_base = tile.splat %out : tensor<256x!tile.ptr<f32>>
  %o_ptrs = tile.addptr %o_base, %offsets : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %o_ptrs, %y, %mask : tensor<256x!tile.ptr<f32>>
  tile.return
}

// The same over blocks of 1024, grid (cdiv(n, 1024), rows, 1): rows (1
// in every launch here) only shows a second extent read from an argument.
tile.func @scale_wide(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %n: i32, %rows: i32)
    attributes {tile.alternative_of = @scale,
                tile.grid = affine_map<()[s0, s1, s2, s3] -> (s2 ceildiv 1024, s3)>} {
  %pid = tile.program_id x
  %BLOCK = arith.constant 1024 : i32
  %start = arith.muli %pid, %BLOCK : i32
  %range = tile.range 0 to 1024 : tensor<1024xi32>
  %start_s = tile.splat %start : tensor<1024xi32>
  %offsets = arith.addi %start_s, %range : tensor<1024xi32>
  %n_s = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %n_s : tensor<1024xi32>
  %x_base = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %x_ptrs = tile.addptr %x_base, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %xv = tile.load %x_ptrs, %mask : tensor<1024x!tile.ptr<f32>>
  %three = arith.constant dense<3.0> : tensor<1024xf32>
  %y = arith.mulf %xv, %three : tensor<1024xf32>
  %o_base = tile.splat %out : tensor<1024x!tile.ptr<f32>>
  %o_ptrs = tile.addptr %o_base, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %o_ptrs, %y, %mask : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// No declared grid.
tile.func @plain(%out: !tile.ptr<f32>) {
  tile.return
}
