//===- AssignPhysicalBarriers.h - Physical barriers -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createAssignPhysicalBarriersPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPURT_ASSIGN_PHYSICAL_BARRIERS_ASSIGNPHYSICALBARRIERS_H_
#define VPUC_PASSES_VPURT_ASSIGN_PHYSICAL_BARRIERS_ASSIGNPHYSICALBARRIERS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPURT {

#define GEN_PASS_DECL_ASSIGNPHYSICALBARRIERSPASS
#include "passes/vpurt/assign_physical_barriers/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPURT

#endif // VPUC_PASSES_VPURT_ASSIGN_PHYSICAL_BARRIERS_ASSIGNPHYSICALBARRIERS_H_
