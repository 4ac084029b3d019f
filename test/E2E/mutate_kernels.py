"""Mutation testing of the end-to-end suite: does it catch wrong kernels?

    mutate_kernels.py --bin build/bin --examples examples [--limit N]
                      [--seed S] [--jobs J] [-k KERNEL] [--list]

Applies a catalog of the bugs people write to the example kernels, one
mutation at a time: comparison predicates shifted by one (`slt` to `sle`,
`oge` to `ogt`, ...), masks dropped from loads and stores, one stride
argument used for another, float constants moved in the fourth digit,
integer constants off by one, min and max swapped, an add made a subtract,
a rounding mode changed, the identity of a max reduction changed, a loop
one step longer or starting one step late. Each
mutant that still compiles for the CPU (the others are "stillborn") runs
test/E2E/run_kernels.py on its kernel's cases (guard regions, input checks,
strided cases, references from the math); a failing or hanging run kills
it, and so does a failing run of the same cases compiled with
--bounds-check (reads past a buffer that no output shows). Mutants that
cannot change any output are listed in EQUIVALENT with the
reason, and leave the score: killed / (killed + survived).

--limit N checks a reproducible sample of N mutants, --id ID the named
ones (check-tile runs one of each class); --list prints the catalog's
mutants without running them. Exit status 1
when the score is below --min-score (default 0.95), 2 on misuse."""

import argparse
import concurrent.futures
import os
import pathlib
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run_kernels import CASES, SCHEDULED  # noqa: E402
from schedules import signature_end  # noqa: E402

SHIFTS = {"slt": "sle", "sle": "slt", "sgt": "sge", "sge": "sgt",
          "ult": "ule", "ule": "ult", "ugt": "uge", "uge": "ugt",
          "eq": "ne", "ne": "eq", "olt": "ole", "ole": "olt",
          "ogt": "oge", "oge": "ogt", "oeq": "one", "one": "oeq",
          "uno": "ord", "ord": "uno"}
SWAPS = {"maximumf": "minimumf", "minimumf": "maximumf",
         "maxnumf": "minnumf", "minnumf": "maxnumf",
         "maxsi": "minsi", "minsi": "maxsi", "maxui": "minui",
         "minui": "maxui"}


def float_constant(match):
    value = float(match.group(2))
    moved = value * 1.001 if value != 0 else 1e-3
    return f"{match.group(1)}{moved!r}"


def int_constant(match):
    return f"{match.group(1)}{int(match.group(2)) + 1}{match.group(3)}"


# (name, pattern, replacement): each match of the pattern in a kernel's
# body is one mutant.
CATALOG = [
    ("predicate", re.compile(r"(arith\.cmp[if] )(\w+)(?=,)"),
     lambda m: m.group(1) + SHIFTS.get(m.group(2), m.group(2))),
    ("min/max swapped", re.compile(r"(arith\.)(\w+)(?= )"),
     lambda m: m.group(1) + SWAPS.get(m.group(2), m.group(2))),
    ("add made subtract", re.compile(r"(arith\.)(addf|addi)\b"),
     lambda m: m.group(1) + {"addf": "subf", "addi": "subi"}[m.group(2)]),
    ("load mask dropped",
     re.compile(r"(tile\.load %[\w.#]+), %[\w.#]+(, %[\w.#]+)?(?= :)"),
     lambda m: m.group(1)),
    ("store mask dropped",
     re.compile(r"(tile\.store %[\w.#]+, %[\w.#]+), %[\w.#]+(?= :)"),
     lambda m: m.group(1)),
    ("float constant, 4th digit",
     re.compile(r"(arith\.constant (?:dense<)?)(-?\d+\.\d*(?:e[-+]?\d+)?)"),
     float_constant),
    ("integer constant off by one",
     re.compile(r"(arith\.constant (?:dense<)?)(-?\d+)(>? : (?:tensor<[\dx]+)?i(?:8|16|32|64)\b)"),
     int_constant),
    ("rounding mode", re.compile(r"(rounding = )(rtne)"),
     lambda m: m.group(1) + "rtz"),
    ("max identity", re.compile(r"(dense<)(0xFF800000)(>)"),
     lambda m: m.group(1) + "0.0" + m.group(3)),
]

