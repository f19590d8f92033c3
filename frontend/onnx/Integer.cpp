//===- Integer.cpp - ONNX integer convolution and matrix product -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of ConvInteger and MatMulInteger (8-bit inputs with zero points,
// int32 results), built from existing float IE ops:
//
//   IE.Convert (to f32) of each input, IE.Subtract of its zero point
//   (converted too; per output channel for ConvInteger's w_zero_point, per row
//   for a 1-D a_zero_point of MatMulInteger), IE.Convolution /
//   IE.GroupConvolution / IE.MatMul in f32, IE.Convert of the result to si32.
//
// Subtracting before the product makes the padding of ConvInteger add
// (x_zero_point - x_zero_point) * w = 0, as ONNX requires. Exactness: after the
// subtraction every factor is an integer in [-255, 255], so every product is
// at most 255^2 = 65025 in magnitude, and float32 holds every integer up to
// 2^24 exactly. A sum accumulated in float32 is therefore exact while its
// partial sums stay below 2^24: always when the reduction length (K of
// MatMulInteger, C_in / group * kernel size of ConvInteger) is at most 258,
// and for longer ones as long as the actual partial sums stay below 2^24. The
// IE reference kernels accumulate in at least float32; a target that computes
// these layers in float16 is exact only up to 2^11.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/HandlerUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

/// Fails unless `value` is an 8-bit integer tensor (input `what`).
static LogicalResult checkInt8(ImportContext &ctx, const onnx::NodeProto &node,
                               Value value, llvm::StringRef what) {
  auto intType =
      llvm::dyn_cast<IntegerType>(getTensorType(value).getElementType());
  if (!intType || intType.getWidth() != 8) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' must be int8 or uint8, got "
           << getTensorType(value).getElementType();
  }
  return success();
}

/// Input `index` converted to f32 minus its zero point (input `zeroIndex`,
/// optional), the zero point reshaped to `zeroShape` when it has `zeroCount`
/// elements in one dim (a per-channel or per-row vector).
static FailureOr<Value>
buildCentered(ImportContext &ctx, const onnx::NodeProto &node, int index,
              llvm::StringRef what, int zeroIndex, llvm::StringRef zeroWhat,
              int64_t zeroCount, llvm::ArrayRef<int64_t> zeroShape) {
  FailureOr<Value> input = ctx.getInput(node, index);
  FailureOr<Value> zero = ctx.getOptionalInput(node, zeroIndex);
  if (failed(input) || failed(zero) ||
      failed(checkInt8(ctx, node, *input, what))) {
    return failure();
  }
  Type f32 = ctx.getBuilder().getF32Type();
  FailureOr<Value> converted = buildConvert(ctx, node, *input, f32);
  if (failed(converted) || !*zero) {
    return converted;
  }
  RankedTensorType zeroType = getTensorType(*zero);
  if (zeroType.getElementType() != getTensorType(*input).getElementType()) {
    return ctx.emitNodeError(node)
           << "input '" << zeroWhat << "' must have the element type of '"
           << what << "', got " << zeroType.getElementType() << " and "
           << getTensorType(*input).getElementType();
  }
  FailureOr<Value> zeroF32 = buildConvert(ctx, node, *zero, f32);
  if (failed(zeroF32)) {
    return failure();
  }
  if (zeroType.getRank() == 1 && zeroType.getDimSize(0) == zeroCount &&
      zeroCount != 1) {
    zeroF32 = buildReshape(ctx, node, *zeroF32, zeroShape);
    if (failed(zeroF32)) {
      return failure();
    }
  } else if (zeroType.hasStaticShape() && zeroType.getNumElements() != 1 &&
             zeroType.getRank() != getTensorType(*input).getRank()) {
    return ctx.emitNodeError(node)
           << "input '" << zeroWhat << "' must be a scalar, a vector of "
           << zeroCount << " or a tensor of the rank of '" << what << "', got "
           << zeroType;
  }
  return buildOp<IE::SubtractOp>(ctx, node, {*converted, *zeroF32});
}

/// The f32 `result` converted to si32, bound to the node's output.
static LogicalResult setInt32Output(ImportContext &ctx,
                                    const onnx::NodeProto &node, Value result) {
  FailureOr<Value> converted = buildConvert(
      ctx, node, result, ctx.convertElementType(onnx::TensorProto::INT32));
  if (failed(converted)) {
    return failure();
  }
  return ctx.setOutputs(node, {*converted});
}

/// ConvInteger(x, w, x_zero_point, w_zero_point): Conv's attributes on the
/// centered inputs; w_zero_point is a scalar or one value per output channel.
static LogicalResult importConvInteger(ImportContext &ctx,
                                       const onnx::NodeProto &node) {
  FailureOr<Value> filter = ctx.getInput(node, 1);
  if (failed(filter)) {
    return failure();
  }
  RankedTensorType filterType = getTensorType(*filter);
  const int64_t outChannels =
      filterType.getRank() > 0 ? filterType.getDimSize(0) : 1;
  llvm::SmallVector<int64_t> perChannel(
      std::max<int64_t>(filterType.getRank(), 1), 1);
  perChannel[0] = outChannels;
  FailureOr<Value> x =
      buildCentered(ctx, node, 0, "x", 2, "x_zero_point", 1, {});
  if (failed(x)) {
    return failure();
  }
  FailureOr<Value> w = buildCentered(ctx, node, 1, "w", 3, "w_zero_point",
                                     outChannels, perChannel);
  if (failed(w)) {
    return failure();
  }
  FailureOr<Value> conv = importConvolution(ctx, node, *x, *w, Value());
  if (failed(conv)) {
    return failure();
  }
  return setInt32Output(ctx, node, *conv);
}

/// MatMulInteger(A, B, a_zero_point, b_zero_point): a matmul of the centered
/// inputs; a 1-D a_zero_point of M values applies per row of A (reshaped to
/// [M, 1]), a 1-D b_zero_point per column of B (it broadcasts as it is).
static LogicalResult importMatMulInteger(ImportContext &ctx,
                                         const onnx::NodeProto &node) {
  FailureOr<Value> lhs = ctx.getInput(node, 0);
  FailureOr<Value> rhs = ctx.getInput(node, 1);
  if (failed(lhs) || failed(rhs)) {
    return failure();
  }
  RankedTensorType lhsType = getTensorType(*lhs);
  RankedTensorType rhsType = getTensorType(*rhs);
  const int64_t rows =
      lhsType.getRank() >= 2 ? lhsType.getDimSize(lhsType.getRank() - 2) : 1;
  const int64_t cols =
      rhsType.getRank() >= 2 ? rhsType.getDimSize(rhsType.getRank() - 1) : 1;
  FailureOr<Value> a =
      buildCentered(ctx, node, 0, "A", 2, "a_zero_point", rows, {rows, 1});
  if (failed(a)) {
    return failure();
  }
  FailureOr<Value> b =
      buildCentered(ctx, node, 1, "B", 3, "b_zero_point", cols, {cols});
  if (failed(b)) {
    return failure();
  }
  FailureOr<Value> product = buildOp<IE::MatMulOp>(ctx, node, {*a, *b});
  if (failed(product)) {
    return failure();
  }
  return setInt32Output(ctx, node, *product);
}

llvm::ArrayRef<OpHandlerInfo> getIntegerHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"ConvInteger", 10, 17, importConvInteger,
       "IE.Convert, IE.Subtract, IE.Convolution, IE.GroupConvolution"},
      {"MatMulInteger", 10, 17, importMatMulInteger,
       "IE.Convert, IE.Subtract, IE.MatMul"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
