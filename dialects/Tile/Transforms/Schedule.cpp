//===- Schedule.cpp - A kernel's grid walked as its schedule says ---------===//
//
// tile-apply-schedule: grouped tile order and persistent programs made
// explicit in the kernel's code, once for every target (docs/Semantics.md
// section 1.1). Neither changes what a program computes: each program of
// the grid still runs once, with its own ids; only which launched program
// runs it, and when, changes.
//
//===----------------------------------------------------------------------===//

#include "GridIds.h"
#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEAPPLYSCHEDULE
#include "tile/Dialect/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::detail;

namespace {

/// A program id (i64, below its i32 extent) as the i32 it is: the
/// narrowing keeps the value (nsw, nuw), which later analyses may rely on
/// (a persistent program's rows are then known not negative).
Value narrowId(OpBuilder &b, Location loc, Value id) {
  auto narrowed = arith::TruncIOp::create(b, loc, b.getI32Type(), id);
  narrowed.setOverflowFlags(arith::IntegerOverflowFlags::nsw |
                            arith::IntegerOverflowFlags::nuw);
  return narrowed;
}

/// The program (x, y) of a z plane of extents (gx, gy), i64, that the
/// launch slot `slot` within the plane (x fastest) runs: in row-major order,
/// or in groups of `groupRows` rows (x) that walk down the columns (y)
/// together. Every slot names a different program: in the plane's last
/// group, which may hold fewer rows, the slots are dealt over the rows it
/// has. The ids are i32.
std::pair<Value, Value> programInPlane(OpBuilder &b, Location loc, Value slot,
                                       Value gx, Value gy, int32_t groupRows) {
  auto narrow = [&](Value v) { return narrowId(b, loc, v); };
  if (groupRows <= 1)
    return {narrow(arith::RemUIOp::create(b, loc, slot, gx)),
            narrow(arith::DivUIOp::create(b, loc, slot, gx))};
  Value rows = arith::ConstantIntOp::create(b, loc, b.getI64Type(), groupRows);
  Value perGroup = arith::MulIOp::create(b, loc, rows, gy);
  Value group = arith::DivUIOp::create(b, loc, slot, perGroup);
  Value firstRow = arith::MulIOp::create(b, loc, group, rows);
  Value rowsLeft = arith::SubIOp::create(b, loc, gx, firstRow);
  Value groupSize = arith::MinUIOp::create(b, loc, rowsLeft, rows);
  Value inGroup = arith::RemUIOp::create(b, loc, slot, perGroup);
  Value x = arith::AddIOp::create(
      b, loc, firstRow, arith::RemUIOp::create(b, loc, inGroup, groupSize));
  Value y = arith::DivUIOp::create(b, loc, inGroup, groupSize);
  return {narrow(x), narrow(y)};
}

/// Grouped order without persistence: each launched program runs the
/// program its slot names in grouped order.
void applyGroupedOrder(FuncOp kernel, int32_t groupRows) {
  Location loc = kernel.getLoc();
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  SmallVector<Value> ids, extents;
  llvm::SmallPtrSet<Operation *, 8> created;
  launchedGrid(b, loc, ids, extents, created);
  // The slot in the program's z plane, x + gx * y, as the launch numbers
  // them; z keeps its id.
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) { return arith::ExtUIOp::create(b, loc, i64, v); };
  Value gx = wide(extents[0]);
  Value slot = arith::AddIOp::create(
      b, loc, wide(ids[0]), arith::MulIOp::create(b, loc, gx, wide(ids[1])));
  auto [x, y] = programInPlane(b, loc, slot, gx, wide(extents[1]), groupRows);
  SmallVector<Value> program{x, y, ids[2]};
  replaceGridOps(kernel, program, /*extents=*/{}, created);
  eraseUnused(created);
}

/// Persistent programs: the body becomes a loop over the grid's programs,
/// whose extents are three new trailing arguments.
void applyPersistence(FuncOp kernel, int32_t groupRows) {
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  Type i32 = IntegerType::get(context, 32), i64 = IntegerType::get(context, 64);
  SmallVector<Value> grid;
  for (int axis = 0; axis < 3; ++axis) {
    unsigned index = kernel.getNumArguments();
    (void)kernel.insertArgument(index, i32, DictionaryAttr(), loc);
    grid.push_back(kernel.getArgument(index));
  }
  Block &body = kernel.getBody().front();
  SmallVector<Operation *> original;
  for (Operation &op : body.without_terminator())
    original.push_back(&op);

  OpBuilder b = OpBuilder::atBlockBegin(&body);
  SmallVector<Value> launchedIds, launchedExtents;
  llvm::SmallPtrSet<Operation *, 8> created;
  launchedGrid(b, loc, launchedIds, launchedExtents, created);
  // The launch is one-dimensional (docs/Runtime.md); slots are counted in
  // i64, as a grid may hold more than 2^31 programs.
  auto wide = [&](Value v) { return arith::ExtUIOp::create(b, loc, i64, v); };
  Value total = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, wide(grid[0]), wide(grid[1])),
      wide(grid[2]));
  auto loop = scf::ForOp::create(b, loc, wide(launchedIds[0]), total,
                                 wide(launchedExtents[0]));
  // Its iterations are the grid's programs, unordered among themselves:
  // a lowering may start one's loads before an earlier one's stores.
  loop->setAttr(TileDialect::getGridLoopAttrName(), UnitAttr::get(context));
  Block *loopBody = loop.getBody();
  for (Operation *op : original)
    op->moveBefore(loopBody->getTerminator());
  b.setInsertionPointToStart(loopBody);
  Value slot = loop.getInductionVar();
  Value gx = wide(grid[0]), gy = wide(grid[1]);
  Value plane = arith::MulIOp::create(b, loc, gx, gy);
  auto [x, y] = programInPlane(
      b, loc, arith::RemUIOp::create(b, loc, slot, plane), gx, gy, groupRows);
  Value z = narrowId(b, loc, arith::DivUIOp::create(b, loc, slot, plane));
  replaceGridOps(kernel, {x, y, z}, grid, created);
  eraseUnused(created);
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
}

