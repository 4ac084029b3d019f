//===- Check.h - Runs one kernel on the reference and on targets -*- C++
//-*-===//
//
// The machinery behind tile-check: a Checker holds one parsed kernel, makes
// the inputs of a launch from tile-run's --arg specs, runs the reference
// interpreter on host copies of them, compiles the kernel once per target and
// runs it through the runtime where the target's device exists, and compares
// every buffer argument afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_CHECK_CHECK_H
#define TILE_TOOLS_TILE_CHECK_CHECK_H

#include "tile-check/Compare.h"
#include "tile-run/ArgSpec.h"

#include "tile/Dialect/IR/Tile.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tile {
namespace check {

/// One launch: its grid and arguments.
struct Case {
  uint32_t grid[3] = {1, 1, 1};
  /// Whether the case names its grid (--grid); a kernel that declares its
  /// grid may take the case's arguments' grid instead (Checker::resolveGrid).
  bool gridGiven = true;
  std::vector<std::string> argTexts; ///< the specs as written
  std::vector<run::ArgSpec> specs;

  /// The command-line form: "--grid X,Y,Z --arg ... --arg ...".
  std::string str() const;
};

/// Parses "--grid G --arg A ..." (one case of a --cases file, or the command
/// line's own options); \p error says what is wrong.
bool parseCase(const std::vector<std::string> &words, Case &out,
               std::string &error);

/// Per argument: the bytes of a buffer argument (empty for scalars).
using Buffers = std::vector<std::vector<unsigned char>>;

struct ReferenceResult {
  enum Status { Completed, AssertFailed, Failed } status = Completed;
  std::string diagnostics; ///< the interpreter's errors and warnings
  Buffers buffers;
  /// Per buffer argument, each element's bound from the interpreter's
  /// running error analysis (docs/Semantics.md 10.1); empty: all exact.
  std::vector<std::vector<double>> bounds;
};

struct TargetResult {
  std::string target;
  enum Status {
    NotBuilt,      ///< not registered in this build
    CompileFailed, ///< the target rejected the kernel
    CompiledOnly,  ///< compiled, no device here to run it
    RunFailed,     ///< the runtime failed to load or launch it
    Ran,
  } status = NotBuilt;
  std::string detail;        ///< why, for every status but Ran
  bool launchFailed = false; ///< RunFailed at the launch (an assert?)
  Buffers buffers;
};

struct Options {
  /// Targets to try; empty means every target this build registered.
  std::vector<std::string> targets;
  std::map<size_t, Tolerance> tolerances; ///< per buffer argument
  std::string faultOp;                    ///< see LaunchOptions::faultOp
  /// convert-tile-to-gpu's conversion-parts for the simulated targets.
  int64_t conversionParts = 1;
};

/// The comparison of one buffer argument of one target with the reference.
struct BufferVerdict {
  size_t index;
  Tolerance tolerance;
  BufferComparison comparison;
  bool pass() const { return comparison.mismatches == 0; }
};

class Checker {
public:
  /// \p kernel belongs to \p module, which the checker keeps unchanged
  /// (targets compile clones of it).
  Checker(mlir::ModuleOp module, mlir::tile::FuncOp kernel,
          llvm::SourceMgr &sourceMgr, Options options);
  ~Checker();

  mlir::tile::FuncOp getKernel() const { return kernel; }
  bool isExactKernel() const { return exactKernel; }
  /// The first bounded op, when the kernel is not exact.
  const std::string &getBoundedReason() const { return boundedReason; }

  /// Checks \p c against the kernel's signature: the argument count and each
  /// argument's kind (and, for buffers, an element type that fits the
  /// pointee type).
  bool validate(const Case &c, std::string &error) const;

  /// Whether the kernel declares its grid (tile.grid, docs/Semantics.md
  /// section 1.2).
  bool declaresGrid() const;

  /// Settles the grid of a validated case: a case without --grid takes the
  /// grid the kernel declares for its arguments (an error for a kernel that
  /// declares none), and a case with one must name that grid.
  bool resolveGrid(Case &c, std::string &error) const;
  /// Makes the bytes of every buffer argument of \p c.
  bool makeInputs(const Case &c, Buffers &inputs, std::string &error) const;

  /// Where the GPU simulator's printf output goes (nowhere by default).
  void setSimulatorPrints(llvm::raw_ostream *stream) {
    simulatorPrints = stream;
  }

  /// Runs the interpreter on copies of \p inputs.
  ReferenceResult runReference(const Case &c, const Buffers &inputs,
                               llvm::raw_ostream *printStream = nullptr);

  /// Compiles the kernel for every selected target (once; later calls do
  /// nothing).
  void compileTargets();
  /// The targets compileTargets considered, in order.
  std::vector<std::string> getTargetNames() const;
  /// Runs the kernel on \p target, where it compiled and has a device.
  TargetResult runTarget(const std::string &target, const Case &c,
                         const Buffers &inputs);

  /// The tolerance of buffer argument \p index of \p c.
  Tolerance toleranceFor(const Case &c, size_t index) const;
  /// Compares every buffer argument of \p got with \p ref.
  std::vector<BufferVerdict> compare(const Case &c, const Buffers &got,
                                     const ReferenceResult &ref) const;

private:
  struct CompiledTarget;
  /// Runs a loaded kernel through the runtime, in this process.
  /// A copy of the module holding this kernel alone: targets lower their
  /// copy in place, and another kernel of the file may use an op a target
  /// does not lower.
  mlir::OwningOpRef<mlir::ModuleOp> cloneKernelAlone();
  void compileForSimulator(CompiledTarget &target);
  TargetResult runSimulated(CompiledTarget &target, const Case &c,
                            const Buffers &inputs);
  TargetResult launch(CompiledTarget &target, const Case &c,
                      const Buffers &inputs);
  /// launch() in a child process, which reports a crash as a failed run.
  TargetResult launchInChild(CompiledTarget &target, const Case &c,
                             const Buffers &inputs);
  mlir::ModuleOp module;
  mlir::tile::FuncOp kernel;
  llvm::SourceMgr &sourceMgr;
  Options options;
  bool exactKernel;
  std::string boundedReason;
  llvm::raw_ostream *simulatorPrints = nullptr;
  bool compiled = false;
  std::vector<std::unique_ptr<CompiledTarget>> targets;
};

/// A target named "sim-<target>[:options]" runs the kernel as that GPU
/// target lowers it, in the GPU simulator (GPUSimulator.h), on the host.
constexpr const char *kSimulatorPrefix = "sim-";

/// The runtime backend that runs \p target's artifacts ("cpu", "cuda",
/// "hip"; the target's own name for targets added later).
std::string backendOf(const std::string &target);

} // namespace check
} // namespace mlir::tile

#endif // TILE_TOOLS_TILE_CHECK_CHECK_H
