//===- Backend.h - The interface of a runtime backend -----------*- C++ -*-===//
//
// runtime.cpp implements the C API once: argument checking, handle lifetimes,
// artifact parsing and target matching. Everything that touches a device goes
// through these classes, one implementation per folder (cpu/, cuda/, hip/).
// A backend sees only validated requests.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_BACKEND_H
#define TILE_RUNTIME_BACKEND_H

#include "tile/Runtime/artifact.h"
#include "tile/runtime.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tile {
namespace rt {

/// A status with \p message; never fails (falls back to a static
/// out-of-memory status).
tile_status_t makeStatus(tile_status_code_t code, const std::string &message);

class EventImpl;

/// An in-order queue of work on one device. Work is checked before it is
/// queued; what fails while it runs is kept and reported by synchronize().
class StreamImpl {
public:
  virtual ~StreamImpl() = default;
  /// Waits for the work queued so far; reports the first failure of work
  /// queued since the last synchronize (naming the kernel where it was a
  /// launch) and forgets it.
  virtual tile_status_t synchronize() = 0;
  /// Sets \p idle to whether all work queued so far has finished.
  virtual tile_status_t query(bool &idle) = 0;
  /// Queues a wait: later work on this stream starts after \p event (of the
  /// same device) completes, as last recorded when this is called.
  virtual tile_status_t waitFor(EventImpl &event) = 0;
  /// Queues copies between host memory, which the caller keeps valid until
  /// the stream is synchronized, and device memory.
  virtual tile_status_t copyFromHost(void *dst, const void *src,
                                     size_t bytes) = 0;
  virtual tile_status_t copyToHost(void *dst, const void *src,
                                   size_t bytes) = 0;
};

/// A marker recorded on a stream, completed when the stream reaches it.
class EventImpl {
public:
  virtual ~EventImpl() = default;
  /// Records the event at the current end of \p stream (same device).
  virtual tile_status_t record(StreamImpl &stream) = 0;
  /// Waits until the last recording completes (at once if never recorded).
  virtual tile_status_t synchronize() = 0;
  virtual tile_status_t query(bool &done) = 0;
  /// Waits for both events and sets \p milliseconds to the time from this
  /// one to \p end. Both must have been recorded.
  virtual tile_status_t elapsed(EventImpl &end, double &milliseconds) = 0;
};

/// What tile_device_info reports, filled by the backend.
struct DeviceProperties {
  std::string name; ///< "NVIDIA H200", the CPU's model name
  std::string chip; ///< "sm_90", "gfx942", "x86_64"
  uint64_t memoryBytes = 0;
  int computeUnits = 0; ///< multiprocessors, compute units, CPU threads
};

/// A module: the loaded binary of one artifact.
class ModuleImpl {
public:
  virtual ~ModuleImpl() = default;
  /// Runs kernel \p index (in artifact order) on a grid with no zero extent.
  /// \p args follows the kernel ABI: args[i] points to argument i's storage,
  /// device addresses for pointer arguments.
  virtual tile_status_t launch(size_t index, const uint32_t grid[3],
                               void **args) = 0;
  /// Like launch, then waits for it to finish and sets \p milliseconds to its
  /// duration, measured the backend's way (the host clock on the CPU, events
  /// on GPUs).
  virtual tile_status_t launchTimed(size_t index, const uint32_t grid[3],
                                    void **args, double &milliseconds) = 0;
  /// Queues kernel \p index on \p stream (of the module's device). \p args
  /// stays valid while \p keepAlive is held, which a backend that runs the
  /// launch later keeps until then.
  virtual tile_status_t launchOn(StreamImpl &stream, size_t index,
                                 const uint32_t grid[3], void **args,
                                 std::shared_ptr<const void> keepAlive) = 0;
  /// Sets \p out to how many programs of kernel \p index the device runs
  /// at once (at least 1): the programs a persistent kernel is launched
  /// with.
  virtual tile_status_t residentPrograms(size_t index, uint64_t &out) = 0;
  /// Encodes the tensor map \p map over device memory at \p address with
  /// these sizes and strides (elements; outermost first, as in \p map) into
  /// the 128 bytes at \p out (64-byte aligned). Backends without tensor
  /// maps refuse.
  virtual tile_status_t encodeTensorMap(const TensorMapInfo &map, void *address,
                                        const std::vector<int64_t> &sizes,
                                        const std::vector<int64_t> &strides,
                                        void *out);
};

/// One open device.
class DeviceImpl {
public:
  virtual ~DeviceImpl() = default;
  virtual const char *name() const = 0;
  /// Device memory of \p bytes > 0 bytes; *out is its device address.
  virtual tile_status_t allocate(size_t bytes, void **out) = 0;
  virtual void release(void *address) = 0;
  virtual tile_status_t copyFromHost(void *dst, const void *src,
                                     size_t bytes) = 0;
  virtual tile_status_t copyToHost(void *dst, const void *src,
                                   size_t bytes) = 0;
  /// Repeats a 1, 2, 4 or 8-byte pattern over \p bytes, a multiple of it.
  virtual tile_status_t fill(void *dst, size_t bytes, const void *pattern,
                             size_t patternBytes) = 0;
  /// Loads an artifact already checked to be for this backend's target.
  virtual tile_status_t loadModule(const Artifact &artifact,
                                   std::unique_ptr<ModuleImpl> &out) = 0;
  virtual tile_status_t synchronize() = 0;
  virtual tile_status_t properties(DeviceProperties &out) = 0;
  virtual tile_status_t createStream(std::unique_ptr<StreamImpl> &out) = 0;
  /// A stream over the caller's native stream handle (CUstream,
  /// hipStream_t), never destroyed by the runtime. Backends without native
  /// streams refuse.
  virtual tile_status_t wrapStream(void *native,
                                   std::unique_ptr<StreamImpl> &out);
  virtual tile_status_t createEvent(std::unique_ptr<EventImpl> &out) = 0;
};

/// A kind of device ("cpu", "cuda", "hip").
class Backend {
public:
  virtual ~Backend() = default;
  /// The name callers open devices by.
  virtual const char *name() const = 0;
  /// The artifact target this backend runs ("cpu", "nvidia", "amd").
  virtual const char *target() const = 0;
  virtual tile_status_t deviceCount(int *out) = 0;
  /// \p ordinal is non-negative; out-of-range ordinals give TILE_NO_DEVICE.
  virtual tile_status_t openDevice(int ordinal,
                                   std::unique_ptr<DeviceImpl> &out) = 0;
};

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_BACKEND_H
