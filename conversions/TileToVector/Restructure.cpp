//===- Restructure.cpp - Ops that move elements to other positions --------===//
//
// reshape, cat, join, split, gather, transposes of rank above 2, and
// histogram. A chunk of their result takes elements from anywhere in their
// sources, so where the op stands the source (or, for cat and join, the
// result itself) is written row-major to a stack buffer, and chunks are read
// back from it through the op's index mapping: vector loads where the lanes
// are adjacent (reshape, cat, join, split), gathers otherwise. (Non-uniform
// constant tiles are read the same way from a global array: ElementOps.cpp.)
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/ProgramEmitter.h"

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

/// Row-major strides, in elements, of `shape`.
static SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

static Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The indices along the leading dimensions of `shape` (all but the last)
/// of row `row`, rows being those of rowsAndCols.
static SmallVector<Value> leadingIndices(OpBuilder &b, Location loc, Value row,
                                         ArrayRef<int64_t> shape) {
  ArrayRef<int64_t> leading = shape.drop_back();
  SmallVector<Value> indices(leading.size());
  for (int64_t d = int64_t(leading.size()) - 1; d > 0; --d) {
    Value size = indexConstant(b, loc, leading[d]);
    indices[d] = arith::RemUIOp::create(b, loc, row, size);
    row = arith::DivUIOp::create(b, loc, row, size);
  }
  if (!leading.empty())
    indices[0] = row;
  return indices;
}

/// `sum + index * scale` on `index` values.
static Value addScaled(OpBuilder &b, Location loc, Value sum, Value index,
                       int64_t scale) {
  Value term = scale == 1 ? index
                          : Value(arith::MulIOp::create(
                                b, loc, index, indexConstant(b, loc, scale)));
  return sum ? Value(arith::AddIOp::create(b, loc, sum, term)) : term;
}

Value broadcastSourceRow(OpBuilder &b, Location loc, BroadcastOp broadcast,
                         Value row) {
  auto type = cast<RankedTensorType>(broadcast.getType());
  ArrayRef<int64_t> srcShape =
      cast<RankedTensorType>(broadcast.getSrc().getType()).getShape();
  SmallVector<Value> indices = leadingIndices(b, loc, row, type.getShape());
  SmallVector<int64_t> srcStrides = stridesOf(srcShape.drop_back());
  Value srcRow;
  for (auto [d, index] : llvm::enumerate(indices))
    if (srcShape[d] != 1)
      srcRow = addScaled(b, loc, srcRow, index, srcStrides[d]);
  return srcRow ? srcRow : indexConstant(b, loc, 0);
}

/// The address of element `index` (an `index` value) of `buffer`.
static Value elementAddress(OpBuilder &b, Location loc, Value buffer,
                            Type element, Value index) {
  Value index64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                             element, buffer, ValueRange{index64});
}

/// Lanes `i` of `buffer` at elements `indices[i]` (i64) where `mask` holds,
/// zero elsewhere.
static Value gatherLanes(OpBuilder &b, Location loc, Value buffer,
                         VectorType type, unsigned align, Value indices,
                         Value mask) {
  auto ptrs = VectorType::get(type.getShape(),
                              LLVM::LLVMPointerType::get(b.getContext()));
  Value base = vector::BroadcastOp::create(b, loc, ptrs, buffer);
  Value addrs = LLVM::GEPOp::create(b, loc, ptrs, type.getElementType(), base,
                                    ValueRange{indices});
  if (!mask)
    mask = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get(type.getShape(), b.getI1Type()),
                               true));
  Value zero = LLVM::ZeroOp::create(b, loc, type);
  return LLVM::masked_gather::create(b, loc, type, addrs, mask,
                                     ValueRange{zero}, align);
}

/// The i64 vector `start + i * step` for each lane `i`.
static Value laneIndices(OpBuilder &b, Location loc, int64_t width, Value start,
                         int64_t step) {
  auto type = VectorType::get({width}, b.getI64Type());
  SmallVector<int64_t> lanes(width);
  for (int64_t lane = 0; lane < width; ++lane)
    lanes[lane] = lane * step;
  Value offsets = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<int64_t>(lanes)));
  Value start64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), start);
  return arith::AddIOp::create(
      b, loc, vector::BroadcastOp::create(b, loc, type, start64), offsets);
}

