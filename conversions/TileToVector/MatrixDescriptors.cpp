//===- MatrixDescriptors.cpp - Blocks of one matrix of an N-D array -------===//
//
// A descriptor over an N-D array whose blocks hold one matrix (every
// dimension but the last two of extent 1: a batch or head index, as
// attention's [heads, seq_len, d] views) is, at each access, a 2-D
// descriptor of that matrix: the base moved by the leading offsets, the
// rows made empty when a leading offset lies outside its extent (the whole
// block is then padding, or dropped). The CPU's chunked evaluation handles
// blocks of rank 2 only, so accesses are rewritten so before it runs.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/ProgramEmitter.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

namespace {

/// The 2-D descriptor `desc`'s block at the leading `offsets` is, built at
/// `b`'s insertion point; null if `desc` is not such a descriptor.
Value matrixDescriptor(OpBuilder &b, Location loc, Value descValue,
                       ValueRange offsets) {
  auto desc = descValue.getDefiningOp<MakeDescOp>();
  RankedTensorType block =
      cast<TensorDescType>(descValue.getType()).getBlockType();
  int64_t rank = block.getRank();
  if (!desc || rank <= 2 ||
      llvm::any_of(block.getShape().drop_back(2),
                   [](int64_t extent) { return extent != 1; }))
    return Value();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value shift = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value inside = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  for (int64_t d = 0; d + 2 < rank; ++d) {
    Value offset = offsets[d];
    shift = arith::AddIOp::create(
        b, loc, shift,
        arith::MulIOp::create(b, loc,
                              arith::ExtSIOp::create(b, loc, i64, offset),
                              desc.getStrides()[d]));
    Value ok = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, offset, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, offset,
                              desc.getShape()[d]));
    inside = arith::AndIOp::create(b, loc, inside, ok);
  }
  Value base =
      AddPtrOp::create(b, loc, desc.getBase().getType(), desc.getBase(), shift);
  Value rows =
      arith::SelectOp::create(b, loc, inside, desc.getShape()[rank - 2], zero);
  auto matrix = RankedTensorType::get(block.getShape().take_back(2),
                                      block.getElementType());
  return MakeDescOp::create(
      b, loc, TensorDescType::get(b.getContext(), matrix), base,
      ValueRange{rows, desc.getShape()[rank - 1]},
      ValueRange{desc.getStrides()[rank - 2], desc.getStrides()[rank - 1]},
      desc.getPaddingAttr());
}

/// `value` reshaped to `type`, or the value it was reshaped from if that
/// has the type already.
Value reshapeTo(OpBuilder &b, Location loc, Value value,
                RankedTensorType type) {
  if (auto reshape = value.getDefiningOp<ReshapeOp>())
    if (reshape.getSrc().getType() == type)
      return reshape.getSrc();
  return ReshapeOp::create(b, loc, type, value);
}

} // namespace

void rewriteMatrixDescriptors(ModuleOp module) {
  SmallVector<Operation *> accesses;
  module.walk([&](Operation *op) {
    if (isa<DescLoadOp, DescStoreOp>(op))
      accesses.push_back(op);
  });
  llvm::SetVector<Operation *> descriptors;
  for (Operation *op : accesses) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value descValue = op->getOperand(0);
    if (auto load = dyn_cast<DescLoadOp>(op)) {
      Value matrix = matrixDescriptor(b, loc, descValue, load.getOffsets());
      if (!matrix)
        continue;
      auto type = cast<TensorDescType>(matrix.getType()).getBlockType();
      Value block = DescLoadOp::create(b, loc, type, matrix,
                                       load.getOffsets().take_back(2));
      // The reshape to the matrix the block usually goes through folds.
      for (Operation *user : llvm::make_early_inc_range(load->getUsers()))
        if (auto reshape = dyn_cast<ReshapeOp>(user);
            reshape && reshape.getType() == type)
          reshape.replaceAllUsesWith(block);
      if (!load->use_empty())
        load.replaceAllUsesWith(
            ReshapeOp::create(b, loc, load.getType(), block).getResult());
    } else {
      auto store = cast<DescStoreOp>(op);
      Value matrix = matrixDescriptor(b, loc, descValue, store.getOffsets());
      if (!matrix)
        continue;
      auto type = cast<TensorDescType>(matrix.getType()).getBlockType();
      DescStoreOp::create(b, loc, matrix, store.getOffsets().take_back(2),
                          reshapeTo(b, loc, store.getValue(), type));
    }
    descriptors.insert(descValue.getDefiningOp());
    op->erase();
  }
  // The N-D descriptors, and the reshapes into and out of their blocks,
  // once nothing uses them.
  for (Operation *desc : descriptors)
    if (desc->use_empty())
      desc->erase();
  module.walk([](ReshapeOp reshape) {
    if (reshape->use_empty())
      reshape->erase();
  });
}

} // namespace mlir::tile::tovector
