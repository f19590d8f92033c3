//===- ConstInterfaces.td - Const transformation interface -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The interface every `#const.*` transformation attribute implements.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTINTERFACES
#define VPUC_DIALECTS_CONST_IR_CONSTINTERFACES

include "mlir/IR/OpBase.td"

def Const_TransformationAttrInterface
    : AttrInterface<"TransformationAttrInterface"> {
  let cppNamespace = "::mlir::vpuc::Const";
  let description = [{
    A transformation of constant content. `inferOutputType` verifies that the
    transformation applies to a given input type (emitting a diagnostic
    through `emitError` when it does not) and returns the output type;
    `transform` applies it to content of that input type, producing content
    of the inferred output type. `transform` is only called on inputs that
    `inferOutputType` accepted, so it cannot fail.
  }];
  let methods = [
    InterfaceMethod<
      "Verifies `input` and returns the type of the transformed content.",
      "::mlir::FailureOr<::mlir::ShapedType>", "inferOutputType",
      (ins "::mlir::ShapedType":$input,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
    InterfaceMethod<
      "Applies the transformation to `input` (which it may move from); "
      "`outputType` is the inferred output type.",
      "::mlir::vpuc::Const::Content", "transform",
      (ins "::mlir::vpuc::Const::Content &":$input,
           "::mlir::ShapedType":$outputType)>,
  ];
}

#endif // VPUC_DIALECTS_CONST_IR_CONSTINTERFACES
