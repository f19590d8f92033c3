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
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "passes/vpu/utils/TileUtils.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::vpuc::VPU {

namespace {

/// The channels and the rows of a 4-D tensor.
constexpr int64_t kChannelDim = 1;
constexpr int64_t kRowDim = 2;
constexpr int64_t kRank = 4;

RankedTensorType resultType(Operation *op) {
  return llvm::cast<RankedTensorType>(op->getResult(0).getType());
}

/// The extent of `operand` along the dim that NumPy rules align with dim
/// `dim` of a 4-D result (1 when it has none); nullopt for an unranked
/// operand.
std::optional<int64_t> getAlignedExtent(Value operand, int64_t dim) {
  auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
  if (!type) {
    return std::nullopt;
  }
  const int64_t aligned = type.getRank() - (kRank - dim);
  return aligned < 0 ? 1 : type.getDimSize(aligned);
}

/// The one value `of` gives every operand of the element-wise software
/// layer `op` that has the layer's whole shape (the others broadcast into
/// it); `T()` (none) when an operand gives `T()`, two give different values,
/// or none has the whole shape.
template <typename T>
T getCommonOverFullOperands(Operation *op, function_ref<T(Value)> of) {
  ArrayRef<int64_t> shape = resultType(op).getShape();
  T common{};
  for (Value operand : op->getOperands()) {
    auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
    if (!type || type.getShape() != shape) {
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

/// Elements [offset, offset + count) of `operand` along the dim that NumPy
/// rules align with dim `dim` of a 4-D result: the input of a VPU.Concat
/// that is exactly them, else a slice.
Value getPart(OpBuilder &builder, Location loc, Value operand, int64_t dim,
              int64_t offset, int64_t count) {
  auto type = llvm::cast<RankedTensorType>(operand.getType());
  const int64_t aligned = type.getRank() - (kRank - dim);
  SmallVector<int64_t, 4> offsets(type.getRank(), 0);
  SmallVector<int64_t, 4> sizes(type.getShape());
  offsets[aligned] = offset;
  sizes[aligned] = count;
  if (auto concat = operand.getDefiningOp<ConcatOp>()) {
    if (Value input = getConcatInputAt(concat, offsets, sizes)) {
      return input;
    }
  }
  return sliceValue(builder, loc, operand, offsets, sizes);
}

/// Erases the layer `op`, which its pieces replaced, and the joins of
/// pieces only it read: left unread, they would copy the pieces into one
/// buffer.
void eraseWithUnreadJoins(Operation *op) {
  // Each once: a layer may read one join twice (x * x).
  llvm::SmallSetVector<Value, 2> operands(op->getOperands().begin(),
                                          op->getOperands().end());
  op->erase();
  for (Value operand : operands) {
    if (auto join = operand.getDefiningOp<ConcatOp>();
        join && join.use_empty()) {
      join.erase();
    }
  }
}

} // namespace

int64_t ClusterSplit::offsetOf(int64_t cluster) const {
  int64_t offset = 0;
  for (int64_t i = 0; i < cluster; ++i) {
    offset += extents[i];
  }
  return offset;
}

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
  return type && type.getRank() == kRank;
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
  return getCommonOverFullOperands<std::optional<int64_t>>(op, getValueCluster);
}

ClusterSplit getClusterSplit(Value value) {
  auto concat = value.getDefiningOp<ConcatOp>();
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!concat || !type || type.getRank() != kRank) {
    return {};
  }
  const int64_t axis = getConcatAxis(concat);
  if (axis != kChannelDim && axis != kRowDim) {
    return {};
  }
  // Input `i` computed in cluster `i`: split over the axis.
  ClusterSplit split;
  split.dim = axis;
  for (auto [index, input] : llvm::enumerate(concat.getInputs())) {
    if (getValueCluster(input) != static_cast<int64_t>(index)) {
      split.extents.clear();
      break;
    }
    split.extents.push_back(
        llvm::cast<RankedTensorType>(input.getType()).getDimSize(axis));
  }
  if (!split.empty() || axis != kChannelDim) {
    return split;
  }
  // A join over channels of values split alike over rows.
  ClusterSplit rows;
  for (Value input : concat.getInputs()) {
    ClusterSplit inputSplit = getClusterSplit(input);
    if (inputSplit.empty() || inputSplit.dim != kRowDim ||
        (!rows.empty() && inputSplit != rows)) {
      return {};
    }
    rows = std::move(inputSplit);
  }
  return rows;
}

ClusterSplit getSwLayerClusterSplit(Operation *op) {
  if (!isElementwiseSwLayer(op)) {
    return {};
  }
  ClusterSplit split =
      getCommonOverFullOperands<ClusterSplit>(op, getClusterSplit);
  if (split.extents.size() < 2) {
    return {};
  }
  // Every operand has the split extent or broadcasts along the dim.
  const int64_t extent = resultType(op).getDimSize(split.dim);
  for (Value operand : op->getOperands()) {
    std::optional<int64_t> operandExtent = getAlignedExtent(operand, split.dim);
    if (!operandExtent || (*operandExtent != 1 && *operandExtent != extent)) {
      return {};
    }
  }
  return split;
}

void splitSwLayerOverClusters(Operation *op, const ClusterSplit &split) {
  splitSwLayer(op, split, "cluster");
}

Value splitSwLayer(Operation *op, const ClusterSplit &split, StringRef suffix) {
  OpBuilder builder(op);
  RankedTensorType type = resultType(op);
  const int64_t layerExtent = type.getDimSize(split.dim);
  SmallVector<Value> pieces;
  for (auto [index, extent] : llvm::enumerate(split.extents)) {
    Location loc = support::getPieceLocation(
        op->getLoc(), suffix.str() + std::to_string(index));
    const int64_t offset = split.offsetOf(static_cast<int64_t>(index));
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      if (getAlignedExtent(operand, split.dim) == layerExtent) {
        mapping.map(operand,
                    getPart(builder, loc, operand, split.dim, offset, extent));
      }
    }
    Operation *piece = builder.clone(*op, mapping);
    piece->setLoc(loc);
    SmallVector<int64_t, 4> shape(type.getShape());
    shape[split.dim] = extent;
    piece->getResult(0).setType(RankedTensorType::get(
        shape, type.getElementType(), type.getEncoding()));
    pieces.push_back(piece->getResult(0));
  }
  auto concat = builder.create<ConcatOp>(op->getLoc(), type, pieces,
                                         builder.getI64IntegerAttr(split.dim));
  op->getResult(0).replaceAllUsesWith(concat.getResult());
  eraseWithUnreadJoins(op);
  return concat.getResult();
}

