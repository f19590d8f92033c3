//===- InferredType.h - A result type against its inference --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The check of the IE rewrites that clone a layer with new operands and set
// its result type themselves (another order, more channels): the type must
// be the one the layer's type inference gives, or the clone is dropped.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_UTILS_INFERREDTYPE_H_
#define VPUC_PASSES_IE_UTILS_INFERREDTYPE_H_

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::vpuc::IE {

/// True if `op` has one result, implements InferTypeOpInterface, and the
/// type it infers from its operands and attributes is its result's type;
/// false otherwise (no diagnostic is emitted).
bool hasInferredType(Operation *op);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_UTILS_INFERREDTYPE_H_
