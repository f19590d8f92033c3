//===- ModelUpgradeTest.cpp - Opset upgrade and function inlining ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Tests of frontend/onnx/ModelUpgrade.h on models built in place: the version
// converter's upgrade and its error, and the inlining of schema functions and
// model-local functions (attribute references, fresh names, unmapped bodies).
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ModelUpgrade.h"

#include <set>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::onnx_frontend {
namespace {

/// A model of one graph with float input `x` [2, 2] and output `y` (of
/// `outputType`), at `opset`.
onnx::ModelProto makeModel(int64_t opset,
                           int32_t outputType = onnx::TensorProto::FLOAT) {
  onnx::ModelProto model;
  model.set_ir_version(7);
  onnx::OperatorSetIdProto *import = model.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("test");
  for (auto [list, name] : {std::pair{graph->mutable_input(), "x"},
                            std::pair{graph->mutable_output(), "y"}}) {
    onnx::ValueInfoProto *value = list->Add();
    value->set_name(name);
    onnx::TypeProto_Tensor *type = value->mutable_type()->mutable_tensor_type();
    type->set_elem_type(std::string(name) == "y" ? outputType
                                                 : onnx::TensorProto::FLOAT);
    type->mutable_shape()->add_dim()->set_dim_value(2);
    type->mutable_shape()->add_dim()->set_dim_value(2);
  }
  return model;
}

onnx::NodeProto *addNode(onnx::GraphProto *graph, const std::string &opType,
                         std::vector<std::string> inputs,
                         std::vector<std::string> outputs,
                         const std::string &name = "") {
  onnx::NodeProto *node = graph->add_node();
  node->set_op_type(opType);
  node->set_name(name);
  for (const std::string &input : inputs) {
    node->add_input(input);
  }
  for (const std::string &output : outputs) {
    node->add_output(output);
  }
  return node;
}

std::vector<std::string> opTypes(const onnx::GraphProto &graph) {
  std::vector<std::string> types;
  for (const onnx::NodeProto &node : graph.node()) {
    types.push_back(node.op_type());
  }
  return types;
}

/// Every op is mapped except those in `unmapped`.
IsOpMappedFn mappedExcept(std::set<std::string> unmapped) {
  return [unmapped](const onnx::NodeProto &node, int64_t) {
    return !unmapped.count(node.op_type());
  };
}

TEST(ModelUpgradeTest, getDefaultOpset) {
  EXPECT_EQ(getDefaultOpset(makeModel(11)), 11);
  onnx::ModelProto model = makeModel(11);
  model.mutable_opset_import(0)->set_domain("ai.onnx");
  EXPECT_EQ(getDefaultOpset(model), 11);
  model.mutable_opset_import(0)->set_domain("com.example");
  EXPECT_EQ(getDefaultOpset(model), 0);
}

TEST(ModelUpgradeTest, upgradesOldOpset) {
  onnx::ModelProto model = makeModel(7);
  addNode(model.mutable_graph(), "Relu", {"x"}, {"y"}, "relu");
  llvm::Expected<int64_t> original = upgradeOpset(model, 9);
  ASSERT_TRUE(static_cast<bool>(original))
      << llvm::toString(original.takeError());
  EXPECT_EQ(*original, 7);
  EXPECT_EQ(getDefaultOpset(model), 9);
  EXPECT_EQ(opTypes(model.graph()), std::vector<std::string>{"Relu"});
}

TEST(ModelUpgradeTest, leavesNewerOpsetAlone) {
  onnx::ModelProto model = makeModel(13);
  addNode(model.mutable_graph(), "Relu", {"x"}, {"y"});
  llvm::Expected<int64_t> original = upgradeOpset(model, 9);
  ASSERT_TRUE(static_cast<bool>(original));
  EXPECT_EQ(*original, 13);
  EXPECT_EQ(getDefaultOpset(model), 13);
}

TEST(ModelUpgradeTest, converterFailureNamesTheOpset) {
  // Opset-6 Dropout in training mode: the converter has no adapter for it.
  onnx::ModelProto model = makeModel(6);
  onnx::NodeProto *node =
      addNode(model.mutable_graph(), "Dropout", {"x"}, {"y"});
  onnx::AttributeProto *isTest = node->add_attribute();
  isTest->set_name("is_test");
  isTest->set_type(onnx::AttributeProto::INT);
  isTest->set_i(0);
  llvm::Expected<int64_t> original = upgradeOpset(model, 9);
  ASSERT_FALSE(static_cast<bool>(original));
  std::string message = llvm::toString(original.takeError());
  EXPECT_NE(message.find("cannot bring opset 6 to opset 9"), std::string::npos)
      << message;
}

// The version converter dereferences the missing definition of such an output
// (an ONNX fuzzer finding); the upgrade refuses the model first, naming it.
TEST(ModelUpgradeTest, refusesUndefinedGraphOutput) {
  onnx::ModelProto model = makeModel(7);
  addNode(model.mutable_graph(), "Relu", {"x"}, {"t"}, "relu");
  llvm::Expected<int64_t> original = upgradeOpset(model, 9);
  ASSERT_FALSE(static_cast<bool>(original));
  EXPECT_EQ(llvm::toString(original.takeError()),
            "invalid ONNX model: graph 'test': output 'y' is not produced by "
            "any node, graph input or initializer");

  // The same in a subgraph: an If branch whose output nothing defines.
  onnx::ModelProto nested = makeModel(7);
  onnx::NodeProto *cond =
      addNode(nested.mutable_graph(), "Constant", {}, {"c"}, "cond");
  onnx::AttributeProto *value = cond->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  value->mutable_t()->set_data_type(onnx::TensorProto::BOOL);
  value->mutable_t()->add_int32_data(1);
  onnx::NodeProto *branch =
      addNode(nested.mutable_graph(), "If", {"c"}, {"y"}, "if");
  for (const char *name : {"then_branch", "else_branch"}) {
    onnx::AttributeProto *attr = branch->add_attribute();
    attr->set_name(name);
    attr->set_type(onnx::AttributeProto::GRAPH);
    attr->mutable_g()->set_name(name);
    attr->mutable_g()->add_output()->set_name(
        std::string(name) == "then_branch" ? "x" : "missing");
  }
  original = upgradeOpset(nested, 9);
  ASSERT_FALSE(static_cast<bool>(original));
  EXPECT_EQ(llvm::toString(original.takeError()),
            "invalid ONNX model: graph 'else_branch': output 'missing' is not "
            "produced by any node, graph input or initializer");
}

TEST(ModelUpgradeTest, inlinesSchemaFunction) {
  // GreaterOrEqual (opset 12) = Or(Greater, Equal).
  onnx::ModelProto model = makeModel(13, onnx::TensorProto::BOOL);
  addNode(model.mutable_graph(), "GreaterOrEqual", {"x", "x"}, {"y"}, "ge");
  llvm::Expected<InlineResult> result =
      inlineFunctions(model, mappedExcept({"GreaterOrEqual"}));
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->inlinedNodes, 1);
  EXPECT_EQ(opTypes(model.graph()),
            (std::vector<std::string>{"Greater", "Equal", "Or"}));
  const onnx::GraphProto &graph = model.graph();
  EXPECT_EQ(graph.node(2).output(0), "y");
  EXPECT_EQ(graph.node(0).input(0), "x");
  // Internal values get fresh names derived from the node's name.
  EXPECT_EQ(graph.node(0).output(0).rfind("ge/GreaterOrEqual/", 0), 0u)
      << graph.node(0).output(0);
  EXPECT_NE(graph.node(0).output(0), graph.node(1).output(0));
}

