//===- InferenceNNTest.cpp - Tests of the IE NN host kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds IE NN ops in a local MLIRContext (result types inferred by the
// builders), runs inferOnCPU on pseudo-random buffers and checks the values
// against straightforward reference loops written here; also checks inferred
// shapes and costs.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

class InferenceNNTest : public ::testing::Test {
protected:
  InferenceNNTest() : builder(&context) {
    context.loadDialect<IEDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of type tensor<shape x f32> (an operand-less cast).
  Value arg(ArrayRef<int64_t> shape) {
    Type type = RankedTensorType::get(shape, builder.getF32Type());
    return builder.create<UnrealizedConversionCastOp>(loc(), type, ValueRange{})
        .getResult(0);
  }

  Location loc() { return builder.getUnknownLoc(); }

  /// A tensor of `shape` with deterministic pseudo-random values in [-scale,
  /// scale].
  HostTensor random(ArrayRef<int64_t> shape, float scale = 1.0f) {
    HostTensor tensor = HostTensor::filled(shape);
    for (float &v : tensor.data) {
      seed = seed * 1664525u + 1013904223u;
      v = scale *
          (static_cast<float>(seed >> 8) / static_cast<float>(1u << 24) * 2.0f -
           1.0f);
    }
    return tensor;
  }

  /// Runs the op's inference on `inputs`, expecting success and one output.
  HostTensor run(Operation *op, ArrayRef<HostTensor> inputs) {
    EXPECT_TRUE(succeeded(verify(op)));
    SmallVector<HostTensor> outputs;
    auto iface = llvm::cast<InferenceOpInterface>(op);
    EXPECT_TRUE(succeeded(iface.inferOnCPU(inputs, outputs)));
    EXPECT_EQ(outputs.size(), 1u);
    return outputs.empty() ? HostTensor() : outputs.front();
  }

  static void expectNear(const HostTensor &actual, ArrayRef<int64_t> shape,
                         const std::vector<float> &expected,
                         float tolerance = 1e-4f) {
    ASSERT_EQ(ArrayRef<int64_t>(actual.shape), shape);
    ASSERT_EQ(actual.data.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      ASSERT_NEAR(actual.data[i], expected[i],
                  tolerance * std::max(1.0f, std::fabs(expected[i])))
          << "at " << i;
    }
  }

  static ArrayRef<int64_t> resultShape(Operation *op) {
    return llvm::cast<ShapedType>(op->getResult(0).getType()).getShape();
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  uint32_t seed = 12345;
};

//===----------------------------------------------------------------------===//
// Reference loops
//===----------------------------------------------------------------------===//

struct ConvParams {
  int64_t sy = 1, sx = 1, pby = 0, pbx = 0, pey = 0, pex = 0, dy = 1, dx = 1,
          groups = 1;
};

/// out[n][oc][oy][ox] = bias[oc] + sum over ic in the group, ky, kx of
/// in[n][ic][oy*sy - pby + ky*dy][ox*sx - pbx + kx*dx] * w[oc][ic %
/// cinG][ky][kx].
std::vector<float> referenceConv(const HostTensor &in, const HostTensor &w,
                                 const std::vector<float> &bias,
                                 const ConvParams &p, int64_t oh, int64_t ow) {
  const int64_t n = in.shape[0], c = in.shape[1], h = in.shape[2],
                wd = in.shape[3];
  const int64_t oc = w.shape[0], cg = w.shape[1], kh = w.shape[2],
                kw = w.shape[3];
  const int64_t ocg = oc / p.groups;
  std::vector<float> out(n * oc * oh * ow);
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t o = 0; o < oc; ++o) {
      for (int64_t y = 0; y < oh; ++y) {
        for (int64_t x = 0; x < ow; ++x) {
          double sum = bias.empty() ? 0.0 : bias[o];
          for (int64_t i = 0; i < cg; ++i) {
            const int64_t ic = (o / ocg) * cg + i;
            for (int64_t ky = 0; ky < kh; ++ky) {
              for (int64_t kx = 0; kx < kw; ++kx) {
                const int64_t iy = y * p.sy - p.pby + ky * p.dy;
                const int64_t ix = x * p.sx - p.pbx + kx * p.dx;
                if (iy < 0 || iy >= h || ix < 0 || ix >= wd) {
                  continue;
                }
                sum += in.data[((b * c + ic) * h + iy) * wd + ix] *
                       w.data[((o * cg + i) * kh + ky) * kw + kx];
              }
            }
          }
          out[((b * oc + o) * oh + y) * ow + x] = static_cast<float>(sum);
        }
      }
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

TEST_F(InferenceNNTest, convolutionWithPadsStridesDilations) {
  ConvParams p;
  p.sy = 2;
  p.sx = 1;
  p.pby = 1;
  p.pbx = 2;
  p.pey = 0;
  p.pex = 1;
  p.dy = 1;
  p.dx = 2;
  Value x = arg({2, 3, 9, 10});
  Value w = arg({4, 3, 3, 3});
  Value b = arg({4});
  auto op = builder.create<ConvolutionOp>(
      loc(), x, w, b, builder.getDenseI64ArrayAttr({p.sy, p.sx}),
      builder.getDenseI64ArrayAttr({p.pby, p.pbx}),
      builder.getDenseI64ArrayAttr({p.pey, p.pex}),
      builder.getDenseI64ArrayAttr({p.dy, p.dx}));
  // OH = floor((9 + 1 + 0 - 3) / 2) + 1 = 4; OW = floor((10 + 2 + 1 - 5) / 1) +
  // 1 = 9.
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 4, 4, 9}));
  HostTensor in = random({2, 3, 9, 10});
  HostTensor filter = random({4, 3, 3, 3});
  HostTensor bias = random({4});
  HostTensor out = run(op, {in, filter, bias});
  expectNear(out, {2, 4, 4, 9}, referenceConv(in, filter, bias.data, p, 4, 9));
  EXPECT_EQ(*op.getNumMACs(), 2 * 4 * 4 * 9 * 27);
  EXPECT_EQ(*op.getNumFLOPs(), 2 * 2 * 4 * 4 * 9 * 27 + 2 * 4 * 4 * 9);
}

