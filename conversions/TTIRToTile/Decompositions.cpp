//===- Decompositions.cpp - TTIR ops tile has no twin for -----------------===//
//
// Some tt ops have no tile op of the same meaning but are a few TTIR ops
// that do have one; they are rewritten here, in TTIR, before types become
// tile's, and the import converts the result like any other TTIR
// (docs/TTIR.md section 3.1):
//
// * tt.descriptor_gather, tt.descriptor_scatter and tt.descriptor_reduce
//   reach a described array the way tile.desc_load does, but read rows
//   chosen by a tensor of indices, write them, or combine a block into the
//   array atomically: pointer-tensor accesses whose addresses and bounds
//   come from the descriptor's base, shape and strides (docs/Semantics.md
//   3.5), masked to the in-bounds elements. The block type still says here
//   whether a min or max is unsigned (ui32).
// * tt.unsplat takes the element of a one-element tensor: a reduction of
//   that element, whose combiner never runs.
// * tt.gather whose indices are smaller than the source off its axis: the
//   source is first cut to the indices' size there, by gathers with iota
//   indices along those dimensions.
// * tt.dot_scaled (microscaled formats): each operand decoded to f32 (e2m1
//   unpacked from its bytes), multiplied by its e8m0 scales, rounded to
//   bf16 and given to tt.dot, as Triton does where the hardware has no
//   block-scaled unit.
// * A !tt.tensordesc kernel argument (a host TensorDescriptor), which
//   Triton passes followed by the described array's shape (i32) and
//   strides (i64): the argument becomes the array's base pointer and the
//   kernel makes the descriptor from the three at its top, so that every
//   access sees a descriptor made in the kernel.
//
//===----------------------------------------------------------------------===//

#include "Addressing.h"
#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

/// The tt.make_tensor_descriptor that `desc` comes from, or null after
/// reporting why there is none.
static ttir::MakeTensorDescOp findDescriptor(Operation *access, Value desc,
                                             int64_t rank) {
  auto make = desc.getDefiningOp<ttir::MakeTensorDescOp>();
  if (!make) {
    access->emitError("the descriptor must be made in the kernel by "
                      "tt.make_tensor_descriptor, not passed through control "
                      "flow, to be imported");
    return {};
  }
  if (static_cast<int64_t>(make.getShape().size()) != rank) {
    access->emitError("the descriptor describes a ")
        << make.getShape().size() << "-D array; this access is " << rank
        << "-D";
    return {};
  }
  return make;
}

/// The read-modify-write that combines like `op`'s kind into elements of
/// `block`'s type, or nullopt after reporting why there is none.
static std::optional<ttir::RMWOp>
convertReduceKind(ttir::DescriptorReduceOp op, RankedTensorType block) {
  Type element = block.getElementType();
  bool isFloat = isa<FloatType>(element);
  bool isUnsigned = element.isUnsignedInteger();
  switch (op.getKind()) {
  case ttir::DescriptorReduceKind::ADD:
    return isFloat ? ttir::RMWOp::FADD : ttir::RMWOp::ADD;
  case ttir::DescriptorReduceKind::MIN:
  case ttir::DescriptorReduceKind::MAX: {
    bool isMin = op.getKind() == ttir::DescriptorReduceKind::MIN;
    if (isFloat && !element.isF32() && !element.isF64()) {
      op.emitError("tt.descriptor_reduce min/max of ")
          << element << " has no tile twin (tile's float min/max atomics "
          << "are f32 and f64)";
      return std::nullopt;
    }
    if (isUnsigned)
      return isMin ? ttir::RMWOp::UMIN : ttir::RMWOp::UMAX;
    return isMin ? ttir::RMWOp::MIN : ttir::RMWOp::MAX;
  }
  case ttir::DescriptorReduceKind::AND:
    return ttir::RMWOp::AND;
  case ttir::DescriptorReduceKind::OR:
    return ttir::RMWOp::OR;
  case ttir::DescriptorReduceKind::XOR:
    return ttir::RMWOp::XOR;
  case ttir::DescriptorReduceKind::NONE:
  case ttir::DescriptorReduceKind::INC:
  case ttir::DescriptorReduceKind::DEC:
    break;
  }
  op.emitError("tt.descriptor_reduce ")
      << ttir::stringifyDescriptorReduceKind(op.getKind())
      << " has no tile twin";
  return std::nullopt;
}

