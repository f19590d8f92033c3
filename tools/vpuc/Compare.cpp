//===- Compare.cpp - `vpuc compare`
//----------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compares two sets of tensors (.npz archives or single .npy files) and prints,
// per tensor present in both, in the order of the reference archive, the
// cosine similarity, euclidean similarity and max abs error, then the first
// tensor below the tolerance in that order (for two layer dumps, the layer
// where the results first diverge). Names only in one set are listed as notes.
// Exits with 1 when a tensor is below the tolerance (or, with
// --max-abs-rel-range, its max abs error is above that fraction of the
// reference's range) and with 2 on bad input (unreadable files, shapes that
// differ, no tensor to compare).
//
//===----------------------------------------------------------------------===//

#include "core/compare/Compare.h"
#include "core/npy/Npy.h"
#include "tools/vpuc/Commands.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;

cl::SubCommand &getCompareCommand() {
  static cl::SubCommand command(
      "compare",
      "Compare result tensors with reference tensors (.npz or .npy):\n"
      "cosine similarity, euclidean similarity and max abs error per tensor");
  return command;
}

namespace {

cl::opt<std::string> actualPath(cl::Positional, cl::desc("<actual.npz|.npy>"),
                                cl::Required, cl::sub(getCompareCommand()));
cl::opt<std::string> referencePath(cl::Positional,
                                   cl::desc("<reference.npz|.npy>"),
                                   cl::Required, cl::sub(getCompareCommand()));
cl::opt<std::string> toleranceText(
    "tolerance",
    cl::desc("Minimum cosine[,euclidean] similarity, e.g. 0.999,0.98"),
    cl::init("0.999"), cl::sub(getCompareCommand()));
cl::opt<std::string> maxAbsRelRangeText(
    "max-abs-rel-range",
    cl::desc(
        "Also fail a tensor whose max abs error exceeds this fraction of the "
        "reference's range (max - min), e.g. 1e-3"),
    cl::value_desc("fraction"), cl::sub(getCompareCommand()));

int fail(llvm::Error error) {
  llvm::WithColor::error(llvm::errs(), "vpuc compare")
      << llvm::toString(std::move(error)) << "\n";
  return kExitError;
}

} // namespace

int runCompare() {
  llvm::Expected<compare::Tolerance> tolerance =
      compare::parseTolerance(toleranceText);
  if (!tolerance) {
    return fail(tolerance.takeError());
  }
  if (maxAbsRelRangeText.getNumOccurrences() > 0) {
    llvm::Expected<double> limit =
        compare::parseMaxAbsErrorOfRange(maxAbsRelRangeText);
    if (!limit) {
      return fail(limit.takeError());
    }
    tolerance->maxAbsErrorOfRange = *limit;
  }
  llvm::Expected<npy::ArrayMap> actual = npy::readArrays(actualPath);
  if (!actual) {
    return fail(actual.takeError());
  }
  llvm::Expected<npy::ArrayMap> reference = npy::readArrays(referencePath);
  if (!reference) {
    return fail(reference.takeError());
  }
  llvm::Expected<compare::Comparison> comparison =
      compare::compareArrays(*actual, *reference, *tolerance);
  if (!comparison) {
    return fail(comparison.takeError());
  }
  compare::printComparison(*comparison, actualPath, referencePath,
                           llvm::outs());
  return comparison->getFirstFailure() ? kExitCheckFailed : kExitOk;
}

} // namespace mlir::vpuc::tools
