// Matrix products: bf16 operands on the tensor cores, staged in shared
// memory: wgmma (a warpgroup's product, operands read from shared memory
// through descriptors) on sm_90a, mma.sync m16n8k16 on sm_80; f32 operands
// with FMAs.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_80" | FileCheck %s --check-prefix=MMA
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_75" | FileCheck %s --check-prefix=OLD

// CHECK-LABEL: gpu.func @dot_bf16
// CHECK: gpu.barrier
// Operands go to shared memory 16 bytes at a time, in 128-byte rows whose
// 16-byte chunks are permuted by the row (xor) against bank conflicts.
// CHECK: arith.xori
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: fence.proxy.async.shared::cta
// CHECK: gpu.barrier
// CHECK: wgmma.fence.sync.aligned
// Descriptors: 128-byte swizzle (bit 62), stride offset 1024 bytes (64 in
// bits 32-45) between groups of 8 rows, in the constant high word; leading
// offset 16 bytes (unused) for k-major A, 8192 bytes (512) between B's
// 64-column blocks, in bits 16-29 of the low word, which is built in 32
// bits; B, its rows along n, is transposed.
// CHECK-DAG: arith.constant 4611686293305294848 : i64
// CHECK-DAG: arith.constant 65536 : i32
// CHECK-DAG: arith.constant 33554432 : i32
// The product's offset over 16 is added in the low word, which is then
// widened and given the high word.
// CHECK: %[[LOW:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[WIDE:.*]] = arith.extui %[[LOW]] : i32 to i64
// CHECK-NEXT: %[[HIGH:.*]] = arith.constant 4611686293305294848 : i64
// CHECK-NEXT: arith.ori %[[WIDE]], %[[HIGH]] : i64
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK-SAME: p, 1, 1, 0, 1;
// CHECK: wgmma.commit_group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 0;
// MMA-LABEL: gpu.func @dot_bf16
// MMA: gpu.barrier
// MMA: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// MMA: gpu.barrier
// Fragments are whole 8 x 8 matrices of the copies (ldmatrix): A's rows
// run along k, B's along n (so B's are loaded transposed).
// MMA: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4
// MMA: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>, num = 4
// MMA-NOT: -> i16
// MMA: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// MMA-NOT: wgmma
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
