//===- NceKernelsTest.cpp - The FP16 NCE arithmetic, bit for bit ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// computeNceBox in FP16 mode on random FP16 data (values of every magnitude,
// so FP32 sums depend on their order, plus infinities and NaNs) against a
// plain scalar loop written here from the definition in NceExecution.h: the
// FP32 products accumulated in the order ky, kx, ic over the taps inside the
// input, scale and bias as two roundings, the PPE, one rounding to FP16. Every
// kernel ISA the CPU has and every thread count must give the reference's
// bytes, and the underflow counts of the reference's results.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "core/numeric/Float16.h"
#include "core/threading/ThreadPool.h"
#include "emulator/NceExecution.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

namespace schema = ::vpuc::schema;
using Type = schema::NceTaskType;

/// One task on NHWC-like (channel-minor) or planar tensors.
struct Case {
  Type type = Type::CONV;
  int64_t inC = 16, height = 9, width = 11, outC = 24;
  int64_t kernelH = 3, kernelW = 3, strideH = 1, strideW = 1;
  int64_t padTop = 1, padBottom = 1, padLeft = 1, padRight = 1;
  schema::PpeMode ppe = schema::PpeMode::NONE;
  /// Channel-minor activations (strideC = 2) or planar (strideW = 2).
  bool channelMinor = true;
  /// Put infinities and NaNs into the weights (weighted tasks) or the
  /// inputs.
  bool specials = false;
  /// Weighted tasks: scales of about 1e-8 and no bias, so that most results
  /// lie below the normal FP16 range (the underflow counts).
  bool tinyScales = false;
  /// Every output pixel its own pair of boxes (the channels split in two),
  /// instead of boxes of rows.
  bool pixelBoxes = false;

  int64_t outH() const {
    return (height + padTop + padBottom - kernelH) / strideH + 1;
  }
  int64_t outW() const {
    return (width + padLeft + padRight - kernelW) / strideW + 1;
  }
  bool weighted() const { return type == Type::CONV || type == Type::DWCONV; }
  bool eltwise() const {
    return type == Type::ELTWISE_ADD || type == Type::ELTWISE_SUB ||
           type == Type::ELTWISE_MUL;
  }
};

/// FP16 bits of random values spread over many binades.
std::vector<uint16_t> randomF16(int64_t count, std::mt19937 &rng,
                                bool specials) {
  std::uniform_real_distribution<float> mantissa(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-12, 4);
  std::uniform_int_distribution<int> special(0, 199);
  std::vector<uint16_t> bits(count);
  for (uint16_t &b : bits) {
    b = numeric::floatToF16Bits(std::ldexp(mantissa(rng), exponent(rng)));
    if (specials) {
      int s = special(rng);
      if (s == 0) {
        b = 0x7c00; // +inf
      } else if (s == 1) {
        b = 0xfc00; // -inf
      } else if (s == 2) {
        b = 0x7e00; // NaN
      }
    }
  }
  return bits;
}

/// An activation over `bits` with the case's layout.
NceActivation activation(std::vector<uint16_t> &bits, int64_t channels,
                         int64_t height, int64_t width, bool channelMinor) {
  NceActivation view;
  view.data = reinterpret_cast<uint8_t *>(bits.data());
  view.channels = channels;
  view.height = height;
  view.width = width;
  if (channelMinor) {
    view.strideC = 2;
    view.strideW = 2 * channels;
    view.strideH = 2 * channels * width;
  } else {
    view.strideW = 2;
    view.strideH = 2 * width;
    view.strideC = 2 * width * height;
  }
  return view;
}

float readF16(const NceActivation &view, int64_t c, int64_t y, int64_t x) {
  uint16_t bits;
  std::memcpy(
      &bits, view.data + c * view.strideC + y * view.strideH + x * view.strideW,
      2);
  return numeric::f16BitsToFloat(bits);
}

