//===- Gemm.h - Single-precision matrix product -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// C = op(A) * op(B) (+ C) over row-major float buffers with leading dimensions,
// where op() is the identity or the transposition. The implementation packs
// blocks of A and B into contiguous panels and runs a fixed-size register-tile
// micro-kernel over them (cache blocking in the GotoBLAS style), written as
// plain loops the compiler vectorises. Plain C++: no MLIR, shared by the IE
// reference interpreter and the emulator's kernels.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_GEMM_H_
#define VPUC_KERNELS_REFERENCE_GEMM_H_

#include <cstdint>

namespace mlir::vpuc::kernels {

/// A read-only row-major matrix view: element (r, c) is data[r * ld + c], or
/// data[c * ld + r] when `transposed` (the buffer then holds the transpose of
/// the logical matrix).
struct ConstMatrix {
  const float *data = nullptr;
  /// The distance in elements between consecutive rows of the buffer.
  int64_t ld = 0;
  bool transposed = false;
};

/// Computes C[m, n] = A[m, k] * B[k, n], or C += A * B when `accumulate` is
/// set. C is the row-major buffer `c` with leading dimension `ldc`; it must not
/// alias A or B. With k == 0 the product is zero.
void gemm(int64_t m, int64_t n, int64_t k, ConstMatrix a, ConstMatrix b,
          float *c, int64_t ldc, bool accumulate = false);

/// The number of columns of a panel of a packed B operand.
constexpr int64_t kGemmPanelWidth = 8;

/// The packed layout of a B[k, n] operand, which a producer can write directly
/// (e.g. an im2col) to save gemm a packing pass: ceil(n / kGemmPanelWidth)
/// panels, each k rows of kGemmPanelWidth consecutive columns, row-major; the
/// columns past n are zero.
struct PackedLayout {
  int64_t k = 0;
  int64_t n = 0;

  /// The number of floats of the packed buffer.
  int64_t size() const {
    return (n + kGemmPanelWidth - 1) / kGemmPanelWidth * kGemmPanelWidth * k;
  }
  /// The offset of element (p, j).
  int64_t offset(int64_t p, int64_t j) const {
    return (j / kGemmPanelWidth) * k * kGemmPanelWidth + p * kGemmPanelWidth +
           j % kGemmPanelWidth;
  }
};

/// As gemm, with B[k, n] given in PackedLayout{k, n}.
void gemmPackedB(int64_t m, int64_t n, int64_t k, ConstMatrix a,
                 const float *packedB, float *c, int64_t ldc,
                 bool accumulate = false);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_GEMM_H_
