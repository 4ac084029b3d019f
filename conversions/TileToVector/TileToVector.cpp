//===- TileToVector.cpp - Strip-mines tile programs into vector loops -----===//
//
// Each tile.func becomes `<name>_program`. Ops are visited in program order:
// scalar ops are cloned; ops producing tiles emit nothing where they stand;
// ops consuming tiles in a way that needs every element (stores,
// reductions, loop-carried tiles: the "sinks") emit a loop over chunks of
// `width` elements of the last dimension (and over rows), and evaluate the
// tiles they read chunk by chunk, recursively, inside that loop. This is the
// fusion: an elementwise chain feeding a store costs one pass over memory.
//
// This is a code generator over a whole function, not a set of local
// rewrite patterns, because what a tile op becomes depends on where its
// consumers are.
//
//===----------------------------------------------------------------------===//

#include "conversions/TileToVector/TileToVector.h"

#include "dialects/Tile/Analysis/AxisInfo.h"
#include "dialects/Tile/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <array>
#include <cmath>
#include <map>
#include <numeric>

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTILETOVECTOR
#include "conversions/TileToVector/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

std::string mlir::tile::getCPUKernelEntryName(StringRef name) {
  return ("tile_kernel_" + name).str();
}

StringRef mlir::tile::getCPUAssertFlagName() { return "tile_assert_failed"; }

namespace {

/// Where a chunk of a tile starts: its row (0 for 1-D tiles) and first
/// column, both `index`, and how many consecutive columns it covers.
struct Position {
  Value row;
  Value col;
  int64_t width;
};

bool isF8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }

/// The type of one element of a tile once lowered: pointers become
/// !llvm.ptr; f8 values, which LLVM has no type for, travel as their i8 bits.
Type lowerElementType(Type element) {
  if (isa<PointerType>(element))
    return LLVM::LLVMPointerType::get(element.getContext());
  if (isF8(element))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

/// f8 bits (i8 vector) to f32, exactly. e5m2 is the top byte of an f16.
Value decodeF8(OpBuilder &b, Location loc, Value bits, Type f8) {
  auto type = cast<VectorType>(bits.getType());
  auto vec = [&](Type element) {
    return VectorType::get(type.getShape(), element);
  };
  auto splat = [&](Type element, Attribute value) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vec(element), value));
  };
  Type i16 = b.getI16Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
  if (isa<Float8E5M2Type>(f8)) {
    Value wide = arith::ExtUIOp::create(b, loc, vec(i16), bits);
    Value shifted =
        arith::ShLIOp::create(b, loc, wide, splat(i16, b.getI16IntegerAttr(8)));
    Value half = arith::BitcastOp::create(b, loc, vec(b.getF16Type()), shifted);
    return arith::ExtFOp::create(b, loc, vec(f32), half);
  }
  // e4m3fn: 1 sign, 4 exponent (bias 7), 3 mantissa bits; S.1111.111 is NaN.
  auto c32 = [&](int64_t v) { return splat(i32, b.getI32IntegerAttr(v)); };
  Value u = arith::ExtUIOp::create(b, loc, vec(i32), bits);
  Value sign = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, u, c32(0x80)), c32(24));
  Value exponent = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, u, c32(3)), c32(15));
  Value mantissa = arith::AndIOp::create(b, loc, u, c32(7));
  Value normal = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(
          b, loc, arith::AddIOp::create(b, loc, exponent, c32(120)), c32(23)),
      arith::ShLIOp::create(b, loc, mantissa, c32(20)));
  // Subnormals: mantissa * 2^-9.
  Value sub = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, vec(f32), mantissa),
      splat(f32, b.getF32FloatAttr(1.0f / 512)));
  Value subBits = arith::BitcastOp::create(b, loc, vec(i32), sub);
  Value isSub =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, c32(0));
  Value magnitude = arith::SelectOp::create(b, loc, isSub, subBits, normal);
  Value isNan = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::AndIOp::create(b, loc, u, c32(0x7F)), c32(0x7F));
  magnitude =
      arith::SelectOp::create(b, loc, isNan, c32(0x7FC00000), magnitude);
  Value result = arith::OrIOp::create(b, loc, magnitude, sign);
  return arith::BitcastOp::create(b, loc, vec(f32), result);
}

/// f32 to f8 bits, rounding to nearest even and saturating finite values
/// and infinities to the largest finite magnitude; NaN stays NaN.
Value encodeF8(OpBuilder &b, Location loc, Value x, Type f8) {
  auto type = cast<VectorType>(x.getType());
  auto vec = [&](Type element) {
    return VectorType::get(type.getShape(), element);
  };
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c32 = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vec(i32), b.getI32IntegerAttr(v)));
  };
  auto cf = [&](float v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vec(f32), b.getF32FloatAttr(v)));
  };
  bool e4m3 = isa<Float8E4M3FNType>(f8);
  int mantissaBits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  float maxFinite = e4m3 ? 448.0f : 57344.0f;
  float minNormal = std::ldexp(1.0f, 1 - bias);
  Value u = arith::BitcastOp::create(b, loc, vec(i32), x);
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, u, c32(24)), c32(0x80));
  Value magnitude = math::AbsFOp::create(b, loc, x);
  // minimumf keeps NaN; saturation makes every finite input representable.
  Value clamped = arith::MinimumFOp::create(b, loc, magnitude, cf(maxFinite));
  Value cu = arith::BitcastOp::create(b, loc, vec(i32), clamped);
  // Normal range: round the f32 mantissa to `mantissaBits` bits (ties to
  // even), then rebias the exponent.
  int shift = 23 - mantissaBits;
  Value lsb = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, cu, c32(shift)), c32(1));
  Value rounded = arith::AddIOp::create(
      b, loc, cu,
      arith::AddIOp::create(b, loc, c32((1 << (shift - 1)) - 1), lsb));
  Value normal = arith::SubIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, rounded, c32(shift)),
      c32((127 - bias) << mantissaBits));
  // Subnormal range: the value in units of the smallest subnormal, rounded.
  Value scaled = arith::MulFOp::create(
      b, loc, clamped, cf(std::ldexp(1.0f, bias - 1 + mantissaBits)));
  Value sub = arith::FPToUIOp::create(
      b, loc, vec(i32), math::RoundEvenOp::create(b, loc, scaled));
  Value isSub = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                      clamped, cf(minNormal));
  Value bits = arith::SelectOp::create(b, loc, isSub, sub, normal);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  bits = arith::SelectOp::create(b, loc, isNan, c32(e4m3 ? 0x7F : 0x7E), bits);
  bits = arith::OrIOp::create(b, loc, bits, sign);
  return arith::TruncIOp::create(b, loc, vec(b.getI8Type()), bits);
}

Type lowerType(Type type) { return lowerElementType(type); }

/// Rows and columns of a 1-D or 2-D tile (a 1-D tile is one row).
std::pair<int64_t, int64_t> rowsAndCols(RankedTensorType type) {
  if (type.getRank() == 1)
    return {1, type.getDimSize(0)};
  return {type.getDimSize(0), type.getDimSize(1)};
}

/// The arith/math form of the tile dialect's elementwise ops, on vectors or
/// scalars alike; null if `op` is not one of them.
Value lowerElementwiseTileOp(OpBuilder &b, Operation *op, ValueRange operands,
                             Type resultType) {
  Location loc = op->getLoc();
  if (isa<PreciseDivFOp>(op)) // LLVM's fdiv is correctly rounded.
    return arith::DivFOp::create(b, loc, operands[0], operands[1]);
  if (isa<PreciseSqrtOp>(op)) // So is llvm.sqrt.
    return math::SqrtOp::create(b, loc, operands[0]);
  if (auto clamp = dyn_cast<ClampFOp>(op)) {
    if (clamp.getPropagateNan()) {
      Value low = arith::MaximumFOp::create(b, loc, operands[0], operands[1]);
      return arith::MinimumFOp::create(b, loc, low, operands[2]);
    }
    Value low = arith::MaxNumFOp::create(b, loc, operands[0], operands[1]);
    return arith::MinNumFOp::create(b, loc, low, operands[2]);
  }
  if (isa<MulhiUIOp>(op))
    return arith::MulUIExtendedOp::create(b, loc, operands[0], operands[1])
        .getHigh();
  return Value();
}

class ProgramEmitter {
public:
  ProgramEmitter(FuncOp kernel, func::FuncOp program,
                 const AxisInfoAnalysis &axis, int64_t vectorBytes)
      : kernel(kernel), program(program), axis(axis), vectorBytes(vectorBytes) {
  }

  LogicalResult emit();

private:
  // Program order.
  LogicalResult emitBlock(Block &block, OpBuilder &b);
  LogicalResult emitOp(Operation *op, OpBuilder &b);
  LogicalResult emitStore(StoreOp op, OpBuilder &b);
  LogicalResult emitReduce(ReduceOp op, OpBuilder &b);
  LogicalResult emitDot(DotOp op, OpBuilder &b);
  LogicalResult emitScan(ScanOp op, OpBuilder &b);
  LogicalResult emitAtomicRMW(AtomicRMWOp op, OpBuilder &b);
  LogicalResult emitDescStore(DescStoreOp op, OpBuilder &b);
  LogicalResult emitPrint(PrintOp op, OpBuilder &b);
  LogicalResult emitAssert(AssertOp op, OpBuilder &b);
  /// Calls printf with `format` (without its terminating zero) and `args`.
  void callPrintf(OpBuilder &b, Location loc, StringRef format,
                  ValueRange args);
  /// The program ids, as values of the program function.
  std::array<Value, 3> programIds() {
    unsigned first = kernel.getNumArguments();
    return {program.getArgument(first), program.getArgument(first + 1),
            program.getArgument(first + 2)};
  }
  /// The addresses and in-bounds mask of a chunk of a descriptor block at
  /// block offsets `offsets`; whether the addresses are contiguous.
  struct DescChunk {
    Value ptrs, mask;
    bool contiguous;
  };
  DescChunk descChunk(OpBuilder &b, Location loc, MakeDescOp desc,
                      ValueRange offsets, Position pos);
  LogicalResult emitFor(scf::ForOp op, OpBuilder &b);
  LogicalResult emitIf(scf::IfOp op, OpBuilder &b);
  LogicalResult emitScalarMemory(Operation *op, OpBuilder &b);

