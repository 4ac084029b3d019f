//===- NVIDIATarget.cpp - Tile kernels as PTX and cubin -------------------===//
//
// Pipeline: tile IR -> (convert-tile-to-gpu with NVIDIA's hooks) gpu.func
// kernels -> (convert-gpu-to-nvvm) the LLVM dialect with NVVM ops, math as
// libdevice calls. Serialization: the gpu.module translated to LLVM IR,
// linked with the CUDA toolkit's libdevice, optimized at O3 by LLVM's NVPTX
// backend into PTX, and assembled by the toolkit's ptxas into a cubin whose
// register use goes into the artifact's launch attributes.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/nvidia/NVIDIATarget.h"
#include "tile/Target/CompileCache.h"
#include "tile/Target/Target.h"

#include "tile/Conversion/TileToGPU/TileToGPU.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

constexpr StringLiteral kDefaultChip = "sm_90a";
constexpr StringLiteral kDefaultFeatures = "+ptx80";
constexpr StringLiteral kTriple = "nvptx64-nvidia-cuda";

/// The chips the pipeline's hooks and the PTX version it emits (8.0) are
/// written for: Turing (products on the FMA path), Ampere, Ada and Hopper.
/// Later chips need a later PTX version and instructions the hooks do not
/// know yet.
constexpr StringLiteral kSupportedChips[] = {"sm_75", "sm_80", "sm_86", "sm_87",
                                             "sm_89", "sm_90", "sm_90a"};

bool isSupportedChip(StringRef chip) {
  return llvm::is_contained(kSupportedChips, chip);
}

/// The compute capability of "sm_90a" (90), or 0 if `chip` is no sm_ name.
int computeCapability(StringRef chip) {
  int value = 0;
  if (!chip.consume_front("sm_"))
    return 0;
  chip.consume_back("a");
  return chip.getAsInteger(10, value) ? 0 : value;
}

/// Inline PTX with side effects (kept in place and in order).
LLVM::InlineAsmOp emitPTXStatement(OpBuilder &b, Location loc, Type result,
                                   ValueRange operands, StringRef text,
                                   StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      b, loc, result ? TypeRange{result} : TypeRange{}, operands, text,
      constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
}

/// How a scalar of one type is moved by a predicated ld/st.global: its
/// bits as an integer, the register that holds them (8-bit values travel in
/// 16-bit registers, as PTX has no 8-bit ones), and the instruction suffix.
struct PredicatedAccess {
  Type bitsType, registerType;
  unsigned registerBits;
  std::string suffix, constraint;
};

std::optional<PredicatedAccess> predicatedAccessOf(OpBuilder &b, Type type) {
  if (!type.isIntOrFloat())
    return std::nullopt;
  unsigned bits = type.getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(bits);
  switch (bits) {
  case 8:
    return PredicatedAccess{bitsType, b.getI16Type(), 16, "u8", "h"};
  case 16:
    return PredicatedAccess{bitsType, bitsType, 16, "b16", "h"};
  case 32:
    return PredicatedAccess{bitsType, bitsType, 32, "b32", "r"};
  case 64:
    return PredicatedAccess{bitsType, bitsType, 64, "b64", "l"};
  default:
    return std::nullopt;
  }
}

/// The bytes of a CUtensorMap.
constexpr unsigned kTensorMapBytes = 128;

/// The artifact record of a tensor map convert-tile-to-gpu describes.
mlir::tile::TensorMapInfo tensorMapInfo(DictionaryAttr map) {
  mlir::tile::TensorMapInfo info;
  Type element = map.getAs<TypeAttr>("element").getValue();
  unsigned width = element.getIntOrFloatBitWidth();
  info.element = element.isBF16()  ? mlir::tile::ArgKind::BF16
                 : element.isF16() ? mlir::tile::ArgKind::F16
                 : element.isF32() ? mlir::tile::ArgKind::F32
                 : element.isF64() ? mlir::tile::ArgKind::F64
                 : width == 64     ? mlir::tile::ArgKind::I64
                 : width == 32     ? mlir::tile::ArgKind::I32
                 : width == 16     ? mlir::tile::ArgKind::I16
                                   : mlir::tile::ArgKind::I8;
  info.base = unsigned(map.getAs<IntegerAttr>("base").getInt());
  auto values = [&](StringRef prefix) {
    std::vector<mlir::tile::TensorMapValue> list;
    auto args = map.getAs<DenseI64ArrayAttr>((prefix + "_args").str());
    auto constants = map.getAs<DenseI64ArrayAttr>((prefix + "_values").str());
    auto scales = map.getAs<DenseI64ArrayAttr>((prefix + "_scales").str());
    for (auto [arg, constant, scale] : llvm::zip(
             args.asArrayRef(), constants.asArrayRef(), scales.asArrayRef()))
      list.push_back({arg >= 0, arg >= 0 ? arg : constant, scale});
    return list;
  };
  info.sizes = values("size");
  info.strides = values("stride");
  llvm::append_range(info.box,
                     map.getAs<DenseI64ArrayAttr>("box").asArrayRef());
  info.swizzleBytes = map.getAs<IntegerAttr>("swizzle").getInt();
  info.nanFill = map.getAs<BoolAttr>("nan_fill").getValue();
  return info;
}

/// The result of LLVM intrinsic `name` on `operands`.
Value callIntrinsic(OpBuilder &b, Location loc, Type result, StringRef name,
                    ValueRange operands) {
  return LLVM::CallIntrinsicOp::create(b, loc, TypeRange{result},
                                       b.getStringAttr(name), operands,
                                       LLVM::FastmathFlagsAttr())
      .getResult(0);
}

/// "{$first,...,$(first+count-1)}"
std::string operandList(int64_t first, int64_t count) {
  std::string list = "{";
  for (int64_t i = 0; i < count; ++i)
    list += (i ? ",$" : "$") + std::to_string(first + i);
  return list + "}";
}

/// `count` "=f" outputs, then `inputs`, then `count` inputs tied to them.
std::string tiedConstraints(int64_t count, StringRef inputs) {
  SmallVector<std::string> parts(count, "=f");
  if (!inputs.empty())
    parts.push_back(inputs.str());
  for (int64_t i = 0; i < count; ++i)
    parts.push_back(std::to_string(i));
  return llvm::join(parts, ",");
}

SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value packed,
                                int64_t count) {
  SmallVector<Value> out;
  for (int64_t i = 0; i < count; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, packed, i));
  return out;
}

