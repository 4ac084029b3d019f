//===- artifact.h - The tile artifact file: reader and writer ---*- C++ -*-===//
//
// An artifact is one file holding a compiled binary (a shared object, cubin,
// PTX or code object) and the metadata the runtime needs to launch its kernels:
// target, chip, features, compiler version, content key, and per kernel its
// entry symbol, argument kinds and launch attributes.
//
// Layout (little-endian), format 2:
//   bytes 0-7   "TILEART2"
//   bytes 8-11  u32 header_size
//   header_size bytes of printable ASCII text, one record per line (see
//     docs/Runtime.md), whose last two lines are always
//       checksum sha256 HEX
//       end
//   the binary payload, exactly as many bytes as the `binary` record says
//
// HEX is the SHA-256 of bytes [0, 12 + offset of the checksum line) - the
// magic, the header size and every record before `checksum` - followed by
// the payload. Every other byte is fixed text or the digest itself, so any
// change to the file is refused. Format 1 ("TILEART1", no checksum) is
// refused with a message asking to recompile.
//
// This file and artifact.cpp use only the C++17 standard library: the compiler
// writes artifacts with them and the runtime reads them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_ARTIFACT_H
#define TILE_RUNTIME_ARTIFACT_H

#include "tile/Runtime/LaunchGrid.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mlir::tile {

/// The kind of a kernel argument, as spelled in `arg` records.
enum class ArgKind { Ptr, I1, I8, I16, I32, I64, F16, BF16, F32, F64 };

/// The record spelling of \p kind ("ptr", "i32", ...).
const char *argKindName(ArgKind kind);

/// Parses a record spelling; returns false if \p name is no kind.
bool parseArgKind(std::string_view name, ArgKind &out);

/// A size or stride of a tensor map: kernel argument `value` times
/// `scale`, or the constant `value`.
struct TensorMapValue {
  bool isArgument = false;
  int64_t value = 0;
  int64_t scale = 1; ///< an argument's factor (>= 1): a head's stride
                     ///< seq_len * 128, say
};

/// A tensor map (NVIDIA's TMA descriptor) the runtime builds at launch from
/// the kernel's arguments and passes after them, in record order. Spelled
///   tensor_map ELEMENT base=aN sizes=V,... strides=V,... box=B,...
///     swizzle=BYTES fill=zero|nan
/// where V is aN (argument N), aN*S (argument N times the positive integer
/// S) or an integer; sizes, strides (in elements)
/// and box go outermost dimension first, the last stride being 1.
struct TensorMapInfo {
  ArgKind element = ArgKind::I8;
  unsigned base = 0;
  std::vector<TensorMapValue> sizes, strides;
  std::vector<int64_t> box;
  int64_t swizzleBytes = 0; ///< 0, 32, 64 or 128
  bool nanFill = false;
};

/// The fields after `tensor_map` of the record for \p map.
std::string formatTensorMap(const TensorMapInfo &map);

/// Parses the fields after `tensor_map`; on failure returns false and says
/// why in \p error.
bool parseTensorMap(const std::vector<std::string_view> &fields,
                    TensorMapInfo &out, std::string &error);

/// One kernel of an artifact.
struct KernelInfo {
  std::string name;   ///< the name callers look the kernel up by
  std::string symbol; ///< the entry symbol in the binary
  std::vector<ArgKind> args;
  /// Launch attributes in file order, e.g. {"threads", 128}.
  std::vector<std::pair<std::string, int64_t>> attrs;
  /// Parameters after the arguments.
  std::vector<TensorMapInfo> tensorMaps;
  /// The grid the kernel declares (x, y, z extents of its arguments,
  /// record `grid X Y Z`), or none: the caller's.
  std::vector<GridExpr> grid;
};

/// The value of attribute \p name of \p kernel, or null if it has none.
const int64_t *findAttr(const KernelInfo &kernel, std::string_view name);

/// How many grid extents (x, y, z; i32) a persistent kernel (attr
/// `persistent 1`) takes after all its other arguments.
constexpr size_t kPersistentGridArgs = 3;

/// The buffer extents a bounds-checked kernel (attr `bounds_check N`) takes
/// after the caller's arguments: N, or 0.
size_t bufferExtentCount(const KernelInfo &kernel);

/// The workspace a kernel with a split loop (attr `split_k S`, S >= 2)
/// takes: S, and per value the loop carries (attrs `split_bytes0`,
/// `split_bytes1`, ...) the bytes of one program's partial sum. Its
/// arguments are a pointer to the arrival counters, one i32 per program of
/// the caller's grid, then a pointer to each value's partial sums, S per
/// program (docs/Runtime.md). `splits` is 0 for other kernels.
struct SplitWorkspace {
  int64_t splits = 0;
  std::vector<int64_t> partialBytes;
  /// Pointer arguments it takes.
  size_t argCount() const { return splits ? 1 + partialBytes.size() : 0; }
};
SplitWorkspace splitWorkspace(const KernelInfo &kernel);

/// The most programs a split loop may be split over (the compiler's
/// kMaxSplitK).
constexpr int64_t kMaxSplits = 64;

