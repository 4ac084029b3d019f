// math.exp2 on f32 is one ex2.approx.ftz.f32 (MUFU.EX2): within its 2 ulp
// wherever 2^x is normal, and flushing results below 2^-126 to zero, which
// the absolute region of docs/Semantics.md section 6 allows. libdevice's
// exp2f (ex2.approx.f32, no .ftz) would add a compare and two predicated
// multiplies to each. A bf16 exp2 is computed in f32 the same way.
// RUN: tile-compile %s --target=nvidia --emit=asm -o - | FileCheck %s

// CHECK-LABEL: .entry exp2_f32
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: ex2.approx.f32
tile.func @exp2_f32(%x: !tile.ptr<f32>) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %base = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %ptrs : tensor<128x!tile.ptr<f32>>
  %e = math.exp2 %v : tensor<128xf32>
  tile.store %ptrs, %e : tensor<128x!tile.ptr<f32>>
  tile.return
}

// CHECK-LABEL: .entry exp2_bf16
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: ex2.approx.f32
tile.func @exp2_bf16(%x: !tile.ptr<bf16>) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %base = tile.splat %x : tensor<128x!tile.ptr<bf16>>
  %ptrs = tile.addptr %base, %range : tensor<128x!tile.ptr<bf16>>, tensor<128xi32>
  %v = tile.load %ptrs : tensor<128x!tile.ptr<bf16>>
  %e = math.exp2 %v : tensor<128xbf16>
  tile.store %ptrs, %e : tensor<128x!tile.ptr<bf16>>
  tile.return
}
