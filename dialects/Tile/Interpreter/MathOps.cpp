//===- MathOps.cpp - math on tiles and scalars ----------------------------===//
//
// Functions are evaluated with the host's f64 libm on the exact operand and
// rounded once to the element type (through f32 for narrower types, as
// docs/Semantics.md section 8 defines them): for f32 and narrower that is
// within a hair of correct rounding, the centre of section 6's bounds. The
// exact ops (abs, copysign, rounding to integers, fma, bit counts) are exact
// here too.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tile::interp;

namespace {

Type resultElementType(Operation &op) {
  return elementTypeOf(op.getResult(0).getType());
}

template <typename Fn>
LogicalResult floatUnary(Executor &ex, Operation &op, Fn fn) {
  Type type = resultElementType(op);
  const FloatFormat &format = *getFloatFormat(type);
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), type, [&](Element a) {
           Element r;
           r.f = roundResult(fn(a.f), format);
           return r;
         }));
  return success();
}

#define FLOAT_UNARY(NAME, EXPR)                                                \
  LogicalResult NAME(Executor &ex, Operation &op) {                            \
    return floatUnary(ex, op, [](double x) { return EXPR; });                  \
  }

FLOAT_UNARY(runCeil, std::ceil(x))
FLOAT_UNARY(runFloor, std::floor(x))
FLOAT_UNARY(runTrunc, std::trunc(x))
FLOAT_UNARY(runRound, std::round(x)) // ties away from zero
FLOAT_UNARY(runRoundEven, std::nearbyint(x))
FLOAT_UNARY(runSqrt, std::sqrt(x))
FLOAT_UNARY(runRsqrt, 1.0 / std::sqrt(x))
FLOAT_UNARY(runExp, std::exp(x))
FLOAT_UNARY(runExp2, std::exp2(x))
FLOAT_UNARY(runExpM1, std::expm1(x))
FLOAT_UNARY(runLog, std::log(x))
FLOAT_UNARY(runLog2, std::log2(x))
FLOAT_UNARY(runLog10, std::log10(x))
FLOAT_UNARY(runLog1p, std::log1p(x))
FLOAT_UNARY(runSin, std::sin(x))
FLOAT_UNARY(runCos, std::cos(x))
FLOAT_UNARY(runTan, std::tan(x))
FLOAT_UNARY(runTanh, std::tanh(x))
FLOAT_UNARY(runSinh, std::sinh(x))
FLOAT_UNARY(runCosh, std::cosh(x))
FLOAT_UNARY(runAsin, std::asin(x))
FLOAT_UNARY(runAcos, std::acos(x))
FLOAT_UNARY(runAtan, std::atan(x))
FLOAT_UNARY(runAsinh, std::asinh(x))
FLOAT_UNARY(runAcosh, std::acosh(x))
FLOAT_UNARY(runAtanh, std::atanh(x))
FLOAT_UNARY(runErf, std::erf(x))
FLOAT_UNARY(runErfc, std::erfc(x))
FLOAT_UNARY(runCbrt, std::cbrt(x))
#undef FLOAT_UNARY

LogicalResult runAbsF(Executor &ex, Operation &op) {
  // Clears the sign bit only, NaNs included.
  ex.set(op.getResult(0), mapUnary(*ex.get(op.getOperand(0)),
                                   resultElementType(op), [](Element a) {
                                     Element r;
                                     r.u = a.u & ~(uint64_t(1) << 63);
                                     return r;
                                   }));
  return success();
}

LogicalResult runCopySign(Executor &ex, Operation &op) {
  ex.set(op.getResult(0),
         mapBinary(*ex.get(op.getOperand(0)), *ex.get(op.getOperand(1)),
                   resultElementType(op), [](Element a, Element b) {
                     Element r;
                     uint64_t sign = uint64_t(1) << 63;
                     r.u = (a.u & ~sign) | (b.u & sign);
                     return r;
                   }));
  return success();
}

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

LogicalResult runAtan2(Executor &ex, Operation &op) {
  return floatBinary(ex, op,
                     [](double y, double x) { return std::atan2(y, x); });
}

LogicalResult runPowF(Executor &ex, Operation &op) {
  return floatBinary(ex, op, [](double x, double y) { return std::pow(x, y); });
}

