//===- TileToGPU.cpp - Tile kernels as GPU kernels: program order ---------===//
//
// The pass, the kernel signature, and the walk over each program in order:
// scalar ops are cloned as they come, side effects (stores, atomics, print,
// assert) are emitted in place, tiles wait until something needs them
// (KernelLowering.h), and structured control flow carries tiles through its
// block arguments as the registers of one layout.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"
#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTILETOGPU
#include "tile/Conversion/TileToGPU/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

//===----------------------------------------------------------------------===//
// Target hooks registry
//===----------------------------------------------------------------------===//

GPUTargetHooks::~GPUTargetHooks() = default;

unsigned GPUTargetHooks::getDefaultNumWarps(int64_t largestTile,
                                            bool hasDot) const {
  // Enough threads that each holds about 16 elements of the largest tile
  // (a few 16-byte vectors in flight); products want one warp per 32x32 of
  // output at most.
  int64_t warps = largestTile / (int64_t(getWarpSize()) * 16);
  if (hasDot)
    warps = largestTile >= 128 * 128 ? 8 : 4;
  return unsigned(std::clamp<int64_t>(llvm::PowerOf2Ceil(warps), 4, 16));
}

namespace {
struct RegisteredHooks {
  GPUTargetHooksFactory factory;
  std::string supportedChips;
};
} // namespace

static llvm::StringMap<RegisteredHooks> &hooksRegistry() {
  static llvm::StringMap<RegisteredHooks> registry;
  return registry;
}

void mlir::tile::buildTileToGPUPipeline(OpPassManager &pm, StringRef target,
                                        StringRef chip, bool lowerControlFlow,
                                        int64_t conversionParts) {
  pm.addPass(createTileSplitLoops());
  pm.addPass(createTileApplySchedule());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTileCombine());
  pm.addPass(createCSEPass());
  // Before anything copies loops: the guarded copy is what they then see.
  pm.addPass(createTileVersionSigns());
  // Loop-invariant tiles out of loops: a pointer step computed in the loop
  // body (as Triton's TTIR leaves `p += BLOCK * stride`) is then the uniform
  // advance that pipelining and tensor copies recognize.
  pm.addPass(createLoopInvariantCodeMotionPass());
  // Read-only loops' loads an iteration ahead (PrefetchLoads.cpp), once
  // the invariant parts of their addresses are out of the loop.
  pm.addPass(createTilePrefetchLoads());
  ConvertTileToGPUOptions toGPU;
  toGPU.target = target.str();
  toGPU.chip = chip.str();
  toGPU.minConversionParts = conversionParts;
  pm.addPass(createConvertTileToGPU(toGPU));
  // The distributed kernels are structured (scf) and large: region
  // simplification (block merging, CFG dead-argument elimination) finds
  // nothing in them but took 3.3 of matmul_bf16's 5.3 s on sm_90a
  // (docs/benchmarks/CompileTime.md).
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  pm.addPass(createCanonicalizerPass(config));
  pm.addPass(createCSEPass());
  if (lowerControlFlow)
    pm.addPass(createSCFToControlFlowPass());
}

void mlir::tile::registerGPUTargetHooks(StringRef target,
                                        GPUTargetHooksFactory factory,
                                        StringRef supportedChips) {
  hooksRegistry()[target] = {std::move(factory), supportedChips.str()};
}

std::unique_ptr<GPUTargetHooks>
mlir::tile::createGPUTargetHooks(StringRef target, StringRef chip) {
  auto it = hooksRegistry().find(target);
  if (it == hooksRegistry().end())
    return nullptr;
  return it->second.factory(chip);
}

/// " (supported: ...)" if `target` registered its chips.
static std::string supportedChipsOf(StringRef target) {
  auto it = hooksRegistry().find(target);
  if (it == hooksRegistry().end() || it->second.supportedChips.empty())
    return "";
  return " (supported: " + it->second.supportedChips + ")";
}

StringRef mlir::tile::getGPUAssertFlagName() { return "tile_assert_failed"; }
StringRef mlir::tile::getGPUSharedMemoryName() { return "tile_shared"; }

Value mlir::tile::computeInF32(OpBuilder &b, Location loc, Value x,
                               function_ref<Value(Value)> compute) {
  Type type = x.getType(), f32 = b.getF32Type();
  if (!type.isF32() && !type.isF16() && !type.isBF16())
    return Value();
  if (type == f32)
    return compute(x);
  Value result = compute(arith::ExtFOp::create(b, loc, f32, x));
  return arith::TruncFOp::create(b, loc, type, result);
}

Type togpu::lowerElementType(Type element) {
  MLIRContext *context = element.getContext();
  if (auto ptr = dyn_cast<PointerType>(element)) {
    unsigned space = ptr.getAddressSpace() ? ptr.getAddressSpace() : 1;
    return LLVM::LLVMPointerType::get(context, space);
  }
  if (isF8(element))
    return IntegerType::get(context, 8);
  return element;
}

//===----------------------------------------------------------------------===//
// Program order
//===----------------------------------------------------------------------===//

void KernelLowering::noteDecision(Operation *op, StringRef kind,
                                  const std::string &text) {
  if (!decisions || !op)
    return;
  auto &notes = (*decisions)[op];
  std::pair<std::string, std::string> note(kind.str(), text);
  if (!llvm::is_contained(notes, note))
    notes.push_back(note);
}

