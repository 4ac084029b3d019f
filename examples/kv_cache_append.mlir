// kv_cache_append: writes the keys and values of new tokens into their
//   slots of a paged KV cache (vLLM's reshape_and_cache), the cache
//   paged_decode.mlir reads. For token t whose slot s = slot_mapping[t] is
//   not negative (a negative slot is a padding token: nothing is written):
//     k_cache[s / 16, s % 16, h, :] = key[t, h, :]     for every KV head h
//     v_cache[s / 16, s % 16, h, :] = value[t, h, :]
//   @kv_cache_append_fp8 stores an e4m3 cache instead, each value divided by
//   its tensor's scale and converted with saturation (docs/Semantics.md 7):
//     k_cache[...] = fp8_e4m3(key[t, h, :] / k_scale), likewise v_scale;
//   a reader multiplies by the scale again.
// Memory layout (elements, all contiguous):
//   key, value:       [num_tokens, num_kv_heads, 128] bf16
//   k_cache, v_cache: [num_pages, 16, num_kv_heads, 128] bf16 (or f8E4M3FN):
//                     slot s (= page * 16 + offset), head h at
//                     (s * num_kv_heads + h) * 128, 64-bit offsets
//   slot_mapping:     [num_tokens] i64, each slot in [0, num_pages * 16) or
//                     negative (the kernel's contract: slots are not
//                     checked against the cache's size)
// Grid: (num_tokens, cdiv(num_kv_heads, 8)); program (t, y) writes token t's
//   heads [8y, 8y + 8).
// Arguments: num_kv_heads: i32 (>= 1); k_scale, v_scale: f32 (> 0; the fp8
//   kernel only).
// Tiles: 8 heads x 128 (num_warps = 4).
tile.func @kv_cache_append(%key: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %value: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %k_cache: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                           %v_cache: !tile.ptr<bf16> {tile.divisibility = 16 : i32, tile.noalias},
                           %slot_mapping: !tile.ptr<i64>,
                           %num_kv_heads: i32)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i64
  %HEAD_DIM = arith.constant 128 : i64
  %BLOCK_H = arith.constant 8 : i32
  %token = tile.program_id x
  %hblock = tile.program_id y

  // The token's slot; a negative one writes nothing.
  %slot_ptr = tile.addptr %slot_mapping, %token : !tile.ptr<i64>, i32
  %slot = tile.load %slot_ptr : !tile.ptr<i64>
  %valid = arith.cmpi sge, %slot, %c0 : i64

  // Heads h0 + i (i < 8) of this program, masked by num_kv_heads.
  %h0 = arith.muli %hblock, %BLOCK_H : i32
  %h0_s = tile.splat %h0 : tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %heads = arith.addi %h0_s, %r8 : tensor<8xi32>
  %nkv_s = tile.splat %num_kv_heads : tensor<8xi32>
  %h_ok = arith.cmpi slt, %heads, %nkv_s : tensor<8xi32>
  %h_ok_e = tile.expand_dims %h_ok, 1 : tensor<8xi1> -> tensor<8x1xi1>
  %h_mask = tile.broadcast %h_ok_e : tensor<8x1xi1> -> tensor<8x128xi1>
  %valid_s = tile.splat %valid : tensor<8x128xi1>
  %store_mask = arith.andi %h_mask, %valid_s : tensor<8x128xi1>

  // Offsets of the heads within a token's row: h * 128 + d.
  %hd = arith.constant dense<128> : tensor<8xi32>
  %h_off = arith.muli %heads, %hd : tensor<8xi32>
  %h_off_e = tile.expand_dims %h_off, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %h_off_b = tile.broadcast %h_off_e : tensor<8x1xi32> -> tensor<8x128xi32>
  %d = tile.range 0 to 128 : tensor<128xi32>
  %d_e = tile.expand_dims %d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<8x128xi32>
  %offs = arith.addi %h_off_b, %d_b : tensor<8x128xi32>

  // Row starts: the token's in key/value, the slot's in the caches (64-bit).
  %nkv64 = arith.extsi %num_kv_heads : i32 to i64
  %row_elems = arith.muli %nkv64, %HEAD_DIM : i64
  %t64 = arith.extsi %token : i32 to i64
  %src_row = arith.muli %t64, %row_elems : i64
  %dst_row = arith.muli %slot, %row_elems : i64

  %key_row = tile.addptr %key, %src_row : !tile.ptr<bf16>, i64
  %key_base = tile.splat %key_row : tensor<8x128x!tile.ptr<bf16>>
  %key_ptrs = tile.addptr %key_base, %offs : tensor<8x128x!tile.ptr<bf16>>, tensor<8x128xi32>
  %k = tile.load %key_ptrs, %store_mask : tensor<8x128x!tile.ptr<bf16>>
  %value_row = tile.addptr %value, %src_row : !tile.ptr<bf16>, i64
  %value_base = tile.splat %value_row : tensor<8x128x!tile.ptr<bf16>>
  %value_ptrs = tile.addptr %value_base, %offs : tensor<8x128x!tile.ptr<bf16>>, tensor<8x128xi32>
  %v = tile.load %value_ptrs, %store_mask : tensor<8x128x!tile.ptr<bf16>>

  %kc_row = tile.addptr %k_cache, %dst_row : !tile.ptr<bf16>, i64
  %kc_base = tile.splat %kc_row : tensor<8x128x!tile.ptr<bf16>>
  %kc_ptrs = tile.addptr %kc_base, %offs : tensor<8x128x!tile.ptr<bf16>>, tensor<8x128xi32>
  tile.store %kc_ptrs, %k, %store_mask : tensor<8x128x!tile.ptr<bf16>>
  %vc_row = tile.addptr %v_cache, %dst_row : !tile.ptr<bf16>, i64
  %vc_base = tile.splat %vc_row : tensor<8x128x!tile.ptr<bf16>>
  %vc_ptrs = tile.addptr %vc_base, %offs : tensor<8x128x!tile.ptr<bf16>>, tensor<8x128xi32>
  tile.store %vc_ptrs, %v, %store_mask : tensor<8x128x!tile.ptr<bf16>>
  tile.return
}

