// A product whose operands all come by tensor copies (TMA) gets a producer
// warp of its own (WarpSpecialization.cpp): one more warp in the block
// (.maxntid 160 for 4 consumer warps), the barriers set up before the roles
// part, the producer's first lane waiting for a free stage, announcing its
// bytes and starting the copies, the consumers waiting for a full stage,
// issuing the products and releasing the stage (one predicated arrival per
// warp, after the products reading it are done), their block barriers
// among the 128 consumer threads only. Each protocol shape: products in
// flight across iterations (the stage of i - 1 released in iteration i),
// products waited for in their iteration, the loop under a condition; a
// loop nested in another keeps the unspecialized pipeline.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s

// CHECK-LABEL: .entry in_flight(
// CHECK: .maxntid 160, 1, 1
// CHECK: shfl.sync.idx.b32
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 4;
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 4;
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: mbarrier.init.shared::cta.b64 [{{.*}}], 4;
// CHECK: bar.sync 0;
// CHECK-NOT: bar.sync 0;
// The producer.
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 16384;
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// The consumers.
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.mma_async
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: bar.sync
// CHECK: @p mbarrier.arrive.shared::cta.b64
// The last stage released after the last products, then the barriers
// invalidated (the loop runs once).
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.sync
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK: bar.sync 1, 128;
// CHECK-COUNT-6: mbarrier.inval.shared::cta.b64
// CHECK-NOT: bar.sync 0;
// CHECK: bar.sync 1, 128;

// CHECK-LABEL: .entry waited(
// CHECK: .maxntid 160, 1, 1
// CHECK: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.sync
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK: bar.sync 1, 128;

// CHECK-LABEL: .entry guarded(
// CHECK: .maxntid 160, 1, 1
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: @p mbarrier.arrive.shared::cta.b64

// A loop inside a loop: the producer runs both; the iterations are counted
// over the runs (in registers: no local memory), the last stage of a run is
// released after its products, and the barriers stay valid.
// CHECK-LABEL: .entry nested(
// CHECK: .maxntid 160, 1, 1
// CHECK-NOT: .local
// CHECK: bar.sync 0;
// CHECK-NOT: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: mbarrier.inval
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK-NOT: mbarrier.inval
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK-NOT: mbarrier.inval
// CHECK-LABEL: .entry loaded_bound(

// A bound the producer cannot compute (read from memory): the unspecialized
// pipeline, thread 0 issuing the copies, block barriers.
// CHECK: .maxntid 128, 1, 1
// CHECK-NOT: mbarrier.arrive.shared::cta.b64
// CHECK-NOT: bar.sync 1,
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64
// CHECK-NOT: mbarrier.arrive.shared::cta.b64
// CHECK-NOT: bar.sync 1,

tile.func @in_flight(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %pid = tile.program_id x
  %row = arith.muli %pid, %c64 : i32
  %a_desc = tile.make_desc %a, [%K, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x64xbf16>>
    %next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
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
  %base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

tile.func @waited(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %pid = tile.program_id x
  %row = arith.muli %pid, %c64 : i32
  %a_desc = tile.make_desc %a, [%K, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x64xbf16>>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc_i, %half : tensor<64x64xf32>
    %next = tile.dot %x, %y, %scaled : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
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
  %base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

tile.func @guarded(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %pid = tile.program_id x
  %row = arith.muli %pid, %c64 : i32
  %a_desc = tile.make_desc %a, [%K, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %go = arith.cmpi sgt, %K, %row : i32
  %acc = scf.if %go -> (tensor<64x64xf32>) {
  %acc_l = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x64xbf16>>
    %next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  scf.yield %acc_l : tensor<64x64xf32>
  } else {
    scf.yield %acc0 : tensor<64x64xf32>
  }
  %r = tile.range 0 to 64 : tensor<64xi32>
  %rw = tile.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rows = tile.broadcast %rw : tensor<64x1xi32> -> tensor<64x64xi32>
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

tile.func @nested(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %pid = tile.program_id x
  %row = arith.muli %pid, %c64 : i32
  %a_desc = tile.make_desc %a, [%K, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %accs = scf.for %t = %c0 to %c2 step %c1 iter_args(%acc_t = %acc0) -> (tensor<64x64xf32>) : i32 {
  %acc_l = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %acc_t) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x64xbf16>>
    %next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  scf.yield %acc_l : tensor<64x64xf32>
  }
  %acc = arith.addf %accs, %acc0 : tensor<64x64xf32>
  %r = tile.range 0 to 64 : tensor<64xi32>
  %rw = tile.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rows = tile.broadcast %rw : tensor<64x1xi32> -> tensor<64x64xi32>
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

tile.func @loaded_bound(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32, %Kp: !tile.ptr<i32>, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %n = tile.load %Kp : !tile.ptr<i32>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %pid = tile.program_id x
  %row = arith.muli %pid, %c64 : i32
  %a_desc = tile.make_desc %a, [%K, %K], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c64], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %n step %c64 iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %x = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<64x64xbf16>>
    %y = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x64xbf16>>
    %next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
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
  %base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
