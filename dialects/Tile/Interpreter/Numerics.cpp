//===- Numerics.cpp - Float formats, exact rounding, Philox ---------------===//
//
// Every rounding goes through one routine (roundSignificand) that rounds
// sig * 2^exp to a format with integer arithmetic, so that f64 values and
// 64-bit integers are rounded once, exactly as docs/Semantics.md says, with
// no double rounding through an intermediate type.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Numerics.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::tile::interp;

const FloatFormat mlir::tile::interp::kF16 = {"f16", 5, 10, false};
const FloatFormat mlir::tile::interp::kBF16 = {"bf16", 8, 7, false};
const FloatFormat mlir::tile::interp::kF32 = {"f32", 8, 23, false};
const FloatFormat mlir::tile::interp::kF64 = {"f64", 11, 52, false};
const FloatFormat mlir::tile::interp::kF8E4M3FN = {"f8E4M3FN", 4, 3, true};
const FloatFormat mlir::tile::interp::kF8E5M2 = {"f8E5M2", 5, 2, false};

double FloatFormat::epsilon() const { return std::ldexp(1.0, -manBits); }

double FloatFormat::maxFinite() const {
  // finiteOnly formats lose the all-ones mantissa of the top binade to NaN.
  int topMantissa = finiteOnly ? (1 << manBits) - 2 : (1 << manBits) - 1;
  return std::ldexp(double((1 << manBits) + topMantissa),
                    maxExponent() - manBits);
}

double FloatFormat::minSubnormal() const {
  return std::ldexp(1.0, minExponent() - manBits);
}

const FloatFormat *mlir::tile::interp::getFloatFormat(Type type) {
  if (type.isF32())
    return &kF32;
  if (type.isF64())
    return &kF64;
  if (type.isF16())
    return &kF16;
  if (type.isBF16())
    return &kBF16;
  if (isa<Float8E4M3FNType>(type))
    return &kF8E4M3FN;
  if (isa<Float8E5M2Type>(type))
    return &kF8E5M2;
  return nullptr;
}

static uint64_t toBits(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  return bits;
}

static double fromBits(uint64_t bits) {
  double v;
  std::memcpy(&v, &bits, 8);
  return v;
}

static bool isF64(const FloatFormat &f) { return f.expBits == 11; }
static bool isF32(const FloatFormat &f) {
  return f.expBits == 8 && f.manBits == 23;
}

namespace {
struct Fields {
  uint64_t signBit, expMask, manMask;
  explicit Fields(const FloatFormat &f)
      : signBit(uint64_t(1) << (f.bits() - 1)),
        expMask((uint64_t(1) << f.expBits) - 1),
        manMask((uint64_t(1) << f.manBits) - 1) {}
};
} // namespace

static uint64_t infinityOrNaN(const FloatFormat &f) {
  Fields k(f);
  if (f.finiteOnly)
    return (k.expMask << f.manBits) | k.manMask;
  return k.expMask << f.manBits;
}

static uint64_t maxFiniteBits(const FloatFormat &f) {
  Fields k(f);
  if (f.finiteOnly)
    return (k.expMask << f.manBits) | (k.manMask - 1);
  return ((k.expMask - 1) << f.manBits) | k.manMask;
}

