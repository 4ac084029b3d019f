// Two products in one loop whose B operands come by tensor copies from
// descriptors over [heads, seq, 64] arrays (boxes of one head's rows: a
// leading extent of 1, copied by 3-D TMA), A of the first a loop-invariant
// tile computed before the loop (attention's Q, read through a descriptor
// and reshaped) and A of the second the first's result in registers: one
// producer warp serves both rings (two full/empty barrier pairs per stage),
// Q is staged once before the loop by the consumers (between two barriers
// of theirs, fenced for the products' reads: it is not held in registers as
// wgmma's A across the loop), and the consumers' loop has no barrier.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s --check-prefix=PLAN

// PLAN: tile.dot {{.*}}tile.gpu.pipeline = ["2 stages; A: registers, staged before the loop; B: tensor copies", "a producer warp issues the tensor copies"]
// PLAN: tile.dot {{.*}}tile.gpu.pipeline = ["2 stages; A: registers, staged each iteration; B: tensor copies", "a producer warp issues the tensor copies"]

// CHECK-LABEL: .entry two_products(
// CHECK: .maxntid 160, 1, 1
// CHECK-COUNT-4: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: bar.sync 0;
// CHECK-NOT: bar.sync 0;
// The producer: both rings, 3-D boxes.
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 8192;
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 8192;
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// The consumers: Q staged once, then the loop without barriers.
// CHECK: bar.sync 1, 128;
// CHECK: st.shared.v4.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK: bar.sync 1, 128;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NOT: bar.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// CHECK-NOT: bar.sync
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.sync
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK-NOT: bar.sync
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NOT: bar.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, {%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// CHECK-NOT: bar.sync
// CHECK: @p mbarrier.arrive.shared::cta.b64

// Two consumer warpgroups whose products keep few registers (128 x 64 S
// and O: 32 each per thread): a producer warp (288 threads), no register
// split, so that ptxas sizes the block by its needs and a second block may
// share the multiprocessor. (Where the consumers need more than the 168
// registers a block of 9 warps leaves each thread, the producer is a
// warpgroup that gives them its registers, setmaxnreg 40 / 232:
// examples-asm.test's flash attention, persistent-specialized.test's
// matmul.)
// CHECK-LABEL: .entry two_warpgroups(
// CHECK: .maxntid 288, 1, 1
// CHECK-NOT: setmaxnreg
// CHECK: bar.sync 0;
// CHECK: cp.async.bulk.tensor.3d
// CHECK: bar.sync 1, 256;

tile.func @two_products(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %rs = arith.constant 64 : i64
  %h = tile.program_id y
  %q_desc = tile.make_desc %q, [%heads, %seq, %c64], [%hs, %rs, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x64xbf16>>
  %k_desc = tile.make_desc %k, [%heads, %seq, %c64], [%hs, %rs, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x64xbf16>>
  %v_desc = tile.make_desc %v, [%heads, %seq, %c64], [%hs, %rs, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x64xbf16>>
  %q_block = tile.desc_load %q_desc[%h, %c0, %c0] : !tile.desc<tensor<1x64x64xbf16>>
  %q_tile = tile.reshape %q_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %j = %c0 to %seq step %c64 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
    %k_block = tile.desc_load %k_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %k_tile = tile.reshape %k_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s = tile.dot %q_tile, %k_t, %zero : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xbf16>
    %v_block = tile.desc_load %v_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %next = tile.dot %p, %v_tile, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  %r = tile.range 0 to 64 : tensor<64xi32>
  %rw = tile.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rows = tile.broadcast %rw : tensor<64x1xi32> -> tensor<64x64xi32>
  %c64s = arith.constant dense<64> : tensor<64x64xi32>
  %row_offs = arith.muli %rows, %c64s : tensor<64x64xi32>
  %col = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cols = tile.broadcast %col : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %row_offs, %cols : tensor<64x64xi32>
  %base = tile.splat %o : tensor<64x64x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

tile.func @two_warpgroups(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 8 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %rs = arith.constant 64 : i64
  %h = tile.program_id y
  %q_desc = tile.make_desc %q, [%heads, %seq, %c64], [%hs, %rs, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x64xbf16>>
  %k_desc = tile.make_desc %k, [%heads, %seq, %c64], [%hs, %rs, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x64xbf16>>
  %v_desc = tile.make_desc %v, [%heads, %seq, %c64], [%hs, %rs, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x64xbf16>>
  %q_block = tile.desc_load %q_desc[%h, %c0, %c0] : !tile.desc<tensor<1x128x64xbf16>>
  %q_tile = tile.reshape %q_block : tensor<1x128x64xbf16> -> tensor<128x64xbf16>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %acc = scf.for %j = %c0 to %seq step %c64 iter_args(%acc_i = %zero) -> (tensor<128x64xf32>) : i32 {
    %k_block = tile.desc_load %k_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %k_tile = tile.reshape %k_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s = tile.dot %q_tile, %k_t, %zero : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xbf16>
    %v_block = tile.desc_load %v_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %next = tile.dot %p, %v_tile, %acc_i : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    scf.yield %next : tensor<128x64xf32>
  }
  %r = tile.range 0 to 64 : tensor<64xi32>
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %rw = tile.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rw : tensor<128x1xi32> -> tensor<128x64xi32>
  %c64s = arith.constant dense<64> : tensor<128x64xi32>
  %row_offs = arith.muli %rows, %c64s : tensor<128x64xi32>
  %col = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cols = tile.broadcast %col : tensor<1x64xi32> -> tensor<128x64xi32>
  %offs = arith.addi %row_offs, %cols : tensor<128x64xi32>
  %base = tile.splat %o : tensor<128x64x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<128x64x!tile.ptr<f32>>, tensor<128x64xi32>
  tile.store %ptrs, %acc : tensor<128x64x!tile.ptr<f32>>
  tile.return
}
