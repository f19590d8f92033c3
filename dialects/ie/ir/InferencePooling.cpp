//===- InferencePooling.cpp - IE pool/reduce/norm kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of IE.MaxPool, IE.AvgPool, IE.LpPool, the IE.Reduce* ops,
// IE.SoftMax, IE.LogSoftMax and the normalisations (IE.BatchNormInference,
// IE.MVN, IE.LayerNormalization). The pools are adapters over
// //kernels/reference (compiled with optimisation whatever the build mode).
// Reductions walk the input row by row (the innermost dim), accumulating either
// into one value (innermost dim reduced) or into a contiguous row of the
// result; SoftMax works on [outer, axis, inner] with per-inner running buffers
// so its loops are contiguous too.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/NNUtils.h"
#include "dialects/ie/ir/PostOp.h"
#include "kernels/reference/Pooling.h"
#include "kernels/reference/QuantizedEltwise.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::vpuc::IE {

namespace {

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

/// Shared driver of the pools: computes the output shape from the actual input
/// and runs `kernel(geometry, input, output)`.
template <typename OpT, typename KernelFn>
LogicalResult runPool(OpT op, ArrayRef<HostTensor> inputs,
                      SmallVectorImpl<HostTensor> &outputs, KernelFn kernel) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  detail::Window w;
  w.strides = op.getStrides();
  w.padsBegin = op.getPadsBegin();
  w.padsEnd = op.getPadsEnd();
  ArrayRef<int64_t> kernelSize = op.getKernelSize();
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferPoolShape(inputs[0].shape, kernelSize, w,
                                    op.getRoundingType() == RoundingType::CEIL,
                                    shape, error))) {
    return op.emitOpError() << "inference: " << error;
  }
  // A 1-D pool ([N, C, W]) runs as the 2-D one with H = 1: kernel and stride 1,
  // no padding.
  const bool is2D = shape.size() == 4;
  kernels::PoolGeometry g;
  g.planes = shape[0] * shape[1];
  g.inH = is2D ? inputs[0].shape[2] : 1;
  g.inW = inputs[0].shape.back();
  g.outH = is2D ? shape[2] : 1;
  g.outW = shape.back();
  g.kernelH = is2D ? kernelSize[0] : 1;
  g.kernelW = kernelSize.back();
  g.strideH = is2D ? w.strides[0] : 1;
  g.strideW = w.strides.back();
  g.padTop = is2D ? w.padsBegin[0] : 0;
  g.padLeft = w.padsBegin.back();
  g.padBottom = is2D ? w.padsEnd[0] : 0;
  g.padRight = w.padsEnd.back();
  HostTensor output = HostTensor::filled(shape);
  kernel(g, inputs[0].data.data(), output.data.data());
  detail::roundToResultType(output, op.getOutput());
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Calls fn(inOffset, outOffset, count, outStride) for each innermost row of a
/// tensor of `shape`, where element i of the row maps to outOffset + i *
/// outStride in a result whose strides per input dim are `outStrides` (0 for
/// reduced dims).
template <typename Fn>
void forEachRow(ArrayRef<int64_t> shape, ArrayRef<int64_t> outStrides, Fn fn) {
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
  int64_t outOffset = 0;
  for (int64_t r = 0; r < rows; ++r) {
    fn(r * inner, outOffset, inner, outStrides.back());
    for (int64_t d = rank - 2; d >= 0; --d) {
      ++index[d];
      outOffset += outStrides[d];
      if (index[d] < shape[d]) {
        break;
      }
      outOffset -= outStrides[d] * shape[d];
      index[d] = 0;
    }
  }
}

/// For each input dim, its stride in the keep_dims result (0 if `reduced`).
SmallVector<int64_t, 6> reducedStrides(ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> axes) {
  SmallVector<int64_t, 6> strides(shape.size(), 0);
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (!llvm::is_contained(axes, d)) {
      strides[d] = stride;
      stride *= shape[d];
    }
  }
  return strides;
}

/// The kernels of the reductions.
enum class ReduceKind { Sum, Mean, Max, Min, L2, Prod };

template <ReduceKind kind> float combine(float acc, float v) {
  if constexpr (kind == ReduceKind::Max) {
    return (v > acc || std::isnan(v)) && !std::isnan(acc) ? v : acc;
  } else if constexpr (kind == ReduceKind::Min) {
    return (v < acc || std::isnan(v)) && !std::isnan(acc) ? v : acc;
  } else if constexpr (kind == ReduceKind::L2) {
    return acc + v * v;
  } else if constexpr (kind == ReduceKind::Prod) {
    return acc * v;
  } else {
    return acc + v;
  }
}

