//===- CodeObject.cpp - AMDGCN code objects from the lowered module -------===//
//
// LLVM IR of the kernels -> ocml/ockl linked where called, the `__oclc_*`
// controls defined here -> O3 -> the AMDGPU backend's object -> lld, in
// process, into a code object; and the code object's metadata read back.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/amd/CodeObject.h"
#include "tile/Target/CompileCache.h"
#include "tile/Target/Linker.h"
#include "tile/Target/Target.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Threading.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <set>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::amd;

//===----------------------------------------------------------------------===//
// Chips
//===----------------------------------------------------------------------===//

// CDNA2 and CDNA3 have one 512-entry file per lane shared by the
// architectural VGPRs and the AGPRs; code without matrix instructions still
// uses the AGPRs, as spill space without memory, so the whole file is the
// budget. RDNA3 gives a wave32 256 VGPRs (the ISA's v0-v255).
static const ChipInfo kChips[] = {
    {"gfx90a", 9010, 64, 512, 512},
    {"gfx942", 9402, 64, 512, 512},
    {"gfx1100", 11000, 32, 256, 1536},
};

const ChipInfo *amd::lookupChip(StringRef name) {
  for (const ChipInfo &chip : kChips)
    if (chip.name == name)
      return &chip;
  return nullptr;
}

std::string amd::getSupportedChipList() {
  SmallVector<StringRef> names;
  for (const ChipInfo &chip : kChips)
    names.push_back(chip.name);
  return llvm::join(names, ", ");
}

//===----------------------------------------------------------------------===//
// Device libraries
//===----------------------------------------------------------------------===//

/// The folder of the ROCm device libraries' bitcode: `folder` if given, else
/// $ROCM_PATH's if set, else the first of Debian's and ROCm's usual places
/// that has ocml; empty if none has.
static std::string findDeviceLibraries(StringRef folder) {
  if (!folder.empty())
    return folder.str();
  if (std::optional<std::string> root = llvm::sys::Process::GetEnv("ROCM_PATH"))
    return *root + "/amdgcn/bitcode";
  for (StringRef folder : {"/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
                           "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
                           "/opt/rocm/amdgcn/bitcode"})
    if (llvm::sys::fs::exists(folder + "/ocml.bc"))
      return folder.str();
  return "";
}

std::string amd::getDeviceLibrariesIdentity(StringRef libraries) {
  std::string folder = findDeviceLibraries(libraries), identity;
  for (StringRef library : {"ocml.bc", "ockl.bc"})
    identity += CompileCache::fileIdentity(folder + "/" + library.str()) + " ";
  return identity;
}

/// Whether `module` calls a function whose name starts with `prefix` that it
/// does not define.
static bool callsUndefined(const llvm::Module &module, StringRef prefix) {
  return llvm::any_of(module, [&](const llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with(prefix);
  });
}

/// The value the target gives the device libraries' control variable `name`,
/// or nullopt for a control it does not know. ROCm 5.2's bitcode has no
/// ISA-version library for gfx942 or gfx1100, so no oclc_*.bc is linked: the
/// target defines every control itself, for all chips alike.
static std::optional<uint64_t> controlValue(StringRef name,
                                            const ChipInfo &chip) {
  return llvm::StringSwitch<std::optional<uint64_t>>(name)
      .Case("__oclc_ISA_version", chip.isaVersion)
      .Case("__oclc_wavefrontsize64", chip.waveSize == 64)
      // docs/Semantics.md: subnormals are kept, infinities and NaN are
      // values, sqrt is correctly rounded, no unsafe rewrites.
      .Case("__oclc_daz_opt", 0)
      .Case("__oclc_finite_only_opt", 0)
      .Case("__oclc_correctly_rounded_sqrt32", 1)
      .Case("__oclc_unsafe_math_opt", 0)
      .Case("__oclc_ABI_version", kCodeObjectVersion * 100)
      .Default(std::nullopt);
}

