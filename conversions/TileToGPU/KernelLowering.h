//===- KernelLowering.h - The GPU lowering's code generator ----*- C++ -*-===//
//
// Private to conversions/TileToGPU: the class that turns one tile.func into
// a gpu.func, shared by TileToGPU.cpp (program order, control flow, the
// pass), Evaluation.cpp (a tile's registers in a given layout), Collectives.cpp
// (reductions, scans, histograms, matrix products) and Sinks.cpp (stores,
// atomics, descriptors, print, assert).
//
// Tiles are evaluated on demand: asking for a tile in a layout emits its
// computation just before the marker its defining op left in the output, so
// the code dominates every later use and loop-invariant tiles stay outside
// loops. Ops whose result has a fixed place (loads, reductions, products,
// loop-carried tiles) are computed once in their own layout and moved to
// other layouts on request.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TILETOGPU_KERNELLOWERING_H
#define TILE_CONVERSIONS_TILETOGPU_KERNELLOWERING_H

#include "tile/Conversion/Common/ElementLowering.h"
#include "tile/Conversion/TileToGPU/Layout.h"
#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/IR/Tile.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include <map>

namespace mlir::tile::togpu {

/// What the lowering chose, per op of the source kernel: descriptions by
/// kind ("layout", "access", "product", "pipeline"), in the order found.
using LoweringDecisions =
    DenseMap<Operation *, SmallVector<std::pair<std::string, std::string>>>;

/// A tile as the threads hold it: one scalar per register of `layout`.
struct Distributed {
  Layout layout;
  SmallVector<Value> regs;
};

inline bool isTile(Value value) {
  return isa<RankedTensorType>(value.getType());
}

/// The type one element of a tile becomes: pointers are !llvm.ptr in their
/// address space (global = 1 when unspecified), f8 travels as its i8 bits.
Type lowerElementType(Type element);

/// `value` as `variable + constant` when built by non-wrapping additions of
/// constants (as register coordinates are), else `{value, 0}`.
std::pair<Value, int64_t> splitConstant(Value value);

/// Row-major linear index (i32) of `coords` in `shape`, its constant part
/// added last.
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                  ArrayRef<int64_t> shape);

/// How a product operand is staged in shared memory for a warpgroup
/// instruction: its 16-byte chunks run along `contiguousDim`. Rows of 128
/// bytes along it (a block of that dimension) follow each other along the
/// other dimension, the blocks one after the other; in each group of 8 rows
/// (1024 bytes, aligned) chunk c of row r sits at chunk c xor (r mod 8), so
/// that the 8 rows of a column of chunks fall in different banks (the 128-byte
/// swizzle). Tiles whose rows are shorter than 128 bytes use core matrices
/// instead: 8 rows of 16 bytes (128 contiguous bytes), following each other
/// along `contiguousDim`, then groups of 8 rows along the other one.
struct StagedOperand {
  SmallVector<int64_t, 2> shape;
  unsigned contiguousDim;
  int64_t elementBytes;

  unsigned otherDim() const { return 1 - contiguousDim; }
  int64_t perChunk() const { return 16 / elementBytes; }
  bool isSwizzled() const {
    return shape[contiguousDim] * elementBytes % 128 == 0;
  }
  /// Swizzled: bytes between blocks of 128-byte rows. Core matrices: bytes
  /// between groups of 8 rows.
  int64_t blockStride() const {
    return isSwizzled() ? shape[otherDim()] * 128
                        : shape[contiguousDim] / perChunk() * 128;
  }
  int64_t getBytes() const { return shape[0] * shape[1] * elementBytes; }
  /// Byte offset of the element `along` the chunks and `across` them.
  int64_t offset(int64_t along, int64_t across) const {
    int64_t chunk = along / perChunk(), inChunk = along % perChunk();
    if (!isSwizzled())
      return (across / 8) * blockStride() + (across % 8) * 16 + chunk * 128 +
             inChunk * elementBytes;
    return (chunk / 8) * blockStride() + (across / 8) * 1024 +
           (across % 8) * 128 + ((chunk % 8) ^ (across % 8)) * 16 +
           inChunk * elementBytes;
  }
  /// The operand of a product whose k dimension is `kDim`, at byte
  /// `offset` of the tile staged at `base`.
  SharedMatrixOperand operand(Value base, Value offset, unsigned kDim) const {
    bool kContiguous = contiguousDim == kDim;
    if (isSwizzled()) // k-major: no leading offset (a k step is in a row)
      return {base, offset,      kContiguous ? 16 : blockStride(),
              1024, kContiguous, 128};
    return {base,
            offset,
            kContiguous ? 128 : blockStride(),
            kContiguous ? blockStride() : 128,
            kContiguous,
            0};
  }
};

/// The layout asynchronous copies of `tile` are issued in: 16-byte vectors
/// along its rows (WarpgroupProducts.cpp says how lanes and warps follow).
Layout copyLayout(const StagedOperand &tile, unsigned warpSize,
                  unsigned numWarps);

/// A shared-memory byte address (i32) as a value and a constant added to
/// it, which an instruction can take as its address's immediate offset.
struct StagedAddress {
  Value value;
  int64_t offset = 0;
  Value withOffset(OpBuilder &b, Location loc) const {
    if (!offset)
      return value;
    return arith::AddIOp::create(
        b, loc, value,
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), offset),
        arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw);
  }
};

/// The address of the element at `coords` of `tile` placed at byte `base`
/// (i32): the coordinates' constant parts apart where they add. Each
/// register's copy then adds its constant in its instruction: LLVM hoists
/// `variable + constant` out of a loop per register otherwise, a register
/// each where one base serves them all.
StagedAddress stagedAddress(OpBuilder &b, Location loc,
                            const StagedOperand &tile, ArrayRef<Value> coords,
                            Value base);
/// The same as one value.
Value stagedOffset(OpBuilder &b, Location loc, const StagedOperand &tile,
                   ArrayRef<Value> coords, Value base);

/// A descriptor whose base, sizes and strides are kernel arguments
/// (`args`: indices, -1 where a constant of `values` stands instead), each
/// argument times its `scales` entry, as a tensor map needs: sizes (kind 0)
/// and strides (kind 1).
struct TensorMapSource {
  int64_t base;
  SmallVector<int64_t> args[2], values[2], scales[2];
};

/// `desc` as a tensor map's source: a block of one matrix (2-D, or with
/// leading dimensions of 1), base, sizes and strides
/// arguments, arguments times positive constants, or constants, the last
/// stride 1, the base and the other strides declared 16-byte aligned
/// (`tile.divisibility`); failure else.
FailureOr<TensorMapSource> getTensorMapSource(FuncOp kernel, MakeDescOp desc);

