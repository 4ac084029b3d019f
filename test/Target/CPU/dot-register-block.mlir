// RUN: tile-opt %tile_src_root/examples/matmul_f32.mlir --tile-cpu-pipeline=vector-bytes=64 | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul_f32.mlir --tile-cpu-pipeline=vector-bytes=32 | FileCheck %s --check-prefix=AVX2

// matmul_f32's 64 x 64 product in its K loop (BLOCK_K 32). With 64-byte
// vectors (AVX-512, 32 vector registers) each register block is 4 rows x 4
// vectors of accumulators: per k, 4 vector loads of B and 4 broadcasts of A
// feed 16 FMAs. With 32-byte vectors (16 registers) it is 4 x 2. The K
// loop's operand tiles, read through pointers it advances uniformly, have
// the next iteration's rows prefetched, one prefetch per 64-byte line.
// The example's 128 x 128 and 256 x 256 alternatives get the same register
// blocks.
// CHECK-LABEL: llvm.func @matmul_f32_program(
// CHECK: llvm.intr.prefetch
// CHECK-SAME: rw = 0
// CHECK-COUNT-16: llvm.intr.fmuladd{{.*}} -> vector<16xf32>
// CHECK-NOT: llvm.intr.fmuladd
// CHECK-LABEL: llvm.func @matmul_f32_128x128_program(
// CHECK-COUNT-16: llvm.intr.fmuladd{{.*}} -> vector<16xf32>
// CHECK-NOT: llvm.intr.fmuladd
// CHECK-LABEL: llvm.func @matmul_f32_256x256_program(
// CHECK-COUNT-16: llvm.intr.fmuladd{{.*}} -> vector<16xf32>
// CHECK-NOT: llvm.intr.fmuladd
// CHECK-LABEL: llvm.func @tile_kernel_matmul_f32(

// AVX2-LABEL: llvm.func @matmul_f32_program(
// AVX2-COUNT-8: llvm.intr.fmuladd{{.*}} -> vector<8xf32>
// AVX2-NOT: llvm.intr.fmuladd
// AVX2-LABEL: llvm.func @matmul_f32_128x128_program(
// AVX2-COUNT-8: llvm.intr.fmuladd{{.*}} -> vector<8xf32>
// AVX2-NOT: llvm.intr.fmuladd
// AVX2-LABEL: llvm.func @matmul_f32_256x256_program(
// AVX2-COUNT-8: llvm.intr.fmuladd{{.*}} -> vector<8xf32>
// AVX2-NOT: llvm.intr.fmuladd
// AVX2-LABEL: llvm.func @tile_kernel_matmul_f32(
