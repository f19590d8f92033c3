//===- ConvertPaddingsToFloorMode.h - Ceil pools to floor -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertPaddingsToFloorModePass() and the patterns of the
// pass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE_H_
#define VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTPADDINGSTOFLOORMODEPASS
#include "passes/ie/convert_paddings_to_floor_mode/Passes.h.inc" // IWYU pragma: keep

/// Adds the rewrite of ceil-rounding IE.MaxPool / IE.AvgPool into floor
/// rounding with the end padding their last windows reach (where that keeps
/// their values).
void populateConvertPaddingsToFloorModePatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE_H_
