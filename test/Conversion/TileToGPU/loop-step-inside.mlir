// A pointer tile advanced by a step computed inside the loop (invariant but
// not hoisted, as Triton's TTIR leaves it) is carried as its pointers; the
// GPU lowering crashed on it (found importing Triton's grouped matmul).
// RUN: tile-compile --target=nvidia --emit=llvm %s -o - | FileCheck %s
// CHECK: define {{.*}}@advance_inside
tile.func @advance_inside(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>, %stride: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tile.range 0 to 128 : tensor<128xi32>
  %base = tile.splat %p : tensor<128x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%q = %ptrs, %acc = %zero) -> (tensor<128x!tile.ptr<f32>>, tensor<128xf32>) : i32 {
    %v = tile.load %q : tensor<128x!tile.ptr<f32>>
    %sum = arith.addf %acc, %v : tensor<128xf32>
    %step = arith.muli %stride, %c4 : i32
    %steps = tile.splat %step : tensor<128xi32>
    %next = tile.addptr %q, %steps : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    scf.yield %next, %sum : tensor<128x!tile.ptr<f32>>, tensor<128xf32>
  }
  %obase = tile.splat %out : tensor<128x!tile.ptr<f32>>
  %optrs = tile.addptr %obase, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %optrs, %res#1 : tensor<128x!tile.ptr<f32>>
  tile.return
}
