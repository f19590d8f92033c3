//===- InferenceMiscTest.cpp - Tests of the IEOpsMisc.td kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Parses one IE op (local normalisations, Einsum, CTCGreedyDecoder, RegionYolo,
// ReorgYolo, ROIAlign, MaxROIPool) from text, runs inferOnCPU on small buffers
// and checks the values against results worked out by hand (the derivation is
// in the comments); also checks costs and the errors of inference on actual
// shapes that contradict the op.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <limits>
#include <numeric>
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

class InferenceMiscTest : public ::testing::Test {
protected:
  InferenceMiscTest() { context.loadDialect<IEDialect, func::FuncDialect>(); }

  /// Parses `text` (a module) and returns its first op implementing
  /// InferenceOpInterface.
  Operation *parse(llvm::StringRef text) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module) {
      return nullptr;
    }
    Operation *found = nullptr;
    module->walk([&](InferenceOpInterface op) {
      if (!found) {
        found = op;
      }
    });
    EXPECT_NE(found, nullptr);
    return found;
  }

  /// Parses `text` and runs its op on `inputs`, expecting success.
  SmallVector<HostTensor> runAll(llvm::StringRef text,
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

  /// Runs a single-result op and returns its output.
  HostTensor run(llvm::StringRef text, ArrayRef<HostTensor> inputs) {
    SmallVector<HostTensor> outputs = runAll(text, inputs);
    return outputs.empty() ? HostTensor() : outputs.front();
  }

  /// Parses `text`, runs its op on `inputs` expecting failure, and returns the
  /// message.
  std::string runError(llvm::StringRef text, ArrayRef<HostTensor> inputs) {
    Operation *op = parse(text);
    if (!op) {
      return "";
    }
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    SmallVector<HostTensor> outputs;
    EXPECT_TRUE(failed(
        llvm::cast<InferenceOpInterface>(op).inferOnCPU(inputs, outputs)));
    return message;
  }

  static void expectNear(const HostTensor &actual, ArrayRef<int64_t> shape,
                         const std::vector<float> &expected,
                         float tolerance = 1e-5f) {
    ASSERT_EQ(ArrayRef<int64_t>(actual.shape), shape);
    ASSERT_EQ(actual.data.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      EXPECT_NEAR(actual.data[i], expected[i],
                  tolerance * std::max(1.0f, std::fabs(expected[i])))
          << "at " << i;
    }
  }

  /// The cost of the op of `text`.
  std::pair<std::optional<int64_t>, std::optional<int64_t>>
  cost(llvm::StringRef text) {
    auto op = llvm::cast<CostOpInterface>(parse(text));
    return {op.getNumMACs(), op.getNumFLOPs()};
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

/// A tensor of `shape` holding 0, 1, 2, ...
HostTensor iota(ArrayRef<int64_t> shape) {
  HostTensor tensor = HostTensor::filled(shape);
  std::iota(tensor.data.begin(), tensor.data.end(), 0.0f);
  return tensor;
}

//===----------------------------------------------------------------------===//
// LRN, NormalizeL2, GRN
//===----------------------------------------------------------------------===//

TEST_F(InferenceMiscTest, lrnOddSize) {
  // size 3: channels [c - 1, c + 1]; alpha / size = 1, beta = 1, bias = 1.
  // c0: 1 / (1 + 1 + 4) = 1/6; c1: 2 / (1 + 1 + 4 + 9) = 2/15; c2: 3 / (1 + 4 +
  // 9) = 3/14.
  HostTensor out = run(R"(
    func.func @f(%x: tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32> {
      %0 = IE.LRN(%x) {alpha = 3.0 : f64, beta = 1.0 : f64, bias = 1.0 : f64, size = 3 : i64} : tensor<1x3x1x1xf32> -> tensor<1x3x1x1xf32>
      return %0 : tensor<1x3x1x1xf32>
    })",
                       {HostTensor({1, 3, 1, 1}, {1, 2, 3})});
  expectNear(out, {1, 3, 1, 1}, {1.0f / 6, 2.0f / 15, 3.0f / 14});
}

TEST_F(InferenceMiscTest, lrnEvenSizeLooksAhead) {
  // size 2: channels [c - floor(1/2), c + ceil(1/2)] = [c, c + 1] (ONNX); alpha
  // / size = 1, beta = 0.5, bias = 1. Two positions per channel (inner = 2): x
  // = [[1, 0], [2, 1], [3, 2]]. position 0: c0 1/sqrt(1+1+4) c1 2/sqrt(1+4+9)
  // c2 3/sqrt(1+9) position 1: c0 0/..., c1 1/sqrt(1+1+4) c2 2/sqrt(1+4)
  HostTensor out = run(R"(
    func.func @f(%x: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
      %0 = IE.LRN(%x) {alpha = 2.0 : f64, beta = 0.5 : f64, bias = 1.0 : f64, size = 2 : i64} : tensor<1x3x2xf32> -> tensor<1x3x2xf32>
      return %0 : tensor<1x3x2xf32>
    })",
                       {HostTensor({1, 3, 2}, {1, 0, 2, 1, 3, 2})});
  expectNear(out, {1, 3, 2},
             {1 / std::sqrt(6.0f), 0.0f, 2 / std::sqrt(14.0f),
              1 / std::sqrt(6.0f), 3 / std::sqrt(10.0f), 2 / std::sqrt(5.0f)});
  auto [macs, flops] = cost(R"(
    func.func @f(%x: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
      %0 = IE.LRN(%x) {alpha = 2.0 : f64, beta = 0.5 : f64, bias = 1.0 : f64, size = 2 : i64} : tensor<1x3x2xf32> -> tensor<1x3x2xf32>
      return %0 : tensor<1x3x2xf32>
    })");
  EXPECT_EQ(macs, 0);
  EXPECT_EQ(flops, 6 * (2 * 2 + 4));
}

TEST_F(InferenceMiscTest, normalizeL2EpsModes) {
  // Rows [3, 4] (norm 5) and [0, 0]. max mode, eps 1: [0.6, 0.8], [0, 0].
  const char *maxText = R"(
    func.func @f(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %0 = IE.NormalizeL2(%x) {axes = array<i64: 1>, eps = 1.0 : f64, eps_mode = #IE.eps_mode<max>} : tensor<2x2xf32> -> tensor<2x2xf32>
      return %0 : tensor<2x2xf32>
    })";
  HostTensor x({2, 2}, {3, 4, 0, 0});
  expectNear(run(maxText, {x}), {2, 2}, {0.6f, 0.8f, 0.0f, 0.0f});
  // add mode, eps 11: sqrt(25 + 11) = 6 and sqrt(11).
  const char *addText = R"(
    func.func @f(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %0 = IE.NormalizeL2(%x) {axes = array<i64: -1>, eps = 11.0 : f64, eps_mode = #IE.eps_mode<add>} : tensor<2x2xf32> -> tensor<2x2xf32>
      return %0 : tensor<2x2xf32>
    })";
  expectNear(run(addText, {x}), {2, 2}, {0.5f, 4.0f / 6.0f, 0.0f, 0.0f});
  auto [macs, flops] = cost(addText);
  EXPECT_EQ(macs, 0);
  EXPECT_EQ(flops, 12);
}

TEST_F(InferenceMiscTest, normalizeL2OverSeveralAxes) {
  // [2, 2, 2] = 0..7 over axes {0, 2}: for dim 1 = 0 the elements 0, 1, 4, 5
  // (norm sqrt(42)), for dim 1 = 1 the elements 2, 3, 6, 7 (norm sqrt(98) = 7
  // sqrt(2)).
  HostTensor out = run(R"(
    func.func @f(%x: tensor<2x2x2xf32>) -> tensor<2x2x2xf32> {
      %0 = IE.NormalizeL2(%x) {axes = array<i64: 2, 0>, eps = 0.0 : f64, eps_mode = #IE.eps_mode<add>} : tensor<2x2x2xf32> -> tensor<2x2x2xf32>
      return %0 : tensor<2x2x2xf32>
    })",
                       {iota({2, 2, 2})});
  const float a = std::sqrt(42.0f);
  const float b = std::sqrt(98.0f);
  expectNear(out, {2, 2, 2},
             {0 / a, 1 / a, 2 / b, 3 / b, 4 / a, 5 / a, 6 / b, 7 / b});
}

TEST_F(InferenceMiscTest, normalizeL2ZeroWithoutEpsIsNaN) {
  HostTensor out = run(R"(
    func.func @f(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {
      %0 = IE.NormalizeL2(%x) {axes = array<i64: 1>, eps = 0.0 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x2xf32> -> tensor<1x2xf32>
      return %0 : tensor<1x2xf32>
    })",
                       {HostTensor({1, 2}, {0, 0})});
  ASSERT_EQ(out.data.size(), 2u);
  EXPECT_TRUE(std::isnan(out.data[0]));
  EXPECT_TRUE(std::isnan(out.data[1]));
}

TEST_F(InferenceMiscTest, grn) {
  // [1, 2, 2]: channel 0 = [3, 0], channel 1 = [4, 1]. bias 0: norms 5 and 1;
  // bias 11: norms 6 and sqrt(12). The f16 result rounds 0.6 to 0.60009765625.
  HostTensor x({1, 2, 2}, {3, 0, 4, 1});
  expectNear(run(R"(
    func.func @f(%x: tensor<1x2x2xf32>) -> tensor<1x2x2xf32> {
      %0 = IE.GRN(%x) {bias = 0.0 : f64} : tensor<1x2x2xf32> -> tensor<1x2x2xf32>
      return %0 : tensor<1x2x2xf32>
    })",
                 {x}),
             {1, 2, 2}, {0.6f, 0.0f, 0.8f, 1.0f});
  const float s = std::sqrt(12.0f);
  expectNear(run(R"(
    func.func @f(%x: tensor<1x2x2xf32>) -> tensor<1x2x2xf32> {
      %0 = IE.GRN(%x) {bias = 11.0 : f64} : tensor<1x2x2xf32> -> tensor<1x2x2xf32>
      return %0 : tensor<1x2x2xf32>
    })",
                 {x}),
             {1, 2, 2}, {0.5f, 0.0f, 4.0f / 6.0f, 1.0f / s});
  HostTensor half = run(R"(
    func.func @f(%x: tensor<1x2x2xf16>) -> tensor<1x2x2xf16> {
      %0 = IE.GRN(%x) {bias = 0.0 : f64} : tensor<1x2x2xf16> -> tensor<1x2x2xf16>
      return %0 : tensor<1x2x2xf16>
    })",
                        {x});
  ASSERT_EQ(half.data.size(), 4u);
  EXPECT_EQ(half.data[0], 0.60009765625f);
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

