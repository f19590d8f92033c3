//===- QdqModelTest.cpp - Tests of the QDQ model writer -------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/quantize/QdqModel.h"

#include <cstring>

#include "onnx/checker.h"
#include "onnx/onnx_pb.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::onnx_frontend::quantize {
namespace {

onnx::TensorProto makeFloats(const std::string &name, std::vector<int64_t> dims,
                             std::vector<float> values) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t dim : dims) {
    tensor.add_dims(dim);
  }
  for (float value : values) {
    tensor.add_float_data(value);
  }
  return tensor;
}

void addNode(onnx::GraphProto &graph, const std::string &type,
             const std::string &name, std::vector<std::string> inputs,
             const std::string &output, int64_t transB = -1) {
  onnx::NodeProto *node = graph.add_node();
  node->set_op_type(type);
  node->set_name(name);
  for (const std::string &input : inputs) {
    node->add_input(input);
  }
  node->add_output(output);
  if (type == "MaxPool") {
    onnx::AttributeProto *kernel = node->add_attribute();
    kernel->set_name("kernel_shape");
    kernel->set_type(onnx::AttributeProto::INTS);
    kernel->add_ints(2);
    kernel->add_ints(2);
    onnx::AttributeProto *strides = node->add_attribute();
    strides->set_name("strides");
    strides->set_type(onnx::AttributeProto::INTS);
    strides->add_ints(2);
    strides->add_ints(2);
  }
  if (transB >= 0) {
    onnx::AttributeProto *attr = node->add_attribute();
    attr->set_name("transB");
    attr->set_type(onnx::AttributeProto::INT);
    attr->set_i(transB);
  }
}

void addValue(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto> *list,
              const std::string &name, std::vector<int64_t> dims) {
  onnx::ValueInfoProto *info = list->Add();
  info->set_name(name);
  auto *type = info->mutable_type()->mutable_tensor_type();
  type->set_elem_type(onnx::TensorProto::FLOAT);
  for (int64_t dim : dims) {
    type->mutable_shape()->add_dim()->set_dim_value(dim);
  }
}

/// x [1, 2, 4, 4] -> Conv (1x1, 3 channels, bias) -> Relu -> MaxPool 2x2 ->
/// Flatten -> Gemm (transB, 4 outputs, bias) -> y.
onnx::ModelProto makeModel(int64_t opset = 13) {
  onnx::ModelProto model;
  model.set_ir_version(7);
  onnx::OperatorSetIdProto *import = model.add_opset_import();
  import->set_version(opset);
  onnx::GraphProto &graph = *model.mutable_graph();
  graph.set_name("net");
  addValue(graph.mutable_input(), "x", {1, 2, 4, 4});
  addValue(graph.mutable_output(), "y", {1, 4});
  // Channel 0: 127 and -63.5 steps of 0.01; channel 2: zeros.
  *graph.add_initializer() =
      makeFloats("w", {3, 2, 1, 1}, {1.27f, -0.635f, 0.5f, 0.25f, 0.0f, 0.0f});
  *graph.add_initializer() = makeFloats("b", {3}, {0.5f, -1.0f, 0.0f});
  std::vector<float> fcWeights(4 * 12, 0.1f);
  *graph.add_initializer() = makeFloats("fw", {4, 12}, fcWeights);
  *graph.add_initializer() = makeFloats("fb", {4}, {1.0f, 2.0f, 3.0f, 4.0f});
  addNode(graph, "Conv", "conv", {"x", "w", "b"}, "c");
  addNode(graph, "Relu", "relu", {"c"}, "r");
  addNode(graph, "MaxPool", "pool", {"r"}, "p");
  addNode(graph, "Flatten", "flatten", {"p"}, "f");
  addNode(graph, "Gemm", "fc", {"f", "fw", "fb"}, "y", /*transB=*/1);
  return model;
}

