//===- ArithOps.cpp - arith on tiles and scalars --------------------------===//
//
// docs/Semantics.md sections 4 (integers: wrapping, division by zero gives
// all ones, oversized shifts give 0 or the sign fill), 5 (floats: computed in
// f64, rounded to the element type after every op; NaN rules of max/min and
// cmpf) and 7 (conversions: round to nearest even, saturating float to int,
// f8E4M3FN overflow to NaN).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tile::interp;

namespace {

Type resultElementType(Operation &op) {
  return elementTypeOf(op.getResult(0).getType());
}

unsigned widthOf(Type elementType) {
  return ElementInfo::get(elementType).width;
}

int64_t minSigned(unsigned w) { return signExtend(uint64_t(1) << (w - 1), w); }

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

/// \p fn(a, b, width) takes both operands as signed values and returns the
/// result's bits; they are wrapped to the result's width.
template <typename Fn>
LogicalResult intBinary(Executor &ex, Operation &op, Fn fn) {
  Type type = resultElementType(op);
  unsigned w = widthOf(type);
  ex.set(op.getResult(0),
         mapBinary(*ex.get(op.getOperand(0)), *ex.get(op.getOperand(1)), type,
                   [&](Element a, Element b) {
                     Element r;
                     r.i = signExtend(uint64_t(fn(a.i, b.i, w)), w);
                     return r;
                   }));
  return success();
}

#define INT_BINARY(NAME, EXPR)                                                 \
  LogicalResult NAME(Executor &ex, Operation &op) {                            \
    return intBinary(ex, op,                                                   \
                     [](int64_t a, int64_t b, unsigned w) -> uint64_t {        \
                       (void)w;                                                \
                       uint64_t ua = zeroExtend(a, w), ub = zeroExtend(b, w);  \
                       (void)ua;                                               \
                       (void)ub;                                               \
                       return EXPR;                                            \
                     });                                                       \
  }

INT_BINARY(runAddI, uint64_t(a) + uint64_t(b))
INT_BINARY(runSubI, uint64_t(a) - uint64_t(b))
INT_BINARY(runMulI, uint64_t(a) * uint64_t(b))
INT_BINARY(runAndI, uint64_t(a &b))
INT_BINARY(runOrI, uint64_t(a | b))
INT_BINARY(runXOrI, uint64_t(a ^ b))
INT_BINARY(runMaxSI, uint64_t(a > b ? a : b))
INT_BINARY(runMinSI, uint64_t(a < b ? a : b))
INT_BINARY(runMaxUI, ua > ub ? ua : ub)
INT_BINARY(runMinUI, ua < ub ? ua : ub)
// Division by zero gives all ones; INT_MIN / -1 gives INT_MIN.
INT_BINARY(runDivSI, b == 0                           ? ~uint64_t(0)
                     : (b == -1 && a == minSigned(w)) ? uint64_t(a)
                                                      : uint64_t(a / b))
INT_BINARY(runDivUI, ub == 0 ? ~uint64_t(0) : ua / ub)
INT_BINARY(runCeilDivSI,
           b == 0 ? ~uint64_t(0)
           : (b == -1 && a == minSigned(w))
               ? uint64_t(a)
               : uint64_t(a / b + ((a % b != 0) && ((a < 0) == (b < 0)))))
INT_BINARY(runCeilDivUI, ub == 0 ? ~uint64_t(0) : ua / ub + (ua % ub != 0))
INT_BINARY(runFloorDivSI,
           b == 0 ? ~uint64_t(0)
           : (b == -1 && a == minSigned(w))
               ? uint64_t(a)
               : uint64_t(a / b - ((a % b != 0) && ((a < 0) != (b < 0)))))
// x % 0 = x; INT_MIN % -1 = 0.
INT_BINARY(runRemSI, b == 0 ? uint64_t(a) : b == -1 ? 0 : uint64_t(a % b))
INT_BINARY(runRemUI, ub == 0 ? ua : ua % ub)
// Shift amounts are unsigned; w or more shifts everything out.
INT_BINARY(runShLI, ub >= w ? 0 : ua << ub)
INT_BINARY(runShRUI, ub >= w ? 0 : ua >> ub)
INT_BINARY(runShRSI, ub >= w ? uint64_t(a < 0 ? -1 : 0) : uint64_t(a >> ub))
#undef INT_BINARY

bool compareInts(arith::CmpIPredicate p, int64_t a, int64_t b, unsigned w) {
  uint64_t ua = zeroExtend(a, w), ub = zeroExtend(b, w);
  switch (p) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::slt:
    return a < b;
  case arith::CmpIPredicate::sle:
    return a <= b;
  case arith::CmpIPredicate::sgt:
    return a > b;
  case arith::CmpIPredicate::sge:
    return a >= b;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  }
  return false;
}

