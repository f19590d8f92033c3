//===- InterpreterEquivalenceTest.cpp - IE and VPU agree --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs networks through vpuc-convert-ie-to-vpu and checks, with the reference
// interpreter (dialects/ie/interpreter), that the VPU IR computes exactly what
// the IE IR computes: the same outputs and the same result for every layer
// (matched by layer name: the lowering keeps the locations). The networks are a
// hand-written one covering every family of patterns, and the shared models of
// tests/models imported from ONNX.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "conversions/ie_to_vpu/IEToVPU.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/interpreter/Interpreter.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "frontend/onnx/OnnxImporter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

using IE::HostTensor;

/// Deterministic values in [-1, 1).
class Values {
public:
  float next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<float>((state >> 40) & 0xFFFF) / 32768.0f - 1.0f;
  }

  /// `dense<"0x...">` of `count` f32 values.
  std::string denseHex(int64_t count) {
    std::string text = "dense<\"0x";
    llvm::raw_string_ostream os(text);
    for (int64_t i = 0; i < count; ++i) {
      float value = next();
      uint8_t bytes[4];
      std::memcpy(bytes, &value, 4);
      for (uint8_t byte : bytes) {
        os << llvm::format_hex_no_prefix(byte, 2, /*Upper=*/true);
      }
    }
    os << "\">";
    return text;
  }

private:
  uint64_t state = 42;
};

class InterpreterEquivalenceTest : public ::testing::Test {
protected:
  InterpreterEquivalenceTest()
      : handler(&context, [this](Diagnostic &diag) {
          errors += diag.str() + "\n";
          return success();
        }) {
    DialectRegistry registry;
    onnx_frontend::registerImportDialects(registry);
    registerVPUDialect(registry);
    context.appendDialectRegistry(registry);
    context.loadDialect<func::FuncDialect, IE::IEDialect, Const::ConstDialect,
                        VPUDialect>();
  }

  /// The results of every layer of one run, by layer name (names met twice are
  /// dropped).
  struct Run {
    IE::HostTensorMap outputs;
    std::map<std::string, HostTensor> layers;
    std::map<std::string, int> counts;
  };

  /// Runs the network of `module` on deterministic inputs.
  Run run(ModuleOp module) {
    Run result;
    FailureOr<IE::Interpreter> interpreter = IE::Interpreter::create(module);
    EXPECT_TRUE(succeeded(interpreter)) << errors;
    if (failed(interpreter)) {
      return result;
    }
    Values values;
    IE::HostTensorMap inputs;
    for (const IE::NetworkTensorInfo &info : interpreter->getInputs()) {
      HostTensor tensor = HostTensor::filled(info.shape);
      for (float &value : tensor.data) {
        value = values.next();
      }
      inputs.insert({info.name, std::move(tensor)});
    }
    FailureOr<IE::HostTensorMap> outputs = interpreter->run(
        inputs, [&](StringRef name, Value, const HostTensor &tensor) {
          result.layers[name.str()] = tensor;
          ++result.counts[name.str()];
          return success();
        });
    EXPECT_TRUE(succeeded(outputs)) << errors;
    if (succeeded(outputs)) {
      result.outputs = std::move(*outputs);
    }
    return result;
  }

  /// Lowers a copy of `module` to VPU and checks that both compute the same
  /// values.
  void expectSameResults(ModuleOp module) {
    OwningOpRef<ModuleOp> lowered(module.clone());
    PassManager pm(&context);
    pm.addPass(createConvertIEToVPUPass());
    ASSERT_TRUE(succeeded(pm.run(*lowered))) << errors;
    size_t vpuOps = 0;
    lowered->walk([&](Operation *op) {
      const bool kept = llvm::isa<IE::CNNNetworkOp, IE::DataInfoOp>(op);
      EXPECT_TRUE(!llvm::isa<IE::IEDialect>(op->getDialect()) || kept)
          << op->getName().getStringRef().str() << " was not lowered";
      vpuOps += llvm::isa<VPUDialect>(op->getDialect());
    });
    EXPECT_GT(vpuOps, 0u);

    Run ie = run(module);
    Run vpu = run(*lowered);
    ASSERT_EQ(ie.outputs.size(), vpu.outputs.size());
    for (const auto &[name, tensor] : ie.outputs) {
      auto it = vpu.outputs.find(name);
      ASSERT_NE(it, vpu.outputs.end()) << "output " << name;
      EXPECT_EQ(it->second.shape, tensor.shape) << "output " << name;
      EXPECT_EQ(it->second.data, tensor.data) << "output " << name;
    }
    size_t compared = 0;
    for (const auto &[name, tensor] : ie.layers) {
      if (ie.counts[name] != 1 || vpu.counts[name] != 1) {
        continue;
      }
      const HostTensor &other = vpu.layers[name];
      EXPECT_EQ(other.shape, tensor.shape) << "layer " << name;
      EXPECT_EQ(other.data, tensor.data) << "layer " << name;
      ++compared;
    }
    EXPECT_GT(compared, 0u);
  }

  MLIRContext context;
  ScopedDiagnosticHandler handler;
  std::string errors;
};

