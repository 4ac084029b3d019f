//===- ElementOps.cpp - Elements in memory, constants, compare-and-swap ---===//
//
// The CPU lowering's element-level pieces that are not arithmetic: how an
// element looks in memory (an i1 is a byte), constant tiles of different
// elements, and atomic compare-and-swap lane by lane.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/ProgramEmitter.h"

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

Type memoryElementType(Type element) {
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  return lowerElementType(element);
}

Value toMemory(OpBuilder &b, Location loc, Value value) {
  if (!getElementTypeOrSelf(value.getType()).isInteger(1))
    return value;
  return arith::ExtUIOp::create(
      b, loc, withElementType(value.getType(), b.getI8Type()), value);
}

Value fromMemory(OpBuilder &b, Location loc, Value value, Type element) {
  if (!element.isInteger(1))
    return value;
  Value zero = constantLike(b, loc, value.getType(), b.getI8IntegerAttr(0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value, zero);
}

Value castElements(OpBuilder &b, Operation *op, Value value, Type resultType) {
  Location loc = op->getLoc();
  if (isa<PtrToIntOp>(op))
    return LLVM::PtrToIntOp::create(b, loc, resultType, value);
  if (isa<IntToPtrOp>(op))
    return LLVM::IntToPtrOp::create(b, loc, resultType, value);
  if (value.getType() == resultType) // pointers, and f8 <-> i8
    return value;
  return arith::BitcastOp::create(b, loc, resultType, value);
}

void ProgramEmitter::emitConstantTile(arith::ConstantOp op,
                                      DenseElementsAttr value) {
  auto type = cast<RankedTensorType>(op.getType());
  Type element = type.getElementType();
  Type stored = memoryElementType(element);
  auto flat = RankedTensorType::get({type.getNumElements()}, stored);
  // The elements as memory holds them: f8 as their bits, i1 as bytes.
  if (isF8(element))
    value = value.bitcast(stored);
  else if (element.isInteger(1))
    value =
        value.mapValues(stored, [](const APInt &bit) { return bit.zext(8); });
  value = value.reshape(
      RankedTensorType::get(flat.getShape(), value.getElementType()));
  auto module = program->getParentOfType<ModuleOp>();
  OpBuilder top = OpBuilder::atBlockBegin(module.getBody());
  std::string name =
      (program.getSymName() + "_const_" + std::to_string(constantCount++))
          .str();
  auto arrayType = LLVM::LLVMArrayType::get(stored, type.getNumElements());
  LLVM::GlobalOp::create(top, op.getLoc(), arrayType, /*isConstant=*/true,
                         LLVM::Linkage::Internal, name, value,
                         /*alignment=*/64);
  OpBuilder entry = OpBuilder::atBlockBegin(&program.getBody().front());
  buffers[op.getResult()] = LLVM::AddressOfOp::create(
      entry, op.getLoc(), LLVM::LLVMPointerType::get(op.getContext()), name);
}

} // namespace mlir::tile::tovector
