//===- FoldConstants.td - vpuc-const-fold pass -------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FoldConstantsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_TRANSFORMS_FOLD_CONSTANTS_FOLDCONSTANTS
#define VPUC_DIALECTS_CONST_TRANSFORMS_FOLD_CONSTANTS_FOLDCONSTANTS

include "mlir/Pass/PassBase.td"

def FoldConstantsPass : Pass<"vpuc-const-fold"> {
  let summary = "Materialises the transformations of every const.Declare";
  let description = [{
    Applies the transformation list of every `const.Declare` and stores the
    result as a new base, leaving an empty list (or only a
    `#const.QuantCast` to the quantized type, since builtin elements
    attributes cannot hold quantized elements). The new base has the final
    shape, memory order (encoding) and storage element type; its data is in
    that memory order. Splats and content of at most
    `resource-threshold-bytes` bytes become a `dense` attribute, larger
    content a `dense_resource` blob.

    ```mlir
    %0 = const.Declare tensor<2xf16> =
        #const.Content<dense<[1.0, 2.0]> : tensor<2xf32>,
          [#const.ConvertElemType<f16>, #const.Rescale<2.0>]>
    // becomes
    %0 = const.Declare tensor<2xf16> =
        #const.Content<dense<[2.0, 4.0]> : tensor<2xf16>>
    ```
  }];
  let options = [
    Option<"resourceThresholdBytes", "resource-threshold-bytes", "int64_t",
           /*default=*/"1048576",
           "Content larger than this (in bytes) becomes a dense_resource blob">,
  ];
  let dependentDialects = ["::mlir::vpuc::Const::ConstDialect"];
}

#endif // VPUC_DIALECTS_CONST_TRANSFORMS_FOLD_CONSTANTS_FOLDCONSTANTS
