//===- Execution.h - The interpreter's run-time values and state -*- C++
//-*-===//
//
// Private to the interpreter: how a tile is held while a program runs (a flat
// row-major array of 8-byte elements with its shape and element type), the
// state an op handler sees (values, memory, program id), and the helpers the
// per-group handler files share.
//
// Element encoding: integers hold their value sign-extended from their width
// (so an i1 true is -1 and `i` reads the signed value); floats hold their
// exact value as an f64 (NaN payloads at the top of the f64 mantissa);
// pointers hold the 64-bit address.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_INTERPRETER_EXECUTION_H
#define TILE_DIALECTS_TILE_INTERPRETER_EXECUTION_H

#include "tile/Dialect/IR/Tile.h"
#include "tile/Dialect/Interpreter/Interpreter.h"
#include "tile/Dialect/Interpreter/Numerics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <memory>
#include <vector>

namespace mlir::tile::interp {

union Element {
  int64_t i;
  uint64_t u;
  double f;
};

enum class ElementKind : uint8_t { Integer, Float, Pointer, Descriptor };

/// How the elements of one element type are held and stored.
struct ElementInfo {
  ElementKind kind = ElementKind::Integer;
  /// Bits of an integer (index: 64), of a float format, or 64.
  unsigned width = 64;
  const FloatFormat *format = nullptr;

  static ElementInfo get(Type elementType);
  bool isInteger() const { return kind == ElementKind::Integer; }
  bool isFloat() const { return kind == ElementKind::Float; }
  bool isPointer() const { return kind == ElementKind::Pointer; }
  /// Bytes of one element in memory (i1: 1).
  unsigned byteSize() const { return width < 8 ? 1 : width / 8; }
};

inline int64_t signExtend(uint64_t value, unsigned width) {
  if (width >= 64)
    return int64_t(value);
  unsigned shift = 64 - width;
  return int64_t(value << shift) >> shift;
}

inline uint64_t zeroExtend(int64_t value, unsigned width) {
  if (width >= 64)
    return uint64_t(value);
  return uint64_t(value) & ((uint64_t(1) << width) - 1);
}

/// The raw bits of an element as memory holds them (low `width` bits).
uint64_t elementToBits(Element e, const ElementInfo &info);
Element elementFromBits(uint64_t bits, const ElementInfo &info);

/// The state of a `!tile.desc` value.
struct DescriptorState {
  uint64_t base = 0;
  SmallVector<int64_t, 4> shape, strides;
  bool nanPadding = false;
};

/// A scalar (empty shape) or tile at run time.
struct RtValue {
  Type elementType;
  SmallVector<int64_t, 4> shape;
  std::vector<Element> elements;
  std::shared_ptr<const DescriptorState> descriptor;
  /// With LaunchOptions::deviation: how far a conforming target's element i
  /// may be from elements[i] (docs/Semantics.md 10.1). Empty: all exact.
  std::vector<double> bounds;

  size_t size() const { return elements.size(); }
  bool isExact() const { return bounds.empty(); }
  double boundAt(size_t i) const {
    return bounds.empty() ? 0 : bounds[bounds.size() == 1 ? 0 : i];
  }
};
using ValuePtr = std::shared_ptr<const RtValue>;

/// A value of \p elementType and \p shape with zeroed elements.
std::shared_ptr<RtValue> makeValue(Type elementType, ArrayRef<int64_t> shape);
/// The element type and static shape of an MLIR type (scalars: no shape).
std::shared_ptr<RtValue> makeValue(Type type);

class Executor;
using OpHandler = LogicalResult (*)(Executor &, Operation &);
using HandlerTable = llvm::DenseMap<TypeID, OpHandler>;

/// Each op group registers its handlers; Interpreter.cpp collects them.
void registerArithHandlers(HandlerTable &table);
void registerMathHandlers(HandlerTable &table);
void registerShapeHandlers(HandlerTable &table);
void registerMemoryHandlers(HandlerTable &table);
void registerComputeHandlers(HandlerTable &table);

/// Sets the bounds of the results of \p op, which has just run, from its
/// operands' bounds and section 10's rule for its class (Deviation.cpp).
/// Memory ops set theirs as they run.
LogicalResult propagateBounds(Executor &ex, Operation &op);

/// The buffers a launch may reach; every unmasked access is checked.
class MemoryMap {
public:
  void add(uint64_t base, uint64_t bytes, std::string name);
  /// Whether [address, address + bytes) lies inside one buffer.
  bool contains(uint64_t address, uint64_t bytes) const;
  /// Where \p address is, for error messages: "NAME + N bytes", "just past
  /// the end of NAME", "N bytes before the start of NAME", ...
  std::string describe(uint64_t address) const;

private:
  struct Range {
    uint64_t begin, end;
    std::string name;
  };
  std::vector<Range> ranges;
  mutable size_t lastHit = 0;
};

/// What an op handler sees: the values of the current program, its id,
/// memory and the print stream.
class Executor {
public:
  Executor(const HandlerTable &handlers, const LaunchOptions &options,
           MemoryMap &memory);

