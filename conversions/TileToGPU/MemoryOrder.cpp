//===- MemoryOrder.cpp - Program order of memory accesses across threads --===//
//
// docs/Semantics.md section 1: within a program, memory ops take effect in
// program order, even when the lanes of two ops live in different GPU
// threads. Threads of a block run independently, so two accesses of one
// address by different threads, one of them a write, need a block barrier
// between them (a later load must see an earlier store; an earlier load must
// not see a later store; of two stores the later one wins).
//
// The lowering marks an order point before every memory access and loop.
// Once every access has been emitted, and the layouts it was emitted in are
// known, this walks the kernel in program order (loops until their state
// settles, both branches of an scf.if) keeping the accesses no barrier
// orders yet, and puts a barrier before an access that may conflict with one
// of them. Two accesses never conflict when
//   * their pointers come from different arguments one of which is
//     `tile.noalias`;
//   * each element is accessed by the same thread in both: the same pointer
//     tile (the same value in both, not one of different loop iterations),
//     in layouts without thread copies that put each element in the same
//     thread;
//   * both are atomics of one commutative kind whose old values are unused
//     (any order leaves the same memory).
// An atomic's order spans the whole program (docs/Semantics.md 3.6): every
// access before a release, and every access after an acquire, is ordered
// with it by a barrier, whatever it accesses.
// A loop that writes no memory may have its loads issued early (pipelined,
// or as tensor copies before the loop), so the barrier its reads need goes
// before the loop, which also keeps it out of the loop. The iterations of a
// loop over the grid's programs (`tile.grid_loop`) are not ordered with
// each other at all.
//
// A tensor store (a `tile.desc_store` left by Descriptors.cpp) is written by
// the async proxy after its issuing thread moved on: a barrier ordering a
// later access after one is preceded by a wait until its writes are done.
// It is also done before any later atomic (a release may publish it).
// Tensor copies and stores go through the async proxy, which sees the
// generic proxy's accesses only after a proxy fence: accesses of memory a
// later descriptor access may touch stay pending, for that, until a barrier
// with the fence (one before a descriptor access) orders them; a barrier
// placed for another reason does not.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

static bool isMemoryAccess(Operation *op) {
  return isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, DescLoadOp,
             DescStoreOp>(op);
}

static bool isRead(Operation *op) {
  return isa<LoadOp, AtomicRMWOp, AtomicCASOp, DescLoadOp>(op);
}

namespace {

/// Memory accesses not yet ordered by a barrier, each with the loops whose
/// back edge it has been carried around (its pointers may then be another
/// iteration's).
struct PendingAccesses {
  using AccessSet =
      llvm::MapVector<Operation *, llvm::SmallSetVector<Operation *, 2>>;
  AccessSet reads, writes;
  /// Accesses no proxy fence has ordered yet, of which `unfencedWrites` are
  /// the writes.
  AccessSet unfencedReads, unfencedWrites;

  size_t size() const {
    size_t n = 0;
    for (auto *set : {&reads, &writes, &unfencedReads, &unfencedWrites})
      for (auto &entry : *set)
        n += 1 + entry.second.size();
    return n;
  }
  /// After a barrier: with a proxy fence, nothing is pending.
  void clear(bool fenced) {
    reads.clear();
    writes.clear();
    if (fenced) {
      unfencedReads.clear();
      unfencedWrites.clear();
    }
  }
  void merge(const PendingAccesses &other) {
    for (auto [mine, theirs] :
         {std::pair{&reads, &other.reads}, std::pair{&writes, &other.writes},
          std::pair{&unfencedReads, &other.unfencedReads},
          std::pair{&unfencedWrites, &other.unfencedWrites}})
      for (auto &[op, loops] : *theirs)
        (*mine)[op].insert(loops.begin(), loops.end());
  }
  /// The accesses of `body` made inside `loop`, as the next iteration sees
  /// them.
  void carryAround(Operation *loop) {
    for (auto *set : {&reads, &writes, &unfencedReads, &unfencedWrites})
      for (auto &[op, loops] : *set)
        if (loop->isProperAncestor(op))
          loops.insert(loop);
  }
};

class MemoryOrdering {
public:
  MemoryOrdering(
      FuncOp kernel,
      const DenseMap<Operation *, SmallVector<Layout, 1>> &accessLayouts)
      : kernel(kernel), accessLayouts(accessLayouts) {}

