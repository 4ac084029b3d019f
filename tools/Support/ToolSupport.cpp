//===- ToolSupport.cpp - What the tile tools share around parsing ---------===//

#include "Support/ToolSupport.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/thread.h"

using namespace mlir;

LogicalResult mlir::tile::checkNestingDepth(llvm::MemoryBufferRef buffer,
                                            std::string &error) {
  StringRef text = buffer.getBuffer();
  unsigned depth = 0, line = 1, column = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      continue;
    }
    if (inString) {
      if (c == '\\')
        ++i, ++column; // The escaped character cannot end the string.
      else if (c == '"')
        inString = false;
      continue;
    }
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    char previous = i > 0 ? text[i - 1] : '\0';
    switch (c) {
    case '"':
      inString = true;
      break;
    case '/':
      if (next == '/') // A comment runs to the end of the line.
        while (i + 1 < text.size() && text[i + 1] != '\n')
          ++i;
      break;
    case '<':
      if (next == '=') // An affine constraint, not a bracket.
        break;
      [[fallthrough]];
    case '{':
    case '(':
    case '[':
      if (++depth > kMaxNestingDepth) {
        error = (buffer.getBufferIdentifier() + ":" + Twine(line) + ":" +
                 Twine(column) + ": error: input nests deeper than " +
                 Twine(kMaxNestingDepth) +
                 " levels of brackets, the most the tile tools accept")
                    .str();
        return failure();
      }
      break;
    case '>':
      if (previous == '-' || next == '=') // "->" and ">=" close nothing.
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      if (depth)
        --depth;
      break;
    default:
      break;
    }
  }
  return success();
}

int mlir::tile::runWithLargeStack(llvm::function_ref<int()> body) {
  // About 3 KB of stack per level in the deepest walks measured (parsing
  // and the CPU pipeline: 10,000 levels ran in 32 MB, not in 16 MB); the
  // pages are reserved, not touched, until used.
  constexpr unsigned kStackBytes = 256u << 20;
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kStackBytes),
                      [&] { result = body(); });
  worker.join();
  return result;
}

void mlir::tile::hideBackendOptions(llvm::cl::OptionCategory &toolOptions) {
  for (auto &[name, option] : llvm::cl::getRegisteredOptions()) {
    bool shown = name.starts_with("mlir-") || name.starts_with("help") ||
                 name == "version" ||
                 llvm::is_contained(option->Categories, &toolOptions);
    if (!shown && option->getOptionHiddenFlag() == llvm::cl::NotHidden)
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}
