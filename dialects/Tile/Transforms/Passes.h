//===- Passes.h - Target-independent tile passes ---------------*- C++ -*-===//

#ifndef TILE_DIALECTS_TILE_TRANSFORMS_PASSES_H
#define TILE_DIALECTS_TILE_TRANSFORMS_PASSES_H

#include "tile/Dialect/IR/Tile.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Dialect/Transforms/Passes.h.inc"

/// The workspace a kernel's split loop (`tile.split_k`, docs/Semantics.md
/// section 1.3) asks the runtime for: how many programs share the loop, and
/// the bytes of one program's partial sum of each value the loop carries.
/// `splits` is 0 for a kernel without a split loop.
struct SplitLoopWorkspace {
  int64_t splits = 0;
  SmallVector<int64_t> partialBytes;
};
SplitLoopWorkspace getSplitLoopWorkspace(FuncOp kernel);

/// Adds the patterns of the tile-combine pass (besides canonicalizations).
void populateTileCombinePatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Transforms/Passes.h.inc"

} // namespace mlir::tile

#endif // TILE_DIALECTS_TILE_TRANSFORMS_PASSES_H
