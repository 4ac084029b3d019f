//===- GPUSimulator.cpp - Runs lowered GPU kernels on the host ------------===//
//
// A block at a time, its threads in lock step: every op runs for all lanes
// at once on values of one element per lane (Execution.h's RtValue of shape
// [threads], or [threads, n] for an n-element vector; shape [] for uniform
// values), under the mask of the lanes that reach it.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/GPUSimulator.h"
#include "BlockSimulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cstring>
#include <map>

using namespace mlir;
using namespace mlir::tile::interp;
using mlir::tile::AtomicRMWKind;

using namespace mlir::tile::interp::detail;

LogicalResult BlockSimulator::runBlock(Block &block, ArrayRef<ValuePtr> args,
                                       SmallVectorImpl<ValuePtr> &results) {
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
    ex.set(arg, value);
  for (Operation &op : block.without_terminator())
    if (failed(run(op)))
      return failure();
  results.clear();
  for (Value operand : block.getTerminator()->getOperands())
    results.push_back(ex.get(operand));
  return success();
}

LogicalResult BlockSimulator::run(Operation &op) {
  auto dimension = [](gpu::Dimension d) { return unsigned(d); };
  if (auto o = dyn_cast<gpu::ThreadIdOp>(op)) {
    auto v = makeLanes(o.getType());
    if (dimension(o.getDimension()) == 0)
      for (unsigned t = 0; t < threads; ++t)
        v->elements[t].i = t;
    ex.set(o, v);
    return success();
  }
  if (auto o = dyn_cast<gpu::LaneIdOp>(op)) {
    auto v = makeLanes(o.getType());
    for (unsigned t = 0; t < threads; ++t)
      v->elements[t].i = t % warpSize;
    ex.set(o, v);
    return success();
  }
  if (auto o = dyn_cast<gpu::BlockIdOp>(op)) {
    ex.set(o, uniform(o.getType(),
                      integer(ex.programId[dimension(o.getDimension())])));
    return success();
  }
  if (auto o = dyn_cast<gpu::GridDimOp>(op)) {
    ex.set(o,
           uniform(o.getType(),
                   integer(ex.getOptions().grid[dimension(o.getDimension())])));
    return success();
  }
  if (auto o = dyn_cast<gpu::BlockDimOp>(op)) {
    unsigned d = dimension(o.getDimension());
    ex.set(o, uniform(o.getType(), integer(d == 0 ? threads : 1)));
    return success();
  }
  if (isa<gpu::BarrierOp>(op)) {
    // Lock step orders every thread's earlier accesses before later ones;
    // what is left to check is that every thread reaches it.
    if (llvm::is_contained(mask, 0))
      return ex.emitError(op) << "a barrier that only some threads reach";
    return success();
  }
  if (auto o = dyn_cast<gpu::ShuffleOp>(op))
    return runShuffle(o);
  if (auto o = dyn_cast<scf::IfOp>(op))
    return runIf(o);
  if (auto o = dyn_cast<scf::ForOp>(op))
    return runFor(o);
  if (auto o = dyn_cast<scf::WhileOp>(op))
    return runWhile(o);
  if (auto o = dyn_cast<LLVM::AddressOfOp>(op)) {
    auto it = globals.find(o.getGlobalName());
    if (it == globals.end())
      return ex.emitError(op) << "no global @" << o.getGlobalName();
    Element e;
    e.u = it->second;
    ex.set(o, uniform(o.getType(), e));
    return success();
  }
  if (isa<LLVM::UndefOp, LLVM::PoisonOp, LLVM::ZeroOp>(op)) {
    ex.set(op.getResult(0), makeLanes(op.getResult(0).getType()));
    return success();
  }
  if (auto o = dyn_cast<LLVM::GEPOp>(op))
    return runGEP(o);
  if (auto o = dyn_cast<LLVM::LoadOp>(op))
    return runLoad(o);
  if (auto o = dyn_cast<LLVM::StoreOp>(op))
    return runStore(o);
  if (auto o = dyn_cast<LLVM::AtomicRMWOp>(op))
    return runAtomic(o);
  if (auto o = dyn_cast<LLVM::AtomicCmpXchgOp>(op))
    return runCmpXchg(o);
  if (auto o = dyn_cast<LLVM::ExtractValueOp>(op)) {
    // Only cmpxchg's {value, success} pairs, held as two elements per lane.
    const RtValue &pair = *ex.get(o.getContainer());
    auto v = makeLanes(o.getType());
    for (unsigned t = 0; t < threads; ++t)
      v->elements[t] = at(pair, t, size_t(o.getPosition()[0]));
    ex.set(o, v);
    return success();
  }
  if (auto o = dyn_cast<LLVM::InsertElementOp>(op)) {
    const RtValue &vec = *ex.get(o.getVector());
    const RtValue &value = *ex.get(o.getValue());
    const RtValue &position = *ex.get(o.getPosition());
    auto v = makeLanes(o.getType());
    size_t n = width(*v);
    for (unsigned t = 0; t < threads; ++t)
      for (size_t i = 0; i < n; ++i)
        v->elements[t * n + i] =
            uint64_t(at(position, t).i) == i ? at(value, t) : at(vec, t, i);
    ex.set(o, v);
    return success();
  }
  if (auto o = dyn_cast<LLVM::ExtractElementOp>(op)) {
    const RtValue &vec = *ex.get(o.getVector());
    const RtValue &position = *ex.get(o.getPosition());
    auto v = makeLanes(o.getType());
    size_t n = width(vec);
    for (unsigned t = 0; t < threads; ++t) {
      uint64_t i = uint64_t(at(position, t).i);
      if (mask[t] && i >= n)
        return ex.emitError(op) << "thread " << t << " extracts element " << i
                                << " of a vector of " << n;
      v->elements[t] = i < n ? at(vec, t, i) : Element{};
    }
    ex.set(o, v);
    return success();
  }
  if (isa<LLVM::PtrToIntOp, LLVM::IntToPtrOp, LLVM::AddrSpaceCastOp>(op)) {
    // Pointers are the 64-bit host addresses; integers their low bits.
    const RtValue &in = *ex.get(op.getOperand(0));
    Type type = op.getResult(0).getType();
    unsigned bits = isa<IntegerType>(type) ? type.getIntOrFloatBitWidth() : 64;
    auto v = perLane(in) ? makeLanes(type) : makeValue(type, {});
    for (size_t i = 0; i < v->size(); ++i)
      v->elements[i].i = signExtend(in.elements[i].u, bits);
    // A shared pointer made from a 32-bit shared address (NVIDIA's copies
    // and matrix loads compute them so) is that offset from the block's
    // shared memory.
    auto pointer = dyn_cast<LLVM::LLVMPointerType>(type);
    if (isa<LLVM::IntToPtrOp>(op) && pointer && pointer.getAddressSpace() == 3)
      for (size_t i = 0; i < v->size(); ++i)
        v->elements[i].u = sharedAddress(v->elements[i].u);
    ex.set(op.getResult(0), v);
    return success();
  }
  if (auto o = dyn_cast<LLVM::ConstantOp>(op)) {
    Element e;
    if (auto attr = dyn_cast<IntegerAttr>(o.getValue()))
      e.i = attr.getValue().getSExtValue();
    else if (auto attr = dyn_cast<FloatAttr>(o.getValue()))
      e.f = attr.getValueAsDouble();
    else
      return ex.emitError(op) << "the GPU simulator implements scalar "
                                 "llvm.mlir.constant only";
    ex.set(o, uniform(o.getType(), e));
    return success();
  }
  if (auto o = dyn_cast<LLVM::BitcastOp>(op))
    return runBitcast(o);
  if (auto o = dyn_cast<LLVM::ExpectOp>(op)) {
    // A branch-weight hint (a sign guard's): its value.
    ex.set(o, ex.get(o.getVal()));
    return success();
  }
  if (isa<ROCDL::mfma_f32_16x16x16f16, ROCDL::mfma_f32_16x16x16bf16_1k>(op))
    return runMatrix(op, /*wave64=*/true);
  if (isa<ROCDL::wmma_f32_16x16x16_f16, ROCDL::wmma_f32_16x16x16_bf16>(op))
    return runMatrix(op, /*wave64=*/false);
  if (auto o = dyn_cast<ROCDL::ROCDLExp2>(op))
    return runExp2(o);
  if (auto o = dyn_cast<ROCDL::MakeBufferRsrcOp>(op))
    return runBufferResource(o);
  if (auto o = dyn_cast<ROCDL::RawPtrBufferLoadOp>(op))
    return runBufferLoad(o);
  if (auto o = dyn_cast<gpu::PrintfOp>(op))
    return runPrintf(o);
  if (auto o = dyn_cast<LLVM::InlineAsmOp>(op))
    return runInlinePTX(o);
  if (auto o = dyn_cast<LLVM::CallIntrinsicOp>(op))
    return runIntrinsic(o);
  if (auto o = dyn_cast<NVVM::LdMatrixOp>(op))
    return runLdMatrix(o);
  // Scheduling barriers only constrain the backend.
  if (isa<LLVM::FenceOp, ROCDL::SchedBarrier>(op))
    return success();
  if (isa<arith::ArithDialect, math::MathDialect>(op.getDialect()))
    return runArith(op);
  return op.emitError() << "the GPU simulator does not implement '"
                        << op.getName() << "'";
}

