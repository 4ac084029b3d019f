//===- SplitLoops.cpp - A sum loop's iterations shared by programs --------===//
//
// tile-split-loops: split-K made explicit in the kernel's code, once for
// every target (docs/Semantics.md section 1.3). A kernel whose loop carries
// sums (`acc = dot(a, b, acc)`, integer `acc = acc + x`) and is marked
// `tile.split_k = S` runs each program of its grid as S programs along z:
// each runs a contiguous S-th of the loop's iterations from zero sums,
// writes its partial sums to the runtime's workspace and counts itself in
// with an acq_rel atomic; the last of the S to arrive adds the S partials in
// split order (so the result does not depend on which one was last) and runs
// the rest of the kernel. No program waits for another.
//
//===----------------------------------------------------------------------===//

#include "GridIds.h"
#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILESPLITLOOPS
#include "tile/Dialect/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::detail;

namespace {

/// The loop of `kernel` marked `tile.split_k` (the verifier keeps the mark
/// on loops directly in a kernel's body), or null; a second one is an error.
FailureOr<scf::ForOp> findSplitLoop(FuncOp kernel) {
  scf::ForOp found;
  for (Operation &op : kernel.getBody().getOps()) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop || !loop->hasAttr(TileDialect::getSplitKAttrName()))
      continue;
    if (found)
      return loop.emitOpError("is the second loop of its kernel marked '")
             << TileDialect::getSplitKAttrName() << "' (one per kernel)";
    found = loop;
  }
  return found;
}

int64_t splitCount(scf::ForOp loop) {
  return cast<IntegerAttr>(loop->getAttr(TileDialect::getSplitKAttrName()))
      .getInt();
}

/// The first op in or under `op` that writes memory, or null. Prints and
/// asserts (a bounds-checked kernel's among them) check what each split
/// program computes, and may run in each.
Operation *findWrite(Operation *op) {
  Operation *writer = nullptr;
  op->walk([&](Operation *inner) {
    if (isa<PrintOp, AssertOp>(inner))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    bool writes = effects
                      ? effects.hasEffect<MemoryEffects::Write>()
                      : !inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (!writes)
      return WalkResult::advance();
    writer = inner;
    return WalkResult::interrupt();
  });
  return writer;
}

/// The op of `loop`'s body that adds into carried value `index`: a
/// `tile.dot` accumulating into it or an integer addition with it as an
/// operand, whose result the loop yields, the carried value having no other
/// use. (Wrapping integer sums are the same in any order; a dot's
/// summation order is free within its bound.)
Operation *sumOf(scf::ForOp loop, unsigned index) {
  BlockArgument carried = loop.getRegionIterArg(index);
  Value yielded = loop.getYieldedValues()[index];
  Operation *def = yielded.getDefiningOp();
  if (!def || def->getParentOp() != loop || !carried.hasOneUse() ||
      carried.getUses().begin()->getOwner() != def)
    return nullptr;
  if (auto dot = dyn_cast<DotOp>(def))
    return dot.getAcc() == carried ? def : nullptr;
  if (isa<arith::AddIOp>(def))
    return def;
  return nullptr;
}

/// The results of `loop` that are sums (the others are pointer
/// inductions), in order.
SmallVector<Value> sumResults(scf::ForOp loop) {
  SmallVector<Value> sums;
  for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
    if (sumOf(loop, i))
      sums.push_back(loop.getResult(i));
  return sums;
}

/// How far carried pointer (or pointer tile) `index` of `loop` advances per
/// iteration, in elements, when it is an induction the rest of the kernel
/// does not use (Triton's `a_ptrs += BLOCK_K * stride`): a value defined
/// outside the loop, or a constant. A split starts it as many advances on
/// as it skips iterations.
std::optional<OpFoldResult> inductionStep(scf::ForOp loop, unsigned index) {
  if (!loop.getResult(index).use_empty())
    return std::nullopt;
  BlockArgument carried = loop.getRegionIterArg(index);
  Value yielded = loop.getYieldedValues()[index];
  std::optional<OpFoldResult> step = getUniformAdvance(carried, yielded);
  if (step && isa<Value>(*step) &&
      !loop.isDefinedOutsideOfLoop(cast<Value>(*step)))
    return std::nullopt;
  return step;
}

