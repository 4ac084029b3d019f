//===- runtime.cpp - The tile runtime's C API -----------------------------===//
//
// Implements tile/runtime.h once for every backend: checks every argument,
// owns the objects behind the handles (Handles.h: every handle is checked, a
// stale one is an error), parses artifacts and matches their target, converts
// launch arguments to the kernel ABI, then hands validated requests to the
// backend.
// No function throws or aborts: C++ exceptions (only std::bad_alloc can occur)
// become statuses at the API boundary, and all ownership is RAII so that no
// error path leaks.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/Objects.h"
#include "tile/Runtime/Tuning.h"
#include "tile/Runtime/cpu/CPUBackend.h"
#include "tile/Runtime/cuda/CUDABackend.h"
#include "tile/Runtime/hip/HIPBackend.h"

#include <algorithm>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

using namespace mlir::tile;
using namespace mlir::tile::rt;

tile_status_t DeviceImpl::wrapStream(void *, std::unique_ptr<StreamImpl> &) {
  return makeStatus(TILE_UNSUPPORTED,
                    "this device's backend has no native streams to wrap");
}

tile_status_t ModuleImpl::encodeTensorMap(const TensorMapInfo &, void *,
                                          const std::vector<int64_t> &,
                                          const std::vector<int64_t> &,
                                          void *) {
  return makeStatus(TILE_UNSUPPORTED,
                    "this device's backend has no tensor maps");
}

