//===- Linker.h - Shared objects linked by lld in-process -------*- C++ -*-===//
//
// The CPU and AMD targets both end in an ELF shared object: a kernel library
// and a code object. They link it with lld's ELF driver inside the compiler's
// process, so no ld.lld needs to be installed and no process is started.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGET_LINKER_H
#define TILE_TARGET_LINKER_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::tile {

/// Links the relocatable ELF `objects` into a shared object (`-shared`, then
/// `arguments`, then the objects) and returns its bytes in `library`. A
/// failed link is an error at `loc`, "linking <what> failed", carrying lld's
/// messages. Calls are serialized: lld keeps its state in globals.
LogicalResult linkSharedObject(Location loc, StringRef what,
                               ArrayRef<std::string> objects,
                               ArrayRef<std::string> arguments,
                               std::string &library);

/// The version of the lld linked into the compiler, for cache keys.
std::string getLinkerVersion();

} // namespace mlir::tile

#endif // TILE_TARGET_LINKER_H
