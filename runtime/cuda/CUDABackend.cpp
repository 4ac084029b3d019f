//===- CUDABackend.cpp - NVIDIA GPUs through the CUDA driver API ----------===//
//
// libcuda.so.1 is opened with dlopen at first use and never closed; the few
// driver types and constants the backend needs are declared here rather than
// taken from cuda.h, so the runtime builds without CUDA. A device is its
// primary context, pushed around every driver call; a buffer is cuMemAlloc
// memory; a module is the artifact's cubin or PTX (compiled by the driver's
// JIT) loaded with cuModuleLoadDataEx; synchronous launches go to the legacy
// default stream, asynchronous ones to a CUstream made with default flags
// (which the legacy stream waits for, and which waits for it) or to the
// caller's own. Every driver error becomes a status naming the error, its text
// and the call that returned it.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/cuda/CUDABackend.h"
#include "tile/Runtime/GPULaunch.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <dlfcn.h>
#include <vector>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

//===----------------------------------------------------------------------===//
// The driver API, declared by hand
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUevent = struct CUevent_st *;
using CUstream = struct CUstream_st *;

// CUresult values the backend tells apart.
enum : CUresult {
  kSuccess = 0,
  kErrorInvalidValue = 1,
  kErrorOutOfMemory = 2,
  kErrorNoDevice = 100,
  kErrorInvalidDevice = 101,
  kErrorNotFound = 500,
  kErrorNotReady = 600,
  kErrorIllegalAddress = 700,
  kErrorLaunchOutOfResources = 701,
  kErrorLaunchTimeout = 702,
  kErrorAssert = 710,
  kErrorHardwareStack = 714,
  kErrorIllegalInstruction = 715,
  kErrorMisalignedAddress = 716,
  kErrorInvalidAddressSpace = 717,
  kErrorInvalidPC = 718,
  kErrorLaunchFailed = 719,
};

// CUdevice_attribute, CUfunction_attribute and CUjit_option values.
enum : int {
  kDeviceMultiprocessorCount = 16,
  kDeviceComputeCapabilityMajor = 75,
  kDeviceComputeCapabilityMinor = 76,
  kDeviceMaxSharedMemoryPerBlockOptin = 97,
};
enum : int {
  kFuncMaxThreadsPerBlock = 0,
  kFuncSharedSizeBytes = 1,
  kFuncMaxDynamicSharedSizeBytes = 8,
};
enum : int {
  kJitErrorLogBuffer = 5,
  kJitErrorLogBufferSizeBytes = 6,
};

// The entry points, under the symbol names libcuda exports (the _v2 ones
// where cuda.h maps a name to its _v2 version).
struct Driver {
  /// Why the driver cannot be used; empty when it can.
  std::string unavailable;

  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem_v2)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice);
  CUresult (*cuCtxPushCurrent_v2)(CUcontext);
  CUresult (*cuCtxPopCurrent_v2)(CUcontext *);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree_v2)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH_v2)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8_v2)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuMemsetD16_v2)(CUdeviceptr, unsigned short, size_t);
  CUresult (*cuMemsetD32_v2)(CUdeviceptr, unsigned, size_t);
  CUresult (*cuMemsetD2D32_v2)(CUdeviceptr, size_t, unsigned, size_t, size_t);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleGetGlobal_v2)(CUdeviceptr *, size_t *, CUmodule,
                                   const char *);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction,
                                                          int, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuMemcpyHtoDAsync_v2)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync_v2)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy_v2)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamQuery)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventQuery)(CUevent);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent); // or its _v2
  CUresult (*cuEventDestroy_v2)(CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  /// Optional (CUDA 9.2 and later): which context a caller's stream is of.
  CUresult (*cuStreamGetCtx)(CUstream, CUcontext *);
  /// Optional (drivers of CUDA 12.4 and later): checks kernel parameters.
  CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t *, size_t *);
  /// Optional (CUDA 12.0 and later): tensor maps for sm_90's TMA.
  CUresult (*cuTensorMapEncodeTiled)(void *, int, unsigned, void *,
                                     const uint64_t *, const uint64_t *,
                                     const unsigned *, const unsigned *, int,
                                     int, int, int);
};

std::string errorText(const Driver &d, CUresult result, const char *call);

Driver loadDriver() {
  Driver d{};
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    d.unavailable = std::string("cannot open libcuda.so.1 (") +
                    (why ? why : "unknown dlopen error") + ")";
    return d;
  }
  std::string missing;
