//===- InferenceDetection.cpp - IE CTC and YOLO kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of IE.CTCGreedyDecoder, IE.RegionYolo and IE.ReorgYolo, following
// the OpenVINO reference semantics described in IEOpsMisc.td. RegionYolo works
// on the planes of each region entry (contiguous H * W values); ReorgYolo is
// one index computation per element.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/MiscOpShapes.h"

namespace mlir::vpuc::IE {

namespace {

/// Applies the logistic sigmoid to `count` values in place.
void sigmoidInPlace(float *data, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    data[i] = 1.0f / (1.0f + std::exp(-data[i]));
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// CTCGreedyDecoder
//===----------------------------------------------------------------------===//

LogicalResult
CTCGreedyDecoderOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                               SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  FailureOr<detail::DimVector> shape = detail::inferCTCGreedyDecoderShape(
      [this] { return emitOpError(); }, inputs[0].shape, inputs[1].shape);
  if (failed(shape)) {
    return failure();
  }
  const int64_t steps = inputs[0].shape[0];
  const int64_t batch = inputs[0].shape[1];
  const int64_t classes = inputs[0].shape[2];
  const int64_t blank = classes - 1;
  const bool mergeRepeated = getMergeRepeated();
  const float *data = inputs[0].data.data();
  const float *mask = inputs[1].data.data();
  HostTensor output = HostTensor::filled(*shape, -1.0f);
  for (int64_t n = 0; n < batch; ++n) {
    float *decoded = output.data.data() + n * steps;
    int64_t written = 0;
    int64_t previous = -1;
    for (int64_t t = 0; t < steps; ++t) {
      if (mask[t * batch + n] == 0.0f) {
        break;
      }
      const float *scores = data + (t * batch + n) * classes;
      const int64_t best = std::max_element(scores, scores + classes) - scores;
      if (best != blank && !(mergeRepeated && best == previous)) {
        decoded[written++] = static_cast<float>(best);
      }
      previous = best;
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// RegionYolo
//===----------------------------------------------------------------------===//

LogicalResult RegionYoloOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  detail::RegionYoloConfig config;
  config.coords = static_cast<int64_t>(getCoords());
  config.classes = static_cast<int64_t>(getClasses());
  config.num = static_cast<int64_t>(getNum());
  config.doSoftmax = getDoSoftmax();
  config.mask = getMask();
  config.axis = static_cast<int64_t>(getAxis());
  config.endAxis = static_cast<int64_t>(getEndAxis());
  config.numAnchors = getAnchors().size();
  FailureOr<detail::DimVector> shape = detail::inferRegionYoloShape(
      [this] { return emitOpError(); }, inputs[0].shape, config);
  if (failed(shape)) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const int64_t batch = input.shape[0];
  const int64_t plane = input.shape[2] * input.shape[3];
  const int64_t regions = config.getNumRegions();
  const int64_t entries = config.coords + 1 + config.classes;
  HostTensor output(*shape, input.data);
  for (int64_t n = 0; n < batch; ++n) {
    for (int64_t region = 0; region < regions; ++region) {
      float *base =
          output.data.data() + (n * regions + region) * entries * plane;
      // x and y.
      sigmoidInPlace(base, 2 * plane);
      // The objectness, and without softmax the class scores too.
      sigmoidInPlace(base + config.coords * plane,
                     (config.doSoftmax ? 1 : 1 + config.classes) * plane);
      if (!config.doSoftmax) {
        continue;
      }
      // Softmax over the classes at each position (stride: one plane).
      float *scores = base + (config.coords + 1) * plane;
      for (int64_t p = 0; p < plane; ++p) {
        float maxValue = scores[p];
        for (int64_t c = 1; c < config.classes; ++c) {
          maxValue = std::max(maxValue, scores[c * plane + p]);
        }
        float sum = 0.0f;
        for (int64_t c = 0; c < config.classes; ++c) {
          float &value = scores[c * plane + p];
          value = std::exp(value - maxValue);
          sum += value;
        }
        for (int64_t c = 0; c < config.classes; ++c) {
          scores[c * plane + p] /= sum;
        }
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// ReorgYolo
//===----------------------------------------------------------------------===//

LogicalResult ReorgYoloOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const int64_t stride = static_cast<int64_t>(getStride());
  FailureOr<detail::DimVector> shape = detail::inferReorgYoloShape(
      [this] { return emitOpError(); }, inputs[0].shape, stride);
  if (failed(shape)) {
    return failure();
  }
  ArrayRef<int64_t> in = inputs[0].shape;
  const int64_t batch = in[0];
  const int64_t channels = in[1];
  const int64_t height = in[2];
  const int64_t width = in[3];
  // The input read as [N, C / s^2, H * s, W * s].
  const int64_t implChannels = channels / (stride * stride);
  const int64_t implHeight = height * stride;
  const int64_t implWidth = width * stride;
  const float *src = inputs[0].data.data();
  HostTensor output = HostTensor::filled(*shape);
  float *dst = output.data.data();
  for (int64_t n = 0; n < batch; ++n) {
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t offset = c / implChannels;
      const int64_t implC = c % implChannels;
      const int64_t dy = offset / stride;
      const int64_t dx = offset % stride;
      for (int64_t h = 0; h < height; ++h) {
        const float *row =
            src +
            ((n * implChannels + implC) * implHeight + h * stride + dy) *
                implWidth +
            dx;
        float *out = dst + ((n * channels + c) * height + h) * width;
        for (int64_t w = 0; w < width; ++w) {
          out[w] = row[w * stride];
        }
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
