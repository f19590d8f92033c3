//===- FusePostOps.td - vpuc-ie-fuse-post-ops pass ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FusePostOpsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS
#define VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS

include "mlir/Pass/PassBase.td"

def FusePostOpsPass : Pass<"vpuc-ie-fuse-post-ops", "::mlir::func::FuncOp"> {
  let summary = "Folds activations into the preceding NCE layer as its post-op (PPE)";
  let description = [{
    An `IE.ReLU`, `IE.Clamp` or `IE.LeakyRelu` whose input is the only use of the single
    result of an `IE.Convolution`, `IE.GroupConvolution`, `IE.MaxPool`, `IE.AvgPool`,
    `IE.Add`, `IE.Subtract` or `IE.Multiply` is removed, and the layer gets the attribute
    `post_op` describing it (dialects/ie/ir/PostOp.h), when:

    * the layer has no post-op yet and accepts this activation
      (`IE_LayerWithPostOpInterface::isSupportedPostOp`; the pools, which do not declare
      the interface, accept the three activations);
    * the activation has the layer's result type;
    * the NCE's PPE has a mode for it (`VPU::PPEAttr::getForActivation`: ReLU, a finite
      Clamp, a finite LeakyRelu slope);
    * the layer can run on the NCE (`VPU::isNCELayer`, the NCE legality interface with the layout and
      channel-alignment checks off, since later passes assign NHWC and pad the channels):
      a layer that stays a software kernel keeps its activation as a separate op.

    The layer then computes exactly what the two ops computed (its host inference applies
    the post-op to the rounded output and rounds again), so the results are unchanged.

    An activation whose input is the only use of the result of an `IE.Concat` is fused into
    every input of the concat when each input is the only use of the single result of such a
    layer (the convolutions over runs of groups that `vpuc-ie-convert-group-conv-to-conv`
    joins, followed by a RegNet block's ReLU): each layer gets the post-op, and the concat's
    users read the concat. If one input cannot take it, none does and the activation stays.
    The layers and the concat are all located at both their own and the activation's
    location, so the activation's layer in a layer dump is the layers and the concat, and its
    output the concat's.

    ```mlir
    %0 = IE.Convolution(%x, %w) {...} : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16>
    %1 = IE.Clamp(%0) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
    // becomes
    %1 = IE.Convolution(%x, %w) {..., post_op = {attrs = {max = 6.0 : f64, min = 0.0 : f64}, name = "IE.Clamp"}}
           : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::IE::IEDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS
