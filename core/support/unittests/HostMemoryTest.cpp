//===- HostMemoryTest.cpp - Tests of retainFreedMemory --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/support/HostMemory.h"

#include <cstdlib>
#include <cstring>

#include "gtest/gtest.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace mlir::vpuc::support {
namespace {

#if defined(__GLIBC__)
TEST(HostMemoryTest, freedBlocksStayInTheHeap) {
  // 16 MB: above the default mmap threshold, which only blocks freed earlier
  // could have raised this far (none in this test process).
  constexpr size_t kBytes = 16 << 20;
  ASSERT_TRUE(retainFreedMemory());
  struct mallinfo2 before = mallinfo2();
  // Volatile: the compiler may not drop the allocation.
  void *volatile block = std::malloc(kBytes);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kBytes);
  // Not a mapping of its own.
  EXPECT_EQ(mallinfo2().hblkhd, before.hblkhd);
  std::free(block);
  // Still the heap's, free for the next allocation.
  struct mallinfo2 after = mallinfo2();
  EXPECT_GE(after.fordblks, before.fordblks + kBytes);
  EXPECT_GE(after.arena, before.arena + kBytes);
}
#endif

} // namespace
} // namespace mlir::vpuc::support
