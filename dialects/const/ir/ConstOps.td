//===- ConstOps.td - Const dialect operations --------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `const.Declare`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTOPS
#define VPUC_DIALECTS_CONST_IR_CONSTOPS

include "dialects/const/ir/ConstAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Const_DeclareOp : Const_Op<"Declare", [Pure, ConstantLike]> {
  let summary = "Declares a constant tensor";
  let description = [{
    Declares a constant whose value is a `#const.Content` attribute: a base
    constant plus the transformations applied to it when it is read. The
    declared type must equal the type of the content after all
    transformations.

    Syntax: `const.Declare <result-type> = <#const.Content attribute>`.

    ```mlir
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    %0 = const.Declare tensor<1x16x3x3xf16, #NHWC> =
        #const.Content<dense<1.0> : tensor<16x3x3xf32>,
          [#const.Reshape<[1, 16, 3, 3]>, #const.ConvertElemType<f16>,
           #const.Reorder<#NHWC>]>
    ```

    The op folds to its content attribute (so constant CSE and folding work);
    canonicalisation simplifies the transformation list.
  }];
  let arguments = (ins Const_ContentAttr:$content);
  let results = (outs AnyStaticShapeTensor:$output);
  let assemblyFormat = "type($output) `=` custom<Content>($content) attr-dict";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::vpuc::Const::ContentAttr":$content), [{
      build($_builder, $_state, content.getType(), content);
    }]>,
  ];
}

#endif // VPUC_DIALECTS_CONST_IR_CONSTOPS
