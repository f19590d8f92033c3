//===- IEDialect.cpp - The IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Dialect initialisation (ops and attributes) and registration.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEDialect.h"

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEAttributes.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/DialectRegistry.h"

#include "dialects/ie/ir/IEDialect.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::IE {

void IEDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/ie/ir/IEOps.cpp.inc" // IWYU pragma: keep
      >();
  registerAttributes();
}

void registerIEDialect(DialectRegistry &registry) {
  registry.insert<IEDialect, func::FuncDialect, quant::QuantizationDialect>();
}

} // namespace mlir::vpuc::IE
