//===- BufferBoxesTest.cpp - Tests of BufferBoxes ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Boxes of views, concatenations and task results, their intersections, whole
// allocations and the writers of root buffers, on parsed VPUIP IR.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/BufferBoxes.h"

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "passes/vpuip/utils/unittests/TaggedProgram.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;

namespace {

/// Every op with a result carries a `tag`; values are looked up by it.
constexpr const char *kProgram = R"mlir(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @main(%in: memref<1x16x4x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  %a = memref.alloc() {tag = "a"} : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %b = memref.alloc() {tag = "b"} : memref<1x16x4x4xf16, #NHWC>
  %lo = VPUIP.SubView %a [0, 0, 0, 0] [1, 8, 4, 4] {tag = "lo"} : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>
  %hi = VPUIP.SubView %a [0, 8, 0, 0] [1, 8, 4, 4] {tag = "hi"} : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>
  %hi1 = VPUIP.SubView %hi [0, 2, 1, 0] [1, 4, 2, 4] {tag = "hi1"} : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>> to memref<1x4x2x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>
  %top = VPUIP.SubView %in [0, 0, 0, 0] [1, 8, 4, 4] {tag = "top"} : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %d1 = VPUIP.NNDMA {tag = "d1"} inputs(%top : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%hi : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>
  %d2 = VPUIP.NNDMA {tag = "d2"} inputs(%top : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%lo : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>
  %cat = VPUIP.ConcatView inputs(%d2, %d1 : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>, memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>, #VPUIP.mem<CMX_NN[1]>>) outputs(%a : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {tag = "cat"} -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d3 = VPUIP.NNDMA {tag = "d3"} inputs(%cat : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%b : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %r = VPUIP.GenericReshape %b {tag = "r"} : memref<1x16x4x4xf16, #NHWC> to memref<256xf16>
  return %out : memref<1x16x4x4xf16, #NHWC>
}
)mlir";

class BufferBoxesTest : public TaggedProgramTest {
protected:
  void SetUp() override { parse(kProgram); }
};

TEST_F(BufferBoxesTest, viewsAddTheirOffsets) {
  std::optional<Box> hi1 = getBox(at("hi1"));
  ASSERT_TRUE(hi1);
  EXPECT_EQ(hi1->root, at("a"));
  EXPECT_EQ(hi1->offsets, (SmallVector<int64_t, 4>{0, 10, 1, 0}));
  EXPECT_EQ(hi1->sizes, (SmallVector<int64_t, 4>{1, 4, 2, 4}));
  EXPECT_EQ(hi1->getNumElements(), 32);
  // A task result is the box of its output buffer; a concatenation all of
  // its output buffer.
  std::optional<Box> d1 = getBox(at("d1"));
  ASSERT_TRUE(d1);
  EXPECT_EQ(d1->offsets, (SmallVector<int64_t, 4>{0, 8, 0, 0}));
  std::optional<Box> cat = getBox(at("cat"));
  ASSERT_TRUE(cat);
  EXPECT_EQ(cat->root, at("a"));
  EXPECT_EQ(cat->sizes, (SmallVector<int64_t, 4>{1, 16, 4, 4}));
  // Arguments and reshapes are not allocations.
  EXPECT_FALSE(getBox(at("top")));
  EXPECT_FALSE(getBox(at("r")));
}

TEST_F(BufferBoxesTest, channelSlicesAreDisjointBoxes) {
  std::optional<Box> lo = getBox(at("lo"));
  std::optional<Box> hi = getBox(at("hi"));
  ASSERT_TRUE(lo && hi);
  EXPECT_FALSE(lo->intersect(*hi));
  std::optional<Box> both = getBox(at("hi1"))->intersect(*getBox(at("cat")));
  ASSERT_TRUE(both);
  EXPECT_EQ(both->offsets, (SmallVector<int64_t, 4>{0, 10, 1, 0}));
  EXPECT_EQ(both->getNumElements(), 32);
  EXPECT_TRUE(isWhole(at("a"), {0, 0, 0, 0}, {1, 16, 4, 4}));
  EXPECT_FALSE(isWhole(at("a"), {0, 0, 0, 0}, {1, 8, 4, 4}));
}

TEST_F(BufferBoxesTest, boxesThatFillOneBox) {
  // The two channel halves of `a` fill it; a half alone is its own box; a
  // half and a box overlapping it, or two boxes leaving a hole, fill none.
  std::optional<Box> lo = getBox(at("lo"));
  std::optional<Box> hi = getBox(at("hi"));
  ASSERT_TRUE(lo && hi);
  std::optional<Box> both = getFilledBox({*hi, *lo});
  ASSERT_TRUE(both);
  EXPECT_EQ(both->root, at("a"));
  EXPECT_EQ(both->offsets, (SmallVector<int64_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(both->sizes, (SmallVector<int64_t, 4>{1, 16, 4, 4}));
  std::optional<Box> alone = getFilledBox({*lo});
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->offsets, lo->offsets);
  EXPECT_EQ(alone->sizes, lo->sizes);
  EXPECT_FALSE(getFilledBox({*lo, *getBox(at("cat"))}));
  Box corner = *lo;
  corner.offsets = {0, 12, 3, 3};
  corner.sizes = {1, 4, 1, 1};
  EXPECT_FALSE(getFilledBox({*lo, corner}));
}

TEST_F(BufferBoxesTest, writersOutsideABox) {
  Operation *d1 = at("d1").getDefiningOp();
  // d1 writes channels 8-15 of %a.
  EXPECT_TRUE(writesOutside(d1, *getBox(at("lo"))));
  EXPECT_FALSE(writesOutside(d1, *getBox(at("hi1"))));
  EXPECT_FALSE(writesOutside(d1, *getBox(at("cat"))));
  // Nothing of another root.
  EXPECT_TRUE(writesOutside(at("d3").getDefiningOp(), *getBox(at("hi"))));
}

TEST_F(BufferBoxesTest, wholeAllocationsAndMemories) {
  EXPECT_EQ(getWholeAllocation(at("a"), MemoryKind::CMX_NN).getResult(),
            at("a"));
  EXPECT_FALSE(getWholeAllocation(at("a"), MemoryKind::DDR));
  EXPECT_FALSE(getWholeAllocation(at("lo"), MemoryKind::CMX_NN));
  EXPECT_EQ(getWholeAllocation(at("b"), MemoryKind::DDR).getResult(), at("b"));
  EXPECT_TRUE(isInMemory(at("hi1"), MemoryKind::CMX_NN));
  EXPECT_TRUE(isInMemory(at("b"), MemoryKind::DDR));
  EXPECT_FALSE(isInMemory(at("b"), MemoryKind::CMX_NN));
}

TEST_F(BufferBoxesTest, writersOfEachRootInProgramOrder) {
  WriterMap writers;
  ASSERT_TRUE(succeeded(writers.build(func.getBody().front())));
  ArrayRef<Operation *> ofA = writers.getWriters(at("a"));
  ASSERT_EQ(ofA.size(), 2u);
  EXPECT_EQ(ofA[0], at("d1").getDefiningOp());
  EXPECT_EQ(ofA[1], at("d2").getDefiningOp());
  ArrayRef<Operation *> ofB = writers.getWriters(at("b"));
  ASSERT_EQ(ofB.size(), 1u);
  EXPECT_EQ(ofB[0], at("d3").getDefiningOp());
  EXPECT_TRUE(writers.getWriters(func.getArgument(0)).empty());
  // d1's write is taken over by d3 (any op), in d1's place.
  writers.replaceWriter(at("a"), at("d1").getDefiningOp(),
                        {at("d3").getDefiningOp()});
  ofA = writers.getWriters(at("a"));
  ASSERT_EQ(ofA.size(), 2u);
  EXPECT_EQ(ofA[0], at("d3").getDefiningOp());
  EXPECT_EQ(ofA[1], at("d2").getDefiningOp());
}

} // namespace