/// Links ocml (and ockl) into `module` where its functions are called, only
/// what is called, internalized, and defines the `__oclc_*` controls they
/// read.
static LogicalResult linkDeviceLibraries(Location loc, llvm::Module &module,
                                         const ChipInfo &chip,
                                         StringRef libraries) {
  std::set<std::string> ownDefinitions;
  for (const llvm::GlobalValue &value : module.global_values())
    if (!value.isDeclaration())
      ownDefinitions.insert(value.getName().str());
  std::string folder;
  // ocml may call ockl, so ockl comes second.
  for (StringRef library : {"ocml", "ockl"}) {
    if (!callsUndefined(module, ("__" + library + "_").str()))
      continue;
    if (folder.empty())
      folder = findDeviceLibraries(libraries);
    std::string path = folder + "/" + library.str() + ".bc";
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (folder.empty() || !buffer)
      return emitError(loc)
             << "cannot read the ROCm device library "
             << (folder.empty() ? library.str() + ".bc" : path)
             << " (install Debian's rocm-device-libs package, set ROCM_PATH "
                "to a ROCm installation, or name the folder with the target "
                "option toolkit=)";
    std::string parseError;
    std::unique_ptr<llvm::Module> parsed =
        openBitcodeLibrary(std::move(*buffer), module.getContext(), parseError);
    if (!parsed)
      return emitError(loc) << "cannot parse " << path << ": " << parseError;
    parsed->setDataLayout(module.getDataLayout());
    parsed->setTargetTriple(module.getTargetTriple());
    if (llvm::Linker::linkModules(module, std::move(parsed),
                                  llvm::Linker::Flags::LinkOnlyNeeded))
      return emitError(loc) << "linking " << path << " failed";
  }
  for (llvm::GlobalVariable &global : module.globals()) {
    if (!global.getName().starts_with("__oclc_"))
      continue;
    std::optional<uint64_t> value = controlValue(global.getName(), chip);
    auto *type = dyn_cast<llvm::IntegerType>(global.getValueType());
    if (!value || !type)
      return emitError(loc)
             << "the ROCm device libraries read " << global.getName().str()
             << ", which the amd target does not define";
    global.setInitializer(llvm::ConstantInt::get(type, *value));
    global.setConstant(true);
    global.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  // The kernels are the only entry points; what the libraries brought may
  // be inlined and dropped.
  for (llvm::GlobalValue &value : module.global_values()) {
    if (value.isDeclaration() || ownDefinitions.count(value.getName().str()))
      continue;
    value.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  for (llvm::Function &f : module)
    if (!f.isDeclaration() &&
        f.getCallingConv() != llvm::CallingConv::AMDGPU_KERNEL)
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  return success();
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

static gpu::GPUModuleOp findKernels(ModuleOp module) {
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    return gpuModule;
  return {};
}

/// `device` (LLVM-dialect functions and globals) as LLVM IR in `context`,
/// linked with the device libraries it calls and optimized at O3 for
/// `machine`; null after a diagnostic.
static std::unique_ptr<llvm::Module>
optimizedModule(Location loc, ModuleOp device, llvm::LLVMContext &context,
                llvm::TargetMachine &machine, const ChipInfo &chip,
                StringRef libraries) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(device, context);
  if (!llvmModule) {
    emitError(loc) << "translation to LLVM IR failed";
    return nullptr;
  }
  llvmModule->setDataLayout(machine.createDataLayout());
  llvmModule->setTargetTriple(machine.getTargetTriple());
  llvmModule->addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                            kCodeObjectVersion * 100);
  if (failed(linkDeviceLibraries(loc, *llvmModule, chip, libraries)))
    return nullptr;
  optimizeAtO3(*llvmModule, machine);
  return llvmModule;
}

/// The kernels of `device` optimized part by part in parallel (a kernel and
/// its specialized variants, say), then linked into one module in
/// `context`: code generation stays one run over the whole module, because
/// the code object's metadata note must describe every kernel and lld does
/// not merge the notes of separate objects.
static std::unique_ptr<llvm::Module> optimizedInParallel(
    Location loc, ModuleOp device, llvm::LLVMContext &context,
    function_ref<std::unique_ptr<llvm::TargetMachine>()> createMachine,
    const ChipInfo &chip, StringRef libraries) {
  MLIRContext *mlirContext = device.getContext();
  SmallVector<OwningOpRef<ModuleOp>> parts;
  if (mlirContext->isMultithreadingEnabled())
    parts = splitByEntry(device, [](Operation *op) {
      return op->hasAttr(gpu::GPUDialect::getKernelFuncAttrName());
    });
  if (parts.empty()) {
    std::unique_ptr<llvm::TargetMachine> machine = createMachine();
    return optimizedModule(loc, device, context, *machine, chip, libraries);
  }
  // Each part on its own LLVM context, handed over as bitcode.
  SmallVector<std::string> bitcode(parts.size());
  if (failed(failableParallelForEachN(
          mlirContext, 0, parts.size(), [&](size_t i) -> LogicalResult {
            llvm::LLVMContext partContext;
            std::unique_ptr<llvm::TargetMachine> machine = createMachine();
            std::unique_ptr<llvm::Module> part = optimizedModule(
                loc, *parts[i], partContext, *machine, chip, libraries);
            if (!part)
              return failure();
            llvm::raw_string_ostream os(bitcode[i]);
            llvm::WriteBitcodeToFile(*part, os);
            return success();
          })))
    return nullptr;
  std::unique_ptr<llvm::Module> linked;
  for (const std::string &code : bitcode) {
    llvm::Expected<std::unique_ptr<llvm::Module>> part = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(code, "tile-kernels"), context);
    if (!part) {
      emitError(loc) << "cannot read back an optimized part: "
                     << llvm::toString(part.takeError());
      return nullptr;
    }
    if (!linked) {
      linked = std::move(*part);
      continue;
    }
    // Each part's local functions (device libraries among them) are
    // renamed apart where they meet.
    if (llvm::Linker::linkModules(*linked, std::move(*part))) {
      emitError(loc) << "the optimized parts do not link";
      return nullptr;
    }
  }
  return linked;
}

