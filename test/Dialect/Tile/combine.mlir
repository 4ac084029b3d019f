// RUN: tile-opt %s -tile-combine -split-input-file | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @add_into_dot
// CHECK: %[[D:.*]] = tile.dot %arg0, %arg1, %arg2 : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK-NOT: arith.addf
// CHECK: tile.store %{{.*}}, %[[D]]
func.func @add_into_dot(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>,
                        %p: tensor<16x16x!tile.ptr<f32>>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %zero : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %s = arith.addf %c, %d : tensor<16x16xf32>
  tile.store %p, %s : tensor<16x16x!tile.ptr<f32>>
  return
}

// -----

// A dot whose accumulator is not zero keeps its addition.
// CHECK-LABEL: func.func @add_kept
// CHECK: tile.dot %arg0, %arg1, %arg2
// CHECK: arith.addf
func.func @add_kept(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>,
                    %p: tensor<16x16x!tile.ptr<f32>>) {
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %s = arith.addf %c, %d : tensor<16x16xf32>
  tile.store %p, %s : tensor<16x16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @select_into_load
// CHECK: %[[X:.*]] = tile.load %arg0, %arg1, %arg2 : tensor<16x!tile.ptr<f32>>
// CHECK-NOT: arith.select
// CHECK: tile.store %arg0, %[[X]]
func.func @select_into_load(%p: tensor<16x!tile.ptr<f32>>, %m: tensor<16xi1>, %o: tensor<16xf32>) {
  %x = tile.load %p, %m : tensor<16x!tile.ptr<f32>>
  %y = arith.select %m, %x, %o : tensor<16xi1>, tensor<16xf32>
  tile.store %p, %y : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @broadcast_expanded_splat
// CHECK: %[[S:.*]] = tile.splat %arg0 : tensor<8x16xf32>
// CHECK: tile.store %arg1, %[[S]]
func.func @broadcast_expanded_splat(%x: f32, %p: tensor<8x16x!tile.ptr<f32>>) {
  %s = tile.splat %x : tensor<16xf32>
  %e = tile.expand_dims %s, 0 : tensor<16xf32> -> tensor<1x16xf32>
  %b = tile.broadcast %e : tensor<1x16xf32> -> tensor<8x16xf32>
  tile.store %p, %b : tensor<8x16x!tile.ptr<f32>>
  return
}
