//===- ArchTest.cpp - Tests of target descriptions
//-------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/arch/Arch.h"

#include <cmath>
#include <regex>

#include "llvm/Support/MemoryBuffer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace mlir::vpuc::arch;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

std::string errorOf(llvm::Expected<ArchDesc> arch) {
  return arch ? std::string("(no error)") : llvm::toString(arch.takeError());
}

std::string readVpux37xx() {
  auto buffer = llvm::MemoryBuffer::getFile("arch/vpux37xx.textproto");
  EXPECT_TRUE(bool(buffer));
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// The 37XX description with one line changed.
std::string edit(const std::string &pattern, const std::string &replacement) {
  std::string text = readVpux37xx();
  std::string edited =
      std::regex_replace(text, std::regex(pattern), replacement,
                         std::regex_constants::format_first_only);
  EXPECT_NE(edited, text) << pattern;
  return edited;
}

TEST(ArchTest, builtinTargetsMatchTheDesign) {
  EXPECT_THAT(getBuiltinArchNames(), ElementsAre("VPUX30XX", "VPUX37XX"));

  auto kmb = loadArch("VPUX30XX");
  ASSERT_TRUE(bool(kmb)) << llvm::toString(kmb.takeError());
  EXPECT_EQ(kmb->nce().clusters(), 4);
  EXPECT_EQ(kmb->nce().dpus_per_cluster(), 5);
  EXPECT_EQ(getMacsPerCycle(*kmb, "i8"), 256);
  EXPECT_EQ(kmb->cmx().usable_bytes_per_cluster(), 917504);
  EXPECT_EQ(kmb->shave().kind(), ::vpuc::arch::UPA);
  EXPECT_EQ(kmb->shave().count(), 16);
  EXPECT_EQ(kmb->dma().ports(), 1);
  EXPECT_EQ(kmb->barriers().usable(), 32);
  EXPECT_EQ(kmb->frequency_mhz(), 700);

  auto mtl = loadArch("vpux37xx");
  ASSERT_TRUE(bool(mtl)) << llvm::toString(mtl.takeError());
  EXPECT_EQ(mtl->nce().clusters(), 2);
  EXPECT_EQ(getMacsPerCycle(*mtl, "i8"), 2048);
  EXPECT_EQ(getMacsPerCycle(*mtl, "f32"), 0);
  EXPECT_EQ(mtl->cmx().usable_bytes_per_cluster(), 1936 * 1024);
  EXPECT_EQ(mtl->shave().kind(), ::vpuc::arch::ACT);
  EXPECT_EQ(mtl->dma().ports(), 2);
  EXPECT_EQ(mtl->barriers().physical(), 64);
  // 27 GB/s x 0.75 at 1300 MHz.
  EXPECT_NEAR(getDdrBytesPerCycle(*mtl), 27e3 * 0.75 / 1300, 1e-9);
}

TEST(ArchTest, loadsFilesAndNamesUnknownTargets) {
  auto file = loadArch("arch/vpux37xx.textproto");
  ASSERT_TRUE(bool(file)) << llvm::toString(file.takeError());
  EXPECT_EQ(file->name(), "VPUX37XX");

  EXPECT_EQ(
      errorOf(loadArch("VPUX99XX")),
      "unknown target 'VPUX99XX'; known targets: VPUX30XX, VPUX37XX (or a "
      "path to a .textproto target description)");
  EXPECT_THAT(errorOf(loadArch("/nonexistent/my.textproto")),
              HasSubstr("/nonexistent/my.textproto: cannot read"));
}

TEST(ArchTest, reportsSyntaxErrorsWithLocation) {
  EXPECT_THAT(
      errorOf(parseArchDesc(edit("frequency_mhz: 1300", "frequency_mhz: fast"),
                            "t.textproto")),
      HasSubstr("t.textproto:9:16: "));
  EXPECT_THAT(errorOf(parseArchDesc(edit("  clusters: 2", "  cluster: 2"),
                                    "t.textproto")),
              HasSubstr("no field named \"cluster\""));
}

TEST(ArchTest, reportsInconsistentFieldsWithLine) {
  EXPECT_EQ(errorOf(parseArchDesc(edit("usable_bytes_per_cluster: 1982464",
                                       "usable_bytes_per_cluster: 4000000"),
                                  "t.textproto")),
            "t.textproto:37: field 'cmx.usable_bytes_per_cluster' must be "
            "positive and at most cmx.bytes_per_cluster");
  EXPECT_EQ(
      errorOf(parseArchDesc(edit("usable: 64", "usable: 65"), "t.textproto")),
      "t.textproto:67: field 'barriers.usable' must be positive and at "
      "most barriers.physical");
  EXPECT_EQ(errorOf(parseArchDesc(edit("derate: 0.75", "derate: 1.5"),
                                  "t.textproto")),
            "t.textproto:44: field 'ddr.derate' must be in (0, 1]");
  EXPECT_THAT(errorOf(parseArchDesc(edit("\"bf16\"\\]", "\"bf16\", \"f32\"]"),
                                    "t.textproto")),
              HasSubstr("lists 'f32', which has no entry in nce.mac_rates"));
  EXPECT_EQ(errorOf(parseArchDesc(edit("  dpus_per_cluster: 1\n", ""),
                                  "t.textproto")),
            "t.textproto: field 'nce.dpus_per_cluster' must be positive (it is "
            "missing)");
  EXPECT_EQ(
      errorOf(
          parseArchDesc(edit("channel_alignment: 16", "channel_alignment: 12"),
                        "t.textproto")),
      "t.textproto:26: field 'nce.limits.channel_alignment' must be a power "
      "of two");
  EXPECT_THAT(errorOf(parseArchDesc(edit("compressed_input_channels: 4",
                                         "compressed_input_channels: 16"),
                                    "t.textproto")),
              HasSubstr("field 'nce.limits.compressed_input_channels' must be "
                        "0 or a power of two below channel_alignment"));
  EXPECT_THAT(errorOf(parseArchDesc(edit("compressed_input_channels: 4",
                                         "compressed_input_channels: 3"),
                                    "t.textproto")),
              HasSubstr("compressed_input_channels' must be 0 or a power"));
  EXPECT_THAT(errorOf(parseArchDesc(
                  edit("name: \"MATRIX\"", "name: \"CUBOID\""), "t.textproto")),
              HasSubstr("has a mode named 'CUBOID'; a DPU variant can name "
                        "VECTOR or MATRIX"));
  EXPECT_THAT(errorOf(parseArchDesc(
                  edit("name: \"MATRIX\"", "name: \"VECTOR\""), "t.textproto")),
              HasSubstr("lists mode 'VECTOR' twice"));
  EXPECT_THAT(
      errorOf(parseArchDesc(edit("width: 4 height: 4", "width: 0 height: 4"),
                            "t.textproto")),
      HasSubstr("must have positive channels, width and height in "
                "mode 'MATRIX'"));
}

// Rates are bounded and finite, so the rates derived from them are too (found
// by the arch fuzzer's check: inf and denormal rates passed `> 0` and gave an
// infinite or zero DDR rate).
TEST(ArchTest, rejectsNonFiniteAndOutOfRangeRates) {
  for (const char *value : {"inf", "nan", "1e-320", "0", "-5", "2e6"}) {
    EXPECT_EQ(
        errorOf(parseArchDesc(
            edit("frequency_mhz: 1300", std::string("frequency_mhz: ") + value),
            "t.textproto")),
        "t.textproto:9: field 'frequency_mhz' must be a number in "
        "[0.001, 1e6]")
        << value;
  }
  EXPECT_EQ(
      errorOf(parseArchDesc(edit("bandwidth_gbps: 27", "bandwidth_gbps: inf"),
                            "t.textproto")),
      "t.textproto:43: field 'ddr.bandwidth_gbps' must be a number in "
      "[0.001, 1e6]");
  EXPECT_EQ(errorOf(parseArchDesc(edit("derate: 0.75", "derate: nan"),
                                  "t.textproto")),
            "t.textproto:44: field 'ddr.derate' must be in (0, 1]");
  llvm::Expected<ArchDesc> slowest = parseArchDesc(
      edit("frequency_mhz: 1300", "frequency_mhz: 0.001"), "t.textproto");
  ASSERT_TRUE(bool(slowest)) << llvm::toString(slowest.takeError());
  EXPECT_TRUE(std::isfinite(getDdrBytesPerCycle(*slowest)));
}

} // namespace
