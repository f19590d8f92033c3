//===- NCETest.cpp - The NCE ops, their PPE and HW limits -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The NCE legality of IE layers (NCELegalityOpInterface on IE ops and on
// described layers: supported, and each reason of unsupported), host inference
// equal to the IE op followed by its activation, the cost, the NCEOpInterface,
// the PPE helpers and the agreement of the limits with the built-in target
// descriptions.
//
//===----------------------------------------------------------------------===//

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/arch/Arch.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/Rounding.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

class NCETest : public ::testing::Test {
protected:
  NCETest() {
    DialectRegistry registry;
    registerVPUDialect(registry);
    context.appendDialectRegistry(registry);
    context.loadDialect<VPUDialect>();
  }

  /// Parses `body` (the ops of a function) into the module and returns the op
  /// that defines `@f`'s returned value.
  Operation *parseResultOp(const std::string &body) {
    module = parseSourceString<ModuleOp>(body, &context);
    if (!module) {
      ADD_FAILURE() << "cannot parse:\n" << body;
      return nullptr;
    }
    auto func = *module->getOps<func::FuncOp>().begin();
    Operation *ret = func.getBody().front().getTerminator();
    return ret->getOperand(0).getDefiningOp();
  }

  /// Runs `query` and returns the reasons it logged, one per line.
  template <typename Fn> std::string reasons(Fn query) {
    std::string text;
    bool ok = query([&](const Twine &reason) { text += reason.str() + "\n"; });
    EXPECT_EQ(ok, text.empty()) << text;
    return text;
  }

  /// Values rounded to f16, reproducible.
  std::vector<float> randomValues(int64_t count, float low = -2.0f,
                                  float high = 2.0f) {
    std::uniform_real_distribution<float> dist(low, high);
    std::vector<float> values(count);
    for (float &v : values) {
      v = IE::roundToF16(dist(rng));
    }
    return values;
  }

  /// Runs host inference of `op` on `inputs`; expects success.
  IE::HostTensor infer(Operation *op, ArrayRef<IE::HostTensor> inputs) {
    SmallVector<IE::HostTensor, 1> outputs;
    EXPECT_TRUE(succeeded(
        llvm::cast<IE::InferenceOpInterface>(op).inferOnCPU(inputs, outputs)))
        << op->getName().getStringRef().str();
    EXPECT_EQ(outputs.size(), 1u);
    return outputs.empty() ? IE::HostTensor() : outputs.front();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::mt19937 rng{20261121};
};

//===----------------------------------------------------------------------===//
// NCELegalityOpInterface on IE ops
//===----------------------------------------------------------------------===//

/// An IE convolution with a constant filter of `filterShape`, on an input of
/// `inputShape` with `inputEncoding` (", #NHWC" or ""), and `attrs`.
std::string ieConv(StringRef inputShape, StringRef filterShape,
                   StringRef outputShape, StringRef attrs,
                   StringRef elem = "f16", StringRef encoding = ", #NHWC",
                   bool constantFilter = true) {
  std::string filterDef =
      constantFilter ? ("%w = const.Declare tensor<" + filterShape + "x" +
                        elem + "> = #const.Content<dense<1.0> : tensor<" +
                        filterShape + "x" + elem + ">>")
                           .str()
                     : "";
  std::string filterArg =
      constantFilter ? ""
                     : (", %w: tensor<" + filterShape + "x" + elem + ">").str();
  return (R"(#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%x: tensor<)" +
          inputShape + "x" + elem + encoding + ">" + filterArg +
          ") -> tensor<" + outputShape + "x" + elem + encoding + "> {\n  " +
          filterDef + "\n  %0 = IE.Convolution(%x, %w) {" + attrs +
          "} : tensor<" + inputShape + "x" + elem + encoding + ">, tensor<" +
          filterShape + "x" + elem + "> -> tensor<" + outputShape + "x" + elem +
          encoding + ">\n  return %0 : tensor<" + outputShape + "x" + elem +
          encoding + ">\n}\n")
      .str();
}

constexpr const char *kUnitWindow =
    "dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, "
    "pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>";

TEST_F(NCETest, convolutionIsSupported) {
  auto conv = llvm::cast<IE::ConvolutionOp>(parseResultOp(ieConv(
      "1x16x8x8", "32x16x3x3", "1x32x8x8",
      "dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end "
      "= array<i64: 1, 1>, strides = array<i64: 1, 1>")));
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(conv, log); }),
      "");
}

