//===- CompileCache.h - Artifacts kept on disk by content -------*- C++ -*-===//
//
// A content-addressed store of compiled artifacts. An entry is named by the
// SHA-256 of everything its compile depended on (the module, the resolved
// target options, the compiler binary and the external tools it ran), so a
// hit is what compiling again would give. Entries are written to a temporary
// file and renamed into place: concurrent processes see a whole entry or
// none. An entry that does not parse, fails its checksum or records another
// key is a miss (and is removed), never a wrong artifact.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGETS_COMPILECACHE_H
#define TILE_TARGETS_COMPILECACHE_H

#include "tile/Runtime/artifact.h"

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::tile {

class CompileCache {
public:
  /// A cache in `directory`; empty means defaultDirectory().
  explicit CompileCache(std::string directory = "");

  /// $TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile, else $HOME/.cache/tile.
  static std::string defaultDirectory();
  const std::string &getDirectory() const { return directory; }

  /// The entry for `key` (64 hex digits) into `out`, if there is a whole one
  /// recording content key `contentKey`. A damaged entry is removed and
  /// `why` (if given) says what was wrong with it.
  bool lookup(StringRef key, StringRef contentKey, Artifact &out,
              std::string *why = nullptr) const;

  /// Writes the entry for `key` atomically.
  LogicalResult store(StringRef key, const Artifact &artifact,
                      std::string &error) const;

  /// Removes every entry (and temporary file) of the cache; sets `removed`.
  LogicalResult clear(size_t &removed, std::string &error) const;

  /// An identity of a file that changes when it is replaced: its path,
  /// size and modification time ("" if it does not exist).
  static std::string fileIdentity(StringRef path);

  /// The identity of the binary this code is linked into (an executable or
  /// a shared library), so that a rebuilt compiler misses old entries.
  static std::string compilerIdentity();

private:
  std::string entryPath(StringRef key) const;
  std::string directory;
};

} // namespace mlir::tile

#endif // TILE_TARGETS_COMPILECACHE_H