/// A module with one Einsum of `equation` from inputs of `types` to `result`.
std::string einsumModule(llvm::StringRef equation,
                         llvm::ArrayRef<std::string> types,
                         llvm::StringRef result) {
  std::string args;
  std::string operands;
  std::string typeList;
  for (size_t i = 0; i < types.size(); ++i) {
    args += (i ? ", %a" : "%a") + std::to_string(i) + ": " + types[i];
    operands += (i ? ", %a" : "%a") + std::to_string(i);
    typeList += (i ? ", " : "") + types[i];
  }
  return "func.func @f(" + args + ") -> " + result.str() +
         " {\n  %0 = IE.Einsum \"" + equation.str() + "\" (" + operands +
         ") : " + typeList + " -> " + result.str() +
         "\n  return %0 : " + result.str() + "\n}";
}

TEST_F(InferenceMiscTest, einsumMatrixProducts) {
  // A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]].
  HostTensor a({2, 2}, {1, 2, 3, 4});
  HostTensor b({2, 2}, {5, 6, 7, 8});
  std::string t = "tensor<2x2xf32>";
  // A B = [[19, 22], [43, 50]].
  expectNear(run(einsumModule("ij,jk->ik", {t, t}, t), {a, b}), {2, 2},
             {19, 22, 43, 50});
  // Implicit output "ik".
  expectNear(run(einsumModule("ij,jk", {t, t}, t), {a, b}), {2, 2},
             {19, 22, 43, 50});
  // A B^T = [[1*5 + 2*6, 1*7 + 2*8], [3*5 + 4*6, 3*7 + 4*8]].
  expectNear(run(einsumModule("ij,kj->ik", {t, t}, t), {a, b}), {2, 2},
             {17, 23, 39, 53});
  // A^T B = [[1*5 + 3*7, 1*6 + 3*8], [2*5 + 4*7, 2*6 + 4*8]].
  expectNear(run(einsumModule("ji,jk->ik", {t, t}, t), {a, b}), {2, 2},
             {26, 30, 38, 44});
  // (A B)^T.
  expectNear(run(einsumModule("ij,jk->ki", {t, t}, t), {a, b}), {2, 2},
             {19, 43, 22, 50});
  auto [macs, flops] = cost(einsumModule("ij,jk->ik", {t, t}, t));
  EXPECT_EQ(macs, 8);
  EXPECT_EQ(flops, 16);
}