TEST_F(InferenceNNTest, convolutionStrideTwoBothDims) {
  ConvParams p;
  p.sy = 2;
  p.sx = 3;
  p.pby = 1;
  p.pbx = 1;
  p.pey = 1;
  p.pex = 1;
  Value x = arg({1, 2, 7, 11});
  Value w = arg({3, 2, 3, 3});
  auto op = builder.create<ConvolutionOp>(loc(), x, w, Value(),
                                          builder.getDenseI64ArrayAttr({2, 3}),
                                          builder.getDenseI64ArrayAttr({1, 1}),
                                          builder.getDenseI64ArrayAttr({1, 1}),
                                          builder.getDenseI64ArrayAttr({1, 1}));
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({1, 3, 4, 4}));
  HostTensor in = random({1, 2, 7, 11});
  HostTensor filter = random({3, 2, 3, 3});
  expectNear(run(op, {in, filter}), {1, 3, 4, 4},
             referenceConv(in, filter, {}, p, 4, 4));
}

TEST_F(InferenceNNTest, groupConvolution) {
  ConvParams p;
  p.groups = 2;
  p.pby = p.pbx = p.pey = p.pex = 1;
  Value x = arg({1, 4, 5, 6});
  Value w = arg({6, 2, 3, 3});
  Value b = arg({1, 6, 1, 1});
  auto op = builder.create<GroupConvolutionOp>(
      loc(), x, w, b, builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 1}), builder.getI64IntegerAttr(2));
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({1, 6, 5, 6}));
  HostTensor in = random({1, 4, 5, 6});
  HostTensor filter = random({6, 2, 3, 3});
  HostTensor bias = random({1, 6, 1, 1});
  expectNear(run(op, {in, filter, bias}), {1, 6, 5, 6},
             referenceConv(in, filter, bias.data, p, 5, 6));
  EXPECT_EQ(*op.getNumMACs(), 6 * 5 * 6 * 18);
}

TEST_F(InferenceNNTest, depthwiseConvolution) {
  ConvParams p;
  p.groups = 3;
  p.sy = p.sx = 2;
  p.pby = p.pbx = 1;
  p.dy = p.dx = 2;
  Value x = arg({2, 3, 8, 8});
  Value w = arg({3, 1, 3, 3});
  auto op = builder.create<GroupConvolutionOp>(
      loc(), x, w, Value(), builder.getDenseI64ArrayAttr({2, 2}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({0, 0}),
      builder.getDenseI64ArrayAttr({2, 2}), builder.getI64IntegerAttr(3));
  // floor((8 + 1 - 5) / 2) + 1 = 3.
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 3, 3, 3}));
  HostTensor in = random({2, 3, 8, 8});
  HostTensor filter = random({3, 1, 3, 3});
  expectNear(run(op, {in, filter}), {2, 3, 3, 3},
             referenceConv(in, filter, {}, p, 3, 3));
}

//===----------------------------------------------------------------------===//
// FullyConnected and MatMul
//===----------------------------------------------------------------------===//

TEST_F(InferenceNNTest, fullyConnected) {
  Value x = arg({3, 7});
  Value w = arg({5, 7});
  Value b = arg({5});
  auto op = builder.create<FullyConnectedOp>(loc(), x, w, b);
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({3, 5}));
  HostTensor in = random({3, 7});
  HostTensor weights = random({5, 7});
  HostTensor bias = random({5});
  std::vector<float> expected(15);
  for (int64_t n = 0; n < 3; ++n) {
    for (int64_t o = 0; o < 5; ++o) {
      double sum = bias.data[o];
      for (int64_t k = 0; k < 7; ++k) {
        sum += in.data[n * 7 + k] * weights.data[o * 7 + k];
      }
      expected[n * 5 + o] = static_cast<float>(sum);
    }
  }
  expectNear(run(op, {in, weights, bias}), {3, 5}, expected);
  EXPECT_EQ(*op.getNumMACs(), 3 * 5 * 7);
  EXPECT_EQ(*op.getNumFLOPs(), 2 * 3 * 5 * 7 + 15);
}

/// Reference batched matmul: a [B?, M, K] etc. with explicit index functions.
TEST_F(InferenceNNTest, batchedMatMulWithBroadcast) {
  // a: [2, 1, 3, 4], b: [3, 4, 5] -> [2, 3, 3, 5].
  Value a = arg({2, 1, 3, 4});
  Value b = arg({3, 4, 5});
  auto op = builder.create<MatMulOp>(loc(), a, b, false, false);
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 3, 3, 5}));
  HostTensor ta = random({2, 1, 3, 4});
  HostTensor tb = random({3, 4, 5});
  std::vector<float> expected(2 * 3 * 3 * 5);
  for (int64_t i = 0; i < 2; ++i) {
    for (int64_t j = 0; j < 3; ++j) {
      for (int64_t m = 0; m < 3; ++m) {
        for (int64_t n = 0; n < 5; ++n) {
          double sum = 0.0;
          for (int64_t k = 0; k < 4; ++k) {
            sum += ta.data[(i * 3 + m) * 4 + k] * tb.data[(j * 4 + k) * 5 + n];
          }
          expected[((i * 3 + j) * 3 + m) * 5 + n] = static_cast<float>(sum);
        }
      }
    }
  }
  expectNear(run(op, {ta, tb}), {2, 3, 3, 5}, expected);
  EXPECT_EQ(*op.getNumMACs(), 2 * 3 * 3 * 5 * 4);
}

