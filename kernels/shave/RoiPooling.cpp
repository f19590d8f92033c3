//===- RoiPooling.cpp - The roi_align and max_roi_pool kernels ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// roi_align(input, rois, batchIndices, output, mode, samplingRatio,
// spatialScale, halfPixel) and max_roi_pool(input, rois, output,
// spatialScale) (kernels/abi/SwKernels.h): the region pools of ONNX RoiAlign
// and MaxRoiPool over float tensors of any layouts, through the shared
// kernels of kernels/reference (the IE interpreter's code). Every batch index
// is checked before anything is written.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "kernels/reference/RoiPooling.h"
#include "kernels/shave/IndexSupport.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::emu {
namespace {

/// Checks the operands of a region pool: float input [N, C, H, W], rois [R,
/// boxSize] and output [R, C, PH, PW] (PH, PW >= 1) of the input's type, the
/// output disjoint from the inputs, and a finite `spatialScale` > 0; returns
/// the pool's shape.
llvm::Expected<kernels::RoiPoolShape>
checkRegionPool(const TensorView &in, const TensorView &rois,
                const TensorView &out, int64_t boxSize, float spatialScale,
                llvm::StringRef name) {
  for (auto [view, what] : {std::pair{&in, "input"}, std::pair{&rois, "rois"},
                            std::pair{&out, "output"}}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, name, what)) {
      return std::move(error);
    }
  }
  if (llvm::Error error = checkRank(in, 4, name, "input")) {
    return std::move(error);
  }
  std::vector<int64_t> inDims = getDims(in), roiDims = getDims(rois),
                       outDims = getDims(out);
  if (roiDims.size() != 2 || roiDims[1] != boxSize) {
    return kernelError(name, "rois has dims " + formatDims(roiDims) +
                                 ", expected [R, " + llvm::Twine(boxSize) +
                                 "]");
  }
  if (outDims.size() != 4 || outDims[0] != roiDims[0] ||
      outDims[1] != inDims[1] || outDims[2] < 1 || outDims[3] < 1) {
    return kernelError(name, "output has dims " + formatDims(outDims) +
                                 ", expected [" + llvm::Twine(roiDims[0]) +
                                 ", " + llvm::Twine(inDims[1]) +
                                 ", PH, PW] with PH, PW >= 1");
  }
  if (out.type != in.type) {
    return kernelError(name, "output type " + getDataTypeName(out.type) +
                                 " differs from input type " +
                                 getDataTypeName(in.type));
  }
  if (!std::isfinite(spatialScale) || !(spatialScale > 0.0f)) {
    return kernelError(name, "spatialScale must be finite and > 0");
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return std::move(error);
  }
  if (llvm::Error error = checkDisjoint(out, rois, name, "the rois")) {
    return std::move(error);
  }
  kernels::RoiPoolShape shape;
  shape.batches = inDims[0];
  shape.channels = inDims[1];
  shape.height = inDims[2];
  shape.width = inDims[3];
  shape.rois = outDims[0];
  shape.pooledH = outDims[2];
  shape.pooledW = outDims[3];
  return shape;
}

/// Truncates the batch index of each region (`values`, `stride` apart) and
/// checks it against `batches`.
llvm::Expected<std::vector<int64_t>>
getBatchIndices(const std::vector<double> &values, int64_t count,
                int64_t stride, int64_t batches, llvm::StringRef name) {
  std::vector<int64_t> indices(count);
  for (int64_t r = 0; r < count; ++r) {
    const double value = std::trunc(values[r * stride]);
    if (!(value >= 0.0 && value < static_cast<double>(batches))) {
      std::string text;
      llvm::raw_string_ostream(text) << llvm::format("%g", values[r * stride]);
      return kernelError(
          name, "region " + llvm::Twine(r) + " has batch index " + text +
                    ", outside [0, " + llvm::Twine(batches) + ")");
    }
    indices[r] = static_cast<int64_t>(value);
  }
  return indices;
}