/// The definition, one output element at a time: the FP16 bits stored, and
/// the FP32 result before the rounding in `value`.
uint16_t referenceElement(const Case &c, const NceInvariantDesc &desc,
                          const NceActivation &in, const NceActivation *in2,
                          llvm::ArrayRef<NceChannelWeights> weights, int64_t k,
                          int64_t y, int64_t x, float &value) {
  float result;
  if (c.eltwise()) {
    float a = readF16(in, k, y, x), b = readF16(*in2, k, y, x);
    result = c.type == Type::ELTWISE_ADD   ? a + b
             : c.type == Type::ELTWISE_SUB ? a - b
                                           : a * b;
  } else {
    float acc = 0;
    bool first = true;
    for (int64_t ky = 0; ky < c.kernelH; ++ky) {
      for (int64_t kx = 0; kx < c.kernelW; ++kx) {
        int64_t iy = y * c.strideH - c.padTop + ky;
        int64_t ix = x * c.strideW - c.padLeft + kx;
        if (iy < 0 || iy >= c.height || ix < 0 || ix >= c.width) {
          continue;
        }
        auto weight = [&](int64_t index) {
          uint16_t bits;
          std::memcpy(&bits, weights[k].weights + 2 * index, 2);
          return numeric::f16BitsToFloat(bits);
        };
        if (c.type == Type::CONV) {
          for (int64_t ic = 0; ic < c.inC; ++ic) {
            float product = readF16(in, ic, iy, ix) *
                            weight((ky * c.kernelW + kx) * c.inC + ic);
            acc = acc + product;
          }
        } else if (c.type == Type::DWCONV) {
          float product = readF16(in, k, iy, ix) * weight(ky * c.kernelW + kx);
          acc = acc + product;
        } else if (c.type == Type::MAXPOOL) {
          float value = readF16(in, k, iy, ix);
          acc = first ? value : (acc < value ? value : acc);
          first = false;
        } else {
          acc = acc + readF16(in, k, iy, ix);
        }
      }
    }
    if (c.weighted()) {
      float scaled = acc * weights[k].scale;
      result = scaled + weights[k].bias;
    } else if (c.type == Type::AVEPOOL) {
      result = acc / static_cast<float>(c.kernelH * c.kernelW);
    } else {
      result = acc;
    }
  }
  switch (desc.ppe) {
  case schema::PpeMode::RELU:
    result = result < 0 ? 0.0f : result;
    break;
  case schema::PpeMode::RELUX:
    result = result < desc.clampLow ? desc.clampLow : result;
    result = desc.clampHigh < result ? desc.clampHigh : result;
    break;
  case schema::PpeMode::LRELU:
    result = result < 0 ? desc.alpha * result : result;
    break;
  default:
    break;
  }
  value = result;
  return numeric::floatToF16Bits(result);
}

/// True when the FP16 bit patterns are equal, or both NaN (which NaN an
/// operation on two NaNs returns is the host's choice, not the definition's).
bool sameF16(uint16_t a, uint16_t b) {
  auto isNaN = [](uint16_t v) {
    return (v & 0x7c00) == 0x7c00 && (v & 0x3ff) != 0;
  };
  return a == b || (isNaN(a) && isNaN(b));
}

