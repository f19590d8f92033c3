//===- ConstantWeights.h - Checks of a layer's constant weights -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The check the IE rewrites that build a new filter from a layer's weights
// share: the filter and the bias must be constants they can read, the filter
// in the default order.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_UTILS_CONSTANTWEIGHTS_H_
#define VPUC_PASSES_IE_UTILS_CONSTANTWEIGHTS_H_

#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::IE {

/// True if `filter` is a `const.Declare` whose ranked type is in the default
/// order and `bias` (null when the layer has none) is a `const.Declare`;
/// otherwise false, with `log` called once per reason ("the filter is not a
/// constant", "the bias is not a constant", "the filter is not in the
/// default order").
bool checkConstantWeights(Value filter, Value bias,
                          llvm::function_ref<void(const llvm::Twine &)> log);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_UTILS_CONSTANTWEIGHTS_H_