LogicalResult amd::compileKernels(ModuleOp module, const ChipInfo &chip,
                                  StringRef features, StringRef libraries,
                                  CodeObjectStage stage, std::string &out) {
  Location loc = module.getLoc();
  gpu::GPUModuleOp kernels = findKernels(module);
  if (!kernels)
    return emitError(loc) << "no gpu.module to serialize";
  // The gpu.module's contents as a module of their own.
  OwningOpRef<ModuleOp> device = ModuleOp::create(kernels.getLoc());
  OpBuilder b = OpBuilder::atBlockBegin(device->getBody());
  for (Operation &op : kernels.getBody()->without_terminator())
    b.clone(op);

  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);

  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  // ockl's printf holds inline assembly, which the object streamer parses:
  // without the parser LLVM stops the process with a fatal error.
  LLVMInitializeAMDGPUAsmParser();
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return emitError(loc) << "this LLVM has no AMDGPU backend: " << error;
  auto createMachine = [&] {
    return std::unique_ptr<llvm::TargetMachine>(llvmTarget->createTargetMachine(
        triple, chip.name, features, llvm::TargetOptions(), std::nullopt,
        std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  };
  std::unique_ptr<llvm::TargetMachine> machine = createMachine();
  if (!machine)
    return emitError(loc) << "LLVM cannot target chip '" << chip.name << "'";
  // The LLVM IR asked for is one module's, optimized as a whole.
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      stage == CodeObjectStage::LLVMIR
          ? optimizedModule(loc, *device, llvmContext, *machine, chip,
                            libraries)
          : optimizedInParallel(loc, *device, llvmContext, createMachine, chip,
                                libraries);
  if (!llvmModule)
    return failure();
  if (stage == CodeObjectStage::LLVMIR) {
    llvm::raw_string_ostream os(out);
    llvmModule->print(os, nullptr);
    return success();
  }

  SmallString<0> code;
  llvm::raw_svector_ostream os(code);
  skipCostlyCodeGenerationPasses(*llvmModule);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   stage == CodeObjectStage::Assembly
                                       ? llvm::CodeGenFileType::AssemblyFile
                                       : llvm::CodeGenFileType::ObjectFile))
    return emitError(loc) << "LLVM cannot emit code for " << chip.name;
  codegen.run(*llvmModule);
  if (stage == CodeObjectStage::Assembly) {
    out = code.str().str();
    return success();
  }
  // A code object may not leave a symbol for the loader to find.
  return linkSharedObject(loc, "the code object", {code.str().str()},
                          {"--no-undefined"}, out);
}

