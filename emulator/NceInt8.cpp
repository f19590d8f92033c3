//===- NceInt8.cpp - Vectorised INT8 arithmetic of NCE cluster tasks ------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// computeNceBox in INT8 mode without the per-term overflow check, for the
// boxes where no partial sum can leave int32. The definition (NceExecution.h)
// sums in a fixed order and stops at the first partial sum outside int32;
// when every term of an output element is bounded by |x - input zero point|
// <= X and the sum of the channel's |w - weights zero point| is W, every
// partial sum, in any order and over any subset of the terms, lies within
// X * W. When X * W fits int32 for every channel of the box (and the pools'
// window times X does), the sums are exact integers whatever their order:
//
//  - the operands are converted once per output row to int16 less their
//    zero points (|x - zp| <= 32767 is also required), with the channels of
//    a pixel padded to whole AVX2 vectors with zeros;
//  - CONV: per output pixel and group of 4 output channels, the dot products
//    over the taps inside the input (taps in the padding are skipped, as the
//    definition does) with pairwise 16-bit multiply-adds (vpmaddwd: two
//    products of at most 32767^2 each, whose sum fits int32) into 32-bit
//    lanes; DWCONV across the channels with 32-bit multiplies; pools and
//    eltwise tasks as scalar loops;
//  - the requantisation, PPE and clamp of each element are the scalar code's
//    (storeNceInt8Result).
//
// AVX2 is used when setNceKernelIsa selects it (NceF16.cpp), portable loops of
// the same algorithm otherwise. Output rows are independent, so a thread pool
// splits a box into groups of rows; the bytes do not depend on the split.
//
//===----------------------------------------------------------------------===//

#include "emulator/NceInt8.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <vector>

#include "emulator/NceRows.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define VPUC_NCE_AVX2 1
#endif

namespace mlir::vpuc::emu {

namespace {

/// int16 values in an AVX2 vector: the input channels of a pixel are padded
/// to a multiple of this.
constexpr int64_t kChannelBlock = 16;
/// Output channels of a CONV tile.
constexpr int64_t kTileChannels = 4;

int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// acc[j] (j < kTileChannels) = the sum over the taps t < taps and the
/// channels i < n of in[t][i] * w[j * taps + t][i]; n is a multiple of
/// kChannelBlock.
void convTilePortable(const int16_t *const *in, const int16_t *const *w,
                      int64_t taps, int64_t n, int32_t *acc) {
  for (int64_t j = 0; j < kTileChannels; ++j) {
    int32_t sum = 0;
    for (int64_t t = 0; t < taps; ++t) {
      const int16_t *x = in[t];
      const int16_t *wj = w[j * taps + t];
      for (int64_t i = 0; i < n; ++i) {
        sum += static_cast<int32_t>(x[i]) * static_cast<int32_t>(wj[i]);
      }
    }
    acc[j] = sum;
  }
}

/// acc[k] (k < kp, a multiple of 8) = the sum over the taps of in[t][k] *
/// w[t][k].
void depthwisePortable(const int16_t *const *in, const int32_t *const *w,
                       int64_t taps, int64_t kp, int32_t *acc) {
  std::fill(acc, acc + kp, 0);
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t k = 0; k < kp; ++k) {
      acc[k] += static_cast<int32_t>(in[t][k]) * w[t][k];
    }
  }
}

#ifdef VPUC_NCE_AVX2

__attribute__((target("avx2"), always_inline)) inline int32_t
horizontalSum(__m256i v) {
  __m128i s =
      _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
  return _mm_cvtsi128_si32(s);
}

__attribute__((target("avx2"), always_inline)) inline __m256i
load16(const int16_t *p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
}

