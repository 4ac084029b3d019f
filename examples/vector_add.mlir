// vector_add: out[i] = x[i] + y[i] for every i in [0, n).
// Grid: (cdiv(n, 1024), 1, 1); program_id x = index of the 1024-element block.
// Arguments: x, y, out: !tile.ptr<f32> (16-byte aligned, n elements each);
//            n: i32 (number of elements).
// Tile sizes: BLOCK = 1024 elements per program; the tail block is masked.
tile.func @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                      %n: i32) {
  %BLOCK = arith.constant 1024 : i32
  %pid = tile.program_id x
  %block_start = arith.muli %pid, %BLOCK : i32

  // offsets = block_start + arange(0, BLOCK); mask = offsets < n
  %range = tile.range 0 to 1024 : tensor<1024xi32>
  %start_splat = tile.splat %block_start : tensor<1024xi32>
  %offsets = arith.addi %start_splat, %range : tensor<1024xi32>
  %n_splat = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %n_splat : tensor<1024xi32>

  %x_base = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %x_ptrs = tile.addptr %x_base, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %y_base = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %y_ptrs = tile.addptr %y_base, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %out_base = tile.splat %out : tensor<1024x!tile.ptr<f32>>
  %out_ptrs = tile.addptr %out_base, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>

  %xv = tile.load %x_ptrs, %mask : tensor<1024x!tile.ptr<f32>>
  %yv = tile.load %y_ptrs, %mask : tensor<1024x!tile.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<1024xf32>
  tile.store %out_ptrs, %sum, %mask : tensor<1024x!tile.ptr<f32>>
  tile.return
}
