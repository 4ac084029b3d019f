// A layout conversion larger than the LDS goes through it in parts where
// both layouts hold coordinate bits in register bases of their own
// (docs/Targets.md, shared-memory fallbacks): this 256x256 f32 transpose
// needs 256 KiB whole; at wave 32 (gfx1100) it goes in 4 parts of 64 KiB,
// unpadded, and the simulator checks every element. At wave 64 (gfx942) its
// two layouts share no such bit: refused, as before.
// RUN: tile-opt %s --convert-tile-to-gpu="target=amd chip=gfx1100" | FileCheck %s
// CHECK: tile.launch = {transpose = {asserts = 0 : i64, shared = 65536 : i64
// RUN: tile-check %s --grid 1 --arg buf:f32:65536:rand --arg buf:f32:65536:poison \
// RUN:   --targets sim-amd:chip=gfx1100 | FileCheck %s --check-prefix=SIM
// SIM: tile-check: PASS @transpose (sim-amd:chip=gfx1100: 2 buffers match)
// RUN: not tile-opt %s --convert-tile-to-gpu="target=amd chip=gfx942" 2>&1 | FileCheck %s --check-prefix=WAVE64
// WAVE64: error: 'tile.func' op needs 262144 bytes of shared memory; the chip allows 65536 per program on gfx942
tile.func @transpose(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %c256 = arith.constant dense<256> : tensor<256xi32>
  %rows = arith.muli %r, %c256 : tensor<256xi32>
  %re = tile.expand_dims %rows, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %rb = tile.broadcast %re : tensor<256x1xi32> -> tensor<256x256xi32>
  %ce = tile.expand_dims %r, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %cb = tile.broadcast %ce : tensor<1x256xi32> -> tensor<256x256xi32>
  %offs = arith.addi %rb, %cb : tensor<256x256xi32>
  %s0 = tile.splat %src : tensor<256x256x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %offs : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  %x = tile.load %sp : tensor<256x256x!tile.ptr<f32>>
  %t = tile.trans %x, [1, 0] : tensor<256x256xf32> -> tensor<256x256xf32>
  %d0 = tile.splat %dst : tensor<256x256x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %offs : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  tile.store %dp, %t : tensor<256x256x!tile.ptr<f32>>
  tile.return
}
