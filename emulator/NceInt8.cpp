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
//    zero points (|x - zp| <= 32767 is also required; AVX2: 16 at a time),
//    with the channels of a pixel padded with zeros (to whole AVX2 vectors,
//    for CONV to a pair);
//  - CONV: tiles of 4 output pixels x 16 output channels, over every tap of
//    the window: the input rows hold the padding as zeros (a zero product
//    changes no partial sum, and the bound above holds for any subset of
//    the terms), each pair of a pixel's input channels broadcast and
//    multiplied with 8 channels' weight pairs by a pairwise 16-bit
//    multiply-add (vpmaddwd: two products of at most 32767^2 each, whose sum
//    fits int32) into 32-bit lanes, so no horizontal sums; DWCONV across the
//    channels with 32-bit multiplies over the taps inside the input; pools
//    and eltwise tasks as scalar loops;
//  - the requantisation, PPE and clamp of each element are the scalar code's
//    (storeNceInt8Result).
//
// With AVX-512 (VNNI), CONV reads the input bytes themselves (I8 shifted to
// U8 by 128, the zero point with them) and multiplies each quad of a pixel's
// input channels with 8 channels' quads of weights less their zero point
// (which must fit int8) by vpdpbusd; the padding holds the input's zero
// point, so sum((x - zp) * w) = sum(x * w) - zp * sum(w) over every tap and
// channel, and the correction, one subtraction per output channel, gives the
// exact sum: the arithmetic wraps modulo 2^32 and the result fits int32. The
// requantisation runs on 8 64-bit lanes (an exact 64-bit multiply and an
// arithmetic shift, the scalar floor shift).
//
// AVX2 and AVX-512 are used when setNceKernelIsa selects them (NceF16.cpp),
// portable loops of the same algorithm otherwise. Output rows are independent,
// so a thread pool splits a box into groups of rows; the bytes do not depend on
// the split.
//
//===----------------------------------------------------------------------===//

#include "emulator/NceInt8.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
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
/// Output pixels of a CONV tile (of one or two vectors of 8 channels).
constexpr int64_t kTilePixels = 4;
/// Output pixels of an AVX-512 CONV tile (of one or two vectors).
constexpr int64_t kBytesTilePixels = 6;

int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

/// A U8 (`u8`) or I8 byte's value.
int32_t loadByte(uint8_t byte, bool u8) {
  return u8 ? static_cast<int32_t>(byte)
            : static_cast<int32_t>(static_cast<int8_t>(byte));
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The CONV tile: for the pixels i < kTilePixels and the output channels
/// j < 8 * vectors of a block, acc[i * accStride + j] = the sum over the taps
/// t < taps and the input channels c < 2 * pairs of in[i][tapOffset[t] + c]
/// times the weight of channel j, tap t and input channel c. The weights of
/// 8 channels, `blockStride` apart, hold per tap and pair of input channels
/// the channels' pairs (w[c], w[c + 1]) side by side: an input pair read as
/// one 32-bit value is multiplied with 8 channels' pairs at once.
void convTilePortable(const int16_t *const *in, const int64_t *tapOffset,
                      int64_t taps, int64_t pairs, const int16_t *w,
                      int64_t blockStride, int64_t vectors, int32_t *acc,
                      int64_t accStride) {
  for (int64_t i = 0; i < kTilePixels; ++i) {
    for (int64_t j = 0; j < 8 * vectors; ++j) {
      const int16_t *wj = w + (j / 8) * blockStride + (j % 8) * 2;
      int32_t sum = 0;
      for (int64_t t = 0; t < taps; ++t) {
        const int16_t *x = in[i] + tapOffset[t];
        const int16_t *wt = wj + t * pairs * 16;
        for (int64_t p = 0; p < pairs; ++p) {
          sum += static_cast<int32_t>(x[2 * p]) * wt[16 * p] +
                 static_cast<int32_t>(x[2 * p + 1]) * wt[16 * p + 1];
        }
      }
      acc[i * accStride + j] = sum;
    }
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

/// acc[k] (k < kp, a multiple of 8) of a MAXPOOL (`max`) or AVEPOOL window:
/// the largest of, or the sum over, the taps' in[t][k]; 0 without taps.
void poolPortable(const int16_t *const *in, int64_t taps, int64_t kp, bool max,
                  int32_t *acc) {
  for (int64_t k = 0; k < kp; ++k) {
    int32_t value = 0;
    for (int64_t t = 0; t < taps; ++t) {
      int32_t x = in[t][k];
      value = max ? (t == 0 ? x : std::max(value, x)) : value + x;
    }
    acc[k] = value;
  }
}

/// acc[k] = getNceInt8EltwiseAcc(desc, a[k], b[k]) (the operands less their
/// zero points) for k < kp (a multiple of 8; the box's check keeps these in
/// int32).
void eltwisePortable(const NceInvariantDesc &desc, const int16_t *a,
                     const int16_t *b, int64_t kp, int32_t *acc) {
  for (int64_t k = 0; k < kp; ++k) {
    acc[k] = getNceInt8EltwiseAcc(desc, a[k], b[k]);
  }
}

#ifdef VPUC_NCE_AVX2

__attribute__((target("avx2"), always_inline)) inline __m256i
load16(const int16_t *p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
}

/// convTilePortable with `Vectors` vectors, the sums in registers.
template <int64_t Vectors>
__attribute__((target("avx2"))) void
convTileAvx2(const int16_t *const *in, const int64_t *tapOffset, int64_t taps,
             int64_t pairs, const int16_t *w, int64_t blockStride, int32_t *acc,
             int64_t accStride) {
  __m256i a[kTilePixels][Vectors];
#pragma GCC unroll 8
  for (int64_t i = 0; i < kTilePixels; ++i) {
#pragma GCC unroll 2
    for (int64_t v = 0; v < Vectors; ++v) {
      a[i][v] = _mm256_setzero_si256();
    }
  }
  for (int64_t t = 0; t < taps; ++t) {
    const int16_t *x[kTilePixels];
#pragma GCC unroll 8
    for (int64_t i = 0; i < kTilePixels; ++i) {
      x[i] = in[i] + tapOffset[t];
    }
    const int16_t *wt = w + t * pairs * 16;
    for (int64_t p = 0; p < pairs; ++p) {
      __m256i wv[Vectors];
#pragma GCC unroll 2
      for (int64_t v = 0; v < Vectors; ++v) {
        wv[v] = load16(wt + v * blockStride + 16 * p);
      }
#pragma GCC unroll 8
      for (int64_t i = 0; i < kTilePixels; ++i) {
        int32_t pair;
        std::memcpy(&pair, x[i] + 2 * p, sizeof(pair));
        __m256i xv = _mm256_set1_epi32(pair);
#pragma GCC unroll 2
        for (int64_t v = 0; v < Vectors; ++v) {
          a[i][v] = _mm256_add_epi32(a[i][v], _mm256_madd_epi16(xv, wv[v]));
        }
      }
    }
  }
#pragma GCC unroll 8
  for (int64_t i = 0; i < kTilePixels; ++i) {
#pragma GCC unroll 2
    for (int64_t v = 0; v < Vectors; ++v) {
      _mm256_storeu_si256(
          reinterpret_cast<__m256i *>(acc + i * accStride + 8 * v), a[i][v]);
    }
  }
}

/// The 16 U8 (`u8`) or I8 values at `from` less `zero` (in every 16-bit
/// lane) as int16; the subtraction wraps modulo 2^16.
__attribute__((target("avx2"), always_inline)) inline __m256i
loadBytesLess(const uint8_t *from, bool u8, __m256i zero) {
  __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(from));
  return _mm256_sub_epi16(
      u8 ? _mm256_cvtepu8_epi16(bytes) : _mm256_cvtepi8_epi16(bytes), zero);
}

/// The sum of the 8 int32 lanes of `v`.
__attribute__((target("avx2"), always_inline)) inline int64_t
sumLanes(__m256i v) {
  alignas(32) int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i *>(lanes), v);
  int64_t sum = 0;
  for (int32_t lane : lanes) {
    sum += lane;
  }
  return sum;
}

/// `n` U8 (or I8) values less `zp` as int16 (which holds them: see
/// computeNceInt8BoxUnchecked); the subtraction wraps modulo 2^16 as the
/// scalar one's truncation does.
__attribute__((target("avx2"))) void convertRowAvx2(const uint8_t *from,
                                                    int64_t n, bool u8,
                                                    int32_t zp, int16_t *into) {
  __m256i zero = _mm256_set1_epi16(static_cast<int16_t>(zp));
  int64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(into + c),
                        loadBytesLess(from + c, u8, zero));
  }
  for (; c < n; ++c) {
    int32_t value = loadByte(from[c], u8);
    into[c] = static_cast<int16_t>(value - zp);
  }
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

