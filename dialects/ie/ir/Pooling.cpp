//===- Pooling.cpp - Pooling, reduction and SoftMax IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers, result type inference and cost of IE.MaxPool, IE.AvgPool,
// IE.LpPool, the IE.Reduce* ops, IE.SoftMax and IE.LogSoftMax. The shape rules
// are in NNUtils.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/NNUtils.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::vpuc::IE {

namespace {

ArrayRef<int64_t> shapeOf(Value value) {
  return llvm::cast<ShapedType>(value.getType()).getShape();
}

detail::Window poolWindow(ArrayRef<int64_t> strides,
                          ArrayRef<int64_t> padsBegin,
                          ArrayRef<int64_t> padsEnd) {
  detail::Window window;
  window.strides = strides;
  window.padsBegin = padsBegin;
  window.padsEnd = padsEnd;
  return window;
}

/// Verifier of a pool op.
template <typename OpT> LogicalResult verifyPool(OpT op) {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferPoolShape(
          shapeOf(op.getInput()), op.getKernelSize(),
          poolWindow(op.getStrides(), op.getPadsBegin(), op.getPadsEnd()),
          op.getRoundingType() == RoundingType::CEIL, shape, error))) {
    return op.emitOpError() << error;
  }
  return success();
}

/// Type inference of a pool op.
template <typename Adaptor>
LogicalResult inferPool(std::optional<Location> loc, Adaptor adaptor,
                        SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 4> shape;
  std::string error;
  if (failed(detail::inferPoolShape(
          shapeOf(adaptor.getInput()), adaptor.getKernelSize(),
          poolWindow(adaptor.getStrides(), adaptor.getPadsBegin(),
                     adaptor.getPadsEnd()),
          adaptor.getRoundingType() == RoundingType::CEIL, shape, error))) {
    return emitOptionalError(loc, error);
  }
  auto type = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  components.emplace_back(shape, type.getElementType(), type.getEncoding());
  return success();
}

/// Pool FLOPs: one operation per window element per output element (plus the
/// division of an average).
std::optional<int64_t> poolFLOPs(Value output, ArrayRef<int64_t> kernel,
                                 int64_t extra) {
  std::optional<int64_t> out = detail::getStaticCount(shapeOf(output));
  std::optional<int64_t> window = detail::getStaticCount(kernel);
  if (!out || !window) {
    return std::nullopt;
  }
  return *out * (*window + extra);
}

/// The result shape of a reduction.
LogicalResult inferReduceShape(ArrayRef<int64_t> input, ArrayRef<int64_t> axes,
                               bool keepDims, SmallVectorImpl<int64_t> &shape,
                               std::string &error) {
  SmallVector<int64_t, 6> normalized;
  if (failed(detail::normalizeAxes(axes, static_cast<int64_t>(input.size()),
                                   normalized, error))) {
    return failure();
  }
  for (auto [d, dim] : llvm::enumerate(input)) {
    if (!llvm::is_contained(normalized, static_cast<int64_t>(d))) {
      shape.push_back(dim);
    } else if (keepDims) {
      shape.push_back(1);
    }
  }
  return success();
}

template <typename OpT> LogicalResult verifyReduce(OpT op) {
  SmallVector<int64_t, 6> shape;
  std::string error;
  if (failed(inferReduceShape(shapeOf(op.getInput()), op.getAxes(),
                              op.getKeepDims(), shape, error))) {
    return op.emitOpError() << error;
  }
  return success();
}

template <typename Adaptor>
LogicalResult inferReduce(std::optional<Location> loc, Adaptor adaptor,
                          SmallVectorImpl<ShapedTypeComponents> &components) {
  SmallVector<int64_t, 6> shape;
  std::string error;
  if (failed(inferReduceShape(shapeOf(adaptor.getInput()), adaptor.getAxes(),
                              adaptor.getKeepDims(), shape, error))) {
    return emitOptionalError(loc, error);
  }
  auto type = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  components.emplace_back(shape, type.getElementType(),
                          adaptor.getKeepDims() ? type.getEncoding()
                                                : Attribute());
  return success();
}

/// Reduction FLOPs: `perInput` operations per input element plus `perOutput`
/// per result.
std::optional<int64_t> reduceFLOPs(Operation *op, int64_t perInput,
                                   int64_t perOutput) {
  std::optional<int64_t> in =
      detail::getStaticCount(shapeOf(op->getOperand(0)));
  std::optional<int64_t> out =
      detail::getStaticCount(shapeOf(op->getResult(0)));
  if (!in || !out) {
    return std::nullopt;
  }
  return *in * perInput + *out * perOutput;
}

template <typename OpT> LogicalResult verifySoftMax(OpT op) {
  int64_t axis;
  std::string error;
  if (failed(detail::normalizeAxis(
          op.getAxis(), op.getInput().getType().getRank(), axis, error))) {
    return op.emitOpError() << error;
  }
  return success();
}

