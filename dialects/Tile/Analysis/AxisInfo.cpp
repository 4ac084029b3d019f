//===- AxisInfo.cpp - Contiguity, divisibility and constancy of tiles -----===//

#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

/// The largest power of two dividing `value` (capped for zero).
static int64_t highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return AxisInfo::kMaxDivisibility;
  return std::min<int64_t>(int64_t(1) << llvm::countr_zero(uint64_t(value)),
                           AxisInfo::kMaxDivisibility);
}

static int64_t capDivisibility(int64_t value) {
  return std::min(value, AxisInfo::kMaxDivisibility);
}

SmallVector<int64_t> mlir::tile::getAxisShape(Type type) {
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tile.getShape());
  return {1};
}

AxisInfo AxisInfo::getPessimistic(Type type) {
  size_t rank = getAxisShape(type).size();
  return AxisInfo(SmallVector<int64_t>(rank, 1), SmallVector<int64_t>(rank, 1),
                  SmallVector<int64_t>(rank, 1));
}

AxisInfo AxisInfo::getConstant(Type type, int64_t value) {
  SmallVector<int64_t> shape = getAxisShape(type);
  return AxisInfo(
      SmallVector<int64_t>(shape.size(), 1),
      SmallVector<int64_t>(shape.size(), highestPowerOf2Divisor(value)), shape,
      value);
}

/// The divisibility of the elements of `info` at multiples of `run` along
/// `dim`, the run starts of a result whose runs are `run` long: `info`'s own
/// run starts where `run` is a multiple of their length, else values a
/// multiple of gcd(run, contiguity) past them.
static int64_t divisibilityEvery(const AxisInfo &info, int64_t dim,
                                 int64_t run) {
  int64_t contiguity = info.getContiguity(dim);
  if (run % contiguity == 0)
    return info.getDivisibility(dim);
  return std::gcd(info.getDivisibility(dim), std::gcd(run, contiguity));
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (lhs.isUninitialized())
    return rhs;
  if (rhs.isUninitialized())
    return lhs;
  AxisInfo result = lhs;
  for (int64_t dim = 0; dim < lhs.getRank(); ++dim) {
    int64_t run = std::gcd(lhs.contiguity[dim], rhs.contiguity[dim]);
    result.contiguity[dim] = run;
    result.divisibility[dim] = std::gcd(divisibilityEvery(lhs, dim, run),
                                        divisibilityEvery(rhs, dim, run));
    result.constancy[dim] = std::gcd(lhs.constancy[dim], rhs.constancy[dim]);
  }
  if (lhs.constantValue != rhs.constantValue)
    result.constantValue = std::nullopt;
  result.nonNegative = lhs.nonNegative && rhs.nonNegative;
  return result;
}