  // Chunks.
  FailureOr<Value> chunk(OpBuilder &b, Value tile, Position pos);
  FailureOr<Value> computeChunk(OpBuilder &b, Value tile, Position pos);
  FailureOr<Value> loadChunk(OpBuilder &b, LoadOp op, Position pos);
  FailureOr<Value> philoxChunk(OpBuilder &b, PhiloxOp op, unsigned word,
                               Position pos);
  /// Runs `body(row, col)` over every chunk of a tile of `type`, `width`
  /// columns at a time.
  LogicalResult
  forEachChunk(OpBuilder &b, Location loc, RankedTensorType type, int64_t width,
               function_ref<LogicalResult(OpBuilder &, Position)> body);
  int64_t chunkWidth(RankedTensorType type);

  // Buffers.
  Value allocaBuffer(RankedTensorType type);
  Value bufferAddress(OpBuilder &b, Location loc, Value buffer,
                      RankedTensorType type, Position pos);
  /// Stores every element of `tile` into `buffer`, converted to `storeAs`
  /// (a wider float type) when given.
  LogicalResult materialize(OpBuilder &b, Value tile, Value buffer,
                            Type storeAs = {});

  Value constantIndex(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  /// Applies the combiner of `op` to vectors (or scalars) `lhs` and `rhs`.
  FailureOr<SmallVector<Value>> combine(OpBuilder &b, Region &combiner,
                                        ValueRange lhs, ValueRange rhs);

  InFlightDiagnostic unsupported(Operation *op, const Twine &why) {
    return op->emitOpError("cannot be lowered by the CPU target: ") << why;
  }

  FuncOp kernel;
  func::FuncOp program;
  const AxisInfoAnalysis &axis;
  int64_t vectorBytes;
  IRMapping scalars;
  /// Tiles that live in memory (loop-carried tiles, reductions over rows):
  /// the address of their row-major storage.
  DenseMap<Value, Value> buffers;
  /// Descriptors, by the value of their tile.make_desc.
  DenseMap<Value, MakeDescOp> descriptors;
  /// Chunks already computed in the current loop body, by (tile, row, col,
  /// width).
  std::map<std::tuple<void *, void *, void *, int64_t>, Value> chunks;
  /// Strings made for printf so far (for unique global names).
  unsigned stringCount = 0;
};

//===----------------------------------------------------------------------===//
// Program order
//===----------------------------------------------------------------------===//

LogicalResult ProgramEmitter::emit() {
  Block &entry = program.getBody().front();
  Block &source = kernel.getBody().front();
  for (auto [from, to] :
       llvm::zip(source.getArguments(),
                 entry.getArguments().take_front(source.getNumArguments())))
    scalars.map(from, to);
  OpBuilder b = OpBuilder::atBlockEnd(&entry);
  return emitBlock(source, b);
}

LogicalResult ProgramEmitter::emitBlock(Block &block, OpBuilder &b) {
  for (Operation &op : block)
    if (failed(emitOp(&op, b)))
      return failure();
  return success();
}

bool isTile(Value value) { return isa<RankedTensorType>(value.getType()); }
bool hasTileOperandsOrResults(Operation *op) {
  return llvm::any_of(op->getOperands(), isTile) ||
         llvm::any_of(op->getResults(), isTile);
}

LogicalResult ProgramEmitter::emitOp(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  unsigned numKernelArgs = kernel.getNumArguments();
  auto gridArg = [&](unsigned index) {
    return program.getArgument(numKernelArgs + index);
  };
  if (auto pid = dyn_cast<ProgramIdOp>(op)) {
    scalars.map(pid.getResult(), gridArg(unsigned(pid.getAxis())));
    return success();
  }
  if (auto num = dyn_cast<NumProgramsOp>(op)) {
    scalars.map(num.getResult(), gridArg(3 + unsigned(num.getAxis())));
    return success();
  }
  if (isa<ReturnOp>(op)) {
    func::ReturnOp::create(b, loc);
    return success();
  }
  if (auto store = dyn_cast<StoreOp>(op))
    return isTile(store.getValue()) ? emitStore(store, b)
                                    : emitScalarMemory(op, b);
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return emitReduce(reduce, b);
  if (auto dot = dyn_cast<DotOp>(op))
    return emitDot(dot, b);
  if (auto scan = dyn_cast<ScanOp>(op))
    return emitScan(scan, b);
  if (auto makeDesc = dyn_cast<MakeDescOp>(op)) {
    if (cast<TensorDescType>(makeDesc.getType()).getBlockType().getRank() > 2)
      return unsupported(op, "descriptors of rank above 2 are not "
                             "implemented yet");
    descriptors[makeDesc.getResult()] = makeDesc;
    return success();
  }
  if (auto store = dyn_cast<DescStoreOp>(op))
    return emitDescStore(store, b);
  if (auto print = dyn_cast<PrintOp>(op))
    return emitPrint(print, b);
  if (auto assertOp = dyn_cast<AssertOp>(op))
    return emitAssert(assertOp, b);
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return emitAtomicRMW(rmw, b);
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return emitFor(forOp, b);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return emitIf(ifOp, b);
  if (isa<LoadOp, AddPtrOp>(op) && !hasTileOperandsOrResults(op))
    return emitScalarMemory(op, b);
  if (isa<AtomicCASOp>(op))
    return unsupported(op, "this op is not implemented on the CPU yet");

  if (hasTileOperandsOrResults(op)) {
    // A tile-producing op: evaluated where its consumers need it, except a
    // costly function (exp, log, tanh, ...) read by several consumers, which
    // is computed once into a buffer rather than once per consumer loop.
    if (isa<math::MathDialect>(op->getDialect()) && op->getNumResults() == 1 &&
        !op->getResult(0).hasOneUse() && isTile(op->getResult(0))) {
      Value result = op->getResult(0);
      Value buffer = allocaBuffer(cast<RankedTensorType>(result.getType()));
      if (failed(materialize(b, result, buffer)))
        return failure();
      buffers[result] = buffer;
      return success();
    }
    if (llvm::all_of(op->getResults(), isTile))
      return success();
    return unsupported(op, "ops turning tiles into scalars other than "
                           "tile.reduce are not implemented yet");
  }
  if (op->getDialect() && op->getDialect()->getNamespace() == "tile") {
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(scalars.lookup(operand));
    if (op->getNumResults() == 1)
      if (Value lowered = lowerElementwiseTileOp(b, op, operands,
                                                 op->getResult(0).getType())) {
        scalars.map(op->getResult(0), lowered);
        return success();
      }
    return unsupported(op, "this scalar form is not implemented yet");
  }
  // A scalar op from arith, math or another dialect: cloned as it is.
  Operation *clone = b.clone(*op, scalars);
  (void)clone;
  return success();
}

LogicalResult ProgramEmitter::emitScalarMemory(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  if (auto addPtr = dyn_cast<AddPtrOp>(op)) {
    Type pointee = lowerElementType(
        cast<PointerType>(addPtr.getPtr().getType()).getPointeeType());
    Value gep = LLVM::GEPOp::create(
        b, loc, ptrType, pointee, scalars.lookup(addPtr.getPtr()),
        ValueRange{scalars.lookup(addPtr.getOffset())});
    scalars.map(addPtr.getResult(), gep);
    return success();
  }
  if (auto load = dyn_cast<LoadOp>(op)) {
    Type type = lowerType(load.getType());
    unsigned align = getElementByteSize(load.getType());
    Value ptr = scalars.lookup(load.getPtr());
    if (!load.getMask()) {
      scalars.map(
          load.getResult(),
          LLVM::LoadOp::create(b, loc, type, ptr, align, load.getIsVolatile()));
      return success();
    }
    // A masked scalar load reads nothing when its mask is false.
    Value other =
        load.getOther()
            ? scalars.lookup(load.getOther())
            : Value(arith::ConstantOp::create(b, loc, b.getZeroAttr(type)));
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{type},
                                  scalars.lookup(load.getMask()), true, true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    Value value = LLVM::LoadOp::create(thenB, loc, type, ptr, align,
                                       load.getIsVolatile());
    scf::YieldOp::create(thenB, loc, value);
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseB, loc, other);
    scalars.map(load.getResult(), ifOp.getResult(0));
    return success();
  }
  auto store = cast<StoreOp>(op);
  unsigned align = getElementByteSize(store.getValue().getType());
  auto emitStoreAt = [&](OpBuilder &builder) {
    LLVM::StoreOp::create(builder, loc, scalars.lookup(store.getValue()),
                          scalars.lookup(store.getPtr()), align);
  };
  if (!store.getMask()) {
    emitStoreAt(b);
    return success();
  }
  auto ifOp = scf::IfOp::create(b, loc, scalars.lookup(store.getMask()),
                                /*withElseRegion=*/false);
  OpBuilder thenB = ifOp.getThenBodyBuilder();
  emitStoreAt(thenB);
  return success();
}

//===----------------------------------------------------------------------===//
// Loops over chunks
//===----------------------------------------------------------------------===//

int64_t ProgramEmitter::chunkWidth(RankedTensorType type) {
  int64_t cols = rowsAndCols(type).second;
  int64_t lanes = std::max<int64_t>(
      1, vectorBytes / getElementByteSize(type.getElementType()));
  // The widest power of two that divides a row and fits a register.
  int64_t width = 1;
  while (width * 2 <= lanes && cols % (width * 2) == 0)
    width *= 2;
  return width;
}