/// Whether `op` is in a sign guard's else-branch (tile-version-signs), the
/// cold version of its kernel. Cold versions get neither warpgroup products
/// nor tensor copies and stores: the NVIDIA pipeline moves them into a
/// function of their own (tile-outline-cold-versions), and ptxas serializes
/// a kernel's warpgroup products when one is issued across a call.
bool isInColdVersion(Operation *op);

/// Whether `load` may be copied by tensor copies: the target has them, and
/// it is an operand of a product on the target's warpgroup instruction
/// outside a cold version, in
/// the same body of a loop that writes no memory (else nothing is copied
/// ahead), its block's rows 128-byte multiples, at most 256.
bool isTensorCopyCandidate(DescLoadOp load, const GPUTargetHooks &hooks);

/// Whether `store` may be a tensor store: the target has tensor copies, it
/// is not in a cold version, the descriptor can be a tensor map, and its
/// block's rows are 128-byte multiples, at most 256 of them.
bool isTensorStoreCandidate(DescStoreOp store, const GPUTargetHooks &hooks);
/// The shared memory a tensor store may stage its block in at once.
int64_t getTensorStoreStagingBytes(const GPUTargetHooks &hooks);

/// The descriptor load a product's `operand` is, or is the transpose
/// (`transposed`) or the matrix (a reshape dropping the block's leading
/// 1s) of, each intermediate used once; null otherwise.
DescLoadOp getTensorCopySource(Value operand, bool &transposed);

/// Whether the memory `a` and `b` (pointers, pointer tiles or descriptors
/// of `kernel`) reach may overlap: unless they come from different
/// arguments, one of them `tile.noalias` (MemoryOrder.cpp).
bool mayAlias(FuncOp kernel, Value a, Value b);

/// Whether `op` or anything in it writes memory (loads cannot move across
/// it then).
bool writesMemory(Operation *op);

/// Rewrites the pointer loads of `kernel` that read blocks of a matrix, as
/// bound-masked rows * ld + columns, into descriptor loads where those are
/// tensor copies (PointerTensorCopies.cpp).
void rewritePointerTensorCopies(FuncOp kernel, const GPUTargetHooks &hooks);

/// Rewrites the descriptor accesses of `kernel` that will not be tensor
/// copies into masked pointer-tile loads and stores (Descriptors.cpp).
LogicalResult rewriteDescriptorAccesses(FuncOp kernel,
                                        const GPUTargetHooks &hooks);

class KernelLowering {
public:
  KernelLowering(FuncOp kernel, gpu::GPUFuncOp func,
                 const AxisInfoAnalysis &axis, const GPUTargetHooks &hooks,
                 unsigned numWarps, LLVM::GlobalOp sharedMemory,
                 LLVM::GlobalOp assertFlag)
      : kernel(kernel), func(func), axis(axis), hooks(hooks),
        numWarps(numWarps), warpSize(hooks.getWarpSize()),
        sharedMemory(sharedMemory), assertFlag(assertFlag) {}

  LogicalResult lower();
  /// Records the lowering's decisions into `log` (convert-tile-to-gpu's
  /// `annotate` mode).
  void setDecisionLog(LoweringDecisions *log) { decisions = log; }
  /// Shared-memory buffers a product whose operands are loaded through
  /// registers ahead of it may take (2, 1, or 0 for no such pipelining).
  void setStagingBuffers(int64_t count) { stagingBuffers = count; }
  /// Whether tensor copies may get a producer warp (WarpSpecialization.cpp).
  void setWarpSpecialization(bool allowed) { warpSpecialization = allowed; }
  /// Whether some product was pipelined through registers.
  bool usesRegisterStaging() const { return usedRegisterStaging; }
  /// Products of matrix instructions staged from registers (not pipelined)
  /// are staged and multiplied in `count` runs along k, each run's operands
  /// in the same shared memory: a k-th of the space, a barrier pair each.
  void setProductRuns(int64_t count) { productRuns = count; }
  /// Whether some product staged from registers could take twice the runs
  /// (each half the space).
  bool canStageInMoreRuns() const { return moreProductRuns; }
  /// Whether conversions through shared memory pad rows against bank
  /// conflicts (16 bytes per row of a multiple of 128); off only where the
  /// kernel does not fit otherwise.
  void setConversionPadding(bool pad) { padConversions = pad; }
  /// Conversions through shared memory may go in up to `parts` parts
  /// (a power of two), each through a scratch space that many times smaller.
  void setConversionParts(int64_t parts) { conversionParts = parts; }
  /// Shared memory a tensor store may stage its block in (0: the default
  /// budget, getTensorStoreStagingBytes); a block over it goes in parts.
  void setTensorStoreStaging(int64_t bytes) { storeStagingBytes = bytes; }
  /// The most bytes by which a tensor store's block exceeded its staging
  /// budget (0 where every block was staged whole).
  int64_t getTensorStoreShortfall() const { return storeShortfall; }
  /// Shared memory the kernel needs, in bytes.
  int64_t getSharedBytes() const { return sharedBytes; }
  /// The tensor maps the kernel takes after its arguments, in order: for
  /// each its element type, base argument, sizes and strides (argument
  /// indices, -1 for the constants in `*_values`), box, swizzle and fill.
  ArrayRef<DictionaryAttr> getTensorMaps() const { return tensorMaps; }
  /// Warps beyond `numWarps` the kernel launches with: a producer warp of a
  /// warp-specialized kernel (WarpSpecialization.cpp).
  unsigned getProducerWarps() const { return producerWarps; }

private:
  // Program order (TileToGPU.cpp).
  LogicalResult lowerBlock(Block &block, OpBuilder &b);
  LogicalResult lowerOp(Operation *op, OpBuilder &b);
  LogicalResult lowerScalarOp(Operation *op, OpBuilder &b);
  LogicalResult lowerFor(scf::ForOp op, OpBuilder &b);
  LogicalResult lowerIf(scf::IfOp op, OpBuilder &b);
  LogicalResult lowerWhile(scf::WhileOp op, OpBuilder &b);
  /// Loop-carried and branch-yielded values: tiles as the registers of their
  /// layout, scalars as themselves, flattened in order.
  FailureOr<SmallVector<Value>> lowerCarried(ValueRange values,
                                             ArrayRef<Layout> layouts);
  SmallVector<Type> carriedTypes(ValueRange values, ArrayRef<Layout> layouts);
  /// Maps `oldValues` to the flattened `newValues`; tiles become
  /// materialized, their conversions emitted before `ready`.
  void mapCarried(ValueRange oldValues, ArrayRef<Layout> layouts,
                  ValueRange newValues, Operation *ready);

  // Program order across threads (MemoryOrder.cpp).
  /// Marks the place before `op` (a memory access or a loop) where a barrier
  /// may go.
  void addOrderPoint(Operation *op, OpBuilder &b);
  /// Notes that `op` accessed memory in `layout`.
  void recordAccess(Operation *op, const Layout &layout);
  /// Adds a decision about `op` to the log, if one is kept.
  void noteDecision(Operation *op, StringRef kind, const std::string &text);
  /// Logs the layouts every tile was computed in, and accesses issued in.
  void noteLayouts();
  /// Puts the barriers program order needs at the order points, then
  /// removes the points.
  void orderMemoryAccesses();

