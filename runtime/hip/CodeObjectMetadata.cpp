//===- CodeObjectMetadata.cpp - Kernels described by a code object --------===//
//
// ELF64 little-endian section headers, the notes of SHT_NOTE sections, and
// the subset of MessagePack the AMDGPU metadata uses (maps with string keys,
// arrays, strings, integers, booleans, floats, nil and binary blobs).
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/hip/CodeObjectMetadata.h"

#include <cstring>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

constexpr uint32_t kNoteAMDGPUMetadata = 32;
constexpr uint32_t kSectionNote = 7;
constexpr int kMaxDepth = 32;

template <typename T> bool readLE(const std::string &s, uint64_t at, T &out) {
  if (at > s.size() || sizeof(T) > s.size() - at)
    return false;
  std::memcpy(&out, s.data() + at, sizeof(T));
  return true;
}

/// A MessagePack value, decoded into a tree.
struct Value {
  enum Kind { Nil, Bool, Int, Float, String, Binary, Array, Map } kind = Nil;
  int64_t integer = 0; ///< Int (unsigned values above INT64_MAX are refused)
  std::string text;    ///< String and Binary
  std::vector<Value> items;
  std::vector<std::pair<std::string, Value>> entries; ///< Map

  const Value *get(const char *key) const {
    for (const auto &[k, v] : entries)
      if (k == key)
        return &v;
    return nullptr;
  }
};

/// Reads one MessagePack value at a time from a byte range.
class Decoder {
public:
  Decoder(const char *data, size_t size) : data(data), size(size) {}

  bool read(Value &out, int depth = 0) {
    if (depth > kMaxDepth)
      return fail("nesting deeper than " + std::to_string(kMaxDepth));
    uint8_t tag;
    if (!byte(tag))
      return false;
    if (tag <= 0x7f)
      return integer(out, tag);
    if (tag >= 0xe0)
      return integer(out, int8_t(tag));
    if ((tag & 0xf0) == 0x80)
      return map(out, tag & 0x0f, depth);
    if ((tag & 0xf0) == 0x90)
      return array(out, tag & 0x0f, depth);
    if ((tag & 0xe0) == 0xa0)
      return string(out, Value::String, tag & 0x1f);
    uint64_t n = 0;
    switch (tag) {
    case 0xc0:
      out.kind = Value::Nil;
      return true;
    case 0xc2:
    case 0xc3:
      out.kind = Value::Bool;
      out.integer = tag == 0xc3;
      return true;
    case 0xc4:
    case 0xc5:
    case 0xc6:
      return length(tag - 0xc4, n) && string(out, Value::Binary, n);
    case 0xca:
    case 0xcb:
      out.kind = Value::Float;
      return skip(tag == 0xca ? 4 : 8);
    case 0xcc:
    case 0xcd:
    case 0xce:
    case 0xcf:
      if (!big(1u << (tag - 0xcc), n))
        return false;
      if (n > uint64_t(INT64_MAX))
        return fail("an integer above 2^63");
      return integer(out, int64_t(n));
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3: {
      unsigned bytes = 1u << (tag - 0xd0);
      if (!big(bytes, n))
        return false;
      // Sign-extend from the value's width.
      unsigned shift = 64 - 8 * bytes;
      return integer(out, int64_t(n << shift) >> shift);
    }
    case 0xd9:
    case 0xda:
    case 0xdb:
      return length(tag - 0xd9, n) && string(out, Value::String, n);
    case 0xdc:
    case 0xdd:
      return big(tag == 0xdc ? 2 : 4, n) && array(out, n, depth);
    case 0xde:
    case 0xdf:
      return big(tag == 0xde ? 2 : 4, n) && map(out, n, depth);
    default:
      return fail("MessagePack type 0x" + hex(tag) + " is not supported");
    }
  }

  std::string error;

private:
  bool fail(const std::string &why) {
    if (error.empty())
      error = why;
    return false;
  }

  static std::string hex(uint8_t b) {
    const char *digits = "0123456789abcdef";
    return {digits[b >> 4], digits[b & 15]};
  }

  bool byte(uint8_t &out) {
    if (at >= size)
      return fail("the metadata ends in the middle of a value");
    out = uint8_t(data[at++]);
    return true;
  }

  bool skip(uint64_t n) {
    if (n > size - at)
      return fail("the metadata ends in the middle of a value");
    at += n;
    return true;
  }

  // A big-endian unsigned integer of \p bytes bytes.
  bool big(unsigned bytes, uint64_t &out) {
    out = 0;
    for (unsigned i = 0; i < bytes; ++i) {
      uint8_t b;
      if (!byte(b))
        return false;
      out = out << 8 | b;
    }
    return true;
  }

  // The length of a str8/16/32 or bin8/16/32, \p log2 = 0, 1, 2.
  bool length(unsigned log2, uint64_t &out) { return big(1u << log2, out); }

  bool integer(Value &out, int64_t value) {
    out.kind = Value::Int;
    out.integer = value;
    return true;
  }

  bool string(Value &out, Value::Kind kind, uint64_t n) {
    if (n > size - at)
      return fail("the metadata ends in the middle of a string");
    out.kind = kind;
    out.text.assign(data + at, n);
    at += n;
    return true;
  }

  bool array(Value &out, uint64_t n, int depth) {
    // Each element takes at least a byte: a count beyond the rest is damage.
    if (n > size - at)
      return fail("an array longer than the metadata");
    out.kind = Value::Array;
    out.items.resize(n);
    for (Value &item : out.items)
      if (!read(item, depth + 1))
        return false;
    return true;
  }