__attribute__((target("avx2"))) void convTileAvx2(const int16_t *const *in,
                                                  const int16_t *const *w,
                                                  int64_t taps, int64_t n,
                                                  int32_t *acc) {
  __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
  for (int64_t t = 0; t < taps; ++t) {
    const int16_t *x = in[t];
    const int16_t *w0 = w[t], *w1 = w[taps + t], *w2 = w[2 * taps + t],
                  *w3 = w[3 * taps + t];
    for (int64_t i = 0; i < n; i += kChannelBlock) {
      __m256i xv = load16(x + i);
      a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(xv, load16(w0 + i)));
      a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(xv, load16(w1 + i)));
      a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(xv, load16(w2 + i)));
      a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(xv, load16(w3 + i)));
    }
  }
  acc[0] = horizontalSum(a0);
  acc[1] = horizontalSum(a1);
  acc[2] = horizontalSum(a2);
  acc[3] = horizontalSum(a3);
}

__attribute__((target("avx2"))) void depthwiseAvx2(const int16_t *const *in,
                                                   const int32_t *const *w,
                                                   int64_t taps, int64_t kp,
                                                   int32_t *acc) {
  for (int64_t k = 0; k < kp; k += 8) {
    __m256i a = _mm256_setzero_si256();
    for (int64_t t = 0; t < taps; ++t) {
      __m256i x = _mm256_cvtepi16_epi32(
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(in[t] + k)));
      __m256i wv =
          _mm256_loadu_si256(reinterpret_cast<const __m256i *>(w[t] + k));
      a = _mm256_add_epi32(a, _mm256_mullo_epi32(x, wv));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(acc + k), a);
  }
}

#endif // VPUC_NCE_AVX2

//===----------------------------------------------------------------------===//
// Boxes
//===----------------------------------------------------------------------===//

/// What every thread of a box reads.
struct Int8Box {
  const NceInvariantDesc &desc;
  const NceActivation &input;
  const NceActivation *input2;
  llvm::ArrayRef<NceChannelWeights> weights;
  const NceActivation &output;
  const NceBox &box;
  /// The input the box reads; its columns, channels, and the channels padded
  /// to kChannelBlock (the stride of a pixel in the converted rows).
  NceBox inBox;
  int64_t cols = 0, chans = 0, chanStride = 0;
  /// The box's output channels and their number rounded up to 8.
  int64_t outChans = 0, kp = 0;
  /// CONV: per output channel of the box and tap (ky, kx), chanStride
  /// weights less the zero point, zeros past the input channels.
  std::vector<int16_t> convWeights;
  /// DWCONV: per tap, kp weights less the zero point.
  std::vector<int32_t> dwWeights;
  bool avx2 = false;
};

/// What one thread of a box writes to on the side.
struct Int8Scratch {
  /// The input rows of an output row: per ky, per column, chanStride values.
  std::vector<int16_t> rows;
  std::vector<bool> rowValid;
  std::vector<const int16_t *> tapIn, tapWeights;
  std::vector<const int32_t *> dwTaps;
  std::vector<int64_t> tapIndex;
  std::vector<int32_t> acc;
};

/// Converts the input rows of output row `y` into `s.rows`.
void loadRows(const Int8Box &b, int64_t y, Int8Scratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  int64_t top = y * desc.strideH - desc.padTop;
  int32_t zp = desc.inputZeroPoint;
  bool u8 = input.dtype == schema::DType::U8;
  for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
    int64_t iy = top + ky;
    s.rowValid[ky] = iy >= 0 && iy < input.height;
    if (!s.rowValid[ky]) {
      continue;
    }
    for (int64_t col = 0; col < b.cols; ++col) {
      const uint8_t *pixel = input.data + iy * input.strideH +
                             (b.inBox.x0 + col) * input.strideW +
                             b.inBox.z0 * input.strideC;
      int16_t *into = s.rows.data() + (ky * b.cols + col) * b.chanStride;
      if (input.strideC == 1 && u8) {
        for (int64_t c = 0; c < b.chans; ++c) {
          into[c] = static_cast<int16_t>(static_cast<int32_t>(pixel[c]) - zp);
        }
      } else if (input.strideC == 1) {
        const auto *signedPixel = reinterpret_cast<const int8_t *>(pixel);
        for (int64_t c = 0; c < b.chans; ++c) {
          into[c] =
              static_cast<int16_t>(static_cast<int32_t>(signedPixel[c]) - zp);
        }
      } else {
        for (int64_t c = 0; c < b.chans; ++c) {
          into[c] = static_cast<int16_t>(
              loadNceInt8(pixel + c * input.strideC, input.dtype) - zp);
        }
      }
    }
  }
}

