//===- QuantKernelsTest.cpp - quantization kernels ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantize and dequantize per tensor and per axis, with and without zero
// points, against double-precision references (round half to even,
// saturation to the storage range), and their errors; quantized_convolution
// bit for bit against integer loops; quantized_eltwise and quantized_avg_pool
// bit for bit against loops in the float32 arithmetic of a QDQ graph.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <string>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::expectClose;
using testing::forEachIndex;
using testing::kNCHW;
using testing::kNHWC;
using testing::Machine;
using testing::Random;
using testing::Tensor;

TEST(QuantKernelsTest, quantizePerTensorAndPerAxis) {
  std::vector<int64_t> dims = {2, 3, 4};
  for (bool perAxis : {false, true}) {
    for (DataType type : {DataType::U8, DataType::I8}) {
      Machine machine;
      Random random(perAxis);
      Tensor in = machine.alloc(DataType::F16, dims, 0x132);
      int64_t channels = perAxis ? 3 : 1;
      Tensor scale = machine.alloc(DataType::F32, {channels});
      Tensor zeroPoint = machine.alloc(type, {channels});
      Tensor out = machine.alloc(type, dims, 0, 1);
      std::vector<double> x = machine.fill(in, random, -3, 3);
      // Exact halves appear: x / scale with scale a power of two.
      std::vector<double> s = machine.write(
          scale, perAxis ? std::vector<double>{0.03125, 0.02, 0.05}
                         : std::vector<double>{0.025});
      double zpValue = type == DataType::U8 ? 128 : -3;
      std::vector<double> zp =
          machine.write(zeroPoint, std::vector<double>(channels, zpValue));
      int32_t qmin = type == DataType::U8 ? 0 : -127;
      int32_t qmax = type == DataType::U8 ? 255 : 127;
      abi::ArgPacker packer;
      machine.in(packer, in);
      machine.in(packer, scale);
      machine.in(packer, zeroPoint);
      machine.out(packer, out);
      packer.addI32(1);
      packer.addI32(qmin);
      packer.addI32(qmax);
      ASSERT_EQ(machine.run("quantize", packer), "");
      std::vector<double> reference;
      int64_t flat = 0;
      forEachIndex(dims, [&](const std::vector<int64_t> &index) {
        int64_t c = perAxis ? index[1] : 0;
        // FP32 division, as specified.
        double q = std::nearbyint(static_cast<float>(x[flat++]) /
                                  static_cast<float>(s[c])) +
                   zp[c];
        reference.push_back(std::clamp(q, double(qmin), double(qmax)));
      });
      EXPECT_EQ(machine.read(out), reference);
    }
  }
}

TEST(QuantKernelsTest, dequantize) {
  std::vector<int64_t> dims = {3, 5};
  for (bool withZeroPoint : {true, false}) {
    Machine machine;
    Random random;
    Tensor in = machine.alloc(DataType::U8, dims, 0x21);
    Tensor scale = machine.alloc(DataType::F16, {5});
    Tensor zeroPoint = machine.alloc(DataType::I32, {5});
    Tensor out = machine.alloc(DataType::F16, dims);
    std::vector<double> q = machine.fill(in, random, 0, 256);
    std::vector<double> s = machine.fill(scale, random, 0.01, 0.1);
    std::vector<double> zp = machine.fill(zeroPoint, random, 100, 150);
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, scale);
    machine.in(packer, withZeroPoint ? zeroPoint : machine.absent());
    machine.out(packer, out);
    packer.addI32(1);
    ASSERT_EQ(machine.run("dequantize", packer), "");
    std::vector<double> reference;
    for (int64_t i = 0; i < 15; ++i) {
      reference.push_back((q[i] - (withZeroPoint ? zp[i % 5] : 0)) * s[i % 5]);
    }
    expectClose(machine.read(out), reference, DataType::F16);
  }
}

