//===- Interpreter.cpp - Programs, control flow, memory map, dispatch -----===//
//
// The driver of the reference interpreter: it binds the kernel's arguments,
// runs the body once per program, walks `scf` control flow and hands every
// other op to the handler its group registered (ArithOps.cpp, MathOps.cpp,
// ShapeOps.cpp, MemoryOps.cpp, ComputeOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Execution.h"

#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::interp;

//===----------------------------------------------------------------------===//
// Elements and values
//===----------------------------------------------------------------------===//

ElementInfo ElementInfo::get(Type type) {
  ElementInfo info;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    info.kind = ElementKind::Integer;
    info.width = intType.getWidth();
  } else if (isa<IndexType>(type)) {
    info.kind = ElementKind::Integer;
    info.width = 64;
  } else if (const FloatFormat *format = getFloatFormat(type)) {
    info.kind = ElementKind::Float;
    info.width = unsigned(format->bits());
    info.format = format;
  } else if (isa<PointerType>(type)) {
    info.kind = ElementKind::Pointer;
  } else {
    info.kind = ElementKind::Descriptor;
  }
  return info;
}

uint64_t mlir::tile::interp::elementToBits(Element e, const ElementInfo &info) {
  switch (info.kind) {
  case ElementKind::Float:
    return encodeFloat(e.f, *info.format);
  case ElementKind::Integer:
    return zeroExtend(e.i, info.width);
  default:
    return e.u;
  }
}

Element mlir::tile::interp::elementFromBits(uint64_t bits,
                                            const ElementInfo &info) {
  Element e;
  switch (info.kind) {
  case ElementKind::Float:
    e.f = decodeFloat(bits, *info.format);
    break;
  case ElementKind::Integer:
    e.i = signExtend(bits, info.width);
    break;
  default:
    e.u = bits;
    break;
  }
  return e;
}

std::shared_ptr<RtValue>
mlir::tile::interp::makeValue(Type elementType, ArrayRef<int64_t> shape) {
  auto v = std::make_shared<RtValue>();
  v->elementType = elementType;
  v->shape.assign(shape.begin(), shape.end());
  size_t n = 1;
  for (int64_t d : shape)
    n *= size_t(d);
  v->elements.assign(n, Element{0});
  return v;
}

std::shared_ptr<RtValue> mlir::tile::interp::makeValue(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return makeValue(tensor.getElementType(), tensor.getShape());
  return makeValue(type, {});
}

SmallVector<int64_t, 4> mlir::tile::interp::stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

Type mlir::tile::interp::elementTypeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

double mlir::tile::interp::floatMaximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) ? a : b;
  if (a == b)
    return std::signbit(a) ? b : a; // +0 beats -0
  return a > b ? a : b;
}

double mlir::tile::interp::floatMinimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) ? a : b;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

double mlir::tile::interp::floatMaxNum(double a, double b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  return floatMaximum(a, b);
}

double mlir::tile::interp::floatMinNum(double a, double b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  return floatMinimum(a, b);
}

//===----------------------------------------------------------------------===//
// Memory map
//===----------------------------------------------------------------------===//

void MemoryMap::add(uint64_t base, uint64_t bytes, std::string name) {
  ranges.push_back({base, base + bytes, std::move(name)});
  std::sort(ranges.begin(), ranges.end(),
            [](const Range &a, const Range &b) { return a.begin < b.begin; });
}

bool MemoryMap::contains(uint64_t address, uint64_t bytes) const {
  if (address + bytes < address)
    return false;
  auto inside = [&](const Range &r) {
    return address >= r.begin && address + bytes <= r.end;
  };
  if (lastHit < ranges.size() && inside(ranges[lastHit]))
    return true;
  auto it =
      std::upper_bound(ranges.begin(), ranges.end(), address,
                       [](uint64_t a, const Range &r) { return a < r.begin; });
  if (it == ranges.begin())
    return false;
  --it;
  if (!inside(*it))
    return false;
  lastHit = size_t(it - ranges.begin());
  return true;
}

std::string MemoryMap::describe(uint64_t address) const {
  for (const Range &r : ranges)
    if (address >= r.begin && address < r.end)
      return r.name + " + " + std::to_string(address - r.begin) + " bytes";
  std::string text;
  for (const Range &r : ranges) {
    if (address >= r.end)
      text = address == r.end ? "just past the end of " + r.name
                              : std::to_string(address - r.end) +
                                    " bytes past the end of " + r.name;
  }
  for (const Range &r : ranges) {
    if (address < r.begin) {
      std::string before = std::to_string(r.begin - address) +
                           " bytes before the start of " + r.name;
      if (text.empty() || r.begin - address < 4096)
        text = before;
      break;
    }
  }
  return text.empty() ? "far from every buffer" : text;
}

