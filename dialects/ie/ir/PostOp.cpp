//===- PostOp.cpp - The post-op attribute of IE layers ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Building, decoding, verifying and applying the `post_op` attribute of IE
// layers. The declarations are in PostOp.h (target //dialects/ie/ir:post_op,
// which this library cannot include without changing its exported headers).
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <optional>

#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/InferenceUtils.h"
#include "dialects/ie/ir/PostOp.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::vpuc::IE {

namespace {

constexpr llvm::StringLiteral kNameKey = "name";
constexpr llvm::StringLiteral kAttrsKey = "attrs";

/// The activation op names a post-op can hold.
constexpr llvm::StringLiteral kReLUName = "IE.ReLU";
constexpr llvm::StringLiteral kClampName = "IE.Clamp";
constexpr llvm::StringLiteral kLeakyReluName = "IE.LeakyRelu";

/// The float attribute `name` of `attrs`, or nothing.
std::optional<double> getFloat(DictionaryAttr attrs, StringRef name) {
  auto attr = attrs ? attrs.getAs<FloatAttr>(name) : FloatAttr();
  if (!attr) {
    return std::nullopt;
  }
  return attr.getValueAsDouble();
}

/// Decodes `postOp`, explaining in `error` why it is malformed.
std::optional<PostOp> decode(DictionaryAttr postOp, std::string &error) {
  auto name = postOp.getAs<StringAttr>(kNameKey);
  if (!name) {
    error = "has no string 'name'";
    return std::nullopt;
  }
  DictionaryAttr attrs;
  if (Attribute raw = postOp.get(kAttrsKey)) {
    attrs = llvm::dyn_cast<DictionaryAttr>(raw);
    if (!attrs) {
      error = "has an 'attrs' entry that is not a dictionary";
      return std::nullopt;
    }
  }
  for (NamedAttribute entry : postOp) {
    if (entry.getName() != kNameKey && entry.getName() != kAttrsKey) {
      error = ("has an unknown entry '" + entry.getName().strref() + "'").str();
      return std::nullopt;
    }
  }
  const size_t numAttrs = attrs ? attrs.size() : 0;
  PostOp result;
  if (name.getValue() == kReLUName) {
    result.kind = PostOpKind::ReLU;
    if (numAttrs != 0) {
      error = "'IE.ReLU' takes no attributes";
      return std::nullopt;
    }
    return result;
  }
  if (name.getValue() == kClampName) {
    result.kind = PostOpKind::Clamp;
    std::optional<double> min = getFloat(attrs, "min");
    std::optional<double> max = getFloat(attrs, "max");
    if (!min || !max || numAttrs != 2) {
      error = "'IE.Clamp' needs exactly the float attributes 'min' and 'max'";
      return std::nullopt;
    }
    if (!(*min <= *max)) {
      error = "'IE.Clamp' needs min <= max";
      return std::nullopt;
    }
    result.min = *min;
    result.max = *max;
    return result;
  }
  if (name.getValue() == kLeakyReluName) {
    result.kind = PostOpKind::LeakyRelu;
    std::optional<double> slope = getFloat(attrs, "negative_slope");
    if (!slope || numAttrs != 1) {
      error = "'IE.LeakyRelu' needs exactly the float attribute "
              "'negative_slope'";
      return std::nullopt;
    }
    result.slope = *slope;
    return result;
  }
  error = ("names '" + name.getValue() +
           "', which is not a post-op activation (IE.ReLU, IE.Clamp, "
           "IE.LeakyRelu)")
              .str();
  return std::nullopt;
}

} // namespace

// The declarations of the functions below are in PostOp.h.

float PostOp::apply(float value) const {
  switch (kind) {
  case PostOpKind::ReLU:
    return value < 0.0f ? 0.0f : value;
  case PostOpKind::Clamp: {
    const float lo = static_cast<float>(min);
    const float hi = static_cast<float>(max);
    return value < lo ? lo : (value > hi ? hi : value);
  }
  case PostOpKind::LeakyRelu:
    return value >= 0.0f ? value : static_cast<float>(slope) * value;
  }
  return value;
}

std::optional<PostOp> getPostOp(Operation *layer) {
  auto attr = layer->getAttrOfType<DictionaryAttr>(kPostOpAttrName);
  if (!attr) {
    return std::nullopt;
  }
  std::string error;
  return decode(attr, error);
}

