"""Grid schedules (docs/Semantics.md section 1.1) injected into an example's
kernel, for the end-to-end suite's scheduled cases and
scripts/build-variants.sh; no NumPy, so that the compile side needs none."""

import re


def with_schedule(source, kernel, schedule):
    """`source` with `tile.schedule = #tile.schedule<schedule>` among the
    attributes of `tile.func @kernel` (added where it has none, in place of
    the kernel's own schedule where it has one)."""
    start = source.index(f"tile.func @{kernel}(")
    depth, i = 0, source.index("(", start)
    while True:
        depth += {"(": 1, ")": -1}.get(source[i], 0)
        i += 1
        if depth == 0:
            break
    brace = source.index("{", i)
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
