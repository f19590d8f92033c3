//===- ModelUpgrade.cpp - Bring an ONNX model to a supported form ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The opset upgrade calls the ONNX version converter. The function inliner is
// written here because the installed ONNX library (1.12) has no inliner; it
// takes the function bodies from the library's schemas
// (OpSchema::GetFunction / BuildContextDependentFunction) and from the model.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ModelUpgrade.h"
#include "frontend/onnx/ShapeInference.h"

#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "onnx/defs/schema.h"
#include "onnx/onnx_pb.h"
#include "onnx/version_converter/convert.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::onnx_frontend {

static bool isDefaultDomain(llvm::StringRef domain) {
  return domain.empty() || domain == "ai.onnx";
}

int64_t getDefaultOpset(const onnx::ModelProto &model) {
  int64_t opset = 0;
  for (const onnx::OperatorSetIdProto &entry : model.opset_import()) {
    if (isDefaultDomain(entry.domain())) {
      opset = entry.version();
    }
  }
  return opset;
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// True if `info` has a shape (possibly with symbolic dims).
static bool hasShape(const onnx::ValueInfoProto &info) {
  return info.type().has_tensor_type() && info.type().tensor_type().has_shape();
}

/// Gives the input of each shape-preserving softmax (Softmax, LogSoftmax,
/// Hardmax) whose shape shape inference left unknown the shape of the
/// softmax's output, when that is known. The
/// converter's adapters of these ops (12 -> 13) need the input's rank; shape
/// inference loses it after a Reshape whose target shape is computed (Shape ->
/// Slice -> Concat, as paddle2onnx exports a flatten), while the graph output
/// or a later op often still states it.
static void completeSoftmaxInputShapes(onnx::GraphProto &graph) {
  std::map<std::string, const onnx::ValueInfoProto *> known;
  for (const auto *infos :
       {&graph.input(), &graph.value_info(), &graph.output()}) {
    for (const onnx::ValueInfoProto &info : *infos) {
      if (hasShape(info)) {
        known[info.name()] = &info;
      }
    }
  }
  std::vector<onnx::ValueInfoProto> added;
  for (const onnx::NodeProto &node : graph.node()) {
    const std::string &type = node.op_type();
    if ((type != "Softmax" && type != "LogSoftmax" && type != "Hardmax") ||
        node.input_size() < 1 || node.output_size() < 1 ||
        known.count(node.input(0))) {
      continue;
    }
    auto output = known.find(node.output(0));
    if (output == known.end()) {
      continue;
    }
    onnx::ValueInfoProto info = *output->second;
    info.set_name(node.input(0));
    added.push_back(std::move(info));
  }
  for (onnx::ValueInfoProto &info : added) {
    *graph.add_value_info() = std::move(info);
  }
}

/// The first output of `graph` or of one of its subgraphs that no node, graph
/// input or initializer of its scope defines, as "graph 'G': output 'O'". The
/// ONNX checker does not look at graph outputs, and the version converter
/// dereferences such an output's missing definition.
static std::optional<std::string>
findUndefinedOutput(const onnx::GraphProto &graph,
                    std::set<std::string> scope) {
  for (const onnx::ValueInfoProto &input : graph.input()) {
    scope.insert(input.name());
  }
  for (const onnx::TensorProto &initializer : graph.initializer()) {
    scope.insert(initializer.name());
  }
  for (const onnx::NodeProto &node : graph.node()) {
    for (const onnx::AttributeProto &attr : node.attribute()) {
      if (attr.has_g()) {
        if (auto found = findUndefinedOutput(attr.g(), scope)) {
          return found;
        }
      }
      for (const onnx::GraphProto &subgraph : attr.graphs()) {
        if (auto found = findUndefinedOutput(subgraph, scope)) {
          return found;
        }
      }
    }
    scope.insert(node.output().begin(), node.output().end());
  }
  for (const onnx::ValueInfoProto &output : graph.output()) {
    if (!scope.count(output.name())) {
      return "graph '" + graph.name() + "': output '" + output.name() + "'";
    }
  }
  return std::nullopt;
}

llvm::Expected<int64_t> upgradeOpset(onnx::ModelProto &model,
                                     int64_t targetOpset) {
  const int64_t opset = getDefaultOpset(model);
  if (opset == 0 || opset >= targetOpset) {
    return opset;
  }
  if (std::optional<std::string> undefined =
          findUndefinedOutput(model.graph(), {})) {
    return makeError("invalid ONNX model: " + llvm::Twine(*undefined) +
                     " is not produced by any node, graph input or "
                     "initializer");
  }
  try {
    // Some adapters (e.g. Softmax 12 -> 13) need the input shapes.
    onnx::ModelProto inferred = model;
    inferOnnxShapes(inferred);
    completeSoftmaxInputShapes(*inferred.mutable_graph());
    onnx::ModelProto converted = onnx::version_conversion::ConvertVersion(
        inferred, static_cast<int>(targetOpset));
    // The converter rebuilds the graph and may drop the model-local functions.
    if (converted.functions_size() == 0) {
      *converted.mutable_functions() = model.functions();
    }
    model = std::move(converted);
  } catch (const std::exception &error) {
    return makeError("the ONNX version converter cannot bring opset " +
                     llvm::Twine(opset) + " to opset " +
                     llvm::Twine(targetOpset) + ": " +
                     llvm::StringRef(error.what()).trim());
  } catch (...) {
    return makeError("the ONNX version converter cannot bring opset " +
                     llvm::Twine(opset) + " to opset " +
                     llvm::Twine(targetOpset));
  }
  return opset;
}

//===----------------------------------------------------------------------===//
// Function inlining
//===----------------------------------------------------------------------===//

/// Resolves the attribute references of the nodes of `body`, called by `node`
/// (of `schema`, when a schema's function): a reference takes the node's
/// attribute, else the schema's default, else the attribute is dropped.
static void resolveAttributes(onnx::FunctionProto &body,
                              const onnx::NodeProto &node,
                              const onnx::OpSchema *schema) {
  std::map<std::string, const onnx::AttributeProto *> attributes;
  for (const onnx::AttributeProto &attr : node.attribute()) {
    attributes[attr.name()] = &attr;
  }
  // Resolves the attributes of a body node: a reference takes the node's
  // attribute, else the schema's default, else is dropped.
  std::function<void(onnx::NodeProto &)> resolve = [&](onnx::NodeProto &inner) {
    google::protobuf::RepeatedPtrField<onnx::AttributeProto> resolved;
    for (onnx::AttributeProto &attr : *inner.mutable_attribute()) {
      if (attr.ref_attr_name().empty()) {
        if (attr.has_g()) {
          for (onnx::NodeProto &n : *attr.mutable_g()->mutable_node()) {
            resolve(n);
          }
        }
        for (onnx::GraphProto &g : *attr.mutable_graphs()) {
          for (onnx::NodeProto &n : *g.mutable_node()) {
            resolve(n);
          }
        }
        *resolved.Add() = std::move(attr);
        continue;
      }
      const onnx::AttributeProto *value = nullptr;
      auto it = attributes.find(attr.ref_attr_name());
      if (it != attributes.end()) {
        value = it->second;
      } else if (schema) {
        auto def = schema->attributes().find(attr.ref_attr_name());
        if (def != schema->attributes().end() &&
            def->second.default_value.type() !=
                onnx::AttributeProto::UNDEFINED) {
          value = &def->second.default_value;
        }
      }
      if (!value) {
        continue;
      }
      onnx::AttributeProto copy = *value;
      copy.set_name(attr.name());
      *resolved.Add() = std::move(copy);
    }
    inner.mutable_attribute()->Swap(&resolved);
  };
  for (onnx::NodeProto &inner : *body.mutable_node()) {
    resolve(inner);
  }
}

/// Brings the nodes of `body` from opset `from` to opset `to` with the ONNX
/// version converter; `inputTypes` are the types of the formal inputs (empty
/// when unknown).
static llvm::Error convertBody(onnx::FunctionProto &body, int64_t from,
                               int64_t to,
                               const std::vector<onnx::TypeProto> &inputTypes) {
  onnx::ModelProto wrapper;
  wrapper.set_ir_version(onnx::Version::IR_VERSION);
  onnx::OperatorSetIdProto *import = wrapper.add_opset_import();
  import->set_domain("");
  import->set_version(from);
  onnx::GraphProto *graph = wrapper.mutable_graph();
  graph->set_name(body.name());
  for (auto [index, name] : llvm::enumerate(body.input())) {
    onnx::ValueInfoProto *input = graph->add_input();
    input->set_name(name);
    if (index < inputTypes.size()) {
      *input->mutable_type() = inputTypes[index];
    }
  }
  // A context-dependent body may declare outputs it does not build for this
  // node (SoftmaxCrossEntropyLoss's log_prob when the node has one output);
  // the converter dereferences every graph output's producer.
  std::set<std::string> defined(body.input().begin(), body.input().end());
  for (const onnx::NodeProto &node : body.node()) {
    defined.insert(node.output().begin(), node.output().end());
  }
  for (const std::string &name : body.output()) {
    if (defined.count(name)) {
      graph->add_output()->set_name(name);
    }
  }
  *graph->mutable_node() = body.node();
  try {
    onnx::ModelProto converted =
        onnx::version_conversion::ConvertVersion(wrapper, static_cast<int>(to));
    *body.mutable_node() = converted.graph().node();
  } catch (const std::exception &error) {
    return makeError("the ONNX version converter cannot bring its function "
                     "body from opset " +
                     llvm::Twine(from) + " to opset " + llvm::Twine(to) + ": " +
                     llvm::StringRef(error.what()).trim());
  }
  return llvm::Error::success();
}

namespace {

/// Inlines function calls in one graph (see inlineFunctions).
class FunctionInliner {
public:
  FunctionInliner(onnx::ModelProto &model, const IsOpMappedFn &isMapped)
      : model(model), isMapped(isMapped), opset(getDefaultOpset(model)) {
    for (const onnx::FunctionProto &function : model.functions()) {
      localFunctions[{function.domain(), function.name()}] = &function;
    }
  }

  llvm::Expected<InlineResult> run();

private:
  /// A node of the working graph and the top-level node it comes from.
  struct WorkNode {
    onnx::NodeProto node;
    int origin;
  };

  /// Whether `node` is left to the consumer as it is.
  bool isKept(const onnx::NodeProto &node) const {
    return isDefaultDomain(node.domain()) && isMapped(node, opset);
  }
  /// The body of `node`'s op, or none (with a reason in `why` when the op
  /// has a body that cannot be used).
  std::optional<onnx::FunctionProto>
  getBody(const onnx::NodeProto &node,
          const std::unordered_map<std::string, onnx::TypeProto> &types,
          const onnx::OpSchema *&schema, std::string &why) const;
  /// Appends the nodes of `body` called by `node` to `out`.
  void expand(const onnx::NodeProto &node, const onnx::FunctionProto &body,
              int origin, std::vector<WorkNode> &out);
  /// A name not used in the model yet, derived from `base`.
  std::string makeUniqueName(const std::string &base);
  /// Collects every value and node name of `graph` (and its subgraphs).
  void collectNames(const onnx::GraphProto &graph);

  onnx::ModelProto &model;
  const IsOpMappedFn &isMapped;
  int64_t opset;
  std::map<std::pair<std::string, std::string>, const onnx::FunctionProto *>
      localFunctions;
  std::set<std::string> usedNames;
};

} // namespace

void FunctionInliner::collectNames(const onnx::GraphProto &graph) {
  auto addValues = [&](const auto &values) {
    for (const auto &value : values) {
      usedNames.insert(value.name());
    }
  };
  addValues(graph.input());
  addValues(graph.output());
  addValues(graph.initializer());
  addValues(graph.value_info());
  for (const onnx::NodeProto &node : graph.node()) {
    usedNames.insert(node.name());
    usedNames.insert(node.input().begin(), node.input().end());
    usedNames.insert(node.output().begin(), node.output().end());
    for (const onnx::AttributeProto &attr : node.attribute()) {
      if (attr.has_g()) {
        collectNames(attr.g());
      }
      for (const onnx::GraphProto &g : attr.graphs()) {
        collectNames(g);
      }
    }
  }
}

std::string FunctionInliner::makeUniqueName(const std::string &base) {
  std::string name = base;
  for (int i = 1; usedNames.count(name); ++i) {
    name = base + "_" + std::to_string(i);
  }
  usedNames.insert(name);
  return name;
}

/// The ONNX type of an initializer.
static onnx::TypeProto getTensorType(const onnx::TensorProto &tensor) {
  onnx::TypeProto type;
  onnx::TypeProto_Tensor *tensorType = type.mutable_tensor_type();
  tensorType->set_elem_type(tensor.data_type());
  onnx::TensorShapeProto *shape = tensorType->mutable_shape();
  for (int64_t dim : tensor.dims()) {
    shape->add_dim()->set_dim_value(dim);
  }
  return type;
}

std::optional<onnx::FunctionProto> FunctionInliner::getBody(
    const onnx::NodeProto &node,
    const std::unordered_map<std::string, onnx::TypeProto> &types,
    const onnx::OpSchema *&schema, std::string &why) const {
  schema = nullptr;
  if (!isDefaultDomain(node.domain())) {
    auto it = localFunctions.find({node.domain(), node.op_type()});
    if (it == localFunctions.end()) {
      return std::nullopt;
    }
    onnx::FunctionProto body = *it->second;
    resolveAttributes(body, node, nullptr);
    return body;
  }
  schema = onnx::OpSchemaRegistry::Schema(node.op_type(),
                                          static_cast<int>(opset), "");
  if (!schema) {
    return std::nullopt;
  }
  std::vector<onnx::TypeProto> inputTypes;
  for (const std::string &input : node.input()) {
    auto it = types.find(input);
    inputTypes.push_back(it == types.end() ? onnx::TypeProto() : it->second);
  }
  onnx::FunctionProto body;
  if (schema->HasFunction()) {
    body = *schema->GetFunction();
  } else if (schema->HasContextDependentFunction()) {
    onnx::FunctionBodyBuildContextImpl context(node, inputTypes);
    if (!schema->BuildContextDependentFunction(context, body)) {
      why = "the ONNX schema could not build its function body for this "
            "node (input types unknown?)";
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  resolveAttributes(body, node, schema);
  // The body is written for the opset it imports: ops that changed since are
  // brought to the model's opset.
  int64_t bodyOpset = schema->SinceVersion();
  for (const onnx::OperatorSetIdProto &entry : body.opset_import()) {
    if (isDefaultDomain(entry.domain())) {
      bodyOpset = entry.version();
    }
  }
  const bool changed = llvm::any_of(body.node(), [&](const onnx::NodeProto &n) {
    if (!isDefaultDomain(n.domain())) {
      return false;
    }
    const onnx::OpSchema *atBody = onnx::OpSchemaRegistry::Schema(
        n.op_type(), static_cast<int>(bodyOpset), "");
    const onnx::OpSchema *atModel = onnx::OpSchemaRegistry::Schema(
        n.op_type(), static_cast<int>(opset), "");
    return !atBody || !atModel ||
           atBody->SinceVersion() != atModel->SinceVersion();
  });
  if (changed) {
    if (llvm::Error error = convertBody(body, bodyOpset, opset, inputTypes)) {
      why = llvm::toString(std::move(error));
      return std::nullopt;
    }
  }
  return body;
}

/// Renames, in `graph` (a subgraph of a function body), every name found in
/// `names`, adding a fresh name for every value the subgraph defines.
static void
renameSubgraph(onnx::GraphProto &graph,
               std::map<std::string, std::string> &names,
               const std::function<std::string(const std::string &)> &fresh) {
  auto rename = [&](std::string *name) {
    if (name->empty()) {
      return;
    }
    auto it = names.find(*name);
    if (it == names.end()) {
      it = names.emplace(*name, fresh(*name)).first;
    }
    *name = it->second;
  };
  for (onnx::ValueInfoProto &value : *graph.mutable_input()) {
    rename(value.mutable_name());
  }
  for (onnx::TensorProto &tensor : *graph.mutable_initializer()) {
    rename(tensor.mutable_name());
  }
  for (onnx::NodeProto &node : *graph.mutable_node()) {
    for (std::string &input : *node.mutable_input()) {
      rename(&input);
    }
    for (std::string &output : *node.mutable_output()) {
      rename(&output);
    }
    for (onnx::AttributeProto &attr : *node.mutable_attribute()) {
      if (attr.has_g()) {
        renameSubgraph(*attr.mutable_g(), names, fresh);
      }
      for (onnx::GraphProto &g : *attr.mutable_graphs()) {
        renameSubgraph(g, names, fresh);
      }
    }
  }
  for (onnx::ValueInfoProto &value : *graph.mutable_output()) {
    rename(value.mutable_name());
  }
  for (onnx::ValueInfoProto &value : *graph.mutable_value_info()) {
    rename(value.mutable_name());
  }
}

void FunctionInliner::expand(const onnx::NodeProto &node,
                             const onnx::FunctionProto &body, int origin,
                             std::vector<WorkNode> &out) {
  const std::string prefix =
      (node.name().empty()
           ? (node.output_size() ? node.output(0) : node.op_type())
           : node.name()) +
      "/" + body.name();
  auto fresh = [&](const std::string &name) {
    return makeUniqueName(prefix + "/" + name);
  };
  // Formal parameters -> actual values; an omitted optional input is empty,
  // an output the node does not use gets a fresh name.
  std::map<std::string, std::string> names;
  for (auto [index, formal] : llvm::enumerate(body.input())) {
    names[formal] =
        static_cast<int>(index) < node.input_size() ? node.input(index) : "";
  }
  for (auto [index, formal] : llvm::enumerate(body.output())) {
    const bool used = static_cast<int>(index) < node.output_size() &&
                      !node.output(index).empty();
    names[formal] = used ? node.output(index) : fresh(formal);
  }
  for (const onnx::NodeProto &bodyNode : body.node()) {
    onnx::NodeProto inner = bodyNode;
    for (std::string &input : *inner.mutable_input()) {
      if (input.empty()) {
        continue;
      }
      auto it = names.find(input);
      // A body input that is not a formal parameter would be a malformed
      // body; it is left to the checker of the consumer.
      if (it != names.end()) {
        input = it->second;
      }
    }
    for (std::string &output : *inner.mutable_output()) {
      if (output.empty()) {
        continue;
      }
      auto it = names.find(output);
      if (it == names.end()) {
        it = names.emplace(output, fresh(output)).first;
      }
      output = it->second;
    }
    for (onnx::AttributeProto &attr : *inner.mutable_attribute()) {
      if (attr.has_g()) {
        renameSubgraph(*attr.mutable_g(), names, fresh);
      }
      for (onnx::GraphProto &g : *attr.mutable_graphs()) {
        renameSubgraph(g, names, fresh);
      }
    }
    inner.set_name(makeUniqueName(
        prefix + "/" +
        (bodyNode.name().empty() ? bodyNode.op_type() : bodyNode.name())));
    if (isDefaultDomain(inner.domain())) {
      inner.set_domain("");
    }
    out.push_back({std::move(inner), origin});
  }
}

llvm::Expected<InlineResult> FunctionInliner::run() {
  InlineResult result;
  onnx::GraphProto &graph = *model.mutable_graph();
  if (llvm::all_of(graph.node(),
                   [&](const onnx::NodeProto &node) { return isKept(node); })) {
    return result;
  }
  const int numNodes = graph.node_size();
  std::vector<WorkNode> work;
  for (int i = 0; i < numNodes; ++i) {
    work.push_back({graph.node(i), i});
  }
  collectNames(graph);

  // Expands level by level (shape inference between levels gives the input
  // types the context-dependent bodies of nested calls need).
  std::vector<bool> expanded(numNodes, false);
  std::map<int, std::string> why;
  // The model the nested levels are typed on: the model's graph without its
  // large initializers' data (they are typed inputs instead).
  onnx::ModelProto scratch;
  constexpr int kMaxDepth = 8;
  constexpr int64_t kMaxCopiedElements = 1024;
  try {
    for (int depth = 0; depth < kMaxDepth; ++depth) {
      // The value types known so far.
      std::unordered_map<std::string, onnx::TypeProto> types;
      if (depth == 1) {
        scratch.set_ir_version(model.ir_version());
        *scratch.mutable_opset_import() = model.opset_import();
        *scratch.mutable_functions() = model.functions();
        onnx::GraphProto *scratchGraph = scratch.mutable_graph();
        scratchGraph->set_name(graph.name());
        *scratchGraph->mutable_input() = graph.input();
        *scratchGraph->mutable_output() = graph.output();
        std::set<std::string> inputs;
        for (const onnx::ValueInfoProto &input : graph.input()) {
          inputs.insert(input.name());
        }
        for (const onnx::TensorProto &tensor : graph.initializer()) {
          int64_t elements = 1;
          for (int64_t dim : tensor.dims()) {
            elements *= dim;
          }
          if (elements <= kMaxCopiedElements &&
              tensor.data_location() != onnx::TensorProto::EXTERNAL) {
            *scratchGraph->add_initializer() = tensor;
          } else if (!inputs.count(tensor.name())) {
            onnx::ValueInfoProto *input = scratchGraph->add_input();
            input->set_name(tensor.name());
            *input->mutable_type() = getTensorType(tensor);
          }
        }
      }
      if (depth > 0) {
        scratch.mutable_graph()->clear_node();
        scratch.mutable_graph()->clear_value_info();
        for (const WorkNode &w : work) {
          *scratch.mutable_graph()->add_node() = w.node;
        }
        // Best effort: without types, only context-dependent bodies that
        // need them are left out.
        try {
          inferOnnxShapes(scratch);
        } catch (const std::exception &) {
          scratch.mutable_graph()->clear_value_info();
        }
      }
      const onnx::GraphProto &typed = depth == 0 ? graph : scratch.graph();
      for (const auto &values : {typed.input(), typed.value_info()}) {
        for (const onnx::ValueInfoProto &value : values) {
          types[value.name()] = value.type();
        }
      }
      for (const onnx::ValueInfoProto &value : typed.output()) {
        types[value.name()] = value.type();
      }
      for (const onnx::TensorProto &tensor : typed.initializer()) {
        types.emplace(tensor.name(), getTensorType(tensor));
      }

      std::vector<WorkNode> next;
      bool changed = false;
      for (WorkNode &w : work) {
        if (isKept(w.node)) {
          next.push_back(std::move(w));
          continue;
        }
        const onnx::OpSchema *schema = nullptr;
        std::string reason;
        std::optional<onnx::FunctionProto> body =
            getBody(w.node, types, schema, reason);
        if (!body) {
          if (!reason.empty() && !why.count(w.origin)) {
            why[w.origin] = w.node.op_type() + " " + reason;
          }
          next.push_back(std::move(w));
          continue;
        }
        expand(w.node, *body, w.origin, next);
        expanded[w.origin] = true;
        changed = true;
      }
      work = std::move(next);
      if (!changed) {
        break;
      }
    }
  } catch (const std::exception &error) {
    return makeError("cannot inline the ONNX function bodies: " +
                     llvm::StringRef(error.what()).trim());
  }

  // An origin is inlined only when its whole expansion is mapped.
  std::vector<bool> complete(numNodes, true);
  std::vector<std::string> firstUnmapped(numNodes);
  for (const WorkNode &w : work) {
    if (expanded[w.origin] && !isKept(w.node) && complete[w.origin]) {
      complete[w.origin] = false;
      firstUnmapped[w.origin] = w.node.op_type();
    }
  }
  google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
  size_t pos = 0;
  for (int i = 0; i < numNodes; ++i) {
    const bool inlined = expanded[i] && complete[i];
    if (!inlined) {
      *nodes.Add() = graph.node(i);
      if (expanded[i]) {
        result.notes.push_back(graph.node(i).op_type() + " '" +
                               graph.node(i).name() +
                               "': its function body uses " + firstUnmapped[i] +
                               ", which has no mapping");
      } else if (why.count(i)) {
        result.notes.push_back(why[i]);
      }
    }
    for (; pos < work.size() && work[pos].origin == i; ++pos) {
      if (inlined) {
        *nodes.Add() = std::move(work[pos].node);
      }
    }
    if (inlined) {
      ++result.inlinedNodes;
    }
  }
  if (result.inlinedNodes == 0) {
    return result;
  }
  graph.mutable_node()->Swap(&nodes);
  // Types of the values that were inlined away are stale.
  graph.clear_value_info();
  return result;
}

llvm::Expected<InlineResult> inlineFunctions(onnx::ModelProto &model,
                                             const IsOpMappedFn &isMapped) {
  return FunctionInliner(model, isMapped).run();
}

} // namespace mlir::vpuc::onnx_frontend
