// matmul_f32: C = A x B in f32 (ieee precision), A: M x K, B: K x N, C: M x N,
//   all row-major with leading dimensions (row strides, in elements) lda, ldb,
//   ldc: A[m, k] at a + m * lda + k, B[k, n] at b + k * ldb + n,
//   C[m, n] at c + m * ldc + n.
// Grid: (cdiv(M, 64), cdiv(N, 64), 1), declared (tile.grid), x = block row
//   (rows 64x..64x+63 of C), y = block column (64y..64y+63), started 8 rows
//   at a time (grouped = 8).
// Arguments: a, b, c: !tile.ptr<f32>; M, N, K: i32; lda, ldb, ldc: i32.
// Tile sizes: BLOCK_M = 64, BLOCK_N = 64, BLOCK_K = 32. scf.for over K in
//   steps of 32 with a 64x64 f32 accumulator; loads masked at the M, N and K
//   edges (other = 0), the store masked at the M and N edges.
// @matmul_f32_128x128 is the same kernel over 128x128 blocks, an
//   alternative over its own grid (cdiv(M, 128), cdiv(N, 128), 1); the
//   runtime times the forms on a shape's first launch (on the development
//   machine's CPU the 128x128 form ran 5-20% faster at 2048^3 and 4096^3).
// @matmul_f32_256x256, over 256x256 blocks, is a third for the CPU only
//   (tile.alternative_targets): there it ran 2-6% faster than 128x128 at
//   2048^3 and 8-13% at 4096^3 (each program reads A's and B's panels for
//   four times the products: a quarter of the memory traffic).
tile.func @matmul_f32(%a: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %b: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %M: i32, %N: i32, %K: i32, %lda: i32, %ldb: i32, %ldc: i32)
    attributes {tile.schedule = #tile.schedule<grouped = 8>,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 64)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 64 : i32
  %BLOCK_K = arith.constant 32 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // offs_m = pid_m * BLOCK_M + arange(BLOCK_M), offs_n likewise, offs_k = arange(BLOCK_K).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %r64 : tensor<64xi32>
  %n_start_s = tile.splat %n_start : tensor<64xi32>
  %offs_n = arith.addi %n_start_s, %r64 : tensor<64xi32>
  %offs_k = tile.range 0 to 32 : tensor<32xi32>

  // A block pointers: a + offs_m[:, None] * lda + offs_k[None, :]   (64 x 32)
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_row = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %k_row_e = tile.expand_dims %offs_k, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_row_b, %k_row_b : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<f32>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>

  // B block pointers: b + offs_k[:, None] * ldb + offs_n[None, :]   (32 x 64)
  %ldb_s = tile.splat %ldb : tensor<32xi32>
  %b_row = arith.muli %offs_k, %ldb_s : tensor<32xi32>
  %b_row_e = tile.expand_dims %b_row, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_row_b = tile.broadcast %b_row_e : tensor<32x1xi32> -> tensor<32x64xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_offs = arith.addi %b_row_b, %n_col_b : tensor<32x64xi32>
  %b_base = tile.splat %b : tensor<32x64x!tile.ptr<f32>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>

  // Edge masks that do not change along K.
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x32xi1>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<32x64xi1>

  // Pointer increments per K step: A moves BLOCK_K columns, B moves BLOCK_K rows.
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %b_step_scalar = arith.muli %ldb, %BLOCK_K : i32
  %b_step = tile.splat %b_step_scalar : tensor<32x64xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf32>
  %zero_b = arith.constant dense<0.0> : tensor<32x64xf32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>

  %acc, %a_ptrs_end, %b_ptrs_end = scf.for %k = %c0 to %K step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f32>>, tensor<32x64x!tile.ptr<f32>>) : i32 {
    // k_ok[j] = k + j < K
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x32xi1> -> tensor<64x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x32xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %b_k_mask = tile.broadcast %k_ok_row : tensor<32x1xi1> -> tensor<32x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<32x64xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x32x!tile.ptr<f32>>
    %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<32x64x!tile.ptr<f32>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<64x64xf32>, tensor<64x32x!tile.ptr<f32>>, tensor<32x64x!tile.ptr<f32>>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// The same over 128x128 blocks.
tile.func @matmul_f32_128x128(%a: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %b: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %M: i32, %N: i32, %K: i32, %lda: i32, %ldb: i32, %ldc: i32)
    attributes {tile.schedule = #tile.schedule<grouped = 8>,
                tile.alternative_of = @matmul_f32,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 128, s4 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 128 : i32
  %BLOCK_K = arith.constant 32 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // offs_m = pid_m * BLOCK_M + arange(BLOCK_M), offs_n likewise, offs_k = arange(BLOCK_K).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %r128 : tensor<128xi32>
  %offs_k = tile.range 0 to 32 : tensor<32xi32>

  // A block pointers: a + offs_m[:, None] * lda + offs_k[None, :]   (128 x 32)
  %lda_s = tile.splat %lda : tensor<128xi32>
  %a_row = arith.muli %offs_m, %lda_s : tensor<128xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<128x1xi32> -> tensor<128x32xi32>
  %k_row_e = tile.expand_dims %offs_k, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<1x32xi32> -> tensor<128x32xi32>
  %a_offs = arith.addi %a_row_b, %k_row_b : tensor<128x32xi32>
  %a_base = tile.splat %a : tensor<128x32x!tile.ptr<f32>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<128x32x!tile.ptr<f32>>, tensor<128x32xi32>

  // B block pointers: b + offs_k[:, None] * ldb + offs_n[None, :]   (32 x 128)
  %ldb_s = tile.splat %ldb : tensor<32xi32>
  %b_row = arith.muli %offs_k, %ldb_s : tensor<32xi32>
  %b_row_e = tile.expand_dims %b_row, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_row_b = tile.broadcast %b_row_e : tensor<32x1xi32> -> tensor<32x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<32x128xi32>
  %b_offs = arith.addi %b_row_b, %n_col_b : tensor<32x128xi32>
  %b_base = tile.splat %b : tensor<32x128x!tile.ptr<f32>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<32x128x!tile.ptr<f32>>, tensor<32x128xi32>

  // Edge masks that do not change along K.
  %M_s = tile.splat %M : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<128xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x32xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<32x128xi1>

  // Pointer increments per K step: A moves BLOCK_K columns, B moves BLOCK_K rows.
  %a_step = arith.constant dense<32> : tensor<128x32xi32>
  %b_step_scalar = arith.muli %ldb, %BLOCK_K : i32
  %b_step = tile.splat %b_step_scalar : tensor<32x128xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %zero_a = arith.constant dense<0.0> : tensor<128x32xf32>
  %zero_b = arith.constant dense<0.0> : tensor<32x128xf32>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>

  %acc, %a_ptrs_end, %b_ptrs_end = scf.for %k = %c0 to %K step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x32x!tile.ptr<f32>>, tensor<32x128x!tile.ptr<f32>>) : i32 {
    // k_ok[j] = k + j < K
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x32xi1> -> tensor<128x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<128x32xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %b_k_mask = tile.broadcast %k_ok_row : tensor<32x1xi1> -> tensor<32x128xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<32x128xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<128x32x!tile.ptr<f32>>
    %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<32x128x!tile.ptr<f32>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<128x32x!tile.ptr<f32>>, tensor<128x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<32x128x!tile.ptr<f32>>, tensor<32x128xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<128x128xf32>, tensor<128x32x!tile.ptr<f32>>, tensor<32x128x!tile.ptr<f32>>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %ldc_s = tile.splat %ldc : tensor<128xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<128xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<128x128xi32>
  %c_base = tile.splat %c : tensor<128x128x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<128x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<128x128xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<128x128x!tile.ptr<f32>>
  tile.return
}

// The same over 256x256 blocks, on the CPU only: a GPU thread would hold
// 512 accumulators at 4 warps, and even in 16 it spills on NVIDIA.
tile.func @matmul_f32_256x256(%a: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %b: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %M: i32, %N: i32, %K: i32, %lda: i32, %ldb: i32, %ldc: i32)
    attributes {tile.schedule = #tile.schedule<grouped = 8>,
                tile.alternative_of = @matmul_f32,
                tile.alternative_targets = ["cpu"],
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 256, s4 ceildiv 256)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 256 : i32
  %BLOCK_N = arith.constant 256 : i32
  %BLOCK_K = arith.constant 32 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // offs_m = pid_m * BLOCK_M + arange(BLOCK_M), offs_n likewise, offs_k = arange(BLOCK_K).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %r256 = tile.range 0 to 256 : tensor<256xi32>
  %m_start_s = tile.splat %m_start : tensor<256xi32>
  %offs_m = arith.addi %m_start_s, %r256 : tensor<256xi32>
  %n_start_s = tile.splat %n_start : tensor<256xi32>
  %offs_n = arith.addi %n_start_s, %r256 : tensor<256xi32>
  %offs_k = tile.range 0 to 32 : tensor<32xi32>

  // A block pointers: a + offs_m[:, None] * lda + offs_k[None, :]   (256 x 32)
  %lda_s = tile.splat %lda : tensor<256xi32>
  %a_row = arith.muli %offs_m, %lda_s : tensor<256xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<256x1xi32> -> tensor<256x32xi32>
  %k_row_e = tile.expand_dims %offs_k, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<1x32xi32> -> tensor<256x32xi32>
  %a_offs = arith.addi %a_row_b, %k_row_b : tensor<256x32xi32>
  %a_base = tile.splat %a : tensor<256x32x!tile.ptr<f32>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<256x32x!tile.ptr<f32>>, tensor<256x32xi32>

  // B block pointers: b + offs_k[:, None] * ldb + offs_n[None, :]   (32 x 256)
  %ldb_s = tile.splat %ldb : tensor<32xi32>
  %b_row = arith.muli %offs_k, %ldb_s : tensor<32xi32>
  %b_row_e = tile.expand_dims %b_row, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_row_b = tile.broadcast %b_row_e : tensor<32x1xi32> -> tensor<32x256xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x256xi32> -> tensor<32x256xi32>
  %b_offs = arith.addi %b_row_b, %n_col_b : tensor<32x256xi32>
  %b_base = tile.splat %b : tensor<32x256x!tile.ptr<f32>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<32x256x!tile.ptr<f32>>, tensor<32x256xi32>

  // Edge masks that do not change along K.
  %M_s = tile.splat %M : tensor<256xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<256xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<256xi1> -> tensor<256x1xi1>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<256x1xi1> -> tensor<256x32xi1>
  %N_s = tile.splat %N : tensor<256xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<256xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<256xi1> -> tensor<1x256xi1>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<32x256xi1>

  // Pointer increments per K step: A moves BLOCK_K columns, B moves BLOCK_K rows.
  %a_step = arith.constant dense<32> : tensor<256x32xi32>
  %b_step_scalar = arith.muli %ldb, %BLOCK_K : i32
  %b_step = tile.splat %b_step_scalar : tensor<32x256xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %zero_a = arith.constant dense<0.0> : tensor<256x32xf32>
  %zero_b = arith.constant dense<0.0> : tensor<32x256xf32>
  %acc0 = arith.constant dense<0.0> : tensor<256x256xf32>

  %acc, %a_ptrs_end, %b_ptrs_end = scf.for %k = %c0 to %K step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<256x256xf32>, tensor<256x32x!tile.ptr<f32>>, tensor<32x256x!tile.ptr<f32>>) : i32 {
    // k_ok[j] = k + j < K
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x32xi1> -> tensor<256x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<256x32xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %b_k_mask = tile.broadcast %k_ok_row : tensor<32x1xi1> -> tensor<32x256xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<32x256xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<256x32x!tile.ptr<f32>>
    %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<32x256x!tile.ptr<f32>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<256x32xf32>, tensor<32x256xf32> -> tensor<256x256xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<256x32x!tile.ptr<f32>>, tensor<256x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<32x256x!tile.ptr<f32>>, tensor<32x256xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<256x256xf32>, tensor<256x32x!tile.ptr<f32>>, tensor<32x256x!tile.ptr<f32>>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %ldc_s = tile.splat %ldc : tensor<256xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<256xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<256x1xi32> -> tensor<256x256xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x256xi32> -> tensor<256x256xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<256x256xi32>
  %c_base = tile.splat %c : tensor<256x256x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<256x1xi1> -> tensor<256x256xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<256x256xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<256x256xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<256x256x!tile.ptr<f32>>
  tile.return
}
