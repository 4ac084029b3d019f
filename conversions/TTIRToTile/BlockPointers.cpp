//===- BlockPointers.cpp - Block pointers as pointer tensors and masks ----===//
//
// The front end's own module (before make_ttir) keeps tl.make_block_ptr:
// tt.make_tensor_ptr describes a block of a strided array, tt.advance
// moves it, and tt.load / tt.store with `boundaryCheck` access it, masking
// the elements outside the array along the checked dimensions and reading
// `padding` there. tile has no such value; as Triton's own make_ttir does,
// each block pointer is taken apart into its base, extents, strides and
// offsets (the pieces travel through scf.for and scf.if as separate
// values), and each access becomes a tensor of pointers with its mask.
//
//===----------------------------------------------------------------------===//

#include "Addressing.h"
#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// What a block pointer is made of.
struct BlockPointer {
  RankedTensorType block;
  Value base;
  SmallVector<Value> extents; // i64
  SmallVector<Value> strides; // i64
  SmallVector<Value> offsets; // i32

  /// The pieces in the order they travel through control flow.
  SmallVector<Value> pieces() const {
    SmallVector<Value> all{base};
    llvm::append_range(all, extents);
    llvm::append_range(all, strides);
    llvm::append_range(all, offsets);
    return all;
  }

  static size_t numPieces(RankedTensorType block) {
    return 1 + 3 * block.getRank();
  }

  static BlockPointer fromPieces(RankedTensorType block, ValueRange pieces) {
    size_t rank = block.getRank();
    BlockPointer pointer{block, pieces[0], {}, {}, {}};
    llvm::append_range(pointer.extents, pieces.slice(1, rank));
    llvm::append_range(pointer.strides, pieces.slice(1 + rank, rank));
    llvm::append_range(pointer.offsets, pieces.slice(1 + 2 * rank, rank));
    return pointer;
  }
};

class BlockPointerLowering {
public:
  LogicalResult lowerBlock(Block &block);
  void eraseDeadOps();

private:
  LogicalResult lowerOp(Operation *op);
  LogicalResult lowerFor(scf::ForOp loop);
  LogicalResult lowerIf(scf::IfOp ifOp);
  void lowerYield(scf::YieldOp yield);
  void lowerLoad(ttir::LoadOp load);
  void lowerStore(ttir::StoreOp store);

  /// The block a block-pointer type points to, or null for other types.
  static RankedTensorType blockOf(Type type) {
    if (!ttir::isBlockPointer(type))
      return {};
    return cast<RankedTensorType>(
        cast<ttir::PointerType>(type).getPointeeType());
  }

  /// `types` with each block pointer replaced by the types of its pieces.
  SmallVector<Type> expandTypes(TypeRange types);
  /// `values` with each block pointer replaced by its pieces.
  SmallVector<Value> expandValues(ValueRange values);
  /// Records the block pointers among `originals` as the pieces of
  /// `expanded` that stand for them, and replaces the others.
  void bindResults(ValueRange originals, ValueRange expanded);

  std::pair<Value, Value> address(OpBuilder &b, Location loc,
                                  const BlockPointer &pointer,
                                  ArrayRef<int32_t> boundaryCheck);

  DenseMap<Value, BlockPointer> pointers;
  SmallVector<Operation *> dead;
};
} // namespace

SmallVector<Type> BlockPointerLowering::expandTypes(TypeRange types) {
  SmallVector<Type> expanded;
  for (Type type : types) {
    RankedTensorType block = blockOf(type);
    if (!block) {
      expanded.push_back(type);
      continue;
    }
    MLIRContext *ctx = type.getContext();
    expanded.push_back(ttir::getBlockBaseType(type));
    int64_t rank = block.getRank();
    expanded.append(2 * rank, IntegerType::get(ctx, 64));
    expanded.append(rank, IntegerType::get(ctx, 32));
  }
  return expanded;
}

