//===- artifact.cpp - The tile artifact file: reader and writer -----------===//
//
// The reader is strict: an artifact that is not exactly what the writer
// produces is rejected with a message naming the offending header line, so a
// damaged or hand-edited file never reaches the loader. Every access to the
// input is bounds-checked against the given size. A SHA-256 checksum over the
// whole file (all but its own record) catches the damage that still parses:
// a flipped byte of the payload, a chip or key changed to another valid one.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/artifact.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <set>

using namespace mlir::tile;

namespace {

struct KindName {
  ArgKind kind;
  const char *name;
};

constexpr KindName kKindNames[] = {
    {ArgKind::Ptr, "ptr"}, {ArgKind::I1, "i1"},     {ArgKind::I8, "i8"},
    {ArgKind::I16, "i16"}, {ArgKind::I32, "i32"},   {ArgKind::I64, "i64"},
    {ArgKind::F16, "f16"}, {ArgKind::BF16, "bf16"}, {ArgKind::F32, "f32"},
    {ArgKind::F64, "f64"},
};

constexpr size_t kPreambleSize = sizeof(kArtifactMagic) + 4;

bool fail(std::string &error, std::string message) {
  error = std::move(message);
  return false;
}

// Quotes \p s for a message; bytes outside printable ASCII are escaped as
// \xNN so that a damaged file cannot put control characters on a terminal.
std::string quote(std::string_view s) {
  std::string q = "'";
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f) {
      q += char(c);
      continue;
    }
    char hex[8];
    std::snprintf(hex, sizeof(hex), "\\x%02x", c);
    q += hex;
  }
  return q + "'";
}

std::string hexByte(unsigned char c) {
  char hex[8];
  std::snprintf(hex, sizeof(hex), "0x%02x", c);
  return hex;
}

//===----------------------------------------------------------------------===//
// SHA-256 (FIPS 180-4)
//===----------------------------------------------------------------------===//

// Written here so that the artifact reader needs nothing but the standard
// library. The round constants are the first 32 bits of the fractional parts
// of the cube roots of the first 64 primes, the initial state those of the
// square roots of the first 8 (computed with exact integer roots).
class Sha256 {
public:
  void update(const void *data, size_t size) {
    const unsigned char *p = static_cast<const unsigned char *>(data);
    length += size;
    while (size > 0) {
      size_t n = std::min(size, sizeof(buffer) - buffered);
      std::memcpy(buffer + buffered, p, n);
      buffered += n;
      p += n;
      size -= n;
      if (buffered == sizeof(buffer)) {
        compress(buffer);
        buffered = 0;
      }
    }
  }

