//===- ConstAttributes.cpp - #const.Content ---------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the generated attribute definitions and `#const.Content`:
// parsing, printing, verification, reading the base and applying the
// transformations. The transformations themselves live in
// ElementTransformations.cpp and LayoutTransformations.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstAttributes.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstDialect.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/TypeSwitch.h"

#include "dialects/const/ir/ConstInterfaces.cpp.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/const/ir/ConstAttributes.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::Const {

void ConstDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/const/ir/ConstAttributes.cpp.inc" // IWYU pragma: keep
      >();
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// Checks that `base` is a supported base constant.
static LogicalResult verifyBase(function_ref<InFlightDiagnostic()> emitError,
                                ElementsAttr base) {
  if (!llvm::isa<DenseElementsAttr, DenseResourceElementsAttr>(base)) {
    return emitError() << "#const.Content base must be a dense or "
                          "dense_resource elements attribute, got "
                       << base;
  }
  auto type = llvm::dyn_cast<RankedTensorType>(base.getShapedType());
  if (!type || !type.hasStaticShape()) {
    return emitError() << "#const.Content base must have a statically shaped "
                          "ranked tensor type, got "
                       << base.getShapedType();
  }
  if (type.getRank() > static_cast<int64_t>(shape::DimsOrder::kMaxRank)) {
    return emitError() << "#const.Content base type " << type << " has rank "
                       << type.getRank() << ", more than the "
                       << shape::DimsOrder::kMaxRank
                       << " dimensions a memory order supports";
  }
  if (failed(shape::getOrder(type))) {
    return emitError() << "#const.Content base type " << type
                       << " has an encoding that is not a memory order "
                          "permutation";
  }
  Type elemType = type.getElementType();
  if (llvm::isa<quant::QuantizedType>(elemType) ||
      !Content::isSupportedElementType(elemType)) {
    return emitError() << "#const.Content base element type " << elemType
                       << " is not supported (integers of width 1, 8, 16, 32, "
                          "64, f16, bf16, f32, f64)";
  }
  return success();
}

/// Applies the transformations' type inference from `type` on.
static FailureOr<ShapedType>
inferType(function_ref<InFlightDiagnostic()> emitError, ShapedType type,
          ArrayRef<TransformationAttrInterface> transformations) {
  for (TransformationAttrInterface transformation : transformations) {
    FailureOr<ShapedType> next =
        transformation.inferOutputType(type, emitError);
    if (failed(next)) {
      return failure();
    }
    type = *next;
  }
  return type;
}

