//===- TileComputeOps.cpp - Verifiers of dot, reduce, scan, conversions ---===//

#include "tile/Dialect/IR/Tile.h"

using namespace mlir;
using namespace mlir::tile;

static bool isF8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

LogicalResult DotOp::verify() {
  auto aType = cast<RankedTensorType>(getA().getType());
  auto bType = cast<RankedTensorType>(getB().getType());
  auto cType = cast<RankedTensorType>(getAcc().getType());
  int64_t rank = aType.getRank();
  if ((rank != 2 && rank != 3) || bType.getRank() != rank ||
      cType.getRank() != rank)
    return emitOpError("operands must all be 2-D (or 3-D with a batch "
                       "dimension), got ranks ")
           << aType.getRank() << ", " << bType.getRank() << ", "
           << cType.getRank();
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape(),
                    c = cType.getShape();
  if (rank == 3 && (a[0] != b[0] || a[0] != c[0]))
    return emitOpError("batch dimensions differ: ")
           << a[0] << ", " << b[0] << ", " << c[0];
  int64_t m = a[rank - 2], k = a[rank - 1], n = b[rank - 1];
  if (b[rank - 2] != k)
    return emitOpError("contraction sizes differ: a is ")
           << m << "x" << k << " but b is " << b[rank - 2] << "x" << n;
  if (c[rank - 2] != m || c[rank - 1] != n)
    return emitOpError("accumulator must be ")
           << m << "x" << n << ", got " << c[rank - 2] << "x" << c[rank - 1];

  Type aElem = aType.getElementType(), bElem = bType.getElementType(),
       cElem = cType.getElementType();
  if (aElem.isInteger(8) || bElem.isInteger(8)) {
    if (aElem != bElem || !cElem.isInteger(32))
      return emitOpError("integer dot needs i8 inputs and an i32 accumulator");
  } else {
    if (!isa<FloatType>(aElem) || !isa<FloatType>(bElem))
      return emitOpError("inputs must be floats or i8, got ")
             << aElem << " and " << bElem;
    bool bothF8 = isF8(aElem) && isF8(bElem);
    if (aElem != bElem && !bothF8)
      return emitOpError("inputs must have one element type (or both be f8), "
                         "got ")
             << aElem << " and " << bElem;
    if (!isa<Float16Type, Float32Type, Float64Type>(cElem))
      return emitOpError("float dot needs an f16, f32 or f64 accumulator, got ")
             << cElem;
    if (aElem.isF64() != cElem.isF64())
      return emitOpError("f64 inputs go with an f64 accumulator only");
  }
  if (getInputPrecision() != InputPrecision::ieee && !aElem.isF32())
    return emitOpError("input_precision ")
           << stringifyInputPrecision(getInputPrecision())
           << " applies to f32 inputs only, got " << aElem;
  return success();
}

/// Checks a combiner region of `tile.reduce` / `tile.scan` over tiles
/// `srcTypes`: 2N scalar arguments and a yield of N scalars, all of the
/// element types.
static LogicalResult verifyCombiner(Operation *op, Region &combiner,
                                    TypeRange srcTypes) {
  SmallVector<Type> elements;
  for (Type type : srcTypes)
    elements.push_back(getElementTypeOrSelf(type));
  Block &block = combiner.front();
  size_t numValues = elements.size();
  if (block.getNumArguments() != 2 * numValues)
    return op->emitOpError("combiner must take ")
           << 2 * numValues << " arguments (two per operand), got "
           << block.getNumArguments();
  for (auto [index, arg] : llvm::enumerate(block.getArguments())) {
    if (arg.getType() != elements[index % numValues])
      return op->emitOpError("combiner argument #")
             << index << " must be " << elements[index % numValues] << ", got "
             << arg.getType();
  }
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return op->emitOpError("combiner must end with tile.yield");
  if (yield.getValues().size() != numValues)
    return yield.emitOpError("must yield ")
           << numValues << " value(s), got " << yield.getValues().size();
  for (auto [index, value] : llvm::enumerate(yield.getValues())) {
    if (value.getType() != elements[index])
      return yield.emitOpError("value #")
             << index << " must be " << elements[index] << ", got "
             << value.getType();
  }
  return success();
}

