// d = a * b + c and its integer part; the product and the sum may be fused
// (fastmath<contract>) or, in @mul_add_strict, not.
tile.func @mul_add(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>,
                   %d: !tile.ptr<f32>, %i: !tile.ptr<i32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %ap = tile.splat %a : tensor<4x!tile.ptr<f32>>
  %av = tile.load %ap : tensor<4x!tile.ptr<f32>>
  %bp = tile.splat %b : tensor<4x!tile.ptr<f32>>
  %bv = tile.load %bp : tensor<4x!tile.ptr<f32>>
  %cp = tile.splat %c : tensor<4x!tile.ptr<f32>>
  %cv = tile.load %cp : tensor<4x!tile.ptr<f32>>
  %p = arith.mulf %av, %bv fastmath<contract> : tensor<4xf32>
  %s = arith.addf %p, %cv fastmath<contract> : tensor<4xf32>
  %dp0 = tile.splat %d : tensor<4x!tile.ptr<f32>>
  %dp = tile.addptr %dp0, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %dp, %s : tensor<4x!tile.ptr<f32>>
  %n = arith.fptosi %s : tensor<4xf32> to tensor<4xi32>
  %ip0 = tile.splat %i : tensor<4x!tile.ptr<i32>>
  %ip = tile.addptr %ip0, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ip, %n : tensor<4x!tile.ptr<i32>>
  tile.return
}
tile.func @mul_add_strict(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>,
                          %d: !tile.ptr<f32>, %i: !tile.ptr<i32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %ap = tile.splat %a : tensor<4x!tile.ptr<f32>>
  %av = tile.load %ap : tensor<4x!tile.ptr<f32>>
  %bp = tile.splat %b : tensor<4x!tile.ptr<f32>>
  %bv = tile.load %bp : tensor<4x!tile.ptr<f32>>
  %cp = tile.splat %c : tensor<4x!tile.ptr<f32>>
  %cv = tile.load %cp : tensor<4x!tile.ptr<f32>>
  %p = arith.mulf %av, %bv : tensor<4xf32>
  %s = arith.addf %p, %cv : tensor<4xf32>
  %dp0 = tile.splat %d : tensor<4x!tile.ptr<f32>>
  %dp = tile.addptr %dp0, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %dp, %s : tensor<4x!tile.ptr<f32>>
  %n = arith.fptosi %s : tensor<4xf32> to tensor<4xi32>
  %ip0 = tile.splat %i : tensor<4x!tile.ptr<i32>>
  %ip = tile.addptr %ip0, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ip, %n : tensor<4x!tile.ptr<i32>>
  tile.return
}