LogicalResult runCmpI(Executor &ex, Operation &operation) {
  auto op = cast<arith::CmpIOp>(operation);
  unsigned w = widthOf(elementTypeOf(op.getLhs().getType()));
  arith::CmpIPredicate p = op.getPredicate();
  ex.set(op, mapBinary(*ex.get(op.getLhs()), *ex.get(op.getRhs()),
                       resultElementType(operation), [&](Element a, Element b) {
                         Element r;
                         r.i = compareInts(p, a.i, b.i, w) ? -1 : 0;
                         return r;
                       }));
  return success();
}

LogicalResult runSelect(Executor &ex, Operation &operation) {
  auto op = cast<arith::SelectOp>(operation);
  ex.set(op, mapTernary(
                 *ex.get(op.getCondition()), *ex.get(op.getTrueValue()),
                 *ex.get(op.getFalseValue()), resultElementType(operation),
                 [](Element c, Element t, Element f) { return c.i ? t : f; }));
  return success();
}

/// Integer width changes: the source is read signed or unsigned, then
/// wrapped to the result's width.
LogicalResult intCast(Executor &ex, Operation &op, bool zeroExtendSource) {
  Type from = elementTypeOf(op.getOperand(0).getType());
  Type to = resultElementType(op);
  unsigned wf = widthOf(from), wt = widthOf(to);
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), to, [&](Element a) {
           uint64_t v = zeroExtendSource ? zeroExtend(a.i, wf) : uint64_t(a.i);
           Element r;
           r.i = signExtend(v, wt);
           return r;
         }));
  return success();
}

LogicalResult runExtSI(Executor &ex, Operation &op) {
  return intCast(ex, op, false);
}
LogicalResult runExtUI(Executor &ex, Operation &op) {
  return intCast(ex, op, true);
}
LogicalResult runTruncI(Executor &ex, Operation &op) {
  return intCast(ex, op, false);
}
LogicalResult runIndexCastUI(Executor &ex, Operation &op) {
  return intCast(ex, op, true);
}

/// mulsi_extended / mului_extended: the low and high halves of the 2N-bit
/// product.
LogicalResult mulExtended(Executor &ex, Operation &op, bool isSigned) {
  Type type = resultElementType(op);
  unsigned w = widthOf(type);
  const RtValue &a = *ex.get(op.getOperand(0)), &b = *ex.get(op.getOperand(1));
  auto low = makeValue(type, widest(a, b).shape);
  auto high = makeValue(type, widest(a, b).shape);
  size_t sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1;
  for (size_t i = 0; i < low->size(); ++i) {
    int64_t x = a.elements[i * sa].i, y = b.elements[i * sb].i;
    unsigned __int128 product;
    if (isSigned)
      product = (unsigned __int128)((__int128)x * (__int128)y);
    else
      product = (unsigned __int128)zeroExtend(x, w) * zeroExtend(y, w);
    low->elements[i].i = signExtend(uint64_t(product), w);
    high->elements[i].i = signExtend(uint64_t(product >> w), w);
  }
  ex.set(op.getResult(0), low);
  ex.set(op.getResult(1), high);
  return success();
}

LogicalResult runMulSIExtended(Executor &ex, Operation &op) {
  return mulExtended(ex, op, true);
}
LogicalResult runMulUIExtended(Executor &ex, Operation &op) {
  return mulExtended(ex, op, false);
}

