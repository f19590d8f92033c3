//===- InferenceTest.cpp - Tests of IE type inference, kernels and cost -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds IE ops in a local MLIRContext (result types inferred by the builders),
// runs inferOnCPU on small buffers and checks the values against hand-computed
// or <cmath> references; also checks the cost and post-op interfaces and
// inference input errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>

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

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

class InferenceTest : public ::testing::Test {
protected:
  InferenceTest() : builder(&context) {
    context.loadDialect<IEDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of type tensor<shape x elem> (an operand-less cast).
  Value arg(ArrayRef<int64_t> shape, Type elem = {}, Attribute encoding = {}) {
    Type type = RankedTensorType::get(shape, elem ? elem : builder.getF32Type(),
                                      encoding);
    return builder.create<UnrealizedConversionCastOp>(loc(), type, ValueRange{})
        .getResult(0);
  }

  Location loc() { return builder.getUnknownLoc(); }

  /// Runs the op's inference on `inputs`, expecting success and one output.
  HostTensor run(Operation *op, ArrayRef<HostTensor> inputs) {
    EXPECT_TRUE(succeeded(verify(op)));
    SmallVector<HostTensor> outputs;
    auto iface = llvm::cast<InferenceOpInterface>(op);
    EXPECT_TRUE(succeeded(iface.inferOnCPU(inputs, outputs)));
    EXPECT_EQ(outputs.size(), 1u);
    return outputs.empty() ? HostTensor() : outputs.front();
  }

  /// Checks a unary op on float32 inputs against `reference`.
  template <typename OpT, typename... Args>
  void checkUnary(const std::vector<float> &values,
                  std::function<float(float)> reference, float tolerance,
                  Args &&...args) {
    Value x = arg({static_cast<int64_t>(values.size())});
    auto op = builder.create<OpT>(loc(), x, std::forward<Args>(args)...);
    HostTensor out =
        run(op, {HostTensor({static_cast<int64_t>(values.size())}, values)});
    ASSERT_EQ(out.data.size(), values.size()) << OpT::getOperationName().str();
    for (size_t i = 0; i < values.size(); ++i) {
      float expected = reference(values[i]);
      if (std::isnan(expected)) {
        EXPECT_TRUE(std::isnan(out.data[i]))
            << OpT::getOperationName().str() << " at " << values[i];
      } else if (std::isinf(expected)) {
        EXPECT_EQ(out.data[i], expected)
            << OpT::getOperationName().str() << " at " << values[i];
      } else {
        EXPECT_NEAR(out.data[i], expected,
                    tolerance * std::max(1.0f, std::fabs(expected)))
            << OpT::getOperationName().str() << " at " << values[i];
      }
    }
  }

  /// Checks a binary op on [2, 3] x [3] against `reference`.
  template <typename OpT>
  void checkBinary(const std::vector<float> &a, const std::vector<float> &b,
                   std::function<float(float, float)> reference,
                   Type elem = {}) {
    Value x = arg({2, 3}, elem);
    Value y = arg({3}, elem);
    auto op = builder.create<OpT>(loc(), x, y, AutoBroadcastType::NUMPY);
    EXPECT_EQ(op.getType().getShape(), ArrayRef<int64_t>({2, 3}));
    HostTensor out = run(op, {HostTensor({2, 3}, a), HostTensor({3}, b)});
    ASSERT_EQ(out.data.size(), 6u);
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 3; ++j) {
        float expected = reference(a[i * 3 + j], b[j]);
        if (std::isnan(expected)) {
          EXPECT_TRUE(std::isnan(out.data[i * 3 + j]))
              << OpT::getOperationName().str();
        } else {
          EXPECT_FLOAT_EQ(out.data[i * 3 + j], expected)
              << OpT::getOperationName().str() << " " << a[i * 3 + j] << ", "
              << b[j];
        }
      }
    }
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

//===----------------------------------------------------------------------===//
// Type inference
//===----------------------------------------------------------------------===//

TEST_F(InferenceTest, broadcastTypeInference) {
  auto add = builder.create<AddOp>(loc(), arg({1, 3, 1, 4}), arg({2, 1, 5, 1}),
                                   AutoBroadcastType::NUMPY);
  EXPECT_EQ(add.getType(),
            RankedTensorType::get({2, 3, 5, 4}, builder.getF32Type()));

  auto less = builder.create<LessOp>(loc(), arg({3}), arg({2, 1}),
                                     AutoBroadcastType::NUMPY);
  EXPECT_EQ(less.getType(), RankedTensorType::get({2, 3}, builder.getI1Type()));

  auto convert =
      builder.create<ConvertOp>(loc(), arg({4}), builder.getF16Type());
  EXPECT_EQ(convert.getType(),
            RankedTensorType::get({4}, builder.getF16Type()));
}

TEST_F(InferenceTest, layoutEncodingInference) {
  auto nhwc = AffineMapAttr::get(
      AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 3, 1}, &context));
  Value a = arg({1, 16, 4, 4}, builder.getF16Type(), nhwc);
  Value b = arg({1, 16, 4, 4}, builder.getF16Type());
  auto same = builder.create<AddOp>(loc(), a, a, AutoBroadcastType::NUMPY);
  EXPECT_EQ(same.getType().getEncoding(), nhwc);
  auto mixed = builder.create<AddOp>(loc(), a, b, AutoBroadcastType::NUMPY);
  EXPECT_EQ(mixed.getType().getEncoding(), Attribute());
  auto relu = builder.create<ReLUOp>(loc(), a);
  EXPECT_EQ(relu.getType().getEncoding(), nhwc);
}