  /// The accesses and loops a barrier must precede.
  llvm::SetVector<Operation *> run() {
    PendingAccesses state;
    visitBlock(kernel.getBody().front(), state);
    return barriers;
  }
  /// Whether tensor copies read, or tensor stores write, after a barrier
  /// before `point` (through the async proxy, which needs a fence of its
  /// own).
  bool usesAsyncProxy(Operation *point) const {
    return point
        ->walk([](Operation *op) {
          return isa<DescLoadOp, DescStoreOp>(op) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
        })
        .wasInterrupted();
  }
  /// Whether tensor stores may be in flight at the barrier before `point`.
  bool waitsForTensorStores(Operation *point) const {
    return storesInFlight.contains(point);
  }

private:
  void visitBlock(Block &block, PendingAccesses &state) {
    for (Operation &op : block)
      visitOp(&op, state);
  }

  void visitOp(Operation *op, PendingAccesses &state) {
    if (isa<scf::ForOp, scf::WhileOp>(op))
      return visitLoop(op, state);
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      PendingAccesses otherwise = state;
      visitBlock(ifOp.getThenRegion().front(), state);
      if (!ifOp.getElseRegion().empty())
        visitBlock(ifOp.getElseRegion().front(), otherwise);
      state.merge(otherwise);
      return;
    }
    if (isMemoryAccess(op))
      visitAccess(op, state);
  }

  void visitLoop(Operation *loop, PendingAccesses &state) {
    if (!writesMemory(loop)) {
      // Reads only: all of them are ordered before the loop, where their
      // early copies may be issued.
      SmallVector<Operation *> reads;
      loop->walk([&](Operation *inner) {
        if (isRead(inner))
          reads.push_back(inner);
      });
      bool conflict =
          barriers.contains(loop) || llvm::any_of(reads, [&](Operation *read) {
            return conflictsWithPending(read, state.writes) ||
                   conflictsAcrossProxies(read, state);
          });
      if (conflict)
        placeBarrier(loop, state);
      for (Operation *read : reads) {
        state.reads[read].insert(loop);
        state.unfencedReads[read].insert(loop);
      }
      return;
    }
    if (loop->hasAttr(TileDialect::getGridLoopAttrName())) {
      // Its iterations are other programs, which only atomics order, and an
      // atomic orders its own program's accesses: each iteration starts
      // from what came before the loop and leaves nothing to the next.
      PendingAccesses body = state;
      for (Region &region : loop->getRegions())
        visitBlock(region.front(), body);
      state.merge(body);
      return;
    }
    // The state at the top of the body: what comes in, and what the body
    // leaves for its next iteration, until that adds nothing.
    PendingAccesses entry = state;
    while (true) {
      PendingAccesses body = entry;
      for (Region &region : loop->getRegions())
        visitBlock(region.front(), body);
      body.carryAround(loop);
      size_t before = entry.size();
      entry.merge(body);
      if (entry.size() == before)
        break;
    }
    state = std::move(entry); // the loop may run no iteration
  }

  void visitAccess(Operation *op, PendingAccesses &state) {
    bool conflict =
        barriers.contains(op) || conflictsWithPending(op, state.writes) ||
        (writesMemory(op) && conflictsWithPending(op, state.reads)) ||
        conflictsAcrossProxies(op, state);
    if (conflict)
      placeBarrier(op, state);
    if (isRead(op)) {
      state.reads[op];
      state.unfencedReads[op];
    }
    if (writesMemory(op)) {
      state.writes[op];
      state.unfencedWrites[op];
    }
  }

  /// Places a barrier before `point` and clears `state` of what it orders.
  void placeBarrier(Operation *point, PendingAccesses &state) {
    barriers.insert(point);
    if (llvm::any_of(state.writes,
                     [](auto &entry) { return isa<DescStoreOp>(entry.first); }))
      storesInFlight.insert(point);
    state.clear(/*fenced=*/usesAsyncProxy(point));
  }

