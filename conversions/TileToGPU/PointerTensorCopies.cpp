//===- PointerTensorCopies.cpp - Pointer blocks read as tensor copies -----===//
//
// A kernel written as Triton users write one reads a block of a matrix
// through a pointer tile, base + rows * ld + columns, masked where rows or
// columns leave the matrix, and moves the pointers along K every iteration.
// That load reads what a descriptor load of the matrix [rows bound, columns
// bound] with strides [ld, 1] at (first row, first column) reads, the
// padding included, so where the descriptor load would be a tensor copy
// (isTensorCopyCandidate: an operand of a warpgroup product in a loop) it
// becomes one, and the kernel gets what the descriptor form gets: TMA
// copies, a stage ring, a producer warp.
//
// The proof is algebra over the kernel's integers: offsets, the mask's
// comparisons and the pointers' increments per iteration are polynomials
// whose variables are scalars (arguments, program ids, the loop's induction
// variable, any other scalar as an opaque value) and the block's indices.
// The load is rewritten only where
//   * offset(i, j) = (row0 + i) * ld + (column0 + j), ld an argument or a
//     constant, the columns contiguous;
//   * the mask is exactly row0 + i < rows and column0 + j < columns (a
//     dimension the block spans whole may go unmasked), rows and columns
//     arguments or constants, so that padding and mask agree element for
//     element; masked-off elements read zero (`other` absent or 0);
//   * row0 and column0 are provably not negative (a negative coordinate is
//     padding to the tensor copy, memory to the pointer load).
// What is left of the offset, plane * stride (a head of a packed
// [heads, rows, columns] array: bh * seq_len * 128), is a third, leading
// dimension the block has extent 1 in: unmasked, so its extent is the
// largest a size can be (every plane the pointers could reach is in
// bounds), its stride an argument times a constant.
// Like the pointer arithmetic it replaces, the algebra assumes that no
// offset wraps around its integer type.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <map>
#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

namespace {

/// One product of variables: scalar values (by their opaque pointers) and at
/// most one index of a block (`indexVariable`), sorted.
using Monomial = SmallVector<const void *, 2>;

/// Index `axis` of the block, as a variable that no Value's pointer equals.
const void *indexVariable(unsigned axis) {
  return reinterpret_cast<const void *>(uintptr_t(axis + 1));
}
std::optional<unsigned> asIndexVariable(const void *variable) {
  uintptr_t raw = reinterpret_cast<uintptr_t>(variable);
  if (raw == 0 || raw > 16)
    return std::nullopt;
  return unsigned(raw - 1);
}

/// An integer polynomial; std::nullopt stands for "not one" (an operation
/// the algebra does not model, or an overflowing coefficient).
struct Polynomial {
  std::map<Monomial, int64_t> terms;

