//===- AMDTarget.cpp - Tile kernels as AMDGCN code objects ----------------===//
//
// Pipeline: tile IR -> (convert-tile-to-gpu with AMD's hooks) gpu.func
// kernels -> (convert-math-to-rocdl, then convert-gpu-to-rocdl for the HIP
// runtime) the LLVM dialect with ROCDL ops, math as ocml calls. Serialization
// (CodeObject.cpp): LLVM's AMDGPU backend at O3 and lld into a code object
// (hsaco) whose metadata gives the registers and scratch each kernel uses.
//
// This phase has no matrix instructions (MFMA, WMMA): products use the
// shared lowering's FMA path.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/amd/AMDTarget.h"
#include "tile/Target/Target.h"
#include "tile/Target/amd/CodeObject.h"

#include "tile/Conversion/TileToGPU/TileToGPU.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::amd;

namespace {

constexpr StringLiteral kDefaultChip = "gfx942";

/// LDS one workgroup may allocate on every supported chip.
constexpr int64_t kLDSBytes = 64 * 1024;

class AMDHooks : public GPUTargetHooks {
public:
  explicit AMDHooks(const ChipInfo &chip) : chip(chip) {}
  unsigned getWarpSize() const override { return chip.waveSize; }
  int64_t getMaxSharedMemoryBytes() const override { return kLDSBytes; }
  int64_t getMaxRegistersPerThread() const override {
    return chip.vgprsPerLane;
  }
  // emitConvertToF8 stays the shared software conversion: gfx942's fp8
  // conversions produce the FNUZ formats, not the OCP E4M3FN/E5M2 of the
  // dialect, and gfx90a and gfx1100 have none. emitDivide stays the
  // correctly rounded division: the fast one (llvm.amdgcn.fdiv.fast, a
  // reciprocal and a multiply) is documented at 2.5 ulp, past the 2-ulp
  // bound.

private:
  const ChipInfo &chip;
};

class AMDTarget : public Target {
public:
  StringRef getName() const override { return "amd"; }

  LogicalResult resolveOptions(TargetOptions &options,
                               std::string &error) const override {
    if (!options.triple.empty() && options.triple != kTriple) {
      error = "the amd target compiles for " + kTriple.str() + " only, not '" +
              options.triple + "'";
      return failure();
    }
    if (options.chip.empty())
      options.chip = kDefaultChip.str();
    if (!lookupChip(options.chip)) {
      error = "the amd target does not support chip '" + options.chip +
              "' (supported: " + getSupportedChipList() + ")";
      return failure();
    }
    // The wave size is the chip's: the lowering is built for it.
    if (StringRef(options.features).contains("wavefrontsize")) {
      error = "the amd target sets the wave size from the chip; remove "
              "wavefrontsize from the features";
      return failure();
    }
    return verifyProcessor(kTriple, options.chip, options.features, error);
  }

  void buildPipeline(OpPassManager &pm,
                     const TargetOptions &options) const override {
    buildAMDPipeline(pm, options.chip);
  }

  std::string getEntrySymbol(StringRef name) const override {
    return name.str();
  }

  std::string getToolIdentity(const TargetOptions &options) const override {
    return amd::getDeviceLibrariesIdentity();
  }

  LogicalResult serialize(ModuleOp module, const TargetOptions &options,
                          mlir::tile::Artifact &artifact) const override;

