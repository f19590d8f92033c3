//===- InferenceExtraTest.cpp - Tests of the IEOpsExtra.td host kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds the ops of IEOpsExtra.td (result types inferred by the builders), runs
// inferOnCPU on small buffers and checks the values: Interpolate against
// outputs of the ONNX Resize reference implementation
// (onnx/backend/test/case/node/resize.py, generated offline with
// python3-onnx 1.12 on a 4x4 input 1..16), the others against hand-computed
// results. Also checks costs and inference-time errors.
//
//===----------------------------------------------------------------------===//

#include <numeric>
#include <string>
#include <vector>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

/// ONNX reference (linear half_pixel x2: shape [8, 8]).
const std::vector<float> kLinearHalfPixelX2 = {
    1.0f,  1.25f,  1.75f,  2.25f,  2.75f,  3.25f,  3.75f,  4.0f,
    2.0f,  2.25f,  2.75f,  3.25f,  3.75f,  4.25f,  4.75f,  5.0f,
    4.0f,  4.25f,  4.75f,  5.25f,  5.75f,  6.25f,  6.75f,  7.0f,
    6.0f,  6.25f,  6.75f,  7.25f,  7.75f,  8.25f,  8.75f,  9.0f,
    8.0f,  8.25f,  8.75f,  9.25f,  9.75f,  10.25f, 10.75f, 11.0f,
    10.0f, 10.25f, 10.75f, 11.25f, 11.75f, 12.25f, 12.75f, 13.0f,
    12.0f, 12.25f, 12.75f, 13.25f, 13.75f, 14.25f, 14.75f, 15.0f,
    13.0f, 13.25f, 13.75f, 14.25f, 14.75f, 15.25f, 15.75f, 16.0f};
/// ONNX reference (nearest asymmetric floor 1x0.6: shape [2, 2]).
const std::vector<float> kNearestAsymmetricFloor = {1.0f, 2.0f, 5.0f, 6.0f};
/// ONNX reference (cubic half_pixel 0.8: shape [3, 3]).
const std::vector<float> kCubicHalfPixelDown = {
    1.47119140625f,  2.78125f,     4.08251953125f,
    6.71142578125f,  8.021484375f, 9.32275390625f,
    11.91650390625f, 13.2265625f,  14.52783203125f};
/// ONNX reference (cubic A=-0.5 exclude_outside x2: shape [8, 8]).
const std::vector<float> kCubicExcludeOutside = {0.5588235259056091f,
                                                 0.8149420619010925f,
                                                 1.3569824695587158f,
                                                 1.8970588445663452f,
                                                 2.3970587253570557f,
                                                 2.9371352195739746f,
                                                 3.479175567626953f,
                                                 3.7352941036224365f,
                                                 1.583297610282898f,
                                                 1.8394160270690918f,
                                                 2.3814566135406494f,
                                                 2.9215328693389893f,
                                                 3.4215328693389893f,
                                                 3.961609125137329f,
                                                 4.503649711608887f,
                                                 4.759768009185791f,
                                                 3.7514593601226807f,
                                                 4.007577896118164f,
                                                 4.549618244171143f,
                                                 5.089694499969482f,
                                                 5.589694499969482f,
                                                 6.129770755767822f,
                                                 6.671811580657959f,
                                                 6.927929878234863f,
                                                 5.911764621734619f,
                                                 6.167883396148682f,
                                                 6.70992374420166f,
                                                 7.25f,
                                                 7.75f,
                                                 8.29007625579834f,
                                                 8.832117080688477f,
                                                 9.088234901428223f,
                                                 7.911764621734619f,
                                                 8.167882919311523f,
                                                 8.70992374420166f,
                                                 9.25f,
                                                 9.75f,
                                                 10.29007625579834f,
                                                 10.832117080688477f,
                                                 11.088234901428223f,
                                                 10.072070121765137f,
                                                 10.3281888961792f,
                                                 10.87022876739502f,
                                                 11.41030502319336f,
                                                 11.91030502319336f,
                                                 12.4503812789917f,
                                                 12.992422103881836f,
                                                 13.248540878295898f,
                                                 12.24023151397705f,
                                                 12.496350288391113f,
                                                 13.03839111328125f,
                                                 13.57846736907959f,
                                                 14.07846736907959f,
                                                 14.61854362487793f,
                                                 15.16058349609375f,
                                                 15.416702270507812f,
                                                 13.264705657958984f,
                                                 13.520824432373047f,
                                                 14.062865257263184f,
                                                 14.602941513061523f,
                                                 15.102941513061523f,
                                                 15.643017768859863f,
                                                 16.18505859375f,
                                                 16.441177368164062f};
