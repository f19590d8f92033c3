//===- NceTest.cpp - NCE cluster tasks on the emulator ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Blobs with one NCE cluster task between DMAs (input and weights to CMX,
// result back), run on the emulator and compared bit for bit with
// kernels/reference followed by the weights table's scale and bias, the PPE
// and a round to FP16 (the inputs and weights are small dyadic fractions, so
// every FP32 sum is exact whatever the order). Also: variant splits, DPU
// timing, hazards over the CMX boxes, weights table and barrier-count errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <optional>

#include "emulator/unittests/TestUtils.h"
#include "kernels/reference/Convolution.h"
#include "kernels/reference/Pooling.h"
#include "llvm/ADT/bit.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using namespace testing;
using blob::NceTaskDesc;
using blob::tensorType;
using blob::TensorTypeDesc;
namespace schema = ::vpuc::schema;
using Type = schema::NceTaskType;
constexpr auto kInput = schema::MemoryLocation::NETWORK_INPUT;
constexpr auto kOutput = schema::MemoryLocation::NETWORK_OUTPUT;
constexpr auto kCmx = schema::MemoryLocation::CMX_NN;
constexpr auto kConst = schema::MemoryLocation::CONSTANT;

/// One NCE task and its data.
struct NceCase {
  Type type = Type::CONV;
  int64_t inC = 16, height = 4, width = 4, outC = 16;
  int64_t kernelH = 1, kernelW = 1, strideH = 1, strideW = 1;
  int64_t padTop = 0, padBottom = 0, padLeft = 0, padRight = 0;
  std::optional<NceTaskDesc::Ppe> ppe;
  /// Empty: one variant over the whole output on DPU 0.
  std::vector<NceTaskDesc::Variant> variants;
  /// The per-channel scale of the weights table.
  float scale = 1.0f;

  int64_t outH() const {
    return (height + padTop + padBottom - kernelH) / strideH + 1;
  }
  int64_t outW() const {
    return (width + padLeft + padRight - kernelW) / strideW + 1;
  }
  bool weighted() const { return type == Type::CONV || type == Type::DWCONV; }
  bool eltwise() const {
    return type == Type::ELTWISE_ADD || type == Type::ELTWISE_SUB ||
           type == Type::ELTWISE_MUL;
  }
  int64_t weightsIC() const { return type == Type::CONV ? inC : 1; }

  /// Deterministic dyadic data.
  std::vector<float> input() const {
    std::vector<float> values;
    for (int64_t i = 0; i < inC * height * width; ++i) {
      values.push_back(static_cast<float>((i * 7) % 13 - 6) / 4.0f);
    }
    return values;
  }
  std::vector<float> input2() const {
    std::vector<float> values;
    for (int64_t i = 0; i < inC * height * width; ++i) {
      values.push_back(static_cast<float>((i * 5) % 11 - 5) / 8.0f);
    }
    return values;
  }
  /// OC x ICw x KH x KW, logical order.
  std::vector<float> weights() const {
    std::vector<float> values;
    for (int64_t i = 0; i < outC * weightsIC() * kernelH * kernelW; ++i) {
      values.push_back(static_cast<float>((i * 3) % 9 - 4) / 8.0f);
    }
    return values;
  }
  std::vector<float> bias() const {
    std::vector<float> values;
    for (int64_t k = 0; k < outC; ++k) {
      values.push_back(static_cast<float>(k % 5 - 2) / 4.0f);
    }
    return values;
  }
};

/// A whole-output variant of `c` on `dpu`.
NceTaskDesc::Variant wholeVariant(const NceCase &c, uint32_t dpu = 0) {
  NceTaskDesc::Variant variant;
  variant.end = {static_cast<uint32_t>(c.outW() - 1),
                 static_cast<uint32_t>(c.outH() - 1),
                 static_cast<uint32_t>(c.outC - 1)};
  variant.pad = {
      static_cast<uint32_t>(c.padTop), static_cast<uint32_t>(c.padBottom),
      static_cast<uint32_t>(c.padLeft), static_cast<uint32_t>(c.padRight)};
  variant.dpu = dpu;
  return variant;
}

/// The variant of box [x0, y0, z0] - [x1, y1, z1] of `c`, with its padding.
NceTaskDesc::Variant boxVariant(const NceCase &c, std::array<uint32_t, 3> start,
                                std::array<uint32_t, 3> end, uint32_t dpu,
                                schema::MpeMode mpe = schema::MpeMode::VECTOR) {
  NceTaskDesc::Variant variant;
  variant.start = start;
  variant.end = end;
  variant.pad = {
      start[1] == 0 ? static_cast<uint32_t>(c.padTop) : 0,
      end[1] == c.outH() - 1 ? static_cast<uint32_t>(c.padBottom) : 0,
      start[0] == 0 ? static_cast<uint32_t>(c.padLeft) : 0,
      end[0] == c.outW() - 1 ? static_cast<uint32_t>(c.padRight) : 0};
  variant.dpu = dpu;
  variant.mpe = mpe;
  return variant;
}

/// FP16 bytes of `values`.
std::vector<uint8_t> f16Bytes(const std::vector<float> &values) {
  std::vector<uint8_t> bytes(values.size() * 2);
  for (size_t i = 0; i < values.size(); ++i) {
    uint16_t bits = numeric::floatToF16Bits(values[i]);
    std::memcpy(bytes.data() + 2 * i, &bits, 2);
  }
  return bytes;
}

