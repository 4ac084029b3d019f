//===- tile-run.cpp - Load an artifact, make inputs, launch, check, time --===//
//
// A runtime-only tool (no LLVM): it opens a device, loads an artifact, builds
// the kernel's arguments from --arg specs, launches it --warmup then --repeat
// times, prints the timing, and writes (--write) or checks (--expect) buffers
// after the last launch. Every failure is one line on stderr and exit code 1;
// command-line misuse exits with 2. It never aborts: counts are bounded, host
// allocations that fail are errors, and main turns any escaping exception
// into exit code 1. See docs/Runtime.md.
//
//===----------------------------------------------------------------------===//

#include "tile-run/ArgSpec.h"
#include "tile-run/Data.h"
#include "tile/runtime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <new>
#include <string>
#include <unistd.h>
#include <vector>

using namespace mlir::tile::run;

namespace {

const char kUsage[] =
    "usage: tile-run ARTIFACT --kernel NAME [--grid X[,Y[,Z]]] [options]\n"
    "       tile-run --batch FILE\n"
    "       tile-run --list-devices BACKEND\n"
    "\n"
    "--list-devices prints each device of cpu, cuda or hip: its name, chip,\n"
    "memory and compute units.\n"
    "--batch runs every line of FILE as the arguments of one tile-run (words\n"
    "separated by spaces, no quoting, '#' starts a comment), keeping devices\n"
    "and artifacts open from line to line; a failing line is reported with\n"
    "its number and the others still run.\n"
    "\n"
    "--grid is required unless the kernel declares its grid (tile.grid).\n"
    "\n"
    "options:\n"
    "  --device BACKEND[:N]  cpu (default), cuda or hip; device N (default 0)\n"
    "  --arg SPEC            the next kernel argument, in order:\n"
    "                          scalars  i1:V i8:V i16:V i32:V i64:V\n"
    "                                   f16:V bf16:V f32:V f64:V\n"
    "                          buffers  buf:DTYPE:COUNT:FILL\n"
    "                          DTYPE    f32 f64 f16 bf16 f8e4m3 f8e5m2\n"
    "                                   i8 i16 i32 i64 u8\n"
    "                          FILL     zero | const=V | rand[=SEED] | iota\n"
    "                                   | file=PATH | poison\n"
    "  --warmup N            untimed launches first (default 1, at most\n"
    "                        1000000)\n"
    "  --repeat N            timed launches (default 1, at most 1000000)\n"
    "  --bytes N             bytes moved per launch, for the bandwidth line\n"
    "                        (default: the sum of the buffer sizes)\n"
    "  --flops N             operations per launch: print GFLOP/s instead\n"
    "  --write I=PATH        after the last launch, write buffer argument I\n"
    "                        to a raw file\n"
    "  --write-initial I=PATH  before the first launch, write buffer\n"
    "                        argument I as its fill made it\n"
    "  --expect I=PATH       after the last launch, compare buffer argument I\n"
    "                        with a raw file of the same type; exit 1 if any\n"
    "                        element differs\n"
    "  --atol A, --rtol R    float tolerance |a-b| <= A + R*|b|\n"
    "                        (default 1e-6 and 1e-5)\n"
    "  --tune                first time each alternative of the kernel on\n"
    "                        these arguments, print the table and keep the\n"
    "                        fastest for their shape bucket (also in the\n"
    "                        tuning cache file)\n";

// An error on the command line itself: exit code 2.
int usageError(const std::string &message) {
  std::fprintf(stderr, "tile-run: error: %s (see tile-run --help)\n",
               message.c_str());
  return 2;
}

int error(const std::string &message) {
  std::fprintf(stderr, "tile-run: error: %s\n", message.c_str());
  return 1;
}

struct IndexedPath {
  size_t index;
  std::string path;
};

struct Options {
  std::string artifact, kernel, grid, device = "cpu";
  std::vector<std::string> args;
  std::string repeat = "1", warmup = "1", bytes, flops, atol = "1e-6",
              rtol = "1e-5";
  std::vector<std::string> writes, initialWrites, expects;
  std::string batch, listDevices;
  bool help = false, tune = false;
};

// Parses argv; returns false with \p message on misuse.
bool parseCommandLine(int argc, char **argv, Options &o, std::string &message) {
  struct Flag {
    const char *name;
    std::string *value;
    std::vector<std::string> *list;
  };
  const Flag flags[] = {
      {"--kernel", &o.kernel, nullptr},
      {"--grid", &o.grid, nullptr},
      {"--device", &o.device, nullptr},
      {"--arg", nullptr, &o.args},
      {"--repeat", &o.repeat, nullptr},
      {"--warmup", &o.warmup, nullptr},
      {"--bytes", &o.bytes, nullptr},
      {"--flops", &o.flops, nullptr},
      {"--write", nullptr, &o.writes},
      {"--expect", nullptr, &o.expects},
      {"--write-initial", nullptr, &o.initialWrites},
      {"--atol", &o.atol, nullptr},
      {"--rtol", &o.rtol, nullptr},
      {"--batch", &o.batch, nullptr},
      {"--list-devices", &o.listDevices, nullptr},
  };
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      o.help = true;
      return true;
    }
    if (arg == "--tune") {
      o.tune = true;
      continue;
    }
    if (arg.size() < 2 || arg.compare(0, 2, "--") != 0 || arg == "--") {
      positional.push_back(arg);
      continue;
    }
    std::string name = arg, value;
    bool hasValue = false;
    size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      hasValue = true;
    }
    const Flag *flag = nullptr;
    for (const Flag &f : flags)
      if (name == f.name)
        flag = &f;
    if (!flag) {
      message = "unknown option '" + name + "'";
      return false;
    }
    if (!hasValue) {
      if (i + 1 >= argc) {
        message = "option '" + name + "' needs a value";
        return false;
      }
      value = argv[++i];
    }
    if (flag->list)
      flag->list->push_back(value);
    else
      *flag->value = value;
  }
  for (const std::string *alone : {&o.batch, &o.listDevices}) {
    if (alone->empty())
      continue;
    if (argc != 2 && !(argc == 3 && *alone == argv[2])) {
      message = std::string(alone == &o.batch ? "--batch" : "--list-devices") +
                " takes no other argument";
      return false;
    }
    return true;
  }
  if (positional.size() != 1) {
    message = positional.empty()
                  ? "no artifact given"
                  : "more than one artifact given ('" + positional[1] + "')";
    return false;
  }
  o.artifact = positional[0];
  if (o.kernel.empty()) {
    message = "--kernel is required";
    return false;
  }
  if (!o.bytes.empty() && !o.flops.empty()) {
    message = "--bytes and --flops exclude each other";
    return false;
  }
  return true;
}

