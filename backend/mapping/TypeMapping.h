//===- TypeMapping.h - Buffer types <-> blob tensor types -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The correspondence between VPUIP buffer types (memrefs, see
// dialects/vpuip/ir/BufferType.h) and the blob's tensor types, which the blob
// writer and reader share so that a type survives a round trip:
//
//  - element types: f64, f32, f16, bf16 <-> F64, F32, F16, BF16; integers of 4,
//  8, 16,
//    32 and 64 bits <-> I*/U* (unsigned integers map to U*, signless and
//    signed ones to I*; the reader gives signless integers for I* and
//    unsigned ones for U*); i1 <-> BOOL (an i1 buffer takes a byte per
//    element, 0 or 1, see shape::getElemTypeSize). Quantised tensors
//    (QuantParams) have no buffer form: memrefs cannot hold quantized element
//    types;
//  - layouts: dims, strides in bits and DimsOrder as BufferType computes
//    them. The reader builds the project's single spelling: no layout for
//    the default order, an affine_map permutation for other compact orders,
//    `strided<[...]>` (in elements) for non-compact strides.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_MAPPING_TYPEMAPPING_H_
#define VPUC_BACKEND_MAPPING_TYPEMAPPING_H_

#include "backend/blob/BlobBuilder.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "llvm/Support/Error.h"

namespace mlir {
class MemRefType;
class MLIRContext;
class Type;
} // namespace mlir

namespace mlir::vpuc::blob {

/// The blob element type of `elementType`; fails with a message saying why
/// the type has none.
llvm::Expected<schema::DType> getDType(Type elementType);

/// The blob tensor type of a VPUIP buffer type: element type, logical dims,
/// DimsOrder and strides in bits.
llvm::Expected<TensorTypeDesc> getTensorTypeDesc(Type bufferType);

/// The element type of a blob tensor type; fails for quantised tensors.
llvm::Expected<Type> getElementType(MLIRContext *context,
                                    const schema::TensorType &type);

/// The element type of a blob element type (BOOL gives i1).
llvm::Expected<Type> getElementType(MLIRContext *context, schema::DType dtype);

/// The buffer type of a blob tensor type (already checked by loadBlob) in
/// memory `space` (null: no memory space, i.e. DDR). `what` names the tensor
/// in errors.
llvm::Expected<MemRefType> getBufferType(MLIRContext *context,
                                         const schema::TensorType &type,
                                         VPUIP::MemorySpaceAttr space,
                                         llvm::StringRef what);

/// The buffer type of `dims` (logical) and `strides` (bits, logical) in
/// `order` with elements of `elementType` in memory `space`: compact types
/// get the order as their layout, others a strided layout. Fails when a
/// stride is not a whole number of elements.
llvm::Expected<MemRefType> getBufferType(llvm::ArrayRef<int64_t> dims,
                                         llvm::ArrayRef<int64_t> strides,
                                         shape::DimsOrder order,
                                         Type elementType,
                                         VPUIP::MemorySpaceAttr space);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_MAPPING_TYPEMAPPING_H_