TEST_F(NCETest, convolutionReasons) {
  struct Case {
    std::string source;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {ieConv("1x16x8x8", "16x16x12x1", "1x16x1x8",
              "dilations = array<i64: 1, 1>, pads_begin = array<i64: 2, 0>, "
              "pads_end = array<i64: 2, 0>, strides = array<i64: 1, 1>"),
       "kernel height 12 is outside the NCE range [1, 11]\n"},
      {ieConv("1x16x20x8", "16x16x1x1", "1x16x3x8",
              "dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, "
              "pads_end = array<i64: 0, 0>, strides = array<i64: 9, 1>"),
       "stride y 9 is outside the NCE range [1, 8]\n"},
      {ieConv("1x16x8x8", "16x16x3x3", "1x16x8x12",
              "dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 3>, "
              "pads_end = array<i64: 1, 3>, strides = array<i64: 1, 1>"),
       "pad_left 3 is not smaller than the kernel width 3 (an NCE limit)\n"
       "pad_right 3 is not smaller than the kernel width 3 (an NCE limit)\n"},
      {ieConv("1x16x20x20", "16x16x11x11", "1x16x22x22",
              "dilations = array<i64: 1, 1>, pads_begin = array<i64: 6, 6>, "
              "pads_end = array<i64: 6, 6>, strides = array<i64: 1, 1>"),
       "pad_top 6 is outside the NCE range [0, 5]\n"
       "pad_bottom 6 is outside the NCE range [0, 5]\n"
       "pad_left 6 is outside the NCE range [0, 5]\n"
       "pad_right 6 is outside the NCE range [0, 5]\n"},
      {ieConv("1x16x8x8", "16x16x3x3", "1x16x4x4",
              "dilations = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, "
              "pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>"),
       "dilations [2, 2] are not supported: the NCE has no dilated "
       "convolution\n"},
      {ieConv("1x3x8x8", "24x3x1x1", "1x24x8x8", kUnitWindow),
       "input channels 3 are not a multiple of the NCE channel alignment 16\n"
       "output channels 24 are not a multiple of the NCE channel alignment "
       "16\n"},
      {ieConv("2x16x8x8", "16x16x1x1", "2x16x8x8", kUnitWindow),
       "input #0 batch 2 is not 1: the NCE processes one image\n"
       "output batch 2 is not 1: the NCE processes one image\n"},
      {ieConv("1x16x8x8", "16x16x1x1", "1x16x8x8", kUnitWindow, "f32"),
       "input element type f32 is not supported by the NCE (f16)\n"
       "filter element type f32 is not supported by the NCE (f16)\n"
       "output element type f32 is not supported by the NCE (f16)\n"},
      {ieConv("1x16x8x8", "16x16x1x1", "1x16x8x8", kUnitWindow, "f16", ""),
       "input #0 order NCHW is not supported by the NCE (NHWC)\n"
       "output order NCHW is not supported by the NCE (NHWC)\n"},
      {ieConv("1x16x8x8", "16x16x1x1", "1x16x8x8", kUnitWindow, "f16",
              ", #NHWC", /*constantFilter=*/false),
       "the filter is not a constant: the NCE reads its weights through a "
       "weights table built at compile time\n"},
  };
  for (const Case &c : cases) {
    auto conv =
        llvm::dyn_cast_or_null<IE::ConvolutionOp>(parseResultOp(c.source));
    ASSERT_TRUE(conv);
    EXPECT_EQ(
        reasons([&](LogCallback log) { return isSupportedOnNCE(conv, log); }),
        c.expected)
        << c.source;
  }
}

TEST_F(NCETest, convolutionOptionsSkipLayoutsAndAlignment) {
  auto conv = llvm::cast<IE::ConvolutionOp>(parseResultOp(
      ieConv("1x3x8x8", "24x3x1x1", "1x24x8x8", kUnitWindow, "f16", "")));
  NCE::SupportOptions options;
  options.checkLayouts = false;
  options.checkChannelAlignment = false;
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE(conv, log, options);
            }),
            "");
  // A rank-3 (1-D) convolution is never supported.
  auto conv1d = llvm::cast<IE::ConvolutionOp>(parseResultOp(R"(
func.func @f(%x: tensor<1x16x8xf16>) -> tensor<1x16x8xf16> {
  %w = const.Declare tensor<16x16x1xf16> = #const.Content<dense<1.0> : tensor<16x16x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x16x8xf16>, tensor<16x16x1xf16> -> tensor<1x16x8xf16>
  return %0 : tensor<1x16x8xf16>
})"));
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE(conv1d, log, options);
            }),
            "input #0 type tensor<1x16x8xf16> is not a static rank-4 tensor: "
            "the NCE runs 2-D ops on [N, C, H, W]\n"
            "output type tensor<1x16x8xf16> is not a static rank-4 tensor: "
            "the NCE runs 2-D ops on [N, C, H, W]\n");
}