LogicalResult
ProgramEmitter::storeChunks(OpBuilder &b, Value tile, Value buffer,
                            function_ref<Value(OpBuilder &, Position)> index) {
  auto type = cast<RankedTensorType>(tile.getType());
  Location loc = tile.getLoc();
  Type element = memoryElementType(type.getElementType());
  return forEachChunk(
      b, loc, type, chunkWidth(type),
      [&](OpBuilder &cb, Position pos) -> LogicalResult {
        FailureOr<Value> value = chunk(cb, tile, pos);
        if (failed(value))
          return failure();
        LLVM::StoreOp::create(
            cb, loc, toMemory(cb, loc, *value),
            elementAddress(cb, loc, buffer, element, index(cb, pos)),
            getElementByteSize(type.getElementType()));
        return success();
      });
}

FailureOr<Value> ProgramEmitter::sourceBuffer(OpBuilder &b, Value tile) {
  if (Value buffer = buffers.lookup(tile))
    return buffer;
  auto type = cast<RankedTensorType>(tile.getType());
  Value buffer = allocaBuffer(type);
  int64_t cols = rowsAndCols(type).second;
  if (failed(storeChunks(b, tile, buffer, [&](OpBuilder &cb, Position pos) {
        return addScaled(cb, tile.getLoc(), pos.col, pos.row, cols);
      })))
    return failure();
  return buffer;
}

LogicalResult ProgramEmitter::emitRestructure(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Type element = memoryElementType(type.getElementType());
  auto fromSource = [&](Value src) -> LogicalResult {
    FailureOr<Value> buffer = sourceBuffer(b, src);
    if (failed(buffer))
      return failure();
    for (Value result : op->getResults())
      restructured[result] = *buffer;
    return success();
  };

  if (auto trans = dyn_cast<TransOp>(op)) {
    // 2-D transposes are built lane by lane where they are read
    // (ChunkEvaluation.cpp).
    if (type.getRank() <= 2)
      return success();
    return fromSource(trans.getSrc());
  }
  if (auto split = dyn_cast<SplitOp>(op))
    return fromSource(split.getSrc());
  if (auto gather = dyn_cast<GatherOp>(op))
    return fromSource(gather.getSrc());
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    // Row-major order is unchanged: the source's buffer is the result's.
    FailureOr<Value> buffer = sourceBuffer(b, reshape.getSrc());
    if (failed(buffer))
      return failure();
    buffers[reshape.getResult()] = *buffer;
    return success();
  }

  Value buffer = allocaBuffer(type);
  if (auto cat = dyn_cast<CatOp>(op)) {
    auto srcType = cast<RankedTensorType>(cat.getLhs().getType());
    int64_t rank = srcType.getRank(), axis = cat.getAxis();
    int64_t rows, cols;
    std::tie(rows, cols) = rowsAndCols(srcType);
    SmallVector<Value, 2> srcs = {cat.getLhs(), cat.getRhs()};
    for (auto [half, src] : llvm::enumerate(srcs)) {
      auto index = [&, half = half](OpBuilder &cb, Position pos) -> Value {
        if (axis == rank - 1)
          return addScaled(cb, loc,
                           addScaled(cb, loc, pos.col, pos.row, 2 * cols),
                           indexConstant(cb, loc, half), cols);
        // The rows from `axis` on form blocks of `block` rows, each
        // followed by the same block of the other operand.
        int64_t block = 1;
        for (int64_t d = axis; d < rank - 1; ++d)
          block *= srcType.getDimSize(d);
        Value row = pos.row;
        if (block != rows) {
          Value size = indexConstant(cb, loc, block);
          row =
              addScaled(cb, loc, arith::RemUIOp::create(cb, loc, row, size),
                        arith::DivUIOp::create(cb, loc, row, size), 2 * block);
        }
        row = addScaled(cb, loc, row, indexConstant(cb, loc, half), block);
        return addScaled(cb, loc, pos.col, row, cols);
      };
      if (failed(storeChunks(b, src, buffer, index)))
        return failure();
    }
    buffers[op->getResult(0)] = buffer;
    return success();
  }
  auto join = cast<JoinOp>(op);
  // Each pair of chunks, interleaved, is one run of the result.
  auto srcType = cast<RankedTensorType>(join.getLhs().getType());
  int64_t cols = rowsAndCols(srcType).second;
  if (failed(forEachChunk(
          b, loc, srcType, chunkWidth(srcType),
          [&](OpBuilder &cb, Position pos) -> LogicalResult {
            SmallVector<Value> halves;
            for (Value src : {join.getLhs(), join.getRhs()}) {
              FailureOr<Value> value = chunk(cb, src, pos);
              if (failed(value))
                return failure();
              halves.push_back(toMemory(cb, loc, *value));
            }
            SmallVector<int64_t> lanes;
            for (int64_t lane = 0; lane < pos.width; ++lane)
              lanes.append({lane, pos.width + lane});
            Value pair =
                vector::ShuffleOp::create(cb, loc, halves[0], halves[1], lanes);
            Value first = addScaled(cb, loc, pos.col, pos.row, cols);
            LLVM::StoreOp::create(
                cb, loc, pair,
                elementAddress(cb, loc, buffer, element,
                               addScaled(cb, loc, Value(), first, 2)),
                getElementByteSize(type.getElementType()));
            return success();
          })))
    return failure();
  buffers[op->getResult(0)] = buffer;
  return success();
}

