//===- LayoutInfo.h - Layouts an IE layer supports --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// LayoutInfo: what IE_LayoutInfoOpInterface::getSupportedLayouts returns. For
// each operand and result of a layer, the memory orders (core/shape DimsOrder)
// it accepts (or any order) and an optional group: tensors of one group must
// have the same order. Also the marker traits IE_AnyLayout / IE_SpatialLayout
// that select the interface's default rules, and the helpers behind its default
// methods.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_LAYOUTINFO_H_
#define VPUC_DIALECTS_IE_IR_LAYOUTINFO_H_

#include "core/shape/DimsOrder.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

/// The layouts one operand or result accepts.
struct TensorLayouts {
  /// The accepted orders; empty means any order (of the tensor's rank).
  SmallVector<shape::DimsOrder, 2> orders;
  /// Tensors of one op with the same group (>= 0) must have the same order; -1
  /// is no group.
  int group = -1;

  /// Any order, in `group`.
  static TensorLayouts any(int group = -1) { return {{}, group}; }
  /// One of `orders`, in `group`.
  static TensorLayouts oneOf(ArrayRef<shape::DimsOrder> orders,
                             int group = -1) {
    return {SmallVector<shape::DimsOrder, 2>(orders.begin(), orders.end()),
            group};
  }

  /// True if `order` is accepted (ignoring the group).
  bool accepts(shape::DimsOrder order) const {
    return orders.empty() || llvm::is_contained(orders, order);
  }
};

/// The layouts of every operand and result of one op.
struct LayoutInfo {
  /// One entry per operand, in operand order.
  SmallVector<TensorLayouts, 4> operands;
  /// One entry per result, in result order.
  SmallVector<TensorLayouts, 1> results;

  /// True if there is one order per operand and per result, each accepted, and
  /// the orders of every group agree. Ranks are not checked (see
  /// detail::acceptsLayouts).
  bool accepts(ArrayRef<shape::DimsOrder> operandOrders,
               ArrayRef<shape::DimsOrder> resultOrders) const;
};

/// The default layouts of `op` (IE_LayoutInfoOpInterface's default rule, chosen
/// by the traits below): AnyLayout, SpatialLayout, or the default order for
/// every tensor.
LayoutInfo getDefaultLayoutInfo(Operation *op);

/// The orders of the operand and result types of `op` (their layout encodings;
/// the default order without one). Fails if a type is not a ranked tensor with
/// a valid order.
LogicalResult
getCurrentLayouts(Operation *op,
                  SmallVectorImpl<shape::DimsOrder> &operandOrders,
                  SmallVectorImpl<shape::DimsOrder> &resultOrders);

namespace detail {
/// True if `operandOrders` / `resultOrders` have one order per operand / result
/// of `op`, each of the rank of its (ranked tensor) type, and `info` accepts
/// them.
bool acceptsLayouts(Operation *op, const LayoutInfo &info,
                    ArrayRef<shape::DimsOrder> operandOrders,
                    ArrayRef<shape::DimsOrder> resultOrders);
} // namespace detail

/// Marker trait: the op computes on logical indices only; any order, with the
/// tensors of the first result's rank sharing one.
template <typename ConcreteType>
class AnyLayout : public OpTrait::TraitBase<ConcreteType, AnyLayout> {};

/// Marker trait: 2-D spatial op; first operand and first result NCHW or NHWC,
/// the same.
template <typename ConcreteType>
class SpatialLayout : public OpTrait::TraitBase<ConcreteType, SpatialLayout> {};

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_LAYOUTINFO_H_
