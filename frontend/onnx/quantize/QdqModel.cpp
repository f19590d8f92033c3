//===- QdqModel.cpp - Quantize an ONNX model to the QDQ format ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/quantize/QdqModel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <vector>

#include "frontend/onnx/ModelUpgrade.h"
#include "onnx/onnx_pb.h"
#include "onnx/shape_inference/implementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::onnx_frontend::quantize {

namespace {

/// The highest magnitude of a symmetric i8 weight.
constexpr int kWeightMax = 127;

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// How a node is named in messages: its name, else its type and position.
std::string getNodeName(const onnx::NodeProto &node, int index) {
  if (!node.name().empty()) {
    return node.name();
  }
  return node.op_type() + "#" + std::to_string(index);
}

/// The integer attribute `name` of `node`, or `fallback`.
int64_t getInt(const onnx::NodeProto &node, llvm::StringRef name,
               int64_t fallback) {
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.name() == name) {
      return attr.i();
    }
  }
  return fallback;
}

/// The float attribute `name` of `node`, or `fallback`.
float getFloat(const onnx::NodeProto &node, llvm::StringRef name,
               float fallback) {
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.name() == name) {
      return attr.f();
    }
  }
  return fallback;
}

/// The tensors and their producers and consumers of a graph.
struct GraphIndex {
  explicit GraphIndex(const onnx::GraphProto &graph) {
    for (const onnx::TensorProto &tensor : graph.initializer()) {
      initializers[tensor.name()] = &tensor;
    }
    for (const onnx::ValueInfoProto &input : graph.input()) {
      if (!initializers.count(input.name())) {
        inputs.insert(input.name());
      }
    }
    for (const onnx::ValueInfoProto &output : graph.output()) {
      outputs.insert(output.name());
    }
    for (int index = 0; index < graph.node_size(); ++index) {
      const onnx::NodeProto &node = graph.node(index);
      for (const std::string &input : node.input()) {
        if (!input.empty()) {
          consumers[input].push_back(index);
        }
      }
      for (int slot = 0; slot < node.output_size(); ++slot) {
        producers[node.output(slot)] = {index, slot};
      }
    }
  }

  /// Records the float32 tensors of `graph` (inputs, outputs and the value
  /// infos of shape inference).
  void addFloatTensors(const onnx::GraphProto &graph) {
    auto add = [&](const onnx::ValueInfoProto &info) {
      if (info.type().has_tensor_type() &&
          info.type().tensor_type().elem_type() == onnx::TensorProto::FLOAT) {
        floats.insert(info.name());
      }
    };
    for (const onnx::ValueInfoProto &info : graph.input()) {
      add(info);
    }
    for (const onnx::ValueInfoProto &info : graph.output()) {
      add(info);
    }
    for (const onnx::ValueInfoProto &info : graph.value_info()) {
      add(info);
    }
  }
  bool isFloat(const std::string &name) const {
    return floats.count(name) != 0;
  }

  bool isConstant(const std::string &name) const {
    return initializers.count(name) != 0;
  }
  const onnx::TensorProto *getInitializer(const std::string &name) const {
    auto it = initializers.find(name);
    return it == initializers.end() ? nullptr : it->second;
  }

  std::map<std::string, const onnx::TensorProto *> initializers;
  std::set<std::string> inputs;
  std::set<std::string> outputs;
  std::map<std::string, std::vector<int>> consumers;
  std::map<std::string, std::pair<int, int>> producers;
  std::set<std::string> floats;
};

/// True if `node` becomes a quantized layer (see QdqModel.h).
bool isQuantizableLayer(const onnx::NodeProto &node, const GraphIndex &index) {
  const std::string &type = node.op_type();
  if (type == "Conv") {
    const onnx::TensorProto *weights =
        node.input_size() > 1 ? index.getInitializer(node.input(1)) : nullptr;
    return weights && weights->dims_size() == 4 &&
           weights->data_type() == onnx::TensorProto::FLOAT &&
           !index.isConstant(node.input(0)) && index.isFloat(node.input(0)) &&
           (node.input_size() < 3 || node.input(2).empty() ||
            index.isConstant(node.input(2)));
  }
  if (type == "Gemm") {
    const onnx::TensorProto *weights =
        node.input_size() > 1 ? index.getInitializer(node.input(1)) : nullptr;
    const bool hasBias = node.input_size() > 2 && !node.input(2).empty();
    const onnx::TensorProto *bias =
        hasBias ? index.getInitializer(node.input(2)) : nullptr;
    return weights && weights->dims_size() == 2 &&
           weights->data_type() == onnx::TensorProto::FLOAT &&
           index.isFloat(node.input(0)) && getInt(node, "transA", 0) == 0 &&
           getFloat(node, "alpha", 1.0f) == 1.0f &&
           getFloat(node, "beta", 1.0f) == 1.0f &&
           !index.isConstant(node.input(0)) &&
           (!hasBias || (bias && bias->dims_size() == 1));
  }
  if (type == "Add" || type == "Mul") {
    if (node.input_size() != 2 ||
        (index.isConstant(node.input(0)) && index.isConstant(node.input(1)))) {
      return false;
    }
    for (const std::string &input : node.input()) {
      const onnx::TensorProto *constant = index.getInitializer(input);
      if (constant ? constant->data_type() != onnx::TensorProto::FLOAT
                   : !index.isFloat(input)) {
        return false;
      }
    }
    return true;
  }
  return false;
}

