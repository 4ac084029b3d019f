//===- CompileCache.cpp - Artifacts kept on disk by content ---------------===//

#include "tile/Target/CompileCache.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

using namespace mlir;
using namespace mlir::tile;

// Entries are "<64 hex digits>.tile"; temporary files "<key>.tile.tmp-XXXX".
static constexpr StringLiteral kEntrySuffix = ".tile";
// An entry is an artifact file; anything larger is not one of ours.
static constexpr size_t kMaxEntryBytes = size_t(1) << 30;

CompileCache::CompileCache(std::string directory)
    : directory(directory.empty() ? defaultDirectory() : std::move(directory)) {
}

std::string CompileCache::defaultDirectory() {
  if (std::optional<std::string> dir =
          llvm::sys::Process::GetEnv("TILE_CACHE_DIR"))
    if (!dir->empty())
      return *dir;
  SmallString<128> path;
  if (std::optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    path = *xdg;
  } else if (std::optional<std::string> home =
                 llvm::sys::Process::GetEnv("HOME")) {
    path = *home;
    llvm::sys::path::append(path, ".cache");
  } else {
    path = "/tmp";
  }
  llvm::sys::path::append(path, "tile");
  return std::string(path);
}

std::string CompileCache::entryPath(StringRef key) const {
  SmallString<128> path(directory);
  llvm::sys::path::append(path, key + kEntrySuffix);
  return std::string(path);
}

bool CompileCache::lookup(StringRef key, StringRef contentKey, Artifact &out,
                          std::string *why) const {
  std::string path = entryPath(key), bytes, error;
  int errorNumber = 0;
  if (!readWholeFile(path, bytes, error, &errorNumber, kMaxEntryBytes)) {
    if (why)
      *why = errorNumber == ENOENT ? "no entry" : error;
    return false;
  }
  Artifact entry;
  if (!parseArtifact(bytes.data(), bytes.size(), entry, error) ||
      entry.key != contentKey) {
    if (why)
      *why = error.empty() ? "the entry records key " + entry.key + ", not " +
                                 contentKey.str()
                           : error;
    // A damaged entry is replaced by the next store; remove it now so that
    // a failed compile does not leave it to be read again.
    llvm::sys::fs::remove(path);
    return false;
  }
  out = std::move(entry);
  return true;
}

LogicalResult CompileCache::store(StringRef key, const Artifact &artifact,
                                  std::string &error) const {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory)) {
    error = "cannot create the cache directory '" + directory +
            "': " + ec.message();
    return failure();
  }
  std::string path = entryPath(key);
  SmallString<128> temporary;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".tmp-%%%%%%%%", fd, temporary)) {
    error = "cannot write to the cache directory '" + directory +
            "': " + ec.message();
    return failure();
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << serializeArtifact(artifact);
    os.flush();
    if (os.has_error()) {
      error = "cannot write '" + temporary.str().str() +
              "': " + os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return failure();
    }
  }
  // rename(2) replaces atomically: a reader sees the old entry, the new one
  // or none, never part of one. Two writers of one key write equal bytes.
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    error = "cannot rename '" + temporary.str().str() +
            "' into the cache: " + ec.message();
    return failure();
  }
  return success();
}

LogicalResult CompileCache::clear(size_t &removed, std::string &error) const {
  removed = 0;
  if (!llvm::sys::fs::is_directory(directory))
    return success();
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(directory, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef name = llvm::sys::path::filename(it->path());
    // Only what the cache writes: a directory named by mistake keeps the
    // rest of its files.
    bool entry = name.ends_with(kEntrySuffix) ||
                 name.contains(kEntrySuffix.str() + ".tmp-");
    if (!entry)
      continue;
    if (std::error_code rm = llvm::sys::fs::remove(it->path())) {
      error = "cannot remove '" + it->path() + "': " + rm.message();
      return failure();
    }
    ++removed;
  }
  if (ec) {
    error =
        "cannot list the cache directory '" + directory + "': " + ec.message();
    return failure();
  }
  return success();
}

std::string CompileCache::fileIdentity(StringRef path) {
  llvm::sys::fs::file_status status;
  if (path.empty() || llvm::sys::fs::status(path, status))
    return "";
  std::string identity;
  llvm::raw_string_ostream os(identity);
  os << path << ":" << status.getSize() << ":"
     << status.getLastModificationTime().time_since_epoch().count();
  return identity;
}

std::string CompileCache::compilerIdentity() {
  void *self = reinterpret_cast<void *>(&CompileCache::compilerIdentity);
  Dl_info info;
  std::string binary;
  if (dladdr(self, &info) && info.dli_fname)
    binary = info.dli_fname;
  // The main program may be named as it was started (a relative path).
  if (!llvm::sys::path::is_absolute(binary))
    binary = llvm::sys::fs::getMainExecutable(nullptr, self);
  return fileIdentity(binary) + " llvm-" LLVM_VERSION_STRING;
}
