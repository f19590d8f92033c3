//===- ConvKernelsTest.cpp - Convolutions, products, pools, resize -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// convolution (groups, depthwise, dilations, asymmetric pads, bias, fused
// post-operations), deconvolution, matmul (transposes, batch broadcasting),
// fully_connected, max_pool / avg_pool (ceil mode, exclude-pad) and
// interpolate against naive double-precision loops on random f16 data in NCHW
// and NHWC layouts, and their errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::expectClose;
using testing::forEachIndex;
using ::testing::HasSubstr;
using testing::kNCHW;
using testing::kNHWC;
using testing::Machine;
using testing::Random;
using testing::rowMajorStrides;
using testing::Tensor;

struct ConvCase {
  int64_t n, c, h, w, oc, kh, kw;
  int32_t sh, sw, pt, pl, pb, pr, dh, dw, groups;
  bool bias;
  int32_t postOp;
  float alpha, beta;
  uint64_t inOrder, outOrder;
};

void checkConvolution(const ConvCase &k) {
  Machine machine;
  Random random(static_cast<uint32_t>(k.c * 31 + k.groups));
  int64_t oh = (k.h + k.pt + k.pb - k.dh * (k.kh - 1) - 1) / k.sh + 1;
  int64_t ow = (k.w + k.pl + k.pr - k.dw * (k.kw - 1) - 1) / k.sw + 1;
  int64_t cg = k.c / k.groups, og = k.oc / k.groups;
  Tensor in = machine.alloc(DataType::F16, {k.n, k.c, k.h, k.w}, k.inOrder);
  Tensor filter = machine.alloc(DataType::F16, {k.oc, cg, k.kh, k.kw}, kNHWC);
  Tensor bias =
      k.bias ? machine.alloc(DataType::F32, {k.oc}) : machine.absent();
  Tensor out = machine.alloc(DataType::F16, {k.n, k.oc, oh, ow}, k.outOrder);
  std::vector<double> x = machine.fill(in, random, -1, 1);
  std::vector<double> f = machine.fill(filter, random, -1, 1);
  std::vector<double> b =
      k.bias ? machine.fill(bias, random, -1, 1) : std::vector<double>();
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.in(packer, filter);
  machine.in(packer, bias);
  machine.out(packer, out);
  for (int32_t value :
       {k.sh, k.sw, k.pt, k.pl, k.pb, k.pr, k.dh, k.dw, k.groups, k.postOp}) {
    packer.addI32(value);
  }
  packer.addF32(k.alpha);
  packer.addF32(k.beta);
  ASSERT_EQ(machine.run("convolution", packer), "");
  std::vector<double> reference;
  forEachIndex({k.n, k.oc, oh, ow}, [&](const std::vector<int64_t> &i) {
    int64_t g = i[1] / og;
    double sum = k.bias ? b[i[1]] : 0.0;
    for (int64_t ic = 0; ic < cg; ++ic) {
      for (int64_t ky = 0; ky < k.kh; ++ky) {
        for (int64_t kx = 0; kx < k.kw; ++kx) {
          int64_t y = i[2] * k.sh + ky * k.dh - k.pt;
          int64_t xx = i[3] * k.sw + kx * k.dw - k.pl;
          if (y < 0 || y >= k.h || xx < 0 || xx >= k.w) {
            continue;
          }
          sum += x[((i[0] * k.c + g * cg + ic) * k.h + y) * k.w + xx] *
                 f[((i[1] * cg + ic) * k.kh + ky) * k.kw + kx];
        }
      }
    }
    if (k.postOp == static_cast<int32_t>(abi::ActivationOp::Relu)) {
      sum = std::max(sum, 0.0);
    } else if (k.postOp == static_cast<int32_t>(abi::ActivationOp::Clamp)) {
      sum = std::min(std::max(sum, double(k.alpha)), double(k.beta));
    } else if (k.postOp == static_cast<int32_t>(abi::ActivationOp::LeakyRelu)) {
      sum = sum >= 0 ? sum : double(k.alpha) * sum;
    }
    reference.push_back(sum);
  });
  expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4);
}

