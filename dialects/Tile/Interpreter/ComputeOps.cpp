//===- ComputeOps.cpp - dot, reduce, scan, conversions, random, debug -----===//
//
// docs/Semantics.md sections 3.7-3.10. Where the contract allows a range of
// results (the summation order of `dot` and of float reductions and scans),
// the reference computes the exact centre of that range: products and sums
// in f64 with compensated summation, rounded once to the result type. Other
// combiners run over a pairwise tree (reduce) or a doubling scan, each level
// evaluating the combiner region once on whole tiles of partial results.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/Format.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::interp;

namespace {

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

LogicalResult runDot(Executor &ex, Operation &operation) {
  auto op = cast<DotOp>(operation);
  const RtValue &a = *ex.get(op.getA()), &b = *ex.get(op.getB());
  const RtValue &acc = *ex.get(op.getAcc());
  auto r = makeValue(op.getType());
  size_t rank = a.shape.size();
  int64_t batch = rank == 3 ? a.shape[0] : 1;
  int64_t m = a.shape[rank - 2], k = a.shape[rank - 1], n = b.shape[rank - 1];
  ElementInfo info = ElementInfo::get(r->elementType);
  // B transposed per batch, so that the inner loop walks both inputs in
  // order.
  std::vector<double> bt(size_t(k * n));
  std::vector<int64_t> btInt(info.isInteger() ? size_t(k * n) : 0);
  for (int64_t p = 0; p < batch; ++p) {
    const Element *ap = a.elements.data() + p * m * k;
    const Element *bp = b.elements.data() + p * k * n;
    for (int64_t kk = 0; kk < k; ++kk)
      for (int64_t j = 0; j < n; ++j) {
        if (info.isInteger())
          btInt[j * k + kk] = bp[kk * n + j].i;
        else
          bt[j * k + kk] = bp[kk * n + j].f;
      }
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        size_t out = size_t((p * m + i) * n + j);
        if (info.isInteger()) {
          // i8 x i8 -> i32, wrapping.
          uint64_t sum = uint64_t(acc.elements[out].i);
          for (int64_t kk = 0; kk < k; ++kk)
            sum += uint64_t(ap[i * k + kk].i * btInt[j * k + kk]);
          r->elements[out].i = signExtend(sum, info.width);
          continue;
        }
        CompensatedSum sum(acc.elements[out].f);
        for (int64_t kk = 0; kk < k; ++kk)
          sum.add(ap[i * k + kk].f * bt[j * k + kk]);
        r->elements[out].f = roundToFormat(sum.value(), *info.format);
      }
  }
  ex.set(op, std::move(r));
  return success();
}

//===----------------------------------------------------------------------===//
// reduce and scan
//===----------------------------------------------------------------------===//

/// A combiner that is one arith.addf or arith.mulf of its two arguments.
enum class FloatCombiner { None, Add, Mul };

FloatCombiner classifyCombiner(Region &combiner) {
  Block &block = combiner.front();
  if (block.getNumArguments() != 2 ||
      !isa<FloatType>(block.getArgument(0).getType()))
    return FloatCombiner::None;
  auto ops = block.without_terminator();
  if (std::distance(ops.begin(), ops.end()) != 1)
    return FloatCombiner::None;
  Operation &op = *ops.begin();
  if (block.getTerminator()->getNumOperands() != 1 ||
      block.getTerminator()->getOperand(0) != op.getResult(0))
    return FloatCombiner::None;
  auto usesBoth = [&] {
    Value x = op.getOperand(0), y = op.getOperand(1);
    Value p = block.getArgument(0), q = block.getArgument(1);
    return (x == p && y == q) || (x == q && y == p);
  };
  if (isa<arith::AddFOp>(op) && usesBoth())
    return FloatCombiner::Add;
  if (isa<arith::MulFOp>(op) && usesBoth())
    return FloatCombiner::Mul;
  return FloatCombiner::None;
}

/// The extents around \p axis: outer x n x inner in row-major order.
struct AxisLayout {
  int64_t outer = 1, n = 1, inner = 1;
  AxisLayout(ArrayRef<int64_t> shape, int64_t axis) {
    for (int64_t d = 0; d < int64_t(shape.size()); ++d) {
      if (d < axis)
        outer *= shape[d];
      else if (d == axis)
        n = shape[d];
      else
        inner *= shape[d];
    }
  }
  size_t at(int64_t o, int64_t j, int64_t i) const {
    return size_t((o * n + j) * inner + i);
  }
};

