//===- ConstDialect.cpp - The Const dialect ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the `const` dialect: registration of its attributes and ops and
// the constant materializer used by folding.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstDialect.h"

#include "dialects/common/ConstantSlicing.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"

#include "dialects/const/ir/ConstDialect.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::Const {

namespace {

/// Slices of `const.Declare` buffers: a new declaration whose content is the
/// slice (a `#const.SubView` appended to the transformations).
struct ConstSlicing : public ConstantSlicingInterface {
  using ConstantSlicingInterface::ConstantSlicingInterface;

  Value sliceConstant(OpBuilder &builder, Location loc, Value constant,
                      ArrayRef<int64_t> offsets,
                      ArrayRef<int64_t> sizes) const override {
    auto declare = constant.getDefiningOp<DeclareOp>();
    if (!declare || !llvm::isa<MemRefType>(declare.getType())) {
      return nullptr;
    }
    ContentAttr content = declare.getContent().subview(offsets, sizes);
    return builder.create<DeclareOp>(
        loc, DeclareOp::getBufferType(content.getType()), content);
  }
};

} // namespace

void ConstDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/const/ir/ConstOps.cpp.inc" // IWYU pragma: keep
      >();
  addInterfaces<ConstSlicing>();
}

Operation *ConstDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto content = llvm::dyn_cast<ContentAttr>(value);
  if (!content) {
    return nullptr;
  }
  bool isBuffer = llvm::isa<MemRefType>(type) &&
                  type == DeclareOp::getBufferType(content.getType());
  if (content.getType() != type && !isBuffer) {
    return nullptr;
  }
  return builder.create<DeclareOp>(loc, type, content);
}

void registerConstDialect(DialectRegistry &registry) {
  registry.insert<ConstDialect, quant::QuantizationDialect>();
}

} // namespace mlir::vpuc::Const
