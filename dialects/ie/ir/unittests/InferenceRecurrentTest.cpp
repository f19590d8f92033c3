//===- InferenceRecurrentTest.cpp - Tests of the IE LSTM/GRU kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Parses IE.LSTMCell, IE.LSTMSequence and IE.GRUSequence from text and runs
// inferOnCPU on cases small enough to write the expected values as formulas:
// gate order, clipping, activations, linear_before_reset, and where the reverse
// direction writes its outputs. The ONNX LSTM / GRU mapping is checked against
// a NumPy reference in
// //frontend/onnx/test:seq_numerics_test.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <string>
#include <vector>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

class InferenceRecurrentTest : public ::testing::Test {
protected:
  InferenceRecurrentTest() {
    context.loadDialect<IEDialect, func::FuncDialect>();
  }

  /// Parses `text` (a module) and returns its first op implementing
  /// InferenceOpInterface.
  Operation *parse(llvm::StringRef text) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    Operation *found = nullptr;
    if (module) {
      module->walk([&](InferenceOpInterface op) {
        if (!found) {
          found = op;
        }
      });
    }
    EXPECT_NE(found, nullptr);
    return found;
  }

  /// Parses `text` and runs its op on `inputs`, expecting success.
  SmallVector<HostTensor> run(llvm::StringRef text,
                              ArrayRef<HostTensor> inputs) {
    Operation *op = parse(text);
    SmallVector<HostTensor> outputs;
    if (!op) {
      return outputs;
    }
    EXPECT_TRUE(succeeded(
        llvm::cast<InferenceOpInterface>(op).inferOnCPU(inputs, outputs)));
    EXPECT_EQ(outputs.size(), op->getNumResults());
    return outputs;
  }

  static void expectNear(const HostTensor &actual, ArrayRef<int64_t> shape,
                         const std::vector<float> &expected) {
    ASSERT_EQ(ArrayRef<int64_t>(actual.shape), shape);
    ASSERT_EQ(actual.data.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      EXPECT_NEAR(actual.data[i], expected[i],
                  1e-6f * std::max(1.0f, std::fabs(expected[i])))
          << "at " << i;
    }
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

/// An LSTMCell with input_size = hidden_size = 1 and the given attribute
/// dictionary entries.
std::string lstmCellModule(llvm::StringRef attrs) {
  return R"(
    func.func @f(%x: tensor<1x1xf32>, %h: tensor<1x1xf32>, %c: tensor<1x1xf32>, %w: tensor<4x1xf32>, %r: tensor<4x1xf32>, %b: tensor<4xf32>) -> (tensor<1x1xf32>, tensor<1x1xf32>) {
      %0:2 = IE.LSTMCell(%x, %h, %c, %w, %r, %b) {hidden_size = 1 : i64)" +
         attrs.str() + R"(}
          : tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4xf32> -> tensor<1x1xf32>, tensor<1x1xf32>
      return %0#0, %0#1 : tensor<1x1xf32>, tensor<1x1xf32>
    })";
}

TEST_F(InferenceRecurrentTest, lstmCellGateOrder) {
  // Gates f, i, c, o read W = [wf, wi, wc, wo] = [1, 2, 3, 4] times x = 0.5, R
  // = [0.1, 0.2, 0.3, 0.4] times h = -1, B = [0.5, 0, -0.5, 1]: f = s(0.5 - 0.1
  // + 0.5), i = s(1 - 0.2), c~ = tanh(1.5 - 0.3 - 0.5), o = s(2 - 0.4 + 1); C'
  // = f * 2 + i * c~, H' = o * tanh(C').
  SmallVector<HostTensor> out =
      run(lstmCellModule(""),
          {HostTensor({1, 1}, {0.5f}), HostTensor({1, 1}, {-1.0f}),
           HostTensor({1, 1}, {2.0f}), HostTensor({4, 1}, {1, 2, 3, 4}),
           HostTensor({4, 1}, {0.1f, 0.2f, 0.3f, 0.4f}),
           HostTensor({4}, {0.5f, 0, -0.5f, 1})});
  ASSERT_EQ(out.size(), 2u);
  const float f = sigmoid(0.9f);
  const float i = sigmoid(0.8f);
  const float g = std::tanh(0.7f);
  const float o = sigmoid(2.6f);
  const float c = f * 2.0f + i * g;
  expectNear(out[0], {1, 1}, {o * std::tanh(c)});
  expectNear(out[1], {1, 1}, {c});
}

