// The kernels of a module (here two, each with its specialized variant)
// compile in parallel, one LLVM module and object file each, linked by lld
// into one library: every entry is exported, there is one object file (an
// ELF FILE symbol) per entry, and each part keeps its own assert flag (an
// entry resets and returns it; cosines may fail one, sines cannot).
// RUN: tile-compile %s --target=cpu --no-cache --emit=so -o %t.so
// RUN: llvm-readelf --dyn-syms %t.so | FileCheck %s --check-prefix=ENTRIES
// RUN: llvm-readelf -s %t.so | FileCheck %s --check-prefix=PARTS
// RUN: llvm-readelf -s %t.so | FileCheck %s --check-prefix=FLAGS
// With threads off, one LLVM module holds everything: the same entries.
// RUN: tile-compile %s --target=cpu --no-cache --emit=so --mlir-disable-threading -o %t.serial.so
// RUN: llvm-readelf --dyn-syms %t.serial.so | FileCheck %s --check-prefix=ENTRIES
// RUN: llvm-readelf -s %t.serial.so | FileCheck %s --check-prefix=SERIAL

// ENTRIES-DAG: FUNC {{.*}} tile_kernel_sines{{$}}
// ENTRIES-DAG: FUNC {{.*}} tile_kernel_sines__divisible16{{$}}
// ENTRIES-DAG: FUNC {{.*}} tile_kernel_cosines{{$}}
// ENTRIES-DAG: FUNC {{.*}} tile_kernel_cosines__divisible16{{$}}

// PARTS-COUNT-4: FILE LOCAL
// PARTS-NOT: FILE LOCAL
// FLAGS-COUNT-2: OBJECT LOCAL {{.*}} tile_assert_failed{{$}}
// FLAGS-NOT: tile_assert_failed
// SERIAL-COUNT-1: FILE LOCAL
// SERIAL-NOT: FILE LOCAL

tile.func @sines(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %ns = tile.splat %n : tensor<128xi32>
  %in = arith.cmpi slt, %range, %ns : tensor<128xi32>
  %x_base = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %x_ptrs = tile.addptr %x_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %x_ptrs, %in : tensor<128x!tile.ptr<f32>>
  %s = math.sin %v : tensor<128xf32>
  %y_base = tile.splat %y : tensor<128x!tile.ptr<f32>>
  %y_ptrs = tile.addptr %y_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %y_ptrs, %s, %in : tensor<128x!tile.ptr<f32>>
  tile.return
}

tile.func @cosines(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %ns = tile.splat %n : tensor<128xi32>
  %in = arith.cmpi slt, %range, %ns : tensor<128xi32>
  tile.assert %in, "lane out of range" : tensor<128xi1>
  %x_base = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %x_ptrs = tile.addptr %x_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %x_ptrs, %in : tensor<128x!tile.ptr<f32>>
  %c = math.cos %v : tensor<128xf32>
  %y_base = tile.splat %y : tensor<128x!tile.ptr<f32>>
  %y_ptrs = tile.addptr %y_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %y_ptrs, %c, %in : tensor<128x!tile.ptr<f32>>
  tile.return
}
