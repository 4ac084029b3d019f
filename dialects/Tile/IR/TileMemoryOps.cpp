//===- TileMemoryOps.cpp - Verifiers of pointer, memory and atomic ops ----===//

#include "tile/Dialect/IR/Tile.h"

using namespace mlir;
using namespace mlir::tile;

/// Shapes of two tile-or-scalar types agree: both scalars, or tiles of one
/// shape.
static bool haveSameShape(Type lhs, Type rhs) {
  auto lhsTile = dyn_cast<RankedTensorType>(lhs);
  auto rhsTile = dyn_cast<RankedTensorType>(rhs);
  if (!lhsTile || !rhsTile)
    return !lhsTile && !rhsTile;
  return lhsTile.getShape() == rhsTile.getShape();
}

LogicalResult AddPtrOp::verify() {
  if (!haveSameShape(getPtr().getType(), getOffset().getType()))
    return emitOpError("offset ")
           << getOffset().getType() << " must have the shape of the pointers "
           << getPtr().getType();
  if (getElementTypeOrSelf(getOffset().getType()).isInteger(1))
    return emitOpError("offset must be an integer of 8 bits or more, not i1");
  return success();
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  build(builder, state, getPointeeTileType(ptr.getType()), ptr, mask, other,
        /*cache=*/nullptr, /*evict=*/nullptr, /*isVolatile=*/false);
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("'other' is only meaningful with a mask");
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       SideEffects::DefaultResource::get());
  // A volatile load must be neither removed nor merged with another.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(),
                         SideEffects::DefaultResource::get());
}

LogicalResult MakeDescOp::verify() {
  RankedTensorType block =
      cast<TensorDescType>(getResult().getType()).getBlockType();
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError("a rank-")
           << rank << " block needs " << rank << " shape and " << rank
           << " stride operands, got " << getShape().size() << " and "
           << getStrides().size();
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  if (pointee != block.getElementType())
    return emitOpError("base points to ")
           << pointee << " but the block holds " << block.getElementType();
  if (getPadding() == Padding::nan && !isa<FloatType>(pointee))
    return emitOpError("nan padding needs a float element type, got ")
           << pointee;
  return success();
}

/// Offsets of a block access: one per dimension of the descriptor's block.
static LogicalResult verifyBlockOffsets(Operation *op, TensorDescType desc,
                                        size_t numOffsets) {
  int64_t rank = desc.getBlockType().getRank();
  if (static_cast<int64_t>(numOffsets) != rank)
    return op->emitOpError("needs ") << rank << " offsets for a rank-" << rank
                                     << " block, got " << numOffsets;
  return success();
}

LogicalResult DescLoadOp::verify() {
  return verifyBlockOffsets(*this, cast<TensorDescType>(getDesc().getType()),
                            getOffsets().size());
}

LogicalResult DescStoreOp::verify() {
  return verifyBlockOffsets(*this, cast<TensorDescType>(getDesc().getType()),
                            getOffsets().size());
}

LogicalResult AtomicRMWOp::verify() {
  Type element = getElementTypeOrSelf(getVal().getType());
  bool isFloat = isa<FloatType>(element);
  unsigned width = element.getIntOrFloatBitWidth();
  switch (getKind()) {
  case AtomicRMWKind::fadd:
    if (!isFloat || width < 16 ||
        isa<Float8E4M3FNType, Float8E5M2Type>(element))
      return emitOpError("fadd needs f16, bf16, f32 or f64 values, got ")
             << element;
    break;
  case AtomicRMWKind::max:
  case AtomicRMWKind::min:
    if (width < 16 || (isFloat && width < 32))
      return emitOpError("max/min need i16-i64, f32 or f64 values, got ")
             << element;
    break;
  case AtomicRMWKind::xchg:
    if (width < 32)
      return emitOpError("xchg needs 32- or 64-bit values, got ") << element;
    break;
  default:
    if (isFloat || width < 16)
      return emitOpError("")
             << stringifyAtomicRMWKind(getKind())
             << " needs integer values of 16 bits or more, got " << element;
    break;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type element = getElementTypeOrSelf(getVal().getType());
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return emitOpError("compare-and-swap needs 16-, 32- or 64-bit values, got ")
           << element;
  return success();
}
