//===- BufferUtils.cpp - Helpers of the bufferisation patterns --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the helpers of BufferUtils.h.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/BufferUtils.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::vpuc::VPUIP {

FailureOr<SmallVector<MemRefType, 1>>
convertResultTypes(const TypeConverter &converter, Operation *op) {
  SmallVector<MemRefType, 1> types;
  for (Type type : op->getResultTypes()) {
    auto buffer =
        llvm::dyn_cast_or_null<MemRefType>(converter.convertType(type));
    if (!buffer) {
      return failure();
    }
    types.push_back(buffer);
  }
  return types;
}

Value getCompact(OpBuilder &builder, Location loc, Value value) {
  BufferType type(llvm::cast<MemRefType>(value.getType()));
  if (type.isCompact()) {
    return value;
  }
  BufferType compact = BufferType::getCompact(
      type.getShape(), type.getElementType(), type.getOrder(),
      llvm::cast_if_present<MemorySpaceAttr>(type.getType().getMemorySpace()));
  return copyToNewBuffer(builder, loc, value, compact.getType());
}

bool isBuffer(Value value) { return isBufferType(value.getType()); }

Const::DeclareOp getConstant(Value value) {
  auto constant = value.getDefiningOp<Const::DeclareOp>();
  return constant && llvm::isa<MemRefType>(constant.getType()) ? constant
                                                               : nullptr;
}

Value createConstant(OpBuilder &builder, Location loc,
                     Const::ContentAttr content) {
  return builder.create<Const::DeclareOp>(
      loc, Const::DeclareOp::getBufferType(content.getType()), content);
}

Value copyToNewBuffer(OpBuilder &builder, Location loc, Value value,
                      MemRefType type) {
  auto alloc = builder.create<memref::AllocOp>(loc, type);
  return builder.create<CopyOp>(loc, type, value, alloc);
}

Value copyConstant(OpBuilder &builder, Location loc, Value value) {
  return copyToNewBuffer(builder, loc, value,
                         llvm::cast<MemRefType>(value.getType()));
}

} // namespace mlir::vpuc::VPUIP
