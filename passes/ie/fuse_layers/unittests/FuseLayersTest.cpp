//===- FuseLayersTest.cpp - Tests of vpuc-ie-fuse-layers --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs small IE functions with pseudo-random constants through the host
// inference kernels before and after vpuc-ie-fuse-layers and checks that the
// fused function computes the same values up to float rounding, that the
// expected ops were fused away, and (for BatchNorm into a convolution) the
// folded filter and bias constants against values computed here.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/interpreter/HostConstant.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "passes/ie/fuse_layers/FuseLayers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class FuseLayersTest : public ::testing::Test {
protected:
  FuseLayersTest() {
    DialectRegistry registry;
    registerIEDialect(registry);
    Const::registerConstDialect(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// `count` deterministic pseudo-random values in [lo, hi], as a dense literal
  /// body.
  std::string values(int64_t count, double lo, double hi) {
    std::string text = "[";
    for (int64_t i = 0; i < count; ++i) {
      seed = seed * 1664525u + 1013904223u;
      double unit =
          static_cast<double>(seed >> 8) / static_cast<double>(1u << 24);
      text +=
          llvm::formatv("{0}{1:e}", i ? ", " : "", lo + (hi - lo) * unit).str();
    }
    return text + "]";
  }

  /// A const.Declare `%name` of tensor<shape x elem> holding the `count` values
  /// of `body`, reshaped from 1-D; `shape` is written "4x3x3x3".
  static std::string constant(StringRef name, StringRef shape, int64_t count,
                              StringRef elem, const std::string &body) {
    std::string dims = shape.str();
    std::replace(dims.begin(), dims.end(), 'x', ',');
    return llvm::formatv("  %{0} = const.Declare tensor<{1}x{2}> = "
                         "#const.Content<dense<{3}> "
                         ": tensor<{4}x{2}>, [#const.Reshape<[{5}]>]>\n",
                         name, shape, elem, body, count, dims)
        .str();
  }

  OwningOpRef<ModuleOp> parse(const std::string &source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << source;
    return module;
  }

  /// Runs the function `main` of `module` on `inputs` through the host kernels.
  static std::vector<HostTensor> run(ModuleOp module,
                                     ArrayRef<HostTensor> inputs) {
    auto func = module.lookupSymbol<func::FuncOp>("main");
    EXPECT_TRUE(func);
    llvm::DenseMap<Value, HostTensor> values;
    for (auto [arg, input] : llvm::zip_equal(func.getArguments(), inputs)) {
      values[arg] = input;
    }
    std::vector<HostTensor> results;
    for (Operation &op : func.getBody().front()) {
      if (auto declare = llvm::dyn_cast<Const::DeclareOp>(op)) {
        FailureOr<HostTensor> tensor = readHostConstant(declare);
        EXPECT_TRUE(succeeded(tensor));
        values[declare.getResult()] = *tensor;
      } else if (auto ret = llvm::dyn_cast<func::ReturnOp>(op)) {
        for (Value operand : ret.getOperands()) {
          results.push_back(values[operand]);
        }
      } else {
        auto iface = llvm::dyn_cast<InferenceOpInterface>(op);
        EXPECT_TRUE(iface) << op.getName().getStringRef().str();
        SmallVector<HostTensor> operands, outputs;
        for (Value operand : op.getOperands()) {
          operands.push_back(values[operand]);
        }
        EXPECT_TRUE(succeeded(iface.inferOnCPU(operands, outputs)));
        for (auto [result, output] :
             llvm::zip_equal(op.getResults(), outputs)) {
          values[result] = output;
        }
      }
    }
    return results;
  }

  /// Runs the pass (all fusions) on `module`.
  void fuse(ModuleOp module) {
    PassManager pm(&context);
    pm.addPass(createFuseLayersPass());
    ASSERT_TRUE(succeeded(pm.run(module)));
  }

  /// The number of ops named `name` in `module`.
  static int count(ModuleOp module, StringRef name) {
    int n = 0;
    module.walk([&](Operation *op) {
      n += op->getName().getStringRef() == name ? 1 : 0;
    });
    return n;
  }

  /// A host tensor of `shape` with pseudo-random values in [-1, 1].
  HostTensor input(ArrayRef<int64_t> shape) {
    HostTensor tensor = HostTensor::filled(shape);
    for (float &v : tensor.data) {
      seed = seed * 1664525u + 1013904223u;
      v = static_cast<float>(seed >> 8) / static_cast<float>(1u << 24) * 2.0f -
          1.0f;
    }
    return tensor;
  }

  /// Runs `source`'s `main` on `inputs` before and after fusion and compares
  /// the results with a relative tolerance; returns the fused module.
  OwningOpRef<ModuleOp> checkSameResults(const std::string &source,
                                         ArrayRef<HostTensor> inputs,
                                         float tolerance) {
    OwningOpRef<ModuleOp> module = parse(source);
    std::vector<HostTensor> before = run(*module, inputs);
    fuse(*module);
    std::vector<HostTensor> after = run(*module, inputs);
    EXPECT_EQ(before.size(), after.size());
    for (size_t r = 0; r < before.size() && r < after.size(); ++r) {
      EXPECT_EQ(before[r].shape, after[r].shape);
      for (size_t i = 0; i < before[r].data.size(); ++i) {
        const float expected = before[r].data[i];
        EXPECT_NEAR(after[r].data[i], expected,
                    tolerance * std::max(1.0f, std::fabs(expected)))
            << "result " << r << " at " << i;
      }
    }
    return module;
  }

  MLIRContext context;
  uint32_t seed = 2024;
};

// A grouped, strided Deconvolution (filter [C_in, C_out / groups, KY, KX])
// with a bias: the fused layer computes what Deconvolution + BatchNorm did,
// each through the host kernels.
TEST_F(FuseLayersTest, batchNormIntoGroupDeconvolution) {
  std::string source =
      "func.func @main(%x: tensor<1x4x3x3xf32>) -> tensor<1x6x7x7xf32> {\n" +
      constant("w", "4x3x3x3", 108, "f32", values(108, -1.0, 1.0)) +
      constant("b", "6", 6, "f32", values(6, 20.0, 60.0)) +
      constant("g", "6", 6, "f32", values(6, 0.5, 2.0)) +
      constant("be", "6", 6, "f32", values(6, -1.0, 1.0)) +
      constant("m", "6", 6, "f32", values(6, 20.0, 60.0)) +
      constant("v", "6", 6, "f32", values(6, 0.1, 3.0)) +
      "  %0 = IE.Deconvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, "
      "groups = 2 : i64, output_padding = array<i64: 0, 0>, pads_begin = "
      "array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 3, "
      "3>} : tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32> -> "
      "tensor<1x6x7x7xf32>\n"
      "  %1 = IE.BatchNormInference(%0, %g, %be, %m, %v) {epsilon = 1.0e-5 : "
      "f64} : tensor<1x6x7x7xf32>, tensor<6xf32>, tensor<6xf32>, "
      "tensor<6xf32>, tensor<6xf32> -> tensor<1x6x7x7xf32>\n"
      "  return %1 : tensor<1x6x7x7xf32>\n}\n";
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({1, 4, 3, 3})}, 1e-4f);
  EXPECT_EQ(count(*fused, "IE.BatchNormInference"), 0);
  EXPECT_EQ(count(*fused, "IE.Deconvolution"), 1);
}