/// Each active lane's line, in lane order, to the launch's print stream
/// (none: nowhere; its output is not compared). The conversions are those
/// the GPU lowering writes: d i u x X o c (integers, 64-bit), e f g a and
/// their capitals (doubles), p (an address as 0x...) and %%.
LogicalResult BlockSimulator::runPrintf(gpu::PrintfOp op) {
  llvm::raw_ostream *os = ex.getOptions().printStream;
  if (!os)
    return success();
  StringRef format = op.getFormat();
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    std::string line;
    size_t next = 0;
    for (size_t i = 0; i < format.size(); ++i) {
      if (format[i] != '%') {
        line += format[i];
        continue;
      }
      size_t start = i++;
      // Flags, width and precision carry over; length modifiers are
      // replaced by the 64-bit ones the values are held in.
      std::string spec = "%";
      while (i < format.size() &&
             StringRef("-+ #0.123456789").contains(format[i]))
        spec += format[i++];
      while (i < format.size() && StringRef("hlLqjzt").contains(format[i]))
        ++i;
      if (i == format.size())
        return op.emitError() << "printf format ends inside a conversion: '"
                              << format.substr(start) << "'";
      char conversion = format[i];
      if (conversion == '%') {
        line += '%';
        continue;
      }
      if (next == op.getArgs().size())
        return op.emitError() << "printf format has more conversions than "
                                 "its "
                              << op.getArgs().size() << " arguments";
      Element e = at(*ex.get(op.getArgs()[next++]), t);
      char text[128];
      if (StringRef("di").contains(conversion))
        std::snprintf(text, sizeof(text), (spec + "lld").c_str(),
                      static_cast<long long>(e.i));
      else if (StringRef("uxXo").contains(conversion))
        std::snprintf(text, sizeof(text), (spec + "ll" + conversion).c_str(),
                      static_cast<unsigned long long>(e.u));
      else if (conversion == 'c')
        std::snprintf(text, sizeof(text), (spec + "c").c_str(), int(e.i));
      else if (StringRef("eEfFgGaA").contains(conversion))
        std::snprintf(text, sizeof(text), (spec + conversion).c_str(), e.f);
      else if (conversion == 'p')
        std::snprintf(text, sizeof(text), "0x%llx",
                      static_cast<unsigned long long>(e.u));
      else
        return op.emitError() << "the GPU simulator's printf does not "
                                 "implement '%"
                              << conversion << "'";
      line += text;
    }
    *os << line;
  }
  return success();
}

