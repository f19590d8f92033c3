//===- LogicalKernelsTest.cpp - The logical_not kernel --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// logical_not against a plain-loop reference: Bool, integer and float
// inputs, Bool and U8 outputs, NHWC and padded layouts, in place, NaN, and
// the errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>

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

TEST(LogicalKernelsTest, boolIntegerAndFloatInputs) {
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

TEST(LogicalKernelsTest, largeIntegersAreNotZero) {
  // 2^40 and -2^62 are far beyond f32's exact integers; they are not zero.
  Machine machine;
  Tensor in = machine.alloc(DataType::I64, {4});
  Tensor out = machine.alloc(DataType::Bool, {4});
  machine.write(in, {0, std::ldexp(1.0, 40), -std::ldexp(1.0, 62), 1});
  ASSERT_EQ(runNot(machine, in, out), "");
  EXPECT_EQ(machine.read(out), (std::vector<double>{1, 0, 0, 0}));
}

TEST(LogicalKernelsTest, nanIsNotZero) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {3});
  Tensor out = machine.alloc(DataType::Bool, {3});
  machine.write(in, {NAN, -0.0, 2.0});
  ASSERT_EQ(runNot(machine, in, out), "");
  EXPECT_EQ(machine.read(out), (std::vector<double>{0, 1, 0}));
}

TEST(LogicalKernelsTest, layoutsAndInPlace) {
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

TEST(LogicalKernelsTest, errors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::Bool, {2, 3});
  Tensor out = machine.alloc(DataType::Bool, {3, 2});
  EXPECT_THAT(runNot(machine, in, out), HasSubstr("logical_not"));
}

} // namespace
} // namespace mlir::vpuc::emu
