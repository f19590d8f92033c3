//===- Recurrent.cpp - ONNX LSTM and GRU -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of LSTM and GRU, mapped to IE.LSTMSequence and IE.GRUSequence
// (OpenVINO layout: X [batch, seq, input], states [batch, D, hidden], Y [batch,
// D, seq, hidden]) with Transposes around them for ONNX's `layout` (0: X [seq,
// batch, input], states [D, batch, hidden], Y [seq, D, batch, hidden]; 1: X
// [batch, seq, input], states [batch, D, hidden], Y [batch, seq, D, hidden]).
//
// Weights: ONNX LSTM gate blocks are i, o, f, c, IE's f, i, c, o, so W, R and
// the biases are reordered; GRU gates are z, r, h in both. ONNX biases are [Wb,
// Rb] per direction; IE takes their sum per gate (GRU with linear_before_reset
// keeps Rb_h apart: Wb_z + Rb_z, Wb_r + Rb_r, Wb_h, Rb_h). Constant weights are
// rewritten as new constants (block permutations copy the stored bytes; bias
// sums are computed in double and rounded once to the element type); other
// weights go through IE.Split / IE.Add / IE.Concat. Missing initial states and
// biases are zero constants.
//
// Not supported, with a node error: sequence_lens other than a constant equal
// to the sequence length everywhere, peepholes P other than a constant of
// zeros, LSTM input_forget = 1, activations other than Sigmoid, Tanh and Relu,
// and different activations per direction.
//
//===----------------------------------------------------------------------===//

#include <string>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// The recurrent op families.
enum class RNNFamily { LSTM, GRU };

