"""Model parallelism inside PyTorch: one process per GPU (torchrun, NCCL),
each rank multiplying the activations by its column slice of the weights
with our matmul_bf16 kernel on PyTorch's current stream, then NCCL's
all-gather joining the slices. The runtime launches only; devices, streams
and collectives stay torch's.

    torchrun --nproc_per_node=N model_parallel.py --artifacts DIR
        [--m 4096] [--n 8192] [--k 8192]

Every rank checks the gathered product against torch's product of the full
weights, computed on rank 0 and broadcast."""

import argparse
import os
import pathlib

import torch
import torch.distributed as dist

import tile_runtime as tr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--artifacts", required=True)
    parser.add_argument("--m", type=int, default=4096)
    parser.add_argument("--n", type=int, default=8192)
    parser.add_argument("--k", type=int, default=8192)
    o = parser.parse_args()
    dist.init_process_group("nccl")
    rank, world = dist.get_rank(), dist.get_world_size()
    local = int(os.environ.get("LOCAL_RANK", rank))
    torch.cuda.set_device(local)
    if o.n % world or (o.n // world) % 256:
        raise SystemExit("n must split into slices of multiples of 256")
    slice_n = o.n // world

    # The same inputs on every rank: rank 0's, broadcast.
    torch.manual_seed(0)
    x = torch.randn(o.m, o.k, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(o.k, o.n, device="cuda", dtype=torch.bfloat16)
    dist.broadcast(x, 0)
    dist.broadcast(w, 0)
    w_slice = w[:, rank * slice_n:(rank + 1) * slice_n].contiguous()

    device = tr.Device("cuda", local)
    kernel = device.load(str(pathlib.Path(o.artifacts) /
                             "matmul_bf16.nvidia.tile"))["matmul_bf16"]
    y_slice = torch.empty(o.m, slice_n, device="cuda", dtype=torch.float32)
    grid = ((o.m + 127) // 128, (slice_n + 255) // 256)
    # Launched on torch's current stream: ordered after the broadcasts and
    # the copy above, and before the all-gather, with no synchronization.
    kernel(grid, x, w_slice, y_slice, o.m, slice_n, o.k, o.k, slice_n,
           slice_n)
    parts = [torch.empty_like(y_slice) for _ in range(world)]
    dist.all_gather(parts, y_slice)
    y = torch.cat(parts, dim=1)

    want = x.float() @ w.float() if rank == 0 else torch.empty_like(y)
    dist.broadcast(want, 0)
    ok = torch.allclose(y, want, atol=0.5, rtol=2e-2)
    worst = (y - want).abs().max().item()
    print("rank %d of %d (%s): %dx%d slice of a %dx%dx%d product, max |error| "
          "%.3g: %s" % (rank, world, device.info.name, o.m, slice_n, o.m,
                        o.n, o.k, worst, "PASS" if ok else "FAIL"), flush=True)
    device.close()
    dist.destroy_process_group()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
