//===- CodeObject.h - AMDGCN code objects from the lowered module -*- C++
//-*-===//
//
// The back half of the AMD target: the LLVM dialect of `gpu.module
// @tile_kernels` becomes LLVM IR, linked with the ROCm device libraries the
// kernels call, optimized and compiled by LLVM's AMDGPU backend into a
// relocatable object, which lld (in-process) links into the code object
// (hsaco) the HIP runtime loads. The code object's metadata note says what
// each kernel uses (registers, scratch, LDS), which the artifact records.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGETS_AMD_CODEOBJECT_H
#define TILE_TARGETS_AMD_CODEOBJECT_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::tile::amd {

/// What the target knows of one chip.
struct ChipInfo {
  StringLiteral name;
  /// The device libraries' `__oclc_ISA_version`: major * 1000 + minor * 100
  /// + stepping.
  unsigned isaVersion;
  unsigned waveSize;
  /// VGPRs one lane of a wave may hold (AGPRs included where the register
  /// file is unified).
  unsigned vgprsPerLane;
  /// VGPRs per lane of one SIMD, shared by the waves resident on it.
  unsigned vgprsPerSIMDLane;
};

/// SIMDs the waves of a workgroup are spread over: a CDNA compute unit's
/// four, or an RDNA 3 work-group processor's four (in its default mode).
constexpr unsigned kSIMDsPerComputeUnit = 4;

/// The chip named `name`, or null if the target does not support it.
const ChipInfo *lookupChip(StringRef name);
/// The names of the supported chips, comma separated.
std::string getSupportedChipList();

/// Identifies the ROCm device libraries a compile links (for the compile
/// cache): the folder and the files' sizes and times. `libraries` is the
/// folder the options name (TargetOptions::toolkit), if any.
std::string getDeviceLibrariesIdentity(StringRef libraries);

constexpr StringLiteral kTriple = "amdgcn-amd-amdhsa";
/// ROCm 5 loads code objects up to version 5 only; LLVM 22 writes 6 unless
/// told otherwise.
constexpr unsigned kCodeObjectVersion = 5;

enum class CodeObjectStage {
  LLVMIR,     ///< optimized LLVM IR, as text
  Assembly,   ///< AMDGCN assembly
  CodeObject, ///< the linked hsaco
};

/// Compiles the kernels of `module`'s gpu.module for `chip` up to `stage`,
/// into `out`, with the ROCm device libraries of the folder `libraries` (the
/// default place when empty). Diagnostics go to the module's context.
LogicalResult compileKernels(ModuleOp module, const ChipInfo &chip,
                             StringRef features, StringRef libraries,
                             CodeObjectStage stage, std::string &out);

/// What the code object's metadata says of one kernel.
struct KernelResources {
  std::string name;
  int64_t vgprs = 0, agprs = 0, sgprs = 0;
  int64_t vgprSpills = 0, sgprSpills = 0;
  /// Scratch bytes per work-item (spills and stack).
  int64_t privateSegmentBytes = 0;
  /// LDS the kernel allocates statically, besides the dynamic scratch.
  int64_t groupSegmentBytes = 0;
  int64_t wavefrontSize = 0;
  int64_t maxFlatWorkgroupSize = 0;
};

/// Reads the AMDGPU metadata note of the code object `hsaco`; on failure says
/// why in `error`.
FailureOr<SmallVector<KernelResources>> readKernelResources(StringRef hsaco,
                                                            std::string &error);

} // namespace mlir::tile::amd

#endif // TILE_TARGETS_AMD_CODEOBJECT_H
