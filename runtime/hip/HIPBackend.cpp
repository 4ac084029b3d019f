//===- HIPBackend.cpp - AMD GPUs through the HIP module API ---------------===//
//
// libamdhip64.so is opened with dlopen at first use and never closed; the few
// HIP types and constants the backend needs are declared here rather than
// taken from the HIP headers, so the runtime builds without ROCm. HIP keeps a
// current device per host thread, so every operation selects its device
// first. A buffer is hipMalloc memory; a module is the artifact's code object
// (hsaco) loaded with hipModuleLoadData; a launch passes the arguments as one
// packed buffer (the AMDGPU kernarg layout: each argument at an offset aligned
// to its size) and goes to the null stream. Every HIP error becomes a status
// naming the error, its text and the call that returned it.
//
// Nothing here has run on an AMD GPU yet (docs/Runtime.md).
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/hip/HIPBackend.h"
#include "tile/Runtime/GPULaunch.h"

#include <algorithm>
#include <cstring>
#include <dlfcn.h>
#include <vector>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

//===----------------------------------------------------------------------===//
// The HIP API, declared by hand
//===----------------------------------------------------------------------===//

using hipError_t = int;
using hipDevice_t = int;
using hipDeviceptr_t = void *;
using hipModule_t = struct ihipModule_t *;
using hipFunction_t = struct ihipModuleSymbol_t *;
using hipEvent_t = struct ihipEvent_t *;
using hipStream_t = struct ihipStream_t *;

// hipError_t values the backend tells apart (the same numbers as CUDA's).
enum : hipError_t {
  kSuccess = 0,
  kErrorOutOfMemory = 2,
  kErrorNotFound = 500,
  kErrorIllegalAddress = 700,
  kErrorLaunchOutOfResources = 701,
  kErrorLaunchTimeOut = 702,
  kErrorAssert = 710,
  kErrorLaunchFailure = 719,
};

// hipFunction_attribute values.
enum : int {
  kFuncMaxThreadsPerBlock = 0,
  kFuncMaxDynamicSharedSizeBytes = 8,
};

// The markers of hipModuleLaunchKernel's `extra` array.
void *const kLaunchParamBufferPointer = reinterpret_cast<void *>(1);
void *const kLaunchParamBufferSize = reinterpret_cast<void *>(2);
void *const kLaunchParamEnd = reinterpret_cast<void *>(3);

struct HIP {
  /// Why HIP cannot be used; empty when it can.
  std::string unavailable;

  hipError_t (*hipInit)(unsigned);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipDeviceGet)(hipDevice_t *, int);
  hipError_t (*hipDeviceGetName)(char *, int, hipDevice_t);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipMalloc)(void **, size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemcpyHtoD)(hipDeviceptr_t, const void *, size_t);
  hipError_t (*hipMemcpyDtoH)(void *, hipDeviceptr_t, size_t);
  hipError_t (*hipMemcpyDtoD)(hipDeviceptr_t, hipDeviceptr_t, size_t);
  hipError_t (*hipMemsetD8)(hipDeviceptr_t, unsigned char, size_t);
  hipError_t (*hipMemsetD16)(hipDeviceptr_t, unsigned short, size_t);
  hipError_t (*hipMemsetD32)(hipDeviceptr_t, int, size_t);
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t,
                                     const char *);
  hipError_t (*hipModuleGetGlobal)(hipDeviceptr_t *, size_t *, hipModule_t,
                                   const char *);
  hipError_t (*hipFuncGetAttribute)(int *, int, hipFunction_t);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      unsigned, hipStream_t, void **, void **);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipEventCreate)(hipEvent_t *);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
};

template <typename Fn>
void bind(void *library, const char *name, Fn &fn, std::string &missing) {
  fn = reinterpret_cast<Fn>(dlsym(library, name));
  if (!fn && missing.empty())
    missing = name;
}

std::string errorText(const HIP &h, hipError_t result, const char *call);

HIP loadHIP() {
  HIP h{};
  void *library = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    h.unavailable = std::string("cannot open libamdhip64.so (") +
                    (why ? why : "unknown dlopen error") + ")";
    return h;
  }
  std::string missing;