LogicalResult BlockSimulator::runArith(Operation &op) {
  // What LLVM makes poison, and the hardware leaves undefined, must not
  // reach an active lane: integer division by zero (or INT_MIN / -1) and
  // shifts by the width or more.
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op)) {
    const RtValue &lhs = *ex.get(op.getOperand(0));
    const RtValue &rhs = *ex.get(op.getOperand(1));
    unsigned w = ElementInfo::get(getElementTypeOrSelf(op.getResult(0))).width;
    bool shift = isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op);
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp>(op);
    for (unsigned t = 0; t < threads; ++t) {
      if (!mask[t])
        continue;
      int64_t a = at(lhs, t).i, b = at(rhs, t).i;
      uint64_t ub = zeroExtend(b, w);
      if (shift && ub >= w)
        return ex.emitError(op) << "thread " << t << " shifts by " << ub
                                << ", the width or more (poison in LLVM)";
      if (!shift && (ub == 0 || (isSigned && b == -1 &&
                                 a == signExtend(uint64_t(1) << (w - 1), w))))
        return ex.emitError(op) << "thread " << t << " divides " << a << " by "
                                << b << " (undefined on the hardware)";
    }
  }
  return ex.runOp(op);
}

LogicalResult BlockSimulator::runExp2(ROCDL::ROCDLExp2 op) {
  // v_exp_f32 as the AMD target relies on it: 2^x rounded to f32, results
  // below the normal range flushed to zero (the device's error, within 1
  // ulp by the ISA manuals, is not modelled).
  if (!op.getType().isF32())
    return ex.emitError(*op) << "the GPU simulator implements f32 rocdl.exp2 "
                                "only";
  const RtValue &in = *ex.get(op.getArg());
  auto v = perLane(in) ? makeLanes(op.getType()) : makeValue(op.getType(), {});
  for (size_t i = 0; i < v->size(); ++i) {
    float power = float(std::exp2(in.elements[i].f));
    if (std::fpclassify(power) == FP_SUBNORMAL)
      power = std::copysign(0.0f, power);
    v->elements[i].f = power;
  }
  ex.set(op, v);
  return success();
}

LogicalResult BlockSimulator::runBitcast(LLVM::BitcastOp op) {
  // Through each lane's bytes: the source's elements encoded, the result's
  // decoded.
  const RtValue &in = *ex.get(op.getArg());
  Type from = getElementTypeOrSelf(op.getArg().getType());
  Type to = getElementTypeOrSelf(op.getType());
  ElementInfo fromInfo = ElementInfo::get(from), toInfo = ElementInfo::get(to);
  int64_t fromBytes = byteSizeOf(from), toBytes = byteSizeOf(to);
  auto v = makeLanes(op.getType());
  size_t n = width(in), m = width(*v);
  if (fromBytes < 0 || toBytes < 0 || n * fromBytes != m * toBytes)
    return ex.emitError(*op) << "a bitcast the GPU simulator cannot do";
  std::vector<uint8_t> bytes(n * fromBytes);
  for (unsigned t = 0; t < threads; ++t) {
    for (size_t i = 0; i < n; ++i) {
      uint64_t bits = elementToBits(at(in, t, i), fromInfo);
      std::memcpy(bytes.data() + i * fromBytes, &bits, fromBytes);
    }
    for (size_t i = 0; i < m; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, bytes.data() + i * toBytes, toBytes);
      v->elements[t * m + i] = elementFromBits(bits, toInfo);
    }
  }
  ex.set(op, v);
  return success();
}

LogicalResult BlockSimulator::runBufferResource(ROCDL::MakeBufferRsrcOp op) {
  // The resource is its base address; its extent is read by the loads from
  // the op that made it. The hardware takes a resource from scalar
  // registers: a base that differs between the lanes is refused.
  const RtValue &base = *ex.get(op.getBase());
  std::optional<uint64_t> address;
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    uint64_t p = at(base, t).u;
    if (address && *address != p)
      return ex.emitError(*op)
             << "a buffer resource whose base differs between threads (" << t
             << " has another than the first)";
    address = p;
  }
  Element e;
  e.u = address.value_or(0);
  ex.set(op, uniform(op.getType(), e));
  return success();
}