//===----------------------------------------------------------------------===//
// Executor
//===----------------------------------------------------------------------===//

Executor::Executor(const HandlerTable &handlers, const LaunchOptions &options,
                   MemoryMap &memory)
    : handlers(handlers), options(options), memory(memory) {}

InFlightDiagnostic Executor::emitError(Operation &op) {
  InFlightDiagnostic diag = op.emitError();
  diag << "in program (" << programId[0] << ", " << programId[1] << ", "
       << programId[2] << "): ";
  return diag;
}

void Executor::warnOnce(Operation &op, const Twine &message) {
  if (warned.insert(&op).second)
    op.emitWarning() << message;
}

LogicalResult Executor::runBlock(Block &block, ArrayRef<ValuePtr> args,
                                 SmallVectorImpl<ValuePtr> &results) {
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
    set(arg, value);
  for (Operation &op : block.without_terminator()) {
    if (failed(runOp(op)))
      return failure();
    if (returned)
      return success();
  }
  Operation *terminator = block.getTerminator();
  if (isa<tile::ReturnOp, func::ReturnOp>(terminator))
    returned = true;
  results.clear();
  for (Value operand : terminator->getOperands())
    results.push_back(get(operand));
  return success();
}

LogicalResult Executor::runOp(Operation &op) {
  auto it = handlers.find(op.getName().getTypeID());
  if (it == handlers.end())
    return op.emitError() << "the reference interpreter does not implement '"
                          << op.getName() << "'";
  if (failed(it->second(*this, op)))
    return failure();
  if (!options.faultOp.empty() &&
      op.getName().getStringRef() == options.faultOp)
    injectFault(op);
  if (options.deviation)
    return propagateBounds(*this, op);
  return success();
}

LogicalResult Executor::evaluate(Operation &op) {
  auto it = handlers.find(op.getName().getTypeID());
  assert(it != handlers.end() && "evaluating an op that already ran");
  // A re-evaluation at a corner may divide by zero or leave a domain: not
  // the kernel's error, so nothing of it is reported.
  ScopedDiagnosticHandler silence(op.getContext(),
                                  [](Diagnostic &) { return success(); });
  return it->second(*this, op);
}

void Executor::injectFault(Operation &op) {
  for (Value result : op.getResults()) {
    auto copy = std::make_shared<RtValue>(*get(result));
    ElementInfo info = ElementInfo::get(copy->elementType);
    for (Element &e : copy->elements) {
      if (info.isFloat() && std::isfinite(e.f)) {
        // One unit in the last place away from zero.
        uint64_t bits = encodeFloat(e.f, *info.format) + 1;
        e.f = decodeFloat(bits, *info.format);
      } else if (info.isInteger()) {
        e.i = signExtend(uint64_t(e.i) + 1, info.width);
      }
    }
    set(result, std::move(copy));
  }
}

//===----------------------------------------------------------------------===//
// Control flow: scf and the kernel's own terminators
//===----------------------------------------------------------------------===//

