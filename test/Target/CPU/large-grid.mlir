// A grid of 2^31 programs or more runs every program: the entry counts them
// in i64 (regression: 65536 x 32768 programs overflowed i32 and ran none).
// RUN: tile-compile %s --target=cpu --emit=llvm-dialect | FileCheck %s
// RUN: tile-compile %s --target=cpu -o %t.tile
// RUN: %python -c "import sys; open(sys.argv[1], 'wb').write(b'\x01\0\0\0' * 32768)" %t.ones
// RUN: tile-run %t.tile --kernel last_column --grid 65536,32768 --warmup 0 \
// RUN:   --arg buf:i32:32768:zero --expect 0=%t.ones

// CHECK-LABEL: llvm.func @tile_kernel_last_column
// CHECK: llvm.mul {{.*}} : i64
// CHECK: llvm.mul {{.*}} : i64
// CHECK: omp.loop_nest (%{{.*}}) : i64

// Program (nx - 1, y) stores 1 to out[y].
tile.func @last_column(%out: !tile.ptr<i32>) {
  %x = tile.program_id x
  %nx = tile.num_programs x
  %one = arith.constant 1 : i32
  %last = arith.subi %nx, %one : i32
  %is_last = arith.cmpi eq, %x, %last : i32
  scf.if %is_last {
    %y = tile.program_id y
    %p = tile.addptr %out, %y : !tile.ptr<i32>, i32
    tile.store %p, %one : !tile.ptr<i32>
  }
  tile.return
}
