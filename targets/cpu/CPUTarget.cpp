//===- CPUTarget.cpp - Tile kernels as vectorized, parallel host code -----===//
//
// Pipeline: tile IR -> (convert-tile-to-vector) loops over native vectors ->
// (convert-tile-to-cpu-grid) OpenMP kernel entries -> math approximations ->
// LLVM dialect. Serialization: LLVM IR, optimized at O3 for the chosen
// processor, emitted as an object in-process and linked by ld.lld into the
// shared object the runtime's CPU backend loads.
//
//===----------------------------------------------------------------------===//

#include "targets/cpu/CPUTarget.h"
#include "targets/Target.h"

#include "conversions/TileToVector/TileToVector.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

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
// Passes
//===----------------------------------------------------------------------===//

/// Replaces math functions by polynomial approximations on vectors, so no
/// per-element libm call is left in hot loops.
struct ApproximateMathPass
    : PassWrapper<ApproximateMathPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ApproximateMathPass)
  StringRef getArgument() const final { return "tile-cpu-approximate-math"; }
  StringRef getDescription() const final {
    return "Replaces math functions by vectorizable polynomial approximations";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, math::MathDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    // rsqrt becomes 1/sqrt (a correctly rounded sqrt, then a division, at
    // most 1.5 ulp): its polynomial form needs the x86vector dialect.
    getOperation()->walk([](math::RsqrtOp op) {
      OpBuilder b(op);
      Value sqrt = math::SqrtOp::create(b, op.getLoc(), op.getOperand());
      Value one = arith::ConstantOp::create(
          b, op.getLoc(), cast<TypedAttr>(b.getOneAttr(op.getType())));
      op.replaceAllUsesWith(
          arith::DivFOp::create(b, op.getLoc(), one, sqrt).getResult());
      op.erase();
    });
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
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

llvm::Triple tripleOf(const TargetOptions &options) {
  return llvm::Triple(options.triple.empty()
                          ? llvm::sys::getDefaultTargetTriple()
                          : llvm::Triple::normalize(options.triple));
}

bool isHost(const TargetOptions &options) {
  return tripleOf(options).getArch() ==
         llvm::Triple(llvm::sys::getDefaultTargetTriple()).getArch();
}

/// The processor name and LLVM feature string of the options, with the
/// host's as defaults.
std::pair<std::string, std::string> processorOf(const TargetOptions &options) {
  if (!isHost(options)) // Another architecture: its generic processor.
    return {options.chip.empty() ? "generic" : options.chip, options.features};
  std::string cpu =
      options.chip.empty() ? llvm::sys::getHostCPUName().str() : options.chip;
  std::string features = options.features;
  if (options.chip.empty()) {
    llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
    SmallVector<std::string> enabled;
    for (auto &feature : host)
      if (feature.second)
        enabled.push_back("+" + feature.first().str());
    llvm::sort(enabled);
    std::string hostFeatures = llvm::join(enabled, ",");
    features = features.empty() ? hostFeatures : hostFeatures + "," + features;
  }
  return {cpu, features};
}

/// The vector extensions of an x86 processor known to LLVM, as features.
std::string vectorFeaturesOf(const llvm::Triple &triple, StringRef cpu) {
  if (!triple.isX86())
    return "";
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargetMCs();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "";
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, cpu, ""));
  SmallVector<std::string> features;
  for (StringRef name : {"avx512f", "avx2", "avx", "fma", "f16c"})
    if (info && info->checkFeatures(("+" + name).str()))
      features.push_back(("+" + name).str());
  return llvm::join(features, ",");
}

int64_t vectorBytesOf(StringRef features) {
  if (features.contains("+avx512f"))
    return 64;
  if (features.contains("+avx2") || features.contains("+avx"))
    return 32;
  return 16;
}

class CPUTarget : public Target {
public:
  StringRef getName() const override { return "cpu"; }

