//===- ElementLowering.cpp - Tile element ops as arith/math ---------------===//

#include "tile/Conversion/Common/ElementLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>
#include <limits>

namespace mlir::tile {

Type withElementType(Type like, Type element) {
  if (auto vector = dyn_cast<VectorType>(like))
    return VectorType::get(vector.getShape(), element);
  return element;
}

Value constantLike(OpBuilder &b, Location loc, Type like, TypedAttr value) {
  if (auto vector = dyn_cast<VectorType>(like))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(vector, value));
  return arith::ConstantOp::create(b, loc, value);
}

Value decodeF8(OpBuilder &b, Location loc, Value bits, Type f8) {
  Type type = bits.getType();
  auto vec = [&](Type element) { return withElementType(type, element); };
  auto splat = [&](Type element, TypedAttr value) -> Value {
    return constantLike(b, loc, vec(element), value);
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
  // Its bits placed as an f32's (sign at 31, exponent and mantissa from
  // bit 20) read as the value times 2^-120, subnormals included (an f32
  // subnormal then), so one exact multiplication rebiases every finite code.
  // Every target keeps f32 subnormals (docs/Semantics.md).
  auto c32 = [&](int64_t v) { return splat(i32, b.getI32IntegerAttr(v)); };
  Value u = arith::ExtUIOp::create(b, loc, vec(i32), bits);
  Value magnitudeBits = arith::AndIOp::create(b, loc, u, c32(0x7F));
  Value placed = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, arith::AndIOp::create(b, loc, u, c32(0x80)),
                            c32(24)),
      arith::ShLIOp::create(b, loc, magnitudeBits, c32(20)));
  Value value = arith::MulFOp::create(
      b, loc, arith::BitcastOp::create(b, loc, vec(f32), placed),
      splat(f32, b.getF32FloatAttr(std::ldexp(1.0f, 120))));
  Value isNan = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      magnitudeBits, c32(0x7F));
  return arith::SelectOp::create(
      b, loc, isNan,
      splat(f32, b.getF32FloatAttr(std::numeric_limits<float>::quiet_NaN())),
      value);
}

Value encodeF8(OpBuilder &b, Location loc, Value x, Type f8) {
  Type type = x.getType();
  auto vec = [&](Type element) { return withElementType(type, element); };
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c32 = [&](int64_t v) {
    return constantLike(b, loc, vec(i32), b.getI32IntegerAttr(v));
  };
  auto cf = [&](float v) {
    return constantLike(b, loc, vec(f32), b.getF32FloatAttr(v));
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

Value truncToF8(OpBuilder &b, Location loc, Value x, Type f8, bool saturate,
                bool towardZero) {
  Type type = x.getType();
  auto vec = [&](Type element) { return withElementType(type, element); };
  Type i8 = b.getI8Type(), f32 = b.getF32Type();
  auto c8 = [&](uint8_t v) {
    return constantLike(b, loc, vec(i8), b.getIntegerAttr(i8, APInt(8, v)));
  };
  auto cf = [&](float v) {
    return constantLike(b, loc, vec(f32), b.getF32FloatAttr(v));
  };
  Value bits = encodeF8(b, loc, x, f8);
  Value magnitude = math::AbsFOp::create(b, loc, x);
  if (towardZero) {
    // Step toward zero where rounding to nearest grew the magnitude (the
    // bits are sign and magnitude).
    Value rounded = math::AbsFOp::create(b, loc, decodeF8(b, loc, bits, f8));
    Value grew = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                       rounded, magnitude);
    bits = arith::SelectOp::create(
        b, loc, grew, arith::SubIOp::create(b, loc, bits, c8(1)), bits);
  }
  if (saturate)
    return bits;
  // IEEE overflow: infinities, and, to nearest, what rounds past the largest
  // finite value (e4m3fn: above 464, which ties to 448; e5m2: from 61440).
  bool e4m3 = isa<Float8E4M3FNType>(f8);
  arith::CmpFPredicate predicate = towardZero || e4m3
                                       ? arith::CmpFPredicate::OGT
                                       : arith::CmpFPredicate::OGE;
  float threshold = towardZero ? 3.4028235e38f : e4m3 ? 464.0f : 61440.0f;
  Value overflow =
      arith::CmpFOp::create(b, loc, predicate, magnitude, cf(threshold));
  Value special = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, bits, c8(0x80)),
      c8(e4m3 ? 0x7F : 0x7C));
  return arith::SelectOp::create(b, loc, overflow, special, bits);
}