/// True for the activations a quantized layer takes as its post-op.
bool isPostOp(const onnx::NodeProto &node, const GraphIndex &index) {
  if (node.op_type() == "Relu" || node.op_type() == "LeakyRelu") {
    return true;
  }
  if (node.op_type() != "Clip") {
    return false;
  }
  for (int slot = 1; slot < node.input_size(); ++slot) {
    if (!node.input(slot).empty() && !index.isConstant(node.input(slot))) {
      return false;
    }
  }
  return true;
}

/// True for the nodes whose output keeps their input's parameters.
bool isSharedLayer(const onnx::NodeProto &node) {
  static const std::set<std::string> kTypes = {
      "MaxPool", "AveragePool", "GlobalAveragePool", "Reshape",
      "Flatten", "Squeeze",     "Unsqueeze"};
  return kTypes.count(node.op_type()) != 0 && node.output_size() == 1;
}

/// The float values of initializer `tensor`.
llvm::Expected<std::vector<float>> readFloats(const onnx::TensorProto &tensor) {
  if (tensor.data_type() != onnx::TensorProto::FLOAT) {
    return makeError("initializer '" + tensor.name() +
                     "' is not float32 (data type " +
                     llvm::Twine(tensor.data_type()) + ")");
  }
  if (tensor.data_location() == onnx::TensorProto::EXTERNAL) {
    return makeError("initializer '" + tensor.name() +
                     "' has external data, which vpuc quantize does not read");
  }
  int64_t count = 1;
  for (int64_t dim : tensor.dims()) {
    count *= dim;
  }
  std::vector<float> values;
  if (!tensor.raw_data().empty()) {
    if (static_cast<int64_t>(tensor.raw_data().size()) !=
        count * static_cast<int64_t>(sizeof(float))) {
      return makeError("initializer '" + tensor.name() +
                       "' has raw data of the wrong size");
    }
    values.resize(count);
    std::memcpy(values.data(), tensor.raw_data().data(),
                tensor.raw_data().size());
    return values;
  }
  if (tensor.float_data_size() != count) {
    return makeError("initializer '" + tensor.name() + "' holds " +
                     llvm::Twine(tensor.float_data_size()) +
                     " values, its dims " + llvm::Twine(count));
  }
  values.assign(tensor.float_data().begin(), tensor.float_data().end());
  return values;
}

/// An initializer `name` of `type` and `dims` holding `bytes`.
onnx::TensorProto makeTensor(const std::string &name, int type,
                             llvm::ArrayRef<int64_t> dims,
                             const std::string &bytes) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(type);
  for (int64_t dim : dims) {
    tensor.add_dims(dim);
  }
  tensor.set_raw_data(bytes);
  return tensor;
}

template <typename T> std::string toBytes(llvm::ArrayRef<T> values) {
  return std::string(reinterpret_cast<const char *>(values.data()),
                     values.size() * sizeof(T));
}

onnx::NodeProto makeNode(const std::string &type, const std::string &name,
                         llvm::ArrayRef<std::string> inputs,
                         const std::string &output, int64_t axis = -1) {
  onnx::NodeProto node;
  node.set_op_type(type);
  node.set_name(name);
  for (const std::string &input : inputs) {
    node.add_input(input);
  }
  node.add_output(output);
  if (axis >= 0) {
    onnx::AttributeProto *attr = node.add_attribute();
    attr->set_name("axis");
    attr->set_type(onnx::AttributeProto::INT);
    attr->set_i(axis);
  }
  return node;
}

