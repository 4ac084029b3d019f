// A loop's own `tile.num_stages` sets how deep its products are pipelined
// (Triton's tl.range(num_stages=...)); loops without one take the kernel's
// num_stages. Too deep a loop is refused naming its stages.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s
// RUN: sed 's/tile.num_stages = 2 : i32/tile.num_stages = 64 : i32/' %s > %t.mlir
// RUN: not tile-opt %t.mlir --convert-tile-to-gpu="target=nvidia chip=sm_90a" 2>&1 | FileCheck %s --check-prefix=DEEP

// CHECK: tile.dot {{.*}}tile.gpu.pipeline = ["2 stages; A: async copies; B: async copies
// CHECK: tile.dot {{.*}}tile.gpu.pipeline = ["4 stages; A: async copies; B: async copies
// DEEP: error: 'tile.dot' op num_stages = 64 needs {{[0-9]+}} bytes of shared memory

tile.func @two_loops(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                     %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %K: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %r32 = tile.range 0 to 32 : tensor<32xi32>
  // A: 64 x K row-major (row stride K); B: K x 64 row-major.
  %K_s = tile.splat %K : tensor<64x1xi32>
  %rows = tile.expand_dims %r64, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row = arith.muli %rows, %K_s : tensor<64x1xi32>
  %a_rb = tile.broadcast %a_row : tensor<64x1xi32> -> tensor<64x32xi32>
  %kcols = tile.expand_dims %r32, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %a_cb = tile.broadcast %kcols : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_rb, %a_cb : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %a_ptrs = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %krows = tile.expand_dims %r32, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_row = arith.muli %krows, %c64 : tensor<32x1xi32>
  %b_rb = tile.broadcast %b_row : tensor<32x1xi32> -> tensor<32x64xi32>
  %cols = tile.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_offs = arith.addi %b_rb, %b_cb : tensor<32x64xi32>
  %b_base = tile.splat %b : tensor<32x64x!tile.ptr<bf16>>
  %b_ptrs = tile.addptr %b_base, %b_offs : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %b_step = arith.constant dense<2048> : tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %first:3 = scf.for %k = %c0 to %K step %c32
      iter_args(%acc = %zero, %pa = %a_ptrs, %pb = %b_ptrs)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %x = tile.load %pa : tensor<64x32x!tile.ptr<bf16>>
    %y = tile.load %pb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %x, %y, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %pa, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %nb = tile.addptr %pb, %b_step : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %d, %na, %nb : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>
  } {tile.num_stages = 2 : i32}
  %second:3 = scf.for %k = %c0 to %K step %c32
      iter_args(%acc = %first#0, %pa = %a_ptrs, %pb = %b_ptrs)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %x = tile.load %pa : tensor<64x32x!tile.ptr<bf16>>
    %y = tile.load %pb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %x, %y, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %pa, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %nb = tile.addptr %pb, %b_step : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %d, %na, %nb : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>
  }
  %c64c = arith.constant dense<64> : tensor<64x1xi32>
  %c_row = arith.muli %rows, %c64c : tensor<64x1xi32>
  %c_rb = tile.broadcast %c_row : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rb, %c_cb : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %c_ptrs, %second#0 : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
