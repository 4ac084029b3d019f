//===- tile-check.cpp - One kernel on every target against the reference --===//
//
//   tile-check kernel.mlir --grid 98 --arg buf:f32:100000:rand ... [options]
//
// Runs the kernel on the reference interpreter and on every target of this
// build (the CPU always; NVIDIA and AMD where their device exists, compiled
// only otherwise), compares every buffer argument with docs/Semantics.md's
// tolerances and prints a table. Exit status: 0 when every target that ran
// matches the reference, 1 when one differs or fails, 2 when no check could be
// made (bad command line or input, or the reference itself failed). See
// docs/Testing.md.
//
//===----------------------------------------------------------------------===//

#include "Support/ToolSupport.h"
#include "tile-check/Check.h"
#include "tile-check/Reduce.h"
#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/Target/Target.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <cstdio>
#include <cstring>

using namespace mlir::tile;
using namespace mlir::tile::check;

namespace {

const char kUsage[] =
    "usage: tile-check KERNEL.mlir [--grid X[,Y[,Z]]] --arg SPEC... [options]\n"
    "       tile-check KERNEL.mlir --cases FILE [options]\n"
    "\n"
    "Runs the kernel on the reference interpreter and on every target of this\n"
    "build (cpu; nvidia and amd where their device is present, compiled only\n"
    "otherwise), compares every buffer argument with docs/Semantics.md's\n"
    "tolerances and prints a table. Exit status 0: every target that ran\n"
    "matches; 1: one differs or fails; 2: no check could be made (bad input,\n"
    "the reference itself failed, or no target ran: see --compile-only).\n"
    "\n"
    "options:\n"
    "  --kernel NAME          the tile.func to check (default: the only one)\n"
    "  --grid X[,Y[,Z]]       the launch grid (by default, and necessarily,\n"
    "                         the grid the kernel declares, if it does)\n"
    "  --arg SPEC             the next kernel argument, as tile-run takes it:\n"
    "                           i1:V ... i64:V f16:V bf16:V f32:V f64:V\n"
    "                           buf:DTYPE:COUNT:FILL (see tile-run --help)\n"
    "  --targets LIST         comma-separated targets (default: every one of\n"
    "                         this build); 'none' runs the reference alone\n"
    "  --compile-only         accept a check in which targets only compiled\n"
    "                         (by default a run in which no target executed\n"
    "                         the kernel is exit status 2, \"NOTHING RAN\")\n"
    "  --tol I=TOL            tolerance of buffer argument I: exact, ulp:N,\n"
    "                         rtol:R (times max |ref|) or abs:A\n"
    "  --compare DIR          also compare DIR/argI.bin (written elsewhere by\n"
    "                         tile-run --write I=DIR/argI.bin) with the "
    "reference\n"
    "  --ttir-metadata FILE   for a .ttir kernel: Triton's metadata JSON\n"
    "                         (num_warps, num_stages, enable_fp_fusion);\n"
    "                         default the .json beside it, 'none' for none\n"
    "  --host-descriptor-padding LIST\n"
    "                         for a .ttir kernel: zero or nan, the padding of\n"
    "                         its host TensorDescriptor arguments (one for\n"
    "                         all, or one each, comma-separated; default\n"
    "                         zero, or the sidecar's)\n"
    "  --print I              print the reference's buffer argument I\n"
    "  --write-reference DIR  write the reference's buffers to DIR/argI.bin\n"
    "  --cases FILE           check every line of FILE (--grid ... --arg ...\n"
    "                         [--compare DIR]; '#' starts a comment),\n"
    "                         compiling once\n"
    "  --reduce DIR           on a failure, shrink the inputs and write a\n"
    "                         self-contained reproducer to DIR\n"
    "  --reduce-ir            with --reduce, also shrink the kernel with\n"
    "                         tile-reduce (slow)\n"
    "  --inject-fault OP      testing aid: move the reference's results of op\n"
    "                         OP (e.g. arith.addf) by one ulp\n"
    "  --sim-conversion-parts N\n"
    "                         testing aid: the simulated GPU lowering "
    "converts\n"
    "                         layouts through shared memory in up to N parts\n"
    "                         wherever it can (convert-tile-to-gpu's\n"
    "                         conversion-parts), not only where space is "
    "short\n"
    "  --still-fails T:I      for reducers: exit 1 when target T's buffer I\n"
    "                         differs from the reference, 0 otherwise\n"
    "  --quiet                print the verdict line only\n";

int usageError(const std::string &message) {
  std::fprintf(stderr, "tile-check: error: %s (see tile-check --help)\n",
               message.c_str());
  return 2;
}

int inputError(const std::string &message) {
  std::fprintf(stderr, "tile-check: error: %s\n", message.c_str());
  return 2;
}

struct CommandLine {
  std::string kernelPath, kernelName, casesPath, targets, compareDir,
      writeReferenceDir, reduceDir, faultOp, stillFails, ttirMetadata,
      hostDescriptorPadding, conversionParts;
  std::vector<std::string> caseWords, tolerances, prints;
  bool quiet = false, reduceIR = false, help = false, compileOnly = false;
};

bool parseCommandLine(int argc, char **argv, CommandLine &cl,
                      std::string &message) {
  struct Flag {
    const char *name;
    std::string *value;
    std::vector<std::string> *list;
  };
  const Flag flags[] = {
      {"--kernel", &cl.kernelName, nullptr},
      {"--cases", &cl.casesPath, nullptr},
      {"--targets", &cl.targets, nullptr},
      {"--tol", nullptr, &cl.tolerances},
      {"--compare", &cl.compareDir, nullptr},
      {"--print", nullptr, &cl.prints},
      {"--write-reference", &cl.writeReferenceDir, nullptr},
      {"--reduce", &cl.reduceDir, nullptr},
      {"--inject-fault", &cl.faultOp, nullptr},
      {"--sim-conversion-parts", &cl.conversionParts, nullptr},
      {"--still-fails", &cl.stillFails, nullptr},
      {"--ttir-metadata", &cl.ttirMetadata, nullptr},
      {"--host-descriptor-padding", &cl.hostDescriptorPadding, nullptr},
  };
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      cl.help = true;
      return true;
    }
    if (arg == "--quiet") {
      cl.quiet = true;
      continue;
    }
    if (arg == "--compile-only") {
      cl.compileOnly = true;
      continue;
    }
    if (arg == "--reduce-ir") {
      cl.reduceIR = true;
      continue;
    }
    if (arg.size() < 2 || arg.compare(0, 2, "--") != 0 || arg == "--") {
      positional.push_back(arg);
      continue;
    }
    std::string name = arg, value;
    bool hasValue = false;
    if (size_t eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      hasValue = true;
    }
    if (name == "--grid" || name == "--arg") {
      // Kept in order for parseCase, which also reads --cases lines.
      if (!hasValue) {
        if (i + 1 >= argc) {
          message = "option '" + name + "' needs a value";
          return false;
        }
        value = argv[++i];
      }
      cl.caseWords.push_back(name);
      cl.caseWords.push_back(value);
      continue;
    }
    const Flag *flag = nullptr;
    for (const Flag &f : flags)
      if (name == f.name)
        flag = &f;
    if (!flag) {
      message = "unknown option '" + name + "'";
      return false;
    }
    if (!hasValue) {
      if (i + 1 >= argc) {
        message = "option '" + name + "' needs a value";
        return false;
      }
      value = argv[++i];
    }
    if (flag->list)
      flag->list->push_back(value);
    else
      *flag->value = value;
  }
  if (positional.size() != 1) {
    message = positional.empty()
                  ? "no kernel file given"
                  : "more than one kernel file given ('" + positional[1] + "')";
    return false;
  }
  cl.kernelPath = positional[0];
  if (cl.casesPath.empty() && cl.caseWords.empty()) {
    message = "--grid and --arg (or --cases FILE) are required";
    return false;
  }
  if (!cl.casesPath.empty() && !cl.caseWords.empty()) {
    message = "--cases excludes --grid and --arg";
    return false;
  }
  if (cl.reduceIR && cl.reduceDir.empty()) {
    message = "--reduce-ir needs --reduce DIR";
    return false;
  }
  return true;
}

