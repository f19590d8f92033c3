//===- Compare.cpp - Numerical comparison of result tensors
//----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/compare/Compare.h"

#include <cassert>
#include <cmath>
#include <iterator>

#include "core/numeric/Float16.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::compare {

namespace {

template <typename T>
void convert(const npy::Array &array, std::vector<float> &out) {
  llvm::ArrayRef<T> values = array.getValues<T>();
  for (size_t i = 0; i < values.size(); ++i) {
    out[i] = static_cast<float>(values[i]);
  }
}

/// `shape` without its leading and trailing dimensions of size 1.
llvm::SmallVector<int64_t, 4> dropUnitDims(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> dims;
  llvm::copy_if(shape, std::back_inserter(dims),
                [](int64_t dim) { return dim != 1; });
  return dims;
}

/// The names of `arrays` for a message: "a, b, c", the first few and a count
/// for a long list, "none" for no array.
std::string joinNames(const npy::ArrayMap &arrays) {
  constexpr size_t kMaxNames = 8;
  if (arrays.empty()) {
    return "none";
  }
  std::string names;
  size_t count = 0;
  for (const auto &entry : arrays) {
    if (count == kMaxNames) {
      return names + ", ... (" + std::to_string(arrays.size()) + " in all)";
    }
    names += (count++ == 0 ? "" : ", ") + entry.first;
  }
  return names;
}

} // namespace

std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return shape.empty() ? "scalar" : text;
}

bool isSameShape(llvm::ArrayRef<int64_t> actual,
                 llvm::ArrayRef<int64_t> reference) {
  return dropUnitDims(actual) == dropUnitDims(reference);
}

llvm::Expected<Tolerance> parseTolerance(llvm::StringRef text) {
  Tolerance tolerance;
  auto [cosText, euclidText] = text.split(',');
  auto parse = [&](llvm::StringRef part, double &value) {
    return !part.trim().getAsDouble(value) && value >= -1.0 && value <= 1.0;
  };
  if (!parse(cosText, tolerance.cosine) ||
      (!euclidText.empty() && !parse(euclidText, tolerance.euclidean))) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "invalid tolerance '" + text +
            "': expected COS or COS,EUCLID with values in [-1, 1]");
  }
  return tolerance;
}

llvm::Expected<double> parseMaxAbsErrorOfRange(llvm::StringRef text) {
  double value = 0;
  if (text.trim().getAsDouble(value) || !(value >= 0) || std::isinf(value)) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "invalid max abs error '" + text +
            "': expected a finite fraction of the reference "
            "range >= 0, e.g. 1e-3");
  }
  return value;
}

std::vector<float> toFloat(const npy::Array &array) {
  std::vector<float> out(array.getNumElements());
  switch (array.dtype) {
  case npy::DType::Bool:
  case npy::DType::U8:
    convert<uint8_t>(array, out);
    break;
  case npy::DType::I8:
    convert<int8_t>(array, out);
    break;
  case npy::DType::I16:
    convert<int16_t>(array, out);
    break;
  case npy::DType::U16:
    convert<uint16_t>(array, out);
    break;
  case npy::DType::I32:
    convert<int32_t>(array, out);
    break;
  case npy::DType::U32:
    convert<uint32_t>(array, out);
    break;
  case npy::DType::I64:
    convert<int64_t>(array, out);
    break;
  case npy::DType::U64:
    convert<uint64_t>(array, out);
    break;
  case npy::DType::F16:
    numeric::f16BitsToFloat(array.getValues<uint16_t>(), out);
    break;
  case npy::DType::F32:
    convert<float>(array, out);
    break;
  case npy::DType::F64:
    convert<double>(array, out);
    break;
  }
  return out;
}

llvm::Expected<Metrics> computeMetrics(const npy::Array &actual,
                                       const npy::Array &reference) {
  if (actual.getNumElements() != reference.getNumElements() ||
      !isSameShape(actual.shape, reference.shape)) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "shape " + formatShape(actual.shape) +
                                       " does not match the reference shape " +
                                       formatShape(reference.shape));
  }
  return computeMetrics(toFloat(actual), toFloat(reference));
}

Metrics computeMetrics(llvm::ArrayRef<float> a, llvm::ArrayRef<float> r) {
  assert(a.size() == r.size() && "the value counts differ");
  double dot = 0, normA = 0, normR = 0, normDiff = 0;
  double referenceMin = INFINITY, referenceMax = -INFINITY;
  Metrics metrics;
  metrics.numElements = static_cast<int64_t>(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    double x = a[i], y = r[i];
    dot += x * y;
    normA += x * x;
    normR += y * y;
    double diff = x - y;
    normDiff += diff * diff;
    // std::fmax would drop NaNs; keep them so that they fail every tolerance.
    double absDiff = std::fabs(diff);
    if (!(absDiff <= metrics.maxAbsError)) {
      metrics.maxAbsError = absDiff;
    }
    metrics.referenceAbsMax = std::fmax(metrics.referenceAbsMax, std::fabs(y));
    referenceMin = std::fmin(referenceMin, y);
    referenceMax = std::fmax(referenceMax, y);
  }
  metrics.referenceRange = a.empty() ? 0 : referenceMax - referenceMin;
  normA = std::sqrt(normA);
  normR = std::sqrt(normR);
  normDiff = std::sqrt(normDiff);
  if (normA == 0 && normR == 0) {
    metrics.cosine = 1;
    metrics.euclidean = 1;
  } else {
    metrics.cosine = (normA == 0 || normR == 0) ? 0 : dot / (normA * normR);
    metrics.euclidean = 1 - normDiff / std::fmax(normA, normR);
  }
  if (std::isnan(normDiff)) {
    metrics.cosine = metrics.euclidean = metrics.maxAbsError = NAN;
  }
  return metrics;
}