LogicalResult runAddUIExtended(Executor &ex, Operation &op) {
  Type type = resultElementType(op);
  unsigned w = widthOf(type);
  const RtValue &a = *ex.get(op.getOperand(0)), &b = *ex.get(op.getOperand(1));
  auto sum = makeValue(type, widest(a, b).shape);
  auto carry =
      makeValue(elementTypeOf(op.getResult(1).getType()), widest(a, b).shape);
  size_t sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1;
  for (size_t i = 0; i < sum->size(); ++i) {
    uint64_t x = zeroExtend(a.elements[i * sa].i, w);
    uint64_t y = zeroExtend(b.elements[i * sb].i, w);
    uint64_t s = zeroExtend(int64_t(x + y), w);
    sum->elements[i].i = signExtend(s, w);
    carry->elements[i].i = s < x ? -1 : 0;
  }
  ex.set(op.getResult(0), sum);
  ex.set(op.getResult(1), carry);
  return success();
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

/// \p fn computes in f64 on exact operands; the result is rounded as
/// section 8 says (exact for f64 and for ops whose result is representable).
template <typename Fn>
LogicalResult floatBinary(Executor &ex, Operation &op, Fn fn) {
  Type type = resultElementType(op);
  const FloatFormat &format = *getFloatFormat(type);
  ex.set(op.getResult(0),
         mapBinary(*ex.get(op.getOperand(0)), *ex.get(op.getOperand(1)), type,
                   [&](Element a, Element b) {
                     Element r;
                     r.f = roundResult(fn(a.f, b.f), format);
                     return r;
                   }));
  return success();
}

#define FLOAT_BINARY(NAME, EXPR)                                               \
  LogicalResult NAME(Executor &ex, Operation &op) {                            \
    return floatBinary(ex, op, [](double a, double b) { return EXPR; });       \
  }

FLOAT_BINARY(runAddF, a + b)
FLOAT_BINARY(runSubF, a - b)
FLOAT_BINARY(runMulF, a *b)
FLOAT_BINARY(runDivF, a / b)
FLOAT_BINARY(runRemF, std::fmod(a, b))
FLOAT_BINARY(runMaximumF, floatMaximum(a, b))
FLOAT_BINARY(runMinimumF, floatMinimum(a, b))
FLOAT_BINARY(runMaxNumF, floatMaxNum(a, b))
FLOAT_BINARY(runMinNumF, floatMinNum(a, b))
#undef FLOAT_BINARY

LogicalResult runNegF(Executor &ex, Operation &op) {
  ex.set(op.getResult(0), mapUnary(*ex.get(op.getOperand(0)),
                                   resultElementType(op), [](Element a) {
                                     Element r;
                                     r.u = a.u ^ (uint64_t(1) << 63);
                                     return r;
                                   }));
  return success();
}

bool compareFloats(arith::CmpFPredicate p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::AlwaysTrue:
    return true;
  case P::OEQ:
    return !unordered && a == b;
  case P::OGT:
    return !unordered && a > b;
  case P::OGE:
    return !unordered && a >= b;
  case P::OLT:
    return !unordered && a < b;
  case P::OLE:
    return !unordered && a <= b;
  case P::ONE:
    return !unordered && a != b;
  case P::ORD:
    return !unordered;
  case P::UEQ:
    return unordered || a == b;
  case P::UGT:
    return unordered || a > b;
  case P::UGE:
    return unordered || a >= b;
  case P::ULT:
    return unordered || a < b;
  case P::ULE:
    return unordered || a <= b;
  case P::UNE:
    return unordered || a != b;
  case P::UNO:
    return unordered;
  }
  return false;
}

LogicalResult runCmpF(Executor &ex, Operation &operation) {
  auto op = cast<arith::CmpFOp>(operation);
  arith::CmpFPredicate p = op.getPredicate();
  ex.set(op, mapBinary(*ex.get(op.getLhs()), *ex.get(op.getRhs()),
                       resultElementType(operation), [&](Element a, Element b) {
                         Element r;
                         r.i = compareFloats(p, a.f, b.f) ? -1 : 0;
                         return r;
                       }));
  return success();
}

LogicalResult runExtF(Executor &ex, Operation &op) {
  // Exact: the f64 already holds the value (and NaN payload) exactly.
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), resultElementType(op),
                  [](Element a) { return a; }));
  return success();
}

LogicalResult runTruncF(Executor &ex, Operation &operation) {
  auto op = cast<arith::TruncFOp>(operation);
  Rounding rounding = Rounding::NearestEven;
  if (auto mode = op.getRoundingmode()) {
    if (*mode == arith::RoundingMode::toward_zero)
      rounding = Rounding::TowardZero;
    else if (*mode != arith::RoundingMode::to_nearest_even)
      return ex.emitError(operation)
             << "arith.truncf rounding mode '"
             << arith::stringifyRoundingMode(*mode)
             << "' is not portable (docs/Semantics.md section 7)";
  }
  Type type = resultElementType(operation);
  const FloatFormat &format = *getFloatFormat(type);
  ex.set(op, mapUnary(*ex.get(op.getIn()), type, [&](Element a) {
           Element r;
           r.f = roundToFormat(a.f, format, rounding, Overflow::Ieee);
           return r;
         }));
  return success();
}