void AxisInfo::print(raw_ostream &os) const {
  if (isUninitialized()) {
    os << "<uninitialized>";
    return;
  }
  auto printList = [&](StringRef name, ArrayRef<int64_t> values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  printList("contiguity", contiguity);
  printList(", divisibility", divisibility);
  printList(", constancy", constancy);
  if (constantValue)
    os << ", constant = " << *constantValue;
  if (nonNegative)
    os << ", non-negative";
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {
/// Builds the facts of one result from the facts of its operands.
class AxisInfoBuilder {
public:
  AxisInfoBuilder(Type resultType)
      : shape(getAxisShape(resultType)), rank(shape.size()),
        contiguity(rank, 1), divisibility(rank, 1), constancy(rank, 1) {}

  AxisInfo build(std::optional<int64_t> value = std::nullopt) {
    if (value) {
      for (int64_t dim = 0; dim < rank; ++dim) {
        constancy[dim] = shape[dim];
        divisibility[dim] = highestPowerOf2Divisor(*value);
      }
    }
    return AxisInfo(contiguity, divisibility, constancy, value, nonNegative);
  }

  SmallVector<int64_t> shape;
  int64_t rank;
  SmallVector<int64_t> contiguity, divisibility, constancy;
  bool nonNegative = false;
};

/// Divisibility that holds for every element (not only run starts) of `info`
/// along `dim`.
int64_t elementDivisibility(const AxisInfo &info, int64_t dim) {
  return info.getContiguity(dim) > 1 ? 1 : info.getDivisibility(dim);
}

/// `info` with its sign fact replaced by `nonNegative`.
AxisInfo withNonNegative(const AxisInfo &info, bool nonNegative = true) {
  return AxisInfo(SmallVector<int64_t>(info.getContiguity()),
                  SmallVector<int64_t>(info.getDivisibility()),
                  SmallVector<int64_t>(info.getConstancy()),
                  info.getConstantValue(), nonNegative);
}

std::optional<int64_t>
foldBinary(const AxisInfo &lhs, const AxisInfo &rhs,
           function_ref<std::optional<int64_t>(int64_t, int64_t)> fn) {
  if (lhs.getConstantValue() && rhs.getConstantValue())
    return fn(*lhs.getConstantValue(), *rhs.getConstantValue());
  return std::nullopt;
}

/// lhs + rhs (and pointer + offset, with `rhsScale` bytes per offset unit for
/// the divisibility).
AxisInfo visitAdd(Type type, const AxisInfo &lhs, const AxisInfo &rhs,
                  int64_t rhsScale = 1) {
  AxisInfoBuilder b(type);
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    int64_t run =
        std::max(std::gcd(lhs.getContiguity(dim), rhs.getConstancy(dim)),
                 std::gcd(lhs.getConstancy(dim), rhs.getContiguity(dim)));
    b.contiguity[dim] = run;
    b.divisibility[dim] =
        std::gcd(divisibilityEvery(lhs, dim, run),
                 capDivisibility(divisibilityEvery(rhs, dim, run) * rhsScale));
    b.constancy[dim] = std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
  }
  b.nonNegative = lhs.isNonNegative() && rhs.isNonNegative();
  std::optional<int64_t> value;
  if (rhsScale == 1)
    value = foldBinary(lhs, rhs, [](int64_t l, int64_t r) { return l + r; });
  return b.build(value);
}

AxisInfo visitSub(Type type, const AxisInfo &lhs, const AxisInfo &rhs) {
  AxisInfoBuilder b(type);
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    int64_t run = std::gcd(lhs.getContiguity(dim), rhs.getConstancy(dim));
    b.contiguity[dim] = run;
    b.divisibility[dim] = std::gcd(divisibilityEvery(lhs, dim, run),
                                   divisibilityEvery(rhs, dim, run));
    b.constancy[dim] = std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
  }
  return b.build(
      foldBinary(lhs, rhs, [](int64_t l, int64_t r) { return l - r; }));
}

AxisInfo visitMul(Type type, const AxisInfo &lhs, const AxisInfo &rhs) {
  AxisInfoBuilder b(type);
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    if (rhs.getConstantValue() == 1)
      b.contiguity[dim] = lhs.getContiguity(dim);
    else if (lhs.getConstantValue() == 1)
      b.contiguity[dim] = rhs.getContiguity(dim);
    b.divisibility[dim] = capDivisibility(elementDivisibility(lhs, dim) *
                                          elementDivisibility(rhs, dim));
    if (rhs.getConstantValue() == 1)
      b.divisibility[dim] = lhs.getDivisibility(dim);
    if (lhs.getConstantValue() == 1)
      b.divisibility[dim] = rhs.getDivisibility(dim);
    b.constancy[dim] = std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
  }
  b.nonNegative = lhs.isNonNegative() && rhs.isNonNegative();
  return b.build(
      foldBinary(lhs, rhs, [](int64_t l, int64_t r) { return l * r; }));
}

/// lhs / rhs for a positive constant rhs, rounding down (`floors`: unsigned
/// division, arithmetic shifts) or towards zero. The quotient is constant
/// over a run of dividends from a multiple of the divisor only where the
/// division rounds down: -4 / 4 is -1 but -3 / 4 is 0. Exact quotients
/// (divisibility) hold either way.
AxisInfo visitDiv(Type type, const AxisInfo &lhs, const AxisInfo &rhs,
                  bool floors) {
  AxisInfoBuilder b(type);
  std::optional<int64_t> divisor = rhs.getConstantValue();
  bool keepsRuns = floors || lhs.isNonNegative();
  b.nonNegative = lhs.isNonNegative() && rhs.isNonNegative();
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    b.constancy[dim] = std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
    if (!divisor || *divisor <= 0)
      continue;
    if (*divisor == 1) {
      b.contiguity[dim] = lhs.getContiguity(dim);
      b.divisibility[dim] = lhs.getDivisibility(dim);
      b.constancy[dim] = lhs.getConstancy(dim);
      continue;
    }
    // A run of consecutive values starting at a multiple of the divisor has
    // one quotient per `divisor` values.
    int64_t aligned = std::gcd(lhs.getDivisibility(dim), *divisor);
    if (keepsRuns)
      b.constancy[dim] =
          std::max(b.constancy[dim], std::gcd(lhs.getContiguity(dim), aligned));
    int64_t elemDiv = elementDivisibility(lhs, dim);
    if (llvm::isPowerOf2_64(*divisor) && elemDiv >= *divisor)
      b.divisibility[dim] = elemDiv / *divisor;
  }
  // Folded where every rounding agrees.
  return b.build(foldBinary(lhs, rhs, [&](int64_t l, int64_t r) {
    return r == 0 || (floors && (l < 0 || r < 0)) ? std::optional<int64_t>()
                                                  : l / r;
  }));
}

