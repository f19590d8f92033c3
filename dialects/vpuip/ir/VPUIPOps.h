//===- VPUIPOps.h - Ops of the VPUIP dialect --------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the VPUIP ops (generated from VPUIPOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPOPS_H_
#define VPUC_DIALECTS_VPUIP_IR_VPUIPOPS_H_

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPInterfaces.h"
#include "dialects/vpuip/ir/VPUIPTraits.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::vpuc::VPUIP {
class SwKernelRunOp;
class DPUTaskOp;
} // namespace mlir::vpuc::VPUIP

#define GET_OP_CLASSES
#include "dialects/vpuip/ir/VPUIPOps.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPOPS_H_
