//===- Collectives.cpp - Reductions, scans, histograms, products ----------===//
//
// The tile ops whose elements depend on elements other threads hold. Each
// works in three levels: within a thread's registers, across the lanes of a
// warp by shuffles, across warps through shared memory.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

using Tuple = SmallVector<Value>;

FailureOr<Tuple> KernelLowering::combine(OpBuilder &b, Region &combiner,
                                         ValueRange lhs, ValueRange rhs) {
  Block &body = combiner.front();
  IRMapping mapping;
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(n + i), rhs[i]);
  }
  // The combiner may use scalars defined before the reduction.
  combiner.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!combiner.isAncestor(operand.getParentRegion()))
        if (Value lowered = scalars.lookupOrNull(operand))
          mapping.map(operand, lowered);
  });
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  Tuple result;
  for (Value yielded : body.getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(yielded));
  return result;
}

Value KernelLowering::shuffle(OpBuilder &b, Location loc, Value value,
                              unsigned offset, gpu::ShuffleMode mode) {
  return shuffle(b, loc, value, constI32(b, loc, offset), mode);
}

Value KernelLowering::shuffle(OpBuilder &b, Location loc, Value value,
                              Value offset, gpu::ShuffleMode mode) {
  Type type = value.getType();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto shuffle32 = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, loc, v, offset, constI32(b, loc, warpSize),
                                  mode)
        .getShuffleResult();
  };
  if (type == i32 || type.isF32())
    return shuffle32(value);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value bits = LLVM::PtrToIntOp::create(b, loc, i64, value);
    return LLVM::IntToPtrOp::create(b, loc, type,
                                    shuffle(b, loc, bits, offset, mode));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = isa<FloatType>(type)
                   ? Value(arith::BitcastOp::create(b, loc, intType, value))
                   : value;
  Value result;
  if (width < 32) {
    Value wide = arith::ExtUIOp::create(b, loc, i32, bits);
    result = arith::TruncIOp::create(b, loc, intType, shuffle32(wide));
  } else {
    // 64 bits: two 32-bit halves.
    Value lo = arith::TruncIOp::create(b, loc, i32, bits);
    Value hi = arith::TruncIOp::create(
        b, loc, i32,
        arith::ShRUIOp::create(b, loc, bits,
                               arith::ConstantIntOp::create(b, loc, i64, 32)));
    Value newLo = arith::ExtUIOp::create(b, loc, i64, shuffle32(lo));
    Value newHi = arith::ExtUIOp::create(b, loc, i64, shuffle32(hi));
    result = arith::OrIOp::create(
        b, loc, newLo,
        arith::ShLIOp::create(b, loc, newHi,
                              arith::ConstantIntOp::create(b, loc, i64, 32)));
  }
  if (isa<FloatType>(type))
    result = arith::BitcastOp::create(b, loc, type, result);
  return result;
}

static Tuple selectTuple(OpBuilder &b, Location loc, Value condition,
                         ValueRange ifTrue, ValueRange ifFalse) {
  Tuple result;
  for (auto [t, f] : llvm::zip(ifTrue, ifFalse))
    result.push_back(arith::SelectOp::create(b, loc, condition, t, f));
  return result;
}

