//===- Float4.h - Rows of floats four lanes at a time -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A vector of four floats (SSE on x86-64) and the loops that apply an
// operation written once for `float` and `Float4` (a generic lambda) over a
// row, four lanes at a time and then the tail one by one. Each lane gets the
// IEEE operations of the scalar code, so the bits of its result are the
// scalar result's.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_FLOAT4_H_
#define VPUC_KERNELS_SHAVE_FLOAT4_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace mlir::vpuc::emu {

typedef float Float4 __attribute__((vector_size(16)));

/// `s` in every lane of V (float or Float4).
template <typename V> V splat(float s) {
  if constexpr (std::is_same_v<V, float>) {
    return s;
  } else {
    return V{s, s, s, s};
  }
}

/// values[i] = fn(values[i]) for i < count.
template <typename Fn> void mapFloat4(float *values, int64_t count, Fn fn) {
  int64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    Float4 v;
    std::memcpy(&v, values + i, sizeof v);
    v = fn(v);
    std::memcpy(values + i, &v, sizeof v);
  }
  for (; i < count; ++i) {
    values[i] = fn(values[i]);
  }
}

/// x[i] = fn(x[i], y[i]) for i < count, or fn(x[i], y[0]) when `yBroadcast`.
template <typename Fn>
void mapFloat4(float *x, const float *y, bool yBroadcast, int64_t count,
               Fn fn) {
  if (yBroadcast) {
    const float b = y[0];
    return mapFloat4(x, count,
                     [&](auto a) { return fn(a, splat<decltype(a)>(b)); });
  }
  int64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    Float4 a, b;
    std::memcpy(&a, x + i, sizeof a);
    std::memcpy(&b, y + i, sizeof b);
    a = fn(a, b);
    std::memcpy(x + i, &a, sizeof a);
  }
  for (; i < count; ++i) {
    x[i] = fn(x[i], y[i]);
  }
}

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_FLOAT4_H_