/// The element pointers and bounds mask of a descriptor gather or scatter
/// of `shape`: the rows `xOffsets` of the 2-D array behind `desc`, from
/// column `yOffset`; null pointers when the descriptor is not found.
static std::pair<Value, Value>
rowGatherAddresses(OpBuilder &b, Operation *op, Value desc, Value xOffsets,
                   Value yOffset, ArrayRef<int64_t> shape,
                   ttir::MakeTensorDescOp &make) {
  make = findDescriptor(op, desc, 2);
  if (!make)
    return {};
  BlockAddressing addressing(b, op->getLoc(), make.getBase(), make.getShape(),
                             make.getStrides(), shape);
  Value rows = addressing.givenIndices(0, xOffsets);
  Value cols = addressing.blockIndices(1, yOffset);
  return addressing.address({rows, cols}, {true, true});
}

static LogicalResult expandGather(ttir::DescriptorGatherOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  ttir::MakeTensorDescOp make;
  auto [ptrs, inBounds] =
      rowGatherAddresses(b, op, op.getDesc(), op.getXOffsets(), op.getYOffset(),
                         type.getShape(), make);
  if (!ptrs)
    return failure();
  // Out-of-bounds elements read the descriptor's padding.
  Value other = paddingTile(b, loc, type,
                            make.getPadding() == ttir::PaddingOption::PAD_NAN);
  Value value = ttir::LoadOp::create(b, loc, type, ptrs, inBounds, other,
                                    /*boundaryCheck=*/nullptr,
                                    /*padding=*/nullptr);
  op.replaceAllUsesWith(value);
  op.erase();
  return success();
}

static LogicalResult expandScatter(ttir::DescriptorScatterOp op) {
  OpBuilder b(op);
  auto type = cast<RankedTensorType>(op.getSrc().getType());
  ttir::MakeTensorDescOp make;
  auto [ptrs, inBounds] =
      rowGatherAddresses(b, op, op.getDesc(), op.getXOffsets(), op.getYOffset(),
                         type.getShape(), make);
  if (!ptrs)
    return failure();
  ttir::StoreOp::create(b, op.getLoc(), ptrs, op.getSrc(), inBounds,
                        /*boundaryCheck=*/nullptr);
  op.erase();
  return success();
}

static LogicalResult expandReduce(ttir::DescriptorReduceOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getSrc().getType());
  RankedTensorType block = op.getDesc().getType().getBlockType();
  ttir::MakeTensorDescOp make =
      findDescriptor(op, op.getDesc(), type.getRank());
  if (!make)
    return failure();
  std::optional<ttir::RMWOp> kind = convertReduceKind(op, block);
  if (!kind)
    return failure();
  BlockAddressing addressing(b, loc, make.getBase(), make.getShape(),
                             make.getStrides(), type.getShape());
  SmallVector<Value> indices;
  for (auto [dim, offset] : llvm::enumerate(op.getIndices()))
    indices.push_back(addressing.blockIndices(dim, offset));
  SmallVector<bool> everyDim(indices.size(), true);
  auto [ptrs, inBounds] = addressing.address(indices, everyDim);
  // A bulk reduction orders nothing (Hopper's cp.reduce.async.bulk is
  // relaxed), and the array is the device's.
  MLIRContext *ctx = op.getContext();
  ttir::AtomicRMWOp::create(
      b, loc, type, ttir::RMWOpAttr::get(ctx, *kind),
      ttir::MemSemanticAttr::get(ctx, ttir::MemSemantic::RELAXED),
      ttir::MemSyncScopeAttr::get(ctx, ttir::MemSyncScope::GPU), ptrs,
      op.getSrc(), inBounds);
  op.erase();
  return success();
}

