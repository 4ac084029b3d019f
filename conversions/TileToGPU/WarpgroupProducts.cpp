//===- WarpgroupProducts.cpp - Products of whole warpgroups ---------------===//
//
// Matrix products on a target's warpgroup instruction (sm_90's wgmma): both
// operands sit in shared memory as the instruction reads them (128-byte
// rows with their 16-byte chunks swizzled, or core matrices: StagedOperand),
// groups of warps issue the instruction together and it accumulates
// asynchronously into their registers.
//
// Operands reach shared memory in one of two ways. A product in a loop whose
// operands are masked loads of pointers the loop advances (the K loop of a
// matrix multiplication) is pipelined: the loads of iteration i + S - 1 are
// started as asynchronous copies while iteration i multiplies, S being the
// kernel's `num_stages`, each iteration's operands in a buffer of their own.
// The loads of a later iteration are the same tiles evaluated with the
// induction variable and the advanced pointers moved ahead (Pipelining.cpp;
// the copies' layout is here). An operand copied across k for an
// instruction that reads only k-contiguous operands is restaged: moved
// from its stage into a k-major buffer through registers each iteration.
// Any other product stages its operands from registers.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

/// The same map as `StagedOperand::offset` on values. It is linear over the
/// bits of its arguments (xor combining them), so coordinates split into a
/// thread part and a constant with disjoint bits map part by part.
static Value coreMatrixOffset(OpBuilder &b, Location loc,
                              const StagedOperand &tile, Value along,
                              Value across) {
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  auto c = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  // (v >> shift) & mask, times factor (a power of two but for strides).
  auto field = [&](Value v, int64_t shift, int64_t mask, int64_t factor) {
    Value bits = shift ? Value(arith::ShRUIOp::create(b, loc, v, c(shift))) : v;
    if (mask)
      bits = arith::AndIOp::create(b, loc, bits, c(mask));
    return Value(arith::MulIOp::create(b, loc, bits, c(factor), noWrap));
  };
  auto add = [&](Value x, Value y) {
    return Value(arith::AddIOp::create(b, loc, x, y, noWrap));
  };
  int64_t chunkShift = llvm::Log2_64(tile.perChunk());
  Value inChunk = field(along, 0, tile.perChunk() - 1, tile.elementBytes);
  if (!tile.isSwizzled())
    return add(
        add(field(across, 3, 0, tile.blockStride()), field(across, 0, 7, 16)),
        add(field(along, chunkShift, 0, 128), inChunk));
  Value chunk = arith::XOrIOp::create(b, loc, field(along, chunkShift, 7, 16),
                                      field(across, 0, 7, 16));
  return add(add(add(field(along, chunkShift + 3, 0, tile.blockStride()),
                     field(across, 3, 0, 1024)),
                 add(field(across, 0, 7, 128), chunk)),
             inChunk);
}

StagedAddress mlir::tile::togpu::stagedAddress(OpBuilder &b, Location loc,
                                               const StagedOperand &tile,
                                               ArrayRef<Value> coords,
                                               Value base) {
  auto [along, alongConstant] = splitConstant(coords[tile.contiguousDim]);
  auto [across, acrossConstant] = splitConstant(coords[tile.otherDim()]);
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  // Disjoint bits: the parts' offsets combine by xor, and by addition (an
  // address offset) when the constant leaves the swizzled chunk bits alone;
  // the base is aligned past both.
  Value variable = coreMatrixOffset(b, loc, tile, along, across);
  int64_t constantOffset = tile.offset(alongConstant, acrossConstant);
  if (tile.isSwizzled() && (constantOffset & 0x70)) {
    Value constant =
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), constantOffset);
    variable = arith::XOrIOp::create(b, loc, variable, constant);
    constantOffset = 0;
  }
  return {arith::AddIOp::create(b, loc, base, variable, noWrap),
          constantOffset};
}

Value mlir::tile::togpu::stagedOffset(OpBuilder &b, Location loc,
                                      const StagedOperand &tile,
                                      ArrayRef<Value> coords, Value base) {
  StagedAddress address = stagedAddress(b, loc, tile, coords, base);
  return address.withOffset(b, loc);
}

