//===- ConvolutionTest.cpp - Tests of the convolution kernels ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compares kernels::convolution and kernels::deconvolution with their
// definitions on fixed and random geometries: strides, dilations, asymmetric
// pads, groups (including depthwise), pointwise 1x1, batches, with and without
// bias, and shapes large enough to need several im2col tiles.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Convolution.h"

#include "kernels/reference/unittests/Reference.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::kernels {
namespace {

using testing::expectClose;
using testing::Random;

/// The output extent of a convolution with total padding `pads`.
int64_t convOut(int64_t in, int64_t kernel, int64_t stride, int64_t pads,
                int64_t dilation) {
  return (in + pads - dilation * (kernel - 1) - 1) / stride + 1;
}

/// The output extent of a transposed convolution with total padding `pads`.
int64_t deconvOut(int64_t in, int64_t kernel, int64_t stride, int64_t pads,
                  int64_t dilation, int64_t outputPadding) {
  return (in - 1) * stride - pads + dilation * (kernel - 1) + 1 + outputPadding;
}

void checkConvolution(const ConvGeometry &g, bool withBias, Random &random) {
  ASSERT_TRUE(isValid(g));
  std::vector<float> in = random.values(g.batch * g.inChannels * g.inH * g.inW);
  std::vector<float> filter = random.values(
      g.outChannels * (g.inChannels / g.groups) * g.kernelH * g.kernelW);
  std::vector<float> bias = random.values(g.outChannels);
  const float *b = withBias ? bias.data() : nullptr;
  std::vector<float> out(g.batch * g.outChannels * g.outH * g.outW, 42.0f);
  convolution(g, in.data(), filter.data(), b, out.data());
  SCOPED_TRACE(::testing::Message()
               << "conv in " << g.batch << "x" << g.inChannels << "x" << g.inH
               << "x" << g.inW << " out " << g.outChannels << "x" << g.outH
               << "x" << g.outW << " k " << g.kernelH << "x" << g.kernelW
               << " s " << g.strideH << "," << g.strideW << " p " << g.padTop
               << "," << g.padLeft << " d " << g.dilationH << "," << g.dilationW
               << " groups " << g.groups);
  expectClose(
      out, testing::referenceConvolution(g, in, filter, b),
      static_cast<double>(g.inChannels / g.groups * g.kernelH * g.kernelW));
}

void checkDeconvolution(const ConvGeometry &g, bool withBias, Random &random) {
  ASSERT_TRUE(isValid(g));
  std::vector<float> in = random.values(g.batch * g.inChannels * g.inH * g.inW);
  std::vector<float> filter = random.values(
      g.inChannels * (g.outChannels / g.groups) * g.kernelH * g.kernelW);
  std::vector<float> bias = random.values(g.outChannels);
  const float *b = withBias ? bias.data() : nullptr;
  std::vector<float> out(g.batch * g.outChannels * g.outH * g.outW, 42.0f);
  deconvolution(g, in.data(), filter.data(), b, out.data());
  SCOPED_TRACE(::testing::Message()
               << "deconv in " << g.batch << "x" << g.inChannels << "x" << g.inH
               << "x" << g.inW << " out " << g.outChannels << "x" << g.outH
               << "x" << g.outW << " k " << g.kernelH << "x" << g.kernelW
               << " s " << g.strideH << "," << g.strideW << " p " << g.padTop
               << "," << g.padLeft << " d " << g.dilationH << "," << g.dilationW
               << " groups " << g.groups);
  expectClose(
      out, testing::referenceDeconvolution(g, in, filter, b),
      static_cast<double>(g.inChannels / g.groups * g.kernelH * g.kernelW));
}

/// A convolution geometry from its parameters, the output size derived.
ConvGeometry conv(int64_t batch, int64_t inC, int64_t h, int64_t w,
                  int64_t outC, int64_t kh, int64_t kw, int64_t sh, int64_t sw,
                  int64_t pt, int64_t pl, int64_t pb, int64_t pr, int64_t dh,
                  int64_t dw, int64_t groups) {
  ConvGeometry g;
  g.batch = batch;
  g.inChannels = inC;
  g.inH = h;
  g.inW = w;
  g.outChannels = outC;
  g.kernelH = kh;
  g.kernelW = kw;
  g.strideH = sh;
  g.strideW = sw;
  g.padTop = pt;
  g.padLeft = pl;
  g.dilationH = dh;
  g.dilationW = dw;
  g.groups = groups;
  g.outH = convOut(h, kh, sh, pt + pb, dh);
  g.outW = convOut(w, kw, sw, pl + pr, dw);
  return g;
}

TEST(ConvolutionTest, fixedGeometries) {
  Random random(3);
  // 3x3 same padding, stride 1.
  checkConvolution(conv(1, 4, 9, 11, 6, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1), true,
                   random);
  // Pointwise (the direct GEMM path), batch 2.
  checkConvolution(conv(2, 5, 7, 6, 3, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1), true,
                   random);
  // Pointwise with stride 2 (im2col path).
  checkConvolution(conv(1, 5, 7, 6, 3, 1, 1, 2, 2, 0, 0, 0, 0, 1, 1, 1), false,
                   random);
  // Depthwise 3x3 stride 2 (the direct path) and stride 1 with dilation.
  checkConvolution(conv(1, 8, 13, 12, 8, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 8), true,
                   random);
  checkConvolution(conv(2, 4, 10, 9, 4, 3, 2, 1, 1, 2, 1, 2, 0, 2, 3, 4), false,
                   random);
  // Grouped with channel multiplier, asymmetric pads, dilation, stride.
  checkConvolution(conv(1, 6, 12, 10, 9, 3, 4, 2, 3, 0, 2, 1, 1, 2, 1, 3), true,
                   random);
  // 7x7 stride 2 stem large enough for several im2col tiles.
  checkConvolution(conv(1, 3, 90, 96, 8, 7, 7, 2, 2, 3, 3, 3, 3, 1, 1, 1), true,
                   random);
  // Kernel larger than the input with padding on every side.
  checkConvolution(conv(1, 2, 2, 3, 3, 5, 5, 1, 1, 2, 2, 2, 2, 1, 1, 1), true,
                   random);
  // Depthwise with a multiplier of 1 and a 1x1 input.
  checkConvolution(conv(1, 3, 1, 1, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 3), true,
                   random);
}

TEST(ConvolutionTest, randomGeometries) {
  Random random(11);
  for (int trial = 0; trial < 80; ++trial) {
    const int64_t groups = random.uniform(1, 3);
    const int64_t inC = groups * random.uniform(1, 4);
    const int64_t outC = groups * random.uniform(1, 4);
    const int64_t kh = random.uniform(1, 4), kw = random.uniform(1, 4);
    const int64_t dh = random.uniform(1, 3), dw = random.uniform(1, 3);
    const int64_t h = random.uniform((kh - 1) * dh + 1, 14);
    const int64_t w = random.uniform((kw - 1) * dw + 1, 14);
    ConvGeometry g = conv(
        random.uniform(1, 2), inC, h, w, outC, kh, kw, random.uniform(1, 3),
        random.uniform(1, 3), random.uniform(0, 2), random.uniform(0, 2),
        random.uniform(0, 2), random.uniform(0, 2), dh, dw, groups);
    checkConvolution(g, random.uniform(0, 1) == 1, random);
  }
}

/// A transposed convolution geometry from its parameters, the output size
/// derived.
ConvGeometry deconv(int64_t batch, int64_t inC, int64_t h, int64_t w,
                    int64_t outC, int64_t kh, int64_t kw, int64_t sh,
                    int64_t sw, int64_t pt, int64_t pl, int64_t pb, int64_t pr,
                    int64_t dh, int64_t dw, int64_t groups,
                    int64_t outputPadding) {
  ConvGeometry g = conv(batch, inC, h, w, outC, kh, kw, sh, sw, pt, pl, pb, pr,
                        dh, dw, groups);
  g.outH = deconvOut(h, kh, sh, pt + pb, dh, outputPadding);
  g.outW = deconvOut(w, kw, sw, pl + pr, dw, outputPadding);
  return g;
}

TEST(DeconvolutionTest, fixedGeometries) {
  Random random(5);
  // The U-Net upsampling: 2x2 stride 2.
  checkDeconvolution(deconv(1, 8, 6, 7, 4, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 0),
                     true, random);
  // 3x3 stride 2 with pads and output padding.
  checkDeconvolution(deconv(2, 3, 5, 4, 5, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1),
                     false, random);
  // Grouped, dilated, asymmetric.
  checkDeconvolution(deconv(1, 6, 4, 5, 4, 3, 2, 1, 3, 0, 1, 2, 0, 2, 1, 2, 0),
                     true, random);
  // Large enough for several tiles.
  checkDeconvolution(
      deconv(1, 4, 70, 64, 16, 4, 4, 2, 2, 1, 1, 1, 1, 1, 1, 1, 0), true,
      random);
}

TEST(DeconvolutionTest, randomGeometries) {
  Random random(13);
  for (int trial = 0; trial < 80; ++trial) {
    const int64_t groups = random.uniform(1, 3);
    const int64_t inC = groups * random.uniform(1, 4);
    const int64_t outC = groups * random.uniform(1, 4);
    const int64_t kh = random.uniform(1, 4), kw = random.uniform(1, 4);
    const int64_t sh = random.uniform(1, 3), sw = random.uniform(1, 3);
    const int64_t dh = random.uniform(1, 2), dw = random.uniform(1, 2);
    const int64_t pt = random.uniform(0, kh - 1),
                  pl = random.uniform(0, kw - 1);
    const int64_t pb = random.uniform(0, kh - 1),
                  pr = random.uniform(0, kw - 1);
    ConvGeometry g =
        deconv(random.uniform(1, 2), inC, random.uniform(1, 9),
               random.uniform(1, 9), outC, kh, kw, sh, sw, pt, pl, pb, pr, dh,
               dw, groups, random.uniform(0, std::min(sh, sw) - 1));
    if (g.outH <= 0 || g.outW <= 0) {
      continue;
    }
    checkDeconvolution(g, random.uniform(0, 1) == 1, random);
  }
}

TEST(ConvolutionTest, validity) {
  ConvGeometry g = conv(1, 4, 5, 5, 4, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 2);
  EXPECT_TRUE(isValid(g));
  g.groups = 3;
  EXPECT_FALSE(isValid(g));
  g.groups = 2;
  g.strideW = 0;
  EXPECT_FALSE(isValid(g));
}

} // namespace
} // namespace mlir::vpuc::kernels
