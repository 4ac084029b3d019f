//===- Data.h - tile-run's host data: element types, fills, checks -*- C++
//-*-===//
//
// The element types of tile-run's buffers, the fills that make their initial
// contents (zero, constants, deterministic random numbers, iota, files,
// poison) and the elementwise comparison behind --expect. Buffers are raw
// little-endian bytes; floats narrower than f32 are converted here with
// round-to-nearest-even, never through the host's own half types.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_DATA_H
#define TILE_TOOLS_TILE_RUN_DATA_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mlir::tile {
namespace run {

enum class DType { F32, F64, F16, BF16, F8E4M3, F8E5M2, I8, I16, I32, I64, U8 };

bool parseDType(std::string_view name, DType &out);
const char *dtypeName(DType type);
size_t dtypeSize(DType type);
bool isFloat(DType type);

/// Bits of \p value rounded to nearest-even in a float format of 16 bits or
/// fewer (F16, BF16, F8E4M3, F8E5M2). F8E4M3 is the "FN" variant: no
/// infinities, overflow gives NaN.
uint16_t encodeSmallFloat(DType type, double value);

/// Writes \p value as one element of float type \p type to \p dst.
void encodeFloat(DType type, double value, void *dst);
/// Writes \p value (already in range) as one element of integer type \p type.
void encodeInt(DType type, int64_t value, void *dst);
/// The element at \p src, exactly widened.
double decodeFloat(DType type, const void *src);
int64_t decodeInt(DType type, const void *src);

/// Parses a decimal (or 0x hexadecimal) integer, the whole string.
bool parseInt(std::string_view text, int64_t &out);
/// Parses a float (strtod syntax, "nan" and "inf" included), the whole string.
bool parseFloat(std::string_view text, double &out);
/// The range of integer type \p type.
void intRange(DType type, int64_t &min, int64_t &max);

/// How a buffer's initial contents are made.
struct Fill {
  enum Kind { Zero, Const, Rand, Iota, File, Poison } kind = Zero;
  std::string text;  ///< Const: the value; File: the path
  uint64_t seed = 0; ///< Rand
  bool hasSeed = false;
};

/// Parses the fill part of a buffer spec ("zero", "const=2", "rand=7", ...).
bool parseFill(std::string_view text, Fill &out, std::string &error);

/// Makes \p count elements of \p type as \p fill says. A Rand fill without a
/// seed uses \p defaultSeed.
bool makeData(DType type, size_t count, const Fill &fill, uint64_t defaultSeed,
              std::vector<unsigned char> &out, std::string &error);

/// The outcome of comparing a buffer with expected contents.
struct Comparison {
  size_t mismatches = 0;
  double maxAbsError = 0, maxRelError = 0;
  std::vector<std::string> firstMismatches; ///< "[i] got A, expected B"
};

/// Compares \p count elements: floats pass when |a-b| <= atol + rtol*|b| or
/// both are NaN or equal, integers when equal.
Comparison compare(DType type, const unsigned char *actual,
                   const unsigned char *expected, size_t count, double atol,
                   double rtol, size_t maxReported);

/// Reads a whole file as bytes, refusing one of more than \p maxBytes (a
/// regular file by its size, without reading it; anything else, /dev/zero or
/// a pipe, after at most 64 KiB past maxBytes) with an error that starts with
/// "has " ("has 400 bytes", "has more than 40 bytes").
bool readFile(const std::string &path, std::vector<unsigned char> &out,
              std::string &error, size_t maxBytes);
bool writeFile(const std::string &path, const unsigned char *data, size_t size,
               std::string &error);

} // namespace run
} // namespace mlir::tile

#endif // TILE_TOOLS_TILE_RUN_DATA_H
