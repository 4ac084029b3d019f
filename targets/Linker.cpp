//===- Linker.cpp - Shared objects linked by lld in-process ---------------===//

#include "tile/Target/Linker.h"

#include "mlir/IR/Diagnostics.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

using namespace mlir;

namespace {
/// Keeps the process's named command-line options out of lld's reach while
/// it runs: its ELF driver resets every registered option to its default
/// (cl::ResetAllOptionOccurrences) before parsing its own -mllvm flags, which
/// took tile-compile's -o and --emit away in the middle of a compilation.
/// Positional options cannot be set aside; the tools read theirs first.
class CommandLineOptionsAside {
public:
  CommandLineOptionsAside() {
    for (llvm::cl::SubCommand *command : llvm::cl::getRegisteredSubcommands()) {
      saved.emplace_back(command,
                         llvm::DenseMap<StringRef, llvm::cl::Option *>());
      saved.back().second.swap(llvm::cl::getRegisteredOptions(*command));
    }
  }
  ~CommandLineOptionsAside() {
    for (auto &[command, options] : saved)
      llvm::cl::getRegisteredOptions(*command).swap(options);
  }

private:
  SmallVector<std::pair<llvm::cl::SubCommand *,
                        llvm::DenseMap<StringRef, llvm::cl::Option *>>>
      saved;
};
} // namespace

LogicalResult mlir::tile::linkSharedObject(Location loc, StringRef what,
                                           ArrayRef<std::string> objects,
                                           ArrayRef<std::string> arguments,
                                           std::string &library) {
  SmallString<128> libraryPath;
  if (llvm::sys::fs::createTemporaryFile("tile-link", "so", libraryPath))
    return emitError(loc) << "cannot create temporary files";
  llvm::FileRemover removeLibrary(libraryPath);
  SmallVector<SmallString<128>> objectPaths;
  llvm::scope_exit removeObjects([&] {
    for (const SmallString<128> &path : objectPaths)
      llvm::sys::fs::remove(path);
  });
  for (const std::string &object : objects) {
    int fd;
    SmallString<128> &path = objectPaths.emplace_back();
    if (llvm::sys::fs::createTemporaryFile("tile-link", "o", fd, path))
      return emitError(loc) << "cannot create temporary files";
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << object;
  }
  SmallVector<const char *> args = {"ld.lld", "-shared", "-o",
                                    libraryPath.c_str()};
  for (const std::string &argument : arguments)
    args.push_back(argument.c_str());
  for (SmallString<128> &path : objectPaths)
    args.push_back(path.c_str());

  std::string messages;
  llvm::raw_string_ostream messageStream(messages);
  lld::Result result = [&] {
    static std::mutex lldMutex;
    std::lock_guard<std::mutex> lock(lldMutex);
    CommandLineOptionsAside aside;
    return lld::lldMain(args, messageStream, messageStream,
                        {{lld::Gnu, &lld::elf::link}});
  }();
  if (result.retCode != 0)
    return emitError(loc) << "linking " << what << " failed:\n" << messages;
  if (!result.canRunAgain)
    return emitError(loc) << "lld cannot link again in this process";
  auto linked = llvm::MemoryBuffer::getFile(libraryPath);
  if (!linked)
    return emitError(loc) << "cannot read the linked shared object";
  library = (*linked)->getBuffer().str();
  return success();
}

// Debian's liblld-22-dev lacks lld's generated Version.inc; lld is released
// with LLVM and carries its version.
std::string mlir::tile::getLinkerVersion() {
  return "lld " LLVM_VERSION_STRING;
}
