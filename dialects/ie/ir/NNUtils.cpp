//===- NNUtils.cpp - Shape rules shared by the IE NN ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Window output sizes, convolution / matrix product shape checks and axis normalisation.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/NNUtils.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/utils/Broadcast.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::vpuc::IE::detail {

static bool isDynamic(int64_t dim) { return dim < 0; }

/// Formats a 2-element array as "3x3".
static std::string formatPair(ArrayRef<int64_t> values) {
  return std::to_string(values[0]) + "x" + std::to_string(values[1]);
}

/// Checks one attribute array: two values, each >= minimum.
static LogicalResult checkPair(ArrayRef<int64_t> values, StringRef name, int64_t minimum,
                               std::string &error) {
  llvm::raw_string_ostream os(error);
  if (values.size() != 2) {
    os << "expects " << name << " to have 2 values (y, x), got " << values.size();
    return failure();
  }
  for (int64_t v : values) {
    if (v < minimum) {
      os << "expects " << name << " >= " << minimum << ", got " << formatShape(values);
      return failure();
    }
  }
  return success();
}

LogicalResult checkWindow(const Window2D &window, std::string &error) {
  if (failed(checkPair(window.strides, "strides", 1, error)) ||
      failed(checkPair(window.padsBegin, "pads_begin", 0, error)) ||
      failed(checkPair(window.padsEnd, "pads_end", 0, error))) {
    return failure();
  }
  if (window.hasDilations) {
    return checkPair(window.dilations, "dilations", 1, error);
  }
  return success();
}

/// The padded input extent, the effective kernel extent, for one dim.
static int64_t paddedExtent(int64_t in, const Window2D &window, size_t d) {
  return in + window.padsBegin[d] + window.padsEnd[d];
}

static int64_t dilationOf(const Window2D &window, size_t d) {
  return window.hasDilations ? window.dilations[d] : 1;
}

