//===- AssignDmaPorts.h - Spread DMA tasks over the ports -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createAssignDmaPortsPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ASSIGN_DMA_PORTS_ASSIGNDMAPORTS_H_
#define VPUC_PASSES_VPUIP_ASSIGN_DMA_PORTS_ASSIGNDMAPORTS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_ASSIGNDMAPORTSPASS
#include "passes/vpuip/assign_dma_ports/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_ASSIGN_DMA_PORTS_ASSIGNDMAPORTS_H_
