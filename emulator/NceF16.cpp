//===- NceF16.cpp - The FP16 arithmetic of NCE cluster tasks --------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The FP16 mode of computeNceBox (NceExecution.h), blocked and vectorised
// across the output channels, so that every output element still sees
// exactly the scalar definition's operations in its order:
//
//  - the weights of the box's channels are converted to FP32 once and
//    transposed so that a tap's weights of consecutive output channels are
//    contiguous (one vector load per input channel and 8 output channels;
//    CONV: packed per block of 16 output channels, in the order the tiles
//    read them);
//  - the input rows a group of output rows reads are converted to FP32 once
//    (F16C where the CPU has it);
//  - a CONV tile of up to kLanes output pixels x 16 output channels (AVX-512:
//    kMaxConvLanes pixels) keeps its sums in registers (12 independent FMA
//    chains) and runs over the
//    taps (ky, kx) and the input channels in the scalar order; a DWCONV tile
//    the same over the taps, for kLanes pixels x 16 channels. A product of two
//    FP16 values is exact in FP32, so a fused multiply-add rounds exactly as
//    the scalar `acc += x * w` does. The taps are cut into segments whose
//    weights stay in L1 over all the pixels; a sum continues from segment to
//    segment in memory, in the same order;
//  - positions in the padding are skipped, not added as zero products
//    (0 * inf is NaN), except when every weight is finite: a product with +0
//    is then ±0, which changes no sum (sums start at +0 and so never become
//    -0), and the padding is read as zeros so that every pixel runs in full
//    tiles (CONV and DWCONV), the tiles running on from one output row to
//    the next. Otherwise the pixels whose window crosses the padding run one
//    at a time over their valid taps;
//  - a CONV box of few pixels for its weights (AVX-512; choosePixelLanes)
//    runs the other way round: its input windows are transposed so that
//    up to 64 pixels lie in the vector lanes, each weight is broadcast, and
//    the sums of every element are the same terms in the same order. The
//    input windows of 64 pixels are far fewer floats than the weights of
//    hundreds of output channels, which the other tiles transpose;
//  - scale, bias, the average's division and the PPE stay separate FP32
//    operations (never fused), then one rounding to FP16 (F16C).
//
// The AVX2 + FMA code is chosen at run time when the CPU has AVX2, FMA and
// F16C, with the AVX-512 CONV tile when it has AVX-512 too; the portable
// loops are the same algorithm in plain C++. Output rows
// are independent, so a thread pool splits a box into groups of rows (CONV
// boxes of few pixels also into blocks of output channels); every element is
// computed by the same operations whatever the split.
//
//===----------------------------------------------------------------------===//

#include "emulator/NceF16.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/numeric/CpuFeatures.h"
#include "core/numeric/Float16.h"
#include "emulator/NceRows.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define VPUC_NCE_AVX2 1
#endif

namespace mlir::vpuc::emu {

namespace {

/// Output pixels of a DWCONV tile, and of an AVX2 or portable CONV tile:
/// with two vectors of output channels, 12 accumulators, enough independent
/// sums to keep both FMA pipes busy.
constexpr int64_t kLanes = 6;

/// Output pixels of an AVX-512 CONV tile (one vector of 16 output channels
/// per pixel, 12 accumulators), the most any CONV tile takes.
constexpr int64_t kMaxConvLanes = 12;

/// The most pixels of a CONV box whose pixels run in the vector lanes
/// (NceKernels::pixelConv): four vectors of 16.
constexpr int64_t kMaxPixelLanes = 64;

/// The floats of a vector of the kernels.
constexpr int64_t kVector = 8;

/// `count` rounded up to whole vectors.
int64_t roundUpToVector(int64_t count) {
  return (count + kVector - 1) / kVector * kVector;
}

/// The kernel set an ISA provides (see the file comment).
struct NceKernels {
  /// The most pixels convTile takes (kLanes or kMaxConvLanes).
  int64_t convLanes;
  /// The MACs of a part of a CONV box given to another thread
  /// (forEachNceRowChunk): kNceMacsPerChunk, about 10 us of the AVX2 tiles;
  /// 4 times that for the AVX-512 ones, which run about twice as fast (at
  /// 256K MACs, ppocr_mobile_v2_cls and dbnet_tiny ran 24 % and 12 % slower
  /// on two threads than with 1M). The other task types run the AVX2
  /// kernels on both ISAs, several times slower per MAC than the CONV
  /// tiles, and take parts of kNceMacsPerChunk (a depthwise 3x3 box of 1.35M
  /// MACs in two parts of 21 and 7 rows ran 1.3x faster on two threads than
  /// on one; in parts of 256K, 1.8x: nce_benchmark).
  int64_t macsPerChunk;
  /// acc[l * kp + k0 + j] (l < lanes, j < 8 * vectors) += (one rounding
  /// per term) the products in[t][lane[l] + ic] * w[t][ic * 8 * vectors +
  /// j] in the order of the taps and then of the input channels ic < inC,
  /// starting from +0 instead of acc when `first`. kp and k0 are multiples
  /// of 8, vectors is 1 or 2, lanes 1 to convLanes.
  void (*convTile)(int64_t lanes, const float *const *in, const int64_t *lane,
                   const float *const *w, int64_t taps, int64_t inC, int64_t kp,
                   int64_t k0, int64_t vectors, bool first, float *acc);
  /// acc[k] (k < kp) = the sum over the taps of in[t][k] * w[t][k].
  void (*depthwise)(const float *const *in, const float *const *w, int64_t taps,
                    int64_t kp, float *acc);
  /// depthwise of `lanes` (1 to kLanes) pixels: acc + l * kp of in[t] +
  /// lane[l].
  void (*depthwiseTile)(int64_t lanes, const float *const *in,
                        const int64_t *lane, const float *const *w,
                        int64_t taps, int64_t kp, float *acc);
  /// acc[k] = the sum (`max` false) or the std::max fold (`max` true) of
  /// in[t][k] over the taps; 0 without taps.
  void (*pool)(const float *const *in, int64_t taps, int64_t kp, bool max,
               float *acc);
  /// to[i * kp + j] = the FP16 weight i of output channel j, at
  /// channels[j] + 2 * i (j < group, i < block), in FP32: `group` output
  /// channels' weights converted and transposed; returns whether all are
  /// finite.
  bool (*transposeWeights)(const uint8_t *const *channels, int64_t group,
                           int64_t block, float *to, int64_t kp);
  /// applyNceFloatPpe of each of values[0, count), in place.
  void (*ppe)(const NceInvariantDesc &desc, float *values, int64_t count);
  /// to[p * count + k] = ppe(acc[p * accStride + k] * scale[k] + bias[k]),
  /// two roundings and the PPE of `desc` (applyNceFloatPpe), for k < count
  /// and p < pixels (a row of pixels in one call: per pixel, the calls cost
  /// more than the arithmetic of few channels).
  void (*scaleBiasPpe)(const NceInvariantDesc &desc, const float *acc,
                       int64_t accStride, const float *scale, const float *bias,
                       int64_t count, int64_t pixels, float *to);
  /// dst[i] = the FP16 value at src + 2 * i, i < count.
  void (*convertF16)(const uint8_t *src, int64_t count, float *dst);
  /// a[i] = a[i] + b[i], a[i] - b[i] or a[i] * b[i] (ELTWISE_ADD, _SUB,
  /// _MUL), i < count.
  void (*eltwise)(schema::NceTaskType type, float *a, const float *b,
                  int64_t count);
  /// One output pixel of CONV from the FP16 weights as stored: acc[j] (j <
  /// count, 1 to 16) = the sum from +0 of the products x[t * inC + ic] *
  /// (the FP16 weight at channels[j] + 2 * (offset[t] + ic)) in the order of
  /// the taps t < taps and then of the input channels ic < inC, one rounding
  /// per term; acc[j] for count <= j < roundUpToVector(count) is written
  /// with anything. channels[j] for count <= j < 16 must point at a valid
  /// channel (read, its sums dropped).
  void (*gemv)(const float *x, const int64_t *offset, int64_t taps, int64_t inC,
               const uint8_t *const *channels, int64_t count, float *acc);
  /// CONV with the pixels in the vector lanes, for boxes of few pixels and
  /// many weights (null when the ISA has no such kernel): acc[p * kp + j]
  /// (p < pixels, j < count) = the sum from +0 of the products w[j * n + i]
  /// * x[i * pv + p] in the order of i < n, one rounding per term. pv is
  /// `pixels` rounded up to 16, at most kMaxPixelLanes; the lanes of x past
  /// `pixels` are read and their sums dropped. `sums` is scratch of count *
  /// pv floats.
  void (*pixelConv)(const float *x, int64_t pv, int64_t pixels, const float *w,
                    int64_t n, int64_t count, int64_t kp, float *sums,
                    float *acc);
  /// convertF16 that also returns whether every value is finite (null with
  /// pixelConv).
  bool (*convertF16Finite)(const uint8_t *src, int64_t count, float *dst);
  /// to[i * pv + p] = rows[p][i] for p < pv (a multiple of 16) and i < n:
  /// the pixels' rows transposed into the lanes pixelConv reads (null with
  /// pixelConv).
  void (*transposePixels)(const float *const *rows, int64_t n, int64_t pv,
                          float *to);
};

//===----------------------------------------------------------------------===//
// Portable kernels
//===----------------------------------------------------------------------===//

void convTilePortable(int64_t lanes, const float *const *in,
                      const int64_t *lane, const float *const *w, int64_t taps,
                      int64_t inC, int64_t kp, int64_t k0, int64_t vectors,
                      bool first, float *acc) {
  int64_t width = 8 * vectors;
  if (first) {
    for (int64_t l = 0; l < lanes; ++l) {
      std::fill(acc + l * kp + k0, acc + l * kp + k0 + width, 0.0f);
    }
  }
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t ic = 0; ic < inC; ++ic) {
      const float *wk = w[t] + ic * width;
      for (int64_t l = 0; l < lanes; ++l) {
        float x = in[t][lane[l] + ic];
        float *a = acc + l * kp + k0;
        for (int64_t k = 0; k < width; ++k) {
          a[k] += x * wk[k];
        }
      }
    }
  }
}

void depthwisePortable(const float *const *in, const float *const *w,
                       int64_t taps, int64_t kp, float *acc) {
  std::fill(acc, acc + kp, 0.0f);
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t k = 0; k < kp; ++k) {
      acc[k] += in[t][k] * w[t][k];
    }
  }
}

void depthwiseTilePortable(int64_t lanes, const float *const *in,
                           const int64_t *lane, const float *const *w,
                           int64_t taps, int64_t kp, float *acc) {
  std::vector<const float *> pixelIn(taps);
  for (int64_t l = 0; l < lanes; ++l) {
    for (int64_t t = 0; t < taps; ++t) {
      pixelIn[t] = in[t] + lane[l];
    }
    depthwisePortable(pixelIn.data(), w, taps, kp, acc + l * kp);
  }
}

void poolPortable(const float *const *in, int64_t taps, int64_t kp, bool max,
                  float *acc) {
  if (taps == 0) {
    std::fill(acc, acc + kp, 0.0f);
    return;
  }
  if (max) {
    std::copy(in[0], in[0] + kp, acc);
    for (int64_t t = 1; t < taps; ++t) {
      for (int64_t k = 0; k < kp; ++k) {
        acc[k] = std::max(acc[k], in[t][k]);
      }
    }
    return;
  }
  std::fill(acc, acc + kp, 0.0f);
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t k = 0; k < kp; ++k) {
      acc[k] += in[t][k];
    }
  }
}

