//===- WarpSpecialization.cpp - A producer warp for tensor copies ---------===//
//
// A pipelined product whose operands all arrive by tensor copies (TMA) need
// not have its consumers issue them: one extra warp, the producer, walks the
// same loop and, per iteration j, waits until stage j mod S is free, then
// starts that iteration's copies into it; the consumer warps wait until the
// stage is full, issue the products, and release the stage once the
// products that read it are done. Two transaction barriers per stage carry
// the protocol:
//
//   full[s]:  one arrival (the producer's, announcing the stage's bytes),
//             completed by the copies' bytes; consumers wait on it.
//   empty[s]: one arrival per consumer warp; the producer waits on it.
//
// In round r = j div S the consumers wait on full[s] for parity r mod 2 and
// the producer on empty[s] for parity (r + 1) mod 2, which a fresh barrier
// passes: the first S stages are free. The consumers no longer meet at a
// block barrier each iteration (the stage's reuse is what it guarded), so a
// warp whose products are done may run ahead as far as the copies allow.
//
// The lowering emits the producer's code where the copies were issued, in a
// block only the producer's first lane would enter (`producerBlocks`), so
// that every value the copies need is at hand. specializeWarps then splits
// the kernel: the producer warp rebuilds the loops and conditions around
// those blocks from the scalars they are computed from, and runs only the
// blocks; the consumers run the rest, their block barriers made barriers of
// the consumer warps alone. Barriers are initialized before the split, by a
// barrier of the whole block.
//
// Where the target lets warps hand registers to each other (sm_90's
// setmaxnreg), the consumers are two warpgroups or more and their products'
// accumulators (with some room for the rest) need more registers than a
// block of num_warps + 1 warps allows each thread (168 for 8 + 1 warps, the
// register file being split into four quarters), the producer is a whole
// warpgroup: it keeps a few registers per thread and the consumers'
// warpgroups take the rest (GPUTargetHooks::getRegisterSplit), as
// FlashAttention-3 and CUTLASS's warp-specialized kernels do. That gives
// one block the whole register file; where the consumers need less (a
// 128 x 128 product over two warpgroups), a single producer warp leaves
// room for a second block.
//
// A loop that a program runs at most once keeps its stage count per run,
// and the scratch space outside it may overlap its buffers as in the
// unspecialized pipeline: once the consumers leave the loop every copy has
// landed (they waited for each) and the producer has nothing left to issue.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

