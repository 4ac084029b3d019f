//===- tile-test-pack.cpp - Wrap a binary into a tile artifact (tests) ----===//
//
// A test helper standing in for the compiler: it packs an existing binary
// (the hand-written fixture shared object, or a PTX or cubin file for target
// nvidia) with the kernel records given on the command line, through the same
// artifact writer the targets use.
//
//   tile-test-pack -o OUT --binary FILE [--target T] [--format F] [--chip C]
//                  [--features F] [--compiler V]
//                  --kernel NAME:SYMBOL:KIND,...[:ATTR=V,...]
//                  [--tensor-map "FIELDS"] ...
//
// --tensor-map adds a `tensor_map FIELDS` record to the kernel before it,
// --grid 'X Y Z' a `grid X Y Z` record (its declared grid).
// An empty KIND list ("NAME:SYMBOL:") declares no arguments. The format
// defaults to the target's: so (cpu), hsaco (amd), and for nvidia ptx when
// FILE ends in .ptx, cubin otherwise.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/artifact.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace mlir::tile;

namespace {

int fail(const std::string &message) {
  std::fprintf(stderr, "tile-test-pack: error: %s\n", message.c_str());
  return 1;
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos - start));
    if (pos == std::string::npos)
      return parts;
    start = pos + 1;
  }
}

bool parseKernel(const std::string &spec, KernelInfo &out, std::string &error) {
  std::vector<std::string> parts = split(spec, ':');
  if (parts.size() < 3 || parts.size() > 4) {
    error = "bad --kernel '" + spec + "' (NAME:SYMBOL:KINDS[:ATTRS])";
    return false;
  }
  out.name = parts[0];
  out.symbol = parts[1];
  if (!parts[2].empty())
    for (const std::string &kind : split(parts[2], ',')) {
      ArgKind k;
      if (!parseArgKind(kind, k)) {
        error = "unknown argument kind '" + kind + "'";
        return false;
      }
      out.args.push_back(k);
    }
  if (parts.size() == 4)
    for (const std::string &attr : split(parts[3], ',')) {
      size_t eq = attr.find('=');
      char *end = nullptr;
      long long v = eq == std::string::npos
                        ? 0
                        : std::strtoll(attr.c_str() + eq + 1, &end, 10);
      if (eq == std::string::npos || !end || *end) {
        error = "bad attribute '" + attr + "' (NAME=INTEGER)";
        return false;
      }
      out.attrs.emplace_back(attr.substr(0, eq), v);
    }
  return true;
}

const char *defaultFormat(const std::string &target, const std::string &path) {
  if (target == "nvidia")
    return path.size() > 4 && path.compare(path.size() - 4, 4, ".ptx") == 0
               ? "ptx"
               : "cubin";
  if (target == "amd")
    return "hsaco";
  return "so";
}

} // namespace

int main(int argc, char **argv) {
  Artifact a;
  a.target = "cpu";
  a.chip = "host";
  a.compiler = "tile-test-pack";
  std::string output, binaryPath, error;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc)
      return fail("option '" + arg + "' needs a value");
    std::string value = argv[++i];
    if (arg == "-o")
      output = value;
    else if (arg == "--binary")
      binaryPath = value;
    else if (arg == "--target")
      a.target = value;
    else if (arg == "--format")
      a.binaryFormat = value;
    else if (arg == "--chip")
      a.chip = value;
    else if (arg == "--features")
      a.features = value;
    else if (arg == "--compiler")
      a.compiler = value;
    else if (arg == "--tensor-map") {
      if (a.kernels.empty())
        return fail("--tensor-map before any --kernel");
      std::vector<std::string> words = split(value, ' ');
      std::vector<std::string_view> fields(words.begin(), words.end());
      TensorMapInfo map;
      if (!parseTensorMap(fields, map, error))
        return fail(error);
      a.kernels.back().tensorMaps.push_back(map);
    } else if (arg == "--grid") {
      if (a.kernels.empty())
        return fail("--grid before any --kernel");
      std::vector<std::string> words = split(value, ' ');
      KernelInfo &k = a.kernels.back();
      k.grid.clear();
      for (const std::string &word : words) {
        GridExpr extent;
        if (!parseGridExpr(word, extent, error))
          return fail(error);
        k.grid.push_back(std::move(extent));
      }
    } else if (arg == "--kernel") {
      KernelInfo k;
      if (!parseKernel(value, k, error))
        return fail(error);
      a.kernels.push_back(std::move(k));
    } else
      return fail("unknown option '" + arg + "'");
  }
  if (output.empty() || binaryPath.empty())
    return fail("-o and --binary are required");
  if (a.binaryFormat.empty())
    a.binaryFormat = defaultFormat(a.target, binaryPath);

  FILE *f = std::fopen(binaryPath.c_str(), "rb");
  if (!f)
    return fail("cannot open '" + binaryPath + "'");
  char chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0)
    a.binary.append(chunk, n);
  std::fclose(f);
  a.key = contentKey(a.binary);

  if (!writeArtifactFile(output, a, error))
    return fail(error);
  return 0;
}
