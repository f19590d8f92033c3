//===- UseUserLayout.h - vpuc-ie-use-user-layout ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createUseUserLayoutPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_USE_USER_LAYOUT_USEUSERLAYOUT_H_
#define VPUC_PASSES_IE_USE_USER_LAYOUT_USEUSERLAYOUT_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_USEUSERLAYOUTPASS
#include "passes/ie/use_user_layout/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_USE_USER_LAYOUT_USEUSERLAYOUT_H_
