//===- ConvertPrecisionToFP16.td - f32 to f16 pass ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertPrecisionToFP16Pass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_PRECISION_TO_FP16_CONVERTPRECISIONTOFP16
#define VPUC_PASSES_IE_CONVERT_PRECISION_TO_FP16_CONVERTPRECISIONTOFP16

include "mlir/Pass/PassBase.td"

def ConvertPrecisionToFP16Pass
    : Pass<"vpuc-ie-convert-precision-to-fp16", "::mlir::ModuleOp"> {
  let summary = "Computes the network in f16 instead of f32 (and f64)";
  let description = [{
    Converts every `f32` (and `f64`) tensor the network computes on to `f16`, for targets
    whose kernels compute in half precision:

    * IE ops get `f16` operands and results; type attributes that name `f32` (the
      `dstElemType` of `IE.Convert`) name `f16`;
    * `const.Declare` of `f32` gets a `#const.ConvertElemType<f16>` transformation (the
      conversion happens lazily, when the content is read);
    * private functions get `f16` in their signatures, and calls to them follow.

    The signatures of public functions and of the network entry point (named by
    `IE.CNNNetwork`) are interfaces and do not change: their `f32` arguments and results are
    converted by `IE.Convert` ops at the boundary, and the `IE.DataInfo` ops are untouched,
    so the user still exchanges `f32` data (use `vpuc-ie-use-user-precision` first to give the
    network the user's precisions). Ops of other dialects keep their types and get
    `IE.Convert` ops around them where they meet converted values. Integer, boolean and
    `bf16` tensors are not changed.

    `f64` tensors are computed in `f16` like `f32` ones: a VPU has no f64 arithmetic, and
    the software kernels compute in f32 at most. An `f64` network input or output stays
    `f64` (the blob's F64 storage type), converted at the boundary like an `f32` one, so a
    model of `f64` layers runs with the precision of an `f32` model computed in `f16`.

    A QDQ network keeps `f32` where it computes in float between quantized tensors: an
    `IE.Quantize` of a function argument (it quantizes the caller's values, not their `f16`
    rounding), and the float layers between dequantizes and quantizes (each tensor operand
    from an `IE.Dequantize`, a constant or another such layer, each user an `IE.Quantize` or
    another such layer; e.g. a residual `IE.Add`), with the dequantizes, constants and
    quantizes around them. A quantize rounds to the next step wherever an `f16` result
    differs from the `f32` one, and the steps move values through the rest of the network.

    Values beyond the `f16` range become infinities, and precision drops to 11 significant
    bits; that is the point of the pass, not an error. It applies to f32 tensors holding
    integer values too (a float `IE.Gather` index, an input converted to an integer type):
    integers above 2048 in magnitude may round.

    ```mlir
    func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
      %cst = const.Declare tensor<1x8xf32> = #const.Content<dense<1.0> : tensor<1x8xf32>>
      %0 = IE.Add(%arg0, %cst) : tensor<1x8xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
      return %0 : tensor<1x8xf32>
    }
    // becomes
    func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
      %cst = const.Declare tensor<1x8xf16> =
          #const.Content<dense<1.0> : tensor<1x8xf32>, [#const.ConvertElemType<f16>]>
      %0 = IE.Convert(%arg0) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
      %1 = IE.Add(%0, %cst) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
      %2 = IE.Convert(%1) {dstElemType = f32} : tensor<1x8xf16> -> tensor<1x8xf32>
      return %2 : tensor<1x8xf32>
    }
    ```

    The pass is a dialect conversion: a type converter (`f32` tensors to `f16` tensors)
    with `IE.Convert` as its materialisation, one generic pattern for IE ops, one for
    `const.Declare` and MLIR's function signature, call and return patterns.
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_PRECISION_TO_FP16_CONVERTPRECISIONTOFP16