TEST(QuantKernelsTest, errors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {2, 3});
  Tensor scale = machine.alloc(DataType::F32, {3});
  Tensor badScale = machine.alloc(DataType::F32, {2});
  Tensor out = machine.alloc(DataType::I8, {2, 3});
  Tensor floatOut = machine.alloc(DataType::F16, {2, 3});
  machine.write(scale, {0.1, 0.2, 0.3});
  machine.write(badScale, {0.1, 0.0});
  auto call = [&](const Tensor &s, const Tensor &o, int32_t axis, int32_t lo,
                  int32_t hi) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, s);
    machine.in(packer, machine.absent());
    machine.out(packer, o);
    packer.addI32(axis);
    packer.addI32(lo);
    packer.addI32(hi);
    return machine.run("quantize", packer);
  };
  EXPECT_EQ(call(scale, out, 1, -128, 127), "");
  EXPECT_EQ(call(scale, out, 0, -128, 127),
            "quantize: dim 0 has size 2 but there are 3 scales");
  EXPECT_EQ(call(badScale, out, 0, -128, 127),
            "quantize: scale 0.000000 must be finite and positive");
  EXPECT_EQ(call(scale, out, 1, 0, 255),
            "quantize: range [0, 255] does not fit i8");
  EXPECT_EQ(call(scale, floatOut, 1, 0, 255),
            "quantize: output of type f16 is not supported (expected an "
            "integer type of 8 to 64 bits)");
  EXPECT_EQ(call(scale, out, 2, -128, 127),
            "quantize: axis 2 out of range for rank 2");
}

/// quantized_convolution against integer loops: acc = sum (x - zx) * (w -
/// zw[oc]) + bias[oc] exactly, y = acc * scale[oc] in float, the post-op, q =
/// clamp(round_half_even(y / outputScale) + zy).
struct QuantConvCase {
  int64_t c, h, w, oc, kh, kw;
  int32_t sh, sw, pt, pl, pb, pr, groups;
  bool bias;
  DataType inType, filterType, outType;
  int32_t postOp;
  float alpha, beta;
  uint64_t inOrder;
};

void checkQuantizedConvolution(const QuantConvCase &k) {
  Machine machine;
  Random random(static_cast<uint32_t>(k.c * 7 + k.oc));
  const int64_t oh = (k.h + k.pt + k.pb - k.kh) / k.sh + 1;
  const int64_t ow = (k.w + k.pl + k.pr - k.kw) / k.sw + 1;
  const int64_t cg = k.c / k.groups, og = k.oc / k.groups;
  auto range = [](DataType type) {
    return type == DataType::U8 ? std::pair<double, double>{0, 255}
                                : std::pair<double, double>{-128, 127};
  };
  Tensor in = machine.alloc(k.inType, {1, k.c, k.h, k.w}, k.inOrder);
  Tensor filter = machine.alloc(k.filterType, {k.oc, cg, k.kh, k.kw});
  Tensor bias =
      k.bias ? machine.alloc(DataType::I32, {k.oc}) : machine.absent();
  Tensor scale = machine.alloc(DataType::F32, {k.oc});
  Tensor filterZero = machine.alloc(DataType::I32, {k.oc});
  Tensor out = machine.alloc(k.outType, {1, k.oc, oh, ow}, k.inOrder);
  auto [inLo, inHi] = range(k.inType);
  auto [fLo, fHi] = range(k.filterType);
  auto [qmin, qmax] = range(k.outType);
  std::vector<double> x = machine.fill(in, random, inLo, inHi + 1);
  std::vector<double> f = machine.fill(filter, random, fLo, fHi + 1);
  std::vector<double> b =
      k.bias ? machine.fill(bias, random, -3000, 3000) : std::vector<double>();
  std::vector<double> s = machine.fill(scale, random, 1e-4, 4e-3);
  std::vector<double> zw = machine.fill(filterZero, random, fLo / 8, fHi / 8);
  const int32_t zx = static_cast<int32_t>((inLo + inHi) / 2) + 3;
  const int32_t zy = static_cast<int32_t>(qmin) + 7;
  const float outputScale = 0.05f;
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.in(packer, filter);
  machine.in(packer, bias);
  machine.in(packer, scale);
  machine.in(packer, filterZero);
  machine.out(packer, out);
  for (int32_t value :
       {k.sh, k.sw, k.pt, k.pl, k.pb, k.pr, 1, 1, k.groups, zx, zy,
        static_cast<int32_t>(qmin), static_cast<int32_t>(qmax)}) {
    packer.addI32(value);
  }
  packer.addF32(outputScale);
  packer.addI32(k.postOp);
  packer.addF32(k.alpha);
  packer.addF32(k.beta);
  ASSERT_EQ(machine.run("quantized_convolution", packer), "");
  std::vector<double> reference;
  forEachIndex({1, k.oc, oh, ow}, [&](const std::vector<int64_t> &i) {
    const int64_t oc = i[1], g = oc / og;
    int64_t acc = k.bias ? static_cast<int64_t>(b[oc]) : 0;
    for (int64_t ic = 0; ic < cg; ++ic) {
      for (int64_t ky = 0; ky < k.kh; ++ky) {
        for (int64_t kx = 0; kx < k.kw; ++kx) {
          const int64_t y = i[2] * k.sh + ky - k.pt;
          const int64_t xx = i[3] * k.sw + kx - k.pl;
          if (y < 0 || y >= k.h || xx < 0 || xx >= k.w) {
            continue;
          }
          acc +=
              (static_cast<int64_t>(x[((g * cg + ic) * k.h + y) * k.w + xx]) -
               zx) *
              (static_cast<int64_t>(
                   f[((oc * cg + ic) * k.kh + ky) * k.kw + kx]) -
               static_cast<int64_t>(zw[oc]));
        }
      }
    }
    float real =
        static_cast<float>(static_cast<double>(acc) *
                           static_cast<double>(static_cast<float>(s[oc])));
    if (k.postOp == static_cast<int32_t>(abi::ActivationOp::Relu)) {
      real = std::max(real, 0.0f);
    } else if (k.postOp == static_cast<int32_t>(abi::ActivationOp::Clamp)) {
      real = std::min(std::max(real, k.alpha), k.beta);
    } else if (k.postOp == static_cast<int32_t>(abi::ActivationOp::LeakyRelu)) {
      real = real >= 0.0f ? real : k.alpha * real;
    }
    const double q = std::nearbyint(static_cast<double>(real) /
                                    static_cast<double>(outputScale)) +
                     zy;
    reference.push_back(std::clamp(q, qmin, qmax));
  });
  EXPECT_EQ(machine.read(out), reference);
}

