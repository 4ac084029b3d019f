//===- SkewProducts.cpp - A loop's last product an iteration behind -------===//
//
// Flash attention's loop computes S = Q x K^T, a softmax of S, then
// acc = P x V + acc * alpha: each product needs what comes before it, so on
// a target whose products run asynchronously (sm_90's wgmma) a warpgroup's
// tensor cores idle through its softmax. Skewing the loop so that its last
// product runs one iteration behind the rest,
//
//   S_0; softmax_0                                     (prologue)
//   for i = 1 .. n - 1:
//     S_i; acc = P_{i-1} x V_{i-1} + acc'; softmax_i; acc' = acc * alpha_i
//   acc = P_{n-1} x V_{n-1} + acc'                     (epilogue)
//
// issues the previous iteration's P x V right after S_i; the lowering waits
// for each product only where its result is first used, so P x V runs while
// the softmax of S_i computes (FlashAttention-3's intra-warpgroup overlap).
// Every op runs on the same values as before, so results are identical.
//
// What runs behind is the last product and the ops that only feed it and
// compute nothing from the iteration's products or carried values (its
// operands' descriptor loads and their coordinates, redone for the previous
// iteration); the values it takes from the rest of the body (P, acc') are
// carried to the next iteration. A loop that may not run at all keeps its
// initial values through a guard.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILESKEWPRODUCTS
#include "tile/Conversion/TileToGPU/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// How a loop is skewed.
struct Skew {
  /// The body's first product, and its last, which runs behind.
  DotOp first, last;
  /// The ops that run an iteration behind, in body order (`last` among
  /// them).
  SmallVector<Operation *> behind;
  /// Values of the rest of the body they use, carried to the next iteration.
  llvm::SetVector<Value> crossing;
  /// The iteration argument `last`'s result is yielded to.
  unsigned carried;
};
} // namespace

/// Whether the target issues `dot` as an asynchronous warpgroup product at
/// `numWarps` warps.
static bool isAsyncProduct(DotOp dot, const GPUTargetHooks &hooks,
                           int64_t numWarps) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getType());
  if (a.getRank() != 2)
    return false;
  std::optional<WarpgroupInstruction> instruction =
      hooks.getWarpgroupInstruction(a.getElementType(), b.getElementType(),
                                    c.getElementType());
  return instruction && numWarps % instruction->warpsPerGroup == 0 &&
         !instruction->partialSumK;
}

bool mlir::tile::feedsInBlock(Operation *from, Operation *to) {
  SmallVector<Operation *> work{to};
  DenseSet<Operation *> seen;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def == from)
        return true;
      if (def && def->getBlock() == to->getBlock() && seen.insert(def).second)
        work.push_back(def);
    }
  }
  return false;
}

