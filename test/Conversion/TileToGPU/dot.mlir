// Matrix products: bf16 operands on the tensor cores (mma.sync m16n8k16 from
// sm_80), staged in shared memory; f32 operands with FMAs.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_75" | FileCheck %s --check-prefix=OLD

// CHECK-LABEL: gpu.func @dot_bf16
// CHECK: gpu.barrier
// Operands are staged row-major, 16 bytes at a time; A's fragments are
// loaded as pairs along k, B's as two elements of a column.
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> i16
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// OLD-LABEL: gpu.func @dot_bf16
// OLD-NOT: mma.sync
// OLD: math.fma
tile.func @dot_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %rows = arith.muli %r, %c64 : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %a0 = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %ap = tile.addptr %a0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %x = tile.load %ap : tensor<64x64x!tile.ptr<bf16>>
  %b0 = tile.splat %b : tensor<64x64x!tile.ptr<bf16>>
  %bp = tile.addptr %b0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %y = tile.load %bp : tensor<64x64x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %p = tile.dot %x, %y, %zero : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
  %c0 = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %c0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %p : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
