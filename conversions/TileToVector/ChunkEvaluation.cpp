//===- ChunkEvaluation.cpp - A tile, one chunk at a time ------------------===//
//
// What each tile-producing op is on one chunk of its result (a row, and a
// run of `width` columns): vectors of arith/math ops, masked loads, gathers,
// Philox, f8 conversions.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/ProgramEmitter.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

//===----------------------------------------------------------------------===//
// Chunks of tiles
//===----------------------------------------------------------------------===//

/// `x / s` for an f32 chunk `x` and a scalar divisor `s` (a splat, or a row
/// of a broadcast): a multiply by a reciprocal that LLVM hoists out of the
/// chunk loop, where a vector division would cost ~10 times a multiply in
/// every chunk. docs/Semantics.md section 6 bounds f32 `divf` by 2 ulp: the
/// reciprocal is within 0.5 ulp of 1/s, which moves the quotient by under
/// 1 ulp, and the product adds 0.5 ulp. As in PTX's `div.full`, both
/// operands are scaled by a power of two where 1/s would leave the normal
/// range: 1/4 for |s| > 2^126 (a subnormal reciprocal loses bits; x/4 loses
/// bits only when the quotient is below 2^-250, zero either way) and 2^24
/// for |s| < 2^-126 (the reciprocal would overflow; x * 2^24 overflows only
/// when the quotient does). Zero, infinite and NaN divisors give the IEEE
/// results: x * 2^24 * inf, x / 4 * 0, NaN.
static Value divideByUniform(OpBuilder &b, Location loc, Value x, Value s) {
  auto constant = [&](float value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
  };
  Value magnitude = math::AbsFOp::create(b, loc, s);
  Value huge = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     magnitude, constant(0x1p126f));
  Value tiny = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                     magnitude, constant(0x1p-126f));
  Value scale = arith::SelectOp::create(
      b, loc, huge, constant(0.25f),
      arith::SelectOp::create(b, loc, tiny, constant(0x1p24f), constant(1.0f)));
  Value reciprocal = arith::DivFOp::create(
      b, loc, constant(1.0f), arith::MulFOp::create(b, loc, s, scale));
  auto splat = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(b, loc, x.getType(), scalar);
  };
  Value scaled = arith::MulFOp::create(b, loc, x, splat(scale));
  return arith::MulFOp::create(b, loc, scaled, splat(reciprocal));
}

FailureOr<Value> ProgramEmitter::chunk(OpBuilder &b, Value tile, Position pos) {
  if (!tile)
    return Value();
  auto key =
      std::make_tuple(tile.getAsOpaquePointer(), pos.row.getAsOpaquePointer(),
                      pos.col.getAsOpaquePointer(), pos.width);
  auto it = chunks.find(key);
  if (it != chunks.end())
    return it->second;
  FailureOr<Value> value = computeChunk(b, tile, pos);
  if (succeeded(value))
    chunks[key] = *value;
  return value;
}

