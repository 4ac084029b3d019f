//===- Target.cpp - The target registry and the compilation driver --------===//

#include "tile/Target/Target.h"
#include "tile/Target/CompileCache.h"

#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/IR/Tile.h"
#include "tile/Dialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include <set>

using namespace mlir;
using namespace mlir::tile;

Target::~Target() = default;

LogicalResult Target::emitIntermediate(ModuleOp module, const TargetOptions &,
                                       StringRef kind, std::string &) const {
  return emitError(module.getLoc())
         << "target '" << getName() << "' cannot emit '" << kind << "'";
}

static std::map<std::string, std::unique_ptr<Target>> &getRegistry() {
  static std::map<std::string, std::unique_ptr<Target>> registry;
  return registry;
}

void mlir::tile::registerTarget(std::unique_ptr<Target> target) {
  std::string name = target->getName().str();
  getRegistry()[name] = std::move(target);
}

const Target *mlir::tile::lookupTarget(StringRef name) {
  auto it = getRegistry().find(name.str());
  return it == getRegistry().end() ? nullptr : it->second.get();
}

std::vector<std::string> mlir::tile::getRegisteredTargetNames() {
  std::vector<std::string> names;
  for (auto &entry : getRegistry())
    names.push_back(entry.first);
  return names;
}

FailureOr<TargetOptions> TargetOptions::parse(StringRef text,
                                              std::string &error) {
  TargetOptions options;
  auto [name, rest] = text.split(':');
  options.target = name.str();
  SmallVector<StringRef> pairs;
  rest.split(pairs, ',', -1, /*KeepEmpty=*/false);
  for (auto [index, pair] : llvm::enumerate(pairs)) {
    auto [key, value] = pair.split('=');
    // A first field without '=' names the chip: "nvidia:sm_90a".
    if (index == 0 && !pair.contains('=')) {
      options.chip = pair.str();
    } else if (key == "chip") {
      options.chip = value.str();
    } else if (key == "triple") {
      options.triple = value.str();
    } else if (key == "toolkit") {
      options.toolkit = value.str();
    } else if (key == "features") {
      // Features are themselves comma separated: the rest of the text.
      options.features =
          rest.substr(rest.find("features=") + strlen("features=")).str();
      break;
    } else {
      error =
          ("unknown target option '" + key +
           "' (expected chip=..., triple=..., toolkit=... or features=...; a "
           "chip alone may "
           "come first, as in nvidia:sm_90a)")
              .str();
      return failure();
    }
  }
  return options;
}

std::string TargetOptions::str() const {
  SmallVector<std::string> parts;
  if (!triple.empty())
    parts.push_back("triple=" + triple);
  if (!chip.empty())
    parts.push_back("chip=" + chip);
  if (!toolkit.empty())
    parts.push_back("toolkit=" + toolkit);
  if (!features.empty()) // Last: its value holds commas.
    parts.push_back("features=" + features);
  std::string text =
      parts.empty() ? target : target + ":" + llvm::join(parts, ",");
  // Not a target option (tile-compile's --bounds-check), but part of what
  // the content key covers.
  return boundsCheck ? text + " +bounds-check" : text;
}

/// The argument kind of a kernel argument type in the artifact.
static std::optional<mlir::tile::ArgKind> getArgKind(Type type) {
  using mlir::tile::ArgKind;
  if (isa<PointerType>(type))
    return ArgKind::Ptr;
  if (type.isInteger(1))
    return ArgKind::I1;
  if (type.isInteger(8))
    return ArgKind::I8;
  if (type.isInteger(16))
    return ArgKind::I16;
  if (type.isInteger(32))
    return ArgKind::I32;
  if (type.isInteger(64))
    return ArgKind::I64;
  if (type.isF16())
    return ArgKind::F16;
  if (type.isBF16())
    return ArgKind::BF16;
  if (type.isF32())
    return ArgKind::F32;
  if (type.isF64())
    return ArgKind::F64;
  return std::nullopt;
}

namespace {
/// A copy of a kernel compiled on top of it, launched in its place when its
/// assumptions hold for the arguments.
struct Specialization {
  std::string name; // the kernel it stands in for
  uint64_t divisibleArgs;
};
} // namespace

