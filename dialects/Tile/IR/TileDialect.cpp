//===- TileDialect.cpp - The tile dialect, its types and kernels ----------===//
//
// Registration of the dialect, its types and attributes, the kernel op
// (tile.func) and the helpers that relate tiles, pointers and masks.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/IR/Tile.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#include "tile/Dialect/IR/TileDialect.cpp.inc"
#include "tile/Dialect/IR/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/IR/TileAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/IR/TileTypes.cpp.inc"

void TileDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/Dialect/IR/TileTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/IR/TileAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/IR/TileOps.cpp.inc"
      >();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  Type argType = op->getRegion(regionIndex).getArgument(argIndex).getType();
  if (attr.getName() == getDivisibilityAttrName()) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() <= 0 || !llvm::isPowerOf2_64(value.getInt()))
      return op->emitError()
             << "'" << getDivisibilityAttrName() << "' of argument #"
             << argIndex << " must be a positive power-of-two integer";
    if (!isa<IntegerType, PointerType>(argType))
      return op->emitError() << "'" << getDivisibilityAttrName()
                             << "' applies to integer and pointer arguments, "
                                "not argument #"
                             << argIndex << " of type " << argType;
    return success();
  }
  if (attr.getName() == getNoAliasAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getNoAliasAttrName() << "' must be a unit attribute";
    if (!isa<PointerType>(argType))
      return op->emitError() << "'" << getNoAliasAttrName()
                             << "' applies to pointer arguments, not argument #"
                             << argIndex << " of type " << argType;
    return success();
  }
  return op->emitError() << "unknown tile argument attribute '"
                         << attr.getName().getValue() << "'";
}

/// `tile.alternative_of = @k` on a kernel: @k is another tile.func of the
/// same module, not itself an alternative, with the same type and argument
/// attributes (the hints a launch is checked against). Once lowered, only
/// the attribute's form is checked.
static LogicalResult verifyAlternativeOf(Operation *op, Attribute value) {
  StringRef name = TileDialect::getAlternativeOfAttrName();
  auto ref = dyn_cast<FlatSymbolRefAttr>(value);
  if (!isa<FunctionOpInterface>(op) || !ref)
    return op->emitOpError()
           << "'" << name << "' must be a symbol (@kernel) on a kernel";
  auto self = dyn_cast<FuncOp>(op);
  if (!self)
    return success();
  auto primary = dyn_cast_or_null<FuncOp>(
      SymbolTable::lookupNearestSymbolFrom(op, ref.getAttr()));
  if (!primary)
    return op->emitOpError() << "'" << name << "' names " << ref
                             << ", which is not a tile.func of this module";
  if (primary == self)
    return op->emitOpError() << "'" << name << "' names the kernel itself";
  if (primary->hasAttr(name))
    return op->emitOpError()
           << "'" << name << "' names " << ref
           << ", itself an alternative: name the kernel it stands in for";
  if (primary.getFunctionType() != self.getFunctionType())
    return op->emitOpError() << "is an alternative of " << ref
                             << " but its type " << self.getFunctionType()
                             << " differs from " << primary.getFunctionType();
  if (primary.getAllArgAttrs() != self.getAllArgAttrs())
    return op->emitOpError()
           << "is an alternative of " << ref
           << " but its argument attributes differ (the launch checks them)";
  return success();
}

/// `tile.alternative_targets = ["cpu", ...]` on an alternative: a non-empty
/// list of target names. An alternative computes what its kernel does, so
/// leaving it out changes no result; the kernel itself compiles everywhere.
static LogicalResult verifyAlternativeTargets(Operation *op, Attribute value) {
  StringRef name = TileDialect::getAlternativeTargetsAttrName();
  auto names = dyn_cast<ArrayAttr>(value);
  if (!isa<FunctionOpInterface>(op) || !names || names.empty() ||
      !llvm::all_of(names, [](Attribute a) { return isa<StringAttr>(a); }))
    return op->emitOpError() << "'" << name
                             << "' must be a non-empty list of target names "
                                "on a kernel";
  if (isa<FuncOp>(op) && !op->hasAttr(TileDialect::getAlternativeOfAttrName()))
    return op->emitOpError()
           << "'" << name << "' applies to alternatives only (with '"
           << TileDialect::getAlternativeOfAttrName()
           << "'): a kernel compiles for every target";
  return success();
}

