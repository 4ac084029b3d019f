//===- GPUSimulatorTest.cpp - The GPU simulator on hand-written kernels ---===//
//
// Small gpu.modules of the shape convert-tile-to-gpu produces, each showing
// one rule of the simulator: shuffles within warps of the given width,
// divergent branches and loops under masks, and the hardware's undefined
// cases refused with a located error (division by zero, oversized shifts,
// barriers and shuffles under divergence, accesses outside the buffers).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/GPUSimulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <vector>

using namespace mlir;
using namespace mlir::tile;

namespace {

struct Simulation {
  bool ok = false;
  std::string diagnostics;
};

/// Runs kernel @k of \p body (the inside of a gpu.module whose kernel has
/// `threads` threads) on one block, with \p out as its only argument.
Simulation simulate(const std::string &body, unsigned threads,
                    unsigned warpSize, std::vector<int32_t> &out,
                    std::array<uint32_t, 3> grid = {1, 1, 1}) {
  MLIRContext context;
  context
      .loadDialect<arith::ArithDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                   math::MathDialect, ROCDL::ROCDLDialect, scf::SCFDialect>();
  std::string text = "module attributes {gpu.container_module} {\n"
                     "gpu.module @m attributes {tile.launch = {k = {asserts "
                     "= 0 : i64, shared = 256 : i64, threads = " +
                     std::to_string(threads) + " : i64}}} {\n" + body +
                     "\n}\n}\n";
  Simulation result;
  llvm::raw_string_ostream diagnostics(result.diagnostics);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics << d << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module)
    return result;
  interp::KernelArgument arg{reinterpret_cast<uint64_t>(out.data())};
  interp::HostBuffer buffer{out.data(), out.size() * sizeof(int32_t), "out"};
  interp::LaunchOptions options;
  options.grid = grid;
  result.ok = succeeded(interp::simulateGPUKernel(*module, "k", warpSize, {arg},
                                                  {buffer}, options));
  return result;
}

// out[t] = what lane t reads with the given shuffle of thread ids.
const char *kShuffle = R"(
gpu.func @k(%out: !llvm.ptr<1>) kernel {
  %t = gpu.thread_id x
  %i = arith.index_cast %t : index to i32
  %offset = arith.constant OFFSET : i32
  %width = arith.constant WIDTH : i32
  %v, %valid = gpu.shuffle MODE %i, %offset, %width : i32
  %r = arith.select %valid, %v, %offset : i32
  %p = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
  llvm.store %r, %p : i32, !llvm.ptr<1>
  gpu.return
})";

std::string shuffle(const char *mode, int offset, int width) {
  std::string s = kShuffle;
  auto put = [&](const std::string &key, const std::string &value) {
    s.replace(s.find(key), key.size(), value);
  };
  put("MODE", mode);
  put("OFFSET", std::to_string(offset));
  put("WIDTH", std::to_string(width));
  return s;
}

TEST(GPUSimulator, ShuffleXorStaysInTheWarp) {
  // Two warps of 64: lane 63 of warp 0 reads lane 31 (63 xor 32), thread 64
  // (lane 0 of warp 1) reads thread 96.
  std::vector<int32_t> out(128, -1);
  Simulation s = simulate(shuffle("xor", 32, 64), 128, 64, out);
  ASSERT_TRUE(s.ok) << s.diagnostics;
  EXPECT_EQ(out[63], 31);
  EXPECT_EQ(out[64], 96);
  // The same module in warps of 32 reads across a warp's end: invalid.
  std::vector<int32_t> narrow(128, -1);
  s = simulate(shuffle("xor", 32, 64), 128, 32, narrow);
  EXPECT_FALSE(s.ok);
  EXPECT_NE(s.diagnostics.find("a shuffle of width 64 in warps of 32"),
            std::string::npos)
      << s.diagnostics;
}

TEST(GPUSimulator, ShuffleDownInvalidPastTheSegment) {
  // Segments of 16: lane 15 + 4 leaves its segment, so it keeps the offset
  // value the kernel selects for invalid lanes.
  std::vector<int32_t> out(64, -1);
  Simulation s = simulate(shuffle("down", 4, 16), 64, 64, out);
  ASSERT_TRUE(s.ok) << s.diagnostics;
  EXPECT_EQ(out[0], 4);
  EXPECT_EQ(out[11], 15);
  EXPECT_EQ(out[12], 4); // invalid: 16 is in the next segment
  EXPECT_EQ(out[16], 20);
}

TEST(GPUSimulator, DivergentIfMergesPerLane) {
  // Even threads take the then side, odd ones the else side.
  std::vector<int32_t> out(64, -1);
  Simulation s = simulate(R"(
gpu.func @k(%out: !llvm.ptr<1>) kernel {
  %t = gpu.thread_id x
  %i = arith.index_cast %t : index to i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %c100 = arith.constant 100 : i32
  %odd = arith.andi %i, %c1 : i32
  %even = arith.cmpi eq, %odd, %c0 : i32
  %r = scf.if %even -> (i32) {
    scf.yield %i : i32
  } else {
    %n = arith.addi %i, %c100 : i32
    scf.yield %n : i32
  }
  %p = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
  llvm.store %r, %p : i32, !llvm.ptr<1>
  gpu.return
})",
                          64, 64, out);
  ASSERT_TRUE(s.ok) << s.diagnostics;
  EXPECT_EQ(out[4], 4);
  EXPECT_EQ(out[5], 105);
}

