//===- TTIRBase.td - Triton's tt dialect: dialect, enums, types -*- tablegen
//-*-===//
//
// The `tt` dialect as Triton 3.6 prints it in TTIR, written here from the
// printed forms (test/TTIR/corpus) and docs/TTIR.md. It exists only to be
// parsed and converted to tile (convert-ttir-to-tile): no tile pass sees it,
// and nothing lowers it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TTIR_BASE_TD
#define TILE_TTIR_BASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def TT_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::tile::ttir";
  let summary = "Triton's TTIR, parsed for import into tile";
  let description = [{
    The ops, types and enums of Triton 3.6's `tt` dialect with Triton's
    textual forms (custom and generic), so that a kernel's TTIR
    (`kernel.asm["ttir"]`) parses. Verifiers check only what the converter
    relies on. See docs/TTIR.md.
  }];
  let useDefaultTypePrinterParser = 1;
}

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<TT_Dialect, mnemonic, traits>;

// Triton's enums are I32EnumAttrs: the keyword in custom forms, the integer
// in attribute dictionaries and generic forms (`padding = 1 : i32`). The
// integer values are Triton's.
class TT_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::tile::ttir";
}

def TT_ProgramDim
    : TT_Enum<"ProgramDim", "grid axis",
              [I32EnumAttrCase<"X", 0, "x">, I32EnumAttrCase<"Y", 1, "y">,
               I32EnumAttrCase<"Z", 2, "z">]>;

def TT_CacheModifier
    : TT_Enum<"CacheModifier", "cache hint",
              [I32EnumAttrCase<"NONE", 1, "none">,
               I32EnumAttrCase<"CA", 2, "ca">, I32EnumAttrCase<"CG", 3, "cg">,
               I32EnumAttrCase<"WB", 4, "wb">, I32EnumAttrCase<"CS", 5, "cs">,
               I32EnumAttrCase<"WT", 6, "wt">, I32EnumAttrCase<"CV", 7, "cv">]>;

def TT_EvictionPolicy
    : TT_Enum<"EvictionPolicy", "eviction hint",
              [I32EnumAttrCase<"NORMAL", 1, "evict_normal">,
               I32EnumAttrCase<"EVICT_FIRST", 2, "evict_first">,
               I32EnumAttrCase<"EVICT_LAST", 3, "evict_last">]>;

def TT_PaddingOption : TT_Enum<"PaddingOption", "out-of-bounds value",
                               [I32EnumAttrCase<"PAD_ZERO", 1, "zero">,
                                I32EnumAttrCase<"PAD_NAN", 2, "nan">]>;

def TT_MemSemantic
    : TT_Enum<"MemSemantic", "atomic memory order",
              [I32EnumAttrCase<"RELAXED", 1, "relaxed">,
               I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
               I32EnumAttrCase<"RELEASE", 3, "release">,
               I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">]>;

def TT_MemSyncScope : TT_Enum<"MemSyncScope", "atomic scope",
                              [I32EnumAttrCase<"GPU", 1, "gpu">,
                               I32EnumAttrCase<"CTA", 2, "cta">,
                               I32EnumAttrCase<"SYSTEM", 3, "sys">]>;

def TT_RMWOp
    : TT_Enum<
          "RMWOp", "atomic read-modify-write",
          [I32EnumAttrCase<"AND", 1, "and">, I32EnumAttrCase<"OR", 2, "or">,
           I32EnumAttrCase<"XOR", 3, "xor">, I32EnumAttrCase<"ADD", 4, "add">,
           I32EnumAttrCase<"FADD", 5, "fadd">, I32EnumAttrCase<"MAX", 6, "max">,
           I32EnumAttrCase<"MIN", 7, "min">, I32EnumAttrCase<"UMAX", 8, "umax">,
           I32EnumAttrCase<"UMIN", 9, "umin">,
           I32EnumAttrCase<"XCHG", 10, "exch">]>;

def TT_RoundingMode : TT_Enum<"RoundingMode", "float conversion rounding",
                              [I32EnumAttrCase<"RTZ", 0, "rtz">,
                               I32EnumAttrCase<"RTNE", 1, "rtne">]>;

def TT_PropagateNan : TT_Enum<"PropagateNan", "NaN propagation of clampf",
                              [I32EnumAttrCase<"NONE", 0, "none">,
                               I32EnumAttrCase<"ALL", 0xFFFF, "all">]>;

def TT_InputPrecision : TT_Enum<"InputPrecision", "dot input precision",
                                [I32EnumAttrCase<"TF32", 0, "tf32">,
                                 I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
                                 I32EnumAttrCase<"IEEE", 2, "ieee">,
                                 I32EnumAttrCase<"BF16x3", 3, "bf16x3">,
                                 I32EnumAttrCase<"BF16x6", 4, "bf16x6">]>;

def TT_ScaleDotElemType
    : TT_Enum<"ScaleDotElemType", "dot_scaled operand format",
              [I32EnumAttrCase<"E4M3", 0, "e4m3">,
               I32EnumAttrCase<"E5M2", 1, "e5m2">,
               I32EnumAttrCase<"E2M3", 2, "e2m3">,
               I32EnumAttrCase<"E3M2", 3, "e3m2">,
               I32EnumAttrCase<"E2M1", 4, "e2m1">,
               I32EnumAttrCase<"BF16", 5, "bf16">,
               I32EnumAttrCase<"FP16", 6, "fp16">]>;

def TT_DescriptorReduceKind
    : TT_Enum<
          "DescriptorReduceKind", "descriptor_reduce kind",
          [I32EnumAttrCase<"NONE", 0, "none">, I32EnumAttrCase<"ADD", 1, "add">,
           I32EnumAttrCase<"MIN", 2, "min">, I32EnumAttrCase<"MAX", 3, "max">,
           I32EnumAttrCase<"INC", 4, "inc">, I32EnumAttrCase<"DEC", 5, "dec">,
           I32EnumAttrCase<"AND", 6, "and">, I32EnumAttrCase<"OR", 7, "or">,
           I32EnumAttrCase<"XOR", 8, "xor">]>;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class TT_TypeDef<string name, string mnemonicName> : TypeDef<TT_Dialect, name> {
  let mnemonic = mnemonicName;
}

// `!tt.ptr<f32>`, `!tt.ptr<f16, 3>`; a block pointer points to a tensor:
// `!tt.ptr<tensor<64x32xf16>>`.
def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer (to an element, or to a block: a block pointer)";
  let parameters = (ins "Type":$pointeeType,
      DefaultValuedParameter<"unsigned", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let builders = [TypeBuilderWithInferredContext<
      (ins "Type":$pointeeType, CArg<"unsigned", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>];
}

// `!tt.tensordesc<tensor<64x64xf16>>`.
def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "tensor descriptor";
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

def TT_Ptr : Type<CPred<"::mlir::tile::ttir::isElementPointer($_self)">,
                  "tt pointer to an element">;
def TT_BlockPtr : Type<CPred<"::mlir::tile::ttir::isBlockPointer($_self)">,
                       "tt block pointer">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor, TT_BlockPtr]>;
def TT_Desc
    : Type<CPred<"::llvm::isa<::mlir::tile::ttir::TensorDescType>($_self)">,
           "tt tensor descriptor">;

#endif // TILE_TTIR_BASE_TD