template <ReduceKind kind>
LogicalResult runReduce(Operation *op, ArrayRef<int64_t> axes, bool keepDims,
                        ArrayRef<HostTensor> inputs,
                        SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  ArrayRef<int64_t> shape = inputs[0].shape;
  SmallVector<int64_t, 6> normalized;
  std::string error;
  if (failed(detail::normalizeAxes(axes, static_cast<int64_t>(shape.size()),
                                   normalized, error))) {
    return op->emitOpError() << "inference: " << error;
  }
  SmallVector<int64_t, 6> outShape;
  int64_t reducedCount = 1;
  for (auto [d, dim] : llvm::enumerate(shape)) {
    if (!llvm::is_contained(normalized, static_cast<int64_t>(d))) {
      outShape.push_back(dim);
    } else {
      reducedCount *= dim;
      if (keepDims) {
        outShape.push_back(1);
      }
    }
  }
  float init = 0.0f;
  if (kind == ReduceKind::Max) {
    init = -std::numeric_limits<float>::infinity();
  } else if (kind == ReduceKind::Min) {
    init = std::numeric_limits<float>::infinity();
  } else if (kind == ReduceKind::Prod) {
    init = 1.0f;
  }
  HostTensor output = HostTensor::filled(outShape, init);
  const float *in = inputs[0].data.data();
  float *out = output.data.data();
  forEachRow(shape, reducedStrides(shape, normalized),
             [&](int64_t inOffset, int64_t outOffset, int64_t count,
                 int64_t outStride) {
               const float *row = in + inOffset;
               if (outStride == 0) {
                 float acc = out[outOffset];
                 for (int64_t i = 0; i < count; ++i) {
                   acc = combine<kind>(acc, row[i]);
                 }
                 out[outOffset] = acc;
               } else {
                 float *orow = out + outOffset;
                 for (int64_t i = 0; i < count; ++i) {
                   orow[i] = combine<kind>(orow[i], row[i]);
                 }
               }
             });
  if (kind == ReduceKind::Mean) {
    const float scale = 1.0f / static_cast<float>(reducedCount);
    for (float &v : output.data) {
      v *= scale;
    }
  } else if (kind == ReduceKind::L2) {
    for (float &v : output.data) {
      v = std::sqrt(v);
    }
  }
  detail::roundToResultType(output, op->getResult(0));
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// SoftMax
//===----------------------------------------------------------------------===//

template <bool isLog>
LogicalResult runSoftMax(Operation *op, int64_t axisAttr,
                         ArrayRef<HostTensor> inputs,
                         SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  ArrayRef<int64_t> shape = inputs[0].shape;
  int64_t axis;
  std::string error;
  if (failed(detail::normalizeAxis(axisAttr, static_cast<int64_t>(shape.size()),
                                   axis, error))) {
    return op->emitOpError() << "inference: " << error;
  }
  const int64_t outer = HostTensor::getNumElements(shape.take_front(axis));
  const int64_t n = shape[axis];
  const int64_t inner = HostTensor::getNumElements(shape.drop_front(axis + 1));
  HostTensor output = HostTensor::filled(shape);
  std::vector<float> maxima(inner);
  std::vector<float> sums(inner);
  for (int64_t o = 0; o < outer; ++o) {
    const float *in = inputs[0].data.data() + o * n * inner;
    float *out = output.data.data() + o * n * inner;
    std::fill(maxima.begin(), maxima.end(),
              -std::numeric_limits<float>::infinity());
    std::fill(sums.begin(), sums.end(), 0.0f);
    for (int64_t k = 0; k < n; ++k) {
      for (int64_t j = 0; j < inner; ++j) {
        maxima[j] = std::max(maxima[j], in[k * inner + j]);
      }
    }
    for (int64_t k = 0; k < n; ++k) {
      for (int64_t j = 0; j < inner; ++j) {
        const float e = std::exp(in[k * inner + j] - maxima[j]);
        sums[j] += e;
        if (!isLog) {
          out[k * inner + j] = e;
        }
      }
    }
    if (isLog) {
      // (x - max) - log(sum): subtracting max first keeps the small result
      // exact.
      for (int64_t j = 0; j < inner; ++j) {
        sums[j] = std::log(sums[j]);
      }
      for (int64_t k = 0; k < n; ++k) {
        for (int64_t j = 0; j < inner; ++j) {
          out[k * inner + j] = (in[k * inner + j] - maxima[j]) - sums[j];
        }
      }
    } else {
      for (int64_t j = 0; j < inner; ++j) {
        sums[j] = 1.0f / sums[j];
      }
      for (int64_t k = 0; k < n; ++k) {
        for (int64_t j = 0; j < inner; ++j) {
          out[k * inner + j] *= sums[j];
        }
      }
    }
  }
  detail::roundToResultType(output, op->getResult(0));
  outputs.push_back(std::move(output));
  return success();
}

} // namespace

