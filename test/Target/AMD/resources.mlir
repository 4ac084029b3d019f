// Programs beyond what the chip has are refused, naming the chip: LDS past
// 64 KiB, more than 1024 threads per workgroup.
// RUN: tile-opt %s --split-input-file --verify-diagnostics --convert-tile-to-gpu="target=amd chip=gfx942"
// RUN: not tile-opt %s --split-input-file --convert-tile-to-gpu="target=amd chip=gfx1100" 2>&1 | FileCheck %s --check-prefix=WAVE32

// A 256x256 f32 transpose goes through 256 KiB of LDS, even without the
// 16 bytes per row that pad it where it fits.
// expected-error @+1 {{needs 262144 bytes of shared memory; the chip allows 65536 per program on gfx942}}
tile.func @too_much_lds(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
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

// -----

// 32 warps are 2048 threads at wave 64 (1024 at wave 32, which gfx1100
// accepts).
// expected-error @+1 {{num_warps = 32 must be a power of two with at most 1024 threads per program (64 per warp on gfx942)}}
tile.func @too_many_warps(%p: !tile.ptr<f32>) attributes {num_warps = 32 : i32} {
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %p0 = tile.splat %p : tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %p0, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %pp : tensor<1024x!tile.ptr<f32>>
  tile.store %pp, %x : tensor<1024x!tile.ptr<f32>>
  tile.return
}
// WAVE32-DAG: error: 'tile.func' op needs 262144 bytes of shared memory; the chip allows 65536 per program on gfx1100
// WAVE32-DAG: gpu.func @too_many_warps({{.*}}known_block_size = array<i32: 1024, 1, 1>
