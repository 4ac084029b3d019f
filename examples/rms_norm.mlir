// rms_norm: RMSNorm over the rows of a bf16 matrix, computed in f32:
//   ms = sum_{c < n} f32(x[r, c])^2 / n;  rrms = rsqrt(ms + eps);
//   y[r, c] = bf16_rtne(f32(x[r, c]) * rrms * f32(w[c])).
//   Row r of x is at x + r * stride, row r of y at y + r * stride.
// Grid: (n_rows, 1, 1); program_id x = row r.
// Arguments: x: !tile.ptr<bf16>; w: !tile.ptr<bf16> (n elements);
//   y: !tile.ptr<bf16>; stride: i32 (elements between rows of x and of y);
//   n: i32 (row length, 1 <= n <= 8192); eps: f32.
// Tile sizes: BLOCK = 8192 columns (one whole row); lanes c >= n masked
//   (loaded as 0, not stored).
tile.func @rms_norm(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                    %w: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                    %y: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                    %stride: i32, %n: i32, %eps: f32) {
  %row = tile.program_id x
  %row_off = arith.muli %row, %stride : i32
  %cols = tile.range 0 to 8192 : tensor<8192xi32>
  %n_s = tile.splat %n : tensor<8192xi32>
  %mask = arith.cmpi slt, %cols, %n_s : tensor<8192xi32>

  %x_row = tile.addptr %x, %row_off : !tile.ptr<bf16>, i32
  %x_base = tile.splat %x_row : tensor<8192x!tile.ptr<bf16>>
  %x_ptrs = tile.addptr %x_base, %cols : tensor<8192x!tile.ptr<bf16>>, tensor<8192xi32>
  %xb = tile.load %x_ptrs, %mask : tensor<8192x!tile.ptr<bf16>>
  %xf = arith.extf %xb : tensor<8192xbf16> to tensor<8192xf32>

  %sq = arith.mulf %xf, %xf : tensor<8192xf32>
  %sum_sq = tile.reduce(%sq) axis = 0 : tensor<8192xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  %n_f = arith.sitofp %n : i32 to f32
  %mean_sq = arith.divf %sum_sq, %n_f : f32
  %ms_eps = arith.addf %mean_sq, %eps : f32
  %rrms = math.rsqrt %ms_eps : f32
  %rrms_s = tile.splat %rrms : tensor<8192xf32>

  %w_base = tile.splat %w : tensor<8192x!tile.ptr<bf16>>
  %w_ptrs = tile.addptr %w_base, %cols : tensor<8192x!tile.ptr<bf16>>, tensor<8192xi32>
  %wb = tile.load %w_ptrs, %mask : tensor<8192x!tile.ptr<bf16>>
  %wf = arith.extf %wb : tensor<8192xbf16> to tensor<8192xf32>

  %normed = arith.mulf %xf, %rrms_s : tensor<8192xf32>
  %yf = arith.mulf %normed, %wf : tensor<8192xf32>
  %yb = arith.truncf %yf : tensor<8192xf32> to tensor<8192xbf16>
  %y_row = tile.addptr %y, %row_off : !tile.ptr<bf16>, i32
  %y_base = tile.splat %y_row : tensor<8192x!tile.ptr<bf16>>
  %y_ptrs = tile.addptr %y_base, %cols : tensor<8192x!tile.ptr<bf16>>, tensor<8192xi32>
  tile.store %y_ptrs, %yb, %mask : tensor<8192x!tile.ptr<bf16>>
  tile.return
}