TEST_F(InferenceNNTest, matMulTransposed) {
  // a: [2, 4, 3] read as [2, 3, 4]; b: [5, 4] read as [4, 5] -> [2, 3, 5].
  Value a = arg({2, 4, 3});
  Value b = arg({5, 4});
  auto op = builder.create<MatMulOp>(loc(), a, b, true, true);
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 3, 5}));
  HostTensor ta = random({2, 4, 3});
  HostTensor tb = random({5, 4});
  std::vector<float> expected(2 * 3 * 5);
  for (int64_t i = 0; i < 2; ++i) {
    for (int64_t m = 0; m < 3; ++m) {
      for (int64_t n = 0; n < 5; ++n) {
        double sum = 0.0;
        for (int64_t k = 0; k < 4; ++k) {
          sum += ta.data[(i * 4 + k) * 3 + m] * tb.data[n * 4 + k];
        }
        expected[(i * 3 + m) * 5 + n] = static_cast<float>(sum);
      }
    }
  }
  expectNear(run(op, {ta, tb}), {2, 3, 5}, expected);
}

TEST_F(InferenceNNTest, matMulVectors) {
  HostTensor v = random({4});
  HostTensor m = random({2, 4, 3});
  // [4] x [2, 4, 3] -> [2, 3].
  auto vm =
      builder.create<MatMulOp>(loc(), arg({4}), arg({2, 4, 3}), false, false);
  ASSERT_EQ(resultShape(vm), ArrayRef<int64_t>({2, 3}));
  std::vector<float> expected(6);
  for (int64_t b = 0; b < 2; ++b) {
    for (int64_t n = 0; n < 3; ++n) {
      double sum = 0.0;
      for (int64_t k = 0; k < 4; ++k) {
        sum += v.data[k] * m.data[(b * 4 + k) * 3 + n];
      }
      expected[b * 3 + n] = static_cast<float>(sum);
    }
  }
  expectNear(run(vm, {v, m}), {2, 3}, expected);
  // [4] x [4] -> scalar.
  auto dot = builder.create<MatMulOp>(loc(), arg({4}), arg({4}), false, false);
  ASSERT_TRUE(resultShape(dot).empty());
  double sum = 0.0;
  for (float x : v.data) {
    sum += x * x;
  }
  expectNear(run(dot, {v, v}), {}, {static_cast<float>(sum)});
}

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

/// Reference pool over [N, C, H, W]: window [oy*s - pb, +k) per dim; max
/// ignores padding; average divides by the in-input count (excludePad) or by
/// the count inside the padded input.
std::vector<float> referencePool(const HostTensor &in, int64_t k, int64_t s,
                                 int64_t pb, int64_t pe, int64_t oh, int64_t ow,
                                 bool isMax, bool excludePad) {
  const int64_t planes = in.shape[0] * in.shape[1], h = in.shape[2],
                w = in.shape[3];
  std::vector<float> out(planes * oh * ow);
  for (int64_t p = 0; p < planes; ++p) {
    for (int64_t oy = 0; oy < oh; ++oy) {
      for (int64_t ox = 0; ox < ow; ++ox) {
        float best = -std::numeric_limits<float>::infinity();
        double sum = 0.0;
        int64_t inside = 0, padded = 0;
        for (int64_t ky = 0; ky < k; ++ky) {
          for (int64_t kx = 0; kx < k; ++kx) {
            const int64_t y = oy * s - pb + ky, x = ox * s - pb + kx;
            if (y < h + pe && x < w + pe) {
              ++padded;
            }
            if (y < 0 || y >= h || x < 0 || x >= w) {
              continue;
            }
            ++inside;
            const float v = in.data[(p * h + y) * w + x];
            best = std::max(best, v);
            sum += v;
          }
        }
        out[(p * oh + oy) * ow + ox] =
            isMax ? best
                  : static_cast<float>(sum / (excludePad ? inside : padded));
      }
    }
  }
  return out;
}

TEST_F(InferenceNNTest, maxPoolCeilMode) {
  Value x = arg({1, 2, 7, 7});
  auto op = builder.create<MaxPoolOp>(
      loc(), x, builder.getDenseI64ArrayAttr({3, 3}),
      builder.getDenseI64ArrayAttr({2, 2}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 1}), RoundingType::CEIL);
  // ceil((7 + 2 - 3) / 2) + 1 = 4; the last window starts at 5 < 7 + 1.
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({1, 2, 4, 4}));
  HostTensor in = random({1, 2, 7, 7});
  expectNear(run(op, {in}), {1, 2, 4, 4},
             referencePool(in, 3, 2, 1, 1, 4, 4, true, false));
  EXPECT_EQ(*op.getNumFLOPs(), 2 * 4 * 4 * 9);
}

