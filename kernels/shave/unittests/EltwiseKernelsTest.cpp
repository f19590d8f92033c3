//===- EltwiseKernelsTest.cpp - Binary element-wise kernels ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The binary element-wise kernels (arithmetic, comparisons, logic), select,
// prelu, scale_shift and bitshift against double-precision (bitshift: exact
// integer) references: NumPy
// broadcasting across ranks, f16 / f32 / integer / bool operands, NHWC and
// padded layouts, in place, and the errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::expectClose;
using testing::forEachIndex;
using ::testing::HasSubstr;
using testing::Machine;
using testing::Random;
using testing::rowMajorStrides;
using testing::Tensor;

/// The element of `values` (dims `dims`) a broadcast output index reads.
double broadcastAt(const std::vector<double> &values,
                   const std::vector<int64_t> &dims,
                   const std::vector<int64_t> &index) {
  std::vector<int64_t> strides = rowMajorStrides(dims);
  size_t offset = index.size() - dims.size();
  int64_t flat = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    flat += (dims[d] == 1 ? 0 : index[d + offset]) * strides[d];
  }
  return values[flat];
}

struct BinaryCase {
  const char *name;
  std::function<double(double, double)> fn;
  /// Input ranges (kept away from poles and huge powers).
  double lo1, hi1, lo2, hi2;
};

std::vector<BinaryCase> getArithmetic() {
  return {
      {"add", [](double a, double b) { return a + b; }, -4, 4, -4, 4},
      {"subtract", [](double a, double b) { return a - b; }, -4, 4, -4, 4},
      {"multiply", [](double a, double b) { return a * b; }, -4, 4, -4, 4},
      {"divide", [](double a, double b) { return a / b; }, -4, 4, 0.5, 4},
      {"power", [](double a, double b) { return std::pow(a, b); }, 0.1, 3, -2,
       2},
      {"maximum", [](double a, double b) { return std::max(a, b); }, -4, 4, -4,
       4},
      {"minimum", [](double a, double b) { return std::min(a, b); }, -4, 4, -4,
       4},
      {"squared_difference",
       [](double a, double b) { return (a - b) * (a - b); }, -4, 4, -4, 4},
      {"floor_mod",
       [](double a, double b) { return a - std::floor(a / b) * b; }, -8, 8,
       0.75, 3},
  };
}

std::vector<BinaryCase> getComparisons() {
  return {
      {"equal", [](double a, double b) { return a == b; }, -2, 2, -2, 2},
      {"not_equal", [](double a, double b) { return a != b; }, -2, 2, -2, 2},
      {"less", [](double a, double b) { return a < b; }, -2, 2, -2, 2},
      {"less_equal", [](double a, double b) { return a <= b; }, -2, 2, -2, 2},
      {"greater", [](double a, double b) { return a > b; }, -2, 2, -2, 2},
      {"greater_equal", [](double a, double b) { return a >= b; }, -2, 2, -2,
       2},
      {"logical_and", [](double a, double b) { return a != 0 && b != 0; }, -1,
       2, -1, 2},
      {"logical_or", [](double a, double b) { return a != 0 || b != 0; }, -1, 2,
       -1, 2},
      {"logical_xor", [](double a, double b) { return (a != 0) != (b != 0); },
       -1, 2, -1, 2},
  };
}

