//===- ShapeInference.cpp - ONNX shape inference, rank-checked ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ShapeInference.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "onnx/defs/schema.h"
#include "onnx/defs/shape_inference.h"
#include "onnx/onnx_pb.h"
#include "onnx/shape_inference/implementation.h"

namespace mlir::vpuc::onnx_frontend {
namespace {

/// The data and weight operand positions of the default-domain ops whose
/// ONNX rules derive per-axis sizes from both (weights < 0: no weights).
struct ConvPoolOperands {
  int data;
  int weights;
};

const ConvPoolOperands *lookupConvPoolOperands(const std::string &opType) {
  static const std::map<std::string, ConvPoolOperands> table = {
      {"Conv", {0, 1}},          {"ConvInteger", {0, 1}},
      {"ConvTranspose", {0, 1}}, {"QLinearConv", {0, 3}},
      {"AveragePool", {0, -1}},  {"MaxPool", {0, -1}},
      {"LpPool", {0, -1}},       {"MaxUnpool", {0, -1}},
  };
  auto it = table.find(opType);
  return it == table.end() ? nullptr : &it->second;
}

/// The rank of operand `index`, or -1 when it is absent or has no shape.
int operandRank(onnx::InferenceContext &ctx, int index) {
  if (index < 0 || static_cast<size_t>(index) >= ctx.getNumInputs()) {
    return -1;
  }
  const onnx::TypeProto *type = ctx.getInputType(index);
  if (!type || !type->has_tensor_type() || !type->tensor_type().has_shape()) {
    return -1;
  }
  return type->tensor_type().shape().dim_size();
}

/// Fails the node's inference unless the ranks its ONNX rule relies on agree:
/// input rank >= 2, weights of the input's rank, and each per-axis attribute
/// of the input's spatial rank (twice that for `pads`).
void checkConvPoolRanks(onnx::InferenceContext &ctx,
                        const ConvPoolOperands &operands) {
  const int rank = operandRank(ctx, operands.data);
  if (rank < 0) {
    return;
  }
  if (rank < 2) {
    fail_shape_inference("the input has rank ", rank,
                         "; at least 2 ([N, C, ...]) is needed");
  }
  const int weightsRank = operandRank(ctx, operands.weights);
  if (weightsRank >= 0 && weightsRank != rank) {
    fail_shape_inference("the input has rank ", rank,
                         " but the weights have rank ", weightsRank);
  }
  const size_t spatial = static_cast<size_t>(rank - 2);
  for (const auto &[name, factor] :
       {std::pair<const char *, size_t>{"kernel_shape", 1},
        {"strides", 1},
        {"dilations", 1},
        {"pads", 2},
        {"output_padding", 1},
        {"output_shape", 1}}) {
    const onnx::AttributeProto *attr = ctx.getAttribute(name);
    if (attr && static_cast<size_t>(attr->ints_size()) != spatial * factor) {
      fail_shape_inference("attribute '", name, "' has ", attr->ints_size(),
                           " values; the input's ", spatial,
                           " spatial axes need ", spatial * factor);
    }
  }
}

/// The library's registry, with the rules of the conv/pool ops wrapped by
/// checkConvPoolRanks. The wrapped schemas are copies made once per schema.
class CheckedSchemaRegistry final : public onnx::ISchemaRegistry {
public:
  const onnx::OpSchema *GetSchema(const std::string &key,
                                  const int maxInclusiveVersion,
                                  const std::string &domain) const override {
    const onnx::OpSchema *schema =
        onnx::OpSchemaRegistry::Schema(key, maxInclusiveVersion, domain);
    const ConvPoolOperands *operands = lookupConvPoolOperands(key);
    if (!schema || !operands || !(domain.empty() || domain == "ai.onnx")) {
      return schema;
    }
    std::lock_guard<std::mutex> lock(mutex);
    std::unique_ptr<onnx::OpSchema> &checked = wrapped[schema];
    if (!checked) {
      checked = std::make_unique<onnx::OpSchema>(*schema);
      onnx::InferenceFunction rule = schema->GetTypeAndShapeInferenceFunction();
      const ConvPoolOperands positions = *operands;
      checked->TypeAndShapeInferenceFunction(
          [rule, positions](onnx::InferenceContext &ctx) {
            checkConvPoolRanks(ctx, positions);
            rule(ctx);
          });
    }
    return checked.get();
  }

private:
  mutable std::mutex mutex;
  mutable std::map<const onnx::OpSchema *, std::unique_ptr<onnx::OpSchema>>
      wrapped;
};

} // namespace

void inferOnnxShapes(onnx::ModelProto &model) {
  static CheckedSchemaRegistry registry;
  onnx::ShapeInferenceOptions options(/*check_type_val=*/false,
                                      /*strict_mode_val=*/0,
                                      /*data_prop_val=*/false);
  onnx::shape_inference::InferShapes(model, &registry, options);
}

} // namespace mlir::vpuc::onnx_frontend
