// Descriptor loads feeding a product in a loop become TMA copies on sm_90a
// when the descriptor's base, sizes and strides are kernel arguments or
// constants with 16-byte alignment proven: the tensor maps are parameters
// after the arguments (by value, read in place), each stage's copies
// complete on a transaction barrier, and the products wait on it.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// Without proven alignment (strides of any value), no tensor copies (the
// product's result, stored with a constant stride, may still go out by a
// TMA store: that direction is not checked here).
// RUN: sed 's/%ld: i64 {tile.divisibility = 16 : i32}/%ld: i64/' %s | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefix=UNALIGNED
// Nor on sm_80, which has no TMA.
// RUN: tile-compile %s --target=nvidia:chip=sm_80 --emit=asm -o - | FileCheck %s --check-prefix=UNALIGNED

// CHECK: .entry k_loop(
// CHECK: .param .u64 k_loop_param_4,
// CHECK-NEXT: .param .align 64 .b8 k_loop_param_5[128],
// CHECK-NEXT: .param .align 64 .b8 k_loop_param_6[128]
// CHECK: cvta.param.u64
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 16384;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: mbarrier.inval.shared::cta.b64
// UNALIGNED-NOT: cp.async.bulk.tensor.2d.shared::cluster.global
// UNALIGNED-NOT: mbarrier
tile.func @k_loop(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %a_desc = tile.make_desc %a, [%c64, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
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
