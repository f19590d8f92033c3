//===- ClusterPieces.cpp - Values split over the clusters -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ClusterPieces.h.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/utils/ClusterPieces.h"

#include <string>

#include "core/support/Diagnostics.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "passes/vpu/utils/TileUtils.h"

namespace mlir::vpuc::VPU {

namespace {

/// The rows of a 4-D tensor.
constexpr int64_t kRowDim = 2;

/// Whether `operand` of an element-wise layer with `rows` output rows has
/// those rows (true) or broadcasts over them (false: its dim that NumPy rules
/// align with the rows is 1, or it has none); failure for anything else.
FailureOr<bool> hasLayerRows(Value operand, int64_t rows) {
  auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
  if (!type) {
    return failure();
  }
  if (type.getRank() < 2) {
    return false;
  }
  const int64_t extent = type.getDimSize(type.getRank() - 2);
  if (extent == rows) {
    return rows != 1;
  }
  if (extent == 1) {
    return false;
  }
  return failure();
}

int64_t resultRows(Operation *op) {
  return llvm::cast<RankedTensorType>(op->getResult(0).getType())
      .getDimSize(kRowDim);
}

/// The one value `of` gives every operand of the element-wise software
/// layer `op` that has its rows; `T()` (none) when an operand gives `T()`,
/// two give different values, none has the rows, or an operand neither has
/// the rows nor broadcasts over them.
template <typename T>
T getCommonOverRowOperands(Operation *op, function_ref<T(Value)> of) {
  const int64_t rows = resultRows(op);
  T common{};
  for (Value operand : op->getOperands()) {
    FailureOr<bool> full = hasLayerRows(operand, rows);
    if (failed(full)) {
      return T();
    }
    if (!*full) {
      continue;
    }
    T value = of(operand);
    if (value == T() || (common != T() && value != common)) {
      return T();
    }
    common = std::move(value);
  }
  return common;
}

/// Rows [offset, offset + count) of `operand` (its dim that NumPy rules
/// align with the rows of a 4-D result): the input of a VPU.Concat that is
/// exactly them, else a slice.
Value getRows(OpBuilder &builder, Location loc, Value operand, int64_t offset,
              int64_t count) {
  auto type = llvm::cast<RankedTensorType>(operand.getType());
  const int64_t dim = type.getRank() - 2;
  SmallVector<int64_t, 4> offsets(type.getRank(), 0);
  SmallVector<int64_t, 4> sizes(type.getShape());
  offsets[dim] = offset;
  sizes[dim] = count;
  if (auto concat = operand.getDefiningOp<ConcatOp>()) {
    if (Value input = getConcatInputAt(concat, offsets, sizes)) {
      return input;
    }
  }
  return sliceValue(builder, loc, operand, offsets, sizes);
}

} // namespace

bool isElementwiseSwLayer(Operation *op) {
  if (!llvm::isa<SWReLUOp, SWSigmoidOp, SWTanhOp, SWErfOp, SWGeluOp, SWExpOp,
                 SWLogOp, SWSqrtOp, SWAbsOp, SWFloorOp, SWCeilOp, SWHSwishOp,
                 SWHSigmoidOp, SWMishOp, SWSoftPlusOp, SWNegativeOp, SWClampOp,
                 SWEluOp, SWRoundOp, SWLeakyReluOp, SWSwishOp, SWConvertOp,
                 SWAddOp, SWSubtractOp, SWMultiplyOp, SWDivideOp, SWPowerOp,
                 SWMaximumOp, SWMinimumOp, SWSquaredDifferenceOp>(op) ||
      op->getNumResults() != 1) {
    return false;
  }
  auto type = llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.getRank() == 4;
}

std::optional<int64_t> getValueCluster(Value value) {
  Operation *op = value.getDefiningOp();
  if (!op) {
    return std::nullopt;
  }
  if (auto nce = llvm::dyn_cast<NCEOpInterface>(op)) {
    if (!op->hasAttr("cluster")) {
      return std::nullopt;
    }
    return nce.getClusterIndex();
  }
  if (!isElementwiseSwLayer(op)) {
    return std::nullopt;
  }
  return getCommonOverRowOperands<std::optional<int64_t>>(op, getValueCluster);
}

SmallVector<int64_t> getClusterRows(Value value) {
  auto concat = value.getDefiningOp<ConcatOp>();
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!concat || !type || type.getRank() != 4) {
    return {};
  }
  const int64_t axis = getConcatAxis(concat);
  SmallVector<int64_t> rows;
  if (axis == 1) {
    for (Value input : concat.getInputs()) {
      SmallVector<int64_t> inputRows = getClusterRows(input);
      if (inputRows.empty() || (!rows.empty() && inputRows != rows)) {
        return {};
      }
      rows = std::move(inputRows);
    }
    return rows;
  }
  if (axis != kRowDim) {
    return {};
  }
  for (auto [index, input] : llvm::enumerate(concat.getInputs())) {
    if (getValueCluster(input) != static_cast<int64_t>(index)) {
      return {};
    }
    rows.push_back(
        llvm::cast<RankedTensorType>(input.getType()).getDimSize(kRowDim));
  }
  return rows;
}

SmallVector<int64_t> getSwLayerClusterRows(Operation *op) {
  if (!isElementwiseSwLayer(op)) {
    return {};
  }
  return getCommonOverRowOperands<SmallVector<int64_t>>(op, getClusterRows);
}

void splitSwLayerOverClusters(Operation *op, ArrayRef<int64_t> rows) {
  OpBuilder builder(op);
  auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  const int64_t layerRows = type.getDimSize(kRowDim);
  SmallVector<Value> pieces;
  int64_t offset = 0;
  for (auto [index, count] : llvm::enumerate(rows)) {
    Location loc = support::getPieceLocation(op->getLoc(),
                                             "cluster" + std::to_string(index));
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      if (*hasLayerRows(operand, layerRows)) {
        mapping.map(operand, getRows(builder, loc, operand, offset, count));
      }
    }
    Operation *piece = builder.clone(*op, mapping);
    piece->setLoc(loc);
    SmallVector<int64_t, 4> shape(type.getShape());
    shape[kRowDim] = count;
    piece->getResult(0).setType(RankedTensorType::get(
        shape, type.getElementType(), type.getEncoding()));
    pieces.push_back(piece->getResult(0));
    offset += count;
  }
  auto concat = builder.create<ConcatOp>(op->getLoc(), type, pieces,
                                         builder.getI64IntegerAttr(kRowDim));
  op->getResult(0).replaceAllUsesWith(concat.getResult());
  SmallVector<Value, 2> operands(op->getOperands());
  op->erase();
  // A join of the pieces that only the layer read is left unread: without
  // it the pieces are not copied into one buffer.
  for (Value operand : operands) {
    if (auto join = operand.getDefiningOp<ConcatOp>();
        join && join.use_empty()) {
      join.erase();
    }
  }
}

} // namespace mlir::vpuc::VPU
