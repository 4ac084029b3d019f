//===- Pipelining.cpp - Loads of later iterations started early -----------===//
//
// A warpgroup product in an scf.for whose operands are masked loads, with
// zero as the masked value, of pointers the loop advances uniformly (the K
// loop of a matrix multiplication) is software pipelined `num_stages` deep:
//
//   prologue:     copies of iterations 0 .. S-2 into buffers 0 .. S-2
//                 (a loop of S - 1 iterations)
//   iteration i:  wait for the copies of i; barrier;
//                 start the products on buffer i mod S;
//                 wait for the products of i - 1; barrier;
//                 copies of i + S - 1 into buffer (i - 1) mod S
//
// so the products of iteration i run on into iteration i + 1, when the
// accumulators go from one product to the next and nothing else reads them
// in the loop. Otherwise each iteration waits for its own products at its
// end, and one barrier suffices.
//
// The copies go from global to shared memory asynchronously, 16 bytes each,
// straight into the (swizzled) arrangement the products read, StagedOperand;
// 8 lanes of a warp cover 8 rows, so neither side has bank conflicts and
// every 32-byte sector read is used whole. A copy whose mask is all true or
// all false reads 16 bytes or writes zeros; at an edge, or from an
// unaligned address, element loads and a shared store take its place.
//
// The pointers and masks of iteration i + d are the loop body's own tiles
// evaluated again with the induction variable moved d steps ahead and the
// advanced pointers d advances further: `planPipeline` checks that they
// depend on nothing else the loop changes.
//
// Variations: a descriptor load is copied by the target's tensor copies
// (TMA) instead, one thread starting a box per 128-byte column panel that
// completes on the stage's transaction barrier, which every thread waits on
// in place of the copies' wait and barrier; the descriptor becomes a tensor
// map parameter of the kernel. One operand may be the transpose of a load
// (copied into the k-major arrangement) or a value from registers, stored
// into the stage's buffer each iteration (once before the loop if the loop
// does not change it); the products then do not run on. An operand copied
// across k for an instruction that reads only k-contiguous ones (f8 on
// wgmma) is moved from its stage into a k-major buffer through registers
// each iteration (restaged; WarpgroupProducts.cpp).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

/// Scalar ops a pointer or mask may be computed with in the loop body:
/// pure, defined for every input, cheap to repeat.
static bool isRepeatableScalarOp(Operation *op) {
  return isa<arith::ConstantOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
             arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::CmpIOp,
             arith::SelectOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
             arith::IndexCastOp, arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp,
             arith::MaxUIOp>(op);
}

/// Tile ops a pointer or mask may be computed with in the loop body: pure
/// and computed where they are needed (no layout of their own).
static bool isRepeatableTileOp(Operation *op) {
  if (isa<DotOp, ReduceOp, ScanOp, HistogramOp, CatOp, JoinOp, SplitOp,
          ReshapeOp, GatherOp, DescLoadOp, LoadOp>(op))
    return false;
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

/// Whether `mask` is null or every element of the constant `value` is zero.
static bool isZeroOrAbsent(Value value) {
  if (!value)
    return true;
  DenseElementsAttr dense;
  if (!matchPattern(value, m_Constant(&dense)) || !dense.isSplat())
    return false;
  Attribute element = dense.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(element))
    return f.getValue().isPosZero();
  if (auto i = dyn_cast<IntegerAttr>(element))
    return i.getValue().isZero();
  return false;
}

