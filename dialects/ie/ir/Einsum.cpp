//===- Einsum.cpp - IE.Einsum -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks, result type inference and cost of IE.Einsum; the equation rules are
// in EinsumEquation.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/EinsumEquation.h"
#include "dialects/ie/ir/NNUtils.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

LogicalResult EinsumOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                        Components &components) {
  ValueRange inputs = adaptor.getInputs();
  if (inputs.empty()) {
    return emitError() << "expects at least one input";
  }
  Type elemType =
      llvm::cast<ShapedType>(inputs.front().getType()).getElementType();
  SmallVector<ArrayRef<int64_t>, 2> shapes;
  for (Value input : inputs) {
    auto type = llvm::cast<ShapedType>(input.getType());
    if (type.getElementType() != elemType) {
      return emitError() << "expects inputs of one element type, got "
                         << elemType << " and " << type.getElementType();
    }
    shapes.push_back(type.getShape());
  }
  FailureOr<detail::EinsumEquation> parsed = detail::parseEinsumEquation(
      emitError, adaptor.getEquation(), inputs.size());
  if (failed(parsed)) {
    return failure();
  }
  FailureOr<detail::EinsumExtents> extents = detail::getEinsumExtents(
      emitError, adaptor.getEquation(), *parsed, shapes);
  if (failed(extents)) {
    return failure();
  }
  components.emplace_back(detail::getEinsumOutputShape(*parsed, *extents),
                          elemType);
  return success();
}

/// The product of the extents of all labels (every output element sums over the
/// summed labels), for two inputs; a single input only adds.
std::optional<int64_t> EinsumOp::getNumMACs() {
  if (getInputs().size() != 2) {
    return 0;
  }
  auto noError = [] { return InFlightDiagnostic(); };
  FailureOr<detail::EinsumEquation> parsed =
      detail::parseEinsumEquation(noError, getEquation(), getInputs().size());
  if (failed(parsed)) {
    return std::nullopt;
  }
  SmallVector<ArrayRef<int64_t>, 2> shapes;
  for (Value input : getInputs()) {
    shapes.push_back(llvm::cast<ShapedType>(input.getType()).getShape());
  }
  FailureOr<detail::EinsumExtents> extents =
      detail::getEinsumExtents(noError, getEquation(), *parsed, shapes);
  std::optional<int64_t> macs = detail::getStaticCount(
      llvm::cast<ShapedType>(getOutput().getType()).getShape());
  if (failed(extents) || !macs) {
    return std::nullopt;
  }
  for (char label : parsed->summed) {
    const int64_t extent = (*extents)[static_cast<unsigned char>(label)];
    if (ShapedType::isDynamic(extent)) {
      return std::nullopt;
    }
    *macs *= extent;
  }
  return macs;
}

/// Two per MAC for two inputs; one addition per input element for a single
/// input that sums over some label (none for a pure transpose).
std::optional<int64_t> EinsumOp::getNumFLOPs() {
  if (getInputs().size() == 2) {
    std::optional<int64_t> macs = getNumMACs();
    return macs ? std::optional<int64_t>(2 * *macs) : std::nullopt;
  }
  auto inputType = llvm::cast<ShapedType>(getInputs().front().getType());
  auto outputType = llvm::cast<ShapedType>(getOutput().getType());
  if (inputType.getRank() == outputType.getRank()) {
    return 0;
  }
  return detail::getStaticCount(inputType.getShape());
}

} // namespace mlir::vpuc::IE