namespace {

//===----------------------------------------------------------------------===//
// Backends
//===----------------------------------------------------------------------===//

// The dispatch table: a backend folder plugs in with its getter.
struct BackendEntry {
  const char *name;
  Backend &(*get)();
};

constexpr BackendEntry kBackends[] = {
    {"cpu", cpuBackend},
    {"cuda", cudaBackend},
    {"hip", hipBackend},
};

tile_status_t findBackend(const char *name, Backend *&out) {
  if (!name)
    return invalid("backend name is null");
  for (const BackendEntry &entry : kBackends)
    if (std::strcmp(entry.name, name) == 0) {
      out = &entry.get();
      return nullptr;
    }
  return invalid(std::string("unknown backend '") + name +
                 "' (known: cpu, cuda, hip)");
}

//===----------------------------------------------------------------------===//
// Launch arguments
//===----------------------------------------------------------------------===//

// The storage of one argument, aligned for any scalar kind. Narrow values sit
// at offset 0 (little-endian), so an i1 is one byte holding 0 or 1.
union ArgSlot {
  void *pointer;
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;
  float f32;
  double f64;
};

// mlir::tile::ArgKind and tile_arg_kind_t list the kinds in the same order.
static_assert(int(ArgKind::Ptr) == TILE_ARG_PTR &&
                  int(ArgKind::I1) == TILE_ARG_I1 &&
                  int(ArgKind::I64) == TILE_ARG_I64 &&
                  int(ArgKind::BF16) == TILE_ARG_BF16 &&
                  int(ArgKind::F64) == TILE_ARG_F64,
              "argument kind enums differ");

const char *kindName(tile_arg_kind_t kind) { return tile_arg_kind_name(kind); }

ArgKind toArgKind(tile_arg_kind_t kind) {
  return static_cast<ArgKind>(static_cast<int>(kind));
}

// The integer a C caller stored in an enum. C allows any int there, but in
// C++ reading a value outside the enumerators' range as the enum type is
// undefined, so copy the bytes instead.
template <typename Enum> int rawEnum(const Enum &value) {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are int-sized");
  int raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

bool isKnownKind(int kind) {
  return kind >= TILE_ARG_PTR && kind <= TILE_ARG_F64;
}

// Signless integers: a value fits an iN if it is a signed or unsigned N-bit
// value, so both -1 and 255 are valid i8 arguments.
bool fitsSignless(int64_t v, unsigned bits) {
  if (bits >= 64)
    return true;
  int64_t low = -(int64_t(1) << (bits - 1));
  int64_t high = (int64_t(1) << bits) - 1;
  return v >= low && v <= high;
}

unsigned intBits(tile_arg_kind_t kind) {
  switch (kind) {
  case TILE_ARG_I8:
    return 8;
  case TILE_ARG_I16:
    return 16;
  case TILE_ARG_I32:
    return 32;
  default:
    return 64;
  }
}

const char kAxes[] = {'x', 'y', 'z'};
// Portable limits of docs/Semantics.md, the same on every target.
const uint32_t kGridLimits[] = {2147483647u, 65535u, 65535u};

// "XxYxZ".
std::string gridText(const uint32_t grid[3]) {
  return std::to_string(grid[0]) + "x" + std::to_string(grid[1]) + "x" +
         std::to_string(grid[2]);
}

tile_status_t checkGrid(const uint32_t grid[3]) {
  if (!grid)
    return invalid("grid is null");
  for (int i = 0; i < 3; ++i) {
    if (grid[i] > kGridLimits[i])
      return invalid(std::string("grid extent ") + kAxes[i] + " = " +
                     std::to_string(grid[i]) + " is above the limit " +
                     std::to_string(kGridLimits[i]));
    // An empty launch is refused rather than silently skipped: it is
    // almost always a caller's size computation gone wrong.
    if (grid[i] == 0)
      return invalid(std::string("grid extent ") + kAxes[i] +
                     " is 0; every extent must be at least 1");
  }
  return nullptr;
}

// Argument \p arg as the signed integer of its kind's width (what a
// declared grid reads: docs/Semantics.md section 1.1); 0 for others.
int64_t signedArgument(const tile_arg_t &arg) {
  int bits = arg.kind == TILE_ARG_I8    ? 8
             : arg.kind == TILE_ARG_I16 ? 16
             : arg.kind == TILE_ARG_I32 ? 32
             : arg.kind == TILE_ARG_I64 ? 64
                                        : 0;
  if (bits == 0)
    return arg.kind == TILE_ARG_I1 ? arg.value.i & 1 : 0;
  if (bits == 64)
    return arg.value.i;
  uint64_t value = uint64_t(arg.value.i) & ((uint64_t(1) << bits) - 1);
  uint64_t sign = uint64_t(1) << (bits - 1);
  return int64_t(value ^ sign) - int64_t(sign);
}

// The grid \p info declares, for arguments already checked against it.
tile_status_t evaluateDeclaredGrid(const KernelInfo &info,
                                   const tile_arg_t *args, size_t numArgs,
                                   uint32_t out[3]) {
  std::vector<int64_t> values(numArgs);
  for (size_t i = 0; i < numArgs; ++i)
    values[i] = signedArgument(args[i]);
  for (int axis = 0; axis < 3; ++axis) {
    int64_t extent;
    std::string error;
    if (!evaluateGridExpr(info.grid[axis], values, extent, error))
      return invalid("kernel '" + info.name + "': " + error);
    if (extent < 1 || extent > int64_t(kGridLimits[axis]))
      return invalid(
          "kernel '" + info.name + "' declares grid extent " + kAxes[axis] +
          " = " + formatGridExpr(info.grid[axis]) + ", which is " +
          std::to_string(extent) + " for these arguments; " +
          (extent < 1 ? std::string("every extent must be at "
                                    "least 1")
                      : "the limit is " + std::to_string(kGridLimits[axis])));
    out[axis] = uint32_t(extent);
  }
  return nullptr;
}

// Checks the arguments of a launch of \p kernel and converts them to ABI
// storage: \p pointers[i] = &slots[i]. \p buffers keeps the buffers alive
// for the launch.
tile_status_t prepareArgs(const KernelRef &kernel, const tile_arg_t *args,
                          size_t numArgs, std::vector<ArgSlot> &slots,
                          std::vector<void *> &pointers,
                          std::vector<std::shared_ptr<Buffer>> &buffers) {
  const Module &module = *kernel.module;
  const KernelInfo &info = kernel.info();
  const size_t callerArgs = callerArgCount(info);
  if (numArgs != callerArgs)
    return invalid("kernel '" + info.name + "' takes " +
                   std::to_string(callerArgs) + " argument" +
                   (callerArgs == 1 ? "" : "s") + ", got " +
                   std::to_string(numArgs));
  if (numArgs > 0 && !args)
    return invalid("args is null");
  // A bounds-checked kernel takes its buffers' extents after the arguments.
  slots.assign(info.args.size(), ArgSlot());
  pointers.assign(info.args.size(), nullptr);
  buffers.assign(numArgs, nullptr);
  size_t nextExtent = numArgs;
  const size_t extentEnd = numArgs + bufferExtentCount(info);
  auto addExtent = [&](const Buffer &buffer) {
    if (nextExtent == extentEnd)
      return;
    slots[nextExtent].u64 = buffer.size;
    pointers[nextExtent] = &slots[nextExtent];
    ++nextExtent;
  };
  for (size_t i = 0; i < numArgs; ++i) {
    const tile_arg_t &arg = args[i];
    // Messages only: built when an argument is refused.
    auto argName = [&] {
      return "argument #" + std::to_string(i) + " of kernel '" + info.name +
             "'";
    };
    tile_arg_kind_t expected = static_cast<tile_arg_kind_t>(info.args[i]);
    int raw = rawEnum(arg.kind);
    if (!isKnownKind(raw))
      return invalid(argName() + " has unknown kind " + std::to_string(raw));
    const tile_arg_kind_t kind = static_cast<tile_arg_kind_t>(raw);
    if (toArgKind(kind) != info.args[i])
      return invalid(argName() + " is " + kindName(expected) + ", got " +
                     kindName(kind));
    ArgSlot &slot = slots[i];
    pointers[i] = &slot;
    switch (kind) {
    case TILE_ARG_PTR: {
      if (!arg.value.buffer)
        return invalid(argName() + " is a null buffer");
      if (tile_status_t s = lookup(arg.value.buffer, HandleKind::Buffer,
                                   "buffer", buffers[i])) {
        std::string message = argName() + ": " + tile_status_message(s);
        tile_status_free(s);
        return invalid(message);
      }
      if (!sameDevice(*module.device, *buffers[i]->device))
        return checkSameDevice(*module.device, *buffers[i]->device, argName(),
                               "the kernel");
      slot.pointer = buffers[i]->address;
      addExtent(*buffers[i]);
      break;
    }
    case TILE_ARG_I1:
      if (arg.value.i != 0 && arg.value.i != 1)
        return invalid(argName() + " is i1, got " +
                       std::to_string(arg.value.i) + " (expected 0 or 1)");
      slot.u8 = static_cast<uint8_t>(arg.value.i);
      break;
    case TILE_ARG_I8:
    case TILE_ARG_I16:
    case TILE_ARG_I32:
    case TILE_ARG_I64: {
      unsigned bits = intBits(kind);
      if (!fitsSignless(arg.value.i, bits))
        return invalid(argName() + " is " + kindName(kind) + ", and " +
                       std::to_string(arg.value.i) + " does not fit in " +
                       std::to_string(bits) + " bits");
      uint64_t v = static_cast<uint64_t>(arg.value.i);
      if (bits == 8)
        slot.u8 = static_cast<uint8_t>(v);
      else if (bits == 16)
        slot.u16 = static_cast<uint16_t>(v);
      else if (bits == 32)
        slot.u32 = static_cast<uint32_t>(v);
      else
        slot.u64 = v;
      break;
    }
    case TILE_ARG_F16:
    case TILE_ARG_BF16:
      slot.u16 = arg.value.bits16;
      break;
    case TILE_ARG_F32:
      if (std::isfinite(arg.value.f) && std::fabs(arg.value.f) > FLT_MAX) {
        char text[32];
        std::snprintf(text, sizeof(text), "%g", arg.value.f);
        return invalid(argName() + " is f32, and " + text +
                       " is out of its range");
      }
      slot.f32 = static_cast<float>(arg.value.f);
      break;
    case TILE_ARG_F64:
      slot.f64 = arg.value.f;
      break;
    }
  }
  return nullptr;
}

// The kernel to launch for `kernel` (the kernel as written or one of its
// alternatives) with these (checked) arguments, whose values are in `slots`:
// its variant compiled for arguments divisible by 16 (`divisible_args`:
// which ones) when they all are, `kernel` itself otherwise.
size_t chooseVariant(const KernelRef &kernel, const tile_arg_t *args,
                     const std::vector<ArgSlot> &slots) {
  const std::vector<KernelInfo> &kernels = kernel.module->kernels;
  const std::string &name = kernel.info().name;
  int64_t alternative = alternativeOf(kernel.info());
  for (size_t i = 0; i < kernels.size(); ++i) {
    const int64_t *mask = findAttr(kernels[i], "divisible_args");
    if (!mask || kernels[i].name != name ||
        alternativeOf(kernels[i]) != alternative)
      continue;
    bool holds = true;
    for (size_t a = 0; a < callerArgCount(kernels[i]) && holds; ++a) {
      if (!(uint64_t(*mask) >> a & 1))
        continue;
      uint64_t value = args[a].kind == TILE_ARG_PTR
                           ? reinterpret_cast<uintptr_t>(slots[a].pointer)
                           : uint64_t(args[a].value.i);
      holds = value % 16 == 0;
    }
    if (holds)
      return i;
  }
  return kernel.index;
}

// Whether the (checked) arguments keep the hints `info` was compiled assuming
// (`argI_divisibility`, `argI_noalias`): a launch that breaks one is
// erroneous (docs/Semantics.md), so it is refused rather than run.
tile_status_t checkArgumentHints(const KernelInfo &info, const tile_arg_t *args,
                                 const std::vector<ArgSlot> &slots,
                                 const std::vector<std::shared_ptr<Buffer>> &buffers) {
  const size_t numArgs = callerArgCount(info);
  auto argName = [&](size_t i) {
    return "argument #" + std::to_string(i) + " of kernel '" + info.name + "'";
  };
  for (size_t i = 0; i < numArgs; ++i) {
    std::string prefix = "arg" + std::to_string(i) + "_";
    if (const int64_t *divisor = findAttr(info, prefix + "divisibility")) {
      bool pointer = args[i].kind == TILE_ARG_PTR;
      int64_t value = pointer ? int64_t(reinterpret_cast<uintptr_t>(
                                    slots[i].pointer))
                              : args[i].value.i;
      if (*divisor > 0 && value % *divisor != 0) {
        char text[32];
        std::snprintf(text, sizeof(text), pointer ? "address 0x%llx" : "%lld",
                      static_cast<long long>(value));
        return invalid(argName(i) + " is " + text + ", not a multiple of " +
                       std::to_string(*divisor) +
                       ", as the kernel was compiled assuming "
                       "(tile.divisibility)");
      }
    }
    if (!findAttr(info, prefix + "noalias") || args[i].kind != TILE_ARG_PTR)
      continue;
    const Buffer &mine = *buffers[i];
    auto begin = reinterpret_cast<uintptr_t>(mine.address);
    for (size_t j = 0; j < numArgs; ++j) {
      if (j == i || args[j].kind != TILE_ARG_PTR)
        continue;
      auto other = reinterpret_cast<uintptr_t>(buffers[j]->address);
      if (begin < other + buffers[j]->size && other < begin + mine.size)
        return invalid(argName(i) + " is tile.noalias, but argument #" +
                       std::to_string(j) + " reaches the same memory");
    }
  }
  return nullptr;
}

// A persistent kernel (`info`, kernel `index` of `impl`) runs the grid
// `grid` as one row of as many programs as the device runs at once, never
// more than the grid has, which find the grid's extents in its last three
// arguments (after any buffer extents, before the tensor maps); `launched`
// is set to that row. Other kernels are launched as asked.
tile_status_t persistentLaunch(ModuleImpl &impl, const KernelInfo &info,
                               size_t index, const uint32_t grid[3],
                               std::vector<ArgSlot> &slots,
                               std::vector<void *> &pointers,
                               uint32_t launched[3]) {
  const int64_t *persistent = findAttr(info, "persistent");
  if (!persistent || *persistent == 0)
    return nullptr;
  size_t first = info.args.size() - kPersistentGridArgs;
  for (size_t axis = 0; axis < kPersistentGridArgs; ++axis) {
    slots[first + axis].u32 = grid[axis];
    pointers[first + axis] = &slots[first + axis];
  }
  uint64_t resident = 0;
  if (tile_status_t s = impl.residentPrograms(index, resident))
    return s;
  uint64_t programs = uint64_t(grid[0]) * grid[1] * grid[2];
  launched[0] = uint32_t(std::min(programs, std::max<uint64_t>(resident, 1)));
  launched[1] = launched[2] = 1;
  return nullptr;
}

// Where the parts of a split loop's workspace start for `programs`
// programs of the caller's grid, and (last) its bytes: the arrival
// counters, then each carried value's partial sums, each part on a 256-byte
// boundary. Empty if that many bytes do not fit 64 bits.
std::vector<uint64_t> workspaceLayout(const SplitWorkspace &split,
                                      uint64_t programs) {
  std::vector<uint64_t> starts{0};
  uint64_t end = 0;
  auto add = [&](uint64_t bytes) {
    uint64_t rounded = 0;
    if (__builtin_add_overflow(end, bytes, &end) ||
        __builtin_add_overflow(end, 255, &rounded))
      return false;
    end = rounded & ~uint64_t(255);
    starts.push_back(end);
    return true;
  };
  if (!add(programs * 4))
    return {};
  for (int64_t bytes : split.partialBytes) {
    uint64_t part = 0;
    if (__builtin_mul_overflow(programs * uint64_t(split.splits),
                               uint64_t(bytes), &part) ||
        !add(part))
      return {};
  }
  return starts;
}

// A workspace of `bytes` bytes on `device` whose first `zeroed` bytes (the
// counters) are zero.
tile_status_t allocateWorkspace(Device &device, uint64_t bytes, uint64_t zeroed,
                                void *&address) {
  if (tile_status_t s = device.impl->allocate(size_t(bytes), &address))
    return s;
  const uint8_t zero = 0;
  if (tile_status_t s = device.impl->fill(address, size_t(zeroed), &zero, 1)) {
    device.impl->release(address);
    return s;
  }
  return nullptr;
}

// A launch of a kernel with a split loop: the caller's grid's z extent
// times the splits, and a workspace (docs/Runtime.md, "Split loops"). On a
// stream the stream's own, as launches there run one after another; without
// one a workspace of the device's, lent to this launch alone and given back
// (`giveBack`) only once the launch succeeded, as a failed one may leave
// counters set.
class SplitLaunch {
public:
  // Prepares the launch of `info` over `grid` (the caller's), setting
  // `launched`; nothing to do for a kernel without a split loop.
  tile_status_t prepare(const KernelInfo &info, const uint32_t grid[3],
                        uint32_t launched[3]) {
    split = splitWorkspace(info);
    std::copy(grid, grid + 3, launched);
    if (!split.splits)
      return nullptr;
    uint64_t z = uint64_t(grid[2]) * uint64_t(split.splits);
    if (z > kGridLimits[2])
      return invalid("kernel '" + info.name + "' splits its loop over " +
                     std::to_string(split.splits) +
                     " programs along z: the grid's z extent " +
                     std::to_string(grid[2]) + " becomes " + std::to_string(z) +
                     ", past the limit of " + std::to_string(kGridLimits[2]));
    launched[2] = uint32_t(z);
    layout = workspaceLayout(split, uint64_t(grid[0]) * grid[1] * grid[2]);
    if (layout.empty())
      return invalid("kernel '" + info.name +
                     "': its split loop's workspace overflows 64 bits");
    firstArg = callerArgCount(info) + bufferExtentCount(info);
    return nullptr;
  }

  // Points the workspace's arguments at the stream's workspace, which
  // `buffers` keeps while the launch is in flight.
  tile_status_t onStream(Stream &stream, std::vector<ArgSlot> &slots,
                         std::vector<void *> &pointers,
                         std::vector<std::shared_ptr<Buffer>> &buffers) {
    if (!split.splits)
      return nullptr;
    if (!stream.workspace || stream.workspace->size < layout.back()) {
      auto buffer = std::make_shared<Buffer>();
      buffer->device = stream.device;
      if (tile_status_t s = allocateWorkspace(*stream.device, layout.back(),
                                              layout[1], buffer->address))
        return s;
      buffer->size = size_t(layout.back());
      stream.workspace = std::move(buffer);
    }
    buffers.push_back(stream.workspace);
    point(stream.workspace->address, slots, pointers);
    return nullptr;
  }

  // Borrows a workspace of `device` for a launch without a stream.
  tile_status_t borrow(Device &device, std::vector<ArgSlot> &slots,
                       std::vector<void *> &pointers) {
    if (!split.splits)
      return nullptr;
    lender = &device;
    {
      std::lock_guard<std::mutex> lock(device.workspaceMutex);
      auto &idle = device.idleWorkspaces;
      for (size_t i = 0; i < idle.size(); ++i)
        if (idle[i].second >= layout.back()) {
          borrowed = idle[i];
          idle.erase(idle.begin() + i);
          break;
        }
    }
    if (!borrowed.first) {
      if (tile_status_t s = allocateWorkspace(device, layout.back(), layout[1],
                                              borrowed.first))
        return s;
      borrowed.second = size_t(layout.back());
    }
    point(borrowed.first, slots, pointers);
    return nullptr;
  }

  // Ends a launch without a stream: its workspace goes back to the device
  // after a success, and is freed after a failure.
  tile_status_t giveBack(tile_status_t launchStatus) {
    if (!borrowed.first)
      return launchStatus;
    if (launchStatus) {
      lender->impl->release(borrowed.first);
    } else {
      std::lock_guard<std::mutex> lock(lender->workspaceMutex);
      lender->idleWorkspaces.push_back(borrowed);
    }
    borrowed = {};
    return launchStatus;
  }

  // A launch that never ran leaves the workspace unused; it is freed.
  ~SplitLaunch() {
    if (borrowed.first)
      lender->impl->release(borrowed.first);
  }

private:
  void point(void *base, std::vector<ArgSlot> &slots,
             std::vector<void *> &pointers) {
    for (size_t part = 0; part + 1 < layout.size(); ++part) {
      slots[firstArg + part].pointer = static_cast<char *>(base) + layout[part];
      pointers[firstArg + part] = &slots[firstArg + part];
    }
  }

  SplitWorkspace split;
  std::vector<uint64_t> layout;
  size_t firstArg = 0;
  Device *lender = nullptr;
  std::pair<void *, size_t> borrowed{nullptr, 0};
};

// The 128 bytes of one encoded tensor map, aligned as a kernel parameter.
struct alignas(64) TensorMapStorage {
  unsigned char bytes[128];
};

// The tensor maps of a launch of `info` with (checked) arguments `args`,
// converted in `slots`.
tile_status_t encodeTensorMaps(ModuleImpl &impl, const KernelInfo &info,
                               const tile_arg_t *args,
                               const std::vector<ArgSlot> &slots,
                               std::vector<TensorMapStorage> &maps) {
  maps.assign(info.tensorMaps.size(), TensorMapStorage());
  // An argument times its scale; false where the product overflows.
  auto values = [&](const std::vector<TensorMapValue> &from,
                    std::vector<int64_t> &to) {
    for (const TensorMapValue &v : from) {
      int64_t value = v.value;
      if (v.isArgument &&
          __builtin_mul_overflow(args[v.value].value.i, v.scale, &value))
        return false;
      to.push_back(value);
    }
    return true;
  };
  for (size_t i = 0; i < maps.size(); ++i) {
    const TensorMapInfo &map = info.tensorMaps[i];
    std::vector<int64_t> sizes, strides;
    if (!values(map.sizes, sizes) || !values(map.strides, strides))
      return invalid("kernel '" + info.name + "': tensor map #" +
                     std::to_string(i) +
                     ": a size or stride overflows 64 bits");
    if (tile_status_t s = impl.encodeTensorMap(map, slots[map.base].pointer,
                                               sizes, strides, maps[i].bytes)) {
      tile_status_t named =
          makeStatus(tile_status_code(s),
                     "kernel '" + info.name + "': tensor map #" +
                         std::to_string(i) + ": " + tile_status_message(s));
      tile_status_free(s);
      return named;
    }
  }
  return nullptr;
}

// Everything a launch passes to the kernel, and what it uses: a launch
// queued on a stream keeps it until the stream is done with it.
struct LaunchPayload {
  std::vector<ArgSlot> slots;
  std::vector<TensorMapStorage> maps;
  std::vector<void *> pointers;
  std::vector<std::shared_ptr<Buffer>> buffers;
  std::shared_ptr<Module> module;
};

} // namespace

tile_status_t mlir::tile::rt::checkSameDevice(const Device &expected,
                                              const Device &actual,
                                              const std::string &what,
                                              const std::string &owner) {
  if (sameDevice(expected, actual))
    return nullptr;
  return invalid(what + " is of device " + actual.label + ", but " + owner +
                 " is on " + expected.label);
}

tile_status_t mlir::tile::rt::checkRange(const Buffer &buffer, size_t offset,
                                         size_t bytes, const char *what) {
  if (offset > buffer.size || bytes > buffer.size - offset)
    return invalid(std::string(what) + " of " + std::to_string(bytes) +
                   " bytes at offset " + std::to_string(offset) +
                   " is out of range of a " + std::to_string(buffer.size) +
                   "-byte buffer");
  return nullptr;
}

bool mlir::tile::rt::launchLogEnabled() {
  static const bool enabled = [] {
    const char *env = std::getenv("TILE_LOG_LAUNCHES");
    return env && *env && std::strcmp(env, "0") != 0;
  }();
  return enabled;
}

namespace {
// With $TILE_LOG_LAUNCHES set (to anything but "" or "0"), each launch says
// on stderr which compiled kernel ran it: the specialized variant or the
// kernel as written, and the grid launched for a persistent one. Tests use
// it to prove that their cases reach every variant.
void logLaunch(const KernelRef &kernel, const KernelInfo &chosen,
               const uint32_t grid[3], const uint32_t launched[3]) {
  if (!launchLogEnabled())
    return;
  std::string line =
      "tile: launch '" + kernel.info().name + "' as " + chosen.symbol;
  if (const int64_t *mask = findAttr(chosen, "divisible_args"))
    line += " (divisible_args " + std::to_string(*mask) + ")";
  line += ", grid " + gridText(grid);
  if (launched[0] != grid[0] || launched[1] != grid[1] ||
      launched[2] != grid[2])
    line += std::string(findAttr(chosen, "persistent") ? " (persistent: "
                                                       : " (split loop: ") +
            gridText(launched) + " launched)";
  line += ", on " + kernel.module->device->label + "\n";
  std::fputs(line.c_str(), stderr);
}
} // namespace

namespace {
// Checks the grid a caller passes for a kernel that declares none.
tile_status_t checkCallerGrid(const KernelInfo &info, const uint32_t grid[3]) {
  if (!grid)
    return invalid("grid is null (kernel '" + info.name +
                   "' declares no grid of its own)");
  return checkGrid(grid);
}

// Checks a launch's grid and arguments (into \p checked) and gives the grid
// it runs over in \p out: the caller's grid, checked before the arguments,
// or, for a kernel that declares its grid, that grid for the arguments,
// which the caller's must equal unless it gives none (null or zeros).
tile_status_t checkLaunch(const KernelRef &kernel, const uint32_t grid[3],
                          const tile_arg_t *args, size_t numArgs,
                          LaunchPayload &checked, uint32_t out[3]) {
  const KernelInfo &info = kernel.info();
  if (info.grid.empty()) {
    if (tile_status_t s = checkCallerGrid(info, grid))
      return s;
    std::copy(grid, grid + 3, out);
  }
  if (tile_status_t s = prepareArgs(kernel, args, numArgs, checked.slots,
                                    checked.pointers, checked.buffers))
    return s;
  if (info.grid.empty())
    return nullptr;
  if (tile_status_t s = evaluateDeclaredGrid(info, args, numArgs, out))
    return s;
  bool given = grid && (grid[0] || grid[1] || grid[2]);
  if (given && !std::equal(grid, grid + 3, out))
    return invalid("kernel '" + info.name + "' declares its grid (" +
                   formatGridExpr(info.grid[0]) + ", " +
                   formatGridExpr(info.grid[1]) + ", " +
                   formatGridExpr(info.grid[2]) + ") = " + gridText(out) +
                   " for these arguments, but is launched on " +
                   gridText(grid) + " (pass that grid, or none)");
  return nullptr;
}
} // namespace

tile_status_t mlir::tile::rt::launchKernel(tile_kernel_t handle, Stream *stream,
                                           const uint32_t grid[3],
                                           const tile_arg_t *args,
                                           size_t numArgs,
                                           double *outMilliseconds) {
  KernelRef kernel;
  if (tile_status_t s = lookupKernel(handle, kernel))
    return s;
  if (stream && !sameDevice(*kernel.module->device, *stream->device))
    return checkSameDevice(*kernel.module->device, *stream->device,
                           "the stream", "kernel '" + kernel.info().name + "'");
  // The arguments are checked here only where the grid or the choice of
  // an alternative needs them; launchRecord checks them for the launch.
  bool alternatives =
      alternativeRecords(*kernel.module, kernel.index).size() > 1;
  if (!alternatives && kernel.info().grid.empty()) {
    if (tile_status_t s = checkCallerGrid(kernel.info(), grid))
      return s;
    return launchRecord(kernel, stream, grid, args, numArgs, outMilliseconds);
  }
  LaunchPayload checked;
  uint32_t resolved[3];
  if (tile_status_t s =
          checkLaunch(kernel, grid, args, numArgs, checked, resolved))
    return s;
  KernelRef chosen = kernel;
  if (alternatives)
    if (tile_status_t s = chooseAlternative(kernel, stream, resolved, args,
                                            numArgs, checked.buffers, chosen))
      return s;
  return launchRecord(chosen, stream, resolved, args, numArgs, outMilliseconds);
}

tile_status_t
mlir::tile::rt::launchRecord(const KernelRef &kernel, Stream *stream,
                             const uint32_t grid[3], const tile_arg_t *args,
                             size_t numArgs, double *outMilliseconds) {
  auto payload = std::make_shared<LaunchPayload>();
  std::vector<ArgSlot> &slots = payload->slots;
  std::vector<void *> &pointers = payload->pointers;
  if (tile_status_t s =
          prepareArgs(kernel, args, numArgs, slots, pointers, payload->buffers))
    return s;
  // An alternative with tiles of its own runs over its own grid.
  uint32_t own[3];
  if (!kernel.info().grid.empty()) {
    if (tile_status_t s =
            evaluateDeclaredGrid(kernel.info(), args, numArgs, own))
      return s;
    grid = own;
  }
  const std::vector<KernelInfo> &kernels = kernel.module->kernels;
  ModuleImpl &impl = *kernel.module->impl;
  size_t index = chooseVariant(kernel, args, slots);
  if (tile_status_t s =
          checkArgumentHints(kernels[index], args, slots, payload->buffers))
    return s;
  // Tensor maps follow the arguments. A variant whose maps the driver
  // refuses (a size of 0, say) gives way to the kernel as written.
  std::vector<TensorMapStorage> &maps = payload->maps;
  if (tile_status_t s =
          encodeTensorMaps(impl, kernels[index], args, slots, maps)) {
    if (index == kernel.index)
      return s;
    tile_status_free(s);
    index = kernel.index;
    if (tile_status_t s2 =
            encodeTensorMaps(impl, kernels[index], args, slots, maps))
      return s2;
  }
  for (TensorMapStorage &map : maps)
    pointers.push_back(map.bytes);
  SplitLaunch split;
  uint32_t programs[3];
  if (tile_status_t s = split.prepare(kernels[index], grid, programs))
    return s;
  uint32_t launched[3] = {programs[0], programs[1], programs[2]};
  if (tile_status_t s = persistentLaunch(impl, kernels[index], index, programs,
                                         slots, pointers, launched))
    return s;
  logLaunch(kernel, kernels[index], grid, launched);
  grid = launched;
  if (stream) {
    std::lock_guard<std::mutex> lock(stream->mutex);
    if (tile_status_t s =
            split.onStream(*stream, slots, pointers, payload->buffers))
      return s;
    payload->module = kernel.module;
    void **argv = pointers.data();
    std::shared_ptr<const void> keep = payload;
    if (tile_status_t s = impl.launchOn(*stream->impl, index, grid, argv, keep))
      return s;
    keepInFlight(*stream, std::move(keep));
    return nullptr;
  }
  if (tile_status_t s = split.borrow(*kernel.module->device, slots, pointers))
    return s;
  if (!outMilliseconds)
    return split.giveBack(impl.launch(index, grid, pointers.data()));
  return split.giveBack(
      impl.launchTimed(index, grid, pointers.data(), *outMilliseconds));
}

namespace {

// Reads a whole file; TILE_NOT_FOUND if it does not exist.
tile_status_t readFile(const char *path, std::string &out) {
  std::string error;
  int err = 0;
  if (!mlir::tile::readWholeFile(path, out, error, &err, kMaxArtifactFileBytes,
                                 kArtifactFamily))
    return makeStatus(err == ENOENT  ? TILE_NOT_FOUND
                      : err == EFBIG ? TILE_CORRUPT_ARTIFACT
                                     : TILE_INVALID_ARGUMENT,
                      error);
  return nullptr;
}

} // namespace

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

extern "C" {

const char *tile_arg_kind_name(tile_arg_kind_t kind) {
  int raw = rawEnum(kind);
  return isKnownKind(raw) ? argKindName(static_cast<ArgKind>(raw)) : "?";
}

tile_status_t tile_device_count(const char *backend, int *out_count) {
  return guarded([&]() -> tile_status_t {
    Backend *b = nullptr;
    if (tile_status_t s = findBackend(backend, b))
      return s;
    if (!out_count)
      return invalid("out_count is null");
    return b->deviceCount(out_count);
  });
}

tile_status_t tile_device_open(const char *backend, int ordinal,
                               tile_device_t *out_device) {
  return guarded([&]() -> tile_status_t {
    Backend *b = nullptr;
    if (tile_status_t s = findBackend(backend, b))
      return s;
    if (!out_device)
      return invalid("out_device is null");
    if (ordinal < 0)
      return invalid("device ordinal " + std::to_string(ordinal) +
                     " is negative");
    auto device = std::make_shared<Device>();
    device->backend = b;
    device->ordinal = ordinal;
    device->label = std::string(b->name()) + ":" + std::to_string(ordinal);
    if (tile_status_t s = b->openDevice(ordinal, device->impl))
      return s;
    if (tile_status_t s = device->impl->properties(device->properties))
      return s;
    return publish(HandleKind::Device, std::move(device), out_device);
  });
}

tile_status_t tile_device_close(tile_device_t device) {
  // Buffers and modules keep the device itself alive.
  return retire(device, HandleKind::Device);
}

tile_status_t tile_device_name(tile_device_t handle, const char **out_name) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    if (!out_name)
      return invalid("out_name is null");
    *out_name = device->impl->name();
    return nullptr;
  });
}