LogicalResult BlockSimulator::runBufferLoad(ROCDL::RawPtrBufferLoadOp op) {
  // A raw buffer load (stride 0): base + offset + soffset, or zeros where
  // the offsets reach past the resource's extent. (Whether the hardware
  // checks each dword or the whole access, a lane wholly in or wholly out
  // of range reads the same; only those are modelled.)
  auto resource = op.getRsrc().getDefiningOp<ROCDL::MakeBufferRsrcOp>();
  if (!resource)
    return ex.emitError(*op)
           << "the GPU simulator needs the buffer resource made in sight";
  uint64_t records = uint64_t(at(*ex.get(resource.getNumRecords()), 0).i);
  uint64_t base = at(*ex.get(op.getRsrc()), 0).u;
  const RtValue &offset = *ex.get(op.getOffset());
  const RtValue &soffset = *ex.get(op.getSoffset());
  Type type = op.getType();
  Type element = getElementTypeOrSelf(type);
  ElementInfo info = ElementInfo::get(element);
  int64_t bytes = byteSizeOf(element);
  auto v = makeLanes(type);
  size_t n = width(*v);
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    uint64_t start = uint64_t(uint32_t(at(offset, t).i)) +
                     uint64_t(uint32_t(at(soffset, t).i));
    uint64_t end = start + n * bytes;
    if (start < records && end > records)
      return ex.emitError(*op)
             << "thread " << t << " loads across the end of a buffer resource";
    if (end > records)
      continue; // zeros
    uint64_t p = base + start;
    if (failed(checkAccess(*op, t, /*space=*/1, p, n * bytes)))
      return failure();
    for (size_t i = 0; i < n; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, reinterpret_cast<const void *>(p + i * bytes), bytes);
      v->elements[t * n + i] = elementFromBits(bits, info);
    }
  }
  ex.set(op, v);
  return success();
}

LogicalResult BlockSimulator::runMatrix(Operation &op, bool wave64) {
  // D = A x B + C on 16 x 16 x 16 tiles, one per warp, fragments laid out as
  // the ISA manuals give them (written here from the manuals, not from the
  // target's description, so that one checks the other):
  //  - CDNA's v_mfma_f32_16x16x16{f16,bf16_1k}, wave 64: lane i + 16 (k/4)
  //    holds A[i][k] and B[k][i] as element k % 4; D[i][j] is element i % 4
  //    of lane j + 16 (i/4).
  //  - RDNA 3's v_wmma_f32_16x16x16_{f16,bf16}, wave 32: lanes i and i + 16
  //    both hold row i of A and column i of B, element k; D[i][j] is element
  //    i / 2 of lane j + 16 (i % 2).
  // The sums are exact, rounded once to f32: within any order the hardware
  // adds in (the bounds of docs/Semantics.md section 10 hold either way).
  if (warpSize != (wave64 ? 64u : 32u))
    return ex.emitError(op) << "a " << (wave64 ? "wave-64" : "wave-32")
                            << " matrix instruction in warps of " << warpSize;
  if (wave64)
    for (unsigned i = 3; i < 6; ++i) {
      Element e;
      if (!uniformOverMask(*ex.get(op.getOperand(i)), e) || e.i != 0)
        return ex.emitError(op) << "the GPU simulator implements MFMA with "
                                   "cbsz = abid = blgp = 0 only";
    }
  const RtValue &a = *ex.get(op.getOperand(0));
  const RtValue &b = *ex.get(op.getOperand(1));
  const RtValue &c = *ex.get(op.getOperand(2));
  // bf16 travels as i16 bits.
  Type input = getElementTypeOrSelf(op.getOperand(0).getType());
  bool bits16 = isa<IntegerType>(input);
  auto value = [&](const RtValue &v, unsigned lane, size_t i) {
    Element e = at(v, lane, i);
    return bits16 ? decodeFloat(zeroExtend(e.i, 16), kBF16) : e.f;
  };
  auto d = makeLanes(op.getResult(0).getType());
  size_t accWidth = width(*d);
  for (unsigned warp = 0; warp < threads; warp += warpSize) {
    for (unsigned lane = 0; lane < warpSize; ++lane)
      if (!mask[warp + lane])
        return ex.emitError(op)
               << "a matrix instruction that only some lanes of warp "
               << warp / warpSize << " reach";
    auto aAt = [&](unsigned i, unsigned k) {
      return wave64 ? value(a, warp + i + 16 * (k / 4), k % 4)
                    : value(a, warp + i, k);
    };
    auto bAt = [&](unsigned k, unsigned j) {
      return wave64 ? value(b, warp + j + 16 * (k / 4), k % 4)
                    : value(b, warp + j, k);
    };
    if (!wave64)
      for (unsigned lane = 0; lane < 16; ++lane)
        for (unsigned k = 0; k < 16; ++k)
          if (at(a, warp + lane, k).u != at(a, warp + lane + 16, k).u ||
              at(b, warp + lane, k).u != at(b, warp + lane + 16, k).u)
            return ex.emitError(op)
                   << "lanes " << lane << " and " << lane + 16 << " of warp "
                   << warp / warpSize
                   << " hold different WMMA operands (the halves must agree)";
    for (unsigned i = 0; i < 16; ++i)
      for (unsigned j = 0; j < 16; ++j) {
        unsigned lane = wave64 ? j + 16 * (i / 4) : j + 16 * (i % 2);
        size_t element = wave64 ? i % 4 : i / 2;
        double sum = at(c, warp + lane, element).f;
        for (unsigned k = 0; k < 16; ++k)
          sum += aAt(i, k) * bAt(k, j);
        d->elements[(warp + lane) * accWidth + element].f =
            roundResult(sum, kF32);
      }
  }
  ex.set(op.getResult(0), d);
  return success();
}

