//===- CPUBackend.cpp - The host CPU as a tile device ---------------------===//
//
// Buffers are aligned host allocations; a module is the artifact's shared
// object, written to an anonymous memory file (memfd_create; a private
// temporary file where there is none) and dlopen'ed; a launch calls the
// kernel's entry, which runs the whole grid itself (the compiler puts the
// OpenMP loop inside it). A stream is a worker thread running its queue in
// order; an event is a counter of recordings reached. There is one device,
// or $TILE_CPU_DEVICES (1 to 64) views of the same host, for exercising
// multi-device code without GPUs.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/cpu/CPUBackend.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <dlfcn.h>
#include <functional>
#include <link.h>
#include <mutex>
#include <sched.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

// int32_t entry(void **args, int32_t grid_x, int32_t grid_y, int32_t grid_z);
// returns non-zero when a tile.assert failed.
using EntryFn = int32_t (*)(void **, int32_t, int32_t, int32_t);

constexpr size_t kAlignment = 64;
/// Buffers of at least this size start on a huge-page boundary and ask for
/// transparent huge pages (Linux's default `madvise` mode grants them only
/// on request): a kernel walking the rows of a large matrix touches one
/// 4 KiB page per row, more than the TLB holds.
constexpr size_t kHugePageBytes = size_t(2) << 20;

std::string errnoText(int err) { return std::strerror(err); }

double nowMilliseconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

// The CPU's model name from /proc/cpuinfo, or a generic name.
std::string hostCPUName() {
  std::string name = "host CPU";
  FILE *f = std::fopen("/proc/cpuinfo", "r");
  if (!f)
    return name;
  char line[512];
  while (std::fgets(line, sizeof(line), f)) {
    if (std::strncmp(line, "model name", 10) != 0)
      continue;
    const char *colon = std::strchr(line, ':');
    if (!colon)
      continue;
    std::string value(colon + 1);
    size_t first = value.find_first_not_of(" \t");
    size_t last = value.find_last_not_of(" \t\r\n");
    if (first != std::string::npos)
      name = value.substr(first, last - first + 1);
    break;
  }
  std::fclose(f);
  return name;
}

bool writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

#if defined(__x86_64__)
constexpr int kHostMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr int kHostMachine = EM_AARCH64;
#elif defined(__riscv)
constexpr int kHostMachine = EM_RISCV;
#elif defined(__powerpc64__)
constexpr int kHostMachine = EM_PPC64;
#else
constexpr int kHostMachine = -1; // unchecked: dlopen reports a mismatch
#endif

// The dynamic loader maps segments without checking them against the file
// size, so a truncated shared object faults (SIGBUS) inside dlopen. Check the
// headers it relies on first; deeper damage is left to dlopen.
bool checkELF(const std::string &so, std::string &why) {
  using Ehdr = ElfW(Ehdr);
  using Phdr = ElfW(Phdr);
  if (so.size() < sizeof(Ehdr) || so.compare(0, 4, ELFMAG) != 0) {
    why = "the artifact's payload is not an ELF shared object";
    return false;
  }
  Ehdr eh;
  std::memcpy(&eh, so.data(), sizeof(eh));
  if (eh.e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
      eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_type != ET_DYN) {
    why = "the artifact's payload is not a little-endian shared object of "
          "this word size";
    return false;
  }
  if (kHostMachine >= 0 && eh.e_machine != kHostMachine) {
    why = "the artifact's shared object is for ELF machine " +
          std::to_string(eh.e_machine) + ", this host is " +
          std::to_string(kHostMachine);
    return false;
  }
  const size_t size = so.size();
  if (eh.e_phentsize != sizeof(Phdr) || eh.e_phoff > size ||
      eh.e_phnum > (size - eh.e_phoff) / sizeof(Phdr)) {
    why = "the artifact's shared object is damaged: its program headers are "
          "outside the file";
    return false;
  }
  for (size_t i = 0; i < eh.e_phnum; ++i) {
    Phdr ph;
    std::memcpy(&ph, so.data() + eh.e_phoff + i * sizeof(Phdr), sizeof(ph));
    if (ph.p_type == PT_LOAD &&
        (ph.p_offset > size || ph.p_filesz > size - ph.p_offset)) {
      why = "the artifact's shared object is truncated: segment " +
            std::to_string(i) + " ends at byte " +
            std::to_string(uint64_t(ph.p_offset) + ph.p_filesz) + " of " +
            std::to_string(size);
      return false;
    }
  }
  return true;
}

