//===- VPURTDialect.cpp - The VPURT dialect ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Dialect initialisation, registration and the verification of the module
// attribute `VPURT.section_sizes` and the argument attribute `VPURT.name`.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpurt/ir/VPURTDialect.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "dialects/vpurt/ir/VPURTTypes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"

#include "dialects/vpurt/ir/VPURTDialect.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPURT {

void VPURTDialect::initialize() {
  registerAttributesAndTypes();
  addOperations<
#define GET_OP_LIST
#include "dialects/vpurt/ir/VPURTOps.cpp.inc" // IWYU pragma: keep
      >();
}

/// `VPURT.section_sizes`: a dictionary from DDR and Constant to sizes.
static LogicalResult verifySectionSizes(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (!llvm::isa<ModuleOp>(op)) {
    return op->emitOpError()
           << "attribute '" << name << "' is only valid on a module";
  }
  auto sizes = llvm::dyn_cast<DictionaryAttr>(attr.getValue());
  if (!sizes) {
    return op->emitOpError() << "attribute '" << name
                             << "' must be a dictionary of section sizes in "
                                "bytes, e.g. {DDR = 4096 : i64}";
  }
  for (NamedAttribute entry : sizes) {
    StringRef section = entry.getName().getValue();
    std::optional<BufferSection> kind = symbolizeBufferSection(section);
    if (kind != BufferSection::DDR && kind != BufferSection::Constant) {
      return op->emitOpError()
             << "attribute '" << name << "' gives the size of '" << section
             << "': only the DDR and Constant sections have a recorded size";
    }
    auto size = llvm::dyn_cast<IntegerAttr>(entry.getValue());
    if (!size || size.getType().isIndex() || size.getInt() < 0) {
      return op->emitOpError()
             << "attribute '" << name << "': the size of section " << section
             << " must be a non-negative integer";
    }
  }
  return success();
}

LogicalResult VPURTDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  if (attr.getName().getValue() == kSectionSizesAttrName) {
    return verifySectionSizes(op, attr);
  }
  return op->emitOpError() << "unknown VPURT attribute '"
                           << attr.getName().getValue() << "'";
}

LogicalResult VPURTDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kNameAttrName) {
    return op->emitOpError()
           << "unknown VPURT argument attribute '" << name << "'";
  }
  auto value = llvm::dyn_cast<StringAttr>(attr.getValue());
  if (!value || value.getValue().empty()) {
    return op->emitOpError()
           << "argument attribute '" << name << "' of argument #" << argIndex
           << " must be a non-empty string (the network input or output name)";
  }
  return success();
}

void registerVPURTDialect(DialectRegistry &registry) {
  registry.insert<VPURTDialect, VPUIP::VPUIPDialect, func::FuncDialect>();
}

} // namespace mlir::vpuc::VPURT
