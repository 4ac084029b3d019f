//===- Data.cpp - tile-run's host data: element types, fills, checks ------===//
//
// Random fills use splitmix64 so that a seed gives the same bytes on every
// machine and compiler; conversions to narrow floats are done by hand with
// explicit rounding for the same reason.
//
//===----------------------------------------------------------------------===//

#include "tile-run/Data.h"

#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sys/stat.h>

using namespace mlir::tile::run;

namespace {

struct DTypeInfo {
  DType type;
  const char *name;
  size_t size;
  bool isFloat;
};

constexpr DTypeInfo kDTypes[] = {
    {DType::F32, "f32", 4, true},       {DType::F64, "f64", 8, true},
    {DType::F16, "f16", 2, true},       {DType::BF16, "bf16", 2, true},
    {DType::F8E4M3, "f8e4m3", 1, true}, {DType::F8E5M2, "f8e5m2", 1, true},
    {DType::I8, "i8", 1, false},        {DType::I16, "i16", 2, false},
    {DType::I32, "i32", 4, false},      {DType::I64, "i64", 8, false},
    {DType::U8, "u8", 1, false},
};

const DTypeInfo &info(DType type) {
  for (const DTypeInfo &i : kDTypes)
    if (i.type == type)
      return i;
  return kDTypes[0];
}

// A binary floating-point format with an implicit leading bit.
struct FloatFormat {
  int expBits, manBits;
  bool finiteOnly; // no infinities; only all-ones exponent and mantissa is NaN
};

FloatFormat formatOf(DType type) {
  switch (type) {
  case DType::F16:
    return {5, 10, false};
  case DType::BF16:
    return {8, 7, false};
  case DType::F8E4M3:
    return {4, 3, true};
  case DType::F8E5M2:
    return {5, 2, false};
  default:
    return {8, 23, false};
  }
}

uint32_t encodeFormat(double v, FloatFormat f) {
  const int bias = (1 << (f.expBits - 1)) - 1;
  const uint32_t signBit = 1u << (f.expBits + f.manBits);
  const uint32_t maxExp = (1u << f.expBits) - 1;
  const uint32_t manMask = (1u << f.manBits) - 1;
  const uint32_t nan = f.finiteOnly
                           ? (maxExp << f.manBits) | manMask
                           : (maxExp << f.manBits) | (1u << (f.manBits - 1));
  if (std::isnan(v))
    return nan;
  const uint32_t sign = std::signbit(v) ? signBit : 0;
  const uint32_t overflow = sign | (f.finiteOnly ? nan : maxExp << f.manBits);
  double a = std::fabs(v);
  if (std::isinf(a))
    return overflow;
  if (a == 0)
    return sign;
  int e;
  std::frexp(a, &e);
  int exponent = e - 1; // a = 1.m * 2^exponent
  const int minExponent = 1 - bias;
  if (exponent < minExponent)
    exponent = minExponent; // subnormal: the quantum stays 2^(min - manBits)
  // Scale so that one unit in the last place is 1, then round to even (the
  // default rounding mode of nearbyint).
  double scaled = std::nearbyint(std::ldexp(a, f.manBits - exponent));
  uint64_t m = static_cast<uint64_t>(scaled);
  if (m >> (f.manBits + 1)) { // rounding carried into the next binade
    m >>= 1;
    ++exponent;
  }
  uint32_t expField, manField;
  if (m >> f.manBits) {
    expField = static_cast<uint32_t>(exponent + bias);
    manField = static_cast<uint32_t>(m) & manMask;
  } else {
    expField = 0;
    manField = static_cast<uint32_t>(m);
  }
  if (f.finiteOnly
          ? expField > maxExp || (expField == maxExp && manField == manMask)
          : expField >= maxExp)
    return overflow;
  return sign | (expField << f.manBits) | manField;
}

double decodeFormat(uint32_t bits, FloatFormat f) {
  const int bias = (1 << (f.expBits - 1)) - 1;
  const uint32_t maxExp = (1u << f.expBits) - 1;
  const uint32_t manMask = (1u << f.manBits) - 1;
  bool negative = (bits >> (f.expBits + f.manBits)) & 1;
  uint32_t expField = (bits >> f.manBits) & maxExp;
  uint32_t man = bits & manMask;
  double value;
  if (expField == maxExp && !f.finiteOnly)
    value = man ? NAN : INFINITY;
  else if (expField == maxExp && man == manMask)
    value = NAN;
  else if (expField == 0)
    value = std::ldexp(double(man), 1 - bias - f.manBits);
  else
    value = std::ldexp(double(man | (1u << f.manBits)),
                       int(expField) - bias - f.manBits);
  return negative ? -value : value;
}

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool fail(std::string &error, std::string message) {
  error = std::move(message);
  return false;
}

std::string formatValue(DType type, const unsigned char *p) {
  char text[64];
  if (isFloat(type) && std::isnan(decodeFloat(type, p)))
    return "nan"; // whatever its sign and payload
  if (isFloat(type))
    std::snprintf(text, sizeof(text), type == DType::F64 ? "%.17g" : "%.9g",
                  decodeFloat(type, p));
  else
    std::snprintf(text, sizeof(text), "%lld",
                  static_cast<long long>(decodeInt(type, p)));
  return text;
}

} // namespace