TEST_F(InferenceNNTest, maxPoolPropagatesNaN) {
  auto op = builder.create<MaxPoolOp>(
      loc(), arg({1, 1, 2, 2}), builder.getDenseI64ArrayAttr({2, 2}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({0, 0}),
      builder.getDenseI64ArrayAttr({0, 0}), RoundingType::FLOOR);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  HostTensor out = run(op, {HostTensor({1, 1, 2, 2}, {1.0f, nan, 3.0f, 2.0f})});
  ASSERT_EQ(out.data.size(), 1u);
  EXPECT_TRUE(std::isnan(out.data[0]));
}

TEST_F(InferenceNNTest, avgPoolExcludePadAndCeil) {
  for (bool excludePad : {false, true}) {
    Value x = arg({2, 3, 6, 6});
    auto op = builder.create<AvgPoolOp>(
        loc(), x, builder.getDenseI64ArrayAttr({3, 3}),
        builder.getDenseI64ArrayAttr({2, 2}),
        builder.getDenseI64ArrayAttr({1, 1}),
        builder.getDenseI64ArrayAttr({1, 1}), RoundingType::CEIL, excludePad);
    // ceil((6 + 2 - 3) / 2) + 1 = 4; the last window starts at 5 < 6 + 1 and
    // reaches 8, beyond the padded input (7): its divisor is 2 columns without
    // exclude_pad.
    ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 3, 4, 4}));
    HostTensor in = random({2, 3, 6, 6});
    expectNear(run(op, {in}), {2, 3, 4, 4},
               referencePool(in, 3, 2, 1, 1, 4, 4, false, excludePad));
  }
}

