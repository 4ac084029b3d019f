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

#include "tile/Conversion/TileToVector/TileToVector.h"
#include "tile/Conversion/TileToVector/ProgramEmitter.h"

#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/IR/Tile.h"

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
#include "tile/Conversion/TileToVector/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

std::string mlir::tile::getCPUKernelEntryName(StringRef name) {
  return ("tile_kernel_" + name).str();
}

StringRef mlir::tile::getCPUAssertFlagName() { return "tile_assert_failed"; }

namespace mlir::tile::tovector {

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
  // Program order, and the ops that write memory, for isReadAfterWrite.
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    programOrder[op] = programOrder.size();
    if (isa<StoreOp, DescStoreOp, AtomicRMWOp, AtomicCASOp>(op))
      writes.push_back({op, programOrder[op]});
  });
  return emitBlock(source, b);
}

/// The kernel argument a pointer (tile) derives from, if it is one.
static BlockArgument basePointer(Value ptr) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(ptr))
      return isa<FuncOp>(arg.getOwner()->getParentOp()) ? arg : BlockArgument();
    Operation *def = ptr.getDefiningOp();
    if (auto addPtr = dyn_cast_or_null<AddPtrOp>(def))
      ptr = addPtr.getPtr();
    else if (isa_and_nonnull<SplatOp, BroadcastOp, ExpandDimsOp>(def))
      ptr = def->getOperand(0);
    else
      return {};
  }
}

/// Whether tile ops of this kind are computed where their consumers need
/// them (chunk by chunk, possibly after later ops), not where they stand.
static bool isEvaluatedLazily(Operation *op) {
  if (op->getNumRegions() || op->getNumResults() == 0 ||
      !llvm::all_of(op->getResults(), isTile) ||
      isa<ReduceOp, ScanOp, DotOp, HistogramOp, ReshapeOp, TransOp, CatOp,
          JoinOp, SplitOp, GatherOp, AtomicRMWOp, AtomicCASOp, DescLoadOp>(op))
    return false;
  // A costly function read by several consumers is computed in place.
  return !(isa<math::MathDialect>(op->getDialect()) &&
           !op->getResult(0).hasOneUse());
}

bool ProgramEmitter::isReadAfterWrite(LoadOp load) {
  // The places the load's elements are read: the first consumers (along
  // chains of lazily computed ops) that compute where they stand.
  SmallVector<Operation *> readers;
  SmallVector<Value> work{load.getResult()};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (Operation *user : value.getUsers()) {
      if (isEvaluatedLazily(user))
        llvm::append_range(work, user->getResults());
      else
        readers.push_back(user);
    }
  }
  BlockArgument loaded = basePointer(load.getPtr());
  StringRef noAlias = TileDialect::getNoAliasAttrName();
  for (auto [write, writeOrder] : writes) {
    if (writeOrder < programOrder.lookup(load))
      continue;
    // A descriptor store writes through its descriptor's base.
    Value target = write->getOperand(0);
    if (isa<DescStoreOp>(write)) {
      auto desc = target.getDefiningOp<MakeDescOp>();
      target = desc ? desc.getBase() : Value();
    }
    BlockArgument written = target ? basePointer(target) : BlockArgument();
    if (loaded && written && loaded != written &&
        (kernel.getArgAttr(loaded.getArgNumber(), noAlias) ||
         kernel.getArgAttr(written.getArgNumber(), noAlias)))
      continue;
    for (Operation *reader : readers) {
      // A store of values computed from the load reads each chunk before
      // writing it (the same, or disjoint, memory: as on the GPU).
      if (reader == write)
        continue;
      if (programOrder.lookup(reader) > writeOrder)
        return true;
      // A reader in a loop around the write and not the load reads again
      // in the next iteration.
      for (Operation *loop = reader->getParentOp(); loop;
           loop = loop->getParentOp())
        if (isa<scf::ForOp, scf::WhileOp>(loop) && loop->isAncestor(write) &&
            !loop->isAncestor(load))
          return true;
    }
  }
  return false;
}