/// Checks that `srcs` are non-empty tiles of one shape and that `axis` is one
/// of their dimensions.
static LogicalResult verifyAxisOperands(Operation *op, ValueRange srcs,
                                        int64_t axis) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  auto first = cast<RankedTensorType>(srcs.front().getType());
  for (Value src : srcs.drop_front()) {
    if (cast<RankedTensorType>(src.getType()).getShape() != first.getShape())
      return op->emitOpError("operands must have one shape, got ")
             << first << " and " << src.getType();
  }
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError("axis ")
           << axis << " is out of range for a tile of rank " << first.getRank();
  return success();
}

LogicalResult ReduceOp::verify() {
  int64_t axis = getAxis();
  if (failed(verifyAxisOperands(*this, getSrcs(), axis)))
    return failure();
  if (getResults().size() != getSrcs().size())
    return emitOpError("has ") << getSrcs().size() << " operand(s) but "
                               << getResults().size() << " result(s)";
  for (auto [src, result] : llvm::zip(getSrcs(), getResults())) {
    auto srcType = cast<RankedTensorType>(src.getType());
    SmallVector<int64_t> shape(srcType.getShape());
    shape.erase(shape.begin() + axis);
    Type expected =
        shape.empty()
            ? srcType.getElementType()
            : Type(RankedTensorType::get(shape, srcType.getElementType()));
    if (result.getType() != expected)
      return emitOpError("result must be ")
             << expected << " (the operand without axis " << axis << "), got "
             << result.getType();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombiner(*this, getCombiner(), getSrcs().getTypes());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxisOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (getSrcs().getTypes() != getResults().getTypes())
    return emitOpError("results must have the operands' types");
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombiner(*this, getCombiner(), getSrcs().getTypes());
}

LogicalResult HistogramOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  if (srcType.getRank() != 1 || resultType.getRank() != 1)
    return emitOpError("source and result must be 1-D tiles");
  return success();
}

LogicalResult BitcastOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getResult().getType());
  if (isa<PointerType>(src) || isa<PointerType>(dst)) {
    if (!isa<PointerType>(src) || !isa<PointerType>(dst))
      return emitOpError("pointers bitcast only to pointers; use "
                         "tile.ptr_to_int or tile.int_to_ptr");
    return success();
  }
  if (src.getIntOrFloatBitWidth() != dst.getIntOrFloatBitWidth())
    return emitOpError("element bit widths differ: ")
           << src << " is " << src.getIntOrFloatBitWidth() << " bits, " << dst
           << " is " << dst.getIntOrFloatBitWidth();
  return success();
}

LogicalResult FpToFpOp::verify() {
  auto src = cast<FloatType>(getElementTypeOrSelf(getSrc().getType()));
  auto dst = cast<FloatType>(getElementTypeOrSelf(getResult().getType()));
  bool narrowing = dst.getWidth() < src.getWidth() ||
                   (dst.getWidth() == src.getWidth() && src != dst);
  if (src == dst)
    return emitOpError("source and result types are both ") << src;
  if (narrowing && !getRounding())
    return emitOpError("narrowing ")
           << src << " to " << dst << " needs a rounding mode";
  if (!narrowing && getRounding())
    return emitOpError("widening ")
           << src << " to " << dst << " is exact and takes no rounding mode";
  return success();
}

/// The explicit program ids of a print or an assert: none, or x, y and z.
static LogicalResult verifyProgramIds(Operation *op, ValueRange program) {
  if (!program.empty() && program.size() != 3)
    return op->emitOpError("names ")
           << program.size()
           << " program ids; program(...) takes three (x, y, z) or is absent";
  return success();
}

LogicalResult PrintOp::verify() {
  return verifyProgramIds(*this, getProgram());
}

LogicalResult AssertOp::verify() {
  return verifyProgramIds(*this, getProgram());
}