Value roundToOddF32(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  auto vec = [&](Type element) { return withElementType(type, element); };
  Type i32 = b.getI32Type();
  auto c32 = [&](int32_t v) {
    return constantLike(b, loc, vec(i32), b.getI32IntegerAttr(v));
  };
  Value rounded = arith::TruncFOp::create(b, loc, vec(b.getF32Type()), x);
  Value back = arith::ExtFOp::create(b, loc, type, rounded);
  Value bits = arith::BitcastOp::create(b, loc, vec(i32), rounded);
  // Truncate (one step toward zero where rounding grew the magnitude), then
  // set the last bit of inexact results.
  Value grew = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     math::AbsFOp::create(b, loc, back),
                                     math::AbsFOp::create(b, loc, x));
  bits = arith::SelectOp::create(
      b, loc, grew, arith::SubIOp::create(b, loc, bits, c32(1)), bits);
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, back, x);
  bits = arith::SelectOp::create(
      b, loc, inexact, arith::OrIOp::create(b, loc, bits, c32(1)), bits);
  return arith::BitcastOp::create(b, loc, vec(b.getF32Type()), bits);
}

Value truncF32ToBF16(OpBuilder &b, Location loc, Value x, bool towardZero) {
  Type type = x.getType();
  auto vec = [&](Type element) { return withElementType(type, element); };
  Type i16 = b.getI16Type(), i32 = b.getI32Type();
  auto c32 = [&](int32_t v) {
    return constantLike(b, loc, vec(i32), b.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(b, loc, vec(i32), x);
  Value high = arith::ShRUIOp::create(b, loc, bits, c32(16));
  Value rounded = high;
  if (!towardZero) {
    // Ties to even: add 0x7FFF plus the last kept bit, and let the carry run
    // into the exponent (up to infinity).
    Value lsb = arith::AndIOp::create(b, loc, high, c32(1));
    Value bias = arith::AddIOp::create(b, loc, lsb, c32(0x7FFF));
    rounded = arith::ShRUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, bits, bias), c32(16));
  }
  // A NaN keeps its sign and top payload bits and gets the quiet bit (its
  // payload may lie in the dropped bits alone).
  Value nan = arith::OrIOp::create(b, loc, high, c32(0x40));
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value result = arith::SelectOp::create(b, loc, isNan, nan, rounded);
  return arith::BitcastOp::create(
      b, loc, vec(b.getBF16Type()),
      arith::TruncIOp::create(b, loc, vec(i16), result));
}

Value truncFTowardZero(OpBuilder &b, Location loc, Value x, Type resultType) {
  Type element = getElementTypeOrSelf(resultType);
  Type bitsType = withElementType(
      resultType, b.getIntegerType(element.getIntOrFloatBitWidth()));
  Value rounded = arith::TruncFOp::create(b, loc, resultType, x);
  Value back = arith::ExtFOp::create(b, loc, x.getType(), rounded);
  Value grew = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     math::AbsFOp::create(b, loc, back),
                                     math::AbsFOp::create(b, loc, x));
  Value bits = arith::BitcastOp::create(b, loc, bitsType, rounded);
  Value one = constantLike(b, loc, bitsType,
                           b.getIntegerAttr(getElementTypeOrSelf(bitsType), 1));
  bits = arith::SelectOp::create(
      b, loc, grew, arith::SubIOp::create(b, loc, bits, one), bits);
  return arith::BitcastOp::create(b, loc, resultType, bits);
}

Value convertFloat(OpBuilder &b, Location loc, Value x, Type resultType,
                   bool towardZero) {
  auto src = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  auto dst = cast<FloatType>(getElementTypeOrSelf(resultType));
  if (src == dst)
    return x;
  if (dst.getWidth() == src.getWidth()) {
    x = arith::ExtFOp::create(b, loc,
                              withElementType(x.getType(), b.getF32Type()), x);
    src = b.getF32Type();
  }
  if (dst.getWidth() > src.getWidth())
    return arith::ExtFOp::create(b, loc, resultType, x);
  if (towardZero)
    return truncFTowardZero(b, loc, x, resultType);
  return arith::TruncFOp::create(b, loc, resultType, x);
}