bool KernelLowering::canSpecializeWarps(const PipelinePlan &plan, DotOp op) {
  if (!warpSpecialization || !hooks.hasTensorCopy())
    return false;
  // The producer warp joins the block; the product's accumulators (and
  // some room for the rest) must still fit in what each consumer thread may
  // hold.
  int64_t perThread = int64_t(numWarps) * warpSize;
  auto cType = cast<RankedTensorType>(op.getType());
  int64_t accumulators = cType.getNumElements() / perThread;
  // What the loop keeps in registers across its products: the tiles it
  // carries, and products' results it does not carry (attention's S, the
  // partial sums of 8-bit products). Past 96 more per thread than
  // that (temporaries, addresses; a plain product's loop needs about 30,
  // attention's about 75), the consumers are taken to need all the
  // registers a split of them can give.
  int64_t live = 0;
  scf::ForOp loop = plan.loop;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (Value carried : loop.getRegionIterArgs())
    if (auto type = dyn_cast<RankedTensorType>(carried.getType()))
      live += type.getNumElements() / perThread;
  loop->walk([&](DotOp dot) {
    int64_t elements = dot.getType().getNumElements() / perThread;
    if (!llvm::is_contained(yield.getOperands(), dot.getResult()))
      live += elements;
    // A chain summed from zero and added into the accumulator every so
    // many k (8-bit inputs) holds its partial sum beside it.
    std::optional<WarpgroupInstruction> instruction = warpgroupInstruction(dot);
    if (instruction && instruction->partialSumK)
      live += elements;
  });
  int64_t need = live + 96;
  std::optional<std::pair<int64_t, int64_t>> split =
      hooks.getRegisterSplit(numWarps, need);
  unsigned threads = (numWarps + (split ? 4 : 1)) * warpSize;
  if (threads > 1024)
    return false;
  int64_t registers =
      split ? split->second : hooks.getMaxRegistersPerThread(numWarps + 1);
  if (accumulators + 64 > registers)
    return false;
  // Scalars the producer can compute again: from the kernel's arguments,
  // program ids and constants, and the induction variables of the loop and
  // the loops around it.
  DenseMap<Value, bool> known;
  std::function<bool(Value)> computable = [&](Value value) -> bool {
    if (auto it = known.find(value); it != known.end())
      return it->second;
    bool result = false;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto owner = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      result =
          arg.getOwner() == &kernel.getBody().front() ||
          (owner && owner->isAncestor(loop) && arg == owner.getInductionVar());
    } else {
      Operation *def = value.getDefiningOp();
      known[value] = false; // no cycles through a definition
      result = !isTile(value) && def->getNumRegions() == 0 &&
               isMemoryEffectFree(def) &&
               llvm::all_of(def->getOperands(), computable);
    }
    return known[value] = result;
  };
  for (Operation *parent = loop->getParentOp(); parent != kernel;
       parent = parent->getParentOp()) {
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      if (!computable(ifOp.getCondition()))
        return false;
      continue;
    }
    auto outer = dyn_cast<scf::ForOp>(parent);
    if (!outer || !computable(outer.getLowerBound()) ||
        !computable(outer.getUpperBound()) || !computable(outer.getStep()))
      return false;
  }
  if (!computable(loop.getLowerBound()) || !computable(loop.getUpperBound()) ||
      !computable(loop.getStep()))
    return false;
  for (DescLoadOp load : plan.descLoads)
    if (load && !llvm::all_of(load.getOffsets(), computable))
      return false;
  // The producer runs ahead of the consumers, held by none of their
  // barriers: no write program order puts before one of its copies (before
  // the loop, or anywhere in a loop around it: an earlier tile of a
  // persistent loop written by hand) may reach the copies' memory. A loop
  // over the grid's programs (tile.grid_loop) orders nothing between its
  // iterations, which are other programs: only the writes of the copies'
  // own iteration count there.
  auto precedes = [&](Operation *write) {
    for (Operation *around = loop->getParentOp(); around != kernel;
         around = around->getParentOp())
      if (isa<scf::ForOp, scf::WhileOp>(around) &&
          !around->hasAttr(TileDialect::getGridLoopAttrName()) &&
          around->isAncestor(write))
        return true;
    for (Operation *around = loop; around != kernel;
         around = around->getParentOp())
      if (Operation *holder = around->getBlock()->findAncestorOpInBlock(*write))
        return holder != around && holder->isBeforeInBlock(around);
    return false;
  };
  WalkResult aliased = kernel.walk([&](Operation *write) {
    if (!isa<StoreOp, DescStoreOp, AtomicRMWOp, AtomicCASOp>(write) ||
        !precedes(write))
      return WalkResult::advance();
    for (DescLoadOp load : plan.descLoads)
      if (load && mayAlias(kernel, write->getOperand(0), load.getDesc()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  // Said where the lowering's decisions are shown (annotate): the one
  // refusal the kernel's author can lift, by marking the output.
  if (aliased.wasInterrupted()) {
    noteDecision(op, "pipeline",
                 "no producer warp: a write before the loop (or an earlier "
                 "iteration's, in a loop around it) may reach the memory its "
                 "tensor copies read; an output marked tile.noalias cannot");
    return false;
  }
  // Only loops that are specialized weigh in specializeWarps' split.
  consumerRegisters = std::max(consumerRegisters, need);
  return true;
}

KernelLowering::ProducerRing
KernelLowering::setUpProducerRing(OpBuilder &before, Location loc,
                                  Operation *lowered, int64_t barriers,
                                  int64_t stages) {
  specializedLoops.push_back(lowered);
  ProducerRing ring{barriers, stages, !lowered->getParentOfType<scf::ForOp>(),
                    Value(), Value()};
  // At the entry, before the producer and the consumers part: the counter
  // (kept in registers once LLVM promotes it; a loop-carried value would
  // have to go through every loop around this one) and the barriers.
  OpBuilder entry(entryMarker);
  ring.counter = LLVM::AllocaOp::create(
      entry, loc, LLVM::LLVMPointerType::get(entry.getContext()),
      entry.getI32Type(), constI32(entry, loc, 1), 4);
  LLVM::StoreOp::create(entry, loc, constI32(entry, loc, 0), ring.counter);
  auto ifOp = scf::IfOp::create(entry, loc, isThreadZero(entry, loc), false);
  OpBuilder thenB = ifOp.getThenBodyBuilder();
  for (int64_t j = 0; j < stages; ++j) {
    Value stage = constI32(thenB, loc, j);
    hooks.emitTransactionBarrierInit(
        thenB, loc, ringBarrier(thenB, loc, ring, stage, false));
    hooks.emitTransactionBarrierInit(
        thenB, loc, ringBarrier(thenB, loc, ring, stage, true), numWarps);
  }
  ring.startCount =
      LLVM::LoadOp::create(before, loc, before.getI32Type(), ring.counter);
  return ring;
}

Value KernelLowering::ringBarrier(OpBuilder &b, Location loc,
                                  const ProducerRing &ring, Value stage,
                                  bool empty) {
  Value offset = arith::AddIOp::create(
      b, loc, constI32(b, loc, ring.barriers + (empty ? 8 * ring.stages : 0)),
      arith::MulIOp::create(b, loc, stage, constI32(b, loc, 8)));
  return sharedAddressI32(
      b, loc, arith::AddIOp::create(b, loc, pipelineBase(b, loc), offset));
}

Value KernelLowering::countIteration(OpBuilder &b, Location loc,
                                     const ProducerRing &ring) {
  Value count = LLVM::LoadOp::create(b, loc, b.getI32Type(), ring.counter);
  LLVM::StoreOp::create(
      b, loc, arith::AddIOp::create(b, loc, count, constI32(b, loc, 1)),
      ring.counter);
  return count;
}

void KernelLowering::emitProducerStage(
    OpBuilder &b, Location loc, const ProducerRing &ring, int64_t bytes,
    function_ref<void(OpBuilder &, Value, Value)> issue) {
  auto ifOp = scf::IfOp::create(b, loc, isProducerThread(b, loc), false);
  producerBlocks.push_back(ifOp);
  OpBuilder pb = ifOp.getThenBodyBuilder();
  // In round r the stage was released in round r - 1 (parity r + 1 mod 2,
  // which a fresh barrier passes).
  Value count = countIteration(pb, loc, ring);
  Value stages = constI32(pb, loc, ring.stages);
  Value stage = arith::RemUIOp::create(pb, loc, count, stages);
  Value one = constI32(pb, loc, 1);
  Value released = arith::XOrIOp::create(
      pb, loc,
      arith::AndIOp::create(
          pb, loc, arith::DivUIOp::create(pb, loc, count, stages), one),
      one);
  hooks.emitTransactionBarrierWait(
      pb, loc, ringBarrier(pb, loc, ring, stage, true), released);
  Value full = ringBarrier(pb, loc, ring, stage, false);
  hooks.emitTransactionBarrierExpect(pb, loc, full, bytes);
  issue(pb, stage, full);
}

void KernelLowering::releaseStage(OpBuilder &b, Location loc,
                                  const ProducerRing &ring, Value index,
                                  Value condition) {
  Value stage =
      arith::RemUIOp::create(b, loc, index, constI32(b, loc, ring.stages));
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, laneId,
                                      constI32(b, loc, 0));
  if (condition)
    first = arith::AndIOp::create(b, loc, first, condition);
  hooks.emitTransactionBarrierArrive(
      b, loc, ringBarrier(b, loc, ring, stage, true), first);
}

void KernelLowering::finishProducerRing(OpBuilder &b, Location loc,
                                        const ProducerRing &ring,
                                        bool lastInFlight) {
  if (lastInFlight) {
    Value count = LLVM::LoadOp::create(b, loc, b.getI32Type(), ring.counter);
    releaseStage(b, loc, ring,
                 arith::SubIOp::create(b, loc, count, constI32(b, loc, 1)),
                 arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, count,
                                       ring.startCount));
  }
  // A loop inside a loop keeps its barriers for the next run. Otherwise
  // they are invalidated, the scratch space after the loop overlapping
  // them, after a barrier: with none in each iteration, other consumers may
  // still be inside their last wait.
  if (!ring.runsOnce)
    return;
  barrier(b, loc);
  auto ifOp = scf::IfOp::create(b, loc, isThreadZero(b, loc), false);
  OpBuilder thenB = ifOp.getThenBodyBuilder();
  for (int64_t j = 0; j < ring.stages; ++j)
    for (bool empty : {false, true})
      hooks.emitTransactionBarrierInvalidate(
          thenB, loc,
          ringBarrier(thenB, loc, ring, constI32(thenB, loc, j), empty));
}

bool KernelLowering::isFedByProducer(const PipelinePlan &plan, DotOp op,
                                     const WarpgroupInstruction &instruction) {
  if (plan.loads[0] || plan.loads[1] ||
      (!plan.descLoads[0] && !plan.descLoads[1]))
    return false;
  for (unsigned operand = 0; operand < 2; ++operand) {
    bool fromRegisters = operand == 0 && instruction.registerA;
    if (!plan.descLoads[operand] && !plan.invariant[operand] && !fromRegisters)
      return false;
  }
  return canSpecializeWarps(plan, op);
}

/// The op of `body` holding the first of `value`'s users there, if any.
static Operation *firstUserIn(Block *body, Value value) {
  Operation *first = nullptr;
  for (Operation *user : value.getUsers()) {
    Operation *inBody = body->findAncestorOpInBlock(*user);
    if (inBody && (!first || inBody->isBeforeInBlock(first)))
      first = inBody;
  }
  return first;
}

void KernelLowering::scheduleSpecializedLoop(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<DotOp> products;
  DenseSet<Operation *> accumulating;
  std::optional<WarpgroupInstruction> instruction;
  for (auto dot : loop.getBody()->getOps<DotOp>()) {
    std::optional<WarpgroupInstruction> wide = warpgroupInstruction(dot);
    if (!wide || wide->partialSumK || wide->kContiguousOnly)
      continue;
    std::optional<PipelinePlan> plan = planPipeline(dot);
    if (!plan || !isFedByProducer(*plan, dot, *wide))
      continue;
    products.push_back(dot);
    if (plan->resultInFlight)
      accumulating.insert(dot);
    instruction = wide;
  }
  for (DotOp dot : products) {
    if (!dot->hasOneUse() || *dot->user_begin() != yield.getOperation() ||
        !cast<RankedTensorType>(dot.getType()).getElementType().isF32())
      continue;
    BlockArgument arg =
        loop.getRegionIterArgs()[dot->use_begin()->getOperandNumber()];
    // An accumulator chain runs on as resultInFlight says (planPipeline).
    if (dot.getAcc() == arg || arg.use_empty())
      continue;
    Operation *first = firstUserIn(loop.getBody(), arg);
    // Waited for before the product issues again: its stage is released
    // there, and nothing carries it on unwaited.
    if (first == yield.getOperation() || !first->isBeforeInBlock(dot))
      continue;
    carriedProducts.insert(dot);
    carriedWaits[first].push_back(arg);
    if (decisions)
      noteDecision(dot, "pipeline",
                   "in flight into the next iteration, waited for before "
                   "its first use there");
  }
  if (products.size() < 2)
    return;
  // The last product does not need the first in the same iteration: a loop
  // skewed by tile-skew-products, whose products are issued one after the
  // other and waited for where their results are used.
  bool skewed = !feedsInBlock(products.front(), products.back());
  for (DotOp dot : products) {
    if (!skewed || carriedProducts.contains(dot) || accumulating.contains(dot))
      continue;
    Operation *first = firstUserIn(loop.getBody(), dot.getResult());
    if (!first || first == yield.getOperation())
      continue;
    unsigned pending = llvm::count_if(products, [&](DotOp other) {
      return dot->isBeforeInBlock(other) && other->isBeforeInBlock(first);
    });
    deferredWaits[dot] = {first, pending};
  }
  if (numWarps != 2 * instruction->warpsPerGroup)
    return;
  productTurns[loop] = ProductTurns{products.front(),
                                    products.back(),
                                    instruction->warpsPerGroup,
                                    {},
                                    skewed};
}

std::optional<SmallVector<Value>>
KernelLowering::waitWhereUsed(OpBuilder &b, Location loc, DotOp op,
                              ArrayRef<Value> pending,
                              function_ref<void(OpBuilder &)> release) {
  auto it = deferredWaits.find(op);
  if (it == deferredWaits.end())
    return std::nullopt;
  // Lowered on demand, after the body's markers were placed; if the user's
  // is missing, the products are waited for where they are issued.
  Operation *marker = markers.lookup(it->second.user);
  if (!marker)
    return std::nullopt;
  hooks.emitWarpgroupCommit(b, loc);
  OpBuilder at(marker);
  SmallVector<Value> done = hooks.emitWarpgroupWait(at, loc, it->second.pending,
                                                    pending, /*commit=*/false);
  release(at);
  Operation *ready =
      UnrealizedConversionCastOp::create(at, loc, TypeRange{}, ValueRange{});
  extraMarkers.push_back(ready);
  readyMarkers[op.getResult()] = ready;
  return done;
}

void KernelLowering::waitForCarriedProducts(Operation *firstUser) {
  auto it = carriedWaits.find(firstUser);
  if (it == carriedWaits.end())
    return;
  OpBuilder b(markers.lookup(firstUser));
  Location loc = firstUser->getLoc();
  for (Value arg : it->second) {
    Distributed &value = materialized[arg];
    // Every group issued before is closed already.
    value.regs = hooks.emitWarpgroupWait(b, loc, /*pending=*/0, value.regs,
                                         /*commit=*/false);
    Operation *ready =
        UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
    extraMarkers.push_back(ready);
    readyMarkers[arg] = ready;
  }
  carriedWaits.erase(it);
}

/// The warpgroup (0 or 1) of this thread, and its turn barrier (2 + the
/// group) or the other's (3 - the group).
static Value turnGroup(OpBuilder &b, Location loc, Value warp,
                       int64_t warpsPerGroup) {
  return arith::DivUIOp::create(
      b, loc, warp,
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), warpsPerGroup));
}
static Value turnBarrier(OpBuilder &b, Location loc, Value group, bool own) {
  auto c = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  return own ? arith::AddIOp::create(b, loc, c(2), group).getResult()
             : arith::SubIOp::create(b, loc, c(3), group).getResult();
}

