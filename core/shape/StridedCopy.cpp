//===- StridedCopy.cpp - Copies between strided memory layouts --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements `stridedCopy`: dimension collapsing, then an iterative walk over
// the outer dimensions with a memcpy or an element-size specialised loop for
// the innermost one, or tiles of a transpose of the two innermost ones.
//
//===----------------------------------------------------------------------===//

#include "core/shape/StridedCopy.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "llvm/ADT/SmallVector.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace mlir::vpuc::shape {

namespace {
/// One dimension of a copy, strides in bytes.
struct CopyDim {
  int64_t size;
  int64_t srcStride;
  int64_t dstStride;
};

/// Copies one row of `count` elements.
using RowCopyFn = void (*)(char *dst, const char *src, int64_t count,
                           int64_t dstStride, int64_t srcStride,
                           size_t elemBytes);
} // namespace

/// Copies a row of `count` elements of `N` bytes (a compile-time size lets
/// the memcpy become one load and one store).
template <size_t N>
static void copyRowFixed(char *dst, const char *src, int64_t count,
                         int64_t dstStride, int64_t srcStride, size_t) {
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(dst + i * dstStride, src + i * srcStride, N);
  }
}

/// Copies a row of `count` elements of any size.
static void copyRowGeneric(char *dst, const char *src, int64_t count,
                           int64_t dstStride, int64_t srcStride,
                           size_t elemBytes) {
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(dst + i * dstStride, src + i * srcStride, elemBytes);
  }
}

/// Copies a row that is contiguous on both sides.
static void copyRowContiguous(char *dst, const char *src, int64_t count,
                              int64_t, int64_t, size_t elemBytes) {
  std::memcpy(dst, src, static_cast<size_t>(count) * elemBytes);
}

/// Fills a contiguous row of bytes with one source byte.
static void fillRowBytes(char *dst, const char *src, int64_t count, int64_t,
                         int64_t, size_t) {
  std::memset(dst, *src, static_cast<size_t>(count));
}

/// The row copy for the innermost dimension `inner`.
static RowCopyFn selectRowCopy(const CopyDim &inner, int64_t elemBytes) {
  if (inner.srcStride == elemBytes && inner.dstStride == elemBytes) {
    return copyRowContiguous;
  }
  if (elemBytes == 1 && inner.srcStride == 0 && inner.dstStride == 1) {
    return fillRowBytes;
  }
  switch (elemBytes) {
  case 1:
    return copyRowFixed<1>;
  case 2:
    return copyRowFixed<2>;
  case 4:
    return copyRowFixed<4>;
  case 8:
    return copyRowFixed<8>;
  default:
    return copyRowGeneric;
  }
}

/// Copies a tile of `count` x `outer.size` elements of `N` bytes, where
/// element (i, o) is read at `src + o * N + i * srcStride` and written at
/// `dst + o * outer.dstStride + i * N`: a transpose, whose reads run along
/// the source in blocks of kTileBlock elements while the block's writes stay
/// in the cache, rather than gathering one strided element after the other.
#ifdef __SSE2__
/// Transposes 8 x 8 elements of 2 bytes in registers: row i (8 elements at
/// `src + i * srcStride`) becomes column i (element i of the rows at
/// `dst + o * dstStride`).
static void transposeTile8x8x2(char *dst, int64_t dstStride, const char *src,
                               int64_t srcStride) {
  __m128i r[8];
  for (int i = 0; i < 8; ++i) {
    r[i] =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i * srcStride));
  }
  // Pairs of rows interleaved, then pairs of pairs, then halves: column o
  // of the eight rows.
  __m128i a[8], b[8];
  for (int i = 0; i < 4; ++i) {
    a[2 * i] = _mm_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
    a[2 * i + 1] = _mm_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
  }
  for (int h = 0; h < 2; ++h) {
    b[4 * h] = _mm_unpacklo_epi32(a[4 * h], a[4 * h + 2]);
    b[4 * h + 1] = _mm_unpackhi_epi32(a[4 * h], a[4 * h + 2]);
    b[4 * h + 2] = _mm_unpacklo_epi32(a[4 * h + 1], a[4 * h + 3]);
    b[4 * h + 3] = _mm_unpackhi_epi32(a[4 * h + 1], a[4 * h + 3]);
  }
  for (int o = 0; o < 4; ++o) {
    _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + 2 * o * dstStride),
                     _mm_unpacklo_epi64(b[o], b[o + 4]));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + (2 * o + 1) * dstStride),
                     _mm_unpackhi_epi64(b[o], b[o + 4]));
  }
}
#endif

