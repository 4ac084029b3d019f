//===- CPUBackend.h - The host CPU as a tile device -------------*- C++ -*-===//
//
// One device, host memory, kernels from an ELF shared object loaded with
// dlopen. See docs/Runtime.md for the kernel ABI.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_CPU_CPUBACKEND_H
#define TILE_RUNTIME_CPU_CPUBACKEND_H

#include "tile/Runtime/Backend.h"

namespace mlir::tile {
namespace rt {

/// The process-wide CPU backend.
Backend &cpuBackend();

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_CPU_CPUBACKEND_H
