//===- GPULaunch.cpp - What the CUDA and HIP backends share ---------------===//
//
// Launch attributes and the assert flag of the GPU kernel ABI.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/GPULaunch.h"

#include <algorithm>

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

tile_status_t mlir::tile::rt::noSuchDevice(const char *backend, int ordinal,
                                           int count) {
  return makeStatus(
      TILE_NO_DEVICE,
      std::string("no ") + backend + " device #" + std::to_string(ordinal) +
          " (there " +
          (count == 1 ? "is 1)" : "are " + std::to_string(count) + ")"));
}

//===----------------------------------------------------------------------===//
// GPUModule
//===----------------------------------------------------------------------===//

tile_status_t GPUModule::prepareKernels(const Artifact &artifact) {
  bool anyAsserts = false;
  kernels.resize(artifact.kernels.size());
  for (size_t i = 0; i < artifact.kernels.size(); ++i) {
    const KernelInfo &info = artifact.kernels[i];
    Kernel &kernel = kernels[i];
    std::string why;
    kernel.name = info.name;
    if (!readGPULaunchConfig(info, kernel.config, why))
      return makeStatus(TILE_CORRUPT_ARTIFACT, why);
    GPUEntryLimits limits;
    if (tile_status_t s = resolveEntry(i, info, limits))
      return s;
    const std::string where = "kernel '" + info.name + "': ";
    const GPULaunchConfig &config = kernel.config;
    if (config.threads > uint32_t(limits.maxThreads))
      return makeStatus(TILE_UNSUPPORTED,
                        where + "threads = " + std::to_string(config.threads) +
                            ", but entry '" + info.symbol +
                            "' allows at most " +
                            std::to_string(limits.maxThreads) +
                            " threads per block on " + deviceName);
    if (int64_t(config.sharedBytes) + limits.staticShared > limits.blockShared)
      return makeStatus(
          TILE_UNSUPPORTED,
          where + "shared = " + std::to_string(config.sharedBytes) +
              " bytes of dynamic shared memory (plus " +
              std::to_string(limits.staticShared) + " static) exceed the " +
              std::to_string(limits.blockShared) + " bytes per block of " +
              deviceName);
    if (int64_t(config.sharedBytes) > limits.maxDynamicShared) {
      if (!limits.canRaise)
        return makeStatus(
            TILE_UNSUPPORTED,
            where + "shared = " + std::to_string(config.sharedBytes) +
                " bytes of dynamic shared memory is more than "
                "the " +
                std::to_string(limits.maxDynamicShared) + " entry '" +
                info.symbol + "' may use on " + deviceName);
      if (tile_status_t s = raiseDynamicShared(i, config.sharedBytes))
        return s;
    }
    // A persistent kernel is launched with as many blocks as fit at once.
    if (const int64_t *persistent = findAttr(info, "persistent");
        persistent && *persistent != 0) {
      int perUnit = 0;
      DeviceProperties properties;
      if (tile_status_t s = blocksPerComputeUnit(i, perUnit))
        return s;
      if (tile_status_t s = device.properties(properties))
        return s;
      kernel.resident = uint64_t(std::max(perUnit, 1)) *
                        uint64_t(std::max(properties.computeUnits, 1));
    }
    anyAsserts |= config.asserts;
  }
  if (!anyAsserts)
    return nullptr;
  size_t bytes = 0;
  if (tile_status_t s = findGlobal(kAssertFlagSymbol, assertFlag, bytes))
    return s;
  if (!assertFlag)
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      std::string("a kernel has attribute asserts = 1 but "
                                  "the module defines no global '") +
                          kAssertFlagSymbol + "'");
  if (bytes < kAssertFlagBytes)
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      std::string("the module's global '") + kAssertFlagSymbol +
                          "' has " + std::to_string(bytes) +
                          " bytes, expected " +
                          std::to_string(kAssertFlagBytes));
  // Asynchronous launches rely on a clear flag: do not trust the binary's
  // initializer.
  const uint32_t zero = 0;
  return device.fill(assertFlag, kAssertFlagBytes, &zero, sizeof(zero));
}

