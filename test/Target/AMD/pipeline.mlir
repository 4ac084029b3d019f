// tile-opt runs the AMD target's lowering stage by stage, as tile-compile
// does: the kernel is an LLVM function with ROCDL's kernel attributes, its
// workgroup size fixed to the program's threads, shuffles as ds_bpermute,
// barriers as s_barrier; math functions as ocml calls (GELU's tanh).
// RUN: tile-opt %tile_src_root/examples/softmax.mlir --tile-amd-pipeline | FileCheck %s --check-prefix=W64
// RUN: tile-opt %tile_src_root/examples/softmax.mlir --tile-amd-pipeline=chip=gfx1100 | FileCheck %s --check-prefix=W32
// RUN: tile-opt %tile_src_root/examples/bias_gelu_dropout.mlir --tile-amd-pipeline=chip=gfx90a | FileCheck %s --check-prefix=MATH

// W64: gpu.module @tile_kernels
// W64-SAME: tile.launch = {softmax = {asserts = 0 : i64, shared = 32 : i64, threads = 256 : i64}
// W64: llvm.func @softmax(
// W64-SAME: rocdl.flat_work_group_size = "256,256"
// W64-SAME: rocdl.kernel
// W64: rocdl.ds_bpermute
// W64: rocdl.barrier
// W32: tile.launch = {softmax = {asserts = 0 : i64, shared = 64 : i64, threads = 256 : i64}
// W32: llvm.func @softmax(
// W32-SAME: rocdl.flat_work_group_size = "256,256"

// MATH: llvm.func @__ocml_tanh_f32(f32) -> f32
// MATH: llvm.func @bias_gelu_dropout(
// MATH: llvm.call @__ocml_tanh_f32
// MATH-NOT: math.