// Unloading an OpenMP runtime while its worker threads sleep crashes the
// process, and a kernel library may be the last user of it; keep whichever
// one is loaded resident for the life of the process.
void pinOpenMPRuntime() {
  for (const char *name :
       {"libomp.so", "libomp.so.5", "libgomp.so.1", "libiomp5.so"})
    if (void *h = dlopen(name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE))
      dlclose(h);
}

// Kernel libraries need an OpenMP runtime (libomp.so.5) but record no
// directory to find it in: where it lives is this machine's business, not
// the compiling machine's. The loader takes an already loaded library of
// that soname, so one is loaded first, globally and for good:
// $TILE_OPENMP_LIBRARY if set (only it), else Debian's libomp-22-dev, else
// wherever the loader finds libomp.so.5. If none loads, dlopen of the kernel
// library says which library is missing.
void loadOpenMPRuntime() {
  if (void *h = dlopen("libomp.so.5", RTLD_LAZY | RTLD_NOLOAD)) {
    dlclose(h);
    return;
  }
  const char *configured = std::getenv("TILE_OPENMP_LIBRARY");
  if (configured && *configured) {
    dlopen(configured, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE);
    return;
  }
  for (const char *name : {"/usr/lib/llvm-22/lib/libomp.so.5", "libomp.so.5"})
    if (dlopen(name, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE))
      return;
}

// The host's physical memory in bytes, or SIZE_MAX where unknown.
size_t hostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0 ||
      uint64_t(pages) > SIZE_MAX / uint64_t(pageSize))
    return SIZE_MAX;
  return size_t(pages) * size_t(pageSize);
}

// The host's architecture as uname names it ("x86_64").
std::string hostMachine() {
  utsname names;
  if (uname(&names) != 0)
    return "unknown";
  return names.machine;
}

// The hardware threads this process may run on.
int hostThreads() {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return CPU_COUNT(&set);
#endif
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? int(n) : 1;
}

// The threads a kernel's OpenMP loop runs on: the first level of
// $OMP_NUM_THREADS where it is a positive number, else the hardware threads
// (as libomp does).
int openMPThreads() {
  if (const char *env = std::getenv("OMP_NUM_THREADS")) {
    char *end = nullptr;
    long n = std::strtol(env, &end, 10);
    if (end != env && (*end == '\0' || *end == ',') && n >= 1 && n <= 65536)
      return int(n);
  }
  return hostThreads();
}

// How many cpu devices there are: $TILE_CPU_DEVICES (1 to 64) views of the
// one host, so that code for several devices runs without GPUs; 1 when it
// is unset or not such a number.
int hostDeviceCount() {
  const char *env = std::getenv("TILE_CPU_DEVICES");
  if (!env || !*env)
    return 1;
  char *end = nullptr;
  long n = std::strtol(env, &end, 10);
  return *end == '\0' && n >= 1 && n <= 64 ? int(n) : 1;
}

// The file dlopen maps a payload from. On Linux an anonymous memory file
// (memfd_create) opened through /proc/self/fd/N: nothing is written to a file
// system, so a process that dies mid-load leaves nothing behind. Elsewhere, or
// where memfd_create or /proc is unavailable (an old kernel, a sandbox), a
// mkstemp file in $TMPDIR or /tmp, unlinked right after dlopen.
struct PayloadFile {
  int fd = -1;
  std::string path;
  bool onDisk = false; // a temporary file to unlink

  ~PayloadFile() { discard(); }