  /// The digest as 64 lowercase hex digits; the object is spent afterwards.
  std::string hexDigest() {
    uint64_t bits = length * 8;
    unsigned char pad[72] = {0x80};
    size_t padSize = (buffered < 56 ? 56 : 120) - buffered;
    for (int i = 0; i < 8; ++i)
      pad[padSize + i] = static_cast<unsigned char>(bits >> (56 - 8 * i));
    update(pad, padSize + 8);
    std::string hex;
    for (uint32_t word : state) {
      char text[9];
      std::snprintf(text, sizeof(text), "%08x", unsigned(word));
      hex += text;
    }
    return hex;
  }

private:
  static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress(const unsigned char *block) {
    static const uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
        0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
        0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
        0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
        0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
        0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
        0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
        0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = uint32_t(block[4 * i]) << 24 | uint32_t(block[4 * i + 1]) << 16 |
             uint32_t(block[4 * i + 2]) << 8 | uint32_t(block[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
      uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3],
             e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; ++i) {
      uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
                    ((e & f) ^ (~e & g)) + k[i] + w[i];
      uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
                    ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    uint32_t add[8] = {a, b, c, d, e, f, g, h};
    for (int i = 0; i < 8; ++i)
      state[i] += add[i];
  }

  uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                       0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  unsigned char buffer[64];
  size_t buffered = 0;
  uint64_t length = 0;
};

// The checksum record's fixed text around the digest, and its whole length.
constexpr char kChecksumPrefix[] = "checksum sha256 ";
constexpr size_t kChecksumLineSize = sizeof(kChecksumPrefix) - 1 + 64 + 1;

// The artifact checksum: SHA-256 of the file's first \p covered bytes (the
// magic, the header size and every header record before `checksum`), then of
// the payload.
std::string artifactChecksum(const unsigned char *file, size_t covered,
                             const char *payload, size_t payloadSize) {
  Sha256 sha;
  sha.update(file, covered);
  sha.update(payload, payloadSize);
  return sha.hexDigest();
}

bool isKnownTarget(std::string_view t) {
  return t == "cpu" || t == "nvidia" || t == "amd";
}

bool isKnownFormat(std::string_view f) {
  return f == "so" || f == "cubin" || f == "ptx" || f == "hsaco";
}

// Each target has the binary formats its runtime backend can load.
bool formatBelongsToTarget(std::string_view format, std::string_view target) {
  if (target == "cpu")
    return format == "so";
  if (target == "nvidia")
    return format == "cubin" || format == "ptx";
  if (target == "amd")
    return format == "hsaco";
  return false;
}

bool isControl(unsigned char c) { return c < 0x20 || c == 0x7f; }

// What keeps \p s from being a field of a record (a name, symbol, chip,
// compiler version or attribute name): it must be non-empty printable ASCII
// without spaces. Empty if it is one.
std::string tokenProblem(std::string_view s) {
  if (s.empty())
    return "is empty";
  for (unsigned char c : s) {
    if (c == ' ')
      return "contains a space";
    if (c == 0)
      return "contains a NUL byte";
    if (isControl(c))
      return "contains the control character " + hexByte(c);
    if (c >= 0x80)
      return "contains the non-ASCII byte " + hexByte(c);
  }
  return "";
}

bool isHex(std::string_view s, size_t digits) {
  if (s.size() != digits)
    return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
      return false;
  return true;
}

bool isKey(std::string_view s) { return isHex(s, 16); }

// Decimal digits only, as std::to_string writes them: no sign, no leading
// zero, no overflow.
bool parseU64(std::string_view s, uint64_t &out) {
  if (s.empty() || s.size() > 20 || (s.size() > 1 && s[0] == '0'))
    return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return false;
    uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10)
      return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

// An optional '-' then decimal digits, within int64_t.
bool parseI64(std::string_view s, int64_t &out) {
  bool negative = !s.empty() && s[0] == '-';
  if (negative)
    s.remove_prefix(1);
  uint64_t magnitude;
  if (!parseU64(s, magnitude) || (negative && magnitude == 0))
    return false;
  const uint64_t limit = negative ? uint64_t(INT64_MAX) + 1 : INT64_MAX;
  if (magnitude > limit)
    return false;
  out = negative ? static_cast<int64_t>(0 - magnitude)
                 : static_cast<int64_t>(magnitude);
  return true;
}

// Splits on single spaces; an empty field (two spaces, a leading or trailing
// space) makes the line malformed.
bool splitFields(std::string_view line, std::vector<std::string_view> &out) {
  out.clear();
  size_t start = 0;
  while (true) {
    size_t space = line.find(' ', start);
    std::string_view field = line.substr(start, space - start);
    if (field.empty())
      return false;
    out.push_back(field);
    if (space == std::string_view::npos)
      return true;
    start = space + 1;
  }
}

// Whether \p map refers to arguments of \p kernel that can hold what it
// says: the base a pointer, sizes and strides integers.
bool checkTensorMap(const KernelInfo &kernel, const TensorMapInfo &map,
                    std::string &error) {
  auto isArg = [&](int64_t index, bool pointer) {
    if (index < 0 || size_t(index) >= kernel.args.size())
      return false;
    ArgKind kind = kernel.args[index];
    return pointer ? kind == ArgKind::Ptr
                   : kind == ArgKind::I32 || kind == ArgKind::I64;
  };
  if (!isArg(map.base, true))
    return fail(error, "tensor map base a" + std::to_string(map.base) +
                           " is not a pointer argument of kernel " +
                           quote(kernel.name));
  for (const auto *values : {&map.sizes, &map.strides})
    for (const TensorMapValue &v : *values)
      if (v.isArgument && !isArg(v.value, false))
        return fail(error, "tensor map value a" + std::to_string(v.value) +
                               " is not an integer argument of kernel " +
                               quote(kernel.name));
  return true;
}

// Parses the header text into \p out (everything but the payload) and returns
// the payload size the `binary` record declares, the digest of the
// `checksum` record and the offset of that record in the text.
class HeaderParser {
public:
  HeaderParser(std::string_view text, Artifact &out, std::string &error)
      : text(text), out(out), error(error) {}

  bool parse(uint64_t &payloadSize, std::string &digest,
             size_t &checksumOffset);

private:
  bool lineError(const std::string &message) {
    return fail(error,
                "header line " + std::to_string(lineNo) + ": " + message);
  }
  bool expectFields(std::string_view record, size_t n);
  bool allArgsRead();
  bool parseLine(std::string_view line);
  bool closeKernel();
  bool checkPreamble();

  std::string_view text;
  Artifact &out;
  std::string &error;
  size_t lineNo = 0;
  size_t lineStart = 0;
  std::vector<std::string_view> fields;
  std::set<std::string> seen; // preamble records seen
  uint64_t declaredArgs = 0;
  bool inKernel = false;
  bool ended = false;
  bool checksummed = false; // the `checksum` record was seen
  std::string checksumDigest;
  size_t checksumLine = 0; // its offset in the text
  uint64_t payloadBytes = 0;
};

bool HeaderParser::expectFields(std::string_view record, size_t n) {
  if (fields.size() == n + 1)
    return true;
  return lineError(quote(record) + " takes " + std::to_string(n) + " field" +
                   (n == 1 ? "" : "s") + ", got " +
                   std::to_string(fields.size() - 1));
}

bool HeaderParser::checkPreamble() {
  for (const char *r :
       {"target", "chip", "features", "compiler", "key", "binary"})
    if (!seen.count(r))
      return lineError("missing " + quote(r) + " record before this line");
  if (!formatBelongsToTarget(out.binaryFormat, out.target))
    return fail(error, "binary format " + quote(out.binaryFormat) +
                           " does not belong to target " + quote(out.target));
  return true;
}

// Records after a kernel's `arg` records need all of them.
bool HeaderParser::allArgsRead() {
  const KernelInfo &k = out.kernels.back();
  if (k.args.size() == declaredArgs)
    return true;
  return lineError("kernel " + quote(k.name) + " declares " +
                   std::to_string(declaredArgs) + " arguments but has " +
                   std::to_string(k.args.size()) + " 'arg' records");
}

bool HeaderParser::closeKernel() {
  if (!inKernel)
    return true;
  if (!allArgsRead())
    return false;
  const KernelInfo &k = out.kernels.back();
  std::string extents = checkHiddenArgs(k);
  if (!extents.empty())
    return lineError(extents);
  std::string grid = checkDeclaredGrid(k);
  if (!grid.empty())
    return lineError(grid);
  std::string order = checkKernelOrder(out.kernels, out.kernels.size() - 1);
  if (!order.empty())
    return lineError(order);
  inKernel = false;
  return true;
}

bool HeaderParser::parseLine(std::string_view line) {
  if (line.empty())
    return lineError("empty line");
  // The header is printable ASCII: names, symbols and every other field
  // are then printable too.
  for (unsigned char c : line) {
    if (isControl(c))
      return lineError("control character " + hexByte(c));
    if (c >= 0x80)
      return lineError("non-ASCII byte " + hexByte(c));
  }
  if (ended)
    return lineError("text after the 'end' record");
  if (checksummed && line != "end")
    return lineError("only 'end' may follow the 'checksum' record");

  // `features` keeps the rest of its line, spaces included.
  if (line.rfind("features ", 0) == 0 || line == "features") {
    if (line.size() <= 9)
      return lineError("'features' takes a value ('-' for none)");
    if (line[9] == ' ' || line.back() == ' ')
      return lineError("'features' value starts or ends with a space");
    if (!out.kernels.empty())
      return lineError("'features' record after the first kernel");
    if (seen.count("features"))
      return lineError("duplicate 'features' record");
    seen.insert("features");
    std::string_view value = line.substr(9);
    out.features = value == "-" ? std::string() : std::string(value);
    return true;
  }

  if (!splitFields(line, fields))
    return lineError("empty field (fields are separated by single spaces)");
  std::string_view record = fields[0];

  if (record == "target" || record == "chip" || record == "compiler" ||
      record == "key" || record == "binary") {
    std::string name(record);
    if (!out.kernels.empty())
      return lineError(quote(name) + " record after the first kernel");
    if (seen.count(name))
      return lineError("duplicate " + quote(name) + " record");
    seen.insert(name);
    if (record == "binary") {
      if (!expectFields(record, 2))
        return false;
      if (!isKnownFormat(fields[1]))
        return lineError("unknown binary format " + quote(fields[1]) +
                         " (expected so, cubin, ptx or hsaco)");
      if (!parseU64(fields[2], payloadBytes))
        return lineError("bad payload size " + quote(fields[2]));
      out.binaryFormat = std::string(fields[1]);
      return true;
    }
    if (!expectFields(record, 1))
      return false;
    std::string value(fields[1]);
    if (record == "target") {
      if (!isKnownTarget(value))
        return lineError("unknown target " + quote(value) +
                         " (expected cpu, nvidia or amd)");
      out.target = value;
    } else if (record == "chip") {
      out.chip = value;
    } else if (record == "compiler") {
      out.compiler = value;
    } else {
      if (!isKey(value))
        return lineError("bad key " + quote(value) +
                         " (expected 16 lowercase hex digits)");
      out.key = value;
    }
    return true;
  }

  if (record == "kernel") {
    if (!closeKernel() || (out.kernels.empty() && !checkPreamble()))
      return false;
    if (!expectFields(record, 3))
      return false;
    if (!parseU64(fields[3], declaredArgs))
      return lineError("bad argument count " + quote(fields[3]));
    std::string name(fields[1]);
    KernelInfo k;
    k.name = name;
    k.symbol = std::string(fields[2]);
    out.kernels.push_back(std::move(k));
    inKernel = true;
    return true;
  }

  if (record == "arg") {
    if (!inKernel)
      return lineError("'arg' record outside a kernel");
    if (!expectFields(record, 1))
      return false;
    KernelInfo &k = out.kernels.back();
    if (k.args.size() == declaredArgs)
      return lineError("kernel " + quote(k.name) + " declares " +
                       std::to_string(declaredArgs) +
                       " arguments but has more 'arg' records");
    if (!k.attrs.empty())
      return lineError("'arg' record after an 'attr' record");
    ArgKind kind;
    if (!parseArgKind(fields[1], kind))
      return lineError("unknown argument kind " + quote(fields[1]));
    k.args.push_back(kind);
    return true;
  }

  if (record == "attr") {
    if (!inKernel)
      return lineError("'attr' record outside a kernel");
    if (!expectFields(record, 2))
      return false;
    KernelInfo &k = out.kernels.back();
    if (!allArgsRead())
      return false;
    int64_t value;
    if (!parseI64(fields[2], value))
      return lineError("bad integer " + quote(fields[2]) + " for attr " +
                       quote(fields[1]));
    if (findAttr(k, fields[1]))
      return lineError("kernel " + quote(k.name) + " has a duplicate attr " +
                       quote(fields[1]));
    k.attrs.emplace_back(std::string(fields[1]), value);
    return true;
  }

  if (record == "grid") {
    if (!inKernel)
      return lineError("'grid' record outside a kernel");
    if (!expectFields(record, 3))
      return false;
    KernelInfo &k = out.kernels.back();
    if (!allArgsRead())
      return false;
    if (!k.grid.empty())
      return lineError("kernel " + quote(k.name) + " has a second 'grid'");
    if (!k.tensorMaps.empty())
      return lineError("'grid' record after a 'tensor_map' record");
    for (int axis = 1; axis <= 3; ++axis) {
      GridExpr extent;
      std::string why;
      if (!parseGridExpr(fields[axis], extent, why))
        return lineError(why);
      k.grid.push_back(std::move(extent));
    }
    return true;
  }

  if (record == "tensor_map") {
    if (!inKernel)
      return lineError("'tensor_map' record outside a kernel");
    KernelInfo &k = out.kernels.back();
    if (!allArgsRead())
      return false;
    TensorMapInfo map;
    std::string why;
    if (!parseTensorMap(
            std::vector<std::string_view>(fields.begin() + 1, fields.end()),
            map, why) ||
        !checkTensorMap(k, map, why))
      return lineError(why);
    k.tensorMaps.push_back(std::move(map));
    return true;
  }

  // The checksum comes last, just before `end`; parseArtifact verifies it.
  if (record == "checksum") {
    if (!expectFields(record, 2) || !closeKernel() ||
        (out.kernels.empty() && !checkPreamble()))
      return false;
    if (fields[1] != "sha256")
      return lineError("unknown checksum algorithm " + quote(fields[1]) +
                       " (expected sha256)");
    if (!isHex(fields[2], 64))
      return lineError("bad checksum " + quote(fields[2]) +
                       " (expected 64 lowercase hex digits)");
    checksummed = true;
    checksumDigest = std::string(fields[2]);
    checksumLine = lineStart;
    return true;
  }

  if (record == "end") {
    if (!expectFields(record, 0))
      return false;
    if (!checksummed)
      return lineError("no 'checksum' record before 'end'");
    ended = true;
    return true;
  }

  return lineError("unknown record " + quote(record));
}

bool HeaderParser::parse(uint64_t &payloadSize, std::string &digest,
                         size_t &checksumOffset) {
  size_t start = 0;
  while (start < text.size()) {
    size_t newline = text.find('\n', start);
    size_t end = newline == std::string_view::npos ? text.size() : newline;
    ++lineNo;
    lineStart = start;
    if (!parseLine(text.substr(start, end - start)))
      return false;
    if (newline == std::string_view::npos)
      return lineError("the header must end with a newline");
    start = end + 1;
  }
  if (!ended)
    return fail(error, "header has no 'end' record");
  payloadSize = payloadBytes;
  digest = checksumDigest;
  checksumOffset = checksumLine;
  return true;
}

} // namespace

const char *mlir::tile::argKindName(ArgKind kind) {
  for (const KindName &k : kKindNames)
    if (k.kind == kind)
      return k.name;
  return "?";
}

bool mlir::tile::parseArgKind(std::string_view name, ArgKind &out) {
  for (const KindName &k : kKindNames)
    if (name == k.name) {
      out = k.kind;
      return true;
    }
  return false;
}

const int64_t *mlir::tile::findAttr(const KernelInfo &kernel,
                                    std::string_view name) {
  for (const auto &attr : kernel.attrs)
    if (attr.first == name)
      return &attr.second;
  return nullptr;
}

size_t mlir::tile::bufferExtentCount(const KernelInfo &kernel) {
  const int64_t *extents = findAttr(kernel, "bounds_check");
  return extents && *extents > 0 ? size_t(*extents) : 0;
}

static size_t gridArgCount(const KernelInfo &kernel) {
  const int64_t *persistent = findAttr(kernel, "persistent");
  return persistent && *persistent != 0 ? kPersistentGridArgs : 0;
}

SplitWorkspace mlir::tile::splitWorkspace(const KernelInfo &kernel) {
  SplitWorkspace workspace;
  const int64_t *splits = findAttr(kernel, "split_k");
  if (!splits)
    return workspace;
  workspace.splits = *splits;
  for (size_t i = 0;; ++i) {
    const int64_t *bytes = findAttr(kernel, "split_bytes" + std::to_string(i));
    if (!bytes)
      break;
    workspace.partialBytes.push_back(*bytes);
  }
  return workspace;
}

size_t mlir::tile::callerArgCount(const KernelInfo &kernel) {
  size_t hidden = bufferExtentCount(kernel) +
                  splitWorkspace(kernel).argCount() + gridArgCount(kernel);
  if (hidden > kernel.args.size())
    return kernel.args.size();
  return kernel.args.size() - hidden;
}

int64_t mlir::tile::alternativeOf(const KernelInfo &kernel) {
  const int64_t *index = findAttr(kernel, "alternative");
  return index ? *index : 0;
}

std::string mlir::tile::checkKernelOrder(const std::vector<KernelInfo> &kernels,
                                         size_t i) {
  const KernelInfo &k = kernels[i];
  int64_t index = alternativeOf(k);
  std::string what =
      "alternative " + std::to_string(index) + " of kernel " + quote(k.name);
  if (findAttr(k, "alternative") &&
      (index < 1 || index >= int64_t(kMaxAlternatives)))
    return what + " is out of range (1 to " +
           std::to_string(kMaxAlternatives - 1) + ")";
  bool variant = findAttr(k, "divisible_args") != nullptr;
  const KernelInfo *first = nullptr;
  int64_t alternatives = 0; // of the name so far, the kernel as written too
  bool indexSeen = false;   // the plain record of this alternative
  for (size_t j = 0; j < i; ++j) {
    if (kernels[j].name != k.name)
      continue;
    if (!first)
      first = &kernels[j];
    if (findAttr(kernels[j], "divisible_args"))
      continue;
    alternatives = std::max(alternatives, alternativeOf(kernels[j]) + 1);
    indexSeen |= alternativeOf(kernels[j]) == index;
  }
  // A name appears once, then again only for its specialized variants and
  // its alternatives (numbered from 1 in order), each variant after the
  // kernel or alternative it specializes.
  if (variant && !indexSeen)
    return index == 0 ? "variant of kernel " + quote(k.name) +
                            " before the kernel itself"
                      : "variant of " + what + " before the alternative";
  if (!variant && index == 0 && first)
    return "duplicate kernel name " + quote(k.name);
  if (!variant && index > 0 && !first)
    return what + " before the kernel itself";
  if (!variant && index > 0 && index != alternatives)
    return what + " out of order (the next is " + std::to_string(alternatives) +
           ")";
  if (variant) {
    // The record it specializes: the last of its name and alternative.
    const KernelInfo *specialized = nullptr;
    for (size_t j = 0; j < i; ++j)
      if (kernels[j].name == k.name &&
          !findAttr(kernels[j], "divisible_args") &&
          alternativeOf(kernels[j]) == index)
        specialized = &kernels[j];
    if (specialized && specialized->grid != k.grid)
      return "variant " + quote(k.symbol) + " of " +
             (index ? what : "kernel " + quote(k.name)) +
             " declares another grid than it";
  }
  if (first && (callerArgCount(k) != callerArgCount(*first) ||
                !std::equal(first->args.begin(),
                            first->args.begin() + callerArgCount(*first),
                            k.args.begin())))
    return (variant ? "variant " + quote(k.symbol) + " of " +
                          (index ? what : "kernel " + quote(k.name))
                    : what) +
           " takes other arguments than the kernel";
  return "";
}

std::string mlir::tile::checkDeclaredGrid(const KernelInfo &kernel) {
  if (kernel.grid.empty())
    return "";
  std::string where = "kernel " + quote(kernel.name) + ": ";
  if (kernel.grid.size() != 3)
    return where + "a grid of " + std::to_string(kernel.grid.size()) +
           " extents (x, y, z: 3)";
  size_t callerArgs = callerArgCount(kernel);
  for (const GridExpr &extent : kernel.grid) {
    std::string text = formatGridExpr(extent);
    if (extent.nodes.empty())
      return where + "an empty grid extent";
    for (unsigned index : gridExprArguments(extent)) {
      if (index >= callerArgs)
        return where + "grid extent " + text + " reads argument " +
               std::to_string(index) + ", but the kernel takes " +
               std::to_string(callerArgs);
      ArgKind kind = kernel.args[index];
      if (kind == ArgKind::Ptr || kind == ArgKind::F16 ||
          kind == ArgKind::BF16 || kind == ArgKind::F32 || kind == ArgKind::F64)
        return where + "grid extent " + text + " reads argument " +
               std::to_string(index) + ", a " + argKindName(kind) +
               ", not an integer";
    }
  }
  return "";
}

std::string mlir::tile::checkHiddenArgs(const KernelInfo &kernel) {
  const int64_t *extents = findAttr(kernel, "bounds_check");
  const int64_t *persistent = findAttr(kernel, "persistent");
  std::string where = "kernel " + quote(kernel.name) + ": ";
  if (persistent && *persistent != 0 && *persistent != 1)
    return where + "persistent " + std::to_string(*persistent) +
           " is neither 0 nor 1";
  size_t grid = gridArgCount(kernel);
  if (extents && *extents < 0)
    return where + "bounds_check " + std::to_string(*extents) + " is negative";
  SplitWorkspace split = splitWorkspace(kernel);
  if (findAttr(kernel, "split_k") &&
      (split.splits < 2 || split.splits > kMaxSplits))
    return where + "split_k " + std::to_string(split.splits) +
           " is not from 2 to " + std::to_string(kMaxSplits);
  if (split.splits && split.partialBytes.empty())
    return where + "split_k without split_bytes0";
  for (int64_t bytes : split.partialBytes)
    if (bytes <= 0 || bytes > (int64_t(1) << 32))
      return where + "a split loop's partial sum of " + std::to_string(bytes) +
             " bytes";
  size_t hidden = bufferExtentCount(kernel) + split.argCount() + grid;
  if (hidden > kernel.args.size())
    return where + std::to_string(hidden) +
           " arguments filled in by the runtime exceed its " +
           std::to_string(kernel.args.size()) + " arguments";
  size_t callerArgs = kernel.args.size() - hidden;
  size_t gridStart = kernel.args.size() - grid;
  size_t splitStart = gridStart - split.argCount();
  if (extents) {
    size_t pointers = 0;
    for (size_t i = 0; i < callerArgs; ++i)
      pointers += kernel.args[i] == ArgKind::Ptr;
    if (pointers != size_t(*extents))
      return where + "bounds_check " + std::to_string(*extents) +
             " but it has " + std::to_string(pointers) + " pointer arguments";
    for (size_t i = callerArgs; i < splitStart; ++i)
      if (kernel.args[i] != ArgKind::I64)
        return where + "argument #" + std::to_string(i) +
               ", a buffer extent, is " + argKindName(kernel.args[i]) +
               ", not i64";
  }
  for (size_t i = splitStart; i < gridStart; ++i)
    if (kernel.args[i] != ArgKind::Ptr)
      return where + "argument #" + std::to_string(i) +
             ", part of a split loop's workspace, is " +
             argKindName(kernel.args[i]) + ", not ptr";
  for (size_t i = gridStart; i < kernel.args.size(); ++i)
    if (kernel.args[i] != ArgKind::I32)
      return where + "argument #" + std::to_string(i) +
             ", a grid extent of a persistent kernel, is " +
             argKindName(kernel.args[i]) + ", not i32";
  return "";
}