TEST_F(InferenceRecurrentTest, lstmCellClipsActivationInputs) {
  // Every gate is 10 before clipping, 0.5 after: f = i = o = s(0.5), c~ =
  // tanh(0.5); C' = s(0.5) * 3 + s(0.5) * tanh(0.5) ~ 2.16 is stored unclipped,
  // but tanh reads 0.5.
  SmallVector<HostTensor> out =
      run(lstmCellModule(", clip = 0.5 : f64"),
          {HostTensor({1, 1}, {0.0f}), HostTensor({1, 1}, {0.0f}),
           HostTensor({1, 1}, {3.0f}), HostTensor::filled({4, 1}),
           HostTensor::filled({4, 1}), HostTensor::filled({4}, 10.0f)});
  ASSERT_EQ(out.size(), 2u);
  const float s = sigmoid(0.5f);
  expectNear(out[0], {1, 1}, {s * std::tanh(0.5f)});
  expectNear(out[1], {1, 1}, {s * 3.0f + s * std::tanh(0.5f)});
}

TEST_F(InferenceRecurrentTest, lstmCellActivations) {
  // act_f = relu, act_g = sigmoid, act_h = tanh; B = [-1, 2, 0, 3]:
  // f = relu(-1) = 0, i = relu(2) = 2, c~ = s(0) = 0.5, o = 3; C' = 0 * 5 + 2 *
  // 0.5 = 1.
  SmallVector<HostTensor> out =
      run(lstmCellModule(", activations = [\"relu\", \"sigmoid\", \"tanh\"]"),
          {HostTensor({1, 1}, {0.0f}), HostTensor({1, 1}, {0.0f}),
           HostTensor({1, 1}, {5.0f}), HostTensor::filled({4, 1}),
           HostTensor::filled({4, 1}), HostTensor({4}, {-1, 2, 0, 3})});
  ASSERT_EQ(out.size(), 2u);
  expectNear(out[0], {1, 1}, {3.0f * std::tanh(1.0f)});
  expectNear(out[1], {1, 1}, {1.0f});
}

/// An LSTMSequence over x [1, 2, 1] with hidden_size 1 and `dirs` directions.
std::string lstmSequenceModule(int dirs, llvm::StringRef direction) {
  std::string d = std::to_string(dirs);
  std::string text = R"(
    func.func @f(%x: tensor<1x2x1xf32>, %h: tensor<1xDx1xf32>, %w: tensor<Dx4x1xf32>, %r: tensor<Dx4x1xf32>, %b: tensor<Dx4xf32>) -> tensor<1xDx2x1xf32> {
      %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<DIRECTION>, hidden_size = 1 : i64}
          : tensor<1x2x1xf32>, tensor<1xDx1xf32>, tensor<1xDx1xf32>, tensor<Dx4x1xf32>, tensor<Dx4x1xf32>, tensor<Dx4xf32> -> tensor<1xDx2x1xf32>, tensor<1xDx1xf32>, tensor<1xDx1xf32>
      return %0#0 : tensor<1xDx2x1xf32>
    })";
  for (size_t pos; (pos = text.find("xDx")) != std::string::npos;) {
    text.replace(pos, 3, "x" + d + "x");
  }
  for (size_t pos; (pos = text.find("<Dx")) != std::string::npos;) {
    text.replace(pos, 3, "<" + d + "x");
  }
  text.replace(text.find("DIRECTION"), 9, direction.str());
  return text;
}

