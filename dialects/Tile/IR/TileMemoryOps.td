//===- TileMemoryOps.td - Pointers, loads, stores, atomics -----*- tablegen -*-===//
//
// Memory is reached through pointers (`!tile.ptr`) and tiles of them, with
// masks, or through descriptors of strided N-D arrays read and written in
// blocks. Included by TileOps.td.
//
//===----------------------------------------------------------------------===//

// The i1 tile (or i1 scalar) of the shape of a pointer tile (or pointer).
defvar MaskOfPtr = "::mlir::tile::getI1SameShape($_self)";
// The tile (or scalar) of the pointee type of a pointer tile (or pointer).
defvar PointeeOfPtr = "::mlir::tile::getPointeeTileType($_self)";

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advances pointers by a number of elements";
  let description = [{
    `result = ptr + offset * sizeof(pointee)`. The offset is an integer tile of
    the pointers' shape (or a scalar with a scalar pointer), signed.

    ```mlir
    %p = tile.addptr %base, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_IntToPtrOp : Tile_Op<"int_to_ptr", [Pure, SameOperandsAndResultShape]> {
  let summary = "reinterprets 64-bit integers as pointers";
  let description = [{
    ```mlir
    %p = tile.int_to_ptr %a : i64 -> !tile.ptr<f32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I64, StaticShapeTensorOf<[I64]>]>:$src);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def Tile_PtrToIntOp : Tile_Op<"ptr_to_int", [Pure, SameOperandsAndResultShape]> {
  let summary = "the addresses of pointers as 64-bit integers";
  let description = [{
    ```mlir
    %a = tile.ptr_to_int %p : !tile.ptr<f32> -> i64
    ```
  }];
  let arguments = (ins Tile_PtrLike:$src);
  let results = (outs AnyTypeOf<[I64, StaticShapeTensorOf<[I64]>]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def Tile_LoadOp : Tile_Op<"load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"the result is a tile of the pointers' pointee type", "ptr",
                   "result", PointeeOfPtr>,
    OptionalTypesMatchWith<"the mask is i1 of the pointers' shape", "ptr",
                           "mask", MaskOfPtr>,
    OptionalTypesMatchWith<"other is a tile of the pointers' pointee type",
                           "ptr", "other", PointeeOfPtr>]> {
  let summary = "reads memory through a tile of pointers";
  let description = [{
    Reads the element at each pointer whose mask lane is true. A masked-off
    lane reads no memory and yields `other`, or zero (all bits clear) when
    `other` is absent. Hints: `cache`, `evict`, and `volatile` (the load is
    neither removed nor merged).

    ```mlir
    %x = tile.load %ptrs, %mask, %other cache = cg : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Optional<Tile_BoolLike>:$mask,
                       Optional<Tile_Value>:$other,
                       OptionalAttr<Tile_CacheModifierAttr>:$cache,
                       OptionalAttr<Tile_EvictionPolicyAttr>:$evict,
                       UnitAttr:$isVolatile);
  let results = (outs Tile_Value:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? (`cache` `=` $cache^)?
    (`evict` `=` $evict^)? (`volatile` $isVolatile^)? attr-dict `:` type($ptr)
  }];
  let builders = [
    OpBuilder<(ins "Value":$ptr, CArg<"Value", "{}">:$mask,
                   CArg<"Value", "{}">:$other)>
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_StoreOp : Tile_Op<"store", [
    MemoryEffects<[MemWrite<DefaultResource>]>,
    TypesMatchWith<"the value is a tile of the pointers' pointee type", "ptr",
                   "value", PointeeOfPtr>,
    OptionalTypesMatchWith<"the mask is i1 of the pointers' shape", "ptr",
                           "mask", MaskOfPtr>]> {
  let summary = "writes memory through a tile of pointers";
  let description = [{
    Writes each lane whose mask is true; masked-off lanes touch no memory.
    When two lanes of one store name the same address, one of them wins.

    ```mlir
    tile.store %ptrs, %x, %mask : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_Value:$value,
                       Optional<Tile_BoolLike>:$mask,
                       OptionalAttr<Tile_CacheModifierAttr>:$cache,
                       OptionalAttr<Tile_EvictionPolicyAttr>:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? (`cache` `=` $cache^)? (`evict` `=` $evict^)?
    attr-dict `:` type($ptr)
  }];
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

def Tile_MakeDescOp : Tile_Op<"make_desc", [Pure, AttrSizedOperandSegments]> {
  let summary = "describes a strided N-D array for block loads and stores";
  let description = [{
    `shape` gives the array's extent per dimension, `strides` its strides in
    elements; the last stride must be 1. Blocks read outside the shape hold
    the padding value (zero unless `padding = nan`).

    ```mlir
    %d = tile.make_desc %base, [%m, %n], [%ld, %c1] : !tile.ptr<f16> -> !tile.desc<tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins Tile_Ptr:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       OptionalAttr<Tile_PaddingAttr>:$padding);
  let results = (outs Tile_Desc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` (`padding` `=` $padding^)?
    attr-dict `:` type($base) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DescLoadOp : Tile_Op<"desc_load", [
    MemoryEffects<[MemRead<DefaultResource>]>,
    TypesMatchWith<"the result is the descriptor's block", "desc", "result",
                   "::llvm::cast<::mlir::tile::TensorDescType>($_self).getBlockType()">]> {
  let summary = "reads one block of a described array";
  let description = [{
    Reads the block whose first element is at `offsets` (in elements, per
    dimension). Elements outside the array read the padding value.

    ```mlir
    %b = tile.desc_load %d[%i, %j] : !tile.desc<tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins Tile_Desc:$desc, Variadic<I32>:$offsets);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$desc `[` $offsets `]` attr-dict `:` type($desc)";
  let hasVerifier = 1;
}

def Tile_DescStoreOp : Tile_Op<"desc_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>,
    TypesMatchWith<"the value is the descriptor's block", "desc", "value",
                   "::llvm::cast<::mlir::tile::TensorDescType>($_self).getBlockType()">]> {
  let summary = "writes one block of a described array";
  let description = [{
    Writes the block whose first element is at `offsets`; elements outside the
    array are not written.

    ```mlir
    tile.desc_store %d[%i, %j], %b : !tile.desc<tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins Tile_Desc:$desc, Variadic<I32>:$offsets,
                       Tile_Tile:$value);
  let assemblyFormat = "$desc `[` $offsets `]` `,` $value attr-dict `:` type($desc)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
    TypesMatchWith<"the value is a tile of the pointers' pointee type", "ptr",
                   "val", PointeeOfPtr>,
    TypesMatchWith<"the result is a tile of the pointers' pointee type", "ptr",
                   "result", PointeeOfPtr>,
    OptionalTypesMatchWith<"the mask is i1 of the pointers' shape", "ptr",
                           "mask", MaskOfPtr>]> {
  let summary = "atomic read-modify-write through a tile of pointers";
  let description = [{
    For each unmasked lane, atomically replaces `*ptr` by `op(*ptr, val)` and
    returns the old value; masked-off lanes return zero and touch no memory.

    ```mlir
    %old = tile.atomic_rmw fadd, acq_rel, gpu %ptrs, %v, %mask : tensor<64x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_AtomicRMWKindAttr:$kind, Tile_MemoryOrderAttr:$order,
                       Tile_MemoryScopeAttr:$scope, Tile_PtrLike:$ptr,
                       Tile_NumericLike:$val, Optional<Tile_BoolLike>:$mask);
  let results = (outs Tile_NumericLike:$result);
  let assemblyFormat = [{
    $kind `,` $order `,` $scope $ptr `,` $val (`,` $mask^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
    TypesMatchWith<"the compared value is a tile of the pointee type", "ptr",
                   "cmp", PointeeOfPtr>,
    TypesMatchWith<"the new value is a tile of the pointee type", "ptr",
                   "val", PointeeOfPtr>,
    TypesMatchWith<"the result is a tile of the pointee type", "ptr",
                   "result", PointeeOfPtr>]> {
  let summary = "atomic compare-and-swap through a tile of pointers";
  let description = [{
    For each lane, atomically: `old = *ptr; if (old == cmp) *ptr = val;`
    returns `old`. Floats compare by their bits.

    ```mlir
    %old = tile.atomic_cas acq_rel, gpu %lock, %c0, %c1 : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins Tile_MemoryOrderAttr:$order, Tile_MemoryScopeAttr:$scope,
                       Tile_PtrLike:$ptr, Tile_NumericLike:$cmp,
                       Tile_NumericLike:$val);
  let results = (outs Tile_NumericLike:$result);
  let assemblyFormat = [{
    $order `,` $scope $ptr `,` $cmp `,` $val attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}