//===----------------------------------------------------------------------===//
// Instruction and accumulator layout
//===----------------------------------------------------------------------===//

std::optional<WarpgroupInstruction>
KernelLowering::warpgroupInstruction(DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  if (aType.getRank() != 2 || isInColdVersion(op))
    return std::nullopt;
  // f32 inputs that may be rounded to tf32 are asked for as tf32.
  auto inputType = [&](Type element) -> Type {
    if (element.isF32() && op.getInputPrecision() == InputPrecision::tf32)
      return FloatTF32Type::get(op.getContext());
    return element;
  };
  std::optional<WarpgroupInstruction> instruction =
      hooks.getWarpgroupInstruction(
          inputType(aType.getElementType()),
          inputType(
              cast<RankedTensorType>(op.getB().getType()).getElementType()),
          cType.getElementType());
  if (!instruction || numWarps % instruction->warpsPerGroup != 0)
    return std::nullopt;
  // Groups split the rows; each group's instruction spans all columns.
  int64_t groups = numWarps / instruction->warpsPerGroup;
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
          k = aType.getDimSize(1);
  if (m % (instruction->m * groups) != 0 || n % instruction->nStep != 0 ||
      n > instruction->maxN || k % instruction->k != 0)
    return std::nullopt;
  return instruction;
}

Layout
KernelLowering::warpgroupLayout(RankedTensorType type,
                                const WarpgroupInstruction &instruction) {
  int64_t m = type.getDimSize(0), n = type.getDimSize(1);
  int64_t groups = numWarps / instruction.warpsPerGroup;
  Layout layout;
  layout.shape = {m, n};
  layout.regBases = instruction.accElementBases;
  for (int64_t step = 8; step < n; step *= 2)
    layout.regBases.push_back({0, step});
  for (int64_t step = instruction.m * groups; step < m; step *= 2)
    layout.regBases.push_back({step, 0});
  layout.laneBases = instruction.accLaneBases;
  for (int64_t step = 16; step < instruction.m; step *= 2)
    layout.warpBases.push_back({step, 0});
  for (int64_t step = instruction.m; step < instruction.m * groups; step *= 2)
    layout.warpBases.push_back({step, 0});
  return layout;
}

//===----------------------------------------------------------------------===//
// Issuing the products
//===----------------------------------------------------------------------===//

SmallVector<Value> KernelLowering::issueWarpgroupProducts(
    OpBuilder &b, Location loc, const WarpgroupInstruction &instruction,
    Value aBase, const StagedOperand &aTile, Value bBase,
    const StagedOperand &bTile, ArrayRef<Value> acc, ArrayRef<Value> aRegisters,
    int64_t kBegin, int64_t kEnd) {
  int64_t m = aTile.shape[0], k = aTile.shape[1], n = bTile.shape[1];
  if (kEnd < 0)
    kEnd = k;
  int64_t groups = numWarps / instruction.warpsPerGroup;
  int64_t tilesM = m / (instruction.m * groups);
  int64_t perTile = int64_t(acc.size()) / tilesM;
  Value group = arith::DivUIOp::create(
      b, loc, getUniformWarpId(), constI32(b, loc, instruction.warpsPerGroup));
  Value groupRow =
      arith::MulIOp::create(b, loc, group, constI32(b, loc, instruction.m));
  hooks.emitWarpgroupFence(b, loc);
  SmallVector<Value> next(acc);
  auto offset = [&](const StagedOperand &tile, Value row, int64_t rowConstant,
                    int64_t col) {
    // (row + rowConstant, col) as (along, across) of the tile.
    Value coords[2] = {
        arith::AddIOp::create(b, loc, row, constI32(b, loc, rowConstant)),
        constI32(b, loc, col)};
    return coreMatrixOffset(b, loc, tile, coords[tile.contiguousDim],
                            coords[tile.otherDim()]);
  };
  Value zero = constI32(b, loc, 0);
  for (int64_t t = 0; t < tilesM; ++t) {
    SmallVector<Value> tileAcc(next.begin() + t * perTile,
                               next.begin() + (t + 1) * perTile);
    for (int64_t k0 = kBegin; k0 < kEnd; k0 += instruction.k) {
      SharedMatrixOperand bOperand =
          bTile.operand(bBase, offset(bTile, zero, k0, 0), /*kDim=*/0);
      if (!aRegisters.empty()) {
        // Four i32 per step of k, the steps of a tile in order.
        int64_t first = (t * (k / instruction.k) + k0 / instruction.k) * 4;
        tileAcc = hooks.emitWarpgroupInstruction(b, loc, instruction, n,
                                                 aRegisters.slice(first, 4),
                                                 bOperand, tileAcc);
      } else {
        SharedMatrixOperand a = aTile.operand(
            aBase, offset(aTile, groupRow, t * instruction.m * groups, k0),
            /*kDim=*/1);
        tileAcc = hooks.emitWarpgroupInstruction(b, loc, instruction, n, a,
                                                 bOperand, tileAcc);
      }
      if (tileAcc.size() != size_t(perTile))
        return {};
    }
    llvm::copy(tileAcc, next.begin() + t * perTile);
  }
  return next;
}

