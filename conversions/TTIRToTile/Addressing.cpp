//===- Addressing.cpp - Element pointers of blocks of strided arrays ------===//

#include "Addressing.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;

Value mlir::tile::spreadAlong(OpBuilder &b, Location loc, Value value,
                              ArrayRef<int64_t> shape, int64_t dim) {
  SmallVector<int64_t> current{shape[dim]};
  Type element = getElementTypeOrSelf(value.getType());
  for (int64_t d = 0, rank = shape.size(); d < rank; ++d) {
    if (d == dim)
      continue;
    current.insert(current.begin() + d, 1);
    value = ttir::ExpandDimsOp::create(
        b, loc, RankedTensorType::get(current, element), value, d);
  }
  if (ArrayRef<int64_t>(current) == shape)
    return value;
  return ttir::BroadcastOp::create(b, loc, RankedTensorType::get(shape, element),
                                   value);
}

Value mlir::tile::paddingTile(OpBuilder &b, Location loc, RankedTensorType type,
                              bool nanPadding) {
  Type element = type.getElementType();
  TypedAttr padding = b.getZeroAttr(element);
  if (auto floatType = dyn_cast<FloatType>(element); floatType && nanPadding)
    padding = b.getFloatAttr(floatType,
                             APFloat::getQNaN(floatType.getFloatSemantics()));
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, padding));
}

Value BlockAddressing::widen(Value value) {
  Type type = b.getI64Type();
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    type = tensor.clone(type);
  if (value.getType() == type)
    return value;
  return arith::ExtSIOp::create(b, loc, type, value);
}

Value BlockAddressing::blockIndices(int64_t dim, Value offset) {
  auto rangeType = RankedTensorType::get({shape[dim]}, b.getI32Type());
  Value range = ttir::MakeRangeOp::create(b, loc, rangeType, 0, shape[dim]);
  Value wide = widen(range);
  Value start = ttir::SplatOp::create(b, loc, wide.getType(), widen(offset));
  return spreadAlong(b, loc, arith::AddIOp::create(b, loc, wide, start), shape,
                     dim);
}

Value BlockAddressing::givenIndices(int64_t dim, Value indices) {
  return spreadAlong(b, loc, widen(indices), shape, dim);
}

std::pair<Value, Value> BlockAddressing::address(ArrayRef<Value> indices,
                                                 ArrayRef<bool> checked) {
  auto i64Type = RankedTensorType::get(shape, b.getI64Type());
  auto splat = [&](Value scalar) -> Value {
    return ttir::SplatOp::create(b, loc, i64Type, scalar);
  };
  Value zero;
  Value offset, inBounds;
  for (auto [index, extent, stride, check] :
       llvm::zip(indices, extents, strides, checked)) {
    if (check) {
      if (!zero)
        zero = arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(i64Type, b.getI64IntegerAttr(0)));
      Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          index, splat(widen(extent)));
      Value above =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index, zero);
      Value both = arith::AndIOp::create(b, loc, below, above);
      inBounds = inBounds ? arith::AndIOp::create(b, loc, inBounds, both) : both;
    }
    Value term = arith::MulIOp::create(b, loc, index, splat(stride));
    offset = offset ? arith::AddIOp::create(b, loc, offset, term) : term;
  }
  auto ptrType = RankedTensorType::get(shape, base.getType());
  Value ptrs = ttir::SplatOp::create(b, loc, ptrType, base);
  ptrs = ttir::AddPtrOp::create(b, loc, ptrType, ptrs, offset);
  return {ptrs, inBounds};
}
