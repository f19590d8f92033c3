//===- ConstOps.cpp - Const dialect operations ------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements `const.Declare`: its assembly and verifier. Folding and
// canonicalisation live in ConstFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Builders.h"
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

LogicalResult DeclareOp::verify() {
  ContentAttr content = getContent();
  if (content.getType() != getType()) {
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
    size_t expected =
        static_cast<size_t>(baseType.getNumElements()) *
        Content::getElementByteSize(baseType.getElementType());
    if (blob->getData().size() != expected) {
      return emitOpError() << "dense_resource blob '"
                           << resource.getRawHandle().getKey() << "' has "
                           << blob->getData().size()
                           << " bytes, expected " << expected << " for "
                           << baseType;
    }
  }
  return success();
}

} // namespace mlir::vpuc::Const

#define GET_OP_CLASSES
#include "dialects/const/ir/ConstOps.cpp.inc" // IWYU pragma: keep