class NVIDIAHooks : public GPUTargetHooks {
public:
  explicit NVIDIAHooks(StringRef chip)
      : capability(
            computeCapability(chip.empty() ? StringRef(kDefaultChip) : chip)),
        archSpecific(
            (chip.empty() ? StringRef(kDefaultChip) : chip).ends_with("a")) {}
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<NVVM::NVVMDialect>(); // ldmatrix
  }
  unsigned getWarpSize() const override { return 32; }
  int64_t getMaxRegistersPerThread(unsigned numWarps) const override {
    // 64 Ki registers per multiprocessor, at most 255 per thread.
    return std::min<int64_t>(255, 65536 / (numWarps * 32));
  }
  int64_t getMaxSharedMemoryBytes() const override {
    // The opt-in per-block limits of the CUDA programming guide.
    if (capability >= 90)
      return 227 * 1024;
    if (capability == 80 || capability == 87)
      return 163 * 1024;
    return 99 * 1024;
  }

  Value emitConvertToF8(OpBuilder &b, Location loc, Value value,
                        Type f8) const override {
    // cvt.rn.satfinite (sm_89 and later): nearest even, finite values and
    // infinities saturated to the largest finite value, NaN kept. It
    // converts pairs; the low byte is the second operand's.
    if (capability < 89)
      return Value();
    std::string kind = isa<Float8E4M3FNType>(f8) ? "e4m3x2" : "e5m2x2";
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
    auto pair = LLVM::InlineAsmOp::create(
        b, loc, b.getI16Type(), ValueRange{zero, value},
        "cvt.rn.satfinite." + kind + ".f32 $0, $1, $2;", "=h,f,f",
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
        ArrayAttr());
    return arith::TruncIOp::create(b, loc, b.getI8Type(), pair.getResult(0));
  }

  SmallVector<Value> emitConvertFromF8(OpBuilder &b, Location loc,
                                       ValueRange bits,
                                       Type f8) const override {
    // cvt.rn.f16x2.e4m3x2 (sm_89 and later) widens a pair exactly, the low
    // byte into the low half; every e4m3 value is an f16. (An e5m2 value is
    // an f16 with its low byte dropped: the software decoding is as short.)
    if (capability < 89 || !isa<Float8E4M3FNType>(f8) ||
        !llvm::all_of(
            bits.getTypes(), [](Type type) { return type.isInteger(8); }))
      return {};
    Type i16 = b.getI16Type(), i32 = b.getI32Type();
    auto toF32 = [&](Value halfBits) -> Value {
      Value half = arith::BitcastOp::create(b, loc, b.getF16Type(), halfBits);
      return arith::ExtFOp::create(b, loc, b.getF32Type(), half);
    };
    SmallVector<Value> result;
    for (size_t i = 0; i < bits.size(); i += 2) {
      Value packed = arith::ExtUIOp::create(b, loc, i16, bits[i]);
      if (i + 1 < bits.size()) {
        Value high = arith::ShLIOp::create(
            b, loc, arith::ExtUIOp::create(b, loc, i16, bits[i + 1]),
            arith::ConstantOp::create(b, loc, b.getI16IntegerAttr(8)));
        packed = arith::OrIOp::create(b, loc, packed, high);
      }
      auto pair = LLVM::InlineAsmOp::create(
          b, loc, i32, ValueRange{packed}, "cvt.rn.f16x2.e4m3x2 $0, $1;",
          "=r,h", /*has_side_effects=*/false, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
          ArrayAttr());
      Value both = pair.getResult(0);
      result.push_back(toF32(arith::TruncIOp::create(b, loc, i16, both)));
      if (i + 1 < bits.size())
        result.push_back(toF32(arith::TruncIOp::create(
            b, loc, i16,
            arith::ShRUIOp::create(
                b, loc, both,
                arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(16))))));
    }
    return result;
  }

  Value emitDivide(OpBuilder &b, Location loc, Value lhs,
                   Value rhs) const override {
    // div.full.f32: full range (subnormals included), at most 2 ulp.
    return callIntrinsic(b, loc, b.getF32Type(), "llvm.nvvm.div.full",
                         {lhs, rhs});
  }

  Value emitExp2(OpBuilder &b, Location loc, Value x) const override {
    // ex2.approx.ftz.f32 is one MUFU.EX2; libdevice's exp2f (ex2.approx.f32
    // without .ftz) adds a compare and two predicated multiplies around it
    // to produce subnormal results. Both agree wherever 2^x is normal.
    // 16-bit floats are computed in f32 and rounded once (section 6).
    return computeInF32(b, loc, x, [&](Value wide) {
      return callIntrinsic(b, loc, b.getF32Type(), "llvm.nvvm.ex2.approx.ftz.f",
                           {wide});
    });
  }

  Value emitPredicatedLoad(OpBuilder &b, Location loc, Value predicate,
                           Value ptr, int64_t offsetBytes,
                           Type element) const override {
    std::optional<PredicatedAccess> access = predicatedAccessOf(b, element);
    if (!access)
      return Value();
    Value flag = arith::ExtUIOp::create(b, loc, b.getI32Type(), predicate);
    std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, $1, 0;\nmov.b" +
                       std::to_string(access->registerBits) +
                       " $0, 0;\n@p ld.global." + access->suffix + " $0, [$2+" +
                       std::to_string(offsetBytes) + "];\n}";
    Value bits = emitPTXStatement(b, loc, access->registerType, {flag, ptr},
                                  text, "=" + access->constraint + ",r,l")
                     .getResult(0);
    if (access->registerType != access->bitsType)
      bits = arith::TruncIOp::create(b, loc, access->bitsType, bits);
    return bits.getType() == element
               ? bits
               : arith::BitcastOp::create(b, loc, element, bits).getResult();
  }

  bool emitPredicatedStore(OpBuilder &b, Location loc, Value predicate,
                           Value ptr, Value value) const override {
    std::optional<PredicatedAccess> access =
        predicatedAccessOf(b, value.getType());
    if (!access)
      return false;
    Value bits = value;
    if (value.getType() != access->bitsType)
      bits = arith::BitcastOp::create(b, loc, access->bitsType, bits);
    if (access->registerType != access->bitsType)
      bits = arith::ExtUIOp::create(b, loc, access->registerType, bits);
    Value flag = arith::ExtUIOp::create(b, loc, b.getI32Type(), predicate);
    emitPTXStatement(b, loc, {}, {flag, ptr, bits},
                     "{\n.reg .pred p;\nsetp.ne.b32 p, $0, 0;\n@p st.global." +
                         access->suffix + " [$1], $2;\n}",
                     "r,l," + access->constraint);
    return true;
  }

  Value emitPreciseSqrt(OpBuilder &b, Location loc, Value x) const override {
    // math.sqrt becomes libdevice's __nv_sqrtf, which is sqrt.approx.f32
    // (the module does not ask for precise square roots), so the correctly
    // rounded one is sqrt.rn. A 16-bit root rounded from the f32 one is
    // correctly rounded too (24 >= 2 * 11 + 2 bits).
    Type type = x.getType();
    if (type.isF64())
      return callIntrinsic(b, loc, type, "llvm.nvvm.sqrt.rn.d", {x});
    Type f32 = b.getF32Type();
    Value wide = type.isF32() ? x : arith::ExtFOp::create(b, loc, f32, x);
    Value root = callIntrinsic(b, loc, f32, "llvm.nvvm.sqrt.rn.f", {wide});
    return type.isF32() ? root : arith::TruncFOp::create(b, loc, type, root);
  }

  bool shuffleWarpIndex() const override { return true; }

  Value emitMulHigh(OpBuilder &b, Location loc, Value x,
                    Value y) const override {
    // mul.hi.u32: LLVM would otherwise fold Philox's xors into the 64-bit
    // products (64-bit multiplies and xors in the PTX).
    return callIntrinsic(b, loc, b.getI32Type(), "llvm.nvvm.mulhi.ui", {x, y});
  }

  std::optional<MatrixInstruction>
  getMatrixInstruction(Type a, Type b, Type acc) const override {
    // mma.sync m16n8k16 (sm_80 and later) on 16-bit floats into f32.
    if (capability < 80 || a != b || !acc.isF32() || !(a.isBF16() || a.isF16()))
      return std::nullopt;
    MatrixInstruction mma;
    mma.m = 16;
    mma.n = 8;
    mma.k = 16;
    mma.elementsPerRegister = 2;
    // PTX ISA, "Matrix Fragments for mma.m16n8k16": lane = 4 * group +
    // thread-in-group.
    mma.aElementBases = {{0, 1}, {8, 0}, {0, 8}};
    mma.aLaneBases = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
    mma.bElementBases = {{1, 0}, {8, 0}};
    mma.bLaneBases = {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}};
    mma.accElementBases = {{0, 1}, {8, 0}};
    mma.accLaneBases = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
    mma.inputType = a.isBF16() ? "bf16" : "f16";
    return mma;
  }

  SmallVector<Value> emitMatrixInstruction(OpBuilder &b, Location loc,
                                           const MatrixInstruction &instruction,
                                           ValueRange a, ValueRange bRegs,
                                           ValueRange acc) const override {
    Type f32 = b.getF32Type();
    auto result =
        LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
    std::string text = "mma.sync.aligned.m16n8k16.row.col.f32." +
                       instruction.inputType + "." + instruction.inputType +
                       ".f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, "
                       "{$10,$11,$12,$13};";
    SmallVector<Value> operands(a);
    operands.append(bRegs.begin(), bRegs.end());
    operands.append(acc.begin(), acc.end());
    auto mma = LLVM::InlineAsmOp::create(
        b, loc, result, operands, text, "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3",
        /*has_side_effects=*/false,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    SmallVector<Value> out;
    for (int64_t i = 0; i < 4; ++i)
      out.push_back(LLVM::ExtractValueOp::create(b, loc, mma.getResult(0), i));
    return out;
  }

  // ldmatrix (sm_75 and later); products need sm_80 anyway.
  bool hasSharedMatrixLoad() const override { return capability >= 80; }

  SmallVector<Value> emitSharedMatrixLoad(OpBuilder &b, Location loc,
                                          Value rowAddress, unsigned count,
                                          bool transposed) const override {
    MLIRContext *context = b.getContext();
    Type i32 = b.getI32Type();
    Type result = count == 1 ? i32
                             : LLVM::LLVMStructType::getLiteral(
                                   context, SmallVector<Type>(count, i32));
    Value loaded = NVVM::LdMatrixOp::create(
        b, loc, result, rowAddress, count,
        transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    if (count == 1)
      return {loaded};
    SmallVector<Value> out;
    for (unsigned i = 0; i < count; ++i)
      out.push_back(LLVM::ExtractValueOp::create(b, loc, loaded, i));
    return out;
  }

  std::optional<WarpgroupInstruction>
  getWarpgroupInstruction(Type a, Type b, Type acc) const override {
    // wgmma.mma_async (sm_90a) into f32: m64nNk16 on 16-bit floats,
    // m64nNk32 on e4m3/e5m2 (either pairing), m64nNk8 on tf32 (f32 inputs
    // the product may round: the instruction reads their top 19 bits).
    auto f8Name = [](Type type) -> std::string {
      if (isa<Float8E4M3FNType>(type))
        return "e4m3";
      if (isa<Float8E5M2Type>(type))
        return "e5m2";
      return "";
    };
    bool halves = a == b && (a.isBF16() || a.isF16());
    bool bytes = !f8Name(a).empty() && !f8Name(b).empty();
    bool tf32 = a == b && a.isTF32();
    if (capability != 90 || !archSpecific || !acc.isF32() ||
        !(halves || bytes || tf32))
      return std::nullopt;
    WarpgroupInstruction wgmma;
    wgmma.m = 64;
    wgmma.k = bytes ? 32 : tf32 ? 8 : 16;
    wgmma.nStep = 8;
    wgmma.maxN = 256;
    wgmma.warpsPerGroup = 4;
    // PTX ISA, "Register Fragments and Shared Memory Matrix Layouts" of
    // wgmma: per warp 16 rows, as mma.m16n8's accumulators, whatever the
    // inputs.
    Type half = BFloat16Type::get(a.getContext());
    std::optional<MatrixInstruction> mma =
        getMatrixInstruction(half, half, acc);
    wgmma.accElementBases = mma->accElementBases;
    wgmma.accLaneBases = mma->accLaneBases;
    if (bytes) {
      // 8-bit inputs: no transposition, both operands from shared memory,
      // and the partial sums of the f8 products (kept with fewer bits, as
      // the PTX ISA leaves open) added into the accumulator every 128 k.
      wgmma.inputType = f8Name(a);
      wgmma.bInputType = f8Name(b);
      wgmma.kContiguousOnly = true;
      wgmma.partialSumK = 128;
      return wgmma;
    }
    if (tf32) {
      // As 8-bit inputs, tf32 cannot be transposed by the instruction.
      wgmma.inputType = "tf32";
      wgmma.kContiguousOnly = true;
      return wgmma;
    }
    wgmma.inputType = a.isBF16() ? "bf16" : "f16";
    // A's register fragments are mma.m16n8k16's, per warp of the group.
    wgmma.registerA = true;
    return wgmma;
  }

  SmallVector<Value>
  emitWarpgroupInstruction(OpBuilder &b, Location loc,
                           const WarpgroupInstruction &instruction, int64_t n,
                           ValueRange a, const SharedMatrixOperand &bOperand,
                           ValueRange acc) const override {
    SmallVector<Value> inputs(a);
    inputs.push_back(matrixDescriptor(b, loc, bOperand));
    return emitWgmma(b, loc, instruction, n, inputs, operandList(acc.size(), 4),
                     "r,r,r,r,l", bOperand.kContiguous ? ", 0" : ", 1", acc);
  }

  SmallVector<Value> emitWarpgroupInstruction(
      OpBuilder &b, Location loc, const WarpgroupInstruction &instruction,
      int64_t n, const SharedMatrixOperand &a,
      const SharedMatrixOperand &bOperand, ValueRange acc) const override {
    SmallVector<Value> inputs{matrixDescriptor(b, loc, a),
                              matrixDescriptor(b, loc, bOperand)};
    // 8-bit inputs take no transpose operands (k-contiguous only).
    std::string transposes = instruction.kContiguousOnly
                                 ? ""
                                 : std::string(a.kContiguous ? ", 0" : ", 1") +
                                       (bOperand.kContiguous ? ", 0" : ", 1");
    return emitWgmma(b, loc, instruction, n, inputs,
                     "$" + std::to_string(acc.size()), "l,l", transposes, acc);
  }

  void emitWarpgroupFence(OpBuilder &b, Location loc) const override {
    emitPTXStatement(b, loc, {}, {}, "wgmma.fence.sync.aligned;", "");
  }

  void emitSharedWriteFence(OpBuilder &b, Location loc) const override {
    // wgmma reads shared memory through the async proxy.
    emitPTXStatement(b, loc, {}, {}, "fence.proxy.async.shared::cta;", "");
  }

  void emitGlobalProxyFence(OpBuilder &b, Location loc) const override {
    emitPTXStatement(b, loc, {}, {}, "fence.proxy.async.global;", "");
  }

  void emitWarpgroupCommit(OpBuilder &b, Location loc) const override {
    emitPTXStatement(b, loc, {}, {}, "wgmma.commit_group.sync.aligned;", "");
  }

  SmallVector<Value> emitWarpgroupWait(OpBuilder &b, Location loc,
                                       int64_t pending, ValueRange acc,
                                       bool commit) const override {
    // An empty group costs a dummy HGMMA (ptxas makes one to close it).
    if (commit)
      emitWarpgroupCommit(b, loc);
    // The accumulators go through the wait so that no use moves above it.
    int64_t count = acc.size();
    Type f32 = b.getF32Type();
    auto result = LLVM::LLVMStructType::getLiteral(
        b.getContext(), SmallVector<Type>(count, f32));
    auto wait = emitPTXStatement(b, loc, result, acc,
                                 "wgmma.wait_group.sync.aligned " +
                                     std::to_string(pending) + ";",
                                 tiedConstraints(count, ""));
    return unpackStruct(b, loc, wait.getResult(0), count);
  }

  bool hasAsyncCopy() const override { return capability >= 80; }

  void emitAsyncCopy(OpBuilder &b, Location loc, Value shared, int64_t offset,
                     Value global, Value read) const override {
    // The ignore-src predicate: zeros, nothing read. The offset is the
    // address's immediate.
    Value flag = arith::ExtUIOp::create(b, loc, b.getI32Type(), read);
    std::string address =
        offset ? "[$0+" + std::to_string(offset) + "]" : "[$0]";
    emitPTXStatement(b, loc, {}, {shared, global, flag},
                     "{\n.reg .pred skip;\nsetp.eq.b32 skip, $2, 0;\n"
                     "cp.async.cg.shared.global " +
                         address + ", [$1], 16, skip;\n}",
                     "r,l,r");
  }

  void emitAsyncCopyCommit(OpBuilder &b, Location loc) const override {
    emitPTXStatement(b, loc, {}, {}, "cp.async.commit_group;", "");
  }

  void emitAsyncCopyWait(OpBuilder &b, Location loc,
                         int64_t pending) const override {
    emitPTXStatement(b, loc, {}, {},
                     "cp.async.wait_group " + std::to_string(pending) + ";",
                     "");
  }

  bool hasTensorCopy() const override { return capability >= 90; }

  void emitTransactionBarrierInit(OpBuilder &b, Location loc, Value barrier,
                                  int64_t arrivals) const override {
    // The initialization is made visible to the tensor copies (the async
    // proxy) as well as to other threads.
    emitPTXStatement(b, loc, {}, {barrier},
                     "mbarrier.init.shared::cta.b64 [$0], " +
                         std::to_string(arrivals) +
                         ";\n"
                         "fence.mbarrier_init.release.cluster;\n"
                         "fence.proxy.async.shared::cta;",
                     "r");
  }

  void emitTransactionBarrierArrive(OpBuilder &b, Location loc, Value barrier,
                                    Value predicate) const override {
    Value flag = arith::ExtUIOp::create(b, loc, b.getI32Type(), predicate);
    emitPTXStatement(b, loc, {}, {barrier, flag},
                     "{\n.reg .pred p;\nsetp.ne.b32 p, $1, 0;\n"
                     "@p mbarrier.arrive.shared::cta.b64 _, [$0];\n}",
                     "r,r");
  }

  void emitPartialBarrier(OpBuilder &b, Location loc, int64_t id,
                          int64_t threads) const override {
    // bar.sync id, threads: a named barrier; convergent, unlike inline PTX.
    NVVM::BarrierOp::create(
        b, loc, Type(),
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), id),
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), threads),
        NVVM::BarrierReductionAttr(), Value());
  }

  Operation *emitNamedBarrier(OpBuilder &b, Location loc, Value id,
                              int64_t threads, bool arriveOnly) const override {
    // bar.arrive does not wait, so inline PTX (not convergent) will do.
    if (arriveOnly)
      return emitPTXStatement(b, loc, {}, {id},
                              "bar.arrive $0, " + std::to_string(threads) + ";",
                              "r");
    Value count = arith::ConstantIntOp::create(b, loc, b.getI32Type(), threads);
    return NVVM::BarrierOp::create(b, loc, Type(), id, count,
                                   NVVM::BarrierReductionAttr(), Value());
  }

  std::optional<std::pair<int64_t, int64_t>>
  getRegisterSplit(unsigned consumerWarps,
                   int64_t consumerRegisters) const override {
    // Two or more consumer warpgroups may gain from it: alone, one gets 255
    // registers per thread anyway. A producer warp leaves each warp what
    // its quarter of the register file gives the warps placed in it (168
    // for 8 + 1 warps), and ptxas then sizes the kernel by its needs, so
    // that a second block fits where shared memory allows; the split gives
    // one block all the registers (emitRegisterLimit), so it is taken only
    // where the consumers need more than that. The producer's lane issues
    // copies and keeps 40; the consumers share the rest of the 64 Ki in
    // steps of 8.
    if (!archSpecific || capability < 90 || consumerWarps % 4 != 0 ||
        consumerWarps < 8)
      return std::nullopt;
    int64_t warpsPerQuarter = llvm::divideCeil(consumerWarps + 1, 4);
    int64_t evenShare =
        std::min<int64_t>(255, 65536 / 4 / (warpsPerQuarter * 32) / 8 * 8);
    if (consumerRegisters <= evenShare)
      return std::nullopt;
    int64_t producer = 40;
    int64_t consumer = (65536 / 32 - 4 * producer) / consumerWarps / 8 * 8;
    return std::make_pair(producer, std::min<int64_t>(consumer, 256));
  }

  void emitRegisterLimit(OpBuilder &b, Location loc, int64_t count,
                         bool increase) const override {
    // ptxas honours setmaxnreg only if the kernel's register count at entry
    // is fixed: one block per multiprocessor fixes it at the most its
    // threads may have. Without it a kernel that needs fewer registers
    // (flash_attention_desc_d64, 127) had setmaxnreg ignored (C7508).
    if (auto kernel = b.getInsertionBlock()
                          ->getParent()
                          ->getParentOfType<gpu::GPUFuncOp>())
      kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                      b.getI32IntegerAttr(1));
    emitPTXStatement(b, loc, {}, {},
                     std::string("setmaxnreg.") + (increase ? "inc" : "dec") +
                         ".sync.aligned.u32 " + std::to_string(count) + ";",
                     "");
  }

  void emitTransactionBarrierInvalidate(OpBuilder &b, Location loc,
                                        Value barrier) const override {
    emitPTXStatement(b, loc, {}, {barrier},
                     "mbarrier.inval.shared::cta.b64 [$0];", "r");
  }

  void emitTransactionBarrierExpect(OpBuilder &b, Location loc, Value barrier,
                                    int64_t bytes) const override {
    emitPTXStatement(b, loc, {}, {barrier},
                     "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], " +
                         std::to_string(bytes) + ";",
                     "r");
  }

  void emitTransactionBarrierWait(OpBuilder &b, Location loc, Value barrier,
                                  Value parity) const override {
    // try_wait suspends for a while before it fails; labels are local to
    // the braces.
    emitPTXStatement(b, loc, {}, {barrier, parity},
                     "{\n.reg .pred done;\nwait:\n"
                     "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], "
                     "$1;\n@!done bra wait;\n}",
                     "r,r");
  }

  void emitTensorCopy(OpBuilder &b, Location loc, Value shared, Value map,
                      ValueRange coords, Value barrier) const override {
    SmallVector<Value> operands{shared, map, barrier};
    llvm::append_range(operands, coords);
    std::string constraints = "r,l,r";
    for (size_t i = 0; i < coords.size(); ++i)
      constraints += ",r";
    emitPTXStatement(
        b, loc, {}, operands,
        "cp.async.bulk.tensor." + std::to_string(coords.size()) +
            "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], "
            "[$1, " +
            operandList(3, coords.size()) + "], [$2];",
        constraints);
  }

  bool dropsAtomicOrdering() const override { return true; }
  // Every `atomicrmw` becomes a `.gpu`-scope `atom`; `cmpxchg` keeps the
  // system scope of LLVM's default syncscope.
  bool dropsAtomicScope(MemoryScope scope) const override {
    return scope == MemoryScope::sys;
  }

  void emitAtomicFence(OpBuilder &b, Location loc,
                       MemoryScope scope) const override {
    // fence.acq_rel.cta, .gpu, .sys.
    StringRef name = scope == MemoryScope::cta   ? "block"
                     : scope == MemoryScope::gpu ? "device"
                                                 : "";
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel, name);
  }

  void emitTensorStore(OpBuilder &b, Location loc, Value shared, Value map,
                       ValueRange coords) const override {
    SmallVector<Value> operands{shared, map};
    llvm::append_range(operands, coords);
    std::string constraints = "r,l";
    for (size_t i = 0; i < coords.size(); ++i)
      constraints += ",r";
    emitPTXStatement(b, loc, {}, operands,
                     "cp.async.bulk.tensor." + std::to_string(coords.size()) +
                         "d.global.shared::cta.tile.bulk_group [$1, " +
                         operandList(2, coords.size()) + "], [$0];",
                     constraints);
  }

  void emitTensorStoreCommit(OpBuilder &b, Location loc) const override {
    emitPTXStatement(b, loc, {}, {}, "cp.async.bulk.commit_group;", "");
  }

  void emitTensorStoreWait(OpBuilder &b, Location loc, bool written,
                           int64_t pending) const override {
    // Once written, the async proxy's writes are fenced for generic accesses
    // after it.
    std::string count = std::to_string(pending);
    emitPTXStatement(b, loc, {}, {},
                     written ? "cp.async.bulk.wait_group " + count +
                                   ";\nfence.proxy.async.global;"
                             : "cp.async.bulk.wait_group.read " + count + ";",
                     "");
  }

