//===- Descriptors.cpp - Block descriptors as pointer tiles, or TMA -------===//
//
// A `tile.desc_load` that will become a tensor copy (the target's TMA, in a
// pipelined product) and a `tile.desc_store` that will become a tensor store
// (the block staged in shared memory, then written by the TMA) stay as they
// are; every other descriptor access becomes the masked pointer-tile access
// it means, before the axis analysis runs: element (i, j) of the block at
// offsets (o0, o1) is at base + (o0 + i) * stride0 + (o1 + j) * stride1, in
// bounds when 0 <= o + i < size in every dimension, padding where not. The
// accesses then go 16 bytes at a time where the analysis proves them
// contiguous (a last stride of 1), and loads feeding products are pipelined
// with asynchronous copies like any other.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

FailureOr<TensorMapSource>
mlir::tile::togpu::getTensorMapSource(FuncOp kernel, MakeDescOp desc) {
  if (!desc)
    return failure();
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  int64_t bytes = getElementByteSize(block.getElementType());
  Block &entry = kernel.getBody().front();
  // An argument's index (its divisibility declared), or a constant. An i32
  // argument widened by sign is the argument: the runtime reads every
  // integer argument as an i64 (Triton's TTIR widens strides so).
  auto argumentIndex = [&](Value value) -> int64_t {
    if (auto widened = value.getDefiningOp<arith::ExtSIOp>())
      value = widened.getIn();
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner() == &entry ? int64_t(arg.getArgNumber()) : -1;
  };
  // An argument times a positive constant (seq_len * 128: the stride of
  // a head in a packed [heads, seq_len, 128] array): the argument's index
  // and the constant, or -1.
  auto scaledArgument = [&](Value value, int64_t &scale) -> int64_t {
    scale = 1;
    auto product = value.getDefiningOp<arith::MulIOp>();
    if (!product)
      return argumentIndex(value);
    APInt constant;
    for (unsigned i : {0u, 1u}) {
      Value factor = product->getOperand(i);
      if (!matchPattern(product->getOperand(1 - i), m_ConstantInt(&constant)) ||
          !constant.isStrictlyPositive() || constant.getSignificantBits() > 32)
        continue;
      // Computed without wrapping, as the runtime computes it: in i64 from
      // an i32 argument, or declared `nsw`.
      auto widened = factor.getDefiningOp<arith::ExtSIOp>();
      bool exact = product.hasNoSignedWrap() ||
                   (product.getType().isInteger(64) && widened &&
                    widened.getIn().getType().isInteger(32));
      int64_t index = argumentIndex(factor);
      if (!exact || index < 0)
        return -1;
      scale = constant.getSExtValue();
      return index;
    }
    return -1;
  };
  auto divisibility = [&](Value value) -> int64_t {
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return constant.isZero() ? int64_t(1) << 32
                               : int64_t(1) << constant.countr_zero();
    int64_t scale;
    int64_t index = scaledArgument(value, scale);
    auto attr = index < 0 ? IntegerAttr()
                          : kernel.getArgAttrOfType<IntegerAttr>(
                                index, TileDialect::getDivisibilityAttrName());
    return (attr ? attr.getInt() : 1) << llvm::countr_zero(uint64_t(scale));
  };
  TensorMapSource source;
  source.base = argumentIndex(desc.getBase());
  for (unsigned kind : {0, 1})
    for (Value value : kind ? desc.getStrides() : desc.getShape()) {
      APInt constant;
      int64_t scale;
      int64_t index = scaledArgument(value, scale);
      if (index < 0 && !matchPattern(value, m_ConstantInt(&constant)))
        return failure();
      source.args[kind].push_back(index);
      source.values[kind].push_back(index < 0 ? constant.getSExtValue() : 0);
      source.scales[kind].push_back(scale);
    }
  // Rows of 16-byte multiples from a 16-byte aligned base, elements
  // contiguous along the last dimension; a box of one matrix (its leading
  // dimensions 1: a batch or head index).
  if (block.getRank() < 2 ||
      llvm::any_of(block.getShape().drop_back(2),
                   [](int64_t extent) { return extent != 1; }) ||
      source.base < 0 || divisibility(desc.getBase()) % 16 != 0 ||
      source.args[1].back() >= 0 || source.values[1].back() != 1)
    return failure();
  for (Value stride : desc.getStrides().drop_back())
    if (divisibility(stride) * bytes % 16 != 0)
      return failure();
  return source;
}

