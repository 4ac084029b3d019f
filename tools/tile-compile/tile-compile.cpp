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

#include "Support/ToolSupport.h"
#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/Target/CompileCache.h"
#include "tile/Target/Target.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cstdlib>
#include <optional>

using namespace mlir;
using namespace llvm;

static cl::OptionCategory compileOptions("tile-compile options");

static cl::opt<std::string> inputPath(cl::Positional, cl::desc("<kernel.mlir>"),
                                      cl::init("-"), cl::cat(compileOptions));
static cl::opt<std::string> outputPath("o", cl::desc("Output file"),
                                       cl::value_desc("path"), cl::init("-"),
                                       cl::cat(compileOptions));
static cl::opt<std::string>
    targetSpec("target",
               cl::desc("Target and options: cpu[:chip=NAME,features=+a,-b], "
                        "nvidia[:chip=sm_90a] or amd[:chip=gfx942] "
                        "(docs/Targets.md)"),
               cl::init("cpu"), cl::cat(compileOptions));
static cl::opt<bool> boundsCheck(
    "bounds-check",
    cl::desc("Check every load, store and atomic against the extent of its "
             "buffer; a violation fails the launch (docs/Semantics.md)"),
    cl::init(false), cl::cat(compileOptions));
static cl::opt<std::string> emit(
    "emit",
    cl::desc("What to write: artifact (default); llvm-dialect (the lowered "
             "module); llvm (optimized LLVM IR), asm or obj (machine code); so "
             "(the CPU shared object alone)"),
    cl::init("artifact"), cl::cat(compileOptions));

static cl::opt<std::string> ttirMetadata(
    "ttir-metadata",
    cl::desc("For a .ttir kernel: Triton's metadata JSON (num_warps, "
             "num_stages, enable_fp_fusion; docs/TTIR.md). Default: the "
             ".json beside the .ttir, if any; 'none' for none"),
    cl::value_desc("file"), cl::init(""), cl::cat(compileOptions));

static cl::list<std::string> hostDescriptorPadding(
    "host-descriptor-padding",
    cl::desc("For a .ttir kernel: the out-of-bounds value of its host "
             "TensorDescriptor arguments, zero or nan (one for all, or one "
             "each, comma-separated); the TTIR does not record it (default "
             "zero, or the corpus sidecar's)"),
    cl::CommaSeparated, cl::value_desc("zero|nan"), cl::cat(compileOptions));

static cl::opt<bool> useCache(
    "cache",
    cl::desc("Keep artifacts in the compile cache and reuse them: "
             "$TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile, else "
             "~/.cache/tile (on by default when TILE_CACHE_DIR is set)"),
    cl::init(false), cl::cat(compileOptions));
static cl::opt<std::string>
    cacheDir("cache-dir",
             cl::desc("Use the compile cache in this directory (implies "
                      "--cache)"),
             cl::value_desc("dir"), cl::init(""), cl::cat(compileOptions));
static cl::opt<bool> noCache("no-cache",
                             cl::desc("Compile without the cache, whatever "
                                      "else asks for it"),
                             cl::init(false), cl::cat(compileOptions));
static cl::opt<bool> clearCache(
    "clear-cache",
    cl::desc("Remove every entry of the compile cache (--cache-dir or the "
             "default) and exit"),
    cl::init(false), cl::cat(compileOptions));

/// The cache this run uses, if any.
static std::optional<mlir::tile::CompileCache> openCache() {
  bool fromEnvironment =
      std::getenv("TILE_CACHE_DIR") && *std::getenv("TILE_CACHE_DIR");
  if (noCache || !(useCache || !cacheDir.empty() || fromEnvironment))
    return std::nullopt;
  return mlir::tile::CompileCache(cacheDir);
}

static int clear() {
  mlir::tile::CompileCache cache(cacheDir);
  size_t removed = 0;
  std::string error;
  if (failed(cache.clear(removed, error))) {
    errs() << "tile-compile: " << error << "\n";
    return 1;
  }
  outs() << "tile-compile: removed " << removed << " entries from "
         << cache.getDirectory() << "\n";
  return 0;
}

static int compile() {
  if (clearCache)
    return clear();
  DialectRegistry registry;
  mlir::tile::registerTileDialects(registry);
  // Reads --mlir-disable-threading and the other context options.
  MLIRContext context(registry);

  std::string error;
  FailureOr<mlir::tile::TargetOptions> options =
      mlir::tile::TargetOptions::parse(targetSpec, error);
  if (failed(options)) {
    errs() << "tile-compile: " << error << "\n";
    return 2;
  }
  options->boundsCheck = boundsCheck;
  // An unknown target, chip or feature is the command line's error: said
  // before the kernel is read, not at the kernel's location.
  {
    OpPassManager probe(ModuleOp::getOperationName());
    mlir::tile::TargetOptions resolved = *options;
    if (failed(mlir::tile::buildTargetPipeline(probe, resolved, error))) {
      errs() << "tile-compile: error: " << error << "\n";
      return 2;
    }
  }
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
  // A Triton kernel's TTIR is imported first (docs/TTIR.md).
  mlir::tile::ConvertTTIRToTileOptions ttirOptions;
  ttirOptions.hostDescriptorPadding.assign(hostDescriptorPadding.begin(),
                                           hostDescriptorPadding.end());
  OwningOpRef<ModuleOp> module =
      mlir::tile::isTTIRFileName(inputPath)
          ? mlir::tile::importTTIR(sourceMgr, &context, ttirOptions,
                                   ttirMetadata == "none" ? std::string()
                                   : ttirMetadata.empty()
                                       ? mlir::tile::findTTIRMetadata(inputPath)
                                       : ttirMetadata.getValue())
          : parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  // --mlir-print-ir-*, --mlir-timing, the crash reproducer: applied to the
  // target's pass manager as mlir-opt applies them to its own.
  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();
  auto configure = [&](PassManager &pm) -> LogicalResult {
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
    pm.enableTiming(rootTiming);
    return success();
  };

  std::string text;
  mlir::tile::Artifact artifact;
  bool intermediate = emit != "artifact" && emit != "so";
  if (intermediate) {
    if (failed(mlir::tile::compileToIntermediate(*module, *options, emit, text,
                                                 configure)))
      return 1;
  } else if (std::optional<mlir::tile::CompileCache> cache = openCache();
             failed(mlir::tile::compileToArtifact(*module, *options, artifact,
                                                  configure,
                                                  cache ? &*cache : nullptr))) {
    return 1;
  }
  // The reader's rules (names, symbols, fields), checked before anything is
  // written: a bad artifact is an error here, not a file no runtime loads.
  std::string invalid;
  if (emit == "artifact" && !mlir::tile::validateArtifact(artifact, invalid)) {
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
  else if (emit == "so")
    output->os() << artifact.binary;
  else
    output->os() << mlir::tile::serializeArtifact(artifact);
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
  // First: the --mlir-print-ir-* options list the passes registered when
  // they are created.
  mlir::tile::registerAllTilePasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  mlir::tile::hideBackendOptions(compileOptions);
  cl::ParseCommandLineOptions(argc, argv, "Tile kernel compiler\n");
  return mlir::tile::runWithLargeStack(compile);
}