/// ONNX reference (linear align_corners sizes 3x5: shape [3, 5]).
const std::vector<float> kLinearAlignCorners = {
    1.0f,  1.75f, 2.5f,  3.25f,  4.0f,  7.0f,   7.75f, 8.5f,
    9.25f, 10.0f, 13.0f, 13.75f, 14.5f, 15.25f, 16.0f};
/// ONNX reference (linear tf_crop_and_resize sizes 3x3 extrap 10: shape [3,
/// 3]).
const std::vector<float> kLinearCropAndResize = {7.599999904632568f,
                                                 7.900000095367432f,
                                                 8.199999809265137f,
                                                 8.800000190734863f,
                                                 9.100000381469727f,
                                                 9.399999618530273f,
                                                 10.0f,
                                                 10.300000190734863f,
                                                 10.600000381469727f};
/// ONNX reference (linear pytorch_half_pixel sizes 3x1: shape [3, 1]).
const std::vector<float> kLinearPytorchHalfPixel = {1.6666666269302368f, 7.0f,
                                                    12.333333015441895f};
/// ONNX reference (nearest round_prefer_ceil asymmetric sizes 7x8: shape [7,
/// 8]).
const std::vector<float> kNearestRoundPreferCeil = {
    1.0f,  2.0f,  2.0f,  3.0f,  3.0f,  4.0f,  4.0f,  4.0f,  5.0f,  6.0f,
    6.0f,  7.0f,  7.0f,  8.0f,  8.0f,  8.0f,  5.0f,  6.0f,  6.0f,  7.0f,
    7.0f,  8.0f,  8.0f,  8.0f,  9.0f,  10.0f, 10.0f, 11.0f, 11.0f, 12.0f,
    12.0f, 12.0f, 9.0f,  10.0f, 10.0f, 11.0f, 11.0f, 12.0f, 12.0f, 12.0f,
    13.0f, 14.0f, 14.0f, 15.0f, 15.0f, 16.0f, 16.0f, 16.0f, 13.0f, 14.0f,
    14.0f, 15.0f, 15.0f, 16.0f, 16.0f, 16.0f};
/// ONNX reference (nearest ceil half_pixel sizes 8x8: shape [8, 8]).
const std::vector<float> kNearestCeilHalfPixel = {
    1.0f,  2.0f,  2.0f,  3.0f,  3.0f,  4.0f,  4.0f,  4.0f,  5.0f,  6.0f,  6.0f,
    7.0f,  7.0f,  8.0f,  8.0f,  8.0f,  5.0f,  6.0f,  6.0f,  7.0f,  7.0f,  8.0f,
    8.0f,  8.0f,  9.0f,  10.0f, 10.0f, 11.0f, 11.0f, 12.0f, 12.0f, 12.0f, 9.0f,
    10.0f, 10.0f, 11.0f, 11.0f, 12.0f, 12.0f, 12.0f, 13.0f, 14.0f, 14.0f, 15.0f,
    15.0f, 16.0f, 16.0f, 16.0f, 13.0f, 14.0f, 14.0f, 15.0f, 15.0f, 16.0f, 16.0f,
    16.0f, 13.0f, 14.0f, 14.0f, 15.0f, 15.0f, 16.0f, 16.0f, 16.0f};
/// ONNX reference (cubic asymmetric x2: shape [8, 8]).
const std::vector<float> kCubicAsymmetric = {
    1.0f,      1.40625f,  2.0f,      2.5f,      3.0f,      3.59375f,  4.0f,
    4.09375f,  2.625f,    3.03125f,  3.625f,    4.125f,    4.625f,    5.21875f,
    5.625f,    5.71875f,  5.0f,      5.40625f,  6.0f,      6.5f,      7.0f,
    7.59375f,  8.0f,      8.09375f,  7.0f,      7.40625f,  8.0f,      8.5f,
    9.0f,      9.59375f,  10.0f,     10.09375f, 9.0f,      9.40625f,  10.0f,
    10.5f,     11.0f,     11.59375f, 12.0f,     12.09375f, 11.375f,   11.78125f,
    12.375f,   12.875f,   13.375f,   13.96875f, 14.375f,   14.46875f, 13.0f,
    13.40625f, 14.0f,     14.5f,     15.0f,     15.59375f, 16.0f,     16.09375f,
    13.375f,   13.78125f, 14.375f,   14.875f,   15.375f,   15.96875f, 16.375f,
    16.46875f};
/// ONNX reference (linear 3-D half_pixel sizes 3x2x6: shape [3, 2, 6]).
const std::vector<float> kLinear3D = {
    0.5f, 0.75f, 1.0833333730697632f, 1.4166666269302368f, 1.75f,  2.0f,
    3.5f, 3.75f, 4.083333492279053f,  4.416666507720947f,  4.75f,  5.0f,
    3.5f, 3.75f, 4.083333492279053f,  4.416666507720947f,  4.75f,  5.0f,
    6.5f, 6.75f, 7.083333492279053f,  7.416666507720947f,  7.75f,  8.0f,
    6.5f, 6.75f, 7.083333492279053f,  7.416666507720947f,  7.75f,  8.0f,
    9.5f, 9.75f, 10.083333015441895f, 10.416666984558105f, 10.75f, 11.0f};

