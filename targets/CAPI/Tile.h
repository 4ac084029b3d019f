/*===-- tile-c/Tile.h - The tile compiler's C API -----------------*- C -*-===*\
|*                                                                            *|
|* The tile dialect, its types, passes and targets for hosts written in C or  *|
|* bound from other languages, in the style of MLIR's own C API (mlir-c/):    *|
|* the same handle types, MlirStringRef and callbacks for returned text.      *|
|* libtile_capi.so carries MLIR's core C API (mlir-c/IR.h, mlir-c/Pass.h) as  *|
|* well, so a C host links this library and libtile_runtime.so only.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_TILE_H
#define TILE_C_TILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__tile__(): the tile dialect alone. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);

/* The tile dialect and everything the targets' pipelines load and translate
 * (the C++ registerTileDialects). A context made with this registry compiles
 * for every target. */
MLIR_CAPI_EXPORTED void tileRegisterDialects(MlirDialectRegistry registry);

/* The tile passes, conversions and target pipelines, by name, for
 * mlirParsePassPipeline (the C++ registerAllTilePasses). */
MLIR_CAPI_EXPORTED void tileRegisterAllPasses(void);

/*===-- Types -------------------------------------------------------------===*/

/* !tile.ptr<pointee, addressSpace>. */
MLIR_CAPI_EXPORTED bool tileTypeIsAPointer(MlirType type);
MLIR_CAPI_EXPORTED MlirType tilePointerTypeGet(MlirType pointee,
                                               unsigned addressSpace);
MLIR_CAPI_EXPORTED MlirType tilePointerTypeGetPointee(MlirType type);
MLIR_CAPI_EXPORTED unsigned tilePointerTypeGetAddressSpace(MlirType type);

/* !tile.desc<blockType>; blockType is a ranked tensor type. */
MLIR_CAPI_EXPORTED bool tileTypeIsATensorDesc(MlirType type);
MLIR_CAPI_EXPORTED MlirType tileTensorDescTypeGet(MlirType blockType);
MLIR_CAPI_EXPORTED MlirType tileTensorDescTypeGetBlockType(MlirType type);

/*===-- Compiling ---------------------------------------------------------===*/

/* Adds the pipeline of `target` ("cpu", "nvidia:sm_90a", "amd:chip=gfx942",
 * the syntax of tile-compile --target) to `passManager`. On failure, calls
 * `onError` with why (an unknown target or option) and returns failure. */
MLIR_CAPI_EXPORTED MlirLogicalResult
tileAddTargetPipeline(MlirOpPassManager passManager, MlirStringRef target,
                      MlirStringCallback onError, void *userData);

/* Compiles the tile.func kernels of `module` (which holds nothing else; it is
 * not changed) for `target` into an artifact, the bytes that
 * tile_module_load of tile/runtime.h takes. On success calls `onArtifact`
 * with the bytes, possibly in several pieces; on failure calls `onError`
 * with each diagnostic (location, message, notes). `boundsCheck` is
 * tile-compile --bounds-check. */
MLIR_CAPI_EXPORTED MlirLogicalResult tileCompileToArtifact(
    MlirModule module, MlirStringRef target, bool boundsCheck,
    MlirStringCallback onArtifact, MlirStringCallback onError, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_TILE_H */
