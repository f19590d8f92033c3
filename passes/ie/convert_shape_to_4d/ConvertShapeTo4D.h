//===- ConvertShapeTo4D.h - vpuc-ie-convert-shape-to-4d ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertShapeTo4DPass() and ConvertShapeTo4DPassOptions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D_H_
#define VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D_H_

#include <memory>
#include <string>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTSHAPETO4DPASS
#include "passes/ie/convert_shape_to_4d/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_CONVERTSHAPETO4D_H_
