//===- VPUIPTraits.h - Native op traits of VPUIP ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// MemorySpacesInTarget: with target resources on the module, every CMX_NN
// memory space of the op's operand and result types names an existing
// cluster.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPTRAITS_H_
#define VPUC_DIALECTS_VPUIP_IR_VPUIPTRAITS_H_

#include "mlir/IR/OpDefinition.h"

namespace mlir::vpuc::VPUIP {

namespace detail {
/// Verifies the memory spaces of the operand and result types of `op`.
LogicalResult verifyMemorySpacesInTarget(Operation *op);
} // namespace detail

/// See the file comment.
template <typename ConcreteType>
class MemorySpacesInTarget
    : public OpTrait::TraitBase<ConcreteType, MemorySpacesInTarget> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyMemorySpacesInTarget(op);
  }
};

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPTRAITS_H_
