//===- TileOps.cpp - Verifiers of the tile-building and shape ops ---------===//
//
// tile.range, splat, broadcast, expand_dims, reshape, trans, cat, join, split
// and gather. Folders and canonicalizations are in TileFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/IR/Tile.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

/// Checks that `axis` indexes a dimension of a tile of rank `rank`.
static LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank,
                                StringRef what = "axis") {
  if (axis < 0 || axis >= rank)
    return op->emitOpError() << what << " " << axis
                             << " is out of range for a tile of rank " << rank;
  return success();
}

static RankedTensorType tileType(Value value) {
  return cast<RankedTensorType>(value.getType());
}

LogicalResult RangeOp::verify() {
  int64_t start = getStart(), end = getEnd();
  if (end <= start)
    return emitOpError("end (")
           << end << ") must be greater than start (" << start << ")";
  auto type = tileType(getResult());
  if (type.getRank() != 1 || type.getDimSize(0) != end - start)
    return emitOpError("result must be a 1-D tile of ")
           << end - start << " elements, got " << type;
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto srcType = tileType(getSrc()), resultType = tileType(getResult());
  if (srcType.getRank() != resultType.getRank())
    return emitOpError("source rank ")
           << srcType.getRank() << " differs from result rank "
           << resultType.getRank() << "; use tile.expand_dims first";
  for (int64_t dim = 0; dim < srcType.getRank(); ++dim) {
    int64_t from = srcType.getDimSize(dim), to = resultType.getDimSize(dim);
    if (from != to && from != 1)
      return emitOpError("dimension ")
             << dim << " of size " << from << " cannot broadcast to " << to
             << " (only dimensions of size 1 broadcast)";
  }
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto srcType = tileType(getSrc()), resultType = tileType(getResult());
  int64_t axis = getAxis();
  if (failed(verifyAxis(*this, axis, srcType.getRank() + 1)))
    return failure();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the source shape with a 1 "
                       "inserted at axis ")
           << axis << ", got " << resultType;
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto srcType = tileType(getSrc()), resultType = tileType(getResult());
  if (srcType.getNumElements() != resultType.getNumElements())
    return emitOpError("source has ")
           << srcType.getNumElements() << " elements but the result has "
           << resultType.getNumElements();
  return success();
}

LogicalResult TransOp::verify() {
  auto srcType = tileType(getSrc()), resultType = tileType(getResult());
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != srcType.getRank())
    return emitOpError("order has ")
           << order.size() << " entries for a tile of rank "
           << srcType.getRank();
  SmallVector<bool> seen(order.size(), false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= static_cast<int32_t>(order.size()) || seen[dim])
      return emitOpError("order must be a permutation of [0, ")
             << order.size() << ")";
    seen[dim] = true;
  }
  for (auto [index, dim] : llvm::enumerate(order)) {
    if (resultType.getDimSize(index) != srcType.getDimSize(dim))
      return emitOpError("result dimension ")
             << index << " must be source dimension " << dim << " of size "
             << srcType.getDimSize(dim) << ", got "
             << resultType.getDimSize(index);
  }
  return success();
}

LogicalResult CatOp::verify() {
  auto srcType = tileType(getLhs()), resultType = tileType(getResult());
  int64_t axis = getAxis();
  if (failed(verifyAxis(*this, axis, srcType.getRank())))
    return failure();
  SmallVector<int64_t> expected(srcType.getShape());
  expected[axis] *= 2;
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the operand shape with axis ")
           << axis << " doubled, got " << resultType;
  return success();
}

LogicalResult JoinOp::verify() {
  auto srcType = tileType(getLhs()), resultType = tileType(getResult());
  SmallVector<int64_t> expected(srcType.getShape());
  expected.push_back(2);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the operand shape with a new "
                       "last dimension of 2, got ")
           << resultType;
  return success();
}

LogicalResult SplitOp::verify() {
  auto srcType = tileType(getSrc()), resultType = tileType(getLhs());
  if (srcType.getRank() < 2 || srcType.getShape().back() != 2)
    return emitOpError("source must have rank >= 2 and a last dimension of "
                       "2, got ")
           << srcType;
  if (resultType.getShape() != srcType.getShape().drop_back())
    return emitOpError("results must have the source shape without its last "
                       "dimension, got ")
           << resultType;
  return success();
}

LogicalResult GatherOp::verify() {
  auto srcType = tileType(getSrc()), indexType = tileType(getIndices()),
       resultType = tileType(getResult());
  int64_t axis = getAxis();
  if (failed(verifyAxis(*this, axis, srcType.getRank())))
    return failure();
  if (indexType.getRank() != srcType.getRank())
    return emitOpError("indices must have the source's rank ")
           << srcType.getRank() << ", got " << indexType.getRank();
  for (int64_t dim = 0; dim < srcType.getRank(); ++dim) {
    if (dim != axis && indexType.getDimSize(dim) != srcType.getDimSize(dim))
      return emitOpError("indices dimension ")
             << dim << " must match the source's (" << srcType.getDimSize(dim)
             << "), got " << indexType.getDimSize(dim);
  }
  if (resultType.getShape() != indexType.getShape() ||
      resultType.getElementType() != srcType.getElementType())
    return emitOpError("result must have the indices' shape and the source's "
                       "element type, got ")
           << resultType;
  return success();
}

#define GET_OP_CLASSES
#include "tile/Dialect/IR/TileOps.cpp.inc"

std::optional<OpFoldResult> mlir::tile::getUniformAdvance(Value iterArg,
                                                          Value yielded) {
  auto addPtr = yielded.getDefiningOp<AddPtrOp>();
  if (!addPtr || addPtr.getPtr() != iterArg)
    return std::nullopt;
  if (!isa<RankedTensorType>(addPtr.getOffset().getType()))
    return OpFoldResult(addPtr.getOffset());
  if (auto splat = addPtr.getOffset().getDefiningOp<SplatOp>())
    return OpFoldResult(splat.getSrc());
  DenseIntElementsAttr dense;
  if (matchPattern(addPtr.getOffset(), m_Constant(&dense)) && dense.isSplat())
    return OpFoldResult(
        IntegerAttr::get(IntegerType::get(iterArg.getContext(), 64),
                         dense.getSplatValue<APInt>().getSExtValue()));
  return std::nullopt;
}
