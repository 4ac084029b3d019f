//===- Streams.cpp - Device properties, streams and events of the C API ---===//
//
// The asynchronous half of tile/runtime.h, once for every backend: checks
// (handles, devices, ranges) happen here before anything is queued, and each
// stream keeps what its queued work uses (Objects.h) until it is known idle,
// so that a buffer freed or a module unloaded while a launch is queued stays
// valid for that launch.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/Objects.h"

using namespace mlir::tile;
using namespace mlir::tile::rt;

namespace {

// Past this many objects in flight a stream asks whether it is idle before
// keeping another, so that one never synchronized does not grow forever.
constexpr size_t kInFlightPruneThreshold = 64;

tile_status_t makeStream(tile_device_t handle, tile_stream_t *out, void *native,
                         bool wrap) {
  std::shared_ptr<Device> device;
  if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
    return s;
  if (!out)
    return invalid("out_stream is null");
  auto stream = std::make_shared<Stream>();
  stream->device = device;
  if (tile_status_t s = wrap ? device->impl->wrapStream(native, stream->impl)
                             : device->impl->createStream(stream->impl))
    return s;
  return publish(HandleKind::Stream, std::move(stream), out);
}

// Synchronizes a stream whose mutex is held, then lets go of what its work
// used (whether or not the work failed: it is over).
tile_status_t synchronizeLocked(Stream &stream) {
  tile_status_t s = stream.impl->synchronize();
  stream.inFlight.clear();
  if (s || stream.pendingFailure)
    stream.workspace.reset();
  if (!stream.pendingFailure)
    return s;
  tile_status_free(s);
  s = stream.pendingFailure;
  stream.pendingFailure = nullptr;
  return s;
}

tile_status_t copyAsync(tile_buffer_t handle, size_t offset, void *host,
                        size_t bytes, tile_stream_t streamHandle, bool toHost) {
  std::shared_ptr<Buffer> buffer;
  if (tile_status_t s = lookup(handle, HandleKind::Buffer, "buffer", buffer))
    return s;
  std::shared_ptr<Stream> stream;
  if (tile_status_t s =
          lookup(streamHandle, HandleKind::Stream, "stream", stream))
    return s;
  if (!host)
    return invalid(toHost ? "destination pointer is null"
                          : "source pointer is null");
  if (tile_status_t s = checkRange(*buffer, offset, bytes, "copy"))
    return s;
  if (tile_status_t s = checkSameDevice(*buffer->device, *stream->device,
                                        "the stream", "the buffer"))
    return s;
  char *deviceAddress = static_cast<char *>(buffer->address) + offset;
  std::lock_guard<std::mutex> lock(stream->mutex);
  if (tile_status_t s =
          toHost ? stream->impl->copyToHost(host, deviceAddress, bytes)
                 : stream->impl->copyFromHost(deviceAddress, host, bytes))
    return s;
  keepInFlight(*stream, std::move(buffer));
  return nullptr;
}

// The event and stream of an event call, checked to be of one device.
tile_status_t lookupEventAndStream(tile_event_t eventHandle,
                                   tile_stream_t streamHandle,
                                   std::shared_ptr<Event> &event,
                                   std::shared_ptr<Stream> &stream) {
  if (tile_status_t s = lookup(eventHandle, HandleKind::Event, "event", event))
    return s;
  if (tile_status_t s =
          lookup(streamHandle, HandleKind::Stream, "stream", stream))
    return s;
  return checkSameDevice(*stream->device, *event->device, "the event",
                         "the stream");
}

// Looks up an event and a stream of one device and queues \p work (which
// records or waits for the event) on the stream, which keeps the event
// alive until the work has run.
template <typename Work>
tile_status_t queueEventWork(tile_event_t eventHandle,
                             tile_stream_t streamHandle, Work &&work) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Event> event;
    std::shared_ptr<Stream> stream;
    if (tile_status_t s =
            lookupEventAndStream(eventHandle, streamHandle, event, stream))
      return s;
    std::lock_guard<std::mutex> lock(stream->mutex);
    if (tile_status_t s = work(*stream, *event))
      return s;
    keepInFlight(*stream, std::move(event));
    return nullptr;
  });
}

} // namespace

void mlir::tile::rt::keepInFlight(Stream &stream,
                                  std::shared_ptr<const void> object) {
  if (stream.inFlight.size() >= kInFlightPruneThreshold) {
    // An idle stream synchronizes at once; what it finds is reported by the
    // next tile_stream_synchronize. A failed query leaves the list as it is.
    bool idle = false;
    tile_status_t s = stream.impl->query(idle);
    if (!s && idle) {
      s = stream.impl->synchronize();
      stream.inFlight.clear();
      if (s)
        stream.workspace.reset();
      if (s && !stream.pendingFailure) {
        stream.pendingFailure = s;
        s = nullptr;
      }
    }
    tile_status_free(s);
  }
  stream.inFlight.push_back(std::move(object));
}

extern "C" {

tile_status_t tile_device_info(tile_device_t handle,
                               tile_device_info_t *out_info) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    if (!out_info)
      return invalid("out_info is null");
    // The strings live in the device, which the caller's handle keeps.
    const DeviceProperties &p = device->properties;
    out_info->backend = device->backend->name();
    out_info->ordinal = device->ordinal;
    out_info->name = p.name.c_str();
    out_info->chip = p.chip.c_str();
    out_info->memory_bytes = p.memoryBytes;
    out_info->compute_units = p.computeUnits;
    return nullptr;
  });
}

