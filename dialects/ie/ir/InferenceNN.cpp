//===- InferenceNN.cpp - IE convolution/matmul kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of IE.Convolution, IE.GroupConvolution, IE.Deconvolution,
// IE.FullyConnected and IE.MatMul: shape checks and thin adapters over the
// numeric kernels of //kernels/reference (GEMM, im2col + GEMM convolution, GEMM
// + col2im transposed convolution), which are compiled with optimisation
// whatever the build mode. 1-D convolutions run the 2-D kernels with H = 1.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/NNUtils.h"
#include "dialects/ie/ir/PostOp.h"
#include "kernels/reference/Convolution.h"
#include "kernels/reference/Gemm.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::vpuc::IE {

namespace {

/// The value of a window attribute for the y dim: its first value for a 2-D op,
/// `unit` for a 1-D op, which runs as a 2-D one with H = 1.
int64_t yValue(ArrayRef<int64_t> values, int64_t unit) {
  return values.size() == 2 ? values[0] : unit;
}

/// The kernel geometry of a (transposed) convolution from its NCHW input and
/// output shapes; a 1-D convolution ([N, C, W]) is the 2-D one with H = 1
/// (kernel, stride and dilation 1, no padding along y).
kernels::ConvGeometry
makeGeometry(ArrayRef<int64_t> input, ArrayRef<int64_t> output,
             ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
             ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> dilations,
             int64_t groups) {
  const bool is2D = input.size() == 4;
  kernels::ConvGeometry g;
  g.batch = input[0];
  g.inChannels = input[1];
  g.inH = is2D ? input[2] : 1;
  g.inW = input.back();
  g.outChannels = output[1];
  g.kernelH = yValue(kernel, 1);
  g.kernelW = kernel.back();
  g.outH = is2D ? output[2] : 1;
  g.outW = output.back();
  g.strideH = yValue(strides, 1);
  g.strideW = strides.back();
  g.padTop = yValue(padsBegin, 0);
  g.padLeft = padsBegin.back();
  g.dilationH = yValue(dilations, 1);
  g.dilationW = dilations.back();
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

/// A quantized (group) convolution (see IE.Convolution): the integer
/// accumulation of (x - zx) * (w - zw) plus the bias, exact in 64 bits (the
/// operands hold storage integers, which the float kernel would not
/// accumulate exactly), then y = acc * sx * sw in double, the post-op, and y
/// quantized to the output type.
void runQuantizedConvolution(Operation *op, const kernels::ConvGeometry &g,
                             ArrayRef<HostTensor> inputs, HostTensor &output) {
  Type inputType = getElementTypeOrSelf(op->getOperand(0).getType());
  Type filterType = getElementTypeOrSelf(op->getOperand(1).getType());
  auto outputType = llvm::cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(op->getResult(0).getType()));
  const auto toDouble = [](const HostTensor &tensor) {
    return std::vector<double>(tensor.data.begin(), tensor.data.end());
  };
  const std::vector<double> input = toDouble(inputs[0]);
  const std::vector<double> filter = toDouble(inputs[1]);
  const std::vector<double> bias =
      inputs.size() > 2 ? toDouble(inputs[2]) : std::vector<double>();
  SmallVector<int64_t> filterZeroPoints;
  SmallVector<double> scales;
  const auto [inScale, inZeroPoint] =
      shape::getChannelQuantParams(inputType, 0);
  for (int64_t oc = 0; oc < g.outChannels; ++oc) {
    const auto [scale, zeroPoint] =
        shape::getChannelQuantParams(filterType, oc);
    filterZeroPoints.push_back(zeroPoint);
    scales.push_back(inScale * scale);
  }
  std::vector<int64_t> acc(output.data.size());
  kernels::quantizedConvolution(
      g, input.data(), filter.data(), bias.empty() ? nullptr : bias.data(),
      inZeroPoint, filterZeroPoints.data(), acc.data());
  std::optional<PostOp> postOp = getPostOp(op);
  const double outScale = outputType.getScale();
  const double outZero = outputType.getZeroPoint();
  const double lo = outputType.getStorageTypeMin();
  const double hi = outputType.getStorageTypeMax();
  const int64_t plane = g.outH * g.outW;
  for (size_t i = 0; i < acc.size(); ++i) {
    const int64_t oc = (static_cast<int64_t>(i) / plane) % g.outChannels;
    float y = static_cast<float>(static_cast<double>(acc[i]) * scales[oc]);
    if (postOp) {
      y = postOp->apply(y);
    }
    // std::nearbyint rounds halves to even in the default rounding mode.
    const double q = std::nearbyint(y / outScale) + outZero;
    output.data[i] = static_cast<float>(std::clamp(q, lo, hi));
  }
}

/// Shared driver of Convolution and GroupConvolution, with the post-op.
LogicalResult runConvolution(Operation *op, ArrayRef<HostTensor> inputs,
                             SmallVectorImpl<HostTensor> &outputs,
                             ArrayRef<int64_t> strides,
                             ArrayRef<int64_t> padsBegin,
                             ArrayRef<int64_t> padsEnd,
                             ArrayRef<int64_t> dilations, int64_t groups) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  detail::Window window{strides, padsBegin, padsEnd, dilations,
                        /*hasDilations=*/true};
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferConvShape(inputs[0].shape, inputs[1].shape,
                                    optionalInputShape(inputs, 2), window,
                                    groups, shape, error))) {
    return op->emitOpError() << "inference: " << error;
  }
  HostTensor output = HostTensor::filled(shape);
  kernels::ConvGeometry g = makeGeometry(
      inputs[0].shape, shape, ArrayRef(inputs[1].shape).drop_front(2), strides,
      padsBegin, dilations, groups);
  if (llvm::isa<quant::QuantizedType>(
          getElementTypeOrSelf(op->getOperand(0).getType()))) {
    runQuantizedConvolution(op, g, inputs, output);
    outputs.push_back(std::move(output));
    return success();
  }
  kernels::convolution(g, inputs[0].data.data(), inputs[1].data.data(),
                       optionalData(inputs, 2), output.data.data());
  detail::roundToResultType(output, op->getResult(0));
  detail::applyPostOp(op, output);
  outputs.push_back(std::move(output));
  return success();
}