  static Polynomial constant(int64_t value) {
    Polynomial p;
    if (value)
      p.terms[{}] = value;
    return p;
  }
  static Polynomial variable(const void *v) {
    Polynomial p;
    p.terms[{v}] = 1;
    return p;
  }
  bool isZero() const { return terms.empty(); }
  std::optional<int64_t> getConstant() const {
    if (terms.empty())
      return 0;
    if (terms.size() == 1 && terms.begin()->first.empty())
      return terms.begin()->second;
    return std::nullopt;
  }
  bool operator==(const Polynomial &other) const {
    return terms == other.terms;
  }
};
using MaybePolynomial = std::optional<Polynomial>;

/// Adds `factor` * `coefficient` * `monomial` to `p`; false on overflow.
bool accumulate(Polynomial &p, const Monomial &monomial, int64_t coefficient,
                int64_t factor) {
  std::optional<int64_t> scaled = llvm::checkedMul(coefficient, factor);
  std::optional<int64_t> total =
      scaled ? llvm::checkedAdd(p.terms[monomial], *scaled) : std::nullopt;
  if (!total)
    return false;
  if (*total)
    p.terms[monomial] = *total;
  else
    p.terms.erase(monomial);
  return true;
}

MaybePolynomial add(const Polynomial &a, const Polynomial &b,
                    int64_t sign = 1) {
  Polynomial sum = a;
  for (auto &[monomial, coefficient] : b.terms)
    if (!accumulate(sum, monomial, coefficient, sign))
      return std::nullopt;
  return sum;
}

MaybePolynomial multiply(const Polynomial &a, const Polynomial &b) {
  Polynomial product;
  for (auto &[ma, ca] : a.terms)
    for (auto &[mb, cb] : b.terms) {
      Monomial m(ma);
      m.append(mb.begin(), mb.end());
      llvm::sort(m);
      if (!accumulate(product, m, ca, cb))
        return std::nullopt;
    }
  return product;
}

/// `p` / `divisor` where every term divides exactly; the divisor a nonzero
/// constant or one variable.
MaybePolynomial divideExactly(const Polynomial &p, const Polynomial &divisor) {
  Polynomial quotient;
  if (std::optional<int64_t> c = divisor.getConstant()) {
    if (*c == 0)
      return std::nullopt;
    for (auto &[m, coefficient] : p.terms) {
      if (coefficient % *c != 0)
        return std::nullopt;
      quotient.terms[m] = coefficient / *c;
    }
    return quotient;
  }
  if (divisor.terms.size() != 1 || divisor.terms.begin()->first.size() != 1 ||
      divisor.terms.begin()->second != 1)
    return std::nullopt;
  const void *v = divisor.terms.begin()->first.front();
  for (auto &[m, coefficient] : p.terms) {
    auto *it = llvm::find(m, v);
    if (it == m.end())
      return std::nullopt;
    Monomial rest(m);
    rest.erase(rest.begin() + (it - m.begin()));
    quotient.terms[rest] = coefficient;
  }
  return quotient;
}

/// The terms of `p` that contain index variable `axis`, divided by it.
/// std::nullopt if a term holds it twice or with another index.
MaybePolynomial coefficientOfIndex(const Polynomial &p, unsigned axis) {
  Polynomial result;
  for (auto &[m, coefficient] : p.terms) {
    unsigned mine = 0, others = 0;
    for (const void *v : m) {
      std::optional<unsigned> index = asIndexVariable(v);
      if (index)
        (*index == axis ? mine : others) += 1;
    }
    if (!mine)
      continue;
    if (mine > 1 || others)
      return std::nullopt;
    Monomial rest;
    for (const void *v : m)
      if (v != indexVariable(axis))
        rest.push_back(v);
    result.terms[rest] = coefficient;
  }
  return result;
}

/// The terms of `p` without index variables.
Polynomial withoutIndices(const Polynomial &p) {
  Polynomial result;
  for (auto &[m, coefficient] : p.terms)
    if (llvm::none_of(m, [](const void *v) { return asIndexVariable(v); }))
      result.terms[m] = coefficient;
  return result;
}

/// `p` with the index variables of a tile's axes renumbered as
/// `tile.expand_dims` at `axis` does.
Polynomial insertAxis(const Polynomial &p, unsigned axis) {
  Polynomial result;
  for (auto &[m, coefficient] : p.terms) {
    Monomial renamed;
    for (const void *v : m) {
      std::optional<unsigned> index = asIndexVariable(v);
      renamed.push_back(index && *index >= axis ? indexVariable(*index + 1)
                                                : v);
    }
    llvm::sort(renamed);
    result.terms[renamed] = coefficient;
  }
  return result;
}

Value asValue(const void *variable) {
  return Value::getFromOpaquePointer(variable);
}

/// A pointer as its base (an argument of the kernel) plus an offset in
/// elements.
struct PointerForm {
  BlockArgument base;
  Polynomial offset;
};

/// The kernel's integers and pointers as polynomials; a condition `p < 0`
/// per comparison of a mask.
class OffsetAlgebra {
public:
  OffsetAlgebra(FuncOp kernel, scf::ForOp loop) : kernel(kernel), loop(loop) {}

  MaybePolynomial integer(Value value) {
    auto it = integers.find(value);
    if (it != integers.end())
      return it->second;
    MaybePolynomial result = computeInteger(value);
    integers[value] = result;
    return result;
  }

  std::optional<PointerForm> pointer(Value value);

  /// The conditions `p < 0` whose conjunction `mask` is; false if it is not
  /// such a conjunction.
  bool conditions(Value mask, SmallVectorImpl<Polynomial> &out);

  /// Whether every value of `p` is at least 0.
  bool isNonNegative(const Polynomial &p) {
    for (auto &[m, coefficient] : p.terms) {
      if (coefficient < 0)
        return false;
      for (const void *v : m)
        if (!asIndexVariable(v) && !isNonNegative(asValue(v), 0))
          return false;
    }
    return true;
  }

private:
  MaybePolynomial computeInteger(Value value);
  bool isNonNegative(Value value, unsigned depth);

  FuncOp kernel;
  scf::ForOp loop;
  DenseMap<Value, MaybePolynomial> integers;
  DenseMap<Value, std::optional<PointerForm>> pointers;
  SmallVector<Value> order; ///< pointers' keys in the order they were added
};

MaybePolynomial OffsetAlgebra::computeInteger(Value value) {
  Type type = value.getType();
  bool scalar = !isa<ShapedType>(type);
  if (!getElementTypeOrSelf(type).isSignlessInteger() ||
      getElementTypeOrSelf(type).isInteger(1))
    return std::nullopt;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (constant.getSignificantBits() > 63)
      return std::nullopt;
    return Polynomial::constant(constant.getSExtValue());
  }
  Operation *op = value.getDefiningOp();
  auto binary = [&](Value lhs, Value rhs, int kind) -> MaybePolynomial {
    MaybePolynomial a = integer(lhs), b = integer(rhs);
    if (!a || !b)
      return std::nullopt;
    return kind == 0   ? add(*a, *b)
           : kind == 1 ? add(*a, *b, -1)
                       : multiply(*a, *b);
  };
  if (auto addi = dyn_cast_or_null<arith::AddIOp>(op))
    return binary(addi.getLhs(), addi.getRhs(), 0);
  if (auto subi = dyn_cast_or_null<arith::SubIOp>(op))
    return binary(subi.getLhs(), subi.getRhs(), 1);
  if (auto muli = dyn_cast_or_null<arith::MulIOp>(op))
    return binary(muli.getLhs(), muli.getRhs(), 2);
  if (auto ext = dyn_cast_or_null<arith::ExtSIOp>(op))
    return integer(ext.getIn());
  if (scalar) {
    // The loop's induction variable and every other scalar: a variable.
    return Polynomial::variable(value.getAsOpaquePointer());
  }
  if (auto range = dyn_cast_or_null<RangeOp>(op)) {
    Polynomial p = Polynomial::constant(range.getStart());
    if (range.getEnd() - range.getStart() > 1)
      return add(p, Polynomial::variable(indexVariable(0)));
    return p;
  }
  if (auto splat = dyn_cast_or_null<SplatOp>(op))
    return integer(splat.getSrc());
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(op)) {
    MaybePolynomial source = integer(expand.getSrc());
    if (!source)
      return std::nullopt;
    return insertAxis(*source, expand.getAxis());
  }
  if (auto broadcast = dyn_cast_or_null<BroadcastOp>(op))
    return integer(broadcast.getSrc()); // broadcast axes had extent 1
  return std::nullopt;
}

