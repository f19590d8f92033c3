//===- FuseQuantizedLayers.h - Layers on quantized types --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFuseQuantizedLayersPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_QUANTIZED_LAYERS_FUSEQUANTIZEDLAYERS_H_
#define VPUC_PASSES_IE_FUSE_QUANTIZED_LAYERS_FUSEQUANTIZEDLAYERS_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_FUSEQUANTIZEDLAYERSPASS
#include "passes/ie/fuse_quantized_layers/Passes.h.inc" // IWYU pragma: keep

/// Adds the first phase of vpuc-ie-fuse-quantized-layers: a convolution, Add
/// or Multiply between dequantizes of its operands and a quantize of its
/// result becomes the layer on quantized types.
void populateFuseQuantizedLayersPatterns(RewritePatternSet &patterns);

/// Adds the second phase: an activation between a dequantize of a quantized
/// layer's result and a quantize becomes the layer's post-op.
void populateFuseQuantizedActivationPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_FUSE_QUANTIZED_LAYERS_FUSEQUANTIZEDLAYERS_H_
