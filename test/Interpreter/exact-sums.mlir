// Where docs/Semantics.md allows a range of results (the summation order of
// float reductions, scans and dot), the reference computes the exact centre
// of that range, rounded once: [1e8, 1, -1e8, 1] sums to 2, where any f32
// left-to-right order gives 1 and pairwise gives 0.

// RUN: %python %S/../Conformance/Inputs/values.py %t.x f32 1e8 1 -1e8 1
// RUN: tile-check %s --grid 1 --arg buf:f32:4:file=%t.x --arg buf:f32:6:poison \
// RUN:   --targets none --print 1 | FileCheck %s
// sum | product | inclusive scan (1e8, 1e8 + 1 rounded, 1, 2) | dot of x with
// [1, 1, 1, 1] (as 1x4 by 4x1)
// CHECK: reference #1 (f32 x 6): 2 -1.00000003e+16 100000000 100000000 1 2
// CHECK: float outputs compared within tolerance (tile.reduce of float sums is bounded)

tile.func @sums(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %px = tile.splat %x : tensor<4x!tile.ptr<f32>>
  %px1 = tile.addptr %px, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %v = tile.load %px1 : tensor<4x!tile.ptr<f32>>
  %sum = tile.reduce(%v) axis = 0 : tensor<4xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  %prod = tile.reduce(%v) axis = 0 : tensor<4xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    tile.yield %s : f32
  }
  %scan = tile.scan(%v) axis = 0 : tensor<4xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  %row = tile.expand_dims %v, 0 : tensor<4xf32> -> tensor<1x4xf32>
  %ones = arith.constant dense<1.0> : tensor<4x1xf32>
  %zero = arith.constant dense<0.0> : tensor<1x1xf32>
  %dot = tile.dot %row, %ones, %zero : tensor<1x4xf32>, tensor<4x1xf32> -> tensor<1x1xf32>
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  tile.store %out, %sum : !tile.ptr<f32>
  %o1 = tile.addptr %out, %c1 : !tile.ptr<f32>, i32
  tile.store %o1, %prod : !tile.ptr<f32>
  %o2 = tile.addptr %out, %c2 : !tile.ptr<f32>, i32
  %bs = tile.splat %o2 : tensor<4x!tile.ptr<f32>>
  %ps = tile.addptr %bs, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %ps, %scan : tensor<4x!tile.ptr<f32>>
  %o5 = tile.addptr %out, %c5 : !tile.ptr<f32>, i32
  %bd = tile.splat %o5 : tensor<1x1x!tile.ptr<f32>>
  tile.store %bd, %dot : tensor<1x1x!tile.ptr<f32>>
  tile.return
}
