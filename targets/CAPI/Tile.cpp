//===- Tile.cpp - The tile compiler's C API -------------------------------===//

#include "tile-c/Tile.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/Target/Target.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tile;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, mlir::tile::TileDialect)

void tileRegisterDialects(MlirDialectRegistry registry) {
  registerTileDialects(*unwrap(registry));
}

void tileRegisterAllPasses(void) { registerAllTilePasses(); }

bool tileTypeIsAPointer(MlirType type) {
  return isa<PointerType>(unwrap(type));
}

MlirType tilePointerTypeGet(MlirType pointee, unsigned addressSpace) {
  return wrap(PointerType::get(unwrap(pointee), addressSpace));
}

MlirType tilePointerTypeGetPointee(MlirType type) {
  return wrap(cast<PointerType>(unwrap(type)).getPointeeType());
}

unsigned tilePointerTypeGetAddressSpace(MlirType type) {
  return cast<PointerType>(unwrap(type)).getAddressSpace();
}

bool tileTypeIsATensorDesc(MlirType type) {
  return isa<TensorDescType>(unwrap(type));
}

MlirType tileTensorDescTypeGet(MlirType blockType) {
  auto block = cast<RankedTensorType>(unwrap(blockType));
  return wrap(TensorDescType::get(block.getContext(), block));
}

MlirType tileTensorDescTypeGetBlockType(MlirType type) {
  return wrap(cast<TensorDescType>(unwrap(type)).getBlockType());
}

static void report(MlirStringCallback callback, void *userData,
                   StringRef text) {
  if (callback)
    callback(wrap(text), userData);
}

MlirLogicalResult tileAddTargetPipeline(MlirOpPassManager passManager,
                                        MlirStringRef target,
                                        MlirStringCallback onError,
                                        void *userData) {
  std::string error;
  FailureOr<TargetOptions> options =
      TargetOptions::parse(unwrap(target), error);
  if (failed(options) ||
      failed(buildTargetPipeline(*unwrap(passManager), *options, error))) {
    report(onError, userData, error);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult tileCompileToArtifact(MlirModule module, MlirStringRef target,
                                        bool boundsCheck,
                                        MlirStringCallback onArtifact,
                                        MlirStringCallback onError,
                                        void *userData) {
  ModuleOp op = unwrap(module);
  std::string error;
  FailureOr<TargetOptions> options =
      TargetOptions::parse(unwrap(target), error);
  if (failed(options)) {
    report(onError, userData, error);
    return mlirLogicalResultFailure();
  }
  options->boundsCheck = boundsCheck;

  // Diagnostics of this compilation go to the caller, with their locations,
  // instead of the context's handlers.
  ScopedDiagnosticHandler handler(op.getContext(), [&](Diagnostic &diag) {
    std::string line;
    llvm::raw_string_ostream os(line);
    os << diag.getLocation() << ": " << diag;
    for (Diagnostic &note : diag.getNotes())
      os << "\n" << note.getLocation() << ": note: " << note;
    report(onError, userData, line);
    return success();
  });
  Artifact artifact;
  if (failed(compileToArtifact(op, *options, artifact)))
    return mlirLogicalResultFailure();
  if (!validateArtifact(artifact, error)) {
    report(onError, userData, "cannot write the artifact: " + error);
    return mlirLogicalResultFailure();
  }
  report(onArtifact, userData, serializeArtifact(artifact));
  return mlirLogicalResultSuccess();
}
