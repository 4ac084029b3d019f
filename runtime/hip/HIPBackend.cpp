//===- HIPBackend.cpp - AMD GPUs through the HIP module API ---------------===//
//
// libamdhip64 is opened with dlopen at first use and never closed
// ($TILE_HIP_LIBRARY, or the names openHIPLibrary lists); the few HIP types
// and constants the backend needs are declared here rather than taken from
// the HIP headers, so the runtime builds without ROCm. HIP keeps a current
// device per host thread, so every operation selects its device first. A
// buffer is hipMalloc memory; a module is the artifact's code object
// (hsaco), checked against the device's architecture and its own metadata
// before hipModuleLoadData; a launch passes the arguments as one packed
// buffer (the AMDGPU kernarg layout: each argument at an offset aligned to
// its size, which the code object's metadata must agree with) and goes to
// the null stream, or for asynchronous launches to a hipStream_t made with
// default flags (ordered with the null stream) or the caller's own. Every
// HIP error becomes a status naming the error, its
// text and the call that returned it.
//
// Nothing here has run on an AMD GPU yet (docs/Runtime.md); the mock driver
// of test/Runtime/Inputs/mock_hip.c runs it in check-tile.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/hip/HIPBackend.h"
#include "tile/Runtime/GPULaunch.h"
#include "tile/Runtime/hip/CodeObjectMetadata.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

//===----------------------------------------------------------------------===//
// The HIP API, declared by hand
//===----------------------------------------------------------------------===//

using hipError_t = int;
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
  kErrorNotReady = 600,
  kErrorIllegalAddress = 700,
  kErrorLaunchOutOfResources = 701,
  kErrorLaunchTimeOut = 702,
  kErrorAssert = 710,
  kErrorLaunchFailure = 719,
};

// hipFunction_attribute values.
enum : int {
  kFuncMaxThreadsPerBlock = 0,
  kFuncSharedSizeBytes = 1,
  kFuncMaxDynamicSharedSizeBytes = 8,
};

// Where hipDeviceProp_t (ROCm 5's layout, hipDeviceProp_tR0000 in ROCm 6)
// keeps the fields the backend reads, and a size with room to spare for
// layouts that grew at the end.
constexpr size_t kPropTotalGlobalMem = 256;      // size_t
constexpr size_t kPropSharedMemPerBlock = 264;   // size_t
constexpr size_t kPropMultiProcessorCount = 336; // int
constexpr size_t kPropGcnArchName = 396;       // char[256]
constexpr size_t kPropBytes = 4096;

// The markers of hipModuleLaunchKernel's `extra` array.
void *const kLaunchParamBufferPointer = reinterpret_cast<void *>(1);
void *const kLaunchParamBufferSize = reinterpret_cast<void *>(2);
void *const kLaunchParamEnd = reinterpret_cast<void *>(3);

struct HIP {
  /// Why HIP cannot be used; empty when it can.
  std::string unavailable;

  hipError_t (*hipInit)(unsigned);
  hipError_t (*hipGetDeviceCount)(int *);
  /// The exported name takes the property layout of ROCm 5 (ROCm 6 keeps it
  /// as hipDeviceProp_tR0000 under this name).
  hipError_t (*hipGetDeviceProperties)(void *, int);
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
  hipError_t (*hipModuleOccupancyMaxActiveBlocksPerMultiprocessor)(
      int *, hipFunction_t, int, size_t);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      unsigned, hipStream_t, void **, void **);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipMemcpyHtoDAsync)(hipDeviceptr_t, const void *, size_t,
                                   hipStream_t);
  hipError_t (*hipMemcpyDtoHAsync)(void *, hipDeviceptr_t, size_t, hipStream_t);
  hipError_t (*hipStreamCreate)(hipStream_t *);
  hipError_t (*hipStreamDestroy)(hipStream_t);
  hipError_t (*hipStreamSynchronize)(hipStream_t);
  hipError_t (*hipStreamQuery)(hipStream_t);
  hipError_t (*hipStreamWaitEvent)(hipStream_t, hipEvent_t, unsigned);
  hipError_t (*hipEventQuery)(hipEvent_t);
  hipError_t (*hipEventCreate)(hipEvent_t *);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
  /// Optional (ROCm 5.? and later): which device a caller's stream is of.
  hipError_t (*hipStreamGetDevice)(hipStream_t, int *);
};