//===----------------------------------------------------------------------===//
// Binary kernels
//===----------------------------------------------------------------------===//

TEST_F(InferenceTest, addBroadcastValues) {
  std::vector<float> a(12), b(10);
  for (int i = 0; i < 12; ++i) {
    a[i] = static_cast<float>(i);
  }
  for (int i = 0; i < 10; ++i) {
    b[i] = 100.0f * static_cast<float>(i);
  }
  auto op = builder.create<AddOp>(loc(), arg({1, 3, 1, 4}), arg({2, 1, 5, 1}),
                                  AutoBroadcastType::NUMPY);
  HostTensor out =
      run(op, {HostTensor({1, 3, 1, 4}, a), HostTensor({2, 1, 5, 1}, b)});
  ASSERT_EQ(out.shape, (SmallVector<int64_t, 6>{2, 3, 5, 4}));
  for (int n = 0; n < 2; ++n) {
    for (int c = 0; c < 3; ++c) {
      for (int h = 0; h < 5; ++h) {
        for (int w = 0; w < 4; ++w) {
          EXPECT_EQ(out.data[((n * 3 + c) * 5 + h) * 4 + w],
                    a[c * 4 + w] + b[n * 5 + h]);
        }
      }
    }
  }
}

TEST_F(InferenceTest, arithmeticOps) {
  std::vector<float> a = {1.5f, -2.0f, 3.0f, 0.0f, 4.0f, -7.0f};
  std::vector<float> b = {2.0f, 0.5f, -3.0f};
  checkBinary<AddOp>(a, b, [](float x, float y) { return x + y; });
  checkBinary<SubtractOp>(a, b, [](float x, float y) { return x - y; });
  checkBinary<MultiplyOp>(a, b, [](float x, float y) { return x * y; });
  checkBinary<DivideOp>(a, b, [](float x, float y) { return x / y; });
  checkBinary<PowerOp>(a, b, [](float x, float y) { return std::pow(x, y); });
  checkBinary<MaximumOp>(a, b, [](float x, float y) { return std::max(x, y); });
  checkBinary<MinimumOp>(a, b, [](float x, float y) { return std::min(x, y); });
  checkBinary<SquaredDifferenceOp>(
      a, b, [](float x, float y) { return (x - y) * (x - y); });
}

/// A per-tensor 8-bit quantized element type with an f32 scale.
Type quantType(MLIRContext *context, bool isSigned, float scale,
               int64_t zeroPoint) {
  return quant::UniformQuantizedType::get(
      isSigned ? quant::QuantizationFlags::Signed : 0,
      IntegerType::get(context, 8), Float32Type::get(context), scale, zeroPoint,
      isSigned ? -128 : 0, isSigned ? 127 : 255);
}

