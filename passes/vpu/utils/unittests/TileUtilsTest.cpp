//===- TileUtilsTest.cpp - Tests of the NCE slicing geometry ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The geometry that vpuc-vpu-tiling and vpuc-vpu-multi-cluster share
// (TileUtils.h), read from small VPU functions and checked against values
// worked out by hand: the input rows, halo and edge padding of row pieces,
// the plans of a split, the CMX footprints and the target's channel
// alignment; and where the pieces of a value split over the clusters are
// (ClusterPieces.h).
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <optional>
#include <string>

#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "passes/vpu/utils/ClusterPieces.h"
#include "passes/vpu/utils/TileUtils.h"
#include "passes/vpu/utils/testing/SplitEquivalence.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

class TileUtilsTest : public testing::SplitEquivalence, public ::testing::Test {
protected:
  TileUtilsTest() : SplitEquivalence(/*seed=*/7) {}

  /// Parses `function` (see expandConstants) into `module`, with
  /// `moduleAttrs` ("" for none); false (a failure recorded) if it does not
  /// parse.
  bool parse(const std::string &function, const std::string &moduleAttrs) {
    std::string source = withNhwcAndConstants(
        "module" + (moduleAttrs.empty() ? "" : " attributes " + moduleAttrs) +
        " {\n" + function + "\n}");
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module) {
      ADD_FAILURE() << "does not parse:\n" << source;
    }
    return static_cast<bool>(module);
  }

  /// The geometry of the last NCE op of `function`, parsed (parse()).
  std::optional<OpGeometry> geometryOf(const std::string &function,
                                       const std::string &moduleAttrs = "") {
    if (!parse(function, moduleAttrs)) {
      return std::nullopt;
    }
    NCEOpInterface nce;
    module->walk([&](NCEOpInterface op) { nce = op; });
    if (!nce) {
      ADD_FAILURE() << "no NCE op";
      return std::nullopt;
    }
    FailureOr<OpGeometry> geometry = getGeometry(nce);
    if (failed(geometry)) {
      ADD_FAILURE() << "getGeometry failed";
      return std::nullopt;
    }
    return *geometry;
  }

  OwningOpRef<ModuleOp> module;
};

/// Expects the piece `tile` to read `inputRows` input rows from
/// `inputOffset` and keep `padTop` and `padBottom` rows of padding.
void expectRows(const TileBox &tile, int64_t inputOffset, int64_t inputRows,
                int64_t padTop, int64_t padBottom) {
  EXPECT_EQ(tile.inputOffset, inputOffset);
  EXPECT_EQ(tile.inputRows, inputRows);
  EXPECT_EQ(tile.padTop, padTop);
  EXPECT_EQ(tile.padBottom, padBottom);
}

/// A 3x3 convolution, padding 1, 16 -> 16 channels, 14 x 9.
const char *const kConv3x3 =
    R"(func.func @main(%x: tensor<1x16x14x9xf16, #NHWC>) -> tensor<1x16x14x9xf16, #NHWC> {
{W:16x16x3x3:2304}{B:16:16}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x14x9xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x14x9xf16, #NHWC>
  return %0 : tensor<1x16x14x9xf16, #NHWC>
})";

