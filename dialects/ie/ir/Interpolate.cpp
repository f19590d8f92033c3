//===- Interpolate.cpp - Verification, type inference and cost of IE.Interpolate
//-*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// IE.Interpolate's inferComponents (the geometry checks of ExtraOpUtils.h; the
// result keeps the input's element type and layout encoding) and its cost: no
// MACs, and 2 FLOPs per interpolation tap (2 taps for linear, 4 for cubic, none
// for nearest) per resized dim (one whose input and output sizes differ) per
// output element.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/ExtraOpUtils.h"

namespace mlir::vpuc::IE {

LogicalResult InterpolateOp::inferComponents(
    detail::ErrorFn emitError, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  auto type = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  // Attributes with defaults may be absent while a builder infers the result
  // type.
  InterpolateCoordModeAttr coordMode = adaptor.getCoordModeAttr();
  FailureOr<detail::InterpolateGeometry> geometry =
      detail::inferInterpolateGeometry(
          emitError, type.getShape(), adaptor.getScales(), adaptor.getSizes(),
          adaptor.getRoi(),
          coordMode ? coordMode.getValue() : InterpolateCoordMode::HALF_PIXEL);
  if (failed(geometry)) {
    return failure();
  }
  components.emplace_back(geometry->shape, type.getElementType(),
                          type.getEncoding());
  return success();
}

std::optional<int64_t> InterpolateOp::getNumMACs() { return 0; }

std::optional<int64_t> InterpolateOp::getNumFLOPs() {
  auto input = llvm::cast<RankedTensorType>(getInput().getType());
  auto output = llvm::cast<RankedTensorType>(getOutput().getType());
  if (!input.hasStaticShape() || !output.hasStaticShape()) {
    return std::nullopt;
  }
  int64_t taps = 0;
  if (getMode() == InterpolateMode::LINEAR) {
    taps = 2;
  } else if (getMode() == InterpolateMode::CUBIC) {
    taps = 4;
  }
  int64_t resizedDims = 0;
  for (auto [in, out] : llvm::zip(input.getShape(), output.getShape())) {
    resizedDims += in != out ? 1 : 0;
  }
  return output.getNumElements() * 2 * taps * resizedDims;
}

} // namespace mlir::vpuc::IE
