//===- ShareConstantLoads.h - one CMX copy per constant -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createShareConstantLoadsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SHARE_CONSTANT_LOADS_SHARECONSTANTLOADS_H_
#define VPUC_PASSES_VPUIP_SHARE_CONSTANT_LOADS_SHARECONSTANTLOADS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_SHARECONSTANTLOADSPASS
#include "passes/vpuip/share_constant_loads/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_SHARE_CONSTANT_LOADS_SHARECONSTANTLOADS_H_