/// An Add or Multiply on quantized types computes what the QDQ chain it
/// replaces computes in the interpreter (IE.Dequantize of both operands, the
/// float op, the activation, IE.Quantize), bit for bit: every pair of u8 x i8
/// storage values, broadcast [256, 1] x [256].
TEST_F(InferenceTest, quantizedEltwiseIsTheQdqChain) {
  context.loadDialect<quant::QuantizationDialect>();
  Type q1 = quantType(&context, false, 0.0467456095f, 127);
  Type q2 = quantType(&context, true, 0.0199986845f, -3);
  Type f32 = builder.getF32Type();
  std::vector<float> a(256), b(256);
  for (int v = 0; v < 256; ++v) {
    a[v] = static_cast<float>(v);
    b[v] = static_cast<float>(v - 128);
  }
  const HostTensor inA({256, 1}, a), inB({256}, b);
  for (bool multiply : {false, true}) {
    for (bool relu : {false, true}) {
      SCOPED_TRACE(std::string(multiply ? "Multiply" : "Add") +
                   (relu ? " + ReLU" : ""));
      Type qy =
          quantType(&context, relu, multiply ? 0.0290682372f : 0.0443348661f,
                    relu ? -128 : 9);
      auto outType = RankedTensorType::get({256, 256}, qy);
      Value x = arg({256, 1}, q1);
      Value y = arg({256}, q2);
      Operation *fused = multiply
                             ? builder
                                   .create<MultiplyOp>(loc(), outType, x, y,
                                                       AutoBroadcastType::NUMPY)
                                   .getOperation()
                             : builder
                                   .create<AddOp>(loc(), outType, x, y,
                                                  AutoBroadcastType::NUMPY)
                                   .getOperation();
      if (relu) {
        fused->setAttr("post_op",
                       builder.getDictionaryAttr(builder.getNamedAttr(
                           "name", builder.getStringAttr("IE.ReLU"))));
      }
      HostTensor actual = run(fused, {inA, inB});
      // The chain, op by op.
      HostTensor da = run(builder.create<DequantizeOp>(loc(), x, f32), {inA});
      HostTensor db = run(builder.create<DequantizeOp>(loc(), y, f32), {inB});
      Value fx = arg({256, 1}), fy = arg({256});
      Operation *op =
          multiply
              ? builder
                    .create<MultiplyOp>(loc(), fx, fy, AutoBroadcastType::NUMPY)
                    .getOperation()
              : builder.create<AddOp>(loc(), fx, fy, AutoBroadcastType::NUMPY)
                    .getOperation();
      HostTensor real = run(op, {da, db});
      Value fr = arg({256, 256});
      if (relu) {
        real = run(builder.create<ReLUOp>(loc(), fr), {real});
      }
      HostTensor expected =
          run(builder.create<QuantizeOp>(loc(), fr, qy), {real});
      ASSERT_EQ(actual.shape, expected.shape);
      EXPECT_EQ(actual.data, expected.data);
    }
  }
}

TEST_F(InferenceTest, maxMinPropagateNaN) {
  checkBinary<MaximumOp>(
      {kNaN, 1, 2, 3, 4, 5}, {0, kNaN, 1}, [](float x, float y) {
        return std::isnan(x) || std::isnan(y) ? kNaN : std::max(x, y);
      });
  checkBinary<MinimumOp>(
      {kNaN, 1, 2, 3, 4, 5}, {0, kNaN, 1}, [](float x, float y) {
        return std::isnan(x) || std::isnan(y) ? kNaN : std::min(x, y);
      });
}

TEST_F(InferenceTest, floorModFollowsPythonSign) {
  // Python: -7 % 3 == 2, 7 % -3 == -2, -7 % -3 == -1, 7 % 3 == 1, 5.5 % 2
  // == 1.5, -5.5 % 2 == 0.5.
  auto op = builder.create<FloorModOp>(loc(), arg({6}), arg({6}),
                                       AutoBroadcastType::NUMPY);
  HostTensor out = run(op, {HostTensor({6}, {-7, 7, -7, 7, 5.5f, -5.5f}),
                            HostTensor({6}, {3, -3, -3, 3, 2, 2})});
  EXPECT_EQ(out.data, (std::vector<float>{2, -2, -1, 1, 1.5f, 0.5f}));

  auto intOp = builder.create<FloorModOp>(
      loc(), arg({3}, builder.getIntegerType(32, true)),
      arg({3}, builder.getIntegerType(32, true)), AutoBroadcastType::NUMPY);
  HostTensor intOut =
      run(intOp, {HostTensor({3}, {-7, 9, 4}), HostTensor({3}, {3, -4, 0})});
  EXPECT_EQ(intOut.data, (std::vector<float>{2, -3, 0}));

  HostTensor zero =
      run(op, {HostTensor({6}, {1, 1, 1, 1, 1, 1}), HostTensor::filled({6})});
  EXPECT_TRUE(std::isnan(zero.data[0]));
}

TEST_F(InferenceTest, integerDivisionTruncates) {
  Type si32 = builder.getIntegerType(32, true);
  auto op = builder.create<DivideOp>(loc(), arg({4}, si32), arg({4}, si32),
                                     AutoBroadcastType::NUMPY);
  HostTensor out =
      run(op, {HostTensor({4}, {7, -7, 6, 5}), HostTensor({4}, {2, 2, -4, 0})});
  EXPECT_EQ(out.data, (std::vector<float>{3, -3, -1, 0}));
}