void KernelLowering::emitProductTurn(OpBuilder &b, Location loc, DotOp op,
                                     bool before) {
  auto it = productTurns.find(op->getParentOp());
  if (it == productTurns.end())
    return;
  const ProductTurns &turns = it->second;
  if (op.getOperation() !=
      (before != turns.withinIteration ? turns.last : turns.first))
    return;
  // The turn starts with a wait on the warpgroup's own barrier and ends
  // with an arrival on the other's.
  Value group = turnGroup(b, loc, getUniformWarpId(), turns.warpsPerGroup);
  if (Operation *barrier = hooks.emitNamedBarrier(
          b, loc, turnBarrier(b, loc, group, /*own=*/before),
          int64_t(numWarps) * warpSize, /*arriveOnly=*/!before))
    it->second.barriers.push_back(barrier);
}

void KernelLowering::finishProductTurns(scf::ForOp loop, scf::ForOp lowered) {
  auto it = productTurns.find(loop);
  if (it == productTurns.end())
    return;
  ProductTurns turns = std::move(it->second);
  productTurns.erase(it);
  bool allConsumers =
      lowered->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  if (allConsumers || turns.barriers.size() != 2) {
    for (Operation *barrier : turns.barriers)
      barrier->erase();
    if (decisions && allConsumers)
      noteDecision(loop, "schedule",
                   "no turns between the consumer warpgroups: the loop "
                   "needs a barrier of all consumers");
    return;
  }
  if (decisions)
    noteDecision(loop, "schedule",
                 "the two consumer warpgroups take turns issuing products");
  // Per run of the loop each warpgroup waits on its own barrier once per
  // turn, and the other arrives on it once per turn it hands over; the
  // second warpgroup arrives once before the loop (the first takes the
  // first turn). A turn from the last product to the next iteration's first
  // begins before the loop (each warpgroup waits once there) and the first
  // warpgroup arrives once after it, ending the second's last turn. A turn
  // within an iteration begins in the loop: nobody waits before it, and the
  // first warpgroup waits once after it, taking the second's last arrival
  // (unmatched, it would open the barrier early in the loop's next run).
  // Nothing between blocks on all consumers.
  Location loc = loop.getLoc();
  int64_t threads = int64_t(numWarps) * warpSize;
  OpBuilder before(lowered);
  Value group = turnGroup(before, loc, getUniformWarpId(), turns.warpsPerGroup);
  Value second = arith::CmpIOp::create(before, loc, arith::CmpIPredicate::ne,
                                       group, constI32(before, loc, 0));
  auto opening = scf::IfOp::create(before, loc, second, false);
  OpBuilder thenB = opening.getThenBodyBuilder();
  hooks.emitNamedBarrier(thenB, loc, constI32(thenB, loc, 2), threads,
                         /*arriveOnly=*/true);
  if (!turns.withinIteration)
    hooks.emitNamedBarrier(before, loc,
                           turnBarrier(before, loc, group, /*own=*/true),
                           threads, /*arriveOnly=*/false);
  OpBuilder after(lowered->getContext());
  after.setInsertionPointAfter(lowered);
  auto closing = scf::IfOp::create(
      after, loc,
      arith::XOrIOp::create(
          after, loc, second,
          arith::ConstantIntOp::create(after, loc, after.getI1Type(), 1)),
      false);
  OpBuilder closeB = closing.getThenBodyBuilder();
  hooks.emitNamedBarrier(closeB, loc,
                         constI32(closeB, loc, turns.withinIteration ? 2 : 3),
                         threads, /*arriveOnly=*/!turns.withinIteration);
}

