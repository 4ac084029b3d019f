//===- FullMasks.cpp - Unmasked code for masks that are all true ----------===//
//
// Most programs of a grid run with masks that are true everywhere (only the
// last block of a vector, or columns past the end of a row, are cut off),
// yet a masked load or store costs more than a plain one: on the AMD Zen 5
// development machine a masked f32 vector add runs at 42 GB/s and an
// unmasked one at 56 GB/s (two threads; the hardware prefetcher appears to
// ignore masked loads). So a mask computed from ranges, splats and scalars
// alone is checked once, where it is defined, for being true in every lane,
// and each loop that reads such masks is emitted twice: with plain loads and
// stores when they are all true, as written otherwise.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/ProgramEmitter.h"

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

/// Whether every element of `tile` is computed from ranges, splats,
/// constants and scalars by elementwise ops: reading no memory, so that it
/// can be evaluated once more, cheaply, to check it.
static bool isComputedFromIndices(Value tile,
                                  const DenseMap<Value, Value> &buffers) {
  if (buffers.count(tile))
    return false;
  Operation *def = tile.getDefiningOp();
  if (!def)
    return false;
  if (isa<RangeOp, SplatOp>(def))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    return dense && dense.isSplat();
  }
  if (isa<BroadcastOp, ExpandDimsOp>(def))
    return isComputedFromIndices(def->getOperand(0), buffers);
  if (!def->hasTrait<OpTrait::Elementwise>() ||
      !isa<arith::ArithDialect>(def->getDialect()))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return !isTile(operand) || isComputedFromIndices(operand, buffers);
  });
}

/// For `offsets < n` (or <=, signed or unsigned) with 1-D `offsets` that the
/// axis analysis proves consecutive and `n` one scalar: whether the first
/// and last lanes pass and the last is not below the first (no wrap), which
/// together mean every lane passes. A null value when `tile` has another
/// form. This costs a few scalar ops where checking lane by lane costs a
/// compare per element (4% of the vector add).
Value ProgramEmitter::checkBoundMask(OpBuilder &b, Value tile) {
  auto cmp = tile.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return Value();
  arith::CmpIPredicate predicate = cmp.getPredicate();
  bool isSigned = predicate == arith::CmpIPredicate::slt ||
                  predicate == arith::CmpIPredicate::sle;
  if (!isSigned && predicate != arith::CmpIPredicate::ult &&
      predicate != arith::CmpIPredicate::ule)
    return Value();
  auto type = cast<RankedTensorType>(cmp.getLhs().getType());
  auto splat = cmp.getRhs().getDefiningOp<SplatOp>();
  if (type.getRank() != 1 || !splat ||
      axis.getAxisInfo(cmp.getLhs()).getContiguity(0) != type.getNumElements())
    return Value();
  Location loc = cmp.getLoc();
  auto lane = [&](int64_t index) -> FailureOr<Value> {
    chunks.clear();
    FailureOr<Value> one = chunk(
        b, cmp.getLhs(),
        Position{constantIndex(b, loc, 0), constantIndex(b, loc, index), 1});
    chunks.clear();
    if (failed(one))
      return failure();
    return Value(vector::ExtractOp::create(b, loc, *one, 0));
  };
  FailureOr<Value> first = lane(0);
  FailureOr<Value> last = lane(type.getNumElements() - 1);
  if (failed(first) || failed(last))
    return Value();
  Value bound = scalars.lookup(splat.getSrc());
  Value ordered = arith::CmpIOp::create(
      b, loc, isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule,
      *first, *last);
  Value firstIn = arith::CmpIOp::create(b, loc, predicate, *first, bound);
  Value lastIn = arith::CmpIOp::create(b, loc, predicate, *last, bound);
  return arith::AndIOp::create(b, loc, ordered,
                               arith::AndIOp::create(b, loc, firstIn, lastIn));
}

Value ProgramEmitter::checkComposedMask(OpBuilder &b, Value tile) {
  if (Value bound = checkBoundMask(b, tile))
    return bound;
  Operation *def = tile.getDefiningOp();
  if (!def)
    return Value();
  // A broadcast or a new unit dimension repeats its source's lanes: all
  // true exactly when the source is.
  if (isa<BroadcastOp, ExpandDimsOp>(def))
    return checkComposedMask(b, def->getOperand(0));
  if (auto splat = dyn_cast<SplatOp>(def))
    return scalars.lookup(splat.getSrc());
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense || !dense.isSplat())
      return Value();
    return arith::ConstantIntOp::create(b, def->getLoc(), b.getI1Type(),
                                        dense.getSplatValue<bool>());
  }
  if (auto both = dyn_cast<arith::AndIOp>(def)) {
    Value lhs = checkComposedMask(b, both.getLhs());
    Value rhs = lhs ? checkComposedMask(b, both.getRhs()) : Value();
    if (!rhs)
      return Value();
    return arith::AndIOp::create(b, def->getLoc(), lhs, rhs);
  }
  return Value();
}

