//===- ConvertAvgPoolToDWConv.h - AvgPool to depthwise conv -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertAvgPoolToDWConvPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV_H_
#define VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV_H_

#include <cstdint>
#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTAVGPOOLTODWCONVPASS
#include "passes/ie/convert_avg_pool_to_dw_conv/Passes.h.inc" // IWYU pragma: keep

/// Adds the patterns of vpuc-ie-convert-avg-pool-to-dw-conv: an IE.AvgPool the
/// NCE cannot run as a pool, and a global IE.ReduceMean, become a pool, a
/// depthwise convolution, a chain of pools or (over maps of at least
/// `minPaddedArea` elements per channel) a chain of zero-padded pools the NCE
/// runs, where that is exact (`minPaddedArea` by default the pass option's
/// default). The context must have the NCE legality models
/// (VPU::registerNCELegalityModels).
void populateConvertAvgPoolToDWConvPatterns(
    RewritePatternSet &patterns,
    int64_t minPaddedArea = ConvertAvgPoolToDWConvPassOptions().minPaddedArea);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV_H_