/// transposeWeightsPortable of the weights i0 <= i < i1 only.
bool transposeWeightRange(const uint8_t *const *channels, int64_t group,
                          int64_t i0, int64_t i1, float *to, int64_t kp) {
  bool finite = true;
  for (int64_t i = i0; i < i1; ++i) {
    float *dst = to + i * kp;
    for (int64_t j = 0; j < group; ++j) {
      uint16_t bits;
      std::memcpy(&bits, channels[j] + 2 * i, 2);
      float value = numeric::f16BitsToFloat(bits);
      dst[j] = value;
      finite &= std::isfinite(value);
    }
  }
  return finite;
}

bool transposeWeightsPortable(const uint8_t *const *channels, int64_t group,
                              int64_t block, float *to, int64_t kp) {
  return transposeWeightRange(channels, group, 0, block, to, kp);
}

void ppePortable(const NceInvariantDesc &desc, float *values, int64_t count) {
  applyNceFloatPpe(desc, llvm::MutableArrayRef<float>(values, count));
}

/// to[k] = acc[k] * scale[k] + bias[k], two roundings, for k0 <= k < k1.
inline void scaleBiasRange(const float *acc, const float *scale,
                           const float *bias, int64_t k0, int64_t k1,
                           float *to) {
  for (int64_t k = k0; k < k1; ++k) {
    float scaled = acc[k] * scale[k];
    to[k] = scaled + bias[k];
  }
}

void scaleBiasPpePortable(const NceInvariantDesc &desc, const float *acc,
                          int64_t accStride, const float *scale,
                          const float *bias, int64_t count, int64_t pixels,
                          float *to) {
  float *row = to;
  for (int64_t p = 0; p < pixels; ++p, acc += accStride, to += count) {
    scaleBiasRange(acc, scale, bias, 0, count, to);
  }
  ppePortable(desc, row, count * pixels);
}

void convertF16Portable(const uint8_t *src, int64_t count, float *dst) {
  for (int64_t i = 0; i < count; ++i) {
    uint16_t bits;
    std::memcpy(&bits, src + 2 * i, 2);
    dst[i] = numeric::f16BitsToFloat(bits);
  }
}

void eltwisePortable(schema::NceTaskType type, float *a, const float *b,
                     int64_t count) {
  if (type == schema::NceTaskType::ELTWISE_ADD) {
    for (int64_t i = 0; i < count; ++i) {
      a[i] = a[i] + b[i];
    }
  } else if (type == schema::NceTaskType::ELTWISE_SUB) {
    for (int64_t i = 0; i < count; ++i) {
      a[i] = a[i] - b[i];
    }
  } else {
    for (int64_t i = 0; i < count; ++i) {
      a[i] = a[i] * b[i];
    }
  }
}

void gemvPortable(const float *x, const int64_t *offset, int64_t taps,
                  int64_t inC, const uint8_t *const *channels, int64_t count,
                  float *acc) {
  for (int64_t j = 0; j < count; ++j) {
    float a = 0.0f;
    for (int64_t t = 0; t < taps; ++t) {
      const uint8_t *w = channels[j] + 2 * offset[t];
      const float *xt = x + t * inC;
      for (int64_t ic = 0; ic < inC; ++ic) {
        uint16_t bits;
        std::memcpy(&bits, w + 2 * ic, 2);
        a += xt[ic] * numeric::f16BitsToFloat(bits);
      }
    }
    acc[j] = a;
  }
  std::fill(acc + count, acc + roundUpToVector(count), 0.0f);
}

constexpr NceKernels kPortableKernels = {kLanes,
                                         kNceMacsPerChunk,
                                         convTilePortable,
                                         depthwisePortable,
                                         depthwiseTilePortable,
                                         poolPortable,
                                         transposeWeightsPortable,
                                         ppePortable,
                                         scaleBiasPpePortable,
                                         convertF16Portable,
                                         eltwisePortable,
                                         gemvPortable,
                                         nullptr,
                                         nullptr,
                                         nullptr};

//===----------------------------------------------------------------------===//
// AVX2 + FMA kernels
//===----------------------------------------------------------------------===//

#ifdef VPUC_NCE_AVX2

/// One CONV tile of `Lanes` pixels x `Vectors` vectors of output channels
/// from k0. The loops over the lanes and vectors are unrolled so that the
/// sums stay in registers (GCC's -O2 keeps such arrays in memory otherwise).
template <int64_t Lanes, int64_t Vectors>
__attribute__((target("avx2,fma"), always_inline)) inline void
convBlockAvx2(const float *const *in, const int64_t *lane,
              const float *const *w, int64_t taps, int64_t inC, int64_t kp,
              int64_t k0, bool first, float *acc) {
  __m256 a[Lanes][Vectors];
#pragma GCC unroll 8
  for (int64_t l = 0; l < Lanes; ++l) {
#pragma GCC unroll 8
    for (int64_t v = 0; v < Vectors; ++v) {
      a[l][v] = first ? _mm256_setzero_ps()
                      : _mm256_loadu_ps(acc + l * kp + k0 + 8 * v);
    }
  }
  for (int64_t t = 0; t < taps; ++t) {
    const float *x[Lanes];
#pragma GCC unroll 8
    for (int64_t l = 0; l < Lanes; ++l) {
      x[l] = in[t] + lane[l];
    }
    const float *wk = w[t];
    for (int64_t ic = 0; ic < inC; ++ic, wk += 8 * Vectors) {
      __m256 wv[Vectors];
#pragma GCC unroll 8
      for (int64_t v = 0; v < Vectors; ++v) {
        wv[v] = _mm256_loadu_ps(wk + 8 * v);
      }
#pragma GCC unroll 8
      for (int64_t l = 0; l < Lanes; ++l) {
        __m256 xv = _mm256_broadcast_ss(x[l] + ic);
#pragma GCC unroll 8
        for (int64_t v = 0; v < Vectors; ++v) {
          // x * w is exact in FP32: the fused operation rounds once, as
          // the scalar `acc += x * w` does.
          a[l][v] = _mm256_fmadd_ps(xv, wv[v], a[l][v]);
        }
      }
    }
  }
#pragma GCC unroll 8
  for (int64_t l = 0; l < Lanes; ++l) {
#pragma GCC unroll 8
    for (int64_t v = 0; v < Vectors; ++v) {
      _mm256_storeu_ps(acc + l * kp + k0 + 8 * v, a[l][v]);
    }
  }
}

template <int64_t Lanes, int64_t Vectors>
__attribute__((target("avx2,fma"))) void
convTileAvx2(const float *const *in, const int64_t *lane, const float *const *w,
             int64_t taps, int64_t inC, int64_t kp, int64_t k0, bool first,
             float *acc) {
  convBlockAvx2<Lanes, Vectors>(in, lane, w, taps, inC, kp, k0, first, acc);
}

void convTileAvx2(int64_t lanes, const float *const *in, const int64_t *lane,
                  const float *const *w, int64_t taps, int64_t inC, int64_t kp,
                  int64_t k0, int64_t vectors, bool first, float *acc) {
  using Tile =
      void (*)(const float *const *, const int64_t *, const float *const *,
               int64_t, int64_t, int64_t, int64_t, bool, float *);
  static constexpr Tile tiles[kLanes][2] = {
      {convTileAvx2<1, 1>, convTileAvx2<1, 2>},
      {convTileAvx2<2, 1>, convTileAvx2<2, 2>},
      {convTileAvx2<3, 1>, convTileAvx2<3, 2>},
      {convTileAvx2<4, 1>, convTileAvx2<4, 2>},
      {convTileAvx2<5, 1>, convTileAvx2<5, 2>},
      {convTileAvx2<6, 1>, convTileAvx2<6, 2>}};
  tiles[lanes - 1][vectors - 1](in, lane, w, taps, inC, kp, k0, first, acc);
}

/// depthwisePortable of the channels [k, k + 8 * Vectors): one sum per
/// vector, the vectors' sums independent (unrolled, so that they overlap).
template <int64_t Vectors>
__attribute__((target("avx2,fma"), always_inline)) inline void
depthwiseBlockAvx2(const float *const *in, const float *const *w, int64_t taps,
                   int64_t k, float *acc) {
  __m256 a[Vectors];
#pragma GCC unroll 8
  for (int64_t v = 0; v < Vectors; ++v) {
    a[v] = _mm256_setzero_ps();
  }
  for (int64_t t = 0; t < taps; ++t) {
#pragma GCC unroll 8
    for (int64_t v = 0; v < Vectors; ++v) {
      a[v] = _mm256_fmadd_ps(_mm256_loadu_ps(in[t] + k + 8 * v),
                             _mm256_loadu_ps(w[t] + k + 8 * v), a[v]);
    }
  }
#pragma GCC unroll 8
  for (int64_t v = 0; v < Vectors; ++v) {
    _mm256_storeu_ps(acc + k + 8 * v, a[v]);
  }
}

__attribute__((target("avx2,fma"))) void depthwiseAvx2(const float *const *in,
                                                       const float *const *w,
                                                       int64_t taps, int64_t kp,
                                                       float *acc) {
  int64_t k = 0;
  for (; k + 64 <= kp; k += 64) {
    depthwiseBlockAvx2<8>(in, w, taps, k, acc);
  }
  for (; k + 32 <= kp; k += 32) {
    depthwiseBlockAvx2<4>(in, w, taps, k, acc);
  }
  for (; k + 16 <= kp; k += 16) {
    depthwiseBlockAvx2<2>(in, w, taps, k, acc);
  }
  for (; k < kp; k += 8) {
    depthwiseBlockAvx2<1>(in, w, taps, k, acc);
  }
}

/// depthwiseTilePortable of the channels [k, k + 8 * Vectors): the sums of
/// `Lanes` pixels x `Vectors` vectors in registers.
template <int64_t Lanes, int64_t Vectors>
__attribute__((target("avx2,fma"), always_inline)) inline void
depthwiseTileBlockAvx2(const float *const *in, const int64_t *lane,
                       const float *const *w, int64_t taps, int64_t kp,
                       int64_t k, float *acc) {
  __m256 a[Lanes][Vectors];
#pragma GCC unroll 8
  for (int64_t l = 0; l < Lanes; ++l) {
#pragma GCC unroll 8
    for (int64_t v = 0; v < Vectors; ++v) {
      a[l][v] = _mm256_setzero_ps();
    }
  }
  for (int64_t t = 0; t < taps; ++t) {
    __m256 wv[Vectors];
#pragma GCC unroll 8
    for (int64_t v = 0; v < Vectors; ++v) {
      wv[v] = _mm256_loadu_ps(w[t] + k + 8 * v);
    }
#pragma GCC unroll 8
    for (int64_t l = 0; l < Lanes; ++l) {
      const float *x = in[t] + lane[l] + k;
#pragma GCC unroll 8
      for (int64_t v = 0; v < Vectors; ++v) {
        a[l][v] = _mm256_fmadd_ps(_mm256_loadu_ps(x + 8 * v), wv[v], a[l][v]);
      }
    }
  }
#pragma GCC unroll 8
  for (int64_t l = 0; l < Lanes; ++l) {
#pragma GCC unroll 8
    for (int64_t v = 0; v < Vectors; ++v) {
      _mm256_storeu_ps(acc + l * kp + k + 8 * v, a[l][v]);
    }
  }
}