/// Runs the combiner on tiles: lhs[k] (accumulated) and rhs[k] (new).
LogicalResult combine(Executor &ex, Region &combiner, ArrayRef<ValuePtr> lhs,
                      ArrayRef<ValuePtr> rhs,
                      SmallVectorImpl<ValuePtr> &results) {
  SmallVector<ValuePtr> args(lhs.begin(), lhs.end());
  args.append(rhs.begin(), rhs.end());
  return ex.runBlock(combiner.front(), args, results);
}

LogicalResult runReduce(Executor &ex, Operation &operation) {
  auto op = cast<ReduceOp>(operation);
  SmallVector<ValuePtr> srcs;
  for (Value src : op.getSrcs())
    srcs.push_back(ex.get(src));
  ArrayRef<int64_t> shape = srcs[0]->shape;
  int64_t axis = op.getAxis();
  AxisLayout layout(shape, axis);
  SmallVector<int64_t, 4> resultShape(shape.begin(), shape.end());
  resultShape.erase(resultShape.begin() + axis);

  FloatCombiner kind = classifyCombiner(op.getCombiner());
  if (kind != FloatCombiner::None) {
    // Bounded by section 10: sum or multiply exactly, round once.
    auto r = makeValue(srcs[0]->elementType, resultShape);
    const FloatFormat &format = *getFloatFormat(r->elementType);
    for (int64_t o = 0; o < layout.outer; ++o)
      for (int64_t i = 0; i < layout.inner; ++i) {
        double value;
        if (kind == FloatCombiner::Add) {
          CompensatedSum sum;
          for (int64_t j = 0; j < layout.n; ++j)
            sum.add(srcs[0]->elements[layout.at(o, j, i)].f);
          value = sum.value();
        } else {
          value = 1;
          for (int64_t j = 0; j < layout.n; ++j)
            value *= srcs[0]->elements[layout.at(o, j, i)].f;
        }
        r->elements[size_t(o * layout.inner + i)].f =
            roundToFormat(value, format);
      }
    ex.set(op.getResult(0), std::move(r));
    return success();
  }

  // A pairwise tree: level by level, element 2j combines with 2j + 1 and an
  // odd last element moves up unchanged. Its depth is ceil(log2 n).
  SmallVector<std::vector<Element>> current;
  for (const ValuePtr &src : srcs)
    current.push_back(src->elements);
  int64_t m = layout.n;
  SmallVector<ValuePtr> results;
  while (m > 1) {
    int64_t pairs = m / 2, next = pairs + m % 2;
    SmallVector<ValuePtr> lhs, rhs;
    for (auto [src, data] : llvm::zip_equal(srcs, current)) {
      int64_t count = layout.outer * pairs * layout.inner;
      auto left = makeValue(src->elementType, {count});
      auto right = makeValue(src->elementType, {count});
      size_t t = 0;
      for (int64_t o = 0; o < layout.outer; ++o)
        for (int64_t j = 0; j < pairs; ++j)
          for (int64_t i = 0; i < layout.inner; ++i, ++t) {
            left->elements[t] =
                data[size_t((o * m + 2 * j) * layout.inner + i)];
            right->elements[t] =
                data[size_t((o * m + 2 * j + 1) * layout.inner + i)];
          }
      lhs.push_back(std::move(left));
      rhs.push_back(std::move(right));
    }
    if (failed(combine(ex, op.getCombiner(), lhs, rhs, results)))
      return failure();
    for (auto [data, combined] : llvm::zip_equal(current, results)) {
      std::vector<Element> level(size_t(layout.outer * next * layout.inner));
      for (int64_t o = 0; o < layout.outer; ++o)
        for (int64_t i = 0; i < layout.inner; ++i) {
          for (int64_t j = 0; j < pairs; ++j)
            level[size_t((o * next + j) * layout.inner + i)] =
                combined->elements[combined->size() == 1
                                       ? 0
                                       : size_t((o * pairs + j) * layout.inner +
                                                i)];
          if (m % 2)
            level[size_t((o * next + pairs) * layout.inner + i)] =
                data[size_t((o * m + m - 1) * layout.inner + i)];
        }
      data = std::move(level);
    }
    m = next;
  }
  for (auto [result, src, data] :
       llvm::zip_equal(op.getResults(), srcs, current)) {
    auto r = makeValue(src->elementType, resultShape);
    r->elements = std::move(data);
    ex.set(result, std::move(r));
  }
  return success();
}