LogicalResult ProgramEmitter::emitBlock(Block &block, OpBuilder &b) {
  for (Operation &op : block)
    if (failed(emitOp(&op, b)))
      return failure();
  return success();
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
  if (isa<ReshapeOp, TransOp, CatOp, JoinOp, SplitOp, GatherOp>(op))
    return emitRestructure(op, b);
  if (auto histogram = dyn_cast<HistogramOp>(op))
    return emitHistogram(histogram, b);
  if (auto makeDesc = dyn_cast<MakeDescOp>(op)) {
    if (cast<TensorDescType>(makeDesc.getType()).getBlockType().getRank() > 2)
      return unsupported(op, "descriptors of rank above 2 are implemented "
                             "for blocks of one matrix only (leading block "
                             "extents 1)");
    descriptors[makeDesc.getResult()] = makeDesc;
    return success();
  }
  if (auto store = dyn_cast<DescStoreOp>(op))
    return emitDescStore(store, b);
  if (auto print = dyn_cast<PrintOp>(op))
    return emitPrint(print, b);
  if (auto assertOp = dyn_cast<AssertOp>(op))
    return emitAssert(assertOp, b);
  if (isa<AtomicRMWOp, AtomicCASOp>(op))
    return emitAtomic(op, b);
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return emitFor(forOp, b);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return emitIf(ifOp, b);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return emitWhile(whileOp, b);
  if (isa<LoadOp, AddPtrOp>(op) && !hasTileOperandsOrResults(op))
    return emitScalarMemory(op, b);
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (dense && isTile(constant) && !dense.isSplat()) {
      emitConstantTile(constant, dense);
      return success();
    }
    // An f8 scalar is its i8 bits.
    if (auto value = dyn_cast<FloatAttr>(constant.getValue());
        value && isF8(value.getType())) {
      scalars.map(constant.getResult(),
                  arith::ConstantOp::create(
                      b, loc,
                      b.getIntegerAttr(b.getI8Type(),
                                       value.getValue().bitcastToAPInt())));
      return success();
    }
  }

  if (auto load = dyn_cast<LoadOp>(op); load && isReadAfterWrite(load)) {
    // Read here, before a later write to memory it may alias.
    Value result = load.getResult();
    Value buffer = allocaBuffer(cast<RankedTensorType>(result.getType()));
    if (failed(materialize(b, result, buffer)))
      return failure();
    buffers[result] = buffer;
    return success();
  }
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
    if (llvm::all_of(op->getResults(), isTile)) {
      if (op->getNumResults() == 1)
        checkMaskAllTrue(b, op->getResult(0));
      return success();
    }
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
    if (isa<PtrToIntOp, IntToPtrOp, BitcastOp>(op)) {
      scalars.map(op->getResult(0),
                  castElements(b, op, operands[0],
                               lowerType(op->getResult(0).getType())));
      return success();
    }
    return unsupported(op, "this scalar form is not implemented yet");
  }
  if (lowerDefinedScalarArith(b, op, scalars))
    return success();
  // A scalar op from arith, math or another dialect: cloned as it is.
  b.clone(*op, scalars);
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
    auto loadAt = [&](OpBuilder &builder) {
      Value value =
          LLVM::LoadOp::create(builder, loc, memoryElementType(load.getType()),
                               ptr, align, load.getIsVolatile());
      return fromMemory(builder, loc, value, load.getType());
    };
    // A masked scalar load reads nothing when its mask is false.
    auto lookup = [&](Value v) { return v ? scalars.lookup(v) : Value(); };
    scalars.map(load.getResult(),
                emitMaskedScalarLoad(b, loc, lookup(load.getMask()), type,
                                     lookup(load.getOther()), loadAt));
    return success();
  }
  auto store = cast<StoreOp>(op);
  unsigned align = getElementByteSize(store.getValue().getType());
  auto emitStoreAt = [&](OpBuilder &builder) {
    LLVM::StoreOp::create(
        builder, loc, toMemory(builder, loc, scalars.lookup(store.getValue())),
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
  Type element = memoryElementType(type.getElementType());
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
                             memoryElementType(type.getElementType()), buffer,
                             ValueRange{index64});
}

LogicalResult ProgramEmitter::materialize(OpBuilder &b, Value tile,
                                          Value buffer, Type storeAs) {
  auto type = cast<RankedTensorType>(tile.getType());
  Location loc = tile.getLoc();
  Type element = storeAs ? storeAs : type.getElementType();
  auto stored = RankedTensorType::get(type.getShape(), element);
  unsigned align = getElementByteSize(element);
  return withFullMasksNoResults(b, loc, tile, Value(), [&](OpBuilder &vb) {
    return forEachChunk(
        vb, loc, type, chunkWidth(type),
        [&](OpBuilder &inner, Position pos) -> LogicalResult {
          FailureOr<Value> value = chunk(inner, tile, pos);
          if (failed(value))
            return failure();
          Value toStore = *value;
          auto storeType = VectorType::get({pos.width}, element);
          Type source = type.getElementType();
          if (element != source && isF8(source)) {
            // f8 chunks are their bits; decoded exactly to f32, which
            // narrows exactly to f16 (and widens to f64).
            toStore = decodeF8(inner, loc, toStore, source);
            if (element.isF16())
              toStore = arith::TruncFOp::create(inner, loc, storeType, toStore);
            else if (element.isF64())
              toStore = arith::ExtFOp::create(inner, loc, storeType, toStore);
          } else if (element != source) {
            toStore = isa<FloatType>(element)
                          ? Value(arith::ExtFOp::create(inner, loc, storeType,
                                                        toStore))
                          : Value(arith::ExtSIOp::create(inner, loc, storeType,
                                                         toStore));
          }
          Value addr = bufferAddress(inner, loc, buffer, stored, pos);
          LLVM::StoreOp::create(inner, loc, toMemory(inner, loc, toStore), addr,
                                align);
          return success();
        });
  });
}

