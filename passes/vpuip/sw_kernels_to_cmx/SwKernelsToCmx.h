//===- SwKernelsToCmx.h - Software kernels on CMX ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createSwKernelsToCmxPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SW_KERNELS_TO_CMX_SWKERNELSTOCMX_H_
#define VPUC_PASSES_VPUIP_SW_KERNELS_TO_CMX_SWKERNELSTOCMX_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_SWKERNELSTOCMXPASS
#include "passes/vpuip/sw_kernels_to_cmx/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_SW_KERNELS_TO_CMX_SWKERNELSTOCMX_H_
