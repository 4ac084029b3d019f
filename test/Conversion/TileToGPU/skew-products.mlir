// tile-skew-products runs a loop's last product (attention's P x V) one
// iteration behind its first (S = Q x K^T): the first iteration's other ops
// before the loop, the loop from the second iteration with the previous
// iteration's P x V right after S (its V loaded at iv - step, its P and
// rescaled accumulator carried), the last P x V after the loop, all under
// a guard that keeps the initial values when the loop runs no iteration.
// Loops it must leave alone keep their form; the AMD target (synchronous
// products) gets nothing.
// RUN: tile-opt %s --split-input-file --tile-skew-products="target=nvidia chip=sm_90a" | FileCheck %s
// RUN: tile-opt %s --split-input-file --tile-skew-products="target=amd chip=gfx942" | FileCheck %s --check-prefix=AMD
// RUN: not tile-opt %s --split-input-file --tile-skew-products="target=tpu" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: no GPU target 'tpu'
// AMD-NOT: scf.if

// CHECK-LABEL: tile.func @chain(
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[N:arg7]] : i32
// CHECK: scf.if %[[RUNS]] -> (tensor<128x64xf32>, tensor<128xf32>) {
// The first iteration: S and the softmax, no P x V.
// CHECK: tile.desc_load %{{.*}}[%{{.*}}, %c0_i32, %c0_i32]
// CHECK: %[[S0:.*]] = tile.dot
// CHECK-NOT: tile.dot
// CHECK: %[[SCALED0:.*]] = arith.mulf %cst, %{{.*}} : tensor<128x64xf32>
// CHECK: %[[P0:.*]] = arith.truncf
// CHECK: %[[SECOND:.*]] = arith.addi %c0_i32, %c64_i32 : i32
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[IV:.*]] = %[[SECOND]] to %[[N]] step %c64_i32 iter_args(%[[M:.*]] = %{{.*}}, %[[P:.*]] = %[[P0]], %[[SCALED:.*]] = %[[SCALED0]])
// CHECK: %[[PREV:.*]] = arith.subi %[[IV]], %c64_i32 : i32
// CHECK: tile.desc_load %{{.*}}[%{{.*}}, %[[IV]], %c0_i32]
// CHECK: %[[S:.*]] = tile.dot
// CHECK-NEXT: %[[V:.*]] = tile.desc_load %{{.*}}[%{{.*}}, %[[PREV]], %c0_i32]
// CHECK-NEXT: %[[VT:.*]] = tile.reshape %[[V]]
// CHECK-NEXT: %[[PV:.*]] = tile.dot %[[P]], %[[VT]], %[[SCALED]]
// CHECK: tile.reduce(%[[S]])
// CHECK: %[[NEXT_SCALED:.*]] = arith.mulf %[[PV]], %{{.*}} : tensor<128x64xf32>
// CHECK: %[[NEXT_P:.*]] = arith.truncf
// CHECK: scf.yield %{{.*}}, %[[NEXT_P]], %[[NEXT_SCALED]]
// The last iteration's P x V.
// CHECK: %[[SPAN:.*]] = arith.subi %[[N]], %c0_i32 : i32
// CHECK: %[[LESS:.*]] = arith.subi %[[SPAN]], %c1_i32 : i32
// CHECK: %[[STEPS:.*]] = arith.divui %[[LESS]], %c64_i32 : i32
// CHECK: %[[OFFSET:.*]] = arith.muli %[[STEPS]], %c64_i32 : i32
// CHECK: %[[LAST:.*]] = arith.addi %c0_i32, %[[OFFSET]] : i32
// CHECK: tile.desc_load %{{.*}}[%{{.*}}, %[[LAST]], %c0_i32]
// CHECK: %[[ACC:.*]] = tile.dot %[[LOOP]]#1, %{{.*}}, %[[LOOP]]#2
// CHECK: scf.yield %[[ACC]], %[[LOOP]]#0
// CHECK: } else {
// CHECK: scf.yield %cst, %cst_0
// CHECK: tile.store

tile.func @chain(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32}, %n: i32)
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
  %acc, %m = scf.for %j = %c0 to %n step %c64 iter_args(%acc_i = %zero, %m_i = %m0) -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
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


// -----

// Left alone: the last product accumulates into its own carried value.
// CHECK-LABEL: tile.func @accumulates(
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NOT: scf.for
tile.func @accumulates(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32}, %n: i32)
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
  %acc, %m = scf.for %j = %c0 to %n step %c64 iter_args(%acc_i = %zero, %m_i = %m0) -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
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
        %p_bf16 = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %v_block = tile.desc_load %v_desc[%h, %j, %c0] : !tile.desc<tensor<1x64x64xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %next = tile.dot %p_bf16, %v_tile, %acc_i : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
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


// -----

// Left alone: one stage: no pipelining to overlap.
// CHECK-LABEL: tile.func @one_stage(
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NOT: scf.for
tile.func @one_stage(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32}, %n: i32)
    attributes {num_warps = 8 : i32, num_stages = 1 : i32} {
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
  %acc, %m = scf.for %j = %c0 to %n step %c64 iter_args(%acc_i = %zero, %m_i = %m0) -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
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


// -----

// Left alone: the loop writes memory: loads may not move past its stores.
// CHECK-LABEL: tile.func @stores(
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NOT: scf.for
tile.func @stores(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32}, %n: i32)
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
  %acc, %m = scf.for %j = %c0 to %n step %c64 iter_args(%acc_i = %zero, %m_i = %m0) -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
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
    %mp = tile.splat %o : tensor<128x!tile.ptr<f32>>
    tile.store %mp, %m_new : tensor<128x!tile.ptr<f32>>
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


// -----

// Left alone: V loaded through pointers, which the lowering pipelines in place.
// CHECK-LABEL: tile.func @pointer_v(
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NOT: scf.for
tile.func @pointer_v(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                 %o: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                 %heads: i32, %seq: i32, %hs: i64 {tile.divisibility = 16 : i32}, %n: i32)
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
  %acc, %m = scf.for %j = %c0 to %n step %c64 iter_args(%acc_i = %zero, %m_i = %m0) -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
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
    %vr = tile.range 0 to 64 : tensor<64xi32>
    %vre = tile.expand_dims %vr, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %vrows = tile.broadcast %vre : tensor<64x1xi32> -> tensor<64x64xi32>
    %vce = tile.expand_dims %vr, 0 : tensor<64xi32> -> tensor<1x64xi32>
    %vcols = tile.broadcast %vce : tensor<1x64xi32> -> tensor<64x64xi32>
    %c64v = arith.constant dense<64> : tensor<64x64xi32>
    %vro = arith.muli %vrows, %c64v : tensor<64x64xi32>
    %voffs = arith.addi %vro, %vcols : tensor<64x64xi32>
    %vbase = tile.splat %v : tensor<64x64x!tile.ptr<bf16>>
    %vptrs = tile.addptr %vbase, %voffs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %v_tile = tile.load %vptrs : tensor<64x64x!tile.ptr<bf16>>
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

