//===- KernelTest.cpp - Native kernels through the ABI --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernels called directly the way the emulator calls them: argument
// buffers packed by abi::ArgPacker at WIN_E, tensors in a CMX buffer mapped
// at WIN_F. Also address translation, descriptor checks and kernel errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <random>

#include "core/numeric/Float16.h"
#include "kernels/abi/ArgPacker.h"
#include "kernels/abi/SwKernels.h"
#include "kernels/reference/Parallel.h"
#include "kernels/reference/testing/ThreadPerChunkRunner.h"
#include "kernels/shave/KernelRegistry.h"
#include "kernels/shave/KernelSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

/// A tile: CMX at WIN_F, arguments at WIN_E, an empty WIN_D.
struct Tile {
  std::vector<uint8_t> cmx = std::vector<uint8_t>(4096, 0);
  std::vector<uint8_t> text = std::vector<uint8_t>(64, 0);
  std::vector<uint8_t> args;

  KernelContext context() {
    return KernelContext({
        {abi::kWinDBase, text.size(), text.data(), kNoRegion, 0, false,
         "WIN_D"},
        {abi::kWinEBase, args.size(), args.data(), kNoRegion, 0, true, "WIN_E"},
        {abi::kWinFBase, cmx.size(), cmx.data(), kNoRegion, 0, true, "WIN_F"},
    });
  }

  void putF16(uint32_t offset, const std::vector<float> &values) {
    for (size_t i = 0; i < values.size(); ++i) {
      uint16_t bits = numeric::floatToF16Bits(values[i]);
      std::memcpy(cmx.data() + offset + 2 * i, &bits, 2);
    }
  }
  std::vector<float> getF16(uint32_t offset, size_t count) const {
    std::vector<float> values;
    for (size_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, cmx.data() + offset + 2 * i, 2);
      values.push_back(numeric::f16BitsToFloat(bits));
    }
    return values;
  }

  /// Runs kernel `name` on the packed arguments.
  std::string run(llvm::StringRef name, const abi::ArgPacker &packer) {
    const KernelInfo *kernel = getBuiltinKernels().lookup(name);
    if (!kernel) {
      return "no kernel";
    }
    EXPECT_EQ(kernel->signature, packer.getSignature());
    args = packer.finish();
    KernelContext ctx = context();
    llvm::Error error = kernel->run(args.data(), ctx);
    return error ? llvm::toString(std::move(error)) : "";
  }
};

/// A compact f16 tensor of memory-order `dims` at CMX `offset`.
void addF16(abi::ArgPacker &packer, abi::ArgKind kind, uint32_t offset,
            std::vector<int64_t> dims, uint64_t order = 0) {
  std::vector<int64_t> strides(dims.size());
  int64_t stride = 16;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= dims[i];
  }
  if (order == 0) {
    for (size_t i = 0; i < dims.size(); ++i) {
      order = order * 16 + i + 1;
    }
  }
  packer.addMemRef(kind, abi::kWinFBase + offset, dims, strides,
                   abi::DataType::F16, order);
}

TEST(KernelTest, registryHasTheKernelLibrary) {
  // Exactly the kernels of kernels/abi/SwKernels.h, with their signatures.
  std::vector<std::string> expected;
  for (const abi::KernelDecl &decl : abi::kSwKernels) {
    expected.push_back(decl.name);
    const KernelInfo *kernel = getBuiltinKernels().lookup(decl.name);
    ASSERT_NE(kernel, nullptr) << decl.name;
    EXPECT_EQ(kernel->signature,
              std::vector<abi::ArgKind>(decl.signature,
                                        decl.signature + decl.numArgs))
        << decl.name;
    // The cost the ABI declares, which the compiler's estimates read too.
    EXPECT_EQ(kernel->cyclesPerVector, decl.cyclesPerVector) << decl.name;
    switch (decl.work) {
    case abi::KernelWork::Outputs:
      EXPECT_EQ(kernel->work, nullptr) << decl.name;
      break;
    case abi::KernelWork::Inputs:
      EXPECT_EQ(kernel->work, &getInputWork) << decl.name;
      break;
    case abi::KernelWork::Kernel:
      EXPECT_NE(kernel->work, nullptr) << decl.name;
      EXPECT_NE(kernel->work, &getInputWork) << decl.name;
      break;
    }
  }
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(getBuiltinKernels().getNames(), expected);
  EXPECT_EQ(getBuiltinKernels().lookup("gelu"), nullptr);
}

