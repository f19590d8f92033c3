//===- Registration.cpp - Entry point of print_statistics -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpurt_print_statistics`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpurt/print_statistics/PrintStatistics.h"

extern "C" void
vpuc_register_vpurt_print_statistics(mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPURT::createPrintStatisticsPass(); });
}
