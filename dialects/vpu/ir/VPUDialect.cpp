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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "dialects/vpu/ir/VPUDialect.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPU {

void VPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/vpu/ir/VPUOps.cpp.inc" // IWYU pragma: keep
      >();
  registerAttributes();
}

/// Verifies `VPU.nce_limits`: a dictionary of the limit fields, each a
/// positive integer; every field is required but the optional ones (a
/// compressed-input channel count below the channel alignment).
static LogicalResult verifyNCELimits(Operation *op, StringRef name,
                                     Attribute value) {
  static constexpr llvm::StringLiteral kCompressed =
      "compressed_input_channels";
  // The required fields, then the optional one.
  static constexpr llvm::StringLiteral kFields[] = {
      "max_kernel_size", "max_stride", "max_pad", "channel_alignment",
      kCompressed};
  const auto kRequired =
      llvm::ArrayRef<llvm::StringLiteral>(kFields).drop_back();
  auto dict = llvm::dyn_cast<DictionaryAttr>(value);
  if (!dict) {
    return op->emitOpError() << "attribute '" << name
                             << "' must be a dictionary of the NCE limits";
  }
  for (NamedAttribute field : dict) {
    if (!llvm::is_contained(kFields, field.getName().getValue())) {
      return op->emitOpError()
             << "attribute '" << name << "' has an unknown field '"
             << field.getName().getValue() << "' (expected "
             << llvm::join(llvm::ArrayRef<llvm::StringLiteral>(kFields), ", ")
             << ")";
    }
  }
  for (StringRef field : kRequired) {
    auto integer = dict.getAs<IntegerAttr>(field);
    if (!integer || integer.getInt() <= 0) {
      return op->emitOpError()
             << "attribute '" << name << "' needs a positive integer '" << field
             << "'";
    }
  }
  if (Attribute compressed = dict.get(kCompressed)) {
    auto integer = llvm::dyn_cast<IntegerAttr>(compressed);
    const int64_t alignment =
        dict.getAs<IntegerAttr>("channel_alignment").getInt();
    if (!integer || integer.getInt() <= 0 || integer.getInt() >= alignment) {
      return op->emitOpError()
             << "attribute '" << name << "' field '" << kCompressed
             << "' must be a positive integer below channel_alignment ("
             << alignment << ")";
    }
  }
  return success();
}

LogicalResult VPUDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kNCEElementTypesAttrName && name != kNCELimitsAttrName) {
    return op->emitOpError() << "unknown VPU attribute '" << name << "'";
  }
  if (!llvm::isa<ModuleOp>(op)) {
    return op->emitOpError()
           << "attribute '" << name << "' is only valid on a module";
  }
  if (name == kNCELimitsAttrName) {
    return verifyNCELimits(op, name, attr.getValue());
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
