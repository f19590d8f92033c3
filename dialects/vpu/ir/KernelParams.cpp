//===- KernelParams.cpp - Kernel parameters ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernel parameter helpers that the generated getKernelParams of the
// VPU.SW ops call when the parameters need more than an attribute getter
// (SWKernelInfo.h describes the conventions).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <limits>

#include "dialects/ie/ir/PostOp.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::vpuc::VPU {

int64_t resolveSliceStart(int64_t start, int64_t step, int64_t dim) {
  if (start < 0) {
    start = start < -dim ? -1 : start + dim;
  }
  if (step > 0) {
    return std::clamp<int64_t>(start, 0, dim);
  }
  return std::clamp<int64_t>(start, 0, std::max<int64_t>(dim - 1, 0));
}

} // namespace mlir::vpuc::VPU

namespace mlir::vpuc::VPU::detail {

namespace {

/// The static shape of the ranked tensor `value`.
ArrayRef<int64_t> shapeOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType()).getShape();
}

/// Appends `post_op` (-1 none, else the IE::PostOpKind of `layer`'s post-op),
/// `post_op_alpha` (Clamp's min, LeakyRelu's slope) and `post_op_beta`
/// (Clamp's max).
void addPostOpParams(Operation *layer, SWKernelParams &params) {
  std::optional<IE::PostOp> postOp = IE::getPostOp(layer);
  int64_t kind = -1;
  double alpha = 0.0;
  double beta = 0.0;
  if (postOp) {
    kind = static_cast<int64_t>(postOp->kind);
    switch (postOp->kind) {
    case IE::PostOpKind::ReLU:
      break;
    case IE::PostOpKind::Clamp:
      alpha = postOp->min;
      beta = postOp->max;
      break;
    case IE::PostOpKind::LeakyRelu:
      alpha = postOp->slope;
      break;
    }
  }
  params.addI64("post_op", kind);
  params.addF32("post_op_alpha", alpha);
  params.addF32("post_op_beta", beta);
}

} // namespace

void addConvolutionParams(SWKernelParams &params, ArrayRef<int64_t> strides,
                          ArrayRef<int64_t> padsBegin,
                          ArrayRef<int64_t> padsEnd,
                          ArrayRef<int64_t> dilations) {
  params.addI64("stride_y", strides[0]);
  params.addI64("stride_x", strides[1]);
  params.addI64("pad_top", padsBegin[0]);
  params.addI64("pad_left", padsBegin[1]);
  params.addI64("pad_bottom", padsEnd[0]);
  params.addI64("pad_right", padsEnd[1]);
  params.addI64("dilation_y", dilations[0]);
  params.addI64("dilation_x", dilations[1]);
}

void addPoolParams(SWKernelParams &params, ArrayRef<int64_t> kernel,
                   ArrayRef<int64_t> strides, ArrayRef<int64_t> padsBegin,
                   ArrayRef<int64_t> padsEnd) {
  params.addI64("kernel_y", kernel[0]);
  params.addI64("kernel_x", kernel[1]);
  params.addI64("stride_y", strides[0]);
  params.addI64("stride_x", strides[1]);
  params.addI64("pad_top", padsBegin[0]);
  params.addI64("pad_left", padsBegin[1]);
  params.addI64("pad_bottom", padsEnd[0]);
  params.addI64("pad_right", padsEnd[1]);
}

void addPReluParams(SWPReluOp op, SWKernelParams &params) {
  // IE.PRelu's rule: a 1-D slope of C = dim 1 (C != 1) elements is one slope
  // per channel.
  ArrayRef<int64_t> input = shapeOf(op.getInput());
  ArrayRef<int64_t> slope = shapeOf(op.getSlope());
  params.addFlag("per_channel", input.size() >= 2 && slope.size() == 1 &&
                                    slope[0] != 1 && slope[0] == input[1]);
}

void addBroadcastParams(SWBroadcastOp op, SWKernelParams &params) {
  const int64_t inputRank = shapeOf(op.getInput()).size();
  const int64_t outputRank = shapeOf(op.getOutput()).size();
  SmallVector<int64_t, 8> mapping;
  if (op.getMode() == IE::BroadcastMode::EXPLICIT) {
    ArrayRef<int64_t> axes = *op.getAxesMapping();
    mapping.assign(axes.begin(), axes.end());
  } else {
    // NumPy and bidirectional broadcasting align the shapes on the right.
    for (int64_t d = 0; d < inputRank; ++d) {
      mapping.push_back(outputRank - inputRank + d);
    }
  }
  params.addI64List("axes_mapping", mapping);
}

void addSliceParams(SWSliceOp op, SWKernelParams &params) {
  ArrayRef<int64_t> input = shapeOf(op.getInput());
  const int64_t rank = input.size();
  SmallVector<int64_t, 8> begins(rank, 0), strides(rank, 1);
  for (auto [index, start] : llvm::enumerate(op.getStarts())) {
    int64_t axis =
        op.getAxes() ? (*op.getAxes())[index] : static_cast<int64_t>(index);
    if (axis < 0) {
      axis += rank;
    }
    const int64_t step = op.getSteps() ? (*op.getSteps())[index] : 1;
    strides[axis] = step;
    begins[axis] = resolveSliceStart(start, step, input[axis]);
  }
  params.addI64List("begins", begins);
  params.addI64List("strides", strides);
}

