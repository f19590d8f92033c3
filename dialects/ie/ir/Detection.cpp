//===- Detection.cpp - IE CTC decoder and YOLO ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks, result type inference and cost of the detection helpers; the shape
// rules are in MiscOpShapes.cpp. Results have the input's element type and no
// layout encoding.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/MiscOpShapes.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

static RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// Appends `shape` with the element type of `input`, if `shape` succeeded.
static LogicalResult addResult(FailureOr<detail::DimVector> shape, Value input,
                               Components &components) {
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, getTensorType(input).getElementType());
  return success();
}

/// The static element count of `value`'s type, or nullopt.
static std::optional<int64_t> getStaticElements(Value value) {
  RankedTensorType type = getTensorType(value);
  if (!type.hasStaticShape()) {
    return std::nullopt;
  }
  return type.getNumElements();
}

//===----------------------------------------------------------------------===//
// CTCGreedyDecoder
//===----------------------------------------------------------------------===//

LogicalResult CTCGreedyDecoderOp::inferComponents(ErrorFn emitError,
                                                  Adaptor adaptor,
                                                  Components &components) {
  return addResult(detail::inferCTCGreedyDecoderShape(
                       emitError, getTensorType(adaptor.getData()).getShape(),
                       getTensorType(adaptor.getSequenceMask()).getShape()),
                   adaptor.getData(), components);
}

std::optional<int64_t> CTCGreedyDecoderOp::getNumMACs() { return 0; }

/// One comparison per score (the arg max).
std::optional<int64_t> CTCGreedyDecoderOp::getNumFLOPs() {
  return getStaticElements(getData());
}

//===----------------------------------------------------------------------===//
// RegionYolo
//===----------------------------------------------------------------------===//

/// The attributes of a RegionYolo op or adaptor.
template <typename OpOrAdaptor>
static detail::RegionYoloConfig getRegionYoloConfig(OpOrAdaptor op) {
  detail::RegionYoloConfig config;
  config.coords = static_cast<int64_t>(op.getCoords());
  config.classes = static_cast<int64_t>(op.getClasses());
  config.num = static_cast<int64_t>(op.getNum());
  config.doSoftmax = op.getDoSoftmax();
  config.mask = op.getMask();
  config.axis = static_cast<int64_t>(op.getAxis());
  config.endAxis = static_cast<int64_t>(op.getEndAxis());
  config.numAnchors = op.getAnchors().size();
  return config;
}

LogicalResult RegionYoloOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                            Components &components) {
  return addResult(detail::inferRegionYoloShape(
                       emitError, getTensorType(adaptor.getInput()).getShape(),
                       getRegionYoloConfig(adaptor)),
                   adaptor.getInput(), components);
}

std::optional<int64_t> RegionYoloOp::getNumMACs() { return 0; }

/// About four operations per element (a sigmoid, or exp, sum and division of
/// the softmax).
std::optional<int64_t> RegionYoloOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), 4);
}

//===----------------------------------------------------------------------===//
// ReorgYolo
//===----------------------------------------------------------------------===//

LogicalResult ReorgYoloOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                           Components &components) {
  return addResult(detail::inferReorgYoloShape(
                       emitError, getTensorType(adaptor.getInput()).getShape(),
                       static_cast<int64_t>(adaptor.getStride())),
                   adaptor.getInput(), components);
}

std::optional<int64_t> ReorgYoloOp::getNumMACs() { return 0; }

/// Pure data movement.
std::optional<int64_t> ReorgYoloOp::getNumFLOPs() { return 0; }

} // namespace mlir::vpuc::IE
