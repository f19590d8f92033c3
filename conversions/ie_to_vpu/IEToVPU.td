//===- IEToVPU.td - IE to VPU lowering pass ----------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertIEToVPUPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_IE_TO_VPU_IETOVPU
#define VPUC_CONVERSIONS_IE_TO_VPU_IETOVPU

include "mlir/Pass/PassBase.td"

def ConvertIEToVPUPass : Pass<"vpuc-convert-ie-to-vpu", "::mlir::ModuleOp"> {
  let summary = "Lowers the IE layers to VPU software layers and views";
  let description = [{
    Lowers every IE layer of the module to the VPU dialect (level 3, HW-aware), as the
    reference-SW mode runs it: each layer becomes a SHAVE software kernel or a view.

    * A layer with a software kernel becomes the `VPU.SW` op that mirrors it, with the same
      operands and attributes (`IE.Convolution` -> `VPU.SW.Convolution`, `IE.SoftMax` ->
      `VPU.SW.SoftMax`, ...): eltwise, comparison and logic ops, activations and unary math,
      `Convert`, convolutions, `FullyConnected`, `MatMul`, pools, reductions, softmax,
      normalisations (`BatchNormInference`, `MVN`, `LayerNormalization`, `ScaleShift`,
      `LRN`, `NormalizeL2`, `GRN`), data movement with a kernel (`Transpose`, `Reorder`,
      `Pad`, `Tile`, `Broadcast`, `Gather`, `TopK`, `DepthToSpace`, ...), `Interpolate`,
      quantisation, recurrent and detection layers.
    * `IE.Reshape`, `IE.Squeeze`, `IE.Unsqueeze` and `IE.Flatten` become one `VPU.Reshape`
      view to the static result shape; an input in another order than the default one is
      first made row-major by a `VPU.SW.Reorder` (a reshape reads the row-major elements).
    * `IE.Slice` and `IE.StridedSlice` with unit steps become `VPU.Slice` views (static
      offsets and sizes), the others the `strided_slice` kernel; `IE.Split` becomes one
      `VPU.Slice` per part; `IE.AffineReshape` and `IE.Concat` become their VPU views.
    * `IE.ShapeOf` becomes a `const.Declare` of the (static) shape.

    Types do not change: every tensor stays in DDR, where a VPU tensor has the IE spelling
    (its order encoding or none). Memories and layouts are chosen later, at the VPU level.
    `IE.CNNNetwork` and constants stay as they are.

    Before converting, the pass checks every IE layer and reports, all at once, each one it
    cannot lower, at its location: a layer without a VPU lowering (`IE.Einsum`: decompose it
    first) or with a tensor that is not a VPU tensor (dynamic shape, rank above 8). With
    `allow-ie-layers` such layers stay in the IR as IE ops instead, for partial pipelines
    and debugging; the rest is lowered around them.

    ```mlir
    %0 = IE.Convolution(%x, %w) {...} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
    %1 = IE.Reshape(%0) {shape = array<i64: 1, 144>} : tensor<1x4x6x6xf32> -> tensor<1x144xf32>
    // becomes
    %0 = VPU.SW.Convolution(%x, %w) {...} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
    %1 = VPU.Reshape(%0) {shape = array<i64: 1, 144>} : tensor<1x4x6x6xf32> -> tensor<1x144xf32>
    ```

    With `use-nce`, the layers the DPUs can run become NCE ops instead (the HW modes):
    `IE.Convolution` -> `VPU.NCE.Convolution`, a depthwise `IE.GroupConvolution` ->
    `VPU.NCE.DepthConvolution`, `IE.MaxPool` / `IE.AvgPool` -> `VPU.NCE.MaxPool` /
    `VPU.NCE.AveragePool`, `IE.Add` / `IE.Subtract` / `IE.Multiply` -> `VPU.NCE.Eltwise`,
    each only where the layer's `VPU::NCELegalityOpInterface` accepts it as it is (NHWC f16
    activations, OYXI constant filter, aligned channels, window limits: the layout and
    channel-expansion passes prepare the IR); the others stay software layers. A bias
    `[1, OC, 1, 1]` becomes a constant `[OC]`. An `IE.ReLU`, `IE.Clamp` or `IE.LeakyRelu`
    that is the layer's only user and that the layer accepts as its post-op
    (`IE::LayerWithPostOpInterface`) is folded into the NCE op's `#VPU.PPE`.

    ```mlir
    %0 = IE.Convolution(%x, %w) {...} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    %1 = IE.ReLU(%0) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    // becomes, with use-nce
    %1 = VPU.NCE.Convolution(%x, %w) {..., ppe = #VPU.PPE<RELU>, ...} : ... -> tensor<1x16x8x8xf16, #NHWC>
    ```

    The VPU IR computes what the IE IR computed: every VPU op runs the host kernel of the IE
    op it comes from in the reference interpreter.
  }];
  let options = [
    Option<"allowIELayers", "allow-ie-layers", "bool", /*default=*/"false",
           "Leave the IE layers that cannot be lowered in place instead of failing">,
    Option<"useNCE", "use-nce", "bool", /*default=*/"false",
           "Lower the layers the DPUs can run to VPU.NCE ops (HW modes)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_CONVERSIONS_IE_TO_VPU_IETOVPU
