//===- HostMemory.h - Keeping the memory a process frees --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// How a tool's process keeps the memory it frees. By default glibc maps every
// block above its mmap threshold (128 KB, raised as such blocks are freed)
// afresh and returns it at `free`, and trims the heap's top: a kernel that
// allocates a few megabytes of scratch on each call pays the page faults of
// zero-filling them on every call. A short-lived tool that allocates and
// frees the same large buffers again and again (`vpuc run`) can keep them.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SUPPORT_HOSTMEMORY_H_
#define VPUC_CORE_SUPPORT_HOSTMEMORY_H_

namespace mlir::vpuc::support {

/// Makes the C library's allocator keep the memory the process frees for its
/// later allocations: blocks of up to 32 MB come from the heap instead of
/// mappings of their own, and the heap is never trimmed, so a buffer freed and
/// allocated again reuses pages already faulted in. The memory goes back to
/// the system at exit only. All threads allocate from the one heap, whose
/// first 120 MB are marked for transparent huge pages (on Linux, where the
/// system gives them to regions that ask): a first touch of fresh heap then
/// faults in 2 MB at once, not 4 KB (a page fault of the latter costs about
/// 10 us on a virtual machine). Returns false (and changes nothing) where the
/// C library offers no such control.
bool retainFreedMemory();

} // namespace mlir::vpuc::support

#endif // VPUC_CORE_SUPPORT_HOSTMEMORY_H_
