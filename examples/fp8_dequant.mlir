// dequantize_fp8: per-row dequantization of an f8E4M3FN matrix to bf16:
//   out[r, c] = bf16_rtne(f32(q[r, c]) * scale[r])   (f8 -> f32 is exact).
//   Row r of q is at q + r * stride, row r of out at out + r * stride.
// Grid: (n_rows, 1, 1); program_id x = row r.
// Arguments: q: !tile.ptr<f8E4M3FN>; scale: !tile.ptr<f32> (n_rows
//   elements); out: !tile.ptr<bf16>; n_cols: i32 (n_cols <= 8192);
//   stride: i32 (elements between rows of q and of out).
// Tile sizes: BLOCK = 8192 columns (one whole row); lanes c >= n_cols masked.
tile.func @dequantize_fp8(%q: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                          %scale: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %out: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                          %n_cols: i32, %stride: i32) {
  %row = tile.program_id x
  %row_off = arith.muli %row, %stride : i32
  %cols = tile.range 0 to 8192 : tensor<8192xi32>
  %n_s = tile.splat %n_cols : tensor<8192xi32>
  %mask = arith.cmpi slt, %cols, %n_s : tensor<8192xi32>

  %scale_ptr = tile.addptr %scale, %row : !tile.ptr<f32>, i32
  %s = tile.load %scale_ptr : !tile.ptr<f32>
  %s_splat = tile.splat %s : tensor<8192xf32>

  %q_row = tile.addptr %q, %row_off : !tile.ptr<f8E4M3FN>, i32
  %q_base = tile.splat %q_row : tensor<8192x!tile.ptr<f8E4M3FN>>
  %q_ptrs = tile.addptr %q_base, %cols : tensor<8192x!tile.ptr<f8E4M3FN>>, tensor<8192xi32>
  %qv = tile.load %q_ptrs, %mask : tensor<8192x!tile.ptr<f8E4M3FN>>
  %qf = tile.fp_to_fp %qv : tensor<8192xf8E4M3FN> -> tensor<8192xf32>
  %yf = arith.mulf %qf, %s_splat : tensor<8192xf32>
  %yb = arith.truncf %yf : tensor<8192xf32> to tensor<8192xbf16>

  %out_row = tile.addptr %out, %row_off : !tile.ptr<bf16>, i32
  %out_base = tile.splat %out_row : tensor<8192x!tile.ptr<bf16>>
  %out_ptrs = tile.addptr %out_base, %cols : tensor<8192x!tile.ptr<bf16>>, tensor<8192xi32>
  tile.store %out_ptrs, %yb, %mask : tensor<8192x!tile.ptr<bf16>>
  tile.return
}
