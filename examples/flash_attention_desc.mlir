// flash_attention_desc: the forward pass of examples/flash_attention.mlir
//   (same results: online softmax in base 2, P rounded to bf16 before
//   P x V, f32 statistics and accumulator, bf16 out), with Q, K, V read and
//   O written through block descriptors over [heads, seq_len, 128] arrays,
//   as Triton's tutorial kernel does with tensor descriptors. On sm_90a the
//   K and V blocks become TMA copies issued by a producer warp.
//     s[j] = scale * dot(q[h, i, :], k[h, j, :])   for keys j < seq_len
//            (and j <= i when causal != 0; other keys are masked with -inf)
//     o[h, i, :] = bf16_rtne(sum_j softmax(s)[j] * v[h, j, :])
//   q, k, v, o: element (h, s, d) at h * head_stride + s * 128 + d.
// Grid: (cdiv(seq_len, 128), heads, 1); program_id x = block of 128
//   queries (i in [128x, 128x + 128)), program_id y = h (batch*head index).
// Arguments: q, k, v, o: !tile.ptr<bf16>; heads: i32 (batch*heads);
//   seq_len: i32 (>= 1); head_stride: i64 (elements from one head to the
//   next, >= seq_len * 128; seq_len * 128 when packed); scale: f32 (> 0, e.g.
//   1/sqrt(128)); causal: i32 (0 = full attention, nonzero = causal).
// Tile sizes: BLOCK_M = 128 queries (two warpgroups of 64 rows), BLOCK_N =
//   64 keys per scf.for step, HEAD_DIM = 128 (num_warps = 8, num_stages =
//   2). Query rows >= seq_len read the descriptors' zero padding and are not
//   stored; key rows >= seq_len read zeros and their logits are set to -inf.
//   With causal != 0 the loop stops at min(seq_len, 128x + 128).
tile.func @flash_attention_desc(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                %heads: i32, %seq_len: i32, %head_stride: i64,
                                %scale: f32, %causal: i32)
    attributes {num_warps = 8 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %row_stride = arith.constant 128 : i64
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 64 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %h = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32

  // [heads, seq_len, 128] views; each block is one head's rows.
  %q_desc = tile.make_desc %q, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x128xbf16>>
  %k_desc = tile.make_desc %k, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x128xbf16>>
  %v_desc = tile.make_desc %v, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x64x128xbf16>>
  %o_desc = tile.make_desc %o, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x128xbf16>>

  %q_block = tile.desc_load %q_desc[%h, %m_start, %c0] : !tile.desc<tensor<1x128x128xbf16>>
  %q_tile = tile.reshape %q_block : tensor<1x128x128xbf16> -> tensor<128x128xbf16>

  // Query index of each logit row, for the causal test.
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %offs_n = tile.range 0 to 64 : tensor<64xi32>

  // Keys each query row may see: those below seq_len, and when causal also
  // those up to the row's own query (one comparison per logit below).
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %one_m = arith.constant dense<1> : tensor<128xi32>
  %seq_m = tile.splat %seq_len : tensor<128xi32>
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
    // S = Q x K^T   [128 x 64], scaled by qk_scale in the exponent below
    %k_block = tile.desc_load %k_desc[%h, %start_n, %c0] : !tile.desc<tensor<1x64x128xbf16>>
    %k_tile = tile.reshape %k_block : tensor<1x64x128xbf16> -> tensor<64x128xbf16>
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
    %v_block = tile.desc_load %v_desc[%h, %start_n, %c0] : !tile.desc<tensor<1x64x128xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x64x128xbf16> -> tensor<64x128xbf16>
    %p_bf16 = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }

  // O = acc / l, rounded to bf16; rows past seq_len are outside the
  // descriptor and not written.
  %l_e = tile.expand_dims %l_fin, 1 : tensor<128xf32> -> tensor<128x1xf32>
  %l_b = tile.broadcast %l_e : tensor<128x1xf32> -> tensor<128x128xf32>
  %out_f = arith.divf %acc_fin, %l_b : tensor<128x128xf32>
  %out_b = arith.truncf %out_f : tensor<128x128xf32> to tensor<128x128xbf16>
  %out_block = tile.reshape %out_b : tensor<128x128xbf16> -> tensor<1x128x128xbf16>
  tile.desc_store %o_desc[%h, %m_start, %c0], %out_block : !tile.desc<tensor<1x128x128xbf16>>
  tile.return
}

