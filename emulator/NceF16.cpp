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
//    contiguous (one vector load per input channel and 8 output channels);
//  - the input rows a group of output rows reads are converted to FP32 once
//    (F16C where the CPU has it);
//  - a CONV tile of up to kLanes output pixels x 16 output channels keeps
//    its sums in registers and runs over the taps (ky, kx) and the input
//    channels in the scalar order. A product of two FP16 values is exact in
//    FP32, so a fused multiply-add rounds exactly as the scalar `acc += x *
//    w` does. The taps are cut into segments whose weights stay in L1 over
//    all the pixels; a sum continues from segment to segment in memory, in
//    the same order;
//  - positions in the padding are skipped, not added as zero products
//    (0 * inf is NaN), except when every weight is finite: a product with +0
//    is then ±0, which changes no sum (sums start at +0 and so never become
//    -0), and the padding is read as zeros so that every pixel runs in full
//    tiles. Otherwise the pixels whose window crosses the padding run one at
//    a time over their valid taps;
//  - scale, bias, the average's division and the PPE stay separate FP32
//    operations (never fused), then one rounding to FP16 (F16C).
//
// The AVX2 + FMA code is chosen at run time when the CPU has AVX2, FMA and
// F16C; the portable loops are the same algorithm in plain C++. Output rows
// are independent, so a thread pool splits a box into groups of rows; every
// element is computed by the same operations whatever the split.
//
//===----------------------------------------------------------------------===//

#include "emulator/NceF16.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
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

/// Output pixels of a CONV tile.
constexpr int64_t kLanes = 4;

/// `count` rounded up to whole vectors of 8 floats.
int64_t roundUpToVector(int64_t count) { return (count + 7) / 8 * 8; }

/// The kernel set an ISA provides (see the file comment).
struct NceKernels {
  /// acc[l * kp + k] (l < lanes, k0 <= k < k0 + 8 * vectors) += (one
  /// rounding per term) the products in[t][l * laneStride + ic] *
  /// w[t][ic * kp + k] in the order of the taps and then of the input
  /// channels ic < inC. kp and k0 are multiples
  /// of 8, vectors is 1 or 2, lanes 1 to kLanes.
  void (*convTile)(int64_t lanes, const float *const *in, const float *const *w,
                   int64_t taps, int64_t inC, int64_t laneStride, int64_t kp,
                   int64_t k0, int64_t vectors, float *acc);
  /// acc[k] (k < kp) = the sum over the taps of in[t][k] * w[t][k].
  void (*depthwise)(const float *const *in, const float *const *w, int64_t taps,
                    int64_t kp, float *acc);
  /// acc[k] = the sum (`max` false) or the std::max fold (`max` true) of
  /// in[t][k] over the taps; 0 without taps.
  void (*pool)(const float *const *in, int64_t taps, int64_t kp, bool max,
               float *acc);
  /// to[i * kp + j] = rows[j * block + i] (j < group, i < block): `group`
  /// output channels' weights transposed; returns whether all are finite.
  bool (*transposeWeights)(const float *rows, int64_t group, int64_t block,
                           float *to, int64_t kp);
  /// applyNceFloatPpe of each of values[0, count), in place.
  void (*ppe)(const NceInvariantDesc &desc, float *values, int64_t count);
};

//===----------------------------------------------------------------------===//
// Portable kernels
//===----------------------------------------------------------------------===//