DescLoadOp mlir::tile::togpu::getTensorCopySource(Value operand,
                                                  bool &transposed) {
  transposed = false;
  if (cast<RankedTensorType>(operand.getType()).getRank() != 2)
    return DescLoadOp();
  if (auto trans = operand.getDefiningOp<TransOp>()) {
    if (trans.getOrder()[0] != 1 || !trans.getSrc().hasOneUse())
      return DescLoadOp();
    operand = trans.getSrc();
    transposed = true;
  }
  // A block of one matrix of a batch ([1, rows, columns]) as that matrix.
  if (auto reshape = operand.getDefiningOp<ReshapeOp>()) {
    auto source = cast<RankedTensorType>(reshape.getSrc().getType());
    auto result = cast<RankedTensorType>(reshape.getType());
    if (source.getRank() < 3 || result.getRank() != 2 ||
        source.getShape().take_back(2) != result.getShape() ||
        !reshape.getSrc().hasOneUse())
      return DescLoadOp();
    operand = reshape.getSrc();
  }
  return operand.getDefiningOp<DescLoadOp>();
}

/// Whether blocks of `type` through `desc` go in tensor maps' boxes: rows
/// of 128-byte multiples (a box per 128-byte panel, swizzled), at most 256
/// of them, from a descriptor that can be a tensor map.
static bool fitsTensorMapBoxes(RankedTensorType type, Value desc) {
  int64_t bytes = getElementByteSize(type.getElementType());
  int64_t rows = type.getDimSize(type.getRank() - 2);
  int64_t columns = type.getDimSize(type.getRank() - 1);
  auto makeDesc = desc.getDefiningOp<MakeDescOp>();
  auto kernel = makeDesc ? makeDesc->getParentOfType<FuncOp>() : FuncOp();
  return columns * bytes % 128 == 0 && rows <= 256 && rows % 8 == 0 &&
         succeeded(getTensorMapSource(kernel, makeDesc));
}

bool mlir::tile::togpu::isTensorCopyCandidate(DescLoadOp load,
                                              const GPUTargetHooks &hooks) {
  auto type = cast<RankedTensorType>(load.getType());
  auto loop = dyn_cast<scf::ForOp>(load->getParentOp());
  if (!hooks.hasTensorCopy() || !loop || writesMemory(loop) ||
      !load->hasOneUse() || type.getRank() < 2 || isInColdVersion(load))
    return false;
  // The product's operand, or its transpose (B stored n x k, read as the
  // k-major operand: the box lands as the products read it), from the
  // block itself or the one matrix it holds.
  Value operand = load.getResult();
  while (operand.hasOneUse() &&
         isa<ReshapeOp, TransOp>(*operand.getUsers().begin()))
    operand = operand.getUsers().begin()->getResult(0);
  bool transposed;
  if (!operand.hasOneUse() || getTensorCopySource(operand, transposed) != load)
    return false;
  auto dot = dyn_cast<DotOp>(*operand.getUsers().begin());
  unsigned number = operand.getUses().begin()->getOperandNumber();
  if (!dot || dot->getBlock() != load->getBlock() || number > 1)
    return false;
  auto instruction =
      hooks.getWarpgroupInstruction(getElementTypeOrSelf(dot.getA().getType()),
                                    getElementTypeOrSelf(dot.getB().getType()),
                                    getElementTypeOrSelf(dot.getType()));
  // An instruction that reads only k-contiguous operands (f8 on wgmma)
  // takes a box only in that order: A's rows along k, B as the transpose of
  // an n x k block. The other order is restaged through registers, which
  // only an asynchronous copy's pipeline does.
  bool kContiguous = (number == 0) != transposed;
  if (!instruction || (instruction->kContiguousOnly && !kContiguous))
    return false;
  return fitsTensorMapBoxes(type, load.getDesc());
}

int64_t
mlir::tile::togpu::getTensorStoreStagingBytes(const GPUTargetHooks &hooks) {
  // Shared memory a pointer store does not need: at most a quarter of it, so
  // that it does not cost a product its pipeline stages (a warp-specialized
  // kernel keeps it apart from the stage ring).
  return hooks.getMaxSharedMemoryBytes() / 4;
}

bool mlir::tile::togpu::isTensorStoreCandidate(DescStoreOp store,
                                               const GPUTargetHooks &hooks) {
  // The boxes the loads use, staged in shared memory swizzled as the
  // products read them. i1 elements are bytes in memory but bits in
  // registers: stored element by element. A block larger than the staging
  // budget goes in parts of whole 128-byte column panels (lowerTensorStore),
  // so one panel must fit.
  auto type = cast<RankedTensorType>(store.getValue().getType());
  Type element = type.getElementType();
  int64_t rows = type.getNumElements() / type.getShape().back();
  if (!hooks.hasTensorCopy() || type.getRank() < 2 || element.isInteger(1) ||
      isa<PointerType>(element) || isInColdVersion(store) ||
      rows * 128 > getTensorStoreStagingBytes(hooks))
    return false;
  return fitsTensorMapBoxes(type, store.getDesc());
}