  // Evaluation (Evaluation.cpp).
  /// The registers of `tile` in `layout`; empty for a null `tile`.
  FailureOr<SmallVector<Value>> at(Value tile, const Layout &layout);
  FailureOr<SmallVector<Value>> compute(OpBuilder &b, Value tile,
                                        const Layout &layout);
  /// The tile an op with a fixed result place computes, in its own layout.
  FailureOr<Distributed> materialize(Value tile);
  /// A tile computed before the loop being lowered, where it stands: in its
  /// op's own layout if it has one, else in `preferred`.
  FailureOr<Distributed> materializeInvariant(Value value,
                                              const Layout &preferred);
  FailureOr<Distributed> computeMaterialized(OpBuilder &b, Value tile);
  /// `value` moved to `layout`: by renaming registers when the same threads
  /// hold the same elements, through shared memory otherwise.
  FailureOr<SmallVector<Value>> convert(OpBuilder &b, Location loc,
                                        const Distributed &value,
                                        const Layout &layout);
  /// `value` moved to `layout` through shared memory: its first copies
  /// write, every thread reads (this also gives every copy of an element
  /// the first copy's value).
  FailureOr<SmallVector<Value>> convertThroughShared(OpBuilder &b, Location loc,
                                                     const Distributed &value,
                                                     const Layout &layout);
  /// The scratch bytes convertThroughShared takes for a tile of `shape`
  /// whose elements lower to `type`.
  int64_t getConversionBytes(ArrayRef<int64_t> shape, Type type) const;
  /// The scratch bytes convertThroughShared takes from `from` to `to`
  /// (less than the whole tile's where it goes in parts).
  int64_t getConversionBytes(const Layout &from, const Layout &to,
                             Type type) const;
  /// An element's index in shared memory, from the register number and
  /// coordinates (i32) of a layout.
  using SharedIndexFn =
      function_ref<Value(OpBuilder &, int64_t, ArrayRef<Value>)>;
  struct SharedWrite {
    const Distributed *value;
    SharedIndexFn index;
    /// Registers written as one vector: `index` of a multiple of `run` is
    /// aligned to `run` elements and the run's elements follow it.
    int64_t run = 1;
    /// The registers written (null: all).
    function_ref<bool(int64_t)> only = nullptr;
  };
  /// Moves elements between layouts through shared memory: the first copies
  /// of each written tile store their elements at `index`, then every thread
  /// reads each register of `layout` from `readIndex` (`readRun` registers
  /// at a time, as for a write's `run`). The scratch space holds
  /// `numElements`. With `readOnly`, only the registers it accepts are read
  /// (the others are null in the result).
  SmallVector<Value> exchangeThroughShared(
      OpBuilder &b, Location loc, ArrayRef<SharedWrite> writes,
      int64_t numElements, const Layout &layout, SharedIndexFn readIndex,
      int64_t readRun = 1, function_ref<bool(int64_t)> readOnly = nullptr);
  /// cat, join and gather in `layout`: their sources go through shared
  /// memory (Restructure.cpp).
  FailureOr<SmallVector<Value>> restructure(OpBuilder &b, Value tile,
                                            const Layout &layout);
  /// The layout the computation of `tile` is cheapest in; that of
  /// `fallback` (then the blocked layout of its shape) when nothing in its
  /// computation prefers one.
  Layout preferredLayout(Value tile, Value fallback = {});
  std::optional<Layout> findPreferredLayout(Value tile, unsigned depth);
  /// The layout of an access through the pointer tile `ptrs` (the widest
  /// contiguous per-thread vector the axis analysis proves). With
  /// `everyThread`, the vector is narrowed until the tile reaches every
  /// thread of the program, as a register access wants; a staging copy into
  /// shared memory keeps its widest vector instead.
  Layout accessLayout(Value ptrs, int64_t *vector = nullptr,
                      bool everyThread = true);
  Layout defaultLayout(ArrayRef<int64_t> shape);
  /// `op` in `layout`, `vector` consecutive elements per access where the
  /// layout and the pointers allow; with `only` (i1), elements are read
  /// only where it holds too (zero elsewhere).
  FailureOr<Distributed> loadTile(OpBuilder &b, LoadOp op, const Layout &layout,
                                  int64_t vector, Value only = {});
  /// A scalar pointer every thread holds alike from which the pointer tile
  /// `ptrs` is reached by offsets (a splat pointer, offset by addptr and
  /// moved by broadcasts, or advanced by a loop), emitted at `b`; null if
  /// there is none.
  Value uniformBase(OpBuilder &b, Location loc, Value ptrs);
  /// `count` elements at `ptr` where `predicate` holds, else `others` (zero
  /// when empty), by the target's branch-free masked load from `base`;
  /// empty where the target has none.
  SmallVector<Value> maskedLoad(OpBuilder &b, Location loc, Value base,
                                Value predicate, Value ptr, Type element,
                                int64_t count, int64_t align,
                                ArrayRef<Value> others);
  /// Whether `op`'s result is computed once in a layout of its own.
  bool hasFixedLayout(Operation *op);
  /// An i1: whether `ptr` is a multiple of `bytes`.
  Value isAligned(OpBuilder &b, Location loc, Value ptr, int64_t bytes);
  FailureOr<Distributed> descLoadTile(OpBuilder &b, DescLoadOp op);
  /// The registers of the non-uniform constant `dense` in `layout`.
  SmallVector<Value> constantTile(OpBuilder &b, Location loc,
                                  DenseElementsAttr dense,
                                  const Layout &layout);
  /// The f8 scalar `bits` of type `f8` as an f32: the target's conversion
  /// instruction where it has one, else the shared software decoding.
  Value widenF8(OpBuilder &b, Location loc, Value bits, Type f8);
  /// One element-level op (arith, math, or a tile elementwise op) applied to
  /// the scalars `operands`; `resultNumber` picks the result (philox words).
  FailureOr<Value> lowerElementwise(OpBuilder &b, Operation *op,
                                    ValueRange operands, unsigned resultNumber);
  /// The op before which code using the registers of `tile` may go.
  Operation *readyPoint(Value tile);
  /// The dimension along which a thread's first registers of `layout` run
  /// (its accesses' vectors): that of its first register basis if a unit
  /// step, else the last.
  unsigned runDimension(const Layout &layout);
  /// Elements per thread-contiguous group of `layout` along its fastest
  /// dimension (the vector width of its accesses).
  int64_t vectorWidth(const Layout &layout, int64_t limit);

