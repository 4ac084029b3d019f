//===- Restructure.cpp - cat, join and gather -----------------------------===//
//
// Ops that move elements to other coordinates. Their sources are written to
// shared memory at the result's (or the source's) row-major positions and
// read back in the layout asked for, so any layout on either side works.
// (reshape and split keep elements in their registers: Evaluation.cpp.)
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

/// `coords` with `extra` appended (the new last dimension of join).
static SmallVector<Value> withLast(ArrayRef<Value> coords, Value extra) {
  SmallVector<Value> result(coords);
  result.push_back(extra);
  return result;
}

FailureOr<SmallVector<Value>>
KernelLowering::restructure(OpBuilder &b, Value tile, const Layout &layout) {
  Location loc = tile.getLoc();
  Operation *def = tile.getDefiningOp();
  ArrayRef<int64_t> shape = cast<RankedTensorType>(tile.getType()).getShape();
  auto shapeOf = [](Value value) {
    return cast<RankedTensorType>(value.getType()).getShape();
  };
  // Each source in the layout it is cheapest in.
  SmallVector<Distributed> sources;
  for (Value operand : def->getOperands()) {
    if (isa<GatherOp>(def) && operand == cast<GatherOp>(def).getIndices())
      continue;
    Layout sourceLayout = preferredLayout(operand);
    FailureOr<SmallVector<Value>> regs = at(operand, sourceLayout);
    if (failed(regs))
      return failure();
    sources.push_back({sourceLayout, *regs});
  }
  auto rowMajorIn = [&](ArrayRef<int64_t> inShape) {
    return [&, inShape](OpBuilder &ib, int64_t, ArrayRef<Value> coords) {
      return linearIndex(ib, loc, coords, inShape);
    };
  };
  auto inResult = rowMajorIn(shape);

  if (auto cat = dyn_cast<CatOp>(def)) {
    unsigned axis = cat.getAxis();
    int64_t lhsExtent = shapeOf(cat.getLhs())[axis];
    auto shifted = [&](OpBuilder &ib, int64_t, ArrayRef<Value> coords) {
      SmallVector<Value> moved(coords);
      moved[axis] = arith::AddIOp::create(ib, loc, moved[axis],
                                          constI32(ib, loc, lhsExtent));
      return linearIndex(ib, loc, moved, shape);
    };
    return exchangeThroughShared(
        b, loc, {{&sources[0], inResult}, {&sources[1], shifted}},
        layout.getNumElements(), layout, inResult);
  }
  if (isa<JoinOp>(def)) {
    auto half = [&](int64_t k) {
      return [&, k](OpBuilder &ib, int64_t, ArrayRef<Value> coords) {
        return linearIndex(ib, loc, withLast(coords, constI32(ib, loc, k)),
                           shape);
      };
    };
    return exchangeThroughShared(
        b, loc, {{&sources[0], half(0)}, {&sources[1], half(1)}},
        layout.getNumElements(), layout, inResult);
  }
  if (auto gather = dyn_cast<GatherOp>(def)) {
    unsigned axis = gather.getAxis();
    ArrayRef<int64_t> srcShape = shapeOf(gather.getSrc());
    FailureOr<SmallVector<Value>> indices = at(gather.getIndices(), layout);
    if (failed(indices))
      return failure();
    // An index out of range picks some element (never memory outside the
    // scratch space): it is wrapped into the axis.
    int64_t extent = srcShape[axis];
    auto picked = [&](OpBuilder &ib, int64_t r, ArrayRef<Value> coords) {
      Value index = (*indices)[r];
      Type i32 = ib.getI32Type();
      unsigned width = index.getType().getIntOrFloatBitWidth();
      if (width > 32)
        index = arith::TruncIOp::create(ib, loc, i32, index);
      else if (width < 32)
        index = arith::ExtSIOp::create(ib, loc, i32, index);
      index = llvm::isPowerOf2_64(extent)
                  ? Value(arith::AndIOp::create(ib, loc, index,
                                                constI32(ib, loc, extent - 1)))
                  : Value(arith::RemUIOp::create(ib, loc, index,
                                                 constI32(ib, loc, extent)));
      SmallVector<Value> from(coords);
      from[axis] = index;
      return linearIndex(ib, loc, from, srcShape);
    };
    int64_t srcElements = 1;
    for (int64_t extentOfDim : srcShape)
      srcElements *= extentOfDim;
    return exchangeThroughShared(b, loc, {{&sources[0], rowMajorIn(srcShape)}},
                                 srcElements, layout, picked);
  }
  return unsupported(def, "this op is not implemented on GPUs yet"), failure();
}
