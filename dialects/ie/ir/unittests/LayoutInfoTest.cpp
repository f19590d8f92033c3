//===- LayoutInfoTest.cpp - LayoutInfoOpInterface tests ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds IE ops of each layout family in a local MLIRContext and checks the
// supported layouts they report, proposed order assignments, the orders their
// current types carry, and that every IE layer implements the interface.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/LayoutInfo.h"
#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

using shape::DimsOrder;

class LayoutInfoTest : public ::testing::Test {
protected:
  LayoutInfoTest() : builder(&context) {
    context.loadDialect<IEDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of type tensor<shape x f32> in `order`.
  Value arg(ArrayRef<int64_t> shape,
            std::optional<DimsOrder> order = std::nullopt) {
    auto type = RankedTensorType::get(shape, builder.getF32Type());
    if (order) {
      type = shape::withOrder(type, *order);
    }
    return builder.create<UnrealizedConversionCastOp>(loc(), type, ValueRange{})
        .getResult(0);
  }

  Location loc() { return builder.getUnknownLoc(); }

  DenseI64ArrayAttr ints(ArrayRef<int64_t> values) {
    return builder.getDenseI64ArrayAttr(values);
  }

  /// A 3x3 convolution with padding 1 of `x` by a [4, C, 3, 3] filter.
  ConvolutionOp conv(Value x) {
    int64_t channels = llvm::cast<ShapedType>(x.getType()).getDimSize(1);
    return builder.create<ConvolutionOp>(loc(), x, arg({4, channels, 3, 3}),
                                         Value(), ints({1, 1}), ints({1, 1}),
                                         ints({1, 1}), ints({1, 1}));
  }

  static LayoutInfoOpInterface layoutOf(Operation *op) {
    auto iface = llvm::dyn_cast<LayoutInfoOpInterface>(op);
    EXPECT_TRUE(iface) << "no LayoutInfoOpInterface on "
                       << op->getName().getStringRef().str();
    return iface;
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(LayoutInfoTest, acceptsChecksCountsListsAndGroups) {
  LayoutInfo info;
  info.operands = {TensorLayouts::any(0),
                   TensorLayouts::oneOf({DimsOrder::NCHW})};
  info.results = {TensorLayouts::any(0)};
  EXPECT_TRUE(
      info.accepts({DimsOrder::NHWC, DimsOrder::NCHW}, {DimsOrder::NHWC}));
  EXPECT_FALSE(
      info.accepts({DimsOrder::NHWC, DimsOrder::NCHW}, {DimsOrder::NCHW}));
  EXPECT_FALSE(
      info.accepts({DimsOrder::NHWC, DimsOrder::NHWC}, {DimsOrder::NHWC}));
  EXPECT_FALSE(info.accepts({DimsOrder::NHWC}, {DimsOrder::NHWC}));
  EXPECT_FALSE(info.accepts({DimsOrder::NHWC, DimsOrder::NCHW}, {}));
  EXPECT_TRUE(TensorLayouts::any().accepts(DimsOrder::NWHC));
  EXPECT_FALSE(TensorLayouts::oneOf({DimsOrder::NCHW, DimsOrder::NHWC})
                   .accepts(DimsOrder::NWHC));
}

TEST_F(LayoutInfoTest, eltwiseIsLayoutAgnostic) {
  auto add = builder.create<AddOp>(loc(), arg({1, 3, 4, 4}), arg({1, 3, 1, 1}),
                                   AutoBroadcastType::NUMPY);
  LayoutInfoOpInterface iface = layoutOf(add);
  LayoutInfo info = iface.getSupportedLayouts();
  ASSERT_EQ(info.operands.size(), 2u);
  ASSERT_EQ(info.results.size(), 1u);
  EXPECT_TRUE(info.operands[0].orders.empty());
  EXPECT_EQ(info.operands[0].group, 0);
  EXPECT_EQ(info.operands[1].group, 0);
  EXPECT_EQ(info.results[0].group, 0);
  EXPECT_TRUE(iface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::NHWC},
                                      {DimsOrder::NHWC}));
  EXPECT_TRUE(iface.isSupportedLayout({DimsOrder::NCWH, DimsOrder::NCWH},
                                      {DimsOrder::NCWH}));
  // Inputs and output must agree.
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::NCHW},
                                       {DimsOrder::NHWC}));
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::NHWC},
                                       {DimsOrder::NCHW}));
  // Orders of the wrong rank or count.
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::CHW, DimsOrder::NHWC},
                                       {DimsOrder::NHWC}));
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::NHWC}, {DimsOrder::NHWC}));
  EXPECT_TRUE(iface.hasSupportedLayout());

  // An operand of another rank (broadcast) is free.
  auto scaled = builder.create<MultiplyOp>(loc(), arg({1, 3, 4, 4}), arg({4}),
                                           AutoBroadcastType::NUMPY);
  LayoutInfoOpInterface scaledIface = layoutOf(scaled);
  EXPECT_EQ(scaledIface.getSupportedLayouts().operands[1].group, -1);
  EXPECT_TRUE(scaledIface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::C},
                                            {DimsOrder::NHWC}));

  // Unary ops and ScaleShift follow the same rule; a mismatch in the current
  // types fails.
  auto relu = builder.create<ReLUOp>(loc(), arg({1, 3, 4, 4}, DimsOrder::NHWC));
  EXPECT_TRUE(layoutOf(relu).hasSupportedLayout());
  auto shift = builder.create<ScaleShiftOp>(
      loc(), arg({1, 3, 4, 4}, DimsOrder::NHWC), Value(), arg({1, 3, 1, 1}));
  LayoutInfoOpInterface shiftIface = layoutOf(shift);
  EXPECT_TRUE(shiftIface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::NHWC},
                                           {DimsOrder::NHWC}));
  // The biases are rank 4 too, so they join the group: NCHW biases with NHWC
  // data do not.
  EXPECT_FALSE(shiftIface.hasSupportedLayout());
}