/// Runs `c` on every ISA the CPU has and with 1 and 3 threads, over the
/// output split into `boxes` along y, and compares with the reference.
void checkCase(const Case &c, uint32_t seed) {
  std::mt19937 rng(seed);
  NceInvariantDesc desc;
  desc.type = c.type;
  desc.kernelH = c.kernelH;
  desc.kernelW = c.kernelW;
  desc.strideH = c.strideH;
  desc.strideW = c.strideW;
  desc.padTop = c.padTop;
  desc.padBottom = c.padBottom;
  desc.padLeft = c.padLeft;
  desc.padRight = c.padRight;
  desc.ppe = c.ppe;
  desc.clampLow = -0.75f;
  desc.clampHigh = 1.5f;
  desc.alpha = 0.1f;
  int64_t inC = c.eltwise() || c.type == Type::CONV ? c.inC : c.outC;
  // Infinities and NaNs go into the weights of weighted tasks (a weight
  // meeting the padding must stay unused), into the inputs otherwise.
  bool inputSpecials = c.specials && !c.weighted();
  std::vector<uint16_t> inBits =
      randomF16(inC * c.height * c.width, rng, inputSpecials);
  std::vector<uint16_t> in2Bits =
      randomF16(inC * c.height * c.width, rng, inputSpecials);
  NceActivation in = activation(inBits, inC, c.height, c.width, c.channelMinor);
  NceActivation in2 =
      activation(in2Bits, inC, c.height, c.width, c.channelMinor);
  int64_t block =
      c.kernelH * c.kernelW * (c.type == Type::CONV ? c.inC : int64_t(1));
  std::vector<uint16_t> weightBits = randomF16(c.outC * block, rng, c.specials);
  std::vector<NceChannelWeights> weights;
  std::uniform_real_distribution<float> scale(0.5f, 2.0f), bias(-1.0f, 1.0f);
  if (c.weighted()) {
    for (int64_t k = 0; k < c.outC; ++k) {
      NceChannelWeights entry;
      entry.weights =
          reinterpret_cast<const uint8_t *>(weightBits.data() + k * block);
      entry.scale = scale(rng) * (c.tinyScales ? 1e-8f : 1.0f);
      entry.bias = c.tinyScales ? 0.0f : bias(rng);
      weights.push_back(entry);
    }
  }
  std::vector<uint16_t> expected(c.outC * c.outH() * c.outW());
  std::vector<uint16_t> scratch(expected.size());
  NceActivation expectedView =
      activation(expected, c.outC, c.outH(), c.outW(), c.channelMinor);
  // The underflow counts of every result (numeric::countF16Underflow, tested
  // on its own in core/numeric), which the task must add up once each.
  numeric::F16Underflow expectedUnderflow;
  for (int64_t k = 0; k < c.outC; ++k) {
    for (int64_t y = 0; y < c.outH(); ++y) {
      for (int64_t x = 0; x < c.outW(); ++x) {
        float value;
        uint16_t bits =
            referenceElement(c, desc, in, &in2, weights, k, y, x, value);
        numeric::countF16Underflow(value, bits, expectedUnderflow);
        std::memcpy(expectedView.data + k * expectedView.strideC +
                        y * expectedView.strideH + x * expectedView.strideW,
                    &bits, 2);
      }
    }
  }
  threading::ThreadPool pool(3);
  NceKernelIsa original = getNceKernelIsa();
  for (NceKernelIsa isa :
       {NceKernelIsa::Portable, NceKernelIsa::Avx2, NceKernelIsa::Avx512}) {
    if (!setNceKernelIsa(isa)) {
      continue;
    }
    for (threading::ThreadPool *threads :
         {static_cast<threading::ThreadPool *>(nullptr), &pool}) {
      std::vector<uint16_t> actual(expected.size(), 0xdead);
      NceActivation out =
          activation(actual, c.outC, c.outH(), c.outW(), c.channelMinor);
      // Two variants: the top rows of the low channels, then the rest of
      // the output in a second box splitting the channels elsewhere.
      int64_t splitY = c.outH() / 2, splitK = c.outC / 3;
      std::vector<NceBox> boxes = {
          {0, 0, 0, c.outW() - 1, splitY, c.outC - 1},
          {0, splitY + 1, 0, c.outW() - 1, c.outH() - 1, splitK},
          {0, splitY + 1, splitK + 1, c.outW() - 1, c.outH() - 1, c.outC - 1}};
      if (c.pixelBoxes) {
        boxes.clear();
        for (int64_t y = 0; y < c.outH(); ++y) {
          for (int64_t x = 0; x < c.outW(); ++x) {
            boxes.push_back({x, y, 0, x, y, splitK});
            boxes.push_back({x, y, splitK + 1, x, y, c.outC - 1});
          }
        }
      }
      numeric::F16Underflow underflow;
      for (const NceBox &box : boxes) {
        if (box.y1 < box.y0 || box.z1 < box.z0) {
          continue;
        }
        EXPECT_FALSE(computeNceBox(desc, in, c.eltwise() ? &in2 : nullptr,
                                   weights, out, box, threads, &underflow));
      }
      // The largest magnitude always; the counts when it lies below the
      // normal range, the only counts an underflow finding reports
      // (numeric::floatToF16BitsForUnderflow).
      EXPECT_EQ(underflow.largest, expectedUnderflow.largest);
      if (expectedUnderflow.largest < numeric::kMinNormalF16) {
        EXPECT_EQ(underflow.nonzero, expectedUnderflow.nonzero);
        EXPECT_EQ(underflow.flushed, expectedUnderflow.flushed);
        EXPECT_EQ(underflow.subnormal, expectedUnderflow.subnormal);
      } else {
        EXPECT_FALSE(underflow.isTotal());
      }
      if (c.tinyScales) {
        EXPECT_GT(expectedUnderflow.flushed, 0u);
        EXPECT_GT(expectedUnderflow.subnormal, 0u);
      }
      for (size_t i = 0; i < actual.size(); ++i) {
        ASSERT_TRUE(sameF16(actual[i], expected[i]))
            << "element " << i << ": 0x" << std::hex << actual[i]
            << " instead of 0x" << expected[i] << std::dec << " (ISA "
            << (isa == NceKernelIsa::Avx512 ? "AVX-512"
                : isa == NceKernelIsa::Avx2 ? "AVX2"
                                            : "portable")
            << ", " << (threads ? 3 : 1) << " threads)";
      }
    }
  }
  setNceKernelIsa(original);
}

