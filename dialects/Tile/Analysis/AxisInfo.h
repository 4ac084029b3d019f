//===- AxisInfo.h - Contiguity, divisibility and constancy of tiles -*- C++
//-*-===//
//
// A forward data-flow analysis of integer and pointer tiles (and scalars) that
// records, per dimension:
//   contiguity   - length of the runs of consecutive values (each one more
//                  than the last; for pointers, one element further on);
//   divisibility - the largest power of two dividing the first value of each
//                  such run (for pointers, the address in bytes);
//   constancy    - length of the runs of equal values;
// and, per value, whether every element is non-negative (program ids, ranges
// from a non-negative start, and sums and products of such; like the other
// facts, this assumes no offset overflows). Runs start at multiples of their
// length. Signed division and remainder keep runs only for non-negative
// dividends: they truncate towards zero, so a run of negative dividends is
// cut elsewhere than a run of positive ones. The CPU vectorizer turns a pointer
// tile whose last dimension is contiguous and aligned into vector loads; the
// GPU coalescer picks its access width from the same facts.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_ANALYSIS_AXISINFO_H
#define TILE_DIALECTS_TILE_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::tile {

class AxisInfo {
public:
  /// The largest divisibility recorded (the divisibility of zero).
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 32;

  /// An uninitialized value (nothing known yet, the identity of `join`).
  AxisInfo() = default;
  AxisInfo(SmallVector<int64_t> contiguity, SmallVector<int64_t> divisibility,
           SmallVector<int64_t> constancy,
           std::optional<int64_t> constantValue = std::nullopt,
           bool nonNegative = false)
      : contiguity(std::move(contiguity)),
        divisibility(std::move(divisibility)), constancy(std::move(constancy)),
        constantValue(constantValue),
        nonNegative(nonNegative || (constantValue && *constantValue >= 0)) {}

  /// What is known of a value of `type` about which nothing is proven.
  static AxisInfo getPessimistic(Type type);
  /// A value equal everywhere to `value`.
  static AxisInfo getConstant(Type type, int64_t value);

  bool isUninitialized() const { return contiguity.empty(); }
  int64_t getRank() const { return contiguity.size(); }
  int64_t getContiguity(int64_t dim) const { return contiguity[dim]; }
  int64_t getDivisibility(int64_t dim) const { return divisibility[dim]; }
  int64_t getConstancy(int64_t dim) const { return constancy[dim]; }
  ArrayRef<int64_t> getContiguity() const { return contiguity; }
  ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  ArrayRef<int64_t> getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constantValue; }
  /// Whether every element is known to be >= 0 as a signed integer.
  bool isNonNegative() const { return nonNegative; }

  /// The facts that hold for both `lhs` and `rhs`.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue &&
           nonNegative == other.nonNegative;
  }
  void print(raw_ostream &os) const;

private:
  SmallVector<int64_t> contiguity;
  SmallVector<int64_t> divisibility;
  SmallVector<int64_t> constancy;
  std::optional<int64_t> constantValue;
  bool nonNegative = false;
};

/// The shape by which axis facts of `type` are indexed: a tile's shape, or
/// {1} for a scalar.
SmallVector<int64_t> getAxisShape(Type type);

class AxisInfoLattice : public dataflow::Lattice<AxisInfo> {
public:
  using Lattice::Lattice;
};

/// The data-flow analysis; load it into a DataFlowSolver together with
/// dataflow::DeadCodeAnalysis and dataflow::SparseConstantPropagation.
class AxisInfoDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override;
  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override;
  void setToEntryState(AxisInfoLattice *lattice) override;
};

/// Removes the value hints (tile.divisibility, tile.contiguity,
/// tile.constancy on ops) under `root`. A lowering calls it once its
/// AxisInfoAnalysis holds their facts: the ops it clones onto vectors or
/// distributed values must not carry a tile-shaped promise.
void dropValueHints(Operation *root);

/// Runs the analysis over `root` and answers queries about its values.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(Operation *root);

  /// The facts about `value`, or the pessimistic ones if it was not reached.
  AxisInfo getAxisInfo(Value value) const;

  /// The facts of `op`'s single result were its integer operands known to be
  /// non-negative (what a guard on their signs would prove), or nullopt for
  /// an op the analysis does not model.
  std::optional<AxisInfo> getAxisInfoIfNonNegative(Operation *op) const;
  /// How many consecutive elements of the last dimension of pointer tile
  /// `ptr` are adjacent in memory and start `alignBytes`-aligned, given the
  /// facts known; 1 when nothing is known.
  int64_t getContiguousElements(Value ptr) const;
  /// The alignment in bytes of each run of `getContiguousElements(ptr)`,
  /// or of the runs along dimension `dim` when given.
  int64_t getAlignmentBytes(Value ptr,
                            std::optional<unsigned> dim = std::nullopt) const;
  /// How many consecutive elements of the last dimension (or of `dim`) of
  /// an i1 `mask` tile are known to be equal.
  int64_t getMaskConstancy(Value mask,
                           std::optional<unsigned> dim = std::nullopt) const;

private:
  DataFlowSolver solver;
  LogicalResult status;
};

} // namespace mlir::tile

#endif // TILE_DIALECTS_TILE_ANALYSIS_AXISINFO_H
