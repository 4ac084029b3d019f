//===- Sinks.cpp - The ops that consume whole tiles -----------------------===//
//
// Stores, reductions, dot, scans, atomics, descriptor stores, print and
// assert: each emits the loop over chunks in which the tiles it reads are
// evaluated.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/ProgramEmitter.h"
#include "tile/Conversion/TileToVector/TileToVector.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;

namespace mlir::tile::tovector {

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

/// Bytes a launch must write through one store before the store streams
/// past the caches: well above the last-level cache of the machines we run
/// on (32 MiB per Zen 5 CCD), so that the data would be evicted before
/// anything could read it back. Streaming then saves the read for ownership
/// of every line: the f32 vector add of 2^25 elements goes from 0.87 to 1.08
/// of the parallel copy on the development machine.
constexpr int64_t kStreamingStoreBytes = int64_t(64) << 20;

/// Whether plain vector stores of `op` may become non-temporal stores when
/// the launch writes enough through it: a 1-D tile whose pointers are
/// contiguous throughout (so that the first chunk's alignment is every
/// chunk's) and whose chunks fill a vector register, stored once per program
/// (at the top level of the kernel, where grid size times tile size is what
/// the launch writes).
static bool mayStream(const AxisInfoAnalysis &axis, StoreOp op, int64_t width,
                      int64_t vectorBytes) {
  auto type = cast<RankedTensorType>(op.getValue().getType());
  // 64-byte vectors mean AVX-512, hence x86, whose `sfence` the grid entry
  // emits (CPUGrid.cpp).
  if (vectorBytes != 64 || type.getRank() != 1 ||
      !isa<FuncOp>(op->getParentOp()))
    return false;
  int64_t elementBytes = getElementByteSize(type.getElementType());
  if (width * elementBytes != vectorBytes)
    return false;
  AxisInfo info = axis.getAxisInfo(op.getPtr());
  return info.getContiguity(0) == type.getNumElements();
}

LogicalResult ProgramEmitter::emitStore(StoreOp op, OpBuilder &b) {
  auto type = cast<RankedTensorType>(op.getValue().getType());
  Location loc = op.getLoc();
  int64_t width = chunkWidth(type);
  bool contiguous;
  unsigned align;
  std::tie(contiguous, align) = contiguousChunk(axis, op.getPtr(), width);
  auto emitLoop = [&](OpBuilder &vb, bool streaming) {
    return forEachChunk(
        vb, loc, type, width,
        [&](OpBuilder &inner, Position pos) -> LogicalResult {
          FailureOr<Value> ptrs = chunk(inner, op.getPtr(), pos);
          FailureOr<Value> value = chunk(inner, op.getValue(), pos);
          FailureOr<Value> maskChunk =
              chunk(inner, effectiveMask(op.getMask()), pos);
          if (failed(ptrs) || failed(value) || failed(maskChunk))
            return failure();
          Value mask = *maskChunk;
          Value stored = toMemory(inner, loc, *value);
          if (contiguous) {
            Value first = vector::ExtractOp::create(inner, loc, *ptrs, 0);
            if (mask)
              LLVM::MaskedStoreOp::create(inner, loc, stored, first, mask,
                                          align);
            else if (streaming)
              LLVM::StoreOp::create(inner, loc, stored, first, vectorBytes,
                                    /*isVolatile=*/false,
                                    /*isNonTemporal=*/true);
            else
              LLVM::StoreOp::create(inner, loc, stored, first, align);
            return success();
          }
          if (!mask)
            mask = arith::ConstantOp::create(
                inner, loc,
                DenseElementsAttr::get(
                    VectorType::get({width}, inner.getI1Type()), true));
          LLVM::masked_scatter::create(inner, loc, stored, *ptrs, mask, align);
          return success();
        });
  };
  return withFullMasksNoResults(
      b, loc, {op.getPtr(), op.getValue()}, op.getMask(),
      [&](OpBuilder &vb) -> LogicalResult {
        if (effectiveMask(op.getMask()) || !contiguous ||
            !mayStream(axis, op, width, vectorBytes))
          return emitLoop(vb, /*streaming=*/false);
        // Stream when this launch writes kStreamingStoreBytes or more through
        // the store and the tile starts on a vector boundary (x86 has no
        // unaligned non-temporal vector store).
        Value zero = constantIndex(vb, loc, 0);
        chunks.clear();
        FailureOr<Value> ptrs =
            chunk(vb, op.getPtr(), Position{zero, zero, width});
        chunks.clear();
        if (failed(ptrs))
          return failure();
        Type i64 = vb.getI64Type();
        Value address = LLVM::PtrToIntOp::create(
            vb, loc, i64, vector::ExtractOp::create(vb, loc, *ptrs, 0));
        Value offset = arith::AndIOp::create(
            vb, loc, address,
            arith::ConstantIntOp::create(vb, loc, i64, vectorBytes - 1));
        Value aligned = arith::CmpIOp::create(
            vb, loc, arith::CmpIPredicate::eq, offset,
            arith::ConstantIntOp::create(vb, loc, i64, 0));
        unsigned numKernelArgs = kernel.getNumArguments();
        Value programs = arith::ExtUIOp::create(
            vb, loc, i64, program.getArgument(numKernelArgs + 3));
        for (unsigned axisIndex : {4u, 5u})
          programs = arith::MulIOp::create(
              vb, loc, programs,
              arith::ExtUIOp::create(
                  vb, loc, i64,
                  program.getArgument(numKernelArgs + axisIndex)));
        int64_t tileBytes =
            type.getNumElements() * getElementByteSize(type.getElementType());
        Value large = arith::CmpIOp::create(
            vb, loc, arith::CmpIPredicate::uge, programs,
            arith::ConstantIntOp::create(
                vb, loc, i64,
                (kStreamingStoreBytes + tileBytes - 1) / tileBytes));
        Value stream = arith::AndIOp::create(vb, loc, aligned, large);
        auto ifOp = scf::IfOp::create(vb, loc, stream, /*withElseRegion=*/true);
        OpBuilder thenB = ifOp.getThenBodyBuilder();
        if (failed(emitLoop(thenB, /*streaming=*/true)))
          return failure();
        // Non-temporal stores are weakly ordered: the grid entry fences
        // (CPUGrid.cpp).
        OpBuilder elseB = ifOp.getElseBodyBuilder();
        return emitLoop(elseB, /*streaming=*/false);
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
    // Ops with values of their own here (maxnumf's signed zeros, f8).
    if (op.getNumResults() == 1 && !isa<arith::ConstantOp>(op)) {
      SmallVector<Value> operands;
      for (Value operand : op.getOperands())
        operands.push_back(mapping.lookupOrDefault(operand));
      Type type = lowerElementType(op.getResult(0).getType());
      if (lanes)
        type = VectorType::get({*lanes}, type);
      if (Value value = lowerDefinedArith(b, &op, operands, type)) {
        mapping.map(op.getResult(0), value);
        continue;
      }
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
      LLVM::StoreOp::create(colB, loc,
                            toMemory(colB, loc, rowLoop.getResult(index)), addr,
                            getElementByteSize(resultType.getElementType()));
    }
    return success();
  }

  // Along the last dimension: one scalar per row. Up to
  // kMaxAccumulators vector accumulators take interleaved chunks, so that
  // consecutive combines do not wait for each other (one accumulator made
  // the row a chain of dependent `maximumf`s, ~8 cycles per chunk), and the
  // combine tree is shallower; the combiner is associative and commutative
  // (docs/Semantics.md section 3.8), so any tree is allowed.
  constexpr int64_t kMaxAccumulators = 4;
  int64_t numChunks = cols / width;
  int64_t numAccs = 1;
  while (numAccs < kMaxAccumulators && numChunks % (numAccs * 2) == 0)
    numAccs *= 2;
  auto reduceRow = [&](OpBuilder &rb,
                       Value row) -> FailureOr<SmallVector<Value>> {
    chunks.clear();
    // accs[a * numValues + v]: accumulator a of operand v.
    SmallVector<Value> init;
    for (int64_t a = 0; a < numAccs; ++a) {
      FailureOr<SmallVector<Value>> first =
          chunksOf(rb, Position{row, constantIndex(rb, loc, a * width), width});
      if (failed(first))
        return failure();
      llvm::append_range(init, *first);
    }
    auto colLoop =
        scf::ForOp::create(rb, loc, constantIndex(rb, loc, numAccs * width),
                           constantIndex(rb, loc, cols),
                           constantIndex(rb, loc, numAccs * width), init);
    OpBuilder colB = OpBuilder::atBlockBegin(colLoop.getBody());
    chunks.clear();
    SmallVector<Value> yielded;
    for (int64_t a = 0; a < numAccs; ++a) {
      Value col = colLoop.getInductionVar();
      if (a > 0)
        col = arith::AddIOp::create(colB, loc, col,
                                    constantIndex(colB, loc, a * width));
      FailureOr<SmallVector<Value>> next =
          chunksOf(colB, Position{row, col, width});
      if (failed(next))
        return failure();
      FailureOr<SmallVector<Value>> combined = combine(
          colB, op.getCombiner(),
          colLoop.getRegionIterArgs().slice(a * numValues, numValues), *next);
      if (failed(combined))
        return failure();
      llvm::append_range(yielded, *combined);
    }
    scf::YieldOp::create(colB, loc, yielded);
    chunks.clear();
    // A tree across the accumulators, then a shuffle tree across the lanes.
    SmallVector<Value> all(colLoop.getResults());
    for (int64_t count = numAccs; count > 1; count /= 2) {
      int64_t half = count / 2;
      SmallVector<Value> merged;
      for (int64_t a = 0; a < half; ++a) {
        FailureOr<SmallVector<Value>> pair = combine(
            rb, op.getCombiner(), ArrayRef(all).slice(a * numValues, numValues),
            ArrayRef(all).slice((a + half) * numValues, numValues));
        if (failed(pair))
          return failure();
        llvm::append_range(merged, *pair);
      }
      all = std::move(merged);
    }
    SmallVector<Value> accs(all);
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
    FailureOr<SmallVector<Value>> values = withFullMasks(
        b, loc, SmallVector<Value>(op.getSrcs()), Value(), [&](OpBuilder &vb) {
          return reduceRow(vb, constantIndex(vb, loc, 0));
        });
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
    LLVM::StoreOp::create(rowB, loc, toMemory(rowB, loc, (*values)[index]),
                          addr,
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
bool isElementwiseUpdate(Value iterArg, Value yielded) {
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
/// accumulator are first stored in stack buffers (f32 for f16/bf16 inputs,
/// i32 for i8 ones); then each block of `rowsPerBlock` rows and
/// `vectorsPerBlock` vectors of columns keeps its accumulators in registers
/// across the whole K loop, with one broadcast of A and one vector load of B
/// per FMA (or integer multiply-add) column.
LogicalResult ProgramEmitter::emitDot(DotOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  // i8 x i8 -> i32 wraps, so i32 products and sums are exact. Float inputs
  // are converted exactly to the accumulator type, in which each product is
  // an fma (docs/Semantics.md section 3.7): f8 fits in f16, f16 and bf16 in
  // f32, everything in f64; bf16 does not fit in f16.
  Type wide = cType.getElementType(); // What products are computed in.
  bool integer = aType.getElementType().isInteger(8);
  auto fitsInWide = [&](Type input) {
    if (isF8(input) || input == wide || wide.isF64())
      return true;
    return wide.isF32() && isa<Float16Type, BFloat16Type>(input);
  };
  if (!integer && !(fitsInWide(aType.getElementType()) &&
                    fitsInWide(bType.getElementType())))
    return unsupported(op, "bf16 inputs into an f16 accumulator are not "
                           "implemented (bf16 does not fit in f16)");
  // A batched dot is one product per leading index: its buffers hold the
  // batches one after another, so their rows are flattened (rowsAndCols).
  int64_t rank = cType.getRank();
  int64_t m = cType.getDimSize(rank - 2), n = cType.getDimSize(rank - 1),
          k = aType.getDimSize(rank - 1);
  unsigned align = getElementByteSize(wide);
  auto aWide = RankedTensorType::get(aType.getShape(), wide);
  auto bWide = RankedTensorType::get(bType.getShape(), wide);

  Value bufA = allocaBuffer(aWide), bufB = allocaBuffer(bWide);
  if (failed(materialize(b, op.getA(), bufA, wide)) ||
      failed(materialize(b, op.getB(), bufB, wide)))
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

  // The register block: rows x vectors accumulators, with the vectors of
  // B and a broadcast of A beside them in the vector registers (32 with
  // 64-byte vectors, AVX-512; 16 otherwise), as many FMAs per load as fit.
  int64_t width = chunkWidth(cType);
  int64_t registers = vectorBytes >= 64 ? 32 : 16;
  int64_t rowsPerBlock = 1, vectorsPerBlock = 1;
  for (int64_t vectors = 1; vectors <= 4; ++vectors)
    for (int64_t rows = 1; rows <= 8; ++rows) {
      if (m % rows != 0 || n % (vectors * width) != 0 ||
          rows * vectors + vectors + 2 > registers)
        continue;
      // FMAs per load, then more accumulators (more FMAs in flight).
      auto better = [](int64_t r, int64_t v, int64_t br, int64_t bv) {
        int64_t lhs = r * v * (br + bv), rhs = br * bv * (r + v);
        return lhs != rhs ? lhs > rhs : r * v > br * bv;
      };
      if (better(rows, vectors, rowsPerBlock, vectorsPerBlock)) {
        rowsPerBlock = rows;
        vectorsPerBlock = vectors;
      }
    }
  auto vectorType = VectorType::get({width}, wide);
  auto index = [&](OpBuilder &builder, int64_t v) {
    return constantIndex(builder, loc, v);
  };
  // The first rows of the batch in A and C (m per batch) and in B (k).
  OpBuilder batchBuilder = b;
  Value cRow0 = index(b, 0), bRow0 = cRow0, rowEnd = index(b, m);
  if (rank == 3) {
    auto batchLoop = scf::ForOp::create(
        b, loc, index(b, 0), index(b, cType.getDimSize(0)), index(b, 1));
    batchBuilder = OpBuilder::atBlockBegin(batchLoop.getBody());
    Value batch = batchLoop.getInductionVar();
    cRow0 =
        arith::MulIOp::create(batchBuilder, loc, batch, index(batchBuilder, m));
    bRow0 =
        arith::MulIOp::create(batchBuilder, loc, batch, index(batchBuilder, k));
    rowEnd =
        arith::AddIOp::create(batchBuilder, loc, cRow0, index(batchBuilder, m));
  }
  auto rowLoop = scf::ForOp::create(batchBuilder, loc, cRow0, rowEnd,
                                    index(batchBuilder, rowsPerBlock));
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
          align));
  auto kLoop = scf::ForOp::create(cb, loc, index(cb, 0), index(cb, k),
                                  index(cb, 1), accs);
  OpBuilder kb = OpBuilder::atBlockBegin(kLoop.getBody());
  Value kk = kLoop.getInductionVar();
  Value bRow = arith::AddIOp::create(kb, loc, bRow0, kk);
  SmallVector<Value> bVectors;
  for (int64_t v = 0; v < vectorsPerBlock; ++v)
    bVectors.push_back(
        LLVM::LoadOp::create(kb, loc, vectorType,
                             bufferAddress(kb, loc, bufB, bWide,
                                           Position{bRow, colAt(kb, v), width}),
                             align));
  SmallVector<Value> next;
  for (int64_t r = 0; r < rowsPerBlock; ++r) {
    Value aScalar = LLVM::LoadOp::create(
        kb, loc, wide,
        bufferAddress(kb, loc, bufA, aWide, Position{rowAt(kb, r), kk, 1}),
        align);
    Value aVector = vector::BroadcastOp::create(kb, loc, vectorType, aScalar);
    for (int64_t v = 0; v < vectorsPerBlock; ++v) {
      Value acc = kLoop.getRegionIterArgs()[r * vectorsPerBlock + v];
      next.push_back(
          integer
              ? Value(arith::AddIOp::create(
                    kb, loc,
                    arith::MulIOp::create(kb, loc, aVector, bVectors[v]), acc))
              : Value(
                    vector::FMAOp::create(kb, loc, aVector, bVectors[v], acc)));
    }
  }
  scf::YieldOp::create(kb, loc, next);
  for (int64_t r = 0; r < rowsPerBlock; ++r)
    for (int64_t v = 0; v < vectorsPerBlock; ++v)
      LLVM::StoreOp::create(
          cb, loc, kLoop.getResult(r * vectorsPerBlock + v),
          bufferAddress(cb, loc, bufC, cType,
                        Position{rowAt(cb, r), colAt(cb, v), width}),
          align);
  buffers[op.getResult()] = bufC;
  return success();
}

/// An inclusive scan along the last dimension: within each chunk a
/// Hillis-Steele ladder of shuffles (log2(width) steps), then the carry of
/// the previous chunks (the following ones, reversed) combined into every
/// lane. Along the rows of a 2-D tile: a Hillis-Steele scan over whole rows
/// in the result buffers.
LogicalResult ProgramEmitter::emitScan(ScanOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  if (type.getRank() > 2)
    return unsupported(op, "scans of tiles of rank above 2 are not "
                           "implemented yet");
  bool reverse = op.getReverse();
  int64_t width = chunkWidth(type);
  int64_t rows, cols;
  std::tie(rows, cols) = rowsAndCols(type);
  SmallVector<Value> resultBuffers;
  for (Value result : op.getResults()) {
    Value buffer = allocaBuffer(cast<RankedTensorType>(result.getType()));
    buffers[result] = buffer;
    resultBuffers.push_back(buffer);
  }
  if (op.getAxis() != type.getRank() - 1) {
    // At step s every row combines the row s before it (after it,
    // reversed); rows are visited away from those they read, so that each
    // reads the values of the previous step. Depth log2(rows).
    for (auto [src, buffer] : llvm::zip(op.getSrcs(), resultBuffers))
      if (failed(materialize(b, src, buffer)))
        return failure();
    for (int64_t step = 1; step < rows; step *= 2) {
      auto rowLoop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                        constantIndex(b, loc, rows - step),
                                        constantIndex(b, loc, 1));
      OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
      Value i = rowLoop.getInductionVar();
      Value row = reverse ? i
                          : Value(arith::SubIOp::create(
                                rb, loc, constantIndex(rb, loc, rows - 1), i));
      Value offset = constantIndex(rb, loc, step);
      Value from = reverse ? Value(arith::AddIOp::create(rb, loc, i, offset))
                           : Value(arith::SubIOp::create(rb, loc, row, offset));
      auto colLoop = scf::ForOp::create(rb, loc, constantIndex(rb, loc, 0),
                                        constantIndex(rb, loc, cols),
                                        constantIndex(rb, loc, width));
      OpBuilder cb = OpBuilder::atBlockBegin(colLoop.getBody());
      Value col = colLoop.getInductionVar();
      SmallVector<Value> accs, xs;
      chunks.clear();
      for (Value result : op.getResults()) {
        FailureOr<Value> x = chunk(cb, result, Position{row, col, width});
        FailureOr<Value> acc = chunk(cb, result, Position{from, col, width});
        if (failed(x) || failed(acc))
          return failure();
        xs.push_back(*x);
        accs.push_back(*acc);
      }
      chunks.clear();
      FailureOr<SmallVector<Value>> combined =
          combine(cb, op.getCombiner(), accs, xs);
      if (failed(combined))
        return failure();
      for (auto [value, result, buffer] :
           llvm::zip(*combined, op.getResults(), resultBuffers)) {
        auto resultType = cast<RankedTensorType>(result.getType());
        LLVM::StoreOp::create(cb, loc, toMemory(cb, loc, value),
                              bufferAddress(cb, loc, buffer, resultType,
                                            Position{row, col, width}),
                              getElementByteSize(resultType.getElementType()));
      }
    }
    return success();
  }
  // Scans one chunk, with the carry of the chunks before it if any; stores
  // it and returns its last lane (its first, reversed).
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
        int64_t from = reverse ? lane + step : lane - step;
        later.push_back(from >= 0 && from < width);
        mask.push_back(later.back() ? from : lane);
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
          cb, loc, toMemory(cb, loc, x),
          bufferAddress(cb, loc, resultBuffers[index], resultType, pos),
          getElementByteSize(resultType.getElementType()));
      last.push_back(
          vector::ExtractOp::create(cb, loc, x, reverse ? 0 : width - 1));
    }
    return last;
  };
  auto rowLoop =
      scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                         constantIndex(b, loc, rows), constantIndex(b, loc, 1));
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  Value row = rowLoop.getInductionVar();
  chunks.clear();
  // Reversed, the chunks are visited from the last one.
  int64_t lastCol = cols - width;
  FailureOr<SmallVector<Value>> carry = scanChunk(
      rb, Position{row, constantIndex(rb, loc, reverse ? lastCol : 0), width},
      ValueRange{});
  if (failed(carry))
    return failure();
  auto colLoop = scf::ForOp::create(rb, loc, constantIndex(rb, loc, width),
                                    constantIndex(rb, loc, cols),
                                    constantIndex(rb, loc, width), *carry);
  OpBuilder cb = OpBuilder::atBlockBegin(colLoop.getBody());
  Value col = colLoop.getInductionVar();
  if (reverse)
    col = arith::SubIOp::create(cb, loc, constantIndex(cb, loc, lastCol), col);
  chunks.clear();
  FailureOr<SmallVector<Value>> next =
      scanChunk(cb, Position{row, col, width}, colLoop.getRegionIterArgs());
  if (failed(next))
    return failure();
  scf::YieldOp::create(cb, loc, *next);
  chunks.clear();
  return success();
}