Value lowerMaxMinNum(OpBuilder &b, Location loc, bool isMax, Value lhs,
                     Value rhs) {
  Value result = isMax ? Value(arith::MaxNumFOp::create(b, loc, lhs, rhs))
                       : Value(arith::MinNumFOp::create(b, loc, lhs, rhs));
  // Equal operands have equal bits, except zeros of opposite signs: the AND
  // of the bits is +0 for max, the OR -0 for min.
  Type type = lhs.getType();
  Type bitsType = withElementType(
      type,
      b.getIntegerType(getElementTypeOrSelf(type).getIntOrFloatBitWidth()));
  Value a = arith::BitcastOp::create(b, loc, bitsType, lhs);
  Value c = arith::BitcastOp::create(b, loc, bitsType, rhs);
  Value both = isMax ? Value(arith::AndIOp::create(b, loc, a, c))
                     : Value(arith::OrIOp::create(b, loc, a, c));
  Value equal =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lhs, rhs);
  return arith::SelectOp::create(
      b, loc, equal, arith::BitcastOp::create(b, loc, type, both), result);
}

/// The ordering of a compare-and-swap that fails: it only reads, so it has no
/// release part.
static LLVM::AtomicOrdering failureOrdering(LLVM::AtomicOrdering success) {
  if (success == LLVM::AtomicOrdering::release)
    return LLVM::AtomicOrdering::monotonic;
  if (success == LLVM::AtomicOrdering::acq_rel)
    return LLVM::AtomicOrdering::acquire;
  return success;
}

/// `binOp` applied to `old` and `operand` as arith ops.
static Value applyAtomicBinOp(OpBuilder &b, Location loc,
                              LLVM::AtomicBinOp binOp, Value old,
                              Value operand) {
  using Op = LLVM::AtomicBinOp;
  switch (binOp) {
  case Op::xchg:
    return operand;
  case Op::add:
    return arith::AddIOp::create(b, loc, old, operand);
  case Op::sub:
    return arith::SubIOp::create(b, loc, old, operand);
  case Op::_and:
    return arith::AndIOp::create(b, loc, old, operand);
  case Op::_or:
    return arith::OrIOp::create(b, loc, old, operand);
  case Op::_xor:
    return arith::XOrIOp::create(b, loc, old, operand);
  case Op::max:
    return arith::MaxSIOp::create(b, loc, old, operand);
  case Op::min:
    return arith::MinSIOp::create(b, loc, old, operand);
  case Op::umax:
    return arith::MaxUIOp::create(b, loc, old, operand);
  case Op::umin:
    return arith::MinUIOp::create(b, loc, old, operand);
  case Op::fadd:
    return arith::AddFOp::create(b, loc, old, operand);
  default:
    llvm_unreachable("emitAtomicRMW creates no other read-modify-write");
  }
}