TEST_F(InferenceMiscTest, einsumBatchedMatMul) {
  // Batch 0: A0 = [[1, 2]], B0 = [[1], [1]] -> 3; batch 1: A1 = [[3, 4]], B1 =
  // [[2], [-1]]
  // -> 2. Shapes [2, 1, 2] x [2, 2, 1] -> [2, 1, 1].
  HostTensor out = run(einsumModule("bij,bjk->bik",
                                    {"tensor<2x1x2xf32>", "tensor<2x2x1xf32>"},
                                    "tensor<2x1x1xf32>"),
                       {HostTensor({2, 1, 2}, {1, 2, 3, 4}),
                        HostTensor({2, 2, 1}, {1, 1, 2, -1})});
  expectNear(out, {2, 1, 1}, {3, 2});
}

TEST_F(InferenceMiscTest, einsumVectors) {
  HostTensor u({3}, {1, 2, 3});
  HostTensor v({3}, {4, 5, 6});
  std::string t = "tensor<3xf32>";
  // Inner product 4 + 10 + 18.
  expectNear(run(einsumModule("i,i->", {t, t}, "tensor<f32>"), {u, v}), {},
             {32});
  // Outer product u v^T.
  HostTensor outer =
      run(einsumModule("i,j->ij", {t, "tensor<2xf32>"}, "tensor<3x2xf32>"),
          {u, HostTensor({2}, {1, -1})});
  expectNear(outer, {3, 2}, {1, -1, 2, -2, 3, -3});
  // Matrix-vector: [[1, 2, 3], [4, 5, 6]] x [1, 0, -1] = [-2, -2].
  expectNear(
      run(einsumModule("ij,j->i", {"tensor<2x3xf32>", t}, "tensor<2xf32>"),
          {iota({2, 3}), HostTensor({3}, {1, 0, -1})}),
      {2}, {-2, -2});
  // A label of one input that is summed away: "ij,k->k" is sum(A) * b[k];
  // sum(0..5) = 15.
  expectNear(run(einsumModule("ij,k->k", {"tensor<2x3xf32>", "tensor<2xf32>"},
                              "tensor<2xf32>"),
                 {iota({2, 3}), HostTensor({2}, {1, 2})}),
             {2}, {15, 30});
}

