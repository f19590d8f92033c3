//===- InPlaceTest.cpp - Tests of InPlace -----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Which copies of a task's result a task can replace by writing in place, and
// the rewrite, on parsed VPUIP IR.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/InPlace.h"

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/IR/Verifier.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/unittests/TaggedProgram.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;

namespace {

/// A pool on cluster 0 whose result is copied into channels 0-15 of a buffer
/// of cluster 0 ("into") and into a buffer of cluster 1 ("across").
constexpr const char *kProgram = R"mlir(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @main(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %other: memref<1x16x4x4xf16, #NHWC>, %out: memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC> {
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>, tag = "task"}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %z = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA {tag = "across"} inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%z : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %y = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA {tag = "into"} inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %y [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%other : memref<1x16x4x4xf16, #NHWC>) outputs(%q : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.ConcatView inputs(%2, %3 : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NNDMA inputs(%4 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
  return %5 : memref<1x32x4x4xf16, #NHWC>
}
)mlir";

class InPlaceTest : public TaggedProgramTest {
protected:
  void SetUp() override {
    parse(kProgram);
    ASSERT_TRUE(succeeded(writers.build(func.getBody().front())));
  }

  NNDMAOp dma(StringRef name) { return llvm::cast<NNDMAOp>(op(name)); }

  WriterMap writers;
};

TEST_F(InPlaceTest, onlyCopiesWithinTheClusterQualify) {
  EXPECT_TRUE(canWriteInPlace(dma("into"), writers, CmxLimit()));
  EXPECT_FALSE(canWriteInPlace(dma("across"), writers, CmxLimit()));
  Value result = op("task")->getResult(0);
  auto into = llvm::cast<MemRefType>(dma("into").getOutputBuff().getType());
  auto across = llvm::cast<MemRefType>(dma("across").getOutputBuff().getType());
  auto buffer = llvm::cast<MemRefType>(
      dma("into").getOutputBuff().getDefiningOp()->getOperand(0).getType());
  EXPECT_TRUE(isInPlaceSource(result, into, buffer, writers, CmxLimit()));
  EXPECT_FALSE(isInPlaceSource(result, across, buffer, writers, CmxLimit()));
  // The copies themselves are no task results.
  EXPECT_FALSE(
      isInPlaceSource(dma("into").getOutput(), into, buffer, writers, {}));
}

TEST_F(InPlaceTest, theTaskMustFitWithTheDestination) {
  // The pool's input (512 bytes) and the destination (1024 bytes), each
  // aligned to 64, need 1536 bytes of CMX.
  EXPECT_TRUE(canWriteInPlace(dma("into"), writers, CmxLimit{1536, 64}));
  EXPECT_FALSE(canWriteInPlace(dma("into"), writers, CmxLimit{1535, 64}));
  EXPECT_FALSE(canWriteInPlace(dma("into"), writers, CmxLimit{1536, 1024}));
}

TEST_F(InPlaceTest, theTaskWritesTheDestination) {
  NNDMAOp into = dma("into");
  Value part = into.getOutputBuff();
  InPlaceWrite done =
      writeInPlace(*canWriteInPlace(into, writers, CmxLimit()), writers);
  EXPECT_FALSE(done.kernel);
  EXPECT_EQ(done.bytes, 16 * 4 * 4 * 2);
  auto task = llvm::cast<NCEClusterTaskOp>(op("task"));
  EXPECT_EQ(task.getOutputBuff(), part);
  EXPECT_EQ(task.getOutput().getType(), part.getType());
  EXPECT_TRUE(part.getDefiningOp()->isBeforeInBlock(task));
  // The copy across clusters now reads the destination.
  EXPECT_EQ(dma("across").getInput(), task.getOutput());
  EXPECT_EQ(
      writers.getWriters(task.getOutputBuff().getDefiningOp()->getOperand(0))
          .front(),
      task.getOperation());
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
