"""Integer division and shifts. On int32: // and % (Triton truncates toward
zero: arith.divsi / remsi, the remainder takes the dividend's sign), << and
>> (arithmetic on signed values), and on the same bits as uint32: >>
(logical), // and %, tl.umulhi (tt.mulhiui); tl.cdiv; and an int64 //.
The "defined" specs keep divisors non-zero, away from INT_MIN / -1, and
shifts below 32 (Triton's UB cases). The "ub_cases" spec feeds exactly those
cases; its outputs are probes whose reference is docs/Semantics.md 4
(x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0, shifts
>= 32 give 0 or the sign fill)."""

import numpy as np
import torch
import triton
import triton.language as tl

from _common import as_int32, generator, opts, randint, run


@triton.jit
def int_ops_kernel(a_ptr, b_ptr, s_ptr, q_ptr, r_ptr, shl_ptr, sar_ptr, shr_ptr, uq_ptr, ur_ptr, hi_ptr, cdiv_ptr,
                   q64_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    a = tl.load(a_ptr + idx, mask=inside, other=1)
    b = tl.load(b_ptr + idx, mask=inside, other=1)
    s = tl.load(s_ptr + idx, mask=inside, other=0)
    tl.store(q_ptr + idx, a // b, mask=inside)
    tl.store(r_ptr + idx, a % b, mask=inside)
    tl.store(shl_ptr + idx, a << s, mask=inside)
    tl.store(sar_ptr + idx, a >> s, mask=inside)
    ua = a.to(tl.uint32, bitcast=True)
    ub = b.to(tl.uint32, bitcast=True)
    us = s.to(tl.uint32, bitcast=True)
    tl.store(shr_ptr + idx, (ua >> us).to(tl.int32, bitcast=True), mask=inside)
    tl.store(uq_ptr + idx, (ua // ub).to(tl.int32, bitcast=True), mask=inside)
    tl.store(ur_ptr + idx, (ua % ub).to(tl.int32, bitcast=True), mask=inside)
    tl.store(hi_ptr + idx, tl.umulhi(ua, ub).to(tl.int32, bitcast=True), mask=inside)
    tl.store(cdiv_ptr + idx, tl.cdiv(tl.abs(a) >> 2, tl.abs(b) + 1), mask=inside)
    wide = a.to(tl.int64) * 3037000493
    tl.store(q64_ptr + idx, wide // b.to(tl.int64), mask=inside)


OUTS = ["q", "r", "shl", "sar", "shr", "uq", "ur", "hi", "cdiv", "q64"]


def _spec(name, n, block, ub=False, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n), ub=ub, shapes=dict(a=(n,), b=(n,), s=(n,)),
                dtypes=dict(a="int32", b="int32", s="int32"), outputs=OUTS,
                probe=["q", "r", "shl", "sar", "shr", "uq", "ur", "q64", "cdiv"] if ub else [], **kw)


SPECS = [
    _spec("defined_n2000", 2000, 512),
    _spec("defined_n100", 100, 128),
    _spec("ub_cases_n64", 64, 64, ub=True),
]

INT_MIN = -2 ** 31


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    a = randint((n,), INT_MIN + 1, 2 ** 31, "int64", g)
    a[:8] = torch.tensor([0, 1, -1, 7, -7, 2 ** 31 - 1, INT_MIN + 1, 100])
    b = randint((n,), -70000, 70000, "int64", g)
    b[b == 0] = 3
    b[:8] = torch.tensor([5, -5, 3, -3, 2, 1, -1, -7])
    s = randint((n,), 0, 32, "int64", g)
    if spec["ub"]:
        a[:16] = torch.tensor([5, -5, 0, INT_MIN, INT_MIN, 7, -7, INT_MIN, 1, -1, 3, -3, 0, 2 ** 31 - 1, INT_MIN, 9])
        b[:16] = torch.tensor([0, 0, 0, 0, -1, 0, 0, -1, 0, 0, 2, 2, 1, 0, 1, 1])
        s[:16] = torch.tensor([32, 33, 40, 255, 32, 64, 31, 0, 100, 32, 32, 36, 2 ** 31 - 1, 32, 33, 1000])
    t = {"a": a.to(torch.int32), "b": b.to(torch.int32), "s": s.to(torch.int32)}
    for o in OUTS:
        t[o] = torch.zeros(n, dtype=torch.int64 if o == "q64" else torch.int32)
    return t


def _trunc_div(x, y):
    """Truncating division with docs/Semantics.md 4's values where the divisor is 0."""
    safe = torch.where(y == 0, torch.ones_like(y), y)
    q = torch.div(x, safe, rounding_mode="trunc")
    return torch.where(y == 0, torch.full_like(x, -1), q)


def _trunc_rem(x, y):
    safe = torch.where(y == 0, torch.ones_like(y), y)
    return torch.where(y == 0, x, torch.fmod(x, safe))


def reference(spec, t):
    a, b, s = (t[k].to(torch.int64) for k in "abs")
    ua, ub, us = a & 0xFFFFFFFF, b & 0xFFFFFFFF, s & 0xFFFFFFFF
    q = as_int32(_trunc_div(a, b))                 # INT_MIN / -1 wraps to INT_MIN
    r = _trunc_rem(a, b)
    big = us >= 32
    shl = torch.where(big, torch.zeros_like(a), as_int32((ua << us.clamp(max=31)) & 0xFFFFFFFF))
    sar = torch.where(big, torch.where(a < 0, -1, 0), a >> us.clamp(max=31))
    shr = torch.where(big, torch.zeros_like(a), ua >> us.clamp(max=31))
    uq = torch.where(ub == 0, torch.full_like(ua, 0xFFFFFFFF), ua // torch.where(ub == 0, 1, ub))
    ur = torch.where(ub == 0, ua, ua % torch.where(ub == 0, 1, ub))
    hi = torch.from_numpy(((ua.numpy().astype(np.uint64) * ub.numpy().astype(np.uint64)) >> np.uint64(32))
                          .astype(np.int64))
    cdiv = ((a.abs() >> 2) + b.abs()) // (b.abs() + 1)    # ceil((|a| >> 2) / (|b| + 1))
    q64 = _trunc_div(a * 3037000493, b)
    return {"q": q, "r": r, "shl": shl, "sar": sar, "shr": as_int32(shr), "uq": as_int32(uq), "ur": as_int32(ur),
            "hi": as_int32(hi), "cdiv": cdiv, "q64": q64}


def launch(spec, t):
    run(int_ops_kernel, spec["grid"], *[t[k] for k in ["a", "b", "s"] + OUTS], spec["scalars"]["n"], **opts(spec))
