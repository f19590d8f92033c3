//===- DataExtra.cpp - Verification and type inference of the extra IE data ops
//-*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferComponents of StridedSlice, Broadcast, Range, Reorder, AffineReshape,
// PerAxisTile, GatherElements, TopK, CumSum, ArgMax, ArgMin,
// DepthToSpace and SpaceToDepth: the shape checks of ExtraOpUtils.h plus
// element type and layout encoding of the results, the Reorder folder, and the
// resolved starts of a StridedSlice (SliceUtils.h).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/SliceUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;
using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

static RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

// Attributes with defaults may be absent while a builder infers the result
// types: the inferComponents below read them through their Attr getters and
// fall back to the default.

/// The values of an optional array attribute (empty when absent).
static ArrayRef<int64_t> getArray(DenseI64ArrayAttr attr) {
  return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
}

/// Appends `shape` with `elementType` and `encoding`, if `shape` succeeded.
static LogicalResult addResult(FailureOr<DimVector> shape, Type elementType,
                               Attribute encoding, Components &components) {
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, elementType, encoding);
  return success();
}

LogicalResult StridedSliceOp::inferComponents(ErrorFn emitError,
                                              Adaptor adaptor,
                                              Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  FailureOr<detail::SliceDims> dims = detail::inferStridedSliceDims(
      emitError, type.getShape(), adaptor.getBegins(), adaptor.getEnds(),
      adaptor.getStrides(), getArray(adaptor.getBeginMaskAttr()),
      getArray(adaptor.getEndMaskAttr()));
  if (failed(dims)) {
    return failure();
  }
  components.emplace_back(dims->shape, type.getElementType(),
                          type.getEncoding());
  return success();
}

SmallVector<int64_t, 4> getResolvedStridedSliceStarts(StridedSliceOp op) {
  FailureOr<detail::SliceDims> dims = detail::inferStridedSliceDims(
      [] { return InFlightDiagnostic(); },
      getTensorType(op.getInput()).getShape(), op.getBegins(), op.getEnds(),
      op.getStrides(), op.getBeginMask(), op.getEndMask());
  assert(succeeded(dims) && "expects a verified IE.StridedSlice");
  return SmallVector<int64_t, 4>(dims->starts.begin(), dims->starts.end());
}

LogicalResult BroadcastOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                           Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  DimVector inputAxes;
  return addResult(
      detail::inferBroadcastShape(
          emitError, type.getShape(), adaptor.getTargetShape(),
          adaptor.getModeAttr() ? adaptor.getMode() : BroadcastMode::NUMPY,
          adaptor.getAxesMapping(), inputAxes),
      type.getElementType(), nullptr, components);
}

LogicalResult RangeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                       Components &components) {
  Type elemType = adaptor.getDstElemType();
  FailureOr<int64_t> length = detail::inferRangeLength(
      emitError, adaptor.getStart().convertToDouble(),
      adaptor.getLimit().convertToDouble(),
      adaptor.getDelta().convertToDouble(), llvm::isa<IntegerType>(elemType));
  if (failed(length)) {
    return failure();
  }
  components.emplace_back(ArrayRef<int64_t>{*length}, elemType);
  return success();
}

LogicalResult ReorderOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                         Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  AffineMap map = adaptor.getDstOrder();
  FailureOr<shape::DimsOrder> order = shape::DimsOrder::fromAffineMap(map);
  if (failed(order) || order->rank() != type.getRank()) {
    return emitError() << "dstOrder " << AffineMapAttr::get(map)
                       << " is not a permutation of the input's "
                       << type.getRank() << " dims";
  }
  RankedTensorType result = shape::withOrder(type, *order);
  components.emplace_back(result.getShape(), result.getElementType(),
                          result.getEncoding());
  return success();
}

OpFoldResult ReorderOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType()) {
    return getInput();
  }
  return nullptr;
}

/// The memory order of an IE.AffineReshape result: the input's memory order
/// with each input dim replaced by its result dims. Merged input dims must be
/// adjacent in memory order and in logical order.
static FailureOr<Attribute>
inferAffineReshapeEncoding(ErrorFn emitError, RankedTensorType input,
                           ArrayRef<ArrayRef<int64_t>> mapping,
                           int64_t outRank) {
  FailureOr<shape::DimsOrder> inOrder = shape::getOrder(input);
  if (failed(inOrder)) {
    return emitError() << "input type " << input << " has no supported layout";
  }
  if (inOrder->isIdentity()) {
    return Attribute();
  }
  SmallVector<unsigned, 8> permutation;
  int64_t lastInput = -1;
  for (shape::Dim dim : inOrder->toPermutation()) {
    const int64_t i = dim.ind();
    ArrayRef<int64_t> outs = mapping[i];
    const bool mergedWithPrevious =
        !permutation.empty() && outs.size() == 1 &&
        static_cast<int64_t>(permutation.back()) == outs.front();
    if (mergedWithPrevious) {
      if (i != lastInput + 1) {
        return emitError() << "merged input dims are not adjacent in the "
                              "input's memory order";
      }
      lastInput = i;
      continue;
    }
    for (int64_t o : outs) {
      if (llvm::is_contained(permutation, static_cast<unsigned>(o))) {
        return emitError() << "merged input dims are not adjacent in the "
                              "input's memory order";
      }
      permutation.push_back(o);
    }
    lastInput = i;
  }
  if (static_cast<int64_t>(permutation.size()) != outRank ||
      outRank > static_cast<int64_t>(shape::DimsOrder::kMaxRank)) {
    return emitError() << "the result layout of rank " << outRank
                       << " is not representable";
  }
  shape::DimsOrder outOrder = shape::DimsOrder::fromPermutation(permutation);
  if (outOrder.isIdentity()) {
    return Attribute();
  }
  return Attribute(
      AffineMapAttr::get(outOrder.toAffineMap(input.getContext())));
}