ClusterSplit getRowMeanClusterSplit(Operation *op) {
  auto mean = llvm::dyn_cast<SWReduceMeanOp>(op);
  if (!mean || !mean.getKeepDims()) {
    return {};
  }
  auto type = llvm::dyn_cast<RankedTensorType>(mean.getInput().getType());
  // The weights are floats in the result's order (an affine map, or none).
  Attribute encoding = resultType(op).getEncoding();
  if (!type || type.getRank() != kRank ||
      !llvm::isa<FloatType>(type.getElementType()) ||
      !llvm::isa<FloatType>(resultType(op).getElementType()) ||
      (encoding && !llvm::isa<AffineMapAttr>(encoding))) {
    return {};
  }
  SmallVector<int64_t, 2> axes;
  for (int64_t axis : mean.getAxes()) {
    axes.push_back(axis < 0 ? axis + kRank : axis);
  }
  llvm::sort(axes);
  if (axes != SmallVector<int64_t, 2>{kRowDim, kRowDim + 1}) {
    return {};
  }
  ClusterSplit split = getClusterSplit(mean.getInput());
  if (split.dim != kRowDim || split.extents.size() < 2) {
    return {};
  }
  return split;
}

void splitRowMeanOverClusters(Operation *op, const ClusterSplit &split) {
  auto mean = llvm::cast<SWReduceMeanOp>(op);
  OpBuilder builder(op);
  RankedTensorType type = resultType(op);
  Value input = mean.getInput();
  const int64_t rows =
      llvm::cast<RankedTensorType>(input.getType()).getDimSize(kRowDim);
  // The weights are scalars of the result's element type and order.
  auto elementType = llvm::cast<FloatType>(type.getElementType());
  Value sum;
  for (auto [index, extent] : llvm::enumerate(split.extents)) {
    Location loc = support::getPieceLocation(op->getLoc(),
                                             "cluster" + std::to_string(index));
    const int64_t offset = split.offsetOf(static_cast<int64_t>(index));
    IRMapping mapping;
    mapping.map(input, getPart(builder, loc, input, kRowDim, offset, extent));
    Operation *piece = builder.clone(*op, mapping);
    piece->setLoc(loc);
    llvm::APFloat weight(static_cast<double>(extent) /
                         static_cast<double>(rows));
    bool lost = false;
    weight.convert(elementType.getFloatSemantics(),
                   llvm::APFloat::rmNearestTiesToEven, &lost);
    auto content = Const::ContentAttr::get(DenseElementsAttr::get(
        RankedTensorType::get({1, 1, 1, 1}, type.getElementType()), weight));
    if (type.getEncoding()) {
      content = content.reorder(
          llvm::cast<AffineMapAttr>(type.getEncoding()).getValue());
    }
    Value scale = builder.create<Const::DeclareOp>(loc, content);
    OperationState product(loc, SWMultiplyOp::getOperationName());
    product.addOperands({piece->getResult(0), scale});
    product.addTypes(type);
    Value weighted = builder.create(product)->getResult(0);
    if (!sum) {
      sum = weighted;
      continue;
    }
    OperationState add(op->getLoc(), SWAddOp::getOperationName());
    add.addOperands({sum, weighted});
    add.addTypes(type);
    sum = builder.create(add)->getResult(0);
  }
  op->getResult(0).replaceAllUsesWith(sum);
  eraseWithUnreadJoins(op);
}

} // namespace mlir::vpuc::VPU