LogicalResult ProgramEmitter::emitFor(scf::ForOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  Type i64 = b.getI64Type();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  // Loop-carried tiles live in buffers; only scalars stay iteration values,
  // and pointer tiles the loop advances uniformly, carried as an i64 count
  // of elements from their start (one register instead of a buffer of
  // pointers written every iteration).
  SmallVector<Value> scalarInits;
  SmallVector<int64_t> scalarIndices;
  SmallVector<std::pair<int64_t, OpFoldResult>> advanced;
  for (auto [index, init] : llvm::enumerate(op.getInitArgs())) {
    if (!isTile(init)) {
      scalarInits.push_back(scalars.lookup(init));
      scalarIndices.push_back(index);
      continue;
    }
    if (std::optional<OpFoldResult> step = getUniformAdvance(
            op.getRegionIterArgs()[index], yield.getOperand(index))) {
      advanced.push_back({int64_t(index), *step});
      continue;
    }
    Value buffer = allocaBuffer(cast<RankedTensorType>(init.getType()));
    if (failed(materialize(b, init, buffer)))
      return failure();
    buffers[op.getRegionIterArgs()[index]] = buffer;
    buffers[op.getResult(index)] = buffer;
  }
  // An advance as an i64 count of elements; null where it is computed in
  // the body and not lowered yet.
  auto stepAsI64 = [&](OpBuilder &builder, OpFoldResult step) -> Value {
    Value value =
        isa<Attribute>(step)
            ? Value(arith::ConstantOp::create(
                  builder, loc, cast<TypedAttr>(cast<Attribute>(step))))
            : scalars.lookup(cast<Value>(step));
    if (value && value.getType() != i64)
      value = arith::ExtSIOp::create(builder, loc, i64, value);
    return value;
  };
  for (auto [index, step] : advanced) {
    scalarInits.push_back(arith::ConstantIntOp::create(b, loc, i64, 0));
    // Known before the loop: prefetchNextIteration moves pointers by it.
    if (Value before = stepAsI64(b, step))
      advanceSteps[op.getRegionIterArgs()[index]] = before;
  }
  auto newFor = scf::ForOp::create(b, loc, scalars.lookup(op.getLowerBound()),
                                   scalars.lookup(op.getUpperBound()),
                                   scalars.lookup(op.getStep()), scalarInits);
  scalars.map(op.getInductionVar(), newFor.getInductionVar());
  for (auto [newIndex, oldIndex] : llvm::enumerate(scalarIndices))
    scalars.map(op.getRegionIterArgs()[oldIndex],
                newFor.getRegionIterArgs()[newIndex]);
  for (auto [i, entry] : llvm::enumerate(advanced)) {
    Value init = op.getInitArgs()[entry.first];

    advancedPointers[op.getRegionIterArgs()[entry.first]] = {
        init, newFor.getRegionIterArgs()[scalarIndices.size() + i]};
    advancedPointers[op.getResult(entry.first)] = {
        init, newFor.getResult(scalarIndices.size() + i)};
  }
  // The builder adds a yield to loops without iteration values; the one
  // built below replaces it.
  if (!newFor.getBody()->empty())
    newFor.getBody()->getTerminator()->erase();
  OpBuilder bodyB = OpBuilder::atBlockEnd(newFor.getBody());
  if (failed(prefetchNextIteration(op, bodyB)))
    return failure();
  for (Operation &inner : op.getBody()->without_terminator())
    if (failed(emitOp(&inner, bodyB)))
      return failure();
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
    if (advancedPointers.count(iterArg))
      continue;
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
  for (auto [i, entry] : llvm::enumerate(advanced))
    scalarYields.push_back(arith::AddIOp::create(
        bodyB, loc, newFor.getRegionIterArgs()[scalarIndices.size() + i],
        stepAsI64(bodyB, entry.second)));
  scf::YieldOp::create(bodyB, loc, scalarYields);
  for (auto [newIndex, oldIndex] : llvm::enumerate(scalarIndices))
    scalars.map(op.getResult(oldIndex), newFor.getResult(newIndex));
  return success();
}