std::string mlir::tile::formatTensorMap(const TensorMapInfo &map) {
  auto list = [](const std::vector<TensorMapValue> &values) {
    std::string text;
    for (const TensorMapValue &v : values)
      text += (text.empty() ? "" : ",") + (v.isArgument ? "a" : std::string()) +
              std::to_string(v.value) +
              (v.isArgument && v.scale != 1 ? "*" + std::to_string(v.scale)
                                            : std::string());
    return text;
  };
  std::string box;
  for (int64_t b : map.box)
    box += (box.empty() ? "" : ",") + std::to_string(b);
  return std::string(argKindName(map.element)) + " base=a" +
         std::to_string(map.base) + " sizes=" + list(map.sizes) +
         " strides=" + list(map.strides) + " box=" + box +
         " swizzle=" + std::to_string(map.swizzleBytes) +
         " fill=" + (map.nanFill ? "nan" : "zero");
}

bool mlir::tile::parseTensorMap(const std::vector<std::string_view> &fields,
                                TensorMapInfo &out, std::string &error) {
  out = TensorMapInfo();
  static const char *const kKeys[] = {
      "base=", "sizes=", "strides=", "box=", "swizzle=", "fill="};
  if (fields.size() != 1 + std::size(kKeys))
    return fail(error, "'tensor_map' takes 7 fields, got " +
                           std::to_string(fields.size()));
  if (!parseArgKind(fields[0], out.element) || out.element == ArgKind::Ptr ||
      out.element == ArgKind::I1)
    return fail(error, "bad tensor map element " + quote(fields[0]));
  std::string_view values[std::size(kKeys)];
  for (size_t i = 0; i < std::size(kKeys); ++i) {
    std::string_view key = kKeys[i];
    if (fields[i + 1].substr(0, key.size()) != key)
      return fail(error, "tensor map field " + std::to_string(i + 2) +
                             " must start with " + quote(key));
    values[i] = fields[i + 1].substr(key.size());
  }
  auto parseValue = [](std::string_view text, TensorMapValue &v) {
    v.isArgument = !text.empty() && text[0] == 'a';
    if (!v.isArgument)
      return parseI64(text, v.value);
    text.remove_prefix(1);
    size_t star = text.find('*');
    if (star != std::string_view::npos &&
        (!parseI64(text.substr(star + 1), v.scale) || v.scale < 1))
      return false;
    return parseI64(text.substr(0, star), v.value);
  };
  auto parseList = [&](std::string_view text, auto &&each) {
    size_t start = 0;
    while (true) {
      size_t comma = text.find(',', start);
      if (!each(text.substr(start, comma - start)))
        return false;
      if (comma == std::string_view::npos)
        return true;
      start = comma + 1;
    }
  };
  TensorMapValue base;
  if (!parseValue(values[0], base) || !base.isArgument || base.value < 0 ||
      base.value > 1024 || base.scale != 1)
    return fail(error, "bad tensor map base " + quote(values[0]));
  out.base = unsigned(base.value);
  for (size_t i : {1, 2}) {
    std::vector<TensorMapValue> &list = i == 1 ? out.sizes : out.strides;
    if (!parseList(values[i], [&](std::string_view item) {
          TensorMapValue v;
          if (!parseValue(item, v))
            return false;
          list.push_back(v);
          return true;
        }))
      return fail(error, "bad tensor map values " + quote(values[i]));
  }
  if (!parseList(values[3], [&](std::string_view item) {
        int64_t b;
        if (!parseI64(item, b) || b < 1 || b > 256)
          return false;
        out.box.push_back(b);
        return true;
      }))
    return fail(error, "bad tensor map box " + quote(values[3]) +
                           " (1 to 256 elements per dimension)");
  size_t rank = out.box.size();
  if (rank > 5 || out.sizes.size() != rank || out.strides.size() != rank ||
      out.strides.back().isArgument || out.strides.back().value != 1)
    return fail(error, "a tensor map has 1 to 5 dimensions, as many sizes, "
                       "strides and box extents, the last stride 1");
  if (!parseI64(values[4], out.swizzleBytes) ||
      (out.swizzleBytes != 0 && out.swizzleBytes != 32 &&
       out.swizzleBytes != 64 && out.swizzleBytes != 128))
    return fail(error, "bad tensor map swizzle " + quote(values[4]) +
                           " (0, 32, 64 or 128 bytes)");
  if (values[5] != "zero" && values[5] != "nan")
    return fail(error,
                "bad tensor map fill " + quote(values[5]) + " (zero or nan)");
  out.nanFill = values[5] == "nan";
  return true;
}

