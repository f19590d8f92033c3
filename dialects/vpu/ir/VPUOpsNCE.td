//===- VPUOpsNCE.td - NCE ops of the VPU dialect -----------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The NCE ops `VPU.NCE.*`: convolutions, pools and eltwise ops that run on the
// DPUs, with their PPE post-processing. Included by VPUOps.td. Verifiers,
// result types, host inference, cost and the `isSupported` queries are in
// NCEOps.cpp; the HW limits in NCELimits.h; the IE layers' legality models in
// NCELegality.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUOPSNCE
#define VPUC_DIALECTS_VPU_IR_VPUOPSNCE

include "dialects/vpu/ir/VPUAttributes.td"
include "dialects/vpu/ir/VPUNCEInterfaces.td"

/// An NCE op: checked by verifyBeforeInference (VPU tensors in one memory, the
/// HW limits of NCELimits.h), result types inferred, host inference through the
/// equivalent IE op and the PPE, cost in MACs. `ownWindowGetters` names the
/// NCEOpInterface window getters the op defines itself instead of taking the
/// interface's defaults (read from its window attributes).
class VPU_NCEOp<string mnemonic, list<string> ownWindowGetters = []> :
    VPU_Op<"NCE." # mnemonic, [
        Pure,
        IE_VerifiedBeforeInference,
        InferTypeOpAdaptor,
        IE_LayerOpInterface,
        DeclareOpInterfaceMethods<IE_InferenceOpInterface>,
        DeclareOpInterfaceMethods<IE_CostOpInterface>,
        DeclareOpInterfaceMethods<VPU_NCEOpInterface, ownWindowGetters>,
      ]> {
  /// Declarations an op adds to the NCE ones.
  code extraNCEDeclaration = "";
  let extraClassDeclaration = extraNCEDeclaration # [{
    /// True if the NCE can run the layer `layer` as this op: every HW limit is
    /// met. Logs each reason it cannot through `log` (see NCELimits.h for
    /// `options`). The IE layers ask through NCELegalityOpInterface.
    static bool isSupported(const ::mlir::vpuc::VPU::NCE::LayerDesc &layer,
                            ::mlir::vpuc::VPU::LogCallback log,
                            ::mlir::vpuc::VPU::NCE::SupportOptions options = {});
  }];
}

/// The cluster (tile) that runs an NCE op, absent for cluster 0 (see
/// VPU_NCEOpInterface). The attribute constraint rejects a negative index; the
/// bound by the module's cluster count (`VPUIP.resources`, a runtime-level
/// attribute the VPU dialect cannot read) is checked by the passes that read
/// it: vpuc-vpu-multi-cluster, vpuc-vpu-tiling and vpuc-convert-vpu-to-vpuip.
defvar VPU_NCEClusterArg = (ins
  OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$cluster
);

defvar VPU_NCEWindowArgs = !con((ins
  DenseI64ArrayAttr:$strides,
  DenseI64ArrayAttr:$pads_begin,
  DenseI64ArrayAttr:$pads_end,
  VPU_PPEAttr:$ppe
), VPU_NCEClusterArg);

/// The builders of the convolutions without a cluster (cluster 0): the result
/// type inferred (float layers), or given (quantized layers, whose output
/// quantization the input does not tell).
defvar VPU_NCEConvBuilders = [
  OpBuilder<(ins "::mlir::Value":$input, "::mlir::Value":$filter, "::mlir::Value":$bias,
                 "::mlir::DenseI64ArrayAttr":$strides, "::mlir::DenseI64ArrayAttr":$pads_begin,
                 "::mlir::DenseI64ArrayAttr":$pads_end, "::mlir::vpuc::VPU::PPEAttr":$ppe), [{
    build($_builder, $_state, input, filter, bias, strides, pads_begin, pads_end, ppe,
          /*cluster=*/nullptr);
  }]>,
  OpBuilder<(ins "::mlir::Type":$output, "::mlir::Value":$input, "::mlir::Value":$filter,
                 "::mlir::Value":$bias, "::mlir::DenseI64ArrayAttr":$strides,
                 "::mlir::DenseI64ArrayAttr":$pads_begin,
                 "::mlir::DenseI64ArrayAttr":$pads_end, "::mlir::vpuc::VPU::PPEAttr":$ppe), [{
    build($_builder, $_state, output, input, filter, bias, strides, pads_begin, pads_end,
          ppe, /*cluster=*/nullptr);
  }]>,
];

/// The result type of the ops that run quantized layers (convolutions, eltwise) is
/// inferred from the input, up to the parameters of a quantized element type.
defvar VPU_NCEQuantizedResultDeclaration = [{
  static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                      ::mlir::TypeRange actual) {
    return ::mlir::vpuc::IE::detail::areCompatibleUpToQuantization(inferred, actual);
  }
}];