  ValuePtr get(Value value) const {
    auto it = values.find(value);
    assert(it != values.end() && "value used before it is defined");
    return it->second;
  }
  void set(Value value, ValuePtr v) { values[value] = std::move(v); }

  /// Runs the ops of \p block with its arguments bound to \p args, and
  /// returns the operands of its terminator in \p results. A tile.return
  /// sets `returned`.
  LogicalResult runBlock(Block &block, ArrayRef<ValuePtr> args,
                         SmallVectorImpl<ValuePtr> &results);
  LogicalResult runOp(Operation &op);

  /// An error at \p op naming the program that raised it.
  InFlightDiagnostic emitError(Operation &op);
  /// A warning at \p op, given once per launch.
  void warnOnce(Operation &op, const Twine &message);

  MemoryMap &getMemory() { return memory; }
  /// Where stores record their bounds; null when the launch tracks none.
  DeviationMemory *getDeviation() const { return options.deviation; }
  /// Runs the handler of \p op alone, for the bound analysis's
  /// re-evaluations (no fault injection, no bounds).
  LogicalResult evaluate(Operation &op);
  const LaunchOptions &getOptions() const { return options; }
  std::array<uint32_t, 3> programId{0, 0, 0};
  bool returned = false;
  /// Set by a failing tile.assert.
  bool assertFailed = false;
  /// Clears the values of the previous program.
  void resetProgram() {
    values.clear();
    returned = false;
  }

private:
  void injectFault(Operation &op);

  const HandlerTable &handlers;
  const LaunchOptions &options;
  MemoryMap &memory;
  llvm::DenseMap<Value, ValuePtr> values;
  llvm::DenseSet<Operation *> warned;
};

//===----------------------------------------------------------------------===//
// Elementwise helpers. A one-element operand is broadcast against the
// others: combiner regions run on whole tiles of partial results, and their
// constants are scalars.
//===----------------------------------------------------------------------===//

inline const RtValue &widest(const RtValue &a, const RtValue &b) {
  return a.size() >= b.size() ? a : b;
}

template <typename Fn>
std::shared_ptr<RtValue> mapUnary(const RtValue &a, Type resultElementType,
                                  Fn fn) {
  auto r = makeValue(resultElementType, a.shape);
  for (size_t i = 0, n = a.size(); i < n; ++i)
    r->elements[i] = fn(a.elements[i]);
  return r;
}

template <typename Fn>
std::shared_ptr<RtValue> mapBinary(const RtValue &a, const RtValue &b,
                                   Type resultElementType, Fn fn) {
  auto r = makeValue(resultElementType, widest(a, b).shape);
  size_t sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1;
  for (size_t i = 0, n = r->size(); i < n; ++i)
    r->elements[i] = fn(a.elements[i * sa], b.elements[i * sb]);
  return r;
}

template <typename Fn>
std::shared_ptr<RtValue> mapTernary(const RtValue &a, const RtValue &b,
                                    const RtValue &c, Type resultElementType,
                                    Fn fn) {
  auto r = makeValue(resultElementType, widest(widest(a, b), c).shape);
  size_t sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1,
         sc = c.size() == 1 ? 0 : 1;
  for (size_t i = 0, n = r->size(); i < n; ++i)
    r->elements[i] =
        fn(a.elements[i * sa], b.elements[i * sb], c.elements[i * sc]);
  return r;
}

/// The value an atomic of \p kind leaves in memory holding \p old when it
/// applies \p val (docs/Semantics.md 3.6: integers wrap, float max and min
/// by IEEE totalOrder, fadd rounded to the element type).
Element combineAtomic(AtomicRMWKind kind, Element old, Element val,
                      const ElementInfo &info);

/// Row-major strides of \p shape.
SmallVector<int64_t, 4> stridesOf(ArrayRef<int64_t> shape);

/// The element type of a scalar or tensor type.
Type elementTypeOf(Type type);

/// IEEE maximum/minimum (NaN-propagating) and maximumNumber/minimumNumber
/// (NaN-avoiding), with -0 < +0 (docs/Semantics.md section 5).
double floatMaximum(double a, double b);
double floatMinimum(double a, double b);
double floatMaxNum(double a, double b);
double floatMinNum(double a, double b);

} // namespace mlir::tile::interp

#endif // TILE_DIALECTS_TILE_INTERPRETER_EXECUTION_H