#define TILE_BIND(fn) bindSymbol(library, #fn, d.fn, missing)
  TILE_BIND(cuInit);
  TILE_BIND(cuDeviceGetCount);
  TILE_BIND(cuDeviceGet);
  TILE_BIND(cuDeviceGetName);
  TILE_BIND(cuDeviceGetAttribute);
  TILE_BIND(cuDeviceTotalMem_v2);
  TILE_BIND(cuDevicePrimaryCtxRetain);
  TILE_BIND(cuDevicePrimaryCtxRelease_v2);
  TILE_BIND(cuCtxPushCurrent_v2);
  TILE_BIND(cuCtxPopCurrent_v2);
  TILE_BIND(cuCtxSynchronize);
  TILE_BIND(cuMemAlloc_v2);
  TILE_BIND(cuMemFree_v2);
  TILE_BIND(cuMemcpyHtoD_v2);
  TILE_BIND(cuMemcpyDtoH_v2);
  TILE_BIND(cuMemsetD8_v2);
  TILE_BIND(cuMemsetD16_v2);
  TILE_BIND(cuMemsetD32_v2);
  TILE_BIND(cuMemsetD2D32_v2);
  TILE_BIND(cuModuleLoadDataEx);
  TILE_BIND(cuModuleUnload);
  TILE_BIND(cuModuleGetFunction);
  TILE_BIND(cuModuleGetGlobal_v2);
  TILE_BIND(cuFuncGetAttribute);
  TILE_BIND(cuOccupancyMaxActiveBlocksPerMultiprocessor);
  TILE_BIND(cuFuncSetAttribute);
  TILE_BIND(cuLaunchKernel);
  TILE_BIND(cuMemcpyHtoDAsync_v2);
  TILE_BIND(cuMemcpyDtoHAsync_v2);
  TILE_BIND(cuStreamCreate);
  TILE_BIND(cuStreamDestroy_v2);
  TILE_BIND(cuStreamSynchronize);
  TILE_BIND(cuStreamQuery);
  TILE_BIND(cuStreamWaitEvent);
  TILE_BIND(cuEventQuery);
  TILE_BIND(cuEventCreate);
  TILE_BIND(cuEventRecord);
  TILE_BIND(cuEventSynchronize);
  // CUDA 12.8 added a _v2 of the same signature; older drivers lack it.
  std::string optional;
  bindSymbol(library, "cuEventElapsedTime_v2", d.cuEventElapsedTime, optional);
  if (!d.cuEventElapsedTime)
    TILE_BIND(cuEventElapsedTime);
  TILE_BIND(cuEventDestroy_v2);
  TILE_BIND(cuGetErrorName);
  TILE_BIND(cuGetErrorString);
#undef TILE_BIND
  bindSymbol(library, "cuStreamGetCtx", d.cuStreamGetCtx, optional);
  bindSymbol(library, "cuFuncGetParamInfo", d.cuFuncGetParamInfo, optional);
  bindSymbol(library, "cuTensorMapEncodeTiled", d.cuTensorMapEncodeTiled,
             optional);
  if (!missing.empty()) {
    d.unavailable = "libcuda.so.1 has no " + missing + " (driver too old?)";
    return d;
  }
  if (CUresult r = d.cuInit(0))
    d.unavailable = errorText(d, r, "cuInit");
  return d;
}

// Loaded once per process, on first use, thread-safely.
const Driver &driver() {
  static const Driver d = loadDriver();
  return d;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

// "CUDA_ERROR_INVALID_VALUE (invalid argument) in cuLaunchKernel".
std::string errorText(const Driver &d, CUresult result, const char *call) {
  const char *name = nullptr, *text = nullptr;
  if (d.cuGetErrorName && d.cuGetErrorName(result, &name) != kSuccess)
    name = nullptr;
  if (d.cuGetErrorString && d.cuGetErrorString(result, &text) != kSuccess)
    text = nullptr;
  std::string message =
      name ? std::string(name) : "CUDA error " + std::to_string(result);
  message += std::string(" (") + (text ? text : "unknown error") + ") in ";
  return message + call;
}

// The status code of a failed call: errors of a kernel's execution (which
// later calls report too: they stick to the context) fail launches, out of
// memory is out of memory, the rest takes \p fallback.
tile_status_code_t statusCode(CUresult result, tile_status_code_t fallback) {
  switch (result) {
  case kErrorOutOfMemory:
    return TILE_OUT_OF_MEMORY;
  case kErrorIllegalAddress:
  case kErrorLaunchOutOfResources:
  case kErrorLaunchTimeout:
  case kErrorAssert:
  case kErrorHardwareStack:
  case kErrorIllegalInstruction:
  case kErrorMisalignedAddress:
  case kErrorInvalidAddressSpace:
  case kErrorInvalidPC:
  case kErrorLaunchFailed:
    return TILE_LAUNCH_FAILED;
  default:
    return fallback;
  }
}

tile_status_t failure(tile_status_code_t fallback, CUresult result,
                      const char *call, const std::string &prefix = "") {
  return makeStatus(statusCode(result, fallback),
                    prefix + errorText(driver(), result, call));
}

// Makes a context current on this thread for the scope, restoring the
// previous one after.
class ContextScope {
public:
  ContextScope(const Driver &d, CUcontext context) : d(d) {
    result = d.cuCtxPushCurrent_v2(context);
  }
  ~ContextScope() {
    CUcontext popped;
    if (result == kSuccess)
      d.cuCtxPopCurrent_v2(&popped);
  }
  ContextScope(const ContextScope &) = delete;
  ContextScope &operator=(const ContextScope &) = delete;

  /// The push's result; check it before any other call.
  CUresult result;

private:
  const Driver &d;
};

#define TILE_PUSH_CONTEXT(scope, context, fallback)                            \
  ContextScope scope(driver(), context);                                       \
  if (scope.result != kSuccess)                                                \
  return failure(fallback, scope.result, "cuCtxPushCurrent_v2")

CUdeviceptr devicePointer(const void *address) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(address));
}

