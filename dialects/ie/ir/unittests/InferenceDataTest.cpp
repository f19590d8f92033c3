//===- InferenceDataTest.cpp - Tests of the IE data movement kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds IE data movement / shape ops (result types inferred by the builders),
// runs inferOnCPU on small buffers and checks the values against hand-computed
// results; also checks their cost and the inference-time shape errors.
//
//===----------------------------------------------------------------------===//

#include <numeric>
#include <string>
#include <vector>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class InferenceDataTest : public ::testing::Test {
protected:
  InferenceDataTest() : builder(&context) {
    context.loadDialect<IEDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of type tensor<shape x f32> (an operand-less cast).
  Value arg(ArrayRef<int64_t> shape) {
    Type type = RankedTensorType::get(shape, builder.getF32Type());
    return builder.create<UnrealizedConversionCastOp>(loc(), type, ValueRange{})
        .getResult(0);
  }

  Location loc() { return builder.getUnknownLoc(); }

  /// A tensor of `shape` holding 0, 1, 2, ...
  static HostTensor iota(ArrayRef<int64_t> shape) {
    HostTensor tensor = HostTensor::filled(shape);
    std::iota(tensor.data.begin(), tensor.data.end(), 0.0f);
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

  /// Runs a single-result op and checks its output shape and values.
  void expectOutput(Operation *op, ArrayRef<HostTensor> inputs,
                    ArrayRef<int64_t> shape, const std::vector<float> &values) {
    SmallVector<HostTensor> outputs = runAll(op, inputs);
    ASSERT_EQ(outputs.size(), 1u);
    EXPECT_EQ(ArrayRef<int64_t>(outputs[0].shape), shape);
    EXPECT_EQ(outputs[0].data, values);
    EXPECT_EQ(llvm::cast<ShapedType>(op->getResult(0).getType()).getShape(),
              shape);
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

  DenseI64ArrayAttr ints(ArrayRef<int64_t> values) {
    return builder.getDenseI64ArrayAttr(values);
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

TEST_F(InferenceDataTest, reshapesKeepRowMajorData) {
  HostTensor x = iota({1, 6, 1});
  std::vector<float> values = x.data;
  expectOutput(builder.create<ReshapeOp>(loc(), arg({1, 6, 1}), ints({2, 3})),
               {x}, {2, 3}, values);
  expectOutput(builder.create<SqueezeOp>(loc(), arg({1, 6, 1}), ints({-1})),
               {x}, {1, 6}, values);
  expectOutput(builder.create<SqueezeOp>(loc(), arg({1, 6, 1}), ints({})), {x},
               {6}, values);
  expectOutput(
      builder.create<UnsqueezeOp>(loc(), arg({1, 6, 1}), ints({-1, 1})), {x},
      {1, 1, 6, 1, 1}, values);
  expectOutput(builder.create<FlattenOp>(loc(), arg({1, 6, 1}), -1), {x},
               {6, 1}, values);
  expectOutput(builder.create<FlattenOp>(loc(), arg({1, 6, 1}), 0), {x}, {1, 6},
               values);
}

TEST_F(InferenceDataTest, reshapeOfDynamicInputChecksCount) {
  auto op = builder.create<ReshapeOp>(loc(), arg({ShapedType::kDynamic, 3}),
                                      ints({2, 3}));
  expectOutput(op, {iota({2, 3})}, {2, 3}, iota({6}).data);
  expectInferenceError(
      op, {iota({3, 3})},
      "shape [2, 3] has 6 elements but the input shape [3, 3] has 9");
}

//===----------------------------------------------------------------------===//
// Transpose, Concat, Split
//===----------------------------------------------------------------------===//

TEST_F(InferenceDataTest, transpose) {
  // x[i][j][k] = 12 i + 4 j + k over [2, 3, 4]; out[k][i][j] = x[i][j][k].
  auto op = builder.create<TransposeOp>(loc(), arg({2, 3, 4}), ints({2, 0, 1}));
  std::vector<float> expected;
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 3; ++j) {
        expected.push_back(12 * i + 4 * j + k);
      }
    }
  }
  expectOutput(op, {iota({2, 3, 4})}, {4, 2, 3}, expected);
}

TEST_F(InferenceDataTest, concatNegativeAxis) {
  auto op =
      builder.create<ConcatOp>(loc(), ValueRange{arg({2, 1}), arg({2, 2})}, -1);
  expectOutput(op,
               {HostTensor({2, 1}, {10, 20}), HostTensor({2, 2}, {1, 2, 3, 4})},
               {2, 3}, {10, 1, 2, 20, 3, 4});
  expectInferenceError(
      op, {HostTensor({3, 1}, {1, 2, 3}), HostTensor({2, 2}, {1, 2, 3, 4})},
      "has shape [3, 1] but operand #0 has type");
}

TEST_F(InferenceDataTest, splitNegativeAxis) {
  Value x = arg({2, 3});
  Type first = RankedTensorType::get({2, 1}, builder.getF32Type());
  Type second = RankedTensorType::get({2, 2}, builder.getF32Type());
  auto op =
      builder.create<SplitOp>(loc(), TypeRange{first, second}, x,
                              builder.getI64IntegerAttr(-1), ints({1, 2}));
  SmallVector<HostTensor> outputs = runAll(op, {iota({2, 3})});
  ASSERT_EQ(outputs.size(), 2u);
  EXPECT_EQ(outputs[0].data, (std::vector<float>{0, 3}));
  EXPECT_EQ(outputs[1].data, (std::vector<float>{1, 2, 4, 5}));
  EXPECT_EQ(ArrayRef<int64_t>(outputs[1].shape), ArrayRef<int64_t>({2, 2}));
}

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

TEST_F(InferenceDataTest, sliceNegativeStep) {
  // Every row of iota([2, 5]) from its last element backwards in steps of 2;
  // rows reversed.
  auto op = builder.create<SliceOp>(loc(), arg({2, 5}), ints({-1, -1}),
                                    ints({INT64_MIN, INT64_MIN}), ints({0, 1}),
                                    ints({-1, -2}));
  expectOutput(op, {iota({2, 5})}, {2, 3}, {9, 7, 5, 4, 2, 0});
}

TEST_F(InferenceDataTest, sliceClampsLikeOnnx) {
  // starts -100 -> 0, ends 100 -> 5, step 2: 0, 2, 4.
  expectOutput(builder.create<SliceOp>(loc(), arg({5}), ints({-100}),
                                       ints({100}), nullptr, ints({2})),
               {iota({5})}, {3}, {0, 2, 4});
  // Negative step: start 100 -> 4, end -2 -> 3: just 4.
  expectOutput(builder.create<SliceOp>(loc(), arg({5}), ints({100}), ints({-2}),
                                       nullptr, ints({-1})),
               {iota({5})}, {1}, {4});
  // Empty range.
  expectOutput(builder.create<SliceOp>(loc(), arg({5}), ints({3}), ints({1}),
                                       nullptr, nullptr),
               {iota({5})}, {0}, {});
  // Negative start and end on a middle axis.
  expectOutput(builder.create<SliceOp>(loc(), arg({2, 4}), ints({-3}),
                                       ints({-1}), ints({-1}), nullptr),
               {iota({2, 4})}, {2, 2}, {1, 2, 5, 6});
}

//===----------------------------------------------------------------------===//
// Pad, Tile, Gather, ShapeOf
//===----------------------------------------------------------------------===//

TEST_F(InferenceDataTest, padModes) {
  // [[1, 2, 3], [4, 5, 6]] padded by 2 before and 1 after dim 1, 1 before dim
  // 0.
  HostTensor x({2, 3}, {1, 2, 3, 4, 5, 6});
  auto pads = [&](PadMode mode) {
    return builder.create<PadOp>(loc(), arg({2, 3}), ints({1, 2}), ints({0, 1}),
                                 PadModeAttr::get(&context, mode),
                                 builder.getF64FloatAttr(-1.0));
  };
  expectOutput(pads(PadMode::CONSTANT), {x}, {3, 6},
               {-1, -1, -1, -1, -1, -1, //
                -1, -1, 1, 2, 3, -1,    //
                -1, -1, 4, 5, 6, -1});
  expectOutput(pads(PadMode::EDGE), {x}, {3, 6},
               {1, 1, 1, 2, 3, 3, //
                1, 1, 1, 2, 3, 3, //
                4, 4, 4, 5, 6, 6});
  // Reflect mirrors without the border: row -1 is row 1; columns -2, -1 are 2,
  // 1; 3 is 1.
  expectOutput(pads(PadMode::REFLECT), {x}, {3, 6},
               {6, 5, 4, 5, 6, 5, //
                3, 2, 1, 2, 3, 2, //
                6, 5, 4, 5, 6, 5});
}

TEST_F(InferenceDataTest, tile) {
  auto op = builder.create<TileOp>(loc(), arg({2, 2}), ints({2, 3}));
  expectOutput(op, {HostTensor({2, 2}, {1, 2, 3, 4})}, {4, 6},
               {1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4, //
                1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4});
}

TEST_F(InferenceDataTest, gatherNegativeIndices) {
  Value indices =
      builder
          .create<UnrealizedConversionCastOp>(
              loc(),
              RankedTensorType::get(
                  {2, 2}, builder.getIntegerType(64, /*isSigned=*/true)),
              ValueRange{})
          .getResult(0);
  auto op = builder.create<GatherOp>(loc(), arg({2, 4}), indices, -1);
  expectOutput(op, {iota({2, 4}), HostTensor({2, 2}, {-1, 0, 2, -4})},
               {2, 2, 2}, {3, 0, 2, 0, 7, 4, 6, 4});
  expectInferenceError(op, {iota({2, 4}), HostTensor({2, 2}, {0, 4, 0, 0})},
                       "index 4 is out of range for dim 1 of size 4");
  // Float indices along axis 0 are truncated.
  auto rows = builder.create<GatherOp>(loc(), arg({2, 4}), arg({1}), 0);
  expectOutput(rows, {iota({2, 4}), HostTensor({1}, {-1.0f})}, {1, 4},
               {4, 5, 6, 7});
}

TEST_F(InferenceDataTest, shapeOfDynamic) {
  auto op = builder.create<ShapeOfOp>(loc(), arg({ShapedType::kDynamic, 3}));
  SmallVector<HostTensor> outputs = runAll(op, {iota({5, 3})});
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0].data, (std::vector<float>{5, 3}));
}

//===----------------------------------------------------------------------===//
// Cost
//===----------------------------------------------------------------------===//

TEST_F(InferenceDataTest, dataOpsCostNothing) {
  auto op = builder.create<TransposeOp>(loc(), arg({2, 3}), ints({1, 0}));
  auto cost = llvm::cast<CostOpInterface>(op.getOperation());
  EXPECT_EQ(cost.getNumMACs(), 0);
  EXPECT_EQ(cost.getNumFLOPs(), 0);
}

} // namespace
} // namespace mlir::vpuc::IE
