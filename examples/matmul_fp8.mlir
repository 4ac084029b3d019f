// matmul_fp8: C = (A x B^T) * scale_a[m] * scale_b[n] with e4m3 inputs, f32
//   accumulation and a bf16 output: the scaled fp8 GEMM of a quantized
//   linear layer (torch._scaled_mm's operation).
//   A: M x K e4m3 (activations), row-major with row stride lda:
//     A[m, k] at a + m * lda + k.
//   B: N x K e4m3 (weights, one row per output column, as a linear layer
//     stores them), row-major with row stride ldb: B[n, k] at b + n * ldb + k.
//   C: M x N bf16, C[m, n] at c + m * ldc + n.
//   scale_a[m * sa_stride], scale_b[n * sb_stride]: f32 dequantization
//   scales; a stride of 0 gives one scale for the whole tensor, 1 one per row
//   of A (per column of C for B).
// C[m, n] = bf16(acc[m, n] * scale_a[m] * scale_b[n]), acc the f32 sum over
//   k of A[m, k] * B[n, k] (multiplied left to right, rounded to nearest
//   even once at the end).
// Grid: (cdiv(M, 128), cdiv(N, 128), 1); program (x, y) computes rows
//   128*x .. 128*x+127 and columns 128*y .. 128*y+127 of C.
// Arguments: a, b: !tile.ptr<f8E4M3FN>; c: !tile.ptr<bf16>; scale_a,
//   scale_b: !tile.ptr<f32>; M, N, K, lda, ldb, ldc, sa_stride, sb_stride:
//   i32.
// Tile sizes: BLOCK_M = 128, BLOCK_N = 128, BLOCK_K = 128 (num_warps = 8,
//   num_stages = 4). Both operand tiles are read along k, the order fp8
//   matrix units take them in; loads are masked at the M, N and K edges
//   (other = 0), the store at the M and N edges.
tile.func @matmul_fp8(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                      %b: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                      %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                      %scale_a: !tile.ptr<f32>, %scale_b: !tile.ptr<f32>,
                      %M: i32, %N: i32, %K: i32,
                      %lda: i32, %ldb: i32, %ldc: i32,
                      %sa_stride: i32, %sb_stride: i32)
    attributes {num_warps = 8 : i32, num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %BLOCK = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // offs_m = pid_m * 128 + arange(128), offs_n likewise, offs_k = arange(128).
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start = arith.muli %pid_m, %BLOCK : i32
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %n_start = arith.muli %pid_n, %BLOCK : i32
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %r128 : tensor<128xi32>

  // A tile pointers: a + offs_m[:, None] * lda + offs_k[None, :]   (m x k)
  %lda_s = tile.splat %lda : tensor<128xi32>
  %a_row = arith.muli %offs_m, %lda_s : tensor<128xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %k_col_e = tile.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %k_col_b = tile.broadcast %k_col_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %a_offs = arith.addi %a_row_b, %k_col_b : tensor<128x128xi32>
  %a_base = tile.splat %a : tensor<128x128x!tile.ptr<f8E4M3FN>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>

  // B^T tile pointers: b + offs_k[:, None] + offs_n[None, :] * ldb   (k x n)
  %ldb_s = tile.splat %ldb : tensor<128xi32>
  %b_col = arith.muli %offs_n, %ldb_s : tensor<128xi32>
  %b_col_e = tile.expand_dims %b_col, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %b_col_b = tile.broadcast %b_col_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %k_row_e = tile.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %b_offs = arith.addi %k_row_b, %b_col_b : tensor<128x128xi32>
  %b_base = tile.splat %b : tensor<128x128x!tile.ptr<f8E4M3FN>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>

  // Edge masks that do not change along K.
  %M_s = tile.splat %M : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<128xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<128x128xi1>

  // Both pointer tiles move 128 elements along k per step.
  %k_step = arith.constant dense<128> : tensor<128x128xi32>
  %K_s = tile.splat %K : tensor<128xi32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf8E4M3FN>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>

  %acc, %a_ptrs_end, %b_ptrs_end = scf.for %k = %c0 to %K step %BLOCK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x128x!tile.ptr<f8E4M3FN>>,
          tensor<128x128x!tile.ptr<f8E4M3FN>>) : i32 {
    // k_ok[j] = k + j < K
    %k_s = tile.splat %k : tensor<128xi32>
    %ks = arith.addi %k_s, %r128 : tensor<128xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<128xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x128xi1> -> tensor<128x128xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<128x128xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
    %b_k_mask = tile.broadcast %k_ok_row : tensor<128x1xi1> -> tensor<128x128xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<128x128xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero : tensor<128x128x!tile.ptr<f8E4M3FN>>
    %b_tile = tile.load %b_ptrs, %b_mask, %zero : tensor<128x128x!tile.ptr<f8E4M3FN>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x128xf8E4M3FN>, tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>

    %a_next = tile.addptr %a_ptrs, %k_step : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>
    %b_next = tile.addptr %b_ptrs, %k_step : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<128x128xf32>, tensor<128x128x!tile.ptr<f8E4M3FN>>,
          tensor<128x128x!tile.ptr<f8E4M3FN>>
  }

  // Scales: scale_a[offs_m * sa_stride] per row, scale_b[offs_n * sb_stride]
  // per column (masked at the edges; other = 0 is never stored).
  %sa_stride_s = tile.splat %sa_stride : tensor<128xi32>
  %sa_offs = arith.muli %offs_m, %sa_stride_s : tensor<128xi32>
  %sa_base = tile.splat %scale_a : tensor<128x!tile.ptr<f32>>
  %sa_ptrs = tile.addptr %sa_base, %sa_offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %zero_s = arith.constant dense<0.0> : tensor<128xf32>
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

  // C tile: c + offs_m[:, None] * ldc + offs_n[None, :], masked (m < M) & (n < N).
  %ldc_s = tile.splat %ldc : tensor<128xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<128xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %c_offs = arith.addi %c_row_b, %c_col_b : tensor<128x128xi32>
  %c_base = tile.splat %c : tensor<128x128x!tile.ptr<bf16>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<128x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<128x128xi1>
  tile.store %c_ptrs, %out, %c_mask : tensor<128x128x!tile.ptr<bf16>>
  tile.return
}
