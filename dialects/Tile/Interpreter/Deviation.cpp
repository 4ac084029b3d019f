//===- Deviation.cpp - How far a conforming target may be from the reference
//-===//
//
// docs/Semantics.md 10.1 made executable: a running error analysis that
// carries, with every element the interpreter computes, a bound on how far a
// conforming target's element may lie from it. Exact-class ops on exact
// operands stay exact (no bound); every other op adds its class's
// allowance to what its operands' bounds can make of its result:
//
//  * elementwise ops (arith, math, conversions, pointer arithmetic) are
//    evaluated again at the corners of their operands' bounds, and the
//    furthest corner, plus the op's own ulp allowance, is the bound;
//  * data movement is evaluated again on tagged operands, so that every
//    result element takes the bound of the element it came from;
//  * float sums and products of reduce, scan and dot take section 10's
//    order and accumulation allowances plus their operands' bounds;
//  * memory keeps the bounds of what was stored (DeviationMemory, filled by
//    the memory ops as they run).
//
// What the analysis cannot bound (an op it has no rule for, on operands that
// are not exact) gets +inf: tile-check then falls back to the normwise
// tolerance for those elements and says how many there were.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>
#include <limits>
#include <optional>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::interp;

//===----------------------------------------------------------------------===//
// DeviationMemory
//===----------------------------------------------------------------------===//

double DeviationMemory::get(uint64_t address) const {
  double bound = 0;
  if (auto it = bounds.find(address); it != bounds.end())
    bound = it->second;
  if (auto it = sums.find(address); it != sums.end()) {
    const Sum &s = it->second;
    bound += double(s.count) * (s.epsilon * s.magnitude + s.flush);
  }
  return bound;
}

void DeviationMemory::set(uint64_t address, double bound) {
  sums.erase(address);
  if (bound == 0)
    bounds.erase(address);
  else
    bounds[address] = bound;
}

void DeviationMemory::addAtomically(uint64_t address, double magnitude,
                                    double bound, double epsilon,
                                    double flush) {
  Sum &s = sums[address];
  // Whatever order the adds happen in, each rounding is at most epsilon
  // times the largest partial sum, itself at most the sum of magnitudes.
  s.magnitude += std::isfinite(magnitude) ? magnitude : 0;
  s.epsilon = epsilon;
  s.flush = flush;
  ++s.count;
  if (bound != 0)
    bounds[address] += bound;
}

