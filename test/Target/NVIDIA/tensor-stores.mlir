// Descriptor stores become TMA stores on sm_90a when the descriptor can be
// a tensor map (base, sizes and strides kernel arguments or constants with
// 16-byte alignment proven) and its block's rows are 128-byte multiples: the
// block is staged in shared memory in the box's swizzled layout, fenced for
// the async proxy, and thread 0 stores each 128-byte panel and commits them
// as a group. It waits until the stores have read shared memory only where
// the scratch space is next written, or at the kernel's end, so that they
// overlap what comes between. Their writes are waited for where a later
// access needs them: before the barrier that orders it, and before an
// atomic.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// Without proven alignment, or on sm_80 (no TMA), masked pointer stores.
// RUN: sed 's/%ld: i64 {tile.divisibility = 16 : i32}/%ld: i64/' %s | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefix=POINTERS
// RUN: tile-compile %s --target=nvidia:chip=sm_80 --emit=asm -o - | FileCheck %s --check-prefix=POINTERS
// The GPU simulator runs the tensor stores as their tensor maps' boxes
// (ragged edges, a block starting before row 0, outputs starting as NaN),
// against the reference interpreter.
// RUN: tile-check %s --kernel store_then_signal --grid 2 --targets sim-nvidia:chip=sm_90a \
// RUN:   --arg buf:bf16:12800:rand --arg buf:bf16:12800:poison --arg buf:i32:1:zero \
// RUN:   --arg i32:100 --arg i64:128 | FileCheck %s --check-prefix=SIM1
// SIM1: tile-check: PASS @store_then_signal (sim-nvidia:chip=sm_90a: 3 buffers match)
// RUN: tile-check %s --kernel store_per_head --grid 4 --targets sim-nvidia:chip=sm_90a \
// RUN:   --arg buf:f32:9000:poison --arg i32:4 --arg i32:70 --arg i64:2240 \
// RUN:   | FileCheck %s --check-prefix=SIM2
// SIM2: tile-check: PASS @store_per_head (sim-nvidia:chip=sm_90a: 1 buffers match)

// CHECK-LABEL: .entry store_then_signal(
// CHECK: .param .align 64 .b8 store_then_signal_param_5[128]
// CHECK: st.shared.v4.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK: bar.sync 0;
// Two 64-column panels of bf16, 8192 bytes apart.
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%[[MAP:rd[0-9]+]], {%r{{[0-9]+}},%r{{[0-9]+}}}]
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%[[MAP]], {%r{{[0-9]+}},%r{{[0-9]+}}}]
// CHECK: cp.async.bulk.commit_group;
// CHECK-NOT: cp.async.bulk.wait_group.read
// The release atomic comes after the writes are done.
// CHECK: cp.async.bulk.wait_group 0;
// CHECK-NEXT: fence.proxy.async.global;
// CHECK: bar.sync 0;
// CHECK: fence.acq_rel.gpu;
// CHECK: atom.global.add.u32
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: ret;
// POINTERS-LABEL: .entry store_then_signal(
// POINTERS-NOT: cp.async.bulk
// POINTERS: st.global
tile.func @store_then_signal(%in: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                             %out: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                             %flag: !tile.ptr<i32>,
                             %M: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %one = arith.constant 1 : i64
  %c128 = arith.constant 128 : i32
  %c64 = arith.constant 64 : i32
  %c0 = arith.constant 0 : i32
  %pid = tile.program_id x
  %m = arith.muli %pid, %c64 : i32
  %in_desc = tile.make_desc %in, [%M, %c128], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %out_desc = tile.make_desc %out, [%M, %c128], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %x = tile.desc_load %in_desc[%m, %c0] : !tile.desc<tensor<64x128xbf16>>
  %y = arith.addf %x, %x : tensor<64x128xbf16>
  tile.desc_store %out_desc[%m, %c0], %y : !tile.desc<tensor<64x128xbf16>>
  %old = tile.atomic_rmw add, release, gpu %flag, %c64 : !tile.ptr<i32>
  tile.return
}