  /// Whether descriptor access `later` (a tensor copy or store, perhaps)
  /// may touch memory that an access no proxy fence ordered wrote, or, for
  /// a store, read. Descriptors lowered to plain accesses need no fence;
  /// which ones are is not known here, so every one counts.
  bool conflictsAcrossProxies(Operation *later, const PendingAccesses &state) {
    if (!isa<DescLoadOp, DescStoreOp>(later))
      return false;
    auto touches = [&](const PendingAccesses::AccessSet &pending) {
      return llvm::any_of(pending, [&](auto &entry) {
        return mayAlias(entry.first->getOperand(0), later->getOperand(0));
      });
    };
    return touches(state.unfencedWrites) ||
           (isa<DescStoreOp>(later) && touches(state.unfencedReads));
  }

  bool conflictsWithPending(
      Operation *later,
      const llvm::MapVector<Operation *, llvm::SmallSetVector<Operation *, 2>>
          &pending) {
    return llvm::any_of(pending, [&](auto &entry) {
      return mayConflict(entry.first, entry.second.getArrayRef(), later);
    });
  }

  bool mayConflict(Operation *earlier, ArrayRef<Operation *> carriedAround,
                   Operation *later) {
    if (orders(later, MemoryOrder::release) ||
        orders(earlier, MemoryOrder::acquire))
      return true;
    if (commute(earlier, later))
      return false;
    if (isa<DescStoreOp>(earlier) && isa<AtomicRMWOp, AtomicCASOp>(later))
      return true;
    Value a = earlier->getOperand(0), b = later->getOperand(0);
    if (!mayAlias(a, b))
      return false;
    return !sameThreadPerElement(earlier, carriedAround, later);
  }

  /// Whether `op` is an atomic whose order includes `part` (release or
  /// acquire).
  static bool orders(Operation *op, MemoryOrder part) {
    MemoryOrder order;
    if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      order = rmw.getOrder();
    else if (auto cas = dyn_cast<AtomicCASOp>(op))
      order = cas.getOrder();
    else
      return false;
    return order == part || order == MemoryOrder::acq_rel;
  }

  /// Two atomics whose order no one can observe.
  static bool commute(Operation *earlier, Operation *later) {
    auto a = dyn_cast<AtomicRMWOp>(earlier), b = dyn_cast<AtomicRMWOp>(later);
    if (!a || !b || a.getKind() != b.getKind() || !a->use_empty() ||
        !b->use_empty())
      return false;
    // fadd rounds differently in another order; xchg keeps the last value.
    return a.getKind() != AtomicRMWKind::fadd &&
           a.getKind() != AtomicRMWKind::xchg;
  }

public:
  bool mayAlias(Value a, Value b) {
    std::optional<SmallVector<unsigned, 2>> rootsA = rootsOf(a),
                                            rootsB = rootsOf(b);
    if (!rootsA || !rootsB)
      return true;
    auto noalias = [&](unsigned arg) {
      return bool(kernel.getArgAttr(arg, TileDialect::getNoAliasAttrName()));
    };
    for (unsigned x : *rootsA)
      for (unsigned y : *rootsB)
        if (x == y || (!noalias(x) && !noalias(y)))
          return true;
    return false;
  }

private:
  /// The kernel arguments `ptr` (pointers or a descriptor) may point into;
  /// nullopt when that is not known (a pointer made from an integer).
  std::optional<SmallVector<unsigned, 2>> rootsOf(Value ptr) {
    auto [it, inserted] = rootCache.try_emplace(ptr);
    if (inserted)
      it->second = traceRoots(ptr);
    return it->second;
  }