TEST(ConvKernelsTest, convolution) {
  const int32_t none = abi::kNoPostOp;
  const int32_t relu = static_cast<int32_t>(abi::ActivationOp::Relu);
  const int32_t clamp = static_cast<int32_t>(abi::ActivationOp::Clamp);
  const int32_t leaky = static_cast<int32_t>(abi::ActivationOp::LeakyRelu);
  ConvCase cases[] = {
      // Plain 3x3, same padding.
      {1, 3, 8, 8, 4, 3,    3,    1, 1, 1,     1,
       1, 1, 1, 1, 1, true, none, 0, 0, kNCHW, kNCHW},
      // Strided, asymmetric pads, NHWC in and out, relu.
      {2, 4, 9, 7, 6, 3,    2,    2, 1, 0,     1,
       2, 0, 1, 1, 1, true, relu, 0, 0, kNHWC, kNHWC},
      // Grouped with dilation and clamp.
      {1, 6, 10, 10, 4, 3,     3,     1,     2,     2,     2,
       2, 2, 2,  2,  2, false, clamp, -0.5f, 0.75f, kNHWC, kNCHW},
      // Depthwise with leaky relu.
      {1, 5, 6, 6, 5, 3,    3,     1,    1, 1,     1,
       1, 1, 1, 1, 5, true, leaky, 0.1f, 0, kNCHW, kNHWC},
      // 1x1 (a matrix product per pixel), batch 3.
      {3, 8, 4, 5, 16, 1,    1,    1, 1, 0,     0,
       0, 0, 1, 1, 1,  true, none, 0, 0, kNHWC, kNHWC},
  };
  for (const ConvCase &k : cases) {
    checkConvolution(k);
  }
}

TEST(ConvKernelsTest, convolutionErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {1, 4, 5, 5});
  Tensor filter = machine.alloc(DataType::F16, {2, 4, 3, 3});
  Tensor out = machine.alloc(DataType::F16, {1, 2, 3, 3});
  Tensor bias3 = machine.alloc(DataType::F16, {3});
  auto call = [&](const Tensor &f, const Tensor &b, const Tensor &o,
                  std::vector<int32_t> ints, float alpha = 0) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, f);
    machine.in(packer, b);
    machine.out(packer, o);
    for (int32_t value : ints) {
      packer.addI32(value);
    }
    packer.addF32(alpha);
    packer.addF32(0);
    return machine.run("convolution", packer);
  };
  const std::vector<int32_t> ok = {1, 1, 0, 0, 0, 0, 1, 1, 1, -1};
  EXPECT_EQ(call(filter, machine.absent(), out, ok), "");
  EXPECT_EQ(call(filter, bias3, out, ok),
            "convolution: bias has dims [3], expected [2]");
  Tensor big = machine.alloc(DataType::F16, {1, 4, 5, 5});
  EXPECT_EQ(call(filter, machine.absent(), big, ok),
            "convolution: output has dims [1, 4, 5, 5], expected [1, 2, 3, 3]");
  EXPECT_EQ(call(filter, machine.absent(), in, ok),
            "convolution: the output overlaps the input");
  EXPECT_EQ(
      call(filter, machine.absent(), out, {1, 1, 0, 0, 0, 0, 1, 1, 3, -1}),
      "convolution: groups 3 must divide the input channels 4 and the "
      "output channels 2");
  EXPECT_EQ(
      call(filter, machine.absent(), out, {0, 1, 0, 0, 0, 0, 1, 1, 1, -1}),
      "convolution: strides 0x1 must be positive");
  EXPECT_EQ(call(filter, machine.absent(), out, {1, 1, 0, 0, 0, 0, 1, 1, 1, -1},
                 1.0f),
            "convolution: postOpAlpha and postOpBeta must be 0 without a "
            "post-operation");
  EXPECT_EQ(
      call(filter, machine.absent(), out, {1, 1, 0, 0, 0, 0, 1, 1, 1, 99}),
      "convolution: unknown postOp 99");
  Tensor flat = machine.alloc(DataType::F16, {2, 36});
  EXPECT_EQ(call(flat, machine.absent(), out, ok),
            "convolution: filter has rank 2, expected 4");
  Tensor ints = machine.alloc(DataType::I8, {2, 4, 3, 3});
  EXPECT_EQ(call(ints, machine.absent(), out, ok),
            "convolution: filter of type i8 is not supported (expected f32, "
            "f16 or bf16)");
}

TEST(ConvKernelsTest, deconvolution) {
  struct Case {
    int64_t n, c, h, w, oc, kh, kw;
    int32_t sh, sw, pt, pl, pb, pr, dh, dw, oph, opw, groups;
    uint64_t order;
  } cases[] = {
      {1, 4, 3, 4, 2, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, kNCHW},
      {2, 6, 4, 3, 4, 2, 3, 2, 1, 0, 1, 1, 0, 1, 2, 0, 1, 2, kNHWC},
  };
  for (const Case &k : cases) {
    Machine machine;
    Random random(static_cast<uint32_t>(k.c));
    int64_t oh = (k.h - 1) * k.sh - k.pt - k.pb + k.dh * (k.kh - 1) + 1 + k.oph;
    int64_t ow = (k.w - 1) * k.sw - k.pl - k.pr + k.dw * (k.kw - 1) + 1 + k.opw;
    int64_t cg = k.c / k.groups, og = k.oc / k.groups;
    Tensor in = machine.alloc(DataType::F16, {k.n, k.c, k.h, k.w}, k.order);
    Tensor filter = machine.alloc(DataType::F16, {k.c, og, k.kh, k.kw});
    Tensor bias = machine.alloc(DataType::F16, {k.oc});
    Tensor out = machine.alloc(DataType::F16, {k.n, k.oc, oh, ow}, k.order);
    std::vector<double> x = machine.fill(in, random, -1, 1);
    std::vector<double> f = machine.fill(filter, random, -1, 1);
    std::vector<double> b = machine.fill(bias, random, -1, 1);
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, filter);
    machine.in(packer, bias);
    machine.out(packer, out);
    for (int32_t value : {k.sh, k.sw, k.pt, k.pl, k.pb, k.pr, k.dh, k.dw, k.oph,
                          k.opw, k.groups, abi::kNoPostOp}) {
      packer.addI32(value);
    }
    packer.addF32(0);
    packer.addF32(0);
    ASSERT_EQ(machine.run("deconvolution", packer), "");
    std::vector<double> reference(k.n * k.oc * oh * ow);
    for (int64_t n = 0; n < k.n; ++n) {
      for (int64_t oc = 0; oc < k.oc; ++oc) {
        for (int64_t i = 0; i < oh * ow; ++i) {
          reference[(n * k.oc + oc) * oh * ow + i] = b[oc];
        }
      }
      for (int64_t ic = 0; ic < k.c; ++ic) {
        int64_t g = ic / cg;
        for (int64_t iy = 0; iy < k.h; ++iy) {
          for (int64_t ix = 0; ix < k.w; ++ix) {
            for (int64_t o = 0; o < og; ++o) {
              for (int64_t ky = 0; ky < k.kh; ++ky) {
                for (int64_t kx = 0; kx < k.kw; ++kx) {
                  int64_t y = iy * k.sh + ky * k.dh - k.pt;
                  int64_t xx = ix * k.sw + kx * k.dw - k.pl;
                  if (y < 0 || y >= oh || xx < 0 || xx >= ow) {
                    continue;
                  }
                  int64_t oc = g * og + o;
                  reference[((n * k.oc + oc) * oh + y) * ow + xx] +=
                      x[((n * k.c + ic) * k.h + iy) * k.w + ix] *
                      f[((ic * og + o) * k.kh + ky) * k.kw + kx];
                }
              }
            }
          }
        }
      }
    }
    expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4);
  }
}

