//===- CPUTarget.h - The CPU target ----------------------------*- C++ -*-===//

#ifndef TILE_TARGETS_CPU_CPUTARGET_H
#define TILE_TARGETS_CPU_CPUTARGET_H

#include "mlir/Pass/PassManager.h"

namespace mlir::tile {

struct TargetOptions;

/// Registers the CPU target and its pipeline, `tile-cpu-pipeline`.
void registerCPUTarget();

/// Adds the CPU lowering, from tile IR to the LLVM dialect, for a processor
/// whose vector registers hold `vectorBytes` bytes.
void buildCPUPipeline(OpPassManager &pm, int64_t vectorBytes);

} // namespace mlir::tile

#endif // TILE_TARGETS_CPU_CPUTARGET_H
