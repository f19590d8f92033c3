//===- UseUserPrecision.h - vpuc-ie-use-user-precision ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createUseUserPrecisionPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_USE_USER_PRECISION_USEUSERPRECISION_H_
#define VPUC_PASSES_IE_USE_USER_PRECISION_USEUSERPRECISION_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_USEUSERPRECISIONPASS
#include "passes/ie/use_user_precision/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_USE_USER_PRECISION_USEUSERPRECISION_H_
