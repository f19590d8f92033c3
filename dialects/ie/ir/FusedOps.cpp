//===- FusedOps.cpp - IE ops built by layer fusion --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// IE.ScaleShift: verifier, result type inference, cost, folder and host kernel.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/NNUtils.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::vpuc::IE {

//===----------------------------------------------------------------------===//
// ScaleShift
//===----------------------------------------------------------------------===//

/// Checks one per-channel parameter of a ScaleShift: the input's element type
/// and shape [1, C, 1, ..., 1] of the input's rank (dynamic dims match).
static LogicalResult verifyScaleShiftParam(ScaleShiftOp op, StringRef name,
                                           Value param,
                                           RankedTensorType inputType) {
  if (!param) {
    return success();
  }
  auto type = llvm::cast<RankedTensorType>(param.getType());
  if (type.getElementType() != inputType.getElementType()) {
    return op.emitOpError()
           << "expects " << name << " of the input's element type "
           << inputType.getElementType() << ", got " << type.getElementType();
  }
  ArrayRef<int64_t> input = inputType.getShape();
  ArrayRef<int64_t> shape = type.getShape();
  bool matches = shape.size() == input.size();
  for (size_t d = 0; matches && d < shape.size(); ++d) {
    const int64_t expected = d == 1 ? input[1] : 1;
    matches = shape[d] == expected || ShapedType::isDynamic(shape[d]) ||
              ShapedType::isDynamic(expected);
  }
  if (!matches) {
    SmallVector<int64_t, 6> expected(input.size(), 1);
    expected[1] = input[1];
    return op.emitOpError()
           << "expects " << name << " of shape "
           << detail::formatShape(expected) << " (one value per channel), got "
           << detail::formatShape(shape);
  }
  return success();
}

LogicalResult ScaleShiftOp::verifyBeforeInference() {
  RankedTensorType inputType = getInput().getType();
  if (inputType.getRank() < 2) {
    return emitOpError()
           << "expects an input [N, C, ...] of rank >= 2, got shape "
           << detail::formatShape(inputType.getShape());
  }
  if (!getWeights() && !getBiases()) {
    return emitOpError() << "expects at least one of weights and biases";
  }
  if (failed(
          verifyScaleShiftParam(*this, "weights", getWeights(), inputType)) ||
      failed(verifyScaleShiftParam(*this, "biases", getBiases(), inputType))) {
    return failure();
  }
  return success();
}

LogicalResult ScaleShiftOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  auto type = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

std::optional<int64_t> ScaleShiftOp::getNumMACs() { return 0; }

/// One multiplication and / or one addition per element.
std::optional<int64_t> ScaleShiftOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), (getWeights() ? 1 : 0) +
                                                       (getBiases() ? 1 : 0));
}

OpFoldResult ScaleShiftOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() != getType()) {
    return {};
  }
  bool identityWeights =
      !getWeights() || getSplatValue(adaptor.getWeights()) == 1.0;
  bool identityBiases =
      !getBiases() || getSplatValue(adaptor.getBiases()) == 0.0;
  if (identityWeights && identityBiases) {
    return getInput();
  }
  return {};
}

LogicalResult ScaleShiftOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  ArrayRef<int64_t> shape = input.shape;
  const int64_t channels = shape[1];
  // The parameters follow the input in operand order; a missing one is absent
  // from inputs.
  const HostTensor *weights = getWeights() ? &inputs[1] : nullptr;
  const HostTensor *biases =
      getBiases() ? &inputs[getWeights() ? 2 : 1] : nullptr;
  for (const HostTensor *param : {weights, biases}) {
    if (param && param->getNumElements() != channels) {
      return emitOpError() << "inference: a parameter of shape "
                           << detail::formatShape(param->shape)
                           << " does not hold " << channels
                           << " channel values";
    }
  }
  const int64_t batch = shape[0];
  const int64_t plane = HostTensor::getNumElements(shape.drop_front(2));
  HostTensor output = HostTensor::filled(shape);
  // Applies `fn(value, channel)` plane by plane; a missing parameter is not
  // applied at all (so x * w keeps the sign of a zero product and x + b is not
  // rounded through x * 1).
  auto apply = [&](auto fn) {
    for (int64_t n = 0; n < batch; ++n) {
      for (int64_t c = 0; c < channels; ++c) {
        const float *in = input.data.data() + (n * channels + c) * plane;
        float *out = output.data.data() + (n * channels + c) * plane;
        for (int64_t i = 0; i < plane; ++i) {
          out[i] = fn(in[i], c);
        }
      }
    }
  };
  if (weights && biases) {
    apply([&](float x, int64_t c) {
      return x * weights->data[c] + biases->data[c];
    });
  } else if (weights) {
    apply([&](float x, int64_t c) { return x * weights->data[c]; });
  } else {
    apply([&](float x, int64_t c) { return x + biases->data[c]; });
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
