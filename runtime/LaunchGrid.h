//===- LaunchGrid.h - A kernel's grid from its arguments --------*- C++ -*-===//
//
// A kernel may declare the grid it is launched with as integer expressions
// of its integer arguments (`tile.grid`, docs/Semantics.md section 1.1), as
// a Triton caller's grid function computes it from the block sizes. The
// artifact records the three extents as text (`grid X Y Z`,
// docs/Runtime.md) and the runtime evaluates them at each launch, so that
// alternatives with different tiles each run over their own grid.
//
// An extent is spelled without spaces:
//   expr   := term ('+' term)*
//   term   := factor ('*' factor)*
//   factor := INTEGER | 'a' INDEX | '(' expr ')'
//           | ('ceildiv' | 'floordiv' | 'mod') '(' expr ',' expr ')'
// INTEGER may be negative; aN is argument N. Values are 64-bit integers;
// floordiv and ceildiv round toward -inf and +inf, mod is in [0, divisor),
// as MLIR's affine expressions define them. A divisor that is not positive,
// and any overflow, make the evaluation fail.
//
// Like artifact.h, this uses only the C++17 standard library.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_LAUNCHGRID_H
#define TILE_RUNTIME_LAUNCHGRID_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mlir::tile {

/// One extent of a declared grid: an expression tree stored in post-order
/// (every node after its operands; the last node is the root).
struct GridExpr {
  enum class Kind : uint8_t {
    Constant, ///< `value`
    Argument, ///< kernel argument number `value`
    Add,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
  };
  struct Node {
    Kind kind;
    int64_t value = 0;         ///< Constant: the value; Argument: its index
    uint32_t lhs = 0, rhs = 0; ///< operands of the binary kinds
  };
  std::vector<Node> nodes;

  bool operator==(const GridExpr &other) const;
  bool operator!=(const GridExpr &other) const { return !(*this == other); }
};

/// Parses one extent (the grammar above); on failure says why in \p error.
bool parseGridExpr(std::string_view text, GridExpr &out, std::string &error);

/// The spelling of \p expr that parseGridExpr reads back equal.
std::string formatGridExpr(const GridExpr &expr);

/// The argument indices \p expr reads, ascending, each once.
std::vector<unsigned> gridExprArguments(const GridExpr &expr);

/// Evaluates \p expr with argument N worth \p arguments[N]; on failure (an
/// argument beyond \p arguments, a divisor that is not positive, overflow)
/// says why in \p error.
bool evaluateGridExpr(const GridExpr &expr,
                      const std::vector<int64_t> &arguments, int64_t &out,
                      std::string &error);

} // namespace mlir::tile

#endif // TILE_RUNTIME_LAUNCHGRID_H