TEST_F(FuseLayersTest, batchNormIntoConvolution) {
  std::string gamma = values(4, 0.5, 2.0), beta = values(4, -1.0, 1.0);
  std::string mean = values(4, -0.5, 0.5), variance = values(4, 0.1, 3.0);
  std::string source =
      "func.func @main(%x: tensor<1x3x6x6xf32>) -> tensor<1x4x6x6xf32> {\n" +
      constant("w", "4x3x3x3", 108, "f32", values(108, -1.0, 1.0)) +
      constant("b", "4", 4, "f32", values(4, -1.0, 1.0)) +
      constant("g", "4", 4, "f32", gamma) +
      constant("be", "4", 4, "f32", beta) + constant("m", "4", 4, "f32", mean) +
      constant("v", "4", 4, "f32", variance) +
      "  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, "
      "pads_begin = "
      "array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, "
      "1>} : "
      "tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> "
      "tensor<1x4x6x6xf32>\n"
      "  %1 = IE.BatchNormInference(%0, %g, %be, %m, %v) {epsilon = 1.0e-3 : "
      "f64} : "
      "tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, "
      "tensor<4xf32> -> "
      "tensor<1x4x6x6xf32>\n"
      "  return %1 : tensor<1x4x6x6xf32>\n}\n";
  OwningOpRef<ModuleOp> original = parse(source);
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({1, 3, 6, 6})}, 1e-5f);
  EXPECT_EQ(count(*fused, "IE.BatchNormInference"), 0);
  EXPECT_EQ(count(*fused, "IE.Convolution"), 1);

  // The folded constants, against double arithmetic on the original constants.
  auto constants = [](ModuleOp module) {
    SmallVector<HostTensor> result;
    module.walk(
        [&](Const::DeclareOp op) { result.push_back(*readHostConstant(op)); });
    return result;
  };
  SmallVector<HostTensor> in = constants(*original); // w, b, g, be, m, v
  ConvolutionOp conv;
  fused->walk([&](ConvolutionOp op) { conv = op; });
  ASSERT_TRUE(conv && conv.getBias());
  HostTensor filter =
      *readHostConstant(conv.getFilter().getDefiningOp<Const::DeclareOp>());
  HostTensor bias =
      *readHostConstant(conv.getBias().getDefiningOp<Const::DeclareOp>());
  EXPECT_EQ(ArrayRef<int64_t>(bias.shape), ArrayRef<int64_t>({4}));
  for (int64_t o = 0; o < 4; ++o) {
    const double scale = static_cast<double>(in[2].data[o]) /
                         std::sqrt(static_cast<double>(in[5].data[o]) + 1.0e-3);
    for (int64_t k = 0; k < 27; ++k) {
      EXPECT_EQ(filter.data[o * 27 + k],
                static_cast<float>(static_cast<double>(in[0].data[o * 27 + k]) *
                                   scale))
          << "filter[" << o << ", " << k << "]";
    }
    // (bias - mean) * scale + beta.
    const double expected = (static_cast<double>(in[1].data[o]) -
                             static_cast<double>(in[4].data[o])) *
                                scale +
                            static_cast<double>(in[3].data[o]);
    EXPECT_EQ(bias.data[o], static_cast<float>(expected))
        << "bias[" << o << "]";
  }
}

