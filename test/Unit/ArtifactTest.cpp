//===- ArtifactTest.cpp - Unit tests of the artifact reader and writer ----===//
//
// Round trips through serializeArtifact/parseArtifact, and one rejection test
// per kind of damage, each checking the message. Inputs are parsed from heap
// copies of their exact size so that a sanitizer build catches any read past
// the end.
//
//===----------------------------------------------------------------------===//

#include "runtime/artifact.h"

#include <gtest/gtest.h>

#include <memory>

using namespace tile;

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

// An artifact file from header text and payload.
std::string file(const std::string &header, const std::string &payload) {
  std::string f(kArtifactMagic, 8);
  uint32_t n = static_cast<uint32_t>(header.size());
  for (int i = 0; i < 4; ++i)
    f += static_cast<char>((n >> (8 * i)) & 0xff);
  return f + header + payload;
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
  EXPECT_EQ(bytes.compare(0, 8, "TILEART1"), 0);
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
  EXPECT_EQ(header.substr(header.size() - 4), "end\n");
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
  EXPECT_FALSE(parse("TILEART2xxxxxxxx", out, error));
  EXPECT_NE(error.find("bad magic"), std::string::npos) << error;
  EXPECT_FALSE(parse("TILEART1\x05", out, error));
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

// No single-byte change crashes the parser; most are rejected.
TEST(ArtifactTest, SurvivesByteMutations) {
  std::string good = serializeArtifact(sample());
  Artifact out;
  std::string error;
  size_t rejected = 0;
  for (size_t i = 0; i < good.size(); ++i)
    for (unsigned char c : {0x00, 0x0a, 0x20, 0x41, 0x7f, 0xff}) {
      std::string bad = good;
      bad[i] = static_cast<char>(c);
      rejected += !parse(bad, out, error);
    }
  EXPECT_GT(rejected, good.size());
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
  EXPECT_EQ(errorOf("end\nend\n"),
            "header line 8: text after the 'end' record");
  EXPECT_EQ(errorOf("end\n\n"), "header line 8: empty line");
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
}

} // namespace