#define TILE_BIND(fn) bind(library, #fn, h.fn, missing)
  TILE_BIND(hipInit);
  TILE_BIND(hipGetDeviceCount);
  TILE_BIND(hipDeviceGet);
  TILE_BIND(hipDeviceGetName);
  TILE_BIND(hipSetDevice);
  TILE_BIND(hipMalloc);
  TILE_BIND(hipFree);
  TILE_BIND(hipMemcpyHtoD);
  TILE_BIND(hipMemcpyDtoH);
  TILE_BIND(hipMemcpyDtoD);
  TILE_BIND(hipMemsetD8);
  TILE_BIND(hipMemsetD16);
  TILE_BIND(hipMemsetD32);
  TILE_BIND(hipModuleLoadData);
  TILE_BIND(hipModuleUnload);
  TILE_BIND(hipModuleGetFunction);
  TILE_BIND(hipModuleGetGlobal);
  TILE_BIND(hipFuncGetAttribute);
  TILE_BIND(hipModuleLaunchKernel);
  TILE_BIND(hipDeviceSynchronize);
  TILE_BIND(hipEventCreate);
  TILE_BIND(hipEventRecord);
  TILE_BIND(hipEventSynchronize);
  TILE_BIND(hipEventElapsedTime);
  TILE_BIND(hipEventDestroy);
  TILE_BIND(hipGetErrorName);
  TILE_BIND(hipGetErrorString);
#undef TILE_BIND
  if (!missing.empty()) {
    h.unavailable = "libamdhip64.so has no " + missing + " (ROCm too old?)";
    return h;
  }
  if (hipError_t r = h.hipInit(0))
    h.unavailable = errorText(h, r, "hipInit");
  return h;
}