/// Checks that `loop` (in `kernel`) can be split: what runs before it and
/// in it only reads memory (it runs once per split), and each value it
/// carries is a sum of a type partial sums can be kept in.
LogicalResult checkSplittable(FuncOp kernel, scf::ForOp loop) {
  StringRef mark = TileDialect::getSplitKAttrName();
  for (Operation &op : kernel.getBody().front()) {
    if (&op == loop.getOperation())
      break;
    if (Operation *writer = findWrite(&op))
      return writer->emitOpError("writes memory before a loop marked '")
             << mark << "': it would run once per split program";
  }
  if (Operation *writer = findWrite(loop))
    return writer->emitOpError("writes memory in a loop marked '")
           << mark << "' (a split loop only reads)";
  bool anySum = false;
  for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
    if (!sumOf(loop, i) && inductionStep(loop, i))
      continue;
    anySum = true;
    Operation *yielder = loop.getYieldedValues()[i].getDefiningOp();
    if (isa_and_nonnull<arith::AddFOp>(yielder) &&
        yielder->getParentOp() == loop)
      return loop.emitOpError("carries value #")
             << i << ", a float sum of arith.addf: its rounding is exact "
             << "(docs/Semantics.md section 10) and a split would change it "
             << "(accumulate with tile.dot, whose summation order is free)";
    if (!sumOf(loop, i))
      return loop.emitOpError("carries value #")
             << i << ", which is not a sum (a split loop carries only "
             << "'acc = tile.dot(a, b, acc)', integer 'acc = acc + x', and "
             << "pointers advanced by a loop-invariant step that nothing "
             << "after the loop uses)";
    Type element = getElementTypeOrSelf(loop.getResult(i).getType());
    if (!element.isF16() && !element.isBF16() && !element.isF32() &&
        !element.isF64() && !element.isInteger(32) && !element.isInteger(64))
      return loop.emitOpError("carries value #")
             << i << " of " << loop.getResult(i).getType()
             << ": a split loop sums f16, bf16, f32, f64, i32 or i64";
  }
  if (!anySum)
    return loop.emitOpError("is marked '")
           << mark << "' but carries no sum to split";
  return success();
}

int64_t elementCount(Type type) {
  auto tile = dyn_cast<RankedTensorType>(type);
  return tile ? tile.getNumElements() : 1;
}

/// `v` as i64 (index cast, or sign-extended).
Value toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, i64, v);
  return v;
}

/// `v` (i64) as `type`.
Value fromI64(OpBuilder &b, Location loc, Value v, Type type) {
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, v);
  if (type.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, type, v);
  return v;
}

Value constantI64(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), value);
}

/// The pointers to the elements of partial sum `slot` (i64) of a value of
/// `type` in the workspace region `base`: slot * elements + the element's
/// row-major index.
Value partialPointers(OpBuilder &b, Location loc, Value base, Value slot,
                      Type type) {
  Value start = arith::MulIOp::create(b, loc, slot,
                                      constantI64(b, loc, elementCount(type)));
  Value first = AddPtrOp::create(b, loc, base.getType(), base, start);
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!tile)
    return first;
  Type i32 = b.getI32Type();
  unsigned rank = tile.getRank();
  Value linear;
  int64_t stride = 1;
  for (int d = int(rank) - 1; d >= 0; --d) {
    int64_t extent = tile.getDimSize(d);
    auto vector = RankedTensorType::get({extent}, i32);
    Value index = RangeOp::create(b, loc, vector, 0, extent);
    if (stride != 1)
      index = arith::MulIOp::create(
          b, loc, index,
          SplatOp::create(b, loc, vector,
                          arith::ConstantIntOp::create(b, loc, i32, stride)));
    for (unsigned other = 0; other < rank; ++other) {
      if (other == unsigned(d))
        continue;
      auto type = cast<RankedTensorType>(index.getType());
      SmallVector<int64_t> shape(type.getShape());
      shape.insert(shape.begin() + other, 1);
      index = ExpandDimsOp::create(b, loc, RankedTensorType::get(shape, i32),
                                   index, other);
    }
    if (rank > 1)
      index = BroadcastOp::create(
          b, loc, RankedTensorType::get(tile.getShape(), i32), index);
    linear =
        linear ? Value(arith::AddIOp::create(b, loc, linear, index)) : index;
    stride *= extent;
  }
  auto ptrType = RankedTensorType::get(tile.getShape(), base.getType());
  return AddPtrOp::create(b, loc, ptrType,
                          SplatOp::create(b, loc, ptrType, first), linear);
}

Value add(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(getElementTypeOrSelf(lhs.getType())))
    return arith::AddFOp::create(b, loc, lhs, rhs);
  return arith::AddIOp::create(b, loc, lhs, rhs);
}