tile_status_t tile_device_synchronize(tile_device_t handle) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    return device->impl->synchronize();
  });
}

tile_status_t tile_buffer_alloc(tile_device_t handle, size_t bytes,
                                tile_buffer_t *out_buffer) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    if (!out_buffer)
      return invalid("out_buffer is null");
    if (bytes == 0)
      return invalid("cannot allocate a buffer of 0 bytes");
    auto buffer = std::make_shared<Buffer>();
    buffer->device = device;
    if (tile_status_t s = device->impl->allocate(bytes, &buffer->address))
      return s;
    buffer->size = bytes;
    return publish(HandleKind::Buffer, std::move(buffer), out_buffer);
  });
}

tile_status_t tile_buffer_wrap(tile_device_t handle, void *address,
                               size_t bytes, tile_buffer_t *out_buffer) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    if (!out_buffer)
      return invalid("out_buffer is null");
    if (!address)
      return invalid("cannot wrap a null address");
    if (bytes == 0)
      return invalid("cannot wrap a buffer of 0 bytes");
    auto buffer = std::make_shared<Buffer>();
    buffer->device = device;
    buffer->address = address;
    buffer->size = bytes;
    buffer->owned = false;
    return publish(HandleKind::Buffer, std::move(buffer), out_buffer);
  });
}

