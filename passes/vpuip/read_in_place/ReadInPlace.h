//===- ReadInPlace.h - CMX copies read where they are -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createReadInPlacePass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_READ_IN_PLACE_READINPLACE_H_
#define VPUC_PASSES_VPUIP_READ_IN_PLACE_READINPLACE_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_READINPLACEPASS
#include "passes/vpuip/read_in_place/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_READ_IN_PLACE_READINPLACE_H_