tile.func @kv_cache_append_fp8(%key: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                               %value: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                               %k_cache: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32, tile.noalias},
                               %v_cache: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32, tile.noalias},
                               %slot_mapping: !tile.ptr<i64>,
                               %num_kv_heads: i32, %k_scale: f32, %v_scale: f32)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i64
  %HEAD_DIM = arith.constant 128 : i64
  %BLOCK_H = arith.constant 8 : i32
  %token = tile.program_id x
  %hblock = tile.program_id y

  %slot_ptr = tile.addptr %slot_mapping, %token : !tile.ptr<i64>, i32
  %slot = tile.load %slot_ptr : !tile.ptr<i64>
  %valid = arith.cmpi sge, %slot, %c0 : i64

  %h0 = arith.muli %hblock, %BLOCK_H : i32
  %h0_s = tile.splat %h0 : tensor<8xi32>
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %heads = arith.addi %h0_s, %r8 : tensor<8xi32>
  %nkv_s = tile.splat %num_kv_heads : tensor<8xi32>
  %h_ok = arith.cmpi slt, %heads, %nkv_s : tensor<8xi32>
  %h_ok_e = tile.expand_dims %h_ok, 1 : tensor<8xi1> -> tensor<8x1xi1>
  %h_mask = tile.broadcast %h_ok_e : tensor<8x1xi1> -> tensor<8x128xi1>
  %valid_s = tile.splat %valid : tensor<8x128xi1>
  %store_mask = arith.andi %h_mask, %valid_s : tensor<8x128xi1>

  %hd = arith.constant dense<128> : tensor<8xi32>
  %h_off = arith.muli %heads, %hd : tensor<8xi32>
  %h_off_e = tile.expand_dims %h_off, 1 : tensor<8xi32> -> tensor<8x1xi32>
  %h_off_b = tile.broadcast %h_off_e : tensor<8x1xi32> -> tensor<8x128xi32>
  %d = tile.range 0 to 128 : tensor<128xi32>
  %d_e = tile.expand_dims %d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<8x128xi32>
  %offs = arith.addi %h_off_b, %d_b : tensor<8x128xi32>

  %nkv64 = arith.extsi %num_kv_heads : i32 to i64
  %row_elems = arith.muli %nkv64, %HEAD_DIM : i64
  %t64 = arith.extsi %token : i32 to i64
  %src_row = arith.muli %t64, %row_elems : i64
  %dst_row = arith.muli %slot, %row_elems : i64

  %key_row = tile.addptr %key, %src_row : !tile.ptr<bf16>, i64
  %key_base = tile.splat %key_row : tensor<8x128x!tile.ptr<bf16>>
  %key_ptrs = tile.addptr %key_base, %offs : tensor<8x128x!tile.ptr<bf16>>, tensor<8x128xi32>
  %k = tile.load %key_ptrs, %store_mask : tensor<8x128x!tile.ptr<bf16>>
  %value_row = tile.addptr %value, %src_row : !tile.ptr<bf16>, i64
  %value_base = tile.splat %value_row : tensor<8x128x!tile.ptr<bf16>>
  %value_ptrs = tile.addptr %value_base, %offs : tensor<8x128x!tile.ptr<bf16>>, tensor<8x128xi32>
  %v = tile.load %value_ptrs, %store_mask : tensor<8x128x!tile.ptr<bf16>>

  // x / scale in f32, then e4m3 with saturation.
  %kf = arith.extf %k : tensor<8x128xbf16> to tensor<8x128xf32>
  %k_scale_s = tile.splat %k_scale : tensor<8x128xf32>
  %ks = arith.divf %kf, %k_scale_s : tensor<8x128xf32>
  %kq = tile.fp_to_fp %ks, rounding = rtne : tensor<8x128xf32> -> tensor<8x128xf8E4M3FN>
  %vf = arith.extf %v : tensor<8x128xbf16> to tensor<8x128xf32>
  %v_scale_s = tile.splat %v_scale : tensor<8x128xf32>
  %vs = arith.divf %vf, %v_scale_s : tensor<8x128xf32>
  %vq = tile.fp_to_fp %vs, rounding = rtne : tensor<8x128xf32> -> tensor<8x128xf8E4M3FN>

  %kc_row = tile.addptr %k_cache, %dst_row : !tile.ptr<f8E4M3FN>, i64
  %kc_base = tile.splat %kc_row : tensor<8x128x!tile.ptr<f8E4M3FN>>
  %kc_ptrs = tile.addptr %kc_base, %offs : tensor<8x128x!tile.ptr<f8E4M3FN>>, tensor<8x128xi32>
  tile.store %kc_ptrs, %kq, %store_mask : tensor<8x128x!tile.ptr<f8E4M3FN>>
  %vc_row = tile.addptr %v_cache, %dst_row : !tile.ptr<f8E4M3FN>, i64
  %vc_base = tile.splat %vc_row : tensor<8x128x!tile.ptr<f8E4M3FN>>
  %vc_ptrs = tile.addptr %vc_base, %offs : tensor<8x128x!tile.ptr<f8E4M3FN>>, tensor<8x128xi32>
  tile.store %vc_ptrs, %vq, %store_mask : tensor<8x128x!tile.ptr<f8E4M3FN>>
  tile.return
}