// The most --warmup and --repeat launches: the timings of --repeat are kept
// in memory, and a run of a million launches is already far past any use.
constexpr int64_t kMaxLaunches = 1000000;

bool parseCount(const std::string &text, const char *what, int64_t min,
                int64_t &out, std::string &message, int64_t max = INT64_MAX) {
  if (!parseInt(text, out) || out < min || out > max) {
    message =
        std::string("bad ") + what + " '" + text + "' (expected an integer " +
        (max == INT64_MAX
             ? ">= " + std::to_string(min)
             : "from " + std::to_string(min) + " to " + std::to_string(max)) +
        ")";
    return false;
  }
  return true;
}

std::string hostAllocationError(size_t bytes) {
  return "cannot allocate " + std::to_string(bytes) + " bytes of host memory";
}

// The host's physical memory in bytes (SIZE_MAX where unknown). A buffer
// larger than that is refused before it is tried: the allocation could only
// fail, or (with overcommit) succeed and be filled into swap and the OOM
// killer.
size_t hostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0 ||
      uint64_t(pages) > SIZE_MAX / uint64_t(pageSize))
    return SIZE_MAX;
  return size_t(pages) * size_t(pageSize);
}

// Parses "I=PATH" naming a buffer argument.
bool parseIndexedPath(const std::string &text, const char *option,
                      const std::vector<ArgSpec> &specs, IndexedPath &out,
                      std::string &message) {
  size_t eq = text.find('=');
  int64_t index;
  if (eq == std::string::npos || eq + 1 == text.size() ||
      !parseInt(text.substr(0, eq), index) || index < 0) {
    message =
        std::string("bad ") + option + " '" + text + "' (expected I=PATH)";
    return false;
  }
  if (uint64_t(index) >= specs.size() || !specs[size_t(index)].isBuffer) {
    message = std::string(option) + " " + text + ": argument #" +
              std::to_string(index) + " is not a buffer argument";
    return false;
  }
  out.index = size_t(index);
  out.path = text.substr(eq + 1);
  return true;
}