static LogicalResult decomposeUnsplat(ttir::UnsplatOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getSrc().getType());
  if (type.getNumElements() != 1)
    return op.emitError("tt.unsplat of ")
           << type.getNumElements() << " elements; it takes one";
  Type element = type.getElementType();
  Value src = op.getSrc();
  auto vector = RankedTensorType::get({1}, element);
  if (type != vector)
    src = ttir::ReshapeOp::create(b, loc, vector, src);
  auto reduce = ttir::ReduceOp::create(b, loc, TypeRange{element},
                                       ValueRange{src}, /*axis=*/0);
  Block *combiner = b.createBlock(&reduce.getCombineOp(), {},
                                  {element, element}, {loc, loc});
  ttir::ReduceReturnOp::create(b, loc, combiner->getArgument(0));
  op.replaceAllUsesWith(reduce.getResult().front());
  op.erase();
  return success();
}

/// Cuts a gather's source to its indices' size off the gather axis, where
/// they are smaller; leaves other gathers alone.
static LogicalResult cutGatherSource(ttir::GatherOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto indexType = cast<RankedTensorType>(op.getIndices().getType());
  if (srcType.getRank() != indexType.getRank())
    return op.emitError("tt.gather indices of rank ")
           << indexType.getRank() << " for a source of rank "
           << srcType.getRank();
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value src = op.getSrc();
  SmallVector<int64_t> shape(srcType.getShape());
  for (int64_t dim = 0, rank = shape.size(); dim < rank; ++dim) {
    int64_t size = indexType.getDimSize(dim);
    if (dim == op.getAxis() || size == shape[dim])
      continue;
    if (size > shape[dim])
      return op.emitError("tt.gather indices dimension ")
             << dim << " (" << size << ") is larger than the source's ("
             << shape[dim] << ")";
    shape[dim] = size;
    auto iotaType = RankedTensorType::get({size}, b.getI32Type());
    Value iota = ttir::MakeRangeOp::create(b, loc, iotaType, 0, size);
    Value indices = spreadAlong(b, loc, iota, shape, dim);
    src = ttir::GatherOp::create(
        b, loc, RankedTensorType::get(shape, srcType.getElementType()), src,
        indices, dim);
  }
  if (src != op.getSrc())
    op.getSrcMutable().assign(src);
  return success();
}

//===----------------------------------------------------------------------===//
// tt.dot_scaled
//===----------------------------------------------------------------------===//

namespace {
/// Builds the elementwise integer and float arithmetic of the dot_scaled
/// decomposition on tensors of one shape.
class TensorArith {
public:
  TensorArith(OpBuilder &b, Location loc, RankedTensorType shape)
      : b(b), loc(loc), i32Type(shape.clone(b.getI32Type())),
        f32Type(shape.clone(b.getF32Type())) {}

  Value constant(int64_t value) {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32Type, b.getI32IntegerAttr(value)));
  }
  Value bits(Value x, int64_t mask) {
    return arith::AndIOp::create(b, loc, x, constant(mask));
  }
  Value shiftLeft(Value x, int64_t by) {
    return arith::ShLIOp::create(b, loc, x, constant(by));
  }
  Value shiftRight(Value x, int64_t by) {
    return arith::ShRUIOp::create(b, loc, x, constant(by));
  }
  Value equals(Value x, int64_t value) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x,
                                 constant(value));
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
  Value asFloat(Value x) { return ttir::BitcastOp::create(b, loc, f32Type, x); }
  Value widen(Value bytes) {
    return arith::ExtUIOp::create(b, loc, i32Type, bytes);
  }

private:
  OpBuilder &b;
  Location loc;
  RankedTensorType i32Type, f32Type;
};
} // namespace