/// Whether `arg` flows into the address of an access whose pointers run
/// along some dimension, a comparison of tiles (a mask), a descriptor or a
/// loop's bounds: where knowing it divisible by 16 can change the code. (A
/// Philox seed, say, does not, nor the stride of a gather such as a scale
/// per row, `scale + rows * stride`, whose elements are read one by one
/// whatever the stride, nor a divisor; a launch with any such value then
/// still takes the variant.)
static bool shapesAccesses(BlockArgument arg, const AxisInfoAnalysis &axis) {
  SmallVector<Value> worklist{arg};
  DenseSet<Value> seen{arg};
  auto push = [&](Value value) {
    if (seen.insert(value).second)
      worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      // A scalar comparison's outcome is a flag, not an extent (a causal
      // flag tested against 0 sent every causal launch to the general
      // kernel); the extent of a descriptor dimension its blocks span by
      // one element (a head index) bounds no run of elements.
      if (auto cmp = dyn_cast<arith::CmpIOp>(user);
          cmp && !isa<ShapedType>(cmp.getType()))
        continue;
      if (auto desc = dyn_cast<MakeDescOp>(user)) {
        RankedTensorType block =
            cast<TensorDescType>(desc.getType()).getBlockType();
        unsigned first = desc.getShape().getBeginOperandIndex();
        unsigned index = use.getOperandNumber();
        if (index >= first && index < first + desc.getShape().size() &&
            block.getDimSize(index - first) == 1)
          continue;
        return true;
      }
      if (isa<arith::CmpIOp, DescLoadOp, DescStoreOp>(user))
        return true;
      if (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(user)) {
        // As the address: where the pointers are contiguous somewhere,
        // their alignment decides the width of the accesses.
        if (use.getOperandNumber() != 0)
          continue;
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (type && llvm::any_of(axis.getAxisInfo(value).getContiguity(),
                                 [](int64_t c) { return c > 1; }))
          return true;
        continue;
      }
      if (isa<PhiloxOp>(user))
        continue;
      // A divisor: the axis analysis learns about a quotient from constant
      // divisors only (an MoE product's `entry / top_k` sent every launch
      // with top_k = 2 to the general kernel).
      if (isa<arith::DivSIOp, arith::DivUIOp, arith::CeilDivSIOp,
              arith::CeilDivUIOp, arith::FloorDivSIOp>(user) &&
          use.getOperandNumber() == 1)
        continue;
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() < loop.getNumControlOperands())
          return true;
        push(loop.getTiedLoopRegionIterArg(&use));
        push(loop.getTiedLoopResult(&use));
        continue;
      }
      if (isa<scf::YieldOp>(user)) {
        Operation *parent = user->getParentOp();
        if (!isa<scf::ForOp, scf::IfOp>(parent))
          return true; // where it goes in other loops is not followed
        push(parent->getResult(use.getOperandNumber()));
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          push(loop.getRegionIterArgs()[use.getOperandNumber()]);
        continue;
      }
      if (user->getNumRegions() != 0 || isa<scf::ConditionOp>(user))
        return true; // likewise
      for (Value result : user->getResults())
        push(result);
    }
  }
  return false;
}

/// Kernels that read or write tiles of memory also get a variant that
/// assumes every integer and pointer argument without a `tile.divisibility`
/// to be a multiple of 16 (Triton specializes its launches the same way):
/// loads of strided rows and masks against sizes then need no run-time
/// alignment or edge checks (on an H200, matmul_bf16: 465 -> 544 TFLOP/s).
/// The runtime picks it at launch when the arguments allow
/// (`divisible_args`).
static std::map<std::string, Specialization>
addDivisibleVariants(ModuleOp module) {
  std::map<std::string, Specialization> variants;
  SmallVector<FuncOp> kernels(module.getOps<FuncOp>());
  StringAttr divisibility = StringAttr::get(
      module.getContext(), TileDialect::getDivisibilityAttrName());
  for (FuncOp kernel : kernels) {
    AxisInfoAnalysis axis(kernel);
    bool accessesTiles =
        kernel
            .walk([](Operation *op) {
              bool tileAccess =
                  isa<DescLoadOp, DescStoreOp>(op) ||
                  (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(op) &&
                   isa<RankedTensorType>(op->getOperand(0).getType()));
              return tileAccess ? WalkResult::interrupt()
                                : WalkResult::advance();
            })
            .wasInterrupted();
    uint64_t mask = 0;
    for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes()))
      if (index < 62 &&
          (isa<PointerType>(type) || type.isInteger(32) ||
           type.isInteger(64)) &&
          !kernel.getArgAttr(index, divisibility) &&
          shapesAccesses(kernel.getArgument(index), axis))
        mask |= uint64_t(1) << index;
    if (!accessesTiles || !mask)
      continue;
    FuncOp variant = kernel.clone();
    std::string name = (kernel.getSymName() + "__divisible16").str();
    variant.setSymName(name);
    for (unsigned index = 0; index < 62; ++index)
      if (mask & (uint64_t(1) << index))
        variant.setArgAttr(
            index, divisibility,
            IntegerAttr::get(IntegerType::get(module.getContext(), 32), 16));
    module.push_back(variant);
    variants[name] = {kernel.getSymName().str(), mask};
  }
  return variants;
}

namespace {
struct Alternative {
  std::string kernel; // the kernel it is an alternative of
  int64_t index;      // from 1, in the order of the module
};
} // namespace