LogicalResult BlockSimulator::runIf(scf::IfOp op) {
  const RtValue &cond = *ex.get(op.getCondition());
  Mask saved = mask;
  Mask thenLanes = select(cond, true), elseLanes = select(cond, false);
  SmallVector<ValuePtr> thenResults, elseResults;
  auto runSide = [&](Region &region, const Mask &lanes,
                     SmallVectorImpl<ValuePtr> &results) -> LogicalResult {
    if (region.empty() || !any(lanes))
      return success();
    mask = lanes;
    LogicalResult r = runBlock(region.front(), {}, results);
    mask = saved;
    return r;
  };
  if (failed(runSide(op.getThenRegion(), thenLanes, thenResults)) ||
      failed(runSide(op.getElseRegion(), elseLanes, elseResults)))
    return failure();
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    auto none = makeLanes(result.getType());
    const RtValue &fromThen = thenResults.empty() ? *none : *thenResults[i];
    const RtValue &fromElse = elseResults.empty() ? *none : *elseResults[i];
    ex.set(result, merge(thenLanes, fromThen, fromElse, result.getType()));
  }
  return success();
}

LogicalResult BlockSimulator::runFor(scf::ForOp op) {
  Element lower, upper, step;
  if (!uniformOverMask(*ex.get(op.getLowerBound()), lower) ||
      !uniformOverMask(*ex.get(op.getUpperBound()), upper) ||
      !uniformOverMask(*ex.get(op.getStep()), step))
    return ex.emitError(*op) << "loop bounds that differ between threads";
  if (step.i <= 0)
    return ex.emitError(*op) << "a loop step of " << step.i;
  SmallVector<ValuePtr> carried;
  for (Value init : op.getInitArgs())
    carried.push_back(ex.get(init));
  Type ivType = op.getInductionVar().getType();
  unsigned w = ElementInfo::get(ivType).width;
  bool isUnsigned = op.getUnsignedCmp();
  for (int64_t i = lower.i;
       isUnsigned ? zeroExtend(i, w) < zeroExtend(upper.i, w) : i < upper.i;
       i = signExtend(uint64_t(i + step.i), w)) {
    SmallVector<ValuePtr> args{uniform(ivType, integer(i))};
    args.append(carried);
    SmallVector<ValuePtr> next;
    if (failed(runBlock(*op.getBody(), args, next)))
      return failure();
    carried = std::move(next);
    if (i + step.i < i) // wrapped: the loop ends
      break;
  }
  for (auto [result, value] : llvm::zip_equal(op.getResults(), carried))
    ex.set(result, value);
  return success();
}

LogicalResult BlockSimulator::runWhile(scf::WhileOp op) {
  // Lanes leave the loop when their condition fails; the loop runs while
  // any remain, and each lane's results are the arguments it left with.
  Mask saved = mask;
  SmallVector<ValuePtr> carried;
  for (Value init : op.getInits())
    carried.push_back(ex.get(init));
  SmallVector<std::shared_ptr<RtValue>> exits;
  for (Value result : op.getResults())
    exits.push_back(makeLanes(result.getType()));
  int64_t iterations = 0;
  while (any(mask)) {
    SmallVector<ValuePtr> forwarded;
    if (failed(runBlock(op.getBefore().front(), carried, forwarded)))
      return failure();
    // scf.condition's operands: the condition, then what it forwards.
    ValuePtr condValue = forwarded.front();
    const RtValue &cond = *condValue;
    forwarded.erase(forwarded.begin());
    if (++iterations > kMaxWhileIterations)
      return ex.emitError(*op)
             << "a loop still running after " << kMaxWhileIterations
             << " iterations (lock step cannot end a wait on another lane "
                "of the block)";
    Mask staying = select(cond, true);
    for (unsigned t = 0; t < threads; ++t) {
      if (!mask[t] || staying[t])
        continue;
      for (auto [exit, value] : llvm::zip_equal(exits, forwarded)) {
        size_t n = width(*exit);
        for (size_t i = 0; i < n; ++i)
          exit->elements[t * n + i] = at(*value, t, i);
      }
    }
    mask = staying;
    if (!any(mask))
      break;
    if (failed(runBlock(op.getAfter().front(), forwarded, carried)))
      return failure();
  }
  mask = saved;
  for (auto [result, exit] : llvm::zip_equal(op.getResults(), exits))
    ex.set(result, exit);
  return success();
}

LogicalResult BlockSimulator::runShuffle(gpu::ShuffleOp op) {
  const RtValue &value = *ex.get(op.getValue());
  const RtValue &offset = *ex.get(op.getOffset());
  const RtValue &widthValue = *ex.get(op.getWidth());
  auto result = makeLanes(op.getType(0));
  auto valid = makeLanes(op.getValid().getType());
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    unsigned lane = t % warpSize, warp = t - lane;
    int64_t w = at(widthValue, t).i, off = at(offset, t).i;
    if (w < 1 || w > int64_t(warpSize))
      return ex.emitError(*op)
             << "a shuffle of width " << w << " in warps of " << warpSize;
    // Lanes shuffle within segments of `width`.
    int64_t segment = lane / w * w, source;
    switch (op.getMode()) {
    case gpu::ShuffleMode::XOR:
      source = int64_t(lane) ^ off;
      break;
    case gpu::ShuffleMode::UP:
      source = int64_t(lane) - off;
      break;
    case gpu::ShuffleMode::DOWN:
      source = int64_t(lane) + off;
      break;
    case gpu::ShuffleMode::IDX:
      source = segment + off;
      break;
    }
    bool inSegment = source >= segment && source < segment + w;
    valid->elements[t].i = inSegment ? -1 : 0;
    if (!inSegment) {
      result->elements[t] = at(value, t);
      continue;
    }
    unsigned from = warp + unsigned(source);
    if (!mask[from])
      return ex.emitError(*op) << "thread " << t << " reads thread " << from
                               << ", which does not take part";
    result->elements[t] = at(value, from);
  }
  ex.set(op.getShuffleResult(), result);
  ex.set(op.getValid(), valid);
  return success();
}

