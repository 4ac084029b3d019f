//===- TileToGPU.h - Distributes tile programs over GPU threads -*- C++ -*-===//
//
// The GPU lowering shared by every GPU target. Each tile.func becomes a
// gpu.func kernel in a gpu.module; one program of the tile grid is one
// block of `num_warps` warps. Every tile value is spread over the block's
// threads by a layout (Layout.h): loads and stores get blocked layouts whose
// per-thread vectors the axis analysis proves contiguous (16-byte accesses,
// coalesced across the warp), reductions leave their results spread like the
// rows they reduced, matrix products accumulate in the registers of the
// threads that own the output. Values move between layouts through shared
// memory only when the threads holding them differ.
//
// The result uses only target-neutral dialects (gpu, arith, math, scf, llvm
// for memory); what differs between vendors (warp size, shared memory, matrix
// instructions) comes from the target's GPUTargetHooks, registered by name.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TILETOGPU_TILETOGPU_H
#define TILE_CONVERSIONS_TILETOGPU_TILETOGPU_H

#include "tile/Conversion/TileToGPU/Layout.h"
#include "tile/Dialect/IR/Tile.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <functional>
#include <memory>

namespace mlir::scf {
class ForOp;
} // namespace mlir::scf

namespace mlir::tile {

/// A warp-wide matrix multiply-accumulate instruction: D(m x n) = A(m x k) x
/// B(k x n) + C. Which element of each fragment a lane holds is given like a
/// layout (Layout.h): per bit of the element index within the lane's
/// fragment and per bit of the lane index, a (row, column) step.
struct MatrixInstruction {
  int64_t m, n, k;
  /// Fragment elements packed into one 32-bit operand register.
  int64_t elementsPerRegister;
  SmallVector<togpu::Coords> aElementBases, aLaneBases;     // (row, k)
  SmallVector<togpu::Coords> bElementBases, bLaneBases;     // (k, column)
  SmallVector<togpu::Coords> accElementBases, accLaneBases; // (row, column)
  /// The operands' element type as the target spells it (e.g. "bf16").
  std::string inputType;
};

/// A matrix product issued by a group of warps together, reading both
/// operands from shared memory and accumulating asynchronously into the
/// registers of the group (sm_90's wgmma): D(m x n) += A(m x k) x B(k x n),
/// n any multiple of `nStep` up to `maxN`. The accumulators are spread like
/// those of `MatrixInstruction` with m = 16 per warp: per warp of the group
/// 16 rows, `accElementBases` and `accLaneBases` inside them, columns
/// repeating every 8.
struct WarpgroupInstruction {
  int64_t m, k, nStep, maxN;
  unsigned warpsPerGroup;
  SmallVector<togpu::Coords> accElementBases, accLaneBases;
  /// The instruction's names of A's and B's element types (B's empty: A's).
  std::string inputType, bInputType;
  /// Whether A may come from registers instead (emitWarpgroupInstruction
  /// with register A), laid out over m x k as the accumulators are over
  /// m x n, two 16-bit elements per i32.
  bool registerA = false;
  /// Whether both operands must lie k-contiguous in shared memory (the
  /// instruction cannot transpose them: 8-bit inputs).
  bool kContiguousOnly = false;
  /// For inputs whose products the unit sums with fewer accumulator bits:
  /// the most k one chain of instructions may sum before its partial sum
  /// is added into the accumulator (docs/Semantics.md 3.7); 0: no limit.
  int64_t partialSumK = 0;
};

/// An operand of a `WarpgroupInstruction` in shared memory, in core
/// matrices (8 rows of 16 bytes), the 16-byte rows running along k
/// (`kContiguous`) or along m (n); with `swizzleBytes` 128, rows of 128
/// bytes whose 16-byte chunks are permuted in each 1024-byte group of 8
/// rows (chunk c of row r at c xor r).
struct SharedMatrixOperand {
  /// Shared-memory byte address (i32) of the first element: `base`, the
  /// staged tile's (1024-byte aligned), plus `offset` (loop-invariant
  /// where the staged tile is not). Apart, so that a target's descriptor
  /// of the base serves every k step of the tile.
  Value base, offset;
  /// The PTX ISA's leading and stride byte offsets of the descriptor: for
  /// core matrices, the bytes between neighbours along k and along m (n);
  /// swizzled, between row blocks (unused when k-major) and between groups
  /// of 8 rows.
  int64_t leadingBytes, strideBytes;
  bool kContiguous;
  int64_t swizzleBytes;
};

/// What the shared GPU lowering asks of a target.
class GPUTargetHooks {
public:
  virtual ~GPUTargetHooks();
  /// Adds the dialects of the ops the hooks create (beyond gpu, llvm, arith,
  /// math and scf), so that convert-tile-to-gpu loads them.
  virtual void getDependentDialects(DialectRegistry &registry) const {}
  /// Threads per warp (wavefront).
  virtual unsigned getWarpSize() const = 0;
  /// Shared memory one program may use, in bytes.
  virtual int64_t getMaxSharedMemoryBytes() const = 0;
  /// Shared memory of one processor (multiprocessor, compute unit), which
  /// its resident programs divide among them.
  virtual int64_t getSharedMemoryPerProcessor() const {
    return getMaxSharedMemoryBytes();
  }
  /// 32-bit registers one thread of a program of `numWarps` warps may hold
  /// (all of the program's warps resident at once).
  virtual int64_t getMaxRegistersPerThread(unsigned numWarps) const = 0;
  /// The widest access one thread makes at once, in bytes.
  virtual int64_t getMaxAccessBytes() const { return 16; }
  /// One element (a scalar of 8 to 64 bits) loaded from global memory at
  /// `ptr` + `offsetBytes` if `predicate` (i1), else zero, without a branch:
  /// a predicated instruction. Null where the target has none: the lowering
  /// branches around an ordinary load then. Masked element-wise accesses are
  /// common (a tile's edge), and a branch per element makes large kernels slow
  /// to compile.
  virtual Value emitPredicatedLoad(OpBuilder &b, Location loc, Value predicate,
                                   Value ptr, int64_t offsetBytes,
                                   Type element) const {
    return Value();
  }
  /// `type` (a scalar, or a vector of at most 16 bytes) loaded from global
  /// memory at `ptr`, aligned to `align` bytes, where `predicate` (i1)
  /// holds, else zero, without a branch around the load: `base` is a
  /// pointer every thread of the program holds alike (the buffer an access
  /// of the tile's pointers reaches from). Null where the target has no such
  /// load; the lowering branches around an ordinary load then.
  virtual Value emitMaskedLoad(OpBuilder &b, Location loc, Value base,
                               Value ptr, Value predicate, Type type,
                               int64_t align) const {
    return Value();
  }
  /// Stores the scalar `value` (8 to 64 bits) to global memory at `ptr` if
  /// `predicate`, by a predicated instruction; false (nothing emitted) where
  /// the target has none.
  virtual bool emitPredicatedStore(OpBuilder &b, Location loc, Value predicate,
                                   Value ptr, Value value) const {
    return false;
  }
  /// Warps per program for a kernel without `num_warps`, from the number of
  /// elements of its largest tile and whether it multiplies matrices.
  virtual unsigned getDefaultNumWarps(int64_t largestTile, bool hasDot) const;
  /// `value` (f32) converted to the 8-bit float `f8` (its bits, i8) by a
  /// hardware instruction rounding to nearest even and saturating finite
  /// values, as docs/Semantics.md specifies; null if the chip has none (the
  /// shared software conversion is used then).
  virtual Value emitConvertToF8(OpBuilder &b, Location loc, Value value,
                                Type f8) const {
    return Value();
  }
  /// The values of the 8-bit float `f8` whose bits are `bits` (scalar i8s)
  /// as f32s, by an exact hardware conversion (which may take them in
  /// pairs); empty if the chip has none (the shared software decoding is
  /// used then).
  virtual SmallVector<Value> emitConvertFromF8(OpBuilder &b, Location loc,
                                               ValueRange bits, Type f8) const {
    return {};
  }
  /// `lhs / rhs` for f32 `arith.divf`, whose bound is 2 ulp
  /// (docs/Semantics.md), by a faster instruction than the correctly rounded
  /// division; null to use the correctly rounded one.
  virtual Value emitDivide(OpBuilder &b, Location loc, Value lhs,
                           Value rhs) const {
    return Value();
  }
  /// `2^x` for `math.exp2` by a faster instruction that meets its bound
  /// (docs/Semantics.md section 6) but may flush results below the normal
  /// range to zero, which that section's absolute region allows; null to use
  /// the target's lowering of math.exp2 (for `x`'s type, or at all).
  virtual Value emitExp2(OpBuilder &b, Location loc, Value x) const {
    return Value();
  }
  /// The correctly rounded square root of `x` (f16, bf16, f32 or f64) for
  /// tile.precise_sqrt; null where the target's lowering of math.sqrt already
  /// is correctly rounded.
  virtual Value emitPreciseSqrt(OpBuilder &b, Location loc, Value x) const {
    return Value();
  }
  /// Keeps the backend's instruction scheduler from moving instructions
  /// across this point, where it has such a barrier: a pipelined product's
  /// stores of the next iteration's operands stay after its matrix
  /// instructions, so that waiting for their loads does not come first.
  virtual void emitSchedulingBarrier(OpBuilder &b, Location loc) const {}
  /// Orders this thread's earlier generic accesses of global memory before
  /// later tensor copies, which read it through another path (NVIDIA's
  /// async proxy); nothing where tensor copies need no such fence.
  virtual void emitGlobalProxyFence(OpBuilder &b, Location loc) const {}
  /// Whether the warp index is to be read from lane 0 by a shuffle, so that
  /// the target's compiler knows it is the same in every lane of a warp
  /// (NVIDIA: ptxas then keeps it and the warpgroup instructions' matrix
  /// descriptors in uniform registers, instead of moving each descriptor
  /// over from a per-thread register before each product).
  virtual bool shuffleWarpIndex() const { return false; }
  /// The high 32 bits of the product of the i32 values `x` and `y`
  /// (unsigned) by an instruction of their own; null to take them from a
  /// 64-bit product.
  virtual Value emitMulHigh(OpBuilder &b, Location loc, Value x,
                            Value y) const {
    return Value();
  }
  /// Sets the target's scope (and hints) on `atomic`, an LLVM atomicrmw or
  /// cmpxchg implementing a tile atomic of `scope`; by default it stays at
  /// system scope, which is correct for every scope if not the fastest.
  virtual void decorateAtomic(Operation *atomic, MemoryScope scope) const {}
  /// Whether the target's code generator drops the ordering of atomic
  /// read-modify-writes (LLVM 22's NVPTX emits every `atomicrmw` as a
  /// relaxed `atom`, though it keeps that of `cmpxchg`): they are then
  /// emitted relaxed, between emitAtomicFence's fences.
  virtual bool dropsAtomicOrdering() const { return false; }
  /// Whether the target's `atomicrmw` cannot be made atomic at `scope`
  /// (LLVM 22's NVPTX makes each a `.gpu` `atom` whatever its syncscope,
  /// though `cmpxchg` keeps its scope): those updates are then loops of
  /// compare-and-swaps (emitAtomicRMWLoop).
  virtual bool dropsAtomicScope(MemoryScope scope) const { return false; }
  /// An acquire-release fence of `scope`, ordering this thread's accesses
  /// before it before those after it.
  virtual void emitAtomicFence(OpBuilder &b, Location loc,
                               MemoryScope scope) const {}
  /// The matrix instruction for operands of element types `a` and `b`
  /// accumulating into `acc`, if the chip has one.
  virtual std::optional<MatrixInstruction>
  getMatrixInstruction(Type a, Type b, Type acc) const {
    return std::nullopt;
  }
  /// Emits `instruction` on the operand registers `a` and `b` (i32, each
  /// packing `elementsPerRegister` elements in fragment order) and the
  /// accumulators `acc`; returns the new accumulators.
  virtual SmallVector<Value>
  emitMatrixInstruction(OpBuilder &b, Location loc,
                        const MatrixInstruction &instruction, ValueRange a,
                        ValueRange bRegs, ValueRange acc) const {
    return {};
  }
  /// Whether a warp loads 8 x 8 matrices of 16-bit elements from shared
  /// memory together (emitSharedMatrixLoad).
  virtual bool hasSharedMatrixLoad() const { return false; }
  /// Loads `count` (1, 2 or 4) 8 x 8 matrices of 16-bit elements for the
  /// whole warp: lane l passes in `rowAddress` (a shared pointer) the 16
  /// contiguous, 16-byte aligned bytes of row l % 8 of matrix l / 8 (lanes
  /// past 8 * count are ignored). Register i of lane l gets two elements of
  /// matrix i, the first in its low half: (l / 4, 2 (l % 4) + {0, 1}), or
  /// with `transposed` (2 (l % 4) + {0, 1}, l / 4), as (row, column).
  virtual SmallVector<Value> emitSharedMatrixLoad(OpBuilder &b, Location loc,
                                                  Value rowAddress,
                                                  unsigned count,
                                                  bool transposed) const {
    return {};
  }