/// Runs `c` on inputs of dims1 / dims2 broadcast to outDims; returns the
/// output and the reference.
void checkBinary(const BinaryCase &c, std::vector<int64_t> dims1,
                 std::vector<int64_t> dims2, std::vector<int64_t> outDims,
                 DataType in1Type, DataType in2Type, DataType outType,
                 uint64_t outOrder = 0, double ulps = 1.0) {
  Machine machine;
  Random random(42);
  Tensor in1 = machine.alloc(in1Type, dims1);
  Tensor in2 = machine.alloc(in2Type, dims2, 0, 2);
  Tensor out = machine.alloc(outType, outDims, outOrder);
  std::vector<double> a = machine.fill(in1, random, c.lo1, c.hi1);
  std::vector<double> b = machine.fill(in2, random, c.lo2, c.hi2);
  // Make some elements equal so that comparisons see ties.
  if (in1.getNumElements() == in2.getNumElements()) {
    for (size_t i = 0; i < a.size(); i += 3) {
      a[i] = b[i];
    }
    a = machine.write(in1, a);
  }
  abi::ArgPacker packer;
  machine.in(packer, in1);
  machine.in(packer, in2);
  machine.out(packer, out);
  ASSERT_EQ(machine.run(c.name, packer), "") << c.name;
  std::vector<double> reference;
  forEachIndex(outDims, [&](const std::vector<int64_t> &index) {
    reference.push_back(
        c.fn(broadcastAt(a, dims1, index), broadcastAt(b, dims2, index)));
  });
  expectClose(machine.read(out), reference, outType, ulps, 1e-6, c.name);
}

TEST(EltwiseKernelsTest, arithmeticWithBroadcasting) {
  for (const BinaryCase &c : getArithmetic()) {
    checkBinary(c, {2, 3, 4, 5}, {2, 3, 4, 5}, {2, 3, 4, 5}, DataType::F16,
                DataType::F16, DataType::F16);
    checkBinary(c, {2, 1, 4, 5}, {3, 1, 5}, {2, 3, 4, 5}, DataType::F16,
                DataType::F16, DataType::F16, 0x1342);
    checkBinary(c, {5}, {2, 3, 1, 1}, {2, 3, 4, 5}, DataType::F32,
                DataType::F16, DataType::F16);
    // FP32 results: a couple of f32 ulps (pow is not correctly rounded).
    checkBinary(c, {1}, {6, 7}, {6, 7}, DataType::F32, DataType::F32,
                DataType::F32, 0x21, 4.0);
  }
}

/// Runs the binary kernel `name` on f32 `a` (dims dimsA) and `b` (dimsB) into
/// an f32 output of dims dimsA; the output's values.
std::vector<float> runF32Binary(const char *name, const std::vector<double> &a,
                                std::vector<int64_t> dimsA,
                                const std::vector<double> &b,
                                std::vector<int64_t> dimsB) {
  Machine machine;
  Tensor in1 = machine.alloc(DataType::F32, dimsA);
  Tensor in2 = machine.alloc(DataType::F32, dimsB);
  Tensor out = machine.alloc(DataType::F32, dimsA);
  machine.write(in1, a);
  machine.write(in2, b);
  abi::ArgPacker packer;
  machine.in(packer, in1);
  machine.in(packer, in2);
  machine.out(packer, out);
  EXPECT_EQ(machine.run(name, packer), "") << name;
  std::vector<float> result;
  for (double value : machine.read(out)) {
    result.push_back(static_cast<float>(value));
  }
  return result;
}

bool sameFloat(float x, float y) {
  return (std::isnan(x) && std::isnan(y)) ||
         (!std::isnan(x) && !std::isnan(y) &&
          std::memcmp(&x, &y, sizeof x) == 0);
}