class InferenceExtraTest : public ::testing::Test {
protected:
  InferenceExtraTest() : builder(&context) {
    context.loadDialect<IEDialect, func::FuncDialect,
                        quant::QuantizationDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  Location loc() { return builder.getUnknownLoc(); }

  /// A value of type tensor<shape x elemType> (f32 by default), from an
  /// operand-less cast.
  Value arg(ArrayRef<int64_t> shape, Type elemType = nullptr) {
    Type type = RankedTensorType::get(shape, elemType ? elemType
                                                      : builder.getF32Type());
    return builder.create<UnrealizedConversionCastOp>(loc(), type, ValueRange{})
        .getResult(0);
  }

  /// Creates `OpTy` with inferred result types from operands and attributes.
  template <typename OpTy>
  OpTy make(ValueRange operands, ArrayRef<NamedAttribute> attributes) {
    return builder.create<OpTy>(loc(), operands, attributes);
  }

  NamedAttribute attr(StringRef name, Attribute value) {
    return builder.getNamedAttr(name, value);
  }
  NamedAttribute ints(StringRef name, ArrayRef<int64_t> values) {
    return attr(name, builder.getDenseI64ArrayAttr(values));
  }
  NamedAttribute doubles(StringRef name, ArrayRef<double> values) {
    return attr(name, builder.getDenseF64ArrayAttr(values));
  }
  NamedAttribute i64(StringRef name, int64_t value) {
    return attr(name, builder.getI64IntegerAttr(value));
  }
  NamedAttribute f64(StringRef name, double value) {
    return attr(name, builder.getF64FloatAttr(value));
  }
  NamedAttribute unit(StringRef name) {
    return attr(name, builder.getUnitAttr());
  }

  /// A tensor of `shape` holding start, start + 1, ...
  static HostTensor iota(ArrayRef<int64_t> shape, float start = 0.0f) {
    HostTensor tensor = HostTensor::filled(shape);
    std::iota(tensor.data.begin(), tensor.data.end(), start);
    return tensor;
  }

  /// Runs the op's inference on `inputs`, expecting success.
  SmallVector<HostTensor> runAll(Operation *op, ArrayRef<HostTensor> inputs) {
    EXPECT_TRUE(succeeded(verify(op)));
    SmallVector<HostTensor> outputs;
    EXPECT_TRUE(succeeded(
        llvm::cast<InferenceOpInterface>(op).inferOnCPU(inputs, outputs)));
    EXPECT_EQ(outputs.size(), op->getNumResults());
    return outputs;
  }

  /// Runs a single-result op and checks its output shape and values (exactly).
  void expectOutput(Operation *op, ArrayRef<HostTensor> inputs,
                    ArrayRef<int64_t> shape, const std::vector<float> &values) {
    SmallVector<HostTensor> outputs = runAll(op, inputs);
    ASSERT_EQ(outputs.size(), 1u);
    EXPECT_EQ(ArrayRef<int64_t>(outputs[0].shape), shape);
    EXPECT_EQ(outputs[0].data, values);
    EXPECT_EQ(llvm::cast<ShapedType>(op->getResult(0).getType()).getShape(),
              shape);
  }

  /// Like expectOutput, with a relative tolerance of 1e-6.
  void expectNear(Operation *op, ArrayRef<HostTensor> inputs,
                  ArrayRef<int64_t> shape, const std::vector<float> &values) {
    SmallVector<HostTensor> outputs = runAll(op, inputs);
    ASSERT_EQ(outputs.size(), 1u);
    EXPECT_EQ(ArrayRef<int64_t>(outputs[0].shape), shape);
    ASSERT_EQ(outputs[0].data.size(), values.size());
    for (size_t i = 0; i < values.size(); ++i) {
      EXPECT_NEAR(outputs[0].data[i], values[i],
                  1e-6 * std::max(1.0f, std::abs(values[i])))
          << "at " << i;
    }
  }

  /// Expects inference to fail with a diagnostic containing `message`.
  void expectInferenceError(Operation *op, ArrayRef<HostTensor> inputs,
                            const std::string &message) {
    std::string diagnostics;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostics += diag.str();
      return success();
    });
    SmallVector<HostTensor> outputs;
    EXPECT_TRUE(failed(
        llvm::cast<InferenceOpInterface>(op).inferOnCPU(inputs, outputs)));
    EXPECT_NE(diagnostics.find(message), std::string::npos) << diagnostics;
  }

  /// An IE.Interpolate of a 4x4 f32 input.
  InterpolateOp interpolate(InterpolateMode mode,
                            InterpolateCoordMode coordMode,
                            SmallVector<NamedAttribute> extra,
                            ArrayRef<int64_t> inShape = {4, 4}) {
    extra.push_back(attr("mode", InterpolateModeAttr::get(&context, mode)));
    extra.push_back(
        attr("coord_mode", InterpolateCoordModeAttr::get(&context, coordMode)));
    return make<InterpolateOp>(arg(inShape), extra);
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

//===----------------------------------------------------------------------===//
// Interpolate (ONNX Resize reference)
//===----------------------------------------------------------------------===//

TEST_F(InferenceExtraTest, interpolateLinear) {
  HostTensor x = iota({4, 4}, 1.0f);
  expectNear(interpolate(InterpolateMode::LINEAR,
                         InterpolateCoordMode::HALF_PIXEL,
                         {doubles("scales", {2.0, 2.0})}),
             {x}, {8, 8}, kLinearHalfPixelX2);
  expectNear(interpolate(InterpolateMode::LINEAR,
                         InterpolateCoordMode::ALIGN_CORNERS,
                         {ints("sizes", {3, 5})}),
             {x}, {3, 5}, kLinearAlignCorners);
  expectNear(interpolate(InterpolateMode::LINEAR,
                         InterpolateCoordMode::PYTORCH_HALF_PIXEL,
                         {ints("sizes", {3, 1})}),
             {x}, {3, 1}, kLinearPytorchHalfPixel);
  expectNear(
      interpolate(InterpolateMode::LINEAR,
                  InterpolateCoordMode::TF_CROP_AND_RESIZE,
                  {ints("sizes", {3, 3}), doubles("roi", {0.4, 0.6, 0.6, 0.8}),
                   f64("extrapolation_value", 10.0)}),
      {x}, {3, 3}, kLinearCropAndResize);
  // N-D linear: three dims at once on 0, 0.5, 1, ...
  HostTensor y = iota({2, 3, 4});
  for (float &value : y.data) {
    value *= 0.5f;
  }
  expectNear(interpolate(InterpolateMode::LINEAR,
                         InterpolateCoordMode::HALF_PIXEL,
                         {ints("sizes", {3, 2, 6})}, {2, 3, 4}),
             {y}, {3, 2, 6}, kLinear3D);
}

TEST_F(InferenceExtraTest, interpolateNearest) {
  HostTensor x = iota({4, 4}, 1.0f);
  auto floorMode = attr(
      "nearest_mode",
      InterpolateNearestModeAttr::get(&context, InterpolateNearestMode::FLOOR));
  expectOutput(interpolate(InterpolateMode::NEAREST,
                           InterpolateCoordMode::ASYMMETRIC,
                           {doubles("scales", {1.0, 0.6}), floorMode}, {2, 4}),
               {iota({2, 4}, 1.0f)}, {2, 2}, kNearestAsymmetricFloor);
  auto ceilPrefer = attr(
      "nearest_mode", InterpolateNearestModeAttr::get(
                          &context, InterpolateNearestMode::ROUND_PREFER_CEIL));
  expectOutput(interpolate(InterpolateMode::NEAREST,
                           InterpolateCoordMode::ASYMMETRIC,
                           {ints("sizes", {7, 8}), ceilPrefer}),
               {x}, {7, 8}, kNearestRoundPreferCeil);
  auto ceilMode = attr(
      "nearest_mode",
      InterpolateNearestModeAttr::get(&context, InterpolateNearestMode::CEIL));
  expectOutput(interpolate(InterpolateMode::NEAREST,
                           InterpolateCoordMode::HALF_PIXEL,
                           {ints("sizes", {8, 8}), ceilMode}),
               {x}, {8, 8}, kNearestCeilHalfPixel);
  // ONNX Upsample / Resize-10 as ONNX Runtime runs them: repeat when upsampling
  // (floor), ceil when downsampling.
  auto simple =
      attr("nearest_mode", InterpolateNearestModeAttr::get(
                               &context, InterpolateNearestMode::SIMPLE));
  expectOutput(interpolate(InterpolateMode::NEAREST,
                           InterpolateCoordMode::ASYMMETRIC,
                           {doubles("scales", {2.0, 0.6}), simple}, {2, 4}),
               {iota({2, 4}, 1.0f)}, {4, 2}, {1, 3, 1, 3, 5, 7, 5, 7});
  // round_prefer_floor (default) with tf_half_pixel_for_nn: x = (o + 0.5)
  // / 1.5.
  expectOutput(interpolate(InterpolateMode::NEAREST,
                           InterpolateCoordMode::TF_HALF_PIXEL_FOR_NN,
                           {doubles("scales", {1.0, 1.5})}, {1, 4}),
               {iota({1, 4})}, {1, 6}, {0, 1, 2, 2, 3, 3});
}

TEST_F(InferenceExtraTest, interpolateCubic) {
  HostTensor x = iota({4, 4}, 1.0f);
  expectNear(
      interpolate(InterpolateMode::CUBIC, InterpolateCoordMode::HALF_PIXEL,
                  {doubles("scales", {0.800000011920929, 0.800000011920929})}),
      {x}, {3, 3}, kCubicHalfPixelDown);
  expectNear(interpolate(InterpolateMode::CUBIC,
                         InterpolateCoordMode::HALF_PIXEL,
                         {doubles("scales", {2.0, 2.0}),
                          f64("cubic_coeff_a", -0.5), unit("exclude_outside")}),
             {x}, {8, 8}, kCubicExcludeOutside);
  expectNear(interpolate(InterpolateMode::CUBIC,
                         InterpolateCoordMode::ASYMMETRIC,
                         {doubles("scales", {2.0, 2.0})}),
             {x}, {8, 8}, kCubicAsymmetric);
}

TEST_F(InferenceExtraTest, interpolateIntegerAndDynamic) {
  // Linear on integers rounds toward zero to the result type; a dynamic dim
  // takes the actual extent.
  Type si32 = IntegerType::get(&context, 32, IntegerType::Signed);
  auto op = make<InterpolateOp>(
      arg({ShapedType::kDynamic, 2}, si32),
      {attr("mode",
            InterpolateModeAttr::get(&context, InterpolateMode::LINEAR)),
       attr("coord_mode", InterpolateCoordModeAttr::get(
                              &context, InterpolateCoordMode::ALIGN_CORNERS)),
       doubles("scales", {1.0, 2.0})});
  SmallVector<HostTensor> outputs =
      runAll(op, {HostTensor({1, 2}, {0.0f, 3.0f})});
  EXPECT_EQ(ArrayRef<int64_t>(outputs[0].shape), ArrayRef<int64_t>({1, 4}));
  EXPECT_EQ(outputs[0].data, (std::vector<float>{0, 1, 2, 3}));
}

TEST_F(InferenceExtraTest, interpolateCost) {
  auto linear =
      interpolate(InterpolateMode::LINEAR, InterpolateCoordMode::HALF_PIXEL,
                  {doubles("scales", {1.0, 2.0})});
  EXPECT_EQ(linear.getNumMACs(), 0);
  EXPECT_EQ(linear.getNumFLOPs(), 32 * 2 * 2);
  auto nearest =
      interpolate(InterpolateMode::NEAREST, InterpolateCoordMode::HALF_PIXEL,
                  {doubles("scales", {2.0, 2.0})});
  EXPECT_EQ(nearest.getNumFLOPs(), 0);
}

//===----------------------------------------------------------------------===//
// Quantisation
//===----------------------------------------------------------------------===//

TEST_F(InferenceExtraTest, quantizeRoundsHalfToEvenAndSaturates) {
  Type i8 = builder.getIntegerType(8);
  Type f32 = builder.getF32Type();
  auto u8Type = quant::UniformQuantizedType::get(0, i8, f32, 0.5, 10, 0, 255);
  auto op =
      make<QuantizeOp>(arg({8}), {attr("dstElemType", TypeAttr::get(u8Type))});
  // x / 0.5 = 0.5, 1.5, 2.5, -1.5, 500, -500, 3, NaN.
  HostTensor x({8}, {0.25f, 0.75f, 1.25f, -0.75f, 250.0f, -250.0f, 1.5f, NAN});
  expectOutput(op, {x}, {8}, {10, 12, 12, 8, 255, 0, 13, 10});
  auto dequantize = make<DequantizeOp>(
      op.getOutput(), {attr("dstElemType", TypeAttr::get(f32))});
  expectOutput(dequantize, {HostTensor({8}, {10, 12, 12, 8, 255, 0, 13, 10})},
               {8}, {0, 1, 1, -1, 122.5f, -5, 1.5f, 0});
}

TEST_F(InferenceExtraTest, quantizePerAxis) {
  Type i8 = builder.getIntegerType(8);
  Type f32 = builder.getF32Type();
  auto perAxis = quant::UniformQuantizedPerAxisType::get(
      quant::QuantizationFlags::Signed, i8, f32, {1.0, 0.25}, {0, -3}, 1, -128,
      127);
  auto op = make<QuantizeOp>(arg({2, 2, 2}),
                             {attr("dstElemType", TypeAttr::get(perAxis))});
  // Channel 0: x; channel 1: 4x - 3.
  HostTensor x({2, 2, 2}, {1, -2, 1, 100, 3, 200, 0.5f, -0.5f});
  expectOutput(op, {x}, {2, 2, 2}, {1, -2, 1, 127, 3, 127, -1, -5});
  auto dequantize = make<DequantizeOp>(
      op.getOutput(), {attr("dstElemType", TypeAttr::get(f32))});
  expectOutput(dequantize,
               {HostTensor({2, 2, 2}, {1, -2, 1, 127, 3, 127, -1, -5})},
               {2, 2, 2}, {1, -2, 1, 32.5f, 3, 127, 0.5f, -0.5f});
  EXPECT_EQ(op.getNumFLOPs(), 8 * 3);
}

TEST_F(InferenceExtraTest, fakeQuantize) {
  // levels 5 over [0, 4] -> [-1, 1]; channel 1 has inverted input limits.
  auto op = make<FakeQuantizeOp>(ValueRange{arg({1, 2, 3}), arg({1, 2, 1}),
                                            arg({1, 2, 1}), arg({}), arg({})},
                                 {i64("levels", 5)});
  HostTensor x({1, 2, 3}, {-1, 1.5f, 2.5f, 5, 0, 3.2f});
  HostTensor il({1, 2, 1}, {0, 4}), ih({1, 2, 1}, {4, 0});
  HostTensor ol({}, {-1}), oh({}, {1});
  // 1.5 -> round(1.5) = 2 -> 0; 2.5 -> round(2.5) = 2 -> 0. Channel 1: x <= 0
  // -> ol; 3.2: (3.2 - 4) / -4 * 4 = 0.8 -> 1 -> -0.5.
  expectNear(op, {x, il, ih, ol, oh}, {1, 2, 3}, {-1, 0, 0, 1, -1, -0.5f});
}

//===----------------------------------------------------------------------===//
// Data ops
//===----------------------------------------------------------------------===//

TEST_F(InferenceExtraTest, stridedSlice) {
  // x[:2, ::-2] of a 4x5 iota.
  auto op = make<StridedSliceOp>(
      arg({4, 5}),
      {ints("begins", {0, -1}), ints("ends", {2, 0}), ints("strides", {1, -2}),
       ints("begin_mask", {1, 0}), ints("end_mask", {0, 1})});
  expectOutput(op, {iota({4, 5})}, {2, 3}, {4, 2, 0, 9, 7, 5});
}

TEST_F(InferenceExtraTest, broadcastModes) {
  HostTensor v({3}, {1, 2, 3});
  expectOutput(make<BroadcastOp>(arg({3}), {ints("target_shape", {2, 3})}), {v},
               {2, 3}, {1, 2, 3, 1, 2, 3});
  expectOutput(
      make<BroadcastOp>(
          arg({3}), {ints("target_shape", {3, 2}), ints("axes_mapping", {0}),
                     attr("mode", BroadcastModeAttr::get(
                                      &context, BroadcastMode::EXPLICIT))}),
      {v}, {3, 2}, {1, 1, 2, 2, 3, 3});
  expectOutput(make<BroadcastOp>(
                   arg({3, 1}),
                   {ints("target_shape", {2, 1, 2}),
                    attr("mode", BroadcastModeAttr::get(
                                     &context, BroadcastMode::BIDIRECTIONAL))}),
               {HostTensor({3, 1}, {1, 2, 3})}, {2, 3, 2},
               {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3});
}

TEST_F(InferenceExtraTest, range) {
  expectOutput(
      make<RangeOp>(ValueRange{},
                    {f64("start", 1), f64("limit", -0.5), f64("delta", -0.6),
                     attr("dstElemType", TypeAttr::get(builder.getF32Type()))}),
      {}, {3}, {1.0f, 0.4f, static_cast<float>(1.0 - 1.2)});
  Type si64 = IntegerType::get(&context, 64, IntegerType::Signed);
  auto op = make<RangeOp>(ValueRange{},
                          {f64("start", 0), f64("limit", 10), f64("delta", 3),
                           attr("dstElemType", TypeAttr::get(si64))});
  expectOutput(op, {}, {4}, {0, 3, 6, 9});
  EXPECT_EQ(op.getNumFLOPs(), 8);
}

TEST_F(InferenceExtraTest, layoutOps) {
  AffineMap nhwc =
      AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 3, 1}, &context);
  auto reorder = make<ReorderOp>(arg({1, 2, 2, 2}),
                                 {attr("dstOrder", AffineMapAttr::get(nhwc))});
  EXPECT_EQ(llvm::cast<RankedTensorType>(reorder.getType()).getEncoding(),
            AffineMapAttr::get(nhwc));
  expectOutput(reorder, {iota({1, 2, 2, 2})}, {1, 2, 2, 2}, iota({8}).data);
  auto reshape = make<AffineReshapeOp>(
      reorder.getOutput(),
      {attr("dim_mapping",
            builder.getArrayAttr({builder.getDenseI64ArrayAttr({0}),
                                  builder.getDenseI64ArrayAttr({1}),
                                  builder.getDenseI64ArrayAttr({2}),
                                  builder.getDenseI64ArrayAttr({2})})),
       ints("shape_value", {1, 2, 4})});
  // NHWC with H and W merged is (N, HW, C) in memory.
  AffineMap expected =
      AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 1}, &context);
  EXPECT_EQ(llvm::cast<RankedTensorType>(reshape.getType()).getEncoding(),
            AffineMapAttr::get(expected));
  expectOutput(reshape, {iota({1, 2, 2, 2})}, {1, 2, 4}, iota({8}).data);
  expectOutput(
      make<PerAxisTileOp>(arg({2, 2}), {i64("axis", 1), i64("tiles", 2)}),
      {iota({2, 2})}, {2, 4}, {0, 1, 0, 1, 2, 3, 2, 3});
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

