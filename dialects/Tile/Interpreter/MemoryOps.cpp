//===- MemoryOps.cpp - Pointers, loads, stores, descriptors, atomics ------===//
//
// docs/Semantics.md sections 3.2-3.6 on host memory. Lanes run in row-major
// order, so of several unmasked lanes of one store that name one address the
// last wins (one of the allowed outcomes), and atomics happen in program and
// lane order. A masked-off lane reads and writes nothing; every other access
// must lie inside a buffer of the launch and be aligned to its element size,
// or the launch fails with an error naming the lane and the address.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "tile/Dialect/IR/Tile.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::interp;

namespace {

/// "[i, j]" for lane \p flat of a tile of \p shape; "" for a scalar.
std::string laneName(ArrayRef<int64_t> shape, size_t flat) {
  if (shape.empty())
    return "";
  SmallVector<int64_t, 4> index(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    index[d] = int64_t(flat) % shape[d];
    flat /= size_t(shape[d]);
  }
  std::string text = " lane [";
  for (size_t d = 0; d < index.size(); ++d)
    text += (d ? ", " : "") + std::to_string(index[d]);
  return text + "]";
}

/// Checks an access of \p info's size at \p address; reports it otherwise.
std::string hex(uint64_t address) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%016" PRIx64, address);
  return text;
}

LogicalResult checkAccess(Executor &ex, Operation &op, uint64_t address,
                          const ElementInfo &info, const char *verb,
                          ArrayRef<int64_t> shape, size_t lane) {
  unsigned bytes = info.byteSize();
  if (address % bytes != 0)
    return ex.emitError(op)
           << op.getName() << laneName(shape, lane) << " " << verb << " "
           << bytes << " bytes at misaligned address " << hex(address) << " ("
           << ex.getMemory().describe(address) << ")";
  if (!ex.getMemory().contains(address, bytes))
    return ex.emitError(op)
           << op.getName() << laneName(shape, lane) << " " << verb << " "
           << bytes << " bytes at " << hex(address)
           << ", outside every buffer of the launch ("
           << ex.getMemory().describe(address) << ")";
  return success();
}

Element readElement(uint64_t address, const ElementInfo &info) {
  uint64_t bits = 0;
  std::memcpy(&bits, reinterpret_cast<const void *>(address), info.byteSize());
  if (info.width == 1) // any non-zero byte is true
    bits = bits != 0;
  return elementFromBits(bits, info);
}

void writeElement(uint64_t address, Element e, const ElementInfo &info) {
  uint64_t bits = elementToBits(e, info); // i1: 0 or 1
  std::memcpy(reinterpret_cast<void *>(address), &bits, info.byteSize());
}

Type pointeeOf(Value ptr) {
  return cast<PointerType>(elementTypeOf(ptr.getType())).getPointeeType();
}

/// The lane mask of an optional mask operand (scalar masks broadcast).
struct Mask {
  ValuePtr value;
  bool operator()(size_t lane) const {
    if (!value)
      return true;
    return value->elements[value->size() == 1 ? 0 : lane].i != 0;
  }
};

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

LogicalResult runAddPtr(Executor &ex, Operation &operation) {
  auto op = cast<AddPtrOp>(operation);
  uint64_t size = getElementByteSize(pointeeOf(op.getPtr()));
  ex.set(op, mapBinary(*ex.get(op.getPtr()), *ex.get(op.getOffset()),
                       elementTypeOf(op.getType()), [&](Element p, Element o) {
                         Element r;
                         r.u = p.u + uint64_t(o.i) * size; // modulo 2^64
                         return r;
                       }));
  return success();
}