/// The arithmetic kernels run their rows four lanes at a time (power: an
/// exponent of 2 as one multiply), with a broadcast operand loaded once:
/// every element has the bits of the scalar FP32 operation, on rows of 1 to
/// 13 and 37 elements (whole vectors and tails), specials (infinities, NaN,
/// signed zeros, subnormals, huge values) included.
TEST(EltwiseKernelsTest, arithmeticRowsGiveTheScalarBits) {
  volatile float two = 2.0f;
  const std::vector<std::pair<const char *, std::function<float(float, float)>>>
      ops = {
          {"add", [](float a, float b) { return a + b; }},
          {"subtract", [](float a, float b) { return a - b; }},
          {"multiply", [](float a, float b) { return a * b; }},
          {"divide", [](float a, float b) { return a / b; }},
          {"power", [](float a, float b) { return std::pow(a, b); }},
      };
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> specials = {
      0.0,  -0.0, inf, -inf, std::nan(""), 1e-40, -1e-40,  3.0e38, -3.0e38, 1.0,
      -1.0, 0.5,  2.0, -2.0, 65504.0,      6e-8,  -6.1e-5, 1.0e20, -7.25};
  Random random(7);
  for (const auto &[name, fn] : ops) {
    for (int64_t n : {1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 37}) {
      std::vector<double> a(2 * n), b(2 * n);
      for (int64_t i = 0; i < 2 * n; ++i) {
        a[i] = random.integer(0, 2) == 0
                   ? specials[random.integer(0, specials.size() - 1)]
                   : random.uniform(-8, 8);
        b[i] = random.integer(0, 2) == 0
                   ? specials[random.integer(0, specials.size() - 1)]
                   : random.uniform(-8, 8);
      }
      // Element by element, then a broadcast second operand (one per row,
      // among them the power's exponent 2).
      std::vector<float> got = runF32Binary(name, a, {2, n}, b, {2, n});
      for (int64_t i = 0; i < 2 * n; ++i) {
        float want = fn(static_cast<float>(a[i]), static_cast<float>(b[i]));
        EXPECT_TRUE(sameFloat(got[i], want))
            << name << " n=" << n << " " << a[i] << ", " << b[i] << ": "
            << got[i] << " != " << want;
      }
      for (double scalar : {b[0], 2.0, -0.0, inf, 0.5}) {
        got = runF32Binary(name, a, {2, n}, {scalar, scalar * 3}, {2, 1});
        for (int64_t i = 0; i < 2 * n; ++i) {
          float y = static_cast<float>(i < n ? scalar : scalar * 3);
          float want = fn(static_cast<float>(a[i]), y == 2.0f ? two : y);
          EXPECT_TRUE(sameFloat(got[i], want))
              << name << " n=" << n << " " << a[i] << " by " << y << ": "
              << got[i] << " != " << want;
        }
      }
    }
  }
}

/// power(x, 2) has the bits of powf(x, 2.0f) for every f16 value x of an f16
/// base (the case computed as x * x), broadcast and element by element, and
/// for f32 bases (powf itself) whose squares are subnormal (some ties, which
/// x * x would round the other way) or near the ends of the normal range.
TEST(EltwiseKernelsTest, powerOfTwoIsPowfOnEveryF16Value) {
  volatile float two = 2.0f;
  std::vector<double> x(65536);
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    x[bits] = numeric::f16BitsToFloat(static_cast<uint16_t>(bits));
  }
  std::vector<float> broadcast = runF32Binary("power", x, {65536}, {2.0}, {1});
  std::vector<float> dense = runF32Binary(
      "power", x, {65536}, std::vector<double>(65536, 2.0), {65536});
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    float want = std::pow(static_cast<float>(x[bits]), two);
    EXPECT_TRUE(sameFloat(broadcast[bits], want)) << "f16 bits " << bits;
    EXPECT_TRUE(sameFloat(dense[bits], want)) << "f16 bits " << bits;
  }
  // f32 bases whose squares are subnormal (some ties, which x * x and powf
  // round differently), around the smallest normal square and the largest
  // finite one, of either sign: powf's bits.
  std::vector<double> y;
  for (uint32_t bits = 0x19000000; bits < 0x1d000000; bits += 0x800) {
    for (uint32_t sign : {0u, 0x80000000u}) {
      uint32_t b = bits | sign;
      float value;
      std::memcpy(&value, &b, sizeof value);
      y.push_back(value);
    }
  }
  for (uint32_t bits = 0x5f7ff000; bits < 0x5f801000; bits += 0x10) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    y.push_back(value);
  }
  int64_t count = static_cast<int64_t>(y.size());
  std::vector<float> got = runF32Binary("power", y, {count}, {2.0}, {1});
  for (int64_t i = 0; i < count; ++i) {
    float want = std::pow(static_cast<float>(y[i]), two);
    EXPECT_TRUE(sameFloat(got[i], want)) << "x = " << y[i];
  }
}

