// matmul_bf16: C = A x B with bf16 inputs and f32 accumulation, f32 output.
//   A: M x K bf16, B: K x N bf16, C: M x N f32, all row-major with leading
//   dimensions (row strides, in elements) lda, ldb, ldc: A[m, k] at
//   a + m * lda + k, B[k, n] at b + k * ldb + n, C[m, n] at c + m * ldc + n.
// Grid: (cdiv(M, 128), cdiv(N, 256), 1); program_id x = block row (rows
//   128*x .. 128*x+127 of C), program_id y = block column (columns
//   256*y .. 256*y+255). Run as persistent programs in grouped order
//   (tile.schedule, docs/Semantics.md section 1.1): 0.98x / 0.99x cuBLAS
//   at 4096^3 / 8192^3 on an H100, 2026-12-07 (docs/Benchmarks.md; one
//   tile per program: benchmarks/GemmAndAttention.md). Where the sizes and
//   strides are multiples of 16, A's and B's blocks are TMA copies issued
//   by a producer warpgroup on sm_90a (docs/Targets.md).
// Arguments: a, b: !tile.ptr<bf16>; c: !tile.ptr<f32>; M, N, K: i32;
//   lda, ldb, ldc: i32.
// Tile sizes: BLOCK_M = 128, BLOCK_N = 256, BLOCK_K = 64 (num_warps = 8,
//   num_stages = 3). scf.for over K in steps of 64 with a 128x256 f32
//   accumulator; loads masked at the M, N and K edges (other = 0), the store
//   masked at the M and N edges.
tile.func @matmul_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %M: i32, %N: i32, %K: i32,
                       %lda: i32, %ldb: i32, %ldc: i32)
    attributes {num_warps = 8 : i32, num_stages = 3 : i32,
                tile.schedule = #tile.schedule<persistent, grouped = 8>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 256 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // offs_m = pid_m * BLOCK_M + arange(BLOCK_M), offs_n likewise, offs_k = arange(BLOCK_K).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %r256 = tile.range 0 to 256 : tensor<256xi32>
  %n_start_s = tile.splat %n_start : tensor<256xi32>
  %offs_n = arith.addi %n_start_s, %r256 : tensor<256xi32>
  %offs_k = tile.range 0 to 64 : tensor<64xi32>

  // A block pointers: a + offs_m[:, None] * lda + offs_k[None, :]   (128 x 64)
  %lda_s = tile.splat %lda : tensor<128xi32>
  %a_row = arith.muli %offs_m, %lda_s : tensor<128xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<128x1xi32> -> tensor<128x64xi32>
  %k_row_e = tile.expand_dims %offs_k, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<1x64xi32> -> tensor<128x64xi32>
  %a_offs = arith.addi %a_row_b, %k_row_b : tensor<128x64xi32>
  %a_base = tile.splat %a : tensor<128x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<128x64x!tile.ptr<bf16>>, tensor<128x64xi32>

  // B block pointers: b + offs_k[:, None] * ldb + offs_n[None, :]   (64 x 256)
  %ldb_s = tile.splat %ldb : tensor<64xi32>
  %b_row = arith.muli %offs_k, %ldb_s : tensor<64xi32>
  %b_row_e = tile.expand_dims %b_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %b_row_b = tile.broadcast %b_row_e : tensor<64x1xi32> -> tensor<64x256xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x256xi32> -> tensor<64x256xi32>
  %b_offs = arith.addi %b_row_b, %n_col_b : tensor<64x256xi32>
  %b_base = tile.splat %b : tensor<64x256x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>

  // Edge masks that do not change along K.
  %M_s = tile.splat %M : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<128xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x64xi1>
  %N_s = tile.splat %N : tensor<256xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<256xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<256xi1> -> tensor<1x256xi1>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<64x256xi1>

  // Pointer increments per K step: A moves BLOCK_K columns, B moves BLOCK_K rows.
  %a_step = arith.constant dense<64> : tensor<128x64xi32>
  %b_step_scalar = arith.muli %ldb, %BLOCK_K : i32
  %b_step = tile.splat %b_step_scalar : tensor<64x256xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %zero_a = arith.constant dense<0.0> : tensor<128x64xbf16>
  %zero_b = arith.constant dense<0.0> : tensor<64x256xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<128x256xf32>

  %acc, %a_ptrs_end, %b_ptrs_end = scf.for %k = %c0 to %K step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x256xf32>, tensor<128x64x!tile.ptr<bf16>>, tensor<64x256x!tile.ptr<bf16>>) : i32 {
    // k_ok[j] = k + j < K
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x64xi1> -> tensor<128x64xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<128x64xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %b_k_mask = tile.broadcast %k_ok_row : tensor<64x1xi1> -> tensor<64x256xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<64x256xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<128x64x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<64x256x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<128x64x!tile.ptr<bf16>>, tensor<128x64xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<128x256xf32>, tensor<128x64x!tile.ptr<bf16>>, tensor<64x256x!tile.ptr<bf16>>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %ldc_s = tile.splat %ldc : tensor<128xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<128xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<128x1xi32> -> tensor<128x256xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x256xi32> -> tensor<128x256xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<128x256xi32>
  %c_base = tile.splat %c : tensor<128x256x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<128x256x!tile.ptr<f32>>, tensor<128x256xi32>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x256xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<128x256xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<128x256xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<128x256x!tile.ptr<f32>>
  tile.return
}
