//===- ConvertScaleShiftToDepthwise.h - ScaleShift to depthwise -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertScaleShiftToDepthwisePass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE_H_
#define VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTSCALESHIFTTODEPTHWISEPASS
#include "passes/ie/convert_scale_shift_to_depthwise/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE_H_