LogicalResult ProgramEmitter::forEachChunk(
    OpBuilder &b, Location loc, RankedTensorType type, int64_t width,
    function_ref<LogicalResult(OpBuilder &, Position)> body) {
  auto [rows, cols] = rowsAndCols(type);
  Value zero = constantIndex(b, loc, 0);
  auto rowLoop = scf::ForOp::create(b, loc, zero, constantIndex(b, loc, rows),
                                    constantIndex(b, loc, 1));
  OpBuilder rowB = OpBuilder::atBlockBegin(rowLoop.getBody());
  auto colLoop = scf::ForOp::create(rowB, loc, constantIndex(rowB, loc, 0),
                                    constantIndex(rowB, loc, cols),
                                    constantIndex(rowB, loc, width));
  OpBuilder colB = OpBuilder::atBlockBegin(colLoop.getBody());
  chunks.clear();
  LogicalResult result = body(colB, Position{rowLoop.getInductionVar(),
                                             colLoop.getInductionVar(), width});
  chunks.clear();
  return result;
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

Value ProgramEmitter::allocaBuffer(RankedTensorType type) {
  Block &entry = program.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = program.getLoc();
  Type element = lowerElementType(type.getElementType());
  Value count =
      LLVM::ConstantOp::create(b, loc, b.getI64Type(), type.getNumElements());
  return LLVM::AllocaOp::create(b, loc,
                                LLVM::LLVMPointerType::get(b.getContext()),
                                element, count, /*alignment=*/64);
}

Value ProgramEmitter::bufferAddress(OpBuilder &b, Location loc, Value buffer,
                                    RankedTensorType type, Position pos) {
  int64_t cols = rowsAndCols(type).second;
  Value rowStart =
      arith::MulIOp::create(b, loc, pos.row, constantIndex(b, loc, cols));
  Value index = arith::AddIOp::create(b, loc, rowStart, pos.col);
  Value index64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                             lowerElementType(type.getElementType()), buffer,
                             ValueRange{index64});
}

LogicalResult ProgramEmitter::materialize(OpBuilder &b, Value tile,
                                          Value buffer, Type storeAs) {
  auto type = cast<RankedTensorType>(tile.getType());
  Location loc = tile.getLoc();
  Type element = storeAs ? storeAs : type.getElementType();
  auto stored = RankedTensorType::get(type.getShape(), element);
  unsigned align = getElementByteSize(element);
  return forEachChunk(
      b, loc, type, chunkWidth(type),
      [&](OpBuilder &inner, Position pos) -> LogicalResult {
        FailureOr<Value> value = chunk(inner, tile, pos);
        if (failed(value))
          return failure();
        Value toStore = *value;
        if (element != type.getElementType())
          toStore = arith::ExtFOp::create(
              inner, loc, VectorType::get({pos.width}, element), toStore);
        Value addr = bufferAddress(inner, loc, buffer, stored, pos);
        LLVM::StoreOp::create(inner, loc, toStore, addr, align);
        return success();
      });
}

//===----------------------------------------------------------------------===//
// Sinks
//===----------------------------------------------------------------------===//

/// Whether the pointers of a chunk of `width` lanes are adjacent in memory,
/// and the alignment in bytes of the first one.
std::pair<bool, unsigned> contiguousChunk(const AxisInfoAnalysis &axis,
                                          Value ptrs, int64_t width) {
  unsigned elementBytes = getElementByteSize(
      cast<PointerType>(getElementTypeOrSelf(ptrs.getType())).getPointeeType());
  AxisInfo info = axis.getAxisInfo(ptrs);
  int64_t contiguity = info.getContiguity(info.getRank() - 1);
  bool contiguous = width > 1 && contiguity % width == 0;
  int64_t alignment =
      std::gcd(axis.getAlignmentBytes(ptrs), int64_t(width) * elementBytes);
  if (!contiguous)
    alignment = elementBytes;
  return {contiguous, unsigned(std::max<int64_t>(alignment, elementBytes))};
}

LogicalResult ProgramEmitter::emitStore(StoreOp op, OpBuilder &b) {
  auto type = cast<RankedTensorType>(op.getValue().getType());
  if (type.getRank() > 2)
    return unsupported(op, "tiles of rank above 2 are not implemented yet");
  Location loc = op.getLoc();
  int64_t width = chunkWidth(type);
  auto [isContiguous, alignment] = contiguousChunk(axis, op.getPtr(), width);
  bool contiguous = isContiguous;
  unsigned align = alignment;
  return forEachChunk(
      b, loc, type, width,
      [&](OpBuilder &inner, Position pos) -> LogicalResult {
        FailureOr<Value> ptrs = chunk(inner, op.getPtr(), pos);
        FailureOr<Value> value = chunk(inner, op.getValue(), pos);
        if (failed(ptrs) || failed(value))
          return failure();
        Value mask;
        if (op.getMask()) {
          FailureOr<Value> maskChunk = chunk(inner, op.getMask(), pos);
          if (failed(maskChunk))
            return failure();
          mask = *maskChunk;
        }
        if (contiguous) {
          Value first = vector::ExtractOp::create(inner, loc, *ptrs, 0);
          if (mask)
            LLVM::MaskedStoreOp::create(inner, loc, *value, first, mask, align);
          else
            LLVM::StoreOp::create(inner, loc, *value, first, align);
          return success();
        }
        if (!mask)
          mask = arith::ConstantOp::create(
              inner, loc,
              DenseElementsAttr::get(
                  VectorType::get({width}, inner.getI1Type()), true));
        LLVM::masked_scatter::create(inner, loc, *value, *ptrs, mask, align);
        return success();
      });
}

FailureOr<SmallVector<Value>> ProgramEmitter::combine(OpBuilder &b,
                                                      Region &combiner,
                                                      ValueRange lhs,
                                                      ValueRange rhs) {
  Block &block = combiner.front();
  IRMapping mapping;
  for (auto [arg, value] :
       llvm::zip(block.getArguments(), llvm::concat<const Value>(lhs, rhs)))
    mapping.map(arg, value);
  std::optional<int64_t> lanes;
  if (auto vectorType = dyn_cast<VectorType>(lhs.front().getType()))
    lanes = vectorType.getNumElements();
  for (Operation &op : block.without_terminator()) {
    if (!op.hasTrait<OpTrait::Elementwise>() && !isa<arith::ConstantOp>(op))
      return unsupported(combiner.getParentOp(),
                         "combiner ops must be elementwise arith or math");
    // Values from above the combiner (constants hoisted by canonicalization)
    // are scalars of the program, splat to the lanes.
    for (Value operand : op.getOperands()) {
      if (mapping.contains(operand) || operand.getParentBlock() == &block)
        continue;
      Value outer = scalars.lookupOrNull(operand);
      if (!outer)
        return unsupported(combiner.getParentOp(),
                           "combiner uses a value the CPU target cannot see");
      if (lanes)
        outer = vector::BroadcastOp::create(
            b, outer.getLoc(), VectorType::get({*lanes}, outer.getType()),
            outer);
      mapping.map(operand, outer);
    }
    Operation *clone = b.clone(op, mapping);
    for (OpResult result : clone->getResults())
      if (lanes)
        result.setType(VectorType::get({*lanes}, result.getType()));
    if (auto constant = dyn_cast<arith::ConstantOp>(clone); constant && lanes) {
      auto splat = DenseElementsAttr::get(cast<ShapedType>(constant.getType()),
                                          constant.getValue());
      constant.setValueAttr(cast<TypedAttr>(splat));
    }
  }
  SmallVector<Value> results;
  for (Value value : block.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(value));
  return results;
}

