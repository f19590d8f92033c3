//===- MirrorTest.cpp - VPU ops that mirror IE layers -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The IE-delegated parts of the VPU ops built in C++: result type inference
// through the generated builders (the input's memory and the IE order), host
// inference equal to the IE op's, diagnostics of the IE kernels under the VPU
// op's name, cost and layout rules.
//
//===----------------------------------------------------------------------===//

#include <string>
#include <vector>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

using shape::DimsOrder;

class MirrorTest : public ::testing::Test {
protected:
  MirrorTest() : builder(&context) {
    context.loadDialect<VPUDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of `type`.
  Value arg(Type type) {
    return builder.create<UnrealizedConversionCastOp>(loc(), type, ValueRange{})
        .getResult(0);
  }

  RankedTensorType f32(ArrayRef<int64_t> shape, DimsOrder order,
                       MemorySpaceAttr memory = {}) {
    return getTensorType(shape, builder.getF32Type(), order, memory);
  }

  MemorySpaceAttr cmx(int64_t cluster) {
    return MemorySpaceAttr::getCMX(&context, cluster);
  }

  Location loc() { return builder.getUnknownLoc(); }

  DenseI64ArrayAttr ints(ArrayRef<int64_t> values) {
    return builder.getDenseI64ArrayAttr(values);
  }

  /// `count` values 0.5, 1.5, ... with alternating signs.
  static std::vector<float> ramp(int64_t count) {
    std::vector<float> values;
    for (int64_t i = 0; i < count; ++i) {
      values.push_back((i % 2 ? -1.0f : 1.0f) * (0.5f + static_cast<float>(i)) /
                       7.0f);
    }
    return values;
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(MirrorTest, builtOpsTakeTheInputMemory) {
  Value x = arg(f32({1, 8, 4, 4}, DimsOrder::NHWC, cmx(1)));
  auto relu = builder.create<SWReLUOp>(loc(), x);
  EXPECT_EQ(relu.getType(), x.getType());
  auto pool = builder.create<SWMaxPoolOp>(loc(), x, ints({2, 2}), ints({2, 2}),
                                          ints({0, 0}), ints({0, 0}),
                                          IE::RoundingType::FLOOR);
  EXPECT_EQ(pool.getType(), f32({1, 8, 2, 2}, DimsOrder::NHWC, cmx(1)));
  // IE.Transpose gives the default order; the memory stays.
  auto transpose = builder.create<SWTransposeOp>(loc(), x, ints({0, 2, 3, 1}));
  EXPECT_EQ(transpose.getType(), f32({1, 4, 4, 8}, DimsOrder::NCHW, cmx(1)));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(MirrorTest, viewsKeepOrderAndMemory) {
  Value x = arg(f32({1, 16, 4, 4}, DimsOrder::NHWC, cmx(0)));
  auto slice =
      builder.create<SliceOp>(loc(), x, ints({0, 8, 0, 0}), ints({1, 8, 4, 4}));
  EXPECT_EQ(slice.getType(), f32({1, 8, 4, 4}, DimsOrder::NHWC, cmx(0)));
  auto concat = builder.create<ConcatOp>(loc(), ValueRange{slice, slice}, 1);
  EXPECT_EQ(concat.getType(), f32({1, 16, 4, 4}, DimsOrder::NHWC, cmx(0)));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(MirrorTest, hostInferenceEqualsIE) {
  RankedTensorType inputType = f32({1, 3, 5, 5}, DimsOrder::NCHW);
  RankedTensorType filterType = f32({4, 3, 3, 3}, DimsOrder::NCHW);
  Value x = arg(inputType);
  Value w = arg(filterType);
  auto vpuConv =
      builder.create<SWConvolutionOp>(loc(), x, w, Value(), ints({2, 1}),
                                      ints({1, 0}), ints({1, 1}), ints({1, 1}));
  auto ieConv = builder.create<IE::ConvolutionOp>(loc(), x, w, Value(),
                                                  ints({2, 1}), ints({1, 0}),
                                                  ints({1, 1}), ints({1, 1}));
  ASSERT_EQ(vpuConv.getType(), ieConv.getType());
  std::vector<IE::HostTensor> inputs = {
      IE::HostTensor(inputType.getShape(), ramp(inputType.getNumElements())),
      IE::HostTensor(filterType.getShape(), ramp(filterType.getNumElements()))};
  SmallVector<IE::HostTensor, 1> vpuOut, ieOut;
  ASSERT_TRUE(
      succeeded(llvm::cast<IE::InferenceOpInterface>(*vpuConv).inferOnCPU(
          inputs, vpuOut)));
  ASSERT_TRUE(succeeded(
      llvm::cast<IE::InferenceOpInterface>(*ieConv).inferOnCPU(inputs, ieOut)));
  ASSERT_EQ(vpuOut.size(), 1u);
  EXPECT_EQ(vpuOut[0].shape, ieOut[0].shape);
  EXPECT_EQ(vpuOut[0].data, ieOut[0].data);

  // Cost and layouts come from IE too.
  auto vpuCost = llvm::cast<IE::CostOpInterface>(*vpuConv);
  auto ieCost = llvm::cast<IE::CostOpInterface>(*ieConv);
  EXPECT_EQ(vpuCost.getNumMACs(), ieCost.getNumMACs());
  EXPECT_GT(*vpuCost.getNumMACs(), 0);
  auto layouts = llvm::cast<IE::LayoutInfoOpInterface>(*vpuConv);
  EXPECT_TRUE(layouts.isSupportedLayout({DimsOrder::NHWC, DimsOrder::NCHW},
                                        {DimsOrder::NHWC}));
  EXPECT_FALSE(layouts.isSupportedLayout({DimsOrder::NHWC, DimsOrder::NCHW},
                                         {DimsOrder::NCHW}));
  EXPECT_TRUE(layouts.hasSupportedLayout());
}

TEST_F(MirrorTest, hostInferenceOfCMXTensors) {
  RankedTensorType type = f32({2, 3}, DimsOrder::CN, cmx(0));
  auto softmax = builder.create<SWSoftMaxOp>(loc(), arg(type), 0);
  std::vector<IE::HostTensor> inputs = {
      IE::HostTensor({2, 3}, {0, 1, 2, 3, 4, 5})};
  SmallVector<IE::HostTensor, 1> outputs;
  ASSERT_TRUE(
      succeeded(llvm::cast<IE::InferenceOpInterface>(*softmax).inferOnCPU(
          inputs, outputs)));
  ASSERT_EQ(outputs.size(), 1u);
  // Columns sum to 1 (axis 0).
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(outputs[0].data[c] + outputs[0].data[3 + c], 1.0f, 1e-6f);
  }
}

TEST_F(MirrorTest, kernelErrorsNameTheVPUOp) {
  RankedTensorType dataType = f32({4, 2}, DimsOrder::NC);
  auto indexType =
      RankedTensorType::get({1}, builder.getIntegerType(64, /*isSigned=*/true));
  auto gather =
      builder.create<SWGatherOp>(loc(), arg(dataType), arg(indexType), 0);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  std::vector<IE::HostTensor> inputs = {IE::HostTensor({4, 2}, ramp(8)),
                                        IE::HostTensor({1}, {9.0f})};
  SmallVector<IE::HostTensor, 1> outputs;
  EXPECT_TRUE(failed(llvm::cast<IE::InferenceOpInterface>(*gather).inferOnCPU(
      inputs, outputs)));
  EXPECT_TRUE(StringRef(message).starts_with("'VPU.SW.Gather' op ")) << message;
  EXPECT_EQ(message.find("IE.Gather"), std::string::npos) << message;
}

TEST_F(MirrorTest, everyIELayerWithAKernelHasAVPUOp) {
  // The IE layers that are no VPU.SW op: views (VPU.Reshape, VPU.AffineReshape,
  // VPU.Concat, VPU.Slice), shape ops resolved at compile time and Einsum
  // (decomposed before).
  const llvm::StringSet<> notSoftware = {
      "IE.Reshape", "IE.Squeeze",       "IE.Unsqueeze",
      "IE.Flatten", "IE.AffineReshape", "IE.Concat",
      "IE.Split",   "IE.ShapeOf",       "IE.Einsum"};
  for (RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "IE" ||
        !name.hasInterface<IE::LayerOpInterface>() ||
        notSoftware.contains(name.getStringRef())) {
      continue;
    }
    std::string vpuName = ("VPU.SW." + name.getStringRef().drop_front(3)).str();
    EXPECT_TRUE(RegisteredOperationName::lookup(vpuName, &context).has_value())
        << name.getStringRef().str() << " has no " << vpuName;
  }
}

} // namespace
} // namespace mlir::vpuc::VPU
