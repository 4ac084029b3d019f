//===- ArtifactTest.cpp - Unit tests of the artifact reader and writer ----===//
//
// Round trips through serializeArtifact/parseArtifact, the checksum (SHA-256
// against published vectors; every changed byte refused), and one rejection
// test per kind of damage, each checking the message. Inputs are parsed from
// heap copies of their exact size so that a sanitizer build catches any read
// past the end.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/artifact.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <memory>

using namespace mlir::tile;

namespace {

Artifact sample() {
  Artifact a;
  a.target = "cpu";
  a.chip = "x86-64-v3";
  a.features = "+avx2,+fma with spaces";
  a.compiler = "tile-0.1.0";
  a.key = "0123456789abcdef";
  a.binaryFormat = "so";
  a.binary = std::string("\x7f"
                         "ELF\0\1\2payload\n",
                         15);
  KernelInfo add;
  add.name = "vector_add";
  add.symbol = "vector_add_entry";
  add.args = {ArgKind::Ptr, ArgKind::Ptr, ArgKind::Ptr, ArgKind::I32};
  add.attrs = {{"threads", 128}, {"shared_bytes", 0}, {"neg", -5}};
  TensorMapInfo map;
  map.element = ArgKind::BF16;
  map.base = 1;
  map.sizes = {{true, 3}, {false, 4096}};
  map.strides = {{true, 3}, {false, 1}};
  map.box = {128, 64};
  map.swizzleBytes = 128;
  map.nanFill = true;
  add.tensorMaps = {map, map};
  KernelInfo all;
  all.name = "all_kinds";
  all.symbol = "all_kinds_entry";
  all.args = {ArgKind::Ptr, ArgKind::I1,  ArgKind::I8,  ArgKind::I16,
              ArgKind::I32, ArgKind::I64, ArgKind::F16, ArgKind::BF16,
              ArgKind::F32, ArgKind::F64};
  KernelInfo none;
  none.name = "no_args";
  none.symbol = "no_args_entry";
  a.kernels = {add, all, none};
  return a;
}

// Parses from an exact-size heap copy.
bool parse(const std::string &bytes, Artifact &out, std::string &error) {
  std::unique_ptr<char[]> copy(new char[bytes.size() + 1]);
  std::copy(bytes.begin(), bytes.end(), copy.get());
  return parseArtifact(bytes.empty() ? copy.get() : copy.get(), bytes.size(),
                       out, error);
}

// A checksum record the parser accepts in form (its digest is wrong).
const std::string kDummyChecksum =
    "checksum sha256 " + std::string(64, '0') + "\n";

// An artifact file from header text and payload. A header that ends with
// "end\n" gets the checksum record format 2 needs before that `end`, with
// the right digest, so that the parser's own checks are what is tested.
std::string file(std::string header, const std::string &payload) {
  const std::string end = "end\n";
  bool sign = header.size() >= end.size() &&
              header.compare(header.size() - end.size(), end.size(), end) == 0;
  if (sign)
    header.resize(header.size() - end.size());
  std::string f(kArtifactMagic, 8);
  uint32_t n = static_cast<uint32_t>(header.size() +
                                     (sign ? kDummyChecksum.size() + 4 : 0));
  for (int i = 0; i < 4; ++i)
    f += static_cast<char>((n >> (8 * i)) & 0xff);
  f += header;
  if (sign)
    f += "checksum sha256 " + sha256Hex(f + payload) + "\nend\n";
  return f + payload;
}

const char kPreamble[] = "target cpu\nchip host\nfeatures -\ncompiler v1\n"
                         "key 00000000000000ff\nbinary so 3\n";

// The error of parsing \p header (after the standard preamble) with a
// 3-byte payload.
std::string errorOf(const std::string &header, bool withPreamble = true) {
  Artifact out;
  std::string error;
  std::string text = (withPreamble ? std::string(kPreamble) : "") + header;
  EXPECT_FALSE(parse(file(text, "abc"), out, error)) << text;
  return error;
}

void expectEqual(const Artifact &a, const Artifact &b) {
  EXPECT_EQ(a.target, b.target);
  EXPECT_EQ(a.chip, b.chip);
  EXPECT_EQ(a.features, b.features);
  EXPECT_EQ(a.compiler, b.compiler);
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.binaryFormat, b.binaryFormat);
  EXPECT_EQ(a.binary, b.binary);
  ASSERT_EQ(a.kernels.size(), b.kernels.size());
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    EXPECT_EQ(a.kernels[i].name, b.kernels[i].name);
    EXPECT_EQ(a.kernels[i].symbol, b.kernels[i].symbol);
    EXPECT_EQ(a.kernels[i].args, b.kernels[i].args);
    EXPECT_EQ(a.kernels[i].attrs, b.kernels[i].attrs);
    EXPECT_EQ(a.kernels[i].grid, b.kernels[i].grid);
    EXPECT_EQ(a.kernels[i].tensorMaps.size(), b.kernels[i].tensorMaps.size());
    for (size_t m = 0; m < a.kernels[i].tensorMaps.size() &&
                       m < b.kernels[i].tensorMaps.size();
         ++m)
      EXPECT_EQ(formatTensorMap(a.kernels[i].tensorMaps[m]),
                formatTensorMap(b.kernels[i].tensorMaps[m]));
  }
}

