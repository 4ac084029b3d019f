// Alternatives (docs/Runtime.md): @twice_direct stands in for @twice. The
// artifact records it under @twice's name with `alternative 1`, each with
// its variant for arguments divisible by 16, in the order the format wants.
// RUN: tile-compile %s --target=cpu -o %t.tile
// RUN: grep -a -E "^(kernel|attr (alternative|divisible_args))" %t.tile \
// RUN:   | FileCheck %s --check-prefix=RECORDS
// RECORDS:      kernel twice tile_kernel_twice 3
// RECORDS-NEXT: kernel twice tile_kernel_twice_direct 3
// RECORDS-NEXT: attr alternative 1
// RECORDS-NEXT: kernel twice tile_kernel_twice__divisible16 3
// RECORDS-NEXT: attr divisible_args 4
// RECORDS-NEXT: kernel twice tile_kernel_twice_direct__divisible16 3
// RECORDS-NEXT: attr divisible_args 4
// RECORDS-NEXT: attr alternative 1

// The first launch of a shape bucket times both and stores the choice; the
// next process reads it from the cache and launches @twice_direct at once.
// @twice loops 65536 times per element, so @twice_direct wins by orders of
// magnitude; one OpenMP thread, so that a loaded machine's other work does
// not stall a barrier between threads and blur the times.
// RUN: rm -rf %t.cache && mkdir %t.cache
// RUN: env OMP_NUM_THREADS=1 TILE_TUNE_CACHE=%t.cache/tune.txt \
// RUN:   TILE_LOG_LAUNCHES=1 \
// RUN:   tile-run %t.tile --kernel twice --grid 40 --arg buf:f32:10000:rand=1 \
// RUN:   --arg buf:f32:10000:zero --arg i32:9999 --warmup 0 --repeat 1 \
// RUN:   --write 1=%t.tuned 2>&1 | FileCheck %s --check-prefix=TUNE
// TUNE: tile: tune 'twice' [g6.0.0,pa,pa,i14]: #0 tile_kernel_twice {{.*}} ms, #1 tile_kernel_twice_direct {{.*}} ms -> #1
// TUNE-NEXT: tile: launch 'twice' as tile_kernel_twice_direct, grid 40x1x1, on cpu:0
// RUN: FileCheck %s --check-prefix=CACHE < %t.cache/tune.txt
// CACHE:      tile-tune 1
// CACHE-NEXT: {{[0-9a-f]+}} {{[^ ]+}} twice g6.0.0,pa,pa,i14 1 tile_kernel_twice_direct {{[0-9.e+-]+$}}
// RUN: env OMP_NUM_THREADS=1 TILE_TUNE_CACHE=%t.cache/tune.txt \
// RUN:   TILE_LOG_LAUNCHES=1 \
// RUN:   tile-run %t.tile --kernel twice --grid 40 --arg buf:f32:10000:rand=1 \
// RUN:   --arg buf:f32:10000:zero --arg i32:9999 --warmup 0 --repeat 1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HIT
// HIT: tile: tuned 'twice' [g6.0.0,pa,pa,i14] from {{.*}}tune.txt: #1 tile_kernel_twice_direct
// HIT-NEXT: tile: launch 'twice' as tile_kernel_twice_direct, grid 40x1x1

// Timing restores the buffers: @twice_direct forced, untuned, writes the
// same output as the tuned launch, and so does @twice.
// RUN: env TILE_ALTERNATIVE=1 tile-run %t.tile --kernel twice --grid 40 \
// RUN:   --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero --arg i32:9999 \
// RUN:   --warmup 0 --repeat 1 --write 1=%t.direct
// RUN: env TILE_ALTERNATIVE=0 tile-run %t.tile --kernel twice --grid 40 \
// RUN:   --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero --arg i32:9999 \
// RUN:   --warmup 0 --repeat 1 --write 1=%t.loop
// RUN: cmp %t.tuned %t.direct
// RUN: cmp %t.tuned %t.loop
// RUN: not env TILE_ALTERNATIVE=2 tile-run %t.tile --kernel twice --grid 40 \
// RUN:   --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero --arg i32:9999 \
// RUN:   2>&1 | FileCheck %s --check-prefix=FORCED
// FORCED: tile-run: error: TILE_ALTERNATIVE=2, but kernel 'twice' has alternatives 0 to 1

// tile-run --tune prints the table; a damaged cache is ignored with a
// warning and rebuilt with the new choice.
// RUN: echo garbage > %t.cache/tune.txt
// RUN: env OMP_NUM_THREADS=1 TILE_TUNE_CACHE=%t.cache/tune.txt \
// RUN:   tile-run %t.tile --kernel twice \
// RUN:   --grid 40 --arg buf:f32:10000:rand=1 --arg buf:f32:10000:zero \
// RUN:   --arg i32:10000 --tune --warmup 0 --repeat 1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TABLE
// TABLE: tile: warning: the tuning cache {{.*}}tune.txt is damaged (it does not start with 'tile-tune 1'): rebuilding it
// TABLE: tune: 2 alternatives
// TABLE-NEXT: #0 tile_kernel_twice {{[0-9.]+}} ms
// TABLE-NEXT: #1 tile_kernel_twice_direct {{[0-9.]+}} ms  (chosen)
// RUN: FileCheck %s --check-prefix=REBUILT < %t.cache/tune.txt
// REBUILT:      tile-tune 1
// REBUILT-NEXT: twice g6.0.0,pa,pa,i14a 1 tile_kernel_twice_direct
// REBUILT-NOT: garbage

// Four processes tuning four buckets at once: the cache ends with all four.
// RUN: rm -f %t.cache/tune.txt
// RUN: for n in 100 1000 5000 9999; do \
// RUN:   env OMP_NUM_THREADS=1 TILE_TUNE_CACHE=%t.cache/tune.txt tile-run \
// RUN:     %t.tile --kernel twice --grid 40 --arg buf:f32:10000:rand=1 \
// RUN:     --arg buf:f32:10000:zero --arg i32:$n --warmup 1 --repeat 1 \
// RUN:     > /dev/null & \
// RUN: done; wait
// RUN: grep -c " twice g6.0.0,pa,pa,i[0-9]* 1 " %t.cache/tune.txt \
// RUN:   | FileCheck %s --check-prefix=FOUR
// FOUR: 4

// out = 2 x, slowly: 65536 steps of a loop whose adds the compiler keeps.
tile.func @twice(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %steps = arith.constant 65536 : i32
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
  %zero = arith.constant dense<0.0> : tensor<256xf32>
  %two = arith.addf %xv, %xv : tensor<256xf32>
  %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%a = %two) -> (tensor<256xf32>) : i32 {
    %z = arith.mulf %xv, %zero : tensor<256xf32>
    %s = arith.addf %a, %z : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  %o_base = tile.splat %out : tensor<256x!tile.ptr<f32>>
  %o_ptrs = tile.addptr %o_base, %offsets : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %o_ptrs, %acc, %mask : tensor<256x!tile.ptr<f32>>
  tile.return
}

// The same, at once.
tile.func @twice_direct(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %n: i32) attributes {tile.alternative_of = @twice} {
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
  %two = arith.addf %xv, %xv : tensor<256xf32>
  %o_base = tile.splat %out : tensor<256x!tile.ptr<f32>>
  %o_ptrs = tile.addptr %o_base, %offsets : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %o_ptrs, %two, %mask : tensor<256x!tile.ptr<f32>>
  tile.return
}
