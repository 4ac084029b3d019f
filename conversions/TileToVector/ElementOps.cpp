//===- ElementOps.cpp - Elements in memory, constants, compare-and-swap ---===//
//
// The CPU lowering's element-level pieces that are not arithmetic: how an
// element looks in memory (an i1 is a byte), constant tiles of different
// elements, and atomic compare-and-swap lane by lane.
//
//===----------------------------------------------------------------------===//

#include "conversions/TileToVector/ProgramEmitter.h"

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

/// Compare-and-swap lane by lane: each lane is one `llvm.cmpxchg` on the
/// bits; the old values form the result.
LogicalResult ProgramEmitter::emitAtomicCAS(AtomicCASOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  if (!isTile(op.getPtr())) {
    scalars.map(op.getResult(),
                tile::emitAtomicCAS(b, loc, scalars.lookup(op.getPtr()),
                                    scalars.lookup(op.getCmp()),
                                    scalars.lookup(op.getVal()),
                                    op.getOrder()));
    return success();
  }
  auto type = cast<RankedTensorType>(op.getVal().getType());
  if (type.getRank() > 2)
    return unsupported(op, "tiles of rank above 2 are not implemented yet");
  Value result = allocaBuffer(type);
  buffers[op.getResult()] = result;
  return forEachChunk(
      b, loc, type, chunkWidth(type),
      [&](OpBuilder &cb, Position pos) -> LogicalResult {
        FailureOr<Value> ptrs = chunk(cb, op.getPtr(), pos);
        FailureOr<Value> cmps = chunk(cb, op.getCmp(), pos);
        FailureOr<Value> values = chunk(cb, op.getVal(), pos);
        if (failed(ptrs) || failed(cmps) || failed(values))
          return failure();
        Value old = arith::ConstantOp::create(
            cb, loc, cb.getZeroAttr(cast<ShapedType>(values->getType())));
        for (int64_t lane = 0; lane < pos.width; ++lane) {
          auto at = [&](Value vector) -> Value {
            return vector::ExtractOp::create(cb, loc, vector, lane);
          };
          Value laneOld = tile::emitAtomicCAS(cb, loc, at(*ptrs), at(*cmps),
                                              at(*values), op.getOrder());
          old = vector::InsertOp::create(cb, loc, laneOld, old, lane);
        }
        LLVM::StoreOp::create(cb, loc, old,
                              bufferAddress(cb, loc, result, type, pos),
                              getElementByteSize(type.getElementType()));
        return success();
      });
}

} // namespace mlir::tile::tovector
