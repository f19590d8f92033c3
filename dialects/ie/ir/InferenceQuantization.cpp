//===- InferenceQuantization.cpp - Host kernels of the IE quantisation ops -*-
// C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of Quantize, Dequantize and FakeQuantize. A quantized tensor is
// held as its storage integers (exact in float32 up to 2^24, enough for 8- and
// 16-bit storage; 32-bit storage values beyond 2^24 round). Per-axis types walk
// the tensor as [outer, channel, inner] blocks; FakeQuantize expands its limits
// to the input shape once and then runs one flat loop.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "kernels/reference/Quantize.h"
#include "mlir/Dialect/Quant/QuantTypes.h"

namespace mlir::vpuc::IE {

namespace {

/// The scales and zero points of a uniform quantized type as [outer, channels,
/// inner] blocks over a tensor of `shape` (channels = 1 per tensor).
struct QuantParams {
  SmallVector<double, 4> scales;
  SmallVector<int64_t, 4> zeroPoints;
  int64_t outer = 1;
  int64_t inner = 1;
  double storageMin = 0.0;
  double storageMax = 0.0;
};

QuantParams getQuantParams(Type elemType, ArrayRef<int64_t> shape) {
  QuantParams params;
  auto quantType = llvm::cast<quant::QuantizedType>(elemType);
  params.storageMin = static_cast<double>(quantType.getStorageTypeMin());
  params.storageMax = static_cast<double>(quantType.getStorageTypeMax());
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(elemType)) {
    params.scales.push_back(perTensor.getScale());
    params.zeroPoints.push_back(perTensor.getZeroPoint());
    params.inner = HostTensor::getNumElements(shape);
    return params;
  }
  auto perAxis = llvm::cast<quant::UniformQuantizedPerAxisType>(elemType);
  const int64_t axis = perAxis.getQuantizedDimension();
  params.scales.assign(perAxis.getScales().begin(), perAxis.getScales().end());
  params.zeroPoints.assign(perAxis.getZeroPoints().begin(),
                           perAxis.getZeroPoints().end());
  params.outer = HostTensor::getNumElements(shape.take_front(axis));
  params.inner = HostTensor::getNumElements(shape.drop_front(axis + 1));
  return params;
}

/// Checks that the quantized dim of `elemType` matches the actual `shape`.
LogicalResult checkChannels(Operation *op, Type elemType,
                            ArrayRef<int64_t> shape) {
  auto perAxis = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(elemType);
  if (!perAxis) {
    return success();
  }
  const int64_t axis = perAxis.getQuantizedDimension();
  const int64_t count = perAxis.getScales().size();
  if (shape[axis] != count) {
    return op->emitOpError()
           << "quantized dim " << axis << " has size " << shape[axis]
           << " but the type has " << count << " scales";
  }
  return success();
}

/// Expands `limit` (broadcastable to `shape`) to a full row-major tensor of
/// `shape`.
std::vector<float> expandTo(const HostTensor &limit, ArrayRef<int64_t> shape) {
  std::vector<float> result(HostTensor::getNumElements(shape));
  const int64_t rank = shape.size();
  const int64_t offset = rank - static_cast<int64_t>(limit.shape.size());
  detail::DimVector strides(rank, 0);
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= offset; --d) {
    const int64_t dim = limit.shape[d - offset];
    strides[d] = dim == 1 ? 0 : stride;
    stride *= dim;
  }
  detail::DimVector index(rank, 0);
  int64_t source = 0;
  for (float &value : result) {
    value = limit.data[source];
    for (int64_t d = rank - 1; d >= 0; --d) {
      source += strides[d];
      if (++index[d] < shape[d]) {
        break;
      }
      source -= strides[d] * shape[d];
      index[d] = 0;
    }
  }
  return result;
}

} // namespace

LogicalResult QuantizeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  Type elemType = getDstElemType();
  if (failed(checkChannels(*this, elemType, input.shape))) {
    return failure();
  }
  const QuantParams params = getQuantParams(elemType, input.shape);
  const int64_t channels = params.scales.size();
  HostTensor output = HostTensor::filled(input.shape);
  const float lo = static_cast<float>(params.storageMin);
  const float hi = static_cast<float>(params.storageMax);
  for (int64_t o = 0; o < params.outer; ++o) {
    for (int64_t c = 0; c < channels; ++c) {
      const float scale = static_cast<float>(params.scales[c]);
      const float zeroPoint = static_cast<float>(params.zeroPoints[c]);
      const int64_t base = (o * channels + c) * params.inner;
      kernels::quantizeRow(input.data.data() + base, params.inner, scale,
                           zeroPoint, lo, hi, output.data.data() + base);
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult DequantizeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  Type elemType = llvm::cast<ShapedType>(getInput().getType()).getElementType();
  if (failed(checkChannels(*this, elemType, input.shape))) {
    return failure();
  }
  const QuantParams params = getQuantParams(elemType, input.shape);
  const int64_t channels = params.scales.size();
  HostTensor output = HostTensor::filled(input.shape);
  for (int64_t o = 0; o < params.outer; ++o) {
    for (int64_t c = 0; c < channels; ++c) {
      const double scale = params.scales[c];
      const double zeroPoint = static_cast<double>(params.zeroPoints[c]);
      const int64_t base = (o * channels + c) * params.inner;
      const float *in = input.data.data() + base;
      float *out = output.data.data() + base;
      for (int64_t i = 0; i < params.inner; ++i) {
        out[i] = static_cast<float>((static_cast<double>(in[i]) - zeroPoint) *
                                    scale);
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult FakeQuantizeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                         SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  for (const HostTensor &limit : inputs.drop_front()) {
    const bool ok = getAutoBroadcast() == AutoBroadcastType::NUMPY
                        ? isBroadcastableTo(limit.shape, input.shape)
                        : limit.shape == input.shape;
    if (!ok) {
      return emitOpError() << "inference limit of shape "
                           << detail::formatShape(limit.shape)
                           << " does not fit the input shape "
                           << detail::formatShape(input.shape);
    }
  }
  const std::vector<float> inLow = expandTo(inputs[1], input.shape);
  const std::vector<float> inHigh = expandTo(inputs[2], input.shape);
  const std::vector<float> outLow = expandTo(inputs[3], input.shape);
  const std::vector<float> outHigh = expandTo(inputs[4], input.shape);
  const float steps = static_cast<float>(getLevels() - 1);
  HostTensor output = HostTensor::filled(input.shape);
  const int64_t count = input.getNumElements();
  const float *x = input.data.data();
  float *out = output.data.data();
  for (int64_t i = 0; i < count; ++i) {
    const float il = inLow[i], ih = inHigh[i], ol = outLow[i], oh = outHigh[i];
    if (x[i] <= std::min(il, ih)) {
      out[i] = ol;
    } else if (x[i] > std::max(il, ih)) {
      out[i] = oh;
    } else {
      out[i] =
          std::nearbyint((x[i] - il) / (ih - il) * steps) / steps * (oh - ol) +
          ol;
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
