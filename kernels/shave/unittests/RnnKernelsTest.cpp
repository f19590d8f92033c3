//===- RnnKernelsTest.cpp - lstm_sequence and gru_sequence ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The recurrent kernels against double-precision plain-loop references of
// IE.LSTMSequence and IE.GRUSequence: every direction, the activations,
// clip, linear_before_reset, f16 and f32, and the errors.
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

double act(int code, double x, double clip) {
  if (clip > 0) {
    x = std::min(std::max(x, -clip), clip);
  }
  switch (code) {
  case 0:
    return 1.0 / (1.0 + std::exp(-x));
  case 1:
    return std::tanh(x);
  default:
    return x > 0 ? x : 0.0;
  }
}

struct RnnCase {
  int64_t batch, steps, inputSize, hidden;
  int direction; // 0 forward, 1 reverse, 2 bidirectional
  int actF, actG, actH;
  float clip;
  bool linearBeforeReset;
  DataType type;
};

int64_t directionsOf(const RnnCase &c) { return c.direction == 2 ? 2 : 1; }

bool reverseOf(const RnnCase &c, int64_t d) {
  return c.direction == 1 || (c.direction == 2 && d == 1);
}

/// Row `row` of W times x (x of `n` elements).
double dot(const std::vector<double> &m, int64_t row, int64_t n,
           const double *x) {
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    sum += m[row * n + i] * x[i];
  }
  return sum;
}

TEST(RnnKernelsTest, lstmMatchesTheReference) {
  for (const RnnCase &c : {
           RnnCase{2, 3, 4, 5, 0, 0, 1, 1, 0.0f, false, DataType::F32},
           RnnCase{1, 4, 3, 2, 1, 0, 1, 1, 0.0f, false, DataType::F32},
           RnnCase{2, 3, 2, 3, 2, 0, 2, 1, 0.5f, false, DataType::F32},
           RnnCase{3, 2, 5, 4, 2, 0, 1, 1, 0.0f, false, DataType::F16},
       }) {
    int64_t B = c.batch, T = c.steps, I = c.inputSize, H = c.hidden,
            D = directionsOf(c);
    Machine machine;
    Random random(21);
    Tensor x = machine.alloc(c.type, {B, T, I});
    Tensor h0 = machine.alloc(c.type, {B, D, H});
    Tensor c0 = machine.alloc(c.type, {B, D, H});
    Tensor w = machine.alloc(c.type, {D, 4 * H, I});
    Tensor r = machine.alloc(c.type, {D, 4 * H, H});
    Tensor b = machine.alloc(c.type, {D, 4 * H});
    Tensor y = machine.alloc(c.type, {B, D, T, H});
    Tensor ho = machine.alloc(c.type, {B, D, H});
    Tensor co = machine.alloc(c.type, {B, D, H});
    std::vector<double> xs = machine.fill(x, random, -1, 1);
    std::vector<double> hs = machine.fill(h0, random, -1, 1);
    std::vector<double> cs = machine.fill(c0, random, -1, 1);
    std::vector<double> ws = machine.fill(w, random, -0.7, 0.7);
    std::vector<double> rs = machine.fill(r, random, -0.7, 0.7);
    std::vector<double> bs = machine.fill(b, random, -0.5, 0.5);
    abi::ArgPacker packer;
    for (const Tensor *t : {&x, &h0, &c0, &w, &r, &b}) {
      machine.in(packer, *t);
    }
    for (const Tensor *t : {&y, &ho, &co}) {
      machine.out(packer, *t);
    }
    packer.addI32(static_cast<int32_t>(H));
    packer.addI32(c.actF);
    packer.addI32(c.actG);
    packer.addI32(c.actH);
    packer.addF32(c.clip);
    packer.addI32(c.direction);
    ASSERT_EQ(machine.run("lstm_sequence", packer), "");
    std::vector<double> refY(B * D * T * H), refH(B * D * H), refC(B * D * H);
    for (int64_t d = 0; d < D; ++d) {
      std::vector<double> wd(ws.begin() + d * 4 * H * I,
                             ws.begin() + (d + 1) * 4 * H * I);
      std::vector<double> rd(rs.begin() + d * 4 * H * H,
                             rs.begin() + (d + 1) * 4 * H * H);
      for (int64_t n = 0; n < B; ++n) {
        std::vector<double> h(hs.begin() + (n * D + d) * H,
                              hs.begin() + (n * D + d + 1) * H);
        std::vector<double> cell(cs.begin() + (n * D + d) * H,
                                 cs.begin() + (n * D + d + 1) * H);
        for (int64_t s = 0; s < T; ++s) {
          int64_t t = reverseOf(c, d) ? T - 1 - s : s;
          const double *xt = xs.data() + (n * T + t) * I;
          std::vector<double> gate(4 * H);
          for (int64_t row = 0; row < 4 * H; ++row) {
            gate[row] = bs[d * 4 * H + row] + dot(wd, row, I, xt) +
                        dot(rd, row, H, h.data());
          }
          std::vector<double> next(H);
          for (int64_t j = 0; j < H; ++j) {
            double f = act(c.actF, gate[j], c.clip);
            double i = act(c.actF, gate[H + j], c.clip);
            double g = act(c.actG, gate[2 * H + j], c.clip);
            double o = act(c.actF, gate[3 * H + j], c.clip);
            cell[j] = f * cell[j] + i * g;
            next[j] = o * act(c.actH, cell[j], c.clip);
          }
          h = next;
          std::copy(h.begin(), h.end(),
                    refY.begin() + ((n * D + d) * T + t) * H);
        }
        std::copy(h.begin(), h.end(), refH.begin() + (n * D + d) * H);
        std::copy(cell.begin(), cell.end(), refC.begin() + (n * D + d) * H);
      }
    }
    double ulps = c.type == DataType::F16 ? 4.0 : 256.0;
    expectClose(machine.read(y), refY, c.type, ulps, 1e-5, "lstm output");
    expectClose(machine.read(ho), refH, c.type, ulps, 1e-5, "lstm hidden");
    expectClose(machine.read(co), refC, c.type, ulps, 1e-5, "lstm cell");
  }
}