void KernelLowering::noteLayouts() {
  if (!decisions)
    return;
  // The op a tile belongs to: its definition, or the op owning the block
  // argument (a loop's carried tile).
  auto note = [&](Value tile, const std::string &layout) {
    Operation *owner = tile.getDefiningOp();
    std::string prefix;
    if (auto arg = dyn_cast<BlockArgument>(tile)) {
      owner = arg.getOwner()->getParentOp();
      prefix = "arg " + std::to_string(arg.getArgNumber()) + ": ";
    } else if (owner->getNumResults() > 1) {
      prefix = "result " +
               std::to_string(cast<OpResult>(tile).getResultNumber()) + ": ";
    }
    noteDecision(owner, "layout", prefix + layout);
  };
  // Each op's notes sorted: the maps' order depends on pointer values.
  for (auto &[value, distributed] : materialized)
    note(value, distributed.layout.str());
  for (auto &[key, regs] : evaluated) {
    StringRef layout(key.second);
    note(Value::getFromOpaquePointer(key.first),
         layout.take_front(layout.find('>') + 1).str());
  }
  for (auto &[op, layouts] : accessLayouts)
    for (const Layout &layout : layouts)
      noteDecision(op, "access", layout.str());
  for (auto &[op, notes] : *decisions)
    llvm::sort(notes);
}

LogicalResult KernelLowering::lower() {
  writesAnyMemory = writesMemory(kernel);
  hasTensorStores =
      kernel.walk([](DescStoreOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = kernel.getLoc();
  Type i32 = b.getI32Type();
  threadId = arith::IndexCastOp::create(
      b, loc, i32, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  unsigned laneBits = llvm::Log2_32(warpSize);
  laneId =
      arith::AndIOp::create(b, loc, threadId, constI32(b, loc, warpSize - 1));
  warpId = arith::ShRUIOp::create(b, loc, threadId, constI32(b, loc, laneBits));
  entryMarker =
      UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
  extraMarkers.push_back(entryMarker);
  for (auto [arg, lowered] :
       llvm::zip(kernel.getArguments(), entry.getArguments())) {
    Value value = lowered;
    if (arg.getType().isInteger(1))
      value = arith::TruncIOp::create(b, loc, b.getI1Type(), value);
    else if (isF8(arg.getType()))
      value = lowered; // f8 scalars travel as their bits
    scalars.map(arg, value);
  }
  if (failed(lowerBlock(kernel.getBody().front(), b)))
    return failure();
  // The program's shared memory outlives no store still reading it.
  awaitTensorStoreReads(b, loc);
  gpu::ReturnOp::create(b, loc);
  noteLayouts();
  orderMemoryAccesses();
  // Buffers of pipelined loads go after the scratch space their loops use;
  // elsewhere the scratch space may overlap them, since each of its users
  // starts with a barrier, after which no thread reads or writes a buffer of
  // a loop that has ended or not yet begun.
  // A producer warp fills its loop's buffers from the kernel's start, so
  // only scratch space used after every such loop may overlap them
  // (WarpSpecialization.cpp).
  if (!pipelineBases.empty()) {
    int64_t base = llvm::alignTo(scratchBytesInPipelinedLoops(), 1024);
    for (const ScratchUse &use : scratchUses)
      if (!isAfterSpecializedLoops(use.point))
        base = std::max<int64_t>(base, llvm::alignTo(use.bytes, 1024));
    for (arith::ConstantOp placeholder : pipelineBases)
      placeholder.setValueAttr(b.getI32IntegerAttr(base));
    sharedBytes = std::max(sharedBytes, base + pipelineBytes);
  }
  if (failed(specializeWarps()))
    return failure();
  // The markers have done their job.
  for (auto &[op, marker] : markers)
    marker->erase();
  for (Operation *marker : extraMarkers)
    marker->erase();
  return success();
}

Value KernelLowering::getUniformWarpId() {
  if (uniformWarpId)
    return uniformWarpId;
  uniformWarpId = warpId;
  if (hooks.shuffleWarpIndex()) {
    OpBuilder b = OpBuilder::atBlockBegin(warpId.getParentBlock());
    b.setInsertionPointAfterValue(warpId);
    Location loc = warpId.getLoc();
    uniformWarpId = gpu::ShuffleOp::create(b, loc, warpId, constI32(b, loc, 0),
                                           constI32(b, loc, warpSize),
                                           gpu::ShuffleMode::IDX)
                        .getShuffleResult();
  }
  return uniformWarpId;
}

int64_t KernelLowering::scratchBytesInPipelinedLoops(Operation *loop) const {
  int64_t bytes = 0;
  for (const ScratchUse &use : scratchUses) {
    Operation *parent = use.block->getParentOp();
    if (llvm::any_of(pipelinedLoops,
                     [&](Operation *pipelined) {
                       return pipelined->isAncestor(parent);
                     }) ||
        (loop && loop->isAncestor(parent)))
      bytes = std::max(bytes, use.bytes);
  }
  return bytes;
}

LogicalResult KernelLowering::lowerBlock(Block &block, OpBuilder &b) {
  for (Operation &op : block) {
    if (isa<ReturnOp, scf::YieldOp>(op))
      continue;
    if (failed(lowerOp(&op, b)))
      return failure();
  }
  return success();
}

static bool hasTileOperandsOrResults(Operation *op) {
  return llvm::any_of(op->getOperands(), isTile) ||
         llvm::any_of(op->getResults(), isTile);
}

LogicalResult KernelLowering::lowerOp(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  addOrderPoint(op, b);
  // Code for this op's tiles, emitted when first needed, goes right here.
  markers[op] =
      UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
  waitForCarriedProducts(op);
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return lowerFor(forOp, b);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return lowerIf(ifOp, b);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return lowerWhile(whileOp, b);
  if (auto store = dyn_cast<StoreOp>(op); store && isTile(store.getPtr()))
    return lowerStore(store, b);
  if (auto store = dyn_cast<DescStoreOp>(op))
    return lowerTensorStore(store, b);
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    if (!isTile(op->getOperand(0)))
      return lowerScalarAtomic(op, b);
    Distributed result;
    if (failed(lowerAtomic(b, op, &result)))
      return failure();
    materialized[op->getResult(0)] = result;
    Operation *ready =
        UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
    extraMarkers.push_back(ready);
    readyMarkers[op->getResult(0)] = ready;
    return success();
  }
  if (auto makeDesc = dyn_cast<MakeDescOp>(op)) {
    descriptors[makeDesc.getResult()] = makeDesc;
    return success();
  }
  if (auto print = dyn_cast<PrintOp>(op))
    return lowerPrint(print, b);
  if (auto assertOp = dyn_cast<AssertOp>(op))
    return lowerAssert(assertOp, b);
  if (auto reduce = dyn_cast<ReduceOp>(op);
      reduce && !llvm::any_of(reduce.getResults(), isTile)) {
    // A reduction to scalars: later scalar code needs them now.
    FailureOr<SmallVector<Distributed>> results = lowerReduce(b, reduce);
    if (failed(results))
      return failure();
    for (auto [result, value] : llvm::zip(reduce.getResults(), *results))
      scalars.map(result, value.regs.front());
    return success();
  }
  if (hasTileOperandsOrResults(op)) {
    if (llvm::all_of(op->getResults(), isTile))
      return success(); // computed where it is needed
    return unsupported(op, "ops turning tiles into scalars other than "
                           "tile.reduce are not implemented yet");
  }
  return lowerScalarOp(op, b);
}

Value KernelLowering::isThreadZero(OpBuilder &b, Location loc) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, threadId,
                               constI32(b, loc, 0));
}

