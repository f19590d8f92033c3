//===- FusedOpsTest.cpp - Tests of the fused IE ops -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds IE.ScaleShift in a local MLIRContext (result type inferred by the
// builder), runs inferOnCPU and checks the values against a reference loop, the
// rounding to f16, the cost and the inference error on a bad parameter tensor.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <string>
#include <vector>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class FusedOpsTest : public ::testing::Test {
protected:
  FusedOpsTest() : builder(&context) {
    context.loadDialect<IEDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of type tensor<shape x elemType> (f32 by default).
  Value arg(ArrayRef<int64_t> shape, Type elemType = {}) {
    Type type = RankedTensorType::get(shape, elemType ? elemType
                                                      : builder.getF32Type());
    return builder
        .create<UnrealizedConversionCastOp>(builder.getUnknownLoc(), type,
                                            ValueRange{})
        .getResult(0);
  }

  /// Runs the op's inference on `inputs`, expecting success and one output.
  HostTensor run(Operation *op, ArrayRef<HostTensor> inputs) {
    EXPECT_TRUE(succeeded(verify(op)));
    SmallVector<HostTensor> outputs;
    EXPECT_TRUE(succeeded(
        llvm::cast<InferenceOpInterface>(op).inferOnCPU(inputs, outputs)));
    EXPECT_EQ(outputs.size(), 1u);
    return outputs.empty() ? HostTensor() : outputs.front();
  }

  /// A tensor of `shape` holding 0.25 * (i - count / 2) at index i.
  static HostTensor ramp(ArrayRef<int64_t> shape) {
    HostTensor tensor = HostTensor::filled(shape);
    const int64_t count = tensor.getNumElements();
    for (int64_t i = 0; i < count; ++i) {
      tensor.data[i] = 0.25f * static_cast<float>(i - count / 2);
    }
    return tensor;
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(FusedOpsTest, scaleShiftWeightsAndBiases) {
  auto op =
      builder.create<ScaleShiftOp>(builder.getUnknownLoc(), arg({2, 3, 2, 2}),
                                   arg({1, 3, 1, 1}), arg({1, 3, 1, 1}));
  EXPECT_EQ(op.getType(),
            RankedTensorType::get({2, 3, 2, 2}, builder.getF32Type()));
  HostTensor x = ramp({2, 3, 2, 2});
  HostTensor w({1, 3, 1, 1}, {2.0f, -1.0f, 0.5f});
  HostTensor b({1, 3, 1, 1}, {1.0f, 0.0f, -3.0f});
  HostTensor out = run(op, {x, w, b});
  ASSERT_EQ(out.data.size(), x.data.size());
  for (int64_t i = 0; i < 24; ++i) {
    const int64_t c = (i / 4) % 3;
    EXPECT_EQ(out.data[i], x.data[i] * w.data[c] + b.data[c]) << "at " << i;
  }
  EXPECT_EQ(*op.getNumMACs(), 0);
  EXPECT_EQ(*op.getNumFLOPs(), 2 * 24);
}

TEST_F(FusedOpsTest, scaleShiftSingleParameter) {
  Value x = arg({1, 2, 3});
  auto scale = builder.create<ScaleShiftOp>(builder.getUnknownLoc(), x,
                                            arg({1, 2, 1}), Value());
  auto shift = builder.create<ScaleShiftOp>(builder.getUnknownLoc(), x, Value(),
                                            arg({1, 2, 1}));
  HostTensor in({1, 2, 3}, {1, 2, 3, -4, 5, -0.0f});
  HostTensor param({1, 2, 1}, {10, -2});
  HostTensor scaled = run(scale, {in, param});
  EXPECT_EQ(scaled.data, (std::vector<float>{10, 20, 30, 8, -10, 0}));
  // A weights-only ScaleShift is a plain product: -0 * -2 = +0, 5 * -2 = -10,
  // and -4 * -2 = 8; a zero product keeps its sign.
  HostTensor negZero({1, 2, 3}, {-0.0f, 0, 0, 0, 0, 0});
  HostTensor positive({1, 2, 1}, {3, 3});
  EXPECT_TRUE(std::signbit(run(scale, {negZero, positive}).data[0]));
  HostTensor shifted = run(shift, {in, param});
  EXPECT_EQ(shifted.data, (std::vector<float>{11, 12, 13, -6, 3, -2}));
  EXPECT_EQ(*scale.getNumFLOPs(), 6);
  EXPECT_EQ(*shift.getNumFLOPs(), 6);
}

TEST_F(FusedOpsTest, scaleShiftRoundsToF16) {
  Type f16 = builder.getF16Type();
  auto op = builder.create<ScaleShiftOp>(builder.getUnknownLoc(),
                                         arg({1, 1, 1, 1}, f16),
                                         arg({1, 1, 1, 1}, f16), Value());
  // 1 + 2^-11 is halfway between two f16 values and rounds to even (1).
  HostTensor out = run(op, {HostTensor({1, 1, 1, 1}, {1.0f + 1.0f / 2048.0f}),
                            HostTensor({1, 1, 1, 1}, {1.0f})});
  EXPECT_EQ(out.data[0], 1.0f);
}

TEST_F(FusedOpsTest, scaleShiftDynamicShapeCost) {
  auto op = builder.create<ScaleShiftOp>(builder.getUnknownLoc(),
                                         arg({ShapedType::kDynamic, 4}),
                                         arg({1, 4}), Value());
  EXPECT_EQ(*op.getNumMACs(), 0);
  EXPECT_FALSE(op.getNumFLOPs().has_value());
  HostTensor out = run(op, {HostTensor({2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}),
                            HostTensor({1, 4}, {1, 0, -1, 2})});
  EXPECT_EQ(out.data, (std::vector<float>{1, 0, -3, 8, 5, 0, -7, 16}));
}

TEST_F(FusedOpsTest, scaleShiftInferenceErrors) {
  auto op = builder.create<ScaleShiftOp>(
      builder.getUnknownLoc(), arg({1, ShapedType::kDynamic}),
      arg({1, ShapedType::kDynamic}), Value());
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  SmallVector<HostTensor> outputs;
  EXPECT_TRUE(failed(op.inferOnCPU(
      {HostTensor({1, 3}, {1, 2, 3}), HostTensor({1, 2}, {1, 2})}, outputs)));
  EXPECT_EQ(
      message,
      "'IE.ScaleShift' op inference: a parameter of shape [1, 2] does not "
      "hold 3 channel values");
  EXPECT_TRUE(failed(op.inferOnCPU({HostTensor({1, 3}, {1, 2, 3})}, outputs)));
  EXPECT_EQ(message,
            "'IE.ScaleShift' op inference expects 2 input tensors, got 1");
}

} // namespace
} // namespace mlir::vpuc::IE