const onnx::TensorProto *findInitializer(const onnx::GraphProto &graph,
                                         const std::string &name) {
  for (const onnx::TensorProto &tensor : graph.initializer()) {
    if (tensor.name() == name) {
      return &tensor;
    }
  }
  return nullptr;
}

template <typename T>
std::vector<T> rawValues(const onnx::TensorProto &tensor) {
  std::vector<T> values(tensor.raw_data().size() / sizeof(T));
  std::memcpy(values.data(), tensor.raw_data().data(),
              values.size() * sizeof(T));
  return values;
}

TEST(QdqModelTest, planQuantizesLayersTheirPostOpsAndSharedPools) {
  onnx::ModelProto model = makeModel();
  llvm::Expected<QuantPlan> plan = planQuantization(model, QuantizeOptions());
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(plan->calibrated, (std::vector<std::string>{"x", "r", "y"}));
  using Pair = std::pair<std::string, std::string>;
  EXPECT_EQ(plan->shared, (std::vector<Pair>{{"p", "r"}, {"f", "r"}}));
  EXPECT_EQ(plan->layers, (std::vector<std::string>{"conv", "fc"}));

  // Keeping the convolution in float: its input is not calibrated, and the
  // Relu is then no post-op; the pool and flatten still follow the Gemm's
  // input, which the Gemm quantizes.
  QuantizeOptions keep;
  keep.keepFloat = {"conv"};
  plan = planQuantization(model, keep);
  ASSERT_TRUE(static_cast<bool>(plan));
  EXPECT_EQ(plan->calibrated, (std::vector<std::string>{"f", "y"}));
  EXPECT_TRUE(plan->shared.empty());
}

TEST(QdqModelTest, eltwiseLayersExtendQuantizedTensors) {
  // y = Add(Sigmoid(x), Relu(x)), z = Mul(y, Conv(x)): the Add reads only
  // float results and stays in float; the Mul reads the convolution's
  // quantized output and is quantized (with y as its other operand).
  onnx::ModelProto model = makeModel();
  onnx::GraphProto &graph = *model.mutable_graph();
  graph.clear_node();
  graph.mutable_initializer()->DeleteSubrange(2, 2);
  graph.clear_output();
  addValue(graph.mutable_output(), "z", {1, 3, 4, 4});
  addNode(graph, "Sigmoid", "sigmoid", {"x"}, "s");
  addNode(graph, "Relu", "relu", {"x"}, "r");
  addNode(graph, "Add", "add", {"s", "r"}, "y");
  addNode(graph, "Conv", "conv", {"x", "w", "b"}, "c");
  addNode(graph, "Mul", "mul", {"y", "c"}, "z");
  llvm::Expected<QuantPlan> plan = planQuantization(model, QuantizeOptions());
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(plan->layers, (std::vector<std::string>{"conv", "mul"}));
  EXPECT_EQ(plan->calibrated, (std::vector<std::string>{"x", "c", "y", "z"}));
}

TEST(QdqModelTest, planErrors) {
  QuantizeOptions keep;
  keep.keepFloat = {"nosuch"};
  llvm::Expected<QuantPlan> plan = planQuantization(makeModel(), keep);
  ASSERT_FALSE(static_cast<bool>(plan));
  EXPECT_EQ(llvm::toString(plan.takeError()),
            "no node named 'nosuch' to keep in float");
  plan = planQuantization(makeModel(/*opset=*/11), QuantizeOptions());
  ASSERT_FALSE(static_cast<bool>(plan));
  EXPECT_NE(llvm::toString(plan.takeError()).find("opset 11 is below 13"),
            std::string::npos);
  QuantizeOptions perTensor;
  perTensor.perChannelWeights = false;
  EXPECT_TRUE(
      static_cast<bool>(planQuantization(makeModel(/*opset=*/11), perTensor)));
}

