//===- DataMovement.cpp - Verification and type inference of IE data ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferComponents of the reshapes, Transpose, Concat, Split and Slice: the
// shared checks (DataOpUtils.h) plus element type and layout encoding of the
// results. Reshapes and Transpose drop the layout encoding (the dims change
// meaning); Concat keeps the encoding its inputs share, Split and Slice keep
// the input's.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/DataOpUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;
using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

static RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// Appends `shape` with the element type of `input` and no encoding, if `shape`
/// succeeded.
static LogicalResult addPlain(FailureOr<DimVector> shape,
                              RankedTensorType input, Components &components) {
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, input.getElementType());
  return success();
}

LogicalResult ReshapeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                         Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addPlain(
      detail::inferReshapeShape(emitError, type.getShape(), adaptor.getShape()),
      type, components);
}

LogicalResult SqueezeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                         Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addPlain(
      detail::inferSqueezeShape(emitError, type.getShape(), adaptor.getAxes()),
      type, components);
}

LogicalResult UnsqueezeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                           Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addPlain(detail::inferUnsqueezeShape(emitError, type.getShape(),
                                              adaptor.getAxes()),
                  type, components);
}

LogicalResult FlattenOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                         Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addPlain(
      detail::inferFlattenShape(emitError, type.getShape(), adaptor.getAxis()),
      type, components);
}

LogicalResult TransposeOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                           Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  return addPlain(detail::inferTransposeShape(emitError, type.getShape(),
                                              adaptor.getPerm()),
                  type, components);
}

LogicalResult ConcatOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                        Components &components) {
  SmallVector<ArrayRef<int64_t>, 4> shapes;
  Type elementType;
  Attribute encoding;
  for (auto [index, value] : llvm::enumerate(adaptor.getInputs())) {
    RankedTensorType type = getTensorType(value);
    shapes.push_back(type.getShape());
    if (index == 0) {
      elementType = type.getElementType();
      encoding = type.getEncoding();
      continue;
    }
    if (type.getElementType() != elementType) {
      return emitError() << "concat input #" << index << " has element type "
                         << type.getElementType() << " but input #0 has "
                         << elementType;
    }
    if (type.getEncoding() != encoding) {
      encoding = nullptr;
    }
  }
  int64_t axis = adaptor.getAxis();
  FailureOr<DimVector> shape =
      detail::inferConcatShape(emitError, shapes, axis);
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, elementType, encoding);
  return success();
}

LogicalResult SplitOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                       Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  int64_t axis = adaptor.getAxis();
  FailureOr<SmallVector<DimVector, 4>> shapes = detail::inferSplitShapes(
      emitError, type.getShape(), axis, adaptor.getSplits());
  if (failed(shapes)) {
    return failure();
  }
  for (const DimVector &shape : *shapes) {
    components.emplace_back(shape, type.getElementType(), type.getEncoding());
  }
  return success();
}

LogicalResult SliceOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                       Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  FailureOr<detail::SliceDims> dims = detail::inferSliceDims(
      emitError, type.getShape(), adaptor.getStarts(), adaptor.getEnds(),
      adaptor.getAxes(), adaptor.getSteps());
  if (failed(dims)) {
    return failure();
  }
  components.emplace_back(dims->shape, type.getElementType(),
                          type.getEncoding());
  return success();
}

LogicalResult PadOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                     Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  FailureOr<DimVector> shape = detail::inferPadShape(
      emitError, type.getShape(), adaptor.getPadsBegin(), adaptor.getPadsEnd(),
      static_cast<int>(adaptor.getMode()));
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, type.getElementType(), type.getEncoding());
  return success();
}

LogicalResult TileOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                      Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  FailureOr<DimVector> shape =
      detail::inferTileShape(emitError, type.getShape(), adaptor.getRepeats());
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, type.getElementType(), type.getEncoding());
  return success();
}

LogicalResult GatherOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                        Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  int64_t axis = adaptor.getAxis();
  return addPlain(detail::inferGatherShape(
                      emitError, type.getShape(),
                      getTensorType(adaptor.getIndices()).getShape(), axis),
                  type, components);
}

LogicalResult ShapeOfOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                         Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  components.emplace_back(ArrayRef<int64_t>{type.getRank()},
                          IntegerType::get(type.getContext(), 64));
  return success();
}

} // namespace mlir::vpuc::IE