  LogicalResult resolveOptions(TargetOptions &options,
                               std::string &error) const override {
    // What the user named, before the host's defaults join it.
    if (failed(verifyProcessor(tripleOf(options).str(), options.chip,
                               options.features, error)))
      return failure();
    auto [cpu, features] = processorOf(options);
    options.chip = cpu;
    options.features = features;
    // A processor named without features: record the vector features LLVM
    // knows it has, which decide the vector width.
    if (options.features.empty())
      options.features = vectorFeaturesOf(tripleOf(options), cpu);
    return success();
  }

  void buildPipeline(OpPassManager &pm,
                     const TargetOptions &options) const override {
    buildCPUPipeline(pm, vectorBytesOf(options.features));
  }

  std::string getEntrySymbol(StringRef name) const override {
    return getCPUKernelEntryName(name);
  }

  LogicalResult serialize(ModuleOp module, const TargetOptions &options,
                          ::tile::Artifact &artifact) const override;
  LogicalResult emitIntermediate(ModuleOp module, const TargetOptions &options,
                                 StringRef kind,
                                 std::string &out) const override;

private:
  /// Translates the lowered module to LLVM IR optimized at O3 for the
  /// processor, and the machine that compiles it.
  LogicalResult optimize(ModuleOp module, const TargetOptions &options,
                         llvm::LLVMContext &context,
                         std::unique_ptr<llvm::Module> &llvmModule,
                         std::unique_ptr<llvm::TargetMachine> &machine) const;
  /// Machine code of `llvmModule`, as an object file or assembly.
  LogicalResult emitCode(ModuleOp module, llvm::Module &llvmModule,
                         llvm::TargetMachine &machine,
                         llvm::CodeGenFileType type, SmallString<0> &out) const;
};

LogicalResult
CPUTarget::optimize(ModuleOp module, const TargetOptions &options,
                    llvm::LLVMContext &llvmContext,
                    std::unique_ptr<llvm::Module> &llvmModule,
                    std::unique_ptr<llvm::TargetMachine> &machine) const {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);

  llvmModule = translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return emitError(module.getLoc()) << "translation to LLVM IR failed";

  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
  llvm::Triple triple = tripleOf(options);
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return emitError(module.getLoc())
           << "no LLVM target for " << triple.str() << ": " << error;
  machine.reset(llvmTarget->createTargetMachine(
      triple, options.chip, options.features, llvm::TargetOptions(),
      llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return emitError(module.getLoc())
           << "LLVM cannot target processor '" << options.chip << "'";
  llvmModule->setDataLayout(machine->createDataLayout());
  llvmModule->setTargetTriple(triple);
  for (llvm::Function &function : *llvmModule) {
    if (function.isDeclaration())
      continue;
    function.addFnAttr("target-cpu", options.chip);
    function.addFnAttr("target-features", options.features);
  }

  optimizeAtO3(*llvmModule, *machine);
  return success();
}

LogicalResult CPUTarget::emitCode(ModuleOp module, llvm::Module &llvmModule,
                                  llvm::TargetMachine &machine,
                                  llvm::CodeGenFileType type,
                                  SmallString<0> &out) const {
  llvm::raw_svector_ostream os(out);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr, type))
    return emitError(module.getLoc())
           << "LLVM cannot emit code for " << machine.getTargetTriple().str();
  codegen.run(llvmModule);
  return success();
}

LogicalResult CPUTarget::emitIntermediate(ModuleOp module,
                                          const TargetOptions &options,
                                          StringRef kind,
                                          std::string &out) const {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  std::unique_ptr<llvm::TargetMachine> machine;
  if (failed(optimize(module, options, llvmContext, llvmModule, machine)))
    return failure();
  if (kind == "llvm") {
    llvm::raw_string_ostream os(out);
    llvmModule->print(os, nullptr);
    return success();
  }
  if (kind != "asm" && kind != "obj")
    return Target::emitIntermediate(module, options, kind, out);
  SmallString<0> code;
  if (failed(emitCode(module, *llvmModule, *machine,
                      kind == "asm" ? llvm::CodeGenFileType::AssemblyFile
                                    : llvm::CodeGenFileType::ObjectFile,
                      code)))
    return failure();
  out = code.str().str();
  return success();
}

