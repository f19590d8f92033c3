//===- ConvertFCToConv.td - FullyConnected to conv ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertFCToConvPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV
#define VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV

include "mlir/Pass/PassBase.td"

def ConvertFCToConvPass : Pass<"vpuc-ie-convert-fc-to-conv", "::mlir::func::FuncOp"> {
  let summary = "Rewrites fully connected layers as 1x1 convolutions the NCE runs";
  let description = [{
    The NCE has no matrix product, but a fully connected layer is a 1x1 convolution:
    `IE.FullyConnected(x [N, K], w [O, K], b)` computes what

    ```
    IE.Reshape(IE.Convolution(IE.Reshape(x) [N, K, 1, 1], w' [O, K, 1, 1], b') [N, O, 1, 1]) [N, O]
    ```

    computes, with unit strides and dilations and no padding. The weights become `[O, K, 1, 1]`
    (a reshaped `const.Declare`, or an `IE.Reshape` of other weights) and a bias `[1, O]` becomes
    `[1, O, 1, 1]` (a bias `[O]` is kept).

    `IE.MatMul(x, w)` with a constant 2-D `w` and no `transpose_a` is handled the same way
    when `vpuc-ie-fuse-layers{matmul-to-fc}` has not made it a fully connected layer: the
    rows of `x` (`[..., M, K]`, static, rank >= 2, all but the last dim flattened into
    `N`) are multiplied by the constant weights, transposed to `[O, K]` in the constant
    unless `transpose_b` is set, and the `[N, O]` product is reshaped to the MatMul's
    result.

    The NCE takes one image, so with `N > 1` rows the rows become the convolution's pixels
    instead of its batch: `x` is transposed to `[K, N]` and reshaped to `[1, K, H, W]` with
    `H * W = N` as square as `N` allows (`W` the largest divisor of `N` not above its square
    root: the DPUs compute blocks of rows and columns, and a one-column image would leave most
    of the MAC array idle), and the `[1, O, H, W]` result is reshaped to `[O, N]` and
    transposed back. In NHWC, which the layout assignment gives the convolution, `[1, K, H, W]`
    has the memory order of `[N, K]`, so the data movement around it stays small next to the
    product.

    The rewrite is made only where the NCE accepts the convolution (the
    `VPU::NCELegalityOpInterface` of `IE.Convolution`, asked about its description before
    anything is built), without its layout and channel alignment checks (the layout
    assignment and the channel expansion come later). The activations must have no
    layout encoding (an `IE.Reshape` takes none). The new ops take the location of the op
    they replace; the pass never fails. The rewrites are also exported as
    `populateConvertFCToConvPatterns`.
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each fully connected layer or MatMul with constant weights "
           "that the pass leaves, with the reasons">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV
