"""Kernel: its signature, attributes, and launches with checked arguments."""

import ctypes

from . import _convert
from ._library import (Arg, ArgKind, TileError, TileTypeError, TileValueError,
                       check, kind_name, lib)

__all__ = ["Kernel"]

_MISSING = object()
_AXES = "xyz"
# The portable grid limits (docs/Semantics.md); the runtime checks them too,
# these only keep a Python int from wrapping around in a uint32.
_GRID_LIMITS = (2147483647, 65535, 65535)


def _grid(grid):
    """(x, y, z) from an int or a sequence of 1 to 3 ints; None for None
    (the grid the kernel declares)."""
    if grid is None:
        return None
    if type(grid) is tuple and 1 <= len(grid) <= 3 and \
            all(type(e) is int and 0 <= e <= 0xFFFFFFFF for e in grid):
        return list(grid) + [1] * (3 - len(grid))
    if isinstance(grid, int) and not isinstance(grid, bool):
        grid = (grid,)
    try:
        extents = list(grid)
    except TypeError:
        raise TileTypeError("the grid is an int or a tuple of 1 to 3 ints, "
                            "got %s" % _convert._describe(grid)) from None
    if not 1 <= len(extents) <= 3:
        raise TileTypeError("the grid has 1 to 3 extents, got %d"
                            % len(extents))
    out = []
    for axis, extent in zip(_AXES, extents):
        if isinstance(extent, bool) or isinstance(extent, float) or \
                not hasattr(extent, "__index__"):
            raise TileTypeError("grid extent %s is an int, got %s"
                                % (axis, _convert._describe(extent)))
        extent = extent.__index__()
        if extent < 0:
            raise TileValueError("grid extent %s = %d is negative; every "
                                 "extent must be at least 1" % (axis, extent))
        if extent > 0xFFFFFFFF:
            raise TileValueError("grid extent %s = %d is above the limit %d"
                                 % (axis, extent,
                                    _GRID_LIMITS[_AXES.index(axis)]))
        out.append(extent)
    return out + [1] * (3 - len(out))