LogicalResult AffineReshapeOp::inferComponents(ErrorFn emitError,
                                               Adaptor adaptor,
                                               Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  SmallVector<ArrayRef<int64_t>, 6> mapping;
  for (Attribute entry : adaptor.getDimMapping()) {
    mapping.push_back(llvm::cast<DenseI64ArrayAttr>(entry).asArrayRef());
  }
  ArrayRef<int64_t> target = adaptor.getShapeValue();
  if (failed(detail::verifyAffineReshape(emitError, type.getShape(), mapping,
                                         target))) {
    return failure();
  }
  FailureOr<Attribute> encoding =
      inferAffineReshapeEncoding(emitError, type, mapping, target.size());
  if (failed(encoding)) {
    return failure();
  }
  components.emplace_back(target, type.getElementType(), *encoding);
  return success();
}

LogicalResult PerAxisTileOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                             Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  int64_t axis = adaptor.getAxis();
  return addResult(detail::inferPerAxisTileShape(emitError, type.getShape(),
                                                 axis, adaptor.getTiles()),
                   type.getElementType(), type.getEncoding(), components);
}

LogicalResult GatherElementsOp::inferComponents(ErrorFn emitError,
                                                Adaptor adaptor,
                                                Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  int64_t axis = adaptor.getAxis();
  return addResult(detail::inferGatherElementsShape(
                       emitError, type.getShape(),
                       getTensorType(adaptor.getIndices()).getShape(), axis),
                   type.getElementType(), nullptr, components);
}

LogicalResult TopKOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                      Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  int64_t axis = adaptor.getAxisAttr() ? adaptor.getAxisAttr().getInt() : -1;
  FailureOr<DimVector> shape =
      detail::inferTopKShape(emitError, type.getShape(), adaptor.getK(), axis);
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, type.getElementType());
  components.emplace_back(*shape, adaptor.getIndexElemType());
  return success();
}

LogicalResult CumSumOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                        Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  if (failed(detail::normalizeAxis(emitError, adaptor.getAxis(),
                                   type.getRank()))) {
    return failure();
  }
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

namespace {

/// The result of ArgMax / ArgMin: the input shape reduced at `axis`.
LogicalResult inferArgExtremum(ErrorFn emitError, RankedTensorType type,
                               int64_t axis, bool keepDims, Type indexType,
                               Components &components) {
  FailureOr<int64_t> normalized =
      detail::normalizeAxis(emitError, axis, type.getRank());
  if (failed(normalized)) {
    return failure();
  }
  DimVector shape(type.getShape());
  if (shape[*normalized] == 0) {
    return emitError() << "the reduced dim " << *normalized << " is empty";
  }
  if (keepDims) {
    shape[*normalized] = 1;
  } else {
    shape.erase(shape.begin() + *normalized);
  }
  components.emplace_back(shape, indexType);
  return success();
}

} // namespace

LogicalResult ArgMaxOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                        Components &components) {
  // The attribute may be absent before verification: the default axis is 0.
  int64_t axis = adaptor.getAxisAttr() ? adaptor.getAxisAttr().getInt() : 0;
  return inferArgExtremum(emitError, getTensorType(adaptor.getInput()), axis,
                          adaptor.getKeepDims(), adaptor.getIndexElemType(),
                          components);
}

LogicalResult ArgMinOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                        Components &components) {
  // The attribute may be absent before verification: the default axis is 0.
  int64_t axis = adaptor.getAxisAttr() ? adaptor.getAxisAttr().getInt() : 0;
  return inferArgExtremum(emitError, getTensorType(adaptor.getInput()), axis,
                          adaptor.getKeepDims(), adaptor.getIndexElemType(),
                          components);
}

LogicalResult DepthToSpaceOp::inferComponents(ErrorFn emitError,
                                              Adaptor adaptor,
                                              Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addResult(detail::inferDepthSpaceShape(emitError, type.getShape(),
                                                adaptor.getBlockSize(),
                                                /*toSpace=*/true),
                   type.getElementType(), type.getEncoding(), components);
}

LogicalResult SpaceToDepthOp::inferComponents(ErrorFn emitError,
                                              Adaptor adaptor,
                                              Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addResult(detail::inferDepthSpaceShape(emitError, type.getShape(),
                                                adaptor.getBlockSize(),
                                                /*toSpace=*/false),
                   type.getElementType(), type.getEncoding(), components);
}

} // namespace mlir::vpuc::IE
