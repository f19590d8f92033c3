//===- NNUtils.cpp - Shape rules shared by the IE NN ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Window output sizes (1-D and 2-D), convolution / matrix product shape checks
// and axis normalisation.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/NNUtils.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/utils/Broadcast.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE::detail {

static bool isDynamic(int64_t dim) { return dim < 0; }

/// Formats the per-dim values of a window as "3x3" (2-D) or "3" (1-D).
static std::string formatSpatial(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(values, os, "x");
  return text;
}

/// The names of the spatial dims of a window of `spatialRank` values.
static StringRef spatialNames(size_t spatialRank) {
  return spatialRank == 1 ? "(x)" : "(y, x)";
}

/// Checks one attribute array: one value per spatial dim, each >= minimum.
static LogicalResult checkSpatial(ArrayRef<int64_t> values, StringRef name,
                                  size_t spatialRank, int64_t minimum,
                                  std::string &error) {
  llvm::raw_string_ostream os(error);
  if (values.size() != spatialRank) {
    os << "expects " << name << " to have " << spatialRank
       << (spatialRank == 1 ? " value " : " values ")
       << spatialNames(spatialRank) << ", got " << values.size();
    return failure();
  }
  for (int64_t v : values) {
    if (v < minimum) {
      os << "expects " << name << " >= " << minimum << ", got "
         << formatShape(values);
      return failure();
    }
  }
  return success();
}

LogicalResult checkWindow(const Window &window, size_t spatialRank,
                          std::string &error) {
  if (failed(checkSpatial(window.strides, "strides", spatialRank, 1, error)) ||
      failed(checkSpatial(window.padsBegin, "pads_begin", spatialRank, 0,
                          error)) ||
      failed(checkSpatial(window.padsEnd, "pads_end", spatialRank, 0, error))) {
    return failure();
  }
  if (window.hasDilations) {
    return checkSpatial(window.dilations, "dilations", spatialRank, 1, error);
  }
  return success();
}

/// The padded input extent of spatial dim `d` (0 for a dynamic input dim).
static int64_t paddedExtent(int64_t in, const Window &window, size_t d) {
  return (isDynamic(in) ? 0 : in) + window.padsBegin[d] + window.padsEnd[d];
}

/// The padded input extents of every spatial dim, for messages.
static SmallVector<int64_t, 2> paddedExtents(ArrayRef<int64_t> in,
                                             const Window &window) {
  SmallVector<int64_t, 2> extents;
  for (size_t d = 0; d < in.size(); ++d) {
    extents.push_back(paddedExtent(in[d], window, d));
  }
  return extents;
}

static int64_t dilationOf(const Window &window, size_t d) {
  return window.hasDilations ? window.dilations[d] : 1;
}

