//===- SeqNumericsTest.cpp - ONNX LSTM/GRU/norm/Einsum vs NumPy -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Imports each numeric model written by make_seq_models.py, runs `@main` on the host (each
// const.Declare read with readHostConstant, each IE op through inferOnCPU) with the inputs
// stored in the model's .npz, and compares the results with the outputs of the script's
// NumPy reference implementation of the ONNX operators. This checks the importer's mapping
// (gate reordering, bias sums, layouts, transposes) and the IE kernels together.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdio>
#include <string>

#include "core/npy/Npy.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/interpreter/HostConstant.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/OnnxImporter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseMap.h"
#include "gtest/gtest.h"

namespace mlir::vpuc {
namespace {

const std::string kModels = "frontend/onnx/test/models/";

/// A float32 .npy array as a host tensor.
IE::HostTensor toHostTensor(const npy::Array &array) {
  llvm::ArrayRef<float> values = array.getValues<float>();
  return IE::HostTensor(array.shape, std::vector<float>(values.begin(), values.end()));
}

/// Runs `func` on `inputs` (one per argument); fails with a gtest failure on any op that is
/// neither a constant nor an IE layer, or whose inference fails.
FailureOr<SmallVector<IE::HostTensor>> interpret(func::FuncOp func,
                                                 ArrayRef<IE::HostTensor> inputs) {
  llvm::DenseMap<Value, IE::HostTensor> values;
  for (auto [arg, input] : llvm::zip(func.getArguments(), inputs)) {
    values[arg] = input;
  }
  for (Operation &op : func.getBody().front()) {
    if (auto ret = llvm::dyn_cast<func::ReturnOp>(op)) {
      SmallVector<IE::HostTensor> results;
      for (Value value : ret.getOperands()) {
        results.push_back(values.lookup(value));
      }
      return results;
    }
    SmallVector<IE::HostTensor> outputs;
    if (auto declare = llvm::dyn_cast<Const::DeclareOp>(op)) {
      FailureOr<IE::HostTensor> value = IE::readHostConstant(declare);
      if (failed(value)) {
        return failure();
      }
      outputs.push_back(std::move(*value));
    } else if (auto layer = llvm::dyn_cast<IE::InferenceOpInterface>(op)) {
      SmallVector<IE::HostTensor> operands;
      for (Value operand : op.getOperands()) {
        operands.push_back(values.lookup(operand));
      }
      if (failed(layer.inferOnCPU(operands, outputs))) {
        return failure();
      }
    } else {
      ADD_FAILURE() << "cannot interpret " << op.getName().getStringRef().str();
      return failure();
    }
    for (auto [result, output] : llvm::zip(op.getResults(), outputs)) {
      values[result] = std::move(output);
    }
  }
  ADD_FAILURE() << "no func.return";
  return failure();
}

class SeqNumericsTest : public ::testing::TestWithParam<const char *> {};

TEST_P(SeqNumericsTest, matchesNumPyReference) {
  const std::string name = GetParam();
  DialectRegistry registry;
  onnx_frontend::registerImportDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  FailureOr<OwningOpRef<ModuleOp>> module =
      onnx_frontend::importOnnxModel(&context, kModels + name + ".onnx", {});
  ASSERT_TRUE(succeeded(module)) << name;
  llvm::Expected<npy::ArrayMap> arrays = npy::readNpz(kModels + name + ".npz");
  ASSERT_TRUE(static_cast<bool>(arrays)) << llvm::toString(arrays.takeError());

  IE::CNNNetworkOp network;
  (**module)->walk([&](IE::CNNNetworkOp op) { network = op; });
  ASSERT_TRUE(network);
  auto func = (**module).lookupSymbol<func::FuncOp>(network.getEntryPoint());
  ASSERT_TRUE(func);

  SmallVector<IE::HostTensor> inputs;
  for (IE::DataInfoOp info : network.getInputsDataInfo()) {
    auto it = arrays->find("in_" + info.getName().str());
    ASSERT_NE(it, arrays->end()) << "no input " << info.getName().str();
    inputs.push_back(toHostTensor(it->second));
  }
  FailureOr<SmallVector<IE::HostTensor>> results = interpret(func, inputs);
  ASSERT_TRUE(succeeded(results));

  SmallVector<IE::DataInfoOp, 4> outputs = network.getOutputsDataInfo();
  ASSERT_EQ(outputs.size(), results->size());
  for (auto [info, actual] : llvm::zip(outputs, *results)) {
    const std::string output = info.getName().str();
    auto it = arrays->find("out_" + output);
    ASSERT_NE(it, arrays->end()) << "no reference for " << output;
    IE::HostTensor expected = toHostTensor(it->second);
    ASSERT_EQ(llvm::ArrayRef<int64_t>(actual.shape), llvm::ArrayRef<int64_t>(expected.shape))
        << output;
    double maxError = 0.0;
    for (size_t i = 0; i < expected.data.size(); ++i) {
      const double error = std::fabs(actual.data[i] - expected.data[i]) /
                           std::max(1.0, std::fabs(static_cast<double>(expected.data[i])));
      maxError = std::max(maxError, error);
      EXPECT_LT(error, 1e-5) << output << " at " << i << ": " << actual.data[i] << " vs "
                             << expected.data[i];
    }
    // A gross mistake (wrong gate order, direction or layout) gives errors of order 0.1.
    char text[32];
    std::snprintf(text, sizeof(text), "%.3g", maxError);
    RecordProperty(output + "_max_error", text);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, SeqNumericsTest,
                         ::testing::Values("seq_lstm_forward", "seq_lstm_bidirectional_layout1",
                                           "seq_lstm_reverse", "seq_lstm_nonconst",
                                           "seq_gru_forward", "seq_gru_bidirectional_lbr",
                                           "seq_gru_reverse_relu", "seq_norms", "seq_einsum"));

} // namespace
} // namespace mlir::vpuc