tile_status_t tile_buffer_free(tile_buffer_t buffer) {
  return retire(buffer, HandleKind::Buffer);
}

tile_status_t tile_buffer_size(tile_buffer_t handle, size_t *out_bytes) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Buffer> buffer;
    if (tile_status_t s = lookup(handle, HandleKind::Buffer, "buffer", buffer))
      return s;
    if (!out_bytes)
      return invalid("out_bytes is null");
    *out_bytes = buffer->size;
    return nullptr;
  });
}

tile_status_t tile_buffer_copy_from_host(tile_buffer_t handle, size_t offset,
                                         const void *src, size_t bytes) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Buffer> buffer;
    if (tile_status_t s = lookup(handle, HandleKind::Buffer, "buffer", buffer))
      return s;
    if (!src)
      return invalid("source pointer is null");
    if (tile_status_t s = checkRange(*buffer, offset, bytes, "copy"))
      return s;
    return buffer->device->impl->copyFromHost(
        static_cast<char *>(buffer->address) + offset, src, bytes);
  });
}

tile_status_t tile_buffer_copy_to_host(tile_buffer_t handle, size_t offset,
                                       void *dst, size_t bytes) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Buffer> buffer;
    if (tile_status_t s = lookup(handle, HandleKind::Buffer, "buffer", buffer))
      return s;
    if (!dst)
      return invalid("destination pointer is null");
    if (tile_status_t s = checkRange(*buffer, offset, bytes, "copy"))
      return s;
    return buffer->device->impl->copyToHost(
        dst, static_cast<const char *>(buffer->address) + offset, bytes);
  });
}

