"""Grid schedules (docs/Semantics.md section 1.1) injected into an example's
kernel, for the end-to-end suite's scheduled cases and
scripts/build-variants.sh; no NumPy, so that the compile side needs none."""


def with_schedule(source, kernel, schedule):
    """`source` with `tile.schedule = #tile.schedule<schedule>` among the
    attributes of `tile.func @kernel` (added where it has none)."""
    start = source.index(f"tile.func @{kernel}(")
    depth, i = 0, source.index("(", start)
    while True:
        depth += {"(": 1, ")": -1}.get(source[i], 0)
        i += 1
        if depth == 0:
            break
    brace = source.index("{", i)
    entry = f"tile.schedule = #tile.schedule<{schedule}>"
    if "attributes" in source[i:brace]:
        return source[:brace + 1] + entry + ", " + source[brace + 1:]
    return source[:brace] + "attributes {" + entry + "} " + source[brace:]