FailureOr<Value> ProgramEmitter::restructuredChunk(OpBuilder &b, Value tile,
                                                   Position pos) {
  Location loc = tile.getLoc();
  auto type = cast<RankedTensorType>(tile.getType());
  Type element = memoryElementType(type.getElementType());
  auto vectorType = VectorType::get({pos.width}, element);
  unsigned align = getElementByteSize(type.getElementType());
  Value buffer = restructured.lookup(tile);
  Operation *def = tile.getDefiningOp();
  Value first = addScaled(b, loc, pos.col, pos.row, rowsAndCols(type).second);
  Value value;
  if (isa<SplitOp>(def)) {
    // Lane i of result k is source element 2 (first + i) + k: both halves
    // are loaded at once, then every other lane kept.
    unsigned k = cast<OpResult>(tile).getResultNumber();
    Value pair = LLVM::LoadOp::create(
        b, loc, VectorType::get({2 * pos.width}, element),
        elementAddress(b, loc, buffer, element,
                       addScaled(b, loc, Value(), first, 2)),
        align);
    SmallVector<int64_t> lanes;
    for (int64_t lane = 0; lane < pos.width; ++lane)
      lanes.push_back(2 * lane + k);
    value = vector::ShuffleOp::create(b, loc, pair, pair, lanes);
  } else if (auto trans = dyn_cast<TransOp>(def)) {
    // Result index i is source index j with j[order[k]] = i[k]: lanes step
    // by the source stride of the dimension that becomes the last.
    SmallVector<int64_t> strides =
        stridesOf(cast<RankedTensorType>(trans.getSrc().getType()).getShape());
    ArrayRef<int32_t> order = trans.getOrder();
    SmallVector<Value> indices =
        leadingIndices(b, loc, pos.row, type.getShape());
    indices.push_back(pos.col);
    Value start;
    for (auto [k, index] : llvm::enumerate(indices))
      start = addScaled(b, loc, start, index, strides[order[k]]);
    int64_t step = strides[order.back()];
    if (step == 1 || pos.width == 1)
      value = LLVM::LoadOp::create(
          b, loc, vectorType, elementAddress(b, loc, buffer, element, start),
          align);
    else
      value = gatherLanes(b, loc, buffer, vectorType, align,
                          laneIndices(b, loc, pos.width, start, step), Value());
  } else {
    // r[i] = src[i with i[axis] replaced by indices[i]]; an index outside
    // the source gives zero and reads nothing.
    auto gather = cast<GatherOp>(def);
    ArrayRef<int64_t> srcShape =
        cast<RankedTensorType>(gather.getSrc().getType()).getShape();
    SmallVector<int64_t> strides = stridesOf(srcShape);
    int64_t axis = gather.getAxis(), rank = type.getRank();
    FailureOr<Value> picked = chunk(b, gather.getIndices(), pos);
    if (failed(picked))
      return failure();
    auto i64Vector = VectorType::get({pos.width}, b.getI64Type());
    Value picked64 = *picked;
    if (picked64.getType() != i64Vector)
      picked64 = arith::ExtSIOp::create(b, loc, i64Vector, picked64);
    auto splat = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(i64Vector, b.getI64IntegerAttr(v)));
    };
    Value inRange = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, picked64,
                              splat(0)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, picked64,
                              splat(srcShape[axis])));
    SmallVector<Value> indices =
        leadingIndices(b, loc, pos.row, type.getShape());
    indices.push_back(pos.col);
    Value start = indexConstant(b, loc, 0);
    for (auto [d, index] : llvm::enumerate(indices))
      if (int64_t(d) != axis)
        start = addScaled(b, loc, start, index, strides[d]);
    Value lanes =
        laneIndices(b, loc, pos.width, start, axis == rank - 1 ? 0 : 1);
    Value offsets =
        arith::MulIOp::create(b, loc, picked64, splat(strides[axis]));
    value = gatherLanes(b, loc, buffer, vectorType, align,
                        arith::AddIOp::create(b, loc, lanes, offsets), inRange);
  }
  return fromMemory(b, loc, value, type.getElementType());
}

