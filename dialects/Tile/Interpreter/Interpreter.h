//===- Interpreter.h - The reference interpreter of tile kernels -*- C++
//-*-===//
//
// Runs a verified tile kernel directly on host memory, program after program,
// with no code generation: the oracle tile-check compares every target with.
// It follows docs/Semantics.md: masked lanes touch no memory, f32 and
// narrower arithmetic is computed in f64 and rounded to the element type after
// every op (section 8), conversions and stores round as section 7 says,
// integers wrap, atomics run in program order, and Philox gives its exact
// bits. Ops whose results section 10 bounds rather than fixes (float
// reductions and scans that add or multiply, `dot`, math functions) are
// evaluated as exactly as f64 allows and rounded once, so that the reference
// sits at the centre of the tolerance.
//
// Every unmasked memory access is checked against the buffers of the launch;
// an access outside them, a failed tile.assert or an op the interpreter does
// not implement is reported as an error at the op, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TILE_INTERPRETER_INTERPRETER_H
#define TILE_DIALECTS_TILE_INTERPRETER_INTERPRETER_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace mlir::tile::interp {

/// One kernel argument, as the runtime passes it.
struct KernelArgument {
  /// Integers: the value (its low bits count); floats: the bits of the
  /// argument's type (an f32's 32 bits); pointers: the host address.
  uint64_t bits = 0;
};

/// A host allocation that the kernel may reach through its arguments.
struct HostBuffer {
  void *data = nullptr;
  size_t bytes = 0;
  std::string name; ///< for error messages, e.g. "argument #2"
};

/// How far a conforming target's memory may be from the reference's after a
/// launch, element by element, by docs/Semantics.md section 10: the
/// interpreter carries a bound with every value it computes (a running
/// error analysis, see docs/Semantics.md 10.1) and records here what each
/// store and atomic leaves behind. An address it has not written holds the
/// launch's input: bound 0.
class DeviationMemory {
public:
  /// The bound of the element at \p address: 0 when a target must give the
  /// same bits, +inf when the analysis cannot bound it.
  double get(uint64_t address) const;
  /// A store of a value within \p bound.
  void set(uint64_t address, double bound);
  /// A float atomic add of a value of magnitude \p magnitude, itself within
  /// \p bound, into an element whose type has machine epsilon \p epsilon;
  /// \p flush is what one add may lose to flushing subnormals.
  void addAtomically(uint64_t address, double magnitude, double bound,
                     double epsilon, double flush);
  /// Whether every element written so far must match exactly.
  bool allExact() const { return bounds.empty() && sums.empty(); }

private:
  struct Sum {
    double magnitude = 0, epsilon = 0, flush = 0;
    uint64_t count = 0;
  };
  std::unordered_map<uint64_t, double> bounds;
  std::unordered_map<uint64_t, Sum> sums;
};

struct LaunchOptions {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  /// Where tile.print writes; null discards it.
  llvm::raw_ostream *printStream = nullptr;
  /// A testing aid for the checker itself: every result of the ops named
  /// here (e.g. "arith.addf") is moved by one unit in its last place, so
  /// that tests can show a comparison failing and a failure being reduced.
  std::string faultOp;
  /// When set, the launch also bounds how far each element it writes may
  /// be from the reference on a conforming target (see DeviationMemory).
  DeviationMemory *deviation = nullptr;
};

/// Checks that the interpreter implements every op nested in \p kernel;
/// emits an error at the first one it does not, naming it.
LogicalResult checkSupported(Operation *kernel);

/// Runs \p kernel (a tile.func, or any function without results) once per
/// program of the grid, in order x fastest, then y, then z. \p args gives
/// every argument; pointers must point into \p buffers. Errors go to the
/// kernel's context as diagnostics located at the failing op;
/// \p assertFailed, when given, tells a failed tile.assert (a launch that
/// fails by design, docs/Semantics.md 3.9) from the other errors.
LogicalResult runKernel(FunctionOpInterface kernel,
                        ArrayRef<KernelArgument> args,
                        ArrayRef<HostBuffer> buffers,
                        const LaunchOptions &options,
                        bool *assertFailed = nullptr);

/// Whether every op of \p kernel belongs to the exact class of
/// docs/Semantics.md section 10 (integer ops, data movement, memory,
/// conversions, correctly rounded float ops, min/max, ...). When not, \p why
/// receives the first op that is bounded instead, e.g. "math.exp".
bool isExactKernel(Operation *kernel, std::string *why = nullptr);

} // namespace mlir::tile::interp

#endif // TILE_DIALECTS_TILE_INTERPRETER_INTERPRETER_H
