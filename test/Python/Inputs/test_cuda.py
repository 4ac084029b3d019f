"""The tile_runtime package on a CUDA device: runtime buffers, timed launches,
device memory passed in place through __cuda_array_interface__ and DLPack
(with the stream the producer is asked for and its deleter), every scalar
kind, streams (made, wrapped native handles, the stream of a
__cuda_array_interface__) and events, and the errors of memory on the
wrong device. Printed for FileCheck
(test/Python/runtime-mock-cuda.test, runtime-cuda.test).

    test_cuda.py VECTOR_ADD_ARTIFACT FIXTURES_ARTIFACT

The artifacts are the runtime tests' hand-written PTX kernels packed by
tile-test-pack (test/Runtime/Inputs/vector_add.ptx and fixture_kernels.ptx).
Device memory that no framework owns comes from the CUDA driver itself
(cuMemAlloc in the primary context, which the runtime uses too), so this
runs on a real driver or on lib/mock-cuda/libcuda.so.1 alike. Every object
is closed before exit: the fake driver fails a process that leaks."""

import ctypes
import math
import sys

import numpy as np

import tile_runtime as tr
from tile_runtime import _convert

VADD, FIXTURES = sys.argv[1:3]
rng = np.random.default_rng(99)


def expect_error(label, cls, fn, *args):
    try:
        fn(*args)
    except cls as e:
        print("ERROR %s: %s %s" % (label, type(e).__name__, e))
        return e
    raise AssertionError("%s: no %s raised" % (label, cls.__name__))


#===-- The driver, for memory no runtime buffer owns ----------------------===#

cu = ctypes.CDLL("libcuda.so.1")


def cu_check(result, what):
    assert result == 0, "%s failed with CUDA error %d" % (what, result)


dev = tr.Device("cuda")             # initializes the driver (cuInit)
print("device: cuda:0 (%s)" % dev.name)
cu_device = ctypes.c_int()
cu_check(cu.cuDeviceGet(ctypes.byref(cu_device), 0), "cuDeviceGet")
context = ctypes.c_void_p()
cu_check(cu.cuDevicePrimaryCtxRetain(ctypes.byref(context), cu_device),
         "cuDevicePrimaryCtxRetain")
cu_check(cu.cuCtxPushCurrent_v2(context), "cuCtxPushCurrent")
allocations = []


def device_alloc(nbytes):
    address = ctypes.c_uint64()
    cu_check(cu.cuMemAlloc_v2(ctypes.byref(address), ctypes.c_size_t(nbytes)),
             "cuMemAlloc")
    allocations.append(address.value)
    return address.value


def to_device(address, array):
    cu_check(cu.cuMemcpyHtoD_v2(ctypes.c_uint64(address),
                                ctypes.c_void_p(array.ctypes.data),
                                ctypes.c_size_t(array.nbytes)), "cuMemcpyHtoD")


def from_device(address, count, dtype):
    out = np.empty(count, dtype)
    cu_check(cu.cuMemcpyDtoH_v2(ctypes.c_void_p(out.ctypes.data),
                                ctypes.c_uint64(address),
                                ctypes.c_size_t(out.nbytes)), "cuMemcpyDtoH")
    return out


class CudaArray:
    """A tensor-like object with __cuda_array_interface__ version 3."""

    def __init__(self, address, shape, typestr="<f4", strides=None,
                 stream=None):
        self.__cuda_array_interface__ = {
            "shape": shape, "typestr": typestr, "data": (address, False),
            "strides": strides, "version": 3, "stream": stream}


# A DLPack producer of device memory, laid out as dlpack.h declares.
class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8),
                ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


DELETER = ctypes.PYFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DELETER)]


capsule_new = ctypes.pythonapi.PyCapsule_New
capsule_new.restype = ctypes.py_object
capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
DLTENSOR = ctypes.create_string_buffer(b"dltensor")
deleted = []
streams = []
keep = []


@DELETER
def on_delete(pointer):
    deleted.append(pointer)