TEST(ArtifactTest, RoundTrip) {
  Artifact a = sample(), b;
  std::string error;
  ASSERT_TRUE(validateArtifact(a, error)) << error;
  ASSERT_TRUE(parse(serializeArtifact(a), b, error)) << error;
  expectEqual(a, b);
}

TEST(ArtifactTest, RoundTripOfEmptyFeaturesNoKernelsAndGPUFormats) {
  Artifact a = sample();
  a.features.clear();
  a.kernels.clear();
  std::string bytes = serializeArtifact(a);
  EXPECT_NE(bytes.find("features -\n"), std::string::npos);
  Artifact b;
  std::string error;
  ASSERT_TRUE(parse(bytes, b, error)) << error;
  expectEqual(a, b);
  for (auto [target, format] :
       {std::pair<const char *, const char *>{"nvidia", "cubin"},
        {"nvidia", "ptx"},
        {"amd", "hsaco"}}) {
    a.target = target;
    a.binaryFormat = format;
    ASSERT_TRUE(parse(serializeArtifact(a), b, error)) << error;
    expectEqual(a, b);
  }
}

TEST(ArtifactTest, HeaderLayout) {
  Artifact a = sample();
  a.binary = "xyz";
  std::string bytes = serializeArtifact(a);
  ASSERT_GE(bytes.size(), 12u);
  EXPECT_EQ(bytes.compare(0, 8, "TILEART2"), 0);
  uint32_t size = 0;
  for (int i = 0; i < 4; ++i)
    size |= uint32_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
  EXPECT_EQ(bytes.size(), 12 + size + 3);
  std::string header = bytes.substr(12, size);
  EXPECT_EQ(header.rfind("target cpu\nchip x86-64-v3\n", 0), 0u);
  EXPECT_NE(header.find("binary so 3\nkernel vector_add vector_add_entry 4\n"
                        "arg ptr\narg ptr\narg ptr\narg i32\n"
                        "attr threads 128\n"),
            std::string::npos);
  // The last two lines: the checksum of everything before it and of the
  // payload, then `end`.
  const size_t tail = 16 + 64 + 1 + 4;
  ASSERT_GT(header.size(), tail);
  std::string last = header.substr(header.size() - tail);
  EXPECT_EQ(last.substr(0, 16), "checksum sha256 ");
  EXPECT_EQ(last.substr(16 + 64), "\nend\n");
  size_t covered = 12 + header.size() - tail;
  EXPECT_EQ(last.substr(16, 64), sha256Hex(bytes.substr(0, covered) + "xyz"));
}

// Published test vectors (FIPS 180-2, appendix B).
TEST(ArtifactTest, Sha256) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb924"
                           "27ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223"
                              "b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(
      sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039"
      "a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67"
            "f1809a48a497200e046d39ccc7112cd0");
}

TEST(ArtifactTest, ArgKindNames) {
  const char *names[] = {"ptr", "i1",  "i8",   "i16", "i32",
                         "i64", "f16", "bf16", "f32", "f64"};
  for (const char *name : names) {
    ArgKind k;
    ASSERT_TRUE(parseArgKind(name, k));
    EXPECT_STREQ(argKindName(k), name);
  }
  ArgKind k;
  EXPECT_FALSE(parseArgKind("u32", k));
}

TEST(ArtifactTest, FindAttr) {
  Artifact a = sample();
  ASSERT_NE(findAttr(a.kernels[0], "threads"), nullptr);
  EXPECT_EQ(*findAttr(a.kernels[0], "threads"), 128);
  EXPECT_EQ(findAttr(a.kernels[0], "missing"), nullptr);
}

TEST(ArtifactTest, ContentKey) {
  EXPECT_EQ(contentKey(""), "cbf29ce484222325");
  EXPECT_EQ(contentKey("a"), "af63dc4c8601ec8c");
}

TEST(ArtifactTest, RejectsBadMagicAndTruncation) {
  Artifact out;
  std::string error;
  EXPECT_FALSE(parseArtifact(nullptr, 0, out, error));
  EXPECT_FALSE(parse("", out, error));
  EXPECT_NE(error.find("too short"), std::string::npos) << error;
  EXPECT_FALSE(parse("NOTATILExxxxxxxx", out, error));
  EXPECT_EQ(error, "not a tile artifact: bad magic (expected 'TILEART2')");
  EXPECT_FALSE(parse("TILEART2\x05", out, error));
  EXPECT_NE(error.find("truncated header"), std::string::npos) << error;

  std::string good = serializeArtifact(sample());
  EXPECT_FALSE(parse(good.substr(0, 40), out, error));
  EXPECT_NE(error.find("truncated header"), std::string::npos) << error;
  EXPECT_FALSE(parse(good.substr(0, good.size() - 1), out, error));
  EXPECT_EQ(error, "truncated payload: the header says 15 bytes but the file "
                   "has 14");
  EXPECT_FALSE(parse(good + "!", out, error));
  EXPECT_EQ(error, "payload size mismatch: the header says 15 bytes but 16 "
                   "follow the header");
  std::string huge = good;
  huge[8] = huge[9] = huge[10] = huge[11] = '\xff';
  EXPECT_FALSE(parse(huge, out, error));
  EXPECT_NE(error.find("truncated header: the header is 4294967295 bytes"),
            std::string::npos)
      << error;
}

