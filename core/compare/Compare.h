//===- Compare.h - Numerical comparison of result tensors -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The metrics vpuc uses to compare a result with a reference (ONNX Runtime's
// output, the IE interpreter's, the emulator's): cosine similarity, euclidean
// similarity and max abs error, per tensor, over arrays of any numeric dtype
// (computed in double after conversion to float).
//
//   cosine similarity    = <a, r> / (|a| |r|)  (1 when both are all zeros)
//   euclidean similarity = 1 - |a - r| / max(|a|, |r|)  (1 when both are all
//                          zeros)
//   max abs error        = max_i |a_i - r_i|
//   reference range      = max_i r_i - min_i r_i  (an optional limit on the
//                          max abs error is given relative to it)
//
// NaNs make every metric NaN, which fails every tolerance.
//
// Two sets of tensors (e.g. two layer dumps, which list the layers in network
// order) are compared by name in the reference's order; the first tensor
// below the tolerance in that order is where the two first diverge.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_COMPARE_COMPARE_H_
#define VPUC_CORE_COMPARE_COMPARE_H_

#include <optional>
#include <string>
#include <vector>

#include "core/npy/Npy.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::compare {

/// The metrics of one tensor against its reference.
struct Metrics {
  double cosine = 0;
  double euclidean = 0;
  double maxAbsError = 0;
  /// max |r_i|, to read maxAbsError relative to the reference's magnitude.
  double referenceAbsMax = 0;
  /// max r_i - min r_i (0 for an empty tensor).
  double referenceRange = 0;
  int64_t numElements = 0;
};

/// Minimum similarities a comparison must reach, and optionally a maximum abs
/// error.
struct Tolerance {
  double cosine = 0.999;
  double euclidean = 0.0;
  /// When set, the max abs error may be at most this fraction of the
  /// reference's range.
  std::optional<double> maxAbsErrorOfRange;
};

/// One compared pair of tensors.
struct TensorReport {
  std::string name;       // The reference's name.
  std::string actualName; // The actual tensor's name (differs when matched by
                          // position).
  llvm::SmallVector<int64_t, 4> shape;
  Metrics metrics;
  /// The similarities reach the tolerance.
  bool similar = false;
  /// The max abs error is within its limit (true when there is none).
  bool absErrorWithinLimit = true;
  /// Both of the above.
  bool passed = false;
  /// The abs error limit applied, in the tensor's units (unset without a
  /// limit).
  std::optional<double> absErrorLimit;
};

/// Parses "COS" or "COS,EUCLID" (e.g. "0.999,0.98").
llvm::Expected<Tolerance> parseTolerance(llvm::StringRef text);

/// Parses a max abs error limit relative to the reference range: a number >= 0
/// (e.g. "1e-3").
llvm::Expected<double> parseMaxAbsErrorOfRange(llvm::StringRef text);

/// Converts any numeric array to float32 values (fp16 exactly, integers and
/// bools by value).
std::vector<float> toFloat(const npy::Array &array);

/// True if `actual` and `reference` are the same shape up to dimensions of
/// size 1, i.e. reshapes of each other that keep the row-major order of the
/// elements (1x10 matches 10 and 10x1; 64x1x256 matches 1x1x64x256, the 4-D
/// form a compiled stage gives a 3-D tensor; 2x5 matches neither 10 nor
/// 5x2).
bool isSameShape(llvm::ArrayRef<int64_t> actual,
                 llvm::ArrayRef<int64_t> reference);

/// Formats a shape as "1x3x224x224" ("scalar" for a 0-d shape).
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Computes the metrics of `actual` against `reference`; fails, naming both
/// shapes, unless isSameShape.
llvm::Expected<Metrics> computeMetrics(const npy::Array &actual,
                                       const npy::Array &reference);

/// The metrics of the values `actual` against `reference` (as many).
Metrics computeMetrics(llvm::ArrayRef<float> actual,
                       llvm::ArrayRef<float> reference);

/// The comparison of two sets of tensors.
struct Comparison {
  /// The tensors present in both sets, in the reference's order.
  std::vector<TensorReport> reports;
  /// The names of one set that the other does not hold, in their set's order
  /// (not compared).
  std::vector<std::string> onlyInActual;
  std::vector<std::string> onlyInReference;

  /// The first report (in the reference's order) that did not pass, or null.
  const TensorReport *getFirstFailure() const;
  /// The number of reports that did not pass.
  size_t getNumFailures() const;
};

/// Compares every tensor of `reference` with the tensor of the same name in
/// `actual`; when both hold exactly one tensor they are compared whatever their
/// names. Fails when the reference is empty, when no name is in both sets, or
/// when the shapes of a pair differ (isSameShape).
llvm::Expected<Comparison> compareArrays(const npy::ArrayMap &actual,
                                         const npy::ArrayMap &reference,
                                         const Tolerance &tolerance);

/// Prints the reports as an aligned table.
void printReports(llvm::ArrayRef<TensorReport> reports, llvm::raw_ostream &os);

/// Prints a comparison: one note line per name only in one of the sets
/// (`actualName` and `referenceName` name the sets, e.g. their files), the
/// table, then `first below tolerance: NAME` or `all within tolerance`.
void printComparison(const Comparison &comparison, llvm::StringRef actualName,
                     llvm::StringRef referenceName, llvm::raw_ostream &os);

} // namespace mlir::vpuc::compare

#endif // VPUC_CORE_COMPARE_COMPARE_H_