std::optional<PointerForm> OffsetAlgebra::pointer(Value value) {
  auto it = pointers.find(value);
  if (it != pointers.end())
    return it->second;
  // A cycle through the loop's pointers ends here as "not one" until its
  // recurrence is solved below.
  pointers[value] = std::nullopt;
  order.push_back(value);
  std::optional<PointerForm> result;
  Operation *op = value.getDefiningOp();
  auto arg = dyn_cast<BlockArgument>(value);
  if (arg && arg.getOwner() == &kernel.getBody().front()) {
    result = PointerForm{arg, Polynomial()};
  } else if (auto splat = dyn_cast_or_null<SplatOp>(op)) {
    result = pointer(splat.getSrc());
  } else if (auto addptr = dyn_cast_or_null<AddPtrOp>(op)) {
    std::optional<PointerForm> from = pointer(addptr.getPtr());
    MaybePolynomial offset = integer(addptr.getOffset());
    MaybePolynomial sum =
        from && offset ? add(from->offset, *offset) : std::nullopt;
    if (sum)
      result = PointerForm{from->base, *sum};
  } else if (auto expand = dyn_cast_or_null<ExpandDimsOp>(op)) {
    if (std::optional<PointerForm> from = pointer(expand.getSrc()))
      result =
          PointerForm{from->base, insertAxis(from->offset, expand.getAxis())};
  } else if (auto broadcast = dyn_cast_or_null<BroadcastOp>(op)) {
    result = pointer(broadcast.getSrc());
  } else if (arg && loop && arg.getOwner() == loop.getBody() &&
             arg.getArgNumber() > 0) {
    // A pointer the loop carries: p = init + n * delta in iteration n, when
    // each iteration adds the same delta (defined outside the loop). With
    // the induction variable iv = lb + n * step, that is
    // init + (iv - lb) * (delta / step).
    unsigned index = arg.getArgNumber() - 1;
    std::optional<PointerForm> init = pointer(loop.getInitArgs()[index]);
    // The next pointer in terms of this one, a variable of its own.
    // What is derived from that variable is forgotten once the recurrence
    // is solved: the variable stands for a pointer, not an offset.
    pointers[value] =
        PointerForm{init ? init->base : BlockArgument(),
                    Polynomial::variable(value.getAsOpaquePointer())};
    size_t known = order.size();
    std::optional<PointerForm> next =
        pointer(loop.getBody()->getTerminator()->getOperand(index));
    for (Value derived : ArrayRef(order).drop_front(known))
      pointers.erase(derived);
    order.resize(known);
    pointers[value] = std::nullopt;
    MaybePolynomial delta =
        init && next && next->base == init->base
            ? add(next->offset,
                  Polynomial::variable(value.getAsOpaquePointer()), -1)
            : std::nullopt;
    bool invariant = delta && llvm::all_of(delta->terms, [&](auto &term) {
                       return llvm::all_of(term.first, [&](const void *v) {
                         return !asIndexVariable(v) &&
                                asValue(v).getParentRegion()->isProperAncestor(
                                    &loop.getRegion());
                       });
                     });
    MaybePolynomial step = integer(loop.getStep());
    MaybePolynomial lower = integer(loop.getLowerBound());
    MaybePolynomial perStep =
        invariant && step ? divideExactly(*delta, *step) : std::nullopt;
    MaybePolynomial travelled =
        perStep && lower ? add(Polynomial::variable(
                                   loop.getInductionVar().getAsOpaquePointer()),
                               *lower, -1)
                         : std::nullopt;
    MaybePolynomial moved =
        travelled ? multiply(*travelled, *perStep) : std::nullopt;
    MaybePolynomial offset = moved ? add(init->offset, *moved) : std::nullopt;
    if (offset)
      result = PointerForm{init->base, *offset};
  }
  pointers[value] = result;
  return result;
}