def VPU_NCEConvolutionOp : VPU_NCEOp<"Convolution", ["getKernelSizeVector"]> {
  let summary = "Convolution on the NCE";
  let description = [{
    `IE.Convolution` without dilation (2-D, floor output size), then the PPE `ppe`:
    `input` is `[1, IC, H, W]` in NHWC, `filter` the constant weights `[OC, IC, KY, KX]`
    in OYXI order (output channel outermost, input channel innermost), the optional
    `bias` `[OC]`. `strides`, `pads_begin` (top, left) and `pads_end` (bottom, right)
    have two values. The output is `[1, OC, OH, OW]`, NHWC, in the input's memory, with
    `O = floor((I + pad_begin + pad_end - K) / stride) + 1`. Every tensor is in one
    memory; the weights table (per output channel: weights and bias pointers, PPE
    scales) is built from `filter` and `bias` at level 2.

    Element types (NCE::checkConvElementTypes): f16 input, filter and output with an f16
    or f32 bias, or a quantized layer as `IE.Convolution` defines it (8-bit per-tensor
    input and output, an 8-bit filter per tensor or per output channel with one zero
    point, an i32 bias of scale input x filter), which the NCE computes in integers and
    requantises per output channel; in both cases types the target's NCE runs (the
    module's `VPU.nce_element_types`). The other HW limits (NCELimits.h): batch
    1, IC and OC multiples of 16, kernel sizes in [1, 11], strides in [1, 8], each pad
    at most 5 and smaller than the kernel along its axis. `isSupported(layer, log)` tells
    whether a layer (an `IE.Convolution`, through NCELegalityOpInterface) can become one.

    ```mlir
    %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
           ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>,
             tensor<32x16x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<32xf16>
           -> tensor<1x32x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
    ```
  }];
  let arguments = !con((ins AnyRankedTensor:$input, AnyRankedTensor:$filter,
                            Optional<AnyRankedTensor>:$bias), VPU_NCEWindowArgs);
  let builders = VPU_NCEConvBuilders;
  let results = (outs AnyRankedTensor:$output);
  let extraNCEDeclaration = VPU_NCEQuantizedResultDeclaration;
  let assemblyFormat = [{
    `(` $input `,` $filter (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($filter)
    (`,` type($bias)^)? `->` type($output)
  }];
}

def VPU_NCEDepthConvolutionOp : VPU_NCEOp<"DepthConvolution", ["getKernelSizeVector"]> {
  let summary = "Depthwise convolution on the NCE";
  let description = [{
    `IE.GroupConvolution` with `groups = C` and one output channel per input channel
    (no dilation), then the PPE: `input` `[1, C, H, W]` NHWC, `filter` `[C, 1, KY, KX]`
    OYXI, optional `bias` `[C]`; the output `[1, C, OH, OW]` NHWC. Window attributes,
    output sizes and limits are those of `VPU.NCE.Convolution` (C a multiple of 16).

    ```mlir
    %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
           ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 2, 2>}
           : tensor<1x32x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>,
             tensor<32x1x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
           -> tensor<1x32x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
    ```
  }];
  let arguments = !con((ins AnyRankedTensor:$input, AnyRankedTensor:$filter,
                            Optional<AnyRankedTensor>:$bias), VPU_NCEWindowArgs);
  let builders = VPU_NCEConvBuilders;
  let results = (outs AnyRankedTensor:$output);
  let extraNCEDeclaration = VPU_NCEQuantizedResultDeclaration;
  let assemblyFormat = [{
    `(` $input `,` $filter (`,` $bias^)? `)` attr-dict `:` type($input) `,` type($filter)
    (`,` type($bias)^)? `->` type($output)
  }];
}

/// A pool on the NCE.
class VPU_NCEPoolOp<string mnemonic> : VPU_NCEOp<mnemonic> {
  let arguments = !con((ins AnyRankedTensor:$input, DenseI64ArrayAttr:$kernel_size),
                       VPU_NCEWindowArgs);
  let builders = [
    // Without a cluster (cluster 0).
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::DenseI64ArrayAttr":$kernel_size,
                   "::mlir::DenseI64ArrayAttr":$strides, "::mlir::DenseI64ArrayAttr":$pads_begin,
                   "::mlir::DenseI64ArrayAttr":$pads_end, "::mlir::vpuc::VPU::PPEAttr":$ppe), [{
      build($_builder, $_state, input, kernel_size, strides, pads_begin, pads_end, ppe,
            /*cluster=*/nullptr);
    }]>,
  ];
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = [{
    `(` $input `)` attr-dict `:` type($input) `->` type($output)
  }];
}

