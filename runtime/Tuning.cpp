//===- Tuning.cpp - Choosing among a kernel's alternatives ----------------===//
//
// The choice for a launch is made per shape bucket: the launch's grid and
// integer arguments rounded up to powers of two, with whether each integer
// and buffer is a multiple of 16 (what picks specialized variants). Timing
// runs each alternative on the launch's own buffers, which are saved first
// and restored before each run and after the last, so that a kernel that
// accumulates into its output computes the same as an untuned launch.
//
// The tuning cache is a text file, "tile-tune 1" and then one choice per
// line: artifact key, device name, kernel, bucket, alternative, its entry
// symbol, its median time in ms. Writers take an exclusive lock on PATH.lock,
// merge their choice into what the file holds and replace the file by
// rename, so readers never see half a file. A file that does not parse is
// ignored with a warning and rebuilt by the next choice written.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/Tuning.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

constexpr const char *kCacheHeader = "tile-tune 1";
constexpr int kTimedRuns = 3;

/// The bucket of a launch: "g<x>.<y>.<z>" and one field per argument,
/// "i<log2>[a]" for integers (a: a multiple of 16), "p[a]" for buffers,
/// "f" for floats; no spaces (a field of the cache's lines).
std::string bucketOf(const uint32_t grid[3], const tile_arg_t *args,
                     size_t numArgs,
                     const std::vector<std::shared_ptr<Buffer>> &buffers) {
  auto log2Ceil = [](uint64_t v) {
    int bits = 0;
    while (bits < 64 && (uint64_t(1) << bits) < v)
      ++bits;
    return bits;
  };
  std::string key = "g" + std::to_string(log2Ceil(grid[0])) + "." +
                    std::to_string(log2Ceil(grid[1])) + "." +
                    std::to_string(log2Ceil(grid[2]));
  for (size_t i = 0; i < numArgs; ++i) {
    key += ",";
    switch (args[i].kind) {
    case TILE_ARG_PTR: {
      auto address = reinterpret_cast<uintptr_t>(buffers[i]->address);
      key += address % 16 == 0 ? "pa" : "p";
      break;
    }
    case TILE_ARG_F16:
    case TILE_ARG_BF16:
    case TILE_ARG_F32:
    case TILE_ARG_F64:
      key += "f";
      break;
    default: {
      int64_t v = args[i].value.i;
      uint64_t magnitude = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
      key += (v < 0 ? "n" : "i") + std::to_string(log2Ceil(magnitude)) +
             (v % 16 == 0 ? "a" : "");
    }
    }
  }
  return key;
}

/// The device's name as one field (spaces become '_').
std::string deviceField(const Device &device) {
  std::string name = device.impl->name();
  for (char &c : name)
    if (c == ' ' || c < 0x21 || c > 0x7e)
      c = '_';
  return name.empty() ? "-" : name;
}

//===----------------------------------------------------------------------===//
// The tuning cache file
//===----------------------------------------------------------------------===//

struct CacheEntry {
  std::string key, device, kernel, bucket;
  int64_t alternative = 0;
  std::string symbol;
  double milliseconds = 0;
};

/// $TILE_TUNE_CACHE (empty: no file), else $XDG_CACHE_HOME/tile/tune.txt,
/// else $HOME/.cache/tile/tune.txt; "" when there is none.
std::string cachePath() {
  if (const char *path = std::getenv("TILE_TUNE_CACHE"))
    return path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/tile/tune.txt";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/tile/tune.txt";
  return "";
}

void warn(const std::string &message) {
  std::fputs(("tile: warning: " + message + "\n").c_str(), stderr);
}