/// `tile.grid = affine_map<()[s0, ...] -> (x, y, z)>` on a kernel: one to
/// three extents, no dimensions, symbol i standing for argument i, which
/// must be an integer; divisors are positive constants or arguments
/// (checked when launched).
static LogicalResult verifyGrid(Operation *op, Attribute value) {
  StringRef name = TileDialect::getGridAttrName();
  auto mapAttr = dyn_cast<AffineMapAttr>(value);
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function || !mapAttr)
    return op->emitOpError()
           << "'" << name << "' must be an affine map on a kernel";
  AffineMap map = mapAttr.getValue();
  if (map.getNumDims() != 0 || map.getNumResults() < 1 ||
      map.getNumResults() > 3)
    return op->emitOpError()
           << "'" << name << "' must map no dimensions to 1 to 3 extents "
           << "(x, y, z), with symbol i for argument i; got " << mapAttr;
  ArrayRef<Type> arguments = function.getArgumentTypes();
  if (map.getNumSymbols() > arguments.size())
    return op->emitOpError() << "'" << name << "' has " << map.getNumSymbols()
                             << " symbols, but the kernel takes "
                             << arguments.size() << " arguments";
  LogicalResult result = success();
  for (AffineExpr extent : map.getResults())
    extent.walk([&](AffineExpr expr) {
      if (failed(result))
        return;
      if (auto symbol = dyn_cast<AffineSymbolExpr>(expr)) {
        Type type = arguments[symbol.getPosition()];
        if (!type.isSignlessInteger() || type.isInteger(1))
          result = op->emitOpError()
                   << "'" << name << "' reads s" << symbol.getPosition()
                   << ", argument #" << symbol.getPosition() << " of type "
                   << type << ", not an integer";
        return;
      }
      auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
      auto divisor =
          binary ? dyn_cast<AffineConstantExpr>(binary.getRHS()) : nullptr;
      if (divisor && expr.getKind() != AffineExprKind::Add &&
          expr.getKind() != AffineExprKind::Mul && divisor.getValue() <= 0)
        result = op->emitOpError()
                 << "'" << name << "' divides by " << divisor.getValue()
                 << " (a divisor must be positive)";
    });
  return result;
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (name == getNumStagesAttrName()) {
    auto stages = dyn_cast<IntegerAttr>(attr.getValue());
    // By name: the dialect does not depend on scf.
    if (op->getName().getStringRef() != "scf.for")
      return op->emitOpError()
             << "'" << name << "' applies to scf.for loops only";
    if (!stages || !stages.getType().isInteger(32) || stages.getInt() < 1)
      return op->emitOpError()
             << "'" << name << "' must be an i32 of at least 1";
    return success();
  }
  if (name == getSplitKAttrName()) {
    auto splits = dyn_cast<IntegerAttr>(attr.getValue());
    if (op->getName().getStringRef() != "scf.for" ||
        !isa_and_nonnull<FunctionOpInterface>(op->getParentOp()))
      return op->emitOpError() << "'" << name
                               << "' applies to scf.for loops directly in a "
                                  "kernel's body only";
    if (!splits || !splits.getType().isInteger(32) || splits.getInt() < 1 ||
        splits.getInt() > kMaxSplitK)
      return op->emitOpError()
             << "'" << name << "' must be an i32 from 1 to " << kMaxSplitK;
    return success();
  }
  if (name == getGridLoopAttrName()) {
    if (op->getName().getStringRef() != "scf.for" ||
        !isa<UnitAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << name << "' is a unit attribute of scf.for loops";
    return success();
  }
  if (name == getScheduleAttrName()) {
    // A kernel's, or what a CPU lowering makes of it.
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError()
             << "'" << name << "' applies to kernels (functions) only";
    if (!isa<ScheduleAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a #tile.schedule, "
                               << "got " << attr.getValue();
    return success();
  }
  if (name == getAlternativeOfAttrName())
    return verifyAlternativeOf(op, attr.getValue());
  if (name == getAlternativeTargetsAttrName())
    return verifyAlternativeTargets(op, attr.getValue());
  if (name == getGridAttrName())
    return verifyGrid(op, attr.getValue());
  bool isDivisibility = name == getDivisibilityAttrName();
  if (!isDivisibility && name != getContiguityAttrName() &&
      name != getConstancyAttrName())
    return success(); // Module-level attributes (tile.launch, ...).
  // A value hint: the promise of a front end (Triton's multiple_of,
  // max_contiguous, max_constancy) about the op's one integer or pointer
  // result, one entry per dimension (a scalar has one).
  if (op->getNumResults() != 1)
    return op->emitOpError()
           << "'" << name << "' needs an op with exactly one result";
  Type type = op->getResult(0).getType();
  Type element = getElementTypeOrSelf(type);
  if (!isa<IntegerType, IndexType, PointerType>(element))
    return op->emitOpError()
           << "'" << name << "' applies to integer and pointer values, not "
           << type;
  SmallVector<int64_t> shape{1};
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  auto values = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!values || values.size() != int64_t(shape.size()))
    return op->emitOpError() << "'" << name << "' must be an array<i64> of "
                             << shape.size() << " entries, one per dimension";
  for (auto [dim, value] : llvm::enumerate(values.asArrayRef())) {
    if (value <= 0 || !llvm::isPowerOf2_64(value))
      return op->emitOpError()
             << "'" << name << "' entry " << dim
             << " must be a positive power of two, got " << value;
    if (!isDivisibility && value > shape[dim])
      return op->emitOpError()
             << "'" << name << "' entry " << dim << " (" << value
             << ") exceeds the extent " << shape[dim];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// #tile.schedule<persistent, grouped = G, cpu = KIND, chunk = C>, each field
// optional, in that order.
Attribute ScheduleAttr::parse(AsmParser &parser, Type) {
  bool persistent = false;
  int32_t groupRows = 1, chunk = 0;
  CPUScheduleKind kind = CPUScheduleKind::Static;
  if (parser.parseLess())
    return {};
  auto parseField = [&]() -> ParseResult {
    StringRef key;
    SMLoc at = parser.getCurrentLocation();
    if (parser.parseKeyword(&key))
      return failure();
    if (key == "persistent") {
      persistent = true;
      return success();
    }
    if (parser.parseEqual())
      return failure();
    if (key == "grouped")
      return parser.parseInteger(groupRows);
    if (key == "chunk")
      return parser.parseInteger(chunk);
    if (key == "cpu") {
      StringRef name;
      SMLoc nameAt = parser.getCurrentLocation();
      if (parser.parseKeyword(&name))
        return failure();
      std::optional<CPUScheduleKind> parsed = symbolizeCPUScheduleKind(name);
      if (!parsed)
        return parser.emitError(nameAt, "expected static, dynamic or guided, "
                                        "got '")
               << name << "'";
      kind = *parsed;
      return success();
    }
    return parser.emitError(at, "unknown schedule field '")
           << key << "' (expected persistent, grouped, cpu or chunk)";
  };
  if (failed(parser.parseOptionalGreater())) {
    if (parser.parseCommaSeparatedList(parseField) || parser.parseGreater())
      return {};
  }
  return parser.getChecked<ScheduleAttr>(parser.getContext(), persistent,
                                         groupRows, kind, chunk);
}

void ScheduleAttr::print(AsmPrinter &printer) const {
  SmallVector<std::string> fields;
  if (getPersistent())
    fields.push_back("persistent");
  if (isGrouped())
    fields.push_back("grouped = " + std::to_string(getGroupRows()));
  if (getCpuKind() != CPUScheduleKind::Static || getCpuChunk() > 0)
    fields.push_back("cpu = " + stringifyCPUScheduleKind(getCpuKind()).str());
  if (getCpuChunk() > 0)
    fields.push_back("chunk = " + std::to_string(getCpuChunk()));
  printer << "<" << llvm::join(fields, ", ") << ">";
}

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   bool persistent, int32_t groupRows,
                                   CPUScheduleKind kind, int32_t chunk) {
  if (groupRows < 1)
    return emitError() << "schedule 'grouped' must be at least 1, got "
                       << groupRows;
  if (chunk < 0)
    return emitError() << "schedule 'chunk' must be positive, got " << chunk;
  return success();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static bool isTileElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth());
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type>(type);
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType, unsigned addressSpace) {
  if (!isTileElementType(pointeeType) && !isa<PointerType>(pointeeType))
    return emitError() << "pointee type must be an integer (i1-i64), float "
                          "(f16, bf16, f32, f64, f8E4M3FN, f8E5M2) or pointer "
                          "type, got "
                       << pointeeType;
  return success();
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  if (!blockType.hasStaticShape() || blockType.getRank() == 0)
    return emitError() << "descriptor block must be a static tensor of rank "
                          ">= 1, got "
                       << blockType;
  if (!isTileElementType(blockType.getElementType()))
    return emitError() << "descriptor block element type must be an integer "
                          "or float type, got "
                       << blockType.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type mlir::tile::getSameShape(Type shapeOf, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(shapeOf))
    return RankedTensorType::get(tensor.getShape(), elementType);
  return elementType;
}

Type mlir::tile::getI1SameShape(Type type) {
  return getSameShape(type, IntegerType::get(type.getContext(), 1));
}

Type mlir::tile::getPointeeTileType(Type type) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(type));
  if (!ptr)
    return Type();
  return getSameShape(type, ptr.getPointeeType());
}

unsigned mlir::tile::getElementByteSize(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType>(element))
    return 8;
  return std::max<unsigned>(1, element.getIntOrFloatBitWidth() / 8);
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

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

LogicalResult FuncOp::verify() {
  if (getFunctionType().getNumResults() != 0)
    return emitOpError("a kernel returns nothing, but the signature has ")
           << getFunctionType().getNumResults() << " result(s)";
  for (auto [index, type] : llvm::enumerate(getArgumentTypes())) {
    if (!isTileElementType(type) && !isa<PointerType>(type))
      return emitOpError("argument #")
             << index << " must be a scalar integer, float or pointer, got "
             << type;
  }
  if (auto numWarps = getNumWarps()) {
    if (*numWarps <= 0 || !llvm::isPowerOf2_32(*numWarps) || *numWarps > 32)
      return emitOpError("num_warps must be a power of two in [1, 32], got ")
             << *numWarps;
  }
  if (auto numStages = getNumStages()) {
    if (*numStages < 1)
      return emitOpError("num_stages must be at least 1, got ") << *numStages;
  }
  return success();
}
