"""Shape and value fuzzer of the example kernels, checked by tile-check.

    fuzz_kernels.py --bin build/bin --examples examples [--seed S]
                    [--cases-per-kernel N] [--large] [-k NAME] [--keep DIR]

For each example kernel it draws launches from the kernel's documented
contract (docs in each example's header): tiny, one-element, ragged,
non-power-of-two and power-of-two extents, padded row strides, grids with
more or fewer programs than rows, and inputs that mix ordinary values with
special ones (NaN, infinities, subnormals, signed zeros, the largest finite
values, integer extremes). Every case of a kernel goes to one `tile-check
--cases` run, which compiles the kernel once and compares every target of
the build with the reference interpreter. It prints one line per kernel and
the total case count; exit status 1 if any case fails, except in kernels
named by --known (an open bug, reported as KNOWN).

--large adds extents a CI machine cannot afford, and a transpose whose row
stride passes 2^31 elements when the machine has the memory for it (it is
skipped, with the reason, otherwise). A failing case is reproduced by the
printed tile-check line; tile-check --reduce shrinks it.

A GPU machine without the compiler runs the cases in three steps:
    fuzz_kernels.py ... --export DIR --target nvidia   # here: artifacts, inputs, run.sh
    DIR/run.sh                                         # there: tile-run writes results
    fuzz_kernels.py ... --import DIR                   # here: compare with the reference"""

import argparse
import gzip
import hashlib
import math
import os
import pathlib
import random
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "E2E"))
from moe_sort import moe_sort  # noqa: E402
from schedules import with_schedule  # noqa: E402

SIZES = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2, "f8e4m3": 1, "f8e5m2": 1,
         "i8": 1, "i16": 2, "i32": 4, "i64": 8, "u8": 1}