// The driver's JIT log as one line: newlines become "; ".
std::string oneLine(const char *log) {
  std::string text(log);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.pop_back();
  std::string out;
  for (char c : text) {
    if (c == '\n')
      out += "; ";
    else if (c != '\r')
      out += c;
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Devices and modules
//===----------------------------------------------------------------------===//

class CUDADevice final : public DeviceImpl {
public:
  static tile_status_t open(int ordinal, std::unique_ptr<DeviceImpl> &out);

  ~CUDADevice() override {
    if (context)
      driver().cuDevicePrimaryCtxRelease_v2(device);
  }

  const char *name() const override { return deviceName.c_str(); }

  tile_status_t allocate(size_t bytes, void **out) override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
    CUdeviceptr address = 0;
    if (CUresult r = d.cuMemAlloc_v2(&address, bytes))
      return failure(TILE_INTERNAL, r, "cuMemAlloc_v2",
                     "cannot allocate " + std::to_string(bytes) + " bytes: ");
    *out = reinterpret_cast<void *>(static_cast<uintptr_t>(address));
    return nullptr;
  }

  void release(void *address) override {
    const Driver &d = driver();
    ContextScope scope(d, context);
    if (scope.result == kSuccess)
      d.cuMemFree_v2(devicePointer(address));
  }

  tile_status_t copyFromHost(void *dst, const void *src,
                             size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
    if (CUresult r = d.cuMemcpyHtoD_v2(devicePointer(dst), src, bytes))
      return failure(TILE_INTERNAL, r, "cuMemcpyHtoD_v2");
    return nullptr;
  }

  tile_status_t copyToHost(void *dst, const void *src, size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
    if (CUresult r = d.cuMemcpyDtoH_v2(dst, devicePointer(src), bytes))
      return failure(TILE_INTERNAL, r, "cuMemcpyDtoH_v2");
    return nullptr;
  }

  tile_status_t fill(void *dst, size_t bytes, const void *pattern,
                     size_t patternBytes) override;

  tile_status_t loadModule(const Artifact &artifact,
                           std::unique_ptr<ModuleImpl> &out) override;

  tile_status_t synchronize() override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
    if (CUresult r = d.cuCtxSynchronize())
      return failure(TILE_LAUNCH_FAILED, r, "cuCtxSynchronize");
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

  CUdevice device = 0;
  CUcontext context = nullptr;
  /// Shared memory a block may use after opting in (static plus dynamic).
  int sharedOptin = 0;
  std::string deviceName;
  DeviceProperties props;
};

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

CUstream toStream(void *native) { return static_cast<CUstream>(native); }

class CUDAStream final : public GPUStream {
public:
  CUDAStream(CUDADevice &device, CUstream stream, bool owned)
      : device(device), stream(stream), owned(owned) {}

  ~CUDAStream() override {
    if (!owned)
      return;
    const Driver &d = driver();
    ContextScope scope(d, device.context);
    if (scope.result == kSuccess)
      d.cuStreamDestroy_v2(stream);
  }

  void *native() const override { return stream; }

  tile_status_t query(bool &idle) override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    CUresult r = d.cuStreamQuery(stream);
    if (r != kSuccess && r != kErrorNotReady)
      return failure(TILE_LAUNCH_FAILED, r, "cuStreamQuery");
    idle = r == kSuccess;
    return nullptr;
  }

  tile_status_t waitFor(EventImpl &event) override;

  tile_status_t copyFromHost(void *dst, const void *src,
                             size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    if (CUresult r =
            d.cuMemcpyHtoDAsync_v2(devicePointer(dst), src, bytes, stream))
      return failure(TILE_INTERNAL, r, "cuMemcpyHtoDAsync_v2");
    return nullptr;
  }

  tile_status_t copyToHost(void *dst, const void *src, size_t bytes) override {
    if (bytes == 0)
      return nullptr;
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    if (CUresult r =
            d.cuMemcpyDtoHAsync_v2(dst, devicePointer(src), bytes, stream))
      return failure(TILE_INTERNAL, r, "cuMemcpyDtoHAsync_v2");
    return nullptr;
  }

private:
  tile_status_t waitDriver() override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    if (CUresult r = d.cuStreamSynchronize(stream))
      return failure(TILE_LAUNCH_FAILED, r, "cuStreamSynchronize");
    return nullptr;
  }

  CUDADevice &device;
  CUstream stream;
  bool owned; ///< false for the caller's stream
};