TEST(QuantKernelsTest, quantizedConvolution) {
  const int32_t none = abi::kNoPostOp;
  const int32_t relu = static_cast<int32_t>(abi::ActivationOp::Relu);
  const int32_t clamp = static_cast<int32_t>(abi::ActivationOp::Clamp);
  const int32_t leaky = static_cast<int32_t>(abi::ActivationOp::LeakyRelu);
  const DataType u8 = DataType::U8, i8 = DataType::I8;
  QuantConvCase cases[] = {
      // 3x3, stride 2, asymmetric pads, u8 x i8 -> u8, bias, NCHW.
      {5, 9, 8,    6,  3,  3,  2,    2, 1, 0,    1,
       2, 1, true, u8, i8, u8, none, 0, 0, kNCHW},
      // Depthwise, NHWC, i8 x i8 -> i8, Clamp (ReLU6).
      {6, 7, 7,    6,  3,  3,  1,     1, 1, 1,    1,
       1, 6, true, i8, i8, i8, clamp, 0, 6, kNHWC},
      // 1x1 grouped, no bias, u8 weights, ReLU.
      {8, 4, 5,     4,  1,  1,  1,    1, 0, 0,    0,
       0, 2, false, u8, u8, u8, relu, 0, 0, kNCHW},
      // LeakyRelu into an i8 output.
      {3, 5, 5,    2,  2,  2,  1,     1,    0, 0,    1,
       1, 1, true, u8, i8, i8, leaky, 0.1f, 0, kNHWC},
  };
  for (const QuantConvCase &k : cases) {
    SCOPED_TRACE("a case with " + std::to_string(k.c) + " input channels");
    checkQuantizedConvolution(k);
  }
}

