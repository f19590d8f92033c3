//===- HandleAsymmetricStrides.h - Asymmetric strides -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createHandleAsymmetricStridesPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES_H_
#define VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_HANDLEASYMMETRICSTRIDESPASS
#include "passes/ie/handle_asymmetric_strides/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES_H_
