// bias_gelu_dropout: fused bias + GELU (tanh approximation) + dropout on an
//   n_rows x n_cols bf16 matrix, contiguous (row stride n_cols), computed in f32:
//     i    = flat element index r * n_cols + c, in [0, n_rows * n_cols)
//     h    = f32(x[i]) + f32(bias[i % n_cols])
//     g    = 0.5 * h * (1 + tanh(0.7978845608 * (h + 0.044715 * h^3)))
//     u    = f32(r0) * 2.3283064e-10   where r0 = philox(seed, i) word 0, read as u32
//     out[i] = bf16_rtne(u >= p ? g * (1 / (1 - p)) : 0)
// Grid: (cdiv(n_rows * n_cols, 1024), 1, 1); program_id x = index of the
//   1024-element block of the flattened matrix.
// Arguments: x: !tile.ptr<bf16> (n_rows * n_cols); bias: !tile.ptr<bf16>
//   (n_cols); out: !tile.ptr<bf16> (n_rows * n_cols); n_rows, n_cols: i32
//   (n_rows * n_cols < 2^31); p: f32 (drop probability, 0 <= p < 1);
//   seed: i64 (philox key).
// Tile sizes: BLOCK = 1024 flat elements per program; the tail is masked.
tile.func @bias_gelu_dropout(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                             %bias: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                             %out: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                             %n_rows: i32, %n_cols: i32, %p: f32, %seed: i64) {
  %BLOCK = arith.constant 1024 : i32
  %pid = tile.program_id x
  %block_start = arith.muli %pid, %BLOCK : i32
  %n_elements = arith.muli %n_rows, %n_cols : i32

  // offs = block_start + arange(BLOCK); mask = offs < n_rows * n_cols
  %range = tile.range 0 to 1024 : tensor<1024xi32>
  %start_s = tile.splat %block_start : tensor<1024xi32>
  %offs = arith.addi %start_s, %range : tensor<1024xi32>
  %n_s = tile.splat %n_elements : tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %n_s : tensor<1024xi32>
  // Column of each element: bias is indexed by offs % n_cols.
  %n_cols_s = tile.splat %n_cols : tensor<1024xi32>
  %col = arith.remsi %offs, %n_cols_s : tensor<1024xi32>

  %x_base = tile.splat %x : tensor<1024x!tile.ptr<bf16>>
  %x_ptrs = tile.addptr %x_base, %offs : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  %bias_base = tile.splat %bias : tensor<1024x!tile.ptr<bf16>>
  %bias_ptrs = tile.addptr %bias_base, %col : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  %xv = tile.load %x_ptrs, %mask : tensor<1024x!tile.ptr<bf16>>
  %bv = tile.load %bias_ptrs, %mask : tensor<1024x!tile.ptr<bf16>>
  %xf = arith.extf %xv : tensor<1024xbf16> to tensor<1024xf32>
  %bf = arith.extf %bv : tensor<1024xbf16> to tensor<1024xf32>
  %h = arith.addf %xf, %bf : tensor<1024xf32>

  // GELU, tanh approximation.
  %half = arith.constant dense<0.5> : tensor<1024xf32>
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %k0 = arith.constant dense<0.7978845608> : tensor<1024xf32>
  %k1 = arith.constant dense<0.044715> : tensor<1024xf32>
  %h2 = arith.mulf %h, %h : tensor<1024xf32>
  %h3 = arith.mulf %h2, %h : tensor<1024xf32>
  %k1h3 = arith.mulf %k1, %h3 : tensor<1024xf32>
  %inner = arith.addf %h, %k1h3 : tensor<1024xf32>
  %arg = arith.mulf %k0, %inner : tensor<1024xf32>
  %t = math.tanh %arg : tensor<1024xf32>
  %one_t = arith.addf %one, %t : tensor<1024xf32>
  %half_h = arith.mulf %half, %h : tensor<1024xf32>
  %gelu = arith.mulf %half_h, %one_t : tensor<1024xf32>

  // Dropout: uniform in [0, 1] from the first philox word of the flat offset.
  %r0, %r1, %r2, %r3 = tile.philox %seed, %offs : i64, tensor<1024xi32>
  %r0f = arith.uitofp %r0 : tensor<1024xi32> to tensor<1024xf32>
  %two_m32 = arith.constant dense<2.3283064e-10> : tensor<1024xf32>
  %u = arith.mulf %r0f, %two_m32 : tensor<1024xf32>
  %p_s = tile.splat %p : tensor<1024xf32>
  %keep = arith.cmpf oge, %u, %p_s : tensor<1024xf32>
  %one_scalar = arith.constant 1.0 : f32
  %keep_prob = arith.subf %one_scalar, %p : f32
  %inv_keep = arith.divf %one_scalar, %keep_prob : f32
  %inv_keep_s = tile.splat %inv_keep : tensor<1024xf32>
  %scaled = arith.mulf %gelu, %inv_keep_s : tensor<1024xf32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %y = arith.select %keep, %scaled, %zero : tensor<1024xi1>, tensor<1024xf32>

  %yb = arith.truncf %y : tensor<1024xf32> to tensor<1024xbf16>
  %out_base = tile.splat %out : tensor<1024x!tile.ptr<bf16>>
  %out_ptrs = tile.addptr %out_base, %offs : tensor<1024x!tile.ptr<bf16>>, tensor<1024xi32>
  tile.store %out_ptrs, %yb, %mask : tensor<1024x!tile.ptr<bf16>>
  tile.return
}
