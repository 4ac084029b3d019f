//===- runtime-streams-test.cpp - Devices, streams and events of the C API ===//
//
// Drives the asynchronous half of tile/runtime.h on one backend and prints
// one line per step, "LABEL: CODE_NAME message" or "LABEL: PASS", for
// streams.test (the CPU backend, the fake CUDA and HIP drivers) and the GPU
// run of scripts/h200.sh:
//   - every device's properties, and an ordinal out of range;
//   - copies and launches queued on a stream, checked; events recorded,
//     timed and waited for, within a stream and across two; the device's
//     synchronization waiting for its streams;
//   - a failed tile.assert of a queued launch reported by the stream's
//     synchronization, and only once;
//   - a buffer freed and a module unloaded while work using them is queued;
//   - the misuses: a null, destroyed or foreign stream (another device's),
//     a foreign buffer or event, a kernel of an unloaded module, an event
//     never recorded, wrapping a native stream where there is none;
//   - with --threads N: N host threads, each with its own device (round
//     robin over the devices), module and stream, launching concurrently
//     (for ThreadSanitizer on the CPU backend and for real GPUs; the fake
//     drivers are single-threaded);
//   - with --fault (GPU backends): a kernel that faults, reported by the
//     next synchronization of its stream with the kernel's name. Last,
//     since a GPU context does not recover from it.
//
// Usage: tile-runtime-streams-test BACKEND VECTOR_ADD_ARTIFACT
//            FIXTURES_ARTIFACT [--threads N] [--fault]
// The first artifact has vector_add(ptr, ptr, ptr, i32) over f32; the second
// assert_positive(ptr, i32) (asserts = 1) and, for --fault, fault(ptr).
//
//===----------------------------------------------------------------------===//

#include "tile/runtime.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

// Prints the status and frees it; returns whether it was a success.
bool show(const std::string &label, tile_status_t status) {
  bool ok = status == nullptr;
  std::printf("%s: %s %s\n", label.c_str(),
              tile_status_code_name(tile_status_code(status)),
              tile_status_message(status));
  tile_status_free(status);
  return ok;
}

// Frees a status nobody needs to see; returns whether it was a success.
bool quiet(tile_status_t status) {
  bool ok = status == nullptr;
  tile_status_free(status);
  return ok;
}

void pass(const std::string &label, bool ok) {
  std::printf("%s: %s\n", label.c_str(), ok ? "PASS" : "FAIL");
}

tile_arg_t ptrArg(tile_buffer_t buffer) {
  tile_arg_t arg;
  arg.kind = TILE_ARG_PTR;
  arg.value.buffer = buffer;
  return arg;
}

tile_arg_t i32Arg(int64_t value) {
  tile_arg_t arg;
  arg.kind = TILE_ARG_I32;
  arg.value.i = value;
  return arg;
}

// Grid and block of the fixtures' vector_add: 256 elements per program.
uint32_t programsFor(int n) { return uint32_t((n + 255) / 256); }

// One vector add queued on \p stream: copies in, the launch, the copy out;
// true if it was all queued.
bool queueVectorAdd(tile_kernel_t kernel, tile_stream_t stream, tile_buffer_t x,
                    tile_buffer_t y, tile_buffer_t out,
                    const std::vector<float> &hx, const std::vector<float> &hy,
                    std::vector<float> &hout) {
  const size_t bytes = hx.size() * sizeof(float);
  const uint32_t grid[3] = {programsFor(int(hx.size())), 1, 1};
  tile_arg_t args[4] = {ptrArg(x), ptrArg(y), ptrArg(out),
                        i32Arg(int64_t(hx.size()))};
  return quiet(tile_buffer_copy_from_host_async(x, 0, hx.data(), bytes,
                                                stream)) &&
         quiet(tile_buffer_copy_from_host_async(y, 0, hy.data(), bytes,
                                                stream)) &&
         quiet(tile_kernel_launch_async(kernel, stream, grid, args, 4)) &&
         quiet(tile_buffer_copy_to_host_async(out, 0, hout.data(), bytes,
                                              stream));
}

bool sums(const std::vector<float> &x, const std::vector<float> &y,
          const std::vector<float> &out) {
  for (size_t i = 0; i < x.size(); ++i)
    if (out[i] != x[i] + y[i])
      return false;
  return true;
}

std::vector<float> ramp(int n, float scale) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    v[size_t(i)] = scale * float(i % 97) + 1.0f;
  return v;
}

