"""Helpers shared by the Triton kernels of test/TTIR/kernels (the convention
is in test/TTIR/README.md). Files whose name starts with `_` hold no kernels;
generate_corpus.py skips them.

Every kernel file launches its kernels through `run()`, so that the corpus
generator sees each launch: the JIT function, the grid, the arguments as
passed and the compiled kernel Triton returns."""

import math

import numpy as np
import torch

# Launches made through run(), in order; the generator clears and reads it.
RECORD = []
RECORDING = [True]
# "launch", or "record-only" for the generator's ttir-only entries (the
# launch is recorded and compiled to TTIR by the generator, not run).
MODE = ["launch"]


def run(kernel, grid, *args, **kwargs):
    """kernel[grid](*args, **kwargs), recorded. `grid` must be a tuple."""
    assert isinstance(grid, tuple), "grids of the corpus are tuples"
    compiled = kernel[grid](*args, **kwargs) if MODE[0] == "launch" else None
    if RECORDING[0]:
        RECORD.append({"fn": kernel, "grid": grid, "args": args,
                       "kwargs": dict(kwargs), "compiled": compiled})
    return compiled


def opts(spec, **extra):
    """The launch keywords of a spec: its constexprs, num_warps, num_stages
    and any other compile options (enable_fp_fusion, ...)."""
    kw = dict(spec.get("constexprs", {}))
    kw["num_warps"] = spec.get("num_warps", 4)
    kw["num_stages"] = spec.get("num_stages", 3)
    kw.update(spec.get("options", {}))
    kw.update(extra)
    return kw


_ALLOCATOR_SET = [False]


def ensure_allocator():
    """Kernels that build tensor descriptors on the device need a scratch
    allocator (triton.set_allocator); set one that hands out torch memory."""
    if _ALLOCATOR_SET[0]:
        return
    import triton

    def alloc(size, alignment, stream):
        return torch.empty(size, dtype=torch.int8, device="cuda")

    triton.set_allocator(alloc)
    _ALLOCATOR_SET[0] = True


# ---------------------------------------------------------------- inputs ---

DTYPES = {
    "float64": torch.float64, "float32": torch.float32,
    "float16": torch.float16, "bfloat16": torch.bfloat16,
    "float8_e4m3fn": torch.float8_e4m3fn, "float8_e5m2": torch.float8_e5m2,
    "int64": torch.int64, "int32": torch.int32, "int16": torch.int16,
    "int8": torch.int8, "uint8": torch.uint8, "bool": torch.bool,
}


def generator(seed):
    return torch.Generator().manual_seed(int(seed))


def randn(shape, dtype, gen, scale=1.0, shift=0.0):
    x = torch.randn(shape, generator=gen, dtype=torch.float64) * scale + shift
    return x.to(DTYPES[dtype] if isinstance(dtype, str) else dtype)


def uniform(shape, lo, hi, dtype, gen):
    x = torch.rand(shape, generator=gen, dtype=torch.float64) * (hi - lo) + lo
    return x.to(DTYPES[dtype] if isinstance(dtype, str) else dtype)


def randint(shape, lo, hi, dtype, gen):
    """Integers in [lo, hi)."""
    x = torch.randint(lo, hi, shape, generator=gen, dtype=torch.int64)
    return x.to(DTYPES[dtype] if isinstance(dtype, str) else dtype)


def full(shape, value, dtype):
    return torch.full(shape, value, dtype=DTYPES[dtype] if isinstance(dtype, str) else dtype)


def f64(t):
    return t.to(torch.float64)


# ----------------------------------------------------- exact references ---

MASK32 = np.uint64(0xFFFFFFFF)


def philox4x32(seed, c0, c1=0, c2=0, c3=0, rounds=10):
    """Philox 4x32 (Salmon et al., SC'11; Random123's philox4x32_10): key
    (seed low 32 bits, seed high 32 bits), counter (c0, c1, c2, c3); returns
    the four 32-bit output words as uint32 arrays. Written from the published
    algorithm (its round multipliers and Weyl key increments)."""
    c0 = np.asarray(c0, dtype=np.int64).astype(np.uint64) & MASK32
    shape = c0.shape
    c1 = np.broadcast_to(np.asarray(c1, dtype=np.int64).astype(np.uint64) & MASK32, shape)
    c2 = np.broadcast_to(np.asarray(c2, dtype=np.int64).astype(np.uint64) & MASK32, shape)
    c3 = np.broadcast_to(np.asarray(c3, dtype=np.int64).astype(np.uint64) & MASK32, shape)
    seed = int(seed) & 0xFFFFFFFFFFFFFFFF
    k0 = np.uint64(seed & 0xFFFFFFFF)
    k1 = np.uint64(seed >> 32)
    mul0, mul1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    weyl0, weyl1 = np.uint64(0x9E3779B9), np.uint64(0xBB67AE85)
    for _ in range(rounds):
        p0 = mul0 * c0          # < 2^64: exact in uint64
        p1 = mul1 * c2
        hi0, lo0 = p0 >> np.uint64(32), p0 & MASK32
        hi1, lo1 = p1 >> np.uint64(32), p1 & MASK32
        c0, c1, c2, c3 = hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
        k0 = (k0 + weyl0) & MASK32
        k1 = (k1 + weyl1) & MASK32
    return [np.asarray(c, dtype=np.uint64).astype(np.uint32) for c in (c0, c1, c2, c3)]


