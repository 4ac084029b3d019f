//===- ArgSpec.cpp - Kernel arguments and grids from the command line -----===//

#include "tile-run/ArgSpec.h"

#include <cstdint>

using namespace mlir::tile::run;

bool mlir::tile::run::parseGrid(const std::string &text, uint32_t grid[3],
                                std::string &message) {
  grid[0] = grid[1] = grid[2] = 1;
  size_t start = 0;
  for (int axis = 0;; ++axis) {
    size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma - start);
    int64_t v;
    if (axis > 2 || !parseInt(part, v) || v < 0 || v > UINT32_MAX) {
      message = "bad --grid '" + text +
                "' (expected X[,Y[,Z]], non-negative integers)";
      return false;
    }
    grid[axis] = static_cast<uint32_t>(v);
    if (comma == std::string::npos)
      return true;
    start = comma + 1;
  }
}

bool mlir::tile::run::parseArgSpec(const std::string &spec, ArgSpec &out,
                                   std::string &message) {
  auto bad = [&](const std::string &why) {
    message = "bad --arg '" + spec + "': " + why;
    return false;
  };
  size_t colon = spec.find(':');
  if (colon == std::string::npos)
    return bad("expected KIND:VALUE or buf:DTYPE:COUNT:FILL");
  std::string kind = spec.substr(0, colon), rest = spec.substr(colon + 1);

  if (kind == "buf") {
    size_t c1 = rest.find(':');
    size_t c2 = c1 == std::string::npos ? c1 : rest.find(':', c1 + 1);
    if (c2 == std::string::npos)
      return bad("expected buf:DTYPE:COUNT:FILL");
    std::string dtype = rest.substr(0, c1);
    std::string count = rest.substr(c1 + 1, c2 - c1 - 1);
    if (!parseDType(dtype, out.dtype))
      return bad("unknown element type '" + dtype +
                 "' (expected f32, f64, f16, bf16, f8e4m3, f8e5m2, i8, i16, "
                 "i32, i64 or u8)");
    int64_t n;
    // The byte size must fit in size_t and leave room for the fill.
    if (!parseInt(count, n) || n <= 0 ||
        uint64_t(n) > SIZE_MAX / 2 / dtypeSize(out.dtype))
      return bad("bad element count '" + count +
                 "' (expected a positive integer)");
    out.count = static_cast<size_t>(n);
    std::string why;
    if (!parseFill(rest.substr(c2 + 1), out.fill, why))
      return bad(why);
    out.isBuffer = true;
    out.arg.kind = TILE_ARG_PTR;
    return true;
  }

  static const struct {
    const char *name;
    tile_arg_kind_t kind;
  } scalars[] = {
      {"i1", TILE_ARG_I1},     {"i8", TILE_ARG_I8},   {"i16", TILE_ARG_I16},
      {"i32", TILE_ARG_I32},   {"i64", TILE_ARG_I64}, {"f16", TILE_ARG_F16},
      {"bf16", TILE_ARG_BF16}, {"f32", TILE_ARG_F32}, {"f64", TILE_ARG_F64},
  };
  for (const auto &s : scalars) {
    if (kind != s.name)
      continue;
    out.arg.kind = s.kind;
    if (s.kind <= TILE_ARG_I64) {
      if (!parseInt(rest, out.arg.value.i))
        return bad("'" + rest + "' is not a 64-bit integer");
      return true;
    }
    double v;
    if (!parseFloat(rest, v))
      return bad("'" + rest + "' is not a number");
    if (s.kind == TILE_ARG_F16 || s.kind == TILE_ARG_BF16)
      out.arg.value.bits16 = encodeSmallFloat(
          s.kind == TILE_ARG_F16 ? DType::F16 : DType::BF16, v);
    else
      out.arg.value.f = v;
    return true;
  }
  return bad("unknown kind '" + kind +
             "' (expected i1, i8, i16, i32, i64, f16, bf16, f32, f64 or buf)");
}
