//===- FuseLayers.h - vpuc-ie-fuse-layers pass ------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFuseLayersPass(), FuseLayersPassOptions and the populate
// functions of the fusion patterns (FusePatterns.cpp), so other passes can
// combine them.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_LAYERS_FUSELAYERS_H_
#define VPUC_PASSES_IE_FUSE_LAYERS_FUSELAYERS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_FUSELAYERSPASS
#include "passes/ie/fuse_layers/Passes.h.inc" // IWYU pragma: keep

/// Adds the fusion of a per-channel constant Add into the bias of a preceding
/// Convolution, GroupConvolution or FullyConnected.
void populateFuseConvBiasPatterns(RewritePatternSet &patterns);

/// Adds the folding of BatchNormInference into a preceding Convolution,
/// GroupConvolution or Deconvolution.
void populateFuseBatchNormPatterns(RewritePatternSet &patterns);

/// Adds the conversion of BatchNormInference into ScaleShift, at a lower
/// benefit than the folding into a convolution.
void populateBatchNormToScaleShiftPatterns(RewritePatternSet &patterns);

/// Adds the fusion of Multiply + Add with per-channel constants into
/// ScaleShift.
void populateFuseScaleShiftPatterns(RewritePatternSet &patterns);

/// Adds the conversion of MatMul with constant 2-D weights into FullyConnected.
void populateMatMulToFullyConnectedPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_FUSE_LAYERS_FUSELAYERS_H_
