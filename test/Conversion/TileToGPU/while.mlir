// scf.while on the GPU: carried tiles travel as the registers of their
// layout through both regions, scalars as themselves, and the regions may
// access memory (test/Conformance/scf.mlir checks the results).
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// CHECK-LABEL: gpu.func @halve
// CHECK: scf.while ({{.*}}) : ({{(f32, )+}}i32) -> ({{(f32, )+}}i32) {
// CHECK: gpu.shuffle  xor
// CHECK: scf.condition(%{{.*}}) {{.*}} : {{(f32, )+}}i32
// CHECK: } do {
// CHECK: arith.mulf
// CHECK: scf.yield {{.*}} : {{(f32, )+}}i32
tile.func @halve(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %bound: f32) {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %xb = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %xp : tensor<256x!tile.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %half = arith.constant dense<0.5> : tensor<256xf32>
  %final, %n = scf.while (%t = %v, %i = %c0) : (tensor<256xf32>, i32) -> (tensor<256xf32>, i32) {
    %m = tile.reduce(%t) axis = 0 : tensor<256xf32> -> f32 {
    ^bb0(%p: f32, %q: f32):
      %mx = arith.maximumf %p, %q : f32
      tile.yield %mx : f32
    }
    %go = arith.cmpf oge, %m, %bound : f32
    scf.condition(%go) %t, %i : tensor<256xf32>, i32
  } do {
  ^bb0(%t: tensor<256xf32>, %i: i32):
    %t2 = arith.mulf %t, %half : tensor<256xf32>
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %t2, %i2 : tensor<256xf32>, i32
  }
  %ob = tile.splat %out : tensor<256x!tile.ptr<f32>>
  %op = tile.addptr %ob, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %op, %final : tensor<256x!tile.ptr<f32>>
  tile.return
}

// CHECK-LABEL: gpu.func @search
// CHECK: scf.while ({{.*}}) : (i32, i32) -> (i32, i32) {
// CHECK: scf.condition
// CHECK: } do {
// CHECK: llvm.load {{.*}} -> i32
// CHECK: scf.yield {{.*}} : i32, i32
tile.func @search(%sorted: !tile.ptr<i32>, %out: !tile.ptr<i32>, %n: i32, %key: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %lo, %hi = scf.while (%l = %c0, %h = %n) : (i32, i32) -> (i32, i32) {
    %go = arith.cmpi slt, %l, %h : i32
    scf.condition(%go) %l, %h : i32, i32
  } do {
  ^bb0(%l: i32, %h: i32):
    %s = arith.addi %l, %h : i32
    %mid = arith.shrui %s, %c1 : i32
    %mp = tile.addptr %sorted, %mid : !tile.ptr<i32>, i32
    %v = tile.load %mp : !tile.ptr<i32>
    %less = arith.cmpi slt, %v, %key : i32
    %mid1 = arith.addi %mid, %c1 : i32
    %nl = arith.select %less, %mid1, %l : i32
    %nh = arith.select %less, %h, %mid : i32
    scf.yield %nl, %nh : i32, i32
  }
  tile.store %out, %lo : !tile.ptr<i32>
  tile.return
}