void addStridedSliceParams(SWStridedSliceOp op, SWKernelParams &params) {
  ArrayRef<int64_t> input = shapeOf(op.getInput());
  ArrayRef<int64_t> beginMask = op.getBeginMask();
  SmallVector<int64_t, 8> begins;
  for (auto [d, stride] : llvm::enumerate(op.getStrides())) {
    const bool masked = !beginMask.empty() && beginMask[d] == 1;
    const int64_t begin =
        masked ? (stride > 0 ? 0 : std::numeric_limits<int64_t>::max())
               : op.getBegins()[d];
    begins.push_back(resolveSliceStart(begin, stride, input[d]));
  }
  params.addI64List("begins", begins);
  params.addI64List("strides", op.getStrides());
}

void addInterpolateParams(SWInterpolateOp op, SWKernelParams &params) {
  ArrayRef<int64_t> input = shapeOf(op.getInput());
  const int64_t rank = input.size();
  params.addI64("mode", static_cast<int64_t>(op.getMode()));
  params.addI64("coord_mode", static_cast<int64_t>(op.getCoordMode()));
  params.addI64("nearest_mode", static_cast<int64_t>(op.getNearestMode()));
  params.addF32("cubic_coeff_a", op.getCubicCoeffA().convertToDouble());
  params.addFlag("exclude_outside", op.getExcludeOutside());
  params.addF32("extrapolation_value",
                op.getExtrapolationValue().convertToDouble());
  SmallVector<double, 8> scales;
  if (std::optional<ArrayRef<double>> given = op.getScales()) {
    scales.assign(given->begin(), given->end());
  } else {
    ArrayRef<int64_t> sizes = *op.getSizes();
    for (int64_t d = 0; d < rank; ++d) {
      scales.push_back(static_cast<double>(sizes[d]) /
                       static_cast<double>(input[d]));
    }
  }
  params.addF32List("scales", scales);
  SmallVector<double, 8> roiStart, roiEnd;
  if (std::optional<ArrayRef<double>> roi = op.getRoi()) {
    roiStart.assign(roi->begin(), roi->begin() + rank);
    roiEnd.assign(roi->begin() + rank, roi->end());
  }
  params.addF32List("roi_start", roiStart);
  params.addF32List("roi_end", roiEnd);
}

bool isPerAxis(Type type) {
  return llvm::isa<quant::UniformQuantizedPerAxisType>(
      llvm::cast<ShapedType>(type).getElementType());
}

void addQuantParams(Type type, SWKernelParams &params) {
  Type elementType = llvm::cast<ShapedType>(type).getElementType();
  if (auto perTensor =
          llvm::dyn_cast<quant::UniformQuantizedType>(elementType)) {
    params.addF32("scale", perTensor.getScale());
    params.addI64("zero_point", perTensor.getZeroPoint());
  } else {
    auto perAxis = llvm::cast<quant::UniformQuantizedPerAxisType>(elementType);
    params.addI64("axis", perAxis.getQuantizedDimension());
  }
  auto quantized = llvm::cast<quant::QuantizedType>(elementType);
  params.addI64("storage_min", quantized.getStorageTypeMin());
  params.addI64("storage_max", quantized.getStorageTypeMax());
}

bool isQuantizedLayer(Operation *layer) {
  return layer->getNumOperands() > 0 &&
         llvm::isa<quant::QuantizedType>(
             getElementTypeOrSelf(layer->getOperand(0).getType()));
}

void addQuantizedLayerParams(Operation *layer, SWKernelParams &params) {
  if (!isQuantizedLayer(layer)) {
    return;
  }
  auto input = llvm::cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(layer->getOperand(0).getType()));
  auto output = llvm::cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(layer->getResult(0).getType()));
  params.addI64("input_zero_point", input.getZeroPoint());
  params.addI64("output_zero_point", output.getZeroPoint());
  params.addI64("storage_min", output.getStorageTypeMin());
  params.addI64("storage_max", output.getStorageTypeMax());
  params.addF32("output_scale", output.getScale());
  addPostOpParams(layer, params);
}

void addQuantizedPoolParams(Operation *layer, SWKernelParams &params) {
  if (!isQuantizedLayer(layer)) {
    return;
  }
  auto input = llvm::cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(layer->getOperand(0).getType()));
  params.addF32("input_scale", input.getScale());
  addQuantizedLayerParams(layer, params);
}

void addQuantizedEltwiseParams(Operation *layer, SWKernelParams &params) {
  if (!isQuantizedLayer(layer)) {
    return;
  }
  const char *prefixes[] = {"input1_", "input2_", "output_"};
  Value values[] = {layer->getOperand(0), layer->getOperand(1),
                    layer->getResult(0)};
  for (auto [prefix, value] : llvm::zip_equal(prefixes, values)) {
    auto type = llvm::cast<quant::UniformQuantizedType>(
        getElementTypeOrSelf(value.getType()));
    params.addF32((prefix + llvm::Twine("scale")).str(), type.getScale());
    params.addI64((prefix + llvm::Twine("zero_point")).str(),
                  type.getZeroPoint());
  }
  auto output = llvm::cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(layer->getResult(0).getType()));
  params.addI64("storage_min", output.getStorageTypeMin());
  params.addI64("storage_max", output.getStorageTypeMax());
  addPostOpParams(layer, params);
}

void addRNNParams(SWKernelParams &params, int64_t hiddenSize,
                  ArrayAttr activations, ArrayRef<StringRef> names,
                  std::optional<llvm::APFloat> clip) {
  params.addI64("hidden_size", hiddenSize);
  for (auto [name, activation] : llvm::zip(names, activations)) {
    params.addI64(name, llvm::StringSwitch<int64_t>(
                            llvm::cast<StringAttr>(activation).getValue())
                            .Case("sigmoid", 0)
                            .Case("tanh", 1)
                            .Case("relu", 2)
                            .Default(-1));
  }
  params.addF32("clip", clip ? clip->convertToDouble() : 0.0);
}

} // namespace mlir::vpuc::VPU::detail