namespace {

int64_t scalarInt(Executor &ex, Value v) { return ex.get(v)->elements[0].i; }

ValuePtr makeInt(Type type, int64_t value) {
  auto v = makeValue(type, {});
  v->elements[0].i = signExtend(uint64_t(value), ElementInfo::get(type).width);
  return v;
}

LogicalResult runFor(Executor &ex, Operation &operation) {
  auto op = cast<scf::ForOp>(operation);
  Type ivType = op.getInductionVar().getType();
  unsigned width = ElementInfo::get(ivType).width;
  bool isUnsigned = op.getUnsignedCmp();
  auto read = [&](Value v) -> __int128 {
    int64_t raw = scalarInt(ex, v);
    return isUnsigned ? __int128(zeroExtend(raw, width)) : __int128(raw);
  };
  __int128 lb = read(op.getLowerBound()), ub = read(op.getUpperBound()),
           step = read(op.getStep());
  if (step <= 0 && lb < ub)
    return ex.emitError(operation)
           << "scf.for with a step of " << int64_t(step)
           << " does not terminate (the step must be positive)";
  SmallVector<ValuePtr> iters;
  for (Value init : op.getInitArgs())
    iters.push_back(ex.get(init));
  SmallVector<ValuePtr> args, results;
  for (__int128 iv = lb; iv < ub; iv += step) {
    args.assign(1, makeInt(ivType, int64_t(iv)));
    args.append(iters.begin(), iters.end());
    if (failed(ex.runBlock(*op.getBody(), args, results)))
      return failure();
    iters.assign(results.begin(), results.end());
  }
  for (auto [result, value] : llvm::zip_equal(op.getResults(), iters))
    ex.set(result, value);
  return success();
}

LogicalResult runIf(Executor &ex, Operation &operation) {
  auto op = cast<scf::IfOp>(operation);
  bool cond = scalarInt(ex, op.getCondition()) != 0;
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return success(); // no else: no results either
  SmallVector<ValuePtr> results;
  if (failed(ex.runBlock(region.front(), {}, results)))
    return failure();
  for (auto [result, value] : llvm::zip_equal(op.getResults(), results))
    ex.set(result, value);
  return success();
}

LogicalResult runWhile(Executor &ex, Operation &operation) {
  auto op = cast<scf::WhileOp>(operation);
  SmallVector<ValuePtr> args, results;
  for (Value init : op.getInits())
    args.push_back(ex.get(init));
  while (true) {
    if (failed(ex.runBlock(op.getBefore().front(), args, results)))
      return failure();
    bool cond = results[0]->elements[0].i != 0;
    args.assign(results.begin() + 1, results.end());
    if (!cond)
      break;
    if (failed(ex.runBlock(op.getAfter().front(), args, results)))
      return failure();
    args.assign(results.begin(), results.end());
  }
  for (auto [result, value] : llvm::zip_equal(op.getResults(), args))
    ex.set(result, value);
  return success();
}

LogicalResult runExecuteRegion(Executor &ex, Operation &operation) {
  auto op = cast<scf::ExecuteRegionOp>(operation);
  if (!op.getRegion().hasOneBlock())
    return ex.emitError(operation)
           << "scf.execute_region with several blocks is not supported";
  SmallVector<ValuePtr> results;
  if (failed(ex.runBlock(op.getRegion().front(), {}, results)))
    return failure();
  for (auto [result, value] : llvm::zip_equal(op.getResults(), results))
    ex.set(result, value);
  return success();
}

LogicalResult runIndexSwitch(Executor &ex, Operation &operation) {
  auto op = cast<scf::IndexSwitchOp>(operation);
  int64_t index = scalarInt(ex, op.getArg());
  Region *region = &op.getDefaultRegion();
  for (auto [value, caseRegion] :
       llvm::zip_equal(op.getCases(), op.getCaseRegions()))
    if (value == index)
      region = &caseRegion;
  SmallVector<ValuePtr> results;
  if (failed(ex.runBlock(region->front(), {}, results)))
    return failure();
  for (auto [result, value] : llvm::zip_equal(op.getResults(), results))
    ex.set(result, value);
  return success();
}

LogicalResult runProgramId(Executor &ex, Operation &operation) {
  auto op = cast<ProgramIdOp>(operation);
  ex.set(op, makeInt(op.getType(), ex.programId[unsigned(op.getAxis())]));
  return success();
}

LogicalResult runNumPrograms(Executor &ex, Operation &operation) {
  auto op = cast<NumProgramsOp>(operation);
  ex.set(op,
         makeInt(op.getType(), ex.getOptions().grid[unsigned(op.getAxis())]));
  return success();
}

const HandlerTable &getHandlers() {
  static const HandlerTable table = [] {
    HandlerTable t;
    t[TypeID::get<scf::ForOp>()] = runFor;
    t[TypeID::get<scf::IfOp>()] = runIf;
    t[TypeID::get<scf::WhileOp>()] = runWhile;
    t[TypeID::get<scf::ExecuteRegionOp>()] = runExecuteRegion;
    t[TypeID::get<scf::IndexSwitchOp>()] = runIndexSwitch;
    t[TypeID::get<ProgramIdOp>()] = runProgramId;
    t[TypeID::get<NumProgramsOp>()] = runNumPrograms;
    registerArithHandlers(t);
    registerMathHandlers(t);
    registerShapeHandlers(t);
    registerMemoryHandlers(t);
    registerComputeHandlers(t);
    return t;
  }();
  return table;
}

/// Terminators are not dispatched: runBlock reads their operands.
bool isTerminatorKnown(Operation *op) {
  return isa<scf::YieldOp, scf::ConditionOp, tile::YieldOp, tile::ReturnOp,
             func::ReturnOp>(op);
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult mlir::tile::interp::checkSupported(Operation *kernel) {
  const HandlerTable &handlers = getHandlers();
  WalkResult walk = kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == kernel || isTerminatorKnown(op) ||
        handlers.count(op->getName().getTypeID()))
      return WalkResult::advance();
    op->emitError() << "the reference interpreter does not implement '"
                    << op->getName() << "'";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult mlir::tile::interp::runKernel(FunctionOpInterface kernel,
                                            ArrayRef<KernelArgument> args,
                                            ArrayRef<HostBuffer> buffers,
                                            const LaunchOptions &options,
                                            bool *assertFailed) {
  if (assertFailed)
    *assertFailed = false;
  if (failed(checkSupported(kernel)))
    return failure();
  if (kernel.isExternal())
    return kernel.emitError() << "the kernel has no body";
  if (!kernel.getResultTypes().empty())
    return kernel.emitError() << "a kernel returns nothing";
  Region &body = kernel.getFunctionBody();
  if (!body.hasOneBlock())
    return kernel.emitError()
           << "the reference interpreter runs single-block kernels only";
  Block &entry = body.front();
  if (args.size() != entry.getNumArguments())
    return kernel.emitError() << "the kernel takes " << entry.getNumArguments()
                              << " arguments, " << args.size() << " given";
  for (uint32_t extent : options.grid)
    if (extent == 0)
      return kernel.emitError() << "a grid extent is zero";

  MemoryMap memory;
  for (const HostBuffer &buffer : buffers)
    memory.add(reinterpret_cast<uint64_t>(buffer.data), buffer.bytes,
               buffer.name);

  SmallVector<ValuePtr> argValues;
  for (auto [arg, given] : llvm::zip_equal(entry.getArguments(), args)) {
    auto value = makeValue(arg.getType());
    if (!value->shape.empty())
      return kernel.emitError() << "kernel arguments are scalars and pointers";
    value->elements[0] =
        elementFromBits(given.bits, ElementInfo::get(arg.getType()));
    argValues.push_back(std::move(value));
  }

  Executor ex(getHandlers(), options, memory);
  SmallVector<ValuePtr> results;
  for (uint32_t z = 0; z < options.grid[2]; ++z)
    for (uint32_t y = 0; y < options.grid[1]; ++y)
      for (uint32_t x = 0; x < options.grid[0]; ++x) {
        ex.resetProgram();
        ex.programId = {x, y, z};
        if (failed(ex.runBlock(entry, argValues, results))) {
          if (assertFailed)
            *assertFailed = ex.assertFailed;
          return failure();
        }
      }
  return success();
}

//===----------------------------------------------------------------------===//
// Precision classes (docs/Semantics.md section 10)
//===----------------------------------------------------------------------===//

/// Whether \p op's float type is narrower than f32, where section 8 makes
/// divf and sqrt correctly rounded.
static bool isNarrowFloat(Operation *op) {
  if (op->getNumResults() == 0)
    return false;
  const FloatFormat *f =
      getFloatFormat(elementTypeOf(op->getResult(0).getType()));
  return f && f->bits() <= 16;
}

/// The reason \p op is bounded rather than exact, or "" when it is exact.
static std::string boundedReason(Operation *op) {
  if (auto fm = dyn_cast<arith::ArithFastMathInterface>(op)) {
    auto loose = arith::FastMathFlags::reassoc | arith::FastMathFlags::arcp |
                 arith::FastMathFlags::contract | arith::FastMathFlags::afn;
    arith::FastMathFlagsAttr flags = fm.getFastMathFlagsAttr();
    if (flags && arith::bitEnumContainsAny(flags.getValue(), loose))
      return op->getName().getStringRef().str() + " with fastmath flags";
  }
  if (auto dot = dyn_cast<DotOp>(op))
    return isa<IntegerType>(elementTypeOf(dot.getA().getType())) ? ""
                                                                 : "tile.dot";
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return rmw.getKind() == AtomicRMWKind::fadd ? "tile.atomic_rmw fadd" : "";
  if (isa<ReduceOp, ScanOp>(op)) {
    bool adds = false;
    op->walk([&](Operation *inner) {
      adds |= isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp>(
          inner);
    });
    return adds ? op->getName().getStringRef().str() + " of float sums" : "";
  }
  if (isa<arith::DivFOp, math::SqrtOp>(op))
    return isNarrowFloat(op) ? "" : op->getName().getStringRef().str();
  if (op->getDialect() && op->getDialect()->getNamespace() == "math") {
    if (isa<math::AbsFOp, math::AbsIOp, math::CopySignOp, math::FloorOp,
            math::CeilOp, math::TruncOp, math::RoundOp, math::RoundEvenOp,
            math::FmaOp, math::CountLeadingZerosOp, math::CountTrailingZerosOp,
            math::CtPopOp, math::IsNaNOp, math::IsInfOp, math::IsFiniteOp,
            math::IsNormalOp, math::IPowIOp, math::ClampFOp>(op))
      return "";
    return op->getName().getStringRef().str();
  }
  return "";
}

bool mlir::tile::interp::isExactKernel(Operation *kernel, std::string *why) {
  std::string reason;
  kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    reason = boundedReason(op);
    if (reason.empty())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (why)
    *why = reason;
  return reason.empty();
}
