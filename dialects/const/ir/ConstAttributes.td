//===- ConstAttributes.td - Const dialect attributes -------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `#const.Content` and the transformation attributes it lists.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTATTRIBUTES
#define VPUC_DIALECTS_CONST_IR_CONSTATTRIBUTES

include "dialects/const/ir/ConstBase.td"
include "dialects/const/ir/ConstInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

/// A finite `double`, printed so that it parses back to the same value.
def Const_DoubleParameter : APFloatParameter<"a finite double"> {
  let parser = [{ [&]() -> ::mlir::FailureOr<::llvm::APFloat> {
      double value = 0.0;
      if ($_parser.parseFloat(value)) {
        return ::mlir::failure();
      }
      return ::llvm::APFloat(value);
    }() }];
  let printer = [{ $_printer.printFloat($_self) }];
}

/// A transformation attribute.
class Const_Transformation<string name, string attrMnemonic>
    : Const_Attr<name, attrMnemonic, [
        DeclareAttrInterfaceMethods<Const_TransformationAttrInterface>]>;

//===----------------------------------------------------------------------===//
// ContentAttr
//===----------------------------------------------------------------------===//

def Const_ContentAttr : Const_Attr<"Content", "Content", [TypedAttrInterface]> {
  let summary = "A base constant plus a list of lazily applied transformations";
  let description = [{
    Syntax: `#const.Content<base-elements-attr [, [transformation, ...]]>`.

    `base` is a `DenseElementsAttr` (splat or not) or a
    `DenseResourceElementsAttr` of a statically shaped ranked tensor type
    whose element type is a signless/signed/unsigned integer of width 1, 8,
    16, 32 or 64, or `f16`, `bf16`, `f32`, `f64`, and whose encoding is
    absent or an affine permutation (the memory order). The transformations
    are applied in order; the attribute's type is the type inferred by the
    last of them. The transformation list is omitted when empty.

    ```mlir
    #const.Content<dense<1.0> : tensor<16x3x3xf32>,
        [#const.Reshape<[1, 16, 3, 3]>, #const.ConvertElemType<f16>]>
    ```
  }];
  let parameters = (ins "::mlir::ElementsAttr":$baseContent,
                        "::mlir::ArrayAttr":$transformations,
                        "::mlir::ShapedType":$finalType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilderWithInferredContext<(ins "::mlir::ElementsAttr":$baseContent,
        CArg<"::llvm::ArrayRef<::mlir::vpuc::Const::TransformationAttrInterface>",
             "{}">:$transformations)>,
  ];
  let extraClassDeclaration = [{
    /// The type of the content after all transformations.
    ::mlir::ShapedType getType() const { return getFinalType(); }

    /// The transformations, in the order they apply.
    ::llvm::SmallVector<::mlir::vpuc::Const::TransformationAttrInterface>
    getTransformationList() const;

    /// Applies the transformations and returns the content. The
    /// transformations run in the order of `getFoldPlan()`.
    ::mlir::vpuc::Const::Content fold() const;

    /// The transformations in the order `fold()` applies them: the list with
    /// every SubView moved towards the base across the transformations it
    /// commutes with (rewritten for the smaller input), so that folding a
    /// slice reads, converts and moves only the elements of that slice. The
    /// plan gives the same bytes and type as the list in its own order.
    ::llvm::SmallVector<::mlir::vpuc::Const::TransformationAttrInterface>
    getFoldPlan() const;

    /// Returns this content with `transformation` appended; the
    /// transformation must apply to the current type.
    ContentAttr transform(
        ::mlir::vpuc::Const::TransformationAttrInterface transformation) const;

    /// Convenience builders for the common transformations.
    ContentAttr convertElemType(::mlir::Type elemType) const;
    ContentAttr reshape(::llvm::ArrayRef<int64_t> shape) const;
    ContentAttr reorder(::mlir::AffineMap order) const;
    ContentAttr transpose(::llvm::ArrayRef<int64_t> perm) const;
    ContentAttr padWithZero(::llvm::ArrayRef<int64_t> padBefore,
                            ::llvm::ArrayRef<int64_t> padAfter) const;
    ContentAttr subview(::llvm::ArrayRef<int64_t> offset,
                        ::llvm::ArrayRef<int64_t> shape) const;
    ContentAttr broadcast(int64_t axis, int64_t value) const;
    ContentAttr rescale(double scale) const;
    ContentAttr add(double bias) const;
    ContentAttr quantCast(::mlir::Type elemType) const;
    ContentAttr dequantize() const;

    /// Returns an equivalent content whose transformation list is simplified
    /// (merged/removed transformations); `*this` when nothing changes.
    ContentAttr simplify() const;
  }];
}

