//===- TileBase.td - Tile dialect definition, enums and types --*- tablegen -*-===//
//
// The `tile` dialect: a hardware-neutral language of tile kernels. A kernel is
// run as a grid of programs; each program computes on whole tiles (builtin
// ranked tensors of static shape) and reaches global memory through tiles of
// pointers, with masks. docs/Semantics.md defines what every op means.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_BASE_TD
#define TILE_BASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Hardware-neutral tile kernels";
  let description = [{
    Kernels written once as a grid of programs computing on whole tiles, and
    compiled by target pipelines to CPUs and GPUs. Tiles are builtin ranked
    tensors of static shape; memory is reached through `!tile.ptr` values and
    tensors of them. Elementwise arithmetic uses `arith` and `math`, control
    flow uses `scf`. See docs/Semantics.md.
  }];
  let dependentDialects = ["arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Argument attribute: a power of two that the value (integers) or the
    /// address in bytes (pointers) is known to be a multiple of. On an op
    /// (a value hint, like the two below): one such power of two per
    /// dimension of its result, for the first value of each contiguous run.
    static StringRef getDivisibilityAttrName() { return "tile.divisibility"; }
    /// Value hint on an op: per dimension of its integer or pointer result,
    /// runs of this many consecutive values (Triton's max_contiguous).
    static StringRef getContiguityAttrName() { return "tile.contiguity"; }
    /// Value hint on an op: per dimension, runs of this many equal values
    /// (Triton's max_constancy).
    static StringRef getConstancyAttrName() { return "tile.constancy"; }
    /// Argument attribute: the pointer does not alias any other argument.
    static StringRef getNoAliasAttrName() { return "tile.noalias"; }
    /// On an `scf.for`: how many iterations deep the GPU targets pipeline
    /// the loop's products (the kernel's `num_stages` for this loop only;
    /// Triton's `tl.range(num_stages=...)`). A performance hint.
    static StringRef getNumStagesAttrName() { return "tile.num_stages"; }
    /// On the `scf.if` that tile-version-signs versions a kernel with: the
    /// then-branch is the version for non-negative scalars, the one that
    /// runs; the else-branch keeps the original for the rest (targets may
    /// treat it as cold).
    static StringRef getSignGuardAttrName() { return "tile.sign_guard"; }
    /// On an `scf.for` directly in a kernel's body whose carried values are
    /// sums: its iterations are shared by this many programs, whose partial
    /// sums the last to finish adds before the rest of the kernel runs
    /// (split-K; docs/Semantics.md section 1.3).
    static StringRef getSplitKAttrName() { return "tile.split_k"; }
    /// On a kernel: the GPU lowering may split the rows of any product
    /// between warps (it otherwise keeps them whole in each warp for a
    /// product whose rows are reduced or multiplied on). A layout choice
    /// that changes no result; the AMD target sets it on a kernel that
    /// spills otherwise.
    static StringRef getSplitProductRowsAttrName() {
      return "tile.split_product_rows";
    }
    /// On an `scf.for`: each iteration runs a different program of the
    /// grid (tile-apply-schedule's loop of a persistent program), so the
    /// iterations are as unordered as programs are: one iteration's writes
    /// need not be ordered before another's reads (docs/Semantics.md
    /// section 1.1).
    static StringRef getGridLoopAttrName() { return "tile.grid_loop"; }
    /// On a kernel: a #tile.schedule, how its grid is walked.
    static StringRef getScheduleAttrName() { return "tile.schedule"; }
    /// On a kernel: the kernel (a symbol of the same module) this one is an
    /// alternative of. Same arguments, same results; the runtime launches
    /// whichever of them it timed fastest for the launch's sizes.
    static StringRef getAlternativeOfAttrName() { return "tile.alternative_of"; }
    /// On an alternative: the targets that compile it (names, as
    /// `--target` takes them); the others leave it out.
    static StringRef getAlternativeTargetsAttrName() {
      return "tile.alternative_targets";
    }
    /// On a kernel: the grid it is launched with, an affine map of no
    /// dimensions whose symbol i is argument i (an integer), giving the
    /// x (, y (, z)) extents.
    static StringRef getGridAttrName() { return "tile.grid"; }
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

class Tile_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tile";
}

