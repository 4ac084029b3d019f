"""Stream and Event: the runtime's in-order queues of copies and launches,
and the markers recorded on them; and how a stream= argument or a
framework's tensor names the stream work goes to."""

import ctypes
import weakref

from . import _convert
from ._library import TileTypeError, TileValueError, check, lib
from ._objects import Device, _Handle

__all__ = ["Stream", "Event"]


def _check_device(device, what):
    if not isinstance(device, Device):
        raise TileTypeError("%s: the device is a tile_runtime.Device, got %s"
                            % (what, _convert._describe(device)))


def native_handle(stream):
    """The int handle of a native stream (CUstream, hipStream_t): an int, or
    a framework's stream object (.cuda_stream: torch.cuda.Stream; .ptr:
    cupy.cuda.Stream). None if `stream` is none of those."""
    if isinstance(stream, bool):
        return None
    value = stream
    if not isinstance(value, int):
        value = getattr(stream, "cuda_stream", None)
        if value is None:
            value = getattr(stream, "ptr", None)
        if isinstance(value, bool) or not isinstance(value, int):
            return None
    if not 0 <= value < 1 << 64:
        raise TileValueError("a native stream handle is an address (0 to "
                             "2^64-1), got %d" % value)
    return value


def resolve(device, stream):
    """The Stream a stream= argument names for work on `device`: None, a
    Stream, or a native handle or framework stream (the device's wrapper of
    it, made once and kept)."""
    if stream is None or isinstance(stream, Stream):
        return stream
    native = native_handle(stream)
    if native is None:
        raise TileTypeError(
            "stream= is a tile_runtime.Stream, a native stream handle (an "
            "int) or a framework's stream (.cuda_stream, .ptr), got %s"
            % _convert._describe(stream))
    return device._wrapped_stream(native)


def current_native(values, ordinal):
    """(native stream, framework) for the framework's tensors among
    `values`: a torch tensor's current stream (torch.cuda.current_stream),
    a CuPy array's (cupy.cuda.get_current_stream()), or the int `stream` of
    a version 3 __cuda_array_interface__, framework "torch", "cupy" or
    "cai"; the first found, else (None, None). Tensors of another device
    than `ordinal` are skipped: converting them raises."""
    for value in values:
        module = type(value).__module__ or ""
        if module.startswith("torch"):
            device = getattr(value, "device", None)
            if getattr(value, "is_cuda", False) and device.index == ordinal:
                # Imported only here: torch is loaded if a tensor exists.
                import torch
                return int(torch.cuda.current_stream(device).cuda_stream), \
                    "torch"
            continue
        if module.startswith("cupy") and \
                hasattr(value, "__cuda_array_interface__"):
            if getattr(getattr(value, "device", None), "id", None) != ordinal:
                continue
            import cupy
            return int(cupy.cuda.get_current_stream().ptr), "cupy"
        try:
            cai = getattr(value, "__cuda_array_interface__", None)
        except Exception:       # a property that fails: not ours to report
            continue
        if isinstance(cai, dict) and cai.get("version", 0) >= 3:
            stream = cai.get("stream")
            if isinstance(stream, int) and not isinstance(stream, bool):
                return stream, "cai"
    return None, None


