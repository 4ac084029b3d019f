//===- Combine.cpp - The tile-combine pass --------------------------------===//
//
// Rewrites across ops that no single op's canonicalization sees.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECOMBINE
#include "tile/Dialect/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// addf(dot(a, b, 0), c) -> dot(a, b, c), and the same for addi on integer
/// dots: the accumulator input is free on every target.
template <typename AddOp> struct FoldAddIntoDot : OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    for (int side = 0; side < 2; ++side) {
      Value dotResult = add->getOperand(side),
            other = add->getOperand(1 - side);
      auto dot = dotResult.getDefiningOp<DotOp>();
      if (!dot || !dot->hasOneUse())
        continue;
      bool zeroAcc = matchPattern(dot.getAcc(), m_AnyZeroFloat()) ||
                     matchPattern(dot.getAcc(), m_Zero());
      if (!zeroAcc)
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(add, dot.getType(), dot.getA(),
                                         dot.getB(), other,
                                         dot.getInputPrecision());
      rewriter.eraseOp(dot);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no single-use dot with zero acc");
  }
};

/// select(mask, load(p, mask), x) -> load(p, mask, x).
struct FoldSelectIntoLoad : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || load.getMask() != select.getCondition())
      return rewriter.notifyMatchFailure(select,
                                         "not a select of a masked load");
    rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getType(), load.getPtr(), load.getMask(),
        select.getFalseValue(), load.getCacheAttr(), load.getEvictAttr(),
        load.getIsVolatileAttr());
    rewriter.eraseOp(load);
    return success();
  }
};

/// broadcast(expand_dims(splat x)) -> splat x.
struct BroadcastOfExpandedSplat : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto expand = op.getSrc().getDefiningOp<ExpandDimsOp>();
    auto splat = expand ? expand.getSrc().getDefiningOp<SplatOp>() : SplatOp();
    if (!splat)
      return rewriter.notifyMatchFailure(op,
                                         "not broadcast(expand_dims(splat))");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

struct TileCombinePass : mlir::tile::impl::TileCombineBase<TileCombinePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTileCombinePatterns(patterns);
    for (RegisteredOperationName op : getContext().getRegisteredOperations())
      if (op.getDialectNamespace() == TileDialect::getDialectNamespace())
        op.getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::tile::populateTileCombinePatterns(RewritePatternSet &patterns) {
  patterns.add<FoldAddIntoDot<arith::AddFOp>, FoldAddIntoDot<arith::AddIOp>,
               FoldSelectIntoLoad, BroadcastOfExpandedSplat>(
      patterns.getContext());
}