static std::optional<Skew> planSkew(scf::ForOp loop,
                                    const GPUTargetHooks &hooks) {
  Block *body = loop.getBody();
  auto kernel = loop->getParentOfType<FuncOp>();
  if (!kernel || loop.getUnsignedCmp() || stagesOf(loop) <= 1 ||
      !onlyReadsMemory(*body))
    return std::nullopt;
  SmallVector<DotOp> dots(body->getOps<DotOp>());
  if (dots.size() < 2)
    return std::nullopt;
  int64_t numWarps = kernel.getNumWarps().value_or(4);
  Skew skew{dots.front(), dots.back(), {}, {}, 0};
  if (!isAsyncProduct(skew.first, hooks, numWarps) ||
      !isAsyncProduct(skew.last, hooks, numWarps))
    return std::nullopt;
  Operation *yield = body->getTerminator();
  if (!skew.last->hasOneUse() || *skew.last->user_begin() != yield)
    return std::nullopt;
  skew.carried = skew.last->use_begin()->getOperandNumber();

  // Ops computed from this iteration's products or carried values.
  DenseSet<Operation *> computed;
  auto isComputed = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner() == body && arg != loop.getInductionVar();
    Operation *def = value.getDefiningOp();
    return def && computed.contains(def);
  };
  for (Operation &op : body->without_terminator())
    if (isa<DotOp>(op) || op.getNumRegions() ||
        llvm::any_of(op.getOperands(), isComputed))
      computed.insert(&op);
  // Only a chain is worth skewing: the last product needs the first.
  if (!feedsInBlock(skew.first, skew.last))
    return std::nullopt;

  llvm::SetVector<Operation *> behind;
  behind.insert(skew.last);
  for (Operation &op : llvm::reverse(body->without_terminator())) {
    if (&op == skew.last || computed.contains(&op) || op.use_empty() ||
        !(isPure(&op) || isa<DescLoadOp>(op)) ||
        !llvm::all_of(op.getUsers(),
                      [&](Operation *user) { return behind.contains(user); }))
      continue;
    behind.insert(&op);
  }
  for (Operation &op : body->without_terminator()) {
    if (!behind.contains(&op))
      continue;
    skew.behind.push_back(&op);
    for (Value operand : op.getOperands()) {
      // A carried value (the last product's own accumulator chain) would
      // have to be carried twice.
      if (auto arg = dyn_cast<BlockArgument>(operand);
          arg && arg.getOwner() == body && arg != loop.getInductionVar())
        return std::nullopt;
      Operation *def = operand.getDefiningOp();
      if (def && def->getBlock() == body && !behind.contains(def))
        skew.crossing.insert(operand);
    }
  }
  // The operands the last product loads come by tensor copies, which a
  // producer warp issues ahead; anything else loaded (pointer gathers,
  // carried in registers if computed a stage early) is left alone.
  bool copied = false;
  for (Value operand : skew.last->getOperands()) {
    Operation *def = operand.getDefiningOp();
    while (def && behind.contains(def) && isa<ReshapeOp, TransOp>(def))
      def = def->getOperand(0).getDefiningOp();
    if (def && behind.contains(def) && !isa<DescLoadOp>(def))
      return std::nullopt;
    copied |= isa_and_nonnull<DescLoadOp>(def);
  }
  if (!copied)
    return std::nullopt;
  for (Value value : skew.crossing)
    if (isa_and_nonnull<LoadOp, DescLoadOp>(value.getDefiningOp()))
      return std::nullopt;
  // In the skewed loop the last product's result is computed right after
  // the first product: nothing before that may read it.
  for (Operation *user : loop.getRegionIterArgs()[skew.carried].getUsers()) {
    Operation *inBody = body->findAncestorOpInBlock(*user);
    if (!inBody || !skew.first->isBeforeInBlock(inBody))
      return std::nullopt;
  }
  return skew;
}