// flash_attention_desc_keys128: an alternative of flash_attention_desc
//   (docs/Runtime.md, "Alternatives and tuning"): the same kernel at BLOCK_N =
//   128 keys per scf.for step, launched under flash_attention_desc's name
//   wherever the runtime times it faster. On the H200 it measured 0.91-0.97x
//   SDPA against 0.81-0.88x at 64 keys (2026-12-05, docs/benchmarks/GemmAndAttention.md); on
//   gfx1100 it spills (1,036 bytes per lane), so the compiler leaves it out of
//   that chip's artifacts.
tile.func @flash_attention_desc_keys128(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                        %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                        %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                        %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                        %heads: i32, %seq_len: i32, %head_stride: i64,
                                        %scale: f32, %causal: i32)
    attributes {num_warps = 8 : i32, num_stages = 2 : i32,
                tile.alternative_of = @flash_attention_desc} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %row_stride = arith.constant 128 : i64
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 128 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %pid_m = tile.program_id x
  %h = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32

  // [heads, seq_len, 128] views; each block is one head's rows.
  %q_desc = tile.make_desc %q, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x128xbf16>>
  %k_desc = tile.make_desc %k, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x128xbf16>>
  %v_desc = tile.make_desc %v, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x128xbf16>>
  %o_desc = tile.make_desc %o, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x128xbf16>>

  %q_block = tile.desc_load %q_desc[%h, %m_start, %c0] : !tile.desc<tensor<1x128x128xbf16>>
  %q_tile = tile.reshape %q_block : tensor<1x128x128xbf16> -> tensor<128x128xbf16>

  // Query index of each logit row, for the causal test.
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %offs_n = tile.range 0 to 128 : tensor<128xi32>

  // Keys each query row may see: those below seq_len, and when causal also
  // those up to the row's own query (one comparison per logit below).
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %one_m = arith.constant dense<1> : tensor<128xi32>
  %seq_m = tile.splat %seq_len : tensor<128xi32>
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
    // S = Q x K^T   [128 x 64], scaled by qk_scale in the exponent below
    %k_block = tile.desc_load %k_desc[%h, %start_n, %c0] : !tile.desc<tensor<1x128x128xbf16>>
    %k_tile = tile.reshape %k_block : tensor<1x128x128xbf16> -> tensor<128x128xbf16>
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
    %v_block = tile.desc_load %v_desc[%h, %start_n, %c0] : !tile.desc<tensor<1x128x128xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x128x128xbf16> -> tensor<128x128xbf16>
    %p_bf16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }

  // O = acc / l, rounded to bf16; rows past seq_len are outside the
  // descriptor and not written.
  %l_e = tile.expand_dims %l_fin, 1 : tensor<128xf32> -> tensor<128x1xf32>
  %l_b = tile.broadcast %l_e : tensor<128x1xf32> -> tensor<128x128xf32>
  %out_f = arith.divf %acc_fin, %l_b : tensor<128x128xf32>
  %out_b = arith.truncf %out_f : tensor<128x128xf32> to tensor<128x128xbf16>
  %out_block = tile.reshape %out_b : tensor<128x128xbf16> -> tensor<1x128x128xbf16>
  tile.desc_store %o_desc[%h, %m_start, %c0], %out_block : !tile.desc<tensor<1x128x128xbf16>>
  tile.return
}

