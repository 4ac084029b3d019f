//===- LaunchGrid.cpp - A kernel's grid from its arguments ------*- C++ -*-===//
//
// Parsing, printing and evaluation of the extents of a declared grid
// (LaunchGrid.h).
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/LaunchGrid.h"

#include <algorithm>
#include <cctype>
#include <limits>

using namespace mlir::tile;

using Kind = GridExpr::Kind;

bool GridExpr::operator==(const GridExpr &other) const {
  if (nodes.size() != other.nodes.size())
    return false;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Node &a = nodes[i], &b = other.nodes[i];
    if (a.kind != b.kind || a.value != b.value || a.lhs != b.lhs ||
        a.rhs != b.rhs)
      return false;
  }
  return true;
}

namespace {

/// Expressions nest at most this deep: a grid extent is a few operations,
/// and the parser's recursion must stay bounded on any input.
constexpr int kMaxDepth = 32;

class GridParser {
public:
  GridParser(std::string_view text, GridExpr &out, std::string &error)
      : text(text), out(out), error(error) {}

  bool parse() {
    out.nodes.clear();
    uint32_t root;
    if (!expr(0, root))
      return false;
    if (pos != text.size())
      return fail("unexpected " + std::string(1, text[pos]));
    return true;
  }

private:
  bool fail(const std::string &why) {
    error = "bad grid extent '" + std::string(text) + "': " + why +
            " at offset " + std::to_string(pos);
    return false;
  }
  bool eat(char c) {
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool eat(std::string_view word) {
    if (text.substr(pos, word.size()) != word)
      return false;
    pos += word.size();
    return true;
  }
  uint32_t push(Kind kind, int64_t value, uint32_t lhs = 0, uint32_t rhs = 0) {
    out.nodes.push_back({kind, value, lhs, rhs});
    return uint32_t(out.nodes.size() - 1);
  }
  bool integer(int64_t &value) {
    bool negative = eat('-');
    size_t start = pos;
    uint64_t magnitude = 0;
    while (pos < text.size() && std::isdigit((unsigned char)text[pos])) {
      magnitude = magnitude * 10 + uint64_t(text[pos++] - '0');
      if (magnitude > uint64_t(std::numeric_limits<int64_t>::max()))
        return fail("integer out of range");
    }
    if (pos == start)
      return fail("expected an integer");
    value = negative ? -int64_t(magnitude) : int64_t(magnitude);
    return true;
  }
  bool expr(int depth, uint32_t &node) {
    if (depth > kMaxDepth)
      return fail("nested too deeply");
    if (!term(depth, node))
      return false;
    while (eat('+')) {
      uint32_t rhs;
      if (!term(depth, rhs))
        return false;
      node = push(Kind::Add, 0, node, rhs);
    }
    return true;
  }
  bool term(int depth, uint32_t &node) {
    if (!factor(depth, node))
      return false;
    while (eat('*')) {
      uint32_t rhs;
      if (!factor(depth, rhs))
        return false;
      node = push(Kind::Mul, 0, node, rhs);
    }
    return true;
  }
  bool factor(int depth, uint32_t &node) {
    if (eat('(')) {
      if (!expr(depth + 1, node))
        return false;
      return eat(')') || fail("expected ')'");
    }
    for (auto [word, kind] : {std::pair{"ceildiv(", Kind::CeilDiv},
                              std::pair{"floordiv(", Kind::FloorDiv},
                              std::pair{"mod(", Kind::Mod}}) {
      if (!eat(std::string_view(word)))
        continue;
      uint32_t lhs, rhs;
      if (!expr(depth + 1, lhs))
        return false;
      if (!eat(','))
        return fail("expected ','");
      if (!expr(depth + 1, rhs))
        return false;
      if (!eat(')'))
        return fail("expected ')'");
      node = push(kind, 0, lhs, rhs);
      return true;
    }
    int64_t value;
    if (eat('a')) {
      if (pos < text.size() && text[pos] == '-')
        return fail("expected an argument number");
      if (!integer(value))
        return false;
      if (value > int64_t(std::numeric_limits<uint32_t>::max()))
        return fail("argument number out of range");
      node = push(Kind::Argument, value);
      return true;
    }
    if (!integer(value))
      return false;
    node = push(Kind::Constant, value);
    return true;
  }

  std::string_view text;
  size_t pos = 0;
  GridExpr &out;
  std::string &error;
};

/// Binding strength: sums bind loosest, then products, then the rest.
int precedence(Kind kind) {
  return kind == Kind::Add ? 0 : kind == Kind::Mul ? 1 : 2;
}

std::string format(const GridExpr &expr, uint32_t index) {
  const GridExpr::Node &node = expr.nodes[index];
  switch (node.kind) {
  case Kind::Constant:
    return std::to_string(node.value);
  case Kind::Argument:
    return "a" + std::to_string(node.value);
  case Kind::Add:
  case Kind::Mul: {
    // Left-associative: a right operand of the same kind is parenthesized
    // so that the tree reads back as it is.
    auto operand = [&](uint32_t child, bool right) {
      std::string text = format(expr, child);
      int mine = precedence(node.kind),
          theirs = precedence(expr.nodes[child].kind);
      return theirs < mine || (right && theirs == mine) ? "(" + text + ")"
                                                        : text;
    };
    return operand(node.lhs, false) + (node.kind == Kind::Add ? "+" : "*") +
           operand(node.rhs, true);
  }
  case Kind::FloorDiv:
  case Kind::CeilDiv:
  case Kind::Mod: {
    const char *name = node.kind == Kind::FloorDiv  ? "floordiv("
                       : node.kind == Kind::CeilDiv ? "ceildiv("
                                                    : "mod(";
    return name + format(expr, node.lhs) + "," + format(expr, node.rhs) + ")";
  }
  }
  return "";
}

} // namespace

bool mlir::tile::parseGridExpr(std::string_view text, GridExpr &out,
                               std::string &error) {
  return GridParser(text, out, error).parse();
}

std::string mlir::tile::formatGridExpr(const GridExpr &expr) {
  return expr.nodes.empty() ? ""
                            : format(expr, uint32_t(expr.nodes.size() - 1));
}

std::vector<unsigned> mlir::tile::gridExprArguments(const GridExpr &expr) {
  std::vector<unsigned> indices;
  for (const GridExpr::Node &node : expr.nodes)
    if (node.kind == Kind::Argument)
      indices.push_back(unsigned(node.value));
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  return indices;
}

bool mlir::tile::evaluateGridExpr(const GridExpr &expr,
                                  const std::vector<int64_t> &arguments,
                                  int64_t &out, std::string &error) {
  if (expr.nodes.empty()) {
    error = "empty grid extent";
    return false;
  }
  auto text = [&] { return formatGridExpr(expr); };
  // Post-order: each node's operands are already evaluated.
  std::vector<int64_t> values(expr.nodes.size());
  for (size_t i = 0; i < expr.nodes.size(); ++i) {
    const GridExpr::Node &node = expr.nodes[i];
    int64_t lhs = 0, rhs = 0, &result = values[i];
    if (node.kind != Kind::Constant && node.kind != Kind::Argument) {
      if (node.lhs >= i || node.rhs >= i) {
        error = "grid extent's operands out of order";
        return false;
      }
      lhs = values[node.lhs];
      rhs = values[node.rhs];
    }
    switch (node.kind) {
    case Kind::Constant:
      result = node.value;
      break;
    case Kind::Argument:
      if (node.value < 0 || uint64_t(node.value) >= arguments.size()) {
        error = "grid extent " + text() + " reads argument " +
                std::to_string(node.value) + " of " +
                std::to_string(arguments.size());
        return false;
      }
      result = arguments[size_t(node.value)];
      break;
    case Kind::Add:
    case Kind::Mul:
      if (node.kind == Kind::Add ? __builtin_add_overflow(lhs, rhs, &result)
                                 : __builtin_mul_overflow(lhs, rhs, &result)) {
        error = "grid extent " + text() + " overflows 64 bits";
        return false;
      }
      break;
    case Kind::FloorDiv:
    case Kind::CeilDiv:
    case Kind::Mod: {
      if (rhs <= 0) {
        error = "grid extent " + text() + " divides by " + std::to_string(rhs) +
                " (a divisor must be positive)";
        return false;
      }
      // rhs > 0: only rhs == 1 and lhs == INT64_MIN could overflow, and
      // C++'s truncating division of it by 1 does not.
      int64_t quotient = lhs / rhs, remainder = lhs % rhs;
      if (node.kind == Kind::Mod)
        result = remainder < 0 ? remainder + rhs : remainder;
      else if (node.kind == Kind::FloorDiv)
        result = quotient - (remainder < 0 ? 1 : 0);
      else
        result = quotient + (remainder > 0 ? 1 : 0);
      break;
    }
    }
  }
  out = values.back();
  return true;
}