/// Each scratch slot holds any element type.
static constexpr int64_t kSlotBytes = 8;

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<Distributed>> KernelLowering::lowerReduce(OpBuilder &b,
                                                                ReduceOp op) {
  Location loc = op.getLoc();
  unsigned axisDim = op.getAxis();
  unsigned numOperands = op.getSrcs().size();
  Layout in = preferredLayout(op.getSrcs().front());
  SmallVector<Tuple> inRegs(in.getNumRegs());
  for (Value src : op.getSrcs()) {
    FailureOr<SmallVector<Value>> regs = at(src, in);
    if (failed(regs))
      return failure();
    for (auto [r, value] : llvm::enumerate(*regs))
      inRegs[r].push_back(value);
  }
  Layout out = getSliceLayout(in, axisDim);
  SmallVector<Coords> outCoords;
  for (int64_t r = 0; r < out.getNumRegs(); ++r)
    outCoords.push_back(out.getRegCoords(r));

  // Within the thread, in order along the axis.
  SmallVector<std::optional<Tuple>> acc(out.getNumRegs());
  for (int64_t r = 0; r < in.getNumRegs(); ++r) {
    Coords c = in.getRegCoords(r);
    c.erase(c.begin() + axisDim);
    int64_t o = llvm::find(outCoords, c) - outCoords.begin();
    if (!acc[o]) {
      acc[o] = inRegs[r];
      continue;
    }
    FailureOr<Tuple> combined =
        combine(b, op.getCombiner(), *acc[o], inRegs[r]);
    if (failed(combined))
      return failure();
    acc[o] = *combined;
  }
  // Across lanes: a butterfly over the lane bits that step along the axis.
  for (auto [bit, basis] : llvm::enumerate(in.laneBases)) {
    if (basis[axisDim] == 0)
      continue;
    for (auto &value : acc) {
      Tuple other;
      for (Value v : *value)
        other.push_back(shuffle(b, loc, v, 1u << bit, gpu::ShuffleMode::XOR));
      FailureOr<Tuple> combined = combine(b, op.getCombiner(), *value, other);
      if (failed(combined))
        return failure();
      value = *combined;
    }
  }
  // Across warps: each warp's partial results through shared memory.
  unsigned axisWarpMask = 0;
  for (auto [bit, basis] : llvm::enumerate(in.warpBases))
    if (basis[axisDim] != 0)
      axisWarpMask |= 1u << bit;
  if (axisWarpMask) {
    int64_t outElements = out.getNumElements();
    int64_t operandBytes = int64_t(numWarps) * outElements * kSlotBytes;
    reserveShared(b, numOperands * operandBytes);
    auto coords = coordinates(b, loc, out);
    SmallVector<Value> linear;
    for (auto &c : coords) {
      Value index = constI32(b, loc, 0);
      for (auto [value, extent] : llvm::zip(c, out.shape))
        index = arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(b, loc, index, constI32(b, loc, extent)),
            value);
      linear.push_back(index);
    }
    auto slot = [&](OpBuilder &sb, Value warp, int64_t o, unsigned operand) {
      Value index = arith::AddIOp::create(
          sb, loc,
          arith::MulIOp::create(sb, loc, warp, constI32(sb, loc, outElements)),
          linear[o]);
      Value offset = arith::AddIOp::create(
          sb, loc,
          arith::MulIOp::create(sb, loc, index, constI32(sb, loc, kSlotBytes)),
          constI32(sb, loc, operand * operandBytes));
      return sharedAddress(sb, loc, offset);
    };
    barrier(b, loc);
    // One writer per (warp, element): lanes and warps holding copies stay
    // quiet, except the warps along the axis, whose partials differ.
    unsigned warpMask = out.getCopyWarpMask() & ~axisWarpMask & (numWarps - 1);
    {
      OpBuilder::InsertionGuard guard(b);
      unsigned laneMask = out.getCopyLaneMask();
      Value bits = arith::OrIOp::create(
          b, loc,
          arith::AndIOp::create(b, loc, laneId, constI32(b, loc, laneMask)),
          arith::AndIOp::create(b, loc, warpId, constI32(b, loc, warpMask)));
      Value writer = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           bits, constI32(b, loc, 0));
      auto ifOp = scf::IfOp::create(b, loc, writer, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifOp.thenBlock());
      for (auto [o, value] : llvm::enumerate(acc))
        for (auto [n, v] : llvm::enumerate(*value))
          LLVM::StoreOp::create(b, loc, v, slot(b, warpId, o, n));
    }
    barrier(b, loc);
    // Every warp reads the partials its writers left: those of the warps
    // along the axis, with the bits of copies clear (a warp holding a copy
    // wrote nothing; reading its own slots gave warps of copies stale values,
    // so a reduced scalar differed between warps).
    Value otherWarps = arith::AndIOp::create(
        b, loc, warpId,
        constI32(b, loc, ~axisWarpMask & ~warpMask & (numWarps - 1)));
    for (auto [o, value] : llvm::enumerate(acc)) {
      std::optional<Tuple> total;
      // Every combination of the axis warp bits, in increasing order.
      for (unsigned k = 0; k < numWarps; ++k) {
        if (k & ~axisWarpMask)
          continue;
        Value warp =
            arith::OrIOp::create(b, loc, otherWarps, constI32(b, loc, k));
        Tuple loaded;
        for (auto [n, v] : llvm::enumerate(*value))
          loaded.push_back(
              LLVM::LoadOp::create(b, loc, v.getType(), slot(b, warp, o, n)));
        if (!total) {
          total = loaded;
          continue;
        }
        FailureOr<Tuple> combined =
            combine(b, op.getCombiner(), *total, loaded);
        if (failed(combined))
          return failure();
        total = *combined;
      }
      value = *total;
    }
  }
  SmallVector<Distributed> results(numOperands, Distributed{out, {}});
  for (auto &value : acc)
    for (unsigned n = 0; n < numOperands; ++n)
      results[n].regs.push_back((*value)[n]);
  return results;
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<Distributed>> KernelLowering::lowerScan(OpBuilder &b,
                                                              ScanOp op) {
  Location loc = op.getLoc();
  // A reverse scan runs the same steps mirrored: "before" means further
  // along the axis, in registers, lanes and warps alike.
  bool reverse = op.getReverse();
  unsigned a = op.getAxis();
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  unsigned rank = type.getRank();
  SmallVector<unsigned> order{a};
  for (unsigned d = rank; d > 0; --d)
    if (d - 1 != a)
      order.push_back(d - 1);
  Layout layout = getBlockedLayout(type.getShape(), order,
                                   std::min<int64_t>(4, type.getDimSize(a)),
                                   warpSize, numWarps);
  // The lane and warp bits along the axis must be the lowest ones, so that
  // "lanes before me along the axis" are the lanes with smaller ids.
  auto countLowBits = [&](ArrayRef<Coords> bases, unsigned &count) {
    count = 0;
    for (auto [bit, basis] : llvm::enumerate(bases)) {
      if (basis[a] == 0)
        continue;
      if (bit != count)
        return false;
      ++count;
    }
    return true;
  };
  unsigned laneBitsA, warpBitsA;
  if (!countLowBits(layout.laneBases, laneBitsA) ||
      !countLowBits(layout.warpBases, warpBitsA))
    return unsupported(op, "this scan's shape spreads warps across the scanned "
                           "axis in an unsupported way"),
           failure();
  // Register bits along the axis: the low ones are consecutive elements
  // (one segment), the high ones repeat the whole block (reps).
  unsigned lowRegBits = 0;
  while (lowRegBits < layout.regBases.size() &&
         layout.regBases[lowRegBits][a] == (int64_t(1) << lowRegBits))
    ++lowRegBits;
  int64_t segment = int64_t(1) << lowRegBits;

  unsigned numOperands = op.getSrcs().size();
  SmallVector<Tuple> regs(layout.getNumRegs());
  for (Value src : op.getSrcs()) {
    FailureOr<SmallVector<Value>> values = at(src, layout);
    if (failed(values))
      return failure();
    for (auto [r, value] : llvm::enumerate(*values))
      regs[r].push_back(value);
  }
  Region &combiner = op.getCombiner();
  auto combineOrFail = [&](ValueRange lhs, ValueRange rhs) -> Tuple {
    FailureOr<Tuple> result = combine(b, combiner, lhs, rhs);
    return succeeded(result) ? *result : Tuple();
  };

  // Group segments by their coordinates off the axis; order each group's
  // segments along the axis.
  std::map<Coords, SmallVector<std::pair<int64_t, int64_t>>> groups;
  for (int64_t r = 0; r < layout.getNumRegs(); r += segment) {
    Coords c = layout.getRegCoords(r);
    int64_t along = c[a];
    c[a] = 0;
    groups[c].push_back({along, r});
  }
  Value laneA = arith::AndIOp::create(b, loc, laneId,
                                      constI32(b, loc, (1 << laneBitsA) - 1));
  Value warpA = arith::AndIOp::create(b, loc, warpId,
                                      constI32(b, loc, (1 << warpBitsA) - 1));
  int64_t groupIndex = 0;
  if (warpBitsA)
    reserveShared(b, layout.getNumRegs() / segment * numWarps * numOperands *
                         kSlotBytes);
  // Positions along the axis counted in the scan's direction.
  auto mirror = [&](Value index, unsigned bits) -> Value {
    if (!reverse)
      return index;
    return arith::XOrIOp::create(b, loc, index,
                                 constI32(b, loc, (1 << bits) - 1));
  };
  laneA = mirror(laneA, laneBitsA);
  warpA = mirror(warpA, warpBitsA);
  gpu::ShuffleMode toLater =
      reverse ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::UP;
  for (auto &[coords, segments] : groups) {
    llvm::sort(segments);
    if (reverse)
      std::reverse(segments.begin(), segments.end());
    std::optional<Tuple> carry;
    for (auto [along, first] : segments) {
      // Register `first + step(i)` is the i-th of the segment in order.
      auto step = [&](int64_t i) { return reverse ? segment - 1 - i : i; };
      // Within the thread.
      for (int64_t i = 1; i < segment; ++i)
        regs[first + step(i)] =
            combineOrFail(regs[first + step(i - 1)], regs[first + step(i)]);
      Tuple incl = regs[first + step(segment - 1)];
      // Across lanes: Hillis-Steele over the lanes along the axis.
      for (unsigned d = 1; d < (1u << laneBitsA); d *= 2) {
        Tuple up;
        for (Value v : incl)
          up.push_back(shuffle(b, loc, v, d, toLater));
        Value has = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          laneA, constI32(b, loc, d));
        incl = selectTuple(b, loc, has, combineOrFail(up, incl), incl);
      }
      Tuple prefix;
      Value hasPrefix;
      if (laneBitsA) {
        for (Value v : incl)
          prefix.push_back(shuffle(b, loc, v, 1, toLater));
        hasPrefix = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          laneA, constI32(b, loc, 1));
      }
      // The warp's total sits in its last lane along the axis (in order).
      Tuple total;
      Value lastLane = arith::OrIOp::create(
          b, loc,
          arith::AndIOp::create(b, loc, laneId,
                                constI32(b, loc, ~((1 << laneBitsA) - 1))),
          constI32(b, loc, reverse ? 0 : (1 << laneBitsA) - 1));
      // (16- and 64-bit values go through shuffle's 32-bit words.)
      for (Value v : incl)
        total.push_back(
            laneBitsA ? shuffle(b, loc, v, lastLane, gpu::ShuffleMode::IDX)
                      : v);
      if (warpBitsA) {
        // Across warps: totals through shared memory.
        auto slot = [&](Value warp, unsigned n) {
          Value index = arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(
                  b, loc, constI32(b, loc, groupIndex * numOperands + n),
                  constI32(b, loc, numWarps)),
              warp);
          return sharedAddress(
              b, loc,
              arith::MulIOp::create(b, loc, index,
                                    constI32(b, loc, kSlotBytes)));
        };
        barrier(b, loc);
        for (auto [n, v] : llvm::enumerate(total))
          LLVM::StoreOp::create(b, loc, v, slot(warpId, n));
        barrier(b, loc);
        Value others = arith::AndIOp::create(
            b, loc, warpId, constI32(b, loc, ~((1 << warpBitsA) - 1)));
        std::optional<Tuple> before, all;
        for (unsigned k = 0; k < (1u << warpBitsA); ++k) {
          // The k-th warp along the axis, in order.
          unsigned kWarp = reverse ? (1u << warpBitsA) - 1 - k : k;
          Value warp =
              arith::OrIOp::create(b, loc, others, constI32(b, loc, kWarp));
          Tuple loaded;
          for (auto [n, v] : llvm::enumerate(total))
            loaded.push_back(
                LLVM::LoadOp::create(b, loc, v.getType(), slot(warp, n)));
          if (!all) {
            all = loaded;
            before = loaded;
            continue;
          }
          Value earlier = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, constI32(b, loc, k), warpA);
          before = selectTuple(b, loc, earlier, combineOrFail(*before, loaded),
                               *before);
          all = combineOrFail(*all, loaded);
        }
        Value hasBefore = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ugt, warpA, constI32(b, loc, 0));
        if (laneBitsA) {
          Tuple both = combineOrFail(*before, prefix);
          prefix = selectTuple(b, loc, hasBefore,
                               selectTuple(b, loc, hasPrefix, both, *before),
                               prefix);
          hasPrefix = arith::OrIOp::create(b, loc, hasPrefix, hasBefore);
        } else {
          prefix = *before;
          hasPrefix = hasBefore;
        }
        total = *all;
        ++groupIndex;
      }
      if (carry) {
        if (hasPrefix) {
          prefix = selectTuple(b, loc, hasPrefix, combineOrFail(*carry, prefix),
                               *carry);
        } else {
          prefix = *carry;
        }
        hasPrefix = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
      }
      if (hasPrefix)
        for (int64_t i = 0; i < segment; ++i)
          regs[first + i] = selectTuple(b, loc, hasPrefix,
                                        combineOrFail(prefix, regs[first + i]),
                                        regs[first + i]);
      carry = carry ? combineOrFail(*carry, total) : total;
    }
  }
  if (llvm::any_of(regs, [](const Tuple &t) { return t.empty(); }))
    return failure();
  SmallVector<Distributed> results(numOperands, Distributed{layout, {}});
  for (auto &value : regs)
    for (unsigned n = 0; n < numOperands; ++n)
      results[n].regs.push_back(value[n]);
  return results;
}

