//===- ActivationKernelsTest.cpp - activation, relu, clamp ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Every abi::ActivationOp through the `activation` kernel against a double
// precision reference on random f16 data (and f32, bf16, mixed types, NHWC and
// padded layouts, in place), the fixed forms relu and clamp, and the errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>

#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::ActivationOp;
using abi::DataType;
using testing::expectClose;
using ::testing::HasSubstr;
using testing::Machine;
using testing::Random;
using testing::Tensor;

/// One op, its parameters, the input range and the double reference.
struct OpCase {
  ActivationOp op;
  float alpha;
  float beta;
  double lo;
  double hi;
  std::function<double(double)> reference;
};

double softPlus(double x) { return std::log1p(std::exp(x)); }

std::vector<OpCase> getCases() {
  const double pi = 3.14159265358979323846;
  return {
      {ActivationOp::Relu, 0, 0, -4, 4, [](double x) { return x < 0 ? 0 : x; }},
      {ActivationOp::Clamp, -1.5f, 2.0f, -4, 4,
       [](double x) { return std::min(std::max(x, -1.5), 2.0); }},
      {ActivationOp::Sigmoid, 0, 0, -8, 8,
       [](double x) { return 1 / (1 + std::exp(-x)); }},
      {ActivationOp::Tanh, 0, 0, -4, 4, [](double x) { return std::tanh(x); }},
      {ActivationOp::Elu, 0.7f, 0, -4, 4,
       [](double x) { return x > 0 ? x : 0.7f * std::expm1(x); }},
      {ActivationOp::Erf, 0, 0, -3, 3, [](double x) { return std::erf(x); }},
      {ActivationOp::Gelu, 0, 0, -4, 4,
       [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }},
      {ActivationOp::GeluTanh, 0, 0, -4, 4,
       [pi](double x) {
         return 0.5 * x *
                (1 + std::tanh(std::sqrt(2 / pi) * (x + 0.044715 * x * x * x)));
       }},
      {ActivationOp::Exp, 0, 0, -6, 6, [](double x) { return std::exp(x); }},
      {ActivationOp::Log, 0, 0, 0.01, 50, [](double x) { return std::log(x); }},
      {ActivationOp::Sqrt, 0, 0, 0, 50, [](double x) { return std::sqrt(x); }},
      {ActivationOp::Abs, 0, 0, -4, 4, [](double x) { return std::fabs(x); }},
      {ActivationOp::Floor, 0, 0, -40, 40,
       [](double x) { return std::floor(x); }},
      {ActivationOp::Ceil, 0, 0, -40, 40,
       [](double x) { return std::ceil(x); }},
      {ActivationOp::RoundHalfToEven, 0, 0, -40, 40,
       [](double x) { return std::nearbyint(x); }},
      {ActivationOp::RoundHalfAwayFromZero, 0, 0, -40, 40,
       [](double x) { return std::round(x); }},
      {ActivationOp::HSwish, 0, 0, -5, 5,
       [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; }},
      {ActivationOp::HSigmoid, 0, 0, -5, 5,
       [](double x) { return std::min(std::max(x + 3, 0.0), 6.0) / 6; }},
      {ActivationOp::Swish, 1.5f, 0, -6, 6,
       [](double x) { return x / (1 + std::exp(-1.5 * x)); }},
      {ActivationOp::Mish, 0, 0, -6, 6,
       [](double x) { return x * std::tanh(softPlus(x)); }},
      {ActivationOp::SoftPlus, 0, 0, -10, 10, softPlus},
      {ActivationOp::LeakyRelu, 0.1f, 0, -4, 4,
       [](double x) { return x >= 0 ? x : double(0.1f) * x; }},
      {ActivationOp::Negative, 0, 0, -4, 4, [](double x) { return -x; }},
      {ActivationOp::LogicalNot, 0, 0, -1.5, 1.5,
       [](double x) { return x != 0 ? 0 : 1; }},
      {ActivationOp::Sign, 0, 0, -2, 2,
       [](double x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }},
      {ActivationOp::HardSigmoid, 0.2f, 0.5f, -5, 5,
       [](double x) {
         return std::min(std::max(double(0.2f) * x + 0.5, 0.0), 1.0);
       }},
      {ActivationOp::Selu, 1.67326f, 1.0507f, -4, 4,
       [](double x) {
         return double(1.0507f) *
                (x > 0 ? x : double(1.67326f) * std::expm1(x));
       }},
      {ActivationOp::Reciprocal, 0, 0, 0.5, 8, [](double x) { return 1 / x; }},
      {ActivationOp::Sin, 0, 0, -7, 7, [](double x) { return std::sin(x); }},
      {ActivationOp::Cos, 0, 0, -7, 7, [](double x) { return std::cos(x); }},
      {ActivationOp::Tan, 0, 0, -1.4, 1.4,
       [](double x) { return std::tan(x); }},
      {ActivationOp::Asin, 0, 0, -1, 1, [](double x) { return std::asin(x); }},
      {ActivationOp::Acos, 0, 0, -1, 1, [](double x) { return std::acos(x); }},
      {ActivationOp::Atan, 0, 0, -10, 10,
       [](double x) { return std::atan(x); }},
      {ActivationOp::Sinh, 0, 0, -5, 5, [](double x) { return std::sinh(x); }},
      {ActivationOp::Cosh, 0, 0, -5, 5, [](double x) { return std::cosh(x); }},
      {ActivationOp::Asinh, 0, 0, -10, 10,
       [](double x) { return std::asinh(x); }},
      {ActivationOp::Acosh, 0, 0, 1, 10,
       [](double x) { return std::acosh(x); }},
      {ActivationOp::Atanh, 0, 0, -0.99, 0.99,
       [](double x) { return std::atanh(x); }},
  };
}

