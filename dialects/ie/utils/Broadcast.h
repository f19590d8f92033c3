//===- Broadcast.h - NumPy broadcasting of shapes and kernel loops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// NumPy / ONNX multidirectional broadcasting: the result shape of several
// operand shapes, and a BroadcastPlan (per-operand element strides over a
// collapsed output shape, 0 on broadcast dims) with loop templates that apply
// an inlined functor over contiguous rows. The innermost loop is specialised on
// whether each operand is contiguous or a broadcast scalar, so the compiler can
// vectorise it; there is no per-element index arithmetic or indirect call.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_UTILS_BROADCAST_H_
#define VPUC_DIALECTS_IE_UTILS_BROADCAST_H_

#include <cstdint>
#include <optional>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

/// Returns the NumPy broadcast of `shapes` (aligned on the right; a dim of 1
/// stretches), or std::nullopt if two static dims differ and neither is 1.
/// Negative dims are dynamic: a dynamic dim broadcast with a static dim d > 1
/// gives d, otherwise the result dim is dynamic (the first negative value met,
/// e.g. ShapedType::kDynamic).
std::optional<llvm::SmallVector<int64_t, 6>>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

/// True if `from` broadcasts to exactly `to` (unidirectional broadcasting).
bool isBroadcastableTo(llvm::ArrayRef<int64_t> from,
                       llvm::ArrayRef<int64_t> to);

/// How to walk N operands broadcast to one output. Dims of extent 1 are dropped
/// and adjacent dims that every operand walks the same way are merged, so a
/// plain same-shape eltwise op has rank 1 and a per-channel scale has rank
/// <= 3.
struct BroadcastPlan {
  /// The collapsed output dims (never empty: a scalar output has shape [1]).
  llvm::SmallVector<int64_t, 6> shape;
  /// strides[k][d]: the element stride of operand k along collapsed dim d (0 if
  /// broadcast).
  llvm::SmallVector<llvm::SmallVector<int64_t, 6>, 3> strides;
  /// The number of output elements.
  int64_t numElements = 1;

  /// Builds the plan for operands of `inputShapes` broadcast to `outShape`.
  /// Every input shape must broadcast to outShape (check with broadcastShapes
  /// first).
  static BroadcastPlan get(llvm::ArrayRef<llvm::ArrayRef<int64_t>> inputShapes,
                           llvm::ArrayRef<int64_t> outShape);
};

namespace detail {
/// Advances the odometer `index` over the outer dims of `plan` (all dims but
/// the last) and the per-operand offsets with it.
template <size_t N>
inline void advanceOuter(const BroadcastPlan &plan,
                         llvm::SmallVectorImpl<int64_t> &index,
                         int64_t (&offsets)[N]) {
  for (int64_t d = static_cast<int64_t>(plan.shape.size()) - 2; d >= 0; --d) {
    ++index[d];
    for (size_t k = 0; k < N; ++k) {
      offsets[k] += plan.strides[k][d];
    }
    if (index[d] < plan.shape[d]) {
      return;
    }
    for (size_t k = 0; k < N; ++k) {
      offsets[k] -= plan.strides[k][d] * plan.shape[d];
    }
    index[d] = 0;
  }
}
} // namespace detail

/// out[i] = fn(a[.], b[.]) over the broadcast of a and b described by `plan`.
template <typename Fn>
void broadcastBinary(const BroadcastPlan &plan, const float *a, const float *b,
                     float *out, Fn fn) {
  if (plan.numElements == 0) {
    return;
  }
  const int64_t inner = plan.shape.back();
  const int64_t sa = plan.strides[0].back();
  const int64_t sb = plan.strides[1].back();
  const int64_t outer = plan.numElements / inner;
  llvm::SmallVector<int64_t, 6> index(plan.shape.size(), 0);
  int64_t offsets[2] = {0, 0};
  for (int64_t o = 0; o < outer; ++o) {
    const float *pa = a + offsets[0];
    const float *pb = b + offsets[1];
    float *po = out + o * inner;
    if (sa == 1 && sb == 1) {
      for (int64_t i = 0; i < inner; ++i) {
        po[i] = fn(pa[i], pb[i]);
      }
    } else if (sa == 1) {
      const float vb = *pb;
      for (int64_t i = 0; i < inner; ++i) {
        po[i] = fn(pa[i], vb);
      }
    } else if (sb == 1) {
      const float va = *pa;
      for (int64_t i = 0; i < inner; ++i) {
        po[i] = fn(va, pb[i]);
      }
    } else {
      const float v = fn(*pa, *pb);
      for (int64_t i = 0; i < inner; ++i) {
        po[i] = v;
      }
    }
    detail::advanceOuter(plan, index, offsets);
  }
}

/// out[i] = fn(a[.], b[.], c[.]) over the broadcast of three operands.
template <typename Fn>
void broadcastTernary(const BroadcastPlan &plan, const float *a, const float *b,
                      const float *c, float *out, Fn fn) {
  if (plan.numElements == 0) {
    return;
  }
  const int64_t inner = plan.shape.back();
  const int64_t sa = plan.strides[0].back();
  const int64_t sb = plan.strides[1].back();
  const int64_t sc = plan.strides[2].back();
  const int64_t outer = plan.numElements / inner;
  llvm::SmallVector<int64_t, 6> index(plan.shape.size(), 0);
  int64_t offsets[3] = {0, 0, 0};
  for (int64_t o = 0; o < outer; ++o) {
    const float *pa = a + offsets[0];
    const float *pb = b + offsets[1];
    const float *pc = c + offsets[2];
    float *po = out + o * inner;
    if (sa == 1 && sb == 1 && sc == 1) {
      for (int64_t i = 0; i < inner; ++i) {
        po[i] = fn(pa[i], pb[i], pc[i]);
      }
    } else {
      for (int64_t i = 0; i < inner; ++i) {
        po[i] = fn(pa[i * sa], pb[i * sb], pc[i * sc]);
      }
    }
    detail::advanceOuter(plan, index, offsets);
  }
}

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_UTILS_BROADCAST_H_
