//===- NceInt8Test.cpp - INT8 NCE cluster tasks on the emulator -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Blobs with one INT8 NCE cluster task (schema 2.3: convolutions, pools and
// eltwise tasks) between DMAs, run on the emulator over random data with
// fixed seeds and compared bit for bit with a reference written here as plain
// loops over the NCHW tensors (it shares no code with emulator/NceExecution:
// the requantisation is a 128-bit floor division, the LRELU rounding
// std::nearbyint). Also: the accumulator overflow, bad weights table entries,
// and the INT8 MAC rate of the timing.
//
//===----------------------------------------------------------------------===//

#include <array>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "core/arch/Arch.h"
#include "core/threading/ThreadPool.h"
#include "emulator/NceExecution.h"
#include "emulator/NceInt8.h"
#include "emulator/unittests/TestUtils.h"
#include "llvm/ADT/bit.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using namespace testing;
using blob::NceTaskDesc;
using blob::tensorType;
using blob::TensorTypeDesc;
namespace schema = ::vpuc::schema;
using Type = schema::NceTaskType;
using DType = schema::DType;
constexpr auto kInput = schema::MemoryLocation::NETWORK_INPUT;
constexpr auto kOutput = schema::MemoryLocation::NETWORK_OUTPUT;
constexpr auto kCmx = schema::MemoryLocation::CMX_NN;
constexpr auto kConst = schema::MemoryLocation::CONSTANT;

int64_t typeMin(DType type) { return type == DType::U8 ? 0 : -128; }
int64_t typeMax(DType type) { return type == DType::U8 ? 255 : 127; }

/// One INT8 NCE task and its data.
struct Int8Case {
  Type type = Type::CONV;
  DType inType = DType::U8, weightsType = DType::I8, outType = DType::U8;
  int64_t inC = 16, height = 7, width = 6, outC = 16;
  int64_t kernelH = 1, kernelW = 1, strideH = 1, strideW = 1;
  int64_t padTop = 0, padBottom = 0, padLeft = 0, padRight = 0;
  int32_t inZp = 0, weightsZp = 0, outZp = 0;
  /// Eltwise tasks: input2's type and zero point, the input multipliers
  /// (ADD, SUB).
  DType in2Type = DType::I8;
  int32_t in2Zp = 0, inMult = 0, in2Mult = 0;
  schema::PpeMode ppe = schema::PpeMode::NONE;
  float clampLow = 0, clampHigh = 0, alpha = 0;
  /// Pools and eltwise tasks with an integer output: the PPE's multiplier
  /// and shift.
  uint32_t ppeMult = 1, ppeShift = 0;
  /// Empty: one variant over the whole output on DPU 0.
  std::vector<NceTaskDesc::Variant> variants;
  std::string arch = "VPUX30XX";

  // The data (see randomize()).
  /// Input elements (their bytes), NCHW; input2's (eltwise tasks).
  std::vector<uint8_t> input, input2;
  /// Weights, OC x ICw x KH x KW.
  std::vector<uint8_t> weights;
  /// Integer outputs: per output channel.
  std::vector<uint32_t> mult, shift;
  std::vector<int32_t> bias;
  /// F16 outputs: per output channel.
  std::vector<float> scale, floatBias;
  /// Weights table rows that override the generated ones.
  std::map<int64_t, std::array<uint32_t, 4>> tableOverrides;

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
  bool intOut() const { return outType != DType::F16; }

  /// Random data from `seed`: inputs (and input2) and weights over their
  /// types' ranges, multipliers in [1, 65535], shifts around the sum's
  /// magnitude, biases of either sign.
  void randomize(uint32_t seed) {
    std::mt19937 random(seed);
    auto uniform = [&](int64_t low, int64_t high) {
      return std::uniform_int_distribution<int64_t>(low, high)(random);
    };
    input.clear();
    for (int64_t i = 0; i < inC * height * width; ++i) {
      input.push_back(static_cast<uint8_t>(
          uniform(typeMin(inType), typeMax(inType)) & 0xFF));
    }
    input2.clear();
    for (int64_t i = 0; eltwise() && i < inC * height * width; ++i) {
      input2.push_back(static_cast<uint8_t>(
          uniform(typeMin(in2Type), typeMax(in2Type)) & 0xFF));
    }
    weights.clear();
    mult.clear();
    shift.clear();
    bias.clear();
    scale.clear();
    floatBias.clear();
    if (!weighted()) {
      return;
    }
    for (int64_t i = 0; i < outC * weightsIC() * kernelH * kernelW; ++i) {
      weights.push_back(static_cast<uint8_t>(
          uniform(typeMin(weightsType), typeMax(weightsType)) & 0xFF));
    }
    // The sum of a window is about sqrt(window) * 128 * 128 in size.
    double window = static_cast<double>(weightsIC() * kernelH * kernelW);
    int64_t bits = static_cast<int64_t>(std::log2(std::sqrt(window) * 16384));
    for (int64_t k = 0; k < outC; ++k) {
      mult.push_back(static_cast<uint32_t>(uniform(1, (1 << 24) - 1)));
      // 24 bits of multiplier, the sum's bits, minus 7 bits of output.
      shift.push_back(static_cast<uint32_t>(uniform(bits + 14, bits + 18)));
      bias.push_back(static_cast<int32_t>(uniform(-40000, 20000)));
      scale.push_back(std::ldexp(static_cast<float>(uniform(1, 4095)),
                                 -static_cast<int>(bits) - 6));
      floatBias.push_back(static_cast<float>(uniform(-4096, 2048)) / 64.0f);
    }
    // One channel without a shift (the products saturate) and one with the
    // largest.
    shift[0] = 0;
    mult[0] = static_cast<uint32_t>(uniform(0, 2));
    if (outC > 1) {
      shift[1] = 63;
    }
  }

  /// The element of `bytes` at `index` as a signed value of `dtype`.
  static int64_t value(const std::vector<uint8_t> &bytes, int64_t index,
                       DType dtype) {
    uint8_t byte = bytes[index];
    return dtype == DType::U8 ? static_cast<int64_t>(byte)
                              : static_cast<int64_t>(static_cast<int8_t>(byte));
  }
};

/// The variant of box [x0, y0, z0] - [x1, y1, z1] of `c`, with its padding.
NceTaskDesc::Variant boxVariant(const Int8Case &c,
                                std::array<uint32_t, 3> start,
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

/// Four variants on four DPUs: the top rows split over the channels, the
/// other rows split over the columns.
std::vector<NceTaskDesc::Variant> fourVariants(const Int8Case &c) {
  auto u = [](int64_t value) { return static_cast<uint32_t>(value); };
  int64_t midC = c.outC / 2, midW = c.outW() / 2;
  return {
      boxVariant(c, {0, 0, 0}, {u(c.outW() - 1), 0, u(midC - 1)}, 0),
      boxVariant(c, {0, 0, u(midC)}, {u(c.outW() - 1), 0, u(c.outC - 1)}, 1),
      boxVariant(c, {0, 1, 0}, {u(midW - 1), u(c.outH() - 1), u(c.outC - 1)}, 2,
                 schema::MpeMode::MATRIX),
      boxVariant(c, {u(midW), 1, 0},
                 {u(c.outW() - 1), u(c.outH() - 1), u(c.outC - 1)}, 3)};
}

/// The blob of `c`: DMAs of the input, weights and weights table to CMX, the
/// NCE task, a DMA of the result to the network output "y".
std::vector<uint8_t> buildBlob(const Int8Case &c) {
  blob::BlobBuilder builder(c.arch);
  blob::BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 1;
  resources.shaves = c.arch == "VPUX30XX" ? 16 : 2;
  resources.dmaPorts = 1;
  resources.barriers = 4;
  resources.ddrScratchBytes = 65536;
  resources.cmxBytes = 512 * 1024;
  if (c.arch != "VPUX30XX") {
    builder.setActRuntime({16384, 16384});
    resources.clusters = 2;
  }
  std::vector<int64_t> inDims = {1, c.inC, c.height, c.width};
  std::vector<int64_t> outDims = {1, c.outC, c.outH(), c.outW()};
  TensorTypeDesc inNchw = tensorType(c.inType, inDims);
  TensorTypeDesc inNhwc = tensorType(c.inType, inDims, shape::DimsOrder::NHWC);
  TensorTypeDesc outNchw = tensorType(c.outType, outDims);
  TensorTypeDesc outNhwc =
      tensorType(c.outType, outDims, shape::DimsOrder::NHWC);
  TensorTypeDesc in2Nchw = tensorType(c.in2Type, inDims);
  TensorTypeDesc in2Nhwc =
      tensorType(c.in2Type, inDims, shape::DimsOrder::NHWC);
  builder.addInput("x", inNchw);
  if (c.eltwise()) {
    builder.addInput("x2", in2Nchw);
  }
  builder.addOutput("y", outNchw);
  uint64_t next = 0;
  auto place = [&](uint64_t bytes) {
    uint64_t offset = next;
    next = (next + bytes + 64 + 63) / 64 * 64;
    return offset;
  };
  uint32_t loaded = builder.addBarrier(0);
  uint32_t computed = builder.addBarrier(1);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, inNchw);
  uint32_t cmxIn =
      builder.addTensor("x_cmx", kCmx, 0, place(c.input.size()), inNhwc);
  builder.addDmaTask(0, x, cmxIn, {{}, {loaded}}, "x/load");
  NceTaskDesc nce;
  nce.type = c.type;
  nce.input = cmxIn;
  nce.inputZeroPoint = c.inZp;
  nce.weightsZeroPoint = c.weightsZp;
  if (c.eltwise()) {
    uint32_t x2 = builder.addTensor("x2", kInput, 1, 0, in2Nchw);
    nce.input2 =
        builder.addTensor("x2_cmx", kCmx, 0, place(c.input2.size()), in2Nhwc);
    builder.addDmaTask(0, x2, nce.input2, {{}, {loaded}}, "x2/load");
    nce.input2ZeroPoint = c.in2Zp;
    nce.inputMult = c.inMult;
    nce.input2Mult = c.in2Mult;
  }
  if (c.weighted()) {
    // Weights in (ky, kx, ic) order per output channel: NHWC.
    std::vector<uint8_t> ordered;
    int64_t icw = c.weightsIC();
    for (int64_t k = 0; k < c.outC; ++k) {
      for (int64_t ky = 0; ky < c.kernelH; ++ky) {
        for (int64_t kx = 0; kx < c.kernelW; ++kx) {
          for (int64_t ic = 0; ic < icw; ++ic) {
            ordered.push_back(
                c.weights[((k * icw + ic) * c.kernelH + ky) * c.kernelW + kx]);
          }
        }
      }
    }
    TensorTypeDesc weightsType =
        tensorType(c.weightsType, {c.outC, icw, c.kernelH, c.kernelW},
                   shape::DimsOrder::NHWC);
    uint32_t weights = builder.addTensor(
        "w", kConst, 0, builder.addConstant(ordered), weightsType);
    nce.weights =
        builder.addTensor("w_cmx", kCmx, 0, place(ordered.size()), weightsType);
    builder.addDmaTask(0, weights, nce.weights, {{}, {loaded}}, "w/load");
    std::vector<uint8_t> table;
    uint32_t block = static_cast<uint32_t>(icw * c.kernelH * c.kernelW);
    for (int64_t k = 0; k < c.outC; ++k) {
      std::array<uint32_t, 4> row = {static_cast<uint32_t>(k) * block,
                                     0xFFFFFFFFu, 0, 0};
      if (c.intOut()) {
        row[2] = (c.mult[k] << 8) | c.shift[k];
        row[3] = static_cast<uint32_t>(c.bias[k]);
      } else {
        row[2] = llvm::bit_cast<uint32_t>(c.scale[k]);
        row[3] = llvm::bit_cast<uint32_t>(c.floatBias[k]);
      }
      if (c.tableOverrides.count(k)) {
        row = c.tableOverrides.at(k);
      }
      const auto *bytes = reinterpret_cast<const uint8_t *>(row.data());
      table.insert(table.end(), bytes, bytes + 16);
    }
    TensorTypeDesc tableType = tensorType(DType::I32, {c.outC, 1, 1, 4});
    uint32_t tableConst = builder.addTensor(
        "wt", kConst, 0, builder.addConstant(table), tableType);
    nce.weightsTable =
        builder.addTensor("wt_cmx", kCmx, 0, place(table.size()), tableType);
    builder.addDmaTask(0, tableConst, nce.weightsTable, {{}, {loaded}},
                       "wt/load");
  }
  int64_t outBytes = c.outC * c.outH() * c.outW() * (c.intOut() ? 1 : 2);
  nce.output = builder.addTensor("y_cmx", kCmx, 0, place(outBytes), outNhwc);
  nce.kernelH = c.kernelH;
  nce.kernelW = c.kernelW;
  nce.strideH = c.strideH;
  nce.strideW = c.strideW;
  nce.padTop = c.padTop;
  nce.padBottom = c.padBottom;
  nce.padLeft = c.padLeft;
  nce.padRight = c.padRight;
  NceTaskDesc::Ppe ppe;
  ppe.mode = c.ppe;
  ppe.clampLow = c.clampLow;
  ppe.clampHigh = c.clampHigh;
  ppe.alpha = c.alpha;
  if (c.intOut()) {
    ppe.outZeroPoint = c.outZp;
    if (!c.weighted()) {
      ppe.quantMult = {static_cast<int32_t>(c.ppeMult)};
      ppe.quantShift = {static_cast<int32_t>(c.ppeShift)};
    }
  }
  nce.ppe = ppe;
  nce.variants = c.variants;
  if (nce.variants.empty()) {
    auto u = [](int64_t value) { return static_cast<uint32_t>(value); };
    nce.variants = {boxVariant(
        c, {0, 0, 0}, {u(c.outW() - 1), u(c.outH() - 1), u(c.outC - 1)}, 0)};
  }
  uint32_t cmxOut = nce.output;
  builder.addNceTask(0, std::move(nce), {{loaded}, {computed}}, "layer/conv");
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, outNchw);
  builder.addDmaTask(0, cmxOut, y, {{computed}, {}}, "y/store");
  return builder.finish();
}

npy::ArrayMap inputsOf(const Int8Case &c) {
  npy::ArrayMap inputs;
  std::vector<int64_t> shape = {1, c.inC, c.height, c.width};
  auto add = [&](const char *name, DType dtype,
                 const std::vector<uint8_t> &bytes) {
    if (dtype == DType::U8) {
      inputs.insert({name, npy::Array::fromValues<uint8_t>(npy::DType::U8,
                                                           shape, bytes)});
    } else {
      std::vector<int8_t> values(bytes.begin(), bytes.end());
      inputs.insert({name, npy::Array::fromValues<int8_t>(npy::DType::I8, shape,
                                                          values)});
    }
  };
  add("x", c.inType, c.input);
  if (c.eltwise()) {
    add("x2", c.in2Type, c.input2);
  }
  return inputs;
}

//===----------------------------------------------------------------------===//
// The reference
//===----------------------------------------------------------------------===//

/// floor(numerator / 2^bits) in 128 bits.
int64_t floorDivPow2(__int128 numerator, int bits) {
  __int128 divisor = static_cast<__int128>(1) << bits;
  __int128 quotient = numerator / divisor;
  if (numerator % divisor != 0 && numerator < 0) {
    quotient -= 1;
  }
  return static_cast<int64_t>(quotient);
}