TEST_F(FuseLayersTest, batchNormIntoGroupConvolutionWithoutBias) {
  std::string source =
      "func.func @main(%x: tensor<2x4x5x5xf32>) -> tensor<2x8x3x3xf32> {\n" +
      constant("w", "8x2x3x3", 144, "f32", values(144, -1.0, 1.0)) +
      constant("g", "8", 8, "f32", values(8, -2.0, 2.0)) +
      constant("be", "8", 8, "f32", values(8, -1.0, 1.0)) +
      constant("m", "8", 8, "f32", values(8, -0.5, 0.5)) +
      constant("v", "8", 8, "f32", values(8, 0.01, 2.0)) +
      "  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, "
      "groups = 2 : i64, "
      "pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = "
      "array<i64: 1, 1>} "
      ": tensor<2x4x5x5xf32>, tensor<8x2x3x3xf32> -> tensor<2x8x3x3xf32>\n"
      "  %1 = IE.BatchNormInference(%0, %g, %be, %m, %v) {epsilon = 1.0e-5 : "
      "f64} : "
      "tensor<2x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, "
      "tensor<8xf32> -> "
      "tensor<2x8x3x3xf32>\n"
      "  return %1 : tensor<2x8x3x3xf32>\n}\n";
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({2, 4, 5, 5})}, 1e-5f);
  EXPECT_EQ(count(*fused, "IE.BatchNormInference"), 0);
  EXPECT_EQ(count(*fused, "IE.GroupConvolution"), 1);
}