TEST(NceKernelsTest, conv3x3Padded) {
  Case c;
  checkCase(c, 1);
  c.ppe = schema::PpeMode::LRELU;
  c.channelMinor = false;
  checkCase(c, 2);
}

// Results below the normal FP16 range, stored as zeros and subnormals: the
// bits and the underflow counts.
TEST(NceKernelsTest, tinyResults) {
  Case c;
  c.tinyScales = true;
  checkCase(c, 21);
  c.type = Type::DWCONV;
  c.outC = 32;
  checkCase(c, 22);
}

TEST(NceKernelsTest, convStridedOddChannels) {
  Case c;
  c.inC = 13;
  c.outC = 21;
  c.height = 12;
  c.width = 17;
  c.strideH = 2;
  c.strideW = 2;
  c.padBottom = 0;
  c.padRight = 0;
  c.ppe = schema::PpeMode::RELUX;
  checkCase(c, 3);
}

// A stem convolution's few input channels (3, or 4 compressed), fewer than
// a vector: each pixel's channels gathered, channel-minor and planar.
TEST(NceKernelsTest, convFewInputChannels) {
  for (int64_t channels : {3, 4}) {
    for (bool channelMinor : {true, false}) {
      Case c;
      c.inC = channels;
      c.outC = 16;
      c.height = 10;
      c.width = 13;
      c.strideH = c.strideW = 2;
      c.padBottom = c.padRight = 0;
      c.channelMinor = channelMinor;
      checkCase(c, 30 + channels + (channelMinor ? 0 : 10));
    }
  }
}

TEST(NceKernelsTest, convLargeKernelWidePadding) {
  Case c;
  c.inC = 8;
  c.outC = 40;
  c.kernelH = 7;
  c.kernelW = 7;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 3;
  c.height = 14;
  c.width = 14;
  c.strideW = 2;
  c.ppe = schema::PpeMode::RELU;
  checkCase(c, 4);
}

TEST(NceKernelsTest, conv1x1) {
  Case c;
  c.kernelH = c.kernelW = 1;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
  c.inC = 64;
  c.outC = 32;
  checkCase(c, 5);
}

TEST(NceKernelsTest, depthwiseAndPools) {
  for (Type type : {Type::DWCONV, Type::MAXPOOL, Type::AVEPOOL}) {
    Case c;
    c.type = type;
    c.outC = 19;
    c.strideH = 2;
    c.ppe = schema::PpeMode::RELUX;
    checkCase(c, 6);
    c.channelMinor = false;
    c.kernelH = 2;
    c.padTop = 0;
    checkCase(c, 7);
  }
}

// Channels that fill whole vectors (rows of pixels converted and combined as
// one run where a box has all the channels) and channels that do not.
TEST(NceKernelsTest, eltwise) {
  for (Type type : {Type::ELTWISE_ADD, Type::ELTWISE_SUB, Type::ELTWISE_MUL}) {
    for (int64_t channels : {20, 32}) {
      Case c;
      c.type = type;
      c.kernelH = c.kernelW = 1;
      c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
      c.inC = c.outC = channels;
      checkCase(c, 8);
      c.channelMinor = false;
      checkCase(c, 9);
    }
  }
}