LogicalResult ProgramEmitter::emitReduce(ReduceOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  if (type.getRank() > 2)
    return unsupported(op, "tiles of rank above 2 are not implemented yet");
  bool alongRows = type.getRank() == 2 && op.getAxis() == 0;
  int64_t rows, cols;
  std::tie(rows, cols) = rowsAndCols(type);
  int64_t width = chunkWidth(type);
  size_t numValues = op.getSrcs().size();

  SmallVector<Value> resultBuffers;
  for (Value result : op.getResults())
    if (auto resultType = dyn_cast<RankedTensorType>(result.getType())) {
      Value buffer = allocaBuffer(resultType);
      buffers[result] = buffer;
      resultBuffers.push_back(buffer);
    }

  auto chunksOf = [&](OpBuilder &inner,
                      Position pos) -> FailureOr<SmallVector<Value>> {
    SmallVector<Value> values;
    for (Value src : op.getSrcs()) {
      FailureOr<Value> value = chunk(inner, src, pos);
      if (failed(value))
        return failure();
      values.push_back(*value);
    }
    return values;
  };

  if (alongRows) {
    // result[c] = combine over r of src[r, c]: vector accumulators per
    // column chunk, rows in the inner loop.
    Value zero = constantIndex(b, loc, 0);
    auto colLoop = scf::ForOp::create(b, loc, zero, constantIndex(b, loc, cols),
                                      constantIndex(b, loc, width));
    OpBuilder colB = OpBuilder::atBlockBegin(colLoop.getBody());
    Value col = colLoop.getInductionVar();
    chunks.clear();
    FailureOr<SmallVector<Value>> first =
        chunksOf(colB, Position{constantIndex(colB, loc, 0), col, width});
    if (failed(first))
      return failure();
    auto rowLoop = scf::ForOp::create(colB, loc, constantIndex(colB, loc, 1),
                                      constantIndex(colB, loc, rows),
                                      constantIndex(colB, loc, 1), *first);
    OpBuilder rowB = OpBuilder::atBlockBegin(rowLoop.getBody());
    chunks.clear();
    FailureOr<SmallVector<Value>> next =
        chunksOf(rowB, Position{rowLoop.getInductionVar(), col, width});
    if (failed(next))
      return failure();
    FailureOr<SmallVector<Value>> combined =
        combine(rowB, op.getCombiner(), rowLoop.getRegionIterArgs(), *next);
    if (failed(combined))
      return failure();
    scf::YieldOp::create(rowB, loc, *combined);
    chunks.clear();
    for (auto [index, buffer] : llvm::enumerate(resultBuffers)) {
      auto resultType = cast<RankedTensorType>(op.getResult(index).getType());
      Value addr = bufferAddress(colB, loc, buffer, resultType,
                                 Position{constantIndex(colB, loc, 0), col, 1});
      LLVM::StoreOp::create(colB, loc, rowLoop.getResult(index), addr,
                            getElementByteSize(resultType.getElementType()));
    }
    return success();
  }

  // Along the last dimension: one scalar per row.
  auto reduceRow = [&](OpBuilder &rb,
                       Value row) -> FailureOr<SmallVector<Value>> {
    chunks.clear();
    FailureOr<SmallVector<Value>> first =
        chunksOf(rb, Position{row, constantIndex(rb, loc, 0), width});
    if (failed(first))
      return failure();
    auto colLoop = scf::ForOp::create(rb, loc, constantIndex(rb, loc, width),
                                      constantIndex(rb, loc, cols),
                                      constantIndex(rb, loc, width), *first);
    OpBuilder colB = OpBuilder::atBlockBegin(colLoop.getBody());
    chunks.clear();
    FailureOr<SmallVector<Value>> next =
        chunksOf(colB, Position{row, colLoop.getInductionVar(), width});
    if (failed(next))
      return failure();
    FailureOr<SmallVector<Value>> combined =
        combine(colB, op.getCombiner(), colLoop.getRegionIterArgs(), *next);
    if (failed(combined))
      return failure();
    scf::YieldOp::create(colB, loc, *combined);
    chunks.clear();
    // A shuffle tree across the lanes of the accumulators.
    SmallVector<Value> accs(colLoop.getResults());
    for (int64_t half = width / 2; half >= 1; half /= 2) {
      SmallVector<Value> lo, hi;
      for (Value acc : accs) {
        lo.push_back(vector::ExtractStridedSliceOp::create(rb, loc, acc, {0},
                                                           {half}, {1}));
        hi.push_back(vector::ExtractStridedSliceOp::create(rb, loc, acc, {half},
                                                           {half}, {1}));
      }
      FailureOr<SmallVector<Value>> merged =
          combine(rb, op.getCombiner(), lo, hi);
      if (failed(merged))
        return failure();
      accs = *merged;
    }
    SmallVector<Value> scalarsOut;
    for (Value acc : accs)
      scalarsOut.push_back(vector::ExtractOp::create(rb, loc, acc, 0));
    return scalarsOut;
  };

  if (type.getRank() == 1) {
    FailureOr<SmallVector<Value>> values =
        reduceRow(b, constantIndex(b, loc, 0));
    if (failed(values))
      return failure();
    for (auto [result, value] : llvm::zip(op.getResults(), *values))
      scalars.map(result, value);
    return success();
  }
  auto rowLoop =
      scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                         constantIndex(b, loc, rows), constantIndex(b, loc, 1));
  OpBuilder rowB = OpBuilder::atBlockBegin(rowLoop.getBody());
  FailureOr<SmallVector<Value>> values =
      reduceRow(rowB, rowLoop.getInductionVar());
  if (failed(values))
    return failure();
  for (auto [index, buffer] : llvm::enumerate(resultBuffers)) {
    auto resultType = cast<RankedTensorType>(op.getResult(index).getType());
    Value addr = bufferAddress(
        rowB, loc, buffer, resultType,
        Position{constantIndex(rowB, loc, 0), rowLoop.getInductionVar(), 1});
    LLVM::StoreOp::create(rowB, loc, (*values)[index], addr,
                          getElementByteSize(resultType.getElementType()));
  }
  (void)numValues;
  return success();
}

/// Whether `op` is `acc = dot(a, b, acc)` on a loop-carried tile that
/// nothing else reads: its result can then be written over the loop's buffer.
static bool isAccumulatedInPlace(DotOp op) {
  auto acc = dyn_cast<BlockArgument>(op.getAcc());
  auto loop =
      acc ? dyn_cast<scf::ForOp>(acc.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || !acc.hasOneUse() || !op->hasOneUse())
    return false;
  OpOperand &use = *op->getUses().begin();
  auto yield = dyn_cast<scf::YieldOp>(use.getOwner());
  return yield && yield->getParentOp() == loop &&
         use.getOperandNumber() + loop.getNumInductionVars() ==
             acc.getArgNumber();
}

/// Whether the new value `yielded` of the loop-carried tile `iterArg` reads
/// it only lane by lane (through elementwise ops), and nothing else reads
/// it: then each chunk of the new value can overwrite the same chunk of the
/// old one, with no temporary.
static bool isElementwiseUpdate(Value iterArg, Value yielded) {
  if (!iterArg.hasOneUse())
    return false;
  auto shape = cast<RankedTensorType>(iterArg.getType()).getShape();
  SmallVector<Value> worklist = {yielded};
  DenseSet<Value> seen;
  bool reached = false;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (value == iterArg) {
      reached = true;
      continue;
    }
    Operation *def = value.getDefiningOp();
    auto type = dyn_cast<RankedTensorType>(value.getType());
    bool elementwise = def && type && type.getShape() == shape &&
                       def->hasTrait<OpTrait::Elementwise>() &&
                       def->getNumResults() == 1;
    if (!elementwise)
      continue; // Cannot reach iterArg: its only use is checked below.
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }
  // The one use of iterArg must be one of the elementwise ops walked.
  Operation *user = *iterArg.getUsers().begin();
  return reached && user->hasTrait<OpTrait::Elementwise>() &&
         seen.contains(user->getResult(0));
}

/// C = A x B + acc as a register-blocked micro-kernel: A, B and the
/// accumulator are first stored in stack buffers (f32 for f16/bf16 inputs);
/// then each block of `rowsPerBlock` rows and `vectorsPerBlock` vectors of
/// columns keeps its accumulators in registers across the whole K loop,
/// with one broadcast of A and one vector load of B per FMA column.
LogicalResult ProgramEmitter::emitDot(DotOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  if (aType.getRank() != 2)
    return unsupported(op, "batched dot is not implemented yet");
  auto accElement = dyn_cast<FloatType>(cType.getElementType());
  if (!accElement || !accElement.isF32())
    return unsupported(op, "only f32 accumulators are implemented yet");
  if (!isa<Float16Type, BFloat16Type, Float32Type>(aType.getElementType()))
    return unsupported(op, "only f16, bf16 and f32 inputs are implemented yet");
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
          k = aType.getDimSize(1);
  Type f32 = b.getF32Type();
  auto aF32 = RankedTensorType::get(aType.getShape(), f32);
  auto bF32 = RankedTensorType::get(bType.getShape(), f32);

  Value bufA = allocaBuffer(aF32), bufB = allocaBuffer(bF32);
  if (failed(materialize(b, op.getA(), bufA, f32)) ||
      failed(materialize(b, op.getB(), bufB, f32)))
    return failure();
  // The common K loop `acc = dot(a, b, acc)` accumulates in the loop's own
  // buffer; otherwise the accumulator is copied first.
  Value bufC;
  if (isAccumulatedInPlace(op)) {
    bufC = buffers.lookup(op.getAcc());
  } else {
    bufC = allocaBuffer(cType);
    if (failed(materialize(b, op.getAcc(), bufC)))
      return failure();
  }

  int64_t width = chunkWidth(cType);
  int64_t vectorsPerBlock = (n % (2 * width) == 0) ? 2 : 1;
  int64_t rowsPerBlock = 1;
  for (int64_t rows : {6, 4, 2})
    if (m % rows == 0) {
      rowsPerBlock = rows;
      break;
    }
  auto vectorType = VectorType::get({width}, f32);
  auto index = [&](OpBuilder &builder, int64_t v) {
    return constantIndex(builder, loc, v);
  };
  auto rowLoop = scf::ForOp::create(b, loc, index(b, 0), index(b, m),
                                    index(b, rowsPerBlock));
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  auto colLoop = scf::ForOp::create(rb, loc, index(rb, 0), index(rb, n),
                                    index(rb, width * vectorsPerBlock));
  OpBuilder cb = OpBuilder::atBlockBegin(colLoop.getBody());
  Value row0 = rowLoop.getInductionVar(), col0 = colLoop.getInductionVar();

  auto rowAt = [&](OpBuilder &builder, int64_t r) -> Value {
    return arith::AddIOp::create(builder, loc, row0, index(builder, r));
  };
  auto colAt = [&](OpBuilder &builder, int64_t v) -> Value {
    return arith::AddIOp::create(builder, loc, col0, index(builder, v * width));
  };
  SmallVector<Value> accs;
  for (int64_t r = 0; r < rowsPerBlock; ++r)
    for (int64_t v = 0; v < vectorsPerBlock; ++v)
      accs.push_back(LLVM::LoadOp::create(
          cb, loc, vectorType,
          bufferAddress(cb, loc, bufC, cType,
                        Position{rowAt(cb, r), colAt(cb, v), width}),
          4));
  auto kLoop = scf::ForOp::create(cb, loc, index(cb, 0), index(cb, k),
                                  index(cb, 1), accs);
  OpBuilder kb = OpBuilder::atBlockBegin(kLoop.getBody());
  Value kk = kLoop.getInductionVar();
  SmallVector<Value> bVectors;
  for (int64_t v = 0; v < vectorsPerBlock; ++v)
    bVectors.push_back(LLVM::LoadOp::create(
        kb, loc, vectorType,
        bufferAddress(kb, loc, bufB, bF32, Position{kk, colAt(kb, v), width}),
        4));
  SmallVector<Value> next;
  for (int64_t r = 0; r < rowsPerBlock; ++r) {
    Value aScalar = LLVM::LoadOp::create(
        kb, loc, f32,
        bufferAddress(kb, loc, bufA, aF32, Position{rowAt(kb, r), kk, 1}), 4);
    Value aVector = vector::BroadcastOp::create(kb, loc, vectorType, aScalar);
    for (int64_t v = 0; v < vectorsPerBlock; ++v)
      next.push_back(vector::FMAOp::create(
          kb, loc, aVector, bVectors[v],
          kLoop.getRegionIterArgs()[r * vectorsPerBlock + v]));
  }
  scf::YieldOp::create(kb, loc, next);
  for (int64_t r = 0; r < rowsPerBlock; ++r)
    for (int64_t v = 0; v < vectorsPerBlock; ++v)
      LLVM::StoreOp::create(
          cb, loc, kLoop.getResult(r * vectorsPerBlock + v),
          bufferAddress(cb, loc, bufC, cType,
                        Position{rowAt(cb, r), colAt(cb, v), width}),
          4);
  buffers[op.getResult()] = bufC;
  return success();
}

