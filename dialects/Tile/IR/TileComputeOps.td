//===- TileComputeOps.td - dot, reductions, conversions, random -*- tablegen -*-===//
//
// Computation that `arith` and `math` do not already express on tiles: matrix
// products, reductions and scans with a combiner region, float conversions
// with explicit rounding, counter-based random numbers, and debugging.
// Included by TileOps.td.
//
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "matrix product with accumulation: a x b + acc";
  let description = [{
    `a` is MxK, `b` is KxN, `acc` and the result MxN (a leading batch
    dimension is allowed on all four). Inputs are f16, bf16, f32, f8 (e4m3fn,
    e5m2) with a float accumulator, or i8 with an i32 accumulator.
    `input_precision` says whether f32 inputs may be rounded: `ieee` (no),
    `tf32` (to tf32), `tf32x3` / `bf16x3` (split in three parts).

    ```mlir
    %c = tile.dot %a, %b, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$a, Tile_Tile:$b, Tile_Tile:$acc,
                       DefaultValuedAttr<Tile_InputPrecisionAttr,
                                         "InputPrecision::ieee">:$input_precision);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`input_precision` `=` $input_precision^)? attr-dict `:`
    type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "reduces tiles along one axis with a combiner region";
  let description = [{
    Reduces N tiles of one shape together along `axis`. The combiner takes 2N
    scalars (the N accumulated values, then the N new ones) and yields N. The
    results drop `axis` (a 1-D input reduces to scalars). The combiner must be
    associative and commutative; the order of combination is defined in
    docs/Semantics.md.

    ```mlir
    %s = tile.reduce(%x) axis = 1 : tensor<64x128xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %0 = arith.addf %a, %b : f32
      tile.yield %0 : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_Tile>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Tile_Value>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis attr-dict `:` type($srcs) `->` type($results)
    $combiner
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_ScanOp : Tile_Op<"scan", [Pure, SameOperandsAndResultShape]> {
  let summary = "inclusive prefix scan along one axis with a combiner region";
  let description = [{
    `result[.., i, ..] = combine(result[.., i-1, ..], src[.., i, ..])` along
    `axis`, from the end when `reverse` is set: the elements already
    scanned are always the combiner's first operands. The combiner must be
    pure and associative (unlike `tile.reduce`'s, it need not commute;
    docs/Semantics.md 3.8); the results have the inputs' shapes.

    ```mlir
    %c = tile.scan(%x) axis = 0 : tensor<256xi32> -> tensor<256xi32> {
    ^bb0(%a: i32, %b: i32):
      %0 = arith.addi %a, %b : i32
      tile.yield %0 : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_Tile>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Tile_Tile>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:`
    type($srcs) `->` type($results) $combiner
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_YieldOp : Tile_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["ReduceOp", "ScanOp"]>]> {
  let summary = "yields the combined values of a reduce or scan combiner";
  let description = [{
    ```mlir
    tile.yield %0 : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure]> {
  let summary = "counts the occurrences of each bin index in a 1-D tile";
  let description = [{
    `result[b]` is the number of elements of `src` equal to `b`, for `b` in
    `[0, bins)`; values outside that range are not counted.

    ```mlir
    %h = tile.histogram %x : tensor<1024xi32> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins StaticShapeTensorOf<[I32, I64]>:$src);
  let results = (outs StaticShapeTensorOf<[I32, I64]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Conversions and special arithmetic
//===----------------------------------------------------------------------===//

def Tile_BitcastOp : Tile_Op<"bitcast", [Pure, SameOperandsAndResultShape]> {
  let summary = "reinterprets the bits of each element as another type";
  let description = [{
    Source and result element types have the same bit width, or are both
    pointers.

    ```mlir
    %i = tile.bitcast %f : tensor<128xf32> -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_Value:$src);
  let results = (outs Tile_Value:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_FpToFpOp : Tile_Op<"fp_to_fp", [Pure, SameOperandsAndResultShape]> {
  let summary = "converts floats between formats with an explicit rounding mode";
  let description = [{
    Narrowing conversions name their rounding (`rtne` or `rtz`); widening ones
    are exact and take none. Conversions to f8 types saturate finite values to
    the largest finite magnitude; NaN stays NaN (docs/Semantics.md).

    ```mlir
    %q = tile.fp_to_fp %x, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$src,
                       OptionalAttr<Tile_RoundingModeAttr>:$rounding);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = [{
    $src (`,` `rounding` `=` $rounding^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_MulhiUIOp : Tile_Op<"mulhiui", [Pure, SameOperandsAndResultType]> {
  let summary = "high half of the unsigned product of two integers";
  let description = [{
    ```mlir
    %h = tile.mulhiui %a, %b : tensor<128xi32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I32, I64, StaticShapeTensorOf<[I32, I64]>]>:$lhs,
                       AnyTypeOf<[I32, I64, StaticShapeTensorOf<[I32, I64]>]>:$rhs);
  let results = (outs AnyTypeOf<[I32, I64, StaticShapeTensorOf<[I32, I64]>]>:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Tile_ClampFOp : Tile_Op<"clampf", [Pure, SameOperandsAndResultType]> {
  let summary = "clamps floats to [min, max]";
  let description = [{
    `minnum(maxnum(x, lo), hi)`: a NaN `x` gives `lo`, or NaN with
    `propagate_nan`.

    ```mlir
    %c = tile.clampf %x, %lo, %hi propagate_nan : tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$x, Tile_FloatLike:$min,
                       Tile_FloatLike:$max, UnitAttr:$propagate_nan);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max (`propagate_nan` $propagate_nan^)? attr-dict `:` type($result)
  }];
}

def Tile_PreciseSqrtOp : Tile_Op<"precise_sqrt", [Pure, SameOperandsAndResultType]> {
  let summary = "correctly rounded square root";
  let description = [{
    Unlike `math.sqrt`, whose error bound is in docs/Semantics.md, this is
    correctly rounded on every target.

    ```mlir
    %r = tile.precise_sqrt %x : tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$x);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($result)";
}

def Tile_PreciseDivFOp : Tile_Op<"precise_divf", [Pure, SameOperandsAndResultType]> {
  let summary = "correctly rounded division";
  let description = [{
    ```mlir
    %q = tile.precise_divf %x, %y : tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$x, Tile_FloatLike:$y);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

defvar I32OfOffsets =
  "::mlir::tile::getSameShape($_self, IntegerType::get($_self.getContext(), 32))";
def Tile_PhiloxOp : Tile_Op<"philox", [Pure,
    TypesMatchWith<"the results are i32 of the offsets' shape", "offset", "r0", I32OfOffsets>,
    TypesMatchWith<"the results are i32 of the offsets' shape", "offset", "r1", I32OfOffsets>,
    TypesMatchWith<"the results are i32 of the offsets' shape", "offset", "r2", I32OfOffsets>,
    TypesMatchWith<"the results are i32 of the offsets' shape", "offset", "r3", I32OfOffsets>]> {
  let summary = "Philox 4x32-10 counter-based random bits";
  let description = [{
    Runs Philox 4x32 with 10 rounds per element: the key is the seed (low,
    high 32 bits), the counter is (offset low 32 bits, offset high 32 bits, 0,
    0). The four 32-bit words of the output are the four results. Every target
    gives the same bits.

    ```mlir
    %r0, %r1, %r2, %r3 = tile.philox %seed, %offs : i64, tensor<128xi32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I32, I64]>:$seed,
                       AnyTypeOf<[I32, I64, StaticShapeTensorOf<[I32, I64]>]>:$offset);
  let results = (outs AnyTypeOf<[I32, StaticShapeTensorOf<[I32]>]>:$r0,
                      AnyTypeOf<[I32, StaticShapeTensorOf<[I32]>]>:$r1,
                      AnyTypeOf<[I32, StaticShapeTensorOf<[I32]>]>:$r2,
                      AnyTypeOf<[I32, StaticShapeTensorOf<[I32]>]>:$r3);
  let assemblyFormat = "$seed `,` $offset attr-dict `:` type($seed) `,` type($offset)";
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite<DefaultResource>]>,
                                     AttrSizedOperandSegments]> {
  let summary = "prints a message and values from every program";
  let description = [{
    Each program prints `prefix` followed by its program id and every element
    of each value, in hexadecimal when `hex` is set.

    ```mlir
    tile.print "x: " (%x : tensor<16xf32>)
    ```

    `program(%x, %y, %z)` names the ids to print instead of the running
    program's; tile-apply-schedule sets it to the grid program's ids, which
    a persistent or grouped kernel computes (docs/Semantics.md section 1.1).
  }];
  let arguments = (ins StrAttr:$prefix, UnitAttr:$hex,
      Variadic<Tile_Value>:$args, Variadic<I32>:$program);
  let assemblyFormat = [{
    $prefix (`hex` $hex^)? (`(` $args^ `:` type($args) `)`)?
    (`program` `(` $program^ `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "stops the kernel with a message when a condition is false";
  let description = [{
    When any element of `condition` is false, the kernel reports `message`
    with the failing program id and the launch fails.

    ```mlir
    tile.assert %ok, "index out of range" : tensor<128xi1>
    ```

    `program(%x, %y, %z)` names the ids to report, as for tile.print.
  }];
  let arguments = (ins Tile_BoolLike:$condition, StrAttr:$message,
      Variadic<I32>:$program);
  let assemblyFormat = [{
    $condition `,` $message (`program` `(` $program^ `)`)? attr-dict `:`
    type($condition)
  }];
  let hasVerifier = 1;
}