TEST(ModelUpgradeTest, mappedOpsStay) {
  onnx::ModelProto model = makeModel(13, onnx::TensorProto::BOOL);
  addNode(model.mutable_graph(), "GreaterOrEqual", {"x", "x"}, {"y"});
  llvm::Expected<InlineResult> result =
      inlineFunctions(model, mappedExcept({}));
  ASSERT_TRUE(static_cast<bool>(result));
  EXPECT_EQ(result->inlinedNodes, 0);
  EXPECT_EQ(opTypes(model.graph()), std::vector<std::string>{"GreaterOrEqual"});
}

TEST(ModelUpgradeTest, inlinesLocalFunctionWithAttributeReference) {
  onnx::ModelProto model = makeModel(13);
  model.add_opset_import()->set_domain("com.example");
  model.mutable_opset_import(1)->set_version(1);
  onnx::FunctionProto *function = model.add_functions();
  function->set_name("Scale");
  function->set_domain("com.example");
  function->add_input("X");
  function->add_output("Y");
  function->add_attribute("factor");
  *function->add_opset_import() = model.opset_import(0);
  onnx::NodeProto constant;
  constant.set_op_type("Constant");
  constant.add_output("F");
  onnx::AttributeProto *ref = constant.add_attribute();
  ref->set_name("value_float");
  ref->set_ref_attr_name("factor");
  ref->set_type(onnx::AttributeProto::FLOAT);
  *function->add_node() = constant;
  onnx::NodeProto mul;
  mul.set_op_type("Mul");
  mul.add_input("X");
  mul.add_input("F");
  mul.add_output("Y");
  *function->add_node() = mul;

  // Two calls: the internal value F gets two distinct names.
  for (auto [in, out, factor] :
       {std::tuple{"x", "t", 2.0f}, std::tuple{"t", "y", 3.0f}}) {
    onnx::NodeProto *call =
        addNode(model.mutable_graph(), "Scale", {in}, {out}, "call");
    call->set_domain("com.example");
    onnx::AttributeProto *attr = call->add_attribute();
    attr->set_name("factor");
    attr->set_type(onnx::AttributeProto::FLOAT);
    attr->set_f(factor);
  }
  llvm::Expected<InlineResult> result =
      inlineFunctions(model, mappedExcept({}));
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->inlinedNodes, 2);
  const onnx::GraphProto &graph = model.graph();
  ASSERT_EQ(opTypes(graph),
            (std::vector<std::string>{"Constant", "Mul", "Constant", "Mul"}));
  ASSERT_EQ(graph.node(0).attribute_size(), 1);
  EXPECT_EQ(graph.node(0).attribute(0).name(), "value_float");
  EXPECT_TRUE(graph.node(0).attribute(0).ref_attr_name().empty());
  EXPECT_EQ(graph.node(0).attribute(0).f(), 2.0f);
  EXPECT_EQ(graph.node(2).attribute(0).f(), 3.0f);
  EXPECT_NE(graph.node(0).output(0), graph.node(2).output(0));
  EXPECT_NE(graph.node(0).name(), graph.node(2).name());
  EXPECT_EQ(graph.node(1).input(0), "x");
  EXPECT_EQ(graph.node(1).output(0), "t");
  EXPECT_EQ(graph.node(3).input(0), "t");
  EXPECT_EQ(graph.node(3).output(0), "y");
}