private:
  /// wgmma.mma_async m64nNkK on `acc`: A is `aText` (a descriptor or four
  /// registers among `inputs`), B the descriptor last in `inputs`;
  /// `transposes` the trailing immediates (A's, if in shared memory, and
  /// B's).
  static SmallVector<Value>
  emitWgmma(OpBuilder &b, Location loc, const WarpgroupInstruction &instruction,
            int64_t n, SmallVector<Value> inputs, StringRef aText,
            StringRef inputConstraints, StringRef transposes, ValueRange acc) {
    int64_t count = acc.size();
    int64_t flag = count + inputs.size();
    std::string type = instruction.inputType;
    std::string bType = instruction.bInputType.empty() ? instruction.inputType
                                                       : instruction.bInputType;
    std::string text =
        "{\n.reg .pred p;\nsetp.ne.b32 p, $" + std::to_string(flag) +
        ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(n) + "k" +
        std::to_string(instruction.k) + ".f32." + type + "." + bType + " " +
        operandList(0, count) + ", " + aText.str() + ", $" +
        std::to_string(flag - 1) + ", p, 1, 1" + transposes.str() + ";\n}";
    // The scale-d flag (1: accumulate), then the tied accumulators. On
    // accumulators known to be zero (a chain's first product) it is 0 and
    // they are left undefined: no registers zeroed before the product.
    bool zero = llvm::all_of(
        acc, [](Value value) { return matchPattern(value, m_PosZeroFloat()); });
    inputs.push_back(
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), zero ? 0 : 1));
    if (zero)
      inputs.append(acc.size(), LLVM::UndefOp::create(b, loc, b.getF32Type()));
    else
      inputs.append(acc.begin(), acc.end());
    Type f32 = b.getF32Type();
    auto result = LLVM::LLVMStructType::getLiteral(
        b.getContext(), SmallVector<Type>(count, f32));
    auto wgmma = emitPTXStatement(
        b, loc, result, inputs, text,
        tiedConstraints(count, (inputConstraints + ",r").str()));
    return unpackStruct(b, loc, wgmma.getResult(0), count);
  }

  /// The 64-bit shared-memory matrix descriptor of wgmma (PTX ISA, "Matrix
  /// Descriptor Format"): start address, leading and stride byte offsets,
  /// each in 16-byte units, and the swizzle mode (1: 128 bytes). The start
  /// address field is bits 0-13, the address over 16: shared addresses
  /// (below 256 KiB on every chip) fit, and the field is linear in them.
  /// All that varies is in the low word, so the descriptor is built there
  /// in 32 bits: the base's field (with the leading offset above it) plus
  /// the offset over 16 (the base is 16-byte aligned; base + offset is a
  /// shared address, so the sum stays in its 14 bits), the constant high
  /// word beside it. The base's part serves every k step of a staged tile
  /// as the offsets are constants or loop-invariant: one 32-bit add per
  /// product, where a 64-bit add cost ptxas two moves and a wide add of
  /// uniform registers each.
  static Value matrixDescriptor(OpBuilder &b, Location loc,
                                const SharedMatrixOperand &operand) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    auto constant = [&](Type type, uint64_t value) {
      return arith::ConstantIntOp::create(b, loc, type, value);
    };
    auto sixteenths = [&](Value bytes) {
      return arith::ShRUIOp::create(b, loc, bytes, constant(i32, 4));
    };
    uint64_t lowFixed = uint64_t(operand.leadingBytes >> 4) << 16;
    uint64_t highFixed = uint64_t(operand.strideBytes >> 4);
    if (operand.swizzleBytes == 128)
      highFixed |= uint64_t(1) << 30;
    // The ISA's encoding masks the address to 18 bits first.
    Value base =
        arith::OrIOp::create(b, loc,
                             sixteenths(arith::AndIOp::create(
                                 b, loc, operand.base, constant(i32, 0x3ffff))),
                             constant(i32, lowFixed));
    Value low = arith::AddIOp::create(b, loc, base, sixteenths(operand.offset));
    return arith::OrIOp::create(b, loc,
                                arith::ExtUIOp::create(b, loc, i64, low),
                                constant(i64, highFixed << 32));
  }

  int capability;
  bool archSpecific;
};

