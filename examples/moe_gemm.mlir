// moe_gemm: the grouped products of a mixture-of-experts layer as served
//   (vLLM's fused MoE): one launch over all experts, on the token order
//   moe_routing.mlir's @moe_align makes (each expert's picks in a run padded
//   to the 64-row block, one expert per block).
//   For each entry j < num_entries (entry j = t * top_k + i is token t's
//   pick i) that sorted_ids places in a run of expert e:
//     c[j, n] = round(sum_k A[j / top_k, k] * W[e, n, k] * s)
//   for n < N, where s = topk_weights[j] when mul_weight != 0 and 1 if not
//   (the routing weight, applied once after the sum), rounded once to bf16.
//   top_k = 1 reads A one row per entry (the second product of an MoE
//   layer, whose input rows are the first's outputs).
// Memory layout (elements):
//   a: [rows, K], A[r, k] at a + r * lda + k
//   w: [num_experts, N, K], W[e, n, k] at w + e * w_expert_stride + n * ldw
//     + k (a linear layer's weights per expert, one row per output column)
//   c: [num_entries, N], c[j, n] at c + j * ldc + n; rows of entries no run
//     holds are not written
//   topk_weights: [num_entries] f32; sorted_ids, expert_ids, total_padded:
//     @moe_align's outputs for this routing with block 64
// Grid: (cdiv(num_entries + num_experts * 63, 64), cdiv(N, 128)), declared:
//   program (x, y) computes block x of the sorted order (slots 64x ..
//   64x+63) for columns 128y .. 128y+127. Blocks at or past total_padded
//   store nothing (their loop over K runs no step and their rows are
//   padding); total_padded may be 0 (no entry in range).
// Arguments: num_entries, num_experts, N, K, lda, ldw, ldc, top_k (>= 1),
//   mul_weight: i32; w_expert_stride: i64. Offsets within A, one expert's
//   W and C are i32: rows * lda, N * ldw and num_entries * ldc below 2^31.
// Tile sizes: BLOCK_M = 64, BLOCK_N = 128, BLOCK_K = 64 (num_warps = 4,
//   num_stages = 4): A's rows are gathered by entry, W's tile is read along
//   k. Loads are masked at the K and N edges and on padding rows (other =
//   0), the store at the N edge and on padding rows.
// Two alternatives (docs/Runtime.md, "Alternatives and tuning"), which the
//   runtime times on a shape's first launch: 64x256 tiles (3 stages, grid
//   y = cdiv(N, 256)), and the 64x128 product with its loop over K split
//   between 4 programs (`tile.split_k`, docs/Semantics.md section 1.3), for
//   launches with too few blocks to fill the device (a token or two: 2
//   blocks x 32 column blocks in a 4096-wide down projection). In the
//   Mixtral-like benchmark (docs/benchmarks/GemmAndAttention.md) the tuning picks 64x256 at
//   16 and 4096 tokens and 64x128 at 256; the split form never (8 experts
//   already give enough blocks there).
//
// @moe_gemm_fp8 is the same product with e4m3 activations and weights, as a
//   quantized (w8a8) MoE layer runs it:
//     c[j, n] = round(sum_k A[r, k] * W[e, n, k] * a_scale[r * sa_stride]
//                     * w_scale[e * sw_expert_stride + n * sw_stride] * s)
//   with r = j / top_k: a_scale per row of A (sa_stride 1) or per tensor
//   (0), w_scale per output column of each expert (sw_expert_stride = N,
//   sw_stride = 1) or per expert (sw_expert_stride = 1, sw_stride = 0).
//   The scales multiply the f32 sum left to right, then the routing weight,
//   then one rounding to bf16.
//   Tiles 64x128 with BLOCK_K = 128 (num_warps = 4, num_stages = 4).
tile.func @moe_gemm_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %w: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                         %topk_weights: !tile.ptr<f32>,
                         %sorted_ids: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                         %expert_ids: !tile.ptr<i32>,
                         %total_padded: !tile.ptr<i32>,
                         %num_entries: i32, %num_experts: i32,
                         %N: i32, %K: i32, %lda: i32, %ldw: i32,
                         %w_expert_stride: i64, %ldc: i32,
                         %top_k: i32, %mul_weight: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9]
                                       -> ((s7 + s8 * 63) ceildiv 64, s9 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_K = arith.constant 64 : i32
  %BLOCK_N = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // This block's slots of the sorted order and the entries in them (the
  // padding value num_entries past the last run).
  %total = tile.load %total_padded : !tile.ptr<i32>
  %slot0 = arith.muli %pid_m, %BLOCK_M : i32
  %in_run = arith.cmpi slt, %slot0, %total : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %slot0_s = tile.splat %slot0 : tensor<64xi32>
  %slots = arith.addi %slot0_s, %r64 : tensor<64xi32>
  %total_s = tile.splat %total : tensor<64xi32>
  %slot_ok = arith.cmpi slt, %slots, %total_s : tensor<64xi32>
  %sorted_base = tile.splat %sorted_ids : tensor<64x!tile.ptr<i32>>
  %sorted_ptrs = tile.addptr %sorted_base, %slots : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %n_entries_s = tile.splat %num_entries : tensor<64xi32>
  %entries = tile.load %sorted_ptrs, %slot_ok, %n_entries_s : tensor<64x!tile.ptr<i32>>
  %entry_ok = arith.cmpi slt, %entries, %n_entries_s : tensor<64xi32>

  // The block's expert and its weights w + e * w_expert_stride. A block
  // past the runs (its loop runs no step) reads expert_ids[0], -1 when no
  // entry has a run: taken as expert 0, so every address stays in W (and,
  // in the fp8 form, in its scales).
  %eid_index = arith.select %in_run, %pid_m, %c0 : i32
  %eid_ptr = tile.addptr %expert_ids, %eid_index : !tile.ptr<i32>, i32
  %eid_read = tile.load %eid_ptr : !tile.ptr<i32>
  %eid = arith.maxsi %eid_read, %c0 : i32
  %eid64 = arith.extsi %eid : i32 to i64
  %w_off = arith.muli %eid64, %w_expert_stride : i64
  %w_e = tile.addptr %w, %w_off : !tile.ptr<bf16>, i64
  %k_end = arith.select %in_run, %K, %c0 : i32

  // A tile pointers: a + (entries / top_k)[:, None] * lda + offs_k[None, :]   (64 x 64)
  %top_k_s = tile.splat %top_k : tensor<64xi32>
  %a_rows = arith.divsi %entries, %top_k_s : tensor<64xi32>
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_row = arith.muli %a_rows, %lda_s : tensor<64xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %offs_k = tile.range 0 to 64 : tensor<64xi32>
  %k_col_e = tile.expand_dims %offs_k, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %k_col_b = tile.broadcast %k_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %a_offs = arith.addi %a_row_b, %k_col_b : tensor<64x64xi32>
  %a_base = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>

  // W^T tile pointers: w_e + offs_k[:, None] + offs_n[None, :] * ldw   (64 x 128)
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %r128 : tensor<128xi32>
  %ldw_s = tile.splat %ldw : tensor<128xi32>
  %w_col = arith.muli %offs_n, %ldw_s : tensor<128xi32>
  %w_col_e = tile.expand_dims %w_col, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %w_col_b = tile.broadcast %w_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %k_row_e = tile.expand_dims %offs_k, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %w_offs = arith.addi %k_row_b, %w_col_b : tensor<64x128xi32>
  %w_base = tile.splat %w_e : tensor<64x128x!tile.ptr<bf16>>
  %w_ptrs0 = tile.addptr %w_base, %w_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>

  // Masks that do not change along K: padding rows, columns past N.
  %entry_ok_e = tile.expand_dims %entry_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %w_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>

  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %w_step = arith.constant dense<64> : tensor<64x128xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %zero_a = arith.constant dense<0.0> : tensor<64x64xbf16>
  %zero_w = arith.constant dense<0.0> : tensor<64x128xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>

  %acc, %a_ptrs_end, %w_ptrs_end = scf.for %k = %c0 to %k_end step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %w_ptrs = %w_ptrs0)
      -> (tensor<64x128xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x128x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x64xi1> -> tensor<64x64xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x64xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %w_k_mask = tile.broadcast %k_ok_row : tensor<64x1xi1> -> tensor<64x128xi1>
    %w_mask = arith.andi %w_k_mask, %w_n_mask : tensor<64x128xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x64x!tile.ptr<bf16>>
    %w_tile = tile.load %w_ptrs, %w_mask, %zero_w : tensor<64x128x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %w_tile, %acc_i : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %w_next = tile.addptr %w_ptrs, %w_step : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    scf.yield %acc_next, %a_next, %w_next
        : tensor<64x128xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x128x!tile.ptr<bf16>>
  }

  // The routing weight of each row (1 without mul_weight), one rounding.
  %tw_base = tile.splat %topk_weights : tensor<64x!tile.ptr<f32>>
  %tw_ptrs = tile.addptr %tw_base, %entries : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %zero64 = arith.constant dense<0.0> : tensor<64xf32>
  %one64 = arith.constant dense<1.0> : tensor<64xf32>
  %tw = tile.load %tw_ptrs, %entry_ok, %zero64 : tensor<64x!tile.ptr<f32>>
  %weighted = arith.cmpi ne, %mul_weight, %c0 : i32
  %factor = arith.select %weighted, %tw, %one64 : tensor<64xf32>
  %factor_e = tile.expand_dims %factor, 1 : tensor<64xf32> -> tensor<64x1xf32>
  %factor_b = tile.broadcast %factor_e : tensor<64x1xf32> -> tensor<64x128xf32>
  %scaled = arith.mulf %acc, %factor_b : tensor<64x128xf32>
  %out = arith.truncf %scaled : tensor<64x128xf32> to tensor<64x128xbf16>

  // C rows by entry: c + entries[:, None] * ldc + offs_n[None, :].
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %entries, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %c_col_b = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %c_offs = arith.addi %c_row_b, %n_col_b : tensor<64x128xi32>
  %c_base = tile.splat %c : tensor<64x128x!tile.ptr<bf16>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %c_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_col_b : tensor<64x128xi1>
  tile.store %c_ptrs, %out, %c_mask : tensor<64x128x!tile.ptr<bf16>>
  tile.return
}

