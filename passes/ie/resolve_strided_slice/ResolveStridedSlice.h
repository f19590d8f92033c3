//===- ResolveStridedSlice.h - vpuc-ie-resolve-strided-slice ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createResolveStridedSlicePass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE_H_
#define VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_RESOLVESTRIDEDSLICEPASS
#include "passes/ie/resolve_strided_slice/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE_H_
