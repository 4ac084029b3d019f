//===- TTIRToTile.cpp - tt ops to tile ops
//---------------------------------===//
//
// After Structure.cpp has inlined helpers and lifted early returns, the
// kernel is rewritten in place: every `!tt.ptr` and `!tt.tensordesc` in the
// module becomes its tile twin (the two dialects' pointer and descriptor
// types mean the same), so that arith, math and scf ops need no change; then
// each tt op is replaced by its tile twin or a decomposition. Ops and types
// with no tile meaning are refused first, before anything changes, each
// with a located error (docs/TTIR.md section 3 lists every op).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTTIRTOTILE
#include "tile/Conversion/TTIRToTile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// What has no tile meaning
//===----------------------------------------------------------------------===//

static bool isTileFloat(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type>(type);
}

/// Why `type` cannot be imported, or empty.
static std::string unsupportedType(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<FloatType>(element) && !isTileFloat(element)) {
    std::string why;
    llvm::raw_string_ostream(why)
        << "the float type " << element
        << " has no tile twin (tile's f8 types are f8E4M3FN and f8E5M2, "
           "docs/TTIR.md section 5)";
    return why;
  }
  return {};
}

/// Why `op` cannot be imported, or empty.
static std::string unsupportedOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::string>(op)
      .Case([](ttir::ElementwiseInlineAsmOp) {
        return "tt.elementwise_inline_asm: target assembly has no tile "
               "meaning";
      })
      .Default([](Operation *op) -> std::string {
        StringRef dialect = op->getName().getDialectNamespace();
        if (dialect == "tt" || dialect == "arith" || dialect == "math" ||
            dialect == "scf" || dialect == "cf" || dialect == "ub" ||
            isa<ModuleOp, gpu::BarrierOp, LLVM::AssumeOp>(op))
          return {};
        return (llvm::Twine("'") + op->getName().getStringRef() +
                "' is not an op of Triton 3.6's TTIR")
            .str();
      });
}