TEST_F(NCETest, depthConvolution) {
  auto source = [](StringRef filter, StringRef output, int64_t groups) {
    return (R"(#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<)" +
            output + R"(xf16, #NHWC> {
  %w = const.Declare tensor<)" +
            filter + "xf16> = #const.Content<dense<1.0> : tensor<" + filter +
            R"(xf16>>
  %b = const.Declare tensor<)" +
            output.substr(2, 2) +
            "xf16> = #const.Content<dense<0.5> : tensor<" +
            output.substr(2, 2) +
            R"(xf16>>
  %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, groups = )" +
            Twine(groups) +
            R"( : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<)" +
            filter + "xf16>, tensor<" + output.substr(2, 2) +
            "xf16> -> tensor<" + output + R"(xf16, #NHWC>
  return %0 : tensor<)" +
            output + R"(xf16, #NHWC>
})")
        .str();
  };
  auto supported = llvm::cast<IE::GroupConvolutionOp>(
      parseResultOp(source("16x1x3x3", "1x16x8x8", 16)));
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE(supported, log);
            }),
            "");
  auto grouped = llvm::cast<IE::GroupConvolutionOp>(
      parseResultOp(source("32x2x3x3", "1x32x8x8", 8)));
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(grouped, log); }),
      "groups 8 with 16 input and 32 output channels is not a depthwise "
      "convolution (groups = input channels = output channels)\n");
}

TEST_F(NCETest, pools) {
  auto maxPool = [&](StringRef attrs, StringRef output) {
    return llvm::cast<IE::MaxPoolOp>(parseResultOp(
        (R"(#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%x: tensor<1x16x7x7xf16, #NHWC>) -> tensor<)" +
         output + R"(xf16, #NHWC> {
  %0 = IE.MaxPool(%x) {)" +
         attrs + R"(} : tensor<1x16x7x7xf16, #NHWC> -> tensor<)" + output +
         R"(xf16, #NHWC>
  return %0 : tensor<)" +
         output + R"(xf16, #NHWC>
})")
            .str()));
  };
  const char *window = "kernel_size = array<i64: 2, 2>, pads_begin = "
                       "array<i64: 0, 0>, pads_end = array<i64: 0, 0>, "
                       "strides = array<i64: 2, 2>";
  IE::MaxPoolOp floor = maxPool(window, "1x16x3x3");
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(floor, log); }),
      "");
  IE::MaxPoolOp ceil =
      maxPool(std::string(window) + ", rounding_type = #IE.rounding_type<ceil>",
              "1x16x4x4");
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(ceil, log); }),
      "rounding_type ceil is not supported: NCE pools round the output "
      "size down (floor)\n");

  auto avgPool = llvm::cast<IE::AvgPoolOp>(parseResultOp(
      R"(#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%x: tensor<1x16x7x7xf16, #NHWC>) -> tensor<1x16x7x7xf16, #NHWC> {
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x7x7xf16, #NHWC> -> tensor<1x16x7x7xf16, #NHWC>
  return %0 : tensor<1x16x7x7xf16, #NHWC>
})"));
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(avgPool, log); }),
      "exclude_pad with padding is not supported: the NCE divides every "
      "window by the kernel area\n");
}

TEST_F(NCETest, eltwise) {
  auto parse = [&](StringRef op, StringRef a, StringRef b, StringRef out) {
    return parseResultOp(
        (R"(#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%a: tensor<)" +
         a + R"(xf16, #NHWC>, %b: tensor<)" + b +
         R"(xf16, #NHWC>) -> tensor<)" + out + R"(xf16, #NHWC> {
  %0 = )" +
         op + R"((%a, %b) : tensor<)" + a + R"(xf16, #NHWC>, tensor<)" + b +
         R"(xf16, #NHWC> -> tensor<)" + out + R"(xf16, #NHWC>
  return %0 : tensor<)" +
         out + R"(xf16, #NHWC>
})")
            .str());
  };
  for (const char *name : {"IE.Add", "IE.Subtract", "IE.Multiply"}) {
    Operation *op = parse(name, "1x16x4x4", "1x16x4x4", "1x16x4x4");
    EXPECT_EQ(
        reasons([&](LogCallback log) { return isSupportedOnNCE(op, log); }), "")
        << name;
  }
  EXPECT_EQ(NCEEltwiseOp::getEltwiseType(
                parse("IE.Subtract", "1x16x4x4", "1x16x4x4", "1x16x4x4")),
            EltwiseType::SUBTRACT);
  Operation *broadcast = parse("IE.Add", "1x16x4x4", "1x16x1x1", "1x16x4x4");
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE(broadcast, log);
            }),
            "input shapes [1, 16, 4, 4] and [1, 16, 1, 1] differ: the NCE "
            "eltwise does not broadcast\n");
  Operation *maximum = parse("IE.Maximum", "1x16x4x4", "1x16x4x4", "1x16x4x4");
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(maximum, log); }),
      "'IE.Maximum' has no NCE form\n");
  // Before the channel expansion: 8 channels (padded to 16, twice the data)
  // are offered to the NCE, 7 and 1 are not; with the alignment checked, any
  // unaligned count is refused as before.
  NCE::SupportOptions ieStage = NCE::getIEStageOptions();
  EXPECT_TRUE(isSupportedOnNCE(
      parse("IE.Add", "1x8x4x4", "1x8x4x4", "1x8x4x4"), [](const Twine &) {},
      ieStage));
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE(
                  parse("IE.Add", "1x7x4x4", "1x7x4x4", "1x7x4x4"), log,
                  ieStage);
            }),
            "7 channels would be padded to 16, more than 2 times the data: "
            "the eltwise stays a software layer\n");
  Operation *residual =
      parse("IE.Multiply", "1x1x64x256", "1x1x64x256", "1x1x64x256");
  EXPECT_FALSE(isSupportedOnNCE(residual, [](const Twine &) {}, ieStage));
  EXPECT_EQ(
      reasons([&](LogCallback log) { return isSupportedOnNCE(residual, log); }),
      "channels 1 are not a multiple of the NCE channel alignment 16\n");
}