tile.func @moe_gemm_bf16_64x256(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %w: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                         %topk_weights: !tile.ptr<f32>,
                         %sorted_ids: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                         %expert_ids: !tile.ptr<i32>,
                         %total_padded: !tile.ptr<i32>,
                         %num_entries: i32, %num_experts: i32,
                         %N: i32, %K: i32, %lda: i32, %ldw: i32,
                         %w_expert_stride: i64, %ldc: i32,
                         %top_k: i32, %mul_weight: i32)
    attributes {num_warps = 4 : i32, num_stages = 3 : i32,
                tile.alternative_of = @moe_gemm_bf16,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9]
                                       -> ((s7 + s8 * 63) ceildiv 64, s9 ceildiv 256)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_K = arith.constant 64 : i32
  %BLOCK_N = arith.constant 256 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // This block's slots of the sorted order and the entries in them (the
  // padding value num_entries past the last run).
  %total = tile.load %total_padded : !tile.ptr<i32>
  %slot0 = arith.muli %pid_m, %BLOCK_M : i32
  %in_run = arith.cmpi slt, %slot0, %total : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %slot0_s = tile.splat %slot0 : tensor<64xi32>
  %slots = arith.addi %slot0_s, %r64 : tensor<64xi32>
  %total_s = tile.splat %total : tensor<64xi32>
  %slot_ok = arith.cmpi slt, %slots, %total_s : tensor<64xi32>
  %sorted_base = tile.splat %sorted_ids : tensor<64x!tile.ptr<i32>>
  %sorted_ptrs = tile.addptr %sorted_base, %slots : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %n_entries_s = tile.splat %num_entries : tensor<64xi32>
  %entries = tile.load %sorted_ptrs, %slot_ok, %n_entries_s : tensor<64x!tile.ptr<i32>>
  %entry_ok = arith.cmpi slt, %entries, %n_entries_s : tensor<64xi32>

  // The block's expert and its weights w + e * w_expert_stride. A block
  // past the runs (its loop runs no step) reads expert_ids[0], -1 when no
  // entry has a run: taken as expert 0, so every address stays in W (and,
  // in the fp8 form, in its scales).
  %eid_index = arith.select %in_run, %pid_m, %c0 : i32
  %eid_ptr = tile.addptr %expert_ids, %eid_index : !tile.ptr<i32>, i32
  %eid_read = tile.load %eid_ptr : !tile.ptr<i32>
  %eid = arith.maxsi %eid_read, %c0 : i32
  %eid64 = arith.extsi %eid : i32 to i64
  %w_off = arith.muli %eid64, %w_expert_stride : i64
  %w_e = tile.addptr %w, %w_off : !tile.ptr<bf16>, i64
  %k_end = arith.select %in_run, %K, %c0 : i32

  // A tile pointers: a + (entries / top_k)[:, None] * lda + offs_k[None, :]   (64 x 64)
  %top_k_s = tile.splat %top_k : tensor<64xi32>
  %a_rows = arith.divsi %entries, %top_k_s : tensor<64xi32>
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_row = arith.muli %a_rows, %lda_s : tensor<64xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %offs_k = tile.range 0 to 64 : tensor<64xi32>
  %k_col_e = tile.expand_dims %offs_k, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %k_col_b = tile.broadcast %k_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %a_offs = arith.addi %a_row_b, %k_col_b : tensor<64x64xi32>
  %a_base = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>

  // W^T tile pointers: w_e + offs_k[:, None] + offs_n[None, :] * ldw   (64 x 256)
  %r256 = tile.range 0 to 256 : tensor<256xi32>
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %n_start_s = tile.splat %n_start : tensor<256xi32>
  %offs_n = arith.addi %n_start_s, %r256 : tensor<256xi32>
  %ldw_s = tile.splat %ldw : tensor<256xi32>
  %w_col = arith.muli %offs_n, %ldw_s : tensor<256xi32>
  %w_col_e = tile.expand_dims %w_col, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %w_col_b = tile.broadcast %w_col_e : tensor<1x256xi32> -> tensor<64x256xi32>
  %k_row_e = tile.expand_dims %offs_k, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<64x1xi32> -> tensor<64x256xi32>
  %w_offs = arith.addi %k_row_b, %w_col_b : tensor<64x256xi32>
  %w_base = tile.splat %w_e : tensor<64x256x!tile.ptr<bf16>>
  %w_ptrs0 = tile.addptr %w_base, %w_offs : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>

  // Masks that do not change along K: padding rows, columns past N.
  %entry_ok_e = tile.expand_dims %entry_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %N_s = tile.splat %N : tensor<256xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<256xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<256xi1> -> tensor<1x256xi1>
  %w_n_mask = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<64x256xi1>

  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %w_step = arith.constant dense<64> : tensor<64x256xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %zero_a = arith.constant dense<0.0> : tensor<64x64xbf16>
  %zero_w = arith.constant dense<0.0> : tensor<64x256xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x256xf32>

  %acc, %a_ptrs_end, %w_ptrs_end = scf.for %k = %c0 to %k_end step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %w_ptrs = %w_ptrs0)
      -> (tensor<64x256xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x256x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x64xi1> -> tensor<64x64xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x64xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %w_k_mask = tile.broadcast %k_ok_row : tensor<64x1xi1> -> tensor<64x256xi1>
    %w_mask = arith.andi %w_k_mask, %w_n_mask : tensor<64x256xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x64x!tile.ptr<bf16>>
    %w_tile = tile.load %w_ptrs, %w_mask, %zero_w : tensor<64x256x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %w_tile, %acc_i : tensor<64x64xbf16>, tensor<64x256xbf16> -> tensor<64x256xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %w_next = tile.addptr %w_ptrs, %w_step : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>
    scf.yield %acc_next, %a_next, %w_next
        : tensor<64x256xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x256x!tile.ptr<bf16>>
  }

  // The routing weight of each row (1 without mul_weight), one rounding.
  %tw_base = tile.splat %topk_weights : tensor<64x!tile.ptr<f32>>
  %tw_ptrs = tile.addptr %tw_base, %entries : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %zero64 = arith.constant dense<0.0> : tensor<64xf32>
  %one64 = arith.constant dense<1.0> : tensor<64xf32>
  %tw = tile.load %tw_ptrs, %entry_ok, %zero64 : tensor<64x!tile.ptr<f32>>
  %weighted = arith.cmpi ne, %mul_weight, %c0 : i32
  %factor = arith.select %weighted, %tw, %one64 : tensor<64xf32>
  %factor_e = tile.expand_dims %factor, 1 : tensor<64xf32> -> tensor<64x1xf32>
  %factor_b = tile.broadcast %factor_e : tensor<64x1xf32> -> tensor<64x256xf32>
  %scaled = arith.mulf %acc, %factor_b : tensor<64x256xf32>
  %out = arith.truncf %scaled : tensor<64x256xf32> to tensor<64x256xbf16>

  // C rows by entry: c + entries[:, None] * ldc + offs_n[None, :].
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %entries, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x256xi32>
  %c_col_b = tile.broadcast %n_ok_e : tensor<1x256xi1> -> tensor<64x256xi1>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x256xi32> -> tensor<64x256xi32>
  %c_offs = arith.addi %c_row_b, %n_col_b : tensor<64x256xi32>
  %c_base = tile.splat %c : tensor<64x256x!tile.ptr<bf16>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>
  %c_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x256xi1>
  %c_mask = arith.andi %c_m_mask, %c_col_b : tensor<64x256xi1>
  tile.store %c_ptrs, %out, %c_mask : tensor<64x256x!tile.ptr<bf16>>
  tile.return
}