SmallVector<Value> BlockPointerLowering::expandValues(ValueRange values) {
  SmallVector<Value> expanded;
  for (Value value : values) {
    if (blockOf(value.getType()))
      llvm::append_range(expanded, pointers.at(value).pieces());
    else
      expanded.push_back(value);
  }
  return expanded;
}

void BlockPointerLowering::bindResults(ValueRange originals,
                                       ValueRange expanded) {
  for (Value original : originals) {
    if (RankedTensorType block = blockOf(original.getType())) {
      size_t count = BlockPointer::numPieces(block);
      pointers[original] =
          BlockPointer::fromPieces(block, expanded.take_front(count));
      expanded = expanded.drop_front(count);
      continue;
    }
    original.replaceAllUsesWith(expanded.front());
    expanded = expanded.drop_front();
  }
}

std::pair<Value, Value>
BlockPointerLowering::address(OpBuilder &b, Location loc,
                              const BlockPointer &pointer,
                              ArrayRef<int32_t> boundaryCheck) {
  ArrayRef<int64_t> shape = pointer.block.getShape();
  BlockAddressing addressing(b, loc, pointer.base, pointer.extents,
                             pointer.strides, shape);
  SmallVector<Value> indices;
  for (auto [dim, offset] : llvm::enumerate(pointer.offsets))
    indices.push_back(addressing.blockIndices(dim, offset));
  SmallVector<bool> checked(shape.size(), false);
  for (int32_t dim : boundaryCheck)
    checked[dim] = true;
  return addressing.address(indices, checked);
}

void BlockPointerLowering::lowerLoad(ttir::LoadOp load) {
  OpBuilder b(load);
  Location loc = load.getLoc();
  const BlockPointer &pointer = pointers.at(load.getPtr());
  ArrayRef<int32_t> boundaryCheck;
  if (auto check = load.getBoundaryCheck())
    boundaryCheck = *check;
  auto [ptrs, inBounds] = address(b, loc, pointer, boundaryCheck);
  // Triton leaves what a checked element outside the array reads undefined
  // without `padding`; zero is one such value.
  Value other;
  if (inBounds)
    other = paddingTile(b, loc, cast<RankedTensorType>(load.getType()),
                        load.getPadding() == ttir::PaddingOption::PAD_NAN);
  auto lowered = ttir::LoadOp::create(
      b, loc, load.getType(), ptrs, inBounds, other,
      /*boundaryCheck=*/nullptr, /*padding=*/nullptr, load.getCache(),
      load.getEvict(), load.getIsVolatile());
  load.replaceAllUsesWith(lowered.getResult());
  dead.push_back(load);
}

void BlockPointerLowering::lowerStore(ttir::StoreOp store) {
  OpBuilder b(store);
  const BlockPointer &pointer = pointers.at(store.getPtr());
  ArrayRef<int32_t> boundaryCheck;
  if (auto check = store.getBoundaryCheck())
    boundaryCheck = *check;
  auto [ptrs, inBounds] = address(b, store.getLoc(), pointer, boundaryCheck);
  ttir::StoreOp::create(b, store.getLoc(), ptrs, store.getValue(), inBounds,
                        /*boundaryCheck=*/nullptr, store.getCache(),
                        store.getEvict());
  dead.push_back(store);
}

LogicalResult BlockPointerLowering::lowerFor(scf::ForOp loop) {
  if (!llvm::any_of(loop.getInitArgs(), [](Value init) {
        return blockOf(init.getType()) != nullptr;
      }))
    return lowerBlock(*loop.getBody());
  OpBuilder b(loop);
  auto lowered =
      scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(),
                         expandValues(loop.getInitArgs()));
  lowered->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  Block *body = lowered.getBody();
  // The old body moves into the new loop, its arguments bound to the new
  // ones (a block pointer to its pieces).
  loop.getInductionVar().replaceAllUsesWith(lowered.getInductionVar());
  bindResults(loop.getRegionIterArgs(), lowered.getRegionIterArgs());
  body->getOperations().splice(body->end(),
                               loop.getBody()->getOperations());
  bindResults(loop.getResults(), lowered.getResults());
  dead.push_back(loop);
  return lowerBlock(*body);
}

