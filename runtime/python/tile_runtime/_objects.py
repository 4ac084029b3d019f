"""Device, Buffer, Module and Kernel: the runtime's handles as Python
objects."""

import collections
import ctypes
import os

from . import _convert
from ._launch import Kernel
from ._library import (DeviceInfoStruct, TileError, TileTypeError,
                       TileValueError, check, finalizing, lib)

__all__ = ["Device", "DeviceInfo", "Buffer", "Module", "Kernel",
           "device_count"]

DeviceInfo = collections.namedtuple(
    "DeviceInfo", "backend ordinal name chip memory_bytes compute_units")
DeviceInfo.__doc__ = """What a device is (tile_device_info_t): backend
("cpu", "cuda", "hip"), ordinal, name ("NVIDIA H200"; the CPU's model),
chip ("sm_90", "gfx942"; the host's "x86_64"), memory_bytes (device memory;
the host's on the CPU) and compute_units (multiprocessors, compute units;
CPU threads)."""


def device_count(backend="cpu"):
    """The number of devices of a backend ("cpu" has 1). Raises TileError
    (NO_DEVICE) where the backend's driver or device is missing."""
    count = ctypes.c_int(0)
    check(lib.tile_device_count(_backend_name(backend), ctypes.byref(count)))
    return count.value


def _backend_name(backend):
    if not isinstance(backend, str):
        raise TileTypeError("the backend is a name ('cpu', 'cuda' or 'hip'), "
                            "got %r" % (backend,))
    return backend.encode()


class _Handle:
    """What Device, Buffer, Module, Stream and Event share: a context
    manager that closes, and a finalizer that closes a handle still open
    (errors ignored, nothing done while the interpreter shuts down)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _finalize(self):
        self.close()

    def __del__(self):
        if getattr(self, "_handle", None) is not None and not finalizing():
            try:
                self._finalize()
            except Exception:
                pass


class Device(_Handle):
    """An open device: ``Device("cpu")``, ``Device("cuda", 1)``.

    ``info`` is a DeviceInfo (name, chip, memory, compute units);
    ``stream()`` and ``event()`` make a Stream and an Event of the device.

    A context manager; ``close()`` releases the handle. Buffers, modules,
    streams and events keep their device alive, as in the C API: after
    ``close()`` the device itself can no longer be used (allocations,
    loads, ``synchronize()``), but its buffers and kernels still work, and
    the runtime's device goes away with the last of them.
    """

    def __init__(self, backend="cpu", ordinal=0):
        if isinstance(ordinal, bool) or not isinstance(ordinal, int):
            raise TileTypeError("the device ordinal is an int, got %r"
                                % (ordinal,))
        self._handle = None
        self._closed = True
        self._dependents = 0
        # Native stream handle -> the Stream wrapping it, for launches on a
        # framework's stream (wrapping per launch would wait at each destroy).
        self._wrapped_streams = {}
        handle = ctypes.c_void_p()
        check(lib.tile_device_open(_backend_name(backend), ordinal,
                                   ctypes.byref(handle)))
        self._handle = handle.value
        self._closed = False
        self.backend = backend
        self.ordinal = ordinal
        name = ctypes.c_char_p()
        check(lib.tile_device_name(self._handle, ctypes.byref(name)))
        self.name = name.value.decode("utf-8", "replace")
        info = DeviceInfoStruct()
        check(lib.tile_device_info(self._handle, ctypes.byref(info)))
        # Copied now: the runtime's strings live only while the device does.
        self.info = DeviceInfo(
            info.backend.decode(), info.ordinal,
            info.name.decode("utf-8", "replace"),
            info.chip.decode("utf-8", "replace"), info.memory_bytes,
            info.compute_units)

    def __repr__(self):
        state = " (closed)" if self._closed else ""
        return "<tile_runtime.Device %s:%d %r%s>" % (
            self.backend, self.ordinal, getattr(self, "name", "?"), state)

    @property
    def closed(self):
        return self._closed

    def _live_handle(self, what):
        if self._closed:
            raise TileValueError("cannot %s: the device %s:%d is closed"
                                 % (what, self.backend, self.ordinal))
        return self._handle

    def synchronize(self):
        """Waits until all work submitted to the device, on every stream, has
        finished. Raises the first failure of a launch on a framework's
        stream (stream= an int or a framework stream, or a tensor's current
        stream); those of a Stream you made are raised by its
        synchronize()."""
        check(lib.tile_device_synchronize(self._live_handle("synchronize")))
        _first_error(s.synchronize for s in list(
            self._wrapped_streams.values()))

    # Convenience constructors.
    def alloc(self, nbytes_or_shape, dtype=None):
        """Buffer.alloc(self, ...)."""
        return Buffer.alloc(self, nbytes_or_shape, dtype)

    def from_numpy(self, array):
        """Buffer.from_numpy(self, array)."""
        return Buffer.from_numpy(self, array)

    def wrap(self, obj, nbytes=None):
        """Buffer.wrap(self, obj)."""
        return Buffer.wrap(self, obj, nbytes)

    def load(self, artifact):
        """Module(self, artifact)."""
        return Module(self, artifact)

    def stream(self):
        """Stream(self): a new stream of the device."""
        from ._streams import Stream
        return Stream(self)

    def event(self):
        """Event(self): a new event of the device."""
        from ._streams import Event
        return Event(self)

    def _wrapped_stream(self, native):
        """The Stream over a native stream handle, made on first use and
        closed with the device."""
        stream = self._wrapped_streams.get(native)
        if stream is None or stream.closed:
            if self._handle is None:
                raise TileValueError("cannot wrap a stream: the device %s:%d "
                                     "is closed" % (self.backend,
                                                    self.ordinal))
            from ._streams import Stream
            stream = Stream._cached(self, native)
            self._wrapped_streams[native] = stream
        return stream

    def _close_wrapped_streams(self):
        streams = list(self._wrapped_streams.values())
        self._wrapped_streams.clear()
        _first_error(s.close for s in streams)

    # Buffers, modules, streams and events count as users of the handle.
    def _acquire(self, what):
        handle = self._live_handle(what)
        self._dependents += 1
        return handle

    def _release(self):
        self._dependents -= 1
        if self._closed and self._dependents == 0:
            self._close_handle()

    def _close_handle(self):
        handle, self._handle = self._handle, None
        if handle is not None:
            try:
                # Made after close() by kernels or buffers that kept it open.
                self._close_wrapped_streams()
            finally:
                check(lib.tile_device_close(handle))

    def close(self):
        """Closes the device, and its wrappers of framework streams (each
        waits for its work: the first failure is raised). Idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            self._close_wrapped_streams()
        finally:
            if self._dependents == 0:
                self._close_handle()

    def _finalize(self):
        # Only reached with no buffer, module, stream or event left: they hold
        # a reference.
        self._closed = True
        self._close_handle()


