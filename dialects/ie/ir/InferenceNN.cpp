//===- InferenceNN.cpp - IE convolution/matmul kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of IE.Convolution, IE.GroupConvolution, IE.Deconvolution, IE.FullyConnected and
// IE.MatMul. Direct (im2col-free) loops: for each output plane, input channel and kernel tap
// the valid output range is computed once, so the innermost loop runs over one output row
// without bounds checks (contiguous for stride 1, hence vectorisable).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/NNUtils.h"

namespace mlir::vpuc::IE {

namespace {

/// The geometry of a 2-D (transposed) convolution over NCHW buffers.
struct ConvGeometry {
  int64_t batch, inChannels, inH, inW;
  int64_t outChannels, kernelH, kernelW, outH, outW;
  int64_t strideH, strideW, padH, padW, dilationH, dilationW, groups;
};

/// The range [begin, end) of positions o in [0, count) for which o * stride + offset lies in
/// [0, extent).
std::pair<int64_t, int64_t> validRange(int64_t count, int64_t extent, int64_t stride,
                                       int64_t offset) {
  int64_t begin = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  int64_t last = extent - 1 - offset;
  int64_t end = last < 0 ? 0 : std::min(count, last / stride + 1);
  return {begin, std::max(begin, end)};
}

/// Fills each output channel plane with its bias (or zero).
void initWithBias(const ConvGeometry &g, const float *bias, float *out) {
  const int64_t plane = g.outH * g.outW;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      float *o = out + (n * g.outChannels + oc) * plane;
      std::fill(o, o + plane, bias ? bias[oc] : 0.0f);
    }
  }
}

/// Direct grouped convolution; filter is [C_out, C_in / groups, KY, KX].
void convolve(const ConvGeometry &g, const float *in, const float *filter, const float *bias,
              float *out) {
  initWithBias(g, bias, out);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  const int64_t inPlane = g.inH * g.inW;
  const int64_t outPlane = g.outH * g.outW;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      float *o = out + (n * g.outChannels + oc) * outPlane;
      const int64_t group = oc / outPerGroup;
      for (int64_t icg = 0; icg < inPerGroup; ++icg) {
        const float *plane = in + (n * g.inChannels + group * inPerGroup + icg) * inPlane;
        const float *w = filter + (oc * inPerGroup + icg) * g.kernelH * g.kernelW;
        for (int64_t ky = 0; ky < g.kernelH; ++ky) {
          const int64_t offY = ky * g.dilationH - g.padH;
          auto [oyBegin, oyEnd] = validRange(g.outH, g.inH, g.strideH, offY);
          for (int64_t kx = 0; kx < g.kernelW; ++kx) {
            const float wv = w[ky * g.kernelW + kx];
            const int64_t offX = kx * g.dilationW - g.padW;
            auto [oxBegin, oxEnd] = validRange(g.outW, g.inW, g.strideW, offX);
            for (int64_t oy = oyBegin; oy < oyEnd; ++oy) {
              const float *row = plane + (oy * g.strideH + offY) * g.inW;
              float *orow = o + oy * g.outW;
              if (g.strideW == 1) {
                for (int64_t ox = oxBegin; ox < oxEnd; ++ox) {
                  orow[ox] += wv * row[ox + offX];
                }
              } else {
                const int64_t sx = g.strideW;
                for (int64_t ox = oxBegin; ox < oxEnd; ++ox) {
                  orow[ox] += wv * row[ox * sx + offX];
                }
              }
            }
          }
        }
      }
    }
  }
}

/// Direct transposed convolution (scatter form); filter is [C_in, C_out / groups, KY, KX].
void deconvolve(const ConvGeometry &g, const float *in, const float *filter, const float *bias,
                float *out) {
  initWithBias(g, bias, out);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  const int64_t inPlane = g.inH * g.inW;
  const int64_t outPlane = g.outH * g.outW;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      float *o = out + (n * g.outChannels + oc) * outPlane;
      const int64_t group = oc / outPerGroup;
      const int64_t ocg = oc % outPerGroup;
      for (int64_t icg = 0; icg < inPerGroup; ++icg) {
        const int64_t ic = group * inPerGroup + icg;
        const float *plane = in + (n * g.inChannels + ic) * inPlane;
        const float *w = filter + (ic * outPerGroup + ocg) * g.kernelH * g.kernelW;
        for (int64_t ky = 0; ky < g.kernelH; ++ky) {
          const int64_t offY = ky * g.dilationH - g.padH;
          auto [iyBegin, iyEnd] = validRange(g.inH, g.outH, g.strideH, offY);
          for (int64_t kx = 0; kx < g.kernelW; ++kx) {
            const float wv = w[ky * g.kernelW + kx];
            const int64_t offX = kx * g.dilationW - g.padW;
            auto [ixBegin, ixEnd] = validRange(g.inW, g.outW, g.strideW, offX);
            const int64_t sx = g.strideW;
            for (int64_t iy = iyBegin; iy < iyEnd; ++iy) {
              const float *row = plane + iy * g.inW;
              float *orow = o + (iy * g.strideH + offY) * g.outW;
              for (int64_t ix = ixBegin; ix < ixEnd; ++ix) {
                orow[ix * sx + offX] += wv * row[ix];
              }
            }
          }
        }
      }
    }
  }
}