/// "I=VALUE" naming argument I.
bool parseIndexed(const std::string &text, const char *option, size_t &index,
                  std::string &value, std::string &message) {
  size_t eq = text.find('=');
  int64_t i;
  if (eq == std::string::npos || eq + 1 == text.size() ||
      !run::parseInt(text.substr(0, eq), i) || i < 0) {
    message = std::string("bad ") + option + " '" + text +
              "' (expected I=VALUE, I an argument number)";
    return false;
  }
  index = size_t(i);
  value = text.substr(eq + 1);
  return true;
}

std::string formatError(double value) {
  if (value == 0)
    return "0";
  char text[32];
  std::snprintf(text, sizeof(text), "%.3g", value);
  return text;
}

const char *statusWord(TargetResult::Status status) {
  switch (status) {
  case TargetResult::NotBuilt:
    return "not built";
  case TargetResult::CompileFailed:
    return "compile failed";
  case TargetResult::CompiledOnly:
    return "compiled only";
  case TargetResult::RunFailed:
    return "run failed";
  case TargetResult::Ran:
    return "ran";
  }
  return "?";
}

/// The first line of a (possibly multi-line) message.
std::string firstLine(const std::string &text) {
  std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? text : line;
}

/// Whether a check in which no target ran fails (exit status 2): unless
/// the user asked for no target (`--targets none`, the reference alone) or
/// accepts compiling alone (`--compile-only`).
bool nothingRanIsFailure(const CommandLine &cl) {
  return !cl.compileOnly && cl.targets != "none";
}

