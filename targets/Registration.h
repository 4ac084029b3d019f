//===- Registration.h - What a host registers to use the compiler -*- C++
//-*-===//
//
// The entry points a host compiler calls once, as mlir-opt calls
// mlir/InitAllDialects.h: the dialects, extensions and translations the
// targets' pipelines need, and every pass and pipeline of the project.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGETS_REGISTRATION_H
#define TILE_TARGETS_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::tile {

/// Adds the tile dialect and everything the targets' pipelines load or
/// translate: the dialects kernels are written in (arith, math, scf, cf), the
/// ones they lower through (vector, gpu, nvvm, rocdl, omp, llvm, ...), their
/// conversion-to-LLVM extensions and their LLVM IR translations. A context
/// built from this registry compiles for every target.
void registerTileDialects(DialectRegistry &registry);

/// Registers the tile dialect's passes, the conversions and every target's
/// pipeline (`tile-cpu-pipeline`, `tile-nvidia-pipeline`,
/// `tile-amd-pipeline`) with MLIR's pass registry, so that textual pipelines
/// name them. Registers the targets too (registerAllTargets).
void registerAllTilePasses();

/// Registers every target built into this binary (Target.h's registry) and
/// their pipelines.
void registerAllTargets();

} // namespace mlir::tile

#endif // TILE_TARGETS_REGISTRATION_H