TEST_F(InferenceMiscTest, einsumSingleInput) {
  // x = [[0, 1, 2], [3, 4, 5]].
  HostTensor x = iota({2, 3});
  std::string t = "tensor<2x3xf32>";
  expectNear(run(einsumModule("ij->ji", {t}, "tensor<3x2xf32>"), {x}), {3, 2},
             {0, 3, 1, 4, 2, 5});
  expectNear(run(einsumModule("ij->i", {t}, "tensor<2xf32>"), {x}), {2},
             {3, 12});
  expectNear(run(einsumModule("ij->j", {t}, "tensor<3xf32>"), {x}), {3},
             {3, 5, 7});
  expectNear(run(einsumModule("ij->", {t}, "tensor<f32>"), {x}), {}, {15});
  auto [macs, flops] = cost(einsumModule("ij->i", {t}, "tensor<2xf32>"));
  EXPECT_EQ(macs, 0);
  EXPECT_EQ(flops, 6);
  auto [tmacs, tflops] = cost(einsumModule("ij->ji", {t}, "tensor<3x2xf32>"));
  EXPECT_EQ(tmacs, 0);
  EXPECT_EQ(tflops, 0);
}

TEST_F(InferenceMiscTest, einsumActualExtentMismatch) {
  std::string message =
      runError(einsumModule("ij,jk->ik", {"tensor<2x?xf32>", "tensor<?x2xf32>"},
                            "tensor<2x2xf32>"),
               {iota({2, 3}), iota({4, 2})});
  EXPECT_EQ(message, "'IE.Einsum' op equation 'ij,jk->ik': label 'j' has "
                     "extent 3 in input #0 but 4 "
                     "in input #1");
}

