//===- TTIRImport.cpp - Parsing a TTIR file, refusing what is not TTIR ----===//
//
// A user handed the wrong dump of Triton's (TTGIR, LLVM IR, PTX, a log of
// several modules) or TTIR of another release should get one located line
// saying so, not a parser error about an unknown dialect: the text is
// scanned for those first. Then it parses with the tt dialect registered
// and converts.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TTIRToTile/TTIRToTile.h"
#include "tile/TTIR/IR/TTIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::registerTTIRDialects(DialectRegistry &registry) {
  registry.insert<ttir::TTDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  gpu::GPUDialect, LLVM::LLVMDialect, math::MathDialect,
                  scf::SCFDialect, ub::UBDialect>();
}

bool mlir::tile::isTTIRFileName(StringRef path) {
  return path.ends_with(".ttir");
}

/// tt ops of other Triton releases, and where they come from.
static StringRef otherReleaseOf(StringRef op) {
  return llvm::StringSwitch<StringRef>(op)
      .Cases({"tt.experimental_descriptor_load",
              "tt.experimental_descriptor_store"},
             "Triton 3.0-3.3")
      .Cases({"tt.experimental_descriptor_gather",
              "tt.experimental_descriptor_scatter",
              "tt.reinterpret_tensor_descriptor"},
             "Triton 3.3")
      .Cases({"tt.experimental_tensormap_create",
              "tt.experimental_tensormap_fenceproxy_acquire"},
             "Triton 3.2-3.3")
      .Default("");
}

namespace {
/// Scans TTIR text line by line for what the parser would report badly.
class TextScreen {
public:
  TextScreen(llvm::SourceMgr &sourceMgr, MLIRContext *context)
      : sourceMgr(sourceMgr), context(context),
        buffer(sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())) {}

  LogicalResult run();

private:
  InFlightDiagnostic error(unsigned line, unsigned column) {
    return emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                         line, column));
  }
  LogicalResult checkLine(StringRef line, unsigned number);

  llvm::SourceMgr &sourceMgr;
  MLIRContext *context;
  const llvm::MemoryBuffer *buffer;
  unsigned modules = 0;
};
} // namespace

LogicalResult TextScreen::run() {
  StringRef text = buffer->getBuffer();
  if (text.starts_with("ML\xEFR"))
    return error(1, 1) << "this is MLIR bytecode; pass TTIR as text "
                          "(kernel.asm[\"ttir\"])",
           failure();
  unsigned number = 0;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    if (failed(checkLine(line, ++number)))
      return failure();
  }
  return success();
}

LogicalResult TextScreen::checkLine(StringRef line, unsigned number) {
  StringRef code = line.ltrim();
  unsigned column = line.size() - code.size() + 1;
  if (code.starts_with("//"))
    return success();
  if (code.starts_with("; ModuleID") || code.starts_with("target triple") ||
      code.starts_with("define ") || code.starts_with("target datalayout"))
    return error(number, column) << "this is LLVM IR; pass the TTIR "
                                    "(kernel.asm[\"ttir\"])",
           failure();
  if (code.starts_with(".version") || code.starts_with(".target ") ||
      code.starts_with(".visible .entry"))
    return error(number, column) << "this is PTX; pass the TTIR "
                                    "(kernel.asm[\"ttir\"])",
           failure();
  if (code.starts_with("amdgcn_target") || code.starts_with(".amdgcn_target"))
    return error(number, column) << "this is AMDGCN assembly; pass the TTIR",
           failure();
  for (StringRef marker : {"#ttg.", "ttg.", "ttng.", "amdgpu.", "#ttng."}) {
    size_t at = code.find(marker);
    if (at != StringRef::npos &&
        (at == 0 || !isalnum(static_cast<unsigned char>(code[at - 1]))))
      return error(number, column + at)
                 << "this is TTGIR (Triton's GPU IR: '" << marker
                 << "' found); pass the TTIR (kernel.asm[\"ttir\"])",
             failure();
  }
  if (line.starts_with("module")) {
    if (++modules == 2)
      return error(number, 1) << "a second module: the file holds several "
                                 "dumped modules (an MLIR_ENABLE_DUMP log?); "
                                 "pass the TTIR of one kernel",
             failure();
  }
  // The op of the line: `tt.x ...`, `%a = tt.x ...`, `%a:2 = "tt.x"(...)`.
  if (code.starts_with("%")) {
    size_t eq = code.find(" = ");
    if (eq == StringRef::npos)
      return success();
    code = code.drop_front(eq + 3);
    column += eq + 3;
  }
  code.consume_front("\"");
  if (!code.starts_with("tt."))
    return success();
  StringRef name = code.take_while([](char c) {
    return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
  });
  if (RegisteredOperationName::lookup(name, context))
    return success();
  StringRef release = otherReleaseOf(name);
  if (!release.empty())
    return error(number, column)
               << "'" << name << "' is from " << release
               << "; this importer reads the TTIR of Triton 3.6",
           failure();
  return error(number, column)
             << "'" << name
             << "' is not an op of Triton 3.6's TTIR, which this importer "
                "reads",
         failure();
}

