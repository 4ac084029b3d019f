//===- ChunkEvaluation.cpp - A tile, one chunk at a time ------------------===//
//
// What each tile-producing op is on one chunk of its result (a row, and a
// run of `width` columns): vectors of arith/math ops, masked loads, gathers,
// Philox, f8 conversions.
//
//===----------------------------------------------------------------------===//

#include "conversions/TileToVector/ProgramEmitter.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

/// f8 bits (i8 vector) to f32, exactly. e5m2 is the top byte of an f16.
Value decodeF8(OpBuilder &b, Location loc, Value bits, Type f8) {
  auto type = cast<VectorType>(bits.getType());
  auto vec = [&](Type element) {
    return VectorType::get(type.getShape(), element);
  };
  auto splat = [&](Type element, Attribute value) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vec(element), value));
  };
  Type i16 = b.getI16Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
  if (isa<Float8E5M2Type>(f8)) {
    Value wide = arith::ExtUIOp::create(b, loc, vec(i16), bits);
    Value shifted =
        arith::ShLIOp::create(b, loc, wide, splat(i16, b.getI16IntegerAttr(8)));
    Value half = arith::BitcastOp::create(b, loc, vec(b.getF16Type()), shifted);
    return arith::ExtFOp::create(b, loc, vec(f32), half);
  }
  // e4m3fn: 1 sign, 4 exponent (bias 7), 3 mantissa bits; S.1111.111 is NaN.
  auto c32 = [&](int64_t v) { return splat(i32, b.getI32IntegerAttr(v)); };
  Value u = arith::ExtUIOp::create(b, loc, vec(i32), bits);
  Value sign = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, u, c32(0x80)), c32(24));
  Value exponent = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, u, c32(3)), c32(15));
  Value mantissa = arith::AndIOp::create(b, loc, u, c32(7));
  Value normal = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(
          b, loc, arith::AddIOp::create(b, loc, exponent, c32(120)), c32(23)),
      arith::ShLIOp::create(b, loc, mantissa, c32(20)));
  // Subnormals: mantissa * 2^-9.
  Value sub = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, vec(f32), mantissa),
      splat(f32, b.getF32FloatAttr(1.0f / 512)));
  Value subBits = arith::BitcastOp::create(b, loc, vec(i32), sub);
  Value isSub =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, c32(0));
  Value magnitude = arith::SelectOp::create(b, loc, isSub, subBits, normal);
  Value isNan = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::AndIOp::create(b, loc, u, c32(0x7F)), c32(0x7F));
  magnitude =
      arith::SelectOp::create(b, loc, isNan, c32(0x7FC00000), magnitude);
  Value result = arith::OrIOp::create(b, loc, magnitude, sign);
  return arith::BitcastOp::create(b, loc, vec(f32), result);
}

/// f32 to f8 bits, rounding to nearest even and saturating finite values
/// and infinities to the largest finite magnitude; NaN stays NaN.
Value encodeF8(OpBuilder &b, Location loc, Value x, Type f8) {
  auto type = cast<VectorType>(x.getType());
  auto vec = [&](Type element) {
    return VectorType::get(type.getShape(), element);
  };
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c32 = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vec(i32), b.getI32IntegerAttr(v)));
  };
  auto cf = [&](float v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vec(f32), b.getF32FloatAttr(v)));
  };
  bool e4m3 = isa<Float8E4M3FNType>(f8);
  int mantissaBits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  float maxFinite = e4m3 ? 448.0f : 57344.0f;
  float minNormal = std::ldexp(1.0f, 1 - bias);
  Value u = arith::BitcastOp::create(b, loc, vec(i32), x);
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, u, c32(24)), c32(0x80));
  Value magnitude = math::AbsFOp::create(b, loc, x);
  // minimumf keeps NaN; saturation makes every finite input representable.
  Value clamped = arith::MinimumFOp::create(b, loc, magnitude, cf(maxFinite));
  Value cu = arith::BitcastOp::create(b, loc, vec(i32), clamped);
  // Normal range: round the f32 mantissa to `mantissaBits` bits (ties to
  // even), then rebias the exponent.
  int shift = 23 - mantissaBits;
  Value lsb = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, cu, c32(shift)), c32(1));
  Value rounded = arith::AddIOp::create(
      b, loc, cu,
      arith::AddIOp::create(b, loc, c32((1 << (shift - 1)) - 1), lsb));
  Value normal = arith::SubIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, rounded, c32(shift)),
      c32((127 - bias) << mantissaBits));
  // Subnormal range: the value in units of the smallest subnormal, rounded.
  Value scaled = arith::MulFOp::create(
      b, loc, clamped, cf(std::ldexp(1.0f, bias - 1 + mantissaBits)));
  Value sub = arith::FPToUIOp::create(
      b, loc, vec(i32), math::RoundEvenOp::create(b, loc, scaled));
  Value isSub = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                      clamped, cf(minNormal));
  Value bits = arith::SelectOp::create(b, loc, isSub, sub, normal);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  bits = arith::SelectOp::create(b, loc, isNan, c32(e4m3 ? 0x7F : 0x7E), bits);
  bits = arith::OrIOp::create(b, loc, bits, sign);
  return arith::TruncIOp::create(b, loc, vec(b.getI8Type()), bits);
}

