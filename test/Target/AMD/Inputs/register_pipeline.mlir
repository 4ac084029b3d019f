// Products whose operands a K loop loads are pipelined through registers
// on targets without asynchronous copies (AMD): the next iteration's loads
// go to registers before this iteration's matrix instructions, then to
// shared memory; two buffers where they cost no program per processor, else
// one. register-pipeline.test runs these kernels on the GPU simulator and
// checks how each is lowered.
//
// Each: C (M x N, f32, row stride ldc) = A (M x K, row stride lda) x B (K x
// N, row stride ldb; for @transposed, B^T is given, N x K), bf16 operands,
// a 64 x 64 block of C per program (128 x 128 for @large_blocks), K in
// steps of BLOCK_K, masked at every edge; the *_double kernels and
// @double_buffered store C transposed (C^T, N x M, row stride ldc). N, K and
// the strides are multiples of 16 (their divisibility is declared), so every
// 16-byte access is whole, masked or not. In @converted_a (A) and
// @converted_b (B^T) one operand is e4m3 in memory, converted to bf16 in the
// loop.

// Both operands loaded in the loop; 64 x 64 x 32 blocks: two buffers.
tile.func @both_loaded(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 32 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x32xi1>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<32xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<32xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<32x1xi32> -> tensor<32x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<32x64xi32>
  %b_base = tile.splat %b : tensor<32x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<32x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<32x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %rk : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x32xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<32x1xi1> -> tensor<32x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<32x64xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<64x32x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<32x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>
  }
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_n_b = tile.broadcast %c_n_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_n_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m, %c_n : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// 128 x 128 x 64 blocks: two buffers do not fit beside each other, one does.
tile.func @large_blocks(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 64 : i32
  %cM = arith.constant 128 : i32
  %cN = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 128 : tensor<128xi32>
  %rn = tile.range 0 to 128 : tensor<128xi32>
  %rk = tile.range 0 to 64 : tensor<64xi32>
  %m0_s = tile.splat %m0 : tensor<128xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<128xi32>
  %n0_s = tile.splat %n0 : tensor<128xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<128xi32>
  %M_s = tile.splat %M : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<128xi32>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  // A: a + m * lda + k (128 x 64).
  %lda_s = tile.splat %lda : tensor<128xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<128xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<128x1xi32> -> tensor<128x64xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x64xi32> -> tensor<128x64xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<128x64xi32>
  %a_base = tile.splat %a : tensor<128x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<128x64x!tile.ptr<bf16>>, tensor<128x64xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x64xi1>
  %a_step = arith.constant dense<64> : tensor<128x64xi32>
  // B: b + k * ldb + n (64 x 128).
  %ldb_s = tile.splat %ldb : tensor<64xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<64xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<64x128xi32>
  %b_base = tile.splat %b : tensor<64x128x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<64x128xi32>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x64x!tile.ptr<bf16>>, tensor<64x128x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %rk : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x64xi1> -> tensor<128x64xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<128x64xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<64x1xi1> -> tensor<64x128xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<64x128xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<128x64x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<64x128x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<128x64x!tile.ptr<bf16>>, tensor<128x64xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<128x128xf32>, tensor<128x64x!tile.ptr<bf16>>, tensor<64x128x!tile.ptr<bf16>>
  }
  %ldc_s = tile.splat %ldc : tensor<128xi32>
  %c_rows = arith.muli %offs_m, %ldc_s : tensor<128xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %c_n_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c_n_b = tile.broadcast %c_n_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %c_offs = arith.addi %c_rows_b, %c_n_b : tensor<128x128xi32>
  %c_base = tile.splat %c : tensor<128x128x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
  %c_m = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %c_n = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<128x128xi1>
  %c_mask = arith.andi %c_m, %c_n : tensor<128x128xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<128x128x!tile.ptr<f32>>
  tile.return
}