/// Rewrites a graph into its QDQ form (writeQdqModel).
class QdqWriter {
public:
  QdqWriter(onnx::ModelProto &model, const QuantPlan &plan,
            const std::map<std::string, calibration::QuantParams> &params,
            const QuantizeOptions &options, const ChannelMeans &means)
      : graph(*model.mutable_graph()), index(graph), plan(plan), params(params),
        options(options), means(means) {
    for (const onnx::TensorProto &tensor : graph.initializer()) {
      names.insert(tensor.name());
    }
    for (const onnx::ValueInfoProto &info : graph.input()) {
      names.insert(info.name());
    }
    for (const onnx::NodeProto &node : graph.node()) {
      names.insert(node.name());
      names.insert(node.output().begin(), node.output().end());
    }
  }

  llvm::Error write();

private:
  std::string getUniqueName(const std::string &base) {
    std::string name = base;
    for (int suffix = 1; names.count(name); ++suffix) {
      name = base + "_" + std::to_string(suffix);
    }
    names.insert(name);
    return name;
  }

  /// The parameters of activation `tensor`.
  llvm::Expected<calibration::QuantParams>
  getParams(const std::string &tensor) const {
    const std::string &source = plan.getParamsSource(tensor);
    auto it = params.find(source);
    if (it == params.end()) {
      return makeError("no calibration range for tensor '" + source + "'");
    }
    return it->second;
  }

  llvm::Error quantizeActivation(const std::string &tensor);
  /// Quantizes initializer `name` to symmetric i8 (per channel along `axis`,
  /// or per tensor for axis -1); returns the scales.
  llvm::Expected<std::vector<float>> quantizeWeights(const std::string &name,
                                                     int64_t axis);
  /// Quantizes bias `name` to i32 at input scale x weight scale, less
  /// `correction` (per output channel, or empty).
  llvm::Error quantizeBias(const std::string &name, float inputScale,
                           llvm::ArrayRef<float> weightScales,
                           llvm::ArrayRef<double> correction);
  /// The expected error of the quantized weights of layer `node` per output
  /// channel for the channel means of its input, or nothing.
  std::optional<std::vector<double>>
  getBiasCorrection(const onnx::NodeProto &node) const;
  llvm::Error quantizeLayer(int nodeIndex);
  void removeInitializer(const std::string &name);

  onnx::GraphProto &graph;
  GraphIndex index;
  const QuantPlan &plan;
  const std::map<std::string, calibration::QuantParams> &params;
  const QuantizeOptions &options;
  const ChannelMeans &means;
  std::set<std::string> names;
  /// Nodes placed before the graph's nodes, and after each of them.
  std::vector<onnx::NodeProto> front;
  std::map<int, std::vector<onnx::NodeProto>> after;
  /// Input renames of the original nodes (a quantized graph input).
  std::map<std::string, std::string> renamedInputs;
  /// The scales of the quantized initializers.
  std::map<std::string, std::vector<float>> weightScales;
  /// Dequantized minus float value of each element of the quantized weights,
  /// and their dims (the float initializers are gone).
  std::map<std::string, std::vector<float>> weightErrors;
  std::map<std::string, std::vector<int64_t>> weightDims;
  std::map<std::string, std::vector<float>> biasScales;
  std::vector<onnx::TensorProto> newInitializers;
};

