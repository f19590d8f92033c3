//===- FoldConstants.h - vpuc-const-fold pass -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFoldConstantsPass() and FoldConstantsPassOptions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_TRANSFORMS_FOLD_CONSTANTS_FOLDCONSTANTS_H_
#define VPUC_DIALECTS_CONST_TRANSFORMS_FOLD_CONSTANTS_FOLDCONSTANTS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::Const {

#define GEN_PASS_DECL_FOLDCONSTANTSPASS
#include "dialects/const/transforms/fold_constants/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::Const

#endif // VPUC_DIALECTS_CONST_TRANSFORMS_FOLD_CONSTANTS_FOLDCONSTANTS_H_
