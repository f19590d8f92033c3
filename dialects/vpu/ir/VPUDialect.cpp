//===- VPUDialect.cpp - The VPU dialect -------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Dialect initialisation (ops and attributes) and registration (with the
// NCE legality models of the IE layers).
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/VPUDialect.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/DialectRegistry.h"

#include "dialects/vpu/ir/VPUDialect.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPU {

void VPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/vpu/ir/VPUOps.cpp.inc" // IWYU pragma: keep
      >();
  registerAttributes();
}

void registerVPUDialect(DialectRegistry &registry) {
  IE::registerIEDialect(registry);
  registry.insert<VPUDialect>();
  registerNCELegalityModels(registry);
}

} // namespace mlir::vpuc::VPU
