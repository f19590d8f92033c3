//===- DequantizeConstants.td - Constant dequantisation ----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares DequantizeConstantsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_DEQUANTIZE_CONSTANTS_DEQUANTIZECONSTANTS
#define VPUC_PASSES_IE_DEQUANTIZE_CONSTANTS_DEQUANTIZECONSTANTS

include "mlir/Pass/PassBase.td"

def DequantizeConstantsPass
    : Pass<"vpuc-ie-dequantize-constants", "::mlir::func::FuncOp"> {
  let summary = "Dequantizes quantized constants at compile time";
  let description = [{
    A QDQ model stores the weights and biases of its layers as integers with a
    `DequantizeLinear` in front of them, which the importer turns into an `IE.Dequantize` of a
    quantized `const.Declare` (`#const.QuantCast`). Where such a layer is not made a layer on
    quantized types (the low-precision pipeline runs before this pass), the dequantisation is
    computed once, at compile time: `IE.Dequantize(const.Declare)` becomes a float
    `const.Declare` whose content is the quantized one with `#const.Dequantize` (and
    `#const.ConvertElemType` when the result's float type is not the quantized type's expressed
    type) appended. A layer whose weights are a float constant may then run on the NCE, and no
    software kernel dequantizes the same weights at every inference.

    ```mlir
    %w = const.Declare tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> =
           #const.Content<dense<[1, 2, 3, 4]> : tensor<4xsi8>, [#const.QuantCast<...>]>
    %0 = IE.Dequantize(%w) {dstElemType = f16} : ... -> tensor<4xf16>
    // becomes
    %0 = const.Declare tensor<4xf16> = #const.Content<dense<[1, 2, 3, 4]> : tensor<4xsi8>,
           [#const.QuantCast<...>, #const.Dequantize, #const.ConvertElemType<f16>]>
    ```

    Dequantizes of other values are left as they are. The rewrite is also exported as
    `populateDequantizeConstantsPatterns`.
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_DEQUANTIZE_CONSTANTS_DEQUANTIZECONSTANTS