TEST_F(TileUtilsTest, convolutionGeometry) {
  std::optional<OpGeometry> g = geometryOf(kConv3x3);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->inputShape, (SmallVector<int64_t, 4>{1, 16, 14, 9}));
  EXPECT_EQ(g->outputShape, (SmallVector<int64_t, 4>{1, 16, 14, 9}));
  EXPECT_EQ(g->filterShape, (SmallVector<int64_t, 4>{16, 16, 3, 3}));
  EXPECT_EQ(g->kernel, (SmallVector<int64_t, 2>{3, 3}));
  EXPECT_EQ(g->padsBegin, (SmallVector<int64_t, 2>{1, 1}));
  EXPECT_TRUE(g->filter && g->bias && !g->input2);
  EXPECT_TRUE(g->hasWeightsTable);
  EXPECT_EQ(g->inputBits, 16);
  EXPECT_EQ(g->filterBits, 16);
  EXPECT_EQ(g->axes, (SmallVector<TileAxis, 2>{TileAxis::Height,
                                               TileAxis::OutputChannels}));
  // Without VPU.nce_limits: the built-in targets' 16.
  EXPECT_EQ(g->channelAlignment, 16);
  EXPECT_EQ(granuleOf(*g, TileAxis::Height), 1);
  EXPECT_EQ(granuleOf(*g, TileAxis::OutputChannels), 16);
  EXPECT_EQ(maxTilesOf(*g, TileAxis::Height), 14);
  EXPECT_EQ(maxTilesOf(*g, TileAxis::OutputChannels), 1);
  EXPECT_EQ(axisName(TileAxis::Height), "H");
  EXPECT_EQ(axisName(TileAxis::OutputChannels), "K");
  EXPECT_EQ(axisName(TileAxis::Channels), "C");
}

TEST_F(TileUtilsTest, rowPiecesReadTheirHaloAndKeepTheTrueEdges) {
  std::optional<OpGeometry> g = geometryOf(kConv3x3);
  ASSERT_TRUE(g);
  // Output rows 0..3 read input rows -1..4: rows 0..4 and the top padding.
  expectRows(rowBox(*g, 0, 4), 0, 5, 1, 0);
  // Output rows 4..7 read input rows 3..8: no padding.
  expectRows(rowBox(*g, 4, 4), 3, 6, 0, 0);
  // Output rows 10..13 read input rows 9..14: rows 9..13 and the bottom
  // padding.
  expectRows(rowBox(*g, 10, 4), 9, 5, 0, 1);

  // 14 rows in 4 pieces: 4, 4, 3, 3, the larger first.
  SmallVector<TileBox> tiles = planTiles(*g, TileAxis::Height, 4);
  ASSERT_EQ(tiles.size(), 4u);
  int64_t offsets[] = {0, 4, 8, 11}, sizes[] = {4, 4, 3, 3};
  for (size_t i = 0; i < tiles.size(); ++i) {
    EXPECT_EQ(tiles[i].offset, offsets[i]) << "piece " << i;
    EXPECT_EQ(tiles[i].size, sizes[i]) << "piece " << i;
    TileBox expected = rowBox(*g, offsets[i], sizes[i]);
    EXPECT_EQ(tiles[i].inputOffset, expected.inputOffset) << "piece " << i;
    EXPECT_EQ(tiles[i].inputRows, expected.inputRows) << "piece " << i;
  }
}

TEST_F(TileUtilsTest, stridedRowPieces) {
  // 3x3, stride 2, padding 1: 15 input rows give 8 output rows.
  std::optional<OpGeometry> g = geometryOf(
      R"(func.func @main(%x: tensor<1x16x15x15xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
{W:16x16x3x3:2304}{B:16:16}  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x15x15xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
})");
  ASSERT_TRUE(g);
  // Output rows 4..7 read input rows 7..15, row 15 the bottom padding.
  expectRows(rowBox(*g, 4, 4), 7, 8, 0, 1);
  // Output rows 0..3 read input rows -1..7.
  expectRows(rowBox(*g, 0, 4), 0, 8, 1, 0);
}