template <int64_t Lanes>
__attribute__((target("avx2,fma"))) void
depthwiseTileAvx2(const float *const *in, const int64_t *lane,
                  const float *const *w, int64_t taps, int64_t kp, float *acc) {
  int64_t k = 0;
  for (; k + 16 <= kp; k += 16) {
    depthwiseTileBlockAvx2<Lanes, 2>(in, lane, w, taps, kp, k, acc);
  }
  if (k < kp) {
    depthwiseTileBlockAvx2<Lanes, 1>(in, lane, w, taps, kp, k, acc);
  }
}

void depthwiseTileAvx2(int64_t lanes, const float *const *in,
                       const int64_t *lane, const float *const *w, int64_t taps,
                       int64_t kp, float *acc) {
  using Tile = void (*)(const float *const *, const int64_t *,
                        const float *const *, int64_t, int64_t, float *);
  static constexpr Tile tiles[kLanes] = {
      depthwiseTileAvx2<1>, depthwiseTileAvx2<2>, depthwiseTileAvx2<3>,
      depthwiseTileAvx2<4>, depthwiseTileAvx2<5>, depthwiseTileAvx2<6>};
  tiles[lanes - 1](in, lane, w, taps, kp, acc);
}

__attribute__((target("avx2"))) void poolAvx2(const float *const *in,
                                              int64_t taps, int64_t kp,
                                              bool max, float *acc) {
  for (int64_t k = 0; k < kp; k += 8) {
    __m256 a = _mm256_setzero_ps();
    for (int64_t t = 0; t < taps; ++t) {
      __m256 x = _mm256_loadu_ps(in[t] + k);
      if (!max) {
        a = _mm256_add_ps(a, x);
      } else if (t == 0) {
        a = x;
      } else {
        // std::max(acc, x) is `acc < x ? x : acc`, which is max_ps(x, acc)
        // (the second operand when unordered or equal).
        a = _mm256_max_ps(x, a);
      }
    }
    _mm256_storeu_ps(acc + k, a);
  }
}

/// Eight rows of eight FP16 values (h[k]: row k) transposed in registers and
/// converted (F16C): out[i] holds value i of rows 0-7.
__attribute__((target("avx2,f16c"), always_inline)) inline void
transposeConvertF16x8(const __m128i h[8], __m256 out[8]) {
  __m128i a[8], b[8];
  // Pairs of rows, then quadruples, then all eight per value.
#pragma GCC unroll 8
  for (int k = 0; k < 8; k += 2) {
    a[k] = _mm_unpacklo_epi16(h[k], h[k + 1]);
    a[k + 1] = _mm_unpackhi_epi16(h[k], h[k + 1]);
  }
#pragma GCC unroll 8
  for (int k = 0; k < 8; k += 4) {
    b[k] = _mm_unpacklo_epi32(a[k], a[k + 2]);
    b[k + 1] = _mm_unpackhi_epi32(a[k], a[k + 2]);
    b[k + 2] = _mm_unpacklo_epi32(a[k + 1], a[k + 3]);
    b[k + 3] = _mm_unpackhi_epi32(a[k + 1], a[k + 3]);
  }
  // b[q] (q < 4) holds values 2q and 2q + 1 of rows 0-3, b[q + 4] those of
  // rows 4-7.
#pragma GCC unroll 8
  for (int q = 0; q < 4; ++q) {
    out[2 * q] = _mm256_cvtph_ps(_mm_unpacklo_epi64(b[q], b[q + 4]));
    out[2 * q + 1] = _mm256_cvtph_ps(_mm_unpackhi_epi64(b[q], b[q + 4]));
  }
}

/// transposeWeightsPortable in tiles of 8 weights of 8 channels: eight rows
/// of FP16 loaded, transposed in registers, converted (F16C) and stored as
/// eight rows of `to`; the finiteness (an exponent of all ones is an infinity
/// or NaN) tested on whole tiles; the edges element by element.
__attribute__((target("avx2,f16c"))) bool
transposeWeightsAvx2(const uint8_t *const *channels, int64_t group,
                     int64_t block, float *to, int64_t kp) {
  const __m128i exponent = _mm_set1_epi16(0x7c00);
  __m128i bad = _mm_setzero_si128();
  int64_t group8 = group - group % 8, block8 = block - block % 8;
  // The channels of a row of `to` before the next rows, so that each cache
  // line of `to` is written whole.
  for (int64_t i0 = 0; i0 < block8; i0 += 8) {
    for (int64_t j0 = 0; j0 < group8; j0 += 8) {
      __m128i h[8];
      for (int k = 0; k < 8; ++k) {
        h[k] = _mm_loadu_si128(
            reinterpret_cast<const __m128i *>(channels[j0 + k] + 2 * i0));
        bad = _mm_or_si128(
            bad, _mm_cmpeq_epi16(_mm_and_si128(h[k], exponent), exponent));
      }
      __m256 w[8];
      transposeConvertF16x8(h, w);
      for (int i = 0; i < 8; ++i) {
        _mm256_storeu_ps(to + (i0 + i) * kp + j0, w[i]);
      }
    }
  }
  bool finite = _mm_movemask_epi8(bad) == 0;
  // The weights past the tiles, then the channels past them.
  finite &= transposeWeightRange(channels, group8, block8, block, to, kp);
  finite &= transposeWeightRange(channels + group8, group - group8, 0, block,
                                 to + group8, kp);
  return finite;
}

/// ppePortable eight values at a time. maxps(a, b) is `a > b ? a : b` and
/// minps(a, b) `a < b ? a : b`, so with the bound first they are the scalar
/// code's `v < low ? low : v` and `high < v ? high : v` (NaN and -0 kept
/// alike); LRELU multiplies every value and keeps the product where v < 0.
__attribute__((target("avx2"))) void ppeAvx2(const NceInvariantDesc &desc,
                                             float *values, int64_t count) {
  schema::PpeMode mode = desc.ppe;
  if (mode != schema::PpeMode::RELU && mode != schema::PpeMode::RELUX &&
      mode != schema::PpeMode::LRELU) {
    return;
  }
  const __m256 zero = _mm256_setzero_ps();
  const __m256 low = _mm256_set1_ps(desc.clampLow);
  const __m256 high = _mm256_set1_ps(desc.clampHigh);
  const __m256 alpha = _mm256_set1_ps(desc.alpha);
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 v = _mm256_loadu_ps(values + i);
    if (mode == schema::PpeMode::RELU) {
      v = _mm256_max_ps(zero, v);
    } else if (mode == schema::PpeMode::RELUX) {
      v = _mm256_min_ps(high, _mm256_max_ps(low, v));
    } else {
      v = _mm256_blendv_ps(v, _mm256_mul_ps(alpha, v),
                           _mm256_cmp_ps(v, zero, _CMP_LT_OQ));
    }
    _mm256_storeu_ps(values + i, v);
  }
  ppePortable(desc, values + i, count - i);
}

/// scaleBiasPpePortable eight channels at a time (a multiply, then an
/// add), then the PPE over the row.
__attribute__((target("avx2"))) void
scaleBiasPpeAvx2(const NceInvariantDesc &desc, const float *acc,
                 int64_t accStride, const float *scale, const float *bias,
                 int64_t count, int64_t pixels, float *to) {
  float *row = to;
  int64_t vectorEnd = count / 8 * 8;
  for (int64_t p = 0; p < pixels; ++p, acc += accStride, to += count) {
    for (int64_t k = 0; k < vectorEnd; k += 8) {
      __m256 scaled =
          _mm256_mul_ps(_mm256_loadu_ps(acc + k), _mm256_loadu_ps(scale + k));
      _mm256_storeu_ps(to + k,
                       _mm256_add_ps(scaled, _mm256_loadu_ps(bias + k)));
    }
    scaleBiasRange(acc, scale, bias, vectorEnd, count, to);
  }
  ppeAvx2(desc, row, count * pixels);
}

/// convertF16Portable eight values at a time (F16C).
__attribute__((target("avx2,f16c"))) void
convertF16Avx2(const uint8_t *src, int64_t count, float *dst) {
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m128i half =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + 2 * i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(half));
  }
  convertF16Portable(src + 2 * i, count - i, dst + i);
}

/// eltwisePortable eight values at a time.
__attribute__((target("avx2"))) void
eltwiseAvx2(schema::NceTaskType type, float *a, const float *b, int64_t count) {
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 x = _mm256_loadu_ps(a + i), y = _mm256_loadu_ps(b + i);
    __m256 r = type == schema::NceTaskType::ELTWISE_ADD   ? _mm256_add_ps(x, y)
               : type == schema::NceTaskType::ELTWISE_SUB ? _mm256_sub_ps(x, y)
                                                          : _mm256_mul_ps(x, y);
    _mm256_storeu_ps(a + i, r);
  }
  eltwisePortable(type, a + i, b + i, count - i);
}

/// gemvPortable of 8 * Vectors channels: a tile of 8 input channels of 8
/// output channels loaded as eight rows of FP16, transposed and converted
/// (transposeConvertF16x8) and multiplied into one sum per
/// vector of channels in the order of the input channels (the vectors'
/// sums independent); the input channels past the tiles gathered one by one.
template <int64_t Vectors>
__attribute__((target("avx2,fma,f16c"))) void
gemvAvx2(const float *x, const int64_t *offset, int64_t taps, int64_t inC,
         const uint8_t *const *channels, float *acc) {
  __m256 a[Vectors];
#pragma GCC unroll 8
  for (int64_t v = 0; v < Vectors; ++v) {
    a[v] = _mm256_setzero_ps();
  }
  int64_t inC8 = inC - inC % 8;
  for (int64_t t = 0; t < taps; ++t) {
    const float *xt = x + t * inC;
    int64_t byte = 2 * offset[t];
    for (int64_t ic0 = 0; ic0 < inC8; ic0 += 8) {
#pragma GCC unroll 8
      for (int64_t v = 0; v < Vectors; ++v) {
        const uint8_t *const *ch = channels + 8 * v;
        __m128i h[8];
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k) {
          h[k] = _mm_loadu_si128(
              reinterpret_cast<const __m128i *>(ch[k] + byte + 2 * ic0));
        }
        // w[i]: input channel ic0 + i of the 8 output channels.
        __m256 w[8];
        transposeConvertF16x8(h, w);
#pragma GCC unroll 8
        for (int i = 0; i < 8; ++i) {
          // As in the CONV tile: x * w is exact, one rounding per term.
          a[v] = _mm256_fmadd_ps(_mm256_broadcast_ss(xt + ic0 + i), w[i], a[v]);
        }
      }
    }
    for (int64_t ic = inC8; ic < inC; ++ic) {
#pragma GCC unroll 8
      for (int64_t v = 0; v < Vectors; ++v) {
        alignas(16) uint16_t bits[8];
        for (int k = 0; k < 8; ++k) {
          std::memcpy(&bits[k], channels[8 * v + k] + byte + 2 * ic, 2);
        }
        __m256 w = _mm256_cvtph_ps(
            _mm_load_si128(reinterpret_cast<const __m128i *>(bits)));
        a[v] = _mm256_fmadd_ps(_mm256_broadcast_ss(xt + ic), w, a[v]);
      }
    }
  }
#pragma GCC unroll 8
  for (int64_t v = 0; v < Vectors; ++v) {
    _mm256_storeu_ps(acc + 8 * v, a[v]);
  }
}

void gemvAvx2(const float *x, const int64_t *offset, int64_t taps, int64_t inC,
              const uint8_t *const *channels, int64_t count, float *acc) {
  if (count > 8) {
    gemvAvx2<2>(x, offset, taps, inC, channels, acc);
  } else {
    gemvAvx2<1>(x, offset, taps, inC, channels, acc);
  }
}

