//===- GPUSimulator.h - Runs lowered GPU kernels on the host ----*- C++ -*-===//
//
// Executes a kernel of the gpu.module that convert-tile-to-gpu produces
// (structured control flow, before the target's own dialect) the way a GPU
// would: every block of the grid in turn, the block's threads in lock step,
// grouped into warps of the target's width for shuffles and matrix
// instructions. It exists to test what no device here can run: the
// distribution of tile programs over 64-lane AMD waves (or 32-lane warps),
// the collectives and the fragments of matrix instructions, against the
// reference interpreter (tile-check's `sim-<target>` targets).
//
// Each SSA value holds one element per thread (per lane), a vector value a
// row per thread; a uniform value (a constant, a kernel argument, a block
// id) holds one. arith and math ops run through the reference interpreter's
// handlers, so they round as docs/Semantics.md says. Divergent scf.if runs
// both sides under lane masks; loops may diverge too. Masked-off lanes touch
// no memory. What the hardware leaves undefined is an error located at the
// op, never a guess: an integer division by zero, a shift by the width or
// more, an access outside the launch's buffers or the block's shared memory,
// a barrier or shuffle under divergence, a shuffle from an inactive lane.
//
// NVIDIA's lowering emits inline PTX and NVVM intrinsics; the ones lock
// step can run are run as the PTX ISA describes them (predicated accesses,
// 16-byte asynchronous copies, mma.sync, ldmatrix, f8 pair conversions,
// tensor stores through tensor maps encoded from the launch's arguments,
// ordering statements; approximate math as exact), the others (warpgroup
// products, tensor copies and their transaction barriers) refused by name.
//
// Lock-step execution cannot show data races between threads of a block (a
// missing barrier can go unseen) nor anything about speed.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_INTERPRETER_GPUSIMULATOR_H
#define TILE_DIALECTS_TILE_INTERPRETER_GPUSIMULATOR_H

#include "tile/Dialect/Interpreter/Interpreter.h"

namespace mlir::tile::interp {

/// Runs the gpu.func named \p kernel of the gpu.module in \p module over
/// `options.grid`, with blocks of the `threads` the module's `tile.launch`
/// attribute gives and warps of \p warpSize lanes. Arguments and buffers
/// are as for runKernel. Errors are diagnostics at the failing op.
LogicalResult
simulateGPUKernel(Operation *module, StringRef kernel, unsigned warpSize,
                  ArrayRef<KernelArgument> args, ArrayRef<HostBuffer> buffers,
                  const LaunchOptions &options, bool *assertFailed = nullptr);

} // namespace mlir::tile::interp

#endif // TILE_DIALECTS_TILE_INTERPRETER_GPUSIMULATOR_H
