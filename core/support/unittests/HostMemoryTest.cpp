//===- HostMemoryTest.cpp - Tests of retainFreedMemory --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/support/HostMemory.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

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
  // Still the heap's, free for the next allocation (it may have come from
  // the free room retainFreedMemory reserves, so the heap need not grow).
  struct mallinfo2 after = mallinfo2();
  EXPECT_GE(after.fordblks, before.fordblks);
  EXPECT_GE(after.fordblks, kBytes);
  EXPECT_GE(after.arena, before.arena);
}

/// The VmFlags of the mapping of /proc/self/smaps that holds `address`, or
/// "" if there is none.
std::string getVmFlags(const void *address) {
  uintptr_t at = reinterpret_cast<uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= at && at < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line.substr(8) + " ";
    }
  }
  return "";
}

/// Whether the system gives transparent huge pages to regions that ask.
bool hugePagesOnRequest() {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text;
  std::getline(mode, text);
  return !text.empty() && text.find("[never]") == std::string::npos;
}

TEST(HostMemoryTest, threadsAllocateFromTheHugePageHeap) {
  if (!hugePagesOnRequest()) {
    GTEST_SKIP() << "no transparent huge pages";
  }
  ASSERT_TRUE(retainFreedMemory());
  // Allocated on a thread started afterwards: one arena, so from the main
  // heap, and inside its reserve of huge pages (the `hg` flag of madvise).
  constexpr size_t kBytes = 8 << 20;
  std::string flags;
  std::thread thread([&] {
    void *volatile block = std::malloc(kBytes);
    ASSERT_NE(block, nullptr);
    flags = getVmFlags(static_cast<char *>(block) + kBytes / 2);
    std::free(block);
  });
  thread.join();
  EXPECT_NE(flags.find(" hg "), std::string::npos) << flags;
}
#endif

} // namespace
} // namespace mlir::vpuc::support