/// lhs % rhs, for a divisor that is a positive constant or, along a
/// dimension, the same over runs of the dividend (a splatted size): a run of
/// consecutive dividends starting at a multiple of something the divisor is
/// a multiple of stays consecutive, unless the remainder takes the sign of
/// negative dividends (`unsignedRem` false): -4 % 4 is 0 but -3 % 4 is -3.
AxisInfo visitRem(Type type, const AxisInfo &lhs, const AxisInfo &rhs,
                  bool unsignedRem) {
  AxisInfoBuilder b(type);
  std::optional<int64_t> divisor = rhs.getConstantValue();
  bool keepsRuns = unsignedRem || lhs.isNonNegative();
  // A signed remainder takes the dividend's sign; an unsigned one is below
  // both operands.
  b.nonNegative = lhs.isNonNegative() || (unsignedRem && rhs.isNonNegative());
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    b.constancy[dim] = std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim));
    if (divisor && *divisor <= 0)
      continue;
    int64_t multipleOf = divisor ? *divisor : rhs.getDivisibility(dim);
    int64_t aligned = std::gcd(lhs.getDivisibility(dim), multipleOf);
    if (keepsRuns)
      b.contiguity[dim] = std::gcd(lhs.getContiguity(dim), aligned);
    if (!divisor)
      b.contiguity[dim] = std::gcd(b.contiguity[dim], rhs.getConstancy(dim));
    b.divisibility[dim] =
        std::gcd(divisibilityEvery(lhs, dim, b.contiguity[dim]),
                 highestPowerOf2Divisor(multipleOf));
  }
  return b.build(foldBinary(lhs, rhs, [&](int64_t l, int64_t r) {
    return r == 0 || (unsignedRem && (l < 0 || r < 0))
               ? std::optional<int64_t>()
               : l % r;
  }));
}

/// Zero extension of `src` from `width` bits: non-negative, and a run through
/// -1 and 0 breaks there. That happens at a multiple of the run's
/// divisibility from its start, so runs no longer than the divisibility stay
/// whole.
AxisInfo visitZeroExtend(const AxisInfo &src, unsigned width) {
  SmallVector<int64_t> contiguity(src.getContiguity());
  if (!src.isNonNegative())
    for (int64_t dim = 0; dim < src.getRank(); ++dim)
      contiguity[dim] = std::min(contiguity[dim], src.getDivisibility(dim));
  std::optional<int64_t> value = src.getConstantValue();
  if (value && width < 64)
    value = *value & ((int64_t(1) << width) - 1);
  return AxisInfo(contiguity, SmallVector<int64_t>(src.getDivisibility()),
                  SmallVector<int64_t>(src.getConstancy()), value,
                  /*nonNegative=*/true);
}

/// Ops whose result is equal wherever all operands are equal, and about which
/// nothing else is known.
AxisInfo visitElementwise(Type type, ArrayRef<const AxisInfo *> operands) {
  AxisInfoBuilder b(type);
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    int64_t constancy = b.shape[dim];
    for (const AxisInfo *operand : operands)
      constancy = std::gcd(constancy, operand->getConstancy(dim));
    b.constancy[dim] = constancy;
  }
  return b.build();
}