//===----------------------------------------------------------------------===//
// CTCGreedyDecoder
//===----------------------------------------------------------------------===//

/// Scores [T = 5, N = 2, C = 3] (class 2 is the blank) whose best classes are
/// n = 0: 0, 0, 2, 0, 1 and n = 1: 1, 1, 1, 0 (a tie of 0 and 1: the first
/// wins), 0.
HostTensor ctcScores() {
  const int best[5][2] = {{0, 1}, {0, 1}, {2, 1}, {0, -1}, {1, 0}};
  HostTensor scores = HostTensor::filled({5, 2, 3}, 0.1f);
  for (int t = 0; t < 5; ++t) {
    for (int n = 0; n < 2; ++n) {
      float *row = scores.data.data() + (t * 2 + n) * 3;
      if (best[t][n] < 0) {
        row[0] = row[1] = 0.7f;
      } else {
        row[best[t][n]] = 0.8f;
      }
    }
  }
  return scores;
}

const char *kCtcText = R"(
  func.func @f(%d: tensor<5x2x3xf32>, %m: tensor<5x2xf32>) -> tensor<2x5x1x1xf32> {
    %0 = IE.CTCGreedyDecoder(%d, %m) : tensor<5x2x3xf32>, tensor<5x2xf32> -> tensor<2x5x1x1xf32>
    return %0 : tensor<2x5x1x1xf32>
  })";

TEST_F(InferenceMiscTest, ctcGreedyDecoderMergesRepeats) {
  // Sequence 0 lasts 5 steps: 0, (0 repeated), blank, 0 (a blank separates
  // repeats), 1. Sequence 1 lasts 4 steps (mask 1, 1, 1, 1, 0): 1, (1), (1), 0.
  HostTensor mask({5, 2}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 0});
  expectNear(run(kCtcText, {ctcScores(), mask}), {2, 5, 1, 1},
             {0, 0, 1, -1, -1, 1, 0, -1, -1, -1});
  auto [macs, flops] = cost(kCtcText);
  EXPECT_EQ(macs, 0);
  EXPECT_EQ(flops, 30);
}

TEST_F(InferenceMiscTest, ctcGreedyDecoderWithoutMerging) {
  // The mask ends sequence 1 after 2 steps; a later 1 in the mask is ignored.
  HostTensor mask({5, 2}, {1, 1, 1, 1, 1, 0, 1, 1, 1, 1});
  std::string text = kCtcText;
  text.replace(text.find(" : tensor<5x2x3xf32>, tensor<5x2xf32> ->"), 0,
               " {merge_repeated = false}");
  expectNear(run(text, {ctcScores(), mask}), {2, 5, 1, 1},
             {0, 0, 0, 1, -1, 1, 1, -1, -1, -1});
}

//===----------------------------------------------------------------------===//
// RegionYolo
//===----------------------------------------------------------------------===//

TEST_F(InferenceMiscTest, regionYoloV3) {
  // One region (mask [1] of num 2), coords 4, classes 1: 6 planes of H x W = 1
  // x 1, batch 2. sigmoid on x, y, objectness and the class; w, h unchanged.
  // sigmoid(0) = 0.5, sigmoid(ln 3) = 0.75, sigmoid(-ln 3) = 0.25.
  const float ln3 = std::log(3.0f);
  HostTensor x({2, 6, 1, 1}, {0, ln3, 1, 2, 0, -ln3, ln3, 0, -1, -2, -ln3, 0});
  HostTensor out = run(R"(
    func.func @f(%x: tensor<2x6x1x1xf32>) -> tensor<2x6x1x1xf32> {
      %0 = IE.RegionYolo(%x) {classes = 1 : i64, coords = 4 : i64, mask = array<i64: 1>, num = 2 : i64} : tensor<2x6x1x1xf32> -> tensor<2x6x1x1xf32>
      return %0 : tensor<2x6x1x1xf32>
    })",
                       {x});
  expectNear(
      out, {2, 6, 1, 1},
      {0.5f, 0.75f, 1, 2, 0.5f, 0.25f, 0.75f, 0.5f, -1, -2, 0.25f, 0.5f});
}

