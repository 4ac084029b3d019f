//===- Compare.cpp - Tolerances and buffer comparison for tile-check ------===//

#include "tile-check/Compare.h"

#include "tile/Dialect/Interpreter/Numerics.h"

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace mlir::tile;
using namespace mlir::tile::check;
using namespace mlir::tile::run;
namespace interp = mlir::tile::interp;

namespace {

const interp::FloatFormat *formatOf(DType type) {
  switch (type) {
  case DType::F32:
    return &interp::kF32;
  case DType::F64:
    return &interp::kF64;
  case DType::F16:
    return &interp::kF16;
  case DType::BF16:
    return &interp::kBF16;
  case DType::F8E4M3:
    return &interp::kF8E4M3FN;
  case DType::F8E5M2:
    return &interp::kF8E5M2;
  default:
    return nullptr;
  }
}

uint64_t rawBits(const unsigned char *p, size_t size) {
  uint64_t bits = 0;
  std::memcpy(&bits, p, size);
  return bits;
}

} // namespace

/// "2^-16" for powers of two (the defaults), "%g" otherwise.
static std::string formatBound(double value) {
  int exponent;
  char text[64];
  if (value > 0 && std::frexp(value, &exponent) == 0.5) {
    std::snprintf(text, sizeof(text), "2^%d", exponent - 1);
    return text;
  }
  std::snprintf(text, sizeof(text), "%g", value);
  return text;
}

std::string Tolerance::str() const {
  switch (kind) {
  case Exact:
    return "exact";
  case Ulp:
    return "ulp:" + formatBound(value);
  case RelativeToMax:
    return "rtol:" + formatBound(value);
  case Absolute:
    return "abs:" + formatBound(value);
  case Bounded:
    return "bounded";
  }
  return "?";
}

bool Tolerance::parse(const std::string &text, Tolerance &out,
                      std::string &error) {
  if (text == "exact") {
    out = Tolerance();
    return true;
  }
  size_t colon = text.find(':');
  std::string name = text.substr(0, colon);
  std::string number =
      colon == std::string::npos ? std::string() : text.substr(colon + 1);
  double value;
  int64_t exponent;
  bool ok = false;
  if (number.compare(0, 2, "2^") == 0 && parseInt(number.substr(2), exponent))
    value = std::ldexp(1.0, int(exponent)), ok = true;
  else
    ok = parseFloat(number, value);
  if (!ok || !(value >= 0) || std::isinf(value)) {
    error = "bad tolerance '" + text +
            "' (expected exact, ulp:N, rtol:R or abs:A, with numbers >= 0 "
            "such as 2, 1e-5 or 2^-16)";
    return false;
  }
  if (name == "ulp")
    out.kind = Ulp;
  else if (name == "rtol")
    out.kind = RelativeToMax;
  else if (name == "abs")
    out.kind = Absolute;
  else {
    error =
        "bad tolerance '" + text + "' (expected exact, ulp:N, rtol:R or abs:A)";
    return false;
  }
  out.value = value;
  return true;
}

Tolerance Tolerance::defaultFor(DType type, bool exactKernel) {
  Tolerance t;
  if (exactKernel)
    return t;
  t.kind = Bounded;
  // An integer is within its bound where the analysis gives one (a
  // conversion of a bounded float), exact elsewhere.
  if (!isFloat(type))
    return t;
  switch (type) {
  case DType::F64:
    t.value = std::ldexp(1.0, -40);
    break;
  case DType::F32:
    t.value = std::ldexp(1.0, -16);
    break;
  case DType::F16:
    t.value = std::ldexp(1.0, -8);
    break;
  case DType::BF16:
    t.value = std::ldexp(1.0, -5);
    break;
  default: // f8
    t.value = std::ldexp(1.0, -2);
    break;
  }
  return t;
}

std::string mlir::tile::check::formatElement(DType type,
                                             const unsigned char *element) {
  char text[64];
  if (isFloat(type)) {
    double v = decodeFloat(type, element);
    if (std::isnan(v))
      return "nan";
    std::snprintf(text, sizeof(text), type == DType::F64 ? "%.17g" : "%.9g", v);
  } else {
    std::snprintf(text, sizeof(text), "%lld",
                  static_cast<long long>(decodeInt(type, element)));
  }
  return text;
}

double mlir::tile::check::ulpError(DType type, double got, double ref) {
  const interp::FloatFormat *format = formatOf(type);
  if (!format)
    return 0;
  return std::fabs(got - ref) / interp::ulpOf(ref, *format);
}