__attribute__((target("avx2"), always_inline)) inline __m256i
load64(const int64_t *p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
}

/// The larger and the smaller of each pair of int64 lanes.
__attribute__((target("avx2"), always_inline)) inline __m256i max64(__m256i a,
                                                                    __m256i b) {
  return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(b, a));
}
__attribute__((target("avx2"), always_inline)) inline __m256i min64(__m256i a,
                                                                    __m256i b) {
  return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
}

/// Places `n` (< 2^18) weights of one tap of a CONV channel, U8 (or I8)
/// less `zp`, into the pairs of `into` (pair p at into[16 * p]); returns the
/// sum of their magnitudes. The weights are converted 16 at a time, their
/// pairs copied as 32-bit values.
__attribute__((target("avx2"))) int64_t placeConvWeightsAvx2(
    const uint8_t *from, int64_t n, bool u8, int32_t zp, int16_t *into) {
  __m256i zero = _mm256_set1_epi16(static_cast<int16_t>(zp));
  __m256i ones = _mm256_set1_epi16(1);
  __m256i sums = _mm256_setzero_si256();
  alignas(32) int32_t pairs[8];
  int64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    __m256i w = loadBytesLess(from + c, u8, zero);
    sums = _mm256_add_epi32(sums, _mm256_madd_epi16(_mm256_abs_epi16(w), ones));
    _mm256_store_si256(reinterpret_cast<__m256i *>(pairs), w);
#pragma GCC unroll 8
    for (int64_t p = 0; p < 8; ++p) {
      std::memcpy(into + (c / 2 + p) * 16, pairs + p, sizeof(int32_t));
    }
  }
  int64_t magnitude = sumLanes(sums);
  for (; c < n; ++c) {
    int32_t value = loadByte(from[c], u8);
    int32_t w = value - zp;
    magnitude += std::abs(w);
    into[(c / 2) * 16 + c % 2] = static_cast<int16_t>(w);
  }
  return magnitude;
}

/// The results of 4 channels (see requantizeAvx2), in [outLow, outHigh].
__attribute__((target("avx2"), always_inline)) inline __m256i
requantize4(const int32_t *acc, const int64_t *bias, const int64_t *mult,
            const int64_t *shift, const int64_t *round, __m256i low,
            __m256i high, __m256i zp) {
  __m256i v = _mm256_add_epi64(_mm256_cvtepi32_epi64(_mm_loadu_si128(
                                   reinterpret_cast<const __m128i *>(acc))),
                               load64(bias));
  __m256i m = load64(mult);
  __m256i product = _mm256_add_epi64(
      _mm256_mul_epu32(v, m),
      _mm256_slli_epi64(_mm256_mul_epi32(_mm256_srli_epi64(v, 32), m), 32));
  __m256i y = _mm256_add_epi64(product, load64(round));
  __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), y);
  __m256i r = _mm256_xor_si256(
      _mm256_srlv_epi64(_mm256_xor_si256(y, sign), load64(shift)), sign);
  return min64(max64(_mm256_add_epi64(r, zp), low), high);
}

