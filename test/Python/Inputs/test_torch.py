"""The tile_runtime package with PyTorch CUDA tensors: a manual check for a
machine with a CUDA device and torch (no lit test runs it: the suite has no
torch feature).

    TILE_RUNTIME_LIBRARY=build/lib/libtile_runtime.so \
      PYTHONPATH=runtime/python \
      python3 test/Python/Inputs/test_torch.py VECTOR_ADD_ARTIFACT

VECTOR_ADD_ARTIFACT is test/Runtime/Inputs/vector_add.ptx packed as
runtime-cuda.test packs it (threads=256, one element per thread). Checks
tensors passed in place through DLPack and __cuda_array_interface__,
launches going on the tensors' current torch stream (or stream=), the
capsules given back, and the refusals (strided tensors, tensors of the
wrong device)."""

import sys

import torch

import tile_runtime as tr

dev = tr.Device("cuda")
print("device: cuda:0 (%s), torch %s" % (dev.name, torch.__version__))
module = tr.Module(dev, sys.argv[1])
vadd = module["vector_add"]
n = 1 << 20
grid = n // 256
a = torch.rand(n, device="cuda")
b = torch.rand(n, device="cuda")
out = torch.full((n,), float("nan"), device="cuda")
torch.cuda.synchronize()
refs = [sys.getrefcount(t) for t in (a, b, out)]
vadd(grid, a, b, out, n)
dev.synchronize()
assert torch.equal(out, a + b)
assert [sys.getrefcount(t) for t in (a, b, out)] == refs  # capsules released
print("PASS torch tensors through DLPack")


class OnlyCAI:
    def __init__(self, t):
        self.__cuda_array_interface__ = t.__cuda_array_interface__


out.fill_(float("nan"))
torch.cuda.synchronize()
vadd(grid, OnlyCAI(a), OnlyCAI(b), OnlyCAI(out), n)
dev.synchronize()
assert torch.equal(out, a + b)
print("PASS torch tensors through __cuda_array_interface__")

# The caller's current stream is a side stream (torch's are non-blocking:
# the legacy default stream does not wait for them by itself). A launch with
# torch tensors goes on their current stream, after the work that makes its
# inputs; objects seen only through torch's __cuda_array_interface__ (which
# names no stream) go to the default stream, ordered with nothing, so that
# launch may read its inputs before they are made.
side = torch.cuda.Stream()
counts = {}
for how, wrap in [("DLPack", lambda t: t),
                  ("__cuda_array_interface__", OnlyCAI)]:
    ok = 0
    for trial in range(5):
        with torch.cuda.stream(side):
            big = torch.randn(4096, 4096, device="cuda")
            for _ in range(8):
                big = big @ big / 64
            x = big.flatten()[:n].contiguous()
            y = torch.ones(n, device="cuda")
            z = torch.zeros(n, device="cuda")
            vadd(grid, wrap(x), wrap(y), wrap(z), n)
            dev.synchronize()           # before z is used on any stream
            ok += bool(torch.equal(z, x + 1))
    counts[how] = ok
    print("%s: side-stream inputs ready at the launch in %d of 5 trials"
          % (how, ok))
assert counts["DLPack"] == 5, counts
print("PASS torch tensors' launches follow their current stream's work")

# On a torch stream s: the current stream inside `with torch.cuda.stream(s)`
# (no stream=), then stream=s. The launch goes on s: work queued on s after
# it, before any synchronization, reads its result.
s = torch.cuda.Stream()
for how in ("current stream", "stream=s"):
    out.fill_(float("nan"))
    torch.cuda.synchronize()
    with torch.cuda.stream(s):
        big = torch.randn(2048, 2048, device="cuda")
        for _ in range(4):
            big = big @ big / 64
        x = big.flatten()[:n].contiguous()
    if how == "current stream":
        with torch.cuda.stream(s):
            vadd(grid, x, b, out, n)
    else:
        vadd(grid, x, b, out, n, stream=s)
    with torch.cuda.stream(s):
        doubled = out * 2
    s.synchronize()
    assert s.cuda_stream in dev._wrapped_streams
    assert torch.equal(out, x + b) and torch.equal(doubled, (x + b) * 2), how
    print("PASS vector_add on a torch stream (%s)" % how)

for label, args in [
        ("strided tensor", (a[::2], b[:n // 2], out[:n // 2], n // 2)),
        ("cpu tensor on cuda", (a.cpu(), b, out, n)),
        ("bf16 tensor, no dtype check", (a.bfloat16(), b, out, n // 2))]:
    try:
        vadd(grid, *args)
        print("accepted %s" % label)
    except tr.TileError as e:
        print("ERROR %s: %s %s" % (label, type(e).__name__, e))
dev.synchronize()
with tr.Device("cpu") as cpu:
    try:
        cpu.wrap(a)
    except tr.TileError as e:
        print("ERROR cuda tensor on cpu: %s %s" % (type(e).__name__, e))
half = dev.wrap(torch.zeros(10, dtype=torch.bfloat16, device="cuda"))
assert half.nbytes == 20
half.close()
module.close()
dev.close()
print("all torch tests passed")