bool isKey(const std::string &s) {
  return s.size() == 16 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

/// Reads the cache at `path` into `entries` (nothing if it does not exist).
/// A file that does not parse gives false and says why in `problem`.
bool readCache(const std::string &path, std::vector<CacheEntry> &entries,
               std::string &problem) {
  entries.clear();
  std::ifstream in(path);
  if (!in)
    return true;
  std::string line;
  if (!std::getline(in, line) || line != kCacheHeader) {
    problem = "it does not start with '" + std::string(kCacheHeader) + "'";
    return false;
  }
  for (size_t number = 2; std::getline(in, line); ++number) {
    std::istringstream fields(line);
    CacheEntry e;
    std::string alternative, milliseconds, extra;
    fields >> e.key >> e.device >> e.kernel >> e.bucket >> alternative >>
        e.symbol >> milliseconds;
    char *end = nullptr;
    errno = 0;
    long index = std::strtol(alternative.c_str(), &end, 10);
    bool indexOk = !alternative.empty() && *end == '\0' && errno == 0 &&
                   index >= 0 && index < long(kMaxAlternatives);
    double ms = std::strtod(milliseconds.c_str(), &end);
    bool msOk =
        !milliseconds.empty() && *end == '\0' && std::isfinite(ms) && ms >= 0;
    if (!fields || (fields >> extra) || !isKey(e.key) || !indexOk || !msOk) {
      problem = "line " + std::to_string(number) + " is not 'KEY DEVICE " +
                "KERNEL BUCKET ALTERNATIVE SYMBOL MS'";
      entries.clear();
      return false;
    }
    e.alternative = index;
    e.milliseconds = ms;
    entries.push_back(std::move(e));
  }
  return true;
}

bool sameSlot(const CacheEntry &a, const CacheEntry &b) {
  return a.key == b.key && a.device == b.device && a.kernel == b.kernel &&
         a.bucket == b.bucket;
}

/// Makes the folders above `path`.
void makeParents(const std::string &path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1))
    ::mkdir(path.substr(0, slash).c_str(), 0755);
}

/// Merges `entry` into the cache at `path` under its lock. A cache that
/// cannot be written costs later processes a tuning run, nothing else: it
/// is warned about, not an error of the launch.
void storeChoice(const std::string &path, const CacheEntry &entry) {
  makeParents(path);
  std::string lockPath = path + ".lock";
  int lock = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock < 0 || ::flock(lock, LOCK_EX) != 0) {
    warn("cannot lock the tuning cache " + lockPath + ": " +
         std::strerror(errno));
    if (lock >= 0)
      ::close(lock);
    return;
  }
  std::vector<CacheEntry> entries;
  std::string problem;
  if (!readCache(path, entries, problem))
    warn("the tuning cache " + path + " is damaged (" + problem +
         "): rebuilding it");
  entries.erase(
      std::remove_if(entries.begin(), entries.end(),
                     [&](const CacheEntry &e) { return sameSlot(e, entry); }),
      entries.end());
  entries.push_back(entry);
  std::string temporary = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << kCacheHeader << "\n";
    char ms[32];
    for (const CacheEntry &e : entries) {
      std::snprintf(ms, sizeof(ms), "%.6g", e.milliseconds);
      out << e.key << " " << e.device << " " << e.kernel << " " << e.bucket
          << " " << e.alternative << " " << e.symbol << " " << ms << "\n";
    }
    out.flush();
    if (!out) {
      warn("cannot write the tuning cache " + temporary);
      out.close();
      ::unlink(temporary.c_str());
      ::close(lock);
      return;
    }
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    warn("cannot replace the tuning cache " + path + ": " +
         std::strerror(errno));
    ::unlink(temporary.c_str());
  }
  ::close(lock); // releases the lock
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

/// The launch's buffers as they are now, to put back.
struct Snapshot {
  std::vector<std::pair<std::shared_ptr<Buffer>, std::string>> saved;

  tile_status_t take(const std::vector<std::shared_ptr<Buffer>> &buffers) {
    for (const std::shared_ptr<Buffer> &buffer : buffers) {
      if (!buffer ||
          std::any_of(saved.begin(), saved.end(),
                      [&](const auto &s) { return s.first == buffer; }))
        continue;
      std::string bytes(buffer->size, '\0');
      if (tile_status_t s = buffer->device->impl->copyToHost(
              bytes.data(), buffer->address, buffer->size))
        return s;
      saved.emplace_back(buffer, std::move(bytes));
    }
    return nullptr;
  }