TEST_F(LayoutInfoTest, spatialOpsTakeNCHWOrNHWC) {
  ConvolutionOp op = conv(arg({1, 3, 8, 8}));
  LayoutInfoOpInterface iface = layoutOf(op);
  LayoutInfo info = iface.getSupportedLayouts();
  ASSERT_EQ(info.operands.size(), 2u);
  EXPECT_EQ(info.operands[0].orders.size(), 2u);
  EXPECT_TRUE(info.operands[1].orders.empty());
  EXPECT_TRUE(iface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::OIYX},
                                      {DimsOrder::NHWC}));
  EXPECT_TRUE(iface.isSupportedLayout({DimsOrder::NCHW, DimsOrder::OYXI},
                                      {DimsOrder::NCHW}));
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::NHWC, DimsOrder::OIYX},
                                       {DimsOrder::NCHW}));
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::NWHC, DimsOrder::OIYX},
                                       {DimsOrder::NWHC}));
  EXPECT_TRUE(iface.hasSupportedLayout());
  EXPECT_TRUE(
      layoutOf(conv(arg({1, 3, 8, 8}, DimsOrder::NHWC))).hasSupportedLayout());
  EXPECT_FALSE(
      layoutOf(conv(arg({1, 3, 8, 8}, DimsOrder::NCWH))).hasSupportedLayout());

  auto pool = builder.create<MaxPoolOp>(
      loc(), arg({1, 3, 8, 8}, DimsOrder::NHWC), ints({2, 2}), ints({2, 2}),
      ints({0, 0}), ints({0, 0}), RoundingType::FLOOR);
  EXPECT_TRUE(layoutOf(pool).hasSupportedLayout());
  EXPECT_TRUE(
      layoutOf(pool).isSupportedLayout({DimsOrder::NCHW}, {DimsOrder::NCHW}));
  EXPECT_FALSE(
      layoutOf(pool).isSupportedLayout({DimsOrder::NCHW}, {DimsOrder::NHWC}));

  // 1-D ops on [N, C, W]: the identity order or channels last (CWH is (d0, d2,
  // d1)).
  auto pool1D = builder.create<MaxPoolOp>(loc(), arg({1, 3, 8}, DimsOrder::CWH),
                                          ints({2}), ints({2}), ints({0}),
                                          ints({0}), RoundingType::FLOOR);
  EXPECT_TRUE(layoutOf(pool1D).hasSupportedLayout());
  EXPECT_TRUE(
      layoutOf(pool1D).isSupportedLayout({DimsOrder::CHW}, {DimsOrder::CHW}));
  EXPECT_FALSE(
      layoutOf(pool1D).isSupportedLayout({DimsOrder::CHW}, {DimsOrder::CWH}));
  EXPECT_FALSE(
      layoutOf(pool1D).isSupportedLayout({DimsOrder::HWC}, {DimsOrder::HWC}));
  EXPECT_FALSE(
      layoutOf(pool1D).isSupportedLayout({DimsOrder::NCHW}, {DimsOrder::NCHW}));
}