/// The f32 values of e2m1 numbers packed two to a byte along `axis` (the
/// one of even index in the low nibble), unpacked: `axis` doubles.
static Value unpackE2M1(OpBuilder &b, Location loc, Value packed,
                        int64_t axis) {
  auto type = cast<RankedTensorType>(packed.getType());
  TensorArith arith(b, loc, type);
  Value bytes = arith.widen(packed);
  // s e e m is 0 or 0.5 when e = 0, else (1 + m/2) * 2^(e-1): the f32 of
  // that sign, exponent e + 126 and mantissa m at its top bit.
  auto decode = [&](Value nibble) {
    Value sign = arith.shiftLeft(arith.bits(nibble, 8), 28);
    Value exponent = arith.bits(arith.shiftRight(nibble, 1), 3);
    Value mantissa = arith.bits(nibble, 1);
    Value normal = arith::OrIOp::create(
        b, loc,
        arith.shiftLeft(arith::AddIOp::create(b, loc, exponent,
                                              arith.constant(126)),
                        23),
        arith.shiftLeft(mantissa, 22));
    Value half = arith.select(arith.equals(mantissa, 1),
                              arith.constant(0x3F000000), arith.constant(0));
    Value magnitude = arith.select(arith.equals(exponent, 0), half, normal);
    return arith.asFloat(arith::OrIOp::create(b, loc, sign, magnitude));
  };
  Value low = decode(arith.bits(bytes, 15));
  Value high = decode(arith.shiftRight(bytes, 4));
  SmallVector<int64_t> shape(type.getShape());
  int64_t rank = shape.size();
  shape.push_back(2);
  Type f32 = b.getF32Type();
  Value pairs = ttir::JoinOp::create(b, loc, RankedTensorType::get(shape, f32),
                                     low, high);
  if (axis != rank - 1) {
    // Each pair goes next to its axis before the two merge.
    SmallVector<int32_t> order;
    for (int32_t d = 0; d <= axis; ++d)
      order.push_back(d);
    order.push_back(rank);
    for (int32_t d = axis + 1; d < rank; ++d)
      order.push_back(d);
    SmallVector<int64_t> moved;
    for (int32_t d : order)
      moved.push_back(shape[d]);
    pairs = ttir::TransOp::create(b, loc, RankedTensorType::get(moved, f32),
                                  pairs, b.getDenseI32ArrayAttr(order));
  }
  SmallVector<int64_t> unpacked(type.getShape());
  unpacked[axis] *= 2;
  return ttir::ReshapeOp::create(b, loc, RankedTensorType::get(unpacked, f32),
                                 pairs);
}

/// One operand of a dot_scaled in f32, unpacked along k (`kAxis`), or null
/// after reporting why it cannot be.
static Value decodeScaledOperand(OpBuilder &b, ttir::DotScaledOp op,
                                 Value value, ttir::ScaleDotElemType format,
                                 bool kPacked, int64_t kAxis) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(value.getType());
  auto f32Type = type.clone(b.getF32Type());
  switch (format) {
  case ttir::ScaleDotElemType::E4M3:
  case ttir::ScaleDotElemType::E5M2:
    return ttir::FpToFpOp::create(b, loc, f32Type, value, nullptr);
  case ttir::ScaleDotElemType::BF16:
  case ttir::ScaleDotElemType::FP16:
    return arith::ExtFOp::create(b, loc, f32Type, value);
  case ttir::ScaleDotElemType::E2M1:
    if (!kPacked) {
      op.emitError("tt.dot_scaled with e2m1 packed along M or N "
                   "(k_pack = false) is not imported yet");
      return {};
    }
    return unpackE2M1(b, loc, value, kAxis);
  case ttir::ScaleDotElemType::E2M3:
  case ttir::ScaleDotElemType::E3M2:
    break;
  }
  op.emitError("tt.dot_scaled of ")
      << ttir::stringifyScaleDotElemType(format)
      << " (fp6, which Triton 3.6's front end rejects) has no tile twin";
  return {};
}