//===----------------------------------------------------------------------===//
// Transformations
//===----------------------------------------------------------------------===//

def Const_ConvertElemTypeAttr
    : Const_Transformation<"ConvertElemType", "ConvertElemType"> {
  let summary = "Converts the element type";
  let description = [{
    `#const.ConvertElemType<type>` converts every element to `type`. Both
    types are non-quantized integers (width 1, 8, 16, 32, 64) or floats
    (`f16`, `bf16`, `f32`, `f64`). Float to float rounds to nearest, ties to
    even. Float to integer rounds to nearest, ties to even, and saturates to
    the range of the target type (NaN becomes 0). Integer to integer
    saturates to the target range; `i1` is `x != 0`. Quantized types are
    handled by `#const.QuantCast` and `#const.Dequantize`.
  }];
  let parameters = (ins "::mlir::Type":$elemType);
  let assemblyFormat = "`<` $elemType `>`";
  let genVerifyDecl = 1;
}

def Const_ReshapeAttr : Const_Transformation<"Reshape", "Reshape"> {
  let summary = "Changes the shape, keeping the element count";
  let description = [{
    `#const.Reshape<[d0, d1, ...]>` gives the content a new static shape
    with the same number of elements. The input must be in identity memory
    order; the result has no encoding. A per-axis quantized type keeps its
    scales on the dimension of the new shape that holds the quantized one
    whole after as many elements (`[M, K]` to `[M, K, 1, 1]`: axis 0); a
    reshape that splits or merges it is an error.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape);
  let assemblyFormat = "`<` `[` $shape `]` `>`";
  let genVerifyDecl = 1;
}

def Const_ReorderAttr : Const_Transformation<"Reorder", "Reorder"> {
  let summary = "Changes the memory order";
  let description = [{
    `#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>` keeps
    the logical shape, sets the result encoding to the given permutation
    (dropped when it is the identity) and permutes the stored data into that
    memory order.
  }];
  let parameters = (ins "::mlir::AffineMapAttr":$order);
  let assemblyFormat = "`<` $order `>`";
  let genVerifyDecl = 1;
}

def Const_TransposeAttr : Const_Transformation<"Transpose", "Transpose"> {
  let summary = "Permutes the logical dimensions";
  let description = [{
    `#const.Transpose<[p0, p1, ...]>` makes logical dimension `i` of the
    result the input's logical dimension `p[i]` (the `IE.Transpose`
    convention); `p` is a permutation of the input's dimensions. Unlike
    `#const.Reorder`, which keeps the logical tensor and changes only the
    memory order, this changes the logical tensor. The input may be in any
    memory order; the result has no encoding (identity order). The quantized
    dimension of a per-axis type moves with its dimension.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$perm);
  let assemblyFormat = "`<` `[` $perm `]` `>`";
  let genVerifyDecl = 1;
}

def Const_PadWithZeroAttr : Const_Transformation<"PadWithZero", "PadWithZero"> {
  let summary = "Pads every dimension with zeros";
  let description = [{
    `#const.PadWithZero<[before...], [after...]>` adds `before[i]` and
    `after[i]` zero elements around logical dimension `i`. For quantized
    element types the padding value is the zero point (the zero point of the
    channel for per-axis types). Padding the quantized dimension of a per-axis
    type adds channels with the scale and zero point of the nearest existing
    channel (the first before, the last after), filled with that zero point, so
    that per-channel relations between tensors (a bias scale equal to input
    scale x filter scale) hold for the new channels too.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$padBefore,
                        ArrayRefParameter<"int64_t">:$padAfter);
  let assemblyFormat = "`<` `[` $padBefore `]` `,` `[` $padAfter `]` `>`";
  let genVerifyDecl = 1;
}

def Const_SubViewAttr : Const_Transformation<"SubView", "SubView"> {
  let summary = "Extracts a static slice";
  let description = [{
    `#const.SubView<[offset...], [shape...]>` keeps the elements in
    `[offset[i], offset[i] + shape[i])` of every logical dimension `i`. A
    slice of the quantized dimension of a per-axis type keeps the matching
    scales and zero points.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$offset,
                        ArrayRefParameter<"int64_t">:$shape);
  let assemblyFormat = "`<` `[` $offset `]` `,` `[` $shape `]` `>`";
  let genVerifyDecl = 1;
}

def Const_BroadcastAttr : Const_Transformation<"Broadcast", "Broadcast"> {
  let summary = "Expands a dimension of size 1";
  let description = [{
    `#const.Broadcast<axis, value>` repeats the content along logical
    dimension `axis`, which must have size 1, to size `value`.
  }];
  let parameters = (ins "int64_t":$axis, "int64_t":$value);
  let assemblyFormat = "`<` $axis `,` $value `>`";
  let genVerifyDecl = 1;
}

def Const_RescaleAttr : Const_Transformation<"Rescale", "Rescale"> {
  let summary = "Multiplies float elements by a scale";
  let description = [{
    `#const.Rescale<2.5>` multiplies every element of a float type by the
    (finite) scale, computing in double and rounding to the element type.
  }];
  let parameters = (ins Const_DoubleParameter:$scale);
  let assemblyFormat = "`<` $scale `>`";
  let builders = [
    AttrBuilder<(ins "double":$scale), [{
      return $_get($_ctxt, ::llvm::APFloat(scale));
    }]>,
  ];
  let extraClassDeclaration = [{
    /// The scale as a double.
    double getScaleValue() const { return getScale().convertToDouble(); }
  }];
  let genVerifyDecl = 1;
}

def Const_AddAttr : Const_Transformation<"Add", "Add"> {
  let summary = "Adds a bias to float elements";
  let description = [{
    `#const.Add<1.5>` adds the (finite) bias to every element of a float
    type, computing in double and rounding to the element type.
  }];
  let parameters = (ins Const_DoubleParameter:$bias);
  let assemblyFormat = "`<` $bias `>`";
  let builders = [
    AttrBuilder<(ins "double":$bias), [{
      return $_get($_ctxt, ::llvm::APFloat(bias));
    }]>,
  ];
  let extraClassDeclaration = [{
    /// The bias as a double.
    double getBiasValue() const { return getBias().convertToDouble(); }
  }];
  let genVerifyDecl = 1;
}

def Const_QuantCastAttr : Const_Transformation<"QuantCast", "QuantCast"> {
  let summary = "Reinterprets integer storage as quantized values and back";
  let description = [{
    `#const.QuantCast<type>` changes the element type without touching the
    stored data: from an integer type to a `!quant.uniform` type with that
    storage type, from a quantized type to its storage type, or between
    quantized types with the same storage type.
  }];
  let parameters = (ins "::mlir::Type":$elemType);
  let assemblyFormat = "`<` $elemType `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Returns true if a QuantCast from element type `from` to `to` is valid
    /// (ignoring the shape).
    static bool isValidCast(::mlir::Type from, ::mlir::Type to);
  }];
}

def Const_DequantizeAttr : Const_Transformation<"Dequantize", "Dequantize"> {
  let summary = "Dequantizes uniform quantized elements";
  let description = [{
    `#const.Dequantize` maps every element `q` of a `!quant.uniform` type
    (per-tensor or per-axis) to `(q - zeroPoint) * scale`. The result element
    type is the expressed type of the quantized type (for example `f32` for
    `!quant.uniform<i8:f32, 0.5:10>`).
  }];
}

#endif // VPUC_DIALECTS_CONST_IR_CONSTATTRIBUTES