class CudaTensor:
    def __init__(self, address, count, device=(2, 0), byte_offset=0):
        self.address, self.count, self.device = address, count, device
        self.byte_offset = byte_offset

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, stream=None):
        streams.append(stream)
        shape = (ctypes.c_int64 * 1)(self.count)
        managed = DLManagedTensor()
        t = managed.dl_tensor
        t.data, t.ndim, t.shape = self.address, 1, shape
        t.device = DLDevice(*self.device)
        t.code, t.bits, t.lanes = 2, 32, 1          # kDLFloat, 32 bits
        t.byte_offset = self.byte_offset
        managed.deleter = on_delete
        keep.append((shape, managed))
        return capsule_new(ctypes.addressof(managed), DLTENSOR, None)


#===-- Launches -----------------------------------------------------------===#

vadd_module = tr.Module(dev, VADD)
vadd = vadd_module["vector_add"]
print("%r threads %d" % (vadd, vadd.attribute("threads")))
n = 1000
grid = -(-n // 256)
x = rng.uniform(-1, 1, n).astype(np.float32)
y = rng.uniform(-1, 1, n).astype(np.float32)
want = x + y

bx, by = dev.from_numpy(x), dev.from_numpy(y)
bout = dev.alloc(n, np.float32)
bout.fill(np.float32(np.nan))
vadd(grid, bx, by, bout, n)
dev.synchronize()
assert np.array_equal(bout.to_numpy(), want)
ms = vadd.launch(grid, bx, by, bout, n, timed=True)
assert isinstance(ms, float) and ms >= 0
print("PASS buffers, timed launch")

px, py, pout = device_alloc(4 * n), device_alloc(4 * n), device_alloc(4 * n)
to_device(px, x)
to_device(py, y)
to_device(pout, np.zeros(n, np.float32))
vadd(grid, CudaArray(px, (n,)), CudaArray(py, (n,)), CudaArray(pout, (n,)), n)
dev.synchronize()
assert np.array_equal(from_device(pout, n, np.float32), want)
print("PASS __cuda_array_interface__ in place")

to_device(pout, np.zeros(n, np.float32))
vadd(grid, CudaTensor(px, n), by, CudaTensor(pout, n), n)
dev.synchronize()
assert np.array_equal(from_device(pout, n, np.float32), want)
assert streams == [1, 1], streams   # the legacy default stream, per DLPack
assert len(deleted) == 2
print("PASS DLPack in place, stream 1 asked for, deleters called")

# A byte offset into the allocation; a persistent wrapping buffer.
to_device(pout, np.zeros(n, np.float32))
vadd(1, CudaTensor(px, 100, byte_offset=40),
     CudaTensor(py, 100, byte_offset=40),
     CudaTensor(pout, 100, byte_offset=40), 100)
got = from_device(pout, n, np.float32)
assert np.array_equal(got[10:110], want[10:110]) and not got[:10].any() and \
    not got[110:].any()
wrapped = dev.wrap(CudaArray(pout, (n,)))
assert wrapped.nbytes == 4 * n and wrapped.to_numpy(np.float32)[10] == want[10]
wrapped.close()
raw = dev.wrap(pout, 4 * n)
vadd(grid, bx, by, raw, n)
assert np.array_equal(raw.to_numpy(np.float32), want)
raw.close()
print("PASS DLPack byte offset, wrapped device memory")

fixtures = tr.Module(dev, FIXTURES)
scalars = fixtures["scalars"]
print(repr(scalars))
out = dev.alloc(9, np.float64)
scalars(1, out, True, -5, -300, 123456, -2 ** 40, 1 / 3,
        1 + 2 ** -8 + 2 ** -30, 0.1, math.pi)
got = out.to_numpy()
assert list(got[:5]) == [1, -5, -300, 123456, -2 ** 40], got
assert got[5] == 0x3555 and got[6] == 0x3F81, got
assert got[7] == np.float32(0.1) and got[8] == math.pi
print("PASS scalars of every kind")

#===-- Streams and events -------------------------------------------------===#

info = dev.info
assert (info.backend, info.ordinal) == ("cuda", 0), info
assert dev.name.startswith(info.name) and info.chip.startswith("sm_") and \
    info.memory_bytes > 0 and info.compute_units > 0, info
print("info: %s, %d compute units" % (info.chip, info.compute_units))

# A stream made by the runtime: copies and launches queued on it. A DLPack
# producer is asked for the legacy default stream (1), which a made stream
# synchronizes with, and the stream holds the capsule until synchronize().
s = dev.stream()
bout.fill(np.float32(np.nan))
bx.copy_from(x, stream=s)
vadd(grid, bx, by, bout, n, stream=s)
got = bout.to_numpy(stream=s)
s.synchronize()
assert np.array_equal(got, want)
asked = len(streams)
to_device(pout, np.zeros(n, np.float32))
vadd(grid, CudaTensor(px, n), by, CudaTensor(pout, n), n, stream=s)
assert streams[asked:] == [1, 1] and len(deleted) == asked, streams
s.synchronize()
assert len(deleted) == len(streams)
assert np.array_equal(from_device(pout, n, np.float32), want)
ms = vadd.launch(grid, bx, by, bout, n, timed=True, stream=s)
assert isinstance(ms, float) and ms >= 0
start, end = dev.event(), dev.event()
start.record(s)
vadd(grid, bx, by, bout, n, stream=s)
end.record(s)
assert start.elapsed_ms(end) >= 0 and end.query()
for obj in (s, start, end):
    obj.close()
print("PASS a Stream: copies, launches, DLPack stream 1 held, events")


class FrameworkStream:
    """A framework's stream object, as torch.cuda.Stream exposes it."""

    def __init__(self, handle):
        self.cuda_stream = handle


# Native streams: 0 (the default stream, which DLPack calls 1), 2 (the
# per-thread default stream), and the stream of a __cuda_array_interface__
# when no stream= is given (1, the legacy default stream). Each is wrapped
# once per device; on a framework's stream a capsule is given back at once.
asked = len(streams)
for native in (0, 2, FrameworkStream(0)):
    to_device(pout, np.zeros(n, np.float32))
    vadd(grid, CudaTensor(px, n), by, CudaTensor(pout, n), n, stream=native)
    dev.synchronize()
    assert np.array_equal(from_device(pout, n, np.float32), want)
assert streams[asked:] == [1, 1, 2, 2, 1, 1], streams
assert len(deleted) == len(streams)
assert sorted(dev._wrapped_streams) == [0, 2]
to_device(pout, np.zeros(n, np.float32))
vadd(grid, CudaArray(px, (n,), stream=1), CudaArray(py, (n,)),
     CudaArray(pout, (n,)), n)
dev.synchronize()
assert np.array_equal(from_device(pout, n, np.float32), want)
assert sorted(dev._wrapped_streams) == [0, 1, 2]
wrapped_default = tr.Stream.wrap(dev, FrameworkStream(0))
assert wrapped_default.native == 0
bout.fill(np.float32(np.nan))
vadd(grid, bx, by, bout, n, stream=wrapped_default)
wrapped_default.synchronize()
assert np.array_equal(bout.to_numpy(), want)
wrapped_default.close()
print("PASS native streams 0, 1 and 2 wrapped once, DLPack asked for each")

#===-- Errors -------------------------------------------------------------===#

asked = len(streams)
expect_error("numpy array on cuda", TypeError, vadd, grid, x, by, bout, n)
expect_error("strided CUDA array", TypeError, vadd, grid,
             CudaArray(px, (n // 2,), strides=(8,)), by, bout, n)
expect_error("DLPack tensor of device 1", TypeError, vadd, grid,
             CudaTensor(px, n, device=(2, 1)), by, bout, n)
expect_error("host DLPack tensor on cuda", TypeError, vadd, grid,
             CudaTensor(px, n, device=(1, 0)), by, bout, n)
with tr.Device("cpu") as cpu:
    host = cpu.alloc(4 * n)
    expect_error("cpu buffer on cuda", TypeError, vadd, grid, host, by, bout,
                 n)
    e = expect_error("cuda artifact on cpu", tr.TileError, tr.Module, cpu,
                     VADD)
    assert e.code_name == "WRONG_TARGET"
    host.close()
assert len(streams) == len(deleted) == asked  # refused ones: never asked
assert _convert.gpu_memory(CudaArray(px, (n,)), "cuda", 0, "x").nbytes == 4 * n

for obj in (bx, by, bout, out, vadd_module, fixtures, dev):
    obj.close()
for address in allocations:
    cu_check(cu.cuMemFree_v2(ctypes.c_uint64(address)), "cuMemFree")
popped = ctypes.c_void_p()
cu_check(cu.cuCtxPopCurrent_v2(ctypes.byref(popped)), "cuCtxPopCurrent")
cu_check(cu.cuDevicePrimaryCtxRelease_v2(cu_device),
         "cuDevicePrimaryCtxRelease")
print("all cuda tests passed")
