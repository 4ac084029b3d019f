//===- GridIds.h - Rewriting a kernel's program ids ------------*- C++ -*-===//
//
// Helpers the passes that change how a grid is launched share
// (tile-apply-schedule, tile-split-loops): each builds the launched
// program's ids and extents, derives the ids of the program the kernel as
// written expects, and replaces the kernel's own id ops with them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_TRANSFORMS_GRIDIDS_H
#define TILE_DIALECTS_TILE_TRANSFORMS_GRIDIDS_H

#include "tile/Dialect/IR/Tile.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tile::detail {

/// Replaces every program_id (and, given `extents`, num_programs) of
/// `kernel` that `keep` does not hold with the values of its axis, and has
/// its prints and asserts name those ids rather than the launched
/// program's.
void replaceGridOps(FuncOp kernel, ArrayRef<Value> ids, ArrayRef<Value> extents,
                    const llvm::SmallPtrSetImpl<Operation *> &keep);

/// The launched program's ids and the launched grid's extents, built at the
/// insertion point of `b`; their ops are added to `created`.
void launchedGrid(OpBuilder &b, Location loc, SmallVectorImpl<Value> &ids,
                  SmallVectorImpl<Value> &extents,
                  llvm::SmallPtrSetImpl<Operation *> &created);

/// Erases the launched grid's ids and extents that nothing uses.
void eraseUnused(const llvm::SmallPtrSetImpl<Operation *> &created);

/// Drops the `tile.alternative_of` marks of `module`'s kernels that join a
/// kernel named in `changed` to another: a pass that gave those kernels new
/// arguments left them other signatures. (The targets take alternatives
/// apart before their pipelines; tile-opt's pipelines meet the marks.)
void dropAlternativeMarks(Operation *module, const llvm::StringSet<> &changed);

} // namespace mlir::tile::detail

#endif // TILE_DIALECTS_TILE_TRANSFORMS_GRIDIDS_H