# Mutants that no input can tell apart from the kernel, with the reason.
EQUIVALENT = {
    "bias_gelu_dropout.mlir:65:predicate:0":
        "u >= p against u > p: u is a multiple of 2^-24, so the two differ "
        "only when p is one too, on one element in 2^24",
    "bias_gelu_dropout.mlir:39:load mask dropped:0":
        "the bias is indexed by the column, always inside it; a masked "
        "lane's result is never stored",
    "cumsum.mlir:19:float constant, 4th digit:0":
        "the padding of the last lanes; a forward scan puts it after every "
        "stored prefix",
    "flash_attention.mlir:92:min/max swapped:0":
        "the causal loop's upper end past seq_len: the extra key blocks are "
        "masked to -inf and add nothing",
    "flash_attention.mlir:139:min/max swapped:0":
        "the row maximum subtracted before exp: softmax does not depend on "
        "the value subtracted, and the suite's scores keep exp finite",
    "flash_attention.mlir:102:max identity:0":
        "the running maximum's start: the first block's rescale multiplies "
        "the (zero) sum and accumulator, and softmax is shift-invariant",
    "flash_attention.mlir:103:float constant, 4th digit:0":
        "the running sum's start, multiplied by exp(-inf) = 0 in the first "
        "block",
    "flash_attention.mlir:104:float constant, 4th digit:0":
        "the scores' accumulator start: the same shift on a whole row of "
        "scores, which softmax removes",
    "flash_attention.mlir:105:float constant, 4th digit:0":
        "the output accumulator's start, multiplied by exp(-inf) = 0 in the "
        "first block",
    # flash_attention_desc: the same kernel through descriptors (rows past
    # seq_len read the descriptors' zero padding), the same equivalents, in
    # both of its kernels (head dimension 128 from line 66, 64 from 199).
    **{f"flash_attention_desc.mlir:{line + shift}:{kind}": why
       for shift in (0, 133)
       for line, kind, why in (
           (66, "min/max swapped:0",
            "the causal loop's upper end past seq_len: the extra key blocks "
            "are masked to -inf and add nothing"),
           (76, "max identity:0",
            "the running maximum's start: the first block's rescale "
            "multiplies the (zero) sum and accumulator, and softmax is "
            "shift-invariant"),
           (77, "float constant, 4th digit:0",
            "the running sum's start, multiplied by exp(-inf) = 0 in the "
            "first block"),
           (78, "float constant, 4th digit:0",
            "the scores' accumulator start: the same shift on a whole row "
            "of scores, which softmax removes"),
           (79, "float constant, 4th digit:0",
            "the output accumulator's start, multiplied by exp(-inf) = 0 in "
            "the first block"))},
    # paged_decode_merge's running sums start from 0 (line 41: acc; 42: den,
    # and m_ref while every split read is empty): the first chunk's rescale
    # multiplies them by 2^(-inf - m_ref) = 0, whatever they were.
    "paged_decode_merge.mlir:41:float constant, 4th digit:0":
        "the accumulator's start, multiplied by 2^-inf = 0 by the first "
        "chunk's rescale",
    "paged_decode_merge.mlir:42:float constant, 4th digit:0":
        "the denominator's start (multiplied by 2^-inf = 0 by the first "
        "chunk's rescale) and the reference while every split read is "
        "empty, whose weights and rescale are 2^-inf = 0 against any",
    "row_argmax.mlir:34:predicate:0":
        "ia < ib against ia <= ib: the two indices of a combination are "
        "different lanes, never equal",
    **{f"{loop}:loop end one step later":
       "one more block past the end, entirely masked: its loads give the "
       "padding (0, or -inf for attention's keys), which adds nothing"
       for loop in ("flash_attention.mlir:107",
                    "flash_attention_desc.mlir:81",
                    "flash_attention_desc.mlir:217", "layer_norm.mlir:90",
                    "layer_norm.mlir:109", "layer_norm.mlir:140",
                    "paged_decode_merge.mlir:48",
                    "matmul_bf16.mlir:85", "matmul_bf16_desc.mlir:57",
                    "matmul_bf16_desc.mlir:94", "matmul_bf16_desc.mlir:152",
                    "matmul_bf16_desc.mlir:210", "matmul_bf16_desc.mlir:390",
                    "matmul_f32.mlir:84",
                    "matmul_f32.mlir:190", "matmul_f32.mlir:298")},
    "layer_norm.mlir:41:integer constant off by one:0":
        "the row length at which the kernel leaves its one-pass path for the "
        "chunked one: both compute the same normalization",
    "layer_norm.mlir:42:predicate:0":
        "the same choice between two paths that compute the same function",
    "matmul_bf16.mlir:81:float constant, 4th digit:0":
        "A's padding along k meets B's zero padding there: products vanish",
    "matmul_bf16.mlir:82:float constant, 4th digit:0":
        "B's padding along k meets A's zero padding there: products vanish",
    # The kernel's and its 128x128 and 256x256 alternatives'.
    **{f"matmul_f32.mlir:{line}:float constant, 4th digit:0":
       f"{first}'s padding along k meets {second}'s zero padding there: "
       "products vanish"
       for line, first, second in ((80, "A", "B"), (81, "B", "A"),
                                   (186, "A", "B"), (187, "B", "A"),
                                   (294, "A", "B"), (295, "B", "A"))},
}


