// A loop skewed by tile-skew-products (attention: S = Q x K^T, the softmax,
// then P x V, which now runs one iteration behind), lowered for sm_90a with
// a producer warpgroup and two consumer warpgroups taking turns. In the
// loop a turn covers both products, issued one after the other: S, then
// the previous iteration's P x V (A from registers, after its V stage is
// full). Each product is waited for where its result is first used: S with
// one group (P x V) left in flight, before the softmax, which then runs
// while P x V does; P x V before the rescale. Each stage is released after
// its product's wait. setmaxnreg is honoured only with the kernel's
// register count at entry fixed: one block per multiprocessor.
// RUN: tile-opt %s --tile-skew-products="target=nvidia chip=sm_90a" -o %t.mlir
// RUN: tile-compile %t.mlir --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s

// The skewed loop computes what the loop computes: the kernel as written,
// compiled for the CPU, against the skewed one on the reference interpreter,
// the CPU and the GPU simulator, for no iteration, one and three.
// RUN: rm -rf %t.d && mkdir -p %t.d/0 %t.d/64 %t.d/130
// RUN: tile-compile %s --target=cpu -o %t.d/chain.tile
// RUN: for n in 0 64 130; do \
// RUN:   tile-run %t.d/chain.tile --kernel chain --grid 1,1 \
// RUN:     --arg buf:bf16:8320:rand=1 --arg buf:bf16:8320:rand=2 \
// RUN:     --arg buf:bf16:8320:rand=3 --arg buf:f32:8192:poison --arg i32:1 \
// RUN:     --arg i32:130 --arg i64:8320 --arg i32:$n \
// RUN:     --write 3=%t.d/$n/arg3.bin > /dev/null || exit 1; \
// RUN:   tile-check %t.mlir --kernel chain --grid 1,1 --targets cpu,sim-amd \
// RUN:     --arg buf:bf16:8320:rand=1 --arg buf:bf16:8320:rand=2 \
// RUN:     --arg buf:bf16:8320:rand=3 --arg buf:f32:8192:poison --arg i32:1 \
// RUN:     --arg i32:130 --arg i64:8320 --arg i32:$n --compare %t.d/$n \
// RUN:     | tail -1 || exit 1; done | FileCheck %s --check-prefix=SAME
// SAME-COUNT-3: tile-check: PASS @chain (cpu: 4 buffers match; sim-amd: 4 buffers match; {{[0-9]+}}: 4 buffers match)

// CHECK-LABEL: .entry chain(
// CHECK: .maxntid 384, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// The first iteration's S, waited for at once, before the loop.
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// The turns set up: the second warpgroup hands the first its first turn,
// and nobody waits before the loop (a turn begins in it; a wait here
// would be one more than the other warpgroup's arrivals, and the loop
// would hang from its second iteration). Then the loop: a turn from S to
// P x V.
// CHECK: bar.arrive [[SECOND:%r[0-9]+]], 256;
// CHECK-NOT: bar.sync {{%r[0-9]+}}, 256;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: bar.sync [[OWN:%r[0-9]+]], 256;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %rd
// CHECK-NEXT: }
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NOT: wgmma.wait_group
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NOT: wgmma.wait_group
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, {%r
// CHECK: bar.arrive {{%r[0-9]+}}, 256;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: wgmma.commit_group
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: @p mbarrier.arrive.shared::cta.b64
// CHECK: mul.rn.f32
// CHECK: bra.uni
// After the loop: the first warpgroup takes the second's last arrival on
// its barrier (2), so each barrier sees as many arrivals as waits per run
// of the loop; the last P x V.
// CHECK-NOT: bar.arrive
// CHECK: bar.sync 2, 256;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: ret;

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