bool OffsetAlgebra::conditions(Value mask, SmallVectorImpl<Polynomial> &out) {
  Operation *op = mask.getDefiningOp();
  if (matchPattern(mask, m_One()))
    return true;
  if (auto andi = dyn_cast_or_null<arith::AndIOp>(op))
    return conditions(andi.getLhs(), out) && conditions(andi.getRhs(), out);
  if (auto broadcast = dyn_cast_or_null<BroadcastOp>(op))
    return conditions(broadcast.getSrc(), out);
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(op)) {
    SmallVector<Polynomial> inner;
    if (!conditions(expand.getSrc(), inner))
      return false;
    for (Polynomial &p : inner)
      out.push_back(insertAxis(p, expand.getAxis()));
    return true;
  }
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(op);
  if (!cmp)
    return false;
  MaybePolynomial lhs = integer(cmp.getLhs()), rhs = integer(cmp.getRhs());
  if (!lhs || !rhs)
    return false;
  MaybePolynomial p;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt: // lhs - rhs < 0
    p = add(*lhs, *rhs, -1);
    break;
  case arith::CmpIPredicate::sle: // lhs - rhs - 1 < 0
    p = add(*lhs, *rhs, -1);
    p = p ? add(*p, Polynomial::constant(-1)) : p;
    break;
  case arith::CmpIPredicate::sgt:
    p = add(*rhs, *lhs, -1);
    break;
  case arith::CmpIPredicate::sge:
    p = add(*rhs, *lhs, -1);
    p = p ? add(*p, Polynomial::constant(-1)) : p;
    break;
  default:
    return false;
  }
  if (!p)
    return false;
  out.push_back(*p);
  return true;
}

bool OffsetAlgebra::isNonNegative(Value value, unsigned depth) {
  if (depth > 8)
    return false;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return !constant.isNegative();
  // An induction variable (of this loop, or of a loop around it: a
  // persistent program's loop over tiles) counting up from a bound that is
  // not negative.
  if (auto iv = dyn_cast<BlockArgument>(value))
    if (auto outer = dyn_cast<scf::ForOp>(iv.getOwner()->getParentOp());
        outer && iv == outer.getInductionVar()) {
      MaybePolynomial lower = integer(outer.getLowerBound());
      return lower && isNonNegative(*lower) &&
             isNonNegative(outer.getStep(), depth + 1);
    }
  Operation *op = value.getDefiningOp();
  if (isa_and_nonnull<ProgramIdOp, NumProgramsOp>(op))
    return true;
  auto both = [&](Operation *op) {
    return isNonNegative(op->getOperand(0), depth + 1) &&
           isNonNegative(op->getOperand(1), depth + 1);
  };
  if (isa_and_nonnull<arith::AddIOp, arith::MulIOp, arith::DivSIOp,
                      arith::RemSIOp, arith::MinSIOp, arith::CeilDivSIOp,
                      arith::FloorDivSIOp>(op))
    return both(op);
  if (isa_and_nonnull<arith::MaxSIOp, arith::MinUIOp>(op))
    return isNonNegative(op->getOperand(0), depth + 1) ||
           isNonNegative(op->getOperand(1), depth + 1);
  // Unsigned: a zero extension; a quotient or remainder at most its
  // dividend; a truncation that keeps the value (nsw: a grid's program
  // ids, tile-apply-schedule).
  if (isa_and_nonnull<arith::ExtUIOp>(op))
    return true;
  if (isa_and_nonnull<arith::DivUIOp, arith::RemUIOp>(op))
    return isNonNegative(op->getOperand(0), depth + 1);
  if (auto trunc = dyn_cast_or_null<arith::TruncIOp>(op))
    return trunc.hasNoSignedWrap() && isNonNegative(trunc.getIn(), depth + 1);
  if (auto select = dyn_cast_or_null<arith::SelectOp>(op))
    return isNonNegative(select.getTrueValue(), depth + 1) &&
           isNonNegative(select.getFalseValue(), depth + 1);
  if (auto ext = dyn_cast_or_null<arith::ExtSIOp>(op))
    return isNonNegative(ext.getIn(), depth + 1);
  return false;
}

/// A descriptor's size or stride as a tensor map can take it: an i32
/// argument of the kernel or a positive constant.
bool isTensorMapField(const Polynomial &p, FuncOp kernel) {
  if (std::optional<int64_t> c = p.getConstant())
    return *c > 0 && *c <= std::numeric_limits<int32_t>::max();
  if (p.terms.size() != 1 || p.terms.begin()->first.size() != 1 ||
      p.terms.begin()->second != 1)
    return false;
  auto arg = dyn_cast<BlockArgument>(asValue(p.terms.begin()->first.front()));
  return arg && arg.getOwner() == &kernel.getBody().front() &&
         arg.getType().isInteger(32);
}

/// A plane's stride as a tensor map can take it: a field, or an i32
/// argument times a positive constant.
bool isScaledTensorMapField(const Polynomial &p, FuncOp kernel) {
  if (isTensorMapField(p, kernel))
    return true;
  if (p.terms.size() != 1 || p.terms.begin()->first.size() != 1 ||
      p.terms.begin()->second <= 0 ||
      p.terms.begin()->second > std::numeric_limits<int32_t>::max())
    return false;
  return isTensorMapField(Polynomial::variable(p.terms.begin()->first.front()),
                          kernel);
}

