//===- DiagnosticsTest.cpp - Tests of the diagnostics helpers ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Formatted diagnostics reach the context's handler with their location and
// severity; location printing.
//
//===----------------------------------------------------------------------===//

#include "core/support/Diagnostics.h"

#include <string>
#include <vector>

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc::support;

namespace {

struct Captured {
  DiagnosticSeverity severity;
  std::string location;
  std::string message;
  std::vector<std::string> notes;
};

class DiagnosticsTest : public ::testing::Test {
protected:
  DiagnosticsTest()
      : handler(&context, [this](Diagnostic &diag) {
          Captured captured{diag.getSeverity(),
                            locationToString(diag.getLocation()),
                            diag.str(),
                            {}};
          for (Diagnostic &note : diag.getNotes()) {
            captured.notes.push_back(note.str());
          }
          diagnostics.push_back(std::move(captured));
          return success();
        }) {}

  Location fileLoc(unsigned line, unsigned col) {
    return FileLineColLoc::get(&context, "model.mlir", line, col);
  }

  MLIRContext context;
  std::vector<Captured> diagnostics;
  ScopedDiagnosticHandler handler;
};

TEST_F(DiagnosticsTest, errorAtFailsWithFormattedMessage) {
  LogicalResult result =
      errorAt(fileLoc(3, 7), "buffer of {0} bytes exceeds {1}", 2048, "CMX");
  EXPECT_TRUE(failed(result));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].severity, DiagnosticSeverity::Error);
  EXPECT_EQ(diagnostics[0].location, "model.mlir:3:7");
  EXPECT_EQ(diagnostics[0].message, "buffer of 2048 bytes exceeds CMX");
}

TEST_F(DiagnosticsTest, errorAtConvertsToFailureOr) {
  auto compute = [&](int value) -> FailureOr<int> {
    if (value < 0) {
      return errorAt(fileLoc(1, 1), "negative value {0}", value);
    }
    return value * 2;
  };
  EXPECT_EQ(*compute(4), 8);
  EXPECT_TRUE(failed(compute(-1)));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message, "negative value -1");
}

TEST_F(DiagnosticsTest, inFlightDiagnosticsAcceptMore) {
  {
    InFlightDiagnostic diag =
        emitErrorf(fileLoc(2, 1), "op {0} is invalid", "conv");
    diag << "; rank " << 4;
    diag.attachNote(fileLoc(1, 1)) << "defined here";
  }
  emitWarningf(fileLoc(5, 2), "{0}% of CMX used", 95);
  emitRemarkf(UnknownLoc::get(&context), "tiled into {0} parts", 3);
  ASSERT_EQ(diagnostics.size(), 3u);
  EXPECT_EQ(diagnostics[0].message, "op conv is invalid; rank 4");
  ASSERT_EQ(diagnostics[0].notes.size(), 1u);
  EXPECT_EQ(diagnostics[0].notes[0], "defined here");
  EXPECT_EQ(diagnostics[1].severity, DiagnosticSeverity::Warning);
  EXPECT_EQ(diagnostics[1].message, "95% of CMX used");
  EXPECT_EQ(diagnostics[2].severity, DiagnosticSeverity::Remark);
  EXPECT_EQ(diagnostics[2].location, "<unknown>");
}

TEST_F(DiagnosticsTest, formatEscapesBraces) {
  (void)errorAt(fileLoc(1, 1), "{{literal} {0}", 1);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message, "{literal} 1");
}

TEST_F(DiagnosticsTest, printLocation) {
  Builder b(&context);
  Location file = fileLoc(10, 4);
  EXPECT_EQ(locationToString(file), "model.mlir:10:4");
  EXPECT_EQ(locationToString(NameLoc::get(b.getStringAttr("conv1"), file)),
            "\"conv1\"(model.mlir:10:4)");
  EXPECT_EQ(locationToString(NameLoc::get(b.getStringAttr("relu"))),
            "\"relu\"");
  EXPECT_EQ(locationToString(CallSiteLoc::get(file, fileLoc(1, 1))),
            "model.mlir:10:4");
  EXPECT_EQ(locationToString(
                FusedLoc::get(&context, {UnknownLoc::get(&context), file})),
            "model.mlir:10:4");
  EXPECT_EQ(locationToString(UnknownLoc::get(&context)), "<unknown>");
}

TEST_F(DiagnosticsTest, getLocationName) {
  Builder b(&context);
  Location file = fileLoc(10, 4);
  Location conv = NameLoc::get(b.getStringAttr("conv1"), file);
  EXPECT_EQ(getLocationName(conv), "conv1");
  EXPECT_EQ(getLocationName(FusedLoc::get(
                &context, {file, conv, NameLoc::get(b.getStringAttr("relu"))})),
            "conv1");
  EXPECT_EQ(getLocationName(CallSiteLoc::get(conv, fileLoc(1, 1))), "conv1");
  EXPECT_EQ(getLocationName(file), "");
}

TEST_F(DiagnosticsTest, getPieceLocation) {
  Builder b(&context);
  Location file = fileLoc(10, 4);
  Location conv = NameLoc::get(b.getStringAttr("conv1"), file);
  // A named location gets `<name>/<suffix>` around it, whose name the piece's
  // location then has; an unnamed one stays.
  Location piece = getPieceLocation(conv, "part2");
  EXPECT_EQ(piece, NameLoc::get(b.getStringAttr("conv1/part2"), conv));
  EXPECT_EQ(getLocationName(piece), "conv1/part2");
  EXPECT_EQ(getLocationName(getPieceLocation(piece, "row0")),
            "conv1/part2/row0");
  EXPECT_EQ(getPieceLocation(file, "part0"), file);
}

} // namespace
