//===- BufferTypeTest.cpp - Tests of BufferType and helpers -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The buffer type predicate, the memory space and resources helpers and the
// BufferType queries and builders.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/BufferType.h"

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;
using shape::Bit;
using shape::Byte;
using shape::DimsOrder;

namespace {

class BufferTypeTest : public ::testing::Test {
protected:
  BufferTypeTest() { context.loadDialect<VPUIPDialect, func::FuncDialect>(); }

  /// Parses a type (asserting success).
  Type type(StringRef text) {
    Type parsed = parseType(text, &context);
    EXPECT_TRUE(parsed) << text.str();
    return parsed;
  }
  MemRefType memref(StringRef text) {
    return llvm::cast<MemRefType>(type(text));
  }

  MLIRContext context;
  Builder b{&context};
};

TEST_F(BufferTypeTest, bufferTypePredicate) {
  EXPECT_TRUE(isBufferType(type("memref<1x16x4x4xf16>")));
  EXPECT_TRUE(isBufferType(type(
      "memref<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, "
      "#VPUIP.mem<CMX_NN[0]>>")));
  EXPECT_TRUE(isBufferType(type("memref<2x3xf32, strided<[4, 1]>>")));
  EXPECT_TRUE(isBufferType(type("memref<2x3xi4, #VPUIP.mem<DDR>>")));
  EXPECT_TRUE(isBufferType(type("memref<f32>")));

  EXPECT_FALSE(isBufferType(type("memref<?x3xf32>")));
  EXPECT_FALSE(isBufferType(type("memref<*xf32>")));
  EXPECT_FALSE(isBufferType(type("tensor<2x3xf32>")));
  EXPECT_FALSE(isBufferType(type("memref<2x3xindex>")));
  EXPECT_FALSE(isBufferType(type("memref<2x3xf32, 1>")));
  EXPECT_FALSE(
      isBufferType(type("memref<2x3xf32, strided<[4, 1], offset: 1>>")));
  EXPECT_FALSE(isBufferType(type("memref<2x3xf32, strided<[?, 1]>>")));
  EXPECT_FALSE(isBufferType(type("memref<2x3xf32, strided<[-3, 1]>>")));
  EXPECT_FALSE(
      isBufferType(type("memref<2x3xf32, affine_map<(d0, d1) -> (d0 + d1)>>")));
  EXPECT_FALSE(isBufferType(type("memref<1x1x1x1x1x1x1x1x1xf32>")));
}

TEST_F(BufferTypeTest, memorySpaces) {
  MemorySpaceAttr ddr = MemorySpaceAttr::getDDR(&context);
  MemorySpaceAttr cmx1 = MemorySpaceAttr::getCMX(&context, 1);
  EXPECT_EQ(ddr.getKind(), MemoryKind::DDR);
  EXPECT_FALSE(ddr.getIndex().has_value());
  EXPECT_EQ(cmx1.getKind(), MemoryKind::CMX_NN);
  EXPECT_EQ(cmx1.getIndex(), std::optional<int64_t>(1));

  EXPECT_EQ(*getMemorySpace(type("memref<4xf16>")), ddr);
  EXPECT_EQ(*getMemorySpace(type("memref<4xf16, #VPUIP.mem<DDR>>")), ddr);
  EXPECT_EQ(*getMemorySpace(type("memref<*xf16, #VPUIP.mem<CMX_NN[1]>>")),
            cmx1);
  EXPECT_TRUE(failed(getMemorySpace(type("memref<4xf16, 3>"))));
  EXPECT_TRUE(failed(getMemorySpace(type("tensor<4xf16>"))));

  EXPECT_TRUE(isSameMemory(type("memref<4xf16>"),
                           type("memref<2xf32, #VPUIP.mem<DDR>>")));
  EXPECT_FALSE(isSameMemory(type("memref<4xf16, #VPUIP.mem<CMX_NN[0]>>"),
                            type("memref<4xf16, #VPUIP.mem<CMX_NN[1]>>")));
  EXPECT_FALSE(isSameMemory(type("memref<4xf16>"), type("tensor<4xf16>")));

  MemRefType moved = withMemorySpace(memref("memref<4xf16>"), cmx1);
  EXPECT_EQ(moved, memref("memref<4xf16, #VPUIP.mem<CMX_NN[1]>>"));
  EXPECT_EQ(withMemorySpace(moved, {}), memref("memref<4xf16>"));

  // The printed form parses back to the same attribute.
  std::string text;
  llvm::raw_string_ostream os(text);
  os << cmx1;
  EXPECT_EQ(os.str(), "#VPUIP.mem<CMX_NN[1]>");
}

TEST_F(BufferTypeTest, resourcesOfEnclosingModule) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      R"mlir(
      module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX",
          clusters = 2, cmx_size = 1982464, cmx_alignment = 16,
          ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215,
          shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
          max_consumers = 256>} {
        module @inner {
          func.func @f() {
            return
          }
        }
      }
      )mlir",
      &context);
  ASSERT_TRUE(module);
  func::FuncOp func;
  module->walk([&](func::FuncOp op) { func = op; });
  ASSERT_TRUE(func);
  ResourcesAttr resources = getResources(func);
  ASSERT_TRUE(resources);
  EXPECT_EQ(resources.getArch(), "VPUX37XX");
  EXPECT_EQ(resources.getClusters(), 2);
  EXPECT_EQ(resources.getShaveKind(), ShaveKind::ACT);
  EXPECT_EQ(getAlignment(resources, MemoryKind::CMX_NN), 16);
  EXPECT_EQ(getAlignment(resources, MemoryKind::DDR), 64);
  EXPECT_EQ(getResources(module.get()), resources);

  OwningOpRef<ModuleOp> bare = ModuleOp::create(b.getUnknownLoc());
  EXPECT_FALSE(getResources(bare.get()));
}