tile.func @moe_gemm_bf16_split4(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %w: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                         %topk_weights: !tile.ptr<f32>,
                         %sorted_ids: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                         %expert_ids: !tile.ptr<i32>,
                         %total_padded: !tile.ptr<i32>,
                         %num_entries: i32, %num_experts: i32,
                         %N: i32, %K: i32, %lda: i32, %ldw: i32,
                         %w_expert_stride: i64, %ldc: i32,
                         %top_k: i32, %mul_weight: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.alternative_of = @moe_gemm_bf16,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9]
                                       -> ((s7 + s8 * 63) ceildiv 64, s9 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_K = arith.constant 64 : i32
  %BLOCK_N = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // This block's slots of the sorted order and the entries in them (the
  // padding value num_entries past the last run).
  %total = tile.load %total_padded : !tile.ptr<i32>
  %slot0 = arith.muli %pid_m, %BLOCK_M : i32
  %in_run = arith.cmpi slt, %slot0, %total : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %slot0_s = tile.splat %slot0 : tensor<64xi32>
  %slots = arith.addi %slot0_s, %r64 : tensor<64xi32>
  %total_s = tile.splat %total : tensor<64xi32>
  %slot_ok = arith.cmpi slt, %slots, %total_s : tensor<64xi32>
  %sorted_base = tile.splat %sorted_ids : tensor<64x!tile.ptr<i32>>
  %sorted_ptrs = tile.addptr %sorted_base, %slots : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %n_entries_s = tile.splat %num_entries : tensor<64xi32>
  %entries = tile.load %sorted_ptrs, %slot_ok, %n_entries_s : tensor<64x!tile.ptr<i32>>
  %entry_ok = arith.cmpi slt, %entries, %n_entries_s : tensor<64xi32>

  // The block's expert and its weights w + e * w_expert_stride. A block
  // past the runs (its loop runs no step) reads expert_ids[0], -1 when no
  // entry has a run: taken as expert 0, so every address stays in W (and,
  // in the fp8 form, in its scales).
  %eid_index = arith.select %in_run, %pid_m, %c0 : i32
  %eid_ptr = tile.addptr %expert_ids, %eid_index : !tile.ptr<i32>, i32
  %eid_read = tile.load %eid_ptr : !tile.ptr<i32>
  %eid = arith.maxsi %eid_read, %c0 : i32
  %eid64 = arith.extsi %eid : i32 to i64
  %w_off = arith.muli %eid64, %w_expert_stride : i64
  %w_e = tile.addptr %w, %w_off : !tile.ptr<bf16>, i64
  %k_end = arith.select %in_run, %K, %c0 : i32

  // A tile pointers: a + (entries / top_k)[:, None] * lda + offs_k[None, :]   (64 x 64)
  %top_k_s = tile.splat %top_k : tensor<64xi32>
  %a_rows = arith.divsi %entries, %top_k_s : tensor<64xi32>
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_row = arith.muli %a_rows, %lda_s : tensor<64xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %offs_k = tile.range 0 to 64 : tensor<64xi32>
  %k_col_e = tile.expand_dims %offs_k, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %k_col_b = tile.broadcast %k_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %a_offs = arith.addi %a_row_b, %k_col_b : tensor<64x64xi32>
  %a_base = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>

  // W^T tile pointers: w_e + offs_k[:, None] + offs_n[None, :] * ldw   (64 x 128)
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %r128 : tensor<128xi32>
  %ldw_s = tile.splat %ldw : tensor<128xi32>
  %w_col = arith.muli %offs_n, %ldw_s : tensor<128xi32>
  %w_col_e = tile.expand_dims %w_col, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %w_col_b = tile.broadcast %w_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %k_row_e = tile.expand_dims %offs_k, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %w_offs = arith.addi %k_row_b, %w_col_b : tensor<64x128xi32>
  %w_base = tile.splat %w_e : tensor<64x128x!tile.ptr<bf16>>
  %w_ptrs0 = tile.addptr %w_base, %w_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>

  // Masks that do not change along K: padding rows, columns past N.
  %entry_ok_e = tile.expand_dims %entry_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %w_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>

  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %w_step = arith.constant dense<64> : tensor<64x128xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %zero_a = arith.constant dense<0.0> : tensor<64x64xbf16>
  %zero_w = arith.constant dense<0.0> : tensor<64x128xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>

  %acc, %a_ptrs_end, %w_ptrs_end = scf.for %k = %c0 to %k_end step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %w_ptrs = %w_ptrs0)
      -> (tensor<64x128xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x128x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %offs_k : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x64xi1> -> tensor<64x64xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x64xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %w_k_mask = tile.broadcast %k_ok_row : tensor<64x1xi1> -> tensor<64x128xi1>
    %w_mask = arith.andi %w_k_mask, %w_n_mask : tensor<64x128xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x64x!tile.ptr<bf16>>
    %w_tile = tile.load %w_ptrs, %w_mask, %zero_w : tensor<64x128x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %w_tile, %acc_i : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %w_next = tile.addptr %w_ptrs, %w_step : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    scf.yield %acc_next, %a_next, %w_next
        : tensor<64x128xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x128x!tile.ptr<bf16>>
  } {tile.split_k = 4 : i32}

  // The routing weight of each row (1 without mul_weight), one rounding.
  %tw_base = tile.splat %topk_weights : tensor<64x!tile.ptr<f32>>
  %tw_ptrs = tile.addptr %tw_base, %entries : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %zero64 = arith.constant dense<0.0> : tensor<64xf32>
  %one64 = arith.constant dense<1.0> : tensor<64xf32>
  %tw = tile.load %tw_ptrs, %entry_ok, %zero64 : tensor<64x!tile.ptr<f32>>
  %weighted = arith.cmpi ne, %mul_weight, %c0 : i32
  %factor = arith.select %weighted, %tw, %one64 : tensor<64xf32>
  %factor_e = tile.expand_dims %factor, 1 : tensor<64xf32> -> tensor<64x1xf32>
  %factor_b = tile.broadcast %factor_e : tensor<64x1xf32> -> tensor<64x128xf32>
  %scaled = arith.mulf %acc, %factor_b : tensor<64x128xf32>
  %out = arith.truncf %scaled : tensor<64x128xf32> to tensor<64x128xbf16>

  // C rows by entry: c + entries[:, None] * ldc + offs_n[None, :].
  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %entries, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %c_col_b = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %c_offs = arith.addi %c_row_b, %n_col_b : tensor<64x128xi32>
  %c_base = tile.splat %c : tensor<64x128x!tile.ptr<bf16>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %c_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_col_b : tensor<64x128xi1>
  tile.store %c_ptrs, %out, %c_mask : tensor<64x128x!tile.ptr<bf16>>
  tile.return
}

