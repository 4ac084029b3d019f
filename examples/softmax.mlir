// softmax: row-wise softmax of a rows x cols f32 matrix,
//   out[r, c] = exp(in[r, c] - max_r) / sum_c' exp(in[r, c'] - max_r).
// Grid: (G, 1, 1), typically G = rows; program_id x = first row of this
//   program, which then handles rows pid, pid + G, pid + 2G, ... < rows
//   (a grid of exactly `rows` programs handles one row each).
// Arguments: in, out: !tile.ptr<f32>; rows, cols: i32 (cols <= 4096);
//   in_row_stride, out_row_stride: i32 (elements between consecutive rows;
//   row r starts at in + r * in_row_stride and out + r * out_row_stride).
// Tile sizes: BLOCK = 4096 columns (one whole row); lanes c >= cols are
//   masked (loaded as -inf, not stored).
tile.func @softmax(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %rows: i32, %cols: i32,
                   %in_row_stride: i32, %out_row_stride: i32) {
  %pid = tile.program_id x
  %num_programs = tile.num_programs x

  // Loop-invariant pieces: column offsets, the column mask, constants.
  %col_offsets = tile.range 0 to 4096 : tensor<4096xi32>
  %cols_splat = tile.splat %cols : tensor<4096xi32>
  %mask = arith.cmpi slt, %col_offsets, %cols_splat : tensor<4096xi32>
  %neg_inf = arith.constant dense<0xFF800000> : tensor<4096xf32>

  scf.for %row = %pid to %rows step %num_programs : i32 {
    %in_row_off = arith.muli %row, %in_row_stride : i32
    %in_row = tile.addptr %in, %in_row_off : !tile.ptr<f32>, i32
    %in_base = tile.splat %in_row : tensor<4096x!tile.ptr<f32>>
    %in_ptrs = tile.addptr %in_base, %col_offsets : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
    %x = tile.load %in_ptrs, %mask, %neg_inf : tensor<4096x!tile.ptr<f32>>

    // Numerically stable softmax: subtract the row maximum first.
    %row_max = tile.reduce(%x) axis = 0 : tensor<4096xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tile.yield %m : f32
    }
    %max_splat = tile.splat %row_max : tensor<4096xf32>
    %shifted = arith.subf %x, %max_splat : tensor<4096xf32>
    %num = math.exp %shifted : tensor<4096xf32>
    %den = tile.reduce(%num) axis = 0 : tensor<4096xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    %den_splat = tile.splat %den : tensor<4096xf32>
    %y = arith.divf %num, %den_splat : tensor<4096xf32>

    %out_row_off = arith.muli %row, %out_row_stride : i32
    %out_row = tile.addptr %out, %out_row_off : !tile.ptr<f32>, i32
    %out_base = tile.splat %out_row : tensor<4096x!tile.ptr<f32>>
    %out_ptrs = tile.addptr %out_base, %col_offsets : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
    tile.store %out_ptrs, %y, %mask : tensor<4096x!tile.ptr<f32>>
  }
  tile.return
}