LogicalResult runFPowI(Executor &ex, Operation &op) {
  Type type = resultElementType(op);
  const FloatFormat &format = *getFloatFormat(type);
  ex.set(op.getResult(0),
         mapBinary(*ex.get(op.getOperand(0)), *ex.get(op.getOperand(1)), type,
                   [&](Element a, Element n) {
                     Element r;
                     r.f = roundResult(std::pow(a.f, double(n.i)), format);
                     return r;
                   }));
  return success();
}

LogicalResult runFma(Executor &ex, Operation &op) {
  Type type = resultElementType(op);
  const FloatFormat &format = *getFloatFormat(type);
  bool isF64 = format.bits() == 64;
  ex.set(op.getResult(0),
         mapTernary(*ex.get(op.getOperand(0)), *ex.get(op.getOperand(1)),
                    *ex.get(op.getOperand(2)), type,
                    [&](Element a, Element b, Element c) {
                      Element r;
                      // Narrower types: round(round_f32(a*b + c)), section 8.
                      r.f = isF64 ? std::fma(a.f, b.f, c.f)
                                  : roundResult(fmaF32(a.f, b.f, c.f), format);
                      return r;
                    }));
  return success();
}

//===----------------------------------------------------------------------===//
// Integer math and float classification
//===----------------------------------------------------------------------===//

template <typename Fn>
LogicalResult intUnary(Executor &ex, Operation &op, Fn fn) {
  Type type = resultElementType(op);
  unsigned w = ElementInfo::get(type).width;
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), type, [&](Element a) {
           Element r;
           r.i = signExtend(fn(zeroExtend(a.i, w), w), w);
           return r;
         }));
  return success();
}

LogicalResult runAbsI(Executor &ex, Operation &op) {
  return intUnary(ex, op, [](uint64_t a, unsigned w) {
    return signExtend(a, w) < 0 ? uint64_t(0) - a : a; // INT_MIN stays
  });
}

LogicalResult runCtlz(Executor &ex, Operation &op) {
  return intUnary(ex, op, [](uint64_t a, unsigned w) -> uint64_t {
    return a == 0 ? w : uint64_t(__builtin_clzll(a) - (64 - int(w)));
  });
}

LogicalResult runCttz(Executor &ex, Operation &op) {
  return intUnary(ex, op, [](uint64_t a, unsigned w) -> uint64_t {
    return a == 0 ? w : uint64_t(__builtin_ctzll(a));
  });
}

LogicalResult runCtPop(Executor &ex, Operation &op) {
  return intUnary(ex, op, [](uint64_t a, unsigned) -> uint64_t {
    return uint64_t(__builtin_popcountll(a));
  });
}

LogicalResult runIPowI(Executor &ex, Operation &op) {
  Type type = resultElementType(op);
  unsigned w = ElementInfo::get(type).width;
  ex.set(op.getResult(0),
         mapBinary(*ex.get(op.getOperand(0)), *ex.get(op.getOperand(1)), type,
                   [&](Element base, Element exponent) {
                     Element r;
                     int64_t e = exponent.i;
                     uint64_t result;
                     if (e < 0) {
                       // b^-n = 1 / b^n in integers: 1 and -1 have
                       // reciprocals, 0 divides by zero (all ones, as in
                       // section 4), every other base gives 0.
                       int64_t b = base.i;
                       result = b == 1    ? 1
                                : b == -1 ? ((-e) % 2 ? ~uint64_t(0) : 1)
                                : b == 0  ? ~uint64_t(0)
                                          : 0;
                     } else {
                       result = 1;
                       uint64_t b = uint64_t(base.i);
                       for (uint64_t k = uint64_t(e); k; k >>= 1) {
                         if (k & 1)
                           result *= b;
                         b *= b;
                       }
                     }
                     r.i = signExtend(result, w);
                     return r;
                   }));
  return success();
}

template <typename Fn>
LogicalResult classify(Executor &ex, Operation &op, Fn fn) {
  const FloatFormat &format =
      *getFloatFormat(elementTypeOf(op.getOperand(0).getType()));
  ex.set(op.getResult(0), mapUnary(*ex.get(op.getOperand(0)),
                                   resultElementType(op), [&](Element a) {
                                     Element r;
                                     r.i = fn(a.f, format) ? -1 : 0;
                                     return r;
                                   }));
  return success();
}

