//===- VanillaRNN.cpp - ONNX RNN unrolled over its sequence -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The handler of the vanilla ONNX RNN, H_t = f(X_t W^T + H_{t-1} R^T + Wb +
// Rb), which has no IE sequence op: it is unrolled over the static sequence
// length into existing IE ops. Per direction d:
//
//   IE.Gather of W[d], R[d] and the two halves of B[d] (constant indices),
//   one IE.MatMul of the whole sequence X [seq, batch, input] with W[d]^T
//   (transpose_b) plus Wb + Rb, then per step t (in reverse order for the
//   reverse direction): IE.Gather of step t, IE.MatMul of H with R[d]^T,
//   IE.Add, IE.Clamp (`clip`), the activation (Tanh, Relu, Sigmoid or
//   LeakyRelu), and IE.Unsqueeze / IE.Concat that collect the outputs Y [seq,
//   D, batch, hidden] and Y_h [D, batch, hidden] (IE.Transpose for layout 1).
//
// W, R, B and initial_h may be constants or run-time values; missing B and
// initial_h are zeros. sequence_lens other than a constant equal to the
// sequence length everywhere is an error naming the node.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <string>

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// One activation of the layer and its parameter.
struct Activation {
  std::string name;
  double alpha;
};

/// The activations of the directions (default Tanh), one per direction.
FailureOr<llvm::SmallVector<Activation, 2>>
getActivations(ImportContext &ctx, const onnx::NodeProto &node,
               int64_t directions) {
  llvm::SmallVector<Activation, 2> result;
  const onnx::AttributeProto *names =
      ImportContext::findAttribute(node, "activations");
  const onnx::AttributeProto *alphas =
      ImportContext::findAttribute(node, "activation_alpha");
  if (names && names->strings_size() != directions) {
    return ctx.emitNodeError(node)
           << "attribute 'activations' must name " << directions
           << " activation(s), one per direction, got "
           << names->strings_size();
  }
  for (int64_t d = 0; d < directions; ++d) {
    Activation activation{names ? names->strings(d) : "Tanh", 0.01};
    if (alphas && d < alphas->floats_size()) {
      activation.alpha = alphas->floats(d);
    }
    if (activation.name != "Tanh" && activation.name != "Relu" &&
        activation.name != "Sigmoid" && activation.name != "LeakyRelu") {
      return ctx.emitNodeError(node)
             << "activation '" << activation.name
             << "' is not supported (Tanh, Relu, Sigmoid, LeakyRelu)";
    }
    result.push_back(activation);
  }
  return result;
}

/// `input` through `activation`.
FailureOr<Value> buildActivation(ImportContext &ctx,
                                 const onnx::NodeProto &node, Value input,
                                 const Activation &activation) {
  if (activation.name == "Tanh") {
    return buildOp<IE::TanhOp>(ctx, node, {input});
  }
  if (activation.name == "Relu") {
    return buildOp<IE::ReLUOp>(ctx, node, {input});
  }
  if (activation.name == "Sigmoid") {
    return buildOp<IE::SigmoidOp>(ctx, node, {input});
  }
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::LeakyReluOp>(
      ctx, node, {input},
      {builder.getNamedAttr("negative_slope",
                            builder.getF64FloatAttr(activation.alpha))});
}

/// `input` [d0, ...] at `index` of dim 0 (that dim removed), or the slice
/// [begin, begin + count) of dim 0 when `count` > 0 (the dim kept).
FailureOr<Value> takeAlongDim0(ImportContext &ctx, const onnx::NodeProto &node,
                               Value input, int64_t index, int64_t count = 0) {
  llvm::SmallVector<int64_t> indices, shape;
  if (count > 0) {
    shape.push_back(count);
    for (int64_t i = 0; i < count; ++i) {
      indices.push_back(index + i);
    }
  } else {
    indices.push_back(index);
  }
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::GatherOp>(
      ctx, node, {input, createIndexConstant(ctx, node, shape, indices)},
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(0))});
}

/// `input` with a dim of 1 inserted at `axis`.
FailureOr<Value> unsqueeze(ImportContext &ctx, const onnx::NodeProto &node,
                           Value input, int64_t axis) {
  llvm::SmallVector<int64_t> shape(getTensorType(input).getShape());
  shape.insert(shape.begin() + axis, 1);
  return buildReshape(ctx, node, input, shape);
}

/// IE.Concat of `inputs` along `axis` (the input itself when there is one).
FailureOr<Value> concat(ImportContext &ctx, const onnx::NodeProto &node,
                        llvm::ArrayRef<Value> inputs, int64_t axis) {
  if (inputs.size() == 1) {
    return inputs.front();
  }
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::ConcatOp>(
      ctx, node, inputs,
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(axis))});
}