// A block of one matrix of a batch (leading unit dimension) stored in each
// iteration of a loop: the next iteration's store may write what this one
// did (its offsets are not known to differ), so it waits for the writes,
// and for the reads of the staging block before staging the next one.
// Program p's block starts at row 32 p - 16: the first one's top half lies
// outside the tensor.
// CHECK-LABEL: .entry store_per_head(
// CHECK: cp.async.bulk.wait_group 0;
// CHECK-NEXT: fence.proxy.async.global;
// CHECK: bar.sync 0;
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK: bar.sync 0;
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK-NOT: cp.async.bulk.wait_group
// CHECK: bra.uni
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: ret;
// POINTERS-LABEL: .entry store_per_head(
// POINTERS-NOT: cp.async.bulk
tile.func @store_per_head(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %H: i32, %L: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c32w = arith.constant 32 : i64
  %c16 = arith.constant 16 : i32
  %pid = tile.program_id x
  %m32 = arith.muli %pid, %c32 : i32
  %m = arith.subi %m32, %c16 : i32
  %desc = tile.make_desc %out, [%H, %L, %c32], [%ld, %c32w, %one] : !tile.ptr<f32> -> !tile.desc<tensor<1x32x32xf32>>
  %v = arith.constant dense<1.0> : tensor<1x32x32xf32>
  scf.for %h = %c0 to %H step %c1 : i32 {
    %hf = arith.sitofp %h : i32 to f32
    %hs = tile.splat %hf : tensor<1x32x32xf32>
    %w = arith.addf %v, %hs : tensor<1x32x32xf32>
    tile.desc_store %desc[%h, %m, %c0], %w : !tile.desc<tensor<1x32x32xf32>>
  }
  tile.return
}

// A block larger than the default staging budget (a quarter of shared
// memory: 56 KiB on sm_90a) goes out in parts, but the budget grows into
// the shared memory the kernel leaves at its programs per multiprocessor:
// after its loop the stage buffers are free (one program per
// multiprocessor either way), so the 128 x 256 f32 accumulator (128 KiB,
// eight panels of 16 KiB) is staged whole and goes out as eight tensor
// stores in one group, with no wait between them. (The ring of panel
// slots: scale_in_parts below, persistent-specialized.test.)
// CHECK-LABEL: .entry product_in_parts(
// CHECK: wgmma.mma_async
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK: bar.sync
// CHECK-NOT: cp.async.bulk
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync
// CHECK-COUNT-8: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: cp.async.bulk.commit_group;
// CHECK-NOT: cp.async.bulk.commit_group
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK-NOT: bulk
// CHECK: ret;
// POINTERS-LABEL: .entry product_in_parts(
// (The simulator does not run warpgroup products: the examples that store
// a product so run on the GPU, scripts/h200.sh.)
tile.func @product_in_parts(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64 {tile.divisibility = 16 : i32},
                            %ldb: i64 {tile.divisibility = 16 : i32},
                            %ldc: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 8 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m = arith.muli %pid_m, %c128 : i32
  %n = arith.muli %pid_n, %c256 : i32
  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x256xbf16>>
  %c_desc = tile.make_desc %c, [%M, %N], [%ldc, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x256xf32>>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %zero) -> (tensor<128x256xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m, %k] : !tile.desc<tensor<128x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n] : !tile.desc<tensor<64x256xbf16>>
    %next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  tile.desc_store %c_desc[%m, %n], %acc : !tile.desc<tensor<128x256xf32>>
  tile.return
}

// An elementwise block in parts: its blocked layout spreads a row's 16-byte
// vectors over the lanes, so whether a register falls in a part depends on
// the thread, and each is checked. The simulator reads a staged part when
// its store's wait allows at the latest, so a part written into a slot
// whose store may still be reading it computes a wrong answer there.
// CHECK-LABEL: .entry scale_in_parts(
// CHECK-COUNT-8: cp.async.bulk.commit_group;
// CHECK-NOT: cp.async.bulk.commit_group;
// CHECK: ret;
// POINTERS-LABEL: .entry scale_in_parts(
// POINTERS-NOT: cp.async.bulk
// POINTERS: st.global.v4
// RUN: tile-check %s --kernel scale_in_parts --grid 2 --targets sim-nvidia:chip=sm_90a \
// RUN:   --arg buf:f32:40000:rand --arg buf:f32:40000:poison --arg i32:150 --arg i64:256 \
// RUN:   | FileCheck %s --check-prefix=SIM4
// SIM4: tile-check: PASS @scale_in_parts (sim-nvidia:chip=sm_90a: 2 buffers match)
tile.func @scale_in_parts(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %M: i32, %ld: i64 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pid = tile.program_id x
  %m = arith.muli %pid, %c128 : i32
  %in_desc = tile.make_desc %in, [%M, %c256], [%ld, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x256xf32>>
  %out_desc = tile.make_desc %out, [%M, %c256], [%ld, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x256xf32>>
  %x = tile.desc_load %in_desc[%m, %c0] : !tile.desc<tensor<128x256xf32>>
  %y = arith.mulf %x, %x : tensor<128x256xf32>
  tile.desc_store %out_desc[%m, %c0], %y : !tile.desc<tensor<128x256xf32>>
  tile.return
}