std::string errorText(const HIP &h, hipError_t result, const char *call);

// $TILE_HIP_LIBRARY if set; otherwise the loader's libamdhip64.so, the
// sonames of ROCm 6 and 5 (Debian ships only the versioned one), then ROCm's
// own prefix, which is often not on the loader's path.
void *openHIPLibrary(std::string &why) {
  std::vector<std::string> names;
  if (const char *path = std::getenv("TILE_HIP_LIBRARY"))
    names.push_back(path);
  else
    names = {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5",
             "/opt/rocm/lib/libamdhip64.so"};
  for (const std::string &name : names) {
    if (void *library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL))
      return library;
    const char *error = dlerror();
    why += std::string(why.empty() ? "" : "; ") +
           (error ? error : name + ": unknown dlopen error");
  }
  return nullptr;
}

HIP loadHIP() {
  HIP h{};
  std::string why;
  void *library = openHIPLibrary(why);
  if (!library) {
    h.unavailable = "cannot open libamdhip64 (" + why + ")";
    return h;
  }
  std::string missing;
#define TILE_BIND(fn) bindSymbol(library, #fn, h.fn, missing)
  TILE_BIND(hipInit);
  TILE_BIND(hipGetDeviceCount);
  TILE_BIND(hipGetDeviceProperties);
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
  TILE_BIND(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor);
  TILE_BIND(hipModuleLaunchKernel);
  TILE_BIND(hipDeviceSynchronize);
  TILE_BIND(hipMemcpyHtoDAsync);
  TILE_BIND(hipMemcpyDtoHAsync);
  TILE_BIND(hipStreamCreate);
  TILE_BIND(hipStreamDestroy);
  TILE_BIND(hipStreamSynchronize);
  TILE_BIND(hipStreamQuery);
  TILE_BIND(hipStreamWaitEvent);
  TILE_BIND(hipEventQuery);
  TILE_BIND(hipEventCreate);
  TILE_BIND(hipEventRecord);
  TILE_BIND(hipEventSynchronize);
  TILE_BIND(hipEventElapsedTime);
  TILE_BIND(hipEventDestroy);
  TILE_BIND(hipGetErrorName);
  TILE_BIND(hipGetErrorString);
#undef TILE_BIND
  std::string optional;
  bindSymbol(library, "hipStreamGetDevice", h.hipStreamGetDevice, optional);
  if (!missing.empty()) {
    h.unavailable = "libamdhip64 has no " + missing + " (ROCm too old?)";
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

  tile_status_t properties(DeviceProperties &out) override {
    out = props;
    return nullptr;
  }

  tile_status_t createStream(std::unique_ptr<StreamImpl> &out) override;
  tile_status_t wrapStream(void *native,
                           std::unique_ptr<StreamImpl> &out) override;
  tile_status_t createEvent(std::unique_ptr<EventImpl> &out) override;

  int ordinal;
  DeviceProperties props;
  std::string deviceName; ///< "AMD Instinct MI300X, gfx942:sramecc+:xnack-"
  std::string chip;       ///< "gfx942"
  int64_t sharedPerBlock = 0;
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

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

hipStream_t toStream(void *native) { return static_cast<hipStream_t>(native); }

class HIPStream final : public GPUStream {
public:
  HIPStream(HIPDevice &device, hipStream_t stream, bool owned)
      : device(device), stream(stream), owned(owned) {}

  ~HIPStream() override {
    if (!owned)
      return;
    if (tile_status_t s = device.select()) {
      tile_status_free(s);
      return;
    }
    hip().hipStreamDestroy(stream);
  }

  void *native() const override { return stream; }

  tile_status_t query(bool &idle) override {
    if (tile_status_t s = device.select())
      return s;
    hipError_t r = hip().hipStreamQuery(stream);
    if (r != kSuccess && r != kErrorNotReady)
      return failure(TILE_LAUNCH_FAILED, r, "hipStreamQuery");
    idle = r == kSuccess;
    return nullptr;
  }

  tile_status_t waitFor(EventImpl &event) override;

  tile_status_t copyFromHost(void *dst, const void *src,
                             size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    if (tile_status_t s = device.select())
      return s;
    if (hipError_t r = hip().hipMemcpyHtoDAsync(dst, src, bytes, stream))
      return failure(TILE_INTERNAL, r, "hipMemcpyHtoDAsync");
    return nullptr;
  }

  tile_status_t copyToHost(void *dst, const void *src, size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    if (tile_status_t s = device.select())
      return s;
    if (hipError_t r = hip().hipMemcpyDtoHAsync(dst, const_cast<void *>(src),
                                                bytes, stream))
      return failure(TILE_INTERNAL, r, "hipMemcpyDtoHAsync");
    return nullptr;
  }

private:
  tile_status_t waitDriver() override {
    if (tile_status_t s = device.select())
      return s;
    if (hipError_t r = hip().hipStreamSynchronize(stream))
      return failure(TILE_LAUNCH_FAILED, r, "hipStreamSynchronize");
    return nullptr;
  }

  HIPDevice &device;
  hipStream_t stream;
  bool owned; ///< false for the caller's stream
};

class HIPEvent final : public EventImpl {
public:
  HIPEvent(HIPDevice &device, hipEvent_t event)
      : device(device), event(event) {}

  ~HIPEvent() override {
    if (tile_status_t s = device.select()) {
      tile_status_free(s);
      return;
    }
    hip().hipEventDestroy(event);
  }

  tile_status_t record(StreamImpl &stream) override {
    if (tile_status_t s = device.select())
      return s;
    hipStream_t native = toStream(static_cast<HIPStream &>(stream).native());
    if (hipError_t r = hip().hipEventRecord(event, native))
      return failure(TILE_LAUNCH_FAILED, r, "hipEventRecord");
    recorded = true;
    return nullptr;
  }

  // HIP, unlike CUDA, fails on an event never recorded.
  tile_status_t synchronize() override {
    if (!recorded)
      return nullptr;
    if (tile_status_t s = device.select())
      return s;
    if (hipError_t r = hip().hipEventSynchronize(event))
      return failure(TILE_LAUNCH_FAILED, r, "hipEventSynchronize");
    return nullptr;
  }

  tile_status_t query(bool &done) override {
    done = true;
    if (!recorded)
      return nullptr;
    if (tile_status_t s = device.select())
      return s;
    hipError_t r = hip().hipEventQuery(event);
    if (r != kSuccess && r != kErrorNotReady)
      return failure(TILE_LAUNCH_FAILED, r, "hipEventQuery");
    done = r == kSuccess;
    return nullptr;
  }

  tile_status_t elapsed(EventImpl &endImpl, double &milliseconds) override {
    auto &end = static_cast<HIPEvent &>(endImpl);
    if (tile_status_t s = synchronize())
      return s;
    if (tile_status_t s = end.synchronize())
      return s;
    float ms = 0;
    if (hipError_t r = hip().hipEventElapsedTime(&ms, event, end.event))
      return failure(TILE_INTERNAL, r, "hipEventElapsedTime");
    milliseconds = ms;
    return nullptr;
  }

  HIPDevice &device;
  hipEvent_t event;
  std::atomic<bool> recorded{false};
};

tile_status_t HIPStream::waitFor(EventImpl &eventImpl) {
  auto &event = static_cast<HIPEvent &>(eventImpl);
  if (!event.recorded)
    return nullptr;
  if (tile_status_t s = device.select())
    return s;
  if (hipError_t r = hip().hipStreamWaitEvent(stream, event.event, 0))
    return failure(TILE_LAUNCH_FAILED, r, "hipStreamWaitEvent");
  return nullptr;
}

tile_status_t HIPDevice::createStream(std::unique_ptr<StreamImpl> &out) {
  if (tile_status_t s = select())
    return s;
  hipStream_t stream = nullptr;
  if (hipError_t r = hip().hipStreamCreate(&stream))
    return failure(TILE_INTERNAL, r, "hipStreamCreate");
  out = std::make_unique<HIPStream>(*this, stream, /*owned=*/true);
  return nullptr;
}

// A stream the caller made is checked to be of this device where HIP can
// tell; null is the null stream of the current device, this one at launch.
tile_status_t HIPDevice::wrapStream(void *native,
                                    std::unique_ptr<StreamImpl> &out) {
  const HIP &h = hip();
  if (native && h.hipStreamGetDevice) {
    int owner = -1;
    if (hipError_t r = h.hipStreamGetDevice(toStream(native), &owner))
      return failure(TILE_INVALID_ARGUMENT, r, "hipStreamGetDevice",
                     "not a HIP stream: ");
    if (owner != ordinal)
      return makeStatus(
          TILE_INVALID_ARGUMENT,
          "the HIP stream is of device hip:" + std::to_string(owner) +
              ", not hip:" + std::to_string(ordinal));
  }
  out = std::make_unique<HIPStream>(*this, toStream(native), /*owned=*/false);
  return nullptr;
}

tile_status_t HIPDevice::createEvent(std::unique_ptr<EventImpl> &out) {
  if (tile_status_t s = select())
    return s;
  hipEvent_t event = nullptr;
  if (hipError_t r = hip().hipEventCreate(&event))
    return failure(TILE_INTERNAL, r, "hipEventCreate");
  out = std::make_unique<HIPEvent>(*this, event);
  return nullptr;
}

class HIPModule final : public GPUModule {
public:
  explicit HIPModule(HIPDevice &device)
      : GPUModule(device, device.deviceName), hipDevice(device) {}

  ~HIPModule() override {
    if (tile_status_t s = hipDevice.select()) {
      tile_status_free(s);
      return;
    }
    const HIP &h = hip();
    for (hipEvent_t event : events)
      if (event)
        h.hipEventDestroy(event);
    if (module)
      h.hipModuleUnload(module);
  }

  static tile_status_t load(HIPDevice &device, const Artifact &artifact,
                            std::unique_ptr<ModuleImpl> &out);

private:
  struct Entry {
    hipFunction_t function = nullptr;
    /// Where each argument goes in the packed argument buffer, and its size.
    std::vector<std::pair<size_t, size_t>> layout;
    size_t argBytes = 0;
  };

  tile_status_t layOutArguments(const KernelInfo &info, Entry &entry);

  tile_status_t resolveEntry(size_t index, const KernelInfo &info,
                             GPUEntryLimits &limits) override;
  tile_status_t raiseDynamicShared(size_t, uint32_t) override {
    return makeStatus(TILE_INTERNAL, "HIP entries have no shared opt-in");
  }
  tile_status_t blocksPerComputeUnit(size_t index, int &out) override;
  tile_status_t findGlobal(const char *symbol, void *&address,
                           size_t &bytes) override;
  tile_status_t launchEntry(size_t index, const uint32_t grid[3], void **args,
                            void *stream) override;
  tile_status_t recordEvent(int which) override;
  tile_status_t elapsedMilliseconds(double &milliseconds) override;

  HIPDevice &hipDevice;
  std::string image; ///< the code object
  CodeObjectMetadata metadata;
  hipModule_t module = nullptr;
  std::vector<Entry> entries;                ///< by kernel index
  hipEvent_t events[2] = {nullptr, nullptr}; ///< for timing, made on first use
};

tile_status_t HIPModule::load(HIPDevice &device, const Artifact &artifact,
                              std::unique_ptr<ModuleImpl> &out) {
  const HIP &h = hip();
  // A code object runs only on the architecture it was compiled for; HIP's
  // own refusal would not say which two differ.
  if (artifact.chip != device.chip)
    return makeStatus(TILE_WRONG_TARGET,
                      "the artifact is for chip " + artifact.chip + ", but " +
                          device.deviceName + " is " + device.chip +
                          " (compile with --target=amd:chip=" + device.chip +
                          ")");
  auto module = std::make_unique<HIPModule>(device);
  // Kept for the module's life: HIP does not promise to copy the image.
  module->image = artifact.binary;
  std::string why;
  if (!readCodeObjectMetadata(module->image, module->metadata, why))
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      "the artifact's code object: " + why);
  if (tile_status_t s = device.select())
    return s;
  if (hipError_t r =
          h.hipModuleLoadData(&module->module, module->image.data())) {
    module->module = nullptr;
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipModuleLoadData",
                   "cannot load the artifact's code object (chip " +
                       artifact.chip + ") on " + device.deviceName + ": ");
  }
  module->entries.resize(artifact.kernels.size());
  if (tile_status_t s = module->prepareKernels(artifact))
    return s;
  out = std::move(module);
  return nullptr;
}

