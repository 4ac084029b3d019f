//===- CUDABackend.h - NVIDIA GPUs through the CUDA driver API --*- C++ -*-===//
//
// Devices of backend "cuda" run artifacts of target "nvidia". The driver
// library is opened with dlopen at first use, so the runtime builds and runs
// where CUDA is absent and reports TILE_NO_DEVICE there. See docs/Runtime.md
// for the kernel ABI.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_CUDA_CUDABACKEND_H
#define TILE_RUNTIME_CUDA_CUDABACKEND_H

#include "tile/Runtime/Backend.h"

namespace mlir::tile {
namespace rt {

/// The process-wide CUDA backend.
Backend &cudaBackend();

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_CUDA_CUDABACKEND_H