TEST(EltwiseKernelsTest, comparisonsToBoolAndU8) {
  for (const BinaryCase &c : getComparisons()) {
    checkBinary(c, {3, 4, 5}, {3, 4, 5}, {3, 4, 5}, DataType::F16,
                DataType::F16, DataType::Bool);
    checkBinary(c, {3, 1, 5}, {4, 1}, {3, 4, 5}, DataType::F16, DataType::F32,
                DataType::U8);
    checkBinary(c, {3, 4, 5}, {5}, {3, 4, 5}, DataType::I32, DataType::I8,
                DataType::Bool);
  }
}

TEST(EltwiseKernelsTest, integerOperands) {
  // Integer division truncates, floor_mod takes the divisor's sign, both give
  // 0 for a zero divisor.
  Machine machine;
  Tensor a = machine.alloc(DataType::I32, {6});
  Tensor b = machine.alloc(DataType::I32, {6});
  Tensor out = machine.alloc(DataType::I32, {6});
  machine.write(a, {7, -7, 7, -7, 5, 100000});
  machine.write(b, {2, 2, -2, -2, 0, 3});
  for (auto [name, expected] :
       {std::make_pair("divide", std::vector<double>{3, -3, -3, 3, 0, 33333}),
        std::make_pair("floor_mod", std::vector<double>{1, 1, -1, -1, 0, 1}),
        std::make_pair("add", std::vector<double>{9, -5, 5, -9, 5, 100003})}) {
    abi::ArgPacker packer;
    machine.in(packer, a);
    machine.in(packer, b);
    machine.out(packer, out);
    ASSERT_EQ(machine.run(name, packer), "") << name;
    EXPECT_EQ(machine.read(out), expected) << name;
  }
  // Saturation on store.
  Tensor narrow = machine.alloc(DataType::I8, {6});
  abi::ArgPacker packer;
  machine.in(packer, a);
  machine.in(packer, b);
  machine.out(packer, narrow);
  ASSERT_EQ(machine.run("multiply", packer), "");
  EXPECT_EQ(machine.read(narrow),
            (std::vector<double>{14, -14, -14, 14, 0, 127}));
}

TEST(EltwiseKernelsTest, nanPropagatesThroughMaximumAndMinimum) {
  Machine machine;
  Tensor a = machine.alloc(DataType::F32, {3});
  Tensor b = machine.alloc(DataType::F32, {3});
  Tensor out = machine.alloc(DataType::F32, {3});
  machine.write(a, {NAN, 1, 2});
  machine.write(b, {1, NAN, 3});
  for (const char *name : {"maximum", "minimum"}) {
    abi::ArgPacker packer;
    machine.in(packer, a);
    machine.in(packer, b);
    machine.out(packer, out);
    ASSERT_EQ(machine.run(name, packer), "");
    std::vector<double> got = machine.read(out);
    EXPECT_TRUE(std::isnan(got[0]) && std::isnan(got[1])) << name;
    EXPECT_EQ(got[2], name[1] == 'a' ? 3 : 2) << name;
  }
}