/// Element strides of the batch dims of an operand with batch dims `batch`,
/// aligned to the right of `outBatch`, for matrices of `matrixSize` elements (0
/// for broadcast dims).
SmallVector<int64_t, 6> batchStrides(ArrayRef<int64_t> batch,
                                     ArrayRef<int64_t> outBatch,
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
  if (failed(runConvolution(*this, inputs, outputs, getStrides(),
                            getPadsBegin(), getPadsEnd(), getDilations(), 1))) {
    return failure();
  }
  return success();
}

LogicalResult
GroupConvolutionOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                               SmallVectorImpl<HostTensor> &outputs) {
  if (failed(runConvolution(*this, inputs, outputs, getStrides(),
                            getPadsBegin(), getPadsEnd(), getDilations(),
                            getGroups()))) {
    return failure();
  }
  return success();
}

LogicalResult
FullyConnectedOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                             SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  SmallVector<int64_t, 2> shape;
  std::string error;
  if (failed(detail::inferFullyConnectedShape(inputs[0].shape, inputs[1].shape,
                                              optionalInputShape(inputs, 2),
                                              shape, error))) {
    return emitOpError() << "inference: " << error;
  }
  HostTensor output = HostTensor::filled(shape);
  const int64_t batch = shape[0];
  const int64_t features = shape[1];
  const int64_t k = inputs[0].shape[1];
  // Y [batch, features] = bias + X [batch, k] * W^T, W stored as [features, k].
  if (const float *bias = optionalData(inputs, 2)) {
    for (int64_t n = 0; n < batch; ++n) {
      std::copy(bias, bias + features, output.data.begin() + n * features);
    }
  }
  kernels::gemm(batch, features, k, {inputs[0].data.data(), k},
                {inputs[1].data.data(), k, /*transposed=*/true},
                output.data.data(), features,
                /*accumulate=*/true);
  detail::roundToResultType(output, getOutput());
  detail::applyPostOp(*this, output);
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
  if (failed(detail::inferMatMulShape(a, b, getTransposeA(), getTransposeB(),
                                      shape, error))) {
    return emitOpError() << "inference: " << error;
  }
  // Matrices as stored: A [rowsA, colsA], B [rowsB, colsB]; 1-D operands are
  // one row (A) or one column (B), which needs no transposition. GEMM reads
  // transposed operands in place.
  const bool transA = getTransposeA() && a.size() > 1;
  const bool transB = getTransposeB() && b.size() > 1;
  const int64_t rowsA = a.size() > 1 ? a[a.size() - 2] : 1;
  const int64_t colsA = a.back();
  const int64_t rowsB = b.size() > 1 ? b[b.size() - 2] : b[0];
  const int64_t colsB = b.size() > 1 ? b.back() : 1;
  const int64_t m = transA ? colsA : rowsA;
  const int64_t k = transA ? rowsA : colsA;
  const int64_t n = transB ? rowsB : colsB;

  ArrayRef<int64_t> batchA =
      a.size() > 2 ? a.drop_back(2) : ArrayRef<int64_t>();
  ArrayRef<int64_t> batchB =
      b.size() > 2 ? b.drop_back(2) : ArrayRef<int64_t>();
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
    kernels::gemm(m, n, k, {inputs[0].data.data() + offsetA, colsA, transA},
                  {inputs[1].data.data() + offsetB, colsB, transB},
                  output.data.data() + batch * m * n, n);
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult
DeconvolutionOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                            SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  detail::Window window{getStrides(), getPadsBegin(), getPadsEnd(),
                        getDilations(),
                        /*hasDilations=*/true};
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferDeconvShape(
          inputs[0].shape, inputs[1].shape, optionalInputShape(inputs, 2),
          window, getOutputPadding(), getGroups(), shape, error))) {
    return emitOpError() << "inference: " << error;
  }
  HostTensor output = HostTensor::filled(shape);
  kernels::ConvGeometry g = makeGeometry(
      inputs[0].shape, shape, ArrayRef(inputs[1].shape).drop_front(2),
      getStrides(), getPadsBegin(), getDilations(), getGroups());
  kernels::deconvolution(g, inputs[0].data.data(), inputs[1].data.data(),
                         optionalData(inputs, 2), output.data.data());
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