/// Splits `loop` of `kernel` over `splits` programs.
void splitLoop(FuncOp kernel, scf::ForOp loop, int64_t splits) {
  MLIRContext *context = kernel.getContext();
  Location loc = loop.getLoc();
  Type i32 = IntegerType::get(context, 32);
  // The runtime's workspace: the arrival counters, then each carried
  // value's partial sums, as arguments after all others (docs/Runtime.md).
  auto aligned = DictionaryAttr::get(
      context, {NamedAttribute(TileDialect::getDivisibilityAttrName(),
                               IntegerAttr::get(i32, 16))});
  unsigned firstHidden = kernel.getNumArguments();
  (void)kernel.insertArgument(firstHidden, PointerType::get(i32), aligned, loc);
  Value counters = kernel.getArgument(firstHidden);
  SmallVector<Value> sums = sumResults(loop), regions;
  for (Value result : sums) {
    unsigned index = kernel.getNumArguments();
    Type element = getElementTypeOrSelf(result.getType());
    (void)kernel.insertArgument(index, PointerType::get(element), aligned, loc);
    regions.push_back(kernel.getArgument(index));
  }

  // The program as written: z of the launched program over the splits, the
  // split its rest.
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  SmallVector<Value> ids, extents;
  llvm::SmallPtrSet<Operation *, 8> created;
  launchedGrid(b, loc, ids, extents, created);
  Value splitsI32 = arith::ConstantIntOp::create(b, loc, i32, splits);
  Value z = arith::DivUIOp::create(b, loc, ids[2], splitsI32);
  Value split = arith::RemUIOp::create(b, loc, ids[2], splitsI32);
  Value gz = arith::DivUIOp::create(b, loc, extents[2], splitsI32);
  replaceGridOps(kernel, {ids[0], ids[1], z}, {extents[0], extents[1], gz},
                 created);

  // This split's iterations: the `per` iterations from split * per.
  b.setInsertionPoint(loop);
  Type ivType = loop.getInductionVar().getType();
  Value lower = toI64(b, loc, loop.getLowerBound());
  Value upper = toI64(b, loc, loop.getUpperBound());
  Value step = toI64(b, loc, loop.getStep());
  Value one = constantI64(b, loc, 1);
  auto ceilDiv = [&](Value n, Value d) -> Value {
    Value rounded =
        arith::AddIOp::create(b, loc, n, arith::SubIOp::create(b, loc, d, one));
    return arith::DivSIOp::create(b, loc, rounded, d);
  };
  Value span = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, upper, lower),
      constantI64(b, loc, 0));
  Value perSplit = ceilDiv(ceilDiv(span, step), constantI64(b, loc, splits));
  Value chunk = arith::MulIOp::create(b, loc, perSplit, step);
  Value splitI64 = arith::ExtUIOp::create(b, loc, b.getI64Type(), split);
  Value from = arith::MinSIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, lower,
                            arith::MulIOp::create(b, loc, splitI64, chunk)),
      upper);
  Value to = arith::MinSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, from, chunk), upper);
  loop.getLowerBoundMutable().assign(fromI64(b, loc, from, ivType));
  loop.getUpperBoundMutable().assign(fromI64(b, loc, to, ivType));
  // Sums start from zero but in the first split.
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, split,
                            arith::ConstantIntOp::create(b, loc, i32, 0));
  Value skipped = arith::DivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, from, lower), step);
  for (OpOperand &init : loop.getInitArgsMutable()) {
    Value value = init.get();
    unsigned index = init.getOperandNumber() - loop.getNumControlOperands();
    if (!sumOf(loop, index)) {
      // A pointer induction starts as many steps on as the split skips.
      OpFoldResult advance = *inductionStep(loop, index);
      Value perStep =
          isa<Value>(advance)
              ? toI64(b, loc, cast<Value>(advance))
              : constantI64(
                    b, loc,
                    cast<IntegerAttr>(cast<Attribute>(advance)).getInt());
      Value offset = arith::MulIOp::create(b, loc, skipped, perStep);
      if (auto tile = dyn_cast<RankedTensorType>(value.getType()))
        offset = SplatOp::create(
            b, loc, RankedTensorType::get(tile.getShape(), b.getI64Type()),
            offset);
      init.set(AddPtrOp::create(b, loc, value.getType(), value, offset));
      continue;
    }
    if (matchPattern(value, m_AnyZeroFloat()) || matchPattern(value, m_Zero()))
      continue;
    Value zero = arith::ConstantOp::create(
        b, loc, cast<TypedAttr>(b.getZeroAttr(value.getType())));
    init.set(arith::SelectOp::create(b, loc, first, value, zero));
  }
  loop->removeAttr(TileDialect::getSplitKAttrName());

  // After the loop: the partial sums out, the arrival counted, and the
  // rest of the kernel in the last program only.
  Block &body = kernel.getBody().front();
  SmallVector<Operation *> rest;
  for (Operation *op = loop->getNextNode(); op != body.getTerminator();
       op = op->getNextNode())
    rest.push_back(op);
  b.setInsertionPointAfter(loop);
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) { return arith::ExtUIOp::create(b, loc, i64, v); };
  Value tile = arith::AddIOp::create(
      b, loc, wide(ids[0]),
      arith::MulIOp::create(
          b, loc, wide(extents[0]),
          arith::AddIOp::create(
              b, loc, wide(ids[1]),
              arith::MulIOp::create(b, loc, wide(extents[1]), wide(z)))));
  Value firstSlot =
      arith::MulIOp::create(b, loc, tile, constantI64(b, loc, splits));
  Value slot = arith::AddIOp::create(b, loc, firstSlot, splitI64);
  for (auto [result, region] : llvm::zip(sums, regions))
    StoreOp::create(b, loc,
                    partialPointers(b, loc, region, slot, result.getType()),
                    result, Value(), CacheModifierAttr(), EvictionPolicyAttr());
  Value counter = AddPtrOp::create(b, loc, counters.getType(), counters, tile);
  Value arrived = AtomicRMWOp::create(
      b, loc, i32, AtomicRMWKind::add, MemoryOrder::acq_rel, MemoryScope::gpu,
      counter, arith::ConstantIntOp::create(b, loc, i32, 1), Value());
  Value last = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, arrived,
      arith::ConstantIntOp::create(b, loc, i32, splits - 1));
  auto ifLast = scf::IfOp::create(b, loc, last, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifLast.thenBlock());
  // Counters are zero at every launch: the last program resets its own.
  StoreOp::create(b, loc, counter, arith::ConstantIntOp::create(b, loc, i32, 0),
                  Value(), CacheModifierAttr(), EvictionPolicyAttr());
  // The sum of the partials in split order, a loop rather than S loads at
  // once (each may be a whole accumulator).
  auto loadPartial = [&](OpBuilder &lb, Value region, Value at, Type type) {
    return LoadOp::create(lb, loc, type,
                          partialPointers(lb, loc, region, at, type), Value(),
                          Value(), CacheModifierAttr(), EvictionPolicyAttr(),
                          UnitAttr())
        .getResult();
  };
  SmallVector<Value> firstPartials;
  for (auto [result, region] : llvm::zip(sums, regions))
    firstPartials.push_back(
        loadPartial(b, region, firstSlot, result.getType()));
  auto sumLoop = scf::ForOp::create(
      b, loc, constantI64(b, loc, 1), constantI64(b, loc, splits),
      constantI64(b, loc, 1), firstPartials,
      [&](OpBuilder &lb, Location, Value s, ValueRange sums) {
        Value at = arith::AddIOp::create(lb, loc, firstSlot, s);
        SmallVector<Value> next;
        for (auto [sum, region] : llvm::zip(sums, regions))
          next.push_back(
              add(lb, loc, sum, loadPartial(lb, region, at, sum.getType())));
        scf::YieldOp::create(lb, loc, next);
      });
  for (auto [result, sum] : llvm::zip(sums, sumLoop.getResults())) {
    result.replaceUsesWithIf(sum, [&](OpOperand &use) {
      return ifLast->isProperAncestor(use.getOwner()) ||
             llvm::is_contained(rest, use.getOwner());
    });
  }
  for (Operation *op : rest)
    op->moveBefore(ifLast.thenBlock()->getTerminator());
  eraseUnused(created);
}