TEST(ModelUpgradeTest, bodyWithUnmappedOpIsNotInlined) {
  // GreaterOrEqual's body uses Or: when Or has no mapping, the node stays and
  // a note says why.
  onnx::ModelProto model = makeModel(13, onnx::TensorProto::BOOL);
  addNode(model.mutable_graph(), "GreaterOrEqual", {"x", "x"}, {"y"}, "ge");
  llvm::Expected<InlineResult> result =
      inlineFunctions(model, mappedExcept({"GreaterOrEqual", "Or"}));
  ASSERT_TRUE(static_cast<bool>(result));
  EXPECT_EQ(result->inlinedNodes, 0);
  EXPECT_EQ(opTypes(model.graph()), std::vector<std::string>{"GreaterOrEqual"});
  ASSERT_EQ(result->notes.size(), 1u);
  EXPECT_EQ(result->notes[0],
            "GreaterOrEqual 'ge': its function body uses Or, which has no "
            "mapping");
}

TEST(ModelUpgradeTest, opWithoutBodyStays) {
  onnx::ModelProto model = makeModel(13);
  addNode(model.mutable_graph(), "Det", {"x"}, {"y"}, "det");
  llvm::Expected<InlineResult> result =
      inlineFunctions(model, mappedExcept({"Det"}));
  ASSERT_TRUE(static_cast<bool>(result));
  EXPECT_EQ(result->inlinedNodes, 0);
  EXPECT_TRUE(result->notes.empty());
  EXPECT_EQ(opTypes(model.graph()), std::vector<std::string>{"Det"});
}

} // namespace
} // namespace mlir::vpuc::onnx_frontend
