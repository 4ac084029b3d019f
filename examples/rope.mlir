// rope: rotary position embedding (rotate-half form) with head dim 128
//   (HALF = 64). q and out are [n_tokens, n_heads, 128] bf16, contiguous
//   (element (t, h, d) at t * n_heads * 128 + h * 128 + d); cos and sin are
//   [n_tokens, 64] f32, contiguous (element (t, i) at t * 64 + i). For
//   i in [0, 64), computed in f32 and rounded once to bf16 (rtne):
//     out[t, h, i]      = x1 * cos[t, i] - x2 * sin[t, i]
//     out[t, h, i + 64] = x2 * cos[t, i] + x1 * sin[t, i]
//   where x1 = f32(q[t, h, i]) and x2 = f32(q[t, h, i + 64]).
// Grid: (G, cdiv(n_heads, 16), 1), typically G = n_tokens; program_id x =
//   first token of this program, which handles tokens pid_x, pid_x + G, ...
//   < n_tokens (a grid with G = n_tokens handles one token each);
//   program_id y = block of 16 heads (h in [16y, 16y + 16)).
// Arguments: q: !tile.ptr<bf16>; cos, sin: !tile.ptr<f32>;
//   out: !tile.ptr<bf16> (may equal q: in place is fine); n_tokens, n_heads: i32
//   (n_tokens * n_heads * 128 < 2^31).
// Tile sizes: BLOCK_H = 16 heads x HALF = 64 dims per half ([16 x 64]
//   tiles); heads h >= n_heads are masked.
tile.func @rope(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                %cos: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %sin: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %out: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                %n_tokens: i32, %n_heads: i32) {
  %BLOCK_H = arith.constant 16 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %HALF = arith.constant 64 : i32
  %pid_t = tile.program_id x
  %pid_h = tile.program_id y
  %num_t = tile.num_programs x
  %tok_stride = arith.muli %n_heads, %HEAD_DIM : i32

  // heads h = pid_h * BLOCK_H + arange(16); dims d = arange(64).
  %h_start = arith.muli %pid_h, %BLOCK_H : i32
  %h_start_s = tile.splat %h_start : tensor<16xi32>
  %r16 = tile.range 0 to 16 : tensor<16xi32>
  %heads = arith.addi %h_start_s, %r16 : tensor<16xi32>
  %dims = tile.range 0 to 64 : tensor<64xi32>

  // Offsets of the first half within a token: heads[:, None] * 128 + dims[None, :].
  %hd_s = tile.splat %HEAD_DIM : tensor<16xi32>
  %head_off = arith.muli %heads, %hd_s : tensor<16xi32>
  %head_off_e = tile.expand_dims %head_off, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %head_off_b = tile.broadcast %head_off_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %dims_e = tile.expand_dims %dims, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %dims_b = tile.broadcast %dims_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %in_tok_off1 = arith.addi %head_off_b, %dims_b : tensor<16x64xi32>
  %half_s = arith.constant dense<64> : tensor<16x64xi32>
  %in_tok_off2 = arith.addi %in_tok_off1, %half_s : tensor<16x64xi32>

  // Mask: heads < n_heads.
  %nh_s = tile.splat %n_heads : tensor<16xi32>
  %h_ok = arith.cmpi slt, %heads, %nh_s : tensor<16xi32>
  %h_ok_e = tile.expand_dims %h_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
  %mask = tile.broadcast %h_ok_e : tensor<16x1xi1> -> tensor<16x64xi1>

  %q_base = tile.splat %q : tensor<16x64x!tile.ptr<bf16>>
  %out_base = tile.splat %out : tensor<16x64x!tile.ptr<bf16>>
  %cos_base = tile.splat %cos : tensor<64x!tile.ptr<f32>>
  %sin_base = tile.splat %sin : tensor<64x!tile.ptr<f32>>

  scf.for %t = %pid_t to %n_tokens step %num_t : i32 {
    // cos[t, 0..63], sin[t, 0..63], broadcast over the heads.
    %cs_off = arith.muli %t, %HALF : i32
    %cs_off_s = tile.splat %cs_off : tensor<64xi32>
    %cs_offs = arith.addi %cs_off_s, %dims : tensor<64xi32>
    %cos_ptrs = tile.addptr %cos_base, %cs_offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %sin_ptrs = tile.addptr %sin_base, %cs_offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %c1d = tile.load %cos_ptrs : tensor<64x!tile.ptr<f32>>
    %s1d = tile.load %sin_ptrs : tensor<64x!tile.ptr<f32>>
    %c_e = tile.expand_dims %c1d, 0 : tensor<64xf32> -> tensor<1x64xf32>
    %c = tile.broadcast %c_e : tensor<1x64xf32> -> tensor<16x64xf32>
    %s_e = tile.expand_dims %s1d, 0 : tensor<64xf32> -> tensor<1x64xf32>
    %s = tile.broadcast %s_e : tensor<1x64xf32> -> tensor<16x64xf32>

    // x1 = q[t, heads, 0:64], x2 = q[t, heads, 64:128].
    %tok_off = arith.muli %t, %tok_stride : i32
    %tok_off_s = tile.splat %tok_off : tensor<16x64xi32>
    %off1 = arith.addi %tok_off_s, %in_tok_off1 : tensor<16x64xi32>
    %off2 = arith.addi %tok_off_s, %in_tok_off2 : tensor<16x64xi32>
    %q1_ptrs = tile.addptr %q_base, %off1 : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    %q2_ptrs = tile.addptr %q_base, %off2 : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    %x1b = tile.load %q1_ptrs, %mask : tensor<16x64x!tile.ptr<bf16>>
    %x2b = tile.load %q2_ptrs, %mask : tensor<16x64x!tile.ptr<bf16>>
    %x1 = arith.extf %x1b : tensor<16x64xbf16> to tensor<16x64xf32>
    %x2 = arith.extf %x2b : tensor<16x64xbf16> to tensor<16x64xf32>

    %x1c = arith.mulf %x1, %c : tensor<16x64xf32>
    %x2s = arith.mulf %x2, %s : tensor<16x64xf32>
    %o1 = arith.subf %x1c, %x2s : tensor<16x64xf32>
    %x2c = arith.mulf %x2, %c : tensor<16x64xf32>
    %x1s = arith.mulf %x1, %s : tensor<16x64xf32>
    %o2 = arith.addf %x2c, %x1s : tensor<16x64xf32>
    %o1b = arith.truncf %o1 : tensor<16x64xf32> to tensor<16x64xbf16>
    %o2b = arith.truncf %o2 : tensor<16x64xf32> to tensor<16x64xbf16>

    %out1_ptrs = tile.addptr %out_base, %off1 : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    %out2_ptrs = tile.addptr %out_base, %off2 : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
    tile.store %out1_ptrs, %o1b, %mask : tensor<16x64x!tile.ptr<bf16>>
    tile.store %out2_ptrs, %o2b, %mask : tensor<16x64x!tile.ptr<bf16>>
  }
  tile.return
}