/// quantized_eltwise against plain loops written as ONNX Runtime's
/// unoptimised QDQ graph computes: DequantizeLinear in f32 ((float)(q - z) *
/// s), the float op in f32, the activation, QuantizeLinear in f32 (y / s
/// rounded half to even, plus z, saturated).
struct QuantEltwiseCase {
  std::vector<int64_t> dims1, dims2, outDims;
  uint64_t order1, order2, outOrder;
  DataType type1, type2, outType;
  abi::QuantizedEltwiseOp op;
  int32_t postOp;
  float alpha, beta;
};

/// The storage range of an 8-bit type.
std::pair<double, double> storageRange(DataType type) {
  return type == DataType::U8 ? std::pair<double, double>{0, 255}
                              : std::pair<double, double>{-128, 127};
}

/// The row-major index into a tensor of `dims` of the element that output
/// index `index` (of rank >= dims' rank) reads under NumPy broadcasting.
int64_t broadcastIndex(const std::vector<int64_t> &dims,
                       const std::vector<int64_t> &index) {
  const size_t offset = index.size() - dims.size();
  int64_t flat = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    flat = flat * dims[d] + (dims[d] == 1 ? 0 : index[offset + d]);
  }
  return flat;
}

void checkQuantizedEltwise(const QuantEltwiseCase &k, bool exhaustive) {
  Machine machine;
  Random random(static_cast<uint32_t>(k.dims1.size() * 31 + k.outDims.back()));
  Tensor in1 = machine.alloc(k.type1, k.dims1, k.order1);
  Tensor in2 = machine.alloc(k.type2, k.dims2, k.order2);
  Tensor out = machine.alloc(k.outType, k.outDims, k.outOrder);
  auto [lo1, hi1] = storageRange(k.type1);
  auto [lo2, hi2] = storageRange(k.type2);
  auto [qmin, qmax] = storageRange(k.outType);
  std::vector<double> x, y;
  if (exhaustive) {
    // Every pair of storage values: in1 [256, 1], in2 [256].
    std::vector<double> values1, values2;
    for (int v = 0; v < 256; ++v) {
      values1.push_back(lo1 + v);
      values2.push_back(lo2 + v);
    }
    x = machine.write(in1, values1);
    y = machine.write(in2, values2);
  } else {
    x = machine.fill(in1, random, lo1, hi1 + 1);
    y = machine.fill(in2, random, lo2, hi2 + 1);
  }
  // Scales as ONNX stores them (f32); zero points anywhere in the range.
  const float scale1 = 0.0467456095f, scale2 = 0.0199986845f;
  const float outputScale =
      k.op == abi::QuantizedEltwiseOp::Add ? 0.0443348661f : 0.0290682372f;
  const int32_t zero1 = static_cast<int32_t>(lo1) + 127;
  const int32_t zero2 = static_cast<int32_t>(lo2) + 3;
  const int32_t outZero = static_cast<int32_t>(qmin) + 9;
  abi::ArgPacker packer;
  machine.in(packer, in1);
  machine.in(packer, in2);
  machine.out(packer, out);
  packer.addI32(static_cast<int32_t>(k.op));
  packer.addF32(scale1);
  packer.addI32(zero1);
  packer.addF32(scale2);
  packer.addI32(zero2);
  packer.addF32(outputScale);
  packer.addI32(outZero);
  packer.addI32(static_cast<int32_t>(qmin));
  packer.addI32(static_cast<int32_t>(qmax));
  packer.addI32(k.postOp);
  packer.addF32(k.alpha);
  packer.addF32(k.beta);
  ASSERT_EQ(machine.run("quantized_eltwise", packer), "");
  std::vector<double> reference;
  forEachIndex(k.outDims, [&](const std::vector<int64_t> &index) {
    const float a =
        static_cast<float>(
            static_cast<int32_t>(x[broadcastIndex(k.dims1, index)]) - zero1) *
        scale1;
    const float b =
        static_cast<float>(
            static_cast<int32_t>(y[broadcastIndex(k.dims2, index)]) - zero2) *
        scale2;
    float real = k.op == abi::QuantizedEltwiseOp::Add ? a + b : a * b;
    if (k.postOp == static_cast<int32_t>(abi::ActivationOp::Relu)) {
      real = std::max(real, 0.0f);
    } else if (k.postOp == static_cast<int32_t>(abi::ActivationOp::Clamp)) {
      real = std::min(std::max(real, k.alpha), k.beta);
    } else if (k.postOp == static_cast<int32_t>(abi::ActivationOp::LeakyRelu)) {
      real = real >= 0.0f ? real : k.alpha * real;
    }
    const float q =
        std::nearbyint(real / outputScale) + static_cast<float>(outZero);
    reference.push_back(std::clamp(static_cast<double>(q), qmin, qmax));
  });
  EXPECT_EQ(machine.read(out), reference);
}