TEST_F(InferenceTest, integerResultsSaturate) {
  Type si8 = builder.getIntegerType(8, true);
  auto op = builder.create<AddOp>(loc(), arg({2}, si8), arg({2}, si8),
                                  AutoBroadcastType::NUMPY);
  HostTensor out =
      run(op, {HostTensor({2}, {100, -100}), HostTensor({2}, {100, -100})});
  EXPECT_EQ(out.data, (std::vector<float>{127, -128}));
}

TEST_F(InferenceTest, f16ResultsAreRounded) {
  Type f16 = builder.getF16Type();
  auto op = builder.create<AddOp>(loc(), arg({2}, f16), arg({2}, f16),
                                  AutoBroadcastType::NUMPY);
  HostTensor out =
      run(op, {HostTensor({2}, {1.0f, 60000.0f}),
               HostTensor({2}, {std::ldexp(1.0f, -11), 10000.0f})});
  EXPECT_EQ(out.data[0], 1.0f);
  EXPECT_EQ(out.data[1], kInf);
}

TEST_F(InferenceTest, comparisonAndLogic) {
  std::vector<float> a = {1, 2, 3, 4, 5, 6};
  std::vector<float> b = {2, 2, 7};
  checkBinary<EqualOp>(a, b,
                       [](float x, float y) { return x == y ? 1.0f : 0.0f; });
  checkBinary<LessOp>(a, b,
                      [](float x, float y) { return x < y ? 1.0f : 0.0f; });
  checkBinary<GreaterOp>(a, b,
                         [](float x, float y) { return x > y ? 1.0f : 0.0f; });
  std::vector<float> p = {1, 0, 1, 0, 0, 1};
  std::vector<float> q = {1, 1, 0};
  checkBinary<LogicalAndOp>(
      p, q, [](float x, float y) { return (x && y) ? 1.0f : 0.0f; },
      builder.getI1Type());
  checkBinary<LogicalOrOp>(
      p, q, [](float x, float y) { return (x || y) ? 1.0f : 0.0f; },
      builder.getI1Type());
}

TEST_F(InferenceTest, logicalNotOnBool) {
  auto op = builder.create<LogicalNotOp>(loc(), arg({3}, builder.getI1Type()));
  HostTensor out = run(op, {HostTensor({3}, {1, 0, 1})});
  EXPECT_EQ(out.data, (std::vector<float>{0, 1, 0}));
}

TEST_F(InferenceTest, selectBroadcastsThreeOperands) {
  auto op =
      builder.create<SelectOp>(loc(), arg({2, 1}, builder.getI1Type()),
                               arg({3}), arg({}), AutoBroadcastType::NUMPY);
  EXPECT_EQ(op.getType().getShape(), ArrayRef<int64_t>({2, 3}));
  HostTensor out = run(op, {HostTensor({2, 1}, {1, 0}),
                            HostTensor({3}, {1, 2, 3}), HostTensor({}, {-1})});
  EXPECT_EQ(out.data, (std::vector<float>{1, 2, 3, -1, -1, -1}));
}

//===----------------------------------------------------------------------===//
// Unary kernels
//===----------------------------------------------------------------------===//

const std::vector<float> kValues = {-100.0f, -20.0f, -3.5f, -1.0f,
                                    -0.5f,   -0.0f,  0.0f,  0.25f,
                                    1.0f,    2.5f,   20.0f, 100.0f};

TEST_F(InferenceTest, elementaryFunctions) {
  auto relu = [](float x) { return x < 0 ? 0.0f : x; };
  checkUnary<ReLUOp>(kValues, relu, 0.0f);
  checkUnary<SigmoidOp>(
      kValues, [](float x) { return 1.0f / (1.0f + std::exp(-x)); }, 1e-6f);
  checkUnary<TanhOp>(kValues, [](float x) { return std::tanh(x); }, 1e-6f);
  checkUnary<ErfOp>(kValues, [](float x) { return std::erf(x); }, 1e-6f);
  checkUnary<ExpOp>(
      {-100.0f, -1.0f, 0.0f, 1.0f, 20.0f, 100.0f},
      [](float x) { return std::exp(x); }, 1e-6f);
  checkUnary<LogOp>(
      {-1.0f, 0.0f, 1e-10f, 1.0f, 100.0f}, [](float x) { return std::log(x); },
      1e-6f);
  checkUnary<SqrtOp>(
      {-1.0f, 0.0f, 2.0f, 100.0f}, [](float x) { return std::sqrt(x); }, 1e-6f);
  checkUnary<AbsOp>(kValues, [](float x) { return std::fabs(x); }, 0.0f);
  checkUnary<FloorOp>(kValues, [](float x) { return std::floor(x); }, 0.0f);
  checkUnary<CeilOp>(kValues, [](float x) { return std::ceil(x); }, 0.0f);
  checkUnary<NegativeOp>(kValues, [](float x) { return -x; }, 0.0f);
}