//===----------------------------------------------------------------------===//
// Histograms
//===----------------------------------------------------------------------===//

FailureOr<Distributed> KernelLowering::lowerHistogram(OpBuilder &b,
                                                      HistogramOp op) {
  Location loc = op.getLoc();
  auto resultType = cast<RankedTensorType>(op.getType());
  int64_t bins = resultType.getDimSize(0);
  Type element = resultType.getElementType();
  int64_t elementBytes = element.getIntOrFloatBitWidth() / 8;
  reserveShared(b, bins * elementBytes);
  Layout in = preferredLayout(op.getSrc());
  FailureOr<SmallVector<Value>> values = at(op.getSrc(), in);
  if (failed(values))
    return failure();
  int64_t threads = int64_t(numWarps) * warpSize;
  Value zero = arith::ConstantIntOp::create(b, loc, element, 0);
  Value one = arith::ConstantIntOp::create(b, loc, element, 1);
  auto binAddress = [&](OpBuilder &ab, Value bin) {
    return sharedAddress(
        ab, loc,
        arith::MulIOp::create(ab, loc, bin, constI32(ab, loc, elementBytes)));
  };
  barrier(b, loc);
  for (int64_t first = 0; first < bins; first += threads) {
    Value bin =
        arith::AddIOp::create(b, loc, threadId, constI32(b, loc, first));
    Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bin,
                                         constI32(b, loc, bins));
    auto ifOp = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
    OpBuilder tb = ifOp.getThenBodyBuilder();
    LLVM::StoreOp::create(tb, loc, zero, binAddress(tb, bin));
  }
  barrier(b, loc);
  {
    OpBuilder::InsertionGuard guard(b);
    if (Value firstCopy = isFirstCopyThread(b, loc, in)) {
      auto ifOp = scf::IfOp::create(b, loc, firstCopy, false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    for (auto [r, value] : llvm::enumerate(*values)) {
      if (!in.isFirstRegCopy(r))
        continue;
      Value bin = value;
      if (!bin.getType().isInteger(32))
        bin = arith::TruncIOp::create(b, loc, b.getI32Type(), bin);
      // Unsigned comparison also rejects negative values.
      Value inside = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, value,
              arith::ConstantIntOp::create(b, loc, value.getType(), bins)),
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::sge, value,
              arith::ConstantIntOp::create(b, loc, value.getType(), 0)));
      auto ifOp = scf::IfOp::create(b, loc, inside, false);
      OpBuilder tb = ifOp.getThenBodyBuilder();
      LLVM::AtomicRMWOp::create(tb, loc, LLVM::AtomicBinOp::add,
                                binAddress(tb, bin), one,
                                LLVM::AtomicOrdering::monotonic);
    }
  }
  barrier(b, loc);
  Layout out = defaultLayout(resultType.getShape());
  Distributed result{out, {}};
  for (auto &c : coordinates(b, loc, out))
    result.regs.push_back(
        LLVM::LoadOp::create(b, loc, element, binAddress(b, c[0])));
  return result;
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

Type KernelLowering::widenedMatrixInput(DotOp op) {
  Type a = getElementTypeOrSelf(op.getA().getType());
  Type b = getElementTypeOrSelf(op.getB().getType());
  Type c = getElementTypeOrSelf(op.getType());
  if (!isF8(a) || !isF8(b) || hooks.getMatrixInstruction(a, b, c))
    return Type();
  return Float16Type::get(op.getContext());
}

std::optional<MatrixInstruction> KernelLowering::matrixInstruction(DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  Type widened = widenedMatrixInput(op);
  std::optional<MatrixInstruction> instruction = hooks.getMatrixInstruction(
      widened ? widened : aType.getElementType(),
      widened ? widened : bType.getElementType(), cType.getElementType());
  if (!instruction || aType.getRank() != 2)
    return std::nullopt;
  auto [warpsM, warpsN] = dotWarps(op, *instruction);
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
          k = aType.getDimSize(1);
  // Pairs of operand elements must be adjacent along k (one 32-bit load).
  Coords kStepA{0, 1}, kStepB{1, 0};
  if (m / warpsM < instruction->m || n / warpsN < instruction->n ||
      k % instruction->k != 0 || instruction->elementsPerRegister != 2 ||
      instruction->aElementBases.front() != kStepA ||
      instruction->bElementBases.front() != kStepB)
    return std::nullopt;
  return instruction;
}

/// The ops of `value`'s shape it flows into through elementwise ops, and
/// the products and reductions at the end of those paths, passed to
/// `visit` (which returns true to stop).
static bool anyElementwiseUser(Value value,
                               function_ref<bool(OpOperand &)> visit) {
  auto shape = cast<RankedTensorType>(value.getType()).getShape();
  SmallVector<Value> work{value};
  DenseSet<Value> seen{value};
  while (!work.empty()) {
    Value current = work.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      if (visit(use))
        return true;
      Operation *user = use.getOwner();
      auto type = user->getNumResults() == 1
                      ? dyn_cast<RankedTensorType>(user->getResult(0).getType())
                      : RankedTensorType();
      if (user->hasTrait<OpTrait::Elementwise>() && type &&
          type.getShape() == shape && seen.insert(user->getResult(0)).second)
        work.push_back(user->getResult(0));
    }
  }
  return false;
}