LogicalResult KernelLowering::lowerScalarOp(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  Type i32 = b.getI32Type();
  if (auto pid = dyn_cast<ProgramIdOp>(op)) {
    auto dim = gpu::Dimension(unsigned(pid.getAxis()));
    scalars.map(pid.getResult(),
                arith::IndexCastOp::create(
                    b, loc, i32, gpu::BlockIdOp::create(b, loc, dim)));
    return success();
  }
  if (auto num = dyn_cast<NumProgramsOp>(op)) {
    auto dim = gpu::Dimension(unsigned(num.getAxis()));
    scalars.map(num.getResult(),
                arith::IndexCastOp::create(
                    b, loc, i32, gpu::GridDimOp::create(b, loc, dim)));
    return success();
  }
  if (auto addPtr = dyn_cast<AddPtrOp>(op)) {
    Type pointee = lowerElementType(
        cast<PointerType>(addPtr.getPtr().getType()).getPointeeType());
    Value ptr = scalars.lookup(addPtr.getPtr());
    scalars.map(
        addPtr.getResult(),
        LLVM::GEPOp::create(b, loc, ptr.getType(), pointee, ptr,
                            ValueRange{scalars.lookup(addPtr.getOffset())}));
    return success();
  }
  if (auto load = dyn_cast<LoadOp>(op)) {
    Type type = lowerElementType(load.getType());
    unsigned align = getElementByteSize(load.getType());
    Value ptr = scalars.lookup(load.getPtr());
    auto emitLoad = [&](OpBuilder &builder) -> Value {
      if (!type.isInteger(1))
        return LLVM::LoadOp::create(builder, loc, type, ptr, align,
                                    load.getIsVolatile());
      // An i1 is a byte in memory, true when non-zero.
      Value byte = LLVM::LoadOp::create(builder, loc, builder.getI8Type(), ptr,
                                        align, load.getIsVolatile());
      return arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ne, byte,
          arith::ConstantIntOp::create(builder, loc, builder.getI8Type(), 0));
    };
    // A masked scalar load reads nothing when its mask is false.
    auto lookup = [&](Value v) { return v ? scalars.lookup(v) : Value(); };
    scalars.map(load.getResult(),
                emitMaskedScalarLoad(b, loc, lookup(load.getMask()), type,
                                     lookup(load.getOther()), emitLoad));
    return success();
  }
  if (auto store = dyn_cast<StoreOp>(op)) {
    // One thread of the program writes a scalar.
    Value write = isThreadZero(b, loc);
    if (store.getMask())
      write =
          arith::AndIOp::create(b, loc, write, scalars.lookup(store.getMask()));
    auto ifOp = scf::IfOp::create(b, loc, write, /*withElseRegion=*/false);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    Value value = scalars.lookup(store.getValue());
    if (value.getType().isInteger(1)) // a byte, 0 or 1
      value = arith::ExtUIOp::create(thenB, loc, thenB.getI8Type(), value);
    LLVM::StoreOp::create(thenB, loc, value, scalars.lookup(store.getPtr()),
                          getElementByteSize(store.getValue().getType()));
    return success();
  }
  if (op->getDialect() && op->getDialect()->getNamespace() == "tile") {
    if (op->getNumResults() != 1)
      return unsupported(op, "this scalar form is not implemented yet");
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(scalars.lookup(operand));
    FailureOr<Value> lowered = lowerElementwise(b, op, operands, 0);
    if (failed(lowered))
      return failure();
    scalars.map(op->getResult(0), *lowered);
    return success();
  }
  if (lowerDefinedScalarArith(b, op, scalars))
    return success();
  // A scalar op from arith, math or another dialect: cloned as it is.
  b.clone(*op, scalars);
  return success();
}

/// The registers of `layouts[i]` for each tile among `values`, flattened,
/// scalars passed through.
static SmallVector<Value> flatten(ArrayRef<SmallVector<Value>> parts) {
  SmallVector<Value> flat;
  for (const SmallVector<Value> &part : parts)
    flat.append(part.begin(), part.end());
  return flat;
}

FailureOr<SmallVector<Value>>
KernelLowering::lowerCarried(ValueRange values, ArrayRef<Layout> layouts) {
  SmallVector<SmallVector<Value>> parts;
  for (auto [value, layout] : llvm::zip(values, layouts)) {
    if (!isTile(value)) {
      parts.push_back({scalars.lookup(value)});
      continue;
    }
    FailureOr<SmallVector<Value>> regs = at(value, layout);
    if (failed(regs))
      return failure();
    parts.push_back(*regs);
  }
  return flatten(parts);
}

