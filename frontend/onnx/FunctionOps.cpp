//===- FunctionOps.cpp - ONNX ops imported through their function bodies --===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The rows of the supported-op listing for ops without a handler that the
// importer replaces by their ONNX function body (inlineFunctions,
// ModelUpgrade.h). They are not written down: for every default-domain
// schema with a function body (plain or context-dependent) and every
// supported opset where the op has no handler, a one-node model is built
// (every required input, of the first type its constraint allows, float
// preferred; the required outputs; the schema's attribute defaults) and
// inlined with the importer's own mapping check. The opsets where the whole
// expansion is mapped become rows "ONNX function body (IE ops of the body)".
// Ops with a required attribute that has no default are left out: no node
// can be built for them without guessing.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <exception>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/onnx/ImportContext.h"
#include "frontend/onnx/ModelUpgrade.h"
#include "onnx/defs/schema.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// The element type a test input of `formal` gets: float when its type
/// constraint allows it, else the first allowed tensor type; 0 when none.
int32_t pickElemType(const onnx::OpSchema &schema,
                     const onnx::OpSchema::FormalParameter &formal) {
  std::vector<std::string> allowed;
  const std::string &typeStr = formal.GetTypeStr();
  for (const onnx::OpSchema::TypeConstraintParam &constraint :
       schema.typeConstraintParams()) {
    if (constraint.type_param_str == typeStr) {
      allowed = constraint.allowed_type_strs;
    }
  }
  if (allowed.empty()) {
    allowed.push_back(typeStr);
  }
  std::string chosen;
  for (const std::string &type : allowed) {
    if (type == "tensor(float)") {
      chosen = type;
    }
  }
  if (chosen.empty()) {
    for (const std::string &type : allowed) {
      if (type.rfind("tensor(", 0) == 0) {
        chosen = type;
        break;
      }
    }
  }
  if (chosen.empty()) {
    return 0;
  }
  std::string name = chosen.substr(7, chosen.size() - 8);
  static const std::map<std::string, int32_t> types = {
      {"float", onnx::TensorProto::FLOAT},
      {"float16", onnx::TensorProto::FLOAT16},
      {"double", onnx::TensorProto::DOUBLE},
      {"bfloat16", onnx::TensorProto::BFLOAT16},
      {"int8", onnx::TensorProto::INT8},
      {"uint8", onnx::TensorProto::UINT8},
      {"int16", onnx::TensorProto::INT16},
      {"uint16", onnx::TensorProto::UINT16},
      {"int32", onnx::TensorProto::INT32},
      {"uint32", onnx::TensorProto::UINT32},
      {"int64", onnx::TensorProto::INT64},
      {"uint64", onnx::TensorProto::UINT64},
      {"bool", onnx::TensorProto::BOOL}};
  auto it = types.find(name);
  return it == types.end() ? 0 : it->second;
}

/// A one-node model of `schema`'s op at `opset`, or false when no node can
/// be built without guessing (a required attribute without a default, an
/// input whose type is not a tensor).
bool buildProbe(const onnx::OpSchema &schema, int64_t opset,
                onnx::ModelProto &model) {
  for (const auto &[name, attr] : schema.attributes()) {
    if (attr.required) {
      return false;
    }
  }
  model.set_ir_version(onnx::IR_VERSION);
  onnx::OperatorSetIdProto *import = model.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("probe");
  onnx::NodeProto *node = graph->add_node();
  node->set_op_type(schema.Name());
  node->set_name("probe");
  int index = 0;
  for (const onnx::OpSchema::FormalParameter &formal : schema.inputs()) {
    if (formal.GetOption() == onnx::OpSchema::Optional) {
      break;
    }
    int32_t elemType = pickElemType(schema, formal);
    if (elemType == 0) {
      return false;
    }
    std::string name = "in" + std::to_string(index++);
    node->add_input(name);
    onnx::ValueInfoProto *input = graph->add_input();
    input->set_name(name);
    onnx::TypeProto_Tensor *type = input->mutable_type()->mutable_tensor_type();
    type->set_elem_type(elemType);
    // A static shape, as ONNX shape inference gives the importer: the
    // version converter needs one. Rank 2 fits the ops with bodies (loss
    // functions take [N, C] scores and [N, C]-broadcastable targets).
    for (int64_t dim : {2, 3}) {
      type->mutable_shape()->add_dim()->set_dim_value(dim);
    }
  }
  index = 0;
  for (const onnx::OpSchema::FormalParameter &formal : schema.outputs()) {
    if (formal.GetOption() == onnx::OpSchema::Optional) {
      break;
    }
    std::string name = "out" + std::to_string(index++);
    node->add_output(name);
    graph->add_output()->set_name(name);
  }
  return true;
}