namespace {

/// The pointers and in-bounds mask of `desc`'s block at `offsets`.
std::pair<Value, Value> blockAddresses(OpBuilder &b, Location loc,
                                       MakeDescOp desc, ValueRange offsets) {
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  unsigned rank = block.getRank();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value linear, inside;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t extent = block.getDimSize(d);
    auto vector = [&](Type element) {
      return RankedTensorType::get({extent}, element);
    };
    // Indices along d, then the column or row of the block they make.
    Value index = arith::AddIOp::create(
        b, loc, SplatOp::create(b, loc, vector(i32), offsets[d]),
        RangeOp::create(b, loc, vector(i32), 0, extent));
    Value ok = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::sge, index,
            SplatOp::create(b, loc, vector(i32),
                            arith::ConstantIntOp::create(b, loc, i32, 0))),
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::slt, index,
            SplatOp::create(b, loc, vector(i32), desc.getShape()[d])));
    Value offset = arith::MulIOp::create(
        b, loc, arith::ExtSIOp::create(b, loc, vector(i64), index),
        SplatOp::create(b, loc, vector(i64), desc.getStrides()[d]));
    auto spread = [&](Value value) -> Value {
      for (unsigned other = 0; other < rank; ++other) {
        if (other == d)
          continue;
        auto type = cast<RankedTensorType>(value.getType());
        SmallVector<int64_t> shape(type.getShape());
        shape.insert(shape.begin() + other, 1);
        value = ExpandDimsOp::create(
            b, loc, RankedTensorType::get(shape, type.getElementType()), value,
            other);
      }
      return BroadcastOp::create(
          b, loc,
          RankedTensorType::get(block.getShape(),
                                getElementTypeOrSelf(value.getType())),
          value);
    };
    offset = spread(offset);
    ok = spread(ok);
    linear =
        linear ? Value(arith::AddIOp::create(b, loc, linear, offset)) : offset;
    inside = inside ? Value(arith::AndIOp::create(b, loc, inside, ok)) : ok;
  }
  auto ptrType =
      RankedTensorType::get(block.getShape(), desc.getBase().getType());
  Value ptrs = AddPtrOp::create(
      b, loc, ptrType, SplatOp::create(b, loc, ptrType, desc.getBase()),
      linear);
  return {ptrs, inside};
}

} // namespace

LogicalResult
mlir::tile::togpu::rewriteDescriptorAccesses(FuncOp kernel,
                                             const GPUTargetHooks &hooks) {
  SmallVector<Operation *> accesses;
  kernel.walk([&](Operation *op) {
    if (auto load = dyn_cast<DescLoadOp>(op)) {
      if (!isTensorCopyCandidate(load, hooks))
        accesses.push_back(op);
    } else if (auto store = dyn_cast<DescStoreOp>(op)) {
      if (!isTensorStoreCandidate(store, hooks))
        accesses.push_back(op);
    }
  });
  for (Operation *op : accesses) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value descValue = op->getOperand(0);
    auto desc = descValue.getDefiningOp<MakeDescOp>();
    if (!desc)
      return op->emitOpError("cannot be lowered by the GPU target: the "
                             "descriptor must come from a tile.make_desc of "
                             "this kernel");
    if (auto load = dyn_cast<DescLoadOp>(op)) {
      auto [ptrs, inside] = blockAddresses(b, loc, desc, load.getOffsets());
      auto type = cast<RankedTensorType>(load.getType());
      TypedAttr pad = b.getZeroAttr(type.getElementType());
      if (desc.getPadding() == Padding::nan)
        pad = b.getFloatAttr(
            type.getElementType(),
            APFloat::getQNaN(
                cast<FloatType>(type.getElementType()).getFloatSemantics()));
      Value other =
          arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, pad));
      Value value =
          LoadOp::create(b, loc, type, ptrs, inside, other, CacheModifierAttr(),
                         EvictionPolicyAttr(), UnitAttr());
      load.replaceAllUsesWith(value);
    } else {
      auto store = cast<DescStoreOp>(op);
      auto [ptrs, inside] = blockAddresses(b, loc, desc, store.getOffsets());
      StoreOp::create(b, loc, ptrs, store.getValue(), inside,
                      CacheModifierAttr(), EvictionPolicyAttr());
    }
    op->erase();
  }
  return success();
}