/// The outcome of one row source (a target or a compared directory).
struct RowOutcome {
  std::string label;
  bool failed = false; ///< counts against the exit status
  bool ran = false;    ///< the kernel ran (and was compared)
  std::string summary; ///< for the verdict line
};

/// Prints the rows of one target's comparison and returns its outcome.
RowOutcome reportTarget(const Checker &checker, const Case &c,
                        const TargetResult &result,
                        const ReferenceResult &reference, bool quiet,
                        std::vector<BufferVerdict> *verdictsOut = nullptr) {
  RowOutcome out;
  out.label = result.target;
  auto line = [&](const std::string &text) {
    if (!quiet)
      std::printf("%-8s %s\n", result.target.c_str(), text.c_str());
  };
  // A reference that failed its tile.assert expects the launch to fail.
  bool expectFailure = reference.status == ReferenceResult::AssertFailed;
  switch (result.status) {
  case TargetResult::NotBuilt:
  case TargetResult::CompiledOnly:
    line(std::string(statusWord(result.status)) +
         (result.detail.empty() ? "" : " (" + firstLine(result.detail) + ")"));
    out.summary = statusWord(result.status);
    return out;
  case TargetResult::CompileFailed:
    line("compile failed: " + firstLine(result.detail));
    out.failed = true;
    out.summary = "compile failed";
    return out;
  case TargetResult::RunFailed:
    if (expectFailure && result.launchFailed) {
      line("launch failed, as the reference's tile.assert did: PASS");
      out.summary = "assert fails as expected";
      out.ran = true;
      return out;
    }
    line("run failed: " + firstLine(result.detail));
    out.failed = true;
    out.summary = "run failed";
    return out;
  case TargetResult::Ran:
    out.ran = true;
    break;
  }
  if (expectFailure) {
    line("the launch succeeded, but the reference failed a tile.assert: FAIL");
    out.failed = true;
    out.summary = "missed a failing assert";
    return out;
  }
  std::vector<BufferVerdict> verdicts =
      checker.compare(c, result.buffers, reference);
  size_t bad = 0;
  for (const BufferVerdict &v : verdicts) {
    const BufferComparison &cmp = v.comparison;
    char row[256];
    std::snprintf(row, sizeof(row), "#%-5zu %-7s %-9zu %-9s %-9s %-8s %-11s %s",
                  v.index, run::dtypeName(c.specs[v.index].dtype), cmp.elements,
                  formatError(cmp.maxAbs).c_str(),
                  formatError(cmp.maxRel).c_str(),
                  formatError(cmp.maxUlp).c_str(), v.tolerance.str().c_str(),
                  v.pass() ? "ok" : "FAIL");
    line(row);
    if (!quiet && cmp.hasWorst && cmp.worstError > 0)
      std::printf("         worst [%zu]: error %s, bound %s\n", cmp.worstIndex,
                  formatError(cmp.worstError).c_str(),
                  formatError(cmp.worstBound).c_str());
    if (!quiet && cmp.unbounded)
      std::printf("         %zu of %zu elements without a bound: compared "
                  "within %s times max |ref|\n",
                  cmp.unbounded, cmp.elements,
                  Tolerance{Tolerance::RelativeToMax, v.tolerance.value}
                      .str()
                      .substr(5)
                      .c_str());
    if (!v.pass()) {
      ++bad;
      if (!quiet) {
        std::printf("         %zu of %zu elements differ\n", cmp.mismatches,
                    cmp.elements);
        for (const std::string &m : cmp.firstMismatches)
          std::printf("         %s\n", m.c_str());
      }
    }
  }
  out.failed = bad != 0;
  out.summary = bad ? std::to_string(bad) + " of " +
                          std::to_string(verdicts.size()) + " buffers differ"
                    : std::to_string(verdicts.size()) + " buffers match";
  if (verdictsOut)
    *verdictsOut = std::move(verdicts);
  return out;
}