bool mlir::tile::run::parseDType(std::string_view name, DType &out) {
  for (const DTypeInfo &i : kDTypes)
    if (name == i.name) {
      out = i.type;
      return true;
    }
  return false;
}

const char *mlir::tile::run::dtypeName(DType type) { return info(type).name; }
size_t mlir::tile::run::dtypeSize(DType type) { return info(type).size; }
bool mlir::tile::run::isFloat(DType type) { return info(type).isFloat; }

uint16_t mlir::tile::run::encodeSmallFloat(DType type, double value) {
  return static_cast<uint16_t>(encodeFormat(value, formatOf(type)));
}

void mlir::tile::run::encodeFloat(DType type, double value, void *dst) {
  if (type == DType::F64) {
    std::memcpy(dst, &value, 8);
  } else if (type == DType::F32) {
    // The hand-rolled path also rounds finite values beyond FLT_MAX, which a
    // plain cast leaves undefined.
    uint32_t bits = encodeFormat(value, formatOf(DType::F32));
    std::memcpy(dst, &bits, 4);
  } else if (dtypeSize(type) == 2) {
    uint16_t bits = encodeSmallFloat(type, value);
    std::memcpy(dst, &bits, 2);
  } else {
    *static_cast<unsigned char *>(dst) =
        static_cast<unsigned char>(encodeSmallFloat(type, value));
  }
}

void mlir::tile::run::encodeInt(DType type, int64_t value, void *dst) {
  uint64_t bits = static_cast<uint64_t>(value);
  // Little-endian hosts only (as is the artifact format).
  std::memcpy(dst, &bits, dtypeSize(type));
}

double mlir::tile::run::decodeFloat(DType type, const void *src) {
  if (type == DType::F64) {
    double v;
    std::memcpy(&v, src, 8);
    return v;
  }
  if (type == DType::F32) {
    float v;
    std::memcpy(&v, src, 4);
    return v;
  }
  uint32_t bits = 0;
  std::memcpy(&bits, src, dtypeSize(type));
  return decodeFormat(bits, formatOf(type));
}

int64_t mlir::tile::run::decodeInt(DType type, const void *src) {
  switch (type) {
  case DType::I8: {
    int8_t v;
    std::memcpy(&v, src, 1);
    return v;
  }
  case DType::U8:
    return *static_cast<const uint8_t *>(src);
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, src, 2);
    return v;
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, src, 4);
    return v;
  }
  default: {
    int64_t v;
    std::memcpy(&v, src, 8);
    return v;
  }
  }
}

bool mlir::tile::run::parseInt(std::string_view text, int64_t &out) {
  std::string s(text);
  if (s.empty() || std::isspace(static_cast<unsigned char>(s[0])))
    return false;
  bool negative = s[0] == '-';
  size_t digits = negative || s[0] == '+' ? 1 : 0;
  bool hex = s.compare(digits, 2, "0x") == 0 || s.compare(digits, 2, "0X") == 0;
  errno = 0;
  char *end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, hex ? 16 : 10);
  if (errno != 0 || end == s.c_str() || *end != '\0')
    return false;
  out = v;
  return true;
}

bool mlir::tile::run::parseFloat(std::string_view text, double &out) {
  std::string s(text);
  if (s.empty() || std::isspace(static_cast<unsigned char>(s[0])))
    return false;
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  // ERANGE on underflow still yields the nearest value; only overflow fails.
  if (end == s.c_str() || *end != '\0' || (errno == ERANGE && std::isinf(v)))
    return false;
  out = v;
  return true;
}

