//===- OptimizeReorders.td - optimize-reorders pass --------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares OptimizeReordersPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS
#define VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS

include "mlir/Pass/PassBase.td"

def OptimizeReordersPass : Pass<"vpuc-ie-optimize-reorders", "::mlir::func::FuncOp"> {
  let summary = "Moves IE.Reorder through layout-agnostic ops, cancels and folds reorders";
  let description = [{
    Removes the `IE.Reorder` ops that layout assignment (`vpuc-ie-adjust-layouts`) leaves
    between layers, without changing any value the function computes:

    * `Reorder(Reorder(x))` becomes one `Reorder(x)`, and a reorder to the type it already
      has disappears (the pair NHWC -> NCHW -> NHWC cancels);
    * `Reorder` of a `const.Declare` becomes a constant with `#const.Reorder`;
    * a layout-agnostic op (one with the `IE_AnyLayout` trait: eltwise ops, activations,
      ... whose `IE_LayoutInfoOpInterface` accepts the new orders) whose operands of the
      result's rank are all reorders from one order S or constants, each reorder read by
      such layers only (a squeeze-excitation's average pool and multiplication read one
      activation: each moves in turn and the reorder goes with the last),
      computes in S instead, and one reorder after it restores the former order of its
      result. Operands of another rank (broadcasts) are kept, provided the result then
      still takes S (its type inference says so). The reorder thus moves down towards the
      next layer, where it usually cancels with that layer's input reorder. Layers the NCE
      can run (`VPU::isNCELayer`, the NCE legality interface with the layout and channel checks off) keep
      their layouts: `vpuc-ie-adjust-layouts` gave them NHWC on purpose.

    ```mlir
    %0 = IE.Reorder(%conv) {dstOrder = #NCHW} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16>
    %1 = IE.ReLU(%0) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
    %2 = IE.Reorder(%1) {dstOrder = #NHWC} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16, #NHWC>
    // becomes
    %2 = IE.ReLU(%conv) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    ```

    The patterns run with the greedy driver, which also applies the IE folders.
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS
