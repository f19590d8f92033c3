//===- KernelInfoTest.cpp - Software kernels of VPU layers ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// SWKernelOpInterface: the kernel name, tensor arguments and parameters of
// representative ops, the SWKernelParams conventions, and, over every op of
// the round-trip test (test/ops.mlir), the properties the ABI table relies on:
// snake_case names, i64 / f32 scalars only, unique parameter names, and one
// parameter signature per kernel name.
//
//===----------------------------------------------------------------------===//

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

class KernelInfoTest : public ::testing::Test {
protected:
  KernelInfoTest() {
    context.loadDialect<VPUDialect, func::FuncDialect,
                        quant::QuantizationDialect>();
  }

  /// Parses `body` (one function) and returns the kernel call of its first
  /// software layer.
  SWKernelInfo kernelOf(StringRef body) {
    module = parseSourceString<ModuleOp>(body, &context);
    EXPECT_TRUE(module) << body.str();
    SWKernelInfo info;
    if (!module) {
      return info;
    }
    bool found = false;
    module->walk([&](SWKernelOpInterface op) {
      if (!found) {
        info = op.getKernelInfo();
        found = true;
      }
    });
    EXPECT_TRUE(found) << "no software layer in " << body.str();
    return info;
  }

  /// The parameter `name` of `info` printed ("1 : i64"), or "<none>".
  static std::string param(const SWKernelInfo &info, StringRef name) {
    for (const NamedAttribute &attr : info.params) {
      if (attr.getName() == name) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << attr.getValue();
        return text;
      }
    }
    return "<none>";
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(KernelInfoTest, softmaxNormalisesItsAxis) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<2x5xf16>) -> tensor<2x5xf16> {
      %0 = VPU.SW.SoftMax(%x) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
      return %0 : tensor<2x5xf16>
    })mlir");
  EXPECT_EQ(info.toString(), "softmax(axis = 1 : i64)");
  EXPECT_EQ(info.inputs.size(), 1u);
  EXPECT_EQ(info.outputs.size(), 1u);
}

TEST_F(KernelInfoTest, eltwiseHasNoParameters) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%a: tensor<1x8xf16>, %b: tensor<1xf16>) -> tensor<1x8xf16> {
      %0 = VPU.SW.Add(%a, %b) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
      return %0 : tensor<1x8xf16>
    })mlir");
  EXPECT_EQ(info.toString(), "add()");
  EXPECT_EQ(info.inputs.size(), 2u);
}

TEST_F(KernelInfoTest, convolutionNamesItsBiasVariant) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x2xf32> {
      %0 = VPU.SW.Convolution(%x, %w, %b) {dilations = array<i64: 1, 2>, pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 1>, strides = array<i64: 2, 3>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x4x2xf32>
      return %0 : tensor<1x4x4x2xf32>
    })mlir");
  EXPECT_EQ(info.toString(), "convolution_bias(stride_y = 2 : i64, stride_x = "
                             "3 : i64, pad_top = 1 : i64, "
                             "pad_left = 0 : i64, pad_bottom = 0 : i64, "
                             "pad_right = 1 : i64, dilation_y = 1 : "
                             "i64, dilation_x = 2 : i64)");
  EXPECT_EQ(info.inputs.size(), 3u);

  SWKernelInfo noBias = kernelOf(R"mlir(
    func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
      %0 = VPU.SW.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
      return %0 : tensor<1x4x6x6xf32>
    })mlir");
  EXPECT_EQ(noBias.name, "convolution");
  EXPECT_EQ(noBias.inputs.size(), 2u);
}

TEST_F(KernelInfoTest, reductionsTakeAnAxesMask) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
      %0 = VPU.SW.ReduceMean(%x) {axes = array<i64: -1, 2>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
      return %0 : tensor<1x8x1x1xf32>
    })mlir");
  EXPECT_EQ(info.toString(),
            "reduce_mean(axes = 12 : i64, keep_dims = 1 : i64)");
}

TEST_F(KernelInfoTest, transposeTakesAPermutationCode) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32> {
      %0 = VPU.SW.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32> -> tensor<1x4x5x3xf32>
      return %0 : tensor<1x4x5x3xf32>
    })mlir");
  EXPECT_EQ(info.toString(), "transpose(perm = 4930 : i64)"); // 0x1342
}

TEST_F(KernelInfoTest, slicesResolveTheirStart) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<2x5xf32>) -> tensor<2x3xf32> {
      %0 = VPU.SW.Slice(%x) {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    })mlir");
  EXPECT_EQ(info.name, "strided_slice");
  EXPECT_EQ(info.params.size(), 16u);
  EXPECT_EQ(param(info, "begins_0"), "0 : i64");
  EXPECT_EQ(param(info, "begins_1"), "4 : i64");
  EXPECT_EQ(param(info, "strides_0"), "1 : i64");
  EXPECT_EQ(param(info, "strides_1"), "-2 : i64");
  EXPECT_EQ(param(info, "strides_2"), "0 : i64");

  SWKernelInfo strided = kernelOf(R"mlir(
    func.func @f(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
      %0 = VPU.SW.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>, begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    })mlir");
  EXPECT_EQ(strided.name, "strided_slice");
  EXPECT_EQ(param(strided, "begins_0"), "0 : i64");
  EXPECT_EQ(param(strided, "begins_1"), "4 : i64");
  EXPECT_EQ(param(strided, "strides_1"), "-2 : i64");
}

TEST_F(KernelInfoTest, interpolateTakesScalesFromSizes) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x2xf32> {
      %0 = VPU.SW.Interpolate(%x) {mode = #IE.interp_mode<nearest>, sizes = array<i64: 1, 2, 8, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x8x2xf32>
      return %0 : tensor<1x2x8x2xf32>
    })mlir");
  EXPECT_EQ(info.name, "interpolate");
  EXPECT_EQ(param(info, "mode"), "0 : i64");
  EXPECT_EQ(param(info, "scales_2"), "2.000000e+00 : f32");
  EXPECT_EQ(param(info, "scales_3"), "5.000000e-01 : f32");
  EXPECT_EQ(param(info, "roi_start_0"), "0.000000e+00 : f32");
}

TEST_F(KernelInfoTest, quantizeReadsItsType) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<1x3xf32>) -> tensor<1x3x!quant.uniform<u8:f32, 2.500000e-01:128>> {
      %0 = VPU.SW.Quantize(%x) {dstElemType = !quant.uniform<u8:f32, 2.500000e-01:128>} : tensor<1x3xf32> -> tensor<1x3x!quant.uniform<u8:f32, 2.500000e-01:128>>
      return %0 : tensor<1x3x!quant.uniform<u8:f32, 2.500000e-01:128>>
    })mlir");
  EXPECT_EQ(info.toString(),
            "quantize(scale = 2.500000e-01 : f32, zero_point = 128 : i64, "
            "storage_min = 0 : i64, storage_max = 255 : i64)");

  SWKernelInfo perAxis = kernelOf(R"mlir(
    func.func @f(%q: tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x3xf32> {
      %0 = VPU.SW.Dequantize(%q) {dstElemType = f32} : tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>> -> tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    })mlir");
  EXPECT_EQ(perAxis.toString(),
            "dequantize_per_axis(axis = 0 : i64, storage_min = -128 : i64, "
            "storage_max = 127 : i64)");
}

TEST_F(KernelInfoTest, optionalOperandsChooseTheKernel) {
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
      %0 = VPU.SW.Swish(%x) {beta_value = 1.5 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
      return %0 : tensor<1x8xf32>
    })mlir")
                .toString(),
            "swish(beta = 1.500000e+00 : f32)");
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
      %0 = VPU.SW.Swish(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
      return %0 : tensor<1x8xf32>
    })mlir")
                .toString(),
            "swish(beta = 1.000000e+00 : f32)");
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x8xf32>, %b: tensor<1xf32>) -> tensor<1x8xf32> {
      %0 = VPU.SW.Swish(%x, %b) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
      return %0 : tensor<1x8xf32>
    })mlir")
                .toString(),
            "swish_beta_tensor()");
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x4x2x2xf32>, %w: tensor<1x4x1x1xf32>) -> tensor<1x4x2x2xf32> {
      %0 = VPU.SW.ScaleShift(%x) weights(%w : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
      return %0 : tensor<1x4x2x2xf32>
    })mlir")
                .name,
            "scale");
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x4x2x2xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<1x4x2x2xf32> {
      %0 = VPU.SW.ScaleShift(%x) biases(%b : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
      return %0 : tensor<1x4x2x2xf32>
    })mlir")
                .name,
            "shift");
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x4x2x2xf32>, %w: tensor<1x4x1x1xf32>) -> tensor<1x4x2x2xf32> {
      %0 = VPU.SW.ScaleShift(%x) weights(%w : tensor<1x4x1x1xf32>) biases(%w : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
      return %0 : tensor<1x4x2x2xf32>
    })mlir")
                .name,
            "scale_shift");
}

TEST_F(KernelInfoTest, preluAndBroadcastParameters) {
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x16x8x8xf32>, %s: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
      %0 = VPU.SW.PRelu(%x, %s) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
      return %0 : tensor<1x16x8x8xf32>
    })mlir")
                .toString(),
            "prelu(per_channel = 1 : i64)");
  EXPECT_EQ(kernelOf(R"mlir(
    func.func @f(%x: tensor<1x16x8x8xf32>, %s: tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32> {
      %0 = VPU.SW.PRelu(%x, %s) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> -> tensor<1x16x8x8xf32>
      return %0 : tensor<1x16x8x8xf32>
    })mlir")
                .toString(),
            "prelu(per_channel = 0 : i64)");
  SWKernelInfo numpy = kernelOf(R"mlir(
    func.func @f(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
      %0 = VPU.SW.Broadcast(%x) {target_shape = array<i64: 2, 3, 4>} : tensor<3x1xf32> -> tensor<2x3x4xf32>
      return %0 : tensor<2x3x4xf32>
    })mlir");
  EXPECT_EQ(param(numpy, "axes_mapping_0"), "1 : i64");
  EXPECT_EQ(param(numpy, "axes_mapping_1"), "2 : i64");
  SWKernelInfo explicitMode = kernelOf(R"mlir(
    func.func @f(%x: tensor<3xf32>) -> tensor<2x3x4xf32> {
      %0 = VPU.SW.Broadcast(%x) {mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 1>, target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
      return %0 : tensor<2x3x4xf32>
    })mlir");
  EXPECT_EQ(param(explicitMode, "axes_mapping_0"), "1 : i64");
}

TEST_F(KernelInfoTest, multipleResultsAreOutputs) {
  SWKernelInfo info = kernelOf(R"mlir(
    func.func @f(%x: tensor<2x10xf32>) -> (tensor<2x3xf32>, tensor<2x3xsi64>) {
      %0:2 = VPU.SW.TopK(%x) {axis = -1 : i64, k = 3 : i64, indexElemType = si64} : tensor<2x10xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
      return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xsi64>
    })mlir");
  EXPECT_EQ(
      info.toString(),
      "topk(axis = 1 : i64, k = 3 : i64, mode = 0 : i64, sort = 0 : i64)");
  EXPECT_EQ(info.inputs.size(), 1u);
  EXPECT_EQ(info.outputs.size(), 2u);
}

TEST_F(KernelInfoTest, paramsBuilderConventions) {
  SWKernelParams params(&context);
  params.addAxis("axis", -2, 4);
  params.addAxesMask("axes", {0, -1}, 3);
  params.addFlag("flag", true);
  params.addPermutationCode("perm", {1, 0});
  params.addI64List("list", {7, -1});
  params.addF32("real", 0.5);
  ASSERT_EQ(params.getParams().size(), 13u);
  EXPECT_EQ(params.getParams()[0].getValue(),
            IntegerAttr::get(IntegerType::get(&context, 64), 2));
  EXPECT_EQ(llvm::cast<IntegerAttr>(params.getParams()[1].getValue()).getInt(),
            5);
  EXPECT_EQ(llvm::cast<IntegerAttr>(params.getParams()[2].getValue()).getInt(),
            1);
  EXPECT_EQ(llvm::cast<IntegerAttr>(params.getParams()[3].getValue()).getInt(),
            0x21);
  EXPECT_EQ(params.getParams()[4].getName(), "list_0");
  EXPECT_EQ(params.getParams()[11].getName(), "list_7");
  EXPECT_EQ(llvm::cast<IntegerAttr>(params.getParams()[11].getValue()).getInt(),
            0);
  auto real = llvm::cast<FloatAttr>(params.getParams()[12].getValue());
  EXPECT_TRUE(real.getType().isF32());
  EXPECT_EQ(real.getValueAsDouble(), 0.5);
}

/// Every op of the round-trip test: well-formed kernel calls, one signature per
/// name.
TEST_F(KernelInfoTest, everyOpOfTheRoundTripTest) {
  std::ifstream file("dialects/vpu/ir/test/ops.mlir");
  ASSERT_TRUE(file) << "cannot read dialects/vpu/ir/test/ops.mlir";
  std::stringstream text;
  text << file.rdbuf();
  const std::string source = text.str();
  SmallVector<StringRef> chunks;
  StringRef(source).split(chunks, "// -----");
  std::map<std::string, std::string> signatures;
  llvm::StringSet<> opNames;
  for (StringRef chunk : chunks) {
    // The lexer needs a null-terminated buffer.
    const std::string chunkText = chunk.str();
    OwningOpRef<ModuleOp> parsed =
        parseSourceString<ModuleOp>(chunkText, &context);
    ASSERT_TRUE(parsed) << chunk.str();
    parsed->walk([&](Operation *op) {
      if (op->getDialect()->getNamespace() != "VPU") {
        return;
      }
      opNames.insert(op->getName().getStringRef());
      auto kernel = llvm::dyn_cast<SWKernelOpInterface>(op);
      // Software layers are VPU.SW.*, views have no kernel.
      EXPECT_EQ(bool(kernel),
                op->getName().getStringRef().starts_with("VPU.SW."))
          << op->getName().getStringRef().str();
      if (!kernel) {
        return;
      }
      SWKernelInfo info = kernel.getKernelInfo();
      EXPECT_FALSE(info.name.empty());
      EXPECT_TRUE(llvm::all_of(info.name, [](char c) {
        return llvm::isLower(c) || llvm::isDigit(c) || c == '_';
      })) << info.name;
      EXPECT_EQ(info.inputs.size(), op->getNumOperands());
      EXPECT_EQ(info.outputs.size(), op->getNumResults());
      std::string signature;
      llvm::StringSet<> names;
      for (const NamedAttribute &attr : info.params) {
        EXPECT_TRUE(names.insert(attr.getName().getValue()).second)
            << info.name << " repeats " << attr.getName().getValue().str();
        Type type = llvm::cast<TypedAttr>(attr.getValue()).getType();
        EXPECT_TRUE(
            (llvm::isa<IntegerAttr>(attr.getValue()) && type.isInteger(64)) ||
            (llvm::isa<FloatAttr>(attr.getValue()) && type.isF32()))
            << info.name << "." << attr.getName().getValue().str();
        signature += attr.getName().getValue().str() + ":" +
                     (llvm::isa<FloatAttr>(attr.getValue()) ? "f32 " : "i64 ");
      }
      auto [it, inserted] = signatures.emplace(info.name, signature);
      EXPECT_EQ(it->second, signature)
          << "two signatures for kernel " << info.name;
    });
  }
  // Every VPU op has a round-trip case (the NCE ops, which run no kernel, have
  // theirs in test/nce_ops.mlir: see NCETest).
  for (RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() == "VPU" &&
        !name.getStringRef().starts_with("VPU.NCE.")) {
      EXPECT_TRUE(opNames.contains(name.getStringRef()))
          << name.getStringRef().str() << " has no case in test/ops.mlir";
    }
  }
}

} // namespace
} // namespace mlir::vpuc::VPU