AxisInfo visitCmp(arith::CmpIOp op, const AxisInfo &lhs, const AxisInfo &rhs) {
  AxisInfo result = visitElementwise(op.getType(), {&lhs, &rhs});
  using Pred = arith::CmpIPredicate;
  Pred pred = op.getPredicate();
  if (pred == Pred::eq || pred == Pred::ne) {
    // True is all ones, as constants of i1 read (sign-extended).
    if (auto value = foldBinary(lhs, rhs, [&](int64_t l, int64_t r) {
          return (l == r) == (pred == Pred::eq) ? int64_t(-1) : int64_t(0);
        }))
      return AxisInfo::getConstant(op.getType(), *value);
    return result;
  }
  // A contiguous run compared with a value constant over it changes outcome
  // at most once: where the run reaches the value, at a multiple of the gcd
  // of both divisibilities, for `ramp < bound` and `ramp >= bound` (and
  // their unsigned forms, whose other change, from -1 to 0, lies at such a
  // multiple too); `ramp <= bound` and `ramp > bound` change one further
  // on, at no known multiple.
  bool rampLeft = pred == Pred::slt || pred == Pred::sge || pred == Pred::ult ||
                  pred == Pred::uge;
  AxisInfoBuilder b(op.getType());
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    const AxisInfo &ramp = rampLeft ? lhs : rhs;
    const AxisInfo &bound = rampLeft ? rhs : lhs;
    int64_t run = std::gcd(ramp.getContiguity(dim), bound.getConstancy(dim));
    run = std::gcd(
        run, std::gcd(ramp.getDivisibility(dim), bound.getDivisibility(dim)));
    b.constancy[dim] = std::max(result.getConstancy(dim), run);
  }
  return b.build();
}

AxisInfo visitSelect(Type type, const AxisInfo &cond, const AxisInfo &lhs,
                     const AxisInfo &rhs) {
  AxisInfoBuilder b(type);
  for (int64_t dim = 0; dim < b.rank; ++dim) {
    int64_t condRun =
        cond.getRank() == b.rank ? cond.getConstancy(dim) : b.shape[dim];
    int64_t run = std::gcd(
        condRun, std::gcd(lhs.getContiguity(dim), rhs.getContiguity(dim)));
    b.contiguity[dim] = run;
    b.divisibility[dim] = std::gcd(divisibilityEvery(lhs, dim, run),
                                   divisibilityEvery(rhs, dim, run));
    b.constancy[dim] = std::gcd(
        condRun, std::gcd(lhs.getConstancy(dim), rhs.getConstancy(dim)));
  }
  b.nonNegative = lhs.isNonNegative() && rhs.isNonNegative();
  std::optional<int64_t> value;
  if (cond.getConstantValue())
    value = *cond.getConstantValue() ? lhs.getConstantValue()
                                     : rhs.getConstantValue();
  return b.build(value);
}

AxisInfo visitConstant(arith::ConstantOp op) {
  Type type = op.getType();
  if (auto intAttr = dyn_cast<IntegerAttr>(op.getValue()))
    return AxisInfo::getConstant(type, intAttr.getValue().getSExtValue());
  auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue());
  if (!dense)
    return AxisInfo::getPessimistic(type);
  if (dense.isSplat())
    return AxisInfo::getConstant(type,
                                 dense.getSplatValue<APInt>().getSExtValue());
  // A non-uniform constant: only the divisibility and signs of its values.
  int64_t divisibility = AxisInfo::kMaxDivisibility;
  AxisInfoBuilder b(type);
  b.nonNegative = true;
  for (const APInt &value : dense.getValues<APInt>()) {
    divisibility =
        std::gcd(divisibility, highestPowerOf2Divisor(value.getSExtValue()));
    b.nonNegative &= !value.isNegative();
  }
  b.divisibility.assign(b.rank, divisibility);
  return b.build();
}

/// Whether `info` is one value everywhere on a tile of `shape`.
bool isUniform(const AxisInfo &info, ArrayRef<int64_t> shape) {
  return info.getConstancy() == shape;
}

int64_t minDivisibility(const AxisInfo &info) {
  int64_t divisibility = AxisInfo::kMaxDivisibility;
  for (int64_t dim = 0; dim < info.getRank(); ++dim)
    divisibility = std::gcd(divisibility, info.getDivisibility(dim));
  return divisibility;
}

/// Shape ops about which only uniformity carries over.
AxisInfo visitReshapeLike(Type type, Value src, const AxisInfo &info) {
  if (!isUniform(info, getAxisShape(src.getType())))
    return AxisInfo::getPessimistic(type);
  AxisInfoBuilder b(type);
  b.constancy = b.shape;
  b.divisibility.assign(b.rank, minDivisibility(info));
  b.nonNegative = info.isNonNegative();
  return b.build(info.getConstantValue());
}