TEST_F(InferenceNNTest, lpPoolByHand) {
  // x = [[1, -2, 3], [4, 0, -1]], 2x2 windows: {1, -2, 4, 0} and {-2, 3, 0,
  // -1}.
  HostTensor in({1, 1, 2, 3}, {1.0f, -2.0f, 3.0f, 4.0f, 0.0f, -1.0f});
  struct Case {
    uint64_t p;
    std::vector<float> expected;
  };
  for (const Case &c :
       {Case{1, {7.0f, 6.0f}}, Case{2, {4.5825757f, 3.7416574f}},
        Case{3, {4.1793392f, 3.3019272f}}}) {
    auto op = builder.create<LpPoolOp>(
        loc(), arg({1, 1, 2, 3}), builder.getDenseI64ArrayAttr({2, 2}),
        builder.getDenseI64ArrayAttr({1, 1}),
        builder.getDenseI64ArrayAttr({0, 0}),
        builder.getDenseI64ArrayAttr({0, 0}), RoundingType::FLOOR, c.p);
    expectNear(run(op, {in}), {1, 1, 1, 2}, c.expected);
  }
  // 1-D with padding: windows [pad, 3], [-4, 1], [2, pad] (padding adds 0).
  auto op = builder.create<LpPoolOp>(
      loc(), arg({1, 1, 4}), builder.getDenseI64ArrayAttr({2}),
      builder.getDenseI64ArrayAttr({2}), builder.getDenseI64ArrayAttr({1}),
      builder.getDenseI64ArrayAttr({1}), RoundingType::FLOOR, 2);
  expectNear(run(op, {HostTensor({1, 1, 4}, {3.0f, -4.0f, 1.0f, 2.0f})}),
             {1, 1, 3}, {3.0f, 4.1231056f, 2.0f});
  // |x|^p and the sum per window element, the root per output element.
  EXPECT_EQ(*op.getNumFLOPs(), 2 * 3 * 3);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

TEST_F(InferenceNNTest, reductions) {
  // input [2, 3, 4], reduce axes {0, 2}: result [3] (or [1, 3, 1]).
  HostTensor in = random({2, 3, 4});
  std::vector<float> sum(3, 0.0f), sq(3, 0.0f), mx(3, -1e30f), mn(3, 1e30f);
  for (int64_t a = 0; a < 2; ++a) {
    for (int64_t b = 0; b < 3; ++b) {
      for (int64_t c = 0; c < 4; ++c) {
        const float v = in.data[(a * 3 + b) * 4 + c];
        sum[b] += v;
        sq[b] += v * v;
        mx[b] = std::max(mx[b], v);
        mn[b] = std::min(mn[b], v);
      }
    }
  }
  std::vector<float> mean(3), l2(3);
  for (int64_t b = 0; b < 3; ++b) {
    mean[b] = sum[b] / 8.0f;
    l2[b] = std::sqrt(sq[b]);
  }
  auto axes = builder.getDenseI64ArrayAttr({2, -3});
  expectNear(
      run(builder.create<ReduceSumOp>(loc(), arg({2, 3, 4}), axes, false),
          {in}),
      {3}, sum);
  expectNear(
      run(builder.create<ReduceMeanOp>(loc(), arg({2, 3, 4}), axes, true),
          {in}),
      {1, 3, 1}, mean);
  expectNear(
      run(builder.create<ReduceMaxOp>(loc(), arg({2, 3, 4}), axes, false),
          {in}),
      {3}, mx);
  expectNear(
      run(builder.create<ReduceMinOp>(loc(), arg({2, 3, 4}), axes, false),
          {in}),
      {3}, mn);
  auto l2op = builder.create<ReduceL2Op>(loc(), arg({2, 3, 4}), axes, false);
  expectNear(run(l2op, {in}), {3}, l2);
  EXPECT_EQ(*l2op.getNumFLOPs(), 2 * 24 + 3);
}

TEST_F(InferenceNNTest, reduceProd) {
  // [2, 3] over axis 1, values by hand: 1 * 2 * 3 and -1 * 0.5 * 4.
  auto prod = builder.create<ReduceProdOp>(loc(), arg({2, 3}),
                                           builder.getDenseI64ArrayAttr({-1}),
                                           /*keep_dims=*/true);
  expectNear(run(prod, {HostTensor({2, 3}, {1, 2, 3, -1, 0.5f, 4})}), {2, 1},
             {6, -2});
  // Over both axes of an integer tensor; the product saturates to the type.
  Value ints =
      builder
          .create<UnrealizedConversionCastOp>(
              loc(),
              RankedTensorType::get({2, 2}, builder.getIntegerType(8, true)),
              ValueRange{})
          .getResult(0);
  auto all = builder.create<ReduceProdOp>(
      loc(), ints, builder.getDenseI64ArrayAttr({0, 1}), false);
  expectNear(run(all, {HostTensor({2, 2}, {-3, 5, 2, 4})}), {}, {-120});
  expectNear(run(all, {HostTensor({2, 2}, {3, 5, 2, 9})}), {}, {127});
  EXPECT_EQ(*all.getNumFLOPs(), 4);
}

TEST_F(InferenceNNTest, reduceInnerKeptAxis) {
  // Reduce the middle axis of [2, 3, 4]: rows accumulate into contiguous result
  // rows.
  HostTensor in = random({2, 3, 4});
  std::vector<float> expected(8, 0.0f);
  for (int64_t a = 0; a < 2; ++a) {
    for (int64_t b = 0; b < 3; ++b) {
      for (int64_t c = 0; c < 4; ++c) {
        expected[a * 4 + c] += in.data[(a * 3 + b) * 4 + c];
      }
    }
  }
  auto op = builder.create<ReduceSumOp>(
      loc(), arg({2, 3, 4}), builder.getDenseI64ArrayAttr({1}), false);
  expectNear(run(op, {in}), {2, 4}, expected);
}

//===----------------------------------------------------------------------===//
// SoftMax
//===----------------------------------------------------------------------===//

TEST_F(InferenceNNTest, softMaxOnLargeValues) {
  // [2, 3, 2] along axis 1; values around 1000 would overflow a naive exp.
  HostTensor in = random({2, 3, 2}, 5.0f);
  for (float &v : in.data) {
    v += 1000.0f;
  }
  std::vector<float> soft(12), logSoft(12);
  for (int64_t a = 0; a < 2; ++a) {
    for (int64_t c = 0; c < 2; ++c) {
      double m = -1e30;
      for (int64_t b = 0; b < 3; ++b) {
        m = std::max<double>(m, in.data[(a * 3 + b) * 2 + c]);
      }
      double sum = 0.0;
      for (int64_t b = 0; b < 3; ++b) {
        sum += std::exp(in.data[(a * 3 + b) * 2 + c] - m);
      }
      for (int64_t b = 0; b < 3; ++b) {
        const int64_t i = (a * 3 + b) * 2 + c;
        soft[i] = static_cast<float>(std::exp(in.data[i] - m) / sum);
        logSoft[i] = static_cast<float>(in.data[i] - m - std::log(sum));
      }
    }
  }
  expectNear(run(builder.create<SoftMaxOp>(loc(), arg({2, 3, 2}), 1), {in}),
             {2, 3, 2}, soft);
  expectNear(run(builder.create<LogSoftMaxOp>(loc(), arg({2, 3, 2}), -2), {in}),
             {2, 3, 2}, logSoft, 1e-5f);
}

//===----------------------------------------------------------------------===//
// Deconvolution
//===----------------------------------------------------------------------===//

/// Reference transposed convolution: the scatter definition, one input element
/// at a time.
std::vector<float> referenceDeconv(const HostTensor &in, const HostTensor &w,
                                   const std::vector<float> &bias,
                                   const ConvParams &p, int64_t oh,
                                   int64_t ow) {
  const int64_t n = in.shape[0], c = in.shape[1], h = in.shape[2],
                wd = in.shape[3];
  const int64_t ocg = w.shape[1], kh = w.shape[2], kw = w.shape[3];
  const int64_t oc = ocg * p.groups, icg = c / p.groups;
  std::vector<double> out(n * oc * oh * ow, 0.0);
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t o = 0; o < oc; ++o) {
      for (int64_t i = 0; i < oh * ow; ++i) {
        out[(b * oc + o) * oh * ow + i] = bias.empty() ? 0.0 : bias[o];
      }
    }
    for (int64_t ic = 0; ic < c; ++ic) {
      const int64_t g = ic / icg;
      for (int64_t iy = 0; iy < h; ++iy) {
        for (int64_t ix = 0; ix < wd; ++ix) {
          const float v = in.data[((b * c + ic) * h + iy) * wd + ix];
          for (int64_t j = 0; j < ocg; ++j) {
            for (int64_t ky = 0; ky < kh; ++ky) {
              for (int64_t kx = 0; kx < kw; ++kx) {
                const int64_t y = iy * p.sy - p.pby + ky * p.dy;
                const int64_t x = ix * p.sx - p.pbx + kx * p.dx;
                if (y < 0 || y >= oh || x < 0 || x >= ow) {
                  continue;
                }
                out[((b * oc + g * ocg + j) * oh + y) * ow + x] +=
                    v * w.data[((ic * ocg + j) * kh + ky) * kw + kx];
              }
            }
          }
        }
      }
    }
  }
  return std::vector<float>(out.begin(), out.end());
}

