//===- MapElementwise.cpp - tt.map_elementwise as whole-tensor ops --------===//
//
// tl.map_elementwise applies a scalar function, which may branch, to every
// element of its operands. In TTIR its region is that function, a CFG of cf
// branches (an `if` that returns is a branch). tile has no such op, and needs
// none: the region is evaluated here on whole tensors. Every block's ops run
// on every element (they are pure, and tile defines each of them for every
// input, so running one where the scalar function would not is harmless);
// each block gets a predicate, a tensor of i1 saying for which elements
// control reaches it, and a block's arguments, like the results, select
// between what its incoming edges pass.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/PostOrderIterator.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// What an edge into a block, or a return, carries: for which elements it is
/// taken, and the values it passes.
struct Edge {
  Value taken;
  SmallVector<Value> values;
};
} // namespace

/// `edges`' values merged element by element: each element from the edge
/// taken there (the edges are exclusive; the last stands where none is).
static SmallVector<Value> merge(OpBuilder &b, Location loc,
                                ArrayRef<Edge> edges) {
  SmallVector<Value> merged(edges.back().values);
  for (const Edge &edge : llvm::reverse(edges.drop_back()))
    for (auto [value, other] : llvm::zip(merged, edge.values))
      value = arith::SelectOp::create(b, loc, edge.taken, other, value);
  return merged;
}

