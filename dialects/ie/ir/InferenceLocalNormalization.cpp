//===- InferenceLocalNormalization.cpp - LRN/L2/GRN kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of the local normalisations. LRN and GRN view the input as [N, C,
// inner] and work on contiguous rows of `inner` values per channel; NormalizeL2
// accumulates the squares into a buffer of the reduced (keep-dims) shape,
// walking the input one innermost row at a time with precomputed buffer
// strides.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

namespace {

/// The [N, C, inner] view of a shape of rank >= 2.
struct ChannelView {
  int64_t batch;
  int64_t channels;
  int64_t inner;
};

ChannelView getChannelView(ArrayRef<int64_t> shape) {
  return {shape[0], shape[1], HostTensor::getNumElements(shape.drop_front(2))};
}

/// Calls fn(inOffset, bufOffset, count, bufStride) for each innermost row of a
/// tensor of `shape`: element i of the row maps to bufOffset + i * bufStride in
/// a buffer whose strides per input dim are `bufStrides`.
template <typename Fn>
void forEachRow(ArrayRef<int64_t> shape, ArrayRef<int64_t> bufStrides, Fn fn) {
  const int64_t total = HostTensor::getNumElements(shape);
  if (total == 0) {
    return;
  }
  if (shape.empty()) {
    fn(0, 0, 1, 0);
    return;
  }
  const int64_t inner = shape.back();
  const int64_t rows = total / inner;
  const int64_t rank = static_cast<int64_t>(shape.size());
  SmallVector<int64_t, 6> index(rank, 0);
  int64_t bufOffset = 0;
  for (int64_t row = 0; row < rows; ++row) {
    fn(row * inner, bufOffset, inner, bufStrides.back());
    for (int64_t d = rank - 2; d >= 0; --d) {
      ++index[d];
      bufOffset += bufStrides[d];
      if (index[d] < shape[d]) {
        break;
      }
      bufOffset -= bufStrides[d] * shape[d];
      index[d] = 0;
    }
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// LRN
//===----------------------------------------------------------------------===//

LogicalResult LRNOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  ChannelView v = getChannelView(input.shape);
  const int64_t size = static_cast<int64_t>(getSize());
  const int64_t before = (size - 1) / 2;
  const int64_t after = size - 1 - before;
  const float alphaOverSize =
      static_cast<float>(getAlpha().convertToDouble() / size);
  const float bias = static_cast<float>(getBias().convertToDouble());
  const float beta = static_cast<float>(getBeta().convertToDouble());

  HostTensor output = HostTensor::filled(input.shape);
  std::vector<float> squares(v.channels * v.inner);
  std::vector<float> sums(v.inner);
  for (int64_t n = 0; n < v.batch; ++n) {
    const float *in = input.data.data() + n * v.channels * v.inner;
    float *out = output.data.data() + n * v.channels * v.inner;
    for (int64_t i = 0; i < v.channels * v.inner; ++i) {
      squares[i] = in[i] * in[i];
    }
    for (int64_t c = 0; c < v.channels; ++c) {
      const int64_t lo = std::max<int64_t>(0, c - before);
      const int64_t hi = std::min(v.channels - 1, c + after);
      std::fill(sums.begin(), sums.end(), 0.0f);
      for (int64_t j = lo; j <= hi; ++j) {
        const float *sq = squares.data() + j * v.inner;
        for (int64_t i = 0; i < v.inner; ++i) {
          sums[i] += sq[i];
        }
      }
      const float *x = in + c * v.inner;
      float *y = out + c * v.inner;
      for (int64_t i = 0; i < v.inner; ++i) {
        y[i] = x[i] / std::pow(bias + alphaOverSize * sums[i], beta);
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// NormalizeL2
//===----------------------------------------------------------------------===//

LogicalResult NormalizeL2Op::inferOnCPU(ArrayRef<HostTensor> inputs,
                                        SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const int64_t rank = static_cast<int64_t>(input.shape.size());
  FailureOr<detail::DimVector> axes =
      detail::normalizeAxes([this] { return emitOpError(); }, getAxes(), rank);
  if (failed(axes)) {
    return failure();
  }
  // The reduced (keep-dims) shape and the input-dim strides into its buffer (0
  // if reduced).
  detail::DimVector reduced(input.shape.begin(), input.shape.end());
  for (int64_t axis : *axes) {
    reduced[axis] = 1;
  }
  detail::DimVector bufStrides = detail::getRowMajorStrides(reduced);
  for (int64_t axis : *axes) {
    bufStrides[axis] = 0;
  }
  std::vector<float> norms(HostTensor::getNumElements(reduced), 0.0f);
  const float *in = input.data.data();
  forEachRow(input.shape, bufStrides,
             [&](int64_t inOffset, int64_t bufOffset, int64_t count,
                 int64_t bufStride) {
               const float *x = in + inOffset;
               float *sum = norms.data() + bufOffset;
               for (int64_t i = 0; i < count; ++i) {
                 sum[i * bufStride] += x[i] * x[i];
               }
             });
  const float eps = static_cast<float>(getEps().convertToDouble());
  if (getEpsMode() == EpsMode::ADD) {
    for (float &value : norms) {
      value = std::sqrt(value + eps);
    }
  } else {
    for (float &value : norms) {
      value = std::sqrt(std::max(value, eps));
    }
  }
  HostTensor output = HostTensor::filled(input.shape);
  float *out = output.data.data();
  forEachRow(input.shape, bufStrides,
             [&](int64_t inOffset, int64_t bufOffset, int64_t count,
                 int64_t bufStride) {
               const float *x = in + inOffset;
               const float *norm = norms.data() + bufOffset;
               float *y = out + inOffset;
               for (int64_t i = 0; i < count; ++i) {
                 y[i] = x[i] / norm[i * bufStride];
               }
             });
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// GRN
//===----------------------------------------------------------------------===//

LogicalResult GRNOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  ChannelView v = getChannelView(input.shape);
  const float bias = static_cast<float>(getBias().convertToDouble());
  HostTensor output = HostTensor::filled(input.shape);
  std::vector<float> norms(v.inner);
  for (int64_t n = 0; n < v.batch; ++n) {
    const float *in = input.data.data() + n * v.channels * v.inner;
    float *out = output.data.data() + n * v.channels * v.inner;
    std::fill(norms.begin(), norms.end(), 0.0f);
    for (int64_t c = 0; c < v.channels; ++c) {
      const float *x = in + c * v.inner;
      for (int64_t i = 0; i < v.inner; ++i) {
        norms[i] += x[i] * x[i];
      }
    }
    for (float &value : norms) {
      value = std::sqrt(value + bias);
    }
    for (int64_t c = 0; c < v.channels; ++c) {
      const float *x = in + c * v.inner;
      float *y = out + c * v.inner;
      for (int64_t i = 0; i < v.inner; ++i) {
        y[i] = x[i] / norms[i];
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