bool isPostOpActivation(Operation *op) {
  return llvm::isa_and_nonnull<ReLUOp, ClampOp, LeakyReluOp>(op);
}

bool canHavePostOp(Operation *layer) {
  return llvm::isa_and_nonnull<LayerWithPostOpInterface, MaxPoolOp, AvgPoolOp>(
      layer);
}

DictionaryAttr buildPostOpAttr(Operation *activation) {
  PostOp postOp;
  if (llvm::isa_and_nonnull<ReLUOp>(activation)) {
    postOp.kind = PostOpKind::ReLU;
  } else if (auto clamp = llvm::dyn_cast_or_null<ClampOp>(activation)) {
    postOp.kind = PostOpKind::Clamp;
    postOp.min = clamp.getMin().convertToDouble();
    postOp.max = clamp.getMax().convertToDouble();
  } else if (auto leaky = llvm::dyn_cast_or_null<LeakyReluOp>(activation)) {
    postOp.kind = PostOpKind::LeakyRelu;
    postOp.slope = leaky.getNegativeSlope().convertToDouble();
  } else {
    return {};
  }
  return buildPostOpAttr(activation->getContext(), postOp);
}

DictionaryAttr buildPostOpAttr(MLIRContext *context, const PostOp &postOp) {
  Builder builder(context);
  SmallVector<NamedAttribute, 2> entries;
  auto add = [&](StringRef name, ArrayRef<NamedAttribute> attrs) {
    entries.push_back(
        builder.getNamedAttr(kNameKey, builder.getStringAttr(name)));
    if (!attrs.empty()) {
      entries.push_back(
          builder.getNamedAttr(kAttrsKey, builder.getDictionaryAttr(attrs)));
    }
  };
  switch (postOp.kind) {
  case PostOpKind::ReLU:
    add(ReLUOp::getOperationName(), {});
    break;
  case PostOpKind::Clamp:
    add(ClampOp::getOperationName(),
        {builder.getNamedAttr("min", builder.getF64FloatAttr(postOp.min)),
         builder.getNamedAttr("max", builder.getF64FloatAttr(postOp.max))});
    break;
  case PostOpKind::LeakyRelu:
    add(LeakyReluOp::getOperationName(),
        {builder.getNamedAttr("negative_slope",
                              builder.getF64FloatAttr(postOp.slope))});
    break;
  }
  return builder.getDictionaryAttr(entries);
}

DictionaryAttr getPostOpAttr(Operation *layer) {
  return layer ? layer->getAttrOfType<DictionaryAttr>(kPostOpAttrName)
               : DictionaryAttr();
}

bool hasPostOp(Operation *layer) {
  return layer && layer->hasAttr(kPostOpAttrName);
}

void copyPostOp(Operation *from, Operation *to) {
  if (Attribute attr = from->getAttr(kPostOpAttrName)) {
    to->setAttr(kPostOpAttrName, attr);
  }
}

LogicalResult verifyPostOp(Operation *layer) {
  Attribute raw = layer->getAttr(kPostOpAttrName);
  if (!raw) {
    return success();
  }
  if (!canHavePostOp(layer)) {
    return layer->emitOpError()
           << "cannot have a post-op ('" << kPostOpAttrName << "')";
  }
  auto attr = llvm::dyn_cast<DictionaryAttr>(raw);
  if (!attr) {
    return layer->emitOpError()
           << "'" << kPostOpAttrName << "' is not a dictionary";
  }
  std::string error;
  if (!decode(attr, error)) {
    return layer->emitOpError() << "'" << kPostOpAttrName << "' " << error;
  }
  auto type = layer->getNumResults() == 1
                  ? llvm::dyn_cast<ShapedType>(layer->getResult(0).getType())
                  : ShapedType();
  // A quantized layer applies the post-op to its float result before it
  // quantizes it.
  if (!type || !llvm::isa<FloatType, quant::UniformQuantizedType>(
                   type.getElementType())) {
    return layer->emitOpError() << "has a post-op but its result is not a "
                                   "single float or quantized tensor";
  }
  return success();
}

namespace detail {

void applyPostOp(Operation *layer, HostTensor &output) {
  std::optional<PostOp> postOp = getPostOp(layer);
  if (!postOp) {
    return;
  }
  for (float &value : output.data) {
    value = postOp->apply(value);
  }
  roundToResultType(output, layer->getResult(0));
}

} // namespace detail

} // namespace mlir::vpuc::IE