/// Rounds sig * 2^exp (sig > 0) to \p f and encodes it with \p sign.
static uint64_t roundSignificand(uint64_t sign, uint64_t sig, int exp,
                                 const FloatFormat &f, Rounding rounding,
                                 Overflow overflow) {
  Fields k(f);
  int msb = 63 - __builtin_clzll(sig);
  int e = exp + msb;
  // The quantum (weight of the last mantissa bit) of the result's binade;
  // below the normal range it stays that of the smallest normal binade.
  int q = std::max(e, f.minExponent()) - f.manBits;
  int shift = q - exp;
  uint64_t kept;
  if (shift <= 0) {
    kept = sig << -shift; // exact: at most manBits + 1 bits
  } else if (shift >= 127) {
    kept = 0; // below half a quantum: zero in both modes
  } else {
    unsigned __int128 wide = sig;
    kept = uint64_t(wide >> shift);
    unsigned __int128 rem = wide & ((((unsigned __int128)1) << shift) - 1);
    unsigned __int128 half = ((unsigned __int128)1) << (shift - 1);
    if (rounding == Rounding::NearestEven &&
        (rem > half || (rem == half && (kept & 1))))
      ++kept;
  }
  if (kept >> (f.manBits + 1)) { // rounding carried into the next binade
    kept >>= 1;
    ++q;
  }
  if (kept == 0)
    return sign;
  if (!(kept >> f.manBits)) // subnormal
    return sign | kept;
  int resultExp = q + f.manBits;
  uint64_t man = kept & k.manMask;
  bool overflowed =
      resultExp > f.maxExponent() ||
      (f.finiteOnly && resultExp == f.maxExponent() && man == k.manMask);
  if (overflowed) {
    if (overflow == Overflow::Saturate || rounding == Rounding::TowardZero)
      return sign | maxFiniteBits(f);
    return sign | infinityOrNaN(f);
  }
  return sign | (uint64_t(resultExp + f.bias()) << f.manBits) | man;
}

static uint64_t nanBits(uint64_t sign, uint64_t f64Mantissa,
                        const FloatFormat &f) {
  Fields k(f);
  if (f.finiteOnly)
    return sign | (k.expMask << f.manBits) | k.manMask;
  uint64_t man = f64Mantissa >> (52 - f.manBits);
  if (!man)
    man = uint64_t(1) << (f.manBits - 1); // the payload did not fit: quiet
  return sign | (k.expMask << f.manBits) | man;
}

uint64_t mlir::tile::interp::encodeFloat(double value, const FloatFormat &f,
                                         Rounding rounding, Overflow overflow) {
  uint64_t d = toBits(value);
  if (isF64(f))
    return d;
  Fields k(f);
  uint64_t sign = (d >> 63) ? k.signBit : 0;
  int dexp = int((d >> 52) & 0x7ff);
  uint64_t dman = d & ((uint64_t(1) << 52) - 1);
  if (dexp == 0x7ff) {
    if (dman)
      return nanBits(sign, dman, f);
    return sign | (overflow == Overflow::Saturate ? maxFiniteBits(f)
                                                  : infinityOrNaN(f));
  }
  if (dexp == 0) {
    if (dman == 0)
      return sign;
    return roundSignificand(sign, dman, -1074, f, rounding, overflow);
  }
  return roundSignificand(sign, dman | (uint64_t(1) << 52), dexp - 1075, f,
                          rounding, overflow);
}

uint64_t mlir::tile::interp::encodeInteger(uint64_t magnitude, bool negative,
                                           const FloatFormat &f,
                                           Rounding rounding) {
  if (magnitude == 0)
    return 0; // integers have no -0
  uint64_t sign = negative ? Fields(f).signBit : 0;
  return roundSignificand(sign, magnitude, 0, f, rounding, Overflow::Ieee);
}

double mlir::tile::interp::decodeFloat(uint64_t bits, const FloatFormat &f) {
  if (isF64(f))
    return fromBits(bits);
  Fields k(f);
  bool negative = bits & k.signBit;
  uint64_t expField = (bits >> f.manBits) & k.expMask;
  uint64_t man = bits & k.manMask;
  bool isNaN = f.finiteOnly ? expField == k.expMask && man == k.manMask
                            : expField == k.expMask && man != 0;
  if (isNaN)
    return fromBits((negative ? uint64_t(1) << 63 : 0) |
                    (uint64_t(0x7ff) << 52) | (man << (52 - f.manBits)));
  double value;
  if (!f.finiteOnly && expField == k.expMask)
    value = INFINITY;
  else if (expField == 0)
    value = std::ldexp(double(man), f.minExponent() - f.manBits);
  else
    value = std::ldexp(double(man | (uint64_t(1) << f.manBits)),
                       int(expField) - f.bias() - f.manBits);
  return negative ? -value : value;
}