LogicalResult ProgramEmitter::prefetchNextIteration(scf::ForOp op,
                                                    OpBuilder &b) {
  // Tiles a loop loads through uniformly advanced pointers (a K loop's
  // operands) are read a row at a time from as many lines as the tile has
  // rows, too many streams for the hardware prefetcher: the next
  // iteration's lines are requested while this one computes. Reads only
  // (a prefetch of an address outside the tensor does not fault).
  Location loc = op.getLoc();
  for (BlockArgument iterArg : op.getRegionIterArgs()) {
    auto it = advancedPointers.find(iterArg);
    if (it == advancedPointers.end() ||
        llvm::none_of(iterArg.getUsers(), [&](Operation *user) {
          auto load = dyn_cast<LoadOp>(user);
          return load && load.getPtr() == iterArg &&
                 load->getParentOp() == op.getOperation();
        }))
      continue;
    auto type = cast<RankedTensorType>(iterArg.getType());
    if (rowsAndCols(type).first < 2)
      continue; // One stream: the hardware prefetcher follows it.
    Type pointee = lowerElementType(
        cast<PointerType>(type.getElementType()).getPointeeType());
    int64_t elementBytes = getElementByteSize(
        cast<PointerType>(type.getElementType()).getPointeeType());
    // One prefetch per 64-byte line of a contiguous row.
    int64_t width = std::max<int64_t>(
        1, std::min<int64_t>(rowsAndCols(type).second, 64 / elementBytes));
    auto [start, offset] = it->second;
    Value step = advanceSteps.lookup(iterArg);
    if (!step)
      continue;
    LogicalResult result =
        forEachChunk(b, loc, type, width, [&](OpBuilder &cb, Position pos) {
          FailureOr<Value> first =
              chunk(cb, start, Position{pos.row, pos.col, 1});
          if (failed(first))
            return failure();
          Value ptr = vector::ExtractOp::create(cb, loc, *first, 0);
          Value next = arith::AddIOp::create(cb, loc, offset, step);
          Value address = LLVM::GEPOp::create(cb, loc, ptr.getType(), pointee,
                                              ptr, ValueRange{next});
          LLVM::Prefetch::create(cb, loc, address, /*rw=*/0, /*hint=*/3,
                                 /*cache=*/1);
          return success();
        });
    if (failed(result))
      return failure();
  }
  return success();
}

LogicalResult ProgramEmitter::emitIf(scf::IfOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  // Tile results live in buffers, which each branch writes as it ends; only
  // scalars stay results.
  SmallVector<Type> types;
  SmallVector<Value> resultBuffers;
  for (Value result : op.getResults()) {
    resultBuffers.push_back({});
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      resultBuffers.back() = buffers[result] = allocaBuffer(type);
    else
      types.push_back(lowerType(result.getType()));
  }
  auto newIf =
      scf::IfOp::create(b, loc, types, scalars.lookup(op.getCondition()),
                        /*addThenBlock=*/true,
                        /*addElseBlock=*/!op.getElseRegion().empty());
  auto emitRegion = [&](Region &from, Block *to) -> LogicalResult {
    // Drop the implicit yield the builder may have added.
    if (!to->empty())
      to->getTerminator()->erase();
    OpBuilder rb = OpBuilder::atBlockEnd(to);
    FailureOr<SmallVector<Value>> yields =
        emitBlock(from.front(), rb, from.front().getTerminator()->getOperands(),
                  resultBuffers);
    if (failed(yields))
      return failure();
    scf::YieldOp::create(rb, loc, *yields);
    return success();
  };
  if (failed(emitRegion(op.getThenRegion(), newIf.thenBlock())))
    return failure();
  if (!op.getElseRegion().empty() &&
      failed(emitRegion(op.getElseRegion(), newIf.elseBlock())))
    return failure();
  mapScalarResults(op.getResults(), newIf.getResults());
  return success();
}

