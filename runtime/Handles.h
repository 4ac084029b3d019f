//===- Handles.h - The runtime's generation-tagged handles ------*- C++ -*-===//
//
// Every handle the C API gives out (device, buffer, module, kernel, stream,
// event) is a slot index, the handle's kind and the slot's generation packed
// into the pointer value: never an address. Freeing, unloading or closing
// retires the slot, so a stale handle (a double free, a kernel of an unloaded
// module, a closed device) is recognized and refused with TILE_INVALID_ARGUMENT
// instead of being dereferenced; a slot is reused only under a new generation.
//
// The table holds one shared reference to each object. A call looks its
// handles up and holds its own references while it runs, so a free on another
// thread cannot destroy an object under it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_HANDLES_H
#define TILE_RUNTIME_HANDLES_H

#include "tile/runtime.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace mlir::tile {
namespace rt {

enum class HandleKind : unsigned {
  Device,
  Buffer,
  Module,
  Kernel,
  Stream,
  Event
};

/// The process-wide table (thread-safe: one mutex, held only for the lookup
/// itself, never while an object is destroyed).
class HandleTable {
public:
  static HandleTable &get();

  /// Registers \p object under a new handle value (never 0). \p index is
  /// stored with it (a kernel's index in its module). Throws std::bad_alloc;
  /// TILE_OUT_OF_MEMORY when the table is full.
  tile_status_t add(HandleKind kind, std::shared_ptr<void> object, size_t index,
                    uintptr_t &handle);

  /// Finds a live handle of \p kind: a new reference to its object, and its
  /// index. Refuses stale handles, handles of another kind and values the
  /// table never gave out.
  tile_status_t find(uintptr_t handle, HandleKind kind,
                     std::shared_ptr<void> &object, size_t *index = nullptr);

  /// Retires a live handle of \p kind and hands the table's reference to
  /// \p object, for the caller to drop outside the lock.
  tile_status_t remove(uintptr_t handle, HandleKind kind,
                       std::shared_ptr<void> &object);

private:
  HandleTable() = default;
  struct Impl;
  Impl *impl = nullptr;
};

/// Handle values as the C API's opaque pointer types, and back.
template <typename Handle> Handle toHandle(uintptr_t value) {
  return reinterpret_cast<Handle>(value);
}
template <typename Handle> uintptr_t fromHandle(Handle handle) {
  return reinterpret_cast<uintptr_t>(handle);
}

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_HANDLES_H