TEST_F(InferenceRecurrentTest, lstmSequenceDirections) {
  // Only the c gate reads x (W = [0, 0, 1, 0]), R = 0, B = 0, zero initial
  // states: f = i = o = 0.5, C_t = 0.5 C + 0.5 tanh(x_t), H_t = 0.5 tanh(C_t);
  // x = [1, 2].
  auto h = [](float c) { return 0.5f * std::tanh(c); };
  const float fwd0 = 0.5f * std::tanh(1.0f);
  const float fwd1 = 0.5f * fwd0 + 0.5f * std::tanh(2.0f);
  // The reverse pass reads step 1 first; its output for step t stays at
  // position t.
  const float rev1 = 0.5f * std::tanh(2.0f);
  const float rev0 = 0.5f * rev1 + 0.5f * std::tanh(1.0f);
  HostTensor x({1, 2, 1}, {1, 2});
  HostTensor w1({1, 4, 1}, {0, 0, 1, 0});
  SmallVector<HostTensor> forward =
      run(lstmSequenceModule(1, "forward"),
          {x, HostTensor::filled({1, 1, 1}), HostTensor::filled({1, 1, 1}), w1,
           HostTensor::filled({1, 4, 1}), HostTensor::filled({1, 4})});
  ASSERT_EQ(forward.size(), 3u);
  expectNear(forward[0], {1, 1, 2, 1}, {h(fwd0), h(fwd1)});
  expectNear(forward[1], {1, 1, 1}, {h(fwd1)});
  expectNear(forward[2], {1, 1, 1}, {fwd1});

  SmallVector<HostTensor> reverse =
      run(lstmSequenceModule(1, "reverse"),
          {x, HostTensor::filled({1, 1, 1}), HostTensor::filled({1, 1, 1}), w1,
           HostTensor::filled({1, 4, 1}), HostTensor::filled({1, 4})});
  ASSERT_EQ(reverse.size(), 3u);
  expectNear(reverse[0], {1, 1, 2, 1}, {h(rev0), h(rev1)});
  expectNear(reverse[1], {1, 1, 1}, {h(rev0)});
  expectNear(reverse[2], {1, 1, 1}, {rev0});

  // Bidirectional: direction 1 uses the second set of weights; give it W = [0,
  // 0, 1, 0] too and the forward direction W = 0 (so its outputs are 0.5
  // tanh(0) = 0).
  SmallVector<HostTensor> both =
      run(lstmSequenceModule(2, "bidirectional"),
          {x, HostTensor::filled({1, 2, 1}), HostTensor::filled({1, 2, 1}),
           HostTensor({2, 4, 1}, {0, 0, 0, 0, 0, 0, 1, 0}),
           HostTensor::filled({2, 4, 1}), HostTensor::filled({2, 4})});
  ASSERT_EQ(both.size(), 3u);
  expectNear(both[0], {1, 2, 2, 1}, {0, 0, h(rev0), h(rev1)});
  expectNear(both[1], {1, 2, 1}, {0, h(rev0)});
  expectNear(both[2], {1, 2, 1}, {0, rev0});
}

TEST_F(InferenceRecurrentTest, lstmSequenceCost) {
  auto op = llvm::cast<CostOpInterface>(
      parse(lstmSequenceModule(2, "bidirectional")));
  // 2 directions x 2 steps x batch 1 x 4 gates x hidden 1 x (input 1 + hidden
  // 1).
  EXPECT_EQ(op.getNumMACs(), 32);
  EXPECT_EQ(op.getNumFLOPs(), 2 * 32 + 2 * 2 * 1 * 1 * 13);
}

/// A forward GRUSequence over one step, input_size = hidden_size = 1.
std::string gruModule(bool linearBeforeReset) {
  std::string bias = linearBeforeReset ? "4" : "3";
  std::string text = R"(
    func.func @f(%x: tensor<1x1x1xf32>, %h: tensor<1x1x1xf32>, %w: tensor<1x3x1xf32>, %r: tensor<1x3x1xf32>, %b: tensor<1xBxf32>) -> tensor<1x1x1x1xf32> {
      %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 1 : i64LBR}
          : tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1xBxf32> -> tensor<1x1x1x1xf32>, tensor<1x1x1xf32>
      return %0#0 : tensor<1x1x1x1xf32>
    })";
  for (size_t pos; (pos = text.find("1xBx")) != std::string::npos;) {
    text.replace(pos, 4, "1x" + bias + "x");
  }
  text.replace(text.find("LBR"), 3,
               linearBeforeReset ? ", linear_before_reset" : "");
  return text;
}

