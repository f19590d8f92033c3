//===- BinaryOperands.h - The other operand of a binary op ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// For the IE passes that match commutative chains (x * Sigmoid(x), a layer
// norm's products and sums): the operand of a binary element-wise op that is
// not a given value, in either operand order.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_UTILS_BINARYOPERANDS_H_
#define VPUC_PASSES_IE_UTILS_BINARYOPERANDS_H_

#include "mlir/IR/Value.h"

namespace mlir::vpuc::IE {

/// The operand of the binary op `op` (getInput1 and getInput2) that is not
/// `value`, or null when neither or both are.
template <typename OpTy> Value getOtherOperand(OpTy op, Value value) {
  if (op.getInput1() == value) {
    return op.getInput2() == value ? Value() : op.getInput2();
  }
  return op.getInput2() == value ? op.getInput1() : Value();
}

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_UTILS_BINARYOPERANDS_H_
