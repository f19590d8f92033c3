//===- NN.cpp - Convolution and matrix product IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers, result type inference, cost and post-op support of IE.Convolution,
// IE.GroupConvolution, IE.Deconvolution, IE.FullyConnected and IE.MatMul. The
// shape rules are in NNUtils.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <cmath>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/NNUtils.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

namespace {

/// The shape of an optional operand's type.
std::optional<ArrayRef<int64_t>> optionalShape(Value value) {
  if (!value) {
    return std::nullopt;
  }
  return llvm::cast<ShapedType>(value.getType()).getShape();
}

ArrayRef<int64_t> shapeOf(Value value) {
  return llvm::cast<ShapedType>(value.getType()).getShape();
}

detail::Window convWindow(ArrayRef<int64_t> strides,
                          ArrayRef<int64_t> padsBegin,
                          ArrayRef<int64_t> padsEnd,
                          ArrayRef<int64_t> dilations) {
  detail::Window window;
  window.strides = strides;
  window.padsBegin = padsBegin;
  window.padsEnd = padsEnd;
  window.dilations = dilations;
  window.hasDilations = true;
  return window;
}

/// Appends a result of `shape` with the element type of `input` and, if
/// `keepEncoding`, its layout encoding.
LogicalResult addResult(Value input, ArrayRef<int64_t> shape, bool keepEncoding,
                        SmallVectorImpl<ShapedTypeComponents> &components) {
  auto type = llvm::cast<RankedTensorType>(input.getType());
  Attribute encoding =
      keepEncoding && type.getRank() == static_cast<int64_t>(shape.size())
          ? type.getEncoding()
          : Attribute();
  components.emplace_back(shape, type.getElementType(), encoding);
  return success();
}

/// True if `postOp` is ReLU, Clamp or LeakyRelu applied to the single result of
/// `layer`.
bool isSupportedActivationOf(Operation *layer, Operation *postOp) {
  if (!postOp || !llvm::isa<ReLUOp, ClampOp, LeakyReluOp>(postOp)) {
    return false;
  }
  return layer->getNumResults() == 1 && postOp->getNumOperands() == 1 &&
         postOp->getOperand(0) == layer->getResult(0);
}

/// MACs of a convolution: output elements times the filter elements per output
/// channel (for a deconvolution: input elements times the filter elements per
/// input channel).
std::optional<int64_t> convMACs(Value output, Value filter) {
  std::optional<int64_t> out = detail::getStaticCount(shapeOf(output));
  ArrayRef<int64_t> f = shapeOf(filter);
  std::optional<int64_t> perOutput = detail::getStaticCount(f.drop_front());
  if (!out || !perOutput) {
    return std::nullopt;
  }
  return *out * *perOutput;
}

/// 2 FLOPs per MAC plus one addition per output element for a bias.
std::optional<int64_t> flopsWithBias(std::optional<int64_t> macs, Value output,
                                     Value bias) {
  std::optional<int64_t> out = detail::getStaticCount(shapeOf(output));
  if (!macs || !out) {
    return std::nullopt;
  }
  return 2 * *macs + (bias ? *out : 0);
}

/// The output shape of a (grouped) convolution, from the op or from its adaptor
/// (which share accessor names).
template <typename OpOrAdaptor>
LogicalResult inferConvShapeOf(OpOrAdaptor op, int64_t groups,
                               SmallVectorImpl<int64_t> &shape,
                               std::string &error) {
  return detail::inferConvShape(shapeOf(op.getInput()), shapeOf(op.getFilter()),
                                optionalShape(op.getBias()),
                                convWindow(op.getStrides(), op.getPadsBegin(),
                                           op.getPadsEnd(), op.getDilations()),
                                groups, shape, error);
}

/// The scales of a uniform quantized type, one per channel of axis `axis` (a
/// per-tensor type: one scale), or nothing for another per-axis dim.
std::optional<SmallVector<double>> getScales(Type type, int64_t axis) {
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(type)) {
    return SmallVector<double>{perTensor.getScale()};
  }
  auto perAxis = llvm::cast<quant::UniformQuantizedPerAxisType>(type);
  if (perAxis.getQuantizedDimension() != axis) {
    return std::nullopt;
  }
  return SmallVector<double>(perAxis.getScales());
}

/// The zero points of a uniform quantized type.
SmallVector<int64_t> getZeroPoints(Type type) {
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(type)) {
    return {perTensor.getZeroPoint()};
  }
  return SmallVector<int64_t>(
      llvm::cast<quant::UniformQuantizedPerAxisType>(type).getZeroPoints());
}

} // namespace