TEST_F(InferenceMiscTest, regionYoloV2Softmax) {
  // num 1, coords 4, classes 2: 7 planes of H x W = 1 x 2, flattened to [1,
  // 14]. x, y and objectness through a sigmoid; the classes through a softmax
  // per position: position 0 scores (0, ln 3) -> (1/4, 3/4), position 1 (ln 2,
  // 0) -> (2/3, 1/3).
  const float ln2 = std::log(2.0f);
  const float ln3 = std::log(3.0f);
  HostTensor x({1, 7, 1, 2},
               {0, 0, ln3, -ln3, 5, 6, 7, 8, 0, ln3, 0, ln2, ln3, 0});
  HostTensor out = run(R"(
    func.func @f(%x: tensor<1x7x1x2xf32>) -> tensor<1x14xf32> {
      %0 = IE.RegionYolo(%x) {classes = 2 : i64, coords = 4 : i64, do_softmax, num = 1 : i64} : tensor<1x7x1x2xf32> -> tensor<1x14xf32>
      return %0 : tensor<1x14xf32>
    })",
                       {x});
  expectNear(out, {1, 14},
             {0.5f, 0.5f, 0.75f, 0.25f, 5, 6, 7, 8, 0.5f, 0.75f, 0.25f,
              2.0f / 3, 0.75f, 1.0f / 3});
}

TEST_F(InferenceMiscTest, regionYoloActualChannelsMismatch) {
  std::string message = runError(R"(
    func.func @f(%x: tensor<1x?x1x1xf32>) -> tensor<1x6x1x1xf32> {
      %0 = IE.RegionYolo(%x) {classes = 1 : i64, coords = 4 : i64, mask = array<i64: 0>, num = 1 : i64} : tensor<1x?x1x1xf32> -> tensor<1x6x1x1xf32>
      return %0 : tensor<1x6x1x1xf32>
    })",
                                 {iota({1, 7, 1, 1})});
  EXPECT_EQ(
      message,
      "'IE.RegionYolo' op expects input channels = regions * (coords + 1 + "
      "classes) = 1 * 6 = 6, got 7");
}

//===----------------------------------------------------------------------===//
// ReorgYolo
//===----------------------------------------------------------------------===//

TEST_F(InferenceMiscTest, reorgYolo) {
  // [1, 4, 2, 2] = 0..15, stride 2, C' = 1: the input is read as [1, 1, 4, 4];
  // output (c, h, w) of the [1, 4, 2, 2] view is in'[0, 2h + c / 2, 2w + c %
  // 2]: c0: 0 2 8 10, c1: 1 3 9 11, c2: 4 6 12 14, c3: 5 7 13 15.
  HostTensor out = run(R"(
    func.func @f(%x: tensor<1x4x2x2xf32>) -> tensor<1x16x1x1xf32> {
      %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x4x2x2xf32> -> tensor<1x16x1x1xf32>
      return %0 : tensor<1x16x1x1xf32>
    })",
                       {iota({1, 4, 2, 2})});
  expectNear(out, {1, 16, 1, 1},
             {0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15});
}