/// The trigonometric and hyperbolic functions at {-2, -1, -0.5, 0, 0.25, 1, 3}
/// against NumPy's float64 values (NaN outside the domain, inf at the poles).
TEST_F(InferenceTest, trigonometricAndHyperbolicFunctions) {
  const float kNaN = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> x = {-2.0f, -1.0f, -0.5f, 0.0f, 0.25f, 1.0f, 3.0f};
  auto table = [&x](std::vector<float> expected) {
    return [&x, expected](float value) {
      return expected[std::find(x.begin(), x.end(), value) - x.begin()];
    };
  };
  checkUnary<SinOp>(x,
                    table({-0.909297427f, -0.841470985f, -0.479425539f, 0.0f,
                           0.247403959f, 0.841470985f, 0.141120008f}),
                    1e-6f);
  checkUnary<CosOp>(x,
                    table({-0.416146837f, 0.540302306f, 0.877582562f, 1.0f,
                           0.968912422f, 0.540302306f, -0.989992497f}),
                    1e-6f);
  checkUnary<TanOp>(x,
                    table({2.18503986f, -1.55740772f, -0.54630249f, 0.0f,
                           0.255341921f, 1.55740772f, -0.142546543f}),
                    1e-6f);
  checkUnary<AsinOp>(x,
                     table({kNaN, -1.57079633f, -0.523598776f, 0.0f,
                            0.252680255f, 1.57079633f, kNaN}),
                     1e-6f);
  checkUnary<AcosOp>(x,
                     table({kNaN, 3.14159265f, 2.0943951f, 1.57079633f,
                            1.31811607f, 0.0f, kNaN}),
                     1e-6f);
  checkUnary<AtanOp>(x,
                     table({-1.10714872f, -0.785398163f, -0.463647609f, 0.0f,
                            0.244978663f, 0.785398163f, 1.24904577f}),
                     1e-6f);
  checkUnary<SinhOp>(x,
                     table({-3.62686041f, -1.17520119f, -0.521095305f, 0.0f,
                            0.252612317f, 1.17520119f, 10.0178749f}),
                     1e-6f);
  checkUnary<CoshOp>(x,
                     table({3.76219569f, 1.54308063f, 1.12762597f, 1.0f,
                            1.0314131f, 1.54308063f, 10.067662f}),
                     1e-6f);
  checkUnary<AsinhOp>(x,
                      table({-1.44363548f, -0.881373587f, -0.481211825f, 0.0f,
                             0.247466462f, 0.881373587f, 1.81844646f}),
                      1e-6f);
  checkUnary<AcoshOp>(
      x, table({kNaN, kNaN, kNaN, kNaN, kNaN, 0.0f, 1.76274717f}), 1e-6f);
  checkUnary<AtanhOp>(
      x, table({kNaN, -kInf, -0.549306144f, 0.0f, 0.255412812f, kInf, kNaN}),
      1e-6f);
  // Beyond the f32 range: sinh and cosh overflow to +-inf.
  checkUnary<SinhOp>(
      {-100.0f, 100.0f}, [](float v) { return v < 0 ? -kInf : kInf; }, 0.0f);
  checkUnary<CoshOp>({-100.0f, 100.0f}, [](float) { return kInf; }, 0.0f);
}

/// IE.BitShift by hand: u8 shifts lose the bits shifted out, a shift by the
/// width or more gives 0, the amount broadcasts.
TEST_F(InferenceTest, bitShift) {
  Type ui8 = builder.getIntegerType(8, false);
  auto left = builder.create<BitShiftOp>(loc(), arg({2, 3}, ui8), arg({3}, ui8),
                                         BitShiftDirection::LEFT,
                                         AutoBroadcastType::NUMPY);
  HostTensor out = run(left, {HostTensor({2, 3}, {1, 16, 255, 3, 128, 7}),
                              HostTensor({3}, {1, 4, 8})});
  EXPECT_EQ(out.data, (std::vector<float>{2, 0, 0, 6, 0, 0}));
  auto right = builder.create<BitShiftOp>(
      loc(), arg({2, 3}, ui8), arg({3}, ui8), BitShiftDirection::RIGHT,
      AutoBroadcastType::NUMPY);
  out = run(right, {HostTensor({2, 3}, {1, 16, 255, 3, 128, 7}),
                    HostTensor({3}, {1, 4, 9})});
  EXPECT_EQ(out.data, (std::vector<float>{0, 1, 0, 1, 8, 0}));
  // u64 below 2^24 is exact in the float host tensors; shifts by 63 and 64.
  Type ui64 = builder.getIntegerType(64, false);
  auto wide = builder.create<BitShiftOp>(loc(), arg({3}, ui64), arg({3}, ui64),
                                         BitShiftDirection::LEFT,
                                         AutoBroadcastType::NUMPY);
  out = run(wide,
            {HostTensor({3}, {12345, 1, 1}), HostTensor({3}, {10, 63, 64})});
  EXPECT_EQ(out.data, (std::vector<float>{12345.0f * 1024.0f,
                                          9223372036854775808.0f, 0}));
}