Value KernelLowering::isProducerThread(OpBuilder &b, Location loc) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, threadId,
                               constI32(b, loc, numWarps * warpSize));
}

bool KernelLowering::isAfterSpecializedLoops(Operation *point) const {
  for (Operation *loop : specializedLoops) {
    // A loop inside a loop starts again after it: no overlap at all.
    if (!point || loop->getParentOfType<scf::ForOp>())
      return false;
    // The loop, or what holds it, before the point in the point's block;
    // else the point within something after the loop in the loop's block.
    if (Operation *holder = point->getBlock()->findAncestorOpInBlock(*loop)) {
      if (!holder->isBeforeInBlock(point))
        return false;
      continue;
    }
    Operation *holder = loop->getBlock()->findAncestorOpInBlock(*point);
    if (!holder || holder == loop || !loop->isBeforeInBlock(holder))
      return false;
  }
  return true;
}

namespace {
/// The producer's copy of the control flow around the producer blocks: per
/// level, the consumers' region it stands for, the block its code goes to
/// and the values computed there.
struct ProducerScope {
  Region *original;
  Block *block;
  IRMapping mapping;
};

/// Builds the producer's code: the loops and conditions around each
/// producer block and the scalars they need, recomputed from values defined
/// before the split.
class ProducerBuilder {
public:
  ProducerBuilder(Block &entry, Block *root) : entry(entry) {
    scopes.push_back({nullptr, root, {}});
  }