def cdiv(a, b):
    return -(-a // b)


class Values:
    """Writes input files mixing ordinary and special values."""

    def __init__(self, work, rng, special, huge, nonfinite=True, root=None):
        self.work = work
        # Paths in specs are relative to `root` when the cases travel to
        # another machine (--export), absolute otherwise.
        self.root = root
        self.rng = rng
        self.special = special
        # The largest finite values make finite sums overflow in an order
        # the contract leaves open (a dot may give +inf, -inf or NaN), so
        # kernels that add floats up get infinities and NaNs instead.
        self.huge = huge
        # Flash attention multiplies probabilities that may underflow to 0
        # or stay subnormal (section 6 allows either) by values: an infinite
        # value then gives NaN on one target and inf on another.
        self.nonfinite = nonfinite
        self.count = 0

    def _float_bits(self, dtype, value):
        if dtype == "f32":
            return struct.pack("<f", value)
        if dtype == "f64":
            return struct.pack("<d", value)
        if dtype == "f16":
            try:
                return struct.pack("<e", value)
            except OverflowError:
                return struct.pack("<e", math.copysign(math.inf, value))
        # bf16: the top half of the f32, rounded to nearest even.
        bits = struct.unpack("<I", struct.pack("<f", value))[0]
        if math.isnan(value):
            return struct.pack("<H", 0x7FC0)
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        return struct.pack("<H", bits & 0xFFFF)

    def _special_float(self, dtype):
        rng = self.rng
        width = SIZES[dtype] * 8
        if dtype in ("f8e4m3", "f8e5m2") or (self.huge and self.nonfinite and
                                             rng.random() < 0.3):
            # Raw bits reach every class: NaNs with payloads, infinities,
            # subnormals, both zeros.
            return rng.getrandbits(width).to_bytes(width // 8, "little")
        tiny = {"f32": 1.4e-45, "f64": 5e-324, "f16": 6e-8,
                "bf16": 9.2e-41}[dtype]
        big = {"f32": 3.4e38, "f64": 1.7e308, "f16": 65504.0,
               "bf16": 3.38e38}[dtype]
        choices = [0.0, -0.0, tiny, -tiny, tiny * 3, 1.0, -1.0]
        if self.nonfinite:
            choices += [math.nan, math.inf, -math.inf]
        if self.huge:
            choices += [big, -big]
        value = rng.choice(choices)
        return self._float_bits(dtype, value)

    def _ordinary_float(self, dtype):
        rng = self.rng
        if dtype in ("f8e4m3", "f8e5m2"):
            # Any finite code: codes whose exponent field is all ones hold
            # NaN or infinity, so draw again when one comes up.
            while True:
                code = rng.getrandbits(8)
                if dtype == "f8e4m3" and code & 0x7F != 0x7F:
                    return bytes([code])
                if dtype == "f8e5m2" and code & 0x7C != 0x7C:
                    return bytes([code])
        return self._float_bits(dtype, rng.uniform(-1.0, 1.0) * self.scale)

    def file(self, dtype, count, ints=None, special=True):
        """A file of `count` values; `ints` is (lo, hi) for integer types,
        and with `special` false only values in it (indices a kernel's
        contract bounds)."""
        self.count += 1
        path = os.path.join(self.work, f"in{self.count}.bin")
        rng = self.rng
        # One magnitude per buffer, so that sums stay representable.
        self.scale = rng.choice([1.0, 1.0, 1e-3, 1e3, 1e-30 if dtype != "f16"
                                 else 1e-4])
        p = rng.choice([0.0, 0.01, 0.2]) if self.special and special else 0.0
        out = bytearray()
        for _ in range(count):
            if dtype.startswith("i") or dtype == "u8":
                lo, hi = ints
                if rng.random() < p:
                    v = rng.choice([lo, hi, 0, -1, -(1 << 31), (1 << 31) - 1])
                else:
                    v = rng.randint(lo, hi)
                size = SIZES[dtype]
                out += (v & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
            elif rng.random() < p:
                out += self._special_float(dtype)
            else:
                out += self._ordinary_float(dtype)
        with open(path, "wb") as f:
            f.write(out)
        return f"file={os.path.relpath(path, self.root) if self.root else path}"


# Each recipe draws one launch: (grid, [arg specs]). `big` widens the extents.
def pick(rng, choices, lo, hi):
    """One of `choices`, or a uniform draw in [lo, hi]."""
    return rng.choice(choices) if rng.random() < 0.5 else rng.randint(lo, hi)


def vector_add(rng, v, big):
    n = pick(rng, [1, 2, 1023, 1024, 1025, 4096], 1, 2_000_000 if big else 20_000)
    grid = cdiv(n, 1024) + rng.choice([0, 0, 1, 3])
    return (grid,), [f"buf:f32:{n}:{v.file('f32', n)}",
                     f"buf:f32:{n}:{v.file('f32', n)}", f"buf:f32:{n}:poison",
                     f"i32:{n}"]


def softmax(rng, v, big):
    rows = pick(rng, [1, 2, 17], 1, 64 if big else 12)
    cols = pick(rng, [1, 2, 4095, 4096, 1000], 1, 4096)
    si, so = cols + rng.choice([0, 0, 1, 13]), cols + rng.choice([0, 0, 3])
    grid = rng.randint(1, min(rows, 8))
    return (grid,), [f"buf:f32:{rows * si}:{v.file('f32', rows * si)}",
                     f"buf:f32:{rows * so}:poison", f"i32:{rows}",
                     f"i32:{cols}", f"i32:{si}", f"i32:{so}"]


def layer_norm(rows_max):
    def recipe(rng, v, big):
        rows = pick(rng, [1, 3], 1, rows_max * (4 if big else 1))
        n = pick(rng, [1, 1024, 1025, 3000], 1, 20_000 if big else 5000)
        stride = n + rng.choice([0, 0, 7])
        return (rows,), [f"buf:f32:{rows * stride}:{v.file('f32', rows * stride)}",
                         f"buf:f32:{rows * stride}:poison",
                         f"buf:f32:{n}:{v.file('f32', n)}",
                         f"buf:f32:{n}:{v.file('f32', n)}",
                         f"buf:f32:{rows}:poison", f"buf:f32:{rows}:poison",
                         f"i32:{stride}", f"i32:{n}",
                         f"f32:{rng.choice([1e-5, 1e-6, 0.1])}"]
    return recipe


def rms_norm(rng, v, big):
    rows = pick(rng, [1, 2], 1, 16 if big else 6)
    n = pick(rng, [1, 8192, 8191, 1000], 1, 8192)
    stride = n + rng.choice([0, 0, 5])
    return (rows,), [f"buf:bf16:{rows * stride}:{v.file('bf16', rows * stride)}",
                     f"buf:bf16:{n}:{v.file('bf16', n)}",
                     f"buf:bf16:{rows * stride}:poison", f"i32:{stride}",
                     f"i32:{n}", f"f32:{rng.choice([1e-6, 1e-5])}"]


def row_reduce(out_dtype):
    def recipe(rng, v, big):
        rows = pick(rng, [1, 2, 13], 1, 64 if big else 20)
        cols = pick(rng, [1, 1023, 1024, 3], 1, 1024)
        stride = cols + rng.choice([0, 0, 1, 9])
        grid = rng.randint(1, min(rows, 8))
        return (grid,), [f"buf:f32:{rows * stride}:{v.file('f32', rows * stride)}",
                         f"buf:{out_dtype}:{rows}:poison", f"i32:{rows}",
                         f"i32:{cols}", f"i32:{stride}"]
    return recipe


def bias_gelu_dropout(rng, v, big):
    rows = pick(rng, [1, 3], 1, 64 if big else 8)
    cols = pick(rng, [1, 1024, 1000], 1, 3000)
    n = rows * cols
    p = rng.choice([0.0, 0.25, 0.5, 0.999])
    seed = rng.getrandbits(63)
    return (cdiv(n, 1024),), [f"buf:bf16:{n}:{v.file('bf16', n)}",
                              f"buf:bf16:{cols}:{v.file('bf16', cols)}",
                              f"buf:bf16:{n}:poison", f"i32:{rows}",
                              f"i32:{cols}", f"f32:{p}", f"i64:{seed}"]


def rope(rng, v, big):
    tokens = pick(rng, [1, 5], 1, 32 if big else 8)
    heads = pick(rng, [1, 16, 17, 32], 1, 40)
    n = tokens * heads * 128
    grid = (rng.randint(1, tokens), cdiv(heads, 16))
    return grid, [f"buf:bf16:{n}:{v.file('bf16', n)}",
                  f"buf:f32:{tokens * 64}:{v.file('f32', tokens * 64)}",
                  f"buf:f32:{tokens * 64}:{v.file('f32', tokens * 64)}",
                  f"buf:bf16:{n}:poison", f"i32:{tokens}", f"i32:{heads}"]


def matmul(dtype, block_m, block_n, ld_kind="i32", out="f32"):
    def recipe(rng, v, big):
        top = 300 if big else 150
        m = pick(rng, [1, block_m, block_m + 1], 1, top)
        n = pick(rng, [1, block_n, block_n - 1], 1, max(top, block_n + 1))
        k = pick(rng, [1, 32, 33, 64], 1, top)
        lda, ldb, ldc = k + rng.choice([0, 3]), n + rng.choice([0, 1]), \
            n + rng.choice([0, 2])
        if rng.random() < 0.5:
            # Every size a multiple of 16: the specialized variant runs.
            m, n, k = (x + -x % 16 for x in (m, n, k))
            lda, ldb, ldc = k, n + rng.choice([0, 16]), n
        return (cdiv(m, block_m), cdiv(n, block_n)), [
            f"buf:{dtype}:{m * lda}:{v.file(dtype, m * lda)}",
            f"buf:{dtype}:{k * ldb}:{v.file(dtype, k * ldb)}",
            f"buf:{out}:{m * ldc}:poison", f"i32:{m}", f"i32:{n}", f"i32:{k}",
            f"{ld_kind}:{lda}", f"{ld_kind}:{ldb}", f"i32:{ldc}"]
    return recipe


def matmul_fp8(rng, v, big, ld_kind="i32"):
    top = 300 if big else 150
    m = pick(rng, [1, 17, 128, 129], 1, top)
    n = pick(rng, [1, 127, 128], 1, top)
    k = pick(rng, [1, 33, 128, 129], 1, 2 * top)
    lda, ldb, ldc = k + rng.choice([0, 5]), k + rng.choice([0, 3]), \
        n + rng.choice([0, 2])
    if rng.random() < 0.5:
        # Every size a multiple of 16: the specialized variant runs.
        m, n, k = (x + -x % 16 for x in (m, n, k))
        lda, ldb, ldc = k, k + rng.choice([0, 16]), n
    # Scales per row (stride 1) or per tensor (stride 0).
    per_row = rng.choice([0, 1])
    rows_a, rows_b = (m, n) if per_row else (1, 1)
    return (cdiv(m, 128), cdiv(n, 128)), [
        f"buf:f8e4m3:{m * lda}:{v.file('f8e4m3', m * lda)}",
        f"buf:f8e4m3:{n * ldb}:{v.file('f8e4m3', n * ldb)}",
        f"buf:bf16:{m * ldc}:poison",
        f"buf:f32:{rows_a}:{v.file('f32', rows_a, special=False)}",
        f"buf:f32:{rows_b}:{v.file('f32', rows_b, special=False)}",
        f"i32:{m}", f"i32:{n}", f"i32:{k}", f"{ld_kind}:{lda}",
        f"{ld_kind}:{ldb}", f"i32:{ldc}", f"i32:{per_row}", f"i32:{per_row}"]


def cumsum(rng, v, big):
    rows = pick(rng, [1, 5], 1, 32 if big else 10)
    cols = pick(rng, [1, 1024, 1000], 1, 1024)
    n = rows * cols
    return (rng.randint(1, min(rows, 4)),), [
        f"buf:f32:{n}:{v.file('f32', n)}", f"buf:f32:{n}:poison",
        f"i32:{rows}", f"i32:{cols}"]


def histogram(rng, v, big):
    n = pick(rng, [1, 1024, 1025], 1, 500_000 if big else 20_000)
    bins = pick(rng, [1, 64, 37], 1, 128)
    return (cdiv(n, 1024),), [f"buf:i32:{n}:{v.file('i32', n, (-5, bins + 5))}",
                              f"buf:i32:{bins}:zero", f"i32:{n}", f"i32:{bins}"]


def flash_attention(rng, v, big):
    heads = rng.randint(1, 4 if big else 2)
    seq = pick(rng, [1, 64, 65, 128], 1, 300 if big else 130)
    n = heads * seq * 128
    scale = rng.choice([0.08838834764, 0.01, 0.2])
    return (cdiv(seq, 128), heads), [
        f"buf:bf16:{n}:{v.file('bf16', n)}", f"buf:bf16:{n}:{v.file('bf16', n)}",
        f"buf:bf16:{n}:{v.file('bf16', n)}", f"buf:bf16:{n}:poison",
        f"i32:{seq}", f"f32:{scale}", f"i32:{rng.choice([0, 1])}"]


def flash_attention_desc(rng, v, big, d=128):
    heads = rng.randint(1, 4 if big else 2)
    # Multiples of 16 take the warp-specialized variant on a GPU; 256 and
    # 384 loop over several key blocks there.
    seq = pick(rng, [1, 64, 65, 128, 129, 256, 384], 1, 300 if big else 140)
    rows = seq + rng.choice([0, 0, 3])
    n = heads * rows * d
    scale = rng.choice([0.08838834764, 0.01, 0.2])
    return (cdiv(seq, 128), heads), [
        f"buf:bf16:{n}:{v.file('bf16', n)}", f"buf:bf16:{n}:{v.file('bf16', n)}",
        f"buf:bf16:{n}:{v.file('bf16', n)}", f"buf:bf16:{n}:poison",
        f"i32:{heads}", f"i32:{seq}", f"i64:{rows * d}", f"f32:{scale}",
        f"i32:{rng.choice([0, 1])}"]


def transpose(rng, v, big):
    m = pick(rng, [1, 64, 65], 1, 600 if big else 200)
    n = pick(rng, [1, 64, 63], 1, 600 if big else 200)
    ld_in, ld_out = n + rng.choice([0, 0, 5]), m + rng.choice([0, 3])
    return (cdiv(m, 64), cdiv(n, 64)), [
        f"buf:f32:{m * ld_in}:{v.file('f32', m * ld_in)}",
        f"buf:f32:{n * ld_out}:poison", f"i32:{m}", f"i32:{n}",
        f"i64:{ld_in}", f"i64:{ld_out}"]


def fp8_quant(rng, v, big):
    rows = pick(rng, [1, 2], 1, 16 if big else 6)
    cols = pick(rng, [1, 8192, 8191], 1, 8192)
    stride = cols + rng.choice([0, 0, 16])
    return (rows,), [f"buf:bf16:{rows * stride}:{v.file('bf16', rows * stride)}",
                     f"buf:f8e4m3:{rows * stride}:poison",
                     f"buf:f32:{rows}:poison", f"i32:{cols}", f"i32:{stride}"]


def fp8_dequant(rng, v, big):
    rows = pick(rng, [1, 2], 1, 16 if big else 6)
    cols = pick(rng, [1, 8192, 8191], 1, 8192)
    stride = cols + rng.choice([0, 0, 16])
    return (rows,), [f"buf:f8e4m3:{rows * stride}:{v.file('f8e4m3', rows * stride)}",
                     f"buf:f32:{rows}:{v.file('f32', rows)}",
                     f"buf:bf16:{rows * stride}:poison", f"i32:{cols}",
                     f"i32:{stride}"]


def paged_decode(rng, v, big, fp8=False):
    seqs = rng.randint(1, 4 if big else 3)
    kv_heads, group = rng.choice([1, 2]), rng.choice([1, 3, 4, 8, 16])
    split_len = rng.choice([64, 128, 256])
    max_ctx = pick(rng, [1, 16, 17, 64, 65], 1, 600 if big else 300)
    # Pages drawn anywhere in the cache (sequences may share one); the
    # table's entries and the lengths within the kernel's contract.
    max_pages = cdiv(max_ctx, 16) + rng.choice([0, 1])
    pages = rng.randint(1, 40)
    hq, splits = kv_heads * group, cdiv(max_ctx, split_len)
    q, cache = seqs * hq * 128, pages * 16 * kv_heads * 128
    cache_type = "f8e4m3" if fp8 else "bf16"
    # Positive scales per KV head for an e4m3 cache.
    scales = [f"buf:f32:{kv_heads}:const={rng.choice([1, 0.5, 0.01])}",
              f"buf:f32:{kv_heads}:const={rng.choice([1, 0.25, 2])}"] \
        if fp8 else []
    return (seqs, kv_heads, splits), [
        f"buf:bf16:{q}:{v.file('bf16', q)}",
        f"buf:{cache_type}:{cache}:{v.file(cache_type, cache)}",
        f"buf:{cache_type}:{cache}:{v.file(cache_type, cache)}"] + scales + [
        f"buf:i32:{seqs * max_pages}:"
        f"{v.file('i32', seqs * max_pages, (0, pages - 1), special=False)}",
        f"buf:i32:{seqs}:{v.file('i32', seqs, (1, max_ctx), special=False)}",
        f"buf:f32:{seqs * hq * splits * 128}:poison",
        f"buf:f32:{seqs * hq * splits}:poison", f"i32:{kv_heads}",
        f"i32:{group}", f"i32:{max_pages}", f"i32:{split_len}",
        f"f32:{rng.choice([0.08838834764, 0.01, 0.5])}"]


def paged_decode_merge(rng, v, big):
    rows = pick(rng, [1, 2, 32], 1, 64 if big else 8)
    splits = pick(rng, [1, 15, 16, 17, 256, 300], 1, 300)
    return (rows,), [
        f"buf:f32:{rows * splits * 128}:{v.file('f32', rows * splits * 128)}",
        f"buf:f32:{rows * splits}:{v.file('f32', rows * splits)}",
        f"buf:bf16:{rows * 128}:poison", f"i32:{splits}"]


def varlen_attention(rng, v, big):
    batch = rng.randint(1, 3)
    lens = [pick(rng, [0, 1, 64, 65], 0, 200 if big else 90)
            for _ in range(batch)]
    kv_heads, group = rng.choice([1, 2]), rng.choice([1, 2, 4])
    heads, total = kv_heads * group, sum(lens)
    cu = [sum(lens[:b]) for b in range(batch + 1)]
    path = os.path.join(v.work, "cu_seqlens.bin")
    with open(path, "wb") as f:
        f.write(struct.pack(f"<{batch + 1}i", *cu))
    cu_file = os.path.relpath(path, v.root) if v.root else path
    nq, nkv = max(total, 1) * heads * 128, max(total, 1) * kv_heads * 128
    return (cdiv(max(max(lens), 1), 64), heads, batch), [
        f"buf:bf16:{nq}:{v.file('bf16', nq)}",
        f"buf:bf16:{nkv}:{v.file('bf16', nkv)}",
        f"buf:bf16:{nkv}:{v.file('bf16', nkv)}", f"buf:bf16:{nq}:poison",
        f"buf:i32:{batch + 1}:file={cu_file}", f"i32:{heads}", f"i32:{group}",
        f"f32:{rng.choice([0.08838834764, 0.01, 0.2])}",
        f"i32:{rng.choice([0, 1])}"]


def kv_cache_append(fp8):
    def recipe(rng, v, big):
        tokens = pick(rng, [1, 2, 17], 1, 64 if big else 20)
        kv_heads = pick(rng, [1, 8, 9], 1, 16)
        pages = rng.randint(cdiv(tokens, 16), cdiv(tokens, 16) + 3)
        # Distinct slots (the kernel's contract), some tokens padding (-1).
        slots = rng.sample(range(pages * 16), tokens)
        slots = [-1 if rng.random() < 0.2 else s for s in slots]
        path = os.path.join(v.work, "slots.bin")
        with open(path, "wb") as f:
            f.write(struct.pack(f"<{tokens}q", *slots))
        slot_file = os.path.relpath(path, v.root) if v.root else path
        n, cache = tokens * kv_heads * 128, pages * 16 * kv_heads * 128
        cache_type = "f8e4m3" if fp8 else "bf16"
        specs = [f"buf:bf16:{n}:{v.file('bf16', n)}",
                 f"buf:bf16:{n}:{v.file('bf16', n)}",
                 f"buf:{cache_type}:{cache}:{v.file(cache_type, cache)}",
                 f"buf:{cache_type}:{cache}:{v.file(cache_type, cache)}",
                 f"buf:i64:{tokens}:file={slot_file}", f"i32:{kv_heads}"]
        if fp8:
            specs += [f"f32:{rng.choice([0.004, 1.0, 1e-3])}",
                      f"f32:{rng.choice([0.0025, 2.0])}"]
        return (tokens, cdiv(kv_heads, 8)), specs
    return recipe



def int32_file(v, name, values):
    """`values` as an i32 input file; its fill spec."""
    path = os.path.join(v.work, name)
    with open(path, "wb") as f:
        f.write(struct.pack(f"<{len(values)}i", *values))
    return "file=" + (os.path.relpath(path, v.root) if v.root else path)


def moe_topk(rng, v, big):
    tokens = pick(rng, [1, 16, 17], 1, 64 if big else 40)
    experts = pick(rng, [1, 8, 60, 256], 1, 256)
    top_k = rng.randint(1, min(experts, 8))
    return (cdiv(tokens, 16),), [
        f"buf:f32:{tokens * experts}:{v.file('f32', tokens * experts)}",
        f"buf:i32:{tokens * top_k}:poison", f"buf:f32:{tokens * top_k}:poison",
        f"i32:{tokens}", f"i32:{experts}", f"i32:{top_k}", f"i32:{experts}",
        f"i32:{rng.choice([0, 1])}"]


def moe_align(rng, v, big):
    entries = pick(rng, [1, 128, 1024, 1025], 1, 5000 if big else 1500)
    experts = pick(rng, [1, 3, 8, 256], 1, 256)
    block = rng.choice([1, 16, 64])
    # Mostly in range; -1 and num_experts are left out.
    ids = [rng.randint(-1, experts) if rng.random() < 0.05
           else rng.randint(0, experts - 1) for _ in range(entries)]
    max_padded = entries + experts * (block - 1)
    return (1,), [
        f"buf:i32:{entries}:{int32_file(v, 'topk_ids.bin', ids)}",
        f"buf:i32:{max_padded}:poison",
        f"buf:i32:{cdiv(max_padded, block)}:poison", "buf:i32:1:poison",
        f"i32:{entries}", f"i32:{experts}", f"i32:{block}"]


def moe_gemm(fp8):
    def recipe(rng, v, big):
        tokens = pick(rng, [1, 17, 64], 1, 96 if big else 40)
        experts = rng.choice([1, 4, 8])
        top_k = rng.randint(1, min(experts, 2))
        n = pick(rng, [1, 128, 129], 1, 300 if big else 200)
        k = pick(rng, [1, 33, 64, 128], 1, 300 if big else 200)
        lda, ldw, ldc = (k + rng.choice([0, 8]), k + rng.choice([0, 16]),
                         n + rng.choice([0, 3]))
        # Picks from the experts past the first `empty` (none for them).
        empty = rng.randint(0, experts - 1)
        ids = []
        for _ in range(tokens):
            ids += rng.sample(range(empty, experts), min(top_k, experts - empty))
        top_k = len(ids) // tokens
        entries = len(ids)
        sorted_ids, expert_ids, total = moe_sort(ids, experts, 64)
        rows = tokens if top_k > 1 else entries
        data = "f8e4m3" if fp8 else "bf16"
        specs = [
            f"buf:{data}:{rows * lda}:{v.file(data, rows * lda)}",
            f"buf:{data}:{experts * n * ldw}:{v.file(data, experts * n * ldw)}",
            f"buf:bf16:{entries * ldc}:poison",
            f"buf:f32:{entries}:{v.file('f32', entries, special=False)}",
            f"buf:i32:{len(sorted_ids)}:"
            f"{int32_file(v, 'sorted_ids.bin', sorted_ids)}",
            f"buf:i32:{len(expert_ids)}:"
            f"{int32_file(v, 'expert_ids.bin', expert_ids)}",
            f"buf:i32:1:{int32_file(v, 'total.bin', [total])}"]
        per_row, per_column = rng.choice([0, 1]), rng.choice([0, 1])
        if fp8:
            scale_a = rows if per_row else 1
            scale_w = experts * (n if per_column else 1)
            specs += [f"buf:f32:{scale_a}:{v.file('f32', scale_a, special=False)}",
                      f"buf:f32:{scale_w}:{v.file('f32', scale_w, special=False)}"]
        specs += [f"i32:{entries}", f"i32:{experts}", f"i32:{n}", f"i32:{k}",
                  f"i32:{lda}", f"i32:{ldw}", f"i64:{n * ldw}", f"i32:{ldc}",
                  f"i32:{top_k}", f"i32:{rng.choice([0, 1])}"]
        if fp8:
            specs += [f"i32:{per_row}", f"i32:{n if per_column else 1}",
                      f"i32:{per_column}"]
        return (cdiv(entries + experts * 63, 64), cdiv(n, 128)), specs
    return recipe


# name: (file, recipe, whether the largest finite values may be drawn, which
# only kernels that add no floats up can take, and whether NaN and infinities
# may).
RECIPES = {
    "vector_add": ("vector_add.mlir", vector_add, True, True),
    "softmax": ("softmax.mlir", softmax, False, True),
    "layer_norm": ("layer_norm.mlir", layer_norm(6), False, True),
    "rms_norm": ("rms_norm.mlir", rms_norm, False, True),
    "row_sum": ("row_sum.mlir", row_reduce("f32"), False, True),
    "row_max": ("row_max.mlir", row_reduce("f32"), True, True),
    "row_argmax": ("row_argmax.mlir", row_reduce("i32"), True, True),
    "bias_gelu_dropout": ("bias_gelu_dropout.mlir", bias_gelu_dropout, True, True),
    "rope": ("rope.mlir", rope, True, True),
    "matmul_f32": ("matmul_f32.mlir", matmul("f32", 64, 64), False, True),
    "matmul_bf16": ("matmul_bf16.mlir", matmul("bf16", 128, 256), False, True),
    "matmul_bf16_desc": ("matmul_bf16_desc.mlir",
                         matmul("bf16", 128, 256, ld_kind="i64"), False, True),
    "matmul_bf16_desc_bf16_out": ("matmul_bf16_desc.mlir",
                                  matmul("bf16", 128, 256, ld_kind="i64",
                                         out="bf16"), False, True),
    "matmul_fp8": ("matmul_fp8.mlir", matmul_fp8, False, True),
    "matmul_fp8_desc": ("matmul_fp8_desc.mlir",
                        lambda rng, v, big: matmul_fp8(rng, v, big, "i64"),
                        False, True),
    "cumsum": ("cumsum.mlir", cumsum, False, True),
    "histogram": ("histogram.mlir", histogram, True, True),
    "flash_attention": ("flash_attention.mlir", flash_attention, False, False),
    "flash_attention_desc": ("flash_attention_desc.mlir", flash_attention_desc,
                             False, False),
    "flash_attention_desc_d64": (
        "flash_attention_desc.mlir",
        lambda rng, v, big: flash_attention_desc(rng, v, big, d=64), False,
        False),
    "transpose_desc": ("transpose_desc.mlir", transpose, True, True),
    "fp8_quant": ("fp8_quant.mlir", fp8_quant, True, True),
    "fp8_dequant": ("fp8_dequant.mlir", fp8_dequant, True, True),
    "paged_decode": ("paged_decode.mlir", paged_decode, False, False),
    "paged_decode_fp8": ("paged_decode_fp8.mlir",
                         lambda rng, v, big: paged_decode(rng, v, big, True),
                         False, False),
    "paged_decode_merge": ("paged_decode_merge.mlir", paged_decode_merge,
                           False, False),
    "varlen_attention": ("varlen_attention.mlir", varlen_attention, False,
                         False),
    "kv_cache_append": ("kv_cache_append.mlir", kv_cache_append(False), True,
                        True),
    "kv_cache_append_fp8": ("kv_cache_append.mlir", kv_cache_append(True),
                            True, True),
    "moe_topk": ("moe_routing.mlir", moe_topk, True, True),
    "moe_align": ("moe_routing.mlir", moe_align, True, True),
    "moe_gemm_bf16": ("moe_gemm.mlir", moe_gemm(False), False, True),
    "moe_gemm_fp8": ("moe_gemm.mlir", moe_gemm(True), False, True),
}


# Examples fuzzed again with a grid schedule (docs/Semantics.md section 1.1)
# injected into their kernel: the same recipes, the same reference (a
# schedule changes no result), other cases (each name draws its own).
SCHEDULED = {
    "matmul_f32.persistent": ("matmul_f32", "persistent, grouped = 3"),
    "softmax.persistent": ("softmax", "persistent, cpu = dynamic, chunk = 2"),
    # The loop over K split between programs (section 1.3).
    "matmul_f32.split": ("matmul_f32", "split_k = 3"),
}
for _name, (_base, _) in SCHEDULED.items():
    RECIPES[_name] = RECIPES[_base]


def source_file(examples, path, name, work):
    """The kernel file case `name` checks: the example, or for a scheduled
    case the example with its schedule, written under `work`/sources."""
    if name not in SCHEDULED:
        return examples / path
    base, schedule = SCHEDULED[name]
    source = pathlib.Path(work) / "sources" / f"{name}.mlir"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(with_schedule((examples / path).read_text(),
                                    kernel_name(examples / path, base),
                                    schedule))
    return source.resolve()


def kernel_name(path, name):
    """The tile.func of an example file a recipe checks: the one named as the
    recipe, else the file's first."""
    names = [line.split("@")[1].split("(")[0]
             for line in path.read_text().splitlines()
             if line.startswith("tile.func @")]
    if not names:
        raise SystemExit(f"no tile.func in {path}")
    return name if name in names else names[0]


def mem_available():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def offset_beyond_2_31(work):
    """A transpose whose second row starts 2^31 + 64 elements in (the only
    example with 64-bit strides), if the machine can hold the copies that
    tile-check makes (inputs, reference, device buffer, result)."""
    ld_in = (1 << 31) + 64
    elements = ld_in + 64
    need = 4 * 4 * elements
    if mem_available() < need:
        return None, (f"skipped the 2^31-element offset case: it needs "
                      f"{need / 2**30:.0f} GiB, {mem_available() / 2**30:.0f} "
                      f"available")
    return ((1, 1), [f"buf:f32:{elements}:zero", "buf:f32:128:poison", "i32:2",
                     "i32:64", f"i64:{ld_in}", "i64:2"]), None


def export_digest(out):
    """SHA-256 over the case lines and the inputs of an export: the same
    seed gives the same digest wherever the cases are drawn."""
    digest = hashlib.sha256()
    files = sorted(out.glob("*.cases")) + sorted((out / "inputs").rglob("*.bin"))
    for f in files:
        digest.update(str(f.relative_to(out)).encode() + b"\0")
        digest.update(f.read_bytes())
    return digest.hexdigest()


def export(args, kernels):
    """Writes DIR: <kernel>.tile, inputs, cases, commands (one tile-run line
    per case), digest and run.sh; exits 1 if a kernel not named by --known
    does not compile. With --precompiled the artifacts are copied from
    there instead (a machine without the compiler draws the inputs itself)."""
    known = set(filter(None, args.known.split(",")))
    uncompiled = 0
    out = args.export
    (out / "results").mkdir(parents=True, exist_ok=True)
    commands = []
    for name, path, kernel, lines in kernels:
        artifact = out / f"{name}.tile"
        if args.precompiled:
            source = args.precompiled / f"{name}.tile"
            if not source.exists():
                sys.exit(f"fuzz: --precompiled {args.precompiled} has no "
                         f"{name}.tile")
            shutil.copyfile(source, artifact)
        else:
            proc = subprocess.run(
                [str(args.bin / "tile-compile"), str(args.examples / path),
                 f"--target={args.target}", "-o", str(artifact)],
                capture_output=True, text=True)
            if proc.returncode != 0:
                first = (proc.stderr.strip().splitlines() or ["?"])[0]
                # A kernel that does not compile is a failure unless it is a
                # known, recorded one (--known).
                verdict = "KNOWN" if name in known else "FAIL"
                uncompiled += verdict == "FAIL"
                print(f"{verdict} {name}: does not compile for {args.target}: "
                      f"{first}")
                continue
        (out / f"{name}.cases").write_text("\n".join(lines) + "\n")
        for i, line in enumerate(lines):
            words = line.split()
            specs = words[3::2]
            writes = [f"--write {k}=results/{name}/{i}/arg{k}.bin"
                      for k, spec in enumerate(specs) if spec.startswith("buf:")]
            (out / "results" / name / str(i)).mkdir(parents=True,
                                                    exist_ok=True)
            # One launch: histogram accumulates into its output.
            commands.append(
                f'{name}.tile --kernel {kernel} --device {args.device} '
                f'--warmup 0 --repeat 1 {line} {" ".join(writes)}')
    (out / "commands").write_text("\n".join(commands) + "\n")
    (out / "digest").write_text(export_digest(out) + "\n")
    script = [
        "#!/bin/sh",
        "# run.sh [FIRST [END]] - runs the fuzz cases FIRST..END-1 (default:",
        "# all) of ./commands, a tile-run --batch per job, JOBS jobs (default",
        "# 1); results/<kernel>/<case>/ holds the buffers after the launch,",
        "# batch-N.log what each job printed. TILE_RUN names tile-run. Exit 1",
        "# if any launch failed.",
        'cd "$(dirname "$0")" || exit 2',
        'run="${TILE_RUN:-tile-run}"; jobs=${JOBS:-1}',
        'first=$(( ${1:-0} + 1 )); end=${2:-$(wc -l < commands)}',
        'rm -f batch-*',
        'sed -n "${first},${end}p" commands | split -n r/"$jobs" - batch-',
        'pids=""',
        'for b in batch-*; do "$run" --batch "$b" > "$b.log" 2>&1 & '
        'pids="$pids $!"; done',
        'status=0',
        'for p in $pids; do wait "$p" || status=1; done',
        'exit $status']
    (out / "run.sh").write_text("\n".join(script) + "\n")
    os.chmod(out / "run.sh", 0o755)
    print(f"fuzz: exported {sum(len(k[3]) for k in kernels)} cases to {out} "
          f"(run {out}/run.sh where the {args.target} device is, then "
          f"--import {out} here)")
    if uncompiled:
        sys.exit(f"fuzz: {uncompiled} kernels do not compile for {args.target}")


def case_inputs(line):
    """{buffer argument index: input file} of a case line."""
    specs = line.split()[3::2]
    return {k: spec.split(":", 3)[3][len("file="):]
            for k, spec in enumerate(specs)
            if spec.startswith("buf:") and spec.split(":", 3)[3].startswith("file=")}


def pack(args):
    """Shrinks what run.sh wrote in DIR for the trip back: a result equal to
    its case's input file is dropped and listed in the case's `unchanged`
    (--import puts the input back), then results/ goes into gzipped tar files
    of at most --pack-bytes each under --pack-to."""
    root = args.pack
    kept = dropped = 0
    for cases in sorted(root.glob("*.cases")):
        name = cases.stem
        for i, line in enumerate(cases.read_text().splitlines()):
            results = root / "results" / name / str(i)
            if not results.is_dir() or not any(results.iterdir()):
                continue
            # A second pack keeps what the first dropped.
            listed = results / "unchanged"
            unchanged = listed.read_text().split() if listed.exists() else []
            for k, path in case_inputs(line).items():
                result = results / f"arg{k}.bin"
                if result.exists() and \
                        result.read_bytes() == (root / path).read_bytes():
                    result.unlink()
                    unchanged.append(str(k))
                    dropped += 1
            kept += sum(1 for _ in results.glob("*.bin"))
            listed.write_text(" ".join(unchanged) + "\n")
    args.pack_to.mkdir(parents=True, exist_ok=True)
    part = written = 0
    raw = archive = None

    def close():
        archive.close()
        archive.fileobj.close()  # the gzip stream
        raw.close()

    for case_dir in sorted(p for p in (root / "results").glob("*/*")
                           if p.is_dir() and any(p.iterdir())):
        # The compressed size so far, give or take gzip's buffer.
        if archive is None or raw.tell() >= args.pack_bytes:
            if archive:
                close()
            part += 1
            raw = open(args.pack_to / f"fuzz-results-{part}.tgz", "wb")
            archive = tarfile.open(fileobj=gzip.GzipFile(fileobj=raw,
                                                         mode="wb"),
                                   mode="w")
        archive.add(case_dir, arcname=str(case_dir.relative_to(root)))
        written += 1
    if archive:
        close()
    print(f"fuzz: packed {written} cases into {part} files under "
          f"{args.pack_to} ({kept} results kept, {dropped} inputs unchanged)")


def import_results(args, kernels):
    """Compares results/<kernel>/<case>/ with the reference: one tile-check
    --cases run per kernel, each line naming its results (--compare). Every
    exported case must have results."""
    root = args.import_dir.resolve()  # tile-check runs from the export folder
    total = failed = missing = 0
    for name, path, kernel, _ in kernels:
        cases = root / f"{name}.cases"
        if not cases.exists():
            continue
        lines = []
        for i, line in enumerate(cases.read_text().splitlines()):
            results = root / "results" / name / str(i)
            # pack dropped the results equal to their input file.
            unchanged = results / "unchanged"
            if results.is_dir() and unchanged.exists():
                inputs = case_inputs(line)
                for k in unchanged.read_text().split():
                    shutil.copyfile(root / inputs[int(k)],
                                    results / f"arg{k}.bin")
            # A launch killed while writing leaves some buffers out; a
            # missing file would compare equal to the reference.
            buffers = [k for k, spec in enumerate(line.split()[3::2])
                       if spec.startswith("buf:")]
            if not all((results / f"arg{k}.bin").exists() for k in buffers):
                missing += 1
                continue
            lines.append(f"{line} --compare results/{name}/{i}")
        if not lines:
            continue
        compare = root / f"{name}.compare"
        compare.write_text("\n".join(lines) + "\n")
        proc = subprocess.run(
            [str(args.bin / "tile-check"), str(args.examples / path),
             "--kernel", kernel_name(args.examples / path, name),
             "--targets", "none", "--cases", str(compare), "--quiet"],
            capture_output=True, text=True, cwd=root)
        total += len(lines)
        for out in proc.stdout.splitlines():
            if out.startswith(("FAIL", "ERROR")):
                print(f"  {out}")
        if proc.returncode != 0:
            bad = sum(out.startswith(("FAIL", "ERROR"))
                      for out in proc.stdout.splitlines())
            failed += max(bad, 1)
            print(f"FAIL {name}: " + (proc.stdout.strip().splitlines() or
                                      [proc.stderr.strip()])[-1])
    print(f"fuzz: {total} imported cases, {failed} failed, {missing} without "
          "results")
    sys.exit(1 if failed or missing else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", type=pathlib.Path,
                        help="the compiler's bin folder (required except "
                             "with --precompiled and --pack)")
    parser.add_argument("--examples", type=pathlib.Path,
                        help="the examples folder (required except with "
                             "--pack)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases-per-kernel", type=int, default=10)
    parser.add_argument("--large", action="store_true",
                        help="larger extents, and offsets beyond 2^31")
    parser.add_argument("--targets", help="passed to tile-check --targets")
    parser.add_argument("-k", dest="only", help="one kernel")
    parser.add_argument("--keep", type=pathlib.Path,
                        help="write the inputs and case files here")
    parser.add_argument("--export", type=pathlib.Path, metavar="DIR",
                        help="instead of checking here, write DIR for a machine "
                             "with the device but no compiler: artifacts for "
                             "--target, the inputs, and run.sh, which runs "
                             "every case with tile-run and writes the results")
    parser.add_argument("--precompiled", type=pathlib.Path, metavar="ADIR",
                        help="with --export: copy ADIR/<kernel>.tile instead "
                             "of compiling (on a machine without the compiler)")
    parser.add_argument("--expect-digest", metavar="FILE",
                        help="with --export: fail unless the cases drawn have "
                             "the digest in FILE (the digest of an export made "
                             "elsewhere with the same seed)")
    parser.add_argument("--pack", type=pathlib.Path, metavar="DIR",
                        help="after DIR/run.sh: drop results equal to their "
                             "input and pack results/ into --pack-to")
    parser.add_argument("--pack-to", type=pathlib.Path, metavar="ODIR")
    parser.add_argument("--pack-bytes", type=int, default=14 << 20,
                        help="size at which --pack starts a new file")
    parser.add_argument("--target", default="nvidia",
                        help="the target --export compiles for")
    parser.add_argument("--device", default="cuda",
                        help="the tile-run --device that run.sh uses")
    parser.add_argument("--import", dest="import_dir", type=pathlib.Path,
                        metavar="DIR",
                        help="compare the results run.sh wrote in DIR with the "
                             "reference here (tile-check --compare)")
    parser.add_argument("--known", default="",
                        help="comma-separated kernels whose failures are an "
                             "open, recorded bug: reported as KNOWN, not "
                             "failing the run")
    args = parser.parse_args()
    if args.pack:
        if not args.pack_to:
            parser.error("--pack needs --pack-to")
        pack(args)
        return
    if not args.examples:
        parser.error("--examples is required")
    if not args.bin and not (args.export and args.precompiled):
        parser.error("--bin is required")
    args.examples = args.examples.resolve()
    if args.bin:
        args.bin = args.bin.resolve()

    if args.import_dir:
        kernels = [(name, path, kernel_name(args.examples / path, name), [])
                   for name, (path, _, _, _) in RECIPES.items()
                   if not args.only or args.only == name]
        import_results(args, kernels)
    work = args.export or args.keep or \
        pathlib.Path(tempfile.mkdtemp(prefix="tile-fuzz-"))
    work.mkdir(parents=True, exist_ok=True)
    root = work if args.export else None
    known = set(filter(None, args.known.split(",")))
    total = failed = errors = 0
    exported = []
    for name, (path, recipe, huge, nonfinite) in RECIPES.items():
        if args.only and args.only != name:
            continue
        # One generator per kernel, so that adding a kernel does not change
        # the cases of the others.
        rng = random.Random(f"{args.seed}:{name}")
        kernel_dir = work / "inputs" / name if args.export else work / name
        kernel_dir.mkdir(parents=True, exist_ok=True)
        lines = []
        for i in range(args.cases_per_kernel):
            values = Values(str(kernel_dir / f"c{i}"), rng, special=i % 2 == 1,
                            huge=huge, nonfinite=nonfinite, root=root)
            os.makedirs(values.work, exist_ok=True)
            grid, specs = recipe(rng, values, args.large)
            lines.append(" ".join(["--grid", ",".join(map(str, grid))] +
                                  [f"--arg {s}" for s in specs]))
        if args.large and name == "transpose_desc":
            case, why = offset_beyond_2_31(work)
            if case:
                grid, specs = case
                lines.append(" ".join(["--grid", ",".join(map(str, grid))] +
                                      [f"--arg {s}" for s in specs]))
            else:
                print(f"fuzz: {why}")
        # An absolute path: args.examples / source is the source itself.
        source = source_file(args.examples, path, name, work)
        if args.export:
            exported.append((name, source, kernel_name(source, name), lines))
            continue
        cases = kernel_dir / "cases.txt"
        cases.write_text("\n".join(lines) + "\n")
        cmd = [str(args.bin / "tile-check"), str(source),
               "--kernel", kernel_name(source, name),
               "--cases", str(cases), "--quiet"]
        if args.targets:
            cmd += ["--targets", args.targets]
        # A split loop is the kernel as written's, not its alternatives'.
        env = None
        if "split_k" in SCHEDULED.get(name, ("", ""))[1]:
            env = dict(os.environ, TILE_ALTERNATIVE="0")
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        summary = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() \
            else proc.stderr.strip()
        for line in proc.stdout.splitlines():
            if line.startswith(("FAIL", "ERROR")):
                print(f"  {line}")
        total += len(lines)
        verdict = "PASS"
        if proc.returncode == 1 and name in known:
            verdict = "KNOWN"
        elif proc.returncode == 1:
            verdict = "FAIL"
            failed += 1
        elif proc.returncode != 0:
            verdict = "ERROR"
            errors += 1
        print(f"{verdict} {name}: {summary}")
    if args.export:
        export(args, exported)
        if args.expect_digest:
            expected = pathlib.Path(args.expect_digest).read_text().strip()
            drawn = (args.export / "digest").read_text().strip()
            if drawn != expected:
                sys.exit(f"fuzz: the cases drawn here (digest {drawn}) are "
                         f"not the ones of {args.expect_digest} ({expected})")
            print(f"fuzz: digest {drawn} as expected")
        return
    print(f"fuzz: {total} cases, {failed} kernels with failures, "
          f"{errors} kernels with errors (seed {args.seed})")
    sys.exit(1 if failed or errors else 0)


if __name__ == "__main__":
    main()
