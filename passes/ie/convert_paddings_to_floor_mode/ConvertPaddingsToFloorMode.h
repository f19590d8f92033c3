//===- ConvertPaddingsToFloorMode.h - Ceil pools to floor -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertPaddingsToFloorModePass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE_H_
#define VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTPADDINGSTOFLOORMODEPASS
#include "passes/ie/convert_paddings_to_floor_mode/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_PADDINGS_TO_FLOOR_MODE_CONVERTPADDINGSTOFLOORMODE_H_
