// Descriptors (docs/Semantics.md section 3.5): a block read outside the array
// (negative offsets included) reads no memory and yields the padding, zero or
// NaN; a block stored partly outside writes its in-bounds elements only. The
// array is 3x5 with row stride 6, holding a[i][j] = 6 i + j.

// RUN: tile-check %s --grid 1 --arg buf:f32:18:iota --arg buf:f32:15:poison \
// RUN:   --arg buf:f32:16:poison --print 1 --print 2 | FileCheck %s
// The store of 100..107 at (2, 3) into a 3x5 array of stride 5 lands at
// elements 13 and 14 only; the rest stays poison (NaN).
// CHECK: reference #1 (f32 x 15): nan nan nan nan nan nan nan nan nan nan nan nan nan 100 101
// The 2x4 block at (-1, 3) with zero padding | at (1, 2) with NaN padding.
// CHECK: reference #2 (f32 x 16): 0 0 0 0 3 4 0 0 8 9 10 nan 14 15 16 nan
// CHECK: tile-check: PASS @descriptors (cpu: 3 buffers match

tile.func @descriptors(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>, %blocks: !tile.ptr<f32>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<f32> -> !tile.desc<tensor<2x4xf32>>
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] padding = nan : !tile.ptr<f32> -> !tile.desc<tensor<2x4xf32>>
  %b0 = tile.desc_load %zpad[%m1, %c3] : !tile.desc<tensor<2x4xf32>>
  %b1 = tile.desc_load %npad[%c1, %c2] : !tile.desc<tensor<2x4xf32>>
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<f32> -> !tile.desc<tensor<2x4xf32>>
  %r = tile.range 0 to 4 : tensor<4xi32>
  %re = tile.expand_dims %r, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tile.broadcast %re : tensor<1x4xi32> -> tensor<2x4xi32>
  %rows = tile.range 0 to 2 : tensor<2xi32>
  %rowe = tile.expand_dims %rows, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %rowb = tile.broadcast %rowe : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %row4 = arith.muli %rowb, %four : tensor<2x4xi32>
  %idx = arith.addi %row4, %rb : tensor<2x4xi32>
  %hundred = arith.constant dense<100.0> : tensor<2x4xf32>
  %idxf = arith.sitofp %idx : tensor<2x4xi32> to tensor<2x4xf32>
  %vals = arith.addf %idxf, %hundred : tensor<2x4xf32>
  tile.desc_store %dst[%c2, %c3], %vals : !tile.desc<tensor<2x4xf32>>
  %bb = tile.splat %blocks : tensor<2x4x!tile.ptr<f32>>
  %p0 = tile.addptr %bb, %idx : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  tile.store %p0, %b0 : tensor<2x4x!tile.ptr<f32>>
  %eight = arith.constant dense<8> : tensor<2x4xi32>
  %p1 = tile.addptr %p0, %eight : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  tile.store %p1, %b1 : tensor<2x4x!tile.ptr<f32>>
  tile.return
}
