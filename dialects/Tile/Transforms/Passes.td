//===- Passes.td - Target-independent tile passes --------------*- tablegen -*-===//

#ifndef TILE_TRANSFORMS_PASSES_TD
#define TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileCombine : Pass<"tile-combine"> {
  let summary = "Combines tile ops into fewer, cheaper ones";
  let description = [{
    Takes tile IR and returns equivalent tile IR with fewer ops, for every
    target alike. Beyond the ops' canonicalizations it
    - folds an addition into the accumulator of a `tile.dot` whose
      accumulator is zero: `dot(a, b, 0) + c` becomes `dot(a, b, c)`;
    - folds `select(mask, load(p, mask), x)` into `load(p, mask, x)`;
    - turns `broadcast(expand_dims(splat x))` chains into one splat.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileInsertBoundsChecks : Pass<"tile-insert-bounds-checks"> {
  let summary = "Checks every access against its buffer's extent";
  let description = [{
    Takes tile IR and returns it with every kernel's memory accesses
    checked, for `tile-compile --bounds-check` (docs/Semantics.md section 1).
    Each kernel gets one `i64` argument more per pointer argument, after its
    own: the extent in bytes of the buffer that pointer starts, which the
    runtime passes (a kernel attribute `tile.bounds_checked` says how many).
    Before each `tile.load`, `tile.store`, `tile.atomic_rmw` and
    `tile.atomic_cas`, the byte offset of every active lane from the pointer
    argument its pointers were computed from must lie in `[0, extent -
    element size]`: otherwise the program prints the op, the first offending
    offset and its argument, and fails a `tile.assert` naming the op's
    location; lanes out of bounds are masked off, so the access itself never
    faults. The same is checked of each `tile.make_desc`'s last element. An
    access whose pointers come from no argument (an integer cast, a pointer
    loaded from memory) is left unchecked with a warning.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TILE_TRANSFORMS_PASSES_TD
