//===- CPUTarget.cpp - Tile kernels as vectorized, parallel host code -----===//
//
// Pipeline: tile IR -> (convert-tile-to-vector) loops over native vectors ->
// (convert-tile-to-cpu-grid) OpenMP kernel entries -> math functions
// (CPUMath.cpp) -> LLVM dialect. Serialization: LLVM IR, optimized at O3 for
// the chosen processor, emitted as an object and linked by lld, in-process,
// into the shared object the runtime's CPU backend loads.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/cpu/CPUTarget.h"
#include "tile/Target/CompileCache.h"
#include "tile/Target/Linker.h"
#include "tile/Target/Target.h"
#include "tile/Target/cpu/CPUMath.h"

#include "tile/Conversion/TileToVector/TileToVector.h"
#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <cmath>
#include <dlfcn.h>

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The file of the libm this process loaded, or "" if it cannot be told.
/// Where Debian's libomp-22-dev puts the OpenMP runtime kernels link with.
const std::string kOpenMPLibraryDir = "/usr/lib/llvm-22/lib";

/// The folder of the OpenMP runtime kernels link with: the options'
/// `toolkit`, else Debian's.
std::string openMPLibraryDir(const TargetOptions &options) {
  return options.toolkit.empty() ? kOpenMPLibraryDir : options.toolkit;
}

std::string hostLibmPath() {
  Dl_info info;
  double (*function)(double, double) = &::atan2;
  if (!dladdr(reinterpret_cast<void *>(function), &info) || !info.dli_fname)
    return "";
  return info.dli_fname;
}

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

  std::string getToolIdentity(const TargetOptions &options) const override {
    return getLinkerVersion() + " " +
           CompileCache::fileIdentity(openMPLibraryDir(options) +
                                      "/libomp.so") +
           " " + CompileCache::fileIdentity(hostLibmPath());
  }

  LogicalResult serialize(ModuleOp module, const TargetOptions &options,
                          mlir::tile::Artifact &artifact) const override;
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

/// Registers what translating `context`'s LLVM-dialect modules to LLVM IR
/// and compiling them needs; done once, before modules translate in
/// parallel.
static void prepareTranslation(MLIRContext *context) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  context->appendDialectRegistry(registry);
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
}

LogicalResult
CPUTarget::optimize(ModuleOp module, const TargetOptions &options,
                    llvm::LLVMContext &llvmContext,
                    std::unique_ptr<llvm::Module> &llvmModule,
                    std::unique_ptr<llvm::TargetMachine> &machine) const {
  llvmModule = translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return emitError(module.getLoc()) << "translation to LLVM IR failed";

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
  prepareTranslation(module.getContext());
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
                                   mlir::tile::Artifact &artifact) const {
  MLIRContext *context = module.getContext();
  prepareTranslation(context);
  // Kernels (a kernel and its specialized variants, say) compile in
  // parallel, an object file each, linked together below.
  llvm::StringSet<> entries;
  for (const mlir::tile::KernelInfo &info : artifact.kernels)
    entries.insert(info.symbol);
  SmallVector<OwningOpRef<ModuleOp>> parts;
  if (context->isMultithreadingEnabled())
    parts = splitByEntry(module, [&](Operation *op) {
      auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
      return func && entries.contains(func.getName());
    });
  SmallVector<ModuleOp> modules;
  for (OwningOpRef<ModuleOp> &part : parts)
    modules.push_back(*part);
  if (modules.empty())
    modules.push_back(module);
  std::vector<std::string> objects(modules.size());
  if (failed(
          failableParallelForEachN(context, 0, modules.size(), [&](size_t i) {
            llvm::LLVMContext llvmContext;
            std::unique_ptr<llvm::Module> llvmModule;
            std::unique_ptr<llvm::TargetMachine> machine;
            SmallString<0> object;
            if (failed(optimize(modules[i], options, llvmContext, llvmModule,
                                machine)) ||
                failed(emitCode(modules[i], *llvmModule, *machine,
                                llvm::CodeGenFileType::ObjectFile, object)))
              return failure();
            objects[i] = object.str().str();
            return success();
          })))
    return failure();

  // Link into a shared object that needs libomp.
  // The host's libomp is recorded as a dependency by its soname alone: no
  // RUNPATH names this machine's folders (the runtime loads an OpenMP
  // runtime first, runtime/cpu/CPUBackend.cpp). A library for another
  // architecture leaves the OpenMP entry points to the libomp its loader
  // provides there.
  std::vector<std::string> linkArgs;
  if (isHost(options))
    linkArgs = {"-L", openMPLibraryDir(options), "-lomp"};
  // The math functions computed by libm (CPUMath.cpp) need it loaded: the
  // library the compiler itself uses, named by its soname (no path recorded).
  std::string libm = hostLibmPath();
  if (isHost(options) && !libm.empty())
    linkArgs.push_back(libm);
  std::string library;
  if (failed(linkSharedObject(module.getLoc(), "the kernel library", objects,
                              linkArgs, library)))
    return failure();

  artifact.chip = options.chip;
  artifact.features = options.features.empty() ? "-" : options.features;
  artifact.binaryFormat = "so";
  artifact.binary = std::move(library);
  return success();
}

} // namespace

void mlir::tile::buildCPUPipeline(OpPassManager &pm, int64_t vectorBytes) {
  pm.addPass(createTileSplitLoops());
  pm.addPass(createTileApplySchedule());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTileCombine());
  pm.addPass(createCSEPass());
  pm.addPass(createTileVersionSigns());
  ConvertTileToVectorOptions toVector;
  toVector.vectorBytes = vectorBytes;
  pm.addPass(createConvertTileToVector(toVector));
  pm.addPass(createConvertTileToCPUGrid());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCPUMathPass());
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
  registerCPUMathPass();
  PassPipelineRegistration<CPUPipelineOptions>(
      "tile-cpu-pipeline",
      "The CPU target's lowering of tile kernels to the LLVM dialect, as "
      "tile-compile --target=cpu runs it",
      [](OpPassManager &pm, const CPUPipelineOptions &options) {
        buildCPUPipeline(pm, options.vectorBytes);
      });
}
