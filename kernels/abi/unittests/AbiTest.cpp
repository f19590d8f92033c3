//===- AbiTest.cpp - Tests of the SHAVE kernel ABI ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The packed layout of argument buffers: struct offsets, array placement and
// window addresses.
//
//===----------------------------------------------------------------------===//

#include "kernels/abi/ArgPacker.h"

#include <cstring>

#include "gtest/gtest.h"

namespace mlir::vpuc::abi {
namespace {

template <typename T> T readAt(const std::vector<uint8_t> &bytes, size_t at) {
  T value;
  EXPECT_LE(at + sizeof(T), bytes.size());
  std::memcpy(&value, bytes.data() + at, sizeof(T));
  return value;
}

TEST(AbiTest, signatureSizes) {
  constexpr ArgKind softmax[] = {ArgKind::MemRefIn, ArgKind::MemRefOut,
                                 ArgKind::I32};
  static_assert(getPackedArgSize(softmax) == 68, "softmax params");
  static_assert(getArgOffset(softmax, 2) == 64, "axis offset");
  constexpr ArgKind mixed[] = {ArgKind::MemRefIn, ArgKind::I64, ArgKind::F32};
  static_assert(getPackedArgSize(mixed) == 44, "no padding");
  EXPECT_EQ(getDataTypeBits(DataType::F16), 16u);
  EXPECT_EQ(getDataTypeBits(DataType::U4), 4u);
  EXPECT_EQ(getDataTypeBits(DataType::Undefined), 0u);
  EXPECT_EQ(getDataTypeBits(static_cast<DataType>(99)), 0u);
}

TEST(AbiTest, packsStructThenArrays) {
  ArgPacker packer(kWinEBase + 0x100);
  packer.addMemRef(ArgKind::MemRefIn, kWinFBase + 64, {1, 4, 6},
                   {192 * 8, 48 * 8, 16}, DataType::F16, 0x123);
  packer.addMemRef(ArgKind::MemRefOut, kWinFBase + 1024, {24}, {16},
                   DataType::F16, 0x1);
  packer.addI32(-3);
  packer.addF32(0.5f);
  packer.addI64(1ll << 40);
  std::vector<ArgKind> expected = {ArgKind::MemRefIn, ArgKind::MemRefOut,
                                   ArgKind::I32, ArgKind::F32, ArgKind::I64};
  EXPECT_EQ(packer.getSignature(), expected);
  EXPECT_EQ(packer.getStructSize(), 32u + 32u + 4u + 4u + 8u);
  std::vector<uint8_t> bytes = packer.finish();

  MemRefData in = readAt<MemRefData>(bytes, 0);
  EXPECT_EQ(in.dataAddr, kWinFBase + 64);
  EXPECT_EQ(in.isStatic, 1u);
  EXPECT_EQ(in.numDims, 3u);
  EXPECT_EQ(in.dataType, static_cast<uint32_t>(DataType::F16));
  EXPECT_EQ(in.dimsOrder, 0x123u);
  // Arrays start after the 80-byte struct, 8-aligned.
  EXPECT_EQ(in.dimsAddr, kWinEBase + 0x100 + 80);
  uint32_t dimsAt = in.dimsAddr - (kWinEBase + 0x100);
  EXPECT_EQ(readAt<int32_t>(bytes, dimsAt), 1);
  EXPECT_EQ(readAt<int32_t>(bytes, dimsAt + 4), 4);
  EXPECT_EQ(readAt<int32_t>(bytes, dimsAt + 8), 6);
  uint32_t stridesAt = in.stridesAddr - (kWinEBase + 0x100);
  EXPECT_EQ(stridesAt % 8, 0u);
  EXPECT_GE(stridesAt, dimsAt + 12);
  EXPECT_EQ(readAt<int64_t>(bytes, stridesAt), 192 * 8);
  EXPECT_EQ(readAt<int64_t>(bytes, stridesAt + 16), 16);

  MemRefData out = readAt<MemRefData>(bytes, 32);
  EXPECT_EQ(out.numDims, 1u);
  EXPECT_EQ(readAt<int32_t>(bytes, out.dimsAddr - (kWinEBase + 0x100)), 24);
  EXPECT_EQ(readAt<int32_t>(bytes, 64), -3);
  EXPECT_EQ(readAt<float>(bytes, 68), 0.5f);
  EXPECT_EQ(readAt<int64_t>(bytes, 72), 1ll << 40);
  EXPECT_EQ(bytes.size() % 8, 0u);
}

TEST(AbiTest, scalarOnlyAndRankZero) {
  ArgPacker scalars;
  scalars.addI32(7);
  EXPECT_EQ(scalars.finish().size(), 8u);

  ArgPacker rank0;
  rank0.addMemRef(ArgKind::MemRefIn, kWinFBase, {}, {}, DataType::F32, 0);
  std::vector<uint8_t> bytes = rank0.finish();
  MemRefData data = readAt<MemRefData>(bytes, 0);
  EXPECT_EQ(data.numDims, 0u);
  EXPECT_EQ(bytes.size(), 32u);
}

} // namespace
} // namespace mlir::vpuc::abi
