//===- LegalizeBF16.cpp - bf16 arithmetic for the CPU ---------------------===//
//
// bf16 values stay bf16 in memory and registers, but every op on them is
// computed in f32 and rounded to bf16 by integer code (docs/Semantics.md
// section 8), the same on every x86 or AArch64 CPU whatever its bf16
// instructions.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Common/ElementLowering.h"
#include "tile/Conversion/TileToVector/TileToVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_LEGALIZECPUBF16
#include "tile/Conversion/TileToVector/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

bool isBF16(Type type) { return getElementTypeOrSelf(type).isBF16(); }

/// `value` (bf16 elements) as the integers of its bits.
Value bitsOf(OpBuilder &b, Location loc, Value value) {
  return arith::BitcastOp::create(
      b, loc, withElementType(value.getType(), b.getI16Type()), value);
}

/// An arith or math op on bf16, computed in f32 and rounded back; negf,
/// absf and copysign on the sign bit (they keep NaN payloads).
struct ComputeInF32 : RewritePattern {
  ComputeInF32(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
            op->getDialect()) ||
        isa<arith::ExtFOp, arith::TruncFOp, arith::BitcastOp, arith::SelectOp,
            arith::ConstantOp>(op) ||
        (!llvm::any_of(op->getOperandTypes(), isBF16) &&
         !llvm::any_of(op->getResultTypes(), isBF16)))
      return rewriter.notifyMatchFailure(op, "not an op computing on bf16");
    Location loc = op->getLoc();
    Type i16 = rewriter.getI16Type(), f32 = rewriter.getF32Type();
    auto splat16 = [&](Type like, int v) {
      return constantLike(rewriter, loc, withElementType(like, i16),
                          rewriter.getI16IntegerAttr(v));
    };
    if (isa<arith::NegFOp, math::AbsFOp, math::CopySignOp>(op)) {
      Value x = bitsOf(rewriter, loc, op->getOperand(0));
      Type type = x.getType();
      Value result;
      if (isa<arith::NegFOp>(op)) {
        result = arith::XOrIOp::create(rewriter, loc, x,
                                       splat16(type, int16_t(0x8000)));
      } else {
        result = arith::AndIOp::create(rewriter, loc, x, splat16(type, 0x7FFF));
        if (isa<math::CopySignOp>(op)) {
          Value sign = arith::AndIOp::create(
              rewriter, loc, bitsOf(rewriter, loc, op->getOperand(1)),
              splat16(type, int16_t(0x8000)));
          result = arith::OrIOp::create(rewriter, loc, result, sign);
        }
      }
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op->getResultTypes(),
                                                    result);
      return success();
    }
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      Type type = operand.getType();
      if (isBF16(type))
        operand = arith::ExtFOp::create(rewriter, loc,
                                        withElementType(type, f32), operand);
      else if (isa<arith::SIToFPOp, arith::UIToFPOp>(op) &&
               getElementTypeOrSelf(type).getIntOrFloatBitWidth() <= 32)
        // Exactly in f64, then rounded once (f32 could round twice).
        operand =
            isa<arith::SIToFPOp>(op)
                ? Value(arith::SIToFPOp::create(
                      rewriter, loc,
                      withElementType(type, rewriter.getF64Type()), operand))
                : Value(arith::UIToFPOp::create(
                      rewriter, loc,
                      withElementType(type, rewriter.getF64Type()), operand));
      operands.push_back(operand);
    }
    SmallVector<Type> types;
    for (Type type : op->getResultTypes())
      types.push_back(isBF16(type) ? withElementType(type, f32) : type);
    SmallVector<Value> results;
    if (isa<arith::SIToFPOp, arith::UIToFPOp>(op) &&
        isa<FloatType>(getElementTypeOrSelf(operands[0].getType()))) {
      results.push_back(operands[0]); // already converted, to f64
    } else {
      OperationState state(loc, op->getName(), operands, types, op->getAttrs());
      Operation *wide = rewriter.create(state);
      results.append(wide->result_begin(), wide->result_end());
    }
    for (auto [result, type] : llvm::zip(results, op->getResultTypes()))
      if (isBF16(type))
        result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// arith.truncf to bf16 with integer rounding: from f64 through f32 rounded
/// to odd (or toward zero), so that it rounds once.
struct TruncFToBF16 : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    if (!isBF16(op.getType()))
      return rewriter.notifyMatchFailure(op, "not a truncation to bf16");
    Location loc = op.getLoc();
    bool towardZero = op.getRoundingmode() == arith::RoundingMode::toward_zero;
    Value x = op.getIn();
    if (getElementTypeOrSelf(x.getType()).isF64()) {
      Type f32 = withElementType(x.getType(), rewriter.getF32Type());
      x = towardZero ? truncFTowardZero(rewriter, loc, x, f32)
                     : roundToOddF32(rewriter, loc, x);
    }
    rewriter.replaceOp(op, truncF32ToBF16(rewriter, loc, x, towardZero));
    return success();
  }
};

/// arith.extf from bf16: the bits are the top half of the f32's.
struct ExtFFromBF16 : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getIn();
    if (!isBF16(x.getType()))
      return rewriter.notifyMatchFailure(op, "not an extension from bf16");
    Location loc = op.getLoc();
    Type type = x.getType();
    Type i32 = withElementType(type, rewriter.getI32Type());
    Value wide =
        arith::ExtUIOp::create(rewriter, loc, i32, bitsOf(rewriter, loc, x));
    Value shifted = arith::ShLIOp::create(
        rewriter, loc, wide,
        constantLike(rewriter, loc, i32, rewriter.getI32IntegerAttr(16)));
    Value result = arith::BitcastOp::create(
        rewriter, loc, withElementType(type, rewriter.getF32Type()), shifted);
    if (!getElementTypeOrSelf(op.getType()).isF32())
      result = arith::ExtFOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// What is left of bf16 after the patterns only moves bits (loads, stores,
/// shuffles, selects, loop values): it becomes i16, so that LLVM never holds
/// a bf16 scalar in an f32 register, which x86 converts back with the
/// flushing vcvtneps2bf16 (or __truncsfbf2).
void eraseBF16(ModuleOp module) {
  Type i16 = IntegerType::get(module.getContext(), 16);
  module.walk([&](arith::ConstantOp op) {
    if (!isBF16(op.getType()))
      return;
    if (auto dense = dyn_cast<DenseElementsAttr>(op.getValue()))
      op.setValueAttr(dense.bitcast(i16));
    else if (auto value = dyn_cast<FloatAttr>(op.getValue()))
      op.setValueAttr(IntegerAttr::get(i16, value.getValue().bitcastToAPInt()));
  });
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](BFloat16Type) -> Type { return i16; });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  module.walk([](arith::BitcastOp op) { // now i16 to i16
    if (op.getIn().getType() == op.getType()) {
      op.replaceAllUsesWith(op.getIn());
      op.erase();
    }
  });
}

struct LegalizeCPUBF16Pass
    : mlir::tile::impl::LegalizeCPUBF16Base<LegalizeCPUBF16Pass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ComputeInF32, TruncFToBF16, ExtFFromBF16>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    eraseBF16(getOperation());
  }
};

} // namespace