std::optional<AxisInfo> computeAxisInfo(Operation *op, ArrayRef<AxisInfo> in) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  Type type = op->getResult(0).getType();
  auto operand = [&](unsigned i) -> const AxisInfo & { return in[i]; };
  return TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([&](arith::ConstantOp constant) { return visitConstant(constant); })
      .Case([&](RangeOp range) {
        AxisInfoBuilder b(type);
        b.contiguity[0] = b.shape[0];
        b.divisibility[0] = highestPowerOf2Divisor(range.getStart());
        b.nonNegative = range.getStart() >= 0;
        return b.build();
      })
      .Case<ProgramIdOp, NumProgramsOp>([&](auto) {
        AxisInfoBuilder b(type);
        b.nonNegative = true;
        return b.build();
      })
      .Case([&](SplatOp) {
        AxisInfoBuilder b(type);
        b.constancy = b.shape;
        b.divisibility.assign(b.rank, operand(0).getDivisibility(0));
        b.nonNegative = operand(0).isNonNegative();
        return b.build(operand(0).getConstantValue());
      })
      .Case([&](BroadcastOp broadcast) {
        AxisInfo src = operand(0);
        ArrayRef<int64_t> srcShape = broadcast.getSrc().getType().getShape();
        AxisInfoBuilder b(type);
        for (int64_t dim = 0; dim < b.rank; ++dim) {
          bool expanded = srcShape[dim] == 1 && b.shape[dim] != 1;
          b.contiguity[dim] = expanded ? 1 : src.getContiguity(dim);
          b.divisibility[dim] = src.getDivisibility(dim);
          b.constancy[dim] = expanded ? b.shape[dim] : src.getConstancy(dim);
        }
        b.nonNegative = src.isNonNegative();
        return b.build(src.getConstantValue());
      })
      .Case([&](ExpandDimsOp expand) {
        const AxisInfo &src = operand(0);
        SmallVector<int64_t> contiguity(src.getContiguity()),
            divisibility(src.getDivisibility()), constancy(src.getConstancy());
        // Along a dimension of size one every element starts a run, so the
        // divisibility is the one every element has.
        int64_t everyElement = AxisInfo::kMaxDivisibility;
        for (int64_t dim = 0; dim < src.getRank(); ++dim)
          everyElement = std::min(everyElement, elementDivisibility(src, dim));
        int64_t axis = expand.getAxis();
        contiguity.insert(contiguity.begin() + axis, 1);
        divisibility.insert(divisibility.begin() + axis, everyElement);
        constancy.insert(constancy.begin() + axis, 1);
        return AxisInfo(contiguity, divisibility, constancy,
                        src.getConstantValue(), src.isNonNegative());
      })
      .Case([&](TransOp trans) {
        const AxisInfo &src = operand(0);
        SmallVector<int64_t> contiguity, divisibility, constancy;
        for (int32_t dim : trans.getOrder()) {
          contiguity.push_back(src.getContiguity(dim));
          divisibility.push_back(src.getDivisibility(dim));
          constancy.push_back(src.getConstancy(dim));
        }
        return AxisInfo(contiguity, divisibility, constancy,
                        src.getConstantValue(), src.isNonNegative());
      })
      .Case<ReshapeOp, BitcastOp>([&](auto shapeOp) {
        return visitReshapeLike(type, shapeOp.getSrc(), operand(0));
      })
      .Case([&](AddPtrOp addPtr) {
        int64_t elementBytes = getElementByteSize(
            cast<PointerType>(getElementTypeOrSelf(type)).getPointeeType());
        return visitAdd(type, operand(0), operand(1), elementBytes);
      })
      .Case([&](IntToPtrOp) { return operand(0); })
      .Case([&](PtrToIntOp) { return operand(0); })
      .Case(
          [&](arith::AddIOp) { return visitAdd(type, operand(0), operand(1)); })
      .Case(
          [&](arith::SubIOp) { return visitSub(type, operand(0), operand(1)); })
      .Case(
          [&](arith::MulIOp) { return visitMul(type, operand(0), operand(1)); })
      .Case([&](arith::DivSIOp) {
        return visitDiv(type, operand(0), operand(1), /*floors=*/false);
      })
      .Case([&](arith::DivUIOp) {
        AxisInfo info = visitDiv(type, operand(0), operand(1), /*floors=*/true);
        // Unsigned division by more than one leaves the sign bit clear.
        std::optional<int64_t> divisor = operand(1).getConstantValue();
        if (divisor && *divisor > 1)
          return withNonNegative(info);
        return info;
      })
      .Case([&](arith::CeilDivSIOp) {
        // Not visitDiv's facts: a run of dividends from a multiple of the
        // divisor has two ceilings (4k, then 4k+1 .. 4k+3 for 4), so only
        // constancy carries over, and the fold rounds up.
        if (std::optional<int64_t> value =
                foldBinary(operand(0), operand(1),
                           [](int64_t l, int64_t r) -> std::optional<int64_t> {
                             if (r == 0 || (l == INT64_MIN && r == -1))
                               return std::nullopt;
                             return l / r + (l % r != 0 && (l < 0) == (r < 0));
                           }))
          return AxisInfo::getConstant(type, *value);
        return visitElementwise(type, {&in[0], &in[1]});
      })
      .Case([&](arith::RemSIOp) {
        return visitRem(type, operand(0), operand(1), /*unsignedRem=*/false);
      })
      .Case([&](arith::RemUIOp) {
        return visitRem(type, operand(0), operand(1), /*unsignedRem=*/true);
      })
      .Case([&](arith::ShLIOp) -> std::optional<AxisInfo> {
        std::optional<int64_t> shift = operand(1).getConstantValue();
        if (!shift || *shift < 0 || *shift >= 32)
          return visitElementwise(type, {&in[0], &in[1]});
        return visitMul(type, operand(0),
                        AxisInfo::getConstant(type, int64_t(1) << *shift));
      })
      .Case<arith::ShRUIOp, arith::ShRSIOp>(
          [&](auto shift) -> std::optional<AxisInfo> {
            std::optional<int64_t> amount = operand(1).getConstantValue();
            if (!amount || *amount < 0 || *amount >= 32)
              return visitElementwise(type, {&in[0], &in[1]});
            // Both shifts round down, as floor division by 2^amount.
            AxisInfo info =
                visitDiv(type, operand(0),
                         AxisInfo::getConstant(type, int64_t(1) << *amount),
                         /*floors=*/true);
            if (isa<arith::ShRUIOp>(shift) && *amount > 0)
              return withNonNegative(info);
            return info;
          })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp>(
          [&](auto ext) -> std::optional<AxisInfo> {
            // Index is taken as 64 bits wide: a cast from i64 or wider (or
            // from index) changes no bits and keeps the facts.
            auto from = dyn_cast<IntegerType>(
                getElementTypeOrSelf(ext.getIn().getType()));
            auto to = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
            unsigned toWidth = to ? to.getWidth() : 64;
            if (!from || from.getWidth() >= toWidth)
              return operand(0);
            return visitZeroExtend(operand(0), from.getWidth());
          })
      .Case<arith::ExtSIOp, arith::IndexCastOp>(
          [&](auto) { return operand(0); })
      .Case([&](arith::TruncIOp trunc) {
        // Like the other facts, signs assume offsets do not overflow 32
        // bits; narrower integers (i1 true is -1) keep no sign.
        unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
        if (std::optional<int64_t> value = operand(0).getConstantValue())
          return AxisInfo::getConstant(type, llvm::SignExtend64(*value, width));
        return width >= 32 ? operand(0) : withNonNegative(operand(0), false);
      })
      .Case([&](arith::CmpIOp cmp) {
        return visitCmp(cmp, operand(0), operand(1));
      })
      .Case([&](arith::SelectOp) {
        return visitSelect(type, operand(0), operand(1), operand(2));
      })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::MaxSIOp,
            arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>([&](auto bitOp) {
        AxisInfo info = visitElementwise(type, {&in[0], &in[1]});
        bool lhs = in[0].isNonNegative(), rhs = in[1].isNonNegative();
        // The sign bit of the result is that of either operand (and, signed
        // max, unsigned min) or needs both clear (or, xor, signed min,
        // unsigned max).
        bool either = isa<arith::AndIOp, arith::MaxSIOp, arith::MinUIOp>(
            bitOp.getOperation());
        if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
                bitOp.getOperation()))
          return withNonNegative(info, either ? lhs || rhs : lhs && rhs);
        // A maximum or minimum is one of its operands, element by element.
        AxisInfoBuilder b(type);
        b.constancy.assign(info.getConstancy().begin(),
                           info.getConstancy().end());
        for (int64_t dim = 0; dim < b.rank; ++dim)
          b.divisibility[dim] = std::gcd(elementDivisibility(in[0], dim),
                                         elementDivisibility(in[1], dim));
        b.nonNegative = either ? lhs || rhs : lhs && rhs;
        return b.build(foldBinary(in[0], in[1], [&](int64_t l, int64_t r) {
          if (isa<arith::MaxSIOp>(bitOp.getOperation()))
            return std::optional<int64_t>(std::max(l, r));
          if (isa<arith::MinSIOp>(bitOp.getOperation()))
            return std::optional<int64_t>(std::min(l, r));
          return std::optional<int64_t>();
        }));
      })
      .Default(
          [&](Operation *) -> std::optional<AxisInfo> { return std::nullopt; });
}
} // namespace

