//===- AMDTarget.cpp - Tile kernels as AMDGCN code objects ----------------===//
//
// Pipeline: tile IR -> (convert-tile-to-gpu with AMD's hooks) gpu.func
// kernels -> (convert-math-to-rocdl, then convert-gpu-to-rocdl for the HIP
// runtime) the LLVM dialect with ROCDL ops, math as ocml calls. Serialization
// (CodeObject.cpp): LLVM's AMDGPU backend at O3 and lld into a code object
// (hsaco) whose metadata gives the registers and scratch each kernel uses.
//
// Products of bf16 or f16 into f32 use the chips' matrix instructions
// (MFMA on CDNA, WMMA on RDNA 3), the others the shared lowering's FMAs.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/amd/AMDTarget.h"
#include "tile/Target/Target.h"
#include "tile/Target/amd/CodeObject.h"

#include "tile/Conversion/TileToGPU/TileToGPU.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// The bytes a buffer resource of the masked loads reaches from its base:
/// offsets from 2^31 on are out of range, so a masked-off lane reads zeros
/// at offset 2^31.
constexpr int64_t kBufferRecords = 0x7ffffffe;
constexpr int64_t kOutOfRangeOffset = int64_t(1) << 31;

class AMDHooks : public GPUTargetHooks {
public:
  explicit AMDHooks(const ChipInfo &chip) : chip(chip) {}
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<ROCDL::ROCDLDialect>();
  }
  unsigned getWarpSize() const override { return chip.waveSize; }
  int64_t getMaxSharedMemoryBytes() const override { return kLDSBytes; }
  int64_t getSharedMemoryPerProcessor() const override {
    // A CDNA compute unit's 64 KiB; an RDNA 3 work-group processor's 128.
    return chip.waveSize == 64 ? kLDSBytes : 2 * kLDSBytes;
  }
  int64_t getMaxRegistersPerThread(unsigned numWarps) const override {
    // A workgroup's waves are spread over the SIMDs of a compute unit (a
    // WGP on RDNA 3) and share each SIMD's register file.
    int64_t wavesPerSIMD = llvm::divideCeil(numWarps, kSIMDsPerComputeUnit);
    return std::min<int64_t>(chip.vgprsPerLane,
                             chip.vgprsPerSIMDLane / wavesPerSIMD / 8 * 8);
  }
  Value emitMaskedLoad(OpBuilder &b, Location loc, Value base, Value ptr,
                       Value predicate, Type type,
                       int64_t align) const override {
    // A raw buffer load from `base`: a masked-off lane's offset is out of the
    // resource's range, so it reads zeros instead of branching around the
    // load (a branch would wait for the load at its end). The resource
    // reaches 2 GiB from `base`; a lane beyond that (or before `base`)
    // takes an ordinary load, behind a branch no lane takes in practice.
    auto vector = dyn_cast<VectorType>(type);
    int64_t bytes = (vector ? vector.getNumElements() : 1) *
                    getElementTypeOrSelf(type).getIntOrFloatBitWidth() / 8;
    if (!llvm::is_contained({1, 2, 4, 8, 16}, bytes))
      return Value();
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value offset = arith::SubIOp::create(
        b, loc, LLVM::PtrToIntOp::create(b, loc, i64, ptr),
        LLVM::PtrToIntOp::create(b, loc, i64, base));
    Value inRange = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule, offset,
        arith::ConstantIntOp::create(b, loc, i64, kBufferRecords - bytes));
    Value take = arith::AndIOp::create(b, loc, predicate, inRange);
    Value voffset = arith::SelectOp::create(
        b, loc, take, arith::TruncIOp::create(b, loc, i32, offset),
        arith::ConstantIntOp::create(b, loc, i32, kOutOfRangeOffset));
    // Descriptor word 3: the data format fields must be non-zero (they are
    // ignored by these loads); RDNA 3 also wants bit 24 and the
    // out-of-range mode that tests the offset (3).
    int64_t flags = (7 << 12) | (4 << 15);
    if (chip.waveSize == 32)
      flags |= (1 << 24) | (int64_t(3) << 28);
    Value resource = ROCDL::MakeBufferRsrcOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), 8), base,
        arith::ConstantIntOp::create(b, loc, b.getI16Type(), 0),
        arith::ConstantIntOp::create(b, loc, i64, kBufferRecords),
        arith::ConstantIntOp::create(b, loc, i32, flags));
    Type loaded = bytes > 4 ? Type(VectorType::get({bytes / 4}, i32))
                            : Type(b.getIntegerType(8 * bytes));
    Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
    Value value = ROCDL::RawPtrBufferLoadOp::create(
        b, loc, loaded, resource, voffset, /*soffset=*/zero, /*aux=*/zero,
        /*alias_scopes=*/nullptr, /*noalias_scopes=*/nullptr,
        /*tbaa=*/nullptr);
    value = LLVM::BitcastOp::create(b, loc, type, value);
    Value far = arith::AndIOp::create(
        b, loc, predicate,
        arith::XOrIOp::create(
            b, loc, inRange,
            arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1)));
    auto ifOp = scf::IfOp::create(b, loc, type, far, /*withElseRegion=*/true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    scf::YieldOp::create(
        thenB, loc,
        ValueRange{LLVM::LoadOp::create(thenB, loc, type, ptr, align)});
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseB, loc, value);
    return ifOp.getResult(0);
  }

  void decorateAtomic(Operation *atomic, MemoryScope scope) const override {
    // cta, gpu and sys are AMDGPU's workgroup, agent and system scopes.
    StringRef name = scope == MemoryScope::cta   ? "workgroup"
                     : scope == MemoryScope::gpu ? "agent"
                                                 : "";
    // System scope keeps LLVM's defaults: any memory, the host's included.
    if (name.empty())
      return;
    MLIRContext *context = atomic->getContext();
    atomic->setAttr("syncscope", StringAttr::get(context, name));
    // Below system scope the memory is the device's own, coarse-grained
    // (what hipMalloc, and so tile_buffer_alloc, returns; docs/Semantics.md
    // 3.6): the hardware's atomics are exact there, so LLVM need not expand
    // them into compare-and-swap loops. It still does where an instruction
    // would not round as LLVM's atomicrmw does (gfx90a's f32 add flushes
    // subnormals; no denormal-mode hint is given).
    atomic->setAttr("rocdl.no_fine_grained_memory", UnitAttr::get(context));
    atomic->setAttr("rocdl.no_remote_memory", UnitAttr::get(context));
  }

  void emitSchedulingBarrier(OpBuilder &b, Location loc) const override {
    ROCDL::SchedBarrier::create(b, loc, /*mask=*/0);
  }

  std::optional<MatrixInstruction>
  getMatrixInstruction(Type a, Type b, Type acc) const override {
    if (a != b || !acc.isF32() || !(a.isBF16() || a.isF16()))
      return std::nullopt;
    MatrixInstruction instruction;
    instruction.m = instruction.n = instruction.k = 16;
    instruction.elementsPerRegister = 2;
    instruction.inputType = a.isBF16() ? "bf16" : "f16";
    if (chip.waveSize == 64) {
      // CDNA 2 and 3's v_mfma_f32_16x16x16{f16,bf16_1k} (the MI200 and
      // MI300 ISA manuals' matrix layouts): lane i + 16 * (k / 4) holds
      // A[i][k] and B[k][i] as element k % 4, and D[i][j] is element i % 4
      // of lane j + 16 * (i / 4).
      instruction.aElementBases = {{0, 1}, {0, 2}};
      instruction.aLaneBases = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 4}, {0, 8}};
      instruction.bElementBases = {{1, 0}, {2, 0}};
      instruction.bLaneBases = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {4, 0}, {8, 0}};
      instruction.accElementBases = {{1, 0}, {2, 0}};
      instruction.accLaneBases = {{0, 1}, {0, 2}, {0, 4},
                                  {0, 8}, {4, 0}, {8, 0}};
      return instruction;
    }
    // RDNA 3's v_wmma_f32_16x16x16_{f16,bf16} in wave 32 (the RDNA 3 ISA
    // manual): lane i and lane i + 16 both hold row i of A (column i of B)
    // whole, element k; D[i][j] is element i / 2 of lane j + 16 * (i % 2).
    instruction.aElementBases = {{0, 1}, {0, 2}, {0, 4}, {0, 8}};
    instruction.aLaneBases = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}};
    instruction.bElementBases = {{1, 0}, {2, 0}, {4, 0}, {8, 0}};
    instruction.bLaneBases = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 0}};
    instruction.accElementBases = {{2, 0}, {4, 0}, {8, 0}};
    instruction.accLaneBases = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}};
    return instruction;
  }

  SmallVector<Value> emitMatrixInstruction(OpBuilder &b, Location loc,
                                           const MatrixInstruction &instruction,
                                           ValueRange a, ValueRange bRegs,
                                           ValueRange acc) const override {
    // The operands' i32 registers, two elements each, as the instruction's
    // vector of 16-bit elements (bf16 as i16, as the intrinsics take it).
    bool bf16 = instruction.inputType == "bf16";
    Type element = bf16 ? Type(b.getI16Type()) : Type(b.getF16Type());
    auto asOperand = [&](ValueRange regs) -> Value {
      auto words = VectorType::get({int64_t(regs.size())}, b.getI32Type());
      Value vector = LLVM::UndefOp::create(b, loc, words);
      for (auto [i, reg] : llvm::enumerate(regs))
        vector = LLVM::InsertElementOp::create(
            b, loc, vector, reg,
            LLVM::ConstantOp::create(b, loc, b.getI32Type(), int64_t(i)));
      return LLVM::BitcastOp::create(
          b, loc, VectorType::get({2 * int64_t(regs.size())}, element), vector);
    };
    auto accType = VectorType::get({int64_t(acc.size())}, b.getF32Type());
    Value c = LLVM::UndefOp::create(b, loc, accType);
    for (auto [i, value] : llvm::enumerate(acc))
      c = LLVM::InsertElementOp::create(
          b, loc, c, value,
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), int64_t(i)));
    Value lhs = asOperand(a), rhs = asOperand(bRegs), d;
    if (chip.waveSize == 64) {
      Value zero = LLVM::ConstantOp::create(b, loc, b.getI32Type(), 0);
      // cbsz, abid, blgp: no broadcast between blocks or lanes.
      SmallVector<Value> args{lhs, rhs, c, zero, zero, zero};
      d = bf16 ? ROCDL::mfma_f32_16x16x16bf16_1k::create(b, loc, accType, args)
                     .getResult()
               : ROCDL::mfma_f32_16x16x16f16::create(b, loc, accType, args)
                     .getResult();
    } else {
      d = bf16 ? ROCDL::wmma_f32_16x16x16_bf16::create(b, loc, accType, lhs,
                                                       rhs, c)
                     .getResult()
               : ROCDL::wmma_f32_16x16x16_f16::create(b, loc, accType, lhs, rhs,
                                                      c)
                     .getResult();
    }
    SmallVector<Value> out;
    for (int64_t i = 0; i < int64_t(acc.size()); ++i)
      out.push_back(LLVM::ExtractElementOp::create(
          b, loc, d, LLVM::ConstantOp::create(b, loc, b.getI32Type(), i)));
    return out;
  }

  Value emitExp2(OpBuilder &b, Location loc, Value x) const override {
    // v_exp_f32 (1 ulp by AMD's ISA manuals; subnormal results flushed,
    // which docs/Semantics.md section 6's absolute region allows) instead
    // of the backend's llvm.exp2.f32, which scales inputs below -126 around
    // it to produce subnormal results: a compare, a select, an add and an
    // ldexp more per element. 16-bit floats in f32, rounded once. On
    // every chip since attention stopped spilling on gfx1100 (its products
    // keep whole rows per warp): there it had spilled more with it.
    return computeInF32(b, loc, x, [&](Value wide) {
      return ROCDL::ROCDLExp2::create(b, loc, b.getF32Type(), wide).getResult();
    });
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

  // Kernels tuned for wave 64 hold twice the values per lane at wave 32
  // (gfx1100) and spill there; twice the warps halve them again.
  int64_t getSpillRetryThreadLimit() const override { return 1024; }

  std::string getToolIdentity(const TargetOptions &options) const override {
    return amd::getDeviceLibrariesIdentity(options.toolkit);
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
                          options.toolkit, *stage, out);
  }
};

LogicalResult AMDTarget::serialize(ModuleOp module,
                                   const TargetOptions &options,
                                   mlir::tile::Artifact &artifact) const {
  const ChipInfo &chip = *lookupChip(options.chip);
  std::string hsaco;
  if (failed(compileKernels(module, chip, options.features, options.toolkit,
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
