"""Grid schedules (docs/Semantics.md section 1.1) injected into an example's
kernel, for the end-to-end suite's scheduled cases, the fuzzer and
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
    the kernel's own schedule where it has one)."""
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