TEST(GPUSimulator, DivergentWhileKeepsEachLanesExit) {
  // Lane t counts up to t: lanes leave the loop one after another.
  std::vector<int32_t> out(64, -1);
  Simulation s = simulate(R"(
gpu.func @k(%out: !llvm.ptr<1>) kernel {
  %t = gpu.thread_id x
  %i = arith.index_cast %t : index to i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%n = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %n, %i : i32
    scf.condition(%go) %n : i32
  } do {
  ^bb0(%n: i32):
    %next = arith.addi %n, %c1 : i32
    scf.yield %next : i32
  }
  %p = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
  llvm.store %r, %p : i32, !llvm.ptr<1>
  gpu.return
})",
                          64, 64, out);
  ASSERT_TRUE(s.ok) << s.diagnostics;
  for (int t : {0, 1, 37, 63})
    EXPECT_EQ(out[t], t);
}

/// A kernel where thread 5 alone does `op` (a snippet on %i, the thread
/// id, and %out).
std::string onThread5(const std::string &op) {
  return R"(
gpu.func @k(%out: !llvm.ptr<1>) kernel {
  %t = gpu.thread_id x
  %i = arith.index_cast %t : index to i32
  %c5 = arith.constant 5 : i32
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c1000 = arith.constant 1000 : i32
  %is5 = arith.cmpi eq, %i, %c5 : i32
  scf.if %is5 {
)" + op + R"(
  }
  gpu.return
})";
}

TEST(GPUSimulator, RefusesWhatTheHardwareLeavesUndefined) {
  struct Case {
    const char *name, *op, *message;
  } cases[] = {
      {"division by zero", "%q = arith.divsi %i, %c0 : i32",
       "thread 5 divides 5 by 0 (undefined on the hardware)"},
      {"oversized shift", "%q = arith.shli %i, %c64 : i32",
       "thread 5 shifts by 64, the width or more (poison in LLVM)"},
      {"barrier under divergence", "gpu.barrier",
       "a barrier that only some threads reach"},
      {"shuffle from an inactive lane",
       "%v, %ok = gpu.shuffle xor %i, %c5, %c64 : i32",
       "thread 5 reads thread 0, which does not take part"},
      {"store past the buffer",
       "%p = llvm.getelementptr %out[%c1000] : (!llvm.ptr<1>, i32) -> "
       "!llvm.ptr<1>, i32\n llvm.store %i, %p : i32, !llvm.ptr<1>",
       "thread 5 accesses 4 bytes at"},
  };
  for (const Case &c : cases) {
    std::vector<int32_t> out(64, 0);
    Simulation s = simulate(onThread5(c.op), 64, 64, out);
    EXPECT_FALSE(s.ok) << c.name;
    EXPECT_NE(s.diagnostics.find(c.message), std::string::npos)
        << c.name << ": " << s.diagnostics;
  }
  // Division by zero where no active lane divides by zero is fine: masked
  // lanes compute nothing that counts.
  std::vector<int32_t> out(64, 0);
  Simulation s =
      simulate(onThread5("%q = arith.divsi %i, %c5 : i32"), 64, 64, out);
  EXPECT_TRUE(s.ok) << s.diagnostics;
}

TEST(GPUSimulator, BlockIdsAndSharedMemory) {
  // Each block writes its id through shared memory after a barrier: thread
  // 0 stores, every thread reads back.
  std::vector<int32_t> out(3 * 64, -1);
  Simulation s = simulate(R"(
llvm.mlir.global external @tile_shared() {addr_space = 3 : i32} : !llvm.array<0 x i8>
gpu.func @k(%out: !llvm.ptr<1>) kernel {
  %shared = llvm.mlir.addressof @tile_shared : !llvm.ptr<3>
  %t = gpu.thread_id x
  %i = arith.index_cast %t : index to i32
  %b = gpu.block_id x
  %bi = arith.index_cast %b : index to i32
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %first = arith.cmpi eq, %i, %c0 : i32
  scf.if %first {
    llvm.store %bi, %shared : i32, !llvm.ptr<3>
  }
  gpu.barrier
  %v = llvm.load %shared : !llvm.ptr<3> -> i32
  %row = arith.muli %bi, %c64 : i32
  %at = arith.addi %row, %i : i32
  %p = llvm.getelementptr %out[%at] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
  llvm.store %v, %p : i32, !llvm.ptr<1>
  gpu.return
})",
                          64, 64, out, {3, 1, 1});
  ASSERT_TRUE(s.ok) << s.diagnostics;
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(out[64 + 17], 1);
  EXPECT_EQ(out[2 * 64 + 63], 2);
}

} // namespace
