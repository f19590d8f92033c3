//===- WriteInPlace.h - Task results written where they go -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createWriteInPlacePass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_WRITE_IN_PLACE_WRITEINPLACE_H_
#define VPUC_PASSES_VPUIP_WRITE_IN_PLACE_WRITEINPLACE_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_WRITEINPLACEPASS
#include "passes/vpuip/write_in_place/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_WRITE_IN_PLACE_WRITEINPLACE_H_
