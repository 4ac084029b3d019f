//===- Reduce.h - Shrinks a failing tile-check case to a reproducer -*- C++
//-*-===//
//
// When a target disagrees with the reference, the reducer shrinks the launch
// while the same target keeps failing the same way (the same buffer differs,
// or the run fails again): the grid, the scalar arguments, the buffer sizes
// and then the buffer contents (zeroing ever smaller chunks). Optionally it
// shrinks the kernel too, with tile-reduce (mlir-reduce style reductions)
// and tile-check as the interestingness test. It writes a directory that
// reproduces the failure on its own: the kernel, the input files and a
// repro.sh.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_CHECK_REDUCE_H
#define TILE_TOOLS_TILE_CHECK_REDUCE_H

#include "tile-check/Check.h"

#include <string>
#include <vector>

namespace mlir::tile {
namespace check {

struct ReduceOptions {
  std::string directory;  ///< where the reproducer goes
  std::string kernelPath; ///< the kernel file, copied into the reproducer
  std::string toolPath;   ///< argv[0] of tile-check, to find tile-reduce
  bool reduceIR = false;
  /// Flags the reproducer passes on (--tol, --inject-fault).
  std::vector<std::string> extraFlags;
  /// Give up shrinking after this many runs.
  unsigned maxAttempts = 2000;
};

/// Shrinks \p failing, on which \p target failed (at buffer \p buffer when
/// it ran), and writes the reproducer. Prints what it does; false when the
/// reproducer cannot be written.
bool reduceAndWrite(Checker &checker, const Case &failing,
                    const std::string &target, size_t buffer,
                    const ReduceOptions &options);

} // namespace check
} // namespace mlir::tile

#endif // TILE_TOOLS_TILE_CHECK_REDUCE_H
