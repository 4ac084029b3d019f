// Software pipelining of the loads that feed a product in a loop (sm_90a):
// asynchronous copies num_stages - 1 iterations ahead, into per-iteration
// buffers the warpgroup products read; each product runs on while the next
// iteration starts.
// RUN: tile-opt %s --split-input-file --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// CHECK-LABEL: gpu.func @k_loop
// The warp index the products' descriptors come from is read from lane 0,
// so ptxas knows it is uniform across the warp.
// CHECK: %[[WARP:.*]] = arith.shrui %{{.*}}, %c5_i32 : i32
// CHECK: gpu.shuffle  idx %[[WARP]], %c0_i32, %c32_i32 : i32
// Prologue: the copies of iterations 0 and 1, one group each, by a loop.
// A thread's copies 16 rows apart share one address, each adding its rows'
// bytes as the instruction's immediate.
// CHECK: scf.for %{{.*}} = %c0_i32{{.*}} to %c2_i32{{.*}} step %c1_i32
// CHECK: cp.async.cg.shared.global [$0], [$1], 16, skip;
// CHECK: cp.async.cg.shared.global [$0+2048], [$1], 16, skip;
// CHECK: cp.async.cg.shared.global [$0+4096], [$1], 16, skip;
// CHECK: cp.async.cg.shared.global [$0+6144], [$1], 16, skip;
// CHECK: cp.async.commit_group
// CHECK-NEXT: }
// CHECK-NOT: cp.async.cg.shared.global
// CHECK: scf.for
// Iteration i: its copies are in (one group may still fly), then all warps;
// copies complete at their wait, so no proxy fence before the products.
// CHECK: cp.async.wait_group 1;
// CHECK-NOT: fence.proxy.async
// CHECK: gpu.barrier
// CHECK: wgmma.fence.sync.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// The products of i - 1 are done everywhere after the barrier: their
// buffer takes the copies of i + 2.
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: gpu.barrier
// A copy whose 8 elements are neither all in nor all out goes element by
// element, by predicated loads from the row's address plus each element's
// offset.
// CHECK: scf.if
// CHECK: cp.async.cg.shared.global [$0], [$1], 16, skip;
// CHECK: else
// CHECK: @p ld.global.b16 $0, [$2+0];
// CHECK: @p ld.global.b16 $0, [$2+2];
// CHECK: cp.async.commit_group
// CHECK: scf.yield
// After the loop: no copy or product in flight.
// CHECK: cp.async.wait_group 0;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: llvm.store
tile.func @k_loop(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld: i32) attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ld_s = tile.splat %ld : tensor<64xi32>
  %rows = arith.muli %r, %ld_s : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %a0 = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %ap0 = tile.addptr %a0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %b0 = tile.splat %b : tensor<64x64x!tile.ptr<bf16>>
  %bp0 = tile.addptr %b0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %b_step_s = arith.muli %ld, %c64 : i32
  %b_step = tile.splat %b_step_s : tensor<64x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap_end, %bp_end = scf.for %k = %c0 to %K step %c64
      iter_args(%acc_i = %acc0, %ap = %ap0, %bp = %bp0)
      -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %r : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_mask = tile.broadcast %col : tensor<1x64xi1> -> tensor<64x64xi1>
    %row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %b_mask = tile.broadcast %row : tensor<64x1xi1> -> tensor<64x64xi1>
    %x = tile.load %ap, %a_mask, %zero : tensor<64x64x!tile.ptr<bf16>>
    %y = tile.load %bp, %b_mask, %zero : tensor<64x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %ap_next = tile.addptr %ap, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %bp_next = tile.addptr %bp, %b_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    scf.yield %acc_next, %ap_next, %bp_next
        : tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>
  }
  %c_0 = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %c_0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// The loop reads the accumulators (a max after the product): each iteration
// waits for its own products, and the copies still run ahead.
// CHECK-LABEL: gpu.func @acc_read_in_loop
// CHECK: scf.for
// CHECK: cp.async.wait_group 1;
// CHECK: wgmma.mma_async
// CHECK-NOT: wgmma.wait_group.sync.aligned 1;
// CHECK: cp.async.commit_group
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: arith.maximumf
// CHECK: scf.yield
tile.func @acc_read_in_loop(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld: i32) attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ld_s = tile.splat %ld : tensor<64xi32>
  %rows = arith.muli %r, %ld_s : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %a0 = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %ap0 = tile.addptr %a0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %b0 = tile.splat %b : tensor<64x64x!tile.ptr<bf16>>
  %bp0 = tile.addptr %b0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %b_step_s = arith.muli %ld, %c64 : i32
  %b_step = tile.splat %b_step_s : tensor<64x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap_end, %bp_end = scf.for %k = %c0 to %K step %c64
      iter_args(%acc_i = %acc0, %ap = %ap0, %bp = %bp0)
      -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %r : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_mask = tile.broadcast %col : tensor<1x64xi1> -> tensor<64x64xi1>
    %row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %b_mask = tile.broadcast %row : tensor<64x1xi1> -> tensor<64x64xi1>
    %x = tile.load %ap, %a_mask, %zero : tensor<64x64x!tile.ptr<bf16>>
    %y = tile.load %bp, %b_mask, %zero : tensor<64x64x!tile.ptr<bf16>>
    %prod = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %acc_next = arith.maximumf %prod, %acc0 : tensor<64x64xf32>
    %ap_next = tile.addptr %ap, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %bp_next = tile.addptr %bp, %b_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    scf.yield %acc_next, %ap_next, %bp_next
        : tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>
  }
  %c_0 = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %c_0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// One stage: nothing to pipeline, the operands are staged from registers.
// CHECK-LABEL: gpu.func @one_stage
// CHECK-NOT: {{cp\.async\.(cg|ca|commit|wait)}}
// CHECK: wgmma.mma_async
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: scf.yield
tile.func @one_stage(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32) attributes {num_warps = 4 : i32, num_stages = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %c64s = arith.constant dense<64> : tensor<64xi32>
  %rows = arith.muli %r, %c64s : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %a0 = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %ap0 = tile.addptr %a0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %step = arith.constant dense<4096> : tensor<64x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap_end = scf.for %k = %c0 to %K step %c64
      iter_args(%acc_i = %acc0, %ap = %ap0)
      -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>) : i32 {
    %x = tile.load %ap : tensor<64x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %x, %x, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %ap_next = tile.addptr %ap, %step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    scf.yield %acc_next, %ap_next : tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>
  }
  %c_0 = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %c_0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