LogicalResult computeConvOutput(ArrayRef<int64_t> in, ArrayRef<int64_t> kernel,
                                const Window2D &window, SmallVectorImpl<int64_t> &out,
                                std::string &error) {
  for (size_t d = 0; d < 2; ++d) {
    if (isDynamic(in[d]) || isDynamic(kernel[d])) {
      continue;
    }
    int64_t extent = dilationOf(window, d) * (kernel[d] - 1) + 1;
    if (extent > paddedExtent(in[d], window, d)) {
      llvm::raw_string_ostream os(error);
      os << "kernel size " << formatPair(kernel) << " with dilation "
         << (window.hasDilations ? formatPair(window.dilations) : std::string("1x1"))
         << " exceeds the padded input "
         << formatPair({paddedExtent(isDynamic(in[0]) ? 0 : in[0], window, 0),
                        paddedExtent(isDynamic(in[1]) ? 0 : in[1], window, 1)});
      return failure();
    }
  }
  for (size_t d = 0; d < 2; ++d) {
    if (isDynamic(in[d]) || isDynamic(kernel[d])) {
      out.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t extent = dilationOf(window, d) * (kernel[d] - 1) + 1;
    out.push_back((paddedExtent(in[d], window, d) - extent) / window.strides[d] + 1);
  }
  return success();
}

/// Checks ranks 4 of input and filter.
static LogicalResult checkRank4(ArrayRef<int64_t> input, ArrayRef<int64_t> filter,
                                std::string &error) {
  llvm::raw_string_ostream os(error);
  if (input.size() != 4) {
    os << "expects a 4-D input [N, C, H, W], got shape " << formatShape(input);
    return failure();
  }
  if (filter.size() != 4) {
    os << "expects a 4-D filter, got shape " << formatShape(filter);
    return failure();
  }
  if (filter[2] == 0 || filter[3] == 0) {
    os << "expects a filter with a non-empty kernel, got shape " << formatShape(filter);
    return failure();
  }
  return success();
}

/// Checks a per-channel bias: [C] or [1, C, 1, 1].
static LogicalResult checkChannelBias(std::optional<ArrayRef<int64_t>> bias, int64_t channels,
                                      std::string &error) {
  if (!bias) {
    return success();
  }
  ArrayRef<int64_t> b = *bias;
  auto matches = [&](int64_t dim) {
    return isDynamic(dim) || isDynamic(channels) || dim == channels;
  };
  bool ok = (b.size() == 1 && matches(b[0])) ||
            (b.size() == 4 && b[0] == 1 && matches(b[1]) && b[2] == 1 && b[3] == 1);
  if (!ok) {
    llvm::raw_string_ostream os(error);
    os << "expects a bias of shape [" << channels << "] or [1, " << channels
       << ", 1, 1], got " << formatShape(b);
    return failure();
  }
  return success();
}

LogicalResult inferConvShape(ArrayRef<int64_t> input, ArrayRef<int64_t> filter,
                             std::optional<ArrayRef<int64_t>> bias, const Window2D &window,
                             int64_t groups, SmallVectorImpl<int64_t> &shape,
                             std::string &error) {
  if (failed(checkRank4(input, filter, error)) || failed(checkWindow(window, error))) {
    return failure();
  }
  llvm::raw_string_ostream os(error);
  if (groups < 1) {
    os << "expects groups >= 1, got " << groups;
    return failure();
  }
  if (!isDynamic(input[1]) && !isDynamic(filter[1]) && input[1] != filter[1] * groups) {
    os << "input channels " << input[1] << " do not match filter input channels "
       << filter[1] << " x groups " << groups;
    return failure();
  }
  if (!isDynamic(filter[0]) && filter[0] % groups != 0) {
    os << "filter output channels " << filter[0] << " are not divisible by groups " << groups;
    return failure();
  }
  if (failed(checkChannelBias(bias, filter[0], error))) {
    return failure();
  }
  shape.assign({input[0], filter[0]});
  return computeConvOutput(input.drop_front(2), filter.drop_front(2), window, shape, error);
}

LogicalResult inferDeconvShape(ArrayRef<int64_t> input, ArrayRef<int64_t> filter,
                               std::optional<ArrayRef<int64_t>> bias, const Window2D &window,
                               ArrayRef<int64_t> outputPadding, int64_t groups,
                               SmallVectorImpl<int64_t> &shape, std::string &error) {
  if (failed(checkRank4(input, filter, error)) || failed(checkWindow(window, error)) ||
      failed(checkPair(outputPadding, "output_padding", 0, error))) {
    return failure();
  }
  llvm::raw_string_ostream os(error);
  if (groups < 1) {
    os << "expects groups >= 1, got " << groups;
    return failure();
  }
  for (size_t d = 0; d < 2; ++d) {
    if (outputPadding[d] >= std::max(window.strides[d], window.dilations[d])) {
      os << "output_padding " << formatPair(outputPadding)
         << " must be smaller than the stride or the dilation in each dim (strides "
         << formatPair(window.strides) << ", dilations " << formatPair(window.dilations)
         << ")";
      return failure();
    }
  }
  if (!isDynamic(input[1]) && !isDynamic(filter[0]) && input[1] != filter[0]) {
    os << "input channels " << input[1] << " do not match filter input channels "
       << filter[0];
    return failure();
  }
  if (!isDynamic(filter[0]) && filter[0] % groups != 0) {
    os << "filter input channels " << filter[0] << " are not divisible by groups " << groups;
    return failure();
  }
  int64_t outChannels = isDynamic(filter[1]) ? ShapedType::kDynamic : filter[1] * groups;
  if (failed(checkChannelBias(bias, outChannels, error))) {
    return failure();
  }
  shape.assign({input[0], outChannels});
  for (size_t d = 0; d < 2; ++d) {
    int64_t in = input[2 + d];
    int64_t k = filter[2 + d];
    if (isDynamic(in) || isDynamic(k)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t out = (in - 1) * window.strides[d] - window.padsBegin[d] - window.padsEnd[d] +
                  window.dilations[d] * (k - 1) + 1 + outputPadding[d];
    if (out < 1) {
      os << "pads " << formatShape(window.padsBegin) << " and " << formatShape(window.padsEnd)
         << " leave no output for input " << formatPair(input.drop_front(2))
         << " and kernel " << formatPair(filter.drop_front(2));
      return failure();
    }
    shape.push_back(out);
  }
  return success();
}

LogicalResult inferFullyConnectedShape(ArrayRef<int64_t> input, ArrayRef<int64_t> weights,
                                       std::optional<ArrayRef<int64_t>> bias,
                                       SmallVectorImpl<int64_t> &shape, std::string &error) {
  llvm::raw_string_ostream os(error);
  if (input.size() != 2) {
    os << "expects a 2-D input [N, K], got shape " << formatShape(input);
    return failure();
  }
  if (weights.size() != 2) {
    os << "expects 2-D weights [O, K], got shape " << formatShape(weights);
    return failure();
  }
  if (!isDynamic(input[1]) && !isDynamic(weights[1]) && input[1] != weights[1]) {
    os << "input features " << input[1] << " do not match weights features " << weights[1];
    return failure();
  }
  if (bias) {
    ArrayRef<int64_t> b = *bias;
    int64_t o = weights[0];
    auto matches = [&](int64_t dim) { return isDynamic(dim) || isDynamic(o) || dim == o; };
    if (!((b.size() == 1 && matches(b[0])) || (b.size() == 2 && b[0] == 1 && matches(b[1])))) {
      os << "expects a bias of shape [" << o << "] or [1, " << o << "], got "
         << formatShape(b);
      return failure();
    }
  }
  shape.assign({input[0], weights[0]});
  return success();
}

LogicalResult inferMatMulShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b, bool transposeA,
                               bool transposeB, SmallVectorImpl<int64_t> &shape,
                               std::string &error) {
  llvm::raw_string_ostream os(error);
  if (a.empty() || b.empty()) {
    os << "expects operands of rank >= 1, got shapes " << formatShape(a) << " and "
       << formatShape(b);
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
       << (transposeA ? " (transposed)" : "") << " has K = " << ka << ", input2 "
       << formatShape(b) << (transposeB ? " (transposed)" : "") << " has K = " << kb;
    return failure();
  }
  ArrayRef<int64_t> batchA = a.size() > 2 ? a.drop_back(2) : ArrayRef<int64_t>();
  ArrayRef<int64_t> batchB = b.size() > 2 ? b.drop_back(2) : ArrayRef<int64_t>();
  std::optional<SmallVector<int64_t, 6>> batch = broadcastShapes({batchA, batchB});
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
                             const Window2D &window, bool ceilMode,
                             SmallVectorImpl<int64_t> &shape, std::string &error) {
  llvm::raw_string_ostream os(error);
  if (input.size() != 4) {
    os << "expects a 4-D input [N, C, H, W], got shape " << formatShape(input);
    return failure();
  }
  if (failed(checkPair(kernel, "kernel_size", 1, error)) ||
      failed(checkWindow(window, error))) {
    return failure();
  }
  for (size_t d = 0; d < 2; ++d) {
    if (window.padsBegin[d] >= kernel[d] || window.padsEnd[d] >= kernel[d]) {
      os << "pads " << formatShape(window.padsBegin) << " and " << formatShape(window.padsEnd)
         << " must be smaller than the kernel size " << formatPair(kernel);
      return failure();
    }
  }
  shape.assign({input[0], input[1]});
  for (size_t d = 0; d < 2; ++d) {
    int64_t in = input[2 + d];
    if (isDynamic(in)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t span = paddedExtent(in, window, d) - kernel[d];
    if (span < 0) {
      os << "kernel size " << formatPair(kernel) << " exceeds the padded input "
         << formatPair({isDynamic(input[2]) ? 0 : paddedExtent(input[2], window, 0),
                        isDynamic(input[3]) ? 0 : paddedExtent(input[3], window, 1)});
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
                            SmallVectorImpl<int64_t> &normalized, std::string &error) {
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
  if (std::adjacent_find(normalized.begin(), normalized.end()) != normalized.end()) {
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