static void skewLoop(scf::ForOp loop, Skew skew) {
  IRRewriter rewriter(loop.getContext());
  Location loc = loop.getLoc();
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value iv = loop.getInductionVar();
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
        step = loop.getStep();
  DenseSet<Operation *> behind(skew.behind.begin(), skew.behind.end());
  unsigned numArgs = loop.getNumRegionIterArgs();

  rewriter.setInsertionPoint(loop);
  Value runs = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                     lower, upper);
  auto guard = scf::IfOp::create(rewriter, loc, loop.getResultTypes(), runs,
                                 /*withElseRegion=*/true);
  OpBuilder otherwise = guard.getElseBodyBuilder();
  scf::YieldOp::create(otherwise, loc, loop.getInitArgs());
  rewriter.setInsertionPointToStart(guard.thenBlock());

  // Prologue: the first iteration, all but what runs behind.
  IRMapping prologue;
  prologue.map(iv, lower);
  for (auto [arg, init] :
       llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
    prologue.map(arg, init);
  for (Operation &op : body->without_terminator())
    if (!behind.contains(&op))
      rewriter.clone(op, prologue);

  // The kernel, from the second iteration: the carried values but the last
  // product's, then those crossing to the next iteration.
  SmallVector<Value> inits;
  for (unsigned i = 0; i < numArgs; ++i)
    if (i != skew.carried)
      inits.push_back(prologue.lookupOrDefault(yield.getOperand(i)));
  for (Value value : skew.crossing)
    inits.push_back(prologue.lookup(value));
  Value second = arith::AddIOp::create(rewriter, loc, lower, step);
  auto kernel = scf::ForOp::create(rewriter, loc, second, upper, step, inits);
  kernel->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  {
    OpBuilder::InsertionGuard insertion(rewriter);
    Block *kernelBody = kernel.getBody();
    if (!kernelBody->empty())
      rewriter.eraseOp(kernelBody->getTerminator());
    rewriter.setInsertionPointToStart(kernelBody);
    Value kernelIv = kernel.getInductionVar();
    ValueRange args = kernel.getRegionIterArgs();
    IRMapping ahead, lagging;
    ahead.map(iv, kernelIv);
    lagging.map(iv, arith::SubIOp::create(rewriter, loc, kernelIv, step));
    unsigned next = 0;
    for (unsigned i = 0; i < numArgs; ++i)
      if (i != skew.carried)
        ahead.map(loop.getRegionIterArgs()[i], args[next++]);
    for (Value value : skew.crossing)
      lagging.map(value, args[next++]);
    for (Operation &op : body->without_terminator()) {
      if (behind.contains(&op))
        continue;
      rewriter.clone(op, ahead);
      if (&op != skew.first.getOperation())
        continue;
      // The previous iteration's last product, right after the first.
      for (Operation *lag : skew.behind)
        rewriter.clone(*lag, lagging);
      ahead.map(loop.getRegionIterArgs()[skew.carried],
                lagging.lookup(skew.last.getResult()));
    }
    SmallVector<Value> yielded;
    for (unsigned i = 0; i < numArgs; ++i)
      if (i != skew.carried)
        yielded.push_back(ahead.lookupOrDefault(yield.getOperand(i)));
    for (Value value : skew.crossing)
      yielded.push_back(ahead.lookup(value));
    scf::YieldOp::create(rewriter, loc, yielded);
  }

  // Epilogue: the last iteration's last product.
  IRMapping epilogue;
  Value one = arith::ConstantOp::create(
      rewriter, loc, rewriter.getIntegerAttr(iv.getType(), 1));
  Value span = arith::SubIOp::create(
      rewriter, loc, arith::SubIOp::create(rewriter, loc, upper, lower), one);
  Value lastIv = arith::AddIOp::create(
      rewriter, loc, lower,
      arith::MulIOp::create(rewriter, loc,
                            arith::DivUIOp::create(rewriter, loc, span, step),
                            step));
  epilogue.map(iv, lastIv);
  ValueRange results = kernel.getResults();
  for (auto [i, value] : llvm::enumerate(skew.crossing))
    epilogue.map(value, results[numArgs - 1 + i]);
  for (Operation *lag : skew.behind)
    rewriter.clone(*lag, epilogue);
  SmallVector<Value> finals;
  unsigned next = 0;
  for (unsigned i = 0; i < numArgs; ++i)
    finals.push_back(i == skew.carried ? epilogue.lookup(skew.last.getResult())
                                       : results[next++]);
  scf::YieldOp::create(rewriter, loc, finals);
  rewriter.replaceOp(loop, guard.getResults());
}

namespace {
struct TileSkewProductsPass
    : public mlir::tile::impl::TileSkewProductsBase<TileSkewProductsPass> {
  using Base::Base;
  void runOnOperation() override {
    std::unique_ptr<GPUTargetHooks> hooks = createGPUTargetHooks(target, chip);
    if (!hooks) {
      getOperation()->emitError() << "no GPU target '" << target << "'";
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      if (std::optional<Skew> skew = planSkew(loop, *hooks))
        skewLoop(loop, std::move(*skew));
  }
};
} // namespace
