//===- Calibration.h - Activation ranges for post-training quantization ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The statistics `vpuc quantize` collects for each activation tensor over the
// calibration inputs and the methods that turn them into a quantization range
// [lo, hi] and then into a scale and a zero point:
//
// - min-max: the observed range;
// - percentile: the range that leaves out (100 - p)% of the values at each end;
// - MSE: the range, shrunk from the observed one, whose quantize-dequantize
//   has the least expected squared error;
// - KL (entropy): the shrunk range whose quantized distribution is closest to
//   the observed one in Kullback-Leibler divergence (TensorRT's criterion);
// - auto: per tensor, the one of the above whose quantize-dequantize of the
//   observed values has the highest cosine similarity to them.
//
// Statistics are a min / max pass, then a histogram over [min, max]. Every
// range contains 0, so that 0 (padding, ReLU) is exact.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_CALIBRATION_CALIBRATION_H_
#define VPUC_CORE_CALIBRATION_CALIBRATION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::calibration {

/// How a range is chosen.
enum class Method { MinMax, Percentile, Mse, Kl, Auto };

/// The method named `name` ("minmax", "percentile", "mse", "kl", "auto").
std::optional<Method> parseMethod(llvm::StringRef name);
llvm::StringRef getMethodName(Method method);

/// The 8-bit integer type of a quantized activation.
struct QuantType {
  /// Unsigned (u8, zero point in [0, 255]) or signed (i8).
  bool isSigned = false;
  /// Zero point 0 and a range symmetric about it (signed: [-127, 127]).
  bool symmetric = false;

  int32_t getMin() const { return isSigned ? (symmetric ? -127 : -128) : 0; }
  int32_t getMax() const { return isSigned ? 127 : 255; }
};

/// A scale and a zero point.
struct QuantParams {
  /// Stored in ONNX as float32: the value is rounded to float once here.
  float scale = 1.0f;
  int32_t zeroPoint = 0;
};

/// The parameters that quantize [lo, hi] (widened to contain 0) to `type`;
/// an empty range gets scale 1.
QuantParams getQuantParams(double lo, double hi, QuantType type);

/// `value` quantized with `params` to `type` (round half to even, saturated)
/// and dequantized again.
double quantizeDequantize(double value, QuantParams params, QuantType type);

/// The running statistics of one tensor.
class TensorStats {
public:
  /// The number of histogram bins.
  static constexpr int kBins = 2048;

  /// Pass 1: widens the observed range by `values` (NaNs are ignored).
  void addRange(llvm::ArrayRef<float> values);
  /// Whether pass 1 saw a value.
  bool hasRange() const { return seen; }
  double getMin() const { return min; }
  double getMax() const { return max; }

  /// Pass 2: adds `values` to the histogram over the range of pass 1 (values
  /// outside it go to the end bins). Exact zeros (ReLU outputs, padding),
  /// which every range quantizes exactly, are counted apart: their spike
  /// would otherwise dominate the KL divergence of the bin holding 0.
  void addHistogram(llvm::ArrayRef<float> values);
  llvm::ArrayRef<double> getHistogram() const { return histogram; }
  double getZeroCount() const { return zeros; }
  /// The centre of bin `bin`.
  double getBinCenter(int bin) const;

  /// The range `method` chooses for `type` (Auto: the best of the others by
  /// getCosine). `percentile` is the share kept, in percent (e.g. 99.99).
  /// MinMax needs only pass 1; the others fall back to it without a
  /// histogram.
  std::pair<double, double> getRange(Method method, QuantType type,
                                     double percentile = 99.99) const;
  /// The method Auto picks for `type`.
  Method pickMethod(QuantType type, double percentile = 99.99) const;

  /// The cosine similarity between the histogram's values and their
  /// quantize-dequantize with the parameters of [lo, hi] (1 for an empty
  /// histogram).
  double getCosine(double lo, double hi, QuantType type) const;
  /// The expected squared quantization error of the histogram's values.
  double getSquaredError(double lo, double hi, QuantType type) const;
  /// The KL divergence between the histogram clipped to [lo, hi] and its
  /// quantized form (TensorRT's entropy calibration).
  double getKlDivergence(double lo, double hi, QuantType type) const;

private:
  std::pair<double, double> getPercentileRange(double percentile) const;
  /// The candidate ranges of MSE and KL: the observed range shrunk by factors
  /// in (0, 1].
  std::vector<std::pair<double, double>> getShrunkRanges() const;

  bool seen = false;
  double min = 0.0;
  double max = 0.0;
  std::vector<double> histogram;
  double zeros = 0.0;
};

} // namespace mlir::vpuc::calibration

#endif // VPUC_CORE_CALIBRATION_CALIBRATION_H_