LogicalResult ContentAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ElementsAttr baseContent,
                                  ArrayAttr transformations,
                                  ShapedType finalType) {
  if (failed(verifyBase(emitError, baseContent))) {
    return failure();
  }
  SmallVector<TransformationAttrInterface> list;
  for (Attribute attr : transformations) {
    auto transformation = llvm::dyn_cast<TransformationAttrInterface>(attr);
    if (!transformation) {
      return emitError() << "#const.Content transformation " << attr
                         << " does not implement the transformation interface";
    }
    list.push_back(transformation);
  }
  FailureOr<ShapedType> inferred =
      inferType(emitError, baseContent.getShapedType(), list);
  if (failed(inferred)) {
    return failure();
  }
  if (*inferred != finalType) {
    return emitError() << "#const.Content type " << finalType
                       << " does not match the inferred type " << *inferred;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

ContentAttr
ContentAttr::getChecked(function_ref<InFlightDiagnostic()> emitError,
                        ElementsAttr baseContent,
                        ArrayRef<TransformationAttrInterface> transformations) {
  if (failed(verifyBase(emitError, baseContent))) {
    return {};
  }
  FailureOr<ShapedType> type =
      inferType(emitError, baseContent.getShapedType(), transformations);
  if (failed(type)) {
    return {};
  }
  SmallVector<Attribute> attrs(transformations.begin(), transformations.end());
  MLIRContext *ctx = baseContent.getContext();
  return Base::getChecked(emitError, ctx, baseContent,
                          ArrayAttr::get(ctx, attrs), *type);
}

ContentAttr
ContentAttr::get(ElementsAttr baseContent,
                 ArrayRef<TransformationAttrInterface> transformations) {
  MLIRContext *ctx = baseContent.getContext();
  auto emitError = [ctx] { return mlir::emitError(UnknownLoc::get(ctx)); };
  ContentAttr result = getChecked(emitError, baseContent, transformations);
  assert(result && "invalid #const.Content");
  return result;
}

SmallVector<TransformationAttrInterface>
ContentAttr::getTransformationList() const {
  SmallVector<TransformationAttrInterface> list;
  for (Attribute attr : getTransformations()) {
    list.push_back(llvm::cast<TransformationAttrInterface>(attr));
  }
  return list;
}

ContentAttr
ContentAttr::transform(TransformationAttrInterface transformation) const {
  SmallVector<TransformationAttrInterface> list = getTransformationList();
  list.push_back(transformation);
  return get(getBaseContent(), list);
}

ContentAttr ContentAttr::convertElemType(Type elemType) const {
  return transform(ConvertElemTypeAttr::get(getContext(), elemType));
}

ContentAttr ContentAttr::reshape(ArrayRef<int64_t> shape) const {
  return transform(ReshapeAttr::get(getContext(), shape));
}

ContentAttr ContentAttr::reorder(AffineMap order) const {
  return transform(ReorderAttr::get(getContext(), AffineMapAttr::get(order)));
}

ContentAttr ContentAttr::transpose(ArrayRef<int64_t> perm) const {
  return transform(TransposeAttr::get(getContext(), perm));
}

ContentAttr ContentAttr::padWithZero(ArrayRef<int64_t> padBefore,
                                     ArrayRef<int64_t> padAfter) const {
  return transform(PadWithZeroAttr::get(getContext(), padBefore, padAfter));
}

ContentAttr ContentAttr::subview(ArrayRef<int64_t> offset,
                                 ArrayRef<int64_t> shape) const {
  return transform(SubViewAttr::get(getContext(), offset, shape));
}

ContentAttr ContentAttr::broadcast(int64_t axis, int64_t value) const {
  return transform(BroadcastAttr::get(getContext(), axis, value));
}

ContentAttr ContentAttr::rescale(double scale) const {
  return transform(RescaleAttr::get(getContext(), scale));
}

ContentAttr ContentAttr::add(double bias) const {
  return transform(AddAttr::get(getContext(), bias));
}

ContentAttr ContentAttr::quantCast(Type elemType) const {
  return transform(QuantCastAttr::get(getContext(), elemType));
}

ContentAttr ContentAttr::dequantize() const {
  return transform(DequantizeAttr::get(getContext()));
}

//===----------------------------------------------------------------------===//
// Assembly
//===----------------------------------------------------------------------===//

Attribute ContentAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute base;
  if (parser.parseLess() || parser.parseAttribute(base)) {
    return {};
  }
  auto elements = llvm::dyn_cast<ElementsAttr>(base);
  if (!elements) {
    parser.emitError(loc, "#const.Content base must be an elements attribute");
    return {};
  }
  SmallVector<TransformationAttrInterface> transformations;
  if (succeeded(parser.parseOptionalComma())) {
    auto parseOne = [&]() -> ParseResult {
      SMLoc attrLoc = parser.getCurrentLocation();
      Attribute attr;
      if (parser.parseAttribute(attr)) {
        return failure();
      }
      auto transformation = llvm::dyn_cast<TransformationAttrInterface>(attr);
      if (!transformation) {
        return parser.emitError(attrLoc,
                                "expected a #const transformation attribute");
      }
      transformations.push_back(transformation);
      return success();
    };
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                       parseOne)) {
      return {};
    }
  }
  if (parser.parseGreater()) {
    return {};
  }
  return getChecked([&] { return parser.emitError(loc); }, elements,
                    transformations);
}

void ContentAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printAttribute(getBaseContent());
  if (!getTransformations().empty()) {
    printer << ", [";
    llvm::interleaveComma(getTransformations(), printer, [&](Attribute attr) {
      printer.printAttribute(attr);
    });
    printer << "]";
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Folding
//===----------------------------------------------------------------------===//

/// Reads the base constant as content (borrowing its bytes when possible).
static Content readBase(ElementsAttr base) {
  auto type = llvm::cast<ShapedType>(base.getShapedType());
  if (auto dense = llvm::dyn_cast<DenseElementsAttr>(base)) {
    if (type.getElementType().isInteger(1)) {
      // Dense i1 data is bit-packed; a content stores one byte per element.
      bool splat = dense.isSplat();
      std::vector<char> bytes;
      if (splat) {
        bytes.push_back(dense.getSplatValue<bool>() ? 1 : 0);
      } else {
        for (bool value : dense.getValues<bool>()) {
          bytes.push_back(value ? 1 : 0);
        }
      }
      return Content::fromOwned(type, std::move(bytes), splat);
    }
    return Content::fromBorrowed(type, dense.getRawData(), dense.isSplat());
  }
  auto resource = llvm::cast<DenseResourceElementsAttr>(base);
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  assert(blob && "dense_resource blob is not available");
  return Content::fromBorrowed(type, blob->getData(), /*isSplat=*/false);
}

Content ContentAttr::fold() const {
  Content content = readBase(getBaseContent());
  MLIRContext *ctx = getContext();
  auto emitError = [ctx] { return mlir::emitError(UnknownLoc::get(ctx)); };
  ShapedType type = content.getType();
  for (TransformationAttrInterface transformation : getFoldPlan()) {
    FailureOr<ShapedType> next =
        transformation.inferOutputType(type, emitError);
    assert(succeeded(next) && "verified content cannot fail to transform");
    content = transformation.transform(content, *next);
    type = *next;
  }
  return content;
}

} // namespace mlir::vpuc::Const