TEST(KernelTest, eltwiseKernels) {
  std::vector<float> a = {1, -2, 3.5f, 0.25f}, b = {0.5f, 4, -1, 2};
  struct Case {
    const char *name;
    std::vector<float> expected;
  } cases[] = {{"add", {1.5f, 2, 2.5f, 2.25f}},
               {"subtract", {0.5f, -6, 4.5f, -1.75f}},
               {"multiply", {0.5f, -8, -3.5f, 0.5f}},
               {"maximum", {1, 4, 3.5f, 2}},
               {"minimum", {0.5f, -2, -1, 0.25f}}};
  for (const Case &c : cases) {
    Tile tile;
    tile.putF16(0, a);
    tile.putF16(64, b);
    abi::ArgPacker packer;
    addF16(packer, abi::ArgKind::MemRefIn, 0, {4});
    addF16(packer, abi::ArgKind::MemRefIn, 64, {4});
    addF16(packer, abi::ArgKind::MemRefOut, 128, {4});
    EXPECT_EQ(tile.run(c.name, packer), "") << c.name;
    EXPECT_EQ(tile.getF16(128, 4), c.expected) << c.name;
  }
}

TEST(KernelTest, inPlaceAndAliasing) {
  Tile tile;
  tile.putF16(0, {1, 2, 3, 4});
  abi::ArgPacker inPlace;
  addF16(inPlace, abi::ArgKind::MemRefIn, 0, {4});
  addF16(inPlace, abi::ArgKind::MemRefIn, 0, {4});
  addF16(inPlace, abi::ArgKind::MemRefOut, 0, {4});
  EXPECT_EQ(tile.run("add", inPlace), "");
  EXPECT_THAT(tile.getF16(0, 4), ElementsAre(2, 4, 6, 8));
  abi::ArgPacker shifted;
  addF16(shifted, abi::ArgKind::MemRefIn, 0, {4});
  addF16(shifted, abi::ArgKind::MemRefOut, 2, {4});
  EXPECT_EQ(tile.run("relu", shifted),
            "relu: the output overlaps the input without being the same "
            "elements");
  EXPECT_EQ(tile.run("copy", shifted), "copy: input and output overlap");
}