class Tile_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<Tile_Dialect, info, mnemonic>;

def Tile_ProgramAxis : Tile_Enum<"ProgramAxis", "axis of the program grid", [
  I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>]>;
def Tile_ProgramAxisAttr : Tile_EnumAttr<Tile_ProgramAxis, "axis">;

def Tile_CacheModifier : Tile_Enum<"CacheModifier", "cache hint of a memory access", [
  I32EnumAttrCase<"ca", 0>, I32EnumAttrCase<"cg", 1>, I32EnumAttrCase<"cs", 2>,
  I32EnumAttrCase<"cv", 3>, I32EnumAttrCase<"wb", 4>, I32EnumAttrCase<"wt", 5>]>;
def Tile_CacheModifierAttr : Tile_EnumAttr<Tile_CacheModifier, "cache">;

def Tile_EvictionPolicy : Tile_Enum<"EvictionPolicy", "eviction hint of a memory access", [
  I32EnumAttrCase<"normal", 0>, I32EnumAttrCase<"evict_first", 1>,
  I32EnumAttrCase<"evict_last", 2>]>;
def Tile_EvictionPolicyAttr : Tile_EnumAttr<Tile_EvictionPolicy, "evict">;

def Tile_Padding : Tile_Enum<"Padding", "value of out-of-bounds descriptor elements", [
  I32EnumAttrCase<"zero", 0>, I32EnumAttrCase<"nan", 1>]>;
def Tile_PaddingAttr : Tile_EnumAttr<Tile_Padding, "padding">;

def Tile_AtomicRMWKind : Tile_Enum<"AtomicRMWKind", "read-modify-write operation", [
  I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"fadd", 1>, I32EnumAttrCase<"max", 2>,
  I32EnumAttrCase<"min", 3>, I32EnumAttrCase<"umax", 4>, I32EnumAttrCase<"umin", 5>,
  I32EnumAttrCase<"and_", 6, "and">, I32EnumAttrCase<"or_", 7, "or">,
  I32EnumAttrCase<"xor_", 8, "xor">,
  I32EnumAttrCase<"xchg", 9>]>;
def Tile_AtomicRMWKindAttr : Tile_EnumAttr<Tile_AtomicRMWKind, "rmw">;

def Tile_MemoryOrder : Tile_Enum<"MemoryOrder", "memory order of an atomic", [
  I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"acquire", 1>,
  I32EnumAttrCase<"release", 2>, I32EnumAttrCase<"acq_rel", 3>]>;
def Tile_MemoryOrderAttr : Tile_EnumAttr<Tile_MemoryOrder, "order">;

def Tile_MemoryScope : Tile_Enum<"MemoryScope", "scope of an atomic", [
  I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"gpu", 1>, I32EnumAttrCase<"sys", 2>]>;
def Tile_MemoryScopeAttr : Tile_EnumAttr<Tile_MemoryScope, "scope">;

def Tile_InputPrecision : Tile_Enum<"InputPrecision", "precision of dot inputs", [
  I32EnumAttrCase<"ieee", 0>, I32EnumAttrCase<"tf32", 1>,
  I32EnumAttrCase<"tf32x3", 2>, I32EnumAttrCase<"bf16x3", 3>]>;
def Tile_InputPrecisionAttr : Tile_EnumAttr<Tile_InputPrecision, "precision">;

def Tile_RoundingMode : Tile_Enum<"RoundingMode", "rounding of a float conversion", [
  I32EnumAttrCase<"rtne", 0>, I32EnumAttrCase<"rtz", 1>]>;
def Tile_RoundingModeAttr : Tile_EnumAttr<Tile_RoundingMode, "rounding">;