// Loaded once per process, on first use, thread-safely.
const HIP &hip() {
  static const HIP h = loadHIP();
  return h;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

// "hipErrorInvalidValue (invalid argument) in hipModuleLaunchKernel".
std::string errorText(const HIP &h, hipError_t result, const char *call) {
  const char *name = h.hipGetErrorName ? h.hipGetErrorName(result) : nullptr;
  const char *text =
      h.hipGetErrorString ? h.hipGetErrorString(result) : nullptr;
  std::string message =
      name ? std::string(name) : "HIP error " + std::to_string(result);
  message += std::string(" (") + (text ? text : "unknown error") + ") in ";
  return message + call;
}

// Errors of a kernel's execution fail launches (later calls report them
// too), out of memory is out of memory, the rest takes \p fallback.
tile_status_code_t statusCode(hipError_t result, tile_status_code_t fallback) {
  switch (result) {
  case kErrorOutOfMemory:
    return TILE_OUT_OF_MEMORY;
  case kErrorIllegalAddress:
  case kErrorLaunchOutOfResources:
  case kErrorLaunchTimeOut:
  case kErrorAssert:
  case kErrorLaunchFailure:
    return TILE_LAUNCH_FAILED;
  default:
    return fallback;
  }
}

tile_status_t failure(tile_status_code_t fallback, hipError_t result,
                      const char *call, const std::string &prefix = "") {
  return makeStatus(statusCode(result, fallback),
                    prefix + errorText(hip(), result, call));
}

// An event destroyed with its scope.
struct Event {
  hipEvent_t event = nullptr;
  ~Event() {
    if (event)
      hip().hipEventDestroy(event);
  }
};

//===----------------------------------------------------------------------===//
// Devices and modules
//===----------------------------------------------------------------------===//

class HIPDevice final : public DeviceImpl {
public:
  explicit HIPDevice(int ordinal) : ordinal(ordinal) {}

  /// Makes this device current on the calling thread.
  tile_status_t select() {
    if (hipError_t r = hip().hipSetDevice(ordinal))
      return failure(TILE_INTERNAL, r, "hipSetDevice");
    return nullptr;
  }

  const char *name() const override { return deviceName.c_str(); }

  tile_status_t allocate(size_t bytes, void **out) override {
    if (tile_status_t s = select())
      return s;
    void *address = nullptr;
    if (hipError_t r = hip().hipMalloc(&address, bytes))
      return failure(TILE_INTERNAL, r, "hipMalloc",
                     "cannot allocate " + std::to_string(bytes) + " bytes: ");
    *out = address;
    return nullptr;
  }

  void release(void *address) override {
    if (tile_status_t s = select()) {
      tile_status_free(s);
      return;
    }
    hip().hipFree(address);
  }

  tile_status_t copyFromHost(void *dst, const void *src,
                             size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    if (tile_status_t s = select())
      return s;
    if (hipError_t r = hip().hipMemcpyHtoD(dst, src, bytes))
      return failure(TILE_INTERNAL, r, "hipMemcpyHtoD");
    return nullptr;
  }

  tile_status_t copyToHost(void *dst, const void *src, size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    if (tile_status_t s = select())
      return s;
    if (hipError_t r = hip().hipMemcpyDtoH(dst, const_cast<void *>(src), bytes))
      return failure(TILE_INTERNAL, r, "hipMemcpyDtoH");
    return nullptr;
  }

  tile_status_t fill(void *dst, size_t bytes, const void *pattern,
                     size_t patternBytes) override;

  tile_status_t loadModule(const Artifact &artifact,
                           std::unique_ptr<ModuleImpl> &out) override;

  tile_status_t synchronize() override {
    if (tile_status_t s = select())
      return s;
    if (hipError_t r = hip().hipDeviceSynchronize())
      return failure(TILE_LAUNCH_FAILED, r, "hipDeviceSynchronize");
    return nullptr;
  }

  int ordinal;
  std::string deviceName;
};

tile_status_t HIPDevice::fill(void *dst, size_t bytes, const void *pattern,
                              size_t patternBytes) {
  const HIP &h = hip();
  if (tile_status_t s = select())
    return s;
  hipError_t r = kSuccess;
  uint8_t u8;
  uint16_t u16;
  int32_t i32;
  switch (patternBytes) {
  case 1:
    std::memcpy(&u8, pattern, 1);
    if ((r = h.hipMemsetD8(dst, u8, bytes)))
      return failure(TILE_INTERNAL, r, "hipMemsetD8");
    return nullptr;
  case 2:
    std::memcpy(&u16, pattern, 2);
    if ((r = h.hipMemsetD16(dst, u16, bytes / 2)))
      return failure(TILE_INTERNAL, r, "hipMemsetD16");
    return nullptr;
  case 4:
    std::memcpy(&i32, pattern, 4);
    if ((r = h.hipMemsetD32(dst, i32, bytes / 4)))
      return failure(TILE_INTERNAL, r, "hipMemsetD32");
    return nullptr;
  default:
    break;
  }
  // No memset writes 8 bytes: copy one block of the pattern from the host,
  // then double the filled prefix with device-to-device copies.
  char block[4096];
  for (size_t i = 0; i < sizeof(block); i += 8)
    std::memcpy(block + i, pattern, 8);
  size_t done = std::min(bytes, sizeof(block));
  if ((r = h.hipMemcpyHtoD(dst, block, done)))
    return failure(TILE_INTERNAL, r, "hipMemcpyHtoD");
  char *base = static_cast<char *>(dst);
  while (done < bytes) {
    size_t n = std::min(done, bytes - done);
    if ((r = h.hipMemcpyDtoD(base + done, base, n)))
      return failure(TILE_INTERNAL, r, "hipMemcpyDtoD");
    done += n;
  }
  return nullptr;
}

class HIPModule final : public ModuleImpl {
public:
  explicit HIPModule(HIPDevice &device) : device(device) {}

  ~HIPModule() override {
    if (!module)
      return;
    if (tile_status_t s = device.select()) {
      tile_status_free(s);
      return;
    }
    hip().hipModuleUnload(module);
  }

  static tile_status_t load(HIPDevice &device, const Artifact &artifact,
                            std::unique_ptr<ModuleImpl> &out);

  tile_status_t launch(size_t index, const uint32_t grid[3],
                       void **args) override {
    return run(index, grid, args, nullptr);
  }

  tile_status_t launchTimed(size_t index, const uint32_t grid[3], void **args,
                            double &milliseconds) override {
    return run(index, grid, args, &milliseconds);
  }

private:
  struct Kernel {
    std::string name;
    hipFunction_t function = nullptr;
    GPULaunchConfig config;
    /// Where each argument goes in the packed argument buffer, and its size.
    std::vector<std::pair<size_t, size_t>> layout;
    size_t argBytes = 0;
  };

  tile_status_t prepareKernel(const KernelInfo &info, Kernel &kernel);
  tile_status_t run(size_t index, const uint32_t grid[3], void **args,
                    double *milliseconds);

  HIPDevice &device;
  std::string image; ///< the code object
  hipModule_t module = nullptr;
  std::vector<Kernel> kernels;
  hipDeviceptr_t assertFlag = nullptr;
};

tile_status_t HIPModule::load(HIPDevice &device, const Artifact &artifact,
                              std::unique_ptr<ModuleImpl> &out) {
  const HIP &h = hip();
  if (tile_status_t s = device.select())
    return s;
  auto module = std::make_unique<HIPModule>(device);
  // Kept for the module's life: HIP does not promise to copy the image.
  module->image = artifact.binary;
  if (hipError_t r =
          h.hipModuleLoadData(&module->module, module->image.data())) {
    module->module = nullptr;
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipModuleLoadData",
                   "cannot load the artifact's code object (chip " +
                       artifact.chip + ") on " + device.deviceName + ": ");
  }
  bool anyAsserts = false;
  module->kernels.resize(artifact.kernels.size());
  for (size_t i = 0; i < artifact.kernels.size(); ++i) {
    if (tile_status_t s =
            module->prepareKernel(artifact.kernels[i], module->kernels[i]))
      return s;
    anyAsserts |= module->kernels[i].config.asserts;
  }
  if (anyAsserts) {
    size_t bytes = 0;
    hipError_t r = h.hipModuleGetGlobal(&module->assertFlag, &bytes,
                                        module->module, kAssertFlagSymbol);
    if (r == kErrorNotFound)
      return makeStatus(TILE_CORRUPT_ARTIFACT,
                        std::string("a kernel has attribute asserts = 1 but "
                                    "the module defines no global '") +
                            kAssertFlagSymbol + "'");
    if (r != kSuccess)
      return failure(TILE_CORRUPT_ARTIFACT, r, "hipModuleGetGlobal");
    if (bytes < kAssertFlagBytes)
      return makeStatus(TILE_CORRUPT_ARTIFACT,
                        std::string("the module's global '") +
                            kAssertFlagSymbol + "' has " +
                            std::to_string(bytes) + " bytes, expected " +
                            std::to_string(kAssertFlagBytes));
  }
  out = std::move(module);
  return nullptr;
}

