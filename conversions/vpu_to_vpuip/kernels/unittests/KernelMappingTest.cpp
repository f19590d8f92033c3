//===- KernelMappingTest.cpp - VPU kernel calls onto the library -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// mapToAbiKernel on real VPU.SW ops: the library kernel, the operand indices
// and every scalar for each family of the table (every activation code,
// every reduction, convolutions with and without bias and groups, both pool
// rounding types, the interpolate and pad modes, ...), the failures with
// their diagnostics, and the table's consistency with SwKernels.h and with
// every op of the VPU round-trip test.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/kernels/KernelMapping.h"

#include <fstream>
#include <sstream>
#include <string>

#include "dialects/vpu/ir/SWKernelInfo.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "kernels/abi/SwKernels.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPUIP {
namespace {

class KernelMappingTest : public ::testing::Test {
protected:
  KernelMappingTest() {
    context.loadDialect<VPU::VPUDialect, func::FuncDialect,
                        quant::QuantizationDialect>();
  }

  /// Parses `op` (one VPU.SW op using the function arguments %a0, %a1, ...
  /// of types `args`) and returns its kernel call.
  VPU::SWKernelInfo kernelOf(StringRef args, StringRef op) {
    std::string text =
        ("func.func @f(" + args + ") {\n  " + op + "\n  return\n}\n").str();
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module) << text;
    VPU::SWKernelInfo info;
    if (!module) {
      return info;
    }
    module->walk(
        [&](VPU::SWKernelOpInterface layer) { info = layer.getKernelInfo(); });
    EXPECT_FALSE(info.name.empty()) << "no software layer in " << text;
    return info;
  }

  /// Maps `info`, keeping the diagnostic.
  FailureOr<AbiKernelCall> map(const VPU::SWKernelInfo &info) {
    diagnostic.clear();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostic = diag.str();
      return success();
    });
    return mapToAbiKernel(info,
                          [&] { return emitError(UnknownLoc::get(&context)); });
  }

  /// Maps the single op of `op`; expects success.
  AbiKernelCall mapOp(StringRef args, StringRef op) {
    VPU::SWKernelInfo info = kernelOf(args, op);
    FailureOr<AbiKernelCall> call = map(info);
    EXPECT_TRUE(succeeded(call)) << op.str() << ": " << diagnostic;
    return succeeded(call) ? *call : AbiKernelCall();
  }

  /// Maps the single op of `op`; expects failure and returns the message.
  std::string failOp(StringRef args, StringRef op) {
    VPU::SWKernelInfo info = kernelOf(args, op);
    EXPECT_TRUE(failed(map(info))) << op.str();
    return diagnostic;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string diagnostic;
};

/// The scalars as text: integers as they are, floats with an `f` suffix.
std::string scalars(const AbiKernelCall &call) {
  std::ostringstream os;
  llvm::interleave(
      call.scalars,
      [&](Attribute scalar) {
        if (auto integer = llvm::dyn_cast<IntegerAttr>(scalar)) {
          os << integer.getInt();
        } else {
          os << llvm::cast<FloatAttr>(scalar).getValueAsDouble() << "f";
        }
      },
      [&] { os << ", "; });
  return os.str();
}

/// The operand indices as text: "inputs -> outputs", `-` for absent, `cN`
/// for constant N.
std::string operands(const AbiKernelCall &call) {
  std::ostringstream os;
  llvm::interleave(
      call.inputs,
      [&](int64_t index) {
        if (index == kAbsentOperand) {
          os << "-";
        } else if (getConstantIndex(index) >= 0) {
          os << "c" << getConstantIndex(index);
        } else {
          os << index;
        }
      },
      [&] { os << " "; });
  os << " ->";
  for (int64_t index : call.outputs) {
    os << " " << index;
  }
  return os.str();
}

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, binaryEltwiseMapsOneToOne) {
  for (auto [op, kernel] :
       std::initializer_list<std::pair<const char *, const char *>>{
           {"Add", "add"},
           {"Subtract", "subtract"},
           {"Multiply", "multiply"},
           {"Divide", "divide"},
           {"Power", "power"},
           {"Maximum", "maximum"},
           {"Minimum", "minimum"},
           {"SquaredDifference", "squared_difference"},
           {"FloorMod", "floor_mod"}}) {
    AbiKernelCall call =
        mapOp("%a0: tensor<1x3x1x4xf16>, %a1: tensor<4xf16>",
              (llvm::Twine("%0 = VPU.SW.") + op +
               "(%a0, %a1) : tensor<1x3x1x4xf16>, tensor<4xf16> -> "
               "tensor<1x3x1x4xf16>")
                  .str());
    EXPECT_EQ(call.kernel, kernel) << op;
    EXPECT_EQ(operands(call), "0 1 -> 0") << op;
    EXPECT_EQ(scalars(call), "") << op;
  }
  for (auto [op, kernel] :
       std::initializer_list<std::pair<const char *, const char *>>{
           {"Equal", "equal"}, {"Less", "less"}, {"Greater", "greater"}}) {
    AbiKernelCall call =
        mapOp("%a0: tensor<2x3xf32>, %a1: tensor<3xf32>",
              (llvm::Twine("%0 = VPU.SW.") + op +
               "(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>")
                  .str());
    EXPECT_EQ(call.kernel, kernel) << op;
    EXPECT_EQ(operands(call), "0 1 -> 0") << op;
  }
  for (auto [op, kernel] :
       std::initializer_list<std::pair<const char *, const char *>>{
           {"LogicalAnd", "logical_and"}, {"LogicalOr", "logical_or"}}) {
    AbiKernelCall call =
        mapOp("%a0: tensor<2x3xi1>, %a1: tensor<1xi1>",
              (llvm::Twine("%0 = VPU.SW.") + op +
               "(%a0, %a1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>")
                  .str());
    EXPECT_EQ(call.kernel, kernel) << op;
    EXPECT_EQ(operands(call), "0 1 -> 0") << op;
  }
}

TEST_F(KernelMappingTest, lrnTakesItsParameters) {
  AbiKernelCall call =
      mapOp("%a0: tensor<1x96x5x5xf32>",
            "%0 = VPU.SW.LRN(%a0) {alpha = 1.0e-04 : f64, beta = 0.75 : f64, "
            "bias = 2.0 : f64, size = 5 : i64} : tensor<1x96x5x5xf32> -> "
            "tensor<1x96x5x5xf32>");
  EXPECT_EQ(call.kernel, "lrn");
  EXPECT_EQ(operands(call), "0 -> 0");
  EXPECT_EQ(scalars(call), "0.0001f, 0.75f, 2f, 5");
}

TEST_F(KernelMappingTest, logicalNotTakesBool) {
  AbiKernelCall call = mapOp("%a0: tensor<2x3xi1>",
                             "%0 = VPU.SW.LogicalNot(%a0) : tensor<2x3xi1> -> "
                             "tensor<2x3xi1>");
  EXPECT_EQ(call.kernel, "logical_not");
  EXPECT_EQ(operands(call), "0 -> 0");
  EXPECT_EQ(scalars(call), "");
}

TEST_F(KernelMappingTest, integerEltwiseIsAccepted) {
  AbiKernelCall call =
      mapOp("%a0: tensor<4xsi32>, %a1: tensor<si32>",
            "%0 = VPU.SW.FloorMod(%a0, %a1) : tensor<4xsi32>, tensor<si32> -> "
            "tensor<4xsi32>");
  EXPECT_EQ(call.kernel, "floor_mod");
}

TEST_F(KernelMappingTest, selectTakesConditionFirst) {
  AbiKernelCall call =
      mapOp("%a0: tensor<1xi1>, %a1: tensor<2x3xf32>, %a2: tensor<3xf32>",
            "%0 = VPU.SW.Select(%a0, %a1, %a2) : tensor<1xi1>, "
            "tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>");
  EXPECT_EQ(call.kernel, "select");
  EXPECT_EQ(operands(call), "0 1 2 -> 0");
  EXPECT_EQ(scalars(call), "");
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, everyActivationCode) {
  struct Case {
    const char *op;
    const char *attrs;
    const char *scalars;
  };
  for (const Case &c : std::initializer_list<Case>{
           {"Sigmoid", "", "2, 0f, 0f"},
           {"Tanh", "", "3, 0f, 0f"},
           {"Elu", " {alpha = 1.5}", "4, 1.5f, 0f"},
           {"Erf", "", "5, 0f, 0f"},
           {"Gelu", "", "6, 0f, 0f"},
           {"Exp", "", "8, 0f, 0f"},
           {"Log", "", "9, 0f, 0f"},
           {"Sqrt", "", "10, 0f, 0f"},
           {"Abs", "", "11, 0f, 0f"},
           {"Floor", "", "12, 0f, 0f"},
           {"Ceil", "", "13, 0f, 0f"},
           {"Round", " {mode = #IE.round_mode<half_to_even>}", "14, 0f, 0f"},
           {"Round", " {mode = #IE.round_mode<half_away_from_zero>}",
            "15, 0f, 0f"},
           {"HSwish", "", "16, 0f, 0f"},
           {"HSigmoid", "", "17, 0f, 0f"},
           {"Swish", "", "18, 1f, 0f"},
           {"Swish", " {beta_value = 1.5}", "18, 1.5f, 0f"},
           {"Mish", "", "19, 0f, 0f"},
           {"SoftPlus", "", "20, 0f, 0f"},
           {"LeakyRelu", " {negative_slope = 0.25}", "21, 0.25f, 0f"},
           {"LeakyRelu", "", "21, 0.01f, 0f"},
           {"Negative", "", "22, 0f, 0f"},
           {"Sin", "", "28, 0f, 0f"},
           {"Cos", "", "29, 0f, 0f"},
           {"Tan", "", "30, 0f, 0f"},
           {"Asin", "", "31, 0f, 0f"},
           {"Acos", "", "32, 0f, 0f"},
           {"Atan", "", "33, 0f, 0f"},
           {"Sinh", "", "34, 0f, 0f"},
           {"Cosh", "", "35, 0f, 0f"},
           {"Asinh", "", "36, 0f, 0f"},
           {"Acosh", "", "37, 0f, 0f"},
           {"Atanh", "", "38, 0f, 0f"}}) {
    AbiKernelCall call =
        mapOp("%a0: tensor<1x8xf16>",
              (llvm::Twine("%0 = VPU.SW.") + c.op + "(%a0)" + c.attrs +
               " : tensor<1x8xf16> -> tensor<1x8xf16>")
                  .str());
    EXPECT_EQ(call.kernel, "activation") << c.op << c.attrs;
    EXPECT_EQ(operands(call), "0 -> 0") << c.op;
    EXPECT_EQ(scalars(call), c.scalars) << c.op << c.attrs;
  }
}

TEST_F(KernelMappingTest, reluHasItsOwnKernel) {
  AbiKernelCall call =
      mapOp("%a0: tensor<1x8xf32>",
            "%0 = VPU.SW.ReLU(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>");
  EXPECT_EQ(call.kernel, "relu");
  EXPECT_EQ(operands(call), "0 -> 0");
  EXPECT_EQ(scalars(call), "");
}

TEST_F(KernelMappingTest, clampConvertAndPRelu) {
  AbiKernelCall clamp = mapOp("%a0: tensor<1x8xf32>",
                              "%0 = VPU.SW.Clamp(%a0) {min = -1.0, max = 6.0} "
                              ": tensor<1x8xf32> -> tensor<1x8xf32>");
  EXPECT_EQ(clamp.kernel, "clamp");
  EXPECT_EQ(scalars(clamp), "-1f, 6f");

  AbiKernelCall convert = mapOp("%a0: tensor<1x8xf32>",
                                "%0 = VPU.SW.Convert(%a0) {dstElemType = "
                                "si32} : tensor<1x8xf32> -> tensor<1x8xsi32>");
  EXPECT_EQ(convert.kernel, "convert");
  EXPECT_EQ(operands(convert), "0 -> 0");

  AbiKernelCall prelu = mapOp(
      "%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x1x1xf32>",
      "%0 = VPU.SW.PRelu(%a0, %a1) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> "
      "-> tensor<1x16x8x8xf32>");
  EXPECT_EQ(prelu.kernel, "prelu");
  EXPECT_EQ(operands(prelu), "0 1 -> 0");
  EXPECT_EQ(scalars(prelu), "");

  // A 1-D per-channel slope of a 2-D input broadcasts NumPy-style already.
  AbiKernelCall prelu2D =
      mapOp("%a0: tensor<4x16xf32>, %a1: tensor<16xf32>",
            "%0 = VPU.SW.PRelu(%a0, %a1) : tensor<4x16xf32>, tensor<16xf32> "
            "-> tensor<4x16xf32>");
  EXPECT_EQ(prelu2D.kernel, "prelu");
}

//===----------------------------------------------------------------------===//
// Reductions, softmax, normalisations
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, everyReduction) {
  struct Case {
    const char *op;
    int32_t code;
  };
  for (const Case &c : std::initializer_list<Case>{{"ReduceSum", 0},
                                                   {"ReduceMean", 1},
                                                   {"ReduceMax", 2},
                                                   {"ReduceMin", 3},
                                                   {"ReduceL2", 5},
                                                   {"ReduceProd", 6}}) {
    AbiKernelCall keep = mapOp("%a0: tensor<1x8x7x7xf16>",
                               (llvm::Twine("%0 = VPU.SW.") + c.op +
                                "(%a0) {axes = array<i64: 2, -1>, keep_dims} : "
                                "tensor<1x8x7x7xf16> -> tensor<1x8x1x1xf16>")
                                   .str());
    EXPECT_EQ(keep.kernel, "reduce") << c.op;
    EXPECT_EQ(operands(keep), "0 -> 0") << c.op;
    EXPECT_EQ(scalars(keep), std::to_string(c.code) + ", 12, 1") << c.op;

    AbiKernelCall drop =
        mapOp("%a0: tensor<1x8x7x7xf16>",
              (llvm::Twine("%0 = VPU.SW.") + c.op +
               "(%a0) {axes = array<i64: 1>} : tensor<1x8x7x7xf16> -> "
               "tensor<1x7x7xf16>")
                  .str());
    EXPECT_EQ(scalars(drop), std::to_string(c.code) + ", 2, 0") << c.op;
  }
}

TEST_F(KernelMappingTest, softmaxAxesAreNormalised) {
  AbiKernelCall softmax = mapOp("%a0: tensor<2x5xf16>",
                                "%0 = VPU.SW.SoftMax(%a0) {axis = -1 : i64} : "
                                "tensor<2x5xf16> -> tensor<2x5xf16>");
  EXPECT_EQ(softmax.kernel, "softmax");
  EXPECT_EQ(scalars(softmax), "1");
  AbiKernelCall logSoftmax = mapOp(
      "%a0: tensor<2x5xf16>", "%0 = VPU.SW.LogSoftMax(%a0) {axis = 0 : i64} : "
                              "tensor<2x5xf16> -> tensor<2x5xf16>");
  EXPECT_EQ(logSoftmax.kernel, "log_softmax");
  EXPECT_EQ(scalars(logSoftmax), "0");
}

TEST_F(KernelMappingTest, mvnReordersItsScalars) {
  AbiKernelCall outside =
      mapOp("%a0: tensor<1x16x8x8xf32>",
            "%0 = VPU.SW.MVN(%a0) {axes = array<i64: 2, 3>, eps = 0.5 : f64, "
            "eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : "
            "tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>");
  EXPECT_EQ(outside.kernel, "mvn");
  // axesMask, normalizeVariance, epsMode, eps.
  EXPECT_EQ(scalars(outside), "12, 1, 1, 0.5f");
  AbiKernelCall inside =
      mapOp("%a0: tensor<1x16x8x8xf32>",
            "%0 = VPU.SW.MVN(%a0) {axes = array<i64: 1, 2, 3>, eps = 0.25 : "
            "f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>} : "
            "tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>");
  EXPECT_EQ(scalars(inside), "14, 0, 0, 0.25f");
}

TEST_F(KernelMappingTest, normalizeL2BothEpsModes) {
  AbiKernelCall max =
      mapOp("%a0: tensor<1x512x4x4xf32>",
            "%0 = VPU.SW.NormalizeL2(%a0) {axes = array<i64: 1>, eps = 0.5 : "
            "f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x4x4xf32> -> "
            "tensor<1x512x4x4xf32>");
  EXPECT_EQ(max.kernel, "normalize_l2");
  // axesMask, epsMode, eps.
  EXPECT_EQ(scalars(max), "2, 1, 0.5f");
  AbiKernelCall add =
      mapOp("%a0: tensor<1x512x4x4xf32>",
            "%0 = VPU.SW.NormalizeL2(%a0) {axes = array<i64: 1, 2, 3>, eps = "
            "0.25 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x512x4x4xf32> "
            "-> tensor<1x512x4x4xf32>");
  EXPECT_EQ(scalars(add), "14, 0, 0.25f");
}

TEST_F(KernelMappingTest, layerNormWithAndWithoutBias) {
  AbiKernelCall bias = mapOp(
      "%a0: tensor<1x4x8xf16>, %a1: tensor<8xf16>",
      "%0 = VPU.SW.LayerNormalization(%a0, %a1, %a1) {epsilon = 0.5 : f64} : "
      "tensor<1x4x8xf16>, tensor<8xf16>, tensor<8xf16> -> tensor<1x4x8xf16>");
  EXPECT_EQ(bias.kernel, "layer_norm");
  EXPECT_EQ(operands(bias), "0 1 2 -> 0");
  EXPECT_EQ(scalars(bias), "2, 0.5f");
  AbiKernelCall noBias = mapOp(
      "%a0: tensor<1x4x8xf16>, %a1: tensor<4x8xf16>",
      "%0 = VPU.SW.LayerNormalization(%a0, %a1) {axis = 1 : i64, epsilon = "
      "0.25 : f64} : tensor<1x4x8xf16>, tensor<4x8xf16> -> tensor<1x4x8xf16>");
  EXPECT_EQ(noBias.kernel, "layer_norm");
  EXPECT_EQ(operands(noBias), "0 1 - -> 0");
  EXPECT_EQ(scalars(noBias), "1, 0.25f");
}

