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

/// The type a constant is declared with: a tensor (levels 3 and up) or a
/// buffer (levels 2 and 1, where tasks read constants from memory).
def Const_DeclaredType : Type<
    Or<[AnyStaticShapeTensor.predicate, AnyStaticShapeMemRef.predicate]>,
    "statically shaped tensor or memref", "::mlir::ShapedType">;

def Const_DeclareOp : Const_Op<"Declare", [Pure, ConstantLike]> {
  let summary = "Declares a constant tensor or constant buffer";
  let description = [{
    Declares a constant whose value is a `#const.Content` attribute: a base
    constant plus the transformations applied to it when it is read. The
    declared type must equal the type of the content after all
    transformations.

    At the buffer levels (VPUIP, VPURT) the declared type may instead be the
    constant's buffer: a `memref` with the content's shape and element type,
    laid out compactly in the content's memory order (no layout for the
    identity order, the content's `affine_map` permutation otherwise) and
    without a memory space. The buffer is read-only; tasks read it directly
    and the blob writer places its content in the blob's constant section
    (see docs/runtime_dialects.md).

    Syntax: `const.Declare <result-type> = <#const.Content attribute>`.

    ```mlir
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    %0 = const.Declare tensor<1x16x3x3xf16, #NHWC> =
        #const.Content<dense<1.0> : tensor<16x3x3xf32>,
          [#const.Reshape<[1, 16, 3, 3]>, #const.ConvertElemType<f16>,
           #const.Reorder<#NHWC>]>
    ```

    ```mlir
    %1 = const.Declare memref<1x16x3x3xf16, #NHWC> =
        #const.Content<dense<1.0> : tensor<1x16x3x3xf16>, [#const.Reorder<#NHWC>]>
    ```

    The op folds to its content attribute (so constant CSE and folding work);
    canonicalisation simplifies the transformation list.
  }];
  let arguments = (ins Const_ContentAttr:$content);
  let results = (outs Const_DeclaredType:$output);
  let assemblyFormat = "type($output) `=` custom<Content>($content) attr-dict";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::vpuc::Const::ContentAttr":$content), [{
      build($_builder, $_state, content.getType(), content);
    }]>,
  ];
  let extraClassDeclaration = [{
    /// The buffer type of a constant whose content has type `contentType` (a
    /// ranked tensor type): the memref described above.
    static ::mlir::MemRefType getBufferType(::mlir::ShapedType contentType);
  }];
}

#endif // VPUC_DIALECTS_CONST_IR_CONSTOPS