bool KernelLowering::keepsRowsWhole(DotOp op) {
  auto [it, inserted] = rowWiseProducts.try_emplace(op, false);
  if (!inserted || kernel->hasAttr(TileDialect::getSplitProductRowsAttrName()))
    return it->second;
  // The result reduced along its rows, or another product's A.
  auto endsRowWise = [](OpOperand &use) {
    if (auto reduce = dyn_cast<ReduceOp>(use.getOwner()))
      return reduce.getAxis() + 1 ==
             cast<RankedTensorType>(use.get().getType()).getRank();
    return isa<DotOp>(use.getOwner()) && use.getOperandNumber() == 0;
  };
  bool rowWise = anyElementwiseUser(op.getResult(), endsRowWise);
  // Or A computed from another product's result through elementwise ops
  // (that product is then another product's A, so it keeps its rows
  // whole): the rows go on as they are.
  SmallVector<Value> work{op.getA()};
  DenseSet<Value> seen;
  while (!rowWise && !work.empty()) {
    Value value = work.pop_back_val();
    Operation *def = value.getDefiningOp();
    if (!def || !seen.insert(value).second)
      continue;
    if (isa<DotOp>(def)) {
      rowWise = true;
      continue;
    }
    if (def->hasTrait<OpTrait::Elementwise>())
      for (Value operand : def->getOperands())
        if (auto type = dyn_cast<RankedTensorType>(operand.getType());
            type && type.getShape() ==
                        cast<RankedTensorType>(value.getType()).getShape())
          work.push_back(operand);
  }
  rowWiseProducts[op] = rowWise;
  return rowWise;
}

std::pair<int64_t, int64_t>
KernelLowering::dotWarps(DotOp op, const MatrixInstruction &instruction) {
  // Warps over rows first, stopping where a warp's tile would be wider than
  // tall (operand fragments are then reused most); a product whose rows
  // are reduced or multiplied on (attention's S, then P x V) keeps them
  // whole in each warp as far as the rows go: otherwise the reductions
  // combine warps through shared memory and P moves between warps, and
  // each thread holds more of both (flash attention at 128 keys a step
  // spilled on every AMD chip; docs/Targets.md).
  auto type = cast<RankedTensorType>(op.getType());
  int64_t m = type.getDimSize(0), n = type.getDimSize(1);
  bool rowWise = keepsRowsWhole(op);
  int64_t warpsM = numWarps;
  while (warpsM > 1 &&
         (m / warpsM < instruction.m ||
          (!rowWise && m / warpsM < n / (int64_t(numWarps) / warpsM))))
    warpsM /= 2;
  return {warpsM, int64_t(numWarps) / warpsM};
}

Layout KernelLowering::dotLayout(DotOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  if (std::optional<WarpgroupInstruction> wide = warpgroupInstruction(op))
    return warpgroupLayout(type, *wide);
  std::optional<MatrixInstruction> instruction = matrixInstruction(op);
  if (!instruction) {
    // Each thread owns a block of rows x 4 consecutive columns (of one
    // batch, for a batched product).
    SmallVector<unsigned> order =
        llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(type.getRank())));
    return getBlockedLayout(type.getShape(), order,
                            std::min<int64_t>(4, type.getShape().back()),
                            warpSize, numWarps);
  }
  // The instruction's accumulator tile, repeated over the warp's part of the
  // output (columns first), warps over rows then columns.
  auto [warpsM, warpsN] = dotWarps(op, *instruction);
  int64_t m = type.getDimSize(0), n = type.getDimSize(1);
  Layout layout;
  layout.shape = {m, n};
  layout.regBases = instruction->accElementBases;
  for (int64_t step = instruction->n; step < n / warpsN; step *= 2)
    layout.regBases.push_back({0, step});
  for (int64_t step = instruction->m; step < m / warpsM; step *= 2)
    layout.regBases.push_back({step, 0});
  layout.laneBases = instruction->accLaneBases;
  for (int64_t step = m / warpsM; step < m; step *= 2)
    layout.warpBases.push_back({step, 0});
  for (int64_t step = n / warpsN; step < n; step *= 2)
    layout.warpBases.push_back({0, step});
  return layout;
}

/// Sum over the set bits of `index` of `bases[bit][dim]`, as i32 values.
static Value laneOffset(OpBuilder &b, Location loc, Value index,
                        ArrayRef<Coords> bases, unsigned dim) {
  Value sum = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  for (auto [bit, basis] : llvm::enumerate(bases)) {
    if (basis[dim] == 0)
      continue;
    Value set = arith::AndIOp::create(
        b, loc,
        arith::ShRUIOp::create(
            b, loc, index,
            arith::ConstantIntOp::create(b, loc, b.getI32Type(), bit)),
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1));
    sum = arith::AddIOp::create(
        b, loc, sum,
        arith::MulIOp::create(
            b, loc, set,
            arith::ConstantIntOp::create(b, loc, b.getI32Type(), basis[dim])));
  }
  return sum;
}

/// Whether every register of a fragment (coordinates (x, k) with k along
/// `kDim`) is a pair along k of one 8 x 8 matrix, lane l holding pair
/// l % 4 of row l / 4, as a warp's matrix loads deliver them.
static bool isMatrixFragment(ArrayRef<Coords> elementBases,
                             ArrayRef<Coords> laneBases, unsigned kDim) {
  auto along = [](unsigned dim, int64_t step) {
    Coords c{0, 0};
    c[dim] = step;
    return c;
  };
  unsigned other = 1 - kDim;
  SmallVector<Coords> lanes{along(kDim, 2), along(kDim, 4), along(other, 1),
                            along(other, 2), along(other, 4)};
  if (elementBases.empty() || elementBases[0] != along(kDim, 1) ||
      ArrayRef<Coords>(lanes) != laneBases)
    return false;
  // The other element bits pick whole matrices.
  return llvm::all_of(elementBases.drop_front(), [](const Coords &c) {
    return c[0] % 8 == 0 && c[1] % 8 == 0;
  });
}

/// Constant part of fragment element `element`'s coordinates.
static Coords elementCoords(ArrayRef<Coords> bases, int64_t element) {
  Coords c{0, 0};
  for (auto [bit, basis] : llvm::enumerate(bases))
    if (element & (int64_t(1) << bit)) {
      c[0] += basis[0];
      c[1] += basis[1];
    }
  return c;
}

Value KernelLowering::sharedOffset(OpBuilder &b, Location loc, Value row,
                                   int64_t rowStride, Value col, int64_t bytes,
                                   int64_t base) {
  // Small non-negative values: no wrapping, so the backend can split the
  // constant parts of coordinates off into address offsets.
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  // Constant parts of the coordinates are peeled off and added last.
  auto [rowVariable, rowConstant] = splitConstant(row);
  auto [colVariable, colConstant] = splitConstant(col);
  Value rowBytes = arith::MulIOp::create(
      b, loc, rowVariable, constI32(b, loc, rowStride * bytes), noWrap);
  Value colBytes = arith::MulIOp::create(b, loc, colVariable,
                                         constI32(b, loc, bytes), noWrap);
  int64_t constant = base + (rowConstant * rowStride + colConstant) * bytes;
  return arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, rowBytes, colBytes, noWrap),
      constI32(b, loc, constant), noWrap);
}

