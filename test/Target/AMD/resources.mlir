// Programs beyond what the chip has are refused, naming the chip: LDS past
// 64 KiB, more than 1024 threads per workgroup.
// RUN: tile-opt %s --split-input-file --verify-diagnostics --convert-tile-to-gpu="target=amd chip=gfx942"
// RUN: not tile-opt %s --split-input-file --convert-tile-to-gpu="target=amd chip=gfx1100" 2>&1 | FileCheck %s --check-prefix=WAVE32

// A 512x512 f32 transpose goes through 1 MiB of LDS: more than 64 KiB even
// unpadded and in parts (4 on gfx942, 8 on gfx1100; a 256x256 one fits on
// gfx1100 so, conversion-parts.mlir).
// expected-error @+1 {{needs 262144 bytes of shared memory; the chip allows 65536 per program on gfx942}}
tile.func @too_much_lds(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 512 : tensor<512xi32>
  %c512 = arith.constant dense<512> : tensor<512xi32>
  %rows = arith.muli %r, %c512 : tensor<512xi32>
  %re = tile.expand_dims %rows, 1 : tensor<512xi32> -> tensor<512x1xi32>
  %rb = tile.broadcast %re : tensor<512x1xi32> -> tensor<512x512xi32>
  %ce = tile.expand_dims %r, 0 : tensor<512xi32> -> tensor<1x512xi32>
  %cb = tile.broadcast %ce : tensor<1x512xi32> -> tensor<512x512xi32>
  %offs = arith.addi %rb, %cb : tensor<512x512xi32>
  %s0 = tile.splat %src : tensor<512x512x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %offs : tensor<512x512x!tile.ptr<f32>>, tensor<512x512xi32>
  %x = tile.load %sp : tensor<512x512x!tile.ptr<f32>>
  %t = tile.trans %x, [1, 0] : tensor<512x512xf32> -> tensor<512x512xf32>
  %d0 = tile.splat %dst : tensor<512x512x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %offs : tensor<512x512x!tile.ptr<f32>>, tensor<512x512xi32>
  tile.store %dp, %t : tensor<512x512x!tile.ptr<f32>>
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
// WAVE32-DAG: error: 'tile.func' op needs 131072 bytes of shared memory; the chip allows 65536 per program on gfx1100
// WAVE32-DAG: gpu.func @too_many_warps({{.*}}known_block_size = array<i32: 1024, 1, 1>
