// row_max: out[r] = max_{c < n_cols} in[r * stride + c] for r in [0, n_rows)
//   (arith.maximumf: a NaN anywhere in the row gives NaN; n_cols = 0 gives -inf).
// Grid: (G, 1, 1), typically G = n_rows; program_id x = first row of this
//   program, which handles rows pid, pid + G, ... < n_rows (a grid of exactly
//   n_rows programs handles one row each).
// Arguments: in: !tile.ptr<f32>; out: !tile.ptr<f32> (n_rows elements);
//   n_rows, n_cols: i32 (n_cols <= 1024); stride: i32 (elements between rows).
// Tile sizes: BLOCK = 1024 columns (one whole row), lanes c >= n_cols masked
//   (loaded as -inf).
tile.func @row_max(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %n_rows: i32, %n_cols: i32, %stride: i32) {
  %pid = tile.program_id x
  %num_programs = tile.num_programs x
  %cols = tile.range 0 to 1024 : tensor<1024xi32>
  %n_cols_s = tile.splat %n_cols : tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_cols_s : tensor<1024xi32>
  %neg_inf = arith.constant dense<0xFF800000> : tensor<1024xf32>

  scf.for %row = %pid to %n_rows step %num_programs : i32 {
    %row_off = arith.muli %row, %stride : i32
    %row_ptr = tile.addptr %in, %row_off : !tile.ptr<f32>, i32
    %base = tile.splat %row_ptr : tensor<1024x!tile.ptr<f32>>
    %ptrs = tile.addptr %base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %x = tile.load %ptrs, %mask, %neg_inf : tensor<1024x!tile.ptr<f32>>
    %max = tile.reduce(%x) axis = 0 : tensor<1024xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tile.yield %m : f32
    }
    %out_ptr = tile.addptr %out, %row : !tile.ptr<f32>, i32
    tile.store %out_ptr, %max : !tile.ptr<f32>
  }
  tile.return
}