void ProgramEmitter::checkMaskAllTrue(OpBuilder &b, Value tile) {
  auto type = dyn_cast<RankedTensorType>(tile.getType());
  if (!type || !type.getElementType().isInteger(1))
    return;
  bool isMask = llvm::any_of(tile.getUses(), [](OpOperand &use) {
    if (auto load = dyn_cast<LoadOp>(use.getOwner()))
      return load.getMask() == use.get();
    if (auto store = dyn_cast<StoreOp>(use.getOwner()))
      return store.getMask() == use.get();
    return false;
  });
  if (!isMask || !isComputedFromIndices(tile, buffers))
    return;
  if (Value composed = checkComposedMask(b, tile)) {
    maskAllTrue[tile] = composed;
    return;
  }
  Location loc = tile.getLoc();
  auto [rows, cols] = rowsAndCols(type);
  int64_t width = chunkWidth(type);
  auto vectorType = VectorType::get({width}, b.getI1Type());
  Value allSet = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(vectorType, true));
  auto rowLoop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                    constantIndex(b, loc, rows),
                                    constantIndex(b, loc, 1), allSet);
  OpBuilder rowB = OpBuilder::atBlockBegin(rowLoop.getBody());
  auto colLoop = scf::ForOp::create(
      rowB, loc, constantIndex(rowB, loc, 0), constantIndex(rowB, loc, cols),
      constantIndex(rowB, loc, width), rowLoop.getRegionIterArgs());
  OpBuilder colB = OpBuilder::atBlockBegin(colLoop.getBody());
  chunks.clear();
  FailureOr<Value> lanes = chunk(
      colB, tile,
      Position{rowLoop.getInductionVar(), colLoop.getInductionVar(), width});
  chunks.clear();
  if (failed(lanes)) {
    rowLoop.erase();
    return;
  }
  scf::YieldOp::create(colB, loc,
                       ValueRange{arith::AndIOp::create(
                           colB, loc, colLoop.getRegionIterArgs()[0], *lanes)});
  scf::YieldOp::create(rowB, loc, colLoop.getResults());
  maskAllTrue[tile] = vector::ReductionOp::create(
      b, loc, vector::CombiningKind::AND, rowLoop.getResult(0));
}

/// The masks of loads that evaluating `roots` chunk by chunk reads, and
/// `ownMask`, for which an all-true check exists.
SmallVector<Value> ProgramEmitter::checkedMasks(ArrayRef<Value> roots,
                                                Value ownMask) {
  SetVector<Value> masks;
  if (ownMask && maskAllTrue.count(ownMask))
    masks.insert(ownMask);
  SmallVector<Value> worklist(roots);
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!value || !isTile(value) || !seen.insert(value).second ||
        buffers.count(value) || restructured.count(value))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def)
      continue;
    if (auto load = dyn_cast<LoadOp>(def))
      if (Value mask = load.getMask(); mask && maskAllTrue.count(mask))
        masks.insert(mask);
    llvm::append_range(worklist, def->getOperands());
  }
  return masks.takeVector();
}

FailureOr<SmallVector<Value>> ProgramEmitter::withFullMasks(
    OpBuilder &b, Location loc, ArrayRef<Value> roots, Value ownMask,
    function_ref<FailureOr<SmallVector<Value>>(OpBuilder &)> emit) {
  SmallVector<Value> masks = checkedMasks(roots, ownMask);
  // Masks already known true here (an enclosing version) need no check.
  llvm::erase_if(masks, [&](Value mask) { return trueMasks.count(mask); });
  if (masks.empty())
    return emit(b);
  Value allTrue = maskAllTrue.lookup(masks.front());
  for (Value mask : ArrayRef(masks).drop_front())
    allTrue = arith::AndIOp::create(b, loc, allTrue, maskAllTrue.lookup(mask));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, allTrue,
                                /*withElseRegion=*/true);
  OpBuilder thenB = OpBuilder::atBlockBegin(ifOp.thenBlock());
  OpBuilder elseB = OpBuilder::atBlockBegin(ifOp.elseBlock());
  trueMasks.insert(masks.begin(), masks.end());
  chunks.clear();
  FailureOr<SmallVector<Value>> unmasked = emit(thenB);
  for (Value mask : masks)
    trueMasks.erase(mask);
  chunks.clear();
  if (failed(unmasked))
    return failure();
  FailureOr<SmallVector<Value>> masked = emit(elseB);
  chunks.clear();
  if (failed(masked))
    return failure();
  // The terminators scf.if made are replaced by yields of the results.
  ifOp.thenBlock()->getTerminator()->erase();
  ifOp.elseBlock()->getTerminator()->erase();
  thenB.setInsertionPointToEnd(ifOp.thenBlock());
  elseB.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(thenB, loc, *unmasked);
  scf::YieldOp::create(elseB, loc, *masked);
  if (unmasked->empty())
    return SmallVector<Value>();
  auto withResults = scf::IfOp::create(b, loc, ValueRange(*unmasked).getTypes(),
                                       allTrue, true);
  withResults.getThenRegion().takeBody(ifOp.getThenRegion());
  withResults.getElseRegion().takeBody(ifOp.getElseRegion());
  ifOp.erase();
  return SmallVector<Value>(withResults.getResults());
}

LogicalResult ProgramEmitter::withFullMasksNoResults(
    OpBuilder &b, Location loc, ArrayRef<Value> roots, Value ownMask,
    function_ref<LogicalResult(OpBuilder &)> emit) {
  return withFullMasks(b, loc, roots, ownMask,
                       [&](OpBuilder &inner) -> FailureOr<SmallVector<Value>> {
                         if (failed(emit(inner)))
                           return failure();
                         return SmallVector<Value>();
                       });
}

} // namespace mlir::tile::tovector
