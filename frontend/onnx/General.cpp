//===- General.cpp - ONNX Constant, Identity and Cast -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the ops that are not layers of a family: Constant (->
// const.Declare), Identity (forwards its input) and Cast (-> IE.Convert).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

/// Constant: exactly one of `value` (a tensor), `value_float(s)` or
/// `value_int(s)`.
static LogicalResult importConstant(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  if (node.attribute_size() != 1) {
    return ctx.emitNodeError(node)
           << "expects exactly one attribute, got " << node.attribute_size();
  }
  const onnx::AttributeProto &attr = node.attribute(0);
  onnx::TensorProto tensor;
  tensor.set_name(node.output_size() > 0 ? node.output(0) : node.name());
  llvm::StringRef name = attr.name();
  if (name == "value" && attr.type() == onnx::AttributeProto::TENSOR) {
    std::string keepName = tensor.name();
    tensor = attr.t();
    if (tensor.name().empty()) {
      tensor.set_name(keepName);
    }
  } else if (name == "value_float" &&
             attr.type() == onnx::AttributeProto::FLOAT) {
    tensor.set_data_type(onnx::TensorProto::FLOAT);
    tensor.add_float_data(attr.f());
  } else if (name == "value_floats" &&
             attr.type() == onnx::AttributeProto::FLOATS) {
    tensor.set_data_type(onnx::TensorProto::FLOAT);
    tensor.add_dims(attr.floats_size());
    *tensor.mutable_float_data() = attr.floats();
  } else if (name == "value_int" && attr.type() == onnx::AttributeProto::INT) {
    tensor.set_data_type(onnx::TensorProto::INT64);
    tensor.add_int64_data(attr.i());
  } else if (name == "value_ints" &&
             attr.type() == onnx::AttributeProto::INTS) {
    tensor.set_data_type(onnx::TensorProto::INT64);
    tensor.add_dims(attr.ints_size());
    *tensor.mutable_int64_data() = attr.ints();
  } else {
    return ctx.emitNodeError(node)
           << "attribute '" << name << "' of type "
           << onnx::AttributeProto::AttributeType_Name(attr.type())
           << " is not supported";
  }
  Location loc = ctx.getNodeLoc(node);
  FailureOr<Value> value =
      ctx.createConstant(tensor, loc,
                         node.op_type() + " node '" +
                             ImportContext::getNodeDisplayName(node) + "'");
  if (failed(value)) {
    return failure();
  }
  return ctx.setOutputs(node, {*value});
}

/// Identity binds its output to its input; no op is created.
static LogicalResult importIdentity(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  return ctx.setOutputs(node, {*input});
}

/// Cast(to) -> IE.Convert {dstElemType}.
static LogicalResult importCast(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<int64_t> to = ctx.getIntAttr(node, "to", std::nullopt);
  if (failed(to)) {
    return failure();
  }
  Type dstElemType = ctx.convertElementType(static_cast<int32_t>(*to));
  if (!dstElemType) {
    InFlightDiagnostic diag = ctx.emitNodeError(node);
    if (onnx::TensorProto::DataType_IsValid(static_cast<int>(*to))) {
      diag << "attribute 'to' names the unsupported element type "
           << ImportContext::getDataTypeName(static_cast<int32_t>(*to));
    } else {
      diag << "attribute 'to' = " << *to << " is not an ONNX element type";
    }
    return diag;
  }
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  FailureOr<IE::ConvertOp> op = ctx.create<IE::ConvertOp>(
      ctx.getNodeLoc(node), {*input},
      {ctx.getBuilder().getNamedAttr("dstElemType",
                                     TypeAttr::get(dstElemType))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

llvm::ArrayRef<OpHandlerInfo> getGeneralHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Constant", 9, 17, importConstant, "const.Declare"},
      {"Identity", 9, 17, importIdentity, "(none: forwards its input)"},
      {"Cast", 9, 17, importCast, "IE.Convert"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
