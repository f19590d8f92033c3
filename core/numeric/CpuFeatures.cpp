//===- CpuFeatures.cpp - CPU features chosen at run time --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/numeric/CpuFeatures.h"

namespace mlir::vpuc::numeric {

#if defined(__x86_64__) && defined(__GNUC__)
bool cpuHasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

bool cpuHasF16c() {
  static const bool has =
      __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c");
  return has;
}

bool cpuHasFma() {
  static const bool has = __builtin_cpu_supports("fma");
  return has;
}

bool cpuHasAvx512Vnni() {
  static const bool has = __builtin_cpu_supports("avx512f") &&
                          __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512dq") &&
                          __builtin_cpu_supports("avx512vnni");
  return has;
}
#else
bool cpuHasAvx2() { return false; }
bool cpuHasF16c() { return false; }
bool cpuHasFma() { return false; }
bool cpuHasAvx512Vnni() { return false; }
#endif

} // namespace mlir::vpuc::numeric