//===----------------------------------------------------------------------===//
// The query on described layers: types and attributes, no IR
//===----------------------------------------------------------------------===//

/// A static f16 tensor type (no encoding) of `shape`.
RankedTensorType f16Tensor(MLIRContext &context, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, Float16Type::get(&context));
}

/// A 3x3 convolution 16 -> 32 channels on [1, 16, 8, 8] with padding 1 and a
/// constant filter and bias, as the IE stage describes it.
NCE::LayerDesc describedConvolution(MLIRContext &context) {
  NCE::LayerDesc layer;
  layer.inputs = {f16Tensor(context, {1, 16, 8, 8})};
  layer.output = f16Tensor(context, {1, 32, 8, 8});
  layer.filter = f16Tensor(context, {32, 16, 3, 3});
  layer.constantFilter = true;
  layer.bias = f16Tensor(context, {32});
  layer.constantBias = true;
  layer.strides = {1, 1};
  layer.padsBegin = {1, 1};
  layer.padsEnd = {1, 1};
  layer.dilations = {1, 1};
  return layer;
}

TEST_F(NCETest, describedConvolution) {
  const NCE::SupportOptions ieStage = NCE::getIEStageOptions();
  auto ask = [&](const NCE::LayerDesc &layer,
                 NCE::SupportOptions options = NCE::getIEStageOptions()) {
    return reasons([&](LogCallback log) {
      return isSupportedOnNCE<IE::ConvolutionOp>(&context, layer, log, options);
    });
  };
  EXPECT_EQ(ask(describedConvolution(context)), "");

  NCE::LayerDesc bigKernel = describedConvolution(context);
  bigKernel.filter = f16Tensor(context, {32, 16, 12, 3});
  EXPECT_EQ(ask(bigKernel),
            "kernel height 12 is outside the NCE range [1, 11]\n");

  NCE::LayerDesc bigStride = describedConvolution(context);
  bigStride.strides = {1, 9};
  EXPECT_EQ(ask(bigStride), "stride x 9 is outside the NCE range [1, 8]\n");

  NCE::LayerDesc unaligned = describedConvolution(context);
  unaligned.inputs = {f16Tensor(context, {1, 3, 8, 8})};
  unaligned.filter = f16Tensor(context, {32, 3, 3, 3});
  EXPECT_EQ(ask(unaligned), "") << "the IE stage leaves the alignment out";
  NCE::SupportOptions aligned = ieStage;
  aligned.checkChannelAlignment = true;
  EXPECT_EQ(ask(unaligned, aligned),
            "input channels 3 are not a multiple of the NCE channel alignment "
            "16\n");

  NCE::LayerDesc f32 = describedConvolution(context);
  f32.inputs = {
      RankedTensorType::get({1, 16, 8, 8}, Float32Type::get(&context))};
  EXPECT_EQ(ask(f32),
            "input element type f32 is not supported by the NCE (f16)\n");

  NCE::LayerDesc variableWeights = describedConvolution(context);
  variableWeights.constantFilter = false;
  variableWeights.constantBias = false;
  EXPECT_EQ(ask(variableWeights),
            "the filter is not a constant: the NCE reads its weights through a "
            "weights table built at compile time\n"
            "the bias is not a constant: the NCE reads it from the weights "
            "table\n");

  NCE::LayerDesc nchw = describedConvolution(context);
  EXPECT_EQ(ask(nchw, NCE::SupportOptions()),
            "input #0 order NCHW is not supported by the NCE (NHWC)\n"
            "output order NCHW is not supported by the NCE (NHWC)\n");

  NCE::LayerDesc noFilter = describedConvolution(context);
  noFilter.filter = nullptr;
  EXPECT_EQ(ask(noFilter), "the convolution has no filter type\n");
}

