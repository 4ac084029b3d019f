// RUN: tile-opt %s -split-input-file -convert-tile-to-vector -verify-diagnostics

// Ops the CPU target does not lower yet get a diagnostic naming the op.
tile.func @if_tile(%p: !tile.ptr<f32>, %c: i1) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %pa = tile.splat %p : tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %pa, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'scf.if' op cannot be lowered by the CPU target: scf.if yielding tiles is not implemented yet}}
  %t = scf.if %c -> (tensor<16xf32>) {
    %v = tile.load %q : tensor<16x!tile.ptr<f32>>
    scf.yield %v : tensor<16xf32>
  } else {
    %z = arith.constant dense<0.0> : tensor<16xf32>
    scf.yield %z : tensor<16xf32>
  }
  tile.store %q, %t : tensor<16x!tile.ptr<f32>>
  tile.return
}

// -----

tile.func @reverse_scan(%a: !tile.ptr<f32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %pa = tile.splat %a : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %pa, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  // expected-error @+1 {{'tile.scan' op cannot be lowered by the CPU target: reverse scans are not implemented yet}}
  %c = tile.scan(%v) axis = 0 reverse : tensor<16xf32> -> tensor<16xf32> {
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tile.yield %t : f32
  }
  tile.store %p, %c : tensor<16x!tile.ptr<f32>>
  tile.return
}