/// int_to_ptr and ptr_to_int keep the 64 bits.
LogicalResult runSameBits(Executor &ex, Operation &op) {
  ex.set(op.getResult(0), mapUnary(*ex.get(op.getOperand(0)),
                                   elementTypeOf(op.getResult(0).getType()),
                                   [](Element a) { return a; }));
  return success();
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

LogicalResult runLoad(Executor &ex, Operation &operation) {
  auto op = cast<LoadOp>(operation);
  const RtValue &ptrs = *ex.get(op.getPtr());
  Mask mask{op.getMask() ? ex.get(op.getMask()) : nullptr};
  ValuePtr other = op.getOther() ? ex.get(op.getOther()) : nullptr;
  auto r = makeValue(op.getType());
  ElementInfo info = ElementInfo::get(r->elementType);
  for (size_t i = 0; i < r->size(); ++i) {
    if (!mask(i)) {
      if (other)
        r->elements[i] = other->elements[other->size() == 1 ? 0 : i];
      continue; // zero otherwise
    }
    uint64_t address = ptrs.elements[i].u;
    if (failed(checkAccess(ex, operation, address, info, "reads", r->shape, i)))
      return failure();
    r->elements[i] = readElement(address, info);
  }
  if (DeviationMemory *deviation = ex.getDeviation()) {
    const RtValue *maskValue = op.getMask() ? mask.value.get() : nullptr;
    std::vector<double> bounds(r->size(), 0.0);
    bool exact = true;
    for (size_t i = 0; i < r->size(); ++i) {
      if (ptrs.boundAt(i) != 0 || (maskValue && maskValue->boundAt(i) != 0))
        bounds[i] = INFINITY; // the lane may read elsewhere, or not at all
      else if (mask(i))
        bounds[i] = deviation->get(ptrs.elements[i].u);
      else if (other)
        bounds[i] = other->boundAt(i);
      exact &= bounds[i] == 0;
    }
    if (!exact)
      r->bounds = std::move(bounds);
  }
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runStore(Executor &ex, Operation &operation) {
  auto op = cast<StoreOp>(operation);
  const RtValue &ptrs = *ex.get(op.getPtr());
  const RtValue &values = *ex.get(op.getValue());
  Mask mask{op.getMask() ? ex.get(op.getMask()) : nullptr};
  ElementInfo info = ElementInfo::get(values.elementType);
  for (size_t i = 0; i < ptrs.size(); ++i) {
    if (!mask(i))
      continue;
    uint64_t address = ptrs.elements[i].u;
    if (failed(
            checkAccess(ex, operation, address, info, "writes", ptrs.shape, i)))
      return failure();
    writeElement(address, values.elements[i], info);
  }
  if (DeviationMemory *deviation = ex.getDeviation()) {
    const RtValue *maskValue = op.getMask() ? mask.value.get() : nullptr;
    for (size_t i = 0; i < ptrs.size(); ++i) {
      bool maybe = maskValue && maskValue->boundAt(i) != 0;
      if (!mask(i) && !maybe)
        continue;
      // A lane whose mask may differ on a target may or may not write.
      double bound =
          maybe || ptrs.boundAt(i) != 0 ? INFINITY : values.boundAt(i);
      if (bound != 0 || !deviation->allExact())
        deviation->set(ptrs.elements[i].u, bound);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

LogicalResult runMakeDesc(Executor &ex, Operation &operation) {
  auto op = cast<MakeDescOp>(operation);
  auto state = std::make_shared<DescriptorState>();
  state->base = ex.get(op.getBase())->elements[0].u;
  for (Value s : op.getShape())
    state->shape.push_back(ex.get(s)->elements[0].i);
  for (Value s : op.getStrides())
    state->strides.push_back(ex.get(s)->elements[0].i);
  state->nanPadding = op.getPadding() == Padding::nan;
  auto r = makeValue(op.getType(), {});
  r->descriptor = std::move(state);
  ex.set(op, std::move(r));
  return success();
}

/// Walks the block of a descriptor access: calls \p fn(flat, address) for
/// every in-bounds element and \p outside(flat) for the others.
template <typename InFn, typename OutFn>
LogicalResult walkBlock(Executor &ex, Value descValue, ValueRange offsets,
                        ArrayRef<int64_t> blockShape, InFn fn, OutFn outside) {
  const DescriptorState &d = *ex.get(descValue)->descriptor;
  uint64_t size = getElementByteSize(
      cast<TensorDescType>(descValue.getType()).getBlockType());
  SmallVector<int64_t, 4> origin;
  for (Value o : offsets)
    origin.push_back(ex.get(o)->elements[0].i);
  int64_t count = 1;
  for (int64_t s : blockShape)
    count *= s;
  SmallVector<int64_t, 4> index(blockShape.size());
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t rest = flat;
    for (int k = int(blockShape.size()) - 1; k >= 0; --k) {
      index[k] = rest % blockShape[k];
      rest /= blockShape[k];
    }
    bool inBounds = true;
    uint64_t address = d.base;
    for (size_t k = 0; k < index.size(); ++k) {
      int64_t i = origin[k] + index[k];
      inBounds &= i >= 0 && i < d.shape[k];
      address += uint64_t(i) * uint64_t(d.strides[k]) * size;
    }
    if (!inBounds) {
      outside(flat);
      continue;
    }
    if (failed(fn(flat, address)))
      return failure();
  }
  return success();
}

/// Whether a descriptor access lands where the reference's does on every
/// target: its descriptor and offsets carry no bounds.
bool descriptorExact(Executor &ex, Value desc, ValueRange offsets) {
  if (!ex.get(desc)->isExact())
    return false;
  return llvm::all_of(offsets, [&](Value o) { return ex.get(o)->isExact(); });
}

LogicalResult runDescLoad(Executor &ex, Operation &operation) {
  auto op = cast<DescLoadOp>(operation);
  auto r = makeValue(op.getType());
  ElementInfo info = ElementInfo::get(r->elementType);
  bool nan = ex.get(op.getDesc())->descriptor->nanPadding && info.isFloat();
  auto readInside = [&](int64_t flat, uint64_t address) -> LogicalResult {
    if (failed(checkAccess(ex, operation, address, info, "reads", r->shape,
                           size_t(flat))))
      return failure();
    r->elements[flat] = readElement(address, info);
    return success();
  };
  auto padOutside = [&](int64_t flat) {
    if (nan) // zero padding is already there
      r->elements[flat].f = std::numeric_limits<double>::quiet_NaN();
  };
  if (failed(walkBlock(ex, op.getDesc(), op.getOffsets(), r->shape, readInside,
                       padOutside)))
    return failure();
  if (DeviationMemory *deviation = ex.getDeviation()) {
    std::vector<double> bounds(r->size(), 0.0);
    if (!descriptorExact(ex, op.getDesc(), op.getOffsets()))
      std::fill(bounds.begin(), bounds.end(), INFINITY);
    else if (!deviation->allExact())
      (void)walkBlock(
          ex, op.getDesc(), op.getOffsets(), r->shape,
          [&](int64_t flat, uint64_t address) -> LogicalResult {
            bounds[flat] = deviation->get(address);
            return success();
          },
          [](int64_t) {});
    if (llvm::any_of(bounds, [](double b) { return b != 0; }))
      r->bounds = std::move(bounds);
  }
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runDescStore(Executor &ex, Operation &operation) {
  auto op = cast<DescStoreOp>(operation);
  const RtValue &values = *ex.get(op.getValue());
  ElementInfo info = ElementInfo::get(values.elementType);
  DeviationMemory *deviation = ex.getDeviation();
  bool placed =
      !deviation || descriptorExact(ex, op.getDesc(), op.getOffsets());
  return walkBlock(
      ex, op.getDesc(), op.getOffsets(), values.shape,
      [&](int64_t flat, uint64_t address) -> LogicalResult {
        if (failed(checkAccess(ex, operation, address, info, "writes",
                               values.shape, size_t(flat))))
          return failure();
        writeElement(address, values.elements[flat], info);
        if (deviation)
          deviation->set(address,
                         placed ? values.boundAt(size_t(flat)) : INFINITY);
        return success();
      },
      [](int64_t) {});
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// The bound analysis of lane \p i of an atomic_rmw (docs/Semantics.md 10):
/// a float add is bounded by its count of contributions and their
/// magnitudes, and what it returns depends on the order; min, max and
/// exchange keep the bound of what they store; integer arithmetic on
/// bounded values is not bounded.
void boundAtomic(Executor &ex, AtomicRMWOp op, const RtValue &ptrs,
                 const RtValue &vals, size_t i, const ElementInfo &info,
                 RtValue &result) {
  DeviationMemory &deviation = *ex.getDeviation();
  uint64_t address = ptrs.elements[i].u;
  double before = deviation.get(address), bound = vals.boundAt(i);
  double returned = before;
  if (ptrs.boundAt(i) != 0) {
    deviation.set(address, INFINITY);
    returned = INFINITY;
  } else if (op.getKind() == AtomicRMWKind::fadd) {
    bool f32 = info.format->bits() == 32;
    deviation.addAtomically(address, std::fabs(vals.elements[i].f), bound,
                            info.format->epsilon(),
                            f32 ? std::ldexp(1.0, -126) : 0);
    returned = INFINITY;
  } else if (bound != 0) {
    bool keeps = op.getKind() == AtomicRMWKind::xchg ||
                 (info.isFloat() && op.getKind() != AtomicRMWKind::fadd);
    deviation.set(address, keeps ? std::max(before, bound) : INFINITY);
  }
  if (returned != 0) {
    if (result.bounds.empty())
      result.bounds.assign(result.size(), 0.0);
    result.bounds[i] = returned;
  }
}

LogicalResult runAtomicRMW(Executor &ex, Operation &operation) {
  auto op = cast<AtomicRMWOp>(operation);
  const RtValue &ptrs = *ex.get(op.getPtr());
  const RtValue &vals = *ex.get(op.getVal());
  Mask mask{op.getMask() ? ex.get(op.getMask()) : nullptr};
  auto r = makeValue(op.getType());
  ElementInfo info = ElementInfo::get(r->elementType);
  for (size_t i = 0; i < ptrs.size(); ++i) {
    if (!mask(i))
      continue; // yields zero, touches nothing
    uint64_t address = ptrs.elements[i].u;
    if (failed(checkAccess(ex, operation, address, info, "updates", ptrs.shape,
                           i)))
      return failure();
    Element old = readElement(address, info);
    writeElement(address,
                 combineAtomic(op.getKind(), old, vals.elements[i], info),
                 info);
    r->elements[i] = old;
    if (ex.getDeviation())
      boundAtomic(ex, op, ptrs, vals, i, info, *r);
  }
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runAtomicCAS(Executor &ex, Operation &operation) {
  auto op = cast<AtomicCASOp>(operation);
  const RtValue &ptrs = *ex.get(op.getPtr());
  const RtValue &cmp = *ex.get(op.getCmp());
  const RtValue &vals = *ex.get(op.getVal());
  auto r = makeValue(op.getType());
  ElementInfo info = ElementInfo::get(r->elementType);
  for (size_t i = 0; i < ptrs.size(); ++i) {
    uint64_t address = ptrs.elements[i].u;
    if (failed(checkAccess(ex, operation, address, info, "updates", ptrs.shape,
                           i)))
      return failure();
    Element old = readElement(address, info);
    // Floats compare by their bits: -0 != +0, a NaN equals its own bits.
    if (elementToBits(old, info) == elementToBits(cmp.elements[i], info))
      writeElement(address, vals.elements[i], info);
    r->elements[i] = old;
    // Whether a bounded comparison succeeds can differ on a target.
    DeviationMemory *deviation = ex.getDeviation();
    if (deviation && (ptrs.boundAt(i) != 0 || cmp.boundAt(i) != 0 ||
                      vals.boundAt(i) != 0 || deviation->get(address) != 0)) {
      deviation->set(address, INFINITY);
      if (r->bounds.empty())
        r->bounds.assign(r->size(), 0.0);
      r->bounds[i] = INFINITY;
    }
  }
  ex.set(op, std::move(r));
  return success();
}

} // namespace

Element mlir::tile::interp::combineAtomic(AtomicRMWKind kind, Element old,
                                          Element val,
                                          const ElementInfo &info) {
  Element r;
  unsigned w = info.width;
  if (info.isFloat()) {
    switch (kind) {
    case AtomicRMWKind::fadd:
      r.f = roundResult(old.f + val.f, *info.format);
      return r;
    case AtomicRMWKind::max:
    case AtomicRMWKind::min: {
      // IEEE totalOrder: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
      int64_t ko = totalOrderKey(elementToBits(old, info), *info.format);
      int64_t kv = totalOrderKey(elementToBits(val, info), *info.format);
      bool takeVal = kind == AtomicRMWKind::max ? kv > ko : kv < ko;
      return takeVal ? val : old;
    }
    default: // xchg
      return val;
    }
  }
  uint64_t uo = zeroExtend(old.i, w), uv = zeroExtend(val.i, w);
  uint64_t bits;
  switch (kind) {
  case AtomicRMWKind::add:
    bits = uo + uv;
    break;
  case AtomicRMWKind::max:
    bits = uint64_t(std::max(old.i, val.i));
    break;
  case AtomicRMWKind::min:
    bits = uint64_t(std::min(old.i, val.i));
    break;
  case AtomicRMWKind::umax:
    bits = std::max(uo, uv);
    break;
  case AtomicRMWKind::umin:
    bits = std::min(uo, uv);
    break;
  case AtomicRMWKind::and_:
    bits = uo & uv;
    break;
  case AtomicRMWKind::or_:
    bits = uo | uv;
    break;
  case AtomicRMWKind::xor_:
    bits = uo ^ uv;
    break;
  default: // xchg; fadd is rejected by the verifier for integers
    bits = uv;
    break;
  }
  r.i = signExtend(bits, w);
  return r;
}

void mlir::tile::interp::registerMemoryHandlers(HandlerTable &t) {
  t[TypeID::get<AddPtrOp>()] = runAddPtr;
  t[TypeID::get<IntToPtrOp>()] = runSameBits;
  t[TypeID::get<PtrToIntOp>()] = runSameBits;
  t[TypeID::get<LoadOp>()] = runLoad;
  t[TypeID::get<StoreOp>()] = runStore;
  t[TypeID::get<MakeDescOp>()] = runMakeDesc;
  t[TypeID::get<DescLoadOp>()] = runDescLoad;
  t[TypeID::get<DescStoreOp>()] = runDescStore;
  t[TypeID::get<AtomicRMWOp>()] = runAtomicRMW;
  t[TypeID::get<AtomicCASOp>()] = runAtomicCAS;
}
