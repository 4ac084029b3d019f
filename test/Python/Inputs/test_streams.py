"""Streams, events and device properties of the tile_runtime package on the
CPU backend with two host devices (TILE_CPU_DEVICES=2): copies and launches
queued on streams and checked after synchronize(), what a stream keeps
alive, events, a failed assert raised by the synchronization after it, and
the refusals (another device's stream, wrapping on the CPU, closed
objects). Printed for FileCheck (test/Python/runtime-streams.test).

    test_streams.py FIXTURES_ARTIFACT

The artifact packs build/lib/tile-test-fixture.so's vector_add (ptr, ptr,
ptr, i32; 256 elements per program) and assert_positive (ptr, i32)."""

import gc
import sys
import time
import weakref

import numpy as np

import tile_runtime as tr

ART = sys.argv[1]
BLOCK = 256
rng = np.random.default_rng(7)


def expect_error(label, cls, fn, *args, **kwargs):
    """Runs fn, which must raise `cls`; prints the error."""
    try:
        fn(*args, **kwargs)
    except cls as e:
        print("ERROR %s: %s %s" % (label, type(e).__name__, e))
        return e
    raise AssertionError("%s: no %s raised" % (label, cls.__name__))


def rand(n):
    return rng.uniform(-1, 1, n).astype(np.float32)


#===-- Devices ------------------------------------------------------------===#

assert tr.device_count("cpu") == 2
dev, dev1 = tr.Device("cpu"), tr.Device("cpu", 1)
for d in (dev, dev1):
    info = d.info
    assert isinstance(info, tr.DeviceInfo)
    assert (info.backend, info.ordinal) == ("cpu", d.ordinal), info
    assert info.name and info.chip and info.memory_bytes > 0 and \
        info.compute_units >= 1, info
    print("info: %s:%d, name known, chip %s, memory known, compute units "
          "known" % (info.backend, info.ordinal, info.chip))
assert dev.info == tuple(dev.info) and dev.info._fields == (
    "backend", "ordinal", "name", "chip", "memory_bytes", "compute_units")

