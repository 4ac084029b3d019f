// A sign guard's else-branch (tile-version-signs) is the kernel's cold
// version: its products are mma.sync, not warpgroup products, as the NVIDIA
// pipeline moves it into a function of its own and ptxas serializes a
// kernel's warpgroup products when one is issued across a call; the
// version that runs keeps them.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s

// CHECK-LABEL: tile.func @guarded
// CHECK:         scf.if
// CHECK:           tile.dot {{.*}}tile.gpu.product = ["warpgroup instruction f16 m64 k16"]
// CHECK:         } else {
// CHECK:           tile.dot {{.*}}tile.gpu.product = ["matrix instruction f16 m16 n8 k16"]
// CHECK:         } {tile.sign_guard}
tile.func @guarded(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %start: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %rows = arith.muli %r, %c64 : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %ap = tile.splat %a : tensor<64x64x!tile.ptr<f16>>
  %aptrs = tile.addptr %ap, %offs : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %cp = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cptrs = tile.addptr %cp, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %nonnegative = arith.cmpi sge, %start, %c0 : i32
  scf.if %nonnegative {
    %x = tile.load %aptrs : tensor<64x64x!tile.ptr<f16>>
    %d = tile.dot %x, %x, %zero : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    tile.store %cptrs, %d : tensor<64x64x!tile.ptr<f32>>
  } else {
    %x = tile.load %aptrs : tensor<64x64x!tile.ptr<f16>>
    %d = tile.dot %x, %x, %zero : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    tile.store %cptrs, %d : tensor<64x64x!tile.ptr<f32>>
  } {tile.sign_guard}
  tile.return
}