void KernelLowering::stageMatrix(OpBuilder &b, Location loc,
                                 const Layout &layout, ArrayRef<Value> regs,
                                 Value base, int64_t rowStride, int64_t bytes,
                                 bool transposed,
                                 std::optional<StagedRange> kRange) {
  OpBuilder::InsertionGuard guard(b);
  if (Value firstCopy = isFirstCopyThread(b, loc, layout)) {
    auto ifOp = scf::IfOp::create(b, loc, firstCopy, false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  // Runs of registers along a row go out as one vector store (rows and the
  // base are 16-byte aligned, so a run of up to 16 bytes is too).
  // Transposed, the copy's rows run along the registers' first dimension.
  // A batched (3-D) operand is its batches' matrices one after another.
  unsigned last = layout.shape.size() - 1;
  assert((!transposed || last == 1) && "only matrices are staged transposed");
  int64_t width = getRunLength(layout, transposed ? 0 : last, 16 / bytes);
  if (kRange)
    width = std::min(width, kRange->size);
  auto coords = coordinates(b, loc, layout);
  unsigned runDim = transposed ? 0 : last;
  for (int64_t r = 0; r < layout.getNumRegs(); r += width) {
    if (!layout.isFirstRegCopy(r))
      continue;
    // A range check below puts the store in a condition of its own.
    OpBuilder::InsertionGuard storeGuard(b);
    SmallVector<Value, 2> at(coords[r]);
    if (kRange &&
        !enterStagedRange(b, loc, layout, r, kRange->dim == runDim ? width : 1,
                          *kRange, at[kRange->dim]))
      continue;
    Value row = at[transposed ? 1 : 0];
    Value col = at[transposed ? 0 : last];
    if (last == 2)
      row = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, row, constI32(b, loc, layout.shape[1])),
          at[1]);
    Value offset = arith::AddIOp::create(
        b, loc, base, sharedOffset(b, loc, row, rowStride, col, bytes, 0));
    Value value = regs[r];
    if (width > 1) {
      auto vectorType = VectorType::get({width}, value.getType());
      value = LLVM::UndefOp::create(b, loc, vectorType);
      for (int64_t i = 0; i < width; ++i)
        value = LLVM::InsertElementOp::create(b, loc, value, regs[r + i],
                                              constI32(b, loc, i));
    }
    LLVM::StoreOp::create(b, loc, value, sharedAddress(b, loc, offset),
                          width * bytes);
  }
}

KernelLowering::DotOperands KernelLowering::dotOperands(DotOp op) {
  DotOperands operands;
  // Operands go to shared memory, which takes a transpose either way
  // round: one is staged from its source's layout, permuted, not moved.
  auto stagingLayout = [&](Value operand) {
    if (auto trans = operand.getDefiningOp<TransOp>())
      if (std::optional<Layout> source = findPreferredLayout(trans.getSrc(), 0))
        return permuteDims(*source, SmallVector<int64_t>(trans.getOrder()));
    return preferredLayout(operand);
  };
  operands.a.layout = stagingLayout(op.getA());
  operands.b.layout = stagingLayout(op.getB());
  operands.acc.layout = dotLayout(op);
  for (auto [value, dist] : {std::make_pair(op.getA(), &operands.a),
                             std::make_pair(op.getB(), &operands.b),
                             std::make_pair(op.getAcc(), &operands.acc)}) {
    FailureOr<SmallVector<Value>> regs = at(value, dist->layout);
    if (failed(regs))
      return operands;
    dist->regs = *regs;
  }
  operands.valid = true;
  return operands;
}

KernelLowering::MatrixStaging
KernelLowering::planMatrixStaging(DotOp op,
                                  const MatrixInstruction &instruction,
                                  const Layout &bLayout, int64_t k) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1);
  if (!k)
    k = aType.getDimSize(1);
  MatrixStaging staging;
  staging.k = k;
  staging.widened = widenedMatrixInput(op);
  staging.operandElements[0] = aType.getElementType();
  staging.operandElements[1] = getElementTypeOrSelf(op.getB().getType());
  // Widened operands are staged as they are (half the shared memory) and
  // widened as the fragments are read (issueStagedProducts).
  staging.elementBytes = getElementByteSize(aType.getElementType());
  int64_t bytes = staging.elementBytes;
  // A row-major as loaded (so whole runs are stored at once), rows padded
  // by 16 bytes so the eight rows a fragment load touches hit different
  // banks. B likewise, unless its registers run along k (the transpose of a
  // load, as attention's K^T) or a lane's B fragment runs along k for more
  // than a pair (MFMA's 4, WMMA's 16): then B is stored k-contiguous so
  // that each run is one wide load rather than one load per element.
  int64_t bRun = 1;
  for (const Coords &basis : instruction.bElementBases) {
    if (basis != Coords{bRun, 0})
      break;
    bRun *= 2;
  }
  int64_t vector = 16 / bytes;
  staging.bKContiguous = bRun > 2 || getRunLength(bLayout, 0, vector) >
                                         getRunLength(bLayout, 1, vector);
  staging.aStride = k + 16 / bytes;
  staging.bStride = staging.bKContiguous ? k + 16 / bytes : n + 16 / bytes;
  staging.aBytes = llvm::alignTo(m * staging.aStride * bytes, 16);
  staging.bBytes = llvm::alignTo(
      (staging.bKContiguous ? n : k) * staging.bStride * bytes, 16);
  return staging;
}

void KernelLowering::stageMatrixOperand(OpBuilder &b, Location loc,
                                        const MatrixStaging &staging,
                                        unsigned operand,
                                        const Distributed &value, Value base) {
  // A run along k: A's columns, B's rows.
  unsigned kDim = operand == 0 ? 1 : 0;
  std::optional<StagedRange> range;
  if (staging.k != value.layout.shape[kDim])
    range = StagedRange{kDim, staging.kBegin, staging.k};
  if (operand == 0)
    stageMatrix(b, loc, value.layout, value.regs, base, staging.aStride,
                staging.elementBytes, /*transposed=*/false, range);
  else
    stageMatrix(b, loc, value.layout, value.regs, base, staging.bStride,
                staging.elementBytes, /*transposed=*/staging.bKContiguous,
                range);
}

