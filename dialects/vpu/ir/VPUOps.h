//===- VPUOps.h - Ops of the VPU dialect ------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the VPU ops (generated from VPUOps.td) and the helpers their
// generated kernel parameter code calls (KernelParams.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUOPS_H_
#define VPUC_DIALECTS_VPU_IR_VPUOPS_H_

#include <optional>

#include "dialects/ie/ir/IEAttributes.h"
#include "dialects/ie/ir/IEInterfaces.h"
#include "dialects/ie/ir/IETraits.h"
#include "dialects/ie/ir/LayoutInfo.h"
#include "dialects/vpu/ir/IEMirror.h"
#include "dialects/vpu/ir/NCELimits.h"
#include "dialects/vpu/ir/SWKernelInfo.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUInterfaces.h"
#include "dialects/vpu/ir/VPUNCEInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/APFloat.h"

#define GET_OP_CLASSES
#include "dialects/vpu/ir/VPUOps.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPU {

/// The input index of the first element an ONNX-style slice (IE.Slice,
/// IE.StridedSlice) takes from a dim of size `dim` with `start` and `step`
/// (nonzero): negative positions count from the end, then the start is clamped
/// into the dim.
int64_t resolveSliceStart(int64_t start, int64_t step, int64_t dim);

/// The axis `concat` joins along, in [0, rank) (a negative `axis` counts
/// from the end).
int64_t getConcatAxis(ConcatOp concat);

/// The input of `concat` that is exactly the box [offsets, offsets + sizes)
/// of its result, or null when no input is.
Value getConcatInputAt(ConcatOp concat, ArrayRef<int64_t> offsets,
                       ArrayRef<int64_t> sizes);

} // namespace mlir::vpuc::VPU

namespace mlir::vpuc::VPU::detail {

/// Appends `stride_y`, `stride_x`, `pad_top`, `pad_left`, `pad_bottom`,
/// `pad_right`, `dilation_y`, `dilation_x` of a 2-D convolution.
void addConvolutionParams(SWKernelParams &params, ArrayRef<int64_t> strides,
                          ArrayRef<int64_t> padsBegin,
                          ArrayRef<int64_t> padsEnd,
                          ArrayRef<int64_t> dilations);

/// Appends `kernel_y`, `kernel_x`, `stride_y`, `stride_x`, `pad_top`,
/// `pad_left`, `pad_bottom`, `pad_right` of a 2-D pool.
void addPoolParams(SWKernelParams &params, ArrayRef<int64_t> kernel,
                   ArrayRef<int64_t> strides, ArrayRef<int64_t> padsBegin,
                   ArrayRef<int64_t> padsEnd);

/// Appends `per_channel` of a PRelu.
void addPReluParams(SWPReluOp op, SWKernelParams &params);

/// Appends `axes_mapping` of a Broadcast.
void addBroadcastParams(SWBroadcastOp op, SWKernelParams &params);

/// Appends the `begins` and `strides` lists of a Slice.
void addSliceParams(SWSliceOp op, SWKernelParams &params);

/// Appends the `begins` and `strides` lists of a StridedSlice.
void addStridedSliceParams(SWStridedSliceOp op, SWKernelParams &params);

/// Appends the parameters of an Interpolate.
void addInterpolateParams(SWInterpolateOp op, SWKernelParams &params);

/// True if the element type of `type` is a per-axis quantized type.
bool isPerAxis(Type type);

/// Appends the parameters of a Quantize / Dequantize with the quantized tensor
/// type `type`.
void addQuantParams(Type type, SWKernelParams &params);

/// True if `layer`'s first operand is a quantized tensor (a layer on quantized
/// types, e.g. a quantized VPU.SW.Convolution).
bool isQuantizedLayer(Operation *layer);

/// Appends, for a layer on quantized types (nothing otherwise),
/// `input_zero_point`, `output_zero_point`, `storage_min`, `storage_max` (the
/// output's), `output_scale` and the layer's post-op (IE's `post_op`
/// attribute, which such a layer keeps): `post_op` (-1 none, else the
/// IE::PostOpKind), `post_op_alpha` (Clamp's min, LeakyRelu's slope) and
/// `post_op_beta` (Clamp's max).
void addQuantizedLayerParams(Operation *layer, SWKernelParams &params);

/// Appends, for a pool on quantized types (VPU.SW.AvgPool; nothing
/// otherwise), `input_scale` and what addQuantizedLayerParams appends.
void addQuantizedPoolParams(Operation *layer, SWKernelParams &params);

/// Appends, for an eltwise layer on quantized types (VPU.SW.Add,
/// VPU.SW.Multiply; nothing otherwise), `input1_scale`, `input1_zero_point`,
/// `input2_scale`, `input2_zero_point`, `output_scale`, `output_zero_point`,
/// `storage_min`, `storage_max` (the output's) and the post-op as
/// addQuantizedLayerParams does.
void addQuantizedEltwiseParams(Operation *layer, SWKernelParams &params);

/// Appends `hidden_size`, one activation code per name of `names` (from
/// `activations`) and `clip` of a recurrent layer.
void addRNNParams(SWKernelParams &params, int64_t hiddenSize,
                  ArrayAttr activations, ArrayRef<StringRef> names,
                  std::optional<llvm::APFloat> clip);

} // namespace mlir::vpuc::VPU::detail

#endif // VPUC_DIALECTS_VPU_IR_VPUOPS_H_
