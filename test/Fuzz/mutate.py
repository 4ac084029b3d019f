"""Fuzz smoke test of the parser, verifiers, folders and axis analysis.

Mutates the example kernels and the dialect tests (a fixed seed, a fixed
number of cases) and runs each mutant through tile-opt. Every mutant must be
either accepted or rejected with a located diagnostic and exit code 1; a
signal, an abort, a hang or an unlocated error fails the test."""

import argparse
import pathlib
import random
import re
import subprocess
import sys

TOKENS = [
    "tensor<0xf32>", "tensor<?xf32>", "i1", "f8E4M3FN", "!tile.ptr<f32>",
    "!tile.ptr<!tile.ptr<i8>>", "-1", "0", "2147483648", "4294967297",
    "[1, 0]", "[]", "axis = 7", "tile.yield", "tile.return", "%0", "{", "}",
    "(", ")", ",", ":", "->", "x", "reverse", "volatile", "rounding = rtz",
]
CRASH_MARKERS = ("PLEASE submit a bug report", "LLVM ERROR", "Assertion",
                 "Stack dump", "UNREACHABLE")


def mutate(text, rng):
    lines = text.splitlines()
    kind = rng.randrange(7)
    if kind == 0 and lines:  # drop a line
        del lines[rng.randrange(len(lines))]
    elif kind == 1 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines)), lines[i])
    elif kind == 2:  # replace a number
        numbers = list(re.finditer(r"\b\d+\b", text))
        if numbers:
            m = rng.choice(numbers)
            value = rng.choice(["0", "1", "3", "-1", "65536", "2147483647"])
            return text[:m.start()] + value + text[m.end():]
    elif kind == 3:  # replace a type
        types = list(re.finditer(r"\b(f32|f16|bf16|i32|i64|i1|i8)\b", text))
        if types:
            m = rng.choice(types)
            return text[:m.start()] + rng.choice(TOKENS) + text[m.end():]
    elif kind == 4:  # insert a token
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + " " + rng.choice(TOKENS) + " " + text[pos:]
    elif kind == 5:  # delete a span
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + text[pos + rng.randrange(1, 40):]
    else:  # swap two SSA names
        names = re.findall(r"%\w+", text)
        if len(names) >= 2:
            a, b = rng.sample(names, 2)
            return text.replace(a, "%__tmp").replace(b, a).replace("%__tmp", b)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tile-opt", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("inputs", nargs="+", type=pathlib.Path)
    args = parser.parse_args()

    sources = []
    for root in args.inputs:
        for path in sorted(root.glob("*.mlir")):
            # Split files into their cases so a mutant is one small module.
            for chunk in path.read_text().split("// -----"):
                chunk = "\n".join(l for l in chunk.splitlines()
                                  if not l.strip().startswith("//"))
                if "func" in chunk:
                    sources.append(chunk)
    rng = random.Random(args.seed)
    pipelines = [[], ["-canonicalize", "-tile-combine"],
                 ["-test-tile-axis-info"]]
    accepted = rejected = 0
    for case in range(args.cases):
        text = rng.choice(sources)
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        cmd = [args.tile_opt, "-", "-o", "/dev/null"] + rng.choice(pipelines)
        try:
            proc = subprocess.run(cmd, input=text, capture_output=True,
                                  text=True, timeout=20)
        except subprocess.TimeoutExpired:
            sys.exit(f"case {case}: tile-opt hung on:\n{text}")
        crashed = proc.returncode < 0 or proc.returncode > 1 or any(
            marker in proc.stderr for marker in CRASH_MARKERS)
        if crashed:
            sys.exit(f"case {case}: tile-opt exited with {proc.returncode}:\n"
                     f"{proc.stderr}\n--- input ---\n{text}")
        if proc.returncode == 1:
            if not re.search(r"<stdin>:\d+:\d+: error:", proc.stderr):
                sys.exit(f"case {case}: rejected without a located error:\n"
                         f"{proc.stderr}\n--- input ---\n{text}")
            rejected += 1
        else:
            accepted += 1
    print(f"fuzz: {args.cases} cases, {rejected} rejected with a diagnostic, "
          f"{accepted} accepted, 0 crashes")


if __name__ == "__main__":
    main()