bool mlir::tile::togpu::writesMemory(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<StoreOp, DescStoreOp, AtomicRMWOp, AtomicCASOp>(inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

std::optional<KernelLowering::PipelinePlan>
KernelLowering::planPipeline(DotOp op) {
  auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
  if (!loop || loops.empty() || loops.back().first != loop)
    return std::nullopt;
  PipelinePlan plan;
  plan.loop = loop;
  plan.lowered = loops.back().second;
  // The loop's own num_stages, else the kernel's.
  if (auto stages =
          loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName()))
    plan.stages = stages.getInt();
  else
    plan.stages = kernel.getNumStages().value_or(3);
  // Without asynchronous copies, loads of the next iteration go through
  // registers (only a matrix instruction's products are staged so).
  plan.throughRegisters = !hooks.hasAsyncCopy();
  if (plan.throughRegisters && (!matrixInstruction(op) || !stagingBuffers))
    return std::nullopt;
  // Loads move to earlier iterations: nothing in the loop may write memory.
  if (plan.stages < 2 || writesMemory(loop))
    return std::nullopt;
  // A product may still run while the next iteration starts if nothing but
  // the next product reads its result.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  auto acc = dyn_cast<BlockArgument>(op.getAcc());
  if (op->hasOneUse() && *op->getUsers().begin() == yield.getOperation() &&
      acc && acc.getOwner() == loop.getBody() && acc.hasOneUse()) {
    unsigned result = op->getUses().begin()->getOperandNumber();
    if (loop.getTiedLoopInit(acc)->getOperandNumber() -
            loop.getNumControlOperands() ==
        result)
      plan.resultInFlight = result;
  }
  // What the pointers and masks depend on inside the loop: the induction
  // variable, pointers advanced uniformly, repeatable ops of the body.
  DenseSet<Operation *> visited;
  std::function<bool(Value)> repeatable = [&](Value value) -> bool {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != loop.getBody())
        return !loop->isAncestor(arg.getOwner()->getParentOp());
      return arg == loop.getInductionVar() || advancedPointers.count(arg);
    }
    Operation *def = value.getDefiningOp();
    if (!loop->isProperAncestor(def))
      return true;
    if (def->getBlock() != loop.getBody())
      return false;
    if (!visited.insert(def).second)
      return true;
    bool isTileOp = llvm::any_of(def->getResults(), isTile);
    // A gather the pointers depend on (a block table) is read again for
    // the later iteration: the loop writes no memory, so it reads the
    // same. A load with a layout of its own would be taken from the
    // current iteration instead.
    auto load = dyn_cast<LoadOp>(def);
    bool repeatableLoad =
        load && !load.getIsVolatile() && !hasFixedLayout(load);
    if (isTileOp ? !(isRepeatableTileOp(def) || repeatableLoad)
                 : !isRepeatableScalarOp(def))
      return false;
    if (!isTileOp)
      plan.scalarOps.push_back(def);
    return llvm::all_of(def->getOperands(), repeatable);
  };
  // A value computed in the loop from exactly one vectorizable load (whose
  // pointers and mask the loop can move ahead) through repeatable tile ops
  // used nowhere else: that load, and the layout the value then comes in
  // without moving between threads (the load's, transposed where the
  // chain transposes).
  std::function<std::optional<std::pair<LoadOp, Layout>>(Value)>
      prefetchableSource =
          [&](Value value) -> std::optional<std::pair<LoadOp, Layout>> {
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !value.hasOneUse())
      return std::nullopt;
    if (auto load = dyn_cast<LoadOp>(def)) {
      int64_t vector;
      Layout access =
          accessLayout(load.getPtr(), &vector, /*everyThread=*/false);
      if (load.getIsVolatile() || vector == 1 || !repeatable(load.getPtr()) ||
          (load.getMask() && !repeatable(load.getMask())) ||
          (load.getOther() && !repeatable(load.getOther())))
        return std::nullopt;
      return std::make_pair(load, access);
    }
    if (!isRepeatableTileOp(def) || def->getNumResults() != 1)
      return std::nullopt;
    // One operand leads to the load; the others are repeatable (tried
    // second: `repeatable` takes what it has seen for repeatable).
    std::optional<std::pair<LoadOp, Layout>> found;
    for (Value operand : def->getOperands()) {
      if (isTile(operand))
        if (std::optional<std::pair<LoadOp, Layout>> source =
                prefetchableSource(operand)) {
          if (found)
            return std::nullopt;
          found = source;
          continue;
        }
      if (!repeatable(operand))
        return std::nullopt;
    }
    if (!found)
      return std::nullopt;
    if (auto trans = dyn_cast<TransOp>(def)) {
      SmallVector<int64_t> order(trans.getOrder());
      found->second = permuteDims(found->second, order);
    } else if (cast<RankedTensorType>(value.getType()).getShape() !=
               ArrayRef<int64_t>(found->second.shape)) {
      return std::nullopt;
    }
    return found;
  };
  for (unsigned i = 0; i < 2; ++i) {
    Value operand = op->getOperand(i);
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t bytes = getElementByteSize(type.getElementType());
    // A descriptor load, or its transpose.
    bool descTransposed;
    if (DescLoadOp descLoad = getTensorCopySource(operand, descTransposed)) {
      // Rows of the box along the load's last dimension, swizzled as the
      // products read them, one box per 128-byte column panel.
      if (descLoad->getBlock() != loop.getBody() ||
          !isTensorCopyCandidate(descLoad, hooks) ||
          !llvm::all_of(descLoad.getOffsets(), repeatable))
        return std::nullopt;
      plan.descLoads[i] = descLoad;
      plan.transposed[i] = descTransposed;
      plan.tiles[i] = StagedOperand{SmallVector<int64_t, 2>(type.getShape()),
                                    plan.transposed[i] ? 0u : 1u, bytes};
      continue;
    }
    // A load, or the transpose of one (attention's K^T), is copied; any
    // other operand is staged from registers.
    Value loaded = operand;
    auto trans = operand.getDefiningOp<TransOp>();
    if (trans && type.getRank() == 2 && operand.hasOneUse() &&
        trans.getOrder()[0] == 1) {
      loaded = trans.getSrc();
      plan.transposed[i] = true;
    }
    auto load = loaded.getDefiningOp<LoadOp>();
    if (!load || load->getBlock() != loop.getBody() || !operand.hasOneUse() ||
        !loaded.hasOneUse() || load.getIsVolatile() ||
        !isZeroOrAbsent(load.getOther())) {
      plan.transposed[i] = false;
      plan.stagedLayouts[i] = preferredLayout(operand);
      // Through registers only: with asynchronous copies the other operand
      // is already ahead, and loading this one ahead too costs the
      // registers that keep programs resident (on the H200,
      // paged_decode_fp8 went from 0.42x to 0.28x Triton's speed, 238
      // registers instead of 128).
      if (plan.throughRegisters)
        if (std::optional<std::pair<LoadOp, Layout>> source =
                prefetchableSource(operand)) {
          plan.prefetched[i] = source->first;
          plan.stagedLayouts[i] = source->second;
        }
      Operation *def = operand.getDefiningOp();
      if (def && !loop->isAncestor(def)) {
        // Computed where it stands, not in this loop, and staged once.
        // (Held in registers as wgmma's A across the loop instead, Q of
        // flash_attention_desc at 128 keys per block gave wrong results
        // from the second block on: on the H200 the SASS had P x V read
        // its A from Q's registers.)
        FailureOr<Distributed> value =
            materializeInvariant(operand, plan.stagedLayouts[i]);
        if (failed(value))
          return std::nullopt;
        plan.invariant[i] = true;
        plan.stagedLayouts[i] = value->layout;
      }
      unsigned kDim = i == 0 ? 1 : 0;
      bool alongK = getRunLength(plan.stagedLayouts[i], kDim, 16 / bytes) >=
                    getRunLength(plan.stagedLayouts[i], 1 - kDim, 16 / bytes);
      plan.tiles[i] = StagedOperand{SmallVector<int64_t, 2>(type.getShape()),
                                    alongK ? kDim : 1 - kDim, bytes};
      continue;
    }
    if (plan.throughRegisters) {
      // Loaded as any load is, at the later iteration.
      if (!repeatable(load.getPtr()) ||
          (load.getMask() && !repeatable(load.getMask())))
        return std::nullopt;
      plan.loads[i] = load;
      continue;
    }
    auto loadType = cast<RankedTensorType>(loaded.getType());
    // The 16-byte rows run along a dimension the pointers are contiguous in.
    Value ptrs = load.getPtr();
    if (auto advanced = advancedPointers.find(ptrs);
        advanced != advancedPointers.end())
      ptrs = advanced->second.start;
    AxisInfo info = axis.getAxisInfo(ptrs);
    int64_t perRow = 16 / bytes;
    std::optional<unsigned> along;
    for (unsigned dim : {1u, 0u})
      if (!along && info.getContiguity(dim) % perRow == 0 &&
          loadType.getDimSize(dim) % perRow == 0 &&
          loadType.getDimSize(1 - dim) % 8 == 0)
        along = dim;
    if (!along || !repeatable(load.getPtr()) ||
        (load.getMask() && !repeatable(load.getMask())))
      return std::nullopt;
    plan.loads[i] = load;
    plan.tiles[i] =
        StagedOperand{SmallVector<int64_t, 2>(type.getShape()),
                      plan.transposed[i] ? 1 - *along : *along, bytes};
  }
  // Something to copy or load ahead; a buffer staged each iteration is
  // rewritten while the products could still read it, so they may not run
  // on (one staged before the loop stays).
  bool staged[2] = {!plan.loads[0] && !plan.descLoads[0],
                    !plan.loads[1] && !plan.descLoads[1]};
  if (staged[0] && staged[1] && !plan.prefetched[0] && !plan.prefetched[1])
    return std::nullopt;
  if ((staged[0] && !plan.invariant[0]) || (staged[1] && !plan.invariant[1]))
    plan.resultInFlight.reset();
  llvm::sort(plan.scalarOps,
             [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
  return plan;
}

FailureOr<Distributed>
KernelLowering::materializeInvariant(Value value, const Layout &preferred) {
  Operation *def = value.getDefiningOp();
  SaveLoopContext context(*this, markers.lookup(def));
  if (hasFixedLayout(def))
    return materialize(value);
  FailureOr<SmallVector<Value>> regs = at(value, preferred);
  if (failed(regs))
    return failure();
  return Distributed{preferred, *regs};
}

FailureOr<Value> KernelLowering::tensorMapFor(MakeDescOp desc) {
  if (auto it = tensorMapArgs.find(desc); it != tensorMapArgs.end())
    return it->second;
  FailureOr<TensorMapSource> source = getTensorMapSource(kernel, desc);
  if (failed(source))
    return failure();
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  int64_t bytes = getElementByteSize(block.getElementType());
  MLIRContext *context = kernel.getContext();
  Builder b(context);
  unsigned position = func.getNumArguments();
  if (failed(func.insertArgument(position, LLVM::LLVMPointerType::get(context),
                                 DictionaryAttr::get(context), desc.getLoc())))
    return failure();
  Value map = func.getArgument(position);
  // One matrix's rows by a 128-byte panel of columns.
  int64_t rank = block.getRank();
  SmallVector<int64_t> box(rank, 1);
  box[rank - 2] = block.getDimSize(rank - 2);
  box[rank - 1] = 128 / bytes;
  tensorMaps.push_back(b.getDictionaryAttr({
      b.getNamedAttr("element", TypeAttr::get(block.getElementType())),
      b.getNamedAttr("base", b.getI64IntegerAttr(source->base)),
      b.getNamedAttr("size_args", b.getDenseI64ArrayAttr(source->args[0])),
      b.getNamedAttr("size_values", b.getDenseI64ArrayAttr(source->values[0])),
      b.getNamedAttr("stride_args", b.getDenseI64ArrayAttr(source->args[1])),
      b.getNamedAttr("stride_values",
                     b.getDenseI64ArrayAttr(source->values[1])),
      b.getNamedAttr("size_scales", b.getDenseI64ArrayAttr(source->scales[0])),
      b.getNamedAttr("stride_scales",
                     b.getDenseI64ArrayAttr(source->scales[1])),
      b.getNamedAttr("box", b.getDenseI64ArrayAttr(box)),
      b.getNamedAttr("swizzle", b.getI64IntegerAttr(128)),
      b.getNamedAttr("nan_fill",
                     b.getBoolAttr(desc.getPadding() == Padding::nan)),
  }));
  tensorMapArgs[desc] = map;
  return map;
}

KernelLowering::ShiftedIteration::ShiftedIteration(
    KernelLowering &lowering, OpBuilder &b, Location loc,
    const PipelinePlan &plan, Value iteration, Value advance, bool fromStart)
    : lowering(lowering), savedPoint(lowering.shiftedPoint),
      savedKey(lowering.shiftedKey) {
  // The body's scalars redone with the induction variable moved, the
  // advanced pointers moved further, all before `point`.
  Operation *point =
      UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
  lowering.extraMarkers.push_back(point);
  b.setInsertionPoint(point);
  savedScalars = lowering.shiftScalars(b, plan, iteration);
  savedPointers = lowering.advancedPointers;
  for (auto &[value, pointers] : savedPointers) {
    if (!isa<BlockArgument>(value) || cast<BlockArgument>(value).getOwner() !=
                                          scf::ForOp(plan.loop).getBody())
      continue;
    Value delta = arith::MulIOp::create(b, loc, pointers.step, advance);
    pointers.offset =
        fromStart ? delta
                  : arith::AddIOp::create(b, loc, pointers.offset, delta);
    pointers.ready = point;
  }
  std::swap(lowering.scalars, savedScalars);
  std::swap(lowering.advancedPointers, savedPointers);
  lowering.shiftedPoint = point;
  lowering.shiftedKey = "#shift" + std::to_string(lowering.numShifts++);
}

KernelLowering::ShiftedIteration::~ShiftedIteration() {
  lowering.shiftedPoint = savedPoint;
  lowering.shiftedKey = savedKey;
  std::swap(lowering.scalars, savedScalars);
  std::swap(lowering.advancedPointers, savedPointers);
}

IRMapping KernelLowering::shiftScalars(OpBuilder &b, const PipelinePlan &plan,
                                       Value iteration) {
  scf::ForOp loop = plan.loop;
  IRMapping shifted = scalars;
  shifted.map(loop.getInductionVar(), iteration);
  for (Operation *op : plan.scalarOps)
    b.clone(*op, shifted);
  return shifted;
}

void KernelLowering::startTensorCopies(OpBuilder &b, Location loc,
                                       const PipelinePlan &plan,
                                       unsigned operand,
                                       const IRMapping &shifted, Value buffer,
                                       Value barrier) {
  DescLoadOp load = plan.descLoads[operand];
  const StagedOperand &tile = plan.tiles[operand];
  Value map = *tensorMapFor(descriptors.lookup(load.getDesc()));
  // Coordinates innermost first: the column, the row, then the leading
  // (unit) dimensions' offsets.
  SmallVector<Value> coords;
  for (Value offset : llvm::reverse(load.getOffsets()))
    coords.push_back(shifted.lookup(offset));
  Value column = coords[0];
  // One box per 128-byte column panel of the load (along the operand's
  // contiguous dimension), each where StagedOperand puts it.
  int64_t panel = 128 / tile.elementBytes;
  for (int64_t p = 0; p * panel < tile.shape[tile.contiguousDim]; ++p) {
    Value shared = arith::AddIOp::create(
        b, loc, buffer, constI32(b, loc, p * tile.blockStride()));
    coords[0] =
        arith::AddIOp::create(b, loc, column, constI32(b, loc, p * panel));
    hooks.emitTensorCopy(b, loc, shared, map, coords, barrier);
  }
}

Value KernelLowering::pipelineBase(OpBuilder &b, Location loc) {
  auto placeholder = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  pipelineBases.push_back(placeholder);
  return placeholder;
}

LogicalResult KernelLowering::startCopies(OpBuilder &b, Location loc,
                                          const PipelinePlan &plan,
                                          unsigned operand, Value iteration,
                                          Value advance, bool fromStart,
                                          Value valid, Value buffer,
                                          SmallVector<PendingCopy> &copies) {
  LoadOp load = plan.loads[operand];
  const StagedOperand &tile = plan.tiles[operand];
  // `layout` places the operand's elements; the load's tiles (pointers,
  // masks) are read in `loadLayout`, the same elements in its coordinates.
  Layout layout = copyLayout(tile, warpSize, numWarps);
  Layout loadLayout =
      plan.transposed[operand] ? permuteDims(layout, {1, 0}) : layout;
  unsigned loadContiguousDim =
      plan.transposed[operand] ? tile.otherDim() : tile.contiguousDim;
  // The pointers and the mask of that iteration.
  std::optional<ShiftedIteration> shift;
  shift.emplace(*this, b, loc, plan, iteration, advance, fromStart);
  // The mask's conjuncts: those constant along each 16-byte row are tested
  // once per copy, the others per element (the same columns' tests are
  // shared by all rows). Alignment of uniformly advanced pointers is that
  // of their start and of their step.
  SmallVector<Value> conjuncts;
  std::function<void(Value)> flatten = [&](Value value) {
    if (auto andOp = value.getDefiningOp<arith::AndIOp>()) {
      flatten(andOp.getLhs());
      flatten(andOp.getRhs());
      return;
    }
    conjuncts.push_back(value);
  };
  if (load.getMask())
    flatten(load.getMask());
  int64_t vector = tile.perChunk();
  SmallVector<SmallVector<Value>> uniformParts, varyingParts;
  FailureOr<SmallVector<Value>> ptrs = at(load.getPtr(), loadLayout);
  bool ok = succeeded(ptrs);
  for (Value part : conjuncts) {
    FailureOr<SmallVector<Value>> regs = at(part, loadLayout);
    ok = ok && succeeded(regs);
    if (!ok)
      break;
    bool uniform =
        axis.getAxisInfo(part).getConstancy(loadContiguousDim) % vector == 0;
    (uniform ? uniformParts : varyingParts).push_back(*regs);
  }
  Value step;
  FailureOr<SmallVector<Value>> alignPtrs = ptrs;
  if (auto advanced = advancedPointers.find(load.getPtr());
      advanced != advancedPointers.end()) {
    alignPtrs = at(advanced->second.start, loadLayout);
    step = advanced->second.step;
  }
  ok = ok && succeeded(alignPtrs);
  shift.reset();
  if (!ok)
    return failure();

  Value active = isFirstCopyThread(b, loc, layout);
  Type i64 = b.getI64Type();
  Type element = lowerElementType(getElementTypeOrSelf(load.getType()));
  bool alignmentKnown =
      axis.getAlignmentBytes(load.getPtr(), loadContiguousDim) % 16 == 0;
  Value stepAligned;
  if (!alignmentKnown && step)
    stepAligned = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(
            b, loc,
            arith::MulIOp::create(
                b, loc, step,
                arith::ConstantIntOp::create(b, loc, i64, tile.elementBytes)),
            arith::ConstantIntOp::create(b, loc, i64, 15)),
        arith::ConstantIntOp::create(b, loc, i64, 0));
  auto conjunction = [&](ArrayRef<SmallVector<Value>> parts, int64_t reg,
                         Value init) {
    for (const SmallVector<Value> &part : parts)
      init = init ? Value(arith::AndIOp::create(b, loc, init, part[reg]))
                  : part[reg];
    return init;
  };
  Value bufferAddress = sharedAddressI32(b, loc, buffer);
  auto coords = coordinates(b, loc, layout);
  for (int64_t r = 0; r < layout.getNumRegs(); r += vector) {
    if (!layout.isFirstRegCopy(r))
      continue;
    StagedAddress shared =
        stagedAddress(b, loc, tile, coords[r], bufferAddress);
    // Whether the 16 bytes are read (else zeroed); `whole` false when only
    // some of them are (at an edge) or the address is unaligned: element
    // by element then.
    Value take = conjunction(uniformParts, r, valid);
    Value read = take, whole;
    if (!varyingParts.empty()) {
      Value all, any;
      for (int64_t i = 0; i < vector; ++i) {
        Value element = conjunction(varyingParts, r + i, {});
        all =
            all ? Value(arith::AndIOp::create(b, loc, all, element)) : element;
        any = any ? Value(arith::OrIOp::create(b, loc, any, element)) : element;
      }
      Value none = arith::XOrIOp::create(
          b, loc, any, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
      whole = arith::OrIOp::create(b, loc, all, none);
      read = arith::AndIOp::create(b, loc, read, all);
    }
    if (!alignmentKnown) {
      Value aligned = isAligned(b, loc, (*alignPtrs)[r], 16);
      if (stepAligned)
        aligned = arith::AndIOp::create(b, loc, aligned, stepAligned);
      whole = whole ? Value(arith::AndIOp::create(b, loc, whole, aligned))
                    : aligned;
    }
    PendingCopy copy{active, shared, (*ptrs)[r], read,
                     whole,  {},     element,    tile.elementBytes};
    if (whole)
      for (int64_t i = 0; i < vector; ++i) {
        SmallVector<Value, 2> conditions{take};
        for (const SmallVector<Value> &part : varyingParts)
          conditions.push_back(part[r + i]);
        copy.takeElements.push_back(conditions);
      }
    copies.push_back(copy);
  }
  return success();
}

void KernelLowering::issueCopies(OpBuilder &b, Location loc,
                                 ArrayRef<PendingCopy> copies) {
  // One branch per copy. (Predicated copies in one block, or one branch for
  // all of them, keep more registers live and measured slower.)
  for (const PendingCopy &copy : copies) {
    OpBuilder::InsertionGuard guard(b);
    if (copy.active) {
      auto ifOp = scf::IfOp::create(b, loc, copy.active, false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    if (!copy.whole) {
      hooks.emitAsyncCopy(b, loc, copy.shared.value, copy.shared.offset,
                          copy.ptr, copy.read);
      continue;
    }
    auto ifOp = scf::IfOp::create(b, loc, copy.whole, true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    hooks.emitAsyncCopy(thenB, loc, copy.shared.value, copy.shared.offset,
                        copy.ptr, copy.read);
    // Element by element (the row is contiguous), masked lanes zero, then
    // one shared store.
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    Type element = copy.element;
    int64_t vector = copy.takeElements.size();
    Value zero =
        arith::ConstantOp::create(elseB, loc, elseB.getZeroAttr(element));
    Value packed =
        LLVM::UndefOp::create(elseB, loc, VectorType::get({vector}, element));
    for (int64_t i = 0; i < vector; ++i) {
      Value take = copy.takeElements[i].front();
      for (Value condition : ArrayRef(copy.takeElements[i]).drop_front())
        take = arith::AndIOp::create(elseB, loc, take, condition);
      if (Value value = hooks.emitPredicatedLoad(
              elseB, loc, take, copy.ptr, i * copy.elementBytes, element)) {
        packed = LLVM::InsertElementOp::create(elseB, loc, packed, value,
                                               constI32(elseB, loc, i));
        continue;
      }
      auto pick = scf::IfOp::create(elseB, loc, element, take,
                                    /*withElseRegion=*/true);
      OpBuilder loadB = pick.getThenBodyBuilder();
      Value elementPtr =
          LLVM::GEPOp::create(loadB, loc, copy.ptr.getType(), element, copy.ptr,
                              ArrayRef<LLVM::GEPArg>{int32_t(i)});
      scf::YieldOp::create(
          loadB, loc,
          ValueRange{LLVM::LoadOp::create(loadB, loc, element, elementPtr,
                                          copy.elementBytes)});
      OpBuilder zeroB = pick.getElseBodyBuilder();
      scf::YieldOp::create(zeroB, loc, zero);
      packed = LLVM::InsertElementOp::create(
          elseB, loc, packed, pick.getResult(0), constI32(elseB, loc, i));
    }
    LLVM::StoreOp::create(
        elseB, loc, packed,
        LLVM::IntToPtrOp::create(elseB, loc,
                                 LLVM::LLVMPointerType::get(b.getContext(), 3),
                                 copy.shared.withOffset(elseB, loc)),
        16);
  }
}

void KernelLowering::emitCopyWaits(scf::ForOp loop) {
  // Each of the P pipelined products commits one group of copies per
  // iteration, in this order, after S - 1 groups each before the loop (the
  // first product's first). When product p waits for its group of
  // iteration i, the groups committed after it are, from iteration S - 1
  // on: the other products' of that iteration, P per iteration in between,
  // and the first p of this one, (S - 1) P - 1 in all; in iteration 0,
  // S - 2 + (P - 1 - p)(S - 1) + p, the fewest. A single product leaves
  // S - 2 in flight.
  auto it = copyWaits.find(loop);
  if (it == copyWaits.end())
    return;
  int64_t products = it->second.size();
  for (auto [p, entry] : llvm::enumerate(it->second)) {
    auto [marker, stages] = entry;
    int64_t later = std::min(
        (stages - 1) * products - 1,
        stages - 2 + (products - 1 - int64_t(p)) * (stages - 1) + int64_t(p));
    OpBuilder b(marker);
    hooks.emitAsyncCopyWait(b, marker->getLoc(), later);
    marker->erase();
  }
  copyWaits.erase(it);
}

FailureOr<Distributed>
KernelLowering::lowerPipelinedDot(OpBuilder &b, DotOp op,
                                  PipelinedInstruction instruction,
                                  const PipelinePlan &plan) {
  Location loc = op.getLoc();
  Type i64 = b.getI64Type();
  scf::ForOp loop = plan.loop, lowered = plan.lowered;
  int64_t stages = plan.stages;
  if (decisions) {
    auto source = [&](int i) -> std::string {
      if (plan.descLoads[i])
        return "tensor copies";
      if (plan.loads[i] && plan.restaged[i])
        return "async copies, restaged k-major";
      if (plan.loads[i])
        return plan.transposed[i] ? "async copies, transposed" : "async copies";
      return plan.invariant[i] ? "registers, staged before the loop"
                               : "registers, staged each iteration";
    };
    std::string text = std::to_string(stages) + " stages; A: " + source(0) +
                       "; B: " + source(1);
    if (plan.resultInFlight && instruction.warpgroup &&
        !instruction.warpgroup->partialSumK)
      text += "; products in flight across iterations";
    if (instruction.warpgroup && instruction.warpgroup->partialSumK)
      text += "; partial sums of " +
              std::to_string(instruction.warpgroup->partialSumK) +
              " k added into the accumulator";
    noteDecision(op, "pipeline", text);
    noteDecision(loop, "pipeline", text);
  }
  // Iterations whose copies are in flight ahead of the one multiplying.
  int64_t ahead = stages - 1;
  bool asyncCopies = plan.loads[0] || plan.loads[1];
  bool tensorCopies = plan.descLoads[0] || plan.descLoads[1];
  bool staged[2] = {!plan.loads[0] && !plan.descLoads[0],
                    !plan.loads[1] && !plan.descLoads[1]};
  // A computed in the loop goes to the products in registers where the
  // instruction takes it so (no buffer, no stores).
  bool registerA = staged[0] && !plan.invariant[0] && instruction.warpgroup &&
                   instruction.warpgroup->registerA;
  // Warpgroup products may run on into the next iteration; a warp's matrix
  // instructions are done when issued.
  // Bounded partial sums are added into the accumulator once done.
  int64_t partialSumK =
      instruction.warpgroup ? instruction.warpgroup->partialSumK : 0;
  std::optional<unsigned> resultInFlight = instruction.warpgroup && !partialSumK
                                               ? plan.resultInFlight
                                               : std::nullopt;
  if (registerA)
    staged[0] = false;
  // Staged from registers each iteration (else once, before the loop).
  bool stagedEach[2] = {staged[0] && !plan.invariant[0],
                        staged[1] && !plan.invariant[1]};
  bool stagedAny = stagedEach[0] || stagedEach[1];
  // A producer warp of its own issues the tensor copies where every operand
  // comes by them, from registers or from a buffer staged before the loop,
  // and the products are asynchronous.
  bool specialized = instruction.warpgroup &&
                     isFedByProducer(plan, op, *instruction.warpgroup);
  // Its result waited for in the next iteration (scheduleSpecializedLoop).
  bool carried = specialized && carriedProducts.contains(op);
  if (specialized && decisions) {
    noteDecision(op, "pipeline", "a producer warp issues the tensor copies");
    noteDecision(loop, "pipeline", "a producer warp issues the tensor copies");
  }
  // Each stage's buffers, then those of invariant operands, then the
  // stages' transaction barriers (8 bytes each); offsets from `region`.
  int64_t offsets[2] = {0, 0}, stageBytes = 0;
  for (unsigned operand = 0; operand < 2; ++operand)
    if (!plan.invariant[operand] && !(operand == 0 && registerA)) {
      offsets[operand] = stageBytes;
      stageBytes += llvm::alignTo(plan.tiles[operand].getBytes(), 1024);
    }
  int64_t region = pipelineBytes;
  int64_t barriers = region + stages * stageBytes;
  for (unsigned operand = 0; operand < 2; ++operand)
    if (plan.invariant[operand]) {
      offsets[operand] = barriers - region;
      barriers += llvm::alignTo(plan.tiles[operand].getBytes(), 1024);
    }
  // The k-major buffers of restaged operands, two if the products of one
  // iteration still read theirs while the next one is restaged.
  StagedOperand productTiles[2] = {plan.tiles[0], plan.tiles[1]};
  int64_t restagedOffsets[2] = {0, 0};
  int64_t restagedCopies = resultInFlight ? 2 : 1;
  for (unsigned operand = 0; operand < 2; ++operand)
    if (plan.restaged[operand]) {
      productTiles[operand].contiguousDim = operand == 0 ? 1 : 0;
      restagedOffsets[operand] = barriers - region;
      barriers += restagedCopies *
                  llvm::alignTo(productTiles[operand].getBytes(), 1024);
    }
  // Per stage a transaction barrier, and a second one the consumers
  // release the stage on if a producer warp fills it.
  int64_t barrierBytes = tensorCopies ? stages * (specialized ? 16 : 8) : 0;
  pipelineBytes = llvm::alignTo(barriers + barrierBytes, 1024);
  // Refused before any stage is built: a huge num_stages would otherwise
  // unroll its copies first and fail (or exhaust memory) only afterwards.
  int64_t needed = llvm::alignTo(scratchBytesInPipelinedLoops(lowered), 1024) +
                   pipelineBytes;
  if (needed > hooks.getMaxSharedMemoryBytes())
    return op.emitOpError()
           << "num_stages = " << stages << " needs " << needed
           << " bytes of shared memory for its pipelined operands ("
           << stageBytes << " per stage); the chip allows "
           << hooks.getMaxSharedMemoryBytes() << " per program";
  int64_t tensorBytes = 0;
  for (unsigned operand = 0; operand < 2; ++operand)
    if (plan.descLoads[operand])
      tensorBytes += plan.tiles[operand].getBytes();
  auto cType = cast<RankedTensorType>(op.getType());
  Layout accLayout = instruction.warpgroup
                         ? warpgroupLayout(cType, *instruction.warpgroup)
                         : dotLayout(op);
  FailureOr<SmallVector<Value>> acc = at(op.getAcc(), accLayout);
  if (failed(acc))
    return failure();

  Value lower = scalars.lookup(loop.getLowerBound());
  Value upper = scalars.lookup(loop.getUpperBound());
  Value step = scalars.lookup(loop.getStep());
  auto bufferOf = [&](OpBuilder &builder, Value stage,
                      int64_t operand) -> Value {
    Value base = arith::AddIOp::create(
        builder, loc, pipelineBase(builder, loc),
        constI32(builder, loc, region + offsets[operand]));
    if (plan.invariant[operand])
      return base;
    return arith::AddIOp::create(
        builder, loc, base,
        arith::MulIOp::create(builder, loc, stage,
                              constI32(builder, loc, stageBytes)));
  };
  auto barrierOf = [&](OpBuilder &builder, Value stage) {
    Value base = arith::AddIOp::create(builder, loc, pipelineBase(builder, loc),
                                       constI32(builder, loc, barriers));
    return sharedAddressI32(
        builder, loc,
        arith::AddIOp::create(
            builder, loc, base,
            arith::MulIOp::create(builder, loc, stage,
                                  constI32(builder, loc, 8))));
  };
  auto startStage = [&](OpBuilder &builder, Value iteration, Value advance,
                        bool fromStart, Value stage) -> LogicalResult {
    Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iteration, upper);
    if (asyncCopies) {
      SmallVector<PendingCopy> copies;
      for (unsigned operand = 0; operand < 2; ++operand)
        if (plan.loads[operand] &&
            failed(startCopies(builder, loc, plan, operand, iteration, advance,
                               fromStart, valid,
                               bufferOf(builder, stage, operand), copies)))
          return failure();
      issueCopies(builder, loc, copies);
      hooks.emitAsyncCopyCommit(builder, loc);
    }
    if (tensorCopies) {
      // One thread announces the stage's bytes and starts its boxes.
      auto ifOp =
          scf::IfOp::create(builder, loc,
                            arith::AndIOp::create(builder, loc, valid,
                                                  isThreadZero(builder, loc)),
                            false);
      OpBuilder thenB = ifOp.getThenBodyBuilder();
      Value barrier = barrierOf(thenB, stage);
      hooks.emitTransactionBarrierExpect(thenB, loc, barrier, tensorBytes);
      // The offsets of that iteration: the body's scalars redone with the
      // induction variable moved.
      IRMapping shifted = shiftScalars(thenB, plan, iteration);
      for (unsigned operand = 0; operand < 2; ++operand)
        if (plan.descLoads[operand])
          startTensorCopies(
              thenB, loc, plan, operand, shifted,
              sharedAddressI32(thenB, loc, bufferOf(thenB, stage, operand)),
              barrier);
    }
    return success();
  };

  // Prologue: invariant operands staged, the barriers, then the first
  // S - 1 iterations' copies, before the loop, once nobody reads the
  // buffers from an earlier run of the loop, or the scratch space they
  // overlap outside it.
  pipelinedLoops.push_back(lowered);
  OpBuilder before(lowered);
  // A producer warp runs ahead on its own: no prologue
  // (WarpSpecialization.cpp).
  std::optional<ProducerRing> ring;
  if (specialized) {
    ring = setUpProducerRing(before, loc, lowered, barriers, stages);
  } else {
    awaitTensorStoreReads(before, loc);
    barrier(before, loc);
  }
  if (plan.invariant[0] || plan.invariant[1]) {
    // Once no consumer reads the buffers from an earlier run (the
    // specialized loop's exit has no barrier of its own), the invariant
    // operands are stored, then fenced for the products' reads and waited
    // for by every consumer.
    if (specialized)
      barrier(before, loc);
    for (unsigned operand = 0; operand < 2; ++operand) {
      if (!plan.invariant[operand])
        continue;
      FailureOr<Distributed> value = materializeInvariant(
          op->getOperand(operand), plan.stagedLayouts[operand]);
      if (failed(value))
        return failure();
      stageOperand(before, loc, *value, plan.tiles[operand],
                   bufferOf(before, Value(), operand));
    }
    if (instruction.warpgroup)
      hooks.emitSharedWriteFence(before, loc);
    barrier(before, loc);
  }
  if (tensorCopies && !specialized) {
    auto ifOp =
        scf::IfOp::create(before, loc, isThreadZero(before, loc), false);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    for (int64_t j = 0; j < stages; ++j)
      hooks.emitTransactionBarrierInit(
          thenB, loc, barrierOf(thenB, constI32(thenB, loc, j)));
    barrier(before, loc);
  }
  // The first S - 1 stages by a loop rather than unrolled: one copy of the
  // copy code (16 element loads per copy at an unaligned 8-bit edge) instead
  // of S - 1, which halves the general kernels' code and compile time.
  if (ahead > 0 && !specialized) {
    auto prologue = scf::ForOp::create(before, loc, constI32(before, loc, 0),
                                       constI32(before, loc, ahead),
                                       constI32(before, loc, 1));
    OpBuilder body = OpBuilder::atBlockBegin(prologue.getBody());
    Value j = prologue.getInductionVar();
    Value iteration = arith::AddIOp::create(
        body, loc, lower, arith::MulIOp::create(body, loc, step, j));
    // In the prologue the advanced pointers are at their start.
    if (failed(startStage(body, iteration,
                          arith::ExtSIOp::create(body, loc, i64, j),
                          /*fromStart=*/true, j)))
      return failure();
  }
  // No copy may still be writing once the loop is done, and every wait on
  // the barriers is over (each iteration has a block barrier after it).
  OpBuilder after(lowered->getContext());
  after.setInsertionPointAfter(lowered);
  if (asyncCopies)
    hooks.emitAsyncCopyWait(after, loc, 0);
  if (ring) {
    // Once the products are waited for: a branch while they run would
    // serialize them.
    bool lastInFlight = resultInFlight.has_value() || carried;
    loopExits[loop].push_back(
        [this, loc, lastInFlight, ring = *ring](OpBuilder &exit) {
          finishProducerRing(exit, loc, ring, lastInFlight);
        });
  } else if (tensorCopies) {
    auto ifOp = scf::IfOp::create(after, loc, isThreadZero(after, loc), false);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    for (int64_t j = 0; j < stages; ++j)
      hooks.emitTransactionBarrierInvalidate(
          thenB, loc, barrierOf(thenB, constI32(thenB, loc, j)));
  }

  // Iteration i: its copies are in; everybody is done with buffer i - 1.
  Value iv = lowered.getInductionVar();
  Value index =
      ring ? countIteration(b, loc, *ring)
           : Value(arith::DivSIOp::create(
                 b, loc, arith::SubIOp::create(b, loc, iv, lower), step));
  Value stage = arith::RemUIOp::create(b, loc, index, constI32(b, loc, stages));
  if (asyncCopies) {
    // How many newer groups may stay in flight depends on the loop's other
    // pipelined products (lowerFor emits the wait once all are known).
    Operation *wait =
        UnrealizedConversionCastOp::create(b, loc, TypeRange{}, ValueRange{});
    copyWaits[loop].push_back({wait, stages});
  }
  // Operands from registers go to this iteration's buffer: the products
  // that last read it (S iterations ago) are over, as the last barrier
  // shows.
  for (unsigned operand = 0; operand < 2; ++operand) {
    if (!stagedEach[operand])
      continue;
    Value value = op->getOperand(operand);
    const Layout &layout = plan.stagedLayouts[operand];
    FailureOr<SmallVector<Value>> regs = at(value, layout);
    if (failed(regs))
      return failure();
    stageOperand(b, loc, Distributed{layout, *regs}, plan.tiles[operand],
                 bufferOf(b, stage, operand));
  }
  // Stores from registers are ordered before the products' reads (another
  // proxy) by a fence; asynchronous copies complete at their wait, as
  // Triton's and CUTLASS's cp.async mainloops rely on (the fence there was
  // a MEMBAR.ALL.CTA each iteration).
  if (stagedAny && instruction.warpgroup)
    hooks.emitSharedWriteFence(b, loc);
  if (tensorCopies) {
    // Stage s completes a phase once per round of S iterations.
    Value parity = arith::AndIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, index, constI32(b, loc, stages)),
        constI32(b, loc, 1));
    if (ring)
      emitProducerStage(
          b, loc, *ring, tensorBytes,
          [&](OpBuilder &pb, Value producerStage, Value full) {
            IRMapping shifted = shiftScalars(pb, plan, iv);
            for (unsigned operand = 0; operand < 2; ++operand)
              if (plan.descLoads[operand])
                startTensorCopies(
                    pb, loc, plan, operand, shifted,
                    sharedAddressI32(pb, loc,
                                     bufferOf(pb, producerStage, operand)),
                    full);
          });
    hooks.emitTransactionBarrierWait(b, loc, barrierOf(b, stage), parity);
  }
  if (asyncCopies || stagedAny)
    barrier(b, loc);
  // Restaged from this iteration's stage once every thread's copies are in
  // (into buffer `index mod restagedCopies`).
  Value productBases[2];
  for (unsigned operand = 0; operand < 2; ++operand) {
    productBases[operand] = bufferOf(b, stage, operand);
    if (!plan.restaged[operand])
      continue;
    int64_t bytes = llvm::alignTo(productTiles[operand].getBytes(), 1024);
    Value copy = arith::AndIOp::create(b, loc, index,
                                       constI32(b, loc, restagedCopies - 1));
    Value to = arith::AddIOp::create(
        b, loc, pipelineBase(b, loc),
        constI32(b, loc, region + restagedOffsets[operand]));
    to = arith::AddIOp::create(
        b, loc, to,
        arith::MulIOp::create(b, loc, copy, constI32(b, loc, bytes)));
    if (failed(restageOperand(b, loc, plan.tiles[operand],
                              productBases[operand], productTiles[operand],
                              to)))
      return failure();
    productBases[operand] = to;
  }
  if (plan.restaged[0] || plan.restaged[1]) {
    hooks.emitSharedWriteFence(b, loc);
    barrier(b, loc);
  }
  Value aheadIteration = arith::AddIOp::create(
      b, loc, iv, arith::MulIOp::create(b, loc, step, constI32(b, loc, ahead)));
  Value aheadStage = arith::RemUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, index, constI32(b, loc, ahead)),
      constI32(b, loc, stages));
  Value aBase = sharedAddressI32(b, loc, productBases[0]);
  Value bBase = sharedAddressI32(b, loc, productBases[1]);
  if (instruction.matrix) {
    // Each warp's fragments, whole matrices of this iteration's buffers.
    auto copyOf = [&](unsigned operand, Value base) {
      const StagedOperand &tile = plan.tiles[operand];
      return OperandCopy{
          tile.contiguousDim,
          [&, base, operand](OpBuilder &ib, Value row, Value col) {
            Value address =
                stagedOffset(ib, loc, plan.tiles[operand], {row, col}, base);
            return Value(LLVM::IntToPtrOp::create(
                ib, loc, LLVM::LLVMPointerType::get(ib.getContext(), 3),
                address));
          }};
    };
    int64_t k = cast<RankedTensorType>(op.getA().getType()).getDimSize(1);
    SmallVector<Value> next =
        issueMatrixProducts(b, loc, *instruction.matrix, op, k,
                            copyOf(0, aBase), copyOf(1, bBase), *acc);
    if (next.empty())
      return unsupported(op, "the target emitted no matrix instruction"),
             failure();
    // The copies of iteration i + S - 1 into the buffer of i - 1.
    if (failed(startStage(b, aheadIteration,
                          arith::ConstantIntOp::create(b, loc, i64, ahead),
                          /*fromStart=*/false, aheadStage)))
      return failure();
    return Distributed{accLayout, next};
  }
  SmallVector<Value> aRegisters;
  if (registerA) {
    // Pairs of 16-bit elements per i32, in the order the layout keeps them.
    Layout layout = warpgroupLayout(cast<RankedTensorType>(op.getA().getType()),
                                    *instruction.warpgroup);
    FailureOr<SmallVector<Value>> regs = at(op.getA(), layout);
    if (failed(regs))
      return failure();
    Type pair = VectorType::get({2}, (*regs)[0].getType());
    for (size_t r = 0; r + 1 < regs->size(); r += 2) {
      Value packed = LLVM::UndefOp::create(b, loc, pair);
      for (int64_t i = 0; i < 2; ++i)
        packed = LLVM::InsertElementOp::create(b, loc, packed, (*regs)[r + i],
                                               constI32(b, loc, i));
      aRegisters.push_back(
          LLVM::BitcastOp::create(b, loc, b.getI32Type(), packed));
    }
  }
  // The last (or only) chain runs on while the next copies start.
  if (ring)
    emitProductTurn(b, loc, op, /*before=*/true);
  WarpgroupChains chains = issueWarpgroupChains(
      b, loc, *instruction.warpgroup, aBase, productTiles[0], bBase,
      productTiles[1], *acc, aRegisters);
  if (ring)
    emitProductTurn(b, loc, op, /*before=*/false);
  if (chains.pending.empty())
    return unsupported(op, "the target emitted no warpgroup instruction"),
           failure();
  SmallVector<Value> next = chains.pending;
  if (ring) {
    // Each consumer warp releases a stage once the products reading it are
    // done: those of i - 1 while those of i run on (the last run's at the
    // loop's exit), else those of i.
    if (resultInFlight || carried) {
      // A carried product's previous iteration was waited for before its
      // result's first use, earlier in this one.
      if (carried)
        hooks.emitWarpgroupCommit(b, loc);
      else
        next = hooks.emitWarpgroupWait(b, loc, /*pending=*/1, next);
      productsInFlight[loop].push_back(
          carried ? op->use_begin()->getOperandNumber() : *resultInFlight);
      releaseStage(b, loc, *ring,
                   arith::SubIOp::create(b, loc, index, constI32(b, loc, 1)),
                   arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         index, ring->startCount));
      return Distributed{accLayout, next};
    }
    auto release = [&](OpBuilder &at) {
      releaseStage(at, loc, *ring, index, Value());
    };
    if (std::optional<SmallVector<Value>> waited =
            waitWhereUsed(b, loc, op, chains.pending, release))
      return Distributed{accLayout, *waited};
    next = finishWarpgroupProducts(b, loc, *instruction.warpgroup, chains);
    release(b);
    return Distributed{accLayout, next};
  }
  if (resultInFlight) {
    // The products of i - 1 are done once every warp has waited for them;
    // those of i may run on (the loop waits for the last ones, lowerFor).
    next = hooks.emitWarpgroupWait(b, loc, /*pending=*/1, next);
    barrier(b, loc);
    productsInFlight[loop].push_back(*resultInFlight);
  } else if (!asyncCopies && !stagedAny) {
    // Without a barrier at the top, one here: every warp is done with the
    // buffer of i - 1 (its products waited for at the end of i - 1).
    barrier(b, loc);
  }
  // While the products run: the copies of iteration i + S - 1 into the
  // buffer of i - 1 (the advanced pointers hold iteration i's offsets here).
  if (failed(startStage(b, aheadIteration,
                        arith::ConstantIntOp::create(b, loc, i64, ahead),
                        /*fromStart=*/false, aheadStage)))
    return failure();
  if (resultInFlight)
    return Distributed{accLayout, next};
  return Distributed{accLayout, finishWarpgroupProducts(
                                    b, loc, *instruction.warpgroup, chains)};
}