// Every prefix of a valid file is rejected, without reading past its end.
TEST(ArtifactTest, RejectsEveryTruncation) {
  std::string good = serializeArtifact(sample());
  Artifact out;
  std::string error;
  for (size_t n = 0; n < good.size(); ++n)
    EXPECT_FALSE(parse(good.substr(0, n), out, error)) << n;
}

// Every single-byte change is rejected (the checksum catches what still
// parses), without the parser crashing or reading past the end.
TEST(ArtifactTest, RejectsEveryByteMutation) {
  std::string good = serializeArtifact(sample());
  Artifact out;
  std::string error;
  size_t changed = 0, rejected = 0;
  for (size_t i = 0; i < good.size(); ++i)
    for (unsigned char c : {0x00, 0x0a, 0x20, 0x30, 0x41, 0x7f, 0xff}) {
      std::string bad = good;
      bad[i] = static_cast<char>(c);
      if (bad == good)
        continue;
      ++changed;
      bool accepted = parse(bad, out, error);
      rejected += !accepted;
      EXPECT_FALSE(accepted) << "byte " << i << " set to " << int(c);
    }
  EXPECT_EQ(rejected, changed);
}

// A well-formed change (another valid chip, key, symbol or payload) parses
// but does not match the checksum.
TEST(ArtifactTest, RejectsChecksumMismatch) {
  std::string good = serializeArtifact(sample());
  Artifact out;
  std::string error;
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"x86-64-v3", "x86-64-v4"},
        {"0123456789abcdef", "0123456789abcdee"},
        {"tile-0.1.0", "tile-0.1.1"},
        {"vector_add_entry", "vector_add_entrz"},
        {"payload", "paylo4d"}}) {
    std::string bad = good;
    size_t at = bad.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    bad.replace(at, from.size(), to);
    EXPECT_FALSE(parse(bad, out, error)) << from;
    EXPECT_EQ(error.rfind("artifact checksum mismatch: the header records "
                          "sha256 ",
                          0),
              0u)
        << error;
    EXPECT_NE(error.find("; the file is damaged"), std::string::npos) << error;
  }
}

TEST(ArtifactTest, RejectsOtherFormatVersions) {
  std::string v1 = serializeArtifact(sample());
  v1[7] = '1';
  Artifact out;
  std::string error;
  EXPECT_FALSE(parse(v1, out, error));
  EXPECT_EQ(error, "artifact format 1 ('TILEART1') has no checksum and is no "
                   "longer supported: recompile it with tile-compile (this "
                   "runtime reads format 2, 'TILEART2')");
  std::string v9 = v1;
  v9[7] = '9';
  EXPECT_FALSE(parse(v9, out, error));
  EXPECT_EQ(error, "unsupported artifact format 'TILEART9' (this runtime "
                   "reads 'TILEART2'): recompile it with this version's "
                   "tile-compile");
}

TEST(ArtifactTest, RejectsMisplacedOrBadChecksum) {
  EXPECT_EQ(errorOf(kDummyChecksum + "kernel k s 0\nend\n"),
            "header line 8: only 'end' may follow the 'checksum' record");
  EXPECT_EQ(errorOf("checksum md5 00\nend\n"),
            "header line 7: unknown checksum algorithm 'md5' (expected "
            "sha256)");
  EXPECT_EQ(errorOf("checksum sha256 " + std::string(64, 'A') + "\nend\n"),
            "header line 7: bad checksum '" + std::string(64, 'A') +
                "' (expected 64 lowercase hex digits)");
  // Without a checksum, `end` is refused; so is a header without a final
  // newline.
  Artifact out;
  std::string error;
  std::string unsigned_ = std::string(kPreamble) + "end\n";
  std::string bytes(kArtifactMagic, 8);
  for (int i = 0; i < 4; ++i)
    bytes += static_cast<char>((unsigned_.size() >> (8 * i)) & 0xff);
  EXPECT_FALSE(parse(bytes + unsigned_ + "abc", out, error));
  EXPECT_EQ(error, "header line 7: no 'checksum' record before 'end'");
  std::string good = serializeArtifact(sample());
  EXPECT_EQ(errorOf(kDummyChecksum + "end"),
            "header line 8: the header must end with a newline");
}

TEST(ArtifactTest, RejectsNonCanonicalAndNonASCIIFields) {
  EXPECT_EQ(errorOf("kernel k s 01\narg ptr\nend\n"),
            "header line 7: bad argument count '01'");
  EXPECT_EQ(errorOf("kernel k s 0\nattr a -0\nend\n"),
            "header line 8: bad integer '-0' for attr 'a'");
  EXPECT_EQ(errorOf("kernel k\xc3\xa9 s 0\nend\n"),
            "header line 7: non-ASCII byte 0xc3");
  EXPECT_EQ(errorOf("kernel k s\x01 0\nend\n"),
            "header line 7: control character 0x01");
  EXPECT_EQ(errorOf(std::string("kernel k s\0 0\nend\n", 17)),
            "header line 7: control character 0x00");
  EXPECT_EQ(errorOf("features  x\nend\n", false),
            "header line 1: 'features' value starts or ends with a space");
  EXPECT_EQ(errorOf("target cpu\nchip c\nfeatures -\ncompiler v\n"
                    "key 00000000000000ff\nbinary so 03\nend\n",
                    false),
            "header line 6: bad payload size '03'");
}

