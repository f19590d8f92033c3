//===- Registration.cpp - Registry component of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_dialect`: adds the IE dialect to
// the registry.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "dialects/ie/ir/IEDialect.h"
#include "mlir/IR/DialectRegistry.h"

extern "C" void
vpuc_register_ie_dialect(mlir::vpuc::registry::Registry &registry) {
  registry.addDialects({"IE"}, [](mlir::DialectRegistry &dialects) {
    mlir::vpuc::IE::registerIEDialect(dialects);
  });
}