/// Copies a tile of `count` x `outer.size` elements of `N` bytes, where
/// element (i, o) is read at `src + o * N + i * srcStride` and written at
/// `dst + o * outer.dstStride + i * N`: a transpose, whose reads run along
/// the source in blocks of kTileBlock elements while the block's writes stay
/// in the cache, rather than gathering one strided element after the other.
/// 2-byte elements (FP16) go 8 x 8 at a time in SSE2 registers.
template <size_t N>
static void copyTransposedFixed(char *dst, const char *src, int64_t count,
                                int64_t srcStride, const CopyDim &outer) {
  constexpr int64_t kTileBlock = 64;
  for (int64_t o0 = 0; o0 < outer.size; o0 += kTileBlock) {
    int64_t block = std::min(kTileBlock, outer.size - o0);
    int64_t i = 0;
#ifdef __SSE2__
    if constexpr (N == 2) {
      int64_t tiled = block / 8 * 8;
      for (; tiled > 0 && i + 8 <= count; i += 8) {
        const char *from = src + o0 * 2 + i * srcStride;
        char *to = dst + o0 * outer.dstStride + i * 2;
        for (int64_t o = 0; o < tiled; o += 8) {
          transposeTile8x8x2(to + o * outer.dstStride, outer.dstStride,
                             from + o * 2, srcStride);
        }
        for (int64_t r = 0; r < 8; ++r) {
          for (int64_t o = tiled; o < block; ++o) {
            std::memcpy(to + o * outer.dstStride + r * 2,
                        from + o * 2 + r * srcStride, 2);
          }
        }
      }
    }
#endif
    for (; i < count; ++i) {
      const char *from = src + o0 * static_cast<int64_t>(N) + i * srcStride;
      char *to = dst + o0 * outer.dstStride + i * static_cast<int64_t>(N);
      for (int64_t o = 0; o < block; ++o) {
        std::memcpy(to + o * outer.dstStride,
                    from + o * static_cast<int64_t>(N), N);
      }
    }
  }
}

/// Copies a transposed tile (copyTransposedFixed).
using TileCopyFn = void (*)(char *dst, const char *src, int64_t count,
                            int64_t srcStride, const CopyDim &outer);

/// The transposed tile copy for `elemBytes`, or null for other sizes.
static TileCopyFn selectTileCopy(int64_t elemBytes) {
  switch (elemBytes) {
  case 1:
    return copyTransposedFixed<1>;
  case 2:
    return copyTransposedFixed<2>;
  case 4:
    return copyTransposedFixed<4>;
  case 8:
    return copyTransposedFixed<8>;
  default:
    return nullptr;
  }
}

/// Calls `fn(srcOffset, dstOffset)` for every index of `dims` (an odometer,
/// the last dimension fastest), offsets in bytes.
template <typename Fn>
static void forEachOuterIndex(llvm::ArrayRef<CopyDim> dims, Fn fn) {
  llvm::SmallVector<int64_t, 8> index(dims.size(), 0);
  int64_t srcOffset = 0;
  int64_t dstOffset = 0;
  while (true) {
    fn(srcOffset, dstOffset);
    int64_t d = static_cast<int64_t>(dims.size()) - 1;
    for (; d >= 0; --d) {
      ++index[d];
      srcOffset += dims[d].srcStride;
      dstOffset += dims[d].dstStride;
      if (index[d] < dims[d].size) {
        break;
      }
      srcOffset -= dims[d].srcStride * dims[d].size;
      dstOffset -= dims[d].dstStride * dims[d].size;
      index[d] = 0;
    }
    if (d < 0) {
      return;
    }
  }
}

/// Converts a stride or size in bits to bytes.
static int64_t toByteCount(int64_t bits) {
  assert(bits % 8 == 0 && "stridedCopy: strides must be whole bytes");
  return bits / 8;
}

void stridedCopy(const char *src, const MemStrides &srcStrides, char *dst,
                 const MemStrides &dstStrides, const MemShape &shape,
                 Bit elemSize) {
  assert(srcStrides.rank() == shape.rank() &&
         dstStrides.rank() == shape.rank() &&
         "stridedCopy: the strides' ranks differ from the shape's rank");
  assert(elemSize.count() > 0 && "stridedCopy: empty elements");
  int64_t elemBytes = toByteCount(elemSize.count());

  // Drop size-1 dimensions and merge each dimension into the next inner one
  // when both layouts are contiguous across them.
  llvm::SmallVector<CopyDim, 8> dims;
  for (int64_t i = 0, e = shape.rank(); i < e; ++i) {
    int64_t size = shape[MemDim(i)];
    assert(size >= 0 && "stridedCopy: the shape must be static");
    if (size == 0) {
      return;
    }
    if (size == 1) {
      continue;
    }
    CopyDim dim{size, toByteCount(srcStrides[MemDim(i)]),
                toByteCount(dstStrides[MemDim(i)])};
    if (!dims.empty() && dims.back().srcStride == dim.srcStride * size &&
        dims.back().dstStride == dim.dstStride * size) {
      dim.size *= dims.back().size;
      dims.pop_back();
    }
    dims.push_back(dim);
  }
  if (dims.empty()) {
    std::memcpy(dst, src, static_cast<size_t>(elemBytes));
    return;
  }

  CopyDim inner = dims.pop_back_val();
  // A transpose of the two innermost dimensions (the destination contiguous
  // along the innermost, the source along the next one, as in NCHW <-> NHWC):
  // in tiles, one per index of the other dimensions.
  if (TileCopyFn copyTile = selectTileCopy(elemBytes);
      copyTile && !dims.empty() && inner.dstStride == elemBytes &&
      inner.srcStride != elemBytes && dims.back().srcStride == elemBytes) {
    CopyDim outer = dims.pop_back_val();
    forEachOuterIndex(dims, [&](int64_t srcOffset, int64_t dstOffset) {
      copyTile(dst + dstOffset, src + srcOffset, inner.size, inner.srcStride,
               outer);
    });
    return;
  }
  RowCopyFn copyRow = selectRowCopy(inner, elemBytes);
  auto elemByteCount = static_cast<size_t>(elemBytes);
  // One row per index of the outer dimensions.
  forEachOuterIndex(dims, [&](int64_t srcOffset, int64_t dstOffset) {
    copyRow(dst + dstOffset, src + srcOffset, inner.size, inner.dstStride,
            inner.srcStride, elemByteCount);
  });
}

} // namespace mlir::vpuc::shape
