//===- Passes.td - Tile to GPU conversion passes -------------*- tablegen -*-===//

#ifndef TILE_CONVERSIONS_TILETOGPU_PASSES_TD
#define TILE_CONVERSIONS_TILETOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToGPU : Pass<"convert-tile-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Distributes tile kernels over the threads of GPU blocks";
  let description = [{
    Replaces every `tile.func` by a `gpu.func` kernel of the same name in
    `gpu.module @tile_kernels`: pointer arguments become `!llvm.ptr<1>`, i1
    arguments i8, one tile program runs on one block of `num_warps` warps.
    Tiles are distributed over the threads by linear layouts; memory accesses
    become per-thread vector accesses, layout changes and cross-warp
    reductions go through the module's shared-memory scratch array. The
    gpu.module's `tile.launch` dictionary gives, per kernel, `threads` per
    block, `shared` (scratch bytes), `asserts` (whether it has any) and
    `tensor_maps`: the tensor maps (TMA descriptors) the kernel takes as
    `!llvm.ptr` parameters after its arguments, which the runtime encodes
    from the arguments at launch.
    The target's hooks (warp size, shared-memory limit) are looked up by
    `target` and `chip`.

    With `annotate`, the module is left as it is and each tile op is given
    the lowering's decisions instead, as string arrays: `tile.gpu.layout`
    (the layouts its result is computed in), `tile.gpu.access` (the layouts
    a memory access is issued in), `tile.gpu.product` (the instruction a
    `tile.dot` uses) and `tile.gpu.pipeline` (on a pipelined product and its
    loop: stages and how each operand is copied). For tests and for seeing
    why a kernel is fast or slow.
  }];
  let options =
      [Option<"target", "target", "std::string", /*default=*/"\"nvidia\"",
              "GPU target whose hooks to use (nvidia, amd)">,
       Option<"chip", "chip", "std::string", /*default=*/"\"\"",
              "Chip of the target (e.g. sm_90a, gfx942)">,
       Option<"annotate", "annotate", "bool", /*default=*/"false",
              "Annotate the tile ops with the lowering's decisions instead of "
              "lowering them">,
       Option<"minConversionParts", "conversion-parts", "int64_t",
              /*default=*/"1",
              "Convert layouts through shared memory in up to this many parts "
              "(a power of two) wherever the layouts allow, from the start; by "
              "default parts are used only where the kernel's shared memory "
              "does not fit otherwise (a test aid)">];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TilePrefetchLoads : Pass<"tile-prefetch-loads"> {
  let summary = "Issues a read-only loop's loads iterations ahead";
  let description = [{
    Takes tile IR and returns it with the loads of some `scf.for` loops
    issued iterations early, for the GPU targets: in a loop whose body
    only reads memory (no store, atomic, print or assert, and no product or
    descriptor load, which the GPU lowering pipelines itself), a `tile.load`
    whose pointers, mask and `other` are computed from the induction
    variable and values defined before the loop is issued for the first d
    iterations before the loop, and in iteration i for iteration i + d, its
    values carried, where d is the fewest iterations that put 16 bytes a
    thread in flight ahead of the one computing, at most the loop's
    `tile.num_stages` (or its kernel's `num_stages`, else 2) less one, as
    Triton's num_stages reads. Where i + d is past the loop's end the load
    is masked off entirely, so nothing is read that the program would not
    read. The loop's loads then wait for memory while the previous
    iterations compute. Left alone: loops whose `tile.num_stages` (or their
    kernel's `num_stages`) is 1, induction variables other than i32, loads
    marked volatile, and loops whose prefetched tiles would take more than
    128 bytes per thread at the kernel's `num_warps`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileSkewProducts : Pass<"tile-skew-products"> {
  let summary = "Runs a loop's last product an iteration behind its first";
  let description = [{
    Takes tile IR and returns it with some `scf.for` loops skewed, for GPU
    targets whose products run asynchronously: in a loop that only reads
    memory, whose last `tile.dot` needs its first one (flash attention's
    P x V after S = Q x K^T and the softmax) and is yielded only, the last
    product and the ops that only feed it without depending on the
    iteration's products or carried values (its operands' descriptor loads)
    run one iteration behind. The first iteration's other ops go before the
    loop, the loop runs from the second iteration with the previous
    iteration's last product right after its first product, and the last
    iteration's last product follows the loop; the values it takes from the
    rest of the body are carried. A guard keeps the initial values when the
    loop runs no iteration. The lowering then waits for each product where
    its result is first used, so the last product runs while the rest of
    the body computes (FlashAttention-3's intra-warpgroup overlap). Every op
    computes what it computed before: results do not change. Left alone:
    loops whose products the target (`target`, `chip`) does not issue as
    asynchronous warpgroup products, loops with one stage, loops whose last
    product accumulates into its own carried value or takes a pointer load.
  }];
  let options =
      [Option<"target", "target", "std::string", /*default=*/"\"nvidia\"",
              "GPU target whose products are asked about (nvidia, amd)">,
       Option<"chip", "chip", "std::string", /*default=*/"\"\"",
              "Chip of the target (e.g. sm_90a)">];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileOutlineColdVersions
    : Pass<"tile-outline-cold-versions", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Moves a kernel's cold version into a function of its own";
  let description = [{
    Takes the GPU kernels convert-tile-to-gpu writes and moves the else
    branch of each sign guard (tile-version-signs; the `scf.if` whose
    condition is `llvm.intr.expect` true) into an `llvm.func` of the
    gpu.module (internal, `no_inline`), called where the branch was. The register
    allocator then treats the two versions apart: a kernel held to the
    registers its hot version needs (the NVIDIA target's blocks per
    multiprocessor) spills in the cold function only, not in the hot
    version's loops. Only branches whose captured values are integers,
    floats or pointers, and that yield nothing (a sign guard's do not), are
    moved.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILE_CONVERSIONS_TILETOGPU_PASSES_TD