// B is the transpose of a load (as attention's K^T).
tile.func @transposed(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 32 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x32xi1>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  // B^T: b + n * ldb + k (64 x 32), B = its transpose.
  %ldb_s = tile.splat %ldb : tensor<64xi32>
  %b_rows = arith.muli %offs_n, %ldb_s : tensor<64xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %b_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %b_k_b = tile.broadcast %b_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %b_offs = arith.addi %b_rows_b, %b_k_b : tensor<64x32xi32>
  %b_base = tile.splat %b : tensor<64x32x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %n_ok_t = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %b_n_mask = tile.broadcast %n_ok_t : tensor<64x1xi1> -> tensor<64x32xi1>
  %b_step = arith.constant dense<32> : tensor<64x32xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<64x32x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %rk : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x32xi1>
    %b_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<64x32xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<64x32x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<64x32x!tile.ptr<bf16>>
    %b_op = tile.trans %b_tile, [1, 0] : tensor<64x32xbf16> -> tensor<32x64xbf16>
    %acc_next = tile.dot %a_tile, %b_op, %acc_i : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<64x32x!tile.ptr<bf16>>
  }
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_n_b = tile.broadcast %c_n_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_n_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m, %c_n : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// A is computed in the loop (squared), staged from registers each iteration.
tile.func @computed(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 32 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x32xi1>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<32xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<32xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<32x1xi32> -> tensor<32x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<32x64xi32>
  %b_base = tile.splat %b : tensor<32x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<32x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<32x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %rk : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x32xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<32x1xi1> -> tensor<32x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<32x64xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<64x32x!tile.ptr<bf16>>
    %a_f = arith.extf %a_tile : tensor<64x32xbf16> to tensor<64x32xf32>
    %a_sq = arith.mulf %a_f, %a_f : tensor<64x32xf32>
    %a_op = arith.truncf %a_sq : tensor<64x32xf32> to tensor<64x32xbf16>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<32x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_op, %b_tile, %acc_i : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>
  }
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_n_b = tile.broadcast %c_n_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_n_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m, %c_n : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// A is loaded before the loop (its first BLOCK_K columns), staged once:
// C = A[:, :32] x (sum over the loop's steps of B's rows).
tile.func @invariant(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 32 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x32xi1>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<32xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<32xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<32x1xi32> -> tensor<32x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<32x64xi32>
  %b_base = tile.splat %b : tensor<32x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<32x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<32x64xi32>
  // A is the first 32 columns only, loaded once.
  %a_once = tile.load %a_ptrs0, %a_m_mask : tensor<64x32x!tile.ptr<bf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %rk : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x32xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<32x1xi1> -> tensor<32x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<32x64xi1>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<32x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_once, %b_tile, %acc_i : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>
  }
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_n_b = tile.broadcast %c_n_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_n_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m, %c_n : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// 64 x 64 x 16 blocks, C stored with its columns reversed and transposed:
// the store moves C through shared memory after the loop, more than two buffers take, so they cost no
// program per processor: two buffers.
tile.func @double_buffered(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 16 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 16 : tensor<16xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<16xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x16xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x16xi32> -> tensor<64x16xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x16xi32>
  %a_base = tile.splat %a : tensor<64x16x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x16xi1>
  %a_step = arith.constant dense<16> : tensor<64x16xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<16xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<16xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<16x64xi32>
  %b_base = tile.splat %b : tensor<16x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<16x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<16x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x16x!tile.ptr<bf16>>, tensor<16x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<16xi32>
    %ks = arith.addi %k_s, %rk : tensor<16xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<16xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<16xi1> -> tensor<1x16xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x16xi1> -> tensor<64x16xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x16xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<16x1xi1> -> tensor<16x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<16x64xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<64x16x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<16x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x16xbf16>, tensor<16x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x16x!tile.ptr<bf16>>, tensor<16x64x!tile.ptr<bf16>>
  }
  // C stored transposed: C^T (N x M, row stride ldc) at c + n * ldc + m.
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_n, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_m_e = tile.expand_dims %offs_m, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_m_b = tile.broadcast %c_m_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_m_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %n_ok_t = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %c_n = tile.broadcast %n_ok_t : tensor<64x1xi1> -> tensor<64x64xi1>
  %m_ok_t = tile.expand_dims %m_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %c_m = tile.broadcast %m_ok_t : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_n, %c_m : tensor<64x64xi1>
  // Its columns reversed first (a gather, through shared memory: a
  // transpose alone would keep the accumulators' registers).
  %rev_s = arith.constant dense<63> : tensor<64xi32>
  %rev = arith.subi %rev_s, %rn : tensor<64xi32>
  %rev_e = tile.expand_dims %rev, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rev_b = tile.broadcast %rev_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %acc_r = tile.gather %acc[%rev_b], 1 : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64x64xf32>
  %acc_t = tile.trans %acc_r, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  tile.store %c_ptrs, %acc_t, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// @computed with 16-column steps and C stored transposed: two buffers.
