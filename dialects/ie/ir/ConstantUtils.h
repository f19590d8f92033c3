//===- ConstantUtils.h - Constant operands of IE ops ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Helpers the IE folders, canonicalisations and fusion patterns share to look
// at constant operands: the `#const.Content` of a `const.Declare`, splat
// values, and new constants from computed values. Splats are read without
// materialising large content.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_CONSTANTUTILS_H_
#define VPUC_DIALECTS_IE_IR_CONSTANTUTILS_H_

#include <optional>

#include "dialects/const/ir/ConstAttributes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

/// The content of the `const.Declare` defining `value`, or null.
Const::ContentAttr getConstContent(Value value);

/// The values of the float `const.Declare` defining `value`, folded, in
/// memory order, or std::nullopt (not such a constant).
std::optional<SmallVector<double>> getFloatValues(Value value);

/// The value of every element of a splat constant attribute, as a double: a
/// `#const.Content` with a splat base (after its transformations), or a splat
/// integer / float ElementsAttr (what a fold adaptor holds for a constant
/// operand). std::nullopt for non-splat, quantized or other attributes, and for
/// null.
std::optional<double> getSplatValue(Attribute attr);

/// getSplatValue of the constant defining `value` (a `const.Declare` or any
/// other ConstantLike op), or std::nullopt.
std::optional<double> getSplatValue(Value value);

/// Returns `content` with `transformations` appended if each applies to the
/// type before it, or null; nothing is reported. Supports the transformations
/// the IE folds and fusions use (Reshape, Transpose, SubView, PadWithZero,
/// Broadcast, ConvertElemType, Rescale, Add) on integer / float content; the
/// transformations themselves must be valid attributes.
Const::ContentAttr
tryTransform(Const::ContentAttr content,
             ArrayRef<Const::TransformationAttrInterface> transformations);

/// A `#const.Content` of `type` (static shape, integer or float elements of a
/// `Content` supported type, any layout encoding) holding `values`, given in
/// the memory order of `type` and converted to its element type (rounded to
/// nearest even). Content of more than `resourceThresholdBytes` bytes gets a
/// `dense_resource` base so printed IR stays short.
Const::ContentAttr createContent(RankedTensorType type, ArrayRef<double> values,
                                 int64_t resourceThresholdBytes = 1 << 20);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_CONSTANTUTILS_H_