LogicalResult BlockSimulator::runGEP(LLVM::GEPOp op) {
  const RtValue &base = *ex.get(op.getBase());
  SmallVector<ValuePtr> dynamic;
  for (Value index : op.getDynamicIndices())
    dynamic.push_back(ex.get(index));
  int64_t elementBytes = byteSizeOf(op.getElemType());
  if (elementBytes < 0 || op.getIndices().size() != 1)
    return ex.emitError(*op) << "the GPU simulator implements one-index "
                                "getelementptr on scalars and vectors only";
  bool lanes = perLane(base) || llvm::any_of(dynamic, [&](const ValuePtr &v) {
                 return perLane(*v);
               });
  auto v = lanes ? makeLanes(op.getType()) : makeValue(op.getType(), {});
  auto index = op.getIndices()[0];
  for (size_t t = 0; t < v->size(); ++t) {
    unsigned lane = unsigned(t);
    int64_t i = isa<IntegerAttr>(index) ? cast<IntegerAttr>(index).getInt()
                                        : at(*dynamic[0], lane).i;
    v->elements[t].u = at(base, lane).u + uint64_t(i * elementBytes);
  }
  ex.set(op, v);
  return success();
}

LogicalResult BlockSimulator::runLoad(LLVM::LoadOp op) {
  const RtValue &address = *ex.get(op.getAddr());
  Type type = op.getType();
  Type element = getElementTypeOrSelf(type);
  ElementInfo info = ElementInfo::get(element);
  int64_t bytes = byteSizeOf(element);
  auto v = makeLanes(type);
  size_t n = width(*v);
  unsigned space = addressSpace(op.getAddr());
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    uint64_t p = at(address, t).u;
    if (failed(checkAccess(*op, t, space, p, n * bytes)))
      return failure();
    for (size_t i = 0; i < n; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, reinterpret_cast<const void *>(p + i * bytes), bytes);
      v->elements[t * n + i] = elementFromBits(bits, info);
    }
  }
  ex.set(op, v);
  return success();
}

LogicalResult BlockSimulator::runStore(LLVM::StoreOp op) {
  const RtValue &address = *ex.get(op.getAddr());
  const RtValue &value = *ex.get(op.getValue());
  Type element = getElementTypeOrSelf(op.getValue().getType());
  ElementInfo info = ElementInfo::get(element);
  int64_t bytes = byteSizeOf(element);
  size_t n = isa<VectorType>(op.getValue().getType())
                 ? cast<VectorType>(op.getValue().getType()).getNumElements()
                 : 1;
  unsigned space = addressSpace(op.getAddr());
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    uint64_t p = at(address, t).u;
    if (failed(checkAccess(*op, t, space, p, n * bytes)))
      return failure();
    for (size_t i = 0; i < n; ++i) {
      uint64_t bits = isa<LLVM::LLVMPointerType>(element)
                          ? at(value, t, i).u
                          : elementToBits(at(value, t, i), info);
      std::memcpy(reinterpret_cast<void *>(p + i * bytes), &bits, bytes);
    }
  }
  return success();
}

LogicalResult BlockSimulator::runAtomic(LLVM::AtomicRMWOp op) {
  const RtValue &address = *ex.get(op.getPtr());
  const RtValue &operand = *ex.get(op.getVal());
  Type type = op.getVal().getType();
  ElementInfo info = ElementInfo::get(type);
  int64_t bytes = byteSizeOf(type);
  // The LLVM operations the lowering emits, as the tile kinds whose
  // semantics the interpreter implements (float max and min arrive as
  // integer operations on their bits, so fmax and fmin never do).
  std::optional<AtomicRMWKind> kind;
  switch (op.getBinOp()) {
  case LLVM::AtomicBinOp::xchg:
    kind = AtomicRMWKind::xchg;
    break;
  case LLVM::AtomicBinOp::add:
    kind = AtomicRMWKind::add;
    break;
  case LLVM::AtomicBinOp::fadd:
    kind = AtomicRMWKind::fadd;
    break;
  case LLVM::AtomicBinOp::_and:
    kind = AtomicRMWKind::and_;
    break;
  case LLVM::AtomicBinOp::_or:
    kind = AtomicRMWKind::or_;
    break;
  case LLVM::AtomicBinOp::_xor:
    kind = AtomicRMWKind::xor_;
    break;
  case LLVM::AtomicBinOp::max:
    kind = AtomicRMWKind::max;
    break;
  case LLVM::AtomicBinOp::min:
    kind = AtomicRMWKind::min;
    break;
  case LLVM::AtomicBinOp::umax:
    kind = AtomicRMWKind::umax;
    break;
  case LLVM::AtomicBinOp::umin:
    kind = AtomicRMWKind::umin;
    break;
  default:
    return ex.emitError(*op) << "the GPU simulator does not implement "
                                "this atomic operation";
  }
  auto v = makeLanes(type);
  unsigned space = addressSpace(op.getPtr());
  // One lane after another: any order is a valid one.
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    uint64_t p = at(address, t).u;
    if (failed(checkAccess(*op, t, space, p, bytes)))
      return failure();
    uint64_t bits = 0;
    std::memcpy(&bits, reinterpret_cast<const void *>(p), bytes);
    Element old = elementFromBits(bits, info);
    Element r = combineAtomic(*kind, old, at(operand, t), info);
    bits = elementToBits(r, info);
    std::memcpy(reinterpret_cast<void *>(p), &bits, bytes);
    v->elements[t] = old;
  }
  ex.set(op, v);
  return success();
}

