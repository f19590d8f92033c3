//===- EinsumEquation.h - IE.Einsum equations -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Parses an Einsum equation into per-term label lists, rejects the equations
// that do not reduce to MatMul / Transpose / ReduceSum (see IE.Einsum), and
// computes the extent of each label from the operand shapes. The verifier,
// result type inference and the host kernel all use it. Internal to
// dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_EINSUMEQUATION_H_
#define VPUC_DIALECTS_IE_IR_EINSUMEQUATION_H_

#include <array>
#include <cstdint>

#include "dialects/ie/ir/DataOpUtils.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::IE::detail {

/// A parsed equation. Labels are ASCII letters.
struct EinsumEquation {
  /// The labels of each input term, one per dim.
  SmallVector<SmallVector<char, 6>, 2> inputs;
  /// The labels of the output (explicit, or derived in implicit mode).
  SmallVector<char, 6> output;
  /// The labels that occur in some input but not in the output, in order of
  /// first occurrence.
  SmallVector<char, 6> summed;
};

/// Parses `equation` for `numInputs` operands; emits "equation '<equation>'
/// ..." and fails when it is malformed or outside the supported forms.
FailureOr<EinsumEquation> parseEinsumEquation(ErrorFn emitError,
                                              llvm::StringRef equation,
                                              size_t numInputs);

/// The extent of every label (indexed by the char), ShapedType::kDynamic where
/// unknown, after checking each input's rank against its term and that every
/// label has one extent.
using EinsumExtents = std::array<int64_t, 128>;
FailureOr<EinsumExtents> getEinsumExtents(ErrorFn emitError,
                                          llvm::StringRef equation,
                                          const EinsumEquation &parsed,
                                          ArrayRef<ArrayRef<int64_t>> inputs);

/// The output shape: the extents of the output labels.
DimVector getEinsumOutputShape(const EinsumEquation &parsed,
                               const EinsumExtents &extents);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_EINSUMEQUATION_H_