/// Counts into a buffer of `bins + 1` slots, the last one taking every value
/// outside [0, bins), so that each lane adds one without a branch.
LogicalResult ProgramEmitter::emitHistogram(HistogramOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto type = cast<RankedTensorType>(op.getType());
  int64_t bins = type.getDimSize(0);
  Type count = type.getElementType(), valueType = srcType.getElementType();
  unsigned countBytes = getElementByteSize(count);
  Value buffer = allocaBuffer(RankedTensorType::get({bins + 1}, count));
  LLVM::MemsetOp::create(b, loc, buffer,
                         arith::ConstantIntOp::create(b, loc, b.getI8Type(), 0),
                         arith::ConstantIntOp::create(b, loc, b.getI64Type(),
                                                      (bins + 1) * countBytes),
                         /*isVolatile=*/false);
  buffers[op.getResult()] = buffer;
  return forEachChunk(
      b, loc, srcType, chunkWidth(srcType),
      [&](OpBuilder &cb, Position pos) -> LogicalResult {
        FailureOr<Value> values = chunk(cb, op.getSrc(), pos);
        if (failed(values))
          return failure();
        // Read as unsigned, negative values are past the bins too.
        auto vectorType = VectorType::get({pos.width}, valueType);
        Value limit = arith::ConstantOp::create(
            cb, loc,
            DenseElementsAttr::get(vectorType,
                                   cb.getIntegerAttr(valueType, bins)));
        Value inside = arith::CmpIOp::create(cb, loc, arith::CmpIPredicate::ult,
                                             *values, limit);
        Value slots = arith::SelectOp::create(cb, loc, inside, *values, limit);
        Value one = arith::ConstantIntOp::create(cb, loc, count, 1);
        for (int64_t lane = 0; lane < pos.width; ++lane) {
          Value slot = vector::ExtractOp::create(cb, loc, slots, lane);
          Value slot64 = slot;
          if (slot.getType() != cb.getI64Type())
            slot64 = arith::ExtUIOp::create(cb, loc, cb.getI64Type(), slot);
          Value addr = LLVM::GEPOp::create(
              cb, loc, LLVM::LLVMPointerType::get(cb.getContext()), count,
              buffer, ValueRange{slot64});
          Value old = LLVM::LoadOp::create(cb, loc, count, addr, countBytes);
          LLVM::StoreOp::create(cb, loc,
                                arith::AddIOp::create(cb, loc, old, one), addr,
                                countBytes);
        }
        return success();
      });
}

} // namespace mlir::tile::tovector