TEST_F(KernelMappingTest, batchNormAndScaleShift) {
  AbiKernelCall batchNorm =
      mapOp("%a0: tensor<1x16x8x8xf32>, %a1: tensor<16xf32>",
            "%0 = VPU.SW.BatchNormInference(%a0, %a1, %a1, %a1, %a1) "
            "{epsilon = 0.5 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, "
            "tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> "
            "tensor<1x16x8x8xf32>");
  EXPECT_EQ(batchNorm.kernel, "batch_norm_inference");
  EXPECT_EQ(operands(batchNorm), "0 1 2 3 4 -> 0");
  EXPECT_EQ(scalars(batchNorm), "0.5f");

  const char *args = "%a0: tensor<1x16x8x8xf32>, %a1: tensor<1x16x1x1xf32>, "
                     "%a2: tensor<1x16x1x1xf32>";
  AbiKernelCall both = mapOp(
      args, "%0 = VPU.SW.ScaleShift(%a0) weights(%a1 : tensor<1x16x1x1xf32>) "
            "biases(%a2 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> "
            "tensor<1x16x8x8xf32>");
  EXPECT_EQ(both.kernel, "scale_shift");
  EXPECT_EQ(operands(both), "0 1 2 -> 0");
  AbiKernelCall scale =
      mapOp(args, "%0 = VPU.SW.ScaleShift(%a0) weights(%a1 : "
                  "tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> "
                  "tensor<1x16x8x8xf32>");
  EXPECT_EQ(scale.kernel, "scale_shift");
  EXPECT_EQ(operands(scale), "0 1 - -> 0");
  AbiKernelCall shift =
      mapOp(args, "%0 = VPU.SW.ScaleShift(%a0) biases(%a2 : "
                  "tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> "
                  "tensor<1x16x8x8xf32>");
  EXPECT_EQ(shift.kernel, "add");
  EXPECT_EQ(operands(shift), "0 1 -> 0");
}

//===----------------------------------------------------------------------===//
// Convolutions and matrix products
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, convolutionWithAndWithoutBias) {
  AbiKernelCall bias = mapOp(
      "%a0: tensor<1x3x8x8xf32>, %a1: tensor<4x3x3x3xf32>, %a2: tensor<4xf32>",
      "%0 = VPU.SW.Convolution(%a0, %a1, %a2) {dilations = array<i64: 1, 2>, "
      "pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 1>, strides = "
      "array<i64: 2, 3>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, "
      "tensor<4xf32> -> tensor<1x4x4x2xf32>");
  EXPECT_EQ(bias.kernel, "convolution");
  EXPECT_EQ(operands(bias), "0 1 2 -> 0");
  // strides, pads (top, left, bottom, right), dilations, groups, post-op.
  EXPECT_EQ(scalars(bias), "2, 3, 1, 0, 0, 1, 1, 2, 1, -1, 0f, 0f");

  AbiKernelCall noBias =
      mapOp("%a0: tensor<1x3x8x8xf32>, %a1: tensor<4x3x3x3xf32>",
            "%0 = VPU.SW.Convolution(%a0, %a1) {dilations = array<i64: 1, 1>, "
            "pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, "
            "strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, "
            "tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>");
  EXPECT_EQ(noBias.kernel, "convolution");
  EXPECT_EQ(operands(noBias), "0 1 - -> 0");
  EXPECT_EQ(scalars(noBias), "1, 1, 0, 0, 0, 0, 1, 1, 1, -1, 0f, 0f");
}

TEST_F(KernelMappingTest, groupConvolutionPassesGroups) {
  AbiKernelCall depthwise = mapOp(
      "%a0: tensor<1x32x16x16xf16>, %a1: tensor<32x1x3x3xf16>",
      "%0 = VPU.SW.GroupConvolution(%a0, %a1) {dilations = array<i64: 1, 1>, "
      "groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = "
      "array<i64: 1, 1>, strides = array<i64: 2, 2>} : "
      "tensor<1x32x16x16xf16>, tensor<32x1x3x3xf16> -> tensor<1x32x8x8xf16>");
  EXPECT_EQ(depthwise.kernel, "convolution");
  EXPECT_EQ(operands(depthwise), "0 1 - -> 0");
  EXPECT_EQ(scalars(depthwise), "2, 2, 1, 1, 1, 1, 1, 1, 32, -1, 0f, 0f");

  AbiKernelCall bias = mapOp(
      "%a0: tensor<1x32x4x4xf32>, %a1: tensor<64x8x1x1xf32>, %a2: "
      "tensor<64xf32>",
      "%0 = VPU.SW.GroupConvolution(%a0, %a1, %a2) {dilations = array<i64: 1, "
      "1>, groups = 4 : i64, pads_begin = array<i64: 0, 0>, pads_end = "
      "array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x32x4x4xf32>, "
      "tensor<64x8x1x1xf32>, tensor<64xf32> -> tensor<1x64x4x4xf32>");
  EXPECT_EQ(operands(bias), "0 1 2 -> 0");
  EXPECT_EQ(scalars(bias), "1, 1, 0, 0, 0, 0, 1, 1, 4, -1, 0f, 0f");
}

TEST_F(KernelMappingTest, deconvolutionPassesOutputPadding) {
  AbiKernelCall call =
      mapOp("%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x8x3x3xf32>",
            "%0 = VPU.SW.Deconvolution(%a0, %a1) {dilations = array<i64: 1, "
            "1>, output_padding = array<i64: 1, 0>, pads_begin = array<i64: "
            "1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} "
            ": tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> "
            "tensor<1x8x16x15xf32>");
  EXPECT_EQ(call.kernel, "deconvolution");
  EXPECT_EQ(operands(call), "0 1 - -> 0");
  EXPECT_EQ(scalars(call), "2, 2, 1, 1, 1, 1, 1, 1, 1, 0, 1, -1, 0f, 0f");

  AbiKernelCall bias = mapOp(
      "%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x8x3x3xf32>, %a2: "
      "tensor<8xf32>",
      "%0 = VPU.SW.Deconvolution(%a0, %a1, %a2) {dilations = array<i64: 1, "
      "1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, "
      "pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : "
      "tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32>, tensor<8xf32> -> "
      "tensor<1x8x10x10xf32>");
  EXPECT_EQ(operands(bias), "0 1 2 -> 0");
  EXPECT_EQ(scalars(bias), "1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, -1, 0f, 0f");
}

TEST_F(KernelMappingTest, fullyConnectedAndMatMul) {
  AbiKernelCall bias = mapOp(
      "%a0: tensor<4x16xf32>, %a1: tensor<10x16xf32>, %a2: tensor<10xf32>",
      "%0 = VPU.SW.FullyConnected(%a0, %a1, %a2) : tensor<4x16xf32>, "
      "tensor<10x16xf32>, tensor<10xf32> -> tensor<4x10xf32>");
  EXPECT_EQ(bias.kernel, "fully_connected");
  EXPECT_EQ(operands(bias), "0 1 2 -> 0");
  EXPECT_EQ(scalars(bias), "-1, 0f, 0f");
  AbiKernelCall noBias =
      mapOp("%a0: tensor<4x16xf32>, %a1: tensor<10x16xf32>",
            "%0 = VPU.SW.FullyConnected(%a0, %a1) : tensor<4x16xf32>, "
            "tensor<10x16xf32> -> tensor<4x10xf32>");
  EXPECT_EQ(operands(noBias), "0 1 - -> 0");

  AbiKernelCall matmul =
      mapOp("%a0: tensor<8x16x64xf32>",
            "%0 = VPU.SW.MatMul(%a0, %a0) {transpose_b} : tensor<8x16x64xf32>, "
            "tensor<8x16x64xf32> -> tensor<8x16x16xf32>");
  EXPECT_EQ(matmul.kernel, "matmul");
  EXPECT_EQ(operands(matmul), "0 1 -> 0");
  EXPECT_EQ(scalars(matmul), "0, 1");
}

