// transpose: out[j, i] = in[i, j] for an M x N f32 matrix, through block
//   descriptors: in is M x N with row stride ld_in (in[i, j] at
//   in + i * ld_in + j), out is N x M with row stride ld_out (out[j, i] at
//   out + j * ld_out + i). Out-of-bounds block elements read the zero padding
//   and are not written.
// Grid: (cdiv(M, 64), cdiv(N, 64), 1); program_id x = block of rows of in
//   (i in [64x, 64x + 64)), program_id y = block of columns of in
//   (j in [64y, 64y + 64)).
// Arguments: in, out: !tile.ptr<f32>; M, N: i32; ld_in, ld_out: i64 (row
//   strides in elements; ld_in >= N, ld_out >= M).
// Tile sizes: 64 x 64 blocks (desc_load, tile.trans [1, 0], desc_store).
tile.func @transpose(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %M: i32, %N: i32, %ld_in: i64, %ld_out: i64) {
  %BLOCK = arith.constant 64 : i32
  %c1 = arith.constant 1 : i64
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_off = arith.muli %pid_m, %BLOCK : i32
  %n_off = arith.muli %pid_n, %BLOCK : i32

  %in_desc = tile.make_desc %in, [%M, %N], [%ld_in, %c1] : !tile.ptr<f32> -> !tile.desc<tensor<64x64xf32>>
  %out_desc = tile.make_desc %out, [%N, %M], [%ld_out, %c1] : !tile.ptr<f32> -> !tile.desc<tensor<64x64xf32>>

  %block = tile.desc_load %in_desc[%m_off, %n_off] : !tile.desc<tensor<64x64xf32>>
  %block_t = tile.trans %block, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  tile.desc_store %out_desc[%n_off, %m_off], %block_t : !tile.desc<tensor<64x64xf32>>
  tile.return
}