//===----------------------------------------------------------------------===//
// Operands staged from registers
//===----------------------------------------------------------------------===//

bool KernelLowering::enterStagedRange(OpBuilder &b, Location loc,
                                      const Layout &layout, int64_t r,
                                      int64_t run, const StagedRange &range,
                                      Value &coordinate) {
  // The register's coordinate along the range is its own part plus at most
  // the sum of the lanes' and warps' parts: registers wholly in the range
  // (or out of it) are so in every thread, and only the others are checked.
  int64_t threadSpan = 0, threadBits = 0;
  for (const Coords &basis :
       llvm::concat<const Coords>(layout.laneBases, layout.warpBases)) {
    threadSpan += basis[range.dim];
    threadBits |= basis[range.dim];
  }
  int64_t own = layout.getRegCoords(r)[range.dim];
  int64_t last = own + threadSpan + run - 1;
  int64_t end = range.begin + range.size;
  bool wraps = last >= layout.shape[range.dim];
  if (!wraps && (last < range.begin || own >= end))
    return false;
  if (wraps || own < range.begin || last >= end) {
    Value inRange = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, coordinate,
                              constI32(b, loc, range.begin)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, coordinate,
                              constI32(b, loc, end)));
    auto ifOp = scf::IfOp::create(b, loc, inRange, false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  // Less the range's start, the constant part kept apart where it stays one
  // with bits the threads' part does not set (staged offsets map such parts
  // separately).
  auto [variable, constant] = splitConstant(coordinate);
  int64_t shifted = constant - range.begin;
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  if (shifted == 0)
    coordinate = variable;
  else if (shifted > 0 && !(shifted & threadBits))
    coordinate = arith::AddIOp::create(b, loc, variable,
                                       constI32(b, loc, shifted), noWrap);
  else
    coordinate = arith::SubIOp::create(b, loc, coordinate,
                                       constI32(b, loc, range.begin));
  return true;
}