/// Removes `tile.alternative_of` from the kernels (the lowering has no use
/// for it) and says which kernel each alternative stands in for, numbering
/// each kernel's alternatives from 1 in the order of the module. An
/// alternative whose `tile.alternative_targets` leaves out `target` is
/// erased first, before it costs any compile time. A name no registered
/// target has is an error: a misspelt one would drop the alternative on
/// every target without a word.
static FailureOr<std::map<std::string, Alternative>>
takeAlternatives(ModuleOp module, StringRef target) {
  std::map<std::string, Alternative> alternatives;
  std::map<std::string, int64_t> counts;
  for (FuncOp kernel : llvm::make_early_inc_range(module.getOps<FuncOp>())) {
    auto of = kernel->getAttrOfType<FlatSymbolRefAttr>(
        TileDialect::getAlternativeOfAttrName());
    if (!of)
      continue;
    if (auto targets = kernel->getAttrOfType<ArrayAttr>(
            TileDialect::getAlternativeTargetsAttrName())) {
      for (Attribute name : targets)
        if (!lookupTarget(cast<StringAttr>(name).getValue()))
          return kernel.emitError()
                 << "'" << TileDialect::getAlternativeTargetsAttrName()
                 << "' names '" << cast<StringAttr>(name).getValue()
                 << "', which is not a target (registered: "
                 << llvm::join(getRegisteredTargetNames(), ", ") << ")";
      if (llvm::none_of(targets, [&](Attribute name) {
            return cast<StringAttr>(name).getValue() == target;
          })) {
        kernel.erase();
        continue;
      }
      kernel->removeAttr(TileDialect::getAlternativeTargetsAttrName());
    }
    kernel->removeAttr(TileDialect::getAlternativeOfAttrName());
    std::string name = of.getValue().str();
    alternatives[kernel.getSymName().str()] = {name, ++counts[name]};
  }
  return alternatives;
}

/// The alternatives each of whose forms (as written, specialized) spills
/// more than the kernel's same form, after the target's retries: timing them
/// would only confirm them slower.
static std::set<std::string>
spillingAlternatives(const std::map<std::string, Alternative> &table,
                     const Artifact &artifact) {
  // Spilled bytes by source kernel and form (specialized or not).
  std::map<std::pair<std::string, bool>, int64_t> spills;
  for (const KernelInfo &info : artifact.kernels)
    if (const int64_t *bytes = findAttr(info, "spill_bytes"))
      spills[{info.name, findAttr(info, "divisible_args") != nullptr}] = *bytes;
  std::set<std::string> dropped;
  for (const auto &[name, alternative] : table) {
    bool worse = spills.count({name, false}) > 0;
    for (bool variant : {false, true}) {
      auto mine = spills.find({name, variant});
      if (mine != spills.end() &&
          mine->second <= spills[{alternative.kernel, variant}])
        worse = false;
    }
    if (worse)
      dropped.insert(name);
  }
  return dropped;
}

/// Alternatives (and their variants) go by the name of the kernel they
/// stand in for, with `alternative N`; the records are ordered as the
/// artifact format wants: each name's kernel and alternatives in order,
/// then their variants.
static void nameAlternatives(const std::map<std::string, Alternative> &table,
                             Artifact &artifact) {
  if (table.empty())
    return;
  std::map<std::string, size_t> firstSeen;
  for (KernelInfo &info : artifact.kernels) {
    auto it = table.find(info.name);
    if (it != table.end()) {
      info.name = it->second.kernel;
      info.attrs.emplace_back("alternative", it->second.index);
    }
    firstSeen.emplace(info.name, firstSeen.size());
  }
  std::stable_sort(artifact.kernels.begin(), artifact.kernels.end(),
                   [&](const KernelInfo &a, const KernelInfo &b) {
                     auto key = [&](const KernelInfo &k) {
                       return std::make_tuple(firstSeen[k.name],
                                              findAttr(k, "divisible_args") !=
                                                  nullptr,
                                              alternativeOf(k));
                     };
                     return key(a) < key(b);
                   });
}

LogicalResult mlir::tile::verifyProcessor(StringRef triple, StringRef cpu,
                                          StringRef features,
                                          std::string &error) {
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargetMCs();
  llvm::Triple parsed(triple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return failure();
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(parsed, "", ""));
  if (!info) {
    error = "LLVM has no subtarget information for " + triple.str();
    return failure();
  }
  if (!cpu.empty() && !info->isCPUStringValid(cpu)) {
    SmallVector<StringRef> known;
    for (const llvm::SubtargetSubTypeKV &kv :
         info->getAllProcessorDescriptions())
      known.push_back(kv.Key);
    error = ("unknown processor '" + cpu + "' for " + parsed.getArchName() +
             " (known: " + llvm::join(known, ", ") + ")")
                .str();
    return failure();
  }
  SmallVector<StringRef> requested;
  features.split(requested, ',', -1, /*KeepEmpty=*/false);
  for (StringRef feature : requested) {
    StringRef name = feature.trim();
    if (!name.consume_front("+") && !name.consume_front("-")) {
      error = ("feature '" + feature + "' must start with '+' or '-'").str();
      return failure();
    }
    if (!llvm::any_of(info->getAllProcessorFeatures(),
                      [&](const llvm::SubtargetFeatureKV &kv) {
                        return name == kv.Key;
                      })) {
      error =
          ("unknown feature '" + name + "' for " + parsed.getArchName()).str();
      return failure();
    }
  }
  return success();
}

