//===- CpuFeatures.h - CPU features chosen at run time ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The x86 vector extensions the host's vectorised loops (core/numeric's bulk
// conversions, the emulator's NCE kernels and numerics check) choose at run
// time, each detected once. All are false on other CPUs and compilers.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_NUMERIC_CPUFEATURES_H_
#define VPUC_CORE_NUMERIC_CPUFEATURES_H_

namespace mlir::vpuc::numeric {

/// True when the CPU has AVX2.
bool cpuHasAvx2();
/// True when the CPU has F16C (and the AVX registers it uses).
bool cpuHasF16c();
/// True when the CPU has FMA.
bool cpuHasFma();
/// AVX-512 F, VL, BW and DQ with VNNI (the 8-bit dot products of
/// vpdpbusd, on 256- and 512-bit vectors).
bool cpuHasAvx512Vnni();

} // namespace mlir::vpuc::numeric

#endif // VPUC_CORE_NUMERIC_CPUFEATURES_H_
