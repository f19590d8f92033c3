//===- InferenceInterpolate.cpp - Host kernel of IE.Interpolate -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// IE.Interpolate on the host: checks the attributes against the actual input
// shape and runs the shared kernel of //kernels/reference (ONNX Resize
// semantics, also used by the emulator's `interpolate` SHAVE kernel).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <vector>

#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "kernels/reference/Interpolate.h"

namespace mlir::vpuc::IE {

namespace {

kernels::InterpolateMode getKernelMode(InterpolateMode mode) {
  switch (mode) {
  case InterpolateMode::NEAREST:
    return kernels::InterpolateMode::Nearest;
  case InterpolateMode::LINEAR:
    return kernels::InterpolateMode::Linear;
  case InterpolateMode::CUBIC:
    return kernels::InterpolateMode::Cubic;
  }
  llvm_unreachable("unknown interpolation mode");
}

kernels::InterpolateCoordMode getKernelCoordMode(InterpolateCoordMode mode) {
  switch (mode) {
  case InterpolateCoordMode::HALF_PIXEL:
    return kernels::InterpolateCoordMode::HalfPixel;
  case InterpolateCoordMode::PYTORCH_HALF_PIXEL:
    return kernels::InterpolateCoordMode::PytorchHalfPixel;
  case InterpolateCoordMode::ALIGN_CORNERS:
    return kernels::InterpolateCoordMode::AlignCorners;
  case InterpolateCoordMode::ASYMMETRIC:
    return kernels::InterpolateCoordMode::Asymmetric;
  case InterpolateCoordMode::TF_HALF_PIXEL_FOR_NN:
    return kernels::InterpolateCoordMode::TfHalfPixelForNn;
  case InterpolateCoordMode::TF_CROP_AND_RESIZE:
    return kernels::InterpolateCoordMode::TfCropAndResize;
  }
  llvm_unreachable("unknown coordinate transformation mode");
}

kernels::InterpolateNearestMode
getKernelNearestMode(InterpolateNearestMode mode) {
  switch (mode) {
  case InterpolateNearestMode::ROUND_PREFER_FLOOR:
    return kernels::InterpolateNearestMode::RoundPreferFloor;
  case InterpolateNearestMode::ROUND_PREFER_CEIL:
    return kernels::InterpolateNearestMode::RoundPreferCeil;
  case InterpolateNearestMode::FLOOR:
    return kernels::InterpolateNearestMode::Floor;
  case InterpolateNearestMode::CEIL:
    return kernels::InterpolateNearestMode::Ceil;
  case InterpolateNearestMode::SIMPLE:
    return kernels::InterpolateNearestMode::Simple;
  }
  llvm_unreachable("unknown nearest mode");
}

} // namespace

LogicalResult InterpolateOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                        SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<detail::InterpolateGeometry> geometry =
      detail::inferInterpolateGeometry([this] { return emitOpError(); },
                                       input.shape, getScales(), getSizes(),
                                       getRoi(), getCoordMode());
  if (failed(geometry)) {
    return failure();
  }
  kernels::InterpolateParams params;
  params.mode = getKernelMode(getMode());
  params.coordMode = getKernelCoordMode(getCoordMode());
  params.nearestMode = getKernelNearestMode(getNearestMode());
  params.cubicCoeffA = getCubicCoeffA().convertToDouble();
  params.excludeOutside = getExcludeOutside();
  params.extrapolationValue =
      static_cast<float>(getExtrapolationValue().convertToDouble());
  const int64_t rank = input.shape.size();
  std::optional<ArrayRef<double>> roi = getRoi();
  std::vector<kernels::InterpolateDim> dims(rank);
  for (int64_t d = 0; d < rank; ++d) {
    dims[d].in = input.shape[d];
    dims[d].out = geometry->shape[d];
    dims[d].scale = geometry->scales[d];
    dims[d].resizedLength = geometry->resizedLengths[d];
    if (roi) {
      dims[d].roiStart = (*roi)[d];
      dims[d].roiEnd = (*roi)[rank + d];
    }
  }
  HostTensor output = HostTensor::filled(geometry->shape);
  kernels::interpolate(params, dims.data(), rank, input.data.data(),
                       output.data.data());
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