  // Collectives (Collectives.cpp).
  FailureOr<SmallVector<Distributed>> lowerReduce(OpBuilder &b, ReduceOp op);
  FailureOr<SmallVector<Distributed>> lowerScan(OpBuilder &b, ScanOp op);
  FailureOr<Distributed> lowerHistogram(OpBuilder &b, HistogramOp op);
  FailureOr<Distributed> lowerDot(OpBuilder &b, DotOp op);
  /// The product on the target's matrix instruction: operands staged in
  /// shared memory, fragments loaded per warp, accumulators in registers.
  /// A product's operands and accumulator in the layouts it uses.
  struct DotOperands {
    Distributed a, b, acc;
    bool valid = false;
  };
  DotOperands dotOperands(DotOp op);
  FailureOr<Distributed> lowerMatrixDot(OpBuilder &b, DotOp op,
                                        const MatrixInstruction &instruction,
                                        const DotOperands &operands);
  /// Where a product on a matrix instruction keeps its operands in shared
  /// memory: A row-major, B row-major or k-contiguous, rows padded by 16
  /// bytes.
  struct MatrixStaging {
    int64_t elementBytes;
    /// Set when f8 operands are widened to this type (f16) as they are
    /// read from their copies, for a 16-bit instruction
    /// (widenedMatrixInput).
    Type widened;
    Type operandElements[2];
    /// Elements per staged row of A and of B.
    int64_t aStride, bStride;
    /// Whether B's rows run along k (element (k, n) at n * bStride + k).
    bool bKContiguous;
    /// Bytes of each operand's copy (multiples of 16).
    int64_t aBytes, bBytes;
    /// The part of k staged at once: [kBegin, kBegin + k).
    int64_t kBegin = 0, k;
  };
  /// The staging of `op`'s operands, B held in `bLayout` before it; `k`
  /// of k at once if given (a run of lowerMatrixDot).
  MatrixStaging planMatrixStaging(DotOp op,
                                  const MatrixInstruction &instruction,
                                  const Layout &bLayout, int64_t k = 0);
  /// Writes operand `operand` (0: A, 1: B) of a product staged as `staging`
  /// to shared memory at byte `base` (i32).
  void stageMatrixOperand(OpBuilder &b, Location loc,
                          const MatrixStaging &staging, unsigned operand,
                          const Distributed &value, Value base);
  /// The f8 pair `pair` (i16, first element low) of operand `operand` as
  /// the i32 of two 16-bit values `staging.widened` that the instruction
  /// takes.
  Value widenPair(OpBuilder &b, Location loc, const MatrixStaging &staging,
                  unsigned operand, Value pair);
  /// The products of `op` on `instruction`, its operands staged as
  /// `staging` at the i32 byte offsets `aBase` and `bBase`, added to `acc`
  /// (dotLayout's registers); the new accumulators, empty if the target
  /// emitted nothing.
  SmallVector<Value> issueStagedProducts(OpBuilder &b, Location loc, DotOp op,
                                         const MatrixInstruction &instruction,
                                         const MatrixStaging &staging,
                                         Value aBase, Value bBase,
                                         ArrayRef<Value> acc);
  /// Whether the target loads `instruction`'s fragments of `bytes`-byte
  /// elements as whole 8 x 8 matrices from shared memory (ldmatrix).
  bool hasMatrixFragmentLoads(const MatrixInstruction &instruction,
                              int64_t bytes) const;
  /// A product operand's copy in shared memory: the dimension its 16-byte
  /// rows run along, and the address (a shared pointer) of the element at
  /// (row, column) of the operand.
  struct OperandCopy {
    unsigned contiguousDim;
    std::function<Value(OpBuilder &, Value, Value)> addressOf;
  };
  /// The products of a `cType` result with reduction length `k` on
  /// `instruction`, operands loaded from their copies as whole matrices
  /// (hasMatrixFragmentLoads), added to `acc` (dotLayout's registers);
  /// returns the new accumulators, empty if the target emitted nothing.
  SmallVector<Value> issueMatrixProducts(OpBuilder &b, Location loc,
                                         const MatrixInstruction &instruction,
                                         DotOp op, int64_t k,
                                         const OperandCopy &aCopy,
                                         const OperandCopy &bCopy,
                                         ArrayRef<Value> acc);
  /// The target's matrix instruction for `op`, if it has one that fits.
  std::optional<MatrixInstruction> matrixInstruction(DotOp op);
  /// f16 when `op`'s operands are f8 and the chip has no f8 matrix
  /// instruction: both f8 formats widen to f16 exactly, so the products are
  /// those of a 16-bit instruction on the widened values; null otherwise.
  Type widenedMatrixInput(DotOp op);
  /// Warps along the rows and columns of `op`'s output.
  std::pair<int64_t, int64_t> dotWarps(DotOp op,
                                       const MatrixInstruction &instruction);
  /// Whether `op`'s rows stay whole in each warp (dotWarps): its result is
  /// reduced along its rows or becomes another product's A through
  /// elementwise ops, or its A comes so from another product.
  bool keepsRowsWhole(DotOp op);
  DenseMap<Operation *, bool> rowWiseProducts;
  /// The layout of `op`'s accumulators.
  Layout dotLayout(DotOp op);
  /// The byte offset (i32) of element (row, col) of a row-major matrix with
  /// `rowStride` elements per row at byte `base` of shared memory.
  Value sharedOffset(OpBuilder &b, Location loc, Value row, int64_t rowStride,
                     Value col, int64_t bytes, int64_t base);
  /// Writes a 2-D operand held in `layout` to shared memory at byte `base`
  /// (i32), row-major with `rowStride` elements per row (transposed: element
  /// (i, j) goes to row j), each element once.
  /// With `kRange` (dimension, begin, size), only the elements whose
  /// coordinate along that dimension is in the range, at that coordinate
  /// less `begin`.
  struct StagedRange {
    unsigned dim;
    int64_t begin, size;
  };
  void stageMatrix(OpBuilder &b, Location loc, const Layout &layout,
                   ArrayRef<Value> regs, Value base, int64_t rowStride,
                   int64_t bytes, bool transposed,
                   std::optional<StagedRange> kRange = std::nullopt);
  /// For register `r` of `layout` (the first of `run` along the range's
  /// dimension), staged only where its coordinate is in `range`: false if it
  /// is outside it in every thread; else true, with `b` inside a check of
  /// `coordinate` where only some threads have it in the range, and
  /// `coordinate` replaced by itself less the range's start.
  bool enterStagedRange(OpBuilder &b, Location loc, const Layout &layout,
                        int64_t r, int64_t run, const StagedRange &range,
                        Value &coordinate);
  // Warpgroup products (WarpgroupProducts.cpp, Pipelining.cpp).
  std::optional<WarpgroupInstruction> warpgroupInstruction(DotOp op);
  Layout warpgroupLayout(RankedTensorType type,
                         const WarpgroupInstruction &instruction);
  FailureOr<Distributed>
  lowerWarpgroupDot(OpBuilder &b, DotOp op,
                    const WarpgroupInstruction &instruction);
  /// Writes `value` (a matrix, or a block of one with leading unit
  /// dimensions) to shared memory at byte `base` (i32) as `tile`; with
  /// `range`, only the elements whose coordinate along `range->dim` (of the
  /// matrix) is in it, where `tile` puts them.
  void stageOperand(OpBuilder &b, Location loc, const Distributed &value,
                    const StagedOperand &tile, Value base,
                    std::optional<StagedRange> range = std::nullopt);
  /// Moves a tile staged as `from` at byte `fromBase` to `toBase`, staged as
  /// `to` (the same shape, its chunks along the other dimension), through
  /// registers; fails if the threads cannot each take a whole word of `to`.
  LogicalResult restageOperand(OpBuilder &b, Location loc,
                               const StagedOperand &from, Value fromBase,
                               const StagedOperand &to, Value toBase);
  /// Issues the products of operands in shared memory at the i32 addresses
  /// `aBase` and `bBase`, staged as `aTile` and `bTile` (A from
  /// `aRegisters` instead, if given: i32 pairs in the order of
  /// `warpgroupLayout` over A); returns the accumulators they will write,
  /// usable after the target's `emitWarpgroupWait` (empty if the target
  /// emitted nothing).
  SmallVector<Value> issueWarpgroupProducts(
      OpBuilder &b, Location loc, const WarpgroupInstruction &instruction,
      Value aBase, const StagedOperand &aTile, Value bBase,
      const StagedOperand &bTile, ArrayRef<Value> acc,
      ArrayRef<Value> aRegisters = {}, int64_t kBegin = 0, int64_t kEnd = -1);
  /// The products over all k of the tiles, as issueWarpgroupProducts: one
  /// chain into `acc`, or, for an instruction with bounded partial sums
  /// (`partialSumK`), one chain from zero per run of that many k, each but
  /// the last waited for and added into `sums` once the next is issued (a
  /// group of warpgroup instructions per run). `pending` is the
  /// last chain, still running (empty if the target emitted nothing);
  /// finishWarpgroupProducts completes the sum.
  struct WarpgroupChains {
    SmallVector<Value> sums, pending;
  };
  WarpgroupChains issueWarpgroupChains(OpBuilder &b, Location loc,
                                       const WarpgroupInstruction &instruction,
                                       Value aBase, const StagedOperand &aTile,
                                       Value bBase, const StagedOperand &bTile,
                                       ArrayRef<Value> acc,
                                       ArrayRef<Value> aRegisters = {});
  SmallVector<Value>
  finishWarpgroupProducts(OpBuilder &b, Location loc,
                          const WarpgroupInstruction &instruction,
                          WarpgroupChains chains);
  /// A product in a loop whose operands are loads the loop can start
  /// iterations ahead (see Pipelining.cpp).
  struct PipelinePlan {
    scf::ForOp loop, lowered;
    /// Per operand, a pointer load copied 16 bytes per thread (the
    /// operand is the load or, if `transposed`, its 2-D transpose), a
    /// descriptor load copied by tensor copies (the target's TMA), or
    /// neither: a value the loop computes, stored from registers in
    /// `stagedLayouts` each iteration, or once before the loop if it is
    /// `invariant` (computed before it, in a layout of its own).
    LoadOp loads[2];
    bool transposed[2] = {false, false};
    /// A copied operand that the instruction reads k-contiguous but whose
    /// copies run across k (an f8 B stored [K, N] for wgmma): each
    /// iteration moves it from its stage into a k-major buffer of its own.
    bool restaged[2] = {false, false};
    bool invariant[2] = {false, false};
    /// Through registers, for a value the loop computes from one load
    /// through ops without a place of their own (a conversion, a scale, a
    /// transpose: an e4m3 cache read as bf16): that load, which is loaded an
    /// iteration ahead into registers; the value is computed from it and
    /// stored into the next iteration's buffer at the end of each iteration.
    LoadOp prefetched[2];
    DescLoadOp descLoads[2];
    Layout stagedLayouts[2];
    StagedOperand tiles[2];
    int64_t stages;
    /// Whether the loads go through registers (a target without
    /// asynchronous copies; lowerRegisterPipelinedDot) rather than straight
    /// to shared memory.
    bool throughRegisters = false;
    /// If the products may run on into the next iteration: the loop result
    /// carrying their accumulators.
    std::optional<unsigned> resultInFlight;
    /// Scalar ops of the loop body the loads' pointers and masks use, in
    /// order.
    SmallVector<Operation *> scalarOps;
  };
  std::optional<PipelinePlan> planPipeline(DotOp op);
  /// What a pipelined product issues: a warpgroup instruction (whose
  /// products may run on into the next iteration), or each warp's matrix
  /// instruction on fragments loaded as whole matrices.
  struct PipelinedInstruction {
    const WarpgroupInstruction *warpgroup = nullptr;
    const MatrixInstruction *matrix = nullptr;
  };
  FailureOr<Distributed> lowerPipelinedDot(OpBuilder &b, DotOp op,
                                           PipelinedInstruction instruction,
                                           const PipelinePlan &plan);