constexpr NceKernels kAvx2Kernels = {kLanes,
                                     kNceMacsPerChunk,
                                     convTileAvx2,
                                     depthwiseAvx2,
                                     depthwiseTileAvx2,
                                     poolAvx2,
                                     transposeWeightsAvx2,
                                     ppeAvx2,
                                     scaleBiasPpeAvx2,
                                     convertF16Avx2,
                                     eltwiseAvx2,
                                     gemvAvx2,
                                     nullptr,
                                     nullptr,
                                     nullptr};

//===----------------------------------------------------------------------===//
// AVX-512 kernels
//===----------------------------------------------------------------------===//

/// A CONV tile of `Lanes` pixels x 16 output channels (one 512-bit vector
/// per pixel) from k0: convBlockAvx2's sums, twice as wide, with up to
/// kMaxConvLanes independent chains.
template <int64_t Lanes>
__attribute__((target("avx512f,avx2,fma,f16c"))) void
convTileAvx512(const float *const *in, const int64_t *lane,
               const float *const *w, int64_t taps, int64_t inC, int64_t kp,
               int64_t k0, bool first, float *acc) {
  __m512 a[Lanes];
#pragma GCC unroll 16
  for (int64_t l = 0; l < Lanes; ++l) {
    a[l] = first ? _mm512_setzero_ps() : _mm512_loadu_ps(acc + l * kp + k0);
  }
  for (int64_t t = 0; t < taps; ++t) {
    const float *x[Lanes];
#pragma GCC unroll 16
    for (int64_t l = 0; l < Lanes; ++l) {
      x[l] = in[t] + lane[l];
    }
    const float *wk = w[t];
    for (int64_t ic = 0; ic < inC; ++ic, wk += 16) {
      __m512 wv = _mm512_loadu_ps(wk);
#pragma GCC unroll 16
      for (int64_t l = 0; l < Lanes; ++l) {
        // As in convBlockAvx2: x * w is exact, one rounding per term.
        a[l] = _mm512_fmadd_ps(_mm512_set1_ps(x[l][ic]), wv, a[l]);
      }
    }
  }
#pragma GCC unroll 16
  for (int64_t l = 0; l < Lanes; ++l) {
    _mm512_storeu_ps(acc + l * kp + k0, a[l]);
  }
}

/// convTileAvx2 of up to kMaxConvLanes pixels: blocks of 16 output channels
/// in 512-bit vectors, a block of 8 (the last when kp is an odd number of
/// vectors) by the AVX2 tiles, kLanes pixels at a time.
void convTileAvx512(int64_t lanes, const float *const *in, const int64_t *lane,
                    const float *const *w, int64_t taps, int64_t inC,
                    int64_t kp, int64_t k0, int64_t vectors, bool first,
                    float *acc) {
  if (vectors == 1) {
    for (int64_t l = 0; l < lanes; l += kLanes) {
      convTileAvx2(std::min(kLanes, lanes - l), in, lane + l, w, taps, inC, kp,
                   k0, vectors, first, acc + l * kp);
    }
    return;
  }
  using Tile =
      void (*)(const float *const *, const int64_t *, const float *const *,
               int64_t, int64_t, int64_t, int64_t, bool, float *);
  static constexpr Tile tiles[kMaxConvLanes] = {
      convTileAvx512<1>,  convTileAvx512<2>,  convTileAvx512<3>,
      convTileAvx512<4>,  convTileAvx512<5>,  convTileAvx512<6>,
      convTileAvx512<7>,  convTileAvx512<8>,  convTileAvx512<9>,
      convTileAvx512<10>, convTileAvx512<11>, convTileAvx512<12>};
  tiles[lanes - 1](in, lane, w, taps, inC, kp, k0, first, acc);
}

// GCC 12's avx512fintrin.h passes `_mm512_undefined_ps()` (a self-initialised
// variable) as the unused merge operand of the unmasked forms, which
// -Wmaybe-uninitialized reports at -O0.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

/// The PPE of ppeAvx2 on sixteen values (the same operand order).
struct PpeAvx512 {
  schema::PpeMode mode;
  __m512 zero, low, high, alpha;

  __attribute__((target("avx512f,avx2,f16c"))) explicit PpeAvx512(
      const NceInvariantDesc &desc)
      : mode(desc.ppe), zero(_mm512_setzero_ps()),
        low(_mm512_set1_ps(desc.clampLow)),
        high(_mm512_set1_ps(desc.clampHigh)),
        alpha(_mm512_set1_ps(desc.alpha)) {}

  __attribute__((target("avx512f,avx2,f16c"), always_inline)) __m512
  operator()(__m512 v) const {
    if (mode == schema::PpeMode::RELU) {
      return _mm512_max_ps(zero, v);
    }
    if (mode == schema::PpeMode::RELUX) {
      return _mm512_min_ps(high, _mm512_max_ps(low, v));
    }
    if (mode == schema::PpeMode::LRELU) {
      __mmask16 negative = _mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ);
      return _mm512_mask_mul_ps(v, negative, alpha, v);
    }
    return v;
  }
};

/// ppeAvx2 sixteen values at a time, the rest by ppeAvx2.
__attribute__((target("avx512f,avx2,f16c"))) void
ppeAvx512(const NceInvariantDesc &desc, float *values, int64_t count) {
  if (desc.ppe != schema::PpeMode::RELU && desc.ppe != schema::PpeMode::RELUX &&
      desc.ppe != schema::PpeMode::LRELU) {
    return;
  }
  PpeAvx512 ppe(desc);
  int64_t i = 0;
  for (; i + 16 <= count; i += 16) {
    _mm512_storeu_ps(values + i, ppe(_mm512_loadu_ps(values + i)));
  }
  ppeAvx2(desc, values + i, count - i);
}

/// scaleBiasPpePortable sixteen channels at a time, the last ones under a
/// mask, the PPE in the same pass. AVX-512F has fused multiply-adds of its
/// own, and GCC contracts the operator forms of _mm512_mul_ps and
/// _mm512_add_ps (and of scalar floats) into one; the `_round` forms (in the
/// current rounding mode, as the plain ones) are builtins it leaves apart,
/// so the product is rounded before the add.
__attribute__((target("avx512f,avx2,f16c"))) void
scaleBiasPpeAvx512(const NceInvariantDesc &desc, const float *acc,
                   int64_t accStride, const float *scale, const float *bias,
                   int64_t count, int64_t pixels, float *to) {
  PpeAvx512 ppe(desc);
  for (int64_t p = 0; p < pixels; ++p, acc += accStride, to += count) {
    for (int64_t k = 0; k < count; k += 16) {
      __mmask16 lanes = count - k >= 16 ? __mmask16(0xffff)
                                        : __mmask16((1u << (count - k)) - 1);
      __m512 scaled = _mm512_mul_round_ps(
          _mm512_maskz_loadu_ps(lanes, acc + k),
          _mm512_maskz_loadu_ps(lanes, scale + k), _MM_FROUND_CUR_DIRECTION);
      _mm512_mask_storeu_ps(to + k, lanes,
                            ppe(_mm512_add_round_ps(
                                scaled, _mm512_maskz_loadu_ps(lanes, bias + k),
                                _MM_FROUND_CUR_DIRECTION)));
    }
  }
}

/// convertF16Avx2 sixteen values at a time, the rest by convertF16Avx2.
__attribute__((target("avx512f,avx2,f16c"))) void
convertF16Avx512(const uint8_t *src, int64_t count, float *dst) {
  int64_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i half =
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(src + 2 * i));
    _mm512_storeu_ps(dst + i, _mm512_cvtph_ps(half));
  }
  convertF16Avx2(src + 2 * i, count - i, dst + i);
}

/// convertF16Avx512 that tests the exponents too (all ones: an infinity or
/// a NaN).
__attribute__((target("avx512f,avx2,f16c"))) bool
convertF16FiniteAvx512(const uint8_t *src, int64_t count, float *dst) {
  const __m256i exponent = _mm256_set1_epi16(0x7c00);
  __m256i bad = _mm256_setzero_si256();
  int64_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i half =
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(src + 2 * i));
    bad = _mm256_or_si256(
        bad, _mm256_cmpeq_epi16(_mm256_and_si256(half, exponent), exponent));
    _mm512_storeu_ps(dst + i, _mm512_cvtph_ps(half));
  }
  bool finite = _mm256_movemask_epi8(bad) == 0;
  convertF16Avx2(src + 2 * i, count - i, dst + i);
  for (; i < count; ++i) {
    finite &= std::isfinite(dst[i]);
  }
  return finite;
}

/// A pixelConv tile of `Channels` output channels x `Vectors` vectors of 16
/// pixels over the terms i < n of x and w: sums[j * pv + p] (p < 16 *
/// Vectors) continues the sums of output channel j, from +0 when `first`,
/// in registers (Channels * Vectors independent FMA chains).
template <int64_t Channels, int64_t Vectors>
__attribute__((target("avx512f"))) void
pixelTileAvx512(const float *x, int64_t pv, const float *w, int64_t wStride,
                int64_t n, bool first, float *sums) {
  __m512 a[Channels][Vectors];
  const float *wj[Channels];
#pragma GCC unroll 24
  for (int64_t j = 0; j < Channels; ++j) {
    wj[j] = w + j * wStride;
#pragma GCC unroll 4
    for (int64_t v = 0; v < Vectors; ++v) {
      a[j][v] =
          first ? _mm512_setzero_ps() : _mm512_loadu_ps(sums + j * pv + 16 * v);
    }
  }
  for (int64_t i = 0; i < n; ++i, x += pv) {
    __m512 xv[Vectors];
#pragma GCC unroll 4
    for (int64_t v = 0; v < Vectors; ++v) {
      xv[v] = _mm512_loadu_ps(x + 16 * v);
    }
#pragma GCC unroll 24
    for (int64_t j = 0; j < Channels; ++j) {
      __m512 wv = _mm512_set1_ps(wj[j][i]);
#pragma GCC unroll 4
      for (int64_t v = 0; v < Vectors; ++v) {
        // As in convBlockAvx2: w * x is exact, one rounding per term.
        a[j][v] = _mm512_fmadd_ps(wv, xv[v], a[j][v]);
      }
    }
  }
#pragma GCC unroll 24
  for (int64_t j = 0; j < Channels; ++j) {
#pragma GCC unroll 4
    for (int64_t v = 0; v < Vectors; ++v) {
      _mm512_storeu_ps(sums + j * pv + 16 * v, a[j][v]);
    }
  }
}

using PixelTile = void (*)(const float *, int64_t, const float *, int64_t,
                           int64_t, bool, float *);

/// The output channels of a full pixelConv tile of `vectors` vectors of
/// pixels: 16 to 24 sums in registers.
constexpr int64_t getPixelTileChannels(int64_t vectors) {
  return vectors == 1 ? 16 : 24 / vectors;
}

/// The tiles of 1 to getPixelTileChannels(Vectors) channels.
template <int64_t Vectors, size_t... C>
constexpr std::array<PixelTile, sizeof...(C)>
makePixelTiles(std::index_sequence<C...>) {
  return {pixelTileAvx512<static_cast<int64_t>(C) + 1, Vectors>...};
}

template <int64_t Vectors>
constexpr auto kPixelTiles = makePixelTiles<Vectors>(
    std::make_index_sequence<getPixelTileChannels(Vectors)>());