TEST(RnnKernelsTest, gruMatchesTheReference) {
  for (const RnnCase &c : {
           RnnCase{2, 3, 4, 5, 0, 0, 1, 0, 0.0f, false, DataType::F32},
           RnnCase{2, 3, 4, 5, 0, 0, 1, 0, 0.0f, true, DataType::F32},
           RnnCase{1, 4, 3, 2, 1, 0, 2, 0, 0.3f, true, DataType::F32},
           RnnCase{3, 2, 2, 3, 2, 0, 1, 0, 0.0f, false, DataType::F16},
       }) {
    int64_t B = c.batch, T = c.steps, I = c.inputSize, H = c.hidden,
            D = directionsOf(c);
    int64_t biasRows = c.linearBeforeReset ? 4 * H : 3 * H;
    Machine machine;
    Random random(8);
    Tensor x = machine.alloc(c.type, {B, T, I});
    Tensor h0 = machine.alloc(c.type, {B, D, H});
    Tensor w = machine.alloc(c.type, {D, 3 * H, I});
    Tensor r = machine.alloc(c.type, {D, 3 * H, H});
    Tensor b = machine.alloc(c.type, {D, biasRows});
    Tensor y = machine.alloc(c.type, {B, D, T, H});
    Tensor ho = machine.alloc(c.type, {B, D, H});
    std::vector<double> xs = machine.fill(x, random, -1, 1);
    std::vector<double> hs = machine.fill(h0, random, -1, 1);
    std::vector<double> ws = machine.fill(w, random, -0.7, 0.7);
    std::vector<double> rs = machine.fill(r, random, -0.7, 0.7);
    std::vector<double> bs = machine.fill(b, random, -0.5, 0.5);
    abi::ArgPacker packer;
    for (const Tensor *t : {&x, &h0, &w, &r, &b}) {
      machine.in(packer, *t);
    }
    machine.out(packer, y);
    machine.out(packer, ho);
    packer.addI32(static_cast<int32_t>(H));
    packer.addI32(c.actF);
    packer.addI32(c.actG);
    packer.addF32(c.clip);
    packer.addI32(c.direction);
    packer.addI32(c.linearBeforeReset ? 1 : 0);
    ASSERT_EQ(machine.run("gru_sequence", packer), "");
    std::vector<double> refY(B * D * T * H), refH(B * D * H);
    for (int64_t d = 0; d < D; ++d) {
      std::vector<double> wd(ws.begin() + d * 3 * H * I,
                             ws.begin() + (d + 1) * 3 * H * I);
      std::vector<double> rd(rs.begin() + d * 3 * H * H,
                             rs.begin() + (d + 1) * 3 * H * H);
      const double *bd = bs.data() + d * biasRows;
      for (int64_t n = 0; n < B; ++n) {
        std::vector<double> h(hs.begin() + (n * D + d) * H,
                              hs.begin() + (n * D + d + 1) * H);
        for (int64_t s = 0; s < T; ++s) {
          int64_t t = reverseOf(c, d) ? T - 1 - s : s;
          const double *xt = xs.data() + (n * T + t) * I;
          std::vector<double> z(H), rg(H), next(H);
          for (int64_t j = 0; j < H; ++j) {
            z[j] =
                act(c.actF, bd[j] + dot(wd, j, I, xt) + dot(rd, j, H, h.data()),
                    c.clip);
            rg[j] = act(c.actF,
                        bd[H + j] + dot(wd, H + j, I, xt) +
                            dot(rd, H + j, H, h.data()),
                        c.clip);
          }
          std::vector<double> resetH(H);
          for (int64_t k = 0; k < H; ++k) {
            resetH[k] = rg[k] * h[k];
          }
          for (int64_t j = 0; j < H; ++j) {
            double pre = dot(wd, 2 * H + j, I, xt) + bd[2 * H + j];
            if (c.linearBeforeReset) {
              pre += rg[j] * (dot(rd, 2 * H + j, H, h.data()) + bd[3 * H + j]);
            } else {
              pre += dot(rd, 2 * H + j, H, resetH.data());
            }
            double candidate = act(c.actG, pre, c.clip);
            next[j] = (1.0 - z[j]) * candidate + z[j] * h[j];
          }
          h = next;
          std::copy(h.begin(), h.end(),
                    refY.begin() + ((n * D + d) * T + t) * H);
        }
        std::copy(h.begin(), h.end(), refH.begin() + (n * D + d) * H);
      }
    }
    double ulps = c.type == DataType::F16 ? 4.0 : 256.0;
    expectClose(machine.read(y), refY, c.type, ulps, 1e-5, "gru output");
    expectClose(machine.read(ho), refH, c.type, ulps, 1e-5, "gru hidden");
  }
}