Value emitAtomicRMWLoop(OpBuilder &b, Location loc, LLVM::AtomicBinOp binOp,
                        Value ptr, Value operand, LLVM::AtomicOrdering ordering,
                        AtomicDecorator decorate) {
  Type type = operand.getType();
  Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
  auto toBits = [&](OpBuilder &bb, Value v) {
    return v.getType() == bitsType
               ? v
               : Value(arith::BitcastOp::create(bb, loc, bitsType, v));
  };
  auto fromBits = [&](OpBuilder &bb, Value v) {
    return type == bitsType ? v
                            : Value(arith::BitcastOp::create(bb, loc, type, v));
  };
  // A relaxed first read: a stale value only costs one more exchange.
  unsigned bytes = std::max(1u, bitsType.getIntOrFloatBitWidth() / 8);
  Value first = LLVM::LoadOp::create(
      b, loc, bitsType, ptr, bytes, /*isVolatile=*/false,
      /*isNonTemporal=*/false, /*isInvariant=*/false,
      /*isInvariantGroup=*/false, LLVM::AtomicOrdering::monotonic);
  auto loop =
      scf::WhileOp::create(b, loc, TypeRange{bitsType}, ValueRange{first});
  Block *before = b.createBlock(&loop.getBefore(), {}, {bitsType}, {loc});
  {
    OpBuilder bb = OpBuilder::atBlockBegin(before);
    Value old = before->getArgument(0);
    Value updated = toBits(
        bb, applyAtomicBinOp(bb, loc, binOp, fromBits(bb, old), operand));
    auto cas = LLVM::AtomicCmpXchgOp::create(
        bb, loc, ptr, old, updated, ordering, failureOrdering(ordering));
    if (decorate)
      decorate(cas);
    Value seen = LLVM::ExtractValueOp::create(bb, loc, cas, 0);
    Value done = LLVM::ExtractValueOp::create(bb, loc, cas, 1);
    Value again = arith::XOrIOp::create(
        bb, loc, done,
        arith::ConstantOp::create(bb, loc, bb.getBoolAttr(true)));
    // On success `seen` is `old`, the value replaced.
    scf::ConditionOp::create(bb, loc, again, ValueRange{seen});
  }
  Block *after = b.createBlock(&loop.getAfter(), {}, {bitsType}, {loc});
  {
    OpBuilder ab = OpBuilder::atBlockBegin(after);
    scf::YieldOp::create(ab, loc, ValueRange{after->getArgument(0)});
  }
  b.setInsertionPointAfter(loop);
  return fromBits(b, loop.getResult(0));
}

Value emitAtomicRMW(OpBuilder &b, Location loc, AtomicRMWKind kind, Value ptr,
                    Value value, LLVM::AtomicOrdering ordering,
                    AtomicDecorator decorate, bool byExchange) {
  auto atomic = [&](OpBuilder &ab, LLVM::AtomicBinOp binOp, Value operand) {
    if (byExchange)
      return emitAtomicRMWLoop(ab, loc, binOp, ptr, operand, ordering,
                               decorate);
    auto op = LLVM::AtomicRMWOp::create(ab, loc, binOp, ptr, operand, ordering);
    if (decorate)
      decorate(op);
    return op.getResult();
  };
  Type type = value.getType();
  bool isFloat = isa<FloatType>(type);
  bool isMax = kind == AtomicRMWKind::max;
  if (!isFloat || (!isMax && kind != AtomicRMWKind::min))
    return atomic(b, getAtomicBinOp(kind, isFloat), value);
  // totalOrder on the bits: signed max (min) against a value with its sign
  // clear, unsigned min (max) against one with its sign set, whose bits grow
  // as the value falls.
  Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
  Value bits = arith::BitcastOp::create(b, loc, bitsType, value);
  Value negative = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::slt, bits,
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, 0)));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{bitsType}, negative,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  auto branch = [&](OpBuilder bb, LLVM::AtomicBinOp binOp) {
    scf::YieldOp::create(bb, loc, ValueRange{atomic(bb, binOp, bits)});
  };
  branch(ifOp.getThenBodyBuilder(),
         isMax ? LLVM::AtomicBinOp::umin : LLVM::AtomicBinOp::umax);
  branch(ifOp.getElseBodyBuilder(),
         isMax ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::min);
  return arith::BitcastOp::create(b, loc, type, ifOp.getResult(0));
}

Value emitAtomicCAS(OpBuilder &b, Location loc, Value ptr, Value cmp,
                    Value value, MemoryOrder order, AtomicDecorator decorate) {
  Type type = value.getType();
  if (isa<FloatType>(type)) {
    Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
    cmp = arith::BitcastOp::create(b, loc, bitsType, cmp);
    value = arith::BitcastOp::create(b, loc, bitsType, value);
  }
  LLVM::AtomicOrdering success = getAtomicOrdering(order);
  auto cas = LLVM::AtomicCmpXchgOp::create(b, loc, ptr, cmp, value, success,
                                           failureOrdering(success));
  if (decorate)
    decorate(cas);
  Value old = LLVM::ExtractValueOp::create(b, loc, cas, 0);
  if (old.getType() != type)
    old = arith::BitcastOp::create(b, loc, type, old);
  return old;
}