tile.func @moe_gemm_fp8(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                        %w: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                        %c: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                        %topk_weights: !tile.ptr<f32>,
                        %sorted_ids: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                        %expert_ids: !tile.ptr<i32>,
                        %total_padded: !tile.ptr<i32>,
                        %a_scale: !tile.ptr<f32>, %w_scale: !tile.ptr<f32>,
                        %num_entries: i32, %num_experts: i32,
                        %N: i32, %K: i32, %lda: i32, %ldw: i32,
                        %w_expert_stride: i64, %ldc: i32,
                        %top_k: i32, %mul_weight: i32,
                        %sa_stride: i32, %sw_expert_stride: i32, %sw_stride: i32)
    attributes {num_warps = 4 : i32, num_stages = 4 : i32,
                tile.grid = affine_map<()[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11]
                                       -> ((s9 + s10 * 63) ceildiv 64, s11 ceildiv 128)>} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_K = arith.constant 128 : i32
  %BLOCK_N = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y

  // This block's slots, entries, expert and weights, as @moe_gemm_bf16.
  %total = tile.load %total_padded : !tile.ptr<i32>
  %slot0 = arith.muli %pid_m, %BLOCK_M : i32
  %in_run = arith.cmpi slt, %slot0, %total : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %slot0_s = tile.splat %slot0 : tensor<64xi32>
  %slots = arith.addi %slot0_s, %r64 : tensor<64xi32>
  %total_s = tile.splat %total : tensor<64xi32>
  %slot_ok = arith.cmpi slt, %slots, %total_s : tensor<64xi32>
  %sorted_base = tile.splat %sorted_ids : tensor<64x!tile.ptr<i32>>
  %sorted_ptrs = tile.addptr %sorted_base, %slots : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %n_entries_s = tile.splat %num_entries : tensor<64xi32>
  %entries = tile.load %sorted_ptrs, %slot_ok, %n_entries_s : tensor<64x!tile.ptr<i32>>
  %entry_ok = arith.cmpi slt, %entries, %n_entries_s : tensor<64xi32>
  %eid_index = arith.select %in_run, %pid_m, %c0 : i32
  %eid_ptr = tile.addptr %expert_ids, %eid_index : !tile.ptr<i32>, i32
  %eid_read = tile.load %eid_ptr : !tile.ptr<i32>
  %eid = arith.maxsi %eid_read, %c0 : i32
  %eid64 = arith.extsi %eid : i32 to i64
  %w_off = arith.muli %eid64, %w_expert_stride : i64
  %w_e = tile.addptr %w, %w_off : !tile.ptr<f8E4M3FN>, i64
  %k_end = arith.select %in_run, %K, %c0 : i32

  // A tile pointers: a + (entries / top_k)[:, None] * lda + offs_k[None, :]   (64 x 128)
  %top_k_s = tile.splat %top_k : tensor<64xi32>
  %a_rows = arith.divsi %entries, %top_k_s : tensor<64xi32>
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_row = arith.muli %a_rows, %lda_s : tensor<64xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %k_col_e = tile.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %k_col_b = tile.broadcast %k_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %a_offs = arith.addi %a_row_b, %k_col_b : tensor<64x128xi32>
  %a_base = tile.splat %a : tensor<64x128x!tile.ptr<f8E4M3FN>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<64x128xi32>

  // W^T tile pointers: w_e + offs_k[:, None] + offs_n[None, :] * ldw   (128 x 128)
  %n_start = arith.muli %pid_n, %BLOCK_N : i32
  %n_start_s = tile.splat %n_start : tensor<128xi32>
  %offs_n = arith.addi %n_start_s, %r128 : tensor<128xi32>
  %ldw_s = tile.splat %ldw : tensor<128xi32>
  %w_col = arith.muli %offs_n, %ldw_s : tensor<128xi32>
  %w_col_e = tile.expand_dims %w_col, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %w_col_b = tile.broadcast %w_col_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %k_row_e = tile.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %k_row_b = tile.broadcast %k_row_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %w_offs = arith.addi %k_row_b, %w_col_b : tensor<128x128xi32>
  %w_base = tile.splat %w_e : tensor<128x128x!tile.ptr<f8E4M3FN>>
  %w_ptrs0 = tile.addptr %w_base, %w_offs : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>

  %entry_ok_e = tile.expand_dims %entry_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %N_s = tile.splat %N : tensor<128xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<128xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
  %w_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<128x128xi1>

  %a_step = arith.constant dense<128> : tensor<64x128xi32>
  %w_step = arith.constant dense<128> : tensor<128x128xi32>
  %K_s = tile.splat %K : tensor<128xi32>
  %zero_a = arith.constant dense<0.0> : tensor<64x128xf8E4M3FN>
  %zero_w = arith.constant dense<0.0> : tensor<128x128xf8E4M3FN>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>

  %acc, %a_ptrs_end, %w_ptrs_end = scf.for %k = %c0 to %k_end step %BLOCK_K
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %w_ptrs = %w_ptrs0)
      -> (tensor<64x128xf32>, tensor<64x128x!tile.ptr<f8E4M3FN>>,
          tensor<128x128x!tile.ptr<f8E4M3FN>>) : i32 {
    %k_s = tile.splat %k : tensor<128xi32>
    %ks = arith.addi %k_s, %r128 : tensor<128xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<128xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<128xi1> -> tensor<1x128xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x128xi1> -> tensor<64x128xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x128xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
    %w_k_mask = tile.broadcast %k_ok_row : tensor<128x1xi1> -> tensor<128x128xi1>
    %w_mask = arith.andi %w_k_mask, %w_n_mask : tensor<128x128xi1>

    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x128x!tile.ptr<f8E4M3FN>>
    %w_tile = tile.load %w_ptrs, %w_mask, %zero_w : tensor<128x128x!tile.ptr<f8E4M3FN>>
    %acc_next = tile.dot %a_tile, %w_tile, %acc_i : tensor<64x128xf8E4M3FN>, tensor<128x128xf8E4M3FN> -> tensor<64x128xf32>

    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<64x128xi32>
    %w_next = tile.addptr %w_ptrs, %w_step : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>
    scf.yield %acc_next, %a_next, %w_next
        : tensor<64x128xf32>, tensor<64x128x!tile.ptr<f8E4M3FN>>,
          tensor<128x128x!tile.ptr<f8E4M3FN>>
  }

  // Scales: a_scale[row * sa_stride] per row, w_scale[e * sw_expert_stride
  // + n * sw_stride] per column, then the routing weight; one rounding.
  %zero64 = arith.constant dense<0.0> : tensor<64xf32>
  %sa_stride_s = tile.splat %sa_stride : tensor<64xi32>
  %sa_offs = arith.muli %a_rows, %sa_stride_s : tensor<64xi32>
  %sa_base = tile.splat %a_scale : tensor<64x!tile.ptr<f32>>
  %sa_ptrs = tile.addptr %sa_base, %sa_offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %sa = tile.load %sa_ptrs, %entry_ok, %zero64 : tensor<64x!tile.ptr<f32>>
  %sw_e = arith.muli %eid, %sw_expert_stride : i32
  %sw_e_ptr = tile.addptr %w_scale, %sw_e : !tile.ptr<f32>, i32
  %sw_stride_s = tile.splat %sw_stride : tensor<128xi32>
  %sw_offs = arith.muli %offs_n, %sw_stride_s : tensor<128xi32>
  %sw_base = tile.splat %sw_e_ptr : tensor<128x!tile.ptr<f32>>
  %sw_ptrs = tile.addptr %sw_base, %sw_offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %zero128 = arith.constant dense<0.0> : tensor<128xf32>
  %sw = tile.load %sw_ptrs, %n_ok, %zero128 : tensor<128x!tile.ptr<f32>>
  %sa_e = tile.expand_dims %sa, 1 : tensor<64xf32> -> tensor<64x1xf32>
  %sa_b = tile.broadcast %sa_e : tensor<64x1xf32> -> tensor<64x128xf32>
  %sw_e2 = tile.expand_dims %sw, 0 : tensor<128xf32> -> tensor<1x128xf32>
  %sw_b = tile.broadcast %sw_e2 : tensor<1x128xf32> -> tensor<64x128xf32>
  %scaled_a = arith.mulf %acc, %sa_b : tensor<64x128xf32>
  %scaled_w = arith.mulf %scaled_a, %sw_b : tensor<64x128xf32>
  %tw_base = tile.splat %topk_weights : tensor<64x!tile.ptr<f32>>
  %tw_ptrs = tile.addptr %tw_base, %entries : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %one64 = arith.constant dense<1.0> : tensor<64xf32>
  %tw = tile.load %tw_ptrs, %entry_ok, %zero64 : tensor<64x!tile.ptr<f32>>
  %weighted = arith.cmpi ne, %mul_weight, %c0 : i32
  %factor = arith.select %weighted, %tw, %one64 : tensor<64xf32>
  %factor_e = tile.expand_dims %factor, 1 : tensor<64xf32> -> tensor<64x1xf32>
  %factor_b = tile.broadcast %factor_e : tensor<64x1xf32> -> tensor<64x128xf32>
  %scaled = arith.mulf %scaled_w, %factor_b : tensor<64x128xf32>
  %out = arith.truncf %scaled : tensor<64x128xf32> to tensor<64x128xbf16>

  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %entries, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %c_offs = arith.addi %c_row_b, %n_col_b : tensor<64x128xi32>
  %c_base = tile.splat %c : tensor<64x128x!tile.ptr<bf16>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %c_m_mask = tile.broadcast %entry_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %c_n_mask = tile.broadcast %n_ok_e : tensor<1x128xi1> -> tensor<64x128xi1>
  %c_mask = arith.andi %c_m_mask, %c_n_mask : tensor<64x128xi1>
  tile.store %c_ptrs, %out, %c_mask : tensor<64x128x!tile.ptr<bf16>>
  tile.return
}