FailureOr<SmallVector<Value>>
ProgramEmitter::emitBlock(Block &from, OpBuilder &b, ValueRange passed,
                          ArrayRef<Value> targets) {
  for (Operation &inner : from.without_terminator())
    if (failed(emitOp(&inner, b)))
      return failure();
  SmallVector<Value> scalarsPassed;
  for (auto [value, target] : llvm::zip(passed, targets))
    if (!target)
      scalarsPassed.push_back(scalars.lookup(value));
    else if (failed(materialize(b, value, target)))
      return failure();
  return scalarsPassed;
}

void ProgramEmitter::mapScalarResults(ValueRange results,
                                      ValueRange newResults) {
  for (Value result : results)
    if (!isTile(result)) {
      scalars.map(result, newResults.front());
      newResults = newResults.drop_front();
    }
}

LogicalResult ProgramEmitter::emitWhile(scf::WhileOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  scf::ConditionOp condition = op.getConditionOp();
  // Carried tiles live in buffers: one per value entering the condition
  // region (an init, then what the body yields), one per value it forwards
  // (to the body and, at the end, to the results). Only scalars stay
  // iteration values. The two sets are apart, so writing one never
  // overwrites what the other's values are read from.
  SmallVector<Value> beforeBuffers, afterBuffers, inits;
  SmallVector<Type> resultTypes;
  for (auto [init, arg] : llvm::zip(op.getInits(), op.getBeforeArguments())) {
    beforeBuffers.push_back({});
    if (!isTile(init)) {
      inits.push_back(scalars.lookup(init));
      continue;
    }
    Value buffer = allocaBuffer(cast<RankedTensorType>(init.getType()));
    if (failed(materialize(b, init, buffer)))
      return failure();
    beforeBuffers.back() = buffers[arg] = buffer;
  }
  for (auto [arg, result] :
       llvm::zip(op.getAfterArguments(), op.getResults())) {
    afterBuffers.push_back({});
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      afterBuffers.back() = buffers[arg] = buffers[result] = allocaBuffer(type);
    else
      resultTypes.push_back(lowerType(arg.getType()));
  }
  auto newWhile =
      scf::WhileOp::create(b, loc, resultTypes, inits, nullptr, nullptr);
  // Emits `from` into the block the builder made for it, whose arguments
  // are the scalars of `args`, then the values its terminator passes on:
  // tiles into `targets`, scalars as the new terminator's operands.
  auto emitRegion = [&](Region &from, Region &to, ArrayRef<Value> targets,
                        auto makeTerminator) -> LogicalResult {
    Block *block = &to.front();
    unsigned next = 0;
    for (Value arg : from.front().getArguments())
      if (!isTile(arg))
        scalars.map(arg, block->getArgument(next++));
    OpBuilder rb = OpBuilder::atBlockEnd(block);
    Operation *terminator = from.front().getTerminator();
    ValueRange passed = isa<scf::ConditionOp>(terminator)
                            ? cast<scf::ConditionOp>(terminator).getArgs()
                            : terminator->getOperands();
    FailureOr<SmallVector<Value>> scalarsPassed =
        emitBlock(from.front(), rb, passed, targets);
    if (failed(scalarsPassed))
      return failure();
    makeTerminator(rb, *scalarsPassed);
    return success();
  };
  if (failed(emitRegion(op.getBefore(), newWhile.getBefore(), afterBuffers,
                        [&](OpBuilder &rb, ValueRange args) {
                          scf::ConditionOp::create(
                              rb, loc, scalars.lookup(condition.getCondition()),
                              args);
                        })) ||
      failed(emitRegion(op.getAfter(), newWhile.getAfter(), beforeBuffers,
                        [&](OpBuilder &rb, ValueRange args) {
                          scf::YieldOp::create(rb, loc, args);
                        })))
    return failure();
  mapScalarResults(op.getResults(), newWhile.getResults());
  return success();
}

} // namespace mlir::tile::tovector

using namespace mlir::tile::tovector;

namespace {

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ConvertTileToVectorPass
    : mlir::tile::impl::ConvertTileToVectorBase<ConvertTileToVectorPass> {
  using ConvertTileToVectorBase::ConvertTileToVectorBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    rewriteMatrixDescriptors(module);
    AxisInfoAnalysis axis(module);
    dropValueHints(module);
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
      // What is left of the schedule (the CPU's part) is for the grid.
      if (Attribute schedule =
              kernel->getAttr(TileDialect::getScheduleAttrName()))
        program->setAttr(TileDialect::getScheduleAttrName(), schedule);
      ProgramEmitter emitter(kernel, program, axis, vectorBytes);
      if (failed(emitter.emit()))
        return signalPassFailure();
    }
    for (FuncOp kernel : kernels)
      kernel.erase();
  }
};

} // namespace