TEST_F(InferenceNNTest, deconvolutionWithOutputPadding) {
  ConvParams p;
  p.sy = 2;
  p.sx = 3;
  p.pby = 1;
  p.pbx = 0;
  Value x = arg({2, 3, 4, 5});
  Value w = arg({3, 2, 3, 3});
  Value b = arg({2});
  auto op = builder.create<DeconvolutionOp>(
      loc(), x, w, b, builder.getDenseI64ArrayAttr({2, 3}),
      builder.getDenseI64ArrayAttr({1, 0}),
      builder.getDenseI64ArrayAttr({1, 2}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 2}), builder.getI64IntegerAttr(1));
  // OH = 3 * 2 - 2 + 3 + 1 = 8; OW = 4 * 3 - 2 + 3 + 2 = 15.
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 2, 8, 15}));
  HostTensor in = random({2, 3, 4, 5});
  HostTensor filter = random({3, 2, 3, 3});
  HostTensor bias = random({2});
  expectNear(run(op, {in, filter, bias}), {2, 2, 8, 15},
             referenceDeconv(in, filter, bias.data, p, 8, 15));
  EXPECT_EQ(*op.getNumMACs(), 2 * 3 * 4 * 5 * 2 * 9);
}

TEST_F(InferenceNNTest, groupedDilatedDeconvolution) {
  ConvParams p;
  p.groups = 2;
  p.sy = p.sx = 2;
  p.dy = p.dx = 2;
  p.pby = p.pbx = 1;
  Value x = arg({1, 4, 3, 3});
  Value w = arg({4, 3, 2, 2});
  auto op = builder.create<DeconvolutionOp>(
      loc(), x, w, Value(), builder.getDenseI64ArrayAttr({2, 2}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({2, 2}),
      builder.getDenseI64ArrayAttr({0, 1}), builder.getI64IntegerAttr(2));
  // OH = 2 * 2 - 2 + 2 + 1 = 5; OW = 6.
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({1, 6, 5, 6}));
  HostTensor in = random({1, 4, 3, 3});
  HostTensor filter = random({4, 3, 2, 2});
  expectNear(run(op, {in, filter}), {1, 6, 5, 6},
             referenceDeconv(in, filter, {}, p, 5, 6));
}

//===----------------------------------------------------------------------===//
// Normalisation
//===----------------------------------------------------------------------===//

TEST_F(InferenceNNTest, batchNormInference) {
  HostTensor in = random({2, 3, 2, 2});
  HostTensor gamma = random({3});
  HostTensor beta = random({3});
  HostTensor mean = random({3});
  HostTensor var = random({3});
  for (float &v : var.data) {
    v = std::fabs(v) + 0.1f;
  }
  std::vector<float> expected(24);
  for (int64_t i = 0; i < 24; ++i) {
    const int64_t c = (i / 4) % 3;
    expected[i] = (in.data[i] - mean.data[c]) / std::sqrt(var.data[c] + 1e-3f) *
                      gamma.data[c] +
                  beta.data[c];
  }
  Value c = arg({3});
  auto op = builder.create<BatchNormInferenceOp>(
      loc(), arg({2, 3, 2, 2}), c, c, c, c, builder.getF64FloatAttr(1e-3));
  expectNear(run(op, {in, gamma, beta, mean, var}), {2, 3, 2, 2}, expected);
  EXPECT_EQ(*op.getNumFLOPs(), 4 * 24);
}

/// Reference MVN over the last two dims of [A, B, C, D] (per (a, b)) or the
/// last three.
std::vector<float> referenceMVN(const HostTensor &in, int64_t groupSize,
                                bool normalizeVariance, float eps,
                                bool inside) {
  std::vector<float> out(in.data.size());
  for (size_t g = 0; g < in.data.size() / groupSize; ++g) {
    double sum = 0.0;
    for (int64_t i = 0; i < groupSize; ++i) {
      sum += in.data[g * groupSize + i];
    }
    const double mean = sum / groupSize;
    double sq = 0.0;
    for (int64_t i = 0; i < groupSize; ++i) {
      const double d = in.data[g * groupSize + i] - mean;
      sq += d * d;
    }
    const double var = sq / groupSize;
    const double div = !normalizeVariance ? 1.0
                       : inside           ? std::sqrt(var + eps)
                                          : std::sqrt(var) + eps;
    for (int64_t i = 0; i < groupSize; ++i) {
      out[g * groupSize + i] =
          static_cast<float>((in.data[g * groupSize + i] - mean) / div);
    }
  }
  return out;
}

TEST_F(InferenceNNTest, mvn) {
  HostTensor in = random({2, 3, 4, 5}, 3.0f);
  struct Case {
    std::vector<int64_t> axes;
    int64_t groupSize;
    bool normalizeVariance;
    MvnEpsMode mode;
  };
  const Case cases[] = {{{2, 3}, 20, true, MvnEpsMode::INSIDE_SQRT},
                        {{-1, 1, 2}, 60, true, MvnEpsMode::OUTSIDE_SQRT},
                        {{3, 2}, 20, false, MvnEpsMode::INSIDE_SQRT}};
  for (const Case &c : cases) {
    auto op = builder.create<MVNOp>(
        loc(), arg({2, 3, 4, 5}), ArrayRef<int64_t>(c.axes),
        c.normalizeVariance, llvm::APFloat(0.5), c.mode);
    expectNear(run(op, {in}), {2, 3, 4, 5},
               referenceMVN(in, c.groupSize, c.normalizeVariance, 0.5f,
                            c.mode == MvnEpsMode::INSIDE_SQRT));
  }
}

