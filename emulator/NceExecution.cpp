//===- NceExecution.cpp - The arithmetic of NCE cluster tasks -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "emulator/NceExecution.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/numeric/Float16.h"

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
  if (const schema::PpeTask *ppe = task.ppe()) {
    desc.ppe = ppe->mode();
    desc.clampLow = ppe->clamp_low();
    desc.clampHigh = ppe->clamp_high();
    desc.alpha = ppe->alpha();
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

/// Reads the FP16 element at `pointer`.
static float load(const uint8_t *pointer) {
  uint16_t bits;
  std::memcpy(&bits, pointer, sizeof(bits));
  return numeric::f16BitsToFloat(bits);
}

/// The PPE in FP32.
static float applyPpe(const NceInvariantDesc &desc, float value) {
  switch (desc.ppe) {
  case schema::PpeMode::RELU:
    return value < 0 ? 0.0f : value;
  case schema::PpeMode::RELUX:
    return std::min(std::max(value, desc.clampLow), desc.clampHigh);
  case schema::PpeMode::LRELU:
    return value < 0 ? desc.alpha * value : value;
  default:
    return value;
  }
}

void computeNceBox(const NceInvariantDesc &desc, const NceActivation &input,
                   const NceActivation *input2,
                   llvm::ArrayRef<NceChannelWeights> weights,
                   const NceActivation &output, const NceBox &box) {
  schema::NceTaskType type = desc.type;
  int64_t inC = input.channels;
  // The input rows of one output row, converted once: (row, col, channel)
  // in FP32 for the columns the box reads.
  NceBox inBox = getNceInputBox(desc, box, input);
  int64_t cols = inBox.x1 - inBox.x0 + 1;
  int64_t chans = inBox.z1 - inBox.z0 + 1;
  std::vector<float> rows(desc.kernelH * cols * chans);
  std::vector<bool> rowValid(desc.kernelH);
  // The weights of the box's channels in FP32, converted once.
  int64_t block =
      weights.empty()
          ? 0
          : desc.kernelH * desc.kernelW *
                (type == schema::NceTaskType::CONV ? inC : int64_t(1));
  std::vector<float> boxWeights(
      weights.empty() ? 0 : (box.z1 - box.z0 + 1) * block);
  for (int64_t k = box.z0; !weights.empty() && k <= box.z1; ++k) {
    for (int64_t i = 0; i < block; ++i) {
      boxWeights[(k - box.z0) * block + i] = load(weights[k].weights + 2 * i);
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
        float *into = rows.data() + (ky * cols + col) * chans;
        for (int64_t c = 0; c < chans; ++c) {
          into[c] = load(pixel + (inBox.z0 + c) * input.strideC);
        }
      }
    }
    for (int64_t x = box.x0; x <= box.x1; ++x) {
      int64_t left = x * desc.strideW - desc.padLeft;
      uint8_t *outPixel = output.data + y * output.strideH + x * output.strideW;
      for (int64_t k = box.z0; k <= box.z1; ++k) {
        float result = 0;
        if (isNceEltwise(type)) {
          float a = load(input.data + y * input.strideH + x * input.strideW +
                         k * input.strideC);
          float b = load(input2->data + y * input2->strideH +
                         x * input2->strideW + k * input2->strideC);
          result = type == schema::NceTaskType::ELTWISE_ADD   ? a + b
                   : type == schema::NceTaskType::ELTWISE_SUB ? a - b
                                                              : a * b;
        } else {
          bool isMax = type == schema::NceTaskType::MAXPOOL;
          bool first = true;
          float acc = 0;
          const float *w = weights.empty()
                               ? nullptr
                               : boxWeights.data() + (k - box.z0) * block;
          for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
            for (int64_t kx = 0; kx < desc.kernelW; ++kx) {
              int64_t ix = left + kx;
              bool valid = rowValid[ky] && ix >= 0 && ix < input.width;
              const float *pixel =
                  valid ? rows.data() + (ky * cols + (ix - inBox.x0)) * chans
                        : nullptr;
              if (type == schema::NceTaskType::CONV) {
                const float *wk = w + (ky * desc.kernelW + kx) * inC;
                if (valid) {
                  for (int64_t ic = 0; ic < inC; ++ic) {
                    acc += pixel[ic] * wk[ic];
                  }
                }
                continue;
              }
              if (!valid) {
                continue;
              }
              float value = pixel[k - inBox.z0];
              if (type == schema::NceTaskType::DWCONV) {
                acc += value * w[ky * desc.kernelW + kx];
              } else if (isMax) {
                acc = first ? value : std::max(acc, value);
                first = false;
              } else {
                acc += value;
              }
            }
          }
          if (isNceWeighted(type)) {
            result = acc * weights[k].scale + weights[k].bias;
          } else if (type == schema::NceTaskType::AVEPOOL) {
            result = acc / static_cast<float>(desc.kernelH * desc.kernelW);
          } else {
            result = acc;
          }
        }
        uint16_t bits = numeric::floatToF16Bits(applyPpe(desc, result));
        std::memcpy(outPixel + k * output.strideC, &bits, sizeof(bits));
      }
    }
  }
}

} // namespace mlir::vpuc::emu