struct TileSplitLoopsPass
    : mlir::tile::impl::TileSplitLoopsBase<TileSplitLoopsPass> {
  void runOnOperation() override {
    llvm::StringSet<> split; // kernels given the workspace's arguments
    for (auto kernel : getOperation()->getRegions().front().getOps<FuncOp>()) {
      FailureOr<scf::ForOp> loop = findSplitLoop(kernel);
      if (failed(loop))
        return signalPassFailure();
      if (!*loop)
        continue;
      int64_t splits = splitCount(*loop);
      if (splits == 1) {
        (*loop)->removeAttr(TileDialect::getSplitKAttrName());
        continue;
      }
      if (!kernel.getBody().hasOneBlock()) {
        kernel.emitOpError("a split loop needs a kernel body of one block");
        return signalPassFailure();
      }
      if (failed(checkSplittable(kernel, *loop)))
        return signalPassFailure();
      splitLoop(kernel, *loop, splits);
      split.insert(kernel.getSymName());
    }
    dropAlternativeMarks(getOperation(), split);
  }
};

} // namespace

SplitLoopWorkspace mlir::tile::getSplitLoopWorkspace(FuncOp kernel) {
  SplitLoopWorkspace workspace;
  for (Operation &op : kernel.getBody().getOps()) {
    auto loop = dyn_cast<scf::ForOp>(op);
    auto splits =
        loop
            ? loop->getAttrOfType<IntegerAttr>(TileDialect::getSplitKAttrName())
            : IntegerAttr();
    if (!splits || splits.getInt() < 2)
      continue;
    workspace.splits = splits.getInt();
    for (Value result : sumResults(loop))
      workspace.partialBytes.push_back(
          elementCount(result.getType()) *
          getElementByteSize(getElementTypeOrSelf(result.getType())));
    break;
  }
  return workspace;
}