void mlir::tile::run::intRange(DType type, int64_t &min, int64_t &max) {
  switch (type) {
  case DType::I8:
    min = INT8_MIN, max = INT8_MAX;
    return;
  case DType::U8:
    min = 0, max = UINT8_MAX;
    return;
  case DType::I16:
    min = INT16_MIN, max = INT16_MAX;
    return;
  case DType::I32:
    min = INT32_MIN, max = INT32_MAX;
    return;
  default:
    min = INT64_MIN, max = INT64_MAX;
    return;
  }
}

bool mlir::tile::run::parseFill(std::string_view text, Fill &out,
                                std::string &error) {
  out = Fill();
  size_t eq = text.find('=');
  std::string_view name = text.substr(0, eq);
  std::string_view value =
      eq == std::string_view::npos ? std::string_view() : text.substr(eq + 1);
  bool hasValue = eq != std::string_view::npos;
  auto noValue = [&](Fill::Kind kind) {
    if (hasValue)
      return fail(error, "fill '" + std::string(name) + "' takes no value");
    out.kind = kind;
    return true;
  };
  if (name == "zero")
    return noValue(Fill::Zero);
  if (name == "iota")
    return noValue(Fill::Iota);
  if (name == "poison")
    return noValue(Fill::Poison);
  if (name == "const" || name == "file") {
    if (value.empty())
      return fail(error, "fill '" + std::string(name) + "' needs a value (" +
                             std::string(name) + "=...)");
    out.kind = name == "const" ? Fill::Const : Fill::File;
    out.text = std::string(value);
    return true;
  }
  if (name == "rand") {
    out.kind = Fill::Rand;
    if (!hasValue)
      return true;
    int64_t seed;
    if (!parseInt(value, seed) || seed < 0)
      return fail(error, "bad rand seed '" + std::string(value) +
                             "' (expected a non-negative integer)");
    out.seed = static_cast<uint64_t>(seed);
    out.hasSeed = true;
    return true;
  }
  return fail(error, "unknown fill '" + std::string(text) +
                         "' (expected zero, const=V, rand[=SEED], iota, "
                         "file=PATH or poison)");
}

bool mlir::tile::run::makeData(DType type, size_t count, const Fill &fill,
                               uint64_t defaultSeed,
                               std::vector<unsigned char> &out,
                               std::string &error) {
  const size_t size = dtypeSize(type);
  const bool floating = isFloat(type);
  switch (fill.kind) {
  case Fill::Zero:
    out.assign(count * size, 0);
    return true;
  case Fill::Poison:
    // All-ones bytes: NaN in every float type, -1 (or the maximum) in ints.
    out.assign(count * size, 0xff);
    return true;
  case Fill::File: {
    std::string why;
    if (!readFile(fill.text, out, why, count * size)) {
      // A failed open or read names the path already; a file too long
      // says only how long.
      if (why.rfind("has ", 0) != 0)
        return fail(error, why);
      return fail(error, "file '" + fill.text + "' " + why + ", expected " +
                             std::to_string(count * size) + " (" +
                             std::to_string(count) + " " + dtypeName(type) +
                             ")");
    }
    if (out.size() != count * size)
      return fail(
          error, "file '" + fill.text + "' has " + std::to_string(out.size()) +
                     " bytes, expected " + std::to_string(count * size) + " (" +
                     std::to_string(count) + " " + dtypeName(type) + ")");
    return true;
  }
  default:
    break;
  }

  out.assign(count * size, 0);
  unsigned char *p = out.data();
  if (fill.kind == Fill::Const) {
    unsigned char element[8];
    if (floating) {
      double v;
      if (!parseFloat(fill.text, v))
        return fail(error, "bad " + std::string(dtypeName(type)) +
                               " constant '" + fill.text + "'");
      encodeFloat(type, v, element);
    } else {
      int64_t v, min, max;
      intRange(type, min, max);
      if (!parseInt(fill.text, v) || v < min || v > max)
        return fail(error, "bad " + std::string(dtypeName(type)) +
                               " constant '" + fill.text + "' (range " +
                               std::to_string(min) + ".." +
                               std::to_string(max) + ")");
      encodeInt(type, v, element);
    }
    for (size_t i = 0; i < count; ++i)
      std::memcpy(p + i * size, element, size);
    return true;
  }
  if (fill.kind == Fill::Iota) {
    // Integers wrap modulo 2^bits; floats round like any conversion.
    for (size_t i = 0; i < count; ++i) {
      if (floating)
        encodeFloat(type, static_cast<double>(i), p + i * size);
      else
        encodeInt(type, static_cast<int64_t>(i), p + i * size);
    }
    return true;
  }
  // Rand: floats uniform in [-1, 1) from the top 53 bits, integers in
  // [0, 100).
  uint64_t state = fill.hasSeed ? fill.seed : defaultSeed;
  for (size_t i = 0; i < count; ++i) {
    uint64_t r = splitmix64(state);
    if (floating)
      encodeFloat(type, std::ldexp(double(r >> 11), -52) - 1.0, p + i * size);
    else
      encodeInt(type, static_cast<int64_t>(r % 100), p + i * size);
  }
  return true;
}

