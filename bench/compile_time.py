"""Compile-time benchmark: every example, cold and cached, for each target.

    python3 bench/compile_time.py --bin build/bin [--repeat 3]

For each example and target, tile-compile runs --repeat times without the
cache and --repeat times hitting a fresh cache (after one run that fills
it). Two figures per case, medians: the in-process time (MLIR's
--mlir-timing total: the pipeline and serialization, from after parsing to
the artifact; no process start-up) and the wall time of the whole process.
Prints a markdown table (milliseconds)."""

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGETS = ["cpu", "nvidia:sm_90a", "amd:gfx942"]
TOTAL = re.compile(r"Total Execution Time: ([0-9.]+) seconds")


def compile_once(tool, example, target, extra):
    start = time.perf_counter()
    proc = subprocess.run([tool, str(example), "--target=" + target,
                           "-o", "/dev/null", "--mlir-timing"] + extra,
                          capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1e3
    if proc.returncode != 0:
        sys.exit(f"{example.name} for {target} failed:\n{proc.stderr}")
    match = TOTAL.search(proc.stderr)
    if not match:
        sys.exit(f"no timing report for {example.name} ({target})")
    return float(match.group(1)) * 1e3, wall


def median_of(runs):
    return (statistics.median(r[0] for r in runs),
            statistics.median(r[1] for r in runs))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / "build" / "bin"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("-k", default="", help="only examples containing this")
    args = parser.parse_args()
    tool = str(pathlib.Path(args.bin) / "tile-compile")
    targets = args.targets.split(",")
    examples = sorted(p for p in (ROOT / "examples").glob("*.mlir")
                      if args.k in p.stem)
    if not examples:
        sys.exit(f"no example matches -k {args.k!r}")

    print("| kernel | " + " | ".join(
        f"{t} cold (in-process / wall) | {t} cached (in-process / wall)"
        for t in targets) + " |")
    print("|---" * (1 + 2 * len(targets)) + "|")
    worst = {t: (0.0, "") for t in targets}
    worst_cached = {t: 0.0 for t in targets}
    for example in examples:
        cells = []
        for target in targets:
            cold = median_of([compile_once(tool, example, target, ["--no-cache"])
                              for _ in range(args.repeat)])
            with tempfile.TemporaryDirectory() as cache:
                flag = ["--cache-dir=" + cache]
                compile_once(tool, example, target, flag)
                hit = median_of([compile_once(tool, example, target, flag)
                                 for _ in range(args.repeat)])
            cells.append(f"{cold[0]:.0f} / {cold[1]:.0f}")
            cells.append(f"{hit[0]:.1f} / {hit[1]:.0f}")
            if cold[0] > worst[target][0]:
                worst[target] = (cold[0], example.stem)
            worst_cached[target] = max(worst_cached[target], hit[0])
        print(f"| {example.stem} | " + " | ".join(cells) + " |")
    for target in targets:
        print(f"\n{target}: slowest cold compile {worst[target][0]:.0f} ms "
              f"({worst[target][1]}), slowest cached "
              f"{worst_cached[target]:.1f} ms (in-process)")


if __name__ == "__main__":
    main()
