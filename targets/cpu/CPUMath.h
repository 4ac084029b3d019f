//===- CPUMath.h - Math functions of the CPU target ------------*- C++ -*-===//
#ifndef TILE_TARGETS_CPU_CPUMATH_H
#define TILE_TARGETS_CPU_CPUMATH_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::tile {

/// `tile-cpu-math`: every math op to vector code within docs/Semantics.md
/// section 6's bounds (polynomial approximations, with their edges fixed) or,
/// for the functions without an accurate vector form, to libm calls.
std::unique_ptr<Pass> createCPUMathPass();
void registerCPUMathPass();

} // namespace mlir::tile

#endif // TILE_TARGETS_CPU_CPUMATH_H