  /// Appends `block`'s code under its loops and conditions, reusing those
  /// of the previous block where they are the same.
  LogicalResult append(scf::IfOp block, Region *consumers) {
    SmallVector<Region *> chain;
    for (Region *region = block->getParentRegion(); region != consumers;
         region = region->getParentOp()->getParentRegion())
      chain.push_back(region);
    std::reverse(chain.begin(), chain.end());
    size_t common = 0;
    while (common < chain.size() && common + 1 < scopes.size() &&
           scopes[common + 1].original == chain[common])
      ++common;
    scopes.resize(common + 1);
    for (Region *region : ArrayRef(chain).drop_front(common))
      if (failed(enter(region)))
        return failure();
    Region &body = block.getThenRegion();
    llvm::SetVector<Value> free;
    getUsedValuesDefinedAbove(body, free);
    IRMapping mapping;
    if (failed(materializeAll(free.getArrayRef(), mapping)))
      return failure();
    OpBuilder b = builder();
    for (Operation &op : body.front().without_terminator())
      b.clone(op, mapping);
    return success();
  }

private:
  OpBuilder builder() {
    Block *block = scopes.back().block;
    return OpBuilder(block, block->getTerminator()->getIterator());
  }

  /// Opens the producer's copy of `region`'s loop or condition.
  LogicalResult enter(Region *region) {
    Operation *parent = region->getParentOp();
    Location loc = parent->getLoc();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      FailureOr<Value> lower = materialize(loop.getLowerBound());
      FailureOr<Value> upper = materialize(loop.getUpperBound());
      FailureOr<Value> step = materialize(loop.getStep());
      if (failed(lower) || failed(upper) || failed(step))
        return failure();
      OpBuilder b = builder();
      auto copy = scf::ForOp::create(b, loc, *lower, *upper, *step);
      ProducerScope scope{region, copy.getBody(), {}};
      scope.mapping.map(loop.getInductionVar(), copy.getInductionVar());
      scopes.push_back(std::move(scope));
      return success();
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      FailureOr<Value> condition = materialize(ifOp.getCondition());
      if (failed(condition))
        return failure();
      OpBuilder b = builder();
      Value taken = *condition;
      if (region == &ifOp.getElseRegion())
        taken = arith::XOrIOp::create(
            b, loc, taken,
            arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
      auto copy = scf::IfOp::create(b, loc, taken, /*withElseRegion=*/false);
      scopes.push_back({region, copy.thenBlock(), {}});
      return success();
    }
    return parent->emitOpError(
        "cannot be lowered by the GPU target: a producer warp cannot run "
        "the copies inside it");
  }