class CUDAEvent final : public EventImpl {
public:
  CUDAEvent(CUDADevice &device, CUevent event) : device(device), event(event) {}

  ~CUDAEvent() override {
    const Driver &d = driver();
    ContextScope scope(d, device.context);
    if (scope.result == kSuccess)
      d.cuEventDestroy_v2(event);
  }

  tile_status_t record(StreamImpl &stream) override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    CUstream s = toStream(static_cast<CUDAStream &>(stream).native());
    if (CUresult r = d.cuEventRecord(event, s))
      return failure(TILE_LAUNCH_FAILED, r, "cuEventRecord");
    return nullptr;
  }

  tile_status_t synchronize() override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    if (CUresult r = d.cuEventSynchronize(event))
      return failure(TILE_LAUNCH_FAILED, r, "cuEventSynchronize");
    return nullptr;
  }

  tile_status_t query(bool &done) override {
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    CUresult r = d.cuEventQuery(event);
    if (r != kSuccess && r != kErrorNotReady)
      return failure(TILE_LAUNCH_FAILED, r, "cuEventQuery");
    done = r == kSuccess;
    return nullptr;
  }

  tile_status_t elapsed(EventImpl &endImpl, double &milliseconds) override {
    auto &end = static_cast<CUDAEvent &>(endImpl);
    if (tile_status_t s = synchronize())
      return s;
    if (tile_status_t s = end.synchronize())
      return s;
    const Driver &d = driver();
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    float ms = 0;
    if (CUresult r = d.cuEventElapsedTime(&ms, event, end.event))
      return failure(TILE_INTERNAL, r, "cuEventElapsedTime");
    milliseconds = ms;
    return nullptr;
  }

  CUDADevice &device;
  CUevent event;
};

tile_status_t CUDAStream::waitFor(EventImpl &eventImpl) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
  if (CUresult r = d.cuStreamWaitEvent(
          stream, static_cast<CUDAEvent &>(eventImpl).event, 0))
    return failure(TILE_LAUNCH_FAILED, r, "cuStreamWaitEvent");
  return nullptr;
}

tile_status_t CUDADevice::createStream(std::unique_ptr<StreamImpl> &out) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
  CUstream stream = nullptr;
  // CU_STREAM_DEFAULT: ordered with the legacy default stream, which the
  // synchronous calls use.
  if (CUresult r = d.cuStreamCreate(&stream, 0))
    return failure(TILE_INTERNAL, r, "cuStreamCreate");
  out = std::make_unique<CUDAStream>(*this, stream, /*owned=*/true);
  return nullptr;
}

// The legacy and per-thread default streams are handles of every context;
// a stream the caller made is checked to be of this device's context where
// the driver can tell.
tile_status_t CUDADevice::wrapStream(void *native,
                                     std::unique_ptr<StreamImpl> &out) {
  const Driver &d = driver();
  const uintptr_t value = reinterpret_cast<uintptr_t>(native);
  constexpr uintptr_t kLegacy = 1, kPerThread = 2;
  if (value != 0 && value != kLegacy && value != kPerThread &&
      d.cuStreamGetCtx) {
    TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
    CUcontext owner = nullptr;
    if (CUresult r = d.cuStreamGetCtx(toStream(native), &owner))
      return failure(TILE_INVALID_ARGUMENT, r, "cuStreamGetCtx",
                     "not a CUDA stream: ");
    if (owner != context)
      return makeStatus(TILE_INVALID_ARGUMENT,
                        "the CUDA stream is of another context than "
                        "device " +
                            deviceName + "'s primary context");
  }
  out = std::make_unique<CUDAStream>(*this, toStream(native), /*owned=*/false);
  return nullptr;
}

tile_status_t CUDADevice::createEvent(std::unique_ptr<EventImpl> &out) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
  CUevent event = nullptr;
  if (CUresult r = d.cuEventCreate(&event, 0))
    return failure(TILE_INTERNAL, r, "cuEventCreate");
  out = std::make_unique<CUDAEvent>(*this, event);
  return nullptr;
}

