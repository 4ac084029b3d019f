// RUN: tile-opt %s -split-input-file -convert-tile-to-vector -verify-diagnostics

// Ops the CPU target does not lower yet get a diagnostic naming the op.
tile.func @scan_rank3(%a: !tile.ptr<f32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %pa = tile.splat %a : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %pa, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %v3 = tile.reshape %v : tensor<16xf32> -> tensor<2x2x4xf32>
  // expected-error @+1 {{'tile.scan' op cannot be lowered by the CPU target: scans of tiles of rank above 2 are not implemented yet}}
  %c = tile.scan(%v3) axis = 1 : tensor<2x2x4xf32> -> tensor<2x2x4xf32> {
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tile.yield %t : f32
  }
  %c1 = tile.reshape %c : tensor<2x2x4xf32> -> tensor<16xf32>
  tile.store %p, %c1 : tensor<16x!tile.ptr<f32>>
  tile.return
}
