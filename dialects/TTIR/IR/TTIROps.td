//===- TTIROps.td - Triton's tt ops, as TTIR prints them ------*- tablegen
//-*-===//
//
// Every op of Triton 3.6's TTIR (docs/TTIR.md section 3.1), with the custom
// form Triton prints; tt.reduce, tt.scan and tt.map_elementwise have none and
// are printed (and parsed) in the generic form with properties.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TTIR_OPS_TD
#define TILE_TTIR_OPS_TD

include "tile/TTIR/IR/TTIRBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar LoadedOfPtr = "::mlir::tile::ttir::getLoadedType($_self)";
defvar MaskOfPtr = "::mlir::tile::ttir::getMaskType($_self)";
defvar MaskOfValue = "::mlir::tile::ttir::getMaskType($_self)";

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AutomaticAllocationScope, FunctionOpInterface,
                               IsolatedFromAbove]> {
  let summary = "a kernel (public) or a helper kept by noinline (private)";
  let arguments = (ins SymbolNameAttr:$sym_name,
      TypeAttrOf<FunctionType>:$function_type,
      OptionalAttr<StrAttr>:$sym_visibility,
      OptionalAttr<DictArrayAttr>:$arg_attrs,
      OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ArrayRef<Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ArrayRef<Type> getResultTypes() { return getFunctionType().getResults(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "returns from a tt.func";
  let arguments = (ins Variadic<AnyType>:$srcs);
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
}

def TT_CallOp : TT_Op<"call"> {
  let summary = "calls a tt.func";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Grid, ranges, shapes
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TT_SplatOp : TT_Op<"splat", [Pure]> {
  let arguments = (ins AnyType:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_UnsplatOp
    : TT_Op<"unsplat", [Pure, TypesMatchWith<
                                  "the result is the element", "src", "result",
                                  "::llvm::cast<::mlir::RankedTensorType>($_"
                                  "self).getElementType()">]> {
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure]> {
  let arguments = (ins AnyRankedTensor:$src, I32Attr:$axis);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure]> {
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure]> {
  let arguments = (ins AnyRankedTensor:$src, UnitAttr:$allow_reorder,
      UnitAttr:$efficient_layout);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)?
    attr-dict `:` type($src) `->` type($result)
  }];
}

def TT_TransOp : TT_Op<"trans", [Pure]> {
  let arguments = (ins AnyRankedTensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_CatOp : TT_Op<"cat", [Pure, SameTypeOperands]> {
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TT_JoinOp : TT_Op<"join", [Pure, SameTypeOperands]> {
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TT_SplitOp : TT_Op<"split", [Pure, AllTypesMatch<["outLHS", "outRHS"]>]> {
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$outLHS, AnyRankedTensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
}

def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let arguments = (ins AnyRankedTensor:$src, AnyRankedTensor:$indices,
      I32Attr:$axis, UnitAttr:$efficient_layout);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
}

def TT_HistogramOp
    : TT_Op<"histogram", [Pure, OptionalTypesMatchWith<
                                    "the mask is i1 of the source's shape",
                                    "src", "mask", MaskOfValue>]> {
  let arguments = (ins AnyRankedTensor:$src, Optional<AnyRankedTensor>:$mask);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let arguments = (ins TT_PtrLike:$ptr, AnyType:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat =
      "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
}

def TT_AdvanceOp : TT_Op<"advance", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let arguments = (ins TT_PtrType:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_PtrType:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
}

def TT_MakeTensorPtrOp
    : TT_Op<"make_tensor_ptr",
            [Pure, AttrSizedOperandSegments,
             TypesMatchWith<"the base points to the block's elements", "result",
                            "base",
                            "::mlir::tile::ttir::getBlockBaseType($_self)">]> {
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
      Variadic<I64>:$strides, Variadic<I32>:$offsets, DenseI32ArrayAttr:$order);
  let results = (outs TT_PtrType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict
    `:` type($result)
  }];
}

def TT_IntToPtrOp : TT_Op<"int_to_ptr", [Pure]> {
  let arguments = (ins AnyType:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_PtrToIntOp : TT_Op<"ptr_to_int", [Pure]> {
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_BitcastOp : TT_Op<"bitcast", [Pure]> {
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_LoadOp
    : TT_Op<"load",
            [AttrSizedOperandSegments,
             MemoryEffects<[MemRead<DefaultResource>]>,
             TypesMatchWith<"the result is what the pointers point to", "ptr",
                            "result", LoadedOfPtr>,
             OptionalTypesMatchWith<"the mask is i1 of the pointers' shape",
                                    "ptr", "mask", MaskOfPtr>,
             OptionalTypesMatchWith<"other is what the pointers point to",
                                    "ptr", "other", LoadedOfPtr>]> {
  let arguments = (ins TT_PtrLike:$ptr, Optional<AnyType>:$mask,
      Optional<AnyType>:$other, OptionalAttr<DenseI32ArrayAttr>:$boundaryCheck,
      OptionalAttr<TT_PaddingOption>:$padding,
      DefaultValuedAttr<TT_CacheModifier, "CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicy, "EvictionPolicy::NORMAL">:$evict,
      DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? (`cacheModifier` `=` $cache^)?
    (`evictionPolicy` `=` $evict^)? attr-dict `:` type($ptr)
  }];
}

def TT_StoreOp
    : TT_Op<"store", [MemoryEffects<[MemWrite<DefaultResource>]>,
                      TypesMatchWith<"the value is what the pointers point to",
                                     "ptr", "value", LoadedOfPtr>,
                      OptionalTypesMatchWith<
                          "the mask is i1 of the pointers' shape", "ptr",
                          "mask", MaskOfPtr>]> {
  let arguments = (ins TT_PtrLike:$ptr, AnyType:$value, Optional<AnyType>:$mask,
      OptionalAttr<DenseI32ArrayAttr>:$boundaryCheck,
      DefaultValuedAttr<TT_CacheModifier, "CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicy, "EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? (`cacheModifier` `=` $cache^)?
    (`evictionPolicy` `=` $evict^)? attr-dict `:` type($ptr)
  }];
}

def TT_AtomicRMWOp
    : TT_Op<"atomic_rmw", [MemoryEffects<[MemRead<DefaultResource>,
                                          MemWrite<DefaultResource>]>]> {
  let arguments = (ins TT_RMWOp:$atomic_rmw_op, TT_MemSemantic:$sem,
      TT_MemSyncScope:$scope, TT_PtrLike:$ptr, AnyType:$val,
      Optional<AnyType>:$mask);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
}

def TT_AtomicCASOp
    : TT_Op<"atomic_cas", [MemoryEffects<[MemRead<DefaultResource>,
                                          MemWrite<DefaultResource>]>]> {
  let arguments = (ins TT_MemSemantic:$sem, TT_MemSyncScope:$scope,
      TT_PtrLike:$ptr, AnyType:$cmp, AnyType:$val);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
}

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorDescOp
    : TT_Op<"make_tensor_descriptor", [Pure, AttrSizedOperandSegments]> {
  let arguments = (ins TT_PtrType:$base, Variadic<I32>:$shape,
      Variadic<I64>:$strides,
      DefaultValuedAttr<TT_PaddingOption, "PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,`
    type($result)
  }];
}

def TT_DescriptorLoadOp
    : TT_Op<"descriptor_load", [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$indices,
      DefaultValuedAttr<TT_CacheModifier, "CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicy, "EvictionPolicy::NORMAL">:$evict);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]` (`cacheModifier` `=` $cache^)?
    (`evictionPolicy` `=` $evict^)? attr-dict `:` qualified(type($desc)) `->`
    type($result)
  }];
}

def TT_DescriptorStoreOp
    : TT_Op<"descriptor_store", [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$indices,
      AnyRankedTensor:$src);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,`
    type($src)
  }];
}

def TT_DescriptorReduceOp
    : TT_Op<"descriptor_reduce", [MemoryEffects<[MemRead<DefaultResource>,
                                                 MemWrite<DefaultResource>]>]> {
  let arguments = (ins TT_DescriptorReduceKind:$kind, TT_TensorDescType:$desc,
      Variadic<I32>:$indices, AnyRankedTensor:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` type($src)
  }];
}

def TT_DescriptorGatherOp
    : TT_Op<"descriptor_gather", [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let arguments = (ins TT_TensorDescType:$desc, AnyRankedTensor:$x_offsets,
      I32:$y_offset);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:`
    functional-type(operands, results)
  }];
}

def TT_DescriptorScatterOp
    : TT_Op<
          "descriptor_scatter", [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let arguments = (ins TT_TensorDescType:$desc, AnyRankedTensor:$x_offsets,
      I32:$y_offset, AnyRankedTensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)
  }];
}

//===----------------------------------------------------------------------===//
// Arithmetic beyond arith and math
//===----------------------------------------------------------------------===//

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Pure]> {
  let arguments = (ins AnyType:$src, OptionalAttr<TT_RoundingMode>:$rounding);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src (`,` `rounding` `=` $rounding^)? attr-dict `:` type($src) `->` type($result)
  }];
}

def TT_ClampFOp
    : TT_Op<"clampf", [Pure, AllTypesMatch<["x", "min", "max", "result"]>]> {
  let arguments = (ins AnyType:$x, AnyType:$min, AnyType:$max,
      TT_PropagateNan:$propagateNan);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def TT_PreciseSqrtOp
    : TT_Op<"precise_sqrt", [Pure, AllTypesMatch<["x", "result"]>]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp
    : TT_Op<"precise_divf", [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp
    : TT_Op<"mulhiui", [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise"> {
  let arguments = (ins Variadic<AnyType>:$srcs, StrAttr:$libname,
      StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm"> {
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
      BoolAttr:$pure, I32Attr:$packed_element, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
}

def TT_DotOp : TT_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
      AnyRankedTensor:$c,
      DefaultValuedAttr<TT_InputPrecision,
                        "InputPrecision::IEEE">:$inputPrecision,
      DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
                                          AllTypesMatch<["c", "d"]>]> {
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
      AnyRankedTensor:$c, Optional<AnyRankedTensor>:$a_scale,
      Optional<AnyRankedTensor>:$b_scale, TT_ScaleDotElemType:$a_elem_type,
      TT_ScaleDotElemType:$b_elem_type, BoolAttr:$fastMath,
      DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
      DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c `lhs` `=` $a_elem_type
    `rhs` `=` $b_elem_type attr-dict `:` type($a) (`,` type($a_scale)^)? `*` type($b)
    (`,` type($b_scale)^)? `->` type($d)
  }];
}

//===----------------------------------------------------------------------===//
// Ops with a combiner or body region (generic form only)
//===----------------------------------------------------------------------===//

def TT_ReduceOp : TT_Op<"reduce", [Pure, SingleBlock]> {
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [Pure, Terminator, ReturnLike,
                                                HasParent<"ReduceOp">]> {
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SingleBlock]> {
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
      BoolAttr:$reverse);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def TT_ScanReturnOp : TT_Op<"scan.return", [Pure, Terminator, ReturnLike,
                                            HasParent<"ScanOp">]> {
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise"> {
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
}

def TT_MapElementwiseReturnOp
    : TT_Op<"map_elementwise.return", [Pure, Terminator, ReturnLike,
                                       HasParent<"MapElementwiseOp">]> {
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex, Variadic<AnyType>:$args,
      DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
}

def TT_AssertOp
    : TT_Op<"assert", [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let arguments = (ins AnyType:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

#endif // TILE_TTIR_OPS_TD