LogicalResult MaxPoolOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  if (failed(runPool(*this, inputs, outputs,
                     [](const kernels::PoolGeometry &g, const float *in,
                        float *out) { kernels::maxPool(g, in, out); }))) {
    return failure();
  }
  detail::applyPostOp(*this, outputs.back());
  return success();
}

LogicalResult LpPoolOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  const int64_t p = getP();
  return runPool(*this, inputs, outputs,
                 [&](const kernels::PoolGeometry &g, const float *in,
                     float *out) { kernels::lpPool(g, p, in, out); });
}

LogicalResult AvgPoolOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  const bool excludePad = getExcludePad();
  auto quantType = llvm::dyn_cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(getInput().getType()));
  if (!quantType) {
    if (failed(runPool(
            *this, inputs, outputs,
            [&](const kernels::PoolGeometry &g, const float *in, float *out) {
              kernels::avgPool(g, excludePad, in, out);
            }))) {
      return failure();
    }
    detail::applyPostOp(*this, outputs.back());
    return success();
  }
  // A quantized pool (stored integers in and out, one scale and zero point,
  // see IE.AvgPool): the mean of the values dequantized to f32, the post-op,
  // quantized again.
  kernels::PerTensorQuant quant;
  quant.scale = static_cast<float>(quantType.getScale());
  quant.zeroPoint = static_cast<int32_t>(quantType.getZeroPoint());
  std::optional<PostOp> postOp = getPostOp(*this);
  const auto lo = static_cast<float>(quantType.getStorageTypeMin());
  const auto hi = static_cast<float>(quantType.getStorageTypeMax());
  return runPool(
      *this, inputs, outputs,
      [&](const kernels::PoolGeometry &g, const float *in, float *out) {
        const int64_t count = g.planes * g.inH * g.inW;
        std::vector<float> real(in, in + count);
        for (float &value : real) {
          value = kernels::dequantizeToF32(value, quant);
        }
        kernels::avgPool(g, excludePad, real.data(), out);
        const int64_t outCount = g.planes * g.outH * g.outW;
        for (int64_t i = 0; i < outCount; ++i) {
          const float mean = postOp ? postOp->apply(out[i]) : out[i];
          out[i] = kernels::quantizeFromF32(mean, quant, lo, hi);
        }
      });
}

LogicalResult ReduceMeanOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  return runReduce<ReduceKind::Mean>(*this, getAxes(), getKeepDims(), inputs,
                                     outputs);
}

LogicalResult ReduceSumOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  return runReduce<ReduceKind::Sum>(*this, getAxes(), getKeepDims(), inputs,
                                    outputs);
}

LogicalResult ReduceMaxOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  return runReduce<ReduceKind::Max>(*this, getAxes(), getKeepDims(), inputs,
                                    outputs);
}

LogicalResult ReduceMinOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  return runReduce<ReduceKind::Min>(*this, getAxes(), getKeepDims(), inputs,
                                    outputs);
}

LogicalResult ReduceL2Op::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  return runReduce<ReduceKind::L2>(*this, getAxes(), getKeepDims(), inputs,
                                   outputs);
}

LogicalResult ReduceProdOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  return runReduce<ReduceKind::Prod>(*this, getAxes(), getKeepDims(), inputs,
                                     outputs);
}

LogicalResult SoftMaxOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return runSoftMax</*isLog=*/false>(*this, getAxis(), inputs, outputs);
}

LogicalResult LogSoftMaxOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  return runSoftMax</*isLog=*/true>(*this, getAxis(), inputs, outputs);
}

