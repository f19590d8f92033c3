//===- LpPoolKernelTest.cpp - The lp_pool kernel --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// lp_pool against a double-precision plain-loop reference of ONNX LpPool:
// p = 1, 2, 3 and 4, padding, asymmetric strides, ceil rounding, a global
// window, f16 and f32, NCHW and NHWC, and the errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>

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
using testing::Tensor;

struct LpCase {
  int32_t kh, kw, sh, sw, pt, pl, pb, pr;
  bool ceil;
  int32_t p;
};

/// The output extent of a window sweep (IE's ceil rule drops a last window
/// starting in the end padding).
int64_t extent(int64_t in, int64_t k, int64_t s, int64_t p0, int64_t p1,
               bool ceil) {
  int64_t span = in + p0 + p1 - k;
  int64_t out = (ceil ? (span + s - 1) / s : span / s) + 1;
  if (ceil && (out - 1) * s >= in + p0) {
    --out;
  }
  return out;
}

std::string runLpPool(Machine &machine, const Tensor &in, const Tensor &out,
                      const LpCase &k) {
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.out(packer, out);
  for (int32_t value : {k.kh, k.kw, k.sh, k.sw, k.pt, k.pl, k.pb, k.pr,
                        static_cast<int32_t>(k.ceil), k.p}) {
    packer.addI32(value);
  }
  return machine.run("lp_pool", packer);
}

TEST(LpPoolKernelTest, matchesTheReference) {
  const LpCase cases[] = {
      {2, 2, 2, 2, 0, 0, 0, 0, false, 2}, {3, 3, 2, 2, 1, 1, 1, 1, false, 1},
      {3, 2, 2, 3, 0, 1, 2, 0, true, 3},  {7, 5, 1, 1, 0, 0, 0, 0, false, 2},
      {2, 3, 1, 2, 1, 0, 0, 2, true, 4},
  };
  const int64_t n = 2, c = 3, h = 7, w = 5;
  int seed = 0;
  for (const LpCase &k : cases) {
    for (DataType type : {DataType::F16, DataType::F32}) {
      for (uint64_t layout : {kNCHW, kNHWC}) {
        Machine machine;
        Random random(++seed);
        int64_t oh = extent(h, k.kh, k.sh, k.pt, k.pb, k.ceil);
        int64_t ow = extent(w, k.kw, k.sw, k.pl, k.pr, k.ceil);
        Tensor in = machine.alloc(type, {n, c, h, w}, layout);
        Tensor out = machine.alloc(type, {n, c, oh, ow}, kNCHW, 1);
        std::vector<double> x = machine.fill(in, random, -3, 3);
        ASSERT_EQ(runLpPool(machine, in, out, k), "");
        std::vector<double> reference;
        forEachIndex({n, c, oh, ow}, [&](const std::vector<int64_t> &i) {
          int64_t y0 = i[2] * k.sh - k.pt, x0 = i[3] * k.sw - k.pl;
          double sum = 0;
          for (int64_t y = y0; y < y0 + k.kh; ++y) {
            for (int64_t xx = x0; xx < x0 + k.kw; ++xx) {
              if (y >= 0 && y < h && xx >= 0 && xx < w) {
                sum += std::pow(
                    std::fabs(x[((i[0] * c + i[1]) * h + y) * w + xx]), k.p);
              }
            }
          }
          reference.push_back(std::pow(sum, 1.0 / k.p));
        });
        expectClose(machine.read(out), reference, type,
                    type == DataType::F16 ? 2.0 : 64.0, 1e-5,
                    "p " + std::to_string(k.p));
      }
    }
  }
}

TEST(LpPoolKernelTest, errors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F16, {1, 1, 4, 4});
  Tensor out = machine.alloc(DataType::F16, {1, 1, 2, 2});
  Tensor ints = machine.alloc(DataType::I32, {1, 1, 4, 4});
  Tensor intsOut = machine.alloc(DataType::I32, {1, 1, 2, 2});
  LpCase ok{2, 2, 2, 2, 0, 0, 0, 0, false, 2};
  EXPECT_EQ(runLpPool(machine, in, out, ok), "");
  LpCase zeroP = ok;
  zeroP.p = 0;
  EXPECT_THAT(runLpPool(machine, in, out, zeroP),
              HasSubstr("lp_pool: p 0 must be >= 1"));
  LpCase bigKernel = ok;
  bigKernel.kh = bigKernel.kw = 3;
  EXPECT_THAT(runLpPool(machine, in, out, bigKernel),
              HasSubstr("lp_pool: output has dims [1, 1, 2, 2], expected "
                        "[1, 1, 1, 1]"));
  EXPECT_THAT(runLpPool(machine, ints, intsOut, ok),
              HasSubstr("of type i32 is not supported"));
}

} // namespace
} // namespace mlir::vpuc::emu