llvm::Error QdqWriter::quantizeActivation(const std::string &tensor) {
  llvm::Expected<calibration::QuantParams> p = getParams(tensor);
  if (!p) {
    return p.takeError();
  }
  const calibration::QuantType type = options.activationType;
  const std::string scale = getUniqueName(tensor + "_scale");
  const std::string zeroPoint = getUniqueName(tensor + "_zero_point");
  const float scaleValue = p->scale;
  newInitializers.push_back(
      makeTensor(scale, onnx::TensorProto::FLOAT, {},
                 toBytes(llvm::ArrayRef<float>(scaleValue))));
  if (type.isSigned) {
    const int8_t zp = static_cast<int8_t>(p->zeroPoint);
    newInitializers.push_back(makeTensor(zeroPoint, onnx::TensorProto::INT8, {},
                                         toBytes(llvm::ArrayRef<int8_t>(zp))));
  } else {
    const uint8_t zp = static_cast<uint8_t>(p->zeroPoint);
    newInitializers.push_back(makeTensor(zeroPoint, onnx::TensorProto::UINT8,
                                         {},
                                         toBytes(llvm::ArrayRef<uint8_t>(zp))));
  }
  const std::string quantized = getUniqueName(tensor + "_quantized");
  auto producer = index.producers.find(tensor);
  if (producer == index.producers.end()) {
    // A graph input: the nodes read its dequantize instead.
    const std::string dequantized = getUniqueName(tensor + "_dequantized");
    front.push_back(makeNode("QuantizeLinear",
                             getUniqueName(tensor + "_QuantizeLinear"),
                             {tensor, scale, zeroPoint}, quantized));
    front.push_back(makeNode("DequantizeLinear",
                             getUniqueName(tensor + "_DequantizeLinear"),
                             {quantized, scale, zeroPoint}, dequantized));
    renamedInputs[tensor] = dequantized;
    return llvm::Error::success();
  }
  // A node's output: the node writes `<tensor>_float`, the dequantize writes
  // `tensor`, which every reader and the graph outputs keep reading.
  auto [node, slot] = producer->second;
  const std::string floatName = getUniqueName(tensor + "_float");
  graph.mutable_node(node)->set_output(slot, floatName);
  after[node].push_back(makeNode("QuantizeLinear",
                                 getUniqueName(tensor + "_QuantizeLinear"),
                                 {floatName, scale, zeroPoint}, quantized));
  after[node].push_back(makeNode("DequantizeLinear",
                                 getUniqueName(tensor + "_DequantizeLinear"),
                                 {quantized, scale, zeroPoint}, tensor));
  return llvm::Error::success();
}

void QdqWriter::removeInitializer(const std::string &name) {
  auto *initializers = graph.mutable_initializer();
  for (int i = 0; i < initializers->size(); ++i) {
    if (initializers->Get(i).name() == name) {
      initializers->DeleteSubrange(i, 1);
      break;
    }
  }
  // Models of IR version < 4 also list initializers as graph inputs.
  auto *inputs = graph.mutable_input();
  for (int i = 0; i < inputs->size(); ++i) {
    if (inputs->Get(i).name() == name) {
      inputs->DeleteSubrange(i, 1);
      break;
    }
  }
}

llvm::Expected<std::vector<float>>
QdqWriter::quantizeWeights(const std::string &name, int64_t axis) {
  auto cached = weightScales.find(name);
  if (cached != weightScales.end()) {
    return cached->second;
  }
  const onnx::TensorProto *tensor = index.getInitializer(name);
  llvm::Expected<std::vector<float>> values = readFloats(*tensor);
  if (!values) {
    return values.takeError();
  }
  std::vector<int64_t> dims(tensor->dims().begin(), tensor->dims().end());
  if (axis >= static_cast<int64_t>(dims.size())) {
    axis = -1;
  }
  const int64_t channels = axis < 0 ? 1 : dims[axis];
  int64_t inner = 1;
  for (size_t d = axis < 0 ? dims.size() : axis + 1; d < dims.size(); ++d) {
    inner *= dims[d];
  }
  auto channelOf = [&](int64_t i) {
    return axis < 0 ? 0 : (i / inner) % channels;
  };
  std::vector<float> absMax(channels, 0.0f);
  for (int64_t i = 0; i < static_cast<int64_t>(values->size()); ++i) {
    absMax[channelOf(i)] =
        std::max(absMax[channelOf(i)], std::abs((*values)[i]));
  }
  std::vector<float> scales(channels);
  for (int64_t c = 0; c < channels; ++c) {
    scales[c] = absMax[c] > 0.0f ? absMax[c] / kWeightMax : 1.0f;
  }
  std::vector<int8_t> quantized(values->size());
  weightDims[name] = dims;
  std::vector<float> &errors = weightErrors[name];
  errors.resize(values->size());
  for (int64_t i = 0; i < static_cast<int64_t>(values->size()); ++i) {
    const float scale = scales[channelOf(i)];
    const float q = std::clamp(std::nearbyint((*values)[i] / scale),
                               static_cast<float>(-kWeightMax),
                               static_cast<float>(kWeightMax));
    quantized[i] = static_cast<int8_t>(q);
    errors[i] = q * scale - (*values)[i];
  }
  const std::string quantizedName = getUniqueName(name + "_quantized");
  const std::string scaleName = getUniqueName(name + "_scale");
  const std::string zeroPointName = getUniqueName(name + "_zero_point");
  llvm::SmallVector<int64_t, 1> paramDims;
  if (axis >= 0) {
    paramDims.push_back(channels);
  }
  const std::vector<int8_t> zeros(channels, 0);
  newInitializers.push_back(makeTensor(quantizedName, onnx::TensorProto::INT8,
                                       dims,
                                       toBytes(llvm::ArrayRef(quantized))));
  newInitializers.push_back(makeTensor(scaleName, onnx::TensorProto::FLOAT,
                                       paramDims,
                                       toBytes(llvm::ArrayRef(scales))));
  newInitializers.push_back(makeTensor(zeroPointName, onnx::TensorProto::INT8,
                                       paramDims,
                                       toBytes(llvm::ArrayRef(zeros))));
  front.push_back(
      makeNode("DequantizeLinear", getUniqueName(name + "_DequantizeLinear"),
               {quantizedName, scaleName, zeroPointName}, name, axis));
  removeInitializer(name);
  weightScales[name] = scales;
  return scales;
}

