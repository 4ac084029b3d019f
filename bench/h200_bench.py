"""GPU benchmark: the example kernels compiled by a GPU target, side by
side with Triton 3.6 and torch on the same sizes and dtypes, in one process.

    h200_bench.py --artifacts DIR [--target TARGET] [--only NAME] [--json OUT]

DIR holds the artifacts `run_kernels.py --target TARGET --compile-only`
writes (<example>.<target>.tile; TARGET nvidia by default, or an AMD one,
amd:chip=gfx942 say, for a ROCm build of torch and Triton: never run, no
AMD GPU was at hand). Our kernels are launched from their code object
through the CUDA driver API, or HIP's module API (ctypes); every kernel is
timed with triton.testing.do_bench (GPU events,
median of the repeats after a warm-up, 50 ms / 200 ms); the GEMM rows
(bf16, fp8, serving shapes), paged decode and KV append time ours and the
anchors in three interleaved rounds and take each one's median
(interleaved()). Each of our kernels
is checked against torch before it is timed. Prints one table: GB/s (bytes
read + written once) or TFLOP/s, and our ratio to each anchor."""

import argparse
import ctypes
import json
import pathlib
import re
import struct
import sys

import numpy as np
import torch
import triton
import triton.language as tl
from triton.testing import do_bench


class Driver:
    """The calls the benchmark makes, in the CUDA driver API or HIP's module
    API, which mirror each other (cuModuleLoadData, hipModuleLoadData, ...)."""

    def __init__(self, hip):
        self.hip = hip
        if hip:
            for name in ("libamdhip64.so", "libamdhip64.so.6",
                         "libamdhip64.so.5"):
                try:
                    self.lib = ctypes.CDLL(name)
                    break
                except OSError:
                    continue
            else:
                sys.exit("no HIP runtime library (libamdhip64.so)")
            self.lib.hipGetErrorName.restype = ctypes.c_char_p
        else:
            self.lib = ctypes.CDLL("libcuda.so.1")

    def call(self, name, *args):
        function = getattr(self.lib, ("hip" if self.hip else "cu") + name)
        result = function(*args)
        if result != 0:
            if self.hip:
                text = self.lib.hipGetErrorName(result).decode()
            else:
                text = ctypes.c_char_p()
                self.lib.cuGetErrorName(result, ctypes.byref(text))
                text = text.value.decode()
            prefix = "hip" if self.hip else "cu"
            raise RuntimeError(f"{prefix}{name}: {text} ({result})")
        return result


DRIVER = None


def bench(fn):
    return do_bench(fn, warmup=50, rep=200, return_mode="median")


def interleaved(fns, rounds=3):
    """Median times (ms) of `fns` (name -> callable; None is left out),
    timed in `rounds` rounds of one bench() each, back to back, the order
    starting one further along in every round. A GEMM at full power slows
    as the chip warms (cuBLAS's 4096^3 product: 725 and 699 TFLOP/s in two
    rows of one process, 2026-12-07), so timing a row's kernels one after
    another would favour whichever goes first. A launch of a few
    microseconds moves by 10-25% between single timings (KV append at 256
    tokens: 0.88x and 1.14x Triton for the same artifacts in two calls of
    2026-12-07)."""
    names = [name for name, fn in fns.items() if fn is not None]
    times = {name: [] for name in names}
    for r in range(rounds):
        for i in range(len(names)):
            name = names[(i + r) % len(names)]
            times[name].append(bench(fns[name]))
    return {name: float(np.median(t)) for name, t in times.items()}


