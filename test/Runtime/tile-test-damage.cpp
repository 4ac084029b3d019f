//===- tile-test-damage.cpp - Load damaged copies of an artifact (tests) --===//
//
// A test helper that damages an artifact one byte at a time and requires the
// runtime to refuse every copy: each byte of the header (magic and header
// size included) flipped two ways (xor 0x01, the smallest change, and xor
// 0xff), and a deterministic sample of payload bytes flipped (xor 0xff). Each
// copy is loaded in a child process with a time limit; when the load
// succeeds, the kernel is launched too. A copy passes when the load or the
// launch returns an error status; it fails when both succeed (accepted), when
// the child dies of a signal or exits otherwise (crashed: a sanitizer report
// exits 1), or when it outlives the limit (hung).
//
//   tile-test-damage ARTIFACT [--kernel NAME] [--payload-samples N]
//                    [--timeout SECONDS]
//
// The kernel (default vector_add) gets a 4096-byte buffer for each pointer,
// 16 for each integer and 1.0 for each float, on a 1x1x1 grid; the undamaged
// artifact must load and run so. Prints the totals and exits 0 only when
// every damaged copy is refused.
//
//===----------------------------------------------------------------------===//

#include "tile/runtime.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <map>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

// Child exit codes.
constexpr int kLoadRefused = 10;   // tile_module_load returned an error
constexpr int kLaunchRefused = 11; // loaded, but a later call failed
constexpr int kAccepted = 12;      // loaded and launched

struct Options {
  std::string artifact, kernel = "vector_add";
  size_t payloadSamples = 200;
  double timeout = 10;
};

bool readAll(const std::string &path, std::string &out) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return false;
  char chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0)
    out.append(chunk, n);
  bool ok = !std::ferror(f);
  std::fclose(f);
  return ok;
}

// Frees a status; the code, for the exit status.
int codeOf(tile_status_t s) {
  int code = tile_status_code(s);
  tile_status_free(s);
  return code;
}

// Loads \p data and launches the kernel; returns the child's exit code. The
// status code of the failing call goes to \p code.
int loadAndLaunch(const std::string &data, const std::string &name, int &code) {
  tile_device_t device = nullptr;
  if ((code = codeOf(tile_device_open("cpu", 0, &device))))
    return 3; // not a verdict on the artifact
  tile_module_t module = nullptr;
  if ((code = codeOf(
           tile_module_load(device, data.data(), data.size(), &module)))) {
    tile_device_close(device);
    return kLoadRefused;
  }
  int result = kAccepted;
  tile_kernel_t kernel = nullptr;
  size_t numArgs = 0;
  std::vector<tile_arg_t> args;
  std::vector<tile_buffer_t> buffers;
  if ((code = codeOf(tile_module_get_kernel(module, name.c_str(), &kernel))) ||
      (code = codeOf(tile_kernel_num_args(kernel, &numArgs)))) {
    result = kLaunchRefused;
  } else {
    args.resize(numArgs);
    for (size_t i = 0; i < numArgs && result == kAccepted; ++i) {
      tile_arg_kind_t kind;
      if ((code = codeOf(tile_kernel_arg_kind(kernel, i, &kind)))) {
        result = kLaunchRefused;
        break;
      }
      args[i].kind = kind;
      if (kind == TILE_ARG_PTR) {
        tile_buffer_t b = nullptr;
        if ((code = codeOf(tile_buffer_alloc(device, 4096, &b)))) {
          result = kLaunchRefused;
          break;
        }
        buffers.push_back(b);
        args[i].value.buffer = b;
      } else if (kind == TILE_ARG_F32 || kind == TILE_ARG_F64) {
        args[i].value.f = 1.0;
      } else if (kind == TILE_ARG_F16 || kind == TILE_ARG_BF16) {
        args[i].value.bits16 = kind == TILE_ARG_F16 ? 0x3c00 : 0x3f80;
      } else {
        args[i].value.i = kind == TILE_ARG_I1 ? 1 : 16;
      }
    }
    const uint32_t grid[3] = {1, 1, 1};
    if (result == kAccepted && (code = codeOf(tile_kernel_launch(
                                    kernel, grid, args.data(), args.size()))))
      result = kLaunchRefused;
  }
  for (tile_buffer_t b : buffers)
    tile_buffer_free(b);
  tile_module_unload(module);
  tile_device_close(device);
  return result;
}

enum class Outcome { Refused, Accepted, Crashed, Hung };

struct Result {
  Outcome outcome;
  std::string detail; // "load CORRUPT_ARTIFACT", "signal 11", ...
};