  /// The warpgroup instruction for operands of element types `a` and `b`
  /// accumulating into `acc`, if the chip has one.
  virtual std::optional<WarpgroupInstruction>
  getWarpgroupInstruction(Type a, Type b, Type acc) const {
    return std::nullopt;
  }
  /// Issues one `instruction` of width `n` on `a` and `bOperand`, adding to
  /// `acc` (the group's registers, in the order of the instruction's
  /// accumulator layout); returns the new accumulators, valid only after
  /// `emitWarpgroupWait`.
  virtual SmallVector<Value> emitWarpgroupInstruction(
      OpBuilder &b, Location loc, const WarpgroupInstruction &instruction,
      int64_t n, const SharedMatrixOperand &a,
      const SharedMatrixOperand &bOperand, ValueRange acc) const {
    return {};
  }
  /// The same with A from registers: `a` holds the group's part of one
  /// m x k step, packed as `registerA` says.
  virtual SmallVector<Value>
  emitWarpgroupInstruction(OpBuilder &b, Location loc,
                           const WarpgroupInstruction &instruction, int64_t n,
                           ValueRange a, const SharedMatrixOperand &bOperand,
                           ValueRange acc) const {
    return {};
  }
  /// Orders earlier register writes of the accumulators before the
  /// warpgroup instructions that follow.
  virtual void emitWarpgroupFence(OpBuilder &b, Location loc) const {}
  /// Makes this thread's earlier shared-memory writes (stores, finished
  /// asynchronous copies) visible to warpgroup instructions issued after the
  /// next barrier.
  virtual void emitSharedWriteFence(OpBuilder &b, Location loc) const {}
  /// Closes the group of warpgroup instructions issued since the last one
  /// (the next wait then waits for them as a group of their own).
  virtual void emitWarpgroupCommit(OpBuilder &b, Location loc) const {}
  /// Closes the group of warpgroup instructions issued since the last one
  /// (unless `commit` is false: none was), then waits until at most
  /// `pending` groups are in flight; `acc` become usable (returned).
  virtual SmallVector<Value> emitWarpgroupWait(OpBuilder &b, Location loc,
                                               int64_t pending, ValueRange acc,
                                               bool commit = true) const {
    return SmallVector<Value>(acc);
  }