/// An inclusive scan along the last dimension: within each chunk a
/// Hillis-Steele ladder of shuffles (log2(width) steps), then the carry of
/// the previous chunks combined into every lane.
LogicalResult ProgramEmitter::emitScan(ScanOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  if (type.getRank() > 2 || op.getAxis() != type.getRank() - 1)
    return unsupported(op, "only scans along the last dimension of 1-D and "
                           "2-D tiles are implemented yet");
  if (op.getReverse())
    return unsupported(op, "reverse scans are not implemented yet");
  int64_t width = chunkWidth(type);
  int64_t rows, cols;
  std::tie(rows, cols) = rowsAndCols(type);
  SmallVector<Value> resultBuffers;
  for (Value result : op.getResults()) {
    Value buffer = allocaBuffer(cast<RankedTensorType>(result.getType()));
    buffers[result] = buffer;
    resultBuffers.push_back(buffer);
  }
  // Scans one chunk, with the carry of the chunks before it if any; stores
  // it and returns its last lane.
  auto scanChunk = [&](OpBuilder &cb, Position pos,
                       ValueRange carry) -> FailureOr<SmallVector<Value>> {
    SmallVector<Value> xs;
    for (Value src : op.getSrcs()) {
      FailureOr<Value> x = chunk(cb, src, pos);
      if (failed(x))
        return failure();
      xs.push_back(*x);
    }
    for (int64_t step = 1; step < width; step *= 2) {
      SmallVector<int64_t> mask;
      SmallVector<bool> later;
      for (int64_t lane = 0; lane < width; ++lane) {
        mask.push_back(lane >= step ? lane - step : lane);
        later.push_back(lane >= step);
      }
      SmallVector<Value> shifted;
      for (Value x : xs)
        shifted.push_back(vector::ShuffleOp::create(cb, loc, x, x, mask));
      FailureOr<SmallVector<Value>> combined =
          combine(cb, op.getCombiner(), shifted, xs);
      if (failed(combined))
        return failure();
      Value laneMask = arith::ConstantOp::create(
          cb, loc,
          DenseElementsAttr::get(VectorType::get({width}, cb.getI1Type()),
                                 ArrayRef<bool>(later)));
      for (auto [x, c] : llvm::zip(xs, *combined))
        x = arith::SelectOp::create(cb, loc, laneMask, c, x);
    }
    if (!carry.empty()) {
      SmallVector<Value> carried;
      for (auto [value, x] : llvm::zip(carry, xs))
        carried.push_back(
            vector::BroadcastOp::create(cb, loc, x.getType(), value));
      FailureOr<SmallVector<Value>> combined =
          combine(cb, op.getCombiner(), carried, xs);
      if (failed(combined))
        return failure();
      xs = *combined;
    }
    SmallVector<Value> last;
    for (auto [index, x] : llvm::enumerate(xs)) {
      auto resultType = cast<RankedTensorType>(op.getResult(index).getType());
      LLVM::StoreOp::create(
          cb, loc, x,
          bufferAddress(cb, loc, resultBuffers[index], resultType, pos),
          getElementByteSize(resultType.getElementType()));
      last.push_back(vector::ExtractOp::create(cb, loc, x, width - 1));
    }
    return last;
  };
  auto rowLoop =
      scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                         constantIndex(b, loc, rows), constantIndex(b, loc, 1));
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  Value row = rowLoop.getInductionVar();
  chunks.clear();
  FailureOr<SmallVector<Value>> carry = scanChunk(
      rb, Position{row, constantIndex(rb, loc, 0), width}, ValueRange{});
  if (failed(carry))
    return failure();
  auto colLoop = scf::ForOp::create(rb, loc, constantIndex(rb, loc, width),
                                    constantIndex(rb, loc, cols),
                                    constantIndex(rb, loc, width), *carry);
  OpBuilder cb = OpBuilder::atBlockBegin(colLoop.getBody());
  chunks.clear();
  FailureOr<SmallVector<Value>> next =
      scanChunk(cb, Position{row, colLoop.getInductionVar(), width},
                colLoop.getRegionIterArgs());
  if (failed(next))
    return failure();
  scf::YieldOp::create(cb, loc, *next);
  chunks.clear();
  return success();
}

/// Atomics lane by lane: each unmasked lane is one `llvm.atomicrmw`; the old
/// values (zero for masked-off lanes) form the result.
LogicalResult ProgramEmitter::emitAtomicRMW(AtomicRMWOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  Type element = getElementTypeOrSelf(op.getVal().getType());
  bool isFloat = isa<FloatType>(element);
  LLVM::AtomicBinOp binOp;
  switch (op.getKind()) {
  case AtomicRMWKind::add:
    binOp = LLVM::AtomicBinOp::add;
    break;
  case AtomicRMWKind::fadd:
    binOp = LLVM::AtomicBinOp::fadd;
    break;
  case AtomicRMWKind::max:
    binOp = isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
    break;
  case AtomicRMWKind::min:
    binOp = isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
    break;
  case AtomicRMWKind::umax:
    binOp = LLVM::AtomicBinOp::umax;
    break;
  case AtomicRMWKind::umin:
    binOp = LLVM::AtomicBinOp::umin;
    break;
  case AtomicRMWKind::and_:
    binOp = LLVM::AtomicBinOp::_and;
    break;
  case AtomicRMWKind::or_:
    binOp = LLVM::AtomicBinOp::_or;
    break;
  case AtomicRMWKind::xor_:
    binOp = LLVM::AtomicBinOp::_xor;
    break;
  case AtomicRMWKind::xchg:
    binOp = LLVM::AtomicBinOp::xchg;
    break;
  }
  LLVM::AtomicOrdering ordering;
  switch (op.getOrder()) {
  case MemoryOrder::relaxed:
    ordering = LLVM::AtomicOrdering::monotonic;
    break;
  case MemoryOrder::acquire:
    ordering = LLVM::AtomicOrdering::acquire;
    break;
  case MemoryOrder::release:
    ordering = LLVM::AtomicOrdering::release;
    break;
  case MemoryOrder::acq_rel:
    ordering = LLVM::AtomicOrdering::acq_rel;
    break;
  }
  // One lane: the atomic under its mask; returns the old value or zero.
  auto laneAtomic = [&](OpBuilder &lb, Value ptr, Value value,
                        Value mask) -> Value {
    auto atomic = [&](OpBuilder &ab) -> Value {
      return LLVM::AtomicRMWOp::create(ab, loc, binOp, ptr, value, ordering);
    };
    if (!mask)
      return atomic(lb);
    auto ifOp =
        scf::IfOp::create(lb, loc, TypeRange{element}, mask, true, true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    scf::YieldOp::create(thenB, loc, atomic(thenB));
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(
        elseB, loc,
        Value(arith::ConstantOp::create(
            elseB, loc, cast<TypedAttr>(elseB.getZeroAttr(element)))));
    return ifOp.getResult(0);
  };
  if (!isTile(op.getPtr())) {
    Value mask = op.getMask() ? scalars.lookup(op.getMask()) : Value();
    scalars.map(op.getResult(), laneAtomic(b, scalars.lookup(op.getPtr()),
                                           scalars.lookup(op.getVal()), mask));
    return success();
  }
  auto type = cast<RankedTensorType>(op.getVal().getType());
  Value result = allocaBuffer(type);
  buffers[op.getResult()] = result;
  return forEachChunk(
      b, loc, type, chunkWidth(type),
      [&](OpBuilder &cb, Position pos) -> LogicalResult {
        FailureOr<Value> ptrs = chunk(cb, op.getPtr(), pos);
        FailureOr<Value> values = chunk(cb, op.getVal(), pos);
        if (failed(ptrs) || failed(values))
          return failure();
        Value masks;
        if (op.getMask()) {
          FailureOr<Value> maskChunk = chunk(cb, op.getMask(), pos);
          if (failed(maskChunk))
            return failure();
          masks = *maskChunk;
        }
        Value old = arith::ConstantOp::create(
            cb, loc,
            cast<TypedAttr>(
                cb.getZeroAttr(VectorType::get({pos.width}, element))));
        for (int64_t lane = 0; lane < pos.width; ++lane) {
          Value ptr = vector::ExtractOp::create(cb, loc, *ptrs, lane);
          Value value = vector::ExtractOp::create(cb, loc, *values, lane);
          Value mask =
              masks ? Value(vector::ExtractOp::create(cb, loc, masks, lane))
                    : Value();
          Value laneOld = laneAtomic(cb, ptr, value, mask);
          old = vector::InsertOp::create(cb, loc, laneOld, old, lane);
        }
        LLVM::StoreOp::create(cb, loc, old,
                              bufferAddress(cb, loc, result, type, pos),
                              getElementByteSize(element));
        return success();
      });
}

ProgramEmitter::DescChunk ProgramEmitter::descChunk(OpBuilder &b, Location loc,
                                                    MakeDescOp desc,
                                                    ValueRange offsets,
                                                    Position pos) {
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  Type i64 = b.getI64Type();
  auto i64Vector = VectorType::get({pos.width}, i64);
  auto toI64 = [&](Value value) -> Value {
    if (value.getType().isIndex())
      return arith::IndexCastOp::create(b, loc, i64, value);
    return arith::ExtSIOp::create(b, loc, i64, value);
  };
  // Element (row, col + lane) of the block is array element
  // (offsets[0] + row, offsets[1] + col + lane) (1-D: offsets[0] + col + lane).
  SmallVector<int64_t> lanes(pos.width);
  std::iota(lanes.begin(), lanes.end(), 0);
  Value laneIota = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(i64Vector, ArrayRef<int64_t>(lanes)));
  int64_t rank = block.getRank();
  Value lastIndex = arith::AddIOp::create(
      b, loc, toI64(scalars.lookup(offsets[rank - 1])), toI64(pos.col));
  Value lastIndices = arith::AddIOp::create(
      b, loc, vector::BroadcastOp::create(b, loc, i64Vector, lastIndex),
      laneIota);
  Value zero = vector::BroadcastOp::create(
      b, loc, i64Vector, arith::ConstantIntOp::create(b, loc, i64, 0));
  auto inBounds = [&](Value indices, Value extent) -> Value {
    Value size = vector::BroadcastOp::create(b, loc, i64Vector,
                                             toI64(scalars.lookup(extent)));
    Value below =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, indices, size);
    Value above =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, indices, zero);
    return arith::AndIOp::create(b, loc, below, above);
  };
  Value mask = inBounds(lastIndices, desc.getShape()[rank - 1]);
  Value lastStride = scalars.lookup(desc.getStrides()[rank - 1]);
  Value linear = arith::MulIOp::create(
      b, loc, lastIndices,
      vector::BroadcastOp::create(b, loc, i64Vector, lastStride));
  if (rank == 2) {
    Value rowIndex = arith::AddIOp::create(
        b, loc, toI64(scalars.lookup(offsets[0])), toI64(pos.row));
    Value rows = vector::BroadcastOp::create(b, loc, i64Vector, rowIndex);
    mask =
        arith::AndIOp::create(b, loc, mask, inBounds(rows, desc.getShape()[0]));
    Value rowStart = arith::MulIOp::create(
        b, loc, rowIndex, scalars.lookup(desc.getStrides()[0]));
    linear = arith::AddIOp::create(
        b, loc, linear,
        vector::BroadcastOp::create(b, loc, i64Vector, rowStart));
  }
  Value base = vector::BroadcastOp::create(
      b, loc,
      VectorType::get({pos.width}, LLVM::LLVMPointerType::get(b.getContext())),
      scalars.lookup(desc.getBase()));
  Value ptrs = LLVM::GEPOp::create(b, loc, base.getType(),
                                   lowerElementType(block.getElementType()),
                                   base, ValueRange{linear});
  bool contiguous =
      pos.width > 1 && matchPattern(desc.getStrides()[rank - 1], m_One());
  return {ptrs, mask, contiguous};
}