/// Runs `activation` with `c` from `inType` to `outType`, the input in
/// `order` with `padding`, and compares with the reference.
void checkOp(const OpCase &c, DataType inType, DataType outType,
             uint64_t order = 0, int64_t padding = 0) {
  Machine machine;
  Random random(static_cast<uint32_t>(c.op) + 7);
  Tensor in = machine.alloc(inType, {2, 3, 4, 5}, order, padding);
  Tensor out = machine.alloc(outType, {2, 3, 4, 5});
  std::vector<double> x = machine.fill(in, random, c.lo, c.hi);
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  packer.addI32(static_cast<int32_t>(c.op));
  packer.addF32(c.alpha);
  packer.addF32(c.beta);
  ASSERT_EQ(machine.run("activation", packer), "");
  std::vector<double> reference;
  for (double value : x) {
    reference.push_back(c.reference(value));
  }
  // FP32 math: a few f32 ulps before rounding to the output type.
  expectClose(machine.read(out), reference, outType, 1.0, 1e-6,
              "op " + std::to_string(static_cast<int>(c.op)));
}

TEST(ActivationKernelsTest, everyOpOnF16) {
  ASSERT_EQ(getCases().size(), size_t(abi::kMaxActivationOp + 1));
  for (const OpCase &c : getCases()) {
    checkOp(c, DataType::F16, DataType::F16);
  }
}

TEST(ActivationKernelsTest, everyOpOnF32) {
  for (const OpCase &c : getCases()) {
    // 4 f32 ulps: the FP32 library functions are not correctly rounded.
    Machine machine;
    Random random(99);
    Tensor in = machine.alloc(DataType::F32, {37});
    Tensor out = machine.alloc(DataType::F32, {37});
    std::vector<double> x = machine.fill(in, random, c.lo, c.hi);
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    packer.addI32(static_cast<int32_t>(c.op));
    packer.addF32(c.alpha);
    packer.addF32(c.beta);
    ASSERT_EQ(machine.run("activation", packer), "");
    std::vector<double> reference;
    for (double value : x) {
      reference.push_back(c.reference(value));
    }
    expectClose(machine.read(out), reference, DataType::F32, 8.0, 1e-6,
                "f32 op " + std::to_string(static_cast<int>(c.op)));
  }
}

