//===- OnnxImporterTest.cpp - Tests of the ONNX importer's C++ API -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// importOnnxModel / importOnnxModelFromBytes on models built with the ONNX
// protobuf API, parseInputShape, parseFreezeInput and frozen inputs. The lit
// tests in ../test cover the op mappings through vpuc-translate.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/OnnxImporter.h"

#include <string>
#include <utility>
#include <vector>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "onnx/onnx_pb.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::onnx_frontend {
namespace {

/// A model computing `y = Relu(x)` on a float tensor of `shape` (a negative dim
/// is dynamic).
std::string makeReluModel(std::vector<int64_t> shape, int64_t opset = 13) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  onnx::OperatorSetIdProto *import = model.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("g");
  auto addValue = [&](onnx::ValueInfoProto *info, const char *name) {
    info->set_name(name);
    onnx::TypeProto_Tensor *tensor =
        info->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(onnx::TensorProto::FLOAT);
    for (int64_t dim : shape) {
      if (dim < 0) {
        tensor->mutable_shape()->add_dim()->set_dim_param("N");
      } else {
        tensor->mutable_shape()->add_dim()->set_dim_value(dim);
      }
    }
  };
  addValue(graph->add_input(), "x");
  addValue(graph->add_output(), "y");
  onnx::NodeProto *node = graph->add_node();
  node->set_op_type("Relu");
  node->set_name("relu");
  node->add_input("x");
  node->add_output("y");
  std::string bytes;
  model.SerializeToString(&bytes);
  return bytes;
}

/// A model computing `y = Add(x, w)` with x and w float tensors of `size`
/// elements, w an initializer holding 0.5, 1.5, 2.5, ...
std::string makeAddInitializerModel(int64_t size) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  onnx::OperatorSetIdProto *import = model.add_opset_import();
  import->set_domain("");
  import->set_version(13);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("g");
  for (auto [info, name] : {std::make_pair(graph->add_input(), "x"),
                            std::make_pair(graph->add_output(), "y")}) {
    info->set_name(name);
    onnx::TypeProto_Tensor *tensor =
        info->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(onnx::TensorProto::FLOAT);
    tensor->mutable_shape()->add_dim()->set_dim_value(size);
  }
  onnx::TensorProto *weights = graph->add_initializer();
  weights->set_name("w");
  weights->set_data_type(onnx::TensorProto::FLOAT);
  weights->add_dims(size);
  std::vector<float> values;
  for (int64_t i = 0; i < size; ++i) {
    values.push_back(static_cast<float>(i) + 0.5f);
  }
  weights->set_raw_data(values.data(), values.size() * sizeof(float));
  onnx::NodeProto *node = graph->add_node();
  node->set_op_type("Add");
  node->set_name("add");
  node->add_input("x");
  node->add_input("w");
  node->add_output("y");
  std::string bytes;
  model.SerializeToString(&bytes);
  return bytes;
}

