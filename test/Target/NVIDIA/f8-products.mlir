// Products of 8-bit floats on sm_90a run on wgmma m64nNk32 with both
// operands k-contiguous in shared memory (the instruction has no transpose
// for 8-bit inputs), A's and B's formats named apart. The unit may keep
// fewer accumulator bits for f8 products, so each run of at most 128 k
// starts from zero (scale-d off) and is added into the f32 accumulator
// (docs/Semantics.md 3.7): K = 256 is two runs, each a group of its own;
// the first is waited for and added while the second runs.
// RUN: tile-compile %s --target=nvidia:sm_90a --emit=asm -o - | FileCheck %s
// On sm_80 the products are multiply-adds of the decoded values.
// RUN: tile-compile %s --target=nvidia:sm_80 --emit=asm -o - | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: .entry f8_product(
// CHECK-NOT: mov.b32 {{.*}}, 0;
// CHECK: mov.b32 [[OFF:%r[0-9]+]], 0;
// CHECK: setp.ne.b32 p, [[OFF]], 0;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: wgmma.wait_group
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: add.rn.f32
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.mma_async
// CHECK: add.rn.f32
// SM80-NOT: wgmma
tile.func @f8_product(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                      %b: !tile.ptr<f8E5M2> {tile.divisibility = 16 : i32},
                      %c: !tile.ptr<f32> {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %r256 = tile.range 0 to 256 : tensor<256xi32>
  %c256 = arith.constant dense<256> : tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<256x1xi32>
  %c64o = arith.constant dense<64> : tensor<64x1xi32>
  // A: 64 x 256 row-major; B: 256 x 64 row-major; C: 64 x 64.
  %rows = tile.expand_dims %r64, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %kcols = tile.expand_dims %r256, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %a_row = arith.muli %rows, %c256 : tensor<64x1xi32>
  %a_rb = tile.broadcast %a_row : tensor<64x1xi32> -> tensor<64x256xi32>
  %a_cb = tile.broadcast %kcols : tensor<1x256xi32> -> tensor<64x256xi32>
  %a_offs = arith.addi %a_rb, %a_cb : tensor<64x256xi32>
  %a_base = tile.splat %a : tensor<64x256x!tile.ptr<f8E4M3FN>>
  %a_ptrs = tile.addptr %a_base, %a_offs : tensor<64x256x!tile.ptr<f8E4M3FN>>, tensor<64x256xi32>
  %a_tile = tile.load %a_ptrs : tensor<64x256x!tile.ptr<f8E4M3FN>>
  %krows = tile.expand_dims %r256, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %cols = tile.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_row = arith.muli %krows, %c64 : tensor<256x1xi32>
  %b_rb = tile.broadcast %b_row : tensor<256x1xi32> -> tensor<256x64xi32>
  %b_cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<256x64xi32>
  %b_offs = arith.addi %b_rb, %b_cb : tensor<256x64xi32>
  %b_base = tile.splat %b : tensor<256x64x!tile.ptr<f8E5M2>>
  %b_ptrs = tile.addptr %b_base, %b_offs : tensor<256x64x!tile.ptr<f8E5M2>>, tensor<256x64xi32>
  %b_tile = tile.load %b_ptrs : tensor<256x64x!tile.ptr<f8E5M2>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.dot %a_tile, %b_tile, %zero : tensor<64x256xf8E4M3FN>, tensor<256x64xf8E5M2> -> tensor<64x64xf32>
  %c_row = arith.muli %rows, %c64o : tensor<64x1xi32>
  %c_rb = tile.broadcast %c_row : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rb, %c_cb : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %c_ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