tile_status_t tile_stream_create(tile_device_t device,
                                 tile_stream_t *out_stream) {
  return guarded([&]() {
    return makeStream(device, out_stream, nullptr, /*wrap=*/false);
  });
}

tile_status_t tile_stream_wrap(tile_device_t device, void *native,
                               tile_stream_t *out_stream) {
  return guarded(
      [&]() { return makeStream(device, out_stream, native, /*wrap=*/true); });
}

tile_status_t tile_stream_destroy(tile_stream_t handle) {
  return guarded([&]() -> tile_status_t {
    if (!handle)
      return nullptr;
    std::shared_ptr<void> object;
    if (tile_status_t s =
            handles().remove(fromHandle(handle), HandleKind::Stream, object))
      return s;
    // No new work can be queued through the handle now; finish the old.
    auto stream = std::static_pointer_cast<Stream>(object);
    std::lock_guard<std::mutex> lock(stream->mutex);
    return synchronizeLocked(*stream);
  });
}

tile_status_t tile_stream_synchronize(tile_stream_t handle) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Stream> stream;
    if (tile_status_t s = lookup(handle, HandleKind::Stream, "stream", stream))
      return s;
    std::lock_guard<std::mutex> lock(stream->mutex);
    return synchronizeLocked(*stream);
  });
}

tile_status_t tile_stream_query(tile_stream_t handle, int *out_idle) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Stream> stream;
    if (tile_status_t s = lookup(handle, HandleKind::Stream, "stream", stream))
      return s;
    if (!out_idle)
      return invalid("out_idle is null");
    std::lock_guard<std::mutex> lock(stream->mutex);
    bool idle = false;
    if (tile_status_t s = stream->impl->query(idle))
      return s;
    *out_idle = idle ? 1 : 0;
    return nullptr;
  });
}

tile_status_t tile_stream_wait_event(tile_stream_t stream, tile_event_t event) {
  return queueEventWork(event, stream, [](Stream &s, Event &e) {
    return s.impl->waitFor(*e.impl);
  });
}

tile_status_t tile_buffer_copy_from_host_async(tile_buffer_t buffer,
                                               size_t offset, const void *src,
                                               size_t bytes,
                                               tile_stream_t stream) {
  return guarded([&]() {
    return copyAsync(buffer, offset, const_cast<void *>(src), bytes, stream,
                     /*toHost=*/false);
  });
}

tile_status_t tile_buffer_copy_to_host_async(tile_buffer_t buffer,
                                             size_t offset, void *dst,
                                             size_t bytes,
                                             tile_stream_t stream) {
  return guarded([&]() {
    return copyAsync(buffer, offset, dst, bytes, stream, /*toHost=*/true);
  });
}

tile_status_t tile_kernel_launch_async(tile_kernel_t kernel,
                                       tile_stream_t streamHandle,
                                       const uint32_t grid[3],
                                       const tile_arg_t *args,
                                       size_t num_args) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Stream> stream;
    if (tile_status_t s =
            lookup(streamHandle, HandleKind::Stream, "stream", stream))
      return s;
    return launchKernel(kernel, stream.get(), grid, args, num_args, nullptr);
  });
}

tile_status_t tile_event_create(tile_device_t handle, tile_event_t *out_event) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Device> device;
    if (tile_status_t s = lookup(handle, HandleKind::Device, "device", device))
      return s;
    if (!out_event)
      return invalid("out_event is null");
    auto event = std::make_shared<Event>();
    event->device = device;
    if (tile_status_t s = device->impl->createEvent(event->impl))
      return s;
    return publish(HandleKind::Event, std::move(event), out_event);
  });
}

tile_status_t tile_event_destroy(tile_event_t event) {
  // Streams whose queued work records or waits for it keep it alive.
  return retire(event, HandleKind::Event);
}

tile_status_t tile_event_record(tile_event_t event, tile_stream_t stream) {
  return queueEventWork(event, stream, [](Stream &s, Event &e) {
    tile_status_t status = e.impl->record(*s.impl);
    if (!status)
      e.recorded = true;
    return status;
  });
}

tile_status_t tile_event_synchronize(tile_event_t handle) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Event> event;
    if (tile_status_t s = lookup(handle, HandleKind::Event, "event", event))
      return s;
    return event->impl->synchronize();
  });
}

tile_status_t tile_event_query(tile_event_t handle, int *out_done) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Event> event;
    if (tile_status_t s = lookup(handle, HandleKind::Event, "event", event))
      return s;
    if (!out_done)
      return invalid("out_done is null");
    bool done = false;
    if (tile_status_t s = event->impl->query(done))
      return s;
    *out_done = done ? 1 : 0;
    return nullptr;
  });
}

tile_status_t tile_event_elapsed(tile_event_t startHandle,
                                 tile_event_t endHandle,
                                 double *out_milliseconds) {
  return guarded([&]() -> tile_status_t {
    std::shared_ptr<Event> start, end;
    if (tile_status_t s =
            lookup(startHandle, HandleKind::Event, "start event", start))
      return s;
    if (tile_status_t s =
            lookup(endHandle, HandleKind::Event, "end event", end))
      return s;
    if (!out_milliseconds)
      return invalid("out_milliseconds is null");
    if (tile_status_t s = checkSameDevice(*start->device, *end->device,
                                          "the end event", "the start event"))
      return s;
    if (!start->recorded || !end->recorded)
      return invalid(std::string("the ") + (start->recorded ? "end" : "start") +
                     " event has never been recorded");
    return start->impl->elapsed(*end->impl, *out_milliseconds);
  });
}

} // extern "C"