ConvGeometry makeGeometry(ArrayRef<int64_t> input, ArrayRef<int64_t> output,
                          ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                          ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> dilations,
                          int64_t groups) {
  ConvGeometry g;
  g.batch = input[0];
  g.inChannels = input[1];
  g.inH = input[2];
  g.inW = input[3];
  g.outChannels = output[1];
  g.kernelH = kernel[0];
  g.kernelW = kernel[1];
  g.outH = output[2];
  g.outW = output[3];
  g.strideH = strides[0];
  g.strideW = strides[1];
  g.padH = padsBegin[0];
  g.padW = padsBegin[1];
  g.dilationH = dilations[0];
  g.dilationW = dilations[1];
  g.groups = groups;
  return g;
}

/// The optional third input's data, or null.
const float *optionalData(ArrayRef<HostTensor> inputs, size_t index) {
  return inputs.size() > index ? inputs[index].data.data() : nullptr;
}

std::optional<ArrayRef<int64_t>> optionalInputShape(ArrayRef<HostTensor> inputs,
                                                    size_t index) {
  if (inputs.size() <= index) {
    return std::nullopt;
  }
  return ArrayRef<int64_t>(inputs[index].shape);
}

/// Shared driver of Convolution and GroupConvolution.
LogicalResult runConvolution(Operation *op, ArrayRef<HostTensor> inputs,
                             SmallVectorImpl<HostTensor> &outputs, ArrayRef<int64_t> strides,
                             ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> padsEnd,
                             ArrayRef<int64_t> dilations, int64_t groups) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  detail::Window2D window{strides, padsBegin, padsEnd, dilations, /*hasDilations=*/true};
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferConvShape(inputs[0].shape, inputs[1].shape,
                                    optionalInputShape(inputs, 2), window, groups, shape,
                                    error))) {
    return op->emitOpError() << "inference: " << error;
  }
  HostTensor output = HostTensor::filled(shape);
  ConvGeometry g = makeGeometry(inputs[0].shape, shape, ArrayRef(inputs[1].shape).drop_front(2),
                                strides, padsBegin, dilations, groups);
  convolve(g, inputs[0].data.data(), inputs[1].data.data(), optionalData(inputs, 2),
           output.data.data());
  detail::roundToResultType(output, op->getResult(0));
  outputs.push_back(std::move(output));
  return success();
}

/// C[M, N] = A[M, K] * B[K, N] for contiguous row-major matrices; C is overwritten.
void matmul(const float *a, const float *b, float *c, int64_t m, int64_t k, int64_t n) {
  std::fill(c, c + m * n, 0.0f);
  for (int64_t i = 0; i < m; ++i) {
    float *crow = c + i * n;
    for (int64_t p = 0; p < k; ++p) {
      const float av = a[i * k + p];
      const float *brow = b + p * n;
      for (int64_t j = 0; j < n; ++j) {
        crow[j] += av * brow[j];
      }
    }
  }
}

/// Swaps the last two dims of a tensor of `count` matrices [rows, cols].
std::vector<float> transposeMatrices(const std::vector<float> &data, int64_t rows,
                                     int64_t cols) {
  std::vector<float> result(data.size());
  const int64_t size = rows * cols;
  const int64_t count = size == 0 ? 0 : static_cast<int64_t>(data.size()) / size;
  for (int64_t b = 0; b < count; ++b) {
    const float *src = data.data() + b * size;
    float *dst = result.data() + b * size;
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        dst[c * rows + r] = src[r * cols + c];
      }
    }
  }
  return result;
}

/// Element strides of the batch dims of an operand with batch dims `batch`, aligned to the
/// right of `outBatch`, for matrices of `matrixSize` elements (0 for broadcast dims).
SmallVector<int64_t, 6> batchStrides(ArrayRef<int64_t> batch, ArrayRef<int64_t> outBatch,
                                     int64_t matrixSize) {
  SmallVector<int64_t, 6> strides(outBatch.size(), 0);
  int64_t stride = matrixSize;
  for (size_t i = 0; i < batch.size(); ++i) {
    size_t d = batch.size() - 1 - i;
    size_t od = outBatch.size() - 1 - i;
    strides[od] = batch[d] == 1 ? 0 : stride;
    stride *= batch[d];
  }
  return strides;
}

} // namespace