  LogicalResult emitIntermediate(ModuleOp module, const TargetOptions &options,
                                 StringRef kind,
                                 std::string &out) const override {
    std::optional<CodeObjectStage> stage =
        llvm::StringSwitch<std::optional<CodeObjectStage>>(kind)
            .Case("llvm", CodeObjectStage::LLVMIR)
            .Case("asm", CodeObjectStage::Assembly)
            .Case("obj", CodeObjectStage::CodeObject)
            .Default(std::nullopt);
    if (!stage)
      return Target::emitIntermediate(module, options, kind, out);
    return compileKernels(module, *lookupChip(options.chip), options.features,
                          *stage, out);
  }
};

LogicalResult AMDTarget::serialize(ModuleOp module,
                                   const TargetOptions &options,
                                   mlir::tile::Artifact &artifact) const {
  const ChipInfo &chip = *lookupChip(options.chip);
  std::string hsaco;
  if (failed(compileKernels(module, chip, options.features,
                            CodeObjectStage::CodeObject, hsaco)))
    return failure();
  std::string error;
  FailureOr<SmallVector<KernelResources>> resources =
      readKernelResources(hsaco, error);
  if (failed(resources))
    return emitError(module.getLoc()) << error;

  DictionaryAttr launch;
  for (auto kernels : module.getOps<gpu::GPUModuleOp>())
    launch = kernels->getAttrOfType<DictionaryAttr>("tile.launch");
  for (mlir::tile::KernelInfo &info : artifact.kernels) {
    auto attrs = launch ? launch.getAs<DictionaryAttr>(info.name) : nullptr;
    if (!attrs)
      return emitError(module.getLoc())
             << "no launch information for kernel '" << info.name << "'";
    for (StringRef name : {"threads", "shared", "asserts"})
      info.attrs.emplace_back(name.str(),
                              attrs.getAs<IntegerAttr>(name).getInt());
    const KernelResources *used = nullptr;
    for (const KernelResources &kernel : *resources)
      if (kernel.name == info.symbol)
        used = &kernel;
    if (!used)
      return emitError(module.getLoc())
             << "the code object has no metadata for kernel '" << info.symbol
             << "'";
    // The dynamic scratch comes on top of what the backend placed in LDS.
    int64_t lds =
        used->groupSegmentBytes + attrs.getAs<IntegerAttr>("shared").getInt();
    if (lds > kLDSBytes)
      return emitError(module.getLoc())
             << "kernel '" << info.name << "' needs " << lds
             << " bytes of LDS; " << chip.name << " allows " << kLDSBytes
             << " per workgroup";
    info.attrs.emplace_back("registers", used->vgprs);
    info.attrs.emplace_back("accumulation_registers", used->agprs);
    info.attrs.emplace_back("scalar_registers", used->sgprs);
    info.attrs.emplace_back("spill_bytes", used->privateSegmentBytes);
  }
  artifact.chip = options.chip;
  artifact.features = options.features.empty() ? "-" : options.features;
  artifact.binaryFormat = "hsaco";
  artifact.binary = std::move(hsaco);
  return success();
}

} // namespace

void mlir::tile::buildAMDPipeline(OpPassManager &pm, StringRef chip) {
  buildTileToGPUPipeline(pm, "amd", chip);
  // Math first, on its own. Inside convert-gpu-to-rocdl the ocml patterns
  // compete with the math dialect's patterns to LLVM intrinsics: after an
  // NVIDIA compilation in the same context (tile-check), math.tanh came out
  // as llvm.tanh, which the AMDGPU backend cannot select ("no libcall
  // available for ftanh", a fatal error).
  ConvertMathToROCDLOptions mathToROCDL;
  mathToROCDL.chipset = chip.str();
  pm.addPass(createConvertMathToROCDL(mathToROCDL));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  ConvertGpuOpsToROCDLOpsOptions toROCDL;
  toROCDL.chipset = chip.str();
  toROCDL.runtime = gpu::amd::Runtime::HIP;
  kernels.addPass(createConvertGpuOpsToROCDLOps(toROCDL));
  // Math ops ocml has no function for become intrinsics.
  kernels.addPass(createConvertMathToLLVMPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
struct AMDPipelineOptions : public PassPipelineOptions<AMDPipelineOptions> {
  Option<std::string> chip{
      *this, "chip", llvm::cl::desc("AMD chip: gfx90a, gfx942 or gfx1100"),
      llvm::cl::init(kDefaultChip.str())};
};
} // namespace

void mlir::tile::registerAMDTarget() {
  registerTarget(std::make_unique<AMDTarget>());
  registerGPUTargetHooks(
      "amd",
      [](StringRef chip) -> std::unique_ptr<GPUTargetHooks> {
        const ChipInfo *info =
            lookupChip(chip.empty() ? StringRef(kDefaultChip) : chip);
        if (!info)
          return nullptr;
        return std::make_unique<AMDHooks>(*info);
      },
      getSupportedChipList());
  PassPipelineRegistration<AMDPipelineOptions>(
      "tile-amd-pipeline",
      "The AMD target's lowering of tile kernels to the LLVM dialect with "
      "ROCDL ops, as tile-compile --target=amd runs it",
      [](OpPassManager &pm, const AMDPipelineOptions &options) {
        buildAMDPipeline(pm, options.chip);
      });
}