/// Wb + Rb of direction `d` of B [D, 2 * hidden].
FailureOr<Value> buildBias(ImportContext &ctx, const onnx::NodeProto &node,
                           Value b, int64_t d, int64_t hidden) {
  FailureOr<Value> bd = takeAlongDim0(ctx, node, b, d);
  if (failed(bd)) {
    return failure();
  }
  FailureOr<Value> wb = takeAlongDim0(ctx, node, *bd, 0, hidden);
  if (failed(wb)) {
    return failure();
  }
  FailureOr<Value> rb = takeAlongDim0(ctx, node, *bd, hidden, hidden);
  if (failed(rb)) {
    return failure();
  }
  return buildOp<IE::AddOp>(ctx, node, {*wb, *rb});
}

} // namespace

/// RNN (opsets 7 and 14) unrolled; see the file comment.
static LogicalResult importRNN(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> x = ctx.getInput(node, 0);
  FailureOr<Value> w = ctx.getInput(node, 1);
  FailureOr<Value> r = ctx.getInput(node, 2);
  FailureOr<Value> b = ctx.getOptionalInput(node, 3);
  FailureOr<Value> initial = ctx.getOptionalInput(node, 5);
  FailureOr<int64_t> hiddenAttr = ctx.getIntAttr(node, "hidden_size", 0);
  FailureOr<int64_t> layout = ctx.getIntAttr(node, "layout", 0);
  FailureOr<std::string> direction =
      ctx.getStringAttr(node, "direction", llvm::StringRef("forward"));
  if (failed(x) || failed(w) || failed(r) || failed(b) || failed(initial) ||
      failed(hiddenAttr) || failed(layout) || failed(direction)) {
    return failure();
  }
  if (*direction != "forward" && *direction != "reverse" &&
      *direction != "bidirectional") {
    return ctx.emitNodeError(node)
           << "attribute 'direction' must be forward, reverse or "
              "bidirectional, got '"
           << *direction << "'";
  }
  if (*layout != 0 && *layout != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'layout' must be 0 or 1, got " << *layout;
  }
  const int64_t directions = *direction == "bidirectional" ? 2 : 1;
  FailureOr<llvm::SmallVector<Activation, 2>> activations =
      getActivations(ctx, node, directions);
  if (failed(activations)) {
    return failure();
  }
  std::optional<double> clip;
  if (ImportContext::findAttribute(node, "clip")) {
    FailureOr<double> value = ctx.getFloatAttr(node, "clip", std::nullopt);
    if (failed(value)) {
      return failure();
    }
    if (*value < 0) {
      return ctx.emitNodeError(node)
             << "attribute 'clip' must not be negative, got " << *value;
    }
    clip = *value;
  }
  // X in [seq, batch, input].
  if (*layout == 1) {
    x = buildTranspose(ctx, node, *x, {1, 0, 2});
    if (failed(x)) {
      return failure();
    }
  }
  RankedTensorType xType = getTensorType(*x);
  RankedTensorType wType = getTensorType(*w);
  if (xType.getRank() != 3 || !xType.hasStaticShape() ||
      !llvm::isa<FloatType>(xType.getElementType())) {
    return ctx.emitNodeError(node)
           << "input 'X' must be a static 3-D float tensor, got " << xType;
  }
  const int64_t steps = xType.getDimSize(0);
  const int64_t batch = xType.getDimSize(1);
  const int64_t hidden = wType.getRank() == 3 ? wType.getDimSize(1) : -1;
  if (wType.getRank() != 3 || wType.getDimSize(0) != directions ||
      (*hiddenAttr && *hiddenAttr != hidden) ||
      getTensorType(*r).getShape() !=
          llvm::ArrayRef<int64_t>({directions, hidden, hidden})) {
    return ctx.emitNodeError(node)
           << "expects W [" << directions << ", hidden, input] and R ["
           << directions << ", hidden, hidden] with hidden = hidden_size, got "
           << wType << " and " << getTensorType(*r);
  }
  if (ImportContext::hasInput(node, 4)) {
    FailureOr<llvm::SmallVector<int64_t>> lengths =
        ctx.getConstantInts(node, 4, "sequence_lens");
    if (failed(lengths)) {
      return failure();
    }
    for (int64_t length : *lengths) {
      if (length != steps) {
        return ctx.emitNodeError(node)
               << "input 'sequence_lens' must equal the sequence length "
               << steps << " everywhere, got " << length;
      }
    }
  }
  Type elemType = xType.getElementType();
  if (*initial && *layout == 1) {
    initial = buildTranspose(ctx, node, *initial, {1, 0, 2});
    if (failed(initial)) {
      return failure();
    }
  }
  llvm::SmallVector<Value, 2> sequences, finals;
  for (int64_t d = 0; d < directions; ++d) {
    FailureOr<Value> wd = takeAlongDim0(ctx, node, *w, d);
    if (failed(wd)) {
      return failure();
    }
    FailureOr<Value> rd = takeAlongDim0(ctx, node, *r, d);
    if (failed(rd)) {
      return failure();
    }
    OpBuilder &builder = ctx.getBuilder();
    NamedAttribute transposeB =
        builder.getNamedAttr("transpose_b", builder.getUnitAttr());
    // X W^T + Wb + Rb for all steps at once: [seq, batch, hidden].
    FailureOr<Value> projected =
        buildOp<IE::MatMulOp>(ctx, node, {*x, *wd}, {transposeB});
    if (failed(projected)) {
      return failure();
    }
    if (*b) {
      FailureOr<Value> bias = buildBias(ctx, node, *b, d, hidden);
      if (failed(bias)) {
        return failure();
      }
      projected = buildOp<IE::AddOp>(ctx, node, {*projected, *bias});
      if (failed(projected)) {
        return failure();
      }
    }
    FailureOr<Value> h =
        *initial ? takeAlongDim0(ctx, node, *initial, d)
                 : FailureOr<Value>(ctx.createSplatConstant(
                       elemType, {batch, hidden}, 0.0, ctx.getNodeLoc(node)));
    if (failed(h)) {
      return failure();
    }
    const bool reverse =
        *direction == "reverse" || (*direction == "bidirectional" && d == 1);
    llvm::SmallVector<Value> outputs(steps);
    for (int64_t i = 0; i < steps; ++i) {
      const int64_t t = reverse ? steps - 1 - i : i;
      FailureOr<Value> xt = takeAlongDim0(ctx, node, *projected, t);
      if (failed(xt)) {
        return failure();
      }
      FailureOr<Value> recurrent =
          buildOp<IE::MatMulOp>(ctx, node, {*h, *rd}, {transposeB});
      if (failed(recurrent)) {
        return failure();
      }
      FailureOr<Value> sum = buildOp<IE::AddOp>(ctx, node, {*xt, *recurrent});
      if (failed(sum)) {
        return failure();
      }
      if (clip) {
        sum = buildOp<IE::ClampOp>(
            ctx, node, {*sum},
            {builder.getNamedAttr("min", builder.getF64FloatAttr(-*clip)),
             builder.getNamedAttr("max", builder.getF64FloatAttr(*clip))});
        if (failed(sum)) {
          return failure();
        }
      }
      h = buildActivation(ctx, node, *sum, (*activations)[d]);
      if (failed(h)) {
        return failure();
      }
      FailureOr<Value> step = unsqueeze(ctx, node, *h, 0);
      if (failed(step)) {
        return failure();
      }
      outputs[t] = *step;
    }
    // [seq, 1, batch, hidden] and [1, batch, hidden].
    FailureOr<Value> sequence = concat(ctx, node, outputs, 0);
    if (failed(sequence)) {
      return failure();
    }
    sequence = unsqueeze(ctx, node, *sequence, 1);
    if (failed(sequence)) {
      return failure();
    }
    FailureOr<Value> last = unsqueeze(ctx, node, *h, 0);
    if (failed(last)) {
      return failure();
    }
    sequences.push_back(*sequence);
    finals.push_back(*last);
  }
  FailureOr<Value> y = concat(ctx, node, sequences, 1);
  if (failed(y)) {
    return failure();
  }
  FailureOr<Value> yh = concat(ctx, node, finals, 0);
  if (failed(yh)) {
    return failure();
  }
  if (*layout == 1) {
    // Y [batch, seq, D, hidden], Y_h [batch, D, hidden].
    y = buildTranspose(ctx, node, *y, {2, 0, 1, 3});
    if (failed(y)) {
      return failure();
    }
    yh = buildTranspose(ctx, node, *yh, {1, 0, 2});
    if (failed(yh)) {
      return failure();
    }
  }
  return ctx.setOutputs(node, {*y, *yh});
}

llvm::ArrayRef<OpHandlerInfo> getVanillaRNNHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"RNN", 9, 17, importRNN,
       "IE.Gather, IE.MatMul, IE.Add, IE.Clamp, IE.Tanh, IE.ReLU, IE.Sigmoid, "
       "IE.LeakyRelu, IE.Reshape, IE.Concat, IE.Transpose"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
