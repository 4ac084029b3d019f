// flash_attention: FlashAttention-2 style forward pass, bf16 in and out, f32
//   softmax statistics and accumulator. For each (batch*head) bh and query i:
//     s[j] = scale * dot(q[bh, i, :], k[bh, j, :])   for keys j < seq_len
//            (and j <= i when causal != 0; other keys are masked with -inf)
//     o[bh, i, :] = bf16_rtne(sum_j softmax(s)[j] * v[bh, j, :])
//   The softmax is computed online in base 2: logits are multiplied by
//   scale * log2(e) (fused with the subtraction of the running maximum)
//   and exponentiated with math.exp2; P is rounded to bf16 before the
//   P x V dot.
//   q, k, v, o are [batch*heads, seq_len, 128] bf16, contiguous: element
//   (bh, s, d) at bh * seq_len * 128 + s * 128 + d.
// Grid: (cdiv(seq_len, 128), batch*heads, 1); program_id x = block of 128
//   queries (i in [128x, 128x + 128)), program_id y = bh (batch*head index).
// Arguments: q, k, v, o: !tile.ptr<bf16>; seq_len: i32 (>= 1,
//   batch*heads*seq_len*128 < 2^31); scale: f32 (> 0, e.g. 1/sqrt(128));
//   causal: i32 (0 = full attention, nonzero = causal).
// Tile sizes: BLOCK_M = 128 queries (two warpgroups of 64 rows), BLOCK_N =
//   64 keys per scf.for step, HEAD_DIM = 128 (num_warps = 8, num_stages =
//   2). Query rows >= seq_len are masked on load and store; key/value rows
//   >= seq_len are masked on load (other = 0) and their logits set to -inf.
//   With causal != 0 the loop stops at min(seq_len, 128x + 128).
// On sm_90a the K and V blocks become TMA copies of a [planes, seq_len,
//   128] view (docs/Targets.md, "Pointer blocks as tensor copies"), issued
//   by a producer warpgroup: the same pipeline as flash_attention_desc.
tile.func @flash_attention(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %seq_len: i32, %scale: f32, %causal: i32)
    attributes {num_warps = 8 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 64 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %bh = tile.program_id y

  // Base of this (batch, head) in q, k, v and o.
  %seq_elems = arith.muli %seq_len, %HEAD_DIM : i32
  %bh_off = arith.muli %bh, %seq_elems : i32
  %q_bh = tile.addptr %q, %bh_off : !tile.ptr<bf16>, i32
  %k_bh = tile.addptr %k, %bh_off : !tile.ptr<bf16>, i32
  %v_bh = tile.addptr %v, %bh_off : !tile.ptr<bf16>, i32
  %o_bh = tile.addptr %o, %bh_off : !tile.ptr<bf16>, i32

  // offs_m = pid_m * BLOCK_M + arange(128); offs_n = arange(64); offs_d = arange(128).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %rows_m = tile.range 0 to 128 : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %rows_m : tensor<128xi32>
  %offs_n = tile.range 0 to 64 : tensor<64xi32>
  %offs_d = tile.range 0 to 128 : tensor<128xi32>
  %hd_m = tile.splat %HEAD_DIM : tensor<128xi32>
  %hd_n = tile.splat %HEAD_DIM : tensor<64xi32>
  %d_e = tile.expand_dims %offs_d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<128x128xi32>

  // Q block [128 x 128]: offs_m[:, None] * 128 + offs_d[None, :], rows masked by seq_len.
  %qm_off = arith.muli %offs_m, %hd_m : tensor<128xi32>
  %qm_off_e = tile.expand_dims %qm_off, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %qm_off_b = tile.broadcast %qm_off_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %q_offs = arith.addi %qm_off_b, %d_b : tensor<128x128xi32>
  %seq_m = tile.splat %seq_len : tensor<128xi32>
  %seq_n = tile.splat %seq_len : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %seq_m : tensor<128xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %q_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %q_base = tile.splat %q_bh : tensor<128x128x!tile.ptr<bf16>>
  %q_ptrs = tile.addptr %q_base, %q_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
  %q_tile = tile.load %q_ptrs, %q_mask : tensor<128x128x!tile.ptr<bf16>>

  // K/V block offsets relative to the block's first key: offs_n[:, None] * 128 + offs_d[None, :].
  %kn_off = arith.muli %offs_n, %hd_n : tensor<64xi32>
  %kn_off_e = tile.expand_dims %kn_off, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %kn_off_b = tile.broadcast %kn_off_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %d_n = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %kv_offs0 = arith.addi %kn_off_b, %d_n : tensor<64x128xi32>
  %k_base = tile.splat %k_bh : tensor<64x128x!tile.ptr<bf16>>
  %v_base = tile.splat %v_bh : tensor<64x128x!tile.ptr<bf16>>

  // Keys each query row may see: those below seq_len, and when causal also
  // those up to the row's own query (one comparison per logit below).
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %one_m = arith.constant dense<1> : tensor<128xi32>
  %qi_end = arith.addi %offs_m, %one_m : tensor<128xi32>
  %causal_end = arith.minsi %qi_end, %seq_m : tensor<128xi32>
  %is_causal_m = tile.splat %is_causal : tensor<128xi1>
  %key_end = arith.select %is_causal_m, %causal_end, %seq_m : tensor<128xi1>, tensor<128xi32>
  %cols_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cols = tile.broadcast %cols_e : tensor<1x64xi32> -> tensor<128x64xi32>
  %m_end = arith.addi %m_start, %BLOCK_M : i32
  %causal_hi = arith.minsi %m_end, %seq_len : i32
  %hi = arith.select %is_causal, %causal_hi, %seq_len : i32

  // qk_scale = scale * log2(e): softmax in base 2.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %scale, %log2e : f32
  %qk_scale_m = tile.splat %qk_scale : tensor<128xf32>
  %qk_scale_s = tile.splat %qk_scale : tensor<128x64xf32>

  %neg_inf_mn = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  %neg_inf_m = arith.constant dense<0xFF800000> : tensor<128xf32>
  %zero_m = arith.constant dense<0.0> : tensor<128xf32>
  %zero_s = arith.constant dense<0.0> : tensor<128x64xf32>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>

  %m_fin, %l_fin, %acc_fin = scf.for %start_n = %c0 to %hi step %BLOCK_N
      iter_args(%m_i = %neg_inf_m, %l_i = %zero_m, %acc = %acc0)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) : i32 {
    // Keys kcols = start_n + offs_n; rows >= seq_len are masked.
    %sn_s = tile.splat %start_n : tensor<64xi32>
    %kcols = arith.addi %sn_s, %offs_n : tensor<64xi32>
    %k_ok = arith.cmpi slt, %kcols, %seq_n : tensor<64xi32>
    %k_ok_e = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %kv_mask = tile.broadcast %k_ok_e : tensor<64x1xi1> -> tensor<64x128xi1>
    %kv_shift = arith.muli %start_n, %HEAD_DIM : i32
    %kv_shift_s = tile.splat %kv_shift : tensor<64x128xi32>
    %kv_offs = arith.addi %kv_offs0, %kv_shift_s : tensor<64x128xi32>

    // S = Q x K^T   [128 x 64], scaled by qk_scale in the exponent below
    %k_ptrs = tile.addptr %k_base, %kv_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    %k_tile = tile.load %k_ptrs, %kv_mask : tensor<64x128x!tile.ptr<bf16>>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<64x128xbf16> -> tensor<128x64xbf16>
    %qk = tile.dot %q_tile, %k_t, %zero_s : tensor<128x128xbf16>, tensor<128x64xbf16> -> tensor<128x64xf32>

    // Mask: column j is key start_n + j, visible when j < key_end -
    // start_n of its row (no overflow: both lie in [0, seq_len]).
    %sn_m = tile.splat %start_n : tensor<128xi32>
    %cols_end = arith.subi %key_end, %sn_m : tensor<128xi32>
    %cols_end_e = tile.expand_dims %cols_end, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %cols_end_b = tile.broadcast %cols_end_e : tensor<128x1xi32> -> tensor<128x64xi32>
    %valid = arith.cmpi slt, %cols, %cols_end_b : tensor<128x64xi32>
    %s = arith.select %valid, %qk, %neg_inf_mn : tensor<128x64xi1>, tensor<128x64xf32>

    // Online softmax update, in units of qk_scale (> 0, so the maximum of
    // the scaled logits is the scaled maximum, rounded alike).
    %row_max = tile.reduce(%s) axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %row_max_scaled = arith.mulf %row_max, %qk_scale_m : tensor<128xf32>
    %m_new = arith.maximumf %m_i, %row_max_scaled : tensor<128xf32>
    // A row with no valid key so far keeps m = -inf; subtract 0 instead so
    // that exp2 gives 0 rather than NaN (-inf - -inf).
    %m_empty = arith.cmpf oeq, %m_new, %neg_inf_m : tensor<128xf32>
    %m_safe = arith.select %m_empty, %zero_m, %m_new : tensor<128xi1>, tensor<128xf32>
    %m_neg = arith.negf %m_safe : tensor<128xf32>
    %m_neg_e = tile.expand_dims %m_neg, 1 : tensor<128xf32> -> tensor<128x1xf32>
    %m_neg_b = tile.broadcast %m_neg_e : tensor<128x1xf32> -> tensor<128x64xf32>
    // p = 2^(s * qk_scale - m), one multiply-add per logit.
    %s_shift = math.fma %s, %qk_scale_s, %m_neg_b : tensor<128x64xf32>
    %p = math.exp2 %s_shift : tensor<128x64xf32>
    %m_diff = arith.subf %m_i, %m_safe : tensor<128xf32>
    %alpha = math.exp2 %m_diff : tensor<128xf32>
    %l_ij = tile.reduce(%p) axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tile.yield %sum : f32
    }
    %l_scaled = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %l_scaled, %l_ij : tensor<128xf32>
    %alpha_e = tile.expand_dims %alpha, 1 : tensor<128xf32> -> tensor<128x1xf32>
    %alpha_b = tile.broadcast %alpha_e : tensor<128x1xf32> -> tensor<128x128xf32>
    %acc_scaled = arith.mulf %acc, %alpha_b : tensor<128x128xf32>

    // acc += P x V   (P rounded to bf16)
    %v_ptrs = tile.addptr %v_base, %kv_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
    %v_tile = tile.load %v_ptrs, %kv_mask : tensor<64x128x!tile.ptr<bf16>>
    %p_bf16 = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }

  // O = acc / l, rounded to bf16, rows masked by seq_len.
  %l_e = tile.expand_dims %l_fin, 1 : tensor<128xf32> -> tensor<128x1xf32>
  %l_b = tile.broadcast %l_e : tensor<128x1xf32> -> tensor<128x128xf32>
  %out_f = arith.divf %acc_fin, %l_b : tensor<128x128xf32>
  %out_b = arith.truncf %out_f : tensor<128x128xf32> to tensor<128x128xbf16>
  %o_base = tile.splat %o_bh : tensor<128x128x!tile.ptr<bf16>>
  %o_ptrs = tile.addptr %o_base, %q_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
  tile.store %o_ptrs, %out_b, %q_mask : tensor<128x128x!tile.ptr<bf16>>
  tile.return
}