/// The result of `c`, one value per element in NCHW order: output bytes
/// (integer outputs, as signed values) or FP16 bits; nullopt if an
/// accumulator leaves int32, with the first such element in `overflowAt`.
std::optional<std::vector<int64_t>>
reference(const Int8Case &c, std::array<int64_t, 3> *overflowAt = nullptr) {
  std::vector<int64_t> result;
  for (int64_t k = 0; k < c.outC; ++k) {
    for (int64_t y = 0; y < c.outH(); ++y) {
      for (int64_t x = 0; x < c.outW(); ++x) {
        int64_t acc = 0;
        bool any = false;
        bool overflow = false;
        for (int64_t ky = 0; ky < c.kernelH; ++ky) {
          for (int64_t kx = 0; kx < c.kernelW; ++kx) {
            int64_t iy = y * c.strideH - c.padTop + ky;
            int64_t ix = x * c.strideW - c.padLeft + kx;
            if (iy < 0 || iy >= c.height || ix < 0 || ix >= c.width) {
              continue;
            }
            std::vector<int64_t> channels;
            if (c.type == Type::CONV) {
              for (int64_t ic = 0; ic < c.inC; ++ic) {
                channels.push_back(ic);
              }
            } else {
              channels.push_back(k);
            }
            for (int64_t ic : channels) {
              int64_t in =
                  Int8Case::value(c.input, (ic * c.height + iy) * c.width + ix,
                                  c.inType) -
                  c.inZp;
              if (c.type == Type::MAXPOOL) {
                acc = any ? std::max(acc, in) : in;
                any = true;
                continue;
              }
              int64_t term = in;
              if (c.eltwise()) {
                int64_t in2 = Int8Case::value(
                                  c.input2, (ic * c.height + iy) * c.width + ix,
                                  c.in2Type) -
                              c.in2Zp;
                term = c.type == Type::ELTWISE_MUL ? in * in2
                       : c.type == Type::ELTWISE_ADD
                           ? c.inMult * in + c.in2Mult * in2
                           : c.inMult * in - c.in2Mult * in2;
              }
              if (c.weighted()) {
                int64_t wic = c.type == Type::CONV ? ic : 0;
                int64_t w = Int8Case::value(
                    c.weights,
                    ((k * c.weightsIC() + wic) * c.kernelH + ky) * c.kernelW +
                        kx,
                    c.weightsType);
                term = in * (w - c.weightsZp);
              }
              acc += term;
              if (acc < INT32_MIN || acc > INT32_MAX) {
                overflow = true;
              }
            }
          }
        }
        if (overflow) {
          if (overflowAt) {
            *overflowAt = {k, y, x};
          }
          return std::nullopt;
        }
        if (!c.intOut()) {
          float value = static_cast<float>(acc) * c.scale[k] + c.floatBias[k];
          switch (c.ppe) {
          case schema::PpeMode::RELU:
            value = std::max(value, 0.0f);
            break;
          case schema::PpeMode::RELUX:
            value = std::min(std::max(value, c.clampLow), c.clampHigh);
            break;
          case schema::PpeMode::LRELU:
            value = value < 0 ? c.alpha * value : value;
            break;
          default:
            break;
          }
          result.push_back(numeric::floatToF16Bits(value));
          continue;
        }
        int64_t v = acc + (c.weighted() ? c.bias[k] : 0);
        uint32_t mult = c.weighted() ? c.mult[k] : c.ppeMult;
        uint32_t shift = c.weighted() ? c.shift[k] : c.ppeShift;
        // r = floor(v * mult / 2^shift + 1/2) for shift > 0.
        __int128 product = static_cast<__int128>(v) * mult;
        int64_t r = shift == 0
                        ? static_cast<int64_t>(product)
                        : floorDivPow2(2 * product +
                                           (static_cast<__int128>(1) << shift),
                                       static_cast<int>(shift) + 1);
        switch (c.ppe) {
        case schema::PpeMode::RELU:
          r = std::max<int64_t>(r, 0);
          break;
        case schema::PpeMode::RELUX:
          r = std::min<int64_t>(std::max<int64_t>(r, c.clampLow), c.clampHigh);
          break;
        case schema::PpeMode::LRELU:
          if (r < 0) {
            r = static_cast<int64_t>(std::nearbyint(
                static_cast<double>(r) * static_cast<double>(c.alpha)));
          }
          break;
        default:
          break;
        }
        r += c.outZp;
        result.push_back(
            std::min(std::max(r, typeMin(c.outType)), typeMax(c.outType)));
      }
    }
  }
  return result;
}

/// The output of a run as reference() gives it.
std::vector<int64_t> outputOf(const Int8Case &c, const RunResult &result) {
  std::vector<int64_t> values;
  const npy::Array &out = result.outputs.find("y")->second;
  EXPECT_THAT(out.shape, ElementsAre(1, c.outC, c.outH(), c.outW()));
  if (c.outType == DType::U8) {
    for (uint8_t value : out.getValues<uint8_t>()) {
      values.push_back(value);
    }
  } else if (c.outType == DType::I8) {
    for (int8_t value : out.getValues<int8_t>()) {
      values.push_back(value);
    }
  } else {
    for (uint16_t value : out.getValues<uint16_t>()) {
      values.push_back(value);
    }
  }
  return values;
}

/// Runs `c` and compares it with the reference, bit for bit; returns the run.
RunResult runAndCheck(const Int8Case &c) {
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
  RunResult result = runBlob(buildBlob(c), inputsOf(c));
  EXPECT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
  EXPECT_TRUE(result.report.completed);
  if (!result.report.completed) {
    return result;
  }
  std::vector<int64_t> got = outputOf(c, result);
  std::optional<std::vector<int64_t>> expected = reference(c);
  EXPECT_TRUE(expected.has_value()) << "the case overflows";
  if (!expected) {
    return result;
  }
  EXPECT_EQ(got.size(), expected->size());
  size_t mismatches = 0;
  for (size_t i = 0; i < std::min(got.size(), expected->size()); ++i) {
    if (got[i] != (*expected)[i] && mismatches++ < 5) {
      ADD_FAILURE() << "element " << i << ": got " << got[i] << ", expected "
                    << (*expected)[i];
    }
  }
  EXPECT_EQ(mismatches, 0u);
  // The data spreads over the output range: not everything saturates.
  std::set<int64_t> distinct(got.begin(), got.end());
  EXPECT_GE(distinct.size(), std::min<size_t>(got.size() / 4, 24));
  return result;
}

/// A 3x3 stride-2 convolution with asymmetric padding, nonzero zero points
/// and the given types.
Int8Case strided3x3(DType in, DType weights, DType out, uint32_t seed) {
  Int8Case c;
  c.type = Type::CONV;
  c.inType = in;
  c.weightsType = weights;
  c.outType = out;
  c.inC = 13;
  c.outC = 11;
  c.height = 9;
  c.width = 8;
  c.kernelH = c.kernelW = 3;
  c.strideH = c.strideW = 2;
  c.padTop = 1;
  c.padBottom = 2;
  c.padLeft = 0;
  c.padRight = 1;
  c.inZp = in == DType::U8 ? 131 : -7;
  c.weightsZp = weights == DType::U8 ? 120 : 5;
  c.outZp = out == DType::U8 ? 100 : (out == DType::I8 ? -20 : 0);
  c.randomize(seed);
  c.variants = fourVariants(c);
  return c;
}

//===----------------------------------------------------------------------===//
// Bit-exact arithmetic
//===----------------------------------------------------------------------===//

TEST(NceInt8Test, requantisationRoundsHalvesUp) {
  EXPECT_EQ(requantizeNce(3, 1, 1), 2);   // 1.5
  EXPECT_EQ(requantizeNce(-3, 1, 1), -1); // -1.5
  EXPECT_EQ(requantizeNce(-5, 1, 1), -2); // -2.5
  EXPECT_EQ(requantizeNce(-7, 3, 2), -5); // -5.25
  EXPECT_EQ(requantizeNce(-1, 1, 63), 0);
  EXPECT_EQ(requantizeNce(int64_t(1) << 32, (1u << 24) - 1, 0),
            (int64_t(1) << 32) * ((1 << 24) - 1));
  EXPECT_EQ(requantizeNce(-(int64_t(1) << 32), (1u << 24) - 1, 56), -1);
}

TEST(NceInt8Test, convStrided3x3EveryTypeCombination) {
  uint32_t seed = 1;
  for (DType in : {DType::U8, DType::I8}) {
    for (DType weights : {DType::U8, DType::I8}) {
      for (DType out : {DType::U8, DType::I8}) {
        SCOPED_TRACE(blob::getDTypeName(in) + " x " +
                     blob::getDTypeName(weights) + " -> " +
                     blob::getDTypeName(out));
        runAndCheck(strided3x3(in, weights, out, seed++));
      }
    }
  }
}

TEST(NceInt8Test, convEveryPpe) {
  uint32_t seed = 20;
  for (DType out : {DType::U8, DType::I8}) {
    Int8Case c = strided3x3(DType::I8, DType::I8, out, seed++);
    c.ppe = schema::PpeMode::RELU;
    runAndCheck(c);
    c.randomize(seed++);
    c.ppe = schema::PpeMode::RELUX;
    c.clampLow = -30;
    c.clampHigh = 60;
    runAndCheck(c);
    c.randomize(seed++);
    c.ppe = schema::PpeMode::LRELU;
    c.clampLow = c.clampHigh = 0;
    // 0.1 in float; products land on halves for some r (e.g. r = -5 * 2^k
    // times an odd alpha would not; 0.5 below does).
    c.alpha = 0.1f;
    runAndCheck(c);
    c.randomize(seed++);
    c.alpha = 0.5f;
    runAndCheck(c);
  }
}

