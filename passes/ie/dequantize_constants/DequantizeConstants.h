//===- DequantizeConstants.h - Constant dequantisation ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createDequantizeConstantsPass() and the pass's pattern.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_DEQUANTIZE_CONSTANTS_DEQUANTIZECONSTANTS_H_
#define VPUC_PASSES_IE_DEQUANTIZE_CONSTANTS_DEQUANTIZECONSTANTS_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_DEQUANTIZECONSTANTSPASS
#include "passes/ie/dequantize_constants/Passes.h.inc" // IWYU pragma: keep

/// Adds the pattern of vpuc-ie-dequantize-constants: an IE.Dequantize of a
/// constant becomes a float constant.
void populateDequantizeConstantsPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_DEQUANTIZE_CONSTANTS_DEQUANTIZECONSTANTS_H_
