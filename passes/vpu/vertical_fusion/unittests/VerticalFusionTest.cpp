//===- VerticalFusionTest.cpp - Tests of vertical fusion --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs small VPU chains (an NCE op, element-wise software layers, NCE ops
// reading them; whole or split over two clusters) through the host inference
// of the IE reference interpreter before and after vpuc-vpu-vertical-fusion
// with a small CMX budget, and checks that the fused function computes the
// same values bit for bit and has the expected number of fused tiles.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "passes/vpu/utils/testing/SplitEquivalence.h"
#include "passes/vpu/vertical_fusion/VerticalFusion.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

/// One case: a function `@main`, the budget, and what the fusion makes.
struct FusionCase {
  const char *name;
  /// The function body; `{W}`, `{B}` (the producer's) and `{V}`, `{C}` (the
  /// consumer's) are replaced by constants.
  std::string function;
  int64_t cmxBytes;
  /// The NCE ops after the pass (producer and consumer tiles), and the
  /// software layers.
  int64_t expectedNceOps;
  int64_t expectedSwLayers;
};

class VerticalFusionTest : public testing::SplitEquivalence,
                           public ::testing::TestWithParam<FusionCase> {
protected:
  VerticalFusionTest() : SplitEquivalence(/*seed=*/777) {}
};

