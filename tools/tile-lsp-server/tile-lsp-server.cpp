//===- tile-lsp-server.cpp - The MLIR language server for tile IR ---------===//
//
// mlir-lsp-server with the tile dialect and everything kernels are written
// in and lowered through registered, so that editors parse, verify and
// navigate tile IR (and the IR of every pipeline stage tile-opt prints).
//
//===----------------------------------------------------------------------===//

#include "tile/Target/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tile::registerTileDialects(registry);
  mlir::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
