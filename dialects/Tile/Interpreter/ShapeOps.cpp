//===- ShapeOps.cpp - Building and reshaping tiles ------------------------===//
//
// docs/Semantics.md section 3.1: range, splat, broadcast, expand_dims,
// reshape, trans, cat, join, split and gather. All of them move elements
// unchanged (NaN payloads included); only gather has a case whose result is
// unspecified (an index out of range), for which this reference yields zero
// and warns.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "tile/Dialect/IR/Tile.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::interp;

namespace {

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// The multi-index of flat position \p flat in a tile of \p shape.
void unflatten(int64_t flat, ArrayRef<int64_t> shape,
               SmallVectorImpl<int64_t> &index) {
  index.resize(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
}

LogicalResult runRange(Executor &ex, Operation &operation) {
  auto op = cast<RangeOp>(operation);
  auto r = makeValue(op.getType());
  int64_t start = op.getStart();
  for (size_t i = 0; i < r->size(); ++i)
    r->elements[i].i = signExtend(uint64_t(start + int64_t(i)), 32);
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runSplat(Executor &ex, Operation &operation) {
  auto op = cast<SplatOp>(operation);
  auto r = makeValue(op.getType());
  ValuePtr src = ex.get(op.getSrc());
  std::fill(r->elements.begin(), r->elements.end(), src->elements[0]);
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runBroadcast(Executor &ex, Operation &operation) {
  auto op = cast<BroadcastOp>(operation);
  const RtValue &src = *ex.get(op.getSrc());
  auto r = makeValue(op.getType());
  SmallVector<int64_t, 4> srcStrides = stridesOf(src.shape), index;
  for (size_t i = 0; i < r->size(); ++i) {
    unflatten(int64_t(i), r->shape, index);
    int64_t j = 0;
    for (size_t d = 0; d < index.size(); ++d)
      j += (src.shape[d] == 1 ? 0 : index[d]) * srcStrides[d];
    r->elements[i] = src.elements[j];
  }
  ex.set(op, std::move(r));
  return success();
}

/// expand_dims and reshape keep the row-major order of the elements.
LogicalResult runSameElements(Executor &ex, Operation &op) {
  auto r = std::make_shared<RtValue>(*ex.get(op.getOperand(0)));
  ArrayRef<int64_t> shape = shapeOf(op.getResult(0));
  r->shape.assign(shape.begin(), shape.end());
  ex.set(op.getResult(0), std::move(r));
  return success();
}

LogicalResult runTrans(Executor &ex, Operation &operation) {
  auto op = cast<TransOp>(operation);
  const RtValue &src = *ex.get(op.getSrc());
  auto r = makeValue(op.getType());
  ArrayRef<int32_t> order = op.getOrder();
  SmallVector<int64_t, 4> srcStrides = stridesOf(src.shape), index;
  for (size_t i = 0; i < r->size(); ++i) {
    unflatten(int64_t(i), r->shape, index);
    int64_t j = 0;
    for (size_t k = 0; k < index.size(); ++k)
      j += index[k] * srcStrides[order[k]];
    r->elements[i] = src.elements[j];
  }
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runCat(Executor &ex, Operation &operation) {
  auto op = cast<CatOp>(operation);
  const RtValue &a = *ex.get(op.getLhs()), &b = *ex.get(op.getRhs());
  auto r = makeValue(op.getType());
  int64_t axis = op.getAxis();
  // Blocks of `inner` contiguous elements: per outer index, a's slab then b's.
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= a.shape[d];
  for (size_t d = size_t(axis); d < a.shape.size(); ++d)
    inner *= a.shape[d];
  auto out = r->elements.begin();
  for (int64_t o = 0; o < outer; ++o) {
    out = std::copy_n(a.elements.begin() + o * inner, inner, out);
    out = std::copy_n(b.elements.begin() + o * inner, inner, out);
  }
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runJoin(Executor &ex, Operation &operation) {
  auto op = cast<JoinOp>(operation);
  const RtValue &a = *ex.get(op.getLhs()), &b = *ex.get(op.getRhs());
  auto r = makeValue(op.getType());
  for (size_t i = 0; i < a.size(); ++i) {
    r->elements[2 * i] = a.elements[i];
    r->elements[2 * i + 1] = b.elements[i];
  }
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runSplit(Executor &ex, Operation &operation) {
  auto op = cast<SplitOp>(operation);
  const RtValue &src = *ex.get(op.getSrc());
  auto a = makeValue(op.getLhs().getType());
  auto b = makeValue(op.getRhs().getType());
  for (size_t i = 0; i < a->size(); ++i) {
    a->elements[i] = src.elements[2 * i];
    b->elements[i] = src.elements[2 * i + 1];
  }
  ex.set(op.getLhs(), std::move(a));
  ex.set(op.getRhs(), std::move(b));
  return success();
}

LogicalResult runGather(Executor &ex, Operation &operation) {
  auto op = cast<GatherOp>(operation);
  const RtValue &src = *ex.get(op.getSrc());
  const RtValue &indices = *ex.get(op.getIndices());
  auto r = makeValue(op.getType());
  int64_t axis = op.getAxis();
  SmallVector<int64_t, 4> srcStrides = stridesOf(src.shape), index;
  bool outOfRange = false;
  for (size_t i = 0; i < r->size(); ++i) {
    unflatten(int64_t(i), r->shape, index);
    int64_t k = indices.elements[i].i; // read as signed
    if (k < 0 || k >= src.shape[axis]) {
      outOfRange = true;
      r->elements[i].u = 0;
      continue;
    }
    index[axis] = k;
    int64_t j = 0;
    for (size_t d = 0; d < index.size(); ++d)
      j += index[d] * srcStrides[d];
    r->elements[i] = src.elements[j];
  }
  if (outOfRange)
    ex.warnOnce(operation, "tile.gather index out of range: its result is "
                           "unspecified (docs/Semantics.md 3.1); the "
                           "reference uses zero, so outputs that depend on "
                           "it are not comparable");
  ex.set(op, std::move(r));
  return success();
}

} // namespace

void mlir::tile::interp::registerShapeHandlers(HandlerTable &t) {
  t[TypeID::get<RangeOp>()] = runRange;
  t[TypeID::get<SplatOp>()] = runSplat;
  t[TypeID::get<BroadcastOp>()] = runBroadcast;
  t[TypeID::get<ExpandDimsOp>()] = runSameElements;
  t[TypeID::get<ReshapeOp>()] = runSameElements;
  t[TypeID::get<TransOp>()] = runTrans;
  t[TypeID::get<CatOp>()] = runCat;
  t[TypeID::get<JoinOp>()] = runJoin;
  t[TypeID::get<SplitOp>()] = runSplit;
  t[TypeID::get<GatherOp>()] = runGather;
}