/// `value` (f32, k along `kAxis`) times 2^(s - 127) for the e8m0 scale s of
/// its row (or column) and group of 32 k; scale 0xFF is NaN. Null after
/// reporting a scale of the wrong shape.
static Value applyScale(OpBuilder &b, ttir::DotScaledOp op, Value value,
                        Value scale, int64_t kAxis) {
  Location loc = op.getLoc();
  auto valueType = cast<RankedTensorType>(value.getType());
  auto scaleType = cast<RankedTensorType>(scale.getType());
  int64_t outer = valueType.getDimSize(1 - kAxis);
  int64_t k = valueType.getDimSize(kAxis);
  constexpr int64_t group = 32;
  if (scaleType.getRank() != 2 || scaleType.getDimSize(0) != outer ||
      scaleType.getDimSize(1) * group != k) {
    op.emitError("a tt.dot_scaled scale of shape ")
        << scaleType << " for an operand of shape " << valueType
        << " (one e8m0 scale per 32 k is imported)";
    return {};
  }
  TensorArith arith(b, loc, scaleType);
  Value exponent = arith.widen(scale);
  // 2^(s - 127) is the f32 of exponent field s, except s = 0, which is the
  // subnormal 2^-127.
  Value factor =
      arith.select(arith.equals(exponent, 0), arith.constant(0x00400000),
                   arith.shiftLeft(exponent, 23));
  factor = arith.select(arith.equals(exponent, 0xFF),
                        arith.constant(0x7FC00000), factor);
  factor = arith.asFloat(factor);
  Type f32 = b.getF32Type();
  int64_t groups = scaleType.getDimSize(1);
  factor = ttir::ExpandDimsOp::create(
      b, loc, RankedTensorType::get({outer, groups, 1}, f32), factor, 2);
  factor = ttir::BroadcastOp::create(
      b, loc, RankedTensorType::get({outer, groups, group}, f32), factor);
  factor = ttir::ReshapeOp::create(
      b, loc, RankedTensorType::get({outer, k}, f32), factor);
  if (kAxis == 0)
    factor = ttir::TransOp::create(b, loc, valueType, factor,
                                   b.getDenseI32ArrayAttr({1, 0}));
  return arith::MulFOp::create(b, loc, value, factor);
}

/// tt.dot_scaled as Triton decomposes it where no unit takes scales (Hopper):
/// each operand decoded, scaled, rounded to bf16 (f16 when either is fp16)
/// and multiplied by tt.dot with the f32 accumulator.
static LogicalResult decomposeDotScaled(ttir::DotScaledOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto resultType = cast<RankedTensorType>(op.getType());
  if (resultType.getRank() != 2)
    return op.emitError("a batched tt.dot_scaled is not imported yet");
  Value a = decodeScaledOperand(b, op, op.getA(), op.getAElemType(),
                                op.getLhsKPack(), /*kAxis=*/1);
  Value bOperand = decodeScaledOperand(b, op, op.getB(), op.getBElemType(),
                                       op.getRhsKPack(), /*kAxis=*/0);
  if (!a || !bOperand)
    return failure();
  if (Value scale = op.getAScale())
    if (!(a = applyScale(b, op, a, scale, /*kAxis=*/1)))
      return failure();
  if (Value scale = op.getBScale())
    if (!(bOperand = applyScale(b, op, bOperand, scale, /*kAxis=*/0)))
      return failure();
  bool anyF16 = op.getAElemType() == ttir::ScaleDotElemType::FP16 ||
                op.getBElemType() == ttir::ScaleDotElemType::FP16;
  Type compute = anyF16 ? Type(b.getF16Type()) : Type(b.getBF16Type());
  auto narrow = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType()).clone(compute);
    return arith::TruncFOp::create(b, loc, type, value);
  };
  Value product = ttir::DotOp::create(
      b, loc, resultType, narrow(a), narrow(bOperand), op.getC(),
      ttir::InputPrecisionAttr::get(op.getContext(),
                                    ttir::InputPrecision::IEEE));
  op.replaceAllUsesWith(product);
  op.erase();
  return success();
}

