//===- HostMemory.cpp - Keeping the memory a process frees ----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// glibc's `mallopt` settings behind retainFreedMemory, and the heap it
// reserves with transparent huge pages.
//
//===----------------------------------------------------------------------===//

#include "core/support/HostMemory.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace mlir::vpuc::support {

namespace {

#if defined(__GLIBC__) && defined(__linux__) && defined(MADV_HUGEPAGE)
/// Grows the heap by `blocks` blocks of `blockBytes` (each below the mmap
/// threshold, so from the heap), asks for transparent huge pages on the
/// whole 2 MB pages inside them and frees them again: with trimming off
/// they stay the heap's, the free memory later allocations are carved from.
/// madvise only marks the range; nothing is faulted in here.
void reserveHugePageHeap(int blocks, size_t blockBytes) {
  constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
  void *held[8] = {};
  int count = blocks < 8 ? blocks : 8;
  uintptr_t low = UINTPTR_MAX, high = 0;
  for (int i = 0; i < count; ++i) {
    held[i] = std::malloc(blockBytes);
    if (!held[i]) {
      break;
    }
    uintptr_t begin = reinterpret_cast<uintptr_t>(held[i]);
    low = begin < low ? begin : low;
    high = begin + blockBytes > high ? begin + blockBytes : high;
  }
  // The blocks come one after the other from the top of the heap; a gap
  // (another allocation in between) is marked too, which is harmless.
  uintptr_t begin = (low + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = high & ~(kHugePage - 1);
  if (low < high && begin < end) {
    madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
  }
  for (int i = count - 1; i >= 0; --i) {
    std::free(held[i]);
  }
}
#endif

} // namespace

bool retainFreedMemory() {
#if defined(__GLIBC__)
  // glibc takes no mmap threshold above 32 MB on 64-bit targets (half the
  // size of a thread arena's heap); a fixed threshold also stops the dynamic
  // one. The trim threshold bounds the free top of the heap kept.
  constexpr int kMmapThreshold = 32 << 20;
  constexpr int kTrimThreshold = 1 << 30;
  if (mallopt(M_MMAP_THRESHOLD, kMmapThreshold) != 1 ||
      mallopt(M_TRIM_THRESHOLD, kTrimThreshold) != 1) {
    return false;
  }
  // One arena: the threads' blocks come from the main heap too, so they
  // reuse the memory the others freed and the huge pages below (a thread's
  // arena would fault in pages of its own).
  mallopt(M_ARENA_MAX, 1);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // 4 x 30 MB of heap backed by transparent huge pages where the system
  // gives them to regions that ask (`madvise` mode): a first touch of fresh
  // heap then faults in 2 MB at a time instead of 4 KB, which on a virtual
  // machine costs about as much as one small page fault.
  reserveHugePageHeap(4, size_t(30) << 20);
#endif
  return true;
#else
  return false;
#endif
}

} // namespace mlir::vpuc::support