TEST(ConvKernelsTest, matmulWithTransposesAndBroadcasting) {
  struct Case {
    std::vector<int64_t> a, b, out;
    bool ta, tb;
  } cases[] = {
      {{5, 7}, {7, 3}, {5, 3}, false, false},
      {{7, 5}, {3, 7}, {5, 3}, true, true},
      {{2, 1, 4, 6}, {3, 6, 5}, {2, 3, 4, 5}, false, false},
      {{3, 6, 4}, {1, 5, 6}, {3, 4, 5}, true, true},
      {{2, 4, 6}, {6, 5}, {2, 4, 5}, false, false},
  };
  for (const Case &c : cases) {
    Machine machine;
    Random random(static_cast<uint32_t>(c.a.size() * 10 + c.ta));
    Tensor a = machine.alloc(DataType::F16, c.a, 0, 1);
    Tensor b = machine.alloc(DataType::F32, c.b);
    Tensor out = machine.alloc(DataType::F16, c.out);
    std::vector<double> x = machine.fill(a, random, -1, 1);
    std::vector<double> y = machine.fill(b, random, -1, 1);
    abi::ArgPacker packer;
    machine.in(packer, a);
    machine.in(packer, b);
    machine.out(packer, out);
    packer.addI32(c.ta);
    packer.addI32(c.tb);
    ASSERT_EQ(machine.run("matmul", packer), "");
    size_t r = c.out.size();
    int64_t m = c.out[r - 2], n = c.out[r - 1];
    int64_t k = c.ta ? c.a[c.a.size() - 2] : c.a.back();
    std::vector<int64_t> sa = rowMajorStrides(c.a), sb = rowMajorStrides(c.b);
    std::vector<double> reference;
    forEachIndex(c.out, [&](const std::vector<int64_t> &i) {
      // Batch offsets with broadcasting.
      int64_t offA = 0, offB = 0;
      for (size_t d = 0; d + 2 < r; ++d) {
        int64_t da =
            static_cast<int64_t>(d) - static_cast<int64_t>(r - c.a.size());
        int64_t db =
            static_cast<int64_t>(d) - static_cast<int64_t>(r - c.b.size());
        if (da >= 0 && c.a[da] != 1) {
          offA += i[d] * sa[da];
        }
        if (db >= 0 && c.b[db] != 1) {
          offB += i[d] * sb[db];
        }
      }
      double sum = 0;
      for (int64_t p = 0; p < k; ++p) {
        double av =
            c.ta ? x[offA + p * m + i[r - 2]] : x[offA + i[r - 2] * k + p];
        double bv =
            c.tb ? y[offB + i[r - 1] * k + p] : y[offB + p * n + i[r - 1]];
        sum += av * bv;
      }
      reference.push_back(sum);
    });
    expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4);
  }
  Machine machine;
  Tensor a = machine.alloc(DataType::F16, {2, 3});
  Tensor b = machine.alloc(DataType::F16, {4, 5});
  Tensor out = machine.alloc(DataType::F16, {2, 5});
  abi::ArgPacker bad;
  machine.in(bad, a);
  machine.in(bad, b);
  machine.out(bad, out);
  bad.addI32(0);
  bad.addI32(0);
  EXPECT_EQ(machine.run("matmul", bad),
            "matmul: a [2, 3] and b [4, 5] have different inner extents 3 "
            "and 4");
}

TEST(ConvKernelsTest, fullyConnected) {
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::F16, {3, 10});
  Tensor weights = machine.alloc(DataType::F16, {6, 10}, 0x21);
  Tensor bias = machine.alloc(DataType::F16, {6});
  Tensor out = machine.alloc(DataType::F16, {3, 6});
  std::vector<double> x = machine.fill(in, random, -1, 1);
  std::vector<double> w = machine.fill(weights, random, -1, 1);
  std::vector<double> b = machine.fill(bias, random, -1, 1);
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.in(packer, weights);
  machine.in(packer, bias);
  machine.out(packer, out);
  packer.addI32(static_cast<int32_t>(abi::ActivationOp::Relu));
  packer.addF32(0);
  packer.addF32(0);
  ASSERT_EQ(machine.run("fully_connected", packer), "");
  std::vector<double> reference;
  for (int64_t m = 0; m < 3; ++m) {
    for (int64_t n = 0; n < 6; ++n) {
      double sum = b[n];
      for (int64_t k = 0; k < 10; ++k) {
        sum += x[m * 10 + k] * w[n * 10 + k];
      }
      reference.push_back(std::max(sum, 0.0));
    }
  }
  expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4);
}