LogicalResult
KernelLowering::loadPrefetched(OpBuilder &b, Location loc,
                               const PipelinePlan &plan, Value iteration,
                               Value upper, Value advance, bool fromStart,
                               std::optional<Distributed> (&loaded)[2]) {
  for (unsigned operand = 0; operand < 2; ++operand) {
    LoadOp load = plan.prefetched[operand];
    if (!load)
      continue;
    // Nothing is read past the loop's end (zeros there, never multiplied).
    Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        iteration, upper);
    ShiftedIteration shift(*this, b, loc, plan, iteration, advance, fromStart);
    int64_t vector;
    Layout access = accessLayout(load.getPtr(), &vector, /*everyThread=*/false);
    FailureOr<Distributed> value = loadTile(b, load, access, vector, valid);
    if (failed(value))
      return failure();
    loaded[operand] = *value;
  }
  return success();
}

LogicalResult KernelLowering::storePrefetched(
    OpBuilder &b, Location loc, DotOp dot, const PipelinePlan &plan,
    const std::optional<Distributed> (&loaded)[2], Value iteration,
    Value advance, bool fromStart,
    function_ref<void(unsigned, const Distributed &)> store) {
  for (unsigned operand = 0; operand < 2; ++operand) {
    LoadOp load = plan.prefetched[operand];
    if (!load)
      continue;
    // The rest of the operand's computation, for that iteration, from the
    // loaded registers: the load stands materialized by them meanwhile.
    ShiftedIteration shift(*this, b, loc, plan, iteration, advance, fromStart);
    Value result = load.getResult();
    std::optional<Distributed> savedValue;
    if (auto it = materialized.find(result); it != materialized.end())
      savedValue = it->second;
    Operation *savedReady = readyMarkers.lookup(result);
    materialized[result] = *loaded[operand];
    readyMarkers[result] = shiftedPoint;
    const Layout &layout = plan.stagedLayouts[operand];
    FailureOr<SmallVector<Value>> regs = at(dot->getOperand(operand), layout);
    if (savedValue)
      materialized[result] = *savedValue;
    else
      materialized.erase(result);
    if (savedReady)
      readyMarkers[result] = savedReady;
    else
      readyMarkers.erase(result);
    if (failed(regs))
      return failure();
    store(operand, Distributed{layout, *regs});
  }
  return success();
}