TEST_F(InterpreterEquivalenceTest, everyPatternFamily) {
  Values values;
  const std::string nhwc = "affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>";
  std::string source = R"mlir(
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f32
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x10xf32> precision f32
  IE.DataInfo "aux" : tensor<1x8xf32> precision f32
  IE.DataInfo "feat" : tensor<1x8x8x8xf32> precision f32
}
func.func @main(%x: tensor<1x3x8x8xf32>) -> (tensor<1x10xf32>, tensor<1x8xf32>, tensor<1x8x8x8xf32>) {
  %w = const.Declare tensor<8x3x3x3xf32> = #const.Content<)mlir" +
                       values.denseHex(8 * 3 * 3 * 3) +
                       R"mlir( : tensor<8x3x3x3xf32>>
  %b = const.Declare tensor<8xf32> = #const.Content<)mlir" +
                       values.denseHex(8) + R"mlir( : tensor<8xf32>>
  %dw = const.Declare tensor<8x1x3x3xf32> = #const.Content<)mlir" +
                       values.denseHex(8 * 9) + R"mlir( : tensor<8x1x3x3xf32>>
  %k = const.Declare tensor<1x8x1x1xf32> = #const.Content<)mlir" +
                       values.denseHex(8) + R"mlir( : tensor<1x8x1x1xf32>>
  %fw = const.Declare tensor<10x64xf32> = #const.Content<)mlir" +
                       values.denseHex(640) + R"mlir( : tensor<10x64xf32>>
  %fb = const.Declare tensor<10xf32> = #const.Content<)mlir" +
                       values.denseHex(10) + R"mlir( : tensor<10xf32>>
  %c = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32> -> tensor<1x8x8x8xf32> loc("conv")
  %r = IE.ReLU(%c) : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32> loc("relu")
  %p = IE.MaxPool(%r) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x8x8xf32> -> tensor<1x8x4x4xf32> loc("pool")
  %n = IE.Reorder(%p) {dstOrder = NHWC} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32, NHWC> loc("to_nhwc")
  %g = IE.GroupConvolution(%n, %dw) {dilations = array<i64: 1, 1>, groups = 8 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x8x4x4xf32, NHWC>, tensor<8x1x3x3xf32> -> tensor<1x8x4x4xf32, NHWC> loc("dwconv")
  %s = IE.Sigmoid(%g) : tensor<1x8x4x4xf32, NHWC> -> tensor<1x8x4x4xf32, NHWC> loc("sigmoid")
  %a = IE.Add(%s, %k) : tensor<1x8x4x4xf32, NHWC>, tensor<1x8x1x1xf32> -> tensor<1x8x4x4xf32> loc("add")
  %i = IE.Interpolate(%a) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : tensor<1x8x4x4xf32> -> tensor<1x8x8x8xf32> loc("resize")
  %m = IE.ReduceMean(%i) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x8x8xf32> -> tensor<1x8x1x1xf32> loc("gap")
  %rs = IE.Reshape(%n) {shape = array<i64: 1, 128>} : tensor<1x8x4x4xf32, NHWC> -> tensor<1x128xf32> loc("flatten_nhwc")
  %sp:2 = IE.Split(%rs) {axis = 1 : i64, splits = array<i64: 64, 64>} : tensor<1x128xf32> -> tensor<1x64xf32>, tensor<1x64xf32> loc("split")
  %cc = IE.Concat(%sp#1, %sp#0) {axis = 1 : i64} : tensor<1x64xf32>, tensor<1x64xf32> -> tensor<1x128xf32> loc("concat")
  %odd = IE.Slice(%cc) {starts = array<i64: 1>, ends = array<i64: 128>, axes = array<i64: 1>, steps = array<i64: 2>} : tensor<1x128xf32> -> tensor<1x64xf32> loc("odd")
  %head = IE.Slice(%cc) {starts = array<i64: 0>, ends = array<i64: 64>, axes = array<i64: 1>} : tensor<1x128xf32> -> tensor<1x64xf32> loc("head")
  %mul = IE.Multiply(%odd, %head) : tensor<1x64xf32>, tensor<1x64xf32> -> tensor<1x64xf32> loc("mul")
  %fc = IE.FullyConnected(%mul, %fw, %fb) : tensor<1x64xf32>, tensor<10x64xf32>, tensor<10xf32> -> tensor<1x10xf32> loc("fc")
  %prob = IE.SoftMax(%fc) {axis = 1 : i64} : tensor<1x10xf32> -> tensor<1x10xf32> loc("softmax")
  %fl = IE.Flatten(%m) {axis = 1 : i64} : tensor<1x8x1x1xf32> -> tensor<1x8xf32> loc("squeeze")
  %aux = IE.Clamp(%fl) {max = 0.25 : f64, min = -0.25 : f64} : tensor<1x8xf32> -> tensor<1x8xf32> loc("clamp")
  %t = IE.Transpose(%i) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32> loc("transpose")
  %feat = IE.MVN(%t) {axes = array<i64: 1, 2, 3>, eps = 1.0e-9 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>, normalize_variance} : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32> loc("mvn")
  return %prob, %aux, %feat : tensor<1x10xf32>, tensor<1x8xf32>, tensor<1x8x8x8xf32>
}
)mlir";
  size_t pos = 0;
  while ((pos = source.find("NHWC", pos)) != std::string::npos) {
    source.replace(pos, 4, nhwc);
    pos += nhwc.size();
  }
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module) << errors;
  expectSameResults(*module);
}

/// The shared models (tests/models), imported from ONNX.
class SharedModelTest : public InterpreterEquivalenceTest,
                        public ::testing::WithParamInterface<const char *> {};

TEST_P(SharedModelTest, lowersToTheSameResults) {
  const std::string path =
      std::string("tests/models/") + GetParam() + "/model.onnx";
  FailureOr<OwningOpRef<ModuleOp>> module = onnx_frontend::importOnnxModel(
      &context, path, onnx_frontend::ImportOptions());
  ASSERT_TRUE(succeeded(module)) << errors;
  expectSameResults(**module);
}

INSTANTIATE_TEST_SUITE_P(Models, SharedModelTest,
                         ::testing::Values("mlp", "ppocr_mobile_v2_cls",
                                           "unet_tiny"));

} // namespace
} // namespace mlir::vpuc::VPU