//===----------------------------------------------------------------------===//
// AxisInfoDataFlow
//===----------------------------------------------------------------------===//

/// Whether the analysis tracks values of `type`: integers, pointers, and
/// tiles of them.
static bool isTracked(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<IntegerType, IndexType, PointerType>(element);
}

/// `info` strengthened by the value hints on `op` (tile.divisibility,
/// tile.contiguity, tile.constancy; verified by the dialect): each is a
/// front end's promise, so the larger of the proven and the promised fact
/// holds.
static AxisInfo applyValueHints(Operation *op, const AxisInfo &info) {
  auto hint = [&](StringRef name) {
    return op->getAttrOfType<DenseI64ArrayAttr>(name);
  };
  DenseI64ArrayAttr divisibility = hint(TileDialect::getDivisibilityAttrName());
  DenseI64ArrayAttr contiguity = hint(TileDialect::getContiguityAttrName());
  DenseI64ArrayAttr constancy = hint(TileDialect::getConstancyAttrName());
  if ((!divisibility && !contiguity && !constancy) || info.getConstantValue())
    return info;
  SmallVector<int64_t> cont(info.getContiguity()), div(info.getDivisibility()),
      cons(info.getConstancy());
  for (int64_t dim = 0, rank = info.getRank(); dim < rank; ++dim) {
    if (divisibility)
      div[dim] = capDivisibility(std::max(div[dim], divisibility[dim]));
    if (contiguity)
      cont[dim] = std::max(cont[dim], contiguity[dim]);
    if (constancy)
      cons[dim] = std::max(cons[dim], constancy[dim]);
  }
  return AxisInfo(cont, div, cons, std::nullopt, info.isNonNegative());
}