LogicalResult
BatchNormInferenceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  ArrayRef<int64_t> shape = inputs[0].shape;
  const int64_t channels = shape[1];
  for (size_t k = 1; k < 5; ++k) {
    if (inputs[k].shape.size() != 1 || inputs[k].shape[0] != channels) {
      return emitOpError() << "inference: parameter #" << k << " has shape "
                           << detail::formatShape(inputs[k].shape)
                           << ", expected [" << channels << "]";
    }
  }
  const int64_t batch = shape[0];
  const int64_t plane = HostTensor::getNumElements(shape.drop_front(2));
  const float eps = static_cast<float>(getEpsilon().convertToDouble());
  HostTensor output = HostTensor::filled(shape);
  for (int64_t c = 0; c < channels; ++c) {
    // x * scale + shift with scale = gamma / sqrt(var + eps), shift = beta -
    // mean * scale.
    const float scale = inputs[1].data[c] / std::sqrt(inputs[4].data[c] + eps);
    const float shift = inputs[2].data[c] - inputs[3].data[c] * scale;
    for (int64_t n = 0; n < batch; ++n) {
      const float *in = inputs[0].data.data() + (n * channels + c) * plane;
      float *out = output.data.data() + (n * channels + c) * plane;
      for (int64_t i = 0; i < plane; ++i) {
        out[i] = in[i] * scale + shift;
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult MVNOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  ArrayRef<int64_t> shape = inputs[0].shape;
  SmallVector<int64_t, 6> axes;
  std::string error;
  if (failed(detail::normalizeAxes(
          getAxes(), static_cast<int64_t>(shape.size()), axes, error))) {
    return emitOpError() << "inference: " << error;
  }
  int64_t groups = 1;
  int64_t count = 1;
  for (auto [d, dim] : llvm::enumerate(shape)) {
    (llvm::is_contained(axes, static_cast<int64_t>(d)) ? count : groups) *= dim;
  }
  SmallVector<int64_t, 6> strides = reducedStrides(shape, axes);
  const float *in = inputs[0].data.data();
  // Pass 1: means; pass 2: variances around them (two passes for accuracy).
  std::vector<float> mean(groups, 0.0f);
  forEachRow(shape, strides,
             [&](int64_t inOffset, int64_t outOffset, int64_t n, int64_t os) {
               for (int64_t i = 0; i < n; ++i) {
                 mean[outOffset + i * os] += in[inOffset + i];
               }
             });
  const float invCount = count == 0 ? 0.0f : 1.0f / static_cast<float>(count);
  for (float &m : mean) {
    m *= invCount;
  }
  std::vector<float> factor(groups, 1.0f);
  if (getNormalizeVariance()) {
    std::vector<float> var(groups, 0.0f);
    forEachRow(shape, strides,
               [&](int64_t inOffset, int64_t outOffset, int64_t n, int64_t os) {
                 for (int64_t i = 0; i < n; ++i) {
                   const float d = in[inOffset + i] - mean[outOffset + i * os];
                   var[outOffset + i * os] += d * d;
                 }
               });
    const float eps = static_cast<float>(getEps().convertToDouble());
    const bool inside = getEpsMode() == MvnEpsMode::INSIDE_SQRT;
    for (int64_t g = 0; g < groups; ++g) {
      const float v = var[g] * invCount;
      factor[g] = 1.0f / (inside ? std::sqrt(v + eps) : std::sqrt(v) + eps);
    }
  }
  HostTensor output = HostTensor::filled(shape);
  float *out = output.data.data();
  forEachRow(shape, strides,
             [&](int64_t inOffset, int64_t outOffset, int64_t n, int64_t os) {
               for (int64_t i = 0; i < n; ++i) {
                 const int64_t g = outOffset + i * os;
                 out[inOffset + i] = (in[inOffset + i] - mean[g]) * factor[g];
               }
             });
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult
LayerNormalizationOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  ArrayRef<int64_t> shape = inputs[0].shape;
  int64_t axis;
  std::string error;
  if (failed(detail::normalizeAxis(
          getAxis(), static_cast<int64_t>(shape.size()), axis, error))) {
    return emitOpError() << "inference: " << error;
  }
  ArrayRef<int64_t> normalized = shape.drop_front(axis);
  // Expand scale and bias to the normalised shape (one row of `inner` values).
  const int64_t inner = HostTensor::getNumElements(normalized);
  const int64_t outer = HostTensor::getNumElements(shape.take_front(axis));
  std::vector<float> scale(inner, 1.0f);
  std::vector<float> bias(inner, 0.0f);
  for (size_t k = 1; k < inputs.size(); ++k) {
    if (!isBroadcastableTo(inputs[k].shape, normalized)) {
      return emitOpError() << "inference: parameter of shape "
                           << detail::formatShape(inputs[k].shape)
                           << " does not broadcast to the normalized shape "
                           << detail::formatShape(normalized);
    }
    if (inner == 0) {
      continue;
    }
    BroadcastPlan plan =
        BroadcastPlan::get({inputs[k].shape, inputs[k].shape}, normalized);
    const float *p = inputs[k].data.data();
    broadcastBinary(plan, p, p, (k == 1 ? scale : bias).data(),
                    [](float a, float) { return a; });
  }
  const float eps = static_cast<float>(getEpsilon().convertToDouble());
  HostTensor output = HostTensor::filled(shape);
  for (int64_t o = 0; o < outer; ++o) {
    const float *in = inputs[0].data.data() + o * inner;
    float *out = output.data.data() + o * inner;
    float sum = 0.0f;
    for (int64_t i = 0; i < inner; ++i) {
      sum += in[i];
    }
    const float mean = inner == 0 ? 0.0f : sum / static_cast<float>(inner);
    float sq = 0.0f;
    for (int64_t i = 0; i < inner; ++i) {
      const float d = in[i] - mean;
      sq += d * d;
    }
    const float factor =
        1.0f /
        std::sqrt((inner == 0 ? 0.0f : sq / static_cast<float>(inner)) + eps);
    for (int64_t i = 0; i < inner; ++i) {
      out[i] = (in[i] - mean) * factor * scale[i] + bias[i];
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