void printHeader(const Checker &checker, const Case &c,
                 const ReferenceResult &reference, double seconds) {
  mlir::tile::FuncOp kernel = checker.getKernel();
  std::printf("tile-check: @%s, grid %u,%u,%u, %zu arguments\n",
              kernel.getSymName().str().c_str(), c.grid[0], c.grid[1],
              c.grid[2], c.specs.size());
  std::printf(
      "reference: interpreter, %.2f s; float outputs compared %s\n", seconds,
      checker.isExactKernel()
          ? "bit for bit (every op is exact-class)"
          : ("within tolerance (" + checker.getBoundedReason() + " is bounded)")
                .c_str());
  if (reference.status == ReferenceResult::AssertFailed)
    std::printf("reference: a tile.assert failed; every target's launch must "
                "fail too\n");
  std::printf("%-8s %-6s %-7s %-9s %-9s %-9s %-8s %-11s %s\n", "target",
              "buffer", "dtype", "elements", "max abs", "max rel", "max ulp",
              "tolerance", "result");
}

/// Loads DIR/argI.bin for every buffer argument that has one.
bool loadResultFiles(const std::string &dir, const Case &c,
                     const ReferenceResult &reference, TargetResult &out,
                     std::string &error) {
  out.target = llvm::sys::path::filename(llvm::StringRef(dir).rtrim('/')).str();
  out.status = TargetResult::Ran;
  out.buffers = reference.buffers; // buffers without a file compare equal
  size_t found = 0;
  for (size_t i = 0; i < c.specs.size(); ++i) {
    if (!c.specs[i].isBuffer)
      continue;
    std::string path = dir + "/arg" + std::to_string(i) + ".bin";
    if (!llvm::sys::fs::exists(path))
      continue;
    // The file must hold exactly the reference's bytes; reading stops past
    // them.
    if (!run::readFile(path, out.buffers[i], error,
                       reference.buffers[i].size()))
      return false;
    if (out.buffers[i].size() != reference.buffers[i].size()) {
      error = "'" + path + "' has " + std::to_string(out.buffers[i].size()) +
              " bytes, argument #" + std::to_string(i) + " has " +
              std::to_string(reference.buffers[i].size());
      return false;
    }
    ++found;
  }
  if (!found) {
    error = "no result file in '" + dir +
            "' (expected argI.bin for a buffer argument I)";
    return false;
  }
  return true;
}