TEST_F(TileUtilsTest, footprints) {
  std::optional<OpGeometry> g = geometryOf(kConv3x3);
  ASSERT_TRUE(g);
  // Input and output 16 x 14 x 9 f16 = 4032 bytes each, weights 16 x 144
  // f16 = 4608, the table 16 x 16 = 256.
  EXPECT_EQ(footprint(*g, std::nullopt, TileBox{}, 1),
            4032 + 4032 + 4608 + 256);
  // Rounded up to 1024 each: 4096 + 4096 + 5120 + 1024.
  EXPECT_EQ(footprint(*g, std::nullopt, TileBox{}, 1024),
            4096 + 4096 + 5120 + 1024);
  // Output rows 0..3 (input rows 0..4): 16 x 5 x 9 and 16 x 4 x 9 f16.
  EXPECT_EQ(footprint(*g, TileAxis::Height, rowBox(*g, 0, 4), 1),
            1440 + 1152 + 4608 + 256);
  // 8 output channels read the whole input; half the weights and table.
  TileBox channels;
  channels.size = 8;
  EXPECT_EQ(footprint(*g, TileAxis::OutputChannels, channels, 1),
            4032 + 2016 + 2304 + 128);
  EXPECT_EQ(weightsBytes(*g, 8, 1), 2304 + 128);
  EXPECT_EQ(weightsBytes(*g, 8, 1000), 3000 + 1000);
  EXPECT_EQ(alignedBytes(5, 16, 64), 64);
  EXPECT_EQ(alignedBytes(3, 4, 1), 2);
  EXPECT_EQ(alignedBytes(0, 16, 16), 0);
}

TEST_F(TileUtilsTest, eltwiseCountsBothInputs) {
  std::optional<OpGeometry> g = geometryOf(
      R"(func.func @main(%a: tensor<1x64x2x32xf16, #NHWC>, %b: tensor<1x64x2x32xf16, #NHWC>) -> tensor<1x64x2x32xf16, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>}
         : tensor<1x64x2x32xf16, #NHWC>, tensor<1x64x2x32xf16, #NHWC> -> tensor<1x64x2x32xf16, #NHWC>
  return %0 : tensor<1x64x2x32xf16, #NHWC>
})");
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->input2 && !g->filter && !g->hasWeightsTable);
  EXPECT_EQ(g->axes,
            (SmallVector<TileAxis, 2>{TileAxis::Height, TileAxis::Channels}));
  // Each tensor 64 x 2 x 32 f16 = 8192 bytes.
  EXPECT_EQ(footprint(*g, std::nullopt, TileBox{}, 1), 3 * 8192);
  // 16 of the 64 channels: a quarter of each.
  TileBox quarter;
  quarter.size = 16;
  EXPECT_EQ(footprint(*g, TileAxis::Channels, quarter, 1), 3 * 2048);
  EXPECT_EQ(maxTilesOf(*g, TileAxis::Channels), 4);
  SmallVector<TileBox> tiles = planTiles(*g, TileAxis::Channels, 3);
  ASSERT_EQ(tiles.size(), 3u);
  // Whole granules of 16: 32, 16, 16.
  EXPECT_EQ(tiles[0].size, 32);
  EXPECT_EQ(tiles[1].offset, 32);
  EXPECT_EQ(tiles[1].size, 16);
  EXPECT_EQ(tiles[2].offset, 48);
}

TEST_F(TileUtilsTest, channelAlignmentComesFromTheTarget) {
  std::optional<OpGeometry> g =
      geometryOf(kConv3x3, "{VPU.nce_limits = {channel_alignment = 8 : i64, "
                           "max_kernel_size = 11 : i64, max_pad = 5 : i64, "
                           "max_stride = 8 : i64}}");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->channelAlignment, 8);
  EXPECT_EQ(granuleOf(*g, TileAxis::OutputChannels), 8);
  EXPECT_EQ(maxTilesOf(*g, TileAxis::OutputChannels), 2);
}

