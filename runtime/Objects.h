//===- Objects.h - The objects behind the C API's handles -------*- C++ -*-===//
//
// What runtime.cpp (devices, buffers, modules, launches) and Streams.cpp
// (streams, events) share: the objects the handle table holds, how a call
// looks a handle up, and how an API body turns exceptions into statuses.
// Internal to the runtime; backends see only Backend.h.
//
// Lifetimes: the handle table holds one reference to each object until it
// is closed, freed, unloaded or destroyed. Buffers, modules, streams and
// events hold one to their device, so the device outlives them; work queued
// on a stream holds the objects it uses until the stream is known idle.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_OBJECTS_H
#define TILE_RUNTIME_OBJECTS_H

#include "tile/Runtime/Backend.h"
#include "tile/Runtime/Handles.h"

#include <atomic>
#include <map>
#include <mutex>
#include <new>

namespace mlir::tile {
namespace rt {

struct Device {
  Backend *backend = nullptr;
  int ordinal = 0;
  std::string label; ///< "cuda:1", for messages
  DeviceProperties properties;
  std::unique_ptr<DeviceImpl> impl;
  /// Split loops' workspaces (address, bytes) that no launch without a
  /// stream uses now; each is lent to one launch at a time (runtime.cpp).
  std::mutex workspaceMutex;
  std::vector<std::pair<void *, size_t>> idleWorkspaces;
  ~Device() {
    for (auto &[address, bytes] : idleWorkspaces)
      impl->release(address);
  }
};

struct Buffer {
  std::shared_ptr<Device> device;
  void *address = nullptr;
  size_t size = 0;
  /// False for memory the caller owns (tile_buffer_wrap).
  bool owned = true;
  ~Buffer() {
    if (address && owned)
      device->impl->release(address);
  }
};

/// What tuning chose for a module's kernels in this process (Tuning.cpp).
struct TuningChoices {
  /// Held while a choice is looked up or made: launches on other threads
  /// wait for a tuning run rather than time the kernel again.
  std::mutex tuning;
  std::map<std::string, size_t> chosen; ///< kernel '\t' bucket -> alternative
};

/// Members go in reverse order: the module's binary is unloaded before its
/// device may go.
struct Module {
  std::shared_ptr<Device> device;
  std::vector<KernelInfo> kernels;
  std::string key; ///< the artifact's content key
  std::unique_ptr<TuningChoices> choices = std::make_unique<TuningChoices>();
  std::unique_ptr<ModuleImpl> impl;
  std::vector<uintptr_t> kernelHandles; ///< one per kernel, same order
};

/// A kernel handle's referent: its module (kept alive while a call uses it)
/// and its index there.
struct KernelRef {
  std::shared_ptr<Module> module;
  size_t index = 0;
  const KernelInfo &info() const { return module->kernels[index]; }
};

/// The backend's stream is destroyed first (a CPU stream finishes its queue),
/// then what its work used, then the reference to the device.
struct Stream {
  std::shared_ptr<Device> device;
  /// Serializes queueing and synchronizing: a stream may be shared by
  /// threads, and its work runs in the order it was queued.
  std::mutex mutex;
  /// What queued work uses; dropped when the stream is known idle.
  std::vector<std::shared_ptr<const void>> inFlight;
  /// A failure found while dropping inFlight early, for the next
  /// synchronization to report.
  tile_status_t pendingFailure = nullptr;
  /// The workspace of split loops launched on this stream (they run one
  /// after another, and each leaves its counters zero); dropped once a
  /// failure is found, as a failed launch may not have.
  std::shared_ptr<Buffer> workspace;
  std::unique_ptr<StreamImpl> impl;
  ~Stream() {
    impl.reset();
    tile_status_free(pendingFailure);
  }
};

struct Event {
  std::shared_ptr<Device> device;
  std::atomic<bool> recorded{false};
  std::unique_ptr<EventImpl> impl;
};

inline HandleTable &handles() { return HandleTable::get(); }

inline tile_status_t invalid(const std::string &message) {
  return makeStatus(TILE_INVALID_ARGUMENT, message);
}

/// Looks up a non-null handle of the C type \p Handle as an object of type
/// \p T; "NAME is null" for a null one.
template <typename T, typename Handle>
tile_status_t lookup(Handle handle, HandleKind kind, const char *name,
                     std::shared_ptr<T> &out) {
  if (!handle)
    return invalid(std::string(name) + " is null");
  std::shared_ptr<void> object;
  if (tile_status_t s = handles().find(fromHandle(handle), kind, object))
    return s;
  out = std::static_pointer_cast<T>(object);
  return nullptr;
}

inline tile_status_t lookupKernel(tile_kernel_t kernel, KernelRef &out) {
  if (!kernel)
    return invalid("kernel is null");
  std::shared_ptr<void> object;
  if (tile_status_t s = handles().find(fromHandle(kernel), HandleKind::Kernel,
                                       object, &out.index))
    return s;
  out.module = std::static_pointer_cast<Module>(object);
  return nullptr;
}

/// Registers \p object; on success the handle goes to \p out.
template <typename Handle, typename T>
tile_status_t publish(HandleKind kind, std::shared_ptr<T> object, Handle *out) {
  uintptr_t value = 0;
  if (tile_status_t s = handles().add(kind, std::move(object), 0, value))
    return s;
  *out = toHandle<Handle>(value);
  return nullptr;
}

/// Retires a handle: a null one is a no-op, a stale one an error. The object
/// is destroyed here, outside the table's lock, if this was its last
/// reference.
template <typename Handle>
tile_status_t retire(Handle handle, HandleKind kind) {
  if (!handle)
    return nullptr;
  std::shared_ptr<void> object;
  return handles().remove(fromHandle(handle), kind, object);
}

/// Runs an API body, turning an escaping C++ exception into a status.
template <typename Body> tile_status_t guarded(Body &&body) {
#if defined(__cpp_exceptions)
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return makeStatus(TILE_OUT_OF_MEMORY, "out of memory");
  } catch (...) {
    return makeStatus(TILE_INTERNAL, "unexpected C++ exception");
  }
#else
  return body();
#endif
}

/// Two opens of one device are one device: same memory, same context.
inline bool sameDevice(const Device &a, const Device &b) {
  return a.backend == b.backend && a.ordinal == b.ordinal;
}

/// "WHAT is of device cuda:1, but OWNER is on cuda:0" when \p expected and
/// \p actual are different devices (not two opens of one).
tile_status_t checkSameDevice(const Device &expected, const Device &actual,
                              const std::string &what,
                              const std::string &owner);

/// Refuses [offset, offset + bytes) outside \p buffer, naming \p what.
tile_status_t checkRange(const Buffer &buffer, size_t offset, size_t bytes,
                         const char *what);

/// Queues a launch of \p kernel on \p stream (null: the device's default
/// stream, synchronously as tile_kernel_launch does); \p outMilliseconds
/// (synchronous launches only) asks for its time.
tile_status_t launchKernel(tile_kernel_t kernel, Stream *stream,
                           const uint32_t grid[3], const tile_arg_t *args,
                           size_t numArgs, double *outMilliseconds);

/// Adds \p object to what \p stream's queued work uses; drops the list when
/// it grows long and the stream turns out idle. Holds stream.mutex.
void keepInFlight(Stream &stream, std::shared_ptr<const void> object);

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_OBJECTS_H