TEST_F(NCETest, describedDepthConvolutionPoolsAndEltwise) {
  const NCE::SupportOptions ieStage = NCE::getIEStageOptions();
  NCE::LayerDesc depthwise;
  depthwise.inputs = {f16Tensor(context, {1, 16, 8, 8})};
  depthwise.output = f16Tensor(context, {1, 16, 8, 8});
  depthwise.filter = f16Tensor(context, {16, 1, 1, 1});
  depthwise.constantFilter = true;
  depthwise.strides = {1, 1};
  depthwise.padsBegin = {0, 0};
  depthwise.padsEnd = {0, 0};
  depthwise.dilations = {1, 1};
  depthwise.groups = 16;
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::GroupConvolutionOp>(
                  &context, depthwise, log, ieStage);
            }),
            "");
  // A depthwise filter may be an activation (the DPU reads it from CMX); a
  // bias must still be a constant (it is in the weights table).
  NCE::LayerDesc activationFilter = depthwise;
  activationFilter.constantFilter = false;
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::GroupConvolutionOp>(
                  &context, activationFilter, log, ieStage);
            }),
            "");
  activationFilter.bias = f16Tensor(context, {16});
  activationFilter.constantBias = false;
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::GroupConvolutionOp>(
                  &context, activationFilter, log, ieStage);
            }),
            "the bias is not a constant: the NCE reads it from the weights "
            "table\n");
  depthwise.groups = 4;
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::GroupConvolutionOp>(
                  &context, depthwise, log, ieStage);
            }),
            "groups 4 with 16 input and 16 output channels is not a depthwise "
            "convolution (groups = input channels = output channels)\n");

  NCE::LayerDesc pool;
  pool.inputs = {f16Tensor(context, {1, 16, 14, 14})};
  pool.output = f16Tensor(context, {1, 16, 1, 1});
  pool.kernel = {14, 14};
  pool.strides = {1, 1};
  pool.padsBegin = {0, 0};
  pool.padsEnd = {0, 0};
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::AvgPoolOp>(&context, pool, log,
                                                     ieStage);
            }),
            "kernel height 14 is outside the NCE range [1, 11]\n"
            "kernel width 14 is outside the NCE range [1, 11]\n");
  pool.kernel = {7, 7};
  pool.strides = {7, 7};
  pool.output = f16Tensor(context, {1, 16, 2, 2});
  pool.ceilRounding = true;
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::MaxPoolOp>(&context, pool, log,
                                                     ieStage);
            }),
            "rounding_type ceil is not supported: NCE pools round the output "
            "size down (floor)\n");
  pool.ceilRounding = false;
  pool.excludePad = true;
  pool.padsEnd = {1, 1};
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::AvgPoolOp>(&context, pool, log,
                                                     ieStage);
            }),
            "exclude_pad with padding is not supported: the NCE divides every "
            "window by the kernel area\n");

  NCE::LayerDesc eltwise;
  eltwise.inputs = {f16Tensor(context, {1, 16, 4, 4}),
                    f16Tensor(context, {1, 16, 4, 4})};
  eltwise.output = f16Tensor(context, {1, 16, 4, 4});
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::MultiplyOp>(&context, eltwise, log,
                                                      ieStage);
            }),
            "");
  eltwise.inputs.pop_back();
  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::AddOp>(&context, eltwise, log,
                                                 ieStage);
            }),
            "an NCE eltwise op has two inputs, not 1\n");

  EXPECT_EQ(reasons([&](LogCallback log) {
              return isSupportedOnNCE<IE::MaximumOp>(&context, eltwise, log,
                                                     ieStage);
            }),
            "'IE.Maximum' has no NCE form\n");
}

TEST_F(NCETest, layerDescOfAnOp) {
  auto conv = llvm::cast<IE::ConvolutionOp>(parseResultOp(ieConv(
      "1x16x8x8", "32x16x3x3", "1x32x4x4",
      "dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end "
      "= array<i64: 0, 0>, strides = array<i64: 2, 2>")));
  auto legality = llvm::dyn_cast<NCELegalityOpInterface>(conv.getOperation());
  ASSERT_TRUE(legality);
  NCE::LayerDesc layer = legality.getNCELayerDesc();
  ASSERT_EQ(layer.inputs.size(), 1u);
  EXPECT_EQ(layer.inputs.front(), conv.getInput().getType());
  EXPECT_EQ(layer.output, conv.getOutput().getType());
  EXPECT_EQ(layer.filter, conv.getFilter().getType());
  EXPECT_TRUE(layer.constantFilter);
  EXPECT_FALSE(layer.bias);
  EXPECT_EQ(layer.strides, (SmallVector<int64_t, 2>{2, 2}));
  EXPECT_EQ(layer.padsBegin, (SmallVector<int64_t, 2>{1, 1}));
  EXPECT_EQ(layer.padsEnd, (SmallVector<int64_t, 2>{0, 0}));
  EXPECT_EQ(layer.dilations, (SmallVector<int64_t, 2>{1, 1}));
  EXPECT_TRUE(legality.isSupportedOnNCE(NCE::ignoreReason));
}

TEST_F(NCETest, legalityNeedsTheExtension) {
  // Without the VPU dialect's extension the IE layers have no NCE form.
  MLIRContext bare;
  bare.loadDialect<IE::IEDialect>();
  NCE::LayerDesc layer = describedConvolution(bare);
  std::string text;
  EXPECT_FALSE(isSupportedOnNCE<IE::ConvolutionOp>(
      &bare, layer, [&](const Twine &reason) { text += reason.str(); }));
  EXPECT_EQ(text, "'IE.Convolution' has no NCE form");
}

