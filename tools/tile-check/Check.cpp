//===- Check.cpp - Runs one kernel on the reference and on targets --------===//

#include "tile-check/Check.h"

#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Dialect/Interpreter/GPUSimulator.h"
#include "tile/Dialect/Interpreter/Interpreter.h"
#include "tile/Dialect/Interpreter/Numerics.h"
#include "tile/Dialect/Transforms/Passes.h"
#include "tile/Target/Target.h"
#include "llvm/ADT/ScopeExit.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstring>

#include <csignal>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir::tile;
using namespace mlir::tile::check;
using namespace mlir::tile::run;
namespace interp = mlir::tile::interp;

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

std::string Case::str() const {
  std::string text = "--grid " + std::to_string(grid[0]) + "," +
                     std::to_string(grid[1]) + "," + std::to_string(grid[2]);
  for (const std::string &arg : argTexts)
    text += " --arg " + arg;
  return text;
}

bool mlir::tile::check::parseCase(const std::vector<std::string> &words,
                                  Case &out, std::string &error) {
  out = Case();
  bool haveGrid = false;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string word = words[i], value;
    size_t eq = word.find('=');
    bool inlineValue = word.compare(0, 2, "--") == 0 && eq != std::string::npos;
    if (inlineValue) {
      value = word.substr(eq + 1);
      word.resize(eq);
    }
    if (word != "--grid" && word != "--arg") {
      error = "unexpected '" + words[i] + "' (a case holds --grid and --arg)";
      return false;
    }
    if (!inlineValue) {
      if (i + 1 >= words.size()) {
        error = "option '" + word + "' needs a value";
        return false;
      }
      value = words[++i];
    }
    if (word == "--grid") {
      if (!parseGrid(value, out.grid, error))
        return false;
      haveGrid = true;
      continue;
    }
    ArgSpec spec;
    if (!parseArgSpec(value, spec, error))
      return false;
    out.argTexts.push_back(value);
    out.specs.push_back(spec);
  }
  out.gridGiven = haveGrid;
  if (!haveGrid)
    return true; // Checker::resolveGrid
  for (uint32_t extent : out.grid)
    if (extent == 0) {
      error = "a grid extent is zero (the runtime refuses empty launches)";
      return false;
    }
  return true;
}

std::string mlir::tile::check::backendOf(const std::string &target) {
  if (target == "nvidia")
    return "cuda";
  if (target == "amd")
    return "hip";
  return target;
}

//===----------------------------------------------------------------------===//
// Checker
//===----------------------------------------------------------------------===//

/// A target's compiled kernel, loaded on its device when there is one.
struct Checker::CompiledTarget {
  std::string label; ///< as selected, e.g. "cpu" or "cpu:chip=haswell"
  TargetResult::Status status = TargetResult::NotBuilt;
  std::string detail;
  tile_device_t device = nullptr;
  tile_module_t module = nullptr;
  tile_kernel_t kernel = nullptr;
  std::string backend;
  /// For a `sim-` target: the kernel lowered by the target's GPU pipeline
  /// (up to its own dialect), run by the GPU simulator.
  mlir::OwningOpRef<mlir::ModuleOp> simulated;
  unsigned warpSize = 0;

  ~CompiledTarget() {
    tile_status_free(tile_module_unload(module));
    tile_status_free(tile_device_close(device));
  }
};

Checker::Checker(mlir::ModuleOp module, mlir::tile::FuncOp kernel,
                 llvm::SourceMgr &sourceMgr, Options options)
    : module(module), kernel(kernel), sourceMgr(sourceMgr),
      options(std::move(options)) {
  exactKernel = interp::isExactKernel(kernel, &boundedReason);
}

Checker::~Checker() = default;