LogicalResult KernelLowering::stagePrefetched(
    OpBuilder &b, Location loc, DotOp dot, const PipelinePlan &plan,
    Value iteration, Value upper, Value advance, bool fromStart,
    function_ref<void(unsigned, const Distributed &)> store) {
  std::optional<Distributed> loaded[2];
  if (failed(loadPrefetched(b, loc, plan, iteration, upper, advance, fromStart,
                            loaded)))
    return failure();
  return storePrefetched(b, loc, dot, plan, loaded, iteration, advance,
                         fromStart, store);
}

FailureOr<Distributed>
KernelLowering::lowerRegisterPipelinedDot(OpBuilder &b, DotOp op,
                                          const MatrixInstruction &instruction,
                                          const PipelinePlan &plan) {
  Location loc = op.getLoc();
  scf::ForOp lowered = plan.lowered;
  // Each operand as the threads hold it before it is staged: a load in its
  // own access layout (permuted for a transposed one), anything else as
  // planned.
  Layout layouts[2];
  int64_t vectors[2] = {1, 1};
  for (unsigned i = 0; i < 2; ++i) {
    if (LoadOp load = plan.loads[i]) {
      Layout access =
          accessLayout(load.getPtr(), &vectors[i], /*everyThread=*/false);
      layouts[i] = plan.transposed[i] ? permuteDims(access, {1, 0}) : access;
    } else {
      layouts[i] = plan.stagedLayouts[i];
    }
  }
  MatrixStaging staging = planMatrixStaging(op, instruction, layouts[1]);
  auto unpipelined = [&](StringRef why) -> FailureOr<Distributed> {
    noteDecision(op, "pipeline", ("none: " + why).str());
    DotOperands operands = dotOperands(op);
    if (!operands.valid)
      return failure();
    return lowerMatrixDot(b, op, instruction, operands);
  };
  // The next iteration's registers must not push the loop into spilling:
  // with the accumulators and a step's fragments they stay within 3/4 of
  // what a thread may hold. A load that is not whole vectors (an edge mask
  // that varies inside a vector, an alignment known only at run time) keeps
  // an element-by-element path live as well, which costs more than the
  // overlap gains.
  int64_t threads = int64_t(numWarps) * warpSize;
  auto registersOf = [&](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    return llvm::divideCeil(tensor.getNumElements() *
                                getElementByteSize(tensor.getElementType()),
                            4 * threads);
  };
  auto cType = cast<RankedTensorType>(op.getType());
  auto [warpsM, warpsN] = dotWarps(op, instruction);
  int64_t fragments = (cType.getDimSize(0) / warpsM / instruction.m *
                           (int64_t(1) << instruction.aElementBases.size()) +
                       cType.getDimSize(1) / warpsN / instruction.n *
                           (int64_t(1) << instruction.bElementBases.size())) *
                      (staging.widened ? getElementByteSize(staging.widened)
                                       : staging.elementBytes) /
                      4;
  int64_t registers = registersOf(cType) + fragments;
  for (unsigned i = 0; i < 2; ++i) {
    LoadOp load = plan.loads[i] ? plan.loads[i] : plan.prefetched[i];
    if (!load)
      continue;
    int64_t vector = vectors[i];
    unsigned dim = runDimension(
        accessLayout(load.getPtr(), &vector, /*everyThread=*/false));
    registers += registersOf(load.getType());
    int64_t elementBytes =
        getElementByteSize(getElementTypeOrSelf(load.getType()));
    bool wholeVectors =
        vector == 1 ||
        ((!load.getMask() ||
          axis.getMaskConstancy(load.getMask(), dim) % vector == 0) &&
         axis.getAlignmentBytes(load.getPtr(), dim) % (vector * elementBytes) ==
             0);
    if (!wholeVectors)
      return unpipelined("the loads are not whole vectors");
  }
  if (4 * registers > 3 * hooks.getMaxRegistersPerThread(numWarps))
    return unpipelined("the registers do not fit");
  int64_t bytes[2] = {staging.aBytes, staging.bBytes};
  // The buffers: two (one barrier per iteration) if they fit beside what
  // the kernel already uses, else one (two barriers), else none.
  int64_t perBuffer = 0, invariantBytes = 0;
  for (unsigned i = 0; i < 2; ++i)
    (plan.invariant[i] ? invariantBytes : perBuffer) += bytes[i];
  int64_t buffers = stagingBuffers;
  auto fits = [&](int64_t count) {
    return llvm::alignTo(scratchBytesInPipelinedLoops(lowered), 1024) +
               pipelineBytes + count * perBuffer + invariantBytes <=
           hooks.getMaxSharedMemoryBytes();
  };
  while (buffers > 0 && !fits(buffers))
    --buffers;
  if (buffers == 0)
    return unpipelined("the buffers do not fit");
  usedRegisterStaging = true;
  pipelinedLoops.push_back(lowered);
  if (decisions) {
    auto source = [&](int i) -> std::string {
      if (plan.loads[i])
        return plan.transposed[i] ? "next iteration's loads, transposed"
                                  : "next iteration's loads";
      if (plan.prefetched[i])
        return "computed from the next iteration's load";
      return plan.invariant[i] ? "staged before the loop"
                               : "staged each iteration";
    };
    std::string text = "through registers, " + std::to_string(buffers) +
                       (buffers == 1 ? " buffer" : " buffers") +
                       "; A: " + source(0) + "; B: " + source(1);
    noteDecision(op, "pipeline", text);
    noteDecision(plan.loop, "pipeline", text);
  }
  // Per buffer the operands the loop changes, then the invariant ones;
  // offsets from `region`.
  int64_t region = pipelineBytes, offsets[2] = {0, 0}, used = 0;
  for (unsigned i = 0; i < 2; ++i)
    if (!plan.invariant[i]) {
      offsets[i] = used;
      used += bytes[i];
    }
  used *= buffers;
  for (unsigned i = 0; i < 2; ++i)
    if (plan.invariant[i]) {
      offsets[i] = used;
      used += bytes[i];
    }
  pipelineBytes = llvm::alignTo(region + used, 16);
  auto bufferOf = [&](OpBuilder &builder, Value stage,
                      unsigned operand) -> Value {
    Value base = arith::AddIOp::create(
        builder, loc, pipelineBase(builder, loc),
        constI32(builder, loc, region + offsets[operand]));
    if (plan.invariant[operand] || !stage)
      return base;
    return arith::AddIOp::create(
        builder, loc, base,
        arith::MulIOp::create(builder, loc, stage,
                              constI32(builder, loc, perBuffer)));
  };

  scf::ForOp loop = plan.loop;
  Value lower = scalars.lookup(loop.getLowerBound());
  Value upper = scalars.lookup(loop.getUpperBound());
  Value step = scalars.lookup(loop.getStep());
  // The loads of the iteration where the induction variable is `iteration`,
  // into registers; nothing is read past the loop's end (zeros instead).
  // The condition joins the loads' masks rather than branching around them
  // all: a branch's end would wait for the loads (AMD), masked loads need
  // not.
  auto loadAhead = [&](OpBuilder &builder, Value iteration, Value advance,
                       bool fromStart) -> FailureOr<SmallVector<Distributed>> {
    Value valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iteration, upper);
    ShiftedIteration shift(*this, builder, loc, plan, iteration, advance,
                           fromStart);
    SmallVector<Distributed> values;
    for (unsigned i = 0; i < 2; ++i) {
      LoadOp load = plan.loads[i];
      if (!load)
        continue;
      Layout access =
          plan.transposed[i] ? permuteDims(layouts[i], {1, 0}) : layouts[i];
      FailureOr<Distributed> value =
          loadTile(builder, load, access, vectors[i], valid);
      if (failed(value))
        return failure();
      values.push_back(Distributed{layouts[i], value->regs});
    }
    return values;
  };
  auto storeLoads = [&](OpBuilder &builder, ArrayRef<Distributed> values,
                        Value stage) {
    unsigned next = 0;
    for (unsigned i = 0; i < 2; ++i)
      if (plan.loads[i])
        stageMatrixOperand(builder, loc, staging, i, values[next++],
                           bufferOf(builder, stage, i));
  };

  // Before the loop: the invariant operands and iteration 0's loads, once
  // nobody reads the buffers any more (from an earlier run of the loop).
  OpBuilder before(lowered);
  awaitTensorStoreReads(before, loc);
  barrier(before, loc);
  for (unsigned i = 0; i < 2; ++i) {
    if (!plan.invariant[i])
      continue;
    FailureOr<Distributed> value =
        materializeInvariant(op->getOperand(i), plan.stagedLayouts[i]);
    if (failed(value))
      return failure();
    stageMatrixOperand(before, loc, staging, i, *value,
                       bufferOf(before, Value(), i));
  }
  Type i64 = b.getI64Type();
  FailureOr<SmallVector<Distributed>> first = loadAhead(
      before, lower, arith::ConstantIntOp::create(before, loc, i64, 0),
      /*fromStart=*/true);
  if (failed(first))
    return failure();
  Value firstStage = buffers == 2 ? constI32(before, loc, 0) : Value();
  storeLoads(before, *first, firstStage);
  if (failed(stagePrefetched(
          before, loc, op, plan, lower, upper,
          arith::ConstantIntOp::create(before, loc, i64, 0),
          /*fromStart=*/true, [&](unsigned i, const Distributed &value) {
            stageMatrixOperand(before, loc, staging, i, value,
                               bufferOf(before, firstStage, i));
          })))
    return failure();

  FailureOr<SmallVector<Value>> acc = at(op.getAcc(), dotLayout(op));
  if (failed(acc))
    return failure();
  // Iteration i: multiplies buffer i mod 2 (or the one buffer), loading
  // iteration i + 1 into registers first and storing it after.
  Value iv = lowered.getInductionVar(), stage, nextStage;
  if (buffers == 2) {
    Value index = arith::DivSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, iv, lower), step);
    stage = arith::AndIOp::create(b, loc, index, constI32(b, loc, 1));
    nextStage = arith::XOrIOp::create(b, loc, stage, constI32(b, loc, 1));
  }
  // Operands the loop computes go to this iteration's buffer: with two,
  // their last readers (two iterations ago) are past the last barrier.
  auto stageComputed = [&]() -> LogicalResult {
    for (unsigned i = 0; i < 2; ++i) {
      if (plan.loads[i] || plan.invariant[i] || plan.prefetched[i])
        continue;
      FailureOr<SmallVector<Value>> regs = at(op->getOperand(i), layouts[i]);
      if (failed(regs))
        return failure();
      stageMatrixOperand(b, loc, staging, i, Distributed{layouts[i], *regs},
                         bufferOf(b, stage, i));
    }
    return success();
  };
  bool computed = llvm::any_of(llvm::seq(0u, 2u), [&](unsigned i) {
    return !plan.loads[i] && !plan.invariant[i] && !plan.prefetched[i];
  });
  if (buffers == 2 && failed(stageComputed()))
    return failure();
  barrier(b, loc);
  Value nextIteration = arith::AddIOp::create(b, loc, iv, step);
  Value one = arith::ConstantIntOp::create(b, loc, i64, 1);
  FailureOr<SmallVector<Distributed>> next =
      loadAhead(b, nextIteration, one, /*fromStart=*/false);
  std::optional<Distributed> prefetched[2];
  if (failed(next) ||
      failed(loadPrefetched(b, loc, plan, nextIteration, upper, one,
                            /*fromStart=*/false, prefetched)))
    return failure();
  if (buffers == 1 && computed) {
    if (failed(stageComputed()))
      return failure();
    barrier(b, loc);
  }
  SmallVector<Value> result =
      issueStagedProducts(b, loc, op, instruction, staging,
                          bufferOf(b, stage, 0), bufferOf(b, stage, 1), *acc);
  if (result.empty())
    return unsupported(op, "the target emitted no matrix instruction"),
           failure();
  // With one buffer, everybody is done reading it before it is rewritten.
  if (buffers == 1)
    barrier(b, loc);
  else
    hooks.emitSchedulingBarrier(b, loc);
  storeLoads(b, *next, nextStage);
  // Operands computed from a load: from the next iteration's, likewise.
  if (failed(storePrefetched(
          b, loc, op, plan, prefetched, nextIteration, one,
          /*fromStart=*/false, [&](unsigned i, const Distributed &value) {
            stageMatrixOperand(b, loc, staging, i, value,
                               bufferOf(b, nextStage, i));
          })))
    return failure();
  return Distributed{dotLayout(op), result};
}
