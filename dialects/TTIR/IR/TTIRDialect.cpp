//===- TTIRDialect.cpp - Triton's tt dialect, parsed for import -----------===//

#include "tile/TTIR/IR/TTIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile::ttir;

#include "tile/TTIR/IR/TTIRDialect.cpp.inc"
#include "tile/TTIR/IR/TTIREnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/TTIR/IR/TTIRTypes.cpp.inc"

void TTDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/TTIR/IR/TTIRTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tile/TTIR/IR/TTIROps.cpp.inc"
      >();
}

bool mlir::tile::ttir::isElementPointer(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && !isa<RankedTensorType>(ptr.getPointeeType());
}

bool mlir::tile::ttir::isBlockPointer(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

Type mlir::tile::ttir::getLoadedType(Type ptrType) {
  if (auto ptr = dyn_cast<PointerType>(ptrType))
    return ptr.getPointeeType();
  if (auto tensor = dyn_cast<RankedTensorType>(ptrType))
    if (auto ptr = dyn_cast<PointerType>(tensor.getElementType()))
      return tensor.clone(ptr.getPointeeType());
  return ptrType;
}

Type mlir::tile::ttir::getBlockBaseType(Type blockPointerType) {
  auto block = cast<PointerType>(blockPointerType);
  auto tensor = cast<RankedTensorType>(block.getPointeeType());
  return PointerType::get(tensor.getElementType(), block.getAddressSpace());
}

Type mlir::tile::ttir::getMaskType(Type type) {
  Type i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(i1);
  if (auto block = dyn_cast<PointerType>(type))
    if (auto tensor = dyn_cast<RankedTensorType>(block.getPointeeType()))
      return tensor.clone(i1);
  return i1;
}

//===----------------------------------------------------------------------===//
// tt.func
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

#define GET_OP_CLASSES
#include "tile/TTIR/IR/TTIROps.cpp.inc"