// Whether every element of a fill is the same, so that the device can repeat
// one element.
bool isUniform(const Fill &fill) {
  return fill.kind == Fill::Zero || fill.kind == Fill::Const ||
         fill.kind == Fill::Poison;
}

// The devices and modules --batch keeps open from one line to the next:
// opening a GPU device costs far more than a small launch.
struct OpenDevices {
  std::map<std::string, tile_device_t> devices;
  std::map<std::pair<tile_device_t, std::string>, tile_module_t> modules;

  ~OpenDevices() {
    for (auto &entry : modules)
      tile_status_free(tile_module_unload(entry.second));
    for (auto &entry : devices)
      tile_status_free(tile_device_close(entry.second));
  }
};

// Owns every runtime object tile-run creates, so that each exit path
// releases them (the device and module only when no OpenDevices has them).
struct Session {
  tile_device_t device = nullptr;
  tile_module_t module = nullptr;
  std::vector<tile_buffer_t> buffers;

  ~Session() {
    for (tile_buffer_t b : buffers)
      tile_status_free(tile_buffer_free(b));
    tile_status_free(tile_module_unload(module));
    tile_status_free(tile_device_close(device));
  }
};

// Reports and frees a failed status; true on success.
bool check(tile_status_t status) {
  if (!status)
    return true;
  error(tile_status_message(status));
  tile_status_free(status);
  return false;
}

