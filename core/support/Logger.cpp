//===- Logger.cpp - Levelled, nested logging for vpuc -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The global log level, its command-line option and the Logger output.
//
//===----------------------------------------------------------------------===//

#include "core/support/Logger.h"

#include <atomic>

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::support {

/// The global level. A function-local static so that nothing depends on the
/// initialisation order of namespace-scope objects.
static std::atomic<LogLevel> &globalLevel() {
  static std::atomic<LogLevel> level{LogLevel::Warning};
  return level;
}

LogLevel getGlobalLogLevel() { return globalLevel().load(); }

void setGlobalLogLevel(LogLevel level) { globalLevel().store(level); }

llvm::StringRef getLogLevelName(LogLevel level) {
  switch (level) {
  case LogLevel::None:
    return "none";
  case LogLevel::Error:
    return "error";
  case LogLevel::Warning:
    return "warning";
  case LogLevel::Info:
    return "info";
  case LogLevel::Debug:
    return "debug";
  case LogLevel::Trace:
    return "trace";
  }
  llvm_unreachable("unknown LogLevel");
}

std::optional<LogLevel> parseLogLevel(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<LogLevel>>(name)
      .Case("none", LogLevel::None)
      .Case("error", LogLevel::Error)
      .Case("warning", LogLevel::Warning)
      .Case("info", LogLevel::Info)
      .Case("debug", LogLevel::Debug)
      .Case("trace", LogLevel::Trace)
      .Default(std::nullopt);
}

void registerLoggerCLOptions() {
  // Constructed on the first call only: the option exists in tools that ask
  // for it, and registering twice is harmless.
  static llvm::cl::opt<LogLevel> logLevel(
      "vpuc-log-level", llvm::cl::desc("Verbosity of vpuc loggers"),
      llvm::cl::init(LogLevel::Warning),
      llvm::cl::values(
          clEnumValN(LogLevel::None, "none", "no log output"),
          clEnumValN(LogLevel::Error, "error", "errors only"),
          clEnumValN(LogLevel::Warning, "warning", "errors and warnings"),
          clEnumValN(LogLevel::Info, "info", "plus progress information"),
          clEnumValN(LogLevel::Debug, "debug", "plus debugging details"),
          clEnumValN(LogLevel::Trace, "trace", "everything")),
      llvm::cl::callback(
          [](const LogLevel &level) { setGlobalLogLevel(level); }));
  (void)logLevel;
}

Logger::Logger(llvm::StringRef name, llvm::raw_ostream *os)
    : name(name.str()), os(os) {}

Logger Logger::nest(unsigned extraDepth) const {
  Logger child = *this;
  child.depth += extraDepth;
  return child;
}

Logger Logger::nest(llvm::StringRef child) const {
  Logger result = nest(1);
  result.name = name.empty() ? child.str() : (name + "." + child).str();
  return result;
}

LogLevel Logger::getLevel() const {
  return levelOverride ? *levelOverride : getGlobalLogLevel();
}

void Logger::log(LogLevel level, llvm::StringRef message) const {
  if (isActive(level)) {
    write(level, message);
  }
}

void Logger::write(LogLevel level, llvm::StringRef message) const {
  llvm::raw_ostream &out = os ? *os : llvm::errs();
  out << '[' << name << "] ";
  out.indent(2 * depth);
  if (level == LogLevel::Error) {
    out << "error: ";
  } else if (level == LogLevel::Warning) {
    out << "warning: ";
  }
  out << message << '\n';
  out.flush();
}

} // namespace mlir::vpuc::support