/// Pool output extent with IE's ceil rule.
int64_t poolExtent(int64_t in, int64_t k, int64_t s, int64_t p0, int64_t p1,
                   bool ceil) {
  int64_t span = in + p0 + p1 - k;
  int64_t out = (ceil ? (span + s - 1) / s : span / s) + 1;
  if (ceil && (out - 1) * s >= in + p0) {
    --out;
  }
  return out;
}

TEST(ConvKernelsTest, pools) {
  struct Case {
    int32_t kh, kw, sh, sw, pt, pl, pb, pr;
    bool ceil;
  } cases[] = {
      {2, 2, 2, 2, 0, 0, 0, 0, false},
      {3, 3, 2, 2, 1, 1, 1, 1, true},
      {3, 2, 2, 3, 0, 1, 2, 0, true},
      {7, 5, 1, 1, 0, 0, 0, 0, false},
  };
  const int64_t n = 2, c = 3, h = 7, w = 5;
  for (const Case &k : cases) {
    for (int kind = 0; kind < 3; ++kind) {
      bool isMax = kind == 0, exclude = kind == 2;
      Machine machine;
      Random random(kind);
      int64_t oh = poolExtent(h, k.kh, k.sh, k.pt, k.pb, k.ceil);
      int64_t ow = poolExtent(w, k.kw, k.sw, k.pl, k.pr, k.ceil);
      Tensor in = machine.alloc(DataType::F16, {n, c, h, w}, kNHWC);
      Tensor out = machine.alloc(DataType::F16, {n, c, oh, ow}, kNCHW, 1);
      std::vector<double> x = machine.fill(in, random, -4, 4);
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.out(packer, out);
      for (int32_t value : {k.kh, k.kw, k.sh, k.sw, k.pt, k.pl, k.pb, k.pr,
                            static_cast<int32_t>(k.ceil)}) {
        packer.addI32(value);
      }
      if (!isMax) {
        packer.addI32(exclude);
      }
      ASSERT_EQ(machine.run(isMax ? "max_pool" : "avg_pool", packer), "");
      std::vector<double> reference;
      forEachIndex({n, c, oh, ow}, [&](const std::vector<int64_t> &i) {
        int64_t y0 = i[2] * k.sh - k.pt, x0 = i[3] * k.sw - k.pl;
        double max = -INFINITY, sum = 0;
        int64_t valid = 0;
        for (int64_t y = y0; y < y0 + k.kh; ++y) {
          for (int64_t xx = x0; xx < x0 + k.kw; ++xx) {
            if (y < 0 || y >= h || xx < 0 || xx >= w) {
              continue;
            }
            double v = x[((i[0] * c + i[1]) * h + y) * w + xx];
            max = std::max(max, v);
            sum += v;
            ++valid;
          }
        }
        // Include-pad divisor: the window clipped to the padded input.
        int64_t rows = std::min(y0 + k.kh, h + k.pb) - y0;
        int64_t cols = std::min(x0 + k.kw, w + k.pr) - x0;
        reference.push_back(isMax     ? max
                            : exclude ? sum / valid
                                      : sum / (rows * cols));
      });
      expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-4,
                  "kind " + std::to_string(kind));
    }
  }
}