class Kernel:
    """A kernel of a Module: ``module["vector_add"]``.

    ``num_args`` and ``arg_kinds`` ("ptr", "i32", ...) are the arguments a
    caller passes; a kernel compiled with ``--bounds-check`` takes more in
    the artifact (its buffers' sizes, attribute ``bounds_check``), which the
    runtime fills in itself. A specialized variant (``divisible_args``) is
    chosen by the runtime at each launch, as for every C caller.

    ``kernel(grid, *args)`` or ``kernel.launch(grid, *args, timed=False,
    stream=None)`` runs it on a grid of programs (an int or 1 to 3 ints;
    None for a kernel that declares its grid, ``tile.grid``).
    Arguments, in order:

    * ``ptr``: a Buffer of the kernel's device; on a CPU device also a NumPy
      array or a host DLPack tensor, on a GPU device a tensor with
      ``__dlpack__`` or ``__cuda_array_interface__``: used in place (the
      kernel reads and writes its memory, from its base address), and it
      must be C-contiguous, writeable and not empty;
    * ``i1``: 0, 1, True or False; ``i8`` to ``i64``: an int (or NumPy
      integer) that fits the width read as signed or unsigned
      (``-128..255`` for ``i8``); floats are refused;
    * ``f16``, ``bf16``, ``f32``, ``f64``: an int or float (or NumPy number),
      rounded to the kind to nearest, ties to even; a finite value above
      the kind's largest finite value is refused.

    ``stream`` is a Stream, a native stream handle (an int) or a
    framework's stream (``torch.cuda.Stream``, ``cupy.cuda.Stream``): the
    launch is queued on it (tile_kernel_launch_async) and its failures are
    raised by the stream's synchronize(). Without one, a launch on a GPU
    whose arguments include a framework's tensor goes on that tensor's
    current stream (see the package docstring); any other launch goes to
    the device's default stream, as tile_kernel_launch does (on the CPU it
    returns when the kernel is done).

    A timed launch waits for the kernel and returns its time in
    milliseconds (tile_kernel_launch_timed; on a stream, the time between
    events recorded around it there); an untimed one returns None and, on
    GPUs or a stream, may return before the kernel is done.
    """

    def __init__(self, *args, **kwargs):
        raise TypeError("use module.kernel(name) or module[name]")

    @classmethod
    def _make(cls, module, name, handle):
        self = object.__new__(cls)
        self._module = module
        self.name = name
        self._handle = handle
        count = ctypes.c_size_t()
        check(lib.tile_kernel_num_args(handle, ctypes.byref(count)))
        kinds = []
        for i in range(count.value):
            kind = ctypes.c_int()
            check(lib.tile_kernel_arg_kind(handle, i, ctypes.byref(kind)))
            kinds.append(ArgKind(kind.value))
        self._kinds = tuple(kinds)
        # What a launch's fast paths read: each argument's kind as an int,
        # and the plain int range of integer kinds (None elsewhere).
        self._kind_ints = tuple(int(k) for k in kinds)
        self._int_ranges = tuple(_int_range(k) for k in kinds)
        self.num_args = len(kinds)
        self.arg_kinds = tuple(kind_name(k) for k in kinds)
        return self

    @property
    def module(self):
        return self._module

    def _live_handle(self, what):
        if self._module.closed:
            raise TileValueError("cannot %s kernel '%s': its module is "
                                 "closed (unloaded)" % (what, self.name))
        return self._handle

    def attribute(self, name, default=_MISSING):
        """A launch attribute of the artifact ("threads", "bounds_check",
        ...). Without `default`, a missing one raises TileError
        (NOT_FOUND)."""
        value = ctypes.c_int64()
        try:
            check(lib.tile_kernel_attribute(
                self._live_handle("read an attribute of"), name.encode(),
                ctypes.byref(value)))
        except TileError as e:
            if e.code_name == "NOT_FOUND" and default is not _MISSING:
                return default
            raise
        return value.value

    @property
    def bounds_check(self):
        """The number of buffer sizes the runtime passes to a kernel
        compiled with --bounds-check (0 for other kernels)."""
        return self.attribute("bounds_check", 0)

    def __repr__(self):
        return "<tile_runtime.Kernel %s(%s)>" % (self.name,
                                                 ", ".join(self.arg_kinds))

    def __call__(self, grid, *args, timed=False, stream=None):
        return self.launch(grid, *args, timed=timed, stream=stream)

    def _count_error(self, got):
        plural = "" if self.num_args == 1 else "s"
        message = "kernel '%s' takes %d argument%s (%s), got %d" % (
            self.name, self.num_args, plural, ", ".join(self.arg_kinds), got)
        checked = self.bounds_check
        if checked:
            message += "; the %d buffer sizes of its bounds checks are " \
                       "passed by the runtime" % checked
        return TileTypeError(message)

    def _buffer(self, value, where, temporaries, stream=None,
                on_torch_stream=False):
        """The buffer handle of a ptr argument; wraps arrays and tensors in
        temporary buffers, appended to `temporaries`. `stream` is the native
        stream of the launch (None: the default stream, or one the runtime
        made), which a DLPack producer is asked for."""
        from ._objects import Buffer, _memory
        device = self._module.device
        if isinstance(value, Buffer):
            if value.closed:
                raise TileValueError("%s: the buffer is closed (freed)"
                                     % where)
            if value.device is not device:
                theirs = "%s:%d" % (value.device.backend,
                                    value.device.ordinal)
                ours = "%s:%d" % (device.backend, device.ordinal)
                raise TileTypeError(
                    "%s is a buffer of another device (%s; the kernel's is "
                    "%s)" % (where, "another Device object of " + theirs
                             if theirs == ours else theirs, ours))
            return value._handle
        memory = None
        # On torch's current stream a torch tensor needs no DLPack stream
        # handshake: its pointer and size are read directly.
        if on_torch_stream and (type(value).__module__ or "").startswith(
                "torch"):
            memory = _convert.torch_memory(value, device.ordinal, where)
        if memory is None:
            memory = _memory(device, value, where, stream=stream)
        if memory is None:
            accepted = "a numpy array" if device.backend == "cpu" else \
                "a tensor with __dlpack__ or __cuda_array_interface__"
            raise TileTypeError("%s is ptr, got %s (expected a "
                                "tile_runtime.Buffer or %s)"
                                % (where, _convert._describe(value), accepted))
        out = ctypes.c_void_p()
        try:
            # The module keeps the device's handle open, closed or not.
            check(lib.tile_buffer_wrap(device._handle, memory.address,
                                       memory.nbytes, ctypes.byref(out)))
        except BaseException:
            memory.release()
            raise
        temporaries.append((out.value, memory))
        return out.value

    def _stream(self, stream, args):
        """(Stream, on torch's current stream) of a launch: the one stream=
        names, else on a GPU the current stream of a framework's tensor
        among the ptr arguments, else None (the default stream)."""
        device = self._module.device
        if stream is None and device.backend == "cpu":
            return None, False
        from ._streams import current_native, resolve
        if stream is not None:
            return resolve(device, stream), False
        if device.backend not in ("cuda", "hip"):
            return None, False
        native, framework = current_native(
            (value for kind, value in zip(self._kinds, args)
             if kind == ArgKind.PTR), device.ordinal)
        if native is None:
            return None, False
        return device._wrapped_stream(native), framework == "torch"

    @property
    def alternatives(self):
        """The entry symbols of the kernel's alternatives (docs/Runtime.md),
        the kernel as written first; one for a kernel without any."""
        handle = self._live_handle("list the alternatives of")
        count = ctypes.c_size_t()
        check(lib.tile_kernel_num_alternatives(handle, ctypes.byref(count)))
        symbols = []
        for i in range(count.value):
            symbol = ctypes.c_char_p()
            check(lib.tile_kernel_alternative_symbol(handle, i,
                                                     ctypes.byref(symbol)))
            symbols.append(symbol.value.decode())
        return symbols

    def grid(self, *args):
        """The grid (x, y, z) the kernel declares (``tile.grid``) for these
        arguments, or None if it declares none."""
        handle = self._live_handle("compute the grid of")
        if len(args) != self.num_args:
            raise self._count_error(len(args))
        temporaries = []
        try:
            c_args = self._arguments(args, temporaries)
            out = (ctypes.c_uint32 * 3)()
            try:
                check(lib.tile_kernel_grid(handle, c_args, self.num_args,
                                           out))
            except TileError as e:
                if e.code_name == "NOT_FOUND":
                    return None
                raise
            return tuple(out)
        finally:
            self._release(temporaries)

    def tune(self, grid, *args):
        """Times every alternative on these arguments (tile_kernel_tune: the
        buffers end as they were), records the fastest as the choice for
        their shape bucket, in memory and in the tuning cache, and returns
        (milliseconds per alternative, chosen index); NaN for one whose
        launch failed. `grid` may be None for a kernel that declares its
        grid."""
        handle = self._live_handle("tune")
        extents = _grid(grid)
        if len(args) != self.num_args:
            raise self._count_error(len(args))
        count = len(self.alternatives)
        temporaries = []
        try:
            c_args = self._arguments(args, temporaries)
            c_grid = None if extents is None else \
                (ctypes.c_uint32 * 3)(*extents)
            times = (ctypes.c_double * count)()
            chosen = ctypes.c_size_t()
            check(lib.tile_kernel_tune(handle, c_grid, c_args, self.num_args,
                                       times, count, ctypes.byref(chosen)))
            return list(times), chosen.value
        finally:
            self._release(temporaries)

    def _arguments(self, args, temporaries, native=None,
                   on_torch_stream=False):
        """The C arguments of a call with `args` (their count checked by
        the caller); wrapped arrays and tensors go to `temporaries`."""
        c_args = (Arg * max(self.num_args, 1))()
        device = self._module.device
        Buffer = _buffer_class()
        for i, (kind, value) in enumerate(zip(self._kinds, args)):
            c_args[i].kind = self._kind_ints[i]
            # Fast paths for the common arguments: a live Buffer of the
            # kernel's device, an exact int in range, an exact float for
            # f32/f64. Anything else takes the checked path below.
            kind_type = type(value)
            if kind == ArgKind.PTR:
                if kind_type is Buffer and value._handle is not None \
                        and value._device is device:
                    c_args[i].value.buffer = value._handle
                    continue
            elif kind_type is int and self._int_ranges[i] is not None:
                low, high = self._int_ranges[i]
                if low <= value <= high:
                    c_args[i].value.i = value if value < 1 << 63 \
                        else value - (1 << 64)
                    continue
            elif kind_type is float and kind == ArgKind.F64:
                c_args[i].value.f = value
                continue
            elif kind_type is float and kind == ArgKind.F32 and \
                    not abs(value) > _convert.F32_MAX:
                c_args[i].value.f = value
                continue
            where = "argument #%d of kernel '%s'" % (i, self.name)
            if kind == ArgKind.PTR:
                c_args[i].value.buffer = self._buffer(
                    value, where, temporaries, native, on_torch_stream)
                continue
            if _is_memory(value):
                raise TileTypeError("%s is %s, got %s" % (
                    where, self.arg_kinds[i], _convert._describe(value)))
            field, v = _convert.scalar_value(kind, value, where)
            setattr(c_args[i].value, field, v)
        return c_args

    def _release(self, temporaries, queued=False, target=None):
        """Frees the buffers wrapped for a call (see launch)."""
        # A wrapped buffer's memory stays the caller's: freeing the handle
        # touches nothing, even while a GPU launch still runs. Its memory
        # must outlive queued work on a Stream the caller made; on a
        # framework's stream, as for the framework's own kernels, its
        # stream-ordered allocator keeps it safe to free.
        for buffer, memory in temporaries:
            lib.tile_status_free(lib.tile_buffer_free(buffer))
            if queued and not target._cached:
                target._hold(memory)
            else:
                memory.release()

    def launch(self, grid, *args, timed=False, stream=None):
        """Launches the kernel, on `stream` if given (see the class); returns
        the time in milliseconds if `timed`, else None. Raises TileError:
        TileTypeError or TileValueError for an argument the binding refuses
        before the launch, TileError with the runtime's code and message for
        one the runtime refuses or a failed launch (LAUNCH_FAILED for a
        failed tile.assert or bounds check; on a stream, raised by its
        synchronize() instead)."""
        handle = self._live_handle("launch")
        extents = _grid(grid)
        if len(args) != self.num_args:
            raise self._count_error(len(args))
        target, on_torch_stream = self._stream(stream, args)
        stream_handle = native = None
        if target is not None:
            stream_handle = target._live_handle("launch on the stream")
            native = target.native
            target._ready()
        temporaries = []
        queued = False
        try:
            c_args = self._arguments(args, temporaries, native,
                                     on_torch_stream)
            c_grid = None if extents is None else \
                (ctypes.c_uint32 * 3)(*extents)
            if target is not None:
                events = []
                try:
                    if timed:
                        events.append(_event(target))
                        events.append(_event(target))
                        check(lib.tile_event_record(events[0], stream_handle))
                    check(lib.tile_kernel_launch_async(
                        handle, stream_handle, c_grid, c_args, self.num_args))
                    queued = True
                    if not timed:
                        return None
                    check(lib.tile_event_record(events[1], stream_handle))
                    ms = ctypes.c_double()
                    check(lib.tile_event_elapsed(events[0], events[1],
                                                 ctypes.byref(ms)))
                    return ms.value
                finally:
                    for event in events:
                        lib.tile_status_free(lib.tile_event_destroy(event))
            if timed:
                ms = ctypes.c_double()
                check(lib.tile_kernel_launch_timed(handle, c_grid, c_args,
                                                   self.num_args,
                                                   ctypes.byref(ms)))
                return ms.value
            check(lib.tile_kernel_launch(handle, c_grid, c_args,
                                         self.num_args))
            return None
        finally:
            self._release(temporaries, queued, target)


def _event(stream):
    """A runtime event of the stream's device (whose handle the stream keeps
    open), for timing a launch on it."""
    out = ctypes.c_void_p()
    check(lib.tile_event_create(stream.device._handle, ctypes.byref(out)))
    return out.value


_BUFFER = []


def _buffer_class():
    """tile_runtime.Buffer, imported once (_objects imports this module)."""
    if not _BUFFER:
        from ._objects import Buffer
        _BUFFER.append(Buffer)
    return _BUFFER[0]


def _int_range(kind):
    """(low, high) of the signless ints a kind takes, or None for kinds
    that are not integers."""
    if kind == ArgKind.I1:
        return 0, 1
    bits = _convert._INT_BITS.get(kind)
    if bits is None:
        return None
    return -(1 << (bits - 1)), (1 << bits) - 1


def _is_memory(value):
    from ._objects import Buffer
    np = _convert._numpy()
    return isinstance(value, Buffer) or \
        (np is not None and isinstance(value, np.ndarray)) or \
        hasattr(value, "__dlpack__") or \
        hasattr(value, "__cuda_array_interface__")
