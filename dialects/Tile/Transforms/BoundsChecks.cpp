//===- BoundsChecks.cpp - The tile-insert-bounds-checks pass --------------===//
//
// Every access is checked against the extent of the buffer its pointers
// were computed from, in tile IR, so that every target checks the same way
// and no target needs code of its own: a failed check is a tile.assert.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <limits>

namespace mlir::tile {
#define GEN_PASS_DEF_TILEINSERTBOUNDSCHECKS
#include "tile/Dialect/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The pointer argument a pointer or pointer tile was computed from, found
/// through address arithmetic, shape ops and control flow. `kSelf` stands
/// for the loop-carried value being resolved (a pointer advanced from
/// itself keeps its base).
class BaseFinder {
public:
  static constexpr int kUnknown = -1, kSelf = -2;

  int find(Value value) {
    if (visiting.contains(value))
      return kSelf;
    visiting.insert(value);
    int base = compute(value);
    visiting.erase(value);
    return base;
  }

private:
  static int merge(int a, int b) {
    if (a == kSelf)
      return b;
    if (b == kSelf || a == b)
      return a;
    return kUnknown;
  }

  int compute(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (isa<FuncOp>(owner))
        return isa<PointerType>(arg.getType()) ? int(arg.getArgNumber())
                                               : kUnknown;
      if (auto loop = dyn_cast<scf::ForOp>(owner)) {
        if (arg == loop.getInductionVar())
          return kUnknown;
        unsigned i = arg.getArgNumber() - 1;
        return merge(find(loop.getInitArgs()[i]),
                     find(loop.getYieldedValues()[i]));
      }
      if (auto loop = dyn_cast<scf::WhileOp>(owner)) {
        unsigned i = arg.getArgNumber();
        if (arg.getOwner() == loop.getBeforeBody())
          return merge(find(loop.getInits()[i]),
                       find(loop.getYieldOp().getOperand(i)));
        return find(loop.getConditionOp().getArgs()[i]);
      }
      return kUnknown;
    }
    Operation *def = value.getDefiningOp();
    unsigned result = cast<OpResult>(value).getResultNumber();
    if (auto addPtr = dyn_cast<AddPtrOp>(def))
      return find(addPtr.getPtr());
    if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp>(def))
      return find(def->getOperand(0));
    if (auto select = dyn_cast<arith::SelectOp>(def))
      return merge(find(select.getTrueValue()), find(select.getFalseValue()));
    if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
      if (ifOp.getElseRegion().empty())
        return kUnknown;
      return merge(find(ifOp.thenYield().getOperand(result)),
                   find(ifOp.elseYield().getOperand(result)));
    }
    if (auto loop = dyn_cast<scf::ForOp>(def))
      return merge(find(loop.getInitArgs()[result]),
                   find(loop.getYieldedValues()[result]));
    if (auto loop = dyn_cast<scf::WhileOp>(def))
      return find(loop.getConditionOp().getArgs()[result]);
    return kUnknown;
  }

  DenseSet<Value> visiting;
};

/// The bytes of one element that `ptrType` (a pointer or pointer tile)
/// points to.
int64_t elementBytes(Type ptrType) {
  Type pointee =
      cast<PointerType>(getElementTypeOrSelf(ptrType)).getPointeeType();
  if (isa<PointerType>(pointee))
    return 8;
  return llvm::divideCeil(pointee.getIntOrFloatBitWidth(), 8);
}

class Checker {
public:
  Checker(FuncOp kernel, ArrayRef<Value> extents) : kernel(kernel) {
    for (auto [arg, extent] : llvm::zip(pointerArgs(kernel), extents))
      extentOf[arg] = extent;
  }

