// matmul_bf16_desc: C = A x B with bf16 inputs and f32 accumulation, f32
//   output, reading A and B through block descriptors (on sm_90a the loads
//   become TMA copies into shared memory; elsewhere element loads).
//   A: M x K bf16, B: K x N bf16, C: M x N f32, all row-major with leading
//   dimensions (row strides, in elements) lda, ldb, ldc: A[m, k] at
//   a + m * lda + k, B[k, n] at b + k * ldb + n, C[m, n] at c + m * ldc + n.
//   Block elements outside A or B read as zero (the descriptors' padding).
//   C overlaps neither A nor B (tile.noalias): a launch whose C does is
//   refused.
// Grid: (cdiv(M, 128), cdiv(N, 256), 1), declared; program_id x = block row (rows
//   128*x .. 128*x+127 of C), program_id y = block column (columns
//   256*y .. 256*y+255). The 128x256 kernel runs as persistent programs in
//   grouped order (tile.schedule, docs/Semantics.md section 1.1), and
//   writes C through a descriptor too: on sm_90a a producer warp copies A
//   and B into a ring of stages for two consumer warpgroups, and C goes out
//   as TMA stores of 16 KiB column panels through a ring of five slots,
//   overlapping the next tile's main loop (0.96-0.97x / 0.99-1.03x cuBLAS
//   at 4096^3 / 8192^3 on an H100; docs/benchmarks/GemmAndAttention.md;
//   @matmul_bf16_desc_bf16_out at the end writes bf16 as cuBLAS does).
// Arguments: a, b: !tile.ptr<bf16>; c: !tile.ptr<f32>; M, N, K: i32;
//   lda, ldb: i64; ldc: i32.
// Tile sizes: BLOCK_M = 128, BLOCK_N = 256, BLOCK_K = 64 (num_warps = 8,
//   num_stages = 3). scf.for over K in steps of 64 with a 128x256 f32
//   accumulator; the store masked at the M and N edges (the alternatives:
//   a pointer store so masked).
// The kernel declares its grid (tile.grid, docs/Semantics.md section 1.2),
//   and alternatives with smaller tiles declare theirs: 128x128 (8 warps,
//   4 stages), 64x128 (4 warps, 4 stages), 64x64 (4 warps, 6 stages), for
//   shapes whose M or N leave few 128x256 tiles to spread over the
//   multiprocessors (M = 16 to 256 in serving); two split the loop over K
//   of the 64x128 product between 2 and 4 programs (split-K, tile.split_k,
//   docs/Semantics.md section 1.3), for small M with N too small to fill
//   the multiprocessors even so; at the end, NVIDIA's alone, 64x64 split 2
//   ways and 64x256. The runtime times them on a shape's first launch and
//   keeps the fastest (docs/Runtime.md, "Alternatives and tuning").
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

// The same product over 128x128 tiles.
tile.func @matmul_bf16_desc_128x128(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 8 : i32, num_stages = 4 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 128, s4 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 128 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<128x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<128x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x128xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %acc_next : tensor<128x128xf32>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<128xi32>
  %rn = tile.range 0 to 128 : tensor<128xi32>
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<128xi32>
  %ldc_s = tile.splat %ldc : tensor<128xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<128xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<128x128xi32>
  %c_base = tile.splat %c : tensor<128x128x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
  %M_s = tile.splat %M : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<128xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<128x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<128x128xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<128x128x!tile.ptr<f32>>
  tile.return
}

// The same product over 64x128 tiles (one warpgroup).
tile.func @matmul_bf16_desc_64x128(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 128 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<64x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<64x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x128xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
    scf.yield %acc_next : tensor<64x128xf32>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<64xi32>
  %rn = tile.range 0 to 128 : tensor<128xi32>
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<128xi32>
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x128xi32>
  %c_base = tile.splat %c : tensor<64x128x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x128xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x128x!tile.ptr<f32>>
  tile.return
}

