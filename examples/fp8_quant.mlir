// quantize_fp8: per-row dynamic quantization of a bf16 matrix to f8E4M3FN:
//   amax = max_{c < n_cols} |f32(x[r, c])|   (NaN if the row holds a NaN)
//   scale = max(amax, 1e-12) / 448          (correctly rounded division)
//   scale_out[r] = scale
//   out[r, c] = fp_to_fp(f32(x[r, c]) / scale, rounding = rtne)   (arith.divf:
//     within 2 f32 ulp, as Triton's `/`, so a quotient next to an e4m3
//     rounding boundary may round either way; the conversion saturates to
//     +-448, NaN stays NaN)
//   Row r of x is at x + r * stride, row r of out at out + r * stride.
// Grid: (n_rows, 1, 1); program_id x = row r.
// Arguments: x: !tile.ptr<bf16>; out: !tile.ptr<f8E4M3FN>;
//   scale_out: !tile.ptr<f32> (n_rows elements, overlapping no other
//   argument: tile.noalias); n_cols: i32
//   (1 <= n_cols <= 8192); stride: i32 (elements between rows of x and of
//   out).
// Tile sizes: BLOCK = 8192 columns (one whole row); lanes c >= n_cols masked
//   (loaded as 0, not stored).
tile.func @quantize_fp8(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                        %out: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                        %scale_out: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                        %n_cols: i32, %stride: i32) {
  %row = tile.program_id x
  %row_off = arith.muli %row, %stride : i32
  %cols = tile.range 0 to 8192 : tensor<8192xi32>
  %n_s = tile.splat %n_cols : tensor<8192xi32>
  %mask = arith.cmpi slt, %cols, %n_s : tensor<8192xi32>

  %x_row = tile.addptr %x, %row_off : !tile.ptr<bf16>, i32
  %x_base = tile.splat %x_row : tensor<8192x!tile.ptr<bf16>>
  %x_ptrs = tile.addptr %x_base, %cols : tensor<8192x!tile.ptr<bf16>>, tensor<8192xi32>
  %xb = tile.load %x_ptrs, %mask : tensor<8192x!tile.ptr<bf16>>
  %xf = arith.extf %xb : tensor<8192xbf16> to tensor<8192xf32>

  %ax = math.absf %xf : tensor<8192xf32>
  %amax = tile.reduce(%ax) axis = 0 : tensor<8192xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %b : f32
    tile.yield %m : f32
  }
  %tiny = arith.constant 1.0e-12 : f32
  %fp8_max = arith.constant 448.0 : f32
  %amax_safe = arith.maximumf %amax, %tiny : f32
  %scale = tile.precise_divf %amax_safe, %fp8_max : f32
  %scale_ptr = tile.addptr %scale_out, %row : !tile.ptr<f32>, i32
  tile.store %scale_ptr, %scale : !tile.ptr<f32>

  %scale_s = tile.splat %scale : tensor<8192xf32>
  %scaled = arith.divf %xf, %scale_s : tensor<8192xf32>
  %q = tile.fp_to_fp %scaled, rounding = rtne : tensor<8192xf32> -> tensor<8192xf8E4M3FN>
  %out_row = tile.addptr %out, %row_off : !tile.ptr<f8E4M3FN>, i32
  %out_base = tile.splat %out_row : tensor<8192x!tile.ptr<f8E4M3FN>>
  %out_ptrs = tile.addptr %out_base, %cols : tensor<8192x!tile.ptr<f8E4M3FN>>, tensor<8192xi32>
  tile.store %out_ptrs, %q, %mask : tensor<8192x!tile.ptr<f8E4M3FN>>
  tile.return
}