static LogicalResult refuseUnsupported(ModuleOp module) {
  WalkResult walk = module.walk([&](Operation *op) {
    std::string why = unsupportedOp(op);
    for (Type type : op->getResultTypes())
      if (why.empty())
        why = unsupportedType(type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (why.empty())
            why = unsupportedType(arg.getType());
    if (why.empty())
      return WalkResult::advance();
    op->emitError(why);
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static void replaceTypes(ModuleOp module) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](ttir::PointerType type) -> Type {
    return tile::PointerType::get(type.getPointeeType(),
                                  type.getAddressSpace());
  });
  replacer.addReplacement([](ttir::TensorDescType type) -> Type {
    return tile::TensorDescType::get(type.getContext(), type.getBlockType());
  });
  // Descriptor blocks may record a signedness (`si32`); tile's integers are
  // signless, as TTIR's arith is.
  replacer.addReplacement([](IntegerType type) -> std::optional<Type> {
    if (type.isSignless())
      return std::nullopt;
    return IntegerType::get(type.getContext(), type.getWidth());
  });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

static tile::ProgramAxis convertAxis(ttir::ProgramDim dim) {
  switch (dim) {
  case ttir::ProgramDim::X:
    return tile::ProgramAxis::x;
  case ttir::ProgramDim::Y:
    return tile::ProgramAxis::y;
  case ttir::ProgramDim::Z:
    return tile::ProgramAxis::z;
  }
  llvm_unreachable("unknown axis");
}

static tile::CacheModifierAttr convertCache(MLIRContext *ctx,
                                            ttir::CacheModifier cache) {
  std::optional<tile::CacheModifier> mapped;
  switch (cache) {
  case ttir::CacheModifier::NONE:
    break;
  case ttir::CacheModifier::CA:
    mapped = tile::CacheModifier::ca;
    break;
  case ttir::CacheModifier::CG:
    mapped = tile::CacheModifier::cg;
    break;
  case ttir::CacheModifier::WB:
    mapped = tile::CacheModifier::wb;
    break;
  case ttir::CacheModifier::CS:
    mapped = tile::CacheModifier::cs;
    break;
  case ttir::CacheModifier::WT:
    mapped = tile::CacheModifier::wt;
    break;
  case ttir::CacheModifier::CV:
    mapped = tile::CacheModifier::cv;
    break;
  }
  return mapped ? tile::CacheModifierAttr::get(ctx, *mapped) : nullptr;
}

static tile::EvictionPolicyAttr convertEvict(MLIRContext *ctx,
                                             ttir::EvictionPolicy evict) {
  switch (evict) {
  case ttir::EvictionPolicy::NORMAL:
    return nullptr;
  case ttir::EvictionPolicy::EVICT_FIRST:
    return tile::EvictionPolicyAttr::get(ctx,
                                         tile::EvictionPolicy::evict_first);
  case ttir::EvictionPolicy::EVICT_LAST:
    return tile::EvictionPolicyAttr::get(ctx, tile::EvictionPolicy::evict_last);
  }
  llvm_unreachable("unknown eviction policy");
}

static tile::MemoryOrder convertOrder(ttir::MemSemantic sem) {
  switch (sem) {
  case ttir::MemSemantic::RELAXED:
    return tile::MemoryOrder::relaxed;
  case ttir::MemSemantic::ACQUIRE:
    return tile::MemoryOrder::acquire;
  case ttir::MemSemantic::RELEASE:
    return tile::MemoryOrder::release;
  case ttir::MemSemantic::ACQUIRE_RELEASE:
    return tile::MemoryOrder::acq_rel;
  }
  llvm_unreachable("unknown memory order");
}

static tile::MemoryScope convertScope(ttir::MemSyncScope scope) {
  switch (scope) {
  case ttir::MemSyncScope::GPU:
    return tile::MemoryScope::gpu;
  case ttir::MemSyncScope::CTA:
    return tile::MemoryScope::cta;
  case ttir::MemSyncScope::SYSTEM:
    return tile::MemoryScope::sys;
  }
  llvm_unreachable("unknown memory scope");
}

static tile::AtomicRMWKind convertRMW(ttir::RMWOp kind) {
  switch (kind) {
  case ttir::RMWOp::AND:
    return tile::AtomicRMWKind::and_;
  case ttir::RMWOp::OR:
    return tile::AtomicRMWKind::or_;
  case ttir::RMWOp::XOR:
    return tile::AtomicRMWKind::xor_;
  case ttir::RMWOp::ADD:
    return tile::AtomicRMWKind::add;
  case ttir::RMWOp::FADD:
    return tile::AtomicRMWKind::fadd;
  case ttir::RMWOp::MAX:
    return tile::AtomicRMWKind::max;
  case ttir::RMWOp::MIN:
    return tile::AtomicRMWKind::min;
  case ttir::RMWOp::UMAX:
    return tile::AtomicRMWKind::umax;
  case ttir::RMWOp::UMIN:
    return tile::AtomicRMWKind::umin;
  case ttir::RMWOp::XCHG:
    return tile::AtomicRMWKind::xchg;
  }
  llvm_unreachable("unknown read-modify-write");
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// A libdevice (`__nv_`) or ocml (`__ocml_`) function's name without its
/// library's decoration: `__nv_expf`, `__nv_exp`, `__ocml_exp_f32` -> `exp`.
/// libdevice's f32 functions all end in `f`; its f64 ones and its integer
/// ones (`umulhi`) have no suffix.
static StringRef externBaseName(StringRef symbol, Type elementType) {
  if (symbol.consume_front("__ocml_"))
    return symbol.rsplit('_').first;
  if (!symbol.consume_front("__nv_"))
    return {};
  if (elementType.isF32())
    symbol.consume_back("f");
  return symbol;
}

/// The tile (arith, math) form of a device-library call, or null.
static Value convertExtern(OpBuilder &b, ttir::ExternElementwiseOp op) {
  Location loc = op.getLoc();
  ValueRange args = op.getSrcs();
  Type type = op.getType();
  StringRef name = externBaseName(op.getSymbol(), getElementTypeOrSelf(type));
  auto unary = [&](auto tag) -> Value {
    using OpTy = decltype(tag);
    if (args.size() != 1)
      return nullptr;
    return OpTy::create(b, loc, args[0]);
  };
  auto binary = [&](auto tag) -> Value {
    using OpTy = decltype(tag);
    if (args.size() != 2)
      return nullptr;
    return OpTy::create(b, loc, args[0], args[1]);
  };
  if (!isa<FloatType>(getElementTypeOrSelf(type)))
    return name == "umulhi" && args.size() == 2
               ? Value(tile::MulhiUIOp::create(b, loc, type, args[0], args[1]))
               : nullptr;
  return llvm::StringSwitch<std::function<Value()>>(name)
      .Case("exp", [&] { return unary(math::ExpOp()); })
      .Case("exp2", [&] { return unary(math::Exp2Op()); })
      .Case("expm1", [&] { return unary(math::ExpM1Op()); })
      .Case("log", [&] { return unary(math::LogOp()); })
      .Case("log2", [&] { return unary(math::Log2Op()); })
      .Case("log10", [&] { return unary(math::Log10Op()); })
      .Case("log1p", [&] { return unary(math::Log1pOp()); })
      .Case("sin", [&] { return unary(math::SinOp()); })
      .Case("cos", [&] { return unary(math::CosOp()); })
      .Case("tan", [&] { return unary(math::TanOp()); })
      .Case("asin", [&] { return unary(math::AsinOp()); })
      .Case("acos", [&] { return unary(math::AcosOp()); })
      .Case("atan", [&] { return unary(math::AtanOp()); })
      .Case("atan2", [&] { return binary(math::Atan2Op()); })
      .Case("sinh", [&] { return unary(math::SinhOp()); })
      .Case("cosh", [&] { return unary(math::CoshOp()); })
      .Case("tanh", [&] { return unary(math::TanhOp()); })
      .Case("asinh", [&] { return unary(math::AsinhOp()); })
      .Case("acosh", [&] { return unary(math::AcoshOp()); })
      .Case("atanh", [&] { return unary(math::AtanhOp()); })
      .Case("erf", [&] { return unary(math::ErfOp()); })
      .Case("erfc", [&] { return unary(math::ErfcOp()); })
      .Case("pow", [&] { return binary(math::PowFOp()); })
      .Case("cbrt", [&] { return unary(math::CbrtOp()); })
      .Case("rsqrt", [&] { return unary(math::RsqrtOp()); })
      .Case("sqrt", [&] { return unary(tile::PreciseSqrtOp()); })
      .Case("floor", [&] { return unary(math::FloorOp()); })
      .Case("ceil", [&] { return unary(math::CeilOp()); })
      .Case("trunc", [&] { return unary(math::TruncOp()); })
      .Case("round", [&] { return unary(math::RoundOp()); })
      .Cases({"rint", "nearbyint"}, [&] { return unary(math::RoundEvenOp()); })
      .Case("fabs", [&] { return unary(math::AbsFOp()); })
      .Case("copysign", [&] { return binary(math::CopySignOp()); })
      .Case("fmin", [&] { return binary(arith::MinNumFOp()); })
      .Case("fmax", [&] { return binary(arith::MaxNumFOp()); })
      .Case("fma",
            [&]() -> Value {
              if (args.size() != 3)
                return nullptr;
              return math::FmaOp::create(b, loc, args[0], args[1], args[2]);
            })
      .Default([] { return Value(); })();
}

namespace {
/// Replaces one tt op with tile ops; the operands' types are tile's already.
class OpConverter {
public:
  OpConverter(const ConvertTTIRToTileOptions &options) : options(options) {}

  LogicalResult convert(Operation *op);

private:
  LogicalResult convertFunc(ttir::FuncOp func);
  Value convertHistogram(OpBuilder &b, ttir::HistogramOp op);

  const ConvertTTIRToTileOptions &options;
};
} // namespace

LogicalResult OpConverter::convertFunc(ttir::FuncOp func) {
  if (func.getNumResults() != 0)
    return func.emitError("the kernel returns values; a kernel returns "
                          "nothing");
  OpBuilder b(func);
  auto kernel = tile::FuncOp::create(b, func.getLoc(), func.getSymName(),
                                     func.getFunctionType());
  kernel.getBody().takeBody(func.getBody());
  MLIRContext *ctx = func.getContext();
  StringRef divisibility = tile::TileDialect::getDivisibilityAttrName();
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    if (auto value = func.getArgAttrOfType<IntegerAttr>(i, "tt.divisibility"))
      kernel.setArgAttr(
          i, divisibility,
          IntegerAttr::get(IntegerType::get(ctx, 32), value.getInt()));
  if (options.numWarps > 0)
    kernel.setNumWarps(options.numWarps);
  if (options.numStages > 0)
    kernel.setNumStages(options.numStages);
  func.erase();
  return success();
}

Value OpConverter::convertHistogram(OpBuilder &b, ttir::HistogramOp op) {
  Location loc = op.getLoc();
  Value src = op.getSrc();
  auto srcType = cast<RankedTensorType>(src.getType());
  Type i32 = b.getI32Type();
  if (srcType.getElementType().getIntOrFloatBitWidth() < 32) {
    srcType = srcType.clone(i32);
    src = arith::ExtSIOp::create(b, loc, srcType, src);
  }
  if (Value mask = op.getMask()) {
    // Masked-off values become -1, which no bin counts.
    Value minusOne = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(srcType,
                               b.getIntegerAttr(srcType.getElementType(), -1)));
    src = arith::SelectOp::create(b, loc, mask, src, minusOne);
  }
  return tile::HistogramOp::create(b, loc, op.getType(), src);
}

LogicalResult OpConverter::convert(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  MLIRContext *ctx = op->getContext();
  auto replace = [&](Operation *replacement) {
    // Value hints (tt.divisibility, ...) stay with the value; the clean-up
    // translates them.
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().strref().starts_with("tt.") &&
          replacement->getNumResults() == 1)
        replacement->setAttr(attr.getName(), attr.getValue());
    op->replaceAllUsesWith(replacement);
    op->erase();
    return success();
  };
  auto replaceValue = [&](Value value) {
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
    return success();
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](ttir::FuncOp func) { return convertFunc(func); })
      .Case([&](ttir::ReturnOp ret) -> LogicalResult {
        if (!isa<tile::FuncOp>(ret->getParentOp()) || !ret.getSrcs().empty())
          return ret.emitError("a return with values outside a helper");
        return replace(tile::ReturnOp::create(b, loc));
      })
      .Case([&](ttir::GetProgramIdOp id) {
        return replace(
            tile::ProgramIdOp::create(b, loc, convertAxis(id.getAxis())));
      })
      .Case([&](ttir::GetNumProgramsOp num) {
        return replace(
            tile::NumProgramsOp::create(b, loc, convertAxis(num.getAxis())));
      })
      .Case([&](ttir::MakeRangeOp range) {
        return replace(tile::RangeOp::create(b, loc, range.getType(),
                                             range.getStart(), range.getEnd()));
      })
      .Case([&](ttir::SplatOp splat) {
        return replace(
            tile::SplatOp::create(b, loc, splat.getType(), splat.getSrc()));
      })
      .Case([&](ttir::ExpandDimsOp expand) {
        return replace(tile::ExpandDimsOp::create(
            b, loc, expand.getType(), expand.getSrc(), expand.getAxis()));
      })
      .Case([&](ttir::BroadcastOp broadcast) {
        return replace(tile::BroadcastOp::create(b, loc, broadcast.getType(),
                                                 broadcast.getSrc()));
      })
      .Case([&](ttir::ReshapeOp reshape) {
        // allow_reorder permits any order; row-major is one of them.
        return replace(tile::ReshapeOp::create(b, loc, reshape.getType(),
                                               reshape.getSrc()));
      })
      .Case([&](ttir::TransOp trans) {
        return replace(tile::TransOp::create(b, loc, trans.getType(),
                                             trans.getSrc(), trans.getOrder()));
      })
      .Case([&](ttir::CatOp cat) {
        return replace(tile::CatOp::create(b, loc, cat.getType(), cat.getLhs(),
                                           cat.getRhs(), /*axis=*/0u));
      })
      .Case([&](ttir::JoinOp join) {
        return replace(tile::JoinOp::create(b, loc, join.getType(),
                                            join.getLhs(), join.getRhs()));
      })
      .Case([&](ttir::SplitOp split) {
        Type type = split.getOutLHS().getType();
        return replace(
            tile::SplitOp::create(b, loc, type, type, split.getSrc()));
      })
      .Case([&](ttir::GatherOp gather) {
        return replace(
            tile::GatherOp::create(b, loc, gather.getType(), gather.getSrc(),
                                   gather.getIndices(), gather.getAxis()));
      })
      .Case([&](ttir::HistogramOp histogram) {
        return replaceValue(convertHistogram(b, histogram));
      })
      .Case([&](ttir::AddPtrOp add) {
        return replace(tile::AddPtrOp::create(b, loc, add.getType(),
                                              add.getPtr(), add.getOffset()));
      })
      .Case([&](ttir::IntToPtrOp cast) {
        return replace(
            tile::IntToPtrOp::create(b, loc, cast.getType(), cast.getSrc()));
      })
      .Case([&](ttir::PtrToIntOp cast) {
        return replace(
            tile::PtrToIntOp::create(b, loc, cast.getType(), cast.getSrc()));
      })
      .Case([&](ttir::BitcastOp cast) {
        if (cast.getType() == cast.getSrc().getType())
          return replaceValue(cast.getSrc());
        return replace(
            tile::BitcastOp::create(b, loc, cast.getType(), cast.getSrc()));
      })
      .Case([&](ttir::LoadOp load) {
        return replace(tile::LoadOp::create(
            b, loc, load.getType(), load.getPtr(), load.getMask(),
            load.getOther(), convertCache(ctx, load.getCache()),
            convertEvict(ctx, load.getEvict()),
            load.getIsVolatile() ? UnitAttr::get(ctx) : nullptr));
      })
      .Case([&](ttir::StoreOp store) {
        return replace(tile::StoreOp::create(
            b, loc, store.getPtr(), store.getValue(), store.getMask(),
            convertCache(ctx, store.getCache()),
            convertEvict(ctx, store.getEvict())));
      })
      .Case([&](ttir::AtomicRMWOp rmw) {
        return replace(tile::AtomicRMWOp::create(
            b, loc, rmw.getType(), convertRMW(rmw.getAtomicRmwOp()),
            convertOrder(rmw.getSem()), convertScope(rmw.getScope()),
            rmw.getPtr(), rmw.getVal(), rmw.getMask()));
      })
      .Case([&](ttir::AtomicCASOp cas) {
        return replace(tile::AtomicCASOp::create(
            b, loc, cas.getType(), convertOrder(cas.getSem()),
            convertScope(cas.getScope()), cas.getPtr(), cas.getCmp(),
            cas.getVal()));
      })
      .Case([&](ttir::MakeTensorDescOp make) {
        tile::PaddingAttr padding;
        if (make.getPadding() == ttir::PaddingOption::PAD_NAN)
          padding = tile::PaddingAttr::get(ctx, tile::Padding::nan);
        return replace(tile::MakeDescOp::create(b, loc, make.getType(),
                                                make.getBase(), make.getShape(),
                                                make.getStrides(), padding));
      })
      .Case([&](ttir::DescriptorLoadOp load) {
        return replace(tile::DescLoadOp::create(
            b, loc, load.getType(), load.getDesc(), load.getIndices()));
      })
      .Case([&](ttir::DescriptorStoreOp store) {
        return replace(tile::DescStoreOp::create(
            b, loc, store.getDesc(), store.getIndices(), store.getSrc()));
      })
      .Case([&](ttir::FpToFpOp convert) {
        tile::RoundingModeAttr rounding;
        if (auto mode = convert.getRounding())
          rounding = tile::RoundingModeAttr::get(
              ctx, *mode == ttir::RoundingMode::RTZ ? tile::RoundingMode::rtz
                                                    : tile::RoundingMode::rtne);
        return replace(tile::FpToFpOp::create(b, loc, convert.getType(),
                                              convert.getSrc(), rounding));
      })
      .Case([&](ttir::ClampFOp clamp) {
        return replace(tile::ClampFOp::create(
            b, loc, clamp.getType(), clamp.getX(), clamp.getMin(),
            clamp.getMax(),
            clamp.getPropagateNan() == ttir::PropagateNan::ALL));
      })
      .Case([&](ttir::PreciseSqrtOp sqrt) {
        return replace(tile::PreciseSqrtOp::create(b, loc, sqrt.getX()));
      })
      .Case([&](ttir::PreciseDivFOp div) {
        return replace(
            tile::PreciseDivFOp::create(b, loc, div.getX(), div.getY()));
      })
      .Case([&](ttir::MulhiUIOp mul) {
        return replace(tile::MulhiUIOp::create(b, loc, mul.getType(),
                                               mul.getX(), mul.getY()));
      })
      .Case([&](ttir::ExternElementwiseOp call) -> LogicalResult {
        Value value = convertExtern(b, call);
        if (!value)
          return call.emitError("the device-library function '")
                 << call.getSymbol() << "' has no tile meaning (docs/TTIR.md "
                 << "lists the functions imported)";
        return replaceValue(value);
      })
      .Case([&](ttir::DotOp dot) -> LogicalResult {
        // Triton records tf32 on every dot; it means something only for f32
        // operands. Imprecise accumulation (maxNumImpreciseAcc) is dropped:
        // tile accumulates every product in the accumulator's type.
        tile::InputPrecision precision = tile::InputPrecision::ieee;
        if (getElementTypeOrSelf(dot.getA().getType()).isF32()) {
          switch (dot.getInputPrecision()) {
          case ttir::InputPrecision::IEEE:
            break;
          case ttir::InputPrecision::TF32:
            precision = tile::InputPrecision::tf32;
            break;
          case ttir::InputPrecision::TF32x3:
            precision = tile::InputPrecision::tf32x3;
            break;
          case ttir::InputPrecision::BF16x3:
            precision = tile::InputPrecision::bf16x3;
            break;
          case ttir::InputPrecision::BF16x6:
            return dot.emitError("inputPrecision = bf16x6 has no tile twin");
          }
        }
        return replace(tile::DotOp::create(b, loc, dot.getType(), dot.getA(),
                                           dot.getB(), dot.getC(), precision));
      })
      .Case([&](ttir::ReduceOp reduce) {
        auto tileReduce =
            tile::ReduceOp::create(b, loc, reduce.getResultTypes(),
                                   reduce.getSrcs(), reduce.getAxis());
        tileReduce.getCombiner().takeBody(reduce.getCombineOp());
        return replace(tileReduce);
      })
      .Case([&](ttir::ScanOp scan) {
        auto tileScan =
            tile::ScanOp::create(b, loc, scan.getResultTypes(), scan.getSrcs(),
                                 scan.getAxis(), scan.getReverse());
        tileScan.getCombiner().takeBody(scan.getCombineOp());
        return replace(tileScan);
      })
      .Case<ttir::ReduceReturnOp, ttir::ScanReturnOp>([&](Operation *ret) {
        return replace(tile::YieldOp::create(b, loc, ret->getOperands()));
      })
      .Case([&](ttir::PrintOp print) {
        return replace(tile::PrintOp::create(b, loc, print.getPrefix(),
                                             print.getHex(), print.getArgs(),
                                             /*program=*/ValueRange()));
      })
      .Case([&](ttir::AssertOp check) {
        return replace(tile::AssertOp::create(b, loc, check.getCondition(),
                                              check.getMessage(),
                                              /*program=*/ValueRange()));
      })
      .Default([&](Operation *op) {
        return op->emitError("'")
               << op->getName() << "' has no tile meaning yet";
      });
}

