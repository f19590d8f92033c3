//===- Activation.cpp - ONNX activations and unary math -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the activation and unary math ops: Relu, Clip, Sigmoid, Tanh,
// Elu, Erf, Exp, Log, Sqrt, Abs, Floor, Ceil, Round, HardSwish, HardSigmoid,
// Softplus, LeakyRelu, PRelu and Neg.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <limits>

#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

/// Creates `OpTy(input)` with `attributes` and binds the node's output to it.
template <typename OpTy>
static LogicalResult
importUnaryWith(ImportContext &ctx, const onnx::NodeProto &node,
                llvm::ArrayRef<NamedAttribute> attributes) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  FailureOr<OpTy> op =
      ctx.create<OpTy>(ctx.getNodeLoc(node), {*input}, attributes);
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// A node with one input, one output and no attributes, mapped to `OpTy`.
template <typename OpTy>
static LogicalResult importUnary(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  return importUnaryWith<OpTy>(ctx, node, {});
}

/// The F64 attribute `name = value`.
static NamedAttribute getF64Attr(ImportContext &ctx, llvm::StringRef name,
                                 double value) {
  OpBuilder &builder = ctx.getBuilder();
  return builder.getNamedAttr(name, builder.getF64FloatAttr(value));
}

static LogicalResult importElu(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<double> alpha = ctx.getFloatAttr(node, "alpha", 1.0);
  if (failed(alpha)) {
    return failure();
  }
  return importUnaryWith<IE::EluOp>(ctx, node,
                                    {getF64Attr(ctx, "alpha", *alpha)});
}

static LogicalResult importLeakyRelu(ImportContext &ctx,
                                     const onnx::NodeProto &node) {
  FailureOr<double> alpha = ctx.getFloatAttr(node, "alpha", 0.01);
  if (failed(alpha)) {
    return failure();
  }
  return importUnaryWith<IE::LeakyReluOp>(
      ctx, node, {getF64Attr(ctx, "negative_slope", *alpha)});
}

/// ONNX Round rounds halfway cases to even.
static LogicalResult importRound(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  auto mode =
      IE::RoundModeAttr::get(ctx.getContext(), IE::RoundMode::HALF_TO_EVEN);
  return importUnaryWith<IE::RoundOp>(
      ctx, node, {ctx.getBuilder().getNamedAttr("mode", mode)});
}

//===----------------------------------------------------------------------===//
// Clip
//===----------------------------------------------------------------------===//

/// The lowest and highest finite values of an element type, as doubles.
static std::pair<double, double> getElementRange(Type elemType) {
  if (auto floatType = llvm::dyn_cast<FloatType>(elemType)) {
    double largest = llvm::APFloat::getLargest(floatType.getFloatSemantics())
                         .convertToDouble();
    return {-largest, largest};
  }
  auto intType = llvm::cast<IntegerType>(elemType);
  unsigned width = intType.getWidth();
  if (intType.isUnsigned() || width == 1) {
    return {0.0, std::ldexp(1.0, static_cast<int>(width)) - 1.0};
  }
  return {-std::ldexp(1.0, static_cast<int>(width) - 1),
          std::ldexp(1.0, static_cast<int>(width) - 1) - 1.0};
}

/// A bound of Clip: absent, a constant, or a one-element run-time value.
struct ClipBound {
  std::optional<double> constant;
  Value runtime;
};

/// Reads the optional bound `index` of Clip (opset >= 11): a one-element
/// constant, or a one-element value computed at run time.
static FailureOr<ClipBound> getClipBound(ImportContext &ctx,
                                         const onnx::NodeProto &node, int index,
                                         llvm::StringRef what) {
  FailureOr<Value> bound = ctx.getOptionalInput(node, index);
  if (failed(bound)) {
    return failure();
  }
  if (!*bound) {
    return ClipBound();
  }
  auto type = llvm::cast<RankedTensorType>(bound->getType());
  if (!type.hasStaticShape() || type.getNumElements() != 1) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' ('" << node.input(index)
           << "') must have one element, got " << type;
  }
  std::optional<SmallVector<double>> values =
      ImportContext::getConstantValues(*bound);
  if (!values) {
    return ClipBound{std::nullopt, *bound};
  }
  return ClipBound{values->front(), Value()};
}