LogicalResult ProgramEmitter::emitDescStore(DescStoreOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  MakeDescOp desc = descriptors.lookup(op.getDesc());
  if (!desc)
    return unsupported(op, "the descriptor must come from a tile.make_desc "
                           "of this kernel");
  auto type = cast<RankedTensorType>(op.getValue().getType());
  unsigned align = getElementByteSize(type.getElementType());
  return forEachChunk(
      b, loc, type, chunkWidth(type),
      [&](OpBuilder &cb, Position pos) -> LogicalResult {
        FailureOr<Value> value = chunk(cb, op.getValue(), pos);
        if (failed(value))
          return failure();
        DescChunk access = descChunk(cb, loc, desc, op.getOffsets(), pos);
        if (access.contiguous) {
          Value first = vector::ExtractOp::create(cb, loc, access.ptrs, 0);
          LLVM::MaskedStoreOp::create(cb, loc, *value, first, access.mask,
                                      align);
        } else {
          LLVM::masked_scatter::create(cb, loc, *value, access.ptrs,
                                       access.mask, align);
        }
        return success();
      });
}

void ProgramEmitter::callPrintf(OpBuilder &b, Location loc, StringRef format,
                                ValueRange args) {
  auto module = program->getParentOfType<ModuleOp>();
  Type ptrType = LLVM::LLVMPointerType::get(b.getContext());
  FailureOr<LLVM::LLVMFuncOp> printf = LLVM::lookupOrCreateFn(
      b, module, "printf", {ptrType}, b.getI32Type(), /*isVarArg=*/true);
  std::string name = "tile_str_" + std::to_string(stringCount++);
  std::string zeroTerminated = format.str();
  zeroTerminated.push_back('\0');
  Value text = LLVM::createGlobalString(loc, b, name, zeroTerminated,
                                        LLVM::Linkage::Internal);
  SmallVector<Value> callArgs = {text};
  callArgs.append(args.begin(), args.end());
  LLVM::CallOp::create(b, loc, *printf, callArgs);
}

/// A scalar for printf: integers widened to i64, floats to f64 (as C's
/// default promotions do), or the bits when printing in hexadecimal.
static std::pair<Value, StringRef> printfArg(OpBuilder &b, Location loc,
                                             Value value, Type type, bool hex) {
  Type i64 = b.getI64Type();
  if (isa<PointerType>(type))
    return {value, "%p"};
  if (auto floatType = dyn_cast<FloatType>(type)) {
    if (hex) {
      Value bits = arith::BitcastOp::create(
          b, loc, b.getIntegerType(floatType.getWidth()), value);
      if (floatType.getWidth() < 64)
        bits = arith::ExtUIOp::create(b, loc, i64, bits);
      return {bits, "0x%llx"};
    }
    if (!floatType.isF64())
      value = arith::ExtFOp::create(b, loc, b.getF64Type(), value);
    return {value, "%g"};
  }
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 64)
    value = hex || width == 1
                ? Value(arith::ExtUIOp::create(b, loc, i64, value))
                : Value(arith::ExtSIOp::create(b, loc, i64, value));
  return {value, hex ? "0x%llx" : "%lld"};
}

LogicalResult ProgramEmitter::emitPrint(PrintOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto pid = programIds();
  std::string prefix = op.getPrefix().str();
  // printf formats: escape the user's '%'.
  std::string escaped;
  for (char c : prefix) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  if (op.getArgs().empty()) {
    callPrintf(b, loc, "pid (%d, %d, %d) " + escaped + "\n",
               {pid[0], pid[1], pid[2]});
    return success();
  }
  for (auto [index, arg] : llvm::enumerate(op.getArgs())) {
    std::string head = "pid (%d, %d, %d) " + escaped;
    if (op.getArgs().size() > 1)
      head += " (operand " + std::to_string(index) + ")";
    if (!isTile(arg)) {
      auto [value, spec] =
          printfArg(b, loc, scalars.lookup(arg), arg.getType(), op.getHex());
      callPrintf(b, loc, head + " " + spec.str() + "\n",
                 {pid[0], pid[1], pid[2], value});
      continue;
    }
    auto type = cast<RankedTensorType>(arg.getType());
    Value buffer = allocaBuffer(type);
    if (failed(materialize(b, arg, buffer)))
      return failure();
    Type element = lowerElementType(type.getElementType());
    auto loop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                   constantIndex(b, loc, type.getNumElements()),
                                   constantIndex(b, loc, 1));
    OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
    Value index64 = arith::IndexCastOp::create(lb, loc, lb.getI64Type(),
                                               loop.getInductionVar());
    Value addr = LLVM::GEPOp::create(
        lb, loc, LLVM::LLVMPointerType::get(lb.getContext()), element, buffer,
        ValueRange{index64});
    Value scalar = LLVM::LoadOp::create(lb, loc, element, addr);
    auto [value, spec] =
        printfArg(lb, loc, scalar, type.getElementType(), op.getHex());
    callPrintf(lb, loc, head + " [%lld] " + spec.str() + "\n",
               {pid[0], pid[1], pid[2], index64, value});
  }
  return success();
}