/// A bf16 atomic fadd as a compare-and-swap loop on the bits: bf16 values
/// become i16 before LLVM (tile-cpu-legalize-bf16), and `llvm.atomicrmw
/// fadd` needs a float. Bits are compared, so a stored NaN ends the loop.
static Value emitBF16AtomicAdd(OpBuilder &b, Location loc, Value ptr,
                               Value value, MemoryOrder order) {
  Type type = value.getType();
  Type bits = b.getI16Type();
  // An exchange of 0 for 0 reads the current bits atomically.
  Value zero = arith::ConstantOp::create(b, loc, b.getI16IntegerAttr(0));
  Value initial = emitAtomicCAS(b, loc, ptr, zero, zero, order);
  auto loop = scf::WhileOp::create(b, loc, TypeRange{bits}, initial);
  Block *before = b.createBlock(&loop.getBefore(), {}, {bits}, {loc});
  OpBuilder bb = OpBuilder::atBlockEnd(before);
  Value old = before->getArgument(0);
  Value sum = arith::AddFOp::create(
      bb, loc, arith::BitcastOp::create(bb, loc, type, old), value);
  Value seen = emitAtomicCAS(
      bb, loc, ptr, old, arith::BitcastOp::create(bb, loc, bits, sum), order);
  Value again =
      arith::CmpIOp::create(bb, loc, arith::CmpIPredicate::ne, seen, old);
  scf::ConditionOp::create(bb, loc, again, seen);
  Block *after = b.createBlock(&loop.getAfter(), {}, {bits}, {loc});
  OpBuilder ab = OpBuilder::atBlockEnd(after);
  scf::YieldOp::create(ab, loc, after->getArgument(0));
  b.setInsertionPointAfter(loop);
  return arith::BitcastOp::create(b, loc, type, loop.getResult(0));
}