LogicalResult ConvolutionOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                        SmallVectorImpl<HostTensor> &outputs) {
  return runConvolution(*this, inputs, outputs, getStrides(), getPadsBegin(), getPadsEnd(),
                        getDilations(), 1);
}

LogicalResult GroupConvolutionOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                             SmallVectorImpl<HostTensor> &outputs) {
  return runConvolution(*this, inputs, outputs, getStrides(), getPadsBegin(), getPadsEnd(),
                        getDilations(), getGroups());
}

LogicalResult FullyConnectedOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                           SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  SmallVector<int64_t, 2> shape;
  std::string error;
  if (failed(detail::inferFullyConnectedShape(inputs[0].shape, inputs[1].shape,
                                              optionalInputShape(inputs, 2), shape, error))) {
    return emitOpError() << "inference: " << error;
  }
  HostTensor output = HostTensor::filled(shape);
  const int64_t batch = shape[0];
  const int64_t features = shape[1];
  const int64_t k = inputs[0].shape[1];
  const float *in = inputs[0].data.data();
  const float *w = inputs[1].data.data();
  const float *bias = optionalData(inputs, 2);
  for (int64_t n = 0; n < batch; ++n) {
    const float *x = in + n * k;
    for (int64_t o = 0; o < features; ++o) {
      const float *wrow = w + o * k;
      float sum = 0.0f;
      for (int64_t p = 0; p < k; ++p) {
        sum += x[p] * wrow[p];
      }
      output.data[n * features + o] = sum + (bias ? bias[o] : 0.0f);
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult MatMulOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  ArrayRef<int64_t> a = inputs[0].shape;
  ArrayRef<int64_t> b = inputs[1].shape;
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferMatMulShape(a, b, getTransposeA(), getTransposeB(), shape, error))) {
    return emitOpError() << "inference: " << error;
  }
  // Matrices as stored: A [rowsA, colsA], B [rowsB, colsB]; 1-D operands are one row (A) or
  // one column (B), which needs no transposition.
  const bool transA = getTransposeA() && a.size() > 1;
  const bool transB = getTransposeB() && b.size() > 1;
  const int64_t rowsA = a.size() > 1 ? a[a.size() - 2] : 1;
  const int64_t colsA = a.back();
  const int64_t rowsB = b.size() > 1 ? b[b.size() - 2] : b[0];
  const int64_t colsB = b.size() > 1 ? b.back() : 1;
  std::vector<float> dataA = transA ? transposeMatrices(inputs[0].data, rowsA, colsA)
                                    : inputs[0].data;
  std::vector<float> dataB = transB ? transposeMatrices(inputs[1].data, rowsB, colsB)
                                    : inputs[1].data;
  const int64_t m = transA ? colsA : rowsA;
  const int64_t k = transA ? rowsA : colsA;
  const int64_t n = transB ? rowsB : colsB;

  ArrayRef<int64_t> batchA = a.size() > 2 ? a.drop_back(2) : ArrayRef<int64_t>();
  ArrayRef<int64_t> batchB = b.size() > 2 ? b.drop_back(2) : ArrayRef<int64_t>();
  SmallVector<int64_t, 6> outBatch = *broadcastShapes({batchA, batchB});
  SmallVector<int64_t, 6> stridesA = batchStrides(batchA, outBatch, m * k);
  SmallVector<int64_t, 6> stridesB = batchStrides(batchB, outBatch, k * n);
  const int64_t batches = HostTensor::getNumElements(outBatch);

  HostTensor output = HostTensor::filled(shape);
  for (int64_t batch = 0; batch < batches; ++batch) {
    int64_t offsetA = 0;
    int64_t offsetB = 0;
    int64_t rest = batch;
    for (int64_t d = static_cast<int64_t>(outBatch.size()) - 1; d >= 0; --d) {
      const int64_t index = rest % outBatch[d];
      rest /= outBatch[d];
      offsetA += index * stridesA[d];
      offsetB += index * stridesB[d];
    }
    matmul(dataA.data() + offsetA, dataB.data() + offsetB,
           output.data.data() + batch * m * n, m, k, n);
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult DeconvolutionOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                          SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  detail::Window2D window{getStrides(), getPadsBegin(), getPadsEnd(), getDilations(),
                          /*hasDilations=*/true};
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferDeconvShape(inputs[0].shape, inputs[1].shape,
                                      optionalInputShape(inputs, 2), window,
                                      getOutputPadding(), getGroups(), shape, error))) {
    return emitOpError() << "inference: " << error;
  }
  HostTensor output = HostTensor::filled(shape);
  ConvGeometry g = makeGeometry(inputs[0].shape, shape, ArrayRef(inputs[1].shape).drop_front(2),
                                getStrides(), getPadsBegin(), getDilations(), getGroups());
  deconvolve(g, inputs[0].data.data(), inputs[1].data.data(), optionalData(inputs, 2),
             output.data.data());
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