/// When any lane of the condition is false: print the message and the
/// program id, and raise the module's assertion flag, which the kernel entry
/// returns (the runtime then fails the launch).
LogicalResult ProgramEmitter::emitAssert(AssertOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  Value ok;
  if (!isTile(op.getCondition())) {
    ok = scalars.lookup(op.getCondition());
  } else {
    auto type = cast<RankedTensorType>(op.getCondition().getType());
    Value buffer = allocaBuffer(RankedTensorType::get({1}, b.getI1Type()));
    Value all = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    LLVM::StoreOp::create(b, loc, all, buffer);
    if (failed(forEachChunk(
            b, loc, type, chunkWidth(type),
            [&](OpBuilder &cb, Position pos) -> LogicalResult {
              FailureOr<Value> lanes = chunk(cb, op.getCondition(), pos);
              if (failed(lanes))
                return failure();
              Value chunkOk = vector::ReductionOp::create(
                  cb, loc, vector::CombiningKind::AND, *lanes);
              Value sofar =
                  LLVM::LoadOp::create(cb, loc, cb.getI1Type(), buffer);
              LLVM::StoreOp::create(
                  cb, loc, arith::AndIOp::create(cb, loc, sofar, chunkOk),
                  buffer);
              return success();
            })))
      return failure();
    ok = LLVM::LoadOp::create(b, loc, b.getI1Type(), buffer);
  }
  Value failedCond = arith::XOrIOp::create(
      b, loc, ok, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  auto ifOp = scf::IfOp::create(b, loc, failedCond, /*withElseRegion=*/false);
  OpBuilder tb = ifOp.getThenBodyBuilder();
  auto pid = programIds();
  std::string message;
  for (char c : op.getMessage()) {
    message += c;
    if (c == '%')
      message += '%';
  }
  callPrintf(tb, loc,
             "tile.assert failed in program (%d, %d, %d): " + message + "\n",
             {pid[0], pid[1], pid[2]});
  Value flag = LLVM::AddressOfOp::create(
      tb, loc, LLVM::LLVMPointerType::get(tb.getContext()),
      getCPUAssertFlagName());
  LLVM::AtomicRMWOp::create(
      tb, loc, LLVM::AtomicBinOp::_or, flag,
      arith::ConstantIntOp::create(tb, loc, tb.getI32Type(), 1),
      LLVM::AtomicOrdering::monotonic);
  return success();
}

LogicalResult ProgramEmitter::emitFor(scf::ForOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  // Loop-carried tiles live in buffers; only scalars stay iteration values.
  SmallVector<Value> scalarInits;
  SmallVector<int64_t> scalarIndices;
  for (auto [index, init] : llvm::enumerate(op.getInitArgs())) {
    if (!isTile(init)) {
      scalarInits.push_back(scalars.lookup(init));
      scalarIndices.push_back(index);
      continue;
    }
    Value buffer = allocaBuffer(cast<RankedTensorType>(init.getType()));
    if (failed(materialize(b, init, buffer)))
      return failure();
    buffers[op.getRegionIterArgs()[index]] = buffer;
    buffers[op.getResult(index)] = buffer;
  }
  auto newFor = scf::ForOp::create(b, loc, scalars.lookup(op.getLowerBound()),
                                   scalars.lookup(op.getUpperBound()),
                                   scalars.lookup(op.getStep()), scalarInits);
  scalars.map(op.getInductionVar(), newFor.getInductionVar());
  for (auto [newIndex, oldIndex] : llvm::enumerate(scalarIndices))
    scalars.map(op.getRegionIterArgs()[oldIndex],
                newFor.getRegionIterArgs()[newIndex]);
  // The builder adds a yield to loops without iteration values; the one
  // built below replaces it.
  if (!newFor.getBody()->empty())
    newFor.getBody()->getTerminator()->erase();
  OpBuilder bodyB = OpBuilder::atBlockEnd(newFor.getBody());
  for (Operation &inner : op.getBody()->without_terminator())
    if (failed(emitOp(&inner, bodyB)))
      return failure();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  SmallVector<Value> scalarYields;
  // Every new tile is computed into a temporary before any loop buffer is
  // overwritten, since the new values may read the old ones (of this tile
  // at other positions, or of other tiles).
  // (loop buffer, temporary, bytes)
  SmallVector<std::tuple<Value, Value, int64_t>> copies;
  for (auto [index, value] : llvm::enumerate(yield.getOperands())) {
    if (!isTile(value)) {
      scalarYields.push_back(scalars.lookup(value));
      continue;
    }
    Value iterArg = op.getRegionIterArgs()[index];
    Value iterBuffer = buffers[iterArg];
    if (buffers.lookup(value) == iterBuffer)
      continue; // Updated in place (see isAccumulatedInPlace).
    if (isElementwiseUpdate(iterArg, value)) {
      if (failed(materialize(bodyB, value, iterBuffer)))
        return failure();
      continue;
    }
    auto type = cast<RankedTensorType>(value.getType());
    Value temp = allocaBuffer(type);
    if (failed(materialize(bodyB, value, temp)))
      return failure();
    copies.emplace_back(iterBuffer, temp,
                        type.getNumElements() *
                            getElementByteSize(type.getElementType()));
  }
  for (auto [iterBuffer, temp, size] : copies) {
    Value bytes =
        LLVM::ConstantOp::create(bodyB, loc, bodyB.getI64Type(), size);
    LLVM::MemcpyOp::create(bodyB, loc, iterBuffer, temp, bytes,
                           /*isVolatile=*/false);
  }
  scf::YieldOp::create(bodyB, loc, scalarYields);
  for (auto [newIndex, oldIndex] : llvm::enumerate(scalarIndices))
    scalars.map(op.getResult(oldIndex), newFor.getResult(newIndex));
  return success();
}

LogicalResult ProgramEmitter::emitIf(scf::IfOp op, OpBuilder &b) {
  if (llvm::any_of(op.getResults(), isTile))
    return unsupported(op, "scf.if yielding tiles is not implemented yet");
  Location loc = op.getLoc();
  SmallVector<Type> types;
  for (Value result : op.getResults())
    types.push_back(lowerType(result.getType()));
  auto newIf =
      scf::IfOp::create(b, loc, types, scalars.lookup(op.getCondition()),
                        /*addThenBlock=*/true,
                        /*addElseBlock=*/!op.getElseRegion().empty());
  auto emitRegion = [&](Region &from, Block *to) -> LogicalResult {
    // Drop the implicit yield the builder may have added.
    if (!to->empty())
      to->getTerminator()->erase();
    OpBuilder rb = OpBuilder::atBlockEnd(to);
    for (Operation &inner : from.front().without_terminator())
      if (failed(emitOp(&inner, rb)))
        return failure();
    SmallVector<Value> yields;
    for (Value value : from.front().getTerminator()->getOperands())
      yields.push_back(scalars.lookup(value));
    scf::YieldOp::create(rb, loc, yields);
    return success();
  };
  if (failed(emitRegion(op.getThenRegion(), newIf.thenBlock())))
    return failure();
  if (!op.getElseRegion().empty() &&
      failed(emitRegion(op.getElseRegion(), newIf.elseBlock())))
    return failure();
  for (auto [from, to] : llvm::zip(op.getResults(), newIf.getResults()))
    scalars.map(from, to);
  return success();
}

//===----------------------------------------------------------------------===//
// Chunks of tiles
//===----------------------------------------------------------------------===//

FailureOr<Value> ProgramEmitter::chunk(OpBuilder &b, Value tile, Position pos) {
  auto key =
      std::make_tuple(tile.getAsOpaquePointer(), pos.row.getAsOpaquePointer(),
                      pos.col.getAsOpaquePointer(), pos.width);
  auto it = chunks.find(key);
  if (it != chunks.end())
    return it->second;
  FailureOr<Value> value = computeChunk(b, tile, pos);
  if (succeeded(value))
    chunks[key] = *value;
  return value;
}

FailureOr<Value> ProgramEmitter::computeChunk(OpBuilder &b, Value tile,
                                              Position pos) {
  Location loc = tile.getLoc();
  auto type = cast<RankedTensorType>(tile.getType());
  Type element = lowerElementType(type.getElementType());
  auto vectorType = VectorType::get({pos.width}, element);

  if (Value buffer = buffers.lookup(tile)) {
    Value addr = bufferAddress(b, loc, buffer, type, pos);
    return Value(LLVM::LoadOp::create(
        b, loc, vectorType, addr, getElementByteSize(type.getElementType())));
  }
  Operation *def = tile.getDefiningOp();
  if (!def)
    return failure(); // A block argument not carried in a buffer.

  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense || !dense.isSplat())
      return unsupported(def, "non-uniform constant tiles are not "
                              "implemented yet"),
             failure();
    return Value(arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vectorType, dense.getSplatValue<Attribute>())));
  }
  if (auto splat = dyn_cast<SplatOp>(def))
    return Value(vector::BroadcastOp::create(b, loc, vectorType,
                                             scalars.lookup(splat.getSrc())));
  if (auto range = dyn_cast<RangeOp>(def)) {
    SmallVector<int32_t> lanes(pos.width);
    std::iota(lanes.begin(), lanes.end(), 0);
    Value iota = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorType, ArrayRef<int32_t>(lanes)));
    Value first = arith::IndexCastOp::create(b, loc, b.getI32Type(), pos.col);
    Value start = arith::AddIOp::create(
        b, loc, first,
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), range.getStart()));
    Value base = vector::BroadcastOp::create(b, loc, vectorType, start);
    return Value(arith::AddIOp::create(b, loc, base, iota));
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    auto [srcRows, srcCols] = rowsAndCols(srcType);
    Value row = srcRows == 1 ? constantIndex(b, loc, 0) : pos.row;
    if (srcCols == 1 && rowsAndCols(type).second != 1) {
      FailureOr<Value> one = chunk(b, broadcast.getSrc(),
                                   Position{row, constantIndex(b, loc, 0), 1});
      if (failed(one))
        return failure();
      Value scalar = vector::ExtractOp::create(b, loc, *one, 0);
      return Value(vector::BroadcastOp::create(b, loc, vectorType, scalar));
    }
    return chunk(b, broadcast.getSrc(), Position{row, pos.col, pos.width});
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    auto srcType = cast<RankedTensorType>(expand.getSrc().getType());
    if (srcType.getRank() != 1)
      return unsupported(def, "expand_dims of rank above 1 is not "
                              "implemented yet"),
             failure();
    Value zero = constantIndex(b, loc, 0);
    if (expand.getAxis() == 0) // [n] -> [1, n]
      return chunk(b, expand.getSrc(), Position{zero, pos.col, pos.width});
    // [n] -> [n, 1]: row r of the result is element r of the source.
    return chunk(b, expand.getSrc(), Position{zero, pos.row, pos.width});
  }
  if (auto addPtr = dyn_cast<AddPtrOp>(def)) {
    FailureOr<Value> ptrs = chunk(b, addPtr.getPtr(), pos);
    FailureOr<Value> offsets = chunk(b, addPtr.getOffset(), pos);
    if (failed(ptrs) || failed(offsets))
      return failure();
    Type pointee = lowerElementType(
        cast<PointerType>(type.getElementType()).getPointeeType());
    return Value(LLVM::GEPOp::create(b, loc, vectorType, pointee, *ptrs,
                                     ValueRange{*offsets}));
  }
  if (auto load = dyn_cast<LoadOp>(def))
    return loadChunk(b, load, pos);
  if (auto bitcast = dyn_cast<BitcastOp>(def)) {
    FailureOr<Value> src = chunk(b, bitcast.getSrc(), pos);
    if (failed(src))
      return failure();
    if (isa<LLVM::LLVMPointerType>(element))
      return *src;
    return Value(arith::BitcastOp::create(b, loc, vectorType, *src));
  }
  if (auto convert = dyn_cast<FpToFpOp>(def)) {
    FailureOr<Value> src = chunk(b, convert.getSrc(), pos);
    if (failed(src))
      return failure();
    auto srcElement = cast<FloatType>(getElementTypeOrSelf(convert.getSrc()));
    auto dstElement = cast<FloatType>(type.getElementType());
    Value value = *src;
    auto f32Vector = VectorType::get({pos.width}, b.getF32Type());
    if (isF8(srcElement)) {
      value = decodeF8(b, loc, value, srcElement);
      srcElement = b.getF32Type();
    }
    if (isF8(dstElement)) {
      if (convert.getRounding() != RoundingMode::rtne)
        return unsupported(def, "only rtne conversions to f8 are implemented "
                                "yet"),
               failure();
      if (srcElement != b.getF32Type())
        value = arith::ExtFOp::create(b, loc, f32Vector, value);
      return encodeF8(b, loc, value, dstElement);
    }
    if (srcElement == dstElement)
      return value;
    if (dstElement.getWidth() > srcElement.getWidth())
      return Value(arith::ExtFOp::create(b, loc, vectorType, value));
    if (convert.getRounding() != RoundingMode::rtne)
      return unsupported(def, "rtz conversions are not implemented yet"),
             failure();
    return Value(arith::TruncFOp::create(b, loc, vectorType, value));
  }
  if (auto load = dyn_cast<DescLoadOp>(def)) {
    MakeDescOp desc = descriptors.lookup(load.getDesc());
    if (!desc)
      return unsupported(def, "the descriptor must come from a tile.make_desc "
                              "of this kernel"),
             failure();
    DescChunk access = descChunk(b, loc, desc, load.getOffsets(), pos);
    Attribute padValue = b.getZeroAttr(element);
    if (desc.getPadding() == Padding::nan)
      padValue = b.getFloatAttr(
          element,
          APFloat::getQNaN(cast<FloatType>(element).getFloatSemantics()));
    Value pad = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorType, padValue));
    unsigned align = getElementByteSize(type.getElementType());
    if (access.contiguous) {
      Value first = vector::ExtractOp::create(b, loc, access.ptrs, 0);
      return Value(LLVM::MaskedLoadOp::create(b, loc, vectorType, first,
                                              access.mask, pad, align));
    }
    return Value(LLVM::masked_gather::create(
        b, loc, vectorType, access.ptrs, access.mask, ValueRange{pad}, align));
  }
  if (auto trans = dyn_cast<TransOp>(def)) {
    // Lane i of chunk (r, c) is source element (c + i, r): built lane by
    // lane from one-element chunks of the source.
    if (type.getRank() != 2)
      return unsupported(def, "transposes of rank above 2 are not "
                              "implemented yet"),
             failure();
    Value result = arith::ConstantOp::create(
        b, loc, cast<TypedAttr>(b.getZeroAttr(vectorType)));
    for (int64_t lane = 0; lane < pos.width; ++lane) {
      Value srcRow =
          arith::AddIOp::create(b, loc, pos.col, constantIndex(b, loc, lane));
      FailureOr<Value> one =
          chunk(b, trans.getSrc(), Position{srcRow, pos.row, 1});
      if (failed(one))
        return failure();
      Value scalar = vector::ExtractOp::create(b, loc, *one, 0);
      result = vector::InsertOp::create(b, loc, scalar, result, lane);
    }
    return result;
  }
  if (isa<PreciseDivFOp, PreciseSqrtOp, ClampFOp, MulhiUIOp>(def)) {
    SmallVector<Value> operands;
    for (Value operand : def->getOperands()) {
      FailureOr<Value> value = chunk(b, operand, pos);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    return lowerElementwiseTileOp(b, def, operands, vectorType);
  }
  if (auto philox = dyn_cast<PhiloxOp>(def))
    return philoxChunk(b, philox, cast<OpResult>(tile).getResultNumber(), pos);

  // Elementwise arith and math ops apply lane by lane.
  if (def->hasTrait<OpTrait::Elementwise>() && def->getNumResults() == 1 &&
      isa<arith::ArithDialect, math::MathDialect>(def->getDialect())) {
    if (llvm::any_of(def->getOperandTypes(),
                     [](Type t) { return isF8(getElementTypeOrSelf(t)); }) ||
        isF8(type.getElementType()))
      return unsupported(def, "arithmetic on f8 tiles is not implemented; "
                              "convert with tile.fp_to_fp first"),
             failure();
    SmallVector<Value> operands;
    for (Value operand : def->getOperands()) {
      if (!isTile(operand)) {
        operands.push_back(scalars.lookup(operand));
        continue;
      }
      FailureOr<Value> value = chunk(b, operand, pos);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    OperationState state(loc, def->getName(), operands, {vectorType},
                         def->getAttrs());
    return b.create(state)->getResult(0);
  }
  return unsupported(def, "this op is not implemented on the CPU yet"),
         failure();
}

FailureOr<Value> ProgramEmitter::loadChunk(OpBuilder &b, LoadOp op,
                                           Position pos) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  auto vectorType =
      VectorType::get({pos.width}, lowerElementType(type.getElementType()));
  FailureOr<Value> ptrs = chunk(b, op.getPtr(), pos);
  if (failed(ptrs))
    return failure();
  Value mask, other;
  if (op.getMask()) {
    FailureOr<Value> maskChunk = chunk(b, op.getMask(), pos);
    if (failed(maskChunk))
      return failure();
    mask = *maskChunk;
  }
  if (op.getOther()) {
    FailureOr<Value> otherChunk = chunk(b, op.getOther(), pos);
    if (failed(otherChunk))
      return failure();
    other = *otherChunk;
  } else {
    other = arith::ConstantOp::create(b, loc, b.getZeroAttr(vectorType));
  }
  auto [contiguous, align] = contiguousChunk(axis, op.getPtr(), pos.width);
  if (contiguous) {
    Value first = vector::ExtractOp::create(b, loc, *ptrs, 0);
    if (!mask)
      return Value(LLVM::LoadOp::create(b, loc, vectorType, first, align,
                                        op.getIsVolatile()));
    return Value(LLVM::MaskedLoadOp::create(b, loc, vectorType, first, mask,
                                            other, align));
  }
  if (!mask)
    mask = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get({pos.width}, b.getI1Type()),
                               true));
  return Value(LLVM::masked_gather::create(b, loc, vectorType, *ptrs, mask,
                                           ValueRange{other}, align));
}

