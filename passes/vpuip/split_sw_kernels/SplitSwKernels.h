//===- SplitSwKernels.h - Element-wise kernels in pieces --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createSplitSwKernelsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITSWKERNELS_H_
#define VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITSWKERNELS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_SPLITSWKERNELSPASS
#include "passes/vpuip/split_sw_kernels/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITSWKERNELS_H_