namespace {

constexpr double kUnbounded = INFINITY;

bool anyBounded(Executor &ex, Operation &op) {
  for (Value operand : op.getOperands())
    if (!ex.get(operand)->isExact())
      return true;
  return false;
}

/// Gives \p result the bounds \p bounds (all zero: exact).
void setBounds(Executor &ex, Value result, std::vector<double> bounds) {
  bool exact = llvm::all_of(bounds, [](double b) { return b == 0; });
  ValuePtr value = ex.get(result);
  if (exact && value->isExact())
    return;
  auto copy = std::make_shared<RtValue>(*value);
  copy->bounds = exact ? std::vector<double>() : std::move(bounds);
  ex.set(result, std::move(copy));
}

void setUnbounded(Executor &ex, Operation &op) {
  for (Value result : op.getResults())
    setBounds(ex, result,
              std::vector<double>(std::max<size_t>(ex.get(result)->size(), 1),
                                  kUnbounded));
}

const FloatFormat *formatOfValue(Value v) {
  return getFloatFormat(elementTypeOf(v.getType()));
}

/// The error section 6 allows a bounded elementwise op beyond correct
/// rounding, in ulps of its exact result, for element format \p f; 0 for
/// the exact class. `contract` alone lets a target fuse a product into the
/// sum that uses it, skipping the product's rounding: half an ulp of the
/// product (the sum is rounded once either way). Other loose fastmath flags
/// leave the result unbounded.
double allowedUlps(Operation &op, const FloatFormat &f) {
  if (auto fm = dyn_cast<arith::ArithFastMathInterface>(op)) {
    auto loose = arith::FastMathFlags::reassoc | arith::FastMathFlags::arcp |
                 arith::FastMathFlags::afn;
    arith::FastMathFlagsAttr flags = fm.getFastMathFlagsAttr();
    if (flags && arith::bitEnumContainsAny(flags.getValue(), loose))
      return kUnbounded;
    if (flags && isa<arith::MulFOp>(op) &&
        arith::bitEnumContainsAny(flags.getValue(),
                                  arith::FastMathFlags::contract))
      return 0.5;
  }
  bool narrow = f.bits() <= 16, f64 = f.bits() == 64;
  if (isa<arith::DivFOp>(op))
    return narrow || f64 ? 0 : 2;
  if (isa<math::SqrtOp>(op))
    return narrow || f64 ? 0 : 1;
  if (op.getDialect() && op.getDialect()->getNamespace() == "math") {
    if (isa<math::AbsFOp, math::AbsIOp, math::CopySignOp, math::FloorOp,
            math::CeilOp, math::TruncOp, math::RoundOp, math::RoundEvenOp,
            math::FmaOp, math::CountLeadingZerosOp, math::CountTrailingZerosOp,
            math::CtPopOp, math::IsNaNOp, math::IsInfOp, math::IsFiniteOp,
            math::IsNormalOp, math::IPowIOp, math::ClampFOp>(op))
      return 0;
    if (narrow)
      return 1;
    if (isa<math::RsqrtOp, math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
            math::SinOp, math::CosOp>(op))
      return 2;
    if (isa<math::TanhOp, math::ErfOp>(op))
      return 3;
    return 4;
  }
  return 0;
}

/// The op's own allowance at result element \p y (section 6, with its
/// absolute region below the smallest normal and sin/cos beyond 10^5).
double ownAllowance(Operation &op, double ulps, const FloatFormat &f, double y,
                    double x0) {
  // A product that overflows may still give a finite fused sum.
  if (ulps != 0 && isa<arith::MulFOp>(op) && std::isinf(y) && std::isfinite(x0))
    return kUnbounded;
  // Special values, in and out, are exact (section 6).
  if (ulps == 0 || !std::isfinite(y) || !std::isfinite(x0))
    return 0;
  if (isa<math::SinOp, math::CosOp>(op) && std::fabs(x0) > 1e5 &&
      f.bits() >= 32)
    return 2;
  double smallestNormal = std::ldexp(1.0, f.minExponent());
  double allowance = ulps * ulpOf(y, f);
  return std::fabs(y) < smallestNormal ? std::max(allowance, smallestNormal)
                                       : allowance;
}

bool isElementwise(Operation &op) {
  StringRef dialect =
      op.getDialect() ? op.getDialect()->getNamespace() : StringRef();
  if (dialect == "arith" || dialect == "math")
    return op.getNumRegions() == 0;
  return isa<ClampFOp, FpToFpOp, PreciseDivFOp, PreciseSqrtOp, MulhiUIOp,
             BitcastOp, AddPtrOp, PtrToIntOp, IntToPtrOp>(op);
}

bool isDataMovement(Operation &op) {
  return isa<BroadcastOp, ReshapeOp, TransOp, SplatOp, ExpandDimsOp, CatOp,
             JoinOp, SplitOp, GatherOp>(op);
}

/// The distance between two elements of one type, for corner evaluation.
double distance(const ElementInfo &info, Element a, Element b) {
  if (info.isFloat()) {
    if (std::isnan(a.f) && std::isnan(b.f))
      return 0;
    // Zeros of both signs (a bounded input on either side of zero): no
    // numeric distance, but the result's sign is not fixed, which the
    // smallest one says.
    if (a.f == b.f)
      return std::signbit(a.f) == std::signbit(b.f)
                 ? 0
                 : std::numeric_limits<double>::denorm_min();
    double d = std::fabs(a.f - b.f);
    return std::isfinite(d) ? d : kUnbounded;
  }
  if (info.isInteger())
    return std::fabs(double(a.i) - double(b.i));
  return a.u == b.u ? 0 : kUnbounded;
}

/// Moves element \p e of \p info by \p bound toward \p sign.
Element perturb(const ElementInfo &info, Element e, double bound, int sign) {
  if (bound == 0)
    return e;
  if (info.isFloat()) {
    e.f += sign * bound;
  } else if (info.isInteger()) {
    double step = std::ceil(bound);
    if (info.width == 1) // any change of an i1 flips it
      e.i = e.i ? 0 : -1;
    else if (step < 9e15)
      e.i = signExtend(uint64_t(e.i + sign * int64_t(step)), info.width);
  }
  return e;
}

/// Elementwise ops: the furthest result over the corners of the operands'
/// bounds, plus the op's own allowance.
LogicalResult boundElementwise(Executor &ex, Operation &op) {
  SmallVector<Value> bounded;
  for (Value operand : op.getOperands())
    if (!ex.get(operand)->isExact() && !llvm::is_contained(bounded, operand))
      bounded.push_back(operand);
  bool ownError = false;
  SmallVector<double> ulps;
  for (Value result : op.getResults()) {
    const FloatFormat *f = formatOfValue(result);
    ulps.push_back(f ? allowedUlps(op, *f) : 0);
    ownError |= ulps.back() != 0;
  }
  if (bounded.empty() && !ownError)
    return success();
  if (bounded.size() > 3) {
    setUnbounded(ex, op);
    return success();
  }

  SmallVector<ValuePtr> originals, results;
  for (Value v : bounded)
    originals.push_back(ex.get(v));
  for (Value r : op.getResults())
    results.push_back(ex.get(r));
  SmallVector<std::vector<double>> bounds;
  for (ValuePtr &r : results)
    bounds.emplace_back(r->size(), 0.0);

  for (unsigned corner = 0; !bounded.empty() && corner < (1u << bounded.size());
       ++corner) {
    for (size_t k = 0; k < bounded.size(); ++k) {
      auto moved = std::make_shared<RtValue>(*originals[k]);
      ElementInfo info = ElementInfo::get(moved->elementType);
      int sign = (corner >> k) & 1 ? 1 : -1;
      for (size_t i = 0; i < moved->size(); ++i)
        moved->elements[i] =
            perturb(info, moved->elements[i], moved->boundAt(i), sign);
      moved->bounds.clear();
      ex.set(bounded[k], std::move(moved));
    }
    bool evaluated = succeeded(ex.evaluate(op));
    for (size_t r = 0; r < results.size(); ++r) {
      ElementInfo info = ElementInfo::get(results[r]->elementType);
      ValuePtr atCorner = ex.get(op.getResult(r));
      for (size_t i = 0; i < bounds[r].size(); ++i)
        bounds[r][i] = std::max(
            bounds[r][i],
            evaluated && atCorner->size() == results[r]->size()
                ? distance(info, results[r]->elements[i], atCorner->elements[i])
                : kUnbounded);
    }
  }
  for (size_t k = 0; k < bounded.size(); ++k)
    ex.set(bounded[k], originals[k]);
  for (size_t r = 0; r < results.size(); ++r) {
    ex.set(op.getResult(r), results[r]);
    if (const FloatFormat *f = formatOfValue(op.getResult(r))) {
      double x0 = 0;
      for (size_t i = 0; i < bounds[r].size(); ++i) {
        if (op.getNumOperands())
          x0 = ex.get(op.getOperand(0))->elements.size() > i
                   ? ex.get(op.getOperand(0))->elements[i].f
                   : 0;
        bounds[r][i] +=
            ownAllowance(op, ulps[r], *f, results[r]->elements[i].f, x0);
      }
    }
    setBounds(ex, op.getResult(r), std::move(bounds[r]));
  }
  return success();
}

/// Data movement: each result element takes the bound of its source, found
/// by running the op again on operands whose elements are their own tags.
LogicalResult boundDataMovement(Executor &ex, Operation &op) {
  // Gather's indices are data: only its source is tagged.
  unsigned tagged = isa<GatherOp>(op) ? 1 : op.getNumOperands();
  SmallVector<ValuePtr> originals, results;
  for (unsigned k = 0; k < tagged; ++k)
    originals.push_back(ex.get(op.getOperand(k)));
  for (Value r : op.getResults())
    results.push_back(ex.get(r));
  for (unsigned k = 0; k < op.getNumOperands(); ++k)
    if (k >= tagged && !ex.get(op.getOperand(k))->isExact()) {
      setUnbounded(ex, op);
      return success();
    }
  for (unsigned k = 0; k < tagged; ++k) {
    auto tags = std::make_shared<RtValue>(*originals[k]);
    for (size_t i = 0; i < tags->size(); ++i)
      tags->elements[i].u = (uint64_t(k) << 48) | uint64_t(i);
    tags->bounds.clear();
    ex.set(op.getOperand(k), std::move(tags));
  }
  bool evaluated = succeeded(ex.evaluate(op));
  SmallVector<std::vector<double>> bounds;
  for (size_t r = 0; r < results.size(); ++r) {
    ValuePtr moved = ex.get(op.getResult(r));
    std::vector<double> b(results[r]->size(), kUnbounded);
    for (size_t i = 0; evaluated && i < b.size() && i < moved->size(); ++i) {
      uint64_t tag = moved->elements[i].u, k = tag >> 48,
               index = tag & ((uint64_t(1) << 48) - 1);
      if (k < originals.size() && index < originals[k]->size())
        b[i] = originals[k]->boundAt(index);
    }
    bounds.push_back(std::move(b));
  }
  for (unsigned k = 0; k < tagged; ++k)
    ex.set(op.getOperand(k), originals[k]);
  for (size_t r = 0; r < results.size(); ++r) {
    ex.set(op.getResult(r), results[r]);
    setBounds(ex, op.getResult(r), std::move(bounds[r]));
  }
  return success();
}

/// How many roundings a sum of n terms, m of them nonzero, may put on the
/// path of one term: d(n) of docs/Semantics.md 3.8 for the order, and never
/// more than m - 1, since adding an exact zero rounds nothing.
double sumDepth(int64_t n, int64_t nonzero) {
  if (n <= 1 || nonzero <= 1)
    return 0;
  double depth = double((n + 1) / 2) + std::ceil(std::log2(double(n))) + 1;
  return std::min(depth, double(nonzero - 1));
}

enum class Combiner { Sum, Product, Select, ExactOther, Unknown };

/// What a reduce or scan combiner computes.
Combiner classify(Region &combiner, Type elementType) {
  SmallVector<Operation *> ops;
  for (Operation &op : combiner.front().without_terminator())
    ops.push_back(&op);
  if (ops.size() == 1 && isa<FloatType>(elementType)) {
    if (isa<arith::AddFOp>(ops[0]))
      return Combiner::Sum;
    if (isa<arith::MulFOp>(ops[0]))
      return Combiner::Product;
    if (isa<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
            arith::MinNumFOp>(ops[0]))
      return Combiner::Select;
  }
  bool arithmetic = false;
  combiner.walk([&](Operation *op) {
    arithmetic |=
        isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp>(op) ||
        (op->getDialect() && op->getDialect()->getNamespace() == "math");
  });
  return arithmetic ? Combiner::Unknown : Combiner::ExactOther;
}

/// The positions of a tile of \p shape along \p axis: for each flat index,
/// the flat index of its line (the other coordinates) and its position on
/// the line.
void lineOf(ArrayRef<int64_t> shape, int64_t axis, size_t flat, size_t &line,
            int64_t &position) {
  SmallVector<int64_t, 4> strides = stridesOf(shape);
  position = (int64_t(flat) / strides[axis]) % shape[axis];
  size_t outer = size_t(int64_t(flat) / (strides[axis] * shape[axis]));
  size_t inner = size_t(int64_t(flat) % strides[axis]);
  line = outer * size_t(strides[axis]) + inner;
}

/// The combiner of the reduce or scan \p op when one of the \p handled
/// rules bounds it; otherwise null, with nothing left to do: an exact-class
/// combiner on exact operands keeps no bound, anything else gets none.
std::optional<Combiner> combinerToBound(Executor &ex, Operation &op,
                                        Region &combiner,
                                        ArrayRef<Combiner> handled) {
  Combiner kind = classify(combiner, elementTypeOf(op.getOperand(0).getType()));
  if (kind == Combiner::ExactOther && !anyBounded(ex, op))
    return std::nullopt;
  if (op.getNumResults() != 1 || !llvm::is_contained(handled, kind)) {
    setUnbounded(ex, op);
    return std::nullopt;
  }
  return kind;
}

LogicalResult boundReduce(Executor &ex, ReduceOp op) {
  std::optional<Combiner> combiner =
      combinerToBound(ex, *op, op.getCombiner(),
                      {Combiner::Sum, Combiner::Product, Combiner::Select});
  if (!combiner)
    return success();
  Combiner kind = *combiner;
  ValuePtr src = ex.get(op.getSrcs()[0]), result = ex.get(op.getResult(0));
  const FloatFormat *f = formatOfValue(op.getResult(0));
  int64_t axis = op.getAxis(), n = src->shape[axis];
  std::vector<double> bounds(result->size(), 0.0), magnitude(result->size()),
      relative(result->size());
  std::vector<bool> special(result->size(), false);
  std::vector<int64_t> nonzero(result->size(), 0);
  for (size_t i = 0; i < src->size(); ++i) {
    size_t line;
    int64_t position;
    lineOf(src->shape, axis, i, line, position);
    double x = src->elements[i].f, b = src->boundAt(i);
    special[line] = special[line] || !std::isfinite(x);
    nonzero[line] += x != 0 || b != 0;
    if (kind == Combiner::Select) {
      bounds[line] = std::max(bounds[line], b);
    } else if (kind == Combiner::Sum) {
      bounds[line] += b;
      magnitude[line] += std::isfinite(x) ? std::fabs(x) : 0;
    } else {
      relative[line] += b == 0 ? 0 : x == 0 ? kUnbounded : b / std::fabs(x);
    }
  }
  for (size_t line = 0; line < bounds.size(); ++line) {
    // Sums and products that meet an infinity or NaN give it in any order.
    if (kind == Combiner::Select || special[line])
      continue;
    double r = std::fabs(result->elements[line].f);
    double depth = sumDepth(n, kind == Combiner::Sum ? nonzero[line] : n);
    if (kind == Combiner::Sum)
      bounds[line] += depth * f->epsilon() * magnitude[line] +
                      double(n) * f->minSubnormal();
    else
      bounds[line] = (depth * f->epsilon() + relative[line]) * r;
  }
  setBounds(ex, op.getResult(0), std::move(bounds));
  return success();
}

LogicalResult boundScan(Executor &ex, ScanOp op) {
  std::optional<Combiner> combiner =
      combinerToBound(ex, *op, op.getCombiner(),
                      {Combiner::Sum, Combiner::Product, Combiner::Select});
  if (!combiner)
    return success();
  Combiner kind = *combiner;
  ValuePtr src = ex.get(op.getSrcs()[0]), result = ex.get(op.getResult(0));
  const FloatFormat *f = formatOfValue(op.getResult(0));
  int64_t axis = op.getAxis(), n = src->shape[axis];
  SmallVector<int64_t, 4> strides = stridesOf(src->shape);
  std::vector<double> bounds(src->size(), 0.0);
  // Walk each line in scan order, carrying its prefix.
  for (size_t start = 0; start < src->size(); ++start) {
    size_t line;
    int64_t position;
    lineOf(src->shape, axis, start, line, position);
    if (position != 0)
      continue;
    double carried = 0, magnitude = 0, relative = 0;
    int64_t nonzero = 0;
    bool special = false, underflowed = false;
    for (int64_t m = 0; m < n; ++m) {
      int64_t p = op.getReverse() ? n - 1 - m : m;
      size_t i = start + size_t(p * strides[axis]);
      double x = src->elements[i].f, b = src->boundAt(i);
      special |= !std::isfinite(x);
      if (kind == Combiner::Select) {
        carried = std::max(carried, b);
        bounds[i] = carried;
        continue;
      }
      if (kind == Combiner::Product) {
        // Each prefix is the product of m + 1 factors with at most m
        // roundings on any path: relative error (1 + eps)^m (1 + the
        // factors' own) - 1. A zero or an infinity gives itself (or NaN)
        // in any order; once a prefix falls below the normal range, its
        // lost digits may be scaled up by later factors: unbounded.
        double r = std::fabs(result->elements[i].f);
        relative += b == 0 ? 0 : x == 0 ? kUnbounded : b / std::fabs(x);
        special |= x == 0 && b == 0;
        underflowed |= r < std::ldexp(1.0, f->minExponent());
        double growth =
            std::pow(1 + f->epsilon(), double(m)) * (1 + relative) - 1;
        bounds[i] = special || !std::isfinite(r) ? 0
                    : underflowed                ? kUnbounded
                                                 : growth * r;
        continue;
      }
      carried += b;
      magnitude += std::isfinite(x) ? std::fabs(x) : 0;
      nonzero += x != 0 || b != 0;
      // A prefix of m + 1 terms: at most m roundings on any term's path.
      double depth =
          double(std::min<int64_t>(m, std::max<int64_t>(nonzero - 1, 0)));
      bounds[i] = special ? 0
                          : carried + depth * f->epsilon() * magnitude +
                                double(n) * f->minSubnormal();
    }
  }
  setBounds(ex, op.getResult(0), std::move(bounds));
  return success();
}

/// The per-product allowance of a dot's input precision (section 10).
double productAllowance(DotOp op) {
  Type a = elementTypeOf(op.getA().getType());
  if (const FloatFormat *f = getFloatFormat(a); f && f->bits() == 8)
    return std::ldexp(1.0, -11);
  switch (op.getInputPrecision()) {
  case InputPrecision::ieee:
    return 0;
  case InputPrecision::tf32:
    return std::ldexp(1.0, -9);
  case InputPrecision::tf32x3:
    return std::ldexp(1.0, -20);
  case InputPrecision::bf16x3:
    return std::ldexp(1.0, -15);
  }
  return kUnbounded;
}

LogicalResult boundDot(Executor &ex, DotOp op) {
  ValuePtr a = ex.get(op.getA()), b = ex.get(op.getB()),
           acc = ex.get(op.getAcc()), result = ex.get(op.getResult());
  const FloatFormat *f = formatOfValue(op.getResult());
  if (!f) { // integer products are exact
    if (anyBounded(ex, *op))
      setUnbounded(ex, *op);
    return success();
  }
  size_t rank = a->shape.size();
  int64_t m = a->shape[rank - 2], k = a->shape[rank - 1],
          n = b->shape[rank - 1];
  int64_t batches = int64_t(result->size()) / (m * n);
  double delta = productAllowance(op), eps = f->epsilon(),
         mu = f->minSubnormal();
  std::vector<double> bounds(result->size());
  for (int64_t batch = 0; batch < batches; ++batch)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        size_t c = size_t((batch * m + i) * n + j);
        double products = 0, propagated = 0;
        bool special = !std::isfinite(acc->elements[c].f);
        for (int64_t p = 0; p < k; ++p) {
          size_t ia = size_t((batch * m + i) * k + p),
                 ib = size_t((batch * k + p) * n + j);
          double x = a->elements[ia].f, y = b->elements[ib].f;
          double bx = a->boundAt(ia), by = b->boundAt(ib);
          special |= !std::isfinite(x) || !std::isfinite(y);
          products += std::fabs(x * y);
          propagated += std::fabs(x) * by + std::fabs(y) * bx + bx * by;
        }
        double accumulated = std::fabs(acc->elements[c].f);
        bounds[c] = propagated + acc->boundAt(c) +
                    (special ? 0
                             : double(k) * eps * (accumulated + products) +
                                   delta * products + double(k + 1) * mu);
      }
  setBounds(ex, op.getResult(), std::move(bounds));
  return success();
}