//===----------------------------------------------------------------------===//
// Pooling, interpolation
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, poolsDeriveTheRoundingType) {
  AbiKernelCall floor = mapOp(
      "%a0: tensor<1x4x12x12xf32>",
      "%0 = VPU.SW.MaxPool(%a0) {kernel_size = array<i64: 3, 2>, pads_begin = "
      "array<i64: 0, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, "
      "2>} : tensor<1x4x12x12xf32> -> tensor<1x4x5x6xf32>");
  EXPECT_EQ(floor.kernel, "max_pool");
  // kernel, strides, pads (top, left, bottom, right), roundingType.
  EXPECT_EQ(scalars(floor), "3, 2, 2, 2, 0, 1, 0, 0, 0");

  AbiKernelCall ceil = mapOp(
      "%a0: tensor<1x4x12x12xf32>",
      "%0 = VPU.SW.MaxPool(%a0) {kernel_size = array<i64: 3, 3>, pads_begin = "
      "array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = "
      "#IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : "
      "tensor<1x4x12x12xf32> -> tensor<1x4x6x6xf32>");
  EXPECT_EQ(scalars(ceil), "3, 3, 2, 2, 0, 0, 0, 0, 1");

  AbiKernelCall avg = mapOp(
      "%a0: tensor<1x8x6x6xf16>",
      "%0 = VPU.SW.AvgPool(%a0) {exclude_pad, kernel_size = array<i64: 3, 3>, "
      "pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = "
      "array<i64: 1, 1>} : tensor<1x8x6x6xf16> -> tensor<1x8x6x6xf16>");
  EXPECT_EQ(avg.kernel, "avg_pool");
  EXPECT_EQ(scalars(avg), "3, 3, 1, 1, 1, 1, 1, 1, 0, 1");

  AbiKernelCall avgCeil = mapOp(
      "%a0: tensor<1x8x6x6xf16>",
      "%0 = VPU.SW.AvgPool(%a0) {kernel_size = array<i64: 2, 2>, pads_begin = "
      "array<i64: 0, 0>, pads_end = array<i64: 1, 1>, rounding_type = "
      "#IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : "
      "tensor<1x8x6x6xf16> -> tensor<1x8x3x3xf16>");
  // Floor and ceil give the same dims here: Floor.
  EXPECT_EQ(scalars(avgCeil), "2, 2, 2, 2, 0, 0, 1, 1, 0, 0");

  AbiKernelCall avgCeil2 = mapOp(
      "%a0: tensor<1x8x7x7xf16>",
      "%0 = VPU.SW.AvgPool(%a0) {kernel_size = array<i64: 2, 2>, pads_begin = "
      "array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = "
      "#IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : "
      "tensor<1x8x7x7xf16> -> tensor<1x8x4x4xf16>");
  EXPECT_EQ(scalars(avgCeil2), "2, 2, 2, 2, 0, 0, 0, 0, 1, 0");

  AbiKernelCall lp = mapOp(
      "%a0: tensor<1x8x7x7xf16>",
      "%0 = VPU.SW.LpPool(%a0) {kernel_size = array<i64: 2, 3>, p = 3 : i64, "
      "pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 1>, "
      "rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : "
      "tensor<1x8x7x7xf16> -> tensor<1x8x4x4xf16>");
  EXPECT_EQ(lp.kernel, "lp_pool");
  EXPECT_EQ(operands(lp), "0 -> 0");
  // kernel, strides, pads, roundingType (the width needs ceil: floor gives
  // 3), p.
  EXPECT_EQ(scalars(lp), "2, 3, 2, 2, 1, 0, 0, 1, 1, 3");
}

TEST_F(KernelMappingTest, regionPoolsTakeTheirParameters) {
  AbiKernelCall align = mapOp(
      "%a0: tensor<2x8x10x10xf16>, %a1: tensor<3x4xf16>, %a2: tensor<3xi32>",
      "%0 = VPU.SW.ROIAlign(%a0, %a1, %a2) {half_pixel, mode = "
      "#IE.roi_align_mode<max>, pooled_h = 2 : i64, pooled_w = 3 : i64, "
      "sampling_ratio = 2 : i64, spatial_scale = 2.500000e-01 : f64} : "
      "tensor<2x8x10x10xf16>, tensor<3x4xf16>, tensor<3xi32> -> "
      "tensor<3x8x2x3xf16>");
  EXPECT_EQ(align.kernel, "roi_align");
  EXPECT_EQ(operands(align), "0 1 2 -> 0");
  EXPECT_EQ(scalars(align), "1, 2, 0.25f, 1");

  AbiKernelCall pool =
      mapOp("%a0: tensor<1x8x10x10xf32>, %a1: tensor<3x5xf32>",
            "%0 = VPU.SW.MaxROIPool(%a0, %a1) {pooled_h = 2 : i64, pooled_w = "
            "2 : i64, spatial_scale = 5.000000e-01 : f64} : "
            "tensor<1x8x10x10xf32>, tensor<3x5xf32> -> tensor<3x8x2x2xf32>");
  EXPECT_EQ(pool.kernel, "max_roi_pool");
  EXPECT_EQ(operands(pool), "0 1 -> 0");
  EXPECT_EQ(scalars(pool), "0.5f");
}

TEST_F(KernelMappingTest, interpolateScalesAndSizes) {
  // Scales that are exactly output / input go as sizes (scales 0).
  AbiKernelCall linear = mapOp(
      "%a0: tensor<1x8x16x16xf32>",
      "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<linear>, scales = "
      "array<f64: 1.0, 1.0, 2.0, 2.0>} : tensor<1x8x16x16xf32> -> "
      "tensor<1x8x32x32xf32>");
  EXPECT_EQ(linear.kernel, "interpolate");
  EXPECT_EQ(operands(linear), "0 -> 0");
  std::string zeros8 = "0f, 0f, 0f, 0f, 0f, 0f, 0f, 0f";
  // mode, coordMode, nearestMode, shapeCalcMode, excludeOutside,
  // cubicCoeffA, extrapolationValue, scales, roiStart, roiEnd.
  EXPECT_EQ(scalars(linear), "1, 0, 0, 0, 0, -0.75f, 0f, " + zeros8 + ", " +
                                 zeros8 + ", " + zeros8);

  // 0.6 is not 3 / 5 in f32: by scales.
  AbiKernelCall nearest =
      mapOp("%a0: tensor<2x5xf16>",
            "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<nearest>, "
            "coord_mode = #IE.interp_coord_mode<asymmetric>, nearest_mode = "
            "#IE.interp_nearest_mode<floor>, scales = array<f64: 1.0, 0.7>} : "
            "tensor<2x5xf16> -> tensor<2x3xf16>");
  EXPECT_EQ(scalars(nearest).substr(0, 25), "0, 3, 2, 1, 0, -0.75f, 0f");
  EXPECT_NE(scalars(nearest).find("1f, 0.7f, 0f"), std::string::npos)
      << scalars(nearest);

  AbiKernelCall cubic = mapOp(
      "%a0: tensor<1x1x4x4xf32>",
      "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<cubic>, "
      "coord_mode = #IE.interp_coord_mode<align_corners>, nearest_mode = "
      "#IE.interp_nearest_mode<simple>, cubic_coeff_a = -0.5, exclude_outside, "
      "sizes = array<i64: 1, 1, 6, 3>} : tensor<1x1x4x4xf32> -> "
      "tensor<1x1x6x3xf32>");
  EXPECT_EQ(scalars(cubic), "2, 2, 4, 0, 1, -0.5f, 0f, " + zeros8 + ", " +
                                zeros8 + ", " + zeros8);
}

TEST_F(KernelMappingTest, interpolateCropAndResizeKeepsTheRoi) {
  AbiKernelCall crop = mapOp(
      "%a0: tensor<1x1x4x4xf32>",
      "%0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<linear>, "
      "coord_mode = #IE.interp_coord_mode<tf_crop_and_resize>, "
      "extrapolation_value = 2.5, roi = array<f64: 0.0, 0.0, 0.25, 0.5, 1.0, "
      "1.0, 0.75, 1.0>, sizes = array<i64: 1, 1, 2, 2>} : "
      "tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>");
  EXPECT_EQ(scalars(crop), "1, 5, 0, 0, 0, -0.75f, 2.5f, 0f, 0f, 0f, 0f, 0f, "
                           "0f, 0f, 0f, 0f, 0f, 0.25f, 0.5f, 0f, 0f, 0f, 0f, "
                           "1f, 1f, 0.75f, 1f, 0f, 0f, 0f, 0f");
}

//===----------------------------------------------------------------------===//
// Data movement and along-one-axis kernels
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, transposeDecodesThePermutation) {
  AbiKernelCall call =
      mapOp("%a0: tensor<1x3x4x5xf32>",
            "%0 = VPU.SW.Transpose(%a0) {perm = array<i64: 0, 2, 3, 1>} : "
            "tensor<1x3x4x5xf32> -> tensor<1x4x5x3xf32>");
  EXPECT_EQ(call.kernel, "transpose");
  EXPECT_EQ(scalars(call), "0, 2, 3, 1, 0, 0, 0, 0");
}

