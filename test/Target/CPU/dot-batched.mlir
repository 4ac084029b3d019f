// A batched (3-D) tile.dot on the CPU: one product per leading index, the
// batches' rows one after another in the micro-kernel's buffers. Checked
// against the reference on random inputs (f32, and bf16 into f32) within
// section 10's dot bound; the GPU targets compile them too (FMAs over
// each batch's matrices in shared memory).
// RUN: tile-check %s --kernel bdot_f32 --grid 1 --arg buf:f32:64:rand=1 \
// RUN:   --arg buf:f32:128:rand=2 --arg buf:f32:64:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=F32
// F32: tile-check: PASS @bdot_f32 (cpu: 3 buffers match)
// RUN: tile-check %s --kernel bdot_bf16 --grid 1 --arg buf:bf16:64:rand=1 \
// RUN:   --arg buf:bf16:128:rand=2 --arg buf:f32:64:poison --targets cpu \
// RUN:   | FileCheck %s --check-prefix=BF16
// BF16: tile-check: PASS @bdot_bf16 (cpu: 3 buffers match)
// RUN: tile-check %s --kernel bdot_f32 --grid 1 --arg buf:f32:64:rand=1 \
// RUN:   --arg buf:f32:128:rand=2 --arg buf:f32:64:poison --targets nvidia,amd \
// RUN:   --compile-only | FileCheck %s --check-prefix=GPU
// GPU: tile-check: PASS @bdot_f32 (nvidia: compiled only{{.*}}; amd: compiled only

tile.func @bdot_f32(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>) {
  %ra = tile.range 0 to 64 : tensor<64xi32>
  %ia = tile.reshape %ra : tensor<64xi32> -> tensor<2x4x8xi32>
  %pa = tile.splat %a : tensor<2x4x8x!tile.ptr<f32>>
  %pa1 = tile.addptr %pa, %ia : tensor<2x4x8x!tile.ptr<f32>>, tensor<2x4x8xi32>
  %x = tile.load %pa1 : tensor<2x4x8x!tile.ptr<f32>>
  %rb = tile.range 0 to 128 : tensor<128xi32>
  %ib = tile.reshape %rb : tensor<128xi32> -> tensor<2x8x8xi32>
  %pb = tile.splat %b : tensor<2x8x8x!tile.ptr<f32>>
  %pb1 = tile.addptr %pb, %ib : tensor<2x8x8x!tile.ptr<f32>>, tensor<2x8x8xi32>
  %y = tile.load %pb1 : tensor<2x8x8x!tile.ptr<f32>>
  %zero = arith.constant dense<0.5> : tensor<2x4x8xf32>
  %d = tile.dot %x, %y, %zero : tensor<2x4x8xf32>, tensor<2x8x8xf32> -> tensor<2x4x8xf32>
  %pc = tile.splat %c : tensor<2x4x8x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %ia : tensor<2x4x8x!tile.ptr<f32>>, tensor<2x4x8xi32>
  tile.store %pc1, %d : tensor<2x4x8x!tile.ptr<f32>>
  tile.return
}

tile.func @bdot_bf16(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>, %c: !tile.ptr<f32>) {
  %ra = tile.range 0 to 64 : tensor<64xi32>
  %ia = tile.reshape %ra : tensor<64xi32> -> tensor<2x4x8xi32>
  %pa = tile.splat %a : tensor<2x4x8x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa, %ia : tensor<2x4x8x!tile.ptr<bf16>>, tensor<2x4x8xi32>
  %x = tile.load %pa1 : tensor<2x4x8x!tile.ptr<bf16>>
  %rb = tile.range 0 to 128 : tensor<128xi32>
  %ib = tile.reshape %rb : tensor<128xi32> -> tensor<2x8x8xi32>
  %pb = tile.splat %b : tensor<2x8x8x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb, %ib : tensor<2x8x8x!tile.ptr<bf16>>, tensor<2x8x8xi32>
  %y = tile.load %pb1 : tensor<2x8x8x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.5> : tensor<2x4x8xf32>
  %d = tile.dot %x, %y, %zero : tensor<2x4x8xbf16>, tensor<2x8x8xbf16> -> tensor<2x4x8xf32>
  %pc = tile.splat %c : tensor<2x4x8x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc, %ia : tensor<2x4x8x!tile.ptr<f32>>, tensor<2x4x8xi32>
  tile.store %pc1, %d : tensor<2x4x8x!tile.ptr<f32>>
  tile.return
}