/// Tensor indices of a built NCE blob, for tests that add tasks.
struct NceBlobParts {
  uint32_t cmxIn = 0, cmxIn2 = 0, cmxWeights = 0, cmxTable = 0, cmxOut = 0;
  uint32_t loaded = 0, computed = 0;
  uint64_t inOffset = 0, outOffset = 0, weightsOffset = 0;
};

/// Appends the DMA of the result of `c` to the network output.
void addStore(blob::BlobBuilder &builder, const NceCase &c,
              const NceBlobParts &p) {
  TensorTypeDesc outNchw =
      tensorType(schema::DType::F16, {1, c.outC, c.outH(), c.outW()});
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, outNchw);
  builder.addDmaTask(0, p.cmxOut, y, {{p.computed}, {}}, "y/store");
}

/// Builds the blob of `c` on VPUX30XX (5 DPUs per cluster): DMAs of the
/// input(s), weights and weights table to CMX (barrier `loaded`), the NCE task
/// (barrier `computed`), a DMA of the result to the output. `tableRows`
/// overrides the weights table.
blob::BlobBuilder
buildNce(const NceCase &c, NceBlobParts *parts = nullptr,
         const std::vector<std::array<uint32_t, 4>> *tableRows = nullptr,
         bool storeResult = true) {
  blob::BlobBuilder builder = make30xxBuilder();
  TensorTypeDesc inNchw =
      tensorType(schema::DType::F16, {1, c.inC, c.height, c.width});
  TensorTypeDesc inNhwc =
      tensorType(schema::DType::F16, {1, c.inC, c.height, c.width},
                 shape::DimsOrder::NHWC);
  TensorTypeDesc outNchw =
      tensorType(schema::DType::F16, {1, c.outC, c.outH(), c.outW()});
  TensorTypeDesc outNhwc =
      tensorType(schema::DType::F16, {1, c.outC, c.outH(), c.outW()},
                 shape::DimsOrder::NHWC);
  builder.addInput("x", inNchw);
  if (c.eltwise()) {
    builder.addInput("x2", inNchw);
  }
  builder.addOutput("y", outNchw);
  NceBlobParts local;
  NceBlobParts &p = parts ? *parts : local;
  uint64_t next = 0;
  auto place = [&](uint64_t bytes) {
    uint64_t offset = next;
    // A gap of 64 bytes after each buffer.
    next = (next + bytes + 64 + 63) / 64 * 64;
    return offset;
  };
  uint64_t inBytes = c.inC * c.height * c.width * 2;
  p.inOffset = place(inBytes);
  p.cmxIn = builder.addTensor("x_cmx", kCmx, 0, p.inOffset, inNhwc);
  p.loaded = builder.addBarrier(0);
  p.computed = builder.addBarrier(1);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, inNchw);
  builder.addDmaTask(0, x, p.cmxIn, {{}, {p.loaded}}, "x/load");
  NceTaskDesc nce;
  nce.type = c.type;
  nce.input = p.cmxIn;
  if (c.eltwise()) {
    uint32_t x2 = builder.addTensor("x2", kInput, 1, 0, inNchw);
    p.cmxIn2 = builder.addTensor("x2_cmx", kCmx, 0, place(inBytes), inNhwc);
    builder.addDmaTask(0, x2, p.cmxIn2, {{}, {p.loaded}}, "x2/load");
    nce.input2 = p.cmxIn2;
  }
  if (c.weighted()) {
    // Weights in (ky, kx, ic) order per output channel.
    std::vector<float> logical = c.weights();
    std::vector<float> ordered;
    int64_t icw = c.weightsIC();
    for (int64_t k = 0; k < c.outC; ++k) {
      for (int64_t ky = 0; ky < c.kernelH; ++ky) {
        for (int64_t kx = 0; kx < c.kernelW; ++kx) {
          for (int64_t ic = 0; ic < icw; ++ic) {
            ordered.push_back(
                logical[((k * icw + ic) * c.kernelH + ky) * c.kernelW + kx]);
          }
        }
      }
    }
    TensorTypeDesc weightsType =
        tensorType(schema::DType::F16, {c.outC, icw, c.kernelH, c.kernelW},
                   shape::DimsOrder::NHWC);
    uint64_t constOffset = builder.addConstant(f16Bytes(ordered));
    uint32_t weights =
        builder.addTensor("w", kConst, 0, constOffset, weightsType);
    p.weightsOffset = place(ordered.size() * 2);
    p.cmxWeights =
        builder.addTensor("w_cmx", kCmx, 0, p.weightsOffset, weightsType);
    builder.addDmaTask(0, weights, p.cmxWeights, {{}, {p.loaded}}, "w/load");
    std::vector<uint8_t> table;
    uint32_t block = static_cast<uint32_t>(icw * c.kernelH * c.kernelW * 2);
    std::vector<float> bias = c.bias();
    for (int64_t k = 0; k < c.outC; ++k) {
      std::array<uint32_t, 4> row = {
          static_cast<uint32_t>(k) * block, 0xFFFFFFFFu,
          llvm::bit_cast<uint32_t>(c.scale), llvm::bit_cast<uint32_t>(bias[k])};
      if (tableRows) {
        row = (*tableRows)[k];
      }
      const auto *bytes = reinterpret_cast<const uint8_t *>(row.data());
      table.insert(table.end(), bytes, bytes + 16);
    }
    TensorTypeDesc tableType =
        tensorType(schema::DType::I32, {c.outC, 1, 1, 4});
    uint32_t tableConst = builder.addTensor(
        "wt", kConst, 0, builder.addConstant(table), tableType);
    p.cmxTable =
        builder.addTensor("wt_cmx", kCmx, 0, place(table.size()), tableType);
    builder.addDmaTask(0, tableConst, p.cmxTable, {{}, {p.loaded}}, "wt/load");
    nce.weights = p.cmxWeights;
    nce.weightsTable = p.cmxTable;
  }
  p.outOffset = place(c.outC * c.outH() * c.outW() * 2);
  p.cmxOut = builder.addTensor("y_cmx", kCmx, 0, p.outOffset, outNhwc);
  nce.output = p.cmxOut;
  nce.kernelH = c.kernelH;
  nce.kernelW = c.kernelW;
  nce.strideH = c.strideH;
  nce.strideW = c.strideW;
  nce.padTop = c.padTop;
  nce.padBottom = c.padBottom;
  nce.padLeft = c.padLeft;
  nce.padRight = c.padRight;
  nce.ppe = c.ppe;
  nce.variants = c.variants;
  if (nce.variants.empty()) {
    nce.variants.push_back(wholeVariant(c));
  }
  builder.addNceTask(0, std::move(nce), {{p.loaded}, {p.computed}}, "nce");
  if (storeResult) {
    addStore(builder, c, p);
  }
  return builder;
}