TEST(KernelTest, broadcastErrorsAndTypes) {
  Tile tile;
  abi::ArgPacker rank;
  addF16(rank, abi::ArgKind::MemRefIn, 0, {2, 2});
  addF16(rank, abi::ArgKind::MemRefIn, 64, {4});
  addF16(rank, abi::ArgKind::MemRefOut, 128, {2, 2});
  EXPECT_EQ(tile.run("add", rank),
            "add: input 1 dimension 0 of size 4 does not broadcast to 2");
  abi::ArgPacker higher;
  addF16(higher, abi::ArgKind::MemRefIn, 0, {1, 2, 2});
  addF16(higher, abi::ArgKind::MemRefIn, 64, {2});
  addF16(higher, abi::ArgKind::MemRefOut, 128, {2, 2});
  EXPECT_EQ(tile.run("add", higher),
            "add: input 0 has rank 3 but the output has rank 2");
  abi::ArgPacker size;
  addF16(size, abi::ArgKind::MemRefIn, 0, {2, 2});
  addF16(size, abi::ArgKind::MemRefIn, 64, {2, 3});
  addF16(size, abi::ArgKind::MemRefOut, 128, {2, 2});
  EXPECT_EQ(tile.run("add", size),
            "add: input 1 dimension 1 of size 3 does not broadcast to 2");
  abi::ArgPacker nibbles;
  nibbles.addMemRef(abi::ArgKind::MemRefIn, abi::kWinFBase, {4}, {4},
                    abi::DataType::I4, 0x1);
  addF16(nibbles, abi::ArgKind::MemRefOut, 128, {4});
  EXPECT_EQ(tile.run("convert", nibbles),
            "convert: input of type i4 is not supported (expected f32, f16, "
            "bf16, an integer type of 8 to 64 bits, bool or f64)");
  abi::ArgPacker ints;
  ints.addMemRef(abi::ArgKind::MemRefIn, abi::kWinFBase, {4}, {32},
                 abi::DataType::I32, 0x1);
  addF16(ints, abi::ArgKind::MemRefOut, 128, {4});
  EXPECT_THAT(tile.run("relu", ints),
              HasSubstr("relu: input of type i32 is not supported (expected "
                        "f32, f16 or bf16)"));
  abi::ArgPacker copyTypes;
  copyTypes.addMemRef(abi::ArgKind::MemRefIn, abi::kWinFBase, {4}, {32},
                      abi::DataType::F32, 0x1);
  addF16(copyTypes, abi::ArgKind::MemRefOut, 128, {4});
  EXPECT_EQ(tile.run("copy", copyTypes),
            "copy: input type f32 differs from output type f16 (use convert)");
}

TEST(KernelTest, convertTruncatesAndSaturatesIntegers) {
  Tile tile;
  tile.putF16(0, {-300.0f, -1.5f, 2.5f, 3.5f, 127.4f, 1000.0f});
  abi::ArgPacker packer;
  addF16(packer, abi::ArgKind::MemRefIn, 0, {6});
  packer.addMemRef(abi::ArgKind::MemRefOut, abi::kWinFBase + 64, {6}, {8},
                   abi::DataType::I8, 0x1);
  EXPECT_EQ(tile.run("convert", packer), "");
  std::vector<int8_t> out(6);
  std::memcpy(out.data(), tile.cmx.data() + 64, 6);
  EXPECT_THAT(out, ElementsAre(-128, -1, 2, 3, 127, 127));
}

TEST(KernelTest, softmaxAxesAndErrors) {
  Tile tile;
  // 2x3, softmax along dim 0 (columns) with a negative axis of -2.
  tile.putF16(0, {0, 1, 2, 1, 1, 1});
  abi::ArgPacker packer;
  addF16(packer, abi::ArgKind::MemRefIn, 0, {2, 3});
  addF16(packer, abi::ArgKind::MemRefOut, 64, {2, 3});
  packer.addI32(-2);
  EXPECT_EQ(tile.run("softmax", packer), "");
  std::vector<float> out = tile.getF16(64, 6);
  auto f16 = [](double v) {
    return numeric::f16BitsToFloat(
        numeric::floatToF16Bits(static_cast<float>(v)));
  };
  double e = std::exp(1.0);
  EXPECT_EQ(out[0], f16(1 / (1 + e)));
  EXPECT_EQ(out[3], f16(e / (1 + e)));
  EXPECT_EQ(out[1], 0.5f);
  EXPECT_EQ(out[2], f16(e / (1 + e)));

  abi::ArgPacker bad;
  addF16(bad, abi::ArgKind::MemRefIn, 0, {2, 3});
  addF16(bad, abi::ArgKind::MemRefOut, 64, {2, 3});
  bad.addI32(2);
  EXPECT_EQ(tile.run("softmax", bad),
            "softmax: axis 2 out of range for rank 2");
}

