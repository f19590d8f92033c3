//===- TensorTypesTest.cpp - VPU tensor types -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The memory helpers of VPU tensor types (getMemorySpace, withMemorySpace,
// getTensorType, stripMemorySpace, verifyTensorType) and core/shape's
// getOrder / withOrder on `#VPU.tensor` encodings.
//
//===----------------------------------------------------------------------===//

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

using shape::DimsOrder;

class TensorTypesTest : public ::testing::Test {
protected:
  TensorTypesTest() { context.loadDialect<VPUDialect>(); }

  RankedTensorType tensor(ArrayRef<int64_t> shape, DimsOrder order,
                          MemorySpaceAttr memory = {}) {
    return getTensorType(shape, Float16Type::get(&context), order, memory);
  }

  MemorySpaceAttr cmx(int64_t cluster) {
    return MemorySpaceAttr::getCMX(&context, cluster);
  }
  MemorySpaceAttr ddr() { return MemorySpaceAttr::getDDR(&context); }

  MLIRContext context;
};

TEST_F(TensorTypesTest, ddrTensorsKeepTheIESpelling) {
  RankedTensorType rowMajor = tensor({1, 16, 8, 8}, DimsOrder::NCHW);
  EXPECT_FALSE(rowMajor.getEncoding());
  RankedTensorType nhwc = tensor({1, 16, 8, 8}, DimsOrder::NHWC, ddr());
  ASSERT_TRUE(llvm::isa<AffineMapAttr>(nhwc.getEncoding()));
  EXPECT_EQ(nhwc, shape::withOrder(rowMajor, DimsOrder::NHWC));
  EXPECT_EQ(*getMemorySpace(nhwc), ddr());
  EXPECT_EQ(*getMemorySpace(rowMajor), ddr());
}

TEST_F(TensorTypesTest, cmxTensorsCarryOrderAndMemory) {
  RankedTensorType type = tensor({1, 16, 8, 8}, DimsOrder::NHWC, cmx(1));
  auto encoding = llvm::dyn_cast<TensorEncodingAttr>(type.getEncoding());
  ASSERT_TRUE(encoding);
  EXPECT_EQ(encoding.getMemorySpace(), cmx(1));
  EXPECT_EQ(*getMemorySpace(type), cmx(1));
  EXPECT_EQ(*shape::getOrder(type), DimsOrder::NHWC);

  RankedTensorType rowMajor = tensor({1, 16, 8, 8}, DimsOrder::NCHW, cmx(0));
  auto rowMajorEncoding =
      llvm::dyn_cast<TensorEncodingAttr>(rowMajor.getEncoding());
  ASSERT_TRUE(rowMajorEncoding);
  EXPECT_FALSE(rowMajorEncoding.getOrder());
  EXPECT_EQ(*shape::getOrder(rowMajor), DimsOrder::NCHW);
}

TEST_F(TensorTypesTest, withOrderKeepsTheMemory) {
  RankedTensorType type = tensor({1, 16, 8, 8}, DimsOrder::NCHW, cmx(0));
  RankedTensorType nhwc = shape::withOrder(type, DimsOrder::NHWC);
  EXPECT_EQ(nhwc, tensor({1, 16, 8, 8}, DimsOrder::NHWC, cmx(0)));
  // Back to the default order: the encoding keeps the memory and omits the
  // order.
  EXPECT_EQ(shape::withOrder(nhwc, DimsOrder::NCHW), type);
}

TEST_F(TensorTypesTest, withMemorySpaceKeepsTheOrder) {
  RankedTensorType ddrNHWC = tensor({1, 16, 8, 8}, DimsOrder::NHWC);
  RankedTensorType cmxNHWC = withMemorySpace(ddrNHWC, cmx(2));
  EXPECT_EQ(cmxNHWC, tensor({1, 16, 8, 8}, DimsOrder::NHWC, cmx(2)));
  EXPECT_EQ(withMemorySpace(cmxNHWC, ddr()), ddrNHWC);
  EXPECT_EQ(withMemorySpace(cmxNHWC, MemorySpaceAttr()), ddrNHWC);
  EXPECT_EQ(stripMemorySpace(cmxNHWC), ddrNHWC);
  EXPECT_EQ(stripMemorySpace(ddrNHWC), ddrNHWC);
  Type f16 = Float16Type::get(&context);
  EXPECT_EQ(stripMemorySpace(f16), f16);
}

TEST_F(TensorTypesTest, foreignEncodingsHaveNoMemory) {
  auto type = RankedTensorType::get({4}, Float16Type::get(&context),
                                    StringAttr::get(&context, "sparse"));
  EXPECT_TRUE(failed(getMemorySpace(type)));
  EXPECT_TRUE(failed(getMemorySpace(Float16Type::get(&context))));
}

TEST_F(TensorTypesTest, verifyTensorType) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  EXPECT_TRUE(succeeded(verifyTensorType(tensor({2, 3}, DimsOrder::CN, cmx(0)),
                                         emitError, "operand #0")));
  auto dynamic = RankedTensorType::get({ShapedType::kDynamic, 3},
                                       Float16Type::get(&context));
  EXPECT_TRUE(failed(verifyTensorType(dynamic, emitError, "operand #1")));
  EXPECT_EQ(
      message,
      "operand #1 has type 'tensor<?x3xf16>': VPU tensors have static shapes");
  EXPECT_TRUE(failed(
      verifyTensorType(Float16Type::get(&context), emitError, "result #0")));
  EXPECT_EQ(message, "result #0 has type 'f16', expected a ranked tensor");
}

TEST_F(TensorTypesTest, memorySpacesMatchVPUIP) {
  // Bufferisation maps #VPU.mem onto #VPUIP.mem kind by kind: same values, same
  // names.
  for (MemoryKind kind : {MemoryKind::DDR, MemoryKind::CMX_NN}) {
    std::optional<VPUIP::MemoryKind> vpuip =
        VPUIP::symbolizeMemoryKind(static_cast<uint32_t>(kind));
    ASSERT_TRUE(vpuip.has_value());
    EXPECT_EQ(VPUIP::stringifyMemoryKind(*vpuip), stringifyMemoryKind(kind));
  }
  EXPECT_FALSE(symbolizeMemoryKind(2).has_value());
  EXPECT_FALSE(VPUIP::symbolizeMemoryKind(2).has_value());
}

} // namespace
} // namespace mlir::vpuc::VPU