/// Infinities and NaNs in inputs and weights: 0 * inf in the padding must not
/// appear (padding taps are skipped, not added as zeros).
TEST(NceKernelsTest, infinitiesAndNaNs) {
  for (Type type : {Type::CONV, Type::DWCONV, Type::MAXPOOL, Type::AVEPOOL,
                    Type::ELTWISE_ADD}) {
    Case c;
    c.type = type;
    c.specials = true;
    if (c.eltwise()) {
      c.kernelH = c.kernelW = 1;
      c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
      c.outC = c.inC;
    }
    checkCase(c, 9);
  }
}

/// The weights' transposition (in 8x8 tiles on AVX2) at every edge: groups
/// of output channels and input blocks that are no multiple of 8, with
/// infinities and NaNs among the weights in the tiles and at the edges (the
/// padding must then be skipped, not read as zeros).
TEST(NceKernelsTest, weightsAtTileEdges) {
  for (int64_t outC : {5, 21, 45}) {
    Case c;
    c.inC = 13;
    c.outC = outC;
    c.width = 9;
    c.specials = true;
    checkCase(c, 12);
    c.specials = false;
    c.kernelH = c.kernelW = 1;
    c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
    checkCase(c, 13);
  }
}

/// CONV tiles of up to six pixels that run on from one output row to the
/// next, over outputs of every width modulo the tile (and a single column),
/// with output channel blocks of one and two vectors, and input channels
/// enough for the taps to run in several segments (a sum continued from
/// segment to segment); with finite weights (the padding read as zeros) and
/// with infinities among them (the padding skipped).
TEST(NceKernelsTest, convTilesAcrossRowsAndSegments) {
  uint32_t seed = 30;
  for (int64_t width : {1, 5, 6, 7, 11, 12, 13, 25}) {
    for (int64_t outC : {8, 24}) {
      for (bool specials : {false, true}) {
        Case c;
        c.inC = 200;
        c.outC = outC;
        c.height = 5;
        c.width = width;
        c.specials = specials;
        checkCase(c, seed++);
      }
    }
  }
  // Stride 2 with a kernel wider than the input.
  Case c;
  c.inC = 24;
  c.outC = 16;
  c.height = 6;
  c.width = 4;
  c.kernelH = c.kernelW = 5;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 2;
  c.strideH = c.strideW = 2;
  checkCase(c, seed++);
}

/// CONV boxes of few pixels for their MACs, which the threads split by
/// output channels (blocks of 16, the last one of 8) as well as by rows.
TEST(NceKernelsTest, convSplitByChannels) {
  Case c;
  c.inC = 64;
  c.outC = 72;
  c.height = 8;
  c.width = 16;
  c.ppe = schema::PpeMode::LRELU;
  checkCase(c, 50);
  c.height = c.width = 3;
  c.specials = true;
  checkCase(c, 51);
  // Enough MACs in a box of rows of few pixels for parts of channels alone
  // on every ISA (AVX-512: 1M MACs a part), each converting the weights of
  // its channels and knowing whether they are finite: finite weights, and
  // infinities and NaNs among them.
  c.inC = 256;
  c.outC = 200;
  for (bool specials : {false, true}) {
    c.specials = specials;
    checkCase(c, 52 + specials);
  }
}