TEST(QdqModelTest, calibrationModelOutputsTheCalibratedTensors) {
  onnx::ModelProto model = makeModel();
  llvm::Expected<QuantPlan> plan = planQuantization(model, QuantizeOptions());
  ASSERT_TRUE(static_cast<bool>(plan));
  llvm::Expected<std::string> bytes = addCalibrationOutputs(model, *plan);
  ASSERT_TRUE(static_cast<bool>(bytes)) << llvm::toString(bytes.takeError());
  onnx::ModelProto calibration;
  ASSERT_TRUE(calibration.ParseFromString(*bytes));
  // y is an output already; r is calibrated, f (the Gemm's input) gives the
  // channel means of the bias correction.
  ASSERT_EQ(calibration.graph().output_size(), 3);
  EXPECT_EQ(calibration.graph().output(0).name(), "y");
  EXPECT_EQ(calibration.graph().output(1).name(), "r");
  EXPECT_EQ(calibration.graph().output(2).name(), "f");
  EXPECT_EQ(calibration.graph()
                .output(1)
                .type()
                .tensor_type()
                .shape()
                .dim(1)
                .dim_value(),
            3);
}

TEST(QdqModelTest, writesTheQdqModel) {
  onnx::ModelProto model = makeModel();
  QuantizeOptions options;
  llvm::Expected<QuantPlan> plan = planQuantization(model, options);
  ASSERT_TRUE(static_cast<bool>(plan));
  std::map<std::string, calibration::QuantParams> params = {
      {"x", {0.1f, 128}}, {"r", {0.05f, 0}}, {"y", {0.2f, 120}}};
  ASSERT_FALSE(static_cast<bool>(writeQdqModel(model, *plan, params, options)));
  const onnx::GraphProto &graph = model.graph();
  EXPECT_NO_THROW(onnx::checker::check_model(model));

  std::vector<std::string> types;
  for (const onnx::NodeProto &node : graph.node()) {
    types.push_back(node.op_type());
  }
  const std::string Q = "QuantizeLinear", DQ = "DequantizeLinear";
  EXPECT_EQ(types,
            (std::vector<std::string>{DQ, DQ, DQ, DQ, // w, b, fw, fb
                                      Q, DQ, "Conv", "Relu", Q, DQ,   // x, r
                                      "MaxPool", Q, DQ, "Flatten", Q, // p
                                      DQ, "Gemm", Q, DQ}));           // f, y
  // The convolution reads x's dequantize; the Relu writes r_float, whose
  // dequantize is r again; the graph output y is the last dequantize's.
  EXPECT_EQ(graph.node(6).input(0), "x_dequantized");
  EXPECT_EQ(graph.node(7).output(0), "r_float");
  EXPECT_EQ(graph.node(9).output(0), "r");
  EXPECT_EQ(graph.node(18).output(0), "y");
  EXPECT_EQ(graph.output(0).name(), "y");

  // Weights: i8 per output channel (axis 0), symmetric; the float
  // initializer is gone.
  EXPECT_EQ(findInitializer(graph, "w"), nullptr);
  const onnx::TensorProto *w = findInitializer(graph, "w_quantized");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->data_type(), onnx::TensorProto::INT8);
  EXPECT_EQ(rawValues<int8_t>(*w),
            (std::vector<int8_t>{127, -64, 127, 64, 0, 0}));
  std::vector<float> scales =
      rawValues<float>(*findInitializer(graph, "w_scale"));
  ASSERT_EQ(scales.size(), 3u);
  EXPECT_FLOAT_EQ(scales[0], 0.01f);
  EXPECT_FLOAT_EQ(scales[1], 0.5f / 127);
  EXPECT_FLOAT_EQ(scales[2], 1.0f);
  EXPECT_EQ(graph.node(0).attribute(0).name(), "axis");
  EXPECT_EQ(graph.node(0).attribute(0).i(), 0);
  // Bias: i32 with scale x's scale x the channel's weight scale.
  const onnx::TensorProto *b = findInitializer(graph, "b_quantized");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->data_type(), onnx::TensorProto::INT32);
  std::vector<float> biasScales =
      rawValues<float>(*findInitializer(graph, "b_scale"));
  EXPECT_FLOAT_EQ(biasScales[0], 0.001f);
  EXPECT_EQ(rawValues<int32_t>(*b)[0], 500);
  // Activations: scalar scale and u8 zero point; the pool and the flatten
  // take r's.
  EXPECT_FLOAT_EQ(rawValues<float>(*findInitializer(graph, "p_scale"))[0],
                  0.05f);
  EXPECT_EQ(findInitializer(graph, "y_zero_point")->data_type(),
            onnx::TensorProto::UINT8);
  EXPECT_EQ(rawValues<uint8_t>(*findInitializer(graph, "y_zero_point"))[0],
            120);
}