/// Clip -> IE.Clamp with the constant bounds (attributes before opset 11,
/// inputs after); a bound given as a run-time value is applied by IE.Maximum
/// (min) or IE.Minimum (max) instead, in ONNX's order: min(max(x, min), max).
static LogicalResult importClip(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  auto [lowest, highest] = getElementRange(
      llvm::cast<ShapedType>(input->getType()).getElementType());
  ClipBound minBound{lowest, Value()};
  ClipBound maxBound{highest, Value()};
  if (ctx.getOpset() < 11) {
    FailureOr<double> minAttr =
        ctx.getFloatAttr(node, "min", -std::numeric_limits<float>::max());
    FailureOr<double> maxAttr =
        ctx.getFloatAttr(node, "max", std::numeric_limits<float>::max());
    if (failed(minAttr) || failed(maxAttr)) {
      return failure();
    }
    minBound.constant = std::max(*minAttr, lowest);
    maxBound.constant = std::min(*maxAttr, highest);
  } else {
    FailureOr<ClipBound> minInput = getClipBound(ctx, node, 1, "min");
    FailureOr<ClipBound> maxInput = getClipBound(ctx, node, 2, "max");
    if (failed(minInput) || failed(maxInput)) {
      return failure();
    }
    if (minInput->constant || minInput->runtime) {
      minBound = *minInput;
    }
    if (maxInput->constant || maxInput->runtime) {
      maxBound = *maxInput;
    }
  }
  Location loc = ctx.getNodeLoc(node);
  Value result = *input;
  auto clamp = [&](double minValue, double maxValue) -> LogicalResult {
    FailureOr<IE::ClampOp> op = ctx.create<IE::ClampOp>(
        loc, {result},
        {getF64Attr(ctx, "min", minValue), getF64Attr(ctx, "max", maxValue)});
    if (failed(op)) {
      return failure();
    }
    result = op->getResult();
    return success();
  };
  if (!minBound.runtime && !maxBound.runtime) {
    if (failed(clamp(*minBound.constant, *maxBound.constant))) {
      return failure();
    }
    return ctx.setOutputs(node, {result});
  }
  if (minBound.runtime) {
    FailureOr<IE::MaximumOp> op =
        ctx.create<IE::MaximumOp>(loc, {result, minBound.runtime});
    if (failed(op)) {
      return failure();
    }
    result = op->getResult();
  } else if (*minBound.constant > lowest &&
             failed(clamp(*minBound.constant, highest))) {
    return failure();
  }
  if (maxBound.runtime) {
    FailureOr<IE::MinimumOp> op =
        ctx.create<IE::MinimumOp>(loc, {result, maxBound.runtime});
    if (failed(op)) {
      return failure();
    }
    result = op->getResult();
  } else if (*maxBound.constant < highest &&
             failed(clamp(lowest, *maxBound.constant))) {
    return failure();
  }
  return ctx.setOutputs(node, {result});
}

//===----------------------------------------------------------------------===//
// HardSigmoid
//===----------------------------------------------------------------------===//

/// HardSigmoid computes `max(0, min(1, alpha * x + beta))`. With alpha = 1/6
/// and beta = 0.5 (the HardSwish form, as float32 attributes) it is
/// IE.HSigmoid; any other alpha/beta becomes the fixed expansion `Clamp[0,
/// 1](Add(Multiply(x, alpha), beta))` with rank-0 constants.
static LogicalResult importHardSigmoid(ImportContext &ctx,
                                       const onnx::NodeProto &node) {
  FailureOr<double> alpha = ctx.getFloatAttr(node, "alpha", 0.2);
  FailureOr<double> beta = ctx.getFloatAttr(node, "beta", 0.5);
  if (failed(alpha) || failed(beta)) {
    return failure();
  }
  if (static_cast<float>(*alpha) == static_cast<float>(1.0 / 6.0) &&
      *beta == 0.5) {
    return importUnary<IE::HSigmoidOp>(ctx, node);
  }
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  Location loc = ctx.getNodeLoc(node);
  Type elemType = llvm::cast<ShapedType>(input->getType()).getElementType();
  if (!llvm::isa<FloatType>(elemType)) {
    return ctx.emitNodeError(node)
           << "expects a float input, got " << input->getType();
  }
  Value alphaConst = ctx.createSplatConstant(elemType, {}, *alpha, loc);
  Value betaConst = ctx.createSplatConstant(elemType, {}, *beta, loc);
  FailureOr<IE::MultiplyOp> scaled =
      ctx.create<IE::MultiplyOp>(loc, {*input, alphaConst});
  if (failed(scaled)) {
    return failure();
  }
  FailureOr<IE::AddOp> shifted =
      ctx.create<IE::AddOp>(loc, {scaled->getResult(), betaConst});
  if (failed(shifted)) {
    return failure();
  }
  FailureOr<IE::ClampOp> clamped = ctx.create<IE::ClampOp>(
      loc, {shifted->getResult()},
      {getF64Attr(ctx, "min", 0.0), getF64Attr(ctx, "max", 1.0)});
  if (failed(clamped)) {
    return failure();
  }
  return ctx.setOutputs(node, {clamped->getResult()});
}

