//===- BufferUtils.h - Helpers of the bufferisation patterns ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Small helpers the bufferisation patterns (Patterns.cpp, DataMovement.cpp)
// share: result buffer types, compact copies, constant buffers.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_BUFFERUTILS_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_BUFFERUTILS_H_

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::Const {
class ContentAttr;
class DeclareOp;
} // namespace mlir::vpuc::Const

namespace mlir::vpuc::VPUIP {

/// The buffer types of the results of `op`, or failure if one does not
/// convert.
FailureOr<SmallVector<MemRefType, 1>>
convertResultTypes(const TypeConverter &converter, Operation *op);

/// `value` itself if it is a compact buffer, else a compact copy of it in its
/// order and memory.
Value getCompact(OpBuilder &builder, Location loc, Value value);

/// True if `value` is a buffer (memref value): the converted operands of the
/// patterns are buffers once their producers are converted.
bool isBuffer(Value value);

/// The constant buffer `value` is, or null.
Const::DeclareOp getConstant(Value value);

/// A constant buffer of `content`.
Value createConstant(OpBuilder &builder, Location loc,
                     Const::ContentAttr content);

/// Copies `value` into a new buffer (`memref.alloc`) of type `type` (same
/// shape and element type; any layout and memory) and returns the copy's
/// result.
Value copyToNewBuffer(OpBuilder &builder, Location loc, Value value,
                      MemRefType type);

/// A copy of the constant buffer `value` in a new DDR buffer: views read
/// buffers with a runtime section, never constants (the blob writer lays
/// constants out itself).
Value copyConstant(OpBuilder &builder, Location loc, Value value);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_BUFFERUTILS_H_