TEST(QuantKernelsTest, quantizedEltwise) {
  const int32_t none = abi::kNoPostOp;
  const int32_t relu = static_cast<int32_t>(abi::ActivationOp::Relu);
  const int32_t clamp = static_cast<int32_t>(abi::ActivationOp::Clamp);
  const int32_t leaky = static_cast<int32_t>(abi::ActivationOp::LeakyRelu);
  const DataType u8 = DataType::U8, i8 = DataType::I8;
  const auto add = abi::QuantizedEltwiseOp::Add;
  const auto multiply = abi::QuantizedEltwiseOp::Multiply;
  // Every pair of storage values, with rounding ties and saturation.
  for (auto op : {add, multiply}) {
    for (int32_t postOp : {none, relu}) {
      SCOPED_TRACE("every pair, op " + std::to_string(static_cast<int>(op)) +
                   ", post-op " + std::to_string(postOp));
      checkQuantizedEltwise({{256, 1},
                             {256},
                             {256, 256},
                             0,
                             0,
                             0,
                             u8,
                             i8,
                             u8,
                             op,
                             postOp,
                             0.0f,
                             0.0f},
                            /*exhaustive=*/true);
    }
  }
  QuantEltwiseCase cases[] = {
      // The residual Add + ReLU of a QDQ ResNet: same shapes, NHWC.
      {{1, 16, 5, 7},
       {1, 16, 5, 7},
       {1, 16, 5, 7},
       kNHWC,
       kNHWC,
       kNHWC,
       u8,
       u8,
       u8,
       add,
       relu,
       0.0f,
       0.0f},
      // Mixed layouts, i8 operands, a Clamp into an i8 output.
      {{1, 8, 4, 6},
       {1, 8, 4, 6},
       {1, 8, 4, 6},
       0,
       kNHWC,
       kNHWC,
       i8,
       i8,
       i8,
       add,
       clamp,
       -2.0f,
       3.0f},
      // A per-channel operand broadcast over H and W; LeakyRelu.
      {{1, 6, 3, 5},
       {1, 6, 1, 1},
       {1, 6, 3, 5},
       kNHWC,
       0,
       kNHWC,
       u8,
       i8,
       u8,
       multiply,
       leaky,
       0.25f,
       0.0f},
      // Both operands broadcast, different ranks.
      {{2, 1, 4},
       {3, 1},
       {2, 3, 4},
       0,
       0,
       0,
       i8,
       u8,
       u8,
       add,
       none,
       0.0f,
       0.0f},
  };
  for (const QuantEltwiseCase &k : cases) {
    SCOPED_TRACE("a case with output rank " + std::to_string(k.outDims.size()));
    checkQuantizedEltwise(k, /*exhaustive=*/false);
  }
}