llvm::Error QdqWriter::quantizeBias(const std::string &name, float inputScale,
                                    llvm::ArrayRef<float> scalesOfWeights,
                                    llvm::ArrayRef<double> correction) {
  std::vector<float> scales;
  for (float weightScale : scalesOfWeights) {
    scales.push_back(static_cast<float>(static_cast<double>(inputScale) *
                                        static_cast<double>(weightScale)));
  }
  auto cached = biasScales.find(name);
  if (cached != biasScales.end()) {
    if (cached->second != scales) {
      return makeError("bias '" + name +
                       "' is shared by layers whose input and weight scales "
                       "differ");
    }
    return llvm::Error::success();
  }
  const onnx::TensorProto *tensor = index.getInitializer(name);
  llvm::Expected<std::vector<float>> values = readFloats(*tensor);
  if (!values) {
    return values.takeError();
  }
  const bool perChannel = scales.size() > 1;
  if (perChannel && values->size() != scales.size()) {
    return makeError("bias '" + name + "' has " + llvm::Twine(values->size()) +
                     " values for " + llvm::Twine(scales.size()) +
                     " output channels");
  }
  if (!correction.empty() && correction.size() != values->size()) {
    correction = {};
  }
  std::vector<int32_t> quantized(values->size());
  constexpr double kMax = std::numeric_limits<int32_t>::max();
  for (size_t i = 0; i < values->size(); ++i) {
    const double scale = scales[perChannel ? i : 0];
    const double value =
        (*values)[i] - (correction.empty() ? 0.0 : correction[i]);
    quantized[i] = static_cast<int32_t>(
        std::clamp(std::nearbyint(value / scale), -kMax, kMax));
  }
  std::vector<int64_t> dims(tensor->dims().begin(), tensor->dims().end());
  const std::string quantizedName = getUniqueName(name + "_quantized");
  const std::string scaleName = getUniqueName(name + "_scale");
  const std::string zeroPointName = getUniqueName(name + "_zero_point");
  llvm::SmallVector<int64_t, 1> paramDims;
  if (perChannel) {
    paramDims.push_back(static_cast<int64_t>(scales.size()));
  }
  const std::vector<int32_t> zeros(scales.size(), 0);
  newInitializers.push_back(makeTensor(quantizedName, onnx::TensorProto::INT32,
                                       dims,
                                       toBytes(llvm::ArrayRef(quantized))));
  newInitializers.push_back(makeTensor(scaleName, onnx::TensorProto::FLOAT,
                                       paramDims,
                                       toBytes(llvm::ArrayRef(scales))));
  newInitializers.push_back(makeTensor(zeroPointName, onnx::TensorProto::INT32,
                                       paramDims,
                                       toBytes(llvm::ArrayRef(zeros))));
  front.push_back(makeNode(
      "DequantizeLinear", getUniqueName(name + "_DequantizeLinear"),
      {quantizedName, scaleName, zeroPointName}, name, perChannel ? 0 : -1));
  removeInitializer(name);
  biasScales[name] = scales;
  return llvm::Error::success();
}