TEST_F(KernelMappingTest, padEveryMode) {
  AbiKernelCall constant = mapOp(
      "%a0: tensor<2x3xf32>",
      "%0 = VPU.SW.Pad(%a0) {pad_value = 1.5 : f64, pads_begin = array<i64: "
      "1, 2>, pads_end = array<i64: 3, 0>} : tensor<2x3xf32> -> "
      "tensor<6x5xf32>");
  EXPECT_EQ(constant.kernel, "pad");
  EXPECT_EQ(scalars(constant),
            "0, 1.5f, 1, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0");
  AbiKernelCall edge = mapOp(
      "%a0: tensor<2x3xf32>",
      "%0 = VPU.SW.Pad(%a0) {mode = #IE.pad_mode<edge>, pad_value = 1.5 : "
      "f64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : "
      "tensor<2x3xf32> -> tensor<2x6xf32>");
  // The pad value is 0 outside the constant mode.
  EXPECT_EQ(scalars(edge),
            "1, 0f, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0");
  AbiKernelCall reflect = mapOp(
      "%a0: tensor<2x3xf32>",
      "%0 = VPU.SW.Pad(%a0) {mode = #IE.pad_mode<reflect>, pads_begin = "
      "array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> "
      "tensor<2x6xf32>");
  EXPECT_EQ(scalars(reflect),
            "2, 0f, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0");
}

TEST_F(KernelMappingTest, gatherTopKCumSum) {
  AbiKernelCall gather =
      mapOp("%a0: tensor<2x5x4xf32>, %a1: tensor<2x2xsi32>",
            "%0 = VPU.SW.Gather(%a0, %a1) {axis = -1 : i64} : "
            "tensor<2x5x4xf32>, tensor<2x2xsi32> -> tensor<2x5x2x2xf32>");
  EXPECT_EQ(gather.kernel, "gather");
  EXPECT_EQ(operands(gather), "0 1 -> 0");
  EXPECT_EQ(scalars(gather), "2, 0");

  AbiKernelCall topk =
      mapOp("%a0: tensor<2x5xf32>",
            "%0:2 = VPU.SW.TopK(%a0) {k = 3 : i64, indexElemType = si64} : "
            "tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>");
  EXPECT_EQ(topk.kernel, "topk");
  EXPECT_EQ(operands(topk), "0 -> 0 1");
  // axis, k, mode, sort.
  EXPECT_EQ(scalars(topk), "1, 3, 0, 0");
  AbiKernelCall topkMin = mapOp(
      "%a0: tensor<5x2xf32>",
      "%0:2 = VPU.SW.TopK(%a0) {axis = 0 : i64, k = 2 : i64, mode = "
      "#IE.topk_mode<min>, sort = #IE.topk_sort<none>, indexElemType = si32} "
      ": tensor<5x2xf32> -> tensor<2x2xf32>, tensor<2x2xsi32>");
  EXPECT_EQ(scalars(topkMin), "0, 2, 1, 1");
  AbiKernelCall topkIndex =
      mapOp("%a0: tensor<5x2xf32>",
            "%0:2 = VPU.SW.TopK(%a0) {axis = 0 : i64, k = 2 : i64, sort = "
            "#IE.topk_sort<index>, indexElemType = si32} : tensor<5x2xf32> -> "
            "tensor<2x2xf32>, tensor<2x2xsi32>");
  EXPECT_EQ(scalars(topkIndex), "0, 2, 0, 1");

  AbiKernelCall cumsum =
      mapOp("%a0: tensor<2x5xf32>", "%0 = VPU.SW.CumSum(%a0) {axis = -1 : i64, "
                                    "exclusive, reverse} : tensor<2x5xf32> -> "
                                    "tensor<2x5xf32>");
  EXPECT_EQ(cumsum.kernel, "cumsum");
  EXPECT_EQ(scalars(cumsum), "1, 1, 1");
  AbiKernelCall cumsumPlain = mapOp(
      "%a0: tensor<2x5xsi32>", "%0 = VPU.SW.CumSum(%a0) {axis = 0 : i64} : "
                               "tensor<2x5xsi32> -> tensor<2x5xsi32>");
  EXPECT_EQ(scalars(cumsumPlain), "0, 0, 0");
}

// BitShift maps by name: the IE direction is the ABI's.
TEST_F(KernelMappingTest, bitShiftMapsByName) {
  for (auto [direction, code] : {std::pair{"left", "0"}, {"right", "1"}}) {
    AbiKernelCall call =
        mapOp("%a0: tensor<2x3xui32>, %a1: tensor<1xui32>",
              (llvm::Twine("%0 = VPU.SW.BitShift(%a0, %a1) {direction = "
                           "#IE.bit_shift_direction<") +
               direction +
               ">} : tensor<2x3xui32>, tensor<1xui32> -> tensor<2x3xui32>")
                  .str());
    EXPECT_EQ(call.kernel, "bitshift");
    EXPECT_EQ(operands(call), "0 1 -> 0");
    EXPECT_EQ(scalars(call), code);
  }
}

// The indexing kernels and det map by name: the IE reduction is the ABI's,
// the axis normalised.
TEST_F(KernelMappingTest, indexingAndDetMapByName) {
  AbiKernelCall elements =
      mapOp("%a0: tensor<2x5xf16>, %a1: tensor<2x3xsi64>",
            "%0 = VPU.SW.GatherElements(%a0, %a1) {axis = -1 : i64} : "
            "tensor<2x5xf16>, tensor<2x3xsi64> -> tensor<2x3xf16>");
  EXPECT_EQ(elements.kernel, "gather_elements");
  EXPECT_EQ(operands(elements), "0 1 -> 0");
  EXPECT_EQ(scalars(elements), "1");
  AbiKernelCall nd =
      mapOp("%a0: tensor<2x4x3xf16>, %a1: tensor<2x5x1xsi32>",
            "%0 = VPU.SW.GatherND(%a0, %a1) {batch_dims = 1 : i64} : "
            "tensor<2x4x3xf16>, tensor<2x5x1xsi32> -> tensor<2x5x3xf16>");
  EXPECT_EQ(nd.kernel, "gather_nd");
  EXPECT_EQ(operands(nd), "0 1 -> 0");
  EXPECT_EQ(scalars(nd), "1");
  for (auto [reduction, code] : {std::pair{"none", "0"},
                                 {"add", "1"},
                                 {"mul", "2"},
                                 {"max", "3"},
                                 {"min", "4"}}) {
    AbiKernelCall scatter = mapOp(
        "%a0: tensor<4x3xf16>, %a1: tensor<2x1xsi64>, %a2: tensor<2x3xf16>",
        (llvm::Twine("%0 = VPU.SW.ScatterNDUpdate(%a0, %a1, %a2) {reduction "
                     "= #IE.scatter_reduction<") +
         reduction +
         ">} : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> "
         "tensor<4x3xf16>")
            .str());
    EXPECT_EQ(scatter.kernel, "scatter_nd_update");
    EXPECT_EQ(operands(scatter), "0 1 2 -> 0");
    EXPECT_EQ(scalars(scatter), code);
    AbiKernelCall elementsUpdate = mapOp(
        "%a0: tensor<3x4xf16>, %a1: tensor<3x2xsi32>, %a2: tensor<3x2xf16>",
        (llvm::Twine("%0 = VPU.SW.ScatterElementsUpdate(%a0, %a1, %a2) {axis "
                     "= -2 : i64, reduction = #IE.scatter_reduction<") +
         reduction +
         ">} : tensor<3x4xf16>, tensor<3x2xsi32>, tensor<3x2xf16> -> "
         "tensor<3x4xf16>")
            .str());
    EXPECT_EQ(elementsUpdate.kernel, "scatter_elements");
    EXPECT_EQ(operands(elementsUpdate), "0 1 2 -> 0");
    EXPECT_EQ(scalars(elementsUpdate), std::string("0, ") + code);
  }
  AbiKernelCall det = mapOp("%a0: tensor<2x3x3xf16>",
                            "%0 = VPU.SW.Det(%a0) : tensor<2x3x3xf16> -> "
                            "tensor<2xf16>");
  EXPECT_EQ(det.kernel, "det");
  EXPECT_EQ(operands(det), "0 -> 0");
  EXPECT_EQ(scalars(det), "");
}

// The rows SwKernels.td declares: the scalars come from the VPU parameters of
// the same names.
TEST_F(KernelMappingTest, argMaxAndArgMinMapByName) {
  AbiKernelCall argmax = mapOp(
      "%a0: tensor<2x5x3xf16>",
      "%0 = VPU.SW.ArgMax(%a0) {axis = -2 : i64, keep_dims, indexElemType = "
      "si64} : tensor<2x5x3xf16> -> tensor<2x1x3xsi64>");
  EXPECT_EQ(argmax.kernel, "argmax");
  EXPECT_EQ(operands(argmax), "0 -> 0");
  // axis (normalised), keepDims, selectLastIndex.
  EXPECT_EQ(scalars(argmax), "1, 1, 0");
  AbiKernelCall argmin = mapOp(
      "%a0: tensor<2x5xsi32>",
      "%0 = VPU.SW.ArgMin(%a0) {select_last_index, indexElemType = si32} : "
      "tensor<2x5xsi32> -> tensor<5xsi32>");
  EXPECT_EQ(argmin.kernel, "argmin");
  EXPECT_EQ(scalars(argmin), "0, 0, 1");
}