/// storeNceInt8Results of `count` channels on 4 64-bit lanes at a time:
/// v = acc + bias; the product v * mult from two 32 x 32-bit multiplies (the
/// low half of v unsigned, the high half signed; exact, as |v| <= 2^33 and
/// mult < 2^24); plus the rounding term; floor of the division by 2^shift
/// as a logical shift between two complements of a negative value (for
/// y < 0, ~y = -y - 1 >= 0, and ~(~y >> s) = -((-y - 1) >> s) - 1, the
/// scalar floorShiftRight); plus the zero point, then one clamp to
/// [lowBound, highBound] (the PPE's clamp and the output type's, composed:
/// see computeNceInt8BoxUnchecked) as compares and blends; the low byte of
/// each result (`u8`: the output type is U8, else I8). Reads acc, bias, mult,
/// shift and round up to a multiple of 4 past count (computed, not stored).
__attribute__((target("avx2"))) void
requantizeAvx2(const int32_t *acc, int64_t count, const int64_t *bias,
               const int64_t *mult, const int64_t *shift, const int64_t *round,
               int64_t lowBound, int64_t highBound, bool u8, int64_t zeroPoint,
               uint8_t *out, int64_t strideC) {
  __m256i low = _mm256_set1_epi64x(lowBound);
  __m256i high = _mm256_set1_epi64x(highBound);
  __m256i zp = _mm256_set1_epi64x(zeroPoint);
  int64_t j = 0;
  if (strideC == 1) {
    // 8 channels' results packed to bytes (a saturating pack of values
    // inside the output type's range keeps them): the low 32 bits of each
    // lane, then to 16 and 8 bits.
    const __m256i low32 = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    for (; j + 8 <= count; j += 8) {
      __m128i a = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
          requantize4(acc + j, bias + j, mult + j, shift + j, round + j, low,
                      high, zp),
          low32));
      __m128i b = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
          requantize4(acc + j + 4, bias + j + 4, mult + j + 4, shift + j + 4,
                      round + j + 4, low, high, zp),
          low32));
      __m128i words = _mm_packs_epi32(a, b);
      __m128i bytes =
          u8 ? _mm_packus_epi16(words, words) : _mm_packs_epi16(words, words);
      _mm_storel_epi64(reinterpret_cast<__m128i *>(out + j), bytes);
    }
  }
  alignas(32) int64_t last[4];
  for (; j < count; j += 4) {
    _mm256_store_si256(reinterpret_cast<__m256i *>(last),
                       requantize4(acc + j, bias + j, mult + j, shift + j,
                                   round + j, low, high, zp));
    for (int64_t i = 0; i < std::min<int64_t>(4, count - j); ++i) {
      out[(j + i) * strideC] = static_cast<uint8_t>(last[i] & 0xFF);
    }
  }
}

/// poolPortable eight channels at a time (the same integer max and sums).
__attribute__((target("avx2"))) void poolAvx2(const int16_t *const *in,
                                              int64_t taps, int64_t kp,
                                              bool max, int32_t *acc) {
  for (int64_t k = 0; k < kp; k += 8) {
    __m256i value = _mm256_setzero_si256();
    for (int64_t t = 0; t < taps; ++t) {
      __m256i x = _mm256_cvtepi16_epi32(
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(in[t] + k)));
      value = !max     ? _mm256_add_epi32(value, x)
              : t == 0 ? x
                       : _mm256_max_epi32(value, x);
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(acc + k), value);
  }
}

/// eltwisePortable eight channels at a time (32-bit products: the low
/// halves of _mm256_mullo_epi32 are the products, which fit).
__attribute__((target("avx2"))) void eltwiseAvx2(const NceInvariantDesc &desc,
                                                 const int16_t *a,
                                                 const int16_t *b, int64_t kp,
                                                 int32_t *acc) {
  const schema::NceTaskType type = desc.type;
  const __m256i mult1 = _mm256_set1_epi32(desc.inputMult),
                mult2 = _mm256_set1_epi32(desc.input2Mult);
  for (int64_t k = 0; k < kp; k += 8) {
    __m256i x = _mm256_cvtepi16_epi32(
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(a + k)));
    __m256i y = _mm256_cvtepi16_epi32(
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(b + k)));
    __m256i value;
    if (type == schema::NceTaskType::ELTWISE_ADD) {
      value = _mm256_add_epi32(_mm256_mullo_epi32(mult1, x),
                               _mm256_mullo_epi32(mult2, y));
    } else if (type == schema::NceTaskType::ELTWISE_SUB) {
      value = _mm256_sub_epi32(_mm256_mullo_epi32(mult1, x),
                               _mm256_mullo_epi32(mult2, y));
    } else {
      value = _mm256_mullo_epi32(x, y);
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(acc + k), value);
  }
}

#define VPUC_AVX512                                                            \
  __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx512vnni")))

// GCC 12's AVX-512 headers start some intrinsics from undefined vectors.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

/// The AVX-512 CONV tile: for the pixels i < kBytesTilePixels and the output
/// channels j < 8 * Vectors of a block, acc[i * accStride + j] = the sum over
/// the taps t < taps and the input channels c < 4 * quads of in[i][tapOffset
/// [t] + c] (a byte) times the weight (int8) of channel j, tap t and input
/// channel c, less corr[j], all modulo 2^32. The weights of 8 channels,
/// `blockStride` apart, hold per tap and quad of input channels the
/// channels' quads side by side: an input quad read as one 32-bit value is
/// multiplied with 8 channels' quads at once.
template <int64_t Vectors>
VPUC_AVX512 void
convTileBytes(const uint8_t *const *in, const int64_t *tapOffset, int64_t taps,
              int64_t quads, const int8_t *w, int64_t blockStride,
              const int32_t *corr, int32_t *acc, int64_t accStride) {
  __m256i a[kBytesTilePixels][Vectors];
#pragma GCC unroll 8
  for (int64_t i = 0; i < kBytesTilePixels; ++i) {
#pragma GCC unroll 2
    for (int64_t v = 0; v < Vectors; ++v) {
      a[i][v] = _mm256_setzero_si256();
    }
  }
  for (int64_t t = 0; t < taps; ++t) {
    const uint8_t *x[kBytesTilePixels];
#pragma GCC unroll 8
    for (int64_t i = 0; i < kBytesTilePixels; ++i) {
      x[i] = in[i] + tapOffset[t];
    }
    const int8_t *wt = w + t * quads * 32;
    for (int64_t q = 0; q < quads; ++q) {
      __m256i wv[Vectors];
#pragma GCC unroll 2
      for (int64_t v = 0; v < Vectors; ++v) {
        wv[v] = _mm256_loadu_si256(
            reinterpret_cast<const __m256i *>(wt + v * blockStride + 32 * q));
      }
#pragma GCC unroll 8
      for (int64_t i = 0; i < kBytesTilePixels; ++i) {
        int32_t quad;
        std::memcpy(&quad, x[i] + 4 * q, sizeof(quad));
        __m256i xv = _mm256_set1_epi32(quad);
#pragma GCC unroll 2
        for (int64_t v = 0; v < Vectors; ++v) {
          a[i][v] = _mm256_dpbusd_epi32(a[i][v], xv, wv[v]);
        }
      }
    }
  }
  __m256i c[Vectors];
#pragma GCC unroll 2
  for (int64_t v = 0; v < Vectors; ++v) {
    c[v] = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(corr + 8 * v));
  }
