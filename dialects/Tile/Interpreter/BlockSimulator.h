//===- BlockSimulator.h - One block of the GPU simulator -------*- C++ -*-===//
//
// Private to dialects/Tile/Interpreter: the lock-step executor of one block
// that GPUSimulator.cpp drives, split by concern: GPUSimulator.cpp runs the
// shared ops (control flow, memory, shuffles, AMD's ROCDL ops),
// GPUSimulatorNVIDIA.cpp NVIDIA's inline PTX and NVVM ops.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_INTERPRETER_BLOCKSIMULATOR_H
#define TILE_DIALECTS_TILE_INTERPRETER_BLOCKSIMULATOR_H

#include "tile/Dialect/Interpreter/Execution.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <deque>
#include <map>

namespace mlir::tile::interp::detail {

/// Bytes of a scalar, vector or array type in memory.
inline int64_t byteSizeOf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() * byteSizeOf(vector.getElementType());
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return int64_t(array.getNumElements()) * byteSizeOf(array.getElementType());
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  if (type.isIntOrFloat())
    return (type.getIntOrFloatBitWidth() + 7) / 8;
  return -1;
}

/// A set of lanes.
using Mask = std::vector<char>;

/// Where a while loop is taken to wait forever.
constexpr int64_t kMaxWhileIterations = 10000000;

inline bool any(const Mask &mask) {
  return llvm::any_of(mask, [](char c) { return c != 0; });
}

/// A tensor map (a TMA descriptor) as the runtime would encode it from the
/// launch's arguments: dimensions innermost first, strides in bytes.
struct SimulatedTensorMap {
  uint64_t base = 0;
  SmallVector<int64_t> sizes, strides, box;
  int64_t elementBytes = 0, swizzle = 0;
};

class BlockSimulator {
public:
  BlockSimulator(Executor &ex, unsigned threads, unsigned warpSize,
                 std::vector<uint8_t> &shared,
                 const llvm::StringMap<uint64_t> &globals,
                 const std::map<uint64_t, SimulatedTensorMap> &tensorMaps)
      : ex(ex), threads(threads), warpSize(warpSize), shared(shared),
        globals(globals), tensorMaps(tensorMaps), openStoreGroups(threads),
        committedStoreGroups(threads), mask(threads, 1) {}

  /// Runs \p block under the current mask; its terminator's operands go to
  /// \p results.
  LogicalResult runBlock(Block &block, ArrayRef<ValuePtr> args,
                         SmallVectorImpl<ValuePtr> &results);
  /// Completes the tensor stores still in flight when the program ends.
  void finishTensorStores();

private:
  LogicalResult run(Operation &op);
  LogicalResult runIf(scf::IfOp op);
  LogicalResult runFor(scf::ForOp op);
  LogicalResult runWhile(scf::WhileOp op);
  LogicalResult runShuffle(gpu::ShuffleOp op);
  LogicalResult runGEP(LLVM::GEPOp op);
  LogicalResult runLoad(LLVM::LoadOp op);
  LogicalResult runStore(LLVM::StoreOp op);
  LogicalResult runAtomic(LLVM::AtomicRMWOp op);
  LogicalResult runCmpXchg(LLVM::AtomicCmpXchgOp op);
  LogicalResult runArith(Operation &op);
  LogicalResult runBitcast(LLVM::BitcastOp op);
  LogicalResult runMatrix(Operation &op, bool wave64);
  LogicalResult runExp2(ROCDL::ROCDLExp2 op);
  LogicalResult runBufferResource(ROCDL::MakeBufferRsrcOp op);
  LogicalResult runBufferLoad(ROCDL::RawPtrBufferLoadOp op);
  LogicalResult runPrintf(gpu::PrintfOp op);
  /// The NVIDIA target's inline PTX statements that lock step can run.
  LogicalResult runInlinePTX(LLVM::InlineAsmOp op);
  LogicalResult runTensorStore(LLVM::InlineAsmOp op, unsigned rank);
  /// cp.async.bulk.commit_group and wait_group[.read] N in the active lanes.
  void commitTensorStores();
  void awaitTensorStores(int64_t pending, bool written);
  /// mma.sync m16n8k16 (row, col) on f16 or bf16 into f32, per warp.
  LogicalResult runWarpMatrix(LLVM::InlineAsmOp op, bool bf16);
  LogicalResult runLdMatrix(NVVM::LdMatrixOp op);
  /// The NVIDIA target's NVVM intrinsics, computed as exact operations
  /// (the device's approximation error is not modelled).
  LogicalResult runIntrinsic(LLVM::CallIntrinsicOp op);

  //===-- Values ----------------------------------------------------------===//