std::string mlir::tile::findTTIRMetadata(StringRef ttirPath) {
  SmallString<256> path(ttirPath);
  llvm::sys::path::replace_extension(path, "json");
  return llvm::sys::fs::exists(path) ? std::string(path) : std::string();
}

/// Reads `path`, the launch options Triton keeps outside the TTIR, into the
/// options `given` leaves unset, and checks it against the kernel.
static LogicalResult applyMetadata(StringRef path, StringRef ttirPath,
                                   ModuleOp module,
                                   ConvertTTIRToTileOptions &options) {
  auto error = [&](const Twine &why) {
    return emitError(module.getLoc()) << path << ": " << why, failure();
  };
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return error(buffer.getError().message());
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse((*buffer)->getBuffer());
  if (!parsed)
    return error("not JSON: " + llvm::toString(parsed.takeError()));
  const llvm::json::Object *top = parsed->getAsObject();
  if (!top)
    return error("not a JSON object");
  // The corpus's sidecar lists its kernels; Triton's own metadata is one.
  const llvm::json::Object *record = top;
  std::optional<int64_t> arguments;
  if (const llvm::json::Array *kernels = top->getArray("kernels")) {
    StringRef file = llvm::sys::path::filename(ttirPath);
    record = nullptr;
    // A kernel's TTIR, or the front end's own module of it.
    for (const llvm::json::Value &kernel : *kernels)
      if (const llvm::json::Object *entry = kernel.getAsObject())
        if (entry->getString("ttir") == file ||
            entry->getString("source_ttir") == file)
          record = entry;
    if (!record)
      return error("lists no kernel whose 'ttir' is " + file);
    arguments = record->getInteger("ttir_arguments_expected");
  }
  ttir::FuncOp kernel;
  for (auto func : module.getOps<ttir::FuncOp>())
    if (!func.isPrivate())
      kernel = func;
  if (!kernel)
    return success(); // the conversion says what is missing
  std::optional<StringRef> name =
      record->getString(top == record ? "name" : "kernel");
  if (name && *name != kernel.getSymName())
    return error("is the metadata of kernel '" + *name + "', not of '" +
                 kernel.getSymName() + "'");
  if (arguments && *arguments != int64_t(kernel.getNumArguments()))
    return error("records " + Twine(*arguments) +
                 " kernel arguments; the TTIR signature of '" +
                 kernel.getSymName() + "' has " +
                 Twine(kernel.getNumArguments()));
  auto positive = [&](StringRef key, int &field) -> LogicalResult {
    std::optional<int64_t> value = record->getInteger(key);
    if (!value)
      return success();
    if (*value <= 0 || *value > 1024)
      return error("'" + key + "' = " + Twine(*value) + " is out of range");
    if (field == 0)
      field = int(*value);
    return success();
  };
  if (failed(positive("num_warps", options.numWarps)) ||
      failed(positive("num_stages", options.numStages)))
    return failure();
  if (std::optional<bool> fusion = record->getBoolean("enable_fp_fusion"))
    options.enableFpFusion = *fusion;
  // The corpus's sidecar records each host TensorDescriptor's padding, in
  // the order of the arguments; Triton's own metadata does not.
  if (const llvm::json::Array *described = record->getArray("arguments");
      described && options.hostDescriptorPadding.empty())
    for (const llvm::json::Value &argument : *described) {
      const llvm::json::Object *row = argument.getAsObject();
      const llvm::json::Object *value = row && row->getInteger("ttir_index")
                                            ? row->getObject("value")
                                            : nullptr;
      if (value && value->getString("kind") == "tensordesc")
        options.hostDescriptorPadding.push_back(
            value->getString("padding").value_or("zero").str());
    }
  return success();
}

OwningOpRef<ModuleOp> mlir::tile::importTTIR(llvm::SourceMgr &sourceMgr,
                                             MLIRContext *context,
                                             ConvertTTIRToTileOptions options,
                                             StringRef metadataPath) {
  DialectRegistry registry;
  registerTTIRDialects(registry);
  context->appendDialectRegistry(registry);
  // The text screen looks tt ops up among the registered operations.
  context->loadDialect<ttir::TTDialect>();
  if (failed(TextScreen(sourceMgr, context).run()))
    return nullptr;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, context);
  if (!module)
    return nullptr;
  if (!metadataPath.empty() &&
      failed(applyMetadata(metadataPath,
                           sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                               ->getBufferIdentifier(),
                           *module, options)))
    return nullptr;
  // Through a pass manager, which loads the dialects the conversion creates
  // and verifies its result. A refusal is one located line: the op is named
  // by its Python source line, its generic form adds nothing.
  PassManager pm(context);
  pm.addPass(createConvertTTIRToTile(options));
  bool printOp = context->shouldPrintOpOnDiagnostic();
  context->printOpOnDiagnostic(false);
  LogicalResult converted = pm.run(*module);
  context->printOpOnDiagnostic(printOp);
  if (failed(converted))
    return nullptr;
  return module;
}