/// A file in the temporary directory, removed at the end of the scope.
struct TempFile {
  explicit TempFile(llvm::StringRef contents) {
    int fd = -1;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("importer", "onnx", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
  llvm::SmallString<128> path;
};

/// The values of the one `const.Declare` of `module`.
std::vector<float> getConstantValues(ModuleOp module) {
  std::vector<float> values;
  module.walk([&](Const::DeclareOp op) {
    for (float value : op.getContent().fold().getValues<float>()) {
      values.push_back(value);
    }
  });
  return values;
}

/// Collects the diagnostics of a context.
struct Diagnostics {
  explicit Diagnostics(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diag) {
          messages += diag.str() + "\n";
          return success();
        }) {}
  std::string messages;
  ScopedDiagnosticHandler handler;
};

TEST(OnnxImporterTest, ImportsFromBytes) {
  MLIRContext context;
  FailureOr<OwningOpRef<ModuleOp>> module = importOnnxModelFromBytes(
      &context, makeReluModel({2, 3}), "relu.onnx", {});
  ASSERT_TRUE(succeeded(module));
  auto func = (*module)->lookupSymbol<func::FuncOp>("main");
  ASSERT_TRUE(func);
  EXPECT_EQ(func.getFunctionType().getNumInputs(), 1u);
  auto network = *(*module)->getOps<IE::CNNNetworkOp>().begin();
  EXPECT_EQ(network.getEntryPoint(), "main");
  ASSERT_EQ(network.getInputsDataInfo().size(), 1u);
  EXPECT_EQ(network.getInputsDataInfo().front().getName(), "x");
  EXPECT_EQ(network.getOutputsDataInfo().front().getName(), "y");
  EXPECT_EQ(std::distance(func.getOps<IE::ReLUOp>().begin(),
                          func.getOps<IE::ReLUOp>().end()),
            1);
}

TEST(OnnxImporterTest, ImportsFileWithLargeInitializer) {
  // 4000 bytes: above the resource threshold, so the initializer's data moves
  // into a dense_resource blob.
  std::string bytes = makeAddInitializerModel(1000);
  TempFile file(bytes);
  MLIRContext context;
  FailureOr<OwningOpRef<ModuleOp>> fromFile =
      importOnnxModel(&context, file.path, {});
  ASSERT_TRUE(succeeded(fromFile));
  FailureOr<OwningOpRef<ModuleOp>> fromBytes =
      importOnnxModelFromBytes(&context, bytes, "add.onnx", {});
  ASSERT_TRUE(succeeded(fromBytes));
  int numResources = 0;
  (*fromFile)->walk([&](Const::DeclareOp op) {
    numResources +=
        llvm::isa<DenseResourceElementsAttr>(op.getContent().getBaseContent());
  });
  EXPECT_EQ(numResources, 1);
  std::vector<float> values = getConstantValues(**fromFile);
  ASSERT_EQ(values.size(), 1000u);
  for (int64_t i = 0; i < 1000; ++i) {
    ASSERT_EQ(values[i], static_cast<float>(i) + 0.5f) << "element " << i;
  }
  EXPECT_EQ(getConstantValues(**fromBytes), values);
}

TEST(OnnxImporterTest, ReportsBadFilesOnDisk) {
  MLIRContext context;
  Diagnostics diags(context);
  TempFile empty("");
  EXPECT_TRUE(failed(importOnnxModel(&context, empty.path, {})));
  EXPECT_NE(diags.messages.find("the ONNX model file is empty"),
            std::string::npos)
      << diags.messages;
  TempFile truncated(llvm::StringRef(makeReluModel({2})).take_front(7));
  EXPECT_TRUE(failed(importOnnxModel(&context, truncated.path, {})));
  EXPECT_NE(diags.messages.find("not an ONNX model: the file is not a valid "
                                "ModelProto"),
            std::string::npos)
      << diags.messages;
  llvm::SmallString<128> directory;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("importer", directory));
  EXPECT_TRUE(failed(importOnnxModel(&context, directory, {})));
  llvm::sys::fs::remove(directory);
  EXPECT_NE(diags.messages.find("cannot read the ONNX model: "),
            std::string::npos)
      << diags.messages;
}

TEST(OnnxImporterTest, InputShapesFixDynamicDims) {
  MLIRContext context;
  {
    Diagnostics diags(context);
    EXPECT_TRUE(failed(importOnnxModelFromBytes(
        &context, makeReluModel({-1, 3}), "dyn.onnx", {})));
    EXPECT_NE(diags.messages.find("input 'x' has a dynamic dimension #0 ('N')"),
              std::string::npos)
        << diags.messages;
  }
  ImportOptions options;
  EXPECT_EQ(parseInputShape("x=5x3", options), "");
  FailureOr<OwningOpRef<ModuleOp>> module = importOnnxModelFromBytes(
      &context, makeReluModel({-1, 3}), "dyn.onnx", options);
  ASSERT_TRUE(succeeded(module));
  auto func = (*module)->lookupSymbol<func::FuncOp>("main");
  auto type = llvm::cast<RankedTensorType>(func.getFunctionType().getResult(0));
  EXPECT_EQ(type.getShape(), llvm::ArrayRef<int64_t>({5, 3}));
}

TEST(OnnxImporterTest, FrozenInputsBecomeConstants) {
  // y = Add(x, w) with x frozen: the network has no input, and a constant
  // holds the frozen values.
  std::string bytes = makeAddInitializerModel(3);
  MLIRContext context;
  ImportOptions options;
  std::vector<float> values = {-1.0f, 2.0f, 4.0f};
  EXPECT_EQ(addFrozenInput(
                "x",
                npy::Array::fromValues<float>(npy::DType::F32, {3}, values),
                "x.npy", options),
            "");
  FailureOr<OwningOpRef<ModuleOp>> module =
      importOnnxModelFromBytes(&context, bytes, "add.onnx", options);
  ASSERT_TRUE(succeeded(module));
  auto func = (*module)->lookupSymbol<func::FuncOp>("main");
  EXPECT_EQ(func.getFunctionType().getNumInputs(), 0u);
  auto network = *(*module)->getOps<IE::CNNNetworkOp>().begin();
  EXPECT_TRUE(network.getInputsDataInfo().empty());
  std::vector<std::vector<float>> constants;
  (*module)->walk([&](Const::DeclareOp op) {
    std::vector<float> content;
    for (float value : op.getContent().fold().getValues<float>()) {
      content.push_back(value);
    }
    constants.push_back(std::move(content));
  });
  EXPECT_NE(llvm::find(constants, values), constants.end());
  EXPECT_EQ(addFrozenInput("x", npy::Array::zeros(npy::DType::F32, {3}), "b",
                           options),
            "input 'x' is given twice");
}