LogicalResult
mlir::tile::materializeHostDescriptors(ModuleOp module,
                                       ArrayRef<std::string> paddings) {
  struct HostDescriptor {
    BlockArgument arg;
    SmallVector<Value> shape, strides;
    ttir::PaddingOption padding;
  };
  for (auto kernel : module.getOps<ttir::FuncOp>()) {
    if (!kernel.isPublic() || kernel.isExternal())
      continue;
    Block &entry = kernel.getBody().front();
    SmallVector<HostDescriptor> descriptors;
    for (BlockArgument arg : entry.getArguments())
      if (isa<ttir::TensorDescType>(arg.getType()))
        descriptors.push_back({arg, {}, {}, ttir::PaddingOption::PAD_ZERO});
    if (paddings.size() > 1 && paddings.size() != descriptors.size())
      return kernel.emitError("the kernel has ")
             << descriptors.size() << " tensor descriptor arguments; "
             << paddings.size() << " paddings are given for them";
    // Everything is checked before anything changes.
    for (auto [index, descriptor] : llvm::enumerate(descriptors)) {
      BlockArgument arg = descriptor.arg;
      int64_t rank =
          cast<ttir::TensorDescType>(arg.getType()).getBlockType().getRank();
      unsigned first = arg.getArgNumber() + 1;
      auto typed = [&](int64_t offset, unsigned width) {
        return first + offset < entry.getNumArguments() &&
               entry.getArgument(first + offset).getType().isInteger(width);
      };
      for (int64_t k = 0; k < rank; ++k) {
        if (!typed(k, 32) || !typed(rank + k, 64))
          return emitError(arg.getLoc(), "a tensor descriptor argument must "
                                         "be followed by its ")
                 << rank << " extents (i32) and " << rank
                 << " strides (i64), as Triton 3.6's NVIDIA TTIR passes a "
                    "host TensorDescriptor";
        descriptor.shape.push_back(entry.getArgument(first + k));
        descriptor.strides.push_back(entry.getArgument(first + rank + k));
      }
      if (paddings.empty())
        continue;
      StringRef padding = paddings[paddings.size() == 1 ? 0 : index];
      std::optional<ttir::PaddingOption> option =
          ttir::symbolizePaddingOption(padding);
      if (!option)
        return emitError(arg.getLoc(), "padding '")
               << padding << "' for a tensor descriptor: 'zero' or 'nan'";
      descriptor.padding = *option;
    }
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    for (HostDescriptor &descriptor : descriptors) {
      BlockArgument arg = descriptor.arg;
      auto type = cast<ttir::TensorDescType>(arg.getType());
      arg.setType(ttir::PointerType::get(type.getBlockType().getElementType(),
                                         /*addressSpace=*/1));
      auto make = ttir::MakeTensorDescOp::create(
          b, arg.getLoc(), type, arg, descriptor.shape, descriptor.strides,
          descriptor.padding);
      arg.replaceAllUsesExcept(make.getResult(), make);
    }
    kernel.setType(FunctionType::get(kernel.getContext(),
                                     entry.getArgumentTypes(),
                                     kernel.getResultTypes()));
  }
  return success();
}

LogicalResult mlir::tile::decomposeOpsWithoutTwin(ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<ttir::DescriptorGatherOp, ttir::DescriptorScatterOp,
            ttir::DescriptorReduceOp, ttir::UnsplatOp, ttir::GatherOp,
            ttir::DotScaledOp>(op))
      ops.push_back(op);
  });
  SetVector<Operation *> makes;
  for (Operation *op : ops) {
    if (isa<ttir::DescriptorGatherOp, ttir::DescriptorScatterOp,
            ttir::DescriptorReduceOp>(op))
      // Each descriptor access's first operand is its descriptor.
      if (Operation *make = op->getOperand(0).getDefiningOp())
        makes.insert(make);
    LogicalResult decomposed =
        llvm::TypeSwitch<Operation *, LogicalResult>(op)
            .Case([](ttir::DescriptorGatherOp op) { return expandGather(op); })
            .Case(
                [](ttir::DescriptorScatterOp op) { return expandScatter(op); })
            .Case([](ttir::DescriptorReduceOp op) { return expandReduce(op); })
            .Case([](ttir::UnsplatOp op) { return decomposeUnsplat(op); })
            .Case([](ttir::GatherOp op) { return cutGatherSource(op); })
            .Case([](ttir::DotScaledOp op) { return decomposeDotScaled(op); });
    if (failed(decomposed))
      return failure();
  }
  // A descriptor only the accesses used is dead now.
  for (Operation *make : makes)
    if (make->use_empty())
      make->erase();
  return success();
}
