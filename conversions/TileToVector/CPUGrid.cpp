//===- CPUGrid.cpp - Kernel entries running a grid of programs ------------===//
//
// The CPU kernel ABI (docs/Runtime.md): `int32_t entry(void **args, int32_t
// gx, int32_t gy, int32_t gz)`, where args[i] points to the storage of
// argument i. The entry reads the arguments once and runs the programs of
// the grid in an OpenMP worksharing loop; threads follow OMP_NUM_THREADS.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToVector/TileToVector.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTILETOCPUGRID
#include "tile/Conversion/TileToVector/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr StringLiteral kProgramSuffix = "_program";

/// Builds the entry of kernel `name` calling `program` once per program.
void buildEntry(OpBuilder &b, func::FuncOp program, StringRef name) {
  Location loc = program.getLoc();
  MLIRContext *context = b.getContext();
  Type ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type();
  auto entry =
      func::FuncOp::create(b, loc, getCPUKernelEntryName(name),
                           b.getFunctionType({ptrType, i32, i32, i32}, {i32}));
  Block *body = entry.addEntryBlock();
  OpBuilder eb = OpBuilder::atBlockEnd(body);

  // Read each kernel argument from the storage args[i] points to.
  unsigned numKernelArgs = program.getNumArguments() - 6;
  SmallVector<Value> args;
  for (unsigned i = 0; i < numKernelArgs; ++i) {
    Value slotAddr =
        LLVM::GEPOp::create(eb, loc, ptrType, ptrType, entry.getArgument(0),
                            ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value slot = LLVM::LoadOp::create(eb, loc, ptrType, slotAddr);
    Type type = program.getArgumentTypes()[i];
    args.push_back(LLVM::LoadOp::create(eb, loc, type, slot));
  }
  // A fresh launch starts with no failed assertion.
  Value flag =
      LLVM::AddressOfOp::create(eb, loc, ptrType, getCPUAssertFlagName());
  LLVM::StoreOp::create(eb, loc, arith::ConstantIntOp::create(eb, loc, i32, 0),
                        flag);
  Value gx = entry.getArgument(1), gy = entry.getArgument(2),
        gz = entry.getArgument(3);
  // The programs are counted in i64: a grid may hold up to
  // (2^31-1) * 65535 * 65535 of them, far past i32 (docs/Semantics.md).
  Type i64 = b.getI64Type();
  Value gx64 = arith::ExtUIOp::create(eb, loc, i64, gx);
  Value gy64 = arith::ExtUIOp::create(eb, loc, i64, gy);
  Value gz64 = arith::ExtUIOp::create(eb, loc, i64, gz);
  Value gxy = arith::MulIOp::create(eb, loc, gx64, gy64);
  Value total = arith::MulIOp::create(eb, loc, gxy, gz64);
  Value zero = arith::ConstantIntOp::create(eb, loc, i64, 0);
  Value one = arith::ConstantIntOp::create(eb, loc, i64, 1);

  // Blocks are made apart from the builders, whose insertion points
  // createBlock would move.
  auto parallel = omp::ParallelOp::create(eb, loc);
  Block *parallelBody = new Block();
  parallel.getRegion().push_back(parallelBody);
  OpBuilder pb = OpBuilder::atBlockEnd(parallelBody);
  auto wsloop = omp::WsloopOp::create(pb, loc);
  // Non-temporal stores (Sinks.cpp, AVX-512 only) are weakly ordered, and
  // only `sfence` or `mfence` is documented to order them on both x86
  // vendors (LLVM makes a seq_cst fence a locked OR): each thread fences
  // once after its programs, rather than once per program, which would wait
  // for every line to reach memory.
  bool streams = false;
  program.walk([&](LLVM::StoreOp store) { streams |= store.getNontemporal(); });
  if (streams)
    LLVM::CallIntrinsicOp::create(pb, loc,
                                  b.getStringAttr("llvm.x86.sse.sfence"),
                                  ValueRange{}, LLVM::FastmathFlagsAttr());
  omp::TerminatorOp::create(pb, loc);
  // The kernel's schedule says how threads share the programs (the
  // default is OpenMP's static schedule without a chunk: one contiguous
  // run of programs per thread).
  auto schedule =
      program->getAttrOfType<ScheduleAttr>(TileDialect::getScheduleAttrName());
  if (schedule && (schedule.getCpuKind() != CPUScheduleKind::Static ||
                   schedule.getCpuChunk() > 0)) {
    omp::ClauseScheduleKind kind = omp::ClauseScheduleKind::Static;
    if (schedule.getCpuKind() == CPUScheduleKind::Dynamic)
      kind = omp::ClauseScheduleKind::Dynamic;
    else if (schedule.getCpuKind() == CPUScheduleKind::Guided)
      kind = omp::ClauseScheduleKind::Guided;
    wsloop.setScheduleKindAttr(omp::ClauseScheduleKindAttr::get(context, kind));
    if (schedule.getCpuChunk() > 0) {
      OpBuilder before(wsloop);
      wsloop.getScheduleChunkMutable().assign(arith::ConstantIntOp::create(
          before, loc, i64, schedule.getCpuChunk()));
    }
  }
  Block *wsBody = new Block();
  wsloop.getRegion().push_back(wsBody);
  OpBuilder wb = OpBuilder::atBlockEnd(wsBody);
  auto nest = omp::LoopNestOp::create(
      wb, loc, /*collapse_num_loops=*/uint64_t(1), ValueRange{zero},
      ValueRange{total}, ValueRange{one}, /*loop_inclusive=*/false,
      /*tile_sizes=*/nullptr);
  Block *nestBody = new Block();
  nest.getRegion().push_back(nestBody);
  nestBody->addArgument(i64, loc);
  OpBuilder nb = OpBuilder::atBlockEnd(nestBody);
  Value index = nestBody->getArgument(0);
  // index = x + gx * (y + gy * z); each coordinate fits in i32 again.
  auto toI32 = [&](Value v) {
    return arith::TruncIOp::create(nb, loc, i32, v);
  };
  Value x = toI32(arith::RemUIOp::create(nb, loc, index, gx64));
  Value rest = arith::DivUIOp::create(nb, loc, index, gx64);
  Value y = toI32(arith::RemUIOp::create(nb, loc, rest, gy64));
  Value z = toI32(arith::DivUIOp::create(nb, loc, rest, gy64));
  SmallVector<Value> callArgs(args);
  callArgs.append({x, y, z, gx, gy, gz});
  func::CallOp::create(nb, loc, program, callArgs);
  omp::YieldOp::create(nb, loc);

  // 0, or 1 if an assertion failed in any program.
  Value failed = LLVM::LoadOp::create(eb, loc, i32, flag);
  func::ReturnOp::create(eb, loc, failed);
}

struct ConvertTileToCPUGridPass
    : mlir::tile::impl::ConvertTileToCPUGridBase<ConvertTileToCPUGridPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> programs;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.getSymName().ends_with(kProgramSuffix))
        programs.push_back(func);
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    for (func::FuncOp program : programs) {
      program.setPrivate();
      buildEntry(b, program,
                 program.getSymName().drop_back(kProgramSuffix.size()));
    }
  }
};
} // namespace