/// `p` (without index variables) as start * stride: the stride the terms'
/// common coefficient, times an i32 argument of the kernel that every term
/// holds if there is one. Any such split addresses the same elements; this
/// one makes the stride a tensor map field where the offset allows.
std::optional<std::pair<Polynomial, Polynomial>>
factorPlane(const Polynomial &p, FuncOp kernel) {
  if (p.isZero())
    return std::nullopt;
  int64_t common = 0;
  for (auto &[m, coefficient] : p.terms)
    common = std::gcd(common, coefficient);
  MaybePolynomial start = divideExactly(p, Polynomial::constant(common));
  Polynomial stride = Polynomial::constant(common);
  for (const void *v : p.terms.begin()->first) {
    bool inEveryTerm = llvm::all_of(
        p.terms, [&](auto &term) { return llvm::is_contained(term.first, v); });
    if (!start || !inEveryTerm ||
        !isTensorMapField(Polynomial::variable(v), kernel))
      continue;
    start = divideExactly(*start, Polynomial::variable(v));
    stride.terms = {{{v}, common}};
    break;
  }
  if (!start)
    return std::nullopt;
  return std::make_pair(*start, stride);
}

/// Whether every variable of `p` is an i32 scalar: a coordinate then is
/// computed in i32 as the pointer arithmetic computed it, never truncated.
bool hasI32Variables(const Polynomial &p) {
  return llvm::all_of(p.terms, [](auto &term) {
    return llvm::all_of(term.first, [](const void *v) {
      return !asIndexVariable(v) && asValue(v).getType().isInteger(32);
    });
  });
}

/// `p` as arithmetic on `type` at `b`'s insertion point.
Value materialize(OpBuilder &b, Location loc, const Polynomial &p, Type type) {
  Value sum;
  for (auto &[m, coefficient] : p.terms) {
    Value term;
    for (const void *v : m) {
      Value factor = asValue(v);
      term = term ? Value(arith::MulIOp::create(b, loc, term, factor)) : factor;
    }
    if (!term || coefficient != 1) {
      Value c = arith::ConstantIntOp::create(b, loc, type, coefficient);
      term = term ? Value(arith::MulIOp::create(b, loc, term, c)) : c;
    }
    sum = sum ? Value(arith::AddIOp::create(b, loc, sum, term)) : term;
  }
  return sum ? sum : arith::ConstantIntOp::create(b, loc, type, 0);
}

/// A stride as the i64 a descriptor takes: a constant, or an i32 argument
/// (times a constant) widened first, as the tensor map computes it.
Value materializeStride(OpBuilder &b, Location loc, const Polynomial &p) {
  Type i64 = b.getI64Type();
  if (std::optional<int64_t> constant = p.getConstant())
    return arith::ConstantIntOp::create(b, loc, i64, *constant);
  auto &[monomial, coefficient] = *p.terms.begin();
  Value stride = arith::ExtSIOp::create(b, loc, i64, asValue(monomial.front()));
  if (coefficient == 1)
    return stride;
  return arith::MulIOp::create(
      b, loc, stride, arith::ConstantIntOp::create(b, loc, i64, coefficient));
}

/// What the descriptor load of a pointer load needs: per dimension its
/// first coordinate, the matrix's extent and stride.
struct MatrixAccess {
  bool transposed; ///< the load's tile is the transpose of the block
  BlockArgument base;
  Polynomial start[2], size[2], stride[2];
  /// A leading dimension of extent 1 in the block (file comment): its first
  /// coordinate and stride.
  std::optional<std::pair<Polynomial, Polynomial>> plane;
};

/// A dimension's possible first coordinates from its condition
/// `start + index - size < 0`: the condition without one argument (the
/// size).
SmallVector<Polynomial> startsFromBound(const Polynomial &startMinusSize) {
  SmallVector<Polynomial> starts;
  for (auto &[m, coefficient] : startMinusSize.terms)
    if (m.size() == 1 && coefficient == -1)
      if (MaybePolynomial s =
              add(startMinusSize, Polynomial::variable(m.front())))
        starts.push_back(*s);
  return starts;
}