  void discard() {
    if (onDisk)
      ::unlink(path.c_str());
    onDisk = false;
    if (fd >= 0)
      ::close(fd);
    fd = -1;
  }

  tile_status_t create(const std::string &bytes) {
#if defined(__linux__) && defined(MFD_CLOEXEC)
    fd = memfd_create("tile-module", MFD_CLOEXEC);
    if (fd >= 0) {
      path = "/proc/self/fd/" + std::to_string(fd);
      if (::access(path.c_str(), R_OK) != 0)
        discard(); // no /proc: fall back to a file
    }
#endif
    if (fd < 0) {
      const char *tmpdir = std::getenv("TMPDIR");
      path = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") +
             "/tile-module-XXXXXX";
      fd = mkstemp(&path[0]);
      if (fd < 0)
        return makeStatus(TILE_INTERNAL, "cannot create a temporary file '" +
                                             path + "': " + errnoText(errno));
      onDisk = true;
    }
    if (!writeAll(fd, bytes.data(), bytes.size())) {
      std::string why = errnoText(errno);
      std::string where = onDisk ? "the temporary file '" + path + "'"
                                 : std::string("a memory file");
      discard();
      return makeStatus(TILE_INTERNAL, "cannot write " + where + ": " + why);
    }
    return nullptr;
  }
};

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

// A worker thread that runs queued tasks in order. A task's failure is kept
// (the first one; later ones are counted) until synchronize() reports it.
class CPUStream final : public StreamImpl {
public:
  using Task = std::function<tile_status_t()>;

  explicit CPUStream(int ordinal)
      : ordinal(ordinal), worker([this] { run(); }) {
    std::lock_guard<std::mutex> lock(registryMutex());
    registry().push_back(this);
  }

  // Finishes the queue, then stops the worker; an unreported failure goes.
  ~CPUStream() override {
    {
      std::lock_guard<std::mutex> lock(registryMutex());
      auto &all = registry();
      all.erase(std::find(all.begin(), all.end(), this));
    }
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    worker.join();
    tile_status_free(firstFailure);
  }

  /// Waits until every stream of device \p ordinal has run what was queued
  /// on it so far (their failures stay theirs to report).
  static void drainDevice(int ordinal) {
    std::lock_guard<std::mutex> lock(registryMutex());
    for (CPUStream *stream : registry())
      if (stream->ordinal == ordinal) {
        std::unique_lock<std::mutex> streamLock(stream->mutex);
        stream->drained.wait(streamLock, [stream] {
          return stream->queue.empty() && !stream->busy;
        });
      }
  }

  void enqueue(Task task) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      queue.push_back(std::move(task));
    }
    wake.notify_all();
  }

  tile_status_t synchronize() override {
    std::unique_lock<std::mutex> lock(mutex);
    drained.wait(lock, [this] { return queue.empty() && !busy; });
    tile_status_t s = firstFailure;
    firstFailure = nullptr;
    if (s && laterFailures > 0) {
      tile_status_t counted =
          makeStatus(tile_status_code(s),
                     std::string(tile_status_message(s)) + " (and " +
                         std::to_string(laterFailures) + " later failure" +
                         (laterFailures == 1 ? "" : "s") + " on this stream)");
      tile_status_free(s);
      s = counted;
    }
    laterFailures = 0;
    return s;
  }

  tile_status_t query(bool &idle) override {
    std::lock_guard<std::mutex> lock(mutex);
    idle = queue.empty() && !busy;
    return nullptr;
  }

  tile_status_t waitFor(EventImpl &event) override;

  tile_status_t copyFromHost(void *dst, const void *src,
                             size_t bytes) override {
    enqueue([=]() -> tile_status_t {
      std::memmove(dst, src, bytes);
      return nullptr;
    });
    return nullptr;
  }

  tile_status_t copyToHost(void *dst, const void *src, size_t bytes) override {
    return copyFromHost(dst, src, bytes);
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      wake.wait(lock, [this] { return stopping || !queue.empty(); });
      if (queue.empty())
        return; // stopping, and nothing left
      Task task = std::move(queue.front());
      queue.pop_front();
      busy = true;
      lock.unlock();
      tile_status_t s = task();
      task = nullptr; // drop what it captured before the stream reads idle
      lock.lock();
      busy = false;
      if (s && !firstFailure)
        firstFailure = s;
      else if (s) {
        ++laterFailures;
        tile_status_free(s);
      }
      if (queue.empty())
        drained.notify_all();
    }
  }

  // Every live stream, for tile_device_synchronize.
  static std::mutex &registryMutex() {
    static std::mutex m;
    return m;
  }
  static std::vector<CPUStream *> &registry() {
    static std::vector<CPUStream *> streams;
    return streams;
  }

  const int ordinal;
  std::mutex mutex;
  std::condition_variable wake, drained;
  std::deque<Task> queue;
  bool busy = false, stopping = false;
  tile_status_t firstFailure = nullptr;
  size_t laterFailures = 0;
  std::thread worker; // last: starts once the members above exist
};

