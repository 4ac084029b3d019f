//===- PrefetchLoads.cpp - A read-only loop's loads iterations ahead ------===//
//
// A memory-bound loop written as Triton writes it (a row walked in blocks:
// `x = load(base + start + arange(BLOCK), mask)`, then arithmetic on x)
// keeps one load per thread in flight: each iteration's load waits for
// memory, and nothing else is issued meanwhile. Issuing iteration i + d's
// loads at the top of iteration i, their values carried, keeps d + 1 loads
// in flight, as Triton's pipeliner does for loads num_stages - 1 ahead. A
// multiprocessor of the H200 needs about 30 KB in flight to keep its share
// of the bandwidth: one 8-byte load per thread of 2048 is 16 KB, so loads
// of fewer than 16 bytes a thread go further ahead, up to num_stages - 1
// (Triton's layer norm, 0.86x Triton on the H200 one iteration ahead).
//
// Program order (docs/Semantics.md section 1) allows moving a load only
// past other reads, so the loop must not write memory; loops with products
// or descriptor loads are left to the GPU lowering's own pipelining. The
// moved load's pointers, mask and `other` are recomputed for the next
// iteration from the ops that compute them, which must depend on nothing
// but the induction variable and values from before the loop; past the
// loop's end the mask is false, so no lane reads memory the program would
// not have read.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

#include <algorithm>

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPREFETCHLOADS
#include "tile/Conversion/TileToGPU/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Bytes of prefetched tiles a thread may hold per loop: a few 16-byte
/// vectors, so that the carried values cannot push a kernel into spilling.
static constexpr int64_t kMaxBytesPerThread = 128;

/// Bytes a thread loads ahead at most one iteration of its loop before
/// going further ahead: 2048 threads of a multiprocessor then keep about
/// 32 KB in flight beyond the iteration they compute, what an H200's share
/// of bandwidth needs at its latency.
static constexpr int64_t kBytesAheadPerThread = 16;