  static SmallVector<unsigned> pointerArgs(FuncOp kernel) {
    SmallVector<unsigned> args;
    for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes()))
      if (isa<PointerType>(type))
        args.push_back(i);
    return args;
  }

  /// Checks the access `op` through `ptr` with `mask` (may be null) and
  /// returns the mask the access should use instead (null: keep its own).
  /// An access that takes no mask (`maskable` false) is guarded instead.
  Value check(Operation *op, Value ptr, Value mask, bool maskable = true) {
    int base = finder.find(ptr);
    if (base < 0) {
      op->emitWarning("not bounds-checked: its pointers come from no "
                      "pointer argument of the kernel");
      return mask;
    }
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value offset = byteOffset(b, loc, ptr, base);
    Value limit =
        arith::SubIOp::create(b, loc, extentOf.lookup(unsigned(base)),
                              constant(b, loc, elementBytes(ptr.getType())));
    Value inBounds = inRange(b, loc, offset, limit);
    // Lanes the access leaves alone may point anywhere.
    Value ok = inBounds;
    if (mask) {
      Value inactive =
          arith::XOrIOp::create(b, loc, mask, allTrue(b, loc, mask.getType()));
      ok = arith::OrIOp::create(b, loc, inBounds, inactive);
    }
    Value allOk = report(b, loc, op, base, ok, offset);
    if (!maskable) {
      guard(op, allOk);
      return Value();
    }
    return mask ? Value(arith::AndIOp::create(b, loc, mask, inBounds))
                : inBounds;
  }

  /// `op` (an atomic_cas, which has no mask) runs only when `allOk`;
  /// otherwise it reads nothing and its results are its comparands (the
  /// launch fails anyway).
  static void guard(Operation *op, Value allOk) {
    auto cas = cast<AtomicCASOp>(op);
    OpBuilder b(op);
    auto ifOp = scf::IfOp::create(b, op->getLoc(), cas->getResultTypes(), allOk,
                                  /*withElseRegion=*/true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    Operation *moved = thenB.clone(*op);
    scf::YieldOp::create(thenB, op->getLoc(), moved->getResults());
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseB, op->getLoc(), ValueRange{cas.getCmp()});
    op->replaceAllUsesWith(ifOp.getResults());
    op->erase();
  }

  /// The last element a descriptor describes must lie in its buffer.
  void check(MakeDescOp op) {
    int base = finder.find(op.getBase());
    if (base < 0) {
      op.emitWarning("not bounds-checked: its base comes from no pointer "
                     "argument of the kernel");
      return;
    }
    OpBuilder b(op);
    b.setInsertionPointAfter(op);
    Location loc = op.getLoc();
    Value last = byteOffset(b, loc, op.getBase(), base);
    int64_t bytes = elementBytes(op.getBase().getType());
    for (auto [size, stride] : llvm::zip(op.getShape(), op.getStrides())) {
      Value size64 = arith::ExtSIOp::create(b, loc, b.getI64Type(), size);
      Value steps = arith::SubIOp::create(b, loc, size64, constant(b, loc, 1));
      Value span = arith::MulIOp::create(
          b, loc, arith::MulIOp::create(b, loc, steps, stride),
          constant(b, loc, bytes));
      last = arith::AddIOp::create(b, loc, last, span);
    }
    Value limit = arith::SubIOp::create(b, loc, extentOf.lookup(unsigned(base)),
                                        constant(b, loc, bytes));
    report(b, loc, op, base, inRange(b, loc, last, limit), last);
  }