const TensorReport *Comparison::getFirstFailure() const {
  auto it = llvm::find_if(
      reports, [](const TensorReport &report) { return !report.passed; });
  return it == reports.end() ? nullptr : &*it;
}

size_t Comparison::getNumFailures() const {
  return llvm::count_if(
      reports, [](const TensorReport &report) { return !report.passed; });
}

llvm::Expected<Comparison> compareArrays(const npy::ArrayMap &actual,
                                         const npy::ArrayMap &reference,
                                         const Tolerance &tolerance) {
  if (reference.empty()) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the reference holds no tensor");
  }
  Comparison comparison;
  bool byPosition = actual.size() == 1 && reference.size() == 1;
  for (const auto &[name, ref] : reference) {
    auto it = byPosition ? actual.begin() : actual.find(name);
    if (it == actual.end()) {
      comparison.onlyInReference.push_back(name);
      continue;
    }
    llvm::Expected<Metrics> metrics = computeMetrics(it->second, ref);
    if (!metrics) {
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "tensor '" + name + "': " + llvm::toString(metrics.takeError()));
    }
    TensorReport report;
    report.name = name;
    report.actualName = it->first;
    report.shape.assign(ref.shape.begin(), ref.shape.end());
    report.metrics = *metrics;
    report.similar = metrics->cosine >= tolerance.cosine &&
                     metrics->euclidean >= tolerance.euclidean;
    if (tolerance.maxAbsErrorOfRange) {
      report.absErrorLimit =
          *tolerance.maxAbsErrorOfRange * metrics->referenceRange;
      report.absErrorWithinLimit =
          metrics->maxAbsError <= *report.absErrorLimit;
    }
    report.passed = report.similar && report.absErrorWithinLimit;
    comparison.reports.push_back(std::move(report));
  }
  if (!byPosition) {
    for (const auto &entry : actual) {
      if (!reference.count(entry.first)) {
        comparison.onlyInActual.push_back(entry.first);
      }
    }
  }
  if (comparison.reports.empty()) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "no tensor name is in both sets: the reference holds " +
            joinNames(reference) + "; the actual tensors are " +
            joinNames(actual));
  }
  return comparison;
}

void printReports(llvm::ArrayRef<TensorReport> reports, llvm::raw_ostream &os) {
  os << llvm::formatv("{0,-24} {1,-16} {2,12} {3,12} {4,12} {5,12}  {6}\n",
                      "tensor", "shape", "cosine", "euclidean", "max_abs_err",
                      "ref_abs_max", "result");
  for (const TensorReport &report : reports) {
    std::string name = report.name;
    if (report.actualName != report.name) {
      name = report.actualName + " ~ " + report.name;
    }
    const Metrics &m = report.metrics;
    std::string result;
    if (report.passed) {
      result = "ok";
    } else {
      if (!report.similar) {
        result = "BELOW TOLERANCE";
      }
      if (!report.absErrorWithinLimit) {
        std::string limit;
        llvm::raw_string_ostream(limit)
            << llvm::format("%g", *report.absErrorLimit);
        result +=
            (result.empty() ? "" : ", ") + ("MAX ABS ERROR ABOVE " + limit);
      }
    }
    os << llvm::format("%-24s %-16s %12.7f %12.7f %12.4g %12.4g  %s\n",
                       name.c_str(), formatShape(report.shape).c_str(),
                       m.cosine, m.euclidean, m.maxAbsError, m.referenceAbsMax,
                       result.c_str());
  }
}

void printComparison(const Comparison &comparison, llvm::StringRef actualName,
                     llvm::StringRef referenceName, llvm::raw_ostream &os) {
  for (const std::string &name : comparison.onlyInActual) {
    os << "note: '" << name << "' is only in " << actualName
       << " (not compared)\n";
  }
  for (const std::string &name : comparison.onlyInReference) {
    os << "note: '" << name << "' is only in " << referenceName
       << " (not compared)\n";
  }
  printReports(comparison.reports, os);
  if (const TensorReport *failure = comparison.getFirstFailure()) {
    os << "first below tolerance: " << failure->name << "\n";
  } else {
    os << "all within tolerance\n";
  }
}

} // namespace mlir::vpuc::compare