LogicalResult runIsNaN(Executor &ex, Operation &op) {
  return classify(ex, op,
                  [](double x, const FloatFormat &) { return std::isnan(x); });
}
LogicalResult runIsInf(Executor &ex, Operation &op) {
  return classify(ex, op,
                  [](double x, const FloatFormat &) { return std::isinf(x); });
}
LogicalResult runIsFinite(Executor &ex, Operation &op) {
  return classify(
      ex, op, [](double x, const FloatFormat &) { return std::isfinite(x); });
}
LogicalResult runIsNormal(Executor &ex, Operation &op) {
  return classify(ex, op, [](double x, const FloatFormat &f) {
    return std::isfinite(x) && std::fabs(x) >= std::ldexp(1.0, f.minExponent());
  });
}

} // namespace

void mlir::tile::interp::registerMathHandlers(HandlerTable &t) {
  t[TypeID::get<math::AbsFOp>()] = runAbsF;
  t[TypeID::get<math::CopySignOp>()] = runCopySign;
  t[TypeID::get<math::CeilOp>()] = runCeil;
  t[TypeID::get<math::FloorOp>()] = runFloor;
  t[TypeID::get<math::TruncOp>()] = runTrunc;
  t[TypeID::get<math::RoundOp>()] = runRound;
  t[TypeID::get<math::RoundEvenOp>()] = runRoundEven;
  t[TypeID::get<math::SqrtOp>()] = runSqrt;
  t[TypeID::get<math::RsqrtOp>()] = runRsqrt;
  t[TypeID::get<math::ExpOp>()] = runExp;
  t[TypeID::get<math::Exp2Op>()] = runExp2;
  t[TypeID::get<math::ExpM1Op>()] = runExpM1;
  t[TypeID::get<math::LogOp>()] = runLog;
  t[TypeID::get<math::Log2Op>()] = runLog2;
  t[TypeID::get<math::Log10Op>()] = runLog10;
  t[TypeID::get<math::Log1pOp>()] = runLog1p;
  t[TypeID::get<math::SinOp>()] = runSin;
  t[TypeID::get<math::CosOp>()] = runCos;
  t[TypeID::get<math::TanOp>()] = runTan;
  t[TypeID::get<math::TanhOp>()] = runTanh;
  t[TypeID::get<math::SinhOp>()] = runSinh;
  t[TypeID::get<math::CoshOp>()] = runCosh;
  t[TypeID::get<math::AsinOp>()] = runAsin;
  t[TypeID::get<math::AcosOp>()] = runAcos;
  t[TypeID::get<math::AtanOp>()] = runAtan;
  t[TypeID::get<math::AsinhOp>()] = runAsinh;
  t[TypeID::get<math::AcoshOp>()] = runAcosh;
  t[TypeID::get<math::AtanhOp>()] = runAtanh;
  t[TypeID::get<math::ErfOp>()] = runErf;
  t[TypeID::get<math::ErfcOp>()] = runErfc;
  t[TypeID::get<math::CbrtOp>()] = runCbrt;
  t[TypeID::get<math::Atan2Op>()] = runAtan2;
  t[TypeID::get<math::PowFOp>()] = runPowF;
  t[TypeID::get<math::FPowIOp>()] = runFPowI;
  t[TypeID::get<math::FmaOp>()] = runFma;
  t[TypeID::get<math::AbsIOp>()] = runAbsI;
  t[TypeID::get<math::CountLeadingZerosOp>()] = runCtlz;
  t[TypeID::get<math::CountTrailingZerosOp>()] = runCttz;
  t[TypeID::get<math::CtPopOp>()] = runCtPop;
  t[TypeID::get<math::IPowIOp>()] = runIPowI;
  t[TypeID::get<math::IsNaNOp>()] = runIsNaN;
  t[TypeID::get<math::IsInfOp>()] = runIsInf;
  t[TypeID::get<math::IsFiniteOp>()] = runIsFinite;
  t[TypeID::get<math::IsNormalOp>()] = runIsNormal;
}
