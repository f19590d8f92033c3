//===- BufferLocationTest.cpp - Tests of BufferLocation ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Roots, byte offsets and overlaps of arguments, allocations, static
// allocations, views, concatenations, generic reshapes, constants and task
// results on parsed VPUIP IR.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/BufferLocation.h"

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
memref.global "private" @g : memref<16xf16>
func.func @main(%in: memref<1x16x4x4xf16, #NHWC>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  %a = memref.alloc() {tag = "a"} : memref<1x16x4x4xf16, #NHWC>
  %b = memref.alloc() {tag = "b"} : memref<1x16x4x4xf16, #NHWC>
  %lo = VPUIP.SubView %a [0, 0, 0, 0] [1, 8, 4, 4] {tag = "lo"} : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %hi = VPUIP.SubView %a [0, 8, 0, 0] [1, 8, 4, 4] {tag = "hi"} : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %row = VPUIP.SubView %a [0, 0, 2, 0] [1, 16, 2, 4] {tag = "row"} : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %row1 = VPUIP.SubView %row [0, 0, 1, 0] [1, 16, 1, 4] {tag = "row1"} : memref<1x16x2x4xf16, #NHWC> to memref<1x16x1x4xf16, #NHWC>
  %d0 = VPUIP.NNDMA {tag = "d0"} inputs(%in : memref<1x16x4x4xf16, #NHWC>) outputs(%a : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %top = VPUIP.SubView %in [0, 0, 0, 0] [1, 8, 4, 4] {tag = "top"} : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %d1 = VPUIP.NNDMA {tag = "d1"} inputs(%top : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%hi : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) -> memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %d2 = VPUIP.NNDMA {tag = "d2"} inputs(%top : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%lo : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) -> memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
  %cat = VPUIP.ConcatView inputs(%d2, %d1 : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>, memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%b : memref<1x16x4x4xf16, #NHWC>) {tag = "cat"} -> memref<1x16x4x4xf16, #NHWC>
  %s0 = VPUIP.StaticAlloc<0> {tag = "s0"} -> memref<64xf16>
  %s1 = VPUIP.StaticAlloc<128> {tag = "s1"} -> memref<64xf16>
  %s2 = VPUIP.StaticAlloc<256> {tag = "s2"} -> memref<64xf16, #VPUIP.mem<DDR>>
  %c0 = VPUIP.StaticAlloc<0> {tag = "c0"} -> memref<64xf16, #VPUIP.mem<CMX_NN[0]>>
  %s1v = VPUIP.SubView %s1 [32] [32] {tag = "s1v"} : memref<64xf16> to memref<32xf16>
  %cast = memref.cast %b {tag = "cast"} : memref<1x16x4x4xf16, #NHWC> to memref<1x16x4x4xf16, #NHWC>
  %g = memref.get_global @g : memref<16xf16> {tag = "g"}
  %u = memref.subview %s1[16] [16] [1] {tag = "u"} : memref<64xf16> to memref<16xf16, strided<[1], offset: 16>>
  %r = VPUIP.GenericReshape %s1v {tag = "r"} : memref<32xf16> to memref<4x8xf16>
  %k = const.Declare memref<16xf16> = #const.Content<dense<1.0> : tensor<16xf16>> {tag = "k"}
  %kv = VPUIP.SubView %k [8] [8] {tag = "kv"} : memref<16xf16> to memref<8xf16>
  %k2 = const.Declare memref<16xf16> = #const.Content<dense<1.0> : tensor<16xf16>> {tag = "k2"}
  %k3 = const.Declare memref<16xf16> = #const.Content<dense<2.0> : tensor<16xf16>> {tag = "k3"}
  %t0 = VPUIP.StaticAlloc<0> {tag = "t0"} -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
  %t1 = VPUIP.StaticAlloc<64> {tag = "t1"} -> memref<16xf16, #VPUIP.mem<CMX_NN[1]>>
  return %out : memref<1x16x4x4xf16, #NHWC>
}
)mlir";

class BufferLocationTest : public TaggedProgramTest {
protected:
  void SetUp() override { parse(kProgram); }

  /// The value tagged `name`.
  Value value(StringRef name) { return TaggedProgramTest::at(name); }
  /// Its location.
  BufferLocation at(StringRef name) { return getBufferLocation(value(name)); }
};

TEST_F(BufferLocationTest, argumentsAndAllocationsAreRoots) {
  BufferLocation in = getBufferLocation(func.getArgument(0));
  EXPECT_EQ(in.kind, BufferRootKind::Argument);
  EXPECT_EQ(in.root, func.getArgument(0));
  EXPECT_EQ(in.offset, 0);
  EXPECT_EQ(in.size, 512);
  BufferLocation a = at("a");
  EXPECT_EQ(a.kind, BufferRootKind::Allocation);
  EXPECT_EQ(a.root, value("a"));
  EXPECT_TRUE(a.exact);
  EXPECT_FALSE(a.getAbsoluteOffset());
  // Distinct arguments and allocations never overlap.
  EXPECT_FALSE(in.mayOverlap(getBufferLocation(func.getArgument(1))));
  EXPECT_FALSE(a.mayOverlap(at("b")));
  EXPECT_FALSE(a.mayOverlap(in));
  EXPECT_TRUE(a.mayOverlap(a));
}

TEST_F(BufferLocationTest, subViewsAddTheirByteOffset) {
  BufferLocation hi = at("hi");
  EXPECT_EQ(hi.root, value("a"));
  EXPECT_EQ(hi.offset, 16); // Channel 8 of NHWC f16.
  EXPECT_EQ(hi.size, (7 + 3 * 64 + 3 * 16 + 1) * 2);
  BufferLocation row1 = at("row1");
  EXPECT_EQ(row1.root, value("a"));
  EXPECT_EQ(row1.offset, 3 * 4 * 32); // Row 2 then row 1 of the view.
  EXPECT_EQ(row1.size, 4 * 32);
  EXPECT_TRUE(row1.mayOverlap(at("row")));
  // The first row of %row ends where %row1 starts.
  BufferLocation row0 = at("row");
  row0.size = 4 * 32;
  EXPECT_FALSE(row1.mayOverlap(row0));
  // Interleaved channel halves span overlapping bytes: conservatively shared.
  EXPECT_TRUE(at("lo").mayOverlap(hi));
}

TEST_F(BufferLocationTest, taskResultsAndConcatsFollowTheirBuffers) {
  BufferLocation d1 = at("d1");
  EXPECT_EQ(d1.root, value("a"));
  EXPECT_EQ(d1.offset, 16);
  BufferLocation d0 = at("d0");
  EXPECT_EQ(d0.root, value("a"));
  EXPECT_EQ(d0.offset, 0);
  EXPECT_EQ(d0.size, 512);
  BufferLocation cat = at("cat");
  EXPECT_EQ(cat.root, value("b"));
  EXPECT_EQ(cat.size, 512);
  BufferLocation top = at("top");
  EXPECT_EQ(top.kind, BufferRootKind::Argument);
  EXPECT_EQ(top.root, func.getArgument(0));
}

TEST_F(BufferLocationTest, staticAllocationsOverlapByAbsoluteOffset) {
  BufferLocation s0 = at("s0"), s1 = at("s1"), s2 = at("s2"), c0 = at("c0");
  EXPECT_EQ(s1.kind, BufferRootKind::StaticAllocation);
  EXPECT_EQ(*s1.getAbsoluteOffset(), 128);
  EXPECT_FALSE(s0.mayOverlap(s1));
  EXPECT_FALSE(s1.mayOverlap(s2));
  // The CMX is another memory.
  EXPECT_FALSE(s0.mayOverlap(c0));
  BufferLocation s1v = at("s1v");
  EXPECT_EQ(*s1v.getAbsoluteOffset(), 192);
  EXPECT_FALSE(s1v.mayOverlap(s2));
  EXPECT_TRUE(s1v.mayOverlap(s1));
  BufferLocation wide = s0;
  wide.size = 129;
  EXPECT_TRUE(wide.mayOverlap(s1));
  // DDR spelt with and without a memory space is one memory.
  BufferLocation s2Low = s2;
  s2Low.offset = -1;
  EXPECT_TRUE(s2Low.mayOverlap(s1v));
}

TEST_F(BufferLocationTest, unknownRootsAndViewsAreConservative) {
  BufferLocation global = at("g");
  EXPECT_EQ(global.kind, BufferRootKind::Unknown);
  EXPECT_TRUE(global.mayOverlap(at("a")));
  EXPECT_TRUE(global.mayOverlap(getBufferLocation(func.getArgument(0))));
  // memref.cast is a view: of all of %b.
  BufferLocation cast = at("cast");
  EXPECT_FALSE(cast.exact);
  EXPECT_EQ(cast.root, value("b"));
  EXPECT_EQ(cast.kind, BufferRootKind::Allocation);
  // memref.subview is a view with an offset the analysis does not read: the
  // location is all of its root.
  BufferLocation u = at("u");
  EXPECT_FALSE(u.exact);
  EXPECT_EQ(u.root, value("s1"));
  EXPECT_EQ(u.offset, 0);
  EXPECT_EQ(u.size, 128);
  // Empty buffers share nothing.
  BufferLocation empty = at("a");
  empty.size = 0;
  EXPECT_FALSE(empty.mayOverlap(at("a")));
}

} // namespace

