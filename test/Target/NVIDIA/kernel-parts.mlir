// REQUIRES: ptxas, libdevice
// The kernels of a module (here two, each with its specialized variant)
// compile in parallel, one LLVM module each, and their PTX is joined for
// one ptxas call: libdevice's tables, copied into every part, are renamed
// apart, and the assert flag the runtime resets is defined once.
// RUN: tile-compile %s --target=nvidia:sm_90a --no-cache --emit=so -o %t.cubin
// RUN: llvm-readelf -s %t.cubin | FileCheck %s
// With threads off, one LLVM module holds everything: the same kernels.
// RUN: tile-compile %s --target=nvidia:sm_90a --no-cache --emit=so --mlir-disable-threading -o %t.serial.cubin
// RUN: llvm-readelf -s %t.serial.cubin | FileCheck %s --check-prefix=SERIAL

// CHECK-DAG: FUNC {{.*}} sines{{$}}
// CHECK-DAG: FUNC {{.*}} sines__divisible16{{$}}
// CHECK-DAG: FUNC {{.*}} cosines{{$}}
// CHECK-DAG: FUNC {{.*}} cosines__divisible16{{$}}
// CHECK-DAG: OBJECT {{.*}} __cudart_i2opi_f{{$}}
// CHECK-DAG: OBJECT {{.*}} __cudart_i2opi_f_part1{{$}}
// CHECK-DAG: OBJECT {{.*}} __cudart_i2opi_f_part3{{$}}
// CHECK-DAG: OBJECT GLOBAL {{.*}} tile_assert_failed{{$}}
// CHECK-NOT: tile_assert_failed_part

// SERIAL-DAG: FUNC {{.*}} sines{{$}}
// SERIAL-DAG: FUNC {{.*}} cosines__divisible16{{$}}
// SERIAL-DAG: OBJECT {{.*}} __cudart_i2opi_f{{$}}
// SERIAL-NOT: _part1

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