LogicalResult
AxisInfoDataFlow::visitOperation(Operation *op,
                                 ArrayRef<const AxisInfoLattice *> operands,
                                 ArrayRef<AxisInfoLattice *> results) {
  SmallVector<AxisInfo> in;
  for (auto [value, lattice] : llvm::zip(op->getOperands(), operands)) {
    // Operands of untracked types (floats) carry only a rank.
    if (!isTracked(value.getType()) || lattice->getValue().isUninitialized())
      in.push_back(AxisInfo::getPessimistic(value.getType()));
    else
      in.push_back(lattice->getValue());
  }
  // Wait for every tracked operand to be reached before concluding anything.
  for (auto [value, lattice] : llvm::zip(op->getOperands(), operands))
    if (isTracked(value.getType()) && lattice->getValue().isUninitialized())
      return success();

  std::optional<AxisInfo> result = computeAxisInfo(op, in);
  for (AxisInfoLattice *lattice : results) {
    Type type = lattice->getAnchor().getType();
    AxisInfo info = result ? *result : AxisInfo::getPessimistic(type);
    if (results.size() == 1)
      info = applyValueHints(op, info);
    propagateIfChanged(lattice, lattice->join(info));
  }
  return success();
}

void AxisInfoDataFlow::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<AxisInfoLattice *> argLattices, unsigned firstIndex) {
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  std::optional<Value> iv = loop ? loop.getSingleInductionVar() : std::nullopt;
  std::optional<OpFoldResult> lb =
      loop ? loop.getSingleLowerBound() : std::nullopt;
  std::optional<OpFoldResult> step = loop ? loop.getSingleStep() : std::nullopt;
  if (!iv || !lb || !step) {
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
    return;
  }
  // The induction variable lb + i * step is divisible by what divides both,
  // and non-negative from a non-negative lower bound (steps are positive).
  Block *body = iv->getParentBlock();
  auto factsOf = [&](OpFoldResult bound) -> std::optional<AxisInfo> {
    if (auto attr = dyn_cast<Attribute>(bound)) {
      auto value = dyn_cast<IntegerAttr>(attr);
      return value ? AxisInfo::getConstant(iv->getType(), value.getInt())
                   : AxisInfo::getPessimistic(iv->getType());
    }
    const AxisInfo &info =
        getLatticeElementFor(getProgramPointBefore(body), cast<Value>(bound))
            ->getValue();
    if (info.isUninitialized())
      return std::nullopt;
    return info;
  };
  std::optional<AxisInfo> lbInfo = factsOf(*lb);
  std::optional<AxisInfo> stepInfo = factsOf(*step);
  // Wait until both bounds are known; joining a guess now would stick.
  if (lbInfo && stepInfo) {
    AxisInfoLattice *ivLattice = getLatticeElement(*iv);
    AxisInfo info(
        {1},
        {std::gcd(lbInfo->getDivisibility(0), stepInfo->getDivisibility(0))},
        {1}, std::nullopt, lbInfo->isNonNegative());
    propagateIfChanged(ivLattice, ivLattice->join(info));
  }
}