TEST(QuantKernelsTest, quantizedEltwiseInPlaceAndErrors) {
  Machine machine;
  Random random;
  Tensor a = machine.alloc(DataType::U8, {2, 3});
  Tensor b = machine.alloc(DataType::U8, {2, 3});
  Tensor wide = machine.alloc(DataType::U8, {2, 4});
  Tensor floats = machine.alloc(DataType::F16, {2, 3});
  Tensor i8 = machine.alloc(DataType::I8, {2, 3});
  std::vector<double> x = machine.fill(a, random, 0, 256);
  std::vector<double> y = machine.fill(b, random, 0, 256);
  auto call = [&](const Tensor &in1, const Tensor &in2, const Tensor &out,
                  int32_t op, float scale, int32_t qmin, int32_t qmax,
                  int32_t postOp = abi::kNoPostOp) {
    abi::ArgPacker packer;
    machine.in(packer, in1);
    machine.in(packer, in2);
    machine.out(packer, out);
    packer.addI32(op);
    packer.addF32(0.5f);
    packer.addI32(10);
    packer.addF32(0.25f);
    packer.addI32(0);
    packer.addF32(scale);
    packer.addI32(3);
    packer.addI32(qmin);
    packer.addI32(qmax);
    packer.addI32(postOp);
    packer.addF32(0.0f);
    packer.addF32(0.0f);
    return machine.run("quantized_eltwise", packer);
  };
  // In place: the output is the first input, element for element.
  ASSERT_EQ(call(a, b, a, 0, 0.75f, 0, 255), "");
  std::vector<double> expected;
  for (size_t i = 0; i < x.size(); ++i) {
    const float real =
        static_cast<float>(x[i] - 10) * 0.5f + static_cast<float>(y[i]) * 0.25f;
    expected.push_back(
        std::clamp(std::nearbyint(real / 0.75f) + 3.0f, 0.0f, 255.0f));
  }
  EXPECT_EQ(machine.read(a), expected);
  EXPECT_EQ(call(a, b, i8, 2, 0.75f, -128, 127),
            "quantized_eltwise: op 2 is not a QuantizedEltwiseOp");
  EXPECT_EQ(call(a, b, i8, 0, 0.0f, -128, 127),
            "quantized_eltwise: outputScale must be finite and positive");
  EXPECT_EQ(call(a, b, i8, 0, 0.75f, 0, 255),
            "quantized_eltwise: range [0, 255] does not fit i8");
  EXPECT_EQ(call(a, floats, i8, 0, 0.75f, -128, 127),
            "quantized_eltwise: input 1 of type f16 is not supported (expected "
            "an integer type of 8 to 64 bits)");
  EXPECT_EQ(call(a, b, i8, 0, 0.75f, -128, 127, 99),
            "quantized_eltwise: unknown postOp 99");
  EXPECT_NE(call(a, wide, i8, 0, 0.75f, -128, 127), "");
}

/// The window of a pool: kernel, strides, pads (top, left, bottom, right),
/// rounding type and divisor.
struct PoolWindow {
  int32_t kh, kw, sh, sw, pt, pl, pb, pr;
  bool ceil, excludePad;
};

/// One side of a quantized pool: storage type, scale, zero point, layout.
struct PoolSide {
  DataType type;
  float scale;
  int32_t zeroPoint;
  uint64_t order;
};

/// The output extent of one pooled dim: floor or ceil of the padded span over
/// the stride, plus one, less a ceil-mode window that would start beyond the
/// input and its begin padding.
int64_t pooledExtent(int64_t in, int64_t kernel, int64_t stride,
                     int64_t padBegin, int64_t padEnd, bool ceil) {
  const int64_t span = in + padBegin + padEnd - kernel;
  int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
  if (ceil && (out - 1) * stride >= in + padBegin) {
    --out;
  }
  return out;
}

