//===- SanitizerDefaults.cpp - ASan defaults of the fuzz binaries ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// LLVM's BumpPtrAllocator (llvm/Support/Allocator.h) poisons its slabs and
// unpoisons each allocation when the code including it is built with ASan.
// Only vpuc's code is: the same inline allocator in Debian's uninstrumented
// libMLIR.so hands out memory without unpoisoning it, so a slab poisoned by
// our copy and allocated from by libMLIR's reads as use-after-poison. Manual
// poisoning is therefore off (allow_user_poisoning=0): ASan still checks heap,
// stack and globals. ASAN_OPTIONS given at run time add to these defaults.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
