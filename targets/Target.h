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

#include "runtime/artifact.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <map>
#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::tile {

/// Runs LLVM's O3 module pipeline for `machine` (as clang would) on
/// `module`.
void optimizeAtO3(llvm::Module &module, llvm::TargetMachine &machine);

/// Options of a compilation for one target, parsed from
/// "name[:key=value,...]" (e.g. "cpu:chip=haswell,features=+avx2" or
/// "cpu:triple=aarch64-linux-gnu,chip=neoverse-v1").
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
                                  ::tile::Artifact &artifact) const = 0;
  /// The entry symbol of kernel `name` in this target's binaries.
  virtual std::string getEntrySymbol(StringRef name) const = 0;
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

/// Registers every target built into this binary, and their pipelines with
/// the pass registry (so tile-opt can run them).
void registerAllTargets();

/// Checks that LLVM's backend for `triple` knows processor `cpu` (if not
/// empty) and every feature of `features` ("+a,-b"); on failure says which
/// and lists the names it knows.
LogicalResult verifyProcessor(StringRef triple, StringRef cpu,
                              StringRef features, std::string &error);

/// Checks that every kernel in `module` has a name that can be an entry
/// symbol on every target and in the artifact format: an identifier of
/// ASCII letters, digits and `_`, not starting with a digit.
LogicalResult verifyKernelNames(ModuleOp module);

/// Compiles the tile kernels in `module` (which is lowered in place) for the
/// target `options` names, into `artifact`. Diagnostics go to the module's
/// context.
LogicalResult compileToArtifact(ModuleOp module, const TargetOptions &options,
                                ::tile::Artifact &artifact);

/// Lowers `module` for the target and writes the intermediate form `kind`
/// (see Target::emitIntermediate) into `out`.
LogicalResult compileToIntermediate(ModuleOp module,
                                    const TargetOptions &options,
                                    StringRef kind, std::string &out);

} // namespace mlir::tile

#endif // TILE_TARGETS_TARGET_H