tile_status_t GPUModule::run(size_t index, const uint32_t grid[3], void **args,
                             double *milliseconds) {
  const Kernel &kernel = kernels[index];
  if (kernel.config.asserts) {
    const uint32_t zero = 0;
    if (tile_status_t s =
            device.fill(assertFlag, kAssertFlagBytes, &zero, sizeof(zero)))
      return s;
  }
  if (milliseconds)
    if (tile_status_t s = recordEvent(0))
      return s;
  if (tile_status_t s = launchEntry(index, grid, args, nullptr))
    return s;
  if (milliseconds) {
    if (tile_status_t s = recordEvent(1))
      return s;
    if (tile_status_t s = elapsedMilliseconds(*milliseconds))
      return s;
  }
  if (!kernel.config.asserts)
    return nullptr;
  if (tile_status_t s = device.synchronize()) {
    // The launch's own errors surface here: name the kernel.
    tile_status_t named =
        makeStatus(tile_status_code(s),
                   "kernel " + kernel.name + ": " + tile_status_message(s));
    tile_status_free(s);
    return named;
  }
  return takeAssertFailure(kernel.name);
}

tile_status_t GPUModule::takeAssertFailure(const std::string &names) {
  uint32_t flag[4] = {0, 0, 0, 0};
  if (tile_status_t s = device.copyToHost(flag, assertFlag, sizeof(flag)))
    return s;
  tile_status_t failure = checkAssertFlag(names, flag);
  if (!failure)
    return nullptr;
  const uint32_t zero = 0;
  if (tile_status_t s =
          device.fill(assertFlag, kAssertFlagBytes, &zero, sizeof(zero))) {
    tile_status_free(failure);
    return s;
  }
  return failure;
}

tile_status_t GPUModule::launchOn(StreamImpl &stream, size_t index,
                                  const uint32_t grid[3], void **args,
                                  std::shared_ptr<const void>) {
  // The driver copies the arguments at the launch: nothing to keep.
  auto &gpu = static_cast<GPUStream &>(stream);
  if (tile_status_t s = launchEntry(index, grid, args, gpu.native()))
    return s;
  gpu.noteLaunch(*this, index);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// GPUStream
//===----------------------------------------------------------------------===//

void GPUStream::noteLaunch(GPUModule &module, size_t index) {
  for (const auto &entry : launched)
    if (entry.first == &module && entry.second == index)
      return;
  launched.emplace_back(&module, index);
}

tile_status_t GPUStream::synchronize() {
  std::vector<std::pair<GPUModule *, size_t>> kernels;
  kernels.swap(launched);
  // "kernel a", "one of the kernels a, b".
  auto describe = [](const std::vector<std::string> &names) {
    std::string text = names.size() == 1 ? "kernel " : "one of the kernels ";
    for (size_t i = 0; i < names.size(); ++i)
      text += (i ? ", " : "") + names[i];
    return text;
  };
  if (tile_status_t s = waitDriver()) {
    if (kernels.empty())
      return s;
    std::vector<std::string> names;
    for (const auto &entry : kernels)
      names.push_back(entry.first->kernelName(entry.second));
    tile_status_t named =
        makeStatus(tile_status_code(s), describe(names) +
                                            " (launched on this "
                                            "stream): " +
                                            tile_status_message(s));
    tile_status_free(s);
    return named;
  }
  // Each module's flag once, naming its asserting kernels launched here.
  tile_status_t first = nullptr;
  for (size_t i = 0; i < kernels.size(); ++i) {
    GPUModule *module = kernels[i].first;
    bool seen = false;
    for (size_t j = 0; j < i && !seen; ++j)
      seen = kernels[j].first == module &&
             module->kernelAsserts(kernels[j].second);
    if (seen || !module->kernelAsserts(kernels[i].second))
      continue;
    std::string names;
    for (size_t j = i; j < kernels.size(); ++j)
      if (kernels[j].first == module &&
          module->kernelAsserts(kernels[j].second))
        names += (names.empty() ? "" : " or ") +
                 module->kernelName(kernels[j].second);
    tile_status_t s = module->takeAssertFailure(names);
    if (!first)
      first = s;
    else
      tile_status_free(s);
  }
  return first;
}
