//===- Registration.cpp - Registry entry point of VPUIP ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_dialect`: registers the
// `VPUIP` dialect and the `func` dialect its kernel declarations use.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/IR/DialectRegistry.h"

extern "C" void
vpuc_register_vpuip_dialect(mlir::vpuc::registry::Registry &registry) {
  registry.addDialects({"VPUIP", "func"}, [](mlir::DialectRegistry &r) {
    mlir::vpuc::VPUIP::registerVPUIPDialect(r);
  });
}