LogicalResult mlir::tile::verifyKernelNames(ModuleOp module) {
  for (FuncOp kernel : module.getOps<FuncOp>()) {
    StringRef name = kernel.getSymName();
    bool valid =
        !name.empty() && !llvm::isDigit(name.front()) &&
        llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (valid)
      continue;
    std::string escaped;
    llvm::raw_string_ostream os(escaped);
    llvm::printEscapedString(name, os);
    return kernel.emitOpError()
           << "kernel name \"" << escaped
           << "\" cannot be an entry symbol: kernel names are identifiers "
              "of ASCII letters, digits and '_', not starting with a digit";
  }
  return success();
}

LogicalResult mlir::tile::buildTargetPipeline(OpPassManager &pm,
                                              TargetOptions &options,
                                              std::string &error) {
  registerAllTargets();
  const Target *target = lookupTarget(options.target);
  if (!target) {
    error = "unknown target '" + options.target +
            "' (known: " + llvm::join(getRegisteredTargetNames(), ", ") + ")";
    return failure();
  }
  if (failed(target->resolveOptions(options, error)))
    return failure();
  if (options.boundsCheck)
    pm.addPass(createTileInsertBoundsChecks());
  target->buildPipeline(pm, options);
  return success();
}

LogicalResult mlir::tile::verifyKernelModule(ModuleOp module) {
  for (Operation &op : module.getBody()->getOperations()) {
    if (isa<FuncOp>(op))
      continue;
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    InFlightDiagnostic diag = op.emitError() << "'" << op.getName() << "'";
    if (symbol)
      diag << " @" << symbol.getName();
    diag << " is not a tile.func: a kernel module holds tile.func kernels "
            "only (compile a module of its own, or a nested module, holding "
            "the kernels)";
    return failure();
  }
  return verifyKernelNames(module);
}

namespace {
/// One compilation: the target and options resolved, the module checked and
/// copied, and the pass manager that lowers the copy.
struct Compilation {
  OwningOpRef<ModuleOp> module;
  const Target *target = nullptr;
  TargetOptions options;
  std::unique_ptr<PassManager> pm;
};
} // namespace

/// Resolves the options, builds the pipeline (instrumented by `configure`),
/// checks `module` and copies it.
static FailureOr<Compilation> prepare(ModuleOp module,
                                      const TargetOptions &requested,
                                      const PassManagerHook &configure) {
  // Whatever the host's context registered, the pipelines find the
  // dialects, extensions and translations they need.
  DialectRegistry registry;
  registerTileDialects(registry);
  module.getContext()->appendDialectRegistry(registry);

  Compilation c;
  c.options = requested;
  c.pm = std::make_unique<PassManager>(module.getContext());
  std::string error;
  if (failed(buildTargetPipeline(*c.pm, c.options, error)))
    return emitError(module.getLoc()) << error;
  c.target = lookupTarget(c.options.target);
  if (configure && failed(configure(*c.pm)))
    return failure();
  if (failed(verifyKernelModule(module)))
    return failure();
  c.module = cast<ModuleOp>(module->clone());
  return c;
}

/// An extent of `tile.grid` in the artifact's spelling (LaunchGrid.h):
/// symbol i is argument i.
static std::string gridExtentText(AffineExpr expr) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return std::to_string(constant.getValue());
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return "a" + std::to_string(symbol.getPosition());
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::string lhs = gridExtentText(binary.getLHS()),
              rhs = gridExtentText(binary.getRHS());
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return "(" + lhs + "+" + rhs + ")";
  case AffineExprKind::Mul:
    return "(" + lhs + "*" + rhs + ")";
  case AffineExprKind::FloorDiv:
    return "floordiv(" + lhs + "," + rhs + ")";
  case AffineExprKind::CeilDiv:
    return "ceildiv(" + lhs + "," + rhs + ")";
  default:
    return "mod(" + lhs + "," + rhs + ")";
  }
}

