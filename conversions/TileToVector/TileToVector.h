//===- TileToVector.h - Strip-mines tile programs into vector loops -*- C++
//-*-===//
//
// The CPU lowering of tile kernels. A tile is not a vector register: each
// tile.func becomes a function computing one program, in which every tile
// value is evaluated lazily, one native-width chunk at a time, inside the
// loop of the op that consumes it (a store, a reduction, a loop-carried
// tile). An elementwise chain is therefore fused into its consumer's loop:
// each element is loaded once, computed in registers and stored once.
// Reductions keep vector accumulators and finish with a shuffle tree.
//
// A second entry point wraps each program function in the kernel entry of the
// CPU ABI (docs/Runtime.md), which runs the grid of programs in parallel with
// OpenMP.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TILETOVECTOR_TILETOVECTOR_H
#define TILE_CONVERSIONS_TILETOVECTOR_TILETOVECTOR_H

#include "mlir/Pass/Pass.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Conversion/TileToVector/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/TileToVector/Passes.h.inc"

/// The name of the CPU kernel entry of kernel `name`.
std::string getCPUKernelEntryName(StringRef name);

/// The i32 global a failed tile.assert sets to 1 in a CPU module.
StringRef getCPUAssertFlagName();

} // namespace mlir::tile

#endif // TILE_CONVERSIONS_TILETOVECTOR_TILETOVECTOR_H
