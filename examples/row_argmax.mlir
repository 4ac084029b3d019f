// row_argmax: out[r] = index c in [0, n_cols) of the largest in[r * stride + c],
//   for r in [0, n_rows). Per docs/Semantics.md 3.8: a NaN is greater than
//   every number (the first NaN wins) and the smallest index wins a tie.
//   Requires n_cols >= 1 (n_cols = 0 would give 0).
// Grid: (G, 1, 1), typically G = n_rows; program_id x = first row of this
//   program, which handles rows pid, pid + G, ... < n_rows (a grid of exactly
//   n_rows programs handles one row each).
// Arguments: in: !tile.ptr<f32>; out: !tile.ptr<i32> (n_rows elements);
//   n_rows, n_cols: i32 (1 <= n_cols <= 1024); stride: i32 (elements between
//   rows).
// Tile sizes: BLOCK = 1024 columns (one whole row), lanes c >= n_cols masked
//   (loaded as -inf; their indices are larger than every real column's, so
//   they never win, even against a row of -inf).
tile.func @row_argmax(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %out: !tile.ptr<i32> {tile.divisibility = 16 : i32},
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
    %max, %argmax = tile.reduce(%x, %cols) axis = 0 : tensor<1024xf32>, tensor<1024xi32> -> f32, i32 {
    ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
      %gt = arith.cmpf ogt, %va, %vb : f32
      %eq = arith.cmpf oeq, %va, %vb : f32
      %lt = arith.cmpi slt, %ia, %ib : i32
      %nana = arith.cmpf uno, %va, %va : f32
      %nanb = arith.cmpf uno, %vb, %vb : f32
      %true = arith.constant true
      %tie = arith.andi %eq, %lt : i1
      %num = arith.ori %gt, %tie : i1            // both numbers: greater, or tie with smaller index
      %bnum = arith.xori %nanb, %true : i1
      %pick = arith.select %nana, %bnum, %num : i1  // a is NaN: keep it unless b is NaN too
      %both = arith.andi %nana, %nanb : i1
      %nlt = arith.andi %both, %lt : i1           // both NaN: smaller index
      %keep = arith.ori %pick, %nlt : i1
      %v = arith.select %keep, %va, %vb : f32
      %i = arith.select %keep, %ia, %ib : i32
      tile.yield %v, %i : f32, i32
    }
    %out_ptr = tile.addptr %out, %row : !tile.ptr<i32>, i32
    tile.store %out_ptr, %argmax : !tile.ptr<i32>
  }
  tile.return
}
