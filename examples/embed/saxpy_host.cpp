//===- saxpy_host.cpp - A host compiler that embeds the tile compiler -----===//
//
// What a host compiler does with the installed package: builds a kernel with
// the tile dialect's builders (no text), compiles it in-process for the CPU
// and for NVIDIA, loads the CPU artifact with the runtime and checks what it
// computes. The kernel is saxpy, y[i] = a * x[i] + y[i] for i < n, in blocks
// of 256 elements per program.
//
// Usage: saxpy-host [N]   (exit status 0 when both compiles succeed and the
// CPU result is exact; the NVIDIA compile needs ptxas, not a GPU)
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/IR/Tile.h"
#include "tile/Target/Target.h"
#include "tile/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;

static constexpr int64_t kBlock = 256;

/// Builds tile.func @saxpy(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %a: f32,
/// %n: i32) into `module`.
static void buildSaxpy(ModuleOp module) {
  MLIRContext *context = module.getContext();
  OpBuilder b(context);
  Location loc = b.getUnknownLoc();
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  Type ptr = tile::PointerType::get(f32);
  auto offsetsType = RankedTensorType::get({kBlock}, i32);
  auto ptrsType = RankedTensorType::get({kBlock}, ptr);
  auto valuesType = RankedTensorType::get({kBlock}, f32);

  b.setInsertionPointToEnd(module.getBody());
  auto kernel = tile::FuncOp::create(
      b, loc, "saxpy", b.getFunctionType({ptr, ptr, f32, i32}, {}));
  Block *body = kernel.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value x = body->getArgument(0), y = body->getArgument(1);
  Value a = body->getArgument(2), n = body->getArgument(3);

  // offsets = program_id(x) * BLOCK + range(0, BLOCK); mask = offsets < n
  Value pid = tile::ProgramIdOp::create(b, loc, tile::ProgramAxis::x);
  Value block = arith::ConstantIntOp::create(b, loc, i32, kBlock);
  Value start = arith::MulIOp::create(b, loc, pid, block);
  Value range = tile::RangeOp::create(b, loc, offsetsType, 0, kBlock);
  Value offsets = arith::AddIOp::create(
      b, loc, tile::SplatOp::create(b, loc, offsetsType, start), range);
  Value mask =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, offsets,
                            tile::SplatOp::create(b, loc, offsetsType, n));

  auto pointersTo = [&](Value base) -> Value {
    Value bases = tile::SplatOp::create(b, loc, ptrsType, base);
    return tile::AddPtrOp::create(b, loc, ptrsType, bases, offsets);
  };
  Value xPtrs = pointersTo(x), yPtrs = pointersTo(y);
  Value xs = tile::LoadOp::create(b, loc, xPtrs, mask);
  Value ys = tile::LoadOp::create(b, loc, yPtrs, mask);
  Value as = tile::SplatOp::create(b, loc, valuesType, a);
  Value result =
      arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, as, xs), ys);
  tile::StoreOp::create(b, loc, yPtrs, result, mask, nullptr, nullptr);
  tile::ReturnOp::create(b, loc);
}

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    if (tile_status_t s = (call)) {                                            \
      std::fprintf(stderr, "%s: %s\n", #call, tile_status_message(s));         \
      tile_status_free(s);                                                     \
      return false;                                                            \
    }                                                                          \
  } while (0)

