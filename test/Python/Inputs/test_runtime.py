"""Tests of the tile_runtime Python package (runtime/python) on the CPU:
results against NumPy references, zero-copy arguments, scalar conversions,
lifetimes and every error path, each printed for FileCheck
(test/Python/runtime.test).

    test_runtime.py ARTIFACT_DIR

ARTIFACT_DIR holds the CPU artifacts runtime.test compiles: vector_add.tile,
vector_add_checked.tile (--bounds-check), matmul_f32.tile,
matmul_bf16_desc.tile, layer_norm.tile and scalars.tile (Inputs/scalars.mlir). TILE_RUNTIME_LIBRARY names the
runtime library; PYTHONPATH must reach the package."""

import ctypes
import gc
import math
import os
import shutil
import subprocess
import sys
import tempfile
import weakref

import numpy as np

import tile_runtime as tr
from tile_runtime import _convert

ART = sys.argv[1]
rng = np.random.default_rng(1234)


def art(name):
    return os.path.join(ART, name + ".tile")


def cdiv(a, b):
    return -(-a // b)


def expect_error(label, cls, fn, *args, **kwargs):
    """Runs fn, which must raise `cls`; prints the error."""
    try:
        fn(*args, **kwargs)
    except cls as e:
        assert isinstance(e, tr.TileError) or cls is tr.LibraryNotFoundError
        print("ERROR %s: %s %s" % (label, type(e).__name__, e))
        return e
    raise AssertionError("%s: no %s raised" % (label, cls.__name__))


def rand(*shape):
    return rng.uniform(-1, 1, shape).astype(np.float32)


dev = tr.Device("cpu")
print("device: %s:%d (%s)" % (dev.backend, dev.ordinal, dev.name))
print("library: %s" % os.path.basename(tr.load_library()))
assert tr.device_count("cpu") == 1

#===-- vector_add ---------------------------------------------------------===#

vadd_module = tr.Module(dev, art("vector_add"))
vadd = vadd_module["vector_add"]
print("vector_add: %d args (%s), bounds_check %d" % (
    vadd.num_args, ", ".join(vadd.arg_kinds), vadd.bounds_check))
assert vadd_module.kernel("vector_add") is vadd
print(repr(vadd))

# Zero-copy: the kernel writes into the caller's array.
n = 100003
x, y = rand(n), rand(n)
out = np.full(n, np.nan, np.float32)
assert vadd(cdiv(n, 1024), x, y, out, n) is None
assert np.array_equal(out, x + y)
print("PASS vector_add zero-copy [%d]" % n)

# A contiguous view into a larger array: the kernel sees the view's base
# address (64 bytes in: still 16-byte aligned) and nothing around it.
big = np.full(1000 + 32, -7.0, np.float32)
view = big[16:16 + 1000]
vadd(1, x[:1000], y[:1000], view, 1000)
assert np.array_equal(big[16:1016], x[:1000] + y[:1000])
assert (big[:16] == -7).all() and (big[1016:] == -7).all()
print("PASS vector_add into a view, neighbours untouched")

# Runtime buffers: copies in and out, a device fill.
bx, by = tr.Buffer.from_numpy(dev, x[:1000]), dev.from_numpy(y[:1000])
bout = dev.alloc(1000, np.float32)
bout.fill(np.float32(np.nan))
assert np.isnan(bout.to_numpy()).all()
vadd(1, bx, by, bout, 1000)
got = bout.to_numpy()
assert got.dtype == np.float32 and got.shape == (1000,)
assert np.array_equal(got, x[:1000] + y[:1000])
assert bout.to_numpy(np.uint8).shape == (4000,)
assert np.array_equal(bout.to_numpy(np.float32, offset=40), got[10:])
print("PASS vector_add buffers [1000]")

# Buffers and arrays mixed; numpy scalars; a timed launch.
out2 = np.zeros(1000, np.float32)
ms = vadd.launch((1, 1, 1), bx, y[:1000], out2, np.int32(1000), timed=True)
assert isinstance(ms, float) and ms >= 0 and np.array_equal(out2, got)
ms = vadd(1, bx, by, bout, 1000, timed=True)
assert isinstance(ms, float) and ms >= 0
print("PASS vector_add timed, buffers and arrays mixed")

# A wrapped buffer keeps its array alive until it is closed, and the kernel
# writes into the array.
held = np.zeros(1000, np.float32)
alive = weakref.ref(held)
wrapped = dev.wrap(held)
assert wrapped.nbytes == 4000
del held
gc.collect()
assert alive() is not None
vadd(1, bx, by, wrapped, 1000)
assert np.array_equal(alive(), got)
wrapped.close()
wrapped.close()                      # idempotent
gc.collect()
assert alive() is None
print("PASS wrapped buffer keeps its array alive until closed")

# Host DLPack tensors are used in place too; the capsule's deleter runs.
class HostTensor:
    """Exposes only DLPack, as a framework's CPU tensor does."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, stream=None):
        return self._array.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


storage = np.full(1024 + 8, -1.0, np.float32)
target = storage[8:]                 # a byte offset into the allocation
tensor_alive = weakref.ref(storage)
vadd(1, HostTensor(x[:1024]), HostTensor(y[:1024]), HostTensor(target), 1024)
assert np.array_equal(target, x[:1024] + y[:1024])
assert (storage[:8] == -1).all()
del storage, target
gc.collect()
assert tensor_alive() is None        # the DLPack deleter released it
print("PASS vector_add through DLPack (host), deleter called")

#===-- matmul_f32: a 2-D grid and scalar arguments ------------------------===#

mm = tr.Module(dev, art("matmul_f32"))["matmul_f32"]
print("matmul_f32: %d args (%s)" % (mm.num_args, ", ".join(mm.arg_kinds)))
# Ragged sizes with padded rows run the kernel as written; multiples of 16
# run its divisible_args variant (the runtime chooses).
for m, n_, k, pads in [(65, 63, 33, (3, 5, 7)), (64, 128, 32, (0, 0, 0)),
                       (1, 1, 1, (0, 0, 0))]:
    lda, ldb, ldc = k + pads[0], n_ + pads[1], n_ + pads[2]
    a, b = rand(m, lda), rand(k, ldb)
    c = np.full((m, ldc), np.nan, np.float32)
    grid = (cdiv(m, 64), cdiv(n_, 64))
    mm(grid, a, b, c, m, n_, k, lda, ldb, ldc)
    want = a[:, :k].astype(np.float64) @ b[:, :n_].astype(np.float64)
    err = np.abs(c[:, :n_] - want)
    assert (err <= k * 2.0 ** -23 + 1e-6 * np.abs(want)).all(), err.max()
    assert np.isnan(c[:, n_:]).all()     # the padding is not written
    print("PASS matmul_f32 [%d, %d, %d] grid %s" % (m, n_, k, grid))

#===-- matmul_bf16_desc: a declared grid and alternatives -----------------===#

md = tr.Module(dev, art("matmul_bf16_desc"))["matmul_bf16_desc"]
print("matmul_bf16_desc alternatives: %s" % ", ".join(md.alternatives))
m, n_, k = 65, 130, 40
a, b = rand(m, k), rand(k, n_)
# bf16 inputs as their bits: the top half of each f32, truncated.
a_bits = (a.view(np.uint32) >> 16).astype(np.uint16)
b_bits = (b.view(np.uint32) >> 16).astype(np.uint16)
a_val = (a_bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
b_val = (b_bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
c = np.full((m, n_), np.nan, np.float32)
call = (a_bits, b_bits, c, m, n_, k, k, n_, n_)
print("declared grid %s, vector_add's %s" % (md.grid(*call),
                                             vadd.grid(x, y, out, n)))
md(None, *call)
want = a_val @ b_val
assert (np.abs(c - want) <= k * 2.0 ** -23 * (1 + np.abs(want))).all()
times, chosen = md.tune(None, *call)
assert len(times) == len(md.alternatives) and 0 <= chosen < len(times)
assert all(t >= 0 for t in times), times
assert (np.abs(c - want) <= k * 2.0 ** -23 * (1 + np.abs(want))).all()
print("PASS matmul_bf16_desc [%d, %d, %d] without a grid, tuned over %d "
      "alternatives" % (m, n_, k, len(times)))
expect_error("other grid", tr.TileError, md, (2, 1), *call)

#===-- layer_norm: an f32 scalar ------------------------------------------===#

ln = tr.Module(dev, art("layer_norm"))["layer_norm"]
rows, cols = 5, 1000
xs, w, bias = rand(rows, cols), rand(cols), rand(cols)
ys = np.full((rows, cols), np.nan, np.float32)
mean, rstd = np.zeros(rows, np.float32), np.zeros(rows, np.float32)
ln(rows, xs, ys, w, bias, mean, rstd, cols, cols, np.float32(1e-5))
x64 = xs.astype(np.float64)
mu = x64.mean(axis=1, keepdims=True)
r = 1 / np.sqrt(((x64 - mu) ** 2).mean(axis=1, keepdims=True) + 1e-5)
assert np.allclose(ys, (x64 - mu) * r * w + bias, rtol=1e-4, atol=1e-5)
assert np.allclose(mean, mu.ravel(), rtol=1e-5, atol=1e-6)
assert np.allclose(rstd, r.ravel(), rtol=1e-4, atol=1e-5)
print("PASS layer_norm [%d, %d] eps 1e-5" % (rows, cols))
# The kernel was compiled assuming what its argument hints say: mean and
# rstd are tile.noalias, and every pointer 16-byte aligned. A launch that
# breaks either is refused, not run.
expect_error("noalias", tr.TileError, ln, rows, xs, ys, w, bias, mean, mean,
             cols, cols, np.float32(1e-5))
expect_error("noalias inside", tr.TileError, ln, rows, xs, ys, w, bias,
             ys[0, :rows], rstd, cols, cols, np.float32(1e-5))
offset = np.zeros(rows + 1, np.float32)[1:]
expect_error("divisibility", tr.TileError, ln, rows, xs, ys, w, bias, offset,
             rstd, cols, cols, np.float32(1e-5))

#===-- Every scalar kind, end to end --------------------------------------===#

sk = tr.Module(dev, art("scalars"))["scalars"]
print("scalars: %s" % ", ".join(sk.arg_kinds))
DTYPES = [np.int8, np.int8, np.int16, np.int32, np.int64, np.float16,
          np.uint16, np.float32, np.float64]


def store_scalars(*values):
    outs = [np.zeros(4, d) for d in DTYPES]
    sk(1, *outs, *values)
    return [o[0] for o in outs]


got = store_scalars(True, -128, 65535, -2 ** 31, 2 ** 64 - 1, 1 / 3,
                    1 + 2 ** -8 + 2 ** -30, 0.1, math.pi)
assert [int(v) for v in got[:5]] == [1, -128, -1, -2 ** 31, -1], got[:5]
assert got[5] == np.float16(1 / 3) and got[5].view(np.uint16) == 0x3555
# One rounding from the double: through f32 this would tie down to 0x3F80.
assert got[6] == 0x3F81, hex(got[6])
assert got[7] == np.float32(0.1) and got[8] == math.pi
got = store_scalars(0, 255, -32768, 2 ** 32 - 1, -2 ** 63, -65504.0,
                    float("-inf"), float("inf"), float("nan"))
assert [int(v) for v in got[:5]] == [0, -1, -32768, -1, -2 ** 63], got[:5]
assert got[5] == -65504 and got[6] == 0xFF80 and got[7] == np.inf
assert np.isnan(got[8])
got = store_scalars(np.bool_(True), np.int8(-5), np.uint16(40000), 7,
                    np.uint64(2 ** 63), np.float16(-0.0), np.float32(-2.5),
                    3, np.float64(1e-310))
assert [int(v) for v in got[:5]] == [1, -5, 40000 - 65536, 7, -2 ** 63]
assert got[5].view(np.uint16) == 0x8000 and got[6] == 0xC020
assert got[7] == 3 and got[8] == 1e-310
print("PASS scalars of every kind")

# f16 and bf16 rounding: every finite value, and the doubles halfway between
# neighbours (ties to even) and just either side of halfway.
for name, encode, mbits, top in [("f16", tr.f16_bits, 10, 0x7BFF),
                                 ("bf16", tr.bf16_bits, 7, 0x7F7F)]:
    if name == "f16":
        values = np.arange(top + 2, dtype=np.uint16).view(np.float16)
    else:
        values = (np.arange(top + 2, dtype=np.uint32) << 16).view(np.float32)
    values = values.astype(np.float64)      # the last one is infinity
    checked = 0
    for bits in range(top + 1):
        low, high = values[bits], values[bits + 1]
        assert encode(low) == bits and encode(-low) == bits | 0x8000
        if not math.isfinite(high):
            high = low + (low - values[bits - 1])
        mid = (low + high) / 2
        even = bits if bits % 2 == 0 else bits + 1
        assert encode(mid) == even, (name, bits, mid)
        assert encode(np.nextafter(mid, 0)) == bits
        if bits < top:
            assert encode(np.nextafter(mid, np.inf)) == bits + 1
        checked += 4
    if name == "f16":                 # NumPy's conversion agrees
        sample = rng.normal(0, 1000, 20000)
        assert all(tr.f16_bits(v) == int(np.float16(v).view(np.uint16))
                   for v in sample)
    print("PASS %s rounding (%d values)" % (name, checked))
assert tr.f16_bits(float("nan")) & 0x7C00 == 0x7C00
assert tr.f16_bits(2.0 ** -25) == 0 and tr.f16_bits(2.0 ** -24) == 1
assert tr.bf16_bits(float.fromhex("0x1.fep127")) == 0x7F7F

#===-- Lifetimes ----------------------------------------------------------===#

# A kernel keeps its module (and that its device) alive.
kernel_only = tr.Module(tr.Device("cpu"), art("vector_add"))["vector_add"]
gc.collect()
small = np.zeros(16, np.float32)
kernel_only(1, x[:16], y[:16], small, 16)
assert np.array_equal(small, x[:16] + y[:16])
# A device closed while its module lives: the module still runs (arrays are
# wrapped on the runtime device it keeps), the device refuses new work, and
# its handle goes when the module does.
d2 = tr.Device("cpu")
m2 = tr.Module(d2, art("vector_add"))
k2 = m2["vector_add"]
b2 = d2.alloc(64)
d2.close()
k2(1, x[:16], y[:16], small, 16)
assert d2._handle is not None
m2.close()
assert d2._handle is not None        # the buffer still holds it
b2.close()
assert d2._handle is None
artifact_bytes = open(art("vector_add"), "rb").read()
with tr.Device("cpu") as d3, tr.Module(d3, artifact_bytes) as m3:
    m3["vector_add"](1, x[:16], y[:16], small, 16)
assert d3.closed and m3.closed
print("PASS lifetimes: kernel keeps module, module and buffer keep device")

#===-- Errors -------------------------------------------------------------===#

a1k = np.zeros(1000, np.float32)
expect_error("count", TypeError, vadd, 1, x, y, out)
expect_error("count 5", tr.TileTypeError, vadd, 1, x, y, out, n, n)
expect_error("float for i32", TypeError, vadd, 1, x, y, out, 1000.0)
expect_error("numpy float for i32", TypeError, vadd, 1, x, y, out,
             np.float32(1000))
expect_error("array for i32", TypeError, vadd, 1, x, y, out, a1k)
expect_error("buffer for i32", TypeError, vadd, 1, x, y, out, bx)
expect_error("int for ptr", TypeError, vadd, 1, 5, y, out, n)
expect_error("list for ptr", TypeError, vadd, 1, [1.0] * 4, y, out, 4)
expect_error("i32 too large", ValueError, vadd, 1, x, y, out, 2 ** 32)
expect_error("i32 too small", tr.TileValueError, vadd, 1, x, y, out,
             -2 ** 31 - 1)
outs = [np.zeros(4, d) for d in DTYPES]
ok = [1, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0]
for label, index, value in [("i1 2", 0, 2), ("i8 -129", 1, -129),
                            ("i16 65536", 2, 65536), ("i64 2^64", 4, 2 ** 64),
                            ("f16 65520", 5, 65520.0), ("bf16 1e39", 6, 1e39),
                            ("f32 1e39", 7, 1e39), ("f64 10**400", 8,
                                                    10 ** 400)]:
    values = list(ok)
    values[index] = value
    expect_error(label, ValueError, sk, 1, *outs, *values)
for label, index, value in [("str for f32", 7, "1.5"),
                            ("None for i64", 4, None),
                            ("complex for f64", 8, 1j),
                            ("bool for f16", 5, True)]:
    values = list(ok)
    values[index] = value
    expect_error(label, TypeError, sk, 1, *outs, *values)

e = expect_error("strided array", TypeError, vadd, 1, x[::2], y[:500],
                 out[:500], 500)
assert "argument #0" in e.message
readonly = np.zeros(1000, np.float32)
readonly.flags.writeable = False
expect_error("read-only array", TypeError, vadd, 1, x, y, readonly, 1000)
fortran = np.asfortranarray(rand(64, 64))
expect_error("Fortran-order array", TypeError, mm, 1, rand(64, 64), fortran,
             np.zeros((64, 64), np.float32), 64, 64, 64, 64, 64, 64)
expect_error("empty array", ValueError, vadd, 1, x[:0], y[:0], out[:0], 0)
expect_error("misaligned array", TypeError, vadd, 1,
             np.frombuffer(bytearray(4004), np.float32, 1000, 1), y, out,
             1000)
expect_error("object array", TypeError, vadd, 1, np.array([None] * 4), y,
             out, 4)
expect_error("strided DLPack tensor", TypeError, vadd, 1, HostTensor(x[::2]),
             y[:500], out[:500], 500)

class CudaArray:
    __cuda_array_interface__ = {"shape": (1000,), "typestr": "<f4",
                                "data": (0x7F0000000000, False),
                                "version": 3, "strides": None}


class CudaTensor:
    def __dlpack__(self, stream=None):
        raise AssertionError("not to be called")

    def __dlpack_device__(self):
        return (2, 0)


expect_error("CUDA array on cpu", TypeError, vadd, 1, CudaArray(), y, out, n)
expect_error("CUDA DLPack tensor on cpu", TypeError, vadd, 1, CudaTensor(), y,
             out, n)
other = tr.Device("cpu")
foreign = other.alloc(4000)
expect_error("buffer of another device", TypeError, vadd, 1, foreign, y, out,
             1000)
expect_error("grid 0", tr.TileError, vadd, 0, x, y, out, n)
expect_error("grid y 65536", tr.TileError, vadd, (1, 65536), x, y, out, n)
expect_error("grid -1", ValueError, vadd, -1, x, y, out, n)
expect_error("grid 4 extents", TypeError, vadd, (1, 1, 1, 1), x, y, out, n)
expect_error("grid float", TypeError, vadd, 1.0, x, y, out, n)
expect_error("no such kernel", tr.TileError, vadd_module.kernel, "vector_sub")
expect_error("no such attribute", tr.TileError, vadd.attribute, "threads")
assert vadd.attribute("threads", None) is None

# Closed handles.
closed = dev.from_numpy(x[:1000])
closed.close()
expect_error("closed buffer launch", ValueError, vadd, 1, closed, y, out, 1000)
expect_error("closed buffer copy", ValueError, closed.to_numpy)
closed_module = tr.Module(dev, art("vector_add"))
closed_kernel = closed_module["vector_add"]
closed_module.close()
expect_error("closed module launch", ValueError, closed_kernel, 1, x, y, out,
             1000)
expect_error("closed module get_kernel", ValueError, closed_module.kernel,
             "vector_add")
closed_device = tr.Device("cpu")
closed_device.close()
expect_error("closed device alloc", ValueError, closed_device.alloc, 16)
expect_error("closed device load", ValueError, tr.Module, closed_device,
             art("vector_add"))
expect_error("closed device synchronize", ValueError,
             closed_device.synchronize)

# Artifacts the runtime refuses.
with tempfile.TemporaryDirectory() as tmp:
    data = bytearray(open(art("vector_add"), "rb").read())
    data[len(data) // 2] ^= 0xFF
    damaged = os.path.join(tmp, "damaged.tile")
    open(damaged, "wb").write(data)
    e = expect_error("damaged artifact", tr.TileError, tr.Module, dev, damaged)
    assert e.code_name == "CORRUPT_ARTIFACT" and e.message.startswith(damaged)
    e = expect_error("truncated artifact bytes", tr.TileError, tr.Module, dev,
                     bytes(data[:100]))
    assert e.code_name == "CORRUPT_ARTIFACT"
    expect_error("not an artifact", tr.TileError, tr.Module, dev,
                 b"hello, world\n")
    expect_error("missing artifact", tr.TileError, tr.Module, dev,
                 os.path.join(tmp, "missing.tile"))
expect_error("artifact of another type", TypeError, tr.Module, dev, 42)
expect_error("unknown backend", tr.TileError, tr.Device, "tpu")
try:
    gpu = tr.Device("cuda")
    print("cuda: available")
    gpu.close()
except tr.TileError as e:
    print("cuda: %s" % e.code_name)

# A bounds-checked kernel: the caller passes the 4 arguments, the runtime
# adds the extents of the arrays wrapped for it, and an access past one
# fails the launch. The kernel reports on stdout: captured here.
checked = tr.Module(dev, art("vector_add_checked"))["vector_add"]
print("vector_add checked: %d args, bounds_check %d" % (checked.num_args,
                                                        checked.bounds_check))
out3 = np.zeros(1000, np.float32)
checked(1, x[:1000], y[:1000], out3, 1000)
assert np.array_equal(out3, x[:1000] + y[:1000])
expect_error("checked count", TypeError, checked, 1, x, y, out3, 1000, 4000)
libc = ctypes.CDLL(None)
sys.stdout.flush()
saved = os.dup(1)
with tempfile.TemporaryFile() as report:
    os.dup2(report.fileno(), 1)
    try:
        expect_error("out of bounds", tr.TileError, checked, 1, x[:1000],
                     y[:1000], out3, 1001)
    finally:
        sys.stdout.flush()
        libc.fflush(None)
        os.dup2(saved, 1)
        os.close(saved)
    report.seek(0)
    lines = report.read().decode().splitlines()
print([l for l in lines if l.startswith("ERROR")][0])
assert any("whose buffer has bytes: 4000" in l for l in lines), lines
print("PASS bounds check sees the arrays' 4000 bytes")

# The library cannot be found: the message lists what was tried.
proc = subprocess.run(
    [sys.executable, "-c", "import tile_runtime as t; t.Device()"],
    env=dict(os.environ,
             TILE_RUNTIME_LIBRARY="/nonexistent/libtile_runtime.so"),
    capture_output=True, text=True)
assert proc.returncode == 1
print("\n".join(proc.stderr.strip().splitlines()[-2:]))

# Installed as <prefix>/lib/python3/dist-packages/tile_runtime, the package
# finds <prefix>/lib/libtile_runtime.so.0.1 by itself.
with tempfile.TemporaryDirectory() as prefix:
    site = os.path.join(prefix, "lib", "python3", "dist-packages")
    shutil.copytree(os.path.dirname(tr.__file__),
                    os.path.join(site, "tile_runtime"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    installed = os.path.join(prefix, "lib", "libtile_runtime.so.0.1")
    os.symlink(os.path.abspath(tr.library_path()), installed)
    env = {k: v for k, v in os.environ.items()
           if k != "TILE_RUNTIME_LIBRARY"}
    env["PYTHONPATH"] = site
    probe = ("import tile_runtime as t; t.Device().close(); "
             "print(t.library_path())")
    proc = subprocess.run([sys.executable, "-c", probe], env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == installed, proc.stdout
    print("PASS found <prefix>/lib/libtile_runtime.so.0.1 of an installed "
          "package")
    os.unlink(installed)
    proc = subprocess.run([sys.executable, "-c", probe], env=env,
                          capture_output=True, text=True)
    # Unless another copy is installed where the loader looks.
    if proc.returncode != 0:
        assert "LibraryNotFoundError" in proc.stderr
        assert installed + " (next to the package): no such file" in \
            proc.stderr, proc.stderr
    print("PASS the search lists the place next to the package")

# __cuda_array_interface__ parsing (the GPU path's first half; no GPU here).
memory = _convert.cuda_array_memory(CudaArray(), "argument #0")
assert (memory.address, memory.nbytes) == (0x7F0000000000, 4000)


class StridedCudaArray:
    __cuda_array_interface__ = {"shape": (10, 10), "typestr": "<f2",
                                "data": (0x1000, False), "version": 2,
                                "strides": (40, 2)}


expect_error("strided CUDA array", TypeError, _convert.cuda_array_memory,
             StridedCudaArray(), "argument #1")
StridedCudaArray.__cuda_array_interface__["strides"] = (20, 2)
assert _convert.cuda_array_memory(StridedCudaArray(), "x").nbytes == 200
expect_error("numpy array on a GPU", TypeError, _convert.gpu_memory, x,
             "cuda", 0, "argument #2")

for obj in (bx, by, bout, foreign, other, vadd_module, dev):
    obj.close()
print("all tests passed")
