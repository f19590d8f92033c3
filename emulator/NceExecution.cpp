//===- NceExecution.cpp - The arithmetic of NCE cluster tasks -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "emulator/NceExecution.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "core/numeric/Float16.h"
#include "emulator/NceF16.h"
#include "emulator/NceInt8.h"

namespace mlir::vpuc::emu {

NceInvariantDesc getNceInvariantDesc(const schema::NceClusterTask &task) {
  const schema::NceInvariant &inv = *task.invariant();
  NceInvariantDesc desc;
  desc.type = inv.task_type();
  desc.kernelH = inv.kernel_h();
  desc.kernelW = inv.kernel_w();
  desc.strideH = inv.stride_h();
  desc.strideW = inv.stride_w();
  desc.padTop = inv.pad_top();
  desc.padBottom = inv.pad_bottom();
  desc.padLeft = inv.pad_left();
  desc.padRight = inv.pad_right();
  desc.inputZeroPoint = inv.input_zero_point();
  desc.weightsZeroPoint = inv.weights_zero_point();
  desc.input2ZeroPoint = inv.input2_zero_point();
  desc.inputMult = inv.input_mult();
  desc.input2Mult = inv.input2_mult();
  if (const schema::PpeTask *ppe = task.ppe()) {
    desc.ppe = ppe->mode();
    desc.clampLow = ppe->clamp_low();
    desc.clampHigh = ppe->clamp_high();
    desc.alpha = ppe->alpha();
    desc.outZeroPoint = ppe->out_zero_point();
    // loadBlob checked the ranges of the multiplier and shift of a pool or
    // an eltwise task.
    if (ppe->quant_mult() && ppe->quant_mult()->size() == 1) {
      desc.ppeMult = static_cast<uint32_t>(ppe->quant_mult()->Get(0));
    }
    if (ppe->quant_shift() && ppe->quant_shift()->size() == 1) {
      desc.ppeShift = static_cast<uint32_t>(ppe->quant_shift()->Get(0));
    }
  }
  return desc;
}

bool isNceEltwise(schema::NceTaskType type) {
  return type == schema::NceTaskType::ELTWISE_ADD ||
         type == schema::NceTaskType::ELTWISE_SUB ||
         type == schema::NceTaskType::ELTWISE_MUL;
}

bool isNceWeighted(schema::NceTaskType type) {
  return type == schema::NceTaskType::CONV ||
         type == schema::NceTaskType::DWCONV;
}

NceBox getNceInputBox(const NceInvariantDesc &desc, const NceBox &box,
                      const NceActivation &input) {
  NceBox in;
  in.y0 = std::max<int64_t>(0, box.y0 * desc.strideH - desc.padTop);
  in.y1 = std::min<int64_t>(
      input.height - 1, box.y1 * desc.strideH - desc.padTop + desc.kernelH - 1);
  in.x0 = std::max<int64_t>(0, box.x0 * desc.strideW - desc.padLeft);
  in.x1 = std::min<int64_t>(
      input.width - 1, box.x1 * desc.strideW - desc.padLeft + desc.kernelW - 1);
  if (desc.type == schema::NceTaskType::CONV) {
    in.z0 = 0;
    in.z1 = input.channels - 1;
  } else {
    in.z0 = box.z0;
    in.z1 = box.z1;
  }
  return in;
}

int64_t getNceMacsPerOutput(const NceInvariantDesc &desc, int64_t inChannels) {
  if (isNceEltwise(desc.type)) {
    return 1;
  }
  int64_t window = desc.kernelH * desc.kernelW;
  return desc.type == schema::NceTaskType::CONV ? window * inChannels : window;
}

//===----------------------------------------------------------------------===//
// INT8 mode
//===----------------------------------------------------------------------===//

/// floor(value / 2^shift), without relying on the implementation's shift of
/// negative numbers.
static int64_t floorShiftRight(int64_t value, uint32_t shift) {
  return value >= 0 ? value >> shift : -((-value - 1) >> shift) - 1;
}

int64_t requantizeNce(int64_t value, uint32_t mult, uint32_t shift) {
  int64_t product = value * static_cast<int64_t>(mult);
  if (shift == 0) {
    return product;
  }
  return floorShiftRight(product + (int64_t(1) << (shift - 1)), shift);
}

/// `value` (integral) as an int64, saturated far beyond any result of the
/// requantisation (so that the conversion is defined).
static int64_t saturateToInt64(double value) {
  constexpr double kLimit = 4611686018427387904.0; // 2^62
  return static_cast<int64_t>(std::min(std::max(value, -kLimit), kLimit));
}

/// `value` rounded to the nearest integer, halves to even.
static double roundHalfToEven(double value) {
  double floor = std::floor(value);
  double fraction = value - floor;
  if (fraction > 0.5) {
    return floor + 1;
  }
  if (fraction < 0.5) {
    return floor;
  }
  return std::fmod(floor, 2.0) == 0 ? floor : floor + 1;
}

/// The PPE of an integer output other than LRELU as a clamp of the
/// requantised value: no bounds (NONE), from 0 (RELU), or RELUX's bounds.
static std::pair<int64_t, int64_t>
getIntegerPpeBounds(const NceInvariantDesc &desc) {
  switch (desc.ppe) {
  case schema::PpeMode::RELU:
    return {0, std::numeric_limits<int64_t>::max()};
  case schema::PpeMode::RELUX:
    return {saturateToInt64(desc.clampLow), saturateToInt64(desc.clampHigh)};
  default:
    return {std::numeric_limits<int64_t>::min(),
            std::numeric_limits<int64_t>::max()};
  }
}

/// The range of an integer (U8 or I8) output element.
static std::pair<int64_t, int64_t> getInt8OutputRange(schema::DType dtype) {
  if (dtype == schema::DType::U8) {
    return {0, 255};
  }
  return {-128, 127};
}

int64_t applyIntegerPpe(const NceInvariantDesc &desc, int64_t value) {
  if (desc.ppe == schema::PpeMode::LRELU) {
    return value < 0 ? saturateToInt64(
                           roundHalfToEven(static_cast<double>(value) *
                                           static_cast<double>(desc.alpha)))
                     : value;
  }
  auto [low, high] = getIntegerPpeBounds(desc);
  return std::min(std::max(value, low), high);
}

// |a|, |b| <= 255 and the multipliers are below 2^15 (loadBlob): |acc| <
// 2^24, no overflow.
int32_t getNceInt8EltwiseAcc(const NceInvariantDesc &desc, int32_t a,
                             int32_t b) {
  switch (desc.type) {
  case schema::NceTaskType::ELTWISE_ADD:
    return desc.inputMult * a + desc.input2Mult * b;
  case schema::NceTaskType::ELTWISE_SUB:
    return desc.inputMult * a - desc.input2Mult * b;
  default:
    return a * b;
  }
}

void storeNceInt8Result(const NceInvariantDesc &desc,
                        llvm::ArrayRef<NceChannelWeights> weights,
                        const NceActivation &output, int64_t k,
                        uint8_t *outPixel, int32_t acc) {
  if (output.dtype == schema::DType::F16) {
    // CONV / DWCONV only (loadBlob).
    float result = static_cast<float>(acc) * weights[k].scale + weights[k].bias;
    uint16_t bits = numeric::floatToF16Bits(applyNceFloatPpe(desc, result));
    std::memcpy(outPixel + k * output.strideC, &bits, sizeof(bits));
    return;
  }
  auto [outLow, outHigh] = getInt8OutputRange(output.dtype);
  int64_t value = acc;
  uint32_t mult = desc.ppeMult, shift = desc.ppeShift;
  if (!weights.empty()) {
    value += weights[k].intBias;
    mult = weights[k].mult;
    shift = weights[k].shift;
  }
  int64_t result = applyIntegerPpe(desc, requantizeNce(value, mult, shift));
  result = std::min(std::max(result + desc.outZeroPoint, outLow), outHigh);
  // The low byte: the value for U8, its two's complement for I8.
  outPixel[k * output.strideC] = static_cast<uint8_t>(result & 0xFF);
}

NceInt8Clamps getNceInt8Clamps(const NceInvariantDesc &desc,
                               const NceActivation &output) {
  NceInt8Clamps clamps;
  std::tie(clamps.ppeLow, clamps.ppeHigh) = getIntegerPpeBounds(desc);
  std::tie(clamps.outLow, clamps.outHigh) = getInt8OutputRange(output.dtype);
  return clamps;
}

void storeNceInt8Results(const NceInvariantDesc &desc,
                         llvm::ArrayRef<NceChannelWeights> weights,
                         const NceActivation &output, int64_t k0, int64_t count,
                         uint8_t *outPixel, const int32_t *acc) {
  // LRELU and F16 outputs go element by element (storeNceInt8Result); the
  // other PPEs are a clamp of the requantised value.
  if (output.dtype == schema::DType::F16 ||
      desc.ppe == schema::PpeMode::LRELU) {
    for (int64_t j = 0; j < count; ++j) {
      storeNceInt8Result(desc, weights, output, k0 + j, outPixel, acc[j]);
    }
    return;
  }
  // Named values, not structured bindings: the lambda below captures them.
  const std::pair<int64_t, int64_t> ppe = getIntegerPpeBounds(desc);
  const std::pair<int64_t, int64_t> range = getInt8OutputRange(output.dtype);
  int64_t strideC = output.strideC;
  uint8_t *out = outPixel + k0 * strideC;
  auto store = [&](int64_t j, int64_t value, uint32_t mult, uint32_t shift) {
    int64_t result = std::min(
        std::max(requantizeNce(value, mult, shift), ppe.first), ppe.second);
    result = std::min(std::max(result + desc.outZeroPoint, range.first),
                      range.second);
    out[j * strideC] = static_cast<uint8_t>(result & 0xFF);
  };
  if (weights.empty()) {
    for (int64_t j = 0; j < count; ++j) {
      store(j, acc[j], desc.ppeMult, desc.ppeShift);
    }
    return;
  }
  const NceChannelWeights *channel = weights.data() + k0;
  for (int64_t j = 0; j < count; ++j) {
    store(j, static_cast<int64_t>(acc[j]) + channel[j].intBias, channel[j].mult,
          channel[j].shift);
  }
}

/// computeNceBox in INT8 mode, scalar, stopping at the first sum that leaves
/// int32 (in the order y, x, k, then the window's).
static std::optional<NceOverflow>
computeInt8Box(const NceInvariantDesc &desc, const NceActivation &input,
               const NceActivation *input2,
               llvm::ArrayRef<NceChannelWeights> weights,
               const NceActivation &output, const NceBox &box) {
  schema::NceTaskType type = desc.type;
  bool conv = type == schema::NceTaskType::CONV;
  bool eltwise = isNceEltwise(type);
  int64_t inC = input.channels;
  // The input rows of one output row, with the zero point subtracted.
  NceBox inBox = getNceInputBox(desc, box, input);
  int64_t cols = inBox.x1 - inBox.x0 + 1;
  int64_t chans = inBox.z1 - inBox.z0 + 1;
  std::vector<int32_t> rows(desc.kernelH * cols * chans);
  std::vector<bool> rowValid(desc.kernelH);
  // The weights of the box's channels, with the zero point subtracted.
  int64_t block = weights.empty()
                      ? 0
                      : desc.kernelH * desc.kernelW * (conv ? inC : int64_t(1));
  std::vector<int32_t> boxWeights(
      weights.empty() ? 0 : (box.z1 - box.z0 + 1) * block);
  for (int64_t k = box.z0; !weights.empty() && k <= box.z1; ++k) {
    for (int64_t i = 0; i < block; ++i) {
      boxWeights[(k - box.z0) * block + i] =
          loadNceInt8(weights[k].weights + i, desc.weightsType) -
          desc.weightsZeroPoint;
    }
  }
  for (int64_t y = box.y0; y <= box.y1; ++y) {
    int64_t top = y * desc.strideH - desc.padTop;
    for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
      int64_t iy = top + ky;
      rowValid[ky] = iy >= 0 && iy < input.height;
      if (!rowValid[ky]) {
        continue;
      }
      for (int64_t col = 0; col < cols; ++col) {
        const uint8_t *pixel =
            input.data + iy * input.strideH + (inBox.x0 + col) * input.strideW;
        int32_t *into = rows.data() + (ky * cols + col) * chans;
        for (int64_t c = 0; c < chans; ++c) {
          into[c] =
              loadNceInt8(pixel + (inBox.z0 + c) * input.strideC, input.dtype) -
              desc.inputZeroPoint;
        }
      }
    }
    for (int64_t x = box.x0; x <= box.x1; ++x) {
      int64_t left = x * desc.strideW - desc.padLeft;
      uint8_t *outPixel = output.data + y * output.strideH + x * output.strideW;
      for (int64_t k = box.z0; k <= box.z1; ++k) {
        bool isMax = type == schema::NceTaskType::MAXPOOL;
        bool first = true;
        int32_t acc = 0;
        // Adds `term` to the accumulator; false when the sum leaves int32.
        auto add = [&](int32_t term) {
          int32_t sum;
          if (__builtin_add_overflow(acc, term, &sum)) {
            return false;
          }
          acc = sum;
          return true;
        };
        auto overflow = [&](int32_t term) {
          NceOverflow result;
          result.channel = k;
          result.y = y;
          result.x = x;
          result.sum = static_cast<int64_t>(acc) + term;
          return result;
        };
        const int32_t *w = weights.empty()
                               ? nullptr
                               : boxWeights.data() + (k - box.z0) * block;
        for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
          for (int64_t kx = 0; kx < desc.kernelW; ++kx) {
            int64_t ix = left + kx;
            if (!rowValid[ky] || ix < 0 || ix >= input.width) {
              continue;
            }
            const int32_t *pixel =
                rows.data() + (ky * cols + (ix - inBox.x0)) * chans;
            if (conv) {
              const int32_t *wk = w + (ky * desc.kernelW + kx) * inC;
              for (int64_t ic = 0; ic < inC; ++ic) {
                int32_t product = pixel[ic] * wk[ic];
                if (!add(product)) {
                  return overflow(product);
                }
              }
              continue;
            }
            int32_t value = pixel[k - inBox.z0];
            if (type == schema::NceTaskType::DWCONV) {
              int32_t product = value * w[ky * desc.kernelW + kx];
              if (!add(product)) {
                return overflow(product);
              }
            } else if (isMax) {
              acc = first ? value : std::max(acc, value);
              first = false;
            } else if (eltwise) {
              // The window is the element (1x1, strides 1, no padding).
              int32_t other =
                  loadNceInt8(input2->data + y * input2->strideH +
                                  x * input2->strideW + k * input2->strideC,
                              input2->dtype) -
                  desc.input2ZeroPoint;
              acc = getNceInt8EltwiseAcc(desc, value, other);
            } else if (!add(value)) {
              return overflow(value);
            }
          }
        }
        storeNceInt8Result(desc, weights, output, k, outPixel, acc);
      }
    }
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Both modes
//===----------------------------------------------------------------------===//

std::optional<NceOverflow>
computeNceBox(const NceInvariantDesc &desc, const NceActivation &input,
              const NceActivation *input2,
              llvm::ArrayRef<NceChannelWeights> weights,
              const NceActivation &output, const NceBox &box,
              threading::ThreadPool *pool, numeric::F16Underflow *underflow) {
  if (input.dtype != schema::DType::F16) {
    if (computeNceInt8BoxUnchecked(desc, input, input2, weights, output, box,
                                   pool)) {
      return std::nullopt;
    }
    return computeInt8Box(desc, input, input2, weights, output, box);
  }
  computeNceF16Box(desc, input, input2, weights, output, box, pool, underflow);
  return std::nullopt;
}

} // namespace mlir::vpuc::emu
