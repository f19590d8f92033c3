//===- Recurrent.cpp - IE LSTM and GRU ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks, result type inference and cost of the recurrent layers. The shape
// rules are in MiscOpShapes.cpp; every result has the element type of `input`
// and no layout encoding.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/MiscOpShapes.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using detail::RNNConfig;
using detail::RNNKind;
using Components = SmallVectorImpl<ShapedTypeComponents>;

namespace {

/// The number of directions of a sequence layer.
int64_t getNumDirections(RNNDirection direction) {
  return direction == RNNDirection::BIDIRECTIONAL ? 2 : 1;
}

/// Shared inferComponents of the recurrent layers: attribute checks, then
/// shapes.
template <typename AdaptorT>
LogicalResult inferRNNComponents(ErrorFn emitError, AdaptorT adaptor,
                                 const RNNConfig &config,
                                 Components &components) {
  SmallVector<StringRef, 3> activations;
  for (Attribute name : adaptor.getActivations()) {
    activations.push_back(llvm::cast<StringAttr>(name).getValue());
  }
  std::optional<double> clip;
  if (std::optional<APFloat> value = adaptor.getClip()) {
    clip = value->convertToDouble();
  }
  const size_t numActivations = config.kind == RNNKind::GRUSequence ? 2 : 3;
  if (failed(detail::checkRNNAttributes(emitError, activations, numActivations,
                                        clip))) {
    return failure();
  }
  SmallVector<ArrayRef<int64_t>, 6> shapes;
  for (Value operand : adaptor.getOperands()) {
    shapes.push_back(llvm::cast<ShapedType>(operand.getType()).getShape());
  }
  FailureOr<SmallVector<detail::DimVector, 3>> results =
      detail::inferRNNShapes(emitError, config, shapes);
  if (failed(results)) {
    return failure();
  }
  Type elemType =
      llvm::cast<ShapedType>(adaptor.getInput().getType()).getElementType();
  for (const detail::DimVector &shape : *results) {
    components.emplace_back(shape, elemType);
  }
  return success();
}

/// MACs of `steps` steps of a recurrent layer with `gates` gate blocks: for
/// each, batch x (gates * hidden) dot products of length input_size +
/// hidden_size.
std::optional<int64_t> rnnMACs(Value input, int64_t steps, int64_t directions,
                               int64_t gates, int64_t hidden) {
  auto type = llvm::cast<ShapedType>(input.getType());
  if (!type.hasStaticShape() || ShapedType::isDynamic(steps)) {
    return std::nullopt;
  }
  const int64_t batch = type.getDimSize(0);
  const int64_t inputSize = type.getShape().back();
  return directions * steps * batch * gates * hidden * (inputSize + hidden);
}

/// 2 FLOPs per MAC plus `perUnit` per hidden unit, batch entry, step and
/// direction.
std::optional<int64_t> rnnFLOPs(std::optional<int64_t> macs, Value input,
                                int64_t steps, int64_t directions,
                                int64_t hidden, int64_t perUnit) {
  if (!macs) {
    return std::nullopt;
  }
  const int64_t batch = llvm::cast<ShapedType>(input.getType()).getDimSize(0);
  return 2 * *macs + directions * steps * batch * hidden * perUnit;
}

/// Per hidden unit and step of an LSTM: 4 bias additions, 5 activations, 3
/// operations for the cell update and 1 for the output.
constexpr int64_t kLSTMUnitFLOPs = 13;
/// Per hidden unit and step of a GRU: 3 bias additions, 3 activations, the
/// reset product and 4 operations for the blend (one more addition with
/// linear_before_reset).
constexpr int64_t kGRUUnitFLOPs = 11;

} // namespace

//===----------------------------------------------------------------------===//
// LSTMCell
//===----------------------------------------------------------------------===//

LogicalResult LSTMCellOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                          Components &components) {
  RNNConfig config{RNNKind::LSTMCell,
                   static_cast<int64_t>(adaptor.getHiddenSize())};
  return inferRNNComponents(emitError, adaptor, config, components);
}

std::optional<int64_t> LSTMCellOp::getNumMACs() {
  return rnnMACs(getInput(), 1, 1, 4, getHiddenSize());
}

std::optional<int64_t> LSTMCellOp::getNumFLOPs() {
  return rnnFLOPs(getNumMACs(), getInput(), 1, 1, getHiddenSize(),
                  kLSTMUnitFLOPs);
}

//===----------------------------------------------------------------------===//
// LSTMSequence
//===----------------------------------------------------------------------===//

LogicalResult LSTMSequenceOp::inferComponents(ErrorFn emitError,
                                              Adaptor adaptor,
                                              Components &components) {
  RNNConfig config{RNNKind::LSTMSequence,
                   static_cast<int64_t>(adaptor.getHiddenSize()),
                   getNumDirections(adaptor.getDirection())};
  return inferRNNComponents(emitError, adaptor, config, components);
}

std::optional<int64_t> LSTMSequenceOp::getNumMACs() {
  return rnnMACs(getInput(), getInput().getType().getDimSize(1),
                 getNumDirections(getDirection()), 4, getHiddenSize());
}

std::optional<int64_t> LSTMSequenceOp::getNumFLOPs() {
  return rnnFLOPs(getNumMACs(), getInput(), getInput().getType().getDimSize(1),
                  getNumDirections(getDirection()), getHiddenSize(),
                  kLSTMUnitFLOPs);
}

//===----------------------------------------------------------------------===//
// GRUSequence
//===----------------------------------------------------------------------===//

LogicalResult GRUSequenceOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                             Components &components) {
  RNNConfig config{
      RNNKind::GRUSequence, static_cast<int64_t>(adaptor.getHiddenSize()),
      getNumDirections(adaptor.getDirection()), adaptor.getLinearBeforeReset()};
  return inferRNNComponents(emitError, adaptor, config, components);
}

std::optional<int64_t> GRUSequenceOp::getNumMACs() {
  return rnnMACs(getInput(), getInput().getType().getDimSize(1),
                 getNumDirections(getDirection()), 3, getHiddenSize());
}

std::optional<int64_t> GRUSequenceOp::getNumFLOPs() {
  return rnnFLOPs(getNumMACs(), getInput(), getInput().getType().getDimSize(1),
                  getNumDirections(getDirection()), getHiddenSize(),
                  kGRUUnitFLOPs + (getLinearBeforeReset() ? 1 : 0));
}

} // namespace mlir::vpuc::IE
