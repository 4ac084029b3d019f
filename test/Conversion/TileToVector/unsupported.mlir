// RUN: tile-opt %s -split-input-file -convert-tile-to-vector -verify-diagnostics

// Ops the CPU target does not lower yet get a diagnostic naming the op.
tile.func @batched(%p: !tile.ptr<f32>) {
  %r = tile.range 0 to 32 : tensor<32xi32>
  %pa = tile.splat %p : tensor<32x!tile.ptr<f32>>
  %q = tile.addptr %pa, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  %v = tile.load %q : tensor<32x!tile.ptr<f32>>
  %a = tile.reshape %v : tensor<32xf32> -> tensor<2x4x4xf32>
  %z = arith.constant dense<0.0> : tensor<2x4x4xf32>
  // expected-error @+1 {{'tile.dot' op cannot be lowered by the CPU target: batched dot is not implemented yet}}
  %d = tile.dot %a, %a, %z : tensor<2x4x4xf32>, tensor<2x4x4xf32> -> tensor<2x4x4xf32>
  %o = tile.reshape %d : tensor<2x4x4xf32> -> tensor<32xf32>
  tile.store %q, %o : tensor<32x!tile.ptr<f32>>
  tile.return
}

// -----

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
