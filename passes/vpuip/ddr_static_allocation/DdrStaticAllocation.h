//===- DdrStaticAllocation.h - DDR scratch allocation -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createDdrStaticAllocationPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_DDR_STATIC_ALLOCATION_DDRSTATICALLOCATION_H_
#define VPUC_PASSES_VPUIP_DDR_STATIC_ALLOCATION_DDRSTATICALLOCATION_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_DDRSTATICALLOCATIONPASS
#include "passes/vpuip/ddr_static_allocation/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_DDR_STATIC_ALLOCATION_DDRSTATICALLOCATION_H_