TEST_F(KernelMappingTest, depthSpaceModes) {
  AbiKernelCall d2s =
      mapOp("%a0: tensor<1x8x2x3xf32>",
            "%0 = VPU.SW.DepthToSpace(%a0) {block_size = 2 : i64} : "
            "tensor<1x8x2x3xf32> -> tensor<1x2x4x6xf32>");
  EXPECT_EQ(d2s.kernel, "depth_to_space");
  EXPECT_EQ(scalars(d2s), "2, 0");
  AbiKernelCall d2sCrd =
      mapOp("%a0: tensor<1x8x2x3xf32>",
            "%0 = VPU.SW.DepthToSpace(%a0) {block_size = 2 : i64, mode = "
            "#IE.depth_to_space_mode<crd>} : tensor<1x8x2x3xf32> -> "
            "tensor<1x2x4x6xf32>");
  EXPECT_EQ(scalars(d2sCrd), "2, 1");
  AbiKernelCall s2d =
      mapOp("%a0: tensor<1x2x4x6xf32>",
            "%0 = VPU.SW.SpaceToDepth(%a0) {block_size = 2 : i64, mode = "
            "#IE.depth_to_space_mode<crd>} : tensor<1x2x4x6xf32> -> "
            "tensor<1x8x2x3xf32>");
  EXPECT_EQ(s2d.kernel, "space_to_depth");
  EXPECT_EQ(scalars(s2d), "2, 1");
}

//===----------------------------------------------------------------------===//
// Quantisation
//===----------------------------------------------------------------------===//