/// Two row pieces of a 1x1 convolution on clusters 0 and 1, a sigmoid of
/// each, joined over H; an add of the joined rows and a constant; a join in
/// the wrong cluster order.
const char *const kClusterRows =
    R"(func.func @main(%x0: tensor<1x16x3x8xf16, #NHWC>, %x1: tensor<1x16x2x8xf16, #NHWC>) -> (tensor<1x16x5x8xf16, #NHWC>, tensor<1x16x5x8xf16, #NHWC>, tensor<1x16x5x8xf16, #NHWC>) {
{W:16x16x1x1:256}{B:16:16}  %0 = VPU.NCE.Convolution(%x0, %w, %b) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x3x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x3x8xf16, #NHWC>
  %1 = VPU.NCE.Convolution(%x1, %w, %b) {cluster = 1 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x2x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x2x8xf16, #NHWC>
  %2 = VPU.SW.Sigmoid(%0) : tensor<1x16x3x8xf16, #NHWC> -> tensor<1x16x3x8xf16, #NHWC>
  %3 = VPU.SW.Sigmoid(%1) : tensor<1x16x2x8xf16, #NHWC> -> tensor<1x16x2x8xf16, #NHWC>
  %4 = VPU.Concat(%2, %3) {axis = 2 : i64} : tensor<1x16x3x8xf16, #NHWC>, tensor<1x16x2x8xf16, #NHWC> -> tensor<1x16x5x8xf16, #NHWC>
  %5 = VPU.SW.Add(%4, %4) : tensor<1x16x5x8xf16, #NHWC>, tensor<1x16x5x8xf16, #NHWC> -> tensor<1x16x5x8xf16, #NHWC>
  %6 = VPU.Concat(%3, %2) {axis = 2 : i64} : tensor<1x16x2x8xf16, #NHWC>, tensor<1x16x3x8xf16, #NHWC> -> tensor<1x16x5x8xf16, #NHWC>
  return %4, %5, %6 : tensor<1x16x5x8xf16, #NHWC>, tensor<1x16x5x8xf16, #NHWC>, tensor<1x16x5x8xf16, #NHWC>
})";

TEST_F(TileUtilsTest, clusterPiecesFollowTheirProducers) {
  ASSERT_TRUE(parse(kClusterRows, ""));
  func::FuncOp func = *module->getOps<func::FuncOp>().begin();
  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front().without_terminator()) {
    ops.push_back(&op);
  }
  // The constants first, then %0 .. %6.
  while (!ops.empty() && !isa<NCEOpInterface>(ops.front())) {
    ops.erase(ops.begin());
  }
  ASSERT_EQ(ops.size(), 7u);
  EXPECT_EQ(getValueCluster(ops[0]->getResult(0)), 0);
  EXPECT_EQ(getValueCluster(ops[1]->getResult(0)), 1);
  // A sigmoid of a piece runs where the piece is.
  EXPECT_TRUE(isElementwiseSwLayer(ops[2]));
  EXPECT_EQ(getValueCluster(ops[2]->getResult(0)), 0);
  EXPECT_EQ(getValueCluster(ops[3]->getResult(0)), 1);
  EXPECT_EQ(getValueCluster(func.getArgument(0)), std::nullopt);
  EXPECT_EQ(getValueCluster(ops[4]->getResult(0)), std::nullopt);

  // The join over H: cluster 0 holds rows 0..2, cluster 1 rows 3..4.
  ClusterSplit rows = getClusterSplit(ops[4]->getResult(0));
  EXPECT_EQ(rows.dim, 2);
  EXPECT_EQ(rows.extents, (SmallVector<int64_t>{3, 2}));
  EXPECT_EQ(rows.offsetOf(0), 0);
  EXPECT_EQ(rows.offsetOf(1), 3);
  // The add of two such values is split alike.
  EXPECT_TRUE(isElementwiseSwLayer(ops[5]));
  EXPECT_EQ(getSwLayerClusterSplit(ops[5]), rows);
  // Pieces joined out of cluster order are not a split.
  EXPECT_TRUE(getClusterSplit(ops[6]->getResult(0)).empty());
  EXPECT_TRUE(getClusterSplit(func.getArgument(0)).empty());
  EXPECT_FALSE(isElementwiseSwLayer(ops[0]));
}

} // namespace
} // namespace mlir::vpuc::VPU