/// The CUDA toolkit: the options' `toolkit`, else $CUDA_PATH, else
/// /usr/local/cuda.
std::string cudaRoot(const TargetOptions &options) {
  if (!options.toolkit.empty())
    return options.toolkit;
  if (std::optional<std::string> path = llvm::sys::Process::GetEnv("CUDA_PATH"))
    return *path;
  return "/usr/local/cuda";
}

/// The toolkit's libdevice, linked into every kernel.
std::string libdevicePath(const TargetOptions &options) {
  return cudaRoot(options) + "/nvvm/libdevice/libdevice.10.bc";
}

class NVIDIATarget : public Target {
public:
  StringRef getName() const override { return "nvidia"; }

  LogicalResult resolveOptions(TargetOptions &options,
                               std::string &error) const override {
    if (!options.triple.empty() && options.triple != kTriple) {
      error = "the nvidia target compiles for " + kTriple.str() +
              " only, not '" + options.triple + "'";
      return failure();
    }
    if (options.chip.empty())
      options.chip = kDefaultChip.str();
    if (!isSupportedChip(options.chip)) {
      error = "the nvidia target does not support chip '" + options.chip +
              "' (supported: " +
              llvm::join(ArrayRef<StringLiteral>(kSupportedChips), ", ") + ")";
      return failure();
    }
    if (failed(verifyProcessor(kTriple, options.chip, options.features, error)))
      return failure();
    if (options.features.empty())
      options.features = kDefaultFeatures.str();
    return success();
  }

