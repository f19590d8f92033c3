//===- Registration.cpp - Registry component of the VPU dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpu_dialect`: adds the VPU dialect
// to the registry.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

extern "C" void
vpuc_register_vpu_dialect(mlir::vpuc::registry::Registry &registry) {
  registry.addDialects({"VPU"}, [](mlir::DialectRegistry &dialects) {
    mlir::vpuc::VPU::registerVPUDialect(dialects);
  });
}