  tile_status_t restore() const {
    for (const auto &[buffer, bytes] : saved)
      if (tile_status_t s = buffer->device->impl->copyFromHost(
              buffer->address, bytes.data(), bytes.size()))
        return s;
    return nullptr;
  }
};

/// The median of `kTimedRuns` launches of `record` after one untimed, each
/// on the saved buffers; NaN if a launch fails.
tile_status_t timeRecord(const KernelRef &record, const uint32_t grid[3],
                         const tile_arg_t *args, size_t numArgs,
                         const Snapshot &snapshot, double &median) {
  std::vector<double> times;
  for (int run = 0; run <= kTimedRuns; ++run) {
    if (tile_status_t s = snapshot.restore())
      return s;
    double ms = 0;
    if (tile_status_t s =
            launchRecord(record, nullptr, grid, args, numArgs, &ms)) {
      tile_status_free(s);
      median = std::nan("");
      return nullptr;
    }
    if (run > 0)
      times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  median = times[times.size() / 2];
  return nullptr;
}

TuningChoices &choicesOf(const Module &module) { return *module.choices; }

std::string symbolsLine(const Module &module, const std::vector<size_t> &recs,
                        const std::vector<double> &ms) {
  std::string line;
  char text[64];
  for (size_t a = 0; a < recs.size(); ++a) {
    std::snprintf(text, sizeof(text), " %.4g ms", ms[a]);
    line += (a ? ", #" : " #") + std::to_string(a) + " " +
            module.kernels[recs[a]].symbol + text;
  }
  return line;
}

} // namespace

std::vector<size_t> mlir::tile::rt::alternativeRecords(const Module &module,
                                                       size_t kernel) {
  const std::string &name = module.kernels[kernel].name;
  std::vector<size_t> records;
  for (size_t i = 0; i < module.kernels.size(); ++i) {
    const KernelInfo &k = module.kernels[i];
    if (k.name != name || findAttr(k, "divisible_args"))
      continue;
    size_t index = size_t(alternativeOf(k));
    if (records.size() <= index)
      records.resize(index + 1, kernel);
    records[index] = i;
  }
  return records;
}

/// tuneAlternatives with the module's `tuning` lock held.
static tile_status_t
tuneLocked(const KernelRef &kernel, Stream *stream, const uint32_t grid[3],
           const tile_arg_t *args, size_t numArgs,
           const std::vector<std::shared_ptr<Buffer>> &buffers,
           std::vector<double> &milliseconds, size_t &chosen) {
  const Module &module = *kernel.module;
  std::vector<size_t> records = alternativeRecords(module, kernel.index);
  // The buffers as the work queued before this launch leaves them.
  if (stream) {
    std::lock_guard<std::mutex> lock(stream->mutex);
    if (tile_status_t s = stream->impl->synchronize())
      return s;
  }
  if (tile_status_t s = module.device->impl->synchronize())
    return s;
  Snapshot snapshot;
  if (tile_status_t s = snapshot.take(buffers))
    return s;
  milliseconds.assign(records.size(), std::nan(""));
  chosen = records.size();
  for (size_t a = 0; a < records.size(); ++a) {
    if (tile_status_t s = timeRecord({kernel.module, records[a]}, grid, args,
                                     numArgs, snapshot, milliseconds[a]))
      return s;
    if (!std::isnan(milliseconds[a]) &&
        (chosen == records.size() || milliseconds[a] < milliseconds[chosen]))
      chosen = a;
  }
  if (tile_status_t s = snapshot.restore())
    return s;
  const std::string &name = module.kernels[kernel.index].name;
  std::string bucket = bucketOf(grid, args, numArgs, buffers);
  if (launchLogEnabled())
    std::fputs(("tile: tune '" + name + "' [" + bucket +
                "]:" + symbolsLine(module, records, milliseconds) + " -> #" +
                (chosen < records.size() ? std::to_string(chosen)
                                         : std::string("none")) +
                "\n")
                   .c_str(),
               stderr);
  // Every alternative failed: the launch reports the first one's error.
  if (chosen == records.size()) {
    chosen = 0;
    return nullptr;
  }
  choicesOf(module).chosen[name + "\t" + bucket] = chosen;
  std::string path = cachePath();
  if (!path.empty() && !module.key.empty())
    storeChoice(path, {module.key, deviceField(*module.device), name, bucket,
                       int64_t(chosen), module.kernels[records[chosen]].symbol,
                       milliseconds[chosen]});
  return nullptr;
}

