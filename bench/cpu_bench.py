"""CPU benchmark: the project's kernels and the hand-written anchors
(../shared/bench/cpu_anchors.cpp: g++ -O3 -march=native -fopenmp loops;
OpenBLAS sgemm at 2048^3 and 4096^3 from bench/sgemm_anchor.cpp, its
fastest kernels on this CPU) in one run, on the same sizes; prints a table
of ratios.

    python3 bench/cpu_bench.py --bin build/bin [--anchors PATH] [--repeat 9]

Every figure is a median of --repeat runs; only ratios within one run
count, since this machine's absolute speed varies by +-25% between runs.
sgemm, the most sensitive to that drift, runs in --rounds rounds, OpenBLAS
and ours back to back at each size in each round; its ratio is the median
of the rounds' ratios, printed with their range."""

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{proc.stderr}")
    return proc.stdout


def tile_rate(bin_dir, work, kernel_file, kernel, grid, args, amount, repeat,
              unit="bytes"):
    artifact = work / f"{kernel}.tile"
    if not artifact.exists():
        run([bin_dir / "tile-compile", ROOT / "examples" / kernel_file,
             "--target=cpu", "-o", artifact])
    cmd = [bin_dir / "tile-run", artifact, "--kernel", kernel, "--grid",
           ",".join(map(str, grid)), "--repeat", str(repeat), "--warmup", "1",
           f"--{unit}", str(amount)]
    for arg in args:
        cmd += ["--arg", arg]
    # A kernel with alternatives is tuned afresh by its first (warm-up)
    # launch, never from an earlier run's cache; the choice is printed.
    env = dict(os.environ, TILE_TUNE_CACHE="", TILE_LOG_LAUNCHES="1")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{proc.stderr}")
    out = proc.stdout
    for line in proc.stderr.splitlines():
        if line.startswith("tile: tune "):
            print(line)
    pattern = r"bandwidth: ([0-9.]+) GB/s" if unit == "bytes" else \
        r"throughput: ([0-9.]+) GFLOP/s"
    return float(re.search(pattern, out).group(1))


SGEMM_SIZES = (2048, 4096)


def openblas_rates(binary, sizes, core):
    """OpenBLAS sgemm GFLOP/s at `sizes` (bench/sgemm_anchor.cpp), with
    OPENBLAS_CORETYPE=core unless core is None."""
    env = dict(os.environ)
    if core:
        env["OPENBLAS_CORETYPE"] = core
    out = run([binary] + [str(size) for size in sizes], env=env)
    return {int(m.group(1)): float(m.group(2)) for m in re.finditer(
        r"^sgemm(\d+)_openblas_GFLOPs ([0-9.]+)$", out, re.M)}