Value lowerElementwiseTileOp(OpBuilder &b, Operation *op, ValueRange operands,
                             Type resultType) {
  Location loc = op->getLoc();
  if (isa<PreciseDivFOp>(op)) // LLVM's fdiv is correctly rounded.
    return arith::DivFOp::create(b, loc, operands[0], operands[1]);
  // math.sqrt becomes llvm.sqrt, which is correctly rounded, unless a GPU
  // target maps it to a library call that may approximate: those targets
  // lower precise_sqrt by GPUTargetHooks::emitPreciseSqrt first.
  if (isa<PreciseSqrtOp>(op))
    return math::SqrtOp::create(b, loc, operands[0]);
  if (auto clamp = dyn_cast<ClampFOp>(op)) {
    if (clamp.getPropagateNan()) {
      Value low = arith::MaximumFOp::create(b, loc, operands[0], operands[1]);
      return arith::MinimumFOp::create(b, loc, low, operands[2]);
    }
    Value low =
        lowerMaxMinNum(b, loc, /*isMax=*/true, operands[0], operands[1]);
    return lowerMaxMinNum(b, loc, /*isMax=*/false, low, operands[2]);
  }
  if (isa<MulhiUIOp>(op))
    return arith::MulUIExtendedOp::create(b, loc, operands[0], operands[1])
        .getHigh();
  return Value();
}

std::array<Value, 4> philox4x32(OpBuilder &b, Location loc, Value offsets,
                                Value seed, MulHighFn mulHigh) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type words = withElementType(offsets.getType(), i32);
  auto word = [&](uint32_t value) {
    return constantLike(b, loc, words, b.getI32IntegerAttr(int32_t(value)));
  };
  Value c0, c1;
  if (getElementTypeOrSelf(offsets.getType()).isInteger(64)) {
    c0 = arith::TruncIOp::create(b, loc, words, offsets);
    Value shifted = arith::ShRUIOp::create(
        b, loc, offsets,
        constantLike(b, loc, offsets.getType(), b.getI64IntegerAttr(32)));
    c1 = arith::TruncIOp::create(b, loc, words, shifted);
  } else {
    c0 = offsets;
    c1 = word(0);
  }
  Value c2 = word(0), c3 = word(0);
  Value k0, k1;
  if (seed.getType().isInteger(64)) {
    k0 = arith::TruncIOp::create(b, loc, i32, seed);
    Value hi = arith::ShRUIOp::create(
        b, loc, seed, arith::ConstantIntOp::create(b, loc, i64, 32));
    k1 = arith::TruncIOp::create(b, loc, i32, hi);
  } else {
    k0 = seed;
    k1 = arith::ConstantIntOp::create(b, loc, i32, 0);
  }
  if (isa<VectorType>(words)) {
    k0 = vector::BroadcastOp::create(b, loc, words, k0);
    k1 = vector::BroadcastOp::create(b, loc, words, k1);
  }
  Value m0 = word(0xD2511F53), m1 = word(0xCD9E8D57);
  Value w0 = word(0x9E3779B9), w1 = word(0xBB67AE85);
  // (high, low) halves of x * y.
  auto product = [&](Value x, Value y) -> std::pair<Value, Value> {
    if (mulHigh)
      return {mulHigh(b, loc, x, y), arith::MulIOp::create(b, loc, x, y)};
    auto wide = arith::MulUIExtendedOp::create(b, loc, x, y);
    return {wide.getHigh(), wide.getLow()};
  };
  for (int round = 0; round < 10; ++round) {
    auto [high0, low0] = product(m0, c0);
    auto [high1, low1] = product(m1, c2);
    Value n0 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, high1, c1), k0);
    Value n2 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, high0, c3), k1);
    c0 = n0;
    c1 = low1;
    c2 = n2;
    c3 = low0;
    if (round != 9) {
      k0 = arith::AddIOp::create(b, loc, k0, w0);
      k1 = arith::AddIOp::create(b, loc, k1, w1);
    }
  }
  return {c0, c1, c2, c3};
}

static Value lowerDefinedWideArith(OpBuilder &b, Operation *op,
                                   ValueRange operands, Type resultType);

