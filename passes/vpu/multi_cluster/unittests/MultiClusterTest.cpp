//===- MultiClusterTest.cpp - Tests of vpuc-vpu-multi-cluster ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs small VPU functions (NCE ops with pseudo-random constants, in a module
// with VPUX30XX resources: 4 clusters of 5 DPUs) through the host inference
// of the NCE ops before and after vpuc-vpu-multi-cluster with each strategy,
// and checks that the split function computes bit-identical values and that
// its pieces run on the expected clusters. Also checks the NCE cycle
// estimate against the emulator's formula (docs/blob_and_emulator.md).
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "passes/vpu/multi_cluster/MultiCluster.h"
#include "passes/vpu/utils/testing/SplitEquivalence.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

/// One case: the body of `@main`, the strategy, and the expected NCE ops and
/// clusters they run on.
struct SplitCase {
  const char *name;
  /// The function; `{W:shape:count}` and `{B:shape:count}` become random
  /// filter and bias constants.
  std::string function;
  const char *strategy;
  int64_t expectedOps;
  std::set<int64_t> expectedClusters;
};

class MultiClusterTest : public testing::SplitEquivalence,
                         public ::testing::TestWithParam<SplitCase> {
protected:
  MultiClusterTest() : SplitEquivalence(/*seed=*/4242) {}
};

TEST_P(MultiClusterTest, SameValuesAfterSplit) {
  const SplitCase &param = GetParam();
  std::string source =
      "#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>\n"
      "module attributes {VPUIP.resources = #VPUIP.resources<arch = "
      "\"VPUX30XX\", clusters = 4, cmx_size = 917504, cmx_alignment = 16, "
      "ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, "
      "shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, "
      "max_consumers = 256, dpus = 5>} {\n" +
      expandConstants(param.function) + "\n}\n";
  MultiClusterPassOptions options;
  options.strategy = param.strategy;
  OwningOpRef<ModuleOp> module =
      expectPassKeepsValues(source, createMultiClusterPass(options));
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();

  int64_t ops = 0;
  std::set<int64_t> clusters;
  func.walk([&](NCEOpInterface op) {
    ++ops;
    EXPECT_TRUE(op->hasAttr("cluster"));
    clusters.insert(op.getClusterIndex());
  });
  EXPECT_EQ(ops, param.expectedOps);
  EXPECT_EQ(clusters, param.expectedClusters);
}

const char *const kConv =
    R"(func.func @main(%x: tensor<1x16x14x9xf16, #NHWC>) -> tensor<1x64x7x9xf16, #NHWC> {
{W:64x16x5x3:15360}{B:64:64}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 2, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1>, strides = array<i64: 2, 1>}
         : tensor<1x16x14x9xf16, #NHWC>, tensor<64x16x5x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x7x9xf16, #NHWC>
  return %0 : tensor<1x64x7x9xf16, #NHWC>
})";

const char *const kDepthConv =
    R"(func.func @main(%x: tensor<1x64x9x8xf16, #NHWC>) -> tensor<1x64x9x8xf16, #NHWC> {
{W:64x1x3x3:576}{B:64:64}  %0 = VPU.NCE.DepthConvolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = -0.5, clamp_high = 0.5>, strides = array<i64: 1, 1>}
         : tensor<1x64x9x8xf16, #NHWC>, tensor<64x1x3x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x9x8xf16, #NHWC>
  return %0 : tensor<1x64x9x8xf16, #NHWC>
})";

const char *const kPools =
    R"(func.func @main(%x: tensor<1x64x15x15xf16, #NHWC>) -> tensor<1x64x8x8xf16, #NHWC> {
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x64x15x15xf16, #NHWC> -> tensor<1x64x8x8xf16, #NHWC>
  %1 = VPU.NCE.MaxPool(%0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x64x8x8xf16, #NHWC> -> tensor<1x64x8x8xf16, #NHWC>
  %2 = VPU.NCE.Eltwise(%0, %1) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<RELU>}
         : tensor<1x64x8x8xf16, #NHWC>, tensor<1x64x8x8xf16, #NHWC> -> tensor<1x64x8x8xf16, #NHWC>
  return %2 : tensor<1x64x8x8xf16, #NHWC>
})";

// Two independent branches joined by an eltwise op (squeezenet's fire).
const char *const kBranches =
    R"(func.func @main(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
{W:16x16x1x1:256}  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %1 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %2 = VPU.NCE.Eltwise(%0, %1) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %2 : tensor<1x16x8x8xf16, #NHWC>
})";

INSTANTIATE_TEST_SUITE_P(
    Cases, MultiClusterTest,
    ::testing::Values(
        // 7 output rows over 4 clusters (2, 2, 2, 1) with halo and edge pads.
        SplitCase{"ConvSOH", kConv, "soh", 4, {0, 1, 2, 3}},
        // 64 output channels: 4 x 16, filter and bias sliced.
        SplitCase{"ConvSOK", kConv, "sok", 4, {0, 1, 2, 3}},
        SplitCase{"DepthConvSOH", kDepthConv, "soh", 4, {0, 1, 2, 3}},
        SplitCase{"DepthConvSOK", kDepthConv, "sok", 4, {0, 1, 2, 3}},
        SplitCase{"PoolsSOH", kPools, "soh", 12, {0, 1, 2, 3}},
        SplitCase{"PoolsSOK", kPools, "sok", 12, {0, 1, 2, 3}},
        // 16 channels cannot be split over 4 clusters: the ops go whole to
        // the least loaded clusters.
        SplitCase{"BranchesSOK", kBranches, "sok", 3, {0, 1, 2}},
        SplitCase{"BranchesClustering", kBranches, "clustering", 3, {0, 1, 2}},
        SplitCase{"ConvAuto", kConv, "auto", 4, {0, 1, 2, 3}},
        // Small pools are DMA-bound on one DMA port: the cost model keeps
        // them whole, on the least loaded clusters.
        SplitCase{"PoolsAuto", kPools, "auto", 3, {0, 1, 2}}),
    [](const ::testing::TestParamInfo<SplitCase> &info) {
      return std::string(info.param.name);
    });

} // namespace
} // namespace mlir::vpuc::VPU