/// Computes output rows [y0, y1] of the box.
void computeRows(const Int8Box &b, int64_t y0, int64_t y1, Int8Scratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceBox &box = b.box;
  schema::NceTaskType type = desc.type;
  int64_t taps = desc.kernelH * desc.kernelW;
  s.rows.assign(desc.kernelH * b.cols * b.chanStride, 0);
  s.rowValid.assign(desc.kernelH, false);
  s.tapIn.resize(taps);
  s.tapIndex.resize(taps);
  s.tapWeights.resize(kTileChannels * taps);
  s.dwTaps.resize(taps);
  s.acc.assign(std::max(b.kp, kTileChannels), 0);
  for (int64_t y = y0; y <= y1; ++y) {
    loadRows(b, y, s);
    for (int64_t x = box.x0; x <= box.x1; ++x) {
      // The taps inside the input, in the order ky, kx.
      int64_t left = x * desc.strideW - desc.padLeft;
      int64_t n = 0;
      for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
        for (int64_t kx = 0; kx < desc.kernelW; ++kx) {
          int64_t ix = left + kx;
          if (!s.rowValid[ky] || ix < 0 || ix >= b.input.width) {
            continue;
          }
          s.tapIn[n] =
              s.rows.data() + (ky * b.cols + (ix - b.inBox.x0)) * b.chanStride;
          s.tapIndex[n] = ky * desc.kernelW + kx;
          ++n;
        }
      }
      uint8_t *outPixel =
          b.output.data + y * b.output.strideH + x * b.output.strideW;
      if (type == schema::NceTaskType::CONV) {
        for (int64_t k0 = 0; k0 < b.outChans; k0 += kTileChannels) {
          for (int64_t j = 0; j < kTileChannels; ++j) {
            // Channels past the box repeat its last one (computed, unused).
            int64_t k = std::min(k0 + j, b.outChans - 1);
            for (int64_t t = 0; t < n; ++t) {
              s.tapWeights[j * n + t] =
                  b.convWeights.data() +
                  (k * taps + s.tapIndex[t]) * b.chanStride;
            }
          }
          // The sums of the pixel's channels, stored together below (acc
          // holds kp >= the tiles' channels).
          int32_t *tile = s.acc.data() + k0;
#ifdef VPUC_NCE_AVX2
          if (b.avx2) {
            convTileAvx2(s.tapIn.data(), s.tapWeights.data(), n, b.chanStride,
                         tile);
          } else
#endif
          {
            convTilePortable(s.tapIn.data(), s.tapWeights.data(), n,
                             b.chanStride, tile);
          }
        }
        storeNceInt8Results(desc, b.weights, b.output, box.z0, b.outChans,
                            outPixel, s.acc.data());
        continue;
      }
      int32_t *acc = s.acc.data();
      if (type == schema::NceTaskType::DWCONV) {
        for (int64_t t = 0; t < n; ++t) {
          s.dwTaps[t] = b.dwWeights.data() + s.tapIndex[t] * b.kp;
        }
#ifdef VPUC_NCE_AVX2
        if (b.avx2) {
          depthwiseAvx2(s.tapIn.data(), s.dwTaps.data(), n, b.kp, acc);
        } else
#endif
        {
          depthwisePortable(s.tapIn.data(), s.dwTaps.data(), n, b.kp, acc);
        }
      } else {
        // Pools and eltwise tasks: the input channels are the box's.
        for (int64_t c = 0; c < b.outChans; ++c) {
          int32_t value = 0;
          for (int64_t t = 0; t < n; ++t) {
            int32_t in = s.tapIn[t][c];
            if (type == schema::NceTaskType::MAXPOOL) {
              value = t == 0 ? in : std::max(value, in);
            } else if (type == schema::NceTaskType::AVEPOOL) {
              value += in;
            } else {
              // Eltwise: the window is the element (1x1, strides 1, no
              // padding).
              const NceActivation &in2 = *b.input2;
              int32_t other =
                  loadNceInt8(in2.data + y * in2.strideH + x * in2.strideW +
                                  (box.z0 + c) * in2.strideC,
                              in2.dtype) -
                  desc.input2ZeroPoint;
              value = getNceInt8EltwiseAcc(desc, in, other);
            }
          }
          acc[c] = value;
        }
      }
      storeNceInt8Results(desc, b.weights, b.output, box.z0, b.outChans,
                          outPixel, acc);
    }
  }
}