TEST(ConvKernelsTest, poolErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {1, 1, 4, 4});
  Tensor out = machine.alloc(DataType::F16, {1, 1, 2, 2});
  auto call = [&](const char *name, std::vector<int32_t> ints) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    for (int32_t value : ints) {
      packer.addI32(value);
    }
    return machine.run(name, packer);
  };
  EXPECT_EQ(call("max_pool", {2, 2, 2, 2, 0, 0, 0, 0, 0}), "");
  EXPECT_EQ(call("max_pool", {3, 3, 2, 2, 0, 0, 0, 0, 1}), "");
  EXPECT_EQ(call("max_pool", {3, 3, 2, 2, 0, 0, 0, 0, 0}),
            "max_pool: output has dims [1, 1, 2, 2], expected [1, 1, 1, 1]");
  EXPECT_EQ(call("max_pool", {2, 2, 2, 2, 2, 0, 0, 0, 0}),
            "max_pool: output has dims [1, 1, 2, 2], expected [1, 1, 3, 2]");
  EXPECT_EQ(call("max_pool", {1, 1, 3, 3, 1, 1, 0, 0, 0}),
            "max_pool: a window lies entirely in the padding");
  EXPECT_EQ(call("avg_pool", {2, 2, 2, 2, 0, 0, 0, 0, 0, 2}),
            "avg_pool: excludePad must be 0 or 1, got 2");
  EXPECT_EQ(call("avg_pool", {2, 2, 2, 2, 0, 0, 0, 0, 5, 0}),
            "avg_pool: unknown roundingType 5");
  EXPECT_EQ(call("max_pool", {9, 9, 1, 1, 0, 0, 0, 0, 0}),
            "max_pool: the kernel 9x9 does not fit the padded input [1, 1, "
            "4, 4]");
}

/// The ONNX Resize coordinate of output position o (the modes tested).
double resizeCoordinate(abi::InterpolateCoordMode mode, double o, double scale,
                        double in, double out) {
  switch (mode) {
  case abi::InterpolateCoordMode::HalfPixel:
    return (o + 0.5) / scale - 0.5;
  case abi::InterpolateCoordMode::AlignCorners:
    return out == 1 ? 0 : o * (in - 1) / (out - 1);
  case abi::InterpolateCoordMode::Asymmetric:
    return o / scale;
  default:
    return (o + 0.5) / scale;
  }
}

