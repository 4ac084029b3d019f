//===- AxisInfoTest.cpp - Unit tests of the axis analysis -----------------===//

#include "tile/Dialect/Analysis/AxisInfo.h"
#include "tile/Dialect/IR/Tile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

TEST(AxisInfo, JoinTakesGcdAndDropsDifferentConstants) {
  AxisInfo lhs({128}, {16}, {1}, std::nullopt);
  AxisInfo rhs({64}, {32}, {1}, std::nullopt);
  AxisInfo joined = AxisInfo::join(lhs, rhs);
  EXPECT_EQ(joined.getContiguity(0), 64);
  EXPECT_EQ(joined.getDivisibility(0), 16);
  EXPECT_EQ(joined.getConstancy(0), 1);

  MLIRContext context;
  Type i32 = IntegerType::get(&context, 32);
  AxisInfo four = AxisInfo::getConstant(i32, 4);
  AxisInfo eight = AxisInfo::getConstant(i32, 8);
  EXPECT_EQ(AxisInfo::join(four, four).getConstantValue(), 4);
  EXPECT_FALSE(AxisInfo::join(four, eight).getConstantValue().has_value());
  EXPECT_EQ(AxisInfo::join(four, eight).getDivisibility(0), 4);
}

TEST(AxisInfo, UninitializedIsTheIdentityOfJoin) {
  AxisInfo known({4}, {8}, {2});
  EXPECT_EQ(AxisInfo::join(AxisInfo(), known), known);
  EXPECT_EQ(AxisInfo::join(known, AxisInfo()), known);
}

TEST(AxisInfoAnalysis, BlockOfAlignedPointersIsOneVector) {
  MLIRContext context;
  context.loadDialect<TileDialect, arith::ArithDialect>();
  const char *source = R"mlir(
    tile.func @k(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
      %pid = tile.program_id x
      %c64 = arith.constant 64 : i32
      %start = arith.muli %pid, %c64 : i32
      %range = tile.range 0 to 64 : tensor<64xi32>
      %base = tile.splat %start : tensor<64xi32>
      %offs = arith.addi %base, %range : tensor<64xi32>
      %ptrs = tile.splat %p : tensor<64x!tile.ptr<f32>>
      %addrs = tile.addptr %ptrs, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
      %x = tile.load %addrs : tensor<64x!tile.ptr<f32>>
      tile.store %addrs, %x : tensor<64x!tile.ptr<f32>>
      tile.return
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  AxisInfoAnalysis analysis(*module);
  Value addrs;
  module->walk([&](AddPtrOp op) { addrs = op.getResult(); });
  ASSERT_TRUE(addrs);
  // 64 consecutive floats; the base is 16-byte aligned and the block start is
  // a multiple of 64 elements, so runs of 4 floats are 16-byte aligned.
  EXPECT_EQ(analysis.getAxisInfo(addrs).getContiguity(0), 64);
  EXPECT_EQ(analysis.getAlignmentBytes(addrs), 16);
  EXPECT_EQ(analysis.getContiguousElements(addrs), 4);
}

} // namespace