// --tune: times each alternative of `kernel` on these arguments and prints
// them, the chosen one marked; false after reporting a failure.
bool tune(tile_kernel_t kernel, const uint32_t grid[3],
          const std::vector<tile_arg_t> &args) {
  size_t count = 0, chosen = 0;
  if (!check(tile_kernel_num_alternatives(kernel, &count)))
    return false;
  std::vector<double> times(count);
  if (!check(tile_kernel_tune(kernel, grid, args.data(), args.size(),
                              times.data(), times.size(), &chosen)))
    return false;
  std::printf("tune: %zu alternative%s\n", count, count == 1 ? "" : "s");
  std::vector<const char *> symbols(count, "?");
  int width = 1;
  for (size_t i = 0; i < count; ++i) {
    if (!check(tile_kernel_alternative_symbol(kernel, i, &symbols[i])))
      return false;
    width = std::max(width, int(std::strlen(symbols[i])));
  }
  for (size_t i = 0; i < count; ++i) {
    char time[32] = "failed";
    if (!std::isnan(times[i]))
      std::snprintf(time, sizeof(time), "%.4f ms", times[i]);
    std::printf("  #%zu %-*s %12s%s\n", i, width, symbols[i], time,
                i == chosen ? "  (chosen)" : "");
  }
  return true;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int run(const Options &o, OpenDevices *open) {
  std::string message;
  // Without --grid, the grid the kernel declares (tile_kernel_grid below).
  uint32_t grid[3] = {0, 0, 0};
  int64_t repeat, warmup, bytes = -1, flops = -1;
  double atol, rtol;
  if ((!o.grid.empty() && !parseGrid(o.grid, grid, message)) ||
      !parseCount(o.repeat, "--repeat", 1, repeat, message, kMaxLaunches) ||
      !parseCount(o.warmup, "--warmup", 0, warmup, message, kMaxLaunches) ||
      (!o.bytes.empty() &&
       !parseCount(o.bytes, "--bytes", 0, bytes, message)) ||
      (!o.flops.empty() && !parseCount(o.flops, "--flops", 0, flops, message)))
    return error(message);
  if (!parseFloat(o.atol, atol) || atol < 0)
    return error("bad --atol '" + o.atol + "'");
  if (!parseFloat(o.rtol, rtol) || rtol < 0)
    return error("bad --rtol '" + o.rtol + "'");

  std::vector<ArgSpec> specs(o.args.size());
  for (size_t i = 0; i < o.args.size(); ++i)
    if (!parseArgSpec(o.args[i], specs[i], message))
      return error(message);
  std::vector<IndexedPath> writes(o.writes.size()), expects(o.expects.size()),
      initialWrites(o.initialWrites.size());
  for (size_t i = 0; i < o.writes.size(); ++i)
    if (!parseIndexedPath(o.writes[i], "--write", specs, writes[i], message))
      return error(message);
  for (size_t i = 0; i < o.initialWrites.size(); ++i)
    if (!parseIndexedPath(o.initialWrites[i], "--write-initial", specs,
                          initialWrites[i], message))
      return error(message);
  for (size_t i = 0; i < o.expects.size(); ++i)
    if (!parseIndexedPath(o.expects[i], "--expect", specs, expects[i], message))
      return error(message);

  std::string backend = o.device;
  int64_t ordinal = 0;
  size_t colon = backend.find(':');
  if (colon != std::string::npos) {
    if (!parseCount(backend.substr(colon + 1), "device number", 0, ordinal,
                    message) ||
        ordinal > 1000000)
      return error("bad --device '" + o.device + "'");
    backend.resize(colon);
  }

  // Make the buffers' contents first, so that bad fills are reported before
  // any device work. A uniform fill makes one element, which the device
  // repeats (tile_buffer_fill).
  std::vector<std::vector<unsigned char>> hostData(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    if (!specs[i].isBuffer)
      continue;
    size_t count = isUniform(specs[i].fill) ? 1 : specs[i].count;
    size_t bytes = count * dtypeSize(specs[i].dtype);
    if (bytes > hostMemoryBytes())
      return error("--arg '" + o.args[i] + "': " + hostAllocationError(bytes) +
                   " (the host has " + std::to_string(hostMemoryBytes()) + ")");
    bool made = false;
    try {
      made = makeData(specs[i].dtype, count, specs[i].fill,
                      /*defaultSeed=*/i, hostData[i], message);
    } catch (const std::bad_alloc &) {
      message = hostAllocationError(count * dtypeSize(specs[i].dtype));
    }
    if (!made)
      return error("--arg '" + o.args[i] + "': " + message);
  }

  Session session;
  const char *deviceName = nullptr;
  tile_kernel_t kernel = nullptr;
  tile_device_t device = nullptr;
  tile_module_t module = nullptr;
  if (!open) {
    if (!check(
            tile_device_open(backend.c_str(), int(ordinal), &session.device)) ||
        !check(tile_module_load_file(session.device, o.artifact.c_str(),
                                     &session.module)))
      return 1;
    device = session.device;
    module = session.module;
  } else {
    std::string key = backend + ":" + std::to_string(ordinal);
    auto found = open->devices.find(key);
    if (found == open->devices.end()) {
      if (!check(tile_device_open(backend.c_str(), int(ordinal), &device)))
        return 1;
      found = open->devices.emplace(key, device).first;
    }
    device = found->second;
    tile_module_t &loaded = open->modules[{device, o.artifact}];
    if (!loaded &&
        !check(tile_module_load_file(device, o.artifact.c_str(), &loaded))) {
      open->modules.erase({device, o.artifact});
      return 1;
    }
    module = loaded;
  }
  if (!check(tile_device_name(device, &deviceName)) ||
      !check(tile_module_get_kernel(module, o.kernel.c_str(), &kernel)))
    return 1;

  std::vector<tile_arg_t> args(specs.size());
  uint64_t bufferBytes = 0;
  for (size_t i = 0; i < specs.size(); ++i) {
    args[i] = specs[i].arg;
    if (!specs[i].isBuffer)
      continue;
    const std::vector<unsigned char> &data = hostData[i];
    size_t size = specs[i].count * dtypeSize(specs[i].dtype);
    tile_buffer_t buffer = nullptr;
    if (!check(tile_buffer_alloc(device, size, &buffer)))
      return 1;
    session.buffers.push_back(buffer);
    if (!check(isUniform(specs[i].fill)
                   ? tile_buffer_fill(buffer, data.data(), data.size())
                   : tile_buffer_copy_from_host(buffer, 0, data.data(), size)))
      return 1;
    args[i].value.buffer = buffer;
    bufferBytes += size;
  }
  hostData.clear();

  auto download = [&](size_t index, std::vector<unsigned char> &out) {
    size_t size = specs[index].count * dtypeSize(specs[index].dtype);
    try {
      out.resize(size);
    } catch (const std::bad_alloc &) {
      error("buffer #" + std::to_string(index) + ": " +
            hostAllocationError(size));
      return false;
    }
    return check(tile_buffer_copy_to_host(args[index].value.buffer, 0,
                                          out.data(), size));
  };
  // Writes each buffer of `paths` to its file; false after reporting why.
  auto writeBuffers = [&](const std::vector<IndexedPath> &paths) {
    for (const IndexedPath &w : paths) {
      std::vector<unsigned char> data;
      if (!download(w.index, data))
        return false;
      if (!writeFile(w.path, data.data(), data.size(), message)) {
        error(message);
        return false;
      }
    }
    return true;
  };
  if (!writeBuffers(initialWrites))
    return 1;

  if (o.grid.empty()) {
    tile_status_t s = tile_kernel_grid(kernel, args.data(), args.size(), grid);
    if (tile_status_code(s) == TILE_NOT_FOUND) {
      tile_status_free(s);
      return usageError("--grid is required: kernel '" + o.kernel +
                        "' declares no grid");
    }
    if (!check(s))
      return 1;
  }
  std::printf("device: %s:%d (%s)\n", backend.c_str(), int(ordinal),
              deviceName);
  std::printf("kernel: %s, grid %ux%ux%u\n", o.kernel.c_str(), grid[0], grid[1],
              grid[2]);
  if (o.tune && !tune(kernel, grid, args))
    return 1;
  for (int64_t i = 0; i < warmup; ++i)
    if (!check(tile_kernel_launch(kernel, grid, args.data(), args.size())) ||
        !check(tile_device_synchronize(device)))
      return 1;
  std::vector<double> times(static_cast<size_t>(repeat));
  for (double &t : times)
    if (!check(tile_kernel_launch_timed(kernel, grid, args.data(), args.size(),
                                        &t)))
      return 1;
  double med = median(times);
  std::printf("time: median %.4f ms (min %.4f, max %.4f, %lld runs)\n", med,
              *std::min_element(times.begin(), times.end()),
              *std::max_element(times.begin(), times.end()),
              static_cast<long long>(repeat));
  if (flops >= 0) {
    if (med > 0)
      std::printf("throughput: %.3f GFLOP/s\n", double(flops) / med / 1e6);
    else
      std::printf("throughput: n/a (zero time)\n");
  } else {
    double moved = bytes >= 0 ? double(bytes) : double(bufferBytes);
    if (med > 0)
      std::printf("bandwidth: %.3f GB/s\n", moved / med / 1e6);
    else
      std::printf("bandwidth: n/a (zero time)\n");
  }

  if (!writeBuffers(writes))
    return 1;
  bool allMatch = true;
  for (const IndexedPath &e : expects) {
    const ArgSpec &spec = specs[e.index];
    std::vector<unsigned char> actual, expected;
    if (!download(e.index, actual))
      return 1;
    // A file longer than the buffer (or /dev/zero) is refused without
    // reading it all.
    const std::string what =
        "--expect " + std::to_string(e.index) + "=" + e.path + ": ";
    const std::string buffer = "buffer #" + std::to_string(e.index) + " has " +
                               std::to_string(actual.size()) + " (" +
                               std::to_string(spec.count) + " " +
                               dtypeName(spec.dtype) + ")";
    if (!readFile(e.path, expected, message, actual.size()))
      return error(message.rfind("has ", 0) == 0
                       ? what + "the file " + message + ", " + buffer
                       : message);
    if (expected.size() != actual.size())
      return error(what + "the file has " + std::to_string(expected.size()) +
                   " bytes, " + buffer);
    Comparison c = compare(spec.dtype, actual.data(), expected.data(),
                           spec.count, atol, rtol, /*maxReported=*/10);
    std::string verdict =
        c.mismatches ? std::to_string(c.mismatches) + " mismatches" : "ok";
    std::printf("expect #%zu: %zu %s elements, max abs error %g, max rel "
                "error %g: %s\n",
                e.index, spec.count, dtypeName(spec.dtype), c.maxAbsError,
                c.maxRelError, verdict.c_str());
    for (const std::string &m : c.firstMismatches)
      std::printf("  %s\n", m.c_str());
    if (c.mismatches) {
      std::fflush(stdout);
      error("buffer #" + std::to_string(e.index) + " differs from '" + e.path +
            "' in " + std::to_string(c.mismatches) + " of " +
            std::to_string(spec.count) + " elements");
      allMatch = false;
    }
  }
  return allMatch ? 0 : 1;
}

} // namespace