/// The block `ptr` addresses (masked by `mask`, if any) as a block of a
/// matrix, or std::nullopt (file comment). `loop` is the loop whose
/// carried pointers may be solved, or null.
std::optional<MatrixAccess> matchMatrixAccess(Value ptr, Value mask,
                                              RankedTensorType type,
                                              scf::ForOp loop, FuncOp kernel) {
  if (type.getRank() != 2)
    return std::nullopt;
  OffsetAlgebra algebra(kernel, loop);
  std::optional<PointerForm> pointer = algebra.pointer(ptr);
  if (!pointer || !pointer->base)
    return std::nullopt;
  // offset = i * S0 + j * S1 + rest, the matrix's columns along the axis
  // whose stride is 1: the tile's second (a block of the matrix) or first
  // (the transpose of one, as a product's k x n operand from an n x k
  // matrix).
  MaybePolynomial strides[2] = {coefficientOfIndex(pointer->offset, 0),
                                coefficientOfIndex(pointer->offset, 1)};
  if (!strides[0] || !strides[1])
    return std::nullopt;
  bool transposed = strides[1]->getConstant() != 1;
  unsigned rowAxis = transposed ? 1 : 0, columnAxis = 1 - rowAxis;
  MaybePolynomial rowStride = strides[rowAxis];
  if (strides[columnAxis]->getConstant() != 1 ||
      !isTensorMapField(*rowStride, kernel))
    return std::nullopt;
  Polynomial rest = withoutIndices(pointer->offset);
  // Each condition p < 0 is index + (start - size) < 0 along one axis.
  SmallVector<Polynomial> conditions;
  if (mask && !algebra.conditions(mask, conditions))
    return std::nullopt;
  // By the matrix's dimension: 0 rows, 1 columns.
  std::optional<Polynomial> startMinusSize[2];
  for (const Polynomial &p : conditions) {
    std::optional<unsigned> axis;
    for (unsigned a : {0u, 1u}) {
      MaybePolynomial coefficient = coefficientOfIndex(p, a);
      if (!coefficient)
        return std::nullopt;
      if (coefficient->isZero())
        continue;
      if (axis || coefficient->getConstant() != 1)
        return std::nullopt;
      axis = a;
    }
    if (!axis)
      return std::nullopt; // a condition on no index: not a bound
    Polynomial q = withoutIndices(p);
    unsigned dim = *axis == rowAxis ? 0 : 1;
    if (startMinusSize[dim] && !(*startMinusSize[dim] == q))
      return std::nullopt;
    startMinusSize[dim] = q;
  }
  // The first row's candidates: the row condition without one argument
  // (the rows' bound), or the offset's terms holding the row stride.
  SmallVector<Polynomial> rowStarts;
  if (startMinusSize[0])
    rowStarts = startsFromBound(*startMinusSize[0]);
  if (!rowStride->getConstant()) {
    Polynomial strided;
    for (auto &[m, coefficient] : rest.terms)
      if (llvm::is_contained(m, rowStride->terms.begin()->first.front()))
        strided.terms[m] = coefficient;
    if (MaybePolynomial s = divideExactly(strided, *rowStride))
      rowStarts.push_back(*s);
  } else if (!startMinusSize[0]) {
    rowStarts.push_back(Polynomial()); // rows from 0 with a constant stride
  }
  auto extentOf = [&](unsigned dim,
                      const Polynomial &start) -> MaybePolynomial {
    if (startMinusSize[dim])
      return add(start, *startMinusSize[dim], -1);
    // Unmasked: every index in bounds, so a constant first coordinate and
    // the block's end as the extent.
    if (!start.getConstant())
      return std::nullopt;
    return Polynomial::constant(*start.getConstant() +
                                type.getDimSize(dim ? columnAxis : rowAxis));
  };
  auto acceptable = [&](const Polynomial &start) {
    return hasI32Variables(start) && algebra.isNonNegative(start);
  };
  for (const Polynomial &rowStart : rowStarts) {
    MaybePolynomial rowsFromStride = multiply(rowStart, *rowStride);
    MaybePolynomial remaining =
        rowsFromStride ? add(rest, *rowsFromStride, -1) : std::nullopt;
    MaybePolynomial rows = extentOf(0, rowStart);
    if (!remaining || !rows || !isTensorMapField(*rows, kernel) ||
        !acceptable(rowStart))
      continue;
    // The first column: all that remains (a matrix), or the part the
    // columns' bound names (or the constant part, unmasked) with the rest
    // a plane.
    SmallVector<Polynomial> columnStarts{*remaining};
    if (startMinusSize[1])
      llvm::append_range(columnStarts, startsFromBound(*startMinusSize[1]));
    else if (auto it = remaining->terms.find({}); it != remaining->terms.end())
      columnStarts.push_back(Polynomial::constant(it->second));
    else
      columnStarts.push_back(Polynomial());
    for (const Polynomial &columnStart : columnStarts) {
      MaybePolynomial columns = extentOf(1, columnStart);
      MaybePolynomial planeOffset = add(*remaining, columnStart, -1);
      if (!columns || !planeOffset || !isTensorMapField(*columns, kernel) ||
          !acceptable(columnStart))
        continue;
      MatrixAccess access;
      if (!planeOffset->isZero()) {
        access.plane = factorPlane(*planeOffset, kernel);
        if (!access.plane || !acceptable(access.plane->first) ||
            !isScaledTensorMapField(access.plane->second, kernel))
          continue;
      }
      access.transposed = transposed;
      access.base = pointer->base;
      access.start[0] = rowStart;
      access.start[1] = columnStart;
      access.size[0] = *rows;
      access.size[1] = *columns;
      access.stride[0] = *rowStride;
      access.stride[1] = Polynomial::constant(1);
      return access;
    }
  }
  return std::nullopt;
}

/// `load` as a block of a matrix whose masked-off elements read the
/// padding (zero), or std::nullopt.
std::optional<MatrixAccess> matchMatrixLoad(LoadOp load, scf::ForOp loop,
                                            FuncOp kernel) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || load.getCache() || load.getEvict() || load.getIsVolatile())
    return std::nullopt;
  if (Value other = load.getOther())
    if (!matchPattern(other, m_Zero()) &&
        !matchPattern(other, m_PosZeroFloat()))
      return std::nullopt;
  return matchMatrixAccess(load.getPtr(), load.getMask(), type, loop, kernel);
}

/// A pointer load replaced by its descriptor load (and the transpose that
/// gives the load's tile), the load kept until the rewrite is kept.
struct TensorCopy {
  LoadOp load;
  DescLoadOp copy;
  Value tile;

