//===- GPULaunch.cpp - What the CUDA and HIP backends share ---------------===//
//
// Launch attributes and the assert flag of the GPU kernel ABI.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/GPULaunch.h"

using namespace mlir::tile;
using namespace mlir::tile::rt;

bool mlir::tile::rt::readGPULaunchConfig(const KernelInfo &kernel,
                                         GPULaunchConfig &out,
                                         std::string &why) {
  const std::string where = "kernel '" + kernel.name + "': ";
  const int64_t *threads = findAttr(kernel, "threads");
  if (!threads) {
    why = where + "no 'threads' attribute (GPU kernels need their block size)";
    return false;
  }
  if (*threads < 1 || *threads > kGPUMaxThreads) {
    why = where + "attribute threads = " + std::to_string(*threads) +
          " is outside 1.." + std::to_string(kGPUMaxThreads);
    return false;
  }
  const int64_t *shared = findAttr(kernel, "shared");
  if (shared && (*shared < 0 || *shared > INT32_MAX)) {
    why = where + "attribute shared = " + std::to_string(*shared) +
          " is outside 0.." + std::to_string(INT32_MAX);
    return false;
  }
  const int64_t *asserts = findAttr(kernel, "asserts");
  if (asserts && *asserts != 0 && *asserts != 1) {
    why = where + "attribute asserts = " + std::to_string(*asserts) +
          " is neither 0 nor 1";
    return false;
  }
  out.threads = static_cast<uint32_t>(*threads);
  out.sharedBytes = shared ? static_cast<uint32_t>(*shared) : 0;
  out.asserts = asserts && *asserts == 1;
  return true;
}

tile_status_t mlir::tile::rt::checkAssertFlag(const std::string &kernel,
                                              const uint32_t flag[4]) {
  if (flag[0] == 0)
    return nullptr;
  return makeStatus(TILE_LAUNCH_FAILED, "assertion failed in kernel " + kernel +
                                            " in program (" +
                                            std::to_string(flag[1]) + ", " +
                                            std::to_string(flag[2]) + ", " +
                                            std::to_string(flag[3]) + ")");
}

size_t mlir::tile::rt::gpuParamBytes(ArgKind kind) {
  switch (kind) {
  case ArgKind::Ptr:
  case ArgKind::I64:
  case ArgKind::F64:
    return 8;
  case ArgKind::I1:
  case ArgKind::I8:
    return 1;
  case ArgKind::I16:
  case ArgKind::F16:
  case ArgKind::BF16:
    return 2;
  case ArgKind::I32:
  case ArgKind::F32:
    return 4;
  }
  return 8;
}
