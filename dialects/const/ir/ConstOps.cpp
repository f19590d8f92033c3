//===- ConstOps.cpp - Const dialect operations ------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements `const.Declare`: its assembly, its verifier (tensor or buffer
// result) and the buffer type of a constant. Folding and canonicalisation
// live in ConstFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstOps.h"

#include "core/shape/ShapedTypeUtils.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::vpuc::Const {

/// Parses the full `#const.Content<...>` attribute.
static ParseResult parseContent(OpAsmParser &parser, ContentAttr &content) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr)) {
    return failure();
  }
  content = llvm::dyn_cast<ContentAttr>(attr);
  if (!content) {
    return parser.emitError(loc, "expected a #const.Content attribute");
  }
  return success();
}

/// Prints the full `#const.Content<...>` attribute.
static void printContent(OpAsmPrinter &printer, DeclareOp,
                         ContentAttr content) {
  printer.printAttributeWithoutType(content);
}

MemRefType DeclareOp::getBufferType(ShapedType contentType) {
  auto tensor = llvm::cast<RankedTensorType>(contentType);
  MemRefLayoutAttrInterface layout;
  if (auto order = llvm::dyn_cast_or_null<AffineMapAttr>(tensor.getEncoding());
      order && !order.getValue().isIdentity()) {
    layout = order;
  }
  return MemRefType::get(tensor.getShape(),
                         shape::getStorageElementType(tensor.getElementType()),
                         layout);
}

LogicalResult DeclareOp::verify() {
  ContentAttr content = getContent();
  if (auto buffer = llvm::dyn_cast<MemRefType>(getType())) {
    MemRefType expected = getBufferType(content.getType());
    if (buffer != expected) {
      return emitOpError()
             << "declared buffer type " << buffer
             << " does not match the content type " << content.getType()
             << ": a constant buffer has the content's shape, element type "
                "and order, and no memory space ("
             << expected << ")";
    }
  } else if (content.getType() != getType()) {
    return emitOpError() << "declared type " << getType()
                         << " does not match the content type "
                         << content.getType();
  }
  if (auto resource =
          llvm::dyn_cast<DenseResourceElementsAttr>(content.getBaseContent())) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob) {
      return emitOpError() << "dense_resource blob '"
                           << resource.getRawHandle().getKey()
                           << "' is not available";
    }
    ShapedType baseType = resource.getType();
    size_t expected = static_cast<size_t>(baseType.getNumElements()) *
                      Content::getElementByteSize(baseType.getElementType());
    if (blob->getData().size() != expected) {
      return emitOpError() << "dense_resource blob '"
                           << resource.getRawHandle().getKey() << "' has "
                           << blob->getData().size() << " bytes, expected "
                           << expected << " for " << baseType;
    }
  }
  return success();
}

} // namespace mlir::vpuc::Const

#define GET_OP_CLASSES
#include "dialects/const/ir/ConstOps.cpp.inc" // IWYU pragma: keep