TEST_F(InferenceExtraTest, gatherElements) {
  // ONNX example: axis 1, data [[1, 2], [3, 4]], indices [[0, 0], [1, 0]].
  auto op = make<GatherElementsOp>(ValueRange{arg({2, 2}), arg({2, 2})},
                                   {i64("axis", 1)});
  expectOutput(
      op, {HostTensor({2, 2}, {1, 2, 3, 4}), HostTensor({2, 2}, {0, 0, 1, -2})},
      {2, 2}, {1, 1, 4, 3});
  // Axis 0 with fewer columns than the data, negative indices.
  auto op0 = make<GatherElementsOp>(ValueRange{arg({3, 3}), arg({2, 2})},
                                    {i64("axis", 0)});
  expectOutput(op0, {iota({3, 3}), HostTensor({2, 2}, {1, 2, -1, 0})}, {2, 2},
               {3, 7, 6, 1});
  expectInferenceError(op0, {iota({3, 3}), HostTensor({2, 2}, {3, 0, 0, 0})},
                       "index 3 is out of range for dim 0 of size 3");
}

TEST_F(InferenceExtraTest, scatterNDUpdate) {
  auto op = make<ScatterNDUpdateOp>(
      ValueRange{arg({4, 2}), arg({2, 1}), arg({2, 2})}, {});
  expectOutput(op,
               {iota({4, 2}), HostTensor({2, 1}, {3, -3}),
                HostTensor({2, 2}, {9, 8, 7, 6})},
               {4, 2}, {0, 1, 7, 6, 4, 5, 9, 8});
  // Full index tuples write single elements.
  auto elements = make<ScatterNDUpdateOp>(
      ValueRange{arg({2, 2}), arg({2, 2}), arg({2})}, {});
  expectOutput(
      elements,
      {iota({2, 2}), HostTensor({2, 2}, {0, 1, 1, 0}), HostTensor({2}, {5, 6})},
      {2, 2}, {0, 5, 6, 3});
  expectInferenceError(op,
                       {iota({4, 2}), HostTensor({2, 1}, {4, 0}), iota({2, 2})},
                       "index 4 is out of range for dim 0 of size 4");
}