/// Transposes the 16 x 16 floats of r (r[i] element j to r[j] element i).
__attribute__((target("avx512f"), always_inline)) inline void
transpose16x16Avx512(__m512 r[16]) {
  __m512 t[16];
  // Pairs of rows interleaved by elements, then by pairs of elements: each
  // 128-bit lane k of u[4q + m] holds the 4 x 4 block of rows 4q..4q+3,
  // columns 4k..4k+3, column m of it.
  for (int q = 0; q < 8; ++q) {
    t[2 * q] = _mm512_unpacklo_ps(r[2 * q], r[2 * q + 1]);
    t[2 * q + 1] = _mm512_unpackhi_ps(r[2 * q], r[2 * q + 1]);
  }
  __m512 u[16];
  for (int q = 0; q < 4; ++q) {
    __m512d a = _mm512_castps_pd(t[4 * q]), b = _mm512_castps_pd(t[4 * q + 2]);
    __m512d c = _mm512_castps_pd(t[4 * q + 1]),
            d = _mm512_castps_pd(t[4 * q + 3]);
    u[4 * q] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, b));
    u[4 * q + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, b));
    u[4 * q + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(c, d));
    u[4 * q + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(c, d));
  }
  // The 128-bit lanes: first lanes 0/2 and 1/3 of pairs of row groups, then
  // of the results, so that r[4k + m] gathers lane k of every group.
  for (int m = 0; m < 4; ++m) {
    __m512 a0 = _mm512_shuffle_f32x4(u[m], u[4 + m], 0x88);
    __m512 a1 = _mm512_shuffle_f32x4(u[m], u[4 + m], 0xdd);
    __m512 b0 = _mm512_shuffle_f32x4(u[8 + m], u[12 + m], 0x88);
    __m512 b1 = _mm512_shuffle_f32x4(u[8 + m], u[12 + m], 0xdd);
    r[m] = _mm512_shuffle_f32x4(a0, b0, 0x88);
    r[8 + m] = _mm512_shuffle_f32x4(a0, b0, 0xdd);
    r[4 + m] = _mm512_shuffle_f32x4(a1, b1, 0x88);
    r[12 + m] = _mm512_shuffle_f32x4(a1, b1, 0xdd);
  }
}

/// NceKernels::transposePixels in 16 x 16 blocks in registers, the rows
/// past the last block one by one.
__attribute__((target("avx512f"))) void
transposePixelsAvx512(const float *const *rows, int64_t n, int64_t pv,
                      float *to) {
  int64_t n16 = n - n % 16;
  for (int64_t p0 = 0; p0 < pv; p0 += 16) {
    for (int64_t i0 = 0; i0 < n16; i0 += 16) {
      __m512 r[16];
      for (int64_t p = 0; p < 16; ++p) {
        r[p] = _mm512_loadu_ps(rows[p0 + p] + i0);
      }
      transpose16x16Avx512(r);
      for (int64_t i = 0; i < 16; ++i) {
        _mm512_storeu_ps(to + (i0 + i) * pv + p0, r[i]);
      }
    }
    for (int64_t i = n16; i < n; ++i) {
      for (int64_t p = 0; p < 16; ++p) {
        to[i * pv + p0 + p] = rows[p0 + p][i];
      }
    }
  }
}

/// The terms are taken in segments of about 16 KiB of x, which stay in L1
/// over all the channels' tiles; the sums continue in memory from segment
/// to segment, in the same order.
__attribute__((target("avx512f"))) void
pixelConvAvx512(const float *x, int64_t pv, int64_t pixels, const float *w,
                int64_t n, int64_t count, int64_t kp, float *sums, float *acc) {
  int64_t vectors = pv / 16;
  int64_t channels = getPixelTileChannels(vectors);
  const PixelTile *tiles = vectors == 1   ? kPixelTiles<1>.data()
                           : vectors == 2 ? kPixelTiles<2>.data()
                           : vectors == 3 ? kPixelTiles<3>.data()
                                          : kPixelTiles<4>.data();
  int64_t segment = std::max<int64_t>(1, 4096 / pv);
  for (int64_t i0 = 0; i0 < n; i0 += segment) {
    int64_t terms = std::min(segment, n - i0);
    for (int64_t j0 = 0; j0 < count; j0 += channels) {
      int64_t c = std::min(channels, count - j0);
      tiles[c - 1](x + i0 * pv, pv, w + j0 * n + i0, n, terms, i0 == 0,
                   sums + j0 * pv);
    }
  }
  // The sums transposed into acc, in 16 x 16 blocks in registers (with kp
  // floats between them, element by element the writes of a pixel would
  // fall in a few cache sets), the last channels one by one.
  int64_t count16 = count - count % 16;
  for (int64_t j0 = 0; j0 < count16; j0 += 16) {
    for (int64_t p0 = 0; p0 < pixels; p0 += 16) {
      __m512 r[16];
      for (int64_t j = 0; j < 16; ++j) {
        r[j] = _mm512_loadu_ps(sums + (j0 + j) * pv + p0);
      }
      transpose16x16Avx512(r);
      for (int64_t p = 0; p < std::min<int64_t>(16, pixels - p0); ++p) {
        _mm512_storeu_ps(acc + (p0 + p) * kp + j0, r[p]);
      }
    }
  }
  for (int64_t p = 0; p < pixels; ++p) {
    for (int64_t j = count16; j < count; ++j) {
      acc[p * kp + j] = sums[j * pv + p];
    }
  }
}

#pragma GCC diagnostic pop

constexpr NceKernels kAvx512Kernels = {
    kMaxConvLanes,        4 * kNceMacsPerChunk,
    convTileAvx512,       depthwiseAvx2,
    depthwiseTileAvx2,    poolAvx2,
    transposeWeightsAvx2, ppeAvx512,
    scaleBiasPpeAvx512,   convertF16Avx512,
    eltwiseAvx2,          gemvAvx2,
    pixelConvAvx512,      convertF16FiniteAvx512,
    transposePixelsAvx512};

#endif // VPUC_NCE_AVX2

/// True when the CPU runs the AVX2 kernels.
bool hasAvx2Kernels() {
#ifdef VPUC_NCE_AVX2
  return numeric::cpuHasAvx2() && numeric::cpuHasFma() && numeric::cpuHasF16c();
#else
  return false;
#endif
}

/// True when the CPU runs the AVX-512 kernels (here and in NceInt8.cpp).
bool hasAvx512Kernels() {
  return hasAvx2Kernels() && numeric::cpuHasAvx512Vnni();
}

/// The ISA in use (setNceKernelIsa), initially the best the CPU has.
NceKernelIsa &selectedIsa() {
  static NceKernelIsa isa = hasAvx512Kernels() ? NceKernelIsa::Avx512
                            : hasAvx2Kernels() ? NceKernelIsa::Avx2
                                               : NceKernelIsa::Portable;
  return isa;
}

const NceKernels &getKernels() {
#ifdef VPUC_NCE_AVX2
  if (selectedIsa() == NceKernelIsa::Avx512) {
    return kAvx512Kernels;
  }
  if (selectedIsa() == NceKernelIsa::Avx2) {
    return kAvx2Kernels;
  }
#endif
  return kPortableKernels;
}

//===----------------------------------------------------------------------===//
// The box
//===----------------------------------------------------------------------===//

/// What all rows of a box share: the geometry and the converted weights.
struct F16Box {
  const NceInvariantDesc &desc;
  const NceActivation &input;
  const NceActivation *input2;
  llvm::ArrayRef<NceChannelWeights> weights;
  const NceActivation &output;
  const NceBox &box;
  const NceKernels &kernels;
  /// The input box read, its columns and channels.
  NceBox inBox;
  int64_t cols = 0, chans = 0;
  /// The floats between consecutive columns of a converted input row
  /// (chans rounded up to a vector, zero-filled).
  int64_t colStride = 0;
  /// The output channels of the box, and rounded up to a vector.
  int64_t outChans = 0, kp = 0;
  /// The weights of an output channel: KY * KX * IC (CONV) or KY * KX.
  int64_t block = 0;
  /// CONV: the output channels in blocks of 16 (the last one of 8 when kp
  /// is no multiple of 16), each block's weights contiguous in the order the
  /// tiles read them: w[k0 * block + ((ky * KX + kx) * IC + ic) * width + j]
  /// for channel k0 + j, width = min(16, kp - k0) (getConvWeights). DWCONV:
  /// w[tap * kp + k]. (In the calling thread's weights scratch, see
  /// computeNceF16Box; written before the parts, or by each part for its
  /// own channels.)
  llvm::MutableArrayRef<float> w;
  /// Weighted tasks: the scale and bias of output channel box.z0 + k.
  std::vector<float> scale, bias;
  /// A CONV box of one output pixel: its weights are read as stored (the
  /// gemv kernel), not converted into `w`.
  bool onePixel = false;
  /// A CONV box of few pixels for its weights (at most kMaxPixelLanes,
  /// choosePixelLanes), run with its pixels in the vector lanes
  /// (NceKernels::pixelConv): the input windows are transposed into `lanes`
  /// instead of the weights into `w`, and each part converts the weights of
  /// its channels as stored. A part whose weights are not all finite
  /// converts them into `w` and runs as the other boxes do.
  bool pixelLanes = false;
  /// pixelLanes: pixel p = (y - box.y0) * outCols + x - box.x0 in lane p of
  /// each row of `pv` floats; row (ky * KX + kx) * IC + ic holds input
  /// channel ic at tap (ky, kx) of each pixel's window, +0 in the padding
  /// and in the lanes past the pixels.
  const float *lanes = nullptr;
  /// The box's pixels, and rounded up to a vector of 16 (the rows of
  /// `lanes`).
  int64_t pixels = 0, pv = 0;
  /// No weight is infinite or NaN: a product with an input of +0 is then
  /// ±0, which leaves every sum as it is (sums start at +0 and so are never
  /// -0), so padding may be read as zeros instead of skipped. (Of the whole
  /// box when its weights are converted before its parts; a part that
  /// converts its own channels knows theirs.)
  bool finiteWeights = false;
  /// Where the row chunks add their underflow counts (under the mutex), if
  /// anywhere.
  numeric::F16Underflow *underflow = nullptr;
  std::mutex underflowMutex;
};

/// The output channels of the CONV weights block at k0 (F16Box::w).
int64_t getConvBlockWidth(const F16Box &b, int64_t k0) {
  return std::min<int64_t>(16, b.kp - k0);
}

/// The CONV weights of `tap` for the output channels from k0 (a multiple of
/// 16): row ic of getConvBlockWidth floats at ic * width.
const float *getConvWeights(const F16Box &b, int64_t k0, int64_t tap) {
  return b.w.data() + k0 * b.block +
         tap * b.input.channels * getConvBlockWidth(b, k0);
}

/// Floats that grow to the largest size asked and are not initialised (each
/// user writes what it reads).
class FloatScratch {
public:
  /// At least `count` floats.
  float *get(int64_t count) {
    if (count > capacity) {
      buffer.reset(new float[count]);
      capacity = count;
    }
    return buffer.get();
  }
  float *data() const { return buffer.get(); }

private:
  std::unique_ptr<float[]> buffer;
  int64_t capacity = 0;
};

/// Converts `count` FP16 elements `stride` bytes apart at `src` to `dst`.
void loadF16(const NceKernels &kernels, const uint8_t *src, int64_t stride,
             int64_t count, float *dst, std::vector<uint16_t> &bits) {
  if (stride == 2) {
    kernels.convertF16(src, count, dst);
    return;
  }
  bits.resize(count);
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(&bits[i], src + i * stride, 2);
  }
  numeric::f16BitsToFloat(bits, llvm::MutableArrayRef<float>(dst, count));
}

