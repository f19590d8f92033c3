//===- BroadcastDmas.h - broadcast DMAs of constants ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createBroadcastDmasPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_BROADCAST_DMAS_BROADCASTDMAS_H_
#define VPUC_PASSES_VPUIP_BROADCAST_DMAS_BROADCASTDMAS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_BROADCASTDMASPASS
#include "passes/vpuip/broadcast_dmas/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_BROADCAST_DMAS_BROADCASTDMAS_H_