/// An arith/math op on f8 values (their i8 bits): f8 operands decoded to
/// f32, the op computed as in f32, an f8 result rounded to nearest even as
/// truncf does (docs/Semantics.md section 8).
static Value lowerF8Arith(OpBuilder &b, Operation *op, ValueRange operands,
                          Type resultType) {
  Location loc = op->getLoc();
  if (op->getNumResults() != 1 || operands.empty())
    return Value();
  if (isa<arith::BitcastOp>(op)) // f8 <-> i8: the bits already
    return operands[0];
  if (isa<arith::SelectOp>(op))
    return arith::SelectOp::create(b, loc, operands[0], operands[1],
                                   operands[2]);
  auto c8 = [&](uint8_t v) {
    Type i8 = b.getI8Type();
    return constantLike(b, loc, operands[0].getType(),
                        b.getIntegerAttr(i8, APInt(8, v)));
  };
  // Sign-bit ops keep NaN payloads.
  if (isa<arith::NegFOp>(op))
    return arith::XOrIOp::create(b, loc, operands[0], c8(0x80));
  if (isa<math::AbsFOp>(op))
    return arith::AndIOp::create(b, loc, operands[0], c8(0x7F));
  if (isa<math::CopySignOp>(op))
    return arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, operands[0], c8(0x7F)),
        arith::AndIOp::create(b, loc, operands[1], c8(0x80)));
  Type f32 = b.getF32Type();
  Type resultElement = getElementTypeOrSelf(op->getResult(0));
  SmallVector<Value> wide;
  for (auto [operand, value] : llvm::zip(op->getOperands(), operands)) {
    Type element = getElementTypeOrSelf(operand.getType());
    wide.push_back(isF8(element) ? decodeF8(b, loc, value, element) : value);
  }
  auto like = [&](Type element) {
    return withElementType(wide[0].getType(), element);
  };
  if (auto truncf = dyn_cast<arith::TruncFOp>(op)) {
    Value x = wide[0];
    Type src = getElementTypeOrSelf(x.getType());
    if (src.isF64())
      x = roundToOddF32(b, loc, x);
    else if (!src.isF32())
      x = arith::ExtFOp::create(b, loc, like(f32), x);
    bool towardZero =
        truncf.getRoundingmode() == arith::RoundingMode::toward_zero;
    return truncToF8(b, loc, x, resultElement, /*saturate=*/false, towardZero);
  }
  if (isa<arith::ExtFOp>(op)) { // decoded exactly; f16 and bf16 hold it too
    if (resultElement.isF32())
      return wide[0];
    if (resultElement.isF64())
      return arith::ExtFOp::create(b, loc, like(resultElement), wide[0]);
    return arith::TruncFOp::create(b, loc, like(resultElement), wide[0]);
  }
  Type computeType =
      withElementType(resultType, isF8(resultElement) ? f32 : resultElement);
  Value result = lowerDefinedWideArith(b, op, wide, computeType);
  if (!result) {
    OperationState state(loc, op->getName(), wide, {computeType},
                         op->getAttrs());
    result = b.create(state)->getResult(0);
  }
  if (!isF8(resultElement))
    return result;
  return truncToF8(b, loc, result, resultElement, /*saturate=*/false,
                   /*towardZero=*/false);
}

Value lowerDefinedArith(OpBuilder &b, Operation *op, ValueRange operands,
                        Type resultType) {
  auto isF8Type = [](Type type) { return isF8(getElementTypeOrSelf(type)); };
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
      (llvm::any_of(op->getOperandTypes(), isF8Type) ||
       llvm::any_of(op->getResultTypes(), isF8Type)))
    return lowerF8Arith(b, op, operands, resultType);
  return lowerDefinedWideArith(b, op, operands, resultType);
}

