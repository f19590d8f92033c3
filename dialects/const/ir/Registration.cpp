//===- Registration.cpp - Registry entry point of the const dialect -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_const_dialect`: registers the
// `const` dialect and the `quant` dialect it depends on.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "dialects/const/ir/ConstDialect.h"
#include "mlir/IR/DialectRegistry.h"

extern "C" void
vpuc_register_const_dialect(mlir::vpuc::registry::Registry &registry) {
  registry.addDialects({"const", "quant"}, [](mlir::DialectRegistry &r) {
    mlir::vpuc::Const::registerConstDialect(r);
  });
}
