//===- TileOps.td - Tile dialect operations ---------------------*- tablegen -*-===//
//
// Kernels, the program grid and the ops that build and reshape tiles. Memory
// ops are in TileMemoryOps.td, computation in TileComputeOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_OPS_TD
#define TILE_OPS_TD

include "tile/Dialect/IR/TileBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def Tile_FuncOp : Tile_Op<"func", [
    AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "a tile kernel";
  let description = [{
    A kernel run once per program of a 1-3-D grid. Arguments are scalars
    (integers, floats) and pointers, passed by value; a kernel returns nothing.
    Argument attributes give hints the compiler may rely on:
    `tile.divisibility = N` (a power of two dividing the integer value, or the
    address in bytes of a pointer) and `tile.noalias`. `num_warps` and
    `num_stages` tune GPU targets and are ignored elsewhere.

    ```mlir
    tile.func @copy(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                    %dst: !tile.ptr<f32>, %n: i32) {
      tile.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<I32Attr>:$num_warps,
                       OptionalAttr<I32Attr>:$num_stages);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "StringRef":$name, "FunctionType":$type)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ArrayRef<Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ArrayRef<Type> getResultTypes() { return getFunctionType().getResults(); }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tile_ReturnOp : Tile_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                       Terminator]> {
  let summary = "ends a program";
  let description = [{
    Ends the program. A kernel has no results.

    ```mlir
    tile.return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// The program grid
//===----------------------------------------------------------------------===//

def Tile_ProgramIdOp : Tile_Op<"program_id", [Pure]> {
  let summary = "index of this program along one grid axis";
  let description = [{
    ```mlir
    %pid = tile.program_id x
    ```
  }];
  let arguments = (ins Tile_ProgramAxisAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

def Tile_NumProgramsOp : Tile_Op<"num_programs", [Pure]> {
  let summary = "number of programs along one grid axis";
  let description = [{
    ```mlir
    %n = tile.num_programs y
    ```
  }];
  let arguments = (ins Tile_ProgramAxisAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

//===----------------------------------------------------------------------===//
// Building and reshaping tiles
//===----------------------------------------------------------------------===//

def Tile_RangeOp : Tile_Op<"range", [Pure]> {
  let summary = "the integers start, start+1, ..., end-1 as a 1-D tile";
  let description = [{
    ```mlir
    %r = tile.range 0 to 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs StaticShapeTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure,
    TypesMatchWith<"the scalar's type is the tile's element type", "result",
                   "src", "::llvm::cast<ShapedType>($_self).getElementType()">]> {
  let summary = "a tile with every element equal to a scalar";
  let description = [{
    ```mlir
    %t = tile.splat %x : tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
  let hasFolder = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "repeats a tile along its dimensions of size 1";
  let description = [{
    Source and result have the same rank; each source dimension is either the
    result's or 1.

    ```mlir
    %b = tile.broadcast %t : tensor<1x128xf32> -> tensor<64x128xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "inserts a dimension of size 1";
  let description = [{
    ```mlir
    %e = tile.expand_dims %t, 0 : tensor<128xf32> -> tensor<1x128xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src, I32Attr:$axis);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src `,` $axis attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "the same elements in row-major order under another shape";
  let description = [{
    ```mlir
    %r = tile.reshape %t : tensor<4x32xf32> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_TransOp : Tile_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permutes the dimensions of a tile";
  let description = [{
    Result dimension `i` is source dimension `order[i]`.

    ```mlir
    %t = tile.trans %a, [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src `,` $order attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_CatOp : Tile_Op<"cat", [Pure, SameOperandsAndResultElementType,
                                 AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "concatenates two tiles of one type along an axis";
  let description = [{
    ```mlir
    %c = tile.cat %a, %b, 0 : tensor<32x8xf32> -> tensor<64x8xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$lhs, Tile_Tile:$rhs, I32Attr:$axis);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $axis attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_JoinOp : Tile_Op<"join", [Pure, SameOperandsAndResultElementType,
                                   AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "stacks two tiles along a new last dimension of size 2";
  let description = [{
    ```mlir
    %j = tile.join %a, %b : tensor<32xf32> -> tensor<32x2xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$lhs, Tile_Tile:$rhs);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_SplitOp : Tile_Op<"split", [Pure, SameOperandsAndResultElementType,
                                     AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "splits a tile along its last dimension, of size 2";
  let description = [{
    The inverse of `tile.join`.

    ```mlir
    %a, %b = tile.split %j : tensor<32x2xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src);
  let results = (outs Tile_Tile:$lhs, Tile_Tile:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

def Tile_GatherOp : Tile_Op<"gather", [Pure]> {
  let summary = "picks elements of a tile by index along one axis";
  let description = [{
    `result[i0, .., ik, ..] = src[i0, .., indices[i0, .., ik, ..], ..]` with
    `k = axis`. Indices and result have one shape, equal to the source's in
    every dimension but `axis`. An index outside `[0, src.shape[axis])` gives
    an unspecified value (docs/Semantics.md).

    ```mlir
    %g = tile.gather %src[%idx], 1 : tensor<4x8xf32>, tensor<4x16xi32> -> tensor<4x16xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src, Tile_IntTile:$indices, I32Attr:$axis);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` `,` $axis attr-dict `:` type($src) `,` type($indices)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

include "tile/Dialect/IR/TileMemoryOps.td"
include "tile/Dialect/IR/TileComputeOps.td"

#endif // TILE_OPS_TD
