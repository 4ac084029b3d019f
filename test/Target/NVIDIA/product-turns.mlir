// Two consumer warpgroups, two products per iteration fed by a producer
// warpgroup's tensor copies (attention's S = Q x K^T, then O = O * alpha +
// P x V). The warpgroups take turns issuing products (named barriers 2 and
// 3, one per warpgroup): a turn starts with a wait on the warpgroup's own
// barrier before the last product (P x V) and ends with an arrival on the
// other's after the first product of the next iteration (S), so that one
// warpgroup's softmax overlaps the other's products. Before the loop the
// second warpgroup arrives on the first's barrier (the first goes first)
// and each waits on its own; after it the first arrives on the second's,
// which balances both barriers for any trip count, zero included.
// P x V's result is carried to the next iteration only, through a rescale
// that comes after the next S: it is not waited for where it is issued
// but before that rescale, and the V stage it read is released after the
// next P x V is issued (once the wait has been passed).
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s --check-prefix=PLAN

// PLAN-LABEL: tile.func @turns
// PLAN: tile.dot {{.*}}tile.gpu.pipeline = ["2 stages; A: registers, staged before the loop; B: tensor copies", "a producer warp issues the tensor copies"]
// PLAN: tile.dot {{.*}}tile.gpu.pipeline = ["2 stages; A: registers, staged each iteration; B: tensor copies", "a producer warp issues the tensor copies", "in flight into the next iteration, waited for before its first use there"]
// PLAN: tile.gpu.schedule = ["the two consumer warpgroups take turns issuing products"]
// PLAN-LABEL: tile.func @no_turns
// PLAN-NOT: in flight into the next iteration
// PLAN: tile.gpu.schedule = ["no turns between the consumer warpgroups: the loop needs a barrier of all consumers"]

// The consumers' products keep few registers (128 x 64 S and O over two
// warpgroups): a producer warp, no register split (288 threads).
// CHECK-LABEL: .entry turns(
// CHECK: .maxntid 288, 1, 1
// CHECK-NOT: setmaxnreg
// Q staged by the consumers, then the turns set up.
// CHECK: bar.sync 1, 256;
// CHECK: bar.sync 1, 256;
// CHECK: bar.arrive [[SECOND:%r[0-9]+]], 256;
// CHECK: bar.sync [[OWN:%r[0-9]+]], 256;
// The loop: S issued, the turn ended, S waited for.
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK-NOT: wgmma.commit_group
// CHECK: bar.arrive {{%r[0-9]+}}, 256;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK: ex2.approx.ftz.f32
// The carried P x V of the previous iteration, before the rescale (its
// group closed where it was issued: an empty one would cost a dummy HGMMA).
// CHECK-NOT: wgmma.commit_group
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: mul.rn.f32
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: bar.sync [[OWN]], 256;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK-NOT: wgmma.wait_group
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: wgmma.wait_group
// CHECK: @p mbarrier.arrive.shared::cta.b64
// After the loop: the first warpgroup's last turn ends, the last P x V
// is waited for, the last V stage released.
// CHECK: bar.arrive {{%r[0-9]+}}, 256;
// CHECK-NOT: wgmma.commit_group
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: @p mbarrier.arrive.shared::cta.b64

// A row reduction across warpgroups in the loop needs a barrier of all
// consumers: a warpgroup waiting there could wait for one waiting for its
// turn, so the loop keeps no turns.
// CHECK-LABEL: .entry no_turns(
// CHECK-NOT: bar.arrive
// CHECK: ret;

tile.func @turns(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
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
  %m0 = arith.constant dense<0.0> : tensor<128xf32>
  %acc, %m = scf.for %j = %c0 to %seq step %c64 iter_args(%acc_i = %zero, %m_i = %m0) -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
    %k_block = tile.desc_load %k_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %k_tile = tile.reshape %k_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s = tile.dot %q_tile, %k_t, %zero : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    %row_max = tile.reduce(%s) axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %m_new = arith.maximumf %m_i, %row_max : tensor<128xf32>
    %m_e = tile.expand_dims %m_new, 1 : tensor<128xf32> -> tensor<128x1xf32>
    %m_b = tile.broadcast %m_e : tensor<128x1xf32> -> tensor<128x64xf32>
    %shift = arith.subf %s, %m_b : tensor<128x64xf32>
    %p = math.exp2 %shift : tensor<128x64xf32>
    %diff = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp2 %diff : tensor<128xf32>
    %alpha_e = tile.expand_dims %alpha, 1 : tensor<128xf32> -> tensor<128x1xf32>
    %alpha_b = tile.broadcast %alpha_e : tensor<128x1xf32> -> tensor<128x64xf32>
    %acc_scaled = arith.mulf %acc_i, %alpha_b : tensor<128x64xf32>
    %p_bf16 = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %v_block = tile.desc_load %v_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %next = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    scf.yield %next, %m_new : tensor<128x64xf32>, tensor<128xf32>
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

tile.func @no_turns(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
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
    // A maximum over all 128 rows: across both warpgroups.
    %col_max = tile.reduce(%s) axis = 0 : tensor<128x64xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %cm_e = tile.expand_dims %col_max, 0 : tensor<64xf32> -> tensor<1x64xf32>
    %cm_b = tile.broadcast %cm_e : tensor<1x64xf32> -> tensor<128x64xf32>
    %shift = arith.subf %s, %cm_b : tensor<128x64xf32>
    %p = arith.truncf %shift : tensor<128x64xf32> to tensor<128x64xbf16>
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