namespace {

/// The dtype a buffer for pointee \p type should have, for messages.
const char *expectedDType(mlir::Type type) {
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (llvm::isa<mlir::Float8E4M3FNType>(type))
    return "f8e4m3";
  if (llvm::isa<mlir::Float8E5M2Type>(type))
    return "f8e5m2";
  if (type.isInteger(1) || type.isInteger(8))
    return "i8 or u8";
  if (type.isInteger(16))
    return "i16";
  if (type.isInteger(32))
    return "i32";
  if (type.isInteger(64) || llvm::isa<mlir::tile::PointerType>(type))
    return "i64";
  return nullptr;
}

bool dtypeFits(DType dtype, mlir::Type pointee) {
  const char *expected = expectedDType(pointee);
  if (!expected)
    return false;
  std::string name = dtypeName(dtype);
  std::string list = expected;
  return list == name || (list == "i8 or u8" && (name == "i8" || name == "u8"));
}

std::optional<tile_arg_kind_t> kindOf(mlir::Type type) {
  if (llvm::isa<mlir::tile::PointerType>(type))
    return TILE_ARG_PTR;
  if (type.isInteger(1))
    return TILE_ARG_I1;
  if (type.isInteger(8))
    return TILE_ARG_I8;
  if (type.isInteger(16))
    return TILE_ARG_I16;
  if (type.isInteger(32))
    return TILE_ARG_I32;
  if (type.isInteger(64))
    return TILE_ARG_I64;
  if (type.isF16())
    return TILE_ARG_F16;
  if (type.isBF16())
    return TILE_ARG_BF16;
  if (type.isF32())
    return TILE_ARG_F32;
  if (type.isF64())
    return TILE_ARG_F64;
  return std::nullopt;
}

std::string typeText(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Collects diagnostics as the command line shows them (file:line:col with
/// the source line) into a string, while it lives.
class CapturedDiagnostics {
public:
  CapturedDiagnostics(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context)
      : os(text), handler(sourceMgr, context, os) {}
  std::string take() {
    os.flush();
    return text;
  }

private:
  std::string text;
  llvm::raw_string_ostream os;
  mlir::SourceMgrDiagnosticHandler handler;
};

} // namespace

bool Checker::declaresGrid() const {
  mlir::tile::FuncOp k = kernel;
  return k->hasAttr(TileDialect::getGridAttrName());
}

bool Checker::resolveGrid(Case &c, std::string &error) const {
  mlir::tile::FuncOp k = kernel;
  std::string name = "@" + k.getSymName().str();
  auto declared =
      k->getAttrOfType<AffineMapAttr>(TileDialect::getGridAttrName());
  if (!declared) {
    if (!c.gridGiven)
      error = "--grid is required (kernel " + name + " declares no grid)";
    return c.gridGiven;
  }
  // Symbol i is integer argument i (the verifier's guarantee), read as the
  // signed integer of its width.
  mlir::AffineMap map = declared.getValue();
  mlir::Builder b(k.getContext());
  SmallVector<Attribute> operands;
  for (unsigned i = 0; i < map.getNumSymbols() && i < c.specs.size(); ++i)
    operands.push_back(b.getI64IntegerAttr(c.specs[i].arg.value.i));
  SmallVector<Attribute> extents;
  if (operands.size() != map.getNumSymbols() ||
      failed(map.constantFold(operands, extents))) {
    error = "kernel " + name +
            "'s declared grid cannot be evaluated for "
            "these arguments";
    return false;
  }
  // Past the portable limits the runtime refuses the grid, as it refuses
  // a case's own.
  uint32_t grid[3] = {1, 1, 1};
  for (auto [axis, extent] : llvm::enumerate(extents)) {
    int64_t value = cast<IntegerAttr>(extent).getInt();
    if (value < 1 || value > int64_t(UINT32_MAX)) {
      error = "kernel " + name + " declares a grid extent of " +
              std::to_string(value) + " along " + "xyz"[axis] +
              " for these arguments";
      return false;
    }
    grid[axis] = uint32_t(value);
  }
  if (c.gridGiven && !std::equal(grid, grid + 3, c.grid)) {
    error = "the case's grid " + std::to_string(c.grid[0]) + "," +
            std::to_string(c.grid[1]) + "," + std::to_string(c.grid[2]) +
            " is not the grid kernel " + name +
            " declares for its arguments, " + std::to_string(grid[0]) + "," +
            std::to_string(grid[1]) + "," + std::to_string(grid[2]) +
            " (give that grid, or none)";
    return false;
  }
  std::copy(grid, grid + 3, c.grid);
  return true;
}

bool Checker::validate(const Case &c, std::string &error) const {
  // Op handles are values; their accessors are not const.
  mlir::tile::FuncOp k = kernel;
  auto types = k.getArgumentTypes();
  std::string name = "@" + k.getSymName().str();
  for (const auto &[index, tolerance] : options.tolerances)
    if (index >= types.size()) {
      error = "--tol " + std::to_string(index) + "=" + tolerance.str() +
              ": kernel " + name + " has no argument #" + std::to_string(index);
      return false;
    }
  if (types.size() != c.specs.size()) {
    error = "kernel " + name + " takes " + std::to_string(types.size()) +
            " arguments, " + std::to_string(c.specs.size()) + " given";
    return false;
  }
  for (size_t i = 0; i < types.size(); ++i) {
    const ArgSpec &spec = c.specs[i];
    std::string where = "argument #" + std::to_string(i) + " of " + name +
                        " is " + typeText(types[i]);
    std::optional<tile_arg_kind_t> kind = kindOf(types[i]);
    if (!kind) {
      error = where + ", which has no runtime representation";
      return false;
    }
    if (*kind != spec.arg.kind) {
      error = where + ", but '" + c.argTexts[i] + "' is " +
              (spec.isBuffer ? std::string("a buffer")
                             : std::string("a scalar of kind ") +
                                   tile_arg_kind_name(spec.arg.kind));
      return false;
    }
    if (spec.isBuffer) {
      mlir::Type pointee =
          llvm::cast<mlir::tile::PointerType>(types[i]).getPointeeType();
      if (!dtypeFits(spec.dtype, pointee)) {
        const char *expected = expectedDType(pointee);
        error = where + ", but the buffer '" + c.argTexts[i] + "' holds " +
                dtypeName(spec.dtype) + " (expected " +
                (expected ? expected : "a type tile-run has no name for") + ")";
        return false;
      }
    }
    if (options.tolerances.count(i) && !spec.isBuffer) {
      error = "--tol " + std::to_string(i) + "=" +
              options.tolerances.at(i).str() + ": " + where + ", not a buffer";
      return false;
    }
    if (*kind == TILE_ARG_F32 && std::isfinite(spec.arg.value.f) &&
        std::fabs(spec.arg.value.f) > FLT_MAX) {
      error = where + ", and '" + c.argTexts[i] + "' is out of its range";
      return false;
    }
  }
  return true;
}

bool Checker::makeInputs(const Case &c, Buffers &inputs,
                         std::string &error) const {
  inputs.assign(c.specs.size(), {});
  for (size_t i = 0; i < c.specs.size(); ++i) {
    const ArgSpec &spec = c.specs[i];
    // The default seed is the argument's index, as in tile-run, so that one
    // spec makes the same bytes in both tools.
    if (spec.isBuffer && !makeData(spec.dtype, spec.count, spec.fill,
                                   /*defaultSeed=*/i, inputs[i], error)) {
      error = "--arg '" + c.argTexts[i] + "': " + error;
      return false;
    }
  }
  return true;
}

namespace {

/// The interpreter's view of a case's arguments, buffer arguments pointing
/// into \p buffers (host copies of the inputs).
void interpArguments(const Case &c, Buffers &data,
                     std::vector<interp::KernelArgument> &args,
                     std::vector<interp::HostBuffer> &buffers) {
  args.assign(c.specs.size(), {});
  for (size_t i = 0; i < c.specs.size(); ++i) {
    const tile_arg_t &arg = c.specs[i].arg;
    uint64_t &bits = args[i].bits;
    switch (arg.kind) {
    case TILE_ARG_PTR:
      bits = reinterpret_cast<uint64_t>(data[i].data());
      buffers.push_back(
          {data[i].data(), data[i].size(), "argument #" + std::to_string(i)});
      break;
    case TILE_ARG_F16:
    case TILE_ARG_BF16:
      bits = arg.value.bits16;
      break;
    case TILE_ARG_F32:
      bits = interp::encodeFloat(arg.value.f, interp::kF32);
      break;
    case TILE_ARG_F64:
      bits = interp::encodeFloat(arg.value.f, interp::kF64);
      break;
    default:
      bits = uint64_t(arg.value.i);
      break;
    }
  }
}

} // namespace

ReferenceResult Checker::runReference(const Case &c, const Buffers &inputs,
                                      llvm::raw_ostream *printStream) {
  ReferenceResult result;
  result.buffers = inputs;
  std::vector<interp::KernelArgument> args;
  std::vector<interp::HostBuffer> buffers;
  interpArguments(c, result.buffers, args, buffers);
  interp::LaunchOptions launch;
  launch.grid = {c.grid[0], c.grid[1], c.grid[2]};
  launch.printStream = printStream;
  launch.faultOp = options.faultOp;
  // Bounds are needed only where an output is compared by them.
  interp::DeviationMemory deviation;
  if (!exactKernel)
    launch.deviation = &deviation;
  CapturedDiagnostics diagnostics(sourceMgr, module.getContext());
  bool assertFailed = false;
  if (failed(interp::runKernel(kernel, args, buffers, launch, &assertFailed)))
    result.status =
        assertFailed ? ReferenceResult::AssertFailed : ReferenceResult::Failed;
  result.diagnostics = diagnostics.take();
  if (launch.deviation && !deviation.allExact()) {
    result.bounds.resize(c.specs.size());
    for (size_t i = 0; i < c.specs.size(); ++i) {
      if (!c.specs[i].isBuffer)
        continue;
      size_t size = run::dtypeSize(c.specs[i].dtype);
      uint64_t base = reinterpret_cast<uint64_t>(result.buffers[i].data());
      std::vector<double> &b = result.bounds[i];
      b.resize(c.specs[i].count);
      bool exact = true;
      for (size_t j = 0; j < b.size(); ++j) {
        b[j] = deviation.get(base + j * size);
        exact &= b[j] == 0;
      }
      if (exact)
        b.clear();
    }
  }
  return result;
}

std::vector<std::string> Checker::getTargetNames() const {
  std::vector<std::string> names;
  for (const auto &t : targets)
    names.push_back(t->label);
  return names;
}

mlir::OwningOpRef<mlir::ModuleOp> Checker::cloneKernelAlone() {
  mlir::OwningOpRef<mlir::ModuleOp> clone = module.clone();
  for (auto other :
       llvm::make_early_inc_range(clone->getOps<mlir::tile::FuncOp>()))
    if (other.getSymName() != kernel.getSymName())
      other.erase();
  // An alternative is checked as a kernel of its own, on every target
  // asked for: its target list says which artifacts launch it, not where
  // it computes the right answer (and a kernel may not carry one).
  for (auto alone : clone->getOps<mlir::tile::FuncOp>()) {
    alone->removeAttr(mlir::tile::TileDialect::getAlternativeOfAttrName());
    alone->removeAttr(mlir::tile::TileDialect::getAlternativeTargetsAttrName());
  }
  return std::move(clone);
}

void Checker::compileTargets() {
  if (compiled)
    return;
  compiled = true;
  std::vector<std::string> labels = options.targets;
  if (labels.empty()) {
    // Every registered target, and the two GPU targets by name even when
    // this build has none, so that the table says so.
    labels = {"cpu", "nvidia", "amd"};
    for (const std::string &name : mlir::tile::getRegisteredTargetNames())
      if (llvm::find(labels, name) == labels.end())
        labels.push_back(name);
  }
  if (labels.size() == 1 && labels[0] == "none")
    return; // the reference alone
  for (const std::string &label : labels) {
    auto t = std::make_unique<CompiledTarget>();
    t->label = label;
    if (llvm::StringRef(label).starts_with(kSimulatorPrefix)) {
      compileForSimulator(*t);
      targets.push_back(std::move(t));
      continue;
    }
    std::string error;
    mlir::FailureOr<mlir::tile::TargetOptions> targetOptions =
        mlir::tile::TargetOptions::parse(label, error);
    if (failed(targetOptions)) {
      t->status = TargetResult::CompileFailed;
      t->detail = error;
      targets.push_back(std::move(t));
      continue;
    }
    if (!mlir::tile::lookupTarget(targetOptions->target)) {
      t->status = TargetResult::NotBuilt;
      t->detail = "not built into this tile-check";
      targets.push_back(std::move(t));
      continue;
    }
    mlir::OwningOpRef<mlir::ModuleOp> clone = cloneKernelAlone();
    mlir::tile::Artifact artifact;
    {
      CapturedDiagnostics diagnostics(sourceMgr, module.getContext());
      if (failed(mlir::tile::compileToArtifact(*clone, *targetOptions,
                                               artifact))) {
        t->status = TargetResult::CompileFailed;
        t->detail = diagnostics.take();
        targets.push_back(std::move(t));
        continue;
      }
    }
    t->status = TargetResult::CompiledOnly;
    std::string backend = backendOf(targetOptions->target);
    t->backend = backend;
    int count = 0;
    tile_status_t status = tile_device_count(backend.c_str(), &count);
    if (status || count == 0) {
      t->detail =
          status ? tile_status_message(status) : "no " + backend + " device";
      tile_status_free(status);
      targets.push_back(std::move(t));
      continue;
    }
    std::string bytes = mlir::tile::serializeArtifact(artifact);
    auto fail = [&](tile_status_t s) {
      t->status = TargetResult::RunFailed;
      t->detail = tile_status_message(s);
      tile_status_free(s);
    };
    if ((status = tile_device_open(backend.c_str(), 0, &t->device)) ||
        (status = tile_module_load(t->device, bytes.data(), bytes.size(),
                                   &t->module)) ||
        (status = tile_module_get_kernel(
             t->module, kernel.getSymName().str().c_str(), &t->kernel)))
      fail(status);
    else
      t->status = TargetResult::Ran; // ready to run
    targets.push_back(std::move(t));
  }
}

void Checker::compileForSimulator(CompiledTarget &t) {
  std::string error;
  std::string name = t.label.substr(std::strlen(kSimulatorPrefix));
  mlir::FailureOr<mlir::tile::TargetOptions> targetOptions =
      mlir::tile::TargetOptions::parse(name, error);
  const mlir::tile::Target *target =
      succeeded(targetOptions) ? mlir::tile::lookupTarget(targetOptions->target)
                               : nullptr;
  if (succeeded(targetOptions) && !target) {
    t.status = TargetResult::NotBuilt;
    t.detail = "not built into this tile-check";
    return;
  }
  if (failed(targetOptions) ||
      failed(target->resolveOptions(*targetOptions, error))) {
    t.status = TargetResult::CompileFailed;
    t.detail = error;
    return;
  }
  std::unique_ptr<mlir::tile::GPUTargetHooks> hooks =
      mlir::tile::createGPUTargetHooks(targetOptions->target,
                                       targetOptions->chip);
  if (!hooks) {
    t.status = TargetResult::CompileFailed;
    t.detail = "target '" + targetOptions->target +
               "' has no GPU lowering to simulate";
    return;
  }
  t.warpSize = hooks->getWarpSize();
  t.simulated = cloneKernelAlone();
  CapturedDiagnostics diagnostics(sourceMgr, module.getContext());
  mlir::PassManager pm(module.getContext());
  mlir::tile::buildTileToGPUPipeline(
      pm, targetOptions->target, targetOptions->chip,
      /*lowerControlFlow=*/false, options.conversionParts);
  if (failed(pm.run(*t.simulated))) {
    t.status = TargetResult::CompileFailed;
    t.detail = diagnostics.take();
    return;
  }
  t.status = TargetResult::Ran; // ready to run
}

TargetResult Checker::runSimulated(CompiledTarget &t, const Case &c,
                                   const Buffers &inputs) {
  TargetResult result;
  result.target = t.label;
  result.buffers = inputs;
  std::vector<interp::KernelArgument> args;
  std::vector<interp::HostBuffer> buffers;
  interpArguments(c, result.buffers, args, buffers);
  interp::LaunchOptions launch;
  launch.grid = {c.grid[0], c.grid[1], c.grid[2]};
  // A split loop (docs/Semantics.md section 1.3) gets a workspace as the
  // runtime's: arrival counters zeroed, then each sum's partials, one per
  // program and split, here all-ones bytes (NaN), which the kernel must
  // write before it reads them; its programs go along z, S per program.
  std::vector<std::vector<uint8_t>> workspace;
  if (mlir::tile::SplitLoopWorkspace split =
          mlir::tile::getSplitLoopWorkspace(kernel);
      split.splits > 1) {
    uint64_t programs = uint64_t(c.grid[0]) * c.grid[1] * c.grid[2];
    workspace.emplace_back(programs * 4, 0);
    for (int64_t bytes : split.partialBytes)
      workspace.emplace_back(programs * split.splits * bytes, 0xff);
    for (std::vector<uint8_t> &part : workspace) {
      args.push_back({reinterpret_cast<uint64_t>(part.data())});
      buffers.push_back({part.data(), part.size(), "split workspace"});
    }
    launch.grid[2] *= uint32_t(split.splits);
  }
  // A persistent kernel is launched as the runtime does, with fewer
  // programs than a GPU would run at once, so that each of them loops.
  auto schedule = kernel->getAttrOfType<mlir::tile::ScheduleAttr>(
      mlir::tile::TileDialect::getScheduleAttrName());
  if (schedule && schedule.getPersistent()) {
    constexpr uint64_t kSimulatedResident = 3;
    for (uint32_t extent : launch.grid)
      args.push_back({extent});
    uint64_t programs =
        uint64_t(launch.grid[0]) * launch.grid[1] * launch.grid[2];
    launch.grid = {uint32_t(std::min(programs, kSimulatedResident)), 1, 1};
  }
  // What the kernel prints goes out after what the CPU's kernels printed
  // to stdout, in the order the targets run.
  if (simulatorPrints) {
    std::fflush(stdout);
    launch.printStream = simulatorPrints;
  }
  CapturedDiagnostics diagnostics(sourceMgr, module.getContext());
  bool assertFailed = false;
  auto flushPrints = llvm::make_scope_exit([&] {
    if (simulatorPrints)
      simulatorPrints->flush();
  });
  if (failed(interp::simulateGPUKernel(*t.simulated, kernel.getSymName(),
                                       t.warpSize, args, buffers, launch,
                                       &assertFailed))) {
    result.status = TargetResult::RunFailed;
    result.launchFailed = assertFailed;
    result.detail = diagnostics.take();
    result.buffers.clear();
    return result;
  }
  // The runtime reuses a workspace: each tile's last program must leave its
  // counter at zero again.
  if (!workspace.empty() &&
      llvm::any_of(workspace.front(), [](uint8_t byte) { return byte != 0; })) {
    result.status = TargetResult::RunFailed;
    result.detail = "the split loop left an arrival counter set";
    result.buffers.clear();
    return result;
  }
  result.status = TargetResult::Ran;
  return result;
}

TargetResult Checker::runTarget(const std::string &label, const Case &c,
                                const Buffers &inputs) {
  compileTargets();
  TargetResult result;
  result.target = label;
  CompiledTarget *t = nullptr;
  for (auto &candidate : targets)
    if (candidate->label == label)
      t = candidate.get();
  if (!t) {
    result.status = TargetResult::NotBuilt;
    result.detail = "not selected";
    return result;
  }
  result.status = t->status;
  result.detail = t->detail;
  if (t->status != TargetResult::Ran)
    return result;
  if (t->simulated)
    return runSimulated(*t, c, inputs);
  // A CPU kernel runs in this process: one that traps (an integer division
  // the lowering left unguarded, a wild store) would take tile-check down
  // with it. It runs in a child process instead, which reports the signal.
  if (t->backend == "cpu")
    return launchInChild(*t, c, inputs);
  return launch(*t, c, inputs);
}

TargetResult Checker::launch(CompiledTarget &target, const Case &c,
                             const Buffers &inputs) {
  CompiledTarget *t = &target;
  TargetResult result;
  result.target = t->label;

  // Buffers on the device, freed on every path.
  struct DeviceBuffers {
    std::vector<tile_buffer_t> list;
    ~DeviceBuffers() {
      for (tile_buffer_t b : list)
        tile_status_free(tile_buffer_free(b));
    }
  } deviceBuffers;
  auto fail = [&](tile_status_t s, bool atLaunch) {
    result.status = TargetResult::RunFailed;
    result.detail = tile_status_message(s);
    result.launchFailed = atLaunch;
    tile_status_free(s);
    return result;
  };
  std::vector<tile_arg_t> args(c.specs.size());
  for (size_t i = 0; i < c.specs.size(); ++i) {
    args[i] = c.specs[i].arg;
    if (!c.specs[i].isBuffer)
      continue;
    tile_buffer_t buffer = nullptr;
    if (tile_status_t s =
            tile_buffer_alloc(t->device, inputs[i].size(), &buffer))
      return fail(s, false);
    deviceBuffers.list.push_back(buffer);
    if (tile_status_t s = tile_buffer_copy_from_host(
            buffer, 0, inputs[i].data(), inputs[i].size()))
      return fail(s, false);
    args[i].value.buffer = buffer;
  }
  if (tile_status_t s =
          tile_kernel_launch(t->kernel, c.grid, args.data(), args.size()))
    return fail(s, true);
  if (tile_status_t s = tile_device_synchronize(t->device))
    return fail(s, true);
  result.buffers.assign(c.specs.size(), {});
  for (size_t i = 0; i < c.specs.size(); ++i) {
    if (!c.specs[i].isBuffer)
      continue;
    result.buffers[i].resize(inputs[i].size());
    if (tile_status_t s = tile_buffer_copy_to_host(args[i].value.buffer, 0,
                                                   result.buffers[i].data(),
                                                   result.buffers[i].size()))
      return fail(s, false);
  }
  result.status = TargetResult::Ran;
  return result;
}

namespace {

void appendU64(std::string &out, uint64_t v) {
  out.append(reinterpret_cast<const char *>(&v), 8);
}

bool readU64(const std::string &in, size_t &at, uint64_t &v) {
  if (at + 8 > in.size())
    return false;
  std::memcpy(&v, in.data() + at, 8);
  at += 8;
  return true;
}

bool writeAll(int fd, const std::string &data) {
  for (size_t done = 0; done < data.size();) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += size_t(n);
  }
  return true;
}

} // namespace

TargetResult Checker::launchInChild(CompiledTarget &t, const Case &c,
                                    const Buffers &inputs) {
  TargetResult result;
  result.target = t.label;
  auto fail = [&](const std::string &why) {
    result.status = TargetResult::RunFailed;
    result.detail = why;
    result.launchFailed = true;
    return result;
  };
  int fds[2];
  if (::pipe(fds) != 0)
    return fail(std::string("cannot create a pipe: ") + std::strerror(errno));
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return fail(std::string("cannot fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    // The child: launch, then send the outcome and the buffers back. A
    // crash is the parent's to report: no stack dump from LLVM's handlers.
    ::close(fds[0]);
    for (int sig : {SIGFPE, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP})
      ::signal(sig, SIG_DFL);
    // Do not outlive a tile-check killed by a timeout (a reducer's test).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    TargetResult r = launch(t, c, inputs);
    std::string message;
    appendU64(message, uint64_t(r.status));
    appendU64(message, r.launchFailed);
    appendU64(message, r.detail.size());
    message += r.detail;
    appendU64(message, r.buffers.size());
    for (const auto &b : r.buffers) {
      appendU64(message, b.size());
      message.append(reinterpret_cast<const char *>(b.data()), b.size());
    }
    bool ok = writeAll(fds[1], message);
    ::close(fds[1]);
    // _exit skips stdio's buffers: flush what the kernel printed.
    std::fflush(stdout);
    std::fflush(stderr);
    ::_exit(ok ? 0 : 1);
  }
  ::close(fds[1]);
  std::string message;
  char chunk[1 << 16];
  while (true) {
    ssize_t n = ::read(fds[0], chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    message.append(chunk, size_t(n));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    return fail("the kernel crashed the process with signal " +
                std::to_string(sig) + " (" + strsignal(sig) + ")");
  }
  size_t at = 0;
  uint64_t statusValue, launchFailed, detailSize, count;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      !readU64(message, at, statusValue) ||
      !readU64(message, at, launchFailed) ||
      !readU64(message, at, detailSize) || at + detailSize > message.size())
    return fail("the process running the kernel failed");
  result.status = TargetResult::Status(statusValue);
  result.launchFailed = launchFailed != 0;
  result.detail = message.substr(at, detailSize);
  at += detailSize;
  if (!readU64(message, at, count))
    return fail("the process running the kernel failed");
  result.buffers.resize(count);
  for (auto &b : result.buffers) {
    uint64_t size;
    if (!readU64(message, at, size) || at + size > message.size())
      return fail("the process running the kernel failed");
    b.assign(message.begin() + at, message.begin() + at + size);
    at += size;
  }
  return result;
}

Tolerance Checker::toleranceFor(const Case &c, size_t index) const {
  auto it = options.tolerances.find(index);
  if (it != options.tolerances.end())
    return it->second;
  return Tolerance::defaultFor(c.specs[index].dtype, exactKernel);
}

std::vector<BufferVerdict>
Checker::compare(const Case &c, const Buffers &got,
                 const ReferenceResult &reference) const {
  const Buffers &ref = reference.buffers;
  std::vector<BufferVerdict> verdicts;
  for (size_t i = 0; i < c.specs.size(); ++i) {
    if (!c.specs[i].isBuffer)
      continue;
    BufferVerdict v;
    v.index = i;
    v.tolerance = toleranceFor(c, i);
    const double *bounds =
        i < reference.bounds.size() && !reference.bounds[i].empty()
            ? reference.bounds[i].data()
            : nullptr;
    v.comparison = compareBuffer(c.specs[i].dtype, got[i].data(), ref[i].data(),
                                 c.specs[i].count, v.tolerance,
                                 /*maxReported=*/5, bounds);
    verdicts.push_back(std::move(v));
  }
  return verdicts;
}