LogicalResult BlockSimulator::runCmpXchg(LLVM::AtomicCmpXchgOp op) {
  const RtValue &address = *ex.get(op.getPtr());
  const RtValue &expected = *ex.get(op.getCmp());
  const RtValue &desired = *ex.get(op.getVal());
  Type type = op.getVal().getType();
  ElementInfo info = ElementInfo::get(type);
  int64_t bytes = byteSizeOf(type);
  // {old value, success} per lane, as two elements.
  auto v = makeValue(type, {int64_t(threads), 2});
  unsigned space = addressSpace(op.getPtr());
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    uint64_t p = at(address, t).u;
    if (failed(checkAccess(*op, t, space, p, bytes)))
      return failure();
    uint64_t bits = 0;
    std::memcpy(&bits, reinterpret_cast<const void *>(p), bytes);
    bool equal = bits == elementToBits(at(expected, t), info);
    if (equal) {
      uint64_t next = elementToBits(at(desired, t), info);
      std::memcpy(reinterpret_cast<void *>(p), &next, bytes);
    }
    v->elements[2 * t] = elementFromBits(bits, info);
    v->elements[2 * t + 1].i = equal ? -1 : 0;
  }
  ex.set(op.getResult(), v);
  return success();
}

/// Writes the initial value of \p global (none: zeros; a dense array of
/// integers or floats: its elements) to the \p bytes at \p out.
namespace {

LogicalResult initializeGlobal(LLVM::GlobalOp global, char *out,
                               int64_t bytes) {
  Attribute value = global.getValueOrNull();
  if (!value)
    return success();
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense || byteSizeOf(dense.getElementType()) < 0)
    return global.emitError()
           << "the GPU simulator cannot initialize @" << global.getSymName();
  int64_t size = byteSizeOf(dense.getElementType());
  if (size * dense.getNumElements() > bytes)
    return global.emitError()
           << "an initial value larger than @" << global.getSymName();
  auto write = [&](int64_t i, const APInt &bits) {
    uint64_t word = bits.getZExtValue();
    std::memcpy(out + i * size, &word, size);
  };
  int64_t i = 0;
  if (isa<FloatType>(dense.getElementType()))
    for (const APFloat &element : dense.getValues<APFloat>())
      write(i++, element.bitcastToAPInt());
  else
    for (const APInt &element : dense.getValues<APInt>())
      write(i++, element);
  return success();
}

} // namespace

