// math.exp2 on f32 is one v_exp_f32 on every AMD chip (gfx90a, gfx942,
// gfx1100): within its 2 ulp wherever 2^x is normal (1 ulp by AMD's ISA
// manuals), flushing results below 2^-126 to zero, which the absolute
// region of docs/Semantics.md section 6 allows; LLVM's llvm.exp2.f32 would
// scale inputs below -126 around it (a compare, a select, an add and an
// ldexp each). A bf16 exp2 is computed in f32 the same way. The GPU
// simulator runs the kernel at wave 64 and wave 32, flushing as the
// instruction does, against the reference from 2^20 down to 2^-158.
// RUN: tile-compile %s --target=amd:chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=CDNA
// RUN: tile-compile %s --target=amd:chip=gfx90a --emit=asm -o - | FileCheck %s --check-prefix=CDNA
// RUN: tile-compile %s --target=amd:chip=gfx1100 --emit=asm -o - | FileCheck %s --check-prefix=CDNA
// RUN: tile-check %s --kernel exp2_f32 --targets sim-amd,sim-amd:chip=gfx1100 --grid 1 --arg buf:f32:256:iota | FileCheck %s --check-prefix=SIM
// RUN: tile-check %s --kernel exp2_bf16 --targets sim-amd,sim-amd:chip=gfx1100 --grid 1 --arg buf:bf16:256:iota | FileCheck %s --check-prefix=SIM

// CDNA-LABEL: exp2_f32:
// CDNA: v_exp_f32
// CDNA-NOT: v_ldexp
// CDNA-LABEL: exp2_bf16:
// CDNA: v_exp_f32
// CDNA-NOT: v_ldexp
// SIM: tile-check: PASS @exp2_{{f32|bf16}}
tile.func @exp2_f32(%x: !tile.ptr<f32>) {
  %range = tile.range 0 to 256 : tensor<256xi32>
  %base = tile.splat %x : tensor<256x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %range : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %ptrs : tensor<256x!tile.ptr<f32>>
  // x = 20 - 0.7 * i: 20 down to -158.5.
  %top = arith.constant dense<20.0> : tensor<256xf32>
  %slope = arith.constant dense<0.7> : tensor<256xf32>
  %scaled = arith.mulf %v, %slope : tensor<256xf32>
  %arg = arith.subf %top, %scaled : tensor<256xf32>
  %e = math.exp2 %arg : tensor<256xf32>
  tile.store %ptrs, %e : tensor<256x!tile.ptr<f32>>
  tile.return
}

tile.func @exp2_bf16(%x: !tile.ptr<bf16>) {
  %range = tile.range 0 to 256 : tensor<256xi32>
  %base = tile.splat %x : tensor<256x!tile.ptr<bf16>>
  %ptrs = tile.addptr %base, %range : tensor<256x!tile.ptr<bf16>>, tensor<256xi32>
  %v = tile.load %ptrs : tensor<256x!tile.ptr<bf16>>
  %top = arith.constant dense<20.0> : tensor<256xbf16>
  %slope = arith.constant dense<0.7> : tensor<256xbf16>
  %scaled = arith.mulf %v, %slope : tensor<256xbf16>
  %arg = arith.subf %top, %scaled : tensor<256xbf16>
  %e = math.exp2 %arg : tensor<256xbf16>
  tile.store %ptrs, %e : tensor<256x!tile.ptr<bf16>>
  tile.return
}
