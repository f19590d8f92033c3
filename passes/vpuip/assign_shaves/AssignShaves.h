//===- AssignShaves.h - Spread software kernels over SHAVEs -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createAssignShavesPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ASSIGN_SHAVES_ASSIGNSHAVES_H_
#define VPUC_PASSES_VPUIP_ASSIGN_SHAVES_ASSIGNSHAVES_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_ASSIGNSHAVESPASS
#include "passes/vpuip/assign_shaves/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_ASSIGN_SHAVES_ASSIGNSHAVES_H_