//===----------------------------------------------------------------------===//
// Upstream ops and attributes
//===----------------------------------------------------------------------===//

/// Triton's hint `hint` on `op` as tile's (docs/TTIR.md): a loop's
/// num_stages as is; a value hint (one i32 per dimension of the result)
/// with divisibility as the largest power of two that divides it (a
/// multiple of 48 is one of 16), contiguity and constancy as the largest
/// power of two not above it or the extent. None for a hint of another
/// name or shape, or on a value tile tracks no facts of.
static std::optional<NamedAttribute> translateHint(Operation *op,
                                                   NamedAttribute hint) {
  StringRef name = hint.getName().strref();
  // A loop's pipelining depth (tl.range(num_stages=...)).
  if (name == "tt.num_stages") {
    auto stages = dyn_cast<IntegerAttr>(hint.getValue());
    if (!isa<scf::ForOp>(op) || !stages || stages.getInt() < 1)
      return std::nullopt;
    Builder b(op->getContext());
    return b.getNamedAttr(tile::TileDialect::getNumStagesAttrName(),
                          b.getI32IntegerAttr(stages.getInt()));
  }
  StringRef tileName;
  if (name == "tt.divisibility")
    tileName = tile::TileDialect::getDivisibilityAttrName();
  else if (name == "tt.contiguity")
    tileName = tile::TileDialect::getContiguityAttrName();
  else if (name == "tt.constancy")
    tileName = tile::TileDialect::getConstancyAttrName();
  else
    return std::nullopt;
  auto values = dyn_cast<DenseIntElementsAttr>(hint.getValue());
  if (!values || op->getNumResults() != 1)
    return std::nullopt;
  Type type = op->getResult(0).getType();
  if (!isa<IntegerType, IndexType, tile::PointerType>(
          getElementTypeOrSelf(type)))
    return std::nullopt;
  SmallVector<int64_t> shape{1};
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  if (values.getNumElements() != int64_t(shape.size()))
    return std::nullopt;
  SmallVector<int64_t> entries;
  for (auto [dim, value] : llvm::enumerate(values.getValues<APInt>())) {
    int64_t v = value.getSExtValue();
    if (v <= 0)
      return std::nullopt;
    entries.push_back(
        tileName == tile::TileDialect::getDivisibilityAttrName()
            ? int64_t(1) << llvm::countr_zero(uint64_t(v))
            : int64_t(llvm::bit_floor(uint64_t(std::min(v, shape[dim])))));
  }
  MLIRContext *context = op->getContext();
  return NamedAttribute(StringAttr::get(context, tileName),
                        DenseI64ArrayAttr::get(context, entries));
}