// Resolves the entry, checks the launch limits and lays out the arguments.
tile_status_t HIPModule::prepareKernel(const KernelInfo &info, Kernel &kernel) {
  const HIP &h = hip();
  std::string why;
  kernel.name = info.name;
  if (!readGPULaunchConfig(info, kernel.config, why))
    return makeStatus(TILE_CORRUPT_ARTIFACT, why);
  const std::string where = "kernel '" + info.name + "': ";
  hipError_t r =
      h.hipModuleGetFunction(&kernel.function, module, info.symbol.c_str());
  if (r == kErrorNotFound)
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      where + "entry symbol '" + info.symbol +
                          "' is not in the artifact's code object");
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipModuleGetFunction", where);

  int maxThreads = 0, maxDynamicShared = 0;
  r = h.hipFuncGetAttribute(&maxThreads, kFuncMaxThreadsPerBlock,
                            kernel.function);
  if (r == kSuccess)
    r = h.hipFuncGetAttribute(&maxDynamicShared, kFuncMaxDynamicSharedSizeBytes,
                              kernel.function);
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipFuncGetAttribute", where);
  const GPULaunchConfig &config = kernel.config;
  if (config.threads > uint32_t(maxThreads))
    return makeStatus(TILE_UNSUPPORTED,
                      where + "threads = " + std::to_string(config.threads) +
                          ", but entry '" + info.symbol + "' allows at most " +
                          std::to_string(maxThreads) +
                          " threads per block on " + device.deviceName);
  if (int64_t(config.sharedBytes) > maxDynamicShared)
    return makeStatus(TILE_UNSUPPORTED,
                      where + "shared = " + std::to_string(config.sharedBytes) +
                          " bytes of dynamic shared memory is more than the " +
                          std::to_string(maxDynamicShared) + " entry '" +
                          info.symbol + "' may use on " + device.deviceName);

  size_t offset = 0;
  for (ArgKind kind : info.args) {
    size_t size = gpuParamBytes(kind);
    offset = (offset + size - 1) / size * size;
    kernel.layout.emplace_back(offset, size);
    offset += size;
  }
  kernel.argBytes = (offset + 7) / 8 * 8;
  return nullptr;
}