  // Warp specialization (WarpSpecialization.cpp).
  /// Whether the tensor copies of `plan`'s loop, producing `op`'s operands,
  /// may be issued by a producer warp of their own: the loop runs at most
  /// once per program (inside nothing but scf.if), and its bounds, the
  /// conditions around it and the copies' offsets are scalars the producer
  /// can compute again from the kernel's arguments and program ids.
  bool canSpecializeWarps(const PipelinePlan &plan, DotOp op);
  /// Whether a producer warp issues all of `op`'s copies: every operand
  /// comes by tensor copies, from registers (A) or from a buffer staged
  /// before the loop, and canSpecializeWarps holds.
  bool isFedByProducer(const PipelinePlan &plan, DotOp op,
                       const WarpgroupInstruction &instruction);
  /// Schedules `loop`'s specialized products before its body is lowered
  /// (the block argument's users are lowered lazily, so the decisions come
  /// first): which results may still be computing when the next iteration
  /// starts, and whether the consumer warpgroups take turns.
  void scheduleSpecializedLoop(scf::ForOp loop);
  /// A product whose result the loop carries only to the next iteration
  /// and that is not its own accumulator chain (flash attention's P x V:
  /// its next users come after the next S = Q x K^T and the softmax) stays
  /// in flight across the back edge; its block argument is waited for
  /// before its first user, which comes before the product.
  DenseSet<Operation *> carriedProducts;
  DenseMap<Operation *, SmallVector<Value>> carriedWaits;
  void waitForCarriedProducts(Operation *firstUser);
  /// Any other product of such a loop is waited for where its result is
  /// first used, leaving in flight the groups of the products issued in
  /// between (a skewed flash attention loop issues P x V of the previous
  /// iteration after S and waits for S with one group in flight).
  struct DeferredWait {
    Operation *user;
    unsigned pending;
  };
  DenseMap<Operation *, DeferredWait> deferredWaits;
  /// `op`'s products, issued as `pending`, committed here and waited for
  /// at their first user, where `release` then runs; the waited registers,
  /// or nothing if `op` is waited for where it is issued.
  std::optional<SmallVector<Value>>
  waitWhereUsed(OpBuilder &b, Location loc, DotOp op, ArrayRef<Value> pending,
                function_ref<void(OpBuilder &)> release);
  /// Two consumer warpgroups whose loop issues several products take turns
  /// issuing them (FlashAttention-3's ping-pong): a warpgroup's turn runs
  /// from the issue of the body's last product to that of its first product
  /// in the next iteration, so that the other's softmax (or whatever lies
  /// between) overlaps them. Named barriers 2 and 3, one per warpgroup.
  struct ProductTurns {
    Operation *first, *last;
    int64_t warpsPerGroup;
    SmallVector<Operation *> barriers;
    /// Whether a turn runs from the first product to the last within an
    /// iteration (the last does not need the first: a loop skewed by
    /// tile-skew-products) rather than from the last to the next first.
    bool withinIteration = false;
  };
  DenseMap<Operation *, ProductTurns> productTurns;
  /// The turn's barrier before `op`'s products are issued (true) or after.
  void emitProductTurn(OpBuilder &b, Location loc, DotOp op, bool before);
  /// After `loop` is lowered: the turns set up around it, or dropped if
  /// its body needs a barrier of all consumers (it could wait for a
  /// warpgroup waiting for its turn).
  void finishProductTurns(scf::ForOp loop, scf::ForOp lowered);
  /// The stages of a loop a producer warp fills: its barriers (`stages`
  /// full ones at byte `barriers` of the pipeline region, then as many
  /// empty ones) and the count of its iterations over all runs of the loop
  /// (an i32 in memory, which the producer and the consumers each keep).
  struct ProducerRing {
    int64_t barriers, stages;
    /// Whether the loop is inside no other loop.
    bool runsOnce;
    Value counter;
    /// The count before this run of the loop (the consumers').
    Value startCount;
  };
  /// Sets up `lowered`'s ring: the counter and barriers at the kernel's
  /// entry, the start count at `before`.
  ProducerRing setUpProducerRing(OpBuilder &before, Location loc,
                                 Operation *lowered, int64_t barriers,
                                 int64_t stages);
  /// The i32 shared address of the full (or empty) barrier of `stage`.
  Value ringBarrier(OpBuilder &b, Location loc, const ProducerRing &ring,
                    Value stage, bool empty);
  /// The consumers' count of this iteration, counted.
  Value countIteration(OpBuilder &b, Location loc, const ProducerRing &ring);
  /// The producer's block for this iteration: its count, a wait until the
  /// stage is free, the stage's bytes announced, then `issue` (the copies
  /// into the stage, completing on its full barrier).
  void emitProducerStage(
      OpBuilder &b, Location loc, const ProducerRing &ring, int64_t bytes,
      function_ref<void(OpBuilder &, Value stage, Value full)> issue);
  /// Each consumer warp's arrival (if `condition`, when given) on the
  /// empty barrier of the stage of iteration `index` (counted).
  void releaseStage(OpBuilder &b, Location loc, const ProducerRing &ring,
                    Value index, Value condition);
  /// After the loop and its products: the last stage released if its
  /// products ran on; the barriers of a loop that runs once invalidated.
  void finishProducerRing(OpBuilder &b, Location loc, const ProducerRing &ring,
                          bool lastInFlight);
  /// An i1 true in the producer warp's first lane only.
  Value isProducerThread(OpBuilder &b, Location loc);
  /// Splits the lowered kernel into the producer warp, running the loops
  /// around the producer blocks with only those blocks in them, and the
  /// consumer warps, running the rest, whose block barriers exclude the
  /// producer's warp.
  LogicalResult specializeWarps();
  /// Whether `point` (a marker; null: unknown) comes after every loop a
  /// producer warp feeds, in program order.
  bool isAfterSpecializedLoops(Operation *point) const;
  /// The blocks (scf.if on isProducerThread) that issue a stage's copies,
  /// left in the consumers' loops until specializeWarps moves them.
  SmallVector<scf::IfOp> producerBlocks;
  unsigned producerWarps = 0;
  /// The registers per consumer thread the specialized loops need, by
  /// their products' accumulators (canSpecializeWarps).
  int64_t consumerRegisters = 0;
  bool warpSpecialization = true;
  /// Whether the kernel has tile.desc_store ops (TMA stores).
  bool hasTensorStores = false;
  /// Computes `dot`'s operands that come from a load (`plan.prefetched`)
  /// for the iteration where the induction variable is `iteration` (the
  /// advanced pointers `advance` steps further, or from their start),
  /// loading nothing past `upper`, and hands each to `store`.
  LogicalResult
  stagePrefetched(OpBuilder &b, Location loc, DotOp dot,
                  const PipelinePlan &plan, Value iteration, Value upper,
                  Value advance, bool fromStart,
                  function_ref<void(unsigned, const Distributed &)> store);
  /// stagePrefetched in two steps, so that the loads are issued well before
  /// their values are needed: the loads into `loaded`...
  LogicalResult loadPrefetched(OpBuilder &b, Location loc,
                               const PipelinePlan &plan, Value iteration,
                               Value upper, Value advance, bool fromStart,
                               std::optional<Distributed> (&loaded)[2]);
  /// ...and, later, the operands computed from them, handed to `store`.
  LogicalResult
  storePrefetched(OpBuilder &b, Location loc, DotOp dot,
                  const PipelinePlan &plan,
                  const std::optional<Distributed> (&loaded)[2],
                  Value iteration, Value advance, bool fromStart,
                  function_ref<void(unsigned, const Distributed &)> store);
  /// One 16-byte copy of a pipelined load, computed but not yet issued:
  /// by threads where `active` holds (all if null), from `ptr` to the i32
  /// shared address `shared` if `read`, else zeros; if `whole` is false
  /// (null: never), element by element instead, taking those where all of
  /// `takeElements` hold.
  struct PendingCopy {
    Value active;
    StagedAddress shared;
    Value ptr, read, whole;
    SmallVector<SmallVector<Value, 2>> takeElements;
    Type element;
    int64_t elementBytes;
  };
  void issueCopies(OpBuilder &b, Location loc, ArrayRef<PendingCopy> copies);
  /// Computes the asynchronous copies of operand `operand`'s load for the
  /// iteration where the induction variable is `iteration`, into `buffer`
  /// (i32 byte offset); the advanced pointers move `advance` (i64) steps
  /// beyond where they are now, or beyond their start if `fromStart`.
  /// `valid` (i1) false makes the copies read nothing.
  LogicalResult startCopies(OpBuilder &b, Location loc,
                            const PipelinePlan &plan, unsigned operand,
                            Value iteration, Value advance, bool fromStart,
                            Value valid, Value buffer,
                            SmallVector<PendingCopy> &copies);
  /// A product on a matrix instruction in a loop whose operands are loads
  /// the loop can start an iteration ahead, on a target without
  /// asynchronous copies: the next iteration's loads go to registers before
  /// the products, then to shared memory (see Pipelining.cpp).
  FailureOr<Distributed>
  lowerRegisterPipelinedDot(OpBuilder &b, DotOp op,
                            const MatrixInstruction &instruction,
                            const PipelinePlan &plan);
  /// `scalars` with the loop body's scalars the plan repeats redone at `b`
  /// for the iteration where the induction variable is `iteration`.
  IRMapping shiftScalars(OpBuilder &b, const PipelinePlan &plan,
                         Value iteration);
  /// Starts the tensor copies of operand `operand`'s descriptor load for
  /// the iteration whose scalars `shifted` maps, into `buffer` (i32 shared
  /// address), completing on `barrier`.
  void startTensorCopies(OpBuilder &b, Location loc, const PipelinePlan &plan,
                         unsigned operand, const IRMapping &shifted,
                         Value buffer, Value barrier);
  /// The kernel parameter holding the tensor map of `desc`, added on first
  /// use; failure if `desc` cannot be one (getTensorMapSource).
  FailureOr<Value> tensorMapFor(MakeDescOp desc);
  /// The i32 byte offset where the buffers of pipelined loads start, after
  /// the scratch space (known once the whole kernel is lowered).
  Value pipelineBase(OpBuilder &b, Location loc);