/// The arith/math form of the tile dialect's elementwise ops, on vectors or
/// scalars alike; null if `op` is not one of them.
Value lowerElementwiseTileOp(OpBuilder &b, Operation *op, ValueRange operands,
                             Type resultType) {
  Location loc = op->getLoc();
  if (isa<PreciseDivFOp>(op)) // LLVM's fdiv is correctly rounded.
    return arith::DivFOp::create(b, loc, operands[0], operands[1]);
  if (isa<PreciseSqrtOp>(op)) // So is llvm.sqrt.
    return math::SqrtOp::create(b, loc, operands[0]);
  if (auto clamp = dyn_cast<ClampFOp>(op)) {
    if (clamp.getPropagateNan()) {
      Value low = arith::MaximumFOp::create(b, loc, operands[0], operands[1]);
      return arith::MinimumFOp::create(b, loc, low, operands[2]);
    }
    Value low = arith::MaxNumFOp::create(b, loc, operands[0], operands[1]);
    return arith::MinNumFOp::create(b, loc, low, operands[2]);
  }
  if (isa<MulhiUIOp>(op))
    return arith::MulUIExtendedOp::create(b, loc, operands[0], operands[1])
        .getHigh();
  return Value();
}

//===----------------------------------------------------------------------===//
// Chunks of tiles
//===----------------------------------------------------------------------===//

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

  if (Value buffer = buffers.lookup(tile)) {
    Value addr = bufferAddress(b, loc, buffer, type, pos);
    return Value(LLVM::LoadOp::create(
        b, loc, vectorType, addr, getElementByteSize(type.getElementType())));
  }
  Operation *def = tile.getDefiningOp();
  if (!def)
    return failure(); // A block argument not carried in a buffer.

  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense || !dense.isSplat())
      return unsupported(def, "non-uniform constant tiles are not "
                              "implemented yet"),
             failure();
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
    Value row = srcRows == 1 ? constantIndex(b, loc, 0) : pos.row;
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
    if (srcType.getRank() != 1)
      return unsupported(def, "expand_dims of rank above 1 is not "
                              "implemented yet"),
             failure();
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
  if (auto bitcast = dyn_cast<BitcastOp>(def)) {
    FailureOr<Value> src = chunk(b, bitcast.getSrc(), pos);
    if (failed(src))
      return failure();
    if (isa<LLVM::LLVMPointerType>(element))
      return *src;
    return Value(arith::BitcastOp::create(b, loc, vectorType, *src));
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
    if (isF8(dstElement)) {
      if (convert.getRounding() != RoundingMode::rtne)
        return unsupported(def, "only rtne conversions to f8 are implemented "
                                "yet"),
               failure();
      if (srcElement != b.getF32Type())
        value = arith::ExtFOp::create(b, loc, f32Vector, value);
      return encodeF8(b, loc, value, dstElement);
    }
    if (srcElement == dstElement)
      return value;
    if (dstElement.getWidth() > srcElement.getWidth())
      return Value(arith::ExtFOp::create(b, loc, vectorType, value));
    if (convert.getRounding() != RoundingMode::rtne)
      return unsupported(def, "rtz conversions are not implemented yet"),
             failure();
    return Value(arith::TruncFOp::create(b, loc, vectorType, value));
  }
  if (auto load = dyn_cast<DescLoadOp>(def)) {
    MakeDescOp desc = descriptors.lookup(load.getDesc());
    if (!desc)
      return unsupported(def, "the descriptor must come from a tile.make_desc "
                              "of this kernel"),
             failure();
    DescChunk access = descChunk(b, loc, desc, load.getOffsets(), pos);
    Attribute padValue = b.getZeroAttr(element);
    if (desc.getPadding() == Padding::nan)
      padValue = b.getFloatAttr(
          element,
          APFloat::getQNaN(cast<FloatType>(element).getFloatSemantics()));
    Value pad = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorType, padValue));
    unsigned align = getElementByteSize(type.getElementType());
    if (access.contiguous) {
      Value first = vector::ExtractOp::create(b, loc, access.ptrs, 0);
      return Value(LLVM::MaskedLoadOp::create(b, loc, vectorType, first,
                                              access.mask, pad, align));
    }
    return Value(LLVM::masked_gather::create(
        b, loc, vectorType, access.ptrs, access.mask, ValueRange{pad}, align));
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
  if (def->hasTrait<OpTrait::Elementwise>() && def->getNumResults() == 1 &&
      isa<arith::ArithDialect, math::MathDialect>(def->getDialect())) {
    if (llvm::any_of(def->getOperandTypes(),
                     [](Type t) { return isF8(getElementTypeOrSelf(t)); }) ||
        isF8(type.getElementType()))
      return unsupported(def, "arithmetic on f8 tiles is not implemented; "
                              "convert with tile.fp_to_fp first"),
             failure();
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
    OperationState state(loc, def->getName(), operands, {vectorType},
                         def->getAttrs());
    return b.create(state)->getResult(0);
  }
  return unsupported(def, "this op is not implemented on the CPU yet"),
         failure();
}