  void buildPipeline(OpPassManager &pm,
                     const TargetOptions &options) const override {
    buildNVIDIAPipeline(pm, options.chip);
  }

  std::string getEntrySymbol(StringRef name) const override {
    return name.str();
  }

  std::string getToolIdentity(const TargetOptions &options) const override {
    llvm::ErrorOr<std::string> ptxas =
        llvm::sys::findProgramByName("ptxas", {cudaRoot(options) + "/bin"});
    return CompileCache::fileIdentity(ptxas ? *ptxas : "") + " " +
           CompileCache::fileIdentity(libdevicePath(options));
  }

  LogicalResult serialize(ModuleOp module, const TargetOptions &options,
                          mlir::tile::Artifact &artifact) const override;
  LogicalResult emitIntermediate(ModuleOp module, const TargetOptions &options,
                                 StringRef kind,
                                 std::string &out) const override;

private:
  LogicalResult emitPTX(ModuleOp module, const TargetOptions &options,
                        std::string *llvmIR, std::string &ptx) const;
  LogicalResult assemble(ModuleOp module, const TargetOptions &options,
                         StringRef ptx, std::string &cubin,
                         std::string &report) const;
  std::map<std::string, int64_t>
  hintColdVersions(ModuleOp module, const TargetOptions &options,
                   ArrayRef<mlir::tile::KernelInfo> infos, std::string &ptx,
                   std::string &cubin,
                   std::map<std::string, std::pair<int64_t, int64_t>> &usage,
                   std::map<std::string, int64_t> &coldSpills) const;
};