// Packs the arguments as the GPU ABI lays them out and requires the code
// object's metadata to read each one at the same offset and size: HIP copies
// the packed buffer as it is, so a disagreement would hand the kernel wrong
// values without any error.
tile_status_t HIPModule::layOutArguments(const KernelInfo &info, Entry &entry) {
  const std::string where = "kernel '" + info.name + "': ";
  if (!info.tensorMaps.empty())
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      where + "tensor maps are an NVIDIA feature; an amd "
                              "artifact cannot declare them");
  const CodeObjectKernel *described = metadata.find(info.symbol);
  if (!described)
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      where +
                          "the code object's metadata does not describe "
                          "entry '" +
                          info.symbol + "'");
  std::vector<const CodeObjectArg *> explicitArgs;
  for (const CodeObjectArg &arg : described->args)
    if (!arg.isHidden())
      explicitArgs.push_back(&arg);
  if (explicitArgs.size() != info.args.size())
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      where + "entry '" + info.symbol + "' takes " +
                          std::to_string(explicitArgs.size()) + " argument" +
                          (explicitArgs.size() == 1 ? "" : "s") +
                          "; the artifact declares " +
                          std::to_string(info.args.size()));
  size_t offset = 0;
  for (size_t i = 0; i < info.args.size(); ++i) {
    size_t size = gpuParamBytes(info.args[i]);
    offset = (offset + size - 1) / size * size;
    const CodeObjectArg &arg = *explicitArgs[i];
    if (arg.offset != offset || arg.size != size)
      return makeStatus(TILE_CORRUPT_ARTIFACT,
                        where + "argument #" + std::to_string(i) + " (" +
                            argKindName(info.args[i]) +
                            ") is packed at offset " + std::to_string(offset) +
                            " (" + std::to_string(size) +
                            " bytes), but entry '" + info.symbol +
                            "' reads offset " + std::to_string(arg.offset) +
                            " (" + std::to_string(arg.size) + " bytes)");
    entry.layout.emplace_back(offset, size);
    offset += size;
  }
  entry.argBytes = (offset + 7) / 8 * 8;
  return nullptr;
}

