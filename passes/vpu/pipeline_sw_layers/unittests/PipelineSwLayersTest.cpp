//===- PipelineSwLayersTest.cpp - Tests of the row-tile pipelining -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs small VPU functions (an NCE op and the element-wise software layers
// after it, on one cluster) through the host inference of the IE reference
// interpreter before and after vpuc-vpu-pipeline-sw-layers, and checks that
// the split function computes the same values bit for bit and has the
// expected number of NCE ops and software layers.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "passes/vpu/pipeline_sw_layers/PipelineSwLayers.h"
#include "passes/vpu/utils/testing/SplitEquivalence.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

/// One case: a function `@main`, the tile count, and what the split makes.
struct PipelineCase {
  const char *name;
  /// The function body; `{W}` and `{B}` are replaced by constants.
  std::string function;
  int64_t tiles;
  int64_t expectedNceOps;
  int64_t expectedSwLayers;
};

class PipelineSwLayersTest : public testing::SplitEquivalence,
                             public ::testing::TestWithParam<PipelineCase> {
protected:
  PipelineSwLayersTest() : SplitEquivalence(/*seed=*/4242) {}
};

TEST_P(PipelineSwLayersTest, SameValuesAfterSplit) {
  const PipelineCase &param = GetParam();
  std::string source = withNhwcAndConstants(param.function);
  PipelineSwLayersPassOptions options;
  options.tiles = param.tiles;
  // Every split the shape allows, whatever the weights and sizes.
  options.minTileBytes = 0;
  options.maxWeightsRatio = 1e9;
  OwningOpRef<ModuleOp> module =
      expectPassKeepsValues(source, createPipelineSwLayersPass(options));
  ASSERT_TRUE(module);
  auto [nceOps, swLayers] = countNceOpsAndSwLayers(*module);
  EXPECT_EQ(nceOps, param.expectedNceOps);
  EXPECT_EQ(swLayers, param.expectedSwLayers);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, PipelineSwLayersTest,
    ::testing::Values(
        // A padded, strided 3x3 convolution (11 output rows) and two
        // layers after it: three tiles of 3, 3 and 5 rows, each reading its
        // halo, and both layers split alike.
        PipelineCase{
            "StridedProducerTwoLayers",
            R"(func.func @main(%x: tensor<1x16x21x6xf16, #NHWC>) -> tensor<1x16x11x6xf16, #NHWC> {
{W:16x16x3x3:2304}{B:16:16}  %0 = VPU.NCE.Convolution(%x, %w, %b) {cluster = 1 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 1>}
         : tensor<1x16x21x6xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x11x6xf16, #NHWC>
  %1 = VPU.SW.Sigmoid(%0) : tensor<1x16x11x6xf16, #NHWC> -> tensor<1x16x11x6xf16, #NHWC>
  %2 = VPU.SW.Swish(%1) : tensor<1x16x11x6xf16, #NHWC> -> tensor<1x16x11x6xf16, #NHWC>
  return %2 : tensor<1x16x11x6xf16, #NHWC>
})",
            3, 3, 6},
        // A 1x1 expansion and its Swish in two tiles.
        PipelineCase{
            "Expansion",
            R"(func.func @main(%x: tensor<1x16x9x8xf16, #NHWC>) -> tensor<1x32x9x8xf16, #NHWC> {
{W:32x16x1x1:512}{B:32:32}  %0 = VPU.NCE.Convolution(%x, %w, %b) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x9x8xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x9x8xf16, #NHWC> -> tensor<1x32x9x8xf16, #NHWC>
  return %1 : tensor<1x32x9x8xf16, #NHWC>
})",
            2, 2, 2}),
    [](const ::testing::TestParamInfo<PipelineCase> &info) {
      return std::string(info.param.name);
    });

} // namespace
} // namespace mlir::vpuc::VPU