void printBuffer(const Case &c, size_t index,
                 const std::vector<unsigned char> &bytes) {
  const run::ArgSpec &spec = c.specs[index];
  size_t size = run::dtypeSize(spec.dtype);
  std::printf("reference #%zu (%s x %zu):", index, run::dtypeName(spec.dtype),
              spec.count);
  for (size_t k = 0; k < spec.count; ++k)
    std::printf(" %s",
                formatElement(spec.dtype, bytes.data() + k * size).c_str());
  std::printf("\n");
}

/// Runs one case on the reference and every target; prints the table unless
/// \p quiet. Returns the exit status.
int checkOne(Checker &checker, const Case &c, const CommandLine &cl,
             std::string *failedTarget, size_t *failedBuffer) {
  std::string error;
  if (!checker.validate(c, error))
    return inputError(error);
  Buffers inputs;
  if (!checker.makeInputs(c, inputs, error))
    return inputError(error);

  auto start = std::chrono::steady_clock::now();
  std::string printed;
  llvm::raw_string_ostream printStream(printed);
  ReferenceResult reference = checker.runReference(c, inputs, &printStream);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!reference.diagnostics.empty())
    std::fputs(reference.diagnostics.c_str(), stderr);
  if (reference.status == ReferenceResult::Failed)
    return inputError("the reference interpreter failed; nothing to compare");
  std::fputs(printed.c_str(), stdout);

  for (const std::string &p : cl.prints) {
    int64_t index;
    if (!run::parseInt(p, index) || index < 0 ||
        size_t(index) >= c.specs.size() || !c.specs[size_t(index)].isBuffer)
      return usageError("--print " + p + ": not a buffer argument");
    printBuffer(c, size_t(index), reference.buffers[size_t(index)]);
  }
  if (!cl.writeReferenceDir.empty()) {
    if (auto ec = llvm::sys::fs::create_directories(cl.writeReferenceDir))
      return inputError("cannot create '" + cl.writeReferenceDir +
                        "': " + ec.message());
    for (size_t i = 0; i < c.specs.size(); ++i)
      if (c.specs[i].isBuffer &&
          !run::writeFile(
              cl.writeReferenceDir + "/arg" + std::to_string(i) + ".bin",
              reference.buffers[i].data(), reference.buffers[i].size(), error))
        return inputError(error);
  }

  if (!cl.quiet)
    printHeader(checker, c, reference, seconds);
  std::vector<RowOutcome> outcomes;
  checker.compileTargets();
  // The simulators' prints go out as the reference's and the CPU's do.
  checker.setSimulatorPrints(&llvm::outs());
  auto quietSimulators =
      llvm::make_scope_exit([&] { checker.setSimulatorPrints(nullptr); });
  for (const std::string &target : checker.getTargetNames()) {
    TargetResult result = checker.runTarget(target, c, inputs);
    std::vector<BufferVerdict> verdicts;
    outcomes.push_back(
        reportTarget(checker, c, result, reference, cl.quiet, &verdicts));
    if (outcomes.back().failed && failedTarget && failedTarget->empty()) {
      *failedTarget = target;
      for (const BufferVerdict &v : verdicts)
        if (!v.pass()) {
          *failedBuffer = v.index;
          break;
        }
    }
  }
  if (!cl.compareDir.empty()) {
    TargetResult files;
    if (!loadResultFiles(cl.compareDir, c, reference, files, error))
      return inputError("--compare: " + error);
    outcomes.push_back(reportTarget(checker, c, files, reference, cl.quiet));
  }

  bool failed = false, ran = false;
  std::string summary;
  for (const RowOutcome &o : outcomes) {
    failed |= o.failed;
    ran |= o.ran;
    summary += (summary.empty() ? "" : "; ") + o.label + ": " + o.summary;
  }
  if (summary.empty())
    summary = "the reference alone";
  const std::string name = checker.getKernel().getSymName().str();
  if (!failed && !ran && nothingRanIsFailure(cl)) {
    std::printf("tile-check: NOTHING RAN @%s (%s): no target executed the "
                "kernel; --compile-only accepts compiling alone\n",
                name.c_str(), summary.c_str());
    return 2;
  }
  std::printf("tile-check: %s @%s (%s)\n", failed ? "FAIL" : "PASS",
              name.c_str(), summary.c_str());
  return failed ? 1 : 0;
}

