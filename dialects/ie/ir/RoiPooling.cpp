//===- RoiPooling.cpp - IE.ROIAlign and IE.MaxROIPool ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks, result type inference, cost and host kernels of the region pools.
// The shape rules are in MiscOpShapes.cpp, the arithmetic in
// kernels/reference/RoiPooling.h (shared with the SHAVE kernels); the host
// kernels check every batch index against the input's batch.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/MiscOpShapes.h"
#include "kernels/reference/RoiPooling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

static ArrayRef<int64_t> getShape(Value value) {
  return llvm::cast<RankedTensorType>(value.getType()).getShape();
}

/// The attributes of a ROIAlign or MaxROIPool op or adaptor.
template <typename OpOrAdaptor>
static detail::RoiPoolConfig getConfig(OpOrAdaptor op, int64_t samplingRatio,
                                       int64_t boxSize) {
  detail::RoiPoolConfig config;
  config.pooledH = static_cast<int64_t>(op.getPooledH());
  config.pooledW = static_cast<int64_t>(op.getPooledW());
  config.spatialScale = op.getSpatialScale().convertToDouble();
  config.samplingRatio = samplingRatio;
  config.boxSize = boxSize;
  return config;
}

/// Appends `shape` with the element type of `input` and no layout.
static LogicalResult addResult(FailureOr<detail::DimVector> shape, Value input,
                               Components &components) {
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(
      *shape, llvm::cast<RankedTensorType>(input.getType()).getElementType());
  return success();
}

/// Reads the batch index of each region (`count` values `stride` apart in
/// `values`) and checks it against `batches`.
static FailureOr<std::vector<int64_t>>
readBatchIndices(Operation *op, const float *values, int64_t count,
                 int64_t stride, int64_t batches) {
  std::vector<int64_t> indices(count);
  for (int64_t r = 0; r < count; ++r) {
    const float value = std::trunc(values[r * stride]);
    if (!(value >= 0.0f && value < static_cast<float>(batches))) {
      std::string text;
      llvm::raw_string_ostream(text) << llvm::format("%g", values[r * stride]);
      return op->emitOpError() << "region " << r << " has batch index " << text
                               << ", outside [0, " << batches << ")";
    }
    indices[r] = static_cast<int64_t>(value);
  }
  return indices;
}

/// The kernel shape of a region pool of an input of `input` dims into
/// `output` dims.
static kernels::RoiPoolShape getPoolShape(ArrayRef<int64_t> input,
                                          const detail::DimVector &output) {
  kernels::RoiPoolShape shape;
  shape.batches = input[0];
  shape.channels = input[1];
  shape.height = input[2];
  shape.width = input[3];
  shape.rois = output[0];
  shape.pooledH = output[2];
  shape.pooledW = output[3];
  return shape;
}

//===----------------------------------------------------------------------===//
// ROIAlign
//===----------------------------------------------------------------------===//

LogicalResult ROIAlignOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                          Components &components) {
  return addResult(
      detail::inferRoiPoolShape(
          emitError, getShape(adaptor.getInput()), getShape(adaptor.getRois()),
          getShape(adaptor.getBatchIndices()),
          getConfig(adaptor, static_cast<int64_t>(adaptor.getSamplingRatio()),
                    4)),
      adaptor.getInput(), components);
}

std::optional<int64_t> ROIAlignOp::getNumMACs() { return 0; }

/// About eight operations per tap of a sample; at least one sample per bin.
std::optional<int64_t> ROIAlignOp::getNumFLOPs() {
  const int64_t ratio = static_cast<int64_t>(getSamplingRatio());
  return detail::countEltwiseFLOPs(*this,
                                   8 * std::max<int64_t>(ratio * ratio, 1));
}

LogicalResult ROIAlignOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const int64_t ratio = static_cast<int64_t>(getSamplingRatio());
  FailureOr<detail::DimVector> shape = detail::inferRoiPoolShape(
      [this] { return emitOpError(); }, inputs[0].shape, inputs[1].shape,
      ArrayRef<int64_t>(inputs[2].shape), getConfig(*this, ratio, 4));
  if (failed(shape)) {
    return failure();
  }
  FailureOr<std::vector<int64_t>> batches = readBatchIndices(
      *this, inputs[2].data.data(), (*shape)[0], 1, inputs[0].shape[0]);
  if (failed(batches)) {
    return failure();
  }
  HostTensor output = HostTensor::filled(*shape);
  kernels::roiAlign(getPoolShape(inputs[0].shape, *shape), ratio,
                    static_cast<float>(getSpatialScale().convertToDouble()),
                    getHalfPixel(), getMode() == ROIAlignMode::MAX,
                    inputs[0].data.data(), inputs[1].data.data(),
                    batches->data(), output.data.data());
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

//===----------------------------------------------------------------------===//
// MaxROIPool
//===----------------------------------------------------------------------===//

LogicalResult MaxROIPoolOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                            Components &components) {
  return addResult(
      detail::inferRoiPoolShape(emitError, getShape(adaptor.getInput()),
                                getShape(adaptor.getRois()), std::nullopt,
                                getConfig(adaptor, 0, 5)),
      adaptor.getInput(), components);
}

std::optional<int64_t> MaxROIPoolOp::getNumMACs() { return 0; }

/// The bins' sizes depend on the regions: one comparison per input pixel of
/// an average bin, estimated as the input plane over the bins.
std::optional<int64_t> MaxROIPoolOp::getNumFLOPs() {
  ArrayRef<int64_t> input = getShape(getInput());
  if (ShapedType::isDynamic(input[2]) || ShapedType::isDynamic(input[3])) {
    return std::nullopt;
  }
  const int64_t bins =
      static_cast<int64_t>(getPooledH()) * static_cast<int64_t>(getPooledW());
  return detail::countEltwiseFLOPs(
      *this, std::max<int64_t>(input[2] * input[3] / bins, 1));
}

LogicalResult MaxROIPoolOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  FailureOr<detail::DimVector> shape = detail::inferRoiPoolShape(
      [this] { return emitOpError(); }, inputs[0].shape, inputs[1].shape,
      std::nullopt, getConfig(*this, 0, 5));
  if (failed(shape)) {
    return failure();
  }
  FailureOr<std::vector<int64_t>> batches = readBatchIndices(
      *this, inputs[1].data.data(), (*shape)[0], 5, inputs[0].shape[0]);
  if (failed(batches)) {
    return failure();
  }
  HostTensor output = HostTensor::filled(*shape);
  kernels::maxRoiPool(getPoolShape(inputs[0].shape, *shape),
                      static_cast<float>(getSpatialScale().convertToDouble()),
                      inputs[0].data.data(), inputs[1].data.data(),
                      batches->data(), output.data.data());
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