tile_status_t HIPModule::resolveEntry(size_t index, const KernelInfo &info,
                                      GPUEntryLimits &limits) {
  const HIP &h = hip();
  if (tile_status_t s = hipDevice.select())
    return s;
  const std::string where = "kernel '" + info.name + "': ";
  Entry &entry = entries[index];
  hipError_t r =
      h.hipModuleGetFunction(&entry.function, module, info.symbol.c_str());
  if (r == kErrorNotFound)
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      where + "entry symbol '" + info.symbol +
                          "' is not in the artifact's code object");
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipModuleGetFunction", where);
  if (tile_status_t s = layOutArguments(info, entry))
    return s;
  r = h.hipFuncGetAttribute(&limits.maxThreads, kFuncMaxThreadsPerBlock,
                            entry.function);
  if (r == kSuccess)
    r = h.hipFuncGetAttribute(&limits.staticShared, kFuncSharedSizeBytes,
                              entry.function);
  if (r == kSuccess)
    r = h.hipFuncGetAttribute(&limits.maxDynamicShared,
                              kFuncMaxDynamicSharedSizeBytes, entry.function);
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipFuncGetAttribute", where);
  limits.blockShared = hipDevice.sharedPerBlock;
  return nullptr;
}

tile_status_t HIPModule::blocksPerComputeUnit(size_t index, int &out) {
  if (tile_status_t s = hipDevice.select())
    return s;
  const GPULaunchConfig &config = kernels[index].config;
  if (hipError_t r = hip().hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
          &out, entries[index].function, int(config.threads),
          config.sharedBytes))
    return failure(TILE_INTERNAL, r,
                   "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor");
  return nullptr;
}