TEST(ActivationKernelsTest, layoutsAndMixedTypes) {
  std::vector<OpCase> cases = getCases();
  const OpCase &sigmoid = cases[static_cast<int>(ActivationOp::Sigmoid)];
  checkOp(sigmoid, DataType::F16, DataType::F16, 0x1342);
  checkOp(sigmoid, DataType::F16, DataType::F16, 0x1234, 3);
  checkOp(sigmoid, DataType::F32, DataType::F16, 0x1342, 1);
  checkOp(sigmoid, DataType::BF16, DataType::F32);
  checkOp(sigmoid, DataType::F16, DataType::BF16);
}

TEST(ActivationKernelsTest, inPlace) {
  Machine machine;
  Random random;
  Tensor t = machine.alloc(DataType::F16, {4, 8}, 0x21);
  std::vector<double> x = machine.fill(t, random, -3, 3);
  abi::ArgPacker packer;
  machine.in(packer, t);
  machine.out(packer, t);
  packer.addI32(static_cast<int32_t>(ActivationOp::Tanh));
  packer.addF32(0);
  packer.addF32(0);
  ASSERT_EQ(machine.run("activation", packer), "");
  std::vector<double> reference;
  for (double value : x) {
    reference.push_back(std::tanh(value));
  }
  expectClose(machine.read(t), reference, DataType::F16);
}

TEST(ActivationKernelsTest, reluAndClampKernels) {
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::F16, {3, 7});
  Tensor out = machine.alloc(DataType::F16, {3, 7});
  std::vector<double> x = machine.fill(in, random, -5, 5);
  abi::ArgPacker relu;
  machine.in(relu, in);
  machine.out(relu, out);
  ASSERT_EQ(machine.run("relu", relu), "");
  std::vector<double> reference;
  for (double value : x) {
    reference.push_back(std::max(value, 0.0));
  }
  expectClose(machine.read(out), reference, DataType::F16, 0.0, 0.0);
  abi::ArgPacker clamp;
  machine.in(clamp, in);
  machine.out(clamp, out);
  clamp.addF32(-1.0f);
  clamp.addF32(6.0f);
  ASSERT_EQ(machine.run("clamp", clamp), "");
  reference.clear();
  for (double value : x) {
    reference.push_back(std::min(std::max(value, -1.0), 6.0));
  }
  expectClose(machine.read(out), reference, DataType::F16, 0.0, 0.0);
}

/// The ops applyActivation runs four lanes at a time (relu, clamp,
/// hard_sigmoid, hsigmoid, hswish) give every element the bits of their
/// scalar definitions (the code before: std::fmin / std::fmax for hsigmoid),
/// on every f16 value, random f32 bit patterns (NaNs, infinities, subnormals
/// and signed zeros among them) and rows of 1 to 13 and 37 elements.
TEST(ActivationKernelsTest, vectorisedOpsGiveTheScalarBits) {
  auto hardSigmoid = [](float x) {
    return std::fmin(std::fmax(x + 3.0f, 0.0f), 6.0f) / 6.0f;
  };
  struct Scalar {
    ActivationOp op;
    float alpha, beta;
    std::function<float(float)> fn;
  };
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<Scalar> ops = {
      {ActivationOp::Relu, 0, 0, [](float x) { return x < 0.0f ? 0.0f : x; }},
      {ActivationOp::HSwish, 0, 0, [&](float x) { return x * hardSigmoid(x); }},
      {ActivationOp::HSigmoid, 0, 0, [&](float x) { return hardSigmoid(x); }},
  };
  for (auto [lo, hi] : std::vector<std::pair<float, float>>{
           {0.0f, 6.0f}, {-0.0f, 0.0f}, {-1.5f, 2.25f}, {-inf, inf}}) {
    ops.push_back({ActivationOp::Clamp, lo, hi, [lo = lo, hi = hi](float x) {
                     return x < lo ? lo : (x > hi ? hi : x);
                   }});
  }
  for (auto [alpha, beta] : std::vector<std::pair<float, float>>{
           {0.2f, 0.5f}, {1.0f / 6.0f, 0.5f}, {-0.3f, -0.0f}}) {
    ops.push_back({ActivationOp::HardSigmoid, alpha, beta,
                   [alpha = alpha, beta = beta](float x) {
                     float v = alpha * x + beta;
                     return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
                   }});
  }
  std::vector<float> values;
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    values.push_back(numeric::f16BitsToFloat(static_cast<uint16_t>(bits)));
  }
  std::mt19937 engine(3);
  for (int i = 0; i < 200000; ++i) {
    uint32_t bits = engine();
    float x;
    std::memcpy(&x, &bits, sizeof x);
    values.push_back(x);
  }
  for (const Scalar &op : ops) {
    std::vector<float> got = values;
    applyActivation(op.op, op.alpha, op.beta, got.data(),
                    static_cast<int64_t>(got.size()));
    for (size_t i = 0; i < values.size(); ++i) {
      float want = op.fn(values[i]);
      uint32_t a, b;
      std::memcpy(&a, &got[i], sizeof a);
      std::memcpy(&b, &want, sizeof b);
      bool same = a == b || (std::isnan(got[i]) && std::isnan(want));
      ASSERT_TRUE(same) << getActivationName(static_cast<int32_t>(op.op))
                        << " of " << values[i] << ": " << got[i]
                        << " != " << want;
    }
    // Short rows: whole vectors and tails.
    for (int64_t n : {1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 37}) {
      std::vector<float> row(values.begin() + 31000,
                             values.begin() + 31000 + n);
      applyActivation(op.op, op.alpha, op.beta, row.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        float want = op.fn(values[31000 + i]);
        EXPECT_TRUE(std::memcmp(&row[i], &want, sizeof want) == 0 ||
                    (std::isnan(row[i]) && std::isnan(want)))
            << "n=" << n;
      }
    }
  }
}

