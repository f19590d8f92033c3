//===- SplitDmas.h - Long DMAs in parts -------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createSplitDmasPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITDMAS_H_
#define VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITDMAS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_SPLITDMASPASS
#include "passes/vpuip/split_dmas/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITDMAS_H_