#pragma GCC unroll 8
  for (int64_t i = 0; i < kBytesTilePixels; ++i) {
#pragma GCC unroll 2
    for (int64_t v = 0; v < Vectors; ++v) {
      _mm256_storeu_si256(
          reinterpret_cast<__m256i *>(acc + i * accStride + 8 * v),
          _mm256_sub_epi32(a[i][v], c[v]));
    }
  }
}

/// Places `n` weights of one tap of a CONV channel, U8 (or I8)
/// less `zp` (each fits int8: checked by the caller), into the quads of
/// `into` (quad q at into[32 * q]); adds the sum of their magnitudes to
/// `magnitude` and their sum to `sum`.
VPUC_AVX512 void placeByteWeights(const uint8_t *from, int64_t n, bool u8,
                                  int32_t zp, int8_t *into, int64_t &magnitude,
                                  int64_t &sum) {
  __m256i zero = _mm256_set1_epi16(static_cast<int16_t>(zp));
  __m256i ones = _mm256_set1_epi16(1);
  __m256i magnitudes = _mm256_setzero_si256(), sums = _mm256_setzero_si256();
  alignas(16) int32_t quads[4];
  int64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    __m256i w = loadBytesLess(from + c, u8, zero);
    magnitudes = _mm256_add_epi32(magnitudes,
                                  _mm256_madd_epi16(_mm256_abs_epi16(w), ones));
    sums = _mm256_add_epi32(sums, _mm256_madd_epi16(w, ones));
    _mm_store_si128(reinterpret_cast<__m128i *>(quads),
                    _mm256_cvtepi16_epi8(w));
#pragma GCC unroll 4
    for (int64_t q = 0; q < 4; ++q) {
      std::memcpy(into + (c / 4 + q) * 32, quads + q, sizeof(int32_t));
    }
  }
  magnitude += sumLanes(magnitudes);
  sum += sumLanes(sums);
  for (; c < n; ++c) {
    int32_t value = loadByte(from[c], u8);
    int32_t w = value - zp;
    magnitude += std::abs(w);
    sum += w;
    into[(c / 4) * 32 + c % 4] = static_cast<int8_t>(w);
  }
}

/// requantizeAvx2 on 8 64-bit lanes: the product v * mult by one 64-bit
/// multiply (exact: |v * mult| < 2^57), the floor division by 2^shift by an
/// arithmetic shift; reads up to a multiple of 8 past count.
VPUC_AVX512 void requantizeAvx512(const int32_t *acc, int64_t count,
                                  const int64_t *bias, const int64_t *mult,
                                  const int64_t *shift, const int64_t *round,
                                  int64_t lowBound, int64_t highBound,
                                  int64_t zeroPoint, uint8_t *out,
                                  int64_t strideC) {
  const __m512i low = _mm512_set1_epi64(lowBound);
  const __m512i high = _mm512_set1_epi64(highBound);
  const __m512i zp = _mm512_set1_epi64(zeroPoint);
  for (int64_t j = 0; j < count; j += 8) {
    __m512i v =
        _mm512_add_epi64(_mm512_cvtepi32_epi64(_mm256_loadu_si256(
                             reinterpret_cast<const __m256i *>(acc + j))),
                         _mm512_loadu_si512(bias + j));
    __m512i y =
        _mm512_add_epi64(_mm512_mullo_epi64(v, _mm512_loadu_si512(mult + j)),
                         _mm512_loadu_si512(round + j));
    __m512i r = _mm512_srav_epi64(y, _mm512_loadu_si512(shift + j));
    __m512i clamped =
        _mm512_min_epi64(_mm512_max_epi64(_mm512_add_epi64(r, zp), low), high);
    // The low byte of each result.
    __m128i bytes = _mm512_cvtepi64_epi8(clamped);
    int64_t n = std::min<int64_t>(8, count - j);
    if (strideC == 1) {
      _mm_mask_storeu_epi8(out + j, static_cast<__mmask16>((1u << n) - 1),
                           bytes);
    } else {
      alignas(16) uint8_t lanes[16];
      _mm_store_si128(reinterpret_cast<__m128i *>(lanes), bytes);
      for (int64_t i = 0; i < n; ++i) {
        out[(j + i) * strideC] = lanes[i];
      }
    }
  }
}

