//===- GPULaunch.h - What the CUDA and HIP backends share -------*- C++ -*-===//
//
// The two GPU backends call different driver APIs but read the same kernel
// ABI (docs/Runtime.md, "GPU kernel ABI"): the launch attributes `threads`,
// `shared` and `asserts`, and the assert flag a kernel with `asserts = 1`
// leaves in its module's global `tile_assert_failed`. They also load and
// launch a module in the same steps; GPUModule holds those steps, and each
// backend supplies only its driver's calls.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_GPULAUNCH_H
#define TILE_RUNTIME_GPULAUNCH_H

#include "tile/Runtime/Backend.h"

#include <cstdint>
#include <dlfcn.h>
#include <string>
#include <vector>

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

/// Looks \p name up in \p library; the first name not found goes to
/// \p missing.
template <typename Fn>
void bindSymbol(void *library, const char *name, Fn &fn, std::string &missing);

/// "no cuda device #2 (there is 1)".
tile_status_t noSuchDevice(const char *backend, int ordinal, int count);

/// What a driver says about a kernel's entry, for the checks before launch.
struct GPUEntryLimits {
  int maxThreads = 0;       ///< threads per block the entry allows
  int staticShared = 0;     ///< bytes of static shared memory it uses
  int64_t blockShared = 0;  ///< shared memory a block may use, all of it
  int maxDynamicShared = 0; ///< dynamic shared memory allowed as loaded
  bool canRaise = false;    ///< whether raiseDynamicShared may go higher
};

class GPUModule;

/// A stream of a GPU backend. It remembers the kernels launched on it since
/// its last synchronization: a failure the driver reports then is named
/// after them, and the assert flags of their modules are read then.
class GPUStream : public StreamImpl {
public:
  tile_status_t synchronize() final;
  /// The driver's handle (CUstream, hipStream_t); null is the default
  /// stream.
  virtual void *native() const = 0;
  /// Called after kernel \p index of \p module was queued here.
  void noteLaunch(GPUModule &module, size_t index);

protected:
  /// Waits for the stream's work in the driver.
  virtual tile_status_t waitDriver() = 0;

private:
  /// Since the last synchronization, each (module, kernel) once, in order.
  std::vector<std::pair<GPUModule *, size_t>> launched;
};

/// A loaded GPU module: the steps both backends take to prepare and launch
/// its kernels (launch attributes and limits, the assert flag, timing), over
/// a few driver calls each backend implements. tile_kernel_launch goes to
/// the device's default stream, in order; launchOn to a stream.
///
/// The assert flag is the module's: zero when loaded, and cleared each time
/// a failure is reported. A synchronous launch of an asserting kernel waits
/// for it and reads the flag; an asynchronous one leaves that to its
/// stream's synchronization, which also reports a failure of the same
/// module's kernels on other streams that ran meanwhile.
class GPUModule : public ModuleImpl {
public:
  tile_status_t launch(size_t index, const uint32_t grid[3],
                       void **args) final {
    return run(index, grid, args, nullptr);
  }
  tile_status_t launchTimed(size_t index, const uint32_t grid[3], void **args,
                            double &milliseconds) final {
    return run(index, grid, args, &milliseconds);
  }
  tile_status_t launchOn(StreamImpl &stream, size_t index,
                         const uint32_t grid[3], void **args,
                         std::shared_ptr<const void> keepAlive) final;

  tile_status_t residentPrograms(size_t index, uint64_t &out) final {
    out = kernels[index].resident;
    return nullptr;
  }

  const std::string &kernelName(size_t index) const {
    return kernels[index].name;
  }
  bool kernelAsserts(size_t index) const {
    return kernels[index].config.asserts;
  }
  /// After the work that may have set it has finished: reads the assert
  /// flag and, if it is set, clears it and reports the failure as one of
  /// kernels \p names ("a", or "a or b").
  tile_status_t takeAssertFailure(const std::string &names);

protected:
  GPUModule(DeviceImpl &device, std::string deviceName)
      : device(device), deviceName(std::move(deviceName)) {}

  struct Kernel {
    std::string name;
    GPULaunchConfig config;
    /// Blocks of a persistent kernel the device runs at once (else 1).
    uint64_t resident = 1;
  };

  /// Call once the binary is loaded: reads each kernel's launch attributes,
  /// resolves its entry, checks its block size and shared memory against
  /// the entry's limits, and finds the assert flag if a kernel needs it.
  tile_status_t prepareKernels(const Artifact &artifact);

  //===-- Driver calls ----------------------------------------------------===//

  /// Resolves kernel \p index's entry (\p info.symbol), checks its
  /// parameters where the driver can, and reports its limits.
  virtual tile_status_t resolveEntry(size_t index, const KernelInfo &info,
                                     GPUEntryLimits &limits) = 0;
  /// How many blocks of kernel \p index (its launch configuration) one
  /// multiprocessor or compute unit runs at once.
  virtual tile_status_t blocksPerComputeUnit(size_t index, int &out) = 0;
  /// Lets kernel \p index use \p bytes of dynamic shared memory, more than
  /// its entry allows as loaded (only called where canRaise is set).
  virtual tile_status_t raiseDynamicShared(size_t index, uint32_t bytes) = 0;
  /// The device address and size of the module's global \p symbol; a null
  /// address if the module does not define it.
  virtual tile_status_t findGlobal(const char *symbol, void *&address,
                                   size_t &bytes) = 0;
  /// Launches kernel \p index on \p stream (a native handle; null is the
  /// default stream): blocks of (threads, 1, 1), \p args as the
  /// ModuleImpl::launch contract gives them.
  virtual tile_status_t launchEntry(size_t index, const uint32_t grid[3],
                                    void **args, void *stream) = 0;
  /// Records timing event 0 (before a launch) or 1 (after it).
  virtual tile_status_t recordEvent(int which) = 0;
  /// Waits for event 1 and gives the time from event 0 to it.
  virtual tile_status_t elapsedMilliseconds(double &milliseconds) = 0;

  DeviceImpl &device;
  const std::string deviceName; ///< for messages
  std::vector<Kernel> kernels;

private:
  tile_status_t run(size_t index, const uint32_t grid[3], void **args,
                    double *milliseconds);

  void *assertFlag = nullptr;
};

template <typename Fn>
void bindSymbol(void *library, const char *name, Fn &fn, std::string &missing) {
  fn = reinterpret_cast<Fn>(dlsym(library, name));
  if (!fn && missing.empty())
    missing = name;
}

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_GPULAUNCH_H