double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// Runs one copy in a child process. The child reports the failing call's
// status code through a pipe.
Result runCase(const std::string &data, const Options &o) {
  int fds[2];
  if (pipe(fds) != 0) {
    std::perror("tile-test-damage: pipe");
    std::exit(2);
  }
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    std::perror("tile-test-damage: fork");
    std::exit(2);
  }
  if (pid == 0) {
    close(fds[0]);
    // A backstop for the parent's limit; messages would only be noise,
    // except a sanitizer's, which the exit code already reports.
    alarm(unsigned(o.timeout) + 5);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDOUT_FILENO);
    int code = 0;
    int rc = loadAndLaunch(data, o.kernel, code);
    if (write(fds[1], &code, sizeof(code)) != sizeof(code))
      _exit(4);
    _exit(rc);
  }
  close(fds[1]);
  double deadline = now() + o.timeout;
  int status = 0;
  pid_t done = 0;
  while ((done = waitpid(pid, &status, WNOHANG)) == 0 && now() < deadline) {
    timespec pause = {0, 1000000};
    nanosleep(&pause, nullptr);
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    close(fds[0]);
    return {Outcome::Hung, "hung"};
  }
  int code = 0;
  bool haveCode = read(fds[0], &code, sizeof(code)) == sizeof(code);
  close(fds[0]);
  if (WIFSIGNALED(status))
    return {Outcome::Crashed, "signal " + std::to_string(WTERMSIG(status))};
  int rc = WEXITSTATUS(status);
  std::string name =
      haveCode ? tile_status_code_name(tile_status_code_t(code)) : "?";
  if (rc == kLoadRefused)
    return {Outcome::Refused, "load " + name};
  if (rc == kLaunchRefused)
    return {Outcome::Refused, "launch " + name};
  if (rc == kAccepted)
    return {Outcome::Accepted, "accepted"};
  return {Outcome::Crashed, "exit " + std::to_string(rc)};
}

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int usage(const char *message) {
  std::fprintf(stderr,
               "tile-test-damage: %s\nusage: tile-test-damage ARTIFACT "
               "[--kernel NAME] [--payload-samples N] [--timeout SECONDS]\n",
               message);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if ((arg == "--kernel" || arg == "--payload-samples" ||
         arg == "--timeout") &&
        i + 1 < argc) {
      std::string value = argv[++i];
      if (arg == "--kernel")
        o.kernel = value;
      else if (arg == "--payload-samples")
        o.payloadSamples = std::strtoull(value.c_str(), nullptr, 10);
      else
        o.timeout = std::strtod(value.c_str(), nullptr);
    } else if (o.artifact.empty() && arg.compare(0, 2, "--") != 0) {
      o.artifact = arg;
    } else {
      return usage(("bad argument '" + arg + "'").c_str());
    }
  }
  if (o.artifact.empty() || !(o.timeout > 0))
    return usage("no artifact given, or a bad --timeout");
  std::string good;
  if (!readAll(o.artifact, good) || good.size() < 12)
    return usage(("cannot read the artifact '" + o.artifact + "'").c_str());
  uint32_t headerSize = 0;
  for (int i = 0; i < 4; ++i)
    headerSize |= uint32_t(static_cast<unsigned char>(good[8 + i])) << (8 * i);
  size_t headerEnd = 12 + size_t(headerSize);
  if (headerEnd > good.size())
    return usage("the artifact's header size is past its end");

  Result baseline = runCase(good, o);
  if (baseline.outcome != Outcome::Accepted) {
    std::fprintf(stderr,
                 "tile-test-damage: the undamaged artifact does not load and "
                 "run (%s)\n",
                 baseline.detail.c_str());
    return 2;
  }

  // The damaged copies: every header byte two ways, then payload samples
  // (the first and last byte, the rest from a fixed seed).
  struct Case {
    size_t offset;
    unsigned char mask;
  };
  std::vector<Case> cases;
  for (size_t i = 0; i < headerEnd; ++i) {
    cases.push_back({i, 0x01});
    cases.push_back({i, 0xff});
  }
  size_t payloadSize = good.size() - headerEnd;
  size_t headerCases = cases.size();
  if (payloadSize > 0) {
    uint64_t state = 0x74696c65; // "tile"
    for (size_t k = 0; k < o.payloadSamples; ++k) {
      size_t at = k == 0   ? 0
                  : k == 1 ? payloadSize - 1
                           : size_t(splitmix64(state) % payloadSize);
      cases.push_back({headerEnd + at, 0xff});
    }
  }

  size_t counts[4] = {0, 0, 0, 0};
  std::map<std::string, size_t> details;
  for (const Case &c : cases) {
    std::string bad = good;
    bad[c.offset] = static_cast<char>(bad[c.offset] ^ c.mask);
    Result r = runCase(bad, o);
    ++counts[int(r.outcome)];
    ++details[r.detail];
    if (r.outcome != Outcome::Refused)
      std::printf("FAIL: byte %zu (%s) xor 0x%02x: %s\n", c.offset,
                  c.offset < headerEnd ? "header" : "payload", c.mask,
                  r.detail.c_str());
  }
  for (const auto &d : details)
    std::printf("  %s: %zu\n", d.first.c_str(), d.second);
  std::printf("damaged-artifact: %zu cases (%zu header, %zu payload): %zu "
              "refused, %zu accepted, %zu crashed, %zu hung\n",
              cases.size(), headerCases, cases.size() - headerCases,
              counts[int(Outcome::Refused)], counts[int(Outcome::Accepted)],
              counts[int(Outcome::Crashed)], counts[int(Outcome::Hung)]);
  return counts[int(Outcome::Refused)] == cases.size() ? 0 : 1;
}