#pragma GCC diagnostic pop

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
  /// CONV: the input rows are read with their padding as zeros (adding a
  /// zero product changes no integer sum), from input column convCol0 on,
  /// convCols of them, convStride (the input channels rounded up to a pair)
  /// values per pixel; the weights less the zero point per block of 8 output
  /// channels (convBlockStride values), tap (ky, kx) and pair of input
  /// channels, the 8 channels' pairs side by side (convTilePortable), zeros
  /// past the channels.
  int64_t convCol0 = 0, convCols = 0, convStride = 0, convBlockStride = 0;
  std::unique_ptr<int16_t[]> convWeights;
  /// CONV on AVX-512 (`bytes`): the input rows hold bytes (I8 plus 128),
  /// the padding `bytesZeroPoint` (the input's zero point so shifted),
  /// bytesStride (the input channels rounded up to a quad) per pixel; the
  /// weights less their zero point as int8 per block of 8 output channels
  /// (bytesBlockStride), tap and quad of input channels, the 8 channels'
  /// quads side by side (convTileBytes), zeros past the channels; per output
  /// channel of the box (a multiple of 16 of them), bytesZeroPoint times the
  /// sum of its weights, modulo 2^32 (the tile's correction).
  bool bytes = false;
  int64_t bytesStride = 0, bytesBlockStride = 0;
  int32_t bytesZeroPoint = 0;
  std::unique_ptr<int8_t[]> byteWeights;
  std::vector<int32_t> byteCorrection;
  /// DWCONV: per tap, kp weights less the zero point.
  std::vector<int32_t> dwWeights;
  bool avx2 = false, avx512 = false;
  /// Integer outputs other than LRELU's with every multiplier below 2^24
  /// and every shift at most 63, on AVX2: per output channel of the box
  /// (kp of them, zeros past the box), the bias, multiplier, shift and
  /// rounding term of requantizeAvx2.
  bool vectorStore = false;
  std::vector<int64_t> storeBias, storeMult, storeShift, storeRound;
  int64_t storeLow = 0, storeHigh = 0;
};

/// Writes the results of the box's output channels at `outPixel` from
/// their accumulators (storeNceInt8Results); acc holds b.kp of them.
void storeResults(const Int8Box &b, uint8_t *outPixel, const int32_t *acc) {
#ifdef VPUC_NCE_AVX2
  if (b.vectorStore && b.avx512) {
    requantizeAvx512(acc, b.outChans, b.storeBias.data(), b.storeMult.data(),
                     b.storeShift.data(), b.storeRound.data(), b.storeLow,
                     b.storeHigh, b.desc.outZeroPoint,
                     outPixel + b.box.z0 * b.output.strideC, b.output.strideC);
    return;
  }
  if (b.vectorStore) {
    requantizeAvx2(acc, b.outChans, b.storeBias.data(), b.storeMult.data(),
                   b.storeShift.data(), b.storeRound.data(), b.storeLow,
                   b.storeHigh, b.output.dtype == schema::DType::U8,
                   b.desc.outZeroPoint, outPixel + b.box.z0 * b.output.strideC,
                   b.output.strideC);
    return;
  }
#endif
  storeNceInt8Results(b.desc, b.weights, b.output, b.box.z0, b.outChans,
                      outPixel, acc);
}

/// What one thread of a box writes to on the side.
struct Int8Scratch {
  /// The input rows of an output row (not CONV, whose rows
  /// computeConvRowsOf holds): per ky, per column, chanStride values, not
  /// zero-filled as a whole (see the users).
  std::unique_ptr<int16_t[]> rows;
  std::vector<bool> rowValid;
  std::vector<const int16_t *> tapIn;
  std::vector<const int32_t *> dwTaps;
  std::vector<int64_t> tapIndex;
  std::vector<int32_t> acc;
  /// ELTWISE: the second operand's channels less its zero point (kp).
  std::vector<int16_t> other;
  /// CONV: which of the rows are all zeros (outside the input).
  std::vector<bool> rowZeros;
};

/// `n` U8 (or I8, by `dtype`) values from `from` less `zp`, as int16, into
/// `into`.
void convertRow(const Int8Box &b, schema::DType dtype, const uint8_t *from,
                int64_t n, int32_t zp, int16_t *into) {
  bool u8 = dtype == schema::DType::U8;
#ifdef VPUC_NCE_AVX2
  if (b.avx2) {
    convertRowAvx2(from, n, u8, zp, into);
    return;
  }
#endif
  for (int64_t c = 0; c < n; ++c) {
    int32_t value = loadByte(from[c], u8);
    into[c] = static_cast<int16_t>(value - zp);
  }
}

/// Converts the input rows of output row `y` into `s.rows`.
void loadRows(const Int8Box &b, int64_t y, Int8Scratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  int64_t top = y * desc.strideH - desc.padTop;
  int32_t zp = desc.inputZeroPoint;
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
      int16_t *into = s.rows.get() + (ky * b.cols + col) * b.chanStride;
      if (input.strideC == 1) {
        convertRow(b, input.dtype, pixel, b.chans, zp, into);
      } else {
        for (int64_t c = 0; c < b.chans; ++c) {
          into[c] = static_cast<int16_t>(
              loadNceInt8(pixel + c * input.strideC, input.dtype) - zp);
        }
      }
      // DWCONV reads whole vectors (times zero weights past the box).
      std::fill(into + b.chans, into + b.chanStride, 0);
    }
  }
}