TEST_P(VerticalFusionTest, SameValuesAfterFusion) {
  const FusionCase &param = GetParam();
  std::string source = withNhwcAndConstants(param.function);
  VerticalFusionPassOptions options;
  options.cmxBytes = param.cmxBytes;
  OwningOpRef<ModuleOp> module =
      expectPassKeepsValues(source, createVerticalFusionPass(options));
  ASSERT_TRUE(module);
  auto [nceOps, swLayers] = countNceOpsAndSwLayers(*module);
  EXPECT_EQ(nceOps, param.expectedNceOps);
  EXPECT_EQ(swLayers, param.expectedSwLayers);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, VerticalFusionTest,
    ::testing::Values(
        // One expansion, Swish, a 3x3 depthwise: 4 fused tiles of 10 rows,
        // each recomputing the expansion on its rows and their halo.
        FusionCase{
            "WholeChain",
            R"(func.func @main(%x: tensor<1x16x40x4xf16, #NHWC>) -> tensor<1x32x40x4xf16, #NHWC> {
{W:32x16x1x1:512}{B:32:32}{V:32x1x3x3:288}{C:32:32}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x40x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x40x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x40x4xf16, #NHWC> -> tensor<1x32x40x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %v, %c) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x32x40x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x40x4xf16, #NHWC>
  return %2 : tensor<1x32x40x4xf16, #NHWC>
})",
            20000, 8, 4},
        // The same chain whose consumer's result an NCE pool reads: the
        // pool then reads the join of the fused tiles.
        FusionCase{
            "ConsumerReadByNce",
            R"(func.func @main(%x: tensor<1x16x40x4xf16, #NHWC>) -> tensor<1x32x40x4xf16, #NHWC> {
{W:32x16x1x1:512}{B:32:32}{V:32x1x3x3:288}{C:32:32}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x40x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x40x4xf16, #NHWC>
  %1 = VPU.SW.Sigmoid(%0) : tensor<1x32x40x4xf16, #NHWC> -> tensor<1x32x40x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %v, %c) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x32x40x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x40x4xf16, #NHWC>
  %3 = VPU.NCE.MaxPool(%2) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x40x4xf16, #NHWC> -> tensor<1x32x40x4xf16, #NHWC>
  return %3 : tensor<1x32x40x4xf16, #NHWC>
})",
            20000, 9, 4},
        // Two software layers between a padded 3x3 convolution and a
        // stride-2 depthwise: 3 fused tiles of 5, 4 and 4 output rows (2
        // tiles do not fit; 1-row tiles would recompute too many rows).
        FusionCase{
            "TwoLayersStrided",
            R"(func.func @main(%x: tensor<1x16x25x6xf16, #NHWC>) -> tensor<1x16x13x6xf16, #NHWC> {
{W:16x16x3x3:2304}{V:16x1x3x3:144}{C:16:16}  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x25x6xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x25x6xf16, #NHWC>
  %1 = VPU.SW.Sigmoid(%0) : tensor<1x16x25x6xf16, #NHWC> -> tensor<1x16x25x6xf16, #NHWC>
  %2 = VPU.SW.Swish(%1) : tensor<1x16x25x6xf16, #NHWC> -> tensor<1x16x25x6xf16, #NHWC>
  %3 = VPU.NCE.DepthConvolution(%2, %v, %c) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 1>}
         : tensor<1x16x25x6xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x13x6xf16, #NHWC>
  return %3 : tensor<1x16x13x6xf16, #NHWC>
})",
            24000, 6, 6},
        // The chain split over two clusters by rows (the producer with its
        // own halo), the second depthwise piece reading a row of the first
        // cluster's: each piece in 2 fused tiles that recompute that row.
        FusionCase{
            "SplitOverClusters",
            R"(func.func @main(%x: tensor<1x16x16x8xf16, #NHWC>) -> tensor<1x16x8x4xf16, #NHWC> {
{W:16x16x3x3:2304}{B:16:16}{V:16x1x3x3:144}{C:16:16}  %s0 = VPU.Slice %x [0, 0, 0, 0] [1, 16, 9, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x9x8xf16, #NHWC>
  %p0 = VPU.NCE.Convolution(%s0, %w, %b) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %s1 = VPU.Slice %x [0, 0, 7, 0] [1, 16, 9, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x9x8xf16, #NHWC>
  %p1 = VPU.NCE.Convolution(%s1, %w, %b) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %a0 = VPU.SW.Swish(%p0) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %a1 = VPU.SW.Swish(%p1) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %j = VPU.Concat(%a0, %a1) {axis = 2 : i64} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x16x8xf16, #NHWC>
  %r0 = VPU.Slice %j [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %d0 = VPU.NCE.DepthConvolution(%r0, %v, %c) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x4x4xf16, #NHWC>
  %r1 = VPU.Slice %j [0, 0, 7, 0] [1, 16, 9, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x9x8xf16, #NHWC>
  %d1 = VPU.NCE.DepthConvolution(%r1, %v, %c) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x4x4xf16, #NHWC>
  %o = VPU.Concat(%d0, %d1) {axis = 2 : i64} : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x8x4xf16, #NHWC>
  return %o : tensor<1x16x8x4xf16, #NHWC>
})",
            18000, 8, 4},
        // The whole chain on 64 rows with a tail of two layers after the
        // depthwise convolution: its result (16384 bytes) is more than the
        // tail share (0.75) of the CMX, so each of the 7 fused tiles (at
        // most 10 rows: 9792 bytes) runs the tail on its rows.
        FusionCase{
            "ConsumerTail",
            R"(func.func @main(%x: tensor<1x16x64x4xf16, #NHWC>) -> tensor<1x32x64x4xf16, #NHWC> {
{W:32x16x1x1:512}{B:32:32}{V:32x1x3x3:288}{C:32:32}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x64x4xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x64x4xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x64x4xf16, #NHWC> -> tensor<1x32x64x4xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %v, %c) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x64x4xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x64x4xf16, #NHWC>
  %3 = VPU.SW.Swish(%2) : tensor<1x32x64x4xf16, #NHWC> -> tensor<1x32x64x4xf16, #NHWC>
  %4 = VPU.SW.Sigmoid(%3) : tensor<1x32x64x4xf16, #NHWC> -> tensor<1x32x64x4xf16, #NHWC>
  return %4 : tensor<1x32x64x4xf16, #NHWC>
})",
            20000, 14, 21},
        // SplitOverClusters with a Swish after each depthwise piece (before
        // their join): each piece's result (512 bytes) fits the CMX with
        // its tiles, so each Swish stays whole, after the piece's join.
        FusionCase{
            "SplitOverClustersTail",
            R"(func.func @main(%x: tensor<1x16x16x8xf16, #NHWC>) -> tensor<1x16x8x4xf16, #NHWC> {
{W:16x16x3x3:2304}{B:16:16}{V:16x1x3x3:144}{C:16:16}  %s0 = VPU.Slice %x [0, 0, 0, 0] [1, 16, 9, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x9x8xf16, #NHWC>
  %p0 = VPU.NCE.Convolution(%s0, %w, %b) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %s1 = VPU.Slice %x [0, 0, 7, 0] [1, 16, 9, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x9x8xf16, #NHWC>
  %p1 = VPU.NCE.Convolution(%s1, %w, %b) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %a0 = VPU.SW.Swish(%p0) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %a1 = VPU.SW.Swish(%p1) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %j = VPU.Concat(%a0, %a1) {axis = 2 : i64} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x16x8xf16, #NHWC>
  %r0 = VPU.Slice %j [0, 0, 0, 0] [1, 16, 8, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %d0 = VPU.NCE.DepthConvolution(%r0, %v, %c) {cluster = 0 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x4x4xf16, #NHWC>
  %r1 = VPU.Slice %j [0, 0, 7, 0] [1, 16, 9, 8] : tensor<1x16x16x8xf16, #NHWC> -> tensor<1x16x9x8xf16, #NHWC>
  %d1 = VPU.NCE.DepthConvolution(%r1, %v, %c) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x9x8xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x4x4xf16, #NHWC>
  %t0 = VPU.SW.Swish(%d0) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %t1 = VPU.SW.Swish(%d1) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %o = VPU.Concat(%t0, %t1) {axis = 2 : i64} : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x8x4xf16, #NHWC>
  return %o : tensor<1x16x8x4xf16, #NHWC>
})",
            18000, 8, 6},
        // A ResNet block's last convolution read directly by its residual
        // addition (of its own input here): the addition's inputs (24576
        // bytes) exceed the CMX, so 7 fused tiles (at most 7 rows) each
        // compute the convolution's rows and add the input's.
        FusionCase{
            "EltwiseConsumer",
            R"(func.func @main(%x: tensor<1x32x48x4xf16, #NHWC>) -> tensor<1x32x48x4xf16, #NHWC> {
{W:32x32x1x1:1024}{B:32:32}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x48x4xf16, #NHWC>, tensor<32x32x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x48x4xf16, #NHWC>
  %1 = VPU.NCE.Eltwise(%0, %x) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
         : tensor<1x32x48x4xf16, #NHWC>, tensor<1x32x48x4xf16, #NHWC> -> tensor<1x32x48x4xf16, #NHWC>
  return %1 : tensor<1x32x48x4xf16, #NHWC>
})",
            20000, 14, 0},
        // The Swish's result is also read by a software layer: nothing is
        // fused.
        FusionCase{
            "SharedIntermediate",
            R"(func.func @main(%x: tensor<1x16x20x8xf16, #NHWC>) -> tensor<1x32x20x8xf16, #NHWC> {
{W:32x16x1x1:512}{B:32:32}{V:32x1x3x3:288}{C:32:32}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x20x8xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x20x8xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x20x8xf16, #NHWC> -> tensor<1x32x20x8xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%1, %v, %c) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x32x20x8xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x20x8xf16, #NHWC>
  %3 = VPU.SW.Sigmoid(%1) : tensor<1x32x20x8xf16, #NHWC> -> tensor<1x32x20x8xf16, #NHWC>
  return %2 : tensor<1x32x20x8xf16, #NHWC>
})",
            20000, 2, 2}),
    [](const ::testing::TestParamInfo<FusionCase> &info) {
      return std::string(info.param.name);
    });

} // namespace
} // namespace mlir::vpuc::VPU