/// The kernel records of the artifact: names, entry symbols, argument kinds
/// and the attributes known before lowering.
static LogicalResult describeKernels(const Compilation &c, Artifact &artifact) {
  ModuleOp module = c.module.get();
  for (FuncOp kernel : module.getOps<FuncOp>()) {
    KernelInfo info;
    info.name = kernel.getSymName().str();
    info.symbol = c.target->getEntrySymbol(kernel.getSymName());
    for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
      std::optional<ArgKind> kind = getArgKind(type);
      if (!kind)
        return kernel.emitError() << "argument #" << index << " of type "
                                  << type << " has no runtime representation";
      info.args.push_back(*kind);
    }
    if (auto warps = kernel.getNumWarps())
      info.attrs.emplace_back("num_warps", *warps);
    // The argument hints the kernel was compiled assuming: a launch that
    // breaks one is erroneous (docs/Semantics.md), so the runtime refuses it.
    for (unsigned index = 0; index < kernel.getNumArguments(); ++index) {
      if (auto divisibility = kernel.getArgAttrOfType<IntegerAttr>(
              index, TileDialect::getDivisibilityAttrName());
          divisibility && divisibility.getInt() > 1)
        info.attrs.emplace_back("arg" + std::to_string(index) +
                                    "_divisibility",
                                divisibility.getInt());
      if (kernel.getArgAttr(index, TileDialect::getNoAliasAttrName()))
        info.attrs.emplace_back("arg" + std::to_string(index) + "_noalias", 1);
    }
    if (auto grid = kernel->getAttrOfType<AffineMapAttr>(
            TileDialect::getGridAttrName())) {
      for (unsigned axis = 0; axis < 3; ++axis) {
        std::string text = axis < grid.getValue().getNumResults()
                               ? gridExtentText(grid.getValue().getResult(axis))
                               : "1";
        GridExpr extent;
        std::string error;
        if (!parseGridExpr(text, extent, error))
          return kernel.emitError() << "tile.grid: " << error;
        info.grid.push_back(std::move(extent));
      }
    }
    // tile-insert-bounds-checks adds an i64 extent per pointer argument.
    if (c.options.boundsCheck) {
      int64_t pointers = llvm::count(info.args, ArgKind::Ptr);
      info.args.insert(info.args.end(), pointers, ArgKind::I64);
      info.attrs.emplace_back("bounds_check", pointers);
    }
    // tile-split-loops adds the split loop's workspace after those: the
    // runtime passes arrival counters and a region per carried value.
    if (SplitLoopWorkspace split = getSplitLoopWorkspace(kernel);
        split.splits > 1) {
      info.args.insert(info.args.end(), 1 + split.partialBytes.size(),
                       ArgKind::Ptr);
      info.attrs.emplace_back("split_k", split.splits);
      for (auto [i, bytes] : llvm::enumerate(split.partialBytes))
        info.attrs.emplace_back("split_bytes" + std::to_string(i), bytes);
    }
    // tile-apply-schedule adds the grid's three extents after those: the
    // runtime launches as many programs as the device runs at once.
    if (auto schedule = kernel->getAttrOfType<ScheduleAttr>(
            TileDialect::getScheduleAttrName());
        schedule && schedule.getPersistent()) {
      info.args.insert(info.args.end(), 3, ArgKind::I32);
      info.attrs.emplace_back("persistent", 1);
    }
    artifact.kernels.push_back(std::move(info));
  }
  if (artifact.kernels.empty())
    return emitError(module.getLoc()) << "no tile.func kernel to compile";
  return success();
}

/// Lowers and serializes `c`'s module into `artifact`, the kernels' records
/// first.
static LogicalResult lowerAndSerialize(Compilation &c, Artifact &artifact) {
  return failure(failed(describeKernels(c, artifact)) ||
                 failed(c.pm->run(*c.module)) ||
                 failed(c.target->serialize(*c.module, c.options, artifact)));
}

namespace {
/// What a kernel is compiled with while the target looks for a form that
/// does not spill.
struct SpillRetry {
  int64_t warps;
  /// Products may split their rows between warps
  /// (`tile.split_product_rows`).
  bool splitRows;
  bool operator==(const SpillRetry &other) const {
    return warps == other.warps && splitRows == other.splitRows;
  }
};
} // namespace