// Recordings are numbered; the event is complete when the last one made has
// been reached by its stream.
class CPUEvent final : public EventImpl {
public:
  tile_status_t record(StreamImpl &stream) override {
    uint64_t number;
    {
      std::lock_guard<std::mutex> lock(mutex);
      number = ++recorded;
    }
    static_cast<CPUStream &>(stream).enqueue([this, number]() {
      reach(number);
      return nullptr;
    });
    return nullptr;
  }

  tile_status_t synchronize() override {
    std::unique_lock<std::mutex> lock(mutex);
    uint64_t target = recorded;
    reachedChanged.wait(lock, [&] { return reached >= target; });
    return nullptr;
  }

  tile_status_t query(bool &done) override {
    std::lock_guard<std::mutex> lock(mutex);
    done = reached >= recorded;
    return nullptr;
  }

  tile_status_t elapsed(EventImpl &endImpl, double &milliseconds) override {
    auto &end = static_cast<CPUEvent &>(endImpl);
    synchronize();
    end.synchronize();
    double from, to;
    {
      std::lock_guard<std::mutex> lock(mutex);
      from = time;
    }
    {
      std::lock_guard<std::mutex> lock(end.mutex);
      to = end.time;
    }
    milliseconds = to - from;
    return nullptr;
  }

  /// Blocks the calling stream until recording \p number is reached.
  void waitUntil(uint64_t number) {
    std::unique_lock<std::mutex> lock(mutex);
    reachedChanged.wait(lock, [&] { return reached >= number; });
  }

  uint64_t lastRecording() {
    std::lock_guard<std::mutex> lock(mutex);
    return recorded;
  }

private:
  void reach(uint64_t number) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (number > reached) {
        reached = number;
        time = nowMilliseconds();
      }
    }
    reachedChanged.notify_all();
  }

  std::mutex mutex;
  std::condition_variable reachedChanged;
  uint64_t recorded = 0, reached = 0;
  double time = 0; ///< the host clock when the last recording was reached
};

tile_status_t CPUStream::waitFor(EventImpl &eventImpl) {
  auto &event = static_cast<CPUEvent &>(eventImpl);
  uint64_t number = event.lastRecording();
  enqueue([&event, number]() {
    event.waitUntil(number);
    return nullptr;
  });
  return nullptr;
}

class CPUModule final : public ModuleImpl {
public:
  ~CPUModule() override {
    if (handle)
      dlclose(handle);
    if (memoryFile < 0)
      return;
    // dlopen finds a loaded library by its name first, and the name is
    // /proc/self/fd/N: the descriptor stays open while the library is
    // loaded, so that no later module gets the same name. A library that
    // stays resident after dlclose (marked NODELETE) keeps its descriptor.
    std::string path = "/proc/self/fd/" + std::to_string(memoryFile);
    if (void *resident = dlopen(path.c_str(), RTLD_LAZY | RTLD_NOLOAD)) {
      dlclose(resident);
      return;
    }
    ::close(memoryFile);
  }

