// cumsum: inclusive prefix sum along each row of a contiguous n_rows x n_cols
//   f32 matrix: out[r, c] = sum_{j <= c} in[r, j] (element (r, c) at offset
//   r * n_cols + c in both in and out).
// Grid: (G, 1, 1), typically G = n_rows; program_id x = first row of this
//   program, which handles rows pid, pid + G, ... < n_rows (a grid of exactly
//   n_rows programs handles one row each).
// Arguments: in, out: !tile.ptr<f32> (n_rows * n_cols elements);
//   n_rows, n_cols: i32 (n_cols <= 1024, n_rows * n_cols < 2^31).
// Tile sizes: BLOCK = 1024 columns (one whole row); lanes c >= n_cols are
//   masked (loaded as 0, which only follows the real columns, not stored).
tile.func @cumsum(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %n_rows: i32, %n_cols: i32) {
  %pid = tile.program_id x
  %num_programs = tile.num_programs x
  %cols = tile.range 0 to 1024 : tensor<1024xi32>
  %n_cols_s = tile.splat %n_cols : tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_cols_s : tensor<1024xi32>
  %zeros = arith.constant dense<0.0> : tensor<1024xf32>

  scf.for %row = %pid to %n_rows step %num_programs : i32 {
    %row_off = arith.muli %row, %n_cols : i32
    %row_off_s = tile.splat %row_off : tensor<1024xi32>
    %offs = arith.addi %row_off_s, %cols : tensor<1024xi32>
    %in_base = tile.splat %in : tensor<1024x!tile.ptr<f32>>
    %in_ptrs = tile.addptr %in_base, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %x = tile.load %in_ptrs, %mask, %zeros : tensor<1024x!tile.ptr<f32>>
    %prefix = tile.scan(%x) axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    %out_base = tile.splat %out : tensor<1024x!tile.ptr<f32>>
    %out_ptrs = tile.addptr %out_base, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %out_ptrs, %prefix, %mask : tensor<1024x!tile.ptr<f32>>
  }
  tile.return
}