  FailureOr<SmallVector<Value>> combine(OpBuilder &b, Region &combiner,
                                        ValueRange lhs, ValueRange rhs);
  /// Exchanges `value` with the lane `offset` away (xor or up).
  Value shuffle(OpBuilder &b, Location loc, Value value, unsigned offset,
                gpu::ShuffleMode mode);
  /// The same with the offset (or, for IDX, the source lane) as a value.
  Value shuffle(OpBuilder &b, Location loc, Value value, Value offset,
                gpu::ShuffleMode mode);

  // Sinks (Sinks.cpp).
  LogicalResult lowerStore(StoreOp op, OpBuilder &b);
  /// A descriptor store kept by rewriteDescriptorAccesses: the block staged
  /// in the scratch space as the tensor map's box lays it out, then written
  /// by thread 0's tensor stores.
  LogicalResult lowerTensorStore(DescStoreOp op, OpBuilder &b);
  /// An atomic_rmw or atomic_cas; `result` gets the old values.
  LogicalResult lowerAtomic(OpBuilder &b, Operation *op, Distributed *result);
  /// One update of `op` (atomic_rmw or atomic_cas) at `ptr` where `active`
  /// holds (always when null); its old value, zero where `active` is false.
  Value emitAtomicUpdate(OpBuilder &b, Operation *op, Value active, Value ptr,
                         Value value, Value cmp);
  /// The fence before (or after) the updates of `op` where the target drops
  /// atomic orderings (GPUTargetHooks::dropsAtomicOrdering).
  void fenceAtomic(OpBuilder &b, Operation *op, bool before);
  /// An atomic on a scalar pointer: one update, by thread 0; its old value,
  /// when used, reaches every thread through shared memory.
  LogicalResult lowerScalarAtomic(Operation *op, OpBuilder &b);
  LogicalResult lowerPrint(PrintOp op, OpBuilder &b);
  LogicalResult lowerAssert(AssertOp op, OpBuilder &b);
  /// For descriptor blocks: per register, the address and in-bounds flag.
  LogicalResult descAddresses(OpBuilder &b, Location loc, MakeDescOp desc,
                              ValueRange offsets, const Layout &layout,
                              SmallVector<Value> &ptrs,
                              SmallVector<Value> &inBounds);

