//===- CPUMath.cpp - Math functions of the CPU target
//----------------------===//
//
// Every math op of a CPU kernel becomes vector code or a libm call, within
// the bounds of docs/Semantics.md section 6 (measured by test/E2E/math_ulp.py
// and the conformance suite):
//   * exp, exp2, log, log2, log1p, expm1, asin, acos, ... on f32: MLIR's
//     polynomial approximations, with their edges mended here (subnormal
//     inputs of log and log2, exp just below overflow);
//   * tanh and erf on f32: the approximations below (MLIR's exceed 3 ulp);
//   * rsqrt: 1 / sqrt in f32 (a correctly rounded sqrt, then a division);
//   * sin, cos and the functions LLVM has intrinsics for: those intrinsics,
//     that is libm;
//   * atan, atan2, cbrt, erfc, asinh, acosh, atanh, and log1p, expm1, erf on
//     f64: libm calls, one per element. MLIR's atan, atan2 and cbrt
//     approximations err by up to 39, 30 and 11 ulp and miss C's special
//     values (atan2(0, -0), cbrt(inf)); its f64 log1p and expm1 are
//     log(1 + x) and exp(x) - 1, thousands of ulp off near 0; the others
//     have no lowering at all.
// f16 and bf16 are computed in f32 and rounded once more, within their 1 ulp.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/cpu/CPUMath.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tile;

namespace {

//===----------------------------------------------------------------------===//
// tanh and erf
//===----------------------------------------------------------------------===//

// Coefficients from scripts/math-coefficients.py (near-minimax fits, rounded
// to f32; the script also checks the formulas below in simulated f32).
// tanh(x) = x + x^3 * P(x^2) for |x| < 0.625.
constexpr float kTanhP[] = {-0.333332807f, 0.133314416f, -0.0537397079f,
                            0.0206390657f, -0.00570496218f};
// erf(x) = x + x * R(x^2) for |x| < 1.
constexpr float kErfR[] = {0.128379166f,   -0.37612626f,   0.112835854f,
                           -0.026853811f,  0.00518832682f, -0.000801018439f,
                           7.85382872e-05f};
// erf(a) = 1 - exp(-a^2) * Q(a - 2.5) for 1 <= a < 3.92, Q approximating
// erfc(a) * exp(a^2).
constexpr float kErfQ[] = {0.210807651f,    -0.0743423253f,  0.0249122754f,
                           -0.00813760702f, 0.00230172044f,  -0.000650548434f,
                           0.00055733067f,  0.000232267426f, 0.000108197513f};

/// Builds f32 arithmetic on values of one type: f32 or a vector of f32.
class F32Builder {
public:
  F32Builder(ImplicitLocOpBuilder &b, Type type) : b(b), type(type) {}

  Value constant(float value) {
    TypedAttr attr = b.getF32FloatAttr(value);
    if (auto vector = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(b, type, attr);
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, x); }
  Value exp(Value x) { return math::ExpOp::create(b, x); }
  Value copySign(Value x, Value sign) {
    return math::CopySignOp::create(b, x, sign);
  }
  /// min(x, y), NaN if either is NaN.
  Value min(Value x, Value y) { return arith::MinimumFOp::create(b, x, y); }
  Value less(Value x, float y) {
    return arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, x, constant(y));
  }
  /// x if it is NaN, else y.
  Value nanOr(Value x, Value y) {
    Value isNaN = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, x, x);
    return arith::SelectOp::create(b, isNaN, x, y);
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, condition, x, y);
  }
  /// c[0] + c[1] t + c[2] t^2 + ..., by Horner's rule.
  Value polynomial(Value t, ArrayRef<float> c) {
    Value r = constant(c.back());
    for (float coefficient : llvm::reverse(c.drop_back()))
      r = add(mul(r, t), constant(coefficient));
    return r;
  }

private:
  ImplicitLocOpBuilder &b;
  Type type;
};

/// math.tanh on f32, within 3 ulp (docs/Semantics.md), as vector code:
///   |x| < 0.625  x + x^3 P(x^2)
///   otherwise    sign(x) (1 - 2 / (exp(2 min(|x|, 10)) + 1))
/// (tanh rounds to +-1 from |x| = 9.02 on); NaN stays NaN.
struct TanhApproximation : OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return rewriter.notifyMatchFailure(
          op, "not f32 (f16 and bf16 are extended to f32 first, f64 stays "
              "a libm call)");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    F32Builder f(b, op.getType());
    Value x = op.getOperand();
    Value a = f.abs(x);
    Value s = f.mul(x, x);
    // The sign restored keeps tanh(-0) = -0 (x + x^3 P gives +0 there).
    Value small =
        f.copySign(f.add(x, f.mul(f.mul(x, s), f.polynomial(s, kTanhP))), x);
    Value e = f.exp(f.mul(f.constant(2), f.min(a, f.constant(10))));
    Value large = f.copySign(
        f.sub(f.constant(1), f.div(f.constant(2), f.add(e, f.constant(1)))), x);
    rewriter.replaceOp(op,
                       f.nanOr(x, f.select(f.less(a, 0.625f), small, large)));
    return success();
  }
};

