//===- FoldResultCopies.h - Tasks write the results ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFoldResultCopiesPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_FOLD_RESULT_COPIES_FOLDRESULTCOPIES_H_
#define VPUC_PASSES_VPUIP_FOLD_RESULT_COPIES_FOLDRESULTCOPIES_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_FOLDRESULTCOPIESPASS
#include "passes/vpuip/fold_result_copies/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_FOLD_RESULT_COPIES_FOLDRESULTCOPIES_H_