/// Converts `cols` pixels of `chans` FP16 channels (pixel i at src + i *
/// strideW, its channel c at + c * strideC) to dst + i * colStride, and
/// zeroes each pixel's floats from chans to colStride when `zeroTail`. Whole
/// channel-minor pixels without a tail convert as one run. Pixels of fewer
/// channels than a vector (a compressed stem convolution's 4) or not
/// channel-minor are gathered, their tails as zeros whether or not
/// `zeroTail` asks for them, and convert as one run.
void loadF16Pixels(const NceKernels &kernels, const uint8_t *src,
                   int64_t strideW, int64_t strideC, int64_t cols,
                   int64_t chans, float *dst, int64_t colStride, bool zeroTail,
                   std::vector<uint16_t> &bits) {
  if (strideC == 2 && strideW == 2 * chans && colStride == chans) {
    loadF16(kernels, src, 2, cols * chans, dst, bits);
    return;
  }
  if (strideC != 2 || chans < kVector) {
    bits.assign(cols * colStride, 0);
    for (int64_t i = 0; i < cols; ++i) {
      for (int64_t c = 0; c < chans; ++c) {
        std::memcpy(&bits[i * colStride + c], src + i * strideW + c * strideC,
                    2);
      }
    }
    kernels.convertF16(reinterpret_cast<const uint8_t *>(bits.data()),
                       cols * colStride, dst);
    return;
  }
  for (int64_t i = 0; i < cols; ++i) {
    float *to = dst + i * colStride;
    loadF16(kernels, src + i * strideW, strideC, chans, to, bits);
    if (zeroTail) {
      std::fill(to + chans, to + colStride, 0.0f);
    }
  }
}

/// The taps of a CONV segment: about 32 KiB of weights of a 16-channel
/// block (L1).
int64_t getTapSegment(int64_t inChannels) {
  return std::max<int64_t>(1, 512 / std::max<int64_t>(1, inChannels));
}

/// Per-thread buffers of the rows of a box.
struct RowScratch {
  /// The input rows the output rows read, converted: row iy - firstRow,
  /// column col, channel c at ((iy - firstRow) * cols + col) * colStride + c.
  FloatScratch rows;
  /// The accumulators of the output rows: pixel (y - y0, x - x0), channel k
  /// at ((y - y0) * outCols + x - x0) * kp + k.
  FloatScratch acc;
  /// CONV tiles: where each pixel's window starts in `rows`.
  std::vector<int64_t> lanes;
  std::vector<float> result;
  std::vector<uint16_t> bits;
  std::vector<const float *> tapIn, tapW;
  /// Eltwise: the second input's row.
  FloatScratch other;
  /// The underflow counts of the rows (F16Box::underflow).
  numeric::F16Underflow underflow;
  /// F16Box::pixelLanes: the weights of the part's output channels in FP32,
  /// a row of F16Box::block each, when `pixelWeightsReady` (all finite).
  FloatScratch pixelWeights;
  bool pixelWeightsReady = false;
};

/// Eltwise: acc = input op input2 for the output rows [y0, y1], a row of
/// pixels at a time.
void computeEltwiseRows(const F16Box &b, int64_t y0, int64_t y1,
                        RowScratch &s) {
  const NceActivation &input = b.input;
  const NceActivation &in2 = *b.input2;
  schema::NceTaskType type = b.desc.type;
  int64_t nk = b.outChans, kp = b.kp, outCols = b.box.x1 - b.box.x0 + 1;
  float *other = s.other.get(outCols * kp);
  for (int64_t y = y0; y <= y1; ++y) {
    // The window is the element (1x1, strides 1, no padding).
    float *row = s.acc.data() + (y - y0) * outCols * kp;
    loadF16Pixels(b.kernels,
                  input.data + y * input.strideH + b.box.x0 * input.strideW +
                      b.box.z0 * input.strideC,
                  input.strideW, input.strideC, outCols, nk, row, kp,
                  /*zeroTail=*/false, s.bits);
    loadF16Pixels(b.kernels,
                  in2.data + y * in2.strideH + b.box.x0 * in2.strideW +
                      b.box.z0 * in2.strideC,
                  in2.strideW, in2.strideC, outCols, nk, other, kp,
                  /*zeroTail=*/false, s.bits);
    if (nk == kp) {
      b.kernels.eltwise(type, row, other, outCols * kp);
      continue;
    }
    for (int64_t i = 0; i < outCols; ++i) {
      b.kernels.eltwise(type, row + i * kp, other + i * kp, nk);
    }
  }
}

/// The end of the accumulators of the output channels [c0, c1) (F16Box:
/// c1 is a multiple of 16 or the box's last channel).
int64_t getAccEnd(const F16Box &b, int64_t c1) {
  return c1 == b.outChans ? b.kp : c1;
}

/// CONV and DWCONV with finite weights: the accumulators of the output rows
/// [y0, y1] and (CONV) channels [c0, c1) over the input with its padding as
/// zeros, so that every pixel has every tap and the pixels run in full
/// tiles, from row to row.
void computeZeroPaddedRows(const F16Box &b, int64_t y0, int64_t y1, int64_t c0,
                           int64_t c1, RowScratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  int64_t kernelH = desc.kernelH, kernelW = desc.kernelW;
  int64_t kp = b.kp, outCols = b.box.x1 - b.box.x0 + 1;
  bool conv = desc.type == schema::NceTaskType::CONV;
  // Padded input rows top..top + rowCount - 1, columns left..left + cols - 1
  // (positions outside the input zero; CONV reads the input channels only,
  // DWCONV the whole vector of the last ones).
  int64_t top = y0 * desc.strideH - desc.padTop;
  int64_t rowCount = (y1 - y0) * desc.strideH + kernelH;
  int64_t left = b.box.x0 * desc.strideW - desc.padLeft;
  int64_t cols = (outCols - 1) * desc.strideW + kernelW;
  int64_t colStride = b.colStride;
  float *rows = s.rows.get(rowCount * cols * colStride);
  int64_t validX0 = std::max<int64_t>(left, 0);
  int64_t validX1 = std::min<int64_t>(left + cols - 1, input.width - 1);
  for (int64_t r = 0; r < rowCount; ++r) {
    int64_t iy = top + r;
    float *row = rows + r * cols * colStride;
    if (iy < 0 || iy >= input.height || validX1 < validX0) {
      std::fill(row, row + cols * colStride, 0.0f);
      continue;
    }
    std::fill(row, row + (validX0 - left) * colStride, 0.0f);
    std::fill(row + (validX1 + 1 - left) * colStride, row + cols * colStride,
              0.0f);
    loadF16Pixels(b.kernels,
                  input.data + iy * input.strideH + validX0 * input.strideW +
                      b.inBox.z0 * input.strideC,
                  input.strideW, input.strideC, validX1 - validX0 + 1, b.chans,
                  row + (validX0 - left) * colStride, colStride,
                  /*zeroTail=*/!conv, s.bits);
  }
  int64_t taps = kernelH * kernelW;
  for (int64_t t = 0; t < taps; ++t) {
    s.tapIn[t] = rows + ((t / kernelW) * cols + t % kernelW) * colStride;
  }
  // The pixels in the order of the accumulators, row after row.
  int64_t pixels = (y1 - y0 + 1) * outCols;
  s.lanes.resize(pixels);
  for (int64_t p = 0; p < pixels; ++p) {
    s.lanes[p] =
        ((p / outCols) * desc.strideH * cols + (p % outCols) * desc.strideW) *
        colStride;
  }
  float *acc = s.acc.data();
  if (!conv) {
    for (int64_t t = 0; t < taps; ++t) {
      s.tapW[t] = b.w.data() + t * kp;
    }
    for (int64_t p = 0; p < pixels; p += kLanes) {
      b.kernels.depthwiseTile(std::min(kLanes, pixels - p), s.tapIn.data(),
                              s.lanes.data() + p, s.tapW.data(), taps, kp,
                              acc + p * kp);
    }
    return;
  }
  int64_t segment = getTapSegment(input.channels);
  for (int64_t k0 = c0; k0 < getAccEnd(b, c1); k0 += 16) {
    int64_t vectors = getConvBlockWidth(b, k0) / 8;
    for (int64_t t = 0; t < taps; ++t) {
      s.tapW[t] = getConvWeights(b, k0, t);
    }
    for (int64_t t0 = 0; t0 < taps; t0 += segment) {
      int64_t count = std::min(segment, taps - t0);
      for (int64_t p = 0; p < pixels; p += b.kernels.convLanes) {
        b.kernels.convTile(std::min(b.kernels.convLanes, pixels - p),
                           s.tapIn.data() + t0, s.lanes.data() + p,
                           s.tapW.data() + t0, count, input.channels, kp, k0,
                           vectors, t0 == 0, acc + p * kp);
      }
    }
  }
}

/// A CONV box of one output pixel (F16Box::onePixel): the accumulators of
/// its channels [c0, c1), from the weights as stored. Each weight is used
/// once, so converting the weights first (and faulting in the buffer they
/// would take) is not worth it. The taps in the padding are skipped, which
/// gives the sums of the zero-padded tiles too (a product with +0 changes no
/// sum that starts at +0).
void computeOnePixel(const F16Box &b, int64_t c0, int64_t c1, RowScratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  int64_t inC = input.channels;
  int64_t y = b.box.y0, x = b.box.x0;
  float *xs = s.rows.get(std::max<int64_t>(1, desc.kernelH * desc.kernelW) *
                         std::max<int64_t>(1, inC));
  s.lanes.resize(desc.kernelH * desc.kernelW);
  int64_t taps = 0;
  for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
    int64_t iy = y * desc.strideH - desc.padTop + ky;
    if (iy < 0 || iy >= input.height) {
      continue;
    }
    for (int64_t kx = 0; kx < desc.kernelW; ++kx) {
      int64_t ix = x * desc.strideW - desc.padLeft + kx;
      if (ix < 0 || ix >= input.width) {
        continue;
      }
      loadF16(b.kernels, input.data + iy * input.strideH + ix * input.strideW,
              input.strideC, inC, xs + taps * inC, s.bits);
      s.lanes[taps] = (ky * desc.kernelW + kx) * inC;
      ++taps;
    }
  }
  float *acc = s.acc.data();
  const uint8_t *channels[16];
  for (int64_t k0 = c0; k0 < c1; k0 += 16) {
    int64_t count = std::min<int64_t>(16, c1 - k0);
    for (int64_t j = 0; j < 16; ++j) {
      channels[j] =
          b.weights[b.box.z0 + k0 + std::min<int64_t>(j, count - 1)].weights;
    }
    b.kernels.gemv(xs, s.lanes.data(), taps, inC, channels, count, acc + k0);
  }
}

/// True when a CONV box of `pixels` pixels (`pv` rounded up to 16) and
/// `outChans` output channels runs faster with its pixels in the vector
/// lanes. Per weight of an output channel, the weights' transposed
/// conversion costs about as much as 12 MACs of the tiles, and per weight of
/// a pixel the lanes' about 17 (nce_benchmark's boxes on AVX-512); the lanes
/// past the pixels compute sums that are dropped. So the lanes win when 17 *
/// pv + (pv - pixels) * outChans < 12 * outChans: on transformer_enc's
/// 64-pixel matrix products, not on resnet18's 49-pixel 3x3 tiles of 128
/// output channels (15 lanes lost; 1.4x slower in the lanes).
bool choosePixelLanes(const NceKernels &kernels, int64_t pixels, int64_t pv,
                      int64_t outChans) {
  constexpr int64_t kWeightCost = 12, kLaneCost = 17;
  return kernels.pixelConv && pixels > 1 && pixels <= kMaxPixelLanes &&
         kLaneCost * pv + (pv - pixels) * outChans < kWeightCost * outChans;
}