tile_status_t CUDADevice::open(int ordinal, std::unique_ptr<DeviceImpl> &out) {
  const Driver &d = driver();
  int count = 0;
  if (CUresult r = d.cuDeviceGetCount(&count))
    return failure(TILE_NO_DEVICE, r, "cuDeviceGetCount", "no CUDA device: ");
  if (ordinal >= count)
    return noSuchDevice("cuda", ordinal, count);
  auto device = std::make_unique<CUDADevice>();
  if (CUresult r = d.cuDeviceGet(&device->device, ordinal))
    return failure(TILE_NO_DEVICE, r, "cuDeviceGet");
  char name[256] = {0};
  int major = 0, minor = 0;
  CUresult r = d.cuDeviceGetName(name, sizeof(name) - 1, device->device);
  const char *call = "cuDeviceGetName";
  if (r == kSuccess) {
    call = "cuDeviceGetAttribute";
    r = d.cuDeviceGetAttribute(&major, kDeviceComputeCapabilityMajor,
                               device->device);
  }
  if (r == kSuccess)
    r = d.cuDeviceGetAttribute(&minor, kDeviceComputeCapabilityMinor,
                               device->device);
  if (r == kSuccess)
    r = d.cuDeviceGetAttribute(&device->sharedOptin,
                               kDeviceMaxSharedMemoryPerBlockOptin,
                               device->device);
  size_t memory = 0;
  if (r == kSuccess)
    r = d.cuDeviceGetAttribute(&device->props.computeUnits,
                               kDeviceMultiprocessorCount, device->device);
  if (r == kSuccess) {
    call = "cuDeviceTotalMem_v2";
    r = d.cuDeviceTotalMem_v2(&memory, device->device);
  }
  if (r != kSuccess)
    return failure(TILE_NO_DEVICE, r, call);
  device->props.name = name;
  device->props.chip = "sm_" + std::to_string(major) + std::to_string(minor);
  device->props.memoryBytes = memory;
  device->deviceName = device->props.name + ", " + device->props.chip;
  if (CUresult r = d.cuDevicePrimaryCtxRetain(&device->context, device->device))
    return failure(TILE_NO_DEVICE, r, "cuDevicePrimaryCtxRetain");
  out = std::move(device);
  return nullptr;
}

// At most this many 8-byte rows per 2-D memset call.
constexpr size_t kMaxFillRows = size_t(1) << 24;

tile_status_t CUDADevice::fill(void *dst, size_t bytes, const void *pattern,
                               size_t patternBytes) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, context, TILE_INTERNAL);
  CUdeviceptr p = devicePointer(dst);
  CUresult r = kSuccess;
  const char *call = "cuMemsetD8_v2";
  uint8_t u8;
  uint16_t u16;
  uint32_t u32[2];
  switch (patternBytes) {
  case 1:
    std::memcpy(&u8, pattern, 1);
    r = d.cuMemsetD8_v2(p, u8, bytes);
    break;
  case 2:
    std::memcpy(&u16, pattern, 2);
    call = "cuMemsetD16_v2";
    r = d.cuMemsetD16_v2(p, u16, bytes / 2);
    break;
  case 4:
    std::memcpy(u32, pattern, 4);
    call = "cuMemsetD32_v2";
    r = d.cuMemsetD32_v2(p, u32[0], bytes / 4);
    break;
  default:
    std::memcpy(u32, pattern, 8);
    if (u32[0] == u32[1]) {
      call = "cuMemsetD32_v2";
      r = d.cuMemsetD32_v2(p, u32[0], bytes / 4);
      break;
    }
    // No memset writes 8 bytes: view the buffer as rows of 8 bytes and set the
    // low word, then the high word, of every row with a 2-D memset of one
    // 4-byte column, in chunks of rows.
    call = "cuMemsetD2D32_v2";
    for (size_t row = 0, rows = bytes / 8; row < rows && r == kSuccess;
         row += kMaxFillRows) {
      size_t n = std::min(kMaxFillRows, rows - row);
      CUdeviceptr start = p + row * 8;
      r = d.cuMemsetD2D32_v2(start, 8, u32[0], 1, n);
      if (r == kSuccess)
        r = d.cuMemsetD2D32_v2(start + 4, 8, u32[1], 1, n);
    }
    break;
  }
  if (r != kSuccess)
    return failure(TILE_INTERNAL, r, call);
  return nullptr;
}

class CUDAModule final : public GPUModule {
public:
  explicit CUDAModule(CUDADevice &device)
      : GPUModule(device, device.deviceName), cuda(device) {}

