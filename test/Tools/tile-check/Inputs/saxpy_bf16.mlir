// saxpy_bf16: out[i] = bf16_rtne(a * f32(x[i]) + f32(y[i])) for i < n: the
// downstream kernel of docs/Testing.md's worked example.
// Grid: (cdiv(n, 256), 1, 1). Arguments: x, y, out: !tile.ptr<bf16> (n
//   elements); a: f32; n: i32.
tile.func @saxpy_bf16(%x: !tile.ptr<bf16>, %y: !tile.ptr<bf16>,
                      %out: !tile.ptr<bf16>, %a: f32, %n: i32) {
  %c256 = arith.constant 256 : i32
  %pid = tile.program_id x
  %start = arith.muli %pid, %c256 : i32
  %r = tile.range 0 to 256 : tensor<256xi32>
  %s = tile.splat %start : tensor<256xi32>
  %offs = arith.addi %s, %r : tensor<256xi32>
  %ns = tile.splat %n : tensor<256xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %px = tile.splat %x : tensor<256x!tile.ptr<bf16>>
  %px1 = tile.addptr %px, %offs : tensor<256x!tile.ptr<bf16>>, tensor<256xi32>
  %py = tile.splat %y : tensor<256x!tile.ptr<bf16>>
  %py1 = tile.addptr %py, %offs : tensor<256x!tile.ptr<bf16>>, tensor<256xi32>
  %po = tile.splat %out : tensor<256x!tile.ptr<bf16>>
  %po1 = tile.addptr %po, %offs : tensor<256x!tile.ptr<bf16>>, tensor<256xi32>
  %xb = tile.load %px1, %mask : tensor<256x!tile.ptr<bf16>>
  %yb = tile.load %py1, %mask : tensor<256x!tile.ptr<bf16>>
  %xf = arith.extf %xb : tensor<256xbf16> to tensor<256xf32>
  %yf = arith.extf %yb : tensor<256xbf16> to tensor<256xf32>
  %as = tile.splat %a : tensor<256xf32>
  %ax = arith.mulf %as, %xf : tensor<256xf32>
  %sum = arith.addf %ax, %yf : tensor<256xf32>
  %ob = arith.truncf %sum : tensor<256xf32> to tensor<256xbf16>
  tile.store %po1, %ob, %mask : tensor<256x!tile.ptr<bf16>>
  tile.return
}