static Value lowerDefinedWideArith(OpBuilder &b, Operation *op,
                                   ValueRange operands, Type resultType) {
  Location loc = op->getLoc();
  // A rounding mode on truncf reaches no backend as such: LLVM's constrained
  // fptrunc only states the mode in force (the CPU kept rounding to nearest)
  // and the AMDGPU backend cannot select it. Toward zero is the nearest
  // rounding stepped back where it grew; to_nearest_even is the plain op.
  if (auto truncf = dyn_cast<arith::TruncFOp>(op)) {
    std::optional<arith::RoundingMode> mode = truncf.getRoundingmode();
    if (!mode)
      return Value();
    if (*mode == arith::RoundingMode::toward_zero)
      return truncFTowardZero(b, loc, operands[0], resultType);
    return arith::TruncFOp::create(b, loc, resultType, operands[0]);
  }
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op))
    return lowerMaxMinNum(b, loc, isa<arith::MaxNumFOp>(op), operands[0],
                          operands[1]);
  auto intConstant = [&](Type like, const APInt &value) {
    return constantLike(b, loc, like,
                        b.getIntegerAttr(getElementTypeOrSelf(like), value));
  };
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op)) {
    Value lhs = operands[0], rhs = operands[1];
    Type type = lhs.getType();
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    Value zero = intConstant(type, APInt(width, 0));
    Value allOnes = intConstant(type, APInt::getAllOnes(width));
    Value isZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
    Value avoid = isZero;
    if (isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
            arith::FloorDivSIOp>(op)) {
      Value overflow = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, lhs,
              intConstant(type, APInt::getSignedMinValue(width))),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs,
                                allOnes));
      avoid = arith::OrIOp::create(b, loc, avoid, overflow);
    }
    // Divide by 1 where the hardware would trap (x / 1 = x is INT_MIN / -1's
    // value, x % 1 = 0 is INT_MIN % -1's), then put in the zero cases.
    Value safe = arith::SelectOp::create(
        b, loc, avoid, intConstant(type, APInt(width, 1)), rhs);
    OperationState state(loc, op->getName(), ValueRange{lhs, safe}, {type},
                         op->getAttrs());
    Value result = b.create(state)->getResult(0);
    bool isRemainder = isa<arith::RemSIOp, arith::RemUIOp>(op);
    return arith::SelectOp::create(b, loc, isZero, isRemainder ? lhs : allOnes,
                                   result);
  }
  // LLVM's shifts are poison for amounts of the width or more (the CPU's
  // i8 shifts took the amount modulo 8); section 4 defines them: 0 for shli
  // and shrui, the sign fill for shrsi.
  if (isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op)) {
    Value x = operands[0], amount = operands[1];
    Type type = x.getType();
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    Value oversized =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, amount,
                              intConstant(type, APInt(width, width)));
    bool isSigned = isa<arith::ShRSIOp>(op);
    Value safe = arith::SelectOp::create(
        b, loc, oversized,
        intConstant(type, APInt(width, isSigned ? width - 1 : 0)), amount);
    OperationState state(loc, op->getName(), ValueRange{x, safe}, {type},
                         op->getAttrs());
    Value result = b.create(state)->getResult(0);
    if (isSigned)
      return result;
    return arith::SelectOp::create(b, loc, oversized,
                                   intConstant(type, APInt(width, 0)), result);
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
    Value x = operands[0];
    Type type = x.getType();
    auto floatType = cast<FloatType>(getElementTypeOrSelf(type));
    unsigned width = getElementTypeOrSelf(resultType).getIntOrFloatBitWidth();
    bool isSigned = isa<arith::FPToSIOp>(op);
    auto floatConstant = [&](const APInt &value, bool valueIsSigned) {
      APFloat f(floatType.getFloatSemantics());
      (void)f.convertFromAPInt(value, valueIsSigned,
                               APFloat::rmNearestTiesToEven);
      return constantLike(b, loc, type, b.getFloatAttr(floatType, f));
    };
    APInt low = isSigned ? APInt::getSignedMinValue(width) : APInt(width, 0);
    APInt high =
        isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
    // The first value past the range: 2^(N-1) or 2^N, exact in any format
    // (or +inf).
    APInt past = isSigned ? APInt::getOneBitSet(width + 1, width - 1)
                          : APInt::getOneBitSet(width + 1, width);
    Value converted =
        isSigned ? Value(arith::FPToSIOp::create(b, loc, resultType, x))
                 : Value(arith::FPToUIOp::create(b, loc, resultType, x));
    auto cmp = [&](arith::CmpFPredicate predicate, Value bound) {
      return arith::CmpFOp::create(b, loc, predicate, x, bound);
    };
    Value result = arith::SelectOp::create(
        b, loc, cmp(arith::CmpFPredicate::OLE, floatConstant(low, isSigned)),
        intConstant(resultType, low), converted);
    result = arith::SelectOp::create(
        b, loc, cmp(arith::CmpFPredicate::OGE, floatConstant(past, false)),
        intConstant(resultType, high), result);
    return arith::SelectOp::create(b, loc, cmp(arith::CmpFPredicate::UNO, x),
                                   intConstant(resultType, APInt(width, 0)),
                                   result);
  }
  return Value();
}

