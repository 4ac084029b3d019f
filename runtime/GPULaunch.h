//===- GPULaunch.h - What the CUDA and HIP backends share -------*- C++ -*-===//
//
// The two GPU backends call different driver APIs but read the same kernel
// ABI (docs/Runtime.md, "GPU kernel ABI"): the launch attributes `threads`,
// `shared` and `asserts`, and the assert flag a kernel with `asserts = 1`
// leaves in its module's global `tile_assert_failed`. Only those small pieces
// live here; each backend keeps its own driver calls.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_GPULAUNCH_H
#define TILE_RUNTIME_GPULAUNCH_H

#include "tile/Runtime/Backend.h"

#include <cstdint>
#include <string>

namespace mlir::tile {
namespace rt {

/// How a GPU kernel is launched, from its artifact attributes.
struct GPULaunchConfig {
  uint32_t threads = 0;     ///< block size: (threads, 1, 1)
  uint32_t sharedBytes = 0; ///< dynamic shared memory per block
  bool asserts = false;     ///< the module defines the assert flag
};

/// The largest block the GPU ABI allows (`threads` is 1..1024).
constexpr int64_t kGPUMaxThreads = 1024;

/// Reads and checks the launch attributes of \p kernel: `threads` is required
/// and in 1..kGPUMaxThreads, `shared` (default 0) is in 0..2^31-1, `asserts`
/// (default 0) is 0 or 1. On failure returns false with \p why naming the
/// kernel and the attribute.
bool readGPULaunchConfig(const KernelInfo &kernel, GPULaunchConfig &out,
                         std::string &why);

/// The global a module with `asserts = 1` defines: a u32 flag (non-zero once an
/// assert failed) followed by the x, y, z program id of a failing program.
constexpr const char *kAssertFlagSymbol = "tile_assert_failed";
constexpr size_t kAssertFlagBytes = 16;

/// Null if \p flag (the 4 words of the assert flag, read back after the
/// launch) is clear; otherwise a TILE_LAUNCH_FAILED status saying that an
/// assert failed in kernel \p kernel and in which program.
tile_status_t checkAssertFlag(const std::string &kernel,
                              const uint32_t flag[4]);

/// The size in bytes of a kernel parameter of \p kind under the GPU ABI.
size_t gpuParamBytes(ArgKind kind);

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_GPULAUNCH_H
