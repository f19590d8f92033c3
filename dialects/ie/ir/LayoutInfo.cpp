//===- LayoutInfo.cpp - Layouts an IE layer supports ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements LayoutInfo and the default rules of IE_LayoutInfoOpInterface.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/LayoutInfo.h"

#include "core/shape/ShapedTypeUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::vpuc::IE {

using shape::DimsOrder;

bool LayoutInfo::accepts(ArrayRef<DimsOrder> operandOrders,
                         ArrayRef<DimsOrder> resultOrders) const {
  if (operandOrders.size() != operands.size() ||
      resultOrders.size() != results.size()) {
    return false;
  }
  llvm::SmallDenseMap<int, DimsOrder> groupOrders;
  auto check = [&](ArrayRef<TensorLayouts> layouts,
                   ArrayRef<DimsOrder> orders) {
    for (auto [layout, order] : llvm::zip_equal(layouts, orders)) {
      if (!layout.accepts(order)) {
        return false;
      }
      if (layout.group >= 0) {
        auto [it, inserted] = groupOrders.try_emplace(layout.group, order);
        if (!inserted && it->second != order) {
          return false;
        }
      }
    }
    return true;
  };
  return check(operands, operandOrders) && check(results, resultOrders);
}

/// The rank of `value`'s type, or -1 if it is not a ranked tensor.
static int64_t getRank(Value value) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  return type ? type.getRank() : -1;
}

LayoutInfo getDefaultLayoutInfo(Operation *op) {
  LayoutInfo info;
  if (op->hasTrait<AnyLayout>()) {
    const int64_t rank =
        op->getNumResults() > 0 ? getRank(op->getResult(0)) : -1;
    auto layoutOf = [&](Value value) {
      return TensorLayouts::any(rank >= 0 && getRank(value) == rank ? 0 : -1);
    };
    llvm::transform(op->getOperands(), std::back_inserter(info.operands),
                    layoutOf);
    llvm::transform(op->getResults(), std::back_inserter(info.results),
                    layoutOf);
    return info;
  }
  if (op->hasTrait<SpatialLayout>()) {
    // NCHW / NHWC for 2-D ops; their [N, C, W] forms (identity / channels last)
    // for 1-D ops.
    const bool is1D =
        op->getNumOperands() > 0 && getRank(op->getOperand(0)) == 3;
    const DimsOrder spatial2D[] = {DimsOrder::NCHW, DimsOrder::NHWC};
    const DimsOrder spatial1D[] = {DimsOrder::CHW, DimsOrder::CWH};
    ArrayRef<DimsOrder> spatial =
        is1D ? ArrayRef<DimsOrder>(spatial1D) : spatial2D;
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      info.operands.push_back(i == 0 ? TensorLayouts::oneOf(spatial, 0)
                                     : TensorLayouts::any());
    }
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      info.results.push_back(i == 0 ? TensorLayouts::oneOf(spatial, 0)
                                    : TensorLayouts::any());
    }
    return info;
  }
  auto defaultOf = [](Value value) {
    const int64_t rank = getRank(value);
    return rank < 0 ? TensorLayouts::any()
                    : TensorLayouts::oneOf({DimsOrder::getDefaultOrder(rank)});
  };
  llvm::transform(op->getOperands(), std::back_inserter(info.operands),
                  defaultOf);
  llvm::transform(op->getResults(), std::back_inserter(info.results),
                  defaultOf);
  return info;
}

LogicalResult getCurrentLayouts(Operation *op,
                                SmallVectorImpl<DimsOrder> &operandOrders,
                                SmallVectorImpl<DimsOrder> &resultOrders) {
  auto collect = [](ValueRange values, SmallVectorImpl<DimsOrder> &orders) {
    for (Value value : values) {
      if (!llvm::isa<RankedTensorType>(value.getType())) {
        return failure();
      }
      FailureOr<DimsOrder> order = shape::getOrder(value.getType());
      if (failed(order)) {
        return failure();
      }
      orders.push_back(*order);
    }
    return success();
  };
  operandOrders.clear();
  resultOrders.clear();
  if (failed(collect(op->getOperands(), operandOrders)) ||
      failed(collect(op->getResults(), resultOrders))) {
    return failure();
  }
  return success();
}

namespace detail {
bool acceptsLayouts(Operation *op, const LayoutInfo &info,
                    ArrayRef<DimsOrder> operandOrders,
                    ArrayRef<DimsOrder> resultOrders) {
  if (operandOrders.size() != op->getNumOperands() ||
      resultOrders.size() != op->getNumResults()) {
    return false;
  }
  auto ranksMatch = [](ValueRange values, ArrayRef<DimsOrder> orders) {
    for (auto [value, order] : llvm::zip_equal(values, orders)) {
      const int64_t rank = getRank(value);
      if (rank >= 0 && rank != order.rank()) {
        return false;
      }
    }
    return true;
  };
  return ranksMatch(op->getOperands(), operandOrders) &&
         ranksMatch(op->getResults(), resultOrders) &&
         info.accepts(operandOrders, resultOrders);
}
} // namespace detail

} // namespace mlir::vpuc::IE