/// The values of a constant input as text.
std::string constant(const AbiKernelCall &call, size_t index) {
  if (index >= call.constants.size()) {
    return "<none>";
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << call.constants[index];
  return text;
}

TEST_F(KernelMappingTest, perTensorQuantizationBecomesConstantInputs) {
  AbiKernelCall call = mapOp(
      "%a0: tensor<1x3x4x4xf16>",
      "%0 = VPU.SW.Quantize(%a0) {dstElemType = !quant.uniform<u8:f16, "
      "0.5:128>} : tensor<1x3x4x4xf16> -> tensor<1x3x4x4x!quant.uniform<u8:"
      "f16, 0.5:128>>");
  EXPECT_EQ(call.kernel, "quantize");
  EXPECT_EQ(operands(call), "0 c0 c1 -> 0");
  EXPECT_EQ(constant(call, 0), "dense<5.000000e-01> : tensor<1xf32>");
  EXPECT_EQ(constant(call, 1), "dense<128> : tensor<1xi32>");
  EXPECT_EQ(scalars(call), "0, 0, 255");

  call = mapOp("%a0: tensor<2x3x!quant.uniform<i8<-127:127>:f32, 0.25:-1>>",
               "%0 = VPU.SW.Dequantize(%a0) {dstElemType = f32} : "
               "tensor<2x3x!quant.uniform<i8<-127:127>:f32, 0.25:-1>> -> "
               "tensor<2x3xf32>");
  EXPECT_EQ(call.kernel, "dequantize");
  EXPECT_EQ(operands(call), "0 c0 c1 -> 0");
  EXPECT_EQ(constant(call, 0), "dense<2.500000e-01> : tensor<1xf32>");
  EXPECT_EQ(constant(call, 1), "dense<-1> : tensor<1xi32>");
  EXPECT_EQ(scalars(call), "0");
}

TEST_F(KernelMappingTest, perAxisQuantizationTakesTheTypesScales) {
  AbiKernelCall call = mapOp(
      "%a0: tensor<1x3x4x4xf32>",
      "%0 = VPU.SW.Quantize(%a0) {dstElemType = !quant.uniform<i8<-127:127>:"
      "f32:1, {0.5:0, 0.25:-3, 0.125:4}>} : tensor<1x3x4x4xf32> -> "
      "tensor<1x3x4x4x!quant.uniform<i8<-127:127>:f32:1, {0.5:0, 0.25:-3, "
      "0.125:4}>>");
  EXPECT_EQ(call.kernel, "quantize");
  EXPECT_EQ(operands(call), "0 c0 c1 -> 0");
  EXPECT_EQ(constant(call, 0),
            "dense<[5.000000e-01, 2.500000e-01, 1.250000e-01]> : "
            "tensor<3xf32>");
  EXPECT_EQ(constant(call, 1), "dense<[0, -3, 4]> : tensor<3xi32>");
  EXPECT_EQ(scalars(call), "1, -127, 127");

  call = mapOp("%a0: tensor<2x3x!quant.uniform<u8:f32:0, {2.0:1, 4.0:2}>>",
               "%0 = VPU.SW.Dequantize(%a0) {dstElemType = f16} : "
               "tensor<2x3x!quant.uniform<u8:f32:0, {2.0:1, 4.0:2}>> -> "
               "tensor<2x3xf16>");
  EXPECT_EQ(call.kernel, "dequantize");
  EXPECT_EQ(constant(call, 0),
            "dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>");
  EXPECT_EQ(constant(call, 1), "dense<[1, 2]> : tensor<2xi32>");
  EXPECT_EQ(scalars(call), "0");
}

TEST_F(KernelMappingTest, quantizedConvolutionTakesPerChannelScales) {
  AbiKernelCall call = mapOp(
      "%a0: tensor<1x3x8x8x!quant.uniform<u8:f32, 0.5:128>>, %a1: "
      "tensor<2x3x3x3x!quant.uniform<i8:f32:0, {0.25:1, 0.125:-2}>>, %a2: "
      "tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.0625}>>",
      "%0 = VPU.SW.Convolution(%a0, %a1, %a2) {dilations = array<i64: 1, 1>, "
      "pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = "
      "array<i64: 2, 2>, post_op = {attrs = {max = 6.0 : f64, min = 0.0 : "
      "f64}, name = \"IE.Clamp\"}} : tensor<1x3x8x8x!quant.uniform<u8:f32, "
      "0.5:128>>, tensor<2x3x3x3x!quant.uniform<i8:f32:0, {0.25:1, "
      "0.125:-2}>>, tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.0625}>> -> "
      "tensor<1x2x4x4x!quant.uniform<u8:f32, 2.0:10>>");
  EXPECT_EQ(call.kernel, "quantized_convolution");
  EXPECT_EQ(operands(call), "0 1 2 c0 c1 -> 0");
  EXPECT_EQ(constant(call, 0),
            "dense<[1.250000e-01, 6.250000e-02]> : tensor<2xf32>");
  EXPECT_EQ(constant(call, 1), "dense<[1, -2]> : tensor<2xi32>");
  // Geometry, groups, zero points, range, output scale, Clamp(0, 6).
  EXPECT_EQ(scalars(call),
            "2, 2, 1, 1, 1, 1, 1, 1, 1, 128, 10, 0, 255, 2f, " +
                std::to_string(static_cast<int32_t>(abi::ActivationOp::Clamp)) +
                ", 0f, 6f");

  call = mapOp("%a0: tensor<1x3x8x8x!quant.uniform<i8:f32, 0.5>>, %a1: "
               "tensor<3x1x1x1x!quant.uniform<i8:f32, 0.25>>",
               "%0 = VPU.SW.GroupConvolution(%a0, %a1) {dilations = "
               "array<i64: 1, 1>, groups = 3 : i64, pads_begin = array<i64: "
               "0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, "
               "1>} : tensor<1x3x8x8x!quant.uniform<i8:f32, 0.5>>, "
               "tensor<3x1x1x1x!quant.uniform<i8:f32, 0.25>> -> "
               "tensor<1x3x8x8x!quant.uniform<i8:f32, 1.0:-3>>");
  EXPECT_EQ(call.kernel, "quantized_convolution");
  EXPECT_EQ(operands(call), "0 1 - c0 c1 -> 0");
  EXPECT_EQ(constant(call, 0), "dense<1.250000e-01> : tensor<3xf32>");
  EXPECT_EQ(scalars(call), "1, 1, 0, 0, 0, 0, 1, 1, 3, 0, -3, -128, 127, "
                           "1f, -1, 0f, 0f");
}

TEST_F(KernelMappingTest, quantizedEltwiseTakesEachTensorsQuantisation) {
  AbiKernelCall call =
      mapOp("%a0: tensor<1x8x4x4x!quant.uniform<u8:f32, 0.5:128>>, %a1: "
            "tensor<1x8x4x4x!quant.uniform<i8:f32, 0.25:-3>>",
            "%0 = VPU.SW.Add(%a0, %a1) {post_op = {name = \"IE.ReLU\"}} : "
            "tensor<1x8x4x4x!quant.uniform<u8:f32, 0.5:128>>, "
            "tensor<1x8x4x4x!quant.uniform<i8:f32, 0.25:-3>> -> "
            "tensor<1x8x4x4x!quant.uniform<u8:f32, 0.125:7>>");
  EXPECT_EQ(call.kernel, "quantized_eltwise");
  EXPECT_EQ(operands(call), "0 1 -> 0");
  // Add, the scales and zero points of input1, input2 and the output, the
  // output's range, ReLU.
  EXPECT_EQ(scalars(call),
            "0, 0.5f, 128, 0.25f, -3, 0.125f, 7, 0, 255, " +
                std::to_string(static_cast<int32_t>(abi::ActivationOp::Relu)) +
                ", 0f, 0f");

  call = mapOp("%a0: tensor<1x8x4x4x!quant.uniform<i8:f32, 0.5>>, %a1: "
               "tensor<1x8x1x1x!quant.uniform<u8:f32, 2.0:1>>",
               "%0 = VPU.SW.Multiply(%a0, %a1) : "
               "tensor<1x8x4x4x!quant.uniform<i8:f32, 0.5>>, "
               "tensor<1x8x1x1x!quant.uniform<u8:f32, 2.0:1>> -> "
               "tensor<1x8x4x4x!quant.uniform<i8:f32, 4.0:-2>>");
  EXPECT_EQ(call.kernel, "quantized_eltwise");
  EXPECT_EQ(operands(call), "0 1 -> 0");
  EXPECT_EQ(scalars(call), "1, 0.5f, 0, 2f, 1, 4f, -2, -128, 127, -1, 0f, 0f");

  // A float Add keeps the float kernel.
  call = mapOp("%a0: tensor<1x8xf16>",
               "%0 = VPU.SW.Add(%a0, %a0) : tensor<1x8xf16>, tensor<1x8xf16> "
               "-> tensor<1x8xf16>");
  EXPECT_EQ(call.kernel, "add");
}

TEST_F(KernelMappingTest, quantizedAvgPoolTakesTheScalesAndThePostOp) {
  AbiKernelCall call = mapOp(
      "%a0: tensor<1x8x8x8x!quant.uniform<u8:f32, 0.5:128>>",
      "%0 = VPU.SW.AvgPool(%a0) {exclude_pad, kernel_size = array<i64: 3, "
      "3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, "
      "strides = array<i64: 2, 2>, post_op = {name = \"IE.ReLU\"}} : "
      "tensor<1x8x8x8x!quant.uniform<u8:f32, 0.5:128>> -> "
      "tensor<1x8x4x4x!quant.uniform<u8:f32, 0.5:128>>");
  EXPECT_EQ(call.kernel, "quantized_avg_pool");
  EXPECT_EQ(operands(call), "0 -> 0");
  // Kernel, strides, pads, floor rounding, excludePad, the input's and the
  // output's scale and zero point, the output's range, ReLU.
  EXPECT_EQ(scalars(call),
            "3, 3, 2, 2, 1, 1, 1, 1, 0, 1, 0.5f, 128, 0.5f, 128, 0, 255, " +
                std::to_string(static_cast<int32_t>(abi::ActivationOp::Relu)) +
                ", 0f, 0f");

  // A float pool keeps the float kernel.
  call = mapOp("%a0: tensor<1x8x8x8xf16>",
               "%0 = VPU.SW.AvgPool(%a0) {kernel_size = array<i64: 2, 2>, "
               "pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, "
               "strides = array<i64: 2, 2>} : tensor<1x8x8x8xf16> -> "
               "tensor<1x8x4x4xf16>");
  EXPECT_EQ(call.kernel, "avg_pool");
}

//===----------------------------------------------------------------------===//
// Failures
//===----------------------------------------------------------------------===//

TEST_F(KernelMappingTest, unmappedKernelsFail) {
  EXPECT_EQ(failOp("%a0: tensor<2x3xf32>",
                   "%0 = VPU.SW.Tile(%a0) {repeats = array<i64: 2, 1>} : "
                   "tensor<2x3xf32> -> tensor<4x3xf32>"),
            "the software-kernel library has no kernel for VPU kernel 'tile'");
}

TEST_F(KernelMappingTest, integerTensorsOfFloatKernelsFail) {
  EXPECT_EQ(failOp("%a0: tensor<4xsi8>",
                   "%0 = VPU.SW.Abs(%a0) : tensor<4xsi8> -> tensor<4xsi8>"),
            "VPU kernel 'abs' cannot run as library kernel 'activation': input "
            "#0 has element type si8; the library kernel takes f32, f16 or "
            "bf16 tensors only");
}

TEST_F(KernelMappingTest, shapesTheLibraryDoesNotTakeFail) {
  EXPECT_EQ(
      failOp("%a0: tensor<1x16x8x8xf32>, %a1: tensor<16xf32>",
             "%0 = VPU.SW.PRelu(%a0, %a1) : tensor<1x16x8x8xf32>, "
             "tensor<16xf32> -> tensor<1x16x8x8xf32>"),
      "parameter 'per_channel' of VPU kernel 'prelu' is not supported by "
      "library kernel 'prelu': the library broadcasts the slope NumPy-style: "
      "a 1-D per-channel slope of a rank-4 input must be given as a [C, 1, "
      "...] tensor");
  EXPECT_EQ(failOp("%a0: tensor<4x16xf32>, %a1: tensor<10x16xf32>, %a2: "
                   "tensor<1x10xf32>",
                   "%0 = VPU.SW.FullyConnected(%a0, %a1, %a2) : "
                   "tensor<4x16xf32>, tensor<10x16xf32>, tensor<1x10xf32> -> "
                   "tensor<4x10xf32>"),
            "VPU kernel 'fully_connected_bias' cannot run as library kernel "
            "'fully_connected': the library takes the bias as a 1-D [OC] "
            "tensor; reshape the rank-2 bias first");
  EXPECT_EQ(failOp("%a0: tensor<8xf32>, %a1: tensor<8x4xf32>",
                   "%0 = VPU.SW.MatMul(%a0, %a1) : tensor<8xf32>, "
                   "tensor<8x4xf32> -> tensor<4xf32>"),
            "VPU kernel 'matmul' cannot run as library kernel 'matmul': input "
            "#0 is 1-D; the library's matmul takes matrices (reshape the "
            "vector first)");
}

/// A hand-made call of `name` on the arguments of `args` (all inputs but
/// the last, which is the output) with `params`.
class HandMadeCallTest : public KernelMappingTest {
protected:
  VPU::SWKernelInfo call(StringRef args, StringRef name,
                         llvm::function_ref<void(VPU::SWKernelParams &)> fill) {
    module = parseSourceString<ModuleOp>(
        ("func.func @f(" + args + ") {\n  return\n}\n").str(), &context);
    EXPECT_TRUE(module);
    auto func = llvm::cast<func::FuncOp>(module->getBody()->front());
    ValueRange arguments = func.getArguments();
    VPU::SWKernelParams params(&context);
    fill(params);
    return VPU::SWKernelInfo::get(name, arguments.drop_back(),
                                  arguments.take_back(), params);
  }
};

TEST_F(HandMadeCallTest, outOfRangeParametersAreNamed) {
  const char *args = "%a0: tensor<1x8x4x4xf16>, %a1: tensor<1x8x4x4xf16>";
  EXPECT_TRUE(failed(map(call(args, "reduce_sum", [](auto &p) {
    p.addI64("axes", 1 << 4);
    p.addFlag("keep_dims", true);
  }))));
  EXPECT_EQ(diagnostic,
            "parameter 'axes' of VPU kernel 'reduce_sum' is not supported by "
            "library kernel 'reduce': axis mask 16 has bits beyond the rank 4");

  EXPECT_TRUE(
      failed(map(call(args, "softmax", [](auto &p) { p.addI64("axis", 4); }))));
  EXPECT_EQ(diagnostic,
            "parameter 'axis' of VPU kernel 'softmax' is not supported by "
            "library kernel 'softmax': axis 4 is outside [0, 4)");

  EXPECT_TRUE(failed(map(call(args, "pad", [](auto &p) {
    p.addI64("mode", 3);
    p.addF32("pad_value", 0.0);
    p.addI64List("pads_begin", {0, 0, 0, 0});
    p.addI64List("pads_end", {0, 0, 0, 0});
  }))));
  EXPECT_EQ(diagnostic, "parameter 'mode' of VPU kernel 'pad' is not "
                        "supported by library kernel 'pad': unsupported value "
                        "3");

  EXPECT_TRUE(failed(map(call(args, "pad", [](auto &p) {
    p.addI64("mode", 0);
    p.addF32("pad_value", 0.0);
    p.addI64List("pads_begin", {0, int64_t{1} << 33, 0, 0});
    p.addI64List("pads_end", {0, 0, 0, 0});
  }))));
  EXPECT_EQ(diagnostic, "parameter 'pads_begin_1' of VPU kernel 'pad' is not "
                        "supported by library kernel 'pad': value 8589934592 "
                        "does not fit int32");

  EXPECT_TRUE(failed(
      map(call(args, "transpose", [](auto &p) { p.addI64("perm", 0x1224); }))));
  EXPECT_EQ(diagnostic, "parameter 'perm' of VPU kernel 'transpose' is not "
                        "supported by library kernel 'transpose': code 0x1224 "
                        "is not a permutation of 4 dims");

  EXPECT_TRUE(failed(map(call(args, "depth_to_space", [](auto &p) {
    p.addI64("block_size", 2);
    p.addI64("mode", 2);
  }))));
  EXPECT_EQ(diagnostic,
            "parameter 'mode' of VPU kernel 'depth_to_space' is not supported "
            "by library kernel 'depth_to_space': unsupported value 2");
}

TEST_F(HandMadeCallTest, byNameScalarsAreChecked) {
  const char *args = "%a0: tensor<2x8xf16>, %a1: tensor<2xsi64>";
  // An axis beyond the input rank.
  EXPECT_TRUE(failed(map(call(args, "argmax", [](auto &p) {
    p.addI64("axis", 2);
    p.addFlag("keep_dims", false);
    p.addFlag("select_last_index", false);
  }))));
  EXPECT_EQ(diagnostic, "parameter 'axis' of VPU kernel 'argmax' is not "
                        "supported by library kernel 'argmax': axis 2 is "
                        "outside [0, 2)");
  // A flag outside the contract's range [0, 1].
  EXPECT_TRUE(failed(map(call(args, "argmin", [](auto &p) {
    p.addI64("axis", 1);
    p.addI64("keep_dims", 3);
    p.addFlag("select_last_index", false);
  }))));
  EXPECT_EQ(diagnostic, "VPU kernel 'argmin' cannot run as library kernel "
                        "'argmin': scalar 'keepDims' is 3, outside the "
                        "library's range [0, 1]");
  // A parameter the contract does not name.
  EXPECT_TRUE(failed(map(call(args, "argmin", [](auto &p) {
    p.addI64("axis", 1);
    p.addFlag("keep_dims", false);
  }))));
  EXPECT_EQ(diagnostic, "internal error mapping VPU kernel 'argmin' onto "
                        "library kernel 'argmin': no i64 parameter "
                        "'select_last_index'");
}

TEST_F(HandMadeCallTest, ranksAboveTheLibraryMaximumFail) {
  EXPECT_TRUE(failed(map(call("%a0: tensor<1x1x1x1x1x1x1x1x2xf32>, %a1: "
                              "tensor<1x1x1x1x1x1x1x1x2xf32>",
                              "relu", [](auto &) {}))));
  EXPECT_EQ(diagnostic, "VPU kernel 'relu' cannot run as library kernel "
                        "'relu': input #0 has rank 9, above the library's "
                        "maximum rank 8");
}

TEST_F(HandMadeCallTest, tableInconsistenciesAreInternalErrors) {
  const char *args = "%a0: tensor<1x8xf16>, %a1: tensor<1x8xf16>";
  EXPECT_TRUE(failed(map(call(args, "softmax", [](auto &) {}))));
  EXPECT_EQ(diagnostic, "internal error mapping VPU kernel 'softmax' onto "
                        "library kernel 'softmax': no i64 parameter 'axis'");
  EXPECT_TRUE(
      failed(map(call(args, "relu", [](auto &p) { p.addI64("extra", 1); }))));
  EXPECT_EQ(diagnostic, "internal error mapping VPU kernel 'relu' onto "
                        "library kernel 'relu': parameter 'extra' is not "
                        "translated");
  // One input too many: the signature check catches it.
  EXPECT_TRUE(failed(map(call("%a0: tensor<1x8xf16>, %a1: tensor<1x8xf16>, "
                              "%a2: tensor<1x8xf16>",
                              "relu", [](auto &) {}))));
  EXPECT_EQ(diagnostic,
            "internal error mapping VPU kernel 'relu' onto library kernel "
            "'relu': the call does not match the library signature: it has 2 "
            "in, 1 out, 0 i32, 0 f32 arguments, the kernel 1 in, 1 out, 0 "
            "i32, 0 f32 (or another order)");
  // An input the mapping does not pass.
  EXPECT_TRUE(failed(map(call("%a0: tensor<1x8xf16>, %a1: tensor<8xf16>, "
                              "%a2: tensor<8xf16>, %a3: tensor<8xf16>, %a4: "
                              "tensor<1x8xf16>",
                              "layer_norm_bias", [](auto &p) {
                                p.addI64("axis", 1);
                                p.addF32("epsilon", 0.5);
                              }))));
  EXPECT_EQ(diagnostic, "internal error mapping VPU kernel 'layer_norm_bias' "
                        "onto library kernel 'layer_norm': not every VPU "
                        "input is an operand of the call");
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

TEST(KernelTableTest, everyEntryNamesALibraryKernel) {
  llvm::SmallVector<llvm::StringRef> names = getMappedVpuKernels();
  EXPECT_GE(names.size(), 70u);
  EXPECT_TRUE(llvm::is_sorted(names));
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
  llvm::StringSet<> library;
#define VPUC_KERNEL_NAME(Kernel) library.insert(abi::Kernel::name);
  VPUC_SW_KERNELS(VPUC_KERNEL_NAME)
#undef VPUC_KERNEL_NAME
  for (llvm::StringRef name : names) {
    llvm::StringRef kernel = getAbiKernelFor(name);
    EXPECT_TRUE(library.contains(kernel))
        << name.str() << " -> " << kernel.str();
    EXPECT_TRUE(getAbiSignature(kernel).has_value()) << kernel.str();
  }
  EXPECT_EQ(getAbiKernelFor("lrn"), "lrn");
  EXPECT_TRUE(getAbiKernelFor("tile").empty());
  EXPECT_FALSE(getAbiSignature("no_such_kernel").has_value());
  std::optional<llvm::ArrayRef<abi::ArgKind>> conv =
      getAbiSignature("convolution");
  ASSERT_TRUE(conv.has_value());
  EXPECT_EQ(conv->size(), std::size(abi::ConvolutionKernel::signature));
}

/// Every software layer of the VPU round-trip test maps without an internal
/// error: it is either mapped (and then checked against the signature) or
/// reported as unsupported by the library, and every mapped VPU kernel occurs
/// at least once.
TEST_F(KernelMappingTest, everyRoundTripOpMapsWithoutInternalError) {
  std::ifstream file("dialects/vpu/ir/test/ops.mlir");
  ASSERT_TRUE(file) << "cannot read dialects/vpu/ir/test/ops.mlir";
  std::stringstream buffer;
  buffer << file.rdbuf();
  std::string source = buffer.str();
  llvm::SmallVector<StringRef> chunks;
  StringRef(source).split(chunks, "// -----");
  llvm::StringSet<> mapped;
  int mappedOps = 0;
  for (StringRef chunk : chunks) {
    // The lexer needs a null-terminated buffer.
    const std::string chunkText = chunk.str();
    OwningOpRef<ModuleOp> chunkModule =
        parseSourceString<ModuleOp>(chunkText, &context);
    ASSERT_TRUE(chunkModule) << chunk.str();
    chunkModule->walk([&](VPU::SWKernelOpInterface layer) {
      VPU::SWKernelInfo info = layer.getKernelInfo();
      FailureOr<AbiKernelCall> call = map(info);
      EXPECT_EQ(diagnostic.find("internal error"), std::string::npos)
          << diagnostic;
      if (succeeded(call)) {
        mapped.insert(info.name);
        ++mappedOps;
      } else {
        EXPECT_FALSE(getAbiKernelFor(info.name).empty() &&
                     diagnostic.find("has no kernel for VPU kernel") ==
                         std::string::npos)
            << diagnostic;
      }
    });
  }
  EXPECT_GT(mappedOps, 60);
  for (llvm::StringRef name : getMappedVpuKernels()) {
    // No round-trip case of `shift` (a biases-only ScaleShift),
    // `fully_connected` or `layer_norm`; the round-trip cases of
    // `fully_connected_bias` ([1, O] bias) and `reduce_min` (integer
    // tensors) are outside the library. The tests above map them all.
    if (name == "shift" || name == "fully_connected" || name == "layer_norm" ||
        name == "fully_connected_bias" || name == "reduce_min") {
      continue;
    }
    EXPECT_TRUE(mapped.contains(name))
        << name.str() << " has no mapped case in test/ops.mlir";
  }
}

} // namespace
} // namespace mlir::vpuc::VPUIP