TEST_F(InferenceExtraTest, topK) {
  Type si64 = IntegerType::get(&context, 64, IntegerType::Signed);
  auto op = make<TopKOp>(
      arg({2, 5}), {i64("k", 3), attr("indexElemType", TypeAttr::get(si64))});
  HostTensor x({2, 5}, {1, 5, 3, 5, 2, -1, NAN, 0, 4, 4});
  SmallVector<HostTensor> out = runAll(op, {x});
  EXPECT_EQ(ArrayRef<int64_t>(out[0].shape), ArrayRef<int64_t>({2, 3}));
  // Ties keep the lower index first; NaN is the largest.
  EXPECT_EQ(out[1].data, (std::vector<float>{1, 3, 2, 1, 3, 4}));
  EXPECT_EQ(out[0].data[0], 5.0f);
  EXPECT_TRUE(std::isnan(out[0].data[3]));
  // Smallest two along axis 0, in index order.
  auto minOp = make<TopKOp>(
      arg({3, 2}),
      {i64("k", 2), i64("axis", 0),
       attr("mode", TopKModeAttr::get(&context, TopKMode::MIN)),
       attr("sort", TopKSortTypeAttr::get(&context, TopKSortType::INDEX)),
       attr("indexElemType", TypeAttr::get(si64))});
  SmallVector<HostTensor> minOut =
      runAll(minOp, {HostTensor({3, 2}, {3, 1, 2, 9, 1, 0})});
  EXPECT_EQ(minOut[0].data, (std::vector<float>{2, 1, 1, 0}));
  EXPECT_EQ(minOut[1].data, (std::vector<float>{1, 0, 2, 2}));
}

