// REQUIRES: libdevice
// math.sqrt may be libdevice's sqrt.approx (1 ulp, docs/Semantics.md 10);
// tile.precise_sqrt must be sqrt.rn in every width, even next to a math.sqrt
// of the same value (f16 is rooted in f32 and rounded once more, which is
// still correctly rounded).
// RUN: tile-compile %s --target=nvidia --emit=asm -o - | FileCheck %s

// CHECK-LABEL: .entry square_roots_f32
// CHECK-DAG: sqrt.approx.f32
// CHECK-DAG: sqrt.rn.f32
tile.func @square_roots_f32(%x: !tile.ptr<f32>, %approx: !tile.ptr<f32>,
                            %precise: !tile.ptr<f32>) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %x_base = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %x_ptrs = tile.addptr %x_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %x_ptrs : tensor<128x!tile.ptr<f32>>
  %a = math.sqrt %v : tensor<128xf32>
  %p = tile.precise_sqrt %v : tensor<128xf32>
  %a_base = tile.splat %approx : tensor<128x!tile.ptr<f32>>
  %a_ptrs = tile.addptr %a_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %a_ptrs, %a : tensor<128x!tile.ptr<f32>>
  %p_base = tile.splat %precise : tensor<128x!tile.ptr<f32>>
  %p_ptrs = tile.addptr %p_base, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %p_ptrs, %p : tensor<128x!tile.ptr<f32>>
  tile.return
}

// CHECK-LABEL: .entry square_root_f64
// CHECK: sqrt.rn.f64
tile.func @square_root_f64(%x: !tile.ptr<f64>) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %base = tile.splat %x : tensor<128x!tile.ptr<f64>>
  %ptrs = tile.addptr %base, %range : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
  %v = tile.load %ptrs : tensor<128x!tile.ptr<f64>>
  %p = tile.precise_sqrt %v : tensor<128xf64>
  tile.store %ptrs, %p : tensor<128x!tile.ptr<f64>>
  tile.return
}

// CHECK-LABEL: .entry square_root_f16
// CHECK: cvt.f32.f16
// CHECK: sqrt.rn.f32
// CHECK: cvt.rn.f16.f32
tile.func @square_root_f16(%x: !tile.ptr<f16>) {
  %range = tile.range 0 to 128 : tensor<128xi32>
  %base = tile.splat %x : tensor<128x!tile.ptr<f16>>
  %ptrs = tile.addptr %base, %range : tensor<128x!tile.ptr<f16>>, tensor<128xi32>
  %v = tile.load %ptrs : tensor<128x!tile.ptr<f16>>
  %p = tile.precise_sqrt %v : tensor<128xf16>
  tile.store %ptrs, %p : tensor<128x!tile.ptr<f16>>
  tile.return
}