// forEachRowParallel hands every row of a strided space to the callback
// once, with the pointers forEachRow gives it, from several threads.
TEST(KernelTest, forEachRowParallelVisitsEveryRowOnce) {
  IterationSpace<2> space;
  space.push(3, {1000, 7});
  space.push(5, {100, 70});
  space.push(4, {1, 2});
  std::vector<uint8_t> memory(4096);
  std::array<uint8_t *, 2> bases = {memory.data(), memory.data() + 8};
  using Row = std::array<uint8_t *, 2>;
  std::vector<Row> serial, parallel;
  forEachRow<2>(
      space, bases,
      [&](const Row &p, const std::array<int64_t, 2> &inner, int64_t n) {
        EXPECT_EQ(inner, (std::array<int64_t, 2>{1, 2}));
        EXPECT_EQ(n, 4);
        serial.push_back(p);
      });
  kernels::ThreadPerChunkRunner runner;
  std::mutex mutex;
  {
    kernels::ScopedParallelRunner scope(&runner);
    forEachRowParallel<2>(
        space, bases, /*grainElements=*/8,
        [&](const Row &p, const std::array<int64_t, 2> &inner, int64_t n) {
          std::lock_guard<std::mutex> lock(mutex);
          EXPECT_EQ(inner, (std::array<int64_t, 2>{1, 2}));
          EXPECT_EQ(n, 4);
          parallel.push_back(p);
        });
  }
  EXPECT_EQ(runner.loops, 1);
  EXPECT_EQ(serial.size(), 15u);
  std::sort(serial.begin(), serial.end());
  std::sort(parallel.begin(), parallel.end());
  EXPECT_EQ(parallel, serial);
}

// Softmax's rows on several threads store the bytes of one thread and count
// the same f16 underflow (each chunk counts on its own, then merged).
TEST(KernelTest, softmaxRowsOnThreadsMatchOneThread) {
  // Rows so long that every result lies below the normal f16 range (about
  // 1 / 24000 each; every fifth a flushed e^-30 of that), so that all the
  // counts are kept; a chunk per row.
  constexpr int64_t kRows = 3, kLength = 24000, kBytes = 2 * kRows * kLength;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-0.1f, 0.1f);
  std::vector<float> input(kRows * kLength);
  for (size_t i = 0; i < input.size(); ++i) {
    input[i] = i % 5 == 0 ? -30.0f : value(rng);
  }
  auto run = [&](kernels::ParallelRunner *runner,
                 numeric::F16Underflow &count) {
    Tile tile;
    tile.cmx.assign(2 * kBytes + 64, 0);
    tile.putF16(0, input);
    abi::ArgPacker packer;
    addF16(packer, abi::ArgKind::MemRefIn, 0, {kRows, kLength});
    addF16(packer, abi::ArgKind::MemRefOut, kBytes, {kRows, kLength});
    packer.addI32(-1);
    kernels::ScopedParallelRunner scope(runner);
    ScopedF16UnderflowCount counting(count);
    EXPECT_EQ(tile.run("softmax", packer), "");
    return std::vector<uint8_t>(tile.cmx.begin() + kBytes,
                                tile.cmx.begin() + 2 * kBytes);
  };
  numeric::F16Underflow serialCount, threadedCount;
  std::vector<uint8_t> serial = run(nullptr, serialCount);
  kernels::ThreadPerChunkRunner runner;
  std::vector<uint8_t> threaded = run(&runner, threadedCount);
  EXPECT_EQ(runner.loops, 1);
  EXPECT_EQ(threaded, serial);
  EXPECT_GT(serialCount.flushed, 0u);
  EXPECT_GT(serialCount.subnormal, 0u);
  EXPECT_EQ(threadedCount.nonzero, serialCount.nonzero);
  EXPECT_EQ(threadedCount.flushed, serialCount.flushed);
  EXPECT_EQ(threadedCount.subnormal, serialCount.subnormal);
  EXPECT_EQ(threadedCount.largest, serialCount.largest);
}

