// wgmma reads 8-bit operands only k-contiguous. A B stored [K, N] (N
// contiguous, as Triton's matmul tutorials store it) is still copied
// asynchronously in its own order, and each iteration moves it from its
// stage into a k-major buffer through registers: 16-byte reads along N, a
// 4 x 4 byte transpose, 4-byte stores along k (not one byte per store).
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s
// RUN: tile-compile %s --target=nvidia:sm_90a --emit=asm -o - | FileCheck %s --check-prefix=ASM

// CHECK: tile.dot {{.*}}tile.gpu.pipeline = ["3 stages; A: async copies; B: async copies, restaged k-major

// ASM-LABEL: .entry restaged_b(
// ASM: cp.async.cg.shared.global
// ASM: $[[LOOP:[A-Za-z0-9_]+]]:
// ASM: cp.async.wait_group
// ASM: bar.sync
// ASM-COUNT-4: ld.shared.v4.b32
// ASM-NOT: st.shared.b8
// ASM-COUNT-16: st.shared.b32
// ASM: fence.proxy.async.shared::cta
// ASM: bar.sync
// ASM-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
tile.func @restaged_b(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                      %b: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                      %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %K: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  // A: 64 x K row-major (row stride K); B: K x 64 row-major.
  %K_s = tile.splat %K : tensor<64x1xi32>
  %rows = tile.expand_dims %r64, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row = arith.muli %rows, %K_s : tensor<64x1xi32>
  %a_rb = tile.broadcast %a_row : tensor<64x1xi32> -> tensor<64x128xi32>
  %kcols = tile.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %a_cb = tile.broadcast %kcols : tensor<1x128xi32> -> tensor<64x128xi32>
  %a_offs = arith.addi %a_rb, %a_cb : tensor<64x128xi32>
  %a_base = tile.splat %a : tensor<64x128x!tile.ptr<f8E4M3FN>>
  %a_ptrs = tile.addptr %a_base, %a_offs : tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<64x128xi32>
  %c64 = arith.constant dense<64> : tensor<128x1xi32>
  %krows = tile.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %b_row = arith.muli %krows, %c64 : tensor<128x1xi32>
  %b_rb = tile.broadcast %b_row : tensor<128x1xi32> -> tensor<128x64xi32>
  %cols = tile.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<128x64xi32>
  %b_offs = arith.addi %b_rb, %b_cb : tensor<128x64xi32>
  %b_base = tile.splat %b : tensor<128x64x!tile.ptr<f8E4M3FN>>
  %b_ptrs = tile.addptr %b_base, %b_offs : tensor<128x64x!tile.ptr<f8E4M3FN>>, tensor<128x64xi32>
  %a_step = arith.constant dense<128> : tensor<64x128xi32>
  %b_step = arith.constant dense<8192> : tensor<128x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:3 = scf.for %k = %c0 to %K step %c128
      iter_args(%acc = %zero, %pa = %a_ptrs, %pb = %b_ptrs)
      -> (tensor<64x64xf32>, tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<128x64x!tile.ptr<f8E4M3FN>>) : i32 {
    %x = tile.load %pa : tensor<64x128x!tile.ptr<f8E4M3FN>>
    %y = tile.load %pb : tensor<128x64x!tile.ptr<f8E4M3FN>>
    %d = tile.dot %x, %y, %acc : tensor<64x128xf8E4M3FN>, tensor<128x64xf8E4M3FN> -> tensor<64x64xf32>
    %na = tile.addptr %pa, %a_step : tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<64x128xi32>
    %nb = tile.addptr %pb, %b_step : tensor<128x64x!tile.ptr<f8E4M3FN>>, tensor<128x64xi32>
    scf.yield %d, %na, %nb : tensor<64x64xf32>, tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<128x64x!tile.ptr<f8E4M3FN>>
  }
  %c64c = arith.constant dense<64> : tensor<64x1xi32>
  %c_row = arith.muli %rows, %c64c : tensor<64x1xi32>
  %c_rb = tile.broadcast %c_row : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rb, %c_cb : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %c_ptrs, %r#0 : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