// --batch FILE: every line is a command line of its own, run in turn with
// the devices and modules kept open. A failing line is reported with its
// number; the others still run. Exit 1 if any failed, 2 if one was misuse.
int runBatch(const std::string &path) {
  std::vector<unsigned char> bytes;
  std::string message;
  // A batch is text, a line per launch: 1 GiB is past any.
  if (!readFile(path, bytes, message, size_t(1) << 30))
    return error(message);
  std::string text(bytes.begin(), bytes.end());
  OpenDevices open;
  int status = 0;
  size_t lineNumber = 0, launches = 0;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    ++lineNumber;
    line = line.substr(0, line.find('#'));
    // Words are separated by spaces; there is no quoting.
    std::vector<std::string> words{"tile-run"};
    for (size_t w = 0; w < line.size();) {
      size_t next = line.find_first_of(" \t\r", w);
      if (next == std::string::npos)
        next = line.size();
      if (next > w)
        words.push_back(line.substr(w, next - w));
      w = next + 1;
    }
    if (words.size() == 1)
      continue;
    std::vector<char *> argv;
    for (std::string &word : words)
      argv.push_back(word.data());
    Options options;
    int result;
    if (!parseCommandLine(int(argv.size()), argv.data(), options, message) ||
        options.help || !options.batch.empty())
      result = usageError(options.help || !options.batch.empty()
                              ? "--help and --batch are not batch lines"
                              : message);
    else
      result = run(options, &open);
    ++launches;
    if (result != 0) {
      std::fprintf(stderr, "tile-run: %s:%zu: failed (exit %d)\n", path.c_str(),
                   lineNumber, result);
      status = std::max(status, result);
    }
  }
  std::printf("batch: %zu lines run, %s\n", launches,
              status ? "some failed" : "all succeeded");
  return status;
}

