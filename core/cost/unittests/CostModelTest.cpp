//===- CostModelTest.cpp - Tests of the one cost model --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The formulas of CostModel.h on the built-in targets and on descriptions
// edited here (other MPE modes, other rates), with the expected figures
// worked out by hand from the description's numbers; and shareBandwidth's
// max-min fair sharing.
//
//===----------------------------------------------------------------------===//

#include "core/cost/CostModel.h"

#include <numeric>

#include "gtest/gtest.h"

namespace mlir::vpuc::cost {
namespace {

arch::ArchDesc loadBuiltin(llvm::StringRef name) {
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch(name);
  EXPECT_TRUE(static_cast<bool>(desc)) << llvm::toString(desc.takeError());
  return *desc;
}

TEST(CostModel, readsTheRatesOfTheDescription) {
  // VPUX37XX: 1300 MHz, DMA ports of 20 GB/s, DDR 27 GB/s derated by 0.75,
  // CMX 128 GB/s, DMA latency 150 cycles.
  CostModel model(loadBuiltin("VPUX37XX"));
  EXPECT_DOUBLE_EQ(model.getDmaPortBytesPerCycle(), 20e3 / 1300);
  EXPECT_DOUBLE_EQ(model.getDdrBytesPerCycle(), 27 * 0.75 * 1e3 / 1300);
  EXPECT_DOUBLE_EQ(model.getCmxBytesPerCycle(), 128e3 / 1300);
  // A DDR DMA runs at the port's rate (below the derated DDR's), a CMX one
  // too (below the CMX's).
  EXPECT_DOUBLE_EQ(model.getDmaCycles(2000, true), 150 + 2000 / (20e3 / 1300));
  EXPECT_DOUBLE_EQ(model.getDmaCycles(2000, false), 150 + 2000 / (20e3 / 1300));
  EXPECT_DOUBLE_EQ(model.getPeakMacsPerCycle("f16"), 2 * 1024);
  EXPECT_DOUBLE_EQ(model.getPeakMacsPerCycle("i8"), 2 * 2048);
  EXPECT_DOUBLE_EQ(model.getPeakMacsPerCycle("f32"), 0);
  EXPECT_DOUBLE_EQ(model.getBarrierCycles(), 40);
  EXPECT_TRUE(model.getDmaBroadcasts());
  EXPECT_FALSE(CostModel(loadBuiltin("VPUX30XX")).getDmaBroadcasts());
}

TEST(CostModel, capsADmaByTheDeratedDdr) {
  arch::ArchDesc desc = loadBuiltin("VPUX37XX");
  desc.mutable_ddr()->set_bandwidth_gbps(8);
  desc.mutable_ddr()->set_derate(0.5);
  CostModel model(desc);
  EXPECT_DOUBLE_EQ(model.getDmaCycles(4000, true), 150 + 1300);
  EXPECT_DOUBLE_EQ(model.getDmaCycles(4000, false), 150 + 4000 / (20e3 / 1300));
  // A copy within DDR reads and writes it.
  EXPECT_DOUBLE_EQ(model.getDmaCycles(4000, 8000, 0), 150 + 2600);
}

TEST(CostModel, chargesShaveKernelsForTheirDdrBytes) {
  // 300 cycles of overhead, 16 lanes.
  CostModel model(loadBuiltin("VPUX37XX"));
  // 1600 outputs at 2 cycles per vector on 2 SHAVEs: 100 vectors, 100 cycles.
  EXPECT_DOUBLE_EQ(model.getShaveComputeCycles(1600, 2.0, 2), 100);
  EXPECT_DOUBLE_EQ(model.getShaveCycles(1600, 2.0, 2, 0, 0), 400);
  // 100000 DDR bytes take longer than the computation, and than 100000 CMX
  // bytes.
  EXPECT_DOUBLE_EQ(model.getShaveCycles(1600, 2.0, 2, 100000, 100000),
                   300 + 100000 / model.getDdrBytesPerCycle());
  EXPECT_DOUBLE_EQ(model.getShaveCycles(1600, 2.0, 2, 0, 100000),
                   300 + 100000 / model.getCmxBytesPerCycle());
}

TEST(CostModel, costsVariantsOnTheModesOfTheDescription) {
  CostModel model(loadBuiltin("VPUX30XX"));
  ASSERT_EQ(model.getMpeModes().size(), 2u);
  const MpeMode *matrix = model.findMpeMode("MATRIX");
  const MpeMode *vector = model.findMpeMode("VECTOR");
  ASSERT_TRUE(matrix && vector);
  EXPECT_EQ(model.findMpeMode("CUBOID"), nullptr);
  // 6 x 5 x 20 at 144 MACs per output and 64 MACs per cycle: MATRIX runs 2 x
  // 2 x 2 steps of 4 x 4 x 16 outputs, VECTOR 1 x 5 x 2 of 16 x 1 x 16.
  EXPECT_DOUBLE_EQ(model.getDpuVariantCycles(6, 5, 20, 144, *matrix, 64),
                   8.0 * 256 * 144 / 64);
  EXPECT_DOUBLE_EQ(model.getDpuVariantCycles(6, 5, 20, 144, *vector, 64),
                   10.0 * 256 * 144 / 64);
  EXPECT_EQ(&model.selectMpeMode(6, 5, 20), matrix);
  EXPECT_EQ(&model.selectMpeMode(16, 1, 16), vector);
  // A tie goes to the first mode of the description (MATRIX).
  EXPECT_EQ(&model.selectMpeMode(16, 4, 16), matrix);
}

TEST(CostModel, followsOtherModesOfAnEditedDescription) {
  arch::ArchDesc desc = loadBuiltin("VPUX30XX");
  desc.mutable_nce()->clear_mpe_modes();
  auto *mode = desc.mutable_nce()->add_mpe_modes();
  mode->set_name("VECTOR");
  mode->set_width(8);
  mode->set_height(2);
  mode->set_channels(8);
  CostModel model(desc);
  ASSERT_EQ(model.getMpeModes().size(), 1u);
  EXPECT_EQ(model.selectMpeMode(4, 4, 16).name, "VECTOR");
  // 6 x 5 x 20: 1 x 3 x 3 steps of 8 x 2 x 8 outputs.
  EXPECT_DOUBLE_EQ(
      model.getDpuVariantCycles(6, 5, 20, 1, model.getMpeModes().front(), 1),
      9.0 * 128);
}

TEST(CostModel, splitsTheOutputOverDpusLikeTheLowering) {
  CostModel model(loadBuiltin("VPUX30XX"));
  // 7 rows over 5 DPUs: 2, 2, 1, 1, 1 rows.
  auto rows = model.splitOverDpus(8, 7, 64, 5);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].begin[1], 0);
  EXPECT_EQ(rows[0].getHeight(), 2);
  EXPECT_EQ(rows[1].begin[1], 2);
  EXPECT_EQ(rows[4].getHeight(), 1);
  EXPECT_EQ(rows[4].end[1], 6);
  EXPECT_EQ(rows[4].getChannels(), 64);
  // 2 rows and 64 channels (4 blocks of 16) over 5 DPUs: over the channel
  // blocks, 4 parts of 16 channels.
  auto blocks = model.splitOverDpus(8, 2, 64, 5);
  ASSERT_EQ(blocks.size(), 4u);
  EXPECT_EQ(blocks[3].begin[2], 48);
  EXPECT_EQ(blocks[3].end[2], 63);
  EXPECT_EQ(blocks[3].getHeight(), 2);
  // The task: the overhead + the busiest DPU, 2 rows of 8 x 64 (MATRIX: 2 x
  // 1 x 4 steps, VECTOR: 1 x 2 x 4, a tie that MATRIX wins).
  double busiest =
      model.getDpuVariantCycles(8, 2, 64, 9, *model.findMpeMode("MATRIX"), 64);
  EXPECT_DOUBLE_EQ(model.getNceTaskCycles(8, 7, 64, 9, 5, 64, 0),
                   model.getNceOverheadCycles() + busiest);
  // Bound by the CMX when it moves more bytes than the DPUs can compute in
  // the time.
  double cmxBytes = 2 * busiest * model.getCmxBytesPerCycle();
  EXPECT_NEAR(model.getNceTaskCycles(8, 7, 64, 9, 5, 64,
                                     static_cast<uint64_t>(cmxBytes)),
              model.getNceOverheadCycles() + 2 * busiest, 0.1);
}