void KernelLowering::mapCarried(ValueRange oldValues, ArrayRef<Layout> layouts,
                                ValueRange newValues, Operation *ready) {
  unsigned next = 0;
  for (auto [value, layout] : llvm::zip(oldValues, layouts)) {
    if (!isTile(value)) {
      scalars.map(value, newValues[next++]);
      continue;
    }
    Distributed dist{layout, {}};
    for (int64_t r = 0; r < layout.getNumRegs(); ++r)
      dist.regs.push_back(newValues[next++]);
    materialized[value] = dist;
    readyMarkers[value] = ready;
  }
}

SmallVector<Type> KernelLowering::carriedTypes(ValueRange values,
                                               ArrayRef<Layout> layouts) {
  SmallVector<Type> types;
  for (auto [value, layout] : llvm::zip(values, layouts)) {
    if (!isTile(value)) {
      types.push_back(lowerElementType(value.getType()));
      continue;
    }
    Type element = lowerElementType(getElementTypeOrSelf(value.getType()));
    types.append(layout.getNumRegs(), element);
  }
  return types;
}

/// The carried tile (its yield operand's index) that `loop`'s iteration
/// argument `index` flows into through elementwise ops of its shape, if
/// any.
static std::optional<unsigned> feedsCarried(scf::ForOp loop, unsigned index) {
  Value value = loop.getRegionIterArgs()[index];
  auto shape = cast<RankedTensorType>(value.getType()).getShape();
  for (unsigned depth = 0; depth < 8; ++depth) {
    Value next;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<scf::YieldOp>(user) && user->getParentOp() == loop)
        return use.getOperandNumber();
      if (user->getBlock() != loop.getBody() || user->getNumResults() != 1 ||
          user->getNumRegions() != 0 || !isPure(user) ||
          isa<BroadcastOp, ExpandDimsOp, TransOp, ReshapeOp>(user))
        continue;
      auto type = dyn_cast<RankedTensorType>(user->getResult(0).getType());
      if (type && type.getShape() == shape) {
        next = user->getResult(0);
        break;
      }
    }
    if (!next)
      return std::nullopt;
    value = next;
  }
  return std::nullopt;
}

LogicalResult KernelLowering::lowerFor(scf::ForOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  Type i64 = b.getI64Type();
  unsigned numArgs = op.getNumRegionIterArgs();
  // A carried tile keeps the layout its new value is computed in. Pointer
  // tiles advanced by a uniform step are carried as one i64 offset (in
  // elements) from their start, whose pointers are recomputed in the loop:
  // one register instead of a pointer per element.
  SmallVector<Layout> layouts(numArgs);
  SmallVector<Value> inits;
  // Their advance per iteration, as an i64 defined before the loop.
  SmallVector<Value> steps(numArgs);
  for (unsigned i = 0; i < numArgs; ++i) {
    Value init = op.getInitArgs()[i], iterArg = op.getRegionIterArgs()[i];
    Value yielded = yield.getOperand(i);
    bool isPointerTile =
        isTile(init) && isa<PointerType>(getElementTypeOrSelf(init.getType()));
    std::optional<OpFoldResult> advance =
        isPointerTile ? getUniformAdvance(iterArg, yielded) : std::nullopt;
    // A step computed inside the loop (invariant, but not hoisted, as
    // Triton's TTIR leaves it) has no value before the loop: the tile is
    // carried as its pointers instead.
    if (advance && isa<Value>(*advance) &&
        !op.isDefinedOutsideOfLoop(cast<Value>(*advance)))
      advance = std::nullopt;
    if (advance && isa<Value>(*advance)) {
      steps[i] = scalars.lookup(cast<Value>(*advance));
      if (steps[i].getType() != i64)
        steps[i] = arith::ExtSIOp::create(b, loc, i64, steps[i]);
    } else if (advance) {
      steps[i] = arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(cast<Attribute>(*advance)));
    }
    if (steps[i])
      continue;
    if (isTile(init))
      layouts[i] = isPointerTile ? accessLayout(iterArg)
                                 : preferredLayout(yielded, init);
  }
  // A tile loaded an iteration ahead (tile-prefetch-loads) is carried in
  // the layout of the carried tile it feeds, if any: its load is then
  // issued in that layout, as it would be in place, rather than moved
  // between layouts through shared memory every iteration. Not a pointer
  // tile's layout (an address computed from the loaded values).
  for (unsigned i = 0; i < numArgs; ++i) {
    if (steps[i] || !isTile(op.getInitArgs()[i]) ||
        !isa_and_nonnull<LoadOp>(yield.getOperand(i).getDefiningOp()))
      continue;
    std::optional<unsigned> fed = feedsCarried(op, i);
    if (fed && *fed != i && !steps[*fed] &&
        !isa<PointerType>(getElementTypeOrSelf(op.getInitArgs()[*fed])))
      layouts[i] = layouts[*fed];
  }
  for (unsigned i = 0; i < numArgs; ++i) {
    if (steps[i]) {
      inits.push_back(arith::ConstantIntOp::create(b, loc, i64, 0));
      continue;
    }
    FailureOr<SmallVector<Value>> regs =
        lowerCarried(op.getInitArgs()[i], layouts[i]);
    if (failed(regs))
      return failure();
    inits.append(regs->begin(), regs->end());
  }
  auto newFor = scf::ForOp::create(
      b, loc, scalars.lookup(op.getLowerBound()),
      scalars.lookup(op.getUpperBound()), scalars.lookup(op.getStep()), inits,
      [](OpBuilder &, Location, Value, ValueRange) {});
  OpBuilder body = OpBuilder::atBlockBegin(newFor.getBody());
  scalars.map(op.getInductionVar(), newFor.getInductionVar());
  Operation *ready =
      UnrealizedConversionCastOp::create(body, loc, TypeRange{}, ValueRange{});
  extraMarkers.push_back(ready);
  // Maps the old values (block arguments or results) to the new ones.
  auto mapAll = [&](ValueRange oldValues, ValueRange newValues,
                    Operation *point) {
    unsigned next = 0;
    for (unsigned i = 0; i < numArgs; ++i) {
      if (steps[i]) {
        advancedPointers[oldValues[i]] = AdvancedPointers{
            op.getInitArgs()[i], newValues[next++], point, steps[i]};
        continue;
      }
      unsigned count = isTile(oldValues[i]) ? layouts[i].getNumRegs() : 1;
      mapCarried(oldValues[i], layouts[i], newValues.slice(next, count), point);
      next += count;
    }
  };
  mapAll(op.getRegionIterArgs(), newFor.getRegionIterArgs(), ready);
  loopStarts.push_back(ready);
  loops.push_back({op, newFor});
  scheduleSpecializedLoop(op);
  if (failed(lowerBlock(*op.getBody(), body)))
    return failure();
  SmallVector<Value> yielded;
  for (unsigned i = 0; i < numArgs; ++i) {
    if (steps[i]) {
      yielded.push_back(arith::AddIOp::create(
          body, loc, newFor.getRegionIterArgs()[yielded.size()], steps[i]));
      continue;
    }
    FailureOr<SmallVector<Value>> regs =
        lowerCarried(yield.getOperand(i), layouts[i]);
    if (failed(regs))
      return failure();
    yielded.append(regs->begin(), regs->end());
  }
  loopStarts.pop_back();
  loops.pop_back();
  emitCopyWaits(op);
  scf::YieldOp::create(body, loc, yielded);
  // Products still running when the loop ends are waited for here.
  SmallVector<Value> results(newFor.getResults());
  for (unsigned i : productsInFlight.lookup(op)) {
    unsigned first = 0;
    for (unsigned j = 0; j < i; ++j)
      first +=
          steps[j] || !isTile(op.getResult(j)) ? 1 : layouts[j].getNumRegs();
    auto slice = ArrayRef(results).slice(first, layouts[i].getNumRegs());
    // Their groups were closed where they were issued.
    SmallVector<Value> done =
        hooks.emitWarpgroupWait(b, loc, 0, slice, /*commit=*/false);
    llvm::copy(done, results.begin() + first);
  }
  for (const std::function<void(OpBuilder &)> &exit : loopExits.lookup(op))
    exit(b);
  loopExits.erase(op);
  finishProductTurns(op, newFor);
  Operation *after =
      UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
  extraMarkers.push_back(after);
  mapAll(op.getResults(), results, after);
  return success();
}