TEST_F(NCETest, windowOutputType) {
  RankedTensorType input = f16Tensor(context, {1, 16, 7, 9});
  FailureOr<RankedTensorType> output =
      NCE::inferWindowOutputType(input, 32, {3, 3}, {2, 2}, {1, 1}, {0, 1});
  ASSERT_TRUE(succeeded(output));
  EXPECT_EQ(*output, f16Tensor(context, {1, 32, 3, 5}));
  EXPECT_TRUE(failed(
      NCE::inferWindowOutputType(input, 16, {9, 3}, {1, 1}, {0, 0}, {0, 0})));
}

NCE::Reasons collectTwo() {
  NCE::Reasons reasons;
  LogCallback log = reasons;
  log("a");
  log("b");
  return reasons;
}

TEST(NCEReasonsTest, joinsWhatItCollects) {
  EXPECT_EQ(collectTwo().join(), "a; b");
  EXPECT_TRUE(NCE::Reasons().empty());
}

//===----------------------------------------------------------------------===//
// Host inference: the IE op, then its activation
//===----------------------------------------------------------------------===//

/// A function with an IE layer `ieLayer` followed by the activation
/// `activation` (may be empty) and the NCE op `nceOp`, on the same arguments.
struct Pair {
  Operation *ieLayer = nullptr;
  Operation *ieActivation = nullptr;
  Operation *nce = nullptr;
};

TEST_F(NCETest, hostInferenceEqualsIE) {
  struct Case {
    std::string name;
    std::string body;
    std::vector<std::vector<int64_t>> argShapes;
    float tolerance;
  };
  const std::string nhwc =
      "#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>\n";
  const std::vector<Case> cases = {
      {"conv+relu",
       R"(
func.func @f(%x: tensor<1x16x6x5xf16, #NHWC>, %w: tensor<32x16x3x3xf16, #NHWC>, %b: tensor<32xf16>) -> tensor<1x32x3x5xf16, #NHWC> {
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, strides = array<i64: 2, 1>} : tensor<1x16x6x5xf16, #NHWC>, tensor<32x16x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x3x5xf16, #NHWC>
  %1 = IE.ReLU(%0) : tensor<1x32x3x5xf16, #NHWC> -> tensor<1x32x3x5xf16, #NHWC>
  %2 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 2, 1>} : tensor<1x16x6x5xf16, #NHWC>, tensor<32x16x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x3x5xf16, #NHWC>
  return %2 : tensor<1x32x3x5xf16, #NHWC>
})",
       {{1, 16, 6, 5}, {32, 16, 3, 3}, {32}},
       0.0f},
      {"conv+clamp",
       R"(
func.func @f(%x: tensor<1x16x4x4xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %1 = IE.Clamp(%0) {max = 1.0 : f64, min = -0.5 : f64} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %2 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<CLAMP, clamp_low = -0.5, clamp_high = 1.0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %2 : tensor<1x16x4x4xf16, #NHWC>
})",
       {{1, 16, 4, 4}, {16, 16, 1, 1}},
       0.0f},
      // LeakyRelu on the f16-rounded conv output vs on the FP32 one: 1 ulp.
      {"depthconv+leaky",
       R"(
func.func @f(%x: tensor<1x16x5x5xf16, #NHWC>, %w: tensor<16x1x3x3xf16, #NHWC>) -> tensor<1x16x3x3xf16, #NHWC> {
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x5x5xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %1 = IE.LeakyRelu(%0) {negative_slope = 0.1 : f64} : tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %2 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1>, strides = array<i64: 2, 2>} : tensor<1x16x5x5xf16, #NHWC>, tensor<16x1x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  return %2 : tensor<1x16x3x3xf16, #NHWC>
})",
       {{1, 16, 5, 5}, {16, 1, 3, 3}},
       2e-3f},
      {"maxpool",
       R"(
func.func @f(%x: tensor<1x16x7x7xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %2 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %2 : tensor<1x16x4x4xf16, #NHWC>
})",
       {{1, 16, 7, 7}},
       0.0f},
      {"avgpool+relu",
       R"(
func.func @f(%x: tensor<1x16x7x7xf16, #NHWC>) -> tensor<1x16x7x7xf16, #NHWC> {
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x7x7xf16, #NHWC> -> tensor<1x16x7x7xf16, #NHWC>
  %1 = IE.ReLU(%0) : tensor<1x16x7x7xf16, #NHWC> -> tensor<1x16x7x7xf16, #NHWC>
  %2 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>} : tensor<1x16x7x7xf16, #NHWC> -> tensor<1x16x7x7xf16, #NHWC>
  return %2 : tensor<1x16x7x7xf16, #NHWC>
})",
       {{1, 16, 7, 7}},
       0.0f},
      {"add+relu",
       R"(
func.func @f(%a: tensor<1x16x3x3xf16, #NHWC>, %b: tensor<1x16x3x3xf16, #NHWC>) -> tensor<1x16x3x3xf16, #NHWC> {
  %0 = IE.Add(%a, %b) : tensor<1x16x3x3xf16, #NHWC>, tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %1 = IE.ReLU(%0) : tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %2 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>} : tensor<1x16x3x3xf16, #NHWC>, tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  return %2 : tensor<1x16x3x3xf16, #NHWC>
})",
       {{1, 16, 3, 3}, {1, 16, 3, 3}},
       0.0f},
      {"subtract",
       R"(
func.func @f(%a: tensor<1x16x3x3xf16, #NHWC>, %b: tensor<1x16x3x3xf16, #NHWC>) -> tensor<1x16x3x3xf16, #NHWC> {
  %0 = IE.Subtract(%a, %b) : tensor<1x16x3x3xf16, #NHWC>, tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %2 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>} : tensor<1x16x3x3xf16, #NHWC>, tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  return %2 : tensor<1x16x3x3xf16, #NHWC>
})",
       {{1, 16, 3, 3}, {1, 16, 3, 3}},
       0.0f},
      {"multiply+clamp",
       R"(
func.func @f(%a: tensor<1x16x3x3xf16, #NHWC>, %b: tensor<1x16x3x3xf16, #NHWC>) -> tensor<1x16x3x3xf16, #NHWC> {
  %0 = IE.Multiply(%a, %b) : tensor<1x16x3x3xf16, #NHWC>, tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %1 = IE.Clamp(%0) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  %2 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>} : tensor<1x16x3x3xf16, #NHWC>, tensor<1x16x3x3xf16, #NHWC> -> tensor<1x16x3x3xf16, #NHWC>
  return %2 : tensor<1x16x3x3xf16, #NHWC>
})",
       {{1, 16, 3, 3}, {1, 16, 3, 3}},
       0.0f},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    Operation *nce = parseResultOp(nhwc + c.body);
    ASSERT_TRUE(nce);
    ASSERT_TRUE(llvm::isa<NCEOpInterface>(nce));
    std::vector<IE::HostTensor> inputs;
    for (const std::vector<int64_t> &shape : c.argShapes) {
      inputs.emplace_back(shape,
                          randomValues(IE::HostTensor::getNumElements(shape)));
    }
    // The IE layer is the first op of the function, its activation (if any)
    // the second.
    Block &body = nce->getParentRegion()->front();
    Operation *ieLayer = &body.front();
    IE::HostTensor expected = infer(ieLayer, inputs);
    Operation *next = ieLayer->getNextNode();
    if (next != nce) {
      expected = infer(next, {expected});
    }
    IE::HostTensor actual = infer(nce, inputs);
    ASSERT_EQ(actual.shape, expected.shape);
    ASSERT_EQ(actual.data.size(), expected.data.size());
    for (size_t i = 0; i < actual.data.size(); ++i) {
      ASSERT_NEAR(actual.data[i], expected.data[i],
                  c.tolerance * (1.0f + std::abs(expected.data[i])))
          << "element " << i;
      // Every value is an f16 value.
      EXPECT_EQ(actual.data[i], IE::roundToF16(actual.data[i]));
    }
  }
}