module = dev.load(ART)
vadd, positive = module["vector_add"], module["assert_positive"]
n = 5000
grid = -(-n // BLOCK)
x, y = rand(n), rand(n)
want = x + y

#===-- Copies and launches on a stream ------------------------------------===#

s = dev.stream()
print(repr(s))
assert s.native is None and s.device is dev and not s.closed
bx, by = dev.alloc(n, np.float32), dev.alloc(n, np.float32)
bout = dev.alloc(n, np.float32)
bout.fill(np.float32(np.nan))
bx.copy_from(x, stream=s)
by.copy_from(y[::-1][::-1].copy(), stream=s)
assert vadd(grid, bx, by, bout, n, stream=s) is None
got = bout.to_numpy(stream=s)            # filled once s is synchronized
s.synchronize()
assert np.array_equal(got, want)
assert s.query() is True
print("PASS copies and vector_add on a stream")

# A strided source is copied to a contiguous array, which the stream keeps
# (as it keeps arrays passed in place) until its next synchronize().
source = np.repeat(x, 2)[::2]
bx.fill(np.float32(0))
bx.copy_from(source, stream=s)
held = [weakref.ref(a) for a in s._pending]
gc.collect()
assert len(held) == 1 and held[0]() is not None and \
    held[0]() is not source
s.synchronize()
gc.collect()
assert held[0]() is None and np.array_equal(bx.to_numpy(), x)
xs, out = x.copy(), np.full(n, np.nan, np.float32)
alive = weakref.ref(xs)
vadd.launch(grid, xs, y, out, n, stream=s)
del xs
gc.collect()
assert alive() is not None
s.synchronize()
gc.collect()
assert alive() is None and np.array_equal(out, want)
print("PASS a stream keeps its work's arrays until synchronize")

# What finished is let go at the next work queued, once the stream is idle.
xs = x.copy()
alive = weakref.ref(xs)
vadd(grid, xs, y, out, n, stream=s)
del xs
waited = dev.event()
waited.record(s)
waited.synchronize()
while not s._idle():        # the worker may still be finishing the record
    time.sleep(0.001)
bout.copy_from(want, stream=s)              # idle, but not synchronized
gc.collect()
assert alive() is None
s.synchronize()
print("PASS work waited for elsewhere lets go of its arrays")

#===-- Events and timing --------------------------------------------------===#

start, end = dev.event(), tr.Event(dev)
start.record(s)
for _ in range(5):
    vadd(grid, bx, by, bout, n, stream=s)
end.record(s)
ms = start.elapsed_ms(end)
assert isinstance(ms, float) and ms >= 0
assert end.query() is True
end.synchronize()
ms = vadd.launch(grid, bx, by, bout, n, timed=True, stream=s)
assert isinstance(ms, float) and ms >= 0
assert vadd(grid, bx, by, bout, n, timed=True) >= 0   # no stream: as before
print("PASS elapsed_ms and timed launches on a stream are not negative")

# One stream waits for another's event: the second launch reads the first's
# output.
s2 = tr.Stream(dev)
mid = dev.alloc(n, np.float32)
final = dev.alloc(n, np.float32)
vadd(grid, bx, by, mid, n, stream=s)
done = dev.event()
done.record(s)
s2.wait(done)
vadd(grid, mid, by, final, n, stream=s2)
result = final.to_numpy(stream=s2)
s2.synchronize()
assert np.array_equal(result, want + y)
fresh = dev.event()
s2.wait(fresh)                            # never recorded: complete
fresh.synchronize()
s2.synchronize()
print("PASS a stream waits for another stream's event")

#===-- Failures of queued work --------------------------------------------===#

negative = np.full(n, -1.0, np.float32)
assert positive(grid, negative, n, stream=s) is None   # queued, not failed
e = expect_error("assert on a stream, at synchronize", tr.TileError,
                 s.synchronize)
assert e.code_name == "LAUNCH_FAILED" and "assert_positive" in e.message
s.synchronize()                           # reported once
positive(grid, np.ones(n, np.float32), n, stream=s)
s.synchronize()
failing = dev.stream()
positive(grid, negative, n, stream=failing)
e = expect_error("assert on a stream, at close", tr.TileError, failing.close)
assert e.code_name == "LAUNCH_FAILED" and failing.closed
failing.close()                           # idempotent
e = expect_error("assert without a stream", tr.TileError, positive, grid,
                 negative, n)
assert e.code_name == "LAUNCH_FAILED"
print("PASS failed asserts of queued launches are raised by synchronize")

#===-- Another device -----------------------------------------------------===#

s1 = dev1.stream()
other_event = dev1.event()
expect_error("launch on another device's stream", tr.TileError, vadd, grid,
             bx, by, bout, n, stream=s1)
expect_error("copy on another device's stream", tr.TileError, bx.copy_from, x,
             stream=s1)
expect_error("record another device's event", tr.TileError,
             other_event.record, s)
expect_error("wait for another device's event", tr.TileError, s.wait,
             other_event)
other_event.record(s1)
expect_error("elapsed across devices", tr.TileError, start.elapsed_ms,
             other_event)
module1 = dev1.load(ART)
out1 = np.zeros(n, np.float32)
module1["vector_add"](grid, x, y, out1, n, stream=s1)
s1.synchronize()
assert np.array_equal(out1, want)
print("PASS vector_add on the other device's stream")

#===-- Refusals -----------------------------------------------------------===#


class TorchLikeStream:
    cuda_stream = 0


class CupyLikeStream:
    ptr = 0


expect_error("wrap on cpu", tr.TileError, tr.Stream.wrap, dev, 0)
e = expect_error("native stream on cpu", tr.TileError, vadd, grid, bx, by,
                 bout, n, stream=0)
assert e.code_name == "UNSUPPORTED"
expect_error("framework stream on cpu", tr.TileError, vadd, grid, bx, by,
             bout, n, stream=TorchLikeStream())
expect_error("framework stream copy on cpu", tr.TileError, bx.to_numpy,
             stream=CupyLikeStream())
assert dev._wrapped_streams == {}
expect_error("stream of a str", tr.TileTypeError, vadd, grid, bx, by, bout,
             n, stream="s")
expect_error("stream of a bool", tr.TileTypeError, bx.copy_from, x,
             stream=True)
expect_error("negative native stream", tr.TileValueError, tr.Stream.wrap,
             dev, -1)
expect_error("wrap a str", tr.TileTypeError, tr.Stream.wrap, dev, "default")
expect_error("stream of no device", tr.TileTypeError, tr.Stream, "cpu")
expect_error("event of no device", tr.TileTypeError, tr.Event, None)
expect_error("wait for a stream", tr.TileTypeError, s.wait, s2)
expect_error("elapsed to a float", tr.TileTypeError, start.elapsed_ms, 1.0)
expect_error("record on no stream", tr.TileTypeError, start.record, None)
never = dev.event()
expect_error("elapsed of an event never recorded", tr.TileError,
             start.elapsed_ms, never)

closed = dev.stream()
closed.close()
closed.close()                            # idempotent
print(repr(closed))
expect_error("launch on a closed stream", tr.TileValueError, vadd, grid, bx,
             by, bout, n, stream=closed)
expect_error("copy on a closed stream", tr.TileValueError, bx.to_numpy,
             stream=closed)
expect_error("synchronize a closed stream", tr.TileValueError,
             closed.synchronize)
expect_error("query a closed stream", tr.TileValueError, closed.query)
expect_error("record on a closed stream", tr.TileValueError, start.record,
             closed)
never.close()
never.close()
expect_error("record a closed event", tr.TileValueError, never.record, s)
expect_error("wait for a closed event", tr.TileValueError, s.wait, never)
closed_device = tr.Device("cpu")
closed_device.close()
expect_error("stream of a closed device", tr.TileValueError, tr.Stream,
             closed_device)
expect_error("event of a closed device", tr.TileValueError,
             closed_device.event)

#===-- Lifetimes ----------------------------------------------------------===#

# Streams and events keep their device alive; a context manager closes.
d2 = tr.Device("cpu", 1)
st, ev = d2.stream(), d2.event()
d2.close()
ev.record(st)
st.synchronize()
assert d2._handle is not None
st.close()
assert d2._handle is not None             # the event still holds it
ev.close()
assert d2._handle is None
with tr.Device("cpu") as d3, d3.stream() as st3, d3.event() as ev3:
    ev3.record(st3)
assert st3.closed and ev3.closed and d3.closed
print("PASS lifetimes: streams and events keep their device")

for obj in (s, s2, s1, start, end, waited, done, fresh, other_event, bx, by,
            bout, mid, final, module, module1, dev, dev1):
    obj.close()
print("all stream tests passed")
