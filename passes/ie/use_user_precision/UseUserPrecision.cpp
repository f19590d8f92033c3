//===- UseUserPrecision.cpp - vpuc-ie-use-user-precision --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements UseUserPrecisionPass: IE.Convert ops at the network boundary so
// that the entry point takes and returns the precisions of IE.CNNNetwork's
// IE.DataInfo ops.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/use_user_precision/UseUserPrecision.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/NetworkBoundary.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_USEUSERPRECISIONPASS
#include "passes/ie/use_user_precision/Passes.h.inc" // IWYU pragma: keep

namespace {

/// True if IE.Convert converts tensors of `elemType` (from and to it).
static bool isConvertible(Type elemType) {
  return elemType.isF16() || elemType.isBF16() || elemType.isF32() ||
         elemType.isF64() || llvm::isa<IntegerType>(elemType);
}

/// Returns the type `type` gets for the user precision of `info`, or
/// std::nullopt when it already has that precision. Fails, with an error on
/// `info`, when IE.Convert cannot convert between the two element types. `what`
/// is "input" or "output".
static FailureOr<std::optional<Type>> getUserType(DataInfoOp info, Type type,
                                                  StringRef what) {
  auto tensorType = llvm::cast<RankedTensorType>(type);
  Type elemType = tensorType.getElementType();
  Type precision = info.getPrecision();
  if (precision == elemType) {
    return std::optional<Type>();
  }
  if (!isConvertible(precision) || !isConvertible(elemType)) {
    return info.emitOpError()
           << "cannot convert " << what << " '" << info.getName()
           << "' between the user precision " << precision
           << " and the network's element type " << elemType
           << ": IE.Convert supports f16, bf16, f32, f64 and integers";
  }
  return std::optional<Type>(tensorType.clone(precision));
}

/// Creates `IE.Convert(value)` to the element type of `type`.
static Value createConvert(OpBuilder &builder, Location loc, Value value,
                           Type type) {
  Type elemType = llvm::cast<RankedTensorType>(type).getElementType();
  return builder.create<ConvertOp>(loc, value, TypeAttr::get(elemType));
}

struct UseUserPrecisionPass
    : public impl::UseUserPrecisionPassBase<UseUserPrecisionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(applyUserTypes(getOperation(), getUserType, createConvert))) {
      signalPassFailure();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