LogicalResult detail::checkConvElementTypes(Type input, Type filter, Type bias,
                                            Type output, std::string &reason) {
  llvm::raw_string_ostream os(reason);
  Type inputType = getElementTypeOrSelf(input);
  Type filterType = getElementTypeOrSelf(filter);
  Type outputType = getElementTypeOrSelf(output);
  if (!llvm::isa<quant::QuantizedType>(inputType)) {
    if (filterType != inputType || outputType != inputType) {
      os << "a float layer has one element type for input, filter and "
            "output, got "
         << inputType << ", " << filterType << " and " << outputType;
      return failure();
    }
    if (bias && !llvm::isa<FloatType>(getElementTypeOrSelf(bias))) {
      os << "the bias of a float layer is a float tensor";
      return failure();
    }
    return success();
  }
  auto is8Bit = [](Type type) {
    auto quantType = llvm::dyn_cast<quant::QuantizedType>(type);
    return quantType && quantType.getStorageTypeIntegralWidth() == 8;
  };
  auto inputQuant = llvm::dyn_cast<quant::UniformQuantizedType>(inputType);
  auto outputQuant = llvm::dyn_cast<quant::UniformQuantizedType>(outputType);
  if (!inputQuant || !outputQuant || !is8Bit(inputType) ||
      !is8Bit(outputType)) {
    os << "a quantized layer has per-tensor quantized input and output with "
          "8-bit storage, got "
       << inputType << " and " << outputType;
    return failure();
  }
  std::optional<SmallVector<double>> filterScales =
      is8Bit(filterType) ? getScales(filterType, 0) : std::nullopt;
  if (!filterScales) {
    os << "the filter of a quantized layer is quantized per tensor or per "
          "output channel (axis 0) with 8-bit storage, got "
       << filterType;
    return failure();
  }
  if (!bias) {
    return success();
  }
  Type biasType = getElementTypeOrSelf(bias);
  auto biasQuant = llvm::dyn_cast<quant::QuantizedType>(biasType);
  const int64_t biasAxis = llvm::cast<ShapedType>(bias).getRank() == 1 ? 0 : 1;
  std::optional<SmallVector<double>> biasScales =
      biasQuant && biasQuant.getStorageTypeIntegralWidth() == 32
          ? getScales(biasType, biasAxis)
          : std::nullopt;
  if (!biasScales) {
    os << "the bias of a quantized layer is quantized per tensor or per "
          "output channel with 32-bit storage, got "
       << biasType;
    return failure();
  }
  if (llvm::any_of(getZeroPoints(biasType),
                   [](int64_t zeroPoint) { return zeroPoint != 0; })) {
    os << "the bias of a quantized layer has zero points 0, got " << biasType;
    return failure();
  }
  // The bias is added to the integer accumulator: its scale per channel is
  // the input scale times the filter's (to float precision).
  const size_t channels = std::max(biasScales->size(), filterScales->size());
  for (size_t c = 0; c < channels; ++c) {
    const double expected = inputQuant.getScale() *
                            (*filterScales)[filterScales->size() == 1 ? 0 : c];
    const double actual = (*biasScales)[biasScales->size() == 1 ? 0 : c];
    if (std::abs(actual - expected) > 1e-5 * expected) {
      os << "the bias scale of output channel " << c << " is " << actual
         << ", but a quantized layer needs input scale x filter scale = "
         << expected;
      return failure();
    }
  }
  return success();
}

namespace {

/// The element-type rules of (group) convolutions, as the op's verifier.
LogicalResult verifyConvElementTypes(Operation *op, Value input, Value filter,
                                     Value bias, Value output) {
  std::string reason;
  if (failed(detail::checkConvElementTypes(input.getType(), filter.getType(),
                                           bias ? bias.getType() : Type(),
                                           output.getType(), reason))) {
    return op->emitOpError() << reason;
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

LogicalResult ConvolutionOp::verifyBeforeInference() {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(inferConvShapeOf(*this, 1, shape, error))) {
    return emitOpError() << error;
  }
  return verifyConvElementTypes(*this, getInput(), getFilter(), getBias(),
                                getOutput());
}

LogicalResult ConvolutionOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(inferConvShapeOf(adaptor, 1, shape, error))) {
    return emitOptionalError(loc, error);
  }
  return addResult(adaptor.getInput(), shape, /*keepEncoding=*/true,
                   components);
}

std::optional<int64_t> ConvolutionOp::getNumMACs() {
  return convMACs(getOutput(), getFilter());
}

std::optional<int64_t> ConvolutionOp::getNumFLOPs() {
  return flopsWithBias(getNumMACs(), getOutput(), getBias());
}

bool ConvolutionOp::isSupportedPostOp(Operation *postOp) {
  return isSupportedActivationOf(getOperation(), postOp);
}

//===----------------------------------------------------------------------===//
// GroupConvolution
//===----------------------------------------------------------------------===//

LogicalResult GroupConvolutionOp::verifyBeforeInference() {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(inferConvShapeOf(*this, getGroups(), shape, error))) {
    return emitOpError() << error;
  }
  return verifyConvElementTypes(*this, getInput(), getFilter(), getBias(),
                                getOutput());
}

LogicalResult GroupConvolutionOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(inferConvShapeOf(adaptor, adaptor.getGroups(), shape, error))) {
    return emitOptionalError(loc, error);
  }
  return addResult(adaptor.getInput(), shape, /*keepEncoding=*/true,
                   components);
}

