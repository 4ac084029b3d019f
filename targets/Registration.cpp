//===- Registration.cpp - The targets built into this binary --------------===//
//
// The one place that names every target: adding a target adds one line here
// and its own folder.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/Registration.h"
#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Conversion/TileToVector/TileToVector.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/Dialect/Transforms/Passes.h"
#include "tile/Target/Target.h"
#include "tile/Target/amd/AMDTarget.h"
#include "tile/Target/cpu/CPUTarget.h"
#include "tile/Target/nvidia/NVIDIATarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

void mlir::tile::registerTileDialects(DialectRegistry &registry) {
  registry.insert<TileDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, gpu::GPUDialect, index::IndexDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  NVVM::NVVMDialect, omp::OpenMPDialect, ROCDL::ROCDLDialect,
                  scf::SCFDialect, ub::UBDialect, vector::VectorDialect>();
  // The GPU lowerings reach LLVM through convert-to-llvm's interfaces, which
  // these extensions attach to the dialects above; without them arith and
  // math ops survive into translation.
  registerAllExtensions(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}

void mlir::tile::registerAllTilePasses() {
  registerTilePasses();
  registerTileToVectorPasses();
  registerTileToGPUPasses();
  registerAllTargets();
}

void mlir::tile::registerAllTargets() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  registerAMDTarget();
  registerCPUTarget();
  registerNVIDIATarget();
}