TEST_F(LayoutInfoTest, shapeOpsRequireTheDefaultOrder) {
  auto reshape =
      builder.create<ReshapeOp>(loc(), arg({1, 2, 3, 4}), ints({24}));
  LayoutInfoOpInterface iface = layoutOf(reshape);
  LayoutInfo info = iface.getSupportedLayouts();
  ASSERT_EQ(info.operands.size(), 1u);
  ASSERT_EQ(info.operands[0].orders.size(), 1u);
  EXPECT_EQ(info.operands[0].orders[0], DimsOrder::NCHW);
  EXPECT_EQ(info.results[0].orders[0], DimsOrder::C);
  EXPECT_TRUE(iface.isSupportedLayout({DimsOrder::NCHW}, {DimsOrder::C}));
  EXPECT_FALSE(iface.isSupportedLayout({DimsOrder::NHWC}, {DimsOrder::C}));
  EXPECT_TRUE(iface.hasSupportedLayout());
  auto reordered = builder.create<ReshapeOp>(
      loc(), arg({1, 2, 3, 4}, DimsOrder::NHWC), ints({24}));
  EXPECT_FALSE(layoutOf(reordered).hasSupportedLayout());

  auto transpose =
      builder.create<TransposeOp>(loc(), arg({1, 2, 3, 4}), ints({0, 2, 3, 1}));
  EXPECT_FALSE(layoutOf(transpose).isSupportedLayout({DimsOrder::NHWC},
                                                     {DimsOrder::NCHW}));
  auto matmul =
      builder.create<MatMulOp>(loc(), arg({2, 3}), arg({3, 4}), false, false);
  EXPECT_TRUE(layoutOf(matmul).isSupportedLayout({DimsOrder::NC, DimsOrder::NC},
                                                 {DimsOrder::NC}));
  EXPECT_FALSE(layoutOf(matmul).isSupportedLayout(
      {DimsOrder::CN, DimsOrder::NC}, {DimsOrder::NC}));
}

TEST_F(LayoutInfoTest, reductionWithoutKeepDims) {
  auto reduce = builder.create<ReduceMeanOp>(loc(), arg({1, 3, 4, 4}),
                                             ints({2, 3}), false);
  LayoutInfoOpInterface iface = layoutOf(reduce);
  // The input has another rank than the result: it is free.
  EXPECT_TRUE(iface.isSupportedLayout({DimsOrder::NHWC}, {DimsOrder::CN}));
  EXPECT_EQ(iface.getSupportedLayouts().operands[0].group, -1);
}

TEST_F(LayoutInfoTest, everyLayerImplementsTheInterface) {
  int layers = 0;
  for (RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "IE" ||
        !name.hasInterface<LayerOpInterface>()) {
      continue;
    }
    ++layers;
    EXPECT_TRUE(name.hasInterface<LayoutInfoOpInterface>())
        << name.getStringRef().str();
  }
  EXPECT_GT(layers, 50);
}

} // namespace
} // namespace mlir::vpuc::IE