/// quantized_avg_pool of an input of `dims` [N, C, H, W] against plain loops
/// in the float32 arithmetic of a QDQ graph: DequantizeLinear in f32 ((float)
/// (q - z) * s), AveragePool in f32 (the window's input values summed row by
/// row, divided by their number or, counting padding, by the window clipped
/// to the padded input), the activation, QuantizeLinear in f32 (y / s rounded
/// half to even, plus z, saturated to the output type).
void checkQuantizedAvgPool(const char *what, const std::vector<int64_t> &dims,
                           const PoolWindow &k, const PoolSide &inSide,
                           const PoolSide &outSide,
                           int32_t postOp = abi::kNoPostOp) {
  SCOPED_TRACE(what);
  Machine machine;
  Random random(static_cast<uint32_t>(dims[2] * 13 + k.kh * 5 + k.pt));
  const int64_t n = dims[0], c = dims[1], h = dims[2], w = dims[3];
  const int64_t oh = pooledExtent(h, k.kh, k.sh, k.pt, k.pb, k.ceil);
  const int64_t ow = pooledExtent(w, k.kw, k.sw, k.pl, k.pr, k.ceil);
  Tensor in = machine.alloc(inSide.type, dims, inSide.order);
  Tensor out = machine.alloc(outSide.type, {n, c, oh, ow}, outSide.order);
  auto [lo, hi] = storageRange(inSide.type);
  auto [qmin, qmax] = storageRange(outSide.type);
  const std::vector<double> x = machine.fill(in, random, lo, hi + 1);
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  for (int32_t value :
       {k.kh, k.kw, k.sh, k.sw, k.pt, k.pl, k.pb, k.pr,
        static_cast<int32_t>(k.ceil), static_cast<int32_t>(k.excludePad)}) {
    packer.addI32(value);
  }
  packer.addF32(inSide.scale);
  packer.addI32(inSide.zeroPoint);
  packer.addF32(outSide.scale);
  packer.addI32(outSide.zeroPoint);
  packer.addI32(static_cast<int32_t>(qmin));
  packer.addI32(static_cast<int32_t>(qmax));
  packer.addI32(postOp);
  packer.addF32(0.0f);
  packer.addF32(0.0f);
  ASSERT_EQ(machine.run("quantized_avg_pool", packer), "");
  std::vector<double> reference;
  forEachIndex({n, c, oh, ow}, [&](const std::vector<int64_t> &i) {
    const double *plane = x.data() + (i[0] * c + i[1]) * h * w;
    const int64_t ys = i[2] * k.sh - k.pt, xs = i[3] * k.sw - k.pl;
    float sum = 0.0f;
    int64_t covered = 0;
    for (int64_t y = ys; y < ys + k.kh; ++y) {
      for (int64_t xx = xs; xx < xs + k.kw; ++xx) {
        if (y < 0 || y >= h || xx < 0 || xx >= w) {
          continue;
        }
        const float real =
            static_cast<float>(static_cast<int32_t>(plane[y * w + xx]) -
                               inSide.zeroPoint) *
            inSide.scale;
        sum += real;
        ++covered;
      }
    }
    const int64_t padded = (std::min<int64_t>(ys + k.kh, h + k.pb) - ys) *
                           (std::min<int64_t>(xs + k.kw, w + k.pr) - xs);
    float mean = sum / static_cast<float>(k.excludePad ? covered : padded);
    if (postOp == static_cast<int32_t>(abi::ActivationOp::Relu)) {
      mean = std::max(mean, 0.0f);
    }
    const float q = std::nearbyint(mean / outSide.scale) +
                    static_cast<float>(outSide.zeroPoint);
    reference.push_back(std::clamp(static_cast<double>(q), qmin, qmax));
  });
  EXPECT_EQ(machine.read(out), reference);
}

TEST(QuantKernelsTest, quantizedAvgPool) {
  const DataType u8 = DataType::U8, i8 = DataType::I8;
  const float u8Scale = 0.0235294122f;
  checkQuantizedAvgPool("a global pool over 56x56, u8 with zero point 128",
                        {1, 16, 56, 56}, {56, 56, 1, 1, 0, 0, 0, 0},
                        {u8, u8Scale, 128, kNHWC},
                        {u8, 0.00392156886f, 128, kNHWC});
  for (bool excludePad : {false, true}) {
    checkQuantizedAvgPool(
        excludePad ? "3x3 stride 2, pads 1, padding excluded"
                   : "3x3 stride 2, pads 1, padding counted",
        {2, 5, 9, 10}, {3, 3, 2, 2, 1, 1, 1, 1, false, excludePad},
        {u8, u8Scale, 128, kNCHW}, {u8, 0.0117647061f, 120, kNHWC});
    // The last window row and column reach beyond the input (and the pads).
    checkQuantizedAvgPool("ceil rounding", {1, 4, 8, 8},
                          {3, 3, 2, 2, 0, 0, 0, 0, true, excludePad},
                          {u8, 0.0196078438f, 100, kNHWC},
                          {u8, 0.0196078438f, 100, kNHWC});
    // A fourth window column would start in the right pad: it is dropped.
    checkQuantizedAvgPool("ceil rounding with pads", {1, 4, 7, 8},
                          {3, 2, 2, 3, 1, 1, 1, 1, true, excludePad},
                          {u8, 0.0196078438f, 100, kNCHW},
                          {u8, 0.0196078438f, 100, kNCHW});
  }
  checkQuantizedAvgPool("i8 in, u8 out of another scale", {1, 6, 7, 7},
                        {3, 3, 1, 1, 1, 1, 1, 1, false, true},
                        {i8, 0.0467456095f, -3, kNCHW},
                        {u8, 0.0290682372f, 90, kNHWC});
  checkQuantizedAvgPool(
      "a ReLU post-op", {1, 8, 6, 6}, {2, 2, 2, 2, 0, 0, 0, 0, false, false},
      {u8, u8Scale, 128, kNHWC}, {u8, 0.0117647061f, 0, kNHWC},
      static_cast<int32_t>(abi::ActivationOp::Relu));
  // Power-of-two scales make exact halves: ties round to even.
  checkQuantizedAvgPool("rounding ties", {1, 8, 6, 8},
                        {2, 2, 2, 2, 0, 0, 0, 0, false, false},
                        {i8, 0.125f, 0, kNCHW}, {i8, 0.125f, 0, kNCHW});
}

