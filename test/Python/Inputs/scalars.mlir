// Stores each scalar argument, one of every kind, into four elements of its
// own output buffer (i1 widened to an i8 0 or 1): the Python binding's
// scalar conversions checked end to end (test/Python/runtime.test).
// Grid: (1, 1, 1).
tile.func @scalars(%o_b: !tile.ptr<i8>, %o_a8: !tile.ptr<i8>,
                   %o_a16: !tile.ptr<i16>, %o_a32: !tile.ptr<i32>,
                   %o_a64: !tile.ptr<i64>, %o_h: !tile.ptr<f16>,
                   %o_bh: !tile.ptr<bf16>, %o_f: !tile.ptr<f32>,
                   %o_d: !tile.ptr<f64>,
                   %b: i1, %a8: i8, %a16: i16, %a32: i32, %a64: i64,
                   %h: f16, %bh: bf16, %f: f32, %d: f64) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %ext_b = arith.extui %b : i1 to i8
  %s_b = tile.splat %ext_b : tensor<4xi8>
  %p_b = tile.splat %o_b : tensor<4x!tile.ptr<i8>>
  %q_b = tile.addptr %p_b, %i : tensor<4x!tile.ptr<i8>>, tensor<4xi32>
  tile.store %q_b, %s_b : tensor<4x!tile.ptr<i8>>
  %s_a8 = tile.splat %a8 : tensor<4xi8>
  %p_a8 = tile.splat %o_a8 : tensor<4x!tile.ptr<i8>>
  %q_a8 = tile.addptr %p_a8, %i : tensor<4x!tile.ptr<i8>>, tensor<4xi32>
  tile.store %q_a8, %s_a8 : tensor<4x!tile.ptr<i8>>
  %s_a16 = tile.splat %a16 : tensor<4xi16>
  %p_a16 = tile.splat %o_a16 : tensor<4x!tile.ptr<i16>>
  %q_a16 = tile.addptr %p_a16, %i : tensor<4x!tile.ptr<i16>>, tensor<4xi32>
  tile.store %q_a16, %s_a16 : tensor<4x!tile.ptr<i16>>
  %s_a32 = tile.splat %a32 : tensor<4xi32>
  %p_a32 = tile.splat %o_a32 : tensor<4x!tile.ptr<i32>>
  %q_a32 = tile.addptr %p_a32, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %q_a32, %s_a32 : tensor<4x!tile.ptr<i32>>
  %s_a64 = tile.splat %a64 : tensor<4xi64>
  %p_a64 = tile.splat %o_a64 : tensor<4x!tile.ptr<i64>>
  %q_a64 = tile.addptr %p_a64, %i : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %q_a64, %s_a64 : tensor<4x!tile.ptr<i64>>
  %s_h = tile.splat %h : tensor<4xf16>
  %p_h = tile.splat %o_h : tensor<4x!tile.ptr<f16>>
  %q_h = tile.addptr %p_h, %i : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  tile.store %q_h, %s_h : tensor<4x!tile.ptr<f16>>
  %s_bh = tile.splat %bh : tensor<4xbf16>
  %p_bh = tile.splat %o_bh : tensor<4x!tile.ptr<bf16>>
  %q_bh = tile.addptr %p_bh, %i : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  tile.store %q_bh, %s_bh : tensor<4x!tile.ptr<bf16>>
  %s_f = tile.splat %f : tensor<4xf32>
  %p_f = tile.splat %o_f : tensor<4x!tile.ptr<f32>>
  %q_f = tile.addptr %p_f, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %q_f, %s_f : tensor<4x!tile.ptr<f32>>
  %s_d = tile.splat %d : tensor<4xf64>
  %p_d = tile.splat %o_d : tensor<4x!tile.ptr<f64>>
  %q_d = tile.addptr %p_d, %i : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  tile.store %q_d, %s_d : tensor<4x!tile.ptr<f64>>
  tile.return
}