TEST_F(InferenceNNTest, mvnNonTrailingAxes) {
  // Axes {0, 2} of [2, 3, 4]: groups are the 3 channels, strided in memory.
  HostTensor in = random({2, 3, 4});
  std::vector<float> expected(24);
  for (int64_t b = 0; b < 3; ++b) {
    double sum = 0.0, sq = 0.0;
    for (int64_t a = 0; a < 2; ++a) {
      for (int64_t c = 0; c < 4; ++c) {
        sum += in.data[(a * 3 + b) * 4 + c];
      }
    }
    const double mean = sum / 8;
    for (int64_t a = 0; a < 2; ++a) {
      for (int64_t c = 0; c < 4; ++c) {
        const double d = in.data[(a * 3 + b) * 4 + c] - mean;
        sq += d * d;
      }
    }
    const double div = std::sqrt(sq / 8 + 1e-6);
    for (int64_t a = 0; a < 2; ++a) {
      for (int64_t c = 0; c < 4; ++c) {
        const int64_t i = (a * 3 + b) * 4 + c;
        expected[i] = static_cast<float>((in.data[i] - mean) / div);
      }
    }
  }
  auto op =
      builder.create<MVNOp>(loc(), arg({2, 3, 4}), ArrayRef<int64_t>{0, 2},
                            true, llvm::APFloat(1e-6), MvnEpsMode::INSIDE_SQRT);
  expectNear(run(op, {in}), {2, 3, 4}, expected);
}

TEST_F(InferenceNNTest, layerNormalization) {
  // [2, 3, 4] normalised over axes {1, 2}; scale [3, 1] broadcasts to [3, 4],
  // bias [4].
  HostTensor in = random({2, 3, 4}, 2.0f);
  HostTensor scale = random({3, 1});
  HostTensor bias = random({4});
  std::vector<float> expected(24);
  for (int64_t a = 0; a < 2; ++a) {
    double sum = 0.0, sq = 0.0;
    for (int64_t i = 0; i < 12; ++i) {
      sum += in.data[a * 12 + i];
    }
    const double mean = sum / 12;
    for (int64_t i = 0; i < 12; ++i) {
      sq += (in.data[a * 12 + i] - mean) * (in.data[a * 12 + i] - mean);
    }
    const double div = std::sqrt(sq / 12 + 1e-5);
    for (int64_t i = 0; i < 12; ++i) {
      expected[a * 12 + i] = static_cast<float>((in.data[a * 12 + i] - mean) /
                                                    div * scale.data[i / 4] +
                                                bias.data[i % 4]);
    }
  }
  auto op = builder.create<LayerNormalizationOp>(
      loc(), arg({2, 3, 4}), arg({3, 1}), arg({4}), 1, llvm::APFloat(1e-5));
  expectNear(run(op, {in, scale, bias}), {2, 3, 4}, expected);
  EXPECT_EQ(*op.getNumFLOPs(), 8 * 24);
}

TEST_F(InferenceNNTest, layerNormalizationLastAxisNoBias) {
  HostTensor in = random({3, 5});
  HostTensor scale = random({5});
  std::vector<float> expected(15);
  for (int64_t a = 0; a < 3; ++a) {
    double sum = 0.0, sq = 0.0;
    for (int64_t i = 0; i < 5; ++i) {
      sum += in.data[a * 5 + i];
    }
    const double mean = sum / 5;
    for (int64_t i = 0; i < 5; ++i) {
      sq += (in.data[a * 5 + i] - mean) * (in.data[a * 5 + i] - mean);
    }
    for (int64_t i = 0; i < 5; ++i) {
      expected[a * 5 + i] =
          static_cast<float>((in.data[a * 5 + i] - mean) /
                             std::sqrt(sq / 5 + 1e-5) * scale.data[i]);
    }
  }
  auto op = builder.create<LayerNormalizationOp>(
      loc(), arg({3, 5}), arg({5}), Value(), -1, llvm::APFloat(1e-5));
  expectNear(run(op, {in, scale}), {3, 5}, expected);
}

//===----------------------------------------------------------------------===//
// Speed
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// 1-D window ops
//===----------------------------------------------------------------------===//

/// `tensor` [A, B, W] as [A, B, 1, W] (the same values).
HostTensor withUnitH(const HostTensor &tensor) {
  return HostTensor({tensor.shape[0], tensor.shape[1], 1, tensor.shape[2]},
                    tensor.data);
}

TEST_F(InferenceNNTest, groupConvolution1DIsTheHeightOneConvolution) {
  ConvParams p;
  p.sx = 2;
  p.pbx = 1;
  p.pex = 2;
  p.dx = 2;
  p.groups = 2;
  auto op = builder.create<GroupConvolutionOp>(
      loc(), arg({2, 4, 11}), arg({6, 2, 3}), arg({6}),
      builder.getDenseI64ArrayAttr({2}), builder.getDenseI64ArrayAttr({1}),
      builder.getDenseI64ArrayAttr({2}), builder.getDenseI64ArrayAttr({2}),
      builder.getI64IntegerAttr(2));
  // floor((11 + 1 + 2 - 5) / 2) + 1 = 5
  ASSERT_EQ(resultShape(op), ArrayRef<int64_t>({2, 6, 5}));
  HostTensor in = random({2, 4, 11});
  HostTensor filter = random({6, 2, 3});
  HostTensor bias = random({6});
  expectNear(
      run(op, {in, filter, bias}), {2, 6, 5},
      referenceConv(withUnitH(in), withUnitH(filter), bias.data, p, 1, 5));
  EXPECT_EQ(*op.getNumMACs(), 2 * 6 * 5 * 2 * 3);
}