tile.func @computed_double(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 16 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 16 : tensor<16xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<16xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x16xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x16xi32> -> tensor<64x16xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x16xi32>
  %a_base = tile.splat %a : tensor<64x16x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x16xi1>
  %a_step = arith.constant dense<16> : tensor<64x16xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<16xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<16xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<16x64xi32>
  %b_base = tile.splat %b : tensor<16x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<16x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<16x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x16x!tile.ptr<bf16>>, tensor<16x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<16xi32>
    %ks = arith.addi %k_s, %rk : tensor<16xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<16xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<16xi1> -> tensor<1x16xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x16xi1> -> tensor<64x16xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x16xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<16x1xi1> -> tensor<16x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<16x64xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<64x16x!tile.ptr<bf16>>
    %a_f = arith.extf %a_tile : tensor<64x16xbf16> to tensor<64x16xf32>
    %a_sq = arith.mulf %a_f, %a_f : tensor<64x16xf32>
    %a_op = arith.truncf %a_sq : tensor<64x16xf32> to tensor<64x16xbf16>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<16x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_op, %b_tile, %acc_i : tensor<64x16xbf16>, tensor<16x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x16x!tile.ptr<bf16>>, tensor<16x64x!tile.ptr<bf16>>
  }
  // C stored transposed: C^T (N x M, row stride ldc) at c + n * ldc + m.
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_n, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_m_e = tile.expand_dims %offs_m, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_m_b = tile.broadcast %c_m_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_m_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %n_ok_t = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %c_n = tile.broadcast %n_ok_t : tensor<64x1xi1> -> tensor<64x64xi1>
  %m_ok_t = tile.expand_dims %m_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %c_m = tile.broadcast %m_ok_t : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_n, %c_m : tensor<64x64xi1>
  // Its columns reversed first (a gather, through shared memory: a
  // transpose alone would keep the accumulators' registers).
  %rev_s = arith.constant dense<63> : tensor<64xi32>
  %rev = arith.subi %rev_s, %rn : tensor<64xi32>
  %rev_e = tile.expand_dims %rev, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rev_b = tile.broadcast %rev_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %acc_r = tile.gather %acc[%rev_b], 1 : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64x64xf32>
  %acc_t = tile.trans %acc_r, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  tile.store %c_ptrs, %acc_t, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// @invariant with 16-column steps and C stored transposed: two buffers.
tile.func @invariant_double(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 16 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 16 : tensor<16xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<16xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x16xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x16xi32> -> tensor<64x16xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x16xi32>
  %a_base = tile.splat %a : tensor<64x16x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x16xi1>
  %a_step = arith.constant dense<16> : tensor<64x16xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<16xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<16xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<16x64xi32>
  %b_base = tile.splat %b : tensor<16x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<16x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<16x64xi32>
  // A is the first 32 columns only, loaded once.
  %a_once = tile.load %a_ptrs0, %a_m_mask : tensor<64x16x!tile.ptr<bf16>>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x16x!tile.ptr<bf16>>, tensor<16x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<16xi32>
    %ks = arith.addi %k_s, %rk : tensor<16xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<16xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<16xi1> -> tensor<1x16xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x16xi1> -> tensor<64x16xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x16xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<16x1xi1> -> tensor<16x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<16x64xi1>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<16x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_once, %b_tile, %acc_i : tensor<64x16xbf16>, tensor<16x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x16x!tile.ptr<bf16>>, tensor<64x16xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x16x!tile.ptr<bf16>>, tensor<16x64x!tile.ptr<bf16>>
  }
  // C stored transposed: C^T (N x M, row stride ldc) at c + n * ldc + m.
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_n, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_m_e = tile.expand_dims %offs_m, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_m_b = tile.broadcast %c_m_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_m_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %n_ok_t = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %c_n = tile.broadcast %n_ok_t : tensor<64x1xi1> -> tensor<64x64xi1>
  %m_ok_t = tile.expand_dims %m_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %c_m = tile.broadcast %m_ok_t : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_n, %c_m : tensor<64x64xi1>
  // Its columns reversed first (a gather, through shared memory: a
  // transpose alone would keep the accumulators' registers).
  %rev_s = arith.constant dense<63> : tensor<64xi32>
  %rev = arith.subi %rev_s, %rn : tensor<64xi32>
  %rev_e = tile.expand_dims %rev, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rev_b = tile.broadcast %rev_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %acc_r = tile.gather %acc[%rev_b], 1 : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64x64xf32>
  %acc_t = tile.trans %acc_r, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  tile.store %c_ptrs, %acc_t, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// @double_buffered with A in e4m3, converted to bf16 in the loop: the
