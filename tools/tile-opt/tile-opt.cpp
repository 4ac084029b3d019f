//===- tile-opt.cpp - mlir-opt with the tile dialect and its pipelines ----===//

#include "dialects/Tile/Analysis/TestAxisInfo.h"
#include "dialects/Tile/IR/Tile.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::func::FuncDialect, mlir::tensor::TensorDialect>();
  mlir::registerTransformsPasses();
  mlir::tile::registerTilePasses();
  mlir::tile::registerTestAxisInfoPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tile kernel optimizer\n", registry));
}
