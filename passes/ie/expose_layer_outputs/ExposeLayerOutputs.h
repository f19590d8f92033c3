//===- ExposeLayerOutputs.h - vpuc-ie-expose-layer-outputs ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createExposeLayerOutputsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_EXPOSE_LAYER_OUTPUTS_EXPOSELAYEROUTPUTS_H_
#define VPUC_PASSES_IE_EXPOSE_LAYER_OUTPUTS_EXPOSELAYEROUTPUTS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_EXPOSELAYEROUTPUTSPASS
#include "passes/ie/expose_layer_outputs/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_EXPOSE_LAYER_OUTPUTS_EXPOSELAYEROUTPUTS_H_
