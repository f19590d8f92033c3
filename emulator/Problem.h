//===- Problem.h - Problems the emulator reports ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A defect of a blob found while running it: a hazard, a barrier misuse, a
// deadlock, a bad kernel argument. The message names the task(s) involved
// with their executor, index and source location.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_PROBLEM_H_
#define VPUC_EMULATOR_PROBLEM_H_

#include <string>

namespace mlir::vpuc::emu {

/// The kinds of problems.
enum class ProblemKind {
  /// Two tasks not ordered by barriers or executor order touch the same bytes,
  /// at least one of them writing.
  Race,
  /// A task reads bytes no task (nor the host) has written.
  UninitializedRead,
  /// A network output has bytes no task wrote.
  UnwrittenOutput,
  /// A kernel argument addresses memory outside its windows or writes a
  /// read-only window.
  OutOfBounds,
  /// A barrier's counts do not match the tasks that use it.
  BarrierMisuse,
  /// Tasks that can never start.
  Deadlock,
  /// A kernel rejected its arguments (or an NCE task its weights table).
  KernelError,
  /// An INT8 NCE accumulator left the 32-bit range.
  Overflow,
  /// A task made NaN or Inf from finite inputs, or saturated FP16 outputs
  /// (NumericsCheck.h); a warning unless the run treats it as an error.
  Numerics,
  /// The timing broke an invariant of the cost model: a latency below the
  /// roofline's lower bound, or DDR moving more bytes than its bandwidth
  /// allows in the run's time (docs/cost_model.md).
  Timing,
};

/// "race", "uninitialized-read", ...
const char *getProblemKindName(ProblemKind kind);

/// One problem.
struct Problem {
  ProblemKind kind;
  std::string message;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_PROBLEM_H_