tile_status_t HIPModule::findGlobal(const char *symbol, void *&address,
                                    size_t &bytes) {
  if (tile_status_t s = hipDevice.select())
    return s;
  hipError_t r = hip().hipModuleGetGlobal(&address, &bytes, module, symbol);
  if (r == kErrorNotFound) {
    address = nullptr;
    return nullptr;
  }
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "hipModuleGetGlobal");
  return nullptr;
}

tile_status_t HIPModule::launchEntry(size_t index, const uint32_t grid[3],
                                     void **args, void *stream) {
  const Entry &entry = entries[index];
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
  if (tile_status_t s = hipDevice.select())
    return s;
  std::vector<char> buffer(std::max<size_t>(entry.argBytes, 8), 0);
  for (size_t i = 0; i < entry.layout.size(); ++i)
    std::memcpy(buffer.data() + entry.layout[i].first, args[i],
                entry.layout[i].second);
  size_t bufferSize = entry.argBytes;
  void *extra[] = {kLaunchParamBufferPointer, buffer.data(),
                   kLaunchParamBufferSize, &bufferSize, kLaunchParamEnd};
  if (hipError_t r = hip().hipModuleLaunchKernel(
          entry.function, grid[0], grid[1], grid[2], config.threads, 1, 1,
          config.sharedBytes, toStream(stream), nullptr, extra))
    return failure(TILE_LAUNCH_FAILED, r, "hipModuleLaunchKernel",
                   "cannot launch kernel " + kernel.name + ": ");
  return nullptr;
}

