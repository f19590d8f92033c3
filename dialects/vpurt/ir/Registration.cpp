//===- Registration.cpp - Registry entry point of VPURT ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpurt_dialect`: registers the
// `VPURT` dialect and the dialects its IR holds (`VPUIP`, `func`).
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "mlir/IR/DialectRegistry.h"

extern "C" void
vpuc_register_vpurt_dialect(mlir::vpuc::registry::Registry &registry) {
  registry.addDialects({"VPURT", "VPUIP", "func"},
                       [](mlir::DialectRegistry &r) {
                         mlir::vpuc::VPURT::registerVPURTDialect(r);
                       });
}