npy::ArrayMap inputsOf(const NceCase &c) {
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({1, c.inC, c.height, c.width}, c.input())});
  if (c.eltwise()) {
    inputs.insert({"x2", f16Array({1, c.inC, c.height, c.width}, c.input2())});
  }
  return inputs;
}

/// The reference result of `c` in NCHW order, rounded to FP16.
std::vector<uint16_t> reference(const NceCase &c) {
  // The inputs as the DPU sees them (FP16 values).
  auto asF16 = [](std::vector<float> values) {
    for (float &value : values) {
      value = numeric::f16BitsToFloat(numeric::floatToF16Bits(value));
    }
    return values;
  };
  std::vector<float> input = asF16(c.input());
  std::vector<float> result(c.outC * c.outH() * c.outW());
  if (c.type == Type::CONV || c.type == Type::DWCONV) {
    kernels::ConvGeometry g;
    g.inChannels = c.inC;
    g.inH = c.height;
    g.inW = c.width;
    g.outChannels = c.outC;
    g.outH = c.outH();
    g.outW = c.outW();
    g.kernelH = c.kernelH;
    g.kernelW = c.kernelW;
    g.strideH = c.strideH;
    g.strideW = c.strideW;
    g.padTop = c.padTop;
    g.padLeft = c.padLeft;
    g.groups = c.type == Type::DWCONV ? c.inC : 1;
    EXPECT_TRUE(kernels::isValid(g));
    std::vector<float> weights = asF16(c.weights());
    kernels::convolution(g, input.data(), weights.data(), nullptr,
                         result.data());
    std::vector<float> bias = c.bias();
    int64_t plane = c.outH() * c.outW();
    for (int64_t k = 0; k < c.outC; ++k) {
      for (int64_t i = 0; i < plane; ++i) {
        float &value = result[k * plane + i];
        value = value * c.scale + bias[k];
      }
    }
  } else if (c.type == Type::MAXPOOL || c.type == Type::AVEPOOL) {
    kernels::PoolGeometry g;
    g.planes = c.inC;
    g.inH = c.height;
    g.inW = c.width;
    g.outH = c.outH();
    g.outW = c.outW();
    g.kernelH = c.kernelH;
    g.kernelW = c.kernelW;
    g.strideH = c.strideH;
    g.strideW = c.strideW;
    g.padTop = c.padTop;
    g.padLeft = c.padLeft;
    g.padBottom = c.padBottom;
    g.padRight = c.padRight;
    EXPECT_TRUE(kernels::isValid(g));
    if (c.type == Type::MAXPOOL) {
      kernels::maxPool(g, input.data(), result.data());
    } else {
      kernels::avgPool(g, /*excludePad=*/false, input.data(), result.data());
    }
  } else {
    std::vector<float> input2 = asF16(c.input2());
    for (size_t i = 0; i < result.size(); ++i) {
      float a = input[i], b = input2[i];
      result[i] = c.type == Type::ELTWISE_ADD   ? a + b
                  : c.type == Type::ELTWISE_SUB ? a - b
                                                : a * b;
    }
  }
  std::vector<uint16_t> bits;
  for (float value : result) {
    if (c.ppe) {
      switch (c.ppe->mode) {
      case schema::PpeMode::RELU:
        value = std::max(value, 0.0f);
        break;
      case schema::PpeMode::RELUX:
        value = std::min(std::max(value, c.ppe->clampLow), c.ppe->clampHigh);
        break;
      case schema::PpeMode::LRELU:
        value = value < 0 ? c.ppe->alpha * value : value;
        break;
      default:
        break;
      }
    }
    bits.push_back(numeric::floatToF16Bits(value));
  }
  return bits;
}

NceTaskDesc::Ppe ppe(schema::PpeMode mode, float low = 0, float high = 0,
                     float alpha = 0) {
  NceTaskDesc::Ppe result;
  result.mode = mode;
  result.clampLow = low;
  result.clampHigh = high;
  result.alpha = alpha;
  return result;
}