TEST(KernelTest, clampRejectsBadBounds) {
  Tile tile;
  abi::ArgPacker packer;
  addF16(packer, abi::ArgKind::MemRefIn, 0, {4});
  addF16(packer, abi::ArgKind::MemRefOut, 64, {4});
  packer.addF32(2.0f);
  packer.addF32(1.0f);
  EXPECT_THAT(tile.run("clamp", packer),
              HasSubstr("clamp: clamp bounds [2.000000, 1.000000] are empty"));
}

TEST(KernelTest, contextTranslatesWindows) {
  Tile tile;
  tile.args.resize(32);
  KernelContext context = tile.context();
  EXPECT_EQ(context.translate(abi::kWinFBase, 4096, true), tile.cmx.data());
  EXPECT_EQ(context.translate(abi::kWinFBase + 4095, 1, true),
            tile.cmx.data() + 4095);
  EXPECT_EQ(context.translate(abi::kWinFBase + 4095, 2, false), nullptr);
  EXPECT_EQ(context.translate(abi::kWinDBase, 8, true), nullptr);
  EXPECT_NE(context.translate(abi::kWinDBase, 8, false), nullptr);
  EXPECT_EQ(context.translate(0x1000, 1, false), nullptr);
  EXPECT_EQ(context.translate(0xffffffff, 1, false), nullptr);
}

TEST(KernelTest, descriptorChecks) {
  Tile tile;
  auto viewError = [&](abi::MemRefData desc, bool write,
                       bool *outOfBounds = nullptr) -> std::string {
    KernelContext context = tile.context();
    llvm::Expected<TensorView> view = context.view(desc, write, outOfBounds);
    return view ? "" : llvm::toString(view.takeError());
  };
  // Dims and strides arrays live in WIN_E.
  tile.args.assign(64, 0);
  int32_t dims[2] = {4, 4};
  int64_t strides[2] = {64, 16};
  std::memcpy(tile.args.data(), dims, 8);
  std::memcpy(tile.args.data() + 8, strides, 16);
  abi::MemRefData desc{abi::kWinFBase,     1, 2,   abi::kWinEBase,
                       abi::kWinEBase + 8, 2, 0x12};
  EXPECT_EQ(viewError(desc, true), "");
  KernelContext context = tile.context();
  llvm::Expected<TensorView> view = context.view(desc, false);
  ASSERT_TRUE(static_cast<bool>(view));
  EXPECT_EQ(view->spanBytes, 32);
  EXPECT_EQ(view->getNumElements(), 16);

  abi::MemRefData rank = desc;
  rank.numDims = 9;
  EXPECT_EQ(viewError(rank, false), "rank 9 above the maximum of 8");
  abi::MemRefData order = desc;
  order.dimsOrder = 0x123;
  EXPECT_EQ(viewError(order, false), "dims order CHW for rank 2");
  abi::MemRefData isStatic = desc;
  isStatic.isStatic = 7;
  EXPECT_EQ(viewError(isStatic, false), "invalid static flag 7");
  bool outOfBounds = false;
  abi::MemRefData dimsAddr = desc;
  dimsAddr.dimsAddr = abi::kWinEBase + 60;
  EXPECT_EQ(viewError(dimsAddr, false, &outOfBounds),
            "dims array at 0x1e00003c lies outside the windows");
  EXPECT_TRUE(outOfBounds);
  abi::MemRefData data = desc;
  data.dataAddr = abi::kWinFBase + 4090;
  EXPECT_EQ(viewError(data, false, &outOfBounds),
            "data [0x1f000ffa, 0x1f00101a) lies outside the windows");
  EXPECT_TRUE(outOfBounds);
  // Overlapping output elements.
  int64_t overlapping[2] = {16, 16};
  std::memcpy(tile.args.data() + 8, overlapping, 16);
  EXPECT_EQ(viewError(desc, true, &outOfBounds),
            "the elements of an output overlap");
  EXPECT_FALSE(outOfBounds);
  EXPECT_EQ(viewError(desc, false), "");
  int64_t oddBits[2] = {64, 12};
  std::memcpy(tile.args.data() + 8, oddBits, 16);
  EXPECT_EQ(viewError(desc, false),
            "stride 12 bits is not a whole number of bytes");
  int32_t negative[2] = {-1, 4};
  std::memcpy(tile.args.data(), negative, 8);
  EXPECT_EQ(viewError(desc, false), "negative dimension -1");
}