def openblas_cores(work):
    """Builds bench/sgemm_anchor.cpp and picks, per size of SGEMM_SIZES, the
    faster of the core OpenBLAS's dynamic dispatch picks and, on a CPU with
    AVX-512, its AVX-512 kernels (OPENBLAS_CORETYPE=SkylakeX: a release
    older than the CPU falls back to its AVX2 Haswell kernels). Returns
    (binary, {size: core or None})."""
    binary = work / "sgemm_anchor"
    run(["g++", "-O3", "-march=native", ROOT / "bench" / "sgemm_anchor.cpp",
         "-o", binary, "-lopenblas"])
    cores = [None]
    if "avx512f" in pathlib.Path("/proc/cpuinfo").read_text():
        cores.append("SkylakeX")
    best, which = {}, {}
    for core in cores:
        for size, rate in openblas_rates(binary, SGEMM_SIZES, core).items():
            print(f"(anchor) OpenBLAS sgemm {size}^3, core "
                  f"{core or 'as dispatched'}: {rate:.1f} GFLOP/s")
            if rate > best.get(size, 0):
                best[size], which[size] = rate, core
    return binary, which


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=pathlib.Path, default=ROOT / "build/bin")
    parser.add_argument("--anchors", type=pathlib.Path,
                        default=ROOT.parent / "shared/bench/cpu_anchors.cpp")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=5,
                        help="sgemm rounds, OpenBLAS and ours in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        anchors = work / "cpu_anchors"
        run(["g++", "-O3", "-march=native", "-fopenmp", args.anchors, "-o",
             anchors, "-lopenblas"])
        anchor_out = run([anchors])
        anchor = {m.group(1): float(m.group(2))
                  for m in re.finditer(r"^(\S+) ([0-9.]+)$", anchor_out, re.M)}

        n = 1 << 25
        rows, cols = 8192, 4096
        f32 = lambda count, fill: f"buf:f32:{count}:{fill}"
        vadd = tile_rate(args.bin, work, "vector_add.mlir", "vector_add",
                         [n // 1024], [f32(n, "rand=1"), f32(n, "rand=2"),
                                       f32(n, "zero"), f"i32:{n}"],
                         12 * n, args.repeat)
        softmax = tile_rate(args.bin, work, "softmax.mlir", "softmax", [rows],
                            [f32(rows * cols, "rand=1"),
                             f32(rows * cols, "zero"), f"i32:{rows}",
                             f"i32:{cols}", f"i32:{cols}", f"i32:{cols}"],
                            8 * rows * cols, args.repeat)
        layer_norm = tile_rate(
            args.bin, work, "layer_norm.mlir", "layer_norm", [rows],
            [f32(rows * cols, "rand=1"), f32(rows * cols, "zero"),
             f32(cols, "rand=2"), f32(cols, "rand=3"), f32(rows, "zero"),
             f32(rows, "zero"), f"i32:{cols}", f"i32:{cols}", "f32:1e-5"],
            8 * rows * cols, args.repeat)
        blas_binary, blas_core = openblas_cores(work)
        # (ours, OpenBLAS) per round and size.
        sgemm_rounds = {size: [] for size in SGEMM_SIZES}
        for round_ in range(args.rounds):
            for size in SGEMM_SIZES:
                blas_rate = openblas_rates(blas_binary, [size],
                                           blas_core[size])[size]
                ours = tile_rate(
                    args.bin, work, "matmul_f32.mlir", "matmul_f32",
                    [size // 64, size // 64],
                    [f32(size * size, "rand=1"), f32(size * size, "rand=2"),
                     f32(size * size, "zero")] + [f"i32:{size}"] * 6,
                    2 * size ** 3, max(3, args.repeat // 3), unit="flops")
                print(f"(round {round_ + 1}) sgemm {size}^3: ours "
                      f"{ours:.1f}, OpenBLAS {blas_rate:.1f} GFLOP/s, "
                      f"{ours / blas_rate:.2f}x")
                sgemm_rounds[size].append((ours, blas_rate))

    threads = os.environ.get("OMP_NUM_THREADS", str(os.cpu_count()))
    print(f"threads: {threads}")
    print(f"{'kernel':<28}{'tile GB/s':>10}{'anchor':>24}{'anchor GB/s':>12}"
          f"{'ratio':>8}{'required':>10}")
    rows_ = [("vector add f32 2^25", vadd, "copy_omp_GBps", 0.9),
             ("softmax f32 8192x4096", softmax, "softmax_cpp_omp_GBps", 4.0),
             ("layer norm f32 8192x4096", layer_norm, "layernorm_cpp_omp_GBps",
              1.5)]
    for name, ours, key, required in rows_:
        ratio = ours / anchor[key]
        print(f"{name:<28}{ours:>10.1f}{key:>24}{anchor[key]:>12.1f}"
              f"{ratio:>8.2f}{required:>9.1f}x")
    for size in SGEMM_SIZES:
        name = f"sgemm f32 {size}^3 (GFLOP/s)"
        key = f"OpenBLAS {blas_core[size] or 'dispatched'}"
        pairs = sgemm_rounds[size]
        ratios = [ours / blas for ours, blas in pairs]
        ours = statistics.median(p[0] for p in pairs)
        blas = statistics.median(p[1] for p in pairs)
        print(f"{name:<28}{ours:>10.1f}{key:>24}{blas:>12.1f}"
              f"{statistics.median(ratios):>8.2f}"
              f"{0.9:>9.1f}x  (rounds {min(ratios):.2f}-{max(ratios):.2f})")
    for key in ("memcpy_GBps", "vadd_cpp_omp_GBps"):
        print(f"{'(anchor) ' + key:<28}{'':>10}{'':>24}{anchor[key]:>12.1f}")
    for key, value in anchor.items():
        if "gflops" in key.lower() or "sgemm" in key.lower():
            print(f"{'(anchor) ' + key:<28}{'':>10}{'':>24}{value:>12.1f}")


if __name__ == "__main__":
    main()