def stride_swaps(text):
    """One stride argument used for another in the first kernel: every
    pair of distinct arguments whose names say they are strides or leading
    dimensions."""
    start = text.find("tile.func")
    if start < 0:
        return
    # The body's brace: after the arguments' parentheses and the attribute
    # dictionary, if any.
    i, brace = signature_end(text, start)
    if "attributes" in text[i:brace]:
        brace = text.index("{", text.index("}", brace))
    body_at = brace + 1
    # The first kernel's body only: the kernels after it (alternatives)
    # declare the same names.
    body_end = text.find("\ntile.func", body_at)
    body_end = len(text) if body_end < 0 else body_end
    names = re.findall(r"%(\w*(?:stride|ld[abc])\w*):", text[start:body_at])
    for a in names:
        for b in names:
            if a == b:
                continue
            body = re.sub(rf"%{a}\b", f"%{b}", text[body_at:body_end])
            if body != text[body_at:body_end]:
                yield (f"stride %{a} used for %{b}",
                       text[:body_at] + body + text[body_end:])


LOOP = re.compile(r"scf\.for %[\w]+ = (%[\w]+) to (%[\w]+) step (%[\w]+)")


def loop_bounds(lines):
    """A loop one step longer, and one that starts a step late: a new
    `arith.addi` of the step (loops here count in i32) before the loop."""
    for number, line in enumerate(lines):
        match = LOOP.search(line)
        if not match or line.lstrip().startswith("//"):
            continue
        indent = line[:len(line) - len(line.lstrip())]
        for kind, group in (("loop end one step later", 2),
                            ("loop start one step later", 1)):
            bound, step = match.group(group), match.group(3)
            added = f"{indent}%mutant_bound = arith.addi {bound}, {step} : i32"
            start, end = match.span(group)
            new = line[:start] + "%mutant_bound" + line[end:]
            yield (number, kind, lines[:number] + [added, new] +
                   lines[number + 1:])


def cpu_less_lines(lines):
    """Numbers of the lines of functions the CPU leaves out (alternatives
    whose `tile.alternative_targets` does not name it): the suite runs on
    the CPU, where a mutant there changes nothing; scripts/h200.sh runs
    them on the GPU."""
    skipped, start = set(), None
    for number, line in enumerate(lines + ["tile.func"]):
        if line.startswith("tile.func"):
            if start is not None:
                head = "\n".join(lines[start:number])
                head = head[:head.find(" {\n")]
                if ("tile.alternative_targets" in head and
                        '"cpu"' not in head):
                    skipped.update(range(start, number))
            start = number
    return skipped


def mutants(examples, only):
    """(id, kernel case names, file name, mutated text) for every mutant."""
    by_file = {}
    for case, spec in CASES.items():
        # A scheduled case runs its example's cases again: no new kills.
        if case not in SCHEDULED:
            by_file.setdefault(spec[0], []).append(case)
    for name in sorted(by_file):
        cases = by_file[name]
        if only and only not in cases:
            continue
        text = (examples / name).read_text()
        lines = text.split("\n")
        skipped = cpu_less_lines(lines)
        for kind, pattern, replace in CATALOG:
            for number, line in enumerate(lines):
                if line.lstrip().startswith("//") or number in skipped:
                    continue
                for k, match in enumerate(pattern.finditer(line)):
                    new = line[:match.start()] + replace(match) + \
                        line[match.end():]
                    if new == line:
                        continue
                    mutated = lines[:number] + [new] + lines[number + 1:]
                    yield (f"{name}:{number + 1}:{kind}:{k}", cases, name,
                           "\n".join(mutated))
        for number, kind, mutated in loop_bounds(lines):
            if number in skipped:
                continue
            yield (f"{name}:{number + 1}:{kind}", cases, name,
                   "\n".join(mutated))
        for kind, mutated in stride_swaps(text):
            yield (f"{name}:args:{kind}", cases, name, mutated)