llvm::Error runRoiAlign(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::RoiAlignKernel::Args>(args);
  const char *name = abi::RoiAlignKernel::name;
  TensorView in, rois, batchIndices, out;
  if (llvm::Error error =
          viewOperands(context, name,
                       {{a.input, false, "input", in},
                        {a.rois, false, "rois", rois},
                        {a.batchIndices, false, "batchIndices", batchIndices},
                        {a.output, true, "output", out}})) {
    return error;
  }
  if (a.mode != static_cast<int32_t>(abi::RoiAlignMode::Avg) &&
      a.mode != static_cast<int32_t>(abi::RoiAlignMode::Max)) {
    return kernelError(name, "unknown mode " + llvm::Twine(a.mode));
  }
  if (a.samplingRatio < 0 || a.samplingRatio > 512) {
    return kernelError(name, "samplingRatio " + llvm::Twine(a.samplingRatio) +
                                 " is outside [0, 512]");
  }
  if (llvm::Error error = checkFlag(a.halfPixel, name, "halfPixel")) {
    return error;
  }
  llvm::Expected<kernels::RoiPoolShape> shape =
      checkRegionPool(in, rois, out, 4, a.spatialScale, name);
  if (!shape) {
    return shape.takeError();
  }
  if (llvm::Error error =
          checkDims(batchIndices, {shape->rois}, name, "batchIndices")) {
    return error;
  }
  if (llvm::Error error =
          checkDisjoint(out, batchIndices, name, "the batchIndices")) {
    return error;
  }
  llvm::Expected<std::vector<double>> values = loadIndices(batchIndices, name);
  if (!values) {
    return values.takeError();
  }
  llvm::Expected<std::vector<int64_t>> batches =
      getBatchIndices(*values, shape->rois, 1, shape->batches, name);
  if (!batches) {
    return batches.takeError();
  }
  std::vector<float> input = loadTensor(in), boxes = loadTensor(rois);
  std::vector<float> result(out.getNumElements());
  kernels::roiAlign(*shape, a.samplingRatio, a.spatialScale, a.halfPixel != 0,
                    a.mode == static_cast<int32_t>(abi::RoiAlignMode::Max),
                    input.data(), boxes.data(), batches->data(), result.data());
  storeTensor(out, result.data());
  return llvm::Error::success();
}

llvm::Error runMaxRoiPool(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::MaxRoiPoolKernel::Args>(args);
  const char *name = abi::MaxRoiPoolKernel::name;
  TensorView in, rois, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.rois, false, "rois", rois},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  llvm::Expected<kernels::RoiPoolShape> shape =
      checkRegionPool(in, rois, out, 5, a.spatialScale, name);
  if (!shape) {
    return shape.takeError();
  }
  std::vector<double> boxValues = loadTensorF64(rois);
  llvm::Expected<std::vector<int64_t>> batches =
      getBatchIndices(boxValues, shape->rois, 5, shape->batches, name);
  if (!batches) {
    return batches.takeError();
  }
  std::vector<float> input = loadTensor(in), boxes = loadTensor(rois);
  std::vector<float> result(out.getNumElements());
  kernels::maxRoiPool(*shape, a.spatialScale, input.data(), boxes.data(),
                      batches->data(), result.data());
  storeTensor(out, result.data());
  return llvm::Error::success();
}

/// Work of roi_align: four taps per sample, at least one sample per bin.
int64_t getRoiAlignWork(const uint8_t *args, llvm::ArrayRef<TensorView> views) {
  auto a = readArgs<abi::RoiAlignKernel::Args>(args);
  const int64_t ratio = std::clamp<int64_t>(a.samplingRatio, 1, 512);
  return getElements(views, 3) * 4 * ratio * ratio;
}

} // namespace

VPUC_EMU_KERNEL(roi_pooling) {
  registry.add(
      makeKernelInfo<abi::RoiAlignKernel>(runRoiAlign, getRoiAlignWork));
  // Work: about the input's elements (a region's bins cover about its planes).
  registry.add(makeKernelInfo<abi::MaxRoiPoolKernel>(runMaxRoiPool));
}

} // namespace mlir::vpuc::emu
