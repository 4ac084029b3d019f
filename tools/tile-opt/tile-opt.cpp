//===- tile-opt.cpp - mlir-opt with the tile dialect and its passes -------===//
//
// Registers the tile dialect, its passes and analyses, and every upstream
// dialect and pass, so that any stage of a target pipeline can be reproduced
// from the command line.
//
//===----------------------------------------------------------------------===//

#include "Support/ToolSupport.h"
#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Conversion/TileToVector/TileToVector.h"
#include "tile/Dialect/Analysis/TestAxisInfo.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/Dialect/Transforms/Passes.h"
#include "tile/Target/Target.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tile::registerTileDialects(registry);
  mlir::tile::registerTTIRDialects(registry);
  mlir::tile::registerTTIRToTilePasses();
  mlir::registerAllDialects(registry);
  mlir::registerAllPasses();
  mlir::tile::registerAllTilePasses();
  mlir::tile::registerTestAxisInfoPass();
  auto [inputPath, outputPath] = mlir::registerAndParseCLIOptions(
      argc, argv, "Tile kernel optimizer\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputPath, outputPath, registry));

  // As MlirOptMain does, with deep nesting refused before parsing and the
  // work on a large stack (tools/Support/ToolSupport.h).
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputPath, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::tile::checkNestingDepth(*input, error))) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputPath, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  int result = mlir::tile::runWithLargeStack([&] {
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(output->os(), std::move(input), registry, config));
  });
  if (result == 0)
    output->keep();
  return result;
}