gpu::GPUModuleOp findKernels(ModuleOp module) {
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    return gpuModule;
  return {};
}

/// The PTX of `device` (LLVM-dialect functions and globals): translated to
/// LLVM IR, libdevice linked where called, O3, NVPTX code generation. Runs
/// on any thread (its own LLVM context); failures are described in `error`.
/// A non-empty `localSuffix` is appended to the names of local symbols
/// (libdevice's tables among them), so that PTX of several modules joins.
static LogicalResult compileToPTX(ModuleOp device, const TargetOptions &options,
                                  StringRef localSuffix, std::string *llvmIR,
                                  std::string &ptx, std::string &error) {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(device, llvmContext);
  if (!llvmModule) {
    error = "translation to LLVM IR failed";
    return failure();
  }
  llvm::Triple triple(kTriple);
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget) {
    error = "this LLVM has no NVPTX backend: " + error;
    return failure();
  }
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      triple, options.chip, options.features, llvm::TargetOptions(),
      std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine) {
    error = "LLVM cannot target chip '" + options.chip + "'";
    return failure();
  }
  llvmModule->setDataLayout(machine->createDataLayout());
  llvmModule->setTargetTriple(triple);

  // libdevice for the math functions the kernels call.
  bool needsLibdevice = llvm::any_of(*llvmModule, [](llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (needsLibdevice) {
    std::string path = libdevicePath(options);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
      error = "cannot read libdevice at " + path +
              " (set CUDA_PATH, or the target option toolkit=, to the CUDA "
              "toolkit)";
      return failure();
    }
    std::string parseError;
    std::unique_ptr<llvm::Module> libdevice =
        openBitcodeLibrary(std::move(*buffer), llvmContext, parseError);
    if (!libdevice) {
      error = "cannot parse " + path + ": " + parseError;
      return failure();
    }
    libdevice->setDataLayout(llvmModule->getDataLayout());
    libdevice->setTargetTriple(triple);
    if (llvm::Linker::linkModules(*llvmModule, std::move(libdevice),
                                  llvm::Linker::Flags::LinkOnlyNeeded)) {
      error = "linking libdevice failed";
      return failure();
    }
    // Only the kernels are entry points; the rest may be inlined away.
    for (llvm::Function &f : *llvmModule)
      if (!f.isDeclaration() &&
          f.getCallingConv() != llvm::CallingConv::PTX_Kernel)
        f.setLinkage(llvm::GlobalValue::InternalLinkage);
    llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                              uint32_t(0));
  }

  // O3; the NVPTX machine adds NVVMReflect, which resolves libdevice's
  // __nvvm_reflect calls.
  optimizeAtO3(*llvmModule, *machine);
  if (!localSuffix.empty())
    for (llvm::GlobalValue &value : llvmModule->global_values())
      if (value.hasLocalLinkage() && value.hasName())
        value.setName(value.getName() + localSuffix);
  if (llvmIR) {
    llvm::raw_string_ostream os(*llvmIR);
    llvmModule->print(os, nullptr);
  }

  SmallString<0> text;
  llvm::raw_svector_ostream os(text);
  skipCostlyCodeGenerationPasses(*llvmModule);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile)) {
    error = "LLVM cannot emit PTX";
    return failure();
  }
  codegen.run(*llvmModule);
  ptx = text.str().str();
  return success();
}

/// The PTX of several parts as one module: the first's header, then every
/// part's declarations and functions. Repeated `.extern` declarations are
/// legal PTX.
static std::string joinPTX(ArrayRef<std::string> parts) {
  std::string joined;
  for (auto [index, ptx] : llvm::enumerate(parts)) {
    StringRef text(ptx);
    // After the first part, what follows the header's last line (without
    // a header, all of it: ptxas then refuses the repeated directives).
    if (index > 0 && text.contains(".address_size"))
      text = text.split(".address_size").second.split('\n').second;
    joined += text;
    joined += "\n";
  }
  return joined;
}

LogicalResult NVIDIATarget::emitPTX(ModuleOp module,
                                    const TargetOptions &options,
                                    std::string *llvmIR,
                                    std::string &ptx) const {
  gpu::GPUModuleOp kernels = findKernels(module);
  if (!kernels)
    return emitError(module.getLoc()) << "no gpu.module to serialize";
  // The gpu.module's contents as a module of their own.
  OwningOpRef<ModuleOp> device = ModuleOp::create(kernels.getLoc());
  OpBuilder b = OpBuilder::atBlockBegin(device->getBody());
  for (Operation &op : kernels.getBody()->without_terminator())
    b.clone(op);
  // Tensor maps, the last parameters, are passed by value (128 bytes,
  // 64-aligned) and read in place through their address: grid constants.
  auto launch = kernels->getAttrOfType<DictionaryAttr>("tile.launch");
  for (auto func : device->getOps<LLVM::LLVMFuncOp>()) {
    auto attrs = launch ? launch.getAs<DictionaryAttr>(func.getName())
                        : DictionaryAttr();
    auto maps = attrs ? attrs.getAs<ArrayAttr>("tensor_maps") : ArrayAttr();
    if (!maps)
      continue;
    unsigned first = func.getNumArguments() - maps.size();
    for (unsigned i = first; i < func.getNumArguments(); ++i) {
      func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(),
                                                             kTensorMapBytes)));
      func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(64));
      func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      b.getUnitAttr());
    }
  }

  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  MLIRContext *context = module.getContext();
  context->appendDialectRegistry(registry);
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();

  // Kernels (a kernel and its specialized variants, say) compile in
  // parallel; the LLVM IR asked for is one module's.
  SmallVector<OwningOpRef<ModuleOp>> parts;
  if (!llvmIR && context->isMultithreadingEnabled())
    parts = splitByEntry(*device, [](Operation *op) {
      return op->hasAttr(gpu::GPUDialect::getKernelFuncAttrName());
    });
  if (parts.empty())
    parts.push_back(std::move(device));
  SmallVector<std::string> texts(parts.size()), errors(parts.size());
  (void)failableParallelForEachN(context, 0, parts.size(), [&](size_t i) {
    std::string suffix = i == 0 ? "" : "_part" + std::to_string(i);
    return compileToPTX(*parts[i], options, suffix, llvmIR, texts[i],
                        errors[i]);
  });
  for (const std::string &error : errors)
    if (!error.empty())
      return emitError(module.getLoc()) << error;
  ptx = parts.size() == 1 ? texts.front() : joinPTX(texts);
  return success();
}

