//===- ElementLowering.h - Tile element ops as arith/math ------*- C++ -*-===//
//
// What the tile dialect's element-level operations are in terms of upstream
// arith/math ops, shared by every lowering: the CPU lowering applies them to
// vectors of one chunk, the GPU lowering to the scalars one thread holds.
// Every function here accepts scalars and vectors alike.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_COMMON_ELEMENTLOWERING_H
#define TILE_CONVERSIONS_COMMON_ELEMENTLOWERING_H

#include "tile/Dialect/IR/Tile.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <array>

namespace mlir::tile {

inline bool isF8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// `like` with its element type replaced by `element` (`element` itself when
/// `like` is a scalar type).
Type withElementType(Type like, Type element);

/// A constant of type `like` (scalar or vector) with every element `value`.
Value constantLike(OpBuilder &b, Location loc, Type like, TypedAttr value);

/// f8 bits (i8) to f32, exactly. e5m2 is the top byte of an f16.
Value decodeF8(OpBuilder &b, Location loc, Value bits, Type f8);

/// f32 to f8 bits (i8), rounding to nearest even and saturating finite
/// values and infinities to the largest finite magnitude; NaN stays NaN.
Value encodeF8(OpBuilder &b, Location loc, Value x, Type f8);

/// f32 to f8 bits (i8) as arith.truncf (docs/Semantics.md section 7):
/// rounding to nearest even or toward zero, overflow to NaN (e4m3fn) or
/// infinity (e5m2), or to the largest finite value when `saturate` (as
/// tile.fp_to_fp) or when rounding toward zero.
Value truncToF8(OpBuilder &b, Location loc, Value x, Type f8, bool saturate,
                bool towardZero);

/// f64 to f32 rounded to odd: rounding that to a format of at most 11
/// significant bits (f16, bf16, f8) gives the f64 value rounded once.
Value roundToOddF32(OpBuilder &b, Location loc, Value x);

/// f32 to bf16 with integer operations: round to nearest even (subnormals
/// kept, overflow to infinity) or toward zero; NaN stays NaN.
Value truncF32ToBF16(OpBuilder &b, Location loc, Value x, bool towardZero);

/// A float truncation toward zero to `resultType` (IEEE types, not f8): the
/// rounded-to-nearest result, moved one step toward zero where it grew.
Value truncFTowardZero(OpBuilder &b, Location loc, Value x, Type resultType);

/// x (f16, bf16, f32 or f64, scalar or vector) as `resultType`'s float type,
/// as tile.fp_to_fp converts between them: wider exactly, narrower rounded
/// once to nearest even or toward zero; f16 and bf16, which hold different
/// ranges, through f32.
Value convertFloat(OpBuilder &b, Location loc, Value x, Type resultType,
                   bool towardZero);

/// maxnumf / minnumf with -0 < +0 (IEEE 754-2019 maximumNumber and
/// minimumNumber): LLVM's maxnum may return either zero.
Value lowerMaxMinNum(OpBuilder &b, Location loc, bool isMax, Value lhs,
                     Value rhs);

/// Called on every LLVM atomic op the two functions below create, so that a
/// target can set its scope and hints.
using AtomicDecorator = llvm::function_ref<void(Operation *)>;

/// One atomic read-modify-write of a scalar at `ptr`; returns the old value.
/// Float max and min follow IEEE totalOrder (docs/Semantics.md section 3.6).
/// With `byExchange`, each update is a compare-and-swap loop
/// (emitAtomicRMWLoop) rather than an `atomicrmw`: for a scope a target's
/// `atomicrmw` cannot express but its `cmpxchg` can.
Value emitAtomicRMW(OpBuilder &b, Location loc, AtomicRMWKind kind, Value ptr,
                    Value value, LLVM::AtomicOrdering ordering,
                    AtomicDecorator decorate = {}, bool byExchange = false);

/// `binOp` of the value at `ptr` and `operand` stored atomically by a loop of
/// compare-and-swaps of the value's bits (each decorated); returns the old
/// value.
Value emitAtomicRMWLoop(OpBuilder &b, Location loc, LLVM::AtomicBinOp binOp,
                        Value ptr, Value operand, LLVM::AtomicOrdering ordering,
                        AtomicDecorator decorate = {});

/// One atomic compare-and-swap of a scalar at `ptr`, comparing bits (floats
/// through their integer bits); returns the old value.
Value emitAtomicCAS(OpBuilder &b, Location loc, Value ptr, Value cmp,
                    Value value, MemoryOrder order,
                    AtomicDecorator decorate = {});

/// The arith/math form of the tile dialect's elementwise compute ops
/// (precise_divf, precise_sqrt, clampf, mulhiui); null if `op` is none of
/// them.
Value lowerElementwiseTileOp(OpBuilder &b, Operation *op, ValueRange operands,
                             Type resultType);

/// The high 32 bits of the product of two i32 values (or vectors).
using MulHighFn = function_ref<Value(OpBuilder &, Location, Value, Value)>;

/// Philox 4x32-10 as docs/Semantics.md defines it: the four i32 words for
/// counters `offsets` (i32 or i64 elements) under key `seed` (an i32 or i64
/// scalar). The result words have the shape of `offsets`. `mulHigh`, if
/// given, is how the target takes a product's high half (else a 64-bit
/// product, which LLVM may fold with the rounds' xors into 64-bit code).
std::array<Value, 4> philox4x32(OpBuilder &b, Location loc, Value offsets,
                                Value seed, MulHighFn mulHigh = nullptr);

/// Integer division and remainder, float-to-integer conversions and
/// maxnumf/minnumf, with the values docs/Semantics.md gives where LLVM's are
/// undefined (or trap): x / 0 = -1 (all ones), x % 0 = x, INT_MIN / -1 =
/// INT_MIN, INT_MIN % -1 = 0; conversions saturate and map NaN to 0; -0 <
/// +0. Also every arith/math op on f8 values (their i8 bits): computed in
/// f32, each result rounded to nearest even (section 8). Null if `op` is
/// none of these.
Value lowerDefinedArith(OpBuilder &b, Operation *op, ValueRange operands,
                        Type resultType);

/// The scalar form of lowerDefinedArith: `op`'s operands looked up in
/// `scalars`, its result mapped there. False if `op` is none of those ops.
bool lowerDefinedScalarArith(OpBuilder &b, Operation *op, IRMapping &scalars);

/// A masked scalar load: `load` when `mask` holds, otherwise `other` (zero
/// of `type` when null), reading nothing when the mask is false.
Value emitMaskedScalarLoad(OpBuilder &b, Location loc, Value mask, Type type,
                           Value other, function_ref<Value(OpBuilder &)> load);

/// The LLVM form of an atomic read-modify-write kind on integers or floats.
LLVM::AtomicBinOp getAtomicBinOp(AtomicRMWKind kind, bool isFloat);
LLVM::AtomicOrdering getAtomicOrdering(MemoryOrder order);

/// A scalar of tile type `type` as a printf argument: integers widened to
/// i64, floats to f64 (C's default promotions), or the bits in hexadecimal;
/// and its conversion specification.
std::pair<Value, StringRef> printfArgument(OpBuilder &b, Location loc,
                                           Value value, Type type, bool hex);

/// `text` with every '%' doubled, for use inside a printf format.
std::string escapePrintfFormat(StringRef text);

} // namespace mlir::tile

#endif // TILE_CONVERSIONS_COMMON_ELEMENTLOWERING_H
