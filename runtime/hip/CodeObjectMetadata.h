//===- CodeObjectMetadata.h - Kernels a code object describes ---*- C++ -*-===//
//
// An AMDGPU code object (an ELF shared object) describes its kernels in a
// note of type NT_AMDGPU_METADATA, owner "AMDGPU": a MessagePack map whose
// "amdhsa.kernels" array gives each kernel's name, its explicit and hidden
// arguments (offset, size, value kind) and its resource use. The HIP backend
// reads it to check, before any launch, that the arguments it packs land
// where the kernel reads them. The reader needs no LLVM and accepts only
// well-formed input: every length is bounds-checked.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_HIP_CODEOBJECTMETADATA_H
#define TILE_RUNTIME_HIP_CODEOBJECTMETADATA_H

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::tile {
namespace rt {

/// One kernel argument of the metadata.
struct CodeObjectArg {
  uint64_t offset = 0;
  uint64_t size = 0;
  std::string valueKind; ///< "global_buffer", "by_value", "hidden_..."

  bool isHidden() const { return valueKind.rfind("hidden_", 0) == 0; }
};

/// One kernel of the metadata.
struct CodeObjectKernel {
  std::string name;   ///< ".name"
  std::string symbol; ///< ".symbol", the kernel descriptor ("name.kd")
  std::vector<CodeObjectArg> args;
  uint64_t kernargSegmentSize = 0;
  uint64_t groupSegmentFixedSize = 0;
  uint64_t maxFlatWorkgroupSize = 0;
  uint64_t wavefrontSize = 0;
};

/// The code object's target ("amdgcn-amd-amdhsa--gfx942") and kernels.
struct CodeObjectMetadata {
  std::string target;
  std::vector<CodeObjectKernel> kernels;

  /// The kernel named \p name, or null.
  const CodeObjectKernel *find(const std::string &name) const;
};

/// Reads the metadata note of the ELF code object \p image. On failure
/// returns false with \p why saying what is malformed or missing.
bool readCodeObjectMetadata(const std::string &image, CodeObjectMetadata &out,
                            std::string &why);

} // namespace rt
} // namespace mlir::tile

#endif // TILE_RUNTIME_HIP_CODEOBJECTMETADATA_H