/// scf ops: their results are what their regions yielded, bounds included;
/// control that depends on a bounded value may go another way on a target.
LogicalResult boundControlFlow(Executor &ex, Operation &op) {
  ValueRange control;
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    control = op.getOperands().take_front(3);
  else if (isa<scf::IfOp, scf::IndexSwitchOp>(op))
    control = op.getOperands().take_front(1);
  for (Value v : control)
    if (!ex.get(v)->isExact()) {
      setUnbounded(ex, op);
      break;
    }
  return success();
}

} // namespace

LogicalResult mlir::tile::interp::propagateBounds(Executor &ex, Operation &op) {
  if (op.getNumResults() == 0 ||
      isa<LoadOp, DescLoadOp, AtomicRMWOp, AtomicCASOp>(op))
    return success(); // memory ops bound what they touch as they run
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return boundReduce(ex, reduce);
  if (auto scan = dyn_cast<ScanOp>(op))
    return boundScan(ex, scan);
  if (auto dot = dyn_cast<DotOp>(op))
    return boundDot(ex, dot);
  if (op.getNumRegions() != 0)
    return boundControlFlow(ex, op);
  if (isElementwise(op))
    return boundElementwise(ex, op);
  if (!anyBounded(ex, op))
    return success();
  if (isDataMovement(op))
    return boundDataMovement(ex, op);
  setUnbounded(ex, op);
  return success();
}
