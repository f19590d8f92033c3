//===- QuantKernelsTest.cpp - quantize and dequantize ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantize and dequantize per tensor and per axis, with and without zero
// points, against double-precision references (round half to even,
// saturation to the storage range), and their errors.
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

} // namespace
} // namespace mlir::vpuc::emu