tile_status_t tile_buffer_fill(tile_buffer_t handle, const void *pattern,
                               size_t pattern_bytes) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Buffer> buffer;
    if (tile_status_t s = lookup(handle, HandleKind::Buffer, "buffer", buffer))
      return s;
    if (!pattern)
      return invalid("pattern is null");
    if (pattern_bytes != 1 && pattern_bytes != 2 && pattern_bytes != 4 &&
        pattern_bytes != 8)
      return invalid("fill pattern of " + std::to_string(pattern_bytes) +
                     " bytes; expected 1, 2, 4 or 8");
    if (buffer->size % pattern_bytes != 0)
      return invalid("a " + std::to_string(buffer->size) +
                     "-byte buffer is not a multiple of the " +
                     std::to_string(pattern_bytes) + "-byte fill pattern");
    return buffer->device->impl->fill(buffer->address, buffer->size, pattern,
                                      pattern_bytes);
  });
}

tile_status_t tile_module_load(tile_device_t handle, const void *data,
                               size_t size, tile_module_t *out_module) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    if (!out_module)
      return invalid("out_module is null");
    if (!data)
      return invalid("artifact data is null");
    Artifact artifact;
    std::string error;
    if (!parseArtifact(data, size, artifact, error))
      return makeStatus(TILE_CORRUPT_ARTIFACT, "corrupt artifact: " + error);
    if (artifact.target != device->backend->target())
      return makeStatus(TILE_WRONG_TARGET, "artifact is for target '" +
                                               artifact.target +
                                               "' but the device is '" +
                                               device->backend->name() + "'");
    auto module = std::make_shared<Module>();
    module->device = device;
    if (tile_status_t s = device->impl->loadModule(artifact, module->impl))
      return s;
    module->kernels = std::move(artifact.kernels);
    module->key = artifact.key;
    // The kernels' handles, then the module's; if one cannot be made, the
    // ones made so far are retired again.
    struct Undo {
      std::vector<uintptr_t> &kernels;
      bool armed = true;
      ~Undo() {
        if (armed)
          for (uintptr_t k : kernels)
            tile_status_free(
                retire(toHandle<tile_kernel_t>(k), HandleKind::Kernel));
      }
    } undo{module->kernelHandles};
    module->kernelHandles.reserve(module->kernels.size());
    for (size_t i = 0; i < module->kernels.size(); ++i) {
      uintptr_t k = 0;
      if (tile_status_t s = handles().add(HandleKind::Kernel, module, i, k))
        return s;
      module->kernelHandles.push_back(k);
    }
    if (tile_status_t s = publish(HandleKind::Module, module, out_module))
      return s;
    undo.armed = false;
    return nullptr;
  });
}