  bool map(Value &out, uint64_t n, int depth) {
    if (n > (size - at) / 2)
      return fail("a map longer than the metadata");
    out.kind = Value::Map;
    out.entries.resize(n);
    for (auto &[key, value] : out.entries) {
      Value k;
      if (!read(k, depth + 1))
        return false;
      if (k.kind != Value::String)
        return fail("a map key that is not a string");
      key = std::move(k.text);
      if (!read(value, depth + 1))
        return false;
    }
    return true;
  }

  const char *data;
  size_t size;
  size_t at = 0;
};

// The descriptor of the first AMDGPU metadata note of \p image.
bool findMetadataNote(const std::string &image, std::string &out,
                      std::string &why) {
  uint32_t magic;
  uint8_t elfClass, encoding;
  if (!readLE(image, 0, magic) || magic != 0x464c457fu ||
      !readLE(image, 4, elfClass) || !readLE(image, 5, encoding) ||
      elfClass != 2 || encoding != 1) {
    why = "the code object is not a 64-bit little-endian ELF file";
    return false;
  }
  uint64_t sectionOffset;
  uint16_t entrySize, count;
  if (!readLE(image, 0x28, sectionOffset) || !readLE(image, 0x3a, entrySize) ||
      !readLE(image, 0x3c, count) || entrySize < 64) {
    why = "the code object's ELF header is damaged";
    return false;
  }
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t header = sectionOffset + i * entrySize;
    uint32_t type;
    uint64_t offset, bytes;
    if (!readLE(image, header + 4, type) ||
        !readLE(image, header + 0x18, offset) ||
        !readLE(image, header + 0x20, bytes) || offset > image.size() ||
        bytes > image.size() - offset) {
      why = "the code object's section headers are damaged";
      return false;
    }
    if (type != kSectionNote)
      continue;
    // Notes: name size, descriptor size, type, then both, 4-byte aligned.
    for (uint64_t at = offset, end = offset + bytes; at + 12 <= end;) {
      uint32_t nameSize, descSize, noteType;
      readLE(image, at, nameSize);
      readLE(image, at + 4, descSize);
      readLE(image, at + 8, noteType);
      uint64_t name = at + 12;
      uint64_t desc = name + ((uint64_t(nameSize) + 3) & ~uint64_t(3));
      uint64_t next = desc + ((uint64_t(descSize) + 3) & ~uint64_t(3));
      if (desc > end || descSize > end - desc) {
        why = "a note of the code object is damaged";
        return false;
      }
      if (noteType == kNoteAMDGPUMetadata && nameSize == 7 &&
          image.compare(name, 7, std::string("AMDGPU\0", 7)) == 0) {
        out = image.substr(desc, descSize);
        return true;
      }
      at = next;
    }
  }
  why = "the code object has no AMDGPU metadata note";
  return false;
}

bool getInt(const Value &map, const char *key, uint64_t &out) {
  const Value *v = map.get(key);
  if (!v || v->kind != Value::Int || v->integer < 0)
    return false;
  out = uint64_t(v->integer);
  return true;
}

bool getString(const Value &map, const char *key, std::string &out) {
  const Value *v = map.get(key);
  if (!v || v->kind != Value::String)
    return false;
  out = v->text;
  return true;
}

} // namespace

const CodeObjectKernel *
CodeObjectMetadata::find(const std::string &name) const {
  for (const CodeObjectKernel &kernel : kernels)
    if (kernel.name == name)
      return &kernel;
  return nullptr;
}

bool mlir::tile::rt::readCodeObjectMetadata(const std::string &image,
                                            CodeObjectMetadata &out,
                                            std::string &why) {
  std::string note;
  if (!findMetadataNote(image, note, why))
    return false;
  Decoder decoder(note.data(), note.size());
  Value root;
  if (!decoder.read(root)) {
    why = "the code object's metadata is malformed: " + decoder.error;
    return false;
  }
  const Value *kernels = root.get("amdhsa.kernels");
  if (root.kind != Value::Map || !kernels || kernels->kind != Value::Array) {
    why = "the code object's metadata has no amdhsa.kernels array";
    return false;
  }
  getString(root, "amdhsa.target", out.target);
  for (const Value &k : kernels->items) {
    CodeObjectKernel kernel;
    const Value *args = k.get(".args");
    if (k.kind != Value::Map || !getString(k, ".name", kernel.name) ||
        !getString(k, ".symbol", kernel.symbol) ||
        !getInt(k, ".kernarg_segment_size", kernel.kernargSegmentSize)) {
      why = "a kernel of the code object's metadata lacks .name, .symbol or "
            ".kernarg_segment_size";
      return false;
    }
    getInt(k, ".group_segment_fixed_size", kernel.groupSegmentFixedSize);
    getInt(k, ".max_flat_workgroup_size", kernel.maxFlatWorkgroupSize);
    getInt(k, ".wavefront_size", kernel.wavefrontSize);
    if (args && args->kind != Value::Array) {
      why = "kernel " + kernel.name + ": .args is not an array";
      return false;
    }
    static const std::vector<Value> none;
    for (const Value &a : args ? args->items : none) {
      CodeObjectArg arg;
      if (a.kind != Value::Map || !getInt(a, ".offset", arg.offset) ||
          !getInt(a, ".size", arg.size) ||
          !getString(a, ".value_kind", arg.valueKind)) {
        why = "kernel " + kernel.name + ": argument #" +
              std::to_string(kernel.args.size()) +
              " lacks .offset, .size or .value_kind";
        return false;
      }
      kernel.args.push_back(std::move(arg));
    }
    out.kernels.push_back(std::move(kernel));
  }
  return true;
}
