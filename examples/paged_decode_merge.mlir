// paged_decode_merge: combines the splits paged_decode.mlir writes. For
//   each row r (sequence * num_q_heads + query head) and d < 128:
//     M = max_z lse[r, z],   w[z] = 2^(lse[r, z] - M)
//     o[r, d] = bf16_rtne(sum_z w[z] out[r, z, d] / sum_z w[z])
//   Splits without keys have lse = -inf and weigh nothing; every row has at
//   least one split with keys (context lengths >= 1).
// Memory layout: out [rows, num_splits, 128] f32, lse [rows, num_splits]
//   f32, o [rows, 128] bf16, all contiguous.
// Grid: (rows). Arguments: num_splits: i32 (>= 1).
// Tiles: 16 splits x 128 per scf.for step, in one pass: the running
//   maximum m of the log-sum-exps read so far rescales the sums when a
//   later chunk raises it (as flash attention's softmax does), so a
//   chunk's log-sum-exps and partial outputs are loaded together.
//   num_warps = 1: the sum over splits then stays within each thread (four
//   warps split the 16 rows and met in shared memory; 28 against 7 us for
//   B256 x 32 heads x 2 splits on an H100, docs/benchmarks/Serving.md).
tile.func @paged_decode_merge(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %lse: !tile.ptr<f32>,
                              %o: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                              %num_splits: i32)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %HEAD_DIM = arith.constant 128 : i32
  %row = tile.program_id x

  %lse_row_off = arith.muli %row, %num_splits : i32
  %lse_row = tile.addptr %lse, %lse_row_off : !tile.ptr<f32>, i32
  %out_row_off = arith.muli %lse_row_off, %HEAD_DIM : i32
  %out_row = tile.addptr %out, %out_row_off : !tile.ptr<f32>, i32

  %zc = tile.range 0 to 16 : tensor<16xi32>
  %offs_d = tile.range 0 to 128 : tensor<128xi32>
  %d_e = tile.expand_dims %offs_d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %d_b = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<16x128xi32>
  %hd_s = tile.splat %HEAD_DIM : tensor<16xi32>
  %splits_s = tile.splat %num_splits : tensor<16xi32>
  %neg_inf_c = arith.constant dense<0xFF800000> : tensor<16xf32>
  %out_base = tile.splat %out_row : tensor<16x128x!tile.ptr<f32>>
  %lse_base = tile.splat %lse_row : tensor<16x!tile.ptr<f32>>
  %acc0 = arith.constant dense<0.0> : tensor<128xf32>
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32

  // Running: acc = sum_z w[z] out[r, z, :], den = sum_z w[z], with
  // w[z] = 2^(lse[r, z] - m) for the largest m so far (0 while every split
  // read so far is empty, whose weights are then 0).
  %acc_fin, %den_fin, %m_fin = scf.for %z0 = %c0 to %num_splits step %c16
      iter_args(%acc = %acc0, %den = %zero, %m = %neg_inf)
      -> (tensor<128xf32>, f32, f32) : i32 {
    %z0_s = tile.splat %z0 : tensor<16xi32>
    %zs = arith.addi %z0_s, %zc : tensor<16xi32>
    %ok = arith.cmpi slt, %zs, %splits_s : tensor<16xi32>
    %lse_ptrs = tile.addptr %lse_base, %zs : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    %lse_c = tile.load %lse_ptrs, %ok, %neg_inf_c : tensor<16x!tile.ptr<f32>>
    %zrow = arith.muli %zs, %hd_s : tensor<16xi32>
    %zrow_e = tile.expand_dims %zrow, 1 : tensor<16xi32> -> tensor<16x1xi32>
    %zrow_b = tile.broadcast %zrow_e : tensor<16x1xi32> -> tensor<16x128xi32>
    %offs = arith.addi %zrow_b, %d_b : tensor<16x128xi32>
    %ok_e = tile.expand_dims %ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
    %mask = tile.broadcast %ok_e : tensor<16x1xi1> -> tensor<16x128xi1>
    %ptrs = tile.addptr %out_base, %offs : tensor<16x128x!tile.ptr<f32>>, tensor<16x128xi32>
    %parts = tile.load %ptrs, %mask : tensor<16x128x!tile.ptr<f32>>

    %chunk_max = tile.reduce(%lse_c) axis = 0 : tensor<16xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tile.yield %mx : f32
    }
    %m_new = arith.maximumf %m, %chunk_max : f32
    %none = arith.cmpf oeq, %m_new, %neg_inf : f32
    %m_ref = arith.select %none, %zero, %m_new : f32
    %m_ref_s = tile.splat %m_ref : tensor<16xf32>
    %shift = arith.subf %lse_c, %m_ref_s : tensor<16xf32>
    %w = math.exp2 %shift : tensor<16xf32>
    %w_sum = tile.reduce(%w) axis = 0 : tensor<16xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    // The sums so far, from weights against m to weights against m_ref.
    %rescale_shift = arith.subf %m, %m_ref : f32
    %alpha = math.exp2 %rescale_shift : f32
    %alpha_row = tile.splat %alpha : tensor<128xf32>
    %w_e = tile.expand_dims %w, 1 : tensor<16xf32> -> tensor<16x1xf32>
    %w_b = tile.broadcast %w_e : tensor<16x1xf32> -> tensor<16x128xf32>
    %weighted = arith.mulf %parts, %w_b : tensor<16x128xf32>
    %sum = tile.reduce(%weighted) axis = 0 : tensor<16x128xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    %acc_scaled = arith.mulf %acc, %alpha_row : tensor<128xf32>
    %acc_new = arith.addf %acc_scaled, %sum : tensor<128xf32>
    %den_scaled = arith.mulf %den, %alpha : f32
    %den_new = arith.addf %den_scaled, %w_sum : f32
    scf.yield %acc_new, %den_new, %m_new : tensor<128xf32>, f32, f32
  }

  %den_s = tile.splat %den_fin : tensor<128xf32>
  %result = arith.divf %acc_fin, %den_s : tensor<128xf32>
  %result_b = arith.truncf %result : tensor<128xf32> to tensor<128xbf16>
  %o_row_off = arith.muli %row, %HEAD_DIM : i32
  %o_row = tile.addptr %o, %o_row_off : !tile.ptr<bf16>, i32
  %o_base = tile.splat %o_row : tensor<128x!tile.ptr<bf16>>
  %o_ptrs = tile.addptr %o_base, %offs_d : tensor<128x!tile.ptr<bf16>>, tensor<128xi32>
  tile.store %o_ptrs, %result_b : tensor<128x!tile.ptr<bf16>>
  tile.return
}