tile_status_t tile_module_load_file(tile_device_t device, const char *path,
                                    tile_module_t *out_module) {
  return guarded([&]() -> tile_status_t {
    if (!path)
      return invalid("artifact path is null");
    std::string data;
    if (tile_status_t s = readFile(path, data))
      return s;
    tile_status_t s =
        tile_module_load(device, data.data(), data.size(), out_module);
    if (!s || tile_status_code(s) == TILE_OUT_OF_MEMORY)
      return s;
    // Name the file in the message.
    std::string message = std::string(path) + ": " + tile_status_message(s);
    tile_status_code_t code = tile_status_code(s);
    tile_status_free(s);
    return makeStatus(code, message);
  });
}

tile_status_t tile_module_unload(tile_module_t handle) {
  if (!handle)
    return nullptr;
  std::shared_ptr<void> object;
  if (tile_status_t s =
          handles().remove(fromHandle(handle), HandleKind::Module, object))
    return s;
  // Its kernels' handles go stale with it. They hold references to the
  // module, so it is destroyed when the last reference goes: here, or when a
  // call still running on another thread returns. The module is only read
  // here, as such a call may read it too.
  auto module = std::static_pointer_cast<Module>(object);
  object.reset();
  for (uintptr_t k : module->kernelHandles)
    tile_status_free(retire(toHandle<tile_kernel_t>(k), HandleKind::Kernel));
  return nullptr;
}