/// Philox 4x32-10 on vectors, as docs/Semantics.md defines it.
FailureOr<Value> ProgramEmitter::philoxChunk(OpBuilder &b, PhiloxOp op,
                                             unsigned word, Position pos) {
  Location loc = op.getLoc();
  auto i32Vector = VectorType::get({pos.width}, b.getI32Type());
  auto splat32 = [&](uint32_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32Vector, APInt(32, value)));
  };
  FailureOr<Value> offsets = chunk(b, op.getOffset(), pos);
  if (failed(offsets))
    return failure();
  Value c0, c1;
  auto offsetType = cast<VectorType>(offsets->getType());
  if (offsetType.getElementType().isInteger(64)) {
    c0 = arith::TruncIOp::create(b, loc, i32Vector, *offsets);
    Value shifted = arith::ShRUIOp::create(
        b, loc, *offsets,
        arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(offsetType, APInt(64, 32))));
    c1 = arith::TruncIOp::create(b, loc, i32Vector, shifted);
  } else {
    c0 = *offsets;
    c1 = splat32(0);
  }
  Value c2 = splat32(0), c3 = splat32(0);
  Value seed = scalars.lookup(op.getSeed());
  Value k0, k1;
  if (seed.getType().isInteger(64)) {
    k0 = arith::TruncIOp::create(b, loc, b.getI32Type(), seed);
    Value hi = arith::ShRUIOp::create(
        b, loc, seed, arith::ConstantIntOp::create(b, loc, b.getI64Type(), 32));
    k1 = arith::TruncIOp::create(b, loc, b.getI32Type(), hi);
  } else {
    k0 = seed;
    k1 = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  }
  k0 = vector::BroadcastOp::create(b, loc, i32Vector, k0);
  k1 = vector::BroadcastOp::create(b, loc, i32Vector, k1);
  Value m0 = splat32(0xD2511F53), m1 = splat32(0xCD9E8D57);
  Value w0 = splat32(0x9E3779B9), w1 = splat32(0xBB67AE85);
  for (int round = 0; round < 10; ++round) {
    auto p0 = arith::MulUIExtendedOp::create(b, loc, m0, c0);
    auto p1 = arith::MulUIExtendedOp::create(b, loc, m1, c2);
    Value n0 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, p1.getHigh(), c1), k0);
    Value n2 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, p0.getHigh(), c3), k1);
    c0 = n0;
    c1 = p1.getLow();
    c2 = n2;
    c3 = p0.getLow();
    if (round != 9) {
      k0 = arith::AddIOp::create(b, loc, k0, w0);
      k1 = arith::AddIOp::create(b, loc, k1, w1);
    }
  }
  Value words[] = {c0, c1, c2, c3};
  return words[word];
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ConvertTileToVectorPass
    : mlir::tile::impl::ConvertTileToVectorBase<ConvertTileToVectorPass> {
  using ConvertTileToVectorBase::ConvertTileToVectorBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    AxisInfoAnalysis axis(module);
    // The flag a failed tile.assert raises; the kernel entries return it.
    OpBuilder top = OpBuilder::atBlockBegin(module.getBody());
    LLVM::GlobalOp::create(top, module.getLoc(), top.getI32Type(),
                           /*isConstant=*/false, LLVM::Linkage::Internal,
                           getCPUAssertFlagName(), top.getI32IntegerAttr(0));
    SmallVector<FuncOp> kernels(module.getOps<FuncOp>());
    for (FuncOp kernel : kernels) {
      OpBuilder b(kernel);
      SmallVector<Type> argTypes;
      for (Type type : kernel.getArgumentTypes())
        argTypes.push_back(lowerType(type));
      argTypes.append(6, b.getI32Type());
      auto program = func::FuncOp::create(
          b, kernel.getLoc(), (kernel.getSymName() + "_program").str(),
          b.getFunctionType(argTypes, {}));
      program.addEntryBlock();
      ProgramEmitter emitter(kernel, program, axis, vectorBytes);
      if (failed(emitter.emit()))
        return signalPassFailure();
    }
    for (FuncOp kernel : kernels)
      kernel.erase();
  }
};

} // namespace