/// Runs `c` and checks it against the reference; returns the run.
RunResult runAndCheck(const NceCase &c) {
  RunResult result = runBlob(buildNce(c).finish(), inputsOf(c));
  EXPECT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
  EXPECT_TRUE(result.report.completed);
  if (!result.report.completed) {
    return result;
  }
  const npy::Array &out = result.outputs.find("y")->second;
  EXPECT_THAT(out.shape, ElementsAre(1, c.outC, c.outH(), c.outW()));
  std::vector<uint16_t> got(out.getValues<uint16_t>().begin(),
                            out.getValues<uint16_t>().end());
  std::vector<uint16_t> expected = reference(c);
  EXPECT_EQ(got.size(), expected.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < std::min(got.size(), expected.size()); ++i) {
    if (got[i] != expected[i] && mismatches++ < 5) {
      ADD_FAILURE() << "element " << i << ": got "
                    << numeric::f16BitsToFloat(got[i]) << ", expected "
                    << numeric::f16BitsToFloat(expected[i]);
    }
  }
  EXPECT_EQ(mismatches, 0u);
  return result;
}

//===----------------------------------------------------------------------===//
// Arithmetic against kernels/reference
//===----------------------------------------------------------------------===//

TEST(NceTest, conv1x1) {
  NceCase c;
  c.inC = 16;
  c.outC = 32;
  c.height = 3;
  c.width = 5;
  runAndCheck(c);
}

TEST(NceTest, conv3x3Stride2PaddedWithRelu) {
  NceCase c;
  c.inC = 8;
  c.outC = 16;
  c.height = 7;
  c.width = 6;
  c.kernelH = c.kernelW = 3;
  c.strideH = c.strideW = 2;
  c.padTop = c.padLeft = 1;
  c.padBottom = 1;
  c.padRight = 0;
  c.ppe = ppe(schema::PpeMode::RELU);
  ASSERT_EQ(c.outH(), 4);
  ASSERT_EQ(c.outW(), 3);
  runAndCheck(c);
}

TEST(NceTest, convScaleFromTheWeightsTable) {
  NceCase c;
  c.inC = 16;
  c.kernelH = c.kernelW = 3;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
  c.scale = 0.5f;
  runAndCheck(c);
}

TEST(NceTest, depthwiseWithClamp) {
  NceCase c;
  c.type = Type::DWCONV;
  c.inC = c.outC = 16;
  c.height = c.width = 5;
  c.kernelH = c.kernelW = 3;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
  c.ppe = ppe(schema::PpeMode::RELUX, -0.5f, 1.0f);
  runAndCheck(c);
}

TEST(NceTest, maxPoolWithLeakyRelu) {
  NceCase c;
  c.type = Type::MAXPOOL;
  c.inC = c.outC = 16;
  c.height = c.width = 6;
  c.kernelH = c.kernelW = 3;
  c.strideH = c.strideW = 2;
  c.padTop = c.padLeft = 1;
  c.ppe = ppe(schema::PpeMode::LRELU, 0, 0, 0.1f);
  runAndCheck(c);
}

TEST(NceTest, avgPoolCountsThePadding) {
  NceCase c;
  c.type = Type::AVEPOOL;
  c.inC = c.outC = 16;
  c.height = c.width = 5;
  c.kernelH = c.kernelW = 2;
  c.strideH = c.strideW = 2;
  c.padBottom = c.padRight = 1;
  runAndCheck(c);
}

TEST(NceTest, eltwiseOps) {
  for (Type type : {Type::ELTWISE_ADD, Type::ELTWISE_SUB, Type::ELTWISE_MUL}) {
    SCOPED_TRACE(schema::EnumNameNceTaskType(type));
    NceCase c;
    c.type = type;
    c.inC = c.outC = 32;
    c.height = 3;
    c.width = 5;
    runAndCheck(c);
  }
}

TEST(NceTest, everyPpeOnConv) {
  for (const NceTaskDesc::Ppe &mode :
       {ppe(schema::PpeMode::NONE), ppe(schema::PpeMode::RELU),
        ppe(schema::PpeMode::RELUX, 0.0f, 2.0f),
        ppe(schema::PpeMode::LRELU, 0, 0, 0.25f)}) {
    SCOPED_TRACE(schema::EnumNamePpeMode(mode.mode));
    NceCase c;
    c.inC = 16;
    c.kernelH = c.kernelW = 3;
    c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
    c.ppe = mode;
    runAndCheck(c);
  }
}

//===----------------------------------------------------------------------===//
// Variants and timing
//===----------------------------------------------------------------------===//