TEST_F(InferenceExtraTest, argMaxAndArgMin) {
  Type si64 = IntegerType::get(&context, 64, IntegerType::Signed);
  auto index = attr("indexElemType", TypeAttr::get(si64));
  // Rows of [2, 4]: ties, a NaN, negatives.
  HostTensor x({2, 4}, {3, 7, 7, 1, -2, NAN, -5, -5});
  auto argMax = make<ArgMaxOp>(arg({2, 4}), {i64("axis", 1), index});
  expectOutput(argMax, {x}, {2}, {1, 1});
  EXPECT_EQ(argMax.getOutput().getType().getElementType(), si64);
  expectOutput(make<ArgMaxOp>(arg({2, 4}), {i64("axis", -1), unit("keep_dims"),
                                            unit("select_last_index"), index}),
               {x}, {2, 1}, {2, 1});
  expectOutput(make<ArgMinOp>(arg({2, 4}), {i64("axis", 1), index}), {x}, {2},
               {3, 1});
  expectOutput(make<ArgMinOp>(arg({2, 4}), {i64("axis", 1),
                                            unit("select_last_index"), index}),
               {x}, {2}, {3, 1});
  // Along axis 0 (the default).
  expectOutput(make<ArgMinOp>(arg({3, 2}), {unit("keep_dims"), index}),
               {HostTensor({3, 2}, {4, 1, 2, 9, 2, 0})}, {1, 2}, {1, 2});
  // One comparison per input element.
  auto op = make<ArgMaxOp>(arg({3, 2}), {index});
  EXPECT_EQ(op.getNumFLOPs(), 6);
}