// flash_attention_desc_d64: the same kernel at HEAD_DIM = 64 (q, k, v, o
//   over [heads, seq_len, 64] arrays, element (h, s, d) at h * head_stride +
//   s * 64 + d; head_stride >= seq_len * 64), as Triton specializes its
//   tutorial kernel on the head dimension. Same grid, arguments and rules for
//   rows and keys past seq_len; BLOCK_M = 128, BLOCK_N = 128 keys per step.
tile.func @flash_attention_desc_d64(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                    %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                    %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                    %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                                    %heads: i32, %seq_len: i32, %head_stride: i64,
                                %scale: f32, %causal: i32)
    attributes {num_warps = 8 : i32, num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %row_stride = arith.constant 64 : i64
  %BLOCK_M = arith.constant 128 : i32
  %BLOCK_N = arith.constant 128 : i32
  %HEAD_DIM = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %h = tile.program_id y
  %m_start = arith.muli %pid_m, %BLOCK_M : i32

  // [heads, seq_len, 64] views; each block is one head's rows.
  %q_desc = tile.make_desc %q, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x64xbf16>>
  %k_desc = tile.make_desc %k, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x64xbf16>>
  %v_desc = tile.make_desc %v, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x64xbf16>>
  %o_desc = tile.make_desc %o, [%heads, %seq_len, %HEAD_DIM], [%head_stride, %row_stride, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<1x128x64xbf16>>

  %q_block = tile.desc_load %q_desc[%h, %m_start, %c0] : !tile.desc<tensor<1x128x64xbf16>>
  %q_tile = tile.reshape %q_block : tensor<1x128x64xbf16> -> tensor<128x64xbf16>

  // Query index of each logit row, for the causal test.
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %m_start_s = tile.splat %m_start : tensor<128xi32>
  %offs_m = arith.addi %m_start_s, %r128 : tensor<128xi32>
  %offs_n = tile.range 0 to 128 : tensor<128xi32>

  // Keys each query row may see: those below seq_len, and when causal also
  // those up to the row's own query (one comparison per logit below).
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %one_m = arith.constant dense<1> : tensor<128xi32>
  %seq_m = tile.splat %seq_len : tensor<128xi32>
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
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32>

  %m_fin, %l_fin, %acc_fin = scf.for %start_n = %c0 to %hi step %BLOCK_N
      iter_args(%m_i = %neg_inf_m, %l_i = %zero_m, %acc = %acc0)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>) : i32 {
    // S = Q x K^T   [128 x 64], scaled by qk_scale in the exponent below
    %k_block = tile.desc_load %k_desc[%h, %start_n, %c0] : !tile.desc<tensor<1x128x64xbf16>>
    %k_tile = tile.reshape %k_block : tensor<1x128x64xbf16> -> tensor<128x64xbf16>
    %k_t = tile.trans %k_tile, [1, 0] : tensor<128x64xbf16> -> tensor<64x128xbf16>
    %qk = tile.dot %q_tile, %k_t, %zero_s : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>

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
    %alpha_b = tile.broadcast %alpha_e : tensor<128x1xf32> -> tensor<128x64xf32>
    %acc_scaled = arith.mulf %acc, %alpha_b : tensor<128x64xf32>

    // acc += P x V   (P rounded to bf16)
    %v_block = tile.desc_load %v_desc[%h, %start_n, %c0] : !tile.desc<tensor<1x128x64xbf16>>
    %v_tile = tile.reshape %v_block : tensor<1x128x64xbf16> -> tensor<128x64xbf16>
    %p_bf16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
    %acc_new = tile.dot %p_bf16, %v_tile, %acc_scaled : tensor<128x128xbf16>, tensor<128x64xbf16> -> tensor<128x64xf32>
    scf.yield %m_new, %l_new, %acc_new : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
  }

  // O = acc / l, rounded to bf16; rows past seq_len are outside the
  // descriptor and not written.
  %l_e = tile.expand_dims %l_fin, 1 : tensor<128xf32> -> tensor<128x1xf32>
  %l_b = tile.broadcast %l_e : tensor<128x1xf32> -> tensor<128x64xf32>
  %out_f = arith.divf %acc_fin, %l_b : tensor<128x64xf32>
  %out_b = arith.truncf %out_f : tensor<128x64xf32> to tensor<128x64xbf16>
  %out_block = tile.reshape %out_b : tensor<128x64xbf16> -> tensor<1x128x64xbf16>
  tile.desc_store %o_desc[%h, %m_start, %c0], %out_block : !tile.desc<tensor<1x128x64xbf16>>
  tile.return
}