TEST_F(BufferTypeTest, compactNHWCInCMX) {
  BufferType buffer(memref(
      "memref<1x16x4x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, "
      "#VPUIP.mem<CMX_NN[1]>>"));
  EXPECT_EQ(buffer.getShape(), shape::Shape({1, 16, 4, 8}));
  EXPECT_EQ(buffer.getMemShape(), shape::MemShape({1, 4, 8, 16}));
  EXPECT_EQ(buffer.getOrder(), DimsOrder::NHWC);
  EXPECT_EQ(buffer.getElemTypeSize(), Bit(16));
  EXPECT_EQ(buffer.getNumElements(), 512);
  EXPECT_EQ(buffer.getMemoryKind(), MemoryKind::CMX_NN);
  EXPECT_EQ(buffer.getClusterIndex(), std::optional<int64_t>(1));
  EXPECT_EQ(buffer.getStrides(), shape::Strides({8192, 16, 2048, 256}));
  EXPECT_EQ(buffer.getMemStrides(), shape::MemStrides({8192, 2048, 256, 16}));
  EXPECT_TRUE(buffer.isCompact());
  EXPECT_EQ(buffer.getDataSize(), Bit(8192));
  EXPECT_EQ(buffer.getTotalAllocSize(), Byte(1024));
}

TEST_F(BufferTypeTest, stridedView) {
  // Channels 8..15 of an NHWC 1x16x4x4 buffer.
  BufferType view(memref("memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>"));
  EXPECT_EQ(view.getOrder(), DimsOrder::NHWC);
  EXPECT_FALSE(view.isCompact());
  EXPECT_EQ(view.getMemoryKind(), MemoryKind::DDR);
  EXPECT_FALSE(view.getClusterIndex().has_value());
  EXPECT_EQ(view.getDataSize(), Bit(128 * 16));
  // From the first to the last element: (3 * 64 + 3 * 16 + 7 + 1) * 2 bytes.
  EXPECT_EQ(view.getTotalAllocSize(), Byte(496));

  // Size-1 dimensions do not break compactness, whatever their stride.
  BufferType rows(memref("memref<1x8x4x4xf16, strided<[256, 16, 4, 1]>>"));
  EXPECT_TRUE(rows.isCompact());
}

TEST_F(BufferTypeTest, builders) {
  BufferType nchw = BufferType::getCompact(
      shape::Shape({1, 3, 2, 2}), b.getF32Type(), DimsOrder::NCHW,
      MemorySpaceAttr::getCMX(&context, 0));
  EXPECT_EQ(nchw.getType(),
            memref("memref<1x3x2x2xf32, #VPUIP.mem<CMX_NN[0]>>"));

  BufferType nhwc = nchw.withOrder(DimsOrder::NHWC);
  EXPECT_EQ(nhwc.getType(),
            memref("memref<1x3x2x2xf32, affine_map<(d0, d1, d2, d3) -> (d0, "
                   "d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>"));
  EXPECT_EQ(nhwc.withShape(shape::Shape({1, 3, 4, 4})).getType(),
            memref("memref<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, "
                   "d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>"));
  EXPECT_EQ(nhwc.withElementType(b.getF16Type()).getType(),
            memref("memref<1x3x2x2xf16, affine_map<(d0, d1, d2, d3) -> (d0, "
                   "d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>"));
  EXPECT_EQ(nhwc.withMemorySpace({}).withOrder(DimsOrder::NCHW).getType(),
            memref("memref<1x3x2x2xf32>"));
  EXPECT_EQ(nhwc.withMemorySpace({}),
            BufferType(memref("memref<1x3x2x2xf32, affine_map<(d0, d1, d2, d3) "
                              "-> (d0, d2, d3, d1)>>")));

  EXPECT_TRUE(succeeded(BufferType::get(type("memref<4xf16>"))));
  EXPECT_TRUE(failed(BufferType::get(type("memref<?xf16>"))));
}

} // namespace