/// Kernels whose code spills are compiled again: with twice and four times
/// their warps (up to the target's limit on threads), then with each of
/// those and products' rows split between warps (the lowering keeps the
/// rows of a product whose rows are reduced or multiplied on whole in each
/// warp, which holds more of the other operand per thread); each keeps the
/// first form that does not spill, else the one that spills least (kernels
/// are lowered independently, so one kernel's form does not change
/// another's code). `source` is the module before lowering; `artifact` is
/// replaced by the compile of the kept forms.
static LogicalResult widenSpillingKernels(Compilation &c, ModuleOp source,
                                          Artifact &artifact) {
  int64_t limit = c.target->getSpillRetryThreadLimit();
  if (limit == 0)
    return success();
  auto attrOf = [](const Artifact &from, StringRef kernel,
                   StringRef name) -> int64_t {
    for (const KernelInfo &info : from.kernels)
      if (info.name == kernel)
        if (const int64_t *value = findAttr(info, name.str()))
          return *value;
    return 0;
  };
  struct Search {
    SmallVector<SpillRetry> next;
    SpillRetry best;
    int64_t bestSpill;
  };
  llvm::StringMap<Search> searches;
  // The forms `artifact` was compiled with (the kernels' own where absent).
  llvm::StringMap<SpillRetry> compiled;
  for (FuncOp kernel : source.getOps<FuncOp>()) {
    StringRef name = kernel.getSymName();
    std::optional<int32_t> own = kernel.getNumWarps();
    int64_t spill = attrOf(artifact, name, "spill_bytes");
    int64_t threads = attrOf(artifact, name, "threads");
    if (!own || *own <= 0 || spill == 0)
      continue;
    Search search{{}, {*own, false}, spill};
    for (bool split : {false, true})
      for (int64_t factor : {1, 2, 4})
        if ((split || factor > 1) && factor * threads <= limit)
          search.next.push_back({factor * *own, split});
    compiled[name] = search.best;
    searches[name] = std::move(search);
  }
  // `out` may be `artifact` itself: its identity is taken first.
  auto compileWith = [&](const llvm::StringMap<SpillRetry> &forms,
                         Artifact &out) {
    c.module = cast<ModuleOp>(source->clone());
    for (FuncOp kernel : c.module->getOps<FuncOp>()) {
      auto it = forms.find(kernel.getSymName());
      if (it == forms.end())
        continue;
      kernel.setNumWarps(it->second.warps);
      if (it->second.splitRows)
        kernel->setAttr(TileDialect::getSplitProductRowsAttrName(),
                        UnitAttr::get(kernel.getContext()));
    }
    Artifact fresh;
    fresh.target = artifact.target;
    fresh.compiler = artifact.compiler;
    fresh.key = artifact.key;
    out = std::move(fresh);
    return lowerAndSerialize(c, out);
  };
  // A form the target cannot lower (more warps may need more shared memory
  // than the chip has) is not a compile error: the kernel's own form
  // compiled. Its errors are dropped (other diagnostics go on as before)
  // and the search goes on.
  auto compileQuietly = [&](const llvm::StringMap<SpillRetry> &forms,
                            Artifact &out) {
    ScopedDiagnosticHandler quiet(
        source.getContext(), [](Diagnostic &diagnostic) {
          return success(diagnostic.getSeverity() == DiagnosticSeverity::Error);
        });
    return compileWith(forms, out);
  };
  // Keeps, for each kernel of `tried`, its form in `forms` where `attempt`
  // spills less than its best so far; `attempt` becomes the artifact where
  // it holds every kernel's best form.
  auto record = [&](Artifact &attempt, ArrayRef<StringRef> tried,
                    llvm::StringMap<SpillRetry> &forms) {
    bool everyBest = true;
    for (auto &entry : searches) {
      Search &search = entry.getValue();
      int64_t spill = attrOf(attempt, entry.getKey(), "spill_bytes");
      if (llvm::is_contained(tried, entry.getKey()) &&
          spill < search.bestSpill) {
        search.best = forms[entry.getKey()];
        search.bestSpill = spill;
      }
      everyBest &= search.best == forms[entry.getKey()];
    }
    if (everyBest) {
      artifact = std::move(attempt);
      compiled = std::move(forms);
    }
  };
  while (true) {
    llvm::StringMap<SpillRetry> forms;
    SmallVector<StringRef> tried;
    for (auto &entry : searches) {
      Search &search = entry.getValue();
      forms[entry.getKey()] = search.best;
      if (search.bestSpill == 0 || search.next.empty())
        continue;
      forms[entry.getKey()] = search.next.front();
      search.next.erase(search.next.begin());
      tried.push_back(entry.getKey());
    }
    if (tried.empty())
      break;
    Artifact attempt;
    if (succeeded(compileQuietly(forms, attempt))) {
      record(attempt, tried, forms);
      continue;
    }
    // A single kernel's form is dropped. Of several, which one failed is
    // not known: each alone, against the others' best forms.
    if (tried.size() == 1)
      continue;
    for (StringRef name : tried) {
      llvm::StringMap<SpillRetry> one;
      for (auto &entry : searches)
        one[entry.getKey()] = entry.getValue().best;
      one[name] = forms[name];
      Artifact single;
      if (succeeded(compileQuietly(one, single)))
        record(single, {name}, one);
    }
  }
  if (llvm::all_of(searches, [&](const auto &entry) {
        return compiled.lookup(entry.getKey()) == entry.getValue().best;
      }))
    return success();
  llvm::StringMap<SpillRetry> best;
  for (auto &entry : searches)
    best[entry.getKey()] = entry.getValue().best;
  return compileWith(best, artifact);
}