  /// Whether the chip copies global to shared memory asynchronously.
  virtual bool hasAsyncCopy() const { return false; }
  /// Starts copying 16 bytes from `global` (a pointer) to `shared` (an i32
  /// shared address) plus `offset` bytes if `read` (i1), else zeroing them
  /// without reading.
  virtual void emitAsyncCopy(OpBuilder &b, Location loc, Value shared,
                             int64_t offset, Value global, Value read) const {}
  /// Closes the group of copies started since the last one.
  virtual void emitAsyncCopyCommit(OpBuilder &b, Location loc) const {}
  /// Waits until at most `pending` groups of this thread's copies are in
  /// flight.
  virtual void emitAsyncCopyWait(OpBuilder &b, Location loc,
                                 int64_t pending) const {}

  /// Whether the chip copies boxes of tensors described by tensor maps
  /// (kernel parameters the runtime encodes) into shared memory, completing
  /// on transaction barriers: sm_90's TMA. The maps' 128-byte swizzle
  /// places 16-byte chunk c of row r at c xor (r mod 8), as StagedOperand.
  virtual bool hasTensorCopy() const { return false; }
  /// Initializes the transaction barrier at `barrier` (an i32 shared
  /// address) for `arrivals` arrivals per phase and orders that before
  /// tensor copies and other threads' waits (after the next block barrier).
  virtual void emitTransactionBarrierInit(OpBuilder &b, Location loc,
                                          Value barrier,
                                          int64_t arrivals = 1) const {}
  /// One arrival of this thread at `barrier` if `predicate` (i1), after
  /// its earlier reads of shared memory (a consumer releasing a stage to
  /// the producer); predicated rather than branched around, so that
  /// warpgroup products may stay in flight across it.
  virtual void emitTransactionBarrierArrive(OpBuilder &b, Location loc,
                                            Value barrier,
                                            Value predicate) const {}
  /// A barrier among the first `threads` threads of the block only (a
  /// warp-specialized kernel's consumers; its producer warps never reach
  /// it), numbered `id` (1 to 15; 0 is the whole block's). Asked of targets
  /// with tensor copies only.
  virtual void emitPartialBarrier(OpBuilder &b, Location loc, int64_t id,
                                  int64_t threads) const {}
  /// Named barrier `id` (an i32 value) among `threads` threads: waits
  /// until all have arrived, or only arrives (`arriveOnly`). Returns the
  /// op, or null where the target has none. Asked of targets with tensor
  /// copies only.
  virtual Operation *emitNamedBarrier(OpBuilder &b, Location loc, Value id,
                                      int64_t threads, bool arriveOnly) const {
    return nullptr;
  }
  /// Where warps can hand registers to each other at run time (sm_90's
  /// `setmaxnreg`) and a warp-specialized kernel of `consumerWarps`
  /// consumer warps, each thread of which needs about `consumerRegisters`,
  /// gains from it: the registers per thread a producer warpgroup (4 warps)
  /// keeps and those the consumers get. None elsewhere, and then the
  /// producer is a single warp.
  virtual std::optional<std::pair<int64_t, int64_t>>
  getRegisterSplit(unsigned consumerWarps, int64_t consumerRegisters) const {
    return std::nullopt;
  }
  /// Sets the registers per thread of the executing warpgroup to `count`,
  /// fewer than it holds (`increase` false) or more; every thread of the
  /// warpgroup runs it.
  virtual void emitRegisterLimit(OpBuilder &b, Location loc, int64_t count,
                                 bool increase) const {}
  /// Invalidates it (no thread may wait on it any more).
  virtual void emitTransactionBarrierInvalidate(OpBuilder &b, Location loc,
                                                Value barrier) const {}
  /// The arrival of this phase at `barrier`, announcing `bytes` bytes of
  /// tensor copies that complete it.
  virtual void emitTransactionBarrierExpect(OpBuilder &b, Location loc,
                                            Value barrier,
                                            int64_t bytes) const {}
  /// Waits until the phase of `barrier` with parity `parity` (i32 0 or 1)
  /// has completed.
  virtual void emitTransactionBarrierWait(OpBuilder &b, Location loc,
                                          Value barrier, Value parity) const {}
  /// Starts copying the box of the tensor map at `map` (a pointer) whose
  /// first element is at `coords` (i32, innermost dimension first) to
  /// `shared` (an i32 shared address), completing on `barrier`. Elements
  /// outside the tensor read as the map's fill value.
  virtual void emitTensorCopy(OpBuilder &b, Location loc, Value shared,
                              Value map, ValueRange coords,
                              Value barrier) const {}
  /// Starts writing `shared` (an i32 shared address, laid out as for
  /// emitTensorCopy) to the box of the tensor map at `map` whose first
  /// element is at `coords`; elements outside the tensor are not written.
  /// Asked of targets with tensor copies only.
  virtual void emitTensorStore(OpBuilder &b, Location loc, Value shared,
                               Value map, ValueRange coords) const {}
  /// Closes the group of tensor stores this thread started since the last
  /// one (what emitTensorStoreWait waits for).
  virtual void emitTensorStoreCommit(OpBuilder &b, Location loc) const {}
  /// Waits until the tensor stores this thread committed have read their
  /// shared memory or, with `written`, until their writes are done and
  /// visible to this thread's later accesses of global memory; all but the
  /// `pending` groups committed last. A thread with none in flight passes
  /// at once.
  virtual void emitTensorStoreWait(OpBuilder &b, Location loc, bool written,
                                   int64_t pending = 0) const {}
};

using GPUTargetHooksFactory =
    std::function<std::unique_ptr<GPUTargetHooks>(StringRef chip)>;

/// Makes the hooks of GPU target `target` available to convert-tile-to-gpu.
/// `supportedChips` (e.g. "gfx90a, gfx942"), if given, is listed when the
/// factory refuses a chip.
void registerGPUTargetHooks(StringRef target, GPUTargetHooksFactory factory,
                            StringRef supportedChips = "");

/// The hooks of `target` for `chip`; null if no such target is registered.
std::unique_ptr<GPUTargetHooks> createGPUTargetHooks(StringRef target,
                                                     StringRef chip);

/// The name of the i32 flag (followed by three i32 program ids) a failed
/// tile.assert sets in a GPU module.
StringRef getGPUAssertFlagName();

/// The name of the extern shared-memory array every kernel of a GPU module
/// uses as its scratch space; its size is the kernel's `tile.shared_bytes`.
StringRef getGPUSharedMemoryName();

/// `compute(x)` for an f16, bf16 or f32 `x`, computed in f32 and rounded
/// once to `x`'s type (docs/Semantics.md section 6): for target hooks whose
/// instruction exists in f32 only. Null for other types.
Value computeInF32(OpBuilder &b, Location loc, Value x,
                   function_ref<Value(Value)> compute);

/// Whether nothing in `block` writes memory or has effects other than
/// reads (an op without a memory-effect interface counts as writing).
bool onlyReadsMemory(Block &block);

/// Whether `to` uses a result of `from`, directly or through ops of their
/// block.
bool feedsInBlock(Operation *from, Operation *to);

/// The stages `loop` is pipelined with: its own `tile.num_stages`, else its
/// kernel's `num_stages`, else 2.
int64_t stagesOf(scf::ForOp loop);

#define GEN_PASS_DECL
#include "tile/Conversion/TileToGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/TileToGPU/Passes.h.inc"

/// The passes every GPU target's pipeline starts with: the tile-level
/// clean-up (canonicalize, tile-combine, CSE), convert-tile-to-gpu for
/// `target` and `chip`, another clean-up, and (with `lowerControlFlow`) scf
/// to branches. The target then lowers the gpu.module to its own dialect;
/// the GPU simulator runs it with structured control flow.
/// `conversionParts` is convert-tile-to-gpu's `conversion-parts`.
void buildTileToGPUPipeline(OpPassManager &pm, StringRef target, StringRef chip,
                            bool lowerControlFlow = true,
                            int64_t conversionParts = 1);

} // namespace mlir::tile

#endif // TILE_CONVERSIONS_TILETOGPU_TILETOGPU_H
