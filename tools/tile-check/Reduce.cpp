//===- Reduce.cpp - Shrinks a failing tile-check case to a reproducer -----===//

#include "tile-check/Reduce.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdio>
#include <cstring>

using namespace mlir::tile;
using namespace mlir::tile::check;
using namespace mlir::tile::run;

namespace {

/// A launch with explicit input bytes (fills are turned into data at once,
/// so that contents can be edited).
struct Candidate {
  Case c;
  Buffers inputs;
};

class Reducer {
public:
  Reducer(Checker &checker, const std::string &target, const ReduceOptions &o)
      : checker(checker), target(target), options(o) {}

  /// Records how \p start fails; false if it does not fail on the target.
  bool start(const Candidate &start, size_t buffer) {
    ReferenceResult ref = checker.runReference(start.c, start.inputs);
    TargetResult got = checker.runTarget(target, start.c, start.inputs);
    referenceStatus = ref.status;
    status = got.status;
    this->buffer = buffer;
    return isInteresting(start);
  }

  /// Whether \p cand still fails the way the original case did.
  bool isInteresting(const Candidate &cand) {
    ++attempts;
    std::string error;
    if (!checker.validate(cand.c, error))
      return false;
    ReferenceResult ref = checker.runReference(cand.c, cand.inputs);
    if (ref.status != referenceStatus)
      return false; // e.g. now out of bounds: not this failure
    TargetResult got = checker.runTarget(target, cand.c, cand.inputs);
    if (got.status != status)
      return false;
    if (status != TargetResult::Ran)
      return true; // fails to run, as before
    for (const BufferVerdict &v : checker.compare(cand.c, got.buffers, ref))
      if (v.index == buffer)
        return !v.pass();
    return false;
  }

  bool exhausted() const { return attempts >= options.maxAttempts; }

  /// Tries \p edit on a copy of \p best; keeps it when still interesting.
  template <typename Edit> bool tryEdit(Candidate &best, Edit edit) {
    if (exhausted())
      return false;
    Candidate cand = best;
    if (!edit(cand))
      return false;
    // A kernel that declares its grid runs over the grid its (shrunk)
    // arguments give.
    std::string error;
    if (checker.declaresGrid()) {
      cand.c.gridGiven = false;
      if (!checker.resolveGrid(cand.c, error))
        return false;
    }
    if (!isInteresting(cand))
      return false;
    best = std::move(cand);
    return true;
  }

  void shrink(Candidate &best) {
    bool progress = true;
    while (progress && !exhausted()) {
      progress = false;
      progress |= shrinkGrid(best);
      progress |= shrinkScalars(best);
      progress |= shrinkBufferSizes(best);
      progress |= zeroBufferChunks(best);
    }
  }

  unsigned attempts = 0;

private:
  bool shrinkGrid(Candidate &best) {
    bool progress = false;
    if (checker.declaresGrid())
      return false;
    for (int axis = 0; axis < 3; ++axis) {
      while (best.c.grid[axis] > 1) {
        uint32_t from = best.c.grid[axis];
        bool done = tryEdit(best, [&](Candidate &c) {
          c.c.grid[axis] = 1;
          return true;
        });
        if (!done)
          done = tryEdit(best, [&](Candidate &c) {
            c.c.grid[axis] = from / 2;
            return true;
          });
        if (!done)
          break;
        progress = true;
      }
    }
    return progress;
  }

  bool shrinkScalars(Candidate &best) {
    bool progress = false;
    for (size_t i = 0; i < best.c.specs.size(); ++i) {
      tile_arg_t &arg = best.c.specs[i].arg;
      if (best.c.specs[i].isBuffer)
        continue;
      bool isInt = arg.kind >= TILE_ARG_I1 && arg.kind <= TILE_ARG_I64;
      bool isFloat = arg.kind == TILE_ARG_F32 || arg.kind == TILE_ARG_F64;
      if (isInt) {
        for (int64_t target : {int64_t(0), int64_t(1)})
          if (best.c.specs[i].arg.value.i != target &&
              tryEdit(best, [&](Candidate &c) {
                setInt(c, i, target);
                return true;
              }))
            progress = true;
        while (std::llabs(best.c.specs[i].arg.value.i) > 1 &&
               tryEdit(best, [&](Candidate &c) {
                 setInt(c, i, c.c.specs[i].arg.value.i / 2);
                 return true;
               }))
          progress = true;
      } else if (isFloat) {
        for (double target : {0.0, 1.0})
          if (best.c.specs[i].arg.value.f != target &&
              tryEdit(best, [&](Candidate &c) {
                c.c.specs[i].arg.value.f = target;
                c.c.argTexts[i] = (arg.kind == TILE_ARG_F32 ? "f32:" : "f64:") +
                                  std::to_string(target);
                return true;
              }))
            progress = true;
      }
    }
    return progress;
  }

