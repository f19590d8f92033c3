//===- Logger.h - Levelled, nested logging for vpuc -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A small logger for passes and tools. A `Logger` has a name (usually the pass
// CLI name) and a nesting depth, and writes lines of the form
//
//   [vpuc-const-fold] error: message          (error level)
//   [vpuc-const-fold] warning: message        (warning level)
//   [vpuc-const-fold]     message             (info/debug/trace, depth 2)
//
// to llvm::errs() or a given raw_ostream. Messages are llvm::formatv format
// strings (`log.debug("folded {0} ops in {1}", count, name)`) and are only
// formatted when their level is enabled.
//
// Enabled levels: a message is written when its level is at most the logger's
// level, which is the global level unless the logger overrides it. The global
// level defaults to `warning`; tools expose it as `--vpuc-log-level=<level>`
// by calling `registerLoggerCLOptions()` before parsing their command line (no
// option is registered by static initialisation), and code can set it with
// `setGlobalLogLevel`. This is a tool option, not a pass option.
//
// Loggers are cheap values; copy and nest them freely. Writes are not
// synchronised: do not log to one stream from several threads at once.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SUPPORT_LOGGER_H_
#define VPUC_CORE_SUPPORT_LOGGER_H_

#include <optional>
#include <string>
#include <utility>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::support {

/// Verbosity levels, from the most to the least important. `None` disables all
/// output when used as a logger or global level.
enum class LogLevel {
  None = 0,
  Error = 1,
  Warning = 2,
  Info = 3,
  Debug = 4,
  Trace = 5,
};

/// The lowercase name of `level` (`none`, `error`, ..., `trace`).
llvm::StringRef getLogLevelName(LogLevel level);

/// Parses a lowercase level name; fails with std::nullopt on unknown names.
std::optional<LogLevel> parseLogLevel(llvm::StringRef name);

/// The level loggers without an override use (default: `Warning`).
LogLevel getGlobalLogLevel();

/// Sets the global level.
void setGlobalLogLevel(LogLevel level);

/// Registers the `--vpuc-log-level=<level>` command-line option, which sets the
/// global level when parsed. Call it in a tool's main before
/// llvm::cl::ParseCommandLineOptions; calling it again has no effect.
void registerLoggerCLOptions();

/// A named, nestable logger (see the file comment).
class Logger {
public:
  /// A logger called `name` writing to `os` (llvm::errs() when null).
  explicit Logger(llvm::StringRef name = "vpuc",
                  llvm::raw_ostream *os = nullptr);

  /// A child logger one level of indentation deeper, same name and stream.
  Logger nest(unsigned depth = 1) const;
  /// A child logger named `<name>.<child>`, one level deeper.
  Logger nest(llvm::StringRef child) const;

  /// The name printed in brackets.
  llvm::StringRef getName() const { return name; }
  /// The indentation depth (0 for a root logger).
  unsigned getDepth() const { return depth; }

  /// Overrides the global level for this logger (and loggers nested from it
  /// afterwards); std::nullopt returns to the global level.
  void setLevel(std::optional<LogLevel> level) { levelOverride = level; }
  /// The level in effect: the override, else the global level.
  LogLevel getLevel() const;
  /// True if messages of `level` are written.
  bool isActive(LogLevel level) const {
    return level != LogLevel::None &&
           static_cast<int>(level) <= static_cast<int>(getLevel());
  }

  /// Writes an already formatted message at `level` if it is active.
  void log(LogLevel level, llvm::StringRef message) const;

  /// Logs a formatv message at error level.
  template <typename... Args>
  void error(const char *fmt, Args &&...args) const {
    logf(LogLevel::Error, fmt, std::forward<Args>(args)...);
  }
  /// Logs a formatv message at warning level.
  template <typename... Args>
  void warning(const char *fmt, Args &&...args) const {
    logf(LogLevel::Warning, fmt, std::forward<Args>(args)...);
  }
  /// Logs a formatv message at info level.
  template <typename... Args> void info(const char *fmt, Args &&...args) const {
    logf(LogLevel::Info, fmt, std::forward<Args>(args)...);
  }
  /// Logs a formatv message at debug level.
  template <typename... Args>
  void debug(const char *fmt, Args &&...args) const {
    logf(LogLevel::Debug, fmt, std::forward<Args>(args)...);
  }
  /// Logs a formatv message at trace level.
  template <typename... Args>
  void trace(const char *fmt, Args &&...args) const {
    logf(LogLevel::Trace, fmt, std::forward<Args>(args)...);
  }

private:
  /// Formats and writes the message only if `level` is active.
  template <typename... Args>
  void logf(LogLevel level, const char *fmt, Args &&...args) const {
    if (isActive(level)) {
      write(level, llvm::formatv(fmt, std::forward<Args>(args)...).str());
    }
  }

  /// Writes one line, unconditionally.
  void write(LogLevel level, llvm::StringRef message) const;

  std::string name;
  llvm::raw_ostream *os;
  unsigned depth = 0;
  std::optional<LogLevel> levelOverride;
};

} // namespace mlir::vpuc::support

#endif // VPUC_CORE_SUPPORT_LOGGER_H_
