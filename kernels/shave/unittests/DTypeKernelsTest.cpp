//===- DTypeKernelsTest.cpp - Bool and f64 in the kernel library *- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// logical_not against a plain-loop reference (Bool, integer and float
// inputs, Bool and U8 outputs, NHWC and padded layouts, in place, NaN, the
// errors), and f64 as a storage type: convert and copy take it, the
// computing kernels refuse it.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "core/numeric/Float16.h"

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using ::testing::HasSubstr;
using testing::Machine;
using testing::Random;
using testing::Tensor;

/// Runs logical_not on `in`, returns the error ("" on success).
std::string runNot(Machine &machine, const Tensor &in, const Tensor &out) {
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  return machine.run("logical_not", packer);
}

/// The reference: 1 where x is 0, else 0.
std::vector<double> notOf(const std::vector<double> &values) {
  std::vector<double> result;
  for (double x : values) {
    result.push_back(x == 0.0 ? 1.0 : 0.0);
  }
  return result;
}

TEST(DTypeKernelsTest, boolIntegerAndFloatInputs) {
  struct Case {
    DataType in, out;
    double lo, hi;
  };
  for (Case c : {Case{DataType::Bool, DataType::Bool, 0, 2},
                 Case{DataType::I32, DataType::Bool, -2, 3},
                 Case{DataType::U8, DataType::U8, 0, 3},
                 Case{DataType::F16, DataType::Bool, -1.5, 1.5},
                 Case{DataType::F32, DataType::I8, -1, 1}}) {
    Machine machine;
    Random random(7);
    Tensor in = machine.alloc(c.in, {2, 3, 4, 5});
    Tensor out = machine.alloc(c.out, {2, 3, 4, 5});
    std::vector<double> x = machine.fill(in, random, c.lo, c.hi);
    // Some exact zeros in every float case.
    for (size_t i = 0; i < x.size(); i += 4) {
      x[i] = 0.0;
    }
    x = machine.write(in, x);
    ASSERT_EQ(runNot(machine, in, out), "");
    EXPECT_EQ(machine.read(out), notOf(x))
        << static_cast<int>(c.in) << " -> " << static_cast<int>(c.out);
  }
}

TEST(DTypeKernelsTest, largeIntegersAreNotZero) {
  // 2^40 and -2^62 are far beyond f32's exact integers; they are not zero.
  Machine machine;
  Tensor in = machine.alloc(DataType::I64, {4});
  Tensor out = machine.alloc(DataType::Bool, {4});
  machine.write(in, {0, std::ldexp(1.0, 40), -std::ldexp(1.0, 62), 1});
  ASSERT_EQ(runNot(machine, in, out), "");
  EXPECT_EQ(machine.read(out), (std::vector<double>{1, 0, 0, 0}));
}

TEST(DTypeKernelsTest, nanIsNotZero) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {3});
  Tensor out = machine.alloc(DataType::Bool, {3});
  machine.write(in, {NAN, -0.0, 2.0});
  ASSERT_EQ(runNot(machine, in, out), "");
  EXPECT_EQ(machine.read(out), (std::vector<double>{0, 1, 0}));
}

TEST(DTypeKernelsTest, layoutsAndInPlace) {
  Machine machine;
  Random random(3);
  // NHWC input with padded rows into an identity-order output.
  Tensor in = machine.alloc(DataType::Bool, {1, 3, 4, 5}, 0x1342, 3);
  Tensor out = machine.alloc(DataType::Bool, {1, 3, 4, 5});
  std::vector<double> x = machine.fill(in, random, 0, 2);
  ASSERT_EQ(runNot(machine, in, out), "");
  EXPECT_EQ(machine.read(out), notOf(x));
  // In place.
  ASSERT_EQ(runNot(machine, out, out), "");
  EXPECT_EQ(machine.read(out), x);
}

TEST(DTypeKernelsTest, errors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::Bool, {2, 3});
  Tensor out = machine.alloc(DataType::Bool, {3, 2});
  EXPECT_THAT(runNot(machine, in, out), HasSubstr("logical_not"));
}

TEST(DTypeKernelsTest, convertToAndFromF64) {
  Machine machine;
  Tensor wide = machine.alloc(DataType::F64, {2, 3}, 0, 1);
  Tensor half = machine.alloc(DataType::F16, {2, 3});
  Tensor back = machine.alloc(DataType::F64, {2, 3});
  // 1/3 keeps its f64 value until the f16 conversion; 1e300 saturates to inf.
  std::vector<double> x =
      machine.write(wide, {1.0 / 3.0, -2.5, 0.0, 1e300, 65504.0, -1e-9});
  EXPECT_EQ(x[0], 1.0 / 3.0);
  abi::ArgPacker toHalf;
  machine.in(toHalf, wide);
  machine.out(toHalf, half);
  ASSERT_EQ(machine.run("convert", toHalf), "");
  std::vector<double> expected;
  for (double value : x) {
    expected.push_back(numeric::f16BitsToFloat(
        numeric::floatToF16Bits(static_cast<float>(value))));
  }
  EXPECT_EQ(machine.read(half), expected);
  abi::ArgPacker toWide;
  machine.in(toWide, half);
  machine.out(toWide, back);
  ASSERT_EQ(machine.run("convert", toWide), "");
  EXPECT_EQ(machine.read(back), expected);
  // Integers up to 2^53 convert exactly.
  Tensor big = machine.alloc(DataType::I64, {2});
  Tensor bigWide = machine.alloc(DataType::F64, {2});
  machine.write(big, {std::ldexp(1.0, 53), -12345678901.0});
  abi::ArgPacker toF64;
  machine.in(toF64, big);
  machine.out(toF64, bigWide);
  ASSERT_EQ(machine.run("convert", toF64), "");
  EXPECT_EQ(machine.read(bigWide),
            (std::vector<double>{std::ldexp(1.0, 53), -12345678901.0}));
}

TEST(DTypeKernelsTest, copyMovesF64) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F64, {3, 2}, 0x21);
  Tensor out = machine.alloc(DataType::F64, {3, 2});
  std::vector<double> x = machine.write(in, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6});
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  ASSERT_EQ(machine.run("copy", packer), "");
  EXPECT_EQ(machine.read(out), x);
}

TEST(DTypeKernelsTest, computingKernelsRefuseF64) {
  // No kernel computes in f64: the compiler converts f64 layers to f16.
  Machine machine;
  Tensor a = machine.alloc(DataType::F64, {4});
  Tensor b = machine.alloc(DataType::F64, {4});
  Tensor out = machine.alloc(DataType::F64, {4});
  machine.write(a, {1, 2, 3, 4});
  machine.write(b, {1, 2, 3, 4});
  abi::ArgPacker add;
  machine.in(add, a);
  machine.in(add, b);
  machine.out(add, out);
  EXPECT_THAT(machine.run("add", add), HasSubstr("f64"));
  abi::ArgPacker logicalNot;
  machine.in(logicalNot, a);
  machine.out(logicalNot, out);
  EXPECT_THAT(machine.run("logical_not", logicalNot),
              HasSubstr("of type f64 is not supported"));
}

} // namespace
} // namespace mlir::vpuc::emu
