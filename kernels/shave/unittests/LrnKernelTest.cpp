//===- LrnKernelTest.cpp - The lrn kernel ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// lrn against a double-precision plain-loop reference of ONNX LRN: odd and
// even window sizes, windows wider than the channels, ranks 2 to 5, f16 and
// f32, an NHWC input, and the errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::expectClose;
using ::testing::HasSubstr;
using testing::Machine;
using testing::Random;
using testing::Tensor;

struct LrnParams {
  float alpha, beta, bias;
  int32_t size;
};

/// ONNX LRN in double precision over a row-major [N, C, inner...] tensor.
std::vector<double> referenceLrn(const std::vector<double> &x,
                                 const std::vector<int64_t> &dims,
                                 const LrnParams &p) {
  int64_t n = dims[0], c = dims[1], inner = 1;
  for (size_t d = 2; d < dims.size(); ++d) {
    inner *= dims[d];
  }
  std::vector<double> y(x.size());
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t ch = 0; ch < c; ++ch) {
      int64_t lo = std::max<int64_t>(0, ch - (p.size - 1) / 2);
      // ceil((size - 1) / 2)
      int64_t hi = std::min<int64_t>(c - 1, ch + p.size / 2);
      for (int64_t e = 0; e < inner; ++e) {
        double sum = 0.0;
        for (int64_t i = lo; i <= hi; ++i) {
          double v = x[(b * c + i) * inner + e];
          sum += v * v;
        }
        double base = static_cast<double>(p.bias) +
                      static_cast<double>(p.alpha) / p.size * sum;
        y[(b * c + ch) * inner + e] =
            x[(b * c + ch) * inner + e] / std::pow(base, p.beta);
      }
    }
  }
  return y;
}

std::string runLrn(Machine &machine, const Tensor &in, const Tensor &out,
                   const LrnParams &p) {
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  packer.addF32(p.alpha);
  packer.addF32(p.beta);
  packer.addF32(p.bias);
  packer.addI32(p.size);
  return machine.run("lrn", packer);
}

TEST(LrnKernelTest, matchesTheReference) {
  struct Case {
    std::vector<int64_t> dims;
    DataType type;
    LrnParams params;
  };
  for (const Case &c : {
           Case{{1, 8, 5, 5}, DataType::F32, {0.5f, 0.75f, 1.0f, 3}},
           Case{{2, 7, 3, 4}, DataType::F16, {1e-4f, 0.75f, 1.0f, 5}},
           Case{{1, 6, 4}, DataType::F32, {0.2f, 0.5f, 2.0f, 4}},
           Case{{3, 5}, DataType::F32, {1.0f, 1.0f, 1.0f, 2}},
           Case{{1, 3, 2, 2, 2}, DataType::F16, {0.3f, 0.6f, 1.5f, 9}},
           Case{{1, 4, 3, 3}, DataType::F32, {0.0f, 0.75f, 1.0f, 1}},
       }) {
    Machine machine;
    Random random(11);
    Tensor in = machine.alloc(c.type, c.dims);
    Tensor out = machine.alloc(c.type, c.dims);
    std::vector<double> x = machine.fill(in, random, -3, 3);
    ASSERT_EQ(runLrn(machine, in, out, c.params), "");
    expectClose(machine.read(out), referenceLrn(x, c.dims, c.params), c.type,
                c.type == DataType::F16 ? 2.0 : 64.0, 1e-6, "lrn");
  }
}

TEST(LrnKernelTest, nhwcInput) {
  Machine machine;
  Random random(5);
  std::vector<int64_t> dims = {1, 6, 3, 4};
  Tensor in = machine.alloc(DataType::F16, dims, 0x1342, 2);
  Tensor out = machine.alloc(DataType::F16, dims);
  std::vector<double> x = machine.fill(in, random, -2, 2);
  LrnParams p{0.4f, 0.75f, 1.0f, 3};
  ASSERT_EQ(runLrn(machine, in, out, p), "");
  expectClose(machine.read(out), referenceLrn(x, dims, p), DataType::F16, 2.0,
              1e-6, "lrn nhwc");
}

TEST(LrnKernelTest, errors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {1, 4, 2, 2});
  Tensor out = machine.alloc(DataType::F32, {1, 4, 2, 2});
  Tensor rank1 = machine.alloc(DataType::F32, {4});
  Tensor ints = machine.alloc(DataType::I32, {1, 4, 2, 2});
  EXPECT_THAT(runLrn(machine, in, out, {0.1f, 0.75f, 1.0f, 0}),
              HasSubstr("lrn: size 0 must be >= 1"));
  EXPECT_THAT(runLrn(machine, in, out, {0.1f, 0.75f, 0.0f, 3}),
              HasSubstr("bias finite and > 0"));
  EXPECT_THAT(runLrn(machine, in, out, {-0.1f, 0.75f, 1.0f, 3}),
              HasSubstr("alpha must be finite and >= 0"));
  EXPECT_THAT(runLrn(machine, rank1, rank1, {0.1f, 0.75f, 1.0f, 3}),
              HasSubstr("lrn needs [N, C, ...]"));
  EXPECT_THAT(runLrn(machine, ints, ints, {0.1f, 0.75f, 1.0f, 3}),
              HasSubstr("of type i32 is not supported"));
}

} // namespace
} // namespace mlir::vpuc::emu
