// matmul_bf16_desc.mlir's 128x256 kernel (scripts/build-variants.sh, form
// "tma-store") as a persistent program in grouped order that writes C
// through a descriptor: on sm_90a a producer warp copies A and B into a ring
// of stages for two consumer warpgroups, and C goes out as TMA stores of
// three parts (16 KiB column panels, three, three and two, the block being
// more than the quarter of shared memory a staging may take), which overlap
// the next tile's main loop. C overlaps no other buffer (tile.noalias): the
// producer warp copies the next tile's A and B while C's writes are in
// flight. The example stores C through pointers, one tile per program; this
// form stays a variant until the H200 has timed it against the example
// (docs/benchmarks/GemmAndAttention.md, "TMA stores in parts").
// Same arguments, results and grid as the example's kernel: C = A x B, A:
// M x K bf16, B: K x N bf16, C: M x N f32, row-major with leading dimensions
// lda, ldb (i64) and ldc (i32); block elements outside A or B read as zero,
// only C's in-bounds elements are written.
tile.func @matmul_bf16_desc(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 8 : i32, num_stages = 3 : i32,
                tile.schedule = #tile.schedule<persistent, grouped = 8>,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 128, s4 ceildiv 256)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 256 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x256xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<128x256xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<128x256xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<128x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x256xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
    scf.yield %acc_next : tensor<128x256xf32>
  }

  // C through a descriptor: on sm_90a a TMA store in parts (128 KiB of f32
  // is over the staging budget), overlapping the next tile's main loop.
  %ldc_w = arith.extsi %ldc : i32 to i64
  %c_desc = tile.make_desc %c, [%M, %N], [%ldc_w, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x256xf32>>
  tile.desc_store %c_desc[%m_start, %n_start], %acc : !tile.desc<tensor<128x256xf32>>
  tile.return
}