// One host thread's work: its own device, module and stream, a few rounds
// of vector adds, each checked.
bool threadWork(const char *backend, int ordinal, const char *artifact,
                int index) {
  tile_device_t device = nullptr;
  tile_module_t module = nullptr;
  tile_kernel_t kernel = nullptr;
  tile_stream_t stream = nullptr;
  tile_buffer_t x = nullptr, y = nullptr, out = nullptr;
  const int n = 3000 + 17 * index;
  const size_t bytes = size_t(n) * sizeof(float);
  bool ok = quiet(tile_device_open(backend, ordinal, &device)) &&
            quiet(tile_module_load_file(device, artifact, &module)) &&
            quiet(tile_module_get_kernel(module, "vector_add", &kernel)) &&
            quiet(tile_stream_create(device, &stream)) &&
            quiet(tile_buffer_alloc(device, bytes, &x)) &&
            quiet(tile_buffer_alloc(device, bytes, &y)) &&
            quiet(tile_buffer_alloc(device, bytes, &out));
  for (int round = 0; ok && round < 20; ++round) {
    std::vector<float> hx = ramp(n, float(index + round)), hy = ramp(n, 0.5f);
    std::vector<float> hout(size_t(n), -1.0f);
    ok = queueVectorAdd(kernel, stream, x, y, out, hx, hy, hout) &&
         quiet(tile_stream_synchronize(stream)) && sums(hx, hy, hout);
  }
  ok &= quiet(tile_stream_destroy(stream));
  for (tile_buffer_t b : {x, y, out})
    ok &= quiet(tile_buffer_free(b));
  ok &= quiet(tile_module_unload(module));
  ok &= quiet(tile_device_close(device));
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: tile-runtime-streams-test BACKEND "
                         "VECTOR_ADD_ARTIFACT FIXTURES_ARTIFACT [--threads N] "
                         "[--fault]\n");
    return 2;
  }
  const char *backend = argv[1];
  const char *vaddPath = argv[2], *fixturesPath = argv[3];
  int threads = 0;
  bool fault = false;
  for (int i = 4; i < argc; ++i) {
    if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
      threads = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--fault") == 0)
      fault = true;
  }
  const bool gpu = std::strcmp(backend, "cpu") != 0;

  //===-- Devices ---------------------------------------------------------===//
  int count = 0;
  if (!show("device count", tile_device_count(backend, &count)))
    return 1;
  std::printf("devices: %d\n", count);
  for (int i = 0; i < count; ++i) {
    tile_device_t d = nullptr;
    tile_device_info_t info;
    if (!quiet(tile_device_open(backend, i, &d)) ||
        !show("info", tile_device_info(d, &info)))
      return 1;
    std::printf("device %s:%d: chip %s, memory %s, compute units %s, "
                "name %s\n",
                info.backend, info.ordinal, info.chip,
                info.memory_bytes > 0 ? "known" : "unknown",
                info.compute_units > 0 ? "known" : "unknown",
                info.name[0] ? "known" : "empty");
    quiet(tile_device_close(d));
  }
  tile_device_t bad = nullptr;
  show("open out of range", tile_device_open(backend, count, &bad));
  tile_device_info_t info;
  show("info of null", tile_device_info(nullptr, &info));

  tile_device_t device = nullptr, other = nullptr;
  tile_module_t vadd = nullptr, fixtures = nullptr, otherModule = nullptr;
  tile_kernel_t add = nullptr, assertPositive = nullptr, otherAdd = nullptr;
  if (!show("open", tile_device_open(backend, 0, &device)) ||
      !show("load", tile_module_load_file(device, vaddPath, &vadd)) ||
      !show("load fixtures",
            tile_module_load_file(device, fixturesPath, &fixtures)) ||
      !quiet(tile_module_get_kernel(vadd, "vector_add", &add)) ||
      !quiet(
          tile_module_get_kernel(fixtures, "assert_positive", &assertPositive)))
    return 1;
  if (count > 1 &&
      (!show("open other", tile_device_open(backend, 1, &other)) ||
       !quiet(tile_module_load_file(other, vaddPath, &otherModule)) ||
       !quiet(tile_module_get_kernel(otherModule, "vector_add", &otherAdd))))
    return 1;

  //===-- A stream's copies and launches ----------------------------------===//
  const int n = 1000;
  const size_t bytes = n * sizeof(float);
  tile_stream_t stream = nullptr, second = nullptr;
  tile_buffer_t x = nullptr, y = nullptr, out = nullptr;
  if (!show("stream create", tile_stream_create(device, &stream)) ||
      !quiet(tile_stream_create(device, &second)) ||
      !quiet(tile_buffer_alloc(device, bytes, &x)) ||
      !quiet(tile_buffer_alloc(device, bytes, &y)) ||
      !quiet(tile_buffer_alloc(device, bytes, &out)))
    return 1;
  std::vector<float> hx = ramp(n, 2.0f), hy = ramp(n, 3.0f);
  std::vector<float> hout(n, -1.0f);
  tile_event_t start = nullptr, end = nullptr, never = nullptr;
  show("event create", tile_event_create(device, &start));
  quiet(tile_event_create(device, &end));
  quiet(tile_event_create(device, &never));
  show("record start", tile_event_record(start, stream));
  bool queued = queueVectorAdd(add, stream, x, y, out, hx, hy, hout);
  show("record end", tile_event_record(end, stream));
  show("synchronize", tile_stream_synchronize(stream));
  pass("vector_add on a stream", queued && sums(hx, hy, hout));
  int done = -1, idle = -1;
  show("query end", tile_event_query(end, &done));
  show("query stream", tile_stream_query(stream, &idle));
  std::printf("end done %d, stream idle %d\n", done, idle);
  double ms = -1;
  show("elapsed", tile_event_elapsed(start, end, &ms));
  pass("elapsed is not negative", ms >= 0);
  show("elapsed of an event never recorded",
       tile_event_elapsed(start, never, &ms));
  show("synchronize an event never recorded", tile_event_synchronize(never));
  show("wait for an event never recorded",
       tile_stream_wait_event(second, never));

  // The device's synchronization waits for its streams' work too.
  std::vector<float> hout1(n, -1.0f);
  bool deviceQueued = queueVectorAdd(add, stream, x, y, out, hx, hy, hout1);
  show("synchronize the device", tile_device_synchronize(device));
  pass("the device waited for the stream", deviceQueued && sums(hx, hy, hout1));
  quiet(tile_stream_synchronize(stream));

  // Across streams: the second waits for the first's copies.
  std::vector<float> hx2 = ramp(n, 5.0f), hout2(n, -1.0f);
  tile_event_t copied = nullptr;
  quiet(tile_event_create(device, &copied));
  bool crossQueued = quiet(tile_buffer_copy_from_host_async(x, 0, hx2.data(),
                                                            bytes, stream)) &&
                     quiet(tile_event_record(copied, stream)) &&
                     quiet(tile_stream_wait_event(second, copied));
  const uint32_t grid[3] = {programsFor(n), 1, 1};
  tile_arg_t args[4] = {ptrArg(x), ptrArg(y), ptrArg(out), i32Arg(n)};
  crossQueued = crossQueued &&
                quiet(tile_kernel_launch_async(add, second, grid, args, 4)) &&
                quiet(tile_buffer_copy_to_host_async(out, 0, hout2.data(),
                                                     bytes, second));
  show("synchronize the waiting stream", tile_stream_synchronize(second));
  show("synchronize copied event", tile_event_synchronize(copied));
  pass("a stream waits for another's event",
       crossQueued && sums(hx2, hy, hout2));

  //===-- Failures while queued work runs ---------------------------------===//
  std::vector<float> negative(32, 1.0f);
  negative[5] = -1.0f;
  tile_buffer_t checked = nullptr;
  quiet(tile_buffer_alloc(device, 32 * sizeof(float), &checked));
  tile_arg_t assertArgs[2] = {ptrArg(checked), i32Arg(32)};
  const uint32_t one[3] = {1, 1, 1};
  quiet(tile_buffer_copy_from_host_async(checked, 0, negative.data(),
                                         32 * sizeof(float), stream));
  show("queue a failing assert",
       tile_kernel_launch_async(assertPositive, stream, one, assertArgs, 2));
  show("synchronize after it", tile_stream_synchronize(stream));
  show("synchronize again", tile_stream_synchronize(stream));
  negative[5] = 1.0f;
  quiet(tile_buffer_copy_from_host_async(checked, 0, negative.data(),
                                         32 * sizeof(float), stream));
  show("queue a passing assert",
       tile_kernel_launch_async(assertPositive, stream, one, assertArgs, 2));
  show("synchronize after that", tile_stream_synchronize(stream));

  // A buffer freed and a module unloaded while a launch using them is
  // queued stay valid for it.
  tile_buffer_t doomed = nullptr;
  tile_module_t doomedModule = nullptr;
  tile_kernel_t doomedAdd = nullptr;
  std::vector<float> hout3(n, -1.0f);
  quiet(tile_buffer_alloc(device, bytes, &doomed));
  quiet(tile_module_load_file(device, vaddPath, &doomedModule));
  quiet(tile_module_get_kernel(doomedModule, "vector_add", &doomedAdd));
  bool doomedQueued =
      queueVectorAdd(doomedAdd, stream, x, y, doomed, hx, hy, hout3);
  show("free a buffer in use", tile_buffer_free(doomed));
  show("unload a module in use", tile_module_unload(doomedModule));
  show("synchronize after them", tile_stream_synchronize(stream));
  pass("the queued launch used them", doomedQueued && sums(hx, hy, hout3));
  show("launch the unloaded module's kernel",
       tile_kernel_launch_async(doomedAdd, stream, grid, args, 4));

  //===-- Misuse ----------------------------------------------------------===//
  show("launch on a null stream",
       tile_kernel_launch_async(add, nullptr, grid, args, 4));
  show("launch with a bad argument",
       tile_kernel_launch_async(add, stream, grid, args, 3));
  tile_stream_t gone = nullptr;
  quiet(tile_stream_create(device, &gone));
  show("destroy", tile_stream_destroy(gone));
  show("launch on a destroyed stream",
       tile_kernel_launch_async(add, gone, grid, args, 4));
  show("destroy again", tile_stream_destroy(gone));
  show("destroy null", tile_stream_destroy(nullptr));
  show("stream handle as an event",
       tile_event_synchronize(reinterpret_cast<tile_event_t>(stream)));
  tile_stream_t wrapped = nullptr;
  if (gpu) {
    show("wrap the default stream",
         tile_stream_wrap(device, nullptr, &wrapped));
    std::vector<float> hout4(n, -1.0f);
    bool ok = queueVectorAdd(add, wrapped, x, y, out, hx, hy, hout4);
    show("synchronize the wrapped stream", tile_stream_synchronize(wrapped));
    pass("vector_add on the default stream", ok && sums(hx, hy, hout4));
    show("destroy the wrapped stream", tile_stream_destroy(wrapped));
  } else {
    show("wrap", tile_stream_wrap(device, nullptr, &wrapped));
  }
  if (other) {
    tile_stream_t foreign = nullptr;
    tile_event_t foreignEvent = nullptr;
    tile_buffer_t foreignBuffer = nullptr;
    quiet(tile_stream_create(other, &foreign));
    quiet(tile_event_create(other, &foreignEvent));
    quiet(tile_buffer_alloc(other, bytes, &foreignBuffer));
    show("launch on another device's stream",
         tile_kernel_launch_async(add, foreign, grid, args, 4));
    show("copy on another device's stream",
         tile_buffer_copy_from_host_async(x, 0, hx.data(), bytes, foreign));
    show("record another device's event",
         tile_event_record(foreignEvent, stream));
    show("wait for another device's event",
         tile_stream_wait_event(stream, foreignEvent));
    show("elapsed across devices",
         tile_event_elapsed(start, foreignEvent, &ms));
    tile_arg_t foreignArgs[4] = {ptrArg(foreignBuffer), ptrArg(y), ptrArg(out),
                                 i32Arg(n)};
    show("launch with another device's buffer",
         tile_kernel_launch_async(add, stream, grid, foreignArgs, 4));
    // The other device's own work runs there.
    std::vector<float> hout5(n, -1.0f);
    tile_buffer_t ox = nullptr, oy = nullptr;
    quiet(tile_buffer_alloc(other, bytes, &ox));
    quiet(tile_buffer_alloc(other, bytes, &oy));
    bool ok =
        queueVectorAdd(otherAdd, foreign, ox, oy, foreignBuffer, hx, hy, hout5);
    show("synchronize the other device's stream",
         tile_stream_synchronize(foreign));
    pass("vector_add on the other device", ok && sums(hx, hy, hout5));
    quiet(tile_buffer_free(ox));
    quiet(tile_buffer_free(oy));
    quiet(tile_buffer_free(foreignBuffer));
    quiet(tile_event_destroy(foreignEvent));
    quiet(tile_stream_destroy(foreign));
  }

  //===-- Threads ---------------------------------------------------------===//
  if (threads > 0) {
    std::vector<std::thread> workers;
    std::atomic<int> failures{0};
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        if (!threadWork(backend, t % count, vaddPath, t))
          ++failures;
      });
    for (std::thread &w : workers)
      w.join();
    std::printf("threads: %d threads x 20 rounds on %d device%s: %s\n", threads,
                count, count == 1 ? "" : "s", failures == 0 ? "PASS" : "FAIL");
  }

  //===-- A kernel that faults (last) -------------------------------------===//
  if (fault) {
    tile_kernel_t faulting = nullptr;
    tile_arg_t faultArgs[1] = {ptrArg(out)};
    quiet(tile_module_get_kernel(fixtures, "fault", &faulting));
    show("queue a faulting kernel",
         tile_kernel_launch_async(faulting, second, one, faultArgs, 1));
    show("synchronize after the fault", tile_stream_synchronize(second));
  }

  //===-- Cleanup ---------------------------------------------------------===//
  show("destroy stream", tile_stream_destroy(stream));
  quiet(tile_stream_destroy(second));
  for (tile_event_t e : {start, end, never, copied})
    show("destroy event", tile_event_destroy(e));
  for (tile_buffer_t b : {x, y, out, checked})
    quiet(tile_buffer_free(b));
  quiet(tile_module_unload(vadd));
  quiet(tile_module_unload(fixtures));
  quiet(tile_module_unload(otherModule));
  quiet(tile_device_close(other));
  show("close", tile_device_close(device));
  return 0;
}