//===----------------------------------------------------------------------===//
// PRelu
//===----------------------------------------------------------------------===//

/// PRelu: the slope broadcasts to the input by NumPy rules (unidirectionally).
/// IE.PRelu reads a 1-D slope of C elements as per-channel (dim 1) when the
/// input has rank >= 2; for an input of rank >= 3 that differs from ONNX (which
/// aligns a 1-D slope with the last dim), so such a constant slope is reshaped
/// to rank of the input (1x...xK) first.
static LogicalResult importPRelu(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> slope = ctx.getInput(node, 1);
  if (failed(input) || failed(slope)) {
    return failure();
  }
  Location loc = ctx.getNodeLoc(node);
  auto inputType = llvm::cast<RankedTensorType>(input->getType());
  auto slopeType = llvm::cast<RankedTensorType>(slope->getType());
  if (inputType.getRank() >= 3 && slopeType.getRank() == 1 &&
      slopeType.getDimSize(0) != 1 &&
      slopeType.getDimSize(0) == inputType.getDimSize(1)) {
    auto declare = slope->getDefiningOp<Const::DeclareOp>();
    if (!declare) {
      return ctx.emitNodeError(node)
             << "a non-constant 1-D slope of " << slopeType.getDimSize(0)
             << " elements is ambiguous for IE.PRelu on " << inputType
             << " and is not supported";
    }
    SmallVector<int64_t> shape(inputType.getRank() - 1, 1);
    shape.push_back(slopeType.getDimSize(0));
    OpBuilder &builder = ctx.getBuilder();
    slope =
        builder
            .create<Const::DeclareOp>(loc, declare.getContent().reshape(shape))
            .getResult();
  }
  FailureOr<IE::PReluOp> op = ctx.create<IE::PReluOp>(loc, {*input, *slope});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

llvm::ArrayRef<OpHandlerInfo> getActivationHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Relu", 9, 17, importUnary<IE::ReLUOp>, "IE.ReLU"},
      {"Clip", 9, 17, importClip, "IE.Clamp, IE.Maximum, IE.Minimum"},
      {"Sigmoid", 9, 17, importUnary<IE::SigmoidOp>, "IE.Sigmoid"},
      {"Tanh", 9, 17, importUnary<IE::TanhOp>, "IE.Tanh"},
      {"Elu", 9, 17, importElu, "IE.Elu"},
      {"Erf", 9, 17, importUnary<IE::ErfOp>, "IE.Erf"},
      {"Exp", 9, 17, importUnary<IE::ExpOp>, "IE.Exp"},
      {"Log", 9, 17, importUnary<IE::LogOp>, "IE.Log"},
      {"Sqrt", 9, 17, importUnary<IE::SqrtOp>, "IE.Sqrt"},
      {"Abs", 9, 17, importUnary<IE::AbsOp>, "IE.Abs"},
      {"Floor", 9, 17, importUnary<IE::FloorOp>, "IE.Floor"},
      {"Ceil", 9, 17, importUnary<IE::CeilOp>, "IE.Ceil"},
      {"Round", 11, 17, importRound, "IE.Round"},
      {"HardSwish", 14, 17, importUnary<IE::HSwishOp>, "IE.HSwish"},
      {"HardSigmoid", 9, 17, importHardSigmoid,
       "IE.HSigmoid, IE.Multiply, IE.Add, IE.Clamp"},
      {"Softplus", 9, 17, importUnary<IE::SoftPlusOp>, "IE.SoftPlus"},
      {"LeakyRelu", 9, 17, importLeakyRelu, "IE.LeakyRelu"},
      {"PRelu", 9, 17, importPRelu, "IE.PRelu"},
      {"Neg", 9, 17, importUnary<IE::NegativeOp>, "IE.Negative"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
