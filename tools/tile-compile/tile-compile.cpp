//===- tile-compile.cpp - Compiles tile kernels to an artifact ------------===//
//
//   tile-compile kernel.mlir --target=cpu[:chip=...,features=...] -o out.tile
//   tile-compile kernel.mlir --target=cpu --emit=llvm-dialect -o out.mlir
//
// Runs the target's pipeline (the one tile-opt runs as
// --tile-<target>-pipeline) and writes the artifact, or an intermediate
// form for inspection.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/IR/Tile.h"
#include "targets/Target.h"
#include "tools/Support/ToolSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace llvm;

static cl::opt<std::string> inputPath(cl::Positional, cl::desc("<kernel.mlir>"),
                                      cl::init("-"));
static cl::opt<std::string> outputPath("o", cl::desc("Output file"),
                                       cl::value_desc("path"), cl::init("-"));
static cl::opt<std::string>
    targetSpec("target", cl::desc("Target: cpu[:chip=NAME,features=+a,-b]"),
               cl::init("cpu"));
static cl::opt<bool> boundsCheck(
    "bounds-check",
    cl::desc("Check every load, store and atomic against the extent of its "
             "buffer; a violation fails the launch (docs/Semantics.md)"),
    cl::init(false));
static cl::opt<std::string> emit(
    "emit",
    cl::desc("What to write: artifact (default); llvm-dialect (the lowered "
             "module); llvm (optimized LLVM IR), asm or obj (machine code); so "
             "(the CPU shared object alone)"),
    cl::init("artifact"));

static int compile() {
  DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  mlir::tile::registerAllTargets();
  MLIRContext context(registry);

  std::string error;
  FailureOr<mlir::tile::TargetOptions> options =
      mlir::tile::TargetOptions::parse(targetSpec, error);
  if (failed(options)) {
    errs() << "tile-compile: " << error << "\n";
    return 2;
  }
  options->boundsCheck = boundsCheck;
  if (!llvm::is_contained(
          {"artifact", "llvm-dialect", "llvm", "asm", "obj", "so"},
          StringRef(emit))) {
    errs() << "tile-compile: unknown --emit=" << emit
           << " (expected artifact, llvm-dialect, llvm, asm, obj or so)\n";
    return 2;
  }

  SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  auto file = openInputFile(inputPath, &error);
  if (!file) {
    errs() << "tile-compile: " << error << "\n";
    return 1;
  }
  if (failed(mlir::tile::checkNestingDepth(*file, error))) {
    errs() << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  std::string text;
  ::tile::Artifact artifact;
  bool intermediate = emit == "llvm" || emit == "asm" || emit == "obj";
  if (intermediate) {
    if (failed(
            mlir::tile::compileToIntermediate(*module, *options, emit, text)))
      return 1;
  } else if (failed(
                 mlir::tile::compileToArtifact(*module, *options, artifact))) {
    return 1;
  }
  // The reader's rules (names, symbols, fields), checked before anything is
  // written: a bad artifact is an error here, not a file no runtime loads.
  std::string invalid;
  if (emit == "artifact" && !::tile::validateArtifact(artifact, invalid)) {
    errs() << "tile-compile: cannot write the artifact: " << invalid << "\n";
    return 1;
  }

  auto output = openOutputFile(outputPath, &error);
  if (!output) {
    errs() << "tile-compile: " << error << "\n";
    return 1;
  }
  if (intermediate)
    output->os() << text;
  else if (emit == "llvm-dialect")
    module->print(output->os());
  else if (emit == "so")
    output->os() << artifact.binary;
  else
    output->os() << ::tile::serializeArtifact(artifact);
  // A failed write (a full disk, -o /dev/full) only sets the stream's error,
  // which would abort in its destructor ("LLVM ERROR: IO failure"): report
  // it. A partial regular file is removed (not kept); a device or pipe is
  // kept, since discarding it would unlink it.
  output->os().flush();
  if (std::error_code ec = output->os().error()) {
    errs() << "tile-compile: cannot write '" << outputPath
           << "': " << ec.message() << "\n";
    output->os().clear_error();
    if (!llvm::sys::fs::is_regular_file(outputPath))
      output->keep();
    return 1;
  }
  output->keep();
  return 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "Tile kernel compiler\n");
  return mlir::tile::runWithLargeStack(compile);
}