TEST(QdqModelTest, prepareFoldsConstantsAndConvertsTheOpset) {
  onnx::ModelProto model = makeModel(/*opset=*/11);
  onnx::GraphProto &graph = *model.mutable_graph();
  // The bias from a Constant node, the weights from an Identity of an
  // initializer (as torch exports shared parameters).
  graph.mutable_initializer(0)->set_name("w_source");
  onnx::TensorProto bias = graph.initializer(1);
  graph.mutable_initializer()->DeleteSubrange(1, 1);
  onnx::NodeProto constant;
  constant.set_op_type("Constant");
  constant.add_output("b");
  onnx::AttributeProto *value = constant.add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  *value->mutable_t() = bias;
  onnx::NodeProto identity;
  identity.set_op_type("Identity");
  identity.add_input("w_source");
  identity.add_output("w");
  std::vector<onnx::NodeProto> nodes = {constant, identity};
  nodes.insert(nodes.end(), graph.node().begin(), graph.node().end());
  graph.clear_node();
  for (const onnx::NodeProto &node : nodes) {
    *graph.add_node() = node;
  }
  // Unprepared, opset 11 lacks per-channel QuantizeLinear / DequantizeLinear.
  llvm::Expected<QuantPlan> plan = planQuantization(model, QuantizeOptions());
  ASSERT_FALSE(static_cast<bool>(plan));
  llvm::consumeError(plan.takeError());

  llvm::Expected<int64_t> opset = prepareModel(model);
  ASSERT_TRUE(static_cast<bool>(opset)) << llvm::toString(opset.takeError());
  EXPECT_EQ(*opset, 11);
  EXPECT_EQ(model.opset_import(0).version(), 13);
  EXPECT_EQ(model.graph().node_size(), 5);
  EXPECT_EQ(model.graph().node(0).op_type(), "Conv");
  EXPECT_NE(findInitializer(model.graph(), "w"), nullptr);
  EXPECT_NE(findInitializer(model.graph(), "b"), nullptr);
  plan = planQuantization(model, QuantizeOptions());
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  EXPECT_EQ(plan->layers, (std::vector<std::string>{"conv", "fc"}));
}