def Tile_CPUScheduleKind
    : Tile_Enum<"CPUScheduleKind",
                "how the CPU's threads share the programs of a grid",
                [I32EnumAttrCase<"Static", 0, "static">,
                 I32EnumAttrCase<"Dynamic", 1, "dynamic">,
                 I32EnumAttrCase<"Guided", 2, "guided">]>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Tile_ScheduleAttr : AttrDef<Tile_Dialect, "Schedule"> {
  let mnemonic = "schedule";
  let summary = "how the grid of a kernel is walked";
  let description = [{
    A kernel's `tile.schedule`: which workers run the programs of its grid
    and in which order. It never changes what a kernel computes
    (docs/Semantics.md section 1.1): the same programs run, with the same
    ids. Every entry is optional; the fields are printed in this order.

    - `persistent`: as many programs as the device keeps busy at once are
      launched, and each loops over the grid's programs in launch order.
    - `grouped = G`: programs start in groups of `G` rows (`x`) that walk
      down the columns (`y`) together (Triton's GROUP_M order).
    - `cpu = static | dynamic | guided` and `chunk = C`: the OpenMP schedule
      the CPU's threads share the programs with (the GPUs ignore it).

    ```mlir
    tile.func @matmul(...) attributes {
        tile.schedule = #tile.schedule<persistent, grouped = 8>} {...}
    ```
  }];
  let parameters = (ins "bool":$persistent, "int32_t":$groupRows,
      "CPUScheduleKind":$cpuKind, "int32_t":$cpuChunk);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether the grid's programs are visited in a grouped order.
    bool isGrouped() const { return getGroupRows() > 1; }
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Tile_TypeDef<string name, string mnemonicName, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = mnemonicName;
}

def Tile_PtrType : Tile_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer to an element in memory";
  let description = [{
    A pointer to one element of `pointeeType`. The address space is 1 (global
    memory) unless given; it is printed only when it differs from 1.
    Offsets applied with `tile.addptr` count elements, not bytes.

    ```mlir
    !tile.ptr<f32>
    !tile.ptr<bf16, 3>
    ```
  }];
  let parameters = (ins "Type":$pointeeType,
                        DefaultValuedParameter<"unsigned", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        CArg<"unsigned", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
}

def Tile_DescType : Tile_TypeDef<"TensorDesc", "desc"> {
  let summary = "descriptor of a strided N-D array in global memory";
  let description = [{
    Describes an N-D array in global memory (base, shape, strides) that is read
    and written in blocks of `blockType`. Accesses outside the array's shape
    read the descriptor's padding value and are not written.

    ```mlir
    !tile.desc<tensor<64x64xf16>>
    ```
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Tile_Float : AnyTypeOf<[F16, BF16, F32, F64, F8E4M3FN, F8E5M2], "tile float">;
def Tile_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "tile integer">;
// Constraints keep the generic C++ type `Type` so that custom assembly prints
// these types in full (`!tile.ptr<f32>`), not stripped of the dialect prefix.
def Tile_Ptr : Type<CPred<"::llvm::isa<::mlir::tile::PointerType>($_self)">,
                    "tile pointer">;
def Tile_Desc : Type<CPred<"::llvm::isa<::mlir::tile::TensorDescType>($_self)">,
                     "tile descriptor">;
def Tile_Scalar : AnyTypeOf<[Tile_Int, Tile_Float, Tile_Ptr], "tile element">;

def Tile_Tile : StaticShapeTensorOf<[Tile_Int, Tile_Float, Tile_Ptr]>;
def Tile_IntTile : StaticShapeTensorOf<[Tile_Int]>;
def Tile_FloatTile : StaticShapeTensorOf<[Tile_Float]>;
def Tile_PtrTile : StaticShapeTensorOf<[Tile_Ptr]>;
def Tile_BoolTile : StaticShapeTensorOf<[I1]>;

def Tile_Value : AnyTypeOf<[Tile_Scalar, Tile_Tile], "tile or scalar">;
def Tile_IntLike : AnyTypeOf<[Tile_Int, Tile_IntTile], "integer tile or scalar">;
def Tile_FloatLike : AnyTypeOf<[Tile_Float, Tile_FloatTile], "float tile or scalar">;
def Tile_PtrLike : AnyTypeOf<[Tile_Ptr, Tile_PtrTile], "pointer tile or scalar">;
def Tile_BoolLike : AnyTypeOf<[I1, Tile_BoolTile], "i1 tile or scalar">;
def Tile_NumericLike : AnyTypeOf<[Tile_Int, Tile_Float, Tile_IntTile, Tile_FloatTile],
                                 "number tile or scalar">;

#endif // TILE_BASE_TD
