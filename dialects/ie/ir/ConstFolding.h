//===- ConstFolding.h - Constant folding of IE ops --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The constant cases of the IE folders: each takes the fold adaptor's
// attribute(s) of the op's constant operand(s) and returns the `#const.Content`
// of the result (the operand's content with transformations appended), or null
// when the operand is not a `#const.Content`, no transformation expresses the
// op exactly, or the folded type would not be the op's result type. The IE
// dialect materialises the returned content as a `const.Declare`. Internal to
// dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_CONSTFOLDING_H_
#define VPUC_DIALECTS_IE_IR_CONSTFOLDING_H_

#include "dialects/const/ir/ConstAttributes.h"
#include "mlir/IR/Operation.h"

namespace mlir::vpuc::IE::detail {

/// Reshape, Squeeze, Unsqueeze, Flatten: `#const.Reshape` to the result shape
/// (the constant must be in identity order).
Const::ContentAttr foldConstReshape(Attribute input, Type resultType);

/// Transpose: `#const.Transpose<perm>`.
Const::ContentAttr foldConstTranspose(Attribute input, ArrayRef<int64_t> perm,
                                      Type resultType);

/// Convert: `#const.ConvertElemType` for float to float and integer to integer
/// or float (float to integer is not folded: Convert truncates, ConvertElemType
/// rounds).
Const::ContentAttr foldConstConvert(Attribute input, Type resultType);

/// The binary arithmetic ops that fold with a float splat operand.
enum class ScalarArithmetic { Add, Subtract, Multiply, Divide };

/// Add, Subtract, Multiply, Divide of a float constant and a float splat
/// constant whose result type is the non-splat operand's type: `#const.Add`,
/// `#const.Rescale` (and `Rescale<-1>` for `splat - constant`). Divide folds
/// only by a power of two, where the product with the inverse is exact.
Const::ContentAttr foldConstArithmetic(ScalarArithmetic kind, Attribute lhs,
                                       Attribute rhs, Type resultType);

/// Negative of a float constant: `#const.Rescale<-1.0>`.
Const::ContentAttr foldConstNegative(Attribute input, Type resultType);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_CONSTFOLDING_H_