TEST(NceInt8Test, depthwise) {
  uint32_t seed = 40;
  for (DType out : {DType::U8, DType::I8}) {
    Int8Case c;
    c.type = Type::DWCONV;
    c.inType = DType::U8;
    c.weightsType = DType::U8;
    c.outType = out;
    c.inC = c.outC = 24;
    c.height = 7;
    c.width = 9;
    c.kernelH = 3;
    c.kernelW = 5;
    c.strideH = 1;
    c.strideW = 2;
    c.padTop = 2;
    c.padBottom = 0;
    c.padLeft = 2;
    c.padRight = 1;
    c.inZp = 77;
    c.weightsZp = 200;
    c.outZp = out == DType::U8 ? 10 : 3;
    c.ppe = schema::PpeMode::RELUX;
    c.clampLow = -100;
    c.clampHigh = 100;
    c.randomize(seed++);
    c.variants = fourVariants(c);
    runAndCheck(c);
  }
}

/// A pool of `type` on 20 channels.
Int8Case pool(Type type, DType in, DType out, uint32_t seed) {
  Int8Case c;
  c.type = type;
  c.inType = in;
  c.outType = out;
  c.inC = c.outC = 20;
  c.height = 8;
  c.width = 7;
  c.kernelH = 3;
  c.kernelW = 2;
  c.strideH = 2;
  c.strideW = 1;
  c.padTop = 1;
  c.padBottom = 1;
  c.padLeft = 1;
  c.padRight = 0;
  c.inZp = in == DType::U8 ? 128 : 17;
  c.outZp = out == DType::U8 ? 128 : -3;
  c.randomize(seed);
  c.variants = fourVariants(c);
  return c;
}

TEST(NceInt8Test, maxPool) {
  Int8Case c = pool(Type::MAXPOOL, DType::U8, DType::I8, 50);
  // 3/4, so that halves occur.
  c.ppeMult = 3;
  c.ppeShift = 2;
  runAndCheck(c);
  c = pool(Type::MAXPOOL, DType::I8, DType::U8, 51);
  c.ppe = schema::PpeMode::LRELU;
  c.alpha = 0.25f;
  runAndCheck(c);
}

TEST(NceInt8Test, avgPool) {
  // The division by the window (6) folded into the multiplier: 1/6 in 16
  // bits.
  Int8Case c = pool(Type::AVEPOOL, DType::U8, DType::U8, 60);
  c.ppeMult = 10923;
  c.ppeShift = 16;
  runAndCheck(c);
  c = pool(Type::AVEPOOL, DType::I8, DType::I8, 61);
  c.ppeMult = 43691;
  c.ppeShift = 18;
  c.ppe = schema::PpeMode::RELU;
  runAndCheck(c);
}

TEST(NceInt8Test, halvesRoundTowardPlusInfinity) {
  // A 1x1 average pool halving every value of an i8 ramp: v / 2 for every
  // odd v is a half; the LRELU's product too (r * 0.5).
  Int8Case c = pool(Type::AVEPOOL, DType::I8, DType::I8, 62);
  c.kernelH = c.kernelW = 1;
  c.strideH = c.strideW = 1;
  c.padTop = c.padBottom = c.padLeft = c.padRight = 0;
  c.inC = c.outC = 16;
  c.height = c.width = 4;
  c.inZp = 0;
  c.outZp = 0;
  c.input.clear();
  for (int64_t i = 0; i < 256; ++i) {
    c.input.push_back(static_cast<uint8_t>(i));
  }
  c.variants.clear();
  c.ppeMult = 1;
  c.ppeShift = 1;
  RunResult result = runAndCheck(c);
  ASSERT_TRUE(result.report.completed);
  std::vector<int64_t> got = outputOf(c, result);
  // Input 3 -> 2, input -3 (253) -> -1, input -128 -> -64.
  EXPECT_EQ(got[3], 2);
  EXPECT_EQ(got[253], -1);
  EXPECT_EQ(got[128], -64);
  c.ppe = schema::PpeMode::LRELU;
  c.alpha = 0.5f;
  result = runAndCheck(c);
  ASSERT_TRUE(result.report.completed);
  got = outputOf(c, result);
  // -3 -> -1 (requantised) -> -0.5 -> 0 (even); -5 -> -2 -> -1; -7 -> -3 ->
  // -1.5 -> -2.
  EXPECT_EQ(got[253], 0);
  EXPECT_EQ(got[251], -1);
  EXPECT_EQ(got[249], -2);
}

/// An eltwise task of `type` on 24 channels of 5 x 7: a u8 input and an i8
/// input2 with nonzero zero points, four variants.
Int8Case eltwise(Type type, DType out, uint32_t seed) {
  Int8Case c;
  c.type = type;
  c.inType = DType::U8;
  c.in2Type = DType::I8;
  c.outType = out;
  c.inC = c.outC = 24;
  c.height = 5;
  c.width = 7;
  c.inZp = 120;
  c.in2Zp = -11;
  c.outZp = out == DType::U8 ? 128 : -4;
  c.randomize(seed);
  c.variants = fourVariants(c);
  return c;
}

TEST(NceInt8Test, eltwiseAddAndSub) {
  // Multipliers of different sizes; |acc| up to about 2^22, requantised by
  // 12345678 / 2^38 (about 1 / 22000).
  uint32_t seed = 140;
  for (Type type : {Type::ELTWISE_ADD, Type::ELTWISE_SUB}) {
    for (DType out : {DType::U8, DType::I8}) {
      SCOPED_TRACE(blob::getNceTaskTypeName(type) + " -> " +
                   blob::getDTypeName(out));
      Int8Case c = eltwise(type, out, seed++);
      c.inMult = 16384;
      c.in2Mult = 9000;
      c.ppeMult = 12345678;
      c.ppeShift = 38;
      runAndCheck(c);
      // The other way round: an i8 input, a u8 input2.
      c.inType = DType::I8;
      c.in2Type = DType::U8;
      c.inZp = -3;
      c.in2Zp = 200;
      std::swap(c.inMult, c.in2Mult);
      c.randomize(seed++);
      runAndCheck(c);
    }
  }
}

TEST(NceInt8Test, eltwiseMul) {
  uint32_t seed = 150;
  for (DType out : {DType::U8, DType::I8}) {
    SCOPED_TRACE(blob::getDTypeName(out));
    // |acc| up to 135 * 138; 3 / 2^8, so that halves occur.
    Int8Case c = eltwise(Type::ELTWISE_MUL, out, seed++);
    c.ppeMult = 3;
    c.ppeShift = 8;
    runAndCheck(c);
    c.inType = DType::I8;
    c.in2Type = DType::I8;
    c.inZp = 9;
    c.in2Zp = -100;
    c.randomize(seed++);
    runAndCheck(c);
  }
}

TEST(NceInt8Test, eltwiseShifts) {
  // Shift 0: r = acc * mult; the sum of the two inputs less their zero
  // points spans the output range.
  Int8Case c = eltwise(Type::ELTWISE_ADD, DType::I8, 160);
  c.inMult = c.in2Mult = 1;
  c.ppeMult = 1;
  c.ppeShift = 0;
  runAndCheck(c);
  c = eltwise(Type::ELTWISE_SUB, DType::U8, 161);
  c.inMult = 3;
  c.in2Mult = 2;
  c.ppeMult = 1;
  c.ppeShift = 0;
  c.outZp = 100;
  runAndCheck(c);
  // The largest multipliers: |acc| up to about 2^23, times 2^24 - 1, shifted
  // by 40.
  c = eltwise(Type::ELTWISE_ADD, DType::U8, 162);
  c.inMult = c.in2Mult = static_cast<int32_t>(blob::kMaxEltwiseMult);
  c.ppeMult = (1u << 24) - 1;
  c.ppeShift = 40;
  runAndCheck(c);
  c = eltwise(Type::ELTWISE_SUB, DType::I8, 163);
  c.inMult = static_cast<int32_t>(blob::kMaxEltwiseMult);
  c.in2Mult = 1;
  c.ppeMult = (1u << 24) - 1;
  c.ppeShift = 39;
  runAndCheck(c);
}

