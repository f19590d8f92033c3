//===- ConstantWeights.cpp - Checks of a layer's constant weights ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/ConstantWeights.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstOps.h"

namespace mlir::vpuc::IE {

bool checkConstantWeights(Value filter, Value bias,
                          llvm::function_ref<void(const llvm::Twine &)> log) {
  bool ok = true;
  if (!filter.getDefiningOp<Const::DeclareOp>()) {
    log("the filter is not a constant");
    ok = false;
  }
  if (bias && !bias.getDefiningOp<Const::DeclareOp>()) {
    log("the bias is not a constant");
    ok = false;
  }
  FailureOr<shape::DimsOrder> order = shape::getOrder(filter.getType());
  if (failed(order) || !order->isIdentity()) {
    log("the filter is not in the default order");
    ok = false;
  }
  return ok;
}

} // namespace mlir::vpuc::IE