TEST(ArtifactTest, RejectsMalformedRecords) {
  EXPECT_EQ(errorOf("bogus 1\nend\n"), "header line 7: unknown record 'bogus'");
  EXPECT_EQ(errorOf("kernel k s 2\narg ptr\nend\n"),
            "header line 9: kernel 'k' declares 2 arguments but has 1 'arg' "
            "records");
  EXPECT_EQ(errorOf("kernel k s 1\narg ptr\narg i32\nend\n"),
            "header line 9: kernel 'k' declares 1 arguments but has more "
            "'arg' records");
  EXPECT_EQ(errorOf("kernel k s 2\narg ptr\nkernel j s 0\nend\n"),
            "header line 9: kernel 'k' declares 2 arguments but has 1 'arg' "
            "records");
  EXPECT_EQ(errorOf("kernel k s 1\narg ptr\nattr threads 1\narg ptr\nend\n"),
            "header line 10: kernel 'k' declares 1 arguments but has more "
            "'arg' records");
  EXPECT_EQ(errorOf("kernel k s 2\narg ptr\nattr threads 1\nend\n"),
            "header line 9: kernel 'k' declares 2 arguments but has 1 'arg' "
            "records");
  EXPECT_EQ(errorOf("kernel k s 1\narg u32\nend\n"),
            "header line 8: unknown argument kind 'u32'");
  // Reported when the second kernel's records end (its attrs decide).
  EXPECT_EQ(errorOf("kernel k s 0\nkernel k t 0\nend\n"),
            "header line 9: duplicate kernel name 'k'");
  // A specialized variant shares its kernel's name and comes after it.
  Artifact variants;
  std::string error;
  EXPECT_TRUE(
      parse(file(std::string(kPreamble) + "kernel k s 0\nkernel k t 0\n"
                                          "attr divisible_args 1\nend\n",
                 "abc"),
            variants, error))
      << error;
  EXPECT_EQ(errorOf("kernel k t 0\nattr divisible_args 1\nkernel k s 0\n"
                    "end\n"),
            "header line 9: variant of kernel 'k' before the kernel itself");
  // Alternatives share the name too, numbered from 1 in order after the
  // kernel, with the kernel's arguments; their variants come after them.
  Artifact alternatives;
  EXPECT_TRUE(parse(file(std::string(kPreamble) +
                             "kernel k s 1\narg i32\nkernel k a 1\narg i32\n"
                             "attr alternative 1\nkernel k v 1\narg i32\n"
                             "attr divisible_args 1\nattr alternative 1\n"
                             "end\n",
                         "abc"),
                    alternatives, error))
      << error;
  EXPECT_EQ(alternativeOf(alternatives.kernels[1]), 1);
  EXPECT_EQ(errorOf("kernel k a 0\nattr alternative 1\nkernel k s 0\nend\n"),
            "header line 9: alternative 1 of kernel 'k' before the kernel "
            "itself");
  EXPECT_EQ(errorOf("kernel k s 0\nkernel k a 0\nattr alternative 2\nend\n"),
            "header line 10: alternative 2 of kernel 'k' out of order (the "
            "next is 1)");
  EXPECT_EQ(errorOf("kernel k s 0\nkernel k a 0\nattr alternative 0\nend\n"),
            "header line 10: alternative 0 of kernel 'k' is out of range (1 "
            "to 63)");
  EXPECT_EQ(errorOf("kernel k s 0\nkernel k v 0\nattr divisible_args 1\n"
                    "attr alternative 1\nend\n"),
            "header line 11: variant of alternative 1 of kernel 'k' before the "
            "alternative");
  EXPECT_EQ(errorOf("kernel k s 1\narg i32\nkernel k a 1\narg i64\n"
                    "attr alternative 1\nend\n"),
            "header line 12: alternative 1 of kernel 'k' takes other "
            "arguments than the kernel");
  // Tensor maps refer to the kernel's arguments.
  const std::string map = "kernel k s 2\narg ptr\narg i64\ntensor_map ";
  Artifact withMap;
  std::string mapError;
  EXPECT_TRUE(parse(file(std::string(kPreamble) + map +
                             "bf16 base=a0 sizes=a1,7 strides=a1,1 "
                             "box=128,64 swizzle=128 fill=zero\nend\n",
                         "abc"),
                    withMap, mapError))
      << mapError;
  // An argument times a constant (a head's stride, seq_len * 128), spelled
  // back as it was read.
  const std::string scaled = "bf16 base=a0 sizes=2147483647,a1,128 "
                             "strides=a1*128,128,1 box=1,64,64 swizzle=128 "
                             "fill=zero";
  Artifact withScale;
  ASSERT_TRUE(
      parse(file(std::string(kPreamble) + map + scaled + "\nend\n", "abc"),
            withScale, mapError))
      << mapError;
  const TensorMapInfo &scaledMap = withScale.kernels[0].tensorMaps[0];
  EXPECT_TRUE(scaledMap.strides[0].isArgument);
  EXPECT_EQ(scaledMap.strides[0].value, 1);
  EXPECT_EQ(scaledMap.strides[0].scale, 128);
  EXPECT_EQ(scaledMap.sizes[1].scale, 1);
  EXPECT_EQ(formatTensorMap(scaledMap), scaled);
  EXPECT_EQ(errorOf(map + "bf16 base=a0 sizes=a1,7 strides=a1*0,1 box=128,64 "
                          "swizzle=128 fill=zero\nend\n"),
            "header line 10: bad tensor map values 'a1*0,1'");
  EXPECT_EQ(errorOf(map + "bf16 base=a0*2 sizes=a1,7 strides=a1,1 box=128,64 "
                          "swizzle=128 fill=zero\nend\n"),
            "header line 10: bad tensor map base 'a0*2'");
  EXPECT_EQ(errorOf(map + "bf16 base=a1 sizes=a1,7 strides=a1,1 box=128,64 "
                          "swizzle=128 fill=zero\nend\n"),
            "header line 10: tensor map base a1 is not a pointer argument of "
            "kernel 'k'");
  EXPECT_EQ(errorOf(map + "bf16 base=a0 sizes=a0,7 strides=a1,1 box=128,64 "
                          "swizzle=128 fill=zero\nend\n"),
            "header line 10: tensor map value a0 is not an integer argument "
            "of kernel 'k'");
  EXPECT_EQ(errorOf(map + "bf16 base=a0 sizes=a1,7 strides=a1,2 box=128,64 "
                          "swizzle=128 fill=zero\nend\n"),
            "header line 10: a tensor map has 1 to 5 dimensions, as many "
            "sizes, strides and box extents, the last stride 1");
  EXPECT_EQ(errorOf(map + "bf16 base=a0 sizes=a1,7 strides=a1,1 box=512,64 "
                          "swizzle=128 fill=zero\nend\n"),
            "header line 10: bad tensor map box '512,64' (1 to 256 elements "
            "per dimension)");
  EXPECT_EQ(errorOf(map + "bf16 base=a0 sizes=a1,7 strides=a1,1 box=128,64 "
                          "swizzle=16 fill=zero\nend\n"),
            "header line 10: bad tensor map swizzle '16' (0, 32, 64 or 128 "
            "bytes)");
  EXPECT_EQ(errorOf(map + "ptr base=a0\nend\n"),
            "header line 10: 'tensor_map' takes 7 fields, got 2");
  EXPECT_EQ(errorOf("tensor_map bf16\nend\n"),
            "header line 7: 'tensor_map' record outside a kernel");
  EXPECT_EQ(errorOf("kernel k s 0\nattr a 1\nattr a 2\nend\n"),
            "header line 9: kernel 'k' has a duplicate attr 'a'");
  EXPECT_EQ(errorOf("kernel k s 0\nattr a 1x\nend\n"),
            "header line 8: bad integer '1x' for attr 'a'");
  EXPECT_EQ(errorOf("kernel k s 0\nattr a 9223372036854775808\nend\n"),
            "header line 8: bad integer '9223372036854775808' for attr 'a'");
  EXPECT_EQ(errorOf("kernel k s x\nend\n"),
            "header line 7: bad argument count 'x'");
  EXPECT_EQ(errorOf("kernel k s\nend\n"),
            "header line 7: 'kernel' takes 3 fields, got 2");
  EXPECT_EQ(errorOf("arg ptr\nend\n"),
            "header line 7: 'arg' record outside a kernel");
  EXPECT_EQ(errorOf("attr a 1\nend\n"),
            "header line 7: 'attr' record outside a kernel");
  EXPECT_EQ(errorOf("kernel k s 0\nchip other\nend\n"),
            "header line 8: 'chip' record after the first kernel");
  EXPECT_EQ(errorOf("chip other\nend\n"),
            "header line 7: duplicate 'chip' record");
  EXPECT_EQ(errorOf(""), "header has no 'end' record");
  EXPECT_EQ(errorOf(kDummyChecksum + "end\nend\n"),
            "header line 9: text after the 'end' record");
  EXPECT_EQ(errorOf(kDummyChecksum + "end\n\n"), "header line 9: empty line");
  EXPECT_EQ(errorOf("kernel  k s 0\nend\n"),
            "header line 7: empty field (fields are separated by single "
            "spaces)");
  EXPECT_EQ(errorOf("kernel k s 0 \nend\n"),
            "header line 7: empty field (fields are separated by single "
            "spaces)");
  EXPECT_EQ(errorOf("end\r\n"), "header line 7: control character 0x0d");
  EXPECT_EQ(errorOf("end extra\n"),
            "header line 7: 'end' takes 0 fields, got 1");
}