  static void setInt(Candidate &c, size_t i, int64_t value) {
    c.c.specs[i].arg.value.i = value;
    std::string text = c.c.argTexts[i];
    c.c.argTexts[i] =
        text.substr(0, text.find(':')) + ":" + std::to_string(value);
  }

  bool shrinkBufferSizes(Candidate &best) {
    bool progress = false;
    for (size_t i = 0; i < best.c.specs.size(); ++i) {
      if (!best.c.specs[i].isBuffer)
        continue;
      while (best.c.specs[i].count > 1 && tryEdit(best, [&](Candidate &c) {
               ArgSpec &spec = c.c.specs[i];
               spec.count /= 2;
               c.inputs[i].resize(spec.count * dtypeSize(spec.dtype));
               return true;
             }))
        progress = true;
    }
    return progress;
  }

  /// Zeroes whole buffers, then halves, quarters, ... down to 1/256 of a
  /// buffer (or single elements in small ones).
  bool zeroBufferChunks(Candidate &best) {
    bool progress = false;
    for (size_t i = 0; i < best.c.specs.size(); ++i) {
      if (!best.c.specs[i].isBuffer)
        continue;
      size_t count = best.c.specs[i].count;
      size_t size = dtypeSize(best.c.specs[i].dtype);
      size_t smallest = std::max<size_t>(1, count / 256);
      for (size_t chunk = count; chunk >= smallest && !exhausted();
           chunk /= 2) {
        for (size_t first = 0; first < count && !exhausted(); first += chunk) {
          size_t last = std::min(count, first + chunk);
          const unsigned char *p = best.inputs[i].data() + first * size;
          bool allZero = true;
          for (size_t b = 0; b < (last - first) * size; ++b)
            allZero &= p[b] == 0;
          if (allZero)
            continue;
          progress |= tryEdit(best, [&](Candidate &c) {
            std::memset(c.inputs[i].data() + first * size, 0,
                        (last - first) * size);
            return true;
          });
        }
        if (chunk == 1)
          break;
      }
    }
    return progress;
  }

