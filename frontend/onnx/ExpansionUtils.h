//===- ExpansionUtils.h - Building IE expansions of ONNX ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Small helpers of the handlers that import one ONNX node as several IE ops
// (Signal.cpp, Integer.cpp, Selection.cpp, and buildOp for Data.cpp, NN.cpp and
// Expansion.cpp too): creating an IE op at the node's
// location, constants from computed values, and the reshapes, transposes and
// conversions that glue the ops together. Every helper fails with the
// diagnostics of the op it could not create.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_EXPANSIONUTILS_H_
#define VPUC_FRONTEND_ONNX_EXPANSIONUTILS_H_

#include <cstdint>

#include "frontend/onnx/ImportContext.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::vpuc::onnx_frontend {

/// The ranked tensor type of `value`.
inline RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// Creates `OpTy(operands)` with `attributes` at the node's location and
/// returns its (single) result.
template <typename OpTy>
FailureOr<Value> buildOp(ImportContext &ctx, const onnx::NodeProto &node,
                         ValueRange operands,
                         llvm::ArrayRef<NamedAttribute> attributes = {}) {
  FailureOr<OpTy> op =
      ctx.create<OpTy>(ctx.getNodeLoc(node), operands, attributes);
  if (failed(op)) {
    return failure();
  }
  return op->getResult();
}

/// A `const.Declare` of `shape` holding `values` (row-major) converted to
/// `elemType` (a float type: rounded to nearest; an integer type: truncated
/// toward zero; i1: nonzero is true), at the node's location.
Value createValuesConstant(ImportContext &ctx, const onnx::NodeProto &node,
                           Type elemType, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<double> values);

/// Like createValuesConstant for an si64 tensor of integer `values`.
Value createIndexConstant(ImportContext &ctx, const onnx::NodeProto &node,
                          llvm::ArrayRef<int64_t> shape,
                          llvm::ArrayRef<int64_t> values);

/// IE.Reshape of `input` to the static `shape` (a no-op when equal).
FailureOr<Value> buildReshape(ImportContext &ctx, const onnx::NodeProto &node,
                              Value input, llvm::ArrayRef<int64_t> shape);

/// IE.Transpose of `input` by `perm` (a no-op for the identity).
FailureOr<Value> buildTranspose(ImportContext &ctx, const onnx::NodeProto &node,
                                Value input, llvm::ArrayRef<int64_t> perm);

/// IE.Convert of `input` to `elemType` (a no-op when it already has it).
FailureOr<Value> buildConvert(ImportContext &ctx, const onnx::NodeProto &node,
                              Value input, Type elemType);

/// The element type an ONNX `output_datatype`-like attribute `name` names
/// (`defaultType`, an ONNX TensorProto::DataType, when absent); an error naming
/// the attribute when the type is unsupported.
FailureOr<Type> getDataTypeAttr(ImportContext &ctx, const onnx::NodeProto &node,
                                llvm::StringRef name, int64_t defaultType);

/// The single integer held by input `index` (which must be known at import
/// time); `what` names the input in errors.
FailureOr<int64_t> getConstantIntScalar(ImportContext &ctx,
                                        const onnx::NodeProto &node, int index,
                                        llvm::StringRef what);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_EXPANSIONUTILS_H_
