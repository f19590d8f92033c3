//===- ShapedTypeUtils.h - Shape/layout queries on MLIR types ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The shape API of core/shape (Shape, DimsOrder, strides in bits) over
// mlir::ShapedType, RankedTensorType and MemRefType.
//
// Layout convention (project-wide rule):
//
//  - RankedTensorType: the order is the `encoding` attribute when it is an
//    AffineMapAttr holding a permutation map (see DimsOrder.h for the map
//    form); no encoding means the default (identity) order. Tensors are always
//    compact in their order. `withOrder` writes no encoding for the default
//    order, so every layout has exactly one spelling:
//      tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
//    is an NHWC tensor. An encoding attribute implementing
//    LayoutEncodingAttrInterface (LayoutEncoding.h) carries the order next to
//    other information (the VPU dialect's `#VPU.tensor<order = ..., mem =
//    ...>`): the order is read from it, and `withOrder` replaces the order
//    inside it, keeping the rest.
//  - MemRefType: the order comes from the layout. An AffineMapAttr permutation
//    layout gives that order with compact strides (an identity layout is the
//    default order). A StridedLayoutAttr gives the order by decreasing stride
//    (ties keep the logical order) and its strides are used as they are
//    (converted to bits); its offset is ignored here.
//  - Anything else (other encodings or layouts, non-permutation maps, dynamic
//    strides, unranked types) is not a supported layout: the queries fail
//    instead of asserting, so passes can report an error.
//
// Element sizes: integers and floats use their bit width (i1 is 1 bit, i4 is 4
// bits), complex types twice their element, quantized types their storage
// type's width. Index and other types have no size here.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_SHAPEDTYPEUTILS_H_
#define VPUC_CORE_SHAPE_SHAPEDTYPEUTILS_H_

#include <utility>

#include "core/shape/DimsOrder.h"
#include "core/shape/Shape.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir {
class MemRefType;
class RankedTensorType;
class ShapedType;
class Type;
} // namespace mlir

namespace mlir::vpuc::shape {

/// The logical shape of a ranked `type` (dynamic sizes are kDynamicSize).
Shape getShape(ShapedType type);

/// The element type a buffer holds for tensor element type `elemType`: the
/// storage integer of a quantized type (signless for a signed storage,
/// unsigned otherwise, as the blob's element types), else `elemType`.
Type getStorageElementType(Type elemType);

/// The scale and zero point of channel `channel` of the uniform quantized
/// element type `elemType`: its only ones for a per-tensor type, entry
/// `channel` of its quantized dim for a per-axis one.
std::pair<double, int64_t> getChannelQuantParams(Type elemType,
                                                 int64_t channel);

/// The per-axis quantized type `perAxisType` with other `scales`, `zeroPoints`
/// (one each per channel) and quantized dim `axis`; its storage and expressed
/// types, signedness and storage range kept.
Type withPerAxisParams(Type perAxisType, llvm::ArrayRef<double> scales,
                       llvm::ArrayRef<int64_t> zeroPoints, int32_t axis);

/// The element type of the box [offsets, offsets + sizes) of a tensor of
/// element type `elemType`: for a per-axis quantized type whose quantized dim
/// the box cuts, the scales and zero points of the box's channels; else
/// `elemType` itself.
Type getSlicedElementType(Type elemType, llvm::ArrayRef<int64_t> offsets,
                          llvm::ArrayRef<int64_t> sizes);

/// The storage size of one element of type `elemType`; fails for types
/// without a defined size (e.g. index). `i1` takes 8 bits: booleans are
/// stored one byte per element, holding 0 or 1.
FailureOr<Bit> getElemTypeSize(Type elemType);

/// The DimsOrder of a RankedTensorType or MemRefType following the layout
/// convention above; fails for unsupported layouts and other types.
FailureOr<DimsOrder> getOrder(Type type);

/// `type` with the layout `order` (of the type's rank): the encoding is
/// removed for the default order and set to the permutation map otherwise;
/// an encoding implementing LayoutEncodingAttrInterface gets the new order
/// through `withOrderMap` instead.
RankedTensorType withOrder(RankedTensorType type, DimsOrder order);

/// `type` with the AffineMapAttr permutation layout of `order` (of the type's
/// rank), or the identity layout for the default order.
MemRefType withOrder(MemRefType type, DimsOrder order);

/// The shape of `type` in memory order.
FailureOr<MemShape> getMemShape(ShapedType type);

/// The strides in bits of `type` in logical order: compact in its order for
/// tensors and permutation-layout memrefs, the layout's own strides for
/// strided memrefs. Fails on dynamic shapes or strides.
FailureOr<Strides> getStrides(ShapedType type);

/// `getStrides` in memory order.
FailureOr<MemStrides> getMemStrides(ShapedType type);

/// The compact strides in bits of `type`'s shape in its order, whatever the
/// actual strides. Fails on dynamic shapes.
FailureOr<Strides> getCompactStrides(ShapedType type);

/// True if `type` is laid out compactly in its order.
FailureOr<bool> isCompact(ShapedType type);

/// The number of bytes spanned by the buffer of `type` (rounded up to whole
/// bytes): the compact size for compact types, the extent reached by the
/// strides otherwise. Empty shapes take 0 bytes. Fails on dynamic shapes.
FailureOr<Byte> getTotalAllocSize(ShapedType type);

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_SHAPEDTYPEUTILS_H_