LogicalResult computeConvOutput(ArrayRef<int64_t> in, ArrayRef<int64_t> kernel,
                                const Window &window,
                                SmallVectorImpl<int64_t> &out,
                                std::string &error) {
  const size_t spatialRank = in.size();
  for (size_t d = 0; d < spatialRank; ++d) {
    if (isDynamic(in[d]) || isDynamic(kernel[d])) {
      continue;
    }
    int64_t extent = dilationOf(window, d) * (kernel[d] - 1) + 1;
    if (extent > paddedExtent(in[d], window, d)) {
      llvm::raw_string_ostream os(error);
      os << "kernel size " << formatSpatial(kernel) << " with dilation "
         << (window.hasDilations
                 ? formatSpatial(window.dilations)
                 : formatSpatial(SmallVector<int64_t, 2>(spatialRank, 1)))
         << " exceeds the padded input "
         << formatSpatial(paddedExtents(in, window));
      return failure();
    }
  }
  for (size_t d = 0; d < spatialRank; ++d) {
    if (isDynamic(in[d]) || isDynamic(kernel[d])) {
      out.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t extent = dilationOf(window, d) * (kernel[d] - 1) + 1;
    out.push_back(
        (paddedExtent(in[d], window, d) - extent) / window.strides[d] + 1);
  }
  return success();
}

/// Checks that `input` is a 1-D [N, C, W] or 2-D [N, C, H, W] window op input.
static LogicalResult checkSpatialInput(ArrayRef<int64_t> input,
                                       std::string &error) {
  if (input.size() != 3 && input.size() != 4) {
    llvm::raw_string_ostream os(error);
    os << "expects a 4-D input [N, C, H, W] or a 3-D input [N, C, W], got "
          "shape "
       << formatShape(input);
    return failure();
  }
  return success();
}

/// Checks the ranks of input and filter (the filter has the input's rank) and
/// the filter's kernel.
static LogicalResult checkConvRanks(ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> filter,
                                    std::string &error) {
  if (failed(checkSpatialInput(input, error))) {
    return failure();
  }
  llvm::raw_string_ostream os(error);
  if (filter.size() != input.size()) {
    os << "expects a " << input.size() << "-D filter for a " << input.size()
       << "-D input, got shape " << formatShape(filter);
    return failure();
  }
  if (llvm::is_contained(filter.drop_front(2), 0)) {
    os << "expects a filter with a non-empty kernel, got shape "
       << formatShape(filter);
    return failure();
  }
  return success();
}

/// Checks a per-channel bias: [C], or [1, C, 1, 1] (2-D op) / [1, C, 1] (1-D
/// op).
static LogicalResult checkChannelBias(std::optional<ArrayRef<int64_t>> bias,
                                      int64_t channels, size_t rank,
                                      std::string &error) {
  if (!bias) {
    return success();
  }
  ArrayRef<int64_t> b = *bias;
  auto matches = [&](int64_t dim) {
    return isDynamic(dim) || isDynamic(channels) || dim == channels;
  };
  bool ok =
      (b.size() == 1 && matches(b[0])) ||
      (b.size() == rank && b[0] == 1 && matches(b[1]) &&
       llvm::all_of(b.drop_front(2), [](int64_t dim) { return dim == 1; }));
  if (!ok) {
    llvm::raw_string_ostream os(error);
    os << "expects a bias of shape [" << channels << "] or [1, " << channels
       << (rank == 3 ? ", 1]" : ", 1, 1]") << ", got " << formatShape(b);
    return failure();
  }
  return success();
}

LogicalResult inferConvShape(ArrayRef<int64_t> input, ArrayRef<int64_t> filter,
                             std::optional<ArrayRef<int64_t>> bias,
                             const Window &window, int64_t groups,
                             SmallVectorImpl<int64_t> &shape,
                             std::string &error) {
  if (failed(checkConvRanks(input, filter, error)) ||
      failed(checkWindow(window, input.size() - 2, error))) {
    return failure();
  }
  llvm::raw_string_ostream os(error);
  if (groups < 1) {
    os << "expects groups >= 1, got " << groups;
    return failure();
  }
  if (!isDynamic(input[1]) && !isDynamic(filter[1]) &&
      input[1] != filter[1] * groups) {
    os << "input channels " << input[1]
       << " do not match filter input channels " << filter[1] << " x groups "
       << groups;
    return failure();
  }
  if (!isDynamic(filter[0]) && filter[0] % groups != 0) {
    os << "filter output channels " << filter[0]
       << " are not divisible by groups " << groups;
    return failure();
  }
  if (failed(checkChannelBias(bias, filter[0], input.size(), error))) {
    return failure();
  }
  shape.assign({input[0], filter[0]});
  return computeConvOutput(input.drop_front(2), filter.drop_front(2), window,
                           shape, error);
}

LogicalResult
inferDeconvShape(ArrayRef<int64_t> input, ArrayRef<int64_t> filter,
                 std::optional<ArrayRef<int64_t>> bias, const Window &window,
                 ArrayRef<int64_t> outputPadding, int64_t groups,
                 SmallVectorImpl<int64_t> &shape, std::string &error) {
  if (failed(checkConvRanks(input, filter, error))) {
    return failure();
  }
  const size_t spatialRank = input.size() - 2;
  if (failed(checkWindow(window, spatialRank, error)) ||
      failed(checkSpatial(outputPadding, "output_padding", spatialRank, 0,
                          error))) {
    return failure();
  }
  llvm::raw_string_ostream os(error);
  if (groups < 1) {
    os << "expects groups >= 1, got " << groups;
    return failure();
  }
  for (size_t d = 0; d < spatialRank; ++d) {
    if (outputPadding[d] >= std::max(window.strides[d], window.dilations[d])) {
      os << "output_padding " << formatSpatial(outputPadding)
         << " must be smaller than the stride or the dilation in each dim "
            "(strides "
         << formatSpatial(window.strides) << ", dilations "
         << formatSpatial(window.dilations) << ")";
      return failure();
    }
  }
  if (!isDynamic(input[1]) && !isDynamic(filter[0]) && input[1] != filter[0]) {
    os << "input channels " << input[1]
       << " do not match filter input channels " << filter[0];
    return failure();
  }
  if (!isDynamic(filter[0]) && filter[0] % groups != 0) {
    os << "filter input channels " << filter[0]
       << " are not divisible by groups " << groups;
    return failure();
  }
  int64_t outChannels =
      isDynamic(filter[1]) ? ShapedType::kDynamic : filter[1] * groups;
  if (failed(checkChannelBias(bias, outChannels, input.size(), error))) {
    return failure();
  }
  shape.assign({input[0], outChannels});
  for (size_t d = 0; d < spatialRank; ++d) {
    int64_t in = input[2 + d];
    int64_t k = filter[2 + d];
    if (isDynamic(in) || isDynamic(k)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t out = (in - 1) * window.strides[d] - window.padsBegin[d] -
                  window.padsEnd[d] + window.dilations[d] * (k - 1) + 1 +
                  outputPadding[d];
    if (out < 1) {
      os << "pads " << formatShape(window.padsBegin) << " and "
         << formatShape(window.padsEnd) << " leave no output for input "
         << formatSpatial(input.drop_front(2)) << " and kernel "
         << formatSpatial(filter.drop_front(2));
      return failure();
    }
    shape.push_back(out);
  }
  return success();
}

LogicalResult inferFullyConnectedShape(ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> weights,
                                       std::optional<ArrayRef<int64_t>> bias,
                                       SmallVectorImpl<int64_t> &shape,
                                       std::string &error) {
  llvm::raw_string_ostream os(error);
  if (input.size() != 2) {
    os << "expects a 2-D input [N, K], got shape " << formatShape(input);
    return failure();
  }
  if (weights.size() != 2) {
    os << "expects 2-D weights [O, K], got shape " << formatShape(weights);
    return failure();
  }
  if (!isDynamic(input[1]) && !isDynamic(weights[1]) &&
      input[1] != weights[1]) {
    os << "input features " << input[1] << " do not match weights features "
       << weights[1];
    return failure();
  }
  if (bias) {
    ArrayRef<int64_t> b = *bias;
    int64_t o = weights[0];
    auto matches = [&](int64_t dim) {
      return isDynamic(dim) || isDynamic(o) || dim == o;
    };
    if (!((b.size() == 1 && matches(b[0])) ||
          (b.size() == 2 && b[0] == 1 && matches(b[1])))) {
      os << "expects a bias of shape [" << o << "] or [1, " << o << "], got "
         << formatShape(b);
      return failure();
    }
  }
  shape.assign({input[0], weights[0]});
  return success();
}

LogicalResult inferMatMulShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                               bool transposeA, bool transposeB,
                               SmallVectorImpl<int64_t> &shape,
                               std::string &error) {
  llvm::raw_string_ostream os(error);
  if (a.empty() || b.empty()) {
    os << "expects operands of rank >= 1, got shapes " << formatShape(a)
       << " and " << formatShape(b);
    return failure();
  }
  // Rows and columns of the (transposed) matrices; 1-D operands per NumPy.
  int64_t m = 1, ka, kb, n = 1;
  if (a.size() == 1) {
    ka = a[0];
  } else {
    m = transposeA ? a.back() : a[a.size() - 2];
    ka = transposeA ? a[a.size() - 2] : a.back();
  }
  if (b.size() == 1) {
    kb = b[0];
  } else {
    kb = transposeB ? b.back() : b[b.size() - 2];
    n = transposeB ? b[b.size() - 2] : b.back();
  }
  if (!isDynamic(ka) && !isDynamic(kb) && ka != kb) {
    os << "contraction dims differ: input1 " << formatShape(a)
       << (transposeA ? " (transposed)" : "") << " has K = " << ka
       << ", input2 " << formatShape(b) << (transposeB ? " (transposed)" : "")
       << " has K = " << kb;
    return failure();
  }
  ArrayRef<int64_t> batchA =
      a.size() > 2 ? a.drop_back(2) : ArrayRef<int64_t>();
  ArrayRef<int64_t> batchB =
      b.size() > 2 ? b.drop_back(2) : ArrayRef<int64_t>();
  std::optional<SmallVector<int64_t, 6>> batch =
      broadcastShapes({batchA, batchB});
  if (!batch) {
    os << "batch dims " << formatShape(batchA) << " and " << formatShape(batchB)
       << " are not broadcastable";
    return failure();
  }
  shape.assign(batch->begin(), batch->end());
  if (a.size() > 1) {
    shape.push_back(m);
  }
  if (b.size() > 1) {
    shape.push_back(n);
  }
  return success();
}

LogicalResult inferPoolShape(ArrayRef<int64_t> input, ArrayRef<int64_t> kernel,
                             const Window &window, bool ceilMode,
                             SmallVectorImpl<int64_t> &shape,
                             std::string &error) {
  if (failed(checkSpatialInput(input, error))) {
    return failure();
  }
  const size_t spatialRank = input.size() - 2;
  if (failed(checkSpatial(kernel, "kernel_size", spatialRank, 1, error)) ||
      failed(checkWindow(window, spatialRank, error))) {
    return failure();
  }
  llvm::raw_string_ostream os(error);
  for (size_t d = 0; d < spatialRank; ++d) {
    if (window.padsBegin[d] >= kernel[d] || window.padsEnd[d] >= kernel[d]) {
      os << "pads " << formatShape(window.padsBegin) << " and "
         << formatShape(window.padsEnd)
         << " must be smaller than the kernel size " << formatSpatial(kernel);
      return failure();
    }
  }
  shape.assign({input[0], input[1]});
  for (size_t d = 0; d < spatialRank; ++d) {
    int64_t in = input[2 + d];
    if (isDynamic(in)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t span = paddedExtent(in, window, d) - kernel[d];
    if (span < 0) {
      os << "kernel size " << formatSpatial(kernel)
         << " exceeds the padded input "
         << formatSpatial(paddedExtents(input.drop_front(2), window));
      return failure();
    }
    int64_t stride = window.strides[d];
    int64_t out = (ceilMode ? (span + stride - 1) / stride : span / stride) + 1;
    if (ceilMode && (out - 1) * stride >= in + window.padsBegin[d]) {
      --out;
    }
    shape.push_back(out);
  }
  return success();
}

LogicalResult normalizeAxis(int64_t axis, int64_t rank, int64_t &normalized,
                            std::string &error) {
  if (axis < -rank || axis >= rank) {
    llvm::raw_string_ostream os(error);
    os << "axis " << axis << " is out of range for rank " << rank;
    return failure();
  }
  normalized = axis < 0 ? axis + rank : axis;
  return success();
}

LogicalResult normalizeAxes(ArrayRef<int64_t> axes, int64_t rank,
                            SmallVectorImpl<int64_t> &normalized,
                            std::string &error) {
  if (axes.empty()) {
    error = "expects at least one axis";
    return failure();
  }
  normalized.clear();
  for (int64_t axis : axes) {
    int64_t n;
    if (failed(normalizeAxis(axis, rank, n, error))) {
      return failure();
    }
    normalized.push_back(n);
  }
  llvm::sort(normalized);
  if (std::adjacent_find(normalized.begin(), normalized.end()) !=
      normalized.end()) {
    error = "axes " + formatShape(axes) + " name a dim more than once";
    return failure();
  }
  return success();
}

std::optional<int64_t> getStaticCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (isDynamic(dim)) {
      return std::nullopt;
    }
    count *= dim;
  }
  return count;
}

} // namespace mlir::vpuc::IE::detail