class Stream(_Handle):
    """An in-order queue of copies and launches on one device:
    ``Stream(device)`` makes one (a worker thread on the CPU, a driver
    stream on GPUs, which synchronizes with the default stream);
    ``Stream.wrap(device, native)`` uses the caller's own CUstream or
    hipStream_t (an int, 0 for the default stream, or a framework's stream
    object: ``torch.cuda.Stream``, ``cupy.cuda.Stream``), which the runtime
    never destroys (not on the CPU: TileError UNSUPPORTED).

    Work queued with ``stream=`` (``kernel(..., stream=s)``,
    ``buffer.copy_from(a, stream=s)``, ``buffer.to_numpy(stream=s)``) is
    checked at once and runs later; what fails while it runs (a failed
    tile.assert) is raised by the next ``synchronize()``. Until then the
    stream keeps the host arrays and tensors of that work alive.
    A context manager; ``close()`` waits for the work and destroys the
    stream. A stream keeps its Device alive.
    """

    def __init__(self, device):
        self._setup(device, None, False)

    @classmethod
    def wrap(cls, device, native):
        """A Stream over the caller's native stream (an int handle, or an
        object with ``.cuda_stream`` or ``.ptr``); ``.native`` is its
        handle. The native stream stays the caller's."""
        handle = native_handle(native)
        if handle is None:
            raise TileTypeError(
                "Stream.wrap(device, native): native is a stream handle (an "
                "int) or a framework's stream (.cuda_stream, .ptr), got %s"
                % _convert._describe(native))
        self = object.__new__(cls)
        self._setup(device, handle, False)
        return self

    @classmethod
    def _cached(cls, device, native):
        """The wrapper a Device keeps of a native stream named by stream= or
        a tensor. The device closes it (device.close()), so it counts as
        no user of the device and holds it weakly: dropping the device
        still frees it at once. It may be made after the device was closed,
        by a kernel or buffer whose device handle stays open."""
        self = object.__new__(cls)
        self._setup(device, native, True)
        return self

    def _setup(self, device, native, cached):
        _check_device(device, "Stream(device)" if native is None
                      else "Stream.wrap(device, native)")
        self._handle = None
        self._native = native
        self._cached = cached
        self._pending = []
        self._device = weakref.proxy(device) if cached else device
        if cached:
            handle = device._handle
        else:
            handle = device._acquire("create a stream" if native is None
                                     else "wrap a stream")
        out = ctypes.c_void_p()
        try:
            if native is None:
                check(lib.tile_stream_create(handle, ctypes.byref(out)))
            else:
                check(lib.tile_stream_wrap(handle, native or None,
                                           ctypes.byref(out)))
        except BaseException:
            if not cached:
                device._release()
            raise
        self._handle = out.value

    @property
    def device(self):
        return self._device

    @property
    def native(self):
        """The native stream handle of a wrapped stream; None for one made
        by Stream(device)."""
        return self._native

    @property
    def closed(self):
        return self._handle is None

    def _live_handle(self, what="use the stream"):
        if self._handle is None:
            raise TileValueError("cannot %s: it is closed (destroyed)"
                                 % what)
        return self._handle

    def _hold(self, obj):
        """Keeps what queued work reads or writes (a host array, the Memory
        of a tensor) until the stream is known to be done with it."""
        self._pending.append(obj)

    def _release_pending(self):
        pending, self._pending = self._pending, []
        for obj in pending:
            if isinstance(obj, _convert.Memory):
                obj.release()

    def _idle(self):
        idle = ctypes.c_int()
        check(lib.tile_stream_query(self._live_handle("query the stream"),
                                    ctypes.byref(idle)))
        return bool(idle.value)

    def _ready(self):
        """Before queueing: lets go of what finished work held, so that work
        waited for elsewhere (device.synchronize(), a framework's
        synchronize) does not hold its memory until this stream's next
        synchronize()."""
        if self._pending and self._idle():
            self._release_pending()

    def synchronize(self):
        """Waits for the work queued so far. Raises TileError for the first
        failure since the last synchronization (LAUNCH_FAILED for a failed
        tile.assert of a queued launch, naming the kernel)."""
        handle = self._live_handle("synchronize the stream")
        try:
            check(lib.tile_stream_synchronize(handle))
        finally:
            self._release_pending()     # done, failed or not

    def query(self):
        """True if all work queued so far has finished (its failures are
        raised by synchronize())."""
        idle = self._idle()
        if idle:
            self._release_pending()
        return idle

    def wait(self, event):
        """Later work on this stream waits until the event's last recording
        (made before this call) completes; an event never recorded is
        complete. The event may be of this device only."""
        if not isinstance(event, Event):
            raise TileTypeError("Stream.wait(event): the event is a "
                                "tile_runtime.Event, got %s"
                                % _convert._describe(event))
        check(lib.tile_stream_wait_event(
            self._live_handle("wait on the stream"),
            event._live_handle("wait for the event")))

    def close(self):
        """Waits for the stream's work and destroys it; raises TileError as
        synchronize() would. A wrapped stream's native stream stays the
        caller's. Idempotent."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            check(lib.tile_stream_destroy(handle))
        finally:
            self._release_pending()
            if not self._cached:
                self._device._release()

    def __repr__(self):
        try:
            where = "%s:%d" % (self._device.backend, self._device.ordinal)
        except ReferenceError:
            where = "a collected device"
        what = " wrapping 0x%x" % self._native \
            if self._native is not None else ""
        state = " (closed)" if self._handle is None else ""
        return "<tile_runtime.Stream%s on %s%s>" % (what, where, state)


class Event(_Handle):
    """A marker recorded on a stream: ``Event(device)``;
    ``event.record(stream)``, then ``synchronize()``, ``query()``,
    ``start.elapsed_ms(end)``, or ``stream.wait(event)``. A context manager;
    ``close()`` destroys it (work that records or waits for it keeps it
    until done). An event keeps its Device alive."""

    def __init__(self, device):
        _check_device(device, "Event(device)")
        self._handle = None
        self._device = device
        handle = device._acquire("create an event")
        out = ctypes.c_void_p()
        try:
            check(lib.tile_event_create(handle, ctypes.byref(out)))
        except BaseException:
            device._release()
            raise
        self._handle = out.value

    @property
    def device(self):
        return self._device

    @property
    def closed(self):
        return self._handle is None

    def _live_handle(self, what="use the event"):
        if self._handle is None:
            raise TileValueError("cannot %s: it is closed (destroyed)"
                                 % what)
        return self._handle

    def record(self, stream):
        """Records the event at the current end of `stream`: a Stream of the
        event's device, or a native handle or framework stream (as for
        stream= of a launch)."""
        handle = self._live_handle("record the event")
        target = resolve(self._device, stream)
        if target is None:
            raise TileTypeError("Event.record(stream): the stream is a "
                                "tile_runtime.Stream, got None")
        check(lib.tile_event_record(
            handle, target._live_handle("record an event on the stream")))

    def synchronize(self):
        """Waits until the event's last recording completes (at once for an
        event never recorded)."""
        check(lib.tile_event_synchronize(
            self._live_handle("synchronize the event")))

    def query(self):
        """True if the event's last recording has completed."""
        done = ctypes.c_int()
        check(lib.tile_event_query(self._live_handle("query the event"),
                                   ctypes.byref(done)))
        return bool(done.value)

    def elapsed_ms(self, end):
        """Waits for this event and `end`, both recorded, then the
        milliseconds from this one to `end` (tile_event_elapsed)."""
        if not isinstance(end, Event):
            raise TileTypeError("elapsed_ms(end): the end is a "
                                "tile_runtime.Event, got %s"
                                % _convert._describe(end))
        ms = ctypes.c_double()
        check(lib.tile_event_elapsed(
            self._live_handle("time from the event"),
            end._live_handle("time to the event"), ctypes.byref(ms)))
        return ms.value

    def close(self):
        """Destroys the event. Idempotent."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            check(lib.tile_event_destroy(handle))
        finally:
            self._device._release()

    def __repr__(self):
        state = " (closed)" if self._handle is None else ""
        return "<tile_runtime.Event on %s:%d%s>" % (
            self._device.backend, self._device.ordinal, state)