/// CONV boxes of few pixels for their weights, which run with the pixels in
/// the vector lanes on AVX-512 (pixelConv; each box of these shapes has
/// enough output channels for its pixels): one to four vectors of pixels,
/// whole and partial; output channels past whole 16 x 16 blocks and past
/// whole register tiles; input channels past whole blocks of 16, in several
/// pieces of 128 and in several segments of the sums; padded and strided
/// windows and planar activations; and infinities and NaNs among the
/// weights (parts that then run over the transposed weights).
TEST(NceKernelsTest, convPixelLanes) {
  struct Shape {
    int64_t height, width, inC, outC, kernel, stride, pad;
    bool channelMinor;
  };
  const Shape shapes[] = {
      {15, 8, 200, 900, 1, 1, 0, true},  {8, 8, 256, 450, 1, 1, 0, true},
      {4, 16, 37, 300, 3, 1, 1, true},   {11, 32, 96, 260, 3, 2, 1, true},
      {4, 16, 300, 100, 1, 1, 0, false}, {2, 16, 1024, 64, 1, 1, 0, true},
      {4, 8, 64, 420, 5, 1, 2, false},   {3, 3, 48, 500, 1, 1, 0, true}};
  uint32_t seed = 80;
  for (const Shape &shape : shapes) {
    Case c;
    c.height = shape.height;
    c.width = shape.width;
    c.inC = shape.inC;
    c.outC = shape.outC;
    c.kernelH = c.kernelW = shape.kernel;
    c.strideH = c.strideW = shape.stride;
    c.padTop = c.padBottom = c.padLeft = c.padRight = shape.pad;
    c.channelMinor = shape.channelMinor;
    c.ppe = schema::PpeMode::RELUX;
    for (bool specials : {false, true}) {
      c.specials = specials;
      SCOPED_TRACE(::testing::Message()
                   << shape.height << "x" << shape.width << ", " << shape.inC
                   << " to " << shape.outC << " channels, kernel "
                   << shape.kernel << (specials ? ", specials" : ""));
      checkCase(c, seed++);
    }
  }
}

/// CONV boxes of one output pixel, which read the FP16 weights as stored
/// (tiles of 8 input channels of 8 output channels transposed in registers
/// on AVX2): input channels that are and are not whole tiles, output
/// channels in blocks of 16, 8 and fewer; fully connected layers (1x1 inputs)
/// and windows over the padding, with finite weights and with infinities
/// and NaNs among them; and a box with enough MACs to be split by output
/// channels over the threads.
TEST(NceKernelsTest, onePixelBoxes) {
  uint32_t seed = 60;
  for (int64_t inC : {8, 13, 64, 203}) {
    for (int64_t outC : {3, 21, 45}) {
      Case c;
      c.inC = inC;
      c.outC = outC;
      c.height = c.width = 1;
      c.kernelH = c.kernelW = 1;
      c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
      c.ppe = schema::PpeMode::RELU;
      checkCase(c, seed++);
      c.specials = true;
      checkCase(c, seed++);
    }
  }
  for (bool specials : {false, true}) {
    Case c;
    c.inC = 19;
    c.outC = 40;
    c.height = 4;
    c.width = 5;
    c.strideW = 2;
    c.pixelBoxes = true;
    c.specials = specials;
    c.ppe = schema::PpeMode::LRELU;
    checkCase(c, seed++);
  }
  // Enough MACs to be split by output channels on every ISA (AVX-512: 1M
  // MACs a part); such a box reads its weights as stored, none converted.
  Case c;
  c.inC = 1500;
  c.outC = 1500;
  c.height = c.width = 1;
  c.kernelH = c.kernelW = 1;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
  checkCase(c, seed++);
}

/// DWCONV over channel counts that use every block of the vectorised
/// depthwise sums (8, 4, 2 and 1 vectors) and the edge of a vector.
TEST(NceKernelsTest, depthwiseChannelBlocks) {
  uint32_t seed = 40;
  for (int64_t outC : {8, 16, 40, 64, 77, 120, 136}) {
    Case c;
    c.type = Type::DWCONV;
    c.outC = outC;
    c.height = 5;
    c.width = 6;
    c.ppe = schema::PpeMode::RELU;
    checkCase(c, seed++);
  }
}

/// Every PPE mode on results with infinities and NaNs (which the clamps and
/// LRELU's product must treat as the reference does), for weighted, pooled
/// and element-wise tasks, rows of pixels at a time.
TEST(NceKernelsTest, ppeModesOnSpecials) {
  for (schema::PpeMode ppe : {schema::PpeMode::NONE, schema::PpeMode::RELU,
                              schema::PpeMode::RELUX, schema::PpeMode::LRELU}) {
    for (Type type : {Type::CONV, Type::AVEPOOL, Type::ELTWISE_MUL}) {
      Case c;
      c.type = type;
      c.ppe = ppe;
      c.specials = true;
      c.width = 23;
      if (c.eltwise()) {
        c.kernelH = c.kernelW = 1;
        c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
        c.outC = c.inC;
      }
      checkCase(c, 10);
      c.channelMinor = false;
      checkCase(c, 11);
    }
  }
}

} // namespace
} // namespace mlir::vpuc::emu