tile_status_t tile_module_get_kernel(tile_module_t handle, const char *name,
                                     tile_kernel_t *out_kernel) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Module> module;
    if (tile_status_t s = lookup(handle, HandleKind::Module, "module", module))
      return s;
    if (!name || !out_kernel)
      return invalid(!name ? "kernel name is null" : "out_kernel is null");
    std::string available;
    for (size_t i = 0; i < module->kernels.size(); ++i) {
      // Specialized variants and alternatives are launched in place of
      // their kernel.
      if (findAttr(module->kernels[i], "divisible_args") ||
          alternativeOf(module->kernels[i]) != 0)
        continue;
      if (module->kernels[i].name == name) {
        *out_kernel = toHandle<tile_kernel_t>(module->kernelHandles[i]);
        return nullptr;
      }
      available += (i ? ", " : "") + module->kernels[i].name;
    }
    return makeStatus(TILE_NOT_FOUND,
                      std::string("no kernel '") + name + "' in the module" +
                          (available.empty() ? " (it has no kernels)"
                                             : "; it has: " + available));
  });
}

tile_status_t tile_kernel_num_alternatives(tile_kernel_t handle,
                                           size_t *out_count) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    if (!out_count)
      return invalid("out_count is null");
    *out_count = alternativeRecords(*kernel.module, kernel.index).size();
    return nullptr;
  });
}

