// Tensor copies read global memory through the async proxy, which sees a
// generic write only after a proxy fence: a write to A made before the
// loop, then a barrier placed for another reason (the store and load of C),
// must still get `fence.proxy.async.global` and a barrier before A's
// tensor copies.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// CHECK-LABEL: .entry k_loop(
// CHECK:         st.global.b16
// CHECK:         st.global.b32
// CHECK:         bar.sync 0;
// CHECK-NEXT:    ld.global.b32
// CHECK-NEXT:    // begin inline asm
// CHECK-NEXT:    fence.proxy.async.global;
// CHECK-NEXT:    // end inline asm
// CHECK-NEXT:    bar.sync 0;
// CHECK:         cp.async.bulk.tensor.2d
tile.func @k_loop(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %v = arith.constant 1.0 : bf16
  tile.store %a, %v : !tile.ptr<bf16>
  %f = arith.constant 2.0 : f32
  tile.store %c, %f : !tile.ptr<f32>
  %back = tile.load %c : !tile.ptr<f32>
  %a_desc = tile.make_desc %a, [%c64, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = tile.splat %back : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%c0, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x64xbf16>>
    %next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  %r = tile.range 0 to 64 : tensor<64xi32>
  %row = tile.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rows = tile.broadcast %row : tensor<64x1xi32> -> tensor<64x64xi32>
  %c64s = arith.constant dense<64> : tensor<64x64xi32>
  %row_offs = arith.muli %rows, %c64s : tensor<64x64xi32>
  %col = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cols = tile.broadcast %col : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %row_offs, %cols : tensor<64x64xi32>
  %base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
