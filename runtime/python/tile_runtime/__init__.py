"""tile_runtime: Python bindings of the tile runtime's C API (tile/runtime.h).

Pure ctypes over libtile_runtime.so; NumPy is needed for arrays and typed
buffers only. Load an artifact made by tile-compile and launch its kernels:

    import numpy as np
    import tile_runtime as tr

    with tr.Device("cpu") as dev:
        vadd = tr.Module(dev, "vector_add.tile")["vector_add"]
        x = np.random.rand(1000).astype(np.float32)
        y = np.random.rand(1000).astype(np.float32)
        out = np.empty_like(x)
        vadd((1,), x, y, out, 1000)      # numpy arrays are used in place
        ms = vadd.launch(1, x, y, out, 1000, timed=True)

Objects: Device(backend="cpu", ordinal=0) (.name, .info, a DeviceInfo,
.synchronize(), .stream(), .event()), Buffer.alloc / .from_numpy / .wrap
(.to_numpy(), .copy_from(), .fill()), Module(device, path_or_bytes)
(module["name"]), Kernel (.num_args, .arg_kinds, .attribute(name),
kernel(grid, *args), .launch(grid, *args, timed=False, stream=None)),
Stream(device) / Stream.wrap(device, native) (.synchronize(), .query(),
.wait(event)), Event(device) (.record(stream), .synchronize(), .query(),
.elapsed_ms(end)), device_count(backend). Each has close() and is a
context manager; close() is also called when the object is collected. A
buffer, module, stream or event keeps its Device alive, a kernel its
Module, and a wrapping buffer the object it wraps.

Errors: every failed runtime call raises TileError with .code_name
("INVALID_ARGUMENT", "CORRUPT_ARTIFACT", "LAUNCH_FAILED", ...) and the
runtime's .message. Arguments the binding refuses before calling the runtime
raise TileTypeError (also a TypeError: a wrong count, type, device or
layout) or TileValueError (also a ValueError: out of range, or a closed
object), both TileErrors with code_name "INVALID_ARGUMENT". Argument numbers
count from 0, as in the runtime's messages.

Finding the library (on first use: importing never fails for want of it):
$TILE_RUNTIME_LIBRARY if set (a path; nothing else is tried then), else
libtile_runtime.so.0.1 or libtile_runtime.so in <prefix>/lib when this
package is installed in <prefix>/lib/python3/dist-packages or
<prefix>/lib/pythonX.Y/site-packages, else ctypes.util.find_library and the
dynamic loader's search path. LibraryNotFoundError (an ImportError) lists
every place tried. load_library(path) loads it explicitly.

Zero-copy arguments. On a CPU device a NumPy array passed for a ptr argument
is wrapped with tile_buffer_wrap for the launch: the kernel reads and writes
the array's memory from its base address, so the array must be C-contiguous
(refused otherwise, with a TypeError naming the argument), writeable, aligned
for its dtype and not empty. Kernels whose pointer arguments are declared
tile.divisibility = 16 (the shipped examples) also need 16-byte aligned
bases, which NumPy's own allocations have but a view offset into an array
may not; the artifact does not record this, so it is not checked. The
runtime has no element types for ptr arguments either: the dtype is not
checked against the kernel.

GPUs (cuda, hip). A tensor on the device is passed in place through DLPack
(__dlpack__ / __dlpack_device__; the device type and ordinal must match the
kernel's device) or __cuda_array_interface__ (shape, typestr, data; strides
None or compact row-major; no mask); DLPack is preferred when an object has
both. Host memory on a GPU device and device memory on a CPU device are
refused.

Streams. A Stream is an in-order queue of copies and launches of one
device (a worker thread on the CPU, a driver stream on GPUs). Work queued
on one (kernel(..., stream=s), buffer.copy_from(a, stream=s),
buffer.to_numpy(stream=s), whose array is filled once s is synchronized)
is checked at once and runs later; its failures (a failed tile.assert) are
raised by s.synchronize(), and s keeps the host arrays and tensors it uses
alive until then. Events time and order streams (event.record(s),
s.wait(event), start.elapsed_ms(end)). stream= also takes a native stream
handle (an int; 0 is the default stream) or a framework's stream
(torch.cuda.Stream, cupy.cuda.Stream), wrapped once per device and closed
with it; device.synchronize() raises the failures of work queued there.
A launch without stream= on a GPU goes on the caller's current stream when
an argument comes from a framework: a torch tensor's
(torch.cuda.current_stream), a CuPy array's (cupy.cuda.get_current_stream),
else the int `stream` of a version 3 __cuda_array_interface__; so it is
ordered after the framework's pending work there, and before what is
queued there next. Otherwise it goes to the device's default stream and
may return before the kernel is done (on the CPU it returns when it is
done). A DLPack producer is asked for the stream the launch goes to
(__dlpack__(stream=...): the native handle; the legacy default stream, 1
on CUDA and 0 on ROCm, for the default stream and streams made by
Stream(device), which synchronize with it), which by the protocol orders
its pending work on its current stream before the launch. Objects seen
only through __cuda_array_interface__ without a stream get no ordering:
synchronize their stream first. A launch on a framework's stream holds its
tensors no longer than the call, as the framework's own kernels do (its
stream-ordered allocator reuses their memory only after the work queued on
that stream); synchronize before results are read on another stream.
"""

from ._library import (ArgKind, LibraryNotFoundError, TileError,
                       TileTypeError, TileValueError, library_path,
                       load_library)
from ._convert import bf16_bits, f16_bits
from ._objects import Buffer, Device, DeviceInfo, Module, device_count
from ._launch import Kernel
from ._streams import Event, Stream

__version__ = "0.1.0"

# Public classes print as tile_runtime.X in tracebacks and reprs.
for _cls in (ArgKind, Buffer, Device, DeviceInfo, Event, Kernel,
             LibraryNotFoundError, Module, Stream, TileError, TileTypeError,
             TileValueError):
    _cls.__module__ = __name__
del _cls

__all__ = ["ArgKind", "Buffer", "Device", "DeviceInfo", "Event", "Kernel",
           "LibraryNotFoundError", "Module", "Stream", "TileError",
           "TileTypeError", "TileValueError", "bf16_bits", "device_count",
           "f16_bits", "library_path", "load_library", "__version__"]