BufferComparison
mlir::tile::check::compareBuffer(DType type, const unsigned char *got,
                                 const unsigned char *ref, size_t count,
                                 const Tolerance &tolerance, size_t maxReported,
                                 const double *bounds) {
  BufferComparison c;
  c.elements = count;
  const size_t size = dtypeSize(type);
  const bool floating = isFloat(type);
  const interp::FloatFormat *format = formatOf(type);

  double maxRef = 0;
  if (floating && (tolerance.kind == Tolerance::RelativeToMax ||
                   tolerance.kind == Tolerance::Bounded))
    for (size_t i = 0; i < count; ++i) {
      double r = decodeFloat(type, ref + i * size);
      if (std::isfinite(r))
        maxRef = std::fmax(maxRef, std::fabs(r));
    }

  for (size_t i = 0; i < count; ++i) {
    const unsigned char *pg = got + i * size, *pr = ref + i * size;
    bool same;
    double absError = 0, relError = 0, ulps = 0;
    if (!floating) {
      int64_t g = decodeInt(type, pg), r = decodeInt(type, pr);
      same = g == r;
      if (!same) {
        absError = std::fabs(double(g) - double(r));
        relError = r ? absError / std::fabs(double(r)) : INFINITY;
        // An integer computed from bounded floats (a conversion after a
        // contracted multiply-add) may be off by its bound; one without a
        // bound stays exact. The difference is taken in integers: doubles
        // would merge 64-bit values above 2^53.
        double bound = bounds ? bounds[i] : 0;
        uint64_t apart =
            g > r ? uint64_t(g) - uint64_t(r) : uint64_t(r) - uint64_t(g);
        same = tolerance.kind == Tolerance::Bounded && bound > 0 &&
               std::isfinite(bound) && double(apart) <= bound;
      }
    } else {
      double g = decodeFloat(type, pg), r = decodeFloat(type, pr);
      bool bothNaN = std::isnan(g) && std::isnan(r);
      double bound = bounds ? bounds[i] : 0;
      bool bounded = tolerance.kind == Tolerance::Bounded;
      if (bounded && std::isinf(bound))
        ++c.unbounded;
      if (bothNaN || rawBits(pg, size) == rawBits(pr, size)) {
        same = true;
      } else if (bounded && bound > 0 && std::isfinite(bound) &&
                 !std::isnan(g) && !std::isnan(r) &&
                 (std::isinf(g) || std::isinf(r))) {
        // Within its bound of overflow, a result may round to the infinity
        // of its sign (section 6's region rule).
        double finite = std::isinf(g) ? r : g;
        same = std::signbit(g) == std::signbit(r) &&
               std::fabs(finite) + bound >= format->maxFinite();
        absError = relError = ulps = INFINITY;
      } else if (std::isnan(g) || std::isnan(r) || std::isinf(g) ||
                 std::isinf(r)) {
        same = false; // NaN and infinities must match in kind
        absError = relError = ulps = INFINITY;
      } else {
        absError = std::fabs(g - r);
        relError = absError == 0 ? 0
                   : r != 0      ? absError / std::fabs(r)
                                 : INFINITY;
        ulps = absError / interp::ulpOf(r, *format);
        switch (tolerance.kind) {
        case Tolerance::Exact:
          same = false; // different bits (-0 and +0 included)
          break;
        case Tolerance::Ulp:
          same = ulps <= tolerance.value;
          break;
        case Tolerance::RelativeToMax:
          same = absError <= tolerance.value * maxRef;
          break;
        case Tolerance::Absolute:
          same = absError <= tolerance.value;
          break;
        case Tolerance::Bounded:
          if (std::isinf(bound)) {
            same = absError <= tolerance.value * maxRef;
          } else {
            same = bound > 0 && absError <= bound;
            double ratio = bound > 0 ? absError / bound : INFINITY;
            if (!c.hasWorst ||
                ratio > (c.worstBound > 0 ? c.worstError / c.worstBound
                                          : INFINITY)) {
              c.hasWorst = true;
              c.worstIndex = i;
              c.worstError = absError;
              c.worstBound = bound;
            }
          }
          break;
        }
      }
    }
    c.maxAbs = std::fmax(c.maxAbs, absError);
    c.maxRel = std::fmax(c.maxRel, relError);
    c.maxUlp = std::fmax(c.maxUlp, ulps);
    if (same)
      continue;
    if (c.mismatches++ == 0)
      c.firstMismatch = i;
    if (c.firstMismatches.size() < maxReported)
      c.firstMismatches.push_back("[" + std::to_string(i) + "] got " +
                                  formatElement(type, pg) + ", reference " +
                                  formatElement(type, pr));
  }
  return c;
}