LogicalResult runScan(Executor &ex, Operation &operation) {
  auto op = cast<ScanOp>(operation);
  SmallVector<ValuePtr> srcs;
  for (Value src : op.getSrcs())
    srcs.push_back(ex.get(src));
  ArrayRef<int64_t> shape = srcs[0]->shape;
  AxisLayout layout(shape, op.getAxis());
  bool reverse = op.getReverse();
  // Position of the j-th element in scan order.
  auto pos = [&](int64_t j) { return reverse ? layout.n - 1 - j : j; };

  if (classifyCombiner(op.getCombiner()) == FloatCombiner::Add) {
    auto r = makeValue(srcs[0]->elementType, shape);
    const FloatFormat &format = *getFloatFormat(r->elementType);
    for (int64_t o = 0; o < layout.outer; ++o)
      for (int64_t i = 0; i < layout.inner; ++i) {
        CompensatedSum sum;
        for (int64_t j = 0; j < layout.n; ++j) {
          size_t at = layout.at(o, pos(j), i);
          sum.add(srcs[0]->elements[at].f);
          r->elements[at].f = roundToFormat(sum.value(), format);
        }
      }
    ex.set(op.getResult(0), std::move(r));
    return success();
  }

  // Doubling (Hillis-Steele): after the step with distance d, element j
  // holds the combination of elements j - 2d + 1 .. j. Depth ceil(log2 n).
  SmallVector<std::vector<Element>> current;
  for (const ValuePtr &src : srcs)
    current.push_back(src->elements);
  SmallVector<ValuePtr> results;
  for (int64_t d = 1; d < layout.n; d *= 2) {
    int64_t span = layout.n - d;
    int64_t count = layout.outer * span * layout.inner;
    SmallVector<ValuePtr> earlier, later;
    for (auto [src, data] : llvm::zip_equal(srcs, current)) {
      auto e = makeValue(src->elementType, {count});
      auto l = makeValue(src->elementType, {count});
      size_t t = 0;
      for (int64_t o = 0; o < layout.outer; ++o)
        for (int64_t j = d; j < layout.n; ++j)
          for (int64_t i = 0; i < layout.inner; ++i, ++t) {
            e->elements[t] = data[layout.at(o, pos(j - d), i)];
            l->elements[t] = data[layout.at(o, pos(j), i)];
          }
      earlier.push_back(std::move(e));
      later.push_back(std::move(l));
    }
    if (failed(combine(ex, op.getCombiner(), earlier, later, results)))
      return failure();
    for (auto [data, combined] : llvm::zip_equal(current, results)) {
      size_t t = 0;
      for (int64_t o = 0; o < layout.outer; ++o)
        for (int64_t j = d; j < layout.n; ++j)
          for (int64_t i = 0; i < layout.inner; ++i, ++t)
            data[layout.at(o, pos(j), i)] =
                combined->elements[combined->size() == 1 ? 0 : t];
    }
  }
  for (auto [result, src, data] :
       llvm::zip_equal(op.getResults(), srcs, current)) {
    auto r = makeValue(src->elementType, shape);
    r->elements = std::move(data);
    ex.set(result, std::move(r));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Other compute ops
//===----------------------------------------------------------------------===//

LogicalResult runHistogram(Executor &ex, Operation &operation) {
  auto op = cast<HistogramOp>(operation);
  const RtValue &src = *ex.get(op.getSrc());
  auto r = makeValue(op.getType());
  unsigned w = ElementInfo::get(r->elementType).width;
  int64_t bins = int64_t(r->size());
  for (const Element &e : src.elements)
    if (e.i >= 0 && e.i < bins) // compared as signed
      r->elements[size_t(e.i)].i =
          signExtend(uint64_t(r->elements[size_t(e.i)].i) + 1, w);
  ex.set(op, std::move(r));
  return success();
}

LogicalResult runTileBitcast(Executor &ex, Operation &op) {
  ElementInfo from =
      ElementInfo::get(elementTypeOf(op.getOperand(0).getType()));
  Type type = elementTypeOf(op.getResult(0).getType());
  ElementInfo to = ElementInfo::get(type);
  ex.set(op.getResult(0),
         mapUnary(*ex.get(op.getOperand(0)), type, [&](Element a) {
           return elementFromBits(elementToBits(a, from), to);
         }));
  return success();
}

LogicalResult runFpToFp(Executor &ex, Operation &operation) {
  auto op = cast<FpToFpOp>(operation);
  Type type = elementTypeOf(op.getType());
  const FloatFormat &format = *getFloatFormat(type);
  Rounding rounding = op.getRounding() == RoundingMode::rtz
                          ? Rounding::TowardZero
                          : Rounding::NearestEven;
  // Widening is exact, so rounding is a no-op there; conversions to f8
  // saturate (infinities too) and keep NaN.
  Overflow overflow = format.bits() == 8 ? Overflow::Saturate : Overflow::Ieee;
  ex.set(op, mapUnary(*ex.get(op.getSrc()), type, [&](Element a) {
           Element r;
           r.f = roundToFormat(a.f, format, rounding, overflow);
           return r;
         }));
  return success();
}

LogicalResult runMulhiUI(Executor &ex, Operation &operation) {
  auto op = cast<MulhiUIOp>(operation);
  Type type = elementTypeOf(op.getType());
  unsigned w = ElementInfo::get(type).width;
  ex.set(op, mapBinary(*ex.get(op.getLhs()), *ex.get(op.getRhs()), type,
                       [&](Element a, Element b) {
                         unsigned __int128 p =
                             (unsigned __int128)zeroExtend(a.i, w) *
                             zeroExtend(b.i, w);
                         Element r;
                         r.i = signExtend(uint64_t(p >> w), w);
                         return r;
                       }));
  return success();
}

LogicalResult runClampF(Executor &ex, Operation &operation) {
  auto op = cast<ClampFOp>(operation);
  bool propagate = op.getPropagateNan();
  ex.set(op, mapTernary(*ex.get(op.getX()), *ex.get(op.getMin()),
                        *ex.get(op.getMax()), elementTypeOf(op.getType()),
                        [&](Element x, Element lo, Element hi) {
                          Element r;
                          r.f =
                              propagate
                                  ? floatMinimum(floatMaximum(x.f, lo.f), hi.f)
                                  : floatMinNum(floatMaxNum(x.f, lo.f), hi.f);
                          return r;
                        }));
  return success();
}

/// f64 square roots and quotients are correctly rounded, and rounding them
/// again to f32 or narrower stays correct (53 >= 2p + 2).
LogicalResult runPreciseSqrt(Executor &ex, Operation &operation) {
  auto op = cast<PreciseSqrtOp>(operation);
  Type type = elementTypeOf(op.getType());
  const FloatFormat &format = *getFloatFormat(type);
  ex.set(op, mapUnary(*ex.get(op.getX()), type, [&](Element a) {
           Element r;
           r.f = roundToFormat(std::sqrt(a.f), format);
           return r;
         }));
  return success();
}

LogicalResult runPreciseDivF(Executor &ex, Operation &operation) {
  auto op = cast<PreciseDivFOp>(operation);
  Type type = elementTypeOf(op.getType());
  const FloatFormat &format = *getFloatFormat(type);
  ex.set(op, mapBinary(*ex.get(op.getX()), *ex.get(op.getY()), type,
                       [&](Element a, Element b) {
                         Element r;
                         r.f = roundToFormat(a.f / b.f, format);
                         return r;
                       }));
  return success();
}

LogicalResult runPhilox(Executor &ex, Operation &operation) {
  auto op = cast<PhiloxOp>(operation);
  const RtValue &seed = *ex.get(op.getSeed());
  const RtValue &offsets = *ex.get(op.getOffset());
  // i32 seeds and offsets are zero-extended.
  uint64_t key =
      zeroExtend(seed.elements[0].i, ElementInfo::get(seed.elementType).width);
  unsigned offsetWidth = ElementInfo::get(offsets.elementType).width;
  SmallVector<std::shared_ptr<RtValue>, 4> words;
  for (Value result : op.getResults())
    words.push_back(makeValue(result.getType()));
  for (size_t i = 0; i < offsets.size(); ++i) {
    uint32_t out[4];
    philox4x32x10(key, zeroExtend(offsets.elements[i].i, offsetWidth), out);
    for (int w = 0; w < 4; ++w)
      words[w]->elements[i].i = signExtend(out[w], 32);
  }
  for (auto [result, word] : llvm::zip_equal(op.getResults(), words))
    ex.set(result, std::move(word));
  return success();
}

/// One element as docs/Semantics.md 3.9 prints it.
std::string formatElement(Element e, const ElementInfo &info, bool hex) {
  char text[64];
  if (hex) {
    std::snprintf(text, sizeof(text), "0x%0*" PRIx64, int(info.byteSize() * 2),
                  elementToBits(e, info));
  } else if (info.isFloat()) {
    std::snprintf(text, sizeof(text), info.width == 64 ? "%.17g" : "%.9g", e.f);
  } else if (info.isPointer()) {
    std::snprintf(text, sizeof(text), "0x%016" PRIx64, e.u);
  } else {
    // i1 prints as 0/1.
    std::snprintf(text, sizeof(text), "%" PRId64, info.width == 1 ? -e.i : e.i);
  }
  return text;
}

/// The ids a print or an assert names: its `program(...)` operands when it
/// has them, else the running program's.
std::array<int64_t, 3> reportedProgramIds(Executor &ex, ValueRange named) {
  if (named.size() != 3)
    return {ex.programId[0], ex.programId[1], ex.programId[2]};
  std::array<int64_t, 3> ids;
  for (auto [index, id] : llvm::enumerate(named))
    ids[index] = ex.get(id)->elements[0].i;
  return ids;
}

LogicalResult runPrint(Executor &ex, Operation &operation) {
  auto op = cast<PrintOp>(operation);
  llvm::raw_ostream *os = ex.getOptions().printStream;
  if (!os)
    return success();
  std::array<int64_t, 3> ids = reportedProgramIds(ex, op.getProgram());
  std::string pid = "pid (" + std::to_string(ids[0]) + ", " +
                    std::to_string(ids[1]) + ", " + std::to_string(ids[2]) +
                    ")";
  if (op.getArgs().empty()) {
    *os << pid << " " << op.getPrefix() << "\n";
    return success();
  }
  for (Value arg : op.getArgs()) {
    const RtValue &v = *ex.get(arg);
    ElementInfo info = ElementInfo::get(v.elementType);
    SmallVector<int64_t, 4> index(v.shape.size());
    for (size_t i = 0; i < v.size(); ++i) {
      int64_t rest = int64_t(i);
      for (int d = int(v.shape.size()) - 1; d >= 0; --d) {
        index[d] = rest % v.shape[d];
        rest /= v.shape[d];
      }
      *os << pid << " idx (";
      for (size_t d = 0; d < index.size(); ++d)
        *os << (d ? ", " : "") << index[d];
      *os << ") " << op.getPrefix()
          << formatElement(v.elements[i], info, op.getHex()) << "\n";
    }
  }
  return success();
}

LogicalResult runAssert(Executor &ex, Operation &operation) {
  auto op = cast<AssertOp>(operation);
  const RtValue &cond = *ex.get(op.getCondition());
  for (const Element &e : cond.elements)
    if (e.i == 0) {
      ex.assertFailed = true;
      std::array<int64_t, 3> ids = reportedProgramIds(ex, op.getProgram());
      return operation.emitError()
             << "tile.assert failed in program (" << ids[0] << ", " << ids[1]
             << ", " << ids[2] << "): " << op.getMessage();
    }
  return success();
}

} // namespace

void mlir::tile::interp::registerComputeHandlers(HandlerTable &t) {
  t[TypeID::get<DotOp>()] = runDot;
  t[TypeID::get<ReduceOp>()] = runReduce;
  t[TypeID::get<ScanOp>()] = runScan;
  t[TypeID::get<HistogramOp>()] = runHistogram;
  t[TypeID::get<BitcastOp>()] = runTileBitcast;
  t[TypeID::get<FpToFpOp>()] = runFpToFp;
  t[TypeID::get<MulhiUIOp>()] = runMulhiUI;
  t[TypeID::get<ClampFOp>()] = runClampF;
  t[TypeID::get<PreciseSqrtOp>()] = runPreciseSqrt;
  t[TypeID::get<PreciseDivFOp>()] = runPreciseDivF;
  t[TypeID::get<PhiloxOp>()] = runPhilox;
  t[TypeID::get<PrintOp>()] = runPrint;
  t[TypeID::get<AssertOp>()] = runAssert;
}
