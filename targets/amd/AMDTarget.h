//===- AMDTarget.h - The AMD GPU target ------------------------*- C++ -*-===//

#ifndef TILE_TARGETS_AMD_AMDTARGET_H
#define TILE_TARGETS_AMD_AMDTARGET_H

#include "mlir/Pass/PassManager.h"

namespace mlir::tile {

/// Registers the AMD target, its GPU hooks and its pipeline,
/// `tile-amd-pipeline`.
void registerAMDTarget();

/// Adds the AMD lowering, from tile IR to the LLVM dialect with ROCDL ops
/// inside `gpu.module @tile_kernels`, for `chip` (e.g. gfx942).
void buildAMDPipeline(OpPassManager &pm, StringRef chip);

} // namespace mlir::tile

#endif // TILE_TARGETS_AMD_AMDTARGET_H
