//===- TestAxisInfo.cpp - A pass printing the axis analysis ---------------===//

#include "tile/Dialect/Analysis/TestAxisInfo.h"
#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestAxisInfoPass
    : PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)
  StringRef getArgument() const final { return "test-tile-axis-info"; }
  StringRef getDescription() const final {
    return "Emits a remark with the contiguity, divisibility and constancy of "
           "every integer and pointer result";
  }
  void runOnOperation() override {
    AxisInfoAnalysis analysis(getOperation());
    getOperation()->walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        Type element = getElementTypeOrSelf(result.getType());
        if (!isa<IntegerType, PointerType>(element))
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        analysis.getAxisInfo(result).print(os);
        op->emitRemark() << text;
      }
    });
  }
};
} // namespace

void mlir::tile::registerTestAxisInfoPass() {
  PassRegistration<TestAxisInfoPass>();
}