/// ub.poison becomes zero (poison may be any value; zero is one), hints
/// with no tile meaning are dropped, and float multiply-adds may contract
/// when Triton's enable_fp_fusion says so.
static void cleanUpUpstreamOps(ModuleOp module,
                               const ConvertTTIRToTileOptions &options) {
  module.walk([&](Operation *op) {
    if (isa<gpu::BarrierOp, LLVM::AssumeOp>(op)) {
      // tile orders a program's memory accesses (docs/Semantics.md 1), and
      // assumptions are hints.
      op->erase();
      return;
    }
    if (auto poison = dyn_cast<ub::PoisonOp>(op)) {
      OpBuilder b(op);
      Type type = poison.getType();
      Type element = getElementTypeOrSelf(type);
      TypedAttr zero = b.getZeroAttr(element);
      if (auto tensor = dyn_cast<RankedTensorType>(type))
        zero = DenseElementsAttr::get(tensor, zero);
      Value value = arith::ConstantOp::create(b, op->getLoc(), zero);
      poison.replaceAllUsesWith(value);
      op->erase();
      return;
    }
    // Value hints (tt.divisibility, tt.contiguity, tt.constancy on ops)
    // and a loop's tt.num_stages become tile's; other loop hints
    // (tt.loop_unroll_factor, tt.flatten, ...) are performance hints tile
    // has no place for yet.
    SmallVector<NamedAttribute> hints;
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().strref().starts_with("tt."))
        hints.push_back(attr);
    for (NamedAttribute hint : hints) {
      op->removeAttr(hint.getName());
      if (std::optional<NamedAttribute> tileHint = translateHint(op, hint))
        op->setAttr(tileHint->getName(), tileHint->getValue());
    }
    if (options.enableFpFusion &&
        isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op))
      if (auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op))
        op->setAttr(fastmath.getFastMathAttrName(),
                    arith::FastMathFlagsAttr::get(
                        op->getContext(), arith::FastMathFlags::contract));
  });
}