class Kernel:
    """One kernel of an artifact, loaded and launched through the CUDA driver
    (ctypes) on torch's current stream. Like the runtime, it launches a
    variant compiled for arguments divisible by 16 (`divisible_args`) when
    the arguments allow, and encodes the tensor maps (`tensor_map` records)
    that follow its arguments."""

    CTYPES = {"ptr": ctypes.c_uint64, "i1": ctypes.c_uint8,
              "i8": ctypes.c_int8, "i16": ctypes.c_int16,
              "i32": ctypes.c_int32, "i64": ctypes.c_int64,
              "f32": ctypes.c_float, "f64": ctypes.c_double}
    # CUtensorMapDataType by element kind, and element bytes.
    MAP_TYPES = {"i8": (0, 1), "i16": (1, 2), "i32": (3, 4), "i64": (5, 8),
                 "f16": (6, 2), "f32": (7, 4), "f64": (8, 8), "bf16": (9, 2)}

    def __init__(self, path, name):
        data = path.read_bytes()
        size = struct.unpack("<I", data[8:12])[0]
        header = data[12:12 + size].decode().splitlines()
        entries, current = [], None
        for line in header:
            words = line.split()
            if words[0] == "kernel":
                current = {"symbol": words[2], "attrs": {}, "args": [],
                           "maps": []} if words[1] == name else None
                if current:
                    entries.append(current)
            elif not current:
                continue
            elif words[0] == "arg":
                current["args"].append(words[1])
            elif words[0] == "attr":
                current["attrs"][words[1]] = int(words[2])
            elif words[0] == "grid":
                current["grid"] = words[1:4]
            elif words[0] == "tensor_map":
                fields = dict(w.split("=", 1) for w in words[2:])
                fields["element"] = words[1]
                current["maps"].append(fields)
        self.binary = data[12 + size:]
        module = ctypes.c_void_p()
        DRIVER.call("ModuleLoadData", ctypes.byref(module), self.binary)
        for entry in entries:
            function = ctypes.c_void_p()
            DRIVER.call("ModuleGetFunction", ctypes.byref(function), module,
                        entry["symbol"].encode())
            entry["function"] = function
            shared = entry["attrs"].get("shared", 0)
            # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES (AMD's 64 KiB
            # of LDS need no opting in).
            if shared > 48 * 1024 and not DRIVER.hip:
                DRIVER.call("FuncSetAttribute", function, 8, shared)
        self.entries = entries
        self.attrs = entries[0]["attrs"]
        # Alternatives (docs/Runtime.md): the runtime times them on a
        # bucket's first launch; tune() does the same here.
        self.alternatives = sorted({e["attrs"].get("alternative", 0)
                                    for e in entries})
        self.alternative = 0
        self.prepared = {}

    def tune(self, grid, *args):
        """Times each alternative on these arguments (as the runtime's
        tuning run does), keeps the fastest and prints their times."""
        if len(self.alternatives) < 2:
            return
        times = {}
        for alternative in self.alternatives:
            self.alternative = alternative
            times[alternative] = bench(lambda: self(grid, *args))
        self.alternative = min(times, key=times.get)
        print("  alternatives: " + ", ".join(
            f"#{a} {t:.3f} ms" for a, t in times.items()) +
            f" -> #{self.alternative}", flush=True)

    @staticmethod
    def encode(fields, values):
        """The 128 bytes of a tensor map, or None if the driver refuses."""
        def value(v):  # aN, aN*SCALE or a constant
            if not v.startswith("a"):
                return int(v)
            arg, _, scale = v[1:].partition("*")
            return int(values[int(arg)]) * int(scale or 1)
        kind, size = Kernel.MAP_TYPES[fields["element"]]
        sizes = [value(v) for v in fields["sizes"].split(",")]
        strides = [value(v) for v in fields["strides"].split(",")]
        box = [int(v) for v in fields["box"].split(",")]
        rank = len(sizes)
        if min(sizes + strides) < 1:
            return None
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        out = (ctypes.c_uint8 * 128)()
        swizzle = {0: 0, 32: 1, 64: 2, 128: 3}[int(fields["swizzle"])]
        result = DRIVER.lib.cuTensorMapEncodeTiled(
            out, kind, rank, ctypes.c_void_p(value(fields["base"])),
            (u64 * rank)(*sizes[::-1]),
            (u64 * rank)(*[s * size for s in strides[::-1][1:]]),
            (u32 * rank)(*box[::-1]), (u32 * rank)(*[1] * rank), 0, swizzle,
            3, 1 if fields["fill"] == "nan" else 0)
        return out if result == 0 else None

    @staticmethod
    def declared_grid(extents, values):
        """The grid a `grid X Y Z` record declares (runtime/LaunchGrid.h)
        for these argument values."""
        namespace = {"__builtins__": {},
                     "ceildiv": lambda a, b: -(-a // b),
                     "floordiv": lambda a, b: a // b,
                     "mod": lambda a, b: a % b,
                     "v": [int(v) if not isinstance(v, float) else 0
                           for v in values]}
        return tuple(eval(re.sub(r"a(\d+)", r"v[\1]", e), namespace)
                     for e in extents)

    def resident(self, entry):
        """Blocks of `entry` the device runs at once (the driver's occupancy
        for its threads and shared memory, times the multiprocessors)."""
        if "resident" not in entry:
            blocks = ctypes.c_int()
            DRIVER.call("ModuleOccupancyMaxActiveBlocksPerMultiprocessor"
                        if DRIVER.hip else
                        "OccupancyMaxActiveBlocksPerMultiprocessor",
                        ctypes.byref(blocks), entry["function"],
                        entry["attrs"]["threads"],
                        ctypes.c_size_t(entry["attrs"].get("shared", 0)))
            units = torch.cuda.get_device_properties(0).multi_processor_count
            entry["resident"] = max(blocks.value, 1) * units
        return entry["resident"]

    def __call__(self, grid, *args):
        grid = tuple(grid) + (1,) * (3 - len(grid))
        values = [a.data_ptr() if isinstance(a, torch.Tensor) else a
                  for a in args]
        # A launch with the same alternative, grid and argument values as
        # one before reuses its parameters: the timed loop then costs one
        # driver call per launch, as the C runtime's launch does, not the
        # tensor maps' encoding through ctypes (~130 us, which hid every
        # launch shorter than that).
        key = (self.alternative, grid, tuple(
            (type(v).__name__, v.item() if hasattr(v, "item") else v)
            for v in values))
        launch = self.prepared.get(key)
        if launch is None:
            if len(self.prepared) > 256:
                self.prepared = {k: v for k, v in self.prepared.items()
                                 if k[0] == "workspace"}
            launch = self.prepared[key] = self.prepare(grid, values)
        function, grid, params, shared, threads = launch[:5]
        DRIVER.call("ModuleLaunchKernel" if DRIVER.hip else "LaunchKernel",
                    function, *grid, threads, 1, 1, shared,
                    ctypes.c_void_p(torch.cuda.current_stream().cuda_stream),
                    params, None)

    def prepare(self, grid, values):
        """(function, grid, params, shared bytes, threads, storage) of a
        launch with these argument values."""
        entry, maps = None, []
        for candidate in self.entries[::-1]:
            if candidate["attrs"].get("alternative", 0) != self.alternative:
                continue
            mask = candidate["attrs"].get("divisible_args", 0)
            if any(int(v) % 16 for i, v in enumerate(values) if mask >> i & 1):
                continue
            maps = [self.encode(m, values) for m in candidate["maps"]]
            if all(m is not None for m in maps):
                entry = candidate
                break
        assert entry is not None, "no kernel takes these arguments"
        if "grid" in entry:
            # Each alternative runs over the grid it declares.
            grid = self.declared_grid(entry["grid"], values)
        splits = entry["attrs"].get("split_k", 0)
        if splits:
            # As the runtime launches a split loop (docs/Runtime.md): S
            # programs along z per program of the grid, and a workspace of
            # zeroed arrival counters and each sum's partials, each part on
            # a 256-byte boundary, which each launch leaves zeroed again.
            programs = grid[0] * grid[1] * grid[2]
            parts = [programs * 4] + [
                programs * splits * entry["attrs"][f"split_bytes{i}"]
                for i in range(sum(a.startswith("split_bytes")
                                   for a in entry["attrs"]))]
            starts, end = [], 0
            for part in parts:
                starts.append(end)
                end = (end + part + 255) // 256 * 256
            key = ("workspace", end)
            if key not in self.prepared:
                self.prepared[key] = torch.zeros(end, dtype=torch.uint8,
                                                 device="cuda")
            base = self.prepared[key].data_ptr()
            values = values + [base + start for start in starts]
            grid = (grid[0], grid[1], grid[2] * splits)
        if entry["attrs"].get("persistent"):
            # As the runtime launches a persistent kernel: the grid's extents
            # as trailing arguments, as many programs as the device holds.
            values = values + list(grid)
            grid = (min(grid[0] * grid[1] * grid[2], self.resident(entry)),
                    1, 1)
        storage = [self.CTYPES[kind](float(value) if kind[0] == "f"
                                     else int(value))
                   for kind, value in zip(entry["args"], values)] + maps
        params = (ctypes.c_void_p * len(storage))(
            *[ctypes.addressof(s) for s in storage])
        return (entry["function"], grid, params,
                entry["attrs"].get("shared", 0), entry["attrs"]["threads"],
                storage)


# ---- Triton anchors (the same kernels as the examples) ----

@triton.jit
def add_k(a, b, c, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(c + offs, tl.load(a + offs, mask=m) + tl.load(b + offs, mask=m),
             mask=m)


@triton.jit
def softmax_k(out, inp, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(inp + row * n_cols + cols, mask=m, other=-float("inf"))
    x = x - tl.max(x, 0)
    num = tl.exp(x)
    tl.store(out + row * n_cols + cols, num / tl.sum(num, 0), mask=m)


@triton.jit
def ln_k(X, Y, W, B, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    x = tl.load(X + row * N + cols, mask=m, other=0.)
    mean = tl.sum(x, 0) / N
    xc = tl.where(m, x - mean, 0.)
    var = tl.sum(xc * xc, 0) / N
    y = xc * (1.0 / tl.sqrt(var + eps)) * tl.load(W + cols, mask=m) + \
        tl.load(B + cols, mask=m)
    tl.store(Y + row * N + cols, y, mask=m)


@triton.jit
def rms_k(X, W, Y, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < N
    x = tl.load(X + row * N + c, mask=m, other=0.).to(tl.float32)
    r = tl.rsqrt(tl.sum(x * x, 0) / N + eps)
    w = tl.load(W + c, mask=m).to(tl.float32)
    tl.store(Y + row * N + c, (x * r * w).to(tl.bfloat16), mask=m)


@triton.jit
def q8_k(X, Q, S, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < N
    x = tl.load(X + row * N + c, mask=m, other=0.).to(tl.float32)
    s = tl.maximum(tl.max(tl.abs(x), 0) / 448.0, 1e-12)
    tl.store(Q + row * N + c, (x / s).to(tl.float8e4nv), mask=m)
    tl.store(S + row, s)


@triton.jit
def rope_k(Q, COS, SIN, O, H: tl.constexpr, D: tl.constexpr):
    tok = tl.program_id(0)
    h = tl.arange(0, H)[:, None]
    d = tl.arange(0, D // 2)[None, :]
    base = tok * H * D + h * D
    x1 = tl.load(Q + base + d).to(tl.float32)
    x2 = tl.load(Q + base + d + D // 2).to(tl.float32)
    c = tl.load(COS + tok * (D // 2) + d)
    s = tl.load(SIN + tok * (D // 2) + d)
    tl.store(O + base + d, (x1 * c - x2 * s).to(tl.bfloat16))
    tl.store(O + base + d + D // 2, (x2 * c + x1 * s).to(tl.bfloat16))


ROWS = []


@triton.jit
def matmul_k(A, B, C, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
             BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    om = pm * BM + tl.arange(0, BM)
    on = pn * BN + tl.arange(0, BN)
    ok = tl.arange(0, BK)
    a = A + om[:, None] * K + ok[None, :]
    b = B + ok[:, None] * N + on[None, :]
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a, mask=(om[:, None] < M) & (ok[None, :] + k < K),
                    other=0.)
        y = tl.load(b, mask=(ok[:, None] + k < K) & (on[None, :] < N),
                    other=0.)
        acc += tl.dot(x, y)
        a += BK
        b += BK * N
    tl.store(C + om[:, None] * N + on[None, :], acc,
             mask=(om[:, None] < M) & (on[None, :] < N))


@triton.jit
def matmul_desc_k(A, B, C, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr):
    # A and B through host-made tensor descriptors (TMA on Hopper).
    pm, pn = tl.program_id(0), tl.program_id(1)
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(A.load([pm * BM, k]), B.load([k, pn * BN]), acc)
    om = pm * BM + tl.arange(0, BM)
    on = pn * BN + tl.arange(0, BN)
    tl.store(C + om[:, None] * N + on[None, :], acc,
             mask=(om[:, None] < M) & (on[None, :] < N))


@triton.jit
def decode_split_k(Q, KC, VC, BT, CL, OUT, LSE, HKV, GROUP, MAXP, SPLIT, scale,
                   BLOCK_G: tl.constexpr, BLOCK_N: tl.constexpr,
                   D: tl.constexpr, PAGE: tl.constexpr,
                   KSC=None, VSC=None, FP8: tl.constexpr = False):
    # examples/paged_decode.mlir's algorithm, as a Triton user writes it
    # (paged_decode_fp8.mlir's with FP8: an e4m3 cache, scales per KV head).
    seq, kvh, split = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    if FP8:
        scale = scale * tl.load(KSC + kvh)
    ctx = tl.load(CL + seq)
    lo = split * SPLIT
    hi = tl.minimum(lo + SPLIT, ctx)
    g = tl.arange(0, BLOCK_G)
    gok = g < GROUP
    rows = seq * HKV * GROUP + kvh * GROUP + g
    d = tl.arange(0, D)
    q = tl.load(Q + rows[:, None] * D + d[None, :], mask=gok[:, None], other=0.)
    m = tl.full([BLOCK_G], float("-inf"), tl.float32)
    l = tl.zeros([BLOCK_G], tl.float32)
    acc = tl.zeros([BLOCK_G, D], tl.float32)
    qk_scale = scale * 1.44269504
    for start in range(lo, hi, BLOCK_N):
        n = start + tl.arange(0, BLOCK_N)
        nok = n < hi
        page = tl.load(BT + seq * MAXP + n // PAGE, mask=nok, other=0)
        off = ((page.to(tl.int64) * PAGE + n % PAGE) * HKV + kvh) * D
        k = tl.load(KC + off[:, None] + d[None, :], mask=nok[:, None], other=0.)
        if FP8:
            k = k.to(tl.bfloat16)
        s = tl.dot(q, tl.trans(k)) * qk_scale
        s = tl.where(nok[None, :], s, float("-inf"))
        mn = tl.maximum(m, tl.max(s, 1))
        p = tl.exp2(s - mn[:, None])
        alpha = tl.exp2(m - mn)
        l = l * alpha + tl.sum(p, 1)
        v = tl.load(VC + off[:, None] + d[None, :], mask=nok[:, None], other=0.)
        if FP8:
            v = v.to(tl.bfloat16)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.bfloat16), v)
        m = mn
    part = rows * tl.num_programs(2) + split
    lsafe = tl.where(l == 0, 1.0, l)
    out = acc / lsafe[:, None]
    if FP8:
        out = out * tl.load(VSC + kvh)
    tl.store(OUT + part[:, None] * D + d[None, :], out, mask=gok[:, None])
    tl.store(LSE + part, m + tl.log2(l), mask=gok)


@triton.jit
def kv_append_k(K, V, KC, VC, SLOT, NKV, KS, VS, BLOCK_H: tl.constexpr,
                FP8: tl.constexpr):
    # vLLM's reshape_and_cache: token t's heads into its slot of the cache.
    t = tl.program_id(0)
    slot = tl.load(SLOT + t)
    if slot < 0:
        return
    h = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    d = tl.arange(0, 128)
    mask = (h < NKV)[:, None]
    inner = h[:, None] * 128 + d[None, :]
    src = t.to(tl.int64) * NKV * 128 + inner
    dst = slot * NKV * 128 + inner
    k = tl.load(K + src, mask=mask)
    v = tl.load(V + src, mask=mask)
    if FP8:
        k = (k.to(tl.float32) / KS).to(tl.float8e4nv)
        v = (v.to(tl.float32) / VS).to(tl.float8e4nv)
    tl.store(KC + dst, k, mask=mask)
    tl.store(VC + dst, v, mask=mask)


@triton.jit
def decode_merge_k(OUT, LSE, O, NS, D: tl.constexpr, BLOCK_S: tl.constexpr):
    r = tl.program_id(0)
    z = tl.arange(0, BLOCK_S)
    zok = z < NS
    lse = tl.load(LSE + r * NS + z, mask=zok, other=float("-inf"))
    w = tl.exp2(lse - tl.max(lse, 0))
    d = tl.arange(0, D)
    parts = tl.load(OUT + (r * NS + z)[:, None] * D + d[None, :],
                    mask=zok[:, None], other=0.)
    o = tl.sum(parts * w[:, None], 0) / tl.sum(w, 0)
    tl.store(O + r * D + d, o.to(tl.bfloat16))


@triton.jit
def moe_gemm_k(A, W, C, TW, SORTED, EXPERTS, TOTAL, AS, WS, num_entries, N, K,
               lda, ldw, w_expert_stride, ldc, top_k, mul_weight, sa_stride,
               sw_expert_stride, sw_stride, BM: tl.constexpr,
               BN: tl.constexpr, BK: tl.constexpr, FP8: tl.constexpr,
               IMPRECISE: tl.constexpr):
    # examples/moe_gemm.mlir's algorithm as a Triton user writes it (the
    # way vLLM's fused MoE kernel is written): block pm of the sorted
    # order, its expert's weights, rows gathered by entry.
    pm, pn = tl.program_id(0), tl.program_id(1)
    if pm * BM >= tl.load(TOTAL):
        return
    entries = tl.load(SORTED + pm * BM + tl.arange(0, BM))
    ok = entries < num_entries
    e = tl.load(EXPERTS + pm).to(tl.int64)
    rows = entries // top_k
    ok_k = tl.arange(0, BK)
    on = pn * BN + tl.arange(0, BN)
    a = A + rows[:, None] * lda + ok_k[None, :]
    w = W + e * w_expert_stride + ok_k[:, None] + on[None, :] * ldw
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a, mask=ok[:, None] & (ok_k[None, :] + k < K), other=0.)
        y = tl.load(w, mask=(ok_k[:, None] + k < K) & (on[None, :] < N),
                    other=0.)
        # fp8: IMPRECISE = BK adds the products' sum into acc every BK k,
        # as moe_gemm_fp8 does; -1 leaves Triton's default.
        if IMPRECISE >= 0:
            acc = tl.dot(x, y, acc, max_num_imprecise_acc=IMPRECISE)
        else:
            acc = tl.dot(x, y, acc)
        a += BK
        w += BK
    if FP8:
        sa = tl.load(AS + rows * sa_stride, mask=ok, other=0.)
        sw = tl.load(WS + e * sw_expert_stride + on * sw_stride, mask=on < N,
                     other=0.)
        acc = acc * sa[:, None] * sw[None, :]
    if mul_weight != 0:
        acc = acc * tl.load(TW + entries, mask=ok, other=0.)[:, None]
    tl.store(C + entries[:, None] * ldc + on[None, :], acc.to(tl.bfloat16),
             mask=ok[:, None] & (on[None, :] < N))


def decode_split_len(batch, kv_heads, max_ctx, sms):
    """Keys per split: enough programs for about 16 per SM, in steps of the
    kernels' 64-key blocks."""
    splits = max(1, -(-16 * sms // (batch * kv_heads)))
    return max(64, -(-(-(-max_ctx // splits)) // 64) * 64)


def interleaved_row(name, unit, amount, ours, anchors):
    """row() for `ours` (a callable, None when its check failed) and the
    `anchors` (name -> callable), timed together in interleaved(); returns
    the anchors' times (ms) and ours as "ours" when it ran."""
    times = interleaved({"ours": ours, **anchors})
    row(name, unit, amount, times.get("ours"),
        {k: v for k, v in times.items() if k != "ours"})
    return times


def row(name, unit, amount, ours, anchors):
    """`amount` bytes (GB/s) or flops (TFLOP/s) per call; times in ms."""
    scale = 1e6 if unit == "GB/s" else 1e9
    rate = {k: amount / t / scale for k, t in anchors.items() if t}
    mine = amount / ours / scale if ours else None
    ROWS.append((name, unit, mine, rate))
    cells = "  ".join(f"{k} {v:8.1f}" for k, v in rate.items())
    ratios = "  ".join(f"{mine / v:5.2f}x {k}" for k, v in rate.items()
                       if mine)
    # A row without a kernel of ours (the copy anchor) shows a dash.
    mine_text = (f"{mine:8.1f}" if mine else
                 "       -" if ours is None else "    FAIL")
    print(f"{name:24s} {unit:7s} ours {mine_text}  {cells}  |  {ratios}",
          flush=True)


def check(name, got, want, atol, rtol):
    try:
        torch.testing.assert_close(got.float(), want.float(), atol=atol,
                                   rtol=rtol)
        return True
    except AssertionError as e:
        print(f"{name}: WRONG RESULT, not timed: {str(e)[:300]}", flush=True)
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--artifacts", type=pathlib.Path, required=True)
    parser.add_argument("--target", default="nvidia",
                        help="the target the artifacts were compiled for")
    parser.add_argument("--only")
    parser.add_argument("--json", type=pathlib.Path)
    args = parser.parse_args()
    global DRIVER
    DRIVER = Driver(hip=args.target.startswith("amd"))
    # Artifacts are named as run_kernels.py names them.
    tag = "".join(c if c.isalnum() or c in "_.-" else "-" for c in args.target)
    torch.manual_seed(0)
    props = torch.cuda.get_device_properties(0)
    print(f"device {props.name}, {props.multi_processor_count} SMs, torch "
          f"{torch.__version__}, triton {triton.__version__}", flush=True)

    def kernel(example, name):
        return Kernel(args.artifacts / f"{example}.{tag}.tile", name)

    def wanted(name):
        return not args.only or args.only == name

    x = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    y = torch.empty_like(x)
    row("device copy", "GB/s", 2 * x.numel(), None,
        {"torch": bench(lambda: y.copy_(x))})
    del x, y

    if wanted("vector_add"):
        n = 1 << 28
        a, b = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
        c = torch.empty_like(a)
        k = kernel("vector_add", "vector_add")
        grid = (triton.cdiv(n, 1024),)
        f = lambda: k(grid, a, b, c, np.int32(n))
        c.fill_(float("nan"))
        f()
        ok = check("vector_add", c, a + b, 0, 0)
        row("vector add f32 2^28", "GB/s", 12 * n, bench(f) if ok else None,
            {"triton": bench(lambda: add_k[grid](a, b, c, n, BLOCK=1024)),
             "torch": bench(lambda: torch.add(a, b, out=c))})
        del a, b, c

    if wanted("softmax"):
        m, n = 16384, 4096
        x = torch.randn(m, n, device="cuda")
        y = torch.empty_like(x)
        k = kernel("softmax", "softmax")
        i32 = np.int32
        f = lambda: k((m,), x, y, i32(m), i32(n), i32(n), i32(n))
        f()
        ok = check("softmax", y, torch.softmax(x, -1), 1e-6, 1e-4)
        row("softmax f32 16384x4096", "GB/s", 8 * m * n,
            bench(f) if ok else None,
            {"triton": bench(lambda: softmax_k[(m,)](y, x, n, BLOCK=4096,
                                                     num_warps=8)),
             "torch": bench(lambda: torch.softmax(x, -1))})
        del x, y

    if wanted("layer_norm"):
        m, n = 16384, 8192
        x = torch.randn(m, n, device="cuda")
        w, bb = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
        y = torch.empty_like(x)
        mean = torch.empty(m, device="cuda")
        rstd = torch.empty(m, device="cuda")
        k = kernel("layer_norm", "layer_norm")
        f = lambda: k((m,), x, y, w, bb, mean, rstd, np.int32(n), np.int32(n),
                      np.float32(1e-5))
        f()
        ref = torch.nn.functional.layer_norm(x, (n,), w, bb, 1e-5)
        ok = check("layer_norm", y, ref, 1e-4, 1e-4)
        row("layer norm f32 16384x8192", "GB/s", 8 * m * n,
            bench(f) if ok else None,
            {"triton": bench(lambda: ln_k[(m,)](x, y, w, bb, n, 1e-5,
                                                BLOCK=8192, num_warps=16)),
             "torch": bench(lambda: torch.nn.functional.layer_norm(
                 x, (n,), w, bb, 1e-5))})
        del x, y

    if wanted("rms_norm"):
        m, n = 16384, 8192
        x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
        w = torch.rand(n, device="cuda", dtype=torch.bfloat16)
        y = torch.empty_like(x)
        k = kernel("rms_norm", "rms_norm")
        f = lambda: k((m,), x, w, y, np.int32(n), np.int32(n),
                      np.float32(1e-6))
        f()
        ref = (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True)
                                       + 1e-6) * w.float())
        ok = check("rms_norm", y, ref, 2e-2, 2e-2)
        row("rms norm bf16 16384x8192", "GB/s", 4 * m * n,
            bench(f) if ok else None,
            {"triton": bench(lambda: rms_k[(m,)](x, w, y, n, 1e-6, BLOCK=8192,
                                                 num_warps=16)),
             "torch": bench(lambda: torch.nn.functional.rms_norm(
                 x, (n,), w, 1e-6))})
        del x, y

    if wanted("fp8_quant"):
        m, n = 16384, 8192
        x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
        q = torch.empty(m, n, device="cuda", dtype=torch.float8_e4m3fn)
        s = torch.empty(m, device="cuda")
        k = kernel("fp8_quant", "quantize_fp8")
        f = lambda: k((m,), x, q, s, np.int32(n), np.int32(n))
        f()
        scale = (x.float().abs().amax(-1, keepdim=True) / 448).clamp_min(1e-12)
        ok = check("fp8_quant", q.float() * s[:, None], x.float(), 1e-2, 7e-2)

        def q8_torch():
            sc = (x.float().abs().amax(-1, keepdim=True) / 448).clamp_min(1e-12)
            return (x.float() / sc).to(torch.float8_e4m3fn), sc
        row("fp8 quant bf16 16384x8192", "GB/s", 3 * m * n,
            bench(f) if ok else None,
            {"triton": bench(lambda: q8_k[(m,)](x, q, s, n, BLOCK=8192,
                                                num_warps=16)),
             "torch": bench(q8_torch)})
        del x, q, scale

    if wanted("rope"):
        t, h, d = 16384, 32, 128
        q = torch.randn(t, h, d, device="cuda", dtype=torch.bfloat16)
        o = torch.empty_like(q)
        ang = torch.rand(t, d // 2, device="cuda")
        cos, sin = ang.cos(), ang.sin()
        k = kernel("rope", "rope")
        f = lambda: k((t, triton.cdiv(h, 16)), q, cos, sin, o, np.int32(t),
                      np.int32(h))
        f()

        def rope_torch():
            x1, x2 = q[..., :d // 2].float(), q[..., d // 2:].float()
            c, s_ = cos[:, None, :], sin[:, None, :]
            return torch.cat([x1 * c - x2 * s_, x2 * c + x1 * s_],
                             -1).to(torch.bfloat16)
        ok = check("rope", o, rope_torch(), 2e-2, 2e-2)
        amount = 4 * t * h * d + 8 * t * d // 2
        row("rope bf16 16384x32x128", "GB/s", amount, bench(f) if ok else None,
            {"triton": bench(lambda: rope_k[(t,)](q, cos, sin, o, H=h, D=d,
                                                  num_warps=4)),
             "torch": bench(rope_torch)})
        del q, o

    if wanted("bias_gelu_dropout"):
        m, n = 8192, 8192
        x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
        bias = torch.randn(n, device="cuda", dtype=torch.bfloat16)
        y = torch.empty_like(x)
        k = kernel("bias_gelu_dropout", "bias_gelu_dropout")
        f = lambda: k((triton.cdiv(m * n, 1024),), x, bias, y, np.int32(m),
                      np.int32(n), np.float32(0.1), np.int64(123))
        f()
        g = torch.nn.functional.gelu((x.float() + bias.float()),
                                     approximate="tanh") / 0.9
        kept = y.float() != 0
        ok = check("bias_gelu_dropout", y.float()[kept], g[kept], 2e-2, 2e-2)
        frac = kept.float().mean().item()
        print(f"bias_gelu_dropout: kept fraction {frac:.4f} (p = 0.1)")

        def eager():
            return torch.nn.functional.dropout(
                torch.nn.functional.gelu(x + bias, approximate="tanh"), 0.1)
        anchors = {"torch": bench(eager)}
        try:
            compiled = torch.compile(eager)
            compiled()
            anchors["torch.compile"] = bench(compiled)
        except Exception as e:  # noqa: BLE001 - report and go on
            print("torch.compile failed:", repr(e)[:200])
        row("bias+gelu+dropout bf16 8192^2", "GB/s", 4 * m * n,
            bench(f) if ok else None, anchors)
        del x, y

    def matmul_operands(size):
        """bf16 A and B, our f32 C, cuBLAS's bf16 C."""
        a = torch.randn(size, size, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(size, size, device="cuda", dtype=torch.bfloat16)
        return (a, b, torch.empty(size, size, device="cuda"),
                torch.empty(size, size, device="cuda", dtype=torch.bfloat16))

    def cublas_anchors(a, b, cb, c):
        """cuBLAS writing bf16 (torch.matmul), and, where torch has it
        (`out_dtype`), writing f32 as our kernels do: the same product with
        the same bytes out. Callables, for interleaved()."""
        anchors = {"cuBLAS": lambda: torch.matmul(a, b, out=cb)}
        try:
            torch.mm(a, b, out_dtype=torch.float32, out=c)
            anchors["cuBLAS f32"] = lambda: torch.mm(
                a, b, out_dtype=torch.float32, out=c)
        except (TypeError, RuntimeError) as e:
            print("cuBLAS f32 out unavailable:", repr(e)[:160], flush=True)
        return anchors

    if wanted("matmul_bf16"):
        for size in (4096, 8192):
            a, b, c, cb = matmul_operands(size)
            k = kernel("matmul_bf16", "matmul_bf16")
            i32 = np.int32
            grid = (triton.cdiv(size, 128), triton.cdiv(size, 256))
            f = lambda: k(grid, a, b, c, i32(size), i32(size), i32(size),
                          i32(size), i32(size), i32(size))
            f()
            ok = size > 4096 or check("matmul_bf16", c, a.float() @ b.float(),
                                      1e-1, 1e-2)
            # Triton: the example's kernel, tiles and stages.
            t = lambda: matmul_k[grid](a, b, c, size, size, size, BM=128,
                                       BN=256, BK=64, num_warps=8,
                                       num_stages=3)
            t()
            interleaved_row(f"matmul bf16 {size}^3", "TFLOP/s",
                            2 * size ** 3, f if ok else None,
                            {**cublas_anchors(a, b, cb, c), "triton": t})
            del a, b, c, cb

    if wanted("matmul_bf16_desc"):
        for size in (4096, 8192):
            a, b, c, cb = matmul_operands(size)
            k = kernel("matmul_bf16_desc", "matmul_bf16_desc")
            i32, i64 = np.int32, np.int64
            grid = (triton.cdiv(size, 128), triton.cdiv(size, 256))
            f = lambda: k(grid, a, b, c, i32(size), i32(size), i32(size),
                          i64(size), i64(size), i32(size))
            k.tune(grid, a, b, c, i32(size), i32(size), i32(size),
                   i64(size), i64(size), i32(size))
            f()
            ok = size > 4096 or check("matmul_bf16_desc", c,
                                      a.float() @ b.float(), 1e-1, 1e-2)
            def triton_anchor(out):
                """Triton with the same tiles and host tensor descriptors,
                writing `out` (a callable; None where it fails)."""
                try:
                    from triton.tools.tensor_descriptor import \
                        TensorDescriptor
                    ad = TensorDescriptor.from_tensor(a, [128, 64])
                    bd = TensorDescriptor.from_tensor(b, [64, 256])
                    t = lambda: matmul_desc_k[grid](
                        ad, bd, out, size, size, size, BM=128, BN=256, BK=64,
                        num_warps=8, num_stages=3)
                    t()
                    return t
                except Exception as e:  # noqa: BLE001 - report and go on
                    print("triton descriptor anchor failed:", repr(e)[:200])
                    return None
            # The same kernel writing bf16, as cuBLAS (torch.matmul) does.
            kb = kernel("matmul_bf16_desc", "matmul_bf16_desc_bf16_out")
            fb = lambda: kb(grid, a, b, cb, i32(size), i32(size), i32(size),
                            i64(size), i64(size), i32(size))
            fb()
            ok_b = size > 4096 or check("matmul_bf16_desc_bf16_out", cb,
                                        a.float() @ b.float(), 1e-1, 1e-2)
            # Both kernels and every anchor in the same rounds.
            times = interleaved({"ours": f if ok else None,
                                 "ours bf16": fb if ok_b else None,
                                 **cublas_anchors(a, b, cb, c),
                                 "triton": triton_anchor(c),
                                 "triton bf16": triton_anchor(cb)})
            anchors = {name: times[name] for name in
                       ("cuBLAS", "cuBLAS f32", "triton") if name in times}
            row(f"matmul bf16 {size}^3, descriptors (TMA)", "TFLOP/s",
                2 * size ** 3, times.get("ours"), anchors)
            anchors = {"cuBLAS": times["cuBLAS"]}
            if "triton bf16" in times:
                anchors["triton"] = times["triton bf16"]
            row(f"matmul bf16 {size}^3, descriptors, bf16 out", "TFLOP/s",
                2 * size ** 3, times.get("ours bf16"), anchors)
            del a, b, c, cb

    if wanted("matmul_serving"):
        # Issue 17 item 3: Llama-3 8B and 70B projection shapes (N, K) at
        # serving batch sizes M, bf16; each shape tunes the alternatives of
        # matmul_bf16_desc (tiles 128x256, 128x128, 64x128, 64x64, 64x128
        # with the loop over K split 2 and 4 ways, 64x64 split 2 ways, and
        # 64x256) as the runtime does on a shape's first launch. cuBLAS
        # writes bf16, ours f32.
        k = kernel("matmul_bf16_desc", "matmul_bf16_desc")
        i32, i64 = np.int32, np.int64
        ratios, ratios_f32 = [], []
        for n, kk in ((4096, 4096), (14336, 4096), (4096, 14336),
                      (8192, 8192), (28672, 8192), (8192, 28672)):
            b = torch.randn(kk, n, device="cuda", dtype=torch.bfloat16)
            for m in (16, 64, 256, 4096):
                a = torch.randn(m, kk, device="cuda", dtype=torch.bfloat16)
                c = torch.empty(m, n, device="cuda")
                cb = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
                grid = (triton.cdiv(m, 128), triton.cdiv(n, 256))
                call = (a, b, c, i32(m), i32(n), i32(kk), i64(kk), i64(n),
                        i32(n))
                f = lambda: k(grid, *call)
                k.tune(grid, *call)
                f()
                ok = m > 256 or check("matmul_serving", c,
                                      a.float() @ b.float(), 1e-1, 1e-2)
                anchors = interleaved_row(
                    f"serving M{m} N{n} K{kk} #{k.alternative}", "TFLOP/s",
                    2 * m * n * kk, f if ok else None,
                    cublas_anchors(a, b, cb, c))
                ours = anchors.pop("ours", None)
                if ours:
                    ratios.append(anchors["cuBLAS"] / ours)
                    if "cuBLAS f32" in anchors:
                        ratios_f32.append(anchors["cuBLAS f32"] / ours)
                del a, c, cb
            del b
        if ratios:
            print(f"serving shapes: geometric mean "
                  f"{np.exp(np.mean(np.log(ratios))):.3f}x cuBLAS, lowest "
                  f"{min(ratios):.3f}x over {len(ratios)} shapes", flush=True)
        if ratios_f32:
            print(f"serving shapes against cuBLAS writing f32: geometric mean "
                  f"{np.exp(np.mean(np.log(ratios_f32))):.3f}x, lowest "
                  f"{min(ratios_f32):.3f}x over {len(ratios_f32)} shapes",
                  flush=True)

    if wanted("matmul_fp8"):
        # e4m3 A (M x K) and weights W (N x K), f32 scales per row of A and
        # per row of W (per column of C), or one per tensor; bf16 C.
        k = kernel("matmul_fp8", "matmul_fp8")
        kd = kernel("matmul_fp8_desc", "matmul_fp8_desc")
        i32 = np.int32
        for size, per_row in ((4096, True), (8192, True), (8192, False)):
            a = (torch.randn(size, size, device="cuda") / 4).to(
                torch.float8_e4m3fn)
            w = (torch.randn(size, size, device="cuda") / 4).to(
                torch.float8_e4m3fn)
            rows = size if per_row else 1
            sa = torch.rand(rows, device="cuda") + 0.5
            sb = torch.rand(rows, device="cuda") + 0.5
            c = torch.empty(size, size, device="cuda", dtype=torch.bfloat16)
            cs = torch.empty_like(c)
            grid = (triton.cdiv(size, 128), triton.cdiv(size, 128))
            f = lambda: k(grid, a, w, c, sa, sb, i32(size), i32(size),
                          i32(size), i32(size), i32(size), i32(size),
                          i32(per_row), i32(per_row))
            f()
            # torch._scaled_mm: mat2 column-major (W^T), scales (M, 1) and
            # (1, N) row-wise or 0-d per tensor.
            sa_t = sa.view(-1, 1) if per_row else sa.view(())
            sb_t = sb.view(1, -1) if per_row else sb.view(())
            scaled = lambda: torch._scaled_mm(a, w.t(), scale_a=sa_t,
                                              scale_b=sb_t,
                                              out_dtype=torch.bfloat16,
                                              out=cs)
            scaled()
            ok = size > 4096 or check(
                "matmul_fp8", c, (a.float() @ w.float().t()) * sa_t * sb_t,
                2e-2, 2e-2)
            scales = "row-wise" if per_row else "per-tensor"
            # matmul_fp8_desc: the same product through descriptors (TMA,
            # a producer warp, two consumer warpgroups).
            fd = lambda: kd(grid, a, w, c, sa, sb, i32(size), i32(size),
                            i32(size), np.int64(size), np.int64(size),
                            i32(size), i32(per_row), i32(per_row))
            c.fill_(float("nan"))
            fd()
            ok_d = size > 4096 or check(
                "matmul_fp8_desc", c,
                (a.float() @ w.float().t()) * sa_t * sb_t, 2e-2, 2e-2)
            times = interleaved({"ours": f if ok else None,
                                 "ours desc": fd if ok_d else None,
                                 "torch._scaled_mm": scaled})
            anchors = {"torch._scaled_mm": times["torch._scaled_mm"]}
            row(f"matmul fp8 e4m3 {size}^3, {scales} scales", "TFLOP/s",
                2 * size ** 3, times.get("ours"), anchors)
            row(f"matmul fp8 e4m3 {size}^3, {scales}, descriptors", "TFLOP/s",
                2 * size ** 3, times.get("ours desc"), anchors)
            del a, w, c, cs

    if wanted("moe"):
        # Issue 17 item 5: a Mixtral-like MoE layer (8 experts, top 2, hidden
        # 4096, intermediate 14336) at 16, 256 and 4096 tokens: the routing
        # (moe_routing.mlir) and both grouped products (moe_gemm.mlir: gate
        # and up, 4096 -> 2 x 14336 from each token's row; down, 14336 ->
        # 4096 weighted by the routing weights), bf16 and fp8 (w8a8, scales
        # per row and per output column). Anchors: the same algorithm in
        # Triton (moe_gemm_k, the same tiles, warps and stages, on the same
        # routing), and cuBLAS (torch.matmul, or torch._scaled_mm for fp8)
        # once per expert over its rows gathered beforehand (not timed).
        experts, top_k, hidden, inter = 8, 2, 4096, 14336
        routing = kernel("moe_topk", "moe_topk")
        align = kernel("moe_align", "moe_align")
        products = {"bf16": kernel("moe_gemm_bf16", "moe_gemm_bf16"),
                    "fp8": kernel("moe_gemm_fp8", "moe_gemm_fp8")}
        i32, i64 = np.int32, np.int64
        fp8 = torch.float8_e4m3fn
        weights = {}
        for name, (n, kk) in (("gate_up", (2 * inter, hidden)),
                              ("down", (hidden, inter))):
            w = torch.randn(experts, n, kk, device="cuda",
                            dtype=torch.bfloat16) / 8
            scale = w.float().abs().amax(dim=2).clamp(min=1e-12) / 448
            weights[name] = (w, (w.float() / scale[..., None]).to(fp8), scale)
            del w
        for tokens in (16, 256, 4096):
            logits = torch.randn(tokens, experts, device="cuda")
            entries = tokens * top_k
            max_padded = entries + experts * 63
            ids = torch.empty(entries, device="cuda", dtype=torch.int32)
            tw = torch.empty(entries, device="cuda")
            sorted_ids = torch.empty(max_padded, device="cuda",
                                     dtype=torch.int32)
            expert_ids = torch.empty(-(-max_padded // 64), device="cuda",
                                     dtype=torch.int32)
            total = torch.empty(1, device="cuda", dtype=torch.int32)

            def route():
                routing((triton.cdiv(tokens, 16),), logits, ids, tw,
                        i32(tokens), i32(experts), i32(top_k), i32(experts),
                        i32(1))
                align((1,), ids, sorted_ids, expert_ids, total,
                      i32(entries), i32(experts), i32(64))
            route()
            # The routing against torch's: top 2 of the softmax, renormalized,
            # and each expert's entries in order in its padded run.
            p = torch.softmax(logits, dim=1)
            want_w, want_ids = p.topk(top_k, dim=1)
            want_w = want_w / want_w.sum(dim=1, keepdim=True)
            flat = want_ids.flatten()
            ok = (torch.equal(ids.long(), flat) and
                  check("moe_topk", tw, want_w.flatten(), 1e-6, 1e-5))
            counts = torch.bincount(flat, minlength=experts)
            padded = (counts + 63) // 64 * 64
            starts = torch.cumsum(padded, 0) - padded
            for e in range(experts):
                run = sorted_ids[starts[e]:starts[e] + counts[e]].long()
                ok = ok and torch.equal(run, torch.nonzero(flat == e).flatten())
            ok = ok and int(total) == int(padded.sum())
            if not ok:
                print(f"moe routing {tokens} tokens: WRONG RESULT, not timed")
                continue

            def torch_route():
                q = torch.softmax(logits, dim=1).topk(top_k, dim=1)
                torch.argsort(q.indices.flatten(), stable=True)
            # No rate to speak of: times (ms), and torch's top-k and stable
            # sort as a point of comparison (fewer outputs than ours).
            ours_ms, torch_ms = bench(route), bench(torch_route)
            print(f"moe routing T{tokens} E8 top2: ours {ours_ms:.4f} ms, "
                  f"torch topk+argsort {torch_ms:.4f} ms "
                  f"({torch_ms / ours_ms:.2f}x)", flush=True)

            x = torch.randn(tokens, hidden, device="cuda",
                            dtype=torch.bfloat16)
            for kind in ("bf16", "fp8"):
                k = products[kind]
                inter_in = torch.randn(entries, inter, device="cuda",
                                       dtype=torch.bfloat16)
                for name, a_in, tk, weighted in (
                        ("gate_up", x, top_k, 0), ("down", inter_in, 1, 1)):
                    w, w8, w_scale = weights[name]
                    n, kk = w.shape[1], w.shape[2]
                    c = torch.empty(entries, n, device="cuda",
                                    dtype=torch.bfloat16)
                    ct = torch.empty_like(c)
                    if kind == "fp8":
                        a_scale = (a_in.float().abs().amax(dim=1)
                                   .clamp(min=1e-12) / 448)
                        a_q = (a_in.float() / a_scale[:, None]).to(fp8)
                        ops, w_op = a_q, w8
                        scales = (a_scale, w_scale)
                        tail = (i32(1), i32(n), i32(1))
                    else:
                        ops, w_op, scales, tail = a_in, w, (), ()
                    call = (ops, w_op, c, tw, sorted_ids, expert_ids, total,
                            *scales, i32(entries), i32(experts), i32(n),
                            i32(kk), i32(kk), i32(kk), i64(n * kk), i32(n),
                            i32(tk), i32(weighted), *tail)
                    grid = (-(-max_padded // 64), triton.cdiv(n, 128))
                    f = lambda: k(grid, *call)
                    k.tune(grid, *call)  # bf16: 64x128, 64x256, split 4
                    f()
                    bk = 128 if kind == "fp8" else 64
                    dummy = scales if scales else (tw, tw)

                    def triton_run(bn, stages, imprecise=None):
                        if imprecise is None:
                            imprecise = bk if kind == "fp8" else -1
                        moe_gemm_k[(grid[0], triton.cdiv(n, bn))](
                            ops, w_op, ct, tw, sorted_ids, expert_ids, total,
                            *dummy, entries, n, kk, kk, kk, n * kk, n, tk,
                            weighted, 1, n, 1, BM=64, BN=bn, BK=bk,
                            FP8=kind == "fp8", IMPRECISE=imprecise,
                            num_warps=4, num_stages=stages)
                    # Triton with the tiles of each of our forms that it can
                    # say (all but the split loop), the faster one timed.
                    configs = [(128, 4)] + ([(256, 3)] if kind == "bf16"
                                            else [])
                    config = min(configs, key=lambda c: bench(
                        lambda: triton_run(*c)))
                    t = lambda: triton_run(*config)
                    t()
                    # Reference: each entry's row times its expert's weights
                    # (dequantized for fp8), in f32.
                    rows = (torch.arange(entries, device="cuda") // tk)
                    want = torch.empty(entries, n, device="cuda")
                    for e in range(experts):
                        sel = torch.nonzero(flat == e).flatten()
                        if kind == "fp8":
                            wa = w8[e].float() * w_scale[e][:, None]
                            xa = (a_q[rows[sel]].float() *
                                  a_scale[rows[sel]][:, None])
                        else:
                            wa, xa = w[e].float(), a_in[rows[sel]].float()
                        want[sel] = xa @ wa.t()
                    if weighted:
                        want *= tw[:, None]
                    ok = (check(f"moe {kind} {name}", c, want, 2e-2, 2e-2) and
                          check(f"moe {kind} {name} (triton)", ct, want, 2e-2,
                                2e-2))
                    # cuBLAS per expert on its rows gathered beforehand.
                    gathered = []
                    for e in range(experts):
                        sel = torch.nonzero(flat == e).flatten()
                        if sel.numel() == 0:
                            continue
                        src = ops[rows[sel]]
                        if kind == "fp8":
                            # _scaled_mm takes rows in multiples of 16.
                            pad = -src.shape[0] % 16
                            src = torch.cat([src, torch.zeros(
                                pad, kk, device="cuda", dtype=fp8)])
                            sa = torch.cat([a_scale[rows[sel]], torch.ones(
                                pad, device="cuda")]).view(-1, 1)
                            gathered.append((src, w8[e], sa,
                                             w_scale[e].view(1, -1),
                                             torch.empty(src.shape[0], n,
                                                         device="cuda",
                                                         dtype=torch.bfloat16)))
                        else:
                            gathered.append((src, w[e], None, None,
                                             torch.empty(src.shape[0], n,
                                                         device="cuda",
                                                         dtype=torch.bfloat16)))

                    def cublas():
                        for src, we, sa, sw, out in gathered:
                            if sa is None:
                                torch.matmul(src, we.t(), out=out)
                            else:
                                torch._scaled_mm(src, we.t(), scale_a=sa,
                                                 scale_b=sw,
                                                 out_dtype=torch.bfloat16,
                                                 out=out)
                    anchors = {f"triton 64x{config[0]}": bench(t),
                               "cuBLAS loop": bench(cublas)}
                    if kind == "fp8":
                        # Triton's default fp8 accumulation (sums of all K
                        # in the matrix unit's narrower adder): faster, and
                        # off by up to 0.4 here (the check above fails).
                        fast = lambda: triton_run(*config, imprecise=-1)
                        fast()
                        print(f"  triton, default accumulation: max error "
                              f"{(ct.float() - want).abs().max().item():.3f}",
                              flush=True)
                        anchors["triton fast-acc"] = bench(fast)
                    row(f"moe {kind} {name} T{tokens} #{k.alternative}",
                        "TFLOP/s",
                        2 * entries * n * kk, bench(f) if ok else None,
                        anchors)
                    del c, ct, gathered
            del x

    def attention_rows(example, name, label, block_m, args, d=128):
        # B4 H32 L4096 bf16, head dimension d, full and causal, against SDPA
        # on the same tensors; `args(q, k, v, o, causal)` are the kernel's
        # arguments.
        batch, heads, length = 4, 32, 4096
        q = torch.randn(batch, heads, length, d, device="cuda",
                        dtype=torch.bfloat16)
        kk, v = torch.randn_like(q), torch.randn_like(q)
        o = torch.empty_like(q)
        k = kernel(example, name)
        for causal in (0, 1):
            f = lambda: k((triton.cdiv(length, block_m), batch * heads),
                          *args(q, kk, v, o, causal))
            k.tune((triton.cdiv(length, block_m), batch * heads),
                   *args(q, kk, v, o, causal))
            f()
            sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(
                q, kk, v, is_causal=bool(causal))
            ok = check(name, o, sdpa(), 2e-2, 2e-2)
            flops = 4 * batch * heads * length * length * d * (
                0.5 if causal else 1)
            row(f"attention bf16 D{d} {label}{'causal' if causal else 'full'}",
                "TFLOP/s", flops, bench(f) if ok else None, {"SDPA": bench(sdpa)})
        del q, kk, v, o

    if wanted("flash_attention"):
        attention_rows(
            "flash_attention", "flash_attention", "", 128,
            lambda q, kk, v, o, causal: (q, kk, v, o, np.int32(q.shape[2]),
                                         np.float32(q.shape[3] ** -0.5),
                                         np.int32(causal)))

    def descriptor_args(q, kk, v, o, causal):
        return (q, kk, v, o, np.int32(q.shape[0] * q.shape[1]),
                np.int32(q.shape[2]), np.int64(q.shape[2] * q.shape[3]),
                np.float32(q.shape[3] ** -0.5), np.int32(causal))

    if wanted("flash_attention_desc"):
        attention_rows("flash_attention_desc", "flash_attention_desc",
                       "descriptors ", 128, descriptor_args)
        attention_rows("flash_attention_desc", "flash_attention_desc_d64",
                       "descriptors ", 128, descriptor_args, d=64)

    if wanted("paged_decode"):
        hq, hkv, d, page = 32, 8, 128, 16
        group = hq // hkv
        split_k = kernel("paged_decode", "paged_decode")
        split8 = kernel("paged_decode_fp8", "paged_decode_fp8")
        merge_k = kernel("paged_decode_merge", "paged_decode_merge")
        gen = torch.Generator(device="cuda").manual_seed(1)
        for batch, lengths in ((64, "4096"), (256, "4096"), (256, "1..8192")):
            if lengths == "4096":
                ctx = torch.full((batch,), 4096, dtype=torch.int32,
                                 device="cuda")
            else:
                ctx = torch.randint(1, 8193, (batch,), dtype=torch.int32,
                                    device="cuda", generator=gen)
            max_ctx = int(ctx.max())
            max_pages = -(-max_ctx // page)
            # Every sequence's pages, shuffled over the whole cache.
            pages = batch * max_pages
            table = torch.randperm(pages, device="cuda", generator=gen).to(
                torch.int32).reshape(batch, max_pages)
            kc = torch.randn(pages, page, hkv, d, device="cuda",
                             dtype=torch.bfloat16, generator=gen)
            vc = torch.randn_like(kc)
            q = torch.randn(batch, hq, d, device="cuda", dtype=torch.bfloat16,
                            generator=gen)
            o = torch.empty_like(q)
            split_len = decode_split_len(batch, hkv, max_ctx,
                                         props.multi_processor_count)
            splits = -(-max_ctx // split_len)
            part = torch.empty(batch, hq, splits, d, device="cuda")
            lse = torch.empty(batch, hq, splits, device="cuda")
            scale = d ** -0.5
            i32 = np.int32

            def ours():
                split_k((batch, hkv, splits), q, kc, vc, table, ctx, part,
                        lse, i32(hkv), i32(group), i32(max_pages),
                        i32(split_len), np.float32(scale))
                merge_k((batch * hq,), part, lse, o, i32(splits))

            def theirs():
                decode_split_k[(batch, hkv, splits)](
                    q, kc, vc, table, ctx, part, lse, hkv, group, max_pages,
                    split_len, scale, BLOCK_G=16, BLOCK_N=64, D=d, PAGE=page,
                    num_warps=4)
                decode_merge_k[(batch * hq,)](
                    part, lse, o, splits, D=d,
                    BLOCK_S=triton.next_power_of_2(splits), num_warps=4)

            # SDPA over the cache gathered into contiguous [B, Hkv, L, D]
            # (the gather not timed); keys past a sequence's length masked.
            keys = torch.arange(max_pages * page, device="cuda")
            slots = (table[:, keys // page].long() * page + keys % page)
            kg = kc.reshape(-1, hkv, d)[slots].permute(0, 2, 1, 3)
            vg = vc.reshape(-1, hkv, d)[slots].permute(0, 2, 1, 3)
            valid = (keys[None, :] < ctx[:, None].long())[:, None, None, :]
            sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(
                q[:, :, None, :], kg, vg, attn_mask=valid, enable_gqa=True)
            want = sdpa()[:, :, 0, :]
            o.fill_(float("nan"))
            ours()
            ok = check("paged_decode", o, want, 2e-2, 2e-2)
            kv_bytes = int(ctx.long().sum()) * hkv * d * 2 * 2
            interleaved_row(f"paged decode B{batch} ctx {lengths}", "GB/s",
                            kv_bytes, ours if ok else None,
                            {"triton": theirs, "SDPA": sdpa})

            # The same cache in e4m3 with a scale per KV head
            # (paged_decode_fp8.mlir), against the same in Triton.
            ks = kc.float().abs().amax(dim=(0, 1, 3)) / 448
            vs = vc.float().abs().amax(dim=(0, 1, 3)) / 448
            kc8 = (kc.float() / ks[None, None, :, None]).to(torch.float8_e4m3fn)
            vc8 = (vc.float() / vs[None, None, :, None]).to(torch.float8_e4m3fn)

            def ours8():
                split8((batch, hkv, splits), q, kc8, vc8, ks, vs, table, ctx,
                       part, lse, i32(hkv), i32(group), i32(max_pages),
                       i32(split_len), np.float32(scale))
                merge_k((batch * hq,), part, lse, o, i32(splits))

            def theirs8():
                decode_split_k[(batch, hkv, splits)](
                    q, kc8, vc8, table, ctx, part, lse, hkv, group, max_pages,
                    split_len, scale, BLOCK_G=16, BLOCK_N=64, D=d, PAGE=page,
                    KSC=ks, VSC=vs, FP8=True, num_warps=4)
                decode_merge_k[(batch * hq,)](
                    part, lse, o, splits, D=d,
                    BLOCK_S=triton.next_power_of_2(splits), num_warps=4)

            o.fill_(float("nan"))
            ours8()
            # Against SDPA over the dequantized cache (the e4m3 rounding is
            # the cache's, not the kernel's).
            kd = kc8.float() * ks[None, None, :, None]
            vd = vc8.float() * vs[None, None, :, None]
            kgd = kd.to(torch.bfloat16).reshape(-1, hkv, d)[slots].permute(0, 2, 1, 3)
            vgd = vd.to(torch.bfloat16).reshape(-1, hkv, d)[slots].permute(0, 2, 1, 3)
            want8 = torch.nn.functional.scaled_dot_product_attention(
                q[:, :, None, :], kgd, vgd, attn_mask=valid,
                enable_gqa=True)[:, :, 0, :]
            ok8 = check("paged_decode_fp8", o, want8, 3e-2, 3e-2)
            interleaved_row(f"paged decode fp8 B{batch} ctx {lengths}",
                            "GB/s", kv_bytes // 2, ours8 if ok8 else None,
                            {"triton": theirs8})
            del kc, vc, kg, vg, table, kc8, vc8, kd, vd, kgd, vgd

    if wanted("kv_cache_append"):
        # Prefill-sized batches of new tokens into shuffled slots of a cache
        # twice their size; one token in 16 is padding (slot -1).
        hkv, d = 8, 128
        gen = torch.Generator(device="cuda").manual_seed(2)
        for fp8 in (False, True):
            name = "kv_cache_append_fp8" if fp8 else "kv_cache_append"
            ours_k = kernel("kv_cache_append", name)
            cache_type = torch.float8_e4m3fn if fp8 else torch.bfloat16
            for tokens in (256, 16384):
                key = torch.randn(tokens, hkv, d, device="cuda",
                                  dtype=torch.bfloat16, generator=gen)
                value = torch.randn_like(key)
                slots = torch.randperm(2 * tokens, device="cuda",
                                       generator=gen)[:tokens]
                slots[::16] = -1
                kc = torch.zeros(2 * tokens, hkv, d, device="cuda",
                                 dtype=cache_type)
                vc = torch.zeros_like(kc)
                ks, vs = (0.05, 0.04) if fp8 else (1.0, 1.0)
                grid = (tokens, -(-hkv // 8))
                extra = [np.float32(ks), np.float32(vs)] if fp8 else []
                f = lambda: ours_k(grid, key, value, kc, vc, slots,
                                   np.int32(hkv), *extra)
                f()
                kept = slots >= 0
                want_k, want_v = key[kept].float(), value[kept].float()
                if fp8:
                    want_k = (want_k / ks).clamp(-448, 448)
                    want_v = (want_v / vs).clamp(-448, 448)
                # e4m3 keeps 4 significant bits (half an ulp: 1/16
                # relative), and near zero steps of 2^-9 (half: 2^-10).
                atol, rtol = (2.0 ** -10, 2.0 ** -4) if fp8 else (0, 0)
                ok = (check(name, kc[slots[kept]], want_k, atol, rtol) and
                      check(name, vc[slots[kept]], want_v, atol, rtol))
                theirs = lambda: kv_append_k[grid](
                    key, value, kc, vc, slots, hkv, ks, vs, BLOCK_H=8,
                    FP8=fp8, num_warps=4)
                written = int(kept.sum()) * hkv * d
                moved = written * 2 * (2 + kc.element_size()) + 8 * tokens
                interleaved_row(
                    f"kv append {'fp8' if fp8 else 'bf16'} T{tokens}", "GB/s",
                    moved, f if ok else None, {"triton": theirs})
                del key, value, kc, vc

    if args.json:
        args.json.write_text(json.dumps(ROWS, indent=1))
    print("done", flush=True)


if __name__ == "__main__":
    sys.exit(main())
