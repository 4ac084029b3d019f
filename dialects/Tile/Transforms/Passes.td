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

def TileSplitLoops : Pass<"tile-split-loops"> {
  let summary = "Shares a kernel's sum loop (tile.split_k) among programs";
  let description = [{
    Takes tile IR and returns it with each kernel's loop marked
    `tile.split_k = S` (docs/Semantics.md section 1.3) split over S
    programs, the same for every target: the pass before
    `tile-apply-schedule`. The kernel is launched with S times as many
    programs along z; program `z * S + s` runs the s-th of S contiguous runs
    of the loop's iterations, its sums starting from zero (the first split
    from the loop's own initial values). It writes its partial sums to the
    workspace the runtime passes in the kernel's new trailing arguments
    (after any buffer extents: a `!tile.ptr<i32>` of arrival counters, one
    per program of the grid as written, then one region per carried value),
    and adds one to its program's counter with an `acq_rel` atomic. The
    program that arrives last resets the counter, adds the S partial sums
    in split order and runs the rest of the kernel with them. What runs
    before the loop and the loop itself may only read memory (prints and
    asserts aside); every value the loop carries must be a sum (`tile.dot`
    into it, or integer `addi` with it: an `addf` is exact and may not be
    reordered) or a pointer advanced by a loop-invariant step that nothing
    after the loop uses (each split starts it further on), otherwise the
    pass fails with a diagnostic. `tile.split_k = 1`
    is dropped. `tile.alternative_of` marks between a split kernel and
    another are dropped, as tile-apply-schedule drops them.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileApplySchedule : Pass<"tile-apply-schedule"> {
  let summary = "Walks each kernel's grid as its #tile.schedule says";
  let description = [{
    Takes tile IR and returns it with each kernel's `tile.schedule`
    (docs/Semantics.md section 1.1) made explicit in its code, the same for
    every target: the first pass of the CPU pipeline and of the GPU
    targets' shared one (after `tile-insert-bounds-checks` where a kernel
    is compiled checked).
    - `grouped = G`: `tile.program_id x` and `y` become the program that the
      launch slot `x + num_programs(x) * y` runs in grouped order.
    - `persistent`: the kernel gets three `i32` arguments more, after all
      others: the grid's extents, which the runtime passes while it launches
      only as many programs as the device runs at once (docs/Runtime.md).
      The body becomes a loop over the grid's programs, from the launched
      program's index in steps of the launched count, in launch order
      (grouped if asked); `tile.program_id` and `tile.num_programs` name the
      grid's program, and what does not depend on it is computed once,
      before the loop.
    The CPU's `cpu` and `chunk` fields stay for its grid lowering. A kernel
    whose schedule is applied keeps only those (the pass is idempotent).
    `tile.alternative_of` marks between a persistent kernel and another are
    dropped: their signatures now differ (the targets take alternatives
    apart before this pass runs).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileVersionSigns : Pass<"tile-version-signs"> {
  let summary = "Versions a kernel on the signs its divisions' runs need";
  let description = [{
    Takes tile IR and returns equivalent tile IR, for every target alike.
    A signed division or remainder of a tile by a constant or a uniform
    divisor keeps runs of equal quotients and consecutive remainders (what
    vector and coalesced accesses need) only where its dividends are
    non-negative: they truncate towards zero. When the dividends are
    non-negative provided some `i32`/`i64` scalars computed at the top of a
    kernel (or its arguments) are, as `(pid_n * BLOCK + range) % n` is
    provided `pid_n * BLOCK` is, the kernel's code after the last of those
    scalars is put under `scf.if` on all of them being `>= 0`: the first
    branch sees each as `maxsi(x, 0)` (equal there), which the axis
    analysis proves non-negative; the second is the code as it was, for
    launches where one is negative. A kernel is versioned at most once.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TILE_TRANSFORMS_PASSES_TD
