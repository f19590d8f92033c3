//===- Interpolate.cpp - The interpolate kernel ---------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// interpolate(input, output, mode, coordMode, nearestMode, shapeCalcMode,
// excludeOutside, cubicCoeffA, extrapolationValue, scales[8], roiStart[8],
// roiEnd[8]) (kernels/abi/SwKernels.h): ONNX Resize of float tensors of any
// rank and layouts, through the shared kernel of kernels/reference (the IE
// interpreter's code, FP64 inside).
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/reference/Interpolate.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

// The ABI codes are the reference kernel's enumerators in order.
static_assert(static_cast<int>(kernels::InterpolateMode::Cubic) ==
                  static_cast<int>(abi::InterpolateMode::Cubic),
              "interpolation modes");
static_assert(
    static_cast<int>(kernels::InterpolateCoordMode::TfCropAndResize) ==
        static_cast<int>(abi::InterpolateCoordMode::TfCropAndResize),
    "coordinate modes");
static_assert(static_cast<int>(kernels::InterpolateCoordMode::AlignCorners) ==
                  static_cast<int>(abi::InterpolateCoordMode::AlignCorners),
              "coordinate modes");
static_assert(static_cast<int>(kernels::InterpolateNearestMode::Simple) ==
                  static_cast<int>(abi::InterpolateNearestMode::Simple),
              "nearest modes");
static_assert(static_cast<int>(kernels::InterpolateNearestMode::Floor) ==
                  static_cast<int>(abi::InterpolateNearestMode::Floor),
              "nearest modes");

llvm::Error runInterpolate(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::InterpolateKernel::Args>(args);
  const char *name = abi::InterpolateKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", in}, {a.output, true, "output", out}})) {
    return error;
  }
  if (llvm::Error error = checkType(in, kFloatTypes, name, "input")) {
    return error;
  }
  if (llvm::Error error = checkType(out, kFloatTypes, name, "output")) {
    return error;
  }
  int64_t rank = in.getRank();
  if (llvm::Error error = checkRank(out, rank, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  struct Range {
    int32_t value, max;
    const char *what;
  };
  for (Range range :
       {Range{a.mode, 2, "mode"}, Range{a.coordMode, 5, "coordMode"},
        Range{a.nearestMode, 4, "nearestMode"},
        Range{a.shapeCalcMode, 1, "shapeCalcMode"}}) {
    if (range.value < 0 || range.value > range.max) {
      return kernelError(name, "unknown " + llvm::Twine(range.what) + " " +
                                   llvm::Twine(range.value));
    }
  }
  if (llvm::Error error = checkFlag(a.excludeOutside, name, "excludeOutside")) {
    return error;
  }
  if (!std::isfinite(a.cubicCoeffA)) {
    return kernelError(name, "cubicCoeffA must be finite");
  }
  for (auto [values, what] : {std::make_pair(&a.scales, "scales"),
                              std::make_pair(&a.roiStart, "roiStart"),
                              std::make_pair(&a.roiEnd, "roiEnd")}) {
    if (llvm::Error error = checkPerDimArray(*values, rank, name, what)) {
      return error;
    }
  }
  bool byScales = a.shapeCalcMode ==
                  static_cast<int32_t>(abi::InterpolateShapeCalcMode::Scales);
  bool crop = a.coordMode ==
              static_cast<int32_t>(abi::InterpolateCoordMode::TfCropAndResize);
  std::vector<int64_t> inDims = getDims(in), outDims = getDims(out);
  std::vector<kernels::InterpolateDim> dims(rank);
  for (int64_t d = 0; d < rank; ++d) {
    if (inDims[d] == 0) {
      return kernelError(name, "cannot interpolate dim " + llvm::Twine(d) +
                                   " of size 0");
    }
    if (byScales) {
      float scale = a.scales[d];
      if (!(scale > 0.0f) || std::isinf(scale)) {
        return kernelError(name, "scales[" + llvm::Twine(d) +
                                     "] = " + std::to_string(scale) +
                                     " must be finite and positive");
      }
      dims[d] = kernels::getInterpolateDimFromScale(inDims[d], scale);
      if (dims[d].out != outDims[d]) {
        return kernelError(name, "output dim " + llvm::Twine(d) + " is " +
                                     llvm::Twine(outDims[d]) + " but " +
                                     llvm::Twine(inDims[d]) + " scaled by " +
                                     std::to_string(scale) + " gives " +
                                     llvm::Twine(dims[d].out));
      }
    } else {
      if (a.scales[d] != 0.0f) {
        return kernelError(name, "scales must be 0 when the sizes are given");
      }
      if (outDims[d] == 0) {
        return kernelError(name, "output dim " + llvm::Twine(d) + " of size 0");
      }
      dims[d] = kernels::getInterpolateDimFromSize(inDims[d], outDims[d]);
    }
    if (crop) {
      dims[d].roiStart = a.roiStart[d];
      dims[d].roiEnd = a.roiEnd[d];
    } else if (a.roiStart[d] != 0.0f || a.roiEnd[d] != 0.0f) {
      return kernelError(name, "roiStart and roiEnd must be 0 outside "
                               "tf_crop_and_resize");
    }
    if (!kernels::isValid(dims[d])) {
      return kernelError(name, "invalid geometry of dim " + llvm::Twine(d));
    }
  }
  kernels::InterpolateParams params;
  params.mode = static_cast<kernels::InterpolateMode>(a.mode);
  params.coordMode = static_cast<kernels::InterpolateCoordMode>(a.coordMode);
  params.nearestMode =
      static_cast<kernels::InterpolateNearestMode>(a.nearestMode);
  params.cubicCoeffA = a.cubicCoeffA;
  params.excludeOutside = a.excludeOutside != 0;
  params.extrapolationValue = a.extrapolationValue;
  std::vector<float> input = loadTensor(in);
  std::vector<float> result(out.getNumElements());
  kernels::interpolate(params, dims.data(), rank, input.data(), result.data());
  storeTensor(out, result.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(interpolate) {
  registry.add(makeKernelInfo<abi::InterpolateKernel>(runInterpolate));
}

} // namespace mlir::vpuc::emu