LogicalResult NVIDIATarget::assemble(ModuleOp module,
                                     const TargetOptions &options,
                                     StringRef ptx, std::string &cubin,
                                     std::string &report) const {
  std::string bin = cudaRoot(options) + "/bin";
  llvm::ErrorOr<std::string> ptxas =
      llvm::sys::findProgramByName("ptxas", {bin});
  if (!ptxas)
    return emitError(module.getLoc())
           << "ptxas not found in " << bin
           << " (set CUDA_PATH, or the target option toolkit=, to a CUDA "
              "toolkit); the PTX is still available "
              "with tile-compile --emit=asm";
  SmallString<128> ptxPath, cubinPath, logPath;
  int ptxFd;
  if (llvm::sys::fs::createTemporaryFile("tile-nvidia", "ptx", ptxFd,
                                         ptxPath) ||
      llvm::sys::fs::createTemporaryFile("tile-nvidia", "cubin", cubinPath) ||
      llvm::sys::fs::createTemporaryFile("tile-nvidia", "log", logPath))
    return emitError(module.getLoc()) << "cannot create temporary files";
  llvm::FileRemover removePtx(ptxPath), removeCubin(cubinPath),
      removeLog(logPath);
  {
    llvm::raw_fd_ostream os(ptxFd, /*shouldClose=*/true);
    os << ptx;
  }
  std::string arch = "-arch=" + options.chip;
  SmallVector<StringRef> args = {*ptxas,  arch, "-O3",    "-v",
                                 ptxPath, "-o", cubinPath};
  // ptxas compiles the entries on as many threads (a kernel and its
  // variants, say), as MLIR's passes use the context's threads.
  unsigned entries = ptx.count(".entry ");
  unsigned threads = std::min<unsigned>(
      entries, llvm::hardware_concurrency().compute_thread_count());
  std::string splitCompile = "--split-compile=" + std::to_string(threads);
  if (threads > 1 && module.getContext()->isMultithreadingEnabled())
    args.push_back(splitCompile);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects,
                                         0, 0, &error);
  auto log = llvm::MemoryBuffer::getFile(logPath);
  report = log ? (*log)->getBuffer().str() : "";
  if (status != 0)
    return emitError(module.getLoc())
           << "ptxas failed for " << options.chip << ": " << error << "\n"
           << report;
  auto binary = llvm::MemoryBuffer::getFile(cubinPath);
  if (!binary)
    return emitError(module.getLoc()) << "cannot read ptxas's cubin";
  cubin = (*binary)->getBuffer().str();
  return success();
}

/// Per kernel and function called, the registers (kernels only) and spill
/// bytes in ptxas's -v report; a kernel's count its own spills only.
std::map<std::string, std::pair<int64_t, int64_t>>
parseResourceReport(StringRef report) {
  std::map<std::string, std::pair<int64_t, int64_t>> usage;
  std::string current;
  llvm::Regex entry("(Compiling entry function '([^']+)'|Function properties "
                    "for ([A-Za-z0-9_$.]+))");
  llvm::Regex spills("([0-9]+) bytes spill stores");
  llvm::Regex registers("Used ([0-9]+) registers");
  SmallVector<StringRef> lines;
  report.split(lines, '\n');
  for (StringRef line : lines) {
    SmallVector<StringRef> match;
    if (entry.match(line, &match))
      current = (match[2].empty() ? match[3] : match[2]).str();
    else if (spills.match(line, &match))
      match[1].getAsInteger(10, usage[current].second);
    else if (registers.match(line, &match))
      match[1].getAsInteger(10, usage[current].first);
  }
  return usage;
}

LogicalResult NVIDIATarget::emitIntermediate(ModuleOp module,
                                             const TargetOptions &options,
                                             StringRef kind,
                                             std::string &out) const {
  std::string llvmIR, ptx;
  if (kind != "llvm" && kind != "asm" && kind != "obj")
    return Target::emitIntermediate(module, options, kind, out);
  if (failed(emitPTX(module, options, &llvmIR, ptx)))
    return failure();
  if (kind == "llvm") {
    out = llvmIR;
    return success();
  }
  if (kind == "asm") {
    out = ptx;
    return success();
  }
  std::string report;
  return assemble(module, options, ptx, out, report);
}

constexpr int64_t kRegistersPerMultiprocessor = 65536;

/// Threads one multiprocessor of `chip` holds at once.
static int64_t maxThreadsPerMultiprocessor(StringRef chip) {
  int capability = computeCapability(chip);
  return capability == 86 || capability == 87 || capability == 89 ? 1536 : 2048;
}

/// Whether the body of `kernel` in `ptx` issues wgmma instructions.
bool usesWarpgroupProducts(StringRef ptx, StringRef kernel) {
  size_t start = ptx.find(".entry " + kernel.str() + "(");
  if (start == StringRef::npos)
    return false;
  StringRef body = ptx.drop_front(start + 1);
  return body.take_front(body.find(".entry ")).contains("wgmma.mma_async");
}

/// `ptx` with `.minnctapersm blocks` after the `.maxntid` of `kernel`.
static std::string withMinBlocks(StringRef ptx, StringRef kernel,
                                 int64_t blocks) {
  size_t entry = ptx.find((".entry " + kernel + "(").str());
  size_t maxntid = ptx.find(".maxntid", entry);
  size_t end = ptx.find('\n', maxntid);
  if (entry == StringRef::npos || maxntid == StringRef::npos ||
      end == StringRef::npos)
    return ptx.str();
  return (ptx.take_front(end + 1) + ".minnctapersm " + Twine(blocks) + "\n" +
          ptx.drop_front(end + 1))
      .str();
}

/// Blocks per multiprocessor asked of ptxas for kernels holding a cold
/// version: a sign guard's else-branch (tile-version-signs; TileToGPU marks
/// its condition with llvm.expect true), the original kernel kept for
/// negative scalars, which launches with sizes do not take. ptxas gives a
/// kernel the registers of its hungriest part, so that version (its tiles
/// of 64-bit pointers, unpipelined) would set every program's: Triton's
/// grouped matmul took 226 registers where the version that runs needs 115,
/// one block per multiprocessor instead of two. Such kernels are assembled
/// once more with every guard taken as true (the cold versions optimized
/// away); where that needs fewer registers without spilling, the kernel is
/// asked for the blocks those allow, and its cold version spills instead.
/// Returns the blocks asked per kernel symbol; on success `ptx`, `cubin` and
/// `usage` are the hinted ones, `usage`'s spills those of the version that
/// runs assembled alone (none), the whole hinted kernel's in `coldSpills`,
/// those of the functions it calls included: the cold versions, outlined
/// (tile-outline-cold-versions) so that their spills stay out of the main
/// loops of the version that runs.
std::map<std::string, int64_t> NVIDIATarget::hintColdVersions(
    ModuleOp module, const TargetOptions &options,
    ArrayRef<mlir::tile::KernelInfo> infos, std::string &ptx,
    std::string &cubin,
    std::map<std::string, std::pair<int64_t, int64_t>> &usage,
    std::map<std::string, int64_t> &coldSpills) const {
  std::set<std::string> guarded;
  findKernels(module).walk([&](LLVM::ExpectOp op) {
    guarded.insert(op->getParentOfType<LLVM::LLVMFuncOp>().getName().str());
  });
  if (guarded.empty())
    return {};
  OwningOpRef<ModuleOp> hot = module.clone();
  SmallVector<LLVM::ExpectOp> guards;
  findKernels(*hot).walk([&](LLVM::ExpectOp op) { guards.push_back(op); });
  for (LLVM::ExpectOp guard : guards) {
    guard.getResult().replaceAllUsesWith(guard.getExpected());
    guard.erase();
  }
  // Failures here only leave the kernels as they are.
  ScopedDiagnosticHandler quiet(module.getContext(),
                                [](Diagnostic &) { return success(); });
  std::string hotPtx, hotCubin, hotReport;
  if (failed(emitPTX(*hot, options, nullptr, hotPtx)) ||
      failed(assemble(*hot, options, hotPtx, hotCubin, hotReport)))
    return {};
  auto hotUsage = parseResourceReport(hotReport);
  auto launch =
      findKernels(module)->getAttrOfType<DictionaryAttr>("tile.launch");
  int64_t maxThreads = maxThreadsPerMultiprocessor(options.chip);
  std::map<std::string, int64_t> asked;
  std::string text = ptx;
  for (const mlir::tile::KernelInfo &info : infos) {
    auto attrs = launch ? launch.getAs<DictionaryAttr>(info.name) : nullptr;
    auto now = usage.find(info.symbol), lean = hotUsage.find(info.symbol);
    if (!guarded.count(info.symbol) || !attrs || now == usage.end() ||
        lean == hotUsage.end() || lean->second.second != 0)
      continue;
    int64_t threads = attrs.getAs<IntegerAttr>("threads").getInt();
    int64_t blocks =
        std::min(kRegistersPerMultiprocessor / (lean->second.first * threads),
                 maxThreads / threads);
    if (blocks <= kRegistersPerMultiprocessor / (now->second.first * threads))
      continue;
    asked[info.symbol] = blocks;
    text = withMinBlocks(text, info.symbol, blocks);
  }
  std::string hinted, hintedReport;
  if (asked.empty() ||
      failed(assemble(module, options, text, hinted, hintedReport)))
    return {};
  ptx = std::move(text);
  cubin = std::move(hinted);
  usage = parseResourceReport(hintedReport);
  for (auto &[symbol, blocks] : asked) {
    int64_t spills = usage[symbol].second;
    if (auto kernel =
            findKernels(module).lookupSymbol<LLVM::LLVMFuncOp>(symbol))
      kernel.walk([&](LLVM::CallOp call) {
        if (std::optional<StringRef> callee = call.getCallee())
          spills += usage[callee->str()].second;
      });
    coldSpills[symbol] = spills;
    usage[symbol].second = 0;
  }
  return asked;
}