TEST(NceInt8Test, eltwiseEveryPpe) {
  uint32_t seed = 170;
  for (DType out : {DType::U8, DType::I8}) {
    SCOPED_TRACE(blob::getDTypeName(out));
    Int8Case c = eltwise(Type::ELTWISE_SUB, out, seed++);
    c.inMult = 16384;
    c.in2Mult = 9000;
    c.ppeMult = 12345678;
    c.ppeShift = 38;
    c.ppe = schema::PpeMode::RELU;
    runAndCheck(c);
    c.randomize(seed++);
    c.ppe = schema::PpeMode::RELUX;
    c.clampLow = -60;
    c.clampHigh = 50;
    runAndCheck(c);
    c = eltwise(Type::ELTWISE_MUL, out, seed++);
    c.ppeMult = 5;
    c.ppeShift = 8;
    c.ppe = schema::PpeMode::RELUX;
    c.clampLow = -100;
    c.clampHigh = 70;
    runAndCheck(c);
    c.randomize(seed++);
    c.ppe = schema::PpeMode::LRELU;
    c.clampLow = c.clampHigh = 0;
    c.alpha = 0.5f;
    runAndCheck(c);
  }
}

TEST(NceInt8Test, f16OutputOfInt8Inputs) {
  uint32_t seed = 70;
  for (schema::PpeMode mode :
       {schema::PpeMode::NONE, schema::PpeMode::RELU, schema::PpeMode::RELUX,
        schema::PpeMode::LRELU}) {
    Int8Case c = strided3x3(DType::U8, DType::I8, DType::F16, seed++);
    c.ppe = mode;
    if (mode == schema::PpeMode::RELUX) {
      c.clampLow = -2.5f;
      c.clampHigh = 30.25f;
    }
    if (mode == schema::PpeMode::LRELU) {
      c.alpha = 0.3f;
    }
    runAndCheck(c);
  }
  Int8Case dw = strided3x3(DType::I8, DType::U8, DType::F16, seed++);
  dw.type = Type::DWCONV;
  dw.outC = dw.inC;
  dw.randomize(seed++);
  dw.variants = fourVariants(dw);
  runAndCheck(dw);
}

