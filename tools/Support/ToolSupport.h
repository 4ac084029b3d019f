//===- ToolSupport.h - What the tile tools share around parsing -*- C++ -*-===//
//
// MLIR's parser and most walks recurse once per level of nesting, so a
// deeply nested input overflows an ordinary thread's stack and the tool dies
// with SIGSEGV instead of a diagnostic. The tools therefore refuse input
// nested deeper than kMaxNestingDepth before parsing it, and run their work
// on a thread whose stack holds that depth with room to spare.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_SUPPORT_TOOLSUPPORT_H
#define TILE_TOOLS_SUPPORT_TOOLSUPPORT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <string>

namespace mlir::tile {

/// Deepest nesting of brackets ('{', '(', '[', '<') outside strings and
/// comments that the tools accept (docs/Dialect.md).
constexpr unsigned kMaxNestingDepth = 4096;

/// Checks that `buffer` nests no deeper than kMaxNestingDepth; otherwise
/// says where it first does, as "NAME:LINE:COL: error: ...", in `error`.
LogicalResult checkNestingDepth(llvm::MemoryBufferRef buffer,
                                std::string &error);

/// Lists in --help only the options of `toolOptions`, MLIR's (named mlir-*:
/// printing IR, timing, threading) and --help/--version, not the hundreds
/// LLVM's code generators register; --help-hidden still lists them all.
void hideBackendOptions(llvm::cl::OptionCategory &toolOptions);

/// Runs `body` on a thread with a stack large enough for input of
/// kMaxNestingDepth levels through parsing, passes and code generation, and
/// returns its result.
int runWithLargeStack(llvm::function_ref<int()> body);

} // namespace mlir::tile

#endif // TILE_TOOLS_SUPPORT_TOOLSUPPORT_H
