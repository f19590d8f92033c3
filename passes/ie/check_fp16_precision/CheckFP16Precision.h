//===- CheckFP16Precision.h - f16 precision check ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createCheckFP16PrecisionPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CHECK_FP16_PRECISION_CHECKFP16PRECISION_H_
#define VPUC_PASSES_IE_CHECK_FP16_PRECISION_CHECKFP16PRECISION_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CHECKFP16PRECISIONPASS
#include "passes/ie/check_fp16_precision/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CHECK_FP16_PRECISION_CHECKFP16PRECISION_H_