/// fptosi / fptoui: toward zero, saturating, NaN to 0.
LogicalResult floatToInt(Executor &ex, Operation &op, bool isSigned) {
  Type type = resultElementType(op);
  unsigned w = widthOf(type);
  // The range as f64: the bounds 2^k are exact.
  double lo = isSigned ? -std::ldexp(1.0, int(w) - 1) : 0.0;
  double hiExclusive = std::ldexp(1.0, isSigned ? int(w) - 1 : int(w));
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), type, [&](Element a) {
           Element r;
           double t = std::trunc(a.f);
           uint64_t bits;
           if (std::isnan(t))
             bits = 0;
           else if (t < lo)
             bits = uint64_t(int64_t(lo)); // 0 or INT_MIN
           else if (t >= hiExclusive)
             bits = isSigned ? (uint64_t(1) << (w - 1)) - 1 : ~uint64_t(0);
           else if (isSigned)
             bits = uint64_t(int64_t(t));
           else
             bits = t >= 9223372036854775808.0
                        ? uint64_t(int64_t(t - 9223372036854775808.0)) +
                              (uint64_t(1) << 63)
                        : uint64_t(int64_t(t));
           r.i = signExtend(bits, w);
           return r;
         }));
  return success();
}

LogicalResult runFPToSI(Executor &ex, Operation &op) {
  return floatToInt(ex, op, true);
}
LogicalResult runFPToUI(Executor &ex, Operation &op) {
  return floatToInt(ex, op, false);
}

/// sitofp / uitofp: one rounding to nearest even, overflow to infinity.
LogicalResult intToFloat(Executor &ex, Operation &op, bool isSigned) {
  Type type = resultElementType(op);
  const FloatFormat &format = *getFloatFormat(type);
  unsigned w = widthOf(elementTypeOf(op.getOperand(0).getType()));
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), type, [&](Element a) {
           bool negative = isSigned && a.i < 0;
           uint64_t magnitude =
               negative ? uint64_t(0) - uint64_t(a.i) : zeroExtend(a.i, w);
           Element r;
           r.f =
               decodeFloat(encodeInteger(magnitude, negative, format), format);
           return r;
         }));
  return success();
}

LogicalResult runSIToFP(Executor &ex, Operation &op) {
  return intToFloat(ex, op, true);
}
LogicalResult runUIToFP(Executor &ex, Operation &op) {
  return intToFloat(ex, op, false);
}

LogicalResult runBitcast(Executor &ex, Operation &op) {
  ElementInfo from =
      ElementInfo::get(elementTypeOf(op.getOperand(0).getType()));
  Type type = resultElementType(op);
  ElementInfo to = ElementInfo::get(type);
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), type, [&](Element a) {
           return elementFromBits(elementToBits(a, from), to);
         }));
  return success();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

Element elementOfAttr(Attribute attr, const ElementInfo &info) {
  Element e;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    e.i = signExtend(i.getValue().getZExtValue(), info.width);
  } else if (auto f = dyn_cast<FloatAttr>(attr)) {
    e.f =
        decodeFloat(f.getValue().bitcastToAPInt().getZExtValue(), *info.format);
  } else {
    e.u = 0;
  }
  return e;
}

LogicalResult runConstant(Executor &ex, Operation &operation) {
  auto op = cast<arith::ConstantOp>(operation);
  // Values are scalars or tiles (per lane, in the GPU simulator).
  if (isa<VectorType>(op.getType()))
    return ex.emitError(operation) << "a vector constant, which the "
                                      "interpreter does not evaluate";
  auto value = makeValue(op.getType());
  ElementInfo info = ElementInfo::get(value->elementType);
  Attribute attr = op.getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (dense.isSplat()) {
      Element e = elementOfAttr(dense.getSplatValue<Attribute>(), info);
      std::fill(value->elements.begin(), value->elements.end(), e);
    } else {
      size_t i = 0;
      for (Attribute element : dense.getValues<Attribute>())
        value->elements[i++] = elementOfAttr(element, info);
    }
  } else if (isa<IntegerAttr, FloatAttr>(attr)) {
    value->elements[0] = elementOfAttr(attr, info);
  } else {
    return ex.emitError(operation) << "unsupported constant " << attr;
  }
  ex.set(op, std::move(value));
  return success();
}

} // namespace

