//===- tile-opt.cpp - mlir-opt with the tile dialect and its passes -------===//
//
// Registers the tile dialect, its passes and analyses, and every upstream
// dialect and pass, so that any stage of a target pipeline can be reproduced
// from the command line.
//
//===----------------------------------------------------------------------===//

#include "conversions/TileToGPU/TileToGPU.h"
#include "conversions/TileToVector/TileToVector.h"
#include "dialects/Tile/Analysis/TestAxisInfo.h"
#include "dialects/Tile/IR/Tile.h"
#include "dialects/Tile/Transforms/Passes.h"
#include "targets/Target.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();
  mlir::tile::registerTilePasses();
  mlir::tile::registerTestAxisInfoPass();
  mlir::tile::registerTileToVectorPasses();
  mlir::tile::registerTileToGPUPasses();
  mlir::tile::registerAllTargets();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tile kernel optimizer\n", registry));
}