TEST(KernelTest, iterationSpaceMergesContiguousDims) {
  IterationSpace<2> space;
  space.push(2, {48, 0});
  space.push(1, {48, 0});
  space.push(3, {16, 0});
  space.push(4, {4, 4});
  space.simplify(false);
  EXPECT_THAT(space.dims, ElementsAre(6, 4));
  EXPECT_THAT(space.strides[0], ElementsAre(16, 4));
  EXPECT_THAT(space.strides[1], ElementsAre(0, 4));
  int rows = 0;
  std::array<uint8_t *, 2> bases = {nullptr, nullptr};
  forEachRow<2>(space, bases,
                [&](const std::array<uint8_t *, 2> &,
                    const std::array<int64_t, 2> &, int64_t n) {
                  EXPECT_EQ(n, 4);
                  ++rows;
                });
  EXPECT_EQ(rows, 6);
  IterationSpace<1> scalar;
  int calls = 0;
  forEachRow<1>(scalar, {nullptr},
                [&](const std::array<uint8_t *, 1> &,
                    const std::array<int64_t, 1> &, int64_t n) {
                  EXPECT_EQ(n, 1);
                  ++calls;
                });
  EXPECT_EQ(calls, 1);
}

// The f16 stores count their results while a ScopedF16UnderflowCount is
// alive, contiguous and strided rows alike, and stop when it ends; nested
// scopes restore the outer one.
TEST(KernelTest, f16StoresCountUnderflowInScope) {
  std::vector<float> values = {1.0f, 0.0f, 1e-9f, -2e-6f, 3e-5f};
  std::vector<uint16_t> stored(2 * values.size());
  numeric::F16Underflow outer, inner;
  {
    ScopedF16UnderflowCount counting(outer);
    storeRow(abi::DataType::F16, reinterpret_cast<uint8_t *>(stored.data()), 2,
             values.size(), values.data());
    {
      ScopedF16UnderflowCount nested(inner);
      // Strided.
      storeRow(abi::DataType::F16, reinterpret_cast<uint8_t *>(stored.data()),
               4, values.size(), values.data());
    }
    // Other types are not counted.
    storeRow(abi::DataType::F32, reinterpret_cast<uint8_t *>(stored.data()), 4,
             2, values.data());
  }
  storeRow(abi::DataType::F16, reinterpret_cast<uint8_t *>(stored.data()), 2,
           values.size(), values.data());
  for (const numeric::F16Underflow &count : {outer, inner}) {
    EXPECT_EQ(count.nonzero, 4u);
    EXPECT_EQ(count.flushed, 1u);
    EXPECT_EQ(count.subnormal, 2u);
    EXPECT_EQ(count.largest, 1.0f);
  }
}