TEST_F(InferenceTest, geluErfForm) {
  checkUnary<GeluOp>(
      kValues,
      [](float x) {
        double d = x;
        return static_cast<float>(0.5 * d *
                                  (1.0 + std::erf(d / std::sqrt(2.0))));
      },
      1e-6f);
  // Known values: gelu(1) = 0.8413447, gelu(-1) = -0.1586553.
  auto op = builder.create<GeluOp>(loc(), arg({2}));
  HostTensor out = run(op, {HostTensor({2}, {1.0f, -1.0f})});
  EXPECT_NEAR(out.data[0], 0.8413447f, 1e-6f);
  EXPECT_NEAR(out.data[1], -0.1586553f, 1e-6f);
}

TEST_F(InferenceTest, softPlusAndMishStayFinite) {
  auto softPlus = [](float x) {
    return static_cast<float>(std::log1p(std::exp(double(x))));
  };
  checkUnary<SoftPlusOp>(kValues, softPlus, 1e-6f);
  checkUnary<MishOp>(
      kValues,
      [](float x) {
        double d = x;
        return static_cast<float>(d * std::tanh(std::log1p(std::exp(d))));
      },
      1e-6f);
  auto op = builder.create<SoftPlusOp>(loc(), arg({2}));
  HostTensor out = run(op, {HostTensor({2}, {1000.0f, -1000.0f})});
  EXPECT_EQ(out.data[0], 1000.0f);
  EXPECT_EQ(out.data[1], 0.0f);
  auto mish = builder.create<MishOp>(loc(), arg({1}));
  EXPECT_EQ(run(mish, {HostTensor({1}, {1000.0f})}).data[0], 1000.0f);
}

TEST_F(InferenceTest, hardActivations) {
  auto hsig = [](float x) {
    return std::min(std::max(x + 3.0f, 0.0f), 6.0f) / 6.0f;
  };
  checkUnary<HSigmoidOp>(kValues, hsig, 1e-7f);
  checkUnary<HSwishOp>(kValues, [&](float x) { return x * hsig(x); }, 1e-7f);
}

TEST_F(InferenceTest, parameterisedActivations) {
  checkUnary<ClampOp>(
      kValues, [](float x) { return std::min(std::max(x, -1.0f), 6.0f); }, 0.0f,
      builder.getF64FloatAttr(-1.0), builder.getF64FloatAttr(6.0));
  checkUnary<EluOp>(
      kValues, [](float x) { return x > 0 ? x : 0.5f * std::expm1(x); }, 1e-6f,
      builder.getF64FloatAttr(0.5));
  checkUnary<LeakyReluOp>(
      kValues, [](float x) { return x >= 0 ? x : 0.1f * x; }, 1e-7f,
      builder.getF64FloatAttr(0.1));
  checkUnary<ClampOp>(
      {kNaN}, [](float) { return kNaN; }, 0.0f, builder.getF64FloatAttr(0.0),
      builder.getF64FloatAttr(1.0));
}

TEST_F(InferenceTest, clampAndReluKeepNaNAndNegativeZero) {
  // `x < lo ? lo : (x > hi ? hi : x)` and `x < 0 ? 0 : x`: -0 is not below
  // +0 and stays -0, NaN compares false and stays NaN.
  std::vector<float> values = {-0.0f, kNaN, -1.0f, 7.0f};
  for (bool clamp : {false, true}) {
    Value x = arg({4});
    Operation *op =
        clamp ? builder
                    .create<ClampOp>(loc(), x, builder.getF64FloatAttr(0.0),
                                     builder.getF64FloatAttr(6.0))
                    .getOperation()
              : builder.create<ReLUOp>(loc(), x).getOperation();
    HostTensor out = run(op, {HostTensor({4}, values)});
    ASSERT_EQ(out.data.size(), 4u);
    EXPECT_EQ(out.data[0], 0.0f);
    EXPECT_TRUE(std::signbit(out.data[0])) << (clamp ? "Clamp" : "ReLU");
    EXPECT_TRUE(std::isnan(out.data[1])) << (clamp ? "Clamp" : "ReLU");
    EXPECT_EQ(out.data[2], 0.0f);
    EXPECT_FALSE(std::signbit(out.data[2])) << (clamp ? "Clamp" : "ReLU");
    EXPECT_EQ(out.data[3], clamp ? 6.0f : 7.0f);
  }
}

