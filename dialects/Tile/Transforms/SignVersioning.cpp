//===- SignVersioning.cpp - The tile-version-signs pass -------------------===//
//
// Signed division and remainder truncate towards zero, so the runs that make
// an access a vector (equal quotients, consecutive remainders) hold only for
// non-negative dividends. Kernels as front ends write them divide offsets
// built from a few scalars (`pid_n * BLOCK + range`) that the analysis cannot
// prove non-negative; this pass versions such a kernel once on those scalars'
// signs, so the common launch gets the runs and every launch its exact
// values.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEVERSIONSIGNS
#include "tile/Dialect/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Whether the runs of `op`'s result (a signed division or remainder of a
/// tile) would be longer were its dividends known non-negative.
static bool gainsRunsIfNonNegative(Operation *op,
                                   const AxisInfoAnalysis &analysis) {
  AxisInfo known = analysis.getAxisInfo(op->getResult(0));
  std::optional<AxisInfo> hoped = analysis.getAxisInfoIfNonNegative(op);
  if (!hoped)
    return false;
  for (int64_t dim = 0; dim < known.getRank(); ++dim)
    if (hoped->getContiguity(dim) > known.getContiguity(dim) ||
        hoped->getConstancy(dim) > known.getConstancy(dim))
      return true;
  return false;
}

/// Whether `value` becomes (part of) an address offset through shape and
/// integer ops: only there do runs pay for a second copy of the kernel.
static bool feedsAddress(Value value) {
  SmallVector<Value> worklist = {value};
  DenseSet<Value> seen;
  while (!worklist.empty() && seen.size() < 256) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    for (OpOperand &use : next.getUses()) {
      Operation *user = use.getOwner();
      if (isa<AddPtrOp>(user) && use.getOperandNumber() == 1)
        return true;
      if (isa<SplatOp, BroadcastOp, ExpandDimsOp, TransOp, ReshapeOp>(user) ||
          isa_and_present<arith::ArithDialect>(user->getDialect()))
        for (Value result : user->getResults())
          worklist.push_back(result);
    }
  }
  return false;
}

/// Collects into `roots` scalars of `top` (the kernel's body block) that,
/// known non-negative, make `value` non-negative by the analysis' rules;
/// false where there are none such.
static bool collectSignRoots(Value value, Block *top,
                             const AxisInfoAnalysis &analysis,
                             SetVector<Value> &roots, int depth = 0) {
  if (analysis.getAxisInfo(value).isNonNegative())
    return true;
  if (depth > 16)
    return false;
  Type type = value.getType();
  if (isa<IndexType>(type) ||
      (isa<IntegerType>(type) && type.getIntOrFloatBitWidth() > 1)) {
    Block *owner = isa<BlockArgument>(value)
                       ? cast<BlockArgument>(value).getOwner()
                       : value.getDefiningOp()->getBlock();
    if (owner == top) {
      roots.insert(value);
      return true;
    }
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  auto all = [&](ValueRange operands) {
    for (Value operand : operands)
      if (!collectSignRoots(operand, top, analysis, roots, depth + 1))
        return false;
    return true;
  };
  if (isa<SplatOp, BroadcastOp, ExpandDimsOp, TransOp, ReshapeOp,
          arith::ExtSIOp, arith::IndexCastOp>(def))
    return all(def->getOperand(0));
  if (isa<arith::AddIOp, arith::MulIOp, arith::MaxSIOp>(def))
    return all(def->getOperands());
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return all({select.getTrueValue(), select.getFalseValue()});
  return false;
}

/// Puts the code of `top` under `scf.if (all roots >= 0)`: the first branch
/// uses `maxsi(root, 0)` for each root, the second the code as it was. The
/// roots and what they are computed from move first, as they are free of
/// effects (otherwise nothing changes and this returns false).
static bool versionOnSigns(Block *top, ArrayRef<Value> roots) {
  SetVector<Operation *> slice;
  SmallVector<Operation *> worklist;
  for (Value root : roots)
    if (Operation *def = root.getDefiningOp())
      worklist.push_back(def);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!slice.insert(op))
      continue;
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return false;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  Block::iterator begin = top->begin();
  for (Operation *op : ordered) {
    if (&*begin == op)
      ++begin;
    else
      op->moveBefore(top, begin);
  }
  SmallVector<Operation *> tail;
  for (Operation &op :
       llvm::make_range(begin, top->getTerminator()->getIterator()))
    tail.push_back(&op);
  if (tail.empty())
    return false;

  Location loc = tail.front()->getLoc();
  OpBuilder builder(tail.front());
  Value allNonNegative;
  for (Value root : roots) {
    Value zero = arith::ConstantOp::create(builder, loc,
                                           builder.getZeroAttr(root.getType()));
    Value nonNegative = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sge, root, zero);
    allNonNegative =
        allNonNegative
            ? arith::AndIOp::create(builder, loc, allNonNegative, nonNegative)
                  .getResult()
            : nonNegative;
  }
  auto guard = scf::IfOp::create(builder, loc, TypeRange{}, allNonNegative,
                                 /*withElseRegion=*/true);
  guard->setAttr(TileDialect::getSignGuardAttrName(), builder.getUnitAttr());

  // The general copy first, then the original moved under the guard.
  Block *general = guard.elseBlock();
  builder.setInsertionPoint(general->getTerminator());
  IRMapping mapping;
  for (Operation *op : tail)
    builder.clone(*op, mapping);
  Block *guarded = guard.thenBlock();
  for (Operation *op : tail)
    op->moveBefore(guarded->getTerminator());

  builder.setInsertionPointToStart(guarded);
  for (Value root : roots) {
    Value zero = arith::ConstantOp::create(builder, loc,
                                           builder.getZeroAttr(root.getType()));
    Value clamped = arith::MaxSIOp::create(builder, loc, root, zero);
    root.replaceUsesWithIf(clamped, [&](OpOperand &use) {
      return use.getOwner() != clamped.getDefiningOp() &&
             guard.getThenRegion().isAncestor(
                 use.getOwner()->getParentRegion());
    });
  }
  return true;
}

namespace {
struct TileVersionSignsPass
    : tile::impl::TileVersionSignsBase<TileVersionSignsPass> {
  void runOnOperation() override {
    getOperation()->walk([](FuncOp kernel) {
      Block *top = &kernel.getBody().front();
      if (top->getTerminator()->getNumOperands() != 0)
        return;
      bool versioned = false;
      kernel.walk([&](scf::IfOp op) {
        versioned |= op->hasAttr(TileDialect::getSignGuardAttrName());
      });
      if (versioned)
        return;
      AxisInfoAnalysis analysis(kernel);
      SetVector<Value> roots;
      kernel.walk([&](Operation *op) {
        if (!isa<arith::DivSIOp, arith::RemSIOp>(op) ||
            !isa<RankedTensorType>(op->getResult(0).getType()) ||
            !gainsRunsIfNonNegative(op, analysis) ||
            !feedsAddress(op->getResult(0)))
          return;
        SetVector<Value> opRoots;
        if (collectSignRoots(op->getOperand(0), top, analysis, opRoots))
          roots.insert(opRoots.begin(), opRoots.end());
      });
      if (!roots.empty())
        (void)versionOnSigns(top, roots.getArrayRef());
    });
  }
};
} // namespace
