//===- IETraits.h - Native op traits of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// ValidLayoutEncoding: every ranked tensor operand/result carries either no
// encoding or an AffineMapAttr permutation of its dims (the project's layout
// encoding). VerifiedBeforeInference: runs the op's verifyBeforeInference()
// ahead of the result type inference check, so invalid operands get a precise
// diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IETRAITS_H_
#define VPUC_DIALECTS_IE_IR_IETRAITS_H_

#include "mlir/IR/OpDefinition.h"

namespace mlir::vpuc::IE {

namespace detail {
/// True if `inferred` and `actual` have the same number of types and each pair
/// is equal, or two ranked tensors of one shape and encoding whose element
/// types are both uniform quantized types (the isCompatibleReturnTypes of the
/// layers that run on quantized types, whose result's quantisation is not the
/// input's; also of their VPU mirrors).
bool areCompatibleUpToQuantization(TypeRange inferred, TypeRange actual);

/// Verifies the layout encodings of all operand and result types of `op`.
LogicalResult verifyLayoutEncodings(Operation *op);
} // namespace detail

/// See the file comment.
template <typename ConcreteType>
class ValidLayoutEncoding
    : public OpTrait::TraitBase<ConcreteType, ValidLayoutEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyLayoutEncodings(op);
  }
};

/// See the file comment.
template <typename ConcreteType>
class VerifiedBeforeInference
    : public OpTrait::TraitBase<ConcreteType, VerifiedBeforeInference> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return llvm::cast<ConcreteType>(op).verifyBeforeInference();
  }
};

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_IETRAITS_H_
