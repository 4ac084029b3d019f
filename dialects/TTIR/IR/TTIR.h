//===- TTIR.h - Triton's tt dialect, parsed for import -----------*- C++
//-*-===//
//
// The `tt` dialect of Triton 3.6's TTIR (TTIROps.td). Only the importer
// (tile/Conversion/TTIRToTile) uses it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTIR_IR_TTIR_H
#define TILE_DIALECTS_TTIR_IR_TTIR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/TTIR/IR/TTIRDialect.h.inc"
#include "tile/TTIR/IR/TTIREnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/TTIR/IR/TTIRTypes.h.inc"

namespace mlir::tile::ttir {

/// A `!tt.ptr` to an element (not to a block).
bool isElementPointer(Type type);
/// A block pointer: `!tt.ptr<tensor<...>>`.
bool isBlockPointer(Type type);
/// What a load through `ptrType` yields: the pointee, a tensor of pointees
/// for a tensor of pointers, the block for a block pointer.
Type getLoadedType(Type ptrType);
/// The element pointer a block pointer's base has.
Type getBlockBaseType(Type blockPointerType);
/// i1 of the shape of `type` (a scalar i1 for scalars and element pointers).
Type getMaskType(Type type);

} // namespace mlir::tile::ttir

#define GET_OP_CLASSES
#include "tile/TTIR/IR/TTIROps.h.inc"

#endif // TILE_DIALECTS_TTIR_IR_TTIR_H
