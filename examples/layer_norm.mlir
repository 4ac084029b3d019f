// layer_norm: LayerNorm forward over the rows of an M x n f32 matrix (Triton's
//   fused layer-norm forward):
//     mean = sum(x[r, :]) / n;  var = sum((x[r, :] - mean)^2) / n;
//     rstd = 1 / sqrt(var + eps);
//     y[r, c] = (x[r, c] - mean) * rstd * w[c] + b[c];
//     mean_out[r] = mean;  rstd_out[r] = rstd.
// Grid: (M, 1, 1); program_id x = row r.
// Arguments: x, y: !tile.ptr<f32> (row r at x + r * stride, y + r * stride);
//   w, b: !tile.ptr<f32> (n elements); mean_out, rstd_out: !tile.ptr<f32>
//   (M elements, overlapping no other argument: tile.noalias); stride: i32
//   (elements between rows of x and of y);
//   n: i32 (row length, any value >= 1); eps: f32.
// Tile sizes: rows of up to 8192 columns are read once, whole (one 8192-wide
//   tile masked at c >= n, as Triton's fused kernel does); longer rows take
//   three scf.for loops over blocks of 1024 columns (sum, then variance,
//   then normalize and store), each block masked at c >= n.
tile.func @layer_norm(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %w: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %b: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %mean_out: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                      %rstd_out: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                      %stride: i32, %n: i32, %eps: f32) {
  %c0 = arith.constant 0 : i32
  %BLOCK = arith.constant 1024 : i32
  %one = arith.constant 1.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<1024xf32>
  %range = tile.range 0 to 1024 : tensor<1024xi32>
  %n_splat = tile.splat %n : tensor<1024xi32>
  %n_f = arith.sitofp %n : i32 to f32

  %row = tile.program_id x
  %row_off = arith.muli %row, %stride : i32
  %x_row = tile.addptr %x, %row_off : !tile.ptr<f32>, i32
  %y_row = tile.addptr %y, %row_off : !tile.ptr<f32>, i32
  %x_base = tile.splat %x_row : tensor<1024x!tile.ptr<f32>>
  %y_base = tile.splat %y_row : tensor<1024x!tile.ptr<f32>>
  %w_base = tile.splat %w : tensor<1024x!tile.ptr<f32>>
  %b_base = tile.splat %b : tensor<1024x!tile.ptr<f32>>

  %WHOLE = arith.constant 8192 : i32
  %fits = arith.cmpi sle, %n, %WHOLE : i32
  scf.if %fits {
    // The whole row in one tile: one read of x.
    %wrange = tile.range 0 to 8192 : tensor<8192xi32>
    %wn = tile.splat %n : tensor<8192xi32>
    %wmask = arith.cmpi slt, %wrange, %wn : tensor<8192xi32>
    %wzeros = arith.constant dense<0.0> : tensor<8192xf32>
    %wx_base = tile.splat %x_row : tensor<8192x!tile.ptr<f32>>
    %wx_ptrs = tile.addptr %wx_base, %wrange : tensor<8192x!tile.ptr<f32>>, tensor<8192xi32>
    %wx = tile.load %wx_ptrs, %wmask, %wzeros : tensor<8192x!tile.ptr<f32>>
    %wsum = tile.reduce(%wx) axis = 0 : tensor<8192xf32> -> f32 {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      tile.yield %s : f32
    }
    %wmean = arith.divf %wsum, %n_f : f32
    %wmean_splat = tile.splat %wmean : tensor<8192xf32>
    %wcentered = arith.subf %wx, %wmean_splat : tensor<8192xf32>
    %wd = arith.select %wmask, %wcentered, %wzeros : tensor<8192xi1>, tensor<8192xf32>
    %wsq = arith.mulf %wd, %wd : tensor<8192xf32>
    %wvar_sum = tile.reduce(%wsq) axis = 0 : tensor<8192xf32> -> f32 {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      tile.yield %s : f32
    }
    %wvar = arith.divf %wvar_sum, %n_f : f32
    %wvar_eps = arith.addf %wvar, %eps : f32
    %wstd = math.sqrt %wvar_eps : f32
    %wrstd = arith.divf %one, %wstd : f32
    %wmean_ptr = tile.addptr %mean_out, %row : !tile.ptr<f32>, i32
    tile.store %wmean_ptr, %wmean : !tile.ptr<f32>
    %wrstd_ptr = tile.addptr %rstd_out, %row : !tile.ptr<f32>, i32
    tile.store %wrstd_ptr, %wrstd : !tile.ptr<f32>
    %wrstd_splat = tile.splat %wrstd : tensor<8192xf32>
    %ww_base = tile.splat %w : tensor<8192x!tile.ptr<f32>>
    %ww_ptrs = tile.addptr %ww_base, %wrange : tensor<8192x!tile.ptr<f32>>, tensor<8192xi32>
    %wb_base = tile.splat %b : tensor<8192x!tile.ptr<f32>>
    %wb_ptrs = tile.addptr %wb_base, %wrange : tensor<8192x!tile.ptr<f32>>, tensor<8192xi32>
    %wwv = tile.load %ww_ptrs, %wmask : tensor<8192x!tile.ptr<f32>>
    %wbv = tile.load %wb_ptrs, %wmask : tensor<8192x!tile.ptr<f32>>
    %wx_hat = arith.mulf %wd, %wrstd_splat : tensor<8192xf32>
    %wscaled = arith.mulf %wx_hat, %wwv : tensor<8192xf32>
    %wy = arith.addf %wscaled, %wbv : tensor<8192xf32>
    %wy_base = tile.splat %y_row : tensor<8192x!tile.ptr<f32>>
    %wy_ptrs = tile.addptr %wy_base, %wrange : tensor<8192x!tile.ptr<f32>>, tensor<8192xi32>
    tile.store %wy_ptrs, %wy, %wmask : tensor<8192x!tile.ptr<f32>>
  } else {
  // Longer rows. Pass 1: mean.
  %sum_acc = scf.for %off = %c0 to %n step %BLOCK
      iter_args(%acc = %zeros) -> (tensor<1024xf32>) : i32 {
    %off_splat = tile.splat %off : tensor<1024xi32>
    %cols = arith.addi %off_splat, %range : tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %n_splat : tensor<1024xi32>
    %ptrs = tile.addptr %x_base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %a = tile.load %ptrs, %mask, %zeros : tensor<1024x!tile.ptr<f32>>
    %acc_next = arith.addf %acc, %a : tensor<1024xf32>
    scf.yield %acc_next : tensor<1024xf32>
  }
  %sum = tile.reduce(%sum_acc) axis = 0 : tensor<1024xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tile.yield %s : f32
  }
  %mean = arith.divf %sum, %n_f : f32
  %mean_splat = tile.splat %mean : tensor<1024xf32>

  // Pass 2: variance (masked-off lanes contribute 0, not (0 - mean)^2).
  %var_acc = scf.for %off = %c0 to %n step %BLOCK
      iter_args(%acc = %zeros) -> (tensor<1024xf32>) : i32 {
    %off_splat = tile.splat %off : tensor<1024xi32>
    %cols = arith.addi %off_splat, %range : tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %n_splat : tensor<1024xi32>
    %ptrs = tile.addptr %x_base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %a = tile.load %ptrs, %mask, %zeros : tensor<1024x!tile.ptr<f32>>
    %centered = arith.subf %a, %mean_splat : tensor<1024xf32>
    %d = arith.select %mask, %centered, %zeros : tensor<1024xi1>, tensor<1024xf32>
    %sq = arith.mulf %d, %d : tensor<1024xf32>
    %acc_next = arith.addf %acc, %sq : tensor<1024xf32>
    scf.yield %acc_next : tensor<1024xf32>
  }
  %var_sum = tile.reduce(%var_acc) axis = 0 : tensor<1024xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tile.yield %s : f32
  }
  %var = arith.divf %var_sum, %n_f : f32
  %var_eps = arith.addf %var, %eps : f32
  %std = math.sqrt %var_eps : f32
  %rstd = arith.divf %one, %std : f32

  // Per-row statistics (scalar stores).
  %mean_ptr = tile.addptr %mean_out, %row : !tile.ptr<f32>, i32
  tile.store %mean_ptr, %mean : !tile.ptr<f32>
  %rstd_ptr = tile.addptr %rstd_out, %row : !tile.ptr<f32>, i32
  tile.store %rstd_ptr, %rstd : !tile.ptr<f32>

  // Pass 3: normalize, scale and shift, store.
  %rstd_splat = tile.splat %rstd : tensor<1024xf32>
  scf.for %off = %c0 to %n step %BLOCK : i32 {
    %off_splat = tile.splat %off : tensor<1024xi32>
    %cols = arith.addi %off_splat, %range : tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %n_splat : tensor<1024xi32>
    %w_ptrs = tile.addptr %w_base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %b_ptrs = tile.addptr %b_base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %x_ptrs = tile.addptr %x_base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %wv = tile.load %w_ptrs, %mask : tensor<1024x!tile.ptr<f32>>
    %bv = tile.load %b_ptrs, %mask : tensor<1024x!tile.ptr<f32>>
    %xv = tile.load %x_ptrs, %mask, %zeros : tensor<1024x!tile.ptr<f32>>
    %centered = arith.subf %xv, %mean_splat : tensor<1024xf32>
    %x_hat = arith.mulf %centered, %rstd_splat : tensor<1024xf32>
    %scaled = arith.mulf %x_hat, %wv : tensor<1024xf32>
    %yv = arith.addf %scaled, %bv : tensor<1024xf32>
    %y_ptrs = tile.addptr %y_base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %y_ptrs, %yv, %mask : tensor<1024x!tile.ptr<f32>>
  }
  }
  tile.return
}