std::optional<int64_t> GroupConvolutionOp::getNumMACs() {
  return convMACs(getOutput(), getFilter());
}

std::optional<int64_t> GroupConvolutionOp::getNumFLOPs() {
  return flopsWithBias(getNumMACs(), getOutput(), getBias());
}

bool GroupConvolutionOp::isSupportedPostOp(Operation *postOp) {
  return isSupportedActivationOf(getOperation(), postOp);
}

//===----------------------------------------------------------------------===//
// FullyConnected
//===----------------------------------------------------------------------===//

LogicalResult FullyConnectedOp::verifyBeforeInference() {
  SmallVector<int64_t, 2> shape;
  std::string error;
  if (failed(detail::inferFullyConnectedShape(
          shapeOf(getInput()), shapeOf(getWeights()), optionalShape(getBias()),
          shape, error))) {
    return emitOpError() << error;
  }
  return success();
}

LogicalResult FullyConnectedOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 2> shape;
  std::string error;
  if (failed(detail::inferFullyConnectedShape(
          shapeOf(adaptor.getInput()), shapeOf(adaptor.getWeights()),
          optionalShape(adaptor.getBias()), shape, error))) {
    return emitOptionalError(loc, error);
  }
  return addResult(adaptor.getInput(), shape, /*keepEncoding=*/false,
                   components);
}

std::optional<int64_t> FullyConnectedOp::getNumMACs() {
  std::optional<int64_t> out = detail::getStaticCount(shapeOf(getOutput()));
  int64_t k = shapeOf(getWeights())[1];
  if (!out || k < 0) {
    return std::nullopt;
  }
  return *out * k;
}

std::optional<int64_t> FullyConnectedOp::getNumFLOPs() {
  return flopsWithBias(getNumMACs(), getOutput(), getBias());
}

bool FullyConnectedOp::isSupportedPostOp(Operation *postOp) {
  return isSupportedActivationOf(getOperation(), postOp);
}

//===----------------------------------------------------------------------===//
// MatMul
//===----------------------------------------------------------------------===//

LogicalResult MatMulOp::verifyBeforeInference() {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferMatMulShape(shapeOf(getInput1()),
                                      shapeOf(getInput2()), getTransposeA(),
                                      getTransposeB(), shape, error))) {
    return emitOpError() << error;
  }
  return success();
}

LogicalResult MatMulOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferMatMulShape(
          shapeOf(adaptor.getInput1()), shapeOf(adaptor.getInput2()),
          adaptor.getTransposeA(), adaptor.getTransposeB(), shape, error))) {
    return emitOptionalError(loc, error);
  }
  return addResult(adaptor.getInput1(), shape, /*keepEncoding=*/false,
                   components);
}

std::optional<int64_t> MatMulOp::getNumMACs() {
  std::optional<int64_t> out = detail::getStaticCount(shapeOf(getOutput()));
  ArrayRef<int64_t> a = shapeOf(getInput1());
  int64_t k =
      a.size() == 1 ? a[0] : (getTransposeA() ? a[a.size() - 2] : a.back());
  if (!out || k < 0) {
    return std::nullopt;
  }
  return *out * k;
}

std::optional<int64_t> MatMulOp::getNumFLOPs() {
  std::optional<int64_t> macs = getNumMACs();
  if (!macs) {
    return std::nullopt;
  }
  return 2 * *macs;
}

//===----------------------------------------------------------------------===//
// Deconvolution
//===----------------------------------------------------------------------===//

LogicalResult DeconvolutionOp::verifyBeforeInference() {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferDeconvShape(
          shapeOf(getInput()), shapeOf(getFilter()), optionalShape(getBias()),
          convWindow(getStrides(), getPadsBegin(), getPadsEnd(),
                     getDilations()),
          getOutputPadding(), getGroups(), shape, error))) {
    return emitOpError() << error;
  }
  return success();
}

LogicalResult DeconvolutionOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferDeconvShape(
          shapeOf(adaptor.getInput()), shapeOf(adaptor.getFilter()),
          optionalShape(adaptor.getBias()),
          convWindow(adaptor.getStrides(), adaptor.getPadsBegin(),
                     adaptor.getPadsEnd(), adaptor.getDilations()),
          adaptor.getOutputPadding(), adaptor.getGroups(), shape, error))) {
    return emitOptionalError(loc, error);
  }
  return addResult(adaptor.getInput(), shape, /*keepEncoding=*/true,
                   components);
}

/// Every input element is multiplied by the filter taps of each output channel
/// of its group.
std::optional<int64_t> DeconvolutionOp::getNumMACs() {
  return convMACs(getInput(), getFilter());
}

std::optional<int64_t> DeconvolutionOp::getNumFLOPs() {
  return flopsWithBias(getNumMACs(), getOutput(), getBias());
}

} // namespace mlir::vpuc::IE