TEST(ArtifactTest, RejectsBadPreamble) {
  EXPECT_EQ(
      errorOf("target x86\nend\n", false),
      "header line 1: unknown target 'x86' (expected cpu, nvidia or amd)");
  EXPECT_EQ(errorOf("binary elf 3\nend\n", false),
            "header line 1: unknown binary format 'elf' (expected so, cubin, "
            "ptx or hsaco)");
  EXPECT_EQ(errorOf("binary so -3\nend\n", false),
            "header line 1: bad payload size '-3'");
  EXPECT_EQ(errorOf("key 0123456789ABCDEF\nend\n", false),
            "header line 1: bad key '0123456789ABCDEF' (expected 16 lowercase "
            "hex digits)");
  EXPECT_EQ(errorOf("features\nend\n", false),
            "header line 1: 'features' takes a value ('-' for none)");
  EXPECT_EQ(errorOf("target cpu\nend\n", false),
            "header line 2: missing 'chip' record before this line");
  EXPECT_EQ(errorOf("target cpu\nchip c\nfeatures -\ncompiler v\n"
                    "key 00000000000000ff\nbinary cubin 3\nend\n",
                    false),
            "binary format 'cubin' does not belong to target 'cpu'");
}

TEST(ArtifactTest, ValidateRejectsWhatCannotRoundTrip) {
  std::string error;
  Artifact a = sample();
  a.kernels[0].name = "has space";
  EXPECT_FALSE(validateArtifact(a, error));
  a = sample();
  a.kernels[1].name = a.kernels[0].name;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "duplicate kernel name 'vector_add'");
  a = sample();
  a.key = "123";
  EXPECT_FALSE(validateArtifact(a, error));
  a = sample();
  a.features = "line\nbreak";
  EXPECT_FALSE(validateArtifact(a, error));
  a = sample();
  a.target = "nvidia";
  EXPECT_FALSE(validateArtifact(a, error));
  a = sample();
  a.compiler = "";
  EXPECT_FALSE(validateArtifact(a, error));
  a = sample();
  a.kernels[0].attrs.push_back({"threads", 1});
  EXPECT_FALSE(validateArtifact(a, error));
  a = sample();
  a.features = "-";
  EXPECT_TRUE(validateArtifact(a, error)) << error;
  a.features = "caf\xc3\xa9";
  EXPECT_FALSE(validateArtifact(a, error));
}