FailureOr<Value> ProgramEmitter::loadChunk(OpBuilder &b, LoadOp op,
                                           Position pos) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  auto vectorType =
      VectorType::get({pos.width}, lowerElementType(type.getElementType()));
  FailureOr<Value> ptrs = chunk(b, op.getPtr(), pos);
  if (failed(ptrs))
    return failure();
  FailureOr<Value> maskChunk = chunk(b, op.getMask(), pos);
  FailureOr<Value> otherChunk = chunk(b, op.getOther(), pos);
  if (failed(maskChunk) || failed(otherChunk))
    return failure();
  Value mask = *maskChunk, other = *otherChunk;
  if (!other) {
    other = arith::ConstantOp::create(b, loc, b.getZeroAttr(vectorType));
  }
  auto [contiguous, align] = contiguousChunk(axis, op.getPtr(), pos.width);
  if (contiguous) {
    Value first = vector::ExtractOp::create(b, loc, *ptrs, 0);
    if (!mask)
      return Value(LLVM::LoadOp::create(b, loc, vectorType, first, align,
                                        op.getIsVolatile()));
    return Value(LLVM::MaskedLoadOp::create(b, loc, vectorType, first, mask,
                                            other, align));
  }
  if (!mask)
    mask = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get({pos.width}, b.getI1Type()),
                               true));
  return Value(LLVM::masked_gather::create(b, loc, vectorType, *ptrs, mask,
                                           ValueRange{other}, align));
}

/// Philox 4x32-10 on vectors, as docs/Semantics.md defines it.
FailureOr<Value> ProgramEmitter::philoxChunk(OpBuilder &b, PhiloxOp op,
                                             unsigned word, Position pos) {
  Location loc = op.getLoc();
  auto i32Vector = VectorType::get({pos.width}, b.getI32Type());
  auto splat32 = [&](uint32_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32Vector, APInt(32, value)));
  };
  FailureOr<Value> offsets = chunk(b, op.getOffset(), pos);
  if (failed(offsets))
    return failure();
  Value c0, c1;
  auto offsetType = cast<VectorType>(offsets->getType());
  if (offsetType.getElementType().isInteger(64)) {
    c0 = arith::TruncIOp::create(b, loc, i32Vector, *offsets);
    Value shifted = arith::ShRUIOp::create(
        b, loc, *offsets,
        arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(offsetType, APInt(64, 32))));
    c1 = arith::TruncIOp::create(b, loc, i32Vector, shifted);
  } else {
    c0 = *offsets;
    c1 = splat32(0);
  }
  Value c2 = splat32(0), c3 = splat32(0);
  Value seed = scalars.lookup(op.getSeed());
  Value k0, k1;
  if (seed.getType().isInteger(64)) {
    k0 = arith::TruncIOp::create(b, loc, b.getI32Type(), seed);
    Value hi = arith::ShRUIOp::create(
        b, loc, seed, arith::ConstantIntOp::create(b, loc, b.getI64Type(), 32));
    k1 = arith::TruncIOp::create(b, loc, b.getI32Type(), hi);
  } else {
    k0 = seed;
    k1 = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  }
  k0 = vector::BroadcastOp::create(b, loc, i32Vector, k0);
  k1 = vector::BroadcastOp::create(b, loc, i32Vector, k1);
  Value m0 = splat32(0xD2511F53), m1 = splat32(0xCD9E8D57);
  Value w0 = splat32(0x9E3779B9), w1 = splat32(0xBB67AE85);
  for (int round = 0; round < 10; ++round) {
    auto p0 = arith::MulUIExtendedOp::create(b, loc, m0, c0);
    auto p1 = arith::MulUIExtendedOp::create(b, loc, m1, c2);
    Value n0 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, p1.getHigh(), c1), k0);
    Value n2 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, p0.getHigh(), c3), k1);
    c0 = n0;
    c1 = p1.getLow();
    c2 = n2;
    c3 = p0.getLow();
    if (round != 9) {
      k0 = arith::AddIOp::create(b, loc, k0, w0);
      k1 = arith::AddIOp::create(b, loc, k1, w1);
    }
  }
  Value words[] = {c0, c1, c2, c3};
  return words[word];
}

} // namespace mlir::tile::tovector