// load is made an iteration ahead, the conversion redone from it.
tile.func @converted_a(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 16 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 16 : tensor<16xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<16xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x16xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x16xi32> -> tensor<64x16xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x16xi32>
  %a_base = tile.splat %a : tensor<64x16x!tile.ptr<f8E4M3FN>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x16x!tile.ptr<f8E4M3FN>>, tensor<64x16xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x16xi1>
  %a_step = arith.constant dense<16> : tensor<64x16xi32>
  // B: b + k * ldb + n (32 x 64).
  %ldb_s = tile.splat %ldb : tensor<16xi32>
  %b_rows = arith.muli %rk, %ldb_s : tensor<16xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %b_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %b_n_b = tile.broadcast %b_n_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %b_offs = arith.addi %b_rows_b, %b_n_b : tensor<16x64xi32>
  %b_base = tile.splat %b : tensor<16x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<16x64xi1>
  %b_step_s = arith.muli %ldb, %cK : i32
  %b_step = tile.splat %b_step_s : tensor<16x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x16x!tile.ptr<f8E4M3FN>>, tensor<16x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<16xi32>
    %ks = arith.addi %k_s, %rk : tensor<16xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<16xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<16xi1> -> tensor<1x16xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x16xi1> -> tensor<64x16xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x16xi1>
    %k_ok_r = tile.expand_dims %k_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
    %b_k_mask = tile.broadcast %k_ok_r : tensor<16x1xi1> -> tensor<16x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<16x64xi1>
    %a_f8 = tile.load %a_ptrs, %a_mask : tensor<64x16x!tile.ptr<f8E4M3FN>>
    %a_tile = tile.fp_to_fp %a_f8 : tensor<64x16xf8E4M3FN> -> tensor<64x16xbf16>
    %b_tile = tile.load %b_ptrs, %b_mask : tensor<16x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x16xbf16>, tensor<16x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x16x!tile.ptr<f8E4M3FN>>, tensor<64x16xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x16x!tile.ptr<f8E4M3FN>>, tensor<16x64x!tile.ptr<bf16>>
  }
  // C stored transposed: C^T (N x M, row stride ldc) at c + n * ldc + m.
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_n, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_m_e = tile.expand_dims %offs_m, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_m_b = tile.broadcast %c_m_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_m_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %n_ok_t = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %c_n = tile.broadcast %n_ok_t : tensor<64x1xi1> -> tensor<64x64xi1>
  %m_ok_t = tile.expand_dims %m_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %c_m = tile.broadcast %m_ok_t : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_n, %c_m : tensor<64x64xi1>
  // Its columns reversed first (a gather, through shared memory: a
  // transpose alone would keep the accumulators' registers).
  %rev_s = arith.constant dense<63> : tensor<64xi32>
  %rev = arith.subi %rev_s, %rn : tensor<64xi32>
  %rev_e = tile.expand_dims %rev, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rev_b = tile.broadcast %rev_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %acc_r = tile.gather %acc[%rev_b], 1 : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64x64xf32>
  %acc_t = tile.trans %acc_r, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  tile.store %c_ptrs, %acc_t, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// @transposed with B^T in e4m3, converted and transposed in the loop.
