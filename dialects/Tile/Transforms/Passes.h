//===- Passes.h - Target-independent tile passes ---------------*- C++ -*-===//

#ifndef TILE_DIALECTS_TILE_TRANSFORMS_PASSES_H
#define TILE_DIALECTS_TILE_TRANSFORMS_PASSES_H

#include "tile/Dialect/IR/Tile.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Dialect/Transforms/Passes.h.inc"

/// Adds the patterns of the tile-combine pass (besides canonicalizations).
void populateTileCombinePatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Transforms/Passes.h.inc"

} // namespace mlir::tile

#endif // TILE_DIALECTS_TILE_TRANSFORMS_PASSES_H