  // Thread geometry and shared memory (Evaluation.cpp).
  /// The coordinates (i32) of every register of `layout` in this thread.
  SmallVector<SmallVector<Value, 2>> coordinates(OpBuilder &b, Location loc,
                                                 const Layout &layout);
  /// Whether this thread holds the first copy of its elements of `layout`
  /// (an i1; stores and atomics are done by first copies only).
  Value isFirstCopyThread(OpBuilder &b, Location loc, const Layout &layout);
  /// The address of byte `offset` (i32) of the shared scratch array.
  Value sharedAddress(OpBuilder &b, Location loc, Value offset);
  /// That address as an i32 (asynchronous copies and matrix descriptors
  /// take shared addresses so).
  Value sharedAddressI32(OpBuilder &b, Location loc, Value offset) {
    return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(),
                                    sharedAddress(b, loc, offset));
  }
  /// Notes that code emitted at `b` uses the first `bytes` of the scratch
  /// space (after a barrier: every user of it starts with one), and waits
  /// there for tensor stores still reading it.
  void reserveShared(OpBuilder &b, int64_t bytes) {
    sharedBytes = std::max(sharedBytes, bytes);
    awaitTensorStoreReads(b, b.getUnknownLoc());
    // Where, in program order, for warp specialization's placement.
    Operation *point = nullptr;
    if (hooks.hasTensorCopy()) {
      point = UnrealizedConversionCastOp::create(b, b.getUnknownLoc(),
                                                 TypeRange{}, ValueRange{});
      extraMarkers.push_back(point);
    }
    scratchUses.push_back({b.getInsertionBlock(), bytes, point});
  }
  /// The scratch space used inside the lowered loops whose pipelines keep
  /// buffers (and in `loop` if given): the buffers go after it. Outside
  /// those loops the scratch space may overlap the buffers.
  int64_t scratchBytesInPipelinedLoops(Operation *loop = nullptr) const;
  /// A tensor store's staging block (scratch space) is read by the copy
  /// engine after the store is issued; its thread waits for that where the
  /// space is next written (a scratch user, a pipeline prologue whose
  /// buffers it may overlap) or the kernel ends, not right after the store,
  /// so that the store overlaps what comes between (a persistent program's
  /// next tile). Emitted before the barrier the next writer starts with; in
  /// kernels without tensor stores, nothing.
  void awaitTensorStoreReads(OpBuilder &b, Location loc) {
    if (hasTensorStores)
      hooks.emitTensorStoreWait(b, loc, /*written=*/false);
  }
  Value constI32(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), value);
  }
  void barrier(OpBuilder &b, Location loc) { gpu::BarrierOp::create(b, loc); }
  /// The warp index in a form the target's compiler knows to be the same
  /// across a warp (for the warpgroup products' matrix descriptors).
  Value getUniformWarpId();
  /// An i1 that is true in thread 0 of the block only.
  Value isThreadZero(OpBuilder &b, Location loc);

  InFlightDiagnostic unsupported(Operation *op, const Twine &why) {
    return op->emitOpError("cannot be lowered by the GPU target: ") << why;
  }

  FuncOp kernel;
  gpu::GPUFuncOp func;
  const AxisInfoAnalysis &axis;
  const GPUTargetHooks &hooks;
  unsigned numWarps, warpSize;
  LLVM::GlobalOp sharedMemory, assertFlag;
  Value threadId, laneId, warpId; // i32, computed at the kernel's entry
  /// The warp index read from lane 0 where the target asks for it
  /// (GPUTargetHooks::shuffleWarpIndex), created on first use.
  Value uniformWarpId;
  /// Code that only depends on the thread goes before this, in the entry.
  Operation *entryMarker = nullptr;
  std::map<std::string, SmallVector<Value, 2>> threadBases;
  int64_t sharedBytes = 0;
  /// Globals made for non-uniform constant tiles so far (for unique names).
  unsigned numConstants = 0;
  IRMapping scalars;
  /// Whether any op of the kernel writes memory.
  bool writesAnyMemory = false;
  /// Per memory access and loop, the place a barrier before it goes.
  DenseMap<Operation *, Operation *> orderPoints;
  /// Per tile memory access, the layouts it was emitted in.
  DenseMap<Operation *, SmallVector<Layout, 1>> accessLayouts;
  /// Where the lazily emitted code of each op's results goes: before this.
  DenseMap<Operation *, Operation *> markers;
  DenseMap<Value, Distributed> materialized;
  /// Pointer tiles a loop advances uniformly: their pointers are `start`'s
  /// advanced by the i64 element count `offset`, emitted before `ready`.
  struct AdvancedPointers {
    Value start, offset;
    Operation *ready;
    /// The i64 advance per iteration, defined before the loop.
    Value step;
  };
  DenseMap<Value, AdvancedPointers> advancedPointers;
  /// While alive, tiles are evaluated for a later iteration of a pipelined
  /// loop: the one where the induction variable is `iteration`, the
  /// advanced pointers moved `advance` (i64) steps beyond where they are, or
  /// beyond their start if `fromStart`; their code goes before a marker made
  /// at `b` (which is left before it).
  class ShiftedIteration {
  public:
    ShiftedIteration(KernelLowering &lowering, OpBuilder &b, Location loc,
                     const PipelinePlan &plan, Value iteration, Value advance,
                     bool fromStart);
    ~ShiftedIteration();

  private:
    KernelLowering &lowering;
    IRMapping savedScalars;
    DenseMap<Value, AdvancedPointers> savedPointers;
    Operation *savedPoint;
    std::string savedKey;
  };
  /// The start markers of the loop bodies being lowered, innermost last:
  /// tiles computed from values outside a loop are recomputed in it rather
  /// than kept in registers across it.
  SmallVector<Operation *> loopStarts;
  /// Narrows `loopStarts` to the loops around `point` while code is emitted
  /// there, and stops evaluating a later iteration unless `point` is that
  /// iteration's own: a tile with a place of its own that a later iteration
  /// asks for is defined before the loop (the pipeline plan takes no such
  /// tile inside it), so its operands go where they dominate it.
  struct SaveLoopContext {
    SaveLoopContext(KernelLowering &lowering, Operation *point)
        : lowering(lowering), saved(lowering.loopStarts),
          savedShiftedPoint(lowering.shiftedPoint),
          savedShiftedKey(lowering.shiftedKey) {
      if (!point)
        return;
      llvm::erase_if(lowering.loopStarts, [&](Operation *start) {
        return !start->getBlock()->findAncestorOpInBlock(*point);
      });
      if (lowering.shiftedPoint && point != lowering.shiftedPoint) {
        lowering.shiftedPoint = nullptr;
        lowering.shiftedKey.clear();
      }
    }
    ~SaveLoopContext() {
      lowering.loopStarts = saved;
      lowering.shiftedPoint = savedShiftedPoint;
      lowering.shiftedKey = savedShiftedKey;
    }
    KernelLowering &lowering;
    SmallVector<Operation *> saved;
    Operation *savedShiftedPoint;
    std::string savedShiftedKey;
  };
  /// The scf.for ops being lowered, innermost last, with their lowered form.
  SmallVector<std::pair<scf::ForOp, scf::ForOp>> loops;
  /// While tiles of a later loop iteration are evaluated (pipelined loads):
  /// the op all their code goes before, and the suffix that keeps their
  /// registers apart from the current iteration's.
  Operation *shiftedPoint = nullptr;
  std::string shiftedKey;
  unsigned numShifts = 0;
  /// Per scf.for, its results whose warpgroup products may still run when
  /// the loop ends.
  DenseMap<Operation *, SmallVector<unsigned>> productsInFlight;
  /// Per scf.for, where each pipelined product with asynchronous copies
  /// waits for its iteration's copies, in the order they commit their
  /// groups, with its stage count.
  DenseMap<Operation *, SmallVector<std::pair<Operation *, int64_t>>> copyWaits;
  /// Per scf.for, code that goes after it once its products are done.
  DenseMap<Operation *, SmallVector<std::function<void(OpBuilder &)>>>
      loopExits;
  void emitCopyWaits(scf::ForOp loop);
  /// Placeholders of `pipelineBase`, and the bytes the buffers need.
  SmallVector<arith::ConstantOp> pipelineBases;
  int64_t pipelineBytes = 0;
  /// Where the scratch space is used, and how much of it.
  struct ScratchUse {
    Block *block;
    int64_t bytes;
    /// A marker where it is used (targets with tensor copies), else null.
    Operation *point;
  };
  SmallVector<ScratchUse> scratchUses;
  /// The lowered loops whose copies a producer warp issues.
  SmallVector<Operation *> specializedLoops;
  /// The lowered loops that keep pipeline buffers.
  SmallVector<Operation *> pipelinedLoops;
  /// For materialized tiles defined by control flow or atomics: the marker
  /// before which their conversions go.
  DenseMap<Value, Operation *> readyMarkers;
  SmallVector<Operation *> extraMarkers;
  std::map<std::pair<void *, std::string>, SmallVector<Value>> evaluated;
  DenseMap<Value, MakeDescOp> descriptors;
  /// Tensor map parameters by descriptor, and their descriptions.
  DenseMap<Operation *, Value> tensorMapArgs;
  SmallVector<DictionaryAttr> tensorMaps;
  LoweringDecisions *decisions = nullptr;
  int64_t stagingBuffers = 2;
  bool usedRegisterStaging = false;
  int64_t productRuns = 1;
  bool moreProductRuns = false;
  bool padConversions = true;
  int64_t conversionParts = 1;
  int64_t storeStagingBytes = 0;
  int64_t storeShortfall = 0;
};

} // namespace mlir::tile::togpu

#endif // TILE_CONVERSIONS_TILETOGPU_KERNELLOWERING_H
