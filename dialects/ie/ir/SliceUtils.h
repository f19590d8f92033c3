//===- SliceUtils.h - Resolved parameters of IE slices -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The per-dim parameters of a verified IE.StridedSlice after its masks,
// negative positions and clamping are applied, for the passes that rewrite
// slices into one form.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_SLICEUTILS_H_
#define VPUC_DIALECTS_IE_IR_SLICEUTILS_H_

#include <cstdint>

#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

class StridedSliceOp;

/// For each dim of the verified `op`, the index of the first input element it
/// takes: the begin (or, when masked, the start of the dim for a positive
/// stride and its end for a negative one) counted from the end when negative
/// and clamped to the dim, exactly as the op's result type is inferred. 0 for a
/// dynamic input dim (nothing can be resolved there).
llvm::SmallVector<int64_t, 4> getResolvedStridedSliceStarts(StridedSliceOp op);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_SLICEUTILS_H_