std::optional<std::vector<double>>
QdqWriter::getBiasCorrection(const onnx::NodeProto &node) const {
  auto mean = means.find(node.input(0));
  auto errors = weightErrors.find(node.input(1));
  const bool hasBias = node.input_size() > 2 && !node.input(2).empty();
  if (mean == means.end() || errors == weightErrors.end() ||
      index.consumers.at(node.input(1)).size() != 1 ||
      (hasBias && index.consumers.at(node.input(2)).size() != 1)) {
    return std::nullopt;
  }
  const std::vector<int64_t> &dims = weightDims.at(node.input(1));
  const std::vector<double> &mu = mean->second;
  const std::vector<float> &error = errors->second;
  if (node.op_type() == "Conv") {
    const int64_t outputs = dims[0], perGroup = dims[1];
    const int64_t window = dims[2] * dims[3];
    const int64_t groups = getInt(node, "group", 1);
    if (groups < 1 || outputs % groups != 0 ||
        static_cast<int64_t>(mu.size()) != perGroup * groups) {
      return std::nullopt;
    }
    std::vector<double> correction(outputs, 0.0);
    for (int64_t o = 0; o < outputs; ++o) {
      const int64_t firstChannel = (o / (outputs / groups)) * perGroup;
      for (int64_t i = 0; i < perGroup; ++i) {
        for (int64_t k = 0; k < window; ++k) {
          correction[o] +=
              static_cast<double>(error[(o * perGroup + i) * window + k]) *
              mu[firstChannel + i];
        }
      }
    }
    return correction;
  }
  // Gemm: B is [N, K] with transB, else [K, N].
  const bool transposed = getInt(node, "transB", 0) != 0;
  const int64_t outputs = transposed ? dims[0] : dims[1];
  const int64_t depth = transposed ? dims[1] : dims[0];
  if (static_cast<int64_t>(mu.size()) != depth) {
    return std::nullopt;
  }
  std::vector<double> correction(outputs, 0.0);
  for (int64_t n = 0; n < outputs; ++n) {
    for (int64_t k = 0; k < depth; ++k) {
      const int64_t element = transposed ? n * depth + k : k * outputs + n;
      correction[n] += static_cast<double>(error[element]) * mu[k];
    }
  }
  return correction;
}

llvm::Error QdqWriter::quantizeLayer(int nodeIndex) {
  const onnx::NodeProto &node = graph.node(nodeIndex);
  const std::string &type = node.op_type();
  if (type == "Add" || type == "Mul") {
    // Constant operands: symmetric i8 per tensor, like the weights.
    for (const std::string &input : node.input()) {
      if (index.isConstant(input)) {
        if (llvm::Expected<std::vector<float>> scales =
                quantizeWeights(input, -1);
            !scales) {
          return scales.takeError();
        }
      }
    }
    return llvm::Error::success();
  }
  int64_t axis = 0;
  if (type == "Gemm" && getInt(node, "transB", 0) == 0) {
    axis = 1; // B is [K, N]: the output channels are its columns.
  }
  if (!options.perChannelWeights) {
    axis = -1;
  }
  llvm::Expected<std::vector<float>> scales =
      quantizeWeights(node.input(1), axis);
  if (!scales) {
    return scales.takeError();
  }
  std::optional<std::vector<double>> correction = getBiasCorrection(node);
  const bool hasBias = node.input_size() > 2 && !node.input(2).empty();
  if (!hasBias && !correction) {
    return llvm::Error::success();
  }
  if (!hasBias) {
    // A bias of zeros to carry the correction.
    const std::string name = getUniqueName(
        (node.name().empty() ? node.output(0) : node.name()) + "_bias");
    std::vector<float> zeros(correction->size(), 0.0f);
    onnx::TensorProto *bias = graph.add_initializer();
    *bias = makeTensor(name, onnx::TensorProto::FLOAT,
                       {static_cast<int64_t>(zeros.size())},
                       toBytes(llvm::ArrayRef(zeros)));
    index.initializers[name] = bias;
    index.consumers[name] = {nodeIndex};
    onnx::NodeProto *mutableNode = graph.mutable_node(nodeIndex);
    while (mutableNode->input_size() < 3) {
      mutableNode->add_input("");
    }
    mutableNode->set_input(2, name);
  }
  llvm::Expected<calibration::QuantParams> input = getParams(node.input(0));
  if (!input) {
    return input.takeError();
  }
  return quantizeBias(node.input(2), input->scale, *scales,
                      correction ? llvm::ArrayRef<double>(*correction)
                                 : llvm::ArrayRef<double>());
}