double mlir::tile::interp::roundToFormat(double value, const FloatFormat &f,
                                         Rounding rounding, Overflow overflow) {
  if (isF64(f))
    return value;
  if (isF32(f) && rounding == Rounding::NearestEven &&
      overflow == Overflow::Ieee && !std::isnan(value))
    return double(float(value)); // the host rounds to nearest even
  return decodeFloat(encodeFloat(value, f, rounding, overflow), f);
}

double mlir::tile::interp::roundResult(double value, const FloatFormat &f) {
  if (isF64(f))
    return value;
  if (std::isnan(value))
    return value;
  double f32 = double(float(value));
  if (isF32(f))
    return f32;
  // Rounding to f32 first and then to the element type is what section 8
  // defines (ops computed as in f32).
  return decodeFloat(encodeFloat(f32, f), f);
}

double mlir::tile::interp::fmaF32(double a, double b, double c) {
  double p = a * b; // exact: two 24-bit significands
  double s = p + c;
  if (!std::isfinite(s))
    return double(float(s));
  double bv = s - p;
  double e = (p - (s - bv)) + (c - bv); // s + e == p + c exactly
  float r = float(s);
  if (e == 0 || double(r) == s)
    return r; // s exact, or representable so that e cannot move it
  // s lies strictly between two f32 values; only an exact tie needs e.
  float other = std::nextafter(r, s > double(r) ? INFINITY : -INFINITY);
  double mid = (double(r) + double(other)) / 2; // exact in f64
  if (s != mid)
    return r;
  bool towardOther = (e > 0) == (double(other) > double(r));
  return towardOther ? other : r;
}

double mlir::tile::interp::ulpOf(double y, const FloatFormat &f) {
  double a = std::fabs(y);
  if (!std::isfinite(a))
    a = f.maxFinite();
  int e = a == 0 ? f.minExponent() : std::ilogb(a);
  return std::ldexp(1.0, std::max(e, f.minExponent()) - f.manBits);
}

int64_t mlir::tile::interp::totalOrderKey(uint64_t bits, const FloatFormat &f) {
  Fields k(f);
  int64_t magnitude = int64_t(bits & (k.signBit - 1));
  return (bits & k.signBit) ? -magnitude - 1 : magnitude;
}

void mlir::tile::interp::philox4x32x10(uint64_t seed, uint64_t offset,
                                       uint32_t out[4]) {
  uint32_t k0 = uint32_t(seed), k1 = uint32_t(seed >> 32);
  uint32_t c0 = uint32_t(offset), c1 = uint32_t(offset >> 32), c2 = 0, c3 = 0;
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = uint64_t(0xD2511F53u) * c0;
    uint64_t p1 = uint64_t(0xCD9E8D57u) * c2;
    uint32_t n0 = uint32_t(p1 >> 32) ^ c1 ^ k0;
    uint32_t n2 = uint32_t(p0 >> 32) ^ c3 ^ k1;
    c1 = uint32_t(p1);
    c3 = uint32_t(p0);
    c0 = n0;
    c2 = n2;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
}

void CompensatedSum::add(double term) {
  if (special) {
    sum += term;
    return;
  }
  double t = sum + term;
  if (!std::isfinite(t)) {
    special = true;
    sum = t;
    return;
  }
  if (std::fabs(sum) >= std::fabs(term))
    compensation += (sum - t) + term;
  else
    compensation += (term - t) + sum;
  sum = t;
}

double CompensatedSum::value() const {
  // A zero compensation is not added, so that a sum of -0 terms stays -0.
  return special || compensation == 0 ? sum : sum + compensation;
}
