//===- SeqNumericsTest.cpp - ONNX LSTM/GRU/norm/Einsum vs NumPy -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Imports each numeric model written by make_seq_models.py, runs it with the IE
// reference interpreter (dialects/ie/interpreter) on the inputs stored in the
// model's .npz, and compares the results with the outputs of the script's NumPy
// reference implementation of the ONNX operators. This checks the importer's
// mapping (gate reordering, bias sums, layouts, transposes) and the IE kernels
// together. The upgrade_* models of make_upgrade_models.py run the same way:
// they check the opset upgrade and the function inlining of the importer.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdio>
#include <string>

#include "core/npy/Npy.h"
#include "dialects/ie/interpreter/Interpreter.h"
#include "dialects/ie/interpreter/TensorConversion.h"
#include "frontend/onnx/OnnxImporter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc {
namespace {

const std::string kModels = "frontend/onnx/test/models/";

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

  FailureOr<IE::Interpreter> interpreter = IE::Interpreter::create(**module);
  ASSERT_TRUE(succeeded(interpreter));
  IE::HostTensorMap inputs;
  for (const IE::NetworkTensorInfo &info : interpreter->getInputs()) {
    auto it = arrays->find("in_" + info.name);
    ASSERT_NE(it, arrays->end()) << "no input " << info.name;
    inputs[info.name] = IE::toHostTensor(it->second);
  }
  FailureOr<IE::HostTensorMap> results = interpreter->run(inputs);
  ASSERT_TRUE(succeeded(results));

  ASSERT_EQ(interpreter->getOutputs().size(), results->size());
  for (auto &[output, actual] : *results) {
    auto it = arrays->find("out_" + output);
    ASSERT_NE(it, arrays->end()) << "no reference for " << output;
    IE::HostTensor expected = IE::toHostTensor(it->second);
    ASSERT_EQ(llvm::ArrayRef<int64_t>(actual.shape),
              llvm::ArrayRef<int64_t>(expected.shape))
        << output;
    double maxError = 0.0;
    for (size_t i = 0; i < expected.data.size(); ++i) {
      const double error =
          std::fabs(actual.data[i] - expected.data[i]) /
          std::max(1.0, std::fabs(static_cast<double>(expected.data[i])));
      maxError = std::max(maxError, error);
      EXPECT_LT(error, 1e-5) << output << " at " << i << ": " << actual.data[i]
                             << " vs " << expected.data[i];
    }
    // A gross mistake (wrong gate order, direction or layout) gives errors of
    // order 0.1.
    char text[32];
    std::snprintf(text, sizeof(text), "%.3g", maxError);
    RecordProperty(output + "_max_error", text);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Models, SeqNumericsTest,
    ::testing::Values("seq_lstm_forward", "seq_lstm_bidirectional_layout1",
                      "seq_lstm_reverse", "seq_lstm_nonconst",
                      "seq_gru_forward", "seq_gru_bidirectional_lbr",
                      "seq_gru_reverse_relu", "seq_norms", "seq_einsum"));

// Models the importer brings to a supported form first
// (make_upgrade_models.py): an opset-7 model through the ONNX version
// converter, and the inlined ONNX function bodies of Celu, GreaterOrEqual and a
// model-local function.
INSTANTIATE_TEST_SUITE_P(Upgrade, SeqNumericsTest,
                         ::testing::Values("upgrade_opset7", "upgrade_inline"));

// The ops imported as fixed IE expansions (make_expansion_models.py).
INSTANTIATE_TEST_SUITE_P(Expansion, SeqNumericsTest,
                         ::testing::Values("expansion_ops", "expansion_reduce",
                                           "expansion_misc", "expansion_fmod"));

// The ops built from existing IE ops by Signal.cpp, Integer.cpp, Selection.cpp
// and VanillaRNN.cpp (make_signal_models.py, make_integer_models.py,
// make_selection_models.py).
INSTANTIATE_TEST_SUITE_P(Decomposed, SeqNumericsTest,
                         ::testing::Values("signal_generators", "signal_dft",
                                           "signal_stft", "integer_ops",
                                           "selection_ops", "selection_rnn"));

} // namespace
} // namespace mlir::vpuc