TEST(ActivationKernelsTest, errors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {4});
  Tensor out = machine.alloc(DataType::F16, {4});
  Tensor wide = machine.alloc(DataType::F16, {5});
  Tensor ints = machine.alloc(DataType::I32, {4});
  auto call = [&](const Tensor &input, const Tensor &output, int32_t op,
                  float alpha, float beta) {
    abi::ArgPacker packer;
    machine.in(packer, input);
    machine.out(packer, output);
    packer.addI32(op);
    packer.addF32(alpha);
    packer.addF32(beta);
    return machine.run("activation", packer);
  };
  EXPECT_EQ(call(in, out, 39, 0, 0), "activation: unknown op 39");
  EXPECT_EQ(call(in, out, -1, 0, 0), "activation: unknown op -1");
  EXPECT_THAT(call(in, out, 2, 1.0f, 0),
              HasSubstr("activation: sigmoid takes neither alpha nor beta"));
  EXPECT_THAT(call(in, out, 21, 0.1f, 1.0f),
              HasSubstr("activation: leaky_relu takes no beta"));
  EXPECT_THAT(call(in, out, 1, 3.0f, 1.0f),
              HasSubstr("activation: clamp bounds [3.000000, 1.000000] are "
                        "empty"));
  EXPECT_THAT(call(in, out, 1, NAN, 1.0f),
              HasSubstr("clamp parameters must not be NaN"));
  EXPECT_EQ(call(ints, out, 0, 0, 0),
            "activation: input of type i32 is not supported (expected f32, "
            "f16 or bf16)");
  EXPECT_EQ(call(in, wide, 0, 0, 0),
            "activation: input dims [4] differ from output dims [5]");
  // Wrong operand count: the signature check names both signatures.
  abi::ArgPacker missing;
  machine.in(missing, in);
  missing.addI32(0);
  missing.addF32(0);
  missing.addF32(0);
  EXPECT_EQ(machine.run("activation", missing),
            "kernel 'activation' takes (in, out, i32, f32, f32) but the call "
            "gives (in, i32, f32, f32)");
  abi::ArgPacker clamp;
  machine.in(clamp, in);
  machine.out(clamp, out);
  clamp.addF32(2.0f);
  clamp.addF32(1.0f);
  EXPECT_THAT(machine.run("clamp", clamp),
              HasSubstr("clamp: clamp bounds [2.000000, 1.000000] are empty"));
}

} // namespace
} // namespace mlir::vpuc::emu