static LogicalResult compileArtifactOnce(ModuleOp module,
                                         const TargetOptions &requested,
                                         Artifact &artifact,
                                         const PassManagerHook &configure,
                                         const CompileCache *cache) {
  FailureOr<Compilation> c = prepare(module, requested, configure);
  if (failed(c))
    return failure();

  // The content key covers the source, the options and the compiler; the
  // cache's key also the compiler's binary and the tools the target runs.
  std::string source;
  llvm::raw_string_ostream os(source);
  c->module->print(os);
  artifact.target = c->target->getName().str();
  artifact.compiler = "tile-0.1.0";
  std::string keyed =
      source + "\n" + c->options.str() + "\n" + artifact.compiler;
  artifact.key = contentKey(keyed);
  std::string cacheKey;
  if (cache) {
    cacheKey = sha256Hex(keyed + "\n" + CompileCache::compilerIdentity() +
                         "\n" + c->target->getToolIdentity(c->options));
    if (cache->lookup(cacheKey, artifact.key, artifact))
      return success();
  }

  FailureOr<std::map<std::string, Alternative>> alternatives =
      takeAlternatives(*c->module, c->target->getName());
  if (failed(alternatives))
    return failure();
  std::map<std::string, Specialization> variants =
      addDivisibleVariants(*c->module);
  OwningOpRef<ModuleOp> unlowered;
  if (c->target->getSpillRetryThreadLimit() > 0)
    unlowered = cast<ModuleOp>(c->module->clone());
  if (failed(lowerAndSerialize(*c, artifact)) ||
      (unlowered && failed(widenSpillingKernels(*c, *unlowered, artifact))))
    return failure();
  // Variants go by the name of the kernel they stand in for (after it).
  for (KernelInfo &info : artifact.kernels) {
    auto it = variants.find(info.name);
    if (it == variants.end())
      continue;
    info.name = it->second.name;
    info.attrs.emplace_back("divisible_args",
                            int64_t(it->second.divisibleArgs));
  }
  // Alternatives that only spill where their kernel does not are compiled
  // out: the module is compiled again without them.
  std::set<std::string> dropped = spillingAlternatives(*alternatives, artifact);
  if (!dropped.empty()) {
    OwningOpRef<ModuleOp> reduced = cast<ModuleOp>(module->clone());
    for (FuncOp kernel : llvm::make_early_inc_range(reduced->getOps<FuncOp>()))
      if (dropped.count(kernel.getSymName().str()))
        kernel.erase();
    artifact = Artifact();
    if (failed(compileToArtifact(*reduced, requested, artifact, configure,
                                 /*cache=*/nullptr)))
      return failure();
  } else {
    nameAlternatives(*alternatives, artifact);
  }
  // A cache that cannot be written costs the next compile time, nothing
  // else; an artifact the reader would refuse is not kept.
  std::string error;
  if (cache && validateArtifact(artifact, error) &&
      failed(cache->store(cacheKey, artifact, error)))
    emitWarning(module.getLoc()) << "compile cache: " << error;
  return success();
}

static LogicalResult compileIntermediateOnce(ModuleOp module,
                                             const TargetOptions &requested,
                                             StringRef kind, std::string &out,
                                             const PassManagerHook &configure) {
  FailureOr<Compilation> c = prepare(module, requested, configure);
  if (failed(c))
    return failure();
  // As for an artifact: alternatives are kernels of their own to the
  // lowering, which may give them other signatures (a persistent schedule
  // adds the grid's extents to one kernel and not another).
  if (failed(takeAlternatives(*c->module, c->target->getName())) ||
      failed(c->pm->run(*c->module)))
    return failure();
  if (kind == "llvm-dialect") {
    llvm::raw_string_ostream os(out);
    c->module->print(os);
    return success();
  }
  return c->target->emitIntermediate(*c->module, c->options, kind, out);
}

/// Runs `compile` on `module`. Where that fails and the module has
/// alternatives, each alternative is compiled alone (its diagnostics
/// dropped); those that fail so (tiles over the chip's shared memory, say)
/// are no candidates on this target: they are left out, with a warning, and
/// `compile` runs on the module without them. Otherwise the first attempt's
/// diagnostics stand.
static LogicalResult
withoutUnfitAlternatives(ModuleOp module, const TargetOptions &requested,
                         const PassManagerHook &configure,
                         function_ref<LogicalResult(ModuleOp)> compile) {
  SmallVector<FuncOp> alternatives;
  for (FuncOp kernel : module.getOps<FuncOp>())
    if (kernel->hasAttr(TileDialect::getAlternativeOfAttrName()))
      alternatives.push_back(kernel);
  if (alternatives.empty())
    return compile(module);
  MLIRContext *context = module.getContext();
  SmallVector<Diagnostic> held;
  LogicalResult result = failure();
  {
    ScopedDiagnosticHandler hold(context, [&](Diagnostic &diagnostic) {
      held.push_back(std::move(diagnostic));
      return success();
    });
    result = compile(module);
  }
  auto release = [&] {
    for (Diagnostic &diagnostic : held)
      context->getDiagEngine().emit(std::move(diagnostic));
  };
  if (succeeded(result)) {
    release();
    return success();
  }
  std::map<std::string, std::string> unfit; // alternative -> first error
  for (FuncOp alternative : alternatives) {
    OwningOpRef<ModuleOp> alone = cast<ModuleOp>(module->clone());
    // A kernel of its own: what it stands in for is not there.
    for (FuncOp kernel : llvm::make_early_inc_range(alone->getOps<FuncOp>())) {
      if (kernel.getSymName() != alternative.getSymName()) {
        kernel.erase();
        continue;
      }
      kernel->removeAttr(TileDialect::getAlternativeOfAttrName());
      kernel->removeAttr(TileDialect::getAlternativeTargetsAttrName());
    }
    std::string firstError;
    ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error &&
          firstError.empty())
        firstError = diagnostic.str();
      return success();
    });
    Artifact scratch;
    if (failed(compileArtifactOnce(*alone, requested, scratch, configure,
                                   /*cache=*/nullptr)))
      unfit[alternative.getSymName().str()] = firstError;
  }
  if (unfit.empty()) {
    release();
    return failure();
  }
  OwningOpRef<ModuleOp> reduced = cast<ModuleOp>(module->clone());
  for (FuncOp kernel : llvm::make_early_inc_range(reduced->getOps<FuncOp>())) {
    auto it = unfit.find(kernel.getSymName().str());
    if (it == unfit.end())
      continue;
    emitWarning(kernel.getLoc())
        << "alternative '" << kernel.getSymName()
        << "' left out: it does not compile for this target (" << it->second
        << ")";
    kernel.erase();
  }
  return compile(*reduced);
}