/// Replaces each scf.if of `op`'s function (a helper's early return, lifted
/// to scf when the helper was inlined) by both of its branches and a select
/// of their results: the branches are pure, so running both is harmless.
static LogicalResult flattenIfs(ttir::MapElementwiseOp op) {
  SmallVector<scf::IfOp> ifs;
  WalkResult walk = op.getScalarOp().walk([&](Operation *inner) {
    if (isa<LoopLikeOpInterface>(inner)) {
      inner->emitError("tt.map_elementwise: a function with a loop is not "
                       "imported yet");
      return WalkResult::interrupt();
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(inner))
      ifs.push_back(ifOp); // innermost first: the walk is post-order
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (scf::IfOp ifOp : ifs) {
    Block *parent = ifOp->getBlock();
    auto hoist = [&](Block *branch) -> SmallVector<Value> {
      if (!branch)
        return {};
      auto yield = cast<scf::YieldOp>(branch->getTerminator());
      SmallVector<Value> values(yield.getOperands());
      yield.erase();
      parent->getOperations().splice(ifOp->getIterator(),
                                     branch->getOperations());
      return values;
    };
    SmallVector<Value> thenValues = hoist(ifOp.thenBlock());
    SmallVector<Value> elseValues = hoist(ifOp.elseBlock());
    OpBuilder b(ifOp);
    SmallVector<Value> results;
    for (auto [x, y] : llvm::zip(thenValues, elseValues))
      results.push_back(arith::SelectOp::create(b, ifOp.getLoc(),
                                                ifOp.getCondition(), x, y));
    ifOp.replaceAllUsesWith(results);
    ifOp.erase();
  }
  return success();
}

static LogicalResult expand(ttir::MapElementwiseOp op) {
  Location loc = op.getLoc();
  if (op.getPack() != 1)
    return op.emitError("tt.map_elementwise with pack = ")
           << op.getPack()
           << " (several elements per call) is not imported yet";
  if (failed(flattenIfs(op)))
    return failure();
  Region &region = op.getScalarOp();
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(op.getSrcs().front().getType()).getShape();
  auto tensorOf = [&](Type scalar) {
    return RankedTensorType::get(shape, scalar);
  };
  OpBuilder b(op);
  Type i1 = b.getI1Type();
  Value allTrue = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(tensorOf(i1), true));

  // The blocks, each after its predecessors; a cycle (a loop in the
  // function) is refused.
  SmallVector<Block *> order(llvm::post_order(&region.front()));
  std::reverse(order.begin(), order.end());
  DenseMap<Block *, unsigned> position;
  for (auto [i, block] : llvm::enumerate(order))
    position[block] = i;
  for (Block *block : order)
    for (Block *successor : block->getSuccessors())
      if (position.lookup(successor) <= position.lookup(block))
        return op.emitError("tt.map_elementwise: a function with a loop is "
                            "not imported yet");

  IRMapping map;
  for (auto [arg, src] : llvm::zip(region.getArguments(), op.getSrcs()))
    map.map(arg, src);
  DenseMap<Block *, SmallVector<Edge>> incoming;
  SmallVector<Edge> returns;
  // A value from outside the region (a captured scalar) as a tensor.
  auto mapped = [&](Value value) -> Value {
    if (Value known = map.lookupOrNull(value))
      return known;
    if (isa<RankedTensorType>(value.getType()))
      return value;
    Value splat =
        ttir::SplatOp::create(b, loc, tensorOf(value.getType()), value);
    map.map(value, splat);
    return splat;
  };
  for (Block *block : order) {
    Value taken = allTrue;
    if (block != &region.front()) {
      SmallVector<Edge> &edges = incoming[block];
      if (edges.empty())
        continue; // unreachable
      taken = edges.front().taken;
      for (const Edge &edge : ArrayRef(edges).drop_front())
        taken = arith::OrIOp::create(b, loc, taken, edge.taken);
      for (auto [arg, value] :
           llvm::zip(block->getArguments(), merge(b, loc, edges)))
        map.map(arg, value);
    }
    for (Operation &inner : block->without_terminator()) {
      if (!isMemoryEffectFree(&inner) || inner.getNumRegions())
        return inner.emitError("in a tt.map_elementwise function: only ops "
                               "without memory effects or regions are "
                               "imported");
      if (auto constant = dyn_cast<arith::ConstantOp>(inner)) {
        auto value = dyn_cast<TypedAttr>(constant.getValue());
        if (!value || isa<ShapedType>(value.getType()))
          return inner.emitError("in a tt.map_elementwise function: a "
                                 "constant that is not a scalar");
        map.map(constant.getResult(),
                arith::ConstantOp::create(
                    b, inner.getLoc(),
                    DenseElementsAttr::get(tensorOf(value.getType()), value)));
        continue;
      }
      for (Value operand : inner.getOperands())
        mapped(operand);
      Operation *clone = b.clone(inner, map);
      for (OpResult result : clone->getResults())
        result.setType(tensorOf(result.getType()));
    }
    Operation *terminator = block->getTerminator();
    auto values = [&](ValueRange range) {
      SmallVector<Value> out;
      for (Value value : range)
        out.push_back(mapped(value));
      return out;
    };
    if (auto br = dyn_cast<cf::BranchOp>(terminator)) {
      incoming[br.getDest()].push_back({taken, values(br.getDestOperands())});
    } else if (auto condBr = dyn_cast<cf::CondBranchOp>(terminator)) {
      Value condition = mapped(condBr.getCondition());
      Value notCondition = arith::XOrIOp::create(b, loc, condition, allTrue);
      incoming[condBr.getTrueDest()].push_back(
          {arith::AndIOp::create(b, loc, taken, condition),
           values(condBr.getTrueDestOperands())});
      incoming[condBr.getFalseDest()].push_back(
          {arith::AndIOp::create(b, loc, taken, notCondition),
           values(condBr.getFalseDestOperands())});
    } else if (auto ret = dyn_cast<ttir::MapElementwiseReturnOp>(terminator)) {
      returns.push_back({taken, values(ret.getResult())});
    } else {
      return terminator->emitError("in a tt.map_elementwise function: '")
             << terminator->getName() << "' is not a branch or a return";
    }
  }
  if (returns.empty())
    return op.emitError("tt.map_elementwise: the function never returns");
  op.replaceAllUsesWith(merge(b, loc, returns));
  op.erase();
  return success();
}

LogicalResult mlir::tile::expandMapElementwise(ModuleOp module) {
  SmallVector<ttir::MapElementwiseOp> ops;
  module.walk([&](ttir::MapElementwiseOp op) { ops.push_back(op); });
  for (ttir::MapElementwiseOp op : ops)
    if (failed(expand(op)))
      return failure();
  return success();
}