tile_status_t mlir::tile::rt::tuneAlternatives(
    const KernelRef &kernel, Stream *stream, const uint32_t grid[3],
    const tile_arg_t *args, size_t numArgs,
    const std::vector<std::shared_ptr<Buffer>> &buffers,
    std::vector<double> &milliseconds, size_t &chosen) {
  std::lock_guard<std::mutex> lock(choicesOf(*kernel.module).tuning);
  return tuneLocked(kernel, stream, grid, args, numArgs, buffers, milliseconds,
                    chosen);
}

tile_status_t mlir::tile::rt::chooseAlternative(
    const KernelRef &kernel, Stream *stream, const uint32_t grid[3],
    const tile_arg_t *args, size_t numArgs,
    const std::vector<std::shared_ptr<Buffer>> &buffers, KernelRef &out) {
  const Module &module = *kernel.module;
  const std::string &name = module.kernels[kernel.index].name;
  std::vector<size_t> records = alternativeRecords(module, kernel.index);
  out = kernel;
  if (records.size() < 2)
    return nullptr;
  if (const char *forced = std::getenv("TILE_ALTERNATIVE"); forced && *forced) {
    char *end = nullptr;
    unsigned long index = std::strtoul(forced, &end, 10);
    if (*end != '\0' || forced[0] == '-' || index >= records.size())
      return invalid("TILE_ALTERNATIVE=" + std::string(forced) +
                     ", but kernel '" + name + "' has alternatives 0 to " +
                     std::to_string(records.size() - 1));
    out.index = records[index];
    return nullptr;
  }
  std::string bucket = bucketOf(grid, args, numArgs, buffers);
  TuningChoices &choices = choicesOf(module);
  std::lock_guard<std::mutex> lock(choices.tuning);
  auto known = choices.chosen.find(name + "\t" + bucket);
  if (known != choices.chosen.end()) {
    out.index = records[known->second];
    return nullptr;
  }
  std::string path = cachePath();
  if (!path.empty() && !module.key.empty()) {
    std::vector<CacheEntry> entries;
    std::string problem;
    if (!readCache(path, entries, problem))
      warn("the tuning cache " + path + " is damaged (" + problem +
           "): ignoring it");
    CacheEntry wanted{
        module.key, deviceField(*module.device), name, bucket, 0, "", 0};
    for (const CacheEntry &e : entries) {
      // A choice whose symbol is not that alternative's is of another build.
      if (!sameSlot(e, wanted) || size_t(e.alternative) >= records.size() ||
          module.kernels[records[e.alternative]].symbol != e.symbol)
        continue;
      choices.chosen[name + "\t" + bucket] = size_t(e.alternative);
      out.index = records[e.alternative];
      if (launchLogEnabled())
        std::fputs(("tile: tuned '" + name + "' [" + bucket + "] from " + path +
                    ": #" + std::to_string(e.alternative) + " " + e.symbol +
                    "\n")
                       .c_str(),
                   stderr);
      return nullptr;
    }
  }
  std::vector<double> milliseconds;
  size_t chosen = 0;
  if (tile_status_t s = tuneLocked(kernel, stream, grid, args, numArgs, buffers,
                                   milliseconds, chosen))
    return s;
  out.index = records[chosen];
  return nullptr;
}