/// Atomics lane by lane: each unmasked lane is one `llvm.atomicrmw` (or
/// `llvm.cmpxchg` on the bits); the old values (zero for masked-off lanes)
/// form the result.
LogicalResult ProgramEmitter::emitAtomic(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  auto cas = dyn_cast<AtomicCASOp>(op);
  Value ptrs = op->getOperand(0);
  Value values = rmw ? rmw.getVal() : cas.getVal();
  Value cmps = cas ? cas.getCmp() : Value();
  Value masks = rmw ? rmw.getMask() : Value();
  Type element = getElementTypeOrSelf(values.getType());
  // One lane: the atomic under its mask; returns the old value or zero.
  auto laneAtomic = [&](OpBuilder &lb, Value ptr, Value cmp, Value value,
                        Value mask) -> Value {
    auto atomic = [&](OpBuilder &ab) -> Value {
      if (rmw && rmw.getKind() == AtomicRMWKind::fadd && element.isBF16())
        return emitBF16AtomicAdd(ab, loc, ptr, value, rmw.getOrder());
      if (rmw)
        return tile::emitAtomicRMW(ab, loc, rmw.getKind(), ptr, value,
                                   getAtomicOrdering(rmw.getOrder()));
      return tile::emitAtomicCAS(ab, loc, ptr, cmp, value, cas.getOrder());
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
  if (!isTile(ptrs)) {
    auto lookup = [&](Value v) { return v ? scalars.lookup(v) : Value(); };
    scalars.map(op->getResult(0), laneAtomic(b, lookup(ptrs), lookup(cmps),
                                             lookup(values), lookup(masks)));
    return success();
  }
  auto type = cast<RankedTensorType>(values.getType());
  if (type.getRank() > 2)
    return unsupported(op, "tiles of rank above 2 are not implemented yet");
  Value result = allocaBuffer(type);
  buffers[op->getResult(0)] = result;
  return forEachChunk(
      b, loc, type, chunkWidth(type),
      [&](OpBuilder &cb, Position pos) -> LogicalResult {
        FailureOr<Value> ptrChunk = chunk(cb, ptrs, pos);
        FailureOr<Value> valueChunk = chunk(cb, values, pos);
        FailureOr<Value> cmpChunk = chunk(cb, cmps, pos);
        FailureOr<Value> maskChunk = chunk(cb, masks, pos);
        if (failed(ptrChunk) || failed(valueChunk) || failed(cmpChunk) ||
            failed(maskChunk))
          return failure();
        Value old = arith::ConstantOp::create(
            cb, loc,
            cast<TypedAttr>(
                cb.getZeroAttr(VectorType::get({pos.width}, element))));
        for (int64_t lane = 0; lane < pos.width; ++lane) {
          auto at = [&](Value vector) -> Value {
            return vector
                       ? Value(vector::ExtractOp::create(cb, loc, vector, lane))
                       : Value();
          };
          Value laneOld = laneAtomic(cb, at(*ptrChunk), at(*cmpChunk),
                                     at(*valueChunk), at(*maskChunk));
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
        Value stored = toMemory(cb, loc, *value);
        DescChunk access = descChunk(cb, loc, desc, op.getOffsets(), pos);
        if (access.contiguous) {
          Value first = vector::ExtractOp::create(cb, loc, access.ptrs, 0);
          LLVM::MaskedStoreOp::create(cb, loc, stored, first, access.mask,
                                      align);
        } else {
          LLVM::masked_scatter::create(cb, loc, stored, access.ptrs,
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
  // Named after the program: a module may hold several kernels that print.
  std::string name =
      (program.getSymName() + "_str_" + std::to_string(stringCount++)).str();
  std::string zeroTerminated = format.str();
  zeroTerminated.push_back('\0');
  Value text = LLVM::createGlobalString(loc, b, name, zeroTerminated,
                                        LLVM::Linkage::Internal);
  SmallVector<Value> callArgs = {text};
  callArgs.append(args.begin(), args.end());
  LLVM::CallOp::create(b, loc, *printf, callArgs);
}

LogicalResult ProgramEmitter::emitPrint(PrintOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto pid = reportedProgramIds(op.getProgram());
  std::string escaped = escapePrintfFormat(op.getPrefix());
  if (op.getArgs().empty()) {
    callPrintf(b, loc, "pid (%d, %d, %d) " + escaped + "\n",
               {pid[0], pid[1], pid[2]});
    return success();
  }
  // docs/Semantics.md 3.9: `pid (X, Y, Z) idx (i0, ...) PREFIXVALUE`.
  for (Value arg : op.getArgs()) {
    if (!isTile(arg)) {
      auto [value, spec] = printfArgument(b, loc, scalars.lookup(arg),
                                          arg.getType(), op.getHex());
      callPrintf(b, loc,
                 "pid (%d, %d, %d) idx () " + escaped + spec.str() + "\n",
                 {pid[0], pid[1], pid[2], value});
      continue;
    }
    auto type = cast<RankedTensorType>(arg.getType());
    Value buffer = allocaBuffer(type);
    if (failed(materialize(b, arg, buffer)))
      return failure();
    Type element = memoryElementType(type.getElementType());
    auto loop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                   constantIndex(b, loc, type.getNumElements()),
                                   constantIndex(b, loc, 1));
    OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
    Value index64 = arith::IndexCastOp::create(lb, loc, lb.getI64Type(),
                                               loop.getInductionVar());
    Value addr = LLVM::GEPOp::create(
        lb, loc, LLVM::LLVMPointerType::get(lb.getContext()), element, buffer,
        ValueRange{index64});
    Value scalar =
        fromMemory(lb, loc, LLVM::LoadOp::create(lb, loc, element, addr),
                   type.getElementType());
    auto [value, spec] =
        printfArgument(lb, loc, scalar, type.getElementType(), op.getHex());
    // The row-major coordinates of the flat index, outermost first.
    SmallVector<Value> args = {pid[0], pid[1], pid[2]};
    SmallVector<Value> coords;
    Value rest = index64;
    for (int64_t extent : llvm::reverse(type.getShape())) {
      Value e = arith::ConstantIntOp::create(lb, loc, lb.getI64Type(), extent);
      coords.push_back(arith::RemUIOp::create(lb, loc, rest, e));
      rest = arith::DivUIOp::create(lb, loc, rest, e);
    }
    args.append(coords.rbegin(), coords.rend());
    args.push_back(value);
    SmallVector<std::string> specs(type.getRank(), "%lld");
    callPrintf(lb, loc,
               "pid (%d, %d, %d) idx (" + llvm::join(specs, ", ") + ") " +
                   escaped + spec.str() + "\n",
               args);
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
  auto pid = reportedProgramIds(op.getProgram());
  std::string message = escapePrintfFormat(op.getMessage());
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

} // namespace mlir::tile::tovector