  bool perLane(const RtValue &v) const {
    return !v.shape.empty() && v.shape[0] == int64_t(threads);
  }
  /// Elements of \p v per lane (1 for scalars).
  size_t width(const RtValue &v) const {
    return perLane(v) ? v.size() / threads : v.size();
  }
  Element at(const RtValue &v, unsigned lane, size_t i = 0) const {
    return v.elements[perLane(v) ? lane * width(v) + i : i];
  }
  /// A per-lane value of \p type (scalar or vector), zeroed.
  std::shared_ptr<RtValue> makeLanes(Type type) const {
    if (auto vector = dyn_cast<VectorType>(type))
      return makeValue(vector.getElementType(),
                       {int64_t(threads), vector.getNumElements()});
    return makeValue(type, {int64_t(threads)});
  }
  std::shared_ptr<RtValue> uniform(Type type, Element e) const {
    auto v = makeValue(type, {});
    v->elements[0] = e;
    return v;
  }
  Element integer(int64_t i) const {
    Element e;
    e.i = i;
    return e;
  }
  /// \p v with every active lane's elements from \p active and the others'
  /// from \p rest.
  ValuePtr merge(const Mask &active, const RtValue &v, const RtValue &rest,
                 Type type) const {
    auto out = makeLanes(type);
    size_t n = width(*out);
    for (unsigned t = 0; t < threads; ++t)
      for (size_t i = 0; i < n; ++i)
        out->elements[t * n + i] = active[t] ? at(v, t, i) : at(rest, t, i);
    return out;
  }

  /// The lanes of the mask where \p cond (i1) is true (or false).
  Mask select(const RtValue &cond, bool value) const {
    Mask out(threads, 0);
    for (unsigned t = 0; t < threads; ++t)
      out[t] = mask[t] && ((at(cond, t).i != 0) == value);
    return out;
  }

  /// Whether \p v has one value over the active lanes; \p e receives it.
  bool uniformOverMask(const RtValue &v, Element &e) const {
    bool first = true;
    for (unsigned t = 0; t < threads; ++t) {
      if (!mask[t])
        continue;
      if (first)
        e = at(v, t);
      else if (at(v, t).u != e.u)
        return false;
      first = false;
    }
    return true;
  }

  /// Checks that [address, address + bytes) of address space \p space is
  /// memory the block may touch.
  LogicalResult checkAccess(Operation &op, unsigned lane, unsigned space,
                            uint64_t address, uint64_t bytes) {
    if (space == 3) {
      uint64_t base = reinterpret_cast<uint64_t>(shared.data());
      if (address >= base && address - base <= shared.size() &&
          bytes <= shared.size() - (address - base))
        return success();
      return ex.emitError(op)
             << "thread " << lane << " accesses " << bytes
             << " bytes of shared memory at offset " << int64_t(address - base)
             << ", outside the block's " << shared.size();
    }
    if (ex.getMemory().contains(address, bytes))
      return success();
    return ex.emitError(op) << "thread " << lane << " accesses " << bytes
                            << " bytes at " << ex.getMemory().describe(address)
                            << ", outside every buffer of the launch";
  }

  /// The block's shared memory at a 32-bit shared address (the low bits of
  /// a host address: NVIDIA's lowering computes shared addresses so).
  uint64_t sharedAddress(uint64_t low) const {
    uint64_t base = reinterpret_cast<uint64_t>(shared.data());
    return base + uint32_t(low - base);
  }

  static unsigned addressSpace(Value pointer) {
    return cast<LLVM::LLVMPointerType>(pointer.getType()).getAddressSpace();
  }

  Executor &ex;
  unsigned threads, warpSize;
  std::vector<uint8_t> &shared;
  const llvm::StringMap<uint64_t> &globals;
  const std::map<uint64_t, SimulatedTensorMap> &tensorMaps;
  /// Tensor stores read shared memory and write global memory as late as
  /// their waits allow (cp.async.bulk.wait_group.read N reads, wait_group N
  /// writes all but the N groups committed last), so that a program that
  /// writes a staged block again before its store has read it, or reads
  /// global memory before a store has written it, computes what a device
  /// may: a wrong answer the check catches.
  struct TensorStoreElement {
    uint64_t from, to;
    unsigned bytes;
  };
  struct TensorStoreGroup {
    std::vector<TensorStoreElement> elements;
    std::vector<uint8_t> data; // read from shared memory, once read
    bool read = false;
  };
  /// Per thread: the group being built, then the committed ones, oldest
  /// first.
  std::vector<TensorStoreGroup> openStoreGroups;
  std::vector<std::deque<TensorStoreGroup>> committedStoreGroups;
  Mask mask;
};

} // namespace mlir::tile::interp::detail

#endif // TILE_DIALECTS_TILE_INTERPRETER_BLOCKSIMULATOR_H