/// math.erf on f32, within 3 ulp (docs/Semantics.md), as vector code:
///   |x| < 1      x + x R(x^2)
///   |x| < 3.92   sign(x) (1 - exp(-x^2) Q(|x| - 2.5))
///   otherwise    sign(x) (erf rounds to +-1)
/// NaN stays NaN.
struct ErfApproximation : OpRewritePattern<math::ErfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ErfOp op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return rewriter.notifyMatchFailure(
          op, "not f32 (f16 and bf16 are extended to f32 first, f64 stays "
              "a libm call)");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    F32Builder f(b, op.getType());
    Value x = op.getOperand();
    Value a = f.abs(x);
    Value small = f.add(x, f.mul(x, f.polynomial(f.mul(x, x), kErfR)));
    Value clamped = f.min(a, f.constant(3.92f));
    Value e = f.exp(f.neg(f.mul(clamped, clamped)));
    Value tail =
        f.mul(e, f.polynomial(f.sub(clamped, f.constant(2.5f)), kErfQ));
    Value large = f.copySign(f.sub(f.constant(1), tail), x);
    Value one = f.copySign(f.constant(1), x);
    Value r =
        f.select(f.less(a, 1), small, f.select(f.less(a, 3.92f), large, one));
    rewriter.replaceOp(op, f.nanOr(x, r));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Edges of the approximations
//===----------------------------------------------------------------------===//

Type withElement(Type type, Type element) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(element);
  return element;
}

bool isNarrowFloat(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<FloatType>(element) && element.getIntOrFloatBitWidth() < 32;
}

/// Runs `rewrite` once on each op of type OpTy that exists now, so the ops it
/// creates are not rewritten again.
template <typename OpTy>
void rewriteEach(Operation *root, function_ref<void(OpTy)> rewrite) {
  SmallVector<OpTy> ops;
  root->walk([&](OpTy op) { ops.push_back(op); });
  for (OpTy op : ops)
    rewrite(op);
}

/// A unary f16 or bf16 op as the same op on f32 between extf and truncf.
template <typename OpTy> void computeInF32(OpTy op) {
  if (!isNarrowFloat(op.getType()))
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type f32 = withElement(op.getType(), b.getF32Type());
  Value wide = arith::ExtFOp::create(b, loc, f32, op.getOperand());
  Value result = OpTy::create(b, loc, wide);
  Value narrow = arith::TruncFOp::create(b, loc, op.getType(), result);
  op.replaceAllUsesWith(narrow);
  op.erase();
}

/// rsqrt as 1 / sqrt: its polynomial form needs the x86vector dialect. In
/// f32 for f16 and bf16, which would otherwise round twice (1.33 ulp).
void lowerRsqrt(math::RsqrtOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type type = op.getType();
  Type computeType =
      isNarrowFloat(type) ? withElement(type, b.getF32Type()) : type;
  Value x = op.getOperand();
  if (computeType != type)
    x = arith::ExtFOp::create(b, loc, computeType, x);
  Value sqrt = math::SqrtOp::create(b, loc, x);
  Value one = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getOneAttr(computeType)));
  Value result = arith::DivFOp::create(b, loc, one, sqrt);
  if (computeType != type)
    result = arith::TruncFOp::create(b, loc, type, result);
  op.replaceAllUsesWith(result);
  op.erase();
}

/// MLIR's log and log2 approximations take a subnormal input for the
/// smallest normal (log(2^-149) gave log(2^-126), 2 * 10^6 ulp off): such
/// inputs are scaled by 2^24 first and the logarithm of 2^24 taken off.
template <typename LogOp> void scaleSubnormalInput(LogOp op, double log2To24) {
  if (!getElementTypeOrSelf(op.getType()).isF32())
    return;
  OpBuilder builder(op);
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  F32Builder f(b, op.getType());
  Value x = op.getOperand();
  // Also true for zeros and negative inputs, which keep their -inf and NaN.
  Value tiny = f.less(x, 0x1p-126f);
  Value scaled = f.select(tiny, f.mul(x, f.constant(0x1p24f)), x);
  Value log = LogOp::create(b, scaled);
  op.replaceAllUsesWith(
      f.select(tiny, f.sub(log, f.constant(float(log2To24))), log));
  op.erase();
}