TEST(EltwiseKernelsTest, inPlaceAndAliasing) {
  Machine machine;
  Random random;
  Tensor a = machine.alloc(DataType::F16, {4, 6});
  Tensor b = machine.alloc(DataType::F16, {6});
  std::vector<double> x = machine.fill(a, random, -2, 2);
  std::vector<double> y = machine.fill(b, random, -2, 2);
  abi::ArgPacker packer;
  machine.in(packer, a);
  machine.in(packer, b);
  machine.out(packer, a);
  ASSERT_EQ(machine.run("add", packer), "");
  std::vector<double> reference;
  for (size_t i = 0; i < x.size(); ++i) {
    reference.push_back(x[i] + y[i % 6]);
  }
  expectClose(machine.read(a), reference, DataType::F16);
  // An output over the broadcast input is not the same elements.
  abi::ArgPacker bad;
  machine.in(bad, a);
  machine.in(bad, b);
  Tensor shifted = a;
  shifted.offset = b.offset;
  machine.out(bad, shifted);
  EXPECT_EQ(machine.run("add", bad),
            "add: the output overlaps input 1 without being the same "
            "elements");
}

TEST(EltwiseKernelsTest, select) {
  Machine machine;
  Random random;
  Tensor cond = machine.alloc(DataType::Bool, {3, 1, 5});
  Tensor x = machine.alloc(DataType::F16, {3, 4, 5}, 0x132);
  Tensor y = machine.alloc(DataType::F32, {5});
  Tensor out = machine.alloc(DataType::F16, {3, 4, 5});
  std::vector<double> c = machine.fill(cond, random, 0, 2);
  std::vector<double> a = machine.fill(x, random, -3, 3);
  std::vector<double> b = machine.fill(y, random, -3, 3);
  abi::ArgPacker packer;
  machine.in(packer, cond);
  machine.in(packer, x);
  machine.in(packer, y);
  machine.out(packer, out);
  ASSERT_EQ(machine.run("select", packer), "");
  std::vector<double> reference;
  forEachIndex({3, 4, 5}, [&](const std::vector<int64_t> &index) {
    reference.push_back(broadcastAt(c, {3, 1, 5}, index) != 0
                            ? broadcastAt(a, {3, 4, 5}, index)
                            : broadcastAt(b, {5}, index));
  });
  expectClose(machine.read(out), reference, DataType::F16, 0.0, 0.0);
}

TEST(EltwiseKernelsTest, prelu) {
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::F16, {2, 3, 4, 5}, 0x1342);
  Tensor slope = machine.alloc(DataType::F16, {3, 1, 1});
  Tensor out = machine.alloc(DataType::F16, {2, 3, 4, 5});
  std::vector<double> x = machine.fill(in, random, -4, 4);
  std::vector<double> s = machine.write(slope, {0.1, 0.25, -0.5});
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.in(packer, slope);
  machine.out(packer, out);
  ASSERT_EQ(machine.run("prelu", packer), "");
  std::vector<double> reference;
  forEachIndex({2, 3, 4, 5}, [&](const std::vector<int64_t> &index) {
    double v = broadcastAt(x, {2, 3, 4, 5}, index);
    reference.push_back(v >= 0 ? v : s[index[1]] * v);
  });
  expectClose(machine.read(out), reference, DataType::F16);
  // The slope must broadcast to the input, not the other way round.
  Tensor wide = machine.alloc(DataType::F16, {2, 3, 4, 6});
  abi::ArgPacker bad;
  machine.in(bad, in);
  machine.in(bad, wide);
  machine.out(bad, out);
  EXPECT_EQ(machine.run("prelu", bad),
            "prelu: input 1 dimension 3 of size 6 does not broadcast to 5");
}

TEST(EltwiseKernelsTest, scaleShift) {
  Machine machine;
  Random random;
  Tensor in = machine.alloc(DataType::F16, {2, 4, 3, 3});
  Tensor scale = machine.alloc(DataType::F32, {1, 4, 1, 1});
  Tensor shift = machine.alloc(DataType::F16, {4, 1, 1});
  Tensor out = machine.alloc(DataType::F16, {2, 4, 3, 3}, 0x1342);
  std::vector<double> x = machine.fill(in, random, -4, 4);
  std::vector<double> s = machine.fill(scale, random, -2, 2);
  std::vector<double> b = machine.fill(shift, random, -1, 1);
  for (bool withShift : {true, false}) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.in(packer, scale);
    machine.in(packer, withShift ? shift : machine.absent());
    machine.out(packer, out);
    ASSERT_EQ(machine.run("scale_shift", packer), "");
    std::vector<double> reference;
    forEachIndex({2, 4, 3, 3}, [&](const std::vector<int64_t> &index) {
      reference.push_back(broadcastAt(x, {2, 4, 3, 3}, index) * s[index[1]] +
                          (withShift ? b[index[1]] : 0.0));
    });
    expectClose(machine.read(out), reference, DataType::F16);
  }
}

