//===- ShapeInference.h - ONNX shape inference, rank-checked -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// ONNX's shape inference, run on a schema registry whose convolution and
// pooling rules check the ranks of their operands first. The rules of the
// installed ONNX library (1.12) index the per-axis attributes by the weights'
// spatial rank without comparing it with the input's, so a model whose input
// has a lower rank than its weights reads out of bounds inside the library.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_SHAPEINFERENCE_H_
#define VPUC_FRONTEND_ONNX_SHAPEINFERENCE_H_

namespace onnx {
class ModelProto;
} // namespace onnx

namespace mlir::vpuc::onnx_frontend {

/// Runs ONNX shape inference on `model` in its permissive mode: a node whose
/// rule fails (an unknown op, inconsistent shapes, or ranks the checks above
/// refuse) keeps its outputs' types unset. Throws what the ONNX library throws
/// for errors outside the rules.
void inferOnnxShapes(onnx::ModelProto &model);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_SHAPEINFERENCE_H_