TEST_F(NCETest, hostInferenceChecksItsInputs) {
  Operation *nce = parseResultOp(R"(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%x: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x2x2xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x2x2xf16, #NHWC>
  return %0 : tensor<1x16x2x2xf16, #NHWC>
})");
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  SmallVector<IE::HostTensor, 1> outputs;
  IE::HostTensor wrong = IE::HostTensor::filled({1, 16, 4, 5});
  EXPECT_TRUE(failed(
      llvm::cast<IE::InferenceOpInterface>(nce).inferOnCPU({wrong}, outputs)));
  EXPECT_EQ(message, "'VPU.NCE.MaxPool' op inference input #0 has shape "
                     "[1, 16, 4, 5] and 320 values but operand #0 has type "
                     "'tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> "
                     "(d0, d2, d3, d1)>>'");
}

//===----------------------------------------------------------------------===//
// Cost, interface, PPE helpers
//===----------------------------------------------------------------------===//

TEST_F(NCETest, costAndInterface) {
  Operation *op = parseResultOp(R"(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<32x16x3x3xf16, #NHWC>, %b: tensor<32xf16>) -> tensor<1x32x4x4xf16, #NHWC> {
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x4x4xf16, #NHWC>
  return %0 : tensor<1x32x4x4xf16, #NHWC>
})");
  auto cost = llvm::cast<IE::CostOpInterface>(op);
  const int64_t outputs = 32 * 4 * 4;
  EXPECT_EQ(cost.getNumMACs(), outputs * 16 * 3 * 3);
  // Two FLOPs per MAC, the bias and the ReLU.
  EXPECT_EQ(cost.getNumFLOPs(), 2 * outputs * 16 * 9 + 2 * outputs);
  auto nce = llvm::cast<NCEOpInterface>(op);
  EXPECT_EQ(nce.getKernelSizeVector(), (SmallVector<int64_t, 2>{3, 3}));
  EXPECT_EQ(nce.getStridesVector(), (SmallVector<int64_t, 2>{2, 2}));
  EXPECT_EQ(nce.getPadsBeginVector(), (SmallVector<int64_t, 2>{1, 0}));
  EXPECT_EQ(nce.getPadsEndVector(), (SmallVector<int64_t, 2>{0, 1}));
  EXPECT_EQ(nce.getPPE().getMode(), PPEMode::RELU);
  EXPECT_EQ(nce.getActivation(), op->getOperand(0));

  Operation *eltwise = parseResultOp(R"(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @f(%a: tensor<1x16x2x2xf16, #NHWC>) -> tensor<1x16x2x2xf16, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %a) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE>} : tensor<1x16x2x2xf16, #NHWC>, tensor<1x16x2x2xf16, #NHWC> -> tensor<1x16x2x2xf16, #NHWC>
  return %0 : tensor<1x16x2x2xf16, #NHWC>
})");
  EXPECT_EQ(llvm::cast<IE::CostOpInterface>(eltwise).getNumMACs(), 64);
  EXPECT_EQ(llvm::cast<NCEOpInterface>(eltwise).getKernelSizeVector(),
            (SmallVector<int64_t, 2>{1, 1}));
}