LogicalResult mlir::tile::interp::simulateGPUKernel(
    Operation *module, StringRef kernelName, unsigned warpSize,
    ArrayRef<KernelArgument> args, ArrayRef<HostBuffer> buffers,
    const LaunchOptions &options, bool *assertFailed) {
  if (assertFailed)
    *assertFailed = false;
  gpu::GPUModuleOp gpuModule;
  module->walk([&](gpu::GPUModuleOp m) { gpuModule = m; });
  if (!gpuModule)
    return module->emitError() << "no gpu.module to simulate";
  auto kernel = gpuModule.lookupSymbol<gpu::GPUFuncOp>(kernelName);
  if (!kernel)
    return gpuModule.emitError() << "no gpu.func @" << kernelName;
  auto launch = gpuModule->getAttrOfType<DictionaryAttr>("tile.launch");
  auto info = launch ? launch.getAs<DictionaryAttr>(kernelName) : nullptr;
  auto threadsAttr = info ? info.getAs<IntegerAttr>("threads") : nullptr;
  auto sharedAttr = info ? info.getAs<IntegerAttr>("shared") : nullptr;
  if (!threadsAttr || threadsAttr.getInt() < 1 ||
      threadsAttr.getInt() % warpSize != 0)
    return kernel.emitError() << "no launch attributes with a whole number of "
                              << warpSize << "-lane warps";
  unsigned threads = unsigned(threadsAttr.getInt());
  Block &entry = kernel.getBody().front();
  // Tensor maps follow the arguments, encoded from them as the runtime
  // does (docs/Runtime.md); their parameters point at these.
  auto mapAttrs = info.getAs<ArrayAttr>("tensor_maps");
  size_t numMaps = mapAttrs ? mapAttrs.size() : 0;
  if (args.size() + numMaps != entry.getNumArguments())
    return kernel.emitError()
           << "the kernel takes " << entry.getNumArguments() - numMaps
           << " arguments, " << args.size() << " given";
  std::map<uint64_t, SimulatedTensorMap> tensorMaps;
  std::vector<std::unique_ptr<uint64_t>> mapHandles;
  SmallVector<KernelArgument> allArgs(args);
  for (Attribute attr :
       mapAttrs ? mapAttrs.getValue() : ArrayRef<Attribute>{}) {
    auto dict = cast<DictionaryAttr>(attr);
    auto arg = [&](int64_t index) {
      Type type = entry.getArgument(index).getType();
      uint64_t bits = args[index].bits;
      return type.isInteger(32) ? signExtend(bits, 32) : int64_t(bits);
    };
    auto values = [&](StringRef prefix) {
      SmallVector<int64_t> out;
      auto get = [&](StringRef suffix) {
        return dict.getAs<DenseI64ArrayAttr>((prefix + suffix).str())
            .asArrayRef();
      };
      ArrayRef<int64_t> indices = get("_args"), constants = get("_values"),
                        scales = get("_scales");
      // Outermost first in the description, innermost first in the map.
      for (size_t i = indices.size(); i-- > 0;)
        out.push_back(indices[i] >= 0 ? arg(indices[i]) * scales[i]
                                      : constants[i]);
      return out;
    };
    SimulatedTensorMap map;
    Type element = dict.getAs<TypeAttr>("element").getValue();
    map.elementBytes = byteSizeOf(element);
    map.base = args[dict.getAs<IntegerAttr>("base").getInt()].bits;
    map.sizes = values("size");
    map.strides = values("stride");
    for (int64_t &stride : map.strides)
      stride *= map.elementBytes;
    // What the driver's encoding refuses, which the runtime then reports
    // (the kernel's declared divisibility promised otherwise).
    auto positive = [](int64_t v) { return v >= 1; };
    if (map.base % 16 != 0 ||
        llvm::any_of(ArrayRef<int64_t>(map.strides).drop_front(),
                     [](int64_t stride) { return stride % 16 != 0; }))
      return kernel.emitError()
             << "a tensor map of a base or strides not 16-byte aligned";
    if (!llvm::all_of(map.sizes, positive) ||
        !llvm::all_of(map.strides, positive))
      return kernel.emitError() << "a tensor map of a size or stride below 1";
    auto box = dict.getAs<DenseI64ArrayAttr>("box").asArrayRef();
    map.box.assign(box.rbegin(), box.rend());
    map.swizzle = dict.getAs<IntegerAttr>("swizzle").getInt();
    mapHandles.push_back(std::make_unique<uint64_t>(0));
    uint64_t handle = reinterpret_cast<uint64_t>(mapHandles.back().get());
    tensorMaps[handle] = std::move(map);
    allArgs.push_back({handle});
  }

  MemoryMap memory;
  for (const HostBuffer &buffer : buffers)
    memory.add(reinterpret_cast<uint64_t>(buffer.data), buffer.bytes,
               buffer.name);
  // The module's globals: the block's shared memory, and device globals
  // (the assert flag) in host memory of their own.
  std::vector<uint8_t> shared(sharedAttr ? size_t(sharedAttr.getInt()) : 0);
  llvm::StringMap<uint64_t> globals;
  std::vector<std::vector<uint64_t>> deviceGlobals;
  uint64_t assertFlag = 0;
  for (auto global : gpuModule.getOps<LLVM::GlobalOp>()) {
    if (global.getAddrSpace() == 3) {
      globals[global.getSymName()] = reinterpret_cast<uint64_t>(shared.data());
      continue;
    }
    int64_t bytes = byteSizeOf(global.getGlobalType());
    if (bytes < 0)
      return global.emitError()
             << "the GPU simulator cannot lay out @" << global.getSymName();
    deviceGlobals.emplace_back((bytes + 7) / 8, 0);
    uint64_t address = reinterpret_cast<uint64_t>(deviceGlobals.back().data());
    if (failed(
            initializeGlobal(global, reinterpret_cast<char *>(address), bytes)))
      return failure();
    memory.add(address, uint64_t(bytes), "@" + global.getSymName().str());
    globals[global.getSymName()] = address;
    if (global.getSymName() == "tile_assert_failed")
      assertFlag = address;
  }

  SmallVector<ValuePtr> argValues;
  for (auto [arg, given] : llvm::zip_equal(entry.getArguments(), allArgs)) {
    auto value = makeValue(arg.getType(), {});
    if (isa<LLVM::LLVMPointerType>(arg.getType()))
      value->elements[0].u = given.bits;
    else
      value->elements[0] =
          elementFromBits(given.bits, ElementInfo::get(arg.getType()));
    argValues.push_back(std::move(value));
  }

  static const HandlerTable handlers = [] {
    HandlerTable t;
    registerArithHandlers(t);
    registerMathHandlers(t);
    return t;
  }();
  Executor ex(handlers, options, memory);
  SmallVector<ValuePtr> results;
  for (uint32_t z = 0; z < options.grid[2]; ++z)
    for (uint32_t y = 0; y < options.grid[1]; ++y)
      for (uint32_t x = 0; x < options.grid[0]; ++x) {
        ex.resetProgram();
        ex.programId = {x, y, z};
        std::fill(shared.begin(), shared.end(), 0xA5);
        BlockSimulator block(ex, threads, warpSize, shared, globals,
                             tensorMaps);
        if (failed(block.runBlock(entry, argValues, results)))
          return failure();
        block.finishTensorStores();
        if (assertFlag) {
          uint32_t flag[4];
          std::memcpy(flag, reinterpret_cast<const void *>(assertFlag), 16);
          if (flag[0] != 0) {
            if (assertFailed)
              *assertFailed = true;
            return kernel.emitError()
                   << "assertion failed in program (" << flag[1] << ", "
                   << flag[2] << ", " << flag[3] << ")";
          }
        }
      }
  return success();
}