TEST(QuantKernelsTest, quantizedAvgPoolErrors) {
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::U8, {1, 2, 4, 4});
  Tensor floats = machine.alloc(DataType::F16, {1, 2, 4, 4});
  Tensor out = machine.alloc(DataType::I8, {1, 2, 2, 2});
  Tensor out3 = machine.alloc(DataType::I8, {1, 2, 3, 3});
  machine.fill(in, random, 0, 256);
  auto call = [&](const Tensor &x, const Tensor &y, float inScale,
                  float outScale, int32_t qmin, int32_t qmax,
                  int32_t padEnd = 0, int32_t excludePad = 0,
                  int32_t postOp = abi::kNoPostOp) {
    abi::ArgPacker packer;
    machine.in(packer, x);
    machine.out(packer, y);
    for (int32_t value : {2, 2, 2, 2, 0, 0, padEnd, padEnd, 0, excludePad}) {
      packer.addI32(value);
    }
    packer.addF32(inScale);
    packer.addI32(128);
    packer.addF32(outScale);
    packer.addI32(0);
    packer.addI32(qmin);
    packer.addI32(qmax);
    packer.addI32(postOp);
    packer.addF32(0.0f);
    packer.addF32(0.0f);
    return machine.run("quantized_avg_pool", packer);
  };
  EXPECT_EQ(call(in, out, 0.5f, 0.25f, -128, 127), "");
  EXPECT_EQ(call(floats, out, 0.5f, 0.25f, -128, 127),
            "quantized_avg_pool: input of type f16 is not supported (expected "
            "an integer type of 8 to 64 bits)");
  EXPECT_EQ(call(in, out, 0.0f, 0.25f, -128, 127),
            "quantized_avg_pool: inputScale must be finite and positive");
  EXPECT_EQ(call(in, out, 0.5f, -0.25f, -128, 127),
            "quantized_avg_pool: outputScale must be finite and positive");
  EXPECT_EQ(call(in, out, 0.5f, INFINITY, -128, 127),
            "quantized_avg_pool: outputScale must be finite and positive");
  EXPECT_EQ(call(in, out, 0.5f, 0.25f, 0, 255),
            "quantized_avg_pool: range [0, 255] does not fit i8");
  // Bottom and right pads of 2 give a third row and column of windows that
  // cover only padding.
  EXPECT_EQ(call(in, out3, 0.5f, 0.25f, -128, 127, 2),
            "quantized_avg_pool: a window lies entirely in the padding");
  EXPECT_EQ(call(in, out, 0.5f, 0.25f, -128, 127, 0, 2),
            "quantized_avg_pool: excludePad must be 0 or 1, got 2");
  EXPECT_EQ(call(in, out, 0.5f, 0.25f, -128, 127, 0, 0, 99),
            "quantized_avg_pool: unknown postOp 99");
  EXPECT_EQ(call(in, out3, 0.5f, 0.25f, -128, 127),
            "quantized_avg_pool: output has dims [1, 2, 3, 3], expected [1, "
            "2, 2, 2]");
  EXPECT_EQ(call(in, in, 0.5f, 0.25f, 0, 255),
            "quantized_avg_pool: the output overlaps the input");
}

} // namespace
} // namespace mlir::vpuc::emu
