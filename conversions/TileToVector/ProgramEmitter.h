//===- ProgramEmitter.h - The CPU lowering's code generator ----*- C++ -*-===//
//
// Private to conversions/TileToVector: the class that turns one tile.func
// into a program function of loops over native-width vectors, shared by
// TileToVector.cpp (program order, loops, buffers, the pass),
// ChunkEvaluation.cpp (what a tile is, one chunk at a time) and Sinks.cpp
// (the ops that consume whole tiles).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TILETOVECTOR_PROGRAMEMITTER_H
#define TILE_CONVERSIONS_TILETOVECTOR_PROGRAMEMITTER_H

#include "tile/Conversion/Common/ElementLowering.h"
#include "tile/Conversion/TileToVector/TileToVector.h"
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

#include <array>
#include <map>

namespace mlir::tile::tovector {

/// Where a chunk of a tile starts: its row (0 for 1-D tiles) and first
/// column, both `index`, and how many consecutive columns it covers.
struct Position {
  Value row;
  Value col;
  int64_t width;
};

/// The type of one element of a tile once lowered: pointers become
/// !llvm.ptr; f8 values, which LLVM has no type for, travel as their i8 bits.
inline Type lowerElementType(Type element) {
  if (isa<PointerType>(element))
    return LLVM::LLVMPointerType::get(element.getContext());
  if (isF8(element))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

inline Type lowerType(Type type) { return lowerElementType(type); }

/// The type of one element in memory: an i1 is a byte (docs/Semantics.md
/// section 2), the rest as lowerElementType.
Type memoryElementType(Type element);
/// A chunk or scalar as stored: i1 lanes become bytes 0 and 1.
Value toMemory(OpBuilder &b, Location loc, Value value);
/// A chunk or scalar loaded as memoryElementType(`element`), as a value of
/// `element`: a byte is true when it is non-zero.
Value fromMemory(OpBuilder &b, Location loc, Value value, Type element);
/// tile.ptr_to_int, tile.int_to_ptr or tile.bitcast `op` on a chunk or
/// scalar `value`, giving `resultType`.
Value castElements(OpBuilder &b, Operation *op, Value value, Type resultType);

/// Rows and columns of a tile: a 1-D tile is one row; above rank 2 the
/// leading dimensions are flattened (row-major) into rows.
inline std::pair<int64_t, int64_t> rowsAndCols(RankedTensorType type) {
  int64_t cols = type.getShape().back();
  return {type.getNumElements() / std::max<int64_t>(cols, 1), cols};
}

inline bool isTile(Value value) {
  return isa<RankedTensorType>(value.getType());
}
inline bool hasTileOperandsOrResults(Operation *op) {
  return llvm::any_of(op->getOperands(), isTile) ||
         llvm::any_of(op->getResults(), isTile);
}

/// The source row of row `row` of `broadcast`, a broadcast of rank above 2.
Value broadcastSourceRow(OpBuilder &b, Location loc, BroadcastOp broadcast,
                         Value row);

/// Whether the pointers of a chunk of `width` lanes are adjacent in memory,
/// and the alignment in bytes of the first one.
std::pair<bool, unsigned> contiguousChunk(const AxisInfoAnalysis &axis,
                                          Value ptrs, int64_t width);
/// Whether the new value `yielded` of the loop-carried tile `iterArg` reads
/// it only lane by lane, so that it can be updated in place.
bool isElementwiseUpdate(Value iterArg, Value yielded);

/// Rewrites accesses through N-D descriptors whose blocks hold one matrix
/// (leading block extents 1) as accesses through the 2-D descriptor of that
/// matrix (MatrixDescriptors.cpp).
void rewriteMatrixDescriptors(ModuleOp module);

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
  /// tile.atomic_rmw or tile.atomic_cas, lane by lane.
  LogicalResult emitAtomic(Operation *op, OpBuilder &b);
  /// A constant tile of different elements: a global array its chunks load.
  void emitConstantTile(arith::ConstantOp op, DenseElementsAttr value);
  LogicalResult emitDescStore(DescStoreOp op, OpBuilder &b);
  LogicalResult emitPrint(PrintOp op, OpBuilder &b);
  LogicalResult emitAssert(AssertOp op, OpBuilder &b);
  // Ops that move elements to other positions (Restructure.cpp).
  LogicalResult emitRestructure(Operation *op, OpBuilder &b);
  FailureOr<Value> restructuredChunk(OpBuilder &b, Value tile, Position pos);
  LogicalResult emitHistogram(HistogramOp op, OpBuilder &b);
  /// The buffer holding every element of `tile` row-major, written here
  /// unless the tile already lives in one.
  FailureOr<Value> sourceBuffer(OpBuilder &b, Value tile);
  /// Stores every chunk of `tile` into `buffer`, the chunk at `pos` from
  /// element `index(pos)` on.
  LogicalResult storeChunks(OpBuilder &b, Value tile, Value buffer,
                            function_ref<Value(OpBuilder &, Position)> index);
  /// Calls printf with `format` (without its terminating zero) and `args`.
  void callPrintf(OpBuilder &b, Location loc, StringRef format,
                  ValueRange args);
  /// The program ids, as values of the program function.
  std::array<Value, 3> programIds() {
    unsigned first = kernel.getNumArguments();
    return {program.getArgument(first), program.getArgument(first + 1),
            program.getArgument(first + 2)};
  }
  /// The ids a print or an assert names: its `program(...)` operands when
  /// it has them (a scheduled kernel's grid program), else the running
  /// program's.
  std::array<Value, 3> reportedProgramIds(ValueRange named) {
    if (named.size() != 3)
      return programIds();
    return {scalars.lookup(named[0]), scalars.lookup(named[1]),
            scalars.lookup(named[2])};
  }
  /// The addresses and in-bounds mask of a chunk of a descriptor block at
  /// block offsets `offsets`; whether the addresses are contiguous.
  struct DescChunk {
    Value ptrs, mask;
    bool contiguous;
  };
  DescChunk descChunk(OpBuilder &b, Location loc, MakeDescOp desc,
                      ValueRange offsets, Position pos);
  /// Whether the elements `load` reads are still read after a later write
  /// to memory that may alias them (so the load must happen where it
  /// stands, not where its consumers are computed).
  bool isReadAfterWrite(LoadOp load);
  LogicalResult emitFor(scf::ForOp op, OpBuilder &b);
  /// Prefetches for the next iteration of `op` the rows it loads through
  /// uniformly advanced pointers.
  LogicalResult prefetchNextIteration(scf::ForOp op, OpBuilder &b);
  LogicalResult emitIf(scf::IfOp op, OpBuilder &b);
  LogicalResult emitWhile(scf::WhileOp op, OpBuilder &b);
  /// Emits the ops of `from` at `b`, then what its terminator passes on:
  /// each tile of `passed` into its buffer in `targets`; returns the
  /// scalars (whose `targets` are null) in order.
  FailureOr<SmallVector<Value>> emitBlock(Block &from, OpBuilder &b,
                                          ValueRange passed,
                                          ArrayRef<Value> targets);
  /// Maps the scalars of `results` (tiles live in buffers) to `newResults`,
  /// in order.
  void mapScalarResults(ValueRange results, ValueRange newResults);
  LogicalResult emitScalarMemory(Operation *op, OpBuilder &b);

  // Masks that are all true (FullMasks.cpp).
  /// If `tile` is an i1 tile used as the mask of a load or store and read
  /// from no memory, emits here the check that all its lanes are true.
  void checkMaskAllTrue(OpBuilder &b, Value tile);
  /// The all-true check of `offsets < n` masks from their first and last
  /// lanes; null for masks of other forms.
  Value checkBoundMask(OpBuilder &b, Value tile);
  /// The all-true check of a mask built from such bound masks, i1 splats
  /// and constants by broadcasts, new unit dimensions and `and`, from its
  /// parts' checks (a few scalar ops, where checking lane by lane costs a
  /// loop over the tile); null for masks of other forms.
  Value checkComposedMask(OpBuilder &b, Value tile);
  /// The masks with an all-true check that a loop evaluating `roots` (and
  /// storing under `ownMask`) would apply.
  SmallVector<Value> checkedMasks(ArrayRef<Value> roots, Value ownMask);
  /// Emits `emit` twice under an scf.if on whether those masks are all true:
  /// first with them in `trueMasks`, so that their loads and stores are
  /// plain, then as written; returns the scf.if's results.
  FailureOr<SmallVector<Value>>
  withFullMasks(OpBuilder &b, Location loc, ArrayRef<Value> roots,
                Value ownMask,
                function_ref<FailureOr<SmallVector<Value>>(OpBuilder &)> emit);
  LogicalResult
  withFullMasksNoResults(OpBuilder &b, Location loc, ArrayRef<Value> roots,
                         Value ownMask,
                         function_ref<LogicalResult(OpBuilder &)> emit);
  /// `mask` unless it is known true in every lane here.
  Value effectiveMask(Value mask) {
    return mask && trueMasks.count(mask) ? Value() : mask;
  }

  // Chunks.
  /// The chunk of `tile` at `pos`; a null value for a null `tile` (an
  /// absent optional operand such as a mask).
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
  /// Tiles that live in memory (loop-carried tiles, reductions over rows,
  /// results of scf.if, reshape, cat, join, non-uniform constants): the
  /// address of their row-major storage.
  DenseMap<Value, Value> buffers;
  /// Pointer tiles a loop advances uniformly (its iteration arguments and
  /// results): their start tile, and the i64 number of elements added.
  DenseMap<Value, std::pair<Value, Value>> advancedPointers;
  /// Their advance per iteration (i64 elements), before the loop.
  DenseMap<Value, Value> advanceSteps;
  /// Results of split, gather and transposes of rank above 2
  /// (Restructure.cpp): the buffer of their source, which their chunks are
  /// read from through the op's index mapping.
  DenseMap<Value, Value> restructured;
  /// i1 tiles used as masks and read from no memory: a scalar that is true
  /// when every lane is (checkMaskAllTrue).
  DenseMap<Value, Value> maskAllTrue;
  /// Masks known true in every lane in the code being emitted.
  DenseSet<Value> trueMasks;
  /// Descriptors, by the value of their tile.make_desc.
  DenseMap<Value, MakeDescOp> descriptors;
  /// Every op of the kernel by its place in a pre-order walk, and the ops
  /// that write memory with theirs.
  DenseMap<Operation *, size_t> programOrder;
  SmallVector<std::pair<Operation *, size_t>> writes;
  /// Chunks already computed in the current loop body, by (tile, row, col,
  /// width).
  std::map<std::tuple<void *, void *, void *, int64_t>, Value> chunks;
  /// Strings made for printf so far (for unique global names).
  unsigned stringCount = 0;
  /// Constant tiles made globals so far (for unique global names).
  unsigned constantCount = 0;
};

} // namespace mlir::tile::tovector

#endif // TILE_CONVERSIONS_TILETOVECTOR_PROGRAMEMITTER_H
