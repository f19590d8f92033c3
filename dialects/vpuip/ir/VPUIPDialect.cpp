//===- VPUIPDialect.cpp - The VPUIP dialect ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Dialect initialisation, registration, and the verification of the
// dialect's discardable attributes: `VPUIP.resources` on a module and
// `VPUIP.kernel_entry` on a kernel declaration.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPDialect.h"

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

#include "dialects/vpuip/ir/VPUIPDialect.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPUIP {

void VPUIPDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/vpuip/ir/VPUIPOps.cpp.inc" // IWYU pragma: keep
      >();
}

/// True if `type` can be a scalar parameter of a kernel.
static bool isKernelScalarType(Type type) {
  return llvm::isa<IntegerType, FloatType>(type);
}

/// Verifies a kernel declaration (see the dialect description).
static LogicalResult verifyKernelDeclaration(Operation *op,
                                             NamedAttribute attr) {
  auto entry = llvm::dyn_cast<StringAttr>(attr.getValue());
  if (!entry || entry.getValue().empty()) {
    return op->emitOpError() << "attribute '" << attr.getName().getValue()
                             << "' must be a non-empty string";
  }
  auto func = llvm::dyn_cast<func::FuncOp>(op);
  if (!func) {
    return op->emitOpError() << "attribute '" << attr.getName().getValue()
                             << "' is only valid on a func.func";
  }
  auto module = llvm::dyn_cast_if_present<ModuleOp>(func->getParentOp());
  if (!module || module.getName() != VPUIPDialect::kKernelModuleName) {
    return func.emitOpError() << "kernel declaration must be in module @"
                              << VPUIPDialect::kKernelModuleName;
  }
  if (!func.isDeclaration() || !func.isPrivate()) {
    return func.emitOpError()
           << "kernel must be a private declaration (no body)";
  }
  if (func.getNumResults() != 0) {
    return func.emitOpError() << "kernel must not return values (it writes "
                                 "its output buffers)";
  }
  bool seenScalar = false;
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (auto memref = llvm::dyn_cast<BaseMemRefType>(type)) {
      if (seenScalar) {
        return func.emitOpError()
               << "kernel argument #" << index
               << " is a buffer after a scalar: buffers come first";
      }
      if (failed(shape::getElemTypeSize(memref.getElementType()))) {
        return func.emitOpError()
               << "kernel argument #" << index << " has element type "
               << memref.getElementType() << " without a storage size";
      }
      continue;
    }
    if (!isKernelScalarType(type)) {
      return func.emitOpError()
             << "kernel argument #" << index << " has type " << type
             << ": expected a memref or an integer or float scalar";
    }
    seenScalar = true;
  }
  return success();
}

LogicalResult VPUIPDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kResourcesAttrName) {
    if (!llvm::isa<ModuleOp>(op)) {
      return op->emitOpError()
             << "attribute '" << name << "' is only valid on a module";
    }
    if (!llvm::isa<ResourcesAttr>(attr.getValue())) {
      return op->emitOpError() << "attribute '" << name
                               << "' must be a #VPUIP.resources attribute";
    }
    return success();
  }
  if (name == kKernelEntryAttrName) {
    return verifyKernelDeclaration(op, attr);
  }
  if (name == kNetworkMacsAttrName) {
    auto counts = llvm::dyn_cast<DictionaryAttr>(attr.getValue());
    if (!llvm::isa<ModuleOp>(op) || !counts ||
        !llvm::all_of(counts, [](NamedAttribute count) {
          auto macs = llvm::dyn_cast<IntegerAttr>(count.getValue());
          return macs && macs.getType().isInteger(64) && macs.getInt() >= 0;
        })) {
      return op->emitOpError()
             << "attribute '" << name
             << "' must be a module's dictionary of non-negative i64 MAC "
                "counts by element type";
    }
    return success();
  }
  if (name == kNetworkWeightBytesAttrName) {
    auto bytes = llvm::dyn_cast<IntegerAttr>(attr.getValue());
    if (!llvm::isa<ModuleOp>(op) || !bytes || !bytes.getType().isInteger(64) ||
        bytes.getInt() < 0) {
      return op->emitOpError() << "attribute '" << name
                               << "' must be a module's non-negative i64 "
                                  "byte count";
    }
    return success();
  }
  return op->emitOpError() << "unknown VPUIP attribute '" << name << "'";
}

void registerVPUIPDialect(DialectRegistry &registry) {
  registry.insert<VPUIPDialect, func::FuncDialect>();
}

} // namespace mlir::vpuc::VPUIP
