//===- UseUserPrecision.td - vpuc-ie-use-user-precision ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares UseUserPrecisionPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_USE_USER_PRECISION_USEUSERPRECISION
#define VPUC_PASSES_IE_USE_USER_PRECISION_USEUSERPRECISION

include "mlir/Pass/PassBase.td"

def UseUserPrecisionPass : Pass<"vpuc-ie-use-user-precision", "::mlir::ModuleOp"> {
  let summary = "Gives the network's inputs and outputs the precision the user exchanges";
  let description = [{
    `IE.CNNNetwork` describes each input and output of the network as the user sees it; its
    `IE.DataInfo` `precision` is the element type of the user's buffer. This pass makes the
    entry point's signature take and return those precisions: for each input whose
    precision differs from the element type of the entry point's argument, the argument gets
    the user precision and an `IE.Convert` at the start of the body converts it to the
    element type the network computes in; for each such output, an `IE.Convert` before every
    `func.return` converts the result to the user precision, and the function result takes
    that type. Shapes and layout encodings are kept, and so are the `IE.DataInfo` ops (they
    describe the user's side, which is now the signature). Inputs and outputs that already
    have the user precision are left alone; a module without `IE.CNNNetwork` is unchanged.

    ```mlir
    IE.CNNNetwork entryPoint : @main inputsInfo : {
      IE.DataInfo "data" : tensor<1x8xf32> precision ui8
    } outputsInfo : {
      IE.DataInfo "prob" : tensor<1x8xf32> precision f16
    }
    func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
      %0 = IE.SoftMax(%arg0) {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
      return %0 : tensor<1x8xf32>
    }
    // becomes
    func.func @main(%arg0: tensor<1x8xui8>) -> tensor<1x8xf16> {
      %0 = IE.Convert(%arg0) {dstElemType = f32} : tensor<1x8xui8> -> tensor<1x8xf32>
      %1 = IE.SoftMax(%0) {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
      %2 = IE.Convert(%1) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
      return %2 : tensor<1x8xf16>
    }
    ```

    Run it before `vpuc-ie-convert-precision-to-fp16`, so that an `f16` user precision
    meets the `f16` network without a round trip through `f32` (the two converts then fold
    away).

    Errors: more than one `IE.CNNNetwork` in the module; an entry point without a body or
    referred to by another op than the `IE.CNNNetwork` (a caller would break); a user
    precision or a network element type that `IE.Convert` does not support (it converts
    `f16`, `bf16`, `f32`, `f64` and integer tensors). Nothing is changed when the pass fails.
  }];
  let dependentDialects = ["::mlir::vpuc::IE::IEDialect"];
}

#endif // VPUC_PASSES_IE_USE_USER_PRECISION_USEUSERPRECISION