TEST(NceTest, variantSplitsGiveTheSameResult) {
  NceCase single;
  single.inC = 16;
  single.outC = 32;
  single.height = single.width = 8;
  single.kernelH = single.kernelW = 3;
  single.padTop = single.padBottom = single.padLeft = single.padRight = 1;
  single.ppe = ppe(schema::PpeMode::RELU);
  RunResult one = runAndCheck(single);

  // Over H and over C on four DPUs, one DPU running two variants.
  NceCase split = single;
  split.variants = {
      boxVariant(split, {0, 0, 0}, {7, 2, 15}, 0),
      boxVariant(split, {0, 3, 0}, {7, 7, 15}, 1),
      boxVariant(split, {0, 0, 16}, {7, 4, 31}, 2, schema::MpeMode::MATRIX),
      boxVariant(split, {0, 5, 16}, {3, 7, 31}, 3),
      boxVariant(split, {4, 5, 16}, {7, 7, 31}, 3)};
  RunResult many = runAndCheck(split);
  ASSERT_TRUE(one.report.completed && many.report.completed);
  EXPECT_EQ(one.outputs.find("y")->second.data,
            many.outputs.find("y")->second.data);

  // The variants overlap on their DPUs: the task takes the overhead plus
  // its busiest DPU, less than one DPU doing everything.
  auto nceRecord = [](const RunReport &report) {
    for (const TaskRecord &record : report.tasks) {
      if (report.executors[record.executor].name == "NCE0") {
        return record;
      }
    }
    return TaskRecord();
  };
  TaskRecord oneTask = nceRecord(one.report);
  TaskRecord manyTask = nceRecord(many.report);
  EXPECT_LT(manyTask.endCycles - manyTask.startCycles,
            oneTask.endCycles - oneTask.startCycles);
  ASSERT_EQ(many.report.dpus.size(), 4u);
  EXPECT_EQ(many.report.dpus[3].name, "NCE0.DPU3");
  EXPECT_EQ(many.report.dpus[3].variants, 2u);
  ASSERT_EQ(many.report.variants.size(), 5u);
  // DPU 3's second variant starts when its first ends.
  EXPECT_EQ(many.report.variants[4].startCycles,
            many.report.variants[3].endCycles);
  // DPUs 0 and 1 start together, after the task overhead (100 cycles).
  EXPECT_EQ(many.report.variants[0].startCycles,
            many.report.variants[1].startCycles);
  EXPECT_EQ(many.report.variants[0].startCycles, manyTask.startCycles + 100);
  double longest = 0;
  for (const DpuSummary &dpu : many.report.dpus) {
    longest = std::max(longest, dpu.busyCycles);
  }
  EXPECT_DOUBLE_EQ(manyTask.endCycles - manyTask.startCycles, 100 + longest);
}