TEST_F(InferenceMiscTest, reorgYoloTwoImplChannels) {
  // [1, 8, 2, 2] = 0..31 (si32), stride 2, C' = 2: the input is read as [1, 2,
  // 4, 4]; output (c, h, w) is in'[c % 2, 2h + (c / 2) / 2, 2w + (c / 2) % 2],
  // i.e. element 16 (c % 2) + 4 (2h + c / 4) + 2w + (c / 2) % 2.
  HostTensor out = run(R"(
    func.func @f(%x: tensor<1x8x2x2xsi32>) -> tensor<1x32x1x1xsi32> {
      %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x8x2x2xsi32> -> tensor<1x32x1x1xsi32>
      return %0 : tensor<1x32x1x1xsi32>
    })",
                       {iota({1, 8, 2, 2})});
  expectNear(out, {1, 32, 1, 1},
             {0, 2, 8,  10, 16, 18, 24, 26, 1, 3, 9,  11, 17, 19, 25, 27,
              4, 6, 12, 14, 20, 22, 28, 30, 5, 7, 13, 15, 21, 23, 29, 31});
  auto [macs, flops] = cost(R"(
    func.func @f(%x: tensor<1x8x2x2xsi32>) -> tensor<1x32x1x1xsi32> {
      %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x8x2x2xsi32> -> tensor<1x32x1x1xsi32>
      return %0 : tensor<1x32x1x1xsi32>
    })");
  EXPECT_EQ(macs, 0);
  EXPECT_EQ(flops, 0);
}

TEST_F(InferenceMiscTest, reorgYoloActualHeightMismatch) {
  std::string message = runError(R"(
    func.func @f(%x: tensor<1x4x?x2xf32>) -> tensor<1x16x?x1xf32> {
      %0 = IE.ReorgYolo(%x) {stride = 2 : i64} : tensor<1x4x?x2xf32> -> tensor<1x16x?x1xf32>
      return %0 : tensor<1x16x?x1xf32>
    })",
                                 {iota({1, 4, 3, 2})});
  EXPECT_EQ(message, "'IE.ReorgYolo' op expects input height 3 to be a "
                     "multiple of the stride 2");
}

//===----------------------------------------------------------------------===//
// ROIAlign, MaxROIPool
//===----------------------------------------------------------------------===//

// The input planes hold f(y, x) = 4y + x (+ 16 on batch 1): bilinear samples of
// a linear function are the function itself where no tap is clamped.
constexpr const char *kRoiAlign = R"(
    func.func @f(%x: tensor<2x1x4x4xf32>, %r: tensor<3x4xf32>, %b: tensor<3xi64>) -> tensor<3x1x2x2xf32> {
      %0 = IE.ROIAlign(%x, %r, %b) {MODE pooled_h = 2 : i64, pooled_w = 2 : i64} : tensor<2x1x4x4xf32>, tensor<3x4xf32>, tensor<3xi64> -> tensor<3x1x2x2xf32>
      return %0 : tensor<3x1x2x2xf32>
    })";

std::string roiAlignText(llvm::StringRef attrs) {
  std::string text = kRoiAlign;
  text.replace(text.find("MODE"), 4, attrs.str());
  return text;
}

TEST_F(InferenceMiscTest, roiAlignAverage) {
  // Region 0: (0, 0, 4, 4) on batch 0, bins 2 x 2, 2 x 2 samples each
  // (adaptive: ceil(2)). Bin (0, 0) samples y, x in {0.5, 1.5}: mean f(1, 1)
  // = 5. Bin (0, 1): x in {2.5, 3.5}, 3.5 clamped to 3: mean x 2.75, 6.75. Bin
  // (1, 0): y 2.75, 12; bin (1, 1): 13.75. Region 1: (0, 0, 2, 2) on batch 1:
  // bins of 1 pixel, one sample at the centres 0.5, 1.5: 16 + f
  // = 18.5, 19.5, 22.5, 23.5. Region 2: (1, 1, 1, 1) on batch 0: a point, made
  // 1 x 1 (output_half_ pixel): bin extent 0.5, one sample at 1.25:
  // f(1.25, 1.25) = 6.25, then 1.25/1.75 -> 6.75, 8.25, 8.75.
  HostTensor out =
      run(roiAlignText(""),
          {iota({2, 1, 4, 4}),
           HostTensor({3, 4}, {0, 0, 4, 4, 0, 0, 2, 2, 1, 1, 1, 1}),
           HostTensor({3}, {0, 1, 0})});
  expectNear(out, {3, 1, 2, 2},
             {5, 6.75f, 12, 13.75f, 18.5f, 19.5f, 22.5f, 23.5f, 6.25f, 6.75f,
              8.25f, 8.75f});
  // half_pixel shifts the scaled corners by -0.5: region (0.5, 0.5, 2.5, 2.5)
  // is (0, 0, 2, 2): as region 1 above, on batch 0.
  HostTensor shifted =
      run(roiAlignText("half_pixel, sampling_ratio = 1 : i64,"),
          {iota({2, 1, 4, 4}),
           HostTensor({3, 4}, {0.5f, 0.5f, 2.5f, 2.5f, 0.5f, 0.5f, 2.5f, 2.5f,
                               0.5f, 0.5f, 2.5f, 2.5f}),
           HostTensor({3}, {0, 1, 0})});
  expectNear(shifted, {3, 1, 2, 2},
             {2.5f, 3.5f, 6.5f, 7.5f, 18.5f, 19.5f, 22.5f, 23.5f, 2.5f, 3.5f,
              6.5f, 7.5f});
}

