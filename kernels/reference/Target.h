//===- Target.h - Code generation attributes of the kernels -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernels are plain loops compiled for the baseline ISA. On x86-64 with
// GCC, the hot loop nests are additionally cloned for x86-64-v3 (AVX2 + FMA)
// with `target_clones`: the dynamic loader picks the clone the CPU supports, so
// one binary runs everywhere and uses 256-bit vectors where it can. Internal to
// //kernels/reference.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_TARGET_H_
#define VPUC_KERNELS_REFERENCE_TARGET_H_

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&         \
    __GNUC__ >= 12 && defined(__linux__)
/// Compiles the function for the baseline ISA and for x86-64-v3, dispatched at
/// load time.
#define VPUC_KERNEL_CLONES                                                     \
  __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define VPUC_KERNEL_CLONES
#endif

#if defined(__GNUC__) && !defined(__clang__)
/// For a cloned loop nest whose float results must not depend on the clone:
/// no fused multiply-adds (GCC contracts `a * b + c` in C++ by default), and
/// loops vectorised by the dynamic cost model (-O2's declines most).
#define VPUC_KERNEL_SEPARATE_ROUNDING                                          \
  __attribute__((optimize("fp-contract=off", "vect-cost-model=dynamic")))
#else
#define VPUC_KERNEL_SEPARATE_ROUNDING
#endif
/// Forces inlining of a helper into the (cloned) loop nest that calls it, so
/// that it is compiled for the clone's ISA.
#define VPUC_KERNEL_INLINE inline __attribute__((always_inline))

#endif // VPUC_KERNELS_REFERENCE_TARGET_H_
