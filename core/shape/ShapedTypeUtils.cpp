//===- ShapedTypeUtils.cpp - Shape/layout queries on MLIR types -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the layout convention of ShapedTypeUtils.h.
//
//===----------------------------------------------------------------------===//

#include "core/shape/ShapedTypeUtils.h"

#include <algorithm>
#include <numeric>

#include "core/shape/LayoutEncoding.h"
#include "core/shape/StrideReqs.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::vpuc::shape {

Shape getShape(ShapedType type) {
  assert(type.hasRank() && "getShape: the type must be ranked");
  return Shape(type.getShape());
}

Type getStorageElementType(Type elemType) {
  auto quantized = dyn_cast<quant::QuantizedType>(elemType);
  if (!quantized) {
    return elemType;
  }
  return IntegerType::get(
      elemType.getContext(), quantized.getStorageTypeIntegralWidth(),
      quantized.isSigned() ? IntegerType::Signless : IntegerType::Unsigned);
}

std::pair<double, int64_t> getChannelQuantParams(Type elemType,
                                                 int64_t channel) {
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(elemType)) {
    return {perTensor.getScale(), perTensor.getZeroPoint()};
  }
  auto perAxis = cast<quant::UniformQuantizedPerAxisType>(elemType);
  return {perAxis.getScales()[channel], perAxis.getZeroPoints()[channel]};
}

Type withPerAxisParams(Type perAxisType, ArrayRef<double> scales,
                       ArrayRef<int64_t> zeroPoints, int32_t axis) {
  auto perAxis = cast<quant::UniformQuantizedPerAxisType>(perAxisType);
  return quant::UniformQuantizedPerAxisType::get(
      perAxis.getFlags(), perAxis.getStorageType(), perAxis.getExpressedType(),
      scales, zeroPoints, axis, perAxis.getStorageTypeMin(),
      perAxis.getStorageTypeMax());
}

Type getSlicedElementType(Type elemType, ArrayRef<int64_t> offsets,
                          ArrayRef<int64_t> sizes) {
  auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(elemType);
  if (!perAxis) {
    return elemType;
  }
  const int32_t axis = perAxis.getQuantizedDimension();
  const auto channels = static_cast<int64_t>(perAxis.getScales().size());
  if (axis < 0 || static_cast<size_t>(axis) >= offsets.size() ||
      static_cast<size_t>(axis) >= sizes.size() ||
      (offsets[axis] == 0 && sizes[axis] == channels) || offsets[axis] < 0 ||
      sizes[axis] < 0 || offsets[axis] + sizes[axis] > channels) {
    return elemType;
  }
  return withPerAxisParams(
      perAxis, perAxis.getScales().slice(offsets[axis], sizes[axis]),
      perAxis.getZeroPoints().slice(offsets[axis], sizes[axis]), axis);
}

FailureOr<Bit> getElemTypeSize(Type elemType) {
  if (auto quantized = dyn_cast<quant::QuantizedType>(elemType)) {
    return Bit(quantized.getStorageTypeIntegralWidth());
  }
  if (auto complex = dyn_cast<ComplexType>(elemType)) {
    FailureOr<Bit> part = getElemTypeSize(complex.getElementType());
    if (failed(part)) {
      return failure();
    }
    return *part * 2;
  }
  // Booleans take a byte per element (0 or 1), the layout of ONNX BOOL
  // tensors and of the blob's BOOL element type, so that every i1 buffer is
  // byte-addressable.
  if (elemType.isInteger(1)) {
    return Bit(8);
  }
  if (isa<IntegerType, FloatType>(elemType)) {
    return Bit(elemType.getIntOrFloatBitWidth());
  }
  return failure();
}

/// The order given by decreasing strides; ties keep the logical order.
static DimsOrder orderFromStrides(llvm::ArrayRef<int64_t> strides) {
  llvm::SmallVector<unsigned, DimsOrder::kMaxRank> permutation(strides.size());
  std::iota(permutation.begin(), permutation.end(), 0u);
  std::stable_sort(
      permutation.begin(), permutation.end(),
      [&](unsigned a, unsigned b) { return strides[a] > strides[b]; });
  return DimsOrder::fromPermutation(permutation);
}

FailureOr<DimsOrder> getOrder(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (tensor.getRank() > static_cast<int64_t>(DimsOrder::kMaxRank)) {
      return failure();
    }
    Attribute encoding = tensor.getEncoding();
    if (!encoding) {
      return DimsOrder::getDefaultOrder(tensor.getRank());
    }
    AffineMap map;
    if (auto mapAttr = dyn_cast<AffineMapAttr>(encoding)) {
      map = mapAttr.getValue();
    } else if (auto layout = dyn_cast<LayoutEncodingAttrInterface>(encoding)) {
      map = layout.getOrderMap();
      if (!map) {
        return DimsOrder::getDefaultOrder(tensor.getRank());
      }
    } else {
      return failure();
    }
    if (map.getNumDims() != tensor.getRank()) {
      return failure();
    }
    return DimsOrder::fromAffineMap(map);
  }
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (memref.getRank() > static_cast<int64_t>(DimsOrder::kMaxRank)) {
      return failure();
    }
    MemRefLayoutAttrInterface layout = memref.getLayout();
    if (auto strided = dyn_cast<StridedLayoutAttr>(layout)) {
      if (llvm::is_contained(strided.getStrides(), ShapedType::kDynamic)) {
        return failure();
      }
      return orderFromStrides(strided.getStrides());
    }
    auto mapAttr = dyn_cast<AffineMapAttr>(layout);
    if (!mapAttr) {
      return failure();
    }
    AffineMap map = mapAttr.getValue();
    if (map.isIdentity()) {
      return DimsOrder::getDefaultOrder(memref.getRank());
    }
    if (map.getNumDims() != memref.getRank()) {
      return failure();
    }
    return DimsOrder::fromAffineMap(map);
  }
  return failure();
}

RankedTensorType withOrder(RankedTensorType type, DimsOrder order) {
  assert(order.rank() == type.getRank() &&
         "withOrder: the order's rank differs from the tensor's rank");
  AffineMap map;
  if (!order.isIdentity()) {
    map = order.toAffineMap(type.getContext());
  }
  Attribute encoding;
  if (auto layout =
          dyn_cast_or_null<LayoutEncodingAttrInterface>(type.getEncoding())) {
    encoding = layout.withOrderMap(map);
  } else if (map) {
    encoding = AffineMapAttr::get(map);
  }
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               encoding);
}

MemRefType withOrder(MemRefType type, DimsOrder order) {
  assert(order.rank() == type.getRank() &&
         "withOrder: the order's rank differs from the memref's rank");
  MemRefLayoutAttrInterface layout;
  if (!order.isIdentity()) {
    layout = AffineMapAttr::get(order.toAffineMap(type.getContext()));
  }
  return MemRefType::get(type.getShape(), type.getElementType(), layout,
                         type.getMemorySpace());
}

FailureOr<MemShape> getMemShape(ShapedType type) {
  FailureOr<DimsOrder> order = getOrder(type);
  if (failed(order)) {
    return failure();
  }
  return order->toMemoryOrder(getShape(type));
}

FailureOr<Strides> getCompactStrides(ShapedType type) {
  FailureOr<DimsOrder> order = getOrder(type);
  FailureOr<Bit> elemSize = getElemTypeSize(type.getElementType());
  if (failed(order) || failed(elemSize) || !type.hasStaticShape()) {
    return failure();
  }
  MemShape memShape = order->toMemoryOrder(getShape(type));
  return order->toLogicalOrder(computeCompactStrides(memShape, *elemSize));
}

FailureOr<Strides> getStrides(ShapedType type) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (auto strided = dyn_cast<StridedLayoutAttr>(memref.getLayout())) {
      FailureOr<Bit> elemSize = getElemTypeSize(type.getElementType());
      if (failed(elemSize) || !type.hasStaticShape() ||
          llvm::is_contained(strided.getStrides(), ShapedType::kDynamic)) {
        return failure();
      }
      Strides strides(strided.getStrides());
      for (int64_t &stride : strides) {
        stride *= elemSize->count();
      }
      return strides;
    }
  }
  return getCompactStrides(type);
}

FailureOr<MemStrides> getMemStrides(ShapedType type) {
  FailureOr<DimsOrder> order = getOrder(type);
  FailureOr<Strides> strides = getStrides(type);
  if (failed(order) || failed(strides)) {
    return failure();
  }
  return order->toMemoryOrder(*strides);
}

FailureOr<bool> isCompact(ShapedType type) {
  FailureOr<Strides> strides = getStrides(type);
  FailureOr<Strides> compact = getCompactStrides(type);
  if (failed(strides) || failed(compact)) {
    return failure();
  }
  return *strides == *compact;
}

FailureOr<Byte> getTotalAllocSize(ShapedType type) {
  FailureOr<Strides> strides = getStrides(type);
  FailureOr<Bit> elemSize = getElemTypeSize(type.getElementType());
  if (failed(strides) || failed(elemSize)) {
    return failure();
  }
  Shape shape = getShape(type);
  if (llvm::is_contained(shape.raw(), 0)) {
    return Byte(0);
  }
  int64_t extent = elemSize->count();
  for (int64_t i = 0, e = shape.rank(); i < e; ++i) {
    extent += (shape[Dim(i)] - 1) * (*strides)[Dim(i)];
  }
  return Bit(extent).toBytesCeil();
}

} // namespace mlir::vpuc::shape
