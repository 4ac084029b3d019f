// matmul_fp8_desc: matmul_fp8.mlir's product, C = bf16((A x B^T) *
//   scale_a[m] * scale_b[n]) with e4m3 A (M x K) and B (N x K), f32
//   accumulation, reading A and B through block descriptors: on sm_90a TMA
//   copies issued by a producer warp into a ring of stages, the products in
//   two consumer warpgroups; elsewhere element loads. Block elements outside
//   A or B read as zero (the descriptors' padding).
//   C is written through a descriptor too (on sm_90a a TMA store of the
//   block staged in shared memory; only its in-bounds elements are written)
//   and overlaps none of the other buffers (tile.noalias: a persistent
//   program's producer warp may copy the next tile's A and B while C's
//   writes are in flight). The store overlaps the next tile's main loop
//   (the lowering waits for it to have read shared memory only where the
//   next tile stages C): 2-5% faster than pointer stores on an H100
//   (docs/benchmarks/GemmAndAttention.md, 2026-12-06, night); waiting
//   right after the store, it was 3-5% slower.
//   A[m, k] at a + m * lda + k, B[n, k] at b + n * ldb + k, C[m, n] at
//   c + m * ldc + n; scale_a[m * sa_stride], scale_b[n * sb_stride] as in
//   matmul_fp8.mlir (stride 0: one scale per tensor).
// Grid: (cdiv(M, 128), cdiv(N, 128)), declared; program (x, y) computes rows
//   128x .. 128x+127 and columns 128y .. 128y+127 of C. Schedule
//   (docs/Semantics.md section 1.1): persistent programs, as many as the
//   device runs at once, each looping over tiles in grouped order (8 block
//   rows at a time), so that the tiles running together share their rows
//   of A and columns of B in the cache (on an H100 at 8192^3: 0.77x
//   torch._scaled_mm in row-major one-program-per-tile order, 0.86-0.90x
//   so over four runs).
// Arguments: a, b: !tile.ptr<f8E4M3FN>; c: !tile.ptr<bf16>; scale_a,
//   scale_b: !tile.ptr<f32>; M, N, K: i32; lda, ldb: i64; ldc, sa_stride,
//   sb_stride: i32. TMA needs lda and ldb multiples of 16 (bytes) and ldc
//   a multiple of 8; other strides take the element loads and stores.
// Tile sizes: 128 x 128 x 128 (num_warps = 8, num_stages = 4); each B block
//   is transposed to the k x n operand of the product. Each 128 k of the
//   sum is added into the f32 accumulator as one partial sum
//   (docs/Semantics.md 3.7), as in matmul_fp8.mlir.
tile.func @matmul_fp8_desc(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                           %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                           %scale_a: !tile.ptr<f32>, %scale_b: !tile.ptr<f32>,
                           %M: i32, %N: i32, %K: i32,
                           %lda: i64, %ldb: i64, %ldc: i32,
                           %sa_stride: i32, %sb_stride: i32)
    attributes {num_warps = 8 : i32, num_stages = 4 : i32,
                tile.schedule = #tile.schedule<persistent, grouped = 8>,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4, s5, s6] -> (s5 ceildiv 128, s6 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK : i32
  %n_start = arith.muli %pid_n, %BLOCK : i32

  // A (M x K) and B (N x K) as descriptors of 128x128 blocks; each B block
  // is transposed to the k x n operand the product takes.
  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<f8E4M3FN> -> !tile.desc<tensor<128x128xf8E4M3FN>>
  %b_desc = tile.make_desc %b, [%N, %K], [%ldb, %one] : !tile.ptr<f8E4M3FN> -> !tile.desc<tensor<128x128xf8E4M3FN>>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK iter_args(%acc_i = %acc0) -> (tensor<128x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<128x128xf8E4M3FN>>
    %b_tile = tile.desc_load %b_desc[%n_start, %k] : !tile.desc<tensor<128x128xf8E4M3FN>>
    %b_t = tile.trans %b_tile, [1, 0] : tensor<128x128xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
    %acc_next = tile.dot %a_tile, %b_t, %acc_i : tensor<128x128xf8E4M3FN>, tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>
    scf.yield %acc_next : tensor<128x128xf32>
  }

  // Scales per row and column (masked at the edges; other = 0 is never
  // stored), one rounding.
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %r128 : tensor<128xi32>
  %M_s = tile.splat %M : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<128xi32>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %zero_s = arith.constant dense<0.0> : tensor<128xf32>
  %sa_stride_s = tile.splat %sa_stride : tensor<128xi32>
  %sa_offs = arith.muli %offs_m, %sa_stride_s : tensor<128xi32>
  %sa_base = tile.splat %scale_a : tensor<128x!tile.ptr<f32>>
  %sa_ptrs = tile.addptr %sa_base, %sa_offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %sa = tile.load %sa_ptrs, %m_ok, %zero_s : tensor<128x!tile.ptr<f32>>
  %sb_stride_s = tile.splat %sb_stride : tensor<128xi32>
  %sb_offs = arith.muli %offs_n, %sb_stride_s : tensor<128xi32>
  %sb_base = tile.splat %scale_b : tensor<128x!tile.ptr<f32>>
  %sb_ptrs = tile.addptr %sb_base, %sb_offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %sb = tile.load %sb_ptrs, %n_ok, %zero_s : tensor<128x!tile.ptr<f32>>
  %sa_e = tile.expand_dims %sa, 1 : tensor<128xf32> -> tensor<128x1xf32>
  %sa_b = tile.broadcast %sa_e : tensor<128x1xf32> -> tensor<128x128xf32>
  %sb_e = tile.expand_dims %sb, 0 : tensor<128xf32> -> tensor<1x128xf32>
  %sb_b = tile.broadcast %sb_e : tensor<1x128xf32> -> tensor<128x128xf32>
  %scaled_a = arith.mulf %acc, %sa_b : tensor<128x128xf32>
  %scaled = arith.mulf %scaled_a, %sb_b : tensor<128x128xf32>
  %out = arith.truncf %scaled : tensor<128x128xf32> to tensor<128x128xbf16>
  // C through a descriptor of its own: the in-bounds elements of the block
  // are written (on sm_90a a TMA store of the block staged in shared memory).
  %ldc_w = arith.extsi %ldc : i32 to i64
  %c_desc = tile.make_desc %c, [%M, %N], [%ldc_w, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x128xbf16>>
  tile.desc_store %c_desc[%m_start, %n_start], %out : !tile.desc<tensor<128x128xbf16>>
  tile.return
}