LogicalResult CPUTarget::serialize(ModuleOp module,
                                   const TargetOptions &options,
                                   ::tile::Artifact &artifact) const {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  std::unique_ptr<llvm::TargetMachine> machine;
  SmallString<0> object;
  if (failed(optimize(module, options, llvmContext, llvmModule, machine)) ||
      failed(emitCode(module, *llvmModule, *machine,
                      llvm::CodeGenFileType::ObjectFile, object)))
    return failure();

  // Link with ld.lld into a shared object that needs libomp.
  SmallString<128> objectPath, libraryPath;
  int objectFd;
  if (llvm::sys::fs::createTemporaryFile("tile-cpu", "o", objectFd,
                                         objectPath) ||
      llvm::sys::fs::createTemporaryFile("tile-cpu", "so", libraryPath))
    return emitError(module.getLoc()) << "cannot create temporary files";
  llvm::FileRemover removeObject(objectPath), removeLibrary(libraryPath);
  {
    llvm::raw_fd_ostream os(objectFd, /*shouldClose=*/true);
    os << object;
  }
  llvm::ErrorOr<std::string> lld =
      llvm::sys::findProgramByName("ld.lld", {"/usr/lib/llvm-22/bin"});
  if (!lld)
    return emitError(module.getLoc())
           << "ld.lld not found (install Debian's lld-22 package)";
  std::string libDir = "/usr/lib/llvm-22/lib";
  SmallVector<StringRef> linkArgs = {*lld, "-shared", "-o", libraryPath,
                                     objectPath};
  // The host's libomp is recorded as a dependency; a library for another
  // architecture leaves the OpenMP entry points to the libomp its loader
  // provides there.
  if (isHost(options))
    linkArgs.append({"-L", libDir, "-rpath", libDir, "-lomp"});
  std::string linkError;
  if (llvm::sys::ExecuteAndWait(*lld, linkArgs, std::nullopt, {}, 0, 0,
                                &linkError) != 0)
    return emitError(module.getLoc())
           << "linking the kernel library failed: " << linkError;
  auto library = llvm::MemoryBuffer::getFile(libraryPath);
  if (!library)
    return emitError(module.getLoc())
           << "cannot read the linked kernel library";

  artifact.chip = options.chip;
  artifact.features = options.features.empty() ? "-" : options.features;
  artifact.binaryFormat = "so";
  artifact.binary = (*library)->getBuffer().str();
  return success();
}

} // namespace

void mlir::tile::buildCPUPipeline(OpPassManager &pm, int64_t vectorBytes) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTileCombine());
  pm.addPass(createCSEPass());
  ConvertTileToVectorOptions toVector;
  toVector.vectorBytes = vectorBytes;
  pm.addPass(createConvertTileToVector(toVector));
  pm.addPass(createConvertTileToCPUGrid());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(std::make_unique<ApproximateMathPass>());
  pm.addPass(createLegalizeCPUBF16());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
struct CPUPipelineOptions : public PassPipelineOptions<CPUPipelineOptions> {
  Option<int64_t> vectorBytes{
      *this, "vector-bytes",
      llvm::cl::desc("Bytes of one native vector register"),
      llvm::cl::init(32)};
};
} // namespace

void mlir::tile::registerCPUTarget() {
  registerTarget(std::make_unique<CPUTarget>());
  PassRegistration<ApproximateMathPass>();
  PassPipelineRegistration<CPUPipelineOptions>(
      "tile-cpu-pipeline",
      "The CPU target's lowering of tile kernels to the LLVM dialect, as "
      "tile-compile --target=cpu runs it",
      [](OpPassManager &pm, const CPUPipelineOptions &options) {
        buildCPUPipeline(pm, options.vectorBytes);
      });
}
