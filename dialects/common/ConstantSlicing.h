//===- ConstantSlicing.h - Slices of constant buffers -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A dialect interface through which a pass takes a part of a constant buffer
// without knowing the dialect that holds constants: the runtime passes cut a
// DMA of a constant into DMAs of parts (vpuc-vpuip-split-dmas), and a task
// reads constant buffers directly, not through views.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_COMMON_CONSTANTSLICING_H_
#define VPUC_DIALECTS_COMMON_CONSTANTSLICING_H_

#include <cstdint>

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Value.h"

namespace mlir::vpuc {

/// Implemented by the dialect of constant buffers.
class ConstantSlicingInterface
    : public DialectInterface::Base<ConstantSlicingInterface> {
public:
  explicit ConstantSlicingInterface(Dialect *dialect) : Base(dialect) {}

  /// A new constant buffer, created at the builder's insertion point, that
  /// holds the elements `[offsets[i], offsets[i] + sizes[i])` of every
  /// dimension of the constant buffer `constant` (a result of an op of this
  /// dialect) in its layout; null when `constant` is not such a buffer.
  virtual Value sliceConstant(OpBuilder &builder, Location loc, Value constant,
                              ArrayRef<int64_t> offsets,
                              ArrayRef<int64_t> sizes) const = 0;
};

/// The interface of the dialect of the op defining `value`, or null.
inline const ConstantSlicingInterface *getConstantSlicing(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !def->getDialect()) {
    return nullptr;
  }
  return def->getDialect()->getRegisteredInterface<ConstantSlicingInterface>();
}

} // namespace mlir::vpuc

#endif // VPUC_DIALECTS_COMMON_CONSTANTSLICING_H_