void AxisInfoDataFlow::setToEntryState(AxisInfoLattice *lattice) {
  Value value = lattice->getAnchor();
  AxisInfo info = AxisInfo::getPessimistic(value.getType());
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto func = dyn_cast<FuncOp>(arg.getOwner()->getParentOp());
    if (func && arg.getOwner()->isEntryBlock()) {
      if (auto divisibility = func.getArgAttrOfType<IntegerAttr>(
              arg.getArgNumber(), TileDialect::getDivisibilityAttrName()))
        info = AxisInfo({1}, {capDivisibility(divisibility.getInt())}, {1});
    }
  }
  propagateIfChanged(lattice, lattice->join(info));
}

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

void mlir::tile::dropValueHints(Operation *root) {
  StringRef names[] = {TileDialect::getDivisibilityAttrName(),
                       TileDialect::getContiguityAttrName(),
                       TileDialect::getConstancyAttrName()};
  root->walk([&](Operation *op) {
    for (StringRef name : names)
      op->removeAttr(name);
  });
}

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root) : status(success()) {
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoDataFlow>();
  status = solver.initializeAndRun(root);
}

AxisInfo AxisInfoAnalysis::getAxisInfo(Value value) const {
  const auto *lattice = solver.lookupState<AxisInfoLattice>(value);
  if (failed(status) || !lattice || lattice->getValue().isUninitialized())
    return AxisInfo::getPessimistic(value.getType());
  return lattice->getValue();
}

std::optional<AxisInfo>
AxisInfoAnalysis::getAxisInfoIfNonNegative(Operation *op) const {
  SmallVector<AxisInfo> in;
  for (Value operand : op->getOperands()) {
    AxisInfo info = getAxisInfo(operand);
    in.push_back(isa<IntegerType, IndexType>(getElementTypeOrSelf(operand))
                     ? withNonNegative(info)
                     : info);
  }
  return computeAxisInfo(op, in);
}

int64_t AxisInfoAnalysis::getContiguousElements(Value ptr) const {
  AxisInfo info = getAxisInfo(ptr);
  int64_t last = info.getRank() - 1;
  int64_t elementBytes = getElementByteSize(
      cast<PointerType>(getElementTypeOrSelf(ptr.getType())).getPointeeType());
  // A run is usable as one vector only as far as its start is aligned.
  int64_t alignedElements =
      std::max<int64_t>(1, info.getDivisibility(last) / elementBytes);
  return std::max<int64_t>(1,
                           std::min(info.getContiguity(last), alignedElements));
}

int64_t AxisInfoAnalysis::getAlignmentBytes(Value ptr,
                                            std::optional<unsigned> dim) const {
  AxisInfo info = getAxisInfo(ptr);
  return info.getDivisibility(dim.value_or(info.getRank() - 1));
}

int64_t AxisInfoAnalysis::getMaskConstancy(Value mask,
                                           std::optional<unsigned> dim) const {
  AxisInfo info = getAxisInfo(mask);
  return info.getConstancy(dim.value_or(info.getRank() - 1));
}