bool mlir::tile::validateArtifact(const Artifact &a, std::string &error) {
  if (!isKnownTarget(a.target))
    return fail(error, "unknown target " + quote(a.target));
  if (!isKnownFormat(a.binaryFormat))
    return fail(error, "unknown binary format " + quote(a.binaryFormat));
  if (!formatBelongsToTarget(a.binaryFormat, a.target))
    return fail(error, "binary format " + quote(a.binaryFormat) +
                           " does not belong to target " + quote(a.target));
  // Names and versions are printable ASCII without spaces.
  auto token = [&](const std::string &what, const std::string &value) {
    std::string problem = tokenProblem(value);
    if (problem.empty())
      return true;
    return fail(error, what + " " + quote(value) + " " + problem +
                           " (it must be non-empty printable ASCII without "
                           "spaces)");
  };
  if (!token("chip", a.chip) || !token("compiler version", a.compiler))
    return false;
  // Features are printable ASCII and may hold single spaces inside; "" and
  // "-" both mean none.
  for (unsigned char c : a.features)
    if (isControl(c) || c >= 0x80)
      return fail(error, "features " + quote(a.features) +
                             " contain the byte " + hexByte(c) +
                             " (they must be printable ASCII)");
  if (!a.features.empty() &&
      (a.features.front() == ' ' || a.features.back() == ' '))
    return fail(error,
                "features " + quote(a.features) + " start or end with a space");
  if (!isKey(a.key))
    return fail(error,
                "key " + quote(a.key) + " must be 16 lowercase hex digits");
  for (const KernelInfo &k : a.kernels) {
    if (!token("kernel name", k.name) ||
        !token("entry symbol of kernel " + quote(k.name), k.symbol))
      return false;
    std::string extents = checkHiddenArgs(k);
    if (!extents.empty())
      return fail(error, extents);
    std::string grid = checkDeclaredGrid(k);
    if (!grid.empty())
      return fail(error, grid);
    for (const GridExpr &extent : k.grid) {
      GridExpr parsed;
      if (!parseGridExpr(formatGridExpr(extent), parsed, error) ||
          parsed != extent)
        return fail(error, "kernel " + quote(k.name) + ": grid extent " +
                               quote(formatGridExpr(extent)) +
                               " does not read back as it is");
    }
    std::string order = checkKernelOrder(a.kernels, size_t(&k - &a.kernels[0]));
    if (!order.empty())
      return fail(error, order);
    std::set<std::string> attrNames;
    for (const auto &attr : k.attrs) {
      if (!token("kernel " + quote(k.name) + ": attr name", attr.first))
        return false;
      if (!attrNames.insert(attr.first).second)
        return fail(error, "kernel " + quote(k.name) +
                               " has a duplicate attr " + quote(attr.first));
    }
    for (const TensorMapInfo &map : k.tensorMaps) {
      std::vector<std::string_view> fields;
      std::string text = formatTensorMap(map);
      TensorMapInfo parsed;
      if (!splitFields(text, fields) ||
          !parseTensorMap(
              std::vector<std::string_view>(fields.begin(), fields.end()),
              parsed, error) ||
          !checkTensorMap(k, map, error))
        return fail(error, "kernel " + quote(k.name) + ": " + error);
    }
  }
  return true;
}

std::string mlir::tile::serializeArtifact(const Artifact &a) {
  std::string h;
  h += "target " + a.target + "\n";
  h += "chip " + a.chip + "\n";
  h +=
      "features " + (a.features.empty() ? std::string("-") : a.features) + "\n";
  h += "compiler " + a.compiler + "\n";
  h += "key " + a.key + "\n";
  h +=
      "binary " + a.binaryFormat + " " + std::to_string(a.binary.size()) + "\n";
  for (const KernelInfo &k : a.kernels) {
    h += "kernel " + k.name + " " + k.symbol + " " +
         std::to_string(k.args.size()) + "\n";
    for (ArgKind kind : k.args)
      h += std::string("arg ") + argKindName(kind) + "\n";
    for (const auto &attr : k.attrs)
      h += "attr " + attr.first + " " + std::to_string(attr.second) + "\n";
    if (!k.grid.empty())
      h += "grid " + formatGridExpr(k.grid[0]) + " " +
           formatGridExpr(k.grid[1]) + " " + formatGridExpr(k.grid[2]) + "\n";
    for (const TensorMapInfo &map : k.tensorMaps)
      h += "tensor_map " + formatTensorMap(map) + "\n";
  }

  // The checksum line has a fixed length, so the header size is known
  // before the digest it covers is.
  std::string file(kArtifactMagic, sizeof(kArtifactMagic));
  uint32_t size = static_cast<uint32_t>(h.size() + kChecksumLineSize + 4);
  for (int i = 0; i < 4; ++i)
    file += static_cast<char>((size >> (8 * i)) & 0xff);
  file += h;
  std::string digest =
      artifactChecksum(reinterpret_cast<const unsigned char *>(file.data()),
                       file.size(), a.binary.data(), a.binary.size());
  file += kChecksumPrefix + digest + "\nend\n";
  file += a.binary;
  return file;
}

