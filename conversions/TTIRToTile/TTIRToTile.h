//===- TTIRToTile.h - Import of Triton's TTIR -------------------*- C++ -*-===//
//
// The tt -> tile conversion (convert-ttir-to-tile) and the entry point that
// parses a TTIR file for the tools (tile-opt --import-ttir, tile-compile and
// tile-check on .ttir files). docs/TTIR.md.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TTIRTOTILE_TTIRTOTILE_H
#define TILE_CONVERSIONS_TTIRTOTILE_TTIRTOTILE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/Pass.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
namespace tile {

#define GEN_PASS_DECL
#include "tile/Conversion/TTIRToTile/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/TTIRToTile/Passes.h.inc"

/// Registers the tt dialect and what TTIR uses beside it (ub, gpu.barrier,
/// llvm.intr.assume), so that TTIR parses.
void registerTTIRDialects(DialectRegistry &registry);

/// Parses the TTIR in `sourceMgr`'s main buffer and converts it to a tile
/// module (convert-ttir-to-tile with `options`: what Triton records outside
/// the TTIR). `metadataPath`, when not empty, is Triton's metadata JSON of
/// the kernel (its cache's `<kernel>.json`, or the corpus's sidecar):
/// num_warps, num_stages and enable_fp_fusion from it fill what `options`
/// leaves unset, and a file that names another kernel or another argument
/// count is an error. Text that is not TTIR (TTGIR, LLVM IR, PTX, bytecode,
/// several modules) is refused with one located error before parsing.
/// Returns null after reporting the error through the context's diagnostics.
OwningOpRef<ModuleOp> importTTIR(llvm::SourceMgr &sourceMgr,
                                 MLIRContext *context,
                                 ConvertTTIRToTileOptions options = {},
                                 StringRef metadataPath = {});

/// The metadata file Triton keeps beside a TTIR file (`<stem>.json`), or
/// empty when there is none.
std::string findTTIRMetadata(StringRef ttirPath);

/// True when a file name says TTIR (`.ttir`).
bool isTTIRFileName(StringRef path);

/// Inlines the module's tt.call'ed helpers into the kernel and deletes them,
/// and lifts the cf branches of early returns into scf (Structure.cpp).
LogicalResult structureTTIRKernel(ModuleOp module);

/// Takes each block pointer apart into its base, extents, strides and
/// offsets, and its loads and stores into pointer tensors with bounds masks
/// (BlockPointers.cpp).
LogicalResult lowerBlockPointers(ModuleOp module);

/// Replaces each tt.map_elementwise by its scalar function evaluated on
/// whole tensors (MapElementwise.cpp).
LogicalResult expandMapElementwise(ModuleOp module);

/// Turns each !tt.tensordesc argument of the kernel (a host
/// TensorDescriptor, passed with its array's extents and strides) into the
/// array's base pointer and a tt.make_tensor_descriptor at the top of the
/// kernel, whose out-of-bounds value is `paddings`' entry for it ("zero" or
/// "nan"; one entry for all, none for "zero": Triton records it nowhere).
LogicalResult materializeHostDescriptors(ModuleOp module,
                                         ArrayRef<std::string> paddings);

/// Rewrites the tt ops tile has no twin for but a few TTIR ops express
/// (descriptor gathers, scatters and reduces, unsplat, gathers of a smaller
/// size off their axis) into those ops (Decompositions.cpp).
LogicalResult decomposeOpsWithoutTwin(ModuleOp module);

} // namespace tile
} // namespace mlir

#endif // TILE_CONVERSIONS_TTIRTOTILE_TTIRTOTILE_H