tile_status_t tile_kernel_alternative_symbol(tile_kernel_t handle, size_t index,
                                             const char **out_symbol) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    if (!out_symbol)
      return invalid("out_symbol is null");
    std::vector<size_t> records =
        alternativeRecords(*kernel.module, kernel.index);
    if (index >= records.size())
      return invalid("kernel '" + kernel.info().name + "' has " +
                     std::to_string(records.size()) + " alternative" +
                     (records.size() == 1 ? "" : "s") + ", not #" +
                     std::to_string(index));
    *out_symbol = kernel.module->kernels[records[index]].symbol.c_str();
    return nullptr;
  });
}

tile_status_t tile_kernel_tune(tile_kernel_t handle, const uint32_t grid[3],
                               const tile_arg_t *args, size_t num_args,
                               double *out_milliseconds, size_t capacity,
                               size_t *out_chosen) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    LaunchPayload checked;
    uint32_t resolved[3];
    if (tile_status_t s =
            checkLaunch(kernel, grid, args, num_args, checked, resolved))
      return s;
    std::vector<size_t> records =
        alternativeRecords(*kernel.module, kernel.index);
    if (!out_chosen || (capacity > 0 && !out_milliseconds))
      return invalid(!out_chosen ? "out_chosen is null"
                                 : "out_milliseconds is null");
    if (capacity < records.size())
      return invalid("kernel '" + kernel.info().name + "' has " +
                     std::to_string(records.size()) +
                     " alternatives, but out_milliseconds holds " +
                     std::to_string(capacity));
    std::vector<double> times;
    if (tile_status_t s =
            tuneAlternatives(kernel, nullptr, resolved, args, num_args,
                             checked.buffers, times, *out_chosen))
      return s;
    std::copy(times.begin(), times.end(), out_milliseconds);
    return nullptr;
  });
}

tile_status_t tile_kernel_num_args(tile_kernel_t handle, size_t *out_count) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    if (!out_count)
      return invalid("out_count is null");
    *out_count = callerArgCount(kernel.info());
    return nullptr;
  });
}

tile_status_t tile_kernel_arg_kind(tile_kernel_t handle, size_t index,
                                   tile_arg_kind_t *out_kind) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    if (!out_kind)
      return invalid("out_kind is null");
    const KernelInfo &info = kernel.info();
    if (index >= callerArgCount(info))
      return invalid("kernel '" + info.name + "' has " +
                     std::to_string(callerArgCount(info)) +
                     " arguments; there is no argument #" +
                     std::to_string(index));
    *out_kind = static_cast<tile_arg_kind_t>(info.args[index]);
    return nullptr;
  });
}

tile_status_t tile_kernel_attribute(tile_kernel_t handle, const char *name,
                                    int64_t *out_value) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    if (!name || !out_value)
      return invalid(!name ? "attribute name is null" : "out_value is null");
    const KernelInfo &info = kernel.info();
    const int64_t *value = findAttr(info, name);
    if (!value)
      return makeStatus(TILE_NOT_FOUND, "kernel '" + info.name +
                                            "' has no attribute '" + name +
                                            "'");
    *out_value = *value;
    return nullptr;
  });
}

tile_status_t tile_kernel_grid(tile_kernel_t handle, const tile_arg_t *args,
                               size_t num_args, uint32_t out_grid[3]) {
  return guarded([&]() -> tile_status_t {
    KernelRef kernel;
    if (tile_status_t s = lookupKernel(handle, kernel))
      return s;
    if (!out_grid)
      return invalid("out_grid is null");
    if (kernel.info().grid.empty())
      return makeStatus(TILE_NOT_FOUND,
                        "kernel '" + kernel.info().name + "' declares no grid");
    LaunchPayload checked;
    return checkLaunch(kernel, nullptr, args, num_args, checked, out_grid);
  });
}

tile_status_t tile_kernel_launch(tile_kernel_t kernel, const uint32_t grid[3],
                                 const tile_arg_t *args, size_t num_args) {
  return guarded([&]() {
    return launchKernel(kernel, nullptr, grid, args, num_args, nullptr);
  });
}

tile_status_t tile_kernel_launch_timed(tile_kernel_t kernel,
                                       const uint32_t grid[3],
                                       const tile_arg_t *args, size_t num_args,
                                       double *out_milliseconds) {
  return guarded([&]() -> tile_status_t {
    if (!out_milliseconds)
      return invalid("out_milliseconds is null");
    return launchKernel(kernel, nullptr, grid, args, num_args,
                        out_milliseconds);
  });
}

} // extern "C"
