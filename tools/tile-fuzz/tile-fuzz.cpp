//===- tile-fuzz.cpp - libFuzzer target over the whole compiler -----------===//
//
// Each input is tile IR text. It is parsed and verified, canonicalized, then
// lowered by every target's pipeline to the LLVM dialect, and the CPU's
// result translated to LLVM IR. Any outcome but a crash is fine: bad input
// must end in a diagnostic. Built with -fsanitize=fuzzer (and, by
// scripts/fuzz.sh, with the whole compiler instrumented under ASan), run as
//   tile-fuzz -dict=tools/tile-fuzz/tile.dict CORPUS_DIR
//
//===----------------------------------------------------------------------===//

#include "Support/ToolSupport.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/Target/Target.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace mlir;

namespace {
/// What every input shares: the registry and each target's options,
/// resolved once. The CPU target is lowered for two fixed x86 processors
/// (AVX-512 and SSE vectors) rather than for the host, so that an input takes
/// the same path on every machine and a crash found in CI reproduces here.
struct Setup {
  DialectRegistry registry;
  std::vector<std::pair<const mlir::tile::Target *, mlir::tile::TargetOptions>>
      targets;

  Setup() {
    mlir::tile::registerTileDialects(registry);
    mlir::tile::registerAllTargets();
    for (const std::string &name : mlir::tile::getRegisteredTargetNames()) {
      const mlir::tile::Target *target = mlir::tile::lookupTarget(name);
      std::vector<std::string> chips = {""};
      if (name == "cpu")
        chips = {"x86-64-v4", "x86-64-v2"};
      for (const std::string &chip : chips) {
        mlir::tile::TargetOptions options;
        options.target = name;
        if (name == "cpu") {
          options.triple = "x86_64-unknown-linux-gnu";
          options.chip = chip;
        }
        std::string error;
        if (succeeded(target->resolveOptions(options, error)))
          targets.emplace_back(target, options);
      }
    }
  }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Setup setup;
  std::unique_ptr<llvm::MemoryBuffer> buffer = llvm::MemoryBuffer::getMemBuffer(
      StringRef(reinterpret_cast<const char *>(data), size), "input",
      /*RequiresNullTerminator=*/false);
  std::string error;
  if (failed(mlir::tile::checkNestingDepth(*buffer, error)))
    return 0;
  // One context for every input: creating one, with every dialect's
  // registry, cost more than most inputs' own work. What it keeps between
  // inputs (uniqued types and attributes) only grows it.
  static MLIRContext context(setup.registry, MLIRContext::Threading::DISABLED);
  static bool quiet = [] {
    context.getDiagEngine().registerHandler([](Diagnostic &) {});
    return true;
  }();
  (void)quiet;
  // The parser wants a null-terminated buffer.
  std::string text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module)
    return 0;
  PassManager canonicalize(&context);
  canonicalize.addPass(createCanonicalizerPass());
  if (failed(canonicalize.run(*module)))
    return 0;
  for (auto &[target, options] : setup.targets) {
    OwningOpRef<ModuleOp> copy = module->clone();
    if (failed(mlir::tile::verifyKernelNames(*copy)))
      continue;
    PassManager pm(&context);
    target->buildPipeline(pm, options);
    if (failed(pm.run(*copy)))
      continue;
    if (target->getName() == "cpu") {
      llvm::LLVMContext llvmContext;
      (void)translateModuleToLLVMIR(*copy, llvmContext);
    }
  }
  return 0;
}