  // Writes the payload to a memory file (or a private temporary file),
  // dlopens it and resolves every kernel's entry symbol.
  static tile_status_t load(const Artifact &artifact,
                            std::unique_ptr<ModuleImpl> &out);

  tile_status_t launch(size_t index, const uint32_t grid[3],
                       void **args) override {
    int32_t rc = entries[index](args, static_cast<int32_t>(grid[0]),
                                static_cast<int32_t>(grid[1]),
                                static_cast<int32_t>(grid[2]));
    if (rc != 0)
      return makeStatus(TILE_LAUNCH_FAILED,
                        "assertion failed in kernel " + names[index]);
    return nullptr;
  }

  tile_status_t launchOn(StreamImpl &stream, size_t index,
                         const uint32_t grid[3], void **args,
                         std::shared_ptr<const void> keepAlive) override {
    const uint32_t g[3] = {grid[0], grid[1], grid[2]};
    static_cast<CPUStream &>(stream).enqueue(
        [this, index, g, args, keepAlive]() { return launch(index, g, args); });
    return nullptr;
  }

  // Launches return when the grid is done: time them with the host clock.
  tile_status_t launchTimed(size_t index, const uint32_t grid[3], void **args,
                            double &milliseconds) override {
    double start = nowMilliseconds();
    if (tile_status_t s = launch(index, grid, args))
      return s;
    milliseconds = nowMilliseconds() - start;
    return nullptr;
  }

  // A persistent kernel runs one program per thread.
  tile_status_t residentPrograms(size_t, uint64_t &out) override {
    out = uint64_t(openMPThreads());
    return nullptr;
  }

private:
  void *handle = nullptr;
  int memoryFile = -1; // the memfd the library was loaded from
  std::vector<EntryFn> entries;
  std::vector<std::string> names;
};

tile_status_t CPUModule::load(const Artifact &artifact,
                              std::unique_ptr<ModuleImpl> &out) {
  const std::string &so = artifact.binary;
  std::string why;
  if (!checkELF(so, why))
    return makeStatus(TILE_CORRUPT_ARTIFACT, why);

  PayloadFile file;
  if (tile_status_t s = file.create(so))
    return s;
  auto module = std::make_unique<CPUModule>();
  loadOpenMPRuntime();
  module->handle = dlopen(file.path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module->handle && !file.onDisk) {
    module->memoryFile = file.fd; // the module closes it
    file.fd = -1;
  }
  // A temporary file is unlinked now: the mapping stays valid after the name
  // is gone, and nothing else may open it.
  file.discard();
  if (!module->handle) {
    const char *why = dlerror();
    return makeStatus(TILE_CORRUPT_ARTIFACT,
                      std::string("cannot load the artifact's shared "
                                  "object: ") +
                          (why ? why : "unknown dlopen error"));
  }
  pinOpenMPRuntime();

  for (const KernelInfo &k : artifact.kernels) {
    dlerror();
    void *sym = dlsym(module->handle, k.symbol.c_str());
    if (!sym)
      return makeStatus(TILE_CORRUPT_ARTIFACT,
                        "kernel '" + k.name + "': entry symbol '" + k.symbol +
                            "' is not in the artifact's shared object");
    module->entries.push_back(reinterpret_cast<EntryFn>(sym));
    module->names.push_back(k.name);
  }
  out = std::move(module);
  return nullptr;
}

class CPUDevice final : public DeviceImpl {
public:
  explicit CPUDevice(int ordinal)
      : ordinal(ordinal), deviceName(hostCPUName()) {}

  const char *name() const override { return deviceName.c_str(); }