/// Runs the CPU artifact on n elements and compares with the same sum
/// computed here (an fma-free a * x + y in f32, which the kernel computes
/// as well: docs/Semantics.md keeps mulf and addf separately rounded).
static bool runOnCPU(const std::string &bytes, int n) {
  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 97) * 0.25f - 3.0f;
    y[i] = float(i % 13) - 6.5f;
  }
  const float a = 1.5f;
  for (int i = 0; i < n; ++i) {
    volatile float product = a * x[i];
    expected[i] = product + y[i];
  }

  tile_device_t device = nullptr;
  tile_module_t module = nullptr;
  tile_kernel_t kernel = nullptr;
  tile_buffer_t xb = nullptr, yb = nullptr;
  CHECK_RT(tile_device_open("cpu", 0, &device));
  CHECK_RT(tile_module_load(device, bytes.data(), bytes.size(), &module));
  CHECK_RT(tile_module_get_kernel(module, "saxpy", &kernel));
  CHECK_RT(tile_buffer_alloc(device, n * sizeof(float), &xb));
  CHECK_RT(tile_buffer_alloc(device, n * sizeof(float), &yb));
  CHECK_RT(tile_buffer_copy_from_host(xb, 0, x.data(), n * sizeof(float)));
  CHECK_RT(tile_buffer_copy_from_host(yb, 0, y.data(), n * sizeof(float)));
  tile_arg_t args[4] = {};
  args[0].kind = TILE_ARG_PTR;
  args[0].value.buffer = xb;
  args[1].kind = TILE_ARG_PTR;
  args[1].value.buffer = yb;
  args[2].kind = TILE_ARG_F32;
  args[2].value.f = a;
  args[3].kind = TILE_ARG_I32;
  args[3].value.i = n;
  uint32_t grid[3] = {uint32_t((n + kBlock - 1) / kBlock), 1, 1};
  CHECK_RT(tile_kernel_launch(kernel, grid, args, 4));
  CHECK_RT(tile_device_synchronize(device));
  std::vector<float> got(n);
  CHECK_RT(tile_buffer_copy_to_host(yb, 0, got.data(), n * sizeof(float)));
  tile_buffer_free(xb);
  tile_buffer_free(yb);
  tile_module_unload(module);
  tile_device_close(device);

  int mismatches = 0;
  for (int i = 0; i < n; ++i)
    mismatches += got[i] != expected[i];
  std::printf("cpu: saxpy on %d elements, %d mismatches\n", n, mismatches);
  return mismatches == 0;
}

/// Compiles `kernels` for the target `spec` (tile-compile's --target
/// syntax) and says what came out; compile errors went to the context.
static bool compileFor(ModuleOp kernels, StringRef spec,
                       tile::Artifact &artifact) {
  std::string error;
  FailureOr<tile::TargetOptions> options =
      tile::TargetOptions::parse(spec, error);
  if (failed(options)) {
    std::fprintf(stderr, "--target=%s: %s\n", spec.str().c_str(),
                 error.c_str());
    return false;
  }
  if (failed(tile::compileToArtifact(kernels, *options, artifact)))
    return false;
  std::printf("%s: compiled %zu kernel(s) for %s, %zu bytes of %s\n",
              artifact.target.c_str(), artifact.kernels.size(),
              artifact.chip.c_str(), artifact.binary.size(),
              artifact.binaryFormat.c_str());
  return true;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 100003;
  if (n <= 0) {
    std::fprintf(stderr, "usage: %s [N > 0]\n", argv[0]);
    return 2;
  }
  // The host's own context, with only the dialects it builds kernels from:
  // compileToArtifact adds what the targets' pipelines need, and registers
  // the targets.
  MLIRContext context;
  context.loadDialect<tile::TileDialect, arith::ArithDialect>();

  // A host keeps its kernels in a module of their own.
  OwningOpRef<ModuleOp> kernels = ModuleOp::create(UnknownLoc::get(&context));
  buildSaxpy(*kernels);
  if (failed(verify(*kernels)))
    return 1;

  tile::Artifact cpu, nvidia;
  // The NVIDIA artifact needs ptxas (the CUDA toolkit) but no GPU.
  if (!compileFor(*kernels, "cpu", cpu) ||
      !compileFor(*kernels, "nvidia:sm_90a", nvidia))
    return 1;

  return runOnCPU(tile::serializeArtifact(cpu), n) ? 0 : 1;
}