/// --still-fails T:I: the interestingness test of a reducer. Exit 1 only
/// when the reference completes, T runs, and buffer I differs.
int stillFails(Checker &checker, const Case &c, const std::string &spec) {
  size_t colon = spec.rfind(':');
  int64_t index;
  if (colon == std::string::npos ||
      !run::parseInt(spec.substr(colon + 1), index))
    return usageError("bad --still-fails '" + spec + "' (expected TARGET:I)");
  std::string target = spec.substr(0, colon), error;
  Buffers inputs;
  if (!checker.validate(c, error) || !checker.makeInputs(c, inputs, error))
    return 0;
  ReferenceResult reference = checker.runReference(c, inputs);
  if (reference.status != ReferenceResult::Completed)
    return 0;
  TargetResult result = checker.runTarget(target, c, inputs);
  if (result.status != TargetResult::Ran)
    return 0;
  for (const BufferVerdict &v : checker.compare(c, result.buffers, reference))
    if (v.index == size_t(index) && !v.pass())
      return 1;
  return 0;
}

/// Removes `--compare DIR` (or `--compare=DIR`) from the words of a --cases
/// line, returning DIR in \p dir.
bool takeCompareDir(std::vector<std::string> &words, std::string &dir,
                    std::string &error) {
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].rfind("--compare=", 0) == 0) {
      dir = words[i].substr(strlen("--compare="));
      words.erase(words.begin() + i);
    } else if (words[i] == "--compare") {
      if (i + 1 >= words.size()) {
        error = "option '--compare' needs a value";
        return false;
      }
      dir = words[i + 1];
      words.erase(words.begin() + i, words.begin() + i + 2);
    } else {
      continue;
    }
    if (dir.empty()) {
      error = "option '--compare' needs a value";
      return false;
    }
    return true;
  }
  return true;
}

