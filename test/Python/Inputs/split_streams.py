"""Kernels with a split loop (tile.split_k, docs/Semantics.md section 1.3)
through the runtime: the split alternatives of matmul_bf16_desc launched
five times each on one stream (the stream's workspace, which each launch
leaves with its counters zero) and three times each without a stream (the
device's pool), every result checked against a float64 product.

    split_streams.py BACKEND MATMUL_BF16_DESC_ARTIFACT [--small]

BACKEND is cpu or cuda; --small takes M, N, K = 17, 200, 300 (the CPU in
test/Python/runtime.test) instead of 64, 4096, 4096 (scripts/h200.sh)."""
import os
import sys

import numpy as np
import tile_runtime as tr

backend, artifact = sys.argv[1:3]
m, n, k = (17, 200, 300) if "--small" in sys.argv[3:] else (64, 4096, 4096)
dev = tr.Device(backend)
md = tr.Module(dev, artifact)["matmul_bf16_desc"]
rng = np.random.default_rng(7)


def bf16_bits(shape):
    """Random bf16 values as their bits, and as float64."""
    bits = (rng.standard_normal(shape, dtype=np.float32).view(np.uint32)
            >> 16).astype(np.uint16)
    return bits, (bits.astype(np.uint32) << 16).view(np.float32).astype(
        np.float64)


a_bits, a = bf16_bits((m, k))
b_bits, b = bf16_bits((k, n))
want = a @ b
# f32 accumulation in any order: K roundings of at most 2^-23 of the sum
# of the products' magnitudes.
bound = k * 2.0 ** -23 * (np.abs(a) @ np.abs(b))
split = [i for i, name in enumerate(md.alternatives) if "split" in name]
ins = [dev.from_numpy(v) for v in (a_bits, b_bits)]
stream = dev.stream()
outs = []
for alternative in split:
    os.environ["TILE_ALTERNATIVE"] = str(alternative)
    for _ in range(5):
        out = dev.from_numpy(np.full((m, n), np.nan, np.float32))
        md(None, *ins, out, m, n, k, k, n, n, stream=stream)
        outs.append(("on a stream", alternative, out))
stream.synchronize()
for alternative in split:
    os.environ["TILE_ALTERNATIVE"] = str(alternative)
    for _ in range(3):
        out = dev.from_numpy(np.full((m, n), np.nan, np.float32))
        md(None, *ins, out, m, n, k, k, n, n)
        outs.append(("without a stream", alternative, out))
del os.environ["TILE_ALTERNATIVE"]
failed = 0
for how, alternative, out in outs:
    got = out.to_numpy(np.float32, (m, n)).astype(np.float64)
    if not (np.abs(got - want) <= bound).all():
        failed += 1
        print(f"FAIL {md.alternatives[alternative]} {how}: largest error "
              f"{np.abs(got - want).max():.3g}")
for obj in ins + [o for _, _, o in outs] + [stream]:
    obj.close()
print(f"split loops on {backend}: {len(outs) - failed} launches match, "
      f"{failed} differ (alternatives {split}, M N K {m} {n} {k})")
sys.exit(1 if failed else 0)