Value KernelLowering::widenPair(OpBuilder &b, Location loc,
                                const MatrixStaging &staging, unsigned operand,
                                Value pair) {
  // Two f8 bits (i16, the first element low) to an i32 of two f16s, both at
  // once: each byte moved into its 16-bit half. e5m2 is the top byte of the
  // f16 of the same value. e4m3's sign, exponent and mantissa bits placed
  // in an f16's (exponent bias 15 for 7) are its value times 2^-8, exactly
  // (subnormals included), so one multiplication by 256 restores it; its
  // NaN code (S.1111.111) comes out as +-480, which no e4m3 code is.
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) { return constI32(b, loc, v); };
  Value x = arith::ExtUIOp::create(b, loc, i32, pair);
  Value halves = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, x, c(0xFF)),
      arith::ShLIOp::create(b, loc, arith::AndIOp::create(b, loc, x, c(0xFF00)),
                            c(8)));
  if (isa<Float8E5M2Type>(staging.operandElements[operand]))
    return arith::ShLIOp::create(b, loc, halves, c(8));
  Value bits = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(
          b, loc, arith::AndIOp::create(b, loc, halves, c(0x00800080)), c(8)),
      arith::ShLIOp::create(
          b, loc, arith::AndIOp::create(b, loc, halves, c(0x007F007F)), c(7)));
  // Both halves times 256 in one f16x2 multiplication; the NaN code made
  // NaN by or-ing 0x7E00 into its half (exponent all ones, a quiet
  // mantissa). A half is the NaN code when its bits but the sign are
  // 0x3F80, that is when `t` below is zero there: with each half's top bit
  // set first, subtracting one from both halves borrows out of the top bit
  // only where the rest is zero, and never across halves.
  Value t = arith::XOrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, bits, c(0x7FFF7FFF)),
      c(0x3F803F80));
  Value kept = arith::SubIOp::create(
      b, loc, arith::OrIOp::create(b, loc, t, c(0x80008000)), c(0x00010001));
  Value isNaN = arith::AndIOp::create(
      b, loc, arith::XOrIOp::create(b, loc, kept, c(-1)), c(0x80008000));
  Value nanBits = arith::MulIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, isNaN, c(15)), c(0x7E00));
  auto pairType = VectorType::get({2}, b.getF16Type());
  Value scale = LLVM::UndefOp::create(b, loc, pairType);
  Value times256 = arith::ConstantOp::create(b, loc, b.getF16FloatAttr(256.0));
  for (int64_t i = 0; i < 2; ++i)
    scale = LLVM::InsertElementOp::create(b, loc, scale, times256, c(i));
  Value scaled = arith::MulFOp::create(
      b, loc, LLVM::BitcastOp::create(b, loc, pairType, bits), scale);
  return arith::OrIOp::create(
      b, loc, LLVM::BitcastOp::create(b, loc, i32, scaled), nanBits);
}

FailureOr<Distributed>
KernelLowering::lowerMatrixDot(OpBuilder &b, DotOp op,
                               const MatrixInstruction &instruction,
                               const DotOperands &operands) {
  Location loc = op.getLoc();
  // In runs along k where the kernel asks for them (a fallback when the
  // whole operands' copies would not fit), each a multiple of the
  // instruction's k.
  int64_t k = cast<RankedTensorType>(op.getA().getType()).getDimSize(1);
  int64_t runs = productRuns;
  while (runs > 1 && (k % runs || (k / runs) % instruction.k))
    runs /= 2;
  moreProductRuns |= k % (2 * runs) == 0 && k / (2 * runs) % instruction.k == 0;
  if (runs > 1 && decisions)
    noteDecision(op, "product",
                 "staged in " + std::to_string(runs) + " runs of " +
                     std::to_string(k / runs) + " along k");
  MatrixStaging staging =
      planMatrixStaging(op, instruction, operands.b.layout, k / runs);
  reserveShared(b, staging.aBytes + staging.bBytes);
  Value aBase = constI32(b, loc, 0), bBase = constI32(b, loc, staging.aBytes);
  SmallVector<Value> acc(operands.acc.regs);
  for (int64_t run = 0; run < runs; ++run) {
    staging.kBegin = run * staging.k;
    // Earlier readers of the space (the last run's products among them)
    // are done.
    barrier(b, loc);
    stageMatrixOperand(b, loc, staging, 0, operands.a, aBase);
    stageMatrixOperand(b, loc, staging, 1, operands.b, bBase);
    barrier(b, loc);
    acc = issueStagedProducts(b, loc, op, instruction, staging, aBase, bBase,
                              acc);
    if (acc.empty())
      return unsupported(op, "the target emitted no matrix instruction"),
             failure();
  }
  return Distributed{operands.acc.layout, acc};
}

SmallVector<Value>
KernelLowering::issueStagedProducts(OpBuilder &b, Location loc, DotOp op,
                                    const MatrixInstruction &instruction,
                                    const MatrixStaging &staging, Value aBase,
                                    Value bBase, ArrayRef<Value> accIn) {
  auto cType = cast<RankedTensorType>(op.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = staging.k;
  int64_t bytes = staging.elementBytes;
  int64_t stride = staging.aStride, bStride = staging.bStride;
  bool bKContiguous = staging.bKContiguous;
  // The address of byte `offset` (its constant part last) of a copy.
  auto addressIn = [&](OpBuilder &ib, Value base, Value offset) {
    return sharedAddress(ib, loc, arith::AddIOp::create(ib, loc, base, offset));
  };

  if (hasMatrixFragmentLoads(instruction, bytes)) {
    // Element (row, column) of each copy.
    OperandCopy aCopy{1, [&](OpBuilder &ib, Value row, Value col) {
                        return addressIn(
                            ib, aBase,
                            sharedOffset(ib, loc, row, stride, col, bytes, 0));
                      }};
    OperandCopy bCopy{
        bKContiguous ? 0u : 1u, [&](OpBuilder &ib, Value kk, Value col) {
          return addressIn(
              ib, bBase,
              bKContiguous ? sharedOffset(ib, loc, col, bStride, kk, bytes, 0)
                           : sharedOffset(ib, loc, kk, bStride, col, bytes, 0));
        }};
    return issueMatrixProducts(b, loc, instruction, op, k, aCopy, bCopy, accIn);
  }

  auto [warpsM, warpsN] = dotWarps(op, instruction);
  int64_t tilesM = m / warpsM / instruction.m;
  int64_t tilesN = n / warpsN / instruction.n;
  Value warpM =
      arith::AndIOp::create(b, loc, warpId, constI32(b, loc, warpsM - 1));
  Value warpN = arith::ShRUIOp::create(b, loc, warpId,
                                       constI32(b, loc, llvm::Log2_64(warpsM)));
  Value rowBase = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, warpM, constI32(b, loc, m / warpsM)),
      laneOffset(b, loc, laneId, instruction.aLaneBases, 0));
  Value aK = laneOffset(b, loc, laneId, instruction.aLaneBases, 1);
  Value colBase = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, warpN, constI32(b, loc, n / warpsN)),
      laneOffset(b, loc, laneId, instruction.bLaneBases, 1));
  Value bK = laneOffset(b, loc, laneId, instruction.bLaneBases, 0);
  Type i32 = b.getI32Type();
  // A pair of elements as one load; f8 pairs widened to f16 pairs.
  Type pairType = b.getIntegerType(16 * bytes);
  auto loadPair = [&](Value address, unsigned operand) -> Value {
    Value pair = LLVM::LoadOp::create(b, loc, pairType, address, 2 * bytes);
    return staging.widened ? widenPair(b, loc, staging, operand, pair) : pair;
  };
  // A's pairs run along k, a row of its copy: one load.
  auto loadRowPair = [&](Value row, int64_t rowStep, Value k0,
                         int64_t kStep) -> Value {
    // (row + rowStep) * stride + k0 + kStep, with the constants folded.
    Value offset = sharedOffset(b, loc, row, stride, k0, bytes,
                                (rowStep * stride + kStep) * bytes);
    return loadPair(addressIn(b, aBase, offset), 0);
  };
  // B's pairs run along k: a row of its k-contiguous copy (one load), or a
  // column of its row-major copy (two).
  Type half = b.getIntegerType(8 * bytes);
  auto loadColumnPair = [&](Value col, int64_t colStep, Value k0,
                            int64_t kStep) -> Value {
    if (bKContiguous) {
      Value offset = sharedOffset(b, loc, col, bStride, k0, bytes,
                                  (colStep * bStride + kStep) * bytes);
      return loadPair(addressIn(b, bBase, offset), 1);
    }
    Value pair;
    for (int64_t i = 0; i < 2; ++i) {
      Value offset = sharedOffset(b, loc, k0, bStride, col, bytes,
                                  ((kStep + i) * bStride + colStep) * bytes);
      Value element = arith::ExtUIOp::create(
          b, loc, i32,
          LLVM::LoadOp::create(b, loc, half, addressIn(b, bBase, offset),
                               bytes));
      pair = i == 0 ? element
                    : arith::OrIOp::create(
                          b, loc, pair,
                          arith::ShLIOp::create(b, loc, element,
                                                constI32(b, loc, 8 * bytes)));
    }
    if (!staging.widened)
      return pair;
    return widenPair(b, loc, staging, 1,
                     arith::TruncIOp::create(b, loc, pairType, pair));
  };
  int64_t aElements = int64_t(1) << instruction.aElementBases.size();
  int64_t bElements = int64_t(1) << instruction.bElementBases.size();
  int64_t accElements = int64_t(1) << instruction.accElementBases.size();
  SmallVector<Value> acc(accIn);
  for (int64_t k0 = 0; k0 < k; k0 += instruction.k) {
    SmallVector<SmallVector<Value>> aFrags, bFrags;
    for (int64_t i = 0; i < tilesM; ++i) {
      SmallVector<Value> frag;
      for (int64_t e = 0; e < aElements; e += 2) {
        Coords c = elementCoords(instruction.aElementBases, e);
        frag.push_back(
            loadRowPair(rowBase, i * instruction.m + c[0], aK, k0 + c[1]));
      }
      aFrags.push_back(frag);
    }
    for (int64_t j = 0; j < tilesN; ++j) {
      SmallVector<Value> frag;
      for (int64_t e = 0; e < bElements; e += 2) {
        Coords c = elementCoords(instruction.bElementBases, e);
        frag.push_back(
            loadColumnPair(colBase, j * instruction.n + c[1], bK, k0 + c[0]));
      }
      bFrags.push_back(frag);
    }
    for (int64_t i = 0; i < tilesM; ++i)
      for (int64_t j = 0; j < tilesN; ++j) {
        int64_t first = (i * tilesN + j) * accElements;
        SmallVector<Value> tile(acc.begin() + first,
                                acc.begin() + first + accElements);
        SmallVector<Value> next = hooks.emitMatrixInstruction(
            b, loc, instruction, aFrags[i], bFrags[j], tile);
        if (next.size() != size_t(accElements))
          return {};
        llvm::copy(next, acc.begin() + first);
      }
  }
  return acc;
}

