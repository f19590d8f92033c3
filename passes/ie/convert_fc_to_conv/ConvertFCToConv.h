//===- ConvertFCToConv.h - FullyConnected to conv ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertFCToConvPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV_H_
#define VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTFCTOCONVPASS
#include "passes/ie/convert_fc_to_conv/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV_H_
