//===- TilingTest.cpp - Tests of vpuc-vpu-tiling ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs small VPU functions (one NCE op with pseudo-random constants) through
// the host inference of the NCE ops (the IE reference interpreter) before and
// after vpuc-vpu-tiling with a small CMX budget, and checks that the tiled
// function computes the same values and that it was split into the expected
// number of tiles along the expected axis.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <string>
#include <vector>

#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "passes/vpu/tiling/Tiling.h"
#include "passes/vpu/utils/testing/SplitEquivalence.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

/// One case: a function `@main` of one NCE op, the budget, and the expected
/// split.
struct TilingCase {
  const char *name;
  /// The function body; `{W}` and `{B}` are replaced by the filter and bias
  /// constants (see constants()).
  std::string function;
  int64_t cmxBytes;
  int64_t expectedTiles;
  /// The Concat axis: 2 (H) or 1 (K, C).
  int64_t expectedAxis;
};

class TilingTest : public testing::SplitEquivalence,
                   public ::testing::TestWithParam<TilingCase> {
protected:
  TilingTest() : SplitEquivalence(/*seed=*/12345) {}
};

TEST_P(TilingTest, SameValuesAfterTiling) {
  const TilingCase &param = GetParam();
  std::string source = withNhwcAndConstants(param.function);
  TilingPassOptions options;
  options.cmxBytes = param.cmxBytes;
  OwningOpRef<ModuleOp> module =
      expectPassKeepsValues(source, createTilingPass(options));
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();

  int64_t tiles = 0;
  func.walk([&](NCEOpInterface) { ++tiles; });
  EXPECT_EQ(tiles, param.expectedTiles);
  // The returned concat joins the tiles along the axis (a combined split
  // concatenates the H tiles of every channel piece first).
  auto ret = llvm::cast<func::ReturnOp>(func.getBody().front().getTerminator());
  auto concat = ret.getOperand(0).getDefiningOp<ConcatOp>();
  ASSERT_TRUE(concat);
  EXPECT_EQ(concat.getAxis(), param.expectedAxis);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TilingTest,
    ::testing::Values(
        // 3x3, pads 1, bias: H (4 tiles of 4, 4, 3 and 3 rows).
        TilingCase{
            "ConvOverH",
            R"(func.func @main(%x: tensor<1x16x14x9xf16, #NHWC>) -> tensor<1x16x14x9xf16, #NHWC> {
{W:16x16x3x3:2304}{B:16:16}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1>, strides = array<i64: 1, 1>}
         : tensor<1x16x14x9xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x14x9xf16, #NHWC>
  return %0 : tensor<1x16x14x9xf16, #NHWC>
})",
            8000, 4, 2},
        // 5x3 window, stride 2 x 1, asymmetric pads: H with halo (7 tiles: the
        // first has 2 output rows, as its top rows are padding).
        TilingCase{
            "ConvStridedOverH",
            R"(func.func @main(%x: tensor<1x16x17x6xf16, #NHWC>) -> tensor<1x16x8x6xf16, #NHWC> {
{W:16x16x5x3:3840}  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 2, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 1>}
         : tensor<1x16x17x6xf16, #NHWC>, tensor<16x16x5x3xf16, #NHWC> -> tensor<1x16x8x6xf16, #NHWC>
  return %0 : tensor<1x16x8x6xf16, #NHWC>
})",
            9500, 7, 2},
        // Weights dominate: K (4 tiles of 16 output channels), bias sliced.
        TilingCase{
            "ConvOverK",
            R"(func.func @main(%x: tensor<1x16x5x5xf16, #NHWC>) -> tensor<1x64x5x5xf16, #NHWC> {
{W:64x16x3x3:9216}{B:64:64}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x5x5xf16, #NHWC>, tensor<64x16x3x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x5x5xf16, #NHWC>
  return %0 : tensor<1x64x5x5xf16, #NHWC>
})",
            8000, 4, 1},
        // Depthwise with bias: C (3 tiles).
        TilingCase{
            "DepthConvOverC",
            R"(func.func @main(%x: tensor<1x48x8x8xf16, #NHWC>) -> tensor<1x48x8x8xf16, #NHWC> {
{W:48x1x3x3:432}{B:48:48}  %0 = VPU.NCE.DepthConvolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = -0.5, clamp_high = 0.5>, strides = array<i64: 1, 1>}
         : tensor<1x48x8x8xf16, #NHWC>, tensor<48x1x3x3xf16, #NHWC>, tensor<48xf16> -> tensor<1x48x8x8xf16, #NHWC>
  return %0 : tensor<1x48x8x8xf16, #NHWC>
})",
            8000, 3, 1},
        // Average pool, stride 2, pads 1: padding counted, H.
        TilingCase{
            "AvgPoolOverH",
            R"(func.func @main(%x: tensor<1x16x15x15xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x15x15xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
})",
            4000, 4, 2},
        // Max pool over H with a 5x5 window.
        TilingCase{
            "MaxPoolOverH",
            R"(func.func @main(%x: tensor<1x16x24x24xf16, #NHWC>) -> tensor<1x16x12x12xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 5, 5>, pads_begin = array<i64: 2, 2>, pads_end = array<i64: 2, 2>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x24x24xf16, #NHWC> -> tensor<1x16x12x12xf16, #NHWC>
  return %0 : tensor<1x16x12x12xf16, #NHWC>
})",
            8000, 6, 2},
        // Neither H (the weights alone are 18432 bytes) nor K (the input and
        // output of 16 channels, 8960 bytes) fits: 4 K pieces of 16 output
        // channels, each over H in 2 tiles of 4 rows.
        TilingCase{
            "ConvOverKAndH",
            R"(func.func @main(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x64x8x8xf16, #NHWC> {
{W:64x16x3x3:9216}{B:64:64}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<64x16x3x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x8x8xf16, #NHWC>
  return %0 : tensor<1x64x8x8xf16, #NHWC>
})",
            8000, 8, 1},
        // A max pool of 1x64x4x32 (16384 bytes in and out): one row of all
        // channels or all rows of 16 channels (8192 bytes) do not fit 4200,
        // so C x H: 32 channels of one row (4096 bytes) and 16 channels of
        // two rows both make 8 tiles; the coarser channel split comes first.
        TilingCase{
            "MaxPoolOverCAndH",
            R"(func.func @main(%x: tensor<1x64x4x32xf16, #NHWC>) -> tensor<1x64x4x32xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x64x4x32xf16, #NHWC> -> tensor<1x64x4x32xf16, #NHWC>
  return %0 : tensor<1x64x4x32xf16, #NHWC>
})",
            4200, 8, 1},
        // Eltwise subtract of two inputs, one row high: only C can split.
        TilingCase{
            "EltwiseOverC",
            R"(func.func @main(%a: tensor<1x64x1x32xf16, #NHWC>, %b: tensor<1x64x1x32xf16, #NHWC>) -> tensor<1x64x1x32xf16, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>}
         : tensor<1x64x1x32xf16, #NHWC>, tensor<1x64x1x32xf16, #NHWC> -> tensor<1x64x1x32xf16, #NHWC>
  return %0 : tensor<1x64x1x32xf16, #NHWC>
})",
            4000, 4, 1}),
    [](const ::testing::TestParamInfo<TilingCase> &info) {
      return std::string(info.param.name);
    });

} // namespace
} // namespace mlir::vpuc::VPU
