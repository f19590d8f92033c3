//===- Registration.cpp - Entry point of convert_copies_to_dma --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_convert_copies_to_dma`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/convert_copies_to_dma/ConvertCopiesToDma.h"

extern "C" void vpuc_register_vpuip_convert_copies_to_dma(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createConvertCopiesToDmaPass(); });
}