TEST_F(InferenceRecurrentTest, gruGates) {
  // Gates z, r, h: W = [0.5, -0.5, 1], R = [0.25, 0.75, 2], x = 1, h = 0.5, B =
  // [0.1, 0.2, 0.3]: z = s(0.5 + 0.125 + 0.1), r = s(-0.5 + 0.375 + 0.2), h~ =
  // tanh(1 + (r * 0.5) * 2 + 0.3), H' = (1 - z) h~ + z * 0.5.
  SmallVector<HostTensor> out =
      run(gruModule(false),
          {HostTensor({1, 1, 1}, {1}), HostTensor({1, 1, 1}, {0.5f}),
           HostTensor({1, 3, 1}, {0.5f, -0.5f, 1}),
           HostTensor({1, 3, 1}, {0.25f, 0.75f, 2}),
           HostTensor({1, 3}, {0.1f, 0.2f, 0.3f})});
  ASSERT_EQ(out.size(), 2u);
  const float z = sigmoid(0.725f);
  const float r = sigmoid(0.075f);
  const float cand = std::tanh(1.0f + r * 0.5f * 2.0f + 0.3f);
  const float h = (1 - z) * cand + z * 0.5f;
  expectNear(out[0], {1, 1, 1, 1}, {h});
  expectNear(out[1], {1, 1, 1}, {h});
}

TEST_F(InferenceRecurrentTest, gruLinearBeforeReset) {
  // As above with B = [0.1, 0.2, Wb_h = 0.3, Rb_h = -0.4]:
  // h~ = tanh(1 + 0.3 + r * (0.5 * 2 - 0.4)).
  SmallVector<HostTensor> out =
      run(gruModule(true),
          {HostTensor({1, 1, 1}, {1}), HostTensor({1, 1, 1}, {0.5f}),
           HostTensor({1, 3, 1}, {0.5f, -0.5f, 1}),
           HostTensor({1, 3, 1}, {0.25f, 0.75f, 2}),
           HostTensor({1, 4}, {0.1f, 0.2f, 0.3f, -0.4f})});
  ASSERT_EQ(out.size(), 2u);
  const float z = sigmoid(0.725f);
  const float r = sigmoid(0.075f);
  const float cand = std::tanh(1.3f + r * 0.6f);
  expectNear(out[0], {1, 1, 1, 1}, {(1 - z) * cand + z * 0.5f});
}

TEST_F(InferenceRecurrentTest, actualBatchMismatch) {
  Operation *op = parse(R"(
    func.func @f(%x: tensor<?x1x1xf32>, %h: tensor<?x1x1xf32>, %w: tensor<1x3x1xf32>, %r: tensor<1x3x1xf32>, %b: tensor<1x3xf32>) -> tensor<?x1x1x1xf32> {
      %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 1 : i64}
          : tensor<?x1x1xf32>, tensor<?x1x1xf32>, tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1x3xf32> -> tensor<?x1x1x1xf32>, tensor<?x1x1xf32>
      return %0#0 : tensor<?x1x1x1xf32>
    })");
  ASSERT_NE(op, nullptr);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  SmallVector<HostTensor> outputs;
  EXPECT_TRUE(failed(llvm::cast<InferenceOpInterface>(op).inferOnCPU(
      {HostTensor::filled({2, 1, 1}), HostTensor::filled({3, 1, 1}),
       HostTensor::filled({1, 3, 1}), HostTensor::filled({1, 3, 1}),
       HostTensor::filled({1, 3})},
      outputs)));
  EXPECT_EQ(
      message,
      "'IE.GRUSequence' op expects initial_hidden_state of shape [batch_size, "
      "num_directions, hidden_size] = [2, 1, 1], got [3, 1, 1]");
}

} // namespace
} // namespace mlir::vpuc::IE