/// Computes output rows [y0, y1] of a CONV box: tiles of Pixels pixels (the
/// last one repeating its last pixel) x 16 output channels (8 in the last
/// block when the box's channels end there). The input rows hold `Elem`s,
/// `stride` per pixel, `padding` outside the input; `loadPixels(pixel, n,
/// into)` fills the `stride` values of each of n pixels from the input, the
/// first at `pixel`, the next input.strideW bytes on; `tile(in, tapOffset,
/// taps, k0, vectors, acc, accStride)` computes a tile of the channels from
/// k0 on.
template <typename Elem, int64_t Pixels, typename LoadPixels, typename Tile>
void computeConvRowsOf(const Int8Box &b, int64_t y0, int64_t y1, Int8Scratch &s,
                       int64_t stride, Elem padding, LoadPixels loadPixels,
                       Tile tile) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  const NceBox &box = b.box;
  int64_t taps = desc.kernelH * desc.kernelW;
  int64_t rowSize = b.convCols * stride;
  std::unique_ptr<Elem[]> rows(new Elem[desc.kernelH * rowSize]);
  s.rowZeros.assign(desc.kernelH, false);
  s.tapIndex.resize(taps);
  for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
    for (int64_t kx = 0; kx < desc.kernelW; ++kx) {
      s.tapIndex[ky * desc.kernelW + kx] = ky * rowSize + kx * stride;
    }
  }
  int64_t kp16 = roundUp(b.outChans, 16);
  s.acc.assign(Pixels * kp16, 0);
  // The columns of the rows inside the input (the others stay padding).
  int64_t colBegin = std::min(b.convCols, std::max<int64_t>(0, -b.convCol0));
  int64_t colEnd = std::min(b.convCols, input.width - b.convCol0);
  for (int64_t y = y0; y <= y1; ++y) {
    int64_t top = y * desc.strideH - desc.padTop;
    for (int64_t ky = 0; ky < desc.kernelH; ++ky) {
      int64_t iy = top + ky;
      Elem *row = rows.get() + ky * rowSize;
      if (iy < 0 || iy >= input.height) {
        if (!s.rowZeros[ky]) {
          std::fill(row, row + rowSize, padding);
          s.rowZeros[ky] = true;
        }
        continue;
      }
      s.rowZeros[ky] = false;
      // The padding columns.
      std::fill(row, row + colBegin * stride, padding);
      std::fill(row + std::max(colBegin, colEnd) * stride, row + rowSize,
                padding);
      if (colEnd > colBegin) {
        loadPixels(input.data + iy * input.strideH +
                       (b.convCol0 + colBegin) * input.strideW,
                   colEnd - colBegin, row + colBegin * stride);
      }
    }
    for (int64_t x = box.x0; x <= box.x1; x += Pixels) {
      int64_t pixels = std::min(Pixels, box.x1 - x + 1);
      const Elem *in[Pixels];
      for (int64_t i = 0; i < Pixels; ++i) {
        int64_t xi = x + std::min(i, pixels - 1);
        in[i] = rows.get() + (xi - box.x0) * desc.strideW * stride;
      }
      for (int64_t k0 = 0; k0 < b.outChans; k0 += 16) {
        tile(in, s.tapIndex.data(), taps, k0, b.outChans - k0 > 8 ? 2 : 1,
             s.acc.data() + k0, kp16);
      }
      for (int64_t i = 0; i < pixels; ++i) {
        uint8_t *outPixel =
            b.output.data + y * b.output.strideH + (x + i) * b.output.strideW;
        storeResults(b, outPixel, s.acc.data() + i * kp16);
      }
    }
  }
}

/// Computes output rows [y0, y1] of a CONV box (computeConvRowsOf), on
/// int16 operands less their zero points, or on bytes (AVX-512).
void computeConvRows(const Int8Box &b, int64_t y0, int64_t y1, Int8Scratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
#ifdef VPUC_NCE_AVX2
  if (b.bytes) {
    bool shift = input.dtype != schema::DType::U8;
    // I8 to U8: plus 128 modulo 256, the top bit flipped.
    auto flip = [](uint8_t *bytes, int64_t n) {
      int64_t c = 0;
      for (; c + 8 <= n; c += 8) {
        uint64_t word;
        std::memcpy(&word, bytes + c, sizeof(word));
        word ^= 0x8080808080808080ull;
        std::memcpy(bytes + c, &word, sizeof(word));
      }
      for (; c < n; ++c) {
        bytes[c] ^= 0x80;
      }
    };
    auto loadPixels = [&](const uint8_t *pixel, int64_t n, uint8_t *into) {
      if (input.strideC == 1 && input.strideW == b.chans &&
          b.bytesStride == b.chans) {
        // Whole pixels side by side in the input and the row: one copy.
        std::memcpy(into, pixel, n * b.chans);
        if (shift) {
          flip(into, n * b.chans);
        }
        return;
      }
      for (int64_t i = 0; i < n;
           ++i, pixel += input.strideW, into += b.bytesStride) {
        if (input.strideC == 1) {
          std::memcpy(into, pixel, b.chans);
          if (shift) {
            flip(into, b.chans);
          }
        } else {
          for (int64_t c = 0; c < b.chans; ++c) {
            into[c] = static_cast<uint8_t>(
                loadNceInt8(pixel + c * input.strideC, input.dtype) +
                (shift ? 128 : 0));
          }
        }
        std::fill(into + b.chans, into + b.bytesStride,
                  static_cast<uint8_t>(b.bytesZeroPoint));
      }
    };
    int64_t quads = b.bytesStride / 4;
    auto tile = [&](const uint8_t *const *in, const int64_t *tapOffset,
                    int64_t taps, int64_t k0, int64_t vectors, int32_t *acc,
                    int64_t accStride) {
      const int8_t *w = b.byteWeights.get() + (k0 / 8) * b.bytesBlockStride;
      const int32_t *corr = b.byteCorrection.data() + k0;
      (vectors == 2 ? convTileBytes<2>
                    : convTileBytes<1>)(in, tapOffset, taps, quads, w,
                                        b.bytesBlockStride, corr, acc,
                                        accStride);
    };
    computeConvRowsOf<uint8_t, kBytesTilePixels>(
        b, y0, y1, s, b.bytesStride, static_cast<uint8_t>(b.bytesZeroPoint),
        loadPixels, tile);
    return;
  }
#endif
  int64_t pairs = b.convStride / 2;
  auto loadPixels = [&](const uint8_t *pixel, int64_t n, int16_t *into) {
    for (int64_t i = 0; i < n;
         ++i, pixel += input.strideW, into += b.convStride) {
      if (input.strideC == 1) {
        convertRow(b, input.dtype, pixel, b.chans, desc.inputZeroPoint, into);
      } else {
        for (int64_t c = 0; c < b.chans; ++c) {
          into[c] = static_cast<int16_t>(
              loadNceInt8(pixel + c * input.strideC, input.dtype) -
              desc.inputZeroPoint);
        }
      }
      // The half pair past the channels.
      std::fill(into + b.chans, into + b.convStride, 0);
    }
  };
  auto tile = [&](const int16_t *const *in, const int64_t *tapOffset,
                  int64_t taps, int64_t k0, int64_t vectors, int32_t *acc,
                  int64_t accStride) {
    const int16_t *w = b.convWeights.get() + (k0 / 8) * b.convBlockStride;
#ifdef VPUC_NCE_AVX2
    if (b.avx2) {
      (vectors == 2 ? convTileAvx2<2>
                    : convTileAvx2<1>)(in, tapOffset, taps, pairs, w,
                                       b.convBlockStride, acc, accStride);
      return;
    }
#endif
    convTilePortable(in, tapOffset, taps, pairs, w, b.convBlockStride, vectors,
                     acc, accStride);
  };
  computeConvRowsOf<int16_t, kTilePixels>(b, y0, y1, s, b.convStride,
                                          int16_t(0), loadPixels, tile);
}