FailureOr<Value> ProgramEmitter::computeChunk(OpBuilder &b, Value tile,
                                              Position pos) {
  Location loc = tile.getLoc();
  auto type = cast<RankedTensorType>(tile.getType());
  Type element = lowerElementType(type.getElementType());
  auto vectorType = VectorType::get({pos.width}, element);

  if (auto it = advancedPointers.find(tile); it != advancedPointers.end()) {
    // Uniformly advanced pointers: their start's, moved by the offset.
    FailureOr<Value> start = chunk(b, it->second.first, pos);
    if (failed(start))
      return failure();
    Type pointee = lowerElementType(
        cast<PointerType>(type.getElementType()).getPointeeType());
    return Value(LLVM::GEPOp::create(b, loc, vectorType, pointee, *start,
                                     ValueRange{it->second.second}));
  }
  if (Value buffer = buffers.lookup(tile)) {
    Value addr = bufferAddress(b, loc, buffer, type, pos);
    Value value = LLVM::LoadOp::create(
        b, loc, VectorType::get({pos.width}, memoryElementType(element)), addr,
        getElementByteSize(type.getElementType()));
    return fromMemory(b, loc, value, element);
  }
  if (restructured.count(tile))
    return restructuredChunk(b, tile, pos);
  Operation *def = tile.getDefiningOp();
  if (!def)
    return failure(); // A block argument not carried in a buffer.

  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense || !dense.isSplat())
      return unsupported(def, "non-uniform constant tiles are not "
                              "implemented yet"),
             failure();
    if (isF8(type.getElementType())) // the bits
      dense = dense.bitcast(element);
    return Value(arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vectorType, dense.getSplatValue<Attribute>())));
  }
  if (auto splat = dyn_cast<SplatOp>(def))
    return Value(vector::BroadcastOp::create(b, loc, vectorType,
                                             scalars.lookup(splat.getSrc())));
  if (auto range = dyn_cast<RangeOp>(def)) {
    SmallVector<int32_t> lanes(pos.width);
    std::iota(lanes.begin(), lanes.end(), 0);
    Value iota = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorType, ArrayRef<int32_t>(lanes)));
    Value first = arith::IndexCastOp::create(b, loc, b.getI32Type(), pos.col);
    Value start = arith::AddIOp::create(
        b, loc, first,
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), range.getStart()));
    Value base = vector::BroadcastOp::create(b, loc, vectorType, start);
    return Value(arith::AddIOp::create(b, loc, base, iota));
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    auto [srcRows, srcCols] = rowsAndCols(srcType);
    Value row = srcType.getRank() > 2
                    ? broadcastSourceRow(b, loc, broadcast, pos.row)
                    : (srcRows == 1 ? constantIndex(b, loc, 0) : pos.row);
    if (srcCols == 1 && rowsAndCols(type).second != 1) {
      FailureOr<Value> one = chunk(b, broadcast.getSrc(),
                                   Position{row, constantIndex(b, loc, 0), 1});
      if (failed(one))
        return failure();
      Value scalar = vector::ExtractOp::create(b, loc, *one, 0);
      return Value(vector::BroadcastOp::create(b, loc, vectorType, scalar));
    }
    return chunk(b, broadcast.getSrc(), Position{row, pos.col, pos.width});
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    auto srcType = cast<RankedTensorType>(expand.getSrc().getType());
    if (srcType.getRank() != 1) {
      // A new dimension before the last leaves the flattened rows as they
      // are; a new last dimension makes row r source element r.
      if (expand.getAxis() < srcType.getRank())
        return chunk(b, expand.getSrc(), pos);
      Value cols = constantIndex(b, loc, srcType.getShape().back());
      return chunk(b, expand.getSrc(),
                   Position{arith::DivUIOp::create(b, loc, pos.row, cols),
                            arith::RemUIOp::create(b, loc, pos.row, cols),
                            pos.width});
    }
    Value zero = constantIndex(b, loc, 0);
    if (expand.getAxis() == 0) // [n] -> [1, n]
      return chunk(b, expand.getSrc(), Position{zero, pos.col, pos.width});
    // [n] -> [n, 1]: row r of the result is element r of the source.
    return chunk(b, expand.getSrc(), Position{zero, pos.row, pos.width});
  }
  if (auto addPtr = dyn_cast<AddPtrOp>(def)) {
    FailureOr<Value> ptrs = chunk(b, addPtr.getPtr(), pos);
    FailureOr<Value> offsets = chunk(b, addPtr.getOffset(), pos);
    if (failed(ptrs) || failed(offsets))
      return failure();
    Type pointee = lowerElementType(
        cast<PointerType>(type.getElementType()).getPointeeType());
    return Value(LLVM::GEPOp::create(b, loc, vectorType, pointee, *ptrs,
                                     ValueRange{*offsets}));
  }
  if (auto load = dyn_cast<LoadOp>(def))
    return loadChunk(b, load, pos);
  if (isa<BitcastOp, PtrToIntOp, IntToPtrOp>(def)) {
    FailureOr<Value> src = chunk(b, def->getOperand(0), pos);
    if (failed(src))
      return failure();
    return castElements(b, def, *src, vectorType);
  }
  if (auto convert = dyn_cast<FpToFpOp>(def)) {
    FailureOr<Value> src = chunk(b, convert.getSrc(), pos);
    if (failed(src))
      return failure();
    auto srcElement = cast<FloatType>(getElementTypeOrSelf(convert.getSrc()));
    auto dstElement = cast<FloatType>(type.getElementType());
    Value value = *src;
    auto f32Vector = VectorType::get({pos.width}, b.getF32Type());
    if (isF8(srcElement)) {
      value = decodeF8(b, loc, value, srcElement);
      srcElement = b.getF32Type();
    }
    bool towardZero = convert.getRounding() == RoundingMode::rtz;
    if (isF8(dstElement)) {
      if (srcElement.isF64())
        value = roundToOddF32(b, loc, value);
      else if (srcElement != b.getF32Type())
        value = arith::ExtFOp::create(b, loc, f32Vector, value);
      return truncToF8(b, loc, value, dstElement, /*saturate=*/true,
                       towardZero);
    }
    return convertFloat(b, loc, value, vectorType, towardZero);
  }
  if (auto load = dyn_cast<DescLoadOp>(def)) {
    MakeDescOp desc = descriptors.lookup(load.getDesc());
    if (!desc)
      return unsupported(def, "the descriptor must come from a tile.make_desc "
                              "of this kernel"),
             failure();
    DescChunk access = descChunk(b, loc, desc, load.getOffsets(), pos);
    auto storedType =
        VectorType::get({pos.width}, memoryElementType(type.getElementType()));
    Attribute padValue = b.getZeroAttr(storedType.getElementType());
    if (desc.getPadding() == Padding::nan) {
      APFloat nan = APFloat::getQNaN(
          cast<FloatType>(type.getElementType()).getFloatSemantics());
      Type stored = storedType.getElementType();
      padValue = isa<FloatType>(stored)
                     ? Attribute(b.getFloatAttr(stored, nan))
                     : b.getIntegerAttr(stored, nan.bitcastToAPInt());
    }
    Value pad = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(storedType, padValue));
    unsigned align = getElementByteSize(type.getElementType());
    Value value;
    if (access.contiguous) {
      Value first = vector::ExtractOp::create(b, loc, access.ptrs, 0);
      value = LLVM::MaskedLoadOp::create(b, loc, storedType, first, access.mask,
                                         pad, align);
    } else {
      value = LLVM::masked_gather::create(b, loc, storedType, access.ptrs,
                                          access.mask, ValueRange{pad}, align);
    }
    return fromMemory(b, loc, value, type.getElementType());
  }
  if (auto trans = dyn_cast<TransOp>(def)) {
    // Lane i of chunk (r, c) is source element (c + i, r): built lane by
    // lane from one-element chunks of the source.
    if (type.getRank() != 2)
      return unsupported(def, "transposes of rank above 2 are not "
                              "implemented yet"),
             failure();
    Value result = arith::ConstantOp::create(
        b, loc, cast<TypedAttr>(b.getZeroAttr(vectorType)));
    for (int64_t lane = 0; lane < pos.width; ++lane) {
      Value srcRow =
          arith::AddIOp::create(b, loc, pos.col, constantIndex(b, loc, lane));
      FailureOr<Value> one =
          chunk(b, trans.getSrc(), Position{srcRow, pos.row, 1});
      if (failed(one))
        return failure();
      Value scalar = vector::ExtractOp::create(b, loc, *one, 0);
      result = vector::InsertOp::create(b, loc, scalar, result, lane);
    }
    return result;
  }
  if (isa<PreciseDivFOp, PreciseSqrtOp, ClampFOp, MulhiUIOp>(def)) {
    SmallVector<Value> operands;
    for (Value operand : def->getOperands()) {
      FailureOr<Value> value = chunk(b, operand, pos);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    return lowerElementwiseTileOp(b, def, operands, vectorType);
  }
  if (auto philox = dyn_cast<PhiloxOp>(def))
    return philoxChunk(b, philox, cast<OpResult>(tile).getResultNumber(), pos);

  // Elementwise arith and math ops apply lane by lane.
  if (def->hasTrait<OpTrait::Elementwise>() &&
      isa<arith::ArithDialect, math::MathDialect>(def->getDialect())) {
    SmallVector<Value> operands;
    for (Value operand : def->getOperands()) {
      if (!isTile(operand)) {
        operands.push_back(scalars.lookup(operand));
        continue;
      }
      FailureOr<Value> value = chunk(b, operand, pos);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    if (auto div = dyn_cast<arith::DivFOp>(def); div && element.isF32())
      if (auto divisor = operands[1].getDefiningOp<vector::BroadcastOp>();
          divisor && !isa<VectorType>(divisor.getSource().getType()))
        return divideByUniform(b, loc, operands[0], divisor.getSource());
    if (def->getNumResults() == 1)
      if (Value value = lowerDefinedArith(b, def, operands, vectorType))
        return value;
    // Several results (mul*_extended): one op, the result asked for.
    SmallVector<Type> types;
    for (Type result : def->getResultTypes())
      types.push_back(VectorType::get(
          {pos.width}, lowerElementType(getElementTypeOrSelf(result))));
    OperationState state(loc, def->getName(), operands, types, def->getAttrs());
    return b.create(state)->getResult(cast<OpResult>(tile).getResultNumber());
  }
  return unsupported(def, "this op is not implemented on the CPU yet"),
         failure();
}

FailureOr<Value> ProgramEmitter::loadChunk(OpBuilder &b, LoadOp op,
                                           Position pos) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Type element = type.getElementType();
  // i1 lanes are loaded as bytes and compared with zero.
  auto vectorType = VectorType::get({pos.width}, memoryElementType(element));
  FailureOr<Value> ptrs = chunk(b, op.getPtr(), pos);
  if (failed(ptrs))
    return failure();
  Value maskTile = effectiveMask(op.getMask());
  FailureOr<Value> maskChunk = chunk(b, maskTile, pos);
  FailureOr<Value> otherChunk =
      maskTile ? chunk(b, op.getOther(), pos) : FailureOr<Value>(Value());
  if (failed(maskChunk) || failed(otherChunk))
    return failure();
  Value mask = *maskChunk, other = *otherChunk;
  if (!other) {
    other = arith::ConstantOp::create(b, loc, b.getZeroAttr(vectorType));
  }
  other = toMemory(b, loc, other);
  auto [contiguous, align] = contiguousChunk(axis, op.getPtr(), pos.width);
  Value value;
  if (contiguous) {
    Value first = vector::ExtractOp::create(b, loc, *ptrs, 0);
    if (!mask)
      value = LLVM::LoadOp::create(b, loc, vectorType, first, align,
                                   op.getIsVolatile());
    else
      value = LLVM::MaskedLoadOp::create(b, loc, vectorType, first, mask, other,
                                         align);
    return fromMemory(b, loc, value, element);
  }
  if (!mask)
    mask = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get({pos.width}, b.getI1Type()),
                               true));
  value = LLVM::masked_gather::create(b, loc, vectorType, *ptrs, mask,
                                      ValueRange{other}, align);
  return fromMemory(b, loc, value, element);
}

FailureOr<Value> ProgramEmitter::philoxChunk(OpBuilder &b, PhiloxOp op,
                                             unsigned word, Position pos) {
  FailureOr<Value> offsets = chunk(b, op.getOffset(), pos);
  if (failed(offsets))
    return failure();
  return philox4x32(b, op.getLoc(), *offsets,
                    scalars.lookup(op.getSeed()))[word];
}

} // namespace mlir::tile::tovector