bool mlir::tile::onlyReadsMemory(Block &block) {
  WalkResult result = block.walk([](Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>() ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (const MemoryEffects::EffectInstance &effect : list)
      if (!isa<MemoryEffects::Read>(effect.getEffect()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Whether `loop`'s body only reads memory and has no product or descriptor
/// load (pipelined by the lowering itself).
static bool onlyReads(scf::ForOp loop) {
  WalkResult products = loop.getBody()->walk([](Operation *op) {
    return isa<DotOp, DescLoadOp>(op) ? WalkResult::interrupt()
                                      : WalkResult::advance();
  });
  return !products.wasInterrupted() && onlyReadsMemory(*loop.getBody());
}

/// Adds to `slice`, operands first, the ops of `loop`'s body that compute
/// `value`; false if `value` depends on anything in the loop but the
/// induction variable and pure, region-free ops of the body itself.
static bool collectSlice(scf::ForOp loop, Value value,
                         llvm::SetVector<Operation *> &slice) {
  if (value == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || !isPure(def) ||
      def->getNumRegions() != 0)
    return false;
  if (slice.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!collectSlice(loop, operand, slice))
      return false;
  slice.insert(def);
  return true;
}

int64_t mlir::tile::stagesOf(scf::ForOp loop) {
  if (auto stages =
          loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName()))
    return stages.getInt();
  if (auto kernel = loop->getParentOfType<FuncOp>())
    return kernel.getNumStages().value_or(2);
  return 2;
}

namespace {
/// A load to move and the ops of the loop body that compute its operands.
struct Candidate {
  LoadOp load;
  llvm::SetVector<Operation *> slice;
};
} // namespace

/// The load of `candidate` for the iteration whose induction variable is
/// `iteration`, masked off unless `valid`, built at `b`.
static Value loadAt(OpBuilder &b, scf::ForOp loop, const Candidate &candidate,
                    Value iteration, Value valid) {
  IRMapping map;
  map.map(loop.getInductionVar(), iteration);
  for (Operation *op : candidate.slice)
    b.clone(*op, map);
  LoadOp load = candidate.load;
  Location loc = load.getLoc();
  auto shape = cast<RankedTensorType>(load.getPtr().getType()).getShape();
  Value mask = SplatOp::create(
      b, loc, RankedTensorType::get(shape, b.getI1Type()), valid);
  if (Value own = load.getMask())
    mask = arith::AndIOp::create(b, loc, map.lookupOrDefault(own), mask);
  Value other =
      load.getOther() ? map.lookupOrDefault(load.getOther()) : Value();
  auto moved =
      LoadOp::create(b, loc, map.lookupOrDefault(load.getPtr()), mask, other);
  moved.setCacheAttr(load.getCacheAttr());
  moved.setEvictAttr(load.getEvictAttr());
  return moved.getResult();
}

/// `iteration + step < upper` without overflow: i32 values compared in i64,
/// `step` and `upper` already widened (before the loop).
static Value isBefore(OpBuilder &b, Location loc, Value iteration, Value step,
                      Value upper) {
  Value next = arith::ExtSIOp::create(b, loc, b.getI64Type(), iteration);
  if (step)
    next = arith::AddIOp::create(b, loc, next, step);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next, upper);
}

static void prefetchLoads(scf::ForOp loop) {
  if (!loop.getInductionVar().getType().isInteger(32) || stagesOf(loop) <= 1 ||
      !onlyReads(loop))
    return;
  // As Triton reads num_stages: loads stages - 1 iterations ahead.
  int64_t distance = stagesOf(loop) - 1;
  // Threads per program at 32-lane warps (the kernel's num_warps, else 4):
  // fewer than a wider warp or a larger default gives, so the bound holds.
  auto kernel = loop->getParentOfType<FuncOp>();
  int64_t threads =
      int64_t(kernel && kernel.getNumWarps() ? *kernel.getNumWarps() : 4) * 32;
  SmallVector<Candidate> candidates;
  int64_t bytesPerThread = 0;
  for (auto load : loop.getBody()->getOps<LoadOp>()) {
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!type || !type.getElementType().isIntOrFloat() || load.getIsVolatile())
      continue;
    Candidate candidate{load, {}};
    if (!llvm::all_of(load->getOperands(), [&](Value operand) {
          return collectSlice(loop, operand, candidate.slice);
        }))
      continue;
    int64_t bits = type.getElementType().getIntOrFloatBitWidth();
    int64_t bytes = llvm::divideCeil(type.getNumElements() * bits, 8 * threads);
    if (bytesPerThread + bytes > kMaxBytesPerThread)
      continue;
    bytesPerThread += bytes;
    candidates.push_back(std::move(candidate));
  }
  if (candidates.empty())
    return;
  // Far enough ahead for kBytesAheadPerThread a thread: 8-byte loads go
  // two iterations ahead, 16-byte loads one (a second 16-byte tile pushed
  // Triton's layer norm past 32 registers and halved its occupancy, 0.84x
  // to 0.66x Triton on an H100, when its loads were 16 bytes a thread).
  distance = std::clamp<int64_t>(
      llvm::divideCeil(kBytesAheadPerThread, bytesPerThread), 1, distance);

  IRRewriter rewriter(loop.getContext());
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Type i64 = rewriter.getI64Type();
  Value upper =
      arith::ExtSIOp::create(rewriter, loc, i64, loop.getUpperBound());
  Value step = arith::ExtSIOp::create(rewriter, loc, i64, loop.getStep());
  // The induction variable `iterations` after `iteration`, and in `valid`
  // whether the loop runs it.
  auto ahead = [&](OpBuilder &b, Value iteration, int64_t iterations,
                   Value &valid) -> Value {
    if (iterations == 0) {
      valid = isBefore(b, loc, iteration, Value(), upper);
      return iteration;
    }
    Value narrowStep = loop.getStep(), wideStep = step;
    if (iterations > 1) {
      narrowStep = arith::MulIOp::create(
          b, loc, narrowStep,
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), iterations));
      wideStep = arith::MulIOp::create(
          b, loc, wideStep,
          arith::ConstantIntOp::create(b, loc, i64, iterations));
    }
    Value later = arith::AddIOp::create(b, loc, iteration, narrowStep);
    valid = isBefore(b, loc, iteration, wideStep, upper);
    return later;
  };
  // Per candidate, its loads for the first `distance` iterations: the
  // values carried are, in iteration i, those of iterations i .. i +
  // distance - 1.
  SmallVector<Value> inits;
  for (const Candidate &candidate : candidates)
    for (int64_t d = 0; d < distance; ++d) {
      Value valid;
      Value iteration = ahead(rewriter, loop.getLowerBound(), d, valid);
      inits.push_back(loadAt(rewriter, loop, candidate, iteration, valid));
    }
  FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> carried) {
        // The loads `distance` iterations ahead first, where the body
        // starts; the others move up by one.
        auto newLoop = cast<scf::ForOp>(b.getInsertionBlock()->getParentOp());
        OpBuilder top = OpBuilder::atBlockBegin(newLoop.getBody());
        Value valid;
        Value later = ahead(top, newLoop.getInductionVar(), distance, valid);
        SmallVector<Value> values;
        for (auto [i, candidate] : llvm::enumerate(candidates)) {
          ArrayRef<BlockArgument> own = carried.slice(i * distance, distance);
          values.append(own.begin() + 1, own.end());
          values.push_back(loadAt(top, newLoop, candidate, later, valid));
        }
        return values;
      });
  if (failed(grown))
    return;
  auto newLoop = cast<scf::ForOp>(grown->getOperation());
  ArrayRef<BlockArgument> carried =
      newLoop.getRegionIterArgs().take_back(candidates.size() * distance);
  for (auto [i, candidate] : llvm::enumerate(candidates)) {
    rewriter.replaceAllUsesWith(candidate.load.getResult(),
                                carried[i * distance]);
    rewriter.eraseOp(candidate.load);
  }
}

namespace {
struct TilePrefetchLoadsPass
    : public mlir::tile::impl::TilePrefetchLoadsBase<TilePrefetchLoadsPass> {
  void runOnOperation() override {
    // Innermost loops first; each rewrite replaces only the loop it visits.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      prefetchLoads(loop);
  }
};
} // namespace