TEST_F(NCETest, ppeForActivation) {
  Operation *leaky = parseResultOp(R"(
func.func @f(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = IE.LeakyRelu(%x) {negative_slope = 0.25 : f64} : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
})");
  PPEAttr ppe = PPEAttr::getForActivation(leaky);
  ASSERT_TRUE(ppe);
  EXPECT_EQ(ppe, PPEAttr::getLeakyRelu(&context, 0.25));
  EXPECT_EQ(ppe.apply(-2.0f), -0.5f);
  EXPECT_EQ(ppe.apply(3.0f), 3.0f);

  Operation *clamp = parseResultOp(R"(
func.func @f(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = IE.Clamp(%x) {max = 6.0 : f64, min = 0.0 : f64} : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
})");
  EXPECT_EQ(PPEAttr::getForActivation(clamp),
            PPEAttr::getClamp(&context, 0.0, 6.0));
  EXPECT_EQ(PPEAttr::getClamp(&context, 0.0, 6.0).apply(7.0f), 6.0f);

  Operation *relu = parseResultOp(R"(
func.func @f(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = IE.ReLU(%x) : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
})");
  EXPECT_EQ(PPEAttr::getForActivation(relu).getMode(), PPEMode::RELU);
  EXPECT_EQ(PPEAttr::getForActivation(relu).apply(-1.0f), 0.0f);

  Operation *sigmoid = parseResultOp(R"(
func.func @f(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = IE.Sigmoid(%x) : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
})");
  EXPECT_FALSE(PPEAttr::getForActivation(sigmoid));
  EXPECT_FALSE(PPEAttr::getNone(&context).hasRequantization());
  EXPECT_EQ(PPEAttr::getNone(&context).apply(-1.5f), -1.5f);
}

//===----------------------------------------------------------------------===//
// Coverage and the target descriptions
//===----------------------------------------------------------------------===//

/// Every NCE op has a round-trip case in test/nce_ops.mlir.
TEST_F(NCETest, everyOpHasARoundTripCase) {
  std::ifstream file("dialects/vpu/ir/test/nce_ops.mlir");
  ASSERT_TRUE(file) << "cannot read dialects/vpu/ir/test/nce_ops.mlir";
  std::stringstream text;
  text << file.rdbuf();
  const std::string source = text.str();
  int ops = 0;
  for (RegisteredOperationName name : context.getRegisteredOperations()) {
    if (!name.getStringRef().starts_with("VPU.NCE.")) {
      continue;
    }
    ++ops;
    EXPECT_TRUE(name.hasInterface<NCEOpInterface>())
        << name.getStringRef().str();
    EXPECT_NE(source.find((name.getStringRef() + "(").str()), std::string::npos)
        << name.getStringRef().str() << " has no case in test/nce_ops.mlir";
  }
  EXPECT_EQ(ops, 5);
}

/// The default limits are those of every built-in target.
TEST(NCELimitsTest, agreeWithTheBuiltinTargets) {
  for (const std::string &name : arch::getBuiltinArchNames()) {
    SCOPED_TRACE(name);
    llvm::Expected<arch::ArchDesc> desc = arch::loadArch(name);
    ASSERT_TRUE(bool(desc)) << llvm::toString(desc.takeError());
    const auto &limits = desc->nce().limits();
    const NCE::Limits defaults;
    EXPECT_EQ(limits.max_kernel_size(), defaults.maxKernelSize);
    EXPECT_EQ(limits.max_stride(), defaults.maxStride);
    EXPECT_EQ(limits.max_pad(), defaults.maxPad);
    EXPECT_EQ(limits.channel_alignment(), defaults.channelAlignment);
    EXPECT_NE(std::find(limits.element_types().begin(),
                        limits.element_types().end(), "f16"),
              limits.element_types().end());
  }
}

} // namespace
} // namespace mlir::vpuc::VPU
