//===- Quantization.cpp - Verification and type inference of IE quantisation ops
//-*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferComponents of Quantize, Dequantize and FakeQuantize. Quantized tensors
// carry MLIR
// `!quant.uniform` element types (per tensor or per axis), as the const
// dialect's QuantCast / Dequantize transformations do; Quantize produces one,
// Dequantize consumes one.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/utils/Broadcast.h"
#include "mlir/Dialect/Quant/QuantTypes.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

static RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

LogicalResult QuantizeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                          Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  Type elemType = adaptor.getDstElemType();
  if (failed(detail::verifyQuantizedElementType(
          emitError, elemType, type.getShape(), "dstElemType"))) {
    return failure();
  }
  components.emplace_back(type.getShape(), elemType, type.getEncoding());
  return success();
}

LogicalResult DequantizeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                            Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  if (failed(detail::verifyQuantizedElementType(
          emitError, type.getElementType(), type.getShape(),
          "input element type"))) {
    return failure();
  }
  components.emplace_back(type.getShape(), adaptor.getDstElemType(),
                          type.getEncoding());
  return success();
}

LogicalResult FakeQuantizeOp::inferComponents(ErrorFn emitError,
                                              Adaptor adaptor,
                                              Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  if (adaptor.getLevels() < 2) {
    return emitError() << "levels " << adaptor.getLevels()
                       << " must be at least 2";
  }
  // Absent while a builder infers the result type: the default.
  const AutoBroadcastType broadcast = adaptor.getAutoBroadcastAttr()
                                          ? adaptor.getAutoBroadcast()
                                          : AutoBroadcastType::NUMPY;
  const char *names[] = {"input_low", "input_high", "output_low",
                         "output_high"};
  Value limits[] = {adaptor.getInputLow(), adaptor.getInputHigh(),
                    adaptor.getOutputLow(), adaptor.getOutputHigh()};
  for (auto [name, limit] : llvm::zip(names, limits)) {
    ArrayRef<int64_t> shape = getTensorType(limit).getShape();
    const bool ok = broadcast == AutoBroadcastType::NUMPY
                        ? isBroadcastableTo(shape, type.getShape())
                        : shape == type.getShape();
    if (!ok) {
      return emitError() << name << " of shape " << detail::formatShape(shape)
                         << (broadcast == AutoBroadcastType::NUMPY
                                 ? " does not broadcast to"
                                 : " differs from")
                         << " the input shape "
                         << detail::formatShape(type.getShape());
    }
  }
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

} // namespace mlir::vpuc::IE