// A row with stride 0 (a broadcast element) loads as the element converted
// once per position: the same values as a dense row of copies, for every
// float and integer type and lengths around the conversion blocks.
TEST(KernelTest, floatStoresToBytesTruncateAndSaturate) {
  // storeRow of floats into I8 and U8: rows with stride 1 (eight at a time
  // where the CPU has AVX2) and stride 2 (element by element) against the
  // definition: NaN -> 0, else truncation toward zero, then saturation.
  std::vector<float> values = {std::numeric_limits<float>::quiet_NaN(),
                               -std::numeric_limits<float>::quiet_NaN(),
                               std::numeric_limits<float>::infinity(),
                               -std::numeric_limits<float>::infinity(),
                               0.0f,
                               -0.0f,
                               0.5f,
                               -0.5f,
                               0.99f,
                               -0.99f,
                               1.0f,
                               -1.0f,
                               126.9f,
                               127.0f,
                               127.5f,
                               128.0f,
                               -128.0f,
                               -128.9f,
                               -129.0f,
                               254.9f,
                               255.0f,
                               255.99f,
                               256.0f,
                               1e10f,
                               -1e10f,
                               std::numeric_limits<float>::denorm_min()};
  std::mt19937 random(7);
  std::uniform_real_distribution<float> uniform(-300.0f, 300.0f);
  for (int i = 0; i < 301; ++i) {
    values.push_back(uniform(random));
  }
  for (abi::DataType type : {abi::DataType::I8, abi::DataType::U8}) {
    bool isSigned = type == abi::DataType::I8;
    double lo = isSigned ? -128 : 0, hi = isSigned ? 127 : 255;
    int64_t count = static_cast<int64_t>(values.size());
    std::vector<uint8_t> dense(count), strided(2 * count);
    storeRow(type, dense.data(), 1, count, values.data());
    storeRow(type, strided.data(), 2, count, values.data());
    for (int64_t i = 0; i < count; ++i) {
      double v = values[i];
      double t = std::isnan(v) ? 0 : std::clamp(std::trunc(v), lo, hi);
      uint8_t want = static_cast<uint8_t>(static_cast<int64_t>(t) & 0xFF);
      EXPECT_EQ(dense[i], want)
          << "value " << values[i] << ", type " << static_cast<int>(type);
      EXPECT_EQ(strided[2 * i], want) << "value " << values[i];
    }
  }
}

TEST(KernelTest, broadcastRowsLoadAsDenseCopies) {
  struct Case {
    abi::DataType type;
    std::vector<uint8_t> bytes;
  };
  std::vector<Case> cases = {
      {abi::DataType::F16, {0x00, 0x3c}},             // 1.0
      {abi::DataType::F16, {0x01, 0x7e}},             // a NaN with payload
      {abi::DataType::F16, {0x01, 0x80}},             // -subnormal
      {abi::DataType::BF16, {0x80, 0x3f}},            // 1.0
      {abi::DataType::F32, {0x00, 0x00, 0xc0, 0x7f}}, // NaN
      {abi::DataType::I8, {0x80}},
      {abi::DataType::U8, {0xff}},
      {abi::DataType::I32, {0x01, 0x00, 0x00, 0x80}},
  };
  for (const Case &c : cases) {
    for (int64_t count : {1, 2, 7, 8, 9, 255, 256, 257, 600}) {
      size_t size = c.bytes.size();
      std::vector<uint8_t> dense(size * count);
      for (int64_t i = 0; i < count; ++i) {
        std::memcpy(dense.data() + i * size, c.bytes.data(), size);
      }
      std::vector<float> broadcast(count, 5.0f), copies(count, 7.0f);
      loadRow(c.type, c.bytes.data(), 0, count, broadcast.data());
      loadRow(c.type, dense.data(), size, count, copies.data());
      std::vector<double> broadcast64(count, 5.0), copies64(count, 7.0);
      loadRowF64(c.type, c.bytes.data(), 0, count, broadcast64.data());
      loadRowF64(c.type, dense.data(), size, count, copies64.data());
      for (int64_t i = 0; i < count; ++i) {
        uint32_t a, b;
        std::memcpy(&a, &broadcast[i], 4);
        std::memcpy(&b, &copies[i], 4);
        ASSERT_EQ(a, b) << "type " << static_cast<int>(c.type) << ", count "
                        << count << ", element " << i;
        uint64_t a64, b64;
        std::memcpy(&a64, &broadcast64[i], 8);
        std::memcpy(&b64, &copies64[i], 8);
        ASSERT_EQ(a64, b64) << "type " << static_cast<int>(c.type) << ", count "
                            << count << ", element " << i;
      }
    }
  }
}

} // namespace
} // namespace mlir::vpuc::emu