TEST(RnnKernelsTest, errors) {
  Machine machine;
  Tensor x = machine.alloc(DataType::F32, {1, 2, 3});
  Tensor h0 = machine.alloc(DataType::F32, {1, 1, 2});
  Tensor w = machine.alloc(DataType::F32, {1, 6, 3});
  Tensor r = machine.alloc(DataType::F32, {1, 6, 2});
  Tensor b = machine.alloc(DataType::F32, {1, 6});
  Tensor y = machine.alloc(DataType::F32, {1, 1, 2, 2});
  Tensor ho = machine.alloc(DataType::F32, {1, 1, 2});
  auto run = [&](int32_t hidden, int32_t actF, float clip, int32_t direction,
                 int32_t linearBeforeReset) {
    abi::ArgPacker packer;
    for (const Tensor *t : {&x, &h0, &w, &r, &b}) {
      machine.in(packer, *t);
    }
    machine.out(packer, y);
    machine.out(packer, ho);
    packer.addI32(hidden);
    packer.addI32(actF);
    packer.addI32(1);
    packer.addF32(clip);
    packer.addI32(direction);
    packer.addI32(linearBeforeReset);
    return machine.run("gru_sequence", packer);
  };
  EXPECT_EQ(run(2, 0, 0.0f, 0, 0), "");
  EXPECT_THAT(run(0, 0, 0.0f, 0, 0), HasSubstr("hiddenSize 0 must be >= 1"));
  EXPECT_THAT(run(2, 3, 0.0f, 0, 0), HasSubstr("unknown activation 3"));
  EXPECT_THAT(run(2, 0, -1.0f, 0, 0), HasSubstr("clip must be finite"));
  EXPECT_THAT(run(2, 0, 0.0f, 3, 0), HasSubstr("unknown direction 3"));
  // Biases of 3H rows need linearBeforeReset 0; bidirectional needs D = 2.
  EXPECT_THAT(run(2, 0, 0.0f, 0, 1), HasSubstr("biases"));
  EXPECT_THAT(run(2, 0, 0.0f, 2, 0), HasSubstr("initial hidden state"));
  EXPECT_THAT(run(3, 0, 0.0f, 0, 0), HasSubstr("initial hidden state"));
}

} // namespace
} // namespace mlir::vpuc::emu