// The same product over 64x64 tiles, 6 stages deep.
tile.func @matmul_bf16_desc_64x64(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 6 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 64)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 64 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<64x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x64xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %acc_next : tensor<64x64xf32>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %n_start_s = tile.splat %n_start : tensor<64xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<64xi32>
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// The 64x128 product with the loop over K split between 2 programs, and
// (below) between 4 (split-K, docs/Semantics.md section 1.3): for small M,
// where a grid of 64x128 tiles leaves multiprocessors idle.
tile.func @matmul_bf16_desc_64x128_split2(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 128 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<64x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<64x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x128xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
    scf.yield %acc_next : tensor<64x128xf32>
  } {tile.split_k = 2 : i32}

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<64xi32>
  %rn = tile.range 0 to 128 : tensor<128xi32>
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<128xi32>
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x128xi32>
  %c_base = tile.splat %c : tensor<64x128x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x128xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x128x!tile.ptr<f32>>
  tile.return
}

// The 64x128 product with the loop over K split between 4 programs.
tile.func @matmul_bf16_desc_64x128_split4(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 128 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<64x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<64x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x128xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
    scf.yield %acc_next : tensor<64x128xf32>
  } {tile.split_k = 4 : i32}

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<64xi32>
  %rn = tile.range 0 to 128 : tensor<128xi32>
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<128xi32>
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x128xi32>
  %c_base = tile.splat %c : tensor<64x128x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x128xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x128x!tile.ptr<f32>>
  tile.return
}

// The 128x256 kernel writing C in bf16, as torch.matmul and cuBLAS do for
// bf16 operands (one rounding of the f32 sum to nearest even): half the
// bytes out, so C goes out in four 16 KiB panels rather than eight. Same
// arguments as above but c: !tile.ptr<bf16> (ldc in elements of bf16); no
// alternatives.
tile.func @matmul_bf16_desc_bf16_out(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
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

  %c_tile = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
  %ldc_w = arith.extsi %ldc : i32 to i64
  %c_desc = tile.make_desc %c, [%M, %N], [%ldc_w, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x256xbf16>>
  tile.desc_store %c_desc[%m_start, %n_start], %c_tile : !tile.desc<tensor<128x256xbf16>>
  tile.return
}

// Two more alternatives for the serving shapes, NVIDIA's alone (their
// tuning was measured there, docs/benchmarks/Serving.md, 2026-12-07): the
// 64x64 product with its loop over K split between 2 programs (M = 16 and
// 64 at N = 4096: 256 programs to fill the multiprocessors, half the
// partial sums of split4), and 64x256 (one warpgroup's widest product,
// each A block read once for 256 columns).
tile.func @matmul_bf16_desc_64x64_split2(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 6 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.alternative_targets = ["nvidia"],
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 64)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 64 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<64x64xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<64x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x64xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    scf.yield %acc_next : tensor<64x64xf32>
  } {tile.split_k = 2 : i32}

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %n_start_s = tile.splat %n_start : tensor<64xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<64xi32>
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

tile.func @matmul_bf16_desc_64x256(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %M: i32, %N: i32, %K: i32,
                            %lda: i64, %ldb: i64, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.alternative_of = @matmul_bf16_desc,
                tile.alternative_targets = ["nvidia"],
                tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 256)>} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 256 : i32
  %BLOCK_K = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %n_start = arith.muli %pid_n, %BLOCK_N : i32

  %a_desc = tile.make_desc %a, [%M, %K], [%lda, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %N], [%ldb, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x256xbf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x256xf32>
  %acc = scf.for %k = %c0 to %K step %BLOCK_K iter_args(%acc_i = %acc0) -> (tensor<64x256xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%m_start, %k] : !tile.desc<tensor<64x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %n_start] : !tile.desc<tensor<64x256xbf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x256xbf16> -> tensor<64x256xf32>
    scf.yield %acc_next : tensor<64x256xf32>
  }

  // C block: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %rm : tensor<64xi32>
  %rn = tile.range 0 to 256 : tensor<256xi32>
  %n_start_s = tile.splat %n_start : tensor<256xi32>
  %offs_n = arith.addi %n_start_s, %rn : tensor<256xi32>
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x256xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x256xi32> -> tensor<64x256xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<64x256xi32>
  %c_base = tile.splat %c : tensor<64x256x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x256x!tile.ptr<f32>>, tensor<64x256xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %N_s = tile.splat %N : tensor<256xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<256xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<256xi1> -> tensor<1x256xi1>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x256xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<64x256xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x256xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x256x!tile.ptr<f32>>
  tile.return
}
