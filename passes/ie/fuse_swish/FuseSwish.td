//===- FuseSwish.td - vpuc-ie-fuse-swish pass ---------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FuseSwishPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_SWISH_FUSESWISH
#define VPUC_PASSES_IE_FUSE_SWISH_FUSESWISH

include "mlir/Pass/PassBase.td"

def FuseSwishPass : Pass<"vpuc-ie-fuse-swish", "::mlir::func::FuncOp"> {
  let summary = "Fuses x * sigmoid(x) into IE.Swish and the hard swish's spellings into IE.HSwish";
  let description = [{
    Exporters spell the SiLU of EfficientNet-, RegNet- and YOLO-style networks (and older
    exports of MobileNetV3's hard swish) as two ONNX nodes, a sigmoid and a product with the
    sigmoid's own input. Unfused, that is two layers: a software sigmoid and an element-wise
    product: the activation is read or written five times (the sigmoid reads `x` and writes
    its result, the product reads both and writes its own) where one `IE.Swish` kernel reads
    `x` once and writes once. This pass rewrites:

    * `Multiply(x, Sigmoid(x))` into `Swish(x)`;
    * `Multiply(x, Sigmoid(Multiply(x, b)))`, `b` a constant with one value (a splat
      `const.Declare` of any broadcastable shape), into `Swish(x) {beta_value = b}`
      (no attribute for `b == 1`);
    * `Multiply(x, HSigmoid(x))` into `HSwish(x)`;
    * `Divide(Clamp(Add(x, 3), 0, 6), 6)` into `HSigmoid(x)` and
      `Divide(Multiply(x, Clamp(Add(x, 3), 0, 6)), 6)` into `HSwish(x)`: the hard sigmoid and
      hard swish as Paddle and older PyTorch exports spell them (`x * relu6(x + 3) / 6`), four
      software layers where one kernel does. The division may be a product with a splat
      within 2^-11 of 1/6 (relatively; 1/6 rounded to f16 or a wider float); the `Add`'s 3 is
      a splat constant; the `Clamp` is exactly [0, 6]; the `Add` has no post-op. With the
      first rule, `x * (relu6(x + 3) / 6)` becomes `x * HSigmoid(x)` and then `HSwish(x)`.

    with either operand order of each `Multiply` and `Add`. A product is fused when its element type is
    a float type, it has no post-op, it does not broadcast (its result type is `x`'s) and the
    ops between `x` and it have no other user (an intermediate used elsewhere would have to be
    computed anyway, and then the fusion saves nothing). The fused op takes the location of the
    product, whose result it replaces.

    The fused kernel rounds once where the pair rounds twice (the sigmoid's result to the
    element type, then the product), so in `f16` the result differs from the unfused one by up
    to one unit in the last place and is closer to the exact value; the hard forms round once
    where their spellings round four times. The pass never fails.

    ```mlir
    %0 = IE.Sigmoid(%x) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
    %1 = IE.Multiply(%x, %0) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
    // becomes
    %1 = IE.Swish(%x) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_FUSE_SWISH_FUSESWISH
