//===- FuseLayerNorm.td - vpuc-ie-fuse-layer-norm pass ------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FuseLayerNormPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_LAYER_NORM_FUSELAYERNORM
#define VPUC_PASSES_IE_FUSE_LAYER_NORM_FUSELAYERNORM

include "mlir/Pass/PassBase.td"

def FuseLayerNormPass : Pass<"vpuc-ie-fuse-layer-norm", "::mlir::func::FuncOp"> {
  let summary = "Fuses a layer normalisation spelled as reductions and element-wise ops into one layer";
  let description = [{
    Exporters before ONNX opset 17 (PyTorch's `nn.LayerNorm` among them) spell a layer
    normalisation as seven to nine nodes:

    ```
    m = ReduceMean(x, axes, keep_dims)    d = Sub(x, m)          p = Pow(d, 2)
    v = ReduceMean(p, axes, keep_dims)    e = Add(v, eps)        s = Sqrt(e)
    y = Div(d, s)                         [z = Mul(y, scale)]    [w = Add(z, bias)]
    ```

    Unfused, that is seven software layers or more, each a round trip of an activation-sized
    tensor through memory and a rounding of it to the element type. This pass rewrites the
    chain into one `IE.LayerNormalization(x, scale[, bias]) {axis, epsilon}`, or into
    `IE.MVN(x) {axes, normalize_variance, eps, eps_mode = inside_sqrt}` when no product
    follows it. It matches when:

    * both reductions are means over the same axes, kept as dims of 1, and the axes are the
      trailing dims `[axis, rank)` of `x` (negative axes count from the end);
    * the square is `Pow(d, c)` with a splat constant `c` of 2, or `Mul(d, d)`;
    * `eps` is a splat constant >= 0 (either operand order of the `Add`);
    * the difference has `x`'s type and the quotient `d`'s (only the statistics broadcast), the
      element type is a float type, no op of the chain has a post-op, and every intermediate
      is used only within the chain (an intermediate used elsewhere would be computed anyway);
    * for the scale and the bias: the product (or sum) has the quotient's type, and the other
      operand has the element type and broadcasts to the normalised dims `x.shape[axis:]`
      (either operand order). A product that does not is left as it is, after an `IE.MVN`.

    The fused layer takes the location of the last op it replaces. It computes the statistics
    in `f32` and rounds once, where the chain rounds every intermediate to the element type,
    so in `f16` its result is closer to the exact one. The pass never fails.

    ```mlir
    %m = IE.ReduceMean(%x) {axes = array<i64: -1>, keep_dims} : tensor<1x64x256xf32> -> tensor<1x64x1xf32>
    %d = IE.Subtract(%x, %m) : tensor<1x64x256xf32>, tensor<1x64x1xf32> -> tensor<1x64x256xf32>
    ...
    %y = IE.Divide(%d, %s) : tensor<1x64x256xf32>, tensor<1x64x1xf32> -> tensor<1x64x256xf32>
    %z = IE.Multiply(%y, %gamma) : tensor<1x64x256xf32>, tensor<256xf32> -> tensor<1x64x256xf32>
    %w = IE.Add(%z, %beta) : tensor<1x64x256xf32>, tensor<256xf32> -> tensor<1x64x256xf32>
    // becomes
    %w = IE.LayerNormalization(%x, %gamma, %beta) {axis = 2 : i64, epsilon = 9.9999997473787516E-6 : f64}
           : tensor<1x64x256xf32>, tensor<256xf32>, tensor<256xf32> -> tensor<1x64x256xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_FUSE_LAYER_NORM_FUSELAYERNORM
