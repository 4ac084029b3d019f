//===- Numerics.h - Float formats, exact rounding, Philox ------*- C++ -*-===//
//
// The number formats of docs/Semantics.md section 2 and the roundings of
// sections 5-8, written out with integer arithmetic so that the reference
// interpreter gives the same bits on every host: no host half types, no
// dependence on the floating-point environment beyond round-to-nearest f64.
// tile-check uses the same formats to measure errors in ulps.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_INTERPRETER_NUMERICS_H
#define TILE_DIALECTS_TILE_INTERPRETER_NUMERICS_H

#include <cstdint>

namespace mlir {
class Type;
} // namespace mlir

namespace mlir::tile::interp {

/// A binary floating-point format with an implicit leading bit.
struct FloatFormat {
  const char *name;
  int expBits, manBits;
  /// No infinities; the only NaN is all ones in exponent and mantissa
  /// (f8E4M3FN).
  bool finiteOnly;

  int bits() const { return 1 + expBits + manBits; }
  int bias() const { return (1 << (expBits - 1)) - 1; }
  /// The smallest normal exponent.
  int minExponent() const { return 1 - bias(); }
  /// The largest finite exponent.
  int maxExponent() const {
    return finiteOnly ? (1 << expBits) - 1 - bias()
                      : (1 << expBits) - 2 - bias();
  }
  /// Machine epsilon 2^(1-p), p = manBits + 1.
  double epsilon() const;
  double maxFinite() const;
  /// The smallest positive subnormal.
  double minSubnormal() const;
};

extern const FloatFormat kF16, kBF16, kF32, kF64, kF8E4M3FN, kF8E5M2;

/// The format of a float type, or null for any other type.
const FloatFormat *getFloatFormat(Type type);

enum class Rounding { NearestEven, TowardZero };

/// What a finite value beyond the largest finite magnitude (and, when
/// saturating, an infinity) becomes.
enum class Overflow {
  /// IEEE: infinity when rounding to nearest (NaN in formats without one),
  /// the largest finite value when rounding toward zero.
  Ieee,
  /// The largest finite value of the sign, for infinities too (f8
  /// conversions of tile.fp_to_fp).
  Saturate
};

/// The bits of \p value rounded to \p format. NaNs keep their sign and as
/// much of their payload as fits (a payload that does not fit becomes the
/// quiet bit); in f8E4M3FN every NaN is S.1111.111.
uint64_t encodeFloat(double value, const FloatFormat &format,
                     Rounding rounding = Rounding::NearestEven,
                     Overflow overflow = Overflow::Ieee);

/// The bits of the integer \p value (signed or not) rounded to \p format, in
/// one rounding (no detour through f64 for 64-bit integers).
uint64_t encodeInteger(uint64_t magnitude, bool negative,
                       const FloatFormat &format,
                       Rounding rounding = Rounding::NearestEven);

/// The exact value of \p bits in \p format. NaN payloads move to the top of
/// the f64 mantissa so that encodeFloat gives the same bits back.
double decodeFloat(uint64_t bits, const FloatFormat &format);

/// \p value rounded to \p format (encodeFloat then decodeFloat).
double roundToFormat(double value, const FloatFormat &format,
                     Rounding rounding = Rounding::NearestEven,
                     Overflow overflow = Overflow::Ieee);

/// The result of an f32 (or narrower) arithmetic op computed in f64, as
/// docs/Semantics.md section 8 defines it: rounded to f32, then to the
/// element's format. Exact for f64.
double roundResult(double value, const FloatFormat &format);

/// fma(a, b, c) correctly rounded to f32, for f32 operands: the product is
/// exact in f64 and the sum's rounding error is carried to break ties.
double fmaF32(double a, double b, double c);

/// ulp(y) as docs/Semantics.md section 6 defines it:
/// 2^(max(floor(log2 |y|), e_min) - p + 1).
double ulpOf(double y, const FloatFormat &format);

/// IEEE-754 totalOrder key of a float's bits: a signed integer that orders
/// -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
int64_t totalOrderKey(uint64_t bits, const FloatFormat &format);

/// Philox 4x32-10 with key (seed lo, seed hi) and counter (offset lo, offset
/// hi, 0, 0), docs/Semantics.md section 3.10.
void philox4x32x10(uint64_t seed, uint64_t offset, uint32_t out[4]);

/// Neumaier's compensated sum: the rounding error of each addition is kept
/// and added back at the end, so sums of f32 terms are exact to f64 rounding.
class CompensatedSum {
public:
  /// Starts from -0, the identity of IEEE addition (-0 + +0 = +0).
  explicit CompensatedSum(double start = -0.0) : sum(start) {}
  void add(double term);
  double value() const;

private:
  double sum, compensation = 0;
  bool special = false; // an infinity or NaN was added: plain sum only
};

} // namespace mlir::tile::interp

#endif // TILE_DIALECTS_TILE_INTERPRETER_NUMERICS_H
