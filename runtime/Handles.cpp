//===- Handles.cpp - The runtime's table of generation-tagged handles -----===//
//
// A handle value is, from the low bits up: the slot index plus one (so that
// no handle is 0), the kind (3 bits), and the slot's generation. A slot's
// generation grows by one each time it is reused; one that reaches the
// largest generation is never reused, so no two handles are ever equal.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/Handles.h"
#include "tile/Runtime/Backend.h"

#include <cstdio>
#include <mutex>
#include <vector>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

constexpr unsigned kBits = sizeof(uintptr_t) * 8;
constexpr unsigned kIndexBits = kBits >= 64 ? 32 : 14;
constexpr unsigned kKindBits = 3;
constexpr unsigned kGenerationBits = kBits - kIndexBits - kKindBits;
constexpr uintptr_t kIndexMask = (uintptr_t(1) << kIndexBits) - 1;
constexpr uintptr_t kMaxGeneration = (uintptr_t(1) << kGenerationBits) - 1;
constexpr size_t kMaxSlots = size_t(kIndexMask); // index + 1 fits the field

const char *kindName(HandleKind kind) {
  switch (kind) {
  case HandleKind::Device:
    return "device";
  case HandleKind::Buffer:
    return "buffer";
  case HandleKind::Module:
    return "module";
  case HandleKind::Kernel:
    return "kernel";
  case HandleKind::Stream:
    return "stream";
  case HandleKind::Event:
    return "event";
  }
  return "?";
}

// Why a handle of \p kind goes stale.
const char *staleReason(HandleKind kind) {
  switch (kind) {
  case HandleKind::Device:
    return "closed";
  case HandleKind::Buffer:
    return "freed";
  case HandleKind::Module:
    return "unloaded";
  case HandleKind::Kernel:
    return "its module was unloaded";
  case HandleKind::Stream:
  case HandleKind::Event:
    return "destroyed";
  }
  return "?";
}

struct Slot {
  uintptr_t generation = 0; // of the current or last holder; 0: never used
  bool live = false;
  HandleKind kind = HandleKind::Device;
  std::shared_ptr<void> object;
  size_t index = 0;
};

} // namespace

struct HandleTable::Impl {
  std::mutex mutex;
  std::vector<Slot> slots;
  std::vector<size_t> free; // slots to reuse

  // The live slot \p handle names, or a status saying why there is none.
  // Holds the mutex.
  tile_status_t lookup(uintptr_t handle, HandleKind kind, Slot *&out) {
    uintptr_t index = (handle & kIndexMask) - 1;
    HandleKind actual =
        HandleKind((handle >> kIndexBits) & ((1u << kKindBits) - 1));
    uintptr_t generation = handle >> (kIndexBits + kKindBits);
    if ((handle & kIndexMask) == 0 || index >= slots.size() ||
        generation == 0 || generation > slots[index].generation) {
      char text[32];
      std::snprintf(text, sizeof(text), "%#llx",
                    static_cast<unsigned long long>(handle));
      return makeStatus(TILE_INVALID_ARGUMENT,
                        std::string(kindName(kind)) + " handle " + text +
                            " is not a handle the runtime gave out");
    }
    if (actual != kind)
      return makeStatus(TILE_INVALID_ARGUMENT,
                        std::string(kindName(kind)) + " handle is a " +
                            kindName(actual) + " handle");
    Slot &slot = slots[index];
    if (generation != slot.generation || !slot.live)
      return makeStatus(TILE_INVALID_ARGUMENT, std::string(kindName(kind)) +
                                                   " handle is stale (" +
                                                   staleReason(kind) + ")");
    out = &slot;
    return nullptr;
  }
};

HandleTable &HandleTable::get() {
  // Never destroyed: handles stay checkable in static destructors and
  // atexit handlers. What it still holds at exit is reachable, not leaked.
  static HandleTable *table = [] {
    auto *t = new HandleTable;
    t->impl = new Impl;
    return t;
  }();
  return *table;
}

tile_status_t HandleTable::add(HandleKind kind, std::shared_ptr<void> object,
                               size_t index, uintptr_t &handle) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  size_t at;
  if (!impl->free.empty()) {
    at = impl->free.back();
    impl->free.pop_back();
  } else {
    if (impl->slots.size() >= kMaxSlots)
      return makeStatus(TILE_OUT_OF_MEMORY, "too many live handles");
    // Room for every slot on the free list, so that remove never allocates.
    impl->free.reserve(impl->slots.size() + 1);
    impl->slots.emplace_back();
    at = impl->slots.size() - 1;
  }
  Slot &slot = impl->slots[at];
  ++slot.generation;
  slot.live = true;
  slot.kind = kind;
  slot.object = std::move(object);
  slot.index = index;
  handle = slot.generation << (kIndexBits + kKindBits) |
           uintptr_t(kind) << kIndexBits | uintptr_t(at + 1);
  return nullptr;
}

tile_status_t HandleTable::find(uintptr_t handle, HandleKind kind,
                                std::shared_ptr<void> &object, size_t *index) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  Slot *slot = nullptr;
  if (tile_status_t s = impl->lookup(handle, kind, slot))
    return s;
  object = slot->object;
  if (index)
    *index = slot->index;
  return nullptr;
}

tile_status_t HandleTable::remove(uintptr_t handle, HandleKind kind,
                                  std::shared_ptr<void> &object) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  Slot *slot = nullptr;
  if (tile_status_t s = impl->lookup(handle, kind, slot))
    return s;
  object = std::move(slot->object);
  slot->object.reset();
  slot->live = false;
  // Cannot allocate: add reserved room for every slot. A slot at the last
  // generation is retired for good.
  if (slot->generation < kMaxGeneration)
    impl->free.push_back(size_t(slot - impl->slots.data()));
  return nullptr;
}