bool KernelLowering::hasMatrixFragmentLoads(
    const MatrixInstruction &instruction, int64_t bytes) const {
  return hooks.hasSharedMatrixLoad() && bytes == 2 &&
         instruction.elementsPerRegister == 2 &&
         isMatrixFragment(instruction.aElementBases, instruction.aLaneBases,
                          1) &&
         isMatrixFragment(instruction.bElementBases, instruction.bLaneBases, 0);
}

SmallVector<Value> KernelLowering::issueMatrixProducts(
    OpBuilder &b, Location loc, const MatrixInstruction &instruction, DotOp op,
    int64_t k, const OperandCopy &aCopy, const OperandCopy &bCopy,
    ArrayRef<Value> accIn) {
  auto cType = cast<RankedTensorType>(op.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1);
  auto [warpsM, warpsN] = dotWarps(op, instruction);
  int64_t tilesM = m / warpsM / instruction.m;
  int64_t tilesN = n / warpsN / instruction.n;
  Value warpM =
      arith::AndIOp::create(b, loc, warpId, constI32(b, loc, warpsM - 1));
  Value warpN = arith::ShRUIOp::create(b, loc, warpId,
                                       constI32(b, loc, llvm::Log2_64(warpsM)));
  // The warp's first row of A and column of B.
  Value warpStart[2] = {
      arith::MulIOp::create(b, loc, warpM, constI32(b, loc, m / warpsM)),
      arith::MulIOp::create(b, loc, warpN, constI32(b, loc, n / warpsN))};
  Value laneRow = arith::AndIOp::create(b, loc, laneId, constI32(b, loc, 7));
  Value laneMatrix =
      arith::ShRUIOp::create(b, loc, laneId, constI32(b, loc, 3));
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  // The registers of the 8 x 8 matrices of an operand (k along `kDim`, the
  // warp's part starting at `warpStart` along `warpDim`) whose first
  // elements are `origins`: up to four per load, lane l addressing row
  // l % 8 of matrix l / 8, that matrix's place relative to the group's
  // first (the same for every group) kept apart from the group's constant
  // place, so that the address arithmetic is shared.
  auto loadMatrices = [&](const OperandCopy &copy, unsigned kDim,
                          ArrayRef<Coords> origins, unsigned warpDim) {
    unsigned rowDim = 1 - copy.contiguousDim;
    bool transposed = copy.contiguousDim != kDim;
    SmallVector<Value> regs;
    for (size_t first = 0; first < origins.size();) {
      size_t left = origins.size() - first;
      unsigned count = left >= 4 ? 4 : left >= 2 ? 2 : 1;
      Value which = arith::AndIOp::create(b, loc, laneMatrix,
                                          constI32(b, loc, count - 1));
      Value coords[2];
      for (unsigned dim = 0; dim < 2; ++dim) {
        auto delta = [&](unsigned q) {
          return constI32(b, loc,
                          origins[first + q][dim] - origins[first][dim]);
        };
        Value place = delta(0);
        for (unsigned q = 1; q < count; ++q)
          place = arith::SelectOp::create(
              b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, which,
                                    constI32(b, loc, q)),
              delta(q), place);
        if (dim == rowDim)
          place = arith::AddIOp::create(b, loc, place, laneRow, noWrap);
        if (dim == warpDim)
          place =
              arith::AddIOp::create(b, loc, place, warpStart[warpDim], noWrap);
        coords[dim] = arith::AddIOp::create(
            b, loc, place, constI32(b, loc, origins[first][dim]), noWrap);
      }
      Value address = copy.addressOf(b, coords[0], coords[1]);
      SmallVector<Value> loaded =
          hooks.emitSharedMatrixLoad(b, loc, address, count, transposed);
      if (loaded.size() != count)
        return SmallVector<Value>();
      llvm::append_range(regs, loaded);
      first += count;
    }
    return regs;
  };
  int64_t aPairs = (int64_t(1) << instruction.aElementBases.size()) / 2;
  int64_t bPairs = (int64_t(1) << instruction.bElementBases.size()) / 2;
  int64_t accElements = int64_t(1) << instruction.accElementBases.size();
  SmallVector<Value> acc(accIn);
  for (int64_t k0 = 0; k0 < k; k0 += instruction.k) {
    // Every fragment register's matrix, tile by tile, in fragment order.
    SmallVector<Coords> aOrigins, bOrigins;
    for (int64_t i = 0; i < tilesM; ++i)
      for (int64_t e = 0; e < 2 * aPairs; e += 2) {
        Coords c = elementCoords(instruction.aElementBases, e);
        aOrigins.push_back({i * instruction.m + c[0], k0 + c[1]});
      }
    for (int64_t j = 0; j < tilesN; ++j)
      for (int64_t e = 0; e < 2 * bPairs; e += 2) {
        Coords c = elementCoords(instruction.bElementBases, e);
        bOrigins.push_back({k0 + c[0], j * instruction.n + c[1]});
      }
    SmallVector<Value> aRegs = loadMatrices(aCopy, 1, aOrigins, 0);
    SmallVector<Value> bRegs = loadMatrices(bCopy, 0, bOrigins, 1);
    if (aRegs.empty() || bRegs.empty())
      return {};
    for (int64_t i = 0; i < tilesM; ++i)
      for (int64_t j = 0; j < tilesN; ++j) {
        int64_t first = (i * tilesN + j) * accElements;
        SmallVector<Value> next = hooks.emitMatrixInstruction(
            b, loc, instruction,
            ArrayRef<Value>(aRegs).slice(i * aPairs, aPairs),
            ArrayRef<Value>(bRegs).slice(j * bPairs, bPairs),
            ArrayRef<Value>(acc).slice(first, accElements));
        if (next.size() != size_t(accElements))
          return {};
        llvm::copy(next, acc.begin() + first);
      }
  }
  return acc;
}

