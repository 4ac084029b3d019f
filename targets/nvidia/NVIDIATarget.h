//===- NVIDIATarget.h - The NVIDIA GPU target ------------------*- C++ -*-===//

#ifndef TILE_TARGETS_NVIDIA_NVIDIATARGET_H
#define TILE_TARGETS_NVIDIA_NVIDIATARGET_H

#include "mlir/Pass/PassManager.h"

namespace mlir::tile {

/// Registers the NVIDIA target, its GPU hooks and its pipeline,
/// `tile-nvidia-pipeline`.
void registerNVIDIATarget();

/// Adds the NVIDIA lowering, from tile IR to the LLVM dialect with NVVM ops
/// inside `gpu.module @tile_kernels`, for `chip` (e.g. sm_90a).
void buildNVIDIAPipeline(OpPassManager &pm, StringRef chip);

} // namespace mlir::tile

#endif // TILE_TARGETS_NVIDIA_NVIDIATARGET_H