  ~CUDAModule() override {
    const Driver &d = driver();
    ContextScope scope(d, cuda.context);
    if (scope.result != kSuccess)
      return;
    for (CUevent event : events)
      if (event)
        d.cuEventDestroy_v2(event);
    if (module)
      d.cuModuleUnload(module);
  }

  static tile_status_t load(CUDADevice &device, const Artifact &artifact,
                            std::unique_ptr<ModuleImpl> &out);

  tile_status_t encodeTensorMap(const TensorMapInfo &map, void *address,
                                const std::vector<int64_t> &sizes,
                                const std::vector<int64_t> &strides,
                                void *out) override;

private:
  tile_status_t loadBinary(const Artifact &artifact);
  tile_status_t checkParams(const KernelInfo &info, CUfunction function);

  tile_status_t resolveEntry(size_t index, const KernelInfo &info,
                             GPUEntryLimits &limits) override;
  tile_status_t raiseDynamicShared(size_t index, uint32_t bytes) override;
  tile_status_t blocksPerComputeUnit(size_t index, int &out) override;
  tile_status_t findGlobal(const char *symbol, void *&address,
                           size_t &bytes) override;
  tile_status_t launchEntry(size_t index, const uint32_t grid[3], void **args,
                            void *stream) override;
  tile_status_t recordEvent(int which) override;
  tile_status_t elapsedMilliseconds(double &milliseconds) override;

  CUDADevice &cuda;
  CUmodule module = nullptr;
  std::string format; ///< "cubin" or "ptx", for messages
  std::vector<CUfunction> functions;      ///< by kernel index
  CUevent events[2] = {nullptr, nullptr}; ///< for timing, made on first use
};

tile_status_t CUDAModule::loadBinary(const Artifact &artifact) {
  const Driver &d = driver();
  // PTX must end with a NUL, which std::string's c_str() provides.
  char log[8192] = {0};
  int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log) - 1))};
  CUresult r = d.cuModuleLoadDataEx(&module, artifact.binary.c_str(), 2,
                                    options, values);
  if (r == kSuccess)
    return nullptr;
  module = nullptr;
  std::string message = "cannot load the artifact's " + artifact.binaryFormat +
                        " (chip " + artifact.chip + ") on " + deviceName +
                        ": " + errorText(d, r, "cuModuleLoadDataEx");
  if (log[0])
    message += ": " + oneLine(log);
  return makeStatus(statusCode(r, TILE_CORRUPT_ARTIFACT), message);
}

tile_status_t CUDAModule::load(CUDADevice &device, const Artifact &artifact,
                               std::unique_ptr<ModuleImpl> &out) {
  auto module = std::make_unique<CUDAModule>(device);
  module->format = artifact.binaryFormat;
  {
    TILE_PUSH_CONTEXT(scope, device.context, TILE_INTERNAL);
    if (tile_status_t s = module->loadBinary(artifact))
      return s;
  }
  module->functions.resize(artifact.kernels.size());
  if (tile_status_t s = module->prepareKernels(artifact))
    return s;
  out = std::move(module);
  return nullptr;
}

// Resolves the entry and checks its parameters against the artifact.
tile_status_t CUDAModule::resolveEntry(size_t index, const KernelInfo &info,
                                       GPUEntryLimits &limits) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  const std::string where = "kernel '" + info.name + "': ";
  CUfunction &function = functions[index];
  CUresult r = d.cuModuleGetFunction(&function, module, info.symbol.c_str());
  if (r == kErrorNotFound)
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      where + "entry symbol '" + info.symbol +
                          "' is not in the artifact's " + format);
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "cuModuleGetFunction", where);
  if (tile_status_t s = checkParams(info, function))
    return s;
  r = d.cuFuncGetAttribute(&limits.maxThreads, kFuncMaxThreadsPerBlock,
                           function);
  if (r == kSuccess)
    r = d.cuFuncGetAttribute(&limits.staticShared, kFuncSharedSizeBytes,
                             function);
  if (r == kSuccess)
    r = d.cuFuncGetAttribute(&limits.maxDynamicShared,
                             kFuncMaxDynamicSharedSizeBytes, function);
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "cuFuncGetAttribute", where);
  limits.blockShared = cuda.sharedOptin;
  limits.canRaise = true;
  return nullptr;
}

// Raises the entry's dynamic shared memory limit (the opt-in above 48 KiB).
tile_status_t CUDAModule::raiseDynamicShared(size_t index, uint32_t bytes) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  if (CUresult r = d.cuFuncSetAttribute(
          functions[index], kFuncMaxDynamicSharedSizeBytes, int(bytes)))
    return failure(TILE_UNSUPPORTED, r, "cuFuncSetAttribute",
                   "kernel '" + kernels[index].name + "': ");
  return nullptr;
}

