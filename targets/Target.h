//===- Target.h - The target interface and registry ------------*- C++ -*-===//
//
// A target turns verified tile IR into an artifact (runtime/artifact.h): it
// builds a pass pipeline, which tile-opt can run stage by stage, and
// serializes the lowered module to a binary. Targets register themselves at
// start-up (registerAllTargets); the driver knows only this interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGETS_TARGET_H
#define TILE_TARGETS_TARGET_H

#include "tile/Runtime/artifact.h"
#include "tile/Target/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <functional>

#include <map>
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class MemoryBuffer;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::tile {

class CompileCache;

/// Runs LLVM's O3 module pipeline for `machine` (as clang would) on
/// `module`.
void optimizeAtO3(llvm::Module &module, llvm::TargetMachine &machine);

/// Makes the code generation of `module` skip LLVM's straight-line strength
/// reduction when one of its functions is over 4,000 instructions, where
/// the pass's cost grows faster than the function and ptxas or the AMDGPU
/// scheduler gains nothing from it. Sets a pass gate on the module's
/// context: call it on a context of its own, before code generation.
void skipCostlyCodeGenerationPasses(llvm::Module &module);

/// Splits `module` (LLVM-dialect functions and globals) into one module per
/// entry function (those `isEntry` selects), each with its own copy of
/// everything else, so that the entries compile in parallel on separate
/// LLVM contexts. Functions other than entries become local to each part;
/// the module's other definitions of external linkage stay in the first
/// part and are declared in the others, so the parts link (or join) into
/// one binary. Empty when there are fewer than two entries.
SmallVector<OwningOpRef<ModuleOp>>
splitByEntry(ModuleOp module, function_ref<bool(Operation *)> isEntry);

/// A bitcode library (libdevice, ocml) opened lazily: its functions are read
/// only when linking needs them (llvm::Linker with LinkOnlyNeeded), which
/// saves parsing the whole library for the few functions a kernel calls.
/// Null, with `error` set, when `buffer` is not bitcode.
std::unique_ptr<llvm::Module>
openBitcodeLibrary(std::unique_ptr<llvm::MemoryBuffer> buffer,
                   llvm::LLVMContext &context, std::string &error);

/// Options of a compilation for one target, parsed from
/// "name[:key=value,...]" (e.g. "cpu:chip=haswell,features=+avx2" or
/// "cpu:triple=aarch64-linux-gnu,chip=neoverse-v1"). A first field without
/// '=' is the chip: "nvidia:sm_90a" is "nvidia:chip=sm_90a".
struct TargetOptions {
  std::string target;
  /// Processor to compile for; empty means the host (CPU) or the target's
  /// default chip.
  std::string chip;
  /// Extra features, in LLVM's "+feature,-feature" syntax.
  std::string features;
  /// LLVM target triple to compile for; empty means the host's (CPU) or the
  /// target's own.
  std::string triple;
  /// The folder of the external libraries and tools the target reads: the
  /// CUDA toolkit (nvidia; default $CUDA_PATH, else /usr/local/cuda), the
  /// OpenMP runtime's folder (cpu; default Debian's /usr/lib/llvm-22/lib),
  /// the ROCm device libraries' bitcode (amd; default $ROCM_PATH's, else
  /// Debian's or /opt/rocm's). Empty means the default.
  std::string toolkit;
  /// Check every access against its buffer's extent
  /// (tile-insert-bounds-checks, `tile-compile --bounds-check`).
  bool boundsCheck = false;

  /// Parses "name[:key=value,...]"; returns an error message on failure.
  static FailureOr<TargetOptions> parse(StringRef text, std::string &error);
  std::string str() const;
};

class Target {
public:
  virtual ~Target();
  virtual StringRef getName() const = 0;
  /// Checks the options and fills in defaults that depend on the machine
  /// (the host CPU, say); on failure says why in `error` (an unknown chip or
  /// feature, with the ones the target supports).
  virtual LogicalResult resolveOptions(TargetOptions &options,
                                       std::string &error) const {
    return success();
  }
  /// Adds the passes lowering tile IR to what `serialize` takes.
  virtual void buildPipeline(OpPassManager &pm,
                             const TargetOptions &options) const = 0;
  /// Turns the lowered module into the binary of an artifact
  /// (`artifact.binary`, `binaryFormat`, `chip`, `features`) and the entry
  /// symbol of each kernel.
  virtual LogicalResult serialize(ModuleOp module, const TargetOptions &options,
                                  Artifact &artifact) const = 0;
  /// What identifies the external tools and libraries a compile with
  /// `options` reads (CompileCache::fileIdentity of ptxas, libdevice, ...),
  /// so that replacing one misses the compile cache.
  virtual std::string getToolIdentity(const TargetOptions &options) const {
    return "";
  }
  /// The entry symbol of kernel `name` in this target's binaries.
  virtual std::string getEntrySymbol(StringRef name) const = 0;
  /// Up to how many threads a program whose code spills (its `spill_bytes`
  /// attribute) may be compiled again with twice its `num_warps`, keeping
  /// whichever spills less (`num_warps` tunes speed only,
  /// docs/Semantics.md 1); 0: never.
  virtual int64_t getSpillRetryThreadLimit() const { return 0; }
  /// Writes an intermediate form of the lowered module for inspection:
  /// "llvm" (optimized LLVM IR), "asm" or "obj". Targets without one fail.
  virtual LogicalResult emitIntermediate(ModuleOp module,
                                         const TargetOptions &options,
                                         StringRef kind,
                                         std::string &out) const;
};

void registerTarget(std::unique_ptr<Target> target);
const Target *lookupTarget(StringRef name);
std::vector<std::string> getRegisteredTargetNames();

/// Checks that LLVM's backend for `triple` knows processor `cpu` (if not
/// empty) and every feature of `features` ("+a,-b"); on failure says which
/// and lists the names it knows.
LogicalResult verifyProcessor(StringRef triple, StringRef cpu,
                              StringRef features, std::string &error);

/// Checks that every kernel in `module` has a name that can be an entry
/// symbol on every target and in the artifact format: an identifier of
/// ASCII letters, digits and `_`, not starting with a digit.
LogicalResult verifyKernelNames(ModuleOp module);

/// Resolves `options` for its target (filling in defaults such as the host
/// CPU) and adds the target's pipeline to `pm`, as compileToArtifact runs it
/// (bounds checks first where asked for). On failure says why in `error`: an
/// unknown target (with the known ones) or an option the target refuses.
LogicalResult buildTargetPipeline(OpPassManager &pm, TargetOptions &options,
                                  std::string &error);

/// Checks the input contract of compileToArtifact: `module` holds tile.func
/// kernels and nothing else at its top level (a host's own functions belong
/// in another module; docs/Embedding.md).
LogicalResult verifyKernelModule(ModuleOp module);

/// Called on the pass manager before it runs a target's pipeline: a host
/// applies its instrumentation here (tile-compile: the --mlir-* options).
using PassManagerHook = std::function<LogicalResult(PassManager &)>;

/// Compiles the tile.func kernels of `module` for the target `options` names
/// into `artifact`. It adds what the pipelines need (registerTileDialects)
/// to the module's context itself: a host registers only what it builds. The
/// module must satisfy verifyKernelModule: a host keeps its kernels in a module
/// of their own (a nested module will do) and passes that one. `module` is not
/// changed: the pipeline runs on a copy. Diagnostics go to the module's
/// context.
///
/// With a `cache`, an artifact it holds for the same module, options,
/// compiler and tools is returned without compiling, and a new one is stored
/// (CompileCache.h); a cache that cannot be written gives a warning.
LogicalResult compileToArtifact(ModuleOp module, const TargetOptions &options,
                                Artifact &artifact,
                                const PassManagerHook &configure = {},
                                const CompileCache *cache = nullptr);

/// Lowers a copy of `module` for the target and writes the intermediate form
/// `kind` into `out`: "llvm-dialect" (the lowered module) or one of
/// Target::emitIntermediate's.
LogicalResult compileToIntermediate(ModuleOp module,
                                    const TargetOptions &options,
                                    StringRef kind, std::string &out,
                                    const PassManagerHook &configure = {});

} // namespace mlir::tile

#endif // TILE_TARGETS_TARGET_H