template <typename Adaptor>
LogicalResult inferSoftMax(std::optional<Location> loc, Adaptor adaptor,
                           SmallVectorImpl<ShapedTypeComponents> &components) {
  auto type = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  int64_t axis;
  std::string error;
  if (failed(detail::normalizeAxis(adaptor.getAxis(), type.getRank(), axis,
                                   error))) {
    return emitOptionalError(loc, error);
  }
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

/// Checks that a quantized pool `op` (`what`: "max", "average") takes a
/// tensor quantized per tensor: the pool reads one scale and zero point.
static LogicalResult verifyQuantizedPool(Operation *op, Value input,
                                         StringRef what) {
  Type elementType = getElementTypeOrSelf(input.getType());
  if (llvm::isa<quant::QuantizedType>(elementType) &&
      !llvm::isa<quant::UniformQuantizedType>(elementType)) {
    return op->emitOpError()
           << "a quantized " << what
           << " pool takes a tensor quantized per tensor, got " << elementType;
  }
  return success();
}

LogicalResult MaxPoolOp::verifyBeforeInference() {
  if (failed(verifyQuantizedPool(*this, getInput(), "max"))) {
    return failure();
  }
  return verifyPool(*this);
}

LogicalResult MaxPoolOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return inferPool(loc, adaptor, components);
}

std::optional<int64_t> MaxPoolOp::getNumMACs() { return 0; }

std::optional<int64_t> MaxPoolOp::getNumFLOPs() {
  return poolFLOPs(getOutput(), getKernelSize(), 0);
}

LogicalResult AvgPoolOp::verifyBeforeInference() {
  if (failed(verifyQuantizedPool(*this, getInput(), "average"))) {
    return failure();
  }
  return verifyPool(*this);
}

LogicalResult AvgPoolOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return inferPool(loc, adaptor, components);
}

std::optional<int64_t> AvgPoolOp::getNumMACs() { return 0; }

std::optional<int64_t> AvgPoolOp::getNumFLOPs() {
  return poolFLOPs(getOutput(), getKernelSize(), 1);
}

LogicalResult LpPoolOp::verifyBeforeInference() {
  if (getP() < 1) {
    return emitOpError() << "p must be >= 1, got " << getP();
  }
  return verifyPool(*this);
}

LogicalResult LpPoolOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return inferPool(loc, adaptor, components);
}

std::optional<int64_t> LpPoolOp::getNumMACs() { return 0; }

std::optional<int64_t> LpPoolOp::getNumFLOPs() {
  // |x|^p and the sum per window element, the root per output element.
  std::optional<int64_t> flops = poolFLOPs(getOutput(), getKernelSize(), 1);
  return flops ? std::optional<int64_t>(*flops * 2) : std::nullopt;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

#define VPUC_IE_DEFINE_REDUCE(OpT, perInput, perOutput)                        \
  LogicalResult OpT::verifyBeforeInference() { return verifyReduce(*this); }   \
  LogicalResult OpT::inferReturnTypeComponents(                                \
      MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,          \
      SmallVectorImpl<ShapedTypeComponents> &components) {                     \
    return inferReduce(loc, adaptor, components);                              \
  }                                                                            \
  std::optional<int64_t> OpT::getNumMACs() { return 0; }                       \
  std::optional<int64_t> OpT::getNumFLOPs() {                                  \
    return reduceFLOPs(getOperation(), perInput, perOutput);                   \
  }

VPUC_IE_DEFINE_REDUCE(ReduceMeanOp, 1, 1)
VPUC_IE_DEFINE_REDUCE(ReduceSumOp, 1, 0)
VPUC_IE_DEFINE_REDUCE(ReduceMaxOp, 1, 0)
VPUC_IE_DEFINE_REDUCE(ReduceMinOp, 1, 0)
VPUC_IE_DEFINE_REDUCE(ReduceL2Op, 2, 1)
VPUC_IE_DEFINE_REDUCE(ReduceProdOp, 1, 0)

std::optional<std::array<int64_t, 2>> getGlobalPoolWindow(ReduceMeanOp mean) {
  auto type = llvm::dyn_cast<RankedTensorType>(mean.getInput().getType());
  if (!mean.getKeepDims() || !type || type.getRank() != 4 ||
      !type.hasStaticShape()) {
    return std::nullopt;
  }
  SmallVector<int64_t, 2> axes;
  for (int64_t axis : mean.getAxes()) {
    axes.push_back(axis < 0 ? axis + 4 : axis);
  }
  llvm::sort(axes);
  if (axes != SmallVector<int64_t, 2>{2, 3}) {
    return std::nullopt;
  }
  return std::array<int64_t, 2>{type.getDimSize(2), type.getDimSize(3)};
}

#undef VPUC_IE_DEFINE_REDUCE

//===----------------------------------------------------------------------===//
// SoftMax
//===----------------------------------------------------------------------===//

LogicalResult SoftMaxOp::verifyBeforeInference() {
  return verifySoftMax(*this);
}

LogicalResult SoftMaxOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return inferSoftMax(loc, adaptor, components);
}

std::optional<int64_t> SoftMaxOp::getNumMACs() { return 0; }

/// max, subtract, exp, sum and divide per element.
std::optional<int64_t> SoftMaxOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), 5);
}

LogicalResult LogSoftMaxOp::verifyBeforeInference() {
  return verifySoftMax(*this);
}

LogicalResult LogSoftMaxOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return inferSoftMax(loc, adaptor, components);
}

std::optional<int64_t> LogSoftMaxOp::getNumMACs() { return 0; }

/// max, subtract, exp, sum and subtract per element (one log per row is
/// negligible).
std::optional<int64_t> LogSoftMaxOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), 5);
}

} // namespace mlir::vpuc::IE
