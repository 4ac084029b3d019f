//===- Compare.h - Tolerances and buffer comparison for tile-check -*- C++
//-*-===//
//
// docs/Semantics.md section 10 made executable: an output is compared with
// the reference either bit for bit (the exact class: integers, and float
// outputs of kernels made only of exact-class ops) or within a tolerance;
// NaN and infinities must match in kind either way.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_CHECK_COMPARE_H
#define TILE_TOOLS_TILE_CHECK_COMPARE_H

#include "tile-run/Data.h"

#include <cstddef>
#include <string>
#include <vector>

namespace mlir::tile {
namespace check {

struct Tolerance {
  enum Kind {
    Exact,         ///< the same bits; NaN matches NaN of any payload
    Ulp,           ///< |got - ref| <= value * ulp(ref) in the output's type
    RelativeToMax, ///< |got - ref| <= value * max |ref| over the output
    Absolute,      ///< |got - ref| <= value
    /// Element i within the bound the reference's running error analysis
    /// gives it (docs/Semantics.md 10.1); the same bits where that bound is
    /// 0, and `value` times max |ref| where the analysis has none (an
    /// integer: the same value).
    Bounded,
  } kind = Exact;
  double value = 0;

  /// "exact", "ulp:2", "rtol:1.5e-05" or "abs:0.001".
  std::string str() const;
  /// Parses what str() prints.
  static bool parse(const std::string &text, Tolerance &out,
                    std::string &error);
  /// Section 10's default for an output of \p type: exact for integers and
  /// for kernels of exact-class ops only, else bounded element by element,
  /// falling back to rtol 2^-40 (f64), 2^-16 (f32), 2^-8 (f16), 2^-5
  /// (bf16) or 2^-2 (f8) times max |ref| where no bound is known.
  static Tolerance defaultFor(run::DType type, bool exactKernel);
};

struct BufferComparison {
  size_t elements = 0, mismatches = 0;
  double maxAbs = 0, maxRel = 0, maxUlp = 0;
  /// "[i] got A, reference B", for the first few mismatches.
  std::vector<std::string> firstMismatches;
  size_t firstMismatch = 0; ///< index of the first, when mismatches > 0
  /// Bounded: elements without a bound, compared normwise instead.
  size_t unbounded = 0;
  /// Bounded: the element nearest its bound (error / bound largest).
  size_t worstIndex = 0;
  double worstError = 0, worstBound = 0;
  bool hasWorst = false;
};

/// Compares \p count elements of \p type: \p got against \p ref.
/// With a Bounded tolerance, \p bounds gives each element's bound (null:
/// all 0).
BufferComparison compareBuffer(run::DType type, const unsigned char *got,
                               const unsigned char *ref, size_t count,
                               const Tolerance &tolerance, size_t maxReported,
                               const double *bounds = nullptr);

/// One element as the table prints it ("nan", "-0", "1.5", "0x7f").
std::string formatElement(run::DType type, const unsigned char *element);

/// The error of \p got against \p ref in units in the last place of
/// \p type at \p ref (docs/Semantics.md section 6); 0 for integers.
double ulpError(run::DType type, double got, double ref);

} // namespace check
} // namespace mlir::tile

#endif // TILE_TOOLS_TILE_CHECK_COMPARE_H