TEST_F(InferenceNNTest, deconvolution1D) {
  auto op = builder.create<DeconvolutionOp>(
      loc(), arg({1, 1, 2}), arg({1, 1, 2}), Value(),
      builder.getDenseI64ArrayAttr({2}), builder.getDenseI64ArrayAttr({0}),
      builder.getDenseI64ArrayAttr({0}), builder.getDenseI64ArrayAttr({1}),
      builder.getDenseI64ArrayAttr({1}), builder.getI64IntegerAttr(1));
  // (2 - 1) * 2 + (2 - 1) + 1 + 1 = 5; each input scatters to two positions.
  expectNear(run(op, {HostTensor({1, 1, 2}, {1.0f, 2.0f}),
                      HostTensor({1, 1, 2}, {1.0f, 1.0f})}),
             {1, 1, 5}, {1.0f, 1.0f, 2.0f, 2.0f, 0.0f});
}

TEST_F(InferenceNNTest, pools1D) {
  auto maxPool = builder.create<MaxPoolOp>(
      loc(), arg({1, 1, 5}), builder.getDenseI64ArrayAttr({2}),
      builder.getDenseI64ArrayAttr({2}), builder.getDenseI64ArrayAttr({0}),
      builder.getDenseI64ArrayAttr({1}), RoundingType::FLOOR);
  expectNear(
      run(maxPool, {HostTensor({1, 1, 5}, {1.0f, 5.0f, 2.0f, 4.0f, 3.0f})}),
      {1, 1, 3}, {5.0f, 4.0f, 3.0f});
  EXPECT_EQ(*maxPool.getNumFLOPs(), 3 * 2);
  for (bool excludePad : {false, true}) {
    auto avgPool = builder.create<AvgPoolOp>(
        loc(), arg({1, 1, 3}), builder.getDenseI64ArrayAttr({3}),
        builder.getDenseI64ArrayAttr({1}), builder.getDenseI64ArrayAttr({1}),
        builder.getDenseI64ArrayAttr({1}), RoundingType::FLOOR, excludePad);
    std::vector<float> expected =
        excludePad ? std::vector<float>{1.5f, 2.0f, 2.5f}
                   : std::vector<float>{1.0f, 2.0f, 5.0f / 3.0f};
    expectNear(run(avgPool, {HostTensor({1, 1, 3}, {1.0f, 2.0f, 3.0f})}),
               {1, 1, 3}, expected);
  }
}

TEST_F(InferenceNNTest, realSizedConvolutionRuns) {
  // A 3x3 convolution over 1x32x112x112 (as in MobileNet); checks a sample of
  // outputs.
  ConvParams p;
  p.pby = p.pbx = p.pey = p.pex = 1;
  Value x = arg({1, 32, 112, 112});
  Value w = arg({32, 32, 3, 3});
  auto op = builder.create<ConvolutionOp>(loc(), x, w, Value(),
                                          builder.getDenseI64ArrayAttr({1, 1}),
                                          builder.getDenseI64ArrayAttr({1, 1}),
                                          builder.getDenseI64ArrayAttr({1, 1}),
                                          builder.getDenseI64ArrayAttr({1, 1}));
  HostTensor in = random({1, 32, 112, 112});
  HostTensor filter = random({32, 32, 3, 3});
  HostTensor out = run(op, {in, filter});
  ASSERT_EQ(out.data.size(), 32u * 112 * 112);
  for (int64_t sample :
       {0, 1, 111, 112 * 57 + 3, 31 * 112 * 112 + 112 * 112 - 1}) {
    const int64_t oc = sample / (112 * 112), oy = (sample / 112) % 112,
                  ox = sample % 112;
    double sum = 0.0;
    for (int64_t ic = 0; ic < 32; ++ic) {
      for (int64_t ky = 0; ky < 3; ++ky) {
        for (int64_t kx = 0; kx < 3; ++kx) {
          const int64_t iy = oy - 1 + ky, ix = ox - 1 + kx;
          if (iy >= 0 && iy < 112 && ix >= 0 && ix < 112) {
            sum += in.data[(ic * 112 + iy) * 112 + ix] *
                   filter.data[((oc * 32 + ic) * 3 + ky) * 3 + kx];
          }
        }
      }
    }
    EXPECT_NEAR(out.data[sample], sum, 1e-3);
  }
}

TEST_F(InferenceNNTest, inferenceChecksActualShapes) {
  Value x = arg({1, 3, 4, 4});
  Value w = arg({2, 3, 3, 3});
  auto op = builder.create<ConvolutionOp>(loc(), x, w, Value(),
                                          builder.getDenseI64ArrayAttr({1, 1}),
                                          builder.getDenseI64ArrayAttr({0, 0}),
                                          builder.getDenseI64ArrayAttr({0, 0}),
                                          builder.getDenseI64ArrayAttr({1, 1}));
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  SmallVector<HostTensor> outputs;
  EXPECT_TRUE(failed(
      op.inferOnCPU({random({1, 3, 5, 4}), random({2, 3, 3, 3})}, outputs)));
  EXPECT_EQ(message,
            "'IE.Convolution' op inference input #0 has shape [1, 3, 5, 4] but "
            "operand #0 has type 'tensor<1x3x4x4xf32>'");
}

} // namespace
} // namespace mlir::vpuc::IE