// One line per device of \p backend; exit 1 if the backend has none.
int listDevices(const std::string &backend) {
  int count = 0;
  tile_status_t s = tile_device_count(backend.c_str(), &count);
  for (int i = 0; !s && i < count; ++i) {
    tile_device_t device = nullptr;
    tile_device_info_t info;
    s = tile_device_open(backend.c_str(), i, &device);
    if (!s)
      s = tile_device_info(device, &info);
    if (!s)
      std::printf("%s:%d: %s, %s, %.1f GiB, %d compute units\n", info.backend,
                  info.ordinal, info.name, info.chip,
                  double(info.memory_bytes) / double(1ull << 30),
                  info.compute_units);
    tile_status_free(tile_device_close(device));
  }
  if (!s)
    return 0;
  std::string message = tile_status_message(s);
  tile_status_free(s);
  return error(message);
}

int main(int argc, char **argv) {
  Options options;
  std::string message;
  if (!parseCommandLine(argc, argv, options, message))
    return usageError(message);
  if (options.help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (!options.listDevices.empty())
    return listDevices(options.listDevices);
  // The last resort: nothing may abort (exit 134). run() reports what it
  // expects; Session's destructor releases the runtime objects on the way.
  try {
    return options.batch.empty() ? run(options, nullptr)
                                 : runBatch(options.batch);
  } catch (const std::bad_alloc &) {
    return error("out of memory");
  } catch (const std::exception &e) {
    return error(std::string("unexpected error: ") + e.what());
  } catch (...) {
    return error("unexpected error");
  }
}
