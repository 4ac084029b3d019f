"""Small launches on several streams: the runtime's asynchronous path against
PyTorch's own kernels launched the same way, in one process on one GPU.

    streams_bench.py --artifact ARTIFACTS/rms_norm.nvidia.tile
        [--launches 1000] [--streams 4] [--rows 16] [--cols 4096]

Each row queues LAUNCHES RMSNorm launches of a ROWS x COLS bf16 matrix (each
launch its own input and output) round robin over STREAMS torch streams, then
waits for all of them; the time is the host's wall clock from the first
launch to the end of the wait, divided by the launches: what a launch costs
when the GPU work is small, the host's enqueue cost included. Median of 7
runs after a warm-up. Rows:

* torch: torch.nn.functional.rms_norm under `with torch.cuda.stream(s)`;
* ours, Buffers: our rms_norm kernel through tile_runtime (ctypes over
  libtile_runtime.so), its arguments tile_runtime.Buffers wrapped once, on
  `stream=s` (the torch stream, wrapped by the runtime once);
* ours, tensors: the same kernel given the torch tensors themselves under
  `with torch.cuda.stream(s)` and no stream argument: each launch wraps
  them through DLPack and goes on torch's current stream.

Every output of ours is checked against torch's. Prints microseconds per
launch and the ratio torch / ours (above 1: ours is faster)."""

import argparse
import statistics
import time

import torch

import tile_runtime as tr


def run(launch, count, streams):
    """Wall microseconds per launch of `count` launches round robin over
    `streams`, waiting for all of them."""
    torch.cuda.synchronize()
    start = time.perf_counter()
    for i in range(count):
        launch(i, streams[i % len(streams)])
    for s in streams:
        s.synchronize()
    return (time.perf_counter() - start) / count * 1e6


def median_of(launch, count, streams, repeats=7):
    run(launch, min(count, 50), streams)  # warm-up
    return statistics.median(run(launch, count, streams)
                             for _ in range(repeats))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--artifact", required=True)
    parser.add_argument("--launches", type=int, default=1000)
    parser.add_argument("--streams", type=int, default=4)
    parser.add_argument("--rows", type=int, default=16)
    parser.add_argument("--cols", type=int, default=4096)
    o = parser.parse_args()
    m, n, eps = o.rows, o.cols, 1e-6
    xs = [torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
          for _ in range(o.launches)]
    ys = [torch.empty_like(x) for x in xs]
    w = torch.rand(n, device="cuda", dtype=torch.bfloat16)
    streams = [torch.cuda.Stream() for _ in range(o.streams)]

    device = tr.Device("cuda", torch.cuda.current_device())
    kernel = tr.Module(device, o.artifact)["rms_norm"]
    bxs = [device.wrap(x) for x in xs]
    bys = [device.wrap(y) for y in ys]
    bw = device.wrap(w)

    touts = [None] * o.launches

    def torch_launch(i, s):
        with torch.cuda.stream(s):
            touts[i] = torch.nn.functional.rms_norm(xs[i], (n,), w, eps)

    def ours_buffers(i, s):
        kernel((m,), bxs[i], bw, bys[i], n, n, eps, stream=s)

    def ours_tensors(i, s):
        with torch.cuda.stream(s):
            kernel((m,), xs[i], w, ys[i], n, n, eps)

    print("device: %s; %d launches of rms_norm %dx%d bf16 over %d streams"
          % (device.info.name, o.launches, m, n, o.streams))
    reference = [torch.nn.functional.rms_norm(x, (n,), w, eps) for x in xs]
    torch.cuda.synchronize()
    anchor = median_of(torch_launch, o.launches, streams)
    print("%-40s %8.2f us/launch" % ("torch rms_norm", anchor))
    for name, launch in (("ours, Buffers, stream=s", ours_buffers),
                         ("ours, tensors, torch's current stream",
                          ours_tensors)):
        for y in ys:
            y.zero_()
        torch.cuda.synchronize()
        ours = median_of(launch, o.launches, streams)
        torch.cuda.synchronize()
        bad = sum(not torch.allclose(y.float(), r.float(), atol=2e-2,
                                     rtol=2e-2)
                  for y, r in zip(ys, reference))
        print("%-40s %8.2f us/launch  torch/ours %.2fx  %s"
              % (name, ours, anchor / ours,
                 "checked" if bad == 0 else "%d WRONG" % bad))
    for b in bxs + bys + [bw]:
        b.close()
    device.close()


if __name__ == "__main__":
    main()