/// --cases: one line of output per case, then the count.
int checkCases(Checker &checker, const CommandLine &cl) {
  std::string error;
  std::vector<unsigned char> bytes;
  // A cases file is text of a few lines per case: 1 GiB is past any.
  if (!run::readFile(cl.casesPath, bytes, error, size_t(1) << 30))
    return inputError(error);
  std::string text(bytes.begin(), bytes.end());
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  size_t total = 0, passed = 0, failed = 0, errors = 0, lineNumber = 0;
  bool anyRan = false;
  checker.compileTargets();
  for (llvm::StringRef lineText : lines) {
    ++lineNumber;
    llvm::StringRef line = lineText.split('#').first.trim();
    if (line.empty())
      continue;
    llvm::SmallVector<llvm::StringRef> parts;
    line.split(parts, ' ', -1, /*KeepEmpty=*/false);
    std::vector<std::string> words(parts.begin(), parts.end());
    std::string where = cl.casesPath + ":" + std::to_string(lineNumber);
    Case c;
    ++total;
    Buffers inputs;
    // A line may name the results of this case from elsewhere, as
    // --compare does for one case.
    std::string compareDir;
    if (!takeCompareDir(words, compareDir, error) ||
        !parseCase(words, c, error) || !checker.validate(c, error) ||
        !checker.resolveGrid(c, error) ||
        !checker.makeInputs(c, inputs, error)) {
      std::printf("ERROR %s: %s\n", where.c_str(), error.c_str());
      ++errors;
      continue;
    }
    ReferenceResult reference = checker.runReference(c, inputs);
    if (reference.status == ReferenceResult::Failed) {
      std::printf("ERROR %s: the reference failed: %s\n", where.c_str(),
                  firstLine(reference.diagnostics).c_str());
      ++errors;
      continue;
    }
    std::string problems;
    for (const std::string &target : checker.getTargetNames()) {
      TargetResult result = checker.runTarget(target, c, inputs);
      RowOutcome o = reportTarget(checker, c, result, reference,
                                  /*quiet=*/true);
      anyRan |= o.ran;
      if (o.failed)
        problems += (problems.empty() ? "" : "; ") + target + ": " + o.summary;
    }
    if (!compareDir.empty()) {
      TargetResult files;
      if (!loadResultFiles(compareDir, c, reference, files, error)) {
        std::printf("ERROR %s: --compare: %s\n", where.c_str(), error.c_str());
        ++errors;
        continue;
      }
      RowOutcome o = reportTarget(checker, c, files, reference,
                                  /*quiet=*/true);
      anyRan = true;
      if (o.failed)
        problems +=
            (problems.empty() ? "" : "; ") + compareDir + ": " + o.summary;
    }
    if (problems.empty()) {
      ++passed;
      if (!cl.quiet)
        std::printf("PASS %s: %s\n", where.c_str(), c.str().c_str());
      continue;
    }
    ++failed;
    std::printf("FAIL %s: %s (%s)\n", where.c_str(), c.str().c_str(),
                problems.c_str());
  }
  std::printf("tile-check: @%s: %zu cases, %zu passed, %zu failed, %zu "
              "errors\n",
              checker.getKernel().getSymName().str().c_str(), total, passed,
              failed, errors);
  if (!errors && !failed && total && !anyRan && nothingRanIsFailure(cl)) {
    std::printf("tile-check: NOTHING RAN: no target executed the kernel; "
                "--compile-only accepts compiling alone\n");
    return 2;
  }
  return errors ? 2 : failed ? 1 : 0;
}

} // namespace

