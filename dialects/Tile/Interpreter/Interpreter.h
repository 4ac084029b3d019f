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

struct LaunchOptions {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  /// Where tile.print writes; null discards it.
  llvm::raw_ostream *printStream = nullptr;
  /// A testing aid for the checker itself: every result of the ops named
  /// here (e.g. "arith.addf") is moved by one unit in its last place, so
  /// that tests can show a comparison failing and a failure being reduced.
  std::string faultOp;
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