  std::optional<SmallVector<unsigned, 2>> traceRoots(Value ptr) {
    SmallVector<unsigned, 2> roots;
    SmallVector<Value> worklist{ptr};
    DenseSet<Value> seen;
    Block &entry = kernel.getBody().front();
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!seen.insert(value).second)
        continue;
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        Operation *parent = arg.getOwner()->getParentOp();
        unsigned i = arg.getArgNumber();
        if (arg.getOwner() == &entry) {
          roots.push_back(i);
        } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
          if (arg == forOp.getInductionVar())
            return std::nullopt;
          worklist.push_back(forOp.getInitArgs()[i - 1]);
          worklist.push_back(forOp.getYieldedValues()[i - 1]);
        } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
          if (arg.getOwner() == &whileOp.getBefore().front()) {
            worklist.push_back(whileOp.getInits()[i]);
            worklist.push_back(whileOp.getYieldOp().getOperand(i));
          } else {
            worklist.push_back(whileOp.getConditionOp().getArgs()[i]);
          }
        } else {
          return std::nullopt;
        }
        continue;
      }
      Operation *def = value.getDefiningOp();
      unsigned i = cast<OpResult>(value).getResultNumber();
      if (auto forOp = dyn_cast<scf::ForOp>(def)) {
        worklist.push_back(forOp.getInitArgs()[i]);
        worklist.push_back(forOp.getYieldedValues()[i]);
      } else if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        worklist.push_back(ifOp.thenYield().getOperand(i));
        if (!ifOp.getElseRegion().empty())
          worklist.push_back(ifOp.elseYield().getOperand(i));
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(def)) {
        worklist.push_back(whileOp.getConditionOp().getArgs()[i]);
      } else if (auto makeDesc = dyn_cast<MakeDescOp>(def)) {
        worklist.push_back(makeDesc.getBase());
      } else if (auto addPtr = dyn_cast<AddPtrOp>(def)) {
        worklist.push_back(addPtr.getPtr());
      } else {
        // Shape ops, selects: pointers in, pointers out.
        size_t before = worklist.size();
        for (Value operand : def->getOperands())
          if (isa<PointerType>(getElementTypeOrSelf(operand.getType())))
            worklist.push_back(operand);
        if (worklist.size() == before)
          return std::nullopt; // made from integers
      }
    }
    return roots;
  }

  /// Whether every element `earlier` and `later` access is accessed by one
  /// thread in both, at one address.
  bool sameThreadPerElement(Operation *earlier,
                            ArrayRef<Operation *> carriedAround,
                            Operation *later) {
    Value ptr = earlier->getOperand(0);
    if (!isTile(ptr) || ptr != later->getOperand(0))
      return false;
    // Carried around a loop in which the pointers are computed, they are
    // another iteration's.
    for (Operation *loop : carriedAround) {
      Region *defined = ptr.getParentRegion();
      if (loop->isAncestor(defined->getParentOp()))
        return false;
    }
    auto layoutsA = accessLayouts.find(earlier),
         layoutsB = accessLayouts.find(later);
    if (layoutsA == accessLayouts.end() || layoutsB == accessLayouts.end())
      return false;
    auto ownsOnce = [](const Layout &layout) {
      return layout.getCopyLaneMask() == 0 && layout.getCopyWarpMask() == 0;
    };
    for (const Layout &a : layoutsA->second)
      for (const Layout &b : layoutsB->second)
        if (!ownsOnce(a) || !ownsOnce(b) || !getRegisterMapping(a, b) ||
            !getRegisterMapping(b, a))
          return false;
    return true;
  }

  FuncOp kernel;
  const DenseMap<Operation *, SmallVector<Layout, 1>> &accessLayouts;
  llvm::SetVector<Operation *> barriers;
  DenseSet<Operation *> storesInFlight;
  DenseMap<Value, std::optional<SmallVector<unsigned, 2>>> rootCache;
};

} // namespace

bool mlir::tile::togpu::mayAlias(FuncOp kernel, Value a, Value b) {
  static const DenseMap<Operation *, SmallVector<Layout, 1>> noLayouts;
  return MemoryOrdering(kernel, noLayouts).mayAlias(a, b);
}

void KernelLowering::addOrderPoint(Operation *op, OpBuilder &b) {
  if (!isMemoryAccess(op) && !isa<scf::ForOp, scf::WhileOp>(op))
    return;
  orderPoints[op] = UnrealizedConversionCastOp::create(
      b, op->getLoc(), TypeRange{}, ValueRange{});
}

void KernelLowering::recordAccess(Operation *op, const Layout &layout) {
  SmallVector<Layout, 1> &layouts = accessLayouts[op];
  if (!llvm::is_contained(layouts, layout))
    layouts.push_back(layout);
}

void KernelLowering::orderMemoryAccesses() {
  MemoryOrdering ordering(kernel, accessLayouts);
  for (Operation *op : ordering.run()) {
    Operation *point = orderPoints.lookup(op);
    assert(point && "every access and loop passes lowerOp");
    OpBuilder b(point);
    if (ordering.waitsForTensorStores(op))
      hooks.emitTensorStoreWait(b, op->getLoc(), /*written=*/true);
    if (ordering.usesAsyncProxy(op))
      hooks.emitGlobalProxyFence(b, op->getLoc());
    barrier(b, op->getLoc());
  }
  for (auto &[op, point] : orderPoints)
    point->erase();
  orderPoints.clear();
}
