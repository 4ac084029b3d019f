// A host TensorDescriptor argument: Triton 3.6 passes the descriptor, its
// array's extents (i32) and strides (i64). The import makes the argument the
// array's base pointer and the descriptor a tile.make_desc at the kernel's
// top, whose padding the TTIR does not record: zero unless the sidecar or
// host-descriptor-padding says otherwise (one value for all descriptors, or
// one each). A gather through such a descriptor decomposes as through one
// made in the kernel (docs/TTIR.md section 3.1).
// RUN: tile-opt --convert-ttir-to-tile %s | FileCheck %s
// RUN: tile-opt --convert-ttir-to-tile=host-descriptor-padding=nan %s \
// RUN:   | FileCheck %s --check-prefix=NAN
// RUN: tile-opt --convert-ttir-to-tile=host-descriptor-padding=zero,nan %s \
// RUN:   | FileCheck %s --check-prefix=EACH
// RUN: not tile-opt --convert-ttir-to-tile=host-descriptor-padding=zero,nan,zero %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COUNT
// RUN: not tile-opt --convert-ttir-to-tile=host-descriptor-padding=inf %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VALUE

// CHECK: tile.func @host_descriptors(%[[A:.*]]: !tile.ptr<f16>, %[[AM:.*]]: i32, %[[AN:.*]]: i32, %[[AS:.*]]: i64, %[[AT:.*]]: i64, %[[R:.*]]: !tile.ptr<i32>, %[[C:.*]]: !tile.ptr<f32>, %[[CM:.*]]: i32, %[[CS:.*]]: i64)
// CHECK-NEXT: %[[DA:.*]] = tile.make_desc %[[A]], [%[[AM]], %[[AN]]], [%[[AS]], %[[AT]]] : !tile.ptr<f16> -> !tile.desc<tensor<1x64xf16>>
// CHECK-NEXT: %[[DC:.*]] = tile.make_desc %[[C]], [%[[CM]]], [%[[CS]]] : !tile.ptr<f32> -> !tile.desc<tensor<64xf32>>
// CHECK: tile.desc_load %[[DA]]
// CHECK: tile.addptr %{{.*}} : tensor<4x64x!tile.ptr<f16>>
// CHECK: tile.desc_store %[[DC]]
// CHECK-NOT: tt.

// NAN: tile.make_desc {{.*}} padding = {{ *}}nan : !tile.ptr<f16>
// NAN: tile.make_desc {{.*}} padding = {{ *}}nan : !tile.ptr<f32>

// EACH: tile.make_desc {{.*}}] : !tile.ptr<f16>
// EACH: tile.make_desc {{.*}} padding = {{ *}}nan : !tile.ptr<f32>

// COUNT: error: the kernel has 2 tensor descriptor arguments; 3 paddings are given for them
// VALUE: error: padding 'inf' for a tensor descriptor: 'zero' or 'nan'
module {
  tt.func public @host_descriptors(%a: !tt.tensordesc<tensor<1x64xf16>>, %a_0: i32, %a_1: i32, %a_2: i64, %a_3: i64, %r: !tt.ptr<i32>, %c: !tt.tensordesc<tensor<64xf32>>, %c_0: i32, %c_1: i64) {
    %c0 = arith.constant 0 : i32
    %row = tt.descriptor_load %a[%c0, %c0] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<1x64xf16>
    %rp = tt.splat %r : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %rows = tt.load %rp : tensor<4x!tt.ptr<i32>>
    %g = tt.descriptor_gather %a[%rows, %c0] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<4xi32>, i32) -> tensor<4x64xf16>
    %s = tt.reshape %row : tensor<1x64xf16> -> tensor<64xf16>
    %f = arith.extf %s : tensor<64xf16> to tensor<64xf32>
    tt.descriptor_store %c[%c0], %f : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
    tt.return
  }
}