tile.func @converted_b(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
    %b: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
    %M: i32, %N: i32 {tile.divisibility = 16 : i32},
    %K: i32 {tile.divisibility = 16 : i32},
    %lda: i32 {tile.divisibility = 16 : i32},
    %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %cK = arith.constant 32 : i32
  %cM = arith.constant 64 : i32
  %cN = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %cM : i32
  %n0 = arith.muli %pid_n, %cN : i32
  %rm = tile.range 0 to 64 : tensor<64xi32>
  %rn = tile.range 0 to 64 : tensor<64xi32>
  %rk = tile.range 0 to 32 : tensor<32xi32>
  %m0_s = tile.splat %m0 : tensor<64xi32>
  %offs_m = arith.addi %m0_s, %rm : tensor<64xi32>
  %n0_s = tile.splat %n0 : tensor<64xi32>
  %offs_n = arith.addi %n0_s, %rn : tensor<64xi32>
  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %K_s = tile.splat %K : tensor<32xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // A: a + m * lda + k (64 x 32).
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_rows = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_rows_e = tile.expand_dims %a_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_rows_b = tile.broadcast %a_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %a_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %a_k_b = tile.broadcast %a_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_offs = arith.addi %a_rows_b, %a_k_b : tensor<64x32xi32>
  %a_base = tile.splat %a : tensor<64x32x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x32xi1>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  // B^T: b + n * ldb + k (64 x 32), B = its transpose.
  %ldb_s = tile.splat %ldb : tensor<64xi32>
  %b_rows = arith.muli %offs_n, %ldb_s : tensor<64xi32>
  %b_rows_e = tile.expand_dims %b_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %b_rows_b = tile.broadcast %b_rows_e : tensor<64x1xi32> -> tensor<64x32xi32>
  %b_k_e = tile.expand_dims %rk, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %b_k_b = tile.broadcast %b_k_e : tensor<1x32xi32> -> tensor<64x32xi32>
  %b_offs = arith.addi %b_rows_b, %b_k_b : tensor<64x32xi32>
  %b_base = tile.splat %b : tensor<64x32x!tile.ptr<f8E4M3FN>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<64x32x!tile.ptr<f8E4M3FN>>, tensor<64x32xi32>
  %n_ok_t = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %b_n_mask = tile.broadcast %n_ok_t : tensor<64x1xi1> -> tensor<64x32xi1>
  %b_step = arith.constant dense<32> : tensor<64x32xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %cK
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<64x32x!tile.ptr<f8E4M3FN>>) : i32 {
    %k_s = tile.splat %k : tensor<32xi32>
    %ks = arith.addi %k_s, %rk : tensor<32xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<32xi32>
    %k_ok_c = tile.expand_dims %k_ok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %a_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x32xi1>
    %b_k_mask = tile.broadcast %k_ok_c : tensor<1x32xi1> -> tensor<64x32xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<64x32xi1>
    %a_tile = tile.load %a_ptrs, %a_mask : tensor<64x32x!tile.ptr<bf16>>
    %b_f8 = tile.load %b_ptrs, %b_mask : tensor<64x32x!tile.ptr<f8E4M3FN>>
    %b_tile = tile.fp_to_fp %b_f8 : tensor<64x32xf8E4M3FN> -> tensor<64x32xbf16>
    %b_op = tile.trans %b_tile, [1, 0] : tensor<64x32xbf16> -> tensor<32x64xbf16>
    %acc_next = tile.dot %a_tile, %b_op, %acc_i : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<64x32x!tile.ptr<f8E4M3FN>>, tensor<64x32xi32>
    scf.yield %acc_next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!tile.ptr<bf16>>, tensor<64x32x!tile.ptr<f8E4M3FN>>
  }
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_rows = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_rows_e = tile.expand_dims %c_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_rows_b = tile.broadcast %c_rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_n_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %c_n_b = tile.broadcast %c_n_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_rows_b, %c_n_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_n = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m, %c_n : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
