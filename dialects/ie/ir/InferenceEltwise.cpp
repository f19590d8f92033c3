//===- InferenceEltwise.cpp - Host kernels of binary eltwise IE ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of the arithmetic, comparison and logic ops and of Select.
// Booleans are 0 / 1; integer ops compute on exact float values and round to
// the result type. Add and Multiply on quantized types read and write storage
// integers (runQuantizedEltwise).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <cmath>
#include <limits>

#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/PostOp.h"
#include "kernels/reference/QuantizedEltwise.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::vpuc::IE {

using detail::inferBinary;

/// The per-tensor quantized element type of `value`'s tensor type, or null.
static quant::UniformQuantizedType getQuantType(Value value) {
  return llvm::dyn_cast<quant::UniformQuantizedType>(
      getElementTypeOrSelf(value.getType()));
}

/// The scale (as f32) and zero point of a per-tensor quantized type.
static kernels::PerTensorQuant toPerTensorQuant(quant::UniformQuantizedType t) {
  return {static_cast<float>(t.getScale()),
          static_cast<int32_t>(t.getZeroPoint())};
}

/// An Add or Multiply on quantized types (see IE.Add): the operands hold
/// storage integers; each output element is `kind` of the operands
/// dequantized to f32 (kernels/reference/QuantizedEltwise.h, shared with the
/// quantized_eltwise kernel), the post-op in f32, then the quantisation to the
/// result type.
static LogicalResult runQuantizedEltwise(Operation *op,
                                         ArrayRef<HostTensor> inputs,
                                         SmallVectorImpl<HostTensor> &outputs,
                                         AutoBroadcastType mode,
                                         kernels::QuantizedEltwiseKind kind) {
  const kernels::PerTensorQuant quant1 =
      toPerTensorQuant(getQuantType(op->getOperand(0)));
  const kernels::PerTensorQuant quant2 =
      toPerTensorQuant(getQuantType(op->getOperand(1)));
  quant::UniformQuantizedType outputType = getQuantType(op->getResult(0));
  const kernels::PerTensorQuant outputQuant = toPerTensorQuant(outputType);
  const float lo = static_cast<float>(outputType.getStorageTypeMin());
  const float hi = static_cast<float>(outputType.getStorageTypeMax());
  const std::optional<PostOp> postOp = getPostOp(op);
  return inferBinary(op, inputs, outputs, mode, [&](float q1, float q2) {
    float y = kernels::computeQuantizedEltwise(kind, q1, quant1, q2, quant2);
    if (postOp) {
      y = postOp->apply(y);
    }
    return kernels::quantizeFromF32(y, outputQuant, lo, hi);
  });
}

/// True if the op's result element type is an integer type.
static bool hasIntegerResult(Operation *op) {
  return llvm::isa<IntegerType>(
      llvm::cast<ShapedType>(op->getResult(0).getType()).getElementType());
}

static float nanAware(float a, float b, float chosen) {
  return (std::isnan(a) || std::isnan(b))
             ? std::numeric_limits<float>::quiet_NaN()
             : chosen;
}

LogicalResult AddOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  if (getQuantType(getOutput())) {
    return runQuantizedEltwise(*this, inputs, outputs, getAutoBroadcast(),
                               kernels::QuantizedEltwiseKind::Add);
  }
  if (failed(inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                         [](float a, float b) { return a + b; }))) {
    return failure();
  }
  detail::applyPostOp(*this, outputs.back());
  return success();
}

LogicalResult SubtractOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  if (failed(inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                         [](float a, float b) { return a - b; }))) {
    return failure();
  }
  detail::applyPostOp(*this, outputs.back());
  return success();
}

LogicalResult MultiplyOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  if (getQuantType(getOutput())) {
    return runQuantizedEltwise(*this, inputs, outputs, getAutoBroadcast(),
                               kernels::QuantizedEltwiseKind::Multiply);
  }
  if (failed(inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                         [](float a, float b) { return a * b; }))) {
    return failure();
  }
  detail::applyPostOp(*this, outputs.back());
  return success();
}

LogicalResult DivideOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (hasIntegerResult(*this)) {
    return inferBinary(
        *this, inputs, outputs, getAutoBroadcast(),
        [](float a, float b) { return b == 0.0f ? 0.0f : std::trunc(a / b); });
  }
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [](float a, float b) { return a / b; });
}

LogicalResult PowerOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [](float a, float b) { return std::pow(a, b); });
}

LogicalResult MaximumOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(
      *this, inputs, outputs, getAutoBroadcast(),
      [](float a, float b) { return nanAware(a, b, a > b ? a : b); });
}

LogicalResult MinimumOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(
      *this, inputs, outputs, getAutoBroadcast(),
      [](float a, float b) { return nanAware(a, b, a < b ? a : b); });
}

LogicalResult
SquaredDifferenceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [](float a, float b) {
                       const float d = a - b;
                       return d * d;
                     });
}

LogicalResult FloorModOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  const bool isInteger = hasIntegerResult(*this);
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [isInteger](float a, float b) {
                       if (isInteger && b == 0.0f) {
                         return 0.0f;
                       }
                       float r = std::fmod(a, b);
                       if (r != 0.0f && ((r < 0.0f) != (b < 0.0f))) {
                         r += b;
                       }
                       return r;
                     });
}

LogicalResult EqualOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [](float a, float b) { return a == b ? 1.0f : 0.0f; });
}

LogicalResult LessOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [](float a, float b) { return a < b ? 1.0f : 0.0f; });
}

LogicalResult GreaterOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(*this, inputs, outputs, getAutoBroadcast(),
                     [](float a, float b) { return a > b ? 1.0f : 0.0f; });
}

LogicalResult LogicalAndOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(
      *this, inputs, outputs, getAutoBroadcast(),
      [](float a, float b) { return (a != 0.0f && b != 0.0f) ? 1.0f : 0.0f; });
}

LogicalResult LogicalOrOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  return inferBinary(
      *this, inputs, outputs, getAutoBroadcast(),
      [](float a, float b) { return (a != 0.0f || b != 0.0f) ? 1.0f : 0.0f; });
}

LogicalResult SelectOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &c = inputs[0];
  const HostTensor &a = inputs[1];
  const HostTensor &b = inputs[2];
  FailureOr<SmallVector<int64_t, 6>> shape = detail::broadcastInputShapes(
      *this, {c.shape, a.shape, b.shape}, getAutoBroadcast());
  if (failed(shape)) {
    return failure();
  }
  HostTensor output = HostTensor::filled(*shape);
  BroadcastPlan plan = BroadcastPlan::get({c.shape, a.shape, b.shape}, *shape);
  broadcastTernary(
      plan, c.data.data(), a.data.data(), b.data.data(), output.data.data(),
      [](float cond, float x, float y) { return cond != 0.0f ? x : y; });
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
