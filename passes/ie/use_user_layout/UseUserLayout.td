//===- UseUserLayout.td - vpuc-ie-use-user-layout ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares UseUserLayoutPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_USE_USER_LAYOUT_USEUSERLAYOUT
#define VPUC_PASSES_IE_USE_USER_LAYOUT_USEUSERLAYOUT

include "mlir/Pass/PassBase.td"

def UseUserLayoutPass : Pass<"vpuc-ie-use-user-layout", "::mlir::ModuleOp"> {
  let summary = "Gives the network's inputs and outputs the layout the user exchanges";
  let description = [{
    `IE.CNNNetwork` describes each input and output of the network as the user sees it; the
    optional `layout` of its `IE.DataInfo` is the order of the dims in the user's buffer
    (absent: row-major, the default order). This pass makes the entry point's signature take
    and return those layouts while the body keeps computing in the order it has: for each
    input whose user layout differs from the order of the entry point's argument, the
    argument takes the user layout (the `affine_map` encoding of core/shape's layout
    convention; none for the default order) and an `IE.Reorder` at the start of the body
    brings it back to the order the body reads; for each such output, an `IE.Reorder` before
    every `func.return` gives the result the user layout, and the function result takes that
    type. Shapes and element types are kept, and so are the `IE.DataInfo` ops (they describe
    the user's side, which is now the signature). Inputs and outputs that already have the
    user layout are left alone; a module without `IE.CNNNetwork` is unchanged.

    ```mlir
    IE.CNNNetwork entryPoint : @main inputsInfo : {
      IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f32 layout affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    } outputsInfo : {
      IE.DataInfo "prob" : tensor<1x3x8x8xf32> precision f32
    }
    func.func @main(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
      %0 = IE.ReLU(%arg0) : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
      return %0 : tensor<1x3x8x8xf32>
    }
    // becomes
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    func.func @main(%arg0: tensor<1x3x8x8xf32, #NHWC>) -> tensor<1x3x8x8xf32> {
      %0 = IE.Reorder(%arg0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>}
             : tensor<1x3x8x8xf32, #NHWC> -> tensor<1x3x8x8xf32>
      %1 = IE.ReLU(%0) : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
      return %1 : tensor<1x3x8x8xf32>
    }
    ```

    Run it before `vpuc-ie-use-user-precision`: the reorders then move the network's own
    element type (`f16` after `vpuc-ie-convert-precision-to-fp16`), and the precision
    converts, which accept any layout, sit outside them.

    Errors: more than one `IE.CNNNetwork` in the module; an entry point without a body or
    referred to by another op than the `IE.CNNNetwork` (a caller would break); an argument or
    result whose type has an encoding that is not a layout (core/shape cannot read its
    order, or it has more than 8 dims). Nothing is changed when the pass fails.
  }];
  let dependentDialects = ["::mlir::vpuc::IE::IEDialect"];
}

#endif // VPUC_PASSES_IE_USE_USER_LAYOUT_USEUSERLAYOUT
