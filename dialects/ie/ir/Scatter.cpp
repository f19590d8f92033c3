//===- Scatter.cpp - IE ScatterNDUpdate, ScatterElementsUpdate, GatherND --===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferComponents of ScatterNDUpdate, ScatterElementsUpdate and GatherND: the
// shape checks (ExtraOpUtils.h for the ones shared with GatherElements), the
// reductions' element types, and the results' element type and layout
// encoding.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;
using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

static RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

static bool isDynamic(int64_t dim) { return ShapedType::isDynamic(dim); }

/// Checks that `reduction` (absent: none) can combine elements of
/// `elementType`: every reduction but none needs numbers, not booleans.
static LogicalResult checkReduction(ErrorFn emitError,
                                    ScatterReductionAttr reduction,
                                    Type elementType) {
  if (!reduction || reduction.getValue() == ScatterReduction::NONE) {
    return success();
  }
  if (elementType.isInteger(1)) {
    return emitError() << "reduction '"
                       << stringifyScatterReduction(reduction.getValue())
                       << "' needs numeric elements, not " << elementType;
  }
  return success();
}

LogicalResult ScatterNDUpdateOp::inferComponents(ErrorFn emitError,
                                                 Adaptor adaptor,
                                                 Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  if (failed(detail::verifyScatterNDShapes(
          emitError, type.getShape(),
          getTensorType(adaptor.getIndices()).getShape(),
          getTensorType(adaptor.getUpdates()).getShape())) ||
      failed(checkReduction(emitError, adaptor.getReductionAttr(),
                            type.getElementType()))) {
    return failure();
  }
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

LogicalResult ScatterElementsUpdateOp::inferComponents(ErrorFn emitError,
                                                       Adaptor adaptor,
                                                       Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  ArrayRef<int64_t> indices = getTensorType(adaptor.getIndices()).getShape();
  ArrayRef<int64_t> updates = getTensorType(adaptor.getUpdates()).getShape();
  int64_t axis = adaptor.getAxis();
  if (failed(detail::inferGatherElementsShape(emitError, type.getShape(),
                                              indices, axis))) {
    return failure();
  }
  bool matches = updates.size() == indices.size();
  for (size_t d = 0; matches && d < updates.size(); ++d) {
    matches = isDynamic(updates[d]) || isDynamic(indices[d]) ||
              updates[d] == indices[d];
  }
  if (!matches) {
    return emitError() << "updates shape " << detail::formatShape(updates)
                       << " must be the indices shape "
                       << detail::formatShape(indices);
  }
  if (failed(checkReduction(emitError, adaptor.getReductionAttr(),
                            type.getElementType()))) {
    return failure();
  }
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

FailureOr<DimVector> detail::inferGatherNDShape(ErrorFn emitError,
                                                ArrayRef<int64_t> input,
                                                ArrayRef<int64_t> indices,
                                                int64_t batchDims) {
  const int64_t rank = input.size(), indicesRank = indices.size();
  if (indicesRank < 1) {
    return emitError() << "indices must have rank of at least 1";
  }
  if (batchDims < 0 || batchDims >= rank || batchDims >= indicesRank) {
    return emitError() << "batch_dims " << batchDims
                       << " must be in [0, min(input rank " << rank
                       << ", indices rank " << indicesRank << "))";
  }
  const int64_t k = indices.back();
  if (isDynamic(k)) {
    return emitError() << "the last indices dim must be static";
  }
  if (k < 1 || k > rank - batchDims) {
    return emitError() << "the last indices dim " << k << " must be in [1, "
                       << rank - batchDims << "] (input rank - batch_dims)";
  }
  for (int64_t d = 0; d < batchDims; ++d) {
    if (!isDynamic(input[d]) && !isDynamic(indices[d]) &&
        input[d] != indices[d]) {
      return emitError() << "batch dim " << d << " of the input (" << input[d]
                         << ") and the indices (" << indices[d] << ") differ";
    }
  }
  DimVector shape(indices.drop_back());
  shape.append(input.begin() + batchDims + k, input.end());
  return shape;
}

LogicalResult GatherNDOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                          Components &components) {
  RankedTensorType type = getTensorType(adaptor.getInput());
  IntegerAttr batchDims = adaptor.getBatchDimsAttr();
  FailureOr<DimVector> shape =
      detail::inferGatherNDShape(emitError, type.getShape(),
                                 getTensorType(adaptor.getIndices()).getShape(),
                                 batchDims ? batchDims.getInt() : 0);
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, type.getElementType(), nullptr);
  return success();
}

} // namespace mlir::vpuc::IE