void convTilePortable(int64_t lanes, const float *const *in,
                      const float *const *w, int64_t taps, int64_t inC,
                      int64_t laneStride, int64_t kp, int64_t k0,
                      int64_t vectors, float *acc) {
  int64_t k1 = k0 + 8 * vectors;
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t ic = 0; ic < inC; ++ic) {
      const float *wk = w[t] + ic * kp;
      for (int64_t l = 0; l < lanes; ++l) {
        float x = in[t][l * laneStride + ic];
        float *a = acc + l * kp;
        for (int64_t k = k0; k < k1; ++k) {
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

bool transposeWeightsPortable(const float *rows, int64_t group, int64_t block,
                              float *to, int64_t kp) {
  bool finite = true;
  for (int64_t i = 0; i < block; ++i) {
    float *dst = to + i * kp;
    for (int64_t j = 0; j < group; ++j) {
      float value = rows[j * block + i];
      dst[j] = value;
      finite &= std::isfinite(value);
    }
  }
  return finite;
}

void ppePortable(const NceInvariantDesc &desc, float *values, int64_t count) {
  applyNceFloatPpe(desc, llvm::MutableArrayRef<float>(values, count));
}

constexpr NceKernels kPortableKernels = {convTilePortable, depthwisePortable,
                                         poolPortable, transposeWeightsPortable,
                                         ppePortable};

//===----------------------------------------------------------------------===//
// AVX2 + FMA kernels
//===----------------------------------------------------------------------===//

#ifdef VPUC_NCE_AVX2

/// One CONV tile of `Lanes` pixels x `Vectors` vectors of output channels
/// from k0.
template <int64_t Lanes, int64_t Vectors>
__attribute__((target("avx2,fma"), always_inline)) inline void
convBlockAvx2(const float *const *in, const float *const *w, int64_t taps,
              int64_t inC, int64_t laneStride, int64_t kp, int64_t k0,
              float *acc) {
  __m256 a[Lanes][Vectors];
  for (int64_t l = 0; l < Lanes; ++l) {
    for (int64_t v = 0; v < Vectors; ++v) {
      a[l][v] = _mm256_loadu_ps(acc + l * kp + k0 + 8 * v);
    }
  }
  for (int64_t t = 0; t < taps; ++t) {
    const float *x = in[t];
    const float *wk = w[t] + k0;
    for (int64_t ic = 0; ic < inC; ++ic, wk += kp) {
      __m256 wv[Vectors];
      for (int64_t v = 0; v < Vectors; ++v) {
        wv[v] = _mm256_loadu_ps(wk + 8 * v);
      }
      for (int64_t l = 0; l < Lanes; ++l) {
        __m256 xv = _mm256_broadcast_ss(x + l * laneStride + ic);
        for (int64_t v = 0; v < Vectors; ++v) {
          // x * w is exact in FP32: the fused operation rounds once, as
          // the scalar `acc += x * w` does.
          a[l][v] = _mm256_fmadd_ps(xv, wv[v], a[l][v]);
        }
      }
    }
  }
  for (int64_t l = 0; l < Lanes; ++l) {
    for (int64_t v = 0; v < Vectors; ++v) {
      _mm256_storeu_ps(acc + l * kp + k0 + 8 * v, a[l][v]);
    }
  }
}

template <int64_t Lanes, int64_t Vectors>
__attribute__((target("avx2,fma"))) void
convTileAvx2(const float *const *in, const float *const *w, int64_t taps,
             int64_t inC, int64_t laneStride, int64_t kp, int64_t k0,
             float *acc) {
  convBlockAvx2<Lanes, Vectors>(in, w, taps, inC, laneStride, kp, k0, acc);
}

void convTileAvx2(int64_t lanes, const float *const *in, const float *const *w,
                  int64_t taps, int64_t inC, int64_t laneStride, int64_t kp,
                  int64_t k0, int64_t vectors, float *acc) {
  using Tile = void (*)(const float *const *, const float *const *, int64_t,
                        int64_t, int64_t, int64_t, int64_t, float *);
  static constexpr Tile tiles[kLanes][2] = {
      {convTileAvx2<1, 1>, convTileAvx2<1, 2>},
      {convTileAvx2<2, 1>, convTileAvx2<2, 2>},
      {convTileAvx2<3, 1>, convTileAvx2<3, 2>},
      {convTileAvx2<4, 1>, convTileAvx2<4, 2>}};
  tiles[lanes - 1][vectors - 1](in, w, taps, inC, laneStride, kp, k0, acc);
}

__attribute__((target("avx2,fma"))) void depthwiseAvx2(const float *const *in,
                                                       const float *const *w,
                                                       int64_t taps, int64_t kp,
                                                       float *acc) {
  for (int64_t k = 0; k < kp; k += 8) {
    __m256 a = _mm256_setzero_ps();
    for (int64_t t = 0; t < taps; ++t) {
      a = _mm256_fmadd_ps(_mm256_loadu_ps(in[t] + k), _mm256_loadu_ps(w[t] + k),
                          a);
    }
    _mm256_storeu_ps(acc + k, a);
  }
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

/// transposeWeightsPortable in 8x8 tiles (eight rows loaded, transposed in
/// registers, stored as eight columns), the finiteness of |value| < inf
/// tested on whole tiles; the edges element by element.
__attribute__((target("avx2"))) bool
transposeWeightsAvx2(const float *rows, int64_t group, int64_t block, float *to,
                     int64_t kp) {
  const __m256 absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256 infinity = _mm256_set1_ps(INFINITY);
  __m256 bad = _mm256_setzero_ps();
  int64_t group8 = group - group % 8, block8 = block - block % 8;
  for (int64_t j0 = 0; j0 < group8; j0 += 8) {
    for (int64_t i0 = 0; i0 < block8; i0 += 8) {
      __m256 r[8];
      for (int k = 0; k < 8; ++k) {
        r[k] = _mm256_loadu_ps(rows + (j0 + k) * block + i0);
        bad = _mm256_or_ps(bad, _mm256_cmp_ps(_mm256_and_ps(r[k], absMask),
                                              infinity, _CMP_NLT_UQ));
      }
      // Pairs, then quadruples within each 128-bit half, then the halves.
      __m256 t[8], q[8];
      for (int k = 0; k < 8; k += 2) {
        t[k] = _mm256_unpacklo_ps(r[k], r[k + 1]);
        t[k + 1] = _mm256_unpackhi_ps(r[k], r[k + 1]);
      }
      for (int k = 0; k < 8; k += 4) {
        q[k] = _mm256_shuffle_ps(t[k], t[k + 2], _MM_SHUFFLE(1, 0, 1, 0));
        q[k + 1] = _mm256_shuffle_ps(t[k], t[k + 2], _MM_SHUFFLE(3, 2, 3, 2));
        q[k + 2] =
            _mm256_shuffle_ps(t[k + 1], t[k + 3], _MM_SHUFFLE(1, 0, 1, 0));
        q[k + 3] =
            _mm256_shuffle_ps(t[k + 1], t[k + 3], _MM_SHUFFLE(3, 2, 3, 2));
      }
      for (int c = 0; c < 4; ++c) {
        _mm256_storeu_ps(to + (i0 + c) * kp + j0,
                         _mm256_permute2f128_ps(q[c], q[c + 4], 0x20));
        _mm256_storeu_ps(to + (i0 + c + 4) * kp + j0,
                         _mm256_permute2f128_ps(q[c], q[c + 4], 0x31));
      }
    }
  }
  bool finite = _mm256_movemask_ps(bad) == 0;
  // The columns past the tiles, then the rows past them.
  for (int64_t j0 = 0; j0 < group8; j0 += 8) {
    for (int64_t i = block8; i < block; ++i) {
      for (int64_t j = j0; j < j0 + 8; ++j) {
        float value = rows[j * block + i];
        to[i * kp + j] = value;
        finite &= std::isfinite(value);
      }
    }
  }
  if (group8 < group) {
    finite &= transposeWeightsPortable(rows + group8 * block, group - group8,
                                       block, to + group8, kp);
  }
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

constexpr NceKernels kAvx2Kernels = {convTileAvx2, depthwiseAvx2, poolAvx2,
                                     transposeWeightsAvx2, ppeAvx2};

#endif // VPUC_NCE_AVX2

/// True when the CPU runs the AVX2 kernels.
bool hasAvx2Kernels() {
#ifdef VPUC_NCE_AVX2
  return numeric::cpuHasAvx2() && numeric::cpuHasFma() && numeric::cpuHasF16c();
#else
  return false;
#endif
}

/// The ISA in use (setNceKernelIsa), initially the best the CPU has.
NceKernelIsa &selectedIsa() {
  static NceKernelIsa isa =
      hasAvx2Kernels() ? NceKernelIsa::Avx2 : NceKernelIsa::Portable;
  return isa;
}

const NceKernels &getKernels() {
#ifdef VPUC_NCE_AVX2
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
  /// CONV: w[((ky * KX + kx) * IC + ic) * kp + k]; DWCONV: w[tap * kp + k].
  /// (In the calling thread's weights scratch, see computeNceF16Box.)
  llvm::MutableArrayRef<float> w;
  /// Weighted tasks: the scale and bias of output channel box.z0 + k.
  std::vector<float> scale, bias;
  /// No weight is infinite or NaN: a product with an input of +0 is then
  /// ±0, which leaves every sum as it is (sums start at +0 and so are never
  /// -0), so padding may be read as zeros instead of skipped.
  bool finiteWeights = false;
  /// Where the row chunks add their underflow counts (under the mutex), if
  /// anywhere.
  numeric::F16Underflow *underflow = nullptr;
  std::mutex underflowMutex;
};

/// Converts `count` FP16 elements `stride` bytes apart at `src` to `dst`.
void loadF16(const uint8_t *src, int64_t stride, int64_t count, float *dst,
             std::vector<uint16_t> &bits) {
  bits.resize(count);
  if (stride == 2) {
    std::memcpy(bits.data(), src, count * 2);
  } else {
    for (int64_t i = 0; i < count; ++i) {
      std::memcpy(&bits[i], src + i * stride, 2);
    }
  }
  numeric::f16BitsToFloat(bits, llvm::MutableArrayRef<float>(dst, count));
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
  std::vector<float> rows;
  /// The accumulators of the output rows: pixel (y - y0, x - x0), channel k
  /// at ((y - y0) * outCols + x - x0) * kp + k.
  std::vector<float> acc;
  std::vector<float> result;
  std::vector<uint16_t> bits;
  std::vector<const float *> tapIn, tapW;
  std::vector<float> other;
  /// The underflow counts of the rows (F16Box::underflow).
  numeric::F16Underflow underflow;
};

/// Eltwise: acc = input op input2 for the output rows [y0, y1].
void computeEltwiseRows(const F16Box &b, int64_t y0, int64_t y1,
                        RowScratch &s) {
  const NceActivation &input = b.input;
  const NceActivation &in2 = *b.input2;
  schema::NceTaskType type = b.desc.type;
  int64_t nk = b.outChans, kp = b.kp, outCols = b.box.x1 - b.box.x0 + 1;
  s.other.resize(nk);
  for (int64_t y = y0; y <= y1; ++y) {
    // The window is the element (1x1, strides 1, no padding).
    for (int64_t x = b.box.x0; x <= b.box.x1; ++x) {
      float *a = s.acc.data() + ((y - y0) * outCols + x - b.box.x0) * kp;
      loadF16(input.data + y * input.strideH + x * input.strideW +
                  b.box.z0 * input.strideC,
              input.strideC, nk, a, s.bits);
      loadF16(in2.data + y * in2.strideH + x * in2.strideW +
                  b.box.z0 * in2.strideC,
              in2.strideC, nk, s.other.data(), s.bits);
      const float *o = s.other.data();
      if (type == schema::NceTaskType::ELTWISE_ADD) {
        for (int64_t k = 0; k < nk; ++k) {
          a[k] = a[k] + o[k];
        }
      } else if (type == schema::NceTaskType::ELTWISE_SUB) {
        for (int64_t k = 0; k < nk; ++k) {
          a[k] = a[k] - o[k];
        }
      } else {
        for (int64_t k = 0; k < nk; ++k) {
          a[k] = a[k] * o[k];
        }
      }
    }
  }
}

/// CONV with finite weights: the accumulators of the output rows [y0, y1]
/// over the input with its padding as zeros, so that every pixel has every
/// tap and runs in full tiles.
void computeZeroPaddedConvRows(const F16Box &b, int64_t y0, int64_t y1,
                               RowScratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &input = b.input;
  int64_t kernelH = desc.kernelH, kernelW = desc.kernelW;
  int64_t kp = b.kp, outCols = b.box.x1 - b.box.x0 + 1;
  // Padded input rows top..top + rowCount - 1, columns left..left + cols - 1
  // (positions outside the input zero).
  int64_t top = y0 * desc.strideH - desc.padTop;
  int64_t rowCount = (y1 - y0) * desc.strideH + kernelH;
  int64_t left = b.box.x0 * desc.strideW - desc.padLeft;
  int64_t cols = (outCols - 1) * desc.strideW + kernelW;
  int64_t colStride = b.colStride;
  s.rows.assign(rowCount * cols * colStride, 0.0f);
  int64_t validX0 = std::max<int64_t>(left, 0);
  int64_t validX1 = std::min<int64_t>(left + cols - 1, input.width - 1);
  for (int64_t r = 0; r < rowCount; ++r) {
    int64_t iy = top + r;
    if (iy < 0 || iy >= input.height) {
      continue;
    }
    for (int64_t ix = validX0; ix <= validX1; ++ix) {
      loadF16(input.data + iy * input.strideH + ix * input.strideW,
              input.strideC, input.channels,
              s.rows.data() + (r * cols + ix - left) * colStride, s.bits);
    }
  }
  int64_t taps = kernelH * kernelW;
  for (int64_t t = 0; t < taps; ++t) {
    s.tapW[t] = b.w.data() + t * input.channels * kp;
  }
  int64_t segment = getTapSegment(input.channels);
  for (int64_t k0 = 0; k0 < kp; k0 += 16) {
    int64_t vectors = std::min<int64_t>(2, (kp - k0) / 8);
    for (int64_t t0 = 0; t0 < taps; t0 += segment) {
      int64_t count = std::min(segment, taps - t0);
      for (int64_t y = y0; y <= y1; ++y) {
        for (int64_t x = 0; x < outCols; x += kLanes) {
          int64_t lanes = std::min(kLanes, outCols - x);
          for (int64_t t = t0; t < t0 + count; ++t) {
            int64_t ky = t / kernelW, kx = t % kernelW;
            s.tapIn[t] =
                s.rows.data() + (((y - y0) * desc.strideH + ky) * cols +
                                 x * desc.strideW + kx) *
                                    colStride;
          }
          b.kernels.convTile(lanes, s.tapIn.data() + t0, s.tapW.data() + t0,
                             count, input.channels, desc.strideW * colStride,
                             kp, k0, vectors,
                             s.acc.data() + ((y - y0) * outCols + x) * kp);
        }
      }
    }
  }
}

/// Windowed tasks: the accumulators of the output rows [y0, y1].
void computeWindowRows(const F16Box &b, int64_t y0, int64_t y1, RowScratch &s) {
  if (b.desc.type == schema::NceTaskType::CONV && b.finiteWeights) {
    computeZeroPaddedConvRows(b, y0, y1, s);
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
  s.rows.assign(rowCount * b.cols * b.colStride, 0.0f);
  for (int64_t iy = firstRow; iy <= lastRow; ++iy) {
    for (int64_t col = 0; col < b.cols; ++col) {
      loadF16(input.data + iy * input.strideH +
                  (b.inBox.x0 + col) * input.strideW +
                  b.inBox.z0 * input.strideC,
              input.strideC, b.chans,
              s.rows.data() + ((iy - firstRow) * b.cols + col) * b.colStride,
              s.bits);
    }
  }
  // Collects the taps t0 <= ky * KX + kx < t1 of output (y, x) inside the
  // input into s.tapIn and s.tapW, in the order ky, kx; returns their
  // number.
  auto collectTaps = [&](int64_t y, int64_t x, int64_t t0 = 0,
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
            s.rows.data() +
            ((iy - firstRow) * b.cols + (ix - b.inBox.x0)) * b.colStride;
        if (!b.w.empty()) {
          s.tapW[taps] = b.w.data() +
                         (ky * kernelW + kx) * (conv ? input.channels : 1) * kp;
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
  for (int64_t k0 = 0; k0 < kp; k0 += 16) {
    int64_t vectors = std::min<int64_t>(2, (kp - k0) / 8);
    for (int64_t t0 = 0; t0 < kernelH * kernelW; t0 += segment) {
      for (int64_t y = y0; y <= y1; ++y) {
        for (int64_t x = b.box.x0; x <= b.box.x1;) {
          bool block = x + kLanes - 1 <= b.box.x1 && interior(x) &&
                       interior(x + kLanes - 1);
          int64_t lanes = block ? kLanes : 1;
          int64_t taps = collectTaps(y, x, t0, t0 + segment);
          b.kernels.convTile(lanes, s.tapIn.data(), s.tapW.data(), taps,
                             input.channels, desc.strideW * b.colStride, kp, k0,
                             vectors, accAt(y, x));
          x += lanes;
        }
      }
    }
  }
}

/// Computes output rows [y0, y1] of the box.
void computeRows(const F16Box &b, int64_t y0, int64_t y1, RowScratch &s) {
  const NceInvariantDesc &desc = b.desc;
  const NceActivation &output = b.output;
  schema::NceTaskType type = desc.type;
  int64_t kp = b.kp, nk = b.outChans;
  int64_t outCols = b.box.x1 - b.box.x0 + 1;
  s.acc.assign((y1 - y0 + 1) * outCols * kp, 0.0f);
  s.tapIn.resize(desc.kernelH * desc.kernelW);
  s.tapW.resize(desc.kernelH * desc.kernelW);
  if (isNceEltwise(type)) {
    computeEltwiseRows(b, y0, y1, s);
  } else {
    computeWindowRows(b, y0, y1, s);
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
    const float *rowAcc = s.acc.data() + (y - y0) * outCols * kp;
    for (int64_t i = 0; i < outCols; ++i) {
      const float *a = rowAcc + i * kp;
      float *to = r + i * nk;
      if (weighted) {
        for (int64_t k = 0; k < nk; ++k) {
          float scaled = a[k] * b.scale[k];
          to[k] = scaled + b.bias[k];
        }
      } else if (type == schema::NceTaskType::AVEPOOL) {
        for (int64_t k = 0; k < nk; ++k) {
          to[k] = a[k] / window;
        }
      } else {
        std::memcpy(to, a, nk * sizeof(float));
      }
    }
    b.kernels.ppe(desc, r, count);
    numeric::floatToF16Bits(
        llvm::ArrayRef<float>(r, count),
        llvm::MutableArrayRef<uint16_t>(s.bits.data(), count));
    if (b.underflow) {
      numeric::countF16Underflow(llvm::ArrayRef<float>(r, count), s.bits,
                                 s.underflow);
    }
    for (int64_t i = 0; i < outCols; ++i) {
      const uint16_t *bits = s.bits.data() + i * nk;
      uint8_t *outPixel = output.data + y * output.strideH +
                          (b.box.x0 + i) * output.strideW +
                          b.box.z0 * output.strideC;
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
  if (isa == NceKernelIsa::Avx2 && !hasAvx2Kernels()) {
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
  if (!weights.empty()) {
    bool conv = desc.type == schema::NceTaskType::CONV;
    int64_t block =
        desc.kernelH * desc.kernelW * (conv ? input.channels : int64_t(1));
    // The converted weights of a box are megabytes for large layers (and
    // all of the work for one-pixel ones): kept in a buffer of the thread
    // that grows to the largest and is reused, instead of fresh pages from
    // the system for every box.
    thread_local std::vector<float> weightScratch;
    if (weightScratch.size() < static_cast<size_t>(block * b.kp)) {
      weightScratch.resize(block * b.kp);
    }
    b.w = llvm::MutableArrayRef<float>(weightScratch.data(), block * b.kp);
    std::fill(b.w.begin(), b.w.end(), 0.0f);
    // Converted kChannelGroup output channels at a time, so that the
    // transposed writes fill whole cache lines of b.w.
    constexpr int64_t kChannelGroup = 16;
    std::vector<float> rows(kChannelGroup * block);
    std::vector<uint16_t> bits;
    b.finiteWeights = true;
    for (int64_t k0 = 0; k0 < b.outChans; k0 += kChannelGroup) {
      int64_t group = std::min(kChannelGroup, b.outChans - k0);
      for (int64_t j = 0; j < group; ++j) {
        loadF16(weights[box.z0 + k0 + j].weights, 2, block,
                rows.data() + j * block, bits);
      }
      b.finiteWeights &= b.kernels.transposeWeights(rows.data(), group, block,
                                                    b.w.data() + k0, b.kp);
    }
  }
  forEachNceRowChunk(desc, input.channels, b.outChans, box, pool,
                     [&](int64_t y0, int64_t y1) {
                       RowScratch scratch;
                       computeRows(b, y0, y1, scratch);
                       if (b.underflow) {
                         std::lock_guard<std::mutex> lock(b.underflowMutex);
                         b.underflow->merge(scratch.underflow);
                       }
                     });
}

} // namespace mlir::vpuc::emu
