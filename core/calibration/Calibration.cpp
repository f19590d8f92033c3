//===- Calibration.cpp - Activation ranges for post-training quantization -===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/calibration/Calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "llvm/ADT/StringSwitch.h"

namespace mlir::vpuc::calibration {

std::optional<Method> parseMethod(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Method>>(name)
      .Case("minmax", Method::MinMax)
      .Case("percentile", Method::Percentile)
      .Case("mse", Method::Mse)
      .Case("kl", Method::Kl)
      .Case("auto", Method::Auto)
      .Default(std::nullopt);
}

llvm::StringRef getMethodName(Method method) {
  switch (method) {
  case Method::MinMax:
    return "minmax";
  case Method::Percentile:
    return "percentile";
  case Method::Mse:
    return "mse";
  case Method::Kl:
    return "kl";
  case Method::Auto:
    return "auto";
  }
  return "";
}

QuantParams getQuantParams(double lo, double hi, QuantType type) {
  lo = std::min(lo, 0.0);
  hi = std::max(hi, 0.0);
  const double qmin = type.getMin();
  const double qmax = type.getMax();
  QuantParams params;
  if (type.symmetric) {
    // Zero point 0 (i8) or 128 (u8), 127 steps on each side.
    const double bound = std::max(-lo, hi);
    params.zeroPoint = type.isSigned ? 0 : 128;
    params.scale = bound > 0.0 ? static_cast<float>(bound / 127.0) : 1.0f;
    return params;
  }
  const double scale = (hi - lo) / (qmax - qmin);
  if (!(scale > 0.0) || !std::isfinite(scale)) {
    params.scale = 1.0f;
    params.zeroPoint = static_cast<int32_t>(std::clamp(0.0, qmin, qmax));
    return params;
  }
  params.scale = static_cast<float>(scale);
  const double zeroPoint = std::nearbyint(qmin - lo / params.scale);
  params.zeroPoint = static_cast<int32_t>(std::clamp(zeroPoint, qmin, qmax));
  return params;
}

double quantizeDequantize(double value, QuantParams params, QuantType type) {
  const double q = std::clamp(std::nearbyint(value / params.scale) +
                                  static_cast<double>(params.zeroPoint),
                              static_cast<double>(type.getMin()),
                              static_cast<double>(type.getMax()));
  return (q - params.zeroPoint) * static_cast<double>(params.scale);
}

void TensorStats::addRange(llvm::ArrayRef<float> values) {
  for (float value : values) {
    if (std::isnan(value)) {
      continue;
    }
    if (!seen) {
      min = max = value;
      seen = true;
      continue;
    }
    min = std::min<double>(min, value);
    max = std::max<double>(max, value);
  }
}

void TensorStats::addHistogram(llvm::ArrayRef<float> values) {
  if (histogram.empty()) {
    histogram.assign(kBins, 0.0);
  }
  const double width = (max - min) / kBins;
  for (float value : values) {
    if (std::isnan(value)) {
      continue;
    }
    if (value == 0.0f) {
      zeros += 1.0;
      continue;
    }
    int bin = 0;
    if (width > 0.0) {
      bin = static_cast<int>(std::floor((value - min) / width));
      bin = std::clamp(bin, 0, kBins - 1);
    }
    histogram[bin] += 1.0;
  }
}

double TensorStats::getBinCenter(int bin) const {
  return min + (bin + 0.5) * (max - min) / kBins;
}

double TensorStats::getCosine(double lo, double hi, QuantType type) const {
  const QuantParams params = getQuantParams(lo, hi, type);
  double dot = 0.0, xx = 0.0, qq = 0.0;
  for (int bin = 0; bin < static_cast<int>(histogram.size()); ++bin) {
    const double count = histogram[bin];
    if (count == 0.0) {
      continue;
    }
    const double x = getBinCenter(bin);
    const double q = quantizeDequantize(x, params, type);
    dot += count * x * q;
    xx += count * x * x;
    qq += count * q * q;
  }
  if (xx == 0.0 && qq == 0.0) {
    return 1.0;
  }
  if (xx == 0.0 || qq == 0.0) {
    return 0.0;
  }
  return dot / std::sqrt(xx * qq);
}

double TensorStats::getSquaredError(double lo, double hi,
                                    QuantType type) const {
  const QuantParams params = getQuantParams(lo, hi, type);
  double error = 0.0;
  for (int bin = 0; bin < static_cast<int>(histogram.size()); ++bin) {
    if (histogram[bin] == 0.0) {
      continue;
    }
    const double x = getBinCenter(bin);
    const double d = x - quantizeDequantize(x, params, type);
    error += histogram[bin] * d * d;
  }
  return error;
}

double TensorStats::getKlDivergence(double lo, double hi,
                                    QuantType type) const {
  const QuantParams params = getQuantParams(lo, hi, type);
  const int bins = static_cast<int>(histogram.size());
  int first = bins, last = -1;
  for (int bin = 0; bin < bins; ++bin) {
    const double x = getBinCenter(bin);
    if (x >= lo && x <= hi) {
      first = std::min(first, bin);
      last = std::max(last, bin);
    }
  }
  if (last < first) {
    return std::numeric_limits<double>::infinity();
  }
  // P: the histogram clipped to [lo, hi], the values beyond it in the end
  // bins of the range. Q: the quantized form of the values inside the range
  // only, each quantization level's count spread evenly over the bins of
  // that level that hold values; so clipping many values costs divergence.
  std::vector<double> p(histogram.begin() + first,
                        histogram.begin() + last + 1);
  for (int bin = 0; bin < first; ++bin) {
    p.front() += histogram[bin];
  }
  for (int bin = last + 1; bin < bins; ++bin) {
    p.back() += histogram[bin];
  }
  std::map<double, std::pair<double, int>> levels;
  std::vector<double> level(p.size(), 0.0);
  for (int bin = first; bin <= last; ++bin) {
    const size_t index = bin - first;
    level[index] = quantizeDequantize(getBinCenter(bin), params, type);
    auto &entry = levels[level[index]];
    entry.first += histogram[bin];
    entry.second += histogram[bin] > 0.0 ? 1 : 0;
  }
  std::vector<double> q(p.size(), 0.0);
  double totalP = 0.0, totalQ = 0.0;
  for (size_t index = 0; index < p.size(); ++index) {
    const auto &[count, nonZero] = levels[level[index]];
    if (histogram[first + index] > 0.0) {
      q[index] = count / nonZero;
    }
    totalP += p[index];
    totalQ += q[index];
  }
  if (totalP == 0.0 || totalQ == 0.0) {
    return totalP == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
  }
  // Bins that only the clipped values fill have no Q: a small floor.
  constexpr double kFloor = 1e-9;
  double divergence = 0.0;
  for (size_t index = 0; index < p.size(); ++index) {
    if (p[index] == 0.0) {
      continue;
    }
    const double pp = p[index] / totalP;
    const double qq = std::max(q[index] / totalQ, kFloor);
    divergence += pp * std::log(pp / qq);
  }
  return divergence;
}

std::pair<double, double>
TensorStats::getPercentileRange(double percentile) const {
  const double width = (max - min) / kBins;
  const int bins = static_cast<int>(histogram.size());
  // The zeros belong to the bin holding 0.
  std::vector<double> counts = histogram;
  const int zeroBin =
      width > 0.0
          ? std::clamp(static_cast<int>(std::floor(-min / width)), 0, bins - 1)
          : 0;
  counts[zeroBin] += zeros;
  double total = 0.0;
  for (double count : counts) {
    total += count;
  }
  const double tail = total * (100.0 - percentile) / 100.0;
  double lo = min, hi = max;
  double below = 0.0;
  for (int bin = 0; bin < bins; ++bin) {
    below += counts[bin];
    if (below > tail) {
      lo = min + bin * width;
      break;
    }
  }
  double above = 0.0;
  for (int bin = bins - 1; bin >= 0; --bin) {
    above += counts[bin];
    if (above > tail) {
      hi = min + (bin + 1) * width;
      break;
    }
  }
  return {lo, hi};
}

std::vector<std::pair<double, double>> TensorStats::getShrunkRanges() const {
  constexpr int kSteps = 128;
  std::vector<std::pair<double, double>> ranges;
  for (int step = 1; step <= kSteps; ++step) {
    const double factor = static_cast<double>(step) / kSteps;
    ranges.emplace_back(std::min(min, 0.0) * factor,
                        std::max(max, 0.0) * factor);
  }
  return ranges;
}

std::pair<double, double> TensorStats::getRange(Method method, QuantType type,
                                                double percentile) const {
  if (method == Method::Auto) {
    method = pickMethod(type, percentile);
  }
  if (method == Method::MinMax || histogram.empty()) {
    return {min, max};
  }
  if (method == Method::Percentile) {
    return getPercentileRange(percentile);
  }
  std::pair<double, double> best = {min, max};
  double bestCost = std::numeric_limits<double>::infinity();
  for (const auto &[lo, hi] : getShrunkRanges()) {
    const double cost = method == Method::Mse ? getSquaredError(lo, hi, type)
                                              : getKlDivergence(lo, hi, type);
    // Ties keep the wider range (the candidates grow).
    if (cost <= bestCost) {
      bestCost = cost;
      best = {lo, hi};
    }
  }
  return best;
}

Method TensorStats::pickMethod(QuantType type, double percentile) const {
  Method best = Method::MinMax;
  double bestCosine = -2.0;
  for (Method method :
       {Method::MinMax, Method::Percentile, Method::Mse, Method::Kl}) {
    auto [lo, hi] = getRange(method, type, percentile);
    const double cosine = getCosine(lo, hi, type);
    if (cosine > bestCosine) {
      bestCosine = cosine;
      best = method;
    }
  }
  return best;
}

} // namespace mlir::vpuc::calibration
