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

#endif // TILE_TRANSFORMS_PASSES_TD
