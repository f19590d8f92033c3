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
#include "mlir/IR/BuiltinOps.h"
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

LogicalResult VPUDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kNCEElementTypesAttrName) {
    return op->emitOpError() << "unknown VPU attribute '" << name << "'";
  }
  if (!llvm::isa<ModuleOp>(op)) {
    return op->emitOpError()
           << "attribute '" << name << "' is only valid on a module";
  }
  auto types = llvm::dyn_cast<ArrayAttr>(attr.getValue());
  if (!types || !llvm::all_of(types, llvm::IsaPred<StringAttr>)) {
    return op->emitOpError()
           << "attribute '" << name
           << "' must be an array of element type names (e.g. [\"u8\", "
              "\"f16\"])";
  }
  return success();
}

void registerVPUDialect(DialectRegistry &registry) {
  IE::registerIEDialect(registry);
  registry.insert<VPUDialect>();
  registerNCELegalityModels(registry);
}

} // namespace mlir::vpuc::VPU