TEST(EltwiseKernelsTest, errors) {
  Machine machine;
  Tensor a = machine.alloc(DataType::F16, {2, 2});
  Tensor b = machine.alloc(DataType::F16, {2, 3});
  Tensor high = machine.alloc(DataType::F16, {1, 2, 2});
  Tensor out = machine.alloc(DataType::F16, {2, 2});
  Tensor i4 = machine.alloc(DataType::F16, {2, 2});
  auto call = [&](const char *name, const Tensor &x, const Tensor &y,
                  const Tensor &z) {
    abi::ArgPacker packer;
    machine.in(packer, x);
    machine.in(packer, y);
    machine.out(packer, z);
    return machine.run(name, packer);
  };
  EXPECT_EQ(call("add", a, b, out),
            "add: input 1 dimension 1 of size 3 does not broadcast to 2");
  EXPECT_EQ(call("add", high, a, out),
            "add: input 0 has rank 3 but the output has rank 2");
  // A 4-bit operand is rejected by its type.
  i4.type = DataType::I4;
  EXPECT_THAT(call("multiply", a, i4, out),
              HasSubstr("multiply: input 1 of type i4 is not supported"));
  abi::ArgPacker twoOperands;
  machine.in(twoOperands, a);
  machine.out(twoOperands, out);
  EXPECT_EQ(machine.run("subtract", twoOperands),
            "kernel 'subtract' takes (in, in, out) but the call gives (in, "
            "out)");
  EXPECT_EQ(machine.run("no_such_kernel", twoOperands),
            "no kernel 'no_such_kernel'");
}

//===----------------------------------------------------------------------===//
// bitshift
//===----------------------------------------------------------------------===//

/// Writes the unsigned `values` (row-major) to the dense tensor `t` byte for
/// byte, bypassing the harness's double conversion (u64 beyond 2^53).
void writeUnsigned(Machine &machine, const Tensor &t,
                   const std::vector<uint64_t> &values) {
  int64_t bytes = abi::getDataTypeBits(t.type) / 8;
  for (size_t i = 0; i < values.size(); ++i) {
    std::memcpy(machine.getCmx().data() + t.offset + i * bytes, &values[i],
                bytes);
  }
}

std::vector<uint64_t> readUnsigned(Machine &machine, const Tensor &t) {
  int64_t bytes = abi::getDataTypeBits(t.type) / 8;
  std::vector<uint64_t> values(t.getNumElements(), 0);
  for (size_t i = 0; i < values.size(); ++i) {
    std::memcpy(&values[i], machine.getCmx().data() + t.offset + i * bytes,
                bytes);
  }
  return values;
}

std::string runBitShift(Machine &machine, const Tensor &a, const Tensor &b,
                        const Tensor &out, int32_t direction) {
  abi::ArgPacker packer;
  machine.in(packer, a);
  machine.in(packer, b);
  machine.out(packer, out);
  packer.addI32(direction);
  return machine.run("bitshift", packer);
}