  tile_status_t allocate(size_t bytes, void **out) override {
    // Round up so that whole-cache-line vector accesses stay inside it.
    // More than the host's memory could only fail, or (with overcommit)
    // succeed and bring the OOM killer when it is filled.
    if (bytes > SIZE_MAX - kAlignment || bytes > hostMemoryBytes())
      return makeStatus(
          TILE_OUT_OF_MEMORY,
          "cannot allocate " + std::to_string(bytes) + " bytes: the host has " +
              std::to_string(hostMemoryBytes()) + " bytes of memory");
    size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
    bool huge = rounded >= kHugePageBytes;
    void *p = nullptr;
    int err = posix_memalign(&p, huge ? kHugePageBytes : kAlignment, rounded);
    if (err != 0)
      return makeStatus(TILE_OUT_OF_MEMORY, "cannot allocate " +
                                                std::to_string(bytes) +
                                                " bytes: " + errnoText(err));
#ifdef MADV_HUGEPAGE
    // Advice only: where the kernel has no huge pages it is ignored.
    if (huge)
      (void)madvise(p, rounded / kHugePageBytes * kHugePageBytes,
                    MADV_HUGEPAGE);
#endif
    *out = p;
    return nullptr;
  }

  void release(void *address) override { std::free(address); }

  tile_status_t copyFromHost(void *dst, const void *src,
                             size_t bytes) override {
    std::memmove(dst, src, bytes);
    return nullptr;
  }

  tile_status_t copyToHost(void *dst, const void *src, size_t bytes) override {
    std::memmove(dst, src, bytes);
    return nullptr;
  }

  tile_status_t fill(void *dst, size_t bytes, const void *pattern,
                     size_t patternBytes) override {
    char *p = static_cast<char *>(dst);
    if (patternBytes == 1) {
      std::memset(p, *static_cast<const unsigned char *>(pattern), bytes);
      return nullptr;
    }
    for (size_t i = 0; i < bytes; i += patternBytes)
      std::memcpy(p + i, pattern, patternBytes);
    return nullptr;
  }

  tile_status_t loadModule(const Artifact &artifact,
                           std::unique_ptr<ModuleImpl> &out) override {
    return CPUModule::load(artifact, out);
  }

  // Launches run to completion before they return; what streams of this
  // device (from any open of it) queued is waited for.
  tile_status_t synchronize() override {
    CPUStream::drainDevice(ordinal);
    return nullptr;
  }

  tile_status_t properties(DeviceProperties &out) override {
    out.name = deviceName;
    out.chip = hostMachine();
    size_t memory = hostMemoryBytes();
    out.memoryBytes = memory == SIZE_MAX ? 0 : uint64_t(memory);
    out.computeUnits = hostThreads();
    return nullptr;
  }

  tile_status_t createStream(std::unique_ptr<StreamImpl> &out) override {
    out = std::make_unique<CPUStream>(ordinal);
    return nullptr;
  }

  tile_status_t wrapStream(void *, std::unique_ptr<StreamImpl> &) override {
    return makeStatus(TILE_UNSUPPORTED,
                      "the cpu backend has no native streams to wrap; "
                      "tile_stream_create makes one");
  }

  tile_status_t createEvent(std::unique_ptr<EventImpl> &out) override {
    out = std::make_unique<CPUEvent>();
    return nullptr;
  }

private:
  int ordinal;
  std::string deviceName;
};

class CPUBackend final : public Backend {
public:
  const char *name() const override { return "cpu"; }
  const char *target() const override { return "cpu"; }

  tile_status_t deviceCount(int *out) override {
    *out = hostDeviceCount();
    return nullptr;
  }

  tile_status_t openDevice(int ordinal,
                           std::unique_ptr<DeviceImpl> &out) override {
    int count = hostDeviceCount();
    if (ordinal >= count)
      return makeStatus(
          TILE_NO_DEVICE,
          "no cpu device #" + std::to_string(ordinal) +
              (count == 1 ? " (there is 1; TILE_CPU_DEVICES "
                            "sets how many)"
                          : " (there are " + std::to_string(count) + ")"));
    out = std::make_unique<CPUDevice>(ordinal);
    return nullptr;
  }
};

} // namespace

Backend &mlir::tile::rt::cpuBackend() {
  static CPUBackend backend;
  return backend;
}