// A bounds-checked kernel takes one i64 extent per pointer argument after
// its own arguments, which callers do not pass; the writer and the reader
// refuse a `bounds_check` count that does not fit.
TEST(ArtifactTest, BoundsCheckedKernels) {
  std::string error;
  Artifact a = sample(), b;
  KernelInfo &k = a.kernels[0];
  EXPECT_EQ(callerArgCount(k), 4u);
  k.args.insert(k.args.end(), 3, ArgKind::I64);
  k.attrs.push_back({"bounds_check", 3});
  EXPECT_EQ(callerArgCount(k), 4u);
  ASSERT_TRUE(validateArtifact(a, error)) << error;
  ASSERT_TRUE(parse(serializeArtifact(a), b, error)) << error;
  expectEqual(a, b);
  k.attrs.back().second = 2;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': bounds_check 2 but it has 3 pointer "
                   "arguments");
  k.attrs.back().second = 8;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': 8 arguments filled in by the "
                   "runtime exceed its 7 arguments");
  k.attrs.back().second = 3;
  k.args[5] = ArgKind::I32;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': argument #5, a buffer extent, is "
                   "i32, not i64");
}

// A persistent kernel takes the grid's three i32 extents after all other
// arguments (a bounds-checked kernel's extents included).
TEST(ArtifactTest, PersistentKernels) {
  std::string error;
  Artifact a = sample(), b;
  KernelInfo &k = a.kernels[0];
  k.args.insert(k.args.end(), 3, ArgKind::I64);
  k.attrs.push_back({"bounds_check", 3});
  k.args.insert(k.args.end(), kPersistentGridArgs, ArgKind::I32);
  k.attrs.push_back({"persistent", 1});
  EXPECT_EQ(callerArgCount(k), 4u);
  ASSERT_TRUE(validateArtifact(a, error)) << error;
  ASSERT_TRUE(parse(serializeArtifact(a), b, error)) << error;
  expectEqual(a, b);
  k.args[8] = ArgKind::I64;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': argument #8, a grid extent of a "
                   "persistent kernel, is i64, not i32");
  k.args[8] = ArgKind::I32;
  k.attrs.back().second = 2;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': persistent 2 is neither 0 nor 1");
}

// A split loop's workspace (attrs split_k and split_bytesN): pointers after
// the buffer extents, before a persistent kernel's grid extents.
TEST(ArtifactTest, SplitLoopKernels) {
  std::string error;
  Artifact a = sample(), b;
  KernelInfo &k = a.kernels[0];
  k.args.insert(k.args.end(), 3, ArgKind::I64);
  k.attrs.push_back({"bounds_check", 3});
  k.args.insert(k.args.end(), 3, ArgKind::Ptr);
  k.attrs.push_back({"split_k", 4});
  k.attrs.push_back({"split_bytes0", 32768});
  k.attrs.push_back({"split_bytes1", 4});
  k.args.insert(k.args.end(), kPersistentGridArgs, ArgKind::I32);
  k.attrs.push_back({"persistent", 1});
  EXPECT_EQ(callerArgCount(k), 4u);
  SplitWorkspace split = splitWorkspace(k);
  EXPECT_EQ(split.splits, 4);
  EXPECT_EQ(split.partialBytes, (std::vector<int64_t>{32768, 4}));
  EXPECT_EQ(split.argCount(), 3u);
  ASSERT_TRUE(validateArtifact(a, error)) << error;
  ASSERT_TRUE(parse(serializeArtifact(a), b, error)) << error;
  expectEqual(a, b);
  k.args[8] = ArgKind::I64;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': argument #8, part of a split loop's "
                   "workspace, is i64, not ptr");
  k.args[8] = ArgKind::Ptr;
  k.attrs[k.attrs.size() - 4].second = 65;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': split_k 65 is not from 2 to 64");
  k.attrs[k.attrs.size() - 4].second = 4;
  k.attrs[k.attrs.size() - 3].second = 0;
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error,
            "kernel 'vector_add': a split loop's partial sum of 0 bytes");
}

