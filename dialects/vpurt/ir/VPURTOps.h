//===- VPURTOps.h - Ops of the VPURT dialect --------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the VPURT ops (generated from VPURTOps.td) and the side-effect
// resource of barriers.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPURT_IR_VPURTOPS_H_
#define VPUC_DIALECTS_VPURT_IR_VPURTOPS_H_

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPInterfaces.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::vpuc::VPURT {

/// The side-effect resource of barrier declarations (see VPURTBase.td).
struct BarrierResource : public SideEffects::Resource::Base<BarrierResource> {
  StringRef getName() final { return "VPURT::Barrier"; }
};

} // namespace mlir::vpuc::VPURT

#define GET_OP_CLASSES
#include "dialects/vpurt/ir/VPURTOps.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_VPURT_IR_VPURTOPS_H_
