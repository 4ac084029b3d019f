// varlen_attention: flash attention over a packed batch of sequences of
//   different lengths (the prefill of LLM serving, as flash-attention's varlen
//   forward): sequence b is the tokens [cu_seqlens[b], cu_seqlens[b + 1]) of
//   q, k and v, and attends only to itself. Query head h reads KV head
//   h / group (grouped-query attention). For sequence b of len tokens from
//   start, query head h and query i < len:
//     s[j] = scale * dot(q[start + i, h, :], k[start + j, h / group, :])
//            for keys j < len (and j <= i when causal != 0)
//     o[start + i, h, :] = bf16_rtne(sum_j softmax(s)[j] * v[start + j, h / group, :])
//   computed as flash_attention.mlir computes it (online softmax in base 2,
//   P rounded to bf16 before P x V).
// Memory layout (elements, all contiguous):
//   q, o:         [total_tokens, num_heads, 128] bf16
//   k, v:         [total_tokens, num_heads / group, 128] bf16
//   cu_seqlens:   [batch + 1] i32, non-decreasing from 0 (a sequence may be
//                 empty)
// Grid: (cdiv(max_seqlen, 64), num_heads, batch); program (x, h, b) computes
//   queries [64x, 64x + 64) of sequence b, head h; a block past the
//   sequence's end does nothing.
// Arguments: num_heads: i32; group: i32 (>= 1, dividing num_heads); scale:
//   f32 (e.g. 1/sqrt(128)); causal: i32 (0 = full, nonzero = causal).
//   total_tokens * num_heads * 128 < 2^31.
// Tile sizes: BLOCK_M = 64 queries, BLOCK_N = 64 keys per scf.for step,
//   HEAD_DIM = 128 (num_warps = 4, num_stages = 2).
tile.func @varlen_attention(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                            %cu_seqlens: !tile.ptr<i32>,
                            %num_heads: i32, %group: i32, %scale: f32,
                            %causal: i32)
    attributes {num_warps = 4 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %BLOCK_M = arith.constant 64 : i32
  %BLOCK_N = arith.constant 64 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %head = tile.program_id y
  %seq = tile.program_id z

  // This program's sequence: tokens [start, start + len).
  %cu_ptr = tile.addptr %cu_seqlens, %seq : !tile.ptr<i32>, i32
  %start = tile.load %cu_ptr : !tile.ptr<i32>
  %cu_next = tile.addptr %cu_ptr, %c1 : !tile.ptr<i32>, i32
  %end = tile.load %cu_next : !tile.ptr<i32>
  %seq_len = arith.subi %end, %start : i32

  // Row strides (elements per token) and the head's base in q, o, k and v.
  %q_stride = arith.muli %num_heads, %HEAD_DIM : i32
  %num_kv_heads = arith.divsi %num_heads, %group : i32
  %kv_stride = arith.muli %num_kv_heads, %HEAD_DIM : i32
  %kv_head = arith.divsi %head, %group : i32
  %q_first = arith.muli %start, %q_stride : i32
  %q_head = arith.muli %head, %HEAD_DIM : i32
  %q_off = arith.addi %q_first, %q_head : i32
  %kv_first = arith.muli %start, %kv_stride : i32
  %kv_head_off = arith.muli %kv_head, %HEAD_DIM : i32
  %kv_off = arith.addi %kv_first, %kv_head_off : i32
  %q_bh = tile.addptr %q, %q_off : !tile.ptr<bf16>, i32
  %o_bh = tile.addptr %o, %q_off : !tile.ptr<bf16>, i32
  %k_bh = tile.addptr %k, %kv_off : !tile.ptr<bf16>, i32
  %v_bh = tile.addptr %v, %kv_off : !tile.ptr<bf16>, i32

  // offs_m = pid_m * BLOCK_M + arange(64); offs_n = arange(64); offs_d = arange(128).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %r64 : tensor<64xi32>
  %offs_n = tile.range 0 to 64 : tensor<64xi32>
  %offs_d = tile.range 0 to 128 : tensor<128xi32>
  %d_e = tile.expand_dims %offs_d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<64x128xi32>

  // Q block [64 x 128]: offs_m[:, None] * q_stride + offs_d[None, :], rows masked by len.
  %q_stride_s = tile.splat %q_stride : tensor<64xi32>
  %qm_off = arith.muli %offs_m, %q_stride_s : tensor<64xi32>
  %qm_off_e = tile.expand_dims %qm_off, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %qm_off_b = tile.broadcast %qm_off_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %q_offs = arith.addi %qm_off_b, %d_b : tensor<64x128xi32>
  %seq_s = tile.splat %seq_len : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %seq_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %q_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
  %q_base = tile.splat %q_bh : tensor<64x128x!tile.ptr<bf16>>
  %q_ptrs = tile.addptr %q_base, %q_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %q_tile = tile.load %q_ptrs, %q_mask : tensor<64x128x!tile.ptr<bf16>>

  // K/V block offsets relative to the block's first key: offs_n[:, None] * kv_stride + offs_d[None, :].
  %kv_stride_s = tile.splat %kv_stride : tensor<64xi32>
  %kn_off = arith.muli %offs_n, %kv_stride_s : tensor<64xi32>
  %kn_off_e = tile.expand_dims %kn_off, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %kn_off_b = tile.broadcast %kn_off_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %kv_offs0 = arith.addi %kn_off_b, %d_b : tensor<64x128xi32>
  %k_base = tile.splat %k_bh : tensor<64x128x!tile.ptr<bf16>>
  %v_base = tile.splat %v_bh : tensor<64x128x!tile.ptr<bf16>>

  // Query index of each logit row, for the causal test.
  %qi_e = tile.expand_dims %offs_m, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %qi = tile.broadcast %qi_e : tensor<64x1xi32> -> tensor<64x64xi32>

  // Keys to visit: all of the sequence's, up to the block's last query when
  // causal, none for a block past the sequence's end.
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %true = arith.constant true
  %not_causal = arith.xori %is_causal, %true : i1
  %not_causal_s = tile.splat %not_causal : tensor<64x64xi1>
  %m_end = arith.addi %m_start, %BLOCK_M : i32
  %causal_hi = arith.minsi %m_end, %seq_len : i32
  %any_hi = arith.select %is_causal, %causal_hi, %seq_len : i32
  %has_rows = arith.cmpi slt, %m_start, %seq_len : i32
  %hi = arith.select %has_rows, %any_hi, %c0 : i32

  // qk_scale = scale * log2(e): softmax in base 2.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %scale, %log2e : f32
  %qk_scale_s = tile.splat %qk_scale : tensor<64x64xf32>

  %neg_inf_mn = arith.constant dense<0xFF800000> : tensor<64x64xf32>
  %neg_inf_m = arith.constant dense<0xFF800000> : tensor<64xf32>
  %zero_m = arith.constant dense<0.0> : tensor<64xf32>
  %zero_s = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc0 = arith.constant dense<0.0> : tensor<64x128xf32>

  %m_fin, %l_fin, %acc_fin = scf.for %start_n = %c0 to %hi step %BLOCK_N
      iter_args(%m_i = %neg_inf_m, %l_i = %zero_m, %acc = %acc0)
      -> (tensor<64xf32>, tensor<64xf32>, tensor<64x128xf32>) : i32 {
    // Keys kcols = start_n + offs_n; keys >= len are masked.
    %sn_s = tile.splat %start_n : tensor<64xi32>
    %kcols = arith.addi %sn_s, %offs_n : tensor<64xi32>
    %k_ok = arith.cmpi slt, %kcols, %seq_s : tensor<64xi32>
    %k_ok_e = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %kv_mask = tile.broadcast %k_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
    %kv_shift = arith.muli %start_n, %kv_stride : i32
    %kv_shift_s = tile.splat %kv_shift : tensor<64x128xi32>
    %kv_offs = arith.addi %kv_offs0, %kv_shift_s : tensor<64x128xi32>

    // S = (Q x K^T) * qk_scale   [64 x 64]
    %k_ptrs = tile.addptr %k_base, %kv_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    %k_tile = tile.load %k_ptrs, %kv_mask : tensor<64x128x!tile.ptr<bf16>>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<64x128xbf16> -> tensor<128x64xbf16>
    %qk = tile.dot %q_tile, %k_t, %zero_s : tensor<64x128xbf16>, tensor<128x64xbf16> -> tensor<64x64xf32>
    %s_scaled = arith.mulf %qk, %qk_scale_s : tensor<64x64xf32>

    // Mask: key < seq_len, and key <= query when causal.
    %kc_e = tile.expand_dims %kcols, 0 : tensor<64xi32> -> tensor<1x64xi32>
    %kc = tile.broadcast %kc_e : tensor<1x64xi32> -> tensor<64x64xi32>
    %causal_ok = arith.cmpi sge, %qi, %kc : tensor<64x64xi32>
    %allowed = arith.ori %causal_ok, %not_causal_s : tensor<64x64xi1>
    %k_ok_row = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %k_valid = tile.broadcast %k_ok_row : tensor<1x64xi1> -> tensor<64x64xi1>
    %valid = arith.andi %allowed, %k_valid : tensor<64x64xi1>
    %s = arith.select %valid, %s_scaled, %neg_inf_mn : tensor<64x64xi1>, tensor<64x64xf32>

    // Online softmax update.
    %row_max = tile.reduce(%s) axis = 1 : tensor<64x64xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %m_new = arith.maximumf %m_i, %row_max : tensor<64xf32>
    // A row with no valid key so far keeps m = -inf; subtract 0 instead so
    // that exp2 gives 0 rather than NaN (-inf - -inf).
    %m_empty = arith.cmpf oeq, %m_new, %neg_inf_m : tensor<64xf32>
    %m_safe = arith.select %m_empty, %zero_m, %m_new : tensor<64xi1>, tensor<64xf32>
    %m_safe_e = tile.expand_dims %m_safe, 1 : tensor<64xf32> -> tensor<64x1xf32>
    %m_safe_b = tile.broadcast %m_safe_e : tensor<64x1xf32> -> tensor<64x64xf32>
    %s_shift = arith.subf %s, %m_safe_b : tensor<64x64xf32>
    %p = math.exp2 %s_shift : tensor<64x64xf32>
    %m_diff = arith.subf %m_i, %m_safe : tensor<64xf32>
    %alpha = math.exp2 %m_diff : tensor<64xf32>
    %l_ij = tile.reduce(%p) axis = 1 : tensor<64x64xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tile.yield %sum : f32
    }
    %l_scaled = arith.mulf %l_i, %alpha : tensor<64xf32>
    %l_new = arith.addf %l_scaled, %l_ij : tensor<64xf32>
    %alpha_e = tile.expand_dims %alpha, 1 : tensor<64xf32> -> tensor<64x1xf32>
    %alpha_b = tile.broadcast %alpha_e : tensor<64x1xf32> -> tensor<64x128xf32>
    %acc_scaled = arith.mulf %acc, %alpha_b : tensor<64x128xf32>

    // acc += P x V   (P rounded to bf16)
    %v_ptrs = tile.addptr %v_base, %kv_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    %v_tile = tile.load %v_ptrs, %kv_mask : tensor<64x128x!tile.ptr<bf16>>
    %p_bf16 = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<64xf32>, tensor<64xf32>, tensor<64x128xf32>
  }

  // O = acc / l, rounded to bf16, rows masked by len. A row that saw no
  // key (only in a block past the end, whose rows are all masked) is not
  // stored.
  %l_e = tile.expand_dims %l_fin, 1 : tensor<64xf32> -> tensor<64x1xf32>
  %l_b = tile.broadcast %l_e : tensor<64x1xf32> -> tensor<64x128xf32>
  %out_f = arith.divf %acc_fin, %l_b : tensor<64x128xf32>
  %out_b = arith.truncf %out_f : tensor<64x128xf32> to tensor<64x128xbf16>
  %o_base = tile.splat %o_bh : tensor<64x128x!tile.ptr<bf16>>
  %o_ptrs = tile.addptr %o_base, %q_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  tile.store %o_ptrs, %out_b, %q_mask : tensor<64x128x!tile.ptr<bf16>>
  tile.return
}
