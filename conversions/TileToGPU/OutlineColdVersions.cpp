//===- OutlineColdVersions.cpp - A kernel's cold version in a function ----===//
//
// tile-version-signs keeps, beside the version a launch with non-negative
// sizes runs, the kernel as written for the others; the GPU lowering marks
// the guard's condition with llvm.expect true. ptxas allocates one
// function's registers as a whole: held to the registers the hot version
// needs (NVIDIATarget's blocks per multiprocessor), it spills to fit the
// cold version and may place reloads in the hot version's main loop (Triton's
// grouped matmul reloaded two values per iteration). In a function of its
// own, called where the branch was and never inlined, the cold version
// spills in its own frame and the kernel keeps what the hot version needs.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/TileToGPU.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEOUTLINECOLDVERSIONS
#include "tile/Conversion/TileToGPU/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Whether `value` can be recomputed in the outlined function instead of
/// passed to it: the result of an effect-free op without operands (a
/// constant, a global's address, a block or thread index).
static bool isRecomputable(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         isMemoryEffectFree(def);
}

/// Whether a value of `type` can be passed to the outlined function as it
/// is (the GPU lowering's scalars).
static bool isPassable(Type type) {
  return isa<IntegerType, FloatType, LLVM::LLVMPointerType>(type);
}

/// Moves the else branch of `guard` into a new function of `symbols`' gpu
/// module and calls it there; leaves `guard` as it is where the branch
/// yields values or captures a value that cannot be passed.
static void outlineColdBranch(scf::IfOp guard, gpu::GPUFuncOp kernel,
                              SymbolTable &symbols) {
  Region &cold = guard.getElseRegion();
  if (guard.getNumResults() != 0)
    return;
  SetVector<Value> captures;
  getUsedValuesDefinedAbove(cold, captures);
  SmallVector<Value> passed, recomputed;
  for (Value value : captures) {
    if (isRecomputable(value))
      recomputed.push_back(value);
    else if (isPassable(value.getType()))
      passed.push_back(value);
    else
      return;
  }

  // An internal LLVM function, so that nothing else (a C interface) is
  // made for it and LLVM may drop it once the guard is known true.
  Location loc = guard.getLoc();
  MLIRContext *context = guard.getContext();
  OpBuilder builder(kernel);
  auto function = LLVM::LLVMFuncOp::create(
      builder, loc, (kernel.getName() + "_cold").str(),
      LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(context),
          llvm::to_vector(ValueRange(passed).getTypes())),
      LLVM::Linkage::Internal);
  function.setNoInline(true);
  symbols.insert(function);

  Block *body = &cold.front();
  Block *entry = function.addEntryBlock(builder);
  builder.setInsertionPointToStart(entry);
  IRMapping mapping;
  for (Value value : recomputed)
    mapping.map(value,
                builder.clone(*value.getDefiningOp())
                    ->getResult(cast<OpResult>(value).getResultNumber()));
  mapping.map(ValueRange(passed), entry->getArguments());
  entry->getOperations().splice(entry->end(), body->getOperations(),
                                body->begin(), std::prev(body->end()));
  for (Value value : captures)
    replaceAllUsesInRegionWith(value, mapping.lookup(value),
                               function.getBody());
  builder.setInsertionPointToEnd(entry);
  LLVM::ReturnOp::create(builder, loc, ValueRange());

  builder.setInsertionPoint(body->getTerminator());
  LLVM::CallOp::create(builder, loc, function, passed);
}

namespace {
struct TileOutlineColdVersionsPass
    : tile::impl::TileOutlineColdVersionsBase<TileOutlineColdVersionsPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<std::pair<scf::IfOp, gpu::GPUFuncOp>> guards;
    for (auto kernel : module.getOps<gpu::GPUFuncOp>())
      kernel.walk([&](scf::IfOp op) {
        if (op.getCondition().getDefiningOp<LLVM::ExpectOp>() &&
            !op.getElseRegion().empty())
          guards.push_back({op, kernel});
      });
    for (auto [guard, kernel] : guards)
      outlineColdBranch(guard, kernel, symbols);
  }
};
} // namespace
