// paged_decode_fp8: paged_decode.mlir with an e4m3 KV cache (as
//   kv_cache_append.mlir's @kv_cache_append_fp8 writes it) and a scale per
//   KV head: key j of head h stands for k_scale[h] * k_cache[...] (the e4m3
//   value, exact in bf16), value j for v_scale[h] * v_cache[...]. So
//     s[j] = scale * k_scale[h] * dot(q[b, qh, :], K8[b, j, :])
//     out[b, qh, z, :] = v_scale[h] * sum_{j in J} p[j] V8[b, j, :] / sum_{j in J} p[j]
//   and lse as in paged_decode (of the scaled logits); paged_decode_merge
//   combines the splits the same way.
// Memory layout: as paged_decode, k_cache and v_cache f8E4M3FN, and
//   k_scales, v_scales: [num_kv_heads] f32 (positive).
// Grid, arguments and tiles: as paged_decode (scales after v_cache).
tile.func @paged_decode_fp8(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %k_cache: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                        %v_cache: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                        %k_scales: !tile.ptr<f32>, %v_scales: !tile.ptr<f32>,
                        %block_tables: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                        %context_lens: !tile.ptr<i32>,
                        %out: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                        %lse: !tile.ptr<f32> {tile.noalias},
                        %num_kv_heads: i32, %group: i32, %max_pages: i32,
                        %split_len: i32, %scale: f32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %BLOCK_N = arith.constant 64 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %seq = tile.program_id x
  %kvh = tile.program_id y
  %split = tile.program_id z
  %num_splits = tile.num_programs z

  // This split's keys: [lo, hi).
  %ctx_ptr = tile.addptr %context_lens, %seq : !tile.ptr<i32>, i32
  %ctx = tile.load %ctx_ptr : !tile.ptr<i32>
  %lo = arith.muli %split, %split_len : i32
  %lo_end = arith.addi %lo, %split_len : i32
  %hi = arith.minsi %lo_end, %ctx : i32

  // Query rows g < group: heads kvh * group + g of this sequence.
  %num_q_heads = arith.muli %num_kv_heads, %group : i32
  %g = tile.range 0 to 16 : tensor<16xi32>
  %group_s = tile.splat %group : tensor<16xi32>
  %row_ok = arith.cmpi slt, %g, %group_s : tensor<16xi32>
  %head0 = arith.muli %kvh, %group : i32
  %seq_heads = arith.muli %seq, %num_q_heads : i32
  %first_row = arith.addi %seq_heads, %head0 : i32
  %first_row_s = tile.splat %first_row : tensor<16xi32>
  %rows = arith.addi %first_row_s, %g : tensor<16xi32>
  %offs_d = tile.range 0 to 128 : tensor<128xi32>
  %d_e = tile.expand_dims %offs_d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<16x128xi32>
  %hd_s = tile.splat %HEAD_DIM : tensor<16xi32>
  %q_row = arith.muli %rows, %hd_s : tensor<16xi32>
  %q_row_e = tile.expand_dims %q_row, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %q_row_b = tile.broadcast %q_row_e : tensor<16x1xi32> -> tensor<16x128xi32>
  %q_offs = arith.addi %q_row_b, %d_b : tensor<16x128xi32>
  %row_ok_e = tile.expand_dims %row_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
  %q_mask = tile.broadcast %row_ok_e : tensor<16x1xi1> -> tensor<16x128xi1>
  %q_base = tile.splat %q : tensor<16x128x!tile.ptr<bf16>>
  %q_ptrs = tile.addptr %q_base, %q_offs : tensor<16x128x!tile.ptr<bf16>>, tensor<16x128xi32>
  %q_tile = tile.load %q_ptrs, %q_mask : tensor<16x128x!tile.ptr<bf16>>

  // Key offsets: this sequence's block table row, and head kvh of each slot
  // (in i64: a cache may hold more than 2^31 elements).
  %bt_row_off = arith.muli %seq, %max_pages : i32
  %bt_row = tile.addptr %block_tables, %bt_row_off : !tile.ptr<i32>, i32
  %bt_base = tile.splat %bt_row : tensor<64x!tile.ptr<i32>>
  %offs_n = tile.range 0 to 64 : tensor<64xi32>
  %page_size = arith.constant dense<16> : tensor<64xi32>
  %page_size64 = arith.constant dense<16> : tensor<64xi64>
  %hkv64 = arith.extsi %num_kv_heads : i32 to i64
  %hkv64_s = tile.splat %hkv64 : tensor<64xi64>
  %kvh64 = arith.extsi %kvh : i32 to i64
  %kvh64_s = tile.splat %kvh64 : tensor<64xi64>
  %hd64_s = arith.constant dense<128> : tensor<64xi64>
  %offs_d64 = arith.extsi %offs_d : tensor<128xi32> to tensor<128xi64>
  %d64_e = tile.expand_dims %offs_d64, 0 : tensor<128xi64> -> tensor<1x128xi64>
  %d64_b = tile.broadcast %d64_e : tensor<1x128xi64> -> tensor<64x128xi64>
  %k_base = tile.splat %k_cache : tensor<64x128x!tile.ptr<f8E4M3FN>>
  %v_base = tile.splat %v_cache : tensor<64x128x!tile.ptr<f8E4M3FN>>
  %hi_s = tile.splat %hi : tensor<64xi32>

  // This KV head's scales; qk_scale = scale * k_scale * log2(e): softmax
  // in base 2.
  %k_scale_ptr = tile.addptr %k_scales, %kvh : !tile.ptr<f32>, i32
  %k_scale = tile.load %k_scale_ptr : !tile.ptr<f32>
  %v_scale_ptr = tile.addptr %v_scales, %kvh : !tile.ptr<f32>, i32
  %v_scale = tile.load %v_scale_ptr : !tile.ptr<f32>
  %log2e = arith.constant 1.44269504 : f32
  %scale_k = arith.mulf %scale, %k_scale : f32
  %qk_scale = arith.mulf %scale_k, %log2e : f32
  %qk_scale_s = tile.splat %qk_scale : tensor<16x64xf32>
  %neg_inf_mn = arith.constant dense<0xFF800000> : tensor<16x64xf32>
  %neg_inf_m = arith.constant dense<0xFF800000> : tensor<16xf32>
  %zero_m = arith.constant dense<0.0> : tensor<16xf32>
  %zero_s = arith.constant dense<0.0> : tensor<16x64xf32>
  %acc0 = arith.constant dense<0.0> : tensor<16x128xf32>

  %m_fin, %l_fin, %acc_fin = scf.for %start = %lo to %hi step %BLOCK_N
      iter_args(%m_i = %neg_inf_m, %l_i = %zero_m, %acc = %acc0)
      -> (tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>) : i32 {
    // Keys n = start + offs_n, n < hi; their pages from the block table.
    %start_s = tile.splat %start : tensor<64xi32>
    %n = arith.addi %start_s, %offs_n : tensor<64xi32>
    %n_ok = arith.cmpi slt, %n, %hi_s : tensor<64xi32>
    %page_idx = arith.divsi %n, %page_size : tensor<64xi32>
    %bt_ptrs = tile.addptr %bt_base, %page_idx : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    %page = tile.load %bt_ptrs, %n_ok : tensor<64x!tile.ptr<i32>>
    %slot = arith.remsi %n, %page_size : tensor<64xi32>
    %page64 = arith.extsi %page : tensor<64xi32> to tensor<64xi64>
    %slot64 = arith.extsi %slot : tensor<64xi32> to tensor<64xi64>
    %tok0 = arith.muli %page64, %page_size64 : tensor<64xi64>
    %tok = arith.addi %tok0, %slot64 : tensor<64xi64>
    %tok_heads = arith.muli %tok, %hkv64_s : tensor<64xi64>
    %tok_head = arith.addi %tok_heads, %kvh64_s : tensor<64xi64>
    %key_row = arith.muli %tok_head, %hd64_s : tensor<64xi64>
    %key_row_e = tile.expand_dims %key_row, 1 : tensor<64xi64> -> tensor<64x1xi64>
    %key_row_b = tile.broadcast %key_row_e : tensor<64x1xi64> -> tensor<64x128xi64>
    %kv_offs = arith.addi %key_row_b, %d64_b : tensor<64x128xi64>
    %n_ok_e = tile.expand_dims %n_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %kv_mask = tile.broadcast %n_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>

    // S = (Q x K^T) * qk_scale   [16 x 64], keys >= hi masked with -inf.
    %k_ptrs = tile.addptr %k_base, %kv_offs : tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<64x128xi64>
    %k_f8 = tile.load %k_ptrs, %kv_mask : tensor<64x128x!tile.ptr<f8E4M3FN>>
    %k_tile = tile.fp_to_fp %k_f8 : tensor<64x128xf8E4M3FN> -> tensor<64x128xbf16>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<64x128xbf16> -> tensor<128x64xbf16>
    %qk = tile.dot %q_tile, %k_t, %zero_s : tensor<16x128xbf16>, tensor<128x64xbf16> -> tensor<16x64xf32>
    %s_scaled = arith.mulf %qk, %qk_scale_s : tensor<16x64xf32>
    %n_ok_row = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %valid = tile.broadcast %n_ok_row : tensor<1x64xi1> -> tensor<16x64xi1>
    %s = arith.select %valid, %s_scaled, %neg_inf_mn : tensor<16x64xi1>, tensor<16x64xf32>

    // Online softmax update; every step has at least one valid key, so m
    // is finite after the first.
    %row_max = tile.reduce(%s) axis = 1 : tensor<16x64xf32> -> tensor<16xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %m_new = arith.maximumf %m_i, %row_max : tensor<16xf32>
    %m_new_e = tile.expand_dims %m_new, 1 : tensor<16xf32> -> tensor<16x1xf32>
    %m_new_b = tile.broadcast %m_new_e : tensor<16x1xf32> -> tensor<16x64xf32>
    %s_shift = arith.subf %s, %m_new_b : tensor<16x64xf32>
    %p = math.exp2 %s_shift : tensor<16x64xf32>
    %m_diff = arith.subf %m_i, %m_new : tensor<16xf32>
    %alpha = math.exp2 %m_diff : tensor<16xf32>
    %l_ij = tile.reduce(%p) axis = 1 : tensor<16x64xf32> -> tensor<16xf32> {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tile.yield %sum : f32
    }
    %l_scaled = arith.mulf %l_i, %alpha : tensor<16xf32>
    %l_new = arith.addf %l_scaled, %l_ij : tensor<16xf32>
    %alpha_e = tile.expand_dims %alpha, 1 : tensor<16xf32> -> tensor<16x1xf32>
    %alpha_b = tile.broadcast %alpha_e : tensor<16x1xf32> -> tensor<16x128xf32>
    %acc_scaled = arith.mulf %acc, %alpha_b : tensor<16x128xf32>

    // acc += P x V   (P rounded to bf16)
    %v_ptrs = tile.addptr %v_base, %kv_offs : tensor<64x128x!tile.ptr<f8E4M3FN>>, tensor<64x128xi64>
    %v_f8 = tile.load %v_ptrs, %kv_mask : tensor<64x128x!tile.ptr<f8E4M3FN>>
    %v_tile = tile.fp_to_fp %v_f8 : tensor<64x128xf8E4M3FN> -> tensor<64x128xbf16>
    %p_bf16 = arith.truncf %p : tensor<16x64xf32> to tensor<16x64xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<16x64xbf16>, tensor<64x128xbf16> -> tensor<16x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>
  }

  // out = acc / l (0 for an empty split), lse = m + log2(l) (-inf for one).
  %empty = arith.cmpf oeq, %l_fin, %zero_m : tensor<16xf32>
  %one_m = arith.constant dense<1.0> : tensor<16xf32>
  %l_div = arith.select %empty, %one_m, %l_fin : tensor<16xi1>, tensor<16xf32>
  %l_e = tile.expand_dims %l_div, 1 : tensor<16xf32> -> tensor<16x1xf32>
  %l_b = tile.broadcast %l_e : tensor<16x1xf32> -> tensor<16x128xf32>
  %out_unscaled = arith.divf %acc_fin, %l_b : tensor<16x128xf32>
  %v_scale_s = tile.splat %v_scale : tensor<16x128xf32>
  %out_tile = arith.mulf %out_unscaled, %v_scale_s : tensor<16x128xf32>
  %log_l = math.log2 %l_fin : tensor<16xf32>
  %lse_tile = arith.addf %m_fin, %log_l : tensor<16xf32>

  // Row (seq * num_q_heads + head) * num_splits + split of out and lse.
  %splits_s = tile.splat %num_splits : tensor<16xi32>
  %split_s = tile.splat %split : tensor<16xi32>
  %part0 = arith.muli %rows, %splits_s : tensor<16xi32>
  %part = arith.addi %part0, %split_s : tensor<16xi32>
  %lse_base = tile.splat %lse : tensor<16x!tile.ptr<f32>>
  %lse_ptrs = tile.addptr %lse_base, %part : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %lse_ptrs, %lse_tile, %row_ok : tensor<16x!tile.ptr<f32>>
  %part_row = arith.muli %part, %hd_s : tensor<16xi32>
  %part_row_e = tile.expand_dims %part_row, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %part_row_b = tile.broadcast %part_row_e : tensor<16x1xi32> -> tensor<16x128xi32>
  %out_offs = arith.addi %part_row_b, %d_b : tensor<16x128xi32>
  %out_base = tile.splat %out : tensor<16x128x!tile.ptr<f32>>
  %out_ptrs = tile.addptr %out_base, %out_offs : tensor<16x128x!tile.ptr<f32>>, tensor<16x128xi32>
  tile.store %out_ptrs, %out_tile, %q_mask : tensor<16x128x!tile.ptr<f32>>
  tile.return
}
