//===- ConvertPrecisionToFP16.h - f32 to f16 pass ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertPrecisionToFP16Pass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_PRECISION_TO_FP16_CONVERTPRECISIONTOFP16_H_
#define VPUC_PASSES_IE_CONVERT_PRECISION_TO_FP16_CONVERTPRECISIONTOFP16_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTPRECISIONTOFP16PASS
#include "passes/ie/convert_precision_to_fp16/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_PRECISION_TO_FP16_CONVERTPRECISIONTOFP16_H_
