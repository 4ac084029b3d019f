//===- Structure.cpp - Helpers inlined, early returns lifted to scf -------===//
//
// TTIR keeps `noinline` helpers as tt.call of private tt.funcs, and a
// `return` inside an `if` makes a function body a CFG of cf branches. tile
// has neither calls nor CFGs, so both are removed before any op converts:
// each function's CFG is lifted to scf (MLIR's CFG-to-SCF transformation),
// then calls are inlined innermost last, with call-site locations as
// Triton's own inliner writes them.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CFGToSCF.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The upstream cf -> scf lifting, ending an unreachable path with a
/// tt.return of poison values instead of a func.return.
class TTIRControlFlowToSCF : public ControlFlowToSCFTransformation {
public:
  FailureOr<Operation *> createUnreachableTerminator(Location loc,
                                                     OpBuilder &builder,
                                                     Region &region) override {
    auto func = dyn_cast<ttir::FuncOp>(region.getParentOp());
    if (!func)
      return emitError(loc, "cannot end an unreachable path outside a tt.func");
    SmallVector<Value> values;
    for (Type type : func.getResultTypes())
      values.push_back(ub::PoisonOp::create(builder, loc, type));
    return ttir::ReturnOp::create(builder, loc, values).getOperation();
  }
};
} // namespace

// Helpers nested deeper than this are taken for recursion.
static constexpr int kMaxCallDepth = 64;

static LogicalResult liftControlFlow(ttir::FuncOp func) {
  if (func.isExternal())
    return success();
  // The front end's own module (before make_ttir) keeps the dead blocks
  // that follow a return.
  IRRewriter rewriter(func.getContext());
  (void)eraseUnreachableBlocks(rewriter, func.getBody());
  if (func.getBody().hasOneBlock())
    return success();
  TTIRControlFlowToSCF interface;
  DominanceInfo dominance(func);
  if (failed(transformCFGToSCF(func.getBody(), interface, dominance)))
    return func.emitError("cannot lift the branches of '@")
           << func.getSymName() << "' to structured control flow";
  return success();
}

static LogicalResult inlineCall(ttir::CallOp call, ttir::FuncOp callee) {
  if (callee.isExternal())
    return call.emitError("calls '@")
           << callee.getSymName() << "', which has no body";
  if (!callee.getBody().hasOneBlock())
    return call.emitError("calls '@")
           << callee.getSymName() << "', whose body is not structured";
  Block &body = callee.getBody().front();
  if (!llvm::equal(body.getArgumentTypes(), call.getOperandTypes()) ||
      !llvm::equal(callee.getResultTypes(), call.getResultTypes()))
    return call.emitError("does not match the signature of '@")
           << callee.getSymName() << "'";
  IRMapping mapping;
  mapping.map(body.getArguments(), call.getOperands());
  OpBuilder builder(call);
  for (Operation &op : body.without_terminator()) {
    Operation *clone = builder.clone(op, mapping);
    clone->walk([&](Operation *nested) {
      nested->setLoc(CallSiteLoc::get(nested->getLoc(), call.getLoc()));
    });
  }
  auto ret = cast<ttir::ReturnOp>(body.getTerminator());
  for (auto [result, value] : llvm::zip(call.getResults(), ret.getSrcs()))
    result.replaceAllUsesWith(mapping.lookupOrDefault(value));
  call.erase();
  return success();
}

LogicalResult mlir::tile::structureTTIRKernel(ModuleOp module) {
  SmallVector<ttir::FuncOp> kernels;
  for (auto func : module.getOps<ttir::FuncOp>())
    if (func.isPublic())
      kernels.push_back(func);
  if (kernels.empty())
    return module.emitError("no public tt.func: a TTIR module holds one "
                            "kernel");
  if (kernels.size() > 1)
    return kernels[1].emitError("a second public tt.func ('@")
           << kernels[1].getSymName() << "' after '@" << kernels[0].getSymName()
           << "'): a TTIR module holds one kernel";
  ttir::FuncOp kernel = kernels.front();

  for (auto func : module.getOps<ttir::FuncOp>())
    if (failed(liftControlFlow(func)))
      return failure();

  SymbolTable symbols(module);
  for (int depth = 0;; ++depth) {
    SmallVector<ttir::CallOp> calls;
    kernel.walk([&](ttir::CallOp call) { calls.push_back(call); });
    if (calls.empty())
      break;
    if (depth == kMaxCallDepth)
      return calls.front().emitError("helper calls nest more than ")
             << kMaxCallDepth << " deep: recursion has no tile meaning";
    for (ttir::CallOp call : calls) {
      auto callee = symbols.lookup<ttir::FuncOp>(call.getCallee());
      if (!callee)
        return call.emitError("calls '@")
               << call.getCallee() << "', which the module does not define";
      if (failed(inlineCall(call, callee)))
        return failure();
    }
  }
  for (auto func : llvm::make_early_inc_range(module.getOps<ttir::FuncOp>()))
    if (func != kernel)
      func.erase();
  return success();
}
