//===- Passes.td - Tile to vector conversion passes ------------*- tablegen -*-===//

#ifndef TILE_CONVERSIONS_TILETOVECTOR_PASSES_TD
#define TILE_CONVERSIONS_TILETOVECTOR_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToVector : Pass<"convert-tile-to-vector", "::mlir::ModuleOp"> {
  let summary = "Strip-mines tile kernels into loops over native-width vectors";
  let description = [{
    Takes `tile.func` kernels and returns, for each, a `func.func
    @<name>_program` computing one program: scalar arguments, `!llvm.ptr`
    pointers, then the program ids and grid sizes (x, y, z) as i32. Tile
    values become `scf.for` loops over chunks of `vector-bytes` bytes in
    which loads, elementwise `arith`/`math` chains and stores are fused;
    memory accesses whose pointers the axis analysis proves contiguous become
    (masked) vector loads and stores, the others gathers and scatters. Values
    that must outlive one loop (reduction results over rows, loop-carried
    tiles) live in stack buffers.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"32",
           "Bytes of one native vector register (32 for AVX2, 64 for AVX-512, "
           "16 for NEON)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
  ];
}

def ConvertTileToCPUGrid : Pass<"convert-tile-to-cpu-grid", "::mlir::ModuleOp"> {
  let summary = "Adds the CPU kernel entries that run a grid of programs with OpenMP";
  let description = [{
    For every `func.func @<name>_program` produced by
    `convert-tile-to-vector`, adds `func.func @tile_kernel_<name>(%args:
    !llvm.ptr, %gx: i32, %gy: i32, %gz: i32) -> i32`: it reads argument i
    from the storage `args[i]` points to, and runs the programs of the grid
    in an `omp.parallel` / `omp.wsloop`. It returns 0.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::omp::OpenMPDialect"
  ];
}

def LegalizeCPUBF16 : Pass<"tile-cpu-legalize-bf16", "::mlir::ModuleOp"> {
  let summary = "Computes bf16 arithmetic in f32 and rounds to bf16 with "
                "integer operations";
  let description = [{
    Runs after the vector lowering and the math approximations. Every
    `arith` and `math` op with bf16 operands or results is computed in f32
    and its bf16 results rounded once (docs/Semantics.md section 8); `negf`,
    `absf` and `copysign` edit the sign bit instead. `arith.truncf` to bf16
    becomes integer rounding (to nearest even, or toward zero), which keeps
    subnormals, and `arith.extf` from bf16 a shift. LLVM would otherwise
    round with AVX512-BF16's `vcvtneps2bf16`, which flushes subnormals, or
    call compiler-rt's `__truncsfbf2`, which kernel libraries do not link.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect"
  ];
}

#endif // TILE_CONVERSIONS_TILETOVECTOR_PASSES_TD