bool mlir::tile::parseArtifact(const void *data, size_t size, Artifact &out,
                               std::string &error) {
  out = Artifact();
  if (!data)
    return fail(error, "no artifact data");
  const unsigned char *bytes = static_cast<const unsigned char *>(data);
  const std::string magic(kArtifactMagic, sizeof(kArtifactMagic));
  if (size < sizeof(kArtifactMagic))
    return fail(error, "not a tile artifact: " + std::to_string(size) +
                           " bytes is too short for the magic '" + magic + "'");
  if (std::memcmp(bytes, kArtifactMagic, sizeof(kArtifactMagic)) != 0) {
    // Format 1 had no checksum: its files cannot be verified, so they are
    // refused rather than trusted.
    if (std::memcmp(bytes, "TILEART1", 8) == 0)
      return fail(error, "artifact format 1 ('TILEART1') has no checksum "
                         "and is no longer supported: recompile it with "
                         "tile-compile (this runtime reads format 2, '" +
                             magic + "')");
    if (std::memcmp(bytes, "TILEART", 7) == 0)
      return fail(error, "unsupported artifact format " +
                             quote(std::string_view(
                                 reinterpret_cast<const char *>(bytes), 8)) +
                             " (this runtime reads '" + magic +
                             "'): recompile it with this version's "
                             "tile-compile");
    return fail(error,
                "not a tile artifact: bad magic (expected '" + magic + "')");
  }
  if (size < kPreambleSize)
    return fail(error, "truncated header: the file ends inside the header "
                       "size field");
  uint32_t headerSize = 0;
  for (int i = 0; i < 4; ++i)
    headerSize |= uint32_t(bytes[sizeof(kArtifactMagic) + i]) << (8 * i);
  size_t available = size - kPreambleSize;
  if (headerSize > available)
    return fail(error, "truncated header: the header is " +
                           std::to_string(headerSize) +
                           " bytes but the file has " +
                           std::to_string(available) + " after the magic");
  std::string_view text(reinterpret_cast<const char *>(bytes + kPreambleSize),
                        headerSize);
  uint64_t payloadSize = 0;
  std::string recorded;
  size_t checksumOffset = 0;
  HeaderParser parser(text, out, error);
  if (!parser.parse(payloadSize, recorded, checksumOffset))
    return false;
  size_t rest = available - headerSize;
  if (payloadSize > rest)
    return fail(error, "truncated payload: the header says " +
                           std::to_string(payloadSize) +
                           " bytes but the file has " + std::to_string(rest));
  if (payloadSize < rest)
    return fail(error, "payload size mismatch: the header says " +
                           std::to_string(payloadSize) + " bytes but " +
                           std::to_string(rest) + " follow the header");
  const char *payload =
      reinterpret_cast<const char *>(bytes) + kPreambleSize + headerSize;
  std::string actual =
      artifactChecksum(bytes, kPreambleSize + checksumOffset, payload, rest);
  if (actual != recorded)
    return fail(error,
                "artifact checksum mismatch: the header records sha256 " +
                    recorded + " but the contents hash to " + actual +
                    "; the file is damaged");
  out.binary.assign(payload, rest);
  return true;
}

bool mlir::tile::readWholeFile(const std::string &path, std::string &out,
                               std::string &error, int *errorNumber,
                               size_t maxBytes,
                               std::string_view expectedPrefix) {
  out.clear();
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    int err = errno;
    if (errorNumber)
      *errorNumber = err;
    return fail(error, "cannot open '" + path + "': " + std::strerror(err));
  }
  char chunk[65536];
  size_t n;
  bool tooLarge = false;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) {
    if (n > maxBytes - out.size()) {
      tooLarge = true;
      break;
    }
    out.append(chunk, n);
    // Stop early on a file that cannot be what the caller wants (/dev/zero
    // given as an artifact): the caller's parser reports the bad prefix.
    if (out.size() >= expectedPrefix.size() &&
        out.compare(0, expectedPrefix.size(), expectedPrefix) != 0)
      break;
  }
  bool readError = std::ferror(f);
  int err = errno;
  std::fclose(f);
  if (readError) {
    if (errorNumber)
      *errorNumber = err;
    return fail(error, "cannot read '" + path + "'");
  }
  if (tooLarge) {
    out.clear();
    if (errorNumber)
      *errorNumber = EFBIG;
    return fail(error, "'" + path + "' is larger than " +
                           std::to_string(maxBytes) + " bytes");
  }
  return true;
}

bool mlir::tile::readArtifactFile(const std::string &path, Artifact &out,
                                  std::string &error) {
  std::string data;
  if (!readWholeFile(path, data, error, nullptr, kMaxArtifactFileBytes,
                     kArtifactFamily))
    return false;
  if (!parseArtifact(data.data(), data.size(), out, error)) {
    error = path + ": " + error;
    return false;
  }
  return true;
}

bool mlir::tile::writeArtifactFile(const std::string &path,
                                   const Artifact &artifact,
                                   std::string &error) {
  if (!validateArtifact(artifact, error))
    return false;
  std::string bytes = serializeArtifact(artifact);
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return fail(error, "cannot create '" + path + "': " + std::strerror(errno));
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  ok = std::fclose(f) == 0 && ok;
  if (!ok)
    return fail(error, "cannot write '" + path + "'");
  return true;
}

std::string mlir::tile::sha256Hex(std::string_view bytes) {
  Sha256 sha;
  sha.update(bytes.data(), bytes.size());
  return sha.hexDigest();
}

std::string mlir::tile::contentKey(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx",
                static_cast<unsigned long long>(h));
  return hex;
}
