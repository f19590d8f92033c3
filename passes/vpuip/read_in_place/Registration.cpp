//===- Registration.cpp - Entry point of read_in_place ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_read_in_place`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/read_in_place/ReadInPlace.h"

extern "C" void
vpuc_register_vpuip_read_in_place(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPUIP::createReadInPlacePass(); });
}