TEST_F(InferenceTest, roundModes) {
  std::vector<float> values = {0.5f,  1.5f, 2.5f,  -0.5f, -1.5f,
                               -2.5f, 2.4f, -2.6f, 3.0f};
  auto even = builder.create<RoundOp>(loc(), arg({9}), RoundMode::HALF_TO_EVEN);
  HostTensor evenOut = run(even, {HostTensor({9}, values)});
  EXPECT_EQ(evenOut.data,
            (std::vector<float>{0, 2, 2, -0.0f, -2, -2, 2, -3, 3}));
  EXPECT_TRUE(std::signbit(evenOut.data[3]));
  auto away =
      builder.create<RoundOp>(loc(), arg({9}), RoundMode::HALF_AWAY_FROM_ZERO);
  HostTensor awayOut = run(away, {HostTensor({9}, values)});
  EXPECT_EQ(awayOut.data, (std::vector<float>{1, 2, 3, -1, -2, -3, 2, -3, 3}));
}

TEST_F(InferenceTest, swishBetaSources) {
  auto swish = [](float beta) {
    return [beta](float x) { return x / (1.0f + std::exp(-beta * x)); };
  };
  checkUnary<SwishOp>(kValues, swish(1.0f), 1e-6f, Value(), FloatAttr());
  checkUnary<SwishOp>(kValues, swish(1.5f), 1e-6f, Value(),
                      builder.getF64FloatAttr(1.5));

  auto op = builder.create<SwishOp>(loc(), arg({3}), arg({1}), FloatAttr());
  HostTensor out =
      run(op, {HostTensor({3}, {-1.0f, 0.0f, 2.0f}), HostTensor({1}, {2.0f})});
  for (int i = 0; i < 3; ++i) {
    float x = std::vector<float>{-1.0f, 0.0f, 2.0f}[i];
    EXPECT_NEAR(out.data[i], swish(2.0f)(x), 1e-6f);
  }
}

TEST_F(InferenceTest, preluPerChannelAndBroadcast) {
  std::vector<float> x = {-1, 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12};
  // [1, 3, 2, 2] with one slope per channel.
  auto perChannel = builder.create<PReluOp>(loc(), arg({1, 3, 2, 2}), arg({3}));
  HostTensor out = run(perChannel, {HostTensor({1, 3, 2, 2}, x),
                                    HostTensor({3}, {0.1f, 0.2f, 0.3f})});
  for (int c = 0; c < 3; ++c) {
    for (int i = 0; i < 4; ++i) {
      float v = x[c * 4 + i];
      EXPECT_FLOAT_EQ(out.data[c * 4 + i], v >= 0 ? v : (0.1f * (c + 1)) * v);
    }
  }
  // A slope over the last dim (NumPy rules): [1, 3, 2, 2] with slope [2].
  auto lastDim = builder.create<PReluOp>(loc(), arg({1, 3, 2, 2}), arg({2}));
  HostTensor out2 = run(
      lastDim, {HostTensor({1, 3, 2, 2}, x), HostTensor({2}, {0.5f, 0.25f})});
  for (int i = 0; i < 12; ++i) {
    float v = x[i];
    EXPECT_FLOAT_EQ(out2.data[i], v >= 0 ? v : (i % 2 == 0 ? 0.5f : 0.25f) * v);
  }
}

TEST_F(InferenceTest, convertRoundsToTarget) {
  std::vector<float> values = {
      1.0f + std::ldexp(1.0f, -11), 70000.0f, -3.7f, 300.0f, 0.0f, kNaN};
  auto toF16 = builder.create<ConvertOp>(loc(), arg({6}), builder.getF16Type());
  HostTensor f16 = run(toF16, {HostTensor({6}, values)});
  EXPECT_EQ(f16.data[0], 1.0f);
  EXPECT_EQ(f16.data[1], kInf);
  EXPECT_TRUE(std::isnan(f16.data[5]));
  auto toSi8 = builder.create<ConvertOp>(loc(), arg({6}),
                                         builder.getIntegerType(8, true));
  HostTensor si8 = run(toSi8, {HostTensor({6}, values)});
  EXPECT_EQ(si8.data, (std::vector<float>{1, 127, -3, 127, 0, 0}));
  auto toBool = builder.create<ConvertOp>(loc(), arg({6}), builder.getI1Type());
  HostTensor b = run(toBool, {HostTensor({6}, values)});
  EXPECT_EQ(b.data, (std::vector<float>{1, 1, 1, 1, 0, 1}));
}

