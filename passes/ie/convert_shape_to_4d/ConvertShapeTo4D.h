//===- ConvertShapeTo4D.h - vpuc-ie-convert-shape-to-4d ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertShapeTo4DPass(), ConvertShapeTo4DPassOptions and the
// pattern of the pass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D_H_
#define VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D_H_

#include <memory>
#include <string>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTSHAPETO4DPASS
#include "passes/ie/convert_shape_to_4d/Passes.h.inc" // IWYU pragma: keep

/// Adds the rewrite of the ops of the kinds `ops` that are not 4-D (and can
/// be: see the pass description) into 4-D ops between reshapes. The pass
/// checks first that every such op can be converted.
void populateConvertShapeTo4DPatterns(RewritePatternSet &patterns,
                                      const llvm::DenseSet<OperationName> &ops);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D_H_
