//===- ConvertGroupConvToConv.h - Group conv to dense conv ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertGroupConvToConvPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV_H_
#define VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV_H_

#include <cstdint>
#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::cost {
class CostModel;
} // namespace mlir::vpuc::cost

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTGROUPCONVTOCONVPASS
#include "passes/ie/convert_group_conv_to_conv/Passes.h.inc" // IWYU pragma: keep

/// What the rewrite needs of the target: its cost model and the clusters and
/// DPUs per cluster a convolution runs on.
struct GroupConvTarget {
  const cost::CostModel *model = nullptr;
  int64_t clusters = 1;
  int64_t dpus = 1;
};

/// Adds the pattern of vpuc-ie-convert-group-conv-to-conv: an
/// IE.GroupConvolution the NCE cannot run, with a constant filter, becomes
/// convolutions with block-diagonal filters over runs of groups between
/// channel slices and a concat, or one such convolution of all its groups,
/// the run size (at most `maxGroups` groups) chosen by `target`'s cost model.
/// The context must have the NCE legality models
/// (VPU::registerNCELegalityModels); `target.model` must outlive the
/// patterns.
void populateConvertGroupConvToConvPatterns(RewritePatternSet &patterns,
                                            int64_t maxGroups,
                                            GroupConvTarget target);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV_H_
