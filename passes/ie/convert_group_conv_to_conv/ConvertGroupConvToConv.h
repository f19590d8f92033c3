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

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTGROUPCONVTOCONVPASS
#include "passes/ie/convert_group_conv_to_conv/Passes.h.inc" // IWYU pragma: keep

/// Adds the pattern of vpuc-ie-convert-group-conv-to-conv: an
/// IE.GroupConvolution the NCE cannot run, with a constant filter, becomes
/// where the NCE runs the result an IE.Convolution with a block-diagonal
/// filter (at most `maxGroups` groups), or convolutions with block-diagonal
/// filters over runs of groups of aligned channels, at least
/// `minRunChannels` output channels each, between channel slices and a
/// concat (more groups). The context must have the NCE legality models
/// (VPU::registerNCELegalityModels).
void populateConvertGroupConvToConvPatterns(RewritePatternSet &patterns,
                                            int64_t maxGroups,
                                            int64_t minRunChannels);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV_H_
