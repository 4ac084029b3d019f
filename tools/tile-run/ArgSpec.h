//===- ArgSpec.h - Kernel arguments and grids from the command line -*- C++
//-*-===//
//
// The `--arg` and `--grid` syntax of tile-run, shared with tile-check so that
// one spec makes the same inputs in both tools (docs/Runtime.md):
//   scalars  i1:V i8:V i16:V i32:V i64:V f16:V bf16:V f32:V f64:V
//   buffers  buf:DTYPE:COUNT:FILL
//   grids    X[,Y[,Z]]
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_ARGSPEC_H
#define TILE_TOOLS_TILE_RUN_ARGSPEC_H

#include "tile-run/Data.h"
#include "tile/runtime.h"

#include <cstdint>
#include <string>

namespace mlir::tile {
namespace run {

/// One kernel argument as the command line describes it.
struct ArgSpec {
  tile_arg_t arg{};
  bool isBuffer = false;
  DType dtype = DType::F32;
  size_t count = 0;
  Fill fill;
};

/// Parses one `--arg` spec; on failure \p message says what is wrong.
bool parseArgSpec(const std::string &spec, ArgSpec &out, std::string &message);

/// Parses "X[,Y[,Z]]" (missing axes are 1); extents may be zero here, the
/// runtime decides what a zero extent means.
bool parseGrid(const std::string &text, uint32_t grid[3], std::string &message);

} // namespace run
} // namespace mlir::tile

#endif // TILE_TOOLS_TILE_RUN_ARGSPEC_H