static LogicalResult
convertTTIRModule(ModuleOp module, const ConvertTTIRToTileOptions &options) {
  if (failed(refuseUnsupported(module)) ||
      failed(structureTTIRKernel(module)) ||
      failed(
          materializeHostDescriptors(module, options.hostDescriptorPadding)) ||
      failed(lowerBlockPointers(module)) ||
      failed(expandMapElementwise(module)) ||
      failed(decomposeOpsWithoutTwin(module)))
    return failure();
  replaceTypes(module);
  SmallVector<Operation *> ops;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ttir::TTDialect>(op->getDialect()))
      ops.push_back(op);
  });
  OpConverter converter(options);
  for (Operation *op : ops)
    if (failed(converter.convert(op)))
      return failure();
  cleanUpUpstreamOps(module, options);
  return success();
}

namespace mlir::tile {
namespace {
struct ConvertTTIRToTilePass
    : impl::ConvertTTIRToTileBase<ConvertTTIRToTilePass> {
  using Base::Base;
  void runOnOperation() override {
    ConvertTTIRToTileOptions options;
    options.numWarps = numWarps;
    options.numStages = numStages;
    options.enableFpFusion = enableFpFusion;
    options.hostDescriptorPadding.assign(hostDescriptorPadding.begin(),
                                         hostDescriptorPadding.end());
    if (failed(convertTTIRModule(getOperation(), options)))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::tile