def _first_error(calls):
    """Makes every call, then raises the first TileError one raised."""
    error = None
    for call in calls:
        try:
            call()
        except TileError as e:
            error = error or e
    if error is not None:
        raise error


def _np_dtype(dtype):
    np = _convert._numpy()
    if np is None:
        raise TileTypeError("typed buffers need numpy")
    return np.dtype(dtype)


class Buffer(_Handle):
    """Device memory: ``Buffer.alloc(device, nbytes)`` (or a shape and a
    NumPy dtype), ``Buffer.from_numpy(device, array)`` (a copy),
    ``Buffer.wrap(device, obj)`` (the object's memory in place, kept alive
    by the buffer until it is closed).

    ``to_numpy()`` copies the contents back (by default as the dtype and
    shape it was made with, else bytes). ``copy_from`` and ``to_numpy``
    take ``stream=`` to queue the copy on a Stream instead. A context
    manager; ``close()`` frees the handle.
    """

    def __init__(self, *args, **kwargs):
        raise TypeError("use Buffer.alloc, Buffer.from_numpy or Buffer.wrap")

    @classmethod
    def _make(cls, device, handle, nbytes, dtype, shape, keepalive=None):
        self = object.__new__(cls)
        self._device = device
        self._handle = handle
        self.nbytes = nbytes
        self.dtype = dtype
        self.shape = shape
        self._keepalive = keepalive
        return self

    @classmethod
    def alloc(cls, device, nbytes_or_shape, dtype=None):
        """Uninitialized device memory: ``alloc(dev, 4096)`` bytes, or
        ``alloc(dev, (64, 64), numpy.float32)``."""
        shape = None
        if dtype is not None:
            dtype = _np_dtype(dtype)
            shape = (nbytes_or_shape,) if isinstance(nbytes_or_shape, int) \
                else tuple(int(s) for s in nbytes_or_shape)
            nbytes = dtype.itemsize
            for s in shape:
                nbytes *= s
        else:
            nbytes = nbytes_or_shape
        if isinstance(nbytes, bool) or not isinstance(nbytes, int) or \
                nbytes < 0:
            raise TileTypeError("a buffer's size is a non-negative int of "
                                "bytes, got %r" % (nbytes,))
        handle = device._acquire("allocate a buffer")
        out = ctypes.c_void_p()
        try:
            check(lib.tile_buffer_alloc(handle, nbytes, ctypes.byref(out)))
        except BaseException:
            device._release()
            raise
        return cls._make(device, out.value, nbytes, dtype, shape)

    @classmethod
    def from_numpy(cls, device, array):
        """A buffer holding a copy of the array (any layout: it is copied in
        C order), remembering its dtype and shape."""
        np = _convert._numpy()
        array = np.ascontiguousarray(array)
        if array.dtype.hasobject:
            raise TileTypeError("cannot copy an array of Python objects")
        buffer = cls.alloc(device, array.nbytes)
        try:
            buffer.copy_from(array)
        except BaseException:
            buffer.close()
            raise
        buffer.dtype, buffer.shape = array.dtype, array.shape
        return buffer

    @classmethod
    def wrap(cls, device, obj, nbytes=None):
        """A buffer over memory the caller owns, used in place:

        * on a CPU device, a NumPy array (C-contiguous, writeable, aligned)
          or a DLPack tensor in host memory;
        * on a GPU device, a tensor with ``__dlpack__`` or
          ``__cuda_array_interface__`` on that device;
        * on any device, an int address with ``nbytes`` (host memory on the
          CPU, a device address on GPUs), which the caller keeps alive.

        The buffer keeps the object alive until it is closed.
        """
        where = "the object to wrap"
        if isinstance(obj, int) and not isinstance(obj, bool):
            if nbytes is None:
                raise TileTypeError("wrapping an address needs nbytes")
            memory = _convert.Memory(obj, nbytes, None, "address")
        else:
            memory = _memory(device, obj, where, "the device")
            if memory is None:
                raise TileTypeError(
                    "cannot wrap %s on a %s device" % (
                        _convert._describe(obj), device.backend))
        try:
            handle = _wrap(device, memory, "wrap memory")
        except BaseException:
            memory.release()
            raise
        np = _convert._numpy()
        dtype = shape = None
        if np is not None and isinstance(obj, np.ndarray):
            dtype, shape = obj.dtype, obj.shape
        return cls._make(device, handle, memory.nbytes, dtype, shape, memory)

    @property
    def device(self):
        return self._device

    @property
    def closed(self):
        return self._handle is None

    def _live_handle(self, what="use the buffer"):
        if self._handle is None:
            raise TileValueError("cannot %s: it is closed (freed)" % what)
        return self._handle

    def _stream(self, stream, what):
        """The live handle of the Stream a stream= argument names, and the
        Stream, ready for more work; (None, None) for no stream."""
        from ._streams import resolve
        target = resolve(self._device, stream)
        if target is None:
            return None, None
        handle = target._live_handle(what)
        target._ready()
        return handle, target

    def copy_from(self, array, offset=0, stream=None):
        """Copies a host array's bytes (C order) into the buffer at byte
        `offset`. With `stream` (a Stream, or a native or framework stream
        as for a launch) the copy is queued on it and the stream keeps the
        array (or its contiguous copy) until its next synchronize()."""
        np = _convert._numpy()
        array = np.ascontiguousarray(array)
        if array.nbytes == 0:
            return
        handle = self._live_handle("copy into the buffer")
        stream_handle, target = self._stream(stream, "copy on the stream")
        if target is None:
            check(lib.tile_buffer_copy_from_host(
                handle, offset, array.ctypes.data, array.nbytes))
            return
        check(lib.tile_buffer_copy_from_host_async(
            handle, offset, array.ctypes.data, array.nbytes, stream_handle))
        target._hold(array)

    def to_numpy(self, dtype=None, shape=None, offset=0, stream=None):
        """A host copy of the buffer from byte `offset`: as `dtype` (default:
        the dtype the buffer was made with, else uint8) and `shape` (default:
        its shape if the whole buffer is read as its own dtype, else 1-D).
        With `stream` the copy is queued on it: the array is returned at
        once and is filled once the stream is synchronized."""
        np = _convert._numpy()
        handle = self._live_handle("copy from the buffer")
        own = dtype is None
        dtype = np.dtype(self.dtype if own and self.dtype is not None
                         else dtype if dtype is not None else np.uint8)
        available = self.nbytes - offset
        if shape is None:
            if own and self.shape is not None and offset == 0:
                shape = self.shape
            else:
                if available < 0 or available % dtype.itemsize:
                    raise TileValueError(
                        "%d bytes from offset %d are not a whole number of "
                        "%s elements" % (available, offset, dtype))
                shape = (available // dtype.itemsize,)
        stream_handle, target = self._stream(stream, "copy on the stream")
        out = np.empty(shape, dtype)
        if not out.nbytes:
            return out
        if target is None:
            check(lib.tile_buffer_copy_to_host(handle, offset,
                                               out.ctypes.data, out.nbytes))
            return out
        check(lib.tile_buffer_copy_to_host_async(
            handle, offset, out.ctypes.data, out.nbytes, stream_handle))
        target._hold(out)
        return out

    def fill(self, value, dtype=None):
        """Repeats one element over the whole buffer: a NumPy scalar, or a
        value and a dtype, of 1, 2, 4 or 8 bytes."""
        np = _convert._numpy()
        if dtype is None:
            # (a numpy dtype is falsy: compare with None)
            dtype = getattr(value, "dtype", None)
            if dtype is None:
                dtype = self.dtype
            if dtype is None:
                raise TileTypeError("fill needs a dtype (or a numpy scalar)")
        pattern = np.asarray(value, dtype=dtype).reshape(1)
        check(lib.tile_buffer_fill(self._live_handle("fill the buffer"),
                                   pattern.ctypes.data, pattern.nbytes))

    def close(self):
        """Frees the handle (a wrapped buffer's memory stays the caller's,
        and is no longer kept alive by the buffer). Idempotent."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            check(lib.tile_buffer_free(handle))
        finally:
            keepalive, self._keepalive = self._keepalive, None
            if keepalive is not None:
                keepalive.release()
            self._device._release()

    def __repr__(self):
        what = "%d bytes" % self.nbytes
        if self.dtype is not None and self.shape is not None:
            what = "%s %s" % (self.dtype, tuple(self.shape))
        state = ", closed" if self._handle is None else ""
        kind = ", wrapped" if self._keepalive is not None else ""
        return "<tile_runtime.Buffer %s on %s:%d%s%s>" % (
            what, self._device.backend, self._device.ordinal, kind, state)


def _memory(device, obj, where, whose="the kernel's device", stream=None):
    """The memory of an array or tensor for a device, or None if obj is
    none of those. `whose` names the device in messages; `stream` is the
    native stream the work goes to (None: the default stream, or a stream
    the runtime made), which a DLPack producer is asked for."""
    if device.backend == "cpu":
        return _convert.host_memory(obj, device.backend, where, whose)
    if device.backend in ("cuda", "hip"):
        return _convert.gpu_memory(obj, device.backend, device.ordinal, where,
                                   whose, stream)
    return None


def _wrap(device, memory, what):
    """A runtime buffer over `memory` that counts as a user of the device
    (the caller releases `memory` on failure)."""
    handle = device._acquire(what)
    out = ctypes.c_void_p()
    try:
        check(lib.tile_buffer_wrap(handle, memory.address, memory.nbytes,
                                   ctypes.byref(out)))
    except BaseException:
        device._release()
        raise
    return out.value


class Module(_Handle):
    """A loaded artifact: ``Module(device, "k.tile")`` or
    ``Module(device, artifact_bytes)``. ``module["name"]`` or
    ``module.kernel("name")`` is a Kernel. A context manager; ``close()``
    unloads it, after which its kernels refuse to launch."""

    def __init__(self, device, artifact):
        if not isinstance(device, Device):
            raise TileTypeError("Module(device, artifact): the device is a "
                                "tile_runtime.Device, got %s"
                                % _convert._describe(device))
        self._handle = None
        self._device = device
        self._kernels = {}
        out = ctypes.c_void_p()
        if isinstance(artifact, (bytes, bytearray, memoryview)):
            data = bytes(artifact)
            self.path = None
            handle = device._acquire("load a module")
            try:
                check(lib.tile_module_load(handle, data, len(data),
                                           ctypes.byref(out)))
            except BaseException:
                device._release()
                raise
        elif isinstance(artifact, (str, os.PathLike)):
            self.path = os.fspath(artifact)
            handle = device._acquire("load a module")
            try:
                check(lib.tile_module_load_file(
                    handle, os.fsencode(self.path), ctypes.byref(out)))
            except BaseException:
                device._release()
                raise
        else:
            raise TileTypeError("Module(device, artifact): the artifact is a "
                                "path or bytes, got %s"
                                % _convert._describe(artifact))
        self._handle = out.value

    @property
    def device(self):
        return self._device

    @property
    def closed(self):
        return self._handle is None

    def kernel(self, name):
        """The kernel of that name; TileError (NOT_FOUND, listing the
        module's kernels) if there is none."""
        if self._handle is None:
            raise TileValueError("cannot get kernel %r: the module is closed "
                                 "(unloaded)" % (name,))
        kernel = self._kernels.get(name)
        if kernel is None:
            out = ctypes.c_void_p()
            check(lib.tile_module_get_kernel(self._handle, name.encode(),
                                             ctypes.byref(out)))
            kernel = self._kernels[name] = Kernel._make(self, name, out.value)
        return kernel

    __getitem__ = kernel

    def close(self):
        """Unloads the module; its kernels go stale. Idempotent."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            check(lib.tile_module_unload(handle))
        finally:
            self._device._release()

    def __repr__(self):
        state = " (closed)" if self._handle is None else ""
        return "<tile_runtime.Module %s on %s:%d%s>" % (
            self.path or "from bytes", self._device.backend,
            self._device.ordinal, state)