LogicalResult mlir::tile::compileToArtifact(ModuleOp module,
                                            const TargetOptions &requested,
                                            Artifact &artifact,
                                            const PassManagerHook &configure,
                                            const CompileCache *cache) {
  return withoutUnfitAlternatives(
      module, requested, configure, [&](ModuleOp m) {
        artifact = Artifact();
        return compileArtifactOnce(m, requested, artifact, configure, cache);
      });
}

LogicalResult mlir::tile::compileToIntermediate(
    ModuleOp module, const TargetOptions &requested, StringRef kind,
    std::string &out, const PassManagerHook &configure) {
  return withoutUnfitAlternatives(
      module, requested, configure, [&](ModuleOp m) {
        out.clear();
        return compileIntermediateOnce(m, requested, kind, out, configure);
      });
}

void mlir::tile::optimizeAtO3(llvm::Module &module,
                              llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder passBuilder(&machine);
  passBuilder.registerModuleAnalyses(mam);
  passBuilder.registerCGSCCAnalyses(cgam);
  passBuilder.registerFunctionAnalyses(fam);
  passBuilder.registerLoopAnalyses(lam);
  passBuilder.crossRegisterProxies(lam, fam, cgam, mam);
  passBuilder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3)
      .run(module, mam);
}

/// Instructions in a function above which code generation skips
/// straight-line strength reduction. LLVM 22's pass spends time growing
/// faster than the function (its SCEV reuse checks): 120 ms on the 4,700
/// instructions of matmul_bf16's general NVIDIA kernel, a fifth of its
/// compile, against 22 ms on 2,400 for flash_attention; 17% of the code
/// generation of matmul_fp8's general AMD kernel. On the largest examples
/// ptxas gives the same code without it (same instruction count and
/// registers in the cubin), while smaller kernels need it (matmul_f32: 164
/// registers with it, 192 without).
constexpr size_t kStrengthReductionBudget = 4000;

namespace {
/// Lets every pass run but straight-line strength reduction ("slsr").
struct SkipStrengthReduction : llvm::OptPassGate {
  bool isEnabled() const override { return true; }
  bool shouldRunPass(StringRef pass, StringRef) const override {
    return pass != "slsr";
  }
};
} // namespace

void mlir::tile::skipCostlyCodeGenerationPasses(llvm::Module &module) {
  // Stateless, so one gate serves every context on every thread.
  static SkipStrengthReduction gate;
  if (llvm::any_of(module, [](const llvm::Function &f) {
        return f.getInstructionCount() > kStrengthReductionBudget;
      }))
    module.getContext().setOptPassGate(gate);
}

std::unique_ptr<llvm::Module>
mlir::tile::openBitcodeLibrary(std::unique_ptr<llvm::MemoryBuffer> buffer,
                               llvm::LLVMContext &context, std::string &error) {
  llvm::Expected<std::unique_ptr<llvm::Module>> module =
      llvm::getOwningLazyBitcodeModule(std::move(buffer), context);
  if (!module) {
    error = llvm::toString(module.takeError());
    return nullptr;
  }
  return std::move(*module);
}

SmallVector<OwningOpRef<ModuleOp>>
mlir::tile::splitByEntry(ModuleOp module,
                         function_ref<bool(Operation *)> isEntry) {
  SmallVector<Operation *> entries, shared;
  for (Operation &op : module.getBody()->getOperations())
    (isEntry(&op) ? entries : shared).push_back(&op);
  SmallVector<OwningOpRef<ModuleOp>> parts;
  if (entries.size() < 2)
    return parts;
  for (auto [index, entry] : llvm::enumerate(entries)) {
    OwningOpRef<ModuleOp> part = ModuleOp::create(module.getLoc());
    OpBuilder b = OpBuilder::atBlockBegin(part->getBody());
    for (Operation *op : shared) {
      Operation *copy = b.clone(*op);
      if (auto func = dyn_cast<LLVM::LLVMFuncOp>(copy)) {
        if (!func.isExternal())
          func.setLinkage(LLVM::Linkage::Internal);
        continue;
      }
      auto global = dyn_cast<LLVM::GlobalOp>(copy);
      if (!global || index == 0 ||
          global.getLinkage() == LLVM::Linkage::Internal ||
          global.getLinkage() == LLVM::Linkage::Private)
        continue;
      // One definition in all: the others refer to the first part's.
      global.removeValueAttr();
      global.getInitializerRegion().getBlocks().clear();
    }
    b.clone(*entry);
    parts.push_back(std::move(part));
  }
  return parts;
}