  /// Maps each of `values` to its value in the producer's current scope.
  LogicalResult materializeAll(ArrayRef<Value> values, IRMapping &mapping) {
    for (Value value : values) {
      FailureOr<Value> copy = materialize(value);
      if (failed(copy))
        return failure();
      mapping.map(value, *copy);
    }
    return success();
  }

  /// `value` in the producer's current scope: itself if defined before the
  /// split, else recomputed there from such values.
  FailureOr<Value> materialize(Value value) {
    for (ProducerScope &scope : llvm::reverse(scopes))
      if (Value copy = scope.mapping.lookupOrNull(value))
        return copy;
    if (value.getParentBlock() == &entry)
      return value;
    Operation *def = value.getDefiningOp();
    if (!def || !isMemoryEffectFree(def))
      return emitError(value.getLoc(),
                       "cannot be lowered by the GPU target: the producer "
                       "warp cannot compute a value its copies need"),
             failure();
    IRMapping mapping;
    llvm::SetVector<Value> needed(def->getOperands().begin(),
                                  def->getOperands().end());
    getUsedValuesDefinedAbove(def->getRegions(), needed);
    if (failed(materializeAll(needed.getArrayRef(), mapping)))
      return failure();
    OpBuilder b = builder();
    Operation *copy = b.clone(*def, mapping);
    for (auto [from, to] : llvm::zip(def->getResults(), copy->getResults()))
      scopes.back().mapping.map(from, to);
    return scopes.back().mapping.lookup(value);
  }

