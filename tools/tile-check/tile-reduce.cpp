//===- tile-reduce.cpp - Shrinks a tile kernel while a test stays true ----===//
//
//   tile-reduce kernel.mlir --test interesting.sh [--test-arg A]... -o out.mlir
//
// A test-case reducer for tile kernels, with mlir-reduce's conventions: the
// test script gets the candidate file as its last argument and a non-zero
// exit status means "still interesting". It applies mlir-reduce style
// reductions one at a time and keeps each that the test accepts:
//   * an op is replaced by one of its operands of the same type (x + y -> x),
//   * an op's number or tile result is replaced by a zero constant,
//   * a store, print or assert is erased,
// then dead pure ops are removed. Every candidate is verified before it is
// tested, and a test that outlives --timeout (a loop the reduction made
// endless) counts as not interesting. (mlir-reduce-22's own reduction tree
// erases ops that still have users and crashes cloning the result on such
// kernels; this tool never builds an invalid candidate.) tile-check --reduce-ir
// runs it with tile-check as the test.
//
//===----------------------------------------------------------------------===//

#include "Support/ToolSupport.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace llvm;

static cl::OptionCategory reduceOptions("tile-reduce options");

static cl::opt<std::string> inputPath(cl::Positional, cl::desc("<kernel.mlir>"),
                                      cl::Required, cl::cat(reduceOptions));
static cl::opt<std::string> outputPath("o", cl::desc("Output file"),
                                       cl::value_desc("path"), cl::init("-"),
                                       cl::cat(reduceOptions));
static cl::opt<std::string> testScript(
    "test", cl::desc("Interestingness test: exits non-zero when interesting"),
    cl::Required, cl::cat(reduceOptions));
static cl::list<std::string> testArgs("test-arg",
                                      cl::desc("An argument of the test"),
                                      cl::cat(reduceOptions));
static cl::opt<unsigned> timeout(
    "timeout",
    cl::desc("Seconds a test may run; a candidate that takes longer (a loop "
             "the reduction made endless) is not interesting"),
    cl::init(120), cl::cat(reduceOptions));

namespace {

bool isPureLeaf(Operation *op) {
  return isMemoryEffectFree(op) && op->getNumRegions() == 0;
}

bool isReplaceable(Operation *op) {
  return op->getNumResults() == 1 && isPureLeaf(op) &&
         !op->hasTrait<OpTrait::ConstantLike>();
}

/// The ops of \p module in pre-order; edits name ops by position, so that the
/// same edit applies to every clone.
std::vector<Operation *> opsOf(ModuleOp module) {
  std::vector<Operation *> ops;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != module.getOperation())
      ops.push_back(op);
  });
  return ops;
}

enum class Edit { ForwardOperand, Zero, Erase };

/// Applies \p edit to op \p index of \p module; false if it does not apply.
bool applyEdit(ModuleOp module, size_t index, Edit edit) {
  std::vector<Operation *> ops = opsOf(module);
  if (index >= ops.size())
    return false;
  Operation *op = ops[index];
  switch (edit) {
  case Edit::ForwardOperand:
    if (!isReplaceable(op))
      return false;
    for (Value operand : op->getOperands())
      if (operand.getType() == op->getResult(0).getType()) {
        op->getResult(0).replaceAllUsesWith(operand);
        op->erase();
        return true;
      }
    return false;
  case Edit::Zero: {
    if (!isReplaceable(op))
      return false;
    Type type = op->getResult(0).getType();
    Type element = getElementTypeOrSelf(type);
    if (!isa<IntegerType, FloatType>(element) ||
        (isa<ShapedType>(type) && !isa<RankedTensorType>(type)))
      return false;
    OpBuilder b(op);
    TypedAttr zero = b.getZeroAttr(element);
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      zero = DenseElementsAttr::get(tensor, zero);
    Value c = arith::ConstantOp::create(b, op->getLoc(), zero);
    op->getResult(0).replaceAllUsesWith(c);
    op->erase();
    return true;
  }
  case Edit::Erase:
    if (!isa<mlir::tile::StoreOp, mlir::tile::PrintOp, mlir::tile::AssertOp>(
            op))
      return false;
    op->erase();
    return true;
  }
  return false;
}

/// Removes pure ops whose results are unused, until none is left.
void removeDeadOps(ModuleOp module) {
  bool changed = true;
  while (changed) {
    changed = false;
    std::vector<Operation *> ops = opsOf(module);
    for (auto it = ops.rbegin(); it != ops.rend(); ++it)
      if (isPureLeaf(*it) && (*it)->getNumResults() > 0 && (*it)->use_empty()) {
        (*it)->erase();
        changed = true;
      }
  }
}

class Tester {
public:
  bool isInteresting(ModuleOp module) {
    ++runs;
    SmallString<128> path;
    int fd;
    if (sys::fs::createTemporaryFile("tile-reduce", "mlir", fd, path))
      return false;
    {
      ToolOutputFile out(path, fd);
      module.print(out.os());
      out.keep(); // removed below, after the test
      out.os().close();
      if (out.os().has_error())
        return false;
    }
    std::vector<StringRef> argv = {testScript};
    for (const std::string &a : testArgs)
      argv.push_back(a);
    argv.push_back(path);
    std::string error;
    int rc =
        sys::ExecuteAndWait(testScript, argv, std::nullopt, {}, 0, 0, &error);
    sys::fs::remove(path);
    return rc > 0; // -1: failed to run, -2: crashed or timed out
  }
  unsigned runs = 0;
};

} // namespace

static int reduce() {
  DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);

  SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string error;
  auto file = openInputFile(inputPath, &error);
  if (!file) {
    errs() << "tile-reduce: " << error << "\n";
    return 1;
  }
  if (failed(mlir::tile::checkNestingDepth(*file, error))) {
    errs() << "tile-reduce: " << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  OwningOpRef<ModuleOp> best = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!best)
    return 1;

  Tester tester;
  if (!tester.isInteresting(*best)) {
    errs() << "tile-reduce: the input is not interesting to the test\n";
    return 1;
  }
  size_t before = opsOf(*best).size();
  // Candidates may be invalid (a zero where a value is needed is always
  // valid, but erasing a store may leave nothing to check); silence their
  // verifier errors.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  bool progress = true;
  while (progress) {
    progress = false;
    for (Edit edit : {Edit::Erase, Edit::ForwardOperand, Edit::Zero}) {
      // Later ops first: removing a use often frees the ops before it.
      for (size_t i = opsOf(*best).size(); i-- > 0;) {
        OwningOpRef<ModuleOp> candidate = best->clone();
        if (!applyEdit(*candidate, i, edit))
          continue;
        removeDeadOps(*candidate);
        if (failed(verify(*candidate)) || !tester.isInteresting(*candidate))
          continue;
        best = std::move(candidate);
        progress = true;
      }
    }
  }

  auto output = openOutputFile(outputPath, &error);
  if (!output) {
    errs() << "tile-reduce: " << error << "\n";
    return 1;
  }
  best->print(output->os());
  output->keep();
  errs() << "tile-reduce: " << before << " ops -> " << opsOf(*best).size()
         << " ops, " << tester.runs << " tests\n";
  return 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mlir::tile::hideBackendOptions(reduceOptions);
  cl::ParseCommandLineOptions(argc, argv, "Tile kernel reducer\n");
  return mlir::tile::runWithLargeStack(reduce);
}