/// The arguments a caller passes to \p kernel: all of `args` but those the
/// runtime fills in after them: the buffer extents a bounds-checked kernel
/// (attr `bounds_check N`) takes, one i64 per pointer argument, then the
/// workspace of a split loop, then the grid extents of a persistent kernel.
size_t callerArgCount(const KernelInfo &kernel);

/// Why \p kernel's declared grid is not three extents reading only integer
/// arguments the caller passes, or "" if it is (or it declares none).
std::string checkDeclaredGrid(const KernelInfo &kernel);

/// Why \p kernel's `bounds_check`, `split_k` and `persistent` attrs do not
/// fit its arguments (N pointer arguments followed by N i64, the workspace's
/// pointers, then three i32), or "" if they do or the kernel has none.
std::string checkHiddenArgs(const KernelInfo &kernel);

/// Alternatives of one kernel an artifact may hold (the kernel as written is
/// alternative 0).
constexpr size_t kMaxAlternatives = 64;

/// Which alternative of its kernel \p kernel is: attr `alternative N`
/// (1 <= N < kMaxAlternatives), or 0, the kernel as written, without it.
int64_t alternativeOf(const KernelInfo &kernel);

/// Why kernel \p i of \p kernels may not follow those before it, or "": a
/// name appears once, then again only for its alternatives (numbered from 1,
/// in order) and specialized variants (`divisible_args`, after the kernel or
/// alternative they specialize), all taking the kernel's arguments; a
/// variant declares the grid of the kernel or alternative it specializes.
std::string checkKernelOrder(const std::vector<KernelInfo> &kernels, size_t i);

/// The contents of an artifact file.
struct Artifact {
  std::string target;       ///< "cpu", "nvidia" or "amd"
  std::string chip;         ///< e.g. "x86-64-v3", "sm_90a", "gfx942"
  std::string features;     ///< free text without newlines; "" is written "-"
  std::string compiler;     ///< compiler version, no spaces
  std::string key;          ///< 16 lowercase hex digits
  std::string binaryFormat; ///< "so", "cubin", "ptx" or "hsaco"
  std::vector<KernelInfo> kernels;
  std::string binary; ///< the payload bytes
};

/// The 8 bytes every artifact of the current format (2) starts with.
constexpr char kArtifactMagic[8] = {'T', 'I', 'L', 'E', 'A', 'R', 'T', '2'};
/// The first 7, shared by every format version.
constexpr std::string_view kArtifactFamily = "TILEART";
/// The largest artifact file readArtifactFile and tile_module_load_file read
/// (a guard against /dev/zero or a pipe that never ends).
constexpr size_t kMaxArtifactFileBytes = size_t(1) << 30;

/// Checks that \p artifact can be written and read back unchanged: known
/// target and binary format that belong together, a well-formed key, chip,
/// compiler version, kernel names, entry symbols and attribute names that are
/// non-empty printable ASCII without spaces (no NUL, control or non-ASCII
/// byte), printable features, unique kernel names and attribute names.
/// Features "-" are accepted and read back as "" (none).
bool validateArtifact(const Artifact &artifact, std::string &error);

/// Serializes \p artifact to the bytes of an artifact file, checksum
/// included. The result reads back equal to \p artifact (parseArtifact)
/// exactly when validateArtifact accepts it; callers that build artifacts
/// validate first (writeArtifactFile does).
std::string serializeArtifact(const Artifact &artifact);

/// Parses the artifact file in [data, data + size). On failure returns false
/// and sets \p error to a one-line message saying what is wrong and where;
/// \p out is then unspecified. Never reads outside the given bytes. The
/// header is parsed strictly first (so a truncated file or a malformed line is
/// named precisely), then the payload size and the checksum are verified;
/// nothing is returned that the checksum does not cover.
bool parseArtifact(const void *data, size_t size, Artifact &out,
                   std::string &error);

/// Reads the whole file `path` into `out`. On failure, `error` names the path
/// and `errorNumber` (if given) holds the errno of the failed open or read
/// (EFBIG for a file of more than \p maxBytes). Reading stops early, with
/// success, once the bytes read do not start with \p expectedPrefix.
bool readWholeFile(const std::string &path, std::string &out,
                   std::string &error, int *errorNumber = nullptr,
                   size_t maxBytes = SIZE_MAX,
                   std::string_view expectedPrefix = {});

/// Convenience wrappers that read or write a whole file; errors name the path.
bool readArtifactFile(const std::string &path, Artifact &out,
                      std::string &error);
bool writeArtifactFile(const std::string &path, const Artifact &artifact,
                       std::string &error);

/// The SHA-256 of \p bytes as 64 lowercase hex digits (the artifact
/// checksum's hash).
std::string sha256Hex(std::string_view bytes);

/// A 64-bit FNV-1a hash of \p bytes as 16 lowercase hex digits, suitable for
/// the `key` record.
std::string contentKey(std::string_view bytes);

} // namespace mlir::tile

#endif // TILE_RUNTIME_ARTIFACT_H
