//===- ConstBase.td - The Const dialect definition ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The `const` dialect: constants with lazily applied transformations.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTBASE
#define VPUC_DIALECTS_CONST_IR_CONSTBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Const_Dialect : Dialect {
  let name = "const";
  let cppNamespace = "::mlir::vpuc::Const";
  let summary = "Constants with lazy constant folding";
  let description = [{
    The `const` dialect holds constant tensors (weights, biases, quantisation
    tables) as a base `ElementsAttr` plus an ordered list of transformations
    (`#const.ConvertElemType`, `#const.Reshape`, `#const.Reorder`,
    `#const.Transpose`,
    `#const.PadWithZero`, `#const.SubView`, `#const.Broadcast`,
    `#const.Rescale`, `#const.Add`, `#const.QuantCast`, `#const.Dequantize`).
    The transformations are applied only when the content is read (through the
    `Content` accessor), so large weights stay in one buffer however many
    times passes reshape, reorder or convert them.

    Layout convention: the memory order of a ranked tensor type is its
    `encoding` when that is an `AffineMapAttr` permutation (the results list
    the logical dimensions from the outermost to the innermost in memory);
    no encoding means the identity (row-major) order. A base buffer is read
    in the memory order of its type.
  }];
  let dependentDialects = ["::mlir::quant::QuantizationDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    /// Adds the attributes (defined in ConstAttributes.cpp, next to their
    /// storage classes).
    void registerAttributes();
  }];
}

/// Base class of the dialect's ops.
class Const_Op<string mnemonic, list<Trait> traits = []>
    : Op<Const_Dialect, mnemonic, traits>;

/// Base class of the dialect's attributes.
class Const_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Const_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // VPUC_DIALECTS_CONST_IR_CONSTBASE