/// Stores `value` into shared memory at `base` (i32 byte offset) arranged as
/// `tile`; runs of registers along the 16-byte rows go out as vectors.
void KernelLowering::stageOperand(OpBuilder &b, Location loc,
                                  const Distributed &value,
                                  const StagedOperand &tile, Value base,
                                  std::optional<StagedRange> range) {
  OpBuilder::InsertionGuard guard(b);
  if (Value firstCopy = isFirstCopyThread(b, loc, value.layout)) {
    auto ifOp = scf::IfOp::create(b, loc, firstCopy, false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  // A block with leading unit dimensions is the matrix of its last two.
  unsigned lead = value.layout.getRank() - 2;
  int64_t width =
      getRunLength(value.layout, lead + tile.contiguousDim, tile.perChunk());
  auto coords = coordinates(b, loc, value.layout);
  for (int64_t r = 0; r < value.layout.getNumRegs(); r += width) {
    if (!value.layout.isFirstRegCopy(r))
      continue;
    OpBuilder::InsertionGuard storeGuard(b);
    if (range && !enterStagedRange(
                     b, loc, value.layout, r,
                     range->dim == tile.contiguousDim ? width : 1,
                     StagedRange{lead + range->dim, range->begin, range->size},
                     coords[r][lead + range->dim]))
      continue;
    Value offset = stagedOffset(
        b, loc, tile, ArrayRef<Value>(coords[r]).drop_front(lead), base);
    Value stored = value.regs[r];
    if (width > 1) {
      stored = LLVM::UndefOp::create(
          b, loc, VectorType::get({width}, stored.getType()));
      for (int64_t i = 0; i < width; ++i)
        stored = LLVM::InsertElementOp::create(
            b, loc, stored, value.regs[r + i], constI32(b, loc, i));
    }
    LLVM::StoreOp::create(b, loc, stored, sharedAddress(b, loc, offset),
                          width * tile.elementBytes);
  }
}

//===----------------------------------------------------------------------===//
// Layouts of staged operands
//===----------------------------------------------------------------------===//

/// The 2-D coordinates `value` along `dim`, 0 along the other.
static Coords basis(unsigned dim, int64_t value) {
  Coords c{0, 0};
  c[dim] = value;
  return c;
}

/// The layout the copies of a `tile` use: 16-byte vectors along its rows,
/// lanes first along whole rows of a swizzled tile (a warp's copies then
/// touch as few rows, that is cache lines, as they can: 2 of 256 bytes,
/// not 8 halves; Triton's f16 GEMM imported went from 427 to 477 TFLOP/s
/// on the H200, its L2 traffic down accordingly), else the first
/// 8 lanes on 8 different rows (in core matrices the 16-byte stores of a
/// quarter warp then hit all banks; a swizzled row spreads its chunks over
/// them), then warps and registers over what remains.
Layout mlir::tile::togpu::copyLayout(const StagedOperand &tile,
                                     unsigned warpSize, unsigned numWarps) {
  unsigned along = tile.contiguousDim, across = tile.otherDim();
  Layout layout;
  layout.shape = tile.shape;
  for (int64_t s = 1; s < tile.perChunk(); s *= 2)
    layout.regBases.push_back(basis(along, s));
  SmallVector<Coords> rest;
  int64_t row = 1;
  if (!tile.isSwizzled())
    for (; row < 8 && row < tile.shape[across]; row *= 2)
      rest.push_back(basis(across, row));
  for (int64_t s = tile.perChunk(); s < tile.shape[along]; s *= 2)
    rest.push_back(basis(along, s));
  for (; row < tile.shape[across]; row *= 2)
    rest.push_back(basis(across, row));
  auto take = [&](SmallVector<Coords> &bases, unsigned bits) {
    for (unsigned i = 0; i < bits; ++i) {
      if (rest.empty()) {
        bases.push_back(Coords{0, 0}); // copies
        continue;
      }
      bases.push_back(rest.front());
      rest.erase(rest.begin());
    }
  };
  take(layout.laneBases, llvm::Log2_32(warpSize));
  take(layout.warpBases, llvm::Log2_32(numWarps));
  layout.regBases.append(rest.begin(), rest.end());
  return layout;
}

/// The layout a tile is moved in from chunks along one dimension (`from`'s)
/// to chunks along the other (`to`'s): per thread a word of `to` (4 bytes)
/// by up to a chunk of `from`, so that it reads whole chunks and writes whole
/// words; the lanes along `to`'s contiguous dimension first, so that a warp's
/// word stores fill 128-byte rows (every bank once; reading, 8 lanes meet 2
/// swizzled chunk columns, a 4-way conflict that costs less than the
/// stores would). Fails if a thread would not get a whole word.
namespace {
struct RestageLayout {
  Layout layout;
  /// Registers 0 .. word - 1 run along `to`'s chunks; those times 0 ..
  /// chunk - 1 along `from`'s.
  int64_t word, chunk;
};
} // namespace
static std::optional<RestageLayout> restageLayout(const StagedOperand &from,
                                                  const StagedOperand &to,
                                                  unsigned warpSize,
                                                  unsigned numWarps) {
  unsigned along = from.contiguousDim, across = to.contiguousDim;
  if (along == across)
    return std::nullopt;
  int64_t perThread =
      from.shape[0] * from.shape[1] / (int64_t(warpSize) * numWarps);
  int64_t word = std::max<int64_t>(4 / from.elementBytes, 1);
  if (perThread < word || from.shape[across] < word)
    return std::nullopt;
  int64_t chunk =
      std::min({from.perChunk(), perThread / word, from.shape[along]});
  Layout layout;
  layout.shape = from.shape;
  for (int64_t s = 1; s < word; s *= 2)
    layout.regBases.push_back(basis(across, s));
  for (int64_t s = 1; s < chunk; s *= 2)
    layout.regBases.push_back(basis(along, s));
  SmallVector<Coords> rest;
  for (int64_t s = word; s < from.shape[across]; s *= 2)
    rest.push_back(basis(across, s));
  for (int64_t s = chunk; s < from.shape[along]; s *= 2)
    rest.push_back(basis(along, s));
  unsigned laneBits = llvm::Log2_32(warpSize),
           warpBits = llvm::Log2_32(numWarps);
  if (rest.size() < laneBits + warpBits)
    return std::nullopt;
  layout.laneBases.assign(rest.begin(), rest.begin() + laneBits);
  layout.warpBases.assign(rest.begin() + laneBits,
                          rest.begin() + laneBits + warpBits);
  layout.regBases.append(rest.begin() + laneBits + warpBits, rest.end());
  return RestageLayout{layout, word, chunk};
}

LogicalResult KernelLowering::restageOperand(OpBuilder &b, Location loc,
                                             const StagedOperand &from,
                                             Value fromBase,
                                             const StagedOperand &to,
                                             Value toBase) {
  std::optional<RestageLayout> restage =
      restageLayout(from, to, warpSize, numWarps);
  if (!restage)
    return failure();
  const Layout &layout = restage->layout;
  int64_t numRegs = layout.getNumRegs(), word = restage->word,
          chunk = restage->chunk;
  Type element = IntegerType::get(b.getContext(), from.elementBytes * 8);
  auto coords = coordinates(b, loc, layout);
  SmallVector<Value> regs(numRegs);
  // Register r + word * j holds element j of the chunk read for register r.
  for (int64_t r = 0; r < numRegs; ++r) {
    if ((r / word) % chunk != 0)
      continue;
    Value offset = stagedOffset(b, loc, from, coords[r], fromBase);
    Value read = LLVM::LoadOp::create(b, loc, VectorType::get({chunk}, element),
                                      sharedAddress(b, loc, offset),
                                      chunk * from.elementBytes);
    for (int64_t j = 0; j < chunk; ++j)
      regs[r + word * j] =
          LLVM::ExtractElementOp::create(b, loc, read, constI32(b, loc, j));
  }
  stageOperand(b, loc, Distributed{layout, regs}, to, toBase);
  return success();
}

FailureOr<Distributed>
KernelLowering::lowerWarpgroupDot(OpBuilder &b, DotOp op,
                                  const WarpgroupInstruction &instruction) {
  // The pipelines copy operands in their memory order: an instruction that
  // needs k-contiguous operands takes them only if both are copied so (an
  // A-row-major, B-column-major product); otherwise, and for the operands
  // the loop computes, they are staged from registers below.
  if (std::optional<PipelinePlan> plan = planPipeline(op)) {
    // Copied across k, an operand is moved to a k-major buffer each
    // iteration (restaged) where the threads can take whole words of it.
    auto copiedAlongK = [&](unsigned operand) {
      if (!plan->loads[operand] && !plan->descLoads[operand])
        return false;
      StagedOperand &tile = plan->tiles[operand];
      unsigned kDim = operand == 0 ? 1u : 0u;
      if (tile.contiguousDim == kDim)
        return true;
      StagedOperand kMajor{tile.shape, kDim, tile.elementBytes};
      plan->restaged[operand] =
          plan->loads[operand] && !plan->throughRegisters &&
          restageLayout(tile, kMajor, warpSize, numWarps).has_value();
      return plan->restaged[operand];
    };
    if (!instruction.kContiguousOnly || (copiedAlongK(0) && copiedAlongK(1)))
      return lowerPipelinedDot(b, op, {&instruction, nullptr}, *plan);
  }
  Location loc = op.getLoc();
  DotOperands operands = dotOperands(op);
  if (!operands.valid)
    return failure();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  int64_t bytes = getElementByteSize(aType.getElementType());
  // Each operand's 16-byte chunks run the way its registers do.
  int64_t perChunk = 16 / bytes;
  auto alongK = [&](const Layout &layout, unsigned kDim) {
    return getRunLength(layout, kDim, perChunk) >=
           getRunLength(layout, 1 - kDim, perChunk);
  };
  bool aAlongK = instruction.kContiguousOnly || alongK(operands.a.layout, 1);
  bool bAlongK = instruction.kContiguousOnly || alongK(operands.b.layout, 0);
  StagedOperand aTile{SmallVector<int64_t, 2>(aType.getShape()),
                      aAlongK ? 1u : 0u, bytes};
  StagedOperand bTile{SmallVector<int64_t, 2>(bType.getShape()),
                      bAlongK ? 0u : 1u, bytes};
  int64_t bOffset = llvm::alignTo(aTile.getBytes(), 1024);
  reserveShared(b, bOffset + bTile.getBytes());

  // Earlier users of the scratch space may still be reading it.
  barrier(b, loc);
  stageOperand(b, loc, operands.a, aTile, constI32(b, loc, 0));
  stageOperand(b, loc, operands.b, bTile, constI32(b, loc, bOffset));
  hooks.emitSharedWriteFence(b, loc);
  barrier(b, loc);
  Value aBase = sharedAddressI32(b, loc, constI32(b, loc, 0));
  Value bBase = sharedAddressI32(b, loc, constI32(b, loc, bOffset));
  WarpgroupChains chains = issueWarpgroupChains(
      b, loc, instruction, aBase, aTile, bBase, bTile, operands.acc.regs);
  if (chains.pending.empty())
    return unsupported(op, "the target emitted no warpgroup instruction"),
           failure();
  return Distributed{operands.acc.layout,
                     finishWarpgroupProducts(b, loc, instruction, chains)};
}

KernelLowering::WarpgroupChains KernelLowering::issueWarpgroupChains(
    OpBuilder &b, Location loc, const WarpgroupInstruction &instruction,
    Value aBase, const StagedOperand &aTile, Value bBase,
    const StagedOperand &bTile, ArrayRef<Value> acc,
    ArrayRef<Value> aRegisters) {
  WarpgroupChains chains;
  int64_t run = instruction.partialSumK, k = aTile.shape[1];
  if (!run) {
    chains.pending = issueWarpgroupProducts(b, loc, instruction, aBase, aTile,
                                            bBase, bTile, acc, aRegisters);
    return chains;
  }
  // Runs of at most partialSumK k from zero, each a group of its own; each
  // earlier run's sum is added into the accumulator (in its own type) while
  // the next one runs: two runs' registers are live besides the sums.
  chains.sums.assign(acc.begin(), acc.end());
  for (int64_t kBegin = 0; kBegin < k; kBegin += run) {
    SmallVector<Value> zeros;
    for (Value value : acc)
      zeros.push_back(
          arith::ConstantOp::create(b, loc, b.getZeroAttr(value.getType())));
    SmallVector<Value> next = issueWarpgroupProducts(
        b, loc, instruction, aBase, aTile, bBase, bTile, zeros, aRegisters,
        kBegin, std::min(k, kBegin + run));
    if (next.empty())
      return WarpgroupChains();
    if (!chains.pending.empty()) {
      SmallVector<Value> done =
          hooks.emitWarpgroupWait(b, loc, /*pending=*/1, chains.pending);
      for (auto [sum, part] : llvm::zip(chains.sums, done))
        sum = arith::AddFOp::create(b, loc, sum, part);
    } else if (kBegin + run < k) {
      hooks.emitWarpgroupCommit(b, loc);
    }
    chains.pending = std::move(next);
  }
  return chains;
}

SmallVector<Value>
KernelLowering::finishWarpgroupProducts(OpBuilder &b, Location loc,
                                        const WarpgroupInstruction &instruction,
                                        WarpgroupChains chains) {
  SmallVector<Value> done =
      hooks.emitWarpgroupWait(b, loc, /*pending=*/0, chains.pending);
  if (!instruction.partialSumK)
    return done;
  for (auto [sum, part] : llvm::zip(chains.sums, done))
    sum = arith::AddFOp::create(b, loc, sum, part);
  return chains.sums;
}