def run_group(command, timeout):
    """Runs `command` in a process group of its own; on a timeout the whole
    group (tile-run included) is killed and None returned."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def check(args, mutant):
    """'stillborn', 'killed' or 'survived', and why."""
    ident, cases, name, text = mutant
    work = pathlib.Path(tempfile.mkdtemp(prefix="tile-mutant-"))
    try:
        for f in args.examples.glob("*.mlir"):
            shutil.copy(f, work / f.name)
        (work / name).write_text(text)
        compiled = subprocess.run(
            [str(args.bin / "tile-compile"), str(work / name), "--target=cpu",
             "-o", str(work / "m.tile")], capture_output=True, text=True,
            timeout=300)
        if compiled.returncode != 0:
            return "stillborn", (compiled.stderr.strip().splitlines() or
                                 ["?"])[0]
        # The suite as CI runs it: plain, then compiled with --bounds-check
        # (an access past a buffer that no output shows).
        for mode in ([], ["--bounds-check"]):
            for case in cases:
                run = run_group(
                    [sys.executable, str(HERE / "run_kernels.py"), "--bin",
                     str(args.bin), "--examples", str(work), "-k", case] +
                    mode, args.timeout)
                if run is None:
                    return "killed", f"{case}: no result in {args.timeout} s"
                if run.returncode != 0:
                    failed = [l for l in run.stdout.splitlines()
                              if l.startswith(("FAIL", "ERROR"))]
                    return "killed", " ".join([case] + mode) + ": " + (
                        failed[0] if failed else "exit %d" % run.returncode)
        return "survived", "every case passed, bounds-checked too"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", type=pathlib.Path, required=True)
    parser.add_argument("--examples", type=pathlib.Path, required=True)
    parser.add_argument("--limit", type=int, help="a sample of N mutants")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=90,
                        help="seconds one kernel's cases may take")
    parser.add_argument("--min-score", type=float, default=0.95)
    parser.add_argument("-k", dest="only", help="one kernel case's file")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--id", dest="ids", action="append", default=[],
                        help="check only this mutant (as --list names it); "
                             "repeatable")
    args = parser.parse_args()
    if args.only and args.only not in CASES:
        parser.error(f"-k {args.only}: no such case")
    args.bin, args.examples = args.bin.resolve(), args.examples.resolve()

    catalog = list(mutants(args.examples, args.only))
    if args.list:
        for ident, *_ in catalog:
            print(ident)
        print(f"mutate: {len(catalog)} mutants")
        return
    if args.ids:
        known = {m[0] for m in catalog}
        unknown = [i for i in args.ids if i not in known]
        if unknown:
            parser.error(f"--id {unknown[0]}: no such mutant (see --list)")
        catalog = [m for m in catalog if m[0] in args.ids]
    if args.limit is not None:
        catalog = random.Random(args.seed).sample(
            catalog, min(args.limit, len(catalog)))
    counts = {"stillborn": 0, "killed": 0, "survived": 0, "equivalent": 0}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for mutant, (verdict, why) in zip(
                catalog, pool.map(lambda m: check(args, m), catalog)):
            ident = mutant[0]
            if verdict == "survived" and ident in EQUIVALENT:
                verdict, why = "equivalent", EQUIVALENT[ident]
            counts[verdict] += 1
            print(f"{verdict.upper()} {ident}: {why}", flush=True)
    scored = counts["killed"] + counts["survived"]
    score = counts["killed"] / scored if scored else 1.0
    print(f"mutate: {len(catalog)} mutants: {counts['killed']} killed, "
          f"{counts['survived']} survived, {counts['equivalent']} "
          f"equivalent, {counts['stillborn']} stillborn; score "
          f"{score:.3f} (at least {args.min_score})")
    sys.exit(0 if score >= args.min_score else 1)


if __name__ == "__main__":
    main()
