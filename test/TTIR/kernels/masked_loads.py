"""Masked loads: with a scalar `other` (a runtime f32), with a tensor
`other`, with no `other` (Triton leaves masked-off lanes undefined; tile
reads zero: the "none" output stores every lane, a probe), i1 loads from a
bool buffer with other=True, and a scalar load under a scalar mask. The
outputs hold every lane of every block, so masked-off lanes are visible."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, randn, run


@triton.jit
def masked_load_kernel(x_ptr, flags_ptr, with_scalar_ptr, with_tensor_ptr, none_ptr, flags_out_ptr, scalar_out_ptr,
                       n, fill, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    tl.store(with_scalar_ptr + idx, tl.load(x_ptr + idx, mask=inside, other=fill))
    every_third = (idx % 3 != 0) & inside
    tl.store(with_tensor_ptr + idx, tl.load(x_ptr + idx, mask=every_third, other=-idx.to(tl.float32)))
    tl.store(none_ptr + idx, tl.load(x_ptr + idx, mask=inside))
    f = tl.load(flags_ptr + idx, mask=inside, other=True)
    tl.store(flags_out_ptr + idx, f)
    s = tl.load(x_ptr + pid * 7, mask=pid * 7 < n, other=-1.0)
    tl.store(scalar_out_ptr + pid, s)


def _spec(name, n, block, fill, **kw):
    blocks = triton.cdiv(n, block)
    return dict(name=name, grid=(blocks,), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n, fill=fill), shapes=dict(x=(n,), flags=(n,)), dtypes=dict(x="float32", flags="bool"),
                outputs=["with_scalar", "with_tensor", "none", "flags_out", "scalar_out"], probe=["none"], **kw)


SPECS = [
    _spec("n1000_b256", 1000, 256, 3.5),
    _spec("n77_b64", 77, 64, -2.0),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    lanes = spec["grid"][0] * spec["constexprs"]["BLOCK"]
    return {"x": randn((n,), "float32", g), "flags": randint((n,), 0, 2, "int64", g).to(torch.bool),
            "with_scalar": torch.full((lanes,), 99.0), "with_tensor": torch.full((lanes,), 99.0),
            "none": torch.full((lanes,), 99.0), "flags_out": torch.zeros(lanes, dtype=torch.bool),
            "scalar_out": torch.full((spec["grid"][0],), 99.0)}


def reference(spec, t):
    s = spec["scalars"]
    n = s["n"]
    lanes = spec["grid"][0] * spec["constexprs"]["BLOCK"]
    idx = torch.arange(lanes)
    x = torch.zeros(lanes, dtype=torch.float64)
    x[:n] = t["x"].double()
    inside = idx < n
    fill = float(torch.tensor(s["fill"], dtype=torch.float32))
    flags = torch.ones(lanes, dtype=torch.bool)
    flags[:n] = t["flags"]
    pids = torch.arange(spec["grid"][0]) * 7
    scalar = torch.where(pids < n, x[pids.clamp(max=lanes - 1)], torch.tensor(-1.0, dtype=torch.float64))
    return {"with_scalar": torch.where(inside, x, fill),
            "with_tensor": torch.where((idx % 3 != 0) & inside, x, -idx.double()),
            "none": torch.where(inside, x, 0.0), "flags_out": flags, "scalar_out": scalar}


def launch(spec, t):
    s = spec["scalars"]
    run(masked_load_kernel, spec["grid"], t["x"], t["flags"], t["with_scalar"], t["with_tensor"], t["none"],
        t["flags_out"], t["scalar_out"], s["n"], s["fill"], **opts(spec))
