//===- HostMemory.cpp - Keeping the memory a process frees ----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// glibc's `mallopt` settings behind retainFreedMemory.
//
//===----------------------------------------------------------------------===//

#include "core/support/HostMemory.h"

#include <cstddef>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace mlir::vpuc::support {

bool retainFreedMemory() {
#if defined(__GLIBC__)
  // glibc takes no mmap threshold above 32 MB on 64-bit targets (half the
  // size of a thread arena's heap); a fixed threshold also stops the dynamic
  // one. The trim threshold bounds the free top of the heap kept.
  constexpr int kMmapThreshold = 32 << 20;
  constexpr int kTrimThreshold = 1 << 30;
  return mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 1 &&
         mallopt(M_TRIM_THRESHOLD, kTrimThreshold) == 1;
#else
  return false;
#endif
}

} // namespace mlir::vpuc::support