struct TileApplySchedulePass
    : mlir::tile::impl::TileApplyScheduleBase<TileApplySchedulePass> {
  void runOnOperation() override {
    llvm::StringSet<> widened; // kernels given the grid's extents
    for (auto kernel : getOperation()->getRegions().front().getOps<FuncOp>()) {
      auto schedule = kernel->getAttrOfType<ScheduleAttr>(
          TileDialect::getScheduleAttrName());
      if (!schedule || (!schedule.getPersistent() && !schedule.isGrouped()))
        continue;
      if (!kernel.getBody().hasOneBlock()) {
        kernel.emitOpError("a schedule needs a kernel body of one block");
        return signalPassFailure();
      }
      if (schedule.getPersistent()) {
        applyPersistence(kernel, schedule.getGroupRows());
        widened.insert(kernel.getSymName());
      } else
        applyGroupedOrder(kernel, schedule.getGroupRows());
      // What is left is the CPU's part, read by its grid lowering.
      if (schedule.getCpuKind() == CPUScheduleKind::Static &&
          schedule.getCpuChunk() == 0) {
        kernel->removeAttr(TileDialect::getScheduleAttrName());
        continue;
      }
      auto rest =
          ScheduleAttr::get(kernel.getContext(), false, 1,
                            schedule.getCpuKind(), schedule.getCpuChunk());
      kernel->setAttr(TileDialect::getScheduleAttrName(), rest);
    }
    dropAlternativeMarks(getOperation(), widened);
  }
};

} // namespace

void mlir::tile::detail::replaceGridOps(
    FuncOp kernel, ArrayRef<Value> ids, ArrayRef<Value> extents,
    const llvm::SmallPtrSetImpl<Operation *> &keep) {
  SmallVector<Operation *> gridOps;
  kernel.walk([&](Operation *op) {
    if (isa<ProgramIdOp, NumProgramsOp>(op) && !keep.contains(op))
      gridOps.push_back(op);
    else if (auto print = dyn_cast<PrintOp>(op);
             print && print.getProgram().empty())
      print.getProgramMutable().assign(ids);
    else if (auto check = dyn_cast<AssertOp>(op);
             check && check.getProgram().empty())
      check.getProgramMutable().assign(ids);
  });
  for (Operation *op : gridOps) {
    if (auto id = dyn_cast<ProgramIdOp>(op)) {
      id.replaceAllUsesWith(ids[unsigned(id.getAxis())]);
      id.erase();
    } else if (!extents.empty()) {
      auto count = cast<NumProgramsOp>(op);
      count.replaceAllUsesWith(extents[unsigned(count.getAxis())]);
      count.erase();
    }
  }
}

void mlir::tile::detail::launchedGrid(
    OpBuilder &b, Location loc, SmallVectorImpl<Value> &ids,
    SmallVectorImpl<Value> &extents,
    llvm::SmallPtrSetImpl<Operation *> &created) {
  for (ProgramAxis axis : {ProgramAxis::x, ProgramAxis::y, ProgramAxis::z}) {
    auto id = ProgramIdOp::create(b, loc, axis);
    auto count = NumProgramsOp::create(b, loc, axis);
    created.insert(id);
    created.insert(count);
    ids.push_back(id);
    extents.push_back(count);
  }
}

void mlir::tile::detail::dropAlternativeMarks(
    Operation *module, const llvm::StringSet<> &changed) {
  StringRef mark = TileDialect::getAlternativeOfAttrName();
  for (auto kernel : module->getRegions().front().getOps<FuncOp>())
    if (auto of = kernel->getAttrOfType<FlatSymbolRefAttr>(mark);
        of && (changed.contains(kernel.getSymName()) ||
               changed.contains(of.getValue())))
      kernel->removeAttr(mark);
}

void mlir::tile::detail::eraseUnused(
    const llvm::SmallPtrSetImpl<Operation *> &created) {
  for (Operation *op : created)
    if (op->use_empty())
      op->erase();
}
