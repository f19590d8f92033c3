//===- SanitizerDefaults.cpp - ASan defaults of every vpuc binary ---------===//
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
// Every vpuc_cc_binary, vpuc_cc_test and fuzz target links this file, so a
// tool run by a build action (`vpuc compile` making a blob of //examples)
// has the default as well as a test; without ASan nothing calls it.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