void mlir::tile::interp::registerArithHandlers(HandlerTable &t) {
  t[TypeID::get<arith::ConstantOp>()] = runConstant;
  t[TypeID::get<arith::AddIOp>()] = runAddI;
  t[TypeID::get<arith::SubIOp>()] = runSubI;
  t[TypeID::get<arith::MulIOp>()] = runMulI;
  t[TypeID::get<arith::DivSIOp>()] = runDivSI;
  t[TypeID::get<arith::DivUIOp>()] = runDivUI;
  t[TypeID::get<arith::CeilDivSIOp>()] = runCeilDivSI;
  t[TypeID::get<arith::CeilDivUIOp>()] = runCeilDivUI;
  t[TypeID::get<arith::FloorDivSIOp>()] = runFloorDivSI;
  t[TypeID::get<arith::RemSIOp>()] = runRemSI;
  t[TypeID::get<arith::RemUIOp>()] = runRemUI;
  t[TypeID::get<arith::AndIOp>()] = runAndI;
  t[TypeID::get<arith::OrIOp>()] = runOrI;
  t[TypeID::get<arith::XOrIOp>()] = runXOrI;
  t[TypeID::get<arith::ShLIOp>()] = runShLI;
  t[TypeID::get<arith::ShRUIOp>()] = runShRUI;
  t[TypeID::get<arith::ShRSIOp>()] = runShRSI;
  t[TypeID::get<arith::MaxSIOp>()] = runMaxSI;
  t[TypeID::get<arith::MinSIOp>()] = runMinSI;
  t[TypeID::get<arith::MaxUIOp>()] = runMaxUI;
  t[TypeID::get<arith::MinUIOp>()] = runMinUI;
  t[TypeID::get<arith::CmpIOp>()] = runCmpI;
  t[TypeID::get<arith::SelectOp>()] = runSelect;
  t[TypeID::get<arith::ExtSIOp>()] = runExtSI;
  t[TypeID::get<arith::ExtUIOp>()] = runExtUI;
  t[TypeID::get<arith::TruncIOp>()] = runTruncI;
  t[TypeID::get<arith::IndexCastOp>()] = runExtSI;
  t[TypeID::get<arith::IndexCastUIOp>()] = runIndexCastUI;
  t[TypeID::get<arith::MulSIExtendedOp>()] = runMulSIExtended;
  t[TypeID::get<arith::MulUIExtendedOp>()] = runMulUIExtended;
  t[TypeID::get<arith::AddUIExtendedOp>()] = runAddUIExtended;
  t[TypeID::get<arith::AddFOp>()] = runAddF;
  t[TypeID::get<arith::SubFOp>()] = runSubF;
  t[TypeID::get<arith::MulFOp>()] = runMulF;
  t[TypeID::get<arith::DivFOp>()] = runDivF;
  t[TypeID::get<arith::RemFOp>()] = runRemF;
  t[TypeID::get<arith::NegFOp>()] = runNegF;
  t[TypeID::get<arith::MaximumFOp>()] = runMaximumF;
  t[TypeID::get<arith::MinimumFOp>()] = runMinimumF;
  t[TypeID::get<arith::MaxNumFOp>()] = runMaxNumF;
  t[TypeID::get<arith::MinNumFOp>()] = runMinNumF;
  t[TypeID::get<arith::CmpFOp>()] = runCmpF;
  t[TypeID::get<arith::ExtFOp>()] = runExtF;
  t[TypeID::get<arith::TruncFOp>()] = runTruncF;
  t[TypeID::get<arith::FPToSIOp>()] = runFPToSI;
  t[TypeID::get<arith::FPToUIOp>()] = runFPToUI;
  t[TypeID::get<arith::SIToFPOp>()] = runSIToFP;
  t[TypeID::get<arith::UIToFPOp>()] = runUIToFP;
  t[TypeID::get<arith::BitcastOp>()] = runBitcast;
}