tile_status_t CUDAModule::blocksPerComputeUnit(size_t index, int &out) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  const GPULaunchConfig &config = kernels[index].config;
  if (CUresult r = d.cuOccupancyMaxActiveBlocksPerMultiprocessor(
          &out, functions[index], int(config.threads), config.sharedBytes))
    return failure(TILE_INTERNAL, r,
                   "cuOccupancyMaxActiveBlocksPerMultiprocessor",
                   "kernel '" + kernels[index].name + "': ");
  return nullptr;
}

tile_status_t CUDAModule::findGlobal(const char *symbol, void *&address,
                                     size_t &bytes) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  CUdeviceptr global = 0;
  CUresult r = d.cuModuleGetGlobal_v2(&global, &bytes, module, symbol);
  if (r == kErrorNotFound) {
    address = nullptr;
    return nullptr;
  }
  if (r != kSuccess)
    return failure(TILE_CORRUPT_ARTIFACT, r, "cuModuleGetGlobal_v2");
  address = reinterpret_cast<void *>(static_cast<uintptr_t>(global));
  return nullptr;
}

// Compares the entry's parameters with the artifact's argument kinds, where
// the driver can tell (cuFuncGetParamInfo, CUDA 12.4 and later).
tile_status_t CUDAModule::checkParams(const KernelInfo &info,
                                      CUfunction function) {
  const Driver &d = driver();
  if (!d.cuFuncGetParamInfo)
    return nullptr;
  const std::string where =
      "kernel '" + info.name + "': entry '" + info.symbol + "' takes ";
  const std::string declared =
      "the artifact declares " + std::to_string(info.args.size()) +
      " argument" + (info.args.size() == 1 ? "" : "s") +
      (info.tensorMaps.empty()
           ? std::string()
           : " and " + std::to_string(info.tensorMaps.size()) + " tensor map" +
                 (info.tensorMaps.size() == 1 ? "" : "s"));
  const size_t params = info.args.size() + info.tensorMaps.size();
  for (size_t i = 0; i <= params; ++i) {
    size_t offset = 0, size = 0;
    CUresult r = d.cuFuncGetParamInfo(function, i, &offset, &size);
    if (i == params) {
      if (r == kSuccess)
        return makeStatus(TILE_CORRUPT_ARTIFACT,
                          where + "more than " + std::to_string(i) +
                              " parameters; " + declared);
      break;
    }
    if (r == kErrorInvalidValue)
      return makeStatus(TILE_CORRUPT_ARTIFACT,
                        where + std::to_string(i) + " parameter" +
                            (i == 1 ? "" : "s") + "; " + declared);
    if (r != kSuccess)
      return failure(TILE_CORRUPT_ARTIFACT, r, "cuFuncGetParamInfo");
    if (i >= info.args.size()) {
      if (size != 128)
        return makeStatus(TILE_CORRUPT_ARTIFACT,
                          where + "parameter #" + std::to_string(i) + " of " +
                              std::to_string(size) +
                              " bytes where a 128-byte tensor map goes");
      continue;
    }
    size_t expected = gpuParamBytes(info.args[i]);
    if (size != expected)
      return makeStatus(TILE_CORRUPT_ARTIFACT,
                        where + "parameter #" + std::to_string(i) + " of " +
                            std::to_string(size) + " bytes, but argument #" +
                            std::to_string(i) + " is " +
                            argKindName(info.args[i]) + " (" +
                            std::to_string(expected) + " bytes)");
  }
  return nullptr;
}