/// The input channels of a piece of F16Box::lanes written on its own.
constexpr int64_t kLaneChannels = 128;

/// F16Box::pixelLanes: writes the rows of the box's input windows (F16Box::
/// lanes, block * pv floats at `to`) for input channels [c0, c1) of tap
/// (ky, kx): each pixel's channels converted, then transposed into the
/// lanes.
void loadPixelLanes(const F16Box &b, int64_t ky, int64_t kx, int64_t c0,
                    int64_t c1, float *to) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  int64_t n = c1 - c0, outCols = b.box.x1 - b.box.x0 + 1;
  thread_local std::vector<float> pixels, zeros;
  thread_local std::vector<const float *> rows;
  thread_local std::vector<uint16_t> bits;
  pixels.resize(b.pixels * n);
  zeros.assign(n, 0.0f);
  rows.assign(b.pv, zeros.data());
  for (int64_t p = 0; p < b.pixels; ++p) {
    int64_t y = b.box.y0 + p / outCols, x = b.box.x0 + p % outCols;
    int64_t iy = y * desc.strideH - desc.padTop + ky;
    int64_t ix = x * desc.strideW - desc.padLeft + kx;
    if (iy < 0 || iy >= input.height || ix < 0 || ix >= input.width) {
      continue;
    }
    rows[p] = pixels.data() + p * n;
    loadF16(b.kernels,
            input.data + iy * input.strideH + ix * input.strideW +
                (b.inBox.z0 + c0) * input.strideC,
            input.strideC, n, pixels.data() + p * n, bits);
  }
  b.kernels.transposePixels(
      rows.data(), n, b.pv,
      to + ((ky * desc.kernelW + kx) * input.channels + c0) * b.pv);
}

/// F16Box::pixelLanes: writes the box's input windows to `to`, in pieces of
/// a tap and up to kLaneChannels input channels on the pool's threads.
void loadPixelLanes(const F16Box &b, threading::ThreadPool *pool, float *to) {
  int64_t inC = b.input.channels, kernelW = b.desc.kernelW;
  int64_t pieces = (inC + kLaneChannels - 1) / kLaneChannels;
  auto load = [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      int64_t tap = i / pieces, c0 = i % pieces * kLaneChannels;
      loadPixelLanes(b, tap / kernelW, tap % kernelW, c0,
                     std::min(inC, c0 + kLaneChannels), to);
    }
  };
  int64_t count = b.desc.kernelH * kernelW * pieces;
  if (pool) {
    pool->parallelFor(count, 1, load);
  } else {
    load(0, count);
  }
}

/// F16Box::pixelLanes: converts the weights of output channels [c0, c1)
/// into s.pixelWeights; pixelWeightsReady when all are finite.
void convertPixelWeights(const F16Box &b, int64_t c0, int64_t c1,
                         RowScratch &s) {
  float *w = s.pixelWeights.get((c1 - c0) * b.block);
  bool finite = true;
  for (int64_t k = c0; k < c1; ++k) {
    finite &= b.kernels.convertF16Finite(b.weights[b.box.z0 + k].weights,
                                         b.block, w + (k - c0) * b.block);
  }
  s.pixelWeightsReady = finite;
}

/// Windowed tasks: the accumulators of the output rows [y0, y1] and (CONV)
/// channels [c0, c1); the other types compute all channels. `finiteWeights`:
/// no weight of those channels is infinite or NaN (F16Box::finiteWeights).
void computeWindowRows(const F16Box &b, int64_t y0, int64_t y1, int64_t c0,
                       int64_t c1, bool finiteWeights, RowScratch &s) {
  if (b.onePixel) {
    computeOnePixel(b, c0, c1, s);
    return;
  }
  if (s.pixelWeightsReady) {
    // The lanes are the box's pixels, so [y0, y1] are all its rows.
    b.kernels.pixelConv(b.lanes, b.pv, b.pixels, s.pixelWeights.data(), b.block,
                        c1 - c0, b.kp, s.rows.get((c1 - c0) * b.pv),
                        s.acc.data() + c0);
    return;
  }
  if (isNceWeighted(b.desc.type) && finiteWeights) {
    computeZeroPaddedRows(b, y0, y1, c0, c1, s);
    return;
  }
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  schema::NceTaskType type = desc.type;
  bool conv = type == schema::NceTaskType::CONV;
  int64_t kernelH = desc.kernelH, kernelW = desc.kernelW;
  int64_t kp = b.kp, outCols = b.box.x1 - b.box.x0 + 1;
  // The input rows of the output rows, converted once.
  int64_t firstRow = std::max<int64_t>(0, y0 * desc.strideH - desc.padTop);
  int64_t lastRow = std::min<int64_t>(
      input.height - 1, y1 * desc.strideH - desc.padTop + kernelH - 1);
  int64_t rowCount = std::max<int64_t>(0, lastRow - firstRow + 1);
  float *rows = s.rows.get(rowCount * b.cols * b.colStride);
  // (DWCONV and the pools read the whole vector of the last channels.)
  for (int64_t iy = firstRow; iy <= lastRow; ++iy) {
    loadF16Pixels(b.kernels,
                  input.data + iy * input.strideH + b.inBox.x0 * input.strideW +
                      b.inBox.z0 * input.strideC,
                  input.strideW, input.strideC, b.cols, b.chans,
                  rows + (iy - firstRow) * b.cols * b.colStride, b.colStride,
                  /*zeroTail=*/true, s.bits);
  }
  // Collects the taps t0 <= ky * KX + kx < t1 of output (y, x) inside the
  // input into s.tapIn and s.tapW (CONV: the weights of the output channels
  // from k0), in the order ky, kx; returns their number.
  auto collectTaps = [&](int64_t y, int64_t x, int64_t k0 = 0, int64_t t0 = 0,
                         int64_t t1 = std::numeric_limits<int64_t>::max()) {
    int64_t taps = 0;
    for (int64_t ky = 0; ky < kernelH; ++ky) {
      int64_t iy = y * desc.strideH - desc.padTop + ky;
      if (iy < 0 || iy >= input.height) {
        continue;
      }
      for (int64_t kx = 0; kx < kernelW; ++kx) {
        int64_t tap = ky * kernelW + kx;
        if (tap < t0 || tap >= t1) {
          continue;
        }
        int64_t ix = x * desc.strideW - desc.padLeft + kx;
        if (ix < 0 || ix >= input.width) {
          continue;
        }
        s.tapIn[taps] =
            rows + ((iy - firstRow) * b.cols + (ix - b.inBox.x0)) * b.colStride;
        if (conv) {
          s.tapW[taps] = getConvWeights(b, k0, tap);
        } else if (!b.w.empty()) {
          s.tapW[taps] = b.w.data() + tap * kp;
        }
        ++taps;
      }
    }
    return taps;
  };
  // True when every column of x's window lies in the input.
  auto interior = [&](int64_t x) {
    int64_t left = x * desc.strideW - desc.padLeft;
    return left >= 0 && left + kernelW - 1 < input.width;
  };
  auto accAt = [&](int64_t y, int64_t x) {
    return s.acc.data() + ((y - y0) * outCols + x - b.box.x0) * kp;
  };
  // The windows of convLanes consecutive pixels.
  int64_t convLanes = b.kernels.convLanes;
  int64_t lanes[kMaxConvLanes];
  for (int64_t l = 0; l < convLanes; ++l) {
    lanes[l] = l * desc.strideW * b.colStride;
  }
  if (!conv) {
    for (int64_t y = y0; y <= y1; ++y) {
      for (int64_t x = b.box.x0; x <= b.box.x1; ++x) {
        int64_t taps = collectTaps(y, x);
        if (type == schema::NceTaskType::DWCONV) {
          b.kernels.depthwise(s.tapIn.data(), s.tapW.data(), taps, kp,
                              accAt(y, x));
        } else {
          b.kernels.pool(s.tapIn.data(), taps, kp,
                         type == schema::NceTaskType::MAXPOOL, accAt(y, x));
        }
      }
    }
    return;
  }
  // CONV: the output channels in blocks of 16 outermost and the taps in
  // segments, so that a segment's weights stay in cache over all the pixels
  // (the sums continue from segment to segment in the same order).
  int64_t segment = getTapSegment(input.channels);
  for (int64_t k0 = c0; k0 < getAccEnd(b, c1); k0 += 16) {
    int64_t vectors = getConvBlockWidth(b, k0) / 8;
    for (int64_t t0 = 0; t0 < kernelH * kernelW; t0 += segment) {
      for (int64_t y = y0; y <= y1; ++y) {
        for (int64_t x = b.box.x0; x <= b.box.x1;) {
          bool block = x + convLanes - 1 <= b.box.x1 && interior(x) &&
                       interior(x + convLanes - 1);
          int64_t count = block ? convLanes : 1;
          int64_t taps = collectTaps(y, x, k0, t0, t0 + segment);
          b.kernels.convTile(count, s.tapIn.data(), lanes, s.tapW.data(), taps,
                             input.channels, kp, k0, vectors, t0 == 0,
                             accAt(y, x));
          x += count;
        }
      }
    }
  }
}

/// Computes output rows [y0, y1] and channels [c0, c1) of the box (all
/// channels unless CONV; c0 is a multiple of 16, c1 too or the last), with
/// computeWindowRows's `finiteWeights`.
void computeRows(const F16Box &b, int64_t y0, int64_t y1, int64_t c0,
                 int64_t c1, bool finiteWeights, RowScratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &output = b.output;
  schema::NceTaskType type = desc.type;
  int64_t kp = b.kp, nk = c1 - c0;
  int64_t outCols = b.box.x1 - b.box.x0 + 1;
  // Every task type writes the accumulators before it reads them.
  s.acc.get((y1 - y0 + 1) * outCols * kp);
  s.tapIn.resize(desc.kernelH * desc.kernelW);
  s.tapW.resize(desc.kernelH * desc.kernelW);
  if (isNceEltwise(type)) {
    computeEltwiseRows(b, y0, y1, s);
  } else {
    computeWindowRows(b, y0, y1, c0, c1, finiteWeights, s);
  }
  // Scale and bias, or the average's division, the PPE, one rounding: a row
  // of pixels at a time, each element through the same operations as alone.
  float window = static_cast<float>(desc.kernelH * desc.kernelW);
  bool weighted = isNceWeighted(type);
  int64_t count = outCols * nk;
  s.result.resize(count);
  s.bits.resize(count);
  float *r = s.result.data();
  for (int64_t y = y0; y <= y1; ++y) {
    const float *rowAcc = s.acc.data() + (y - y0) * outCols * kp + c0;
    if (weighted) {
      b.kernels.scaleBiasPpe(desc, rowAcc, kp, b.scale.data() + c0,
                             b.bias.data() + c0, nk, outCols, r);
    } else {
      for (int64_t i = 0; i < outCols; ++i) {
        const float *a = rowAcc + i * kp;
        float *to = r + i * nk;
        if (type == schema::NceTaskType::AVEPOOL) {
          for (int64_t k = 0; k < nk; ++k) {
            to[k] = a[k] / window;
          }
        } else {
          std::memcpy(to, a, nk * sizeof(float));
        }
      }
      b.kernels.ppe(desc, r, count);
    }
    llvm::MutableArrayRef<uint16_t> rowBits(s.bits.data(), count);
    if (b.underflow) {
      numeric::floatToF16BitsForUnderflow(llvm::ArrayRef<float>(r, count),
                                          rowBits, s.underflow);
    } else {
      numeric::floatToF16Bits(llvm::ArrayRef<float>(r, count), rowBits);
    }
    uint8_t *outRow = output.data + y * output.strideH +
                      b.box.x0 * output.strideW +
                      (b.box.z0 + c0) * output.strideC;
    if (output.strideC == 2 && output.strideW == 2 * nk) {
      // The row's pixels are adjacent in the output (all its channels).
      std::memcpy(outRow, s.bits.data(), 2 * count);
      continue;
    }
    for (int64_t i = 0; i < outCols; ++i) {
      const uint16_t *bits = s.bits.data() + i * nk;
      uint8_t *outPixel = outRow + i * output.strideW;
      if (output.strideC == 2) {
        std::memcpy(outPixel, bits, nk * 2);
      } else {
        for (int64_t k = 0; k < nk; ++k) {
          std::memcpy(outPixel + k * output.strideC, bits + k, 2);
        }
      }
    }
  }
}

} // namespace

