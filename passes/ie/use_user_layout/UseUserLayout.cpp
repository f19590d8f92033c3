//===- UseUserLayout.cpp - vpuc-ie-use-user-layout --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements UseUserLayoutPass: IE.Reorder ops at the network boundary so that
// the entry point takes and returns the layouts of IE.CNNNetwork's IE.DataInfo
// ops while its body keeps computing in its own orders.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/use_user_layout/UseUserLayout.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/NetworkBoundary.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_USEUSERLAYOUTPASS
#include "passes/ie/use_user_layout/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The order of the user's buffer described by `info`: its layout, or the
/// default order when it has none. The DataInfo verifier guarantees a
/// permutation of the tensor's rank, which the caller has checked is at most
/// DimsOrder::kMaxRank.
static shape::DimsOrder getUserOrder(DataInfoOp info) {
  std::optional<AffineMap> layout = info.getLayout();
  if (!layout) {
    return shape::DimsOrder::getDefaultOrder(info.getTensorType().getRank());
  }
  FailureOr<shape::DimsOrder> order = shape::DimsOrder::fromAffineMap(*layout);
  assert(succeeded(order) && "expects a verified layout of a supported rank");
  return *order;
}

/// Returns the type `type` gets for the user layout of `info`, or std::nullopt
/// when it already has that layout. Fails, with an error on `info`, when
/// core/shape cannot read the order of `type`. `what` is "input" or
/// "output".
static FailureOr<std::optional<Type>> getUserType(DataInfoOp info, Type type,
                                                  StringRef what) {
  auto tensorType = llvm::cast<RankedTensorType>(type);
  FailureOr<shape::DimsOrder> order = shape::getOrder(tensorType);
  if (failed(order)) {
    return info.emitOpError()
           << "cannot give " << what << " '" << info.getName()
           << "' the user layout: the entry point's type " << type
           << " has no supported order (an encoding that is not a layout, or "
              "more than "
           << shape::DimsOrder::kMaxRank << " dims)";
  }
  shape::DimsOrder userOrder = getUserOrder(info);
  if (userOrder == *order) {
    return std::optional<Type>();
  }
  return std::optional<Type>(shape::withOrder(tensorType, userOrder));
}

/// Creates `IE.Reorder(value)` to the order of `type` (which the callers have
/// checked core/shape can read).
static Value createReorder(OpBuilder &builder, Location loc, Value value,
                           Type type) {
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  assert(succeeded(order) && "expects a type with a supported layout");
  auto reorder = builder.create<ReorderOp>(
      loc, value, AffineMapAttr::get(order->toAffineMap(builder.getContext())));
  return reorder.getOutput();
}

struct UseUserLayoutPass
    : public impl::UseUserLayoutPassBase<UseUserLayoutPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(applyUserTypes(getOperation(), getUserType, createReorder))) {
      signalPassFailure();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