LogicalResult BlockPointerLowering::lowerIf(scf::IfOp ifOp) {
  if (!llvm::any_of(ifOp.getResultTypes(),
                    [](Type type) { return blockOf(type) != nullptr; })) {
    for (Region &region : ifOp->getRegions())
      for (Block &block : region)
        if (failed(lowerBlock(block)))
          return failure();
    return success();
  }
  OpBuilder b(ifOp);
  auto lowered = scf::IfOp::create(b, ifOp.getLoc(),
                                   expandTypes(ifOp.getResultTypes()),
                                   ifOp.getCondition(), /*withElse=*/false);
  lowered.getThenRegion().takeBody(ifOp.getThenRegion());
  lowered.getElseRegion().takeBody(ifOp.getElseRegion());
  bindResults(ifOp.getResults(), lowered.getResults());
  dead.push_back(ifOp);
  for (Region &region : lowered->getRegions())
    for (Block &block : region)
      if (failed(lowerBlock(block)))
        return failure();
  return success();
}

void BlockPointerLowering::lowerYield(scf::YieldOp yield) {
  if (llvm::none_of(yield.getOperands(), [&](Value value) {
        return blockOf(value.getType()) != nullptr;
      }))
    return;
  OpBuilder b(yield);
  scf::YieldOp::create(b, yield.getLoc(), expandValues(yield.getOperands()));
  yield.erase();
}

LogicalResult BlockPointerLowering::lowerOp(Operation *op) {
  if (auto make = dyn_cast<ttir::MakeTensorPtrOp>(op)) {
    pointers[make.getResult()] = {
        blockOf(make.getType()), make.getBase(),
        SmallVector<Value>(make.getShape()),
        SmallVector<Value>(make.getStrides()),
        SmallVector<Value>(make.getOffsets())};
    dead.push_back(op);
    return success();
  }
  if (auto advance = dyn_cast<ttir::AdvanceOp>(op)) {
    BlockPointer moved = pointers.at(advance.getPtr());
    OpBuilder b(op);
    for (auto [offset, delta] : llvm::zip(moved.offsets, advance.getOffsets()))
      offset = arith::AddIOp::create(b, op->getLoc(), offset, delta);
    pointers[advance.getResult()] = std::move(moved);
    dead.push_back(op);
    return success();
  }
  if (auto load = dyn_cast<ttir::LoadOp>(op);
      load && blockOf(load.getPtr().getType())) {
    lowerLoad(load);
    return success();
  }
  if (auto store = dyn_cast<ttir::StoreOp>(op);
      store && blockOf(store.getPtr().getType())) {
    lowerStore(store);
    return success();
  }
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return lowerFor(loop);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return lowerIf(ifOp);
  if (auto yield = dyn_cast<scf::YieldOp>(op)) {
    lowerYield(yield);
    return success();
  }
  auto isBlockPointer = [](Type type) { return blockOf(type) != nullptr; };
  if (llvm::any_of(op->getOperandTypes(), isBlockPointer) ||
      llvm::any_of(op->getResultTypes(), isBlockPointer))
    return op->emitError("a block pointer through '")
           << op->getName()
           << "' is not imported (block pointers are imported through "
              "tt.advance, tt.load, tt.store, scf.for and scf.if)";
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (failed(lowerBlock(block)))
        return failure();
  return success();
}

LogicalResult BlockPointerLowering::lowerBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(lowerOp(&op)))
      return failure();
  return success();
}

void BlockPointerLowering::eraseDeadOps() {
  // Dead ops use one another's results (an advance its make, a load the
  // advance); none is used by a live op.
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : llvm::reverse(dead)) {
    op->dropAllUses();
    op->erase();
  }
}

LogicalResult mlir::tile::lowerBlockPointers(ModuleOp module) {
  BlockPointerLowering lowering;
  for (Operation &op : *module.getBody())
    for (Region &region : op.getRegions())
      for (Block &block : region)
        if (failed(lowering.lowerBlock(block)))
          return failure();
  lowering.eraseDeadOps();
  return success();
}
