//===- TileFolds.cpp - Folders and canonicalization patterns --------------===//
//
// Rewrites that pay on every target: constants and splats pushed through
// shape ops, chains of shape ops collapsed, zero offsets dropped, and masks
// that are constant everywhere folded away.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/IR/Tile.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tile;

/// A splat constant of `attr`'s value resized to `type`, or null.
static Attribute resizeSplat(Attribute attr, Type type) {
  auto dense = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!dense)
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(type),
                                dense.getSplatValue<Attribute>());
}

namespace {
/// shape_op(splat(x)) -> splat(x) for the shape ops, whose result of a
/// uniform tile is uniform.
template <typename ShapeOp> struct ShapeOfSplat : OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "source is not a splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_nonnull<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return resizeSplat(adaptor.getSrc(), getType());
}

namespace {
/// broadcast(broadcast(x)) -> broadcast(x).
struct BroadcastOfBroadcast : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a broadcast");
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(inner.getSrc()); });
    return success();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<ShapeOfSplat<BroadcastOp>, BroadcastOfBroadcast>(context);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return resizeSplat(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                               MLIRContext *context) {
  patterns.add<ShapeOfSplat<ExpandDimsOp>>(context);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<ReshapeOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return resizeSplat(adaptor.getSrc(), getType());
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add<ShapeOfSplat<ReshapeOp>>(context);
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  if (llvm::equal(order, llvm::seq<int32_t>(0, order.size())))
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    // result[i] = inner[order[i]] = src[innerOrder[order[i]]].
    SmallVector<int32_t> composed;
    for (int32_t dim : order)
      composed.push_back(inner.getOrder()[dim]);
    setOrder(composed);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return resizeSplat(adaptor.getSrc(), getType());
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<ShapeOfSplat<TransOp>>(context);
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

namespace {
/// addptr(addptr(p, a), b) -> addptr(p, a + b) when a and b have one type,
/// so that the offsets meet in one integer expression the axis analysis sees.
struct AddPtrOfAddPtr : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "base is not an addptr");
    if (inner.getOffset().getType() != op.getOffset().getType())
      return rewriter.notifyMatchFailure(op, "offsets have different types");
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};

/// A zero of `type` (integers, floats, or null pointers).
Value createZero(PatternRewriter &rewriter, Location loc, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType>(element)) {
    Type i64 = getSameShape(type, rewriter.getI64Type());
    Value zero =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(i64));
    return IntToPtrOp::create(rewriter, loc, type, zero);
  }
  return arith::ConstantOp::create(rewriter, loc,
                                   cast<TypedAttr>(rewriter.getZeroAttr(type)));
}

/// A load whose mask is true everywhere needs no mask; one whose mask is
/// false everywhere reads nothing and is `other` (or zero).
struct FoldConstantLoadMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return rewriter.notifyMatchFailure(op, "no mask");
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (matchPattern(mask, m_Zero()) && !op.getIsVolatile()) {
      Value other = op.getOther();
      rewriter.replaceOp(
          op, other ? other : createZero(rewriter, op.getLoc(), op.getType()));
      return success();
    }
    return rewriter.notifyMatchFailure(op, "mask is not constant");
  }
};

/// A store whose mask is true everywhere needs no mask; one whose mask is
/// false everywhere writes nothing.
struct FoldConstantStoreMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return rewriter.notifyMatchFailure(op, "no mask");
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (matchPattern(mask, m_Zero())) {
      rewriter.eraseOp(op);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "mask is not constant");
  }
};
} // namespace

void AddPtrOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<AddPtrOfAddPtr>(context);
}

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<FoldConstantLoadMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<FoldConstantStoreMask>(context);
}