  Checker &checker;
  std::string target;
  const ReduceOptions &options;
  ReferenceResult::Status referenceStatus = ReferenceResult::Completed;
  TargetResult::Status status = TargetResult::Ran;
  size_t buffer = 0;
};

/// The arguments of \p c with every buffer read from argI.bin.
std::vector<std::string> fileArgs(const Candidate &c) {
  std::vector<std::string> args;
  for (size_t i = 0; i < c.c.specs.size(); ++i) {
    const ArgSpec &spec = c.c.specs[i];
    if (!spec.isBuffer) {
      args.push_back(c.c.argTexts[i]);
      continue;
    }
    args.push_back(std::string("buf:") + dtypeName(spec.dtype) + ":" +
                   std::to_string(spec.count) + ":file=arg" +
                   std::to_string(i) + ".bin");
  }
  return args;
}

std::string shellQuote(const std::string &text) {
  std::string quoted = "'";
  for (char ch : text)
    quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

bool writeText(const std::string &path, const std::string &text,
               bool executable = false) {
  std::string error;
  if (!writeFile(path, reinterpret_cast<const unsigned char *>(text.data()),
                 text.size(), error)) {
    std::fprintf(stderr, "tile-check: error: %s\n", error.c_str());
    return false;
  }
  if (executable)
    llvm::sys::fs::setPermissions(path, llvm::sys::fs::all_read |
                                            llvm::sys::fs::all_exe |
                                            llvm::sys::fs::owner_write);
  return true;
}

/// The tile-check command that checks \p c from inside the reproducer
/// directory; \p kernel is the kernel file's name there.
std::string checkCommand(const std::string &tool, const std::string &kernel,
                         const std::string &kernelName,
                         const std::string &target, const Candidate &c,
                         const std::vector<std::string> &extraFlags) {
  std::string cmd =
      tool + " " + kernel + " --kernel " + kernelName + " --targets " + target +
      " --grid " + std::to_string(c.c.grid[0]) + "," +
      std::to_string(c.c.grid[1]) + "," + std::to_string(c.c.grid[2]);
  for (const std::string &arg : fileArgs(c))
    cmd += " --arg " + shellQuote(arg);
  for (const std::string &flag : extraFlags)
    cmd += " " + shellQuote(flag);
  return cmd;
}

} // namespace

bool mlir::tile::check::reduceAndWrite(Checker &checker, const Case &failing,
                                       const std::string &target, size_t buffer,
                                       const ReduceOptions &options) {
  std::string error;
  Candidate best;
  best.c = failing;
  if (!checker.makeInputs(failing, best.inputs, error)) {
    std::fprintf(stderr, "tile-check: error: %s\n", error.c_str());
    return false;
  }
  // Outputs start as the reproducer's input files too: fills are data now.
  for (ArgSpec &spec : best.c.specs)
    if (spec.isBuffer)
      spec.fill = Fill();

  std::printf("reduce: shrinking the failure of %s", target.c_str());
  Reducer reducer(checker, target, options);
  if (!reducer.start(best, buffer)) {
    std::printf(": it does not fail again (flaky?); nothing written\n");
    return false;
  }
  std::printf("\n");
  auto begin = std::chrono::steady_clock::now();
  reducer.shrink(best);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
          .count();
  std::string reduced = "--grid " + std::to_string(best.c.grid[0]) + "," +
                        std::to_string(best.c.grid[1]) + "," +
                        std::to_string(best.c.grid[2]);
  for (const std::string &arg : fileArgs(best))
    reduced += " --arg " + arg;
  std::printf("reduce: %u runs in %.1f s; reduced to %s\n", reducer.attempts,
              seconds, reduced.c_str());

  const std::string &dir = options.directory;
  if (auto ec = llvm::sys::fs::create_directories(dir)) {
    std::fprintf(stderr, "tile-check: error: cannot create '%s': %s\n",
                 dir.c_str(), ec.message().c_str());
    return false;
  }
  for (size_t i = 0; i < best.c.specs.size(); ++i)
    if (best.c.specs[i].isBuffer &&
        !writeFile(dir + "/arg" + std::to_string(i) + ".bin",
                   best.inputs[i].data(), best.inputs[i].size(), error)) {
      std::fprintf(stderr, "tile-check: error: %s\n", error.c_str());
      return false;
    }
  std::vector<unsigned char> source;
  // The kernel parsed already, so it is no endless file.
  if (!readFile(options.kernelPath, source, error, size_t(1) << 30) ||
      !writeFile(dir + "/kernel.mlir", source.data(), source.size(), error)) {
    std::fprintf(stderr, "tile-check: error: %s\n", error.c_str());
    return false;
  }

  std::string kernelName = checker.getKernel().getSymName().str();
  std::string cmd = checkCommand("\"${TILE_CHECK:-tile-check}\"", "kernel.mlir",
                                 kernelName, target, best, options.extraFlags);
  std::string script =
      "#!/bin/sh\n"
      "# Reproduces a tile-check failure: target " +
      target +
      " disagrees with the reference interpreter.\n"
      "# Set TILE_CHECK to the tile-check binary if it is not on PATH.\n"
      "cd \"$(dirname \"$0\")\" || exit 2\n"
      "exec " +
      cmd + "\n";
  if (!writeText(dir + "/repro.sh", script, /*executable=*/true))
    return false;

  if (options.reduceIR) {
    // The interestingness test of tile-reduce: exit 1 (interesting) while
    // the candidate kernel still fails this way.
    llvm::SmallString<256> absDir(dir);
    llvm::sys::fs::make_absolute(absDir);
    std::string tool =
        llvm::sys::fs::getMainExecutable(options.toolPath.c_str(), nullptr);
    std::vector<std::string> flags = options.extraFlags;
    flags.push_back("--still-fails=" + target + ":" + std::to_string(buffer));
    // tile-check --still-fails exits 1 only while the failure is there, and
    // 0 for every other outcome: exec, so that a timeout kills it.
    std::string test = "#!/bin/sh\ncd " + shellQuote(std::string(absDir)) +
                       " || exit 0\nexec " +
                       checkCommand(shellQuote(tool), "\"$1\"", kernelName,
                                    target, best, flags) +
                       " >/dev/null 2>&1\n";
    if (!writeText(dir + "/interesting.sh", test, /*executable=*/true))
      return false;
    llvm::SmallString<256> reduceTool(llvm::sys::path::parent_path(tool));
    llvm::sys::path::append(reduceTool, "tile-reduce");
    std::string output = std::string(absDir) + "/kernel.reduced.mlir";
    std::vector<std::string> owned = {
        std::string(reduceTool), std::string(absDir) + "/kernel.mlir",
        "--test=" + std::string(absDir) + "/interesting.sh", "-o", output};
    std::vector<llvm::StringRef> refs(owned.begin(), owned.end());
    std::printf("reduce: shrinking the kernel with %s\n", reduceTool.c_str());
    std::fflush(stdout);
    std::string why;
    int rc = llvm::sys::ExecuteAndWait(reduceTool, refs, std::nullopt, {}, 0, 0,
                                       &why);
    if (rc != 0 || !llvm::sys::fs::exists(output)) {
      std::printf("reduce: tile-reduce failed (%s); the kernel stays whole\n",
                  why.empty() ? ("exit status " + std::to_string(rc)).c_str()
                              : why.c_str());
    } else {
      llvm::sys::fs::rename(std::string(absDir) + "/kernel.mlir",
                            std::string(absDir) + "/kernel.original.mlir");
      llvm::sys::fs::rename(output, std::string(absDir) + "/kernel.mlir");
      std::printf("reduce: kernel reduced (the original is "
                  "kernel.original.mlir)\n");
    }
  }
  std::printf("reduce: reproducer written to %s (run %s/repro.sh)\n",
              dir.c_str(), dir.c_str());
  return true;
}