bool lowerDefinedScalarArith(OpBuilder &b, Operation *op, IRMapping &scalars) {
  if (op->getNumResults() != 1)
    return false;
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(scalars.lookup(operand));
  Value value = lowerDefinedArith(b, op, operands, op->getResult(0).getType());
  if (value)
    scalars.map(op->getResult(0), value);
  return bool(value);
}

Value emitMaskedScalarLoad(OpBuilder &b, Location loc, Value mask, Type type,
                           Value other, function_ref<Value(OpBuilder &)> load) {
  if (!mask)
    return load(b);
  if (!other)
    other = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, mask,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder thenB = ifOp.getThenBodyBuilder();
  scf::YieldOp::create(thenB, loc, load(thenB));
  OpBuilder elseB = ifOp.getElseBodyBuilder();
  scf::YieldOp::create(elseB, loc, other);
  return ifOp.getResult(0);
}

LLVM::AtomicBinOp getAtomicBinOp(AtomicRMWKind kind, bool isFloat) {
  switch (kind) {
  case AtomicRMWKind::add:
    return LLVM::AtomicBinOp::add;
  case AtomicRMWKind::fadd:
    return LLVM::AtomicBinOp::fadd;
  case AtomicRMWKind::max:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case AtomicRMWKind::min:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case AtomicRMWKind::umax:
    return LLVM::AtomicBinOp::umax;
  case AtomicRMWKind::umin:
    return LLVM::AtomicBinOp::umin;
  case AtomicRMWKind::and_:
    return LLVM::AtomicBinOp::_and;
  case AtomicRMWKind::or_:
    return LLVM::AtomicBinOp::_or;
  case AtomicRMWKind::xor_:
    return LLVM::AtomicBinOp::_xor;
  case AtomicRMWKind::xchg:
    return LLVM::AtomicBinOp::xchg;
  }
  llvm_unreachable("unknown atomic kind");
}

LLVM::AtomicOrdering getAtomicOrdering(MemoryOrder order) {
  switch (order) {
  case MemoryOrder::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemoryOrder::acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemoryOrder::release:
    return LLVM::AtomicOrdering::release;
  case MemoryOrder::acq_rel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("unknown memory order");
}

std::pair<Value, StringRef> printfArgument(OpBuilder &b, Location loc,
                                           Value value, Type type, bool hex) {
  Type i64 = b.getI64Type();
  if (isa<PointerType>(type))
    return {value, "%p"};
  // docs/Semantics.md 3.9: hex as two digits per byte, f64 as %.17g and
  // narrower floats as %.9g after exact widening, integers in decimal.
  unsigned width = type.getIntOrFloatBitWidth();
  StringRef hexSpec = width <= 8    ? "0x%02llx"
                      : width <= 16 ? "0x%04llx"
                      : width <= 32 ? "0x%08llx"
                                    : "0x%016llx";
  if (auto floatType = dyn_cast<FloatType>(type)) {
    if (hex) {
      Value bits = arith::BitcastOp::create(
          b, loc, b.getIntegerType(floatType.getWidth()), value);
      if (floatType.getWidth() < 64)
        bits = arith::ExtUIOp::create(b, loc, i64, bits);
      return {bits, hexSpec};
    }
    if (!floatType.isF64())
      value = arith::ExtFOp::create(b, loc, b.getF64Type(), value);
    return {value, floatType.isF64() ? "%.17g" : "%.9g"};
  }
  if (width < 64)
    value = hex || width == 1
                ? Value(arith::ExtUIOp::create(b, loc, i64, value))
                : Value(arith::ExtSIOp::create(b, loc, i64, value));
  return {value, hex ? hexSpec : StringRef("%lld")};
}

std::string escapePrintfFormat(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  return escaped;
}

} // namespace mlir::tile