TEST(QdqModelTest, prepareConvertsASoftmaxAfterAComputedReshape) {
  // Opset 9, as paddle2onnx exports a flatten: the target shape of a Reshape
  // is computed (Shape -> Slice -> Concat), so shape inference does not know
  // the Softmax input's rank, which the Softmax 12 -> 13 adapter needs; the
  // graph output states it.
  onnx::ModelProto model;
  model.set_ir_version(7);
  model.add_opset_import()->set_version(9);
  onnx::GraphProto &graph = *model.mutable_graph();
  graph.set_name("net");
  addValue(graph.mutable_input(), "x", {1, 2, 4, 4});
  addValue(graph.mutable_output(), "y", {1, 2});
  onnx::TensorProto minusOne;
  minusOne.set_name("minus_one");
  minusOne.set_data_type(onnx::TensorProto::INT64);
  minusOne.add_dims(1);
  minusOne.add_int64_data(-1);
  *graph.add_initializer() = minusOne;
  auto addIntsAttribute = [](onnx::NodeProto *node, const std::string &name,
                             std::vector<int64_t> values) {
    onnx::AttributeProto *attr = node->add_attribute();
    attr->set_name(name);
    attr->set_type(onnx::AttributeProto::INTS);
    for (int64_t value : values) {
      attr->add_ints(value);
    }
  };
  addNode(graph, "GlobalAveragePool", "gap", {"x"}, "g");
  addNode(graph, "Shape", "shape", {"g"}, "s");
  addNode(graph, "Slice", "slice", {"s"}, "n");
  onnx::NodeProto *slice = graph.mutable_node(2);
  addIntsAttribute(slice, "axes", {0});
  addIntsAttribute(slice, "starts", {0});
  addIntsAttribute(slice, "ends", {1});
  addNode(graph, "Concat", "concat", {"n", "minus_one"}, "target");
  onnx::AttributeProto *axis = graph.mutable_node(3)->add_attribute();
  axis->set_name("axis");
  axis->set_type(onnx::AttributeProto::INT);
  axis->set_i(0);
  addNode(graph, "Reshape", "flatten", {"g", "target"}, "f");
  addNode(graph, "Softmax", "softmax", {"f"}, "y");

  llvm::Expected<int64_t> opset = prepareModel(model);
  ASSERT_TRUE(static_cast<bool>(opset)) << llvm::toString(opset.takeError());
  EXPECT_EQ(*opset, 9);
  EXPECT_EQ(model.opset_import(0).version(), 13);
  // Softmax 13 normalises over its axis only; the 2-D input makes that the
  // same as opset 9's flattened softmax, so no reshape is added.
  const onnx::NodeProto &softmax =
      model.graph().node(model.graph().node_size() - 1);
  EXPECT_EQ(softmax.op_type(), "Softmax");
  EXPECT_EQ(softmax.output(0), "y");
}

TEST(QdqModelTest, biasCorrectionRemovesTheWeightsExpectedError) {
  onnx::ModelProto model = makeModel();
  llvm::Expected<QuantPlan> plan = planQuantization(model, QuantizeOptions());
  ASSERT_TRUE(static_cast<bool>(plan));
  EXPECT_EQ(plan->layerInputs, (std::vector<std::string>{"x", "f"}));
  std::map<std::string, calibration::QuantParams> params = {
      {"x", {0.1f, 128}}, {"r", {0.05f, 0}}, {"y", {0.2f, 120}}};
  // x's channels average 1 and 2. Channel 0's weights 1.27 and -0.635
  // dequantize to 1.27 and -0.64: its output is expected 0.005 x 2 lower, so
  // the bias 0.5 becomes 0.51 (510 steps of 0.1 x 0.01).
  ChannelMeans means = {{"x", {1.0, 2.0}}};
  ASSERT_FALSE(static_cast<bool>(
      writeQdqModel(model, *plan, params, QuantizeOptions(), means)));
  std::vector<int32_t> bias =
      rawValues<int32_t>(*findInitializer(model.graph(), "b_quantized"));
  EXPECT_EQ(bias[0], 510);
  // Channel 2's weights are zeros: nothing to correct.
  EXPECT_EQ(bias[2], 0);
  EXPECT_NO_THROW(onnx::checker::check_model(model));
}

TEST(QdqModelTest, missingParametersAreAnError) {
  onnx::ModelProto model = makeModel();
  llvm::Expected<QuantPlan> plan = planQuantization(model, QuantizeOptions());
  ASSERT_TRUE(static_cast<bool>(plan));
  llvm::Error error =
      writeQdqModel(model, *plan, {{"x", {0.1f, 128}}}, QuantizeOptions());
  EXPECT_EQ(llvm::toString(std::move(error)),
            "no calibration range for tensor 'r'");
}

} // namespace
} // namespace mlir::vpuc::onnx_frontend::quantize