TEST(NceInt8Test, variantSplitsGiveTheSameBytes) {
  Int8Case c = strided3x3(DType::U8, DType::I8, DType::I8, 80);
  c.variants.clear();
  RunResult whole = runAndCheck(c);
  c.variants = fourVariants(c);
  RunResult split = runAndCheck(c);
  ASSERT_TRUE(whole.report.completed && split.report.completed);
  EXPECT_EQ(outputOf(c, whole), outputOf(c, split));
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(NceInt8Test, accumulatorOverflow) {
  // 1x1 conv over 140000 / 65025 -> 3 channels would not overflow; many
  // channels of the largest products do: 255 * 255 * 33100 > 2^31.
  Int8Case c;
  c.type = Type::CONV;
  c.inType = DType::U8;
  c.weightsType = DType::U8;
  c.outType = DType::U8;
  c.inC = 33100;
  c.outC = 2;
  c.height = 1;
  c.width = 1;
  c.randomize(90);
  std::fill(c.input.begin(), c.input.end(), 255);
  // Channel 0 sums 255 * 1 (no overflow); channel 1 sums 255 * 255.
  for (int64_t ic = 0; ic < c.inC; ++ic) {
    c.weights[ic] = 1;
    c.weights[c.inC + ic] = 255;
  }
  std::array<int64_t, 3> at{};
  EXPECT_FALSE(reference(c, &at).has_value());
  EXPECT_EQ(at, (std::array<int64_t, 3>{1, 0, 0}));
  RunResult result = runBlob(buildBlob(c), inputsOf(c));
  ASSERT_EQ(result.error, "");
  // 2^31 / 65025 = 33025.1: the partial sum of 33026 products leaves int32.
  EXPECT_THAT(
      result.messages(ProblemKind::Overflow),
      ElementsAre(HasSubstr(
          "accumulator overflow: NCE0 task 0 'layer/conv', variant 0: "
          "the 32-bit accumulator of output element (channel 1, y 0, "
          "x 0) reaches " +
          std::to_string(int64_t(33026) * 65025) + "; the task was stopped")));
  // Negative sums too: i8 inputs at -128 with zero point 127, weights 127.
  c.inType = DType::I8;
  c.weightsType = DType::I8;
  c.inZp = 127;
  c.inC = 67000;
  c.outC = 1;
  c.randomize(91);
  std::fill(c.input.begin(), c.input.end(), static_cast<uint8_t>(-128));
  std::fill(c.weights.begin(), c.weights.end(), 127);
  EXPECT_FALSE(reference(c, &at).has_value());
  RunResult negative = runBlob(buildBlob(c), inputsOf(c));
  ASSERT_EQ(negative.error, "");
  // -255 * 127 per product; 2^31 / 32385 = 66311.8.
  EXPECT_THAT(negative.messages(ProblemKind::Overflow),
              ElementsAre(HasSubstr("(channel 0, y 0, x 0) reaches " +
                                    std::to_string(int64_t(-66312) * 32385))));
}

TEST(NceInt8Test, badWeightsTableEntries) {
  Int8Case c = strided3x3(DType::U8, DType::I8, DType::U8, 100);
  c.variants.clear();
  uint32_t block = 13 * 9;
  c.tableOverrides[3] = {3 * block, 0xFFFFFFFFu, (5u << 8) | 64u, 0};
  RunResult shift = runBlob(buildBlob(c), inputsOf(c));
  ASSERT_EQ(shift.error, "");
  EXPECT_THAT(shift.messages(ProblemKind::KernelError),
              ElementsAre(HasSubstr(
                  "invalid NCE task: NCE0 task 0 'layer/conv': weights table "
                  "row 3 (output channel 3) has word 2 0x00000540, whose "
                  "shift 64 is above 63 (an integer output's word 2 is (mult "
                  "<< 8) | shift); the task was skipped")));
  // Blocks are 1 byte per element: a block that ends past the weights.
  c.tableOverrides[3] = {10 * block + 1, 0xFFFFFFFFu, 1u << 8, 0};
  RunResult outside = runBlob(buildBlob(c), inputsOf(c));
  ASSERT_EQ(outside.error, "");
  EXPECT_THAT(outside.messages(ProblemKind::OutOfBounds),
              ElementsAre(HasSubstr(
                  "weights table row 3 points at weights byte " +
                  std::to_string(10 * block + 1) + ", but the block of " +
                  std::to_string(block) + " bytes must end within the " +
                  std::to_string(11 * block) + " bytes of the weights")));
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

TEST(NceInt8Test, macsRunAtTheInt8Rate) {
  // A 3x3 conv of 16 input channels to a 6x5x20 box in VECTOR mode: 16 * 5 *
  // 32 slots x 144 MACs, at the u8 rate of one DPU (VPUX30XX 256, 4x f16;
  // VPUX37XX 2048, 2x f16).
  for (const char *arch : {"VPUX30XX", "VPUX37XX"}) {
    SCOPED_TRACE(arch);
    Int8Case c;
    c.arch = arch;
    c.inC = 16;
    c.outC = 20;
    c.height = 5;
    c.width = 6;
    c.kernelH = c.kernelW = 3;
    c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
    c.randomize(110);
    RunResult result = runAndCheck(c);
    ASSERT_EQ(result.report.variants.size(), 1u);
    const VariantRecord &v = result.report.variants[0];
    const arch::ArchDesc &desc = getArch(arch);
    double rate = static_cast<double>(arch::getMacsPerCycle(desc, "u8"));
    EXPECT_EQ(rate, arch::getMacsPerCycle(desc, "f16") *
                        (std::string(arch) == "VPUX30XX" ? 4 : 2));
    EXPECT_DOUBLE_EQ(v.endCycles - v.startCycles, 16.0 * 5 * 32 * 144 / rate);
    EXPECT_EQ(v.macs, 6u * 5 * 20 * 144);
    // The DMAs move 1 byte per element: the input's 480 bytes.
    EXPECT_EQ(result.report.tasks[0].amount, 16u * 5 * 6);
    // The roofline's compute term counts the MACs at the INT8 peak.
    const Roofline &roofline = result.report.roofline;
    EXPECT_EQ(roofline.nceMacs, 6u * 5 * 20 * 144);
    EXPECT_EQ(roofline.nceInt8Macs, 6u * 5 * 20 * 144);
    EXPECT_DOUBLE_EQ(
        roofline.getComputeCycles(),
        6.0 * 5 * 20 * 144 /
            (rate * desc.nce().dpus_per_cluster() * desc.nce().clusters()));
  }
}

TEST(NceInt8Test, eltwiseRunsAtTheInt8Rate) {
  // An eltwise task on a 6x5x20 box in VECTOR mode: 16 * 5 * 32 slots x 1
  // MAC, at the rate of the input's element type (i8 here, input2 u8).
  for (const char *arch : {"VPUX30XX", "VPUX37XX"}) {
    SCOPED_TRACE(arch);
    Int8Case c;
    c.arch = arch;
    c.type = Type::ELTWISE_ADD;
    c.inType = DType::I8;
    c.in2Type = DType::U8;
    c.inC = c.outC = 20;
    c.height = 5;
    c.width = 6;
    c.inZp = 5;
    c.in2Zp = 130;
    c.inMult = 20000;
    c.in2Mult = 12000;
    c.ppeMult = 12345678;
    c.ppeShift = 38;
    c.randomize(180);
    RunResult result = runAndCheck(c);
    ASSERT_EQ(result.report.variants.size(), 1u);
    const VariantRecord &v = result.report.variants[0];
    const arch::ArchDesc &desc = getArch(arch);
    double rate = static_cast<double>(arch::getMacsPerCycle(desc, "i8"));
    EXPECT_GT(rate, arch::getMacsPerCycle(desc, "f16"));
    EXPECT_DOUBLE_EQ(v.endCycles - v.startCycles, 16.0 * 5 * 32 / rate);
    EXPECT_EQ(v.macs, 6u * 5 * 20);
    const Roofline &roofline = result.report.roofline;
    EXPECT_EQ(roofline.nceInt8Macs, 6u * 5 * 20);
    EXPECT_DOUBLE_EQ(
        roofline.getComputeCycles(),
        6.0 * 5 * 20 /
            (rate * desc.nce().dpus_per_cluster() * desc.nce().clusters()));
  }
}

TEST(NceInt8Test, damagedBlobsNeverCrashTheEmulator) {
  // Every INT8 blob that still loads after a flipped byte runs to a report.
  Int8Case conv;
  conv.inC = conv.outC = 4;
  conv.height = conv.width = 3;
  conv.kernelH = conv.kernelW = 3;
  conv.padTop = conv.padBottom = conv.padLeft = conv.padRight = 1;
  conv.inZp = 3;
  conv.weightsZp = -2;
  conv.outZp = 9;
  conv.ppe = schema::PpeMode::LRELU;
  conv.alpha = 0.5f;
  conv.randomize(130);
  conv.variants = {boxVariant(conv, {0, 0, 0}, {2, 0, 3}, 0),
                   boxVariant(conv, {0, 1, 0}, {2, 2, 3}, 1)};
  Int8Case avg = conv;
  avg.type = Type::AVEPOOL;
  avg.inType = DType::I8;
  avg.outType = DType::I8;
  avg.weightsZp = 0;
  avg.ppe = schema::PpeMode::RELUX;
  avg.alpha = 0;
  avg.clampLow = -5;
  avg.clampHigh = 50;
  avg.ppeMult = 7282;
  avg.ppeShift = 16;
  avg.randomize(131);
  Int8Case sub = avg;
  sub.type = Type::ELTWISE_SUB;
  sub.kernelH = sub.kernelW = 1;
  sub.padTop = sub.padBottom = sub.padLeft = sub.padRight = 0;
  sub.inType = DType::U8;
  sub.in2Type = DType::I8;
  sub.inZp = 100;
  sub.in2Zp = -7;
  sub.inMult = 16384;
  sub.in2Mult = 9000;
  sub.ppeMult = 12345678;
  sub.ppeShift = 38;
  sub.randomize(132);
  sub.variants = {boxVariant(sub, {0, 0, 0}, {2, 0, 3}, 0),
                  boxVariant(sub, {0, 1, 0}, {2, 2, 3}, 1)};
  EmulatorOptions options;
  options.maxMemoryBytes = 2 << 20;
  for (const Int8Case &c : {conv, avg, sub}) {
    std::vector<uint8_t> bytes = buildBlob(c);
    size_t ran = 0;
    for (uint8_t pattern : {0x01, 0xff}) {
      for (size_t at = 0; at < bytes.size(); ++at) {
        std::vector<uint8_t> damaged = bytes;
        damaged[at] ^= pattern;
        RunResult result = runBlob(damaged, inputsOf(c), "VPUX30XX", options);
        ran += result.error.empty();
      }
    }
    EXPECT_GT(ran, 0u);
  }
}

TEST(NceInt8Test, targetWithoutTheInt8Rate) {
  Int8Case c;
  c.randomize(120);
  std::vector<uint8_t> bytes = buildBlob(c);
  llvm::Expected<blob::BlobFile> file = blob::loadBlob(bytes);
  ASSERT_TRUE(static_cast<bool>(file));
  arch::ArchDesc target = getArch("VPUX30XX");
  target.mutable_nce()->clear_mac_rates();
  ::vpuc::arch::MacRate *f16 = target.mutable_nce()->add_mac_rates();
  f16->set_element_type("f16");
  f16->set_macs_per_cycle(64);
  llvm::Expected<std::unique_ptr<Emulator>> emulator =
      Emulator::create(*file, target, getBuiltinKernels(), {});
  ASSERT_FALSE(static_cast<bool>(emulator));
  EXPECT_THAT(llvm::toString(emulator.takeError()),
              HasSubstr("NCE0 task 0 'layer/conv': target VPUX30XX "
                        "has no u8 MAC rate (nce.mac_rates) for the task's u8 "
                        "input"));
}

//===----------------------------------------------------------------------===//
// The arithmetic on plain arrays: every ISA and thread count
//===----------------------------------------------------------------------===//

/// The invariant of `c` as computeNceBox takes it.
NceInvariantDesc descOf(const Int8Case &c) {
  NceInvariantDesc desc;
  desc.type = c.type;
  desc.kernelH = c.kernelH;
  desc.kernelW = c.kernelW;
  desc.strideH = c.strideH;
  desc.strideW = c.strideW;
  desc.padTop = c.padTop;
  desc.padBottom = c.padBottom;
  desc.padLeft = c.padLeft;
  desc.padRight = c.padRight;
  desc.ppe = c.ppe;
  desc.clampLow = c.clampLow;
  desc.clampHigh = c.clampHigh;
  desc.alpha = c.alpha;
  desc.weightsType = c.weightsType;
  desc.inputZeroPoint = c.inZp;
  desc.weightsZeroPoint = c.weightsZp;
  desc.outZeroPoint = c.intOut() ? c.outZp : 0;
  desc.input2ZeroPoint = c.in2Zp;
  desc.inputMult = c.inMult;
  desc.input2Mult = c.in2Mult;
  desc.ppeMult = c.ppeMult;
  desc.ppeShift = c.ppeShift;
  return desc;
}

/// `nchw` (one byte per element) laid out channel-minor (NHWC) or planar,
/// and its view.
NceActivation int8View(const std::vector<uint8_t> &nchw, DType dtype,
                       int64_t channels, int64_t height, int64_t width,
                       bool channelMinor, std::vector<uint8_t> &storage) {
  NceActivation view;
  view.dtype = dtype;
  view.channels = channels;
  view.height = height;
  view.width = width;
  if (channelMinor) {
    view.strideC = 1;
    view.strideW = channels;
    view.strideH = channels * width;
  } else {
    view.strideW = 1;
    view.strideH = width;
    view.strideC = width * height;
  }
  storage.assign(nchw.size(), 0);
  for (int64_t ch = 0; ch < channels; ++ch) {
    for (int64_t y = 0; y < height; ++y) {
      for (int64_t x = 0; x < width; ++x) {
        storage[ch * view.strideC + y * view.strideH + x * view.strideW] =
            nchw[(ch * height + y) * width + x];
      }
    }
  }
  view.data = storage.data();
  return view;
}

/// Runs `c` through computeNceBox without a blob, over three boxes, on
/// channel-minor and planar layouts, every kernel ISA the CPU has, and 1 and
/// 3 threads, and compares each result with the reference.
void checkKernels(const Int8Case &c) {
  std::optional<std::vector<int64_t>> expected = reference(c);
  ASSERT_TRUE(expected.has_value()) << "the case overflows";
  NceInvariantDesc desc = descOf(c);
  // Weights in (ky, kx, ic) order per output channel, and the table rows.
  std::vector<uint8_t> ordered;
  std::vector<NceChannelWeights> weights;
  int64_t icw = c.weightsIC();
  int64_t block = icw * c.kernelH * c.kernelW;
  for (int64_t k = 0; c.weighted() && k < c.outC; ++k) {
    for (int64_t ky = 0; ky < c.kernelH; ++ky) {
      for (int64_t kx = 0; kx < c.kernelW; ++kx) {
        for (int64_t ic = 0; ic < icw; ++ic) {
          ordered.push_back(
              c.weights[((k * icw + ic) * c.kernelH + ky) * c.kernelW + kx]);
        }
      }
    }
  }
  for (int64_t k = 0; c.weighted() && k < c.outC; ++k) {
    NceChannelWeights entry;
    entry.weights = ordered.data() + k * block;
    if (c.intOut()) {
      entry.mult = c.mult[k];
      entry.shift = c.shift[k];
      entry.intBias = c.bias[k];
    } else {
      entry.scale = c.scale[k];
      entry.bias = c.floatBias[k];
    }
    weights.push_back(entry);
  }
  int64_t elemBytes = c.intOut() ? 1 : 2;
  threading::ThreadPool pool(3);
  NceKernelIsa original = getNceKernelIsa();
  for (bool channelMinor : {true, false}) {
    std::vector<uint8_t> inStorage, in2Storage;
    NceActivation in = int8View(c.input, c.inType, c.inC, c.height, c.width,
                                channelMinor, inStorage);
    NceActivation in2;
    if (c.eltwise()) {
      in2 = int8View(c.input2, c.in2Type, c.inC, c.height, c.width,
                     channelMinor, in2Storage);
    }
    for (NceKernelIsa isa :
         {NceKernelIsa::Portable, NceKernelIsa::Avx2, NceKernelIsa::Avx512}) {
      if (!setNceKernelIsa(isa)) {
        continue;
      }
      for (threading::ThreadPool *threads :
           {static_cast<threading::ThreadPool *>(nullptr), &pool}) {
        SCOPED_TRACE(std::string(channelMinor ? "NHWC" : "NCHW") + ", " +
                     (isa == NceKernelIsa::Avx512 ? "AVX-512"
                      : isa == NceKernelIsa::Avx2 ? "AVX2"
                                                  : "portable") +
                     ", " + (threads ? "3 threads" : "1 thread"));
        std::vector<uint8_t> bytes(c.outC * c.outH() * c.outW() * elemBytes,
                                   0xab);
        NceActivation out;
        out.data = bytes.data();
        out.dtype = c.outType;
        out.channels = c.outC;
        out.height = c.outH();
        out.width = c.outW();
        if (channelMinor) {
          out.strideC = elemBytes;
          out.strideW = elemBytes * c.outC;
          out.strideH = elemBytes * c.outC * c.outW();
        } else {
          out.strideW = elemBytes;
          out.strideH = elemBytes * c.outW();
          out.strideC = elemBytes * c.outW() * c.outH();
        }
        // The top rows, then the rest split over the channels elsewhere.
        int64_t splitY = c.outH() / 2, splitK = c.outC / 3;
        std::vector<NceBox> boxes = {
            {0, 0, 0, c.outW() - 1, splitY, c.outC - 1},
            {0, splitY + 1, 0, c.outW() - 1, c.outH() - 1, splitK},
            {0, splitY + 1, splitK + 1, c.outW() - 1, c.outH() - 1,
             c.outC - 1}};
        for (const NceBox &box : boxes) {
          if (box.y1 < box.y0 || box.z1 < box.z0) {
            continue;
          }
          std::optional<NceOverflow> overflow =
              computeNceBox(desc, in, c.eltwise() ? &in2 : nullptr, weights,
                            out, box, threads);
          ASSERT_FALSE(overflow.has_value());
        }
        size_t mismatches = 0;
        for (int64_t k = 0; k < c.outC; ++k) {
          for (int64_t y = 0; y < c.outH(); ++y) {
            for (int64_t x = 0; x < c.outW(); ++x) {
              const uint8_t *at = bytes.data() + k * out.strideC +
                                  y * out.strideH + x * out.strideW;
              int64_t got = c.outType == DType::U8 ? static_cast<int64_t>(*at)
                            : c.outType == DType::I8
                                ? static_cast<int64_t>(static_cast<int8_t>(*at))
                                : static_cast<int64_t>(at[0] | (at[1] << 8));
              int64_t want = (*expected)[(k * c.outH() + y) * c.outW() + x];
              if (got != want && mismatches++ < 5) {
                ADD_FAILURE() << "element (" << k << ", " << y << ", " << x
                              << "): got " << got << ", expected " << want;
              }
            }
          }
        }
        EXPECT_EQ(mismatches, 0u);
      }
    }
  }
  setNceKernelIsa(original);
}

TEST(NceInt8Test, kernelsOnEveryIsaAndThreadCount) {
  uint32_t seed = 200;
  for (DType in : {DType::U8, DType::I8}) {
    for (DType weights : {DType::U8, DType::I8}) {
      for (DType out : {DType::U8, DType::I8, DType::F16}) {
        SCOPED_TRACE(blob::getDTypeName(in) + " x " +
                     blob::getDTypeName(weights) + " -> " +
                     blob::getDTypeName(out));
        checkKernels(strided3x3(in, weights, out, seed++));
        // Weights whose zero point leaves them int8 (the AVX-512 CONV on
        // bytes): symmetric I8, U8 around 128.
        Int8Case bytes = strided3x3(in, weights, out, seed++);
        bytes.inC = 16;
        bytes.randomize(seed++);
        bytes.weightsZp = weights == DType::U8 ? 128 : 0;
        SCOPED_TRACE("weights zero point " + std::to_string(bytes.weightsZp));
        checkKernels(bytes);
      }
    }
  }
  // A 1x1 convolution over more input channels than a vector, not a
  // multiple of it, and output channels not a multiple of the tile.
  Int8Case wide = strided3x3(DType::I8, DType::I8, DType::I8, seed++);
  wide.inC = 70;
  wide.outC = 37;
  wide.kernelH = wide.kernelW = 1;
  wide.strideH = wide.strideW = 1;
  wide.padTop = wide.padBottom = wide.padLeft = wide.padRight = 0;
  wide.randomize(seed++);
  checkKernels(wide);
  wide.weightsZp = 0;
  checkKernels(wide);
  // A box large enough to be split into rows over the threads (kNceInt8
  // MacsPerChunk: 40 rows of 40 x 64 x 576 MACs), on bytes and on int16.
  Int8Case large = strided3x3(DType::U8, DType::I8, DType::U8, seed++);
  large.inC = 64;
  large.outC = 64;
  large.height = large.width = 40;
  large.strideH = large.strideW = 1;
  large.padTop = large.padBottom = large.padLeft = large.padRight = 1;
  large.randomize(seed++);
  checkKernels(large);
  large.weightsZp = 0;
  checkKernels(large);
  // A 5x5 window over wide padding: pixels whose window is mostly outside.
  Int8Case padded = strided3x3(DType::U8, DType::U8, DType::U8, seed++);
  padded.kernelH = padded.kernelW = 5;
  padded.strideH = padded.strideW = 1;
  padded.padTop = padded.padBottom = padded.padLeft = padded.padRight = 4;
  padded.randomize(seed++);
  checkKernels(padded);
}

TEST(NceInt8Test, convTilesAcrossWidthsAndChannels) {
  // The CONV tiles of 4 (AVX-512 on bytes: 6) pixels x 16 channels: rows of
  // 1 to 13 pixels (whole tiles and a last one shorter), 8 to 37 output
  // channels (one or two vectors in the last block), a number of input
  // channels that is not a multiple of a pair or a quad, the window over
  // the padding on every side, stride 1 and 2; weights whose zero point
  // leaves them int8 or not.
  uint32_t seed = 300;
  for (int64_t width : {1, 2, 3, 4, 5, 7, 9, 11, 13}) {
    for (int64_t outC : {8, 16, 24, 37}) {
      for (int64_t stride : {1, 2}) {
        Int8Case c = strided3x3(DType::U8, DType::I8, DType::U8, seed++);
        // Quads of input channels too (a pixel's channels copied whole).
        c.inC = outC == 37 ? 33 : outC == 24 ? 32 : 3;
        c.outC = outC;
        c.height = 5;
        c.width = width;
        c.strideH = c.strideW = stride;
        c.padTop = c.padBottom = c.padLeft = c.padRight = 1;
        c.ppe = schema::PpeMode::RELU;
        c.randomize(seed++);
        SCOPED_TRACE("width " + std::to_string(width) + ", " +
                     std::to_string(outC) + " channels, stride " +
                     std::to_string(stride));
        checkKernels(c);
        c.weightsZp = 0;
        checkKernels(c);
      }
    }
  }
}

TEST(NceInt8Test, vectorRequantisationOfEveryClamp) {
  // The AVX2 requantisation against the reference: every PPE but LRELU
  // (which stays scalar), RELUX bounds inside, around and beyond the output
  // range on either side, and a low bound above the high one,
  // shifts of 0 and up to 63 with multipliers up to 2^24 - 1, large biases
  // of either sign.
  uint32_t seed = 400;
  struct Clamp {
    schema::PpeMode ppe;
    float low, high;
  };
  for (DType out : {DType::U8, DType::I8}) {
    for (Clamp clamp : {Clamp{schema::PpeMode::NONE, 0, 0},
                        Clamp{schema::PpeMode::RELU, 0, 0},
                        Clamp{schema::PpeMode::RELUX, -30, 60},
                        Clamp{schema::PpeMode::RELUX, -1000, 1e6f},
                        Clamp{schema::PpeMode::RELUX, 200, 300},
                        Clamp{schema::PpeMode::RELUX, -300, -200},
                        Clamp{schema::PpeMode::RELUX, 60, -30}}) {
      Int8Case c = strided3x3(DType::I8, DType::U8, out, seed++);
      c.inC = 19;
      c.outC = 29;
      c.ppe = clamp.ppe;
      c.clampLow = clamp.low;
      c.clampHigh = clamp.high;
      c.randomize(seed++);
      for (int64_t k = 0; k < c.outC; ++k) {
        switch (k % 5) {
        case 0:
          c.mult[k] = 1;
          c.shift[k] = 0;
          break;
        case 1:
          c.mult[k] = (1u << 24) - 1;
          c.shift[k] = 63;
          c.bias[k] = k % 2 ? 2147483647 : -2147483647 - 1;
          break;
        case 2:
          c.mult[k] = (1u << 24) - 1;
          c.shift[k] = 40;
          c.bias[k] = k % 2 ? -123456789 : 123456789;
          break;
        default:
          break;
        }
      }
      SCOPED_TRACE(std::to_string(static_cast<int>(clamp.ppe)) + " [" +
                   std::to_string(clamp.low) + ", " +
                   std::to_string(clamp.high) + "] -> " +
                   blob::getDTypeName(out));
      checkKernels(c);
    }
  }
}

TEST(NceInt8Test, kernelsOfDepthwisePoolsAndEltwise) {
  uint32_t seed = 220;
  for (DType out : {DType::U8, DType::I8, DType::F16}) {
    Int8Case c = strided3x3(DType::U8, DType::I8, out, seed++);
    c.type = Type::DWCONV;
    c.inC = c.outC = 21;
    c.kernelH = 3;
    c.kernelW = 5;
    c.strideH = 1;
    c.padLeft = 2;
    c.padRight = 2;
    c.ppe = out == DType::F16 ? schema::PpeMode::LRELU : schema::PpeMode::RELU;
    c.alpha = 0.25f;
    c.randomize(seed++);
    checkKernels(c);
  }
  Int8Case max = pool(Type::MAXPOOL, DType::I8, DType::U8, seed++);
  max.ppeMult = 3;
  max.ppeShift = 2;
  checkKernels(max);
  Int8Case avg = pool(Type::AVEPOOL, DType::U8, DType::U8, seed++);
  avg.ppeMult = 10923;
  avg.ppeShift = 16;
  checkKernels(avg);
  for (Type type : {Type::ELTWISE_ADD, Type::ELTWISE_SUB, Type::ELTWISE_MUL}) {
    Int8Case c = eltwise(type, DType::I8, seed++);
    c.inMult = 16384;
    c.in2Mult = 9000;
    c.ppeMult = type == Type::ELTWISE_MUL ? 3 : 12345678;
    c.ppeShift = type == Type::ELTWISE_MUL ? 8 : 38;
    checkKernels(c);
  }
}

TEST(NceInt8Test, sumsThatCouldOverflowButDoNot) {
  // 255 * 255 * 40000 exceeds int32, so the sums are computed by the checked
  // code; with the inputs at their zero point (and a few near it) none does.
  Int8Case c;
  c.type = Type::CONV;
  c.inType = DType::U8;
  c.weightsType = DType::U8;
  c.outType = DType::I8;
  c.inC = 40000;
  c.outC = 3;
  c.height = 2;
  c.width = 2;
  c.randomize(240);
  for (int64_t i = 0; i < static_cast<int64_t>(c.input.size()); ++i) {
    c.input[i] = i % 97 == 0 ? 2 : 0;
  }
  // About 412 * 2 * 127 per element, to about 100.
  for (int64_t k = 0; k < c.outC; ++k) {
    c.shift[k] = 10;
    c.mult[k] = 1;
    c.bias[k] = 0;
  }
  checkKernels(c);
}

TEST(NceInt8Test, storeOfManyChannelsEqualsTheStoreOfEach) {
  // storeNceInt8Results against storeNceInt8Result channel by channel, on
  // random accumulators, weights table entries (or the task's multiplier
  // without a table), output types, zero points and every PPE.
  std::mt19937 rng(4711);
  auto uniform = [&](int64_t low, int64_t high) {
    return std::uniform_int_distribution<int64_t>(low, high)(rng);
  };
  const schema::PpeMode ppes[] = {schema::PpeMode::NONE, schema::PpeMode::RELU,
                                  schema::PpeMode::RELUX,
                                  schema::PpeMode::LRELU};
  const schema::DType types[] = {schema::DType::U8, schema::DType::I8,
                                 schema::DType::F16};
  constexpr int64_t kChannels = 19;
  for (int round = 0; round < 600; ++round) {
    NceInvariantDesc desc;
    desc.ppe = ppes[round % 4];
    desc.clampLow = static_cast<float>(uniform(-300, 50));
    desc.clampHigh = static_cast<float>(uniform(-20, 300));
    desc.alpha = static_cast<float>(uniform(-40, 40)) / 16;
    desc.outZeroPoint = static_cast<int32_t>(uniform(-128, 255));
    desc.ppeMult = static_cast<uint32_t>(uniform(1, 1 << 15));
    desc.ppeShift = static_cast<uint32_t>(uniform(0, 31));
    std::vector<NceChannelWeights> weights;
    schema::DType dtype = types[(round / 4) % 3];
    if (dtype == schema::DType::F16 || round % 3 != 0) {
      weights.resize(kChannels);
      for (NceChannelWeights &w : weights) {
        w.mult = static_cast<uint32_t>(uniform(0, (int64_t(1) << 31) - 1));
        w.shift = static_cast<uint32_t>(uniform(0, 40));
        w.intBias = static_cast<int32_t>(uniform(-(1 << 20), 1 << 20));
        w.scale = static_cast<float>(uniform(-1000, 1000)) / 4096;
        w.bias = static_cast<float>(uniform(-1000, 1000)) / 64;
      }
    }
    int64_t elemBytes = dtype == schema::DType::F16 ? 2 : 1;
    NceActivation output;
    output.dtype = dtype;
    output.channels = kChannels;
    output.height = output.width = 1;
    output.strideC = elemBytes * (round % 2 == 0 ? 1 : 3);
    std::vector<int32_t> acc(kChannels);
    for (int32_t &a : acc) {
      int64_t magnitude = int64_t(1) << uniform(0, 30);
      a = static_cast<int32_t>(uniform(-magnitude, magnitude));
    }
    int64_t k0 = uniform(0, kChannels - 1);
    int64_t count = uniform(0, kChannels - k0);
    std::vector<uint8_t> many(kChannels * output.strideC, 0xA5);
    std::vector<uint8_t> each = many;
    storeNceInt8Results(desc, weights, output, k0, count, many.data(),
                        acc.data() + k0);
    for (int64_t k = k0; k < k0 + count; ++k) {
      storeNceInt8Result(desc, weights, output, k, each.data(), acc[k]);
    }
    ASSERT_EQ(many, each) << "round " << round;
  }
}

} // namespace
} // namespace mlir::vpuc::emu