/// Every width, both directions, a [2, 3, 4] value against a [3, 1] amount
/// (broadcast), against a plain loop that multiplies or divides by powers of
/// two modulo 2^bits.
TEST(EltwiseKernelsTest, bitShiftEveryWidth) {
  for (DataType type :
       {DataType::U8, DataType::U16, DataType::U32, DataType::U64}) {
    const int bits = static_cast<int>(abi::getDataTypeBits(type));
    for (int32_t direction : {0, 1}) {
      Machine machine;
      Random random(bits + direction);
      Tensor a = machine.alloc(type, {2, 3, 4});
      Tensor b = machine.alloc(type, {3, 1});
      Tensor out = machine.alloc(type, {2, 3, 4});
      std::vector<uint64_t> x(24), s = {0, 3, static_cast<uint64_t>(bits - 1)};
      for (uint64_t &v : x) {
        // Random bit patterns over the whole width.
        v = 0;
        for (int byte = 0; byte < bits / 8; ++byte) {
          v |= static_cast<uint64_t>(random.integer(0, 255)) << (8 * byte);
        }
      }
      writeUnsigned(machine, a, x);
      writeUnsigned(machine, b, s);
      ASSERT_EQ(runBitShift(machine, a, b, out, direction), "");
      std::vector<uint64_t> got = readUnsigned(machine, out);
      for (int64_t i = 0; i < 24; ++i) {
        uint64_t amount = s[(i / 4) % 3];
        uint64_t expected = x[i];
        for (uint64_t k = 0; k < amount; ++k) {
          expected = direction == 0 ? expected * 2 : expected / 2;
        }
        if (bits < 64) {
          expected %= uint64_t{1} << bits;
        }
        EXPECT_EQ(got[i], expected)
            << "u" << bits << (direction == 0 ? " << " : " >> ") << amount
            << " of " << x[i];
      }
    }
  }
}

TEST(EltwiseKernelsTest, bitShiftByTheWidthOrMoreIsZero) {
  Machine machine;
  Tensor a = machine.alloc(DataType::U8, {4});
  Tensor b = machine.alloc(DataType::U8, {4});
  Tensor out = machine.alloc(DataType::U8, {4});
  writeUnsigned(machine, a, {255, 255, 1, 128});
  writeUnsigned(machine, b, {7, 8, 9, 255});
  ASSERT_EQ(runBitShift(machine, a, b, out, 0), "");
  EXPECT_EQ(readUnsigned(machine, out), (std::vector<uint64_t>{128, 0, 0, 0}));
  ASSERT_EQ(runBitShift(machine, a, b, out, 1), "");
  EXPECT_EQ(readUnsigned(machine, out), (std::vector<uint64_t>{1, 0, 0, 0}));
  // In place: the output is the first input.
  ASSERT_EQ(runBitShift(machine, a, b, a, 1), "");
  EXPECT_EQ(readUnsigned(machine, a), (std::vector<uint64_t>{1, 0, 0, 0}));
}

TEST(EltwiseKernelsTest, bitShiftErrors) {
  Machine machine;
  Tensor u8 = machine.alloc(DataType::U8, {4});
  Tensor u16 = machine.alloc(DataType::U16, {4});
  Tensor i32 = machine.alloc(DataType::I32, {4});
  Tensor f16 = machine.alloc(DataType::F16, {4});
  Tensor wide = machine.alloc(DataType::U8, {5});
  EXPECT_EQ(runBitShift(machine, u8, u16, u8, 0),
            "bitshift: expects the inputs and the output of one unsigned "
            "integer type (u8, u16, u32 or u64), got u8, u16 -> u8");
  EXPECT_EQ(runBitShift(machine, i32, i32, i32, 0),
            "bitshift: expects the inputs and the output of one unsigned "
            "integer type (u8, u16, u32 or u64), got i32, i32 -> i32");
  EXPECT_THAT(runBitShift(machine, f16, f16, f16, 0), HasSubstr("bitshift: "));
  EXPECT_EQ(runBitShift(machine, u8, u8, u8, 2),
            "bitshift: unknown direction 2");
  EXPECT_THAT(runBitShift(machine, u8, wide, u8, 0), HasSubstr("bitshift: "));
}

} // namespace
} // namespace mlir::vpuc::emu