tile_status_t HIPModule::run(size_t index, const uint32_t grid[3], void **args,
                             double *milliseconds) {
  const HIP &h = hip();
  const Kernel &kernel = kernels[index];
  const GPULaunchConfig &config = kernel.config;
  // HIP refuses grids of 2^32 or more threads along an axis.
  if (uint64_t(grid[0]) * config.threads > UINT32_MAX)
    return makeStatus(TILE_UNSUPPORTED,
                      "kernel " + kernel.name + ": a grid of " +
                          std::to_string(grid[0]) + " programs of " +
                          std::to_string(config.threads) +
                          " threads along x has 2^32 or more threads, more "
                          "than HIP launches");
  if (tile_status_t s = device.select())
    return s;
  if (config.asserts)
    if (hipError_t r = h.hipMemsetD32(assertFlag, 0, kAssertFlagBytes / 4))
      return failure(TILE_LAUNCH_FAILED, r, "hipMemsetD32");

  std::vector<char> buffer(std::max<size_t>(kernel.argBytes, 8), 0);
  for (size_t i = 0; i < kernel.layout.size(); ++i)
    std::memcpy(buffer.data() + kernel.layout[i].first, args[i],
                kernel.layout[i].second);
  size_t bufferSize = kernel.argBytes;
  void *extra[] = {kLaunchParamBufferPointer, buffer.data(),
                   kLaunchParamBufferSize, &bufferSize, kLaunchParamEnd};

  Event start, stop;
  if (milliseconds) {
    if (hipError_t r = h.hipEventCreate(&start.event))
      return failure(TILE_INTERNAL, r, "hipEventCreate");
    if (hipError_t r = h.hipEventCreate(&stop.event))
      return failure(TILE_INTERNAL, r, "hipEventCreate");
    if (hipError_t r = h.hipEventRecord(start.event, nullptr))
      return failure(TILE_INTERNAL, r, "hipEventRecord");
  }
  if (hipError_t r = h.hipModuleLaunchKernel(
          kernel.function, grid[0], grid[1], grid[2], config.threads, 1, 1,
          config.sharedBytes, nullptr, nullptr, extra))
    return failure(TILE_LAUNCH_FAILED, r, "hipModuleLaunchKernel",
                   "cannot launch kernel " + kernel.name + ": ");
  if (milliseconds) {
    float ms = 0;
    if (hipError_t r = h.hipEventRecord(stop.event, nullptr))
      return failure(TILE_LAUNCH_FAILED, r, "hipEventRecord");
    if (hipError_t r = h.hipEventSynchronize(stop.event))
      return failure(TILE_LAUNCH_FAILED, r, "hipEventSynchronize",
                     "kernel " + kernel.name + ": ");
    if (hipError_t r = h.hipEventElapsedTime(&ms, start.event, stop.event))
      return failure(TILE_INTERNAL, r, "hipEventElapsedTime");
    *milliseconds = ms;
  }
  if (config.asserts) {
    uint32_t flag[4] = {0, 0, 0, 0};
    if (hipError_t r = h.hipDeviceSynchronize())
      return failure(TILE_LAUNCH_FAILED, r, "hipDeviceSynchronize",
                     "kernel " + kernel.name + ": ");
    if (hipError_t r = h.hipMemcpyDtoH(flag, assertFlag, sizeof(flag)))
      return failure(TILE_LAUNCH_FAILED, r, "hipMemcpyDtoH");
    return checkAssertFlag(kernel.name, flag);
  }
  return nullptr;
}

tile_status_t HIPDevice::loadModule(const Artifact &artifact,
                                    std::unique_ptr<ModuleImpl> &out) {
  return HIPModule::load(*this, artifact, out);
}

class HIPBackend final : public Backend {
public:
  const char *name() const override { return "hip"; }
  const char *target() const override { return "amd"; }

  tile_status_t deviceCount(int *out) override {
    const HIP &h = hip();
    if (!h.unavailable.empty())
      return makeStatus(TILE_NO_DEVICE, "no HIP device: " + h.unavailable);
    if (hipError_t r = h.hipGetDeviceCount(out))
      return failure(TILE_NO_DEVICE, r, "hipGetDeviceCount", "no HIP device: ");
    return nullptr;
  }

  tile_status_t openDevice(int ordinal,
                           std::unique_ptr<DeviceImpl> &out) override {
    const HIP &h = hip();
    if (!h.unavailable.empty())
      return makeStatus(TILE_NO_DEVICE, "no HIP device: " + h.unavailable);
    int count = 0;
    if (hipError_t r = h.hipGetDeviceCount(&count))
      return failure(TILE_NO_DEVICE, r, "hipGetDeviceCount", "no HIP device: ");
    if (ordinal >= count)
      return makeStatus(
          TILE_NO_DEVICE,
          "no hip device #" + std::to_string(ordinal) + " (there " +
              (count == 1 ? "is 1)" : "are " + std::to_string(count) + ")"));
    auto device = std::make_unique<HIPDevice>(ordinal);
    hipDevice_t handle = 0;
    char name[256] = {0};
    if (hipError_t r = h.hipDeviceGet(&handle, ordinal))
      return failure(TILE_NO_DEVICE, r, "hipDeviceGet");
    if (hipError_t r = h.hipDeviceGetName(name, sizeof(name) - 1, handle))
      return failure(TILE_NO_DEVICE, r, "hipDeviceGetName");
    device->deviceName = name;
    out = std::move(device);
    return nullptr;
  }
};

} // namespace

Backend &mlir::tile::rt::hipBackend() {
  static HIPBackend backend;
  return backend;
}