  void undo() {
    tile.replaceAllUsesWith(load.getResult());
    // The transpose and the reshape between, latest first.
    while (tile != copy.getResult()) {
      Operation *op = tile.getDefiningOp();
      tile = op->getOperand(0);
      op->erase();
    }
    copy.erase();
  }
};

/// The descriptor of `access` over blocks of `blockType` (with a plane,
/// [1, rows, columns] blocks of [planes, rows, columns]), made at the
/// kernel's start.
MakeDescOp makeDescriptor(FuncOp kernel, Location loc,
                          const MatrixAccess &access,
                          RankedTensorType blockType) {
  auto type = blockType;
  if (access.plane)
    type = RankedTensorType::get(
        {1, blockType.getDimSize(0), blockType.getDimSize(1)},
        blockType.getElementType());
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Type i32 = b.getI32Type();
  SmallVector<Value> sizes, strides;
  if (access.plane) {
    sizes.push_back(arith::ConstantIntOp::create(
        b, loc, i32, std::numeric_limits<int32_t>::max()));
    strides.push_back(materializeStride(b, loc, access.plane->second));
  }
  for (unsigned d : {0u, 1u}) {
    sizes.push_back(materialize(b, loc, access.size[d], i32));
    strides.push_back(materializeStride(b, loc, access.stride[d]));
  }
  return MakeDescOp::create(b, loc, TensorDescType::get(b.getContext(), type),
                            access.base, sizes, strides, PaddingAttr());
}

/// The block's coordinates in the descriptor, at `b`'s insertion point.
SmallVector<Value> blockCoordinates(OpBuilder &b, Location loc,
                                    const MatrixAccess &access) {
  SmallVector<Value> offsets;
  if (access.plane)
    offsets.push_back(materialize(b, loc, access.plane->first, b.getI32Type()));
  for (unsigned d : {0u, 1u})
    offsets.push_back(materialize(b, loc, access.start[d], b.getI32Type()));
  return offsets;
}

/// The descriptor of `access` at the kernel's start, and its load in place
/// of `load`, where it is a tensor copy; std::nullopt (and nothing in place)
/// else. What was built at the kernel's start goes with the dead code.
std::optional<TensorCopy> tryTensorCopy(LoadOp load, const MatrixAccess &access,
                                        FuncOp kernel,
                                        const GPUTargetHooks &hooks) {
  Location loc = load.getLoc();
  auto type = cast<RankedTensorType>(load.getType());
  auto blockType = type;
  if (access.transposed)
    blockType = RankedTensorType::get({type.getDimSize(1), type.getDimSize(0)},
                                      type.getElementType());
  MakeDescOp desc = makeDescriptor(kernel, loc, access, blockType);
  OpBuilder b(load);
  auto copyType = cast<TensorDescType>(desc.getType()).getBlockType();
  TensorCopy result{load,
                    DescLoadOp::create(b, loc, copyType, desc,
                                       blockCoordinates(b, loc, access)),
                    Value()};
  result.tile = result.copy.getResult();
  if (access.plane)
    result.tile = ReshapeOp::create(b, loc, blockType, result.tile);
  if (access.transposed)
    result.tile = TransOp::create(b, loc, type, result.tile,
                                  b.getDenseI32ArrayAttr({1, 0}));
  load.replaceAllUsesWith(result.tile);
  if (isTensorCopyCandidate(result.copy, hooks))
    return result;
  result.undo();
  return std::nullopt;
}

/// Whether `value` is computed from a product's result in its block (an
/// epilogue: a matrix product's accumulator, scaled, converted, ...).
bool isProductResult(Value value) {
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen{value};
  auto visit = [&](Value v) {
    if (isa<RankedTensorType>(v.getType()) && seen.insert(v).second)
      worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *op = v.getDefiningOp();
    // A loop's result: what its body yields (an accumulator).
    if (auto loop = dyn_cast_or_null<scf::ForOp>(op)) {
      visit(loop.getBody()->getTerminator()->getOperand(
          cast<OpResult>(v).getResultNumber()));
      continue;
    }
    if (!op || op->getNumRegions() != 0)
      continue;
    if (isa<DotOp>(op))
      return true;
    for (Value operand : op->getOperands())
      visit(operand);
  }
  return false;
}

/// `store` as the descriptor store of its block where that is a tensor
/// store (the block staged in shared memory, written by the TMA, clipped
/// at the matrix's bounds as the mask clips it), for a product's result:
/// the registers an epilogue frees sooner go to the next product, where
/// an elementwise kernel's coalesced stores have nothing to gain. A store
/// of the block's transpose stays. `tried` is set where a descriptor was made
/// (dead code if the store stays).
void tryTensorStore(StoreOp store, FuncOp kernel, const GPUTargetHooks &hooks,
                    bool &tried) {
  auto type = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!type || store.getCache() || store.getEvict() ||
      !isProductResult(store.getValue()))
    return;
  std::optional<MatrixAccess> access =
      matchMatrixAccess(store.getPtr(), store.getMask(), type,
                        dyn_cast<scf::ForOp>(store->getParentOp()), kernel);
  if (!access || access->transposed)
    return;
  tried = true;
  Location loc = store.getLoc();
  MakeDescOp desc = makeDescriptor(kernel, loc, *access, type);
  OpBuilder b(store);
  Value block = store.getValue();
  if (access->plane)
    block = ReshapeOp::create(
        b, loc, cast<TensorDescType>(desc.getType()).getBlockType(), block);
  auto copy = DescStoreOp::create(b, loc, desc,
                                  blockCoordinates(b, loc, *access), block);
  if (isTensorStoreCandidate(copy, hooks)) {
    store.erase();
    return;
  }
  copy.erase();
  if (block != store.getValue())
    block.getDefiningOp()->erase();
}