GridExpr gridExpr(const std::string &text) {
  GridExpr expr;
  std::string error;
  EXPECT_TRUE(parseGridExpr(text, expr, error)) << error;
  return expr;
}

// The extents of a declared grid (`grid X Y Z`): spelled, parsed and
// evaluated as LaunchGrid.h says.
TEST(ArtifactTest, GridExpressions) {
  for (const char *text :
       {"ceildiv(a2,256)", "a0*2+-1", "(a0+a1)*3", "a0+(a1+a2)",
        "mod(a1,floordiv(a0,4))", "a0*(a1*a2)", "-9223372036854775807", "7"})
    EXPECT_EQ(formatGridExpr(gridExpr(text)), text);
  auto value = [](const std::string &text, std::vector<int64_t> args) {
    GridExpr expr = gridExpr(text);
    int64_t out = 0;
    std::string error;
    EXPECT_TRUE(evaluateGridExpr(expr, args, out, error)) << error;
    return out;
  };
  EXPECT_EQ(value("ceildiv(a0,256)", {10000}), 40);
  EXPECT_EQ(value("ceildiv(a0,256)", {10240}), 40);
  EXPECT_EQ(value("floordiv(a0,2)", {-7}), -4);
  EXPECT_EQ(value("ceildiv(a0,2)", {-7}), -3);
  EXPECT_EQ(value("mod(a0,2)", {-7}), 1);
  EXPECT_EQ(value("a0*2+-1", {5}), 9);
  EXPECT_EQ(value("ceildiv(a0,a1)*a2", {100, 32, 3}), 12);
  EXPECT_EQ(gridExprArguments(gridExpr("a3+a1*a3")),
            (std::vector<unsigned>{1, 3}));
  auto failure = [](const std::string &text, std::vector<int64_t> args) {
    GridExpr expr = gridExpr(text);
    int64_t out = 0;
    std::string error;
    EXPECT_FALSE(evaluateGridExpr(expr, args, out, error)) << text;
    return error;
  };
  EXPECT_EQ(failure("floordiv(a0,a1)", {5, 0}),
            "grid extent floordiv(a0,a1) divides by 0 (a divisor must be "
            "positive)");
  EXPECT_EQ(failure("a0*a0", {int64_t(1) << 40}),
            "grid extent a0*a0 overflows 64 bits");
  EXPECT_EQ(failure("a2", {1}), "grid extent a2 reads argument 2 of 1");
  auto parseError = [](const std::string &text) {
    GridExpr expr;
    std::string error;
    EXPECT_FALSE(parseGridExpr(text, expr, error)) << text;
    return error;
  };
  EXPECT_EQ(parseError(""), "bad grid extent '': expected an integer at "
                            "offset 0");
  EXPECT_EQ(parseError("a"), "bad grid extent 'a': expected an integer at "
                             "offset 1");
  EXPECT_EQ(parseError("a-1"), "bad grid extent 'a-1': expected an argument "
                               "number at offset 1");
  EXPECT_EQ(parseError("ceildiv(a1)"), "bad grid extent 'ceildiv(a1)': "
                                       "expected ',' at offset 10");
  EXPECT_EQ(parseError("a1+"), "bad grid extent 'a1+': expected an integer "
                               "at offset 3");
  EXPECT_EQ(parseError("1)"), "bad grid extent '1)': unexpected ) at "
                              "offset 1");
  EXPECT_EQ(parseError("99999999999999999999"),
            "bad grid extent '99999999999999999999': integer out of range at "
            "offset 19");
  EXPECT_EQ(parseError(std::string(40, '(') + "1" + std::string(40, ')')),
            "bad grid extent '" + std::string(40, '(') + "1" +
                std::string(40, ')') + "': nested too deeply at offset 33");
}