bool mlir::tile::togpu::isInColdVersion(Operation *op) {
  for (auto guard = op->getParentOfType<scf::IfOp>(); guard;
       guard = guard->getParentOfType<scf::IfOp>())
    if (guard->hasAttr(TileDialect::getSignGuardAttrName()) &&
        guard.getElseRegion().isAncestor(op->getParentRegion()))
      return true;
  return false;
}

LogicalResult KernelLowering::lowerIf(scf::IfOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  SmallVector<Layout> layouts;
  for (auto [i, result] : llvm::enumerate(op.getResults()))
    layouts.push_back(isTile(result)
                          ? preferredLayout(op.thenYield().getOperand(i), {})
                          : Layout());
  SmallVector<Type> types = carriedTypes(op.getResults(), layouts);
  Value condition = scalars.lookup(op.getCondition());
  // A sign guard's else-branch is cold: the condition is expected true
  // (llvm.expect, which the NVIDIA target also reads to keep that version
  // from setting the kernel's registers; NVIDIATarget.cpp).
  if (op->hasAttr(TileDialect::getSignGuardAttrName()))
    condition = LLVM::ExpectOp::create(
        b, loc, condition,
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  auto newIf = scf::IfOp::create(b, loc, types, condition,
                                 /*withElseRegion=*/true);
  auto lowerBranch = [&](Block &from, Block &to,
                         ValueRange yieldedValues) -> LogicalResult {
    OpBuilder branch = OpBuilder::atBlockEnd(&to);
    if (!to.empty() && to.back().hasTrait<OpTrait::IsTerminator>())
      to.back().erase();
    if (failed(lowerBlock(from, branch)))
      return failure();
    FailureOr<SmallVector<Value>> yielded =
        lowerCarried(yieldedValues, layouts);
    if (failed(yielded))
      return failure();
    scf::YieldOp::create(branch, loc, *yielded);
    return success();
  };
  if (failed(lowerBranch(op.getThenRegion().front(),
                         newIf.getThenRegion().front(),
                         op.thenYield().getOperands())))
    return failure();
  if (op.getElseRegion().empty()) {
    OpBuilder branch = OpBuilder::atBlockEnd(&newIf.getElseRegion().front());
    if (!newIf.getElseRegion().front().empty())
      newIf.getElseRegion().front().back().erase();
    scf::YieldOp::create(branch, loc);
  } else if (failed(lowerBranch(op.getElseRegion().front(),
                                newIf.getElseRegion().front(),
                                op.elseYield().getOperands()))) {
    return failure();
  }
  Operation *after =
      UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
  extraMarkers.push_back(after);
  mapCarried(op.getResults(), layouts, newIf.getResults(), after);
  return success();
}

LogicalResult KernelLowering::lowerWhile(scf::WhileOp op, OpBuilder &b) {
  Location loc = op.getLoc();
  scf::ConditionOp condition = op.getConditionOp();
  scf::YieldOp yield = op.getYieldOp();
  // Tiles are carried as the registers of a layout, as in lowerFor: the
  // values entering the condition region (inits, then what the body
  // yields) in the layout the body computes them in, those it forwards (to
  // the body and the results) in the layout they are computed in.
  SmallVector<Layout> beforeLayouts, afterLayouts;
  for (auto [init, yielded] : llvm::zip(op.getInits(), yield.getOperands()))
    beforeLayouts.push_back(isTile(init) ? preferredLayout(yielded, init)
                                         : Layout());
  for (Value forwarded : condition.getArgs())
    afterLayouts.push_back(isTile(forwarded) ? preferredLayout(forwarded)
                                             : Layout());
  FailureOr<SmallVector<Value>> inits =
      lowerCarried(op.getInits(), beforeLayouts);
  if (failed(inits))
    return failure();
  auto newWhile = scf::WhileOp::create(
      b, loc, carriedTypes(condition.getArgs(), afterLayouts), *inits, nullptr,
      nullptr);
  // The builder made both blocks, with the arguments of the inits and of
  // the results.
  auto lowerRegion = [&](Region &from, Region &to, ArrayRef<Layout> layouts,
                         ValueRange passed, ArrayRef<Layout> passedLayouts,
                         auto makeTerminator) -> LogicalResult {
    Block *block = &to.front();
    OpBuilder inner = OpBuilder::atBlockEnd(block);
    Operation *ready = UnrealizedConversionCastOp::create(
        inner, loc, TypeRange{}, ValueRange{});
    extraMarkers.push_back(ready);
    mapCarried(from.front().getArguments(), layouts, block->getArguments(),
               ready);
    // Tiles from outside are computed again in each region, as in loops.
    loopStarts.push_back(ready);
    bool lowered =
        llvm::all_of(from.front().without_terminator(), [&](Operation &nested) {
          return succeeded(lowerOp(&nested, inner));
        });
    FailureOr<SmallVector<Value>> regs = failure();
    if (lowered)
      regs = lowerCarried(passed, passedLayouts);
    loopStarts.pop_back();
    if (failed(regs))
      return failure();
    makeTerminator(inner, *regs);
    return success();
  };
  if (failed(lowerRegion(op.getBefore(), newWhile.getBefore(), beforeLayouts,
                         condition.getArgs(), afterLayouts,
                         [&](OpBuilder &inner, ValueRange args) {
                           scf::ConditionOp::create(
                               inner, loc,
                               scalars.lookup(condition.getCondition()), args);
                         })) ||
      failed(lowerRegion(op.getAfter(), newWhile.getAfter(), afterLayouts,
                         yield.getOperands(), beforeLayouts,
                         [&](OpBuilder &inner, ValueRange args) {
                           scf::YieldOp::create(inner, loc, args);
                         })))
    return failure();
  Operation *after =
      UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
  extraMarkers.push_back(after);
  mapCarried(op.getResults(), afterLayouts, newWhile.getResults(), after);
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// Elements of the largest tile in `kernel`, and whether it has a dot.
std::pair<int64_t, bool> measureKernel(FuncOp kernel) {
  int64_t largest = 1;
  bool hasDot = false;
  kernel.walk([&](Operation *op) {
    hasDot |= isa<DotOp>(op);
    for (Type type : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(type))
        largest = std::max(largest, tensor.getNumElements());
  });
  return {largest, hasDot};
}

/// Refuses a kernel one of whose tiles needs more than `limit` 32-bit
/// registers per thread when spread evenly over `threads` threads, before
/// any code for it exists: each element becomes its own SSA value, so such
/// a tile would take LLVM minutes, or all the memory, to spill it.
LogicalResult checkRegisterBudget(FuncOp kernel, int64_t threads,
                                  int64_t limit) {
  WalkResult result = kernel.walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor)
        continue;
      Type element = tensor.getElementType();
      int64_t bits =
          isa<PointerType>(element) ? 64 : element.getIntOrFloatBitWidth();
      int64_t perThread = llvm::divideCeil(tensor.getNumElements(), threads);
      int64_t registers = perThread * llvm::divideCeil(bits, 32);
      if (registers <= limit)
        continue;
      op->emitOpError() << "result of type " << type << " needs " << registers
                        << " registers per thread over " << threads
                        << " threads; at most " << limit
                        << " are allowed (use smaller tiles or more warps)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// The GPU layouts are linear in the bits of the register, lane and warp
/// indices, so they describe power-of-two extents only; any other extent
/// would wrap around onto real elements. Refuse such tiles (the CPU and the
/// reference accept them).
LogicalResult checkPowerOfTwoExtents(FuncOp kernel) {
  WalkResult result = kernel.walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || llvm::all_of(tensor.getShape(), [](int64_t extent) {
            return llvm::isPowerOf2_64(extent);
          }))
        continue;
      op->emitOpError() << "result of type " << type
                        << " has an extent that is not a power of two, which "
                           "the GPU targets do not support (pad the tile and "
                           "mask its loads and stores)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct ConvertTileToGPUPass
    : public mlir::tile::impl::ConvertTileToGPUBase<ConvertTileToGPUPass> {
  using ConvertTileToGPUBase::ConvertTileToGPUBase;

  /// The dialects of the target's own ops that its hooks emit (matrix
  /// instructions), besides the pass's own.
  void getDependentDialects(DialectRegistry &registry) const override {
    ConvertTileToGPUBase::getDependentDialects(registry);
    if (std::unique_ptr<GPUTargetHooks> hooks =
            createGPUTargetHooks(target, chip))
      hooks->getDependentDialects(registry);
  }

  /// " on CHIP" when the chip is named, for diagnostics about its limits.
  std::string onChip() const {
    return chip.empty() ? std::string() : " on " + chip.getValue();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<GPUTargetHooks> hooks = createGPUTargetHooks(target, chip);
    if (!hooks) {
      module.emitError() << "convert-tile-to-gpu: no GPU target named '"
                         << target << "' is registered that supports chip '"
                         << chip << "'" << supportedChipsOf(target);
      return signalPassFailure();
    }
    if (!annotate) {
      if (failed(lowerKernels(module, *hooks, nullptr)))
        signalPassFailure();
      return;
    }
    // Lower a copy whose ops carry the index of their source op (ops that
    // the lowering rewrites first keep it where they take over the
    // attributes), then annotate the source ops.
    constexpr StringLiteral kSource = "tile_gpu_source";
    OwningOpRef<ModuleOp> copy = module.clone();
    SmallVector<Operation *> sources;
    module.walk([&](Operation *op) { sources.push_back(op); });
    int64_t index = 0;
    Builder builder(module.getContext());
    copy->walk([&](Operation *op) {
      op->setAttr(kSource, builder.getI64IntegerAttr(index++));
    });
    LoweringDecisions decisions;
    if (failed(lowerKernels(*copy, *hooks, &decisions)))
      return signalPassFailure();
    for (auto &[op, notes] : decisions) {
      auto source = op->getAttrOfType<IntegerAttr>(kSource);
      if (!source)
        continue;
      std::map<std::string, SmallVector<Attribute>> byKind;
      for (auto &[kind, text] : notes)
        byKind[kind].push_back(builder.getStringAttr(text));
      for (auto &[kind, texts] : byKind)
        sources[source.getInt()]->setAttr("tile.gpu." + kind,
                                          builder.getArrayAttr(texts));
    }
  }

  /// Replaces the module's kernels by gpu.funcs; with `decisions`, records
  /// what the lowering chose instead and keeps the kernels.
  LogicalResult lowerKernels(ModuleOp module, GPUTargetHooks &hooks,
                             LoweringDecisions *decisions) {
    SmallVector<FuncOp> kernels(module.getOps<FuncOp>());
    if (kernels.empty())
      return success();
    // Pointer loads that are tensor copies become descriptor loads, and
    // descriptor accesses other than tensor copies pointer accesses, first,
    // so that the analysis sees them.
    for (FuncOp kernel : kernels)
      rewritePointerTensorCopies(kernel, hooks);
    for (FuncOp kernel : kernels)
      if (failed(rewriteDescriptorAccesses(kernel, hooks)))
        return failure();
    AxisInfoAnalysis axis(module);
    dropValueHints(module);
    MLIRContext *context = module.getContext();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    Location loc = module.getLoc();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
    auto gpuModule = gpu::GPUModuleOp::create(b, loc, "tile_kernels");
    OpBuilder mb = OpBuilder::atBlockBegin(gpuModule.getBody());
    auto sharedMemory = LLVM::GlobalOp::create(
        mb, loc, LLVM::LLVMArrayType::get(mb.getI8Type(), 0),
        /*isConstant=*/false, LLVM::Linkage::External, getGPUSharedMemoryName(),
        // Swizzled operands of warpgroup products need 1024-byte groups.
        Attribute(), /*alignment=*/1024,
        /*addrSpace=*/3);
    LLVM::GlobalOp assertFlag;
    if (llvm::any_of(kernels, [](FuncOp kernel) {
          return kernel.walk([](AssertOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
        })) {
      // Zero-initialized and visible, so the runtime can find and reset it.
      auto type = LLVM::LLVMArrayType::get(mb.getI32Type(), 4);
      assertFlag = LLVM::GlobalOp::create(
          mb, loc, type, /*isConstant=*/false, LLVM::Linkage::External,
          getGPUAssertFlagName(),
          mb.getZeroAttr(RankedTensorType::get({4}, mb.getI32Type())),
          /*alignment=*/4, /*addrSpace=*/1);
    }
    SmallVector<NamedAttribute> launchInfo;
    for (FuncOp kernel : kernels) {
      SmallVector<Type> argTypes;
      for (Type type : kernel.getArgumentTypes()) {
        if (type.isInteger(1))
          argTypes.push_back(mb.getI8Type());
        else
          argTypes.push_back(lowerElementType(type));
      }
      auto [largest, hasDot] = measureKernel(kernel);
      unsigned numWarps = kernel.getNumWarps()
                              ? unsigned(*kernel.getNumWarps())
                              : hooks.getDefaultNumWarps(largest, hasDot);
      if (!llvm::isPowerOf2_32(numWarps) ||
          numWarps * hooks.getWarpSize() > 1024) {
        kernel.emitOpError()
            << "num_warps = " << numWarps
            << " must be a power of two with at most 1024 "
               "threads per program ("
            << hooks.getWarpSize() << " per warp" << onChip() << ")";
        return failure();
      }
      int32_t threads = int32_t(numWarps * hooks.getWarpSize());
      if (failed(checkPowerOfTwoExtents(kernel)))
        return failure();
      // A tile may spill (up to 4 times the register file), not explode.
      if (failed(checkRegisterBudget(
              kernel, threads, 4 * hooks.getMaxRegistersPerThread(numWarps))))
        return failure();
      // Products loaded ahead through registers take two shared-memory
      // buffers each, or one. How much the rest of the kernel needs is known
      // once it is lowered, so the kernel is lowered again with fewer when
      // they do not fit, or when they would leave room for fewer programs
      // per processor than the kernel without them (the overlap would not
      // make up for the programs lost).
      gpu::GPUFuncOp func;
      std::optional<KernelLowering> lowering;
      llvm::SmallPtrSet<Operation *, 16> before;
      for (Operation &op : gpuModule.getBody()->getOperations())
        before.insert(&op);
      bool specialize = true;
      int64_t lastBuffers = 0, productRuns = 1;
      bool padConversions = true;
      const int64_t fewestParts = std::max<int64_t>(
          1, int64_t(llvm::PowerOf2Ceil(uint64_t(minConversionParts))));
      int64_t conversionParts = fewestParts;
      int64_t storeStaging = 0;
      auto lowerWith = [&](int64_t buffers) -> LogicalResult {
        lastBuffers = buffers;
        if (func) {
          // What the last attempt made: the function, its constants.
          for (Operation &op :
               llvm::make_early_inc_range(gpuModule.getBody()->getOperations()))
            if (!before.count(&op))
              op.erase();
          if (decisions)
            kernel.walk([&](Operation *op) { decisions->erase(op); });
        }
        func = gpu::GPUFuncOp::create(mb, kernel.getLoc(), kernel.getSymName(),
                                      FunctionType::get(context, argTypes, {}));
        func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                      mb.getUnitAttr());
        func.setKnownBlockSizeAttr(
            DenseI32ArrayAttr::get(context, {threads, 1, 1}));
        lowering.emplace(kernel, func, axis, hooks, numWarps, sharedMemory,
                         assertFlag);
        lowering->setDecisionLog(decisions);
        lowering->setStagingBuffers(buffers);
        lowering->setWarpSpecialization(specialize);
        lowering->setProductRuns(productRuns);
        lowering->setConversionPadding(padConversions);
        lowering->setConversionParts(conversionParts);
        lowering->setTensorStoreStaging(storeStaging);
        return lowering->lower();
      };
      auto programs = [&](int64_t bytes) {
        return bytes == 0 ? std::numeric_limits<int64_t>::max()
                          : hooks.getSharedMemoryPerProcessor() / bytes;
      };
      if (failed(lowerWith(2)))
        return failure();
      if (lowering->usesRegisterStaging()) {
        int64_t staged = lowering->getSharedBytes();
        if (failed(lowerWith(0)))
          return failure();
        int64_t fewest = programs(lowering->getSharedBytes());
        auto acceptable = [&](int64_t bytes) {
          return bytes <= hooks.getMaxSharedMemoryBytes() &&
                 programs(bytes) >= fewest;
        };
        int64_t chosen = 0;
        if (acceptable(staged)) {
          chosen = 2;
        } else {
          if (failed(lowerWith(1)))
            return failure();
          if (lowering->usesRegisterStaging() &&
              acceptable(lowering->getSharedBytes()))
            chosen = 1;
        }
        if (chosen != 1 && failed(lowerWith(chosen)))
          return failure();
      }
      // A producer warp's buffers may not overlap scratch space the
      // unspecialized pipeline shares with them: conversions through shared
      // memory in parts first (2, 4, 8), then without it, if that fits.
      auto overShared = [&] {
        return lowering->getSharedBytes() > hooks.getMaxSharedMemoryBytes();
      };
      auto convertInParts = [&]() -> LogicalResult {
        while (overShared() && conversionParts < 8) {
          conversionParts *= 2;
          if (failed(lowerWith(lastBuffers)))
            return failure();
        }
        return success();
      };
      if (overShared() && lowering->getProducerWarps() > 0) {
        if (failed(convertInParts()))
          return failure();
        if (overShared()) {
          specialize = false;
          conversionParts = fewestParts;
          if (failed(lowerWith(lastBuffers)))
            return failure();
        }
      }
      // Products staged from registers are staged in runs along k (two,
      // four, eight), all in the space of one, if nothing else fits.
      while (lowering->getSharedBytes() > hooks.getMaxSharedMemoryBytes() &&
             lowering->canStageInMoreRuns() && productRuns < 8) {
        productRuns *= 2;
        if (failed(lowerWith(lastBuffers)))
          return failure();
      }
      // Then conversions through shared memory without their rows' padding
      // (bank conflicts cost time; the kernel would not run at all).
      if (lowering->getSharedBytes() > hooks.getMaxSharedMemoryBytes()) {
        padConversions = false;
        if (failed(lowerWith(lastBuffers)))
          return failure();
      }
      // Then conversions in parts (a barrier pair more per part).
      if (failed(convertInParts()))
        return failure();
      if (lowering->getSharedBytes() > hooks.getMaxSharedMemoryBytes()) {
        kernel.emitOpError()
            << "needs " << lowering->getSharedBytes()
            << " bytes of shared memory; the chip allows "
            << hooks.getMaxSharedMemoryBytes() << " per program" << onChip();
        return failure();
      }
      // A tensor store in parts may stage in the shared memory the kernel
      // leaves at its programs per processor (more slots in its ring, less
      // waiting for the copy engine's reads), never in what would cost one.
      if (int64_t shortfall = lowering->getTensorStoreShortfall()) {
        int64_t used = lowering->getSharedBytes();
        int64_t resident = programs(used);
        // A kibibyte short of the share: the driver keeps one per program.
        int64_t room = std::min(hooks.getMaxSharedMemoryBytes(),
                                hooks.getSharedMemoryPerProcessor() / resident /
                                        1024 * 1024 -
                                    1024) -
                       used;
        if (room > 0) {
          storeStaging =
              getTensorStoreStagingBytes(hooks) + std::min(room, shortfall);
          if (failed(lowerWith(lastBuffers)))
            return failure();
          if (overShared() || programs(lowering->getSharedBytes()) < resident) {
            storeStaging = 0;
            if (failed(lowerWith(lastBuffers)))
              return failure();
          }
        }
      }
      // A producer warp joins the consumers' warps.
      if (unsigned producers = lowering->getProducerWarps()) {
        threads += int32_t(producers * hooks.getWarpSize());
        func.setKnownBlockSizeAttr(
            DenseI32ArrayAttr::get(context, {threads, 1, 1}));
      }
      // What the runtime needs to launch it, kept on the module because the
      // later conversions rebuild the functions.
      bool asserts =
          kernel.walk([](AssertOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
      SmallVector<NamedAttribute> info{
          mb.getNamedAttr("threads", mb.getI64IntegerAttr(threads)),
          mb.getNamedAttr("shared",
                          mb.getI64IntegerAttr(lowering->getSharedBytes())),
          mb.getNamedAttr("asserts", mb.getI64IntegerAttr(asserts))};
      if (!lowering->getTensorMaps().empty())
        info.push_back(mb.getNamedAttr("tensor_maps",
                                       mb.getArrayAttr(SmallVector<Attribute>(
                                           lowering->getTensorMaps()))));
      launchInfo.push_back(
          mb.getNamedAttr(kernel.getSymName(), mb.getDictionaryAttr(info)));
    }
    gpuModule->setAttr("tile.launch", b.getDictionaryAttr(launchInfo));
    if (!decisions)
      for (FuncOp kernel : kernels)
        kernel.erase();
    return success();
  }
};

} // namespace