tile_status_t CUDAModule::encodeTensorMap(const TensorMapInfo &map,
                                          void *address,
                                          const std::vector<int64_t> &sizes,
                                          const std::vector<int64_t> &strides,
                                          void *out) {
  const Driver &d = driver();
  if (!d.cuTensorMapEncodeTiled)
    return makeStatus(TILE_UNSUPPORTED,
                      "libcuda.so.1 has no cuTensorMapEncodeTiled (a driver "
                      "of CUDA 12.0 or later is needed)");
  // CUtensorMapDataType by element; f8 goes as bytes.
  int type = -1, bytes = 0;
  switch (map.element) {
  case ArgKind::I8:
    type = 0, bytes = 1;
    break;
  case ArgKind::I16:
    type = 1, bytes = 2;
    break;
  case ArgKind::I32:
    type = 3, bytes = 4;
    break;
  case ArgKind::I64:
    type = 5, bytes = 8;
    break;
  case ArgKind::F16:
    type = 6, bytes = 2;
    break;
  case ArgKind::F32:
    type = 7, bytes = 4;
    break;
  case ArgKind::F64:
    type = 8, bytes = 8;
    break;
  case ArgKind::BF16:
    type = 9, bytes = 2;
    break;
  default:
    return makeStatus(TILE_UNSUPPORTED, std::string("no tensor maps of ") +
                                            argKindName(map.element));
  }
  // The driver's order is innermost first; strides in bytes, the
  // innermost (1 element) left out.
  unsigned rank = unsigned(sizes.size());
  uint64_t dims[5], byteStrides[5];
  unsigned box[5], elementStrides[5];
  for (unsigned i = 0; i < rank; ++i) {
    unsigned from = rank - 1 - i;
    if (sizes[from] < 1 || strides[from] < 1)
      return makeStatus(TILE_INVALID_ARGUMENT,
                        "size " + std::to_string(sizes[from]) + " and stride " +
                            std::to_string(strides[from]) + " of dimension " +
                            std::to_string(from) + " must be positive");
    dims[i] = uint64_t(sizes[from]);
    byteStrides[i] = uint64_t(strides[from]) * bytes;
    box[i] = unsigned(map.box[from]);
    elementStrides[i] = 1;
  }
  int swizzle = map.swizzleBytes == 128  ? 3
                : map.swizzleBytes == 64 ? 2
                : map.swizzleBytes == 32 ? 1
                                         : 0;
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  CUresult r = d.cuTensorMapEncodeTiled(
      out, type, rank, address, dims, byteStrides + 1, box, elementStrides,
      /*interleave=*/0, swizzle, /*l2Promotion: 256 bytes=*/3,
      /*oobFill=*/map.nanFill ? 1 : 0);
  if (r != kSuccess)
    return failure(TILE_INVALID_ARGUMENT, r, "cuTensorMapEncodeTiled",
                   "a base 16-byte aligned and strides of multiples of 16 "
                   "bytes are required: ");
  return nullptr;
}

tile_status_t CUDAModule::launchEntry(size_t index, const uint32_t grid[3],
                                      void **args, void *stream) {
  const Driver &d = driver();
  const GPULaunchConfig &config = kernels[index].config;
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  if (CUresult r = d.cuLaunchKernel(functions[index], grid[0], grid[1], grid[2],
                                    config.threads, 1, 1, config.sharedBytes,
                                    toStream(stream), args, nullptr))
    return failure(TILE_LAUNCH_FAILED, r, "cuLaunchKernel",
                   "cannot launch kernel " + kernels[index].name + ": ");
  return nullptr;
}

tile_status_t CUDAModule::recordEvent(int which) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  if (!events[which])
    if (CUresult r = d.cuEventCreate(&events[which], 0)) {
      events[which] = nullptr;
      return failure(TILE_INTERNAL, r, "cuEventCreate");
    }
  if (CUresult r = d.cuEventRecord(events[which], nullptr))
    return failure(TILE_LAUNCH_FAILED, r, "cuEventRecord");
  return nullptr;
}

tile_status_t CUDAModule::elapsedMilliseconds(double &milliseconds) {
  const Driver &d = driver();
  TILE_PUSH_CONTEXT(scope, cuda.context, TILE_INTERNAL);
  float ms = 0;
  if (CUresult r = d.cuEventSynchronize(events[1]))
    return failure(TILE_LAUNCH_FAILED, r, "cuEventSynchronize");
  if (CUresult r = d.cuEventElapsedTime(&ms, events[0], events[1]))
    return failure(TILE_LAUNCH_FAILED, r, "cuEventElapsedTime");
  milliseconds = ms;
  return nullptr;
}

tile_status_t CUDADevice::loadModule(const Artifact &artifact,
                                     std::unique_ptr<ModuleImpl> &out) {
  return CUDAModule::load(*this, artifact, out);
}

class CUDABackend final : public Backend {
public:
  const char *name() const override { return "cuda"; }
  const char *target() const override { return "nvidia"; }

  tile_status_t deviceCount(int *out) override {
    const Driver &d = driver();
    if (!d.unavailable.empty())
      return makeStatus(TILE_NO_DEVICE, "no CUDA device: " + d.unavailable);
    if (CUresult r = d.cuDeviceGetCount(out))
      return failure(TILE_NO_DEVICE, r, "cuDeviceGetCount", "no CUDA device: ");
    return nullptr;
  }

  tile_status_t openDevice(int ordinal,
                           std::unique_ptr<DeviceImpl> &out) override {
    const Driver &d = driver();
    if (!d.unavailable.empty())
      return makeStatus(TILE_NO_DEVICE, "no CUDA device: " + d.unavailable);
    return CUDADevice::open(ordinal, out);
  }
};

} // namespace

Backend &mlir::tile::rt::cudaBackend() {
  static CUDABackend backend;
  return backend;
}