// flash_attention_keys128: an alternative of flash_attention (docs/Runtime.md,
//   "Alternatives and tuning"): the same kernel at BLOCK_N = 128 keys per
//   scf.for step, launched under flash_attention's name wherever the runtime
//   times it faster (flash_attention_desc has the same pair). Where it
//   spills (gfx1100) the compiler leaves it out of the chip's artifact.
tile.func @flash_attention_keys128(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                   %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                   %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                   %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                   %seq_len: i32, %scale: f32, %causal: i32)
    attributes {num_warps = 8 : i32, num_stages = 2 : i32,
                tile.alternative_of = @flash_attention} {
  %c0 = arith.constant 0 : i32
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 128 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %bh = tile.program_id y

  // Base of this (batch, head) in q, k, v and o.
  %seq_elems = arith.muli %seq_len, %HEAD_DIM : i32
  %bh_off = arith.muli %bh, %seq_elems : i32
  %q_bh = tile.addptr %q, %bh_off : !tile.ptr<bf16>, i32
  %k_bh = tile.addptr %k, %bh_off : !tile.ptr<bf16>, i32
  %v_bh = tile.addptr %v, %bh_off : !tile.ptr<bf16>, i32
  %o_bh = tile.addptr %o, %bh_off : !tile.ptr<bf16>, i32

  // offs_m = pid_m * BLOCK_M + arange(128); offs_n = arange(128); offs_d = arange(128).
  %m_start = arith.muli %pid_m, %BLOCK_M : i32
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %rows_m = tile.range 0 to 128 : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %rows_m : tensor<128xi32>
  %offs_n = tile.range 0 to 128 : tensor<128xi32>
  %offs_d = tile.range 0 to 128 : tensor<128xi32>
  %hd_m = tile.splat %HEAD_DIM : tensor<128xi32>
  %hd_n = tile.splat %HEAD_DIM : tensor<128xi32>
  %d_e = tile.expand_dims %offs_d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<128x128xi32>

  // Q block [128 x 128]: offs_m[:, None] * 128 + offs_d[None, :], rows masked by seq_len.
  %qm_off = arith.muli %offs_m, %hd_m : tensor<128xi32>
  %qm_off_e = tile.expand_dims %qm_off, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %qm_off_b = tile.broadcast %qm_off_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %q_offs = arith.addi %qm_off_b, %d_b : tensor<128x128xi32>
  %seq_m = tile.splat %seq_len : tensor<128xi32>
  %seq_n = tile.splat %seq_len : tensor<128xi32>
  %m_ok = arith.cmpi slt, %offs_m, %seq_m : tensor<128xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
  %q_mask = tile.broadcast %m_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
  %q_base = tile.splat %q_bh : tensor<128x128x!tile.ptr<bf16>>
  %q_ptrs = tile.addptr %q_base, %q_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
  %q_tile = tile.load %q_ptrs, %q_mask : tensor<128x128x!tile.ptr<bf16>>

  // K/V block offsets relative to the block's first key: offs_n[:, None] * 128 + offs_d[None, :].
  %kn_off = arith.muli %offs_n, %hd_n : tensor<128xi32>
  %kn_off_e = tile.expand_dims %kn_off, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %kn_off_b = tile.broadcast %kn_off_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %d_n = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %kv_offs0 = arith.addi %kn_off_b, %d_n : tensor<128x128xi32>
  %k_base = tile.splat %k_bh : tensor<128x128x!tile.ptr<bf16>>
  %v_base = tile.splat %v_bh : tensor<128x128x!tile.ptr<bf16>>

  // Keys each query row may see: those below seq_len, and when causal also
  // those up to the row's own query (one comparison per logit below).
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %one_m = arith.constant dense<1> : tensor<128xi32>
  %qi_end = arith.addi %offs_m, %one_m : tensor<128xi32>
  %causal_end = arith.minsi %qi_end, %seq_m : tensor<128xi32>
  %is_causal_m = tile.splat %is_causal : tensor<128xi1>
  %key_end = arith.select %is_causal_m, %causal_end, %seq_m : tensor<128xi1>, tensor<128xi32>
  %cols_e = tile.expand_dims %offs_n, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %cols = tile.broadcast %cols_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %m_end = arith.addi %m_start, %BLOCK_M : i32
  %causal_hi = arith.minsi %m_end, %seq_len : i32
  %hi = arith.select %is_causal, %causal_hi, %seq_len : i32

  // qk_scale = scale * log2(e): softmax in base 2.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %scale, %log2e : f32
  %qk_scale_m = tile.splat %qk_scale : tensor<128xf32>
  %qk_scale_s = tile.splat %qk_scale : tensor<128x128xf32>

  %neg_inf_mn = arith.constant dense<0xFF800000> : tensor<128x128xf32>
  %neg_inf_m = arith.constant dense<0xFF800000> : tensor<128xf32>
  %zero_m = arith.constant dense<0.0> : tensor<128xf32>
  %zero_s = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>

  %m_fin, %l_fin, %acc_fin = scf.for %start_n = %c0 to %hi step %BLOCK_N
      iter_args(%m_i = %neg_inf_m, %l_i = %zero_m, %acc = %acc0)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) : i32 {
    // Keys kcols = start_n + offs_n; rows >= seq_len are masked.
    %sn_s = tile.splat %start_n : tensor<128xi32>
    %kcols = arith.addi %sn_s, %offs_n : tensor<128xi32>
    %k_ok = arith.cmpi slt, %kcols, %seq_n : tensor<128xi32>
    %k_ok_e = tile.expand_dims %k_ok, 1 : tensor<128xi1> -> tensor<128x1xi1>
    %kv_mask = tile.broadcast %k_ok_e : tensor<128x1xi1> -> tensor<128x128xi1>
    %kv_shift = arith.muli %start_n, %HEAD_DIM : i32
    %kv_shift_s = tile.splat %kv_shift : tensor<128x128xi32>
    %kv_offs = arith.addi %kv_offs0, %kv_shift_s : tensor<128x128xi32>

    // S = Q x K^T   [128 x 128], scaled by qk_scale in the exponent below
    %k_ptrs = tile.addptr %k_base, %kv_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
    %k_tile = tile.load %k_ptrs, %kv_mask : tensor<128x128x!tile.ptr<bf16>>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<128x128xbf16> -> tensor<128x128xbf16>
    %qk = tile.dot %q_tile, %k_t, %zero_s : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>

    // Mask: column j is key start_n + j, visible when j < key_end -
    // start_n of its row (no overflow: both lie in [0, seq_len]).
    %sn_m = tile.splat %start_n : tensor<128xi32>
    %cols_end = arith.subi %key_end, %sn_m : tensor<128xi32>
    %cols_end_e = tile.expand_dims %cols_end, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %cols_end_b = tile.broadcast %cols_end_e : tensor<128x1xi32> -> tensor<128x128xi32>
    %valid = arith.cmpi slt, %cols, %cols_end_b : tensor<128x128xi32>
    %s = arith.select %valid, %qk, %neg_inf_mn : tensor<128x128xi1>, tensor<128x128xf32>

    // Online softmax update, in units of qk_scale (> 0, so the maximum of
    // the scaled logits is the scaled maximum, rounded alike).
    %row_max = tile.reduce(%s) axis = 1 : tensor<128x128xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %row_max_scaled = arith.mulf %row_max, %qk_scale_m : tensor<128xf32>
    %m_new = arith.maximumf %m_i, %row_max_scaled : tensor<128xf32>
    // A row with no valid key so far keeps m = -inf; subtract 0 instead so
    // that exp2 gives 0 rather than NaN (-inf - -inf).
    %m_empty = arith.cmpf oeq, %m_new, %neg_inf_m : tensor<128xf32>
    %m_safe = arith.select %m_empty, %zero_m, %m_new : tensor<128xi1>, tensor<128xf32>
    %m_neg = arith.negf %m_safe : tensor<128xf32>
    %m_neg_e = tile.expand_dims %m_neg, 1 : tensor<128xf32> -> tensor<128x1xf32>
    %m_neg_b = tile.broadcast %m_neg_e : tensor<128x1xf32> -> tensor<128x128xf32>
    // p = 2^(s * qk_scale - m), one multiply-add per logit.
    %s_shift = math.fma %s, %qk_scale_s, %m_neg_b : tensor<128x128xf32>
    %p = math.exp2 %s_shift : tensor<128x128xf32>
    %m_diff = arith.subf %m_i, %m_safe : tensor<128xf32>
    %alpha = math.exp2 %m_diff : tensor<128xf32>
    %l_ij = tile.reduce(%p) axis = 1 : tensor<128x128xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tile.yield %sum : f32
    }
    %l_scaled = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %l_scaled, %l_ij : tensor<128xf32>
    %alpha_e = tile.expand_dims %alpha, 1 : tensor<128xf32> -> tensor<128x1xf32>
    %alpha_b = tile.broadcast %alpha_e : tensor<128x1xf32> -> tensor<128x128xf32>
    %acc_scaled = arith.mulf %acc, %alpha_b : tensor<128x128xf32>

    // acc += P x V   (P rounded to bf16)
    %v_ptrs = tile.addptr %v_base, %kv_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
    %v_tile = tile.load %v_ptrs, %kv_mask : tensor<128x128x!tile.ptr<bf16>>
    %p_bf16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }

  // O = acc / l, rounded to bf16, rows masked by seq_len.
  %l_e = tile.expand_dims %l_fin, 1 : tensor<128xf32> -> tensor<128x1xf32>
  %l_b = tile.broadcast %l_e : tensor<128x1xf32> -> tensor<128x128xf32>
  %out_f = arith.divf %acc_fin, %l_b : tensor<128x128xf32>
  %out_b = arith.truncf %out_f : tensor<128x128xf32> to tensor<128x128xbf16>
  %o_base = tile.splat %o_bh : tensor<128x128x!tile.ptr<bf16>>
  %o_ptrs = tile.addptr %o_base, %q_offs : tensor<128x128x!tile.ptr<bf16>>, tensor<128x128xi32>
  tile.store %o_ptrs, %out_b, %q_mask : tensor<128x128x!tile.ptr<bf16>>
  tile.return
}
