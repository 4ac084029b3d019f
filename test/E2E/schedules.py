"""Grid schedules (docs/Semantics.md section 1.1) and loop splits (section
1.3) injected into an example's kernel, for the end-to-end suite's scheduled cases, the fuzzer and
scripts/build-variants.sh, and where a kernel's signature ends (for the
mutation tool); no NumPy, so that the compile side needs none."""

import re


def signature_end(source, start):
    """For the `tile.func` at `start`: the index just after its arguments'
    closing parenthesis, and that of the first brace after it (its
    attribute dictionary's, or its body's)."""
    depth, i = 0, source.index("(", start)
    while True:
        depth += {"(": 1, ")": -1}.get(source[i], 0)
        i += 1
        if depth == 0:
            return i, source.index("{", i)


def with_schedule(source, kernel, schedule):
    """`source` with `tile.schedule = #tile.schedule<schedule>` among the
    attributes of `tile.func @kernel` (added where it has none, in place of
    the kernel's own schedule where it has one). A field `split_k = N` of
    `schedule` instead marks the kernel's first loop `tile.split_k = N`."""
    fields = [f.strip() for f in schedule.split(",")]
    splits = [f for f in fields if f.startswith("split_k")]
    if splits:
        source = with_split(source, kernel, int(splits[0].split("=")[1]))
        schedule = ", ".join(f for f in fields if f not in splits)
        if not schedule:
            return source
    i, brace = signature_end(source, source.index(f"tile.func @{kernel}("))
    entry = f"tile.schedule = #tile.schedule<{schedule}>"
    if "attributes" not in source[i:brace]:
        return source[:brace] + "attributes {" + entry + "} " + source[brace:]
    # The kernel's own schedule, if it has one, gives way.
    end = source.index("}", brace)
    own = re.search(r"tile\.schedule = #tile\.schedule<[^>]*>",
                    source[brace:end])
    if own:
        return (source[:brace + own.start()] + entry +
                source[brace + own.end():])
    return source[:brace + 1] + entry + ", " + source[brace + 1:]


def with_split(source, kernel, splits):
    """`source` with the first loop directly in the body of `tile.func
    @kernel` (a line `  [%r = ]scf.for`) marked `tile.split_k = splits`."""
    start = source.index(f"tile.func @{kernel}(")
    loop = re.compile(r"\n  (%[^=\n]*= )?scf\.for ").search(source, start)
    end = source.find("\ntile.func", start + 1)
    if not loop or (end != -1 and loop.start() > end):
        raise SystemExit(f"@{kernel} has no loop directly in its body")
    depth, i = 0, source.index("{", loop.end())
    while True:
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        i += 1
        if depth == 0:
            break
    return source[:i] + f" {{tile.split_k = {splits} : i32}}" + source[i:]