TEST(ArtifactTest, DeclaredGrids) {
  std::string error;
  Artifact a = sample(), b;
  KernelInfo &k = a.kernels[0]; // ptr, ptr, ptr, i32
  k.grid = {gridExpr("ceildiv(a3,128)"), gridExpr("1"), gridExpr("1")};
  ASSERT_TRUE(validateArtifact(a, error)) << error;
  std::string bytes = serializeArtifact(a);
  EXPECT_NE(bytes.find("\ngrid ceildiv(a3,128) 1 1\n"), std::string::npos);
  ASSERT_TRUE(parse(bytes, b, error)) << error;
  expectEqual(a, b);
  k.grid[1] = gridExpr("a0");
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': grid extent a0 reads argument 0, a "
                   "ptr, not an integer");
  k.grid[1] = gridExpr("a4");
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': grid extent a4 reads argument 4, "
                   "but the kernel takes 4");
  k.grid.pop_back();
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error, "kernel 'vector_add': a grid of 2 extents (x, y, z: 3)");

  EXPECT_EQ(errorOf("grid 1 1 1\nend\n"),
            "header line 7: 'grid' record outside a kernel");
  EXPECT_EQ(errorOf("kernel k s 1\narg i32\ngrid a0 1\nend\n"),
            "header line 9: 'grid' takes 3 fields, got 2");
  EXPECT_EQ(errorOf("kernel k s 1\narg i32\ngrid a0 1 1\ngrid 1 1 1\n"
                    "end\n"),
            "header line 10: kernel 'k' has a second 'grid'");
  EXPECT_EQ(errorOf("kernel k s 1\narg i32\ngrid a0 a1 1\nend\n"),
            "header line 10: kernel 'k': grid extent a1 reads argument 1, but "
            "the kernel takes 1");
  EXPECT_EQ(errorOf("kernel k s 1\narg i32\ngrid a0+ 1 1\nend\n"),
            "header line 9: bad grid extent 'a0+': expected an integer at "
            "offset 3");
  // A variant runs over the grid of what it specializes; alternatives may
  // declare their own.
  EXPECT_EQ(errorOf("kernel k s 1\narg i32\ngrid a0 1 1\nkernel k v 1\n"
                    "arg i32\nattr divisible_args 1\ngrid 1 1 1\nend\n"),
            "header line 14: variant 'v' of kernel 'k' declares another grid "
            "than it");
  Artifact alternatives;
  EXPECT_TRUE(parse(file(std::string(kPreamble) +
                             "kernel k s 1\narg i32\ngrid a0 1 1\n"
                             "kernel k a 1\narg i32\nattr alternative 1\n"
                             "grid ceildiv(a0,4) 1 1\nend\n",
                         "abc"),
                    alternatives, error))
      << error;
}

// Names, symbols and attribute names are non-empty printable ASCII without
// spaces; the writer refuses anything else and says why.
TEST(ArtifactTest, ValidateRejectsBadNamesAndSymbols) {
  const std::pair<std::string, std::string> bad[] = {
      {"", "is empty"},
      {"a b", "contains a space"},
      {"a\tb", "contains the control character 0x09"},
      {"a\nb", "contains the control character 0x0a"},
      {std::string("a\0b", 3), "contains a NUL byte"},
      {"a\x7f", "contains the control character 0x7f"},
      {"caf\xc3\xa9", "contains the non-ASCII byte 0xc3"},
  };
  std::string error;
  for (const auto &[text, why] : bad) {
    Artifact a = sample();
    a.kernels[0].name = text;
    EXPECT_FALSE(validateArtifact(a, error));
    EXPECT_EQ(error.rfind("kernel name ", 0), 0u) << error;
    EXPECT_NE(error.find(why + " (it must be non-empty printable ASCII "
                               "without spaces)"),
              std::string::npos)
        << error;
    a = sample();
    a.kernels[1].symbol = text;
    EXPECT_FALSE(validateArtifact(a, error));
    EXPECT_EQ(error.rfind("entry symbol of kernel 'all_kinds' ", 0), 0u)
        << error;
    EXPECT_NE(error.find(why), std::string::npos) << error;
    a = sample();
    a.kernels[0].attrs[0].first = text;
    EXPECT_FALSE(validateArtifact(a, error));
    a = sample();
    a.chip = text;
    EXPECT_FALSE(validateArtifact(a, error));
  }
  // Messages escape what they quote.
  Artifact a = sample();
  a.kernels[0].name = "a\nb";
  EXPECT_FALSE(validateArtifact(a, error));
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_NE(error.find("'a\\x0ab'"), std::string::npos) << error;
  // writeArtifactFile validates before it creates the file.
  std::string path = testing::TempDir() + "/never-written.tile";
  std::remove(path.c_str());
  EXPECT_FALSE(writeArtifactFile(path, a, error));
  EXPECT_NE(error.find("contains the control character 0x0a"),
            std::string::npos)
      << error;
  EXPECT_EQ(std::fopen(path.c_str(), "rb"), nullptr);
}

// The file reader stops at a limit, and early on a wrong prefix (/dev/zero).
TEST(ArtifactTest, ReadWholeFileBounds) {
  std::string out, error;
  int err = 0;
  EXPECT_TRUE(
      readWholeFile("/dev/zero", out, error, &err, SIZE_MAX, kArtifactFamily));
  EXPECT_LE(out.size(), 65536u);
  EXPECT_FALSE(readWholeFile("/dev/zero", out, error, &err, 100000));
  EXPECT_EQ(err, EFBIG);
  EXPECT_EQ(error, "'/dev/zero' is larger than 100000 bytes");
  Artifact a;
  EXPECT_FALSE(readArtifactFile("/dev/zero", a, error));
  EXPECT_NE(error.find("bad magic"), std::string::npos) << error;
}

} // namespace
