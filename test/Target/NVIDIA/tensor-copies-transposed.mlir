// A descriptor load read transposed by the product (B stored n x k, as
// Triton's Hopper GEMMs keep weights, `b_desc.load(...).T`) is still a
// tensor copy: the box lands k-contiguous, which is the k-major operand, so
// the product takes it without transposing (wgmma's B transpose flag 0,
// where a k x n B has 1). A row stride that is an i32 argument widened by
// sign (Triton's TTIR widens strides so) is the argument itself for the
// tensor map.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s

// CHECK-LABEL: .entry k_loop_bt(
// CHECK: .param .align 64 .b8 k_loop_bt_param_5[128],
// CHECK-NEXT: .param .align 64 .b8 k_loop_bt_param_6[128]
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 16384;
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 0;
tile.func @k_loop_bt(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld32: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %ld = arith.extsi %ld32 : i32 to i64
  %a_desc = tile.make_desc %a, [%c64, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%c64, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%c0, %k] : !tile.desc<tensor<64x64xbf16>>
    %bt = tile.desc_load %b_desc[%c0, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.trans %bt, [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
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