FailureOr<Distributed> KernelLowering::lowerDot(OpBuilder &b, DotOp op) {
  Location loc = op.getLoc();
  if (std::optional<WarpgroupInstruction> wide = warpgroupInstruction(op)) {
    noteDecision(op, "product",
                 "warpgroup instruction " + wide->inputType + " m" +
                     std::to_string(wide->m) + " k" + std::to_string(wide->k));
    return lowerWarpgroupDot(b, op, *wide);
  }
  if (std::optional<MatrixInstruction> instruction = matrixInstruction(op)) {
    noteDecision(op, "product",
                 "matrix instruction " + instruction->inputType + " m" +
                     std::to_string(instruction->m) + " n" +
                     std::to_string(instruction->n) + " k" +
                     std::to_string(instruction->k));
    int64_t bytes = getElementByteSize(
        cast<RankedTensorType>(op.getA().getType()).getElementType());
    if (std::optional<PipelinePlan> plan = planPipeline(op)) {
      if (plan->throughRegisters)
        return lowerRegisterPipelinedDot(b, op, *instruction, *plan);
      if (hasMatrixFragmentLoads(*instruction, bytes))
        return lowerPipelinedDot(b, op, {nullptr, &*instruction}, *plan);
    }
    DotOperands operands = dotOperands(op);
    if (!operands.valid)
      return failure();
    return lowerMatrixDot(b, op, *instruction, operands);
  }
  noteDecision(op, "product", "multiply-adds");
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  // A batched product (rank 3) is `batches` independent products, each
  // operand's matrices one after another in shared memory.
  bool batched = aType.getRank() == 3;
  Type cElement = cType.getElementType();
  bool isInteger = isa<IntegerType>(cElement);
  int64_t batches = batched ? aType.getDimSize(0) : 1;
  int64_t m = aType.getShape().drop_back().back(), k = aType.getShape().back(),
          n = bType.getShape().back();
  Type aElement = lowerElementType(aType.getElementType());
  Type bElement = lowerElementType(bType.getElementType());
  int64_t aBytes = getElementByteSize(aType.getElementType());
  int64_t bBytes = getElementByteSize(bType.getElementType());
  int64_t bOffset = llvm::alignTo(batches * m * k * aBytes, 16);
  reserveShared(b, bOffset + batches * k * n * bBytes);
  DotOperands operands = dotOperands(op);
  if (!operands.valid)
    return failure();
  const Layout &cLayout = operands.acc.layout;

  // Both operands in shared memory, row-major.
  barrier(b, loc);
  stageMatrix(b, loc, operands.a.layout, operands.a.regs, constI32(b, loc, 0),
              k, aBytes, /*transposed=*/false);
  stageMatrix(b, loc, operands.b.layout, operands.b.regs,
              constI32(b, loc, bOffset), n, bBytes, /*transposed=*/false);
  barrier(b, loc);

  // The rows of A and columns of B (keyed by batch and position) this
  // thread's accumulators cover, as the element index of their first
  // operand element: A's row starts at k = 0, B's column at row k = 0.
  auto coords = coordinates(b, loc, cLayout);
  unsigned rowDim = batched ? 1 : 0, colDim = batched ? 2 : 1;
  SmallVector<std::pair<int64_t, int64_t>> regKeys;
  std::map<int64_t, Value> rowStarts, colStarts;
  for (int64_t r = 0; r < cLayout.getNumRegs(); ++r) {
    Coords c = cLayout.getRegCoords(r);
    int64_t batch = batched ? c[0] : 0;
    regKeys.push_back({batch * m + c[rowDim], batch * n + c[colDim]});
    if (!rowStarts.count(regKeys.back().first)) {
      Value row = coords[r][rowDim];
      if (batched)
        row = arith::AddIOp::create(
            b, loc, row,
            arith::MulIOp::create(b, loc, coords[r][0], constI32(b, loc, m)));
      rowStarts[regKeys.back().first] =
          arith::MulIOp::create(b, loc, row, constI32(b, loc, k));
    }
    if (!colStarts.count(regKeys.back().second)) {
      Value col = coords[r][colDim];
      if (batched)
        col = arith::AddIOp::create(
            b, loc, col,
            arith::MulIOp::create(b, loc, coords[r][0],
                                  constI32(b, loc, k * n)));
      colStarts[regKeys.back().second] = col;
    }
  }
  auto loop = scf::ForOp::create(
      b, loc, constI32(b, loc, 0), constI32(b, loc, k), constI32(b, loc, 1),
      operands.acc.regs, [](OpBuilder &, Location, Value, ValueRange) {});
  OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
  Value kk = loop.getInductionVar();
  // Operands widen to the accumulator type: i8 by sign, f8 decoded from
  // its bits, narrower floats extended.
  auto loadOperand = [&](Value index, int64_t base, int64_t bytes, Type element,
                         Type tileElement) -> Value {
    Value offset = arith::AddIOp::create(
        lb, loc,
        arith::MulIOp::create(lb, loc, index, constI32(lb, loc, bytes)),
        constI32(lb, loc, base));
    Value value = LLVM::LoadOp::create(lb, loc, element,
                                       sharedAddress(lb, loc, offset), bytes);
    if (isF8(tileElement)) {
      value = widenF8(lb, loc, value, tileElement);
      element = value.getType();
    }
    if (element == cElement)
      return value;
    if (isInteger)
      return arith::ExtSIOp::create(lb, loc, cElement, value);
    if (element.getIntOrFloatBitWidth() > cElement.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(lb, loc, cElement, value);
    return arith::ExtFOp::create(lb, loc, cElement, value);
  };
  std::map<int64_t, Value> aValues, bValues;
  for (auto &[key, start] : rowStarts)
    aValues[key] = loadOperand(arith::AddIOp::create(lb, loc, start, kk), 0,
                               aBytes, aElement, aType.getElementType());
  Value kRow = arith::MulIOp::create(lb, loc, kk, constI32(lb, loc, n));
  for (auto &[key, start] : colStarts)
    bValues[key] =
        loadOperand(arith::AddIOp::create(lb, loc, start, kRow), bOffset,
                    bBytes, bElement, bType.getElementType());
  SmallVector<Value> next;
  for (auto [r, acc] : llvm::enumerate(loop.getRegionIterArgs())) {
    Value x = aValues[regKeys[r].first], y = bValues[regKeys[r].second];
    next.push_back(
        isInteger ? Value(arith::AddIOp::create(
                        lb, loc, acc, arith::MulIOp::create(lb, loc, x, y)))
                  : Value(math::FmaOp::create(lb, loc, x, y, acc)));
  }
  scf::YieldOp::create(lb, loc, next);
  Distributed result{cLayout, {}};
  result.regs.assign(loop.getResults().begin(), loop.getResults().end());
  return result;
}
