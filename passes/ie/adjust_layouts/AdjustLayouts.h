//===- AdjustLayouts.h - vpuc-ie-adjust-layouts pass ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createAdjustLayoutsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_ADJUST_LAYOUTS_ADJUSTLAYOUTS_H_
#define VPUC_PASSES_IE_ADJUST_LAYOUTS_ADJUSTLAYOUTS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_ADJUSTLAYOUTSPASS
#include "passes/ie/adjust_layouts/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_ADJUST_LAYOUTS_ADJUSTLAYOUTS_H_