private:
  static Value constant(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), value);
  }

  static Value allTrue(OpBuilder &b, Location loc, Type type) {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return arith::ConstantOp::create(b, loc,
                                       DenseElementsAttr::get(tensor, true));
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  }

  /// A scalar `value` as a tile like `like`, or itself.
  static Value splatLike(OpBuilder &b, Location loc, Value value, Type like) {
    auto tensor = dyn_cast<RankedTensorType>(like);
    if (!tensor)
      return value;
    return SplatOp::create(
        b, loc, RankedTensorType::get(tensor.getShape(), value.getType()),
        value);
  }

  /// The offsets in bytes of `ptr` from pointer argument `base`.
  Value byteOffset(OpBuilder &b, Location loc, Value ptr, unsigned base) {
    Type i64 = b.getI64Type();
    Type intType = i64;
    if (auto tensor = dyn_cast<RankedTensorType>(ptr.getType()))
      intType = RankedTensorType::get(tensor.getShape(), i64);
    Value address = PtrToIntOp::create(b, loc, intType, ptr);
    Value start = PtrToIntOp::create(b, loc, i64, kernel.getArgument(base));
    return arith::SubIOp::create(b, loc, address,
                                 splatLike(b, loc, start, intType));
  }

  /// 0 <= offset <= limit, elementwise.
  static Value inRange(OpBuilder &b, Location loc, Value offset, Value limit) {
    Type type = offset.getType();
    Value zero = splatLike(b, loc, constant(b, loc, 0), type);
    Value atLeastZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, offset, zero);
    Value atMostLimit =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, offset,
                              splatLike(b, loc, limit, type));
    return arith::AndIOp::create(b, loc, atLeastZero, atMostLimit);
  }

  /// `values` (a tile) reduced to a scalar by `combine` over every element,
  /// one axis at a time (a reshape to one dimension would move the tile
  /// through shared memory on GPUs).
  template <typename CombineOp>
  static Value reduceAll(OpBuilder &b, Location loc, Value values) {
    while (auto tensor = dyn_cast<RankedTensorType>(values.getType())) {
      Type element = tensor.getElementType();
      Type resultType = tensor.getRank() == 1
                            ? element
                            : Type(RankedTensorType::get(
                                  tensor.getShape().drop_front(), element));
      auto reduce =
          ReduceOp::create(b, loc, TypeRange{resultType}, ValueRange{values},
                           b.getI32IntegerAttr(0));
      OpBuilder::InsertionGuard guard(b);
      Block *body = b.createBlock(&reduce.getCombiner(), {}, {element, element},
                                  {loc, loc});
      Value combined =
          CombineOp::create(b, loc, body->getArgument(0), body->getArgument(1));
      YieldOp::create(b, loc, combined);
      values = reduce.getResult(0);
    }
    return values;
  }

  /// When any lane of `ok` is false: prints the first offending offset and
  /// fails an assertion naming `op` and its location. Returns whether every
  /// lane is fine (an i1).
  Value report(OpBuilder &b, Location loc, Operation *op, unsigned base,
               Value ok, Value offset) {
    Value allOk = ok;
    if (isa<RankedTensorType>(ok.getType()))
      allOk = reduceAll<arith::AndIOp>(b, loc, ok);
    Value failed = arith::XOrIOp::create(
        b, loc, allOk, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    std::string where;
    llvm::raw_string_ostream os(where);
    os << op->getName() << " at ";
    if (auto file = dyn_cast<FileLineColLoc>(loc))
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
    else
      os << loc;
    auto ifOp = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
    {
      OpBuilder tb = ifOp.getThenBodyBuilder();
      Value first = offset;
      if (isa<RankedTensorType>(offset.getType())) {
        Value never = splatLike(
            tb, loc, constant(tb, loc, std::numeric_limits<int64_t>::max()),
            offset.getType());
        first = reduceAll<arith::MinSIOp>(
            tb, loc, arith::SelectOp::create(tb, loc, ok, never, offset));
      }
      PrintOp::create(
          tb, loc,
          tb.getStringAttr("out of bounds: " + where + ": byte offset "),
          /*hex=*/false, ValueRange{first}, /*program=*/ValueRange());
      PrintOp::create(tb, loc,
                      tb.getStringAttr("  from pointer argument #" +
                                       std::to_string(base) +
                                       " whose buffer has bytes: "),
                      /*hex=*/false, ValueRange{extentOf.lookup(base)},
                      /*program=*/ValueRange());
    }
    AssertOp::create(b, loc, allOk,
                     b.getStringAttr("out-of-bounds access: " + where),
                     /*program=*/ValueRange());
    return allOk;
  }

  FuncOp kernel;
  DenseMap<unsigned, Value> extentOf;
  BaseFinder finder;
};

struct TileInsertBoundsChecksPass
    : mlir::tile::impl::TileInsertBoundsChecksBase<TileInsertBoundsChecksPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation()->getRegions().front().getOps<FuncOp>())
      insertChecks(kernel);
  }

  void insertChecks(FuncOp kernel) {
    if (kernel->hasAttr(kCheckedAttr))
      return; // Already checked: the pass is idempotent.
    SmallVector<unsigned> pointers = Checker::pointerArgs(kernel);
    Type i64 = IntegerType::get(kernel.getContext(), 64);
    SmallVector<Value> extents;
    for (unsigned i = 0; i < pointers.size(); ++i) {
      unsigned index = kernel.getNumArguments();
      (void)kernel.insertArgument(index, i64, DictionaryAttr(),
                                  kernel.getLoc());
      extents.push_back(kernel.getArgument(index));
    }
    kernel->setAttr(kCheckedAttr,
                    IntegerAttr::get(IntegerType::get(kernel.getContext(), 32),
                                     pointers.size()));
    Checker checker(kernel, extents);
    SmallVector<Operation *> accesses;
    kernel.walk([&](Operation *op) {
      if (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, MakeDescOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      if (auto desc = dyn_cast<MakeDescOp>(op)) {
        checker.check(desc);
      } else if (auto load = dyn_cast<LoadOp>(op)) {
        if (Value mask = checker.check(op, load.getPtr(), load.getMask()))
          load.getMaskMutable().assign(mask);
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        if (Value mask = checker.check(op, store.getPtr(), store.getMask()))
          store.getMaskMutable().assign(mask);
      } else if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
        if (Value mask = checker.check(op, rmw.getPtr(), rmw.getMask()))
          rmw.getMaskMutable().assign(mask);
      } else {
        auto cas = cast<AtomicCASOp>(op);
        checker.check(op, cas.getPtr(), Value(), /*maskable=*/false);
      }
    }
  }

  static constexpr StringLiteral kCheckedAttr = "tile.bounds_checked";
};

} // namespace