TEST_F(BufferLocationTest, genericReshapeIsTheSameBytes) {
  // A reshape of the view at byte 64 of %s1: the same bytes, exactly.
  BufferLocation r = at("r");
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.root, value("s1"));
  EXPECT_EQ(r.kind, BufferRootKind::StaticAllocation);
  EXPECT_EQ(r.offset, 64);
  EXPECT_EQ(r.size, 64);
  EXPECT_EQ(*r.getAbsoluteOffset(), 192);
  EXPECT_TRUE(r.mayOverlap(at("s1v")));
  EXPECT_FALSE(r.mayOverlap(at("s0")));
}

TEST_F(BufferLocationTest, constantsShareNothing) {
  BufferLocation k = at("k");
  EXPECT_EQ(k.kind, BufferRootKind::Constant);
  EXPECT_EQ(k.size, 32);
  EXPECT_FALSE(k.mayOverlap(at("a")));
  EXPECT_FALSE(k.mayOverlap(at("s0")));
  EXPECT_FALSE(k.mayOverlap(getBufferLocation(func.getArgument(0))));
  // Unknown roots stay conservative.
  EXPECT_TRUE(k.mayOverlap(at("g")));
  // A view of a constant is in the constant.
  BufferLocation kv = at("kv");
  EXPECT_EQ(kv.root, value("k"));
  EXPECT_EQ(kv.kind, BufferRootKind::Constant);
  EXPECT_EQ(kv.offset, 16);
  EXPECT_TRUE(kv.mayOverlap(k));
}

TEST_F(BufferLocationTest, constantCopiesHoldTheirConstantsContent) {
  // Equal constants copied into buffers of one type in any memory: one key.
  std::optional<ConstantCopyKey> first =
      getConstantCopyKey(value("k"), value("t0"));
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(getConstantCopyKey(value("k2"), value("t1")), first);
  // Another content, another type: other keys.
  EXPECT_NE(getConstantCopyKey(value("k3"), value("t1")), first);
  EXPECT_NE(getConstantCopyKey(value("k"), value("c0")), first);
  // Not a constant.
  EXPECT_EQ(getConstantCopyKey(value("a"), value("t0")), std::nullopt);
}
