//===- Gemm.cpp - Single-precision matrix product ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Blocking: the k dimension is cut into slices of kKC, n into blocks of kNC and
// m into blocks of kMC. A slice of B (kKC x kNC, the part reused by every row
// block) is packed into panels of kNR columns, k-major, so the micro-kernel
// reads it contiguously; a block of A (kMC x kKC) into panels of kMR rows,
// k-major. The micro-kernel keeps a kMR x kNR tile of C in local arrays
// (registers) and performs rank-1 updates with a contiguous innermost loop over
// kNR. Panels are zero-padded to full tiles, so the micro-kernel has constant
// trip counts; only the write-back to C handles partial tiles. The loops over
// the packed panels are compiled once for the baseline ISA and once for
// x86-64-v3 (AVX2 + FMA), picked at load time (Target.h). The column panels
// of a block are split over the thread's ParallelRunner (Parallel.h).
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Gemm.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/reference/Parallel.h"
#include "kernels/reference/Target.h"

namespace mlir::vpuc::kernels {

namespace {

/// Rows of the register tile.
constexpr int64_t kMR = 8;
/// Columns of the register tile: one 256-bit vector (two 128-bit ones).
constexpr int64_t kNR = kGemmPanelWidth;
/// Depth of a packed slice (a kNR panel of B is kKC * kNR * 4 bytes = 8 KiB:
/// L1).
constexpr int64_t kKC = 256;
/// Rows of a packed A block (kMC * kKC * 4 bytes = 128 KiB: L2).
constexpr int64_t kMC = 128;
/// Columns of a packed B slice (kKC * kNC * 4 bytes = 2 MiB).
constexpr int64_t kNC = 2048;

/// Element (r, c) of a logical matrix.
inline float at(const ConstMatrix &m, int64_t r, int64_t c) {
  return m.transposed ? m.data[c * m.ld + r] : m.data[r * m.ld + c];
}

/// Packs B[p0 : p0 + kc, j0 : j0 + nc] into ceil(nc / kNR) panels of kc x kNR
/// (zero padded).
void packB(const ConstMatrix &b, int64_t p0, int64_t kc, int64_t j0, int64_t nc,
           float *packed) {
  for (int64_t jp = 0; jp < nc; jp += kNR) {
    const int64_t cols = std::min(kNR, nc - jp);
    float *panel = packed + jp * kc;
    if (!b.transposed) {
      for (int64_t p = 0; p < kc; ++p) {
        const float *src = b.data + (p0 + p) * b.ld + j0 + jp;
        float *dst = panel + p * kNR;
        std::memcpy(dst, src, cols * sizeof(float));
        std::fill(dst + cols, dst + kNR, 0.0f);
      }
    } else {
      for (int64_t p = 0; p < kc; ++p) {
        float *dst = panel + p * kNR;
        for (int64_t j = 0; j < cols; ++j) {
          dst[j] = b.data[(j0 + jp + j) * b.ld + p0 + p];
        }
        std::fill(dst + cols, dst + kNR, 0.0f);
      }
    }
  }
}

/// Packs A[i0 : i0 + mc, p0 : p0 + kc] into ceil(mc / kMR) panels of kc x kMR
/// (zero padded).
void packA(const ConstMatrix &a, int64_t i0, int64_t mc, int64_t p0, int64_t kc,
           float *packed) {
  for (int64_t ip = 0; ip < mc; ip += kMR) {
    const int64_t rows = std::min(kMR, mc - ip);
    float *panel = packed + ip * kc;
    for (int64_t p = 0; p < kc; ++p) {
      float *dst = panel + p * kMR;
      for (int64_t i = 0; i < rows; ++i) {
        dst[i] = at(a, i0 + ip + i, p0 + p);
      }
      for (int64_t i = rows; i < kMR; ++i) {
        dst[i] = 0.0f;
      }
    }
  }
}

/// C tile (rows x cols of it) = or += the product of an A panel and a B panel
/// of depth kc.
VPUC_KERNEL_INLINE void microKernel(int64_t kc, const float *__restrict a,
                                    const float *__restrict b,
                                    float *__restrict c, int64_t ldc,
                                    int64_t rows, int64_t cols, bool add) {
  float acc[kMR][kNR] = {};
  for (int64_t p = 0; p < kc; ++p) {
    const float *bp = b + p * kNR;
    const float *ap = a + p * kMR;
#pragma GCC unroll 8
    for (int64_t i = 0; i < kMR; ++i) {
      const float av = ap[i];
#pragma GCC unroll 16
      for (int64_t j = 0; j < kNR; ++j) {
        acc[i][j] += av * bp[j];
      }
    }
  }
  if (rows == kMR && cols == kNR) {
    for (int64_t i = 0; i < kMR; ++i) {
      float *crow = c + i * ldc;
      if (add) {
        for (int64_t j = 0; j < kNR; ++j) {
          crow[j] += acc[i][j];
        }
      } else {
        for (int64_t j = 0; j < kNR; ++j) {
          crow[j] = acc[i][j];
        }
      }
    }
    return;
  }
  for (int64_t i = 0; i < rows; ++i) {
    float *crow = c + i * ldc;
    for (int64_t j = 0; j < cols; ++j) {
      crow[j] = add ? crow[j] + acc[i][j] : acc[i][j];
    }
  }
}

/// Runs the micro-kernel over all tiles of a packed block; consecutive B panels
/// are `panelStride` floats apart.
VPUC_KERNEL_CLONES void macroKernel(int64_t mc, int64_t nc, int64_t kc,
                                    const float *packedA, const float *packedB,
                                    int64_t panelStride, float *c, int64_t ldc,
                                    bool add) {
  for (int64_t jr = 0; jr < nc; jr += kNR) {
    const int64_t cols = std::min(kNR, nc - jr);
    const float *panel = packedB + jr / kNR * panelStride;
    for (int64_t ir = 0; ir < mc; ir += kMR) {
      const int64_t rows = std::min(kMR, mc - ir);
      microKernel(kc, packedA + ir * kc, panel, c + ir * ldc + jr, ldc, rows,
                  cols, add);
    }
  }
}

/// macroKernel with the B panels split over the current thread's runner
/// (Parallel.h): each chunk of panels writes its own columns of C with the
/// same micro-kernel calls, so the result does not depend on the split.
void parallelMacroKernel(int64_t mc, int64_t nc, int64_t kc,
                         const float *packedA, const float *packedB,
                         int64_t panelStride, float *c, int64_t ldc, bool add) {
  const int64_t panels = (nc + kNR - 1) / kNR;
  // About 256K multiply-adds per chunk.
  const int64_t grain = std::max<int64_t>(
      1, (int64_t(1) << 18) / std::max<int64_t>(1, mc * kc * kNR));
  parallelFor(panels, grain, [&](int64_t begin, int64_t end) {
    const int64_t j0 = begin * kNR;
    const int64_t j1 = std::min(nc, end * kNR);
    macroKernel(mc, j1 - j0, kc, packedA, packedB + begin * panelStride,
                panelStride, c + j0, ldc, add);
  });
}

/// Fills or leaves C for an empty product; returns true if there is nothing to
/// multiply.
bool handleEmpty(int64_t m, int64_t n, int64_t k, float *c, int64_t ldc,
                 bool accumulate) {
  if (m <= 0 || n <= 0) {
    return true;
  }
  if (k <= 0) {
    if (!accumulate) {
      for (int64_t i = 0; i < m; ++i) {
        std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
      }
    }
    return true;
  }
  return false;
}

/// The dot product of two contiguous vectors, in kLanes independent partial
/// sums (a fixed summation order the compiler can vectorise without
/// reassociating).
VPUC_KERNEL_INLINE float dot(const float *__restrict x,
                             const float *__restrict y, int64_t count) {
  constexpr int64_t kLanes = 8;
  float lanes[kLanes] = {};
  int64_t p = 0;
  for (; p + kLanes <= count; p += kLanes) {
#pragma GCC unroll 8
    for (int64_t l = 0; l < kLanes; ++l) {
      lanes[l] += x[p + l] * y[p + l];
    }
  }
  for (int64_t l = 0; p < count; ++p, ++l) {
    lanes[l] += x[p] * y[p];
  }
  float sum = 0.0f;
  for (int64_t l = 0; l < kLanes; ++l) {
    sum += lanes[l];
  }
  return sum;
}

/// c[0, n) = or += a[0, k) * B for a contiguous row `a` (the m == 1 case, where
/// register tiles would be mostly padding). B is read in its storage order:
/// rows scaled and added for a plain B, dot products with its rows for a
/// transposed one.
VPUC_KERNEL_CLONES void gemv(int64_t n, int64_t k, const float *a,
                             ConstMatrix b, float *c, bool accumulate) {
  if (b.transposed) {
    for (int64_t j = 0; j < n; ++j) {
      const float value = dot(a, b.data + j * b.ld, k);
      c[j] = accumulate ? c[j] + value : value;
    }
    return;
  }
  if (!accumulate) {
    std::fill(c, c + n, 0.0f);
  }
  for (int64_t p = 0; p < k; ++p) {
    const float av = a[p];
    const float *__restrict brow = b.data + p * b.ld;
    float *__restrict crow = c;
    for (int64_t j = 0; j < n; ++j) {
      crow[j] += av * brow[j];
    }
  }
}

} // namespace

void gemm(int64_t m, int64_t n, int64_t k, ConstMatrix a, ConstMatrix b,
          float *c, int64_t ldc, bool accumulate) {
  if (handleEmpty(m, n, k, c, ldc, accumulate)) {
    return;
  }
  if (m == 1) {
    std::vector<float> row;
    const float *aRow = a.data;
    if (a.transposed && a.ld != 1) {
      row.resize(k);
      for (int64_t p = 0; p < k; ++p) {
        row[p] = a.data[p * a.ld];
      }
      aRow = row.data();
    }
    gemv(n, k, aRow, b, c, accumulate);
    return;
  }
  const int64_t ncMax = std::min(kNC, (n + kNR - 1) / kNR * kNR);
  const int64_t kcMax = std::min(kKC, k);
  const int64_t mcMax = (std::min(kMC, m) + kMR - 1) / kMR * kMR;
  std::vector<float> packedB(ncMax * kcMax);
  std::vector<float> packedA(mcMax * kcMax);
  for (int64_t j0 = 0; j0 < n; j0 += kNC) {
    const int64_t nc = std::min(kNC, n - j0);
    for (int64_t p0 = 0; p0 < k; p0 += kKC) {
      const int64_t kc = std::min(kKC, k - p0);
      const bool add = accumulate || p0 > 0;
      packB(b, p0, kc, j0, nc, packedB.data());
      for (int64_t i0 = 0; i0 < m; i0 += kMC) {
        const int64_t mc = std::min(kMC, m - i0);
        packA(a, i0, mc, p0, kc, packedA.data());
        parallelMacroKernel(mc, nc, kc, packedA.data(), packedB.data(),
                            kc * kNR, c + i0 * ldc + j0, ldc, add);
      }
    }
  }
}

void gemmPackedB(int64_t m, int64_t n, int64_t k, ConstMatrix a,
                 const float *packedB, float *c, int64_t ldc, bool accumulate) {
  if (handleEmpty(m, n, k, c, ldc, accumulate)) {
    return;
  }
  // The slice [p0, p0 + kc) of a panel starts p0 * kNR floats into it; panels
  // are k * kNR floats apart.
  const int64_t kcMax = std::min(kKC, k);
  const int64_t mcMax = (std::min(kMC, m) + kMR - 1) / kMR * kMR;
  std::vector<float> packedA(mcMax * kcMax);
  for (int64_t j0 = 0; j0 < n; j0 += kNC) {
    const int64_t nc = std::min(kNC, n - j0);
    for (int64_t p0 = 0; p0 < k; p0 += kKC) {
      const int64_t kc = std::min(kKC, k - p0);
      const bool add = accumulate || p0 > 0;
      const float *slice = packedB + j0 * k + p0 * kNR;
      for (int64_t i0 = 0; i0 < m; i0 += kMC) {
        const int64_t mc = std::min(kMC, m - i0);
        packA(a, i0, mc, p0, kc, packedA.data());
        parallelMacroKernel(mc, nc, kc, packedA.data(), slice, k * kNR,
                            c + i0 * ldc + j0, ldc, add);
      }
    }
  }
}

} // namespace mlir::vpuc::kernels
