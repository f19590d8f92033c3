//===- ConvertAvgPoolToDWConv.h - AvgPool to depthwise conv -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertAvgPoolToDWConvPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV_H_
#define VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTAVGPOOLTODWCONVPASS
#include "passes/ie/convert_avg_pool_to_dw_conv/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV_H_
