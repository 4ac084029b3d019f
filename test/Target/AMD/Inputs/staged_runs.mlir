// C = A x B for one 128x256 A and 256x128 B, bf16 from memory, f32 out:
// the product is staged from registers (not in a loop), and its operands'
// copies (A 66 KiB and B 68 KiB with their padding) do not fit in 64 KiB of
// LDS, so the AMD target stages and multiplies them in runs along k.
tile.func @staged_runs(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %c: !tile.ptr<f32> {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %r256 = tile.range 0 to 256 : tensor<256xi32>
  %c256 = arith.constant dense<256> : tensor<128xi32>
  %c128 = arith.constant dense<128> : tensor<256xi32>
  %c128m = arith.constant dense<128> : tensor<128xi32>
  // A: 128 rows of 256.
  %ar = arith.muli %r128, %c256 : tensor<128xi32>
  %are = tile.expand_dims %ar, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %arb = tile.broadcast %are : tensor<128x1xi32> -> tensor<128x256xi32>
  %ace = tile.expand_dims %r256, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %acb = tile.broadcast %ace : tensor<1x256xi32> -> tensor<128x256xi32>
  %aoffs = arith.addi %arb, %acb : tensor<128x256xi32>
  %a0 = tile.splat %a : tensor<128x256x!tile.ptr<bf16>>
  %ap = tile.addptr %a0, %aoffs : tensor<128x256x!tile.ptr<bf16>>, tensor<128x256xi32>
  %x = tile.load %ap : tensor<128x256x!tile.ptr<bf16>>
  // B: 256 rows of 128.
  %br = arith.muli %r256, %c128 : tensor<256xi32>
  %bre = tile.expand_dims %br, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %brb = tile.broadcast %bre : tensor<256x1xi32> -> tensor<256x128xi32>
  %bce = tile.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %bcb = tile.broadcast %bce : tensor<1x128xi32> -> tensor<256x128xi32>
  %boffs = arith.addi %brb, %bcb : tensor<256x128xi32>
  %b0 = tile.splat %b : tensor<256x128x!tile.ptr<bf16>>
  %bp = tile.addptr %b0, %boffs : tensor<256x128x!tile.ptr<bf16>>, tensor<256x128xi32>
  %y = tile.load %bp : tensor<256x128x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %p = tile.dot %x, %y, %zero : tensor<128x256xbf16>, tensor<256x128xbf16> -> tensor<128x128xf32>
  // C: 128 rows of 128.
  %cr = arith.muli %r128, %c128m : tensor<128xi32>
  %cre = tile.expand_dims %cr, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %crb = tile.broadcast %cre : tensor<128x1xi32> -> tensor<128x128xi32>
  %cce = tile.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %ccb = tile.broadcast %cce : tensor<1x128xi32> -> tensor<128x128xi32>
  %coffs = arith.addi %crb, %ccb : tensor<128x128xi32>
  %c0 = tile.splat %c : tensor<128x128x!tile.ptr<f32>>
  %cp = tile.addptr %c0, %coffs : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
  tile.store %cp, %p : tensor<128x128x!tile.ptr<f32>>
  tile.return
}