def uint32_to_unit_interval(bits):
    """Triton's map from 32 random bits to [0, 1): the bits read as a signed
    int32 v, folded to v' = v if v >= 0 else -v - 1 (so v' in [0, 2^31)),
    scaled by 2^-31. Float64, exact."""
    v = bits.astype(np.uint32).view(np.int32).astype(np.int64)
    v = np.where(v < 0, -v - 1, v)
    return torch.from_numpy(v.astype(np.float64) * 2.0 ** -31)


def as_int32(values):
    """Wrap int64 (tensor) values to the int32 range (two's complement)."""
    v = values.to(torch.int64) & 0xFFFFFFFF
    return torch.where(v >= 2 ** 31, v - 2 ** 32, v)


def round_to_format(x, man_bits, emin, max_finite, rounding="rtne",
                    saturate=True, has_inf=True):
    """Round float64 `x` to a binary format with `man_bits` stored mantissa
    bits, smallest normal exponent `emin` (subnormals below it) and largest
    finite magnitude `max_finite`. `saturate`: finite values beyond the range
    and infinities become +-max_finite (docs/Semantics.md section 7's rule
    for fp_to_fp to f8); otherwise overflow gives inf, or NaN when the format
    has no infinity. NaN stays NaN. Returns float64."""
    x = x.to(torch.float64)
    a = x.abs()
    finite = torch.isfinite(x)
    safe = torch.where(finite & (a > 0), a, torch.ones_like(a))
    two = torch.tensor(2.0, dtype=torch.float64)
    e = torch.floor(torch.log2(safe))
    # log2 can be off by one at binade edges: fix with an exact test.
    e = torch.where(torch.pow(two, e) > safe, e - 1, e)
    e = torch.where(torch.pow(two, e + 1) <= safe, e + 1, e)
    e = torch.clamp(e, min=emin)
    quantum = torch.pow(two, e - man_bits)   # exact powers of two
    q = safe / quantum                       # exact: a power-of-two scaling
    if rounding == "rtne":
        r = torch.round(q)                   # torch.round rounds half to even
    elif rounding == "rtz":
        r = torch.floor(q)
    else:
        raise ValueError(rounding)
    mag = r * quantum
    over = mag > max_finite
    if saturate:
        mag = torch.where(over, torch.full_like(mag, max_finite), mag)
    else:
        big = torch.full_like(mag, math.inf if has_inf else math.nan)
        mag = torch.where(over, big, mag)
    mag = torch.where(a == 0, torch.zeros_like(mag), mag)
    out = torch.copysign(mag, x)
    inf_value = max_finite if saturate else (math.inf if has_inf else math.nan)
    out = torch.where(torch.isinf(x), torch.copysign(torch.full_like(out, inf_value), x), out)
    out = torch.where(torch.isnan(x), torch.full_like(out, math.nan), out)
    return out


# Formats: (stored mantissa bits, smallest normal exponent, largest finite).
E4M3FN = (3, -6, 448.0)
E5M2 = (2, -14, 57344.0)
F16 = (10, -14, 65504.0)
BF16 = (7, -126, float.fromhex("0x1.fep127"))
F32 = (23, -126, float.fromhex("0x1.fffffep127"))


def dot_bound(a, b, per_product, acc_eps, out_eps=0.0):
    """A per-element tolerance for c = a @ b computed in float64 from the
    inputs: (K * acc_eps + per_product) * sum_k |a_ik||b_kj| plus half an ulp
    of the output type (out_eps * |c|), in the spirit of docs/Semantics.md
    section 10's dot bound. a: [..., M, K], b: [..., K, N] (float64)."""
    k = a.shape[-1]
    mag = a.abs() @ b.abs()
    exact = a @ b
    return (k * acc_eps + per_product) * mag + out_eps * exact.abs() + 1e-30