TEST_F(InferenceExtraTest, cumSum) {
  HostTensor x({2, 3}, {1, 2, 3, 4, 5, 6});
  expectOutput(make<CumSumOp>(arg({2, 3}), {i64("axis", 1)}), {x}, {2, 3},
               {1, 3, 6, 4, 9, 15});
  expectOutput(
      make<CumSumOp>(arg({2, 3}), {i64("axis", -1), unit("exclusive")}), {x},
      {2, 3}, {0, 1, 3, 0, 4, 9});
  expectOutput(make<CumSumOp>(arg({2, 3}), {i64("axis", 1), unit("reverse")}),
               {x}, {2, 3}, {6, 5, 3, 15, 11, 6});
  auto both = make<CumSumOp>(
      arg({2, 3}), {i64("axis", 0), unit("exclusive"), unit("reverse")});
  expectOutput(both, {x}, {2, 3}, {4, 5, 6, 0, 0, 0});
  EXPECT_EQ(both.getNumFLOPs(), 6);
}

TEST_F(InferenceExtraTest, depthToSpaceAndBack) {
  HostTensor x = iota({1, 8, 1, 2});
  expectOutput(make<DepthToSpaceOp>(arg({1, 8, 1, 2}), {i64("block_size", 2)}),
               {x}, {1, 2, 2, 4},
               {0, 4, 1, 5, 8, 12, 9, 13, 2, 6, 3, 7, 10, 14, 11, 15});
  expectOutput(make<DepthToSpaceOp>(
                   arg({1, 8, 1, 2}),
                   {i64("block_size", 2),
                    attr("mode", DepthToSpaceModeAttr::get(
                                     &context, DepthToSpaceMode::CRD))}),
               {x}, {1, 2, 2, 4},
               {0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15});
  expectOutput(make<SpaceToDepthOp>(arg({1, 1, 4, 4}), {i64("block_size", 2)}),
               {iota({1, 1, 4, 4})}, {1, 4, 2, 2},
               {0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15});
  // SpaceToDepth inverts DepthToSpace in both modes.
  for (DepthToSpaceMode mode : {DepthToSpaceMode::DCR, DepthToSpaceMode::CRD}) {
    auto modeAttr = attr("mode", DepthToSpaceModeAttr::get(&context, mode));
    auto d2s = make<DepthToSpaceOp>(arg({2, 18, 2, 3}),
                                    {i64("block_size", 3), modeAttr});
    auto s2d =
        make<SpaceToDepthOp>(d2s.getOutput(), {i64("block_size", 3), modeAttr});
    HostTensor input = iota({2, 18, 2, 3});
    SmallVector<HostTensor> space = runAll(d2s, {input});
    expectOutput(s2d, {space[0]}, {2, 18, 2, 3}, input.data);
  }
}

TEST_F(InferenceExtraTest, dataOpsHaveNoArithmetic) {
  auto op = make<DepthToSpaceOp>(arg({1, 8, 1, 2}), {i64("block_size", 2)});
  auto cost = llvm::cast<CostOpInterface>(op.getOperation());
  EXPECT_EQ(cost.getNumMACs(), 0);
  EXPECT_EQ(cost.getNumFLOPs(), 0);
}

} // namespace
} // namespace mlir::vpuc::IE