TEST(OnnxImporterTest, FrozenInputsMustMatchTheInput) {
  std::string bytes = makeReluModel({2, -1});
  MLIRContext context;
  auto importWith = [&](llvm::StringRef name, npy::Array value) {
    Diagnostics diags(context);
    ImportOptions options;
    EXPECT_EQ(addFrozenInput(name, std::move(value), "v.npy", options), "");
    EXPECT_TRUE(failed(
        importOnnxModelFromBytes(&context, bytes, "relu.onnx", options)));
    return diags.messages;
  };
  EXPECT_NE(importWith("w", npy::Array::zeros(npy::DType::F32, {2, 3}))
                .find("frozen input 'w' (v.npy) is not an input of the model "
                      "(its inputs: 'x')"),
            std::string::npos);
  EXPECT_NE(importWith("x", npy::Array::zeros(npy::DType::F16, {2, 3}))
                .find("frozen input 'x' (v.npy): the value's element type "
                      "float16 is not the element type float32 of the input"),
            std::string::npos);
  EXPECT_NE(importWith("x", npy::Array::zeros(npy::DType::F32, {3, 3}))
                .find("frozen input 'x' (v.npy): the value's shape [3, 3] is "
                      "not the shape [2, ?] of the input"),
            std::string::npos);
  // A dynamic dimension takes any size.
  ImportOptions options;
  EXPECT_EQ(addFrozenInput("x", npy::Array::zeros(npy::DType::F32, {2, 7}),
                           "v.npy", options),
            "");
  EXPECT_TRUE(succeeded(
      importOnnxModelFromBytes(&context, bytes, "relu.onnx", options)));
}

TEST(OnnxImporterTest, ParseFreezeInput) {
  ImportOptions options;
  EXPECT_EQ(parseFreezeInput("x", options),
            "expected 'name=file.npy' or 'name=file.npz', got 'x'");
  EXPECT_EQ(parseFreezeInput("=a.npy", options),
            "expected 'name=file.npy' or 'name=file.npz', got '=a.npy'");
  std::string error = parseFreezeInput("x=/nonexistent/a.npy", options);
  EXPECT_NE(error.find("/nonexistent/a.npy"), std::string::npos) << error;
  EXPECT_TRUE(options.frozenInputs.empty());
}

TEST(OnnxImporterTest, ParseInputShape) {
  ImportOptions options;
  EXPECT_EQ(parseInputShape("data=1x3x224x224", options), "");
  EXPECT_EQ(parseInputShape("scalar=", options), "");
  EXPECT_EQ(options.inputShapes["data"],
            (std::vector<int64_t>{1, 3, 224, 224}));
  EXPECT_TRUE(options.inputShapes["scalar"].empty());
  EXPECT_EQ(parseInputShape("data=1", options), "input 'data' is given twice");
  EXPECT_EQ(parseInputShape("nodims", options),
            "expected 'name=DxDx...', got 'nodims'");
  EXPECT_EQ(parseInputShape("x=2x-1", options),
            "invalid dimension '-1' in 'x=2x-1'");
}

TEST(OnnxImporterTest, ReportsBadFiles) {
  MLIRContext context;
  Diagnostics diags(context);
  EXPECT_TRUE(failed(importOnnxModel(&context, "/nonexistent/model.onnx", {})));
  EXPECT_NE(diags.messages.find("cannot read the ONNX model"),
            std::string::npos);
  EXPECT_TRUE(failed(importOnnxModelFromBytes(&context, "", "empty.onnx", {})));
  EXPECT_NE(diags.messages.find("the ONNX model file is empty"),
            std::string::npos);
  std::string model = makeReluModel({2});
  EXPECT_TRUE(failed(importOnnxModelFromBytes(
      &context, llvm::StringRef(model).take_front(7), "cut.onnx", {})));
  EXPECT_NE(diags.messages.find("not an ONNX model"), std::string::npos)
      << diags.messages;
  EXPECT_TRUE(failed(importOnnxModelFromBytes(&context, makeReluModel({2}, 18),
                                              "new.onnx", {})));
  EXPECT_NE(diags.messages.find(
                "opset 18 of the default ONNX domain is not supported"),
            std::string::npos);
}

} // namespace
} // namespace mlir::vpuc::onnx_frontend