Comparison mlir::tile::run::compare(DType type, const unsigned char *actual,
                                    const unsigned char *expected, size_t count,
                                    double atol, double rtol,
                                    size_t maxReported) {
  Comparison c;
  const size_t size = dtypeSize(type);
  const bool floating = isFloat(type);
  for (size_t i = 0; i < count; ++i) {
    const unsigned char *pa = actual + i * size, *pb = expected + i * size;
    double absError, relError;
    bool same;
    if (floating) {
      double a = decodeFloat(type, pa), b = decodeFloat(type, pb);
      if ((std::isnan(a) && std::isnan(b)) || a == b) {
        absError = relError = 0;
        same = true;
      } else {
        absError = std::fabs(a - b);
        if (std::isnan(absError))
          absError = INFINITY; // NaN against a number
        relError = b != 0 ? absError / std::fabs(b) : INFINITY;
        same = absError <= atol + rtol * std::fabs(b);
      }
    } else {
      int64_t a = decodeInt(type, pa), b = decodeInt(type, pb);
      same = a == b;
      absError = std::fabs(double(a) - double(b));
      relError = same ? 0 : b != 0 ? absError / std::fabs(double(b)) : INFINITY;
    }
    c.maxAbsError = std::fmax(c.maxAbsError, absError);
    c.maxRelError = std::fmax(c.maxRelError, relError);
    if (same)
      continue;
    if (c.mismatches++ < maxReported)
      c.firstMismatches.push_back("[" + std::to_string(i) + "] got " +
                                  formatValue(type, pa) + ", expected " +
                                  formatValue(type, pb));
  }
  return c;
}

bool mlir::tile::run::readFile(const std::string &path,
                               std::vector<unsigned char> &out,
                               std::string &error, size_t maxBytes) {
  out.clear();
  std::unique_ptr<FILE, int (*)(FILE *)> f(std::fopen(path.c_str(), "rb"),
                                           std::fclose);
  if (!f)
    return fail(error, "cannot open '" + path + "': " + std::strerror(errno));
  // A regular file that is too long is refused by its size, unread.
  struct stat st;
  bool regular = ::fstat(fileno(f.get()), &st) == 0 && S_ISREG(st.st_mode);
  if (regular && uint64_t(st.st_size) > maxBytes)
    return fail(error,
                "has " + std::to_string(uint64_t(st.st_size)) + " bytes");
  // Room for all of it first, so that an impossible size fails at once
  // (std::bad_alloc, for the caller to report) rather than after reading
  // /dev/zero into all of memory.
  out.reserve(regular ? size_t(st.st_size) : maxBytes);
  unsigned char chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f.get())) > 0) {
    if (n > maxBytes - out.size()) {
      out.clear();
      return fail(error,
                  "has more than " + std::to_string(maxBytes) + " bytes");
    }
    out.insert(out.end(), chunk, chunk + n);
  }
  if (std::ferror(f.get()))
    return fail(error, "cannot read '" + path + "'");
  return true;
}

bool mlir::tile::run::writeFile(const std::string &path,
                                const unsigned char *data, size_t size,
                                std::string &error) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return fail(error, "cannot create '" + path + "': " + std::strerror(errno));
  bool ok = std::fwrite(data, 1, size, f) == size;
  ok = std::fclose(f) == 0 && ok;
  if (!ok)
    return fail(error, "cannot write '" + path + "'");
  return true;
}