TEST(NceTest, numericsCheckOfTheVariants) {
  // A scale of 1e6 takes most sums beyond the FP16 range: the variants'
  // output boxes make one finding of the task's output, with the first Inf
  // as an index of the whole output.
  NceCase c;
  c.inC = 16;
  c.outC = 32;
  c.height = c.width = 4;
  c.scale = 1.0e6f;
  c.variants = {boxVariant(c, {0, 0, 0}, {3, 3, 15}, 0),
                boxVariant(c, {0, 0, 16}, {3, 3, 31}, 1)};
  RunResult result = runBlob(buildNce(c).finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
  ASSERT_EQ(result.report.numerics.size(), 1u);
  const NumericsIssue &issue = result.report.numerics[0];
  EXPECT_EQ(issue.finding.kind, NumericsIssueKind::Inf);
  EXPECT_EQ(issue.finding.buffer, "output");
  EXPECT_THAT(issue.finding.dims, ElementsAre(1, 32, 4, 4));
  // The reference: the elements the check should count.
  std::vector<uint16_t> expected = reference(c);
  uint64_t infs = 0;
  for (uint16_t bits : expected) {
    infs += (bits & 0x7fff) == 0x7c00;
  }
  EXPECT_GT(infs, 0u);
  EXPECT_EQ(issue.finding.count, infs);
  EXPECT_EQ(issue.finding.firstIndex.size(), 4u);
  ASSERT_EQ(result.report.warnings.size(), 1u);
  EXPECT_THAT(result.report.warnings[0].message,
              HasSubstr("NCE0 task 0 'nce': output (1x32x4x4 f16): "));

  // The same scale on a weights table without overflow is clean.
  c.scale = 1.0f;
  RunResult clean = runBlob(buildNce(c).finish(), inputsOf(c));
  EXPECT_TRUE(clean.report.numerics.empty());
}

TEST(NceTest, timingModel) {
  // A 3x3 conv of 16 input channels: 144 MACs per output element, 64 f16
  // MACs per cycle on VPUX30XX.
  NceCase c;
  c.inC = 16;
  c.outC = 20;
  c.height = 5;
  c.width = 6;
  c.kernelH = c.kernelW = 3;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
  // VECTOR (16x1): 6 -> 16 columns, 5 rows, 20 -> 32 channels.
  c.variants = {boxVariant(c, {0, 0, 0}, {5, 4, 19}, 0)};
  RunResult vector = runAndCheck(c);
  ASSERT_EQ(vector.report.variants.size(), 1u);
  const VariantRecord &v = vector.report.variants[0];
  EXPECT_DOUBLE_EQ(v.endCycles - v.startCycles, 16.0 * 5 * 32 * 144 / 64);
  EXPECT_EQ(v.macs, 6u * 5 * 20 * 144);
  // MATRIX (4x4): 6 -> 8 columns, 5 -> 8 rows.
  c.variants = {
      boxVariant(c, {0, 0, 0}, {5, 4, 19}, 0, schema::MpeMode::MATRIX)};
  RunResult matrix = runAndCheck(c);
  ASSERT_EQ(matrix.report.variants.size(), 1u);
  const VariantRecord &m = matrix.report.variants[0];
  EXPECT_DOUBLE_EQ(m.endCycles - m.startCycles, 8.0 * 8 * 32 * 144 / 64);
  // The roofline's compute term: the MACs at 64 MACs x 5 DPUs x 4 clusters.
  EXPECT_EQ(matrix.report.roofline.nceMacs, 6u * 5 * 20 * 144);
  EXPECT_DOUBLE_EQ(matrix.report.roofline.peakMacsPerCycle, 1280);
  EXPECT_DOUBLE_EQ(matrix.report.roofline.getComputeCycles(),
                   6.0 * 5 * 20 * 144 / 1280);
  // The summary lists the DPU.
  std::string text;
  llvm::raw_string_ostream os(text);
  matrix.report.printSummary(os);
  EXPECT_THAT(os.str(), HasSubstr("NCE0.DPU0"));
}

TEST(NceTest, dpuIndexBeyondTheTarget) {
  NceCase c;
  c.variants = {wholeVariant(c, 5)};
  RunResult result = runBlob(buildNce(c).finish(), inputsOf(c));
  EXPECT_THAT(result.error,
              HasSubstr("NCE0 task 0 'nce', variant 0: DPU 5 out of range: "
                        "target VPUX30XX has 5 DPUs per cluster"));
}

//===----------------------------------------------------------------------===//
// Hazards and run-time errors
//===----------------------------------------------------------------------===//

/// A 3x3 conv without padding on 6 rows: output row 3 (variant 1) is the
/// only one that reads input row 5.
NceCase haloCase() {
  NceCase c;
  c.inC = 16;
  c.height = 6;
  c.width = 4;
  c.kernelH = c.kernelW = 3;
  c.variants = {boxVariant(c, {0, 0, 0}, {1, 2, 15}, 0),
                boxVariant(c, {0, 3, 0}, {1, 3, 15}, 1)};
  return c;
}

TEST(NceTest, raceOnTheHaloOfAVariant) {
  NceCase c = haloCase();
  NceBlobParts parts;
  blob::BlobBuilder builder =
      buildNce(c, &parts, nullptr, /*storeResult=*/false);
  // A DMA not ordered with the NCE task writes input row 5 (w = 0..3, all
  // channels) from the network input.
  TensorTypeDesc rowType =
      tensorType(schema::DType::F16, {1, 16, 1, 4}, shape::DimsOrder::NHWC);
  uint32_t src = builder.addTensor(
      "x_row", kInput, 0, 0, tensorType(schema::DType::F16, {1, 16, 1, 4}));
  uint32_t row = builder.addTensor("x_cmx_row5", kCmx, 0,
                                   parts.inOffset + 5 * 4 * 16 * 2, rowType);
  builder.addDmaTask(0, src, row, {{parts.loaded}, {}}, "late_row");
  addStore(builder, c, parts);
  RunResult result = runBlob(builder.finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  std::vector<std::string> races = result.messages(ProblemKind::Race);
  ASSERT_EQ(races.size(), 1u);
  EXPECT_THAT(races[0], HasSubstr("NCE0 task 0 'nce'"));
  EXPECT_THAT(races[0], HasSubstr("DMA0 task 3 'late_row'"));
}

TEST(NceTest, raceOnTheWeightsOfSeveralChannels) {
  // A 1x1 conv of 16 channels: a channel's weights are a block of 32 bytes,
  // the blocks packed in channel order. A DMA not ordered with the NCE task
  // writes the blocks of channels 2 to 5: one race whose range covers the
  // four blocks (the task reads the blocks that follow each other as one
  // range).
  NceCase c;
  NceBlobParts parts;
  blob::BlobBuilder builder =
      buildNce(c, &parts, nullptr, /*storeResult=*/false);
  TensorTypeDesc blocks =
      tensorType(schema::DType::F16, {1, 64, 1, 1}, shape::DimsOrder::NHWC);
  uint32_t src = builder.addTensor("x_part", kInput, 0, 0, blocks);
  uint64_t begin = parts.weightsOffset + 2 * 32;
  uint32_t dst = builder.addTensor("w_cmx_2_5", kCmx, 0, begin, blocks);
  builder.addDmaTask(0, src, dst, {{parts.loaded}, {}}, "late_weights");
  addStore(builder, c, parts);
  RunResult result = runBlob(builder.finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  std::vector<std::string> races = result.messages(ProblemKind::Race);
  ASSERT_EQ(races.size(), 1u);
  EXPECT_THAT(races[0], HasSubstr("NCE0 task 0 'nce' reads"));
  EXPECT_THAT(races[0], HasSubstr("DMA0 task 3 'late_weights' writes"));
  EXPECT_THAT(races[0], HasSubstr("bytes [" + std::to_string(begin) + ", " +
                                  std::to_string(begin + 4 * 32) + ")"));
}

/// A run on several threads gives the bytes, the timing and the problems
/// (here a race) of a run on one thread.
TEST(NceTest, threadsGiveTheSameOutputsAndReports) {
  NceCase c;
  c.inC = 16;
  c.outC = 32;
  c.height = c.width = 16;
  c.kernelH = c.kernelW = 3;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
  c.ppe = ppe(schema::PpeMode::LRELU, 0, 0, 0.125f);
  c.variants = {boxVariant(c, {0, 0, 0}, {15, 9, 31}, 0),
                boxVariant(c, {0, 10, 0}, {15, 15, 31}, 1)};
  EmulatorOptions one, four;
  one.threads = 1;
  four.threads = 4;
  RunResult serial = runBlob(buildNce(c).finish(), inputsOf(c), "", one);
  RunResult parallel = runBlob(buildNce(c).finish(), inputsOf(c), "", four);
  ASSERT_EQ(serial.error, "");
  ASSERT_EQ(parallel.error, "");
  ASSERT_TRUE(serial.report.completed && parallel.report.completed);
  EXPECT_EQ(serial.outputs.find("y")->second.data,
            parallel.outputs.find("y")->second.data);
  ASSERT_EQ(serial.report.variants.size(), parallel.report.variants.size());
  for (size_t v = 0; v < serial.report.variants.size(); ++v) {
    EXPECT_EQ(serial.report.variants[v].endCycles,
              parallel.report.variants[v].endCycles);
  }

  // The race of raceOnTheHaloOfAVariant, found the same on 4 threads.
  NceCase halo = haloCase();
  auto raceBlob = [&] {
    NceBlobParts parts;
    blob::BlobBuilder builder =
        buildNce(halo, &parts, nullptr, /*storeResult=*/false);
    TensorTypeDesc rowType =
        tensorType(schema::DType::F16, {1, 16, 1, 4}, shape::DimsOrder::NHWC);
    uint32_t src = builder.addTensor(
        "x_row", kInput, 0, 0, tensorType(schema::DType::F16, {1, 16, 1, 4}));
    uint32_t row = builder.addTensor("x_cmx_row5", kCmx, 0,
                                     parts.inOffset + 5 * 4 * 16 * 2, rowType);
    builder.addDmaTask(0, src, row, {{parts.loaded}, {}}, "late_row");
    addStore(builder, halo, parts);
    return builder.finish();
  };
  RunResult raceSerial = runBlob(raceBlob(), inputsOf(halo), "", one);
  RunResult raceParallel = runBlob(raceBlob(), inputsOf(halo), "", four);
  ASSERT_EQ(raceSerial.error, "");
  ASSERT_EQ(raceParallel.error, "");
  EXPECT_EQ(raceSerial.messages(ProblemKind::Race).size(), 1u);
  EXPECT_EQ(raceSerial.messages(), raceParallel.messages());
  EXPECT_EQ(raceSerial.outputs.find("y")->second.data,
            raceParallel.outputs.find("y")->second.data);
}

TEST(NceTest, noRaceOutsideTheBoxesRead) {
  NceCase c = haloCase();
  NceBlobParts parts;
  blob::BlobBuilder builder =
      buildNce(c, &parts, nullptr, /*storeResult=*/false);
  // Input column 3 is read by no output column (W = 4, 3x3 kernel, output
  // columns 0..1 read columns 0..3) -- but row 5 is; write the bytes right
  // after the input instead.
  TensorTypeDesc rowType = tensorType(schema::DType::F16, {1, 16, 1, 1});
  uint32_t src = builder.addTensor("x_px", kInput, 0, 0, rowType);
  uint32_t after = builder.addTensor("after_input", kCmx, 0,
                                     parts.inOffset + 6 * 4 * 16 * 2, rowType);
  builder.addDmaTask(0, src, after, {{parts.loaded}, {}}, "next_to_input");
  addStore(builder, c, parts);
  RunResult result = runBlob(builder.finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
}

TEST(NceTest, twoTasksWritingTheSameBoxUnordered) {
  // The NCE task and a DMA (another executor, no barrier between them) both
  // write the output box of variant 1.
  NceCase c = haloCase();
  NceBlobParts parts;
  blob::BlobBuilder builder =
      buildNce(c, &parts, nullptr, /*storeResult=*/false);
  TensorTypeDesc boxType =
      tensorType(schema::DType::F16, {1, 16, 1, 2}, shape::DimsOrder::NHWC);
  uint32_t src = builder.addTensor(
      "x_box", kInput, 0, 0, tensorType(schema::DType::F16, {1, 16, 1, 2}));
  uint32_t box = builder.addTensor("y_cmx_row3", kCmx, 0,
                                   parts.outOffset + 3 * 2 * 16 * 2, boxType);
  builder.addDmaTask(0, src, box, {{parts.loaded}, {}}, "overwrite");
  addStore(builder, c, parts);
  RunResult result = runBlob(builder.finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  std::vector<std::string> races = result.messages(ProblemKind::Race);
  ASSERT_FALSE(races.empty());
  EXPECT_THAT(races[0], HasSubstr("NCE0 task 0 'nce'"));
  EXPECT_THAT(races[0], HasSubstr("'overwrite'"));
}

TEST(NceTest, weightsReadThroughTheTableAreTracked) {
  // A DMA not ordered with the task rewrites the weights of channel 3.
  NceCase c;
  c.kernelH = c.kernelW = 3;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
  NceBlobParts parts;
  blob::BlobBuilder builder =
      buildNce(c, &parts, nullptr, /*storeResult=*/false);
  TensorTypeDesc block = tensorType(schema::DType::F16, {144});
  uint32_t src = builder.addTensor("x_flat", kInput, 0, 0, block);
  uint32_t dst =
      builder.addTensor("w3", kCmx, 0, parts.weightsOffset + 3 * 288, block);
  builder.addDmaTask(0, src, dst, {{parts.loaded}, {}}, "rewrite_w3");
  addStore(builder, c, parts);
  RunResult result = runBlob(builder.finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  std::vector<std::string> races = result.messages(ProblemKind::Race);
  ASSERT_EQ(races.size(), 1u);
  EXPECT_THAT(races[0], HasSubstr("'rewrite_w3'"));
}

TEST(NceTest, weightsTableErrors) {
  NceCase c;
  c.outC = 2;
  std::vector<float> bias = c.bias();
  std::vector<std::array<uint32_t, 4>> rows = {{0, 0xFFFFFFFFu, 0x3F800000u, 0},
                                               {32, 0, 0x3F800000u, 0}};
  RunResult sparse = runBlob(buildNce(c, nullptr, &rows).finish(), inputsOf(c));
  ASSERT_EQ(sparse.error, "");
  EXPECT_THAT(sparse.messages(ProblemKind::KernelError),
              ElementsAre(HasSubstr(
                  "NCE0 task 0 'nce': weights table row 1 has sparsity "
                  "offset 0, but only dense weights (0xFFFFFFFF) are "
                  "modelled; the task was skipped")));
  rows[1] = {40, 0xFFFFFFFFu, 0x3F800000u, 0};
  RunResult outside =
      runBlob(buildNce(c, nullptr, &rows).finish(), inputsOf(c));
  ASSERT_EQ(outside.error, "");
  EXPECT_THAT(outside.messages(ProblemKind::OutOfBounds),
              ElementsAre(HasSubstr(
                  "weights table row 1 points at weights byte 40, but the "
                  "block of 32 bytes must end within the 64 bytes of the "
                  "weights; the task was skipped")));
}

TEST(NceTest, weightsTableNeverWritten) {
  // No DMA fills the weights table: the task reads uninitialised CMX (all
  // ones), which points the weights far outside their buffer.
  NceCase shape;
  blob::BlobBuilder bare = make30xxBuilder();
  TensorTypeDesc nchw = tensorType(schema::DType::F16, {1, 16, 4, 4});
  TensorTypeDesc nhwc =
      tensorType(schema::DType::F16, {1, 16, 4, 4}, shape::DimsOrder::NHWC);
  bare.addInput("x", nchw);
  bare.addOutput("y", nchw);
  uint32_t x = bare.addTensor("x", kInput, 0, 0, nchw);
  uint32_t cmxIn = bare.addTensor("x_cmx", kCmx, 0, 0, nhwc);
  uint32_t w = bare.addTensor(
      "w", kCmx, 0, 1024,
      tensorType(schema::DType::F16, {16, 16, 1, 1}, shape::DimsOrder::NHWC));
  uint32_t wt = bare.addTensor("wt", kCmx, 0, 2048,
                               tensorType(schema::DType::I32, {16, 1, 1, 4}));
  uint32_t out = bare.addTensor("y_cmx", kCmx, 0, 4096, nhwc);
  uint32_t y = bare.addTensor("y", kOutput, 0, 0, nchw);
  uint32_t b0 = bare.addBarrier(0), b1 = bare.addBarrier(1);
  bare.addDmaTask(0, x, cmxIn, {{}, {b0}}, "x/load");
  NceTaskDesc nce;
  nce.input = cmxIn;
  nce.weights = w;
  nce.weightsTable = wt;
  nce.output = out;
  nce.variants = {wholeVariant(shape)};
  bare.addNceTask(0, nce, {{b0}, {b1}}, "nce");
  bare.addDmaTask(0, out, y, {{b1}, {}}, "y/store");
  RunResult result = runBlob(bare.finish(), inputsOf(shape));
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::UninitializedRead),
              Contains(HasSubstr("NCE0 task 0 'nce'")));
  EXPECT_THAT(result.messages(ProblemKind::OutOfBounds),
              ElementsAre(HasSubstr("weights table row 0 points at weights "
                                    "byte 4294967295")));
}

TEST(NceTest, barrierCountsPerVariant) {
  // Barrier `computed` is declared with one producer, but the task has two
  // variants and counts twice.
  NceCase c = haloCase();
  NceBlobParts parts;
  blob::BlobBuilder builder = buildNce(c, &parts);
  builder.setBarrierCounts(parts.computed, 1, 1);
  RunResult result = runBlob(builder.finish(), inputsOf(c));
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::BarrierMisuse),
              ElementsAre(HasSubstr("NCE0 task 0 'nce' signals barrier 1")));
  // With the derived counts (2 producers) all is well.
  RunResult fine = runBlob(buildNce(c).finish(), inputsOf(c));
  EXPECT_THAT(fine.messages(), IsEmpty());
}

TEST(NceTest, damagedBlobsNeverCrashTheEmulator) {
  // Every blob that still loads after a flipped byte runs to a report (the
  // loader's checks and the run-time checks of the weights table cover what
  // the DPU arithmetic relies on).
  NceCase c;
  c.inC = 4;
  c.outC = 4;
  c.height = c.width = 3;
  c.kernelH = c.kernelW = 3;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
  c.ppe = ppe(schema::PpeMode::LRELU, 0, 0, 0.5f);
  c.variants = {boxVariant(c, {0, 0, 0}, {2, 0, 3}, 0),
                boxVariant(c, {0, 1, 0}, {2, 2, 3}, 1)};
  std::vector<uint8_t> bytes = buildNce(c).finish();
  EmulatorOptions options;
  options.maxMemoryBytes = 1 << 20;
  size_t ran = 0;
  for (uint8_t pattern : {0x01, 0x80, 0xff}) {
    for (size_t at = 0; at < bytes.size(); ++at) {
      std::vector<uint8_t> damaged = bytes;
      damaged[at] ^= pattern;
      RunResult result = runBlob(damaged, inputsOf(c), "VPUX30XX", options);
      ran += result.error.empty();
    }
  }
  EXPECT_GT(ran, 0u);
}

} // namespace
} // namespace mlir::vpuc::emu
