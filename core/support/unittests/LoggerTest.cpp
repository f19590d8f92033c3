//===- LoggerTest.cpp - Tests of the Logger ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Output format, level filtering, nesting and the command-line option.
//
//===----------------------------------------------------------------------===//

#include "core/support/Logger.h"

#include <string>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir::vpuc::support;

namespace {

/// Restores the global level after each test.
class LoggerTest : public ::testing::Test {
protected:
  void SetUp() override { saved = getGlobalLogLevel(); }
  void TearDown() override { setGlobalLogLevel(saved); }

  std::string text;
  llvm::raw_string_ostream os{text};
  LogLevel saved = LogLevel::Warning;
};

TEST_F(LoggerTest, defaultLevelIsWarning) {
  EXPECT_EQ(saved, LogLevel::Warning);
  Logger log("vpuc-const-fold", &os);
  log.error("bad {0}", 1);
  log.warning("odd {0}", "thing");
  log.info("hidden");
  log.debug("hidden");
  log.trace("hidden");
  EXPECT_EQ(text, "[vpuc-const-fold] error: bad 1\n"
                  "[vpuc-const-fold] warning: odd thing\n");
}

TEST_F(LoggerTest, globalLevelFilters) {
  Logger log("p", &os);
  setGlobalLogLevel(LogLevel::Trace);
  log.info("i");
  log.debug("d");
  log.trace("t");
  setGlobalLogLevel(LogLevel::Error);
  log.warning("hidden");
  log.error("e");
  setGlobalLogLevel(LogLevel::None);
  log.error("hidden");
  EXPECT_EQ(text, "[p] i\n[p] d\n[p] t\n[p] error: e\n");
  EXPECT_FALSE(log.isActive(LogLevel::Error));
  EXPECT_FALSE(log.isActive(LogLevel::None));
}

TEST_F(LoggerTest, perLoggerOverride) {
  Logger log("p", &os);
  log.setLevel(LogLevel::Debug);
  EXPECT_EQ(log.getLevel(), LogLevel::Debug);
  log.debug("shown");
  log.trace("hidden");
  Logger child = log.nest();
  child.debug("child inherits the override");
  log.setLevel(std::nullopt);
  log.debug("hidden again");
  EXPECT_EQ(text, "[p] shown\n[p]   child inherits the override\n");
}

TEST_F(LoggerTest, nestingAndNames) {
  setGlobalLogLevel(LogLevel::Info);
  Logger log("vpuc-tiling", &os);
  log.info("function {0}", "@main");
  Logger op = log.nest();
  op.info("op {0}", 3);
  op.nest().info("tile {0}x{1}", 2, 4);
  log.nest(3).info("deep");
  Logger named = log.nest("cost");
  EXPECT_EQ(named.getName(), "vpuc-tiling.cost");
  EXPECT_EQ(named.getDepth(), 1u);
  named.warning("w");
  Logger anonymous("", &os);
  EXPECT_EQ(anonymous.nest("x").getName(), "x");
  EXPECT_EQ(text, "[vpuc-tiling] function @main\n"
                  "[vpuc-tiling]   op 3\n"
                  "[vpuc-tiling]     tile 2x4\n"
                  "[vpuc-tiling]       deep\n"
                  "[vpuc-tiling.cost]   warning: w\n");
}

TEST_F(LoggerTest, preformattedMessagesAndLazyFormatting) {
  Logger log("p", &os);
  log.log(LogLevel::Warning, "braces {0} are not formatted");
  log.log(LogLevel::Info, "hidden");
  EXPECT_EQ(text, "[p] warning: braces {0} are not formatted\n");
}

TEST_F(LoggerTest, levelNames) {
  for (LogLevel level : {LogLevel::None, LogLevel::Error, LogLevel::Warning,
                         LogLevel::Info, LogLevel::Debug, LogLevel::Trace}) {
    EXPECT_EQ(parseLogLevel(getLogLevelName(level)), level);
  }
  EXPECT_EQ(getLogLevelName(LogLevel::Debug), "debug");
  EXPECT_FALSE(parseLogLevel("verbose").has_value());
  EXPECT_FALSE(parseLogLevel("DEBUG").has_value());
}

TEST_F(LoggerTest, commandLineOption) {
  EXPECT_EQ(llvm::cl::getRegisteredOptions().count("vpuc-log-level"), 0u);
  registerLoggerCLOptions();
  registerLoggerCLOptions(); // Idempotent.
  EXPECT_EQ(llvm::cl::getRegisteredOptions().count("vpuc-log-level"), 1u);

  const char *argv[] = {"tool", "--vpuc-log-level=trace"};
  std::string errors;
  llvm::raw_string_ostream errs(errors);
  EXPECT_TRUE(llvm::cl::ParseCommandLineOptions(2, argv, "", &errs));
  EXPECT_EQ(getGlobalLogLevel(), LogLevel::Trace);

  llvm::cl::ResetAllOptionOccurrences();
  const char *bad[] = {"tool", "--vpuc-log-level=loud"};
  // LLVM reports the bad value on llvm::errs() and the parse fails.
  EXPECT_FALSE(llvm::cl::ParseCommandLineOptions(2, bad, "", &errs));
  EXPECT_EQ(getGlobalLogLevel(), LogLevel::Trace);
}

} // namespace