static int runTileCheck(int argc, char **argv, bool &stillFailsMode) {
  CommandLine cl;
  std::string message;
  if (!parseCommandLine(argc, argv, cl, message))
    return usageError(message);
  if (cl.help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  stillFailsMode = !cl.stillFails.empty();

  Options options;
  options.faultOp = cl.faultOp;
  if (!cl.conversionParts.empty()) {
    int64_t parts = 0;
    if (!run::parseInt(cl.conversionParts, parts) || parts < 1 || parts > 64 ||
        !llvm::isPowerOf2_64(uint64_t(parts)))
      return usageError("--sim-conversion-parts takes a power of two from 1 "
                        "to 64, got '" +
                        cl.conversionParts + "'");
    options.conversionParts = parts;
  }
  if (!cl.targets.empty()) {
    // Target options hold commas only after "features=", which tile-check
    // does not take; a plain split is enough. "none" selects no target.
    llvm::SmallVector<llvm::StringRef> names;
    llvm::StringRef(cl.targets).split(names, ',', -1, false);
    for (llvm::StringRef name : names)
      options.targets.push_back(name.str());
  }
  for (const std::string &t : cl.tolerances) {
    size_t index;
    std::string value;
    Tolerance tolerance;
    if (!parseIndexed(t, "--tol", index, value, message) ||
        !Tolerance::parse(value, tolerance, message))
      return usageError(message);
    options.tolerances[index] = tolerance;
  }

  mlir::DialectRegistry registry;
  mlir::tile::registerTileDialects(registry);
  mlir::tile::registerAllTargets();
  mlir::MLIRContext context(registry);
  // Errors name the op by its source line; the generic form adds nothing.
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  auto file = mlir::openInputFile(cl.kernelPath, &message);
  if (!file)
    return inputError(message);
  if (mlir::failed(mlir::tile::checkNestingDepth(*file, message)))
    return inputError(message);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  // A Triton kernel's TTIR is imported first (docs/TTIR.md).
  mlir::tile::ConvertTTIRToTileOptions ttirOptions;
  llvm::SmallVector<llvm::StringRef> paddings;
  llvm::SplitString(cl.hostDescriptorPadding, paddings, ",");
  for (llvm::StringRef padding : paddings)
    ttirOptions.hostDescriptorPadding.push_back(padding.str());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::tile::isTTIRFileName(cl.kernelPath)
          ? mlir::tile::importTTIR(
                sourceMgr, &context, ttirOptions,
                cl.ttirMetadata == "none" ? std::string()
                : cl.ttirMetadata.empty()
                    ? mlir::tile::findTTIRMetadata(cl.kernelPath)
                    : cl.ttirMetadata)
          : mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return inputError("cannot parse '" + cl.kernelPath + "'");

  std::vector<mlir::tile::FuncOp> kernels;
  for (auto k : module->getOps<mlir::tile::FuncOp>())
    if (cl.kernelName.empty() || k.getSymName() == cl.kernelName)
      kernels.push_back(k);
  if (kernels.size() != 1) {
    std::vector<std::string> names;
    for (auto k : module->getOps<mlir::tile::FuncOp>())
      names.push_back("@" + k.getSymName().str());
    std::string known = names.empty() ? "none" : llvm::join(names, ", ");
    if (!cl.kernelName.empty())
      return inputError("no kernel @" + cl.kernelName + " in '" +
                        cl.kernelPath + "' (kernels: " + known + ")");
    return inputError("'" + cl.kernelPath + "' holds " +
                      std::to_string(names.size()) + " kernels (" + known +
                      "); choose one with --kernel");
  }

  Checker checker(*module, kernels[0], sourceMgr, options);
  if (!cl.casesPath.empty())
    return checkCases(checker, cl);

  Case c;
  if (!parseCase(cl.caseWords, c, message))
    return inputError(message);
  // checkOne reports an invalid case; a valid one settles its grid first.
  if (checker.validate(c, message) && !checker.resolveGrid(c, message))
    return cl.stillFails.empty() ? inputError(message) : 0;
  if (!cl.stillFails.empty())
    return stillFails(checker, c, cl.stillFails);
  std::string failedTarget;
  size_t failedBuffer = 0;
  int status = checkOne(checker, c, cl, &failedTarget, &failedBuffer);
  if (status != 1 || cl.reduceDir.empty() || failedTarget.empty())
    return status;

  ReduceOptions reduceOptions;
  reduceOptions.directory = cl.reduceDir;
  reduceOptions.kernelPath = cl.kernelPath;
  reduceOptions.reduceIR = cl.reduceIR;
  reduceOptions.toolPath = argv[0];
  if (!cl.faultOp.empty())
    reduceOptions.extraFlags.push_back("--inject-fault=" + cl.faultOp);
  for (const std::string &t : cl.tolerances)
    reduceOptions.extraFlags.push_back("--tol=" + t);
  if (!reduceAndWrite(checker, c, failedTarget, failedBuffer, reduceOptions))
    return 2;
  return status;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  bool stillFailsMode = false;
  int status = mlir::tile::runWithLargeStack(
      [&] { return runTileCheck(argc, argv, stillFailsMode); });
  // A reducer's test: only "still fails" is 1; every other outcome, a
  // candidate that does not even parse included, is 0.
  if (stillFailsMode)
    return status == 1 ? 1 : 0;
  return status;
}
