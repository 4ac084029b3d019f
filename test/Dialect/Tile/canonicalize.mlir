// RUN: tile-opt %s -canonicalize -split-input-file | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @splat_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<64xf32>
// CHECK: tile.store %{{.*}}, %[[C]]
func.func @splat_of_constant(%p: tensor<64x!tile.ptr<f32>>) {
  %c = arith.constant 2.5 : f32
  %s = tile.splat %c : tensor<64xf32>
  tile.store %p, %s : tensor<64x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %{{.*}} : tensor<4x64xf32>
// CHECK-NEXT: tile.store %{{.*}}, %[[S]]
func.func @broadcast_of_splat(%x: f32, %p: tensor<4x64x!tile.ptr<f32>>) {
  %s = tile.splat %x : tensor<1x64xf32>
  %b = tile.broadcast %s : tensor<1x64xf32> -> tensor<4x64xf32>
  tile.store %p, %b : tensor<4x64x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @broadcast_chain
// CHECK-NEXT: %[[B:.*]] = tile.broadcast %{{.*}} : tensor<1x1xf32> -> tensor<4x8xf32>
// CHECK-NEXT: tile.store %{{.*}}, %[[B]]
func.func @broadcast_chain(%t: tensor<1x1xf32>, %p: tensor<4x8x!tile.ptr<f32>>) {
  %a = tile.broadcast %t : tensor<1x1xf32> -> tensor<1x8xf32>
  %b = tile.broadcast %a : tensor<1x8xf32> -> tensor<4x8xf32>
  tile.store %p, %b : tensor<4x8x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @identity_shapes
// CHECK-NEXT: tile.store %{{.*}}, %arg0
func.func @identity_shapes(%t: tensor<4x8xf32>, %p: tensor<4x8x!tile.ptr<f32>>) {
  %a = tile.broadcast %t : tensor<4x8xf32> -> tensor<4x8xf32>
  %b = tile.reshape %a : tensor<4x8xf32> -> tensor<4x8xf32>
  %c = tile.trans %b, [0, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  %d = tile.bitcast %c : tensor<4x8xf32> -> tensor<4x8xf32>
  tile.store %p, %d : tensor<4x8x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @expand_dims_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %{{.*}} : tensor<1x64xi32>
func.func @expand_dims_of_splat(%x: i32, %p: tensor<1x64x!tile.ptr<i32>>) {
  %s = tile.splat %x : tensor<64xi32>
  %e = tile.expand_dims %s, 0 : tensor<64xi32> -> tensor<1x64xi32>
  tile.store %p, %e : tensor<1x64x!tile.ptr<i32>>
  return
}

// -----

// CHECK-LABEL: func.func @reshape_chain
// CHECK-NEXT: %[[R:.*]] = tile.reshape %arg0 : tensor<4x8xf32> -> tensor<32xf32>
// CHECK-NEXT: tile.store %{{.*}}, %[[R]]
func.func @reshape_chain(%t: tensor<4x8xf32>, %p: tensor<32x!tile.ptr<f32>>) {
  %a = tile.reshape %t : tensor<4x8xf32> -> tensor<2x16xf32>
  %b = tile.reshape %a : tensor<2x16xf32> -> tensor<32xf32>
  tile.store %p, %b : tensor<32x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @trans_chain
// CHECK-NEXT: %[[T:.*]] = tile.trans %arg0, [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: tile.store %{{.*}}, %[[T]]
func.func @trans_chain(%t: tensor<2x3x4xf32>, %p: tensor<4x2x3x!tile.ptr<f32>>) {
  %a = tile.trans %t, [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %b = tile.trans %a, [1, 2, 0] : tensor<3x4x2xf32> -> tensor<4x2x3xf32>
  tile.store %p, %b : tensor<4x2x3x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @trans_cancels
// CHECK-NEXT: tile.store %{{.*}}, %arg0
func.func @trans_cancels(%t: tensor<4x8xf32>, %p: tensor<4x8x!tile.ptr<f32>>) {
  %a = tile.trans %t, [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %b = tile.trans %a, [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  tile.store %p, %b : tensor<4x8x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @trans_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %{{.*}} : tensor<8x4xf32>
func.func @trans_of_splat(%x: f32, %p: tensor<8x4x!tile.ptr<f32>>) {
  %s = tile.splat %x : tensor<4x8xf32>
  %t = tile.trans %s, [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  tile.store %p, %t : tensor<8x4x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @reshape_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %{{.*}} : tensor<32xf32>
func.func @reshape_of_splat(%x: f32, %p: tensor<32x!tile.ptr<f32>>) {
  %s = tile.splat %x : tensor<4x8xf32>
  %r = tile.reshape %s : tensor<4x8xf32> -> tensor<32xf32>
  tile.store %p, %r : tensor<32x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @bitcast_chain
// CHECK-NEXT: tile.store %arg1, %arg0
func.func @bitcast_chain(%t: tensor<4xf32>, %p: tensor<4x!tile.ptr<f32>>) {
  %a = tile.bitcast %t : tensor<4xf32> -> tensor<4xi32>
  %b = tile.bitcast %a : tensor<4xi32> -> tensor<4xf32>
  tile.store %p, %b : tensor<4x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @addptr_zero
// CHECK-NEXT: %[[X:.*]] = tile.load %arg0
func.func @addptr_zero(%p: tensor<16x!tile.ptr<f32>>, %q: tensor<16x!tile.ptr<f32>>) {
  %z = arith.constant dense<0> : tensor<16xi32>
  %a = tile.addptr %p, %z : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %x = tile.load %a : tensor<16x!tile.ptr<f32>>
  tile.store %q, %x : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @addptr_chain
// CHECK: %[[SUM:.*]] = arith.addi %arg1, %arg2 : tensor<16xi32>
// CHECK: %[[P:.*]] = tile.addptr %arg0, %[[SUM]]
// CHECK-NOT: tile.addptr
func.func @addptr_chain(%p: tensor<16x!tile.ptr<f32>>, %a: tensor<16xi32>, %b: tensor<16xi32>) {
  %p1 = tile.addptr %p, %a : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %p2 = tile.addptr %p1, %b : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %x = tile.load %p2 : tensor<16x!tile.ptr<f32>>
  tile.store %p, %x : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @load_all_true
// CHECK: tile.load %arg0 : tensor<16x!tile.ptr<f32>>
func.func @load_all_true(%p: tensor<16x!tile.ptr<f32>>, %o: tensor<16xf32>) {
  %m = arith.constant dense<true> : tensor<16xi1>
  %x = tile.load %p, %m, %o : tensor<16x!tile.ptr<f32>>
  tile.store %p, %x : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @load_all_false
// CHECK-NOT: tile.load
// CHECK: tile.store %arg0, %arg1
func.func @load_all_false(%p: tensor<16x!tile.ptr<f32>>, %o: tensor<16xf32>) {
  %m = arith.constant dense<false> : tensor<16xi1>
  %x = tile.load %p, %m, %o : tensor<16x!tile.ptr<f32>>
  tile.store %p, %x : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @load_all_false_no_other
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
// CHECK-NOT: tile.load
// CHECK: tile.store %arg0, %[[Z]]
func.func @load_all_false_no_other(%p: tensor<16x!tile.ptr<f32>>) {
  %m = arith.constant dense<false> : tensor<16xi1>
  %x = tile.load %p, %m : tensor<16x!tile.ptr<f32>>
  tile.store %p, %x : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// A volatile load is kept even when its mask is false everywhere.
// CHECK-LABEL: func.func @volatile_load_kept
// CHECK: tile.load %arg0, %{{.*}} volatile
func.func @volatile_load_kept(%p: tensor<16x!tile.ptr<f32>>) {
  %m = arith.constant dense<false> : tensor<16xi1>
  %x = tile.load %p, %m volatile : tensor<16x!tile.ptr<f32>>
  tile.store %p, %x : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @store_masks
// CHECK-NEXT: tile.store %arg0, %arg1 : tensor<16x!tile.ptr<f32>>
// CHECK-NEXT: return
func.func @store_masks(%p: tensor<16x!tile.ptr<f32>>, %x: tensor<16xf32>) {
  %t = arith.constant dense<true> : tensor<16xi1>
  %f = arith.constant dense<false> : tensor<16xi1>
  tile.store %p, %x, %t : tensor<16x!tile.ptr<f32>>
  tile.store %p, %x, %f : tensor<16x!tile.ptr<f32>>
  return
}
