//===- Sinks.cpp - Stores, atomics, tensor stores, print, assert ----------===//
//
// The ops with effects, emitted where they stand in the program. Elements
// held by several threads (or registers) are written by their first copy
// only.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

/// Opens an scf.if on `condition` (when there is one) and moves `b` into it.
static void guardBy(OpBuilder &b, Location loc, Value condition) {
  if (!condition)
    return;
  auto ifOp = scf::IfOp::create(b, loc, condition, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
}

LogicalResult KernelLowering::lowerStore(StoreOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  int64_t vector;
  Layout layout = accessLayout(op.getPtr(), &vector);
  int64_t elementBytes =
      getElementByteSize(getElementTypeOrSelf(op.getValue().getType()));
  // Vectors run along the dimension the pointers are contiguous in.
  unsigned dim = runDimension(layout);
  // Storing in the layout the value is computed in saves moving it, when
  // that layout's per-thread runs fit the pointers' contiguity, unless
  // they are narrower than the pointers allow, each thread stores enough
  // for the move through shared memory to pay, and the scratch space it
  // takes is there already (a product's accumulator after its pipeline:
  // 4- or 8-byte stores become 16-byte ones). The value is moved as
  // stored, after any narrowing conversion.
  std::optional<Layout> own = findPreferredLayout(op.getValue(), 0);
  bool moveStored = false;
  if (own && own->shape == layout.shape) {
    int64_t width = getRunLength(*own, dim, vector);
    int64_t bytesPerThread =
        own->getNumElements() * elementBytes / (warpSize * numWarps);
    int64_t scratch = getConversionBytes(
        *own, layout,
        lowerElementType(getElementTypeOrSelf(op.getValue().getType())));
    moveStored = width < vector && bytesPerThread >= 64 &&
                 scratch <= std::max(sharedBytes, pipelineBytes);
    if (vector % width == 0 && width * elementBytes >= 4 && !moveStored)
      layout = *own;
  }
  vector = std::min(vector, getRunLength(layout, dim, vector));
  recordAccess(op, layout);
  FailureOr<SmallVector<Value>> ptrs = at(op.getPtr(), layout);
  FailureOr<SmallVector<Value>> values = failure();
  if (moveStored) {
    if (FailureOr<SmallVector<Value>> regs = at(op.getValue(), *own);
        succeeded(regs))
      values = convert(b, loc, Distributed{*own, *regs}, layout);
  } else {
    values = at(op.getValue(), layout);
  }
  FailureOr<SmallVector<Value>> mask = at(op.getMask(), layout);
  if (failed(ptrs) || failed(values) || failed(mask))
    return failure();
  bool uniformMask =
      !op.getMask() || axis.getMaskConstancy(op.getMask(), dim) % vector == 0;
  bool alignmentKnown =
      axis.getAlignmentBytes(op.getPtr(), dim) % (vector * elementBytes) == 0;
  // An i1 element is stored as a byte, 0 or 1.
  auto element = [&](OpBuilder &sb, int64_t r) -> Value {
    Value v = (*values)[r];
    if (v.getType().isInteger(1))
      v = arith::ExtUIOp::create(sb, loc, sb.getI8Type(), v);
    return v;
  };
  auto storeGroup = [&](OpBuilder &sb, int64_t r, int64_t count) {
    Value value = element(sb, r);
    if (count > 1) {
      auto vectorType = VectorType::get({count}, value.getType());
      value = LLVM::UndefOp::create(sb, loc, vectorType);
      for (int64_t i = 0; i < count; ++i)
        value = LLVM::InsertElementOp::create(
            sb, loc, value, element(sb, r + i), constI32(sb, loc, i));
    }
    LLVM::StoreOp::create(sb, loc, value, (*ptrs)[r], count * elementBytes);
  };
  OpBuilder::InsertionGuard guard(b);
  guardBy(b, loc, isFirstCopyThread(b, loc, layout));
  for (int64_t r = 0; r < layout.getNumRegs(); r += vector) {
    if (!layout.isFirstRegCopy(r))
      continue;
    OpBuilder::InsertionGuard inner(b);
    if (vector == 1 || (uniformMask && alignmentKnown)) {
      if (!mask->empty() && vector == 1 &&
          hooks.emitPredicatedStore(b, loc, (*mask)[r], (*ptrs)[r],
                                    element(b, r)))
        continue;
      if (!mask->empty())
        guardBy(b, loc, (*mask)[r]);
      storeGroup(b, r, vector);
      continue;
    }
    // A vector access when the whole group is in (and aligned), element by
    // element otherwise.
    Value all = mask->empty() ? Value() : (*mask)[r];
    for (int64_t i = 1; i < vector && !uniformMask; ++i)
      all = arith::AndIOp::create(b, loc, all, (*mask)[r + i]);
    if (!alignmentKnown) {
      Value aligned = isAligned(b, loc, (*ptrs)[r], vector * elementBytes);
      all = all ? Value(arith::AndIOp::create(b, loc, all, aligned)) : aligned;
    }
    auto ifOp = scf::IfOp::create(b, loc, all, /*withElseRegion=*/true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    storeGroup(thenB, r, vector);
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    for (int64_t i = 0; i < vector; ++i) {
      OpBuilder::InsertionGuard edge(elseB);
      if (!mask->empty() &&
          hooks.emitPredicatedStore(elseB, loc, (*mask)[r + i], (*ptrs)[r + i],
                                    element(elseB, r + i)))
        continue;
      if (!mask->empty())
        guardBy(elseB, loc, (*mask)[r + i]);
      storeGroup(elseB, r + i, 1);
    }
  }
  return success();
}

LogicalResult KernelLowering::lowerTensorStore(DescStoreOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  MakeDescOp desc = descriptors.lookup(op.getDesc());
  FailureOr<Value> map = failure();
  if (desc)
    map = tensorMapFor(desc);
  if (failed(map))
    return unsupported(op, "the descriptor must come from a tile.make_desc of "
                           "this kernel");
  auto type = cast<RankedTensorType>(op.getValue().getType());
  int64_t rank = type.getRank();
  // The box of each 128-byte column panel, swizzled as the tensor map
  // writes it, one panel after the other (StagedOperand's layout).
  StagedOperand tile{{type.getDimSize(rank - 2), type.getDimSize(rank - 1)},
                     1,
                     getElementByteSize(type.getElementType())};
  Layout layout = preferredLayout(op.getValue());
  recordAccess(op, layout);
  FailureOr<SmallVector<Value>> regs = at(op.getValue(), layout);
  if (failed(regs))
    return failure();
  // Coordinates innermost first, as the tensor map numbers dimensions.
  SmallVector<Value> coords;
  for (Value offset : llvm::reverse(op.getOffsets()))
    coords.push_back(scalars.lookup(offset));
  Value column = coords[0];
  // A block larger than the staging budget goes out in parts of whole
  // panels, in as few parts as the budget allows, as even as can be. Where
  // such a part holds two panels or more, the parts are single panels that
  // take turns in a ring of that many panel slots (of as many as a budget
  // grown into the room the kernel leaves holds): a part is staged while
  // the stores of the parts before it still read theirs, and waits only
  // for the part that last used its slot (one barrier a part). Otherwise
  // the parts go one after the other through the same space, each waiting
  // for the previous part's reads (reserveShared). Never for their writes
  // to global memory.
  int64_t panel = 128 / tile.elementBytes;
  int64_t panels = tile.shape[1] / panel;
  int64_t budget =
      storeStagingBytes ? storeStagingBytes : getTensorStoreStagingBytes(hooks);
  storeShortfall =
      std::max(storeShortfall, panels * tile.blockStride() - budget);
  int64_t fit = std::clamp<int64_t>(budget / tile.blockStride(), 1, panels);
  int64_t perPart = llvm::divideCeil(panels, llvm::divideCeil(panels, fit));
  int64_t slots = storeStagingBytes ? fit : perPart;
  bool ring = slots >= 2 && slots < panels;
  if (ring)
    perPart = 1;
  // Stores the panels [first, first + count) staged at byte `slot`, after
  // the barrier that makes them visible.
  auto issue = [&](int64_t first, int64_t count, int64_t slot) {
    OpBuilder::InsertionGuard guard(b);
    guardBy(b, loc, isThreadZero(b, loc));
    for (int64_t p = 0; p < count; ++p) {
      coords[0] = arith::AddIOp::create(b, loc, column,
                                        constI32(b, loc, (first + p) * panel));
      Value shared = sharedAddressI32(
          b, loc, constI32(b, loc, slot + p * tile.blockStride()));
      hooks.emitTensorStore(b, loc, shared, *map, coords);
    }
    // This thread waits for the stores to have read the block where the
    // scratch space is next written (awaitTensorStoreReads, or a later
    // part), so they overlap what comes between; their writes to global
    // memory complete on their own (MemoryOrder.cpp waits for them where a
    // later access needs them done).
    hooks.emitTensorStoreCommit(b, loc);
  };
  auto stagePart = [&](int64_t first, int64_t count, int64_t slot) {
    std::optional<StagedRange> columns;
    if (count < panels)
      columns = StagedRange{1, first * panel, count * panel};
    StagedOperand part{{tile.shape[0], count * panel}, 1, tile.elementBytes};
    stageOperand(b, loc, Distributed{layout, *regs}, part,
                 constI32(b, loc, slot), columns);
    hooks.emitSharedWriteFence(b, loc);
  };
  // Earlier users of the scratch space may still be reading it
  // (reserveShared waits); every thread's earlier writes of global memory
  // are fenced for the tensor stores' (the async proxy), as the staged
  // block is for their reads.
  if (ring) {
    reserveShared(b, slots * tile.blockStride());
    hooks.emitGlobalProxyFence(b, loc);
    barrier(b, loc);
    for (int64_t i = 0; i < panels; ++i) {
      int64_t slot = (i % slots) * tile.blockStride();
      stagePart(i, 1, slot);
      // Groups 0 .. i-1 are committed; the next part's slot was last read
      // by group i + 1 - slots, so slots - 2 may still be reading.
      if (i + 1 < panels && i + 1 >= slots)
        hooks.emitTensorStoreWait(b, loc, /*written=*/false, slots - 2);
      barrier(b, loc);
      issue(i, 1, slot);
    }
    return success();
  }
  for (int64_t first = 0; first < panels; first += perPart) {
    int64_t count = std::min(perPart, panels - first);
    reserveShared(b, count * tile.blockStride());
    if (first == 0)
      hooks.emitGlobalProxyFence(b, loc);
    barrier(b, loc);
    stagePart(first, count, 0);
    barrier(b, loc);
    issue(first, count, 0);
  }
  return success();
}

void KernelLowering::fenceAtomic(OpBuilder &b, Operation *op, bool before) {
  // Relaxed updates after a fence release, before one acquire (where the
  // target drops the orderings of read-modify-writes; cmpxchg keeps its).
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  if (!rmw || !hooks.dropsAtomicOrdering() ||
      rmw.getOrder() == MemoryOrder::relaxed ||
      rmw.getOrder() == (before ? MemoryOrder::acquire : MemoryOrder::release))
    return;
  hooks.emitAtomicFence(b, op->getLoc(), rmw.getScope());
}

Value KernelLowering::emitAtomicUpdate(OpBuilder &b, Operation *op,
                                       Value active, Value ptr, Value value,
                                       Value cmp) {
  Location loc = op->getLoc();
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  auto cas = dyn_cast<AtomicCASOp>(op);
  MemoryScope scope = rmw ? rmw.getScope() : cas.getScope();
  auto decorate = [&](Operation *atomic) {
    hooks.decorateAtomic(atomic, scope);
  };
  auto update = [&](OpBuilder &ub) {
    if (!rmw)
      return emitAtomicCAS(ub, loc, ptr, cmp, value, cas.getOrder(), decorate);
    // Where the target drops the ordering, the op's fences surround all its
    // updates (fenceAtomic).
    MemoryOrder order = rmw.getOrder();
    return emitAtomicRMW(ub, loc, rmw.getKind(), ptr, value,
                         hooks.dropsAtomicOrdering()
                             ? LLVM::AtomicOrdering::monotonic
                             : getAtomicOrdering(order),
                         decorate, hooks.dropsAtomicScope(scope));
  };
  if (!active)
    return update(b);
  Type element = value.getType();
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{element}, active, true, true);
  OpBuilder thenB = ifOp.getThenBodyBuilder();
  scf::YieldOp::create(thenB, loc, ValueRange{update(thenB)});
  OpBuilder elseB = ifOp.getElseBodyBuilder();
  scf::YieldOp::create(elseB, loc,
                       ValueRange{arith::ConstantOp::create(
                           elseB, loc, elseB.getZeroAttr(element))});
  return ifOp.getResult(0);
}

LogicalResult KernelLowering::lowerAtomic(OpBuilder &b, Operation *op,
                                          Distributed *result) {
  Location loc = op->getLoc();
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  auto cas = dyn_cast<AtomicCASOp>(op);
  Value ptr = rmw ? rmw.getPtr() : cas.getPtr();
  Layout layout = accessLayout(ptr);
  recordAccess(op, layout);
  FailureOr<SmallVector<Value>> ptrs = at(ptr, layout);
  FailureOr<SmallVector<Value>> values =
      at(rmw ? rmw.getVal() : cas.getVal(), layout);
  FailureOr<SmallVector<Value>> mask =
      at(rmw ? rmw.getMask() : Value(), layout);
  FailureOr<SmallVector<Value>> cmp = at(cas ? cas.getCmp() : Value(), layout);
  if (failed(ptrs) || failed(values) || failed(mask) || failed(cmp))
    return failure();
  Type element = lowerElementType(getElementTypeOrSelf(op->getResult(0)));
  // Each element is updated once, by its first copy; masked-off lanes and
  // the other copies hold zero until the old values are shared below.
  Value firstCopy = isFirstCopyThread(b, loc, layout);
  Distributed old{layout, {}};
  fenceAtomic(b, op, /*before=*/true);
  for (int64_t r = 0; r < layout.getNumRegs(); ++r) {
    if (!layout.isFirstRegCopy(r)) {
      old.regs.push_back(
          arith::ConstantOp::create(b, loc, b.getZeroAttr(element)));
      continue;
    }
    Value active = firstCopy;
    if (!mask->empty())
      active = active ? Value(arith::AndIOp::create(b, loc, active, (*mask)[r]))
                      : (*mask)[r];
    old.regs.push_back(emitAtomicUpdate(b, op, active, (*ptrs)[r], (*values)[r],
                                        cmp->empty() ? Value() : (*cmp)[r]));
  }
  fenceAtomic(b, op, /*before=*/false);
  bool hasCopies =
      layout.getCopyLaneMask() || (layout.getCopyWarpMask() & (numWarps - 1)) ||
      llvm::any_of(llvm::seq<int64_t>(0, layout.getNumRegs()),
                   [&](int64_t r) { return !layout.isFirstRegCopy(r); });
  if (hasCopies && !op->getResult(0).use_empty()) {
    FailureOr<SmallVector<Value>> shared =
        convertThroughShared(b, loc, old, layout);
    if (failed(shared))
      return failure();
    old.regs = *shared;
  }
  *result = std::move(old);
  return success();
}

LogicalResult KernelLowering::lowerScalarAtomic(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  auto cas = dyn_cast<AtomicCASOp>(op);
  Value active = isThreadZero(b, loc);
  if (rmw && rmw.getMask())
    active =
        arith::AndIOp::create(b, loc, active, scalars.lookup(rmw.getMask()));
  fenceAtomic(b, op, /*before=*/true);
  Value old =
      emitAtomicUpdate(b, op, active, scalars.lookup(op->getOperand(0)),
                       scalars.lookup(rmw ? rmw.getVal() : cas.getVal()),
                       cas ? scalars.lookup(cas.getCmp()) : Value());
  fenceAtomic(b, op, /*before=*/false);
  if (!op->getResult(0).use_empty()) {
    // A one-element tile that thread 0 holds and every thread copies.
    Layout single = getBlockedLayout({1}, {0}, 1, warpSize, numWarps);
    FailureOr<SmallVector<Value>> shared =
        convertThroughShared(b, loc, Distributed{single, {old}}, single);
    if (failed(shared))
      return failure();
    old = shared->front();
  }
  scalars.map(op->getResult(0), old);
  return success();
}

/// The program ids a print or an assert names, as i32 values: its
/// `program(...)` operands when it has them (a scheduled kernel's grid
/// program), else the block's.
static SmallVector<Value> reportedProgramIds(OpBuilder &b, Location loc,
                                             ValueRange named,
                                             const IRMapping &scalars) {
  SmallVector<Value> ids;
  if (named.size() == 3) {
    for (Value id : named)
      ids.push_back(scalars.lookup(id));
    return ids;
  }
  for (auto dim : {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    ids.push_back(arith::IndexCastOp::create(
        b, loc, b.getI32Type(), gpu::BlockIdOp::create(b, loc, dim)));
  return ids;
}

LogicalResult KernelLowering::lowerPrint(PrintOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  std::string escaped = escapePrintfFormat(op.getPrefix());
  SmallVector<Value> pid = reportedProgramIds(b, loc, op.getProgram(), scalars);
  if (op.getArgs().empty()) {
    OpBuilder::InsertionGuard guard(b);
    guardBy(b, loc, isThreadZero(b, loc));
    gpu::PrintfOp::create(b, loc, "pid (%d, %d, %d) " + escaped + "\n", pid);
    return success();
  }
  // docs/Semantics.md 3.9: `pid (X, Y, Z) idx (i0, ...) PREFIXVALUE`.
  for (Value arg : op.getArgs()) {
    if (!isTile(arg)) {
      OpBuilder::InsertionGuard guard(b);
      guardBy(b, loc, isThreadZero(b, loc));
      auto [value, spec] = printfArgument(b, loc, scalars.lookup(arg),
                                          arg.getType(), op.getHex());
      SmallVector<Value> args(pid);
      args.push_back(value);
      gpu::PrintfOp::create(
          b, loc, "pid (%d, %d, %d) idx () " + escaped + spec.str() + "\n",
          args);
      continue;
    }
    auto type = cast<RankedTensorType>(arg.getType());
    Layout layout = defaultLayout(type.getShape());
    FailureOr<SmallVector<Value>> values = at(arg, layout);
    if (failed(values))
      return failure();
    OpBuilder::InsertionGuard guard(b);
    guardBy(b, loc, isFirstCopyThread(b, loc, layout));
    auto coords = coordinates(b, loc, layout);
    for (int64_t r = 0; r < layout.getNumRegs(); ++r) {
      if (!layout.isFirstRegCopy(r))
        continue;
      SmallVector<Value> args(pid);
      for (Value c : coords[r])
        args.push_back(arith::ExtUIOp::create(b, loc, b.getI64Type(), c));
      auto [value, spec] = printfArgument(b, loc, (*values)[r],
                                          type.getElementType(), op.getHex());
      args.push_back(value);
      SmallVector<std::string> specs(coords[r].size(), "%lld");
      gpu::PrintfOp::create(b, loc,
                            "pid (%d, %d, %d) idx (" + llvm::join(specs, ", ") +
                                ") " + escaped + spec.str() + "\n",
                            args);
    }
  }
  return success();
}

LogicalResult KernelLowering::lowerAssert(AssertOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  Value ok;
  if (!isTile(op.getCondition())) {
    ok = scalars.lookup(op.getCondition());
  } else {
    auto type = cast<RankedTensorType>(op.getCondition().getType());
    Layout layout = defaultLayout(type.getShape());
    FailureOr<SmallVector<Value>> values = at(op.getCondition(), layout);
    if (failed(values))
      return failure();
    for (Value value : *values)
      ok = ok ? Value(arith::AndIOp::create(b, loc, ok, value)) : value;
  }
  Value failing = arith::XOrIOp::create(
      b, loc, ok, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  OpBuilder::InsertionGuard guard(b);
  guardBy(b, loc, failing);
  SmallVector<Value> pid = reportedProgramIds(b, loc, op.getProgram(), scalars);
  // The flag, then the program ids of the first failure: the runtime reads
  // them after the launch. Only that first failing thread prints, once per
  // launch rather than once per thread.
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  Value flag =
      LLVM::AddressOfOp::create(b, loc, ptrType, assertFlag.getSymName());
  Value previous = LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::xchg,
                                             flag, constI32(b, loc, 1),
                                             LLVM::AtomicOrdering::monotonic);
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      previous, constI32(b, loc, 0));
  guardBy(b, loc, first);
  gpu::PrintfOp::create(b, loc,
                        "tile.assert failed in program (%d, %d, %d): " +
                            escapePrintfFormat(op.getMessage()) + "\n",
                        pid);
  for (auto [i, id] : llvm::enumerate(pid)) {
    Value slot = LLVM::GEPOp::create(b, loc, ptrType, b.getI32Type(), flag,
                                     ArrayRef<LLVM::GEPArg>{int32_t(i + 1)});
    LLVM::StoreOp::create(b, loc, id, slot, 4);
  }
  return success();
}