/// The PPE of one value in `mode`.
template <schema::PpeMode mode>
static float applyPpe(const NceInvariantDesc &desc, float value) {
  switch (mode) {
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

float applyNceFloatPpe(const NceInvariantDesc &desc, float value) {
  switch (desc.ppe) {
  case schema::PpeMode::RELU:
    return applyPpe<schema::PpeMode::RELU>(desc, value);
  case schema::PpeMode::RELUX:
    return applyPpe<schema::PpeMode::RELUX>(desc, value);
  case schema::PpeMode::LRELU:
    return applyPpe<schema::PpeMode::LRELU>(desc, value);
  default:
    return value;
  }
}

/// applyPpe<mode> over `values` in place.
template <schema::PpeMode mode>
static void applyPpeInPlace(const NceInvariantDesc &desc,
                            llvm::MutableArrayRef<float> values) {
  for (float &value : values) {
    value = applyPpe<mode>(desc, value);
  }
}

void applyNceFloatPpe(const NceInvariantDesc &desc,
                      llvm::MutableArrayRef<float> values) {
  switch (desc.ppe) {
  case schema::PpeMode::RELU:
    applyPpeInPlace<schema::PpeMode::RELU>(desc, values);
    return;
  case schema::PpeMode::RELUX:
    applyPpeInPlace<schema::PpeMode::RELUX>(desc, values);
    return;
  case schema::PpeMode::LRELU:
    applyPpeInPlace<schema::PpeMode::LRELU>(desc, values);
    return;
  default:
    return;
  }
}

NceKernelIsa getNceKernelIsa() { return selectedIsa(); }

bool setNceKernelIsa(NceKernelIsa isa) {
  if ((isa == NceKernelIsa::Avx2 && !hasAvx2Kernels()) ||
      (isa == NceKernelIsa::Avx512 && !hasAvx512Kernels())) {
    return false;
  }
  selectedIsa() = isa;
  return true;
}

void computeNceF16Box(const NceInvariantDesc &desc, const NceActivation &input,
                      const NceActivation *input2,
                      llvm::ArrayRef<NceChannelWeights> weights,
                      const NceActivation &output, const NceBox &box,
                      threading::ThreadPool *pool,
                      numeric::F16Underflow *underflow) {
  F16Box b{desc, input, input2, weights, output, box, getKernels()};
  b.underflow = underflow;
  b.inBox = getNceInputBox(desc, box, input);
  b.cols = b.inBox.x1 - b.inBox.x0 + 1;
  b.chans = b.inBox.z1 - b.inBox.z0 + 1;
  b.colStride = roundUpToVector(std::max<int64_t>(b.chans, 1));
  b.outChans = box.z1 - box.z0 + 1;
  b.kp = roundUpToVector(b.outChans);
  if (b.outChans <= 0 || box.x1 < box.x0 || box.y1 < box.y0) {
    return;
  }
  if (isNceWeighted(desc.type)) {
    b.scale.resize(b.outChans);
    b.bias.resize(b.outChans);
    for (int64_t k = 0; k < b.outChans; ++k) {
      b.scale[k] = weights[box.z0 + k].scale;
      b.bias[k] = weights[box.z0 + k].bias;
    }
  }
  bool conv = desc.type == schema::NceTaskType::CONV;
  b.onePixel = conv && !weights.empty() && box.x0 == box.x1 && box.y0 == box.y1;
  b.block = desc.kernelH * desc.kernelW * (conv ? input.channels : int64_t(1));
  b.pixels = (box.y1 - box.y0 + 1) * (box.x1 - box.x0 + 1);
  b.pv = (b.pixels + 15) / 16 * 16;
  b.pixelLanes = conv && !weights.empty() &&
                 choosePixelLanes(b.kernels, b.pixels, b.pv, b.outChans);
  // A CONV box of few pixels for its MACs is split by its output channels
  // too (blocks of 16): each part reads all the weights of its channels
  // once, and in parts of a few rows the weights of large layers would be
  // read from memory again for every few pixels.
  int64_t rows = box.y1 - box.y0 + 1, outCols = box.x1 - box.x0 + 1;
  int64_t blocks = (b.kp + 15) / 16;
  int64_t parts = 0, rowParts = 1, channelParts = 1;
  if (pool && pool->getThreadCount() > 1 && conv) {
    int64_t macs = rows * outCols * b.outChans * b.block;
    // (A pixelLanes box in one part per thread: each part reads all the
    // input windows, so more parts read them more often; on transformer_enc's
    // 64-pixel matrix products, 4 parts per thread ran 1.2x to 1.4x slower
    // than one in nce_benchmark.)
    parts = std::min<int64_t>(pool->getThreadCount() * (b.pixelLanes ? 1 : 4),
                              macs / b.kernels.macsPerChunk);
    rowParts = std::clamp<int64_t>(rows * outCols / 64, 1, rows);
    channelParts = std::min(blocks, (parts + rowParts - 1) / rowParts);
  }
  // The weights are converted unless the box has none or reads them as
  // stored (one pixel). Split by channels alone, each part converts the
  // weights of its own channels, on its thread: they are then written and
  // read in one core's cache, where weights converted by the other thread
  // came over from its cache (a 7x7 box of 960 to 160 channels took longer
  // on two threads than on one).
  bool convertWeights = !b.onePixel && !b.pixelLanes && !weights.empty();
  bool convertInParts = convertWeights && channelParts > 1 && rowParts == 1;
  // Converted 16 output channels at a time (a CONV block; for DWCONV, the
  // transposed writes fill whole cache lines of b.w).
  constexpr int64_t kChannelGroup = 16;
  int64_t groups = (b.outChans + kChannelGroup - 1) / kChannelGroup;
  std::vector<char> finite(groups);
  auto convert = [&](int64_t g0, int64_t g1) {
    const uint8_t *channels[kChannelGroup];
    for (int64_t g = g0; g < g1; ++g) {
      int64_t k0 = g * kChannelGroup;
      int64_t group = std::min(kChannelGroup, b.outChans - k0);
      for (int64_t j = 0; j < group; ++j) {
        channels[j] = weights[box.z0 + k0 + j].weights;
      }
      int64_t width = conv ? getConvBlockWidth(b, k0) : b.kp;
      float *to = b.w.data() + (conv ? k0 * b.block : k0);
      finite[g] =
          b.kernels.transposeWeights(channels, group, b.block, to, width);
      // The channels that pad the last group to a vector weigh zero.
      for (int64_t i = 0; i < b.block; ++i) {
        std::fill(to + i * width + group,
                  to + i * width + roundUpToVector(group), 0.0f);
      }
    }
  };
  auto allFinite = [&](int64_t g0, int64_t g1) {
    return std::all_of(finite.begin() + g0, finite.begin() + g1,
                       [](char f) { return f; });
  };
  if (convertWeights || b.pixelLanes) {
    // The converted weights of a box are megabytes for large layers (and
    // all of the work for one-pixel ones): kept in a buffer of the thread
    // that grows to the largest and is reused, instead of fresh pages from
    // the system for every box. Every element is written before it is
    // read, so growing it neither copies the old weights nor zero-fills the
    // new buffer. (A pixelLanes box writes it only for parts whose weights
    // are not all finite.)
    thread_local FloatScratch weightScratch;
    b.w = llvm::MutableArrayRef<float>(weightScratch.get(b.block * b.kp),
                                       b.block * b.kp);
  }
  if (b.pixelLanes) {
    thread_local FloatScratch laneScratch;
    float *lanes = laneScratch.get(b.block * b.pv);
    loadPixelLanes(b, pool, lanes);
    b.lanes = lanes;
  }
  if (convertWeights) {
    if (!convertInParts) {
      // The groups of about 64K weights on the pool's threads.
      int64_t grain =
          std::max<int64_t>(1, (int64_t(1) << 16) / (kChannelGroup * b.block));
      if (pool) {
        pool->parallelFor(groups, grain, convert);
      } else {
        convert(0, groups);
      }
      b.finiteWeights = allFinite(0, groups);
    }
  }
  auto computePart = [&](int64_t y0, int64_t y1, int64_t c0, int64_t c1) {
    // The thread's buffers, kept from part to part and box to box: fresh
    // ones for every part cost the allocations and, on the workers, page
    // faults on memory the thread had not touched yet.
    thread_local RowScratch scratch;
    scratch.underflow = {};
    scratch.pixelWeightsReady = false;
    if (b.pixelLanes) {
      convertPixelWeights(b, c0, c1, scratch);
    }
    // The part converts the transposed weights of its own channels (whole
    // groups, disjoint from the other parts') when the box converts them in
    // parts, and when its pixelLanes weights hold infinities or NaNs (the
    // padding must then be skipped).
    bool finiteWeights = b.finiteWeights;
    if (convertInParts || (b.pixelLanes && !scratch.pixelWeightsReady)) {
      int64_t g0 = c0 / kChannelGroup;
      int64_t g1 = (c1 + kChannelGroup - 1) / kChannelGroup;
      convert(g0, g1);
      finiteWeights = allFinite(g0, g1);
    }
    computeRows(b, y0, y1, c0, c1, finiteWeights, scratch);
    if (b.underflow) {
      std::lock_guard<std::mutex> lock(b.underflowMutex);
      b.underflow->merge(scratch.underflow);
    }
  };
  if (b.pixelLanes && channelParts <= 1) {
    // The lanes hold all the box's pixels: its rows are not split.
    computePart(box.y0, box.y1, 0, b.outChans);
    return;
  }
  if (channelParts <= 1) {
    forEachNceRowChunk(
        desc, input.channels, b.outChans, box, pool,
        [&](int64_t y0, int64_t y1) { computePart(y0, y1, 0, b.outChans); },
        conv ? b.kernels.macsPerChunk : kNceMacsPerChunk);
    return;
  }
  pool->parallelFor(
      rowParts * channelParts, 1, [&](int64_t begin, int64_t end) {
        for (int64_t part = begin; part < end; ++part) {
          int64_t r = part / channelParts, c = part % channelParts;
          int64_t y0 = box.y0 + rows * r / rowParts;
          int64_t y1 = box.y0 + rows * (r + 1) / rowParts - 1;
          int64_t c0 = 16 * (blocks * c / channelParts);
          int64_t c1 =
              std::min(b.outChans, 16 * (blocks * (c + 1) / channelParts));
          computePart(y0, y1, c0, c1);
        }
      });
}

} // namespace mlir::vpuc::emu