TEST_F(FuseLayersTest, batchNormToScaleShift) {
  std::string source =
      "func.func @main(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32> {\n" +
      constant("g", "3", 3, "f32", values(3, 0.5, 2.0)) +
      constant("be", "3", 3, "f32", values(3, -1.0, 1.0)) +
      constant("m", "3", 3, "f32", values(3, -0.5, 0.5)) +
      constant("v", "3", 3, "f32", values(3, 0.1, 3.0)) +
      "  %0 = IE.BatchNormInference(%x, %g, %be, %m, %v) {epsilon = 1.0e-5 : "
      "f64} : "
      "tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, "
      "tensor<3xf32> -> "
      "tensor<2x3x4x5xf32>\n"
      "  return %0 : tensor<2x3x4x5xf32>\n}\n";
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({2, 3, 4, 5})}, 1e-6f);
  EXPECT_EQ(count(*fused, "IE.ScaleShift"), 1);
}

TEST_F(FuseLayersTest, multiplyAddIsExactlyScaleShift) {
  std::string source =
      "func.func @main(%x: tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32> {\n" +
      constant("w", "4x1x1", 4, "f32", values(4, -2.0, 2.0)) +
      constant("b", "1x4x1x1", 4, "f32", values(4, -1.0, 1.0)) +
      "  %0 = IE.Multiply(%x, %w) : tensor<1x4x3x3xf32>, tensor<4x1x1xf32> -> "
      "tensor<1x4x3x3xf32>\n"
      "  %1 = IE.Add(%0, %b) : tensor<1x4x3x3xf32>, tensor<1x4x1x1xf32> -> "
      "tensor<1x4x3x3xf32>\n"
      "  return %1 : tensor<1x4x3x3xf32>\n}\n";
  // Same operations in the same order: bit-exact.
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({1, 4, 3, 3})}, 0.0f);
  EXPECT_EQ(count(*fused, "IE.ScaleShift"), 1);
  EXPECT_EQ(count(*fused, "IE.Multiply") + count(*fused, "IE.Add"), 0);
}

TEST_F(FuseLayersTest, convolutionBiasAdd) {
  std::string source =
      "func.func @main(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x3x3xf32> {\n" +
      constant("w", "3x2x3x3", 54, "f32", values(54, -1.0, 1.0)) +
      constant("b", "3x1x1", 3, "f32", values(3, -1.0, 1.0)) +
      "  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin "
      "= "
      "array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, "
      "1>} : "
      "tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>\n"
      "  %1 = IE.Add(%0, %b) : tensor<1x3x3x3xf32>, tensor<3x1x1xf32> -> "
      "tensor<1x3x3x3xf32>\n"
      "  return %1 : tensor<1x3x3x3xf32>\n}\n";
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({1, 2, 5, 5})}, 1e-6f);
  EXPECT_EQ(count(*fused, "IE.Add"), 0);
}

TEST_F(FuseLayersTest, matMulToFullyConnected) {
  std::string source =
      "func.func @main(%x: tensor<2x3x4xf32>, %y: tensor<5x4xf32>) -> "
      "(tensor<2x3x6xf32>, "
      "tensor<5x6xf32>) {\n" +
      constant("w", "4x6", 24, "f32", values(24, -1.0, 1.0)) +
      constant("t", "6x4", 24, "f32", values(24, -1.0, 1.0)) +
      "  %0 = IE.MatMul(%x, %w) : tensor<2x3x4xf32>, tensor<4x6xf32> -> "
      "tensor<2x3x6xf32>\n"
      "  %1 = IE.MatMul(%y, %t) {transpose_b} : tensor<5x4xf32>, "
      "tensor<6x4xf32> -> "
      "tensor<5x6xf32>\n"
      "  return %0, %1 : tensor<2x3x6xf32>, tensor<5x6xf32>\n}\n";
  OwningOpRef<ModuleOp> fused =
      checkSameResults(source, {input({2, 3, 4}), input({5, 4})}, 1e-6f);
  EXPECT_EQ(count(*fused, "IE.MatMul"), 0);
  EXPECT_EQ(count(*fused, "IE.FullyConnected"), 2);
}

} // namespace
} // namespace mlir::vpuc::IE