def VPU_NCEMaxPoolOp : VPU_NCEPoolOp<"MaxPool"> {
  let summary = "Max pooling on the NCE";
  let description = [{
    `IE.MaxPool` with `rounding_type = floor` (padding never wins), then the PPE:
    `input` `[1, C, H, W]` NHWC, `kernel_size`, `strides`, `pads_begin`, `pads_end` with
    two values (y, x); the output `[1, C, OH, OW]` NHWC with
    `O = floor((I + pad_begin + pad_end - K) / stride) + 1`. Limits as for
    `VPU.NCE.Convolution` (C a multiple of 16).

    ```mlir
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
           pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
           -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
    ```
  }];
}

def VPU_NCEAveragePoolOp : VPU_NCEPoolOp<"AveragePool"> {
  let summary = "Average pooling on the NCE";
  let description = [{
    `IE.AvgPool` with `rounding_type = floor` and the padding counted (no `exclude_pad`),
    then the PPE: every window is inside the padded input, so each output is the sum of
    its window (padding reads zeros) divided by `KY * KX`. Operands, attributes, output
    sizes and limits as for `VPU.NCE.MaxPool`.

    ```mlir
    %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
           -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
    ```
  }];
}

def VPU_NCEEltwiseOp : VPU_NCEOp<"Eltwise", [
    "getKernelSizeVector", "getStridesVector", "getPadsBeginVector", "getPadsEndVector"]> {
  let summary = "Elementwise add, subtract or multiply on the NCE";
  let description = [{
    `IE.Add`, `IE.Subtract` or `IE.Multiply` (by `op_type`) of two tensors of the same
    shape and layout (no broadcasting), then the PPE: `input1` and `input2`
    `[1, C, H, W]` NHWC, the output the same. Limits: batch 1, C a multiple of 16.
    `isSupported(layer, log)` is the query of `IE.Add`, `IE.Subtract` and `IE.Multiply`;
    before the channel expansion (the IE-stage options) it also declines a layer whose
    channels would more than double when aligned (`NCE::kMaxEltwisePadding`: 1 to 7
    channels; a transformer's residual sum of `1x1xTxD` would be read and written at 16
    times its size, through pads, reorders and slices), which then stays a SHAVE kernel.

    Element types (NCE::checkEltwiseElementTypes): f16 operands and result; or, for ADD
    and MULTIPLY, a quantized layer as `IE.Add` defines it (8-bit per-tensor operands and
    result, each with its own scale and zero point), which the NCE computes in integers:
    ADD scales each operand by an integer multiplier onto one accumulator scale, MULTIPLY
    multiplies the operands less their zero points, and the PPE requantises to the
    output (docs/blob_and_emulator.md has the arithmetic). The result type is then given
    (its quantization is its own), else inferred from `input1`.

    ```mlir
    %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
           : tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>,
             tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
           -> tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
    ```
  }];
  let extraNCEDeclaration = !strconcat([{
    /// The operation an IE.Add, IE.Subtract or IE.Multiply computes, or nothing
    /// for another op.
    static std::optional<::mlir::vpuc::VPU::EltwiseType> getEltwiseType(
        ::mlir::Operation *ieOp);
  }], VPU_NCEQuantizedResultDeclaration);
  let arguments = !con((ins AnyRankedTensor:$input1, AnyRankedTensor:$input2,
                            VPU_EltwiseTypeAttr:$op_type, VPU_PPEAttr:$ppe),
                       VPU_NCEClusterArg);
  let builders = [
    // Without a cluster (cluster 0).
    OpBuilder<(ins "::mlir::Value":$input1, "::mlir::Value":$input2,
                   "::mlir::vpuc::VPU::EltwiseTypeAttr":$op_type,
                   "::mlir::vpuc::VPU::PPEAttr":$ppe), [{
      build($_builder, $_state, input1, input2, op_type, ppe, /*cluster=*/nullptr);
    }]>,
    // A quantized layer: the result type given, without a cluster.
    OpBuilder<(ins "::mlir::Type":$output, "::mlir::Value":$input1, "::mlir::Value":$input2,
                   "::mlir::vpuc::VPU::EltwiseTypeAttr":$op_type,
                   "::mlir::vpuc::VPU::PPEAttr":$ppe), [{
      build($_builder, $_state, output, input1, input2, op_type, ppe, /*cluster=*/nullptr);
    }]>,
  ];
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = [{
    `(` $input1 `,` $input2 `)` attr-dict `:` type($input1) `,` type($input2) `->` type($output)
  }];
}

#endif // VPUC_DIALECTS_VPU_IR_VPUOPSNCE