/// The largest |x - zp| of an element x of `dtype`.
int64_t getMaxMagnitude(schema::DType dtype, int64_t zeroPoint) {
  int64_t low = dtype == schema::DType::U8 ? 0 : -128;
  int64_t high = dtype == schema::DType::U8 ? 255 : 127;
  return std::max(std::abs(low - zeroPoint), std::abs(high - zeroPoint));
}

} // namespace

bool computeNceInt8BoxUnchecked(const NceInvariantDesc &desc,
                                const NceActivation &input,
                                const NceActivation *input2,
                                llvm::ArrayRef<NceChannelWeights> weights,
                                const NceActivation &output, const NceBox &box,
                                threading::ThreadPool *pool) {
  constexpr int64_t kMaxSum = std::numeric_limits<int32_t>::max();
  constexpr int64_t kMaxOperand = std::numeric_limits<int16_t>::max();
  Int8Box b{desc, input, input2, weights, output, box};
  b.outChans = box.z1 - box.z0 + 1;
  if (b.outChans <= 0 || box.x1 < box.x0 || box.y1 < box.y0) {
    return true;
  }
  int64_t maxInput = getMaxMagnitude(input.dtype, desc.inputZeroPoint);
  if (maxInput > kMaxOperand) {
    return false;
  }
  b.inBox = getNceInputBox(desc, box, input);
  b.cols = b.inBox.x1 - b.inBox.x0 + 1;
  b.chans = b.inBox.z1 - b.inBox.z0 + 1;
  b.chanStride = roundUp(std::max<int64_t>(b.chans, 1), kChannelBlock);
  b.kp = roundUp(b.outChans, 8);
  b.avx2 = getNceKernelIsa() == NceKernelIsa::Avx2;
  bool conv = desc.type == schema::NceTaskType::CONV;
  int64_t taps = desc.kernelH * desc.kernelW;
  if (isNceWeighted(desc.type)) {
    int64_t inC = conv ? input.channels : 1;
    if (conv) {
      b.convWeights.assign(b.outChans * taps * b.chanStride, 0);
    } else {
      b.dwWeights.assign(taps * b.kp, 0);
    }
    for (int64_t k = 0; k < b.outChans; ++k) {
      const uint8_t *row = weights[box.z0 + k].weights;
      int64_t magnitude = 0;
      for (int64_t t = 0; t < taps; ++t) {
        for (int64_t ic = 0; ic < inC; ++ic) {
          int64_t w = static_cast<int64_t>(
                          loadNceInt8(row + t * inC + ic, desc.weightsType)) -
                      desc.weightsZeroPoint;
          if (std::abs(w) > kMaxOperand) {
            return false;
          }
          magnitude += std::abs(w);
          if (conv) {
            b.convWeights[(k * taps + t) * b.chanStride + ic] =
                static_cast<int16_t>(w);
          } else {
            b.dwWeights[t * b.kp + k] = static_cast<int32_t>(w);
          }
        }
      }
      if (magnitude * maxInput > kMaxSum) {
        return false;
      }
    }
  } else if (desc.type == schema::NceTaskType::AVEPOOL &&
             taps * maxInput > kMaxSum) {
    return false;
  }
  forEachNceRowChunk(desc, input.channels, b.outChans, box, pool,
                     [&](int64_t y0, int64_t y1) {
                       Int8Scratch scratch;
                       computeRows(b, y0, y1, scratch);
                     });
  return true;
}

} // namespace mlir::vpuc::emu