llvm::Error QdqWriter::write() {
  std::set<std::string> layers(plan.layers.begin(), plan.layers.end());
  for (int i = 0; i < graph.node_size(); ++i) {
    const onnx::NodeProto &node = graph.node(i);
    if (layers.count(getNodeName(node, i))) {
      if (llvm::Error error = quantizeLayer(i)) {
        return error;
      }
    }
  }
  for (const std::string &tensor : plan.calibrated) {
    if (llvm::Error error = quantizeActivation(tensor)) {
      return error;
    }
  }
  for (const auto &[tensor, source] : plan.shared) {
    if (llvm::Error error = quantizeActivation(tensor)) {
      return error;
    }
  }
  std::vector<onnx::NodeProto> nodes = front;
  for (int i = 0; i < graph.node_size(); ++i) {
    onnx::NodeProto node = graph.node(i);
    for (int slot = 0; slot < node.input_size(); ++slot) {
      auto renamed = renamedInputs.find(node.input(slot));
      if (renamed != renamedInputs.end()) {
        node.set_input(slot, renamed->second);
      }
    }
    nodes.push_back(std::move(node));
    for (onnx::NodeProto &inserted : after[i]) {
      nodes.push_back(std::move(inserted));
    }
  }
  graph.clear_node();
  for (onnx::NodeProto &node : nodes) {
    *graph.add_node() = std::move(node);
  }
  for (onnx::TensorProto &tensor : newInitializers) {
    *graph.add_initializer() = std::move(tensor);
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<int64_t> prepareModel(onnx::ModelProto &model) {
  llvm::Expected<int64_t> opset = upgradeOpset(model, /*targetOpset=*/13);
  if (!opset) {
    return opset.takeError();
  }
  // Constant nodes and Identity nodes of constants -> initializers, in graph
  // order (an Identity may read an earlier Constant).
  onnx::GraphProto &graph = *model.mutable_graph();
  std::map<std::string, int> initializers;
  for (int i = 0; i < graph.initializer_size(); ++i) {
    initializers[graph.initializer(i).name()] = i;
  }
  std::set<std::string> graphOutputs;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    graphOutputs.insert(output.name());
  }
  std::vector<onnx::NodeProto> kept;
  for (const onnx::NodeProto &node : graph.node()) {
    const bool single =
        node.output_size() == 1 && !graphOutputs.count(node.output(0));
    if (single && node.op_type() == "Constant" && node.attribute_size() == 1 &&
        node.attribute(0).name() == "value") {
      onnx::TensorProto tensor = node.attribute(0).t();
      tensor.set_name(node.output(0));
      initializers[tensor.name()] = graph.initializer_size();
      *graph.add_initializer() = std::move(tensor);
      continue;
    }
    if (single && node.op_type() == "Identity" && node.input_size() == 1 &&
        initializers.count(node.input(0))) {
      onnx::TensorProto tensor =
          graph.initializer(initializers.at(node.input(0)));
      tensor.set_name(node.output(0));
      initializers[tensor.name()] = graph.initializer_size();
      *graph.add_initializer() = std::move(tensor);
      continue;
    }
    kept.push_back(node);
  }
  graph.clear_node();
  for (onnx::NodeProto &node : kept) {
    *graph.add_node() = std::move(node);
  }
  return opset;
}

llvm::Expected<QuantPlan> planQuantization(const onnx::ModelProto &model,
                                           const QuantizeOptions &options) {
  const int64_t needed = options.perChannelWeights ? 13 : 10;
  const int64_t opset = getDefaultOpset(model);
  if (opset < needed) {
    return makeError(
        "the model's opset " + llvm::Twine(opset) + " is below " +
        llvm::Twine(needed) +
        (options.perChannelWeights
             ? " (QuantizeLinear / DequantizeLinear per output channel)"
             : " (QuantizeLinear / DequantizeLinear)") +
        "; convert the model to a newer opset first");
  }
  const onnx::GraphProto &graph = model.graph();
  GraphIndex index(graph);
  onnx::ModelProto inferred = model;
  try {
    onnx::ShapeInferenceOptions inference(/*check_type_val=*/false,
                                          /*strict_mode_val=*/0,
                                          /*data_prop_val=*/false);
    onnx::shape_inference::InferShapes(
        inferred, onnx::OpSchemaRegistry::Instance(), inference);
  } catch (const std::exception &error) {
    return makeError("ONNX shape inference failed: " +
                     llvm::StringRef(error.what()).trim());
  }
  index.addFloatTensors(inferred.graph());
  std::set<std::string> nodeNames;
  for (int i = 0; i < graph.node_size(); ++i) {
    nodeNames.insert(getNodeName(graph.node(i), i));
  }
  std::vector<std::string> unknown;
  for (const std::string &name : options.keepFloat) {
    if (!nodeNames.count(name)) {
      unknown.push_back("'" + name + "'");
    }
  }
  if (!unknown.empty()) {
    return makeError("no node named " + llvm::join(unknown, ", ") +
                     " to keep in float");
  }
  QuantPlan plan;
  std::map<std::string, std::string> source;
  auto quantize = [&](const std::string &tensor) {
    if (source.emplace(tensor, tensor).second) {
      plan.calibrated.push_back(tensor);
    }
  };
  for (int i = 0; i < graph.node_size(); ++i) {
    const onnx::NodeProto &node = graph.node(i);
    const std::string name = getNodeName(node, i);
    if (options.keepFloat.count(name)) {
      continue;
    }
    const bool eltwise = node.op_type() == "Add" || node.op_type() == "Mul";
    // An Add or Mul extends a quantized tensor (a residual Add, a
    // squeeze-excitation scale); one that reads only float results (the
    // arithmetic of a decomposed normalisation) would only add quantize /
    // dequantize pairs around float layers.
    const bool joinsQuantized =
        !eltwise || llvm::any_of(node.input(), [&](const std::string &input) {
          return !index.isConstant(input) && source.count(input);
        });
    if (joinsQuantized && isQuantizableLayer(node, index)) {
      plan.layers.push_back(name);
      if (!eltwise) {
        plan.layerInputs.push_back(node.input(0));
      }
      for (int slot = 0; slot < (eltwise ? 2 : 1); ++slot) {
        if (!index.isConstant(node.input(slot))) {
          quantize(node.input(slot));
        }
      }
      // A post-op activation read only by this layer is quantized after it.
      const std::string &output = node.output(0);
      auto readers = index.consumers.find(output);
      if (!index.outputs.count(output) && readers != index.consumers.end() &&
          readers->second.size() == 1) {
        const int reader = readers->second.front();
        const onnx::NodeProto &activation = graph.node(reader);
        if (isPostOp(activation, index) &&
            !options.keepFloat.count(getNodeName(activation, reader))) {
          quantize(activation.output(0));
          continue;
        }
      }
      quantize(output);
      continue;
    }
    if (isSharedLayer(node) && node.input_size() > 0 &&
        index.isFloat(node.output(0))) {
      auto input = source.find(node.input(0));
      if (input != source.end() && !source.count(node.output(0))) {
        source[node.output(0)] = input->second;
        plan.shared.emplace_back(node.output(0), input->second);
      }
    }
  }
  return plan;
}

llvm::Expected<std::string> addCalibrationOutputs(const onnx::ModelProto &model,
                                                  const QuantPlan &plan) {
  onnx::ModelProto copy = model;
  try {
    onnx::ShapeInferenceOptions inference(/*check_type_val=*/false,
                                          /*strict_mode_val=*/0,
                                          /*data_prop_val=*/false);
    onnx::shape_inference::InferShapes(copy, onnx::OpSchemaRegistry::Instance(),
                                       inference);
  } catch (const std::exception &error) {
    return makeError("ONNX shape inference failed: " +
                     llvm::StringRef(error.what()).trim());
  }
  onnx::GraphProto &graph = *copy.mutable_graph();
  std::map<std::string, const onnx::ValueInfoProto *> infos;
  for (const onnx::ValueInfoProto &info : graph.value_info()) {
    infos[info.name()] = &info;
  }
  std::set<std::string> present;
  for (const onnx::ValueInfoProto &info : graph.input()) {
    present.insert(info.name());
  }
  for (const onnx::ValueInfoProto &info : graph.output()) {
    present.insert(info.name());
  }
  std::vector<std::string> observed = plan.calibrated;
  observed.insert(observed.end(), plan.layerInputs.begin(),
                  plan.layerInputs.end());
  for (const std::string &tensor : observed) {
    if (!present.insert(tensor).second) {
      continue;
    }
    auto it = infos.find(tensor);
    if (it == infos.end() || !it->second->type().has_tensor_type()) {
      return makeError("ONNX shape inference gives no type for tensor '" +
                       tensor + "'");
    }
    *graph.add_output() = *it->second;
  }
  std::string bytes;
  if (!copy.SerializeToString(&bytes)) {
    return makeError("cannot serialize the calibration model");
  }
  return bytes;
}

llvm::Error
writeQdqModel(onnx::ModelProto &model, const QuantPlan &plan,
              const std::map<std::string, calibration::QuantParams> &params,
              const QuantizeOptions &options, const ChannelMeans &means) {
  return QdqWriter(model, plan, params, options, means).write();
}

} // namespace mlir::vpuc::onnx_frontend::quantize