LogicalResult NVIDIATarget::serialize(ModuleOp module,
                                      const TargetOptions &options,
                                      mlir::tile::Artifact &artifact) const {
  std::string ptx, cubin, report;
  if (failed(emitPTX(module, options, nullptr, ptx)) ||
      failed(assemble(module, options, ptx, cubin, report)))
    return failure();
  gpu::GPUModuleOp kernels = findKernels(module);
  auto launch = kernels->getAttrOfType<DictionaryAttr>("tile.launch");
  auto usage = parseResourceReport(report);
  std::map<std::string, int64_t> coldSpills;
  std::map<std::string, int64_t> minBlocks = hintColdVersions(
      module, options, artifact.kernels, ptx, cubin, usage, coldSpills);
  // A kernel whose registers keep a multiprocessor from holding its full
  // count of threads is assembled again asking ptxas for more blocks per
  // multiprocessor (`.minnctapersm`): full occupancy if ptxas fits it
  // without spilling, else one block more than now if that fits. Memory-
  // bound kernels gain loads in flight; kernels that would spill (products)
  // stay as they are. Kernels issuing warpgroup products are left alone:
  // their accumulators need the registers, and ptxas refuses (C7602) rather
  // than spills below what a wgmma needs.
  int64_t maxThreads = maxThreadsPerMultiprocessor(options.chip);
  struct Trial {
    int64_t blocks, fewest; // asked for now; one more than the current count
  };
  std::map<std::string, Trial> trials;
  for (mlir::tile::KernelInfo &info : artifact.kernels) {
    auto attrs = launch ? launch.getAs<DictionaryAttr>(info.name) : nullptr;
    auto it = usage.find(info.symbol);
    if (!attrs || it == usage.end() || it->second.second != 0 ||
        usesWarpgroupProducts(ptx, info.symbol) || minBlocks.count(info.symbol))
      continue;
    int64_t threads = attrs.getAs<IntegerAttr>("threads").getInt();
    int64_t current =
        kRegistersPerMultiprocessor / (it->second.first * threads);
    int64_t full = maxThreads / threads;
    if (current >= full)
      continue;
    // Full occupancy is asked for only when its registers are at least half
    // of what the kernel uses now: ptxas has halved a kernel's registers
    // without spilling (softmax, 64 to 32), and a deeper cut has spilled in
    // every example (paged_decode, 142 to 32), so asking for it would cost
    // one more ptxas run for nothing.
    int64_t registers = it->second.first;
    bool fullWithinReach =
        2 * (kRegistersPerMultiprocessor / (full * threads)) >= registers;
    trials[info.symbol] = {fullWithinReach ? full : current + 1, current + 1};
  }
  while (!trials.empty()) {
    std::string text = ptx;
    for (auto &[symbol, trial] : trials)
      text = withMinBlocks(text, symbol, trial.blocks);
    std::string hinted, hintedReport;
    if (failed(assemble(module, options, text, hinted, hintedReport)))
      return failure();
    auto hintedUsage = parseResourceReport(hintedReport);
    bool settled = true;
    for (auto it = trials.begin(); it != trials.end();) {
      if (hintedUsage[it->first].second == 0) {
        ++it;
        continue;
      }
      // Full occupancy spills: one more block than now, else nothing.
      settled = false;
      if (it->second.blocks > it->second.fewest) {
        it->second.blocks = it->second.fewest;
        ++it;
      } else {
        it = trials.erase(it);
      }
    }
    if (!settled)
      continue;
    for (auto &[symbol, trial] : trials)
      minBlocks[symbol] = trial.blocks;
    cubin = std::move(hinted);
    usage = std::move(hintedUsage);
    break;
  }
  for (mlir::tile::KernelInfo &info : artifact.kernels) {
    auto attrs = launch ? launch.getAs<DictionaryAttr>(info.name) : nullptr;
    if (!attrs)
      return emitError(module.getLoc())
             << "no launch information for kernel '" << info.name << "'";
    for (StringRef name : {"threads", "shared", "asserts"})
      info.attrs.emplace_back(name.str(),
                              attrs.getAs<IntegerAttr>(name).getInt());
    if (auto maps = attrs.getAs<ArrayAttr>("tensor_maps"))
      for (auto map : maps.getAsRange<DictionaryAttr>())
        info.tensorMaps.push_back(tensorMapInfo(map));
    auto it = usage.find(info.symbol);
    if (it != usage.end()) {
      info.attrs.emplace_back("registers", it->second.first);
      info.attrs.emplace_back("spill_bytes", it->second.second);
    }
    if (auto cold = coldSpills.find(info.symbol); cold != coldSpills.end())
      info.attrs.emplace_back("cold_spill_bytes", cold->second);
    if (auto hint = minBlocks.find(info.symbol); hint != minBlocks.end())
      info.attrs.emplace_back("min_blocks_per_sm", hint->second);
  }
  artifact.chip = options.chip;
  artifact.features = options.features.empty() ? "-" : options.features;
  artifact.binaryFormat = "cubin";
  artifact.binary = std::move(cubin);
  return success();
}

} // namespace

void mlir::tile::buildNVIDIAPipeline(OpPassManager &pm, StringRef chip) {
  buildTileToGPUPipeline(pm, "nvidia", chip, /*lowerControlFlow=*/false);
  // A cold version outlined spills apart from the hot one when
  // hintColdVersions holds the kernel to the hot version's registers.
  pm.addNestedPass<gpu::GPUModuleOp>(createTileOutlineColdVersions());
  pm.addPass(createSCFToControlFlowPass());
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  // Math ops libdevice has no function for (trunc, ...) become intrinsics.
  kernels.addPass(createConvertMathToLLVMPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
struct NVIDIAPipelineOptions
    : public PassPipelineOptions<NVIDIAPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("NVIDIA chip, e.g. sm_80, sm_90a"),
                           llvm::cl::init(kDefaultChip.str())};
};
} // namespace

void mlir::tile::registerNVIDIATarget() {
  registerTarget(std::make_unique<NVIDIATarget>());
  registerGPUTargetHooks("nvidia",
                         [](StringRef chip) -> std::unique_ptr<GPUTargetHooks> {
                           if (!chip.empty() && !isSupportedChip(chip))
                             return nullptr;
                           return std::make_unique<NVIDIAHooks>(chip);
                         });
  PassPipelineRegistration<NVIDIAPipelineOptions>(
      "tile-nvidia-pipeline",
      "The NVIDIA target's lowering of tile kernels to the LLVM dialect with "
      "NVVM ops, as tile-compile --target=nvidia runs it",
      [](OpPassManager &pm, const NVIDIAPipelineOptions &options) {
        buildNVIDIAPipeline(pm, options.chip);
      });
}