//===----------------------------------------------------------------------===//
// Metadata
//===----------------------------------------------------------------------===//

/// The integer at `key` of `map`, or 0.
static int64_t integerAt(llvm::msgpack::MapDocNode &map, StringRef key) {
  auto it = map.find(key);
  if (it == map.end())
    return 0;
  llvm::msgpack::DocNode &node = it->second;
  if (node.getKind() == llvm::msgpack::Type::UInt)
    return int64_t(node.getUInt());
  if (node.getKind() == llvm::msgpack::Type::Int)
    return node.getInt();
  return 0;
}

FailureOr<SmallVector<KernelResources>>
amd::readKernelResources(StringRef hsaco, std::string &error) {
  auto file = llvm::object::ELF64LEFile::create(hsaco);
  if (!file) {
    error =
        "the code object is no ELF file: " + llvm::toString(file.takeError());
    return failure();
  }
  auto sections = file->sections();
  if (!sections) {
    error = llvm::toString(sections.takeError());
    return failure();
  }
  // The metadata note: a msgpack map whose "amdhsa.kernels" lists the
  // kernels.
  std::optional<StringRef> blob;
  for (const auto &section : *sections) {
    if (section.sh_type != llvm::ELF::SHT_NOTE || blob)
      continue;
    llvm::Error noteError = llvm::Error::success();
    for (const auto &note : file->notes(section, noteError))
      if (note.getName() == "AMDGPU" &&
          note.getType() == llvm::ELF::NT_AMDGPU_METADATA)
        blob = note.getDescAsStringRef(section.sh_addralign);
    if (noteError) {
      error = llvm::toString(std::move(noteError));
      return failure();
    }
  }
  if (!blob) {
    error = "the code object has no AMDGPU metadata note";
    return failure();
  }
  llvm::msgpack::Document document;
  if (!document.readFromBlob(*blob, /*Multi=*/false) ||
      !document.getRoot().isMap()) {
    error = "the code object's metadata note is no msgpack map";
    return failure();
  }
  llvm::msgpack::MapDocNode &root = document.getRoot().getMap();
  auto kernelList = root.find("amdhsa.kernels");
  if (kernelList == root.end() || !kernelList->second.isArray()) {
    error = "the code object's metadata lists no kernels";
    return failure();
  }
  SmallVector<KernelResources> kernels;
  for (llvm::msgpack::DocNode &node : kernelList->second.getArray()) {
    if (!node.isMap())
      continue;
    llvm::msgpack::MapDocNode &map = node.getMap();
    KernelResources resources;
    auto name = map.find(".name");
    if (name != map.end() && name->second.isString())
      resources.name = name->second.getString().str();
    resources.vgprs = integerAt(map, ".vgpr_count");
    resources.agprs = integerAt(map, ".agpr_count");
    resources.sgprs = integerAt(map, ".sgpr_count");
    resources.vgprSpills = integerAt(map, ".vgpr_spill_count");
    resources.sgprSpills = integerAt(map, ".sgpr_spill_count");
    resources.privateSegmentBytes =
        integerAt(map, ".private_segment_fixed_size");
    resources.groupSegmentBytes = integerAt(map, ".group_segment_fixed_size");
    resources.wavefrontSize = integerAt(map, ".wavefront_size");
    resources.maxFlatWorkgroupSize = integerAt(map, ".max_flat_workgroup_size");
    kernels.push_back(std::move(resources));
  }
  return kernels;
}