/// Computes output rows [y0, y1] of the box.
void computeRows(const Int8Box &b, int64_t y0, int64_t y1, Int8Scratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceBox &box = b.box;
  schema::NceTaskType type = desc.type;
  int64_t taps = desc.kernelH * desc.kernelW;
  // Rows outside the input are not read (rowValid).
  s.rows.reset(new int16_t[desc.kernelH * b.cols * b.chanStride]);
  s.rowValid.assign(desc.kernelH, false);
  s.tapIn.resize(taps);
  s.tapIndex.resize(taps);
  s.dwTaps.resize(taps);
  s.acc.assign(b.kp, 0);
  s.other.assign(b.kp, 0);
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
              s.rows.get() + (ky * b.cols + (ix - b.inBox.x0)) * b.chanStride;
          s.tapIndex[n] = ky * desc.kernelW + kx;
          ++n;
        }
      }
      uint8_t *outPixel =
          b.output.data + y * b.output.strideH + x * b.output.strideW;
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
      } else if (isNceEltwise(type)) {
        // The window is the element (1x1, strides 1, no padding): the second
        // operand's channels less its zero point, combined with the first's
        // (the channels past the box are zeros in both).
        const NceActivation &in2 = *b.input2;
        const uint8_t *pixel2 =
            in2.data + y * in2.strideH + x * in2.strideW + box.z0 * in2.strideC;
        int16_t *other = s.other.data();
        if (in2.strideC == 1) {
          convertRow(b, in2.dtype, pixel2, b.outChans, desc.input2ZeroPoint,
                     other);
        } else {
          for (int64_t c = 0; c < b.outChans; ++c) {
            other[c] = static_cast<int16_t>(
                loadNceInt8(pixel2 + c * in2.strideC, in2.dtype) -
                desc.input2ZeroPoint);
          }
        }
        auto eltwise = eltwisePortable;
#ifdef VPUC_NCE_AVX2
        if (b.avx2) {
          eltwise = eltwiseAvx2;
        }
#endif
        if (n == 0) {
          std::fill(acc, acc + b.kp, 0);
        } else {
          // (One tap: the window is the element.)
          eltwise(desc, s.tapIn[n - 1], other, b.kp, acc);
        }
      } else {
        // Pools: the input channels are the box's.
        auto pool = poolPortable;
#ifdef VPUC_NCE_AVX2
        if (b.avx2) {
          pool = poolAvx2;
        }
#endif
        pool(s.tapIn.data(), n, b.kp, type == schema::NceTaskType::MAXPOOL,
             acc);
      }
      storeResults(b, outPixel, acc);
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
  NceKernelIsa isa = getNceKernelIsa();
  b.avx2 = isa != NceKernelIsa::Portable;
  b.avx512 = isa == NceKernelIsa::Avx512;
  bool conv = desc.type == schema::NceTaskType::CONV;
  int64_t taps = desc.kernelH * desc.kernelW;
  if (isNceWeighted(desc.type)) {
    int64_t inC = conv ? input.channels : 1;
    if (conv) {
      b.convCol0 = box.x0 * desc.strideW - desc.padLeft;
      b.convCols = (box.x1 - box.x0) * desc.strideW + desc.kernelW;
      // On bytes when the weights less their zero point are int8 and the
      // input's zero point, shifted with an I8 input, is a byte.
      b.bytesZeroPoint =
          desc.inputZeroPoint + (input.dtype == schema::DType::U8 ? 0 : 128);
      int32_t wLow = desc.weightsType == schema::DType::U8 ? 0 : -128;
      b.bytes = b.avx512 && b.bytesZeroPoint >= 0 && b.bytesZeroPoint <= 255 &&
                wLow - desc.weightsZeroPoint >= -128 &&
                wLow + 255 - desc.weightsZeroPoint <= 127;
      if (b.bytes) {
        b.bytesStride = roundUp(std::max<int64_t>(b.chans, 1), 4);
        b.bytesBlockStride = taps * b.bytesStride * 8;
        b.byteWeights.reset(
            new int8_t[roundUp(b.outChans, 16) / 8 * b.bytesBlockStride]);
        b.byteCorrection.assign(roundUp(b.outChans, 16), 0);
      } else {
        b.convStride = roundUp(std::max<int64_t>(b.chans, 1), 2);
        b.convBlockStride = taps * b.convStride * 8;
        b.convWeights.reset(
            new int16_t[roundUp(b.outChans, 16) / 8 * b.convBlockStride]);
      }
    } else {
      b.dwWeights.assign(taps * b.kp, 0);
    }
    // Every weight less the zero point is an int16 (else the scalar code).
    if (getMaxMagnitude(desc.weightsType, desc.weightsZeroPoint) >
        kMaxOperand) {
      return false;
    }
    int64_t pairs = b.convStride / 2;
    int32_t zp = desc.weightsZeroPoint;
    // Converts and places the weights of channels [k0, k1), element by
    // element through `load` (of one type: a loop per type); false when a
    // channel's magnitude is too large.
    auto place = [&](auto load, int64_t k0, int64_t k1) {
      for (int64_t k = k0; k < k1; ++k) {
        const uint8_t *row = weights[box.z0 + k].weights;
        int64_t magnitude = 0;
#ifdef VPUC_NCE_AVX2
        if (b.bytes) {
          int8_t *into =
              b.byteWeights.get() + (k / 8) * b.bytesBlockStride + (k % 8) * 4;
          int64_t sum = 0;
          bool u8 = desc.weightsType == schema::DType::U8;
          if (b.bytesStride == inC) {
            // Whole quads per tap: the channel's taps are one run of quads.
            placeByteWeights(row, taps * inC, u8, zp, into, magnitude, sum);
          } else {
            for (int64_t t = 0; t < taps; ++t) {
              placeByteWeights(row + t * inC, inC, u8, zp,
                               into + t * (b.bytesStride / 4) * 32, magnitude,
                               sum);
            }
          }
          if (magnitude * maxInput > kMaxSum) {
            return false;
          }
          // The tile's correction, modulo 2^32.
          b.byteCorrection[k] = static_cast<int32_t>(
              static_cast<uint32_t>(sum * b.bytesZeroPoint));
          continue;
        }
#endif
        int16_t *convInto = conv ? b.convWeights.get() +
                                       (k / 8) * b.convBlockStride + (k % 8) * 2
                                 : nullptr;
        for (int64_t t = 0; t < taps; ++t) {
          const uint8_t *tapRow = row + t * inC;
          if (conv) {
            int16_t *into = convInto + t * pairs * 16;
#ifdef VPUC_NCE_AVX2
            if (b.avx2 && inC < (int64_t(1) << 18)) {
              magnitude += placeConvWeightsAvx2(
                  tapRow, inC, desc.weightsType == schema::DType::U8, zp, into);
              continue;
            }
#endif
            for (int64_t ic = 0; ic < inC; ++ic) {
              int32_t w = load(tapRow[ic]) - zp;
              magnitude += std::abs(w);
              into[(ic / 2) * 16 + ic % 2] = static_cast<int16_t>(w);
            }
          } else {
            int32_t w = load(tapRow[0]) - zp;
            magnitude += std::abs(w);
            b.dwWeights[t * b.kp + k] = w;
          }
        }
        if (magnitude * maxInput > kMaxSum) {
          return false;
        }
      }
      return true;
    };
    auto placeChannels = [&](int64_t k0, int64_t k1) {
      return desc.weightsType == schema::DType::U8
                 ? place(
                       [](uint8_t byte) { return static_cast<int32_t>(byte); },
                       k0, k1)
                 : place(
                       [](uint8_t byte) {
                         return static_cast<int32_t>(static_cast<int8_t>(byte));
                       },
                       k0, k1);
    };
    if (conv) {
      // Per block of 8 channels (whose weights are one range of convWeights:
      // zeroed, then placed), the blocks of about 64K weights on the pool's
      // threads.
      int64_t blocks = roundUp(b.outChans, 16) / 8;
      std::vector<char> placed(blocks, 1);
      auto placeBlocks = [&](int64_t begin, int64_t end) {
        for (int64_t block = begin; block < end; ++block) {
          if (b.bytes) {
            int8_t *at = b.byteWeights.get() + block * b.bytesBlockStride;
            std::fill(at, at + b.bytesBlockStride, 0);
          } else {
            int16_t *at = b.convWeights.get() + block * b.convBlockStride;
            std::fill(at, at + b.convBlockStride, 0);
          }
          placed[block] = placeChannels(std::min(b.outChans, block * 8),
                                        std::min(b.outChans, block * 8 + 8));
        }
      };
      if (pool) {
        int64_t blockValues =
            b.bytes ? b.bytesBlockStride / 2 : b.convBlockStride;
        pool->parallelFor(
            blocks, std::max<int64_t>(1, (int64_t(1) << 16) / blockValues),
            placeBlocks);
      } else {
        placeBlocks(0, blocks);
      }
      if (!std::all_of(placed.begin(), placed.end(),
                       [](char ok) { return ok; })) {
        return false;
      }
    } else if (!placeChannels(0, b.outChans)) {
      return false;
    }
  } else if (desc.type == schema::NceTaskType::AVEPOOL &&
             taps * maxInput > kMaxSum) {
    return false;
  }
  if (b.avx2 && output.dtype != schema::DType::F16 &&
      desc.ppe != schema::PpeMode::LRELU) {
    b.vectorStore = true;
    // r clamped to the PPE's [pl, ph], plus zp, then clamped to the output's
    // [ol, oh], is one clamp to their intersection, or the bound of the
    // output's range nearest the PPE's when they do not meet. |r| < 2^58
    // (|v * mult| < 2^57), so bounds beyond 2^62 act as none, and limiting
    // them there keeps the sums with zp in range.
    constexpr int64_t kUnbounded = int64_t(1) << 62;
    NceInt8Clamps clamps = getNceInt8Clamps(desc, output);
    int64_t ppeLow =
        std::clamp(clamps.ppeLow, -kUnbounded, kUnbounded) + desc.outZeroPoint;
    int64_t ppeHigh =
        std::clamp(clamps.ppeHigh, -kUnbounded, kUnbounded) + desc.outZeroPoint;
    // min(max(r, pl), ph) is ph whatever r when pl > ph.
    ppeLow = std::min(ppeLow, ppeHigh);
    b.storeLow = std::max(ppeLow, clamps.outLow);
    b.storeHigh = std::min(ppeHigh, clamps.outHigh);
    if (b.storeLow > b.storeHigh) {
      b.storeLow = b.storeHigh =
          ppeHigh < clamps.outLow ? clamps.outLow : clamps.outHigh;
    }
    b.storeBias.assign(b.kp, 0);
    b.storeMult.assign(b.kp, 0);
    b.storeShift.assign(b.kp, 0);
    b.storeRound.assign(b.kp, 0);
    for (int64_t k = 0; k < b.outChans; ++k) {
      uint32_t mult = desc.ppeMult, shift = desc.ppeShift;
      if (!weights.empty()) {
        b.storeBias[k] = weights[box.z0 + k].intBias;
        mult = weights[box.z0 + k].mult;
        shift = weights[box.z0 + k].shift;
      }
      b.vectorStore = b.vectorStore && mult < (1u << 24) && shift <= 63;
      b.storeMult[k] = mult;
      b.storeShift[k] = shift;
      b.storeRound[k] =
          shift == 0 ? 0 : int64_t(1) << (std::min(shift, 63u) - 1);
    }
  }
  forEachNceRowChunk(
      desc, input.channels, b.outChans, box, pool,
      [&](int64_t y0, int64_t y1) {
        Int8Scratch scratch;
        if (conv) {
          computeConvRows(b, y0, y1, scratch);
        } else {
          computeRows(b, y0, y1, scratch);
        }
      },
      kNceInt8MacsPerChunk);
  return true;
}

} // namespace mlir::vpuc::emu