  Block &entry;
  SmallVector<ProducerScope> scopes;
};
} // namespace

LogicalResult KernelLowering::specializeWarps() {
  if (producerBlocks.empty())
    return success();
  Block &entry = func.getBody().front();
  Location loc = func.getLoc();
  // Before the split: the barriers initialized (entry code) and that made
  // visible to every warp.
  // The roles part on a warp index the target's compiler knows to be the
  // same across the warp: else it takes the consumers' branch for a
  // divergent one and serializes their warpgroup products in it.
  Value warp = getUniformWarpId();
  OpBuilder b(entryMarker);
  gpu::BarrierOp::create(b, loc);
  Value producer = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                         warp, constI32(b, loc, numWarps));
  auto split = scf::IfOp::create(b, loc, producer, /*withElseRegion=*/true);
  Block *consumers = split.elseBlock();
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           entryMarker->getIterator(), entry.getTerminator()->getIterator())))
    op.moveBefore(consumers->getTerminator());
  // The consumers' barriers leave the producer out.
  SmallVector<gpu::BarrierOp> barriers;
  consumers->walk([&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
  for (gpu::BarrierOp barrier : barriers) {
    OpBuilder at(barrier);
    hooks.emitPartialBarrier(at, barrier.getLoc(), /*id=*/1,
                             int64_t(numWarps) * warpSize);
    barrier.erase();
  }
  // Where registers can move, the producer is a warpgroup that gives
  // most of its registers to the consumers' warpgroups.
  std::optional<std::pair<int64_t, int64_t>> registers =
      hooks.getRegisterSplit(numWarps, consumerRegisters);
  if (registers) {
    OpBuilder cb = OpBuilder::atBlockBegin(consumers);
    hooks.emitRegisterLimit(cb, loc, registers->second, /*increase=*/true);
  }
  // The producer: its first lane runs the loops around the blocks.
  OpBuilder pb(split.thenBlock()->getTerminator());
  if (registers)
    hooks.emitRegisterLimit(pb, loc, registers->first, /*increase=*/false);
  auto lane = scf::IfOp::create(pb, loc, isProducerThread(pb, loc), false);
  ProducerBuilder producerCode(entry, lane.thenBlock());
  for (scf::IfOp block : producerBlocks)
    if (failed(producerCode.append(block, &split.getElseRegion())))
      return failure();
  for (scf::IfOp block : producerBlocks)
    block.erase();
  producerBlocks.clear();
  producerWarps = registers ? 4 : 1;
  return success();
}
