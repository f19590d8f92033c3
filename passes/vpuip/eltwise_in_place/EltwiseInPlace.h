//===- EltwiseInPlace.h - Eltwise tasks in place ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createEltwiseInPlacePass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ELTWISE_IN_PLACE_ELTWISEINPLACE_H_
#define VPUC_PASSES_VPUIP_ELTWISE_IN_PLACE_ELTWISEINPLACE_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_ELTWISEINPLACEPASS
#include "passes/vpuip/eltwise_in_place/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_ELTWISE_IN_PLACE_ELTWISEINPLACE_H_
