//===- HIPBackend.h - AMD GPUs through the HIP module API -------*- C++ -*-===//
//
// Devices of backend "hip" run artifacts of target "amd". libamdhip64.so is
// opened with dlopen at first use, so the runtime builds and runs where ROCm
// is absent and reports TILE_NO_DEVICE there. See docs/Runtime.md for the
// kernel ABI.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_HIP_HIPBACKEND_H
#define TILE_RUNTIME_HIP_HIPBACKEND_H

#include "tile/Runtime/Backend.h"

namespace mlir::tile {
namespace rt {

/// The process-wide HIP backend.
Backend &hipBackend();

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_HIP_HIPBACKEND_H