/// MLIR's exp approximation errs by up to 5.5 ulp for x in [88.64, 88.72],
/// just below overflow. There exp(x) = exp(x - 8) * e^8: x - 8 is exact (the
/// same binade), and e^8 is the sum of two floats, multiplied in by one fma.
void shiftExpNearOverflow(math::ExpOp op) {
  if (!getElementTypeOrSelf(op.getType()).isF32())
    return;
  OpBuilder builder(op);
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  F32Builder f(b, op.getType());
  Value x = op.getOperand();
  Value large =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, x, f.constant(88));
  Value shifted = f.select(large, f.sub(x, f.constant(8)), x);
  Value e = math::ExpOp::create(b, shifted);
  // high rounded down, so that low > 0 and an infinite e stays +inf.
  double e8 = std::exp(8.0);
  float high = float(e8);
  if (double(high) > e8)
    high = std::nextafter(high, 0.0f);
  float low = float(e8 - double(high));
  Value scaled =
      math::FmaOp::create(b, e, f.constant(high), f.mul(e, f.constant(low)));
  op.replaceAllUsesWith(f.select(large, scaled, e));
  op.erase();
}

/// The functions computed by libm (see the file comment).
bool needsLibm(Operation *op) {
  if (op->getNumResults() != 1 || !isa<math::MathDialect>(op->getDialect()))
    return false;
  if (isa<math::AtanOp, math::Atan2Op, math::CbrtOp, math::ErfcOp,
          math::AsinhOp, math::AcoshOp, math::AtanhOp>(op))
    return true;
  return isa<math::Log1pOp, math::ExpM1Op, math::ErfOp>(op) &&
         getElementTypeOrSelf(op->getResult(0).getType()).isF64();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct CPUMathPass : PassWrapper<CPUMathPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CPUMathPass)
  StringRef getArgument() const final { return "tile-cpu-math"; }
  StringRef getDescription() const final {
    return "Lowers math functions to vector approximations within "
           "docs/Semantics.md's bounds, or to libm calls";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect, math::MathDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // libm first: scalar calls (vectors unrolled, f16 and bf16 promoted).
    ConversionTarget libmTarget(getContext());
    libmTarget.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !needsLibm(op); });
    RewritePatternSet libm(&getContext());
    populateMathToLibmConversionPatterns(libm);
    if (failed(applyPartialConversion(module, libmTarget, std::move(libm))))
      return signalPassFailure();

    rewriteEach<math::RsqrtOp>(module, lowerRsqrt);
    rewriteEach<math::LogOp>(module, computeInF32<math::LogOp>);
    rewriteEach<math::Log2Op>(module, computeInF32<math::Log2Op>);
    rewriteEach<math::LogOp>(
        module, [](math::LogOp op) { scaleSubnormalInput(op, 24 * M_LN2); });
    rewriteEach<math::Log2Op>(
        module, [](math::Log2Op op) { scaleSubnormalInput(op, 24); });
    rewriteEach<math::ExpOp>(module, shiftExpNearOverflow);

    RewritePatternSet patterns(&getContext());
    // MLIR's sin and cos approximations reduce arguments only near zero
    // (errors of 10^8 ulp at |x| = 5e4, test/E2E/math_ulp.py): the sin and
    // cos family stays llvm.sin/llvm.cos, that is libm, correct but per
    // element.
    auto approximated = [](StringRef name) {
      return !name.contains("sin") && !name.contains("cos");
    };
    // MLIR's tanh and erf exceed their 3 ulp (4.4 and 4.3 ulp): ours replace
    // them, on f32 after the same extension of f16 and bf16.
    auto polynomial = [&](StringRef name) {
      return approximated(name) && name != math::TanhOp::getOperationName() &&
             name != math::ErfOp::getOperationName();
    };
    populateMathF32ExpansionPatterns(patterns, approximated);
    populateMathPolynomialApproximationPatterns(patterns, polynomial);
    patterns.add<TanhApproximation, ErfApproximation>(&getContext());
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::tile::createCPUMathPass() {
  return std::make_unique<CPUMathPass>();
}

void mlir::tile::registerCPUMathPass() { PassRegistration<CPUMathPass>(); }
