// An alternative with `tile.alternative_targets` (docs/Dialect.md) is
// compiled for the targets it names and left out elsewhere, before it costs
// any compile time: @twice_wide is the CPU's alone, @twice_direct every
// target's, numbered 1 where it is the only alternative.
// RUN: tile-compile %s --target=cpu -o %t.tile
// RUN: grep -a -E "^(kernel|attr alternative)" %t.tile \
// RUN:   | FileCheck %s --check-prefix=CPU
// CPU:      kernel twice tile_kernel_twice 3
// CPU-NEXT: kernel twice tile_kernel_twice_wide 3
// CPU-NEXT: attr alternative 1
// CPU-NEXT: kernel twice tile_kernel_twice_direct 3
// CPU-NEXT: attr alternative 2
// RUN: tile-compile %s --target=nvidia --emit=llvm-dialect -o - \
// RUN:   | FileCheck %s --check-prefix=NVIDIA
// NVIDIA-NOT: twice_wide
// NVIDIA: llvm.func @twice_direct
// NVIDIA-NOT: twice_wide
// RUN: tile-compile %s --target=amd:chip=gfx942 -o %t.amd.tile
// RUN: grep -a -E "^(kernel|attr alternative)" %t.amd.tile \
// RUN:   | FileCheck %s --check-prefix=AMD
// AMD:      kernel twice twice 3
// AMD-NEXT: kernel twice twice_direct 3
// AMD-NEXT: attr alternative 1
// AMD-NOT:  twice_wide
tile.func @twice(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id x
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %r = tile.range 0 to 256 : tensor<256xi32>
  %s = tile.splat %start : tensor<256xi32>
  %offs = arith.addi %s, %r : tensor<256xi32>
  %ns = tile.splat %n : tensor<256xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %xb = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %xp, %mask : tensor<256x!tile.ptr<f32>>
  %two = arith.addf %v, %v : tensor<256xf32>
  %yb = tile.splat %y : tensor<256x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %yp, %two, %mask : tensor<256x!tile.ptr<f32>>
  tile.return
}
tile.func @twice_wide(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32)
    attributes {tile.alternative_of = @twice, tile.alternative_targets = ["cpu"]} {
  %pid = tile.program_id x
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %r = tile.range 0 to 256 : tensor<256xi32>
  %s = tile.splat %start : tensor<256xi32>
  %offs = arith.addi %s, %r : tensor<256xi32>
  %ns = tile.splat %n : tensor<256xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %xb = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %xp, %mask : tensor<256x!tile.ptr<f32>>
  %c2 = arith.constant dense<2.0> : tensor<256xf32>
  %two = arith.mulf %v, %c2 : tensor<256xf32>
  %yb = tile.splat %y : tensor<256x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %yp, %two, %mask : tensor<256x!tile.ptr<f32>>
  tile.return
}
tile.func @twice_direct(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32)
    attributes {tile.alternative_of = @twice} {
  %pid = tile.program_id x
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %r = tile.range 0 to 256 : tensor<256xi32>
  %s = tile.splat %start : tensor<256xi32>
  %offs = arith.addi %s, %r : tensor<256xi32>
  %ns = tile.splat %n : tensor<256xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %xb = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %xp, %mask : tensor<256x!tile.ptr<f32>>
  %c2 = arith.constant dense<2.0> : tensor<256xf32>
  %two = arith.mulf %c2, %v : tensor<256xf32>
  %yb = tile.splat %y : tensor<256x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %yp, %two, %mask : tensor<256x!tile.ptr<f32>>
  tile.return
}