/// Whether the importer inlines a one-node model of `schema`'s op at
/// `opset` into mapped ops only; `ieOps` collects the IE ops of the handlers
/// of the body's ops.
bool isInlinedCompletely(const onnx::OpSchema &schema, int64_t opset,
                         std::set<std::string> &ieOps) {
  onnx::ModelProto model;
  if (!buildProbe(schema, opset, model)) {
    return false;
  }
  llvm::Expected<InlineResult> result = inlineFunctions(model, isNodeMapped);
  if (!result) {
    llvm::consumeError(result.takeError());
    return false;
  }
  if (result->inlinedNodes != 1) {
    return false;
  }
  for (const onnx::NodeProto &node : model.graph().node()) {
    const OpHandlerInfo *info = lookupOpHandler(node.op_type(), opset);
    // The op names in the handler's description ("IE.X", "const.Y"); its
    // prose (what a form adds, an op that forwards its input) is left out.
    llvm::StringRef ops = info ? info->ieOps : "";
    for (size_t pos = 0; pos < ops.size();) {
      llvm::StringRef rest = ops.drop_front(pos);
      size_t prefix = rest.starts_with("IE.")      ? 3
                      : rest.starts_with("const.") ? 6
                                                   : 0;
      bool atWordStart =
          pos == 0 || !(llvm::isAlnum(ops[pos - 1]) || ops[pos - 1] == '.');
      if (prefix == 0 || !atWordStart) {
        ++pos;
        continue;
      }
      size_t end = prefix;
      while (end < rest.size() &&
             (llvm::isAlnum(rest[end]) || rest[end] == '_')) {
        ++end;
      }
      if (end > prefix) {
        ieOps.insert(rest.take_front(end).str());
      }
      pos += end;
    }
  }
  return true;
}

} // namespace

bool isNodeMapped(const onnx::NodeProto &node, int64_t opset) {
  const OpHandlerInfo *info = lookupOpHandler(node.op_type(), opset);
  return info && (!info->accepts || info->accepts(node));
}

std::vector<FunctionOpRow> getFunctionOpRows(int64_t minOpset,
                                             int64_t maxOpset) {
  std::set<std::string> names;
  for (const onnx::OpSchema &schema :
       onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    if (schema.domain().empty() || schema.domain() == "ai.onnx") {
      names.insert(schema.Name());
    }
  }
  std::vector<FunctionOpRow> rows;
  for (const std::string &name : names) {
    FunctionOpRow *open = nullptr;
    for (int64_t opset = minOpset; opset <= maxOpset; ++opset) {
      const onnx::OpSchema *schema =
          onnx::OpSchemaRegistry::Schema(name, static_cast<int>(opset), "");
      std::set<std::string> ieOps;
      const bool inlined =
          schema && !schema->Deprecated() &&
          (schema->HasFunction() || schema->HasContextDependentFunction()) &&
          !lookupOpHandler(name, opset) &&
          isInlinedCompletely(*schema, opset, ieOps);
      if (!inlined) {
        open = nullptr;
        continue;
      }
      if (open && open->ieOps == ieOps) {
        open->maxOpset = opset;
        continue;
      }
      rows.push_back({name, opset, opset, std::move(ieOps)});
      open = &rows.back();
    }
  }
  return rows;
}

} // namespace mlir::vpuc::onnx_frontend