TEST(ConvKernelsTest, interpolateNearestAndLinear) {
  std::vector<int64_t> inDims = {1, 2, 3, 5};
  struct Case {
    abi::InterpolateMode mode;
    abi::InterpolateCoordMode coord;
    abi::InterpolateNearestMode nearest;
    bool byScales;
    std::vector<int64_t> outDims;
    std::vector<float> scales;
  } cases[] = {
      {abi::InterpolateMode::Linear,
       abi::InterpolateCoordMode::HalfPixel,
       abi::InterpolateNearestMode::RoundPreferFloor,
       false,
       {1, 2, 7, 4},
       {}},
      {abi::InterpolateMode::Linear,
       abi::InterpolateCoordMode::AlignCorners,
       abi::InterpolateNearestMode::RoundPreferFloor,
       false,
       {1, 2, 6, 9},
       {}},
      {abi::InterpolateMode::Nearest,
       abi::InterpolateCoordMode::Asymmetric,
       abi::InterpolateNearestMode::Floor,
       true,
       {1, 2, 6, 12},
       {1, 1, 2, 2.5f}},
      {abi::InterpolateMode::Nearest,
       abi::InterpolateCoordMode::HalfPixel,
       abi::InterpolateNearestMode::RoundPreferCeil,
       false,
       {1, 2, 5, 3},
       {}},
  };
  for (const Case &c : cases) {
    Machine machine;
    Random random;
    Tensor in = machine.alloc(DataType::F16, inDims, kNHWC);
    Tensor out = machine.alloc(DataType::F16, c.outDims, kNHWC, 1);
    std::vector<double> x = machine.fill(in, random, -4, 4);
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    for (int32_t value :
         {static_cast<int32_t>(c.mode), static_cast<int32_t>(c.coord),
          static_cast<int32_t>(c.nearest),
          static_cast<int32_t>(c.byScales ? 1 : 0), 0}) {
      packer.addI32(value);
    }
    packer.addF32(-0.75f);
    packer.addF32(0);
    for (int d = 0; d < 8; ++d) {
      packer.addF32(c.byScales && d < 4 ? c.scales[d] : 0.0f);
    }
    for (int d = 0; d < 16; ++d) {
      packer.addF32(0);
    }
    ASSERT_EQ(machine.run("interpolate", packer), "");
    // Direct (non-separable) reference: per output element, the product of
    // the per-dim taps.
    std::vector<double> reference;
    forEachIndex(c.outDims, [&](const std::vector<int64_t> &o) {
      std::vector<std::vector<std::pair<int64_t, double>>> taps(4);
      for (int d = 0; d < 4; ++d) {
        double in = static_cast<double>(inDims[d]);
        double outLen = static_cast<double>(c.outDims[d]);
        double scale = c.byScales ? double(c.scales[d]) : outLen / in;
        double resized = c.byScales ? in * scale : outLen;
        double xc = resizeCoordinate(c.coord, o[d], scale, in, resized);
        if (c.mode == abi::InterpolateMode::Nearest) {
          double fl = std::floor(xc);
          int64_t i =
              c.nearest == abi::InterpolateNearestMode::Floor
                  ? static_cast<int64_t>(fl)
                  : static_cast<int64_t>(xc - fl == 0.5 ? std::ceil(xc)
                                                        : std::round(xc));
          taps[d].push_back({std::clamp<int64_t>(i, 0, inDims[d] - 1), 1.0});
        } else {
          double clamped = std::clamp(xc, 0.0, in - 1);
          int64_t x0 = static_cast<int64_t>(std::floor(clamped));
          double t = clamped - x0;
          taps[d].push_back({x0, 1 - t});
          taps[d].push_back({std::min<int64_t>(x0 + 1, inDims[d] - 1), t});
        }
      }
      double sum = 0;
      for (auto [i0, w0] : taps[0]) {
        for (auto [i1, w1] : taps[1]) {
          for (auto [i2, w2] : taps[2]) {
            for (auto [i3, w3] : taps[3]) {
              sum +=
                  w0 * w1 * w2 * w3 *
                  x[((i0 * inDims[1] + i1) * inDims[2] + i2) * inDims[3] + i3];
            }
          }
        }
      }
      reference.push_back(sum);
    });
    expectClose(machine.read(out), reference, DataType::F16, 1.0, 1e-5);
  }
}

TEST(ConvKernelsTest, interpolateErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {1, 1, 2, 2});
  Tensor out = machine.alloc(DataType::F16, {1, 1, 4, 5});
  auto call = [&](int32_t calc, std::vector<float> scales, int32_t coord = 0,
                  float roi = 0) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    for (int32_t value : {1, coord, 0, calc, 0}) {
      packer.addI32(value);
    }
    packer.addF32(-0.75f);
    packer.addF32(0);
    for (int d = 0; d < 8; ++d) {
      packer.addF32(d < int(scales.size()) ? scales[d] : 0.0f);
    }
    for (int d = 0; d < 16; ++d) {
      packer.addF32(d == 0 ? roi : 0.0f);
    }
    return machine.run("interpolate", packer);
  };
  EXPECT_EQ(call(0, {}), "");
  EXPECT_EQ(call(1, {1, 1, 2, 2.5f}), "");
  EXPECT_EQ(call(1, {1, 1, 2, 2}),
            "interpolate: output dim 3 is 5 but 2 scaled by 2.000000 gives 4");
  EXPECT_EQ(call(0, {1, 1, 2, 2}),
            "interpolate: scales must be 0 when the sizes are given");
  EXPECT_EQ(call(1, {1, 1, -2, 2.5f}),
            "interpolate: scales[2] = -2.000000 must be finite and positive");
  EXPECT_EQ(call(0, {}, 0, 0.5f),
            "interpolate: roiStart and roiEnd must be 0 outside "
            "tf_crop_and_resize");
  EXPECT_EQ(call(0, {}, 6), "interpolate: unknown coordMode 6");
  EXPECT_EQ(call(0, {0, 0, 0, 0, 1}),
            "interpolate: scales[4] must be 0 for rank 4");
}

} // namespace
} // namespace mlir::vpuc::emu