/// The product `load` is an operand of, through transposes and reshapes
/// used once; null if none.
DotOp productOf(LoadOp load) {
  Value value = load.getResult();
  while (value.hasOneUse() &&
         isa<TransOp, ReshapeOp>(*value.getUsers().begin()))
    value = value.getUsers().begin()->getResult(0);
  return value.hasOneUse() ? dyn_cast<DotOp>(*value.getUsers().begin())
                           : DotOp();
}

/// The loads of `dot`'s block that its operands are, through transposes and
/// reshapes.
SmallVector<LoadOp> operandLoads(DotOp dot) {
  SmallVector<LoadOp> loads;
  for (Value operand : {dot.getA(), dot.getB()}) {
    while (isa_and_nonnull<TransOp, ReshapeOp>(operand.getDefiningOp()))
      operand = operand.getDefiningOp()->getOperand(0);
    auto load = operand.getDefiningOp<LoadOp>();
    if (load && load->getBlock() == dot->getBlock())
      loads.push_back(load);
  }
  return loads;
}

/// Erases ops of `kernel` without effects whose results are unused, the
/// loops' pointers that only fed loads now gone among them.
void eraseDeadCode(FuncOp kernel, ArrayRef<scf::ForOp> loops) {
  // A loop-carried value used by nothing but its own next value: yield it
  // unchanged, and let the loop's folding drop it.
  for (scf::ForOp loop : loops) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [index, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      if (!loop.getResult(index).use_empty())
        continue;
      SmallVector<Value> worklist{arg};
      DenseSet<Value> seen{arg};
      bool onlyFeedsItself = true;
      while (!worklist.empty() && onlyFeedsItself) {
        Value v = worklist.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          if (user == yield) {
            onlyFeedsItself &= use.getOperandNumber() == index;
            continue;
          }
          if (!isPure(user) || user->getNumRegions() != 0) {
            onlyFeedsItself = false;
            break;
          }
          for (Value result : user->getResults())
            if (seen.insert(result).second)
              worklist.push_back(result);
        }
      }
      if (onlyFeedsItself)
        yield->setOperand(index, arg);
    }
  }
  bool erased = true;
  while (erased) {
    erased = false;
    kernel.walk([&](Operation *op) {
      if (op != kernel && isOpTriviallyDead(op)) {
        op->erase();
        erased = true;
      }
    });
  }
  RewritePatternSet patterns(kernel.getContext());
  scf::ForOp::getCanonicalizationPatterns(patterns, kernel.getContext());
  SmallVector<Operation *> ops(loops.begin(), loops.end());
  (void)applyOpPatternsGreedily(ops, std::move(patterns));
}

} // namespace

void mlir::tile::togpu::rewritePointerTensorCopies(
    FuncOp kernel, const GPUTargetHooks &hooks) {
  if (!hooks.hasTensorCopy())
    return;
  SmallVector<std::pair<LoadOp, DotOp>> loads;
  kernel.walk([&](LoadOp load) {
    if (isa<scf::ForOp>(load->getParentOp()))
      if (DotOp dot = productOf(load))
        loads.push_back({load, dot});
  });
  DenseMap<Operation *, TensorCopy> copies;
  bool tried = false;
  for (auto [load, dot] : loads) {
    auto loop = cast<scf::ForOp>(load->getParentOp());
    if (std::optional<MatrixAccess> access =
            matchMatrixLoad(load, loop, kernel)) {
      tried = true;
      if (std::optional<TensorCopy> copy =
              tryTensorCopy(load, *access, kernel, hooks))
        copies.try_emplace(load, *copy);
    }
  }
  // A product whose operands are both loaded copies both or neither: one
  // operand through a tensor copy and the other through pointers would be
  // read without the asynchronous copies both had before.
  SmallVector<scf::ForOp> loops;
  for (auto &entry : loads) {
    LoadOp load = entry.first;
    DotOp dot = entry.second;
    auto it = copies.find(load);
    if (it == copies.end())
      continue;
    bool whole = llvm::all_of(operandLoads(dot), [&](LoadOp operand) {
      return operand == load || copies.count(operand);
    });
    if (!whole) {
      it->second.undo();
      copies.erase(it);
      continue;
    }
    auto loop = cast<scf::ForOp>(load->getParentOp());
    if (!llvm::is_contained(loops, loop))
      loops.push_back(loop);
  }
  for (auto &[op, copy] : copies)
    copy.load.erase();
  // Blocks stored through pointers (a product's result, say) go out
  // through the TMA where their descriptor store would.
  SmallVector<StoreOp> stores;
  kernel.walk([&](StoreOp store) { stores.push_back(store); });
  for (StoreOp store : stores)
    tryTensorStore(store, kernel, hooks, tried);
  if (tried)
    eraseDeadCode(kernel, loops);
}