tile_status_t HIPModule::recordEvent(int which) {
  const HIP &h = hip();
  if (tile_status_t s = hipDevice.select())
    return s;
  if (!events[which])
    if (hipError_t r = h.hipEventCreate(&events[which])) {
      events[which] = nullptr;
      return failure(TILE_INTERNAL, r, "hipEventCreate");
    }
  if (hipError_t r = h.hipEventRecord(events[which], nullptr))
    return failure(TILE_LAUNCH_FAILED, r, "hipEventRecord");
  return nullptr;
}

tile_status_t HIPModule::elapsedMilliseconds(double &milliseconds) {
  const HIP &h = hip();
  if (tile_status_t s = hipDevice.select())
    return s;
  float ms = 0;
  if (hipError_t r = h.hipEventSynchronize(events[1]))
    return failure(TILE_LAUNCH_FAILED, r, "hipEventSynchronize");
  if (hipError_t r = h.hipEventElapsedTime(&ms, events[0], events[1]))
    return failure(TILE_INTERNAL, r, "hipEventElapsedTime");
  milliseconds = ms;
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
      return noSuchDevice("hip", ordinal, count);
    auto device = std::make_unique<HIPDevice>(ordinal);
    std::vector<char> props(kPropBytes, 0);
    if (hipError_t r = h.hipGetDeviceProperties(props.data(), ordinal))
      return failure(TILE_NO_DEVICE, r, "hipGetDeviceProperties");
    props[kPropGcnArchName + 255] = 0;
    props[255] = 0;
    const char *arch = props.data() + kPropGcnArchName;
    if (std::strncmp(arch, "gfx", 3) != 0)
      return makeStatus(TILE_NO_DEVICE,
                        "hip device #" + std::to_string(ordinal) +
                            ": hipGetDeviceProperties gave no gfx "
                            "architecture name (a HIP whose hipDeviceProp_t "
                            "layout is not ROCm 5's?)");
    size_t sharedPerBlock = 0;
    std::memcpy(&sharedPerBlock, props.data() + kPropSharedMemPerBlock,
                sizeof(sharedPerBlock));
    device->sharedPerBlock = int64_t(sharedPerBlock);
    device->chip = std::string(arch, std::strcspn(arch, ":"));
    device->deviceName = std::string(props.data()) + ", " + arch;
    size_t memory = 0;
    int units = 0;
    std::memcpy(&memory, props.data() + kPropTotalGlobalMem, sizeof(memory));
    std::memcpy(&units, props.data() + kPropMultiProcessorCount, sizeof(units));
    device->props.name = props.data();
    device->props.chip = device->chip;
    device->props.memoryBytes = memory;
    device->props.computeUnits = units;
    out = std::move(device);
    return nullptr;
  }
};

} // namespace

Backend &mlir::tile::rt::hipBackend() {
  static HIPBackend backend;
  return backend;
}
