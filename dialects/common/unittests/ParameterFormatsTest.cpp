//===- ParameterFormatsTest.cpp - Shared textual parameters -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The float literal form of LiteralFormat: shortest exact decimals that MLIR
// lexes as floats.
//
//===----------------------------------------------------------------------===//

#include "dialects/common/ParameterFormats.h"

#include <limits>

#include "gtest/gtest.h"

namespace mlir::vpuc {
namespace {

TEST(ParameterFormatsTest, shortestExactDecimal) {
  EXPECT_EQ(formatFloatLiteral(0.0, /*single=*/false), "0.0");
  EXPECT_EQ(formatFloatLiteral(6.0, /*single=*/false), "6.0");
  EXPECT_EQ(formatFloatLiteral(-0.5, /*single=*/false), "-0.5");
  EXPECT_EQ(formatFloatLiteral(0.1, /*single=*/false), "0.1");
  EXPECT_EQ(formatFloatLiteral(100000.0, /*single=*/false), "100000.0");
  // 0.1f is not 0.1: as a double it needs all its digits, as a float one.
  EXPECT_EQ(formatFloatLiteral(0.1f, /*single=*/true), "0.1");
  EXPECT_EQ(formatFloatLiteral(0.1f, /*single=*/false), "0.10000000149011612");
}

TEST(ParameterFormatsTest, alwaysLexedAsFloat) {
  EXPECT_EQ(formatFloatLiteral(1e20, /*single=*/false), "1.0e+20");
  EXPECT_EQ(formatFloatLiteral(1e-7, /*single=*/true), "1.0e-07");
  EXPECT_EQ(formatFloatLiteral(std::numeric_limits<double>::infinity(),
                               /*single=*/false),
            "0x7FF0000000000000");
}

} // namespace
} // namespace mlir::vpuc