/// One block of the IE weights or biases: the sum of up to two blocks of the
/// ONNX tensor (block indices along dim 1; -1 for none).
struct BlockSum {
  int first;
  int second;
};

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// The IE activation names of the node (`defaults` when absent), checked to be
/// the same for both directions of a bidirectional layer.
FailureOr<SmallVector<std::string, 3>>
getActivations(ImportContext &ctx, const onnx::NodeProto &node,
               ArrayRef<llvm::StringRef> defaults, int64_t directions) {
  const onnx::AttributeProto *attr =
      ImportContext::findAttribute(node, "activations");
  SmallVector<std::string, 6> names;
  if (!attr) {
    for (int64_t d = 0; d < directions; ++d) {
      for (llvm::StringRef name : defaults) {
        names.push_back(name.str());
      }
    }
  } else if (attr->type() != onnx::AttributeProto::STRINGS) {
    return ctx.emitNodeError(node)
           << "attribute 'activations' must be STRINGS, got "
           << onnx::AttributeProto::AttributeType_Name(attr->type());
  } else {
    names.assign(attr->strings().begin(), attr->strings().end());
  }
  const size_t perDirection = defaults.size();
  if (names.size() != perDirection * directions) {
    return ctx.emitNodeError(node)
           << "expects " << perDirection * directions << " activations ("
           << perDirection << " per direction), got " << names.size();
  }
  SmallVector<std::string, 3> result;
  for (size_t i = 0; i < names.size(); ++i) {
    std::string lower = llvm::StringRef(names[i]).lower();
    if (lower != "sigmoid" && lower != "tanh" && lower != "relu") {
      return ctx.emitNodeError(node)
             << "activation '" << names[i]
             << "' is not supported (only Sigmoid, Tanh and Relu)";
    }
    if (i < perDirection) {
      result.push_back(lower);
    } else if (lower != result[i - perDirection]) {
      return ctx.emitNodeError(node)
             << "the reverse direction's activation '" << names[i]
             << "' differs from the forward direction's '"
             << names[i - perDirection]
             << "'; both directions must use the same activations";
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// The ONNX data type of a float element type.
int32_t getOnnxFloatType(Type elemType) {
  if (elemType.isF16()) {
    return onnx::TensorProto::FLOAT16;
  }
  if (elemType.isBF16()) {
    return onnx::TensorProto::BFLOAT16;
  }
  if (elemType.isF64()) {
    return onnx::TensorProto::DOUBLE;
  }
  return onnx::TensorProto::FLOAT;
}

/// Creates a constant named `name` of `shape` and the float `elemType` from its
/// stored (little-endian) bytes, through the importer's constant path (so large
/// ones become dense_resource blobs).
FailureOr<Value> createRawConstant(ImportContext &ctx,
                                   const onnx::NodeProto &node,
                                   llvm::StringRef name, Type elemType,
                                   ArrayRef<int64_t> shape, std::string bytes) {
  onnx::TensorProto tensor;
  tensor.set_name(name.str());
  tensor.set_data_type(getOnnxFloatType(elemType));
  for (int64_t dim : shape) {
    tensor.add_dims(dim);
  }
  tensor.set_raw_data(std::move(bytes));
  return ctx.createConstant(tensor, ctx.getNodeLoc(node),
                            node.op_type() + " node '" +
                                ImportContext::getNodeDisplayName(node) + "' " +
                                name.str());
}

/// `value` rounded to the float `elemType`, as its stored bytes.
void appendFloat(std::string &bytes, Type elemType, double value) {
  auto floatType = llvm::cast<FloatType>(elemType);
  APFloat number(value);
  bool losesInfo = false;
  number.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  APInt bits = number.bitcastToAPInt();
  for (unsigned i = 0; i < bits.getBitWidth() / 8; ++i) {
    bytes.push_back(static_cast<char>(bits.extractBitsAsZExtValue(8, i * 8)));
  }
}

//===----------------------------------------------------------------------===//
// Weight and bias blocks
//===----------------------------------------------------------------------===//

/// Builds the IE tensor whose blocks along dim 1 (each `block` long) are
/// `blocks` of `value` (an ONNX weight or bias of rank >= 2 with static dims):
/// a constant when `value` is one, otherwise IE.Split, IE.Add and IE.Concat.
/// `name` names a new constant.
FailureOr<Value> assembleBlocks(ImportContext &ctx, const onnx::NodeProto &node,
                                Value value, int64_t block,
                                ArrayRef<BlockSum> blocks,
                                llvm::StringRef name) {
  Location loc = ctx.getNodeLoc(node);
  auto type = llvm::cast<RankedTensorType>(value.getType());
  Type elemType = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  const int64_t rows = shape[0];
  const int64_t inner = type.getNumElements() / (rows * shape[1]);
  const int64_t blockElems = block * inner;
  SmallVector<int64_t, 3> newShape(shape);
  newShape[1] = static_cast<int64_t>(blocks.size()) * block;
  const bool isPermutation =
      llvm::all_of(blocks, [](const BlockSum &sum) { return sum.second < 0; });

  if (auto declare = value.getDefiningOp<Const::DeclareOp>()) {
    std::string bytes;
    if (isPermutation) {
      // Copy the stored bytes of each block: exact for any element type.
      Const::Content content = declare.getContent().fold();
      const size_t elemBytes = content.getElementByteSize();
      ArrayRef<char> raw = content.getRawStorage();
      for (int64_t r = 0; r < rows; ++r) {
        for (const BlockSum &sum : blocks) {
          for (int64_t i = 0; i < blockElems; ++i) {
            const int64_t index =
                (r * shape[1] + sum.first * block) * inner + i;
            const size_t offset = content.isSplat() ? 0 : index * elemBytes;
            bytes.append(raw.data() + offset, elemBytes);
          }
        }
      }
    } else {
      SmallVector<double> values = *ImportContext::getConstantValues(value);
      for (int64_t r = 0; r < rows; ++r) {
        for (const BlockSum &sum : blocks) {
          for (int64_t i = 0; i < blockElems; ++i) {
            const int64_t base = r * shape[1] * inner + i;
            double total = values[base + sum.first * blockElems];
            if (sum.second >= 0) {
              total += values[base + sum.second * blockElems];
            }
            appendFloat(bytes, elemType, total);
          }
        }
      }
    }
    return createRawConstant(ctx, node, name, elemType, newShape,
                             std::move(bytes));
  }

  OpBuilder &builder = ctx.getBuilder();
  const int64_t numParts = shape[1] / block;
  FailureOr<Operation *> split =
      ctx.createOp(IE::SplitOp::getOperationName(), loc, {value},
                   {builder.getNamedAttr("axis", builder.getI64IntegerAttr(1)),
                    builder.getNamedAttr(
                        "splits", builder.getDenseI64ArrayAttr(
                                      SmallVector<int64_t>(numParts, block)))},
                   static_cast<unsigned>(numParts));
  if (failed(split)) {
    return failure();
  }
  SmallVector<Value> parts;
  for (const BlockSum &sum : blocks) {
    Value part = (*split)->getResult(sum.first);
    if (sum.second >= 0) {
      FailureOr<IE::AddOp> add =
          ctx.create<IE::AddOp>(loc, {part, (*split)->getResult(sum.second)});
      if (failed(add)) {
        return failure();
      }
      part = add->getResult();
    }
    parts.push_back(part);
  }
  FailureOr<IE::ConcatOp> concat = ctx.create<IE::ConcatOp>(
      loc, parts, {builder.getNamedAttr("axis", builder.getI64IntegerAttr(1))});
  if (failed(concat)) {
    return failure();
  }
  return concat->getResult();
}

/// Transposes `value` by `perm` (nothing for the identity).
FailureOr<Value> transpose(ImportContext &ctx, Location loc, Value value,
                           ArrayRef<int64_t> perm) {
  if (llvm::equal(perm,
                  llvm::seq<int64_t>(0, static_cast<int64_t>(perm.size())))) {
    return value;
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<IE::TransposeOp> op = ctx.create<IE::TransposeOp>(
      loc, {value},
      {builder.getNamedAttr("perm", builder.getDenseI64ArrayAttr(perm))});
  if (failed(op)) {
    return failure();
  }
  return op->getResult();
}

/// Checks that the optional input `index` named `what` is absent or a constant
/// whose values all satisfy `accept`; `requirement` completes the error
/// message.
template <typename Fn>
LogicalResult checkConstantInput(ImportContext &ctx,
                                 const onnx::NodeProto &node, int index,
                                 llvm::StringRef what,
                                 llvm::StringRef requirement, Fn accept) {
  FailureOr<Value> value = ctx.getOptionalInput(node, index);
  if (failed(value)) {
    return failure();
  }
  if (!*value) {
    return success();
  }
  std::optional<SmallVector<double>> values =
      ImportContext::getConstantValues(*value);
  if (!values || !llvm::all_of(*values, accept)) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' ('" << node.input(index)
           << "') is only supported " << requirement;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LSTM and GRU
//===----------------------------------------------------------------------===//

/// Shared handler of LSTM and GRU.
LogicalResult importRecurrent(ImportContext &ctx, const onnx::NodeProto &node,
                              RNNFamily family) {
  const bool isLSTM = family == RNNFamily::LSTM;
  const int64_t gates = isLSTM ? 4 : 3;
  Location loc = ctx.getNodeLoc(node);
  OpBuilder &builder = ctx.getBuilder();

  // Attributes.
  FailureOr<std::string> directionName =
      ctx.getStringAttr(node, "direction", "forward");
  if (failed(directionName)) {
    return failure();
  }
  std::optional<IE::RNNDirection> direction =
      llvm::StringSwitch<std::optional<IE::RNNDirection>>(*directionName)
          .Case("forward", IE::RNNDirection::FORWARD)
          .Case("reverse", IE::RNNDirection::REVERSE)
          .Case("bidirectional", IE::RNNDirection::BIDIRECTIONAL)
          .Default(std::nullopt);
  if (!direction) {
    return ctx.emitNodeError(node) << "attribute 'direction' must be forward, "
                                      "reverse or bidirectional, got '"
                                   << *directionName << "'";
  }
  const int64_t directions =
      *direction == IE::RNNDirection::BIDIRECTIONAL ? 2 : 1;
  SmallVector<llvm::StringRef, 3> defaultActivations{"Sigmoid", "Tanh"};
  if (isLSTM) {
    defaultActivations.push_back("Tanh");
  }
  FailureOr<SmallVector<std::string, 3>> activations =
      getActivations(ctx, node, defaultActivations, directions);
  FailureOr<int64_t> layout = ctx.getIntAttr(node, "layout", 0);
  FailureOr<int64_t> inputForget = ctx.getIntAttr(node, "input_forget", 0);
  FailureOr<int64_t> linearBeforeReset =
      ctx.getIntAttr(node, "linear_before_reset", 0);
  if (failed(activations) || failed(layout) || failed(inputForget) ||
      failed(linearBeforeReset)) {
    return failure();
  }
  if (*layout != 0 && *layout != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'layout' must be 0 or 1, got " << *layout;
  }
  if (isLSTM && *inputForget != 0) {
    return ctx.emitNodeError(node)
           << "input_forget = " << *inputForget
           << " (coupled input and forget gates) is not supported";
  }
  const bool lbr = !isLSTM && *linearBeforeReset != 0;
  std::optional<double> clip;
  if (ImportContext::findAttribute(node, "clip")) {
    FailureOr<double> value = ctx.getFloatAttr(node, "clip", std::nullopt);
    if (failed(value)) {
      return failure();
    }
    clip = *value;
  }

  // X, W and R.
  FailureOr<Value> x = ctx.getInput(node, 0);
  FailureOr<Value> w = ctx.getInput(node, 1);
  FailureOr<Value> r = ctx.getInput(node, 2);
  if (failed(x) || failed(w) || failed(r)) {
    return failure();
  }
  auto xType = llvm::cast<RankedTensorType>(x->getType());
  auto wType = llvm::cast<RankedTensorType>(w->getType());
  auto rType = llvm::cast<RankedTensorType>(r->getType());
  if (xType.getRank() != 3) {
    return ctx.emitNodeError(node) << "expects X of rank 3, got " << xType;
  }
  if (wType.getRank() != 3 || rType.getRank() != 3 || !wType.hasStaticShape() ||
      !rType.hasStaticShape()) {
    return ctx.emitNodeError(node)
           << "expects W and R of rank 3 with static shapes, got " << wType
           << " and " << rType;
  }
  FailureOr<int64_t> hiddenSize =
      ctx.getIntAttr(node, "hidden_size", rType.getDimSize(2));
  if (failed(hiddenSize)) {
    return failure();
  }
  const int64_t hidden = *hiddenSize;
  if (hidden < 1 || wType.getDimSize(1) != gates * hidden ||
      rType.getDimSize(1) != gates * hidden || rType.getDimSize(2) != hidden) {
    return ctx.emitNodeError(node)
           << "expects W [D, " << gates << " * hidden_size, input_size] "
           << "and R [D, " << gates
           << " * hidden_size, hidden_size] for hidden_size = " << hidden
           << ", got " << wType << " and " << rType;
  }
  Type elemType = xType.getElementType();
  const int64_t batch = xType.getDimSize(*layout == 0 ? 1 : 0);
  const int64_t seq = xType.getDimSize(*layout == 0 ? 0 : 1);

  // sequence_lens and peepholes.
  if (failed(checkConstantInput(
          ctx, node, 4, "sequence_lens",
          ShapedType::isDynamic(seq)
              ? "when constant and equal to the sequence length"
              : "when constant and equal to the sequence length " +
                    std::to_string(seq) + " for every batch entry",
          [&](double value) { return value == static_cast<double>(seq); }))) {
    return failure();
  }
  if (isLSTM &&
      failed(checkConstantInput(ctx, node, 7, "P", "as a constant of zeros",
                                [](double value) { return value == 0.0; }))) {
    return failure();
  }

  // IE operands.
  FailureOr<Value> input = transpose(ctx, loc, *x,
                                     *layout == 0 ? ArrayRef<int64_t>{1, 0, 2}
                                                  : ArrayRef<int64_t>{0, 1, 2});
  if (failed(input)) {
    return failure();
  }
  // Initial states: ONNX inputs 5 (initial_h) and 6 (initial_c).
  SmallVector<Value, 2> states;
  for (int index = 5; index < (isLSTM ? 7 : 6); ++index) {
    FailureOr<Value> state = ctx.getOptionalInput(node, index);
    if (failed(state)) {
      return failure();
    }
    if (*state) {
      state = transpose(ctx, loc, *state,
                        *layout == 0 ? ArrayRef<int64_t>{1, 0, 2}
                                     : ArrayRef<int64_t>{0, 1, 2});
      if (failed(state)) {
        return failure();
      }
    } else {
      if (ShapedType::isDynamic(batch)) {
        return ctx.emitNodeError(node)
               << "input '" << (index == 5 ? "initial_h" : "initial_c")
               << "' is required when the batch size is dynamic (its zero "
                  "default needs a "
                  "static shape)";
      }
      state = ctx.createSplatConstant(elemType, {batch, directions, hidden},
                                      0.0, loc);
    }
    states.push_back(*state);
  }
  // LSTM blocks: ONNX i, o, f, c -> IE f, i, c, o.
  SmallVector<BlockSum, 4> weightBlocks;
  SmallVector<BlockSum, 4> biasBlocks;
  if (isLSTM) {
    for (int k : {2, 0, 3, 1}) {
      weightBlocks.push_back({k, -1});
      biasBlocks.push_back({k, k + 4});
    }
  } else {
    for (int k : {0, 1, 2}) {
      weightBlocks.push_back({k, -1});
    }
    biasBlocks.push_back({0, 3});
    biasBlocks.push_back({1, 4});
    if (lbr) {
      biasBlocks.push_back({2, -1});
      biasBlocks.push_back({5, -1});
    } else {
      biasBlocks.push_back({2, 5});
    }
  }
  Value weights = *w;
  Value recurrence = *r;
  if (isLSTM) {
    FailureOr<Value> reordered = assembleBlocks(
        ctx, node, *w, hidden, weightBlocks, node.input(1) + "_fico");
    if (failed(reordered)) {
      return failure();
    }
    weights = *reordered;
    reordered = assembleBlocks(ctx, node, *r, hidden, weightBlocks,
                               node.input(2) + "_fico");
    if (failed(reordered)) {
      return failure();
    }
    recurrence = *reordered;
  }
  FailureOr<Value> b = ctx.getOptionalInput(node, 3);
  if (failed(b)) {
    return failure();
  }
  Value biases;
  if (*b) {
    auto bType = llvm::cast<RankedTensorType>(b->getType());
    if (bType.getRank() != 2 || !bType.hasStaticShape() ||
        bType.getDimSize(1) != 2 * gates * hidden) {
      return ctx.emitNodeError(node)
             << "expects B [D, " << 2 * gates
             << " * hidden_size] with static dims, got " << bType;
    }
    FailureOr<Value> combined = assembleBlocks(
        ctx, node, *b, hidden, biasBlocks, node.input(3) + "_ie");
    if (failed(combined)) {
      return failure();
    }
    biases = *combined;
  } else {
    biases = ctx.createSplatConstant(
        elemType,
        {directions, static_cast<int64_t>(biasBlocks.size()) * hidden}, 0.0,
        loc);
  }

  // The IE op.
  SmallVector<Value, 6> operands{*input};
  operands.append(states.begin(), states.end());
  operands.append({weights, recurrence, biases});
  SmallVector<NamedAttribute, 6> attrs{
      builder.getNamedAttr("hidden_size", builder.getI64IntegerAttr(hidden)),
      builder.getNamedAttr(
          "direction", IE::RNNDirectionAttr::get(ctx.getContext(), *direction)),
      builder.getNamedAttr(
          "activations",
          builder.getStrArrayAttr(SmallVector<llvm::StringRef, 3>(
              activations->begin(), activations->end())))};
  if (clip) {
    attrs.push_back(
        builder.getNamedAttr("clip", builder.getF64FloatAttr(*clip)));
  }
  if (lbr) {
    attrs.push_back(
        builder.getNamedAttr("linear_before_reset", builder.getUnitAttr()));
  }
  FailureOr<Operation *> op =
      ctx.createOp(isLSTM ? IE::LSTMSequenceOp::getOperationName()
                          : IE::GRUSequenceOp::getOperationName(),
                   loc, operands, attrs, isLSTM ? 3 : 2);
  if (failed(op)) {
    return failure();
  }

  // ONNX outputs Y, Y_h (and Y_c), transposed to the layout; unused ones are
  // not built.
  SmallVector<Value, 3> results;
  for (unsigned index = 0; index < (*op)->getNumResults(); ++index) {
    if (static_cast<int>(index) >= node.output_size() ||
        node.output(index).empty()) {
      results.push_back(Value());
      continue;
    }
    SmallVector<int64_t, 4> perm;
    if (index == 0) {
      perm = *layout == 0 ? SmallVector<int64_t, 4>{2, 1, 0, 3}
                          : SmallVector<int64_t, 4>{0, 2, 1, 3};
    } else {
      perm = *layout == 0 ? SmallVector<int64_t, 4>{1, 0, 2}
                          : SmallVector<int64_t, 4>{0, 1, 2};
    }
    FailureOr<Value> result =
        transpose(ctx, loc, (*op)->getResult(index), perm);
    if (failed(result)) {
      return failure();
    }
    results.push_back(*result);
  }
  return ctx.setOutputs(node, results);
}

LogicalResult importLSTM(ImportContext &ctx, const onnx::NodeProto &node) {
  return importRecurrent(ctx, node, RNNFamily::LSTM);
}

LogicalResult importGRU(ImportContext &ctx, const onnx::NodeProto &node) {
  return importRecurrent(ctx, node, RNNFamily::GRU);
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getRecurrentHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"LSTM", 9, 17, importLSTM,
       "IE.LSTMSequence, IE.Transpose, IE.Split, IE.Add, IE.Concat"},
      {"GRU", 9, 17, importGRU,
       "IE.GRUSequence, IE.Transpose, IE.Split, IE.Add, IE.Concat"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