TEST(ShareBandwidth, twoPortsShareDdr) {
  // Two DMA ports of 10 bytes per cycle each on a DDR of 15 (a unit is a
  // byte).
  std::vector<Flow> flows = {{10, {{0, 1.0}}}, {10, {{0, 1.0}}}};
  std::vector<double> rates = shareBandwidth(flows, {15.0});
  EXPECT_DOUBLE_EQ(rates[0], 7.5);
  EXPECT_DOUBLE_EQ(rates[1], 7.5);
  // Alone, a port keeps its own rate.
  EXPECT_DOUBLE_EQ(shareBandwidth({{10, {{0, 1.0}}}}, {15.0})[0], 10);
}

TEST(ShareBandwidth, givesWhatASaturatedResourceLeavesToTheOthers) {
  // Resources: DDR (12), CMX0 (100), CMX1 (4). Flow 0: DDR -> CMX0 at up to
  // 10; flow 1: DDR -> CMX1 at up to 10; flow 2: a DPU on CMX1 at up to 4.
  // CMX1 binds first (14 asked, 4 there): flows 1 and 2 get 4 x 10 / 14 and
  // 4 x 4 / 14. DDR has 12 - 40 / 14 = 9.14 left, below flow 0's cap, so
  // flow 0 gets that.
  std::vector<Flow> flows = {
      {10, {{0, 1.0}, {1, 1.0}}}, {10, {{0, 1.0}, {2, 1.0}}}, {4, {{2, 1.0}}}};
  std::vector<double> rates = shareBandwidth(flows, {12.0, 100.0, 4.0});
  EXPECT_NEAR(rates[1], 40.0 / 14, 1e-12);
  EXPECT_NEAR(rates[2], 16.0 / 14, 1e-12);
  EXPECT_NEAR(rates[0], 12.0 - 40.0 / 14, 1e-12);
  // No resource is over its capacity and nobody over its cap.
  EXPECT_LE(rates[0] + rates[1], 12.0 + 1e-12);
  EXPECT_LE(rates[1] + rates[2], 4.0 + 1e-12);
}

TEST(ShareBandwidth, leavesFlowsWithoutResourcesAtTheirCap) {
  std::vector<Flow> flows = {{3, {}}, {10, {{0, 1.0}}}, {0, {{0, 1.0}}}};
  std::vector<double> rates = shareBandwidth(flows, {5.0});
  EXPECT_DOUBLE_EQ(rates[0], 3);
  EXPECT_DOUBLE_EQ(rates[1], 5);
  EXPECT_DOUBLE_EQ(rates[2], 0);
}

TEST(ShareBandwidth, weighsWhatAUnitMoves) {
  // Units of one cycle alone: a DMA moving 15 bytes per unit and a DPU
  // reading 5 per unit from a CMX of 10 bytes per cycle: both slow to half.
  std::vector<Flow> flows = {{1, {{0, 15.0}}}, {1, {{0, 5.0}}}};
  std::vector<double> rates = shareBandwidth(flows, {10.0});
  EXPECT_DOUBLE_EQ(rates[0], 0.5);
  EXPECT_DOUBLE_EQ(rates[1], 0.5);
}

} // namespace
} // namespace mlir::vpuc::cost