//===----------------------------------------------------------------------===//
// Errors, cost and post-ops
//===----------------------------------------------------------------------===//

TEST_F(InferenceTest, badInputsAreDiagnosed) {
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str() + "\n";
    return success();
  });
  auto op = builder.create<AddOp>(loc(), arg({2}), arg({2}),
                                  AutoBroadcastType::NUMPY);
  auto iface = llvm::cast<InferenceOpInterface>(op.getOperation());
  SmallVector<HostTensor> outputs;
  EXPECT_TRUE(failed(iface.inferOnCPU({HostTensor({2}, {1, 2})}, outputs)));
  EXPECT_TRUE(failed(iface.inferOnCPU(
      {HostTensor({2}, {1, 2}), HostTensor({3}, {1, 2, 3})}, outputs)));
  EXPECT_TRUE(failed(iface.inferOnCPU(
      {HostTensor({2}, {1, 2}), HostTensor({2}, {1})}, outputs)));
  EXPECT_TRUE(outputs.empty());
  EXPECT_NE(messages.find("inference expects 2 input tensors, got 1"),
            std::string::npos);
  EXPECT_NE(
      messages.find("inference input #1 has shape [3] but operand #1 has type "
                    "'tensor<2xf32>'"),
      std::string::npos);
  EXPECT_NE(messages.find("inference input #1 holds 1 values for shape [2]"),
            std::string::npos);

  // Dynamic dims take the actual extents, which must then broadcast.
  const int64_t dyn = ShapedType::kDynamic;
  auto dynOp = builder.create<AddOp>(loc(), arg({dyn}), arg({dyn}),
                                     AutoBroadcastType::NUMPY);
  auto dynIface = llvm::cast<InferenceOpInterface>(dynOp.getOperation());
  EXPECT_TRUE(succeeded(dynIface.inferOnCPU(
      {HostTensor({3}, {1, 2, 3}), HostTensor({1}, {1})}, outputs)));
  EXPECT_EQ(outputs.back().data, (std::vector<float>{2, 3, 4}));
  EXPECT_TRUE(failed(dynIface.inferOnCPU(
      {HostTensor({3}, {1, 2, 3}), HostTensor({2}, {1, 2})}, outputs)));
  EXPECT_NE(
      messages.find("inference inputs of shapes [3], [2] are not compatible"),
      std::string::npos);
}

TEST_F(InferenceTest, cost) {
  auto add = builder.create<AddOp>(loc(), arg({2, 3, 5, 4}), arg({4}),
                                   AutoBroadcastType::NUMPY);
  auto cost = llvm::cast<CostOpInterface>(add.getOperation());
  EXPECT_EQ(cost.getNumFLOPs(), 120);
  EXPECT_EQ(cost.getNumMACs(), 0);
  auto gelu = builder.create<GeluOp>(loc(), arg({10}));
  EXPECT_EQ(llvm::cast<CostOpInterface>(gelu.getOperation()).getNumFLOPs(), 50);
  auto dyn = builder.create<ReLUOp>(loc(), arg({ShapedType::kDynamic}));
  EXPECT_EQ(llvm::cast<CostOpInterface>(dyn.getOperation()).getNumFLOPs(),
            std::nullopt);
}

TEST_F(InferenceTest, postOps) {
  auto add = builder.create<AddOp>(loc(), arg({4}), arg({4}),
                                   AutoBroadcastType::NUMPY);
  auto relu = builder.create<ReLUOp>(loc(), add.getOutput());
  auto leaky = builder.create<LeakyReluOp>(loc(), add.getOutput(),
                                           builder.getF64FloatAttr(0.1));
  auto sigmoid = builder.create<SigmoidOp>(loc(), add.getOutput());
  auto other = builder.create<ReLUOp>(loc(), arg({4}));
  auto layer = llvm::cast<LayerWithPostOpInterface>(add.getOperation());
  EXPECT_TRUE(layer.isSupportedPostOp(relu));
  EXPECT_TRUE(layer.isSupportedPostOp(leaky));
  EXPECT_FALSE(layer.isSupportedPostOp(sigmoid));
  EXPECT_FALSE(layer.isSupportedPostOp(other));
  EXPECT_FALSE(llvm::isa<LayerWithPostOpInterface>(relu.getOperation()));

  auto asLayer = llvm::cast<LayerOpInterface>(add.getOperation());
  EXPECT_EQ(asLayer.getInputs().size(), 2u);
  EXPECT_EQ(asLayer.getOutputs().size(), 1u);
}

} // namespace
} // namespace mlir::vpuc::IE
