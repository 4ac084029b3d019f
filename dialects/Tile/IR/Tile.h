//===- Tile.h - The tile dialect: dialect, types, attributes, ops -*- C++
//-*-===//
//
// The one header users of the tile dialect include.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_IR_TILE_H
#define TILE_DIALECTS_TILE_IR_TILE_H

// Generated ODS code needs these before the .inc files.
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Dialect/IR/TileDialect.h.inc"
#include "tile/Dialect/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/IR/TileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/IR/TileTypes.h.inc"

namespace mlir::tile {

/// The most programs a loop marked `tile.split_k` may be split over.
constexpr int64_t kMaxSplitK = 64;

/// A tile of `elementType` with the shape of `shapeOf`, or `elementType`
/// itself when `shapeOf` is a scalar.
Type getSameShape(Type shapeOf, Type elementType);

/// The i1 tile (or i1) of the shape of `type`.
Type getI1SameShape(Type type);

/// The tile (or scalar) of pointee values for a pointer tile (or pointer);
/// a null type if `type` holds no pointers.
Type getPointeeTileType(Type type);

/// Size in bytes of one element of `type` in memory (pointers are 8 bytes).
unsigned getElementByteSize(Type type);

/// If `yielded`, the value a loop yields for its iteration argument
/// `iterArg` (a pointer or a pointer tile), is `iterArg` advanced by the same
/// number of elements in every lane: that number, a scalar value (a
/// pointer's offset, or a splat one) or an i64 attribute (of a splat
/// constant offset).
std::optional<OpFoldResult> getUniformAdvance(Value iterArg, Value yielded);

} // namespace mlir::tile

#define GET_OP_CLASSES
#include "tile/Dialect/IR/TileOps.h.inc"

#endif // TILE_DIALECTS_TILE_IR_TILE_H