TEST_F(InferenceMiscTest, roiAlignMaxTakesTheLargestWeightedTap) {
  // Region (0, 0, 2, 2) with 2 x 2 samples per 1-pixel bin at spatial_scale
  // 2 of (0, 0, 1, 1): bin (0, 0) samples at 0.25 and 0.75. Sample (0.75,
  // 0.75): taps f = 0, 1, 4, 5 with weights 1/16, 3/16, 3/16, 9/16: the largest
  // term is 45/16. (The largest interpolated sample, f(0.75, 0.75) = 3.75, is
  // not what ONNX max mode computes.)
  HostTensor out =
      run(roiAlignText("mode = #IE.roi_align_mode<max>, sampling_ratio = 2 : "
                       "i64, spatial_scale = 2.0 : f64,"),
          {iota({2, 1, 4, 4}),
           HostTensor({3, 4}, {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1}),
           HostTensor({3}, {0, 0, 0})});
  ASSERT_EQ(out.data.size(), 12u);
  EXPECT_NEAR(out.data[0], 45.0f / 16, 1e-5f);
}

TEST_F(InferenceMiscTest, roiAlignBatchIndexOutOfRange) {
  std::string message = runError(
      roiAlignText(""),
      {iota({2, 1, 4, 4}), HostTensor({3, 4}, std::vector<float>(12, 1.0f)),
       HostTensor({3}, {0, 2, 0})});
  EXPECT_EQ(message, "'IE.ROIAlign' op region 1 has batch index 2, outside "
                     "[0, 2)");
}

TEST_F(InferenceMiscTest, maxRoiPool) {
  // f(y, x) = 4y + x. Region 0: (0, 0, 2, 2) * 0.5 = (0, 0, 1, 1) -> 2 x 2
  // pixels, bins
  // of 1: f = 0, 1, 4, 5. Region 1: (2, 2, 5, 5) * 0.5 rounds half away from
  // zero to (1, 1, 3, 3): 3 pixels per dim, bins [floor(0), ceil(1.5)) = [0, 2)
  // and [1, 3) from 1: rows/columns {1, 2} and {2, 3}: max f = 10, 11, 14, 15.
  const char *text = R"(
    func.func @f(%x: tensor<1x1x4x4xf32>, %r: tensor<2x5xf32>) -> tensor<2x1x2x2xf32> {
      %0 = IE.MaxROIPool(%x, %r) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = SCALE : f64} : tensor<1x1x4x4xf32>, tensor<2x5xf32> -> tensor<2x1x2x2xf32>
      return %0 : tensor<2x1x2x2xf32>
    })";
  std::string half = text;
  half.replace(half.find("SCALE"), 5, "0.5");
  HostTensor out =
      run(half, {iota({1, 1, 4, 4}),
                 HostTensor({2, 5}, {0, 0, 0, 2, 2, 0, 2, 2, 5, 5})});
  expectNear(out, {2, 1, 2, 2}, {0, 1, 4, 5, 10, 11, 14, 15});
  std::string message =
      runError(half, {iota({1, 1, 4, 4}),
                      HostTensor({2, 5}, {0, 0, 0, 2, 2, -1, 2, 2, 5, 5})});
  EXPECT_EQ(message, "'IE.MaxROIPool' op region 1 has batch index -1, "
                     "outside [0, 1)");
}

} // namespace
} // namespace mlir::vpuc::IE
